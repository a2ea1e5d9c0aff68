//! `cargo xtask hunt`: many tournaments paired round by round by a
//! reference engine (built by the user from its public source), each
//! round re-paired by ours and compared, the way FIDE's endorsement test
//! compares a candidate with the reference on generated tournaments.
//!
//! Tournament `i` is made from seed `seed + i` in one of two ways:
//! - **generator**: the reference's own random tournament generator
//!   (`-g CONFIG -o FILE -s SEED`), with a configuration drawn from the
//!   seed (size, rounds, draw/forfeit/withdrawal/half-point-bye rates,
//!   point system, PAB value);
//! - **driven**: our results simulation (`swiss_core::simulate`) with the
//!   reference pairing every round (`FILE -p OUT`), for what the
//!   reference's generator cannot vary: forbidden pairs (`XXP`),
//!   accelerations (`XXA`), late entries and absences.
//!
//! Tournaments are written to `DIR/tournaments` once; a later run only
//! generates the missing ones and replays all of them with the current
//! engine, so the hunt resumes after an interruption and re-checks
//! everything after a fix. `DIR/results.tsv` lists every tournament's
//! outcome. When the reference finds no legal pairing for a round, our
//! engine must say so too for that round.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub mod reverse;
pub mod team;
pub mod team_tiebreaks;

use anyhow::{Context, Result, anyhow, bail};
use rayon::prelude::*;
use swiss_core::simulate::{Rng, SimulationConfig, play, random_players};
use swiss_core::{
    Pairing, PairingError, PairingSystem, PointSystem, Points, StartNo, Tournament, before_round,
};

/// What to hunt with.
pub struct Hunt {
    /// The system (`dutch`).
    pub system: String,
    /// The edition of ours to compare (`2026`, `2017`).
    pub edition: Option<String>,
    /// Tournaments.
    pub count: u64,
    /// The reference engine's executable.
    pub reference: PathBuf,
    /// Where tournaments and results go.
    pub dir: PathBuf,
    /// Seed of tournament 0.
    pub seed: u64,
    /// Only replay the tournaments already in `dir` (no reference needed).
    pub replay_only: bool,
}

/// How tournament `i` is made.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// Players.
    pub players: u32,
    /// Planned rounds.
    pub rounds: u32,
    /// Draws among played games, percent.
    pub draw_percent: u32,
    /// One forfeited game in this many (0: none).
    pub forfeit_one_in: u32,
    /// One withdrawn player in this many (0: none).
    pub retired_one_in: u32,
    /// One player with a half-point bye in this many (0: none).
    pub half_bye_one_in: u32,
    /// Win, draw, loss, PAB, in tenths of a point.
    pub points: [i32; 4],
    /// Forbidden pairs (driven only).
    pub forbidden: u32,
    /// Accelerated rounds for the top half (driven only).
    pub accelerated_rounds: u32,
    /// Driven by our simulation instead of the reference's generator.
    pub driven: bool,
}

