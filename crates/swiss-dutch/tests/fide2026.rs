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

/// C.04.3 (2026) C7: when C4 makes a bracket float players (here two of
/// the 1-point bracket must meet the 0.5-point players, who have met each
/// other, and the PAB must go to the only 0-point player, C5), the
/// players floated are the lowest scored: both 1.5-point MDPs are paired
/// and two residents float. 2017 pairs the bracket completely.
#[test]
fn c2026_c7_the_downfloaters_scores_as_low_as_possible() {
    check("t0368-p011-r06.trf", 3);
}

/// C.04.3 (2026) C8: the bracket chooses its downfloaters so that the
/// next bracket pairs as many players, with scores as high, as it can.
#[test]
fn c2026_c8_the_next_bracket_as_good_as_possible() {
    check("t0129-p013-r09.trf", 9);
}

/// C.04.3 (2026) C8 under C4: C8 counts what the next bracket can pair
/// while the round stays completable. Here the next bracket cannot reach
/// what it could without C4, so the bracket above is chosen again with
/// the completion test over every player left.
#[test]
fn c2026_c8_counts_only_completable_pairings_of_the_next_bracket() {
    check("t0190-p012-r11.trf", 6);
}

/// C.04.3 (2026) C18-C21: repeated floats weighted by the floaters' (and
/// the upfloaters' opponents') scores rather than by score differences.
#[test]
fn c2026_c18_c21_repeated_floats_by_score() {
    check("t0376-p011-r10.trf", 9);
}

/// C.04.3 (2026) C14: only resident downfloaters of the previous round
/// count; an MDP floating down again is not protected.
#[test]
fn c2026_c14_resident_downfloaters_only() {
    check("t0206-p112-r11.trf", 11);
}
