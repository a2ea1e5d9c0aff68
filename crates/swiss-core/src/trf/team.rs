//! The TRF-2026 team records (`team-2026.md` §6.1, columns 1-based): `310`
//! teams, legacy `013`, `352` board colours, `362` match points, `320`
//! PABs, `330` forfeited matches, `300` line-ups, and in a team tournament
//! the team-keyed `240` byes, `250` virtual points, `260` prohibited pairs
//! and `299` abnormal points.
//!
//! A file is a team tournament when it has a `310`, `300`, `320` or `330`
//! record, or a team tournament type in `192`; its team records are kept
//! as read until then (`013`, `352` and `362` in an individual event are
//! kept as written, as before). Every numeric field is bounded and every
//! problem located; validation of what they say together is the shared
//! validator's ([`crate::validate`]).

use super::{Columns, Reader};
use crate::error::ErrorKind;
use crate::limits::{MAX_ROUNDS, MAX_START_NO, MAX_TEAM_NO};
use crate::model::{Colour, StartNo, Tournament};
use crate::points::Points;
use crate::team::{
    AbnormalKind, AbnormalPoints, ByeKind, ForbiddenTeams, ForfeitResult, ForfeitedMatch, LineUp,
    Team, TeamAcceleration, TeamByes, TeamNo, TeamSection,
};

/// The team records of a file, kept as read until the file is known to be
/// a team tournament.
#[derive(Default)]
pub(super) struct TeamLines {
    /// `310`, `013`, `300`, `320`, `330`, `352`, `362`: line number, code, text.
    records: Vec<(usize, String, String)>,
    /// `240`, `250`, `260`, `299`, in file order: line number, code, text.
    pub(super) keyed: Vec<(usize, String, String)>,
    /// The verbatim copies kept of `013`, `352` and `362` lines (in the
    /// header records when true, else the trailer records), dropped in a
    /// team tournament, where they are read.
    kept: Vec<(bool, usize)>,
    /// Whether a record only a team tournament has (`310`, `300`, `320`,
    /// `330`) was seen.
    team_records: bool,
}

impl TeamLines {
    /// Keeps a team record; `013`, `352` and `362` are also kept as
    /// written (an individual event may have them), at `copy`.
    pub(super) fn push(&mut self, n: usize, code: &str, line: &str, copy: Option<(bool, usize)>) {
        self.team_records |= matches!(code, "310" | "300" | "320" | "330");
        self.records.push((n, code.to_string(), line.to_string()));
        self.kept.extend(copy);
    }

    /// Whether the file is a team tournament.
    pub(super) fn is_team(&self, t: &Tournament) -> bool {
        self.team_records || t.system.as_deref().is_some_and(crate::team::is_team_code)
    }
}

