//! What C.04.6 reads of the teams before a round: the input of the
//! engine ([`RoundInput`]), one [`TeamState`] per team to pair.

use swiss_core::{Colour, Points};

/// A team pairing number (TPN, `C.04.6 1.1`): unique, from 1.
pub type TeamNo = u32;

/// The colour preferences the rules of the competition choose (`C.04.6
/// 1.7`): type A unless they say type B or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColourType {
    /// Type A (`1.7.1`): a team wants a colour only when its colour
    /// difference or its last two played colours demand it.
    #[default]
    A,
    /// Type B (`1.7.2`): strong preferences as type A's, and mild ones.
    B,
    /// No colour preferences: colours by `4.3`'s other steps only.
    None,
}

/// One team before the round, as the rules read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamState {
    /// Its TPN.
    pub tpn: TeamNo,
    /// Pairing score (`1.2`): the primary score, plus the virtual points of
    /// an acceleration (C.04.7); it forms the scoregroups.
    pub score: Points,
    /// The secondary score (`4.2.2`; read only when the rules use it),
    /// with its virtual points.
    pub secondary: Points,
    /// Colours of the matches it played, oldest first (`1.6`: the colour
    /// of its board-1 player; unplayed matches squeezed out, GHR 3.4).
    pub colours: Vec<Colour>,
    /// Whether it was a floater in the previous round (`1.5`: it played an
    /// opponent with a different score).
    pub floated: bool,
    /// Matches played (`3.4.3`).
    pub matches_played: u32,
    /// Whether `[C2]` bars it from the pairing-allocated bye: it had one, won
    /// a match by forfeit, or had a full-point bye (`2.1.2`).
    pub pab_barred: bool,
    /// The teams it has played (`C1`, `2.1.1`: played matches only).
    pub met: Vec<TeamNo>,
    /// The number `4.3.1` reads the parity of: its rank by TPN among the
    /// teams that are paired in this round or had an opponent before
    /// (interpretation 2: a team not yet in the event, like a late entry,
    /// has no number yet; GHR 2.4).
    pub number: u32,
}

impl TeamState {
    /// A team with score `score` that has played nothing: for tests and
    /// round 1.
    pub fn new(tpn: TeamNo, score: Points) -> TeamState {
        TeamState {
            tpn,
            score,
            secondary: Points(0),
            colours: Vec::new(),
            floated: false,
            matches_played: 0,
            pab_barred: false,
            met: Vec::new(),
            number: tpn,
        }
    }

    /// The colour difference (`1.6.2`): matches with White minus matches
    /// with Black.
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|&c| if c == Colour::White { 1 } else { -1 })
            .sum()
    }
}

/// How the teams of a bracket are ordered for `3.6`: which team of a pair
/// is its top member.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Seating {
    /// `3.6.1`: the smaller TPN is the top member, resident or not.
    #[default]
    Tpn,
    /// The reference platform's order (Gacrux 1.10.62): score descending,
    /// then TPN, so that a resident is the top member against an
    /// upfloater whatever their TPNs. Not the text: for cross-checking
    /// against that program only.
    ScoreThenTpn,
}

/// Everything one round's pairing reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundInput {
    /// The round to pair (1-based).
    pub round: u32,
    /// The rounds of the tournament (`C7` and `C10` are off in the last
    /// two, `1.7.2`'s mild preferences in the last).
    pub rounds: u32,
    /// The initial colour drawn before round 1 (`4.1`).
    pub initial_colour: Colour,
    /// Type A, B or no colour preferences (`1.7`).
    pub colour_type: ColourType,
    /// Whether the rules use the secondary score (`1.2`, `4.2.2`).
    pub secondary: bool,
    /// The teams to pair, in any order.
    pub teams: Vec<TeamState>,
    /// How a bracket is seated for the identifiers of `3.6.2`.
    pub seating: Seating,
    /// Pairs that must not meet in this round (TRF-2026 `260`), absolute
    /// like `C1`.
    pub forbidden: Vec<(TeamNo, TeamNo)>,
}

impl RoundInput {
    /// Whether the round is one of the last two (`2.3.4`, `2.3.7`).
    pub fn last_two(&self) -> bool {
        self.round + 2 > self.rounds
    }

    /// Whether the round is the last one (`1.7.2`).
    pub fn last(&self) -> bool {
        self.round == self.rounds
    }
}
