//! Accelerated (fictitious) points: the one form both readers leave them
//! in, and the Baku method (FIDE C.04.7, "Baku acceleration") that a
//! `192 ..._BAKU` tournament type selects.
//!
//! Acceleration is a rule every system that accepts it shares: fictitious
//! points are added to a player's score for pairing only, never to his
//! points. Which systems read them is each system's business.

use crate::model::{StartNo, Tournament};
use crate::points::{PointSystem, Points};

/// Whether a tournament type code (record `192`) asks for Baku
/// acceleration: it ends with `_BAKU` (`FIDE_DUTCH_BAKU`,
/// `FIDE_DUTCH_2026_BAKU`, ...), in any case.
pub fn is_baku(code: &str) -> bool {
    code.trim().to_ascii_uppercase().ends_with("_BAKU")
}

/// The Baku method (C.04.7) for `players` players and `rounds` planned
/// rounds under the point system `ps`: the size of group A and the
/// fictitious points its members get in each round (round 1 first).
///
/// - Group A is the first `2 * ceil(players / 4)` players by pairing
///   number (the first half, rounded up to an even number).
/// - The first `ceil(rounds / 2)` rounds are accelerated: the first
///   `ceil(ceil(rounds / 2) / 2)` of them by a win's points, the rest by a
///   draw's.
///
/// Reading: "a win" and "a draw" are the point system's values for White
/// (`162 W`, `162 D`); the text speaks of 1 and ½ points, which they are
/// under the default system.
pub fn baku(players: usize, rounds: u32, ps: &PointSystem) -> (usize, Vec<Points>) {
    let group = 2 * players.div_ceil(4);
    let accelerated = rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    let values = (1..=accelerated)
        .map(|r| {
            if r <= full {
                ps.win_white
            } else {
                ps.draw_white
            }
        })
        .collect();
    (group, values)
}

/// Puts a validated tournament's accelerations in their one form, and
/// fills them by the Baku method when the tournament type asks for it and
/// the file gives none (explicit `XXA`/`250` values take precedence, as in
/// TRF-2026).
///
/// The one form: one entry per player, by start number, without trailing
/// zero rounds, no entry without a non-zero value. An `XXA` line and the
/// `250` records that say the same thing so read the same, and writing a
/// tournament in either dialect and reading it back gives it back.
pub(crate) fn settle(t: &mut Tournament) {
    let mut entries: Vec<(StartNo, Vec<Points>)> = std::mem::take(&mut t.accelerations);
    for (_, v) in &mut entries {
        while v.last() == Some(&Points::ZERO) {
            v.pop();
        }
    }
    entries.retain(|(_, v)| !v.is_empty());
    // The validator refused two entries for one player, so the order is
    // total.
    entries.sort_by_key(|(id, _)| *id);
    // A team tournament's acceleration is by team (C.04.7 on the teams'
    // TPNs, records `250` in the team section): the team engine applies it.
    if entries.is_empty()
        && t.teams.is_none()
        && let (Some(code), Some(rounds)) = (&t.system, t.planned_rounds)
        && is_baku(code)
    {
        let (group, values) = baku(t.players.len(), rounds, &t.point_system);
        if values.iter().any(|v| *v != Points::ZERO) {
            entries = t
                .players
                .iter()
                .take(group)
                .map(|p| (p.start_no, values.clone()))
                .collect();
        }
    }
    t.accelerations = entries;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C.04.7: 161 players, 9 rounds: group A is 82 players (the first
    /// half rounded up to an even number); rounds 1-5 are accelerated, 1-3
    /// by a win and 4-5 by a draw.
    #[test]
    fn c047_baku_group_and_rounds() {
        let ps = PointSystem::default();
        let (group, values) = baku(161, 9, &ps);
        assert_eq!(group, 82);
        let tenths: Vec<i32> = values.iter().map(|p| p.0).collect();
        assert_eq!(tenths, [10, 10, 10, 5, 5]);
        let (group, values) = baku(32, 11, &ps);
        assert_eq!(group, 16);
        assert_eq!(values.len(), 6);
        assert_eq!(values.iter().filter(|v| v.0 == 10).count(), 3);
        let (group, values) = baku(5, 1, &ps);
        assert_eq!((group, values.len()), (4, 1));
    }

    #[test]
    fn baku_codes() {
        assert!(is_baku("FIDE_DUTCH_BAKU"));
        assert!(is_baku(" fide_dutch_2026_baku "));
        assert!(!is_baku("FIDE_DUTCH_2026"));
    }
}
