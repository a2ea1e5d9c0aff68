//! Hand-worked cases of C.07, one per tie-break and per kind of unplayed
//! round, each citing its article. Every expected value is worked out in
//! the comment above it.

use swiss_core::{Colour, Player, ResultCode as R, RoundEntry, Tournament};
use swiss_tiebreak::{Options, Rules, TieBreak, Value, compute, table};

/// A tournament of `n` players (rated 2000, 2100, ...) with the given
/// round entries per player; records need not mirror each other, since
/// each player's tie-breaks read his own record and his opponents' scores.
fn event(records: &[&[RoundEntry]]) -> Tournament {
    let mut t = Tournament::default();
    for (i, rec) in records.iter().enumerate() {
        let mut p = Player::new(
            i as u32 + 1,
            format!("P{}", i + 1),
            Some(2000 + 100 * i as u16),
        );
        p.rounds = rec.to_vec();
        t.players.push(p);
    }
    t
}

fn g(opp: u32, c: Colour, r: R) -> RoundEntry {
    RoundEntry::game(opp, c, r)
}
fn bye(r: R) -> RoundEntry {
    RoundEntry::no_game(r)
}
use Colour::{Black as B, White as W};

fn col(t: &Tournament, code: &str, rules: Rules) -> Vec<String> {
    let tb: TieBreak = code.parse().expect(code);
    let o = Options {
        rules,
        ..Options::default()
    };
    compute(t, &tb, &o)
        .expect("computes")
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn v(t: &Tournament, code: &str, player: usize) -> String {
    col(t, code, Rules::R2026)[player - 1].clone()
}

/// Player 1: a win with Black, a forfeit win, the PAB, a half-point bye, a
/// full-point bye, a zero-point bye. Players 2 and 3 draw in round 6, so
/// that six rounds have been paired.
fn own_results() -> Tournament {
    event(&[
        &[
            g(2, B, R::Win),
            g(3, W, R::ForfeitWin),
            bye(R::PairingBye),
            bye(R::HalfBye),
            bye(R::FullBye),
            bye(R::ZeroBye),
        ],
        &[
            g(1, W, R::Loss),
            RoundEntry::BLANK,
            RoundEntry::BLANK,
            RoundEntry::BLANK,
            RoundEntry::BLANK,
            g(3, W, R::Draw),
        ],
        &[
            RoundEntry::BLANK,
            g(1, B, R::ForfeitLoss),
            RoundEntry::BLANK,
            RoundEntry::BLANK,
            RoundEntry::BLANK,
            g(2, B, R::Draw),
        ],
    ])
}

#[test]
fn win_counts_every_round_scored_as_a_win_art_7_1() {
    // Rounds 1 (game), 2 (forfeit), 3 (PAB), 5 (full-point bye): 4.
    assert_eq!(v(&own_results(), "WIN", 1), "4");
}

#[test]
fn won_counts_games_won_over_the_board_art_7_2() {
    assert_eq!(v(&own_results(), "WON", 1), "1");
}

#[test]
fn bpg_and_bwg_count_games_played_with_black_art_7_3_7_4() {
    let t = own_results();
    assert_eq!(v(&t, "BPG", 1), "1");
    assert_eq!(v(&t, "BWG", 1), "1");
    // Player 3's forfeit with Black is not a game played; his draw is.
    assert_eq!(v(&t, "BPG", 3), "1");
}

#[test]
fn rep_counts_rounds_one_elected_to_play_art_7_5() {
    // The game, the forfeit win, the PAB and the full-point bye; not the
    // half- and zero-point byes.
    assert_eq!(v(&own_results(), "REP", 1), "4");
    assert_eq!(v(&own_results(), "GE", 1), "4");
}

#[test]
fn std_scores_every_round_one_half_zero_art_5_2() {
    // 1 + 1 + 1 + ½ + 1 + 0 under a 3-1-0 system, as under 1-½-0.
    let mut t = own_results();
    assert_eq!(v(&t, "STD", 1), "4.5");
    t.point_system = swiss_core::PointSystem::from_bb(
        swiss_core::Points(30),
        swiss_core::Points(10),
        swiss_core::Points(0),
        swiss_core::Points(0),
        swiss_core::Points(0),
        None,
    );
    // 3 + 3 + 3 (PAB) + 1 (half-point bye) + 3 + 0.
    assert_eq!(v(&t, "PTS", 1), "13.0");
    assert_eq!(v(&t, "STD", 1), "4.5");
}

#[test]
fn ps_sums_the_running_scores_art_7_6() {
    // Running scores 1, 2, 3, 3.5, 4.5, 4.5: 18.5; Cut-1 drops round 1: 17.5.
    assert_eq!(v(&own_results(), "PS", 1), "18.5");
    assert_eq!(v(&own_results(), "PS/C1", 1), "17.5");
}

#[test]
fn pab_meets_a_dummy_opponent_capped_at_half_the_maximum_art_16_4_2() {
    // Player 3 has the PAB in round 1 and beats player 1 in round 2: 2.0.
    // Round 1's dummy opponent scores his own 2.0, capped since 2026 at
    // half of the 2 rounds' maximum: 1.0. Round 2: player 1 scored 0.
    let t = event(&[
        &[g(2, W, R::Win), g(3, W, R::Loss)],
        &[g(1, B, R::Loss), bye(R::PairingBye)],
        &[bye(R::PairingBye), g(1, B, R::Win)],
    ]);
    assert_eq!(v(&t, "BH", 3), "2.0"); // 1.0 + player 1's 1.0
    assert_eq!(col(&t, "BH", Rules::R2024)[2], "3.0"); // 2.0 + 1.0, uncapped
    // SB: the dummy's 1.0 times the bye's 1 point, plus 1.0 x 1.
    assert_eq!(v(&t, "SB", 3), "2.00");
}

#[test]
fn forfeit_win_meets_the_dummy_capped_by_the_real_opponents_score_art_16_4_1() {
    // Player 1 wins by forfeit against player 2 (who loses everything:
    // 0 points) and beats player 3 (1.0). Player 1: 2.0 points. Round 1's
    // dummy: his own 2.0, capped since 2026 by player 2's 0.
    let t = event(&[
        &[g(2, W, R::ForfeitWin), g(3, W, R::Win)],
        &[g(1, B, R::ForfeitLoss), g(3, B, R::Loss)],
        &[bye(R::PairingBye), g(1, B, R::Loss)],
    ]);
    assert_eq!(v(&t, "BH", 1), "1.0");
    assert_eq!(col(&t, "BH", Rules::R2024)[0], "3.0");
    // The forfeit loser's dummy is capped by the winner's 2.0; his own
    // score 0 is lower: 0. Round 2: player 3 scored 1.0 (the PAB).
    assert_eq!(v(&t, "BH", 2), "1.0");
}

#[test]
fn withdrawn_players_later_rounds_count_as_draws_for_opponents_art_16_3() {
    // Player 2 loses to player 1 in round 1 and is absent in rounds 2 and 3
    // (no later round present): for player 1's BH he scores 0 + ½ + ½.
    let t = event(&[
        &[g(2, W, R::Win), g(3, W, R::Win), g(4, W, R::Win)],
        &[g(1, B, R::Loss), bye(R::ZeroBye), RoundEntry::BLANK],
        &[RoundEntry::BLANK, g(1, B, R::Loss), RoundEntry::BLANK],
        &[RoundEntry::BLANK, RoundEntry::BLANK, g(1, B, R::Loss)],
    ]);
    // Player 3: absent in round 1, before his last present round 2: as
    // scored (0); absent after it in round 3: a draw. 0.5. Player 4 was
    // absent before his game: 0.
    assert_eq!(v(&t, "BH", 1), "1.5");
}

#[test]
fn cut_1_drops_the_voluntarily_unplayed_round_first_art_16_5() {
    // Player 1: beats player 2 (0 points, all games lost), half-point bye,
    // beats player 3 (2.0). Own score 2.5; the bye's dummy: 2.5 capped at
    // half of 3 rounds: 1.5. BH = 0 + 1.5 + 2.0 = 3.5. Cut-1 drops the
    // VUR (1.5), not the lowest opponent (0): 2.0.
    let t = event(&[
        &[g(2, W, R::Win), bye(R::HalfBye), g(3, W, R::Win)],
        &[g(1, B, R::Loss), g(4, W, R::Loss), g(3, W, R::Loss)],
        &[g(4, W, R::Win), g(4, B, R::Win), g(1, B, R::Loss)],
        &[],
    ]);
    assert_eq!(v(&t, "BH", 1), "3.5");
    assert_eq!(v(&t, "BH/C1", 1), "2.0");
    // Median-1 drops the lowest (the VUR) and the highest (2.0): 0.
    assert_eq!(v(&t, "BH/M1", 1), "0.0");
}

#[test]
fn cut_1_takes_the_voluntarily_unplayed_round_of_least_value_art_16_5() {
    // Player 1, five rounds (3.0 points): a half-point bye, a forfeit lost
    // to player 2 (5.0), a draw with player 3 (1.0), wins over player 4
    // (4.0) and player 5 (3.0). SB: the bye's dummy 3.0 capped at half the
    // maximum, 2.5, x 0.5 = 1.25; the forfeit's dummy 3.0 (capped by
    // player 2's 5.0) x 0 = 0; 1.0 x 0.5 = 0.5; 4.0; 3.0: 8.75.
    // Cut-1: the least significant value is the draw (score 1.0, value
    // 0.5). Of the two VURs, the one contributing least is the forfeit (0);
    // the draw's 0.5 exceeds it, so the draw is cut: 8.25. (Taking the VUR
    // of lowest score, the bye, 1.25, would cut the bye: 7.5; the
    // reference program did so up to 1.9.57, and takes the least
    // contribution since 1.10.)
    let t = event(&[
        &[
            bye(R::HalfBye),
            g(2, B, R::ForfeitLoss),
            g(3, W, R::Draw),
            g(4, B, R::Win),
            g(5, W, R::Win),
        ],
        &[
            g(6, W, R::Win),
            g(1, W, R::ForfeitWin),
            g(6, W, R::Win),
            g(6, W, R::Win),
            g(6, W, R::Win),
        ],
        &[
            g(6, W, R::Loss),
            g(6, W, R::Draw),
            g(1, B, R::Draw),
            g(6, W, R::Loss),
            g(6, W, R::Loss),
        ],
        &[
            g(6, W, R::Win),
            g(6, W, R::Win),
            g(6, W, R::Win),
            g(1, W, R::Loss),
            g(6, W, R::Win),
        ],
        &[
            g(6, W, R::Win),
            g(6, W, R::Win),
            g(6, W, R::Win),
            g(6, W, R::Loss),
            g(1, B, R::Loss),
        ],
        &[],
    ]);
    assert_eq!(v(&t, "SB", 1), "8.75");
    assert_eq!(v(&t, "SB/C1", 1), "8.25");
}

#[test]
fn sb_multiplies_each_opponents_score_by_the_points_scored_art_8_2() {
    // Player 1 draws player 2 (1.5 points) and beats player 3 (1.0):
    // 1.5 x ½ + 1.0 x 1 = 1.75.
    let t = event(&[
        &[g(2, W, R::Draw), g(3, B, R::Win)],
        &[g(1, B, R::Draw), g(3, W, R::Win)],
        &[g(2, B, R::Loss), g(1, W, R::Loss)],
    ]);
    // Player 3 has 0 points in this record, so player 1: 0.75 + 0 = 0.75.
    assert_eq!(v(&t, "SB", 1), "0.75");
    assert_eq!(v(&t, "BH", 1), "1.5");
}

#[test]
fn fb_counts_everyones_last_round_as_a_draw_art_8_3() {
    // Player 1 beats 2 then 3; player 2 beats 3 then loses to 1... round 2:
    // 1-2? Keep it two rounds: r1 1-2 1:0, 3 PAB; r2 1-3 1:0, 2 PAB.
    let t = event(&[
        &[g(2, W, R::Win), g(3, W, R::Win)],
        &[g(1, B, R::Loss), bye(R::PairingBye)],
        &[bye(R::PairingBye), g(1, B, R::Loss)],
    ]);
    // BH of 1: 1.0 + 1.0 = 2.0. FB: player 3's last-round game counts as a
    // draw: 1.5; player 2's last round is the PAB, no opponent: as scored
    // 1.0. FB = 2.5.
    assert_eq!(v(&t, "BH", 1), "2.0");
    assert_eq!(v(&t, "FB", 1), "2.5");
}

#[test]
fn aob_averages_the_opponents_buchholz_to_hundredths_art_8_4() {
    // Reuses the FB case: BH of 1 is 1.0 + 1.0 = 2.0; of 2, player 1's 2.0
    // plus the PAB's dummy (own 1.0, cap ½ x 2 = 1.0) = 3.0; of 3, the
    // same, 3.0. Player 1 met 2 and 3: (3.0 + 3.0) / 2 = 3.00.
    let t = event(&[
        &[g(2, W, R::Win), g(3, W, R::Win)],
        &[g(1, B, R::Loss), bye(R::PairingBye)],
        &[bye(R::PairingBye), g(1, B, R::Loss)],
    ]);
    assert_eq!(v(&t, "BH", 2), "3.0");
    assert_eq!(v(&t, "AOB", 1), "3.00");
    // Player 2 met only player 1 (BH 2.0).
    assert_eq!(v(&t, "AOB", 2), "2.00");
}

#[test]
fn rating_tie_breaks_art_10() {
    // Player 1 (2000) beats player 2 (2100) and draws player 3 (2200).
    // ARO 2150; 1.5 / 2 = 75% -> dp 193: TPR 2343. PTP: the lowest R with
    // E(R-2100) + E(R-2200) >= 1.50.
    let t = event(&[
        &[g(2, W, R::Win), g(3, B, R::Draw)],
        &[g(1, B, R::Loss), bye(R::ZeroBye)],
        &[bye(R::ZeroBye), g(1, W, R::Draw)],
    ]);
    assert_eq!(v(&t, "ARO", 1), "2150");
    assert_eq!(v(&t, "ARO/C1", 1), "2200");
    assert_eq!(v(&t, "TPR", 1), "2343");
    let ptp: i32 = v(&t, "PTP", 1).parse().expect("number");
    let e = |r: i32| {
        swiss_tiebreak::rating::expected(r, 2100) + swiss_tiebreak::rating::expected(r, 2200)
    };
    assert!(e(ptp) >= 150 && e(ptp - 1) < 150, "PTP {ptp}");
    assert_eq!(v(&t, "RTNG", 1), "2000");
    // Player 2's only opponent is player 1: APRO is player 1's TPR.
    assert_eq!(v(&t, "APRO", 2), "2343");
    assert_eq!(v(&t, "APPO", 2), ptp.to_string());
}

#[test]
fn an_unrated_player_leaves_rating_tie_breaks_undefined_unless_rated_by_the_rules() {
    let mut t = event(&[&[g(2, W, R::Win)], &[g(1, B, R::Loss)]]);
    t.players[1].rating = None;
    assert_eq!(v(&t, "ARO", 1), "-");
    let o = Options {
        unrated: Some(1800),
        ..Options::default()
    };
    let tb: TieBreak = "ARO".parse().expect("ARO");
    assert_eq!(compute(&t, &tb, &o).expect("ok")[0], Value::Int(1800));
}

#[test]
fn de_orders_players_tied_on_points_by_their_game_art_6() {
    // Players 1 and 2 both score 1.0; 2 beat 1.
    let t = event(&[
        &[g(2, W, R::Loss), g(3, W, R::Win)],
        &[g(1, B, R::Win), g(3, B, R::Loss)],
        &[bye(R::ZeroBye), bye(R::ZeroBye)],
    ]);
    let codes = TieBreak::parse_list("DE,TPN").expect("codes");
    let tb = table(&t, &codes, &Options::default()).expect("table");
    // DE: player 2 first (1), player 1 second (2); player 3 alone: 0.
    let de: Vec<String> = tb.rows.iter().map(|r| r.values[0].to_string()).collect();
    assert_eq!(de, ["2", "1", "0"]);
    let ranks: Vec<u32> = tb.rows.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, [2, 1, 3]);
}

