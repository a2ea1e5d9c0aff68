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

use std::ops::Range;

use swiss_matching::{DenseMatching, Wide};

use super::bracket::Bracket;
use super::criteria::EditionRules;
use super::remainder::{each_pair, heavy, joining_values};
use super::weights::EdgeWeights;
use crate::DutchError;

/// The low bits of every weight that the criteria leave zero, kept for the
/// candidate order: from bit 0, the remainder's D.1 bonuses
/// ([`Bracket::window_bits`]); above them the order bonuses of D.3, of the
/// MDP-pairing's D.1 and of D.2.b-d ([`CandidateSearch::order_bonus`]),
/// 2R + 1 bits for R = [`Bracket::resident_bits`]; above those the D.2.a
/// count of S1R players kept in S1R, R bits
/// ([`CandidateSearch::exchange_count_at`]).
pub(crate) fn reserved_bits<E>(b: &Bracket<'_, E>) -> u32 {
    3 * b.resident_bits + 1 + b.window_bits
}

#[cfg(test)]
thread_local! {
    /// Test switch and statistics of [`Bracket::floats_one_into_next`]:
    /// whether the stand-in may be used, how many brackets used it, and
    /// how many tried it and went back to the next scoregroup (more than
    /// one player floats).
    pub(super) static STAND_INS: std::cell::Cell<(bool, usize, usize)> =
        const { std::cell::Cell::new((true, 0, 0)) };
}

/// The search for the earliest best candidate of one bracket, with
/// weights `N` words wide. Positions are those of [`Bracket::members`].
pub(crate) struct CandidateSearch<'s, 'a, E, const N: usize> {
    pub(super) bracket: &'s Bracket<'a, E>,
    /// The original weights, less the pairs ruled out so far.
    pub(super) weights: EdgeWeights<'s, 'a, E, N>,
    /// The matcher, whose weights carry the bonuses of the current step.
    pub(super) matching: DenseMatching<Wide<N>>,
    /// The players after the bracket (for the last bracket, the PAB) are
    /// one stand-in ([`Bracket::floats_one_into_next`]).
    stand_in: bool,
    /// Bracket players whose place is decided: MDPs chosen for S1 (D.3)
    /// and players paired.
    pub(super) decided: Vec<bool>,
    /// The pairs made, in the order decided.
    pub(super) pairs: Vec<(usize, usize)>,
}

#[cfg(test)]
thread_local! {
    /// Test switch and statistics of the last bracket's stand-in for the
    /// PAB ([`Bracket::floats_one_into_next`]): whether it may be used,
    /// and in how many brackets it served.
    pub(super) static PAB_STAND_IN: std::cell::Cell<(bool, usize)> =
        const { std::cell::Cell::new((true, 0)) };
}

#[cfg(test)]
thread_local! {
    /// Test switch and statistics of the lone player's shortcut in
    /// [`Bracket::solve`]: whether it may be used, and how many brackets
    /// it answered.
    pub(super) static LONE: std::cell::Cell<(bool, usize)> =
        const { std::cell::Cell::new((true, 0)) };
}

impl<E: EditionRules> Bracket<'_, E> {
    /// Pairs the bracket (B.8): the best candidate under C.5-C.19 (and C.4
    /// for the PPB), the earliest of the B.6/B.7 sequence among equals.
    /// Returns the pairs made, as positions in `members`.
    ///
    /// A bracket of one player has one candidate, which pairs nobody:
    /// B.8 has nothing to choose, and the matching would only weigh the
    /// next scoregroup for a choice that does not exist (a lone leader
    /// above 9,998 players: 2.2 s of stand-in values).
    pub(crate) fn solve<const N: usize>(&self) -> Result<Vec<(usize, usize)>, DutchError> {
        #[cfg(not(test))]
        let lone = self.size == 1;
        #[cfg(test)]
        let lone = self.size == 1 && LONE.with(|c| c.get().0);
        if lone {
            #[cfg(test)]
            LONE.with(|c| c.set((true, c.get().1 + 1)));
            return Ok(Vec::new());
        }
        let stand_in = self.floats_one_into_next();
        #[cfg(test)]
        let stand_in = stand_in && STAND_INS.with(|c| c.get().0);
        let mut search = CandidateSearch::<E, N>::new(self, stand_in);
        search.solve_best();
        if stand_in && !search.one_floater() {
            search = CandidateSearch::<E, N>::new(self, false);
            search.solve_best();
        }
        #[cfg(test)]
        if search.stand_in && self.members.len() == self.size {
            PAB_STAND_IN.with(|c| c.set((c.get().0, c.get().1 + 1)));
        }
        #[cfg(test)]
        STAND_INS.with(|c| {
            let (on, kept, dropped) = c.get();
            let one = search.stand_in;
            c.set((
                on,
                kept + usize::from(one),
                dropped + usize::from(stand_in && !one),
            ));
        });
        search.choose_paired_mdps();
        search.pair_mdps()?;
        let remainder = search.remainder();
        let no_exchange = search.exchange(&remainder);
        search.fix_subgroups(&remainder, no_exchange);
        search.transpose_remainder(&remainder)?;
        Ok(search.pairs)
    }
}

