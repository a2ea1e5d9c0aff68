//! Dutch 2012 B: the pairing criteria, as facts about one pair or one
//! floater. The absolute criteria (B.1, B.2) decide whether an edge exists;
//! the requirements C.3 sets and C.10 lowers (B.2 for top scorers, A.7.d,
//! X and Z of A.8, B.5 and B.6) are flags the quality of A.11 counts.

use crate::float::Float;

use super::a_definitions::Player;

/// B.2 broken between two top-scorer-exempt players (B.2 note).
pub(crate) const B2: u8 = 1;
/// A.7.d broken: in an odd round, two players with the same strong (or a
/// strong and an absolute) colour preference meet.
pub(crate) const A7D: u8 = 1 << 1;
/// A.8.a (X): a pair not fulfilling all colour preferences.
pub(crate) const X: u8 = 1 << 2;
/// A.8.b (Z): in an even round, a pair not fulfilling all strong colour
/// preferences (mild preferences count for either colour, A.7.e).
pub(crate) const Z: u8 = 1 << 3;
/// B.5 for downfloaters: a player moved down who floated down last round.
pub(crate) const B5_DOWN: u8 = 1 << 4;
/// B.6 for downfloaters: a player moved down who floated down two rounds before.
pub(crate) const B6_DOWN: u8 = 1 << 5;
/// B.5 for upfloaters: a resident paired with a moved-down player who
/// floated up last round.
pub(crate) const B5_UP: u8 = 1 << 6;
/// B.6 for upfloaters: the same, two rounds before.
pub(crate) const B6_UP: u8 = 1 << 7;

/// B.1.a and `XXP`: the two have not met and are not forbidden to meet.
pub(crate) fn b1_may_meet(a: &Player, b: &Player) -> bool {
    a.forbidden.binary_search(&b.id).is_err()
        && b.forbidden.binary_search(&a.id).is_err()
        && !a.xxp.contains(&b.id)
}

/// B.2: both have the same absolute colour preference.
pub(crate) fn same_absolute(a: &Player, b: &Player) -> bool {
    a.absolute() && b.absolute() && a.colour() == b.colour()
}

/// The B.2 note: when pairing top scorers B.2 may be ignored; a pair with
/// at least one top scorer is exempt (the other counts as a top scorer for
/// colour allocation).
pub(crate) fn topscorer_pair(a: &Player, b: &Player) -> bool {
    a.topscorer || b.topscorer
}

/// The absolute criteria for one pair (B.1.a, B.2 with its note): C.1's
/// compatibility, and the edges of every search.
pub(crate) fn compatible(a: &Player, b: &Player) -> bool {
    b1_may_meet(a, b) && (!same_absolute(a, b) || topscorer_pair(a, b))
}

/// A.8.a: the pair cannot fulfil both colour preferences.
pub(crate) fn colour_conflict(a: &Player, b: &Player) -> bool {
    matches!((a.colour(), b.colour()), (Some(x), Some(y)) if x == y)
}

/// The requirement flags one pair breaks. `odd`: an odd round (A.7.d,
/// else A.7.e and Z); `upfloat`: `b` is a resident paired with the
/// moved-down `a` in the heterogeneous part (C.3.g/h).
pub(crate) fn pair_flags(a: &Player, b: &Player, odd: bool, upfloat: bool) -> u8 {
    let mut f = 0;
    if same_absolute(a, b) {
        f |= B2;
    }
    if colour_conflict(a, b) {
        f |= X;
        let firm = |p: &Player| p.strong() || p.absolute();
        if odd && firm(a) && firm(b) && (a.strong() || b.strong()) {
            // A.7.d: a strong preference counts as absolute in odd rounds.
            f |= A7D;
        }
        if !odd && !a.mild() && !b.mild() {
            // A.7.e: a mild preference may count for either colour.
            f |= Z;
        }
    }
    if upfloat {
        if b.float(1) == Some(Float::Up) {
            f |= B5_UP;
        }
        if b.float(2) == Some(Float::Up) {
            f |= B6_UP;
        }
    }
    f
}

/// The requirement flags a player moved down (or given the bye) breaks:
/// B.5 and B.6 for downfloaters.
pub(crate) fn floater_flags(p: &Player) -> u8 {
    let mut f = 0;
    if p.float(1) == Some(Float::Down) {
        f |= B5_DOWN;
    }
    if p.float(2) == Some(Float::Down) {
        f |= B6_DOWN;
    }
    f
}
