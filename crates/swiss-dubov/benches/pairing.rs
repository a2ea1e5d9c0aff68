//! Time to pair round 1 and a late round of generated 1,000- and
//! 9,999-player Dubov tournaments.
//!
//! The history before the late round is played by the Dubov engine itself
//! (`swiss_core::simulate`, results drawn by rating, with draws, forfeits,
//! byes, absences, withdrawals and late entries); only the pairing of the
//! benchmarked round is timed. Sizes: `DUBOV_BENCH_SIZES` (comma-separated
//! player counts, default `1000,9999`) and `DUBOV_BENCH_LATE` (the late
//! round, default 11).
#![allow(missing_docs, clippy::unwrap_used)]

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use swiss_core::simulate::{SimulationConfig, random_players, simulate};
use swiss_core::{RoundState, Tournament};
use swiss_dubov::{Dubov, Options, pair_state};

fn env(var: &str, default: &str) -> String {
    std::env::var(var).unwrap_or_else(|_| default.to_string())
}

/// The state before round `round` of a generated `n`-player tournament
/// of `round` planned rounds (so the late round is the last one).
fn state(n: u32, round: u32, planned: u32) -> RoundState {
    let players = random_players(n, 11);
    let t = if round > 1 {
        let cfg = SimulationConfig {
            rounds: round - 1,
            seed: u64::from(n),
            ..SimulationConfig::default()
        };
        let mut t = simulate(&Dubov::default(), players, "bench", &cfg).unwrap();
        t.planned_rounds = Some(planned);
        t
    } else {
        Tournament {
            players,
            planned_rounds: Some(planned),
            initial_colour: Some(swiss_core::Colour::White),
            ..Tournament::default()
        }
    };
    RoundState::next(&t)
}

fn bench(c: &mut Criterion) {
    let sizes: Vec<u32> = env("DUBOV_BENCH_SIZES", "1000,9999")
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let late: u32 = env("DUBOV_BENCH_LATE", "11").parse().unwrap_or(11);
    let mut g = c.benchmark_group("dubov");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    for &n in &sizes {
        for round in [1, late] {
            let st = state(n, round, late);
            g.bench_with_input(
                BenchmarkId::new(format!("round{round}"), n),
                &st,
                |b, st| {
                    b.iter(|| pair_state(st, &Options::default()).unwrap());
                },
            );
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
