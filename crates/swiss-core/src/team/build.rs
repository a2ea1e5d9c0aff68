//! The team matches of each round derived from the `001` records and the
//! team records (`team-2026.md` §6.2; the readings are listed in
//! [`super::history`]'s docs): [`build`], one step per method of
//! [`Round`], finding every contradiction between the records on the way.

use std::collections::BTreeMap;

use crate::error::ErrorKind;
use crate::limits::{MAX_BOARDS, MAX_POINT_VALUE, MAX_ROUNDS};
use crate::model::{Colour, ResultCode, RoundEntry, StartNo, Tournament};
use crate::points::Points;
use crate::validate::Spot;

use super::history::{
    Findings, MatchResult, TeamHistory, TeamRecord, TeamRound, TeamRoundKind, default_boards, sum,
    takes_a_board,
};
use super::{AbnormalKind, ByeKind, TeamNo, TeamSection, times};

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

/// What [`build`] reads of a team section once: who plays for whom, the
/// boards of a match and their colours (`team-2026.md` §6.2.1), and the
/// team records by round, so that each team's round is a lookup, not a
/// scan of every record (a file may hold a line-up per team and round).
struct Section<'a> {
    ts: &'a TeamSection,
    t: &'a Tournament,
    /// Player index -> team index (the first roster listing him).
    team_of: Vec<Option<usize>>,
    boards: usize,
    /// Record `352`, or alternating colours from White.
    pattern: Vec<Colour>,
    line_up_at: BTreeMap<(u32, TeamNo), usize>,
    byes_at: BTreeMap<(u32, TeamNo), Vec<(usize, ByeKind)>>,
    forfeits_in: BTreeMap<u32, Vec<usize>>,
    abnormal_in: BTreeMap<Option<u32>, Vec<usize>>,
}

