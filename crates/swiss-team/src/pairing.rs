//! `C.04.6 3.3`: one round, step by step (`3.3.2`): the PAB (`3.4`), then
//! bracket after bracket the top scoregroup with its upfloaters (`3.5`),
//! paired (`3.6`), and last the colours (`4`).

use std::cmp::Reverse;

use swiss_core::{Pair, Pairing, PairingError, Points};

use crate::bracket::{Quality, pair_bracket};
use crate::colour::{ColourRule, allocate};
use crate::field::Field;
use crate::pab::pairing_allocated_bye;
use crate::state::{RoundInput, TeamNo};
use crate::upfloaters::select_upfloaters;

/// One pair of a round, with the step of `4.3` that gave its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeamPair {
    /// The team with White (its board-1 player has White).
    pub white: TeamNo,
    /// The team with Black.
    pub black: TeamNo,
    /// The colour rule that decided (`4.3.1`-`4.3.9`).
    pub rule: ColourRule,
}

/// One bracket as it was paired: what the arbiter's account reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketRecord {
    /// The score of its residents (the top scoregroup, `3.2`).
    pub score: Points,
    /// The residents.
    pub residents: Vec<TeamNo>,
    /// The upfloaters (`3.5`), in the order of `3.5.3`.
    pub upfloaters: Vec<TeamNo>,
    /// `[C6]` met.
    pub c6: bool,
    /// `[C7]`'s count.
    pub c7: usize,
    /// `[C8]`-`[C10]` of its pairing.
    pub quality: Quality,
    /// Its pairs as (top member, bottom member), tops ascending (`3.6.2`).
    pub pairs: Vec<(TeamNo, TeamNo)>,
}

/// A round of a team tournament, paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRound {
    /// The pairs in board order (`GHR 3.6` as the reference orders them:
    /// the higher score of the pair, the higher sum, the smaller TPN).
    pub pairs: Vec<TeamPair>,
    /// The team with the pairing-allocated bye (`3.4`).
    pub pab: Option<TeamNo>,
    /// The brackets, in the order paired.
    pub brackets: Vec<BracketRecord>,
}

impl TeamRound {
    /// The round as a [`Pairing`] of TPNs (the bye as `bye`).
    pub fn to_pairing(&self, round: u32) -> Pairing {
        Pairing {
            round,
            pairs: self
                .pairs
                .iter()
                .map(|p| Pair {
                    white: p.white,
                    black: p.black,
                })
                .collect(),
            bye: self.pab,
        }
    }
}

/// Pairs the round `input` describes (`3.3.2`). `Err` when no complete
/// legal pairing exists (`3.3.3`: the Chief Arbiter decides).
pub fn pair_teams(input: &RoundInput) -> Result<TeamRound, PairingError> {
    let f = Field::new(input);
    let fail = |reason: String| PairingError::NoLegalPairing {
        round: input.round,
        reason,
    };
    let mut unpaired: Vec<usize> = (0..f.len()).collect();
    // 3.3.3: a round with no complete legal pairing is the Chief
    // Arbiter's; with an odd number, 3.4.1 finds it out.
    if f.len().is_multiple_of(2) && !f.perfect(&unpaired) {
        return Err(fail(format!(
            "the {} teams cannot all be paired without two of them meeting again or a \
             prohibited pairing (C.04.6 2.1.1 [C1], 3.3.3)",
            f.len()
        )));
    }
    let pab = pairing_allocated_bye(&f).map_err(fail)?;
    unpaired.retain(|&i| Some(i) != pab);
    let mut brackets = Vec::new();
    let mut pairs = Vec::new();
    while let Some(top) = unpaired.iter().map(|&i| f.level[i]).min() {
        let residents: Vec<usize> = unpaired
            .iter()
            .copied()
            .filter(|&i| f.level[i] == top)
            .collect();
        let sel = select_upfloaters(&f, top, &residents, &unpaired).ok_or_else(|| {
            fail(format!(
                "the scoregroup of {} points cannot be paired with any set of upfloaters \
                 (C.04.6 3.5, 3.3.3)",
                f.levels[top]
            ))
        })?;
        let mut bracket = residents.clone();
        bracket.extend(&sel.upfloaters);
        let (made, quality) = pair_bracket(&f, &bracket).ok_or_else(|| {
            fail(format!(
                "the bracket of {} points has no pairing (C.04.6 3.6)",
                f.levels[top]
            ))
        })?;
        unpaired.retain(|i| !bracket.contains(i));
        brackets.push(BracketRecord {
            score: f.levels[top],
            residents: residents.iter().map(|&i| f.tpn(i)).collect(),
            upfloaters: sel.upfloaters.iter().map(|&i| f.tpn(i)).collect(),
            c6: sel.c6,
            c7: sel.c7,
            quality,
            pairs: made.iter().map(|&(a, b)| (f.tpn(a), f.tpn(b))).collect(),
        });
        pairs.extend(made);
    }
    // Board order: the higher score of the pair, the higher sum, the
    // smaller TPN.
    let score = |i: usize| f.teams[i].score;
    pairs.sort_by_key(|&(a, b)| {
        (
            Reverse(score(a).max(score(b))),
            Reverse(score(a) + score(b)),
            f.tpn(a).min(f.tpn(b)),
        )
    });
    let pairs = pairs
        .into_iter()
        .map(|(a, b)| {
            let (w, k, rule) = allocate(&f, a, b);
            TeamPair {
                white: f.tpn(w),
                black: f.tpn(k),
                rule,
            }
        })
        .collect();
    Ok(TeamRound {
        pairs,
        pab: pab.map(|i| f.tpn(i)),
        brackets,
    })
}
