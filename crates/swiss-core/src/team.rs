//! Team tournaments: the teams of a FIDE Swiss team event (C.04.6) and
//! the TRF-2026 team records that describe them, kept in
//! [`Tournament::teams`].
//!
//! The players and their games stay in [`Tournament::players`] (the `001`
//! records); a [`TeamSection`] adds what makes them teams: the rosters
//! (`310`, or legacy `013`), the board colours (`352`), the match-point
//! values (`362`), the pairing-allocated byes (`320`), the forfeited
//! matches (`330`), the line-ups (`300`), and the team-keyed byes (`240`),
//! virtual points (`250`), prohibited pairs (`260`) and abnormal points
//! (`299`). In a team tournament the IDs of `240`, `250`, `260` and `299`
//! are team pairing numbers, so they are kept here, never in the
//! player-keyed fields of [`Tournament`].
//!
//! What the matches of each round were (opponent, played or not, colour,
//! match and game points, forfeits, byes) is TRF-2026 semantics that the
//! team pairing engine and the team tie-breaks both need:
//! [`TeamSection::history`] derives it (`team-2026.md` §6.2), and the
//! readers run the same derivation to reject contradictory files. The
//! tournament type code (`192 FIDE_TEAM...`) stays in
//! [`Tournament::system`]; [`parse_team_code`] reads its syntax.
//!
//! Readings where the notes leave a choice are listed on each item; the
//! module docs of [`crate::trf`] summarise them.

use serde::{Deserialize, Serialize};

use crate::error::InputErrors;
use crate::model::{Colour, ResultCode, StartNo, Tournament};
use crate::points::Points;

mod boards;
mod build;
mod history;

pub use boards::{BoardGame, MatchBoards, TeamBoards};
pub(crate) use build::build;
pub(crate) use history::{Findings, default_boards};
pub use history::{MatchResult, TeamHistory, TeamMatch, TeamRecord, TeamRound, TeamRoundKind};

/// A team pairing number (TPN, C.04.6 1.1): unique, 1-based, TRF-2026
/// record `310` columns 5-7 (with only legacy `013` records, the order of
/// those records). An absent team keeps its number.
pub type TeamNo = u32;

/// One team: TRF-2026 record `310` (or legacy `013`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// The team pairing number (`310` columns 5-7).
    pub tpn: TeamNo,
    /// The name (`310` columns 9-40; `013` columns 5-36).
    pub name: String,
    /// The short name (`310` columns 42-46).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub nickname: String,
    /// The team's strength as written (`310` columns 48-53, usually the
    /// average rating): informative, kept as text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub strength: String,
    /// Match points as written in `310` (columns 55-60): informative; the
    /// history gives the current ones ([`TeamRecord::match_points`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_points: Option<Points>,
    /// Game points as written in `310` (columns 62-67): informative.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_points: Option<Points>,
    /// The rank as written in `310` (columns 69-71): informative.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// The players (start numbers), in default board order (`310` from
    /// column 74, stride 5).
    pub members: Vec<StartNo>,
}

impl Team {
    /// A team with no scores written.
    pub fn new(tpn: TeamNo, name: impl Into<String>, members: Vec<StartNo>) -> Team {
        Team {
            tpn,
            name: name.into(),
            nickname: String::new(),
            strength: String::new(),
            match_points: None,
            game_points: None,
            rank: None,
            members,
        }
    }
}

/// The match points of a won, drawn and lost match: TRF-2026 record `362`
/// (`TW`, `TD`, `TL`); default 2, 1, 0 (C.04.6 1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPointValues {
    /// A won match (`TW`).
    pub win: Points,
    /// A drawn match (`TD`).
    pub draw: Points,
    /// A lost match (`TL`).
    pub loss: Points,
}

impl Default for MatchPointValues {
    fn default() -> Self {
        MatchPointValues {
            win: Points::whole(2),
            draw: Points::whole(1),
            loss: Points::ZERO,
        }
    }
}

impl MatchPointValues {
    fn is_default(&self) -> bool {
        *self == MatchPointValues::default()
    }

    /// The value of a result.
    pub fn of(&self, result: MatchResult) -> Points {
        match result {
            MatchResult::Win => self.win,
            MatchResult::Draw => self.draw,
            MatchResult::Loss => self.loss,
        }
    }
}

/// The result of a forfeited match (TRF-2026 record `330`, columns 5-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForfeitResult {
    /// `+-`: the white team wins by forfeit.
    WhiteWins,
    /// `-+`: the black team wins by forfeit.
    BlackWins,
    /// `--`: both teams lose (a double forfeit: no match points for either).
    BothLose,
}