impl Shape {
    /// The shape of tournament seed `seed`: mostly small and middle-sized
    /// fields (where brackets collapse and the last rounds get hard), some
    /// up to 300 players, one in 2,500 up to 1,000.
    pub fn of(seed: u64) -> Shape {
        let mut rng = Rng::new(seed ^ 0x4855_4e54);
        let pick = |rng: &mut Rng, lo: u32, hi: u32| lo + rng.below(u64::from(hi - lo + 1)) as u32;
        let size_class = rng.below(10_000);
        let players = match size_class {
            0..=5_999 => pick(&mut rng, 5, 40),
            6_000..=8_499 => pick(&mut rng, 41, 100),
            8_500..=9_799 => pick(&mut rng, 101, 200),
            9_800..=9_995 => pick(&mut rng, 201, 300),
            _ => pick(&mut rng, 301, 1000),
        };
        // Short events, long ones, and small fields played almost to a
        // round robin (rounds up to players - 1).
        let max_rounds = if players > 300 { 7 } else { 13 };
        let rounds = if players <= 14 && rng.chance(0.4) {
            pick(&mut rng, players.saturating_sub(3).max(3), players - 1)
        } else {
            pick(&mut rng, 3, max_rounds.min(players - 1).max(3))
        };
        let rate = |rng: &mut Rng, none: f64, lo: u32, hi: u32| {
            if rng.chance(none) {
                0
            } else {
                pick(rng, lo, hi)
            }
        };
        let forfeit_one_in = rate(&mut rng, 0.2, 4, 60);
        let retired_one_in = rate(&mut rng, 0.3, 3, 200);
        let half_bye_one_in = rate(&mut rng, 0.3, 2, 200);
        let draw_percent = pick(&mut rng, 0, 70);
        let points = match rng.below(10) {
            0..=4 => [10, 5, 0, 10],
            5 => [10, 5, 0, 5],
            6 => [30, 10, 0, 30],
            7 => [30, 10, 0, 10],
            8 => [20, 10, 0, 20],
            _ => [20, 10, 0, 10],
        };
        let driven = rng.chance(0.15);
        let (forbidden, accelerated_rounds) = if driven {
            extra_counts(&mut rng, players, rounds)
        } else {
            (0, 0)
        };
        Shape {
            players,
            rounds,
            draw_percent,
            forfeit_one_in,
            retired_one_in,
            half_bye_one_in,
            points,
            forbidden,
            accelerated_rounds,
            driven,
        }
    }

    /// The shape of tournament `seed` of the reverse direction (ours made,
    /// the reference's checker checks): the hunt's, at most 300 players,
    /// every one made by our results simulation and given its chance of
    /// forbidden pairs and accelerations.
    pub fn ours(seed: u64) -> Shape {
        let mut s = Shape::of(seed);
        s.players = s.players.min(300);
        if !s.driven {
            let mut rng = Rng::new(seed ^ 0x5245_5645);
            (s.forbidden, s.accelerated_rounds) = extra_counts(&mut rng, s.players, s.rounds);
            s.driven = true;
        }
        s.forbidden = s.forbidden.min((s.players / 3).max(1));
        s
    }

    /// The reference generator's configuration file.
    fn generator_config(&self) -> String {
        let tenths = |v: i32| format!("{}.{}", v / 10, v % 10);
        // A rate of "none" is one event in a very large number.
        let rate = |one_in: u32| if one_in == 0 { 1_000_000 } else { one_in };
        format!(
            "PlayersNumber={}\nRoundsNumber={}\nDrawPercentage={}\nForfeitRate={}\n\
             RetiredRate={}\nHalfPointByeRate={}\nPointsForWin={}\nPointsForDraw={}\n\
             PointsForLoss={}\nPointsForPAB={}\n",
            self.players,
            self.rounds,
            self.draw_percent,
            rate(self.forfeit_one_in),
            rate(self.retired_one_in).max(2),
            rate(self.half_bye_one_in),
            tenths(self.points[0]),
            tenths(self.points[1]),
            tenths(self.points[2]),
            tenths(self.points[3]),
        )
    }

    /// The point system of a driven tournament.
    fn point_system(&self) -> PointSystem {
        let [w, d, l, pab] = self.points.map(Points);
        PointSystem::from_bb(w, d, l, Points(0), Points(0), Some(pab))
    }

    /// One line for `DIR/results.tsv`.
    fn summary(&self) -> String {
        format!(
            "{}p {}r {} d{} f{} w{} h{} pts{}/{}/{}/{}{}{}",
            self.players,
            self.rounds,
            if self.driven { "driven" } else { "generator" },
            self.draw_percent,
            self.forfeit_one_in,
            self.retired_one_in,
            self.half_bye_one_in,
            self.points[0],
            self.points[1],
            self.points[2],
            self.points[3],
            if self.forbidden > 0 {
                format!(" xxp{}", self.forbidden)
            } else {
                String::new()
            },
            if self.accelerated_rounds > 0 {
                format!(" xxa{}", self.accelerated_rounds)
            } else {
                String::new()
            },
        )
    }
}

