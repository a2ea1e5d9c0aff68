//! The warm re-solve: after the weights of a few vertices change, unmatch
//! them, restore feasible duals, pair freed vertices along tight paths,
//! and re-grow trees only from them; single pairs fixed or tried by one
//! alternating path or cycle; the optimality certificate.

use super::cold_start::DualClasses;
use super::{MEMO_CHANGED, NONE, State, TIGHT_PATH_ROOTS};
use crate::cardinality::CardinalityMatcher;
use crate::matrix::{Classes, Matrix, Memo};
use crate::weight::Weight;

impl<W: Weight> State<W> {
    /// Restores feasibility after the edges at `changed` got new weights,
    /// keeping as much of the optimum as possible, then re-optimises.
    pub(super) fn warm(&mut self, w: &Matrix<W>, changed: &[usize]) {
        for &v in changed {
            while self.top[v] != v {
                let (base, had_dual) = self.hand_down(self.top[v]);
                if had_dual {
                    self.unmatch(base);
                }
            }
        }
        // Many changed vertices (the engines' D.2 changes thousands at
        // once): their rows by classes of equal duals.
        let mut duals = (changed.len() >= MEMO_CHANGED).then(|| DualClasses::new(&self.y));
        let mut memo = Memo::default();
        for &v in changed {
            let m = self.mate[v];
            let classes = duals.as_ref().map(|d| (&d.classes, &mut memo));
            let mut need = self.least_dual(w, v, m, classes);
            if m != NONE {
                let two = w.get(v, m);
                let tight = (!two.is_zero() && two >= self.y[m]).then(|| two.sub(self.y[m]));
                match tight {
                    Some(t) if t >= need => {
                        self.set_dual(v, t, duals.as_mut());
                        continue;
                    }
                    Some(t) => need = need.max(t),
                    None => {}
                }
                self.unmatch(v);
            }
            self.set_dual(v, need, duals.as_mut());
        }
        self.pair_free_tight(w);
        self.pair_along_tight_paths(w);
        self.run(w);
    }

    /// Pairs free vertices of positive dual along augmenting paths of
    /// tight edges, outside blossoms, before any stage. Whatever it pairs
    /// keeps the optimality conditions (matched edges tight, blossoms
    /// untouched), so the stages only see what it leaves. A change that
    /// frees many vertices of a big bracket (the engines remove every pair
    /// inside two halves of a bracket at once) cost a stage per pair, each
    /// growing a tree over most of the bracket (62 stages, 0.45 s, in a
    /// 3,094-player bracket); here the tight graph is built once, as bit
    /// sets, and each path search runs on them.
    pub(super) fn pair_along_tight_paths(&mut self, w: &Matrix<W>) {
        let n = self.n;
        // Outside every blossom, and so is its mate.
        let plain = |v: usize| {
            self.top[v] == v && (self.mate[v] == NONE || self.top[self.mate[v]] == self.mate[v])
        };
        let roots: Vec<usize> = (0..n)
            .filter(|&v| self.mate[v] == NONE && !self.y[v].is_zero() && plain(v))
            .collect();
        if roots.len() < TIGHT_PATH_ROOTS {
            return;
        }
        let is_plain: Vec<bool> = (0..n).map(plain).collect();
        let mut tight = CardinalityMatcher::from_rows(n, self.tight_rows(w, |v| is_plain[v]));
        for (v, (&m, &plain)) in self.mate.iter().zip(&is_plain).enumerate() {
            if !plain {
                tight.remove(v);
            } else if m != NONE && v < m {
                tight.pair(v, m);
            }
        }
        let mut augmented = false;
        for &r in &roots {
            // An earlier path may have ended at `r`.
            if tight.mate(r).is_none() {
                augmented |= tight.augment_from(r);
            }
        }
        if !augmented {
            return;
        }
        for v in (0..n).filter(|&v| is_plain[v]) {
            self.mate[v] = tight.mate(v).unwrap_or(NONE);
        }
    }