impl ForfeitResult {
    /// The two characters of record `330` (`+-`, `-+`, `--`).
    pub const fn code(self) -> &'static str {
        match self {
            ForfeitResult::WhiteWins => "+-",
            ForfeitResult::BlackWins => "-+",
            ForfeitResult::BothLose => "--",
        }
    }

    /// Reads columns 5-6 of record `330`: `+-`, `-+`, `--`, and the forms
    /// the reference engine (Gacrux) also accepts, `10`/`WL`/`WZ`,
    /// `01`/`LW`/`ZW`, `00`/`LL`/`ZZ`.
    pub fn parse(code: &str) -> Option<ForfeitResult> {
        Some(match code {
            "+-" | "10" | "WL" | "WZ" => ForfeitResult::WhiteWins,
            "-+" | "01" | "LW" | "ZW" => ForfeitResult::BlackWins,
            "--" | "00" | "LL" | "ZZ" => ForfeitResult::BothLose,
            _ => return None,
        })
    }
}

/// A match not played because a team did not come (TRF-2026 record
/// `330`): the teams as scheduled and who won it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForfeitedMatch {
    /// The round (1-based; `330` columns 8-10).
    pub round: u32,
    /// The team scheduled with White (columns 12-14).
    pub white: TeamNo,
    /// The team scheduled with Black (columns 16-18).
    pub black: TeamNo,
    /// Who won.
    pub result: ForfeitResult,
}

/// A team's line-up of one round (TRF-2026 record `300`): required when a
/// team leaves its `310` order or leaves a board empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineUp {
    /// The round (columns 5-7).
    pub round: u32,
    /// The team (columns 9-11).
    pub team: TeamNo,
    /// The opponent team (columns 13-15; `None` when not given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<TeamNo>,
    /// The player of each board, board 1 first (columns 17-20, 22-25, ...;
    /// `None` for `0000`, an empty board).
    pub players: Vec<Option<StartNo>>,
}

/// The kind of a requested bye or absence (TRF-2026 record `240`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeKind {
    /// `F`: a full-point bye (the match points of a win, boards × W game points).
    Full,
    /// `H`: a half-point bye (a draw's match points, boards × D).
    Half,
    /// `Z`: a zero-point bye or known absence.
    Zero,
}

impl ByeKind {
    /// The letter of record `240`.
    pub const fn letter(self) -> char {
        match self {
            ByeKind::Full => 'F',
            ByeKind::Half => 'H',
            ByeKind::Zero => 'Z',
        }
    }

    /// The bye of a player's `001` entry (`F`, `H`, `Z`).
    pub const fn of_entry(result: ResultCode) -> Option<ByeKind> {
        match result {
            ResultCode::FullBye => Some(ByeKind::Full),
            ResultCode::HalfBye => Some(ByeKind::Half),
            ResultCode::ZeroBye => Some(ByeKind::Zero),
            _ => None,
        }
    }
}

/// Teams with a requested bye or known absence in one round (TRF-2026
/// record `240 T RRR id id ...`, ids being TPNs in a team tournament).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamByes {
    /// The round (1-based).
    pub round: u32,
    /// The bye.
    pub kind: ByeKind,
    /// The teams.
    pub teams: Vec<TeamNo>,
}

/// Virtual points (acceleration, C.04.7) of a range of teams over a range
/// of rounds (TRF-2026 record `250 MMMM GGGG RRF RRL TTTF TTTL`). Both
/// columns are kept as written; see [`TeamSection::virtual_points`] for
/// which one counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamAcceleration {
    /// Virtual match points (columns 5-8).
    #[serde(default)]
    pub match_points: Points,
    /// Virtual game points (columns 10-13).
    #[serde(default)]
    pub game_points: Points,
    /// The first round (columns 15-17).
    pub first_round: u32,
    /// The last round (columns 19-21).
    pub last_round: u32,
    /// The first team (columns 23-26).
    pub first_team: TeamNo,
    /// The last team (columns 28-31).
    pub last_team: TeamNo,
}

/// Teams none of which may meet another of them in rounds
/// `first_round..=last_round` (TRF-2026 record `260`; absolute, like
/// C.04.6 \[C1\]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenTeams {
    /// The first round.
    pub first_round: u32,
    /// The last round.
    pub last_round: u32,
    /// The teams.
    pub teams: Vec<TeamNo>,
}