/// Where each part of the team section is in the file.
#[derive(Default)]
pub(super) struct TeamPlaces {
    /// The first team record.
    pub(super) first: Option<usize>,
    /// Per team (sorted): its line, whether from `013`, and each member's column.
    pub(super) teams: Vec<(usize, bool, Vec<usize>)>,
    pub(super) board_colours: Option<usize>,
    /// `362`: each value's name, line and column.
    pub(super) match_points: Vec<(&'static str, usize, usize)>,
    /// `320`: its line.
    pub(super) pab: Option<usize>,
    pub(super) forfeits: Vec<usize>,
    pub(super) line_ups: Vec<usize>,
    pub(super) byes: Vec<(usize, Vec<usize>)>,
    pub(super) accelerations: Vec<usize>,
    pub(super) forbidden: Vec<(usize, Vec<usize>)>,
    pub(super) abnormal: Vec<(usize, Vec<usize>)>,
}

impl TeamPlaces {
    /// The line and column of a team spot; `None` for other spots.
    pub(super) fn place(&self, spot: crate::validate::Spot) -> Option<(usize, usize)> {
        use crate::validate::Spot as S;
        let team = |k: usize| self.teams.get(k);
        let at = |v: &Vec<(usize, Vec<usize>)>, k: usize, j: usize| {
            v.get(k)
                .map_or((1, 1), |(l, c)| (*l, c.get(j).copied().unwrap_or(5)))
        };
        let line = |l: Option<usize>, col: usize| l.map_or((1, 1), |l| (l, col));
        Some(match spot {
            S::Teams => line(self.first, 1),
            S::Team(k) => team(k).map_or((1, 1), |t| (t.0, 1)),
            S::TeamField(k, f) => team(k).map_or((1, 1), |t| {
                let col = match (t.1, f) {
                    (true, "name") => 5,
                    (true, _) => 1,
                    (false, "tpn") => 5,
                    (false, "name") => 9,
                    (false, "nickname") => 42,
                    (false, "strength") => 48,
                    (false, "match_points") => 55,
                    (false, "game_points") => 62,
                    (false, "rank") => 69,
                    _ => 1,
                };
                (t.0, col)
            }),
            S::TeamMember(k, j) => {
                team(k).map_or((1, 1), |t| (t.0, t.2.get(j).copied().unwrap_or(1)))
            }
            S::BoardColours => line(self.board_colours, 5),
            S::MatchPointValue(f) => self
                .match_points
                .iter()
                .rev()
                .find(|m| m.0 == f)
                .map_or((1, 1), |m| (m.1, m.2)),
            S::PabValue(f) => line(self.pab, if f == "pab_game_points" { 10 } else { 5 }),
            S::PabTeam(r) => line(self.pab, 15 + 4 * r),
            S::ForfeitedMatch(k) => line(self.forfeits.get(k).copied(), 5),
            S::LineUp(k) => line(self.line_ups.get(k).copied(), 5),
            S::LineUpBoard(k, j) => line(self.line_ups.get(k).copied(), 17 + 5 * j),
            S::TeamByes(k) => at(&self.byes, k, usize::MAX),
            S::TeamBye(k, j) => at(&self.byes, k, j),
            S::TeamAcceleration(k) => line(self.accelerations.get(k).copied(), 5),
            S::ForbiddenTeams(k) => at(&self.forbidden, k, usize::MAX),
            S::ForbiddenTeam(k, j) => at(&self.forbidden, k, j),
            S::AbnormalPoints(k) => at(&self.abnormal, k, usize::MAX),
            S::AbnormalTeam(k, j) => at(&self.abnormal, k, j),
            _ => return None,
        })
    }
}

/// A fixed-column field: blank, its text, or unreadable (reported).
enum Fixed {
    Blank,
    Text(String),
    Bad,
}

impl Reader<'_> {
    /// Reads a team tournament's records into its section; drops the
    /// verbatim copies of the records it reads.
    pub(super) fn team_section(&mut self, tl: TeamLines, t: &mut Tournament) -> TeamSection {
        let mut kept = tl.kept;
        kept.sort_unstable();
        for (header, i) in kept.into_iter().rev() {
            let list = if header {
                &mut t.header_records
            } else {
                &mut t.trailer_records
            };
            if i < list.len() {
                list.remove(i);
            }
        }
        let mut ts = TeamSection::default();
        let mut p = TeamPlaces::default();
        let mut t310: Vec<(Team, usize, Vec<usize>)> = Vec::new();
        let mut t013: Vec<(Team, usize, Vec<usize>)> = Vec::new();
        let mut pab_line: Option<usize> = None;
        let mut colours_line: Option<usize> = None;
        for (n, code, line) in tl.records.iter().chain(&tl.keyed) {
            let (n, cols) = (*n, Columns(line.chars().collect()));
            p.first = Some(p.first.map_or(n, |f| f.min(n)));
            match code.as_str() {
                "310" => t310.extend(self.record_310(n, &cols)),
                "013" => t013.extend(self.record_013(n, &cols, t013.len())),
                "352" => {
                    if let Some(first) = colours_line {
                        self.twice(n, "the board colours (352)", first);
                    }
                    colours_line = Some(n);
                    ts.board_colours = self.record_352(n, &cols);
                    p.board_colours = Some(n);
                }
                "362" => self.record_362(n, &cols, &mut ts, &mut p),
                "320" => {
                    if let Some(first) = pab_line {
                        self.twice(n, "the pairing-allocated byes (320)", first);
                    }
                    pab_line = Some(n);
                    self.record_320(n, &cols, &mut ts);
                    p.pab = Some(n);
                }
                "330" => {
                    if let Some(f) = self.record_330(n, &cols) {
                        ts.forfeits.push(f);
                        p.forfeits.push(n);
                    }
                }
                "300" => {
                    if let Some(l) = self.record_300(n, &cols) {
                        ts.line_ups.push(l);
                        p.line_ups.push(n);
                    }
                }
                "240" => {
                    if let Some((b, at)) = self.team_240(n, &cols) {
                        ts.byes.push(b);
                        p.byes.push((n, at));
                    }
                }
                "250" => {
                    if let Some(a) = self.team_250(n, &cols) {
                        ts.accelerations.push(a);
                        p.accelerations.push(n);
                    }
                }
                "260" => {
                    if let Some((g, at)) = self.team_260(n, &cols) {
                        ts.forbidden.push(g);
                        p.forbidden.push((n, at));
                    }
                }
                "299" => {
                    if let Some((a, at)) = self.record_299(n, &cols) {
                        ts.abnormal_points.push(a);
                        p.abnormal.push((n, at));
                    }
                }
                _ => {}
            }
        }
        // Gacrux reads `013` only without `310`; the TEC wants both for
        // now: with both, `310` is read and a different `013` is said.
        let teams = if t310.is_empty() {
            t013
        } else {
            for (k, (old, line, _)) in t013.iter().enumerate() {
                let new = t310.iter().find(|(team, _, _)| team.tpn == k as u32 + 1);
                if new
                    .is_none_or(|(team, _, _)| team.name != old.name || team.members != old.members)
                {
                    self.warnings.push(crate::error::InputError {
                        file: self.file.to_string(),
                        line: *line,
                        column: 1,
                        kind: ErrorKind::Conflict {
                            what: "a team (013 in file order, 310 by number; 310 is read)",
                            first: format!("team {} by 013", k + 1),
                            second: new.map_or("no such 310".to_string(), |(team, l, _)| {
                                format!("a different team {} on line {l}", team.tpn)
                            }),
                        },
                    });
                }
            }
            t310
        };
        let legacy = tl.records.iter().all(|r| r.1 != "310");
        let mut teams = teams;
        teams.sort_by_key(|(team, _, _)| team.tpn);
        for (team, line, at) in teams {
            ts.teams.push(team);
            p.teams.push((line, legacy, at));
        }
        self.places.team = p;
        ts
    }