/// How many forbidden pairs and accelerated rounds a driven tournament
/// gets: pairs in 70% of them (up to a third of the field), accelerations
/// in 40% (up to half the rounds).
fn extra_counts(rng: &mut Rng, players: u32, rounds: u32) -> (u32, u32) {
    // The same draws, in the same order, as before this was a function:
    // the hunt's seeds keep their tournaments.
    let pick = |rng: &mut Rng, lo: u32, hi: u32| lo + rng.below(u64::from(hi - lo + 1)) as u32;
    let forbidden = if rng.chance(0.7) {
        pick(rng, 1, (players / 3).max(1))
    } else {
        0
    };
    let accelerated = if rng.chance(0.4) {
        pick(rng, 1, (rounds / 2).max(1))
    } else {
        0
    };
    (forbidden, accelerated)
}

/// The reference engine as a [`PairingSystem`]: writes the tournament as
/// TRF16 with the extension lines, runs `EXE --dutch FILE -p OUT`, reads
/// the pairing back.
struct Reference<'a> {
    exe: &'a Path,
    work: PathBuf,
    /// Forbidden pairs and accelerations the simulation does not know of.
    extras: &'a Tournament,
}

impl PairingSystem for Reference<'_> {
    fn name(&self) -> &'static str {
        "reference"
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let round = t.next_round();
        let fail = |reason: String| PairingError::Internal { round, reason };
        let mut t = t.clone();
        t.forbidden_pairs.clone_from(&self.extras.forbidden_pairs);
        t.accelerations.clone_from(&self.extras.accelerations);
        let input = self.work.with_extension("in.trf");
        let output = self.work.with_extension("out.txt");
        fs::write(&input, swiss_core::trf::write(&t)).map_err(|e| fail(e.to_string()))?;
        let _ = fs::remove_file(&output);
        let run = Command::new(self.exe)
            .arg("--dutch")
            .arg(&input)
            .arg("-p")
            .arg(&output)
            .output()
            .map_err(|e| fail(format!("{}: {e}", self.exe.display())))?;
        match run.status.code() {
            Some(0) => {}
            Some(1) => {
                return Err(PairingError::NoLegalPairing {
                    round,
                    reason: "the reference found no legal pairing".into(),
                });
            }
            _ => {
                return Err(fail(format!(
                    "reference failed: {}",
                    String::from_utf8_lossy(&run.stderr).trim()
                )));
            }
        }
        let text = fs::read_to_string(&output).map_err(|e| fail(e.to_string()))?;
        Pairing::from_engine_text(&text, round).ok_or_else(|| fail(format!("unreadable: {text}")))
    }
}

/// The outcome of one tournament.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Rounds compared (including a last round the reference could not pair).
    pub rounds: u32,
    /// Rounds where ours agrees.
    pub identical: u32,
    /// The rounds that differ, with what each engine did.
    pub differences: Vec<String>,
    /// The round the reference found no legal pairing for, if any.
    pub no_pairing: Option<u32>,
}

/// The forbidden pairs and accelerations of a driven tournament (or one
/// of ours, `reverse`), which the results simulation does not make: a
/// tournament holding only those.
fn extras(shape: &Shape, seed: u64) -> Tournament {
    let mut extras = Tournament::default();
    let mut rng = Rng::new(seed ^ 0x5850_5858);
    let n = u64::from(shape.players);
    while (extras.forbidden_pairs.len() as u32) < shape.forbidden {
        let a = 1 + rng.below(n) as StartNo;
        let b = 1 + rng.below(n) as StartNo;
        if a != b {
            extras.forbidden_pairs.push(vec![a.min(b), a.max(b)]);
        }
    }
    // The top half starts with a win's worth of points per accelerated
    // round (in the manner of Baku's first rounds).
    for p in 1..=shape.players.div_ceil(2) {
        if shape.accelerated_rounds > 0 {
            let mut per_round = vec![Points(shape.points[0]); shape.accelerated_rounds as usize];
            per_round.resize(shape.rounds as usize, Points(0));
            extras.accelerations.push((p, per_round));
        }
    }
    extras
}

