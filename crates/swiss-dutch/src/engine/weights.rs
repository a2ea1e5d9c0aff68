//! The machinery under the packed weights: wide values put in place, the
//! PSD fields (C.04.3 A.8) and the store of a bracket's original edge
//! weights. Which criteria the weights hold, and in which order, is the
//! business of each edition's file under `criteria/`.

use std::collections::HashMap;

use swiss_core::Colour;
use swiss_matching::Wide;

use super::bracket::Bracket;
use super::criteria::EditionRules;

/// Bits needed to write `x`.
pub(crate) fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// `v << pos` as a wide value (`v` below 2^8: it never needs more than two
/// limbs).
pub(crate) fn put<const N: usize>(v: u64, pos: u32) -> Wide<N> {
    let mut limbs = [0; N];
    let (k, b) = ((pos / 64) as usize, pos % 64);
    if let Some(x) = limbs.get_mut(k) {
        *x = v << b;
    }
    if let Some(x) = limbs.get_mut(k + 1).filter(|_| b > 0) {
        *x = v >> (64 - b);
    }
    Wide::from_limbs(limbs)
}

/// The layout of a PSD field (C.04.3 A.8): every score difference (SD)
/// that can occur in a bracket gets a counter wide enough for all its
/// occurrences, the larger differences in the higher bits, so that adding
/// the bits of a pairing's SDs and comparing the sums compares the PSDs
/// lexicographically.
pub(crate) struct ScoreDifferences {
    /// Position of each SD's counter in the field, indexed from
    /// `smallest` (SDs that cannot occur at 0).
    shifts: Vec<u32>,
    smallest: i32,
    /// Width of one field.
    pub(crate) field_bits: u32,
    /// A.8's artificial value: one point (10 tenths) below the lowest score
    /// among the bracket and the players considered with it (the next
    /// scoregroup, or all remaining players for the PPB/CLB).
    artificial: i32,
}

impl ScoreDifferences {
    /// The SDs of a bracket whose positions `0..size` (the first `mdps`
    /// of them MDPs) have the scores `score(i)`, `lowest` being the
    /// lowest score considered: pairs of a bracket player with a resident,
    /// and downfloaters.
    pub(crate) fn new(score: impl Fn(usize) -> i32, mdps: usize, size: usize, lowest: i32) -> Self {
        let artificial = lowest - 10;
        let mut sds = Vec::new();
        for i in 0..size {
            sds.push(score(i) - artificial);
            let first = mdps.max(i + 1);
            for o in first..size {
                if o <= first || score(o) < score(o - 1) {
                    sds.push(score(i) - score(o));
                }
            }
        }
        sds.sort_unstable();
        let smallest = sds.first().copied().unwrap_or(0);
        let span = sds.last().map_or(0, |&x| x - smallest + 1) as usize;
        let mut shifts = vec![0; span];
        let mut field_bits = 0;
        let mut k = 0;
        while k < sds.len() {
            let mut e = k;
            while e < sds.len() && sds[e] == sds[k] {
                e += 1;
            }
            shifts[(sds[k] - smallest) as usize] = field_bits;
            field_bits += bits(e - k);
            k = e;
        }
        ScoreDifferences {
            shifts,
            smallest,
            field_bits,
            artificial,
        }
    }

    /// The bit for the score difference `sd` in the PSD field at `field`.
    pub(crate) fn bit<const N: usize>(&self, field: u32, sd: i32) -> Wide<N> {
        let at = usize::try_from(sd - self.smallest).ok();
        Wide::<N>::bit(field + at.and_then(|k| self.shifts.get(k)).copied().unwrap_or(0))
    }

    /// The SD of a downfloater with pairing score `score` (A.8).
    pub(crate) fn downfloater(&self, score: i32) -> i32 {
        score - self.artificial
    }
}

