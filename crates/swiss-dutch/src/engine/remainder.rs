//! The remainder of a bracket (C.04.3 B.3, B.7): its subgroups S1R and
//! S2R, and its transpositions (D.1), with the cut that leaves the players
//! outside it out of the last solves.

use swiss_matching::{DenseMatching, Wide};

use super::bracket::Bracket;
use super::candidates::CandidateSearch;
use super::criteria::EditionRules;
use super::weights::bits;
use crate::DutchError;

#[cfg(test)]
thread_local! {
    /// Test switch and statistics of
    /// [`CandidateSearch::transpose_without_solve`]: whether it may be
    /// used, and how many S1R players it answered by a cycle.
    pub(super) static WITHOUT_SOLVE: std::cell::Cell<(bool, usize)> =
        const { std::cell::Cell::new((true, 0)) };
}

#[cfg(test)]
thread_local! {
    /// Test switch and statistics of the windows of
    /// [`CandidateSearch::transpose_remainder`]: whether a solve may
    /// decide more than one S1R player, and how many solves did.
    pub(super) static WINDOWS: std::cell::Cell<(bool, usize)> =
        const { std::cell::Cell::new((true, 0)) };
}

#[cfg(test)]
thread_local! {
    /// Test statistics of [`CandidateSearch::cut_off_rest`]: how many
    /// brackets it cut, and how many of them with one S2R player left over.
    pub(super) static CUTS: std::cell::Cell<(usize, usize)> =
        const { std::cell::Cell::new((0, 0)) };
}

/// The remainder (B.3): the residents the MDP-pairing leaves, the whole
/// bracket when it is homogeneous.
pub(crate) struct Remainder {
    /// Its players (positions in the bracket), in A.2 order.
    pub(crate) players: Vec<usize>,
    /// The size of the original S1R (B.7's note: formed right after the
    /// MDP-pairing): the first `s1_len` of `players`, as many as the pairs
    /// the remainder can make.
    pub(crate) s1_len: usize,
}

impl Remainder {
    /// For each of `len` vertices, its original subgroup: `Some(true)` in
    /// S1R, `Some(false)` in S2R, `None` outside the remainder.
    pub(crate) fn sides(&self, len: usize) -> Vec<Option<bool>> {
        let mut side = vec![None; len];
        for (place, &a) in self.players.iter().enumerate() {
            side[a] = Some(place < self.s1_len);
        }
        side
    }
}

impl<'s, 'a, E: EditionRules, const N: usize> CandidateSearch<'s, 'a, E, N> {
    /// B.3/B.7: the remainder left by the MDP-pairing (the residents not
    /// paired with MDPs) and its original S1R, as large as the number of
    /// pairs the current optimum makes inside it.
    pub(super) fn remainder(&self) -> Remainder {
        let (mdps, size) = (self.bracket.mdps, self.bracket.size);
        let m = &self.matching;
        let players: Vec<usize> = (mdps..size)
            .filter(|&j| m.mate(j).is_none_or(|y| y >= mdps))
            .collect();
        let s1_len = players
            .iter()
            .filter(|&&j| m.mate(j).is_some_and(|y| y < j))
            .count();
        Remainder { players, s1_len }
    }

