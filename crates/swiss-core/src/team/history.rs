//! From the `001` records and the team records to the team matches of
//! each round (`team-2026.md` §6.2), finding on the way every
//! contradiction between them, for the validator.
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

use std::collections::BTreeMap;

use crate::error::ErrorKind;
use crate::limits::{MAX_BOARDS, MAX_POINT_VALUE, MAX_ROUNDS};
use crate::model::{Colour, ResultCode, RoundEntry, StartNo, Tournament};
use crate::points::Points;
use crate::validate::Spot;

use super::{AbnormalKind, ByeKind, TeamNo, TeamSection, times};

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

/// The line-up of a round without a `300` record: the members who take a
/// board (a game, or a board won against an empty one), and as many of
/// the others as the boards leave room for (on boards lost by forfeit),
/// all in roster order; padded with empty boards when the roster is
/// short. Without a reserve playing this is the roster's first boards;
/// the TEC sample substitutes reserves without a `300` (C.04.6 and
/// TRF-2026 ask for one only when the order changes, and a reserve on the
/// last board keeps it).
fn derived_line_up(
    members: &[StartNo],
    boards: usize,
    entry: &dyn Fn(StartNo) -> Option<RoundEntry>,
) -> Vec<Option<StartNo>> {
    let takes: Vec<bool> = members
        .iter()
        .map(|&m| entry(m).is_some_and(|e| takes_a_board(&e)))
        .collect();
    let mut room = boards.saturating_sub(takes.iter().filter(|&&x| x).count());
    members
        .iter()
        .zip(&takes)
        .filter(|&(_, &takes)| {
            takes
                || (room > 0 && {
                    room -= 1;
                    true
                })
        })
        .map(|(&m, _)| Some(m))
        .take(boards)
        .collect()
}

/// An entry that occupies a board: a game (forfeits included) or a board
/// won against an empty one (`0000 - +`, read as `U`).
fn takes_a_board(e: &RoundEntry) -> bool {
    e.opponent.is_some() || e.result == ResultCode::PairingBye
}

/// The value of a board for its team, by the point system.
fn board_value(t: &Tournament, e: Option<&RoundEntry>) -> Points {
    let ps = &t.point_system;
    match e {
        // A board won against an empty one (`0000 - +`): `+` = W.
        Some(e) if e.result == ResultCode::PairingBye => ps.forfeit_win,
        Some(e) => e.points(ps),
        // An empty board is lost by forfeit: `-` = A.
        None => ps.forfeit_loss,
    }
}

/// What one team did in one round, before scoring.
#[derive(Clone, Debug)]
enum Kind {
    /// A match by the boards, against team index `o`.
    Boards(usize),
    /// A forfeited match (`330` index `f`) against team index `o`, as white or not.
    Forfeit {
        f: usize,
        o: usize,
        white: bool,
    },
    Pab,
    Bye(ByeKind),
    NotPaired,
}

