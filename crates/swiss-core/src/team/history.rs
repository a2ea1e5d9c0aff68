//! The team matches of each round (`team-2026.md` §6.2): the types a
//! team's history is made of, and the readings its derivation from the
//! `001` records and the team records follows (`team/build.rs` derives
//! it, finding on the way every contradiction between them, for the
//! validator).
//!
//! The readings, where the notes leave a choice:
//! - **Line-up** of a team in a round: its `300` record, else the first
//!   boards of its `310` order (a `-` in a player's entry never says
//!   whether he was on a board: idle reserves are written `0000 - -` too).
//!   A member outside the line-up who plays is an error, so a team that
//!   leaves its order must say so in a `300`.
//! - **Opponent**: the team of any board's opponent; every board must face
//!   the same team; when no board has one (each won against an empty
//!   board), the opponent the `300` names. A forfeited match (`330`) names
//!   it instead, and its
//!   boards may not have been played or face another team, nor give the
//!   match to the side the `330` says lost.
//! - **Played** when at least one board was played over the board (C.04.6
//!   1.6 speaks of the scheduled colour of board 1, Gacrux's reading).
//! - **Game points** by the point system (`162`): a board won by forfeit
//!   (`+`, or `0000 - +` against an empty board, which this crate reads as
//!   a `U`) is worth `W`, one lost by forfeit or left empty `A`; a
//!   forfeited match is worth boards × W to its winner, boards × A to its
//!   loser; the PAB `320`'s values (default a drawn match's match points and
//!   boards × P, each board a `U` game, as the reference platform scores it);
//!   a full-point bye boards × W and a win's match points, a half-point
//!   bye boards × D and a draw's, a zero-point bye or absence boards × A
//!   and a loss's.
//! - **Result** by game points, unless a `330` gives it; match points by
//!   `362`, then `299`.
//! - **Colour** (C.04.6 1.6): board 1's scheduled colour, or, when board
//!   1 has none (empty, or a forfeit written without opponent), that of
//!   the first played board through `352`; only for a played match.
//! - **PAB**: the team `320` names, or a team without opponent whose
//!   players have `U` entries. **Byes**: a `240` record, else every
//!   member's entry (all `F`: full, all `H`: half, otherwise all absent:
//!   zero); a team with none of these was not paired.

use crate::error::ErrorKind;
use crate::limits::{MAX_BOARDS, MAX_ROUNDS};
use crate::model::{Colour, ResultCode, RoundEntry, StartNo, Tournament};
use crate::points::Points;
use crate::validate::Spot;

use super::{ByeKind, TeamNo, TeamSection};

/// What a derivation found: errors and warnings at their places.
#[derive(Debug, Default)]
pub(crate) struct Findings {
    pub(crate) errors: Vec<(Spot, ErrorKind)>,
    pub(crate) warnings: Vec<(Spot, ErrorKind)>,
}

/// The result of a match for one team.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchResult {
    /// Won (`TW`).
    Win,
    /// Drawn (`TD`).
    Draw,
    /// Lost (`TL`).
    Loss,
}

/// One team's match in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamMatch {
    /// The opponent team.
    pub opponent: TeamNo,
    /// Whether at least one board was played over the board. A match not
    /// played has no colour, does not count as a meeting for C.04.6 \[C1\]
    /// nor as a played match for 3.4.3 (Gacrux's reading, GHR 3.5).
    pub played: bool,
    /// The team's colour (C.04.6 1.6), for a played match only.
    pub colour: Option<Colour>,
    /// The colour the team was scheduled (board 1's, or through `352`;
    /// White for the first team of a `330`), played or not.
    pub scheduled_colour: Option<Colour>,
    /// The game points the boards give the team (a forfeited match:
    /// boards × W or boards × A).
    pub game_points: Points,
    /// The game points they give the opponent.
    pub opponent_game_points: Points,
    /// What each board gave the team, board 1 first (a forfeited match:
    /// W or A on every board); they add up to `game_points`. The C.07
    /// board tie-breaks (BC, TBR, BBE) read them.
    pub board_points: Vec<Points>,
    /// Won, drawn or lost: by the game points, or by the `330`.
    pub result: MatchResult,
    /// Whether a `330` record gives the match as forfeited.
    pub forfeited: bool,
}

/// What a team did in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamRoundKind {
    /// A match (played, or forfeited in part or in whole).
    Match(TeamMatch),
    /// The pairing-allocated bye (C.04.6 1.4).
    Pab,
    /// A requested bye or a known absence.
    Bye(ByeKind),
    /// Not paired, and no bye or absence recorded (scored as a zero-point bye).
    NotPaired,
}

/// One team's round: what happened and what it scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRound {
    /// What happened.
    pub kind: TeamRoundKind,
    /// The match points it scores (`362`, the `320` PAB value, or `299`).
    pub match_points: Points,
    /// The game points it scores.
    pub game_points: Points,
}

impl TeamRound {
    /// The match, if the team had one.
    pub fn match_(&self) -> Option<&TeamMatch> {
        match &self.kind {
            TeamRoundKind::Match(m) => Some(m),
            _ => None,
        }
    }

    /// The opponent, if the team had a match (played or not).
    pub fn opponent(&self) -> Option<TeamNo> {
        self.match_().map(|m| m.opponent)
    }

    /// Whether a match was played over the board.
    pub fn played(&self) -> bool {
        self.match_().is_some_and(|m| m.played)
    }