    /// D.1 in the remainder: each S1R player, in order, gets the highest
    /// S2R player some best candidate allows (the transpositions of S2R in
    /// lexicographic order). A player whose optimum already has his best
    /// opponent needs no solve at all ([`Self::transpose_without_solve`]);
    /// the others are solved for a window of S1R players per solve, with
    /// lexicographic bonuses in the low bits (earlier player, higher
    /// field), which gives the same result as one player per solve.
    ///
    /// The window starts at one player and doubles while the player after
    /// it needs a solve too. A solve frees every player of its window, and
    /// each freed player's search may grow a tree over the whole remainder:
    /// where the optimum answers most players, a full window of nine cost
    /// 247 ms a solve in a 4,496-player bracket, one player 28 ms. Where it
    /// answers few (a blossom over the bracket), the window soon reaches
    /// its full width and the solves stay few.
    pub(super) fn transpose_remainder(&mut self, r: &Remainder) -> Result<(), DutchError> {
        let (mdps, size) = (self.bracket.mdps, self.bracket.size);
        let len = self.weights.len();
        let s1r: Vec<usize> = r
            .players
            .iter()
            .copied()
            .filter(|&a| self.is_in_s1(a))
            .collect();
        let rest: Vec<usize> = (0..mdps)
            .filter(|&i| !self.decided[i])
            .chain(size..len)
            .collect();
        // The cut costs a solve over `rest`, but pays even when `rest` is
        // seven times the remainder: otherwise each D.1 solve searches
        // the whole of `rest` again (a 439-player remainder before 3,114
        // players: 9.3 s, with the cut 1.4 s).
        if self.bracket.cut_off_rest && r.players.len() <= 2 * s1r.len() + 1 && !rest.is_empty() {
            self.cut_off_rest(r, &s1r, &rest);
        }
        let field = bits(r.players.len() + 1) as usize;
        let widest = (self.bracket.window_bits as usize / field).max(1);
        #[cfg(test)]
        let widest = if WINDOWS.with(|c| c.get().0) {
            widest
        } else {
            1
        };
        let mut window = 1;
        // Pairs decided but not yet fixed in the matcher. The last optimum
        // holds them all, so it stays an optimum of the fixed problem and
        // answers the next players' questions as it is; fixing them one by
        // one would repair the duals after each (in an odd bracket that
        // rebuilds a blossom over all residents every time), while fixing
        // them with the next window's changes costs one warm solve.
        let mut pending: Vec<(usize, usize)> = Vec::new();
        let mut k = 0;

        while k < s1r.len() {
            let a = s1r[k];
            if let Some(b) = self.transpose_without_solve(r, a) {
                self.record_pair(a, b);
                pending.push((a, b));
                k += 1;
                window = 1;
                continue;
            }
            let end = (k + window).min(s1r.len());
            #[cfg(test)]
            WINDOWS.with(|c| c.set((c.get().0, c.get().1 + usize::from(end - k > 1))));
            for (w, &a) in s1r[k..end].iter().enumerate() {
                let shift = ((window - 1 - w) * field) as u32;
                self.bonus_for_higher_opponents(r, a, shift);
            }
            self.matching.fix_pairs(&pending);
            pending.clear();
            self.matching.solve();
            for &a in &s1r[k..end] {
                let b = self.matching.mate(a).filter(|&b| b < size).ok_or_else(|| {
                    DutchError::internal("a remainder S1 player lost his opponent")
                })?;
                self.record_pair(a, b);
                pending.push((a, b));
            }
            k = end;
            window = (2 * window).min(widest);
        }
        Ok(())
    }

    /// D.1 for S1R player `a` without a solve, when the last optimum and
    /// its duals settle it: the open S2R players above the answer are
    /// ruled out by their positive slack (no best candidate pairs them
    /// with `a`), and the answer either is `a`'s opponent in that optimum
    /// or becomes it by an alternating cycle that leaves an optimum. The
    /// players decided so far keep their pairs. `None`: a solve must tell.
    ///
    /// After the S1R fix most S1R players find their answer so: the B.3
    /// candidate is mostly a best candidate, and a re-pairing of a few
    /// players is one cycle away.
    fn transpose_without_solve(&mut self, r: &Remainder, a: usize) -> Option<usize> {
        let size = self.bracket.size;
        for &b in &r.players {
            if b <= a || self.decided[b] || self.weights.get(a, b).is_zero() {
                continue;
            }
            if self.matching.mate(a) == Some(b) {
                return Some(b);
            }
            #[cfg(test)]
            if !WITHOUT_SOLVE.with(|c| c.get().0) {
                return None;
            }
            if self.matching.never_pairs(a, b) {
                continue;
            }
            let decided = &self.decided;
            let paired = self.matching.try_pair(a, b, |x| x < size && decided[x]);
            #[cfg(test)]
            WITHOUT_SOLVE.with(|c| c.set((true, c.get().1 + usize::from(paired))));
            return paired.then_some(b);
        }
        None
    }

    /// Gives S1R player `a`'s edges to the open S2R players bonuses rising
    /// towards the highest, in the field at bit `shift`.
    fn bonus_for_higher_opponents(&mut self, r: &Remainder, a: usize, shift: u32) {
        let mut addend = 0u64;
        for &b in r.players.iter().rev() {
            if b <= a || self.decided[b] {
                continue;
            }
            self.set_with_bonus(a, b, Wide::from_u64(addend).shl(shift));
            addend += 1;
        }
    }

