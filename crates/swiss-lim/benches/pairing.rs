//! Time to pair one round of generated 1,000- and 9,999-player events
//! with the Lim engine.
//!
//! Two histories before the timed round: `own`, played by the Lim engine
//! itself (the realistic case), and `foreign`, played by a naive
//! score-order pairer whose colours ignore Lim 5 (many players then have
//! a colour they must get, so score-groups often need the
//! `CardinalityMatcher` pass). Results are drawn by rating with draws,
//! forfeits, byes and absences (`swiss_core::simulate`). Sizes:
//! `LIM_BENCH_SIZES` (comma-separated, default `1000,9999`); rounds
//! `LIM_BENCH_ROUNDS` (default `1,11`).
#![allow(missing_docs, clippy::unwrap_used)]

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use swiss_core::simulate::{SimulationConfig, random_players, simulate};
use swiss_core::{Colour, Pair, Pairing, PairingError, PairingSystem, RoundState, Tournament};
use swiss_lim::{Lim, Options, pair_state};

/// Pairs adjacent players in score order, avoiding rematches greedily;
/// white to the player with fewer whites (ties: the first of the pair),
/// which keeps colour differences small but allows three in a row.
struct Naive;

impl PairingSystem for Naive {
    fn name(&self) -> &'static str {
        "naive"
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
                    let diff = |p: &swiss_core::PlayerState| {
                        p.colours.iter().filter(|&&c| c == Colour::White).count() as i64
                            - p.colours.iter().filter(|&&c| c == Colour::Black).count() as i64
                    };
                    let a_white = diff(a) <= diff(b);
                    let (w, bl) = if a_white { (a, b) } else { (b, a) };
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

fn list(var: &str, default: &str) -> Vec<u32> {
    std::env::var(var)
        .unwrap_or_else(|_| default.to_string())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}

/// The state before `round` of an `n`-player event played by `history`.
fn state(history: &dyn PairingSystem, n: u32, round: u32) -> RoundState {
    let cfg = SimulationConfig {
        rounds: round - 1,
        seed: u64::from(n),
        ..SimulationConfig::default()
    };
    let mut t = if round > 1 {
        simulate(history, random_players(n, 11), "bench", &cfg).unwrap()
    } else {
        Tournament {
            players: random_players(n, 11),
            initial_colour: Some(Colour::White),
            ..Tournament::default()
        }
    };
    t.planned_rounds = Some(round.max(11) + 1);
    RoundState::before(&t, round)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("lim");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    let own = Lim::default();
    for n in list("LIM_BENCH_SIZES", "1000,9999") {
        for round in list("LIM_BENCH_ROUNDS", "1,11") {
            for (label, history) in [("own", &own as &dyn PairingSystem), ("foreign", &Naive)] {
                if round == 1 && label == "foreign" {
                    continue;
                }
                let st = state(history, n, round);
                g.bench_with_input(
                    BenchmarkId::new(format!("round{round}-{label}"), n),
                    &st,
                    |b, st| b.iter(|| pair_state(st, &Options::default()).unwrap()),
                );
            }
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
