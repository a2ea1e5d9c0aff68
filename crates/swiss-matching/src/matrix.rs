//! The dense weight matrix of [`crate::DenseMatching`], stored as small ids
//! into a table of distinct values.
//!
//! The engines' weights pack many criteria into wide integers (48 bytes
//! each for `Wide<6>`), but a bracket's pairs take few distinct values: a
//! 4,900-vertex bracket needed 1.15 GB as a plain matrix and needs 96 MB as
//! ids. Reading a row also touches 4 bytes a vertex instead of the width.

use std::hash::BuildHasher;

use crate::weight::Weight;

/// Most slots of the cache that finds the id of a value set before.
const RECENT: usize = 1 << 16;
/// The table is compacted when it holds this many values (or a sixteenth
/// of the pairs, if more) beyond those live at the last compaction, and at
/// least twice as many: the O(n²) pass then costs O(1) a value set.
const GROWTH: usize = 1 << 18;

/// A symmetric `n` × `n` matrix of weights, zero meaning "no edge".
#[derive(Clone, Debug)]
pub(crate) struct Matrix<W> {
    n: usize,
    store: Store<W>,
    /// Compactions so far: an id kept across one may be stale.
    compactions: u64,
}

#[derive(Clone, Debug)]
enum Store<W> {
    /// Ids into `values`; id 0 is zero.
    Ids {
        ids: Vec<u32>,
        values: Vec<W>,
        /// Direct-mapped by hash: the id a value was last given. A miss
        /// only stores a value twice, which the next compaction undoes.
        recent: Vec<u32>,
        /// Values live after the last compaction.
        live: usize,
        hasher: foldhash::fast::FixedState,
    },
    /// One value per pair: taken when a compaction finds most weights
    /// distinct (random graphs), where the ids would only add a lookup
    /// that misses the cache.
    Direct(Vec<W>),
}

impl<W: Weight> Matrix<W> {
    /// All zero.
    pub(crate) fn new(n: usize) -> Self {
        Matrix {
            n,
            store: Store::Ids {
                ids: vec![0; n * n],
                values: vec![W::ZERO],
                recent: vec![0; (n * n).next_power_of_two().min(RECENT)],
                live: 1,
                hasher: foldhash::fast::FixedState::with_seed(0),
            },
            compactions: 0,
        }
    }

    /// The weight of `u-v`.
    pub(crate) fn get(&self, u: usize, v: usize) -> W {
        let k = u * self.n + v;
        match &self.store {
            Store::Ids { ids, values, .. } => values[ids[k] as usize],
            Store::Direct(w) => w[k],
        }
    }

    /// Whether `u-v` is an edge (its weight is not zero).
    pub(crate) fn has(&self, u: usize, v: usize) -> bool {
        let k = u * self.n + v;
        match &self.store {
            Store::Ids { ids, .. } => ids[k] != 0,
            Store::Direct(w) => !w[k].is_zero(),
        }
    }

    /// Calls `f(x, weight)` for every edge `u-x`, in order of `x`: the
    /// solver's inner loop, with the storage matched once per row.
    #[inline]
    pub(crate) fn for_edges(&self, u: usize, mut f: impl FnMut(usize, W)) {
        let row = u * self.n..(u + 1) * self.n;
        match &self.store {
            Store::Ids { ids, values, .. } => {
                for (x, &id) in ids[row].iter().enumerate() {
                    if id != 0 {
                        f(x, values[id as usize]);
                    }
                }
            }
            Store::Direct(w) => {
                for (x, &wx) in w[row].iter().enumerate() {
                    if !wx.is_zero() {
                        f(x, wx);
                    }
                }
            }
        }
    }

    /// Sets `u-v` and `v-u`.
    pub(crate) fn set(&mut self, u: usize, v: usize, w: W) {
        let (a, b) = (u * self.n + v, v * self.n + u);
        // Interning may switch the store to direct.
        let id = self.intern(w);
        match &mut self.store {
            Store::Ids { ids, .. } => {
                ids[a] = id;
                ids[b] = id;
            }
            Store::Direct(m) => {
                m[a] = w;
                m[b] = w;
            }
        }
    }

