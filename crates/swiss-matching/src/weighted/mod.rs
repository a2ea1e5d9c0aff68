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
//!
//! The solver's phases, one file each: `cold_start.rs` (a solve from
//! scratch), `stages.rs` (one alternating tree per stage, and the duals),
//! `blossoms.rs` (shrinking, opening and flipping blossoms) and `warm.rs`
//! (the re-solve after local weight changes, single pairs fixed or tried,
//! the optimality certificate); this file holds the state they share and
//! the public API.

mod blossoms;
mod cold_start;
mod stages;
mod warm;

use crate::matrix::{Classes, Matrix, Memo};
use crate::weight::Weight;

const NONE: usize = usize::MAX;
/// Passes of dual lowering in the cold start ([`State::greedy_start`]).
/// One: none leaves most vertices of a big bracket without a tight
/// partner (a 4,512-player bracket: 25 s), and a second pass, a serial
/// sweep over every row, cost more than the forest rounds it spared (the
/// heavy 9,999-player rounds 0.90-0.95 of their time with two).
const SWEEPS: usize = 1;
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
/// Fewest changed vertices for which a warm solve restores their duals by
/// classes of equal duals ([`crate::matrix::Memo`]): sorting the duals
/// into classes costs about a row pass.
const MEMO_CHANGED: usize = 32;
/// [`DenseMatching::fix_pairs`] fixes pairs one by one when there are
/// fewer than one per this many vertices.
const BULK_FIX: usize = 64;
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Label {
    None,
    /// Even distance from the root: its dual goes down.
    Outer,
    /// Odd distance from the root: its dual goes up.
    Inner,
}

/// The flag of [`DenseMatching::remove_with`] for a removed edge `u-v`
/// (the last optimum may not survive it), a plain type so that the
/// removal's row loops call it inline: through a pointer, the call per
/// removed edge was a fourteenth of a heavy round.
#[derive(Clone, Copy)]
struct RemovalFlag<'s, W> {
    kept: bool,
    st: &'s State<W>,
}

impl<W: Weight> RemovalFlag<'_, W> {
    #[inline]
    fn get(&self, u: usize, v: usize) -> bool {
        !self.kept || !self.st.lighter_keeps_optimum(u, v)
    }
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
    bridges: Vec<Vec<Bridge>>,
    /// The least-slack entry of `bridges` (all of a list's slacks fall
    /// alike when duals shift, so it stays the least).
    best_bridge: Vec<(usize, usize)>,
    /// The slack of `best_bridge` plus twice [`State::delta`], both when
    /// the list was built: both ends are outer, so the slack falls by
    /// twice every dual change and the key stays put. The bridge event
    /// reads it for every outer blossom of the tree after every event;
    /// the slack itself cost a random read of the weight matrix each
    /// (28% of a 9,999-player bracket's time).
    bridge_key: Vec<W>,
    /// Per neighbour node, the position of its entry in the list being
    /// built (`NONE` when none); reset after each build.
    pick: Vec<usize>,
    /// The slack of the entry `pick` points at.
    pick_slack: Vec<W>,
    scratch: Vec<usize>,
    /// A tight edge (outer vertex, vertex of a free unlabelled blossom)
    /// found while scanning: the stage can augment along it at once.
    instant: (usize, usize),
    /// Each vertex's side for the cold start's greedy pass (0: none; see
    /// [`DenseMatching::set_sides`]).
    side: Vec<u8>,
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
            bridge_key: vec![W::ZERO; nodes],
            pick: vec![NONE; nodes],
            pick_slack: vec![W::ZERO; nodes],
            scratch: Vec::new(),
            instant: (NONE, NONE),
            side: vec![0; n],
        }
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

/// An edge `(inside, outside)` of a bridge list, its ends kept as `u32`:
/// a stage grown over a whole bracket holds up to one entry per pair of
/// outer vertices (a 9,999-vertex bracket: 12 million), half the memory of
/// `usize` pairs. Vertex numbers fit, as the weight matrix holds n² ids.
#[derive(Clone, Copy, Debug)]
struct Bridge(u32, u32);

