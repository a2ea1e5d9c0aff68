//! Resident exchanges in a homogeneous bracket or remainder (C.04.3 D.2,
//! B.6): the players the candidate moves between the original S1R and
//! S2R, and the fixing of the new subgroups.

use swiss_matching::Wide;

use super::candidates::CandidateSearch;
use super::criteria::EditionRules;
use super::remainder::Remainder;

#[cfg(test)]
thread_local! {
    /// Test switch and statistics of
    /// [`CandidateSearch::s1r_against_s2r_without_solve`]: whether it may
    /// be used, and how many brackets it answered.
    pub(super) static D2_WITHOUT_SOLVE: std::cell::Cell<(bool, usize)> =
        const { std::cell::Cell::new((true, 0)) };
}

impl<'s, 'a, E: EditionRules, const N: usize> CandidateSearch<'s, 'a, E, N> {
    /// The weight of `a-b` (`a` at place `place` of the remainder, above
    /// `b`) for D.2.a-b: the original weight, plus one in D.2.a's field
    /// when `a` is of the original S1R (fewest exchanges: most S1R players
    /// kept in S1R), less twice `a`'s place in the order bonus (the
    /// smallest sum of the new S1R's places, i.e. D.2.b's smallest BSN-sum
    /// difference).
    fn exchange_weight(&self, r: &Remainder, a: usize, b: usize, place: usize) -> Wide<N> {
        let w = self.weights.get(a, b);
        if w.is_zero() {
            return w;
        }
        let kept_in_s1 = if place < r.s1_len {
            Wide::<N>::bit(self.exchange_count_at())
        } else {
            Wide::ZERO
        };
        w.add(kept_in_s1).sub(self.order_bonus(2 * place as u64))
    }

    /// Sets `a-b` to its [`Self::exchange_weight`] plus `adjust`, as
    /// [`Self::set_with_bonus`] does for the original weight.
    fn set_exchange_weight(
        &mut self,
        r: &Remainder,
        (a, b, place): (usize, usize, usize),
        adjust: impl FnOnce(Wide<N>) -> Wide<N>,
    ) {
        let w = self.exchange_weight(r, a, b, place);
        if !w.is_zero() {
            self.matching.set_weight(a, b, adjust(w));
        }
    }

    /// D.2 on the remainder `r`: the exchange of the earliest best
    /// candidate. Returns whether it is no exchange at all.
    pub(super) fn exchange(&mut self, r: &Remainder) -> bool {
        let no_exchange = self.has_best_without_exchange(r);
        if !no_exchange {
            // D.2.a-b: fewest exchanges, then the smallest BSN-sum
            // difference, over the whole remainder.
            for pb in 0..r.players.len() {
                for pa in 0..pb {
                    let (a, b) = (r.players[pa], r.players[pb]);
                    let w = self.exchange_weight(r, a, b, pa);
                    self.matching.set_weight(a, b, w);
                }
            }
            self.matching.solve();
        }
        let exchanges = r.players[..r.s1_len]
            .iter()
            .filter(|&&a| !self.is_in_s1(a))
            .count();
        self.move_lowest_from_s1(r, exchanges);
        self.move_highest_from_s2(r, exchanges);
        no_exchange
    }

    /// D.2.a: whether some best candidate pairs S1R against S2R without
    /// an exchange. When the optimum already does so, it also has the best
    /// exchange bonus and its weights are not even set (the S1R fix puts
    /// the original ones back); so when a few alternating cycles lead to
    /// such an optimum ([`Self::s1r_against_s2r_without_solve`]).
    /// Otherwise the pairs inside S1R and inside S2R are removed and the
    /// optimum must keep its value: far cheaper than re-weighting every
    /// pair, and the usual case.
    fn has_best_without_exchange(&mut self, r: &Remainder) -> bool {
        if r.players[..r.s1_len].iter().all(|&a| self.is_in_s1(a)) {
            return true;
        }
        if self.s1r_against_s2r_without_solve(r) {
            return true;
        }
        let value = self.matching.total_weight();
        // Classes 1 (S1R) and 2 (S2R); 0 outside the remainder.
        let class: Vec<u8> = r
            .sides(self.weights.len())
            .into_iter()
            .map(|s| s.map_or(0, |in_s1r| if in_s1r { 1 } else { 2 }))
            .collect();
        self.matching
            .remove_edges_by_class(&class, |a| match class[a] {
                0 => (0, 0),
                c => (1 << c, 1 << c),
            });
        self.matching.solve();
        self.matching.total_weight() == value
    }

