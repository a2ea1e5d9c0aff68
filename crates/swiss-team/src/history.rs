//! A team event's record as the rules read it, round by round, and the
//! [`RoundInput`] of the next round derived from it: scores (`1.2`),
//! colours (`1.6`), floats (`1.5`), `[C1]` and `[C2]`.

use swiss_core::{Colour, Points};

use crate::state::{ColourType, RoundInput, TeamNo, TeamState};

/// One team's round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A match against `opponent`: `played` when at least one board was
    /// played over the board (then `colour` is the team's, `1.6`);
    /// otherwise a forfeited match, `forfeit_win` for the team that won it.
    Match {
        /// The opponent's TPN.
        opponent: TeamNo,
        /// Played over the board.
        played: bool,
        /// The team's colour (board 1's), when played.
        colour: Option<Colour>,
        /// Won by forfeit (`[C2]`).
        forfeit_win: bool,
        /// Match points scored.
        mp: Points,
        /// Game points scored.
        gp: Points,
    },
    /// The pairing-allocated bye (`1.4`).
    Pab {
        /// Match points awarded.
        mp: Points,
        /// Game points awarded.
        gp: Points,
    },
    /// A requested bye or absence: `full` for a full-point bye (`[C2]`).
    Bye {
        /// A full-point bye.
        full: bool,
        /// Match points awarded.
        mp: Points,
        /// Game points awarded.
        gp: Points,
    },
    /// Not paired and nothing awarded (absent, withdrawn, not yet entered).
    NotPaired,
}

impl Entry {
    fn points(&self) -> (Points, Points) {
        match *self {
            Entry::Match { mp, gp, .. } | Entry::Pab { mp, gp } | Entry::Bye { mp, gp, .. } => {
                (mp, gp)
            }
            Entry::NotPaired => (Points(0), Points(0)),
        }
    }
}

/// Which score is primary (`1.2`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Primary {
    /// Match points (the default).
    #[default]
    MatchPoints,
    /// Game points.
    GamePoints,
}

/// One team's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRecord {
    /// Its TPN.
    pub tpn: TeamNo,
    /// Its rounds, from round 1.
    pub rounds: Vec<Entry>,
    /// Virtual points of an acceleration per round (C.04.7), from round 1:
    /// (primary, secondary).
    pub acceleration: Vec<(Points, Points)>,
    /// Bonuses and penalties for the whole event (TRF-2026 `299`, round
    /// `000`): (primary, secondary).
    pub adjustment: (Points, Points),
}

/// A team event as the pairing reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The rounds of the event (`142`).
    pub rounds: u32,
    /// The initial colour (`152`, `4.1`).
    pub initial_colour: Colour,
    /// Type A, B or none (`1.7`).
    pub colour_type: ColourType,
    /// The primary score.
    pub primary: Primary,
    /// Whether the secondary score is used (`4.2.2`).
    pub secondary: bool,
    /// The teams, sorted by TPN.
    pub teams: Vec<TeamRecord>,
    /// Teams that must not meet: rounds `first..=last` and the TPNs
    /// (TRF-2026 `260`).
    pub forbidden: Vec<(u32, u32, Vec<TeamNo>)>,
}

impl Event {
    /// `4.1`: the initial colour a recorded round 1 implies, through
    /// `4.3.1`: the team of the smallest TPN that played in round 1 was
    /// its pair's first-team (equal scores), and got the initial colour
    /// if its number is odd. `None` without a played round-1 match.
    pub fn initial_colour_of_round_1(&self) -> Option<Colour> {
        let paired: Vec<TeamNo> = self
            .teams
            .iter()
            .filter(|t| {
                matches!(
                    t.rounds.first(),
                    Some(Entry::Match { .. } | Entry::Pab { .. })
                )
            })
            .map(|t| t.tpn)
            .collect();
        let (k, colour) = self.teams.iter().find_map(|t| match t.rounds.first() {
            Some(Entry::Match {
                played: true,
                colour: Some(c),
                ..
            }) => Some((paired.iter().position(|&x| x == t.tpn)?, *c)),
            _ => None,
        })?;
        // k counts from 0: the number k + 1 is odd when k is even.
        Some(if k.is_multiple_of(2) {
            colour
        } else {
            colour.opposite()
        })
    }

