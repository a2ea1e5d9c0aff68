//! The bracket-by-bracket pairing procedure of C.04.3 (A.9, B, C, D), one
//! file per part of the text:
//!
//! | file | rules |
//! |---|---|
//! | `round_2017.rs` | A.9: brackets top-down, MDPs, the PPB and the collapsed scoregroup, the CLB |
//! | `completion.rs` | C.1-C.3 for a pair; A.9/C.4: can the round still be completed? |
//! | `bracket.rs` | A.3, B.1-B.4: one bracket, its MDPs, residents and next scoregroup; B.4's perfect first candidate; what both round loops do with a bracket's pairs |
//! | `round_2026.rs` | 2026 C4: every bracket under the completion test, no PPB or collapsed scoregroup |
//! | `criteria/mod.rs` | the seam: `EditionRules`, what differs by edition, from a player's floats to a pair's weight |
//! | `criteria/fide2017.rs` | C.4-C.19 as packed edge weights: which criteria, in which order (the one place the 2017 criteria live) |
//! | `criteria/fide2026.rs` | the 2026 text's C4-C21 as packed edge weights, and C9's ranks |
//! | `criteria/common.rs` | what both editions pack alike: the colour criteria, the lowest fields, a weight's facts |
//! | `weights.rs` | the machinery under them: A.8's PSD fields, 2026's score fields, the store of a bracket's weights |
//! | `candidates.rs` | B.8: the best candidates, and the order of the steps that pick the earliest of them (B.6/B.7) |
//! | `mdp_pairing.rs` | D.3: which MDPs are paired; D.1: their opponents |
//! | `exchanges.rs` | D.2: resident exchanges in the remainder, the new S1R and S2R |
//! | `remainder.rs` | B.3/B.7: the remainder; D.1: its transpositions |
//!
//! Each bracket is solved as a maximum weight matching over the bracket
//! and the next scoregroup (all remaining players for the PPB and the
//! CLB). The edge weight packs the quality criteria lexicographically
//! (the edition's file under `criteria/`); the low bits are then used, step by step, to pick the
//! earliest best candidate of the B.6/B.7 sequence.

mod bracket;
mod candidates;
mod completion;
mod criteria;
mod exchanges;
mod mdp_pairing;
pub(crate) mod record;
mod remainder;
mod round_2017;
mod round_2026;
mod weights;

#[cfg(test)]
mod tests;

pub(crate) use bracket::Chosen;
pub(crate) use completion::{AbsoluteCriteria, completable};
pub(crate) use criteria::{EditionRules, Fide2017, Fide2026};
