//! Issue 43: four readings of the text and the groups it does not cover,
//! each on a round of a random event where the engine departed from the
//! text (or, for interpretation 5, where the text is silent), reduced to
//! the round and worked by hand in the comments. Each is checked by the
//! verifier of the edition and against the literal reference
//! (`common/reference.rs`), which follows the same readings.
//!
//! Colours after each game are written `W`/`B`; "due" is the colour due
//! (`Lim 5.5`/`5.6`), "must" a colour forced by `Lim 5.1 a/b`. "Highest
//! numbered" is the lowest start number (`Lim 4.2`: #1 is the highest).
#![allow(clippy::unwrap_used)]

mod common;

use common::reference::ReferenceSystem;
use common::{check, coloured, explain, paired};
use swiss_core::{Pair, Pairing, PairingSystem, Tournament, same_pairing};
use swiss_lim::Lim;

/// The round to pair, read from `players` (the `001` lines).
fn event(rounds: u32, colour: &str, players: &str) -> Tournament {
    let text = format!("012 issue 43\nXXR {rounds}\nXXC {colour}1\n{players}");
    swiss_core::trf::read(&text, "issue43.trf").unwrap()
}

/// The proposal `pairs` (white, black) with `bye`, for round `round`.
fn proposal(round: u32, pairs: &[(u32, u32)], bye: Option<u32>) -> Pairing {
    Pairing {
        round,
        pairs: pairs
            .iter()
            .map(|&(white, black)| Pair { white, black })
            .collect(),
        bye,
    }
}

/// The engine's pairing (2026, re-checked by the verifier), after the
/// literal reference has given the same one.
fn next(t: &Tournament) -> Pairing {
    let p = check(t);
    let r = ReferenceSystem {
        maxi: false,
        text_2026: true,
    }
    .pair(t)
    .unwrap();
    assert!(same_pairing(&p, &r), "engine {p} reference {r}");
    p
}

/// `Lim 3.10`'s provisos (issue 43, point 1). Round 3 (median 1.0).
///
/// Scores: 3: 2.0; 1, 6: 1.0; 2, 4, 5: 0.5. The 0.5 score-group {2, 4, 5}
/// is below the median, paired upward. Due: 2 W (W B), 5 B (B W), 4 none
/// (no game); 2 and 5 have met. All three have a compatible opponent in
/// the median score-group (type d, `Lim 3.9`).
///
/// - `Lim 2.3 d`: the group is odd. `Lim 3.2`: one due white, one due
///   black: the highest numbered player floats upward: 2.
/// - `Lim 3.10`: 2 floated in round 2 (0.5 against 3's 1.0), and so did 5
///   (0.5 against 1's 0.0). Floating 4 instead leaves 2 and 5, who have
///   met: no pairing, against one (5-4) when 2 floats. The number of
///   pairings would decrease, so the proviso fails: 2 floats, 5-4 are
///   paired.
/// - Median {1, 6} + DF 3 + UF 2: 3 (DF first, 3.6.3) has met 6: 3 v 1;
///   then 2 v 6.
///
/// The engine before ranked "floated in the round before" ahead of 3.2
/// and checked neither proviso: 4 floated, then 4.4 a floated 5 and
/// paired 2-4.
#[test]
fn lim_3_10_the_provisos_keep_the_floater_who_floated_before() {
    let t = event(
        3,
        "white",
        "\
XXR 3
XXC white1
001    1      Player 0001                       2263                             1.0       0000 - Z  0005 b 1
001    2      Player 0002                       1877                             0.5       0005 w =  0003 b 0
001    3      Player 0003                       1855                             2.0       0006 b 1  0002 w 1
001    4      Player 0004                       1635                             0.5       0000 - Z  0000 - H
001    5      Player 0005                       1529                             0.5       0002 b =  0001 w 0
001    6      Player 0006                       1507                             1.0       0003 w 0  0000 - U
",
    );
    let (p, log) = explain(&t);
    assert_eq!(coloured(&p), [(1, 3), (2, 6), (4, 5)]);
    assert!(
        log.contains("floater 2 (Lim 3.9.1 type d, floated in the round before, but no player of type d who did not can float instead without fewer pairings (Lim 3.10: floating him leaves 1 pairing; 4 would leave 0))"),
        "{log}"
    );
    // The literal reference reads the text the same way.
    assert_eq!(next(&t), p);
}

