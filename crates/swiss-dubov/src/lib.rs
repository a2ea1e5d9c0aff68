//! The FIDE Dubov system (C.04.4.1, 2018 text) for the `swiss` workspace.
//!
//! (Docs completed below.)

mod bracket;
mod bye;
mod colour;
mod compat;
mod order;
mod pairing;
mod player;
mod upfloaters;
mod weights;

use std::collections::BTreeMap;

pub use swiss_core::{Pairing, PairingError, PairingSystem, RoundState, StartNo, Tournament};

/// Options of the Dubov engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DubovOptions {
    /// The provisional rating of every player the file leaves unrated
    /// (Dubov A.1: the arbiter assigns one).
    pub default_rating: Option<u16>,
    /// Provisional or corrected ratings by start number; they take
    /// precedence over the file and over `default_rating`.
    pub rating_overrides: BTreeMap<StartNo, u16>,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DubovError {
    /// Dubov A.1: some players have no rating and no provisional one.
    #[error(
        "Dubov A.1: every player needs a rating, and player(s) {} have none; give a provisional rating (a default rating or a per-player override)",
        list(start_nos)
    )]
    UnratedPlayers {
        /// The start numbers of the unrated players.
        start_nos: Vec<StartNo>,
    },
    /// Dubov A.7: MaxT needs the planned number of rounds.
    #[error(
        "Dubov A.7: MaxT = 2 + [rounds / 5] needs the planned number of rounds (the XXR record), which the tournament does not give"
    )]
    MissingPlannedRounds,
    /// No complete round-pairing exists (A.8): the arbiter decides.
    #[error("no legal pairing: {reason}")]
    NoLegalPairing {
        /// Which players could not be placed, and why.
        reason: String,
    },
    /// An internal invariant failed: a bug, please report the input.
    #[error("internal error in the Dubov engine: {0}")]
    Internal(String),
}

fn list(v: &[StartNo]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl DubovError {
    pub(crate) fn internal(what: &str) -> Self {
        DubovError::Internal(what.to_string())
    }

    /// The workspace's error for round `round`.
    pub fn into_pairing_error(self, round: u32) -> PairingError {
        match self {
            DubovError::NoLegalPairing { reason } => PairingError::NoLegalPairing { round, reason },
            other => PairingError::Unsupported {
                round,
                reason: other.to_string(),
            },
        }
    }
}

/// Pairs the round described by `state` with the Dubov system.
///
/// The players with `to_pair` are paired; the result holds the pairs with
/// their colours (E.0-E.4) in the published board order (C.04.2), and the
/// pairing-allocated bye.
pub fn pair(state: &RoundState, options: &DubovOptions) -> Result<Pairing, DubovError> {
    pairing::pair_round(state, options, upfloaters::Strategy::Auto)
}

/// Test support: [`pair`] with the upfloaters always chosen by one method
/// (the tests check that every method gives the same pairings).
#[doc(hidden)]
pub fn pair_with_strategy(
    state: &RoundState,
    options: &DubovOptions,
    strategy: Strategy,
) -> Result<Pairing, DubovError> {
    pairing::pair_round(state, options, strategy)
}

#[doc(hidden)]
pub use upfloaters::Strategy;

/// The Dubov system as a [`PairingSystem`] (name `"dubov"`), for the CLI,
/// the checker and the generator.
#[derive(Clone, Debug, Default)]
pub struct Dubov {
    /// The options.
    pub options: DubovOptions,
}

impl PairingSystem for Dubov {
    fn name(&self) -> &'static str {
        "dubov"
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let state = RoundState::next(t);
        pair(&state, &self.options).map_err(|e| e.into_pairing_error(state.round))
    }
}
