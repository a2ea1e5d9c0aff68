//! Typed errors of the TCEC engine.

use swiss_core::{InputError, PairingError};

/// Why a TCEC round could not be paired, or an input could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TcecError {
    /// No pairing exists even with the whole encounter history removed
    /// (`TCEC STEP 3`): the colour conditions alone block it. The released
    /// reference would loop forever here; we stop and say why.
    #[error("no legal pairing for TCEC round {round}: {reason}")]
    NoLegalPairing {
        /// The TCEC round (1-based).
        round: u32,
        /// Which players could not be placed, and why.
        reason: String,
    },
    /// The record cannot be paired as given (a result missing in an
    /// earlier round, an unknown opponent): an input error.
    #[error("cannot pair TCEC round {round}: {reason}")]
    InvalidRecord {
        /// The TCEC round (1-based).
        round: u32,
        /// Why.
        reason: String,
    },
    /// A seeding request that cannot be carried out (zero groups, a seed
    /// order that is not a permutation of the players).
    #[error("invalid seeding: {0}")]
    Seeding(String),
    /// A located input error (the reference JSON).
    #[error(transparent)]
    Input(#[from] InputError),
}

impl TcecError {
    /// The error as the workspace's [`PairingError`], for TRF column
    /// `column`: no legal pairing stays one; everything else is an input
    /// the request cannot be carried out for ([`PairingError::Input`]).
    /// The engine has no internal error: a TCEC round either pairs or is
    /// refused with a reason.
    pub fn into_pairing_error(self, column: u32) -> PairingError {
        match self {
            TcecError::NoLegalPairing { round, reason } => PairingError::NoLegalPairing {
                round: column,
                reason: format!("TCEC round {round}: {reason}"),
            },
            other @ (TcecError::InvalidRecord { .. }
            | TcecError::Seeding(_)
            | TcecError::Input(_)) => PairingError::Input {
                round: column,
                reason: other.to_string(),
            },
        }
    }
}
