//! The FIDE Dutch system, 2012 text ([`crate::Edition::Fide2012`]): one
//! module per section of the text.
//!
//! - `a_definitions`: A.2 order, A.3 brackets, A.4 floats, A.7
//!   preferences, A.10 top scorers;
//! - `a8_colour_counts`: X1 and Z1;
//! - `a11_quality`: the quality of a pairing and the matching that finds
//!   C.10's requirement level;
//! - `b_criteria`: B.1-B.6 for one pair or floater;
//! - `c_procedure`: C.1-C.11 and C.14 for one bracket;
//! - `c12_c13_backtracking`: the round from the top, with C.12 and C.13;
//! - `d1_transpositions`, `d2_exchanges`, `d3_moved_down`: D.1-D.3;
//! - `e_colours`: E.1-E.5; F.1 is [`swiss_core::Pairing::sort_boards`];
//! - `compare`, `explain`: the arbiter's comparison of a proposal, in the
//!   text's order, and account of the round, from the brackets as paired.

mod a11_quality;
mod a8_colour_counts;
mod a_definitions;
mod b_criteria;
mod c12_c13_backtracking;
mod c_procedure;
mod compare;
#[cfg(test)]
mod compare_2017;
mod d1_transpositions;
mod d2_exchanges;
mod d3_moved_down;
mod e_colours;
mod explain;
#[cfg(test)]
mod reference_tests;

use swiss_core::{Colour, Pair, Pairing, RoundState};
use tracing::debug;

use crate::DutchError;

pub(crate) use compare::separate;
pub(crate) use explain::explain;

/// Pairs the round of `state` by the 2012 text.
pub(crate) fn pair(state: &RoundState) -> Result<Pairing, DutchError> {
    let round = a_definitions::Round::new(state);
    debug!(
        target: "swiss_dutch",
        "Dutch 2012: round {} ({} round), {} players",
        round.number,
        if round.odd() { "odd" } else { "even" },
        round.players.len()
    );
    let (pairs, bye) = c12_c13_backtracking::pair_round(&round)?;
    let mut out = Pairing {
        round: state.round,
        pairs: Vec::with_capacity(pairs.len()),
        bye: bye.map(|b| round.p(b).id),
    };
    for (a, b) in pairs {
        // The lower rank index is the higher ranked player (A.2).
        let (hi, lo) = (round.p(a.min(b)), round.p(a.max(b)));
        let c = e_colours::colour_of(hi, lo, true, round.initial);
        let (white, black) = if c == Colour::White {
            (hi.id, lo.id)
        } else {
            (lo.id, hi.id)
        };
        out.pairs.push(Pair { white, black });
    }
    // F.1: boards by the higher player's score, the sum of scores, his rank.
    out.sort_boards(state);
    Ok(out)
}
