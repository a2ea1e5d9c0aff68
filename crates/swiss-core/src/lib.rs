//! The foundation every pairing system of the `swiss` workspace builds on:
//! the tournament record ([`Tournament`]), the FIDE TRF reader and writer
//! ([`trf`]), the derived state before a round ([`RoundState`]: scores,
//! played colours and opponents, bye eligibility, who plays), the pairing
//! result ([`Pairing`]) and the [`PairingSystem`] trait with the replay
//! loop the checker uses ([`check`]), and simulated tournaments for the
//! generator ([`simulate`]).
//!
//! It holds the rules every system shares (C.04.1 basic rules, C.04.2
//! general handling rules, the TRF) and no rule of one system: floats,
//! colour preferences, topscorers and first-round colours are each
//! system's own. Start reading at [`trf::read`], then [`RoundState::before`].
//! The TRF and JSON readers ([`trf`], [`json`]) run one validator over the
//! model ([`validate`]), with every number bounded ([`limits`]).

/// The README's example, compiled and run as a doctest so that it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

pub mod acceleration;
mod colour;
mod compare;
mod edition;
mod error;
mod forbidden;
pub mod json;
pub mod limits;
mod model;
mod pairing;
mod points;
pub mod rating;
pub mod simulate;
mod state;
mod system;
mod team;
pub mod trf;
mod validate;

pub use colour::colour_difference;
pub use compare::{
    BoardDifferences, Breach, Comparison, Completeness, EXIT_DIFFERS, EXIT_ILLEGAL, Separation,
    SeparationKind, Verdict, colours_only, compare,
};
pub use edition::{Editions, ParseEditionError, edition_year};
pub use error::{ErrorKind, InputError, InputErrors};
pub use forbidden::Partners;
pub use model::{
    AnnouncedByes, Colour, ForbiddenInRounds, OtherTitle, Player, ResultCode, RoundEntry, Settings,
    StartNo, Title, Tournament,
};
pub use pairing::{Pair, Pairing};
pub use points::{ParsePointsError, PointSystem, Points};
pub use state::{PastRound, PlayerState, RoundState};
pub use system::{
    Agreement, CheckReport, PairingError, PairingSystem, Replay, RoundDifference, before_round,
    check, infer_initial_colour, same_pairing, short_list,
};
pub use team::{
    AbnormalKind, AbnormalPoints, BoardGame, ByeKind, ForbiddenTeams, ForfeitResult,
    ForfeitedMatch, LineUp, MatchBoards, MatchPointValues, MatchResult, Team, TeamAcceleration,
    TeamBoards, TeamByes, TeamCode, TeamCodeError, TeamColourType, TeamHistory, TeamMatch, TeamNo,
    TeamRecord, TeamRound, TeamRoundKind, TeamScore, TeamSection, is_team_code, parse_team_code,
};
pub use validate::{Places, Reading, Spot, round_to_pair, validate};
