//! Colour allocation for a pair (C.04.3 E.1-E.5).

use swiss_core::Colour;

use crate::player::{Player, preferences_compatible};

/// Whether `p` ranks below `o` (A.2: lower pairing score, or equal score and
/// higher pairing number).
pub(crate) fn ranks_below(p: &Player, o: &Player) -> bool {
    (p.score, o.pairing_number) < (o.score, p.pairing_number)
}

/// The colours of the most recent played game (C.04.2 D.5 alignment: played
/// games counted back from the last) in which `p` and `o` had different colours.
fn last_difference(p: &Player, o: &Player) -> Option<(Colour, Colour)> {
    p.colours
        .iter()
        .rev()
        .zip(o.colours.iter().rev())
        .find(|(a, b)| a != b)
        .map(|(&a, &b)| (a, b))
}

/// E.1-E.3: the colour of `p` against `o` when the preferences and the
/// colour histories decide it, `None` when they do not.
fn decided_colour(p: &Player, o: &Player) -> Option<Colour> {
    if preferences_compatible(p.preference, o.preference) {
        // E.1: both preferences granted (or only one player has one).
        return p.preference.or(o.preference.map(Colour::opposite));
    }
    // E.2: the stronger preference; between two absolutes, the wider difference.
    if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
        return p.preference;
    }
    if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
        return o.preference.map(Colour::opposite);
    }
    if p.strong() && !o.strong() {
        return p.preference;
    }
    if o.strong() && !p.strong() {
        return o.preference.map(Colour::opposite);
    }
    // E.3: alternate from the most recent game with different colours.
    last_difference(p, o).map(|(_, theirs)| theirs)
}

/// The colour `p` gets against `o` (C.04.3 E.1-E.5).
pub(crate) fn colour_of(p: &Player, o: &Player, initial: Colour) -> Colour {
    if let Some(c) = decided_colour(p, o) {
        return c;
    }
    let p_lower = ranks_below(p, o);
    match p.preference {
        // E.4: the higher ranked player's preference.
        Some(pref) => {
            if p_lower {
                o.preference.map_or(pref, Colour::opposite)
            } else {
                pref
            }
        }
        // E.5: the higher ranked player gets the initial colour when his
        // pairing number is odd.
        None => {
            let (higher, p_is_higher) = if p_lower { (o, false) } else { (p, true) };
            let higher_gets = if higher.pairing_number % 2 == 1 {
                initial
            } else {
                initial.opposite()
            };
            if p_is_higher {
                higher_gets
            } else {
                higher_gets.opposite()
            }
        }
    }
}

/// The initial colour a recorded round 1 implies under E.5 (odd pairing
/// numbers get the initial colour when the top half meets the bottom half):
/// the colour of the top-ranked player who played in round 1, flipped when
/// his E.5 pairing number was even, pairing numbers counting only players
/// paired in round 1 (oracle README, "How to derive test case k", steps 6
/// and 7). `None` when nobody played round 1.
pub(crate) fn initial_colour_from_round_1(t: &swiss_core::Tournament) -> Option<Colour> {
    let mut rank = 0;
    for p in &t.players {
        let e = p.entry(1);
        if e.is_paired() {
            rank += 1;
        }
        if let (Some(_), Some(c)) = (e.opponent, e.colour) {
            return Some(if rank % 2 == 1 { c } else { c.opposite() });
        }
    }
    None
}
