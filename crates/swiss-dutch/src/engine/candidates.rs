//! The earliest best candidate of a bracket (C.04.3 B.8): a maximum weight
//! matching finds the value of the best candidates, then the bracket is
//! fixed step by step, in the order in which B.6/B.7 generate candidates,
//! each step keeping the earliest choice that some best candidate makes:
//!
//! 1. which MDPs are paired, S1 of the heterogeneous bracket (D.3,
//!    `mdp_pairing.rs`);
//! 2. their opponents, the MDP-pairing (D.1, `mdp_pairing.rs`);
//! 3. the remainder's subgroups S1R and S2R (B.3, B.7), then its resident
//!    exchanges (D.2, `exchanges.rs`);
//! 4. the remainder's transpositions (D.1, `remainder.rs`).
//!
//! A homogeneous bracket is a remainder without MDP-pairing. Each step
//! re-weights the edges of the player it decides with bonuses in the low
//! bits the criteria leave free ([`reserved_bits`]) and re-solves; the
//! matcher re-optimises from its previous optimum and duals instead of
//! starting over.

use swiss_matching::{DenseMatching, Wide};

use super::bracket::Bracket;
use super::weights::EdgeWeights;
use crate::DutchError;

/// The low bits of every weight that the criteria leave zero, kept for the
/// candidate order: from bit 0, the remainder's D.1 bonuses
/// ([`Bracket::window_bits`]); above them the order bonuses of D.3, of the
/// MDP-pairing's D.1 and of D.2.b-d ([`CandidateSearch::order_bonus`]),
/// 2R + 1 bits for R = [`Bracket::resident_bits`]; above those the D.2.a
/// count of S1R players kept in S1R, R bits
/// ([`CandidateSearch::exchange_count_at`]).
pub(crate) fn reserved_bits(b: &Bracket<'_>) -> u32 {
    3 * b.resident_bits + 1 + b.window_bits
}

/// The search for the earliest best candidate of one bracket, with
/// weights `N` words wide. Positions are those of [`Bracket::members`].
pub(crate) struct CandidateSearch<'s, 'a, const N: usize> {
    pub(super) bracket: &'s Bracket<'a>,
    /// The original weights, less the pairs ruled out so far.
    pub(super) weights: EdgeWeights<'s, 'a, N>,
    /// The matcher, whose weights carry the bonuses of the current step.
    pub(super) matching: DenseMatching<Wide<N>>,
    /// Bracket players whose place is decided: MDPs chosen for S1 (D.3)
    /// and players paired.
    pub(super) decided: Vec<bool>,
    /// The pairs made, in the order decided.
    pub(super) pairs: Vec<(usize, usize)>,
}

impl<'a> Bracket<'a> {
    /// Pairs the bracket (B.8): the best candidate under C.5-C.19 (and C.4
    /// for the PPB), the earliest of the B.6/B.7 sequence among equals.
    /// Returns the pairs made, as positions in `members`.
    pub(crate) fn solve<const N: usize>(&self) -> Result<Vec<(usize, usize)>, DutchError> {
        let mut search = CandidateSearch::<N>::new(self);
        search.solve_best();
        search.choose_paired_mdps();
        search.pair_mdps()?;
        let remainder = search.remainder();
        let no_exchange = search.exchange(&remainder);
        search.fix_subgroups(&remainder, no_exchange);
        search.transpose_remainder(&remainder)?;
        Ok(search.pairs)
    }
}

impl<'s, 'a, const N: usize> CandidateSearch<'s, 'a, N> {
    fn new(bracket: &'s Bracket<'a>) -> Self {
        CandidateSearch {
            bracket,
            weights: EdgeWeights::new(bracket),
            matching: DenseMatching::new(bracket.members.len()),
            decided: vec![false; bracket.size],
            pairs: Vec::new(),
        }
    }

    /// B.8: a best candidate, one maximum weight matching over the bracket
    /// and the players considered with it.
    ///
    /// The matcher's cold start (duals lowered vertex by vertex, then
    /// tight edges paired greedily) pairs most of a block of similar
    /// players, but few when heavier edges to another block set the
    /// starting duals: then the first vertex lowered is the only one the
    /// others are tight with. So the residents and the next scoregroup are
    /// solved each among themselves, and the edges between the blocks
    /// (residents to the next scoregroup, then the MDPs, whose PSD terms
    /// are the heaviest) are added by warm re-solves, which grow trees only
    /// from the vertices they free.
    fn solve_best(&mut self) {
        let (mdps, size, len) = (
            self.bracket.mdps,
            self.bracket.size,
            self.bracket.members.len(),
        );
        for j in mdps..len {
            for i in 0..j {
                if i >= mdps && (i >= size || j < size) {
                    self.matching.set_weight(i, j, self.weights.get(i, j));
                }
            }
        }
        // Each join: solve what is set so far, then add the rows `from`
        // against the columns `to` (the changed vertex named first).
        let joins = [(mdps..size, size..len), (0..mdps, mdps..len)];
        for (from, to) in joins {
            if from.is_empty() || to.is_empty() {
                continue;
            }
            self.matching.solve();
            for i in from {
                for j in to.clone() {
                    self.matching.set_weight(i, j, self.weights.get(i, j));
                }
            }
        }
        self.matching.solve();
    }

    /// `v` in the order-bonus bits, just above the remainder's D.1 bits
    /// ([`reserved_bits`]).
    pub(super) fn order_bonus(&self, v: u64) -> Wide<N> {
        Wide::<N>::from_u64(v).shl(self.bracket.window_bits)
    }

    /// The bit that counts, in D.2.a's field, one S1R player kept in S1R
    /// ([`reserved_bits`]).
    pub(super) fn exchange_count_at(&self) -> u32 {
        2 * self.bracket.resident_bits + 1 + self.bracket.window_bits
    }

    /// Whether the current optimum pairs `x` with a resident.
    pub(super) fn pairs_with_resident(&self, x: usize) -> bool {
        let b = self.bracket;
        self.matching
            .mate(x)
            .is_some_and(|y| y >= b.mdps && y < b.size)
    }

    /// Whether the current optimum pairs `x` with a lower bracket player:
    /// `x` is in S1 of that candidate.
    pub(super) fn is_in_s1(&self, x: usize) -> bool {
        self.matching
            .mate(x)
            .is_some_and(|y| y > x && y < self.bracket.size)
    }

    /// Sets the matcher's weight of `i-j` to the original one plus
    /// `bonus`, unless C.1-C.3 or an earlier step ruled the pair out.
    pub(super) fn set_with_bonus(&mut self, i: usize, j: usize, bonus: Wide<N>) {
        let w = self.weights.get(i, j);
        if !w.is_zero() {
            self.matching.set_weight(i, j, w.add(bonus));
        }
    }

    /// Records the pair `a-b` as made.
    pub(super) fn record_pair(&mut self, a: usize, b: usize) {
        self.decided[a] = true;
        self.decided[b] = true;
        self.pairs.push((a, b));
    }
}
