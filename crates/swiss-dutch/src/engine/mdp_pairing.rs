//! The MDP-pairing of a heterogeneous bracket (C.04.3 B.3): which MDPs
//! are paired (S1 against the Limbo, D.3) and with which residents (D.1).

use super::candidates::CandidateSearch;
use super::criteria::EditionRules;
use crate::DutchError;

impl<'s, 'a, E: EditionRules, const N: usize> CandidateSearch<'s, 'a, E, N> {
    /// D.3: which MDPs form S1. Within each score (D.3.a: C.6 already
    /// prefers the higher scores), the highest ranked MDPs (D.3.b: the
    /// lowest BSNs) that some best candidate pairs; they are marked
    /// `decided`, and the others stay in the Limbo.
    pub(super) fn choose_paired_mdps(&mut self) {
        let mut group = 0;
        // MDPs and residents of the current MDP's score or higher not yet
        // looked at, and how many of them the optimum pairs with residents.
        let (mut remaining, mut remaining_paired) = (0usize, 0usize);
        for i in 0..self.bracket.mdps {
            let score = self.bracket.player(i).score;
            if i == 0 || score < group {
                group = score;
                (remaining, remaining_paired) = self.score_group_from(i);
            }
            if remaining_paired == 0 {
                continue;
            }
            if remaining <= remaining_paired {
                self.decided[i] = true;
                continue;
            }
            remaining -= 1;
            if self.try_mdp_in_s1(i) {
                self.decided[i] = true;
                remaining_paired -= 1;
            }
        }
    }

    /// The players from position `i` on whose score is at least `i`'s,
    /// and how many of them the current optimum pairs with residents.
    fn score_group_from(&self, i: usize) -> (usize, usize) {
        let group = self.bracket.player(i).score;
        let len = self.bracket.members.len();
        let mut count = (0, 0);
        let mut j = i;
        while j < len && self.bracket.player(j).score >= group {
            count.0 += 1;
            if self.pairs_with_resident(j) {
                count.1 += 1;
            }
            j += 1;
        }
        count
    }

    /// D.3.b for MDP `i`: whether some best candidate pairs him, the
    /// earlier MDPs' choices kept. A bonus on his edges to the residents
    /// asks the matcher; when he is paired, a bonus above any later MDP's
    /// keeps him paired from now on.
    fn try_mdp_in_s1(&mut self, i: usize) -> bool {
        let (mdps, size) = (self.bracket.mdps, self.bracket.size);
        if !self.pairs_with_resident(i) {
            let bonus = self.order_bonus(1);
            for j in mdps..size {
                self.set_with_bonus(i, j, bonus);
            }
            self.matching.solve();
        }
        if !self.pairs_with_resident(i) {
            return false;
        }
        let residents = (size - mdps) as u64;
        let bonus = self.order_bonus(residents + 1);
        for j in mdps..size {
            self.set_with_bonus(i, j, bonus);
        }
        true
    }

    /// D.1 on the MDP-pairing: each MDP of S1, in order, gets the highest
    /// resident some best candidate allows (the transpositions of S2 in
    /// lexicographic order).
    pub(super) fn pair_mdps(&mut self) -> Result<(), DutchError> {
        let (mdps, size) = (self.bracket.mdps, self.bracket.size);
        for i in 0..mdps {
            if !self.decided[i] {
                continue;
            }
            // Skip the solve when the current optimum already gives him
            // the highest resident he may meet (it stays optimal).
            let best =
                (mdps..size).find(|&j| !self.decided[j] && !self.weights.get(i, j).is_zero());
            if let Some(j) = best.filter(|&j| self.matching.mate(i) == Some(j)) {
                self.matching.fix_pair(i, j);
                self.record_pair(i, j);
                continue;
            }
            // Bonuses rising towards the highest resident.
            let mut addend = self.bracket.members.len() as u64;
            for j in (mdps..size).rev() {
                if self.decided[j] {
                    continue;
                }
                if !self.weights.get(i, j).is_zero() {
                    self.set_with_bonus(i, j, self.order_bonus(addend));
                    addend += 1;
                }
            }
            self.matching.solve();
            let j = self
                .matching
                .mate(i)
                .filter(|&j| j >= mdps && j < size)
                .ok_or_else(|| {
                    DutchError::internal("an MDP chosen for pairing lost its opponent")
                })?;
            self.matching.fix_pair(i, j);
            self.record_pair(i, j);
        }
        Ok(())
    }
}
