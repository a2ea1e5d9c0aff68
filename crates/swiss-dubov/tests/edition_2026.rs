//! The 2026 edition of the Dubov text (C.04.4.1 applied from 1 February
//! 2026) against the 2018 one: each change that can alter a pairing, and
//! each point the notes (`dubov-2026-changes.md` §2, §4, §6, §7) mark as
//! silent or read differently by other engines, pinned on a small
//! hand-made event. Every round goes through `common::compare` (the three
//! upfloater methods, the literal reference under the same edition, and
//! the edition's verifier agree).
#![allow(clippy::unwrap_used)]

mod common;

use common::{compare, event, game, no_game};
use swiss_core::{Pairing, Points, ResultCode, RoundState, Tournament};
use swiss_dubov::{Edition, Error, Options, pair_state};

use ResultCode::{Draw, FullBye, HalfBye, Loss, Win, ZeroBye};

/// The next round of `t` under `edition`, checked by `compare`.
fn next_in(t: &Tournament, edition: Edition) -> Pairing {
    let options = Options::DEFAULT.with_edition(edition);
    match compare(&RoundState::next(t), &options) {
        Ok(Some(p)) => p,
        Ok(None) => panic!("no legal pairing"),
        Err(e) => panic!("{e}"),
    }
}

/// Five players before round 4. 5 had a requested full-point bye (`F`) in
/// round 1 and lost his two games since: 1.0 point, the lowest score.
/// 3 and 4 have 1.5, 1 and 2 have 2.0.
fn full_point_bye_event() -> Tournament {
    let mut t = event(5, 5);
    // Round 1.
    game(&mut t, 1, 3, Draw);
    game(&mut t, 2, 4, Draw);
    no_game(&mut t, 5, FullBye);
    // Round 2.
    game(&mut t, 5, 1, Loss);
    game(&mut t, 3, 2, Draw);
    no_game(&mut t, 4, HalfBye);
    // Round 3.
    game(&mut t, 2, 5, Win);
    game(&mut t, 4, 1, Draw);
    no_game(&mut t, 3, HalfBye);
    t
}

/// 2026 [C2] (Basic Rules Art. 4) over 3.1.1's narrower wording: a
/// requested full-point bye bars the PAB. 5 has the lowest score, but his
/// `F` round scored a win's points without playing: under 2026 the PAB
/// goes to the lowest eligible score (1.5: 3 and 4 have both played two
/// games, so 3.1.5 takes the largest TPN, 4). Under 2018 (C.2: a PAB or a
/// forfeit win only) 5 gets it. Read literally, 3.1.1 ("a PAB or a
/// (forfeit) win") would give it to 5 in 2026 too.
#[test]
fn dubov_2026_c2_full_point_bye_bars_the_pab_over_3_1_1() {
    let t = full_point_bye_event();
    let p26 = next_in(&t, Edition::Fide2026);
    assert_eq!(p26.bye, Some(4));
    let p18 = next_in(&t, Edition::Fide2018);
    assert_eq!(p18.bye, Some(5));
    // The default is the edition in force.
    assert_eq!(
        pair_state(&RoundState::next(&t), &Options::default()),
        Ok(p26)
    );
}

/// Basic Rules Art. 4: half-point and zero-point byes do not bar the PAB
/// (CPPDubovSystem bars any round without opponent; notes §6, [EXP] run
/// 2). Before round 3, 4 alone has the lowest score (0) after a game and
/// a zero-point bye: he gets the PAB under both editions.
#[test]
fn dubov_2026_zero_point_bye_does_not_bar_the_pab() {
    let mut t = event(5, 5);
    game(&mut t, 1, 3, Win);
    game(&mut t, 2, 4, Win);
    no_game(&mut t, 5, HalfBye);
    game(&mut t, 3, 5, Draw);
    game(&mut t, 1, 2, Draw);
    no_game(&mut t, 4, ZeroBye);
    for e in [Edition::Fide2026, Edition::Fide2018] {
        assert_eq!(next_in(&t, e).bye, Some(4), "{e}");
    }
}

/// 3.1.4 (B.0 criterion 4): of the lowest scores, the player with the
/// most games played gets the PAB (py4swiss reverses it; notes §6, [EXP]
/// run 1). Before round 3, 3 and 4 have 0 points; 3 played two games, 4
/// one and a zero-point bye: 3 gets the PAB. Reversed, 4 would.
#[test]
fn dubov_2026_3_1_4_most_games_played_gets_the_pab() {
    let mut t = event(5, 5);
    game(&mut t, 1, 3, Win);
    game(&mut t, 2, 4, Win);
    no_game(&mut t, 5, HalfBye);
    game(&mut t, 5, 3, Win);
    game(&mut t, 1, 2, Draw);
    no_game(&mut t, 4, ZeroBye);
    assert_eq!(next_in(&t, Edition::Fide2026).bye, Some(3));
}

/// Acceleration (C.04.7 2026, read by the 2026 text as by the 2018 one):
/// the pairing score (points plus virtual points) is the score of 3.1.3.
/// Round 1 of five players, 5 accelerated by one point: 4 has the lowest
/// pairing score and the lowest rank among those, and gets the PAB. On
/// real points alone it would go to 5.
#[test]
fn dubov_2026_pab_reads_the_pairing_score() {
    let mut t = event(5, 5);
    t.accelerations.push((5, vec![Points(10)]));
    let p = next_in(&t, Edition::Fide2026);
    assert_eq!(p.bye, Some(4));
}

/// Rule ids under each edition: the 2026 numbers (Articles 0-5) under
/// 2026, the 2018 letters under 2018 (1.1 / A.1, 1.8 / A.7).
#[test]
fn dubov_2026_messages_use_the_edition_numbering() {
    let mut t = event(4, 5);
    t.players[2].rating = None;
    let st = RoundState::next(&t);
    let err = |edition| match pair_state(&st, &Options::DEFAULT.with_edition(edition)) {
        Err(Error::Input { reason, .. }) => reason,
        other => panic!("{other:?}"),
    };
    assert!(
        err(Edition::Fide2026).starts_with("Dubov 1.1: "),
        "{}",
        err(Edition::Fide2026)
    );
    assert!(
        err(Edition::Fide2018).starts_with("Dubov A.1: "),
        "{}",
        err(Edition::Fide2018)
    );
    let mut t = event(4, 5);
    t.planned_rounds = None;
    let st = RoundState::next(&t);
    let reason = |edition| match pair_state(&st, &Options::DEFAULT.with_edition(edition)) {
        Err(Error::Input { reason, .. }) => reason,
        other => panic!("{other:?}"),
    };
    assert!(reason(Edition::Fide2018).starts_with("Dubov A.7: "));
    assert!(reason(Edition::Fide2026).starts_with("Dubov 1.8: "));
}
