//! The cold start (solve from scratch): duals of half the heaviest edge,
//! lowered to what the edges allow, tight edges matched greedily, then
//! alternating forests over the tight graph and the cardinality matcher
//! on it, before any stage grows a tree.

use super::{Forest, IDLE_FOREST_ROUNDS, Label, NONE, SWEEPS, State, UNSWEPT_FREE, ones};
use crate::matrix::{ClassIds, Classes, Matrix, Memo};
use crate::weight::Weight;

impl<W: Weight> State<W> {
    /// A cheap feasible start: each vertex's dual is half its heaviest edge
    /// (every slack is then non-negative), lowered vertex by vertex to the
    /// least value its edges allow; then tight edges are matched greedily.
    /// Brackets of the engines have many equal weights, so this pairs most
    /// vertices before any search.
    pub(super) fn greedy_start(&mut self, w: &Matrix<W>) {
        let n = self.n;
        let (one, _) = Classes::by(n, |_| ());
        crate::each_row_memo(&mut self.y, 1, n, |v, y, memo| {
            let mut max = W::ZERO;
            let mut heavier = |_, wt: W| {
                max = max.max(wt);
                false
            };
            w.for_edges_memo(v, NONE, &one, memo, &mut heavier, |_, _| {});
            y[0] = max.half();
        });
        // Half the heaviest edge often makes most vertices tight with a
        // partner already (a next scoregroup's pairs): then the sweeps,
        // which cost a pass over the edges each, are not needed.
        self.match_tight(w);
        let free = self.mate.iter().filter(|&&m| m == NONE).count();
        if free <= n / UNSWEPT_FREE {
            self.lower_free_duals(w);
            self.pair_free_tight(w);
            self.forest(w);
            return;
        }
        self.mate.fill(NONE);
        // Lower each dual to the least value its edges allow, given the
        // others (every vertex is free now): more edges turn tight, and
        // the greedy pass below pairs more vertices (weights that add a
        // per-vertex term, as the engines' float criteria do, otherwise
        // leave most vertices free).
        for _ in 0..SWEEPS {
            self.lower_free_duals(w);
        }
        self.match_tight(w);
        self.forest(w);
    }

    /// Lowers the dual of each free vertex to the least value its edges
    /// allow (a row each; the sweeps, when all are free): the duals stay
    /// feasible and the pairs tight, as no free vertex is paired. Half its
    /// heaviest edge is too high for a vertex whose edges are all lighter
    /// than its neighbours' (the slot of a next scoregroup's solve, at half
    /// the group's pairs: the slot then met nobody tight, and the forest
    /// rounds grew the one player left over a tree over the whole group,
    /// round after round, to lower it: 0.21 s for 4,870 players); lowered,
    /// it is tight with the others and [`State::pair_free_tight`] pairs
    /// it.
    fn lower_free_duals(&mut self, w: &Matrix<W>) {
        let mut duals = DualClasses::new(&self.y);
        let mut memo = Memo::default();
        for v in 0..self.n {
            if self.mate[v] == NONE {
                let y = self.least_dual(w, v, NONE, Some((&duals.classes, &mut memo)));
                self.set_dual(v, y, Some(&mut duals));
            }
        }
    }

    /// Sets `v`'s dual to `y`, and its class in `duals`.
    pub(super) fn set_dual(&mut self, v: usize, y: W, duals: Option<&mut DualClasses<W>>) {
        self.y[v] = y;
        if let Some(d) = duals {
            d.set(v, y);
        }
    }

    /// The least dual of `v` that keeps the slacks of its edges (but the
    /// one to `apart`) non-negative, given the others' duals; by classes
    /// of equal duals when given ([`Matrix::for_edges_memo`]).
    pub(super) fn least_dual(
        &self,
        w: &Matrix<W>,
        v: usize,
        apart: usize,
        memo: Option<(&Classes, &mut Memo)>,
    ) -> W {
        let mut need = W::ZERO;
        let y = &self.y;
        let mut needs = |u: usize, wt: W| {
            if u != v && u != apart && wt > y[u] && wt.sub(y[u]) > need {
                need = wt.sub(y[u]);
            }
            false
        };
        match memo {
            Some((classes, memo)) => {
                w.for_edges_memo(v, apart, classes, memo, &mut needs, |_, _| {})
            }
            None => w.for_edges(v, |u, wt| {
                needs(u, wt);
            }),
        }
        need
    }