/// `Lim 3.5` after a `Lim 4.4 a` exchange (issue 43, point 2): the
/// issue's example, pairing downward. Round 3 (median 1.0).
///
/// Scores: 1, 4, 5: 1.5; 2: 1.0; 3, 6: 0.5. Due: 1 W (W B), 4 must W
/// (B B), 5 B (W), 2 B (W). 4 and 5 have met; 4 has met 2, the only
/// player of the median score-group.
///
/// - 1.5 {1, 4, 5} is odd (`Lim 2.3 d`). Types (`Lim 3.9`): 1 and 5 d, 4 c
///   (no compatible opponent in the median). `Lim 3.2`: two due white,
///   one due black: the floater is one due white, of type d: 1.
/// - Floating 1 leaves 4 and 5, who have met: `Lim 4.4 a`: the scrutiny
///   (downward, from the top) cannot pair 4, who is exchanged with 1.
/// - `Lim 3.5`: 4 has no compatible opponent in the adjacent score-group,
///   so he is exchanged for another player of his group if possible: 5
///   (type d; 1 and 4 can meet). 5 floats, 1-4 are paired.
/// - Median {2} + DF 5: 5 v 2. Below: 6 v 3.
///
/// The engine before let 4 float and pass through the median score-group
/// (paired 1-5, and 4 with 6 below).
#[test]
fn lim_3_5_the_floater_of_4_4_a_without_an_opponent_is_exchanged() {
    let t = event(
        4,
        "white",
        "\
XXR 4
XXC white1
001    1      Player 0001                       2625                             1.5       0003 w =  0006 b 1
001    2      Player 0002                       2098                             1.0       0004 b 0  0000 - U
001    3      Player 0003                       2008                             0.5       0001 b =  0000 - Z
001    4      Player 0004                       1810                             1.5       0002 w 1  0005 b =
001    5      Player 0005                       1530                             1.5       0000 - U  0004 w =
001    6      Player 0006                       1223                             0.5       0000 - H  0001 w 0
",
    );
    let (p, log) = explain(&t);
    assert_eq!(coloured(&p), [(1, 4), (2, 5), (3, 6)]);
    assert!(
        log.contains("floater 5 instead of 1, whose floating would leave the rest of the group unpairable: the first player the scrutiny leaves without an opponent, 4, has no compatible opponent in the adjacent score-group and is exchanged for 5 (Lim 3.5)"),
        "{log}"
    );
    // The literal reference reads the text the same way.
    assert_eq!(next(&t), p);
}

/// `Lim 3.8` among floaters (issue 43, point 3). Round 3 (median 1.0).
///
/// Scores: 3: 2.0; 4: 1.0; 1, 2: 0.0. 1 lost round 2 to 3 by forfeit (no
/// meeting, no colour, C.04.2); 2 was absent twice. Due: 3 B, 4 W, 1 and
/// 2 none.
///
/// - 2.0 {3} floats down. Below the median, 0.0 {1, 2}: 2 v 1.
/// - Median {4} + DF 3: 3 has met 4: blocked. One floater from above, none
///   from below: `Lim 2.6` cracks 2 v 1; 2 and 1 join as UF.
/// - DF 3 first (`Lim 3.6.3`): no resident he may meet (4), so another
///   floater: `Lim 3.8`, pairing downward, the highest numbered available
///   by pairing number: 1 (not 2, the first UF in the floaters' pairing
///   order, `Lim 3.7`). Then 2 v 4.
#[test]
fn lim_3_8_a_floater_takes_the_highest_numbered_floater() {
    let t = event(
        3,
        "white",
        "\
XXR 3
XXC white1
001    1      Player 0001                       2782                             0.0       0000 - Z  0003 w -
001    2      Player 0002                       2115                             0.0       0000 - Z  0000 - Z
001    3      Player 0003                       2033                             2.0       0004 w 1  0001 b +
001    4      Player 0004                       1697                             1.0       0003 b 0  0000 - U
",
    );
    let (p, log) = explain(&t);
    assert_eq!(coloured(&p), [(1, 3), (4, 2)]);
    assert!(
        log.contains("Lim 3.8 (no resident can be taken): 3 v 1"),
        "{log}"
    );
    // The literal reference reads the text the same way.
    assert_eq!(next(&t), p);
}