    fn twice(&mut self, n: usize, what: &'static str, first: usize) {
        self.error(
            n,
            1,
            ErrorKind::Expected(format!(
                "one record for {what}, found a second (the first is on line {first})"
            )),
        );
    }

    /// Columns `a..=b`, which must have a blank (or the line's end) on
    /// either side when they hold a number.
    fn fixed(
        &mut self,
        n: usize,
        c: &Columns,
        (a, b): (usize, usize),
        what: &'static str,
    ) -> Fixed {
        let s = c.field(a, b);
        if s.is_empty() {
            return Fixed::Blank;
        }
        // The separator message names the field without its article.
        let field = what
            .strip_prefix("a ")
            .or_else(|| what.strip_prefix("an "))
            .unwrap_or(what);
        let ok = self.separator(n, c, a - 1, "before", field)
            & self.separator(n, c, b + 1, "after", field);
        if ok { Fixed::Text(s) } else { Fixed::Bad }
    }

    /// An unsigned whole number in columns `a..=b` within `1..=max`; `None`
    /// when blank (`allow_blank`) or unreadable (reported).
    fn team_number(
        &mut self,
        n: usize,
        c: &Columns,
        (a, b): (usize, usize),
        what: &'static str,
        max: u32,
        allow_zero: bool,
    ) -> Result<Option<u32>, ()> {
        match self.fixed(n, c, (a, b), what) {
            Fixed::Blank => Ok(None),
            Fixed::Bad => Err(()),
            Fixed::Text(s) => match s.parse::<u32>() {
                Ok(0) if allow_zero && s.bytes().all(|x| x.is_ascii_digit()) => Ok(None),
                Ok(v) if s.bytes().all(|x| x.is_ascii_digit()) && (1..=max).contains(&v) => {
                    Ok(Some(v))
                }
                _ => {
                    self.error(n, a, super::points::range_kind(what, 1, max, &s));
                    Err(())
                }
            },
        }
    }