    /// Sets every pair `u < v` (both ways) to `f(u, v)`, row by row: a
    /// run of equal values is interned once, and the lower triangle is
    /// copied tile by tile afterwards, instead of one write per pair
    /// across the rows (a cache and TLB miss each on big matrices).
    pub(crate) fn fill(&mut self, mut f: impl FnMut(usize, usize) -> W) {
        let n = self.n;
        // The last value interned, its id, and the compaction count then.
        let mut last: Option<(W, u32, u64)> = None;
        for u in 0..n {
            for v in u + 1..n {
                let w = f(u, v);
                let k = u * n + v;
                if let Store::Direct(m) = &mut self.store {
                    m[k] = w;
                    continue;
                }
                let id = match last {
                    Some((lw, id, c)) if lw == w && c == self.compactions => id,
                    _ => {
                        let id = self.intern(w);
                        last = Some((w, id, self.compactions));
                        id
                    }
                };
                match &mut self.store {
                    Store::Ids { ids, .. } => ids[k] = id,
                    Store::Direct(m) => m[k] = w,
                }
            }
        }
        match &mut self.store {
            Store::Ids { ids, .. } => mirror(ids, n),
            Store::Direct(m) => mirror(m, n),
        }
    }

    /// Sets every pair `u < v` (both ways) to `palette[index(u, v)]`:
    /// [`Matrix::fill`] with each value of the palette interned once.
    /// The rows are filled in parallel (`index` is called from several
    /// threads): the engines' biggest brackets have 20 million pairs.
    pub(crate) fn fill_from(
        &mut self,
        palette: &[W],
        index: impl Fn(usize, usize) -> usize + Sync,
    ) {
        let before = self.compactions;
        let ids: Vec<u32> = palette.iter().map(|&w| self.intern(w)).collect();
        let n = self.n;
        match &mut self.store {
            // A compaction renumbered the first ids: no shortcut.
            Store::Ids { .. } if self.compactions != before => {
                self.fill(|u, v| palette[index(u, v)]);
            }
            Store::Ids { ids: m, .. } => {
                upper_rows(m, n, |u, v| ids[index(u, v)]);
                mirror(m, n);
            }
            Store::Direct(m) => {
                upper_rows(m, n, |u, v| palette[index(u, v)]);
                mirror(m, n);
            }
        }
    }

    /// Removes every edge `u-x` with `u` and `x` both in `among` (a mask)
    /// and `remove(u, x)`, a symmetric test, row by row in parallel.
    /// Returns for each vertex whether `flag(u, x)` held for an edge `u-x`
    /// removed.
    pub(crate) fn remove_among(
        &mut self,
        among: &[bool],
        remove: impl Fn(usize, usize) -> bool + Sync,
        flag: impl Fn(usize, usize) -> bool + Sync,
    ) -> Vec<bool> {
        let n = self.n;
        let mut flags = vec![false; n];
        match &mut self.store {
            Store::Ids { ids, .. } => {
                clear_rows(ids, n, 0, among, &remove, &flag, &mut flags);
            }
            Store::Direct(m) => clear_rows(m, n, W::ZERO, among, &remove, &flag, &mut flags),
        }
        flags
    }

    /// The largest weight.
    pub(crate) fn max(&self) -> W {
        match &self.store {
            Store::Ids { ids, values, .. } => {
                let mut used = vec![false; values.len()];
                for &id in ids {
                    used[id as usize] = true;
                }
                let live = values.iter().zip(used).filter(|&(_, u)| u);
                live.map(|(&w, _)| w).max().unwrap_or(W::ZERO)
            }
            Store::Direct(w) => w.iter().copied().max().unwrap_or(W::ZERO),
        }
    }

    /// The same matrix with every weight `x` replaced by `f(x)` (zero
    /// stays zero).
    pub(crate) fn map(&self, f: impl Fn(W) -> W) -> Matrix<W> {
        let mut m = self.clone();
        match &mut m.store {
            Store::Ids { values, recent, .. } => {
                for x in values.iter_mut().skip(1) {
                    *x = f(*x);
                }
                recent.fill(0);
            }
            Store::Direct(w) => {
                for x in w.iter_mut().filter(|x| !x.is_zero()) {
                    *x = f(*x);
                }
            }
        }
        m
    }

