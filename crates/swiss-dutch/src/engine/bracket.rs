//! One pairing bracket (C.04.3 A.3, B.1-B.4): its players, the shape of
//! its packed weights, B.4's perfect first candidate, and the choice of the
//! weight width for its matching.

use std::cell::RefCell;

use super::completion::AbsoluteCriteria;
use super::criteria::{EditionRules, colour_criteria};
use super::record::Recorder;
use super::weights::bits;
use crate::float::Float;
use crate::player::Player;
use crate::{DutchError, Edition};

/// Bounds on the low bits of every weight kept free for the D.1 bonuses of
/// the remainder (one field per S1R player of a window).
const MIN_WINDOW_BITS: u32 = 60;
const MAX_WINDOW_BITS: u32 = 120;

/// One bracket being paired: `members` are positions in the A.2-sorted
/// field; `members[..mdps]` are the MDPs, `members[mdps..size]` the
/// residents and `members[size..]` the next scoregroup (or all remaining
/// players, for the PPB and the CLB), considered with the bracket for C.7.
/// In the 2026 edition `members[size..next_end]` is the next scoregroup
/// and `members[next_end..]` every other player left, there for the
/// completion test (C4) only. `E` is the edition whose criteria the
/// weights pack, with what they need to know of the bracket.
pub(crate) struct Bracket<'a, E> {
    pub(crate) field: &'a [Player],
    pub(crate) absolute: &'a AbsoluteCriteria,
    pub(crate) members: Vec<usize>,
    /// M0 (B.1.a): the MDPs, first in `members`.
    pub(crate) mdps: usize,
    /// MDPs and residents: the bracket proper.
    pub(crate) size: usize,
    /// The PPB or the CLB (A.9): completion is a criterion, C.7 is not.
    /// In the 2026 edition: `members` hold every player not yet paired
    /// ([`Bracket::completion`]).
    pub(crate) ppb_or_clb: bool,
    /// The players after the bracket are the last scoregroup.
    pub(crate) next_is_last: bool,
    /// Rounds already played.
    pub(crate) rounds_played: u32,
    // The shape of the packed weight (the edition's file in criteria/):
    /// Bits of a count of the bracket's residents (pairs, players).
    pub(crate) resident_bits: u32,
    /// Bits of a count of the next scoregroup's players.
    pub(crate) next_bits: u32,
    /// Low bits reserved for the D.1 bonuses of the remainder: enough for
    /// every S1R player of the bracket in one solve when that stays within
    /// bounds.
    pub(crate) window_bits: u32,
    /// Whether the remainder's D.1 may leave out the players outside the
    /// remainder (`CandidateSearch::cut_off_rest`); off only in the test
    /// that checks the cut changes nothing.
    pub(crate) cut_off_rest: bool,
    /// The end of the next scoregroup in `members` (2017: the end of
    /// `members`).
    pub(crate) next_end: usize,
    /// The edition's layout of the weights, and what it reads of the
    /// bracket beyond its players.
    pub(crate) rules: E,
}

impl<'a, E: EditionRules> Bracket<'a, E> {
    /// The bracket of `members` split at `(mdps, size, next_end)`, with
    /// the sizes of its fields and the edition's `rules` not laid out yet
    /// (no completion, no rounds played): each edition's constructor fills
    /// in the rest.
    pub(crate) fn unlaid(
        field: &'a [Player],
        absolute: &'a AbsoluteCriteria,
        members: Vec<usize>,
        (mdps, size, next_end): (usize, usize, usize),
        rules: E,
    ) -> Self {
        Bracket {
            field,
            absolute,
            members,
            mdps,
            size,
            ppb_or_clb: false,
            next_is_last: false,
            rounds_played: 0,
            resident_bits: bits(size - mdps),
            next_bits: bits(next_end - size),
            window_bits: ((size - mdps) as u32 / 2 * bits(size - mdps + 1))
                .clamp(MIN_WINDOW_BITS, MAX_WINDOW_BITS),
            cut_off_rest: true,
            next_end,
            rules,
        }
    }

    /// Whether the top field of each weight is the completion criterion
    /// (2017: A.9/C.4 in the PPB and the CLB; 2026: C4 with C2 and C5,
    /// when `members` hold every player not yet paired).
    pub(crate) fn completion(&self) -> bool {
        self.ppb_or_clb
    }

    /// The player at position `i`.
    pub(crate) fn player(&self, i: usize) -> &Player {
        &self.field[self.members[i]]
    }