/// Makes tournament `seed` with the reference into `file` (written
/// whole or not at all). `Ok(false)`: the reference could make nothing.
fn generate(exe: &Path, shape: &Shape, seed: u64, file: &Path) -> Result<bool> {
    let work = file.with_extension("work");
    let partial = file.with_extension("partial");
    if shape.driven {
        let extras = extras(shape, seed);
        let cfg = simulation(shape, seed);
        let reference = Reference {
            exe,
            work: work.clone(),
            extras: &extras,
        };
        let players = random_players(shape.players, seed);
        let sim = play(&reference, players, &format!("hunt {seed}"), &cfg);
        let _ = fs::remove_file(work.with_extension("in.trf"));
        let _ = fs::remove_file(work.with_extension("out.txt"));
        let mut t = sim.tournament;
        match sim.stopped {
            None | Some(PairingError::NoLegalPairing { .. }) => {}
            Some(e) => bail!("seed {seed}: {e}"),
        }
        t.forbidden_pairs = extras.forbidden_pairs;
        t.accelerations = extras.accelerations;
        fs::write(&partial, swiss_core::trf::write(&t))?;
    } else {
        let config = file.with_extension("cfg");
        fs::write(&config, shape.generator_config())?;
        let run = Command::new(exe)
            .arg("--dutch")
            .arg("-g")
            .arg(&config)
            .arg("-o")
            .arg(&partial)
            .arg("-s")
            .arg((seed % (1 << 31)).to_string())
            .output()
            .with_context(|| exe.display().to_string())?;
        let _ = fs::remove_file(&config);
        // Exit 1: no legal pairing for a round; the file holds the
        // rounds before it (and the planned rounds), which is a case too.
        if !matches!(run.status.code(), Some(0 | 1)) || !partial.exists() {
            let _ = fs::remove_file(&partial);
            return Ok(false);
        }
    }
    fs::rename(&partial, file)?;
    Ok(true)
}

/// Replays `t` with `engine`; a round the reference could not pair (the
/// planned rounds not all played) must be unpairable for ours too.
pub fn compare(engine: &dyn PairingSystem, t: &Tournament) -> Outcome {
    let report = swiss_core::check(engine, t);
    let mut out = Outcome {
        rounds: report.rounds,
        identical: report.identical(),
        differences: report
            .differences
            .iter()
            .map(|d| d.to_string().replace('\n', " | "))
            .collect(),
        no_pairing: None,
    };
    let played = t.played_rounds();
    if t.planned_rounds.is_some_and(|p| played < p) {
        let round = played + 1;
        out.no_pairing = Some(round);
        out.rounds += 1;
        let mut before = before_round(t, round);
        before.initial_colour = engine.initial_colour(t);
        match engine.pair(&before) {
            Err(PairingError::NoLegalPairing { .. }) => out.identical += 1,
            Ok(p) => out.differences.push(format!(
                "round {round} differs | recorded: no legal pairing | produced: {p}"
            )),
            Err(e) => out.differences.push(format!(
                "round {round} differs | recorded: no legal pairing | produced: error: {e}"
            )),
        }
    }
    out
}

