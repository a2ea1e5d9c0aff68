//! The FIDE Dutch system (C.04.3, 2017 rules) for the `swiss` workspace.
//!
//! Start reading at [`pair`]: it turns a [`RoundState`] into a [`Pairing`].
//! The engine pairs the brackets top-down (A.9); each bracket is one
//! maximum weight matching whose edge weights pack the criteria C.4-C.19
//! lexicographically (most important in the highest bits), followed by a
//! few re-solves that pick the earliest optimal candidate of the B.6/B.7
//! sequence (D.1-D.3). Colours follow E.1-E.5; boards are in the published
//! order of C.04.2. [`check_tournament`] replays a whole tournament (the
//! C.04.A pairings checker).
//!
//! # Rule interpretations
//!
//! Where the text leaves room, the engine reads it as the established
//! FIDE-endorsed engines do (the reference data in `testdata/oracle` pins
//! each point; the tests named after each item check it):
//!
//! 1. **Floats (A.4)**: any round the player did not play over the board
//!    (bye, forfeit either way, absence) counts as a downfloat; a played game
//!    is a float when the scores before the round differed
//!    (`interpretation_unplayed_round_is_downfloat`).
//! 2. **Topscorers (A.7)** exist only when pairing the last planned round
//!    (`XXR`); the threshold is more than half of the rounds played times the
//!    points of a win (`interpretation_topscorers_only_in_last_round`).
//! 3. **PSD downfloater value (A.8)**: the artificial score is one point below
//!    the lowest score among the bracket *and the scoregroup considered with
//!    it* for C.7 (the next scoregroup, or all remaining players).
//! 4. **Completion (A.9, C.4)**: a bracket is first paired without C.4; only
//!    when its downfloaters make the round incompletable does it become the
//!    PPB, paired again with completion as the top criterion and with all
//!    lower players as the collapsed scoregroup
//!    (`interpretation_ppb_collapses_lower_groups`).
//! 5. **C.7** counts, in the next bracket, its pairs and then the scores of
//!    this bracket's players who end up paired (in this bracket or the next).
//! 6. **C.12-C.19**: an MDP paired with a lower resident repeats a downfloat
//!    only when he floated down the previous round(s); the score differences
//!    use the same SD scale as the PSD.
//! 7. **E.5**: pairing numbers skip players who are not in the tournament at
//!    that round (absent from the start); see the oracle README.
//!
//! # Matching
//!
//! The weights need up to a few hundred bits in big brackets, so the crate
//! carries its own fixed-width integers and an O(n³) blossom matching over
//! them (`blossom.rs`).

mod blossom;
mod colour;
mod engine;
mod player;
mod wide;

pub use swiss_core::{CheckReport, Pairing, RoundState, Tournament};

use swiss_core::{Pair, PairingError, PairingSystem};

use crate::player::Pl;

/// Options of the Dutch engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct DutchOptions {}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DutchError {
    /// No round-pairing satisfies the absolute criteria (A.9): the arbiter decides.
    #[error("no legal pairing: {reason}")]
    NoLegalPairing {
        /// Which players could not be placed, and why.
        reason: String,
    },
    /// An internal invariant failed: a bug, please report the input.
    #[error("internal error in the Dutch engine: {0}")]
    Internal(String),
}

impl DutchError {
    pub(crate) fn internal(what: &str) -> Self {
        DutchError::Internal(what.to_string())
    }
}

/// Pairs the round described by `state` with the Dutch system (C.04.3).
///
/// The players with `to_pair` are paired; the result has the pairs with
/// colours (E.1-E.5) in board order, and the pairing-allocated bye.
pub fn pair(state: &RoundState, _options: &DutchOptions) -> Result<Pairing, DutchError> {
    let mut pl: Vec<Pl> = state
        .players
        .iter()
        .filter(|p| p.to_pair)
        .map(|p| Pl::new(p, state))
        .collect();
    // A.2: score, then pairing number.
    pl.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    let played = state.round.saturating_sub(1);
    let mates = engine::pair_round(&pl, played)?;
    let mut out = Pairing {
        round: state.round,
        pairs: Vec::new(),
        bye: None,
    };
    for (i, m) in mates.iter().enumerate() {
        match *m {
            Some(j) if i < j => {
                let (a, b) = if pl[i].id < pl[j].id {
                    (&pl[i], &pl[j])
                } else {
                    (&pl[j], &pl[i])
                };
                let c = colour::colour_of(a, b, state.initial_colour);
                let (white, black) = if c == swiss_core::Colour::White {
                    (a.id, b.id)
                } else {
                    (b.id, a.id)
                };
                out.pairs.push(Pair { white, black });
            }
            Some(_) => {}
            None => {
                if out.bye.is_some() {
                    return Err(DutchError::internal("two players left unpaired"));
                }
                out.bye = Some(pl[i].id);
            }
        }
    }
    out.sort_boards(state);
    Ok(out)
}

/// The Dutch system as a [`PairingSystem`] (for the CLI, the checker and the generator).
#[derive(Clone, Copy, Debug, Default)]
pub struct Dutch;

impl PairingSystem for Dutch {
    fn name(&self) -> &'static str {
        "dutch"
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let state = RoundState::next(t);
        pair(&state, &DutchOptions::default()).map_err(|e| match e {
            DutchError::NoLegalPairing { reason } => PairingError::NoLegalPairing {
                round: state.round,
                reason,
            },
            other => PairingError::Unsupported {
                round: state.round,
                reason: other.to_string(),
            },
        })
    }
}

/// Replays every round of `t` (the C.04.A pairings checker): for each round
/// k, pairs the tournament as it stood before round k and reports the rounds
/// whose pairs, colours or bye differ from the file.
pub fn check_tournament(t: &Tournament) -> CheckReport {
    swiss_core::check(&Dutch, t)
}
