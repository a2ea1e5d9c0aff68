//! `C.04.6 3.6`: pairing a bracket. Of its pairings that meet `[C1]`, the
//! one that best meets `[C8]`, `[C9]`, `[C10]` (`2.3.5`-`2.3.7`), and among
//! those the first in the order of the identifiers (`3.6.2`).
//!
//! The identifier lists the top members (the smaller TPN of each pair)
//! in ascending order, then each top member's opponent in that order. It
//! is not enumerated: one maximum weight matching finds the best quality,
//! then the teams are taken in TPN order and each made a top member
//! whenever an optimal pairing still allows it (the smallest set of top
//! members comes first in the identifier), and each top member in turn
//! is given the smallest opponent an optimal pairing still allows.

use swiss_matching::DenseMatching;

use crate::field::{Field, Strength};
use crate::state::Seating;

/// What a pair costs in the quality criteria of a bracket.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Quality {
    /// `[C8]` (`2.3.5`): teams whose colour preference is not met.
    pub c8: usize,
    /// `[C9]` (`2.3.6`, type B): teams whose strong preference is not met.
    pub c9: usize,
    /// `[C10]` (`2.3.7`): upfloaters' opponents that floated in the previous
    /// round (zero in the last two rounds).
    pub c10: usize,
}

impl std::ops::AddAssign for Quality {
    fn add_assign(&mut self, o: Quality) {
        self.c8 += o.c8;
        self.c9 += o.c9;
        self.c10 += o.c10;
    }
}

/// The quality criteria a pair carries. Art. 4 grants every preference
/// that does not conflict, so a pair leaves a preference unmet (`[C8]`)
/// exactly when both teams prefer the same colour, and a strong one
/// (`[C9]`) when both of those are strong (`4.3.4` grants a strong one
/// over a mild one). `[C10]`: when one team has the lower score, it is the
/// upfloater of the pair and the other its opponent.
pub fn pair_quality(f: &Field<'_>, i: usize, j: usize) -> Quality {
    let (a, b) = if f.level[i] <= f.level[j] {
        (i, j)
    } else {
        (j, i)
    };
    let mut q = Quality::default();
    if f.level[b] > f.level[a] && !f.input.last_two() && f.teams[a].floated {
        q.c10 = 1;
    }
    if let (Some((ca, sa)), Some((cb, sb))) = (f.pref[a], f.pref[b])
        && ca == cb
    {
        q.c8 = 1;
        if f.input.colour_type == crate::state::ColourType::B
            && sa == Strength::Strong
            && sb == Strength::Strong
        {
            q.c9 = 1;
        }
    }
    q
}

/// The pairs of a bracket (`3.6`), each as (top member, bottom member),
/// tops ascending, with the bracket's quality; `None` when the bracket
/// cannot be paired under `[C1]`.
pub fn pair_bracket(f: &Field<'_>, bracket: &[usize]) -> Option<(Vec<(usize, usize)>, Quality)> {
    let mut seats = bracket.to_vec();
    // 3.6.1: the top member of a pair is its smaller TPN; indices are in
    // TPN order.
    match f.input.seating {
        Seating::Tpn => seats.sort_unstable(),
        Seating::ScoreThenTpn => seats.sort_unstable_by_key(|&i| (f.level[i], i)),
    }
    let n = seats.len();
    if n == 0 {
        return Some((Vec::new(), Quality::default()));
    }
    if n % 2 == 1 {
        return None;
    }
    // Weights: a large base makes every perfect matching beat any other,
    // then [C8] >> [C9] >> [C10], each bounded by the number of pairs.
    let m1 = n as u64 + 1;
    let base = m1 * m1 * m1;
    let cost = |q: Quality| q.c8 as u64 * m1 * m1 + q.c9 as u64 * m1 + q.c10 as u64;
    let mut weight = vec![0u64; n * n];
    for u in 0..n {
        for v in u + 1..n {
            if f.compatible(seats[u], seats[v]) {
                let w = base - cost(pair_quality(f, seats[u], seats[v]));
                weight[u * n + v] = w;
                weight[v * n + u] = w;
            }
        }
    }
    let mut m = DenseMatching::<u64>::new(n);
    m.set_all_weights(|u, v| weight[u * n + v]);
    // Steer the first optimum towards the first half against the second.
    m.set_sides(|v| Some(v >= n / 2));
    m.solve();
    if m.pair_count() * 2 != n {
        return None;
    }
    let opt = m.total_weight();
    let mut s = Search { m, weight, n, opt };
    // 3.6.2: the smallest set of top members first.
    let mut top = vec![false; n];
    let mut tops = 0;
    #[allow(clippy::needless_range_loop)] // i is also the vertex
    for i in 0..n {
        let lower: Vec<usize> = (0..i).collect();
        // Half the bracket are top members: once they are all found the
        // rest are bottom members, and once the rest are needed as top
        // members they are, without asking.
        let need = n / 2 - tops;
        let is_top = need > 0 && (n - i == need || s.allows_without(i, &lower));
        if is_top {
            if n - i == need {
                s.remove(i, &lower);
            }
            top[i] = true;
            tops += 1;
        } else {
            let upper: Vec<usize> = (i + 1..n).collect();
            s.remove(i, &upper);
        }
    }
    // Then each top member, in order, the smallest opponent.
    let mut pairs = Vec::with_capacity(n / 2);
    for t in (0..n).filter(|&t| top[t]) {
        let cands: Vec<usize> = (t + 1..n)
            .filter(|&b| !top[b] && s.m.weight(t, b) > 0)
            .collect();
        let b = cands.into_iter().find(|&b| s.allows_pair(t, b))?;
        pairs.push((seats[t], seats[b]));
    }
    let mut q = Quality::default();
    for &(a, b) in &pairs {
        q += pair_quality(f, a, b);
    }
    Some((pairs, q))
}