impl<'s, 'a, E: EditionRules, const N: usize> CandidateSearch<'s, 'a, E, N> {
    /// The search over the bracket and the players after it, or with
    /// `stand_in` over the bracket and one stand-in for those players
    /// ([`Bracket::floats_one_into_next`]).
    fn new(bracket: &'s Bracket<'a, E>, stand_in: bool) -> Self {
        let mut weights = EdgeWeights::new(bracket);
        if stand_in {
            let values = next_group_values(&weights, bracket);
            weights.stand_in_for_next(values);
        }
        CandidateSearch {
            bracket,
            matching: DenseMatching::new(weights.len()),
            weights,
            stand_in,
            decided: vec![false; bracket.size],
            pairs: Vec::new(),
        }
    }

    /// With a stand-in: whether the optimum leaves exactly one bracket
    /// player unpaired in the bracket, as [`Bracket::floats_one_into_next`]
    /// needs. C.5 comes first, so then every candidate does.
    fn one_floater(&self) -> bool {
        let size = self.bracket.size;
        (0..size)
            .filter(|&i| self.matching.mate(i).is_none_or(|j| j >= size))
            .count()
            == 1
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
    ///
    /// The blocks solved keep an even number of players (an odd one needs
    /// a blossom over all of it, opened again by the join): the residents
    /// with the stand-in, if any, and with the first MDP's edges lowered
    /// if that block is odd ([`Self::lowered_first_mdp`]); then the MDPs.
    /// Without MDPs, even residents with a stand-in are solved alone
    /// before it joins.
    fn solve_best(&mut self) {
        let (mdps, size, len) = (self.bracket.mdps, self.bracket.size, self.weights.len());
        let odd_residents = (size - mdps) % 2 == 1;
        // The first MDP, his edges lowered, evens out the first block
        // (the residents and the stand-in, if any) when it is odd.
        let lowered_mdp = mdps > 0 && odd_residents != self.stand_in;
        let stand_in_first = self.stand_in && (odd_residents || lowered_mdp);
        self.matching.set_sides(natural_sides(mdps, size));
        // The columns set before the joins in row `u` (none for an MDP):
        // the residents with the stand-in or the next scoregroup when it
        // comes first, else each block among itself.
        let first = |u: usize| match (u < mdps, stand_in_first, u < size) {
            (true, _, _) => 0..0,
            (false, true, _) => mdps..len,
            (false, false, true) => mdps..size,
            (false, false, false) => size..len,
        };
        let weights = &self.weights;
        match weights.palette() {
            Some(palette) => {
                // Palette indices fit: see `PaletteRows`.
                let zero = palette.len() as u32 - 1;
                let rows = weights.rows();
                self.matching.set_all_weights_by_rows(&palette, |u, out| {
                    let cols = first(u);
                    out[..cols.start].fill(zero);
                    out[cols.end..].fill(zero);
                    rows.row(u, cols.clone(), &mut out[cols]);
                });
            }
            None => self.matching.set_all_weights(|i, j| {
                if first(i).contains(&j) {
                    weights.get(i, j)
                } else {
                    Wide::ZERO
                }
            }),
        }
        if lowered_mdp {
            self.lowered_first_mdp();
        }
        // Each join: solve what is set so far, then add the rows `from`
        // against the columns `to` (the changed vertex named first).
        let joins: &[(Range<usize>, Range<usize>)] = match (self.stand_in, stand_in_first) {
            (false, _) => &[(mdps..size, size..len), (0..mdps, mdps..len)],
            (true, true) => &[(0..mdps, mdps..len)],
            (true, false) => &[(size..len, mdps..size)],
        };
        for (from, to) in joins {
            if from.is_empty() || to.is_empty() {
                continue;
            }
            self.matching.solve();
            for i in from.clone() {
                for j in to.clone() {
                    self.matching.set_weight(i, j, self.weights.get(i, j));
                }
            }
        }
        self.matching.solve();
    }

    /// An odd first block (the residents, and the stand-in when there is
    /// one) needs a blossom over all of it, which the cold start builds
    /// player by player and the join opens again; an even one joined by
    /// the MDPs and the stand-in afterwards made the join's stage grow a
    /// tree over the whole bracket and shrink it into one blossom (0.47 s
    /// at 4,500 players). So the first MDP joins the block from the start,
    /// which makes it even, his edges lowered by what his heaviest exceeds
    /// the top resident's, so that they do not set the starting duals; the
    /// join gives them their weights back, and only the warm start depends
    /// on the lowered ones.
    fn lowered_first_mdp(&mut self) {
        let (mdps, size) = (self.bracket.mdps, self.bracket.size);
        let heaviest = |i: usize| {
            (mdps..size)
                .map(|j| self.weights.get(i, j))
                .max()
                .unwrap_or(Wide::ZERO)
        };
        let (mdp_top, top_resident) = (heaviest(0), heaviest(mdps));
        let lower = if mdp_top > top_resident {
            mdp_top.sub(top_resident)
        } else {
            Wide::ZERO
        };
        for j in mdps..size {
            let w = self.weights.get(0, j);
            if w > lower {
                self.matching.set_weight(0, j, w.sub(lower));
            }
        }
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

/// The remainder's S1R and S2R as they are when each MDP meets one of
/// the top residents (B.3, B.7): the sides the matcher's cold start pairs
/// across ([`DenseMatching::set_sides`]). Its optimum then mostly pairs
/// S1R with S2R, and D.2's question (is there a best candidate without
/// an exchange?) is answered by the optimum itself; otherwise it removes
/// every pair inside S1R and S2R and re-solves (0.15 s at 4,800
/// players). The MDPs, their likely opponents and the players after the
/// bracket take no side.
fn natural_sides(mdps: usize, size: usize) -> impl Fn(usize) -> Option<bool> {
    let first = (2 * mdps).min(size);
    let s1r_end = first + (size - first) / 2;
    move |i| (first..size).contains(&i).then_some(i >= s1r_end)
}

impl<E> Bracket<'_, E> {
    /// Whether the bracket is odd and the players after it in `members`
    /// are the next scoregroup or nobody (not the collapsed scoregroup of
    /// the PPB, nor the 2026 completion's players left): then C.5,
    /// which outranks all the other criteria, leaves one bracket player
    /// unpaired in every best candidate as soon as one does. Who he is
    /// matters to the next scoregroup only through what
    /// its pairing gains when he joins it (C.7), so the next scoregroup
    /// can be replaced by a stand-in whose pair with each bracket player
    /// weighs that gain: the candidates keep their order, and the matching
    /// shrinks from the bracket and the next scoregroup to the bracket.
    /// The stand-in's pairs weigh half the heaviest pair of the bracket
    /// more: every candidate pairs him anyway, and the weights then admit
    /// optimal duals without a blossom over the whole odd bracket, which
    /// every warm re-solve that touches it would open and build again.
    ///
    /// The last bracket of a round (nobody after it: the 2017 CLB, or a
    /// 2026 bracket, with or without C4) gets a stand-in too, for the PAB:
    /// its pairs all weigh the same, so the optima pair it with a player
    /// that a best candidate leaves unpaired, and only with such a player.
    /// That holds because every criterion about the PAB's assignee (C.2
    /// or C2 in the completion field, his PSD as a downfloater, his
    /// floats) is weighed as what pairing a player gains over leaving him
    /// out. With the matcher's sides the optimum then needs no blossom (a
    /// 4,869-player last bracket: 1.9 s to 0.9 s; the 2017 CLB of 9,999
    /// players after an all-draws round: 7.2 s to 2.0 s).
    pub(crate) fn floats_one_into_next(&self) -> bool {
        #[cfg(test)]
        if self.members.len() == self.size && !PAB_STAND_IN.with(|c| c.get().0) {
            return false;
        }
        self.size % 2 == 1 && (!self.ppb_or_clb || self.members.len() == self.size)
    }
}

/// For each bracket player, the weight of his pair with the stand-in of
/// the next scoregroup ([`Bracket::floats_one_into_next`]): the heaviest
/// pair of the bracket plus what the next scoregroup's pairing gains when
/// he joins it.
fn next_group_values<E: EditionRules, const N: usize>(
    weights: &EdgeWeights<'_, '_, E, N>,
    b: &Bracket<'_, E>,
) -> Vec<Wide<N>> {
    let (size, len) = (b.size, b.members.len());
    // Half the heaviest pair: enough for duals without the blossom (a
    // bracket player's dual is about half his pair's weight), and lighter
    // than the players' own pairs, which set the cold start's duals: when
    // the stand-in's pairs were the heaviest, it paired one player and
    // left 4,694 to search.
    let stand_in = weights.heaviest().half().add(Wide::from_u64(1));
    // The next scoregroup's pairs, from the weights' palette when there
    // is one (a fifth of the time of 12 million pairs one by one).
    let palette = weights.palette();
    let rows = weights.rows();
    let fill = |m: &mut DenseMatching<Wide<N>>, first: usize| match &palette {
        Some(palette) => {
            let zero = palette.len() as u32 - 1;
            m.set_all_weights_by_rows(palette, |u, out| {
                out[..first].fill(zero);
                if u < first {
                    out[first..].fill(zero);
                } else {
                    rows.row(size + u - first, size..len, &mut out[first..]);
                }
            });
        }
        None => each_pair(|i, j| weights.get(size + i, size + j))(m, first),
    };
    // A bracket player's pairs with the whole group, a row at a time
    // (a pair at a time, C.1 and C.3 were a tenth of a heavy round).
    let mut ids = vec![0; len - size];
    let row = |i: usize, out: &mut [Wide<N>]| match &palette {
        Some(palette) => {
            rows.row(i, size..len, &mut ids);
            for (o, &id) in out.iter_mut().zip(&ids) {
                *o = palette[id as usize];
            }
        }
        None => {
            for (x, o) in out.iter_mut().enumerate() {
                *o = weights.get(i, size + x);
            }
        }
    };
    joining_values(len - size, fill, size, row, heavy(b))
        .into_iter()
        .map(|v| v.add(stand_in))
        .collect()
}