/// The score fields of the 2026 edition (C.04.3 (2026) C7, C8, C18-C21):
/// every score of the bracket and the next scoregroup gets a counter wide
/// enough for all players of that score, the higher scores in the higher
/// bits, so that adding one bit per player (or pair) counted and comparing
/// the sums compares the counted scores lexicographically, highest first.
#[derive(Default)]
pub(crate) struct ScoreLevels {
    /// The scores, ascending, each with the position of its counter.
    levels: Vec<(i32, u32)>,
    /// Width of one field.
    pub(crate) field_bits: u32,
}

impl ScoreLevels {
    /// The levels of the players with `scores`.
    pub(crate) fn new(scores: impl Iterator<Item = i32>) -> Self {
        let mut all: Vec<i32> = scores.collect();
        all.sort_unstable();
        let mut levels = Vec::new();
        let mut field_bits = 0;
        for run in all.chunk_by(|a, b| a == b) {
            levels.push((run[0], field_bits));
            field_bits += bits(run.len());
        }
        ScoreLevels { levels, field_bits }
    }

    /// The scores, ascending, each with the position of its counter in a
    /// field (the arbiter's comparison reads the counts back).
    pub(crate) fn levels(&self) -> &[(i32, u32)] {
        &self.levels
    }

    /// The bit that counts one player (or pair) of `score` in the field at
    /// `field`.
    pub(crate) fn bit<const N: usize>(&self, field: u32, score: i32) -> Wide<N> {
        let at = match self.levels.binary_search_by_key(&score, |&(s, _)| s) {
            Ok(k) => self.levels[k].1,
            // A score outside the table is never counted: callers only
            // count the bracket's and the next scoregroup's players.
            Err(_) => 0,
        };
        Wide::<N>::bit(field + at)
    }
}

/// The bracket's original weights, beside the matcher's own (re-weighted)
/// matrix. They are looked up on demand rather than stored: a stored copy
/// of a 2,400-player bracket's weights took 118 MB. Only the pairs that
/// the candidate order has ruled out (D.2 exchanges, the fixed S1R) are
/// recorded, one bit per pair of the upper triangle.
///
/// A big bracket asks for the weights of millions of pairs, several times
/// each, but its players fall into few classes of equal
/// [`WeightFacts`](super::criteria::common::WeightFacts): apart from C.1-C.3, which
/// stay a per-pair check, the weight of a pair is a function of the two
/// classes, so it is computed once per ordered pair of classes and then
/// read from `table`.
pub(crate) struct EdgeWeights<'b, 'a, E, const N: usize> {
    bracket: &'b Bracket<'a, E>,
    /// Positions: the bracket's members, or the bracket and its stand-in
    /// ([`EdgeWeights::stand_in_for_next`]).
    len: usize,
    /// The weight of each bracket player's pair with the stand-in (empty
    /// without one).
    stand_in: Vec<Wide<N>>,
    ruled_out: Vec<u64>,
    /// Whether any pair is ruled out yet ([`PaletteRows`] skips the bits
    /// when none is).
    any_ruled_out: bool,
    /// The class of each position (empty without a table).
    class: Vec<u32>,
    classes: usize,
    /// [`Bracket::legal_pair_weight`] of the classes `(higher, lower)` at
    /// `higher * classes + lower`; empty when a table would not pay (more entries
    /// than pairs of players) or be too big ([`MAX_TABLE`]).
    pub(crate) table: Vec<Wide<N>>,
}

/// The most entries an [`EdgeWeights`] table may have: 56 MB of 7-limb
/// weights. Real brackets stay far below (the 9,999-player benchmark
/// rounds have 4 to 17 classes per bracket); beyond it, weights are
/// computed pair by pair.
const MAX_TABLE: usize = 1 << 20;

