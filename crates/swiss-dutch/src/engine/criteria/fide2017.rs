//! The 2017 edition (C.04.3 as applied until 31 January 2026) at the seam
//! of [`EditionRules`]: its floats (A.4) and bye bar (C.2), its round loop
//! (A.9, `engine/round_2017.rs`), and its quality criteria C.4-C.19 as edge
//! weights: which criteria are packed into the weight of a pair, in which
//! order, and what each one counts. This file is the one place that says
//! so:
//!
//! - [`Layout`] places the fields, the most important in the highest bits:
//!   completion (A.9/C.4, PPB and CLB only), C.5, C.6, C.7 (neither PPB
//!   nor CLB), C.8-C.11, C.12-C.15, C.16-C.19, and below them the bits the
//!   candidate order keeps free ([`reserved_bits`]);
//! - [`Fide2017::legal_pair_weight`] fills them for one pair;
//! - [`Fide2017::unmet_criteria`] names the criteria for explain mode.
//!
//! The matching, completability and the candidate order (D.1-D.3) do not
//! depend on which criteria these are.

use std::cell::RefCell;

use swiss_core::{PlayerState, Points, RoundState};
use swiss_matching::Wide;

use super::EditionRules;
use super::common::{LowerFields, colour_criteria, report};
use crate::engine::bracket::Bracket;
use crate::engine::candidates::reserved_bits;
use crate::engine::completion::AbsoluteCriteria;
use crate::engine::record::Recorder;
use crate::engine::round_2017::pair_round;
use crate::engine::weights::{ScoreDifferences, ScoreLevels, put};
use crate::float::{Float, float};
use crate::player::Player;
use crate::{DutchError, Edition};

/// The 2017 edition's weights for one bracket: the PSD fields (A.8) and
/// where each criterion's field starts.
pub(crate) struct Fide2017 {
    /// The PSD fields (A.8).
    pub(crate) sd: ScoreDifferences,
    /// Where each criterion's field starts in the packed weight.
    layout: Layout,
}

/// Bit positions of the fields of [`Bracket::edge_weight`], so that a
/// weight is a sum of small values put in place rather than a chain of
/// wide shifts (which took a fifth of a big round's time).
#[derive(Default)]
struct Layout {
    /// A.9/C.4, the PPB and the CLB only: the pair is made, and how many
    /// of its players may not get the bye.
    completion: u32,
    c5: u32,
    c6: u32,
    c7_pairs: u32,
    c7_psd: u32,
    /// C.8-C.19 (weighted floats by score difference).
    lower: LowerFields,
}

impl Layout {
    /// The field positions of `b`'s weights, from the lowest (after the
    /// bits kept for the candidate order) up; the order is that of
    /// [`Fide2017::legal_pair_weight`]. Each count of pairs or players
    /// gets the bits to count the bracket's residents; each PSD field the
    /// width of the bracket's [`ScoreDifferences`].
    fn of(b: &Bracket<'_, Fide2017>) -> Layout {
        let (count, sd) = (b.resident_bits, b.rules.sd.field_bits);
        let mut at = Layout::default();
        let mut p = reserved_bits(b);
        at.lower = LowerFields::place(b, count, sd, &mut p);
        if !b.ppb_or_clb {
            at.c7_psd = p;
            at.c7_pairs = p + sd;
            p += sd
                + if b.next_is_last {
                    count.max(b.next_bits) + 3
                } else {
                    b.next_bits
                };
        }
        at.c6 = p;
        at.c5 = p + sd;
        at.completion = p + sd + count;
        at
    }
}

impl<'a> Bracket<'a, Fide2017> {
    /// The bracket of `members` (MDPs first, then residents up to `size`,
    /// then the players considered with it).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        field: &'a [Player],
        absolute: &'a AbsoluteCriteria,
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
        let rules = Fide2017 {
            sd,
            layout: Layout::default(),
        };
        let mut b = Bracket::unlaid(field, absolute, members, (mdps, size, next_end), rules);
        b.ppb_or_clb = ppb_or_clb;
        b.next_is_last = next_is_last;
        b.rounds_played = rounds_played;
        b.rules.layout = Layout::of(&b);
        b
    }
}

