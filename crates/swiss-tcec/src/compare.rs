//! The arbiter's comparison (issue 29): the first TCEC step where a
//! proposal that the verifier accepts parts from the engine's round. It
//! reads the engine's own round (`pair_round`: the pairing order, the BYE,
//! the removal counter and the pairs in the order STEP 4 made them) and
//! the encounter history the engine paired with (`History`), so nothing
//! is judged a second way.
//!
//! The steps, in the text's order: `TCEC STEP 2` (the BYE), `TCEC STEP 4`
//! (each first-of-pair takes the highest-ranked allowed player that keeps
//! the round viable), `TCEC STEP 5` (colours). `TCEC STEP 3`'s pairing
//! condition is absolute, so [`breaches`] reports a pair that met in a
//! round the engine's encounter history still keeps as illegal: the
//! verifier cannot see it, since what is kept depends on the viability
//! of every earlier round.

use std::collections::BTreeMap;

use swiss_core::{Breach, Pairing, Separation, SeparationKind, StartNo, Tournament};

use crate::error::TcecError;
use crate::model::{Format, Options};
use crate::pairing::pair_round_with_history;

/// The first step that prefers the engine's pairing of TRF column
/// `t.next_round()` to `proposed`; `None` when none does (the same
/// pairing, or the second column of a double round, which only repeats
/// the first).
pub(crate) fn separate(
    t: &Tournament,
    opts: &Options,
    proposed: &Pairing,
) -> Result<Option<Separation>, TcecError> {
    let column = t.next_round();
    if opts.format == Format::Double && column.is_multiple_of(2) {
        return Ok(None);
    }
    let round = opts.format.tcec_round_of_column(column);
    let (engine, h) = pair_round_with_history(t, opts, round)?;
    let index = indices(t);
    let place: BTreeMap<StartNo, usize> = engine
        .pairing_order
        .iter()
        .enumerate()
        .map(|(k, &s)| (s, k + 1))
        .collect();
    let at = |s: StartNo| {
        place
            .get(&s)
            .map_or_else(|| format!("{s}"), |k| format!("{s} (place {k})"))
    };
    let partner = proposed.opponents();
    // STEP 2: fewest BYEs received, then lowest in the pairing order.
    if proposed.bye != engine.bye {
        let byes = |s: Option<StartNo>| {
            s.and_then(|s| index.get(&s))
                .map_or_else(|| "none".to_string(), |&i| h.byes[i].to_string())
        };
        let show = |s: Option<StartNo>| s.map_or_else(|| "none".to_string(), at);
        let (measure, ev, pv) = if byes(engine.bye) == byes(proposed.bye) {
            (
                "equal BYEs received: the lowest in the pairing order",
                show(engine.bye),
                show(proposed.bye),
            )
        } else {
            (
                "the fewest BYEs received",
                format!("{} ({} BYEs)", show(engine.bye), byes(engine.bye)),
                format!("{} ({} BYEs)", show(proposed.bye), byes(proposed.bye)),
            )
        };
        return Ok(Some(Separation::new(
            SeparationKind::Criterion,
            "the BYE",
            "TCEC STEP 2",
            measure,
            ev,
            pv,
        )));
    }
    // STEP 3 (the pairing condition) is absolute: a proposal that breaks
    // it is illegal (`breaches`, the verifier), never compared here.
    // STEP 4: the pairs in the order made.
    for pair in &engine.pairs {
        let theirs = partner.get(&pair.first).copied();
        if theirs == Some(pair.second) {
            continue;
        }
        let unit = format!("the first-of-pair {}", at(pair.first));
        let Some(y) = theirs else {
            return Ok(Some(Separation::new(
                SeparationKind::NotCandidate,
                &unit,
                "TCEC STEP 4",
                "the second-of-pair",
                at(pair.second),
                "none",
            )));
        };
        let later = place.get(&y) > place.get(&pair.second);
        let kind = if later {
            SeparationKind::Criterion
        } else {
            // A higher-ranked player the engine passed over: only the
            // viability of the rest (STEP 3) does that.
            SeparationKind::NotCandidate
        };
        return Ok(Some(Separation::new(
            kind,
            &unit,
            "TCEC STEP 4",
            "the highest-ranked unpaired player that meets the pairing condition and keeps the round viable",
            at(pair.second),
            at(y),
        )));
    }
    // STEP 5: the same pairs, other colours.
    for pair in &engine.pairs {
        if proposed
            .pairs
            .iter()
            .any(|p| p.white == pair.black && p.black == pair.white)
        {
            return Ok(Some(Separation::new(
                SeparationKind::Colour,
                format!("the board of {} and {}", pair.first, pair.second),
                "TCEC STEP 5",
                "who gets White (the greater WGD gets black, then the higher score, then the 2112 pattern)",
                pair.white.to_string(),
                pair.black.to_string(),
            )));
        }
    }
    Ok(None)
}

/// `TCEC STEP 3`: the pairing condition with the encounter history the
/// engine keeps for TRF column `t.next_round()` (its earliest rounds
/// removed only as far as a viable pairing needs, the removals of earlier
/// rounds carried over): each proposed pair that met in a round still
/// kept breaks it. The second column of a double round repeats the first
/// (the verifier checks that).
pub(crate) fn breaches(
    t: &Tournament,
    opts: &Options,
    proposed: &Pairing,
) -> Result<Vec<Breach>, TcecError> {
    let column = t.next_round();
    if opts.format == Format::Double && column.is_multiple_of(2) {
        return Ok(Vec::new());
    }
    let round = opts.format.tcec_round_of_column(column);
    let (engine, h) = pair_round_with_history(t, opts, round)?;
    let removed = engine.history_rounds_removed;
    let index = indices(t);
    let mut out = Vec::new();
    for p in &proposed.pairs {
        let (Some(&a), Some(&b)) = (index.get(&p.white), index.get(&p.black)) else {
            continue;
        };
        let met = h.last_met(a, b);
        if met > removed {
            out.push(Breach {
                rule: "TCEC STEP 3".into(),
                detail: format!(
                    "{} and {} met in round {met}, which the encounter history keeps ({})",
                    p.white,
                    p.black,
                    if removed == 0 {
                        "no round removed".to_string()
                    } else {
                        format!("rounds 1-{removed} removed")
                    }
                ),
            });
        }
    }
    Ok(out)
}

/// Each player's index in `t.players`, by start number.
fn indices(t: &Tournament) -> BTreeMap<StartNo, usize> {
    t.players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.start_no, i))
        .collect()
}