/// What a record `299` applies to (its column 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbnormalKind {
    /// `W`: a won match.
    Win,
    /// `D`: a drawn match.
    Draw,
    /// `L`: a lost match.
    Loss,
    /// `F`: a full-point bye.
    FullBye,
    /// `H`: a half-point bye.
    HalfBye,
    /// `Z`: a zero-point bye or absence.
    ZeroBye,
    /// `+`: a match won by forfeit.
    ForfeitWin,
    /// `-`: a match lost by forfeit.
    ForfeitLoss,
    /// Blank: a bonus or penalty added to the scores.
    Bonus,
}

impl AbnormalKind {
    /// The character of column 5.
    pub const fn letter(self) -> char {
        match self {
            AbnormalKind::Win => 'W',
            AbnormalKind::Draw => 'D',
            AbnormalKind::Loss => 'L',
            AbnormalKind::FullBye => 'F',
            AbnormalKind::HalfBye => 'H',
            AbnormalKind::ZeroBye => 'Z',
            AbnormalKind::ForfeitWin => '+',
            AbnormalKind::ForfeitLoss => '-',
            AbnormalKind::Bonus => ' ',
        }
    }

    /// Reads column 5.
    pub const fn parse(c: char) -> Option<AbnormalKind> {
        Some(match c {
            'W' => AbnormalKind::Win,
            'D' => AbnormalKind::Draw,
            'L' => AbnormalKind::Loss,
            'F' => AbnormalKind::FullBye,
            'H' => AbnormalKind::HalfBye,
            'Z' => AbnormalKind::ZeroBye,
            '+' => AbnormalKind::ForfeitWin,
            '-' => AbnormalKind::ForfeitLoss,
            ' ' => AbnormalKind::Bonus,
            _ => return None,
        })
    }
}

/// Abnormal points (TRF-2026 record `299`): a typed record redefines the
/// match and/or game points of that kind of result; a blank one adds a
/// bonus or penalty.
///
/// Reading (`team-2026.md` §6.2.5, the choices ours): of the typed records
/// that fit a team's result in a round, the most specific wins (naming the
/// team and the round, then the team for every round, then everyone in
/// the round, then everyone in every round; a later record over an
/// earlier one of the same rank), and it replaces only the values it
/// gives. A bonus record adds its values to the round it names, or, with
/// round `000`, once to the team's totals ([`TeamRecord::adjustment`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbnormalPoints {
    /// The kind of result (column 5).
    pub kind: AbnormalKind,
    /// Match points (columns 8-11; `None` when blank).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_points: Option<Points>,
    /// Game points (columns 14-17; `None` when blank).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_points: Option<Points>,
    /// The round (columns 20-22); `None` for `000` or blank: every round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// The teams (from column 24); empty: every team.
    #[serde(default)]
    pub teams: Vec<TeamNo>,
}

/// Everything a TRF-2026 file says of the teams of a team tournament
/// (FIDE C.04.6). A tournament has one exactly when it is a team
/// tournament ([`Tournament::teams`]).
///
/// Both readers leave it in one form, so a tournament read from TRF or
/// JSON and written in either reads back equal (what the files imply is
/// also written out: the board colours and PAB values, which have
/// defaults; the PAB team of each round, also when only the players'
/// `0000 - U` entries give it; a `330` for every match not played whose
/// boards give a whole-team forfeit; a `300` for a line-up shorter than
/// the boards; a `240` for a bye every member's `001` entry gives, and for
/// every team absent from the round to pair).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSection {
    /// The teams, sorted by TPN.
    pub teams: Vec<Team>,
    /// Record `352`: the colour of boards 1, 2, ... for the team listed
    /// first (scheduled White), e.g. W B W B; its length is the number of
    /// boards. When the file has none, the readers fill in alternating
    /// colours from White over the most boards of any line-up or match
    /// (the smallest roster when nothing is played yet).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub board_colours: Vec<Colour>,
    /// Record `362`: match points of a won, drawn and lost match.
    #[serde(default, skip_serializing_if = "MatchPointValues::is_default")]
    pub match_point_values: MatchPointValues,
    /// Record `320` columns 5-8: the match points of the pairing-allocated
    /// bye (C.04.6 1.4: a drawn match's unless the regulations say
    /// otherwise; the readers fill in that default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pab_match_points: Option<Points>,
    /// Record `320` columns 10-13: the game points of the PAB (default the
    /// boards times a drawn game, filled in by the readers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pab_game_points: Option<Points>,
    /// Record `320` from column 15: the team with the PAB in round 1, 2,
    /// ... (`None`: nobody). The readers also list a PAB the players'
    /// `0000 - U` entries give.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pab_teams: Vec<Option<TeamNo>>,
    /// Records `330`: matches not played because a team did not come.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forfeits: Vec<ForfeitedMatch>,
    /// Records `300`: line-ups that leave the `310` order or a board empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line_ups: Vec<LineUp>,
    /// Records `240`: requested byes and known absences of teams.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<TeamByes>,
    /// Records `250`: virtual points, in file order (a later record
    /// overrides an earlier one where they overlap).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accelerations: Vec<TeamAcceleration>,
    /// Records `260`: teams that must not meet in a range of rounds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<ForbiddenTeams>,
    /// Records `299`: abnormal points.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abnormal_points: Vec<AbnormalPoints>,
}

