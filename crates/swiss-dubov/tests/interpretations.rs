//! Tests pinning the "Rule interpretations" of the crate docs, each named
//! after the interpretation it pins, on small hand-made tournaments. Each
//! round goes through `common::next` (the three upfloater methods, the
//! literal reference and the verifier agree), and each test shows the
//! outcome the other reading would give.
#![allow(clippy::unwrap_used)]

mod common;

use common::{at, event, game, next, no_game, pairs};
use swiss_core::{Colour, Pairing, Points, ResultCode, RoundEntry, RoundState, Tournament};
use swiss_dubov::{Error, Options, pair_state};

use ResultCode::{Draw, HalfBye, Loss, Win, ZeroBye};

fn sorted(p: &Pairing) -> Vec<(u32, u32)> {
    let mut v = pairs(p);
    v.sort_unstable();
    v
}

/// Interpretation 1: the scoregroups are formed by score plus
/// acceleration (`XXA`). Round 1, 3 and 4 accelerated by one point: they
/// form the top bracket (3 ranks higher and has an odd pairing number:
/// White), 1-2 the other. Without acceleration: 1-3, 4-2.
#[test]
fn interpretation_accelerated_scores_form_the_scoregroups() {
    let mut t = event(4, 5);
    t.accelerations.push((3, vec![Points(10)]));
    t.accelerations.push((4, vec![Points(10)]));
    assert_eq!(sorted(&next(&t)), [(1, 2), (3, 4)]);
}

/// Interpretation 2: the initial ranking is re-sorted by rating up to
/// the pairing of round 4 (A.2), and frozen in start-number order from
/// round 5. Player 2 out-rates 1. Nobody has played (half-point byes), so
/// B.3 splits by ranking and E.0 colours by pairing number.
#[test]
fn interpretation_initial_ranking_resorted_until_round_4() {
    // Round `round`, after byes in all the rounds before.
    let round = |round: u32| {
        let mut t = event(4, 6);
        for (p, r) in [(1, 2000), (2, 2100), (3, 1900), (4, 1800)] {
            t.players[p - 1].rating = Some(r);
        }
        for _ in 1..round {
            for p in 1..=4 {
                no_game(&mut t, p, HalfBye);
            }
        }
        sorted(&at(&t, round))
    };
    // Rounds 1 and 4: ranking 2, 1, 3, 4. G1 = {2, 1}, G2 = {3, 4}:
    // 2-3 (2 is pairing number 1: White), 1-4 (number 2: Black).
    assert_eq!(round(1), [(2, 3), (4, 1)]);
    assert_eq!(round(4), [(2, 3), (4, 1)]);
    // Round 5: start-number order 1, 2, 3, 4: 1-3, 4-2.
    assert_eq!(round(5), [(1, 3), (4, 2)]);
}

/// Interpretation 3 (A.5.a): when the colour difference and the last two
/// games disagree, the colour difference decides. Player 1 played
/// W W W W B B (difference +2, last two Black): he needs Black
/// absolutely, and gets it against 2 (B W: mild Black) by E.2. Reading
/// the last two games first, he would need White (E.1: 1-2).
#[test]
fn interpretation_colour_difference_beats_the_last_two_games() {
    let mut t = event(8, 8);
    let rounds: [&[(u32, u32)]; 6] = [
        &[(1, 3), (4, 2)],
        &[(1, 4), (2, 3)],
        &[(1, 5)],
        &[(1, 6)],
        &[(7, 1)],
        &[(8, 1)],
    ];
    for games in rounds {
        for &(w, b) in games {
            game(&mut t, w, b, Draw);
        }
        for p in 1..=8 {
            if !games.iter().any(|&(w, b)| w == p || b == p) {
                no_game(&mut t, p, HalfBye);
            }
        }
    }
    for p in 3..=8 {
        no_game(&mut t, p, ZeroBye);
    }
    assert_eq!(pairs(&next(&t)), [(2, 1)]);
}