impl<'b, 'a, E: EditionRules, const N: usize> EdgeWeights<'b, 'a, E, N> {
    /// The weights of `bracket`, nothing ruled out yet.
    pub(crate) fn new(bracket: &'b Bracket<'a, E>) -> Self {
        let n = bracket.members.len();
        let pairs = n * n.saturating_sub(1) / 2;
        let mut ids = HashMap::new();
        let mut representatives = Vec::new();
        let mut class: Vec<u32> = (0..n)
            .map(|i| {
                *ids.entry(bracket.weight_facts(i)).or_insert_with(|| {
                    representatives.push(i);
                    representatives.len() as u32 - 1
                })
            })
            .collect();
        let classes = representatives.len();
        let table: Vec<Wide<N>> = if classes * classes <= MAX_TABLE.min(pairs) {
            representatives
                .iter()
                .flat_map(|&higher| {
                    representatives
                        .iter()
                        .map(move |&lower| bracket.legal_pair_weight(higher, lower))
                })
                .collect()
        } else {
            class = Vec::new();
            Vec::new()
        };
        EdgeWeights {
            bracket,
            len: n,
            stand_in: Vec::new(),
            ruled_out: vec![0; pairs.div_ceil(64)],
            any_ruled_out: false,
            class,
            classes,
            table,
        }
    }

    /// A weight at least that of every pair of bracket players (the
    /// heaviest of the classes' table, or of the pairs themselves).
    pub(crate) fn heaviest(&self) -> Wide<N> {
        if let Some(&w) = self.table.iter().max() {
            return w;
        }
        let size = self.bracket.size;
        (0..size)
            .flat_map(|j| (0..j).map(move |i| (i, j)))
            .map(|(i, j)| self.get(i, j))
            .max()
            .unwrap_or(Wide::ZERO)
    }

    /// The number of positions.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// From now on the players after the bracket are one position, at
    /// [`Bracket::size`], the stand-in of the next scoregroup: its pair
    /// with bracket player `i` weighs `stand_in[i]`. Nothing is ruled out
    /// yet.
    pub(crate) fn stand_in_for_next(&mut self, stand_in: Vec<Wide<N>>) {
        let n = self.bracket.size + 1;
        self.len = n;
        self.stand_in = stand_in;
        self.ruled_out = vec![0; (n * (n - 1) / 2).div_ceil(64)];
        self.any_ruled_out = false;
    }

    fn index(&self, i: usize, j: usize) -> usize {
        let n = self.len;
        let (a, b) = (i.min(j), i.max(j));
        a * (2 * n - a - 1) / 2 + (b - a - 1)
    }

    /// The original weight of `i-j` ([`Bracket::edge_weight`]): zero on
    /// the diagonal, between two MDPs (they are never paired with each
    /// other in their bracket), and for pairs ruled out.
    pub(crate) fn get(&self, i: usize, j: usize) -> Wide<N> {
        let (a, b) = (i.min(j), i.max(j));
        if a == b || b < self.bracket.mdps {
            return Wide::ZERO;
        }
        let k = self.index(a, b);
        if self.ruled_out[k / 64] >> (k % 64) & 1 == 1 {
            return Wide::ZERO;
        }
        if !self.stand_in.is_empty() && b == self.bracket.size {
            return self.stand_in[a];
        }
        if self.table.is_empty() {
            return self.bracket.edge_weight(a, b);
        }
        let members = &self.bracket.members;
        if !self.bracket.absolute.allow(members[a], members[b]) {
            return Wide::ZERO;
        }
        self.table[self.class[a] as usize * self.classes + self.class[b] as usize]
    }

    /// The weights as a palette for
    /// [`DenseMatching::set_all_weights_from`](swiss_matching::DenseMatching::set_all_weights_from):
    /// the table, the stand-in's pairs, zero last. `None` without a table.
    pub(crate) fn palette(&self) -> Option<Vec<Wide<N>>> {
        if self.table.is_empty() {
            return None;
        }
        let mut p = self.table.clone();
        p.extend_from_slice(&self.stand_in);
        p.push(Wide::ZERO);
        Some(p)
    }