    /// Points in columns `a..=b`; `None` when blank or unreadable (reported).
    fn team_points(
        &mut self,
        n: usize,
        c: &Columns,
        (a, b): (usize, usize),
        what: &'static str,
    ) -> Result<Option<Points>, ()> {
        match self.fixed(n, c, (a, b), what) {
            Fixed::Blank => Ok(None),
            Fixed::Bad => Err(()),
            Fixed::Text(s) => match s.parse::<Points>() {
                Ok(v) => Ok(Some(v)),
                Err(_) => {
                    self.bad(n, a, what, &s);
                    Err(())
                }
            },
        }
    }

    /// Start numbers in four-column fields from column `from`, stride 5;
    /// a blank field is skipped, `0000` (when `empty`) is an empty board.
    fn start_number_fields(
        &mut self,
        n: usize,
        c: &Columns,
        from: usize,
        what: &'static str,
        empty: bool,
    ) -> Vec<(usize, Option<StartNo>)> {
        let mut out = Vec::new();
        // Fields up to the last one written: a blank one before it is an
        // empty board in a line-up (the spec writes `0000`), skipped in a roster.
        let mut written = 0;
        let mut col = from;
        while col <= c.len() {
            let blank = c.field(col, col + 3).is_empty();
            match self.team_number(n, c, (col, col + 3), what, MAX_START_NO, empty) {
                Ok(Some(v)) => out.push((col, Some(v))),
                Ok(None) if empty || !blank => out.push((col, None)),
                _ => {}
            }
            if !blank {
                written = out.len();
            }
            col += 5;
        }
        out.truncate(written);
        out
    }

    /// `310`: TPN 5-7, name 9-40, nickname 42-46, strength 48-53, match
    /// points 55-60, game points 62-67, rank 69-71, members from 74.
    fn record_310(&mut self, n: usize, c: &Columns) -> Option<(Team, usize, Vec<usize>)> {
        let tpn = self
            .team_number(
                n,
                c,
                (5, 7),
                "a team number (columns 5-7)",
                MAX_TEAM_NO,
                false,
            )
            .ok()
            .flatten();
        if tpn.is_none() && c.field(5, 7).is_empty() {
            self.bad(n, 5, "a team number (columns 5-7)", "");
        }
        let mp = self
            .team_points(n, c, (55, 60), "match points (columns 55-60)")
            .ok()
            .flatten();
        let gp = self
            .team_points(n, c, (62, 67), "game points (columns 62-67)")
            .ok()
            .flatten();
        let rank = self
            .team_number(n, c, (69, 71), "a rank (columns 69-71)", MAX_TEAM_NO, true)
            .ok()
            .flatten();
        let members =
            self.start_number_fields(n, c, 74, "a start number (4 columns from 74)", false);
        let mut team = Team::new(tpn?, c.field(9, 40), Vec::new());
        team.nickname = c.field(42, 46);
        team.strength = c.field(48, 53);
        team.match_points = mp;
        team.game_points = gp;
        team.rank = rank;
        let (at, ids): (Vec<usize>, Vec<Option<StartNo>>) = members.into_iter().unzip();
        team.members = ids.into_iter().flatten().collect();
        Some((team, n, at))
    }

    /// `013` (legacy): name 5-36, members from 37, stride 5; its TPN is
    /// its place among the `013` records.
    fn record_013(
        &mut self,
        n: usize,
        c: &Columns,
        before: usize,
    ) -> Option<(Team, usize, Vec<usize>)> {
        let members =
            self.start_number_fields(n, c, 37, "a start number (4 columns from 37)", false);
        let (at, ids): (Vec<usize>, Vec<Option<StartNo>>) = members.into_iter().unzip();
        let tpn = u32::try_from(before + 1).ok()?;
        Some((
            Team::new(tpn, c.field(5, 36), ids.into_iter().flatten().collect()),
            n,
            at,
        ))
    }

