//! The rule text's own examples (D.1, D.2, D.3) and hand-worked
//! multi-round cases, each reasoned from the text in the comments. Every
//! round goes through `common::next`, which also checks that the three
//! upfloater methods, the literal reference and the independent verifier
//! agree with the engine.
#![allow(clippy::unwrap_used)]

mod common;

use common::{event, game, next, next_big, no_game, pairs, play};
use swiss_core::{Colour, Pairing, Points, ResultCode, RoundEntry, Tournament};

use ResultCode::{Draw, Loss, Win};

/// The pairs as (white, black), sorted (board order aside).
fn sorted(p: &Pairing) -> Vec<(u32, u32)> {
    let mut v = pairs(p);
    v.sort_unstable();
    v
}

/// Plays a round given as (white, black, White's result).
fn round(t: &mut Tournament, games: &[(u32, u32, f32)]) {
    for &(w, b, r) in games {
        let code = if r == 1.0 {
            Win
        } else if r == 0.0 {
            Loss
        } else {
            Draw
        };
        game(t, w, b, code);
    }
}

/// Dubov D.1's example. Residents A (1) and B (2) on 3.5 points (they
/// must not meet: `XXP`), possible upfloaters #1-#3 (players 3-5) on 3,
/// #4, #5 (6, 7) on 2.5 and #6 (8) on 1.5; scores come from `XXA` in round
/// 1, so nobody has played and the colours are E.0's. Two upfloaters are
/// needed (C.5).
fn d1_event(forbidden: &[(u32, u32)]) -> Tournament {
    let mut t = event(8, 5);
    for (p, s) in [
        (1, 35),
        (2, 35),
        (3, 30),
        (4, 30),
        (5, 30),
        (6, 25),
        (7, 25),
        (8, 15),
    ] {
        t.accelerations.push((p, vec![Points(s)]));
    }
    t.forbidden_pairs.push(vec![1, 2]);
    for &(a, b) in forbidden {
        t.forbidden_pairs.push(vec![a, b]);
    }
    t
}

/// D.1: within the first container ({#1,#2} {#1,#3} {#2,#3}) the sets are
/// in lexicographic order: with nothing else in the way {#1,#2} = {3, 4}
/// floats up; with #1 unable to meet A or B the first legal set is
/// {#2,#3} = {4, 5}.
#[test]
fn d1_container_example_lexicographic_sets() {
    // {3, 4} upfloat: bracket {1, 2, 3, 4}, nobody has played (B.3: G1 =
    // {1, 2} by ranking, G2 = {3, 4}); T2 = (3, 4). Then 5 (3.0) takes the
    // first upfloater of 2.5 (6), and 7-8. E.0 (initial colour White): the
    // higher ranked of each pair has White with an odd pairing number.
    let p = next(&d1_event(&[]));
    assert_eq!(sorted(&p), [(1, 3), (4, 2), (5, 6), (7, 8)]);
    // #1 (3) may not meet A or B: {#1,#2}, {#1,#3} are illegal, {#2,#3}
    // is next. 3 then pairs in its own scoregroup... which is {3} alone
    // plus the first upfloater of 2.5: 6.
    let p = next(&d1_event(&[(3, 1), (3, 2)]));
    assert_eq!(sorted(&p), [(1, 4), (3, 6), (5, 2), (7, 8)]);
    // #1 may not meet A only: {#1,#2} is still legal (1-4, 2-3) and
    // comes before {#1,#3} and {#2,#3}. T2 (3, 4) fails on 1-3, (4, 3) is
    // legal; 2 has an even pairing number: Black.
    let p = next(&d1_event(&[(3, 1)]));
    assert_eq!(sorted(&p), [(1, 4), (3, 2), (5, 6), (7, 8)]);
}

