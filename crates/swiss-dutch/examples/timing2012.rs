//! Times each round of simulated tournaments paired by the 2012 edition,
//! every pairing re-checked by the independent verifier:
//! `cargo run --release -p swiss-dutch --example timing2012 -- PLAYERS ROUNDS [SEED] [FIDE]`
//! (`FIDE` = 1: forfeits, requested byes, absences and late entries too).
#![allow(clippy::unwrap_used)]

use std::sync::Mutex;
use std::time::Instant;

use swiss_core::simulate::{SimulationConfig, random_players, simulate};
use swiss_core::{Pairing, PairingError, PairingSystem, Tournament};
use swiss_dutch::Dutch;
use swiss_verify::Verified;

/// The 2012 edition under the verifier, timing each round.
struct Timed(Mutex<Vec<f64>>);

impl PairingSystem for Timed {
    fn name(&self) -> &'static str {
        "dutch-2012"
    }
    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let start = Instant::now();
        let r = Verified {
            system: &Dutch::FIDE_2012,
            verify: &swiss_verify::Dutch::FIDE_2012,
        }
        .pair(t);
        let s = start.elapsed().as_secs_f64();
        self.0.lock().unwrap().push(s);
        eprintln!("round {}: {s:.3} s", t.next_round());
        r
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let n = args.first().copied().unwrap_or(1000) as u32;
    let rounds = args.get(1).copied().unwrap_or(11) as u32;
    let seed = args.get(2).copied().unwrap_or(7);
    let fide = args.get(3).copied().unwrap_or(0) == 1;
    let mut cfg = SimulationConfig {
        rounds,
        seed,
        ..SimulationConfig::default()
    };
    if fide {
        cfg.forfeit_rate = 0.03;
        cfg.half_bye_rate = 0.03;
        cfg.absence_rate = 0.02;
        cfg.withdrawal_rate = 0.01;
        cfg.late_entry_rate = 0.05;
    }
    let timed = Timed(Mutex::new(Vec::new()));
    if let Err(e) = simulate(&timed, random_players(n, seed), "timing", &cfg) {
        println!("stopped: {e}");
    }
    let times = timed.0.into_inner().unwrap();
    let max = times.iter().copied().fold(0.0, f64::max);
    let sum: f64 = times.iter().sum();
    println!("{n} players, {rounds} rounds: slowest round {max:.3} s, all rounds {sum:.3} s");
}