    /// `352 WBWB`: the colours of boards 1, 2, ... for the first team.
    fn record_352(&mut self, n: usize, c: &Columns) -> Vec<Colour> {
        let mut out = Vec::new();
        for col in 5..=c.len() {
            match c.char_at(col) {
                'W' | 'w' => out.push(Colour::White),
                'B' | 'b' => out.push(Colour::Black),
                ch if ch.is_whitespace() && c.field(col, c.len()).is_empty() => break,
                ch => {
                    self.error(
                        n,
                        col,
                        ErrorKind::Expected(format!(
                            "the colour of a board, `W` or `B` (record 352), found `{ch}`"
                        )),
                    );
                    return Vec::new();
                }
            }
        }
        if out.is_empty() {
            self.bad(n, 5, "board colours, e.g. `WBWB` (record 352)", "");
        }
        out
    }

    /// `362 TW 2.0 TD 1.0 TL 0.0`: read as tokens (a symbol, then its
    /// value; or both glued), since files differ in spacing (the TEC sample
    /// writes `TW 2`).
    fn record_362(&mut self, n: usize, c: &Columns, ts: &mut TeamSection, p: &mut TeamPlaces) {
        let mut toks = c.tokens(4).into_iter();
        while let Some((col, tok)) = toks.next() {
            let (symbol, glued) =
                tok.split_at(tok.char_indices().nth(2).map_or(tok.len(), |(i, _)| i));
            let (slot, name) = match symbol {
                "TW" => (&mut ts.match_point_values.win, "win"),
                "TD" => (&mut ts.match_point_values.draw, "draw"),
                "TL" => (&mut ts.match_point_values.loss, "loss"),
                _ => {
                    self.error(
                        n,
                        col,
                        ErrorKind::Expected(format!(
                            "a match result symbol of record 362 (TW TD TL), found `{tok}`"
                        )),
                    );
                    continue;
                }
            };
            let value = if glued.is_empty() {
                toks.next().map(|(_, v)| v).unwrap_or_default()
            } else {
                glued.to_string()
            };
            match value.parse::<Points>() {
                Ok(v) => {
                    *slot = v;
                    p.match_points.push((name, n, col));
                }
                Err(_) => self.bad(n, col, "match points after the symbol (record 362)", &value),
            }
        }
    }

    /// `320 MMMM GGGG TTT TTT ...`: the PAB's match points (5-8) and game
    /// points (10-13), then the PAB team of each round (three columns from
    /// 15, stride 4; `000` or blank: none).
    fn record_320(&mut self, n: usize, c: &Columns, ts: &mut TeamSection) {
        ts.pab_match_points = self
            .team_points(n, c, (5, 8), "the PAB's match points (columns 5-8)")
            .ok()
            .flatten();
        ts.pab_game_points = self
            .team_points(n, c, (10, 13), "the PAB's game points (columns 10-13)")
            .ok()
            .flatten();
        let mut teams = Vec::new();
        let mut col = 15;
        while col <= c.len() {
            if teams.len() == MAX_ROUNDS as usize {
                if !c.field(col, c.len()).is_empty() {
                    self.error(
                        n,
                        col,
                        ErrorKind::TooManyRounds {
                            max: MAX_ROUNDS,
                            round: MAX_ROUNDS + 1,
                        },
                    );
                }
                break;
            }
            let team = self
                .team_number(
                    n,
                    c,
                    (col, col + 2),
                    "a team number (3 columns per round from 15)",
                    MAX_TEAM_NO,
                    true,
                )
                .ok()
                .flatten();
            teams.push(team);
            col += 4;
        }
        while teams.last() == Some(&None) {
            teams.pop();
        }
        ts.pab_teams = teams;
    }

    /// `330 TT RRR WWW BBB`: result 5-6, round 8-10, white team 12-14,
    /// black team 16-18.
    fn record_330(&mut self, n: usize, c: &Columns) -> Option<ForfeitedMatch> {
        let code = c.field(5, 6);
        let result = ForfeitResult::parse(&code);
        if result.is_none() {
            self.bad(
                n,
                5,
                "a forfeit result `+-`, `-+` or `--` (columns 5-6)",
                &code,
            );
        }
        let round = self.required(n, c, (8, 10), "a round (columns 8-10)", MAX_ROUNDS);
        let white = self.required(n, c, (12, 14), "a team number (columns 12-14)", MAX_TEAM_NO);
        let black = self.required(n, c, (16, 18), "a team number (columns 16-18)", MAX_TEAM_NO);
        Some(ForfeitedMatch {
            round: round?,
            white: white?,
            black: black?,
            result: result?,
        })
    }