/// D.1: the containers are sorted along C.6 (interpretation 9): the
/// container {2.5, 2.5} ({#4,#5}) comes before {3, 1.5} ({#1,#6}), though
/// the example lists the latter third and the former fourth. Here #2 and
/// #3 (4, 5) may not meet A or B, and #6 (8) may meet only #1 (3) among
/// the lower players, so C.4 rules out {#1,#4} and {#1,#5}: the legal
/// sets are {#1,#6}, {#4,#5}, {#4,#6}, {#5,#6}, and C.6 takes {#4,#5}.
#[test]
fn d1_container_example_containers_by_c6() {
    // First C.6 itself: with #2 and #3 (4, 5) unable to meet A or B, the
    // container {3, 2.5} ({#1,#4} = {3, 6}) beats {2.5, 2.5}: the lowest
    // scores tie, the second lowest is higher. Bracket {1, 2, 3, 6}: 1-3,
    // 6-2; then 4-5 (4 ranks higher, even number: Black) and 7-8.
    let t = d1_event(&[(4, 1), (4, 2), (5, 1), (5, 2)]);
    assert_eq!(sorted(&next(&t)), [(1, 3), (5, 4), (6, 2), (7, 8)]);
    let t = d1_event(&[
        (4, 1),
        (4, 2),
        (5, 1),
        (5, 2),
        (8, 4),
        (8, 5),
        (8, 6),
        (8, 7),
    ]);
    let p = next(&t);
    // Bracket {1, 2, 6, 7}: G1 = {1, 2}, G2 = {6, 7}: 1-6, 2-7 (2 has an
    // even pairing number: Black). Then 3.0: residents {3, 4, 5}, one
    // upfloater: 8 (the only lower player left), who meets only 3. G1 =
    // {3, 4}, G2 = {5, 8}; T2 (5, 8) fails on 4-8, T2 (8, 5) is legal.
    // 3-8: 3 more points, odd number: White. 4-5: 4 ranks higher, even
    // number: Black.
    assert_eq!(sorted(&p), [(1, 6), (3, 8), (5, 4), (7, 2)]);
}

/// (Too big for the literal reference: checked by the three upfloater
/// methods and the verifier only.)
///
/// Round 1 of 24 players (1-12 beat or lose to 13-24 by E.0's colours),
/// then the twelve winners form the 1-point bracket: 7 of them had White
/// (1, 3, 5, 7, 9, 11 and 14: Black seekers), 5 had Black (4, 6, 8, 10,
/// 12: White seekers).
fn d2_event(forbidden: &[(u32, u32)]) -> Tournament {
    let mut t = event(24, 5);
    for &(a, b) in forbidden {
        t.forbidden_pairs.push(vec![a, b]);
    }
    let p = next_big(&t);
    // B.3 round 1: G1 = 1-12, G2 = 13-24, T2 in order; E.0: odd numbers
    // White, even numbers Black.
    let mut want: Vec<(u32, u32)> = (1..=12)
        .map(|i| if i % 2 == 1 { (i, i + 12) } else { (i + 12, i) })
        .collect();
    want.sort_unstable();
    assert_eq!(sorted(&p), want);
    // The winners: 1 3 5 7 9 11 (White), 14 beats 2 (White), 4 6 8 10 12
    // (Black).
    let results: Vec<ResultCode> = p
        .pairs
        .iter()
        .map(|q| {
            let winner = if q.white == 14 || q.white % 2 == 1 && q.white <= 12 {
                q.white
            } else if q.black <= 12 && q.black % 2 == 0 && q.black != 2 {
                q.black
            } else {
                q.white
            };
            if winner == q.white { Win } else { Loss }
        })
        .collect();
    play(&mut t, &p, &results);
    t
}

