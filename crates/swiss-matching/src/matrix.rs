//! The dense weight matrix of [`crate::DenseMatching`], stored as small ids
//! into a table of distinct values.
//!
//! The engines' weights pack many criteria into wide integers (48 bytes
//! each for `Wide<6>`), but a bracket's pairs take few distinct values: a
//! 4,900-vertex bracket needed 1.15 GB as a plain matrix and needs 48 MB as
//! ids. The ids are two bytes while the table holds fewer than 65,536
//! values, four after: a 9,999-vertex bracket's ids take 200 MB instead of
//! 400, and a row read touches half the memory.

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
    /// Two-byte ids, while the table has room for them.
    Narrow(Interned<u16, W>),
    /// Four-byte ids, once a compaction left more live values than half
    /// of what two bytes number (so that compactions stay rare).
    Wide(Interned<u32, W>),
    /// One value per pair: taken when a compaction finds most weights
    /// distinct (random graphs), where the ids would only add a lookup
    /// that misses the cache.
    Direct(Vec<W>),
}

/// Ids into `values`; id 0 is zero.
#[derive(Clone, Debug)]
struct Interned<I, W> {
    ids: Vec<I>,
    values: Vec<W>,
    /// Direct-mapped by hash: the id a value was last given. A miss only
    /// stores a value twice, which the next compaction undoes.
    recent: Vec<u32>,
    /// Values live after the last compaction.
    live: usize,
    hasher: foldhash::fast::FixedState,
}

/// The width of an id.
trait Id: Copy + Send + Sync + PartialEq + 'static {
    const ZERO: Self;
    /// How many ids this width numbers.
    const LIMIT: usize;
    fn index(self) -> usize;
    /// The id `i`, which is below [`Id::LIMIT`].
    fn at(i: usize) -> Self;
}

impl Id for u16 {
    const ZERO: Self = 0;
    const LIMIT: usize = 1 << 16;
    fn index(self) -> usize {
        usize::from(self)
    }
    fn at(i: usize) -> Self {
        u16::try_from(i).unwrap_or(u16::MAX)
    }
}

impl Id for u32 {
    const ZERO: Self = 0;
    const LIMIT: usize = u32::MAX as usize;
    fn index(self) -> usize {
        self as usize
    }
    fn at(i: usize) -> Self {
        u32::try_from(i).unwrap_or(u32::MAX)
    }
}

/// `$body` with `$s` bound to the interned store of either width, or
/// `$direct` with `$d` bound to the direct store.
macro_rules! by_store {
    ($store:expr, $s:ident => $body:expr, $d:ident => $direct:expr) => {
        match $store {
            Store::Narrow($s) => $body,
            Store::Wide($s) => $body,
            Store::Direct($d) => $direct,
        }
    };
}

/// Most cells (class × weight id) a [`Memo`] keeps: beyond it a row pass
/// does its work on every edge. The ids count the values no pair holds
/// any more until the table is compacted, which in a big bracket is rare
/// (the D.2 and D.1 bonuses leave thousands): a bound of 65,536 cells
/// turned the memo off for a 4,512-player bracket with 17 dual classes
/// and 9,076 ids, and D.1's thousands of cycle searches (a row each) took
/// 0.17 s instead of 0.05 s. Four bytes a cell; a memo grows only to the
/// cells it is asked for, and its pages only as rows touch them.
const MEMO_CELLS: usize = 1 << 20;

/// The class of each key of [`Classes::by`].
pub(crate) type ClassIds<K> = std::collections::HashMap<K, u32, foldhash::fast::FixedState>;

/// The vertices sorted into classes by a row pass (equal duals, say):
/// when the work of the pass on an edge `u-x` depends only on `x`'s class
/// and the edge's weight, [`Matrix::for_edges_memo`] does it once per
/// distinct pair of them in a row. The engines' big brackets have a few
/// dozen weights and a handful of distinct duals: a row of 4,500 edges
/// then needs a few dozen sums of seven-limb weights instead of 4,500.
#[derive(Clone, Debug)]
pub(crate) struct Classes {
    of: Vec<u32>,
    count: usize,
}