/// `Lim 4.4 a`: "the original pairing ... is retained" (issue 43, point
/// 4). Round 6 (median 2.5); 8 is absent.
///
/// Scores: 3: 4.5; 1, 2, 4, 5: 3.0; 6, 9: 2.0; 7: 1.0. In the 3.0 group,
/// 1 may meet only 4; 2 may meet 4 and 5; 3 (alone at 4.5, a DF here) has
/// met 1 and 2. Due: 1 W, 2 must W (B B), 4 B, 5 B, 3 B.
///
/// - 3.0 {1, 2, 4, 5} + DF 3 is odd (`Lim 2.3 d`). Types: 1, 4 d (each
///   may meet 9 in the 2.0 group), 2, 5 c, 3 b. `Lim 3.2`: three due
///   black, two white: 4 floats (due black, type d). `Lim 3.10`: 4 floated
///   in round 5, but so did 1, the only other player of type d: 4 stays
///   the floater.
/// - Floating 4 leaves 1 without an opponent. `Lim 4.4 a`: with 4 out,
///   the scrutiny pairs DF 3 first (`Lim 3.8`: 1 and 2 met, 5 the first
///   he may meet: 3 v 5), then cannot pair 1: 1 is exchanged with 4. The
///   pairing made before (3 v 5) is retained, and 2 v 4 remain.
/// - The engine before paired the group again from scratch, 4 back in:
///   3 took 4 (the highest numbered he may meet), then 2 v 5.
#[test]
fn lim_4_4_a_retains_the_pairs_made_before_the_exchange() {
    let t = event(
        7,
        "black",
        "\
XXR 7
XXC black1
001    1      Player 0001                       2788                             3.0       0006 b 0  0008 w 1  0005 b 1  0003 b 0  0002 w 1
001    2      Player 0002                       2770                             3.0       0007 w 1  0009 b 1  0003 w 0  0006 b 1  0001 b 0
001    3      Player 0003                       2723                             4.5       0008 b 1  0006 w 1  0002 b 1  0001 w 1  0000 - H
001    4      Player 0004                       2650                             3.0       0000 - Z  0000 - Z  0007 w 1  0009 b 1  0008 w 1
001    5      Player 0005                       2235                             3.0       0009 w 0  0007 b 1  0001 w 0  0008 b 1  0006 w 1
001    6      Player 0006                       2115                             2.0       0001 w 1  0003 b 0  0009 w 1  0002 w 0  0005 b 0
001    7      Player 0007                       2072                             1.0       0002 b 0  0005 w 0  0004 b 0  0000 - U  0009 w 0
001    8      Player 0008                       1978                             1.0       0003 w 0  0001 b 0  0000 - U  0005 w 0  0004 b 0  0000 - Z
001    9      Player 0009                       1916                             2.0       0005 b 1  0002 w 0  0006 b 0  0004 w 0  0007 b 1
",
    );
    let (p, log) = explain(&t);
    assert_eq!(coloured(&p), [(2, 4), (5, 3), (6, 7), (9, 1)]);
    assert!(
        log.contains("Lim 4.4.1, the original pairing retained: Lim 3.8: 3 v 5"),
        "{log}"
    );
    // The literal reference reads the text the same way.
    assert_eq!(next(&t), p);
}

