//! The 2026 edition (`lim-2026-changes.md`) and the floater choices of
//! issue 25, each on a hand-made event, checked by the verifier of the
//! edition and against the literal reference (`common/reference.rs`).
#![allow(clippy::unwrap_used)]

mod common;

use common::reference::ReferenceSystem;
use common::{check_with, coloured, explain, forbid, paired, round};
use swiss_core::{PairingSystem, Tournament, same_pairing};
use swiss_lim::{Edition, Options};

/// The engine's pairing of the next round under `edition`, after the
/// literal reference has given the same one.
fn next_in(t: &Tournament, edition: Edition) -> swiss_core::Pairing {
    let p = check_with(t, &Options::DEFAULT.with_edition(edition));
    let reference = ReferenceSystem {
        maxi: false,
        text_2026: edition == Edition::Fide2026,
    };
    let r = reference.pair(t).unwrap();
    assert!(same_pairing(&p, &r), "engine {p} reference {r}");
    p
}

/// Six players before round 3; 6 is absent in it. 5 had a requested
/// full-point bye (`F`) in round 1 and 6 the PAB; after round 2 players
/// 1-5 all have 1.0 (draws), 6 has 2.0.
fn full_point_bye_event() -> Tournament {
    let mut t = common::event(6, 5);
    round(
        &mut t,
        &[(1, 2, '='), (3, 4, '='), (5, 0, 'F'), (6, 0, 'U')],
    );
    round(&mut t, &[(1, 3, '='), (2, 4, '='), (6, 5, '1')]);
    common::absent_next(&mut t, 6, 'Z');
    t
}

/// `Lim 1.1` with the 2026 Basic Rules' Art. 4: a requested full-point
/// bye bars the PAB. The lowest score-group is {1, ..., 5}; its lowest
/// ranked player, 5, had an `F`: under 2026 the bye goes to 4, under 1999
/// (C.04.1 d: a PAB or a forfeit win only) to 5.
#[test]
fn lim_2026_full_point_bye_bars_the_pab() {
    let t = full_point_bye_event();
    assert_eq!(next_in(&t, Edition::Fide2026).bye, Some(4));
    assert_eq!(next_in(&t, Edition::Fide1999).bye, Some(5));
    // The default is the edition in force.
    assert_eq!(common::check(&t).bye, Some(4));
}

/// Six players before round 2, all drawn in round 1, and forbidden
/// pairs (`XXP`) that leave 2 only 4 as an opponent. 1 (due black) is
/// the top of the median score-group; his sequence (`Lim 4.1`, 4.2) is
/// 4, 5, 6, 3, 2. 4 is due white, but 1-4 leaves 2 without an opponent.
fn rest_unpairable_event() -> Tournament {
    let mut t = common::event(6, 5);
    round(&mut t, &[(1, 2, '='), (5, 3, '='), (6, 4, '=')]);
    forbid(&mut t, &[(2, 3), (2, 5), (2, 6)]);
    t
}

/// Issue 25 (c): `--explain` names why a candidate due the other colour
/// was passed over: the rest of the group could not be paired (Lim 4.3,
/// 4.4), not "an exchange for colour not allowed (Lim 5.7)", a rule of
/// Maxi-tournaments only. 1 takes 3, the next one due white.
#[test]
fn lim_explain_gives_the_unpairable_rest_its_own_reason() {
    let t = rest_unpairable_event();
    let (p, log) = explain(&t);
    assert!(paired(&p, 1, 3) && paired(&p, 2, 4), "{p}");
    assert!(
        log.contains("passed over: 4 the rest of the group could not be paired (Lim 4.3, 4.4)"),
        "{log}"
    );
    assert!(!log.contains("Lim 5.7"), "{log}");
}

/// Issue 25 (a), the floater of `Lim 2.3 d` when the one `Lim 3.2`
/// chooses leaves the rest unpairable: `Lim 4.4 a`. Eight players before
/// round 2 (7 and 8 drew, the median score-group): 1, 2 and 3 won round 1
/// (1 and 3 with White: due black; 2 with Black: due white); 1 and 2 may
/// not meet (`XXP`). The 1.0 score-group {1, 2, 3} is odd. 3.2 floats a
/// player due black, by position 3; then #1 has no compatible opponent
/// (4.4: scrutinised first, he cannot be paired), so #1 is exchanged with
/// the floater (4.4 a): 1 floats and 2-3 are paired with their colours
/// due. This is also the choice 3.2 makes among the players whose
/// floating leaves the rest pairable (1 and 2: 1 is due black). The old
/// fallback (the last player in scrutiny order whose floating leaves the
/// rest pairable) floated 2 and paired 1 and 3, both due black. 1 then meets 8 in the median score-group
/// (`Lim 3.8`: the highest numbered player due white; 7 is due black).
#[test]
fn lim_floater_by_the_rules_among_those_who_leave_the_rest_pairable() {
    let mut t = common::event(8, 5);
    round(
        &mut t,
        &[(1, 4, '1'), (6, 2, '0'), (3, 5, '1'), (7, 8, '=')],
    );
    forbid(&mut t, &[(1, 2)]);
    let p = next_in(&t, Edition::Fide2026);
    assert!(coloured(&p).contains(&(2, 3)), "{p}");
    assert!(paired(&p, 1, 8), "{p}");
    // The procedure is the same in the 1999 text.
    assert_eq!(next_in(&t, Edition::Fide1999), p);
    let (_, log) = explain(&t);
    assert!(
        log.contains(
            "Lim 2.3.4: floater 1 instead of 3, whose floating would leave the rest of the group unpairable: the first player the scrutiny leaves without an opponent is exchanged with him (Lim 4.4 a)"
        ),
        "{log}"
    );
}

/// Issue 25 (b), `Lim 3.8` (interpretation 8): an incoming floater takes
/// a resident; another floater only when no resident can be taken, even
/// one due the other colour. Six players before round 3 (median 1.0): 1
/// (2.0) floats down and 6 (0.0) up into the median {2, 3, 4, 5}. 1 is
/// due white, has met 2 and 5; 3 and 4 are due white too, 6 due black.
/// 1 takes 3 (the highest numbered resident he may meet), not 6; then 6
/// takes 5 (from the bottom), and 2-4 remain.
#[test]
fn lim_3_8_floater_takes_a_resident_before_another_floater() {
    let mut t = common::event(6, 5);
    round(&mut t, &[(1, 5, '1'), (3, 2, '0'), (4, 6, '1')]);
    round(&mut t, &[(2, 1, '0'), (6, 3, '0'), (5, 4, '1')]);
    let p = next_in(&t, Edition::Fide2026);
    assert!(paired(&p, 1, 3), "{p}");
    assert!(paired(&p, 6, 5) && paired(&p, 2, 4), "{p}");
    // The procedure is the same in the 1999 text.
    assert_eq!(next_in(&t, Edition::Fide1999), p);
}

/// Rule ids under each edition: `--explain` prints the 2026 numbers
/// (2.3.1 for 2.3 a, 3.9.1) under 2026 and the 1999 ids under 1999.
#[test]
fn lim_2026_explain_uses_the_2026_numbering() {
    let mut t = common::event(8, 5);
    round(
        &mut t,
        &[(1, 4, '1'), (6, 2, '0'), (3, 5, '1'), (7, 8, '=')],
    );
    forbid(&mut t, &[(1, 2)]);
    let (_, log) = explain(&t);
    assert!(log.contains("Lim 2.3.4: floater"), "{log}");
    assert!(!log.contains("Lim 2.3 d"), "{log}");
}