/// Interpretation 4 (A.6): ARO counts games played over the board only and
/// rounds halves up. After two rounds 1 and 2 seek White, 3 and 4 Black,
/// all on 1.5. 2's opponents were rated 2001 and 2000: ARO 2000.5 -> 2001;
/// 1 played 2001 and won a forfeit against 8 (rated 3000, not counted):
/// ARO 2001. Equal AROs: S1 by ranking (1, 2), so 1-3 and 2-4. Rounding
/// down, or counting the forfeit, would put 2 first: 2-3, 1-4.
#[test]
fn interpretation_aro_counts_played_games_and_rounds_halves_up() {
    let mut t = event(8, 5);
    for (p, r) in [
        (1, 2300),
        (2, 2290),
        (3, 2280),
        (4, 2270),
        (5, 2001),
        (6, 2000),
        (7, 2001),
        (8, 3000),
    ] {
        t.players[p - 1].rating = Some(r);
    }
    game(&mut t, 5, 2, Loss);
    game(&mut t, 7, 1, Draw);
    game(&mut t, 3, 6, Win);
    game(&mut t, 4, 8, Draw);
    game(&mut t, 6, 2, Draw);
    let forfeit = |t: &mut Tournament, p: usize, o: u32, c: Colour, r: ResultCode| {
        t.players[p].rounds.push(RoundEntry::game(o, c, r));
    };
    forfeit(&mut t, 0, 8, Colour::White, ResultCode::ForfeitWin);
    forfeit(&mut t, 7, 1, Colour::Black, ResultCode::ForfeitLoss);
    game(&mut t, 3, 5, Draw);
    game(&mut t, 4, 7, Win);
    let p = next(&t);
    let got = sorted(&p);
    assert!(got.contains(&(1, 3)) && got.contains(&(2, 4)), "{p}");
}

/// Interpretation 5 (A.7, C.10): a round counts as an upfloat when the
/// player was paired with a higher-scored opponent, even if the game was
/// then forfeited. Before round 3: 1 leads (2 points); 2, 3 and 5 have 1.
/// 2 won his round-2 game against 5 (1 point to his 0) by forfeit: an
/// upfloat in the previous round, so C.10 prefers 3 as 1's upfloater.
/// Counting played games only, 2 (higher ranked) would float: 2-1.
#[test]
fn interpretation_upfloat_counts_a_forfeited_pairing() {
    let mut t = event(6, 5);
    game(&mut t, 1, 4, Win);
    game(&mut t, 5, 2, Win);
    game(&mut t, 3, 6, Draw);
    game(&mut t, 1, 6, Win);
    t.players[1]
        .rounds
        .push(RoundEntry::game(5, Colour::White, ResultCode::ForfeitWin));
    t.players[4]
        .rounds
        .push(RoundEntry::game(2, Colour::Black, ResultCode::ForfeitLoss));
    game(&mut t, 4, 3, Draw);
    // 3 (W B: mild White) against 1 (W W: absolute Black): 3-1. Then 2 and
    // 5 (met in round 1) take 4 and 6 (0.5) as upfloaters: G1 = {2, 6},
    // G2 = {5, 4}; S1 by ARO 2 (2350), 6 (2380); T2 (4, 5).
    assert_eq!(sorted(&next(&t)), [(2, 4), (3, 1), (6, 5)]);
}

/// Interpretation 6 (E.3 with C.04.2 D.5): the played colours are compared
/// from the latest game back, unplayed rounds removed. 1 played W, -, -, B
/// and 2 B, W, W, B: aligned at the end they agree (B/B, W/W) until 1 has
/// no more games, so E.4 gives the higher ranked (1) his mild White.
/// Aligning by round number, round 1 (W/B) would decide: 2-1.
#[test]
fn interpretation_e3_compares_played_colours_from_the_latest_game() {
    let mut t = event(8, 6);
    game(&mut t, 1, 3, Draw);
    game(&mut t, 5, 2, Draw);
    for p in [4, 6, 7, 8] {
        no_game(&mut t, p, HalfBye);
    }
    for (w, b) in [(2, 6), (2, 7)] {
        game(&mut t, w, b, Draw);
        for p in [1, 3, 4, 5, 8]
            .into_iter()
            .chain([6, 7].into_iter().filter(|&x| x != b))
        {
            no_game(&mut t, p, HalfBye);
        }
    }
    game(&mut t, 4, 1, Draw);
    game(&mut t, 8, 2, Draw);
    for p in [3, 5, 6, 7] {
        no_game(&mut t, p, HalfBye);
    }
    for p in 3..=8 {
        no_game(&mut t, p, ZeroBye);
    }
    assert_eq!(pairs(&next(&t)), [(1, 2)]);
}

