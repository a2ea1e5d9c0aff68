//! The quality criteria as edge weights (C.04.3 C.4-C.19, 2017 text): which
//! criteria are packed into the weight of a pair, in which order, and
//! what each one counts. This file is the one place that says so:
//!
//! - [`Layout`] places the fields, the most important in the highest bits:
//!   completion (A.9/C.4, PPB and CLB only), C.5, C.6, C.7 (neither PPB
//!   nor CLB), C.8-C.11, C.12-C.15, C.16-C.19, and below them the bits the
//!   candidate order keeps free ([`super::candidates::reserved_bits`]);
//! - [`Bracket::legal_pair_weight`] fills them for one pair;
//! - [`colour_criteria`] judges C.8-C.11 for a pair;
//! - [`WeightFacts`] lists what a weight reads about a player;
//! - [`Bracket::unmet_criteria`] names the criteria for explain mode.
//!
//! The matching, completability and the candidate order (D.1-D.3) do not
//! depend on which criteria these are: an edition with other criteria
//! changes this file.

use swiss_core::Colour;
use swiss_matching::Wide;

use super::bracket::{Bracket, Criteria};
use super::candidates::reserved_bits;
use super::criteria_2026::Place;
use super::weights::put;
use crate::float::Float;
use crate::player::{Player, preferences_compatible};

