//! Timed run: plays an `n`-player event with the Lim engine itself
//! (`swiss_core::simulate`: draws, forfeits, byes, absences, late entries)
//! and prints the time of every round's pairing and the peak memory.
//!
//! `cargo run --release -p swiss-lim --example timed_rounds -- 9999 11`
#![allow(clippy::unwrap_used)]

use std::time::Instant;

use swiss_core::simulate::{SimulationConfig, random_players};
use swiss_core::{PairingSystem, Tournament};
use swiss_lim::{Lim, Options};

/// Times each pairing of the wrapped system.
struct Timed(Lim);

impl PairingSystem for Timed {
    fn name(&self) -> &'static str {
        "lim"
    }
    fn pair(&self, t: &Tournament) -> Result<swiss_core::Pairing, swiss_core::PairingError> {
        let start = Instant::now();
        let p = self.0.pair(t);
        println!(
            "round {:>2}: {:>8.3} s",
            t.next_round(),
            start.elapsed().as_secs_f64()
        );
        p
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let rounds: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(11);
    let maxi = args.next().is_some_and(|s| s == "maxi");
    let cfg = SimulationConfig {
        rounds,
        seed: u64::from(n),
        ..SimulationConfig::default()
    };
    let system = Timed(Lim::new(Options::DEFAULT.with_maxi(maxi)));
    let sim = swiss_core::simulate::play(&system, random_players(n, 11), "timed", &cfg);
    if let Some(e) = sim.stopped {
        println!("stopped: {e}");
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    if let Some(line) = status.lines().find(|l| l.starts_with("VmHWM:")) {
        println!("peak memory {line}");
    }
}
