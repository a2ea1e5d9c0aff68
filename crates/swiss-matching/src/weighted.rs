//! Maximum weight matching on a dense graph by Edmonds' primal-dual blossom
//! method, with per-vertex least-slack pointers (Gabow's dense O(n³) form).
//!
//! Units: every dual is kept doubled, so that an edge `{u, v}` between two
//! different outermost blossoms has slack `y[u] + y[v] - 2 w(u, v)` and all
//! dual changes stay integral (vertices joined by tight edges share the
//! parity of their duals, so the slack between two outer vertices of one
//! tree is even).
//!
//! Unlike the textbook version, each stage grows one alternating tree, from
//! one free vertex whose dual is still positive. A stage ends when the tree
//! reaches another free vertex (augment), or when the dual of an outer vertex
//! reaches zero (that vertex is made the free end by flipping its tree path).
//! This is what makes warm starts simple: free vertices may carry different
//! duals, and a re-solve only grows trees from the few vertices that a weight
//! change left free with a positive dual.

use crate::cardinality::CardinalityMatcher;
use crate::matrix::Matrix;
use crate::weight::Weight;

const NONE: usize = usize::MAX;
/// Passes of dual lowering in the cold start ([`State::greedy_start`]).
const SWEEPS: usize = 2;
/// The cold start skips the dual lowering when the first duals leave at
/// most one vertex in this many free.
const UNSWEPT_FREE: usize = 32;
/// Most rounds of [`State::forest_round`] in a row that move duals
/// without augmenting: each searches the tight graph afresh, where a
/// stage would only extend its search.
const IDLE_FOREST_ROUNDS: usize = 12;
/// Fewest free vertices for which a warm solve first pairs along tight
/// paths ([`State::pair_along_tight_paths`]): building the tight graph
/// costs about what a few stages do.
const TIGHT_PATH_ROOTS: usize = 32;
/// Vertices per entry of [`State::block_min`].
const BLOCK: usize = 64;

/// Which optimum [`DenseMatching`] computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Objective {
    /// A matching of maximum total weight.
    #[default]
    MaxWeight,
    /// Among the matchings of maximum cardinality, one of maximum weight.
    /// Solved from scratch every time, on weights raised by
    /// `B = floor(n / 2) * max_weight + 1` (so `max_weight + B` must respect
    /// the headroom rule of [`DenseMatching`]).
    MaxCardinality,
}

/// How [`DenseMatching::solve`] reached its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveKind {
    /// Nothing changed since the last solve.
    Unchanged,
    /// Re-optimised from the previous optimum.
    Warm,
    /// Solved from scratch.
    Cold,
    /// The warm re-solve failed its optimality check (only checked in
    /// debug builds; a bug if it ever happens) and was redone from scratch.
    WarmFailed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    None,
    /// Even distance from the root: its dual goes down.
    Outer,
    /// Odd distance from the root: its dual goes up.
    Inner,
}

/// What one [`State::forest_round`] did.
#[derive(Clone, Copy)]
enum Forest {
    /// Paired some free vertices.
    Augmented,
    /// Moved the duals: more edges are tight.
    Stepped,
    /// Can do no more.
    Stuck,
}

/// What limits the next dual change.
#[derive(Clone, Copy)]
enum Event {
    /// Edge from an outer vertex to an unlabelled vertex becomes tight.
    Reach(usize, usize),
    /// Edge between two outer blossoms becomes tight: a new blossom.
    Bridge(usize, usize),
    /// An inner blossom's dual reaches zero: open it.
    Open(usize),
    /// An outer vertex's dual reaches zero.
    Exhaust(usize),
}

/// Primal and dual state. Node ids `0..n` are vertices, `n..3n` blossoms.
#[derive(Clone, Debug)]
struct State<W> {
    n: usize,
    mate: Vec<usize>,
    /// Vertex duals (doubled).
    y: Vec<W>,
    /// Blossom duals (doubled), by node id.
    z: Vec<W>,
    /// Enclosing blossom of a node, `NONE` at the top.
    up: Vec<usize>,
    /// Outermost blossom of each vertex.
    top: Vec<usize>,
    base: Vec<usize>,
    /// Sub-blossoms in cycle order, the one holding the base first.
    kids: Vec<Vec<usize>>,
    /// `links[b][i]` joins `kids[b][i]` (first vertex) to the next kid
    /// (second vertex); links with odd index are matched.
    links: Vec<Vec<(usize, usize)>>,
    spare: Vec<usize>,
    label: Vec<Label>,
    /// Tree edge into a labelled outermost blossom: (vertex of the parent,
    /// vertex of this blossom); `NONE` for the root.
    via: Vec<(usize, usize)>,
    /// For each vertex not in an outer blossom, the outer vertex of least
    /// slack to it (`NONE` if none), and that slack: as it is for a vertex
    /// of an inner blossom (the dual changes cancel), plus [`State::delta`]
    /// for an unlabelled vertex, whose slack falls with every dual change:
    /// stored so, it needs no update when the duals move.
    near: Vec<usize>,
    near_slack: Vec<W>,
    /// The dual change of the current stage so far.
    delta: W,
    /// Per block of [`BLOCK`] vertices, the least `(near_slack, vertex)`
    /// among its unlabelled vertices with a `near`, or an entry that has
    /// gone stale since (checked when it is picked): the next event is
    /// found among n / 64 blocks, not n vertices.
    block_min: Vec<(W, usize)>,
    /// The outer vertex of least dual (ties: the lowest), `NONE` if none:
    /// outer vertices stay outer for the stage and their duals fall alike.
    exhaust: (W, usize),
    /// The vertices and the nodes labelled in the current stage, each
    /// once (`listed`), whatever their label now: the duals that move.
    tree_vertices: Vec<usize>,
    tree_nodes: Vec<usize>,
    vertex_listed: Vec<bool>,
    node_listed: Vec<bool>,
    /// For each outer outermost blossom (or vertex), edges `(inside,
    /// outside)` to other outer blossoms: the least-slack one per
    /// neighbour known when the list was built. Every edge between two
    /// outer blossoms is covered by the list of at least one of them, so
    /// the bridge event only looks at each list's best entry; merging
    /// blossoms merges lists, O(n) per sub-blossom rather than per vertex.
    bridges: Vec<Vec<(usize, usize)>>,
    /// The least-slack entry of `bridges` (all of a list's slacks fall
    /// alike when duals shift, so it stays the least).
    best_bridge: Vec<(usize, usize)>,
    /// Per neighbour node, the position of its entry in the list being
    /// built (`NONE` when none); reset after each build.
    pick: Vec<usize>,
    /// The slack of the entry `pick` points at.
    pick_slack: Vec<W>,
    scratch: Vec<usize>,
    /// A tight edge (outer vertex, vertex of a free unlabelled blossom)
    /// found while scanning: the stage can augment along it at once.
    instant: (usize, usize),
}