/// The matcher with the optimum every constraint must keep.
struct Search {
    m: DenseMatching<u64>,
    /// The original weights, to put back what a failed test removed.
    weight: Vec<u64>,
    n: usize,
    opt: u64,
}

impl Search {
    fn optimal(&mut self) -> bool {
        self.m.solve();
        self.m.pair_count() * 2 == self.n && self.m.total_weight() == self.opt
    }

    /// Removes the edges from `u` to `others` for good.
    fn remove(&mut self, u: usize, others: &[usize]) {
        for &v in others {
            self.m.set_weight(u, v, 0);
        }
        self.m.solve();
    }

    fn restore(&mut self, u: usize, others: &[usize]) {
        for &v in others {
            self.m.set_weight(u, v, self.weight[u * self.n + v]);
        }
        self.m.solve();
    }

    /// Whether an optimum pairs `u` with none of `others`; if so, their
    /// edges stay removed.
    fn allows_without(&mut self, u: usize, others: &[usize]) -> bool {
        // The current optimum already does: removing unused edges keeps it.
        let clean = self.m.mate(u).is_none_or(|v| !others.contains(&v));
        let present: Vec<usize> = others
            .iter()
            .copied()
            .filter(|&v| self.m.weight(u, v) > 0)
            .collect();
        if present.is_empty() {
            return true;
        }
        for &v in &present {
            self.m.set_weight(u, v, 0);
        }
        if clean || self.optimal() {
            self.m.solve();
            return true;
        }
        self.restore(u, &present);
        false
    }

    /// Whether an optimum pairs `t` and `b`; if so, the pair is fixed.
    fn allows_pair(&mut self, t: usize, b: usize) -> bool {
        if self.m.mate(t) != Some(b) && !self.m.try_pair(t, b, |_| false) {
            if self.m.never_pairs(t, b) {
                return false;
            }
            let others: Vec<usize> = (0..self.n).filter(|&x| x != t && x != b).collect();
            let keep_t: Vec<(usize, u64)> = others
                .iter()
                .map(|&x| (x, self.m.weight(t, x)))
                .filter(|&(_, w)| w > 0)
                .collect();
            let keep_b: Vec<(usize, u64)> = others
                .iter()
                .map(|&x| (x, self.m.weight(b, x)))
                .filter(|&(_, w)| w > 0)
                .collect();
            for &(x, _) in &keep_t {
                self.m.set_weight(t, x, 0);
            }
            for &(x, _) in &keep_b {
                self.m.set_weight(b, x, 0);
            }
            if self.optimal() {
                return true;
            }
            for &(x, w) in &keep_t {
                self.m.set_weight(t, x, w);
            }
            for &(x, w) in &keep_b {
                self.m.set_weight(b, x, w);
            }
            self.m.solve();
            return false;
        }
        self.m.fix_pair(t, b);
        self.m.solve();
        true
    }
}