impl TeamSection {
    /// The team with pairing number `tpn`.
    pub fn team(&self, tpn: TeamNo) -> Option<&Team> {
        self.index_of(tpn).map(|i| &self.teams[i])
    }

    /// Index into `teams` of the team with pairing number `tpn`.
    pub fn index_of(&self, tpn: TeamNo) -> Option<usize> {
        self.teams.binary_search_by_key(&tpn, |t| t.tpn).ok()
    }

    /// The team whose roster lists `player`.
    pub fn team_of(&self, player: StartNo) -> Option<TeamNo> {
        self.teams
            .iter()
            .find(|t| t.members.contains(&player))
            .map(|t| t.tpn)
    }

    /// The number of boards of a match (the length of record `352`).
    pub fn boards(&self) -> usize {
        self.board_colours.len()
    }

    /// The colour of board `board` (0-based) of a team whose team colour
    /// (board 1's, C.04.6 1.6) is `team_colour`, by record `352`.
    pub fn board_colour(&self, board: usize, team_colour: Colour) -> Colour {
        match (self.board_colours.first(), self.board_colours.get(board)) {
            (Some(first), Some(this)) if first != this => team_colour.opposite(),
            _ => team_colour,
        }
    }

    /// The team colour (board 1's) implied by board `board` (0-based)
    /// having `colour`, by record `352`: how a team's colour is read when
    /// board 1 has none (C.04.6 1.6, `team-2026.md` §6.2.4).
    pub fn team_colour_from_board(&self, board: usize, colour: Colour) -> Colour {
        self.board_colour(board, colour)
    }

    /// The match points of the PAB (record `320`, default a drawn match's).
    pub fn pab_match_points(&self) -> Points {
        self.pab_match_points
            .unwrap_or(self.match_point_values.draw)
    }

    /// The game points of the PAB (record `320`; by default the boards
    /// times what record `162` gives a game of a PAB, `P`, itself a win's
    /// points unless given: each board of the PAB team is a `U` entry, and
    /// the reference platform sums them so).
    pub fn pab_game_points(&self, t: &Tournament) -> Points {
        self.pab_game_points
            .unwrap_or_else(|| times(self.boards(), t.point_system.pairing_bye))
    }

    /// The team with the pairing-allocated bye in `round`, as recorded.
    pub fn pab_team(&self, round: u32) -> Option<TeamNo> {
        (round as usize)
            .checked_sub(1)
            .and_then(|i| self.pab_teams.get(i).copied().flatten())
    }

    /// The virtual points (match points, game points) of `team` in `round`
    /// by records `250`: the last record covering them, zero when none.
    /// Both columns are returned as written. Reading (`team-2026.md` §6.4):
    /// the TRF-2026 example writes team virtual points in the game-point
    /// column, the TEC sample in the match-point column; C.04.7 accelerates
    /// the primary score (record `192`), so its column is the one that
    /// counts, and the readers warn when only the other is filled.
    pub fn virtual_points(&self, team: TeamNo, round: u32) -> (Points, Points) {
        self.accelerations
            .iter()
            .rev()
            .find(|a| {
                (a.first_round..=a.last_round).contains(&round)
                    && (a.first_team..=a.last_team).contains(&team)
            })
            .map_or((Points::ZERO, Points::ZERO), |a| {
                (a.match_points, a.game_points)
            })
    }

    /// The groups of teams that must not meet in `round` (records `260`).
    pub fn forbidden_in(&self, round: u32) -> impl Iterator<Item = &[TeamNo]> {
        self.forbidden
            .iter()
            .filter(move |g| (g.first_round..=g.last_round).contains(&round))
            .map(|g| g.teams.as_slice())
    }

    /// The teams to pair in `round`, in TPN order: every team but those
    /// [`TeamSection::not_to_pair`] keeps out.
    pub fn to_pair(&self, t: &Tournament, round: u32) -> Vec<TeamNo> {
        let out = self.not_to_pair(t, round);
        self.teams
            .iter()
            .map(|team| team.tpn)
            .filter(|tpn| !out.contains(tpn))
            .collect()
    }