impl Classes {
    /// For each vertex `x < n`, the rank of `key(x)` among the distinct
    /// keys in order of first use: vertices with equal keys share a
    /// class. Also returns the class of each key.
    pub(crate) fn by<K: std::hash::Hash + Eq>(
        n: usize,
        key: impl Fn(usize) -> K,
    ) -> (Self, ClassIds<K>) {
        let mut ids = ClassIds::with_hasher(foldhash::fast::FixedState::with_seed(0));
        let of = (0..n)
            .map(|x| {
                let next = u32::try_from(ids.len()).unwrap_or(u32::MAX);
                *ids.entry(key(x)).or_insert(next)
            })
            .collect();
        let count = ids.len();
        (Classes { of, count }, ids)
    }

    /// Puts `x` in `class`, a new class when it equals the number of
    /// classes so far.
    pub(crate) fn set(&mut self, x: usize, class: u32) {
        self.of[x] = class;
        self.count = self.count.max(class as usize + 1);
    }
}

/// What [`Matrix::for_edges_memo`] found for each cell (class, weight id)
/// of the current row: stamped by row, so that nothing is cleared between
/// rows. One per thread.
#[derive(Clone, Debug, Default)]
pub(crate) struct Memo {
    /// Per cell, the row's stamp that tested it shifted up by one, and
    /// the test's result in the lowest bit: one load tells both whether
    /// the cell was tested in this row and what it gave.
    cells: Vec<u32>,
    now: u32,
}

impl Memo {
    /// Starts a row over `cells` cells; false when there are too many to
    /// keep.
    fn begin(&mut self, cells: usize) -> bool {
        if cells > MEMO_CELLS {
            return false;
        }
        if self.cells.len() < cells {
            // Zeroed by the allocator (no stamp is zero), not written.
            self.cells = vec![0; cells];
            self.now = 0;
        }
        self.now += 1;
        if self.now >= 1 << 31 {
            self.cells.fill(0);
            self.now = 1;
        }
        true
    }

    /// The result of the test of `cell` in this row: `test()`, run the
    /// first time the row meets the cell.
    #[inline]
    fn held(&mut self, cell: usize, test: impl FnOnce() -> bool) -> bool {
        let s = self.cells[cell];
        if s >> 1 == self.now {
            return s & 1 == 1;
        }
        let held = test();
        self.cells[cell] = self.now << 1 | u32::from(held);
        held
    }
}

impl<I: Id, W: Weight> Interned<I, W> {
    /// [`Matrix::for_edges_memo`] on this store; false (nothing done) when
    /// the cells are too many.
    #[allow(clippy::too_many_arguments)]
    fn for_edges_memo(
        &self,
        u: usize,
        apart: usize,
        row: std::ops::Range<usize>,
        classes: &Classes,
        memo: &mut Memo,
        test: &mut impl FnMut(usize, W) -> bool,
        each: &mut impl FnMut(usize, W),
    ) -> bool {
        let k = self.values.len();
        if !memo.begin(classes.count.saturating_mul(k)) {
            return false;
        }
        // The weight is read only where a test or a report needs it: most
        // edges need neither.
        for ((x, &id), &c) in self.ids[row].iter().enumerate().zip(&classes.of) {
            if id == I::ZERO {
                continue;
            }
            // A loop is no cell's sample, nor `apart`: tested on their own.
            if x == u || x == apart {
                let wt = self.values[id.index()];
                if test(x, wt) {
                    each(x, wt);
                }
                continue;
            }
            let cell = c as usize * k + id.index();
            if memo.held(cell, || test(x, self.values[id.index()])) {
                each(x, self.values[id.index()]);
            }
        }
        true
    }

    fn new(ids: Vec<I>, values: Vec<W>, recent: usize) -> Self {
        let live = values.len();
        Interned {
            ids,
            values,
            recent: vec![0; recent],
            live,
            hasher: foldhash::fast::FixedState::with_seed(0),
        }
    }

    #[inline]
    fn for_edges(&self, row: std::ops::Range<usize>, mut f: impl FnMut(usize, W)) {
        for (x, &id) in self.ids[row].iter().enumerate() {
            if id != I::ZERO {
                f(x, self.values[id.index()]);
            }
        }
    }

    fn max(&self) -> W {
        let mut used = vec![false; self.values.len()];
        for &id in &self.ids {
            used[id.index()] = true;
        }
        let live = self.values.iter().zip(used).filter(|&(_, u)| u);
        live.map(|(&w, _)| w).max().unwrap_or(W::ZERO)
    }

