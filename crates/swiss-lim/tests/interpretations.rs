//! Tests pinning the "Rule interpretations" of the crate docs, each named
//! after the interpretation it pins, on small hand-made events worked by
//! hand (the reasoning in the comments).
#![allow(clippy::unwrap_used)]

mod common;

use common::{check, coloured, event, explain, forbid, opponent, paired, round};
use swiss_core::{Colour, Points, RoundState};
use swiss_lim::{Error, Options, pair_state, score_group_order};

/// Interpretation 1: two players due the same colour are compatible
/// (`Lim 2.1` is about three in a row and three more, not about the
/// colour due). Four players, round 2: 1 and 2 both won with white, 3 and
/// 4 both lost with black. 1 v 2 and 3 v 4 are made; `Lim 5.4` gives the
/// due colour to the higher ranked above the median (1 black) and to the
/// lower ranked below it (4 white).
#[test]
fn interpretation_compatible_is_2_1_only() {
    let mut t = event(4, 5);
    round(&mut t, &[(1, 3, '1'), (2, 4, '1')]);
    let p = check(&t);
    assert_eq!(coloured(&p), [(2, 1), (4, 3)]);
}

/// Interpretation 1, `Lim 6`: four players, round 3 of 3. 1 (2 points) and
/// 2 (1 point) both had white twice, 3 and 4 (0.5 each) black twice; 1 has
/// met 3 and 4, 2 has met 3 and 4. The only pairing left is 1 v 2 and
/// 3 v 4. 3 v 4 (equal scores) may break `Lim 5.1`; 1 v 2 (different
/// scores) may not: no legal pairing. With 2 on 2 points too, both pairs
/// are made.
#[test]
fn interpretation_last_round_keeps_colour_rules_across_scores() {
    let mut t = event(4, 3);
    round(&mut t, &[(1, 4, '1'), (2, 3, '=')]);
    round(&mut t, &[(1, 3, '1'), (2, 4, '=')]);
    let st = RoundState::next(&t);
    assert!(st.is_last_round());
    assert!(matches!(
        pair_state(&st, &Options::default()),
        Err(Error::NoLegalPairing { .. })
    ));
    let mut t = event(4, 3);
    round(&mut t, &[(1, 4, '1'), (2, 3, '1')]);
    round(&mut t, &[(1, 3, '1'), (2, 4, '1')]);
    // 1 and 2 identical (W W): the higher ranked 1 gets his due black;
    // 3 and 4 below the median: the lower ranked 4 gets his due white.
    assert_eq!(coloured(&check(&t)), [(2, 1), (4, 3)]);
}

/// Interpretation 2: ten players, round 2, the top five won: no player has
/// the median score 0.5. The 1-group (downward) floats 5 (due black like
/// the majority, lowest numbered: `Lim 3.2`); the 0-group (upward) floats
/// 6 (due white like the majority, highest numbered). They meet in the
/// empty median score-group, paired last (`Lim 8.3`). In the 1-group 1
/// (due B) passes over 3 (due B) for 4; 2 v 3. In the 0-group 10 (due W)
/// passes over 8 for 7; 9 v 8.
#[test]
fn interpretation_empty_median_collects_both_floaters() {
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
    assert_eq!(
        score_group_order(&RoundState::next(&t)),
        [Points(10), Points(0), Points(5)]
    );
    let (p, log) = explain(&t);
    assert_eq!(coloured(&p), [(2, 3), (4, 1), (6, 5), (8, 9), (10, 7)]);
    assert!(
        log.contains(
            "score=0.5 direction=Down median=true residents= incoming=[\"5 DF 1.0\", \"6 UF 0.0\"]"
        ),
        "{log}"
    );
}

/// Interpretation 3 (`Lim 3.3`): twelve players, round 2, the top six won.
/// 1 may meet nobody of his group (`XXP`) and floats (2.3 a). The group
/// {2..6} is odd; due white (the majority): 2, 4, 6. 6 would float (the
/// lowest numbered), but his only compatible opponent in the 0-group is 9
/// (`XXP` with 7, 8, 10, 11; he met 12), and 9 is the opponent floater 1
/// takes there (`Lim 3.8`: the first due white — 7 he met, 8 is due black
/// like him). So 6 is of type c, and 4 floats. Then 2 v 5, 3 v 6.
#[test]
fn interpretation_3_3_excludes_opponents_of_earlier_floaters() {
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
    forbid(
        &mut t,
        &[
            (1, 2),
            (1, 3),
            (1, 4),
            (1, 5),
            (1, 6),
            (6, 7),
            (6, 8),
            (6, 10),
            (6, 11),
        ],
    );
    let (p, log) = explain(&t);
    assert!(paired(&p, 2, 5) && paired(&p, 3, 6), "{p}");
    assert!(opponent(&p, 4).unwrap() > 6, "4 floats: {p}");
    assert!(log.contains("floater 4 (Lim 3.9.1 type d"), "{log}");
}

