//! The crate's "Rule interpretations" (lib.rs), each reading pinned here or
//! in `rules.rs` (1, 2): a test that fails when the reading changes.
#![allow(clippy::unwrap_used)]

use swiss_team::{
    Colour, ColourRule, ColourType, Entry, Event, Points, Primary, Strength, TeamRecord,
    colour_preference, pair_teams,
};

fn played(opponent: u32, colour: Colour, mp: i32) -> Entry {
    Entry::Match {
        opponent,
        played: true,
        colour: Some(colour),
        forfeit_win: false,
        mp: Points(10 * mp),
        gp: Points(10 * mp),
    }
}

fn forfeited(opponent: u32, won: bool) -> Entry {
    Entry::Match {
        opponent,
        played: false,
        colour: None,
        forfeit_win: won,
        mp: Points(if won { 20 } else { 0 }),
        gp: Points(if won { 40 } else { 0 }),
    }
}

fn event(rounds: Vec<Vec<Entry>>) -> Event {
    Event {
        rounds: 7,
        initial_colour: Colour::White,
        colour_type: ColourType::A,
        primary: Primary::MatchPoints,
        secondary: true,
        teams: rounds
            .into_iter()
            .enumerate()
            .map(|(i, rounds)| TeamRecord {
                tpn: i as u32 + 1,
                rounds,
                acceleration: Vec::new(),
                adjustment: (Points(0), Points(0)),
            })
            .collect(),
        forbidden: Vec::new(),
    }
}

/// Interpretation 6, `C.04.6 4.2.1`: the first-team is the one with the
/// higher pairing score, virtual points included. Round 1: 1 beat 3 and 2
/// drew 4, both 1 and 2 White. Before round 2, 2 gets two virtual match
/// points (C.04.7): 3 against 1's 2, so 2 is the first-team of 1-2 and,
/// with no preference on either side, alternates from its White (`4.3.8`):
/// 1 White. Ranked by match points alone, 1 would be the first-team and
/// take Black.
#[test]
fn c046_4_2_1_the_first_team_counts_virtual_points() {
    let mut ev = event(vec![
        vec![played(3, Colour::White, 2)],
        vec![played(4, Colour::White, 1)],
        vec![played(1, Colour::Black, 0)],
        vec![played(2, Colour::Black, 1)],
    ]);
    ev.teams[1].acceleration = vec![(Points(0), Points(0)), (Points(20), Points(20))];
    let input = ev.round_input(2);
    assert_eq!(input.teams[1].score, Points(30), "1 MP and 2 virtual");
    let r = pair_teams(&input).unwrap();
    let p = r
        .pairs
        .iter()
        .find(|p| p.white == 1 || p.black == 1)
        .unwrap();
    assert_eq!(
        (p.white, p.black, p.rule),
        (1, 2, ColourRule::FirstTeamAlternates)
    );
}

/// Interpretation 7: floats (`1.5`) are played matches against another
/// pairing score; `[C1]` counts played matches only; `[C2]` bars a PAB, a
/// forfeit win and a full-point bye, not a half-point bye. Round 1: 1 beat
/// 2, 3 drew 4, 5 had the PAB, 6 a full-point bye, 7 a half-point bye.
/// Round 2: 1 (2 MP) beat 3 (1 MP) over the board (both float); 4 (1 MP)
/// beat 2 (0 MP) by forfeit (no float, no meeting).
#[test]
fn c046_1_5_2_1_floats_meetings_and_the_pab_bar() {
    let pab = Entry::Pab {
        mp: Points(10),
        gp: Points(20),
    };
    let bye = |full: bool| Entry::Bye {
        full,
        mp: Points(if full { 20 } else { 10 }),
        gp: Points(if full { 40 } else { 20 }),
    };
    let ev = event(vec![
        vec![played(2, Colour::White, 2), played(3, Colour::White, 2)],
        vec![played(1, Colour::Black, 0), forfeited(4, false)],
        vec![played(4, Colour::White, 1), played(1, Colour::Black, 0)],
        vec![played(3, Colour::Black, 1), forfeited(2, true)],
        vec![pab, pab],
        vec![bye(true), bye(true)],
        vec![bye(false), bye(false)],
    ]);
    let input = ev.round_input(3);
    let t = |n: usize| &input.teams[n - 1];
    assert!(t(1).floated && t(3).floated, "played across scores: floats");
    assert!(
        !t(2).floated && !t(4).floated,
        "a forfeited match is no float"
    );
    assert_eq!(t(1).met, [2, 3]);
    assert_eq!(t(4).met, [3], "the forfeited match is no meeting");
    assert_eq!(t(2).met, [1]);
    let barred: Vec<u32> = input
        .teams
        .iter()
        .filter(|t| t.pab_barred)
        .map(|t| t.tpn)
        .collect();
    assert_eq!(barred, [4, 5, 6], "forfeit win, PAB, full-point bye");
    assert_eq!(t(2).matches_played, 1, "3.4.3 counts played matches");
}