    /// B.4: the B.3 candidate of a homogeneous bracket when it is perfect,
    /// i.e. no other candidate can score better on any criterion, so the
    /// matching would choose it too: every pair legal and granting both
    /// colour preferences, everybody paired (or, in the last bracket, one
    /// bye-eligible player without a recent downfloat left over).
    pub(crate) fn perfect_first_candidate(&self) -> Option<Vec<(usize, usize)>> {
        let size = self.size;
        if self.mdps != 0
            || size < 2
            || (0..size).any(|i| self.player(i).score != self.player(0).score)
        {
            return None;
        }
        let alone = self.members.len() == size;
        // The 2026 round loop checks C4 on the candidate itself; in 2017
        // the completion field rules out the shortcut except for the last
        // bracket.
        let c4_checked_by_caller = E::COMPLETION_CHECKED_PER_BRACKET;
        if size % 2 == 1 {
            let f = self.player(size - 1);
            let floated = (1..=2).any(|back| {
                self.rounds_played >= back && f.float(back as usize) == Some(Float::Down)
            });
            // 2026 C9: the leftover must have played as many games as anybody.
            let most_games = !self.rules.pab_to_most_games()
                || (0..size).all(|i| self.player(i).played_games() <= f.played_games());
            let last = (self.ppb_or_clb || c4_checked_by_caller) && alone;
            if !(last && f.may_get_bye && !floated && most_games) {
                return None;
            }
        } else if self.ppb_or_clb && !alone && !c4_checked_by_caller {
            return None;
        }
        let n1 = size / 2;
        let pairs: Vec<(usize, usize)> = (0..n1).map(|i| (i, n1 + i)).collect();
        pairs
            .iter()
            .all(|&(a, b)| {
                self.absolute.allow(self.members[a], self.members[b])
                    && colour_criteria(self.player(b), self.player(a))
                        .iter()
                        .all(|&met| met)
            })
            .then_some(pairs)
    }

    /// Words of 64 bits the bracket's weights need, with the matcher's
    /// headroom of three spare bits and more.
    pub(crate) fn weight_words(&self) -> usize {
        (self.bits_below_top() as usize + 10).div_ceil(64)
    }

    /// Total bits of the packed weights below their top field.
    pub(crate) fn bits_below_top(&self) -> u32 {
        self.rules.bits_below_top()
    }
}

/// The end of the scoregroup (A.3; 2026: Art. 1.3) of `field` that starts
/// at `from`.
pub(super) fn scoregroup_end(field: &[Player], from: usize) -> usize {
    from + field[from..]
        .iter()
        .take_while(|p| p.score >= field[from].score)
        .count()
}

/// `opponent` with `b`'s `pairs` (positions in its members) made.
pub(super) fn with_pairs<E>(
    opponent: &[Option<usize>],
    b: &Bracket<'_, E>,
    pairs: &[(usize, usize)],
) -> Vec<Option<usize>> {
    let mut trial = opponent.to_vec();
    for &(x, y) in pairs {
        trial[b.members[x]] = Some(b.members[y]);
        trial[b.members[y]] = Some(b.members[x]);
    }
    trial
}

/// The players of `b` that `pairs` leaves unpaired (A.4.a), as positions
/// in the field.
pub(super) fn downfloaters<E>(b: &Bracket<'_, E>, pairs: &[(usize, usize)]) -> Vec<usize> {
    let mut paired = vec![false; b.size];
    for &(x, y) in pairs {
        paired[x] = true;
        paired[y] = true;
    }
    (0..b.size)
        .filter(|&i| !paired[i])
        .map(|i| b.members[i])
        .collect()
}

/// How a bracket's pairs were chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Chosen {
    /// B.4 (2026: Art. 3.4): the first candidate is perfect.
    Perfect,
    /// B.8 (2026: Art. 3.8): the best candidate, the earliest in the
    /// order B.6/B.7 generate candidates.
    Best,
}

impl Chosen {
    /// The `--explain` trace's words, with `edition`'s rule ids.
    pub(crate) fn describe(self, edition: Edition) -> String {
        match self {
            Chosen::Perfect => format!("{}: first candidate is perfect", edition.rule("B.4")),
            Chosen::Best => format!(
                "{}: best candidate, earliest in {} order",
                edition.rule("B.8"),
                edition.rule("B.6/B.7")
            ),
        }
    }
}

/// Explain mode: the bracket's pairing, how it was chosen, its
/// downfloaters and the criteria it could not meet; kept in `recorder`
/// too when the arbiter's comparison or account pairs the round.
pub(super) fn log_bracket<E: EditionRules>(
    b: &Bracket<'_, E>,
    pairs: &[(usize, usize)],
    floaters: &[usize],
    how: Chosen,
    recorder: Option<&RefCell<Recorder>>,
) {
    if let Some(recorder) = recorder {
        super::record::bracket(recorder, b, pairs, floaters, how);
    }
    let field = b.field;
    tracing::debug!(
        // The residents' score (MDPs come from higher groups).
        score = %swiss_core::Points(b.player(b.mdps).score),
        mdps = b.mdps,
        residents = b.size - b.mdps,
        // 2017: the PPB or the CLB (A.9); 2026: the matching held every
        // player left, for C4.
        completion = b.ppb_or_clb,
        chosen = ?how.describe(E::EDITION),
        unmet = %b.unmet_criteria(pairs),
        pairs = ?pairs.iter().map(|&(x, y)| (b.player(x).start_no, b.player(y).start_no)).collect::<Vec<_>>(),
        downfloaters = ?floaters.iter().map(|&i| field[i].start_no).collect::<Vec<_>>(),
        "bracket paired"
    );
}

macro_rules! dispatch {
    ($b:expr, $words:expr, $($n:literal)*) => {
        match $words {
            $(w if w <= $n => $b.solve::<$n>(),)*
            _ => Err(DutchError::internal("bracket too large for the weight width")),
        }
    };
}

/// Pairs the bracket (B.8: the best candidate, the earliest of the B.6/B.7
/// sequence among equals) with a weight width that fits it.
pub(crate) fn solve_bracket<E: EditionRules>(
    b: &Bracket<'_, E>,
) -> Result<Vec<(usize, usize)>, DutchError> {
    dispatch!(b, b.weight_words(), 1 2 3 4 5 6 7 8 9 10 12 16 20 24 32 48 64)
}