    /// [`Self::has_best_without_exchange`] without a solve, when the
    /// optimum is a few alternating cycles away from one that pairs S1R
    /// against S2R: each S1R player not in S1 tries to meet an S2R player
    /// not paired with S1R ([`swiss_matching::DenseMatching::try_pair`]),
    /// the players already paired S1R against S2R keeping their pairs.
    /// Each cycle moves to another optimum, so a failure leaves an optimum
    /// for the solve to start from. True when the optimum now pairs every
    /// S1R player with an S2R player. In the big brackets of a round most
    /// of the optimum already does: the removal and solve cost 80-95 ms in
    /// 3,200-4,500-player brackets.
    fn s1r_against_s2r_without_solve(&mut self, r: &Remainder) -> bool {
        /// S2R players tried per S1R player: a failed search costs a
        /// sweep of the tight graph.
        const TRIES: usize = 4;
        /// Most S1R players not in S1 to try for: each search may visit
        /// every player who is not paired S1R against S2R, and with many
        /// of them the cycles mostly fail (539 of 1,101 S1R players:
        /// 340 ms, then the solve anyway).
        const MOST: usize = 32;
        #[cfg(test)]
        if !D2_WITHOUT_SOLVE.with(|c| c.get().0) {
            return false;
        }
        let out: Vec<usize> = r.players[..r.s1_len]
            .iter()
            .copied()
            .filter(|&a| !self.is_in_s1(a))
            .collect();
        if out.len() > MOST {
            return false;
        }
        let side = r.sides(self.weights.len());
        for a in out {
            if self.is_in_s1(a) {
                continue;
            }
            let m = &self.matching;
            // Paired S1R against S2R.
            let good = |x: usize| {
                m.mate(x)
                    .is_some_and(|y| side[x].is_some() && side[y].is_some() && side[x] != side[y])
            };
            let open: Vec<usize> = r.players[r.s1_len..]
                .iter()
                .copied()
                .filter(|&b| !good(b) && !m.weight(a, b).is_zero() && !m.never_pairs(a, b))
                .take(TRIES)
                .collect();
            let locked: Vec<bool> = (0..m.vertex_count()).map(good).collect();
            if !open
                .into_iter()
                .any(|b| self.matching.try_pair(a, b, |x| locked[x]))
            {
                return false;
            }
        }
        let done = r.players[..r.s1_len].iter().all(|&a| self.is_in_s1(a));
        #[cfg(test)]
        if done {
            D2_WITHOUT_SOLVE.with(|c| c.set((true, c.get().1 + 1)));
        }
        done
    }

    /// D.2.c: the `exchanges` players moved from S1R to S2R are the lowest
    /// possible (the highest different BSN first), tried from the bottom
    /// of S1R up; a player moved is ruled out of S1R's pairs.
    fn move_lowest_from_s1(&mut self, r: &Remainder, exchanges: usize) {
        let mut left = exchanges;
        let mut place = r.s1_len;
        while place > 0 && left > 0 {
            place -= 1;
            let a = r.players[place];
            if self.is_in_s1(a) {
                let bonus = self.order_bonus(1);
                for &b in &r.players[place + 1..] {
                    self.set_exchange_weight(r, (a, b, place), |w| w.sub(bonus));
                }
                self.matching.solve();
            }
            let moved = !self.is_in_s1(a);
            if moved {
                left -= 1;
            }
            for &b in &r.players[place + 1..] {
                if moved {
                    self.weights.rule_out(a, b);
                }
                let w = self.exchange_weight(r, a, b, place);
                self.matching.set_weight(a, b, w);
            }
        }
    }