    /// Forest rounds while they augment: one round costs about what a
    /// stage costs and pairs at least as many vertices, so the stages are
    /// left only what needs blossoms. (A cap of twelve rounds left 92 of a
    /// 3,114-player bracket's vertices free, 46 stages taking 0.5 s; the
    /// rounds that pair them take 0.05 s.)
    pub(super) fn forest(&mut self, w: &Matrix<W>) {
        let mut idle = 0;
        while idle < IDLE_FOREST_ROUNDS {
            match self.forest_round(w) {
                Forest::Augmented => idle = 0,
                Forest::Stepped => idle += 1,
                Forest::Stuck => break,
            }
        }
    }

    /// One round of a blossom-free Hungarian method over all free vertices
    /// with a positive dual at once: grow alternating trees from all of
    /// them along tight edges and augment along vertex-disjoint paths
    /// between two trees (or to a free vertex at zero dual); when there is
    /// none, move the duals (outer vertices down, inner up) by the most
    /// that keeps every slack non-negative. The stages grow one tree at a
    /// time, each over most of a bracket, which made the cold start of
    /// brackets with an excess of one colour preference take one search
    /// per player of the excess. [`Forest::Stuck`] when fewer than two
    /// roots are left or an odd cycle (which needs the blossoms of the
    /// exact stages) or a dual reaching zero blocks the step. It keeps
    /// what the stages need: feasible duals, tight pairs. It reads the
    /// duals of vertices only, so no blossom may exist yet. (Warm solves
    /// do without it: their few free vertices are cheap for the stages,
    /// which search from where the duals stand, and a forest round's
    /// search over the whole bracket cost ten times more there.)
    pub(super) fn forest_round(&mut self, w: &Matrix<W>) -> Forest {
        let n = self.n;
        let roots: Vec<usize> = (0..n)
            .filter(|&v| self.mate[v] == NONE && !self.y[v].is_zero())
            .collect();
        if roots.len() < 2 {
            return Forest::Stuck;
        }
        // Per vertex: label, tree (its root), parent in the tree.
        let mut label = vec![Label::None; n];
        let mut tree = vec![NONE; n];
        let mut parent = vec![NONE; n];
        let mut used = vec![false; n];
        let mut queue = std::collections::VecDeque::new();
        for &r in &roots {
            label[r] = Label::Outer;
            tree[r] = r;
            queue.push_back(r);
        }
        let mut augmented = false;
        // The duals stay put until the step below: equal duals, equal
        // tightness.
        let (duals, _) = Classes::by(n, |x| self.y[x]);
        let mut memo = Memo::default();
        while let Some(s) = queue.pop_front() {
            if used[tree[s]] {
                continue;
            }
            let mut hit = None;
            let y = &self.y;
            let mate = &self.mate;
            let tight = |x: usize, wt: W| y[s].add(y[x]) == wt;
            w.for_edges_memo(s, NONE, &duals, &mut memo, tight, |x, _| {
                if hit.is_some() || x == s {
                    return;
                }
                match label[x] {
                    // Unlabelled vertices paired this round are off limits.
                    Label::None if tree[x] != NONE => {}
                    Label::None if mate[x] == NONE => hit = Some((x, NONE)),
                    Label::None => {
                        let m = mate[x];
                        label[x] = Label::Inner;
                        parent[x] = s;
                        tree[x] = tree[s];
                        label[m] = Label::Outer;
                        parent[m] = x;
                        tree[m] = tree[s];
                        queue.push_back(m);
                    }
                    Label::Outer if tree[x] != tree[s] && !used[tree[x]] => {
                        hit = Some((x, tree[x]));
                    }
                    _ => {}
                }
            });
            if let Some((x, other)) = hit {
                // Flip the tree paths above `s` and `x`, then pair them.
                for (mut v, t) in [(s, tree[s]), (x, other)] {
                    if t == NONE {
                        continue;
                    }
                    used[t] = true;
                    while v != t {
                        let i = parent[v];
                        let o = parent[i];
                        self.mate[i] = o;
                        self.mate[o] = i;
                        v = o;
                    }
                }
                if other == NONE {
                    tree[x] = x;
                }
                self.mate[s] = x;
                self.mate[x] = s;
                augmented = true;
            }
        }
        if augmented {
            return Forest::Augmented;
        }
        // No path: the largest dual step every slack allows, the least
        // bound of each outer vertex found row by row.
        let mut least: Vec<Option<W>> = vec![None; n];
        let y = &self.y;
        let (kinds, _) = Classes::by(n, |x| (y[x], label[x]));
        crate::each_row_memo(&mut least, 1, n, |s, out, memo| {
            if label[s] != Label::Outer {
                return;
            }
            let mut d = y[s];
            let mut bound = |x: usize, wt: W| {
                if x == s {
                    return false;
                }
                let slack = y[s].add(y[x]).sub(wt);
                match label[x] {
                    Label::None => d = d.min(slack),
                    Label::Outer => d = d.min(slack.half()),
                    Label::Inner => {}
                }
                false
            };
            w.for_edges_memo(s, NONE, &kinds, memo, &mut bound, |_, _| {});
            out[0] = Some(d);
        });
        let delta = least.into_iter().flatten().min();
        let Some(d) = delta.filter(|d| !d.is_zero()) else {
            return Forest::Stuck;
        };
        for (y, l) in self.y.iter_mut().zip(&label) {
            match l {
                Label::Outer => *y = y.sub(d),
                Label::Inner => *y = y.add(d),
                Label::None => {}
            }
        }
        Forest::Stepped
    }