/// D.2's example (seven players A..G numbered D, C, E, B, F, A, G) in a
/// real bracket: the 1-point group has 5 White seekers (G1) and 7 Black
/// seekers (G2), so B.4 shifts one Black seeker to G1, the first in D.2's
/// order: G2 by ranking is A..G = 1, 3, 5, 7, 9, 11, 14 and #1 is D = 7.
#[test]
fn d2_middle_out_numbering_in_a_bracket() {
    let t = d2_event(&[]);
    let p = next_big(&t);
    // G1' = {4, 6, 8, 10, 12, 7}; S1 by ascending ARO (the round-1
    // opponent's rating, 2400 - 10 n): 12 (24: 2160), 10 (2180), 8 (2200),
    // 7 (19: 2210), 6 (2220), 4 (2240). T2 = G2' by ranking (1, 3, 5, 9,
    // 11, 14), all legal. Colours: E.1 for every White seeker against a
    // Black seeker; 7-9 both want Black with the same strength and the same
    // history (E.3 finds no difference): E.4, 7 ranks higher and gets
    // Black.
    let top: Vec<(u32, u32)> = sorted(&p)
        .into_iter()
        .filter(|&(w, b)| w.max(b) <= 14 && w != 2 && b != 2)
        .collect();
    assert_eq!(top, [(4, 14), (6, 11), (8, 5), (9, 7), (10, 3), (12, 1)]);
}

/// D.2's order continued: when D (7) cannot be shifted (it could meet
/// nobody left in G2), C (5) is; then E (9), B (3), F (11). The shifted
/// player is the one who meets another Black seeker.
#[test]
fn d2_middle_out_order_continued() {
    let black = [1, 3, 5, 7, 9, 11, 14];
    let mut blocked: Vec<u32> = Vec::new();
    for expected in [7, 5, 9, 3, 11] {
        let forbidden: Vec<(u32, u32)> = blocked
            .iter()
            .flat_map(|&b| black.iter().filter(move |&&o| o != b).map(move |&o| (b, o)))
            .collect();
        let p = next_big(&d2_event(&forbidden));
        let shifted: Vec<u32> = pairs(&p)
            .into_iter()
            .filter(|&(w, b)| black.contains(&w) && black.contains(&b))
            .flat_map(|(w, b)| [w, b])
            .collect();
        assert!(
            shifted.contains(&expected),
            "expected {expected} shifted, pairs {p}"
        );
        blocked.push(expected);
    }
}

/// D.3's example: with G2 = {A, B, C} = {4, 5, 6} the transpositions come
/// in the order ABC, ACB, BAC, BCA, CAB, CBA; B.6 takes the first whose
/// pairs with S1 = (1, 2, 3) are all legal. Round 1, six players, `XXP`
/// making the earlier transpositions illegal one after the other.
#[test]
fn d3_transposition_order_of_the_text() {
    type Case<'a> = (&'a [(u32, u32)], [u32; 3]);
    let cases: [Case<'_>; 6] = [
        (&[], [4, 5, 6]),
        (&[(2, 5)], [4, 6, 5]),
        (&[(1, 4)], [5, 4, 6]),
        (&[(1, 4), (2, 4)], [5, 6, 4]),
        (&[(1, 4), (1, 5)], [6, 4, 5]),
        (&[(1, 4), (1, 5), (2, 4)], [6, 5, 4]),
    ];
    for (forbidden, t2) in cases {
        let mut t = event(6, 5);
        for &(a, b) in forbidden {
            t.forbidden_pairs.push(vec![a, b]);
        }
        let p = next(&t);
        // E.0: 1 and 3 (odd pairing numbers) White, 2 Black.
        let mut want = vec![(1, t2[0]), (t2[1], 2), (3, t2[2])];
        want.sort_unstable();
        assert_eq!(sorted(&p), want, "forbidden {forbidden:?}");
    }
}

