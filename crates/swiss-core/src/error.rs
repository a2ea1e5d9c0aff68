//! Input errors: every one names the file, line and column, and says what was expected.

use std::fmt;

use crate::model::StartNo;
use crate::points::Points;

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
    /// A start number used twice.
    #[error("start number {0} is already used on line {1}")]
    DuplicateStartNo(StartNo, usize),
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

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.kind
        )
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
