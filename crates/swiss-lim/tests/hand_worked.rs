//! Multi-round cases worked by hand, the reasoning in the comments: a
//! blocked median score-group (`Lim 2.6`), floaters from both directions
//! meeting in one score-group (`Lim 3.6.3`, `3.8`), the four floater types
//! (`Lim 3.9`, with `3.3` and `3.5`), a floater who floated the round
//! before (`Lim 3.10`) and the last-round exception (`Lim 6`).
//!
//! Colours after each game are written `W`/`B`; "due" is the colour due
//! (`Lim 5.5`/`5.6`), "must" a colour forced by `Lim 5.1 a/b`.
#![allow(clippy::unwrap_used)]

mod common;

use common::{check, coloured, event, explain, forbid, opponent, paired, round};
use swiss_core::{Colour, RoundState};
use swiss_lim::{Options, pair_state};

/// `Lim 2.6`, cracking the lower group. Seven players, round 4 (median
/// 1.5), player 1 drawn black.
///
/// Scores: 1: 3; 2, 3: 2; 4, 5: 1.5; 6, 7: 1. Colours: 1 B W B (due W),
/// 2 W B W (due B), 3 B W B (due W), 5 B W (due B), 6 W B (due W),
/// 7 B W (due B).
///
/// - Bye (`Lim 1.1`): the lowest group {6, 7} had byes (C.04.1 d); in
///   {4, 5} 5 had one: 4 gets it.
/// - 3.0 {1}: alone, floats (`Lim 2.3 a`).
/// - 2.0 {2, 3} + DF 1: 2 has met 3 and 1 and floats on (2.3 a); 1 (DF
///   first, `Lim 3.6`) takes 3.
/// - Below the median, 1.0 {6, 7} upward: 7 v 6.
/// - Median 1.5 {5} + DF 2: 2 has met 5: blocked. One floater from above,
///   none from below: the next pairing of the lower group, 7 v 6, is
///   cracked; 7 and 6 join as floaters from below (3.7 order: 7, 6).
/// - Median again: DF 2 first: 5 met, 7 due black like 2, 6 due white:
///   2 v 6 (`Lim 3.8`). UF 7 takes the last resident, 5.
/// - Colours: 1 v 3 identical histories, above the median: the higher
///   ranked 1 gets his due white (`Lim 5.4`); 6 W v 2 B; 7 v 5 both due
///   black with identical histories, in the median: 5 (1.5, higher ranked)
///   gets black.
#[test]
fn blocked_median_cracks_the_lower_group() {
    let mut t = event(7, 5);
    t.initial_colour = Some(Colour::Black);
    round(
        &mut t,
        &[(2, 5, '1'), (4, 1, '0'), (6, 3, '0'), (7, 0, 'U')],
    );
    round(
        &mut t,
        &[(1, 7, '1'), (3, 2, '0'), (5, 4, '='), (6, 0, 'U')],
    );
    round(
        &mut t,
        &[(2, 1, '0'), (4, 6, '1'), (5, 0, 'U'), (7, 3, '0')],
    );
    let (p, log) = explain(&t);
    assert_eq!(p.bye, Some(4));
    assert_eq!(coloured(&p), [(1, 3), (6, 2), (7, 5)]);
    assert!(log.contains("cracked=7 v 6 side=\"lower\""), "{log}");
}

/// Twelve players, round 3 (median 1.0), used by the next three tests.
///
/// Scores: 1, 2, 3: 2; 4, 5: 1.5; 6, 7: 1; 8, 12: 0.5; 9, 10, 11: 0.
/// Round 2 floats (`Lim 3.10`): 1 (v 9), 2 (v 10), 4 (v 12), 5 (v 8),
/// 8, 9, 10, 12; not 3 (v 6, equal scores), 6, 7, 11 (v 7, both 0).
/// Colours due: 1 W, 2 B, 3 W, 4 B, 5 W, 6 B, 7 B, 8 must B (W W),
/// 9 B, 10 W, 11 must W (B B), 12 W.
/// 4 and 5 may not meet 6 or 7 (`XXP`): they have no compatible opponent
/// in the median score-group.
fn round3_twelve() -> swiss_core::Tournament {
    let mut t = event(12, 5);
    round(
        &mut t,
        &[
            (1, 7, '1'),
            (8, 2, '0'),
            (3, 9, '1'),
            (10, 4, '0'),
            (5, 11, '1'),
            (12, 6, '0'),
        ],
    );
    round(
        &mut t,
        &[
            (9, 1, '0'),
            (2, 10, '1'),
            (6, 3, '0'),
            (4, 12, '='),
            (8, 5, '='),
            (7, 11, '1'),
        ],
    );
    forbid(&mut t, &[(4, 6), (4, 7), (5, 6), (5, 7)]);
    t
}