/// Interpretation 7 (B.2, C.7): C.7 is judged inside the bracket being
/// paired. 1 (absolute Black) needs one upfloater from {2, 3, 4, 5, 6};
/// 2, 3 and 6 seek White, so any of them gives the bracket no missed
/// preference, and D.1 takes 2. That leaves {3, 4, 5, 6} where 3 has met
/// both Black seekers: two missed preferences there (3-6, 4-5), where
/// upfloating 3 would have left none (2-5, 6-4). Judging C.7 over the
/// whole round would upfloat 3.
#[test]
fn interpretation_c7_is_judged_inside_the_bracket() {
    let mut t = event(8, 5);
    game(&mut t, 1, 7, Win);
    game(&mut t, 3, 4, Draw);
    game(&mut t, 5, 8, Draw);
    game(&mut t, 2, 6, Draw);
    game(&mut t, 1, 8, Win);
    game(&mut t, 5, 3, Draw);
    game(&mut t, 4, 2, Draw);
    game(&mut t, 7, 6, Draw);
    no_game(&mut t, 7, ZeroBye);
    no_game(&mut t, 8, ZeroBye);
    // {3, 4, 5, 6}: G1 = {3, 6}, G2 = {4, 5}; 3 met 4 and 5, so one pair
    // inside G1 is unavoidable: shift 3 (D.2 by ARO: 3 2355, 6 2355, then
    // ranking), then 4 to G1; S1 (6, 4) against T2 (3, 5). E.2: 6's
    // absolute White over 3's mild; 5's absolute Black over 4's mild.
    assert_eq!(sorted(&next(&t)), [(2, 1), (4, 5), (6, 3)]);
}

/// Interpretation 10 (B.0 criterion 4): the games counted are those played
/// over the board. Before round 3, 2 and 3 have no points and no bye;
/// 2 played two games, 3 one (his round-1 game was forfeited). 2 gets the
/// bye; counting the forfeit as a game, criterion 5 would give it to 3
/// (1-2 would be legal too).
#[test]
fn interpretation_b0_counts_games_played_over_the_board() {
    let mut t = event(6, 4);
    game(&mut t, 2, 5, Loss);
    t.players[2]
        .rounds
        .push(RoundEntry::game(4, Colour::White, ResultCode::ForfeitLoss));
    t.players[3]
        .rounds
        .push(RoundEntry::game(3, Colour::Black, ResultCode::ForfeitWin));
    game(&mut t, 1, 6, Win);
    game(&mut t, 6, 2, Win);
    game(&mut t, 1, 4, Win);
    game(&mut t, 3, 5, Loss);
    for p in 4..=6 {
        no_game(&mut t, p, ZeroBye);
    }
    let p = next(&t);
    assert_eq!(p.bye, Some(2));
    // 1 (W W: absolute Black) against 3 (W: strong Black): E.2.
    assert_eq!(pairs(&p), [(3, 1)]);
}

/// Interpretation 11 (E.0): pairing numbers count the players in the
/// tournament at that round. 1 is absent from round 1, so 2 holds number
/// 1 (odd: the initial colour) and 3 number 2. By start numbers: 4-2, 3-5.
#[test]
fn interpretation_e0_pairing_numbers_count_players_present() {
    let mut t = event(5, 5);
    no_game(&mut t, 1, HalfBye);
    assert_eq!(sorted(&next(&t)), [(2, 4), (5, 3)]);
}

