//! The FIDE Swiss Team Pairing System (C.04.6, applied from 1 February
//! 2026) for the `swiss` workspace.
//!
//! # The engine
//!
//! Start reading at [`pair_teams`]: it turns a [`RoundInput`] (what the
//! rules read of each team before the round) into a [`TeamRound`]; an
//! [`Event`] (a team event's record, round by round) gives the
//! [`RoundInput`] of any round ([`Event::round_input`]). The procedure is
//! the text's, one function per step:
//!
//! - `pab.rs`: the pairing-allocated bye (`3.4`, `[C2]`).
//! - `upfloaters.rs`: the set of upfloaters of each bracket (`3.5`,
//!   `[C3]`-`[C7]`).
//! - `bracket.rs`: the pairing of a bracket in identifier order (`3.6`,
//!   `[C8]`-`[C10]`).
//! - `colour.rs`: the colours (`4.2`, `4.3`).
//! - `field.rs`: `[C1]` and the colour preferences (`1.7`).
//! - `history.rs`: scores (`1.2`), colours (`1.6`), floats (`1.5`).
//! - `pairing.rs`: the round (`3.3`).
//!
//! No step enumerates pairings: `[C3]` is a perfect matching of the teams
//! left; the identifier order of `3.6.2` is reached by one maximum weight
//! matching for `[C8]`-`[C10]` and then, team by team in TPN order, the
//! question whether an optimal pairing still allows it to be a top member
//! (and each top member the smallest opponent). The upfloater sets of
//! `3.5` are tried in the text's order, each with two matchings, and the
//! first that meets `[C6]` and `[C7]` ends the search.
//!
//! # Rule interpretations
//!
//! Where the text is silent or ambiguous (`team-2026.md` §8.2), and where
//! the reference platform (Gacrux 1.10.62) reads it otherwise:
//!
//! 1. **The top member of a pair (`3.6.1`) is its smaller TPN**, resident
//!    or upfloater. Gacrux 1.10.62 seats a bracket by score, then TPN (its
//!    own comment on the identifier says TPN order), so a resident is the
//!    top member against an upfloater with a smaller TPN; its pairing
//!    differs from the text's when that changes the first identifier.
//!    [`Seating::ScoreThenTpn`] reproduces it, for cross-checking only
//!    (`c046_3_6_1_the_smaller_tpn_is_the_top_member`).
//! 2. **The TPN parity of `4.3.1`** is counted among the teams that are
//!    paired in the round or had an opponent before: a team not yet in
//!    the event (absent from round 1 on) has no number yet, as a late
//!    entry (GHR 2.4); Gacrux counts so (`c046_4_3_1_numbers_skip_teams_not_yet_in_the_event`).
//! 3. **`[C6]` passes or fails** (A6): the following scoregroup, what is
//!    left of it, can be paired with no upfloater when even, one when odd,
//!    and the teams left after it too.
//! 4. **"Complies" means minimises** (A7): among the legal sets of a
//!    profile, the fewest `[C6]` failures, then the fewest `[C7]` floaters,
//!    then the first in `3.5.4`'s order; among a bracket's pairings the
//!    least (`[C8]`, `[C9]`, `[C10]`), then the first identifier.
//! 5. **`[C10]`** counts, in a pair of two different scores, the higher
//!    team's float: it is the opponent of the pair's upfloater (as
//!    Gacrux). `[C7]` counts each upfloater of the set.
//! 6. **The first-team (`4.2.1`)** has the higher pairing score, virtual
//!    points included (Gacrux compares the accelerated scores).
//! 7. **Floats (`1.5`)** are played matches against an opponent of a
//!    different pairing score in that round; forfeits and byes are not
//!    floats. **`[C1]`** counts played matches only (A3, GHR 3.5).
//!    **`[C2]`** bars a PAB, a forfeit win and a full-point bye (A4).
//! 8. **Type B in the last round** (A1): a team whose colour difference is
//!    0 and whose last two colours are the same has the strong preference
//!    of `1.7.2`'s first clauses; only the mild one at 0 lapses.
//! 9. **A round with no complete legal pairing** (`3.3.3`) is an error for
//!    the Chief Arbiter; Gacrux pairs as many teams as it can instead.

/// The README's example, compiled and run as a doctest so that it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

mod bracket;
mod colour;
mod field;
mod history;
mod pab;
mod pairing;
pub mod simulate;
mod state;
mod upfloaters;

pub use bracket::Quality;
pub use colour::ColourRule;
pub use field::{Preference, Strength, colour_preference};
pub use history::{Entry, Event, Primary, TeamRecord};
pub use pairing::{BracketRecord, TeamPair, TeamRound, pair_teams};
pub use state::{ColourType, RoundInput, Seating, TeamNo, TeamState};
pub use swiss_core::{Colour, Pair, Pairing, PairingError, Points};