/// `Lim 3.10`. In [`round3_twelve`] the 2.0 group {1, 2, 3} is odd; all
/// three have a compatible opponent in {4, 5} (type d). 1 and 2 floated in
/// round 2, 3 did not: 3 floats (3.2 would pick him too: 1 and 3 are due
/// white, the majority, and 3 is the lowest numbered). Swap the roles in
/// round 2 (1 meets 6 on equal scores, 3 beats 9, a float): 3.2 alone
/// would still float 3, but 3 floated the round before and 1 did not, so
/// 1 floats and 2 meets 3.
#[test]
fn floated_last_round_is_not_floated_again() {
    let t = round3_twelve();
    let p = check(&t);
    assert!(paired(&p, 1, 2), "{p}");
    assert_eq!(opponent(&p, 3), Some(4), "3 floats down: {p}");
    // Now give 3 the float in round 2 instead of 1: 1 beats 6, 3 beats 9.
    let mut t = event(12, 5);
    round(
        &mut t,
        &[
            (1, 7, '1'),
            (8, 2, '0'),
            (3, 9, '1'),
            (10, 4, '0'),
            (5, 11, '1'),
            (12, 6, '0'),
        ],
    );
    round(
        &mut t,
        &[
            (6, 1, '0'),
            (2, 10, '1'),
            (9, 3, '0'),
            (4, 12, '='),
            (8, 5, '='),
            (7, 11, '1'),
        ],
    );
    forbid(&mut t, &[(4, 6), (4, 7), (5, 6), (5, 7)]);
    let p = check(&t);
    assert!(paired(&p, 2, 3), "{p}");
    assert!(opponent(&p, 1).unwrap() >= 4, "1 floats: {p}");
}

/// `Lim 3.9` with `3.10` in [`round3_twelve`]: the 1.5 group {4, 5} with
/// DF 3 is odd. 4 and 5 have no compatible opponent in the median {6, 7}
/// (type c); 3 has one (7; type b). 4 and 5 floated in round 2 and 3 did
/// not, but 3.10 protects them only if that "will not produce other
/// floaters of the types a, b, c": so a type c floats, not the type b
/// floater 3. Of 4 (due B) and 5 (due W), 5 is due the majority colour
/// (3 and 5 white): 5 floats (`Lim 3.2`), 3 v 4 (`Lim 3.8`).
///
/// Below: 0 {9, 10, 11} upward: all type d; 9 and 10 floated in round 2,
/// 11 did not: 11 floats up (3.10), 10 v 9. 0.5 {8, 12} + UF 11: 8 and 12
/// have opponents in the median (type d), 11 too but came in (type b);
/// 8 and 12 both floated in round 2; 12 is due white like 11, the
/// majority: 12 floats (3.2); 11 v 8.
///
/// Median 1.0 {6, 7} + DF 5 + UF 12 — floaters from both directions meet
/// (`Lim 3.6.3`: DF first): 5 may not meet 6 or 7, so he takes the other
/// floater 12; 6 v 7 remain.
#[test]
fn floater_type_c_floats_before_type_b_and_both_directions_meet() {
    let t = round3_twelve();
    let (p, log) = explain(&t);
    assert_eq!(
        coloured(&p),
        [(1, 2), (3, 4), (5, 12), (7, 6), (10, 9), (11, 8)]
    );
    assert!(log.contains("floater 3 (Lim 3.9.1 type d"), "{log}");
    assert!(log.contains("floater 5 (Lim 3.9.1 type c"), "{log}");
    assert!(log.contains("floater 11 (Lim 3.9.1 type d"), "{log}");
    assert!(
        log.contains("incoming=[\"5 DF 1.5\", \"12 UF 0.5\"]"),
        "{log}"
    );
}

/// `Lim 3.9`, type d before type c (`Lim 3.3`, `3.5`): ten players, round
/// 2, the top five won: 1-group {1..5}, 0-group {6..10}, empty median.
/// Due: 1 B, 2 W, 3 B, 4 W, 5 B; black is the majority, so by `Lim 3.2`
/// the lowest numbered player due black, 5, would float. But 5 may meet
/// nobody of the 0-group (`XXP`; he also met 10): type c. 3 (due black,
/// type d) floats instead; 1 v 4 (1 passes over 3, due black too), 2 v 5.
#[test]
fn floater_type_d_floats_before_type_c() {
    let mut t = event(10, 5);
    round(
        &mut t,
        &[
            (1, 6, '1'),
            (7, 2, '0'),
            (3, 8, '1'),
            (9, 4, '0'),
            (5, 10, '1'),
        ],
    );
    forbid(&mut t, &[(5, 6), (5, 7), (5, 8), (5, 9)]);
    let (p, log) = explain(&t);
    assert!(paired(&p, 1, 4) && paired(&p, 2, 5), "{p}");
    assert!(opponent(&p, 3).unwrap() > 5, "3 floats: {p}");
    assert!(log.contains("floater 3 (Lim 3.9.1 type d"), "{log}");
    // Without the XXP, 5 floats.
    let mut t = event(10, 5);
    round(
        &mut t,
        &[
            (1, 6, '1'),
            (7, 2, '0'),
            (3, 8, '1'),
            (9, 4, '0'),
            (5, 10, '1'),
        ],
    );
    let p = check(&t);
    assert!(opponent(&p, 5).unwrap() > 5, "5 floats: {p}");
}