    /// The id of `w` if the cache knows it, else its cache slot.
    fn cached(&self, w: W) -> Result<usize, usize> {
        let slot = self.hasher.hash_one(w) as usize % self.recent.len();
        let c = self.recent[slot] as usize;
        if c != 0 && self.values[c] == w {
            Ok(c)
        } else {
            Err(slot)
        }
    }

    /// Whether the table is full enough for a compaction (`n` × `n`
    /// pairs), or out of ids.
    fn full(&self, n: usize) -> bool {
        let growth = GROWTH.max(n * n / 16);
        let len = self.values.len();
        len >= (2 * self.live).max(self.live + growth) || len >= I::LIMIT
    }

    /// Appends `w` to the table (it has room), remembered in `slot`.
    fn push(&mut self, w: W, slot: usize) -> usize {
        let id = self.values.len();
        self.values.push(w);
        self.recent[slot] = u32::try_from(id).unwrap_or(0);
        id
    }

    /// Drops the values no pair uses any more (and duplicates the cache
    /// missed). Returns the values pair by pair instead when most pairs
    /// of the `n` × `n` matrix hold distinct values.
    fn compact(&mut self, n: usize) -> Option<Vec<W>> {
        let mut new_id = vec![u32::MAX; self.values.len()];
        let mut used = 0;
        for &id in &self.ids {
            if new_id[id.index()] != 0 {
                new_id[id.index()] = 0;
                used += 1;
            }
        }
        if used > n * n / 8 {
            return Some(self.ids.iter().map(|&id| self.values[id.index()]).collect());
        }
        let mut kept = vec![W::ZERO];
        let mut first = std::collections::HashMap::with_hasher(self.hasher.clone());
        for (old, &w) in self.values.iter().enumerate().skip(1) {
            if new_id[old] == 0 {
                let next = u32::try_from(kept.len()).unwrap_or(u32::MAX);
                let id = *first.entry(w).or_insert(next);
                if id == next {
                    kept.push(w);
                }
                new_id[old] = id;
            }
        }
        for id in self.ids.iter_mut() {
            *id = I::at(new_id[id.index()] as usize);
        }
        self.values = kept;
        self.live = self.values.len();
        self.recent.fill(0);
        None
    }
}

impl<W: Weight> Matrix<W> {
    /// All zero.
    pub(crate) fn new(n: usize) -> Self {
        let recent = (n * n).next_power_of_two().min(RECENT);
        Matrix {
            n,
            store: Store::Narrow(Interned::new(vec![0; n * n], vec![W::ZERO], recent)),
            compactions: 0,
        }
    }

    /// The weight of `u-v`.
    pub(crate) fn get(&self, u: usize, v: usize) -> W {
        let k = u * self.n + v;
        by_store!(&self.store, s => s.values[s.ids[k].index()], d => d[k])
    }

    /// Whether `u-v` is an edge (its weight is not zero).
    pub(crate) fn has(&self, u: usize, v: usize) -> bool {
        let k = u * self.n + v;
        by_store!(&self.store, s => s.ids[k] != Id::ZERO, d => !d[k].is_zero())
    }

    /// Calls `f(x, weight)` for every edge `u-x`, in order of `x`: the
    /// solver's inner loop, with the storage matched once per row.
    #[inline]
    pub(crate) fn for_edges(&self, u: usize, mut f: impl FnMut(usize, W)) {
        let row = u * self.n..(u + 1) * self.n;
        by_store!(&self.store, s => s.for_edges(row, f), d => {
            for (x, &wx) in d[row].iter().enumerate() {
                if !wx.is_zero() {
                    f(x, wx);
                }
            }
        })
    }

    /// Calls `test(x, weight)` for the edges `u-x` in order of `x`, but
    /// once only per cell (class of `x` in `classes`, weight) of the row,
    /// and `each(x, weight)` for every edge whose cell's test held: for a
    /// pass whose work on an edge depends on nothing else (the row's own
    /// dual, say, and `x`'s through its class). A loop `u-u` is tested on
    /// its own, and so is `u-apart` (for a test that treats `apart`
    /// apart; any value that is no vertex for none). In the direct store,
    /// or with too many cells, every edge is tested.
    #[inline]
    pub(crate) fn for_edges_memo(
        &self,
        u: usize,
        apart: usize,
        classes: &Classes,
        memo: &mut Memo,
        mut test: impl FnMut(usize, W) -> bool,
        mut each: impl FnMut(usize, W),
    ) {
        let row = u * self.n..(u + 1) * self.n;
        let done = by_store!(
            &self.store,
            s => s.for_edges_memo(u, apart, row.clone(), classes, memo, &mut test, &mut each),
            _d => false
        );
        if !done {
            self.for_edges(u, |x, wt| {
                if test(x, wt) {
                    each(x, wt);
                }
            });
        }
    }