    /// A number that must be there.
    fn required(
        &mut self,
        n: usize,
        c: &Columns,
        cols: (usize, usize),
        what: &'static str,
        max: u32,
    ) -> Option<u32> {
        match self.team_number(n, c, cols, what, max, false) {
            Ok(Some(v)) => Some(v),
            Ok(None) => {
                self.bad(n, cols.0, what, "");
                None
            }
            Err(()) => None,
        }
    }

    /// `300 RRR TTT OOO PPPP PPPP ...`: round 5-7, team 9-11, opponent
    /// 13-15 (`000` or blank: not given), the player of each board from
    /// 17, stride 5 (`0000`: an empty board).
    fn record_300(&mut self, n: usize, c: &Columns) -> Option<LineUp> {
        let round = self.required(n, c, (5, 7), "a round (columns 5-7)", MAX_ROUNDS);
        let team = self.required(n, c, (9, 11), "a team number (columns 9-11)", MAX_TEAM_NO);
        let opponent = self
            .team_number(
                n,
                c,
                (13, 15),
                "a team number (columns 13-15)",
                MAX_TEAM_NO,
                true,
            )
            .ok()?;
        let players =
            self.start_number_fields(n, c, 17, "a start number or 0000 (4 columns from 17)", true);
        Some(LineUp {
            round: round?,
            team: team?,
            opponent,
            players: players.into_iter().map(|(_, p)| p).collect(),
        })
    }

    /// `240 T RRR TTTT TTTT ...` in a team tournament: a bye of type `T`
    /// (`F`, `H`, `Z`) for the teams listed (read as tokens, as the
    /// individual `240`: the TEC sample has tabs in it).
    fn team_240(&mut self, n: usize, c: &Columns) -> Option<(TeamByes, Vec<usize>)> {
        let toks = c.tokens(4);
        let mut it = toks.iter();
        let kind = match it.next().map(|(col, s)| (*col, s.as_str())) {
            Some((_, "F")) => ByeKind::Full,
            Some((_, "H")) => ByeKind::Half,
            Some((_, "Z")) => ByeKind::Zero,
            other => {
                let (col, found) = other.unwrap_or((5, ""));
                self.bad(n, col, "a bye type `F`, `H` or `Z` (record 240)", found);
                return None;
            }
        };
        let round = match it.next() {
            Some((col, tok)) => match tok.parse::<u32>() {
                Ok(v) if (1..=MAX_ROUNDS).contains(&v) => v,
                _ => {
                    self.error(
                        n,
                        *col,
                        super::points::range_kind("a round", 1, MAX_ROUNDS, tok),
                    );
                    return None;
                }
            },
            None => {
                self.bad(n, 7, "a round (record 240)", "");
                return None;
            }
        };
        let (at, teams) = self.team_tokens(n, it.cloned());
        Some((TeamByes { round, kind, teams }, at))
    }

    /// Team numbers as tokens, with their columns.
    fn team_tokens(
        &mut self,
        n: usize,
        toks: impl Iterator<Item = (usize, String)>,
    ) -> (Vec<usize>, Vec<TeamNo>) {
        let mut at = Vec::new();
        let mut teams = Vec::new();
        for (col, tok) in toks {
            match tok.parse::<TeamNo>() {
                Ok(v)
                    if tok.bytes().all(|b| b.is_ascii_digit())
                        && (1..=MAX_TEAM_NO).contains(&v) =>
                {
                    at.push(col);
                    teams.push(v);
                }
                _ => self.error(
                    n,
                    col,
                    super::points::range_kind("a team number", 1, MAX_TEAM_NO, &tok),
                ),
            }
        }
        (at, teams)
    }

