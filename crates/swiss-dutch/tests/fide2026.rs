//! The 2026 edition's rules on rounds of the reference data
//! (`testdata/oracle/dutch-2026`) that the 2017 rules pair otherwise: each
//! case names the 2026 criterion that decides it, and fails when that
//! criterion is taken out of the engine (checked by hand for each) or the
//! round is paired under the 2017 edition.
#![allow(clippy::unwrap_used)]

use swiss_core::{Pairing, PairingSystem, before_round, same_pairing};
use swiss_dutch::Dutch;

/// Pairs round `round` of `file` under both editions: the 2026 edition
/// must reproduce the reference, the 2017 edition must not.
fn check(file: &str, round: u32) {
    let path = swiss_testdata::path(&format!("oracle/dutch-2026/{file}"));
    let text = swiss_testdata::read_text(&path).unwrap();
    let t = swiss_core::trf::read(&text, file).unwrap();
    let recorded = Pairing::recorded(&t, round);
    let pair = |dutch: Dutch| {
        let mut before = before_round(&t, round);
        before.initial_colour = dutch.initial_colour(&t);
        dutch.pair(&before).unwrap()
    };
    assert!(
        same_pairing(&pair(Dutch::FIDE_2026), &recorded),
        "{file} round {round}: 2026"
    );
    assert!(
        !same_pairing(&pair(Dutch::FIDE_2017), &recorded),
        "{file} round {round}: 2017"
    );
}

/// C.04.3 (2026) C5: five players, round 2. The PAB goes to 4, the only
/// player on 0 points, although pairing 2-5 in the top bracket (as 2017
/// does) would then leave 1 and 3, who have met: C5 outranks the top
/// bracket's pairs. 2017 gives the bye to 1 (0.5 points).
#[test]
fn c2026_c5_the_pab_to_the_lowest_score_a_complete_pairing_allows() {
    check("t0020-p005-r04.trf", 2);
}

/// C.04.3 (2026) C9: in the last bracket, the PAB goes to the candidate
/// with the fewest unplayed rounds.
#[test]
fn c2026_c9_the_pab_to_the_player_with_the_fewest_unplayed_rounds() {
    check("t0289-p013-r09.trf", 6);
}

/// C.04.3 (2026) Art. 1.4: an absence or a forfeit loss gives no float,
/// so the repeated-float criteria see a different history than 2017's.
#[test]
fn c2026_art_1_4_floats_change_the_pairing() {
    check("t0176-p014-r12.trf", 5);
}

/// C.04.3 (2026) C4 in every bracket, no collapsed scoregroup: once a
/// bracket has been paired so that the rest can be completed, the brackets
/// below are paired one scoregroup at a time, each under the same test.
#[test]
fn c2026_c4_no_collapsed_scoregroup() {
    check("t0234-p014-r13.trf", 8);
}