    /// Writes the id `id` of `w` (or `w` itself, in the direct store) at
    /// index `k`.
    fn put(&mut self, k: usize, id: usize, w: W) {
        match &mut self.store {
            Store::Narrow(s) => s.ids[k] = Id::at(id),
            Store::Wide(s) => s.ids[k] = Id::at(id),
            Store::Direct(m) => m[k] = w,
        }
    }

    /// Sets `u-v` and `v-u`.
    pub(crate) fn set(&mut self, u: usize, v: usize, w: W) {
        let (a, b) = (u * self.n + v, v * self.n + u);
        // Interning may widen the ids or switch the store to direct.
        let id = self.intern(w);
        self.put(a, id, w);
        self.put(b, id, w);
    }

    /// Sets every pair `u < v` (both ways) to `f(u, v)`, row by row: a
    /// run of equal values is interned once, and the lower triangle is
    /// copied tile by tile afterwards, instead of one write per pair
    /// across the rows (a cache and TLB miss each on big matrices).
    pub(crate) fn fill(&mut self, mut f: impl FnMut(usize, usize) -> W) {
        let n = self.n;
        // The last value interned, its id, and the compaction count then.
        let mut last: Option<(W, usize, u64)> = None;
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
                self.put(k, id, w);
            }
        }
        by_store!(&mut self.store, s => mirror(&mut s.ids, n), d => mirror(d, n));
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
        let ids: Vec<usize> = palette.iter().map(|&w| self.intern(w)).collect();
        if self.compactions != before {
            // A compaction renumbered the first ids: no shortcut.
            self.fill(|u, v| palette[index(u, v)]);
            return;
        }
        let n = self.n;
        match &mut self.store {
            Store::Narrow(s) => fill_ids(&mut s.ids, n, &ids, index),
            Store::Wide(s) => fill_ids(&mut s.ids, n, &ids, index),
            Store::Direct(m) => {
                upper_rows(m, n, |u, v| palette[index(u, v)]);
                mirror(m, n);
            }
        }
    }

    /// Sets every pair to `palette[i]`, where `row(u, out)` writes the
    /// palette index `i` of each pair `u-v` into `out[v]` (`out` holds `n`
    /// entries; `out[u]` is not read). `row` must give `u-v` and `v-u`
    /// the same index. Each row is filled whole, in parallel, so no
    /// mirror pass follows: a caller that computes a row at once (a
    /// player's pairs from a few classes) writes the matrix at memory
    /// speed.
    pub(crate) fn fill_rows(&mut self, palette: &[W], row: impl Fn(usize, &mut [u32]) + Sync) {
        let before = self.compactions;
        let ids: Vec<usize> = palette.iter().map(|&w| self.intern(w)).collect();
        let n = self.n;
        if self.compactions != before {
            // A compaction renumbered the first ids: no shortcut. `fill`
            // asks for the pairs row by row, so one row is kept at a time.
            let (mut out, mut at) = (vec![0; n], None);
            self.fill(|u, v| {
                if at != Some(u) {
                    row(u, &mut out);
                    at = Some(u);
                }
                palette[out[v] as usize]
            });
            return;
        }
        by_store!(
            &mut self.store,
            s => {
                let ids: Vec<_> = ids.iter().map(|&id| Id::at(id)).collect();
                fill_palette_rows(&mut s.ids, n, &ids, Id::ZERO, row)
            },
            m => fill_palette_rows(m, n, palette, W::ZERO, row)
        );
    }

    /// Removes every edge `u-x` with `x < u` whose `class[x]` is a bit of
    /// `cut(u).0`, or with `x > u` whose class is a bit of `cut(u).1`
    /// (`class` holds one entry below 8 per vertex), row by row in
    /// parallel. Returns for each vertex whether `flag(u, x)` held for an
    /// edge `u-x` removed.
    pub(crate) fn remove_by_class(
        &mut self,
        class: &[u8],
        cut: impl Fn(usize) -> (u8, u8) + Sync,
        flag: impl Fn(usize, usize) -> bool + Sync,
    ) -> Vec<bool> {
        let n = self.n;
        let mut flags = vec![false; n];
        by_store!(
            &mut self.store,
            s => clear_rows_by_class(&mut s.ids, n, Id::ZERO, class, &cut, &flag, &mut flags),
            m => clear_rows_by_class(m, n, W::ZERO, class, &cut, &flag, &mut flags)
        );
        flags
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
        by_store!(
            &mut self.store,
            s => clear_rows(&mut s.ids, n, Id::ZERO, among, &remove, &flag, &mut flags),
            m => clear_rows(m, n, W::ZERO, among, &remove, &flag, &mut flags)
        );
        flags
    }

    /// The largest weight.
    pub(crate) fn max(&self) -> W {
        by_store!(&self.store, s => s.max(), w => w.iter().copied().max().unwrap_or(W::ZERO))
    }

    /// The same matrix with every weight `x` replaced by `f(x)` (zero
    /// stays zero).
    pub(crate) fn map(&self, f: impl Fn(W) -> W) -> Matrix<W> {
        let mut m = self.clone();
        by_store!(&mut m.store, s => {
            for x in s.values.iter_mut().skip(1) {
                *x = f(*x);
            }
            s.recent.fill(0);
        }, w => {
            for x in w.iter_mut().filter(|x| !x.is_zero()) {
                *x = f(*x);
            }
        });
        m
    }

    /// Before a solve: a table with more values than an eighth of the
    /// pairs is compacted, which stores the values directly when most of
    /// them differ.
    pub(crate) fn settle(&mut self) {
        let len = by_store!(&self.store, s => s.values.len(), _d => return);
        if len > (self.n * self.n / 8).max(1 << 12) {
            self.compact();
        }
    }

    /// The id of `w` in the table (0 in the direct store).
    fn intern(&mut self, w: W) -> usize {
        if w.is_zero() {
            return 0;
        }
        let n = self.n;
        let (cached, full) = by_store!(&self.store, s => (s.cached(w), s.full(n)), _d => return 0);
        let slot = match cached {
            Ok(id) => return id,
            Err(slot) => slot,
        };
        if full {
            self.compact();
            return self.intern(w);
        }
        by_store!(&mut self.store, s => s.push(w, slot), _d => 0)
    }

    /// Drops the values no pair uses any more; stores the values directly
    /// when most pairs turn out to hold distinct values, and widens
    /// two-byte ids when the live values fill more than half of them.
    fn compact(&mut self) {
        let n = self.n;
        if let Some(direct) = by_store!(&mut self.store, s => s.compact(n), _d => return) {
            self.store = Store::Direct(direct);
        } else if let Store::Narrow(s) = &mut self.store
            && s.live > u16::LIMIT / 2
        {
            let ids = s.ids.iter().map(|&id| u32::from(id)).collect();
            let values = std::mem::take(&mut s.values);
            self.store = Store::Wide(Interned::new(ids, values, s.recent.len()));
        }
        self.compactions += 1;
    }
}