/// Derives the history of `ts` over `t`'s played rounds, reporting every
/// contradiction and warning into `found`. Total on any input (a
/// structurally broken section gives a partial history and errors).
pub(crate) fn build(ts: &TeamSection, t: &Tournament, found: &mut Findings) -> TeamHistory {
    let nt = ts.teams.len();
    // Player index -> team index (the first roster listing him).
    let mut team_of: Vec<Option<usize>> = vec![None; t.players.len()];
    for (k, team) in ts.teams.iter().enumerate() {
        for &m in &team.members {
            if let Some(i) = t.index_of(m)
                && team_of[i].is_none()
            {
                team_of[i] = Some(k);
            }
        }
    }
    let boards = if ts.board_colours.is_empty() {
        default_boards(ts, t)
    } else {
        ts.board_colours.len().min(MAX_BOARDS)
    };
    let pattern: Vec<Colour> = if ts.board_colours.is_empty() {
        (0..boards)
            .map(|b| {
                if b % 2 == 0 {
                    Colour::White
                } else {
                    Colour::Black
                }
            })
            .collect()
    } else {
        ts.board_colours.clone()
    };
    let rounds = t.played_rounds().min(MAX_ROUNDS);
    let ps = t.point_system;
    let mpv = ts.match_point_values;
    let mut recs: Vec<TeamRecord> = ts
        .teams
        .iter()
        .map(|team| TeamRecord {
            tpn: team.tpn,
            rounds: Vec::with_capacity(rounds as usize),
            line_ups: Vec::with_capacity(rounds as usize),
            adjustment: (Points::ZERO, Points::ZERO),
        })
        .collect();
    // The records by round (and team), so that each team's round is a
    // lookup, not a scan of every record: a file may hold a line-up per
    // team and round.
    let mut line_up_at: BTreeMap<(u32, TeamNo), usize> = BTreeMap::new();
    for (k, l) in ts.line_ups.iter().enumerate() {
        line_up_at.entry((l.round, l.team)).or_insert(k);
    }
    let mut byes_at: BTreeMap<(u32, TeamNo), Vec<(usize, ByeKind)>> = BTreeMap::new();
    for (k, b) in ts.byes.iter().enumerate() {
        for &tpn in &b.teams {
            byes_at.entry((b.round, tpn)).or_default().push((k, b.kind));
        }
    }
    let mut forfeits_in: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for (k, f) in ts.forfeits.iter().enumerate() {
        forfeits_in.entry(f.round).or_default().push(k);
    }
    let mut abnormal_in: BTreeMap<Option<u32>, Vec<usize>> = BTreeMap::new();
    for (k, a) in ts.abnormal_points.iter().enumerate() {
        abnormal_in.entry(a.round).or_default().push(k);
    }
    // A player on no roster who plays: his games belong to no match.
    for (i, p) in t.players.iter().enumerate() {
        if team_of[i].is_some() {
            continue;
        }
        if let Some(r) = (1..=rounds).find(|&r| takes_a_board(&p.entry(r))) {
            found.errors.push((
                Spot::Entry(i, r as usize - 1),
                ErrorKind::NoTeam {
                    round: r,
                    player: p.start_no,
                },
            ));
        }
    }
    for r in 1..=rounds {
        let r0 = r as usize - 1;
        let entry = |s: StartNo| t.player(s).map(|p| p.entry(r));
        // Line-ups: the `300` of the round, else derived from the roster.
        let mut line_ups: Vec<(Vec<Option<StartNo>>, Option<usize>)> = Vec::with_capacity(nt);
        for team in &ts.teams {
            let explicit = line_up_at.get(&(r, team.tpn)).copied();
            let mut players: Vec<Option<StartNo>> = match explicit {
                Some(k) => ts.line_ups[k].players.clone(),
                None => derived_line_up(&team.members, boards, &entry),
            };
            players.truncate(boards);
            players.resize(boards, None);
            line_ups.push((players, explicit));
        }
        // The spot of board `j` of team `k`: the player's entry, or the `300`.
        let board_spot = |k: usize, j: usize| -> Spot {
            let (players, explicit) = &line_ups[k];
            match (players[j].and_then(|s| t.index_of(s)), explicit) {
                (Some(i), _) => Spot::Entry(i, r0),
                (None, Some(l)) => Spot::LineUpBoard(*l, j),
                (None, None) => Spot::Team(k),
            }
        };
        // The opponent team the boards give.
        let mut opp: Vec<Option<usize>> = vec![None; nt];
        for k in 0..nt {
            let mut reported = false;
            for j in 0..boards {
                let Some(e) = line_ups[k].0[j].and_then(entry) else {
                    continue;
                };
                let Some(ok) = e
                    .opponent
                    .and_then(|o| t.index_of(o))
                    .and_then(|oi| team_of[oi])
                else {
                    continue;
                };
                if ok == k {
                    // Once a team and round: both players' boards say it.
                    if std::mem::replace(&mut reported, true) {
                        continue;
                    }
                    found.errors.push((
                        board_spot(k, j),
                        ErrorKind::TeammatesPaired {
                            round: r,
                            team: ts.teams[k].tpn,
                        },
                    ));
                } else if let Some(prev) = opp[k].filter(|&p| p != ok) {
                    found.errors.push((
                        board_spot(k, j),
                        ErrorKind::TeamOpponents {
                            round: r,
                            team: ts.teams[k].tpn,
                            first: ts.teams[prev].tpn,
                            second: ts.teams[ok].tpn,
                        },
                    ));
                } else {
                    opp[k] = Some(ok);
                }
            }
        }
        // A match whose boards name no opponent (each board won against an
        // empty one, or left empty) is known by the opponent its `300`
        // names, unless that team's own `300` names another.
        for k in 0..nt {
            let named = |x: usize| {
                line_ups[x]
                    .1
                    .and_then(|l| ts.line_ups[l].opponent)
                    .and_then(|tpn| ts.index_of(tpn))
            };
            if opp[k].is_some() {
                continue;
            }
            if let Some(o) = named(k)
                && o != k
                && opp[o].is_none()
                && named(o).is_none_or(|x| x == k)
            {
                opp[k] = Some(o);
                opp[o] = Some(k);
            }
        }
        // The forfeited matches (`330`) of the round.
        let mut forf: Vec<Option<(usize, usize, bool)>> = vec![None; nt];
        for &f in forfeits_in.get(&r).map_or(&[][..], Vec::as_slice) {
            let m = &ts.forfeits[f];
            let (Some(w), Some(b)) = (ts.index_of(m.white), ts.index_of(m.black)) else {
                continue;
            };
            for (k, o, white) in [(w, b, true), (b, w, false)] {
                if let Some((g, _, _)) = forf[k] {
                    found.errors.push((
                        Spot::ForfeitedMatch(f),
                        conflict(
                            r,
                            ts.teams[k].tpn,
                            format!(
                                "has a forfeited match in record 330 {}",
                                forfeit_text(ts, g)
                            ),
                            format!("another in {}", forfeit_text(ts, f)),
                        ),
                    ));
                } else {
                    forf[k] = Some((f, o, white));
                }
            }
        }
        let byes_240 = |tpn: TeamNo| -> &[(usize, ByeKind)] {
            byes_at.get(&(r, tpn)).map_or(&[][..], Vec::as_slice)
        };
        let pab_320 = ts.pab_team(r).and_then(|tpn| ts.index_of(tpn));
        let mut kinds: Vec<Kind> = Vec::with_capacity(nt);
        for k in 0..nt {
            let team = &ts.teams[k];
            let byes = byes_240(team.tpn);
            let kind = if let Some((f, o, white)) = forf[k] {
                Kind::Forfeit { f, o, white }
            } else if let Some(o) = opp[k] {
                Kind::Boards(o)
            } else if pab_320 == Some(k)
                || team.members.iter().any(|&m| {
                    entry(m)
                        .is_some_and(|e| e.opponent.is_none() && e.result == ResultCode::PairingBye)
                })
            {
                // Record 320, or the players' `U` entries.
                Kind::Pab
            } else if let Some(&(_, kind)) = byes.first() {
                Kind::Bye(kind)
            } else {
                member_bye(team.members.iter().filter_map(|&m| entry(m)))
            };
            // Two records saying different things of one team's round.
            let what = match &kind {
                Kind::Forfeit { f, .. } => Some(format!(
                    "has a forfeited match in record 330 {}",
                    forfeit_text(ts, *f)
                )),
                Kind::Boards(o) => Some(format!("plays team {}", ts.teams[*o].tpn)),
                Kind::Pab => Some("has the pairing-allocated bye".to_string()),
                _ => None,
            };
            if let Some(what) = &what {
                if pab_320 == Some(k) && !matches!(kind, Kind::Pab) {
                    found.errors.push((
                        Spot::PabTeam(r0),
                        ErrorKind::PabWithGames {
                            round: r,
                            team: team.tpn,
                            games: what.clone(),
                        },
                    ));
                }
                for &(b, bye) in byes {
                    found.errors.push((
                        Spot::TeamByes(b),
                        conflict(
                            r,
                            team.tpn,
                            what.clone(),
                            format!("record 240 gives it a bye `{}`", bye.letter()),
                        ),
                    ));
                }
            }
            if let [(_, first), rest @ ..] = byes
                && let Some(&(b, other)) = rest.iter().find(|(_, kind)| kind != first)
            {
                found.errors.push((
                    Spot::TeamByes(b),
                    conflict(
                        r,
                        team.tpn,
                        format!("has a bye `{}` in record 240", first.letter()),
                        format!("a bye `{}` in another", other.letter()),
                    ),
                ));
            }
            kinds.push(kind);
        }
        // A forfeited match's boards: not played, facing no other team,
        // not giving the match to the side the `330` says lost.
        for k in 0..nt {
            let Kind::Forfeit { f, o, white } = kinds[k] else {
                continue;
            };
            let m = &ts.forfeits[f];
            let contradicted = |why: String| ErrorKind::ForfeitContradicted {
                round: r,
                white: m.white,
                black: m.black,
                code: m.result.code(),
                why,
            };
            if let Some(other) = opp[k].filter(|&x| x != o) {
                found.errors.push((
                    Spot::ForfeitedMatch(f),
                    contradicted(format!(
                        "the boards of team {} face team {}",
                        ts.teams[k].tpn, ts.teams[other].tpn
                    )),
                ));
            }
            if let Some(j) = (0..boards).find(|&j| {
                line_ups[k].0[j]
                    .and_then(entry)
                    .is_some_and(|e| e.is_played_game())
            }) {
                found.errors.push((
                    board_spot(k, j),
                    contradicted(format!(
                        "board {} of team {} was played",
                        j + 1,
                        ts.teams[k].tpn
                    )),
                ));
            }
            if white {
                let gp = |x: usize| -> Points {
                    sum((0..boards)
                        .map(|j| board_value(t, line_ups[x].0[j].and_then(entry).as_ref())))
                };
                let (gw, gb) = (gp(k), gp(o));
                let wins = |x: usize| {
                    (0..boards).any(|j| {
                        line_ups[x].0[j].and_then(entry).is_some_and(|e| {
                            matches!(e.result, ResultCode::ForfeitWin | ResultCode::PairingBye)
                        })
                    })
                };
                let why = match m.result {
                    super::ForfeitResult::WhiteWins if gb > gw => Some(format!(
                        "the boards give team {} more game points ({gb} to {gw})",
                        m.black
                    )),
                    super::ForfeitResult::BlackWins if gw > gb => Some(format!(
                        "the boards give team {} more game points ({gw} to {gb})",
                        m.white
                    )),
                    super::ForfeitResult::BothLose if wins(k) || wins(o) => {
                        Some("a board of it is won by forfeit".to_string())
                    }
                    _ => None,
                };
                if let Some(why) = why {
                    found
                        .errors
                        .push((Spot::ForfeitedMatch(f), contradicted(why)));
                }
            }
        }
        // At most one PAB a round.
        let pabs: Vec<usize> = (0..nt).filter(|&k| matches!(kinds[k], Kind::Pab)).collect();
        if let [first, second, ..] = pabs[..] {
            let spot = if pab_320.is_some() {
                Spot::PabTeam(r0)
            } else {
                Spot::Team(second)
            };
            found.errors.push((
                spot,
                ErrorKind::TwoPabs {
                    round: r,
                    first: ts.teams[first].tpn,
                    second: ts.teams[second].tpn,
                },
            ));
        }
        // Members outside the line-up who take part: not in the `300`, or
        // more of them than the boards.
        for k in 0..nt {
            let team = &ts.teams[k];
            let in_match = matches!(kinds[k], Kind::Boards(_) | Kind::Forfeit { .. });
            let outside = team.members.iter().filter_map(|&m| {
                let i = t.index_of(m)?;
                let e = t.players[i].entry(r);
                let takes =
                    e.opponent.is_some() || (in_match && e.result == ResultCode::PairingBye);
                (takes && !line_ups[k].0.contains(&Some(m))).then_some((i, m))
            });
            if line_ups[k].1.is_some() {
                for (i, m) in outside {
                    found.errors.push((
                        Spot::Entry(i, r0),
                        ErrorKind::NotInLineUp {
                            round: r,
                            player: m,
                            team: team.tpn,
                        },
                    ));
                }
            } else if let Some((i, _)) = outside.clone().next() {
                let playing = boards + outside.count();
                found.errors.push((
                    Spot::Entry(i, r0),
                    ErrorKind::TeamTooManyPlayers {
                        round: r,
                        team: team.tpn,
                        found: playing,
                        boards,
                    },
                ));
            }
            // A `300` naming an opponent the round does not have.
            if let Some(l) = line_ups[k].1
                && let Some(named) = ts.line_ups[l].opponent
            {
                let actual = match kinds[k] {
                    Kind::Boards(o) | Kind::Forfeit { o, .. } => Some(ts.teams[o].tpn),
                    _ => None,
                };
                if actual != Some(named) {
                    found.errors.push((
                        Spot::LineUp(l),
                        conflict(
                            r,
                            team.tpn,
                            format!("has opponent {named} in its record 300"),
                            match actual {
                                Some(a) => format!("plays team {a}"),
                                None => "has no match".to_string(),
                            },
                        ),
                    ));
                }
            }
        }
        // Score every team's round.
        for k in 0..nt {
            let team = &ts.teams[k];
            let lu = &line_ups[k].0;
            let gp_of = |x: usize| -> Points {
                sum((0..boards).map(|j| board_value(t, line_ups[x].0[j].and_then(entry).as_ref())))
            };
            let (kind, mp, gp, abnormal) = match kinds[k] {
                Kind::Boards(o) => {
                    let (gp, ogp) = (gp_of(k), gp_of(o));
                    let result = compare(gp, ogp);
                    let played = lu
                        .iter()
                        .any(|s| s.and_then(entry).is_some_and(|e| e.is_played_game()));
                    let (scheduled, mismatch) = team_colour(&pattern, lu, &entry);
                    if let (Some(tc), Some((j, c, expected))) = (scheduled, mismatch) {
                        found.warnings.push((
                            board_spot(k, j),
                            ErrorKind::BoardColour {
                                round: r,
                                team: team.tpn,
                                board: j + 1,
                                found: c,
                                expected,
                                team_colour: tc,
                            },
                        ));
                    }
                    let abnormal = match (played, result) {
                        (true, MatchResult::Win) => AbnormalKind::Win,
                        (true, MatchResult::Draw) | (false, MatchResult::Draw) => {
                            AbnormalKind::Draw
                        }
                        (true, MatchResult::Loss) => AbnormalKind::Loss,
                        (false, MatchResult::Win) => AbnormalKind::ForfeitWin,
                        (false, MatchResult::Loss) => AbnormalKind::ForfeitLoss,
                    };
                    let m = super::TeamMatch {
                        opponent: ts.teams[o].tpn,
                        played,
                        colour: scheduled.filter(|_| played),
                        scheduled_colour: scheduled,
                        game_points: gp,
                        opponent_game_points: ogp,
                        result,
                        forfeited: false,
                    };
                    (TeamRoundKind::Match(m), mpv.of(result), gp, Some(abnormal))
                }
                Kind::Forfeit { f, o, white } => {
                    let m = &ts.forfeits[f];
                    let won = match m.result {
                        super::ForfeitResult::WhiteWins => white,
                        super::ForfeitResult::BlackWins => !white,
                        super::ForfeitResult::BothLose => false,
                    };
                    let other_won = m.result != super::ForfeitResult::BothLose && !won;
                    let value = |w: bool| {
                        if w {
                            times(boards, ps.forfeit_win)
                        } else {
                            times(boards, ps.forfeit_loss)
                        }
                    };
                    let result = if won {
                        MatchResult::Win
                    } else {
                        MatchResult::Loss
                    };
                    let tm = super::TeamMatch {
                        opponent: ts.teams[o].tpn,
                        played: false,
                        colour: None,
                        scheduled_colour: Some(if white { Colour::White } else { Colour::Black }),
                        game_points: value(won),
                        opponent_game_points: value(other_won),
                        result,
                        forfeited: true,
                    };
                    let abnormal = if won {
                        AbnormalKind::ForfeitWin
                    } else {
                        AbnormalKind::ForfeitLoss
                    };
                    (
                        TeamRoundKind::Match(tm),
                        mpv.of(result),
                        value(won),
                        Some(abnormal),
                    )
                }
                Kind::Pab => (
                    TeamRoundKind::Pab,
                    ts.pab_match_points(),
                    // Each board of the PAB team a `U` game: record 162's
                    // P (a win's points unless given), as the reference
                    // platform sums them.
                    ts.pab_game_points
                        .unwrap_or_else(|| times(boards, ps.pairing_bye)),
                    None,
                ),
                Kind::Bye(b) => {
                    let (mp, per_board, abnormal) = match b {
                        ByeKind::Full => (mpv.win, ps.full_bye, AbnormalKind::FullBye),
                        ByeKind::Half => (mpv.draw, ps.half_bye, AbnormalKind::HalfBye),
                        ByeKind::Zero => (mpv.loss, ps.zero_bye, AbnormalKind::ZeroBye),
                    };
                    (
                        TeamRoundKind::Bye(b),
                        mp,
                        times(boards, per_board),
                        Some(abnormal),
                    )
                }
                Kind::NotPaired => (
                    TeamRoundKind::NotPaired,
                    mpv.loss,
                    times(boards, ps.zero_bye),
                    Some(AbnormalKind::ZeroBye),
                ),
            };
            let (mut mp, mut gp) = (mp, gp);
            if let Some(a) = abnormal {
                let (m, g) = abnormal_override(ts, &abnormal_in, a, team.tpn, r);
                mp = m.unwrap_or(mp);
                gp = g.unwrap_or(gp);
            }
            let (bm, bg) = bonus(ts, &abnormal_in, team.tpn, Some(r), found);
            recs[k].rounds.push(TeamRound {
                kind,
                match_points: sum([mp, bm]),
                game_points: sum([gp, bg]),
            });
            recs[k].line_ups.push(lu.clone());
        }
    }
    for rec in &mut recs {
        rec.adjustment = bonus(ts, &abnormal_in, rec.tpn, None, found);
    }
    let next_round = t.next_round();
    TeamHistory {
        rounds,
        next_round,
        not_to_pair: ts.not_to_pair(t, next_round),
        teams: recs,
    }
}

