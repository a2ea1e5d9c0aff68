//! Maximum cardinality matching: pure feasibility questions ("can the rest
//! of the round still be paired?").
//!
//! [`CardinalityMatcher`] is Edmonds' augmenting-path algorithm with blossom
//! contraction on a dense graph (one adjacency bitset per vertex). Besides a
//! full solve it answers the question greedy pairing engines ask again and
//! again: "the remaining vertices are perfectly matched; may `p` be fixed to
//! `q` and the rest still be perfectly matched?" Fixing `p`-`q` frees their
//! old mates `p'` and `q'`; the answer is yes exactly when one augmenting path
//! joins `p'` and `q'` in the graph without `p` and `q`, so one O(n²) search
//! replaces a full O(n³) solve.

/// No vertex (an unmatched mate, an unset parent).
const NONE: usize = usize::MAX;

/// A maximum cardinality matching of the graph on `n` vertices whose edges
/// are the pairs `{u, v}` (`u < v`) with `adjacent(u, v)`. Returns the mate
/// of every vertex.
///
/// Uses [`CardinalityMatcher`], which the benchmark in
/// `benches/cardinality.rs` measured faster than petgraph's
/// `maximum_matching` on dense graphs (`tests/cardinality.rs` checks the
/// two agree).
pub fn maximum_cardinality_matching(
    n: usize,
    adjacent: impl FnMut(usize, usize) -> bool,
) -> Vec<Option<usize>> {
    let mut m = CardinalityMatcher::new(n, adjacent);
    m.maximum_matching();
    (0..n).map(|v| m.mate(v)).collect()
}

/// Makes the graph whose row `i` of `n.div_ceil(64)` words,
/// `rows[i * words..]`, has bit `j` for an edge `i-j` symmetric: every
/// edge given one way only is added the other way (the rows ORed with
/// their transpose), ready for [`CardinalityMatcher::from_rows`]. A
/// caller fills each row from its own vertex's list and leaves the
/// mirror to this, instead of writing across rows (a cache miss a bit:
/// seconds for the 100 million edges of a 10,000-vertex dense graph).
/// Done on 64 x 64 blocks, each transposed in 6 passes of shifts and
/// masks: a few operations a word.
///
/// # Panics
///
/// When `rows` holds fewer than `n` rows.
///
/// ```
/// let mut rows = vec![0b10u64, 0b000, 0b010]; // 0-1 and 2-1
/// swiss_matching::make_symmetric(&mut rows, 3);
/// assert_eq!(rows, [0b010, 0b101, 0b010]);
/// ```
pub fn make_symmetric(rows: &mut [u64], n: usize) {
    let words = n.div_ceil(64);
    assert!(rows.len() >= n * words, "{n} rows of {words} words");
    let block = |m: &[u64], bi: usize, bj: usize| -> [u64; 64] {
        let mut b = [0u64; 64];
        for (r, x) in b.iter_mut().enumerate().take(n.saturating_sub(bi * 64)) {
            *x = m[(bi * 64 + r) * words + bj];
        }
        b
    };
    for bi in 0..words {
        for bj in bi..words {
            // Rows bi*64.. at word bj, and rows bj*64.. at word bi: each
            // is the other's mirror.
            let mut upper = block(rows, bi, bj);
            let mut lower = block(rows, bj, bi);
            transpose_64(&mut lower);
            for (u, l) in upper.iter_mut().zip(&lower) {
                *u |= l;
            }
            lower = upper;
            transpose_64(&mut lower);
            for (r, &x) in upper.iter().enumerate().take(n.saturating_sub(bi * 64)) {
                rows[(bi * 64 + r) * words + bj] = x;
            }
            for (r, &x) in lower.iter().enumerate().take(n.saturating_sub(bj * 64)) {
                rows[(bj * 64 + r) * words + bi] = x;
            }
        }
    }
}

/// Transposes the 64 x 64 bit block `a` (bit `c` of `a[r]` becomes bit
/// `r` of `a[c]`): the quadrants' off-diagonal halves swapped, then each
/// quadrant's, down to single bits.
fn transpose_64(a: &mut [u64; 64]) {
    let mut j = 32;
    let mut mask: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((a[k] >> j) ^ a[k + j]) & mask;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        mask ^= mask << j;
    }
}