impl EditionRules for Fide2017 {
    /// In 2017 the completion field rules out B.4's shortcut except for
    /// the last bracket.
    const COMPLETION_CHECKED_PER_BRACKET: bool = false;

    fn floats(state: &RoundState, p: &PlayerState) -> [Option<Float>; 2] {
        [float(state, p, 1), float(state, p, 2)]
    }

    fn may_get_pab(_: &RoundState, p: &PlayerState) -> bool {
        // C.2: not after a bye or a win by forfeit.
        !p.had_bye_or_forfeit_win
    }

    fn pair_round(
        field: &mut [Player],
        rounds_played: u32,
        recorder: Option<&RefCell<Recorder>>,
    ) -> Result<Vec<Option<usize>>, DutchError> {
        pair_round(field, rounds_played, recorder)
    }

    fn bits_below_top(&self) -> u32 {
        // The top field (completion) starts where all the others end.
        self.layout.completion
    }

    /// C.4 in the PPB and the CLB, and C.7 of the last scoregroup.
    fn bye_eligibility_counts(b: &Bracket<'_, Self>) -> bool {
        b.ppb_or_clb || b.next_is_last
    }

    fn pab_to_most_games(&self) -> bool {
        false
    }

    const EDITION: Edition = Edition::Fide2017;

    fn fields(b: &Bracket<'_, Self>) -> Vec<(&'static str, u32)> {
        let at = &b.rules.layout;
        let mut v = Vec::new();
        if b.ppb_or_clb {
            v.push(("C.4", at.completion));
        }
        v.extend([("C.5", at.c5), ("C.6", at.c6)]);
        if !b.ppb_or_clb {
            v.extend([("C.7 pairs", at.c7_pairs), ("C.7 PSD", at.c7_psd)]);
        }
        v.extend(at.lower.fields(b, ["C.8", "C.9", "C.10", "C.11"], 12));
        v
    }

    fn subtracted(name: &str) -> bool {
        matches!(name, "C.13" | "C.15" | "C.17" | "C.19")
    }

    /// 2017's fields count players or pairs, or pack score differences
    /// (A.8), never scores.
    fn score_levels(&self, _: &str) -> Option<&ScoreLevels> {
        None
    }