    /// The tight edges between vertices that `keep`, as one bit set of
    /// `n.div_ceil(64)` words per vertex (rows in parallel, duals of
    /// vertices only: outside blossoms).
    pub(super) fn tight_rows(
        &self,
        w: &Matrix<W>,
        keep: impl Fn(usize) -> bool + Sync,
    ) -> Vec<u64> {
        let n = self.n;
        let words = n.div_ceil(64);
        let mut tight = vec![0u64; n * words];
        let y = &self.y;
        let (duals, _) = Classes::by(n, |x| y[x]);
        crate::each_row_memo(&mut tight, words, n, |u, row, memo| {
            if !keep(u) {
                return;
            }
            let is_tight = |v: usize, wt: W| v != u && y[u].add(y[v]) == wt;
            w.for_edges_memo(u, NONE, &duals, memo, is_tight, |v, _| {
                if keep(v) {
                    row[v / 64] |= 1 << (v % 64);
                }
            });
        });
        tight
    }

    /// Pairs vertices along tight edges, always taking the unpaired vertex
    /// with the fewest unpaired tight neighbours and, for it, the neighbour
    /// with the fewest: on the engines' brackets (two colour classes of
    /// unequal size, say) pairing in index order used up the vertices the
    /// scarce class needed and left hundreds free, each costing a search
    /// over the bracket; this leaves few.
    ///
    /// With sides ([`DenseMatching::set_sides`](super::DenseMatching::set_sides)),
    /// each vertex of the first side, in index order, first takes the
    /// first free tight vertex of the second (the pairs the engines' D.1
    /// reads off first: in a 4,870-player bracket D.2 and D.1 then took
    /// 0.2-0.4 s less), and afterwards the neighbour chosen is one of
    /// another side where there is one.
    pub(super) fn match_tight(&mut self, w: &Matrix<W>) {
        let tight = self.tight_rows(w, |_| true);
        greedy_pairs(self.n, &tight, &self.side, &mut self.mate);
    }
}

/// [`State::match_tight`]'s greedy pass over the tight edges `tight`
/// (one bit set of `n.div_ceil(64)` words per vertex), every vertex free
/// in `mate` at the start.
fn greedy_pairs(n: usize, tight: &[u64], side: &[u8], mate: &mut [usize]) {
    let words = n.div_ceil(64);
    let mut g = Greedy::new(n, tight);
    // A first-side vertex only takes second-side ones, so each is still
    // free when its turn comes.
    for u in (0..n).filter(|&u| side[u] == 1) {
        let row = &tight[u * words..(u + 1) * words];
        if let Some(v) = ones(row).find(|&v| g.is_free(v) && side[v] == 2) {
            g.take(mate, u, v);
        }
    }
    while let Some(u) = g.fewest() {
        let same_side = |v: usize| u32::from(side[u] != 0 && side[v] == side[u]);
        match g.partner(u, same_side) {
            Some(v) => g.take(mate, u, v),
            None => g.drop(u),
        }
    }
}