/// An incremental maximum cardinality matcher on a dense graph with
/// vertices `0..n`.
///
/// Vertices start *active*; [`CardinalityMatcher::try_fix_pair`] removes a
/// pair from the graph once it is fixed, so later questions concern the
/// remaining vertices only.
#[derive(Clone, Debug)]
pub struct CardinalityMatcher {
    n: usize,
    /// 64-bit words per adjacency row.
    words: usize,
    /// Row `v` is `adj[v * words..(v + 1) * words]`: bit `w` set iff `v`-`w` is an edge.
    adj: Vec<u64>,
    /// Bit `v` set iff `v` is still in the graph.
    active: Vec<u64>,
    mate: Vec<usize>,
    // Scratch of the augmenting-path search, kept to avoid reallocations.
    base: Vec<usize>,
    parent: Vec<usize>,
    outer: Vec<bool>,
    /// Stamp marks (`== stamp` means set) so clearing costs nothing.
    in_blossom: Vec<u32>,
    on_path: Vec<u32>,
    stamp: u32,
    queue: Vec<usize>,
    /// Every vertex in the current alternating tree (outer and inner).
    tree: Vec<usize>,
    row: Vec<u64>,
    /// The unmatched active vertices other than the search root.
    free: Vec<u64>,
}

impl CardinalityMatcher {
    /// The graph on `n` vertices whose edges are the pairs `{u, v}`
    /// (`u < v`) with `adjacent(u, v)`, every vertex active and unmatched.
    pub fn new(n: usize, mut adjacent: impl FnMut(usize, usize) -> bool) -> CardinalityMatcher {
        let words = n.div_ceil(64);
        let mut adj = vec![0u64; n * words];
        for u in 0..n {
            for v in u + 1..n {
                if adjacent(u, v) {
                    adj[u * words + v / 64] |= 1 << (v % 64);
                    adj[v * words + u / 64] |= 1 << (u % 64);
                }
            }
        }
        Self::from_rows(n, adj)
    }

    /// The graph on `n` vertices whose row `v` of `n.div_ceil(64)` words,
    /// `adj[v * words..]`, has bit `u` set iff `u-v` is an edge (symmetric,
    /// no loops), every vertex active and unmatched.
    ///
    /// # Panics
    ///
    /// When `adj` does not hold exactly `n` such rows.
    pub fn from_rows(n: usize, adj: Vec<u64>) -> CardinalityMatcher {
        let words = n.div_ceil(64);
        assert_eq!(adj.len(), n * words, "one row of {words} words per vertex");
        let mut active = vec![0u64; words];
        for v in 0..n {
            active[v / 64] |= 1 << (v % 64);
        }
        CardinalityMatcher {
            n,
            words,
            adj,
            active,
            mate: vec![NONE; n],
            base: (0..n).collect(),
            parent: vec![NONE; n],
            outer: vec![false; n],
            in_blossom: vec![0; n],
            on_path: vec![0; n],
            stamp: 0,
            queue: Vec::with_capacity(n),
            tree: Vec::with_capacity(n),
            row: vec![0; words],
            free: vec![0; words],
        }
    }

    /// The number of vertices (active or not).
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Whether `u`-`v` is an edge.
    pub fn is_edge(&self, u: usize, v: usize) -> bool {
        u < self.n && v < self.n && self.adj[u * self.words + v / 64] >> (v % 64) & 1 == 1
    }

    /// Whether `v` is still in the graph (not removed by a fixed pair).
    pub fn is_active(&self, v: usize) -> bool {
        v < self.n && self.active[v / 64] >> (v % 64) & 1 == 1
    }

    /// The mate of `v` in the current matching.
    pub fn mate(&self, v: usize) -> Option<usize> {
        self.mate.get(v).copied().filter(|&m| m != NONE)
    }

    /// Completes the current matching to a maximum one on the active
    /// vertices (a greedy start, then one augmenting-path search per
    /// unmatched vertex) and returns the number of matched pairs among
    /// the active vertices.
    pub fn maximum_matching(&mut self) -> usize {
        // Greedy start: most vertices of a dense graph are matched here,
        // leaving few (expensive) searches.
        for v in 0..self.n {
            if !self.is_active(v) || self.mate[v] != NONE {
                continue;
            }
            self.load_row(v);
            let found = self.row_iter().find(|&w| self.mate[w] == NONE);
            if let Some(w) = found {
                self.mate[v] = w;
                self.mate[w] = v;
            }
        }
        for v in 0..self.n {
            if self.is_active(v)
                && self.mate[v] == NONE
                && let Some(end) = self.find_augmenting_path(v)
            {
                self.augment(end);
            }
        }
        self.matched_pairs()
    }

    /// The number of matched pairs among the active vertices.
    pub fn matched_pairs(&self) -> usize {
        (0..self.n)
            .filter(|&v| self.is_active(v) && self.mate[v] != NONE && v < self.mate[v])
            .count()
    }

    /// Whether every active vertex is matched.
    pub fn is_perfect(&self) -> bool {
        (0..self.n).all(|v| !self.is_active(v) || self.mate[v] != NONE)
    }