/// A round with no match or PAB: a bye every member's entry gives (all
/// `F`: full, all `H`: half, otherwise all absent: zero), or not paired.
fn member_bye(entries: impl Iterator<Item = RoundEntry>) -> Kind {
    let mut kinds = entries.map(|e| ByeKind::of_entry(e.result).filter(|_| e.opponent.is_none()));
    let Some(Some(first)) = kinds.next() else {
        return Kind::NotPaired;
    };
    let mut same = true;
    for k in kinds {
        match k {
            None => return Kind::NotPaired,
            Some(k) => same &= k == first,
        }
    }
    Kind::Bye(if same { first } else { ByeKind::Zero })
}

/// A sum that saturates: the readers bound every value far below
/// overflow ([`crate::limits`]), but the history may be asked of a model
/// nobody checked.
fn sum(values: impl IntoIterator<Item = Points>) -> Points {
    Points(values.into_iter().fold(0i32, |a, p| a.saturating_add(p.0)))
}

fn compare(a: Points, b: Points) -> MatchResult {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => MatchResult::Win,
        std::cmp::Ordering::Equal => MatchResult::Draw,
        std::cmp::Ordering::Less => MatchResult::Loss,
    }
}

fn conflict(round: u32, team: TeamNo, first: String, second: String) -> ErrorKind {
    ErrorKind::TeamRoundConflict {
        round,
        team,
        first,
        second,
    }
}