/// The free vertices of [`State::match_tight`]'s greedy pass and their
/// free tight neighbours, kept so that each step costs a pass over
/// words and blocks rather than over vertices: a dense tight graph (a
/// next scoregroup whose pairs all weigh the same) made the plain pass,
/// which scanned every vertex for the fewest neighbours and walked every
/// neighbour of each pair made, a tenth of a 4,870-vertex solve.
struct Greedy<'t> {
    words: usize,
    tight: &'t [u64],
    /// Free vertices, one bit each.
    free: Vec<u64>,
    /// A free vertex's number of free tight neighbours; `u32::MAX` for a
    /// vertex paired or without free tight neighbours (never picked).
    key: Vec<u32>,
    /// The least key of each block of 64 vertices.
    least: Vec<u32>,
}

impl<'t> Greedy<'t> {
    fn new(n: usize, tight: &'t [u64]) -> Self {
        let words = n.div_ceil(64);
        let mut free = vec![u64::MAX; words];
        if !n.is_multiple_of(64) {
            free[words - 1] = (1u64 << (n % 64)) - 1;
        }
        let key: Vec<u32> = (0..n)
            .map(|u| {
                let d: u32 = tight[u * words..(u + 1) * words]
                    .iter()
                    .map(|b| b.count_ones())
                    .sum();
                if d == 0 { u32::MAX } else { d }
            })
            .collect();
        let least = key
            .chunks(64)
            .map(|c| c.iter().copied().min().unwrap_or(u32::MAX))
            .collect();
        Greedy {
            words,
            tight,
            free,
            key,
            least,
        }
    }

    fn is_free(&self, v: usize) -> bool {
        self.free[v / 64] >> (v % 64) & 1 == 1
    }

    fn row(&self, u: usize) -> &'t [u64] {
        &self.tight[u * self.words..(u + 1) * self.words]
    }

    /// The free vertex with the fewest free tight neighbours (at least
    /// one), the first of them.
    fn fewest(&self) -> Option<usize> {
        let (b, &m) = self.least.iter().enumerate().min_by_key(|&(_, &m)| m)?;
        if m == u32::MAX {
            return None;
        }
        let block = &self.key[64 * b..(64 * b + 64).min(self.key.len())];
        block.iter().position(|&k| k == m).map(|j| 64 * b + j)
    }

    /// `u`'s free tight neighbour of least `(penalty, free neighbours)`,
    /// the first of them.
    fn partner(&self, u: usize, penalty: impl Fn(usize) -> u32) -> Option<usize> {
        let mut best: Option<(u64, usize)> = None;
        for (k, (&row, &free)) in self.row(u).iter().zip(&self.free).enumerate() {
            let mut bits = row & free;
            while bits != 0 {
                let v = 64 * k + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let key = u64::from(penalty(v)) << 32 | u64::from(self.key[v]);
                if best.is_none_or(|(b, _)| key < b) {
                    best = Some((key, v));
                }
            }
        }
        best.map(|(_, v)| v)
    }

    /// Pairs `u` with `v`: neither is free any more, and each free tight
    /// neighbour of either has one fewer free neighbour per edge.
    fn take(&mut self, mate: &mut [usize], u: usize, v: usize) {
        mate[u] = v;
        mate[v] = u;
        for x in [u, v] {
            self.free[x / 64] &= !(1 << (x % 64));
            self.key[x] = u32::MAX;
        }
        let (ru, rv) = (self.row(u), self.row(v));
        let n = self.key.len();
        for b in 0..self.words {
            let (bu, bv) = (ru[b] & self.free[b], rv[b] & self.free[b]);
            let touched = b == u / 64 || b == v / 64;
            if bu | bv == 0 && !touched {
                continue;
            }
            let block = &mut self.key[64 * b..(64 * b + 64).min(n)];
            for (j, k) in block.iter_mut().enumerate() {
                let less = (bu >> j & 1) as u32 + (bv >> j & 1) as u32;
                // A free neighbour's key is its count (never MAX).
                let d = k.wrapping_sub(less);
                *k = if d == 0 { u32::MAX } else { d };
            }
            self.least[b] = block.iter().copied().min().unwrap_or(u32::MAX);
        }
    }

    /// `u` has no free tight neighbour left: never pick it.
    fn drop(&mut self, u: usize) {
        self.key[u] = u32::MAX;
        let b = u / 64;
        let block = &self.key[64 * b..(64 * b + 64).min(self.key.len())];
        self.least[b] = block.iter().copied().min().unwrap_or(u32::MAX);
    }
}