    /// The team's colour (a played match only, C.04.6 1.6).
    pub fn colour(&self) -> Option<Colour> {
        self.match_().and_then(|m| m.colour)
    }

    /// The match result, if the team had a match.
    pub fn result(&self) -> Option<MatchResult> {
        self.match_().map(|m| m.result)
    }

    /// A match won without being played (a forfeited match or one whose
    /// boards were all unplayed): it bars the PAB (C.04.6 \[C2\]).
    pub fn forfeit_win(&self) -> bool {
        self.match_()
            .is_some_and(|m| !m.played && m.result == MatchResult::Win)
    }

    /// A match lost without being played.
    pub fn forfeit_loss(&self) -> bool {
        self.match_()
            .is_some_and(|m| !m.played && m.result == MatchResult::Loss)
    }

    /// Whether this is the pairing-allocated bye.
    pub fn is_pab(&self) -> bool {
        self.kind == TeamRoundKind::Pab
    }

    /// The requested bye or absence, if any.
    pub fn bye(&self) -> Option<ByeKind> {
        match self.kind {
            TeamRoundKind::Bye(k) => Some(k),
            _ => None,
        }
    }
}

/// One team's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRecord {
    /// The team.
    pub tpn: TeamNo,
    /// Round 1, 2, ... up to [`TeamHistory::rounds`].
    pub rounds: Vec<TeamRound>,
    /// The line-up of each round: the player of board 1, 2, ... (`None`:
    /// an empty board), as many as the match has boards.
    pub line_ups: Vec<Vec<Option<StartNo>>>,
    /// Bonuses and penalties of the `299` records for every round (round
    /// `000`), counted once: (match points, game points).
    pub adjustment: (Points, Points),
}

impl TeamRecord {
    /// The round `round` (1-based).
    pub fn round(&self, round: u32) -> Option<&TeamRound> {
        (round as usize)
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i))
    }

    /// Match points after every recorded round, with the adjustment.
    pub fn match_points(&self) -> Points {
        self.match_points_after(u32::MAX)
    }

    /// Game points after every recorded round, with the adjustment.
    pub fn game_points(&self) -> Points {
        self.game_points_after(u32::MAX)
    }

    /// Match points of rounds `1..=last`, with the adjustment.
    pub fn match_points_after(&self, last: u32) -> Points {
        let rounds = self.rounds.iter().take(last as usize);
        sum(rounds.map(|r| r.match_points).chain([self.adjustment.0]))
    }

    /// Game points of rounds `1..=last`, with the adjustment.
    pub fn game_points_after(&self, last: u32) -> Points {
        let rounds = self.rounds.iter().take(last as usize);
        sum(rounds.map(|r| r.game_points).chain([self.adjustment.1]))
    }
}

/// The team matches of every played round, per team, with the round to
/// pair ([`TeamSection::history`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamHistory {
    /// The rounds covered: the played rounds ([`Tournament::played_rounds`]).
    pub rounds: u32,
    /// The round to pair next ([`Tournament::next_round`]).
    pub next_round: u32,
    /// The teams not to pair in it ([`TeamSection::not_to_pair`]).
    pub not_to_pair: Vec<TeamNo>,
    /// One record per team, in TPN order.
    pub teams: Vec<TeamRecord>,
}

impl TeamHistory {
    /// The record of team `tpn`.
    pub fn team(&self, tpn: TeamNo) -> Option<&TeamRecord> {
        self.teams
            .binary_search_by_key(&tpn, |r| r.tpn)
            .ok()
            .map(|i| &self.teams[i])
    }

    /// What team `tpn` did in round `round`.
    pub fn round(&self, tpn: TeamNo, round: u32) -> Option<&TeamRound> {
        self.team(tpn).and_then(|r| r.round(round))
    }
}

/// The boards of a match when the file has no `352`: the most of any
/// `300` line-up or of any team's players taking part in one round (a
/// game, or a board won against an empty one); with nothing played yet,
/// the smallest roster (every team can field it). At most
/// [`MAX_BOARDS`].
pub(crate) fn default_boards(ts: &TeamSection, t: &Tournament) -> usize {
    let mut most = ts
        .line_ups
        .iter()
        .map(|l| l.players.len())
        .max()
        .unwrap_or(0);
    let rounds = t.played_rounds().min(MAX_ROUNDS);
    for team in &ts.teams {
        for r in 1..=rounds {
            let n = team
                .members
                .iter()
                .filter(|&&m| t.player(m).is_some_and(|p| takes_a_board(&p.entry(r))))
                .count();
            most = most.max(n);
        }
    }
    if most == 0 {
        most = ts
            .teams
            .iter()
            .map(|team| team.members.len())
            .filter(|&n| n > 0)
            .min()
            .unwrap_or(0);
    }
    most.min(MAX_BOARDS)
}

/// An entry that occupies a board: a game (forfeits included) or a board
/// won against an empty one (`0000 - +`, read as `U`).
pub(super) fn takes_a_board(e: &RoundEntry) -> bool {
    e.opponent.is_some() || e.result == ResultCode::PairingBye
}

/// A sum that saturates: the readers bound every value far below
/// overflow ([`crate::limits`]), but the history may be asked of a model
/// nobody checked.
pub(super) fn sum(values: impl IntoIterator<Item = Points>) -> Points {
    Points(values.into_iter().fold(0i32, |a, p| a.saturating_add(p.0)))
}
