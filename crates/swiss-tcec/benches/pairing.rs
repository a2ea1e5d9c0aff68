//! A 1000-player, 30-round TCEC event simulated with seeded results
//! (`swiss_core::simulate`, no forfeits or absences): the time to pair one
//! round, early, middle and last.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use swiss_core::simulate::{SimulationConfig, random_players, simulate};
use swiss_core::{PairingSystem, Tournament, before_round};
use swiss_tcec::{Options, Tcec, pair_next_round};

const PLAYERS: u32 = 1000;
const ROUNDS: u32 = 30;

fn event() -> Tournament {
    let cfg = SimulationConfig {
        rounds: ROUNDS,
        seed: 2024,
        draw_rate: 0.5,
        ..SimulationConfig::everyone_plays()
    };
    let sys = Tcec::default();
    let start = std::time::Instant::now();
    let t = match simulate(&sys, random_players(PLAYERS, 7), "bench", &cfg) {
        Ok(t) => t,
        Err(e) => panic!("simulation failed: {e}"),
    };
    let per_round = start.elapsed() / ROUNDS;
    println!(
        "tcec: {PLAYERS} players, {ROUNDS} rounds simulated; {per_round:?} per round on average (pairing + results)"
    );
    assert_eq!(sys.name(), "tcec");
    t
}

fn bench(c: &mut Criterion) {
    let t = event();
    let mut group = c.benchmark_group("tcec_pair_1000");
    group.sample_size(10);
    group.measurement_time(std::time::Duration::from_secs(3));
    group.warm_up_time(std::time::Duration::from_millis(300));
    for round in [2, 15, ROUNDS] {
        let before = before_round(&t, round);
        group.bench_with_input(BenchmarkId::new("round", round), &before, |b, t| {
            b.iter(|| pair_next_round(t, &Options::default()));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
