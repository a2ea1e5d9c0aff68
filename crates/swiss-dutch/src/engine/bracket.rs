//! One pairing bracket (C.04.3 A.3, B.1-B.4): its players, the shape of
//! its packed weights, B.4's perfect first candidate, and the choice of the
//! weight width for its matching.

use super::completion::AbsoluteCriteria;
use super::criteria::{Layout, colour_criteria};
use super::criteria_2026::{C9Ranks, Layout2026};
use super::weights::{ScoreDifferences, ScoreLevels, bits};
use crate::DutchError;
use crate::float::Float;
use crate::player::Player;

/// Bounds on the low bits of every weight kept free for the D.1 bonuses of
/// the remainder (one field per S1R player of a window).
const MIN_WINDOW_BITS: u32 = 60;
const MAX_WINDOW_BITS: u32 = 120;

/// Which edition's quality criteria a bracket's weights pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Criteria {
    /// C.04.3 (2017) C.4-C.19 (`criteria.rs`).
    Fide2017,
    /// C.04.3 (2026) C4-C21 (`criteria_2026.rs`).
    Fide2026,
}

/// One bracket being paired: `members` are positions in the A.2-sorted
/// field; `members[..mdps]` are the MDPs, `members[mdps..size]` the
/// residents and `members[size..]` the next scoregroup (or all remaining
/// players, for the PPB and the CLB), considered with the bracket for C.7.
/// In the 2026 edition `members[size..next_end]` is the next scoregroup
/// and `members[next_end..]` every other player left, there for the
/// completion test (C4) only.
pub(crate) struct Bracket<'a> {
    pub(crate) field: &'a [Player],
    pub(crate) absolute: &'a AbsoluteCriteria<'a>,
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
    // The shape of the packed weight (criteria.rs):
    /// Bits of a count of the bracket's residents (pairs, players).
    pub(crate) resident_bits: u32,
    /// Bits of a count of the next scoregroup's players.
    pub(crate) next_bits: u32,
    /// The PSD fields (A.8).
    pub(crate) sd: ScoreDifferences,
    /// Low bits reserved for the D.1 bonuses of the remainder: enough for
    /// every S1R player of the bracket in one solve when that stays within
    /// bounds.
    pub(crate) window_bits: u32,
    /// Where each criterion's field starts in the packed weight.
    pub(crate) layout: Layout,
    /// Whether the remainder's D.1 may leave out the players outside the
    /// remainder (`CandidateSearch::cut_off_rest`); off only in the test
    /// that checks the cut changes nothing.
    pub(crate) cut_off_rest: bool,
    /// The edition whose criteria the weights pack.
    pub(crate) criteria: Criteria,
    /// 2026: the end of the next scoregroup in `members`.
    pub(crate) next_end: usize,
    /// 2026: the score fields of C7, C8 and C18-C21.
    pub(crate) levels: ScoreLevels,
    /// 2026: where each criterion's field starts in the packed weight.
    pub(crate) layout_2026: Layout2026,
    /// 2026 C9: the PAB is expected in this bracket, as its only floater;
    /// the played-games ranks that prefer the assignee with the fewest
    /// unplayed rounds.
    pub(crate) c9: Option<C9Ranks>,
}

impl<'a> Bracket<'a> {
    /// The bracket of `members` (MDPs first, then residents up to `size`,
    /// then the players considered with it).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        field: &'a [Player],
        absolute: &'a AbsoluteCriteria<'a>,
        members: Vec<usize>,
        mdps: usize,
        size: usize,
        ppb_or_clb: bool,
        next_is_last: bool,
        rounds_played: u32,
    ) -> Self {
        let lowest = members.last().map_or(0, |&i| field[i].score);
        let sd = ScoreDifferences::new(|i| field[members[i]].score, mdps, size, lowest);
        let next_end = members.len();
        let mut b = Bracket::unlaid(field, absolute, members, (mdps, size, next_end));
        b.ppb_or_clb = ppb_or_clb;
        b.next_is_last = next_is_last;
        b.rounds_played = rounds_played;
        b.sd = sd;
        b.layout = Layout::of(&b);
        b
    }

    /// A bracket of the 2026 edition: `members` are the MDPs, the
    /// residents up to `size`, the next scoregroup up to `next_end`, then
    /// (with `completion`) every other player not yet paired. `c9` is set
    /// when C9 applies to the bracket.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new_2026(
        field: &'a [Player],
        absolute: &'a AbsoluteCriteria<'a>,
        members: Vec<usize>,
        mdps: usize,
        size: usize,
        next_end: usize,
        completion: bool,
        rounds_played: u32,
        c9: Option<C9Ranks>,
    ) -> Self {
        let levels = ScoreLevels::new(members[..next_end].iter().map(|&i| field[i].score));
        let len = members.len();
        let mut b = Bracket::unlaid(field, absolute, members, (mdps, size, next_end));
        b.criteria = Criteria::Fide2026;
        b.ppb_or_clb = completion;
        b.next_is_last = next_end == len;
        b.rounds_played = rounds_played;
        b.levels = levels;
        b.c9 = c9;
        b.layout_2026 = Layout2026::of(&b);
        b
    }

    /// The bracket of `members` split at `(mdps, size, next_end)`, with
    /// the sizes of its fields but no criteria laid out yet (2017's, no
    /// completion, no rounds played): the constructors fill in the rest.
    fn unlaid(
        field: &'a [Player],
        absolute: &'a AbsoluteCriteria<'a>,
        members: Vec<usize>,
        (mdps, size, next_end): (usize, usize, usize),
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
            sd: ScoreDifferences::empty(),
            window_bits: ((size - mdps) as u32 / 2 * bits(size - mdps + 1))
                .clamp(MIN_WINDOW_BITS, MAX_WINDOW_BITS),
            layout: Layout::default(),
            cut_off_rest: true,
            criteria: Criteria::Fide2017,
            next_end,
            levels: ScoreLevels::default(),
            layout_2026: Layout2026::default(),
            c9: None,
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
        let c4_checked_by_caller = self.criteria == Criteria::Fide2026;
        if size % 2 == 1 {
            let f = self.player(size - 1);
            let floated = (1..=2).any(|back| {
                self.rounds_played >= back && f.float(back as usize) == Some(Float::Down)
            });
            // 2026 C9: the leftover must have played as many games as anybody.
            let most_games = self.c9.is_none()
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
        match self.criteria {
            Criteria::Fide2017 => self.layout.bits_below_top(),
            Criteria::Fide2026 => self.layout_2026.bits_below_top(),
        }
    }
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
pub(crate) fn solve_bracket(b: &Bracket<'_>) -> Result<Vec<(usize, usize)>, DutchError> {
    dispatch!(b, b.weight_words(), 1 2 3 4 5 6 7 8 9 10 12 16 20 24 32 48 64)
}