/// The upper triangle of the ids `m` of an `n` × `n` matrix set to
/// `ids[index(u, v)]`, then mirrored.
fn fill_ids<I: Id>(
    m: &mut [I],
    n: usize,
    ids: &[usize],
    index: impl Fn(usize, usize) -> usize + Sync,
) {
    let ids: Vec<I> = ids.iter().map(|&id| I::at(id)).collect();
    upper_rows(m, n, |u, v| ids[index(u, v)]);
    mirror(m, n);
}

/// [`Matrix::fill_rows`] on a store of `T` whose `zero` is no edge:
/// `table[i]` is what palette entry `i` stores (its id, or the weight
/// itself in the direct store).
fn fill_palette_rows<T: Copy + Send + Sync>(
    m: &mut [T],
    n: usize,
    table: &[T],
    zero: T,
    row: impl Fn(usize, &mut [u32]) + Sync,
) {
    crate::each_row_scratch(m, n, n, |u, r, out: &mut Vec<u32>| {
        out.resize(n, 0);
        row(u, out);
        for (x, &i) in r.iter_mut().zip(out.iter()) {
            *x = table[i as usize];
        }
        r[u] = zero;
    });
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
                // The flag only until it holds.
                if !*f {
                    *f = flag(u, x);
                }
                *e = zero;
            }
        }
    });
}