#[test]
fn de_does_not_separate_players_who_have_not_all_met_art_6_2() {
    // 1, 2, 3 tied on 1.0; 1 beat 2, 3 has not met either: 1's 1.0 is not
    // more than 3's possible 2 x 1.0, and 2's 0 not more than 3's: no
    // separation at all.
    let t = event(&[
        &[g(2, W, R::Win), bye(R::ZeroBye)],
        &[g(1, B, R::Loss), bye(R::PairingBye)],
        &[bye(R::ZeroBye), bye(R::FullBye)],
    ]);
    let codes = TieBreak::parse_list("DE").expect("codes");
    let tb = table(&t, &codes, &Options::default()).expect("table");
    let de: Vec<String> = tb.rows.iter().map(|r| r.values[0].to_string()).collect();
    assert_eq!(de, ["0", "0", "0"]);
}

#[test]
fn koya_counts_points_against_opponents_with_half_the_maximum_art_7_7() {
    // Two rounds: the limit is 1.0. Player 1 beats 2 (1.0) and 3 (0).
    let t = event(&[
        &[g(2, W, R::Win), g(3, W, R::Win)],
        &[g(1, B, R::Loss), bye(R::PairingBye)],
        &[bye(R::ZeroBye), g(1, B, R::Loss)],
    ]);
    assert_eq!(v(&t, "KS", 1), "1.0");
    assert_eq!(v(&t, "KS/L0", 1), "2.0");
}