    /// The teams not to pair in `round`: those a record `240` of that
    /// round lists, and those whose every member is marked absent (an
    /// `F`, `H` or `Z` entry in his `001` record), in TPN order.
    pub fn not_to_pair(&self, t: &Tournament, round: u32) -> Vec<TeamNo> {
        self.teams
            .iter()
            .filter(|team| {
                self.byes
                    .iter()
                    .any(|b| b.round == round && b.teams.contains(&team.tpn))
                    || (!team.members.is_empty()
                        && team.members.iter().all(|&m| {
                            t.player(m)
                                .is_some_and(|p| p.entry(round).is_non_participation())
                        }))
            })
            .map(|team| team.tpn)
            .collect()
    }

    /// What each team did in each played round (C.04.6 as TRF-2026 records
    /// it, `team-2026.md` §6.2): opponent, played or not, colour, match and
    /// game points, forfeits, the PAB and byes, and the line-ups; with the
    /// round to pair and the teams not to pair in it. Errors when the
    /// records contradict each other (a tournament the readers accepted
    /// never does), located by the model's JSON paths.
    pub fn history(&self, t: &Tournament) -> Result<TeamHistory, InputErrors> {
        let mut found = Findings::default();
        let h = build(self, t, &mut found);
        if found.errors.is_empty() {
            Ok(h)
        } else {
            let places = crate::validate::Places::of_model("tournament");
            let mut errors = places.errors(found.errors);
            crate::validate::sort(&mut errors);
            Err(InputErrors(errors))
        }
    }

    /// The last round a team record gives a result in: a forfeited match
    /// (`330`) or a PAB (`320`); zero when none.
    pub fn last_recorded_round(&self) -> u32 {
        let forfeits = self.forfeits.iter().map(|f| f.round);
        let pab = self
            .pab_teams
            .iter()
            .rposition(Option::is_some)
            .map(|i| i as u32 + 1);
        forfeits.chain(pab).max().unwrap_or(0)
    }

    /// Keeps what was known before round `round` was paired: line-ups,
    /// forfeited matches and PABs of earlier rounds (byes and absences of
    /// any round are kept: they are announced before pairing).
    pub fn truncate_before(&mut self, round: u32) {
        let keep = |r: u32| r < round;
        self.line_ups.retain(|l| keep(l.round));
        self.forfeits.retain(|f| keep(f.round));
        self.pab_teams.truncate(round.saturating_sub(1) as usize);
        while self.pab_teams.last() == Some(&None) {
            self.pab_teams.pop();
        }
    }
}

impl Tournament {
    /// Sets every team's match and game points (`310` columns 55-67,
    /// informative) to those its results give ([`TeamSection::history`]),
    /// so that a file written after a round carries the current ones
    /// (`team-2026.md` §6.3). The rank is left as it is: it needs the
    /// event's tie-breaks (C.07). Nothing changes for an individual
    /// tournament.
    pub fn refresh_team_scores(&mut self) -> Result<(), InputErrors> {
        let Some(ts) = &self.teams else {
            return Ok(());
        };
        let h = ts.history(self)?;
        if let Some(ts) = &mut self.teams {
            for (team, rec) in ts.teams.iter_mut().zip(&h.teams) {
                team.match_points = Some(rec.match_points());
                team.game_points = Some(rec.game_points());
            }
        }
        Ok(())
    }
}

/// `n` times `p`, for a number of boards (at most [`crate::limits::MAX_BOARDS`]).
pub(crate) fn times(n: usize, p: Points) -> Points {
    Points(p.0.saturating_mul(i32::try_from(n).unwrap_or(i32::MAX)))
}

/// Which colour preferences a team tournament type uses (C.04.6 1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamColourType {
    /// Type A (`_TYPEA`, and the plain `FIDE_TEAM`).
    A,
    /// Type B (`_TYPEB`): strong and mild preferences.
    B,
}

/// A team score (C.04.6 1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamScore {
    /// Match points.
    MatchPoints,
    /// Game points.
    GamePoints,
}

/// What a team tournament type code (record `192`) says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TeamCode {
    /// The colour preferences (`None`: no preferences, when the code names
    /// a score but no type).
    pub colours: Option<TeamColourType>,
    /// The primary score: the first one named, match points by default.
    pub primary: TeamScore,
    /// Whether the secondary score is used (for colours, C.04.6 4.2.2):
    /// when the code names a second score, or names none (unstated: used);
    /// not when it names the primary score alone (`_MP`).
    pub secondary: bool,
    /// `_BAKU`: Baku acceleration (C.04.7), with match points primary only.
    pub baku: bool,
}