    /// Pairs free vertices of positive dual with each other along tight
    /// edges, both outside blossoms, first come first served: what the
    /// stages would do first anyway, at the cost of a row each rather
    /// than a search each. A change that frees many vertices (the engines
    /// remove every edge inside two halves of a bracket at once) leaves
    /// most of them such a partner.
    pub(super) fn pair_free_tight(&mut self, w: &Matrix<W>) {
        let open = |st: &Self, x: usize| st.mate[x] == NONE && st.top[x] == x && !st.y[x].is_zero();
        let free: Vec<usize> = (0..self.n).filter(|&v| open(self, v)).collect();
        if free.len() < 2 {
            return;
        }
        let mut is_free = vec![false; self.n];
        for &v in &free {
            is_free[v] = true;
        }
        for &v in &free {
            if !is_free[v] {
                continue;
            }
            let yv = self.y[v];
            let mut partner = NONE;
            w.for_edges(v, |x, wx| {
                if partner == NONE && is_free[x] && x != v && yv.add(self.y[x]) == wx {
                    partner = x;
                }
            });
            if partner != NONE {
                is_free[v] = false;
                is_free[partner] = false;
                self.mate[v] = partner;
                self.mate[partner] = v;
            }
        }
    }

    /// Whether this optimum stays one, with its duals, when `u-v` gets
    /// lighter: so it does when the edge is neither paired nor inside a
    /// blossom, as it only gains slack. (The engines remove most of a
    /// bracket's edges between solves.)
    pub(super) fn lighter_keeps_optimum(&self, u: usize, v: usize) -> bool {
        let top = self.top[u];
        self.mate[u] != v && (top != self.top[v] || top == u)
    }

    /// Keeps the matched pair `u-v` after every other edge at `u` and `v`
    /// was removed from `w`: dissolves the blossoms that held those edges and
    /// re-tightens `u-v`. Pairs that lose tightness on the way are undone and
    /// re-optimised.
    pub(super) fn fix_pair(&mut self, w: &Matrix<W>, u: usize, v: usize) {
        let mut loose = false;
        for x in [u, v] {
            while self.top[x] != x {
                let (base, had_dual) = self.hand_down(self.top[x]);
                if had_dual && base != u && base != v {
                    self.unmatch(base);
                    loose = true;
                }
            }
        }
        let two = w.get(u, v);
        let mut excess = self.y[u].add(self.y[v]).sub(two);
        let cut = excess.min(self.y[u]);
        self.y[u] = self.y[u].sub(cut);
        excess = excess.sub(cut);
        self.y[v] = self.y[v].sub(excess);
        if loose {
            self.run(w);
        }
    }