/// [`Matrix::remove_by_class`] on a store of `T` whose `zero` is no
/// edge: one bit test per edge, the flag asked only until it holds (as
/// in [`clear_rows`]).
fn clear_rows_by_class<T: Copy + PartialEq + Send + Sync>(
    m: &mut [T],
    n: usize,
    zero: T,
    class: &[u8],
    cut: &(impl Fn(usize) -> (u8, u8) + Sync),
    flag: &(impl Fn(usize, usize) -> bool + Sync),
    flags: &mut [bool],
) {
    crate::each_row_with(m, n, flags, n, |u, r, f| {
        let (below, above) = cut(u);
        for (side, mask) in [(0..u, below), (u + 1..n, above)] {
            if mask == 0 {
                continue;
            }
            let start = side.start;
            for (k, (e, &c)) in r[side].iter_mut().zip(&class[start..]).enumerate() {
                if mask >> c & 1 == 1 && *e != zero {
                    if !*f {
                        *f = flag(u, start + k);
                    }
                    *e = zero;
                }
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
    fn check(n: usize, rounds: u64, value: impl Fn(usize, usize, u64) -> u64, store: Kind) {
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
        match (&m.store, store) {
            (Store::Direct(_), Kind::Direct) => {}
            (Store::Narrow(s), Kind::Narrow) => assert!(s.live > 1, "never compacted"),
            (Store::Wide(s), Kind::Wide) => assert!(s.live > 1, "never compacted"),
            (_, want) => panic!("not the {want:?} store"),
        }
    }

    #[derive(Debug, Clone, Copy)]
    enum Kind {
        Narrow,
        Wide,
        Direct,
    }

    /// `fill`, `fill_from` and `fill_rows` give the matrix that setting
    /// each pair gives, with few values (runs of equal ones, zeros) and
    /// with mostly distinct ones (compactions, the switch to the direct
    /// store in the middle of a fill; for `fill_rows`, a palette whose
    /// interning compacts), over a matrix set before.
    #[test]
    fn fills_equal_pair_by_pair_sets() {
        // Enough distinct values to compact in the middle of a fill, and
        // few enough pairs that the first compaction (at 65,536 values,
        // the two-byte ids' limit) finds most of them distinct.
        let n = 700;
        let few = |u: usize, v: usize| ((u / 7 + v / 5) % 4) as u64 * 10;
        let many = |u: usize, v: usize| (u * 1_000 + v) as u64 + 1;
        for (value, palette_size) in [
            (&few as &(dyn Fn(usize, usize) -> u64 + Sync), 4),
            (&many, 0),
        ] {
            let mut want = Matrix::<u64>::new(n);
            let mut filled = Matrix::<u64>::new(n);
            let mut from = Matrix::<u64>::new(n);
            let mut rows = Matrix::<u64>::new(n);
            for m in [&mut want, &mut filled, &mut from, &mut rows] {
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
                rows.fill_rows(&palette, |u, out| {
                    for (v, x) in out.iter_mut().enumerate() {
                        *x = (value(u.min(v), u.max(v)) / 10) as u32;
                    }
                });
            } else {
                let every: Vec<u64> = (0..=value(n - 1, n - 1)).collect();
                rows.fill_rows(&every, |u, out| {
                    for (v, x) in out.iter_mut().enumerate() {
                        *x = value(u.min(v), u.max(v)) as u32;
                    }
                });
            }
            for u in 0..n {
                for v in 0..n {
                    assert_eq!(filled.get(u, v), want.get(u, v), "{u}-{v}");
                    assert_eq!(rows.get(u, v), want.get(u, v), "rows {u}-{v}");
                    if palette_size > 0 {
                        assert_eq!(from.get(u, v), want.get(u, v), "{u}-{v}");
                    }
                }
            }
        }
    }

    /// `for_edges_memo` reports the edges whose test holds, as testing
    /// every edge does, and tests each (class, weight) cell of a row once
    /// (loops and `apart` on their own, whose test differs from their
    /// cell's), with one memo across rows whose tests differ.
    #[test]
    fn memo_tests_each_cell_once_and_reports_every_edge() {
        let few = |u: usize, v: usize| ((u / 3 + v / 4) % 5) as u64 * 7;
        let many = |u: usize, v: usize| (u * 1_000 + v) as u64 + 1;
        for (n, value) in [(60, &few as &dyn Fn(usize, usize) -> u64), (700, &many)] {
            let mut m = Matrix::<u64>::new(n);
            m.fill(value);
            m.set(5, 5, 14);
            let interned = !matches!(m.store, Store::Direct(_));
            assert_eq!(interned, n == 60);
            let (classes, _) = Classes::by(n, |x| x % 3);
            let mut memo = Memo::default();
            for u in 0..n {
                let apart = (u + 7) % n;
                let holds = |x: usize, w: u64| {
                    (x == apart) == (w / 7 + (x % 3) as u64 + u as u64).is_multiple_of(3)
                };
                let (mut want, mut edges) = (Vec::new(), 0);
                m.for_edges(u, |x, w| {
                    edges += 1;
                    if holds(x, w) {
                        want.push(x);
                    }
                });
                let mut tested = Vec::new();
                let mut got = Vec::new();
                let test = |x: usize, w: u64| {
                    tested.push((x == u, x == apart, x % 3, w));
                    holds(x, w)
                };
                m.for_edges_memo(u, apart, &classes, &mut memo, test, |x, _| got.push(x));
                assert_eq!(got, want, "row {u}");
                let mut cells = tested.clone();
                cells.sort_unstable();
                cells.dedup();
                if interned {
                    assert_eq!(cells.len(), tested.len(), "row {u}: a cell tested twice");
                } else {
                    assert_eq!(tested.len(), edges, "row {u}: an edge untested");
                }
            }
        }
    }

    /// A big bracket's table after D.2 and D.1: a few live values, and
    /// thousands of ids of values no pair holds any more (no compaction
    /// yet). Its rows still go by the memo, each cell tested once, with
    /// 17 classes of duals, as in a 4,512-player bracket whose thousands
    /// of D.1 cycle searches each test a row.
    #[test]
    fn memo_serves_a_table_with_many_dead_ids() {
        let n = 200;
        let mut m = Matrix::<u64>::new(n);
        m.fill(|u, v| ((u + v) % 4) as u64 + 1);
        // A bonus set and taken back, pair after pair: 9,000 dead ids.
        for k in 0..9_000 {
            let (u, v) = (k % n, (k * 7 + 1) % n);
            if u != v {
                let w = m.get(u, v);
                m.set(u, v, 100 + k as u64);
                m.set(u, v, w);
            }
        }
        let ids = by_store!(&m.store, s => s.values.len(), _d => 0);
        assert!(ids > 9_000, "{ids} ids: the table was compacted");
        let (classes, _) = Classes::by(n, |x| x % 17);
        let mut memo = Memo::default();
        for u in 0..n {
            let mut tested = Vec::new();
            let (mut seen, mut edges) = (0, 0);
            m.for_edges(u, |_, _| edges += 1);
            let test = |x: usize, w: u64| {
                tested.push((x == u, x % 17, w));
                true
            };
            m.for_edges_memo(u, usize::MAX, &classes, &mut memo, test, |_, _| seen += 1);
            assert_eq!(seen, edges, "row {u}: an edge unreported");
            let mut cells = tested.clone();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(
                cells.len(),
                tested.len(),
                "row {u}: no memo, or a cell tested twice"
            );
            assert!(
                tested.len() <= 17 * 4 + 1,
                "row {u}: {} tests",
                tested.len()
            );
        }
    }

    /// Few distinct values, overwritten often: the table is compacted and
    /// the ids stay right.
    #[test]
    fn repeated_values_survive_compaction() {
        check(
            600,
            20,
            |u, v, r| (u * 7 + v * 13) as u64 % 20_000 + 1 + r * 20_000,
            Kind::Narrow,
        );
    }

    /// More live values than half of what two-byte ids number, too few
    /// for the direct store: the ids widen to four bytes and stay right.
    #[test]
    fn many_live_values_widen_the_ids() {
        check(
            1_000,
            1,
            |u, v, _| (u * 1_000 + v) as u64 % 36_000 + 1,
            Kind::Wide,
        );
    }

    /// Mostly distinct values: the matrix stores them directly.
    #[test]
    fn distinct_values_switch_to_direct() {
        check(
            600,
            3,
            |u, v, r| (u * 1_000 + v) as u64 * 4 + r + 1,
            Kind::Direct,
        );
    }
}