impl<W: Weight> State<W> {
    fn new(n: usize) -> Self {
        let nodes = 3 * n;
        State {
            n,
            mate: vec![NONE; n],
            y: vec![W::ZERO; n],
            z: vec![W::ZERO; nodes],
            up: vec![NONE; nodes],
            top: (0..n).collect(),
            base: (0..nodes).collect(),
            kids: vec![Vec::new(); nodes],
            links: vec![Vec::new(); nodes],
            spare: (n..nodes).rev().collect(),
            label: vec![Label::None; nodes],
            via: vec![(NONE, NONE); nodes],
            near: vec![NONE; n],
            near_slack: vec![W::ZERO; n],
            delta: W::ZERO,
            block_min: vec![(W::ZERO, NONE); n.div_ceil(BLOCK)],
            exhaust: (W::ZERO, NONE),
            tree_vertices: Vec::new(),
            tree_nodes: Vec::new(),
            vertex_listed: vec![false; n],
            node_listed: vec![false; nodes],
            bridges: vec![Vec::new(); nodes],
            best_bridge: vec![(NONE, NONE); nodes],
            pick: vec![NONE; nodes],
            pick_slack: vec![W::ZERO; nodes],
            scratch: Vec::new(),
            instant: (NONE, NONE),
        }
    }

    /// A cheap feasible start: each vertex's dual is half its heaviest edge
    /// (every slack is then non-negative), lowered vertex by vertex to the
    /// least value its edges allow; then tight edges are matched greedily.
    /// Brackets of the engines have many equal weights, so this pairs most
    /// vertices before any search.
    fn greedy_start(&mut self, w: &Matrix<W>) {
        let n = self.n;
        crate::each_row(&mut self.y, 1, n, |v, y| {
            let mut max = W::ZERO;
            w.for_edges(v, |_, wt| max = max.max(wt));
            y[0] = max.half();
        });
        // Half the heaviest edge often makes most vertices tight with a
        // partner already (a next scoregroup's pairs): then the sweeps,
        // which cost a pass over the edges each, are not needed.
        self.match_tight(w);
        let free = self.mate.iter().filter(|&&m| m == NONE).count();
        if free <= n / UNSWEPT_FREE {
            self.forest(w);
            return;
        }
        self.mate.fill(NONE);
        // Lower each dual to the least value its edges allow, given the
        // others: more edges turn tight, and the greedy pass below pairs
        // more vertices (weights that add a per-vertex term, as the
        // engines' float criteria do, otherwise leave most vertices free).
        for _ in 0..SWEEPS {
            for v in 0..n {
                let mut need = W::ZERO;
                let y = &self.y;
                w.for_edges(v, |u, wt| {
                    if u != v && wt > y[u] && wt.sub(y[u]) > need {
                        need = wt.sub(y[u]);
                    }
                });
                self.y[v] = need;
            }
        }
        self.match_tight(w);
        self.forest(w);
    }