/// Interpretation 8, `C.04.6 1.7.2` in the last round: a type B team at
/// colour difference 0 after two Whites keeps the strong preference for
/// Black; the mild one at 0 (after one White) lapses; at +1 it stays.
#[test]
fn c046_1_7_2_type_b_in_the_last_round() {
    use Colour::{Black as B, White as W};
    let strong = Some((B, Strength::Strong));
    assert_eq!(
        colour_preference(&[B, B, W, W], ColourType::B, true),
        strong
    );
    assert_eq!(colour_preference(&[W, B, B, W], ColourType::B, true), None);
    assert_eq!(
        colour_preference(&[W, B, B, W], ColourType::B, false),
        Some((B, Strength::Mild))
    );
    assert_eq!(
        colour_preference(&[W, B, W], ColourType::B, true),
        Some((B, Strength::Mild))
    );
}

/// Interpretation 9, `C.04.6 3.3.3`: a round with no complete legal
/// pairing is an error naming the rule, not a partial pairing. Four teams
/// after three rounds in which each met every other.
#[test]
fn c046_3_3_3_no_legal_pairing_is_an_error() {
    let ev = event(vec![
        vec![
            played(2, Colour::White, 1),
            played(3, Colour::Black, 1),
            played(4, Colour::White, 1),
        ],
        vec![
            played(1, Colour::Black, 1),
            played(4, Colour::White, 1),
            played(3, Colour::Black, 1),
        ],
        vec![
            played(4, Colour::Black, 1),
            played(1, Colour::White, 1),
            played(2, Colour::White, 1),
        ],
        vec![
            played(3, Colour::White, 1),
            played(2, Colour::Black, 1),
            played(1, Colour::Black, 1),
        ],
    ]);
    let e = pair_teams(&ev.round_input(4)).unwrap_err();
    assert!(
        matches!(e, swiss_team::PairingError::NoLegalPairing { round: 4, .. }),
        "{e:?}"
    );
    assert!(
        e.to_string().ends_with(
            "the 4 teams cannot all be paired without two of them meeting again or a \
             prohibited pairing (C.04.6 2.1.1 [C1], 3.3.3)"
        ),
        "{e}"
    );
}

/// Interpretation 10: without a `320` value, a PAB is worth a drawn
/// match's match points (`1.4`) and the game points of its boards' `U`
/// entries, boards × P (a win's points unless `162` gives P), as the file
/// records them and as the reference platform sums them, not the boards ×
/// D of a drawn match. Three teams of four boards, team 3 the PAB of
/// round 1: 1 MP, 4 GP.
#[test]
fn c046_1_4_the_pab_is_worth_its_u_boards() {
    // A line with `fields` at their 1-based columns.
    let line = |fields: &[(usize, String)]| {
        let mut l = vec![' '; 140];
        for (col, f) in fields {
            for (k, c) in f.chars().enumerate() {
                l[col - 1 + k] = c;
            }
        }
        l.into_iter().collect::<String>().trim_end().to_string() + "\n"
    };
    let mut text = String::from("012 PAB\n142 3\n192 FIDE_TEAM_TYPEA_MP_GP\n352 WBWB\n");
    for sn in 1..=12u32 {
        let (opp, col, res) = match sn {
            1..=4 => (sn + 4, if sn % 2 == 1 { "w" } else { "b" }, "1"),
            5..=8 => (sn - 4, if sn % 2 == 1 { "b" } else { "w" }, "0"),
            _ => (0, "-", "U"),
        };
        text += &line(&[
            (1, "001".into()),
            (5, format!("{sn:4}")),
            (15, format!("Player {sn}")),
            (49, "1800".into()),
            (92, format!("{opp:04}")),
            (97, col.into()),
            (99, res.into()),
        ]);
    }
    for team in 1..=3u32 {
        let mut fields = vec![
            (1, "310".to_string()),
            (5, format!("{team:3}")),
            (9, format!("Team {team}")),
        ];
        for b in 1..=4u32 {
            fields.push((
                73 + 5 * (b as usize - 1),
                format!("{:5}", (team - 1) * 4 + b),
            ));
        }
        text += &line(&fields);
    }
    let t = swiss_team::trf::read(&text, "pab.trf").unwrap();
    let (ev, _) = swiss_team::event_of(&t).unwrap();
    assert_eq!(
        ev.teams[2].rounds[0],
        Entry::Pab {
            mp: Points(10),
            gp: Points(40)
        }
    );
}

