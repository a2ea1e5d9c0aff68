//! `Dubov E.0-E.4`: who plays White in a pair.

use std::cmp::Reverse;

use swiss_core::Colour;

use crate::player::Round;

/// The higher ranked of `a` and `b` (E.0, E.4): more points, then higher in
/// the initial ranking.
pub(crate) fn higher_ranked(round: &Round, a: usize, b: usize) -> usize {
    let key = |i: usize| (Reverse(round.players[i].score), round.players[i].rank);
    if key(a) <= key(b) { a } else { b }
}

/// Colours of the pair `a`-`b` (indices into [`Round::players`]): returns
/// `(white, black)`. Rules in descending priority:
///
/// - `Dubov E.0`: both have yet to play a game: the higher ranked player
///   gets the initial colour if his pairing number is odd, else the other.
/// - `Dubov E.1`: grant both colour preferences.
/// - `Dubov E.2`: grant the stronger colour preference.
/// - `Dubov E.3`: alternate the colours to the most recent time one had
///   White and the other Black, comparing the played colours only, aligned
///   at the latest game (C.04.2 D.5; interpretation 6).
/// - `Dubov E.4`: grant the colour preference of the higher ranked player.
pub(crate) fn allocate(round: &Round, a: usize, b: usize) -> (usize, usize) {
    allocate_why(round, a, b).0
}

/// [`allocate`] with the rule that decided (`E.0`-`E.4`, 2018 ids), for
/// the arbiter's comparison and account.
pub(crate) fn allocate_why(round: &Round, a: usize, b: usize) -> ((usize, usize), &'static str) {
    let (pa, pb) = (&round.players[a], &round.players[b]);
    let hi = higher_ranked(round, a, b);
    let lo = if hi == a { b } else { a };
    let white = |w: usize| if w == a { (a, b) } else { (b, a) };
    let grant = |x: usize| {
        if round.players[x].pref.colour == Colour::White {
            white(x)
        } else {
            white(if x == a { b } else { a })
        }
    };
    if pa.no_games() && pb.no_games() {
        let odd = round.players[hi].pairing_no % 2 == 1;
        let c = if odd {
            round.initial_colour
        } else {
            round.initial_colour.opposite()
        };
        let pair = if c == Colour::White {
            (hi, lo)
        } else {
            (lo, hi)
        };
        return (pair, "E.0");
    }
    if pa.pref.colour != pb.pref.colour {
        return (grant(a), "E.1");
    }
    if pa.pref.strength != pb.pref.strength {
        let stronger = if pa.pref.strength > pb.pref.strength {
            a
        } else {
            b
        };
        return (grant(stronger), "E.2");
    }
    for (ca, cb) in pa.colours.iter().rev().zip(pb.colours.iter().rev()) {
        if ca != cb {
            // Each takes the colour the other had then.
            let pair = if *ca == Colour::Black { (a, b) } else { (b, a) };
            return (pair, "E.3");
        }
    }
    (grant(hi), "E.4")
}
