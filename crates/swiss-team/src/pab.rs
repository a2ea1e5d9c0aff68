//! `C.04.6 3.4`: the pairing-allocated bye, the first step of the
//! pairing (`3.3.2`).

use std::cmp::Reverse;

use swiss_matching::CardinalityMatcher;

use crate::field::Field;

/// `3.4`: with an odd number of teams, the team that gets the PAB: among
/// those `C2` allows (`2.1.2`), the first by the lowest score (`3.4.2`),
/// the most matches played (`3.4.3`) and the largest TPN (`3.4.4`) whose
/// bye leaves the others a pairing (`3.4.1`, `C3`). `Ok(None)` with an
/// even number; `Err` when no team's bye leaves the others a pairing.
pub fn pairing_allocated_bye(f: &Field<'_>) -> Result<Option<usize>, String> {
    let n = f.len();
    if n.is_multiple_of(2) {
        return Ok(None);
    }
    let mut order: Vec<usize> = (0..n).filter(|&i| !f.teams[i].pab_barred).collect();
    order.sort_by_key(|&i| {
        let t = f.teams[i];
        (t.score, Reverse(t.matches_played), Reverse(t.tpn))
    });
    // The bye is one more vertex, adjacent to every team C2 allows: a
    // perfect matching with the bye vertex fixed to a team is a legal
    // pairing of the others.
    let bye = n;
    let mut m = CardinalityMatcher::new(n + 1, |u, v| {
        if v == bye {
            !f.teams[u].pab_barred
        } else {
            f.compatible(u, v)
        }
    });
    m.maximum_matching();
    if m.is_perfect()
        && let Some(&b) = order.iter().find(|&&b| m.try_fix_pair(b, bye))
    {
        return Ok(Some(b));
    }
    Err(format!(
        "no team can receive the pairing-allocated bye (C.04.6 2.1.2 [C2]) and leave a \
         pairing of the others (3.4.1, 2.1.1 [C1]): {} teams to pair",
        n
    ))
}
