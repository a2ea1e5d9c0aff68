//! Tests pinning the "Rule interpretations (2012 edition)" documented on
//! `swiss_dutch::Edition` (each named after the interpretation it pins),
//! on small hand-made events; every pairing passes the verifier.
#![allow(clippy::unwrap_used)]

mod fide2012_common;

use fide2012_common::{boards, event, game, no_game, pair_next, pair_state, pairs, player, state};
use swiss_core::ResultCode::{self, Draw, Win, ZeroBye};
use swiss_core::{PastRound, Points, RoundEntry, RoundState};

/// Round 2: 1 (beat 4 with white, wants black), 2 (beat 5 with black,
/// wants white) and 3 (no game in round 1, scored `result`) share one
/// point; 4 (lost to 1 with black) is alone on zero, 5 is absent.
fn float_case(result: ResultCode) -> RoundState {
    let past = |entry, before| PastRound {
        entry,
        score_before: Points(before),
    };
    let mut p1 = player(1, 10, "W");
    p1.met = vec![4];
    p1.history = vec![past(RoundEntry::game(4, swiss_core::Colour::White, Win), 0)];
    let mut p2 = player(2, 10, "B");
    p2.met = vec![5];
    p2.history = vec![past(RoundEntry::game(5, swiss_core::Colour::Black, Win), 0)];
    let mut p3 = player(3, 10, "");
    let entry = if result == ResultCode::ForfeitWin {
        RoundEntry::game(5, swiss_core::Colour::White, result)
    } else {
        RoundEntry::no_game(result)
    };
    p3.history = vec![past(entry, 0)];
    let mut p4 = player(4, 0, "B");
    p4.met = vec![1];
    p4.history = vec![past(
        RoundEntry::game(1, swiss_core::Colour::Black, ResultCode::Loss),
        0,
    )];
    let mut p5 = player(5, 0, "W");
    p5.to_pair = false;
    p5.met = vec![2];
    state(2, vec![p1, p2, p3, p4, p5], false)
}

/// Interpretation 1 (A.4, A.5, B.1.b, F.5). In the one-point bracket
/// {1, 2, 3} S1 = {1}, S2 = {2, 3}: transposition 0 pairs 1-2 (both wishes
/// met) and moves 3 down. After a requested bye or an absence 3 has no
/// float, so that stands. After the (pairing-allocated) bye or a forfeit
/// win he floated down last round (B.1.b): B.5 for downfloaters rejects
/// moving him again, and 1-3 (2 moves down) meets every requirement.
#[test]
fn fide2012_unpaired_round_is_no_float() {
    for result in [
        ResultCode::HalfBye,
        ResultCode::ZeroBye,
        ResultCode::FullBye,
    ] {
        let p = pair_state(&float_case(result));
        assert_eq!(pairs(&p), [(1, 2), (3, 4)], "{result:?}");
    }
    for result in [ResultCode::PairingBye, ResultCode::ForfeitWin] {
        let p = pair_state(&float_case(result));
        assert_eq!(pairs(&p), [(1, 3), (2, 4)], "{result:?}");
    }
}

/// Interpretation 2 (A.10, B.2 note, C.10.g). Round 3: 1 and 2 won twice
/// with black (absolute preference for white), 3 and 4 have nothing.
/// In the last round 1 and 2 are top scorers (2 > 50% of 2): B.2 may be
/// ignored to avoid two floaters, so they meet (E.4: 1, the higher
/// ranked, gets white). In an earlier round they may not (C.1 moves both
/// down) and each meets a zero-pointer.
#[test]
fn fide2012_topscorers_only_in_the_last_round() {
    let players = || {
        vec![
            player(1, 20, "BB"),
            player(2, 20, "BB"),
            player(3, 0, "WW"),
            player(4, 0, "BW"),
        ]
    };
    let last = pair_state(&state(3, players(), true));
    assert_eq!(boards(&last), [(1, 2), (4, 3)]);
    let earlier = pair_state(&state(3, players(), false));
    assert_eq!(pairs(&earlier), [(1, 3), (2, 4)]);
}

/// Interpretation 3 (A.7.d). Round 3 (odd), four players on one point: 1
/// and 3 missed a round and had black in their only game (strong
/// preference for white), 2 and 4 played W, B (mild preference for
/// white). All want white: X1 = 2, every pairing has X = 2. A.7.d treats 1
/// and 3 as absolute, so transposition 0 (1-3, 2-4) breaks it and
/// transposition 1 (1-4, 2-3) does not: the strong players each get white
/// (E.2).
#[test]
fn fide2012_a7d_strong_treated_as_absolute() {
    let players = vec![
        player(1, 10, "B"),
        player(2, 10, "WB"),
        player(3, 10, "B"),
        player(4, 10, "WB"),
    ];
    let p = pair_state(&state(3, players, false));
    assert_eq!(boards(&p), [(1, 4), (3, 2)]);
}

