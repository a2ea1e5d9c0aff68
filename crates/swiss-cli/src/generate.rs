//! `swiss generate`: the random tournament generator (C.04.A RTG).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Args;
use rayon::prelude::*;
use swiss_core::limits::{MAX_POINT_VALUE, MAX_ROUNDS, MAX_START_NO};
use swiss_core::simulate::{SimulationConfig, simulate};
use swiss_core::{PointSystem, Points, Tournament, trf};
use swiss_systems::OptionName;

use crate::input::{EXIT_INVALID, EXIT_NO_PAIRING, EXIT_USAGE, Failure};
use crate::output::{emit, json};
use crate::rtg::{Asked, fresh_seed};

#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub system: crate::systems::SystemArgs,
    /// Players per tournament (default: the `--config` file's, else as
    /// many as `--ratings-file` lists, else random, 16 to 100).
    #[arg(long)]
    pub players: Option<u32>,
    /// Rounds per tournament (default: the `--config` file's, else random,
    /// 5 to 9, at most half the players).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// Number of tournaments.
    #[arg(long, default_value_t = 1)]
    pub count: u32,
    /// Seed of the first tournament (tournament i uses seed + i): the same
    /// seed gives the same files, byte for byte. Default: a new seed each
    /// run; every file records its own.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Output directory (created if missing).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Also write each tournament as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write TRF-2026 (records 142, 162, 250, 260...) instead of TRF16
    /// with the established engines' extension lines.
    #[arg(long)]
    pub trf26: bool,
    /// The generator's settings as JSON: `players`, `rounds`, `seed`, the
    /// rates (`draw_rate`, `forfeit_rate`, `half_bye_rate`, `absence_rate`,
    /// `withdrawal_rate`, `late_entry_rate`), `point_system`, the quotas
    /// (`full_byes`, `half_byes`, `zero_byes`, `forfeits`, `odd_results`,
    /// as the flags write them: `"5%@2-7"`), `baku`, `tiebreaks`,
    /// `ratings`, `rating_spacing`, `ratings_file`. Each flag overrides its
    /// field; what neither gives is the system's default (the rates) or
    /// random (the rest).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Probability of a draw between equal players, less as the rating
    /// gap grows (default: random, 0.10 to 0.50). The results are drawn
    /// from the expected scores of the FIDE rating table (B.02 8.1(b)).
    #[arg(long)]
    pub draw_rate: Option<f64>,
    /// Probability that a game is forfeited (instead of `--forfeits`).
    #[arg(long)]
    pub forfeit_rate: Option<f64>,
    /// Probability that a player takes a half-point bye in a round
    /// (instead of `--half-byes`).
    #[arg(long)]
    pub half_bye_rate: Option<f64>,
    /// Requested full-point byes (`F`) per round: `N` players or `P%` of
    /// those present, optionally in rounds `@FIRST-LAST` only (`1@3-5`).
    /// Default: random, up to 2%.
    #[arg(long, value_name = "N|P%[@FIRST-LAST]")]
    pub full_byes: Option<String>,
    /// Requested half-point byes (`H`) per round, as `--full-byes`
    /// (`5%@2-7`). Default: random, up to 5%.
    #[arg(long, value_name = "N|P%[@FIRST-LAST]")]
    pub half_byes: Option<String>,
    /// Requested zero-point byes (`Z`) per round, as `--full-byes`; they
    /// replace the random absences. Default: random, up to 3%.
    #[arg(long, value_name = "N|P%[@FIRST-LAST]")]
    pub zero_byes: Option<String>,
    /// Forfeited games (`+` against `-`) per round: `N` games or `P%` of
    /// the round's games, optionally `@FIRST-LAST`. Default: random, up
    /// to 3%.
    #[arg(long, value_name = "N|P%[@FIRST-LAST]")]
    pub forfeits: Option<String>,
    /// Games per round with an unusual result: ½-0, 0-½ or 0-0 (`=`
    /// against `0`, `0` against `0`), as `--forfeits`. Default: random, up
    /// to 2%.
    #[arg(long, value_name = "N|P%[@FIRST-LAST]")]
    pub odd_results: Option<String>,
    /// C.07 tie-breaks after points (`BH/C1,SB,DE`), written to TRF-2026
    /// records 202 and 212 with each player's final rank (columns 86-89),
    /// as `swiss standings` ranks the file. Default: one of a few usual
    /// lists, at random (TCEC: none, it ranks by its own rules; team: the
    /// C.07 team list of FIDE's TRF-2026 team sample, the ranks in the
    /// `310` records).
    #[arg(long, value_name = "LIST")]
    pub tiebreaks: Option<String>,
    /// Ratings from HIGH down to LOW (`2600-1400`): evenly spread, or
    /// `--rating-spacing` apart and never below LOW. Default: random,
    /// 1200 to 2799.
    #[arg(long, value_name = "HIGH-LOW")]
    pub ratings: Option<String>,
    /// With `--ratings`: rating points between consecutive players.
    #[arg(long, value_name = "POINTS")]
    pub rating_spacing: Option<u16>,
    /// Ratings from a file, one a line (`#` starts a comment): the first
    /// `--players` of them (all when `--players` is not given), the
    /// highest rated first.
    #[arg(long, value_name = "FILE")]
    pub ratings_file: Option<PathBuf>,
    /// Points for a win, draw, loss (e.g. `3,1,0`); byes follow the win.
    #[arg(long, value_parser = parse_points)]
    pub points: Option<PointSystem>,
    /// `--system team`: boards per match (`--players` counts teams).
    #[arg(long, default_value_t = 4)]
    pub boards: u32,
    /// `--system team`: the most reserves a team has.
    #[arg(long, default_value_t = 0)]
    pub reserves: u32,
    /// `--system team`: colour preferences (C.04.6 1.7).
    #[arg(long, value_parser = ["A", "B", "none"], default_value = "A")]
    pub colour_type: String,
    /// `--system team`: the primary score, match or game points (1.2).
    #[arg(long, value_parser = ["MP", "GP"], default_value = "MP")]
    pub primary: String,
    /// Baku acceleration (C.04.7) for the systems that read accelerations
    /// (Dutch, Dubov, Lim; teams: match points only).
    #[arg(long)]
    pub baku: bool,
}