/// B.0 over three rounds of a five-player event: the bye decided by
/// criterion 4 (games played), then a round with two upfloaters and a
/// shift from G1 to G2.
#[test]
fn b0_bye_by_games_played_then_two_upfloaters() {
    let mut t = event(5, 5);
    // Round 1: 5 is absent (known in advance). 1-4 have not played:
    // G1 = {1, 2}, G2 = {3, 4}; E.0: 1 White, 2 Black.
    no_game(&mut t, 5, ResultCode::ZeroBye);
    let p = next(&t);
    assert_eq!(pairs(&p), [(1, 3), (4, 2)]);
    assert_eq!(p.bye, None);
    play(&mut t, &p, &[Win, Win]);
    // Round 2: scores 1: 1, 4: 1, 2, 3, 5: 0. Five players: the bye.
    // Criterion 3 leaves 2, 3, 5 (0 points); criterion 4 prefers those who
    // played most: 2 and 3 (one game) over 5 (none); criterion 5 the lower
    // of them: 3. (By criterion 5 alone 5 would get it.)
    // Bracket 1: {1, 4}, both had White (strong Black): G1 empty, one
    // shifted from G2 = (1, 4) by D.2 (#1 = 1): S1 = (1), T2 = (4). E.3 no
    // difference (both W), E.4: 1 ranks higher and gets Black.
    // Bracket 0: {2 (had Black: White), 5 (no game: mild Black)}: E.1.
    let p = next(&t);
    assert_eq!(pairs(&p), [(4, 1), (2, 5)]);
    assert_eq!(p.bye, Some(3));
    play(&mut t, &p, &[Draw, Loss]);
    // Round 3: 1, 4: 1.5; 3, 5: 1; 2: 0. Bye: 3 had one (C.2); 2 has the
    // lowest score and the rest {1, 3, 4, 5} can be paired: 2.
    // Bracket 1.5: 1 and 4 have met: two upfloaters (B.1), the only two
    // on 1 point, 3 and 5 (1-5 and 4-3 are legal). Preferences: 1 (W B)
    // mild White, 3 (B) strong White, 5 (B) strong White, 4 (W W)
    // absolute Black. G1 = {1, 3, 5}, G2 = {4}: shift one White seeker to
    // G2, D.2 by ARO: 1 (2365), 5 (2380), 3 (2390) numbered 5, 1, 3: 5
    // shifts (G1' = {1, 3}, G2' = {4, 5} pairs legally). S1 by ARO (1, 3);
    // T2 (4, 5) fails on 1-4, (5, 4) is legal. Colours: 1-5 both want
    // White, 5's preference is stronger (E.2); 3-4 by E.1.
    let p = next(&t);
    assert_eq!(pairs(&p), [(5, 1), (3, 4)]);
    assert_eq!(p.bye, Some(2));
}

/// B.0 criterion 2: the player last in the ranking (5) would get the
/// bye of round 1 (criteria 3-5), but 1 may meet nobody but 5 (`XXP`): the
/// rest could not be paired, so the bye passes to 4.
#[test]
fn b0_criterion_2_passes_over_a_bye_that_blocks_the_round() {
    let mut t = event(5, 5);
    for o in [2, 3, 4] {
        t.forbidden_pairs.push(vec![1, o]);
    }
    let p = next(&t);
    // {1, 2, 3, 5}: G1 = {1, 2}, G2 = {3, 5}; T2 (3, 5) fails on 1-3,
    // (5, 3) is legal. E.0: 1 White (odd), 2 Black (even).
    assert_eq!(sorted(&p), [(1, 5), (3, 2)]);
    assert_eq!(p.bye, Some(4));
}

/// Shifters in both directions (B.4): after round 1 (all draws) the
/// six players form one bracket with White seekers G1 = {2, 4, 6} and
/// Black seekers G2 = {1, 3, 5}; 2 may meet none of G2 (5 played him,
/// `XXP` bars 1 and 3), so one pair inside G1 is unavoidable.
#[test]
fn b4_shifters_in_both_directions() {
    let mut t = event(6, 5);
    t.forbidden_pairs.push(vec![2, 1]);
    t.forbidden_pairs.push(vec![2, 3]);
    let p = next(&t);
    assert_eq!(sorted(&p), [(1, 4), (3, 6), (5, 2)]);
    play(&mut t, &p, &[Draw, Draw, Draw]);
    // First step: one White seeker to G2, D.2 by ARO: 2 (2350), 6 (2370),
    // 4 (2390), numbered 6, 2, 4. Shifting 6 works (2 then meets 6).
    // Second step: G1 = {2, 4}, G2 = {1, 3, 5, 6}: one Black seeker to G1,
    // D.2 by ranking 1, 3, 5 numbered 3, 1, 5: 3 (G1' = {2, 4, 3} against
    // G2' = {1, 5, 6} pairs legally: 2-6, 4-5, 3-1).
    // S1 by ARO: 3 (2340), 2 (2350), 4 (2390); T2 (1, 5, 6) fails on 2-5,
    // (1, 6, 5) is legal. Colours: 3-1 and 2-6 want the same with the same
    // strength and history: E.4 gives the higher ranked (1, 2) his wish
    // (Black for 1, White for 2); 4-5 by E.1.
    let p = next(&t);
    assert_eq!(sorted(&p), [(2, 6), (3, 1), (4, 5)]);
}

