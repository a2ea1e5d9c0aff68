//! The rule text's own examples (C.04.4.3): the exchange sequences of
//! `Lim 4.2` and `4.3`, the fallback of `Lim 4.4` a and b, the first round
//! of forty players of `Lim 7.2` with both colour draws, and the order of
//! the score-groups of `Lim 8.3` (and `2.2`).
#![allow(clippy::unwrap_used)]

mod common;

use common::{absent_next, check, event, forbid, opponent, paired, round, unordered};
use swiss_core::{Colour, Points, RoundState};
use swiss_lim::score_group_order;

/// One column of a table of 4.2/4.3: the players incompatible, the pairings.
type Row = (&'static [u32], [(u32, u32); 3]);

/// `Lim 4.2`: six players, pairing downward; #1 is incompatible with the
/// opponents tried before (`XXP` here, "for example, because the players
/// had met"), and the pairings are the text's table, column by column.
/// Round 1: the six form the median score-group (0 points, half of 0
/// rounds), paired downward; nobody has a colour due, so colour plays no
/// part.
#[test]
fn lim_4_2_exchange_sequence_for_player_1() {
    let table: [Row; 5] = [
        (&[], [(1, 4), (2, 5), (3, 6)]),
        (&[4], [(1, 5), (2, 4), (3, 6)]),
        (&[4, 5], [(1, 6), (2, 4), (3, 5)]),
        (&[4, 5, 6], [(1, 3), (2, 5), (4, 6)]),
        (&[4, 5, 6, 3], [(1, 2), (3, 5), (4, 6)]),
    ];
    for (met, want) in table {
        let mut t = event(6, 5);
        forbid(&mut t, &met.iter().map(|&b| (1, b)).collect::<Vec<_>>());
        assert_eq!(unordered(&check(&t)), want, "#1 incompatible with {met:?}");
    }
}

/// `Lim 4.3`: #1 found #6 (4 and 5 were incompatible); the exchanges for
/// #2 follow the text's table, including taking #1's opponent (#1 then
/// gets the next compatible one, #3) and finally #1 himself.
#[test]
fn lim_4_3_exchange_sequence_for_player_2() {
    let table: [Row; 5] = [
        (&[], [(1, 6), (2, 4), (3, 5)]),
        (&[4], [(1, 6), (2, 5), (3, 4)]),
        (&[4, 5], [(1, 6), (2, 3), (4, 5)]),
        (&[4, 5, 3], [(1, 3), (2, 6), (4, 5)]),
        (&[4, 5, 3, 6], [(1, 2), (3, 5), (4, 6)]),
    ];
    for (met, want) in table {
        let mut t = event(6, 5);
        let mut bad = vec![(1, 4), (1, 5)];
        bad.extend(met.iter().map(|&b| (2, b)));
        forbid(&mut t, &bad);
        assert_eq!(unordered(&check(&t)), want, "#2 incompatible with {met:?}");
    }
}

/// Round 1 of `2n` players: the top `n` win (`Lim 7.2` colours).
fn top_half_wins(n: u32) -> swiss_core::Tournament {
    let mut t = event(2 * n, 5);
    let games: Vec<(u32, u32, char)> = (1..=n)
        .map(|i| {
            if i % 2 == 1 {
                (i, i + n, '1')
            } else {
                (i + n, i, '0')
            }
        })
        .collect();
    round(&mut t, &games);
    t
}

/// `Lim 4.4 b`: the 1-point score-group {1..6} is even; #1 and #2 have
/// "played" each other and everyone but #6 (`XXP`). #1 keeps #6, #2 floats,
/// and with him the lowest numbered player remaining, #5; 3 v 4 stays.
/// Both go down to the median score-group (0.5, empty), which is blocked
/// (2 and 5 cannot meet): `Lim 2.6` cracks the last pairing of the
/// 0-point group, 10 v 7, and 2 meets 10, 5 meets 7.
#[test]
fn lim_4_4_b_even_group_floats_the_lowest_remaining_with_2() {
    let mut t = top_half_wins(6);
    forbid(
        &mut t,
        &[(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)],
    );
    let p = check(&t);
    assert!(paired(&p, 1, 6) && paired(&p, 3, 4), "{p}");
    for f in [2, 5] {
        assert!(opponent(&p, f).unwrap() > 6, "{f} floats: {p}");
    }
    assert_eq!(
        unordered(&p),
        [(1, 6), (2, 10), (3, 4), (5, 7), (8, 11), (9, 12)]
    );
}

/// `Lim 4.4 a`: the 1-point group {1..7} is odd and #7 would float to make
/// it even (`Lim 3.2`: due black like the majority, lowest numbered). #1
/// and #2 have "played" everyone but #6, so #1 keeps #6 and #2 is
/// exchanged with the floater: #2 floats, #7 is paired in the group.
#[test]
fn lim_4_4_a_odd_group_exchanges_2_with_the_floater() {
    let mut t = top_half_wins(7);
    let mut bad = Vec::new();
    for o in [2, 3, 4, 5, 7] {
        bad.push((1, o));
    }
    for o in [3, 4, 5, 7] {
        bad.push((2, o));
    }
    forbid(&mut t, &bad);
    let p = check(&t);
    assert_eq!(opponent(&p, 1), Some(6), "{p}");
    assert!(opponent(&p, 2).unwrap() > 7, "2 floats: {p}");
    assert!(opponent(&p, 7).unwrap() <= 7, "7 stays: {p}");
    // 3 (due black) passes over 5 and 7 (due black too) for 4 (Lim 5.2).
    assert!(paired(&p, 3, 4) && paired(&p, 5, 7), "{p}");
}

/// Without the incompatibilities, #7 is the one who floats (the control
/// for the test above).
#[test]
fn lim_4_4_a_control_7_floats_when_nothing_blocks() {
    let t = top_half_wins(7);
    let p = check(&t);
    assert!(opponent(&p, 7).unwrap() > 7, "{p}");
}

/// `Lim 7.2`: forty players; player 1's colour is drawn by lot (`XXC`).
/// White first: 1 v 21, 22 v 2, 3 v 23, 24 v 4, ... 40 v 20; or, drawn
/// black, 21 v 1, 2 v 22, 23 v 3, 4 v 24, ... 20 v 40.
#[test]
fn lim_7_2_forty_players_both_draws() {
    for (drawn, odd_white) in [(Colour::White, true), (Colour::Black, false)] {
        let mut t = event(40, 9);
        t.initial_colour = Some(drawn);
        let p = check(&t);
        let want: Vec<(u32, u32)> = (1..=20)
            .map(|i| {
                if (i % 2 == 1) == odd_white {
                    (i, i + 20)
                } else {
                    (i + 20, i)
                }
            })
            .collect();
        let got: Vec<(u32, u32)> = p.pairs.iter().map(|x| (x.white, x.black)).collect();
        // Boards are in published order: board i holds player i.
        assert_eq!(got, want, "drawn {drawn:?}");
        assert_eq!(p.bye, None);
    }
}

/// `Lim 7.1`: with an odd number, the lowest rated player gets the bye;
/// with two players absent, numbering skips them (positions 1, 2, 3, ...
/// of the players paired).
#[test]
fn lim_7_1_odd_first_round_bye_to_the_lowest() {
    let t = event(9, 5);
    let p = check(&t);
    assert_eq!(p.bye, Some(9));
    assert_eq!(unordered(&p), [(1, 5), (2, 6), (3, 7), (4, 8)]);
    let mut t = event(9, 5);
    absent_next(&mut t, 3, 'H');
    absent_next(&mut t, 4, 'Z');
    let p = check(&t);
    assert_eq!(p.bye, Some(9));
    // Positions: 1 2 5 6 | 7 8; 5 is third, so white like player 1.
    assert_eq!(common::coloured(&p), [(1, 6), (5, 8), (7, 2)]);
}

/// `Lim 8.3`: round two pairs the 1-point group, then the 0-point group,
/// and the median (0.5) last; `Lim 2.2` in round three.
#[test]
fn lim_8_3_second_round_order() {
    let mut t = event(6, 5);
    round(&mut t, &[(1, 4, '1'), (5, 2, '='), (3, 6, '1')]);
    let order = score_group_order(&RoundState::next(&t));
    assert_eq!(order, [Points(10), Points(0), Points(5)]);
    check(&t);
    // Round 3 of ten players: 2, 1.5, then 0, 0.5, then the median 1.
    let mut t = event(10, 5);
    round(
        &mut t,
        &[
            (1, 6, '1'),
            (7, 2, '0'),
            (3, 8, '1'),
            (9, 4, '='),
            (5, 10, '0'),
        ],
    );
    round(
        &mut t,
        &[
            (1, 3, '1'),
            (2, 4, '='),
            (10, 9, '='),
            (6, 5, '0'),
            (8, 7, '='),
        ],
    );
    let order = score_group_order(&RoundState::next(&t));
    assert_eq!(
        order,
        [Points(20), Points(15), Points(0), Points(5), Points(10)]
    );
    check(&t);
}
