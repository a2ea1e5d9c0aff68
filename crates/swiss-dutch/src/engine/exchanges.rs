//! Resident exchanges in a homogeneous bracket or remainder (C.04.3 D.2,
//! B.6): the players the candidate moves between the original S1R and
//! S2R, and the fixing of the new subgroups.

use swiss_matching::Wide;

use super::candidates::CandidateSearch;
use super::criteria::EditionRules;
use super::remainder::Remainder;

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
    /// the original ones back). Otherwise the pairs inside S1R and inside
    /// S2R are removed and the optimum must keep its value: far cheaper
    /// than re-weighting every pair, and the usual case.
    fn has_best_without_exchange(&mut self, r: &Remainder) -> bool {
        if r.players[..r.s1_len].iter().all(|&a| self.is_in_s1(a)) {
            return true;
        }
        let value = self.matching.total_weight();
        let mut in_s1r = vec![false; self.weights.len()];
        for &a in &r.players[..r.s1_len] {
            in_s1r[a] = true;
        }
        self.matching
            .remove_edges_among(&r.players, |a, b| in_s1r[a] == in_s1r[b]);
        self.matching.solve();
        self.matching.total_weight() == value
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
            for &b in &r.players[pa + 1..] {
                if !kept(a, b) {
                    self.weights.rule_out(a, b);
                } else if !no_exchange {
                    // Without exchanges the weights kept are still the
                    // original.
                    let w = self.weights.get(a, b);
                    self.matching.set_weight(a, b, w);
                }
            }
        }
        self.matching
            .remove_edges_among(&r.players, |a, b| !kept(a, b));
    }
}