/// B.4's first step when the first set in D.2 order cannot yield a legal
/// pairing: as above, with 2-6 barred too. Shifting 6 (#1) would leave 2
/// no partner in G2 (1, 3 barred, 5 met, 6 barred); 2 (#2) is shifted
/// instead and meets 4.
#[test]
fn b4_first_shift_skips_a_set_without_legal_pairing() {
    let mut t = event(6, 5);
    for o in [1, 3, 6] {
        t.forbidden_pairs.push(vec![2, o]);
    }
    let p = next(&t);
    assert_eq!(sorted(&p), [(1, 4), (3, 6), (5, 2)]);
    play(&mut t, &p, &[Draw, Draw, Draw]);
    // Second step: 3 (#1 of 1, 3, 5) to G1: G1' = {4, 6, 3}, G2' =
    // {1, 5, 2} (4-2, 6-5 or 6-1, 3-1 or 3-5). S1 by ARO: 3 (2340), 6
    // (2370), 4 (2390); T2 (1, 2, 5) fails on 6-2, (1, 5, 2) is legal.
    // Colours: 3-1 E.4 (1 higher: Black), 6-5 E.1, 2-4 E.4 (2 higher:
    // White).
    let p = next(&t);
    assert_eq!(sorted(&p), [(2, 4), (3, 1), (6, 5)]);
}

/// Four rounds of ten players (built by hand, not by the engine), after
/// which 6 leads alone with 3 points and the next scoregroup (2.5) holds
/// 1, 7 and 8. 1 was upfloated in rounds 2, 3 and 4: with 6 planned rounds
/// MaxT = 2 + [6/5] = 3 (A.7), so he is a maximum upfloater; 8 was
/// upfloated once, in round 4 (so C.10 cannot tell them apart).
fn upfloat_history(planned: u32) -> Tournament {
    let mut t = event(10, planned);
    round(
        &mut t,
        &[
            (9, 1, 1.0),
            (5, 6, 0.5),
            (3, 4, 1.0),
            (10, 7, 0.5),
            (2, 8, 0.5),
        ],
    );
    round(
        &mut t,
        &[
            (4, 5, 0.5),
            (3, 10, 0.0),
            (8, 7, 0.0),
            (2, 1, 0.5),
            (6, 9, 1.0),
        ],
    );
    round(
        &mut t,
        &[
            (6, 10, 0.5),
            (3, 9, 1.0),
            (8, 4, 1.0),
            (5, 1, 0.0),
            (7, 2, 1.0),
        ],
    );
    round(
        &mut t,
        &[
            (2, 4, 0.0),
            (7, 6, 0.0),
            (9, 5, 0.5),
            (10, 8, 0.0),
            (1, 3, 1.0),
        ],
    );
    t
}