    /// `250 MMMM GGGG RRF RRL TTTF TTTL` in a team tournament: virtual
    /// match points (5-8) and game points (10-13) for teams `TTTF..=TTTL`
    /// (23-26, 28-31) in rounds `RRF..=RRL` (15-17, 19-21).
    fn team_250(&mut self, n: usize, c: &Columns) -> Option<TeamAcceleration> {
        let mp = self.team_points(n, c, (5, 8), "virtual match points (columns 5-8)");
        let gp = self.team_points(n, c, (10, 13), "virtual game points (columns 10-13)");
        let rf = self.required(n, c, (15, 17), "a first round (columns 15-17)", MAX_ROUNDS);
        let rl = self.required(n, c, (19, 21), "a last round (columns 19-21)", MAX_ROUNDS);
        let tf = self.required(
            n,
            c,
            (23, 26),
            "a first team number (columns 23-26)",
            MAX_TEAM_NO,
        );
        let tl = self.required(
            n,
            c,
            (28, 31),
            "a last team number (columns 28-31)",
            MAX_TEAM_NO,
        );
        let (mp, gp) = (mp.ok()?.unwrap_or_default(), gp.ok()?.unwrap_or_default());
        if mp == Points::ZERO && gp == Points::ZERO {
            self.bad(n, 5, "non-zero virtual points (columns 5-8 or 10-13)", "");
            return None;
        }
        let (rf, rl, tf, tl) = (rf?, rl?, tf?, tl?);
        if rf > rl || tf > tl {
            let (col, what) = if rf > rl {
                (15, "the first round after the last")
            } else {
                (23, "the first team after the last")
            };
            self.error(
                n,
                col,
                ErrorKind::Expected(format!("a range first..last (record 250), found {what}")),
            );
            return None;
        }
        Some(TeamAcceleration {
            match_points: mp,
            game_points: gp,
            first_round: rf,
            last_round: rl,
            first_team: tf,
            last_team: tl,
        })
    }

    /// `260 RRF RRL TTTT TTTT ...` in a team tournament (tokens, as the
    /// individual `260`).
    fn team_260(&mut self, n: usize, c: &Columns) -> Option<(ForbiddenTeams, Vec<usize>)> {
        let toks = c.tokens(4);
        let mut rounds = [0u32; 2];
        for (k, what) in ["a first round", "a last round"].into_iter().enumerate() {
            let (col, tok) = toks.get(k).map_or((5, ""), |(c, s)| (*c, s.as_str()));
            match tok.parse::<u32>() {
                Ok(v) => rounds[k] = v,
                Err(_) => {
                    self.bad(n, col, what, tok);
                    return None;
                }
            }
        }
        let (at, teams) = self.team_tokens(n, toks.into_iter().skip(2));
        Some((
            ForbiddenTeams {
                first_round: rounds[0],
                last_round: rounds[1],
                teams,
            },
            at,
        ))
    }

    /// `299 T MMMM GGGG RRR TTTT ...`: the kind at 5 (`W D L F H Z + -` or
    /// blank), match points 8-11 and game points 14-17 (read from 7 and 13,
    /// so that a sign before four digits fits), the round 20-22 (`000` or
    /// blank: every round), the teams from 24.
    fn record_299(&mut self, n: usize, c: &Columns) -> Option<(AbnormalPoints, Vec<usize>)> {
        let ch = c.char_at(5);
        let kind = AbnormalKind::parse(ch);
        if kind.is_none() {
            self.error(
                n,
                5,
                ErrorKind::Expected(format!(
                    "a result kind of record 299 (W D L F H Z + - or blank), found `{ch}`"
                )),
            );
        }
        let mp = self.team_points(n, c, (7, 11), "match points (columns 8-11)");
        let gp = self.team_points(n, c, (13, 17), "game points (columns 14-17)");
        let round = self.team_number(n, c, (20, 22), "a round (columns 20-22)", MAX_ROUNDS, true);
        let (at, teams) = self.team_tokens(n, c.tokens(24).into_iter());
        Some((
            AbnormalPoints {
                kind: kind?,
                match_points: mp.ok()?,
                game_points: gp.ok()?,
                round: round.ok()?,
                teams,
            },
            at,
        ))
    }
}