    /// Before a solve: a table with more values than an eighth of the
    /// pairs is compacted, which stores the values directly when most of
    /// them differ.
    pub(crate) fn settle(&mut self) {
        if let Store::Ids { values, .. } = &self.store
            && values.len() > (self.n * self.n / 8).max(1 << 12)
        {
            self.compact();
        }
    }

    /// The id of `w` in the table (the ids store only).
    fn intern(&mut self, w: W) -> u32 {
        if w.is_zero() {
            return 0;
        }
        let Store::Ids {
            values,
            recent,
            live,
            hasher,
            ..
        } = &mut self.store
        else {
            return 0;
        };
        let slot = hasher.hash_one(w) as usize % recent.len();
        let c = recent[slot];
        if c != 0 && values[c as usize] == w {
            return c;
        }
        let growth = GROWTH.max(self.n * self.n / 16);
        if values.len() >= (2 * *live).max(*live + growth) {
            self.compact();
            if matches!(self.store, Store::Direct(_)) {
                return 0;
            }
            return self.intern(w);
        }
        let id = u32::try_from(values.len()).unwrap_or(u32::MAX);
        values.push(w);
        recent[slot] = id;
        id
    }

    /// Drops the values no pair uses any more (and duplicates the cache
    /// missed); when most pairs turn out to hold distinct values, stores
    /// the values directly instead.
    fn compact(&mut self) {
        let Store::Ids {
            ids,
            values,
            recent,
            live,
            hasher,
        } = &mut self.store
        else {
            return;
        };
        let mut new_id = vec![u32::MAX; values.len()];
        let mut used = 0;
        for &id in ids.iter() {
            if new_id[id as usize] != 0 {
                new_id[id as usize] = 0;
                used += 1;
            }
        }
        if used > self.n * self.n / 8 {
            let direct = ids.iter().map(|&id| values[id as usize]).collect();
            self.store = Store::Direct(direct);
            return;
        }
        let mut kept = vec![W::ZERO];
        let mut first = std::collections::HashMap::with_hasher(hasher.clone());
        for (old, &w) in values.iter().enumerate().skip(1) {
            if new_id[old] == 0 {
                let next = u32::try_from(kept.len()).unwrap_or(u32::MAX);
                let id = *first.entry(w).or_insert(next);
                if id == next {
                    kept.push(w);
                }
                new_id[old] = id;
            }
        }
        for id in ids.iter_mut() {
            *id = new_id[*id as usize];
        }
        *values = kept;
        *live = values.len();
        recent.fill(0);
        self.compactions += 1;
    }
}

/// Sets `m[u][v] = f(u, v)` for every `u < v` of the `n` × `n` matrix
/// `m`, row by row ([`crate::each_row`]).
fn upper_rows<T: Copy + Send>(m: &mut [T], n: usize, f: impl Fn(usize, usize) -> T + Sync) {
    crate::each_row(m, n, n, |u, row| {
        for (v, x) in row.iter_mut().enumerate().skip(u + 1) {
            *x = f(u, v);
        }
    });
}

/// [`Matrix::remove_among`] on a store of `T` whose `zero` is no edge.
fn clear_rows<T: Copy + PartialEq + Send + Sync>(
    m: &mut [T],
    n: usize,
    zero: T,
    among: &[bool],
    remove: &(impl Fn(usize, usize) -> bool + Sync),
    flag: &(impl Fn(usize, usize) -> bool + Sync),
    flags: &mut [bool],
) {
    crate::each_row_with(m, n, flags, n, |u, r, f| {
        if !among[u] {
            return;
        }
        for (x, e) in r.iter_mut().enumerate() {
            if *e != zero && x != u && among[x] && remove(u, x) {
                *f |= flag(u, x);
                *e = zero;
            }
        }
    });
}

