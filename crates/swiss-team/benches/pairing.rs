//! Time to pair one round of simulated 200-team (Olympiad size) and
//! 1,000-team events with the team engine (C.04.6), rounds 1, 6 and 11 of
//! 11: the whole procedure (PAB, upfloater sets, brackets in identifier
//! order, colours) from the round's input. Histories are played by the
//! engine itself (`swiss_team::simulate`: drawn boards, half-point byes,
//! forfeited matches), match points primary, type A; the 1,000-team round
//! 6 again with game points primary (more scoregroups). Sizes:
//! `TEAM_BENCH_SIZES` (comma-separated, default `200,1000`).
#![allow(missing_docs, clippy::unwrap_used)]

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use swiss_team::simulate::{Setup, simulate};
use swiss_team::{ColourType, Primary, pair_teams};

fn setup(teams: u32, primary: Primary) -> Setup {
    Setup {
        teams,
        boards: 4,
        rounds: 11,
        colour_type: ColourType::A,
        primary,
        draws_per_mille: 300,
        byes_per_mille: 10,
        forfeits_per_mille: 10,
        seed: u64::from(teams),
    }
}

fn sizes() -> Vec<u32> {
    std::env::var("TEAM_BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![200, 1000])
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("team_round");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    for teams in sizes() {
        for (primary, name, rounds) in [
            (Primary::MatchPoints, "mp", &[1, 6, 11][..]),
            (Primary::GamePoints, "gp", &[6][..]),
        ] {
            let event = simulate(&setup(teams, primary));
            for &round in rounds {
                if event
                    .teams
                    .iter()
                    .all(|t| t.rounds.len() < round as usize - 1)
                {
                    continue;
                }
                let input = event.round_input(round);
                g.bench_with_input(
                    BenchmarkId::new(format!("{teams}-{name}"), round),
                    &input,
                    |b, input| b.iter(|| pair_teams(input).unwrap()),
                );
            }
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
