//! The rules of C.04.6 on hand-made rounds: the checklist of the notes
//! (`team-2026.md` §9) where a round can be written down directly, and the
//! bracket pairing against a brute force over every pairing.
#![allow(clippy::unwrap_used)]

use swiss_team::{
    Colour, ColourRule, ColourType, Points, RoundInput, Seating, TeamState, pair_teams,
};

/// Round 1 of `n` teams (all on 0, nothing played), `rounds` rounds.
fn round1(n: u32, initial: Colour) -> RoundInput {
    RoundInput {
        round: 1,
        rounds: 9,
        initial_colour: initial,
        colour_type: ColourType::A,
        secondary: true,
        teams: (1..=n).map(|t| TeamState::new(t, Points(0))).collect(),
        seating: Seating::Tpn,
        forbidden: Vec::new(),
    }
}

fn boards(r: &swiss_team::TeamRound) -> Vec<(u32, u32)> {
    r.pairs.iter().map(|p| (p.white, p.black)).collect()
}

/// `C.04.6 3.6`, `4.3.1`: round 1 of 8 teams with the initial colour
/// White: the first half against the second, the first-team's colour by
/// the parity of its TPN: 1-5, 6-2, 3-7, 8-4; mirrored with Black.
#[test]
fn c046_round_one() {
    let r = pair_teams(&round1(8, Colour::White)).unwrap();
    assert_eq!(boards(&r), [(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert!(r.pairs.iter().all(|p| p.rule == ColourRule::InitialColour));
    let r = pair_teams(&round1(8, Colour::Black)).unwrap();
    assert_eq!(boards(&r), [(5, 1), (2, 6), (7, 3), (4, 8)]);
}

/// `C.04.6 3.4`: in an odd round 1 the PAB goes to the largest TPN
/// (`3.4.4`); `[C2]` (`2.1.2`) bars a team that had one.
#[test]
fn c046_3_4_pab_to_the_largest_tpn_c2_bars() {
    let r = pair_teams(&round1(5, Colour::White)).unwrap();
    assert_eq!(r.pab, Some(5));
    let mut inp = round1(5, Colour::White);
    inp.teams[4].pab_barred = true;
    assert_eq!(pair_teams(&inp).unwrap().pab, Some(4));
}

/// `C.04.6 3.6.2` with prohibited pairs (TRF-2026 `260`): ten teams in
/// round 1, 1-5, 2-7, 3-7, 3-8, 3-9, 4-5, 4-8, 4-9 and 5-8 may not meet.
/// The first identifier of a legal pairing is `1 2 3 4 5 6 8 10 7 9`:
/// 1-6, 2-8, 3-10, 4-7, 5-9 (the notes' worked example, §3).
#[test]
fn c046_3_6_2_first_identifier_with_prohibited_pairs() {
    let mut inp = round1(10, Colour::White);
    inp.forbidden = vec![
        (1, 5),
        (2, 7),
        (3, 7),
        (3, 8),
        (3, 9),
        (4, 5),
        (4, 8),
        (4, 9),
        (5, 8),
    ];
    let r = pair_teams(&inp).unwrap();
    assert_eq!(
        r.brackets[0].pairs,
        [(1, 6), (2, 8), (3, 10), (4, 7), (5, 9)]
    );
}

/// Tiny deterministic numbers for the brute force.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Every perfect pairing of `teams` (TPN-sorted) under `ok`, with its
/// identifier (`3.6.2`).
fn all_pairings(teams: &[u32], ok: &dyn Fn(u32, u32) -> bool) -> Vec<Vec<(u32, u32)>> {
    if teams.is_empty() {
        return vec![Vec::new()];
    }
    let a = teams[0];
    let mut out = Vec::new();
    for (k, &b) in teams.iter().enumerate().skip(1) {
        if !ok(a, b) {
            continue;
        }
        let rest: Vec<u32> = teams
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != 0 && j != k)
            .map(|(_, &t)| t)
            .collect();
        for mut p in all_pairings(&rest, ok) {
            p.push((a, b));
            out.push(p);
        }
    }
    out
}

fn identifier(p: &[(u32, u32)]) -> Vec<u32> {
    let mut pairs: Vec<(u32, u32)> = p.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    pairs.sort_unstable();
    pairs
        .iter()
        .map(|x| x.0)
        .chain(pairs.iter().map(|x| x.1))
        .collect()
}

/// `C.04.6 3.6`: on random single-bracket rounds (colour histories, floats,
/// prohibited pairs), the engine's pairing is the brute force's: of all
/// pairings meeting `[C1]`, the best by (`[C8]`, `[C9]`, `[C10]`), then the
/// first identifier. Fails if the identifier order or a criterion is
/// dropped.
#[test]
fn c046_3_6_bracket_pairing_equals_brute_force() {
    let mut rng = Rng(0x7ea3);
    let mut checked = 0;
    for case in 0..400 {
        let n = 2 * (1 + rng.below(5) as u32);
        let mut inp = round1(n, Colour::White);
        inp.round = 3 + rng.below(3) as u32;
        inp.rounds = 7;
        inp.colour_type = [ColourType::A, ColourType::B, ColourType::None][rng.below(3) as usize];
        // Residents on 2, an upfloater or two below, all in one bracket.
        for t in &mut inp.teams {
            let lower = rng.below(4) == 0;
            t.score = Points(if lower { 10 } else { 20 });
            t.floated = rng.below(3) == 0;
            t.matches_played = 2;
            t.colours = (0..2)
                .map(|_| {
                    if rng.below(2) == 0 {
                        Colour::White
                    } else {
                        Colour::Black
                    }
                })
                .collect();
        }
        for _ in 0..rng.below(n as u64) {
            let a = 1 + rng.below(n as u64) as u32;
            let b = 1 + rng.below(n as u64) as u32;
            if a != b {
                inp.forbidden.push((a, b));
            }
        }
        let field_ok =
            |a: u32, b: u32| !inp.forbidden.contains(&(a, b)) && !inp.forbidden.contains(&(b, a));
        let teams: Vec<u32> = (1..=n).collect();
        let all = all_pairings(&teams, &field_ok);
        // The engine pairs the residents (score 2) as the top scoregroup;
        // brute-force only rounds where every team is in the one bracket.
        let Ok(r) = pair_teams(&inp) else {
            assert!(
                all.is_empty() || inp.teams.iter().any(|t| t.score == Points(10)),
                "case {case}"
            );
            continue;
        };
        if r.brackets.len() != 1 {
            continue;
        }
        let quality = |p: &[(u32, u32)]| {
            let mut q = (0, 0, 0);
            for &(a, b) in p {
                let one = pair_teams(&RoundInput {
                    teams: inp
                        .teams
                        .iter()
                        .filter(|t| t.tpn == a || t.tpn == b)
                        .cloned()
                        .collect(),
                    forbidden: Vec::new(),
                    ..inp.clone()
                })
                .unwrap();
                let x = one.brackets[0].quality;
                q.0 += x.c8;
                q.1 += x.c9;
                q.2 += x.c10;
            }
            q
        };
        let best = all
            .iter()
            .min_by_key(|p| (quality(p), identifier(p)))
            .unwrap();
        assert_eq!(
            identifier(&r.brackets[0].pairs),
            identifier(best),
            "case {case}: {inp:?}"
        );
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

/// Interpretation 1, `C.04.6 3.6.1`: the top member of a pair is its
/// smaller TPN, resident or not. Residents 2, 3, 4 (2 points) and one
/// upfloater, 1 (1 point), no colour preferences: by TPN the tops are 1
/// and 2 (1-3, 2-4); seated by score, as the reference platform does, 2
/// and 3 (2-4, 3-1).
#[test]
fn c046_3_6_1_the_smaller_tpn_is_the_top_member() {
    let mut inp = round1(4, Colour::White);
    inp.round = 2;
    inp.colour_type = ColourType::None;
    for t in &mut inp.teams {
        t.score = Points(if t.tpn == 1 { 10 } else { 20 });
        t.matches_played = 1;
        t.colours = vec![Colour::White];
    }
    let r = pair_teams(&inp).unwrap();
    assert_eq!(r.brackets[0].upfloaters, [1]);
    assert_eq!(r.brackets[0].pairs, [(1, 3), (2, 4)]);
    inp.seating = Seating::ScoreThenTpn;
    let r = pair_teams(&inp).unwrap();
    assert_eq!(r.brackets[0].pairs, [(2, 4), (3, 1)]);
}

/// Interpretation 2, `C.04.6 4.3.1`: team 2 has a half-point bye in round
/// 1, so the teams paired are 1, 3, 4, 5 and 3 is the second of them: as
/// first-team of 3-5 it gets the colour other than the initial one.
#[test]
fn c046_4_3_1_numbers_skip_teams_not_yet_in_the_event() {
    use swiss_team::{Entry, Event, Primary, TeamRecord};
    let ev = Event {
        rounds: 5,
        initial_colour: Colour::White,
        colour_type: ColourType::A,
        primary: Primary::MatchPoints,
        secondary: true,
        teams: (1..=5)
            .map(|t| TeamRecord {
                tpn: t,
                rounds: if t == 2 {
                    vec![Entry::Bye {
                        full: false,
                        mp: Points(10),
                        gp: Points(20),
                    }]
                } else {
                    Vec::new()
                },
                acceleration: Vec::new(),
                adjustment: (Points(0), Points(0)),
            })
            .collect(),
        forbidden: Vec::new(),
    };
    let r = pair_teams(&ev.round_input(1)).unwrap();
    assert_eq!(boards(&r), [(1, 4), (5, 3)]);
}