    /// The primary and secondary score of `team` after `rounds` rounds.
    fn scores(&self, team: &TeamRecord, rounds: u32) -> (Points, Points) {
        let (mp, gp) = team
            .rounds
            .iter()
            .take(rounds as usize)
            .map(Entry::points)
            .fold((Points(0), Points(0)), |(a, b), (c, d)| (a + c, b + d));
        let (p, s) = match self.primary {
            Primary::MatchPoints => (mp, gp),
            Primary::GamePoints => (gp, mp),
        };
        (p + team.adjustment.0, s + team.adjustment.1)
    }

    /// The pairing score of `team` in round `round`: its primary score
    /// after the rounds before, plus the round's virtual points.
    fn pairing_score(&self, team: &TeamRecord, round: u32) -> Points {
        self.pairing_scores(team, round).0
    }

    /// The primary and secondary scores with the round's virtual points.
    fn pairing_scores(&self, team: &TeamRecord, round: u32) -> (Points, Points) {
        let (a, b) = team
            .acceleration
            .get(round as usize - 1)
            .copied()
            .unwrap_or((Points(0), Points(0)));
        let (p, s) = self.scores(team, round - 1);
        (p + a, s + b)
    }

    /// The state of the teams before round `round`, with the teams to
    /// pair: those whose entry of that round, if the record has one, is
    /// not a bye or an absence.
    pub fn round_input(&self, round: u32) -> RoundInput {
        self.round_input_without(round, &[])
    }

    /// [`Event::round_input`] with the teams of `absent` not paired either.
    pub fn round_input_without(&self, round: u32, absent: &[TeamNo]) -> RoundInput {
        let by_tpn = |t: TeamNo| self.teams.iter().find(|x| x.tpn == t);
        let before = (round - 1) as usize;
        let teams: Vec<TeamState> = self
            .teams
            .iter()
            .filter(|t| {
                !absent.contains(&t.tpn)
                    && !matches!(
                        t.rounds.get(before),
                        Some(Entry::Bye { .. } | Entry::NotPaired)
                    )
            })
            .map(|t| {
                let past = &t.rounds[..before.min(t.rounds.len())];
                let (score, secondary) = self.pairing_scores(t, round);
                let mut s = TeamState::new(t.tpn, score);
                s.secondary = secondary;
                for e in past {
                    match *e {
                        Entry::Match {
                            opponent,
                            played: true,
                            colour,
                            ..
                        } => {
                            s.matches_played += 1;
                            s.met.push(opponent);
                            s.colours.extend(colour);
                        }
                        Entry::Match {
                            forfeit_win: true, ..
                        }
                        | Entry::Pab { .. }
                        | Entry::Bye { full: true, .. } => s.pab_barred = true,
                        _ => {}
                    }
                }
                // 1.5: a floater played an opponent with a different
                // pairing score in the previous round.
                if round >= 2
                    && let Some(Entry::Match {
                        opponent,
                        played: true,
                        ..
                    }) = past.last()
                    && let Some(o) = by_tpn(*opponent)
                {
                    s.floated =
                        self.pairing_score(o, round - 1) != self.pairing_score(t, round - 1);
                }
                s.met.sort_unstable();
                s.met.dedup();
                s
            })
            .collect();
        // 4.3.1's numbers: teams paired now or with an opponent before.
        let mut teams: Vec<TeamState> = teams;
        let numbered: Vec<TeamNo> = self
            .teams
            .iter()
            .filter(|t| {
                teams.iter().any(|s| s.tpn == t.tpn)
                    || t.rounds[..before.min(t.rounds.len())]
                        .iter()
                        .any(|e| matches!(e, Entry::Match { .. }))
            })
            .map(|t| t.tpn)
            .collect();
        for s in &mut teams {
            s.number = numbered
                .iter()
                .position(|&t| t == s.tpn)
                .map_or(s.tpn, |k| k as u32 + 1);
        }
        let mut forbidden = Vec::new();
        for (first, last, ids) in &self.forbidden {
            if (*first..=*last).contains(&round) {
                for (k, &a) in ids.iter().enumerate() {
                    for &b in &ids[k + 1..] {
                        forbidden.push((a, b));
                    }
                }
            }
        }
        RoundInput {
            round,
            rounds: self.rounds,
            initial_colour: self.initial_colour,
            colour_type: self.colour_type,
            secondary: self.secondary,
            teams,
            seating: Default::default(),
            forbidden,
        }
    }
}
