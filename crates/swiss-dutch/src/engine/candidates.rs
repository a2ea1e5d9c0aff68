//! The earliest best candidate of a bracket (C.04.3 B.8): a maximum weight
//! matching finds the value of the best candidates, then the bracket is
//! fixed step by step, in the order in which B.6/B.7 generate candidates:
//! which MDPs are paired (D.3), their opponents (D.1), the resident
//! exchanges (D.2) and the transpositions of the remainder (D.1).

use swiss_matching::{DenseMatching, Wide};

use super::bracket::Bracket;
use super::weights::{EdgeWeights, bits};
use crate::DutchError;

/// The low bits of every weight that the criteria leave zero, kept for the
/// candidate order: from bit 0, the remainder's D.1 bonuses
/// ([`Bracket::window_bits`]); above them the order bonuses of D.3, of the
/// MDP-pairing's D.1 and of D.2.b-d, 2R + 1 bits for R =
/// [`Bracket::resident_bits`]; above those the D.2.a count of S1R players
/// kept in S1R, R bits.
pub(crate) fn reserved_bits(b: &Bracket<'_>) -> u32 {
    3 * b.resident_bits + 1 + b.window_bits
}

impl<'a> Bracket<'a> {
    /// Pairs the bracket; returns the pairs made, as positions in `members`.
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn solve<const N: usize>(&self) -> Result<Vec<(usize, usize)>, DutchError> {
        let (mdp, cur, len) = (self.mdps, self.size, self.members.len());
        let residents = (cur - mdp) as u64;
        // Candidate-order bonuses live just above the tie-break bits.
        let lo = |v: u64| Wide::<N>::from_u64(v).shl(self.window_bits);
        let mut base = EdgeWeights::<N>::new(self);
        let mut m = DenseMatching::<Wide<N>>::new(len);
        // The matcher's cold start (duals lowered vertex by vertex, then
        // tight edges paired greedily) pairs most of a block of similar
        // players, but few when heavier edges to another block set the
        // starting duals: then the first vertex lowered is the only one
        // the others are tight with. So the residents and the next
        // scoregroup are solved each among themselves, and the edges
        // between the blocks (residents to the next scoregroup, then the
        // MDPs, whose PSD terms are the heaviest) are added by warm
        // re-solves, which grow trees only from the vertices they free.
        for j in mdp..len {
            for i in 0..j {
                if i >= mdp && (i >= cur || j < cur) {
                    m.set_weight(i, j, base.get(i, j));
                }
            }
        }
        // Each join: solve what is set so far, then add the rows `from`
        // against the columns `to` (the changed vertex named first).
        let joins = [(mdp..cur, cur..len), (0..mdp, mdp..len)];
        for (from, to) in joins {
            if from.is_empty() || to.is_empty() {
                continue;
            }
            m.solve();
            for i in from {
                for j in to.clone() {
                    m.set_weight(i, j, base.get(i, j));
                }
            }
        }
        m.solve();
        let in_bracket =
            |m: &DenseMatching<Wide<N>>, x: usize| m.mate(x).is_some_and(|y| y >= mdp && y < cur);
        let mut matched = vec![false; cur];
        let mut pairs = Vec::new();

        // D.3: which MDPs are paired: within each score, the highest ranked
        // ones that some optimal candidate pairs.
        let (mut group, mut remaining, mut remaining_matched) = (0, 0usize, 0usize);
        for i in 0..mdp {
            if i == 0 || self.player(i).score < group {
                group = self.player(i).score;
                remaining = 0;
                remaining_matched = 0;
                let mut j = i;
                while j < len && self.player(j).score >= group {
                    remaining += 1;
                    if in_bracket(&m, j) {
                        remaining_matched += 1;
                    }
                    j += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            if remaining <= remaining_matched {
                matched[i] = true;
                continue;
            }
            remaining -= 1;
            if !in_bracket(&m, i) {
                for j in mdp..cur {
                    let w = base.get(i, j);
                    if !w.is_zero() {
                        m.set_weight(i, j, w.add(lo(1)));
                    }
                }
                m.solve();
            }
            if in_bracket(&m, i) {
                matched[i] = true;
                remaining_matched -= 1;
                for j in mdp..cur {
                    let w = base.get(i, j);
                    if !w.is_zero() {
                        m.set_weight(i, j, w.add(lo(residents + 1)));
                    }
                }
            }
        }

        // D.1 on the MDP-pairing: each paired MDP, in order, gets the
        // highest resident some optimal candidate allows.
        for i in 0..mdp {
            if !matched[i] {
                continue;
            }
            // Skip the solve when the current optimum already gives him
            // the highest resident he may meet (it stays optimal).
            let best = (mdp..cur).find(|&j| !matched[j] && !base.get(i, j).is_zero());
            if best.is_some() && m.mate(i) == best {
                let j = best.unwrap_or(0);
                matched[j] = true;
                m.fix_pair(i, j);
                pairs.push((i, j));
                continue;
            }
            let mut addend = len as u64;
            for j in (mdp..cur).rev() {
                if matched[j] {
                    continue;
                }
                let w = base.get(i, j);
                if !w.is_zero() {
                    m.set_weight(i, j, w.add(lo(addend)));
                    addend += 1;
                }
            }
            m.solve();
            let j = m.mate(i).filter(|&j| j >= mdp && j < cur).ok_or_else(|| {
                DutchError::internal("an MDP chosen for pairing lost its opponent")
            })?;
            matched[j] = true;
            m.fix_pair(i, j);
            pairs.push((i, j));
        }

        // The remainder (B.3): residents not paired with MDPs. Its S1R is
        // as large as the number of pairs it can make.
        let rem: Vec<usize> = (mdp..cur)
            .filter(|&j| m.mate(j).is_none_or(|y| y >= mdp))
            .collect();
        let rp = rem
            .iter()
            .filter(|&&j| m.mate(j).is_some_and(|y| y < j))
            .count();
        let two_pcb = 2 * self.resident_bits + 1 + self.window_bits;
        // D.2.a-b: fewest exchanges, then the smallest BSN-sum difference.
        let ew = |base: &EdgeWeights<'_, '_, N>, a: usize, b: usize, pa: usize| {
            let w = base.get(a, b);
            if w.is_zero() {
                w
            } else {
                let s1 = if pa < rp {
                    Wide::<N>::bit(two_pcb)
                } else {
                    Wide::ZERO
                };
                w.add(s1).sub(lo(2 * pa as u64))
            }
        };
        let is_higher =
            |m: &DenseMatching<Wide<N>>, x: usize| m.mate(x).is_some_and(|y| y > x && y < cur);
        // When the optimum already pairs S1R against S2R (no exchange), it
        // also has the best exchange bonus, so the solve can be skipped.
        // Its weights are then not even set: the S1R fix below puts the
        // original ones back.
        let mut no_exchange = rem[..rp].iter().all(|&a| is_higher(&m, a));
        if !no_exchange {
            // Whether some optimum has no exchange: the pairs inside S1R
            // and inside S2R removed, the optimum must keep its value. Far
            // cheaper than re-weighting every pair, and the usual case.
            let value = m.total_weight();
            for pb in 0..rem.len() {
                for pa in 0..pb {
                    if (pa < rp) == (pb < rp) {
                        m.set_weight(rem[pa], rem[pb], Wide::ZERO);
                    }
                }
            }
            m.solve();
            no_exchange = m.total_weight() == value;
        }
        if !no_exchange {
            for pb in 0..rem.len() {
                for pa in 0..pb {
                    m.set_weight(rem[pa], rem[pb], ew(&base, rem[pa], rem[pb], pa));
                }
            }
            m.solve();
        }
        let exchanges = rem[..rp].iter().filter(|&&a| !is_higher(&m, a)).count();

        // D.2.c: move the lowest possible S1R players to S2R.
        let mut left = exchanges;
        let mut p = rp;
        while p > 0 && left > 0 {
            p -= 1;
            let a = rem[p];
            if is_higher(&m, a) {
                for &b in &rem[p + 1..] {
                    let w = ew(&base, a, b, p);
                    if !w.is_zero() {
                        m.set_weight(a, b, w.sub(lo(1)));
                    }
                }
                m.solve();
            }
            let exch = !is_higher(&m, a);
            if exch {
                left -= 1;
            }
            for &b in &rem[p + 1..] {
                if exch {
                    base.rule_out(a, b);
                }
                m.set_weight(a, b, ew(&base, a, b, p));
            }
        }

        // D.2.d: move the highest possible S2R players to S1R.
        let mut left = exchanges;
        for p in rp..rem.len() {
            if left <= 1 {
                break;
            }
            let a = rem[p];
            let already = is_higher(&m, a);
            if !already {
                for &b in &rem[p + 1..] {
                    let w = ew(&base, a, b, p);
                    if !w.is_zero() {
                        m.set_weight(a, b, w.add(lo(1)));
                    }
                }
                m.solve();
            }
            if is_higher(&m, a) {
                left -= 1;
                for &b in &rem[..p] {
                    base.rule_out(b, a);
                    m.set_weight(a, b, Wide::ZERO);
                }
                for o in cur..len {
                    base.rule_out(a, o);
                    m.set_weight(a, o, Wide::ZERO);
                }
            }
            if !already {
                for &b in &rem[p + 1..] {
                    m.set_weight(a, b, ew(&base, a, b, p));
                }
            }
        }

        // Fix the new S1R: its players only meet S2R players.
        for pa in 0..rem.len() {
            let a = rem[pa];
            let a_hi = is_higher(&m, a);
            for &b in &rem[pa + 1..] {
                if !a_hi || is_higher(&m, b) {
                    base.rule_out(a, b);
                    m.set_weight(a, b, Wide::ZERO);
                } else if !no_exchange {
                    // Without exchanges the weight is still the original
                    // (or zero for a pair inside S1R or S2R, ruled out here).
                    m.set_weight(a, b, base.get(a, b));
                }
            }
        }

        // D.1 in the remainder: each S1R player, in order, gets the highest
        // S2R player some optimal candidate allows. Done for a window of S1R
        // players per solve, with lexicographic bonuses in the tie-break bits
        // (earlier player, higher field), which gives the same result as one
        // player per solve; a player whose optimum already has his best
        // opponent needs no solve at all.
        let highers: Vec<usize> = rem.iter().copied().filter(|&a| is_higher(&m, a)).collect();
        let rest: Vec<usize> = (0..mdp).filter(|&i| !matched[i]).chain(cur..len).collect();
        // The cut costs a solve over `rest`: it pays when the remainder's
        // D.1 is not much smaller than that.
        if self.cut_off_rest
            && rem.len() <= 2 * highers.len() + 1
            && !rest.is_empty()
            && rest.len() <= 4 * rem.len()
        {
            self.cut_off_rest(&mut m, &rem, &highers, &rest);
        }
        let field = bits(rem.len() + 1) as usize;
        let window = (self.window_bits as usize / field).max(1);
        // Pairs decided but not yet fixed in the matcher. The last optimum
        // holds them all, so it stays an optimum of the fixed problem and
        // answers the next players' questions as it is; fixing them one by
        // one would repair the duals after each (in an odd bracket that
        // rebuilds a blossom over all residents every time), while fixing
        // them with the next window's changes costs one warm solve.
        let mut pending: Vec<(usize, usize)> = Vec::new();
        let mut k = 0;
        while k < highers.len() {
            let a = highers[k];
            let best = rem
                .iter()
                .copied()
                .find(|&b| b > a && !matched[b] && !base.get(a, b).is_zero());
            if best.is_some() && m.mate(a) == best {
                let b = best.unwrap_or(0);
                matched[a] = true;
                matched[b] = true;
                pending.push((a, b));
                pairs.push((a, b));
                k += 1;
                continue;
            }
            let end = (k + window).min(highers.len());
            for (w, &a) in highers[k..end].iter().enumerate() {
                let shift = ((window - 1 - w) * field) as u32;
                let mut addend = 0u64;
                for &b in rem.iter().rev() {
                    if b <= a || matched[b] {
                        continue;
                    }
                    let wt = base.get(a, b);
                    if !wt.is_zero() {
                        m.set_weight(a, b, wt.add(Wide::from_u64(addend).shl(shift)));
                    }
                    addend += 1;
                }
            }
            for (a, b) in pending.drain(..) {
                m.fix_pair(a, b);
            }
            m.solve();
            for &a in &highers[k..end] {
                let b = m.mate(a).filter(|&b| b < cur).ok_or_else(|| {
                    DutchError::internal("a remainder S1 player lost his opponent")
                })?;
                matched[a] = true;
                matched[b] = true;
                pending.push((a, b));
                pairs.push((a, b));
            }
            k = end;
        }
        Ok(pairs)
    }

    /// Takes the players outside the remainder (`rest`: unpaired MDPs and
    /// the next scoregroup) out of the remainder's D.1, which then runs on
    /// a bipartite graph, S1R against S2R.
    ///
    /// Sound because of what is fixed by then: every optimum pairs each
    /// S1R player with an S2R player (C.5), so a candidate's value is the
    /// value of its S1R-S2R pairs plus that of the best pairing of `rest`
    /// with the S2R players left over. With at most one left over, that
    /// second term is a function of who he is: it becomes the weight of
    /// an edge from one `rest` vertex, kept as a stand-in, to each S2R
    /// player, and every other `rest` edge is removed. The optima are then
    /// the same on S1R-S2R pairs. It matters for speed: through the next
    /// scoregroup's own edges the full graph has odd cycles, and in an odd
    /// bracket its optimum keeps a blossom over most of the bracket that
    /// each D.1 solve had to dissolve and grow again.
    fn cut_off_rest<const N: usize>(
        &self,
        m: &mut DenseMatching<Wide<N>>,
        rem: &[usize],
        highers: &[usize],
        rest: &[usize],
    ) {
        // A mask, not `highers.contains`: that was O(n²) in a 4,900-player
        // bracket.
        let mut higher = vec![false; self.members.len()];
        for &a in highers {
            higher[a] = true;
        }
        let s2r: Vec<usize> = rem.iter().copied().filter(|&a| !higher[a]).collect();
        let one_left = rem.len() == 2 * highers.len() + 1;
        // The value of pairing `rest` with each possible leftover `b`: the
        // best of leaving him out and of pairing him with some `x`, that is
        // w(b, x) + V(rest - x) - V(rest), found by one warm solve with a
        // vertex holding b's edges. Players share a solve: when b's edges
        // are some of a solved player c's edges, with the same weights, and
        // include the partner c got (or c got none), b's value is c's:
        // fewer edges cannot gain, and c's best choice is still open to b.
        // Previous opponents (C.1) make the edges differ from player to
        // player; this keeps the solves to a few per bracket.
        let mut float_value = Vec::new();
        if one_left {
            let k = rest.len();
            let mut r = DenseMatching::<Wide<N>>::new(k + 1);
            for j in 0..k {
                for i in 0..j {
                    r.set_weight(i, j, m.weight(rest[i], rest[j]));
                }
            }
            r.solve();
            let alone = r.total_weight();
            // Solved rows, their partner (position in `rest`) and value.
            let mut solved: Vec<(Vec<Wide<N>>, Option<usize>, Wide<N>)> = Vec::new();
            for &b in &s2r {
                let row: Vec<Wide<N>> = rest.iter().map(|&x| m.weight(b, x)).collect();
                let covers = |(c, mate, _): &&(Vec<Wide<N>>, Option<usize>, Wide<N>)| {
                    mate.is_none_or(|x| !row[x].is_zero())
                        && row.iter().zip(c).all(|(w, cw)| w.is_zero() || w == cw)
                };
                let v = match solved.iter().find(covers) {
                    Some(&(_, _, v)) => v,
                    None => {
                        for (i, &x) in row.iter().enumerate() {
                            r.set_weight(k, i, x);
                        }
                        r.solve();
                        let v = r.total_weight().sub(alone);
                        solved.push((row, r.mate(k), v));
                        v
                    }
                };
                float_value.push(v);
            }
        }
        for &x in rest {
            for y in 0..self.members.len() {
                if !m.weight(x, y).is_zero() {
                    m.set_weight(x, y, Wide::ZERO);
                }
            }
        }
        if one_left {
            let stand_in = rest[0];
            for (&b, v) in s2r.iter().zip(float_value) {
                m.set_weight(stand_in, b, v.add(Wide::from_u64(1)));
            }
        }
    }
}