    /// Takes the players outside the remainder (`rest`: the Limbo and the
    /// next scoregroup) out of the remainder's D.1, which then runs on a
    /// bipartite graph, S1R against S2R.
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
    fn cut_off_rest(&mut self, r: &Remainder, s1r: &[usize], rest: &[usize]) {
        // A mask, not `s1r.contains`: that was O(n²) in a 4,900-player
        // bracket.
        let mut in_s1r = vec![false; self.weights.len()];
        for &a in s1r {
            in_s1r[a] = true;
        }
        let s2r: Vec<usize> = r.players.iter().copied().filter(|&a| !in_s1r[a]).collect();
        let one_left = r.players.len() == 2 * s1r.len() + 1;
        #[cfg(test)]
        CUTS.with(|c| {
            let (cuts, with_leftover) = c.get();
            c.set((cuts + 1, with_leftover + usize::from(one_left)));
        });
        let leftover_value = if one_left {
            self.leftover_values(&s2r, rest)
        } else {
            Vec::new()
        };
        let m = &mut self.matching;
        for &x in rest {
            for y in 0..self.weights.len() {
                if !m.weight(x, y).is_zero() {
                    m.set_weight(x, y, Wide::ZERO);
                }
            }
        }
        if one_left {
            let stand_in = rest[0];
            for (&b, v) in s2r.iter().zip(leftover_value) {
                m.set_weight(stand_in, b, v.add(Wide::from_u64(1)));
            }
        }
    }

    /// For each S2R player `b`, the value of pairing `rest` when `b` is
    /// the one left over: what `rest` gains when he joins it.
    fn leftover_values(&self, s2r: &[usize], rest: &[usize]) -> Vec<Wide<N>> {
        let m = &self.matching;
        joining_values(
            rest.len(),
            each_pair(|i, j| m.weight(rest[i], rest[j])),
            s2r.len(),
            |b, out| {
                for (o, &x) in out.iter_mut().zip(rest) {
                    *o = m.weight(s2r[b], x);
                }
            },
            heavy(self.bracket),
        )
    }
}

/// A weight above every weight of `b`'s matchings, for the vertices that
/// [`joining_values`] and the stand-in of the next scoregroup add, which
/// every optimum must pair.
pub(super) fn heavy<E: EditionRules, const N: usize>(b: &Bracket<'_, E>) -> Wide<N> {
    // The completion field (PPB, CLB) counts up to three below its top.
    Wide::bit(b.bits_below_top() + 2)
}

/// For each of `rows` players, what a group of `k` players (its pairs
/// weighing `group(i, j)`, `i < j`, which `fill(m, first)` sets on matcher
/// `m` with group player `i` at `first + i`) gains when he joins it, V(group + b)
/// less V(group), where b meets group player `x` with weight row(b, x)
/// (zero: not at all), which `row(b, out)` writes into `out[x]`, the
/// whole row at once. That is the best of b staying unpaired (0) and of
/// b meeting some `x`: row(b, x) + V(group - x) - V(group).
///
/// So V(group - x) is found for every `x`, by one warm solve each on a
/// matcher that holds the group and a slot pinned to `x` ([`heavy`]
/// edge), the pin moving from player to player: each solve only repairs
/// the pairs of the two players the pin moved between. An odd group has
/// the slot meet every player first (V(group): the slot takes the player
/// it leaves out); an even group gets a dummy meeting every player
/// ([`heavy`]) for the player that `group - x` leaves out. Either way the
/// totals stay even and every optimum pairs everybody: an odd total needs
/// a blossom over the whole group, which a cold solve builds player by
/// player and every warm solve opens and builds again (a 4,869-player
/// group: 1.7 s, then 1.1 s a solve). The slot comes first, so that its
/// search, the short one, runs first.
///
/// When there are fewer rows than group players, the values are found
/// the other way round, one warm solve per row ([`Slotted::by_rows`]).
pub(super) fn joining_values<const N: usize>(
    k: usize,
    fill: impl Fn(&mut DenseMatching<Wide<N>>, usize),
    rows: usize,
    row: impl FnMut(usize, &mut [Wide<N>]),
    heavy: Wide<N>,
) -> Vec<Wide<N>> {
    let group = Slotted::new(k, fill, heavy);
    if rows < k {
        group.by_rows(rows, row)
    } else {
        group.by_group(rows, row)
    }
}

