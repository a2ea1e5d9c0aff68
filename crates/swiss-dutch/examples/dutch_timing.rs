//! Times each round of a simulated tournament: `cargo run --release -p swiss-dutch --example dutch_timing -- PLAYERS ROUNDS`.
#![allow(clippy::unwrap_used)]

use std::time::Instant;

use swiss_core::simulate::{SimulationConfig, random_players, simulate};
use swiss_core::{Pairing, PairingError, PairingSystem, Tournament};
use swiss_dutch::Dutch;

struct Timed;

impl PairingSystem for Timed {
    fn name(&self) -> &'static str {
        "dutch"
    }
    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let start = Instant::now();
        let r = Dutch::default().pair(t);
        eprintln!(
            "round {}: {:.3} s",
            t.next_round(),
            start.elapsed().as_secs_f64()
        );
        r
    }
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (n, rounds) = (
        args.first().copied().unwrap_or(1000),
        args.get(1).copied().unwrap_or(11),
    );
    let cfg = SimulationConfig {
        rounds,
        ..SimulationConfig::default()
    };
    simulate(&Timed, random_players(n, 7), "timing", &cfg).unwrap();
}