fn parse_points(s: &str) -> Result<PointSystem, String> {
    let v: Vec<Points> = s
        .split(',')
        .map(|x| x.parse::<Points>().map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    match v[..] {
        [w, d, l] => Ok(PointSystem::from_bb(
            w,
            d,
            l,
            Points::ZERO,
            Points::ZERO,
            None,
        )),
        _ => Err("expected three values: win,draw,loss".to_string()),
    }
}

/// Every argument within the ranges the reader accepts
/// ([`swiss_core::limits`]), checked before any work: a generated file
/// always reads back, and no argument makes the generator run unbounded.
fn check_limits(
    players: Option<u32>,
    rounds: Option<u32>,
    cfg: &SimulationConfig,
) -> Result<(), Failure> {
    let bad = |what: String| Failure::new(EXIT_INVALID, format!("swiss: {what}"));
    if let Some(players) = players
        && !(1..=MAX_START_NO).contains(&players)
    {
        return Err(bad(format!(
            "--players {players}: expected 1 to {MAX_START_NO} players (a start number has four TRF columns)"
        )));
    }
    if let Some(rounds) = rounds
        && !(1..=MAX_ROUNDS).contains(&rounds)
    {
        return Err(bad(format!(
            "--rounds {rounds}: expected 1 to {MAX_ROUNDS} rounds (TRF round columns; a TCEC double round takes two)"
        )));
    }
    for (flag, v) in [
        ("draw_rate (--draw-rate)", cfg.draw_rate),
        ("forfeit_rate (--forfeit-rate)", cfg.forfeit_rate),
        ("half_bye_rate (--half-bye-rate)", cfg.half_bye_rate),
        ("absence_rate", cfg.absence_rate),
        ("withdrawal_rate", cfg.withdrawal_rate),
        ("late_entry_rate", cfg.late_entry_rate),
    ] {
        if !(0.0..=1.0).contains(&v) {
            return Err(bad(format!(
                "{flag} {v}: expected a probability from 0 to 1"
            )));
        }
    }
    for (name, v) in cfg.point_system.named_values() {
        // `--points W,D,L` sets both colours; its values are named as the
        // flag names them (`win`, not `win_white`).
        let name = name.strip_suffix("_white").unwrap_or(name);
        if v.0.unsigned_abs() > MAX_POINT_VALUE.0.unsigned_abs() {
            return Err(bad(format!(
                "point_system (--points) {name} {v}: expected points for a result from -{MAX_POINT_VALUE} to {MAX_POINT_VALUE}"
            )));
        }
    }
    Ok(())
}

/// A line on standard error, above the progress bar when one is drawn.
fn say(bar: &indicatif::ProgressBar, line: String) {
    if bar.is_hidden() {
        eprintln!("{line}");
    } else {
        bar.println(line);
    }
}

/// One tournament done. On a terminal the bar moves; otherwise (a log, a
/// pipe: indicatif draws nothing there) a long run says how far it is at
/// each tenth, so that a batch job is not silent for minutes.
fn tick(bar: &indicatif::ProgressBar, done: &AtomicUsize, count: u32) {
    bar.inc(1);
    let done = done.fetch_add(1, Ordering::Relaxed) + 1;
    let count = count as usize;
    if count >= PLAIN_PROGRESS_FROM
        && !std::io::stderr().is_terminal()
        && (done * 10 / count) != ((done - 1) * 10 / count)
    {
        eprintln!("generate: {done}/{count} tournaments");
    }
}

/// From this many tournaments, plain progress lines are written when
/// standard error is not a terminal.
const PLAIN_PROGRESS_FROM: usize = 20;

/// Why tournament `name` (seed `seed`) stopped: the round and the seed named.
fn stopped(name: &str, seed: u64, e: &swiss_core::PairingError) -> String {
    format!("{name}: seed {seed}: stopped at round {}: {e}", e.round())
}

pub fn generate(a: GenerateArgs) -> Result<(), Failure> {
    if a.system.system == swiss_systems::TEAM_SYSTEM {
        return generate_teams(&a);
    }
    let entry = a.system.entry()?;
    let system = a.system.engine()?;
    let asked = Asked::read(&a, entry.simulation())?;
    if asked.baku {
        entry
            .reads(OptionName::Acceleration)
            .map_err(|e| Failure::new(EXIT_USAGE, format!("swiss: {e}")))?;
    }
    check_limits(asked.players, asked.rounds, &asked.base)?;
    let first_seed = asked.seed.unwrap_or_else(fresh_seed);
    let label = match &a.system.edition {
        Some(e) => format!("system={} edition={e}", a.system.system),
        None => format!("system={}", a.system.system),
    };
    std::fs::create_dir_all(&a.output).map_err(|e| {
        Failure::new(
            crate::input::EXIT_FILE,
            format!("{}: cannot create: {e}", a.output.display()),
        )
    })?;
    let bar = indicatif::ProgressBar::new(u64::from(a.count));
    if a.count < 2 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let failed = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let unreadable = AtomicUsize::new(0);
    let results: Vec<Result<(), Failure>> = (0..a.count)
        .into_par_iter()
        .map(|i| {
            let seed = first_seed.wrapping_add(u64::from(i));
            let plan = asked.plan(seed, entry.default_tiebreaks)?;
            let name = format!(
                "{}-p{:04}-r{:02}-s{seed}",
                a.system.system, plan.players, plan.cfg.rounds
            );
            let out = match simulate(
                system.as_ref(),
                plan.players(),
                &format!("Random tournament {name}"),
                &plan.cfg,
            ) {
                Ok(mut t) => {
                    t.header_records.push(plan.line(&label));
                    if let Some(list) = &plan.tiebreaks {
                        rank(&mut t, list)?;
                    }
                    let text = if a.trf26 {
                        trf::write_2026(&t)
                    } else {
                        trf::write(&t)
                    };
                    // Never write a file the reader refuses (rounds of
                    // byes only, from `--half-bye-rate 1.0`).
                    if let Err(e) = trf::read(&text, &format!("{name}.trf")) {
                        unreadable.fetch_add(1, Ordering::Relaxed);
                        let first = e.errors().first().map(ToString::to_string);
                        say(
                            &bar,
                            format!(
                                "{name}: seed {seed}: not written, it would not read back: {}",
                                first.unwrap_or_default()
                            ),
                        );
                        tick(&bar, &done, a.count);
                        return Ok(());
                    }
                    emit(Some(&a.output.join(format!("{name}.trf"))), &text)?;
                    if a.json {
                        emit(Some(&a.output.join(format!("{name}.json"))), &json(&t)?)?;
                    }
                    Ok(())
                }
                Err(e) => {
                    failed.fetch_add(1, Ordering::Relaxed);
                    say(&bar, stopped(&name, seed, &e));
                    Ok(())
                }
            };
            tick(&bar, &done, a.count);
            out
        })
        .collect();
    bar.finish_and_clear();
    results.into_iter().collect::<Result<(), Failure>>()?;
    let failed = failed.into_inner();
    let unreadable = unreadable.into_inner();
    println!(
        "{} tournaments written to {}",
        a.count as usize - failed - unreadable,
        a.output.display()
    );
    if unreadable > 0 {
        return Err(Failure::new(
            EXIT_INVALID,
            format!(
                "swiss: {unreadable} tournaments not written: the settings gave files the reader refuses"
            ),
        ));
    }
    if failed > 0 {
        return Err(Failure::new(
            EXIT_NO_PAIRING,
            format!("swiss: {failed} tournaments stopped at a round with no legal pairing"),
        ));
    }
    Ok(())
}

/// Records the tie-breaks `list` (C.07) as TRF-2026 `202` and `212` (the
/// standings, points first) and each player's final rank by them (TRF
/// columns 86-89; a team's in its `310` record): the ranks `swiss
/// standings` gives the file.
fn rank(t: &mut Tournament, list: &str) -> Result<(), Failure> {
    let invalid = |e: String| Failure::new(EXIT_INVALID, format!("swiss: {e}"));
    t.header_records.push(format!("202 {list}"));
    t.header_records.push(format!("212 PTS,{list}"));
    let codes = swiss_tiebreak::list_for(t, None, "").map_err(|e| invalid(e.to_string()))?;
    let tbs: Vec<swiss_tiebreak::TieBreak> = codes.into_iter().map(|c| c.1).collect();
    let o = swiss_tiebreak::Options {
        rules: swiss_tiebreak::Rules::for_event(t),
        round: None,
        unrated: None,
    };
    let table = swiss_tiebreak::table(t, &tbs, &o).map_err(|e| invalid(e.to_string()))?;
    for row in &table.rows {
        if let Some(ts) = &mut t.teams {
            if let Some(team) = ts.teams.iter_mut().find(|team| team.tpn == row.start_no) {
                team.rank = Some(row.rank);
            }
        } else if let Some(i) = t.index_of(row.start_no) {
            t.players[i].rank = Some(row.rank);
        }
    }
    Ok(())
}

/// `swiss generate --system team`: team tournaments (C.04.6) from
/// [`swiss_team::generate()`], written as TRF-2026 (the only TRF with team
/// records): `--players` teams of `--boards` boards and up to `--reserves`
/// reserves, `--draw-rate` per board, `--forfeit-rate` per match,
/// `--half-bye-rate` per team and round (a requested bye or absence).
fn generate_teams(a: &GenerateArgs) -> Result<(), Failure> {
    use swiss_team::generate::{GenerateError, Settings};
    let bad = |what: String| Failure::new(EXIT_INVALID, format!("swiss: {what}"));
    // `--config`, `--points` and the C.04.A settings describe individual
    // simulations.
    let individual = [
        a.full_byes.is_some(),
        a.half_byes.is_some(),
        a.zero_byes.is_some(),
        a.forfeits.is_some(),
        a.odd_results.is_some(),
        a.ratings.is_some(),
        a.rating_spacing.is_some(),
        a.ratings_file.is_some(),
    ];
    if a.config.is_some() || a.points.is_some() || individual.contains(&true) {
        return Err(Failure::new(
            EXIT_USAGE,
            "swiss: --config, --points, the quotas (--full-byes ... --odd-results) and the ratings are for individual systems; a team event's settings are the flags --boards ... --half-bye-rate and --tiebreaks",
        ));
    }
    let (Some(players), Some(rounds)) = (a.players, a.rounds) else {
        return Err(Failure::new(
            EXIT_USAGE,
            "swiss: --system team needs --players (teams) and --rounds",
        ));
    };
    let first_seed = a.seed.unwrap_or(1);
    let settings = |seed: u64| -> Settings {
        let mut s = Settings::new(seed, players, a.boards, rounds);
        s.reserves = a.reserves;
        s.colour_type = match a.colour_type.as_str() {
            "B" => swiss_team::ColourType::B,
            "none" => swiss_team::ColourType::None,
            _ => swiss_team::ColourType::A,
        };
        if a.primary == "GP" {
            s.primary = swiss_team::Primary::GamePoints;
        }
        s.baku = a.baku;
        s.draw_rate = a.draw_rate.unwrap_or(s.draw_rate);
        s.forfeit_rate = a.forfeit_rate.unwrap_or(0.0);
        s.bye_rate = a.half_bye_rate.unwrap_or(0.0);
        if s.reserves > 0 {
            s.line_up_rate = 0.1;
        }
        s
    };
    std::fs::create_dir_all(&a.output).map_err(|e| {
        Failure::new(
            crate::input::EXIT_FILE,
            format!("{}: cannot create: {e}", a.output.display()),
        )
    })?;
    let failed = AtomicUsize::new(0);
    let results: Vec<Result<(), Failure>> = (0..a.count)
        .into_par_iter()
        .map(|i| {
            let seed = first_seed.wrapping_add(u64::from(i));
            let name = format!("team-t{players:03}-b{:02}-r{rounds:02}-s{seed}", a.boards);
            match swiss_team::generate::generate(&settings(seed), &swiss_team::Options::DEFAULT) {
                Err(GenerateError::Settings(why)) => Err(bad(format!("team settings: {why}"))),
                Err(e) => Err(Failure::new(
                    EXIT_INVALID,
                    format!("{name}: seed {seed}: {e}"),
                )),
                Ok(mut g) => {
                    if let Some(e) = &g.stopped {
                        failed.fetch_add(1, Ordering::Relaxed);
                        eprintln!("{}", stopped(&name, seed, e));
                        return Ok(());
                    }
                    // The team standings by the C.07 team tie-breaks.
                    let list = a
                        .tiebreaks
                        .as_deref()
                        .unwrap_or(swiss_systems::TEAM_TIEBREAKS);
                    rank(&mut g.tournament, list)?;
                    emit(Some(&a.output.join(format!("{name}.trf"))), &g.to_trf())?;
                    if a.json {
                        emit(
                            Some(&a.output.join(format!("{name}.json"))),
                            &json(&g.tournament)?,
                        )?;
                    }
                    Ok(())
                }
            }
        })
        .collect();
    results.into_iter().collect::<Result<(), Failure>>()?;
    let failed = failed.into_inner();
    println!(
        "{} tournaments written to {}",
        a.count as usize - failed,
        a.output.display()
    );
    if failed > 0 {
        return Err(Failure::new(
            EXIT_NO_PAIRING,
            format!("swiss: {failed} tournaments stopped at a round with no legal pairing"),
        ));
    }
    Ok(())
}
