//! Time to pair round 1 and round 11 of generated 1,000-, 2,000- and
//! 9,999-player tournaments with the Dutch engine.
//!
//! The ten rounds of history before round 11 are generated quickly by a
//! simple score-order pairer (results drawn by rating, with draws,
//! forfeits, byes and absences, by `swiss_core::simulate`); only the Dutch
//! pairing of the benchmarked round is timed. Sizes: `DUTCH_BENCH_ROUND1`
//! and `DUTCH_BENCH_ROUND11` (comma-separated player counts; defaults
//! `1000,2000,9999` and `1000`).
#![allow(missing_docs, clippy::unwrap_used)]

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use swiss_core::simulate::{SimulationConfig, random_players, simulate};
use swiss_core::{Colour, Pair, Pairing, PairingError, PairingSystem, RoundState, Tournament};
use swiss_dutch::{Options, pair_state};

/// Pairs adjacent players in score order, avoiding rematches greedily.
struct History;

impl PairingSystem for History {
    fn name(&self) -> &'static str {
        "history"
    }
    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let st = RoundState::next(t);
        let mut ps: Vec<_> = st.to_pair().collect();
        ps.sort_by(|a, b| b.score.cmp(&a.score).then(a.start_no.cmp(&b.start_no)));
        let mut used = vec![false; ps.len()];
        let mut out = Pairing {
            round: st.round,
            ..Pairing::default()
        };
        for i in 0..ps.len() {
            if used[i] {
                continue;
            }
            used[i] = true;
            let j = (i + 1..ps.len())
                .find(|&j| !used[j] && !ps[i].has_met(ps[j].start_no))
                .or_else(|| (i + 1..ps.len()).find(|&j| !used[j]));
            match j {
                Some(j) => {
                    used[j] = true;
                    let (a, b) = (ps[i], ps[j]);
                    let white_first = a.colour_difference() <= b.colour_difference();
                    let (w, bl) = if white_first { (a, b) } else { (b, a) };
                    out.pairs.push(Pair {
                        white: w.start_no,
                        black: bl.start_no,
                    });
                }
                None => out.bye = Some(ps[i].start_no),
            }
        }
        Ok(out)
    }
}

fn sizes(var: &str, default: &str) -> Vec<u32> {
    std::env::var(var)
        .unwrap_or_else(|_| default.to_string())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}

/// The state before round `round` of a generated `n`-player tournament.
fn state(n: u32, round: u32) -> RoundState {
    let cfg = SimulationConfig {
        rounds: round - 1,
        seed: u64::from(n),
        ..SimulationConfig::default()
    };
    let mut t = if round > 1 {
        simulate(&History, random_players(n, 11), "bench", &cfg).unwrap()
    } else {
        Tournament {
            players: random_players(n, 11),
            initial_colour: Some(Colour::White),
            ..Tournament::default()
        }
    };
    t.planned_rounds = Some(round.max(11));
    RoundState::before(&t, round)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dutch");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    for (round, var, default) in [
        (1, "DUTCH_BENCH_ROUND1", "1000,2000,9999"),
        (11, "DUTCH_BENCH_ROUND11", "1000"),
    ] {
        for n in sizes(var, default) {
            let st = state(n, round);
            g.bench_with_input(
                BenchmarkId::new(format!("round{round}"), n),
                &st,
                |b, st| b.iter(|| pair_state(st, &Options::default()).unwrap()),
            );
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