/// Interpretation 5, a group the text does not cover (issue 43, point 5):
/// after a `Lim 4.4 a` exchange the pair retained leaves another player
/// without an opponent. The engine floats no more players than the group
/// needs: the retained pairs stand only as far as the rest can be paired.
/// Round 6 (median 2.5); 3 and 4 are absent.
///
/// - 1.5 {8, 9} (7 has the bye): 8 and 9 have met and float up.
/// - 2.0 {2, 5, 6} + UF 9, 8, paired upward, is odd. Residents all of
///   type c (`Lim 3.9`: they have met 1, the next group up); due white: 2,
///   5 (must), 8; due black: 6 (must), 9. `Lim 3.2` floats one due white,
///   the highest numbered: 2.
/// - Floating 2 leaves 8 without an opponent (he has met 5 and 6). `Lim
///   4.4 a`: the scrutiny (UF first) pairs 9 with 5 (`Lim 3.8`, upward:
///   6 has met him), then cannot pair 8: 8 is exchanged with 2.
/// - Retaining 9 v 5 would leave 2 and 6, who have met: a second player
///   without an opponent, for which the text has no rule (floating both,
///   as the text does with the first, makes three floaters). The engine
///   drops the retained pair and pairs the rest by the procedure: 9 v 2
///   (5 would leave 2 and 6), 6 v 5; 8 alone floats, and meets 1 in the
///   median score-group.
#[test]
fn lim_interpretation_5_retained_pairs_yield_to_a_complete_pairing() {
    let t = event(
        7,
        "black",
        "\
XXR 7
XXC black1
001    1      Player 0001                       2745                             4.5       0005 b 1  0002 w 1  0000 - H  0004 w 1  0006 b 1
001    2      Player 0002                       2523                             2.0       0006 w 1  0001 b 0  0003 w 0  0007 b =  0004 b =
001    3      Player 0003                       2438                             4.0       0008 b 1  0000 - Z  0002 b 1  0005 w 1  0007 w 1  0000 - Z
001    4      Player 0004                       2355                             3.5       0009 w 1  0005 b 1  0006 w 1  0001 b 0  0002 w =  0000 - Z
001    5      Player 0005                       2095                             2.0       0001 w 0  0004 w 0  0008 b 1  0003 b 0  0000 - U
001    6      Player 0006                       1861                             2.0       0002 b 0  0008 w 1  0004 b 0  0009 w 1  0001 w 0
001    7      Player 0007                       1742                             1.5       0000 - Z  0000 - Z  0009 b 1  0002 w =  0003 b 0
001    8      Player 0008                       1513                             1.5       0003 w 0  0006 b 0  0005 w 0  0000 - U  0009 b =
001    9      Player 0009                       1293                             1.5       0004 b 0  0000 - U  0007 w 0  0006 b 0  0008 w =
",
    );
    let p = next(&t);
    assert_eq!(coloured(&p), [(2, 9), (5, 6), (8, 1)]);
    assert_eq!(p.bye, Some(7));
}

