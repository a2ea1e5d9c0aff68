//! The rules of the 2026 edition (C.04.3 applied from 1 February 2026,
//! criteria C1-C21) that do not fit the 2017 edition's definitions: each
//! function cites the 2026 criterion it implements. The floats of unplayed
//! rounds (Art. 1.4) are in `float.rs`, PAB eligibility (C2) in
//! `player.rs`, the criteria as weights (C4-C21) in
//! `engine/criteria/fide2026.rs`, C4 in every bracket in
//! `engine/round_2026.rs`; the candidate machinery is the 2017 edition's.

use crate::engine::{AbsoluteCriteria, completable};
use crate::player::Player;

/// C.04.3 (2026) C5: the pairing-allocated bye goes to a player whose
/// score is as low as a complete round-pairing allows.
///
/// Fixed once, before the first bracket (as the reference engine does):
/// the lowest score at which some PAB-eligible (C2) player can take the
/// bye while everybody else is paired under C1-C3 is found, and every
/// eligible player above that score loses his eligibility for this round.
/// The completion test of each bracket (C4) then keeps the bye there.
/// Returns that score (`None` for an even field, or when no level works).
/// Nothing changes when the field is even or no score level allows a
/// complete pairing (the round loop refuses such a round before C5).
/// `absolute` is the field's C1-C3, which do not read PAB eligibility.
pub(crate) fn c5_lowest_pab_score(
    field: &mut [Player],
    absolute: &AbsoluteCriteria,
) -> Option<i32> {
    if field.len().is_multiple_of(2) {
        return None;
    }
    let mut levels: Vec<i32> = field
        .iter()
        .filter(|p| p.may_get_bye)
        .map(|p| p.score)
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let eligible: Vec<bool> = field.iter().map(|p| p.may_get_bye).collect();
    let nobody = vec![None; field.len()];
    for &level in &levels {
        for (p, &was) in field.iter_mut().zip(&eligible) {
            p.may_get_bye = was && p.score <= level;
        }
        if completable(field, absolute, &nobody) {
            tracing::debug!(
                score = %swiss_core::Points(level),
                "C5: the PAB goes to a player of this score or lower"
            );
            return Some(level);
        }
    }
    for (p, was) in field.iter_mut().zip(eligible) {
        p.may_get_bye = was;
    }
    None
}