    /// D.2.d: the players moved from S2R to S1R are the highest possible
    /// (the lowest different BSN first), tried from the top of S2R down;
    /// the last one follows from the others. A player moved only meets
    /// lower remainder players from now on.
    fn move_highest_from_s2(&mut self, r: &Remainder, exchanges: usize) {
        let len = self.weights.len();
        let mut left = exchanges;
        for place in r.s1_len..r.players.len() {
            if left <= 1 {
                break;
            }
            let a = r.players[place];
            let already = self.is_in_s1(a);
            if !already {
                let bonus = self.order_bonus(1);
                for &b in &r.players[place + 1..] {
                    self.set_exchange_weight(r, (a, b, place), |w| w.add(bonus));
                }
                self.matching.solve();
            }
            if self.is_in_s1(a) {
                left -= 1;
                for &b in &r.players[..place] {
                    self.weights.rule_out(b, a);
                    self.matching.set_weight(a, b, Wide::ZERO);
                }
                for o in self.bracket.size..len {
                    self.weights.rule_out(a, o);
                    self.matching.set_weight(a, o, Wide::ZERO);
                }
            }
            if !already {
                for &b in &r.players[place + 1..] {
                    let w = self.exchange_weight(r, a, b, place);
                    self.matching.set_weight(a, b, w);
                }
            }
        }
    }

    /// B.6 after the exchange: the new S1R's players only meet S2R
    /// players; every other remainder pair is ruled out, and (after an
    /// exchange) the pairs left get their original weights back.
    ///
    /// The matcher's edges go in one pass over its rows (in parallel):
    /// one pair at a time cost 0.1 s in a 4,870-player remainder.
    pub(super) fn fix_subgroups(&mut self, r: &Remainder, no_exchange: bool) {
        let mut in_s1 = vec![false; self.weights.len()];
        for &a in &r.players {
            in_s1[a] = self.is_in_s1(a);
        }
        // `r.players` ascends, so the earlier of a pair is the lower.
        let kept = |a: usize, b: usize| in_s1[a.min(b)] && !in_s1[a.max(b)];
        for (pa, &a) in r.players.iter().enumerate() {
            let after = &r.players[pa + 1..];
            // The pairs ruled out come in runs of consecutive positions
            // (the whole remainder, in a homogeneous bracket).
            let mut run: Option<std::ops::Range<usize>> = None;
            for &b in after {
                if !kept(a, b) {
                    run = match run {
                        Some(r) if r.end == b => Some(r.start..b + 1),
                        Some(r) => {
                            self.weights.rule_out_above(a, r);
                            Some(b..b + 1)
                        }
                        None => Some(b..b + 1),
                    };
                } else if !no_exchange {
                    // Without exchanges the weights kept are still the
                    // original.
                    let w = self.weights.get(a, b);
                    self.matching.set_weight(a, b, w);
                }
            }
            if let Some(r) = run {
                self.weights.rule_out_above(a, r);
            }
        }
        // The same pairs out of the matcher, by class: 1 in S1, 2 in S2,
        // 0 outside the remainder. An S1 player keeps the S2 players
        // after him, an S2 player the S1 players before him.
        let mut class = vec![0u8; self.weights.len()];
        for &a in &r.players {
            class[a] = if in_s1[a] { 1 } else { 2 };
        }
        self.matching
            .remove_edges_by_class(&class, |a| match class[a] {
                0 => (0, 0),
                1 => (0b110, 0b010),
                _ => (0b100, 0b110),
            });
    }
}