fn forfeit_text(ts: &TeamSection, f: usize) -> String {
    let m = &ts.forfeits[f];
    format!("`{} {}-{}`", m.result.code(), m.white, m.black)
}

/// A played board whose colour does not follow `352`: the board
/// (0-based), its colour, and the colour `352` gives it.
type Mismatch = (usize, Colour, Colour);

/// The team colour a match was scheduled with (C.04.6 1.6): board 1's
/// written colour, else the first played board's (or, none played, the
/// first board with a colour) through `352`; and the first played board
/// whose colour does not follow `352`, if any.
fn team_colour(
    pattern: &[Colour],
    lu: &[Option<StartNo>],
    entry: &dyn Fn(StartNo) -> Option<RoundEntry>,
) -> (Option<Colour>, Option<Mismatch>) {
    let coloured = |j: usize| -> Option<(Colour, bool)> {
        let e = lu.get(j).copied().flatten().and_then(entry)?;
        e.opponent?;
        Some((e.colour?, e.is_played_game()))
    };
    let through = |j: usize, c: Colour| match (pattern.first(), pattern.get(j)) {
        (Some(a), Some(b)) if a != b => c.opposite(),
        _ => c,
    };
    let n = lu.len();
    let team = coloured(0)
        .map(|(c, _)| c)
        .or_else(|| (1..n).find_map(|j| coloured(j).filter(|x| x.1).map(|(c, _)| through(j, c))))
        .or_else(|| (1..n).find_map(|j| coloured(j).map(|(c, _)| through(j, c))));
    let mismatch = team.and_then(|tc| {
        (0..n).find_map(|j| match coloured(j) {
            Some((c, true)) if through(j, c) != tc => Some((j, c, through(j, tc))),
            _ => None,
        })
    });
    (team, mismatch)
}