/// Classes of equal duals ([`Classes`]), kept while the duals change one
/// by one.
pub(super) struct DualClasses<W> {
    pub(super) classes: Classes,
    ids: ClassIds<W>,
}

impl<W: Weight> DualClasses<W> {
    pub(super) fn new(y: &[W]) -> Self {
        let (classes, ids) = Classes::by(y.len(), |x| y[x]);
        DualClasses { classes, ids }
    }

    /// `x`'s dual is now `y`.
    pub(super) fn set(&mut self, x: usize, y: W) {
        let next = u32::try_from(self.ids.len()).unwrap_or(u32::MAX);
        let class = *self.ids.entry(y).or_insert(next);
        self.classes.set(x, class);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The greedy pass as first written, a scan over every vertex per
    /// pair: [`greedy_pairs`] must make exactly its choices.
    fn plain_greedy_pairs(n: usize, tight: &[u64], side: &[u8]) -> Vec<usize> {
        let words = n.div_ceil(64);
        let row = |u: usize| u * words..(u + 1) * words;
        let mut mate = vec![NONE; n];
        let mut degree: Vec<usize> = (0..n).map(|u| ones(&tight[row(u)]).count()).collect();
        let take = |mate: &mut [usize], degree: &mut [usize], u: usize, v: usize| {
            mate[u] = v;
            mate[v] = u;
            for x in ones(&tight[row(u)]).chain(ones(&tight[row(v)])) {
                degree[x] = degree[x].saturating_sub(1);
            }
        };
        for u in (0..n).filter(|&u| side[u] == 1) {
            if let Some(v) = ones(&tight[row(u)]).find(|&v| mate[v] == NONE && side[v] == 2) {
                take(&mut mate, &mut degree, u, v);
            }
        }
        loop {
            let pick = (0..n)
                .filter(|&u| mate[u] == NONE && degree[u] > 0)
                .min_by_key(|&u| degree[u]);
            let Some(u) = pick else { break };
            let same_side = |v: usize| side[u] != 0 && side[v] == side[u];
            let v = ones(&tight[row(u)])
                .filter(|&v| mate[v] == NONE)
                .min_by_key(|&v| (same_side(v), degree[v]));
            let Some(v) = v else {
                degree[u] = 0;
                continue;
            };
            take(&mut mate, &mut degree, u, v);
        }
        mate
    }

    /// The block-wise greedy pass pairs exactly as the plain one on random
    /// tight graphs, sparse to complete, with and without sides, across
    /// word and block boundaries.
    #[test]
    fn greedy_pairs_choose_as_the_plain_scan() {
        let mut next = crate::test_numbers(0x2545_f491_4f6c_dd1d);
        for case in 0..300u64 {
            let n = 1 + (next(300) as usize);
            let words = n.div_ceil(64);
            let density = [3, 30, 70, 97, 100][case as usize % 5];
            let mut tight = vec![0u64; n * words];
            for u in 0..n {
                for v in u + 1..n {
                    if next(100) < density {
                        tight[u * words + v / 64] |= 1 << (v % 64);
                        tight[v * words + u / 64] |= 1 << (u % 64);
                    }
                }
            }
            let side: Vec<u8> = (0..n)
                .map(|u| {
                    if case % 3 == 0 {
                        0
                    } else {
                        (next(3) as u8).min(u as u8 % 3)
                    }
                })
                .collect();
            let mut mate = vec![NONE; n];
            greedy_pairs(n, &tight, &side, &mut mate);
            assert_eq!(
                mate,
                plain_greedy_pairs(n, &tight, &side),
                "case {case}, n {n}"
            );
        }
    }
}
