//! `swiss generate`: the random tournament generator (C.04.A RTG).

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Args;
use rayon::prelude::*;
use swiss_core::simulate::{SimulationConfig, random_players, simulate};
use swiss_core::{PointSystem, Points, trf};

use crate::input::{EXIT_INVALID, EXIT_NO_PAIRING, Failure};
use crate::output::{emit, json};

#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub system: crate::systems::SystemArgs,
    /// Players per tournament.
    #[arg(long)]
    pub players: u32,
    /// Rounds per tournament.
    #[arg(long)]
    pub rounds: u32,
    /// Number of tournaments.
    #[arg(long, default_value_t = 1)]
    pub count: u32,
    /// Seed of the first tournament (tournament i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
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
    /// Simulation settings as JSON (fields of `SimulationConfig`: draw_rate,
    /// forfeit_rate, half_bye_rate, absence_rate, withdrawal_rate,
    /// late_entry_rate, point_system); flags below override it.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Probability of a draw between equal players.
    #[arg(long)]
    pub draw_rate: Option<f64>,
    /// Probability that a game is forfeited.
    #[arg(long)]
    pub forfeit_rate: Option<f64>,
    /// Probability that a player takes a half-point bye in a round.
    #[arg(long)]
    pub half_bye_rate: Option<f64>,
    /// Points for a win, draw, loss (e.g. `3,1,0`); byes follow the win.
    #[arg(long, value_parser = parse_points)]
    pub points: Option<PointSystem>,
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

pub fn generate(a: GenerateArgs) -> Result<(), Failure> {
    let system = a.system.engine()?;
    let mut cfg = match &a.config {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| {
                Failure::new(
                    crate::input::EXIT_FILE,
                    format!("{}: cannot read: {e}", p.display()),
                )
            })?;
            serde_json::from_str::<SimulationConfig>(&text).map_err(|e| {
                Failure::new(
                    EXIT_INVALID,
                    format!("{}:{}:{}: {e}", p.display(), e.line(), e.column()),
                )
            })?
        }
        None => a.system.entry()?.simulation(),
    };
    cfg.rounds = a.rounds;
    if let Some(v) = a.draw_rate {
        cfg.draw_rate = v;
    }
    if let Some(v) = a.forfeit_rate {
        cfg.forfeit_rate = v;
    }
    if let Some(v) = a.half_bye_rate {
        cfg.half_bye_rate = v;
    }
    if let Some(v) = a.points {
        cfg.point_system = v;
    }
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
    let results: Vec<Result<(), Failure>> = (0..a.count)
        .into_par_iter()
        .map(|i| {
            let seed = a.seed.wrapping_add(u64::from(i));
            let name = format!(
                "{}-p{:04}-r{:02}-s{seed}",
                a.system.system, a.players, a.rounds
            );
            let cfg = SimulationConfig {
                seed,
                ..cfg.clone()
            };
            let out = match simulate(
                system.as_ref(),
                random_players(a.players, seed),
                &format!("Random tournament {name}"),
                &cfg,
            ) {
                Ok(t) => {
                    let text = if a.trf26 {
                        trf::write_2026(&t)
                    } else {
                        trf::write(&t)
                    };
                    emit(Some(&a.output.join(format!("{name}.trf"))), &text)?;
                    if a.json {
                        emit(Some(&a.output.join(format!("{name}.json"))), &json(&t)?)?;
                    }
                    Ok(())
                }
                Err(e) => {
                    failed.fetch_add(1, Ordering::Relaxed);
                    bar.println(format!("{name}: {e}"));
                    Ok(())
                }
            };
            bar.inc(1);
            out
        })
        .collect();
    bar.finish_and_clear();
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