/// A maximum upfloater (A.7) is spared by C.8: round 5 of 6.
///
/// Scores: 6: 3; 1, 7, 8: 2.5; 3, 10: 2; 4, 5, 9: 1.5; 2: 1. Colour
/// preferences: 6 (BWWB) mild White, 1 (BBBW) absolute White, 7 (BBWW)
/// absolute Black, 8 (BWWB) mild White, 3 (WWWB) absolute Black, 10
/// (WBBW) mild Black, 4 (BWBB) absolute White, 5 (WBWB) mild White, 9
/// (WBBW) mild Black, 2 (WWBW) absolute Black.
#[test]
fn c8_maximum_upfloater_is_spared() {
    let p = next(&upfloat_history(6));
    // Bracket 3: {6} needs one upfloater from 2.5: 7 has met 6; 1 and 8
    // both want White like 6 (same C.7), 1 is a maximum upfloater (C.8):
    // 8. {6, 8} both seek White: one shifts to G2 (D.2 by ARO: 6 (2323),
    // 8 (2343): 6); E.3 finds no difference (same history), E.4: 6 is
    // higher ranked and gets White.
    // Bracket 2.5: {1, 7} pair (1 absolute White, 7 absolute Black).
    // Bracket 2: 3 and 10 have met: two upfloaters. 3 (absolute Black)
    // may meet only 5 among the lower players; 10 takes 4 or 9 (1.5) over
    // 2 (C.6), and {5, 9} would leave 4 and 2, who met (C.4): {4, 5}.
    // G1 = {4, 5}, G2 = {3, 10}: S1 by ARO (5: 2350, 4: 2355), T2 (3, 10).
    // Bracket 1.5: 9 and the last upfloater 2; 2's absolute Black beats
    // 9's mild Black (E.2).
    assert_eq!(sorted(&p), [(1, 7), (4, 10), (5, 3), (6, 8), (9, 2)]);
}

/// The last round (C.8-C.10 are skipped): the same four rounds with 5
/// planned, so round 5 is the last.
#[test]
fn last_round_skips_c8_to_c10() {
    let p = next(&upfloat_history(5));
    // Bracket 3: 1 and 8 are equal on C.6 and C.7; with C.8 skipped D.1
    // takes 1 (higher ranked). 1's absolute White beats 6's mild (E.2).
    // Bracket 2.5: 7 and 8 have met: two upfloaters. 7 (absolute Black)
    // may meet 4, 5, 9; 8 may meet 3, 5, 9. C.6 prefers {3 (2.0), x
    // (1.5)} to two players on 1.5; C.7 rules out x = 9 (Black against
    // 7's Black), and D.1 (sequence numbers 3, 10, 4, 5, 9, 2) takes
    // {3, 4} before {3, 5}. G1 = {8, 4}, G2 = {3, 7}: S1 by ARO (8: 2343,
    // 4: 2355), T2 (3, 7).
    // Bracket 2: {10} takes 5 (a White seeker, C.7) over 9 (Black).
    // Bracket 1.5: 9-2 as before.
    assert_eq!(sorted(&p), [(1, 6), (4, 7), (5, 10), (8, 3), (9, 2)]);
}

/// C.9 (interpretation 8): between two maximum upfloaters, the one
/// upfloated fewer times. Five rounds of twelve players built by hand;
/// 7 rounds planned, so MaxT = 3. 12 leads alone (4.5); on 3 points 10 has
/// met 12, 4 was upfloated four times and 5 three times, both in round 5
/// too (C.10 equal), both want White like 12 (C.7 equal).
#[test]
fn c9_fewer_upfloats_among_maximum_upfloaters() {
    let mut t = event(12, 7);
    round(
        &mut t,
        &[
            (8, 5, 0.5),
            (2, 10, 0.5),
            (9, 11, 1.0),
            (4, 1, 0.0),
            (7, 6, 0.0),
            (12, 3, 1.0),
        ],
    );
    round(
        &mut t,
        &[
            (6, 4, 0.0),
            (7, 3, 1.0),
            (1, 12, 0.0),
            (2, 9, 0.0),
            (10, 5, 1.0),
            (11, 8, 0.5),
        ],
    );
    round(
        &mut t,
        &[
            (4, 10, 0.5),
            (5, 7, 0.5),
            (9, 12, 0.0),
            (11, 2, 0.0),
            (1, 8, 0.0),
            (3, 6, 0.5),
        ],
    );
    round(
        &mut t,
        &[
            (9, 4, 0.5),
            (5, 2, 1.0),
            (8, 10, 0.5),
            (11, 3, 1.0),
            (1, 6, 0.5),
            (7, 12, 0.0),
        ],
    );
    round(
        &mut t,
        &[
            (8, 4, 0.0),
            (9, 5, 0.0),
            (7, 1, 0.5),
            (6, 11, 0.0),
            (12, 10, 0.5),
            (3, 2, 0.0),
        ],
    );
    let p = next(&t);
    // C.8 counts one maximum upfloater either way; C.9: 5 (3 times)
    // before 4 (4 times). {12, 5} both want White (strong): one shifts
    // (D.2 by ARO: 5 (2328), 12 (2340): 5 goes to G2... the pair is 12-5
    // either way). E.3: 12 (WBBBW) and 5 (BBWWB) last differed in round 5
    // (12 White, 5 Black): 5 White, 12 Black.
    assert!(pairs(&p).contains(&(5, 12)), "{p}");
}