/// Bit positions of the fields of [`Bracket::edge_weight`], so that a
/// weight is a sum of small values put in place rather than a chain of
/// wide shifts (which took a fifth of a big round's time).
#[derive(Default)]
pub(crate) struct Layout {
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

/// The lowest criteria's fields, which both editions place alike: colours
/// (2017 C.8-C.11, 2026 C10-C13), repeated floats counted (C.12-C.15,
/// C14-C17) and weighted (C.16-C.19 by score difference, C18-C21 by
/// score), one and two rounds back.
#[derive(Default)]
pub(crate) struct LowerFields {
    pub(crate) colour: [u32; 4],
    pub(crate) float_down: [u32; 2],
    pub(crate) float_up: [u32; 2],
    pub(crate) float_down_weighted: [u32; 2],
    pub(crate) float_up_weighted: [u32; 2],
}

impl LowerFields {
    /// The colour fields (named `colour`), then the float fields of the
    /// rounds played, numbered from `first` (2017: C.12; 2026: C14), the
    /// most significant first, as (rule, start bit).
    pub(crate) fn fields(
        &self,
        b: &Bracket<'_>,
        colour: [&'static str; 4],
        first: usize,
    ) -> Vec<(&'static str, u32)> {
        const NAMES: [&str; 8] = [
            "C.12", "C.13", "C.14", "C.15", "C.16", "C.17", "C.18", "C.19",
        ];
        const NAMES_2026: [&str; 8] = ["C14", "C15", "C16", "C17", "C18", "C19", "C20", "C21"];
        let name = |k: usize| {
            if first == 12 { NAMES[k] } else { NAMES_2026[k] }
        };
        let mut v: Vec<(&'static str, u32)> = colour.into_iter().zip(self.colour).collect();
        let played = |back: usize| b.rounds_played > back as u32;
        for back in 0..2 {
            if played(back) {
                v.push((name(2 * back), self.float_down[back]));
                v.push((name(2 * back + 1), self.float_up[back]));
            }
        }
        for back in 0..2 {
            if played(back) {
                v.push((name(4 + 2 * back), self.float_down_weighted[back]));
                v.push((name(5 + 2 * back), self.float_up_weighted[back]));
            }
        }
        v
    }

    /// The fields of `b` from bit `*p` up (moved past them): each count
    /// `count` bits wide, each weighted field `weighted` bits; no float
    /// fields for rounds not played.
    pub(crate) fn place(b: &Bracket<'_>, count: u32, weighted: u32, p: &mut u32) -> LowerFields {
        let mut at = LowerFields::default();
        for back in (0..2).rev() {
            if b.rounds_played > back as u32 {
                at.float_up_weighted[back] = *p;
                at.float_down_weighted[back] = *p + weighted;
                *p += 2 * weighted;
            }
        }
        for back in (0..2).rev() {
            if b.rounds_played > back as u32 {
                at.float_up[back] = *p;
                at.float_down[back] = *p + count;
                *p += 2 * count;
            }
        }
        for k in (0..4).rev() {
            at.colour[k] = *p;
            *p += count;
        }
        at
    }
}

impl Layout {
    /// The field positions of `b`'s weights, from the lowest (after the
    /// bits kept for the candidate order) up; the order is that of
    /// [`Bracket::legal_pair_weight`]. Each count of pairs or players gets
    /// the bits to count the bracket's residents; each PSD field the width
    /// of the bracket's [`ScoreDifferences`](super::weights::ScoreDifferences).
    pub(crate) fn of(b: &Bracket<'_>) -> Layout {
        let (count, sd) = (b.resident_bits, b.sd.field_bits);
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

    /// Total bits of the packed weight below its top field.
    pub(crate) fn bits_below_top(&self) -> u32 {
        // The top field (completion) starts where all the others end.
        self.completion
    }

    /// The fields of `b`'s weights, the most significant first, as (rule,
    /// start bit): what the arbiter's comparison reads back
    /// (`engine/record.rs`).
    pub(crate) fn fields(&self, b: &Bracket<'_>) -> Vec<(&'static str, u32)> {
        let mut v = Vec::new();
        if b.ppb_or_clb {
            v.push(("C.4", self.completion));
        }
        v.extend([("C.5", self.c5), ("C.6", self.c6)]);
        if !b.ppb_or_clb {
            v.extend([("C.7 pairs", self.c7_pairs), ("C.7 PSD", self.c7_psd)]);
        }
        v.extend(self.lower.fields(b, ["C.8", "C.9", "C.10", "C.11"], 12));
        v
    }
}

/// Everything [`Bracket::legal_pair_weight`] reads about one player of a
/// bracket: two players with the same facts have the same weight against
/// anybody C.1-C.3 allow. Facts the bracket never looks at are left out
/// (set to a constant) so that the classes stay few.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct WeightFacts {
    /// An MDP or a resident, a player of the next scoregroup, or (2026)
    /// another player left.
    place: Place,
    score: i32,
    /// Only read by C.4 and the last group's C.7 (2026: C4).
    may_get_bye: bool,
    /// The colour facts [`colour_criteria`] reads.
    imbalance: u32,
    repeated: Option<Colour>,
    preference: Option<Colour>,
    /// Floats of the rounds played (C.12-C.19).
    floats: [Option<Float>; 2],
    /// Games played, read by the 2026 edition's C9 only.
    played: usize,
}

impl<'a> Bracket<'a> {
    /// The [`WeightFacts`] of position `i`.
    pub(crate) fn weight_facts(&self, i: usize) -> WeightFacts {
        let p = self.player(i);
        let played = |back: usize| self.rounds_played >= back as u32;
        let place = match self.criteria {
            Criteria::Fide2017 if i < self.size => Place::Bracket,
            Criteria::Fide2017 => Place::Next,
            Criteria::Fide2026 => self.place(i),
        };
        let may_get_bye = match self.criteria {
            Criteria::Fide2017 => p.may_get_bye || !(self.ppb_or_clb || self.next_is_last),
            Criteria::Fide2026 => p.may_get_bye || !self.completion(),
        };
        WeightFacts {
            place,
            score: p.score,
            may_get_bye,
            imbalance: p.imbalance,
            repeated: p.repeated,
            preference: p.preference,
            floats: [1, 2].map(|back| p.float(back).filter(|_| played(back))),
            played: if self.c9.is_some() {
                p.played_games()
            } else {
                0
            },
        }
    }

    /// The packed weight of pairing the positions `higher < lower` of the
    /// bracket (zero when C.1-C.3 forbid the pair), in the order of
    /// [`Layout`]: completion (A.9/C.4, PPB and CLB only), pairs in the
    /// bracket (C.5), the bracket's PSD (C.6), pairs and PSD of the next
    /// bracket (C.7, not for the PPB/CLB), colour criteria C.8-C.11, float
    /// criteria C.12-C.15 then C.16-C.19, and free low bits for the
    /// candidate order (D.1-D.3).
    pub(crate) fn edge_weight<const N: usize>(&self, higher: usize, lower: usize) -> Wide<N> {
        if !self
            .absolute
            .allow(self.members[higher], self.members[lower])
        {
            return Wide::ZERO;
        }
        self.legal_pair_weight(higher, lower)
    }

    /// [`Bracket::edge_weight`] of the positions `i < j` (the higher and
    /// the lower player) once C.1-C.3 allow the pair. It reads the two
    /// players only through their [`WeightFacts`], which is what lets
    /// [`EdgeWeights`](super::weights::EdgeWeights) tabulate it per pair of
    /// classes. (`i` and `j` may be any positions here, in either order:
    /// only their facts count.)
    pub(crate) fn legal_pair_weight<const N: usize>(&self, i: usize, j: usize) -> Wide<N> {
        if self.criteria == Criteria::Fide2026 {
            return self.legal_pair_weight_2026(i, j);
        }
        let (higher, lower) = (self.player(i), self.player(j));
        let lower_in_bracket = j < self.size;
        let mut r = self.pairing_criteria::<N>(higher, lower, i < self.size, lower_in_bracket);
        if !lower_in_bracket {
            return r;
        }
        // C.8-C.11, judged with the lower player first.
        for (k, met) in colour_criteria(lower, higher).into_iter().enumerate() {
            if met {
                r = r.add(put(1, self.layout.lower.colour[k]));
            }
        }
        for back in 1..=2usize {
            if self.rounds_played >= back as u32 {
                r = self.float_criteria(r, higher, lower, back);
            }
        }
        r
    }

    /// The fields of completion (A.9/C.4), C.5, C.6 and C.7 for the pair
    /// of `higher` and `lower`, each in the bracket or in the next
    /// scoregroup.
    fn pairing_criteria<const N: usize>(
        &self,
        higher: &Player,
        lower: &Player,
        higher_in_bracket: bool,
        lower_in_bracket: bool,
    ) -> Wide<N> {
        let at = &self.layout;
        let sd = &self.sd;
        let not_bye_eligible = |p: &Player| u64::from(!p.may_get_bye);
        let mut r = Wide::<N>::ZERO;
        if self.ppb_or_clb {
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
        if !self.ppb_or_clb {
            if self.next_is_last {
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
        &self,
        mut r: Wide<N>,
        higher: &Player,
        lower: &Player,
        back: usize,
    ) -> Wide<N> {
        let (at, sd) = (&self.layout, &self.sd);
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

    /// Explain mode: which quality criteria the chosen pairing of the
    /// bracket does not fully meet, with the number of players or pairs
    /// concerned (C.5, C.6 as unpaired MDPs, C.8-C.15).
    pub(crate) fn unmet_criteria(&self, pairs: &[(usize, usize)]) -> String {
        if !tracing::enabled!(tracing::Level::DEBUG) && !super::record::active() {
            return String::new();
        }
        if self.criteria == Criteria::Fide2026 {
            return self.unmet_criteria_2026(pairs);
        }
        let size = self.size;
        let mut paired = vec![false; size];
        let mut counts = [0usize; 10];
        for &(a, b) in pairs {
            paired[a] = true;
            paired[b] = true;
            let (higher, lower) = (self.player(a.min(b)), self.player(a.max(b)));
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
        counts[1] = (0..self.mdps).filter(|&i| !paired[i]).count();
        for i in (0..size).filter(|&i| !paired[i]) {
            for (k, back) in [1usize, 2].into_iter().enumerate() {
                counts[6 + 2 * k] += usize::from(self.player(i).float(back) == Some(Float::Down));
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
        let v: Vec<String> = names
            .iter()
            .zip(counts)
            .filter(|&(_, c)| c > 0)
            .map(|(n, c)| format!("{n}: {c}"))
            .collect();
        if v.is_empty() {
            "none".into()
        } else {
            v.join(", ")
        }
    }
}

/// Which of C.8-C.11 the pair of `p` (the lower player) and `o` satisfies:
/// nobody beyond a colour difference of ±2 (C.8), nobody three times the
/// same colour (C.9), both colour preferences granted (C.10), both strong
/// preferences granted (C.11).
pub(crate) fn colour_criteria(p: &Player, o: &Player) -> [bool; 4] {
    [
        // C.8: nobody beyond ±2.
        !p.absolute_imbalance() || !o.absolute_imbalance() || p.preference != o.preference,
        // C.9: nobody three times the same colour.
        !p.absolute()
            || !o.absolute()
            || p.preference != o.preference
            || if p.imbalance == o.imbalance {
                p.repeated.is_none() || p.repeated != o.repeated
            } else {
                let x = if p.imbalance > o.imbalance { o } else { p };
                x.repeated != p.preference.map(|c| c.opposite())
            },
        // C.10: both preferences.
        preferences_compatible(p.preference, o.preference),
        // C.11: strong preferences.
        (!p.strong() && !p.absolute())
            || (!o.strong() && !o.absolute())
            || (p.absolute() && o.absolute())
            || p.preference != o.preference,
    ]
}