    /// Given a perfect matching of the active vertices, fixes `p`-`q` if
    /// the other active vertices can still be perfectly matched: then `p`
    /// and `q` are matched together, leave the graph, and the rest stays
    /// perfectly matched (returns `true`). Otherwise nothing changes
    /// (returns `false`). Also `false` when `p`-`q` is no edge, either is
    /// inactive or unmatched, or `p == q`.
    ///
    /// Cost: one augmenting-path search between the freed mates, O(n²).
    pub fn try_fix_pair(&mut self, p: usize, q: usize) -> bool {
        if p == q
            || !self.is_edge(p, q)
            || !self.is_active(p)
            || !self.is_active(q)
            || self.mate[p] == NONE
            || self.mate[q] == NONE
        {
            return false;
        }
        if self.mate[p] == q {
            self.deactivate(p);
            self.deactivate(q);
            return true;
        }
        let (p2, q2) = (self.mate[p], self.mate[q]);
        self.deactivate(p);
        self.deactivate(q);
        self.mate[p2] = NONE;
        self.mate[q2] = NONE;
        // The only unmatched active vertices are now p2 and q2, so a path
        // found from p2 necessarily ends at q2.
        if let Some(end) = self.find_augmenting_path(p2) {
            self.augment(end);
            self.mate[p] = q;
            self.mate[q] = p;
            true
        } else {
            self.activate(p);
            self.activate(q);
            self.mate[p2] = p;
            self.mate[p] = p2;
            self.mate[q2] = q;
            self.mate[q] = q2;
            false
        }
    }

    /// Matches `u` with `v` (an edge, both unmatched and active): a
    /// starting matching for [`Self::augment_from`].
    pub fn pair(&mut self, u: usize, v: usize) {
        self.mate[u] = v;
        self.mate[v] = u;
    }

    /// Takes the unmatched vertex `v` out of the graph.
    pub fn remove(&mut self, v: usize) {
        self.deactivate(v);
    }

    /// Augments the matching along a path from the unmatched active vertex
    /// `root`, when there is one (returns whether). O(n²) a search.
    pub fn augment_from(&mut self, root: usize) -> bool {
        match self.find_augmenting_path(root) {
            Some(end) => {
                self.augment(end);
                true
            }
            None => false,
        }
    }

    fn deactivate(&mut self, v: usize) {
        self.active[v / 64] &= !(1 << (v % 64));
    }

    fn activate(&mut self, v: usize) {
        self.active[v / 64] |= 1 << (v % 64);
    }

    /// Copies the active neighbours of `v` into the scratch row.
    fn load_row(&mut self, v: usize) {
        let start = v * self.words;
        for i in 0..self.words {
            self.row[i] = self.adj[start + i] & self.active[i];
        }
    }