    /// For [`DenseMatching::try_pair`]: with `u-v` tight and the pairs
    /// `u-p` and `v-q` of the solution (either may be missing), the
    /// alternating path that re-pairs them: from `q` along tight unmatched
    /// edges and matched ones, the vertices it reaches by unmatched edges
    /// in order, ending at `p` or at a free vertex. Every vertex on it is
    /// outside blossoms and not `locked`, and the vertices whose pair the
    /// flip breaks without giving a new one (`p` when the path misses it,
    /// or `q` without a path) have zero dual, so that the flipped matching
    /// keeps every condition of the certificate.
    ///
    /// `duals` are the classes of equal duals, with a memo for the rows'
    /// tight tests ([`Matrix::for_edges_memo`]).
    pub(super) fn alternating_path(
        &self,
        w: &Matrix<W>,
        u: usize,
        v: usize,
        locked: impl Fn(usize) -> bool,
        (duals, memo): (&Classes, &mut Memo),
    ) -> Option<Vec<usize>> {
        let n = self.n;
        let bare = |x: usize| self.top[x] == x && !locked(x);
        if !bare(u) || !bare(v) {
            return None;
        }
        let (p, q) = (self.mate[u], self.mate[v]);
        let zero = |x: usize| x == NONE || self.y[x].is_zero();
        if q == NONE || zero(q) {
            // Nobody needs re-pairing but `p`, who may stay free.
            return (zero(p) && (p == NONE || bare(p)) && (q == NONE || bare(q))).then(Vec::new);
        }
        if !bare(q) || (p != NONE && !bare(p)) {
            return None;
        }
        // The common answer (`u` and `v` swap partners: `q` takes `p`) is
        // the search's first when `q-p` is tight and `p` is all that can
        // end a path: no row to scan.
        #[cfg(test)]
        let swap_first = SWAP_FIRST.with(|c| c.get().0);
        #[cfg(not(test))]
        let swap_first = true;
        if swap_first && p != NONE && !zero(p) {
            let qp = w.get(q, p);
            if !qp.is_zero() && self.y[q].add(self.y[p]) == qp {
                #[cfg(test)]
                SWAP_FIRST.with(|c| c.set((true, c.get().1 + 1)));
                return Some(vec![p]);
            }
        }
        // Breadth-first from `q`: `from[x]` is the vertex that reached `x`
        // by a tight unmatched edge; `x`'s mate continues the search.
        let mut from = vec![NONE; n];
        let mut seen = vec![false; n];
        for x in [u, v, q] {
            seen[x] = true;
        }
        let mut queue = std::collections::VecDeque::from([q]);
        let mut end = NONE;
        'search: while let Some(s) = queue.pop_front() {
            let ys = self.y[s];
            let mut reached = Vec::new();
            w.for_edges_memo(
                s,
                NONE,
                duals,
                memo,
                |x, wx| ys.add(self.y[x]) == wx,
                |x, _| {
                    if !seen[x] {
                        reached.push(x);
                    }
                },
            );
            for x in reached {
                if seen[x] || !bare(x) {
                    continue;
                }
                seen[x] = true;
                from[x] = s;
                let m = self.mate[x];
                if x == p || (m == NONE && zero(p)) {
                    end = x;
                    break 'search;
                }
                if m != NONE && !seen[m] && bare(m) {
                    seen[m] = true;
                    queue.push_back(m);
                }
            }
        }
        if end == NONE {
            return None;
        }
        let mut path = vec![end];
        let mut x = end;
        while from[x] != q {
            x = self.mate[from[x]];
            path.push(x);
        }
        path.reverse();
        Some(path)
    }

    /// Applies [`State::alternating_path`]'s `path` for `u-v`: `u-v` and
    /// the path's unmatched edges become pairs.
    pub(super) fn flip_cycle(&mut self, u: usize, v: usize, path: &[usize]) {
        let (p, q) = (self.mate[u], self.mate[v]);
        for m in [p, q] {
            if m != NONE {
                self.mate[m] = NONE;
            }
        }
        // The path from `q`: q-x1, mate(x1)-x2, ...
        let mut s = q;
        for &x in path {
            let next = self.mate[x];
            self.mate[s] = x;
            self.mate[x] = s;
            s = next;
        }
        self.mate[u] = v;
        self.mate[v] = u;
    }

    /// Checks the optimality certificate: a valid matching on existing
    /// edges, non-negative slacks, tight matched edges, free vertices at
    /// zero dual, full blossoms.
    pub(super) fn certified(&self, w: &Matrix<W>) -> bool {
        let n = self.n;
        let limit = W::bit(W::BITS - 1);
        if self.y.iter().any(|&y| y >= limit) {
            return false;
        }
        for v in 0..n {
            let m = self.mate[v];
            if m == NONE {
                if !self.y[v].is_zero() {
                    return false;
                }
            } else if m >= n || m == v || self.mate[m] != v || !w.has(v, m) {
                return false;
            }
        }
        // Dual sum of the blossoms above each node, outermost included.
        let nodes = 3 * n;
        let mut zabove = vec![W::ZERO; nodes];
        let mut depth = vec![0usize; nodes];
        let mut order: Vec<usize> = (n..nodes)
            .filter(|&b| self.up[b] == NONE && !self.kids[b].is_empty())
            .collect();
        let mut k = 0;
        while k < order.len() {
            let b = order[k];
            if self.z[b] >= limit {
                return false;
            }
            let (za, d) = if self.up[b] == NONE {
                (W::ZERO, 0)
            } else {
                (zabove[self.up[b]], depth[self.up[b]] + 1)
            };
            zabove[b] = za.add(self.z[b]);
            depth[b] = d;
            let mut vs = Vec::new();
            self.leaves(b, &mut vs);
            let inside = vs.iter().filter(|&&x| {
                let m = self.mate[x];
                m != NONE && vs.contains(&m)
            });
            if 2 * (vs.len() / 2) != inside.count() || vs.len() % 2 == 0 {
                return false;
            }
            for &c in &self.kids[b] {
                if c >= n {
                    order.push(c);
                }
            }
            k += 1;
        }
        for v in 0..n {
            let u = self.up[v];
            depth[v] = if u == NONE { 0 } else { depth[u] + 1 };
        }
        let common = |mut a: usize, mut b: usize| -> W {
            a = self.up[a];
            b = self.up[b];
            while a != b {
                if a == NONE || b == NONE {
                    return W::ZERO;
                }
                if depth[a] >= depth[b] {
                    a = self.up[a];
                } else {
                    b = self.up[b];
                }
            }
            if a == NONE { W::ZERO } else { zabove[a] }
        };
        for u in 0..n {
            for v in u + 1..n {
                if !w.has(u, v) {
                    continue;
                }
                let wt = w.get(u, v);
                let lhs = self.y[u].add(self.y[v]);
                let lhs = if self.top[u] == self.top[v] && self.top[u] >= n {
                    lhs.add(common(u, v))
                } else {
                    lhs
                };
                let two = wt;
                if lhs < two || (self.mate[u] == v && lhs != two) {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
thread_local! {
    /// Test switch and count of [`State::alternating_path`]'s swap of
    /// partners without a search: whether it may be used, and how often
    /// it answered.
    static SWAP_FIRST: std::cell::Cell<(bool, usize)> = const { std::cell::Cell::new((true, 0)) };
}

#[cfg(test)]
mod tests {
    use super::SWAP_FIRST;
    use crate::DenseMatching;

    /// The swap of partners without a search moves to the optimum the
    /// search moves to: random graphs with many ties (few weight classes,
    /// as the engines' brackets have), each solved and then asked for
    /// pairs one after another, once with the swap and once without;
    /// the answers and every pair must agree.
    #[test]
    fn the_swap_of_partners_is_the_search_s_first_answer() {
        let mut next = crate::test_numbers(0x9e37_79b9_7f4a_7c15);
        let mut below = |k: usize| next(k as u64) as usize;
        let mut asked = 0;
        for _ in 0..800 {
            let n = 4 + below(12);
            let class: Vec<u64> = (0..n).map(|_| below(3) as u64).collect();
            let mut m = DenseMatching::<u64>::new(n);
            for u in 0..n {
                for v in u + 1..n {
                    if below(6) != 0 {
                        let x = 8 + 2 * (class[u] + class[v]) + u64::from(class[u] == class[v]);
                        m.set_weight(u, v, x);
                    }
                }
            }
            m.solve();
            let mut plain = m.clone();
            for _ in 0..8 {
                let (u, v) = (below(n), below(n));
                let locked = below(n);
                SWAP_FIRST.with(|c| c.set((true, c.get().1)));
                let a = m.try_pair(u, v, |x| x == locked);
                SWAP_FIRST.with(|c| c.set((false, c.get().1)));
                let b = plain.try_pair(u, v, |x| x == locked);
                assert_eq!(a, b, "{u}-{v}");
                for x in 0..n {
                    assert_eq!(m.mate(x), plain.mate(x), "{u}-{v}: {x}'s partner");
                }
                asked += 1;
            }
        }
        SWAP_FIRST.with(|c| c.set((true, c.get().1)));
        let swaps = SWAP_FIRST.with(|c| c.get().1);
        assert!(swaps > 100, "{swaps} swaps in {asked} questions");
    }
}
