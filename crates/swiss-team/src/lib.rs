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
//! - `explain.rs`: the arbiter's account of a round and the step that
//!   separates a proposal from the engine's pairing (`swiss explain`,
//!   `swiss compare`).
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
//!    A forfeited match (`330`) is a pairing: a team whose only match was
//!    forfeited, won or lost, keeps its number when absent later (`1.1`: a TPN, once
//!    set, changes only under GHR 2.4/2.5). Gacrux 1.10.62 leaves such a
//!    team out (its record of a forfeited match names no opponent), which
//!    shifts the parity of the teams after it
//!    (`c046_4_3_1_a_forfeited_match_keeps_the_number`).
//! 3. **`[C6]` passes or fails** (A6): the following scoregroup, what is
//!    left of it, can be paired with no upfloater when even, one when odd,
//!    and the teams left after it too.
//! 4. **"Complies" means minimises** (A7): among the legal sets of a
//!    profile, the fewest `[C6]` failures, then the fewest `[C7]` floaters,
//!    then the first in `3.5.4`'s order; among a bracket's pairings the
//!    least (`[C8]`, `[C9]`, `[C10]`), then the first identifier
//!    (`c046_3_6_bracket_pairing_equals_brute_force`,
//!    `c046_2_3_2_profiles_best_first`).
//! 5. **`[C10]`** counts, in a pair of two different scores, the higher
//!    team's float: it is the opponent of the pair's upfloater (as
//!    Gacrux). `[C7]` counts each upfloater of the set
//!    (`c046_c10_counts_the_upfloaters_opponent`).
//! 6. **The first-team (`4.2.1`)** has the higher pairing score, virtual
//!    points included (Gacrux compares the accelerated scores)
//!    (`c046_4_2_1_the_first_team_counts_virtual_points`).
//! 7. **Floats (`1.5`)** are played matches against an opponent of a
//!    different pairing score in that round; forfeits and byes are not
//!    floats. **`[C1]`** counts played matches only (A3, GHR 3.5).
//!    **`[C2]`** bars a PAB, a forfeit win and a full-point bye (A4)
//!    (`c046_1_5_2_1_floats_meetings_and_the_pab_bar`).
//! 8. **Type B in the last round** (A1): a team whose colour difference is
//!    0 and whose last two colours are the same has the strong preference
//!    of `1.7.2`'s first clauses; only the mild one at 0 lapses
//!    (`c046_1_7_2_type_b_in_the_last_round`).
//! 9. **A round with no complete legal pairing** (`3.3.3`) is an error for
//!    the Chief Arbiter; Gacrux pairs as many teams as it can instead
//!    (`c046_3_3_3_no_legal_pairing_is_an_error`).
//! 10. **A PAB without a `320` value** is worth a drawn match's match points
//!     (`1.4`) and, as game points, what its boards' `U` entries record:
//!     boards × P (record `162`; a win's points unless given). The notes
//!     read `1.4` as a drawn match's game points too (boards × D); the file's
//!     own entries and the reference platform say boards × P, and a file
//!     that means the draw value says so in `320`, which every file this
//!     workspace writes carries (`c046_1_4_the_pab_is_worth_its_u_boards`).

/// The README's example, compiled and run as a doctest so that it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

mod bracket;
mod colour;
mod explain;
mod field;
pub mod generate;
mod history;
mod pab;
mod pairing;
pub mod simulate;
mod state;
mod tournament;
mod upfloaters;

pub use bracket::Quality;
pub use colour::ColourRule;
pub use field::{Preference, Strength, colour_preference};
pub use generate::{GenerateError, Generated, Settings, generate};
pub use history::{Entry, Event, Primary, TeamRecord};
pub use pairing::{BracketRecord, TeamPair, TeamRound, pair_teams};
pub use state::{ColourType, RoundInput, Seating, TeamNo, TeamState};
pub use swiss_core::{Colour, Pair, Pairing, PairingError, PairingSystem, Points};

pub use swiss_core::{RoundState, StartNo, Tournament, trf};
pub use tournament::event_of;

/// Why a round could not be paired: the workspace's one error shape.
pub type Error = PairingError;

/// Options of the team engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// How a bracket is seated for `3.6`: by TPN (the text, the default)
    /// or as the reference platform does (for cross-checking).
    pub seating: Seating,
}

impl Options {
    /// Every option at its default (usable in `const` items).
    pub const DEFAULT: Options = Options {
        seating: Seating::Tpn,
    };

    /// These options with the given seating.
    pub const fn with_seating(mut self, seating: Seating) -> Options {
        self.seating = seating;
        self
    }
}

/// Pairs round [`Tournament::next_round`] of the team tournament `t`
/// (C.04.6): the pairs in TPN (white team first) in board order, and the
/// team with the PAB as the bye.
pub fn pair(t: &Tournament, options: &Options) -> Result<Pairing, Error> {
    pair_round(t, options).map(|r| r.to_pairing(t.next_round()))
}

/// [`pair`], with the whole round: each pair's colour rule and each
/// bracket's record.
pub fn pair_round(t: &Tournament, options: &Options) -> Result<TeamRound, Error> {
    let (event, absent) = event_of(t)?;
    let mut input = event.round_input_without(t.next_round(), &absent);
    input.seating = options.seating;
    pair_teams(&input)
}

/// The team system as a [`PairingSystem`] (for the CLI and the checker):
/// its pairings are of teams, in TPN.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Team {
    /// The options every round is paired with.
    pub options: Options,
}

impl Team {
    /// The 2026 text.
    pub const FIDE_2026: Team = Team::new(Options::DEFAULT);

    /// The system with `options`.
    pub const fn new(options: Options) -> Team {
        Team { options }
    }
}

impl PairingSystem for Team {
    fn name(&self) -> &'static str {
        "team"
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, Error> {
        pair(t, &self.options)
    }

    /// The account of the round; `player` is a team's TPN.
    fn explain(&self, t: &Tournament, player: Option<StartNo>) -> Option<Result<String, Error>> {
        Some(explain::account(t, &self.options, player))
    }

    fn separate(&self, t: &Tournament, proposed: &Pairing) -> Option<swiss_core::Separation> {
        explain::separate(t, &self.options, proposed)
    }
}