/// The `fill` of [`joining_values`] for a group whose pairs weigh
/// `group(i, j)`.
pub(super) fn each_pair<const N: usize>(
    group: impl Fn(usize, usize) -> Wide<N>,
) -> impl Fn(&mut DenseMatching<Wide<N>>, usize) {
    move |m, first| {
        m.set_all_weights(|i, j| {
            if i >= first {
                group(i - first, j - first)
            } else {
                Wide::ZERO
            }
        });
    }
}

/// The matcher both ways of [`joining_values`] start from: the group from
/// vertex `first` on, and the slot (vertex 0) that meets one player;
/// with an even group a dummy (vertex 1) meets every player, so that the
/// totals stay even.
struct Slotted<const N: usize> {
    m: DenseMatching<Wide<N>>,
    /// The group's players.
    k: usize,
    first: usize,
    /// The weight that makes every optimum pair the slot (and the dummy).
    heavy: Wide<N>,
    /// V(group).
    alone: Wide<N>,
    /// What the slot's (and the dummy's) [`heavy`] edges add to a total.
    pinned: Wide<N>,
}

/// The slot's vertex in [`Slotted`].
const SLOT: usize = 0;

impl<const N: usize> Slotted<N> {
    /// The group of `k` players filled by `fill`, solved once for
    /// V(group); an odd group's slot meets every player, an even group's
    /// dummy does.
    fn new(k: usize, fill: impl Fn(&mut DenseMatching<Wide<N>>, usize), heavy: Wide<N>) -> Self {
        const DUMMY: usize = 1;
        let odd = k % 2 == 1;
        let first = if odd { 1 } else { 2 };
        let mut m = DenseMatching::<Wide<N>>::new(k + first);
        fill(&mut m, first);
        let alone = if odd {
            // Any weight pairs the slot in every optimum (the odd group
            // leaves someone out anyway); half the heaviest pair keeps the
            // cold start's duals those of the group's own pairs. With
            // `heavy` the slot set every player's first dual, one pair was
            // tight and the rest was left to the searches (a 4,869-player
            // group: 0.4 s).
            let light = m.max_weight().half().add(Wide::from_u64(1));
            for x in 0..k {
                m.set_weight(SLOT, first + x, light);
            }
            m.solve();
            m.total_weight().sub(light)
        } else {
            m.solve();
            let v = m.total_weight();
            for x in 0..k {
                m.set_weight(DUMMY, first + x, heavy);
            }
            v
        };
        let pinned = if odd { heavy } else { heavy.add(heavy) };
        Slotted {
            m,
            k,
            first,
            heavy,
            alone,
            pinned,
        }
    }

    /// [`joining_values`] by one warm solve per group player: V(group - x)
    /// for every `x`, then the best `x` for each row.
    fn by_group(mut self, rows: usize, mut row: impl FnMut(usize, &mut [Wide<N>])) -> Vec<Wide<N>> {
        let (k, first, heavy) = (self.k, self.first, self.heavy);
        let m = &mut self.m;
        // V(group - x) for each x.
        let without: Vec<Wide<N>> = (0..k)
            .map(|x| {
                if x == 0 {
                    for y in 1..k {
                        m.set_weight(SLOT, first + y, Wide::ZERO);
                    }
                } else {
                    m.set_weight(SLOT, first + x - 1, Wide::ZERO);
                }
                m.set_weight(SLOT, first + x, heavy);
                m.solve();
                m.total_weight().sub(self.pinned)
            })
            .collect();
        let mut line = vec![Wide::ZERO; k];
        (0..rows)
            .map(|b| {
                row(b, &mut line);
                let mut best = self.alone;
                for (&w, &v) in line.iter().zip(&without) {
                    if !w.is_zero() && w.add(v) > best {
                        best = w.add(v);
                    }
                }
                best.sub(self.alone)
            })
            .collect()
    }

