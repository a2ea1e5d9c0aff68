//! Dutch 2012 A.8: X1 and Z1, the least numbers of pairs of a score
//! bracket that cannot fulfil all colour preferences (X1) and, in even
//! rounds, all strong colour preferences (Z1).

use swiss_core::Colour;

use super::a_definitions::Round;

/// The counts A.8 works with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ColourCounts {
    /// `W`: players with a colour preference for white (in even rounds
    /// other than the mild ones counted in `w`).
    pub(crate) big_w: usize,
    /// `B`: the same for black.
    pub(crate) big_b: usize,
    /// `w`: in even rounds, players with an odd number of unplayed games
    /// and a mild preference for white (A.7.e); 0 in odd rounds.
    pub(crate) w: usize,
    /// `b`: the same for black.
    pub(crate) b: usize,
    /// `a`: players who have not played a game yet (no preference, A.7.f).
    pub(crate) a: usize,
}

/// Counts the colour preferences of `players` (ranks) for A.8.
pub(crate) fn colour_counts(round: &Round, players: &[usize]) -> ColourCounts {
    let mut c = ColourCounts::default();
    for &i in players {
        let p = round.p(i);
        // In an even round a mild preference means an even number of
        // games, i.e. an odd number of unplayed rounds (A.7.e).
        let flexible = !round.odd() && p.mild();
        match (p.colour(), flexible) {
            (None, _) => c.a += 1,
            (Some(Colour::White), false) => c.big_w += 1,
            (Some(Colour::Black), false) => c.big_b += 1,
            (Some(Colour::White), true) => c.w += 1,
            (Some(Colour::Black), true) => c.b += 1,
        }
    }
    c
}

/// A.8.a: `X1 = P0 - W - w - a` when `B + b > W + w`, else
/// `X1 = P0 - B - b - a`; never below zero.
pub(crate) fn x1(p0: usize, c: &ColourCounts) -> usize {
    let minority = if c.big_b + c.b > c.big_w + c.w {
        c.big_w + c.w
    } else {
        c.big_b + c.b
    };
    p0.saturating_sub(minority + c.a)
}

/// A.8.b (even rounds): `Z1 = P0 - W - b - w - a` when `B > W`, else
/// `Z1 = P0 - B - b - w - a`; never below zero. Zero in odd rounds.
pub(crate) fn z1(p0: usize, c: &ColourCounts, odd: bool) -> usize {
    if odd {
        return 0;
    }
    let minority = if c.big_b > c.big_w { c.big_w } else { c.big_b };
    p0.saturating_sub(minority + c.b + c.w + c.a)
}