/// Interpretation 12 (B.3): "all the players in the bracket" includes the
/// upfloaters. In round 2, 1-3 (half-point byes in round 1) have not
/// played; 6, who lost with Black, floats up to them. As he has played,
/// G1 holds the White seekers ({6}) and one Black seeker is shifted over
/// (D.2 on 1, 2, 3: #1 = 2); S1 (2 with ARO 0, then 6) against (1, 3).
/// Looking at the residents only, G1 would be {1, 2}: 1-3, 2-6.
#[test]
fn interpretation_b3_bracket_includes_upfloaters() {
    let mut t = event(7, 5);
    for p in 1..=3 {
        no_game(&mut t, p, HalfBye);
    }
    let p = next(&t);
    // Round 1 among 4-7 (pairing numbers 1-4): 4-6, 7-5.
    assert_eq!(sorted(&p), [(4, 6), (7, 5)]);
    game(&mut t, 4, 6, Win);
    game(&mut t, 7, 5, Loss);
    // Round 2: bye to 7 (0 points, lowest ranked of 6 and 7); 5-4 by E.1;
    // 1-2 by E.0 (neither has played; 1 is number 1); 6-3 by E.1.
    let p = next(&t);
    assert_eq!(p.bye, Some(7));
    assert_eq!(sorted(&p), [(1, 2), (5, 4), (6, 3)]);
}

/// Interpretation 13 (A.1): an unrated player is an error unless the
/// options give a provisional rating; an override also moves him in the
/// initial ranking before round 5 (A.2).
#[test]
fn interpretation_unrated_player_needs_a_provisional_rating() {
    let mut t = event(4, 5);
    t.players[2].rating = None;
    let st = RoundState::next(&t);
    assert_eq!(
        pair_state(&st, &Options::default()),
        Err(Error::Input {
            round: 1,
            reason: "Dubov 1.1: every player needs a rating, and player(s) 3 have none; give a \
                     provisional rating (a default rating or a per-player override)"
                .into()
        })
    );
    let low = Options::DEFAULT.with_default_rating(Some(1000));
    // Ranking 1, 2, 4, 3: 1-4, 3-2.
    assert_eq!(sorted(&pair_state(&st, &low).unwrap()), [(1, 4), (3, 2)]);
    let high = Options::DEFAULT.with_rating_override(3, 2500);
    // Ranking 3, 1, 2, 4: 3-2, 4-1.
    assert_eq!(sorted(&pair_state(&st, &high).unwrap()), [(3, 2), (4, 1)]);
}

/// Interpretation 14 (A.7): the planned number of rounds is required.
#[test]
fn interpretation_planned_rounds_are_required() {
    let mut t = event(4, 5);
    t.planned_rounds = None;
    assert_eq!(
        pair_state(&RoundState::next(&t), &Options::default()),
        Err(Error::Input {
            round: 1,
            reason: "Dubov 1.8: MaxT = 2 + [rounds / 5] needs the planned number of rounds \
                     (the XXR record), which the tournament does not give"
                .into()
        })
    );
}

/// Interpretation 15 (A.8): no complete round-pairing is an error naming
/// the players left out, not a partial pairing.
#[test]
fn interpretation_no_complete_pairing_is_an_error() {
    let mut t = event(2, 5);
    game(&mut t, 1, 2, Win);
    match pair_state(&RoundState::next(&t), &Options::default()) {
        Err(Error::NoLegalPairing { reason, .. }) => {
            assert!(
                reason.contains("at most 0 of them can be paired"),
                "{reason}"
            );
            assert!(reason.contains("leaves out 1, 2"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

/// E.0-E.4 with C.04.A's checker: a file without `XXC` gets its initial
/// colour read back from its round 1, so a tournament that drew Black
/// replays exactly; taking White instead gets round 1 wrong.
#[test]
fn initial_colour_is_read_back_from_round_1() {
    use swiss_core::simulate::{SimulationConfig, random_players, simulate};
    use swiss_core::{Colour, PairingSystem, check as replay};
    let dubov = swiss_dubov::Dubov::default();
    let mut t = (1..)
        .map(|seed| {
            let cfg = SimulationConfig {
                rounds: 4,
                seed,
                ..SimulationConfig::default()
            };
            simulate(&dubov, random_players(16, seed), "t", &cfg).unwrap()
        })
        .find(|t| t.initial_colour == Some(Colour::Black))
        .unwrap();
    t.initial_colour = None;
    assert_eq!(dubov.initial_colour(&t), Some(Colour::Black));
    assert_eq!(replay(&dubov, &t).differences.len(), 0);
    t.initial_colour = Some(Colour::White);
    let wrong = replay(&dubov, &t);
    assert_eq!(wrong.differences.first().map(|d| d.round), Some(1));
}