/// `Lim 3.9` types a and b, `Lim 3.5`: floaters with no compatible
/// opponent in a group are floated on. Ten players, round 3 (median 1.0).
///
/// Scores: 1: 2; 3, 4: 1.5; 2, 7, 9, 10: 1 (median); 5, 6: 0.5; 8: 0.
/// Colours: 1 W B (due W), 2 B W (due B), 3 W W (must B), 4 B B (must
/// W), 5 W W (must B), 6 B W (due B), 7 W W (must B), 8 B B (must W),
/// 9 W B (due W), 10 B B (must W).
/// `XXP`: 1 may not meet 3 or 4; 8 may not meet 5, 6, 2, 9 or 10.
///
/// - 2.0 {1}: alone, floats (2.3 a).
/// - 1.5 {3, 4} + DF 1: 1 has no compatible opponent there and floats on;
///   he has one in the median (7, 9, 10): type b. 3 v 4.
/// - 0 {8}: alone, floats up. 0.5 {5, 6} + UF 8: 8 has no compatible
///   opponent there, nor in the median (7 met, the others `XXP`): type a,
///   floated on (`Lim 3.5`). 6 v 5.
/// - Median {2, 7, 9, 10} + DF 1 + UF 8: DF 1 first (3.6.3); his
///   candidates 7, 9, 10 would each leave 8 without an opponent, so 1
///   takes 8 (the rest must stay pairable, `Lim 4.3`/`4.4`). Then 2 v 9
///   (the proposed pairing; 2 due B, 9 due W) and 7 v 10.
#[test]
fn floaters_of_types_a_and_b_pass_through() {
    let mut t = event(10, 5);
    round(
        &mut t,
        &[
            (1, 6, '1'),
            (7, 2, '0'),
            (3, 8, '1'),
            (9, 4, '0'),
            (5, 10, '='),
        ],
    );
    round(
        &mut t,
        &[
            (2, 1, '0'),
            (3, 10, '='),
            (6, 4, '='),
            (5, 9, '0'),
            (7, 8, '1'),
        ],
    );
    forbid(
        &mut t,
        &[(1, 3), (1, 4), (8, 5), (8, 6), (8, 2), (8, 9), (8, 10)],
    );
    let (p, log) = explain(&t);
    assert!(
        log.contains("1 (Lim 2.3.1: has met every player of the group; Lim 3.9.1 type b)"),
        "{log}"
    );
    assert!(
        log.contains("8 (Lim 2.3.1: has met every player of the group; Lim 3.9.1 type a)"),
        "{log}"
    );
    assert!(
        paired(&p, 1, 8) && paired(&p, 3, 4) && paired(&p, 5, 6),
        "{p}"
    );
    assert!(paired(&p, 2, 9) && paired(&p, 7, 10), "{p}");
}

/// `Lim 6`: eight players, round 3.
///
/// Scores: 1, 2: 2 (both W W: must black); 3, 5, 8: 1 (median; 8 B B must
/// white, 3 W B due W, 5 B W due B); 4, 6: 0.5 (4 W W must B, 6 B B must
/// W; they met); 7: 0 (B B, must W).
///
/// As the last round (`XXR 3`): 1 and 2 have the same score and have not
/// met, so they are compatible although one must take a third white; the
/// identical histories give the higher ranked 1 his due black (5.4): 2 v 1.
/// Below: 7 floats up to {4, 6}; 7 (0) v 6 (0.5), both must white, is not
/// excepted (different scores), so 6 has no opponent and floats up; 7 v 4.
/// Median {3, 5, 8} + UF 6: 6 takes the lowest numbered player due the
/// other colour: 8 must white too, 5 is due black: 6 v 5; 8 v 3.
///
/// Not the last round (`XXR 5`): 1 and 2 cannot meet (2.3 c) and float to
/// the median; DF 1 takes the first resident he may meet: 8; DF 2 takes
/// 3 (due white); UF 6 takes 5.
#[test]
fn last_round_exception() {
    let build = |rounds: u32| {
        let mut t = event(8, rounds);
        round(
            &mut t,
            &[(1, 5, '1'), (2, 6, '1'), (3, 7, '1'), (4, 8, '0')],
        );
        round(
            &mut t,
            &[(1, 3, '1'), (2, 8, '1'), (4, 6, '='), (5, 7, '1')],
        );
        t
    };
    let (p, log) = explain(&build(3));
    assert_eq!(coloured(&p), [(2, 1), (6, 5), (7, 4), (8, 3)]);
    assert!(log.contains("Lim 6: last round"), "{log}");
    let p = check(&build(5));
    assert_eq!(coloured(&p), [(3, 2), (6, 5), (7, 4), (8, 1)]);
    // The state is what decides: the same record with XXR 3 is the last round.
    let st = RoundState::next(&build(3));
    assert!(st.is_last_round());
    assert!(pair_state(&st, &Options::default()).is_ok());
}