    /// The index of [`EdgeWeights::get`]`(i, j)` in
    /// [`EdgeWeights::palette`] (which must be `Some`), pair by pair: the
    /// plain definition that [`PaletteRows`] is tested against.
    #[cfg(test)]
    pub(crate) fn palette_index(&self, i: usize, j: usize) -> usize {
        let zero = self.table.len() + self.stand_in.len();
        let (a, b) = (i.min(j), i.max(j));
        if a == b || b < self.bracket.mdps {
            return zero;
        }
        let k = self.index(a, b);
        if self.ruled_out[k / 64] >> (k % 64) & 1 == 1 {
            return zero;
        }
        if !self.stand_in.is_empty() && b == self.bracket.size {
            return self.table.len() + a;
        }
        let members = &self.bracket.members;
        if !self.bracket.absolute.allow(members[a], members[b]) {
            return zero;
        }
        self.class[a] as usize * self.classes + self.class[b] as usize
    }

    /// From now on `i-j` has weight zero.
    pub(crate) fn rule_out(&mut self, i: usize, j: usize) {
        if i != j {
            let k = self.index(i, j);
            self.ruled_out[k / 64] |= 1 << (k % 64);
            self.any_ruled_out = true;
        }
    }

    /// [`Self::rule_out`] for `a` with every `b` in `bs` (all above `a`):
    /// those pairs lie next to each other in the triangle, so whole words
    /// are set at once (B.6 rules out half of a 4,500-player remainder's
    /// 10 million pairs).
    pub(crate) fn rule_out_above(&mut self, a: usize, bs: std::ops::Range<usize>) {
        if bs.is_empty() {
            return;
        }
        debug_assert!(a < bs.start && bs.end <= self.len);
        let bits = self.index(a, bs.start)..self.index(a, bs.end - 1) + 1;
        set_bits(&mut self.ruled_out, bits);
        self.any_ruled_out = true;
    }

    /// [`Self::palette_index`] a row at a time ([`PaletteRows::row`]).
    pub(crate) fn rows(&self) -> PaletteRows<'_, 'b, 'a, E, N> {
        let b = self.bracket;
        // With a stand-in, position `size` is the stand-in, not a player.
        let players = if self.stand_in.is_empty() {
            self.len
        } else {
            b.size
        };
        let mut at = Vec::with_capacity(players);
        let mut c3 = vec![0u8; self.len];
        for (i, &p) in b.members[..players].iter().enumerate() {
            // Positions fit, as in the lists of `AbsoluteCriteria`.
            at.push((p as u32, i as u32));
            c3[i] = match b.absolute.c3(p) {
                None => 0,
                Some(Colour::White) => 1,
                Some(Colour::Black) => 2,
            };
        }
        // Sorted, not indexed by the field: a round pairs hundreds of
        // small brackets of a big field.
        at.sort_unstable();
        PaletteRows {
            weights: self,
            at,
            c3,
        }
    }
}

/// A bracket's [`EdgeWeights::palette_index`] for a whole row of pairs at
/// once, for
/// [`DenseMatching::set_all_weights_by_rows`](swiss_matching::DenseMatching::set_all_weights_by_rows):
/// a player's row is his class's row of the table, read at each other
/// player's class, then the few exceptions are cleared (C.1 and `XXP`
/// from his list of barred partners, C.3 by one colour comparison per
/// pair, pairs ruled out). A 4,870-player bracket's 24 million pairs
/// one call each took more time than the matching's cold start.
pub(crate) struct PaletteRows<'w, 'b, 'a, E, const N: usize> {
    weights: &'w EdgeWeights<'b, 'a, E, N>,
    /// Each member's field position with his position in the bracket,
    /// by field position.
    at: Vec<(u32, u32)>,
    /// Each position's C.3 colour (1 white, 2 black; 0 none, and for the
    /// stand-in).
    c3: Vec<u8>,
}

