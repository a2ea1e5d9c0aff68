//! Input errors: every one names the file and the place (line and column,
//! plus the JSON path in a JSON file), and says what was expected.

use std::fmt;

use crate::model::{Colour, StartNo};
use crate::points::Points;
use crate::team::TeamNo;

/// What went wrong at a place in the input. The `Display` text says what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A numeric field holds something else.
    #[error("expected {field}, found `{found}`")]
    BadField {
        /// The field, e.g. "a start number (columns 5-8)".
        field: &'static str,
        /// The text found.
        found: String,
    },
    /// A record this reader does not know how to read.
    #[error("expected {0}")]
    Expected(String),
    /// Unknown result code in a round entry.
    #[error("expected a result code (1 = 0 W D L + - U F H Z or blank), found `{0}`")]
    UnknownResult(char),
    /// Unknown colour in a round entry.
    #[error("expected a colour (`w`, `b` or `-`), found `{0}`")]
    UnknownColour(char),
    /// A result that needs an opponent has none, or the other way round.
    #[error("result `{code}` {what}")]
    OpponentMismatch {
        /// The code.
        code: char,
        /// "needs an opponent" / "cannot have an opponent".
        what: &'static str,
    },
    /// A game entry without a colour.
    #[error("expected a colour `w` or `b` for a game against {0}")]
    MissingColour(StartNo),
    /// A start number used twice; the text says where it was first used
    /// ("on line 3", "at `players[0]`").
    #[error("start number {0} is already used {1}")]
    DuplicateStartNo(StartNo, String),
    /// Players out of start-number order in a model built by a program.
    #[error("expected the players sorted by start number, found {found} after {before}")]
    Unsorted {
        /// The start number of the player before.
        before: StartNo,
        /// The start number found after it.
        found: StartNo,
    },
    /// An opponent that is not in the player list.
    #[error("round {round}: opponent {opponent} is not a player of this file")]
    UnknownOpponent {
        /// Round (1-based).
        round: u32,
        /// The missing opponent.
        opponent: StartNo,
    },
    /// The two entries of one game disagree.
    #[error(
        "round {round}: expected player {opponent} to list {player} back with {expected}, found {found}"
    )]
    Asymmetric {
        /// Round (1-based).
        round: u32,
        /// This player.
        player: StartNo,
        /// The opponent named.
        opponent: StartNo,
        /// What the opponent's entry should be.
        expected: String,
        /// What it is.
        found: String,
    },
    /// The points field disagrees with the results.
    #[error(
        "expected points {expected} (the sum of the results under the point system), found {found}"
    )]
    PointsMismatch {
        /// Sum of results.
        expected: Points,
        /// Field value.
        found: Points,
    },
    /// A player paired against himself.
    #[error("round {0}: a player cannot be his own opponent")]
    SelfPairing(u32),
    /// An extension record names an unknown player.
    #[error("player {0} is not in the player list")]
    UnknownPlayer(StartNo),
    /// The file has no player records.
    #[error("expected at least one player record (`001`)")]
    NoPlayers,
    /// A number outside the range the tools accept (see [`crate::limits`]).
    #[error("expected {what} from {range}, found {found}")]
    OutOfRange {
        /// What the number is, e.g. "a start number".
        what: &'static str,
        /// The values accepted, e.g. "1 to 9999".
        range: String,
        /// The value found.
        found: String,
    },
    /// A fixed-column field spills into the blank column next to it.
    #[error(
        "expected a blank in column {column} {side} the {field}, found `{found}`: the field overflows its columns"
    )]
    Overflow {
        /// The field, e.g. "start number (columns 5-8)".
        field: &'static str,
        /// The separator column, 1-based.
        column: usize,
        /// "after" or "before".
        side: &'static str,
        /// The character found there.
        found: char,
    },
    /// A player record with more rounds than [`crate::limits::MAX_ROUNDS`].
    #[error("expected at most {max} rounds, found an entry for round {round}")]
    TooManyRounds {
        /// The limit.
        max: u32,
        /// The round found.
        round: u32,
    },
    /// The planned number of rounds is below the rounds already played.
    #[error("expected at least the {played} rounds already played, found {planned} planned")]
    PlannedBelowPlayed {
        /// Planned rounds.
        planned: u32,
        /// Rounds played.
        played: u32,
    },
    /// Every planned round is played: there is no round left to pair.
    #[error(
        "cannot pair round {next}: all {planned} planned rounds are played; to extend the event, raise the number of rounds (`XXR`, or `142` in TRF-2026; `planned_rounds` in JSON)"
    )]
    AllRoundsPlayed {
        /// Planned rounds.
        planned: u32,
        /// The round that would be paired.
        next: u32,
    },
    /// Every planned round is played, and the planned rounds are the most
    /// a tournament may have: the event cannot be extended.
    #[error(
        "cannot pair another round: all {planned} planned rounds are played, and {planned} is the most rounds a tournament may have (TRF round columns), so the event cannot be extended"
    )]
    AllRoundsAtTheLimit {
        /// Planned rounds.
        planned: u32,
    },
    /// Two records give different values for one setting.
    #[error("{what} is given twice with different values: {first}, then {second}")]
    Conflict {
        /// The setting, e.g. "the number of rounds".
        what: &'static str,
        /// The first value and where it is ("10 on line 3").
        first: String,
        /// The second value.
        second: String,
    },
    /// Two `XXA` lines give accelerated points to one player in one round.
    #[error("player {player} already has accelerated points for round {round} {other}")]
    DuplicateAcceleration {
        /// The player.
        player: StartNo,
        /// The first round both lines cover.
        round: u32,
        /// Where the first line is ("on line 7").
        other: String,
    },
    /// A team tournament given to an individual pairing system (the
    /// readers accept team tournaments; the individual systems refuse
    /// them, naming the team system).
    #[error(
        "a team tournament (FIDE C.04.6; {what}) cannot be paired by an individual pairing system: pair it with {pair_with}"
    )]
    TeamTournament {
        /// What says it is one: "tournament type `FIDE_TEAM`", "team
        /// records 310/013".
        what: String,
        /// How to pair it: "`--system team`", "the team system".
        pair_with: String,
    },
    /// A team pairing number that is no team's (TRF-2026 `240`, `250`,
    /// `260`, `299`, `300`, `320`, `330` in a team tournament).
    #[error("team {0} is not in the team list (310)")]
    UnknownTeam(TeamNo),
    /// A team pairing number used twice; the text says where it was first
    /// used.
    #[error("team number {0} is already used {1}")]
    DuplicateTeam(TeamNo, String),
    /// A player on the rosters of two teams, or twice on one.
    #[error("player {player} is already on the roster of team {first}")]
    PlayerInTwoTeams {
        /// The player.
        player: StartNo,
        /// The team whose roster lists him first.
        first: TeamNo,
    },
    /// A player on no team who plays in a team tournament: his games
    /// belong to no match.
    #[error("round {round}: player {player} plays, but is on no team's roster (310/013)")]
    NoTeam {
        /// The round.
        round: u32,
        /// The player.
        player: StartNo,
    },
    /// A player of a team tournament on no team's roster (a warning: he
    /// plays no game).
    #[error("player {0} is on no team's roster (310/013)")]
    Unrostered(StartNo),
    /// The boards of one team face players of two teams: a match is
    /// between two teams.
    #[error(
        "round {round}: the boards of team {team} face players of team {first} and of team {second}; a match is between two teams"
    )]
    TeamOpponents {
        /// The round.
        round: u32,
        /// The team.
        team: TeamNo,
        /// The team one board faces.
        first: TeamNo,
        /// The other team another board faces.
        second: TeamNo,
    },
    /// Two players of one team paired with each other.
    #[error("round {round}: two players of team {team} play each other")]
    TeammatesPaired {
        /// The round.
        round: u32,
        /// The team.
        team: TeamNo,
    },
    /// A member outside his team's line-up of the round (`300`) who plays.
    #[error(
        "round {round}: player {player} plays for team {team}, but is not in its line-up (300)"
    )]
    NotInLineUp {
        /// The round.
        round: u32,
        /// The player.
        player: StartNo,
        /// His team.
        team: TeamNo,
    },
    /// More members of a team play a round than a match has boards.
    #[error(
        "round {round}: {found} players of team {team} play, but a match has {boards} boards (352)"
    )]
    TeamTooManyPlayers {
        /// The round.
        round: u32,
        /// The team.
        team: TeamNo,
        /// Members who play.
        found: usize,
        /// Boards of a match.
        boards: usize,
    },
    /// A line-up (`300`) with more boards than the match has (`352`).
    #[error(
        "round {round}: the line-up of team {team} (record 300) has {found} boards, expected at most the {boards} boards of a match (352)"
    )]
    LineUpTooLong {
        /// The round.
        round: u32,
        /// The team.
        team: TeamNo,
        /// Boards in the line-up.
        found: usize,
        /// Boards of a match.
        boards: usize,
    },
    /// A line-up (`300`) naming a player who is not on the team.
    #[error("player {player} is not on the roster of team {team} (310/013)")]
    NotOnTeam {
        /// The player.
        player: StartNo,
        /// The team.
        team: TeamNo,
    },
    /// Two records give one team's round two different outcomes (a match
    /// and a bye, two forfeited matches, a line-up naming another opponent).
    #[error("round {round}: team {team} {first}, but {second}")]
    TeamRoundConflict {
        /// The round.
        round: u32,
        /// The team.
        team: TeamNo,
        /// What one record says.
        first: String,
        /// What the other says.
        second: String,
    },
    /// A forfeited match (`330`) its boards contradict.
    #[error(
        "round {round}: record 330 gives the match {white}-{black} as forfeited (`{code}`), but {why}"
    )]
    ForfeitContradicted {
        /// The round.
        round: u32,
        /// The team scheduled White.
        white: TeamNo,
        /// The team scheduled Black.
        black: TeamNo,
        /// The result as written (`+-`, `-+`, `--`).
        code: &'static str,
        /// What contradicts it.
        why: String,
    },
    /// A team given the pairing-allocated bye (`320`) in a round it plays.
    #[error(
        "round {round}: record 320 gives team {team} the pairing-allocated bye, but it {games}"
    )]
    PabWithGames {
        /// The round.
        round: u32,
        /// The team.
        team: TeamNo,
        /// What it did instead ("plays team 4").
        games: String,
    },
    /// Two teams with the pairing-allocated bye in one round.
    #[error(
        "round {round}: teams {first} and {second} both have the pairing-allocated bye; a round has at most one (C.04.6 1.4)"
    )]
    TwoPabs {
        /// The round.
        round: u32,
        /// One team.
        first: TeamNo,
        /// The other.
        second: TeamNo,
    },
    /// A team's match or game points in `310` differ from those its
    /// results give (a warning: they are informative).
    #[error(
        "team {team}: record 310 gives {written} {what}, the results give {derived}; kept as written (informative)"
    )]
    TeamScoreMismatch {
        /// The team.
        team: TeamNo,
        /// "match points" or "game points".
        what: &'static str,
        /// The value written.
        written: Points,
        /// The value of the results.
        derived: Points,
    },
    /// A played board whose colour does not follow record `352` (a
    /// warning: the team colour is board 1's).
    #[error(
        "round {round}: board {board} of team {team} has {found:?}, but with {team_colour:?} on board 1 record 352 gives it {expected:?}"
    )]
    BoardColour {
        /// The round.
        round: u32,
        /// The team.
        team: TeamNo,
        /// The board (1-based).
        board: usize,
        /// Its colour.
        found: Colour,
        /// The colour `352` gives it.
        expected: Colour,
        /// The team colour.
        team_colour: Colour,
    },
    /// The points field of a player of a team tournament disagrees with
    /// his results (a warning: in a team tournament they are informative,
    /// `team-2026.md` §6.1).
    #[error(
        "the points field gives {found}, the results give {expected}; kept as written (in a team tournament a player's points are informative)"
    )]
    InformativePoints {
        /// Sum of results.
        expected: Points,
        /// Field value.
        found: Points,
    },
    /// A pairing system or edition this build does not implement.
    #[error("the file names the tournament type `{code}`: {reason}")]
    UnsupportedSystem {
        /// The code as written (record 192, JSON `system`).
        code: String,
        /// Why it cannot be paired here, and what to do.
        reason: String,
    },
    /// `XXC rank` on a file whose player records are not in start-number order.
    #[error(
        "`XXC rank` asks to pair by the order of the `001` records, which is not supported, and the records are not in start-number order (start number {found} on line {line} comes after {before}): sort the records by start number or remove `rank`"
    )]
    RankOrder {
        /// Start number of the earlier record.
        before: StartNo,
        /// Start number found after it.
        found: StartNo,
        /// Line of the later record.
        line: usize,
    },
    /// A text field that would break the TRF's one-record-per-line layout.
    #[error("expected {0} on one line, found a line break")]
    LineBreak(&'static str),
    /// A title outside the TRF list (a warning: pairing never reads titles).
    #[error(
        "title `{0}` is not a FIDE title (GM IM WGM FM WIM CM WFM WCM); kept as written, since pairing does not read titles"
    )]
    UnknownTitle(String),
    /// A record this build reads but cannot honour (TRF-2026 `299`
    /// abnormal points, team match points in `250`).
    #[error("{0} not supported")]
    Unsupported(&'static str),
    /// A TRF-2026 `240` record and the player's own record disagree on
    /// one round.
    #[error(
        "round {round}: record 240 gives player {player} `{listed}`, but his record has `{found}`"
    )]
    ByeMismatch {
        /// The round (1-based).
        round: u32,
        /// The player.
        player: StartNo,
        /// The entry record 240 implies, e.g. `0000 - H`.
        listed: String,
        /// The entry his `001` record holds.
        found: String,
    },
    /// A game with an opponent and no result: the round is still being
    /// played, and what is not recorded cannot be scored or paired past.
    #[error(
        "round {round}: the game of {player} against {opponent} has no result yet: the round is still being played, and the next round cannot be paired until its results (1 = 0 W D L + -) are entered"
    )]
    Unfinished {
        /// The round (1-based).
        round: u32,
        /// The player whose record this is.
        player: StartNo,
        /// His opponent.
        opponent: StartNo,
    },
    /// The round to pair, and maybe more after it, holds only byes and
    /// absences: nobody would be paired.
    #[error(
        "{rounds} hold only byes and absences (no game, no pairing-allocated bye) after {played} played rounds: refused as ambiguous. A round without a game or a pairing-allocated bye is not a played round (trf.md), so round {first} would be paired with nobody. If those rounds were held, the file cannot say so; if the byes are requested for round {first}, give them for that round only"
    )]
    ByesOnly {
        /// "round 2" or "rounds 2 to 3".
        rounds: String,
        /// The first such round (the round to pair).
        first: u32,
        /// The played rounds before them.
        played: u32,
    },
    /// A record code the reader does not know (a warning: the line is kept
    /// as written and not read).
    #[error("unknown record code `{code}`: the line is kept as written and not read{hint}")]
    UnknownRecord {
        /// The first three characters of the line.
        code: String,
        /// ", did you mean `XXP`?" or nothing.
        hint: String,
    },
    /// Checks left out because an earlier problem makes them meaningless.
    #[error("{0}")]
    NotChecked(&'static str),
    /// A problem at a JSON path (the path in the model's field names).
    #[error("at `{path}`: {error}")]
    At {
        /// The path, e.g. `players[3].rounds[1]`.
        path: String,
        /// The problem there.
        error: Box<ErrorKind>,
    },
}