/// Interpretation 5: when `Lim 4.4 a`'s exchange cannot make the group
/// pairable, one floater still leaves it: the next by `Lim 3.9` and
/// `3.2` whose floating leaves the others pairable. Round 6 (median 2.5).
///
/// - 2.0 {4, 5, 6, 7} + UF 8, paired upward, is odd. 6 alone may meet 3,
///   the next group up (type d); 4, 5, 7 are type c, 8 type b: 6 is the
///   floater (`Lim 3.9`).
/// - Floating 6 leaves 8 without an opponent (he has met 4, 5 and 7).
///   `Lim 4.4 a` exchanges 8 with 6, but then 6 has none (he has met 4, 5
///   and 7). The text says no more; the engine floats 5, the next by
///   `Lim 3.9` and `3.2` whose floating leaves the rest pairable (8 v 6,
///   7 v 4), rather than more players.
#[test]
fn lim_interpretation_5_the_rules_next_choice_when_4_4_a_cannot_help() {
    let t = event(
        6,
        "white",
        "\
XXR 6
XXC white1
001    1      Player 0001                       2657                             3.5       0004 w 1  0008 b 1  0002 w =  0000 - Z  0003 b 1
001    2      Player 0002                       2536                             4.5       0005 b 1  0003 w 1  0001 b =  0006 w 1  0004 b 1
001    3      Player 0003                       2334                             3.0       0007 w 1  0002 b 0  0004 w 1  0005 b 1  0001 w 0
001    4      Player 0004                       1620                             2.0       0001 b 0  0006 w 1  0003 b 0  0008 b 1  0002 w 0
001    5      Player 0005                       1505                             2.0       0002 w 0  0007 b =  0008 w 1  0003 w 0  0006 b =
001    6      Player 0006                       1464                             2.0       0000 - H  0004 b 0  0007 w 1  0002 b 0  0005 w =
001    7      Player 0007                       1301                             2.0       0003 b 0  0005 w =  0006 b 0  0000 - U  0008 w =
001    8      Player 0008                       1285                             1.5       0000 - U  0001 w 0  0005 b 0  0004 w 0  0007 b =
",
    );
    let (p, log) = explain(&t);
    assert!(
        log.contains("floater 5 instead of 6, whose floating would leave the rest of the group unpairable: the rules' next choice (Lim 3.9, 3.2)"),
        "{log}"
    );
    assert_eq!(coloured(&p), [(1, 6), (2, 7), (4, 5), (8, 3)]);
    // The literal reference reads the text the same way.
    assert_eq!(next(&t), p);
}

/// Interpretation 5: an even group that cannot be paired completely.
/// Round 5 (median 2.0).
///
/// - 2.5 {3, 4, 6} + DF 1 (4 members). 1 has met 3 and 4, and 3 and 4
///   have met: at most one pairing.
/// - `Lim 4.4`'s scrutiny (DF 1 first, then 3, 4, 6): 1 is paired; 3
///   cannot be while 1 is, so 3 floats; 4 neither, so 4 floats; 6 meets
///   1. Two floaters, the fewest possible.
/// - 4.4 b read literally floats 3 "in company with" the lowest numbered
///   player remaining, 6, and leaves 1 and 4, who have met: every member
///   would float. The engine floats as few as the group needs, in
///   scrutiny order.
#[test]
fn lim_interpretation_5_an_even_group_floats_the_fewest() {
    let t = event(
        7,
        "white",
        "\
XXR 7
XXC white1
001    1      Player 0001                       2751                             3.0       0005 w 1  0004 b 1  0003 w 0  0002 b 1
001    2      Player 0002                       2721                             1.0       0006 b 1  0000 - Z  0004 w 0  0001 w 0
001    3      Player 0003                       2542                             2.5       0007 w 1  0000 - Z  0001 b 1  0004 w =
001    4      Player 0004                       2447                             2.5       0008 b 1  0001 w 0  0002 b 1  0003 b =
001    5      Player 0005                       2034                             2.0       0001 b 0  0000 - Z  0007 w 1  0008 b 1
001    6      Player 0006                       1546                             2.5       0002 w 0  0007 b 1  0008 w 1  0000 - H
001    7      Player 0007                       1493                             0.5       0003 b 0  0006 w 0  0005 b 0  0000 - H
001    8      Player 0008                       1357                             0.5       0004 w 0  0000 - H  0006 b 0  0005 w 0
",
    );
    let (p, log) = explain(&t);
    assert!(paired(&p, 1, 6), "{p}");
    assert!(log.contains("Lim 4.4: 4 floats"), "{log}");
    assert!(log.contains("Lim 4.4: 3 floats"), "{log}");
    // The literal reference reads the text the same way.
    assert_eq!(next(&t), p);
}