/// Interpretation 5, `C.04.6 [C10]`: the float counted is that of the
/// upfloater's opponent. Round 3 of 7: residents 1, 2, 3 (2 MP), 2
/// floated last round; upfloater 4 (1 MP); no colour preferences. The
/// first identifier, 1-3 2-4, gives the upfloater an opponent who
/// floated: 1-4 2-3 does not and is chosen. In round 6 of 7 `[C10]` is
/// off and the first identifier stands.
#[test]
fn c046_c10_counts_the_upfloaters_opponent() {
    use swiss_team::{RoundInput, Seating, TeamState};
    let mut input = RoundInput {
        round: 3,
        rounds: 7,
        initial_colour: Colour::White,
        colour_type: ColourType::None,
        secondary: true,
        teams: (1..=4)
            .map(|t| {
                let mut s = TeamState::new(t, Points(if t == 4 { 10 } else { 20 }));
                s.matches_played = 2;
                s.colours = vec![Colour::White, Colour::Black];
                s.floated = t == 2;
                s
            })
            .collect(),
        seating: Seating::Tpn,
        forbidden: Vec::new(),
    };
    let r = pair_teams(&input).unwrap();
    assert_eq!(r.brackets[0].upfloaters, [4]);
    assert_eq!(r.brackets[0].pairs, [(1, 4), (2, 3)]);
    input.round = 6;
    let r = pair_teams(&input).unwrap();
    assert_eq!(r.brackets[0].pairs, [(1, 3), (2, 4)]);
}

/// Interpretation 2, `C.04.6 4.3.1` with `1.1`: a forfeited match (`330`)
/// is a pairing, so a team whose only match was forfeited keeps its
/// number when it is absent later; only a team never paired (not yet in
/// the event) has none. Round 1: 1-2, 3-4 and 5-6 forfeited (1, 3 and 6
/// win), 7 not yet in the event; round 2 without 2. No team has played,
/// so every pair takes its colours by `4.3.1`: 1-4 (1 the first-team,
/// number 1), 3-6 (3 the first-team by TPN, number 3, odd: White), 5-7
/// (number 5). Gacrux 1.10.62 does not number 2 (its record of a
/// forfeited match has no opponent), so 3 and 5 would get even numbers
/// and Black: 6-3 and 7-5 (hunt tournament 2,225, round 2). Its winner,
/// absent, keeps its number too.
#[test]
fn c046_4_3_1_a_forfeited_match_keeps_the_number() {
    let ev = event(vec![
        vec![forfeited(2, true)],
        vec![forfeited(1, false)],
        vec![forfeited(4, true)],
        vec![forfeited(3, false)],
        vec![forfeited(6, false)],
        vec![forfeited(5, true)],
        vec![Entry::NotPaired],
    ]);
    let input = ev.round_input_without(2, &[2]);
    let numbers: Vec<(u32, u32)> = input.teams.iter().map(|t| (t.tpn, t.number)).collect();
    assert_eq!(numbers, [(1, 1), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7)]);
    let r = pair_teams(&input).unwrap();
    let pairs: Vec<(u32, u32, ColourRule)> =
        r.pairs.iter().map(|p| (p.white, p.black, p.rule)).collect();
    assert_eq!(
        pairs,
        [
            (3, 6, ColourRule::InitialColour),
            (1, 4, ColourRule::InitialColour),
            (5, 7, ColourRule::InitialColour)
        ]
    );
    // The winner of a forfeited match keeps its number as well (hunt
    // tournament 6,291: team 70 won round 1 by forfeit, then took a
    // half-point bye): with 1 absent, 2 is still number 2.
    let input = ev.round_input_without(2, &[1]);
    let numbers: Vec<(u32, u32)> = input.teams.iter().map(|t| (t.tpn, t.number)).collect();
    assert_eq!(numbers, [(2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7)]);
}