/// Runs the hunt; returns the summary line.
pub fn run(h: &Hunt) -> Result<String> {
    let (engine, label) = engine(&h.system, h.edition.as_deref())?;
    let tournaments = h.dir.join("tournaments");
    fs::create_dir_all(&tournaments)?;
    let exe = if h.replay_only {
        None
    } else {
        let exe = fs::canonicalize(&h.reference)
            .with_context(|| format!("reference engine {}", h.reference.display()))?;
        Some(exe)
    };
    let bar = progress(h.count)?;
    let (rounds, identical) = (AtomicU64::new(0), AtomicU64::new(0));
    let order = cheapest_first(h.seed, h.count, Shape::of);
    let mut results: Vec<Result<Option<(u64, Shape, Outcome)>>> = order
        .into_iter()
        .par_bridge()
        .map(|(seed, shape)| {
            let file = tournaments.join(format!("{seed:07}.trf"));
            if !file.exists() {
                let Some(exe) = &exe else {
                    bar.inc(1);
                    return Ok(None);
                };
                if !generate(exe, &shape, seed, &file)? {
                    bar.inc(1);
                    return Ok(None);
                }
            }
            let t = swiss_testdata::read_trf(&file)?;
            let outcome = compare(engine.as_ref(), &t);
            // Said at once, so that a long hunt gives its findings as it goes.
            for d in &outcome.differences {
                bar.suspend(|| eprintln!("{}: {d}", file.display()));
            }
            rounds.fetch_add(u64::from(outcome.rounds), Ordering::Relaxed);
            identical.fetch_add(u64::from(outcome.identical), Ordering::Relaxed);
            let (r, s) = (
                rounds.load(Ordering::Relaxed),
                identical.load(Ordering::Relaxed),
            );
            bar.set_message(format!("{s}/{r} rounds identical"));
            bar.inc(1);
            Ok(Some((seed, shape, outcome)))
        })
        .collect();
    bar.finish_and_clear();
    results.sort_by_key(|r| match r {
        Ok(Some((seed, ..))) => *seed,
        _ => 0,
    });
    let mut tsv = String::from("seed\tshape\trounds\tidentical\tno_pairing_round\tdifferences\n");
    let (mut made, mut rounds, mut identical, mut unpaired) = (0u64, 0u64, 0u64, 0u64);
    let mut differ = Vec::new();
    for r in results {
        let Some((seed, shape, o)) = r? else { continue };
        made += 1;
        rounds += u64::from(o.rounds);
        identical += u64::from(o.identical);
        unpaired += u64::from(o.no_pairing.is_some());
        tsv.push_str(&format!(
            "{seed}\t{}\t{}\t{}\t{}\t{}\n",
            shape.summary(),
            o.rounds,
            o.identical,
            o.no_pairing.map_or(String::new(), |r| r.to_string()),
            o.differences.join(" || ")
        ));
        if !o.differences.is_empty() {
            differ.push((tournaments.join(format!("{seed:07}.trf")), o.differences));
        }
    }
    fs::write(h.dir.join("results.tsv"), tsv)?;
    let mut listing = String::new();
    for (file, ds) in &differ {
        for d in ds {
            listing.push_str(&format!("{}: {d}\n", file.display()));
        }
    }
    fs::write(h.dir.join("differences.txt"), &listing)?;
    print!("{listing}");
    Ok(format!(
        "{label}: {identical}/{rounds} rounds identical in {made} tournaments \
         ({unpaired} ending in a round the reference could not pair; {} of {} seeds without a \
         tournament: not generated yet, or none from the reference); {} tournaments differ",
        h.count - made,
        h.count,
        differ.len()
    ))
}

/// Our engine for `system` and `edition`, and its label (`dutch 2026`).
fn engine(system: &str, edition: Option<&str>) -> Result<(Box<dyn PairingSystem>, String)> {
    let entry = swiss_systems::find(system)?;
    let edition = edition.map(|e| entry.edition(e)).transpose()?;
    let options = swiss_systems::Options::DEFAULT.with_edition(edition);
    let label = match edition {
        Some(e) => format!("{system} {e}"),
        None => system.to_string(),
    };
    Ok((entry.build(&options)?, label))
}

/// How a reference process ended.
pub(crate) enum End {
    /// It exited with this code.
    Code(i32),
    /// A signal ended it (its number where the platform tells).
    Signal(Option<i32>),
    /// It ran past the timeout and was ended.
    Timeout(Duration),
}

