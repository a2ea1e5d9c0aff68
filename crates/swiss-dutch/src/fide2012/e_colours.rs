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
    colour_and_rule(p, o, p_higher, initial).0
}

/// What each colour rule of section E decides, for the arbiter (rule
/// number 1-5).
pub(crate) fn describe(rule: u8) -> &'static str {
    match rule {
        1 => "both colour preferences granted, or the only one there is",
        2 => "both want the same colour: the stronger preference is granted",
        3 => {
            "equally strong preferences for the same colour: each alternates from the most recent round in which they had different colours"
        }
        4 => {
            "equally strong preferences, the same colour history: the higher ranked player's preference is granted"
        }
        _ => {
            "neither has a preference: the higher ranked player gets the initial colour with an odd pairing number, the other colour with an even one"
        }
    }
}

/// [`colour_of`], with the number of the rule of section E that decided
/// (1-5): the one function the pairing and the arbiter's account share.
pub(crate) fn colour_and_rule(
    p: &Player,
    o: &Player,
    p_higher: bool,
    initial: Colour,
) -> (Colour, u8) {
    match (p.colour(), o.colour()) {
        // E.1: grant both preferences (or the only one there is).
        (Some(a), Some(b)) if a != b => return (a, 1),
        (Some(a), None) => return (a, 1),
        (None, Some(b)) => return (b.opposite(), 1),
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
            return (if p_higher { c } else { c.opposite() }, 5);
        }
        _ => {}
    }
    // Both want the same colour.
    let (sp, so) = (strength(p), strength(o));
    let want = p.colour().unwrap_or(initial);
    if sp != so {
        // E.2: grant the stronger preference.
        return (if sp > so { want } else { want.opposite() }, 2);
    }
    // E.3: alternate to the most recent round with different colours.
    if let Some((mine, _)) = last_difference(p, o) {
        return (mine.opposite(), 3);
    }
    // E.4: grant the preference of the higher ranked player.
    (if p_higher { want } else { want.opposite() }, 4)
}
