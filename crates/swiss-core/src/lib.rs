//! The foundation every pairing system of the `swiss` workspace builds on:
//! the tournament record ([`Tournament`]), the FIDE TRF reader and writer
//! ([`trf`]), the derived state before a round ([`RoundState`]: scores,
//! colour histories, floats, bye eligibility, who plays), colour preferences
//! ([`colour_preference`]), the pairing result ([`Pairing`]) and the
//! [`PairingSystem`] trait with the replay loop the checker uses ([`check`]),
//! and simulated tournaments for the generator ([`simulate`]).
//!
//! It knows no pairing system's rules. Start reading at [`trf::read`], then
//! [`RoundState::before`]. The TRF and JSON readers ([`trf`], [`json`]) run
//! one validator over the model ([`validate`]), with every number bounded
//! ([`limits`]).

mod colour;
mod error;
mod forbidden;
pub mod json;
pub mod limits;
mod model;
mod pairing;
mod points;
pub mod simulate;
mod state;
mod system;
pub mod trf;
mod validate;

pub use colour::{
    ColourPreference, PreferenceRules, Strength, colour_difference, colour_preference,
};
pub use error::{ErrorKind, InputError, InputErrors};
pub use forbidden::Partners;
pub use model::{Colour, OtherTitle, Player, ResultCode, RoundEntry, StartNo, Title, Tournament};
pub use pairing::{Pair, Pairing};
pub use points::{ParsePointsError, PointSystem, Points};
pub use state::{Float, PastRound, PlayerState, RoundState};
pub use system::{
    CheckReport, PairingError, PairingSystem, RoundDifference, before_round, check, same_pairing,
};
pub use validate::{Places, Reading, Spot, round_to_pair, validate};