/// A reference process run to its end: how it ended, its standard output
/// and error.
pub(crate) struct Ran {
    pub(crate) end: End,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs `cmd` to its end, or ends it (it is ours) after `timeout`: a
/// reference that loops must not stall a run of thousands. Its output is
/// read on threads, so that a large one cannot block the child while this
/// one waits.
pub(crate) fn run_with_timeout(cmd: &mut Command, timeout: Duration) -> Result<Ran> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("{cmd:?}"))?;
    fn read(pipe: Option<impl std::io::Read + Send + 'static>) -> JoinHandle<String> {
        std::thread::spawn(move || {
            let mut s = String::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_string(&mut s);
            }
            s
        })
    }
    let stdout = read(child.stdout.take());
    let stderr = read(child.stderr.take());
    let start = Instant::now();
    let end = loop {
        if let Some(status) = child.try_wait()? {
            break match status.code() {
                Some(code) => End::Code(code),
                #[cfg(unix)]
                None => End::Signal(std::os::unix::process::ExitStatusExt::signal(&status)),
                #[cfg(not(unix))]
                None => End::Signal(None),
            };
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            break End::Timeout(timeout);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let join = |h: JoinHandle<String>| h.join().map_err(|_| anyhow!("a reader thread panicked"));
    Ok(Ran {
        end,
        stdout: join(stdout)?,
        stderr: join(stderr)?,
    })
}

/// The pairs of a pairing as a set, the PAB as `(player, 0)`.
pub(crate) fn pair_set(p: &Pairing) -> BTreeSet<(u32, u32)> {
    p.pairs
        .iter()
        .map(|x| (x.white, x.black))
        .chain(p.bye.map(|b| (b, 0)))
        .collect()
}

/// The progress bar of a run over `count` tournaments.
fn progress(count: u64) -> Result<indicatif::ProgressBar> {
    let bar = indicatif::ProgressBar::new(count);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} tournaments, eta {eta} {msg}",
        )
        .map_err(|e| anyhow!("{e}"))?,
    );
    Ok(bar)
}

/// Seeds `seed..seed + count` with their shapes, cheapest first (the
/// reference's time grows with the cube of the field), to be taken one at
/// a time by each thread, so that an interrupted run has covered as many
/// tournaments as it could.
fn cheapest_first(seed: u64, count: u64, shape: fn(u64) -> Shape) -> Vec<(u64, Shape)> {
    let mut order: Vec<(u64, Shape)> = (0..count).map(|i| (seed + i, shape(seed + i))).collect();
    order.sort_by_key(|(seed, s)| (u64::from(s.players).pow(3) * u64::from(s.rounds), *seed));
    order
}

/// The shape's results simulation (driven tournaments, and the
/// self-check).
fn simulation(shape: &Shape, seed: u64) -> SimulationConfig {
    let one_in = |x: u32| if x == 0 { 0.0 } else { 1.0 / f64::from(x) };
    SimulationConfig {
        rounds: shape.rounds,
        seed,
        draw_rate: f64::from(shape.draw_percent) / 100.0 * 1.3,
        forfeit_rate: one_in(shape.forfeit_one_in),
        half_bye_rate: one_in(shape.half_bye_one_in) / f64::from(shape.rounds),
        absence_rate: 0.01,
        withdrawal_rate: one_in(shape.retired_one_in) / f64::from(shape.rounds),
        late_entry_rate: 0.03,
        point_system: shape.point_system(),
        ..SimulationConfig::default()
    }
}