    /// C.6: the bracket's PSD (A.8), the score differences of its pairs
    /// and of its downfloaters (against A.8's artificial value). C.7's
    /// PSD field: the differences of the bracket's players that neither
    /// the bracket nor the next scoregroup pairs, since the weights count
    /// each bracket player the next bracket takes as an MDP. C.16-C.19:
    /// the differences of the players who float as they did one (C.16,
    /// C.17) or two (C.18, C.19) rounds before: down, an MDP paired with a
    /// lower score or a player floating down again (against the artificial
    /// value); up, the lower player of a pair of different scores.
    fn field_in_words(
        b: &Bracket<'_, Self>,
        name: &str,
        pairs: &[(usize, usize)],
    ) -> Option<String> {
        let sd = &b.rules.sd;
        let score = |i: usize| b.player(i).score;
        let (mut in_bracket, mut paired) = (vec![false; b.size], vec![false; b.size]);
        let mut sds = Vec::new();
        for &(x, y) in pairs {
            let (i, j) = (x.min(y), x.max(y));
            if let Some(p) = paired.get_mut(i) {
                *p = true;
            }
            if j < b.size {
                paired[j] = true;
                in_bracket[i] = true;
                in_bracket[j] = true;
                sds.push(score(i) - score(j));
            }
        }
        let left = |by: &[bool]| -> Vec<i32> {
            (0..b.size)
                .filter(|&i| !by[i])
                .map(|i| sd.downfloater(score(i)))
                .collect()
        };
        match name {
            "C.6" => sds.extend(left(&in_bracket)),
            "C.7 PSD" => sds = left(&paired),
            "C.16" | "C.17" | "C.18" | "C.19" => {
                let back = if matches!(name, "C.16" | "C.17") {
                    1
                } else {
                    2
                };
                let want = if matches!(name, "C.16" | "C.18") {
                    Float::Down
                } else {
                    Float::Up
                };
                let floats = |i: usize| b.player(i).float(back) == Some(want);
                sds.clear();
                for &(x, y) in pairs {
                    let (i, j) = (x.min(y), x.max(y));
                    // A pair of two scores: the higher player floats down,
                    // the lower one up.
                    let mover = if want == Float::Down { i } else { j };
                    if j < b.size && score(i) > score(j) && floats(mover) {
                        sds.push(score(i) - score(j));
                    }
                }
                if want == Float::Down {
                    sds.extend(
                        (0..b.size)
                            .filter(|&i| !in_bracket[i] && floats(i))
                            .map(|i| sd.downfloater(score(i))),
                    );
                }
            }
            _ => return None,
        }
        sds.sort_unstable_by(|a, b| b.cmp(a));
        let v: Vec<String> = sds.iter().map(|&d| Points(d).to_string()).collect();
        Some(if v.is_empty() {
            "none".into()
        } else {
            v.join(" ")
        })
    }

    /// In the order of [`Layout`]: completion (A.9/C.4, PPB and CLB only),
    /// pairs in the bracket (C.5), the bracket's PSD (C.6), pairs and PSD
    /// of the next bracket (C.7, not for the PPB/CLB), colour criteria
    /// C.8-C.11, float criteria C.12-C.15 then C.16-C.19.
    fn legal_pair_weight<const N: usize>(b: &Bracket<'_, Self>, i: usize, j: usize) -> Wide<N> {
        let (higher, lower) = (b.player(i), b.player(j));
        let lower_in_bracket = j < b.size;
        let mut r = pairing_criteria::<N>(b, higher, lower, i < b.size, lower_in_bracket);
        if !lower_in_bracket {
            return r;
        }
        // C.8-C.11, judged with the lower player first.
        for (k, met) in colour_criteria(lower, higher).into_iter().enumerate() {
            if met {
                r = r.add(put(1, b.rules.layout.lower.colour[k]));
            }
        }
        for back in 1..=2usize {
            if b.rounds_played >= back as u32 {
                r = float_criteria(b, r, higher, lower, back);
            }
        }
        r
    }

    /// C.5, C.6 as unpaired MDPs, C.8-C.15.
    fn unmet_criteria(b: &Bracket<'_, Self>, pairs: &[(usize, usize)]) -> String {
        let size = b.size;
        let mut paired = vec![false; size];
        let mut counts = [0usize; 10];
        for &(x, y) in pairs {
            paired[x] = true;
            paired[y] = true;
            let (higher, lower) = (b.player(x.min(y)), b.player(x.max(y)));
            for (k, met) in colour_criteria(lower, higher).into_iter().enumerate() {
                counts[2 + k] += usize::from(!met);
            }
            for (k, back) in [1usize, 2].into_iter().enumerate() {
                if higher.score > lower.score {
                    counts[6 + 2 * k] += usize::from(higher.float(back) == Some(Float::Down));
                    counts[7 + 2 * k] += usize::from(lower.float(back) == Some(Float::Up));
                }
            }
        }
        counts[0] = size / 2 - pairs.len().min(size / 2);
        counts[1] = (0..b.mdps).filter(|&i| !paired[i]).count();
        for i in (0..size).filter(|&i| !paired[i]) {
            for (k, back) in [1usize, 2].into_iter().enumerate() {
                counts[6 + 2 * k] += usize::from(b.player(i).float(back) == Some(Float::Down));
            }
        }
        let names = [
            "C.5 pairs short",
            "C.6 MDPs not paired",
            "C.8",
            "C.9",
            "C.10",
            "C.11",
            "C.12",
            "C.13",
            "C.14",
            "C.15",
        ];
        report(
            names
                .iter()
                .zip(counts)
                .filter(|&(_, c)| c > 0)
                .map(|(n, c)| format!("{n}: {c}"))
                .collect(),
        )
    }
}

