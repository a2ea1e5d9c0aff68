//! Dutch 2012 E: colour allocation for one pair.

use swiss_core::Colour;

use super::a_definitions::Strength;

use super::a_definitions::Player;

/// The colours of the most recent round in which `p` and `o` played with
/// different colours (E.3), the played games of each counted back from
/// the last one (F.3: unplayed rounds are skipped).
fn last_difference(p: &Player, o: &Player) -> Option<(Colour, Colour)> {
    p.colours
        .iter()
        .rev()
        .zip(o.colours.iter().rev())
        .find(|(a, b)| a != b)
        .map(|(&a, &b)| (a, b))
}

/// The strength of a preference for E.2 (none is weakest).
fn strength(p: &Player) -> u8 {
    match p.strength() {
        None => 0,
        Some(Strength::Mild) => 1,
        Some(Strength::Strong) => 2,
        Some(Strength::Absolute) => 3,
    }
}

/// E.1-E.5: the colour `p` gets against `o`; `p_higher`: `p` is the
/// higher ranked player of the two (A.2).
pub(crate) fn colour_of(p: &Player, o: &Player, p_higher: bool, initial: Colour) -> Colour {
    match (p.colour(), o.colour()) {
        // E.1: grant both preferences (or the only one there is).
        (Some(a), Some(b)) if a != b => return a,
        (Some(a), None) => return a,
        (None, Some(b)) => return b.opposite(),
        (None, None) => {
            // E.5: in the first round (and whenever neither has played) the
            // higher ranked player gets the colour of the lot when his
            // pairing number is odd, the other colour when it is even.
            let higher = if p_higher { p } else { o };
            let c = if higher.colour_rank % 2 == 1 {
                initial
            } else {
                initial.opposite()
            };
            return if p_higher { c } else { c.opposite() };
        }
        _ => {}
    }
    // Both want the same colour.
    let (sp, so) = (strength(p), strength(o));
    let want = p.colour().unwrap_or(initial);
    if sp != so {
        // E.2: grant the stronger preference.
        return if sp > so { want } else { want.opposite() };
    }
    // E.3: alternate to the most recent round with different colours.
    if let Some((mine, _)) = last_difference(p, o) {
        return mine.opposite();
    }
    // E.4: grant the preference of the higher ranked player.
    if p_higher { want } else { want.opposite() }
}
