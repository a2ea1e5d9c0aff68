//! The TRF reader never panics, and whatever it accepts survives a
//! write/read round trip. (The cargo-fuzz target in `fuzz/` runs the same
//! property for hours; this keeps a quick version in CI.)
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use swiss_core::{RoundState, trf};

/// Lines that look like TRF records, with random damage.
fn trf_like() -> impl Strategy<Value = String> {
    let entry = (
        0u32..12,
        prop::sample::select(vec!['w', 'b', '-', ' ', 'x']),
        prop::sample::select(vec![
            '1', '0', '=', '+', '-', 'U', 'H', 'Z', 'F', 'W', 'D', 'L', ' ', '?',
        ]),
    )
        .prop_map(|(o, c, r)| format!("  {o:04} {c} {r}"));
    let player = (
        1u32..12,
        "[A-Za-zé ,]{0,40}",
        0u32..3000,
        0u32..100,
        prop::collection::vec(entry, 0..6),
    )
        .prop_map(|(sn, name, rating, pts, rounds)| {
            let mut s = format!(
                "001 {sn:>4}      {name:<33} {rating:>4}                             {:>4}     ",
                format!("{}.{}", pts / 10, pts % 10)
            );
            for e in rounds {
                s.push_str(&e);
            }
            s
        });
    let other = prop::sample::select(vec![
        "012 Test".to_string(),
        "XXR 5".to_string(),
        "XXC white1".to_string(),
        "XXC black1".to_string(),
        "BBW  3.0".to_string(),
        "BBD  1.0".to_string(),
        "XXS W=2 D=1 PAB=1".to_string(),
        "XXA    1  1.0  0.5".to_string(),
        "XXP 1 2 3".to_string(),
        "XXR x".to_string(),
        "".to_string(),
    ]);
    let line = prop_oneof![3 => player, 1 => other, 1 => "\\PC{0,120}"];
    (
        prop::collection::vec(line, 0..14),
        prop::sample::select(vec!["\n", "\r\n", "\r"]),
    )
        .prop_map(|(lines, end)| lines.join(end))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn reader_never_panics_and_round_trips(text in trf_like()) {
        if let Ok(t) = trf::read(&text, "p.trf") {
            let again = trf::read(&trf::write(&t), "p.trf");
            prop_assert_eq!(Ok(t.clone()), again);
            // The derived state is total on anything the reader accepts.
            let _ = RoundState::next(&t);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = trf::read(&text, "b.trf");
    }
}

/// A random but consistent tournament: every game listed by both players.
fn tournament() -> impl Strategy<Value = swiss_core::Tournament> {
    use swiss_core::{Colour, Player, ResultCode as R, RoundEntry, Tournament};
    (2usize..14, 0usize..6, any::<u64>(), "[A-Za-zÀ-ÿ ,.-]{0,40}").prop_map(
        |(n, rounds, mut seed, name)| {
            let mut next = move || {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 33) as usize
            };
            let mut t = Tournament {
                name: name.trim().to_string(),
                ..Tournament::default()
            };
            if next() % 2 == 0 {
                t.point_system = swiss_core::PointSystem::from_bb(
                    swiss_core::Points(30),
                    swiss_core::Points(10),
                    swiss_core::Points(0),
                    swiss_core::Points(0),
                    swiss_core::Points(0),
                    Some(swiss_core::Points(10)),
                );
            }
            for i in 0..n {
                // The TRF name field holds 33 characters; longer names are cut on writing.
                let full: String = format!("P{i} {}", name.trim()).chars().take(33).collect();
                let mut p = Player::new(i as u32 + 1, full.trim_end(), Some(2000 - i as u16));
                p.title = [
                    None,
                    Some(swiss_core::Title::GM),
                    Some(swiss_core::Title::WFM),
                ][next() % 3];
                t.players.push(p);
            }
            for _ in 0..rounds {
                let mut order: Vec<usize> = (0..n).collect();
                for i in (1..n).rev() {
                    order.swap(i, next() % (i + 1));
                }
                let mut entries = vec![RoundEntry::BLANK; n];
                let mut it = order.into_iter();
                while let Some(a) = it.next() {
                    match (next() % 8, it.next()) {
                        (0, _) | (_, None) => {
                            entries[a] = RoundEntry::no_game(
                                [R::PairingBye, R::HalfBye, R::ZeroBye, R::FullBye, R::Blank]
                                    [next() % 5],
                            );
                        }
                        (k, Some(b)) => {
                            let (ra, rb) = [
                                (R::Win, R::Loss),
                                (R::Draw, R::Draw),
                                (R::Loss, R::Win),
                                (R::ForfeitWin, R::ForfeitLoss),
                                (R::ForfeitLoss, R::ForfeitLoss),
                                (R::ShortDraw, R::ShortDraw),
                                (R::Win, R::Loss),
                            ][k - 1];
                            entries[a] = RoundEntry::game(b as u32 + 1, Colour::White, ra);
                            entries[b] = RoundEntry::game(a as u32 + 1, Colour::Black, rb);
                        }
                    }
                }
                for (p, e) in t.players.iter_mut().zip(entries) {
                    p.rounds.push(e);
                }
            }
            let ps = t.point_system;
            for p in &mut t.players {
                while p.rounds.last() == Some(&RoundEntry::BLANK) {
                    p.rounds.pop();
                }
                p.points = p.score_after(u32::MAX, &ps);
            }
            t
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn written_tournaments_read_back_equal(t in tournament()) {
        let text = trf::write(&t);
        let back = trf::read(&text, "w.trf");
        prop_assert_eq!(Ok(t), back, "{}", text);
    }
}