    /// Forest rounds while they augment: one round costs about what a
    /// stage costs and pairs at least as many vertices, so the stages are
    /// left only what needs blossoms. (A cap of twelve rounds left 92 of a
    /// 3,114-player bracket's vertices free, 46 stages taking 0.5 s; the
    /// rounds that pair them take 0.05 s.)
    fn forest(&mut self, w: &Matrix<W>) {
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
    fn forest_round(&mut self, w: &Matrix<W>) -> Forest {
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
        while let Some(s) = queue.pop_front() {
            if used[tree[s]] {
                continue;
            }
            let mut hit = None;
            let y = &self.y;
            let mate = &self.mate;
            w.for_edges(s, |x, wt| {
                if hit.is_some() || x == s || y[s].add(y[x]) != wt {
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
        crate::each_row(&mut least, 1, n, |s, out| {
            if label[s] != Label::Outer {
                return;
            }
            let mut d = y[s];
            w.for_edges(s, |x, wt| {
                if x == s {
                    return;
                }
                let slack = y[s].add(y[x]).sub(wt);
                match label[x] {
                    Label::None => d = d.min(slack),
                    Label::Outer => d = d.min(slack.half()),
                    Label::Inner => {}
                }
            });
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
    fn tight_rows(&self, w: &Matrix<W>, keep: impl Fn(usize) -> bool + Sync) -> Vec<u64> {
        let n = self.n;
        let words = n.div_ceil(64);
        let mut tight = vec![0u64; n * words];
        let y = &self.y;
        crate::each_row(&mut tight, words, n, |u, row| {
            if !keep(u) {
                return;
            }
            w.for_edges(u, |v, wt| {
                if v != u && keep(v) && y[u].add(y[v]) == wt {
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
    fn match_tight(&mut self, w: &Matrix<W>) {
        let n = self.n;
        let words = n.div_ceil(64);
        let tight = self.tight_rows(w, |_| true);
        let mut degree: Vec<usize> = (0..n)
            .map(|u| ones(&tight[u * words..(u + 1) * words]).count())
            .collect();
        let row = |u: usize| u * words..(u + 1) * words;
        let mut free = vec![true; n];
        loop {
            let pick = (0..n)
                .filter(|&u| free[u] && degree[u] > 0)
                .min_by_key(|&u| degree[u]);
            let Some(u) = pick else { break };
            let v = ones(&tight[row(u)])
                .filter(|&v| free[v])
                .min_by_key(|&v| degree[v]);
            let Some(v) = v else {
                degree[u] = 0;
                continue;
            };
            self.mate[u] = v;
            self.mate[v] = u;
            free[u] = false;
            free[v] = false;
            for x in ones(&tight[row(u)]).chain(ones(&tight[row(v)])) {
                degree[x] = degree[x].saturating_sub(1);
            }
        }
    }

    /// Forgets everything: no pairs, no blossoms, every dual at `start`.
    fn reset(&mut self, start: W) {
        *self = State::new(self.n);
        self.y.fill(start);
    }

    /// The duals of the blossoms that hold both vertices `u` and `v`.
    fn common_blossom_dual(&self, u: usize, v: usize) -> W {
        // Nesting is shallow: list `u`'s blossoms, then climb from `v` to
        // the first of them.
        let mut above_u = Vec::new();
        let mut b = self.up[u];
        while b != NONE {
            above_u.push(b);
            b = self.up[b];
        }
        let mut b = self.up[v];
        while b != NONE && !above_u.contains(&b) {
            b = self.up[b];
        }
        let mut sum = W::ZERO;
        while b != NONE {
            sum = sum.add(self.z[b]);
            b = self.up[b];
        }
        sum
    }

    /// Slack of `u-v`; `w` holds doubled weights, like the duals.
    fn slack(&self, w: &Matrix<W>, u: usize, v: usize) -> W {
        self.y[u].add(self.y[v]).sub(w.get(u, v))
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        out.clear();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                stack.extend_from_slice(&self.kids[x]);
            }
        }
    }

    fn set_top(&mut self, b: usize, t: usize) {
        let mut vs = std::mem::take(&mut self.scratch);
        self.leaves(b, &mut vs);
        for &v in &vs {
            self.top[v] = t;
        }
        self.scratch = vs;
    }

    /// Grows trees from every free vertex whose dual is still positive.
    fn run(&mut self, w: &Matrix<W>) {
        for r in 0..self.n {
            if self.mate[r] == NONE && !self.y[r].is_zero() && self.base[self.top[r]] == r {
                self.stage(w, r);
            }
        }
    }

    fn stage(&mut self, w: &Matrix<W>, root: usize) {
        let n = self.n;
        self.label.fill(Label::None);
        self.near.fill(NONE);
        self.block_min.fill((W::ZERO, NONE));
        self.delta = W::ZERO;
        self.exhaust = (W::ZERO, NONE);
        for v in std::mem::take(&mut self.tree_vertices) {
            self.vertex_listed[v] = false;
        }
        for b in std::mem::take(&mut self.tree_nodes) {
            self.node_listed[b] = false;
        }
        // Bridge lists live for one stage: freeing the last stage's keeps
        // their total at O(n) lists' worth instead of one per vertex ever
        // made outer.
        for list in &mut self.bridges {
            if list.capacity() > 0 {
                *list = Vec::new();
            }
        }
        self.instant = (NONE, NONE);
        self.make_outer(w, self.top[root], (NONE, NONE));
        // Each event labels, merges or opens a blossom: O(n) of them.
        for _ in 0..8 * n + 8 {
            // The root's own dual bounds the change, so there is an event.
            let Some((d, event)) = self.next_event(w) else {
                break;
            };
            if !d.is_zero() {
                self.shift_duals(d);
            }
            match event {
                Event::Reach(s, x) => {
                    let xb = self.top[x];
                    let m = self.mate[self.base[xb]];
                    if m == NONE {
                        self.rotate(xb, x);
                        self.mate[x] = s;
                        self.flip_up(s, x);
                        break;
                    }
                    self.keys_to_slacks(xb);
                    self.set_label(xb, Label::Inner);
                    self.via[xb] = (s, x);
                    self.make_outer(w, self.top[m], (self.base[xb], m));
                }
                Event::Bridge(x, s) => self.shrink(w, x, s),
                Event::Open(b) => self.open_inner(w, b),
                Event::Exhaust(v) => {
                    self.flip_up(v, NONE);
                    break;
                }
            }
        }
        self.open_empty_blossoms();
    }

    /// The next event of the stage and the dual change it needs: the least
    /// change, ties going to the vertex events (reach, exhaust) and then
    /// to the lowest vertex or node.
    fn next_event(&mut self, w: &Matrix<W>) -> Option<(W, Event)> {
        let (is, ix) = std::mem::replace(&mut self.instant, (NONE, NONE));
        if is != NONE
            && self.label[self.top[ix]] == Label::None
            && self.label[self.top[is]] == Label::Outer
            && self.mate[self.base[self.top[ix]]] == NONE
            && self.slack(w, is, ix).is_zero()
        {
            return Some((W::ZERO, Event::Reach(is, ix)));
        }
        let mut best: Option<(W, usize, Event)> = None;
        if let Some((key, x)) = self.least_reach() {
            best = Some((key.sub(self.delta), x, Event::Reach(self.near[x], x)));
        }
        let (ey, ex) = self.exhaust;
        if ex != NONE && best.as_ref().is_none_or(|&(d, x, _)| (ey, ex) < (d, x)) {
            best = Some((ey, ex, Event::Exhaust(ex)));
        }
        let n = self.n;
        let mut node_best: Option<(W, usize, Event)> = None;
        for &b in &self.tree_nodes {
            let label = self.label[b];
            if self.up[b] != NONE || label == Label::None || (b >= n && self.kids[b].is_empty()) {
                continue;
            }
            let (u, v) = self.best_bridge[b];
            let candidate = match label {
                Label::Inner if b >= n => (self.z[b].half(), Event::Open(b)),
                Label::Outer
                    if u != NONE && self.top[v] != b && self.label[self.top[v]] == Label::Outer =>
                {
                    (self.slack(w, u, v).half(), Event::Bridge(u, v))
                }
                _ => continue,
            };
            if node_best
                .as_ref()
                .is_none_or(|&(d, c, _)| (candidate.0, b) < (d, c))
            {
                node_best = Some((candidate.0, b, candidate.1));
            }
        }
        if let Some(nb) = node_best
            && best.as_ref().is_none_or(|&(d, _, _)| nb.0 < d)
        {
            best = Some(nb);
        }
        best.map(|(d, _, e)| (d, e))
    }

    /// The least `(near_slack, vertex)` of the unlabelled vertices with a
    /// `near`: the least block entry, refreshed until it is current.
    fn least_reach(&mut self) -> Option<(W, usize)> {
        loop {
            let mut best: Option<(usize, (W, usize))> = None;
            for (k, &e) in self.block_min.iter().enumerate() {
                if e.1 != NONE && best.is_none_or(|(_, b)| e < b) {
                    best = Some((k, e));
                }
            }
            let (k, (key, x)) = best?;
            if self.label[self.top[x]] == Label::None
                && self.near[x] != NONE
                && self.near_slack[x] == key
            {
                return Some((key, x));
            }
            self.refresh_block(k);
        }
    }

    /// Recomputes the entry of block `k` of [`State::block_min`].
    fn refresh_block(&mut self, k: usize) {
        let mut e = (W::ZERO, NONE);
        for x in k * BLOCK..((k + 1) * BLOCK).min(self.n) {
            if self.near[x] != NONE
                && self.label[self.top[x]] == Label::None
                && (e.1 == NONE || self.near_slack[x] < e.0)
            {
                e = (self.near_slack[x], x);
            }
        }
        self.block_min[k] = e;
    }

    /// Unlabelled vertex `x` has a new `near_slack` key (lower, or back
    /// from an inner blossom): its block's entry may improve.
    fn offer_reach(block_min: &mut [(W, usize)], x: usize, key: W) {
        let e = &mut block_min[x / BLOCK];
        if e.1 == NONE || (key, x) < *e {
            *e = (key, x);
        }
    }

    /// Labels node `b` (outermost) and lists it and its vertices, whose
    /// duals move with the stage's.
    fn set_label(&mut self, b: usize, label: Label) {
        self.label[b] = label;
        if !self.node_listed[b] {
            self.node_listed[b] = true;
            self.tree_nodes.push(b);
        }
        let mut vs = std::mem::take(&mut self.scratch);
        self.leaves(b, &mut vs);
        for &v in &vs {
            if !self.vertex_listed[v] {
                self.vertex_listed[v] = true;
                self.tree_vertices.push(v);
            }
        }
        self.scratch = vs;
    }

    /// The vertices of blossom `b`, unlabelled until now, turn inner: their
    /// `near_slack` keys become their slacks, which stay fixed from now on.
    fn keys_to_slacks(&mut self, b: usize) {
        let mut vs = std::mem::take(&mut self.scratch);
        self.leaves(b, &mut vs);
        for &v in &vs {
            if self.near[v] != NONE {
                self.near_slack[v] = self.near_slack[v].sub(self.delta);
            }
        }
        self.scratch = vs;
    }

    /// The vertices of blossom `b`, inner until now, are unlabelled: their
    /// `near_slack` slacks become keys, offered to their blocks.
    fn slacks_to_keys(&mut self, b: usize) {
        let mut vs = std::mem::take(&mut self.scratch);
        self.leaves(b, &mut vs);
        for &v in &vs {
            if self.near[v] != NONE {
                let key = self.near_slack[v].add(self.delta);
                self.near_slack[v] = key;
                Self::offer_reach(&mut self.block_min, v, key);
            }
        }
        self.scratch = vs;
    }

    fn shift_duals(&mut self, d: W) {
        let d2 = d.double();
        let n = self.n;
        self.delta = self.delta.add(d);
        if self.exhaust.1 != NONE {
            self.exhaust.0 = self.exhaust.0.sub(d);
        }
        for &v in &self.tree_vertices {
            match self.label[self.top[v]] {
                Label::Outer => self.y[v] = self.y[v].sub(d),
                Label::Inner => self.y[v] = self.y[v].add(d),
                Label::None => {}
            }
        }
        for &b in &self.tree_nodes {
            if b >= n && self.up[b] == NONE && !self.kids[b].is_empty() {
                match self.label[b] {
                    Label::Outer => self.z[b] = self.z[b].add(d2),
                    Label::Inner => self.z[b] = self.z[b].sub(d2),
                    Label::None => {}
                }
            }
        }
    }

    fn make_outer(&mut self, w: &Matrix<W>, b: usize, via: (usize, usize)) {
        self.set_label(b, Label::Outer);
        self.via[b] = via;
        let mut vs = Vec::new();
        self.leaves(b, &mut vs);
        let mut list = Vec::new();
        for s in vs {
            self.add_outer_vertex(w, s, &mut list);
        }
        self.set_bridges(w, b, list);
    }

    /// Vertex `s` has just become outer: it may be the nearest outer
    /// vertex of the vertices outside outer blossoms, and its edges to
    /// other outer blossoms are offered to the bridge list being built.
    fn add_outer_vertex(&mut self, w: &Matrix<W>, s: usize, list: &mut Vec<(usize, usize)>) {
        let ts = self.top[s];
        let ys = self.y[s];
        if self.exhaust.1 == NONE || (ys, s) < self.exhaust {
            self.exhaust = (ys, s);
        }
        let State {
            top,
            y,
            label,
            near,
            near_slack,
            delta,
            block_min,
            pick,
            pick_slack,
            mate,
            base,
            instant,
            ..
        } = self;
        let delta = *delta;
        // The hottest loop of the solver: one row.
        w.for_edges(s, |x, wx| {
            let (tx, yx) = (top[x], y[x]);
            if tx == ts {
                return;
            }
            let sl = ys.add(yx).sub(wx);
            match label[tx] {
                Label::Outer => offer(pick, pick_slack, list, tx, (s, x), sl),
                Label::Inner => {
                    if near[x] == NONE || sl < near_slack[x] {
                        near[x] = s;
                        near_slack[x] = sl;
                    }
                }
                Label::None => {
                    let key = sl.add(delta);
                    if near[x] == NONE || key < near_slack[x] {
                        near[x] = s;
                        near_slack[x] = key;
                        Self::offer_reach(block_min, x, key);
                        if sl.is_zero() && mate[base[tx]] == NONE {
                            *instant = (s, x);
                        }
                    }
                }
            }
        });
    }

    /// Installs `list` as the bridge list of outer blossom `b`.
    fn set_bridges(&mut self, w: &Matrix<W>, b: usize, list: Vec<(usize, usize)>) {
        let mut best = (NONE, NONE);
        let mut best_slack = W::ZERO;
        for &(u, v) in &list {
            self.pick[self.top[v]] = NONE;
            let sl = self.slack(w, u, v);
            if best.0 == NONE || sl < best_slack {
                best = (u, v);
                best_slack = sl;
            }
        }
        self.bridges[b] = list;
        self.best_bridge[b] = best;
    }

    /// The labelled outermost blossom above `b` in its tree.
    fn tree_parent(&self, b: usize) -> usize {
        let p = self.via[b].0;
        if p == NONE { NONE } else { self.top[p] }
    }

    /// Makes a blossom of the cycle closed by the tight edge `x-s` between
    /// two outer blossoms of the tree.
    fn shrink(&mut self, w: &Matrix<W>, x: usize, s: usize) {
        let (bx, bs) = (self.top[x], self.top[s]);
        let Some(nb) = self.spare.pop() else { return };
        // Nearest common outer ancestor.
        let mut seen = vec![false; 3 * self.n];
        let mut a = bx;
        while a != NONE {
            seen[a] = true;
            a = self.tree_parent(a);
        }
        let mut lca = bs;
        while lca != NONE && !seen[lca] {
            lca = self.tree_parent(lca);
        }
        if lca == NONE {
            // Not one tree: cannot happen; leave the state for the check.
            self.spare.push(nb);
            return;
        }
        let mut px = Vec::new();
        let mut a = bx;
        while a != lca {
            px.push(a);
            a = self.tree_parent(a);
        }
        let mut py = Vec::new();
        let mut a = bs;
        while a != lca {
            py.push(a);
            a = self.tree_parent(a);
        }
        let mut kids = vec![lca];
        let mut links = Vec::new();
        for &c in px.iter().rev() {
            links.push(self.via[c]);
            kids.push(c);
        }
        links.push((x, s));
        for &c in &py {
            kids.push(c);
            let (p, q) = self.via[c];
            links.push((q, p));
        }
        let was_inner: Vec<usize> = kids
            .iter()
            .copied()
            .filter(|&c| self.label[c] == Label::Inner)
            .collect();
        for &c in &kids {
            self.up[c] = nb;
        }
        self.base[nb] = self.base[lca];
        self.set_label(nb, Label::Outer);
        self.via[nb] = self.via[lca];
        self.z[nb] = W::ZERO;
        self.up[nb] = NONE;
        self.kids[nb] = kids;
        self.links[nb] = links;
        self.set_top(nb, nb);
        // The new blossom's bridges: the kids' lists (minus the edges now
        // inside), and the edges of the vertices that were inner and turn
        // outer now.
        let mut list = Vec::new();
        for &c in &self.kids[nb].clone() {
            if was_inner.contains(&c) {
                continue;
            }
            for (u, v) in std::mem::take(&mut self.bridges[c]) {
                let t = self.top[v];
                if t != nb && self.label[t] == Label::Outer {
                    let sl = self.slack(w, u, v);
                    offer(
                        &mut self.pick,
                        &mut self.pick_slack,
                        &mut list,
                        t,
                        (u, v),
                        sl,
                    );
                }
            }
        }
        let mut vs = Vec::new();
        for c in was_inner {
            self.leaves(c, &mut vs);
            for &v in &vs {
                self.add_outer_vertex(w, v, &mut list);
            }
        }
        self.set_bridges(w, nb, list);
    }

    /// Dissolves blossom `b` (outermost) into its kids, which become
    /// outermost; its dual must be zero or already handed down.
    fn dissolve(&mut self, b: usize) {
        let kids = std::mem::take(&mut self.kids[b]);
        for &c in &kids {
            self.up[c] = NONE;
            self.set_top(c, c);
        }
        self.kids[b] = kids;
        self.free_blossom(b);
    }

    fn free_blossom(&mut self, b: usize) {
        self.bridges[b] = Vec::new();
        self.kids[b].clear();
        self.links[b].clear();
        self.z[b] = W::ZERO;
        self.label[b] = Label::None;
        self.up[b] = NONE;
        self.spare.push(b);
    }

    /// Opens an inner blossom whose dual reached zero: the kids on the even
    /// path from the entry kid to the base kid keep the tree alternating,
    /// the others drop out of it.
    fn open_inner(&mut self, w: &Matrix<W>, b: usize) {
        let (p, q) = self.via[b];
        let mut c = q;
        while self.up[c] != b {
            c = self.up[c];
        }
        let kids = self.kids[b].clone();
        let links = self.links[b].clone();
        let k = kids.len();
        let entry = kids.iter().position(|&x| x == c).unwrap_or(0);
        self.dissolve(b);
        for &kid in &kids {
            self.label[kid] = Label::None;
        }
        self.set_label(c, Label::Inner);
        self.via[c] = (p, q);
        let mut outer = Vec::new();
        let mut to_outer = vec![false; k];
        // Walk towards the base kid along matched-then-unmatched links.
        let mut i = entry;
        let mut steps = 0;
        while i != 0 {
            let (next, edge) = if entry % 2 == 0 {
                let (a, bb) = links[i - 1];
                (i - 1, (bb, a))
            } else {
                (if i + 1 == k { 0 } else { i + 1 }, links[i])
            };
            steps += 1;
            let kid = kids[next];
            if steps % 2 == 1 {
                to_outer[next] = true;
                outer.push((kid, edge));
            } else {
                self.set_label(kid, Label::Inner);
                self.via[kid] = edge;
            }
            i = next;
        }
        // The kids off the path leave the tree before the new outer
        // vertices look at them.
        for (&kid, &goes_outer) in kids.iter().zip(&to_outer) {
            if self.label[kid] == Label::None && !goes_outer {
                self.slacks_to_keys(kid);
            }
        }
        for (kid, edge) in outer {
            self.make_outer(w, kid, edge);
        }
    }

    /// Rematches inside blossom `b` so that its vertex `v` becomes the base.
    fn rotate(&mut self, b: usize, v: usize) {
        if b < self.n || self.base[b] == v {
            return;
        }
        let mut c = v;
        while self.up[c] != b {
            c = self.up[c];
        }
        let i = self.kids[b].iter().position(|&x| x == c).unwrap_or(0);
        self.kids[b].rotate_left(i);
        self.links[b].rotate_left(i);
        self.rotate(c, v);
        let k = self.kids[b].len();
        let mut j = 1;
        while j + 1 < k {
            let (a, d) = self.links[b][j];
            let (ca, cd) = (self.kids[b][j], self.kids[b][j + 1]);
            self.rotate(ca, a);
            self.rotate(cd, d);
            self.mate[a] = d;
            self.mate[d] = a;
            j += 2;
        }
        self.base[b] = v;
    }

    /// Flips the tree path from outer vertex `s` up to the root: `s` gets
    /// `partner` (or stays free with `NONE`), the root gets matched.
    fn flip_up(&mut self, mut s: usize, mut partner: usize) {
        loop {
            let sb = self.top[s];
            let p = self.via[sb].0;
            self.rotate(sb, s);
            self.mate[s] = partner;
            if p == NONE {
                return;
            }
            let tb = self.top[p];
            let (q, t) = self.via[tb];
            self.rotate(tb, t);
            self.mate[t] = q;
            s = q;
            partner = t;
        }
    }

    /// Between stages, blossoms without dual are dissolved: they carry no
    /// information and nesting stays shallow.
    fn open_empty_blossoms(&mut self) {
        let mut work: Vec<usize> = (self.n..3 * self.n)
            .filter(|&b| self.up[b] == NONE && !self.kids[b].is_empty() && self.z[b].is_zero())
            .collect();
        while let Some(b) = work.pop() {
            let kids = self.kids[b].clone();
            self.dissolve(b);
            work.extend(
                kids.into_iter()
                    .filter(|&c| c >= self.n && self.z[c].is_zero()),
            );
        }
    }

    /// Dissolves outermost blossom `b`, handing its dual down to its
    /// vertices (half to each, which keeps every edge feasible and every
    /// matched edge inside tight). Returns its base and whether it had a
    /// dual, in which case the base's outside edge lost its tightness.
    fn hand_down(&mut self, b: usize) -> (usize, bool) {
        let zb = self.z[b];
        let half = zb.half();
        let mut vs = std::mem::take(&mut self.scratch);
        self.leaves(b, &mut vs);
        for &v in &vs {
            self.y[v] = self.y[v].add(half);
        }
        self.scratch = vs;
        let base = self.base[b];
        self.dissolve(b);
        (base, !zb.is_zero())
    }

    fn unmatch(&mut self, v: usize) {
        let m = self.mate[v];
        if m != NONE {
            self.mate[m] = NONE;
            self.mate[v] = NONE;
        }
    }

    /// Restores feasibility after the edges at `changed` got new weights,
    /// keeping as much of the optimum as possible, then re-optimises.
    fn warm(&mut self, w: &Matrix<W>, changed: &[usize]) {
        for &v in changed {
            while self.top[v] != v {
                let (base, had_dual) = self.hand_down(self.top[v]);
                if had_dual {
                    self.unmatch(base);
                }
            }
        }
        for &v in changed {
            let m = self.mate[v];
            let mut need = W::ZERO;
            let y = &self.y;
            w.for_edges(v, |u, two| {
                if u == m {
                    return;
                }
                if two > y[u] && two.sub(y[u]) > need {
                    need = two.sub(y[u]);
                }
            });
            if m != NONE {
                let two = w.get(v, m);
                let tight = (!two.is_zero() && two >= self.y[m]).then(|| two.sub(self.y[m]));
                match tight {
                    Some(t) if t >= need => {
                        self.y[v] = t;
                        continue;
                    }
                    Some(t) => need = need.max(t),
                    None => {}
                }
                self.unmatch(v);
            }
            self.y[v] = need;
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
    fn pair_along_tight_paths(&mut self, w: &Matrix<W>) {
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
    fn pair_free_tight(&mut self, w: &Matrix<W>) {
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
    fn lighter_keeps_optimum(&self, u: usize, v: usize) -> bool {
        let top = self.top[u];
        self.mate[u] != v && (top != self.top[v] || top == u)
    }

    /// Keeps the matched pair `u-v` after every other edge at `u` and `v`
    /// was removed from `w`: dissolves the blossoms that held those edges and
    /// re-tightens `u-v`. Pairs that lose tightness on the way are undone and
    /// re-optimised.
    fn fix_pair(&mut self, w: &Matrix<W>, u: usize, v: usize) {
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
    fn alternating_path(
        &self,
        w: &Matrix<W>,
        u: usize,
        v: usize,
        locked: impl Fn(usize) -> bool,
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
            w.for_edges(s, |x, wx| {
                if !seen[x] && ys.add(self.y[x]) == wx {
                    reached.push(x);
                }
            });
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
    fn flip_cycle(&mut self, u: usize, v: usize, path: &[usize]) {
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
    fn certified(&self, w: &Matrix<W>) -> bool {
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

/// The positions of the set bits of a bit set, in order.
fn ones(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(k, &bits)| {
        let mut b = bits;
        std::iter::from_fn(move || {
            (b != 0).then(|| {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                64 * k + i
            })
        })
    })
}

/// Keeps `edge` in `list` if it is the least-slack edge so far to the outer
/// blossom `t` holding its outside end (`pick` and `pick_slack` index the
/// list by `t` while it is built).
fn offer<W: Weight>(
    pick: &mut [usize],
    pick_slack: &mut [W],
    list: &mut Vec<(usize, usize)>,
    t: usize,
    edge: (usize, usize),
    sl: W,
) {
    match pick[t] {
        NONE => {
            pick[t] = list.len();
            pick_slack[t] = sl;
            list.push(edge);
        }
        i => {
            // No dual moves while a list is built: the kept slack holds.
            if sl < pick_slack[t] {
                list[i] = edge;
                pick_slack[t] = sl;
            }
        }
    }
}

/// Maximum weight matching on a complete graph given by a weight matrix
/// (weight zero: no edge), re-optimised cheaply after local weight changes.
///
/// Start with [`DenseMatching::new`], set weights with
/// [`set_weight`](DenseMatching::set_weight), call
/// [`solve`](DenseMatching::solve) and read [`mate`](DenseMatching::mate).
/// After changing the edges of a few vertices, `solve` again: it starts from
/// the previous optimum and its duals and only grows search trees from the
/// vertices the change affected, in about O(k n²) for k changed vertices
/// instead of O(n³).
///
/// # Memory
///
/// About `4 n²` bytes whatever the width of `W`: each pair holds a 4-byte
/// id into a table of the distinct weights set (values no pair uses any
/// more are dropped as the table grows). Graphs whose weights repeat, as
/// the engines' brackets do, keep the table small; on graphs where every
/// weight differs it adds the width of `W` per edge.
///
/// # Headroom
///
/// Every weight must be below `2^(W::BITS - 3)` (`2^61` for `u64`, `2^125`
/// for `u128`, `2^189` for [`Wide<3>`](crate::Wide)). The solver's dual
/// variables stay within twice the largest weight and slacks are sums of two
/// of them, so with this bound no intermediate value overflows. Larger
/// weights give wrong answers (never a panic).
#[derive(Clone, Debug)]
pub struct DenseMatching<W: Weight> {
    n: usize,
    /// Doubled weights (the duals' unit), so slacks need no shift.
    w: Matrix<W>,
    objective: Objective,
    st: State<W>,
    /// `st` is an optimum of `w` apart from the edges at `changed`.
    solved: bool,
    changed: Vec<usize>,
    is_changed: Vec<bool>,
}

impl<W: Weight> DenseMatching<W> {
    /// `n` vertices, no edges, maximum weight objective.
    pub fn new(n: usize) -> Self {
        Self::with_objective(n, Objective::MaxWeight)
    }

    /// `n` vertices, no edges, the given objective.
    pub fn with_objective(n: usize, objective: Objective) -> Self {
        DenseMatching {
            n,
            w: Matrix::new(n),
            objective,
            st: State::new(n),
            solved: false,
            changed: Vec::new(),
            is_changed: vec![false; n],
        }
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.n
    }

    /// Sets the weight of edge `u-v` (zero removes it). Ignored when `u ==
    /// v` or either is out of range.
    ///
    /// For a cheap re-solve, change the edges of few vertices and name the
    /// changed vertex first: only `u` is recorded as changed (unless `v`
    /// already is). Making an edge lighter records nothing when the last
    /// solution neither pairs `u-v` nor holds it inside a blossom.
    pub fn set_weight(&mut self, u: usize, v: usize, w: W) {
        let n = self.n;
        let w = w.double();
        if u >= n || v >= n || u == v {
            return;
        }
        let old = self.w.get(u, v);
        if old == w {
            return;
        }
        self.w.set(u, v, w);
        if w < old && self.optimum_kept() && self.st.lighter_keeps_optimum(u, v) {
            return;
        }
        if !self.is_changed[v] {
            self.mark_changed(u);
        }
    }

    /// Whether the last solution is an optimum with duals that a lighter
    /// edge may leave in place ([`State::lighter_keeps_optimum`]).
    fn optimum_kept(&self) -> bool {
        self.solved && self.objective == Objective::MaxWeight
    }

    /// Records that the edges at `v` changed since the last solve.
    fn mark_changed(&mut self, v: usize) {
        if !self.is_changed[v] {
            self.is_changed[v] = true;
            self.changed.push(v);
        }
    }

    /// Sets every edge `u-v` (`u < v`) to `f(u, v)`, as [`set_weight`]
    /// would one by one, but much faster on a fresh matcher: row by row,
    /// without recording changes (the next solve is a cold one).
    ///
    /// [`set_weight`]: DenseMatching::set_weight
    pub fn set_all_weights(&mut self, mut f: impl FnMut(usize, usize) -> W) {
        if self.solved {
            for u in 0..self.n {
                for v in u + 1..self.n {
                    self.set_weight(u, v, f(u, v));
                }
            }
            return;
        }
        self.w.fill(|u, v| f(u, v).double());
    }

    /// [`set_all_weights`] for weights drawn from a few values: every
    /// edge `u-v` (`u < v`) gets `palette[index(u, v)]` (a zero entry: no
    /// edge).
    ///
    /// [`set_all_weights`]: DenseMatching::set_all_weights
    pub fn set_all_weights_from(
        &mut self,
        palette: &[W],
        index: impl Fn(usize, usize) -> usize + Sync,
    ) {
        if self.solved {
            self.set_all_weights(|u, v| palette[index(u, v)]);
            return;
        }
        let doubled: Vec<W> = palette.iter().map(|w| w.double()).collect();
        self.w.fill_from(&doubled, index);
    }

    /// Removes every edge `u-v` between two of the vertices `among` for
    /// which `remove(u, v)` (a symmetric test) holds: what
    /// [`set_weight`](Self::set_weight)`(u, v, 0)` on each would do, the
    /// rows in parallel. (The engines' D.2 check removes every pair inside
    /// two halves of a 4,500-player bracket: 5 million calls.)
    pub fn remove_edges_among(
        &mut self,
        among: &[usize],
        remove: impl Fn(usize, usize) -> bool + Sync,
    ) {
        let n = self.n;
        let mut mask = vec![false; n];
        for &v in among.iter().filter(|&&v| v < n) {
            mask[v] = true;
        }
        let kept = self.optimum_kept();
        let st = &self.st;
        let flags = self.w.remove_among(&mask, remove, |u, v| {
            !kept || !st.lighter_keeps_optimum(u, v)
        });
        for (v, flagged) in flags.into_iter().enumerate() {
            if flagged {
                self.mark_changed(v);
            }
        }
    }

    /// The weight of edge `u-v` (zero when absent or out of range).
    pub fn weight(&self, u: usize, v: usize) -> W {
        if u < self.n && v < self.n {
            self.w.get(u, v).half()
        } else {
            W::ZERO
        }
    }

    /// Computes an optimum of the current weights: from the previous
    /// optimum when there is one (even when most vertices changed: the
    /// pairs whose edges stay tight are kept, which beats a cold start on
    /// the engines' re-weighted brackets), else from scratch.
    pub fn solve(&mut self) -> SolveKind {
        let changed = std::mem::take(&mut self.changed);
        for &v in &changed {
            self.is_changed[v] = false;
        }
        if self.solved && changed.is_empty() {
            return SolveKind::Unchanged;
        }
        self.w.settle();
        if self.objective == Objective::MaxWeight && self.solved {
            self.st.warm(&self.w, &changed);
            if !cfg!(debug_assertions) || self.st.certified(&self.w) {
                return SolveKind::Warm;
            }
            self.solve_cold();
            return SolveKind::WarmFailed;
        }
        self.solve_cold();
        SolveKind::Cold
    }

    fn solve_cold(&mut self) {
        let max = self.w.max().half();
        match self.objective {
            Objective::MaxWeight => {
                self.st.reset(W::ZERO);
                self.st.greedy_start(&self.w);
                self.st.run(&self.w);
            }
            Objective::MaxCardinality => {
                // Every extra pair must outweigh any weight loss: a pair
                // more costs at most floor(n/2) edges of weight `max`.
                let mut lift = W::ZERO;
                let mut add = max;
                let mut k = self.n / 2;
                while k > 0 {
                    if k & 1 == 1 {
                        lift = lift.add(add);
                    }
                    add = add.double();
                    k >>= 1;
                }
                let lift = lift.add(W::from_u64(1));
                let lifted = self.w.map(|x| x.half().add(lift).double());
                self.st.reset(max.add(lift));
                self.st.run(&lifted);
            }
        }
        self.solved = true;
    }

    /// The partner of `v` in the last solution.
    pub fn mate(&self, v: usize) -> Option<usize> {
        self.st.mate.get(v).copied().filter(|&m| m != NONE)
    }

    /// Number of pairs in the last solution.
    pub fn pair_count(&self) -> usize {
        self.st.mate.iter().filter(|&&m| m != NONE).count() / 2
    }

    /// Total weight of the last solution (wrapping if it exceeds the width).
    pub fn total_weight(&self) -> W {
        let mut t = W::ZERO;
        for v in 0..self.n {
            let m = self.st.mate[v];
            if m != NONE && v < m {
                t = t.add(self.w.get(v, m).half());
            }
        }
        t
    }

    /// Keeps `u-v` paired from now on: removes every other edge at `u` and
    /// at `v`. When `u-v` is in the last solution and nothing else changed
    /// since, that solution stays optimal and this needs no [`solve`]
    /// (blossoms holding the removed edges are undone, which may rematch a
    /// few other vertices among equally good optima). Otherwise the change
    /// is recorded for the next [`solve`].
    ///
    /// [`solve`]: DenseMatching::solve
    pub fn fix_pair(&mut self, u: usize, v: usize) {
        let n = self.n;
        if u >= n || v >= n || u == v {
            return;
        }
        let clean = self.solved && self.changed.is_empty() && self.st.mate[u] == v;
        let keep = self.w.get(u, v);
        for x in 0..n {
            for a in [u, v] {
                if x != u && x != v && self.w.has(a, x) {
                    if clean {
                        self.w.set(a, x, W::ZERO);
                    } else {
                        self.set_weight(a, x, W::ZERO);
                    }
                }
            }
        }
        debug_assert_eq!(keep, self.w.get(u, v));
        if clean && self.objective == Objective::MaxWeight {
            self.st.fix_pair(&self.w, u, v);
        }
    }

    /// Whether no optimum of the current weights pairs `u` and `v`, as
    /// the last solve's duals prove: every optimum uses only edges of zero
    /// slack (complementary slackness), where the slack of an edge inside
    /// blossoms includes the duals of the blossoms holding both ends (an
    /// optimum keeps as many pairs inside each blossom of positive dual as
    /// it holds). False when nothing is proven, also whenever weights
    /// changed since the last solve.
    pub fn never_pairs(&self, u: usize, v: usize) -> bool {
        let n = self.n;
        if u >= n || v >= n || u == v || !self.is_current() {
            return false;
        }
        if !self.w.has(u, v) {
            return true;
        }
        let lhs = self.st.y[u].add(self.st.y[v]);
        let lhs = if self.st.top[u] == self.st.top[v] && self.st.top[u] >= n {
            lhs.add(self.st.common_blossom_dual(u, v))
        } else {
            lhs
        };
        lhs != self.w.get(u, v)
    }

    /// Moves to an optimum of the current weights that pairs `u` and `v`,
    /// when one differs from the last solution by an alternating cycle
    /// through `u-v` (or a path ending at a vertex of zero dual) along
    /// tight edges between vertices outside blossoms, none of them
    /// `locked`: the duals then certify it as they did the last one, and
    /// no solve is needed. Returns whether `u-v` is paired now; false
    /// proves nothing (the search neither opens blossoms nor looks further
    /// than such cycles), also whenever weights changed since the last
    /// solve.
    pub fn try_pair(&mut self, u: usize, v: usize, locked: impl Fn(usize) -> bool) -> bool {
        let n = self.n;
        if u >= n || v >= n || u == v || !self.is_current() {
            return false;
        }
        if self.st.mate[u] == v {
            return true;
        }
        if self.never_pairs(u, v) {
            return false;
        }
        match self.st.alternating_path(&self.w, u, v, locked) {
            Some(path) => {
                self.st.flip_cycle(u, v, &path);
                true
            }
            None => false,
        }
    }

    /// The last solution is an optimum of the current weights, with its
    /// duals (maximum weight objective).
    fn is_current(&self) -> bool {
        self.objective == Objective::MaxWeight && self.solved && self.changed.is_empty()
    }

    /// Whether the last solution carries a valid optimality certificate
    /// for the current weights (O(n²); for tests and debugging; always
    /// false in the maximum cardinality mode, which keeps no certificate of
    /// the original weights).
    pub fn verify(&self) -> bool {
        self.objective == Objective::MaxWeight
            && self.solved
            && self.changed.is_empty()
            && self.st.certified(&self.w)
    }
}

/// Maximum weight matching of the graph on vertices `0..n` with the given
/// edges (later duplicates overwrite earlier ones); returns each vertex's
/// partner. Weights obey the headroom rule of [`DenseMatching`].
pub fn maximum_weight_matching<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    objective: Objective,
) -> Vec<Option<usize>> {
    let mut m = DenseMatching::with_objective(n, objective);
    for &(u, v, w) in edges {
        m.set_weight(u, v, w);
    }
    m.solve();
    (0..n).map(|v| m.mate(v)).collect()
}
