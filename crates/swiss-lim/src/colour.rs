//! Colour allocation of a confirmed pairing: `Lim 5.3`-`5.6`, and the
//! first round's colours by lot (`Lim 7.2`).

use swiss_core::Colour;

use crate::player::Field;

/// Why a pair got its colours (for `--explain`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ColourReason {
    /// `Lim 7.2`: round one, by the drawn colour of player 1 and position.
    FirstRound,
    /// `Lim 5.1 a/b`, `5.3`: only one allocation keeps both players legal.
    Absolute,
    /// `Lim 5.5`/`5.6`: the players are due different colours (or only one
    /// is due a colour).
    Due,
    /// `Lim 5.4`: both due the same colour; the latest round in which their
    /// colours differed decides.
    History,
    /// `Lim 5.4`: identical histories; the higher ranked player (the lower
    /// ranked below the median) gets his due colour.
    Rank,
    /// Neither has played a game yet (after round one): the favoured player
    /// of `Lim 5.4` is treated as in `Lim 7.2`.
    NoHistory,
}

/// The colours of the pair `a`-`b`: `(white, black, reason)`.
/// `lower_half`: the pair was made in a score-group below the median
/// (`Lim 5.4` favours the lower ranked there).
pub(crate) fn allocate(
    field: &Field,
    a: usize,
    b: usize,
    lower_half: bool,
) -> (usize, usize, ColourReason) {
    let gives = |x: usize, c: Colour, why| {
        let y = if x == a { b } else { a };
        if c == Colour::White {
            (x, y, why)
        } else {
            (y, x, why)
        }
    };
    if field.round <= 1 {
        let h = if field.rank_cmp(a, b).is_le() { a } else { b };
        return gives(h, lim_7_2_colour(field, h), ColourReason::FirstRound);
    }
    let (pa, pb) = (field.p(a), field.p(b));
    let a_white = pa.may_get(Colour::White) && pb.may_get(Colour::Black);
    let b_white = pb.may_get(Colour::White) && pa.may_get(Colour::Black);
    if a_white != b_white {
        return gives(a, colour_if(a_white), ColourReason::Absolute);
    }
    let favoured = if field.rank_cmp(a, b).is_le() != lower_half {
        a
    } else {
        b
    };
    match (pa.due, pb.due) {
        (Some(x), Some(y)) if x != y => gives(a, x, ColourReason::Due),
        (Some(x), None) => gives(a, x, ColourReason::Due),
        (None, Some(y)) => gives(b, y, ColourReason::Due),
        (None, None) => gives(
            favoured,
            lim_7_2_colour(field, favoured),
            ColourReason::NoHistory,
        ),
        (Some(x), Some(_)) => match latest_difference(&pa.colours, &pb.colours) {
            // The one who had the other colour then is given `x` now.
            Some((ca, _)) => gives(
                if ca == x.opposite() { a } else { b },
                x,
                ColourReason::History,
            ),
            None => gives(favoured, x, ColourReason::Rank),
        },
    }
}

fn colour_if(white: bool) -> Colour {
    if white { Colour::White } else { Colour::Black }
}

/// `Lim 7.2`: player 1 has the colour drawn by lot, the other odd-numbered
/// players of the upper half the same, the even-numbered the other colour.
/// Numbers are positions in the list of players paired in the round.
fn lim_7_2_colour(field: &Field, h: usize) -> Colour {
    if field.p(h).position % 2 == 1 {
        field.initial
    } else {
        field.initial.opposite()
    }
}

/// `Lim 5.4`: the colours of the latest round (counting back from each
/// player's last game) in which the two had different colours.
fn latest_difference(a: &[Colour], b: &[Colour]) -> Option<(Colour, Colour)> {
    a.iter()
        .rev()
        .zip(b.iter().rev())
        .find(|(x, y)| x != y)
        .map(|(&x, &y)| (x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::{LimPlayer, barred_colours, colour_due};
    use Colour::{Black as B, White as W};
    use swiss_core::Points;

    fn player(id: u32, colours: &[Colour]) -> LimPlayer {
        let barred = barred_colours(colours);
        LimPlayer {
            id,
            score: Points(20),
            rating: 2000,
            colours: colours.to_vec(),
            due: colour_due(colours, barred),
            barred,
            floated_last_round: false,
            bye_eligible: true,
            avoid: Vec::new(),
            forbidden: swiss_core::Partners::default(),
            position: id,
        }
    }

    fn field(players: Vec<LimPlayer>, round: u32) -> Field {
        Field {
            players,
            round,
            last_round: false,
            maxi: false,
            edition: crate::Edition::default(),
            initial: W,
            median4: 0,
            records: None,
        }
    }

    /// Interpretation 9 (`Lim 5.4`): both due black (W B B W alternates
    /// to black; B W B W too). Counting back: W/W, B/B, B/W: at the latest
    /// difference 2 had white, so 2 gets black, although 1 is higher
    /// ranked. With identical histories the higher ranked gets his due
    /// colour, below the median the lower ranked.
    #[test]
    fn interpretation_colours_by_history_then_rank() {
        let f = field(vec![player(1, &[W, B, B, W]), player(2, &[B, W, B, W])], 5);
        assert_eq!(allocate(&f, 0, 1, false), (0, 1, ColourReason::History));
        assert_eq!(allocate(&f, 1, 0, true), (0, 1, ColourReason::History));
        let f = field(vec![player(1, &[W, B, W]), player(2, &[W, B, W])], 4);
        assert_eq!(allocate(&f, 0, 1, false), (1, 0, ColourReason::Rank));
        assert_eq!(allocate(&f, 0, 1, true), (0, 1, ColourReason::Rank));
        // Different colours due: each gets his own (Lim 5.5/5.6).
        let f = field(vec![player(1, &[W, B]), player(2, &[W])], 3);
        assert_eq!(allocate(&f, 0, 1, false), (0, 1, ColourReason::Due));
        // Lim 5.3: 2 must have black after two whites, whatever 1 is due.
        let f = field(vec![player(1, &[W]), player(2, &[B, W, W])], 4);
        assert_eq!(allocate(&f, 0, 1, false), (0, 1, ColourReason::Absolute));
        // No games yet after round one: as Lim 7.2 by position (1 odd).
        let f = field(vec![player(1, &[]), player(2, &[])], 2);
        assert_eq!(allocate(&f, 1, 0, false), (0, 1, ColourReason::NoHistory));
    }
}