impl Bridge {
    fn new((u, v): (usize, usize)) -> Self {
        debug_assert!(u32::try_from(u.max(v)).is_ok());
        Bridge(u as u32, v as u32)
    }

    fn ends(self) -> (usize, usize) {
        (self.0 as usize, self.1 as usize)
    }
}

/// Keeps `edge` in `list` if it is the least-slack edge so far to the outer
/// blossom `t` holding its outside end (`pick` and `pick_slack` index the
/// list by `t` while it is built).
fn offer<W: Weight>(
    pick: &mut [usize],
    pick_slack: &mut [W],
    list: &mut Vec<Bridge>,
    t: usize,
    edge: (usize, usize),
    sl: W,
) {
    let edge = Bridge::new(edge);
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
/// About `2 n²` bytes whatever the width of `W`: each pair holds a 2-byte
/// id (4-byte once the table outgrows them) into a table of the distinct
/// weights set (values no pair uses any
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
    /// The last solution's classes of equal duals, with the memo of
    /// [`DenseMatching::try_pair`]'s searches, built by the first search
    /// after a solve; `None` once a dual may have changed.
    paths: Option<(Classes, Memo)>,
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
            paths: None,
        }
    }

    /// Splits the vertices into two sides (`Some(false)`, `Some(true)`)
    /// and the rest (`None`), which only steers which optimum a cold solve
    /// finds among equally heavy ones: its greedy pass over the tight
    /// edges pairs a sided vertex with one of the other side or of none
    /// where it can. The optimum's weight is the same.
    ///
    /// A caller that reads its answer from the optimum's structure saves
    /// work when the optimum already looks like it: the pairing engines'
    /// brackets ask whether a best candidate pairs every S1 player with
    /// an S2 player, which needs no re-solve when the optimum does.
    pub fn set_sides(&mut self, side: impl Fn(usize) -> Option<bool>) {
        for (v, s) in self.st.side.iter_mut().enumerate() {
            *s = match side(v) {
                None => 0,
                Some(false) => 1,
                Some(true) => 2,
            };
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

    /// [`set_all_weights_from`] a row at a time: `row(u, out)` writes the
    /// palette index of every edge `u-v` into `out[v]`, for all `v` (`out`
    /// holds one entry per vertex; `out[u]` is not read), and must give
    /// `u-v` and `v-u` the same index. The rows are computed in parallel
    /// and each fills a whole row of the matrix; a caller that builds a
    /// row from a few values at once then fills the matrix at memory
    /// speed instead of a call per edge.
    ///
    /// [`set_all_weights_from`]: DenseMatching::set_all_weights_from
    pub fn set_all_weights_by_rows(
        &mut self,
        palette: &[W],
        row: impl Fn(usize, &mut [u32]) + Sync,
    ) {
        if self.solved {
            let mut out = vec![0; self.n];
            for u in 0..self.n {
                row(u, &mut out);
                for v in u + 1..self.n {
                    self.set_weight(u, v, palette[out[v] as usize]);
                }
            }
            return;
        }
        let doubled: Vec<W> = palette.iter().map(|w| w.double()).collect();
        self.w.fill_rows(&doubled, row);
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
        self.remove_with(|w, flag| w.remove_among(&mask, remove, move |u, v| flag.get(u, v)));
    }

    /// Runs `remove` on the matrix with the flag a warm solve needs (a
    /// removed edge that may break the last optimum), then marks the
    /// vertices it flagged as changed.
    fn remove_with(
        &mut self,
        remove: impl FnOnce(&mut Matrix<W>, RemovalFlag<'_, W>) -> Vec<bool>,
    ) {
        let flag = RemovalFlag {
            kept: self.optimum_kept(),
            st: &self.st,
        };
        let flags = remove(&mut self.w, flag);
        for (v, flagged) in flags.into_iter().enumerate() {
            if flagged {
                self.mark_changed(v);
            }
        }
    }

    /// [`remove_edges_among`](Self::remove_edges_among) for a removal that
    /// follows a small class per vertex and the order of the two ends:
    /// every edge `u-x` goes whose `class[x]` (below 8) is a bit of
    /// `cut(u).0` when `x < u`, or of `cut(u).1` when `x > u`; a vertex
    /// without an entry in `class` is of class 0. `cut` must remove
    /// `u-x` from both ends or from neither. One bit test per edge
    /// instead of a call: the engines remove every pair but S1R against
    /// S2R from a 4,870-player remainder.
    ///
    /// ```
    /// use swiss_matching::DenseMatching;
    ///
    /// // Classes 1 and 2 (0: left alone); remove the edges inside each.
    /// let class = [1, 1, 2, 2, 0];
    /// let mut m = DenseMatching::<u64>::new(5);
    /// for u in 0..5 {
    ///     for v in u + 1..5 {
    ///         m.set_weight(u, v, 1);
    ///     }
    /// }
    /// m.remove_edges_by_class(&class, |u| match class[u] {
    ///     0 => (0, 0),
    ///     c => (1 << c, 1 << c),
    /// });
    /// assert_eq!((m.weight(0, 1), m.weight(2, 3), m.weight(1, 2)), (0, 0, 1));
    /// assert_eq!(m.weight(0, 4), 1);
    /// ```
    pub fn remove_edges_by_class(&mut self, class: &[u8], cut: impl Fn(usize) -> (u8, u8) + Sync) {
        let n = self.n;
        let mut classes = class[..class.len().min(n)].to_vec();
        classes.resize(n, 0);
        self.remove_with(|w, flag| w.remove_by_class(&classes, cut, move |u, v| flag.get(u, v)));
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
        self.paths = None;
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
        match self.objective {
            Objective::MaxWeight => {
                self.st.reset(W::ZERO);
                self.st.greedy_start(&self.w);
                self.st.run(&self.w);
            }
            Objective::MaxCardinality => {
                let max = self.w.max().half();
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

    /// The heaviest weight set (zero without edges), solved or not.
    ///
    /// ```
    /// use swiss_matching::DenseMatching;
    ///
    /// let mut m = DenseMatching::<u64>::new(3);
    /// assert_eq!(m.max_weight(), 0);
    /// m.set_weight(0, 1, 4);
    /// m.set_weight(1, 2, 9);
    /// assert_eq!(m.max_weight(), 9);
    /// m.set_weight(1, 2, 0);
    /// assert_eq!(m.max_weight(), 4);
    /// ```
    pub fn max_weight(&self) -> W {
        self.w.max().half()
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
            self.paths = None;
            self.st.fix_pair(&self.w, u, v);
        }
    }

    /// [`fix_pair`] for each of `pairs` (no vertex in two of them), with
    /// the changes recorded for the next [`solve`] as when a pair is not in
    /// the last solution: a pass over the whole matrix, rows in parallel,
    /// where one pair at a time writes a row and a column each. (The
    /// engines' D.1 fixes the pairs of thousands of S1 players before a
    /// solve: 0.33 s one by one in a 4,695-player bracket.) Few pairs
    /// against many vertices go one by one.
    ///
    /// [`fix_pair`]: DenseMatching::fix_pair
    /// [`solve`]: DenseMatching::solve
    pub fn fix_pairs(&mut self, pairs: &[(usize, usize)]) {
        let n = self.n;
        if pairs.len() < n / BULK_FIX {
            for &(u, v) in pairs {
                self.fix_pair(u, v);
            }
            return;
        }
        let mut partner = vec![NONE; n];
        let mut fixed = vec![false; n];
        for &(u, v) in pairs {
            if u < n && v < n && u != v {
                debug_assert!(!fixed[u] && !fixed[v], "a vertex in two pairs");
                partner[u] = v;
                partner[v] = u;
                fixed[u] = true;
                fixed[v] = true;
            }
        }
        let all: Vec<usize> = (0..n).collect();
        self.remove_edges_among(&all, |a, b| {
            (fixed[a] && partner[a] != b) || (fixed[b] && partner[b] != a)
        });
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
        // The duals stay as they are from one search to the next (a
        // flip changes pairs only): the engines' D.1 asks thousands of
        // times between two solves, each search a few rows.
        let (classes, memo) = self.paths.get_or_insert_with(|| {
            let y = &self.st.y;
            (Classes::by(n, |x| y[x]).0, Memo::default())
        });
        match self
            .st
            .alternating_path(&self.w, u, v, locked, (classes, memo))
        {
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
