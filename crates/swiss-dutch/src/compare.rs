//! The arbiter's comparison of a proposed pairing with the engine's
//! (C.04.3; FIDE's checklist asks programs to compare a manually changed
//! pairing before it is published). The legality part is
//! `swiss_verify::compare`'s; this file names, for a legal proposal, the
//! first rule in the text's order that prefers the engine's pairing, from
//! the engine's own evaluation: the round is paired with a recorder on
//! (`engine/record.rs`), which judges the proposal in the first bracket
//! where its pairs differ, with that bracket's packed weights; when every
//! bracket's pairs agree, the colour rule (E.1-E.5) that gave the engine's
//! colours.
//! The 2012 edition, whose search weighs no brackets, is judged by
//! `fide2012/compare.rs` with that engine's own measures.

use swiss_core::{Pairing, RoundState, Separation, SeparationKind};

use crate::colour::colour_and_rule;
use crate::engine::{Fide2017, Fide2026};
use crate::player::in_pairing_order;
use crate::{Edition, Error, Options};

/// For `proposed`, a legal and complete pairing of the round `state`
/// describes that is not the engine's: the first rule, in the text's
/// order, that prefers the engine's pairing (a quality criterion with both
/// values, the candidate order, or a colour rule); for the 2012 edition
/// the first of C.14's state, C.10's requirements, the order of D.1-D.3
/// and section E (`fide2012/compare.rs`). `None` when nothing is named.
/// Check legality first (`swiss_verify::compare` does both): the value of
/// an illegal proposal is not defined.
pub fn separate(
    state: &RoundState,
    proposed: &Pairing,
    options: &Options,
) -> Result<Option<Separation>, Error> {
    if options.edition == Edition::Fide2012 {
        // The 2012 search is the text's own procedure: `fide2012/compare.rs`
        // judges the proposal with its measures (C.14, C.10, D.1-D.3, E).
        let found = state.to_pair().count();
        if found > crate::MAX_PLAYERS_2012 {
            return Err(crate::DutchError::TooManyPlayers2012 {
                limit: crate::MAX_PLAYERS_2012,
                found,
            }
            .into_error(state.round));
        }
        return crate::fide2012::separate(state, proposed).map_err(|e| e.into_error(state.round));
    }
    let (engine, recorded) = crate::pair_recorded(state, options, Some(proposed));
    let engine = engine?;
    if let Some((_, s)) = recorded.separation {
        return Ok(Some(s));
    }
    Ok(colour_separation(state, &engine, proposed, options.edition))
}

/// The same pairs with other colours: the colour rule (E.1-E.5; 2026:
/// 5.2.1-5.2.5) that gave the engine's colours on the first board the
/// proposal reverses.
fn colour_separation(
    state: &RoundState,
    engine: &Pairing,
    proposed: &Pairing,
    edition: Edition,
) -> Option<Separation> {
    let reversed = proposed.pairs.iter().find(|p| {
        engine
            .pairs
            .iter()
            .any(|e| (e.white, e.black) == (p.black, p.white))
    })?;
    let field = match edition {
        Edition::Fide2026 => in_pairing_order::<Fide2026>(state),
        _ => in_pairing_order::<Fide2017>(state),
    };
    let find = |s| field.iter().find(|p| p.start_no == s);
    let (x, y) = (find(reversed.white)?, find(reversed.black)?);
    // As `pair` does: the colour of the lower start number, against the other.
    let (a, b) = if x.start_no < y.start_no {
        (x, y)
    } else {
        (y, x)
    };
    let (colour, rule) = colour_and_rule(a, b, state.initial_colour);
    let white = if colour == swiss_core::Colour::White {
        a.start_no
    } else {
        b.start_no
    };
    Some(Separation {
        kind: SeparationKind::Colour,
        unit: format!("the board of {} and {}", a.start_no, b.start_no),
        rule: edition.cite(&format!("E.{}", rule.number())),
        measure: rule.describe().into(),
        engine: format!("{white} has white"),
        proposed: format!("{} has white", reversed.white),
    })
}