/// The values a typed `299` gives a result of kind `a` of team `tpn` in
/// round `r`: the most specific record (team and round, team, round,
/// neither), the later on a tie.
fn abnormal_override(
    ts: &TeamSection,
    by_round: &BTreeMap<Option<u32>, Vec<usize>>,
    a: AbnormalKind,
    tpn: TeamNo,
    r: u32,
) -> (Option<Points>, Option<Points>) {
    let mut best: Option<(u8, usize)> = None;
    let mut ks: Vec<usize> = [None, Some(r)]
        .iter()
        .flat_map(|x| by_round.get(x).map_or(&[][..], Vec::as_slice))
        .copied()
        .collect();
    // File order, so that the later record wins a tie.
    ks.sort_unstable();
    for k in ks {
        let rec = &ts.abnormal_points[k];
        if rec.kind != a
            || !(rec.teams.is_empty() || rec.teams.contains(&tpn))
            || rec.round.is_some_and(|x| x != r)
        {
            continue;
        }
        let rank = 2 * u8::from(!rec.teams.is_empty()) + u8::from(rec.round.is_some());
        if best.is_none_or(|(b, _)| rank >= b) {
            best = Some((rank, k));
        }
    }
    best.map_or((None, None), |(_, k)| {
        let rec = &ts.abnormal_points[k];
        (rec.match_points, rec.game_points)
    })
}