/// The fields of completion (A.9/C.4), C.5, C.6 and C.7 for the pair of
/// `higher` and `lower`, each in the bracket or in the next scoregroup.
fn pairing_criteria<const N: usize>(
    b: &Bracket<'_, Fide2017>,
    higher: &Player,
    lower: &Player,
    higher_in_bracket: bool,
    lower_in_bracket: bool,
) -> Wide<N> {
    let at = &b.rules.layout;
    let sd = &b.rules.sd;
    let not_bye_eligible = |p: &Player| u64::from(!p.may_get_bye);
    let mut r = Wide::<N>::ZERO;
    if b.ppb_or_clb {
        r = put(
            1 + not_bye_eligible(higher) + not_bye_eligible(lower),
            at.completion,
        );
    }
    // C.5, C.6: the pair counts, and its SD replaces the two players'
    // SDs as downfloaters.
    if lower_in_bracket {
        r = r
            .add(put(1, at.c5))
            .add(sd.bit(at.c6, sd.downfloater(higher.score)))
            .add(sd.bit(at.c6, sd.downfloater(lower.score)))
            .sub(sd.bit(at.c6, higher.score - lower.score));
    }
    // C.7: a pair of the next bracket, and the bracket players it
    // keeps from floating into it.
    if !b.ppb_or_clb {
        if b.next_is_last {
            r = r.add(put(
                1 + not_bye_eligible(higher) + not_bye_eligible(lower),
                at.c7_pairs,
            ));
        } else if !lower_in_bracket {
            r = r.add(put(1, at.c7_pairs));
        }
        if higher_in_bracket {
            r = r.add(sd.bit(at.c7_psd, sd.downfloater(higher.score)));
        }
        if lower_in_bracket {
            r = r.add(sd.bit(at.c7_psd, sd.downfloater(lower.score)));
        }
    }
    r
}

/// C.12-C.19 for the floats `back` rounds ago (1: C.12, C.13, C.16,
/// C.17; 2: C.14, C.15, C.18, C.19), added to `r`.
fn float_criteria<const N: usize>(
    b: &Bracket<'_, Fide2017>,
    mut r: Wide<N>,
    higher: &Player,
    lower: &Player,
    back: usize,
) -> Wide<N> {
    let (at, sd) = (&b.rules.layout, &b.rules.sd);
    let down = |p: &Player| p.float(back) == Some(Float::Down);
    let up = |p: &Player| p.float(back) == Some(Float::Up);
    let higher_scored = higher.score > lower.score;
    // C.12-C.15: repeated floats.
    let repeated = u64::from(down(lower)) + u64::from(!higher_scored && down(higher));
    r = r.add(put(repeated, at.lower.float_down[back - 1]));
    if higher_scored && up(lower) {
        r = r.sub(put(1, at.lower.float_up[back - 1]));
    }
    // C.16-C.19: score differences of repeated floats.
    let field = at.lower.float_down_weighted[back - 1];
    if down(lower) {
        r = r.add(sd.bit(field, sd.downfloater(lower.score)));
    }
    if down(higher) {
        r = r.add(sd.bit(field, sd.downfloater(higher.score)));
        if higher_scored {
            r = r.sub(sd.bit(field, higher.score - lower.score));
        }
    }
    if up(lower) && higher_scored {
        r = r.sub(sd.bit(
            at.lower.float_up_weighted[back - 1],
            higher.score - lower.score,
        ));
    }
    r
}