/// For an edition no reference engine pairs (Dutch 2012): `count`
/// tournaments of the hunt's shapes, generated by our engine with every
/// round re-checked by the independent verifier (absolute criteria and
/// completion), no panic allowed, then replayed by the checker. Returns
/// the summary line; the problems found are printed above it.
pub fn self_check(system: &str, edition: Option<&str>, count: u64, seed: u64) -> Result<String> {
    let entry = swiss_systems::find(system)?;
    let edition = edition.map(|e| entry.edition(e)).transpose()?;
    let options = swiss_systems::Options::DEFAULT.with_edition(edition);
    let engine = entry.build(&options)?;
    let checked = swiss_verify::Verified {
        system: engine.as_ref(),
        verify: entry.verifier(&options),
    };
    let bar = indicatif::ProgressBar::new(count);
    let outcomes: Vec<(u32, u32, bool, Option<String>)> = (0..count)
        .into_par_iter()
        .map(|i| {
            let seed = seed + i;
            let mut shape = Shape::of(seed);
            shape.players = shape.players.min(300);
            let cfg = simulation(&shape, seed);
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let sim = play(&checked, random_players(shape.players, seed), "self", &cfg);
                let stuck = matches!(sim.stopped, Some(PairingError::NoLegalPairing { .. }));
                let failed = match sim.stopped {
                    None | Some(PairingError::NoLegalPairing { .. }) => None,
                    Some(e) => Some(format!("seed {seed}: {e}")),
                };
                let report = swiss_core::check(&checked, &sim.tournament);
                let failed = failed.or_else(|| {
                    (!report.differences.is_empty()).then(|| {
                        format!(
                            "seed {seed}: the checker differs in {} rounds",
                            report.differences.len()
                        )
                    })
                });
                (report.rounds, report.identical(), stuck, failed)
            }));
            bar.inc(1);
            run.unwrap_or_else(|_| (0, 0, false, Some(format!("seed {seed}: panic"))))
        })
        .collect();
    bar.finish_and_clear();
    let (mut rounds, mut identical, mut stuck, mut failed) = (0u64, 0u64, 0u64, 0u64);
    for (r, s, st, f) in outcomes {
        rounds += u64::from(r);
        identical += u64::from(s);
        stuck += u64::from(st);
        if let Some(f) = f {
            failed += 1;
            println!("{f}");
        }
    }
    let label = match edition {
        Some(e) => format!("{system} {e}"),
        None => system.to_string(),
    };
    Ok(format!(
        "{label}: {count} tournaments generated under the verifier, {rounds} rounds paired, \
         {identical} replayed identically by the checker; {failed} failed (verifier, error or \
         panic); {stuck} stopped at a round with no legal pairing"
    ))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::Shape;

    /// The shapes of 50,000 seeds cover what the hunt promises: fields of
    /// 5 to 1,000 players (most small), events up to a round robin,
    /// every point system, and driven events with forbidden pairs and
    /// accelerations; the reference's generator gets a valid
    /// configuration (its rates are at least 1, a retirement rate at
    /// least 2).
    #[test]
    fn shapes_cover_the_hunt() {
        let shapes: Vec<Shape> = (1..=50_000).map(Shape::of).collect();
        assert!(shapes.iter().all(|s| (5..=1000).contains(&s.players)));
        assert!(
            shapes
                .iter()
                .all(|s| s.rounds >= 3 && s.rounds < s.players.max(4))
        );
        let count = |f: &dyn Fn(&Shape) -> bool| shapes.iter().filter(|s| f(s)).count();
        assert!(count(&|s| s.players <= 40) > 25_000);
        assert!(count(&|s| s.players > 300) > 5);
        assert!(count(&|s| s.rounds == s.players - 1) > 100);
        assert!(count(&|s| s.driven && s.forbidden > 0) > 3_000);
        assert!(count(&|s| s.driven && s.accelerated_rounds > 0) > 1_000);
        for points in [
            [10, 5, 0, 10],
            [10, 5, 0, 5],
            [30, 10, 0, 30],
            [20, 10, 0, 10],
        ] {
            assert!(count(&|s| s.points == points) > 2_000, "{points:?}");
        }
        assert_eq!(Shape::of(7), Shape::of(7));
        for s in shapes.iter().take(1_000) {
            let config = s.generator_config();
            for line in config.lines() {
                let (key, value) = line.split_once('=').unwrap();
                let value: f64 = value.parse().unwrap();
                assert!(value >= 0.0, "{key}");
                if key.ends_with("Rate") {
                    assert!(value >= if key == "RetiredRate" { 2.0 } else { 1.0 });
                }
            }
        }
    }
}