/// Copies the upper triangle of the `n` × `n` matrix `m` to the lower,
/// in square tiles, so that both the rows read and the columns written
/// stay in cache.
fn mirror<T: Copy>(m: &mut [T], n: usize) {
    const TILE: usize = 64;
    for u0 in (0..n).step_by(TILE) {
        for v0 in (u0..n).step_by(TILE) {
            for u in u0..(u0 + TILE).min(n) {
                for v in v0.max(u + 1)..(v0 + TILE).min(n) {
                    m[v * n + u] = m[u * n + v];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sets every pair `rounds` times with `value(u, v, round)` (zero on
    /// every seventh pair, and every fifth pair only in round 0), then
    /// checks every pair and which store the matrix ended in.
    fn check(rounds: u64, value: impl Fn(usize, usize, u64) -> u64, direct: bool) {
        let n = 600;
        let kept = |u: usize, v: usize| (u + v) % 5 == 1;
        let want = |u: usize, v: usize| {
            if (u + v).is_multiple_of(7) {
                0
            } else if kept(u, v) {
                value(u, v, 0)
            } else {
                value(u, v, rounds - 1)
            }
        };
        let mut m = Matrix::<u64>::new(n);
        for round in 0..rounds {
            for u in 0..n {
                for v in u + 1..n {
                    if round == 0 || !kept(u, v) {
                        let w = if (u + v).is_multiple_of(7) {
                            0
                        } else {
                            value(u, v, round)
                        };
                        m.set(u, v, w);
                    }
                }
            }
        }
        for u in 0..n {
            for v in u + 1..n {
                let w = want(u, v);
                assert_eq!((m.get(u, v), m.get(v, u)), (w, w), "{u}-{v}");
                assert_eq!(m.has(u, v), w != 0);
            }
        }
        let max = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| want(u, v)))
            .max();
        assert_eq!(Some(m.max()), max);
        match m.store {
            Store::Direct(_) => assert!(direct, "switched to direct"),
            Store::Ids { live, .. } => assert!(!direct && live > 1, "never compacted"),
        }
    }

    /// `fill` and `fill_from` give the matrix that setting each pair
    /// gives, with few values (runs of equal ones, zeros) and with
    /// mostly distinct ones (compactions, the switch to the direct
    /// store in the middle of a fill), over a matrix set before.
    #[test]
    fn fills_equal_pair_by_pair_sets() {
        // Enough distinct values to compact in the middle of a fill.
        let n = 800;
        let few = |u: usize, v: usize| ((u / 7 + v / 5) % 4) as u64 * 10;
        let many = |u: usize, v: usize| (u * 1_000 + v) as u64 + 1;
        for (value, palette_size) in [
            (&few as &(dyn Fn(usize, usize) -> u64 + Sync), 4),
            (&many, 0),
        ] {
            let mut want = Matrix::<u64>::new(n);
            let mut filled = Matrix::<u64>::new(n);
            let mut from = Matrix::<u64>::new(n);
            for m in [&mut want, &mut filled, &mut from] {
                for u in 0..n {
                    m.set(u, (u * 7 + 1) % n, 3);
                }
            }
            for u in 0..n {
                for v in u + 1..n {
                    want.set(u, v, value(u, v));
                }
            }
            filled.fill(value);
            if palette_size == 0 {
                assert!(matches!(filled.store, Store::Direct(_)), "no switch");
            }
            let palette: Vec<u64> = (0..palette_size).map(|k| k * 10).collect();
            if palette_size > 0 {
                from.fill_from(&palette, |u, v| (value(u, v) / 10) as usize);
            }
            for u in 0..n {
                for v in 0..n {
                    assert_eq!(filled.get(u, v), want.get(u, v), "{u}-{v}");
                    if palette_size > 0 {
                        assert_eq!(from.get(u, v), want.get(u, v), "{u}-{v}");
                    }
                }
            }
        }
    }

    /// Few distinct values, overwritten often: the table is compacted and
    /// the ids stay right.
    #[test]
    fn repeated_values_survive_compaction() {
        check(
            20,
            |u, v, r| (u * 7 + v * 13) as u64 % 20_000 + 1 + r * 20_000,
            false,
        );
    }

    /// Mostly distinct values: the matrix stores them directly.
    #[test]
    fn distinct_values_switch_to_direct() {
        check(3, |u, v, r| (u * 1_000 + v) as u64 * 4 + r + 1, true);
    }
}