impl<E: EditionRules, const N: usize> PaletteRows<'_, '_, '_, E, N> {
    /// Writes `palette_index(a, b)` into `out[k]` for each `b =
    /// cols.start + k` (`out` is as long as `cols`).
    pub(crate) fn row(&self, a: usize, cols: std::ops::Range<usize>, out: &mut [u32]) {
        let w = self.weights;
        let (mdps, size) = (w.bracket.mdps, w.bracket.size);
        // Palette indices fit: the table holds at most MAX_TABLE entries.
        let table = w.table.len() as u32;
        let zero = table + w.stand_in.len() as u32;
        let stand_in = !w.stand_in.is_empty();
        let start = cols.start;
        let clear = |out: &mut [u32], b: usize| {
            if let Some(x) = b.checked_sub(start).and_then(|k| out.get_mut(k)) {
                *x = zero;
            }
        };
        if stand_in && a == size {
            for (x, b) in out.iter_mut().zip(cols.clone()) {
                *x = table + b as u32;
            }
            clear(out, a);
        } else {
            let classes = w.classes as u32;
            let ca = w.class[a];
            // The stand-in of the PAB has no class (nor any player after
            // the bracket): its column is set below.
            let class = &w.class[cols.start.min(w.class.len())..cols.end.min(w.class.len())];
            // Pairs are read from the table with the higher player's
            // class first.
            let split = a.clamp(start, start + class.len()) - start;
            for (x, &cb) in out[..split].iter_mut().zip(&class[..split]) {
                *x = cb * classes + ca;
            }
            for (x, &cb) in out[split..].iter_mut().zip(&class[split..]) {
                *x = ca * classes + cb;
            }
            let colour = self.c3[a];
            if colour != 0 {
                for (x, &c) in out.iter_mut().zip(&self.c3[cols.clone()]) {
                    if c == colour {
                        *x = zero;
                    }
                }
            }
            for p in w.bracket.absolute.barred_partners(w.bracket.members[a]) {
                // Positions fit, as in `at`.
                if let Ok(k) = self.at.binary_search_by_key(&(p as u32), |&(f, _)| f) {
                    clear(out, self.at[k].1 as usize);
                }
            }
            if stand_in && cols.contains(&size) {
                out[size - start] = table + a as u32;
            }
            clear(out, a);
            if a < mdps {
                for b in start..mdps.min(cols.end) {
                    clear(out, b);
                }
            }
        }
        if w.any_ruled_out {
            for (x, b) in out.iter_mut().zip(cols) {
                if b != a {
                    let k = w.index(a, b);
                    if w.ruled_out[k / 64] >> (k % 64) & 1 == 1 {
                        *x = zero;
                    }
                }
            }
        }
    }
}

/// Sets the bits `bits` of the bit set `words`, a word at a time.
fn set_bits(words: &mut [u64], bits: std::ops::Range<usize>) {
    let mut k = bits.start;
    while k < bits.end {
        let (word, bit) = (k / 64, k % 64);
        let take = (64 - bit).min(bits.end - k);
        let ones = if take == 64 {
            u64::MAX
        } else {
            (1 << take) - 1
        };
        words[word] |= ones << bit;
        k += take;
    }
}

#[cfg(test)]
mod tests {
    use super::set_bits;

    /// Setting a range of bits a word at a time sets exactly the bits of
    /// the range, across word boundaries, whole words and empty ranges.
    #[test]
    fn set_bits_sets_exactly_the_range() {
        for start in 0..200 {
            for end in start..start + 140 {
                let mut words = vec![0u64; 6];
                set_bits(&mut words, start..end);
                for k in 0..6 * 64 {
                    let set = words[k / 64] >> (k % 64) & 1 == 1;
                    assert_eq!(set, (start..end).contains(&k), "{start}..{end}: bit {k}");
                }
            }
        }
    }
}
