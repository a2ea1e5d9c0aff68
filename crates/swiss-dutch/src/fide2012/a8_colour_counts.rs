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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fide2012::a_definitions::Player;
    use crate::fide2012::a_definitions::colour_preference;

    fn round(number: u32, histories: &[&str]) -> Round {
        let players = histories
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let colours: Vec<Colour> = h
                    .chars()
                    .map(|c| {
                        if c == 'W' {
                            Colour::White
                        } else {
                            Colour::Black
                        }
                    })
                    .collect();
                Player {
                    id: i as u32 + 1,
                    colour_rank: i as u32 + 1,
                    score: 10,
                    pref: colour_preference(&colours),
                    colours,
                    floats: [None, None],
                    bye_ok: true,
                    topscorer: false,
                    forbidden: Vec::new(),
                    xxp: swiss_core::Partners::default(),
                }
            })
            .collect();
        Round {
            number,
            initial: Colour::White,
            players,
        }
    }

    /// A.8 in an even round (4). Histories: W B W three times and W W B
    /// (colour difference +1: strong black), B W B (strong white); W B and
    /// B W missed a round (an odd number of unplayed games, mild: white and
    /// black, counted in w and b); one late entrant (no game: a).
    /// W = 1, B = 4, w = 1, b = 1, a = 1, P0 = 4.
    /// X1: B + b = 5 > W + w = 2, so X1 = P0 - W - w - a = 4 - 1 - 1 - 1 = 1.
    /// Z1: B > W, so Z1 = P0 - W - b - w - a = 4 - 1 - 1 - 1 - 1 = 0: the
    /// mild players may take either colour (A.7.e), so every strong
    /// black-wisher can get black.
    #[test]
    fn a8_x1_z1_even_round() {
        let r = round(4, &["WBW", "WBW", "WBW", "WWB", "BWB", "WB", "BW", ""]);
        let all: Vec<usize> = (0..8).collect();
        let c = colour_counts(&r, &all);
        assert_eq!(
            c,
            ColourCounts {
                big_w: 1,
                big_b: 4,
                w: 1,
                b: 1,
                a: 1
            }
        );
        assert_eq!(x1(4, &c), 1);
        assert_eq!(z1(4, &c, false), 0);
    }

    /// A.8 in an odd round (3): no w and b, mild preferences count in W
    /// and B. Histories W B (mild white), B W (mild black) x2, W (one game:
    /// strong black), B B (absolute white), and a late entrant.
    /// W = 2, B = 3, a = 1, P0 = 3: B + b > W + w, X1 = 3 - 2 - 0 - 1 = 0.
    /// Dropping the late entrant and one black-wisher: W = 2, B = 2, P0 = 2,
    /// X1 = P0 - B - b - a = 2 - 2 = 0; with three black-wishers and one
    /// white-wisher: X1 = 2 - 1 = 1. Z1 is 0 in odd rounds.
    #[test]
    fn a8_x1_odd_round() {
        let r = round(3, &["WB", "BW", "BW", "W", "BB", ""]);
        let c = colour_counts(&r, &[0, 1, 2, 3, 4, 5]);
        assert_eq!((c.big_w, c.big_b, c.w, c.b, c.a), (2, 3, 0, 0, 1));
        assert_eq!(x1(3, &c), 0);
        assert_eq!(z1(3, &c, true), 0);
        let c = colour_counts(&r, &[0, 1, 2, 4]);
        assert_eq!(x1(2, &c), 0);
        let c = colour_counts(&r, &[1, 2, 3, 4]);
        assert_eq!((c.big_w, c.big_b), (1, 3));
        assert_eq!(x1(2, &c), 1);
    }
}