    /// The vertices of the scratch row.
    fn row_iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.row.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(i * 64 + b)
            })
        })
    }

    /// Flips the matching along the alternating path ending at the
    /// unmatched vertex `end` (parent pointers lead back to the root).
    fn augment(&mut self, mut v: usize) {
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }

    /// A fresh stamp for the `on_path` / `in_blossom` marks.
    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.on_path.iter_mut().for_each(|x| *x = 0);
            self.in_blossom.iter_mut().for_each(|x| *x = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// Lowest common ancestor of the blossom bases of `a` and `b` in the
    /// alternating tree.
    fn lca(&mut self, mut a: usize, mut b: usize) -> usize {
        let stamp = self.next_stamp();
        loop {
            a = self.base[a];
            self.on_path[a] = stamp;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if self.on_path[b] == stamp {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossom vertices on the tree path from `v` down to base
    /// `b`, re-pointing parents so the odd cycle can be walked both ways.
    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize, stamp: u32) {
        while self.base[v] != b {
            let m = self.mate[v];
            self.in_blossom[self.base[v]] = stamp;
            self.in_blossom[self.base[m]] = stamp;
            self.parent[v] = child;
            child = m;
            v = self.parent[m];
        }
    }

    /// Breadth-first search for an augmenting path from the unmatched
    /// active vertex `root`; returns the unmatched vertex it ends at, with
    /// `parent` describing the path. Blossoms are contracted by relabelling
    /// their vertices' `base`.
    fn find_augmenting_path(&mut self, root: usize) -> Option<usize> {
        for &v in &self.tree {
            self.base[v] = v;
            self.parent[v] = NONE;
            self.outer[v] = false;
        }
        self.tree.clear();
        for i in 0..self.words {
            self.free[i] = self.active[i];
        }
        for v in 0..self.n {
            if self.mate[v] != NONE {
                self.free[v / 64] &= !(1 << (v % 64));
            }
        }
        self.free[root / 64] &= !(1 << (root % 64));
        self.queue.clear();
        self.outer[root] = true;
        self.queue.push(root);
        self.tree.push(root);
        // Two cursors over the queue: every outer vertex is first scanned
        // for an unmatched neighbour and for tree growth only (`grow`),
        // and later for blossoms (`shrink`). Growing the whole frontier
        // first finds most augmenting paths of a dense graph before any
        // contraction; the later full scan keeps the search exact.
        let (mut grow, mut shrink) = (0, 0);
        loop {
            if grow < self.queue.len() {
                let v = self.queue[grow];
                grow += 1;
                if let Some(to) = self.scan(v, root, false) {
                    return Some(to);
                }
            } else if shrink < self.queue.len() {
                let v = self.queue[shrink];
                shrink += 1;
                if let Some(to) = self.scan(v, root, true) {
                    return Some(to);
                }
            } else {
                return None;
            }
        }
    }

    /// Scans the outer vertex `v`: an unmatched neighbour ends the search
    /// (returned); a neighbour outside the tree grows it; with `blossoms`,
    /// an edge to another outer vertex of a different blossom contracts
    /// the odd cycle.
    fn scan(&mut self, v: usize, root: usize, blossoms: bool) -> Option<usize> {
        self.load_row(v);
        for i in 0..self.words {
            let hit = self.row[i] & self.free[i];
            if hit != 0 {
                let to = i * 64 + hit.trailing_zeros() as usize;
                self.parent[to] = v;
                self.tree.push(to);
                return Some(to);
            }
        }
        for i in 0..self.words {
            let mut word = self.row[i] & !self.free[i];
            while word != 0 {
                let to = i * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                let to_is_outer =
                    to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE);
                if to_is_outer {
                    if !blossoms {
                        continue;
                    }
                    // An odd cycle: contract the blossom onto its base.
                    let b = self.lca(v, to);
                    let stamp = self.next_stamp();
                    self.mark_path(v, b, to, stamp);
                    self.mark_path(to, b, v, stamp);
                    // Only tree vertices can belong to the blossom.
                    for k in 0..self.tree.len() {
                        let u = self.tree[k];
                        if self.in_blossom[self.base[u]] == stamp {
                            self.base[u] = b;
                            if !self.outer[u] {
                                self.outer[u] = true;
                                self.queue.push(u);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    self.tree.push(to);
                    let m = self.mate[to];
                    self.outer[m] = true;
                    self.queue.push(m);
                    self.tree.push(m);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn path_of_four_is_perfectly_matched() {
        let m = maximum_cardinality_matching(4, |u, v| v == u + 1);
        assert_eq!(m, vec![Some(1), Some(0), Some(3), Some(2)]);
    }

    #[test]
    fn triangle_leaves_one_vertex() {
        let m = maximum_cardinality_matching(3, |_, _| true);
        assert_eq!(m.iter().filter(|x| x.is_none()).count(), 1);
    }

    #[test]
    fn blossom_is_contracted() {
        // A 5-cycle 0-1-2-3-4 with a pendant 5 on 4 and 6 on 0: greedy
        // matches 0-1, 2-3, 4-5; 6 needs the path through the blossom.
        let edges = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 0),
            (4, 5),
            (0, 6),
            (5, 7),
        ];
        let adj = |u: usize, v: usize| edges.contains(&(u, v)) || edges.contains(&(v, u));
        let mut m = CardinalityMatcher::new(8, adj);
        assert_eq!(m.maximum_matching(), 4);
        assert!(m.is_perfect());
    }

    /// `make_symmetric` ORs the rows with their transpose, bit for bit
    /// as the definition says, on sizes around the word boundaries
    /// (partial blocks on the edges); the 64 x 64 transpose alone too.
    #[test]
    fn rows_are_made_symmetric_block_by_block() {
        let mut below = crate::test_numbers(0x9e37_79b9_7f4a_7c15);
        let mut a = [0u64; 64];
        a.iter_mut().for_each(|w| *w = below(u64::MAX));
        let mut t = a;
        transpose_64(&mut t);
        for (r, row) in a.iter().enumerate() {
            for (c, column) in t.iter().enumerate() {
                assert_eq!(column >> r & 1, row >> c & 1, "{r}-{c}");
            }
        }
        for n in [1usize, 2, 63, 64, 65, 127, 130, 200] {
            let words = n.div_ceil(64);
            let mut m = vec![0u64; n * words];
            for _ in 0..n * 3 {
                let (i, j) = (below(n as u64) as usize, below(n as u64) as usize);
                m[i * words + j / 64] |= 1 << (j % 64);
            }
            let bit = |m: &[u64], i: usize, j: usize| m[i * words + j / 64] >> (j % 64) & 1 == 1;
            let mut sym = m.clone();
            make_symmetric(&mut sym, n);
            for i in 0..n {
                for j in 0..words * 64 {
                    let want = j < n && (bit(&m, i, j) || bit(&m, j, i));
                    assert_eq!(bit(&sym, i, j), want, "n={n} {i}-{j}");
                }
            }
        }
    }
}