    /// [`joining_values`] by one warm solve per row: V(group + b)
    /// directly, the slot's edges being row `b`'s ([`heavy`] more, so that
    /// every optimum pairs the slot). The rows of a bracket's next
    /// scoregroup are the bracket's players, often far fewer than the
    /// group (163 against 4,869: 1.5 s by group, 0.1 s by rows).
    ///
    /// As in [`Self::by_group`], the totals stay even: an odd group has
    /// the slot meet every player first (V(group)); an even group gets a
    /// dummy meeting every player ([`heavy`]), which takes the player that
    /// `group - x` leaves out once the slot has taken `x`.
    fn by_rows(mut self, rows: usize, mut row: impl FnMut(usize, &mut [Wide<N>])) -> Vec<Wide<N>> {
        let mut line = vec![Wide::ZERO; self.k];
        let settled: Vec<Option<Wide<N>>> = (0..rows)
            .map(|b| self.row_without_solve(b, &mut row, &mut line))
            .collect();
        let (first, heavy) = (self.first, self.heavy);
        let m = &mut self.m;
        // With the slot paired to `x` (and, in an even group, the dummy to
        // the player `group - x` leaves out): row(b, x) + V(group - x).
        (0..rows)
            .map(|b| {
                if let Some(v) = settled[b] {
                    return v;
                }
                row(b, &mut line);
                let mut meets = false;
                for (x, &w) in line.iter().enumerate() {
                    meets |= !w.is_zero();
                    let w = if w.is_zero() { w } else { w.add(heavy) };
                    m.set_weight(SLOT, first + x, w);
                }
                if !meets {
                    return Wide::ZERO;
                }
                m.solve();
                let best = m.total_weight().sub(self.pinned);
                if best > self.alone {
                    best.sub(self.alone)
                } else {
                    Wide::ZERO
                }
            })
            .collect()
    }

    /// [`Self::by_rows`]' value of row `b` without a solve, when the
    /// optimum of an odd group (the slot meeting every player) settles
    /// it: V(group - x) never exceeds V(group), so the value is row `b`'s
    /// heaviest weight as soon as some player `x` of that weight can be
    /// left out at no loss, i.e. some optimum pairs the slot with him.
    /// The current optimum shows that directly, or one alternating cycle
    /// away ([`DenseMatching::try_pair`], which moves to that optimum).
    /// `None`: a solve must tell. In a round's large next scoregroup most
    /// players can be left out, and a solve per bracket player cost 2 ms
    /// each (163 players before 4,869: 0.35 s).
    fn row_without_solve(
        &mut self,
        b: usize,
        row: &mut impl FnMut(usize, &mut [Wide<N>]),
        weights: &mut [Wide<N>],
    ) -> Option<Wide<N>> {
        /// Cycles tried per row: a failed search costs a sweep of the
        /// tight graph.
        const TRIES: usize = 3;
        #[cfg(test)]
        if !ROWS_WITHOUT_SOLVE.with(|c| c.get().0) {
            return None;
        }
        if self.k.is_multiple_of(2) {
            return None;
        }
        row(b, weights);
        let heaviest = weights.iter().copied().max()?;
        if heaviest.is_zero() {
            return Some(Wide::ZERO);
        }
        let (m, first) = (&mut self.m, self.first);
        let heaviest_of = |x: &usize| weights[*x] == heaviest;
        let left_out = m
            .mate(SLOT)
            .map(|x| x - first)
            .filter(heaviest_of)
            .or_else(|| {
                let open: Vec<usize> = (0..self.k)
                    .filter(|x| heaviest_of(x) && !m.never_pairs(SLOT, first + x))
                    .take(TRIES)
                    .collect();
                open.into_iter()
                    .find(|&x| m.try_pair(SLOT, first + x, |_| false))
            });
        #[cfg(test)]
        if left_out.is_some() {
            ROWS_WITHOUT_SOLVE.with(|c| c.set((true, c.get().1 + 1)));
        }
        left_out.map(|_| heaviest)
    }
}

#[cfg(test)]
thread_local! {
    /// Test switch and statistics of [`Slotted::row_without_solve`]:
    /// whether it may be used, and how many rows it answered.
    pub(super) static ROWS_WITHOUT_SOLVE: std::cell::Cell<(bool, usize)> =
        const { std::cell::Cell::new((true, 0)) };
}

