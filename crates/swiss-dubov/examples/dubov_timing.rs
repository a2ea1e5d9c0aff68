//! Times each round of a simulated tournament paired by Dubov:
//! `cargo run --release -p swiss-dubov --example dubov_timing -- PLAYERS ROUNDS [SEED]`.
//! Prints the wall time of every round and the peak resident memory.
//! `DUBOV_STRATEGY=window` or `full` forces the slower upfloater methods
//! (to measure them; they give the same pairings). `DUBOV_EXPLAIN=1`
//! prints the engine's explain log (one line per bracket) to stderr.
#![allow(clippy::unwrap_used, missing_docs)]

use std::time::Instant;

use swiss_core::RoundState;
use swiss_core::simulate::{SimulationConfig, random_players, simulate};
use swiss_core::{Pairing, PairingError, PairingSystem, Tournament};
use swiss_dubov::{Dubov, Options, Strategy, pair_with_strategy};

struct Timed(Dubov);

impl PairingSystem for Timed {
    fn name(&self) -> &'static str {
        "dubov"
    }
    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let strategy = match std::env::var("DUBOV_STRATEGY").as_deref() {
            Ok("window") => Strategy::Window,
            Ok("full") => Strategy::Full,
            _ => Strategy::Auto,
        };
        let start = Instant::now();
        let r = if strategy == Strategy::Auto {
            self.0.pair(t)
        } else {
            let st = RoundState::next(t);
            pair_with_strategy(&st, &Options::default(), strategy)
        };
        eprintln!(
            "round {}: {:.3} s",
            t.next_round(),
            start.elapsed().as_secs_f64()
        );
        r
    }
}

fn peak_mib() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    if std::env::var("DUBOV_EXPLAIN").is_ok() {
        tracing_subscriber::fmt()
            .with_env_filter("swiss_dubov=debug")
            .with_writer(std::io::stderr)
            .without_time()
            .with_ansi(false)
            .init();
    }
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let n = args.first().copied().unwrap_or(1000) as u32;
    let rounds = args.get(1).copied().unwrap_or(11) as u32;
    let seed = args.get(2).copied().unwrap_or(7);
    let cfg = SimulationConfig {
        rounds,
        seed,
        ..SimulationConfig::default()
    };
    let t = simulate(
        &Timed(Dubov::default()),
        random_players(n, seed),
        "timing",
        &cfg,
    )
    .unwrap();
    eprintln!(
        "{} players, {} rounds; peak RSS {:.0} MiB",
        t.players.len(),
        t.played_rounds(),
        peak_mib().unwrap_or(f64::NAN)
    );
}