#[test]
fn up_to_a_round() {
    let t = own_results();
    let o = Options {
        round: Some(2),
        ..Options::default()
    };
    let tb: TieBreak = "PTS".parse().expect("PTS");
    assert_eq!(compute(&t, &tb, &o).expect("ok")[0], Value::Tenths(20));
}

#[test]
fn sb_does_not_depend_on_fb_before_it() {
    // Rule interpretation "each tie-break on its own" (crate docs): player
    // 8 of t0274 counts 3.0 for his opponents (round 8, a zero-point bye
    // after his last present round 7, is a draw: Art. 16.3), so player 1,
    // who beat him, has SB 43.25 with or without FB listed first.
    let t = swiss_testdata::read_trf(&swiss_testdata::path("tiebreaks").join("t0274-p015-r10.trf"))
        .expect("reads");
    for list in ["SB", "FB,SB"] {
        let codes = TieBreak::parse_list(list).expect("codes");
        let tb = table(&t, &codes, &Options::default()).expect("table");
        let sb = tb.rows[0].values[codes.len() - 1];
        assert_eq!(sb.to_string(), "43.25", "{list}");
    }
}

#[test]
fn events_that_started_before_march_2026_follow_the_2024_rules() {
    let mut t = own_results();
    assert_eq!(Rules::for_event(&t), Rules::R2026);
    t.header_records.push("042 2026/02/28".into());
    assert_eq!(Rules::for_event(&t), Rules::R2024);
    t.header_records[0] = "042 2026-03-01".into();
    assert_eq!(Rules::for_event(&t), Rules::R2026);
    t.header_records[0] = "042 soon".into();
    assert_eq!(Rules::for_event(&t), Rules::R2026);
}