/// The bonuses (blank-type `299`) of team `tpn` in round `round` (`None`:
/// those for every round, counted once), bounded together to
/// [`MAX_POINT_VALUE`] (reported, and then left out).
fn bonus(
    ts: &TeamSection,
    by_round: &BTreeMap<Option<u32>, Vec<usize>>,
    tpn: TeamNo,
    round: Option<u32>,
    found: &mut Findings,
) -> (Points, Points) {
    let (mut mp, mut gp) = (0i64, 0i64);
    let mut last = None;
    for &k in by_round.get(&round).map_or(&[][..], Vec::as_slice) {
        let rec = &ts.abnormal_points[k];
        if rec.kind != AbnormalKind::Bonus || !(rec.teams.is_empty() || rec.teams.contains(&tpn)) {
            continue;
        }
        mp += i64::from(rec.match_points.unwrap_or_default().0);
        gp += i64::from(rec.game_points.unwrap_or_default().0);
        last = Some(k);
    }
    let max = i64::from(MAX_POINT_VALUE.0);
    if let Some(k) = last
        && (mp.abs() > max || gp.abs() > max)
    {
        found.errors.push((
            Spot::AbnormalPoints(k),
            ErrorKind::OutOfRange {
                what: "the bonuses (299) of one team in one round, together,",
                range: format!("{} to {}", Points(-MAX_POINT_VALUE.0), MAX_POINT_VALUE),
                found: format!(
                    "{} and {} (team {tpn})",
                    Points(clamp(mp)),
                    Points(clamp(gp))
                ),
            },
        ));
        return (Points::ZERO, Points::ZERO);
    }
    (Points(clamp(mp)), Points(clamp(gp)))
}

fn clamp(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX })
}