/// C.8 before C.9, where they disagree. Eight rounds of 9 planned (MaxT
/// = 3, not the last round). Players 1-6 drew seven games each against
/// players 7-20 (rated 2000, absent now), alternating colours (all six
/// want Black, strong: same C.7 for every set). Their opponents' `XXA`
/// (10 points, more than any lead) made 3 and 4 upfloat three times (rounds 1-3) and 5 seven times; 6
/// never. Round 8: 1 and 2 are accelerated to the top and may not meet
/// (`XXP`): two upfloaters from {3, 4, 5, 6}. `XXP` leaves two legal sets:
/// {3, 4} (C.8: two maximum upfloaters, C.9: 6 upfloats) and {5, 6} (one
/// maximum upfloater, 7 upfloats). C.8 ranks first: {5, 6}.
#[test]
fn c8_before_c9_when_they_disagree() {
    let mut t = event(20, 9);
    for p in &mut t.players[6..] {
        p.rating = Some(2000);
    }
    let set = |t: &mut Tournament, p: u32, round: usize, e: RoundEntry| {
        let rounds = &mut t.players[p as usize - 1].rounds;
        rounds.resize(rounds.len().max(round), RoundEntry::BLANK);
        rounds[round - 1] = e;
    };
    for k in 1..=7u32 {
        for i in 1..=6u32 {
            let o = 7 + (i - 1 + 2 * k) % 14;
            let (c, oc) = if k % 2 == 1 {
                (Colour::White, Colour::Black)
            } else {
                (Colour::Black, Colour::White)
            };
            set(&mut t, i, k as usize, RoundEntry::game(o, c, Draw));
            set(&mut t, o, k as usize, RoundEntry::game(i, oc, Draw));
            let up = match i {
                3 | 4 => k <= 3,
                5 => true,
                _ => false,
            };
            if up {
                let mut acc = vec![Points(0); 7];
                acc[k as usize - 1] = Points(100);
                t.accelerations.push((o, acc));
            }
        }
    }
    for o in 7..=20 {
        set(&mut t, o, 8, RoundEntry::no_game(ResultCode::ZeroBye));
    }
    for p in [1, 2] {
        t.accelerations
            .push((p, [vec![Points(0); 7], vec![Points(10)]].concat()));
    }
    for (a, b) in [(1, 2), (1, 4), (1, 6), (2, 3), (2, 5), (4, 5), (3, 6)] {
        t.forbidden_pairs.push(vec![a, b]);
    }
    let p = next(&t);
    // Bracket {1, 2, 5, 6}, all Black seekers: G1 empty, two shifted to G1
    // (D.2 by ranking 1, 2, 5, 6 numbered 2, 5, 1, 6): {2, 5}, legal with
    // 2-6, 5-1. S1 (equal AROs: ranking) 2, 5; T2 (1, 6) fails on 2-1,
    // (6, 1) is legal. E.4 (identical histories): the higher ranked gets
    // Black. Then 3-4, 3 higher: Black.
    assert_eq!(sorted(&p), [(4, 3), (5, 1), (6, 2)]);
}