/// A tournament type code that is not a team code's syntax.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected a team tournament type `FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`, found `{code}`: {reason}"
)]
pub struct TeamCodeError {
    /// The code as written.
    pub code: String,
    /// What is wrong.
    pub reason: &'static str,
}

/// Whether `code` (record `192`) names a team tournament: it starts with
/// `FIDE_TEAM`, in any case.
pub fn is_team_code(code: &str) -> bool {
    code.trim().to_ascii_uppercase().starts_with("FIDE_TEAM")
}

/// Reads a team tournament type code of record `192` (`team-2026.md`
/// §6.1): `FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`, in any
/// case. Plain `FIDE_TEAM` is `FIDE_TEAM_TYPEA_MP_GP`; a type without
/// scores uses match points, then game points; scores without a type mean
/// no colour preferences; the first score named is primary and a second
/// one means the secondary is used; `_BAKU` needs match points primary
/// (C.04.7 Baku acceleration is defined on a win's points).
pub fn parse_team_code(code: &str) -> Result<TeamCode, TeamCodeError> {
    let upper = code.trim().to_ascii_uppercase();
    let err = |reason| TeamCodeError {
        code: code.trim().to_string(),
        reason,
    };
    let Some(rest) = upper.strip_prefix("FIDE_TEAM") else {
        return Err(err("it does not start with FIDE_TEAM"));
    };
    let mut parts: Vec<&str> = if rest.is_empty() {
        Vec::new()
    } else {
        match rest.strip_prefix('_') {
            Some(r) => r.split('_').collect(),
            None => return Err(err("expected `_` after FIDE_TEAM")),
        }
    };
    let baku = parts.last() == Some(&"BAKU");
    if baku {
        parts.pop();
    }
    let mut colours = None;
    if let Some(&first) = parts.first()
        && (first == "TYPEA" || first == "TYPEB")
    {
        colours = Some(if first == "TYPEA" {
            TeamColourType::A
        } else {
            TeamColourType::B
        });
        parts.remove(0);
    }
    let mut scores = Vec::new();
    for p in parts {
        let s = match p {
            "MP" => TeamScore::MatchPoints,
            "GP" => TeamScore::GamePoints,
            "TYPEA" | "TYPEB" => return Err(err("the colour type comes first, once")),
            "BAKU" => return Err(err("`_BAKU` comes last")),
            _ => return Err(err("unknown part (TYPEA, TYPEB, MP, GP, BAKU)")),
        };
        if scores.contains(&s) {
            return Err(err("a score is named twice"));
        }
        scores.push(s);
    }
    // No score named: unstated, so MP primary and GP used; and with no
    // type either, the plain code's type A.
    let code = match scores[..] {
        [] => TeamCode {
            colours: colours.or(Some(TeamColourType::A)),
            primary: TeamScore::MatchPoints,
            secondary: true,
            baku,
        },
        [primary] => TeamCode {
            colours,
            primary,
            secondary: false,
            baku,
        },
        [primary, _] => TeamCode {
            colours,
            primary,
            secondary: true,
            baku,
        },
        _ => return Err(err("at most two scores")),
    };
    if code.baku && code.primary == TeamScore::GamePoints {
        return Err(err(
            "`_BAKU` needs match points primary (C.04.7: Baku acceleration adds a win's points)",
        ));
    }
    Ok(code)
}

/// Puts a validated team tournament in the one form both readers leave
/// (see [`TeamSection`]): defaults of `352` and `320` filled in, and what
/// the `001` records imply written out as team records (`team-2026.md`
/// §6.3).
pub(crate) fn settle(t: &mut Tournament) {
    // A copy: the derivation reads the section in place (the played rounds
    // count its forfeited matches and PABs).
    let Some(mut ts) = t.teams.clone() else {
        return;
    };
    ts.teams.sort_by_key(|team| team.tpn);
    if ts.board_colours.is_empty() {
        let boards = default_boards(&ts, t);
        ts.board_colours = (0..boards)
            .map(|b| {
                if b % 2 == 0 {
                    Colour::White
                } else {
                    Colour::Black
                }
            })
            .collect();
    }
    let mut found = Findings::default();
    let h = build(&ts, t, &mut found);
    ts.pab_match_points = Some(ts.pab_match_points());
    ts.pab_game_points = Some(ts.pab_game_points(t));
    settle_pab_teams(&mut ts, &h);
    settle_matches(&mut ts, t, &h);
    settle_byes(&mut ts, t, &h);
    t.teams = Some(ts);
}

