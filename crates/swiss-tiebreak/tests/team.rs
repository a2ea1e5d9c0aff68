//! Hand-worked team standings (C.07 Art. 11-13, 16), on two small team
//! events of `testdata/tiebreaks-team`. Every expected value is worked
//! out in the comments.
//!
//! `hand-worked.trf`: teams One (players 1, 2), Two (3, 4), Three (5, 6),
//! Four (7, 8); two boards (`352 WB`), match points primary.
//! - Round 1: One-Two 1-1 (board 1: 1 beats 3; board 2: 4 beats 2);
//!   Three-Four 1½-½ (5 draws 7; 6 beats 8).
//! - Round 2: One-Three 1½-½ (1 draws 5; 2 beats 6); Two-Four 1½-½ (3
//!   beats 7; 4 draws 8).
//!
//! | team | MP | GP | board 1 | board 2 |
//! |---|---|---|---|---|
//! | One | 3 | 2.5 | 1 + ½ | 0 + 1 |
//! | Two | 3 | 2.5 | 0 + 1 | 1 + ½ |
//! | Three | 2 | 2.0 | ½ + ½ | 1 + 0 |
//! | Four | 0 | 1.0 | ½ + 0 | 0 + ½ |
//!
//! `hand-worked-unplayed.trf`: teams One, Two, Three, two boards. Round 1:
//! One-Two 1½-½ (1 beats 3; 2 draws 4), Three the PAB (`320`: 1 MP, 2.0
//! GP). Round 2: Three-One forfeited, won by Three (`330 +-`), Two the PAB.
//! One: 2 MP, 1.5 GP; Two: 1 MP, 2.5 GP; Three: 3 MP, 4.0 GP.

use swiss_tiebreak::{Options, TieBreak, table};

fn column(file: &str, codes: &str) -> Vec<Vec<String>> {
    let t = swiss_testdata::read_trf(&swiss_testdata::path("tiebreaks-team").join(file))
        .expect("reads");
    let codes = TieBreak::parse_list(codes).expect("codes");
    let tb = table(&t, &codes, &Options::default()).expect("computes");
    (0..codes.len())
        .map(|k| tb.rows.iter().map(|r| r.values[k].to_string()).collect())
        .collect()
}

fn one(file: &str, code: &str) -> Vec<String> {
    column(file, code).remove(0)
}

fn ranks(file: &str, codes: &str) -> Vec<u32> {
    let t = swiss_testdata::read_trf(&swiss_testdata::path("tiebreaks-team").join(file))
        .expect("reads");
    let codes = TieBreak::parse_list(codes).expect("codes");
    let tb = table(&t, &codes, &Options::default()).expect("computes");
    tb.rows.iter().map(|r| r.rank).collect()
}

const HAND: &str = "hand-worked.trf";
const UNPLAYED: &str = "hand-worked-unplayed.trf";

#[test]
fn scores_and_mpvgp_art_11_1_13_1() {
    assert_eq!(one(HAND, "PTS"), ["3.0", "3.0", "2.0", "0.0"]);
    assert_eq!(one(HAND, "GPTS"), ["2.5", "2.5", "2.0", "1.0"]);
    // Match points primary: MPvGP is the game points.
    assert_eq!(one(HAND, "MPVGP"), ["2.5", "2.5", "2.0", "1.0"]);
    assert_eq!(one(UNPLAYED, "MPTS"), ["2.0", "1.0", "3.0"]);
    // The PAB's 2.0 game points (record 320), the forfeited match's 2 x W.
    assert_eq!(one(UNPLAYED, "GPTS"), ["1.5", "2.5", "4.0"]);
}

