//! Typed errors of the tie-break computation.

use swiss_core::StartNo;

/// Why a tie-break or a table could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TieBreakError {
    /// A tie-break code that is not one of C.07's (or a modifier it does not take).
    #[error("unknown tie-break `{code}`: {reason}")]
    UnknownCode {
        /// The code as given.
        code: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A round entry names an opponent who is not in the tournament.
    #[error("player {player}, round {round}: opponent {opponent} is not in the tournament")]
    UnknownOpponent {
        /// The player whose record names the opponent.
        player: StartNo,
        /// The round (1-based).
        round: u32,
        /// The start number written.
        opponent: StartNo,
    },
    /// A team tie-break (or a score `:MP`/`:GP`, `/P`) asked of an
    /// individual event, or an individual one a team event cannot have.
    #[error("tie-break `{code}`: {reason}")]
    NotForThisEvent {
        /// The code as given.
        code: String,
        /// Why it does not apply.
        reason: &'static str,
    },
    /// A team event whose team records do not make a history.
    #[error("the team records do not make a history: {0}")]
    TeamRecords(String),
    /// A rules edition other than 2024 and 2026.
    #[error("unknown tie-break rules `{0}` (expected 2026 or 2024)")]
    UnknownRules(String),
}