/// Interpretation 4 (`Lim 2.6`): six players, round 3 (median 1.0),
/// player 1 drawn black. 1 v 3 (2 points) and 6 v 4 (0 points) are made;
/// the median {2, 5} is blocked (they met). No floater from either side:
/// the numbers are equal, so the higher group's pairing 1 v 3 is cracked.
/// DF 1 (due B) then takes 5 (the only resident he has not met, due B
/// too), DF 3 takes 2.
#[test]
fn interpretation_2_6_cracks_higher_when_floaters_balance() {
    let mut t = event(6, 5);
    t.initial_colour = Some(Colour::Black);
    round(&mut t, &[(2, 5, '1'), (4, 1, '0'), (6, 3, '0')]);
    round(&mut t, &[(1, 2, '1'), (3, 4, '1'), (5, 6, '1')]);
    let (p, log) = explain(&t);
    assert_eq!(coloured(&p), [(2, 3), (5, 1), (6, 4)]);
    assert!(log.contains("cracked=1 v 3 side=\"higher\""), "{log}");
}

/// Interpretation 7 (`Lim 5.2`): twelve players, round 2; the winners 2,
/// 7, 9, 10, 11, 12 are due W W W B W B. Player by player: 2 takes 10 (the
/// proposed opponent, due B), 7 passes over 11 (due W) for 12, leaving
/// 9 v 11 both due white. (Counting conflicts over the whole group would
/// pick 2 v 10, 7 v 11, 9 v 12, the first arrangement with one conflict.)
#[test]
fn interpretation_second_scrutiny_goes_player_by_player() {
    let mut t = event(12, 5);
    round(
        &mut t,
        &[
            (1, 7, '0'),
            (8, 2, '0'),
            (3, 9, '0'),
            (10, 4, '1'),
            (5, 11, '0'),
            (12, 6, '1'),
        ],
    );
    let p = check(&t);
    assert!(
        paired(&p, 2, 10) && paired(&p, 7, 12) && paired(&p, 9, 11),
        "{p}"
    );
}

/// Interpretation 8 (`Lim 3.8`): twelve players, round 2; three decisive
/// games and three draws. DF 3 (from {1, 2, 3}) and UF 7 (from
/// {7, 8, 9}) enter the median {4, 5, 6, 10, 11, 12}. DF 3 (due B) takes
/// the top resident due white, 4; UF 7 (due W) takes the bottom one due
/// black, 12 (reading the median's downward direction instead, he would
/// take 5). Then 5 v 6 (5 passes over 10, due B like him, and 11, met)
/// and 10 v 11.
#[test]
fn interpretation_uf_in_median_takes_the_bottom() {
    let mut t = event(12, 5);
    round(
        &mut t,
        &[
            (1, 7, '1'),
            (8, 2, '0'),
            (3, 9, '1'),
            (10, 4, '='),
            (5, 11, '='),
            (12, 6, '='),
        ],
    );
    let p = check(&t);
    assert_eq!(
        coloured(&p),
        [(2, 1), (4, 3), (6, 5), (7, 12), (9, 8), (11, 10)]
    );
}

/// Interpretation 10 (`Lim 1.1`): five players, round 2. The lowest
/// score-group {3, 4} would give the bye to 4, but 3 may then meet nobody
/// (he met 1; `XXP` with 2 and 5): the bye goes to 3.
#[test]
fn interpretation_bye_skips_a_player_whose_bye_blocks_the_round() {
    let mut t = event(5, 5);
    round(&mut t, &[(1, 3, '1'), (2, 4, '1'), (5, 0, 'U')]);
    assert_eq!(check(&t).bye, Some(4));
    forbid(&mut t, &[(3, 2), (3, 5)]);
    assert_eq!(check(&t).bye, Some(3));
}

/// Determinism: the same input gives the same output, byte for byte.
#[test]
fn same_input_same_output() {
    let mut t = event(12, 5);
    round(
        &mut t,
        &[
            (1, 7, '1'),
            (8, 2, '0'),
            (3, 9, '1'),
            (10, 4, '='),
            (5, 11, '='),
            (12, 6, '='),
        ],
    );
    let a = check(&t);
    let b = check(&t);
    assert_eq!(a.to_engine_text(), b.to_engine_text());
}

/// `Lim 7.2` with C.04.A's checker: a file without `XXC` gets the colour
/// drawn for player 1 read back from its round 1, so a tournament that
/// drew Black replays exactly; taking White instead gets round 1 wrong.
#[test]
fn interpretation_initial_colour_is_read_back_from_round_1() {
    use swiss_core::simulate::{SimulationConfig, random_players, simulate};
    use swiss_core::{PairingSystem, check as replay};
    let lim = swiss_lim::Lim::default();
    let mut t = (1..)
        .map(|seed| {
            let cfg = SimulationConfig {
                rounds: 4,
                seed,
                ..SimulationConfig::default()
            };
            simulate(&lim, random_players(16, seed), "t", &cfg).unwrap()
        })
        .find(|t| t.initial_colour == Some(Colour::Black))
        .unwrap();
    t.initial_colour = None;
    assert_eq!(lim.initial_colour(&t), Some(Colour::Black));
    assert_eq!(replay(&lim, &t).differences.len(), 0);
    t.initial_colour = Some(Colour::White);
    let wrong = replay(&lim, &t);
    assert_eq!(wrong.differences.first().map(|d| d.round), Some(1));
}