#[test]
fn board_count_sums_board_number_times_points_lower_first_art_12_1() {
    // One: 1 x 1.5 + 2 x 1 = 3.5; Two: 1 x 1 + 2 x 1.5 = 4.0; Three: 1 x 1
    // + 2 x 1 = 3.0; Four: 1 x 0.5 + 2 x 0.5 = 1.5.
    assert_eq!(one(HAND, "BC"), ["3.5", "4.0", "3.0", "1.5"]);
    // One and Two are tied on points: the lower count ranks One first.
    assert_eq!(ranks(HAND, "BC"), [1, 2, 3, 4]);
    // A PAB is a won game on each board, a forfeited match won on each
    // board: Three 1 x (1 + 1) + 2 x (1 + 1) = 6.0; Two (0 + 1, ½ + 1) 4.0;
    // One (1 + 0, ½ + 0) 2.0.
    assert_eq!(one(UNPLAYED, "BC"), ["2.0", "4.0", "6.0"]);
}

#[test]
fn top_board_result_and_bottom_board_elimination_art_12_2_12_3() {
    // One and Two (3 MP each): board 1, 1.5 against 1.0: One first.
    assert_eq!(one(HAND, "TBR"), ["1", "2", "0", "0"]);
    // Without the bottom board: 1.5 against 1.0: One first.
    assert_eq!(one(HAND, "BBE"), ["1", "2", "0", "0"]);
    // After game points they are still tied; after BC no longer.
    assert_eq!(column(HAND, "GPTS,TBR")[1], ["1", "2", "0", "0"]);
    assert_eq!(column(HAND, "BC,TBR")[1], ["0", "0", "0", "0"]);
}

#[test]
fn extended_direct_encounter_then_the_boards_of_the_encounter_art_13_3() {
    // One and Two drew their match 1-1: the encounter on match points and
    // on game points does not separate them.
    assert_eq!(one(HAND, "EDE"), ["0", "0", "0", "0"]);
    // Two teams still tied: the boards of their encounter. TBR: One won
    // board 1.
    assert_eq!(one(HAND, "EDET"), ["1", "2", "0", "0"]);
    // BBE: without the bottom board, 1 against 0.
    assert_eq!(one(HAND, "EDEB"), ["1", "2", "0", "0"]);
    // BC of the encounter, lower first (Art. 12.1): One 1 x 1 + 2 x 0 = 1,
    // Two 1 x 0 + 2 x 1 = 2 (the reference platform ranks Two first).
    assert_eq!(one(HAND, "EDEC"), ["1", "2", "0", "0"]);
    assert_eq!(one(HAND, "EDEBT"), ["1", "2", "0", "0"]);
}

#[test]
fn buchholz_and_sonneborn_berger_on_either_score_art_13() {
    // BH on match points: One met Two (3) and Three (2).
    assert_eq!(one(HAND, "BH:MP"), ["5.0", "3.0", "3.0", "5.0"]);
    // On game points: One met Two (2.5) and Three (2.0).
    assert_eq!(one(HAND, "BH:GP"), ["4.5", "3.5", "3.5", "4.5"]);
    // SB on match points: One 3 x 1 (drawn) + 2 x 2 (won) = 7.
    assert_eq!(one(HAND, "SB:MP"), ["7.00", "3.00", "0.00", "0.00"]);
}

#[test]
fn extended_sonneborn_berger_art_13_2() {
    // One: opponents Two (3 MP, 2.5 GP, One scored 1 MP and 1 GP) and
    // Three (2 MP, 2.0 GP; One scored 2 MP and 1.5 GP).
    // EMMSB 3 x 1 + 2 x 2 = 7; EMGSB 3 x 1 + 2 x 1.5 = 6; EGMSB 2.5 x 1 +
    // 2 x 2 = 6.5; EGGSB 2.5 x 1 + 2 x 1.5 = 5.5; ESB (primary MP) = EMGSB.
    let c = column(HAND, "EMMSB,EMGSB,EGMSB,EGGSB,ESB");
    let one_team: Vec<&str> = c.iter().map(|v| v[0].as_str()).collect();
    assert_eq!(one_team, ["7.00", "6.00", "6.50", "5.50", "6.00"]);
}

