//! Hand-worked cases of the 2012 edition: X1 and Z1 (A.8), backtracking
//! (C.12) and the lowest bracket (C.13), with the reasoning as comments.
#![allow(clippy::unwrap_used)]

mod fide2012_common;

use fide2012_common::{
    boards, c12_event, event, forbid, game, pair_next, pair_state, pairs, player, state,
};
use swiss_core::ResultCode::Win;

/// A.8 and C.10.e in an even round. Round 2 (even: after one game
/// everybody has a strong preference), one bracket of 8 on one point:
/// 1-4 played white (strong preference for black), 5-7 black (white), 8
/// had the bye and has none. W = 3, B = 4, w = b = 0, a = 1, P0 = 4.
/// B + b > W + w, so X1 = P0 - W - w - a = 4 - 3 - 0 - 1 = 0 and Z1 =
/// P0 - W - b - w - a = 0: every pair can meet both wishes. S1 = 1-4, S2 =
/// 5-8: transposition 0 (1-5, 2-6, 3-7, 4-8) meets X = 0, so C.6 takes it
/// and the colours follow the wishes.
#[test]
fn a8_x1_zero_takes_transposition_zero() {
    let mut players = Vec::new();
    for id in 1..=4 {
        players.push(player(id, 10, "W"));
    }
    for id in 5..=7 {
        players.push(player(id, 10, "B"));
    }
    players.push(player(8, 10, ""));
    let p = pair_state(&state(2, players, false));
    assert_eq!(boards(&p), [(5, 1), (6, 2), (7, 3), (8, 4)]);
}

/// A.8 with X1 > 0. Same bracket, but 3 and 4 also want white (they
/// played black): W = 5 (3-7), B = 2 (1, 2), a = 1 (8). B + b <= W + w, so
/// X1 = P0 - B - b - a = 4 - 2 - 0 - 1 = 1: one pair must leave a wish
/// unmet, and Z1 = 1 too (no mild preference to bend). S1 = 1-4, S2 = 5-8.
/// Transposition 0 pairs 3-7 and 4-8... 3 and 7 both want white, so it
/// has X = 1 (3-7; 4-8 is fine, 8 has no wish): that is X1, accepted.
/// Had the engine insisted on X = 0 (or not started at X1), it would
/// look for a transposition that does not exist and then lower another
/// requirement: the pairs would differ.
#[test]
fn a8_x1_one_accepts_one_unmet_wish() {
    let mut players = vec![player(1, 10, "W"), player(2, 10, "W")];
    for id in 3..=7 {
        players.push(player(id, 10, "B"));
    }
    players.push(player(8, 10, ""));
    let p = pair_state(&state(2, players, false));
    assert_eq!(pairs(&p), [(1, 5), (2, 6), (3, 7), (4, 8)]);
    // 3-7: both want white; equal strength, no history difference (E.3),
    // E.4 gives the higher ranked 3 white.
    assert!(boards(&p).contains(&(3, 7)));
}

/// A.8.b in an even round: Z counts only strong wishes, X all of them.
/// Round 4, one bracket of four on 1.5 points: 1 and 3 have played three
/// games, the last one with black (strong preference for white), 2 and 4
/// missed a round and have played W then B (mild preference for white).
/// W = 2 (1, 3), w = 2 (2, 4): X1 = P0 - B - b - a = 2 (all four want
/// white), Z1 = P0 - W... with B = W = 0: Z1 = 2 - 0 - 0 - 2 - 0 = 0.
/// Transposition 0 (1-3, 2-4) has X = 2 but Z = 1 (1 and 3 both strong);
/// transposition 1 (1-4, 2-3) has X = 2, Z = 0 = Z1: C.10.e never raises
/// Z, so 1-4 and 2-3 are paired, each strong player gets white (E.2).
#[test]
fn a8_z1_pairs_strong_with_mild() {
    let players = vec![
        player(1, 15, "WBB"),
        player(2, 15, "WB"),
        player(3, 15, "BWB"),
        player(4, 15, "WB"),
    ];
    let p = pair_state(&state(4, players, false));
    assert_eq!(boards(&p), [(1, 4), (3, 2)]);
}