impl<'a> Section<'a> {
    fn new(ts: &'a TeamSection, t: &'a Tournament) -> Section<'a> {
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
        let mut line_up_at = BTreeMap::new();
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
        Section {
            ts,
            t,
            team_of,
            boards,
            pattern,
            line_up_at,
            byes_at,
            forfeits_in,
            abnormal_in,
        }
    }

    /// A player on no roster who plays: his games belong to no match.
    fn unrostered_players(&self, rounds: u32, found: &mut Findings) {
        for (i, p) in self.t.players.iter().enumerate() {
            if self.team_of[i].is_some() {
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
    }
}

/// One round of the section as its records give it, step by step: the
/// line-ups, the opponent of each team, what each team did, and the
/// contradictions between them.
struct Round<'s, 'a> {
    s: &'s Section<'a>,
    r: u32,
    /// Each team's line-up and the `300` record it comes from, if any.
    line_ups: Vec<(Vec<Option<StartNo>>, Option<usize>)>,
    /// The opponent team each team's boards (or `300`) give.
    opp: Vec<Option<usize>>,
    /// Each team's forfeited match: (`330` index, opponent, listed first).
    forfeits: Vec<Option<(usize, usize, bool)>>,
    /// What each team did.
    kinds: Vec<Kind>,
}

impl<'s, 'a> Round<'s, 'a> {
    /// Line-ups (§6.2.1): the `300` of the round, else derived from the
    /// roster.
    fn new(s: &'s Section<'a>, r: u32) -> Round<'s, 'a> {
        let nt = s.ts.teams.len();
        let entry = |m: StartNo| s.t.player(m).map(|p| p.entry(r));
        let line_ups =
            s.ts.teams
                .iter()
                .map(|team| {
                    let explicit = s.line_up_at.get(&(r, team.tpn)).copied();
                    let mut players: Vec<Option<StartNo>> = match explicit {
                        Some(k) => s.ts.line_ups[k].players.clone(),
                        None => derived_line_up(&team.members, s.boards, &entry),
                    };
                    players.truncate(s.boards);
                    players.resize(s.boards, None);
                    (players, explicit)
                })
                .collect();
        Round {
            s,
            r,
            line_ups,
            opp: vec![None; nt],
            forfeits: vec![None; nt],
            kinds: Vec::with_capacity(nt),
        }
    }

    fn r0(&self) -> usize {
        self.r as usize - 1
    }

    fn entry(&self, m: StartNo) -> Option<RoundEntry> {
        self.s.t.player(m).map(|p| p.entry(self.r))
    }

    /// The entry of board `j` of team `k`.
    fn board(&self, k: usize, j: usize) -> Option<RoundEntry> {
        self.line_ups[k].0[j].and_then(|m| self.entry(m))
    }

    fn tpn(&self, k: usize) -> TeamNo {
        self.s.ts.teams[k].tpn
    }

    /// The spot of board `j` of team `k`: the player's entry, or the `300`.
    fn board_spot(&self, k: usize, j: usize) -> Spot {
        let (players, explicit) = &self.line_ups[k];
        match (players[j].and_then(|m| self.s.t.index_of(m)), explicit) {
            (Some(i), _) => Spot::Entry(i, self.r0()),
            (None, Some(l)) => Spot::LineUpBoard(*l, j),
            (None, None) => Spot::Team(k),
        }
    }

    /// Team `x`'s game points on the boards (§6.2.3).
    fn board_points(&self, x: usize) -> Points {
        sum(self.each_board(x))
    }

    /// What each board gives team index `x`, board 1 first.
    fn each_board(&self, x: usize) -> Vec<Points> {
        (0..self.s.boards)
            .map(|j| board_value(self.s.t, self.board(x, j).as_ref()))
            .collect()
    }

    /// The opponent team (§6.2.2): the team of any board's opponent; every
    /// board must face the same one, and none a teammate.
    fn opponents_from_boards(&mut self, found: &mut Findings) {
        for k in 0..self.line_ups.len() {
            let mut reported = false;
            for j in 0..self.s.boards {
                let Some(e) = self.board(k, j) else {
                    continue;
                };
                let Some(ok) = e
                    .opponent
                    .and_then(|o| self.s.t.index_of(o))
                    .and_then(|oi| self.s.team_of[oi])
                else {
                    continue;
                };
                if ok == k {
                    // Once a team and round: both players' boards say it.
                    if std::mem::replace(&mut reported, true) {
                        continue;
                    }
                    found.errors.push((
                        self.board_spot(k, j),
                        ErrorKind::TeammatesPaired {
                            round: self.r,
                            team: self.tpn(k),
                        },
                    ));
                } else if let Some(prev) = self.opp[k].filter(|&p| p != ok) {
                    found.errors.push((
                        self.board_spot(k, j),
                        ErrorKind::TeamOpponents {
                            round: self.r,
                            team: self.tpn(k),
                            first: self.tpn(prev),
                            second: self.tpn(ok),
                        },
                    ));
                } else {
                    self.opp[k] = Some(ok);
                }
            }
        }
    }

    /// A match whose boards name no opponent (each board won against an
    /// empty one, or left empty) is known by the opponent its `300`
    /// names, unless that team's own `300` names another.
    fn opponents_named_in_line_ups(&mut self) {
        let ts = self.s.ts;
        let named = |x: usize, line_ups: &[(Vec<Option<StartNo>>, Option<usize>)]| {
            line_ups[x]
                .1
                .and_then(|l| ts.line_ups[l].opponent)
                .and_then(|tpn| ts.index_of(tpn))
        };
        for k in 0..self.line_ups.len() {
            if self.opp[k].is_some() {
                continue;
            }
            if let Some(o) = named(k, &self.line_ups)
                && o != k
                && self.opp[o].is_none()
                && named(o, &self.line_ups).is_none_or(|x| x == k)
            {
                self.opp[k] = Some(o);
                self.opp[o] = Some(k);
            }
        }
    }

    /// The forfeited matches (`330`) of the round; a team in two is an
    /// error.
    fn forfeited_matches(&mut self, found: &mut Findings) {
        let ts = self.s.ts;
        let listed = self
            .s
            .forfeits_in
            .get(&self.r)
            .map_or(&[][..], Vec::as_slice);
        for &f in listed {
            let m = &ts.forfeits[f];
            let (Some(w), Some(b)) = (ts.index_of(m.white), ts.index_of(m.black)) else {
                continue;
            };
            for (k, o, white) in [(w, b, true), (b, w, false)] {
                if let Some((g, _, _)) = self.forfeits[k] {
                    found.errors.push((
                        Spot::ForfeitedMatch(f),
                        conflict(
                            self.r,
                            self.tpn(k),
                            format!(
                                "has a forfeited match in record 330 {}",
                                forfeit_text(ts, g)
                            ),
                            format!("another in {}", forfeit_text(ts, f)),
                        ),
                    ));
                } else {
                    self.forfeits[k] = Some((f, o, white));
                }
            }
        }
    }

    /// What each team did: a forfeited match, a match by the boards, the
    /// PAB (`320`, or the players' `U` entries), a `240` bye, or the bye
    /// every member's entry gives; two records saying different things of
    /// one team's round are an error.
    fn classify(&mut self, found: &mut Findings) {
        let pab_320 = self
            .s
            .ts
            .pab_team(self.r)
            .and_then(|tpn| self.s.ts.index_of(tpn));
        for k in 0..self.line_ups.len() {
            let team = &self.s.ts.teams[k];
            let byes = self.byes_240(team.tpn);
            let kind = if let Some((f, o, white)) = self.forfeits[k] {
                Kind::Forfeit { f, o, white }
            } else if let Some(o) = self.opp[k] {
                Kind::Boards(o)
            } else if pab_320 == Some(k)
                || team.members.iter().any(|&m| {
                    self.entry(m)
                        .is_some_and(|e| e.opponent.is_none() && e.result == ResultCode::PairingBye)
                })
            {
                Kind::Pab
            } else if let Some(&(_, kind)) = byes.first() {
                Kind::Bye(kind)
            } else {
                member_bye(team.members.iter().filter_map(|&m| self.entry(m)))
            };
            self.conflicts(k, &kind, pab_320 == Some(k), found);
            self.kinds.push(kind);
        }
    }

    fn byes_240(&self, tpn: TeamNo) -> &'s [(usize, ByeKind)] {
        self.s
            .byes_at
            .get(&(self.r, tpn))
            .map_or(&[][..], Vec::as_slice)
    }

    /// Team `k`'s round `kind` against the PAB of `320` (`pab_320`: the
    /// record names it) and the byes of `240`.
    fn conflicts(&self, k: usize, kind: &Kind, pab_320: bool, found: &mut Findings) {
        let tpn = self.tpn(k);
        let byes = self.byes_240(tpn);
        let what = match kind {
            Kind::Forfeit { f, .. } => Some(format!(
                "has a forfeited match in record 330 {}",
                forfeit_text(self.s.ts, *f)
            )),
            Kind::Boards(o) => Some(format!("plays team {}", self.tpn(*o))),
            Kind::Pab => Some("has the pairing-allocated bye".to_string()),
            _ => None,
        };
        if let Some(what) = &what {
            if pab_320 && !matches!(kind, Kind::Pab) {
                found.errors.push((
                    Spot::PabTeam(self.r0()),
                    ErrorKind::PabWithGames {
                        round: self.r,
                        team: tpn,
                        games: what.clone(),
                    },
                ));
            }
            for &(b, bye) in byes {
                found.errors.push((
                    Spot::TeamByes(b),
                    conflict(
                        self.r,
                        tpn,
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
                    self.r,
                    tpn,
                    format!("has a bye `{}` in record 240", first.letter()),
                    format!("a bye `{}` in another", other.letter()),
                ),
            ));
        }
    }

    /// A forfeited match's boards: not played, facing no other team, not
    /// giving the match to the side the `330` says lost.
    fn check_forfeits(&self, found: &mut Findings) {
        for k in 0..self.kinds.len() {
            let Kind::Forfeit { f, o, white } = self.kinds[k] else {
                continue;
            };
            let m = &self.s.ts.forfeits[f];
            let contradicted = |why: String| ErrorKind::ForfeitContradicted {
                round: self.r,
                white: m.white,
                black: m.black,
                code: m.result.code(),
                why,
            };
            if let Some(other) = self.opp[k].filter(|&x| x != o) {
                found.errors.push((
                    Spot::ForfeitedMatch(f),
                    contradicted(format!(
                        "the boards of team {} face team {}",
                        self.tpn(k),
                        self.tpn(other)
                    )),
                ));
            }
            if let Some(j) =
                (0..self.s.boards).find(|&j| self.board(k, j).is_some_and(|e| e.is_played_game()))
            {
                found.errors.push((
                    self.board_spot(k, j),
                    contradicted(format!(
                        "board {} of team {} was played",
                        j + 1,
                        self.tpn(k)
                    )),
                ));
            }
            if !white {
                continue;
            }
            let (gw, gb) = (self.board_points(k), self.board_points(o));
            let wins = |x: usize| {
                (0..self.s.boards).any(|j| {
                    self.board(x, j).is_some_and(|e| {
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

    /// At most one PAB a round.
    fn check_pabs(&self, found: &mut Findings) {
        let pabs: Vec<usize> = (0..self.kinds.len())
            .filter(|&k| matches!(self.kinds[k], Kind::Pab))
            .collect();
        if let [first, second, ..] = pabs[..] {
            let spot = if self.s.ts.pab_team(self.r).is_some() {
                Spot::PabTeam(self.r0())
            } else {
                Spot::Team(second)
            };
            found.errors.push((
                spot,
                ErrorKind::TwoPabs {
                    round: self.r,
                    first: self.tpn(first),
                    second: self.tpn(second),
                },
            ));
        }
    }

    /// Members outside the line-up who take part (not in the `300`, or
    /// more of them than the boards), and a `300` naming an opponent the
    /// round does not have.
    fn check_line_ups(&self, found: &mut Findings) {
        let ts = self.s.ts;
        for k in 0..self.kinds.len() {
            let team = &ts.teams[k];
            let in_match = matches!(self.kinds[k], Kind::Boards(_) | Kind::Forfeit { .. });
            let outside = team.members.iter().filter_map(|&m| {
                let i = self.s.t.index_of(m)?;
                let e = self.s.t.players[i].entry(self.r);
                let takes =
                    e.opponent.is_some() || (in_match && e.result == ResultCode::PairingBye);
                (takes && !self.line_ups[k].0.contains(&Some(m))).then_some((i, m))
            });
            if self.line_ups[k].1.is_some() {
                for (i, m) in outside {
                    found.errors.push((
                        Spot::Entry(i, self.r0()),
                        ErrorKind::NotInLineUp {
                            round: self.r,
                            player: m,
                            team: team.tpn,
                        },
                    ));
                }
            } else if let Some((i, _)) = outside.clone().next() {
                let playing = self.s.boards + outside.count();
                found.errors.push((
                    Spot::Entry(i, self.r0()),
                    ErrorKind::TeamTooManyPlayers {
                        round: self.r,
                        team: team.tpn,
                        found: playing,
                        boards: self.s.boards,
                    },
                ));
            }
            if let Some(l) = self.line_ups[k].1
                && let Some(named) = ts.line_ups[l].opponent
            {
                let actual = match self.kinds[k] {
                    Kind::Boards(o) | Kind::Forfeit { o, .. } => Some(self.tpn(o)),
                    _ => None,
                };
                if actual != Some(named) {
                    found.errors.push((
                        Spot::LineUp(l),
                        conflict(
                            self.r,
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
    }

    /// Team `k`'s round scored (§6.2.3-6.2.4): match and game points, then
    /// the `299` records (an override of the kind, a bonus or penalty).
    fn score(&self, k: usize, found: &mut Findings) -> TeamRound {
        let (kind, mp, gp, abnormal) = match self.kinds[k] {
            Kind::Boards(o) => self.score_boards(k, o, found),
            Kind::Forfeit { f, o, white } => self.score_forfeit(f, o, white),
            Kind::Pab => (
                TeamRoundKind::Pab,
                self.s.ts.pab_match_points(),
                // Each board of the PAB team a `U` game: record 162's P (a
                // win's points unless given), as the reference platform
                // sums them.
                self.s
                    .ts
                    .pab_game_points
                    .unwrap_or_else(|| times(self.s.boards, self.s.t.point_system.pairing_bye)),
                None,
            ),
            Kind::Bye(b) => {
                let (mpv, ps) = (self.s.ts.match_point_values, &self.s.t.point_system);
                let (mp, per_board, abnormal) = match b {
                    ByeKind::Full => (mpv.win, ps.full_bye, AbnormalKind::FullBye),
                    ByeKind::Half => (mpv.draw, ps.half_bye, AbnormalKind::HalfBye),
                    ByeKind::Zero => (mpv.loss, ps.zero_bye, AbnormalKind::ZeroBye),
                };
                (
                    TeamRoundKind::Bye(b),
                    mp,
                    times(self.s.boards, per_board),
                    Some(abnormal),
                )
            }
            Kind::NotPaired => (
                TeamRoundKind::NotPaired,
                self.s.ts.match_point_values.loss,
                times(self.s.boards, self.s.t.point_system.zero_bye),
                Some(AbnormalKind::ZeroBye),
            ),
        };
        let tpn = self.tpn(k);
        let (mut mp, mut gp) = (mp, gp);
        if let Some(a) = abnormal {
            let (m, g) = abnormal_override(self.s.ts, &self.s.abnormal_in, a, tpn, self.r);
            mp = m.unwrap_or(mp);
            gp = g.unwrap_or(gp);
        }
        let (bm, bg) = bonus(self.s.ts, &self.s.abnormal_in, tpn, Some(self.r), found);
        TeamRound {
            kind,
            match_points: sum([mp, bm]),
            game_points: sum([gp, bg]),
        }
    }

    /// A match by the boards: the result by game points, played when a
    /// board was played over the board, the colour of board 1 (`1.6`).
    fn score_boards(&self, k: usize, o: usize, found: &mut Findings) -> Scored {
        let lu = &self.line_ups[k].0;
        let (gp, ogp) = (self.board_points(k), self.board_points(o));
        let result = compare(gp, ogp);
        let played = lu.iter().any(|m| {
            m.and_then(|m| self.entry(m))
                .is_some_and(|e| e.is_played_game())
        });
        let entry = |m: StartNo| self.entry(m);
        let (scheduled, mismatch) = team_colour(&self.s.pattern, lu, &entry);
        if let (Some(tc), Some((j, c, expected))) = (scheduled, mismatch) {
            found.warnings.push((
                self.board_spot(k, j),
                ErrorKind::BoardColour {
                    round: self.r,
                    team: self.tpn(k),
                    board: j + 1,
                    found: c,
                    expected,
                    team_colour: tc,
                },
            ));
        }
        let abnormal = match (played, result) {
            (true, MatchResult::Win) => AbnormalKind::Win,
            (_, MatchResult::Draw) => AbnormalKind::Draw,
            (true, MatchResult::Loss) => AbnormalKind::Loss,
            (false, MatchResult::Win) => AbnormalKind::ForfeitWin,
            (false, MatchResult::Loss) => AbnormalKind::ForfeitLoss,
        };
        let m = super::TeamMatch {
            opponent: self.tpn(o),
            played,
            colour: scheduled.filter(|_| played),
            scheduled_colour: scheduled,
            game_points: gp,
            opponent_game_points: ogp,
            board_points: self.each_board(k),
            result,
            forfeited: false,
        };
        (
            TeamRoundKind::Match(m),
            self.s.ts.match_point_values.of(result),
            gp,
            Some(abnormal),
        )
    }

    /// A forfeited match (`330`): boards × W to the winner, boards × A to
    /// the loser.
    fn score_forfeit(&self, f: usize, o: usize, white: bool) -> Scored {
        let m = &self.s.ts.forfeits[f];
        let ps = &self.s.t.point_system;
        let won = match m.result {
            super::ForfeitResult::WhiteWins => white,
            super::ForfeitResult::BlackWins => !white,
            super::ForfeitResult::BothLose => false,
        };
        let other_won = m.result != super::ForfeitResult::BothLose && !won;
        let per_board = |w: bool| if w { ps.forfeit_win } else { ps.forfeit_loss };
        let value = |w: bool| times(self.s.boards, per_board(w));
        let result = if won {
            MatchResult::Win
        } else {
            MatchResult::Loss
        };
        let tm = super::TeamMatch {
            opponent: self.tpn(o),
            played: false,
            colour: None,
            scheduled_colour: Some(if white { Colour::White } else { Colour::Black }),
            game_points: value(won),
            opponent_game_points: value(other_won),
            board_points: vec![per_board(won); self.s.boards],
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
            self.s.ts.match_point_values.of(result),
            value(won),
            Some(abnormal),
        )
    }
}

/// A team's round before `299`: what it was, match and game points, and
/// the `299` kind that may override them.
type Scored = (TeamRoundKind, Points, Points, Option<AbnormalKind>);

/// Derives the history of `ts` over `t`'s played rounds, reporting every
/// contradiction and warning into `found`. Total on any input (a
/// structurally broken section gives a partial history and errors).
pub(crate) fn build(ts: &TeamSection, t: &Tournament, found: &mut Findings) -> TeamHistory {
    let s = Section::new(ts, t);
    let rounds = t.played_rounds().min(MAX_ROUNDS);
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
    s.unrostered_players(rounds, found);
    for r in 1..=rounds {
        let mut round = Round::new(&s, r);
        round.opponents_from_boards(found);
        round.opponents_named_in_line_ups();
        round.forfeited_matches(found);
        round.classify(found);
        round.check_forfeits(found);
        round.check_pabs(found);
        round.check_line_ups(found);
        for (k, rec) in recs.iter_mut().enumerate() {
            rec.rounds.push(round.score(k, found));
            rec.line_ups.push(round.line_ups[k].0.clone());
        }
    }
    for rec in &mut recs {
        rec.adjustment = bonus(ts, &s.abnormal_in, rec.tpn, None, found);
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
