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
    /// A rules edition other than 2024 and 2026.
    #[error("unknown tie-break rules `{0}` (expected 2026 or 2024)")]
    UnknownRules(String),
}