/// `Lim 3.10` replaces the floater of 3.2 (issue 43, point 1), and the
/// arbiter's comparison names it. Round 3 (median 1.0).
///
/// - 2.0 {2, 3, 4} is odd, all of type d. `Lim 3.2`: two due black, one
///   due white: a floater due black, the lowest numbered: 4.
/// - 4 floated in round 2 (1.0 against 1's 0.0); 2 did not (1.0 against
///   5's 1.0, a forfeit win). Floating 2 leaves 3-4, one pairing, as many
///   as floating 4 (2-3): both provisos hold, so 2 floats and 3-4 are
///   paired. 2 meets 9 in the median score-group.
/// - A proposal that floats 4 instead (2-3, 4-9) is separated by 3.10.
#[test]
fn lim_3_10_replaces_the_floater_and_the_comparison_says_so() {
    let t = event(
        7,
        "black",
        "\
001    1      Player 0001                       2779                             0.0       0005 b -  0004 w 0
001    2      Player 0002                       2727                             2.0       0006 w 1  0005 b 1
001    3      Player 0003                       2606                             2.0       0007 b 1  0009 w 1
001    4      Player 0004                       2306                             2.0       0008 w 1  0001 b 1
001    5      Player 0005                       1980                             1.0       0001 w +  0002 w 0
001    6      Player 0006                       1943                             1.0       0002 b 0  0007 w 1
001    7      Player 0007                       1760                             0.0       0003 w 0  0006 b 0
001    8      Player 0008                       1704                             0.0       0004 b 0  0000 - Z
001    9      Player 0009                       1606                             1.0       0000 - U  0003 b 0
",
    );
    let (p, log) = explain(&t);
    assert_eq!(coloured(&p), [(2, 9), (4, 3), (6, 5), (7, 1)]);
    assert!(
        log.contains("floater 2 (Lim 3.9.1 type d, equalises the colours due (Lim 3.2.2), instead of 4, who floated in the round before (Lim 3.10: 2 is of type d and floating him leaves 1 pairing, floating 4 would leave 1))"),
        "{log}"
    );
    assert_eq!(next(&t), p);
    let theirs = proposal(3, &[(3, 2), (4, 9), (6, 5), (7, 1)], Some(8));
    let s = Lim::FIDE_2026.separate(&t, &theirs).unwrap();
    assert_eq!(s.rule, "Lim 3.10", "{s:?}");
    assert_eq!(s.engine, "2 (type d, leaves 1 pairing)", "{s:?}");
}

/// The comparison names `Lim 3.5` (issue 43, point 2): on the round of
/// `lim_3_5_the_floater_of_4_4_a_without_an_opponent_is_exchanged`, the
/// pairing of earlier releases (4 floats and passes through the median
/// score-group) is legal and complete, and 3.5 separates it.
#[test]
fn lim_3_5_the_comparison_names_the_exchange() {
    let t = event(
        4,
        "white",
        "\
XXR 4
XXC white1
001    1      Player 0001                       2625                             1.5       0003 w =  0006 b 1
001    2      Player 0002                       2098                             1.0       0004 b 0  0000 - U
001    3      Player 0003                       2008                             0.5       0001 b =  0000 - Z
001    4      Player 0004                       1810                             1.5       0002 w 1  0005 b =
001    5      Player 0005                       1530                             1.5       0000 - U  0004 w =
001    6      Player 0006                       1223                             0.5       0000 - H  0001 w 0
",
    );
    let theirs = proposal(3, &[(1, 5), (2, 3), (4, 6)], None);
    let s = Lim::FIDE_2026.separate(&t, &theirs).unwrap();
    assert_eq!(s.rule, "Lim 3.5", "{s:?}");
    assert_eq!(
        (s.engine.as_str(), s.proposed.as_str()),
        ("5 (type d)", "4 (type c)")
    );
}