/// The PAB team of every round (`320`), also when only `U` entries give it.
fn settle_pab_teams(ts: &mut TeamSection, h: &TeamHistory) {
    let mut pab: Vec<Option<TeamNo>> = ts.pab_teams.clone();
    for rec in &h.teams {
        for (r, round) in rec.rounds.iter().enumerate() {
            if round.kind == TeamRoundKind::Pab {
                if pab.len() <= r {
                    pab.resize(r + 1, None);
                }
                pab[r] = Some(rec.tpn);
            }
        }
    }
    while pab.last() == Some(&None) {
        pab.pop();
    }
    ts.pab_teams = pab;
}

/// Each match's line-up as a `300` when it leaves the roster's order (a
/// reserve playing) or is shorter than the boards (a roster too small),
/// which other engines need; and a whole-team forfeit the boards give as
/// a `330`.
fn settle_matches(ts: &mut TeamSection, t: &Tournament, h: &TeamHistory) {
    let boards = ts.boards();
    let explicit: std::collections::BTreeSet<(u32, TeamNo)> =
        ts.line_ups.iter().map(|l| (l.round, l.team)).collect();
    for rec in &h.teams {
        for (r, round) in rec.rounds.iter().enumerate() {
            let round_no = r as u32 + 1;
            let TeamRoundKind::Match(m) = &round.kind else {
                continue;
            };
            let line_up = &rec.line_ups[r];
            let mut in_order: Vec<Option<StartNo>> = ts
                .team(rec.tpn)
                .map_or(&[][..], |team| team.members.as_slice())
                .iter()
                .take(boards)
                .map(|&m| Some(m))
                .collect();
            in_order.resize(boards, None);
            if !explicit.contains(&(round_no, rec.tpn)) && *line_up != in_order {
                ts.line_ups.push(LineUp {
                    round: round_no,
                    team: rec.tpn,
                    opponent: Some(m.opponent),
                    players: line_up.clone(),
                });
            }
            if let Some(f) = whole_team_forfeit(t, boards, round_no, rec.tpn, m) {
                ts.forfeits.push(f);
            }
        }
    }
}

/// A match not played whose boards give a whole-team forfeit (every board
/// of one side won by forfeit, every board of the other lost), as a `330`,
/// once (from the smaller TPN's side). A partial one stays on the boards,
/// since a `330` would score it as whole.
fn whole_team_forfeit(
    t: &Tournament,
    boards: usize,
    round: u32,
    tpn: TeamNo,
    m: &TeamMatch,
) -> Option<ForfeitedMatch> {
    if m.played || m.forfeited || tpn > m.opponent || m.result == MatchResult::Draw {
        return None;
    }
    let ps = t.point_system;
    let (win, loss) = (
        times(boards, ps.forfeit_win),
        times(boards, ps.forfeit_loss),
    );
    let (gp, ogp) = (m.game_points, m.opponent_game_points);
    if (gp, ogp) != (win, loss) && (gp, ogp) != (loss, win) {
        return None;
    }
    let white_is_us = m.scheduled_colour != Some(Colour::Black);
    let (white, black) = if white_is_us {
        (tpn, m.opponent)
    } else {
        (m.opponent, tpn)
    };
    let white_won = (m.result == MatchResult::Win) == white_is_us;
    Some(ForfeitedMatch {
        round,
        white,
        black,
        result: if white_won {
            ForfeitResult::WhiteWins
        } else {
            ForfeitResult::BlackWins
        },
    })
}

