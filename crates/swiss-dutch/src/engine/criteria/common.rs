//! What both editions' weights share: the lowest criteria's fields
//! ([`LowerFields`]), the colour criteria ([`colour_criteria`]: 2017
//! C.8-C.11, 2026 C10-C13), where a position of a bracket stands
//! ([`Place`]) and what a weight reads about a player ([`WeightFacts`]).

use swiss_core::Colour;
use swiss_matching::Wide;

use super::EditionRules;
use crate::engine::bracket::Bracket;
use crate::float::Float;
use crate::player::{Player, preferences_compatible};

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
    pub(crate) fn fields<E>(
        &self,
        b: &Bracket<'_, E>,
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
    pub(crate) fn place<E>(
        b: &Bracket<'_, E>,
        count: u32,
        weighted: u32,
        p: &mut u32,
    ) -> LowerFields {
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

/// Where a position of a bracket stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Place {
    /// An MDP or a resident.
    Bracket,
    /// A player of the next scoregroup (2017: any player considered with
    /// the bracket).
    Next,
    /// 2026: any other player not yet paired (completion only).
    Rest,
}

/// Everything [`EditionRules::legal_pair_weight`] reads about one player of
/// a bracket: two players with the same facts have the same weight against
/// anybody the absolute criteria allow. Facts the bracket never looks at
/// are left out (set to a constant) so that the classes stay few.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct WeightFacts {
    /// An MDP or a resident, a player of the next scoregroup, or (2026)
    /// another player left.
    place: Place,
    score: i32,
    /// Only read by 2017's C.4 and the last group's C.7 (2026: C4).
    may_get_bye: bool,
    /// The colour facts [`colour_criteria`] reads.
    imbalance: u32,
    repeated: Option<Colour>,
    preference: Option<Colour>,
    /// Floats of the rounds played (C.12-C.19; 2026: C14-C21).
    floats: [Option<Float>; 2],
    /// Games played, read by the 2026 edition's C9 only.
    played: usize,
}

impl<E: EditionRules> Bracket<'_, E> {
    /// Where position `i` stands.
    pub(crate) fn place(&self, i: usize) -> Place {
        if i < self.size {
            Place::Bracket
        } else if i < self.next_end {
            Place::Next
        } else {
            Place::Rest
        }
    }

    /// The [`WeightFacts`] of position `i`.
    pub(crate) fn weight_facts(&self, i: usize) -> WeightFacts {
        let p = self.player(i);
        let played = |back: usize| self.rounds_played >= back as u32;
        WeightFacts {
            place: self.place(i),
            score: p.score,
            may_get_bye: p.may_get_bye || !E::bye_eligibility_counts(self),
            imbalance: p.imbalance,
            repeated: p.repeated,
            preference: p.preference,
            floats: [1, 2].map(|back| p.float(back).filter(|_| played(back))),
            played: if self.rules.pab_to_most_games() {
                p.played_games()
            } else {
                0
            },
        }
    }

    /// The packed weight of pairing the positions `higher < lower` of the
    /// bracket: zero when the absolute criteria (C.1-C.3; 2026: C1-C3)
    /// forbid the pair, else the edition's
    /// [`EditionRules::legal_pair_weight`] with free low bits for the
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
    /// the lower player) once the absolute criteria allow the pair. It
    /// reads the two players only through their [`WeightFacts`], which is
    /// what lets [`EdgeWeights`](crate::engine::weights::EdgeWeights)
    /// tabulate it per pair of classes. (`i` and `j` may be any positions
    /// here, in either order: only their facts count.)
    pub(crate) fn legal_pair_weight<const N: usize>(&self, i: usize, j: usize) -> Wide<N> {
        E::legal_pair_weight(self, i, j)
    }

    /// Explain mode: the edition's [`EditionRules::unmet_criteria`] for
    /// the chosen `pairs` (nothing is computed unless debug logs are on;
    /// the arbiter's recorder asks the edition itself).
    pub(crate) fn unmet_criteria(&self, pairs: &[(usize, usize)]) -> String {
        if !tracing::enabled!(tracing::Level::DEBUG) {
            return String::new();
        }
        E::unmet_criteria(self, pairs)
    }
}

/// The explain-mode list of unmet criteria, `none` when empty.
pub(crate) fn report(unmet: Vec<String>) -> String {
    if unmet.is_empty() {
        "none".into()
    } else {
        unmet.join(", ")
    }
}

/// Which of the colour criteria (2017 C.8-C.11, 2026 C10-C13) the pair of
/// `p` (the lower player) and `o` satisfies: nobody beyond a colour
/// difference of ±2 (C.8), nobody three times the same colour (C.9), both
/// colour preferences granted (C.10), both strong preferences granted
/// (C.11).
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