#[cfg(test)]
mod tests {
    use swiss_core::simulate::Rng;
    use swiss_matching::Wide;

    use super::{ROWS_WITHOUT_SOLVE, Slotted, each_pair};

    /// The most a matching of the players in `mask` weighs, by brute
    /// force over the lowest player's choices.
    fn brute(mask: u32, g: &impl Fn(usize, usize) -> u64, memo: &mut [Option<u64>]) -> u64 {
        if mask == 0 {
            return 0;
        }
        if let Some(v) = memo[mask as usize] {
            return v;
        }
        let low = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << low);
        let mut best = brute(rest, g, memo);
        for j in (low + 1..32).filter(|&j| rest >> j & 1 == 1) {
            if g(low, j) > 0 {
                best = best.max(g(low, j) + brute(rest & !(1 << j), g, memo));
            }
        }
        memo[mask as usize] = Some(best);
        best
    }

    /// [`super::joining_values`] gives V(group + b) - V(group) for each
    /// row `b`, checked against brute force both ways, and by rows with
    /// and without [`Slotted::row_without_solve`], on random groups of
    /// both parities with missing edges, with many equal weights (where
    /// a player can be left out at no loss) and with few, including rows
    /// that meet nobody. The answers without a solve must have served.
    #[test]
    fn joining_values_by_rows_and_by_group_are_the_gains() {
        let mut rng = Rng::new(17);
        let mut without_solve = 0;
        for case in 0..400 {
            let k = 1 + case % 13;
            let rows = 1 + (case / 13) % 7;
            let density = 20 + rng.below(80);
            let few_values = case % 2 == 0;
            let w = |rng: &mut Rng| {
                if rng.below(100) >= density {
                    0
                } else if few_values {
                    5 + 2 * rng.below(2)
                } else {
                    1 + rng.below(1000)
                }
            };
            let group: Vec<Vec<u64>> = (0..k)
                .map(|_| (0..k).map(|_| w(&mut rng)).collect())
                .collect();
            let row: Vec<Vec<u64>> = (0..rows)
                .map(|b| {
                    (0..k)
                        .map(|_| if b == 0 { 0 } else { w(&mut rng) })
                        .collect()
                })
                .collect();
            let g = |i: usize, j: usize| group[i.min(j)][i.max(j)];
            let (g, row) = (&g, &row);
            let with_row = |b: usize| {
                move |i: usize, j: usize| match (i == k, j == k) {
                    (false, false) => g(i, j),
                    (true, false) => row[b][j],
                    (false, true) => row[b][i],
                    (true, true) => 0,
                }
            };
            let alone = brute((1 << k) - 1, g, &mut vec![None; 1 << k]);
            let want: Vec<Wide<1>> = (0..rows)
                .map(|b| {
                    let joined = brute((1 << (k + 1)) - 1, &with_row(b), &mut vec![None; 2 << k]);
                    Wide::from_u64(joined - alone)
                })
                .collect();
            let gw = |i: usize, j: usize| Wide::<1>::from_u64(g(i, j));
            let r = |b: usize, out: &mut [Wide<1>]| {
                for (o, &x) in out.iter_mut().zip(&row[b]) {
                    *o = Wide::<1>::from_u64(x);
                }
            };
            let heavy = Wide::<1>::bit(20);
            ROWS_WITHOUT_SOLVE.with(|c| c.set((true, 0)));
            let by_rows = Slotted::new(k, each_pair(gw), heavy).by_rows(rows, r);
            without_solve += ROWS_WITHOUT_SOLVE.with(|c| c.replace((false, 0))).1;
            let by_solves = Slotted::new(k, each_pair(gw), heavy).by_rows(rows, r);
            ROWS_WITHOUT_SOLVE.with(|c| c.set((true, 0)));
            let by_group = Slotted::new(k, each_pair(gw), heavy).by_group(rows, r);
            assert_eq!(by_rows, want, "case {case}: by rows");
            assert_eq!(by_solves, want, "case {case}: by rows, each solved");
            assert_eq!(by_group, want, "case {case}: by group");
        }
        assert!(without_solve >= 150, "{without_solve} rows without a solve");
    }
}
