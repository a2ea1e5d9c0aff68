//! The games a round of team pairs means: each match's boards, the
//! players of the team listed first with the colours of record `352`
//! (C.04.6 1.6: board 1's colour is the team's), and the PAB team's
//! boards as `U` entries.
//!
//! A round just paired has no line-ups yet: each team fields its first
//! boards in roster order (record `310`), the TRF-2026 default, which a
//! `300` record overrides once the line-ups are known. A roster shorter
//! than the boards leaves its last boards empty: no game is written for
//! them (the result, a forfeit or not, is the arbiter's to record).

use serde::{Deserialize, Serialize};

use super::{TeamNo, TeamSection};
use crate::model::{Colour, StartNo, Tournament};
use crate::pairing::Pairing;

/// One board of a team match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardGame {
    /// The board, 1-based.
    pub board: u32,
    /// Start number of the player with white.
    pub white: StartNo,
    /// Start number of the player with black.
    pub black: StartNo,
}

/// One team match of a round and its boards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchBoards {
    /// The team listed first (white on board 1, C.04.6 1.6).
    pub white: TeamNo,
    /// The team listed second.
    pub black: TeamNo,
    /// The games, in board order.
    pub boards: Vec<BoardGame>,
}

/// A team round's pairing with its boards: what `swiss pair --system team
/// --format json` writes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamBoards {
    /// The round paired, 1-based.
    pub round: u32,
    /// The matches, in the pairing's order.
    pub pairs: Vec<MatchBoards>,
    /// The team with the pairing-allocated bye (C.04.6 3.4).
    pub bye: Option<TeamNo>,
    /// The PAB team's players on its boards, each a `0000 - U` entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bye_players: Vec<StartNo>,
}

impl TeamSection {
    /// The boards of `pairing`, a pairing of this section's teams (team
    /// pairing numbers, the team with white on board 1 first).
    pub fn boards_of(&self, pairing: &Pairing) -> TeamBoards {
        let boards = self.boards();
        let line_up = |team: TeamNo| -> &[StartNo] {
            self.team(team)
                .map_or(&[][..], |t| &t.members[..boards.min(t.members.len())])
        };
        let pairs = pairing
            .pairs
            .iter()
            .map(|p| MatchBoards {
                white: p.white,
                black: p.black,
                boards: line_up(p.white)
                    .iter()
                    .zip(line_up(p.black))
                    .enumerate()
                    .map(|(j, (&w, &b))| {
                        let (white, black) = match self.board_colour(j, Colour::White) {
                            Colour::White => (w, b),
                            Colour::Black => (b, w),
                        };
                        BoardGame {
                            board: j as u32 + 1,
                            white,
                            black,
                        }
                    })
                    .collect(),
            })
            .collect();
        TeamBoards {
            round: pairing.round,
            pairs,
            bye: pairing.bye,
            bye_players: pairing.bye.map(line_up).unwrap_or_default().to_vec(),
        }
    }
}

impl TeamBoards {
    /// Writes these boards into `t` as round `self.round`: each game with a
    /// blank result (to be played), the PAB team's players as `0000 - U`,
    /// and the PAB team in record `320`; the players' and teams' points
    /// are brought up to date. Other players' entries for the round are
    /// kept.
    pub fn append_to(&self, t: &mut Tournament) {
        let r = self.round as usize;
        if r == 0 {
            return;
        }
        crate::pairing::write_round(
            t,
            self.round,
            self.pairs
                .iter()
                .flat_map(|m| &m.boards)
                .map(|g| (g.white, g.black)),
            self.bye_players.iter().copied(),
        );
        if let Some(ts) = t.teams.as_mut() {
            if ts.pab_teams.len() < r {
                ts.pab_teams.resize(r, None);
            }
            ts.pab_teams[r - 1] = self.bye;
        }
        // The teams' informative points (`310`) follow, as the players' do.
        // A history that cannot be derived (a file read unchecked) keeps
        // the values written: the round itself is written either way.
        let _ = t.refresh_team_scores();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Player, ResultCode, RoundEntry};
    use crate::pairing::Pair;
    use crate::team::Team;

    /// Record `352 BBW`: the pair's first team has white on board 1 (its
    /// team colour, C.04.6 1.6) and the record's pattern gives the rest:
    /// board 2 the same colour as board 1; a roster of two leaves board 3
    /// without a game.
    #[test]
    fn boards_follow_record_352_and_the_rosters() {
        let mut t = Tournament {
            players: (1..=8)
                .map(|s| Player::new(s, format!("P{s}"), None))
                .collect(),
            ..Tournament::default()
        };
        let ts = TeamSection {
            teams: vec![
                Team::new(1, "A", vec![1, 2, 3, 4]),
                Team::new(2, "B", vec![5, 6]),
                Team::new(3, "C", vec![7, 8]),
            ],
            board_colours: vec![Colour::Black, Colour::Black, Colour::White],
            ..TeamSection::default()
        };
        let pairing = Pairing {
            round: 1,
            pairs: vec![Pair { white: 1, black: 2 }],
            bye: Some(3),
        };
        let b = ts.boards_of(&pairing);
        let games: Vec<_> = b.pairs[0]
            .boards
            .iter()
            .map(|g| (g.board, g.white, g.black))
            .collect();
        assert_eq!(games, [(1, 1, 5), (2, 2, 6)]);
        assert_eq!(b.bye_players, [7, 8]);
        t.teams = Some(ts);
        b.append_to(&mut t);
        let entry = |s: StartNo| t.players[s as usize - 1].rounds.first().copied();
        assert_eq!(
            entry(1),
            Some(RoundEntry::game(5, Colour::White, ResultCode::Blank))
        );
        assert_eq!(entry(3), None, "player 3 plays no board");
        assert_eq!(entry(4), None, "a reserve");
        assert_eq!(entry(8), Some(RoundEntry::no_game(ResultCode::PairingBye)));
        assert_eq!(t.teams.as_ref().and_then(|ts| ts.pab_team(1)), Some(3));
    }
}
