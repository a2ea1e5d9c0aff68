//! One test per point of the crate docs' "Rule interpretations": where the
//! text is silent or the reference reads it in a particular way.
#![allow(clippy::unwrap_used)]

mod common;

use common::{add_column, games, play, players};
use swiss_tcec::{
    DoubleGameOrder, Format, Options, TcecError, TcecPair, pair_next_round, playing_order,
};

const SINGLE: Options = Options::DEFAULT.with_format(Format::Single);

/// `TCEC STEP 2`: once everyone has a BYE, the second BYE goes to the
/// lowest-placed player, as the reference's cleared flags choose.
#[test]
fn interpretation_bye_after_everyone_had_one() {
    let mut t = players(3);
    let mut byes = Vec::new();
    for _ in 0..6 {
        byes.push(play(&mut t, Format::Single, "D").bye.unwrap());
    }
    // All draws: round 4 starts the second cycle with everyone on one BYE;
    // the bottom of the pairing order (score, then seed) takes it.
    assert_eq!(&byes[..3], [3, 2, 1]);
    let t4 = {
        let mut t = players(3);
        for _ in 0..3 {
            play(&mut t, Format::Single, "D");
        }
        t
    };
    let r4 = pair_next_round(&t4, &SINGLE).unwrap();
    assert_eq!(r4.bye, r4.pairing_order.last().copied());
    assert_eq!(byes[3], r4.bye.unwrap());
}

/// BYE points count in the pairing order from the next round on
/// (`TCEC STEP 1`, `TCEC STEP 2`).
#[test]
fn interpretation_bye_points_count_next_round() {
    let mut t = players(3);
    let r1 = play(&mut t, Format::Single, "D");
    assert_eq!(r1.bye, Some(3));
    let r2 = pair_next_round(&t, &SINGLE).unwrap();
    // 3 has a win's worth (1.0), 1 and 2 have 0.5 each.
    assert_eq!(r2.pairing_order, [3, 1, 2]);
    // Double format: the BYE is a win per game (two TRF columns).
    let mut t = players(3);
    play(&mut t, Format::Double, "DD");
    assert_eq!(t.players[2].points.tenths(), 20);
}

/// `TCEC STEP 5`: on equal WGD the higher score *before the round* takes
/// black (README worked check 2, round 6: 1-5).
#[test]
fn interpretation_higher_score_before_round_takes_black() {
    let mut t = players(5);
    for results in ["WW", "DB", "DW", "DB", "WW"] {
        play(&mut t, Format::Single, results);
    }
    let r6 = pair_next_round(&t, &SINGLE).unwrap();
    let p = r6
        .pairs
        .iter()
        .find(|p| p.first == 1 || p.second == 1)
        .unwrap();
    // Whoever of 1 and 5 has more points before round 6 takes black.
    let score = |s: u32| t.players[s as usize - 1].points;
    let (hi, lo) = if score(p.first) > score(p.second) {
        (p.first, p.second)
    } else {
        (p.second, p.first)
    };
    assert_ne!(score(hi), score(lo));
    assert_eq!((p.white, p.black), (lo, hi));
    assert_eq!(games(&r6), ["2-4", "1-5"]);
}

/// `TCEC STEP 3`: the colour condition is `|WGD(p) + WGD(q)| <= 2`. Two
/// players at WGD +2 cannot meet, nor two at -2; a +2 may meet a -2.
#[test]
fn interpretation_colour_condition_is_sum_of_wgd() {
    // Hand-made (not TCEC-paired) record: 1 and 3 at +2, 2 and 4 at -2.
    let mut t = players(4);
    add_column(&mut t, &[(1, 2, 'D'), (3, 4, 'D')], None, &[]);
    add_column(&mut t, &[(1, 4, 'D'), (3, 2, 'D')], None, &[]);
    let r3 = pair_next_round(&t, &SINGLE).unwrap();
    // 1-3 and 2-4 never met but break the colour condition: round 1 is
    // removed so 1-2 and 3-4 may meet again.
    assert_eq!(r3.history_rounds_removed, 1);
    let pairs: Vec<(u32, u32)> = r3.pairs.iter().map(|p| (p.first, p.second)).collect();
    assert_eq!(pairs, [(1, 2), (3, 4)]);
    // Greater WGD takes black.
    assert!(r3.pairs.iter().all(|p| p.white % 2 == 0));
    // Double format: WGD stays 0, the condition never restricts.
    let mut t = players(4);
    for _ in 0..3 {
        let r = play(&mut t, Format::Double, "DDDD");
        assert_eq!(r.history_rounds_removed, 0);
    }
}