impl ErrorKind {
    /// The problem itself, without the JSON path wrapped around it.
    pub fn inner(&self) -> &ErrorKind {
        match self {
            ErrorKind::At { error, .. } => error.inner(),
            other => other,
        }
    }
}

/// An input error at a place in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// File name as given by the caller.
    pub file: String,
    /// Line, 1-based (0 when the problem concerns the whole file).
    pub line: usize,
    /// Column in characters, 1-based (0 when the whole line).
    pub column: usize,
    /// What went wrong and what was expected.
    pub kind: ErrorKind,
}

impl InputError {
    /// The text of a warning: like the error's, with `warning:` before the message.
    pub fn warning_text(&self) -> String {
        if self.line == 0 {
            format!("{}: warning: {}", self.file, self.kind)
        } else {
            format!(
                "{}:{}:{}: warning: {}",
                self.file, self.line, self.column, self.kind
            )
        }
    }
}

/// `FILE:LINE:COL: message`, or `FILE: message` for the whole file (line 0).
impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.kind)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.kind
            )
        }
    }
}

impl std::error::Error for InputError {}

/// Every problem found in one input, in file order. Never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputErrors(pub Vec<InputError>);

impl InputErrors {
    /// The errors, in file order.
    pub fn errors(&self) -> &[InputError] {
        &self.0
    }
}

impl fmt::Display for InputErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for InputErrors {}
