//! The seam between the Dutch editions: what the 2017 text (C.04.3 C.4-C.19)
//! and the 2026 text (C1-C21) do differently, as one trait,
//! [`EditionRules`], with one implementation per edition:
//!
//! | file | edition |
//! |---|---|
//! | `fide2017.rs` | [`Fide2017`]: A.4 floats, C.2's bye bar, the A.9 round loop (PPB, CLB), C.4-C.19 as packed weights |
//! | `fide2026.rs` | [`Fide2026`]: Art. 1.4 floats, C2's PAB bar, C4 in every bracket with C5, C4-C21 as packed weights, C9's ranks |
//! | `common.rs` | what both pack alike: the colour criteria (2017 C.8-C.11, 2026 C10-C13), the lowest fields, the facts a weight reads |
//!
//! The engine (bracket, candidates, remainder, exchanges, MDP-pairing) is
//! generic over the edition: a bracket is a `Bracket<'_, E>` for one
//! `E: EditionRules`, so each edition's weights are compiled into its own
//! copy of the hot loops, without a branch or an indirect call per edge.
//! The two edition files do not know each other; an edition with other
//! criteria is one more implementation of the trait.

mod common;
mod fide2017;
mod fide2026;

pub(crate) use common::colour_criteria;
pub(crate) use fide2017::Fide2017;
pub(crate) use fide2026::{C9Ranks, Fide2026};

use std::cell::RefCell;

use swiss_core::{PlayerState, RoundState};
use swiss_matching::Wide;

use super::bracket::Bracket;
use super::record::Recorder;
use super::weights::ScoreLevels;
use crate::float::Float;
use crate::player::Player;
use crate::{DutchError, Edition};

/// What differs between the editions of the Dutch rules, from the facts of
/// one player to the packed weight of one pair. `Self` holds what one
/// bracket's weights need beyond the bracket itself (the field positions,
/// the score fields); the associated functions without `self` are the
/// edition's per-round rules.
pub(crate) trait EditionRules: Sized + Sync {
    /// Whether the round loop checks the completion criterion on every
    /// bracket's candidate itself (2026 C4), rather than through the
    /// completion field of the PPB and the CLB only (2017 A.9/C.4).
    const COMPLETION_CHECKED_PER_BRACKET: bool;

    /// The player's floats one and two rounds back (2017: A.4; 2026:
    /// Art. 1.4).
    fn floats(state: &RoundState, p: &PlayerState) -> [Option<Float>; 2];

    /// Whether the player may get the pairing-allocated bye (2017: C.2;
    /// 2026: C2).
    fn may_get_pab(state: &RoundState, p: &PlayerState) -> bool;

    /// Pairs the whole round: for each player of `field` (in pairing
    /// order), his opponent. The field is the edition's own (its floats
    /// and bye eligibility); the edition may restrict the bye eligibility
    /// further before the first bracket (2026 C5). With a `recorder`
    /// (the arbiter's comparison or account), every bracket paired is
    /// kept in it (`engine/record.rs`).
    fn pair_round(
        field: &mut [Player],
        rounds_played: u32,
        recorder: Option<&RefCell<Recorder>>,
    ) -> Result<Vec<Option<usize>>, DutchError>;

    /// Total bits of the bracket's packed weights below their top field.
    fn bits_below_top(&self) -> u32;

    /// Whether a player's bye eligibility counts in the bracket's weights
    /// (completion, and 2017's C.7 of the last scoregroup).
    fn bye_eligibility_counts(b: &Bracket<'_, Self>) -> bool;

    /// Whether the player left over in the bracket must have played as
    /// many games as anybody (2026 C9; never in 2017).
    fn pab_to_most_games(&self) -> bool;

    /// The packed weight of the positions `i < j` of `b` (the higher and
    /// the lower player) once the absolute criteria allow the pair. It
    /// reads the two players only through their [`WeightFacts`](common::WeightFacts).
    fn legal_pair_weight<const N: usize>(b: &Bracket<'_, Self>, i: usize, j: usize) -> Wide<N>;

    /// Explain mode: which quality criteria the chosen `pairs` of `b` do
    /// not fully meet, with the number of players or pairs concerned.
    fn unmet_criteria(b: &Bracket<'_, Self>, pairs: &[(usize, usize)]) -> String;

    // What the arbiter's comparison (`engine/record.rs`) reads back from
    // the packed weights, in the edition's own rule numbering.

    /// The edition, whose [`Edition::rule`] turns the 2017 ids the shared
    /// machinery names (`B.3`, `B.8`, `D.1-D.3`) into the edition's own.
    const EDITION: Edition;

    /// The fields of `b`'s weights as (rule, start bit), in any order.
    fn fields(b: &Bracket<'_, Self>) -> Vec<(&'static str, u32)>;

    /// Whether the weights subtract in field `name` (its net value is
    /// never positive: 2017 C.13, C.15, C.17, C.19).
    fn subtracted(name: &str) -> bool;

    /// The score counters of field `name` when it counts scores (one
    /// counter per score: 2026 C7, C8 scores, C18-C21); `None` for a
    /// plain count.
    fn score_levels(&self, name: &str) -> Option<&ScoreLevels>;

    /// Field `name` for the positions `pairs` of `b`, in the text's own
    /// terms, where the packed number would not say it (2017's PSD
    /// fields, A.8); `None`: the field is read back from the weights.
    fn field_in_words(
        b: &Bracket<'_, Self>,
        name: &str,
        pairs: &[(usize, usize)],
    ) -> Option<String> {
        let _ = (b, name, pairs);
        None
    }
}