/// `TCEC STEP 3`: no viable pairing even with the whole history removed
/// is an error naming the blocked players (the reference would loop).
#[test]
fn interpretation_no_legal_pairing_is_an_error() {
    let mut t = players(6);
    // 1, 2, 3 at WGD +2 against 4, 5, 6, who are then absent.
    add_column(&mut t, &[(1, 4, 'D'), (2, 5, 'D'), (3, 6, 'D')], None, &[]);
    add_column(&mut t, &[(1, 5, 'D'), (2, 6, 'D'), (3, 4, 'D')], None, &[]);
    add_column(&mut t, &[], None, &[4, 5, 6]);
    match pair_next_round(&t, &SINGLE) {
        Err(TcecError::NoLegalPairing { round: 3, reason }) => {
            assert!(reason.contains("rounds 1-2"), "{reason}");
            // 3 takes the BYE (odd number of players); 1 and 2 are left.
            assert!(reason.contains("WGD +2: 1 2;"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

/// Playing order: worst first-of-pair first; double rounds as the text's
/// cycle by default, or pairwise (the reference without its
/// Berger-schedule option).
#[test]
fn interpretation_double_game_orders() {
    let pairs = [
        TcecPair {
            first: 1,
            second: 2,
            white: 2,
            black: 1,
        },
        TcecPair {
            first: 3,
            second: 4,
            white: 4,
            black: 3,
        },
    ];
    let show = |order| -> Vec<String> {
        playing_order(&pairs, Format::Double, order)
            .iter()
            .map(|g| format!("{}-{}", g.white, g.black))
            .collect()
    };
    assert_eq!(show(DoubleGameOrder::Cycle), ["4-3", "2-1", "3-4", "1-2"]);
    assert_eq!(
        show(DoubleGameOrder::Pairwise),
        ["4-3", "3-4", "2-1", "1-2"]
    );
    let single: Vec<usize> = playing_order(&pairs, Format::Single, DoubleGameOrder::Cycle)
        .iter()
        .map(|g| g.pair_index)
        .collect();
    assert_eq!(single, [1, 0]);
}

/// A forfeit is not a played game: no WGD change and no meeting, so the
/// two may be paired again without removing history.
#[test]
fn interpretation_forfeit_is_not_a_meeting() {
    let mut t = players(2);
    add_column(&mut t, &[(2, 1, '+')], None, &[]);
    let r2 = pair_next_round(&t, &SINGLE).unwrap();
    assert_eq!(r2.history_rounds_removed, 0);
    // WGD 0 each, 2 leads on score: 2 takes black.
    assert_eq!((r2.pairs[0].white, r2.pairs[0].black), (1, 2));
    // A played game is a meeting: round 1 must be removed.
    let mut t = players(2);
    add_column(&mut t, &[(2, 1, 'W')], None, &[]);
    assert_eq!(
        pair_next_round(&t, &SINGLE).unwrap().history_rounds_removed,
        1
    );
}

/// A recorded round no TCEC pairing could produce, with nothing viable:
/// the replayed counter takes the whole history as removed.
#[test]
fn interpretation_counter_of_an_impossible_recorded_round() {
    let mut t = players(6);
    add_column(&mut t, &[(1, 4, 'D'), (2, 5, 'D'), (3, 6, 'D')], None, &[]);
    add_column(&mut t, &[(1, 5, 'D'), (2, 6, 'D'), (3, 4, 'D')], None, &[]);
    // Round 3, forced by hand: +2 against +2.
    add_column(&mut t, &[(1, 2, 'D')], None, &[3, 4, 5, 6]);
    let r4 = pair_next_round(&t, &SINGLE).unwrap();
    assert_eq!(
        r4.history_rounds_removed - r4.history_rounds_removed_this_round,
        2
    );
}

/// Forbidden pairs (`XXP`, `260`): never paired, whatever the history
/// removed; a round they block is a `NoLegalPairing` naming them.
#[test]
fn interpretation_forbidden_pairs_are_never_paired() {
    let pairs = |t: &swiss_tcec::Tournament| -> Vec<(u32, u32)> {
        let r = pair_next_round(t, &SINGLE).unwrap();
        r.pairs.iter().map(|p| (p.first, p.second)).collect()
    };
    let mut t = players(4);
    // Without groups, round 1 pairs 1-2 and 3-4.
    assert_eq!(pairs(&t), [(1, 2), (3, 4)]);
    t.forbidden_pairs = vec![vec![3, 4], vec![1, 2]];
    assert_eq!(pairs(&t), [(1, 3), (2, 4)]);
    // A `260` group applies in its rounds only.
    t.forbidden_pairs.clear();
    t.forbidden_in_rounds = vec![swiss_core::ForbiddenInRounds {
        first_round: 2,
        last_round: 2,
        players: vec![1, 2],
    }];
    assert_eq!(pairs(&t), [(1, 2), (3, 4)]);
    add_column(&mut t, &[(1, 3, 'D'), (2, 4, 'D')], None, &[]);
    let r2 = pairs(&t);
    assert!(!r2.contains(&(1, 2)), "{r2:?}");
    // Groups that leave no pairing at all: an error, never a forbidden game.
    let mut t = players(4);
    t.forbidden_pairs = vec![vec![1, 2, 3]];
    match pair_next_round(&t, &SINGLE) {
        Err(TcecError::NoLegalPairing { reason, .. }) => {
            assert!(reason.contains("forbidden pairs (XXP, 260)"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}
