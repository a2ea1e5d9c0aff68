//! Cost of reading a TRF and deriving the state before a round, for fields
//! of 1,000 and 9,999 players after 10 rounds.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use swiss_core::{Colour, Player, ResultCode, RoundEntry, RoundState, Tournament, trf};

/// A field with `rounds` rounds of history: player i meets i + n/2 shifted by the round.
fn field(n: u32, rounds: u32) -> Tournament {
    let mut t = Tournament {
        planned_rounds: Some(rounds + 1),
        ..Tournament::default()
    };
    t.players = (1..=n)
        .map(|i| Player::new(i, format!("P{i}"), Some(2800 - (i % 1500) as u16)))
        .collect();
    let half = n / 2;
    for r in 0..rounds {
        for i in 0..half {
            let a = i;
            let b = half + (i + r) % half;
            let (ra, rb) = match (a + b + r) % 3 {
                0 => (ResultCode::Win, ResultCode::Loss),
                1 => (ResultCode::Draw, ResultCode::Draw),
                _ => (ResultCode::Loss, ResultCode::Win),
            };
            let (ca, cb) = if (i + r) % 2 == 0 {
                (Colour::White, Colour::Black)
            } else {
                (Colour::Black, Colour::White)
            };
            t.players[a as usize]
                .rounds
                .push(RoundEntry::game(b + 1, ca, ra));
            t.players[b as usize]
                .rounds
                .push(RoundEntry::game(a + 1, cb, rb));
        }
        if n % 2 == 1 {
            t.players[(n - 1) as usize]
                .rounds
                .push(RoundEntry::no_game(ResultCode::PairingBye));
        }
    }
    let ps = t.point_system;
    for p in &mut t.players {
        p.points = p.score_after(u32::MAX, &ps);
    }
    t
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("state");
    g.sample_size(10);
    for n in [1000u32, 9999] {
        let t = field(n, 10);
        let text = trf::write(&t);
        g.bench_with_input(BenchmarkId::new("trf_read", n), &text, |b, text| {
            b.iter(|| trf::read(text, "bench"))
        });
        g.bench_with_input(BenchmarkId::new("round_state", n), &t, |b, t| {
            b.iter(|| RoundState::next(t))
        });
    }
    // Issue 26.4: 9,999 players and 20,000 identical `250` lines (1.2 MB),
    // read and the state derived: linear in the file (17-24 s before).
    let mut text = String::from("XXR 9\n");
    for i in 1..=9999u32 {
        text.push_str(&format!(
            "001 {i:>4}      P{i:<32} {:>4}\n",
            2800 - i % 1500
        ));
    }
    for _ in 0..20_000 {
        text.push_str("250       1.0   1   3    1 9999\n");
    }
    g.bench_with_input(
        BenchmarkId::new("trf_read_20000_records_250", 9999),
        &text,
        |b, text| {
            b.iter(|| {
                let t = trf::read(text, "bench").map(|t| RoundState::next(&t).players.len());
                assert_eq!(t, Ok(9999));
            })
        },
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