#[test]
fn a_late_entrys_missed_rounds_count_as_scored_for_his_opponents_art_16_3() {
    // Player 2 enters in round 3 (absent in rounds 1 and 2, before his
    // last present round) and loses to player 1: for player 1's BH he
    // counts as scored, 0 (not ½ + ½ as after a withdrawal).
    let t = event(&[
        &[g(3, W, R::Win), g(3, B, R::Draw), g(2, W, R::Win)],
        &[RoundEntry::BLANK, bye(R::ZeroBye), g(1, B, R::Loss)],
        &[g(1, B, R::Loss), g(1, W, R::Draw), RoundEntry::BLANK],
    ]);
    // Player 3: 0.5, then withdrawn in round 3 (a draw for opponents): 1.0.
    // BH of 1 = 1.0 + 1.0 + 0 = 2.0.
    assert_eq!(v(&t, "BH", 1), "2.0");
    // Player 2's own BH: two unplayed rounds without opponent, the dummy
    // scoring his own 0; round 3: player 1's 2.5.
    assert_eq!(v(&t, "BH", 2), "2.5");
}

#[test]
fn requested_byes_meet_the_capped_dummy_art_16_4_2() {
    // Player 1 of the own-results case has 4.5 points in 6 rounds; his
    // PAB and half-, full- and zero-point byes meet a dummy scoring
    // min(4.5, ½ x 6) = 3.0; the forfeit win a dummy capped by player 3's
    // 0.5; the game player 2's 0.5 (both drew in round 6).
    // BH = 0.5 + 0.5 + 4 x 3.0 = 13.0.
    assert_eq!(v(&own_results(), "BH", 1), "13.0");
    // 2024: the dummy scores his own 4.5 in every unplayed round:
    // 0.5 + 5 x 4.5 = 23.0.
    assert_eq!(col(&own_results(), "BH", Rules::R2024)[0], "23.0");
    // SB: 0.5 x 1 + 0.5 x 1 + 3.0 x (1 PAB + ½ H + 1 F + 0 Z) = 8.5.
    assert_eq!(v(&own_results(), "SB", 1), "8.50");
}

#[test]
fn byes_entered_ahead_for_an_unpaired_round_are_not_counted() {
    // Round 2 holds only a half-point bye announced ahead: the standings
    // are after round 1.
    let t = event(&[&[g(2, W, R::Win), bye(R::HalfBye)], &[g(1, B, R::Loss)]]);
    assert_eq!(v(&t, "PTS", 1), "1.0");
}