/// Byes every member's entry gives, and every team absent from the round
/// to pair, as `240` records.
fn settle_byes(ts: &mut TeamSection, t: &Tournament, h: &TeamHistory) {
    let next = h.next_round;
    let listed = |ts: &TeamSection, round: u32, tpn: TeamNo| {
        ts.byes
            .iter()
            .any(|b| b.round == round && b.teams.contains(&tpn))
    };
    let mut extra: Vec<TeamByes> = Vec::new();
    let mut add = |round: u32, kind: ByeKind, tpn: TeamNo| match extra
        .iter_mut()
        .find(|b| b.round == round && b.kind == kind)
    {
        Some(b) => b.teams.push(tpn),
        None => extra.push(TeamByes {
            round,
            kind,
            teams: vec![tpn],
        }),
    };
    for rec in &h.teams {
        for (r, round) in rec.rounds.iter().enumerate() {
            if let TeamRoundKind::Bye(kind @ (ByeKind::Full | ByeKind::Half)) = round.kind
                && !listed(ts, r as u32 + 1, rec.tpn)
            {
                add(r as u32 + 1, kind, rec.tpn);
            }
        }
    }
    for &tpn in &h.not_to_pair {
        if !listed(ts, next, tpn)
            && let Some(team) = ts.team(tpn)
        {
            let kinds: Vec<Option<ByeKind>> = team
                .members
                .iter()
                .map(|&m| {
                    t.player(m)
                        .and_then(|p| ByeKind::of_entry(p.entry(next).result))
                })
                .collect();
            let kind = match kinds.first().copied().flatten() {
                Some(k) if kinds.iter().all(|x| *x == Some(k)) => k,
                _ => ByeKind::Zero,
            };
            add(next, kind, tpn);
        }
    }
    ts.byes.extend(extra);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `team-2026.md` §6.1 and Gacrux's table: plain `FIDE_TEAM` is type A,
    /// MP then GP; scores without a type mean no preferences; one score
    /// means the secondary is not used; `_BAKU` needs MP primary.
    #[test]
    fn team_codes() {
        let code =
            |c: &str| parse_team_code(c).map(|c| (c.colours, c.primary, c.secondary, c.baku));
        use TeamColourType::{A, B};
        use TeamScore::{GamePoints as Gp, MatchPoints as Mp};
        assert_eq!(code("FIDE_TEAM"), Ok((Some(A), Mp, true, false)));
        assert_eq!(code("fide_team_baku"), Ok((Some(A), Mp, true, true)));
        assert_eq!(code("FIDE_TEAM_TYPEB"), Ok((Some(B), Mp, true, false)));
        assert_eq!(
            code("FIDE_TEAM_TYPEA_GP_MP"),
            Ok((Some(A), Gp, true, false))
        );
        assert_eq!(code("FIDE_TEAM_MP_GP"), Ok((None, Mp, true, false)));
        assert_eq!(code("FIDE_TEAM_GP"), Ok((None, Gp, false, false)));
        assert_eq!(
            code("FIDE_TEAM_TYPEB_MP_BAKU"),
            Ok((Some(B), Mp, false, true))
        );
        for bad in [
            "FIDE_TEAM_GP_BAKU",
            "FIDE_TEAM_MP_MP",
            "FIDE_TEAM_MP_TYPEA",
            "FIDE_TEAM_BAKU_MP",
            "FIDE_TEAMS",
            "FIDE_TEAM_2026",
            "FIDE_DUTCH",
        ] {
            assert!(parse_team_code(bad).is_err(), "{bad}");
        }
        assert!(is_team_code(" fide_team_mp") && !is_team_code("FIDE_DUTCH"));
    }

    /// A half-point bye (240) of a later round and every member absent
    /// mark a team not to pair; before a round, the section keeps only the
    /// earlier rounds' matches; the current scores replace the written ones.
    #[test]
    fn teams_not_to_pair_truncation_and_current_scores() {
        let player = |sn: u32, rounds: &str| format!("001 {sn:>4}{:81}{rounds}\n", "");
        let team = |tpn: u32, mp: &str, members: &str| {
            format!(
                "310 {tpn:>3} {:32} {:5} {:>6} {mp:>6} {mp:>6} {:>3}  {members}\n",
                "T", "", "", ""
            )
        };
        let text = format!(
            "012 T\n142 3\n192 FIDE_TEAM\n352 W\n{}{}{}{}{}{}320           2\n240 H   2    1\n",
            player(1, "  0003 w 1"),
            player(2, "  0000 - -  0000 - Z"),
            player(3, "  0001 b 0"),
            team(1, "9.0", "   1"),
            team(2, "", "   2"),
            team(3, "", "   3"),
        );
        let mut t = crate::trf::read(&text, "t.trf").unwrap_or_else(|e| panic!("{e}"));
        let ts = t.teams.clone().unwrap_or_default();
        assert_eq!(t.next_round(), 2);
        assert_eq!(ts.not_to_pair(&t, 2), [1, 2]);
        assert_eq!(ts.pab_team(1), Some(2));
        let before = crate::before_round(&t, 1);
        assert_eq!(before.teams.map(|s| s.pab_teams.len()), Some(0));
        assert!(t.refresh_team_scores().is_ok());
        let one = t.teams.as_ref().and_then(|s| s.team(1).cloned());
        assert_eq!(
            one.map(|team| (team.match_points, team.game_points)),
            Some((Some(Points::whole(2)), Some(Points::whole(1))))
        );
    }
}