#[test]
fn score_strength_combination_art_13_4() {
    // Match points primary: F = floor(2 MP x 2 rounds / (1 x 2 boards)) = 2.
    // One: 2.5 GP + 5.0 / 2 = 5.00; Two: 2.5 + 3.0 / 2 = 4.00; Three: 2.0 +
    // 3.0 / 2 = 3.50; Four: 1.0 + 5.0 / 2 = 3.50.
    assert_eq!(one(HAND, "SSSC"), ["5.00", "4.00", "3.50", "3.50"]);
    // `/K4` sets F: One 2.5 + 5.0 / 4 = 3.75.
    assert_eq!(one(HAND, "SSSC/K4")[0], "3.75");
}

#[test]
fn a_pab_and_a_forfeited_match_meet_dummy_opponents_art_16_4() {
    // One: Two (1 MP; the PAB of round 2 is not a VUR) + the forfeit lost
    // to Three, a VUR: the dummy, One's 2 capped by Three's 3 (16.4.1): 2.
    // Two: One (2: the forfeit loss has an opponent, so it counts as
    // scored, 16.3) + the PAB: Two's 1 capped at 1 x 2 rounds (16.4.2): 1.
    // Three: the PAB, 3 capped at 2; the forfeit won, 3 capped by One's 2.
    assert_eq!(one(UNPLAYED, "BH:MP"), ["3.0", "3.0", "4.0"]);
    // `/P`: the forfeited match counts against its real opponent: One
    // gets Three's 3 instead of the dummy's 2.
    assert_eq!(one(UNPLAYED, "BH:MP/P"), ["4.0", "3.0", "4.0"]);
    // FB: the last round's matches count as drawn: One 3, Three 2 (Two's
    // PAB has no opponent). One: 1 + 2; Two: 3 + its dummy 1; Three: its
    // dummy (2, capped at 2) + One's 3.
    assert_eq!(one(UNPLAYED, "FB:MP"), ["3.0", "4.0", "5.0"]);
}

#[test]
fn rating_tie_breaks_do_not_apply_to_teams_art_10() {
    let t = swiss_testdata::read_trf(&swiss_testdata::path("tiebreaks-team").join(HAND))
        .expect("reads");
    let codes = TieBreak::parse_list("ARO").expect("codes");
    assert!(table(&t, &codes, &Options::default()).is_err());
}

/// `repeated-meeting.trf` (generated, seed 405 of the team tie-break run;
/// game points primary): teams 12, 13 and 15 end on 13.5 game points.
/// 12 met 13 (round 4: 1.5 against 2.5) and 15 (round 5: 3.0 against
/// 1.0); 13 and 15 met twice: a forfeited match won by 15 in round 6
/// (4.0 against 0), then a drawn match in round 8 (2.0 each).
#[test]
fn with_p_a_forfeited_then_played_pair_has_met_art_13_3() {
    let file = "repeated-meeting.trf";
    let at = |v: &[String]| [v[11].clone(), v[12].clone(), v[14].clone()];
    // `/P`: the forfeit counts; a pair that met twice scores the average
    // of its meetings. 12: 1.5 + 3.0 = 4.5; 13: 2.5 + (0 + 2.0) / 2 = 3.5;
    // 15: 1.0 + (4.0 + 2.0) / 2 = 4.0. Every team has met every other one
    // (Art. 6.1 applies): 12, 15, 13. (The reference platform counts a
    // team that met an opponent twice as having met one team only, finds
    // the group incomplete, and separates nobody.)
    assert_eq!(at(&one(file, "EDE/P")), ["1", "3", "2"]);
    // Without `/P` the forfeit is no encounter: 12: 4.5; 13: 2.5 + 2.0 =
    // 4.5; 15: 1.0 + 2.0 = 3.0: 15 third. 12 and 13 form a new tied
    // group, looked at alone: 13 won their match (2.5 against 1.5).
    assert_eq!(at(&one(file, "EDE")), ["2", "1", "3"]);
}