/// Interpretation 6 (C.1 in the lowest bracket): 3 may meet neither 1 nor
/// 2, but the bracket is the lowest and has an odd number of players: 3
/// takes the bye and the round is complete, no C.13 needed.
#[test]
fn fide2012_c1_lowest_player_without_opponent_takes_the_bye() {
    let mut p3 = player(3, 10, "");
    p3.forbidden = swiss_core::Partners::from_list(3, &[1, 2]);
    let mut p1 = player(1, 10, "");
    p1.forbidden = swiss_core::Partners::from_list(1, &[3]);
    let mut p2 = player(2, 10, "");
    p2.forbidden = swiss_core::Partners::from_list(2, &[3]);
    let p = pair_state(&state(2, vec![p1, p2, p3], false));
    assert_eq!(pairs(&p), [(1, 2)]);
    assert_eq!(p.bye, Some(3));
}

/// Interpretation 8 (E.3 with F.3). Round 4: 1 was absent in round 1, 2
/// in round 3; both played W then B (mild preference for white) and are
/// alone on two points. Counted back over played games (F.3: "BWWB with
/// no game in round 4 counts as BWWB") the histories never differ, so E.4
/// gives 1, the higher ranked, white. Comparing round by round would find
/// round 2 (1 white, 2 black) and give 1 black.
#[test]
fn fide2012_e3_uses_played_games_only() {
    let mut t = event(8, 5);
    // Round 1: 1 and 8 absent, 2-5 (2 wins), 3-4 and 6-7 drawn.
    no_game(&mut t, 1, ZeroBye);
    game(&mut t, 2, 5, Win);
    game(&mut t, 3, 4, Draw);
    game(&mut t, 6, 7, Draw);
    no_game(&mut t, 8, ZeroBye);
    // Round 2: 1-3 (1 wins), 6-2 (2 wins with black), 4-5 and 7-8 drawn.
    game(&mut t, 1, 3, Win);
    game(&mut t, 6, 2, ResultCode::Loss);
    game(&mut t, 4, 5, Draw);
    game(&mut t, 7, 8, Draw);
    // Round 3: 4-1 (1 wins with black), 3-6 and 5-7 drawn, 2 and 8 absent.
    game(&mut t, 4, 1, ResultCode::Loss);
    no_game(&mut t, 2, ZeroBye);
    game(&mut t, 3, 6, Draw);
    game(&mut t, 5, 7, Draw);
    no_game(&mut t, 8, ZeroBye);
    let p = pair_next(&t);
    assert_eq!(boards(&p)[0], (1, 2));
    // Where the played games do differ E.3 decides before E.4: both want
    // white (mild); counted back, the third-last games differ (1 white,
    // 2 black), so 1 gets black although he ranks higher.
    let p = pair_state(&state(
        5,
        vec![player(1, 20, "BWWB"), player(2, 20, "WBWB")],
        false,
    ));
    assert_eq!(boards(&p), [(2, 1)]);
}

/// Interpretation 8 (E.2 between two absolute preferences). The last
/// round; 1 (a top scorer, W B W W B B: absolute white) meets 2 (B W B B
/// W B: colour difference -2, absolute white), allowed by the B.2 note.
/// E.2 finds both preferences equally strong (the 2012 text has no
/// tie-break by colour difference), so E.3 decides: counted back, the
/// second-last games differ (1 black, 2 white) and 1 gets white.
#[test]
fn fide2012_e2_two_absolutes_go_to_e3() {
    let players = vec![player(1, 40, "WBWWBB"), player(2, 30, "BWBBWB")];
    let p = pair_state(&state(7, players, true));
    assert_eq!(boards(&p), [(1, 2)]);
}

/// Interpretation 9 (F.1): the published order, checked on a replayed
/// reference round: boards by the higher player's score, then the sum of
/// both scores, then the higher player's rank (pairing number).
#[test]
fn fide2012_f1_board_order() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/dutch/t0041-p115-r06.trf");
    let t = swiss_core::trf::read(&std::fs::read_to_string(path).unwrap(), "t0041").unwrap();
    for k in 2..=t.played_rounds() {
        let before = swiss_core::before_round(&t, k);
        let st = RoundState::next(&before);
        let p = pair_state(&st);
        let score = |s: u32| st.player(s).unwrap().score;
        let keys: Vec<_> = p
            .pairs
            .iter()
            .map(|b| {
                let (hi, lo) = if (score(b.white), std::cmp::Reverse(b.white))
                    >= (score(b.black), std::cmp::Reverse(b.black))
                {
                    (b.white, b.black)
                } else {
                    (b.black, b.white)
                };
                (
                    std::cmp::Reverse(score(hi)),
                    std::cmp::Reverse(score(hi) + score(lo)),
                    hi,
                )
            })
            .collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "round {k}: {p}");
    }
}