/// C.12. Round 2 brackets: {1, 2, 3} on 1, {4, 5, 9, 10} on 0.5, {6, 7, 8}
/// on 0. In the top bracket all three want black (they had white):
/// X1 = 1, so any pair will do; S1 = {1}, S2 = {2, 3}: 1-2 is paired and 3
/// moves down. But 3 may not meet 4, 5, 9 or 10 (`XXP`): in the 0.5
/// bracket he is an incompatible moved-down player (C.1), so C.12
/// backtracks: another set of the same size and score must move down.
/// The top bracket is paired again with 3 kept: 1-3, and 2 moves down;
/// now the 0.5 bracket can make its P1 = 2 pairs, so this is accepted.
/// 0.5 bracket: MDP 2 (wants black) against S2 = 4, 5, 9, 10: 2-4 and 2-5
/// would break X (all want black), 2-9 is the first that fits; the
/// remainder {4, 5, 10}: 4-10 (4 black, 10 white), 5 moves down. Bottom:
/// MDP 5 with 6 (both wishes), then 7-8 (both want white: X1 = 1).
/// Without C.12, 3 would stay a floater and meet 6 in the bottom bracket.
#[test]
fn c12_backtracks_for_a_stranded_floater() {
    let mut t = c12_event();
    for o in [4, 5, 9, 10] {
        forbid(&mut t, 3, o);
    }
    let p = pair_next(&t);
    assert_eq!(pairs(&p), [(1, 3), (2, 9), (4, 10), (5, 6), (7, 8)]);
    // E.4 between 1 and 3 (both want black after white): 1, the higher
    // ranked, gets black; 7-8 the same: 7 gets white.
    assert_eq!(boards(&p), [(3, 1), (9, 2), (10, 4), (6, 5), (7, 8)]);
}

/// The same event without the forbidden pairs: no backtracking, 1-2 and 3
/// moves down (the control case of the test above).
#[test]
fn c12_not_needed_without_the_stranded_floater() {
    let p = pair_next(&c12_event());
    assert!(pairs(&p).contains(&(1, 2)), "{p}");
}

/// Round 1 of 6 players: 1-4, 2-5, 3-6, all won by white.
fn c13_event() -> swiss_core::Tournament {
    let mut t = event(6, 5);
    game(&mut t, 1, 4, Win);
    game(&mut t, 2, 5, Win);
    game(&mut t, 3, 6, Win);
    t
}

/// C.13 with another pairing of the penultimate bracket. Round 2: {1, 2,
/// 3} on 1 point (all want black), {4, 5, 6} on 0 (all want white), with
/// 4-6 and 5-6 forbidden. The top bracket pairs 1-2 and moves 3 down
/// (X1 = 1). The lowest bracket {3, 4, 5, 6} cannot be completed: 3 met 6,
/// and 3-4 or 3-5 leaves 5-6 or 4-6. Reducing M1 (C.14.b.2) does not help,
/// so C.13 backtracks to the penultimate bracket: with 3 kept, it pairs
/// 1-3 and moves 2 down, and {2, 4, 5, 6} can be completed: 2-4 leaves
/// 5-6 (forbidden), so 2-6, then 4-5.
#[test]
fn c13_finds_another_pairing_of_the_penultimate_bracket() {
    let mut t = c13_event();
    forbid(&mut t, 4, 6);
    forbid(&mut t, 5, 6);
    let p = pair_next(&t);
    // 1-3: E.4 gives 1 black; 4-5 both want white: 4 (higher) gets it.
    assert_eq!(boards(&p), [(3, 1), (6, 2), (4, 5)]);
}

/// C.13 joining the two lowest brackets. As above, with 4-5 forbidden too:
/// 4, 5 and 6 can only meet players from above, so no single floater from
/// {1, 2, 3} lets the lowest bracket be completed; P of the penultimate
/// bracket becomes zero and the two brackets are joined, the upper one as
/// S1 (3 of 6 came from above: treated as homogeneous, A.3). S1 = 1-3,
/// S2 = 4-6: 1-4, 2-5, 3-6 were played, the first transposition that
/// works is 1-5, 2-6, 3-4.
#[test]
fn c13_joins_the_two_lowest_brackets() {
    let mut t = c13_event();
    forbid(&mut t, 4, 5);
    forbid(&mut t, 4, 6);
    forbid(&mut t, 5, 6);
    let p = pair_next(&t);
    assert_eq!(boards(&p), [(5, 1), (6, 2), (4, 3)]);
}

/// C.13 with no way out: with 1-2, 1-3 and 2-3 also forbidden, nothing
/// completes the round: a typed "no legal pairing", not a panic.
#[test]
fn c13_no_legal_pairing_is_an_error() {
    let mut t = c13_event();
    for (a, b) in [
        (4, 5),
        (4, 6),
        (5, 6),
        (1, 2),
        (1, 3),
        (2, 3),
        (1, 5),
        (1, 6),
    ] {
        forbid(&mut t, a, b);
    }
    let options = swiss_dutch::Options::DEFAULT.with_edition(swiss_dutch::Edition::Fide2012);
    let e = swiss_dutch::pair_state(&swiss_core::RoundState::next(&t), &options).unwrap_err();
    assert!(
        matches!(e, swiss_dutch::Error::NoLegalPairing { .. }),
        "{e}"
    );
}
