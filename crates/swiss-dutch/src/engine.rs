//! The bracket-by-bracket pairing procedure (C.04.3 A.9, B, C, D).
//!
//! Each bracket is solved as a maximum weight matching over the bracket and
//! the next scoregroup (all remaining players for the PPB and the CLB). The
//! edge weight packs the quality criteria lexicographically
//! ([`Bracket::edge_weight`]); the low bits are then used, step by step, to
//! pick the earliest optimal candidate of the B.6/B.7 sequence: which MDPs
//! are paired (D.3), their opponents (D.1), the resident exchanges (D.2) and
//! the transpositions of the remainder (D.1).

use swiss_core::Colour;
use swiss_matching::{DenseMatching, Wide};

use crate::DutchError;
use crate::float::Float;
use crate::player::{Player, compatible, preferences_compatible};

/// Pairwise compatibility under the absolute criteria C.1-C.3, computed on
/// demand (a few binary searches), so that big fields need no n² table.
pub(crate) struct Compat<'a> {
    pl: &'a [Player],
}

impl<'a> Compat<'a> {
    pub(crate) fn new(pl: &'a [Player]) -> Compat<'a> {
        Compat { pl }
    }

    pub(crate) fn get(&self, i: usize, j: usize) -> bool {
        i != j && compatible(&self.pl[i], &self.pl[j])
    }
}

/// The bracket's original weights, beside the matcher's own (re-weighted)
/// matrix. They are looked up on demand rather than stored: a stored copy
/// of a 2,400-player bracket's weights took 118 MB. Only the pairs that
/// the candidate order has ruled out (D.2 exchanges, the fixed S1R) are
/// recorded, one bit per pair of the upper triangle.
///
/// A big bracket asks for the weights of millions of pairs, several times
/// each, but its players fall into few classes of equal [`WeightFacts`]:
/// apart from C.1-C.3, which stay a per-pair check, the weight of a pair
/// is a function of the two classes, so it is computed once per ordered
/// pair of classes and then read from `table`.
struct Base<'b, 'a, const N: usize> {
    bracket: &'b Bracket<'a>,
    ruled_out: Vec<u64>,
    /// The class of each position (empty without a table).
    class: Vec<u32>,
    classes: usize,
    /// [`Bracket::legal_pair_weight`] of the classes `(h, l)` at
    /// `h * classes + l`; empty when a table would not pay (more entries
    /// than pairs of players) or be too big ([`MAX_TABLE`]).
    table: Vec<Wide<N>>,
}

/// The most entries a [`Base`] weight table may have: 56 MB of 7-limb
/// weights. Real brackets stay far below (the 9,999-player benchmark
/// rounds have 4 to 17 classes per bracket); beyond it, weights are
/// computed pair by pair.
const MAX_TABLE: usize = 1 << 20;

impl<'b, 'a, const N: usize> Base<'b, 'a, N> {
    fn new(bracket: &'b Bracket<'a>) -> Self {
        let n = bracket.idx.len();
        let pairs = n * n.saturating_sub(1) / 2;
        let mut ids = std::collections::HashMap::new();
        let mut reps = Vec::new();
        let mut class: Vec<u32> = (0..n)
            .map(|i| {
                *ids.entry(bracket.weight_facts(i)).or_insert_with(|| {
                    reps.push(i);
                    reps.len() as u32 - 1
                })
            })
            .collect();
        let classes = reps.len();
        let table: Vec<Wide<N>> = if classes * classes <= MAX_TABLE.min(pairs) {
            reps.iter()
                .flat_map(|&h| reps.iter().map(move |&l| bracket.legal_pair_weight(h, l)))
                .collect()
        } else {
            class = Vec::new();
            Vec::new()
        };
        Base {
            bracket,
            ruled_out: vec![0; pairs.div_ceil(64)],
            class,
            classes,
            table,
        }
    }

    fn index(&self, i: usize, j: usize) -> usize {
        let n = self.bracket.idx.len();
        let (a, b) = (i.min(j), i.max(j));
        a * (2 * n - a - 1) / 2 + (b - a - 1)
    }

    /// The original weight of `i-j` ([`Bracket::edge_weight`]): zero on
    /// the diagonal, between two MDPs (they are never paired with each
    /// other in their bracket), and for pairs ruled out.
    fn get(&self, i: usize, j: usize) -> Wide<N> {
        let (a, b) = (i.min(j), i.max(j));
        if a == b || b < self.bracket.mdp {
            return Wide::ZERO;
        }
        let k = self.index(a, b);
        if self.ruled_out[k / 64] >> (k % 64) & 1 == 1 {
            return Wide::ZERO;
        }
        if self.table.is_empty() {
            return self.bracket.edge_weight(a, b);
        }
        let idx = &self.bracket.idx;
        if !self.bracket.compat.get(idx[a], idx[b]) {
            return Wide::ZERO;
        }
        self.table[self.class[a] as usize * self.classes + self.class[b] as usize]
    }

    /// From now on `i-j` has weight zero.
    fn rule_out(&mut self, i: usize, j: usize) {
        if i != j {
            let k = self.index(i, j);
            self.ruled_out[k / 64] |= 1 << (k % 64);
        }
    }
}

/// Bounds on the low bits of every weight kept free for the D.1 bonuses of
/// the remainder (one field per S1R player of a window).
const MIN_TIE_BITS: u32 = 60;
const MAX_TIE_BITS: u32 = 120;

/// Bits needed to write `x`.
fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// Whether the players not yet paired in `fixed` can still be completed into
/// a round-pairing (A.9): a perfect matching under C.1-C.3, one bye-eligible
/// player (C.2) left over when their number is odd.
pub(crate) fn completable(pl: &[Player], compat: &Compat<'_>, fixed: &[Option<usize>]) -> bool {
    let free: Vec<usize> = (0..pl.len()).filter(|&i| fixed[i].is_none()).collect();
    let k = free.len();
    if greedy_complete(pl, compat, &free) {
        return true;
    }
    // With an odd count, vertex `k` stands for the bye (C.2: only players
    // who may receive it are adjacent to it).
    let size = k + k % 2;
    perfect(size, |a, b| {
        if b == k {
            pl[free[a]].may_get_bye
        } else {
            compat.get(free[a], free[b])
        }
    })
}

/// Whether the players `idx` can all be paired among themselves under
/// C.1-C.3.
fn perfectly_pairable(compat: &Compat<'_>, idx: &[usize]) -> bool {
    perfect(idx.len(), |a, b| compat.get(idx[a], idx[b]))
}

/// Whether the graph on `0..n` with edges `adjacent(u, v)` (`u < v`) has a
/// perfect matching.
fn perfect(n: usize, adjacent: impl FnMut(usize, usize) -> bool) -> bool {
    swiss_matching::maximum_cardinality_matching(n, adjacent)
        .iter()
        .all(Option::is_some)
}

/// A quick sufficient test for [`completable`]: first-fit pairing in A.2
/// order, with one round of repairs by swapping partners; the leftover (odd
/// count) must be bye-eligible.
fn greedy_complete(pl: &[Player], compat: &Compat<'_>, free: &[usize]) -> bool {
    let k = free.len();
    let mut mate: Vec<Option<usize>> = vec![None; k];
    for a in 0..k {
        if mate[a].is_some() {
            continue;
        }
        if let Some(b) = (a + 1..k).find(|&b| mate[b].is_none() && compat.get(free[a], free[b])) {
            mate[a] = Some(b);
            mate[b] = Some(a);
        }
    }
    let mut open: Vec<usize> = (0..k).filter(|&a| mate[a].is_none()).collect();
    // Repair: an unmatched u and v take over a pair x-y as u-x and v-y.
    while open.len() >= 2 {
        let (u, v) = (open[0], open[1]);
        let swap = (0..k).find_map(|x| {
            let y = mate[x]?;
            (compat.get(free[u], free[x]) && compat.get(free[v], free[y])).then_some((x, y))
        });
        let Some((x, y)) = swap else { break };
        mate[u] = Some(x);
        mate[x] = Some(u);
        mate[v] = Some(y);
        mate[y] = Some(v);
        open.drain(..2);
    }
    match open.as_slice() {
        [] => true,
        [u] => pl[free[*u]].may_get_bye,
        _ => false,
    }
}

/// One bracket being paired: `idx` are positions in the A.2-sorted player
/// list; `idx[..mdp]` are the MDPs, `idx[mdp..cur]` the residents and
/// `idx[cur..]` the next scoregroup (or all remaining players).
pub(crate) struct Bracket<'a> {
    pub(crate) pl: &'a [Player],
    pub(crate) compat: &'a Compat<'a>,
    pub(crate) idx: Vec<usize>,
    pub(crate) mdp: usize,
    pub(crate) cur: usize,
    /// The PPB or the CLB (A.9): completion is a criterion, C.7 is not.
    pub(crate) special: bool,
    /// The appended players are the last scoregroup.
    pub(crate) last_group: bool,
    /// Rounds already played.
    pub(crate) played: u32,
    // Layout of the packed weight.
    pcb: u32,
    npcb: u32,
    sd_bits: u32,
    /// Position of each score difference's bit in a PSD field, indexed
    /// from `sd_min` (absent differences at 0).
    shifts: Vec<u32>,
    sd_min: i32,
    min_score: i32,
    /// Low bits reserved for the D.1 bonuses: enough for every S1R player
    /// of the bracket in one solve when that stays within bounds.
    tie_bits: u32,
    /// Where each criterion's field starts in the packed weight.
    at: Layout,
    /// Whether the remainder's D.1 may leave out the players outside the
    /// remainder ([`Bracket::cut_off_rest`]); off only in the test that
    /// checks the cut changes nothing.
    cut_rest: bool,
}

/// Bit positions of the fields of [`Bracket::edge_weight`], so that a
/// weight is a sum of small values put in place rather than a chain of
/// wide shifts (which took a fifth of a big round's time).
#[derive(Default)]
struct Layout {
    completion: u32,
    c5: u32,
    c6: u32,
    c7_pairs: u32,
    c7_psd: u32,
    /// C.8-C.11.
    colour: [u32; 4],
    /// C.12/C.13 (downfloats, upfloats) for one and two rounds back.
    float_down: [u32; 2],
    float_up: [u32; 2],
    /// C.16/C.17 and C.18/C.19: their score differences.
    float_down_sd: [u32; 2],
    float_up_sd: [u32; 2],
}

/// `v << pos` as a wide value (`v` below 2^8: it never needs more than two
/// limbs).
fn put<const N: usize>(v: u64, pos: u32) -> Wide<N> {
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

/// Everything [`Bracket::legal_pair_weight`] reads about one player of a
/// bracket: two players with the same facts have the same weight against
/// anybody C.1-C.3 allow. Facts the bracket never looks at are left out
/// (set to a constant) so that the classes stay few.
#[derive(Clone, PartialEq, Eq, Hash)]
struct WeightFacts {
    /// An MDP or a resident rather than a player of the next scoregroup.
    in_bracket: bool,
    score: i32,
    /// Only read by C.4 and the last group's C.7.
    bye_ok: bool,
    /// The colour facts [`colour_flags`] reads.
    imbalance: u32,
    repeated: Option<Colour>,
    pref: Option<Colour>,
    /// Floats of the rounds played (C.12-C.19).
    floats: [Option<Float>; 2],
}

impl<'a> Bracket<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        pl: &'a [Player],
        compat: &'a Compat<'a>,
        idx: Vec<usize>,
        mdp: usize,
        cur: usize,
        special: bool,
        last_group: bool,
        played: u32,
    ) -> Self {
        let score = |i: usize| pl[idx[i]].score;
        let min_score = idx.last().map_or(0, |&i| pl[i].score);
        // Every score difference that can occur in the bracket's PSD (A.8):
        // pairs, and downfloaters against an artificial score one point
        // below the lowest score considered.
        let mut sds = Vec::new();
        for i in 0..cur {
            sds.push(score(i) - min_score + 10);
            let first = mdp.max(i + 1);
            for o in first..cur {
                if o <= first || score(o) < score(o - 1) {
                    sds.push(score(i) - score(o));
                }
            }
        }
        sds.sort_unstable();
        let sd_min = sds.first().copied().unwrap_or(0);
        let sd_span = sds.last().map_or(0, |&x| x - sd_min + 1) as usize;
        let mut shifts = vec![0; sd_span];
        let mut sd_bits = 0;
        let mut k = 0;
        while k < sds.len() {
            let mut e = k;
            while e < sds.len() && sds[e] == sds[k] {
                e += 1;
            }
            shifts[(sds[k] - sd_min) as usize] = sd_bits;
            sd_bits += bits(e - k);
            k = e;
        }
        let len = idx.len();
        let mut b = Bracket {
            pl,
            compat,
            idx,
            mdp,
            cur,
            special,
            last_group,
            played,
            pcb: bits(cur - mdp),
            npcb: bits(len - cur),
            sd_bits,
            shifts,
            sd_min,
            min_score,
            tie_bits: ((cur - mdp) as u32 / 2 * bits(cur - mdp + 1))
                .clamp(MIN_TIE_BITS, MAX_TIE_BITS),
            at: Layout::default(),
            cut_rest: true,
        };
        b.at = b.layout();
        b
    }

    /// The field positions, from the lowest (after the bits kept for the
    /// candidate order) up; the order is that of [`Bracket::edge_weight`].
    fn layout(&self) -> Layout {
        let (pcb, sd) = (self.pcb, self.sd_bits);
        let mut at = Layout::default();
        let mut p = self.zero_low_bits();
        for b in (0..2).rev() {
            if self.played > b as u32 {
                at.float_up_sd[b] = p;
                at.float_down_sd[b] = p + sd;
                p += 2 * sd;
            }
        }
        for b in (0..2).rev() {
            if self.played > b as u32 {
                at.float_up[b] = p;
                at.float_down[b] = p + pcb;
                p += 2 * pcb;
            }
        }
        for k in (0..4).rev() {
            at.colour[k] = p;
            p += pcb;
        }
        if !self.special {
            at.c7_psd = p;
            at.c7_pairs = p + sd;
            p += sd
                + if self.last_group {
                    pcb.max(self.npcb) + 3
                } else {
                    self.npcb
                };
        }
        at.c6 = p;
        at.c5 = p + sd;
        at.completion = p + sd + pcb;
        at
    }

    /// Low bits that [`Bracket::edge_weight`] always leaves zero.
    fn zero_low_bits(&self) -> u32 {
        3 * self.pcb + 1 + self.tie_bits
    }

    /// Total bits of the packed weight below its top field.
    pub(crate) fn weight_bits(&self) -> u32 {
        // The top field (completion) starts where all the others end.
        self.at.completion
    }

    /// B.4: the B.3 candidate of a homogeneous bracket when it is perfect,
    /// i.e. no other candidate can score better on any criterion, so the
    /// matching would choose it too: every pair legal and granting both
    /// colour preferences, everybody paired (or, in the last bracket, one
    /// bye-eligible player without a recent downfloat left over).
    pub(crate) fn perfect_first_candidate(&self) -> Option<Vec<(usize, usize)>> {
        let cur = self.cur;
        if self.mdp != 0 || cur < 2 || (0..cur).any(|i| self.p(i).score != self.p(0).score) {
            return None;
        }
        let alone = self.idx.len() == cur;
        if cur % 2 == 1 {
            let f = self.p(cur - 1);
            let floated =
                (1..=2).any(|b| self.played >= b && f.float(b as usize) == Some(Float::Down));
            if !(self.special && alone && f.may_get_bye && !floated) {
                return None;
            }
        } else if self.special && !alone {
            return None;
        }
        let n1 = cur / 2;
        let pairs: Vec<(usize, usize)> = (0..n1).map(|i| (i, n1 + i)).collect();
        pairs
            .iter()
            .all(|&(a, b)| {
                self.compat.get(self.idx[a], self.idx[b])
                    && colour_flags(self.p(b), self.p(a)).iter().all(|&f| f)
            })
            .then_some(pairs)
    }

    /// Explain mode: which quality criteria the chosen pairing of the
    /// bracket does not fully meet, with the number of players or pairs
    /// concerned (C.5, C.6 as unpaired MDPs, C.8-C.15).
    pub(crate) fn unmet_criteria(&self, pairs: &[(usize, usize)]) -> String {
        if !tracing::enabled!(tracing::Level::DEBUG) {
            return String::new();
        }
        let cur = self.cur;
        let mut paired = vec![false; cur];
        let mut counts = [0usize; 10];
        for &(a, b) in pairs {
            paired[a] = true;
            paired[b] = true;
            let (h, l) = (self.p(a.min(b)), self.p(a.max(b)));
            for (k, ok) in colour_flags(l, h).into_iter().enumerate() {
                counts[2 + k] += usize::from(!ok);
            }
            for (k, back) in [1usize, 2].into_iter().enumerate() {
                if h.score > l.score {
                    counts[6 + 2 * k] += usize::from(h.float(back) == Some(Float::Down));
                    counts[7 + 2 * k] += usize::from(l.float(back) == Some(Float::Up));
                }
            }
        }
        counts[0] = cur / 2 - pairs.len().min(cur / 2);
        counts[1] = (0..self.mdp).filter(|&i| !paired[i]).count();
        for i in (0..cur).filter(|&i| !paired[i]) {
            for (k, back) in [1usize, 2].into_iter().enumerate() {
                counts[6 + 2 * k] += usize::from(self.p(i).float(back) == Some(Float::Down));
            }
        }
        let names = [
            "C.5 pairs short",
            "C.6 MDPs not paired",
            "C.8",
            "C.9",
            "C.10",
            "C.11",
            "C.12",
            "C.13",
            "C.14",
            "C.15",
        ];
        let v: Vec<String> = names
            .iter()
            .zip(counts)
            .filter(|&(_, c)| c > 0)
            .map(|(n, c)| format!("{n}: {c}"))
            .collect();
        if v.is_empty() {
            "none".into()
        } else {
            v.join(", ")
        }
    }

    fn p(&self, i: usize) -> &Player {
        &self.pl[self.idx[i]]
    }

    /// The [`WeightFacts`] of position `i`.
    fn weight_facts(&self, i: usize) -> WeightFacts {
        let p = self.p(i);
        let played = |b: usize| self.played >= b as u32;
        WeightFacts {
            in_bracket: i < self.cur,
            score: p.score,
            bye_ok: p.may_get_bye || !(self.special || self.last_group),
            imbalance: p.imbalance,
            repeated: p.repeated,
            pref: p.preference,
            floats: [1, 2].map(|b| p.float(b).filter(|_| played(b))),
        }
    }

    /// The packed weight of pairing bracket players `hi < lo` (positions in
    /// `idx`), most important criterion first:
    /// completion (A.9/C.4, PPB and CLB only), pairs in the bracket (C.5),
    /// the bracket's PSD (C.6), pairs and PSD of the next bracket (C.7, not
    /// for the PPB/CLB), colour criteria C.8-C.11, float criteria C.12-C.15
    /// then C.16-C.19, and free low bits for the candidate order (D.1-D.3).
    fn edge_weight<const N: usize>(&self, hi: usize, lo: usize) -> Wide<N> {
        if !self.compat.get(self.idx[hi], self.idx[lo]) {
            return Wide::ZERO;
        }
        self.legal_pair_weight(hi, lo)
    }

    /// [`Bracket::edge_weight`] of `hi-lo` once C.1-C.3 allow the pair.
    /// It reads the two players only through their [`WeightFacts`], which
    /// is what lets [`Base`] tabulate it per pair of classes. (`hi` and
    /// `lo` may be any positions here, in either order: only their facts
    /// count.)
    fn legal_pair_weight<const N: usize>(&self, hi: usize, lo: usize) -> Wide<N> {
        let zero = Wide::<N>::ZERO;
        let (h, l) = (self.p(hi), self.p(lo));
        let (h_in, l_in) = (hi < self.cur, lo < self.cur);
        let at = &self.at;
        let unbye = |p: &Player| u64::from(!p.may_get_bye);
        let dfv = |p: &Player| p.score - self.min_score + 10;
        // The bit for score difference `sd` in the PSD field at `pos`.
        let psd = |pos: u32, sd: i32| {
            let at = usize::try_from(sd - self.sd_min).ok();
            Wide::<N>::bit(pos + at.and_then(|k| self.shifts.get(k)).copied().unwrap_or(0))
        };
        let mut r = zero;
        if self.special {
            r = put(1 + unbye(h) + unbye(l), at.completion);
        }
        // C.5, C.6
        if l_in {
            r = r
                .add(put(1, at.c5))
                .add(psd(at.c6, dfv(h)))
                .add(psd(at.c6, dfv(l)))
                .sub(psd(at.c6, h.score - l.score));
        }
        // C.7
        if !self.special {
            if self.last_group {
                r = r.add(put(1 + unbye(h) + unbye(l), at.c7_pairs));
            } else if !l_in {
                r = r.add(put(1, at.c7_pairs));
            }
            if h_in {
                r = r.add(psd(at.c7_psd, dfv(h)));
            }
            if l_in {
                r = r.add(psd(at.c7_psd, dfv(l)));
            }
        }
        if !l_in {
            return r;
        }
        // C.8-C.11, judged with the lower player first.
        for (k, f) in colour_flags(l, h).into_iter().enumerate() {
            if f {
                r = r.add(put(1, at.colour[k]));
            }
        }
        let down = |p: &Player, b: usize| p.float(b) == Some(Float::Down);
        let up = |p: &Player, b: usize| p.float(b) == Some(Float::Up);
        let higher = h.score > l.score;
        for b in 1..=2usize {
            if self.played < b as u32 {
                continue;
            }
            // C.12-C.15: repeated floats.
            let repeated = u64::from(down(l, b)) + u64::from(!higher && down(h, b));
            r = r.add(put(repeated, at.float_down[b - 1]));
            if higher && up(l, b) {
                r = r.sub(put(1, at.float_up[b - 1]));
            }
            // C.16-C.19: score differences of repeated floats.
            let pos = at.float_down_sd[b - 1];
            if down(l, b) {
                r = r.add(psd(pos, dfv(l)));
            }
            if down(h, b) {
                r = r.add(psd(pos, dfv(h)));
                if higher {
                    r = r.sub(psd(pos, h.score - l.score));
                }
            }
            if up(l, b) && higher {
                r = r.sub(psd(at.float_up_sd[b - 1], h.score - l.score));
            }
        }
        r
    }

    /// Pairs the bracket; returns the pairs made, as positions in `idx`.
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn solve<const N: usize>(&self) -> Result<Vec<(usize, usize)>, DutchError> {
        let (mdp, cur, len) = (self.mdp, self.cur, self.idx.len());
        let residents = (cur - mdp) as u64;
        // Candidate-order bonuses live just above the tie-break bits.
        let lo = |v: u64| Wide::<N>::from_u64(v).shl(self.tie_bits);
        let mut base = Base::<N>::new(self);
        let mut m = DenseMatching::<Wide<N>>::new(len);
        // The matcher's cold start (duals lowered vertex by vertex, then
        // tight edges paired greedily) pairs most of a block of similar
        // players, but few when heavier edges to another block set the
        // starting duals: then the first vertex lowered is the only one
        // the others are tight with. So the residents and the next
        // scoregroup are solved each among themselves, and the edges
        // between the blocks (residents to the next scoregroup, then the
        // MDPs, whose PSD terms are the heaviest) are added by warm
        // re-solves, which grow trees only from the vertices they free.
        for j in mdp..len {
            for i in 0..j {
                if i >= mdp && (i >= cur || j < cur) {
                    m.set_weight(i, j, base.get(i, j));
                }
            }
        }
        // Each join: solve what is set so far, then add the rows `from`
        // against the columns `to` (the changed vertex named first).
        let joins = [(mdp..cur, cur..len), (0..mdp, mdp..len)];
        for (from, to) in joins {
            if from.is_empty() || to.is_empty() {
                continue;
            }
            m.solve();
            for i in from {
                for j in to.clone() {
                    m.set_weight(i, j, base.get(i, j));
                }
            }
        }
        m.solve();
        let in_bracket =
            |m: &DenseMatching<Wide<N>>, x: usize| m.mate(x).is_some_and(|y| y >= mdp && y < cur);
        let mut matched = vec![false; cur];
        let mut pairs = Vec::new();

        // D.3: which MDPs are paired: within each score, the highest ranked
        // ones that some optimal candidate pairs.
        let (mut group, mut remaining, mut remaining_matched) = (0, 0usize, 0usize);
        for i in 0..mdp {
            if i == 0 || self.p(i).score < group {
                group = self.p(i).score;
                remaining = 0;
                remaining_matched = 0;
                let mut j = i;
                while j < len && self.p(j).score >= group {
                    remaining += 1;
                    if in_bracket(&m, j) {
                        remaining_matched += 1;
                    }
                    j += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            if remaining <= remaining_matched {
                matched[i] = true;
                continue;
            }
            remaining -= 1;
            if !in_bracket(&m, i) {
                for j in mdp..cur {
                    let w = base.get(i, j);
                    if !w.is_zero() {
                        m.set_weight(i, j, w.add(lo(1)));
                    }
                }
                m.solve();
            }
            if in_bracket(&m, i) {
                matched[i] = true;
                remaining_matched -= 1;
                for j in mdp..cur {
                    let w = base.get(i, j);
                    if !w.is_zero() {
                        m.set_weight(i, j, w.add(lo(residents + 1)));
                    }
                }
            }
        }

        // D.1 on the MDP-pairing: each paired MDP, in order, gets the
        // highest resident some optimal candidate allows.
        for i in 0..mdp {
            if !matched[i] {
                continue;
            }
            // Skip the solve when the current optimum already gives him
            // the highest resident he may meet (it stays optimal).
            let best = (mdp..cur).find(|&j| !matched[j] && !base.get(i, j).is_zero());
            if best.is_some() && m.mate(i) == best {
                let j = best.unwrap_or(0);
                matched[j] = true;
                m.fix_pair(i, j);
                pairs.push((i, j));
                continue;
            }
            let mut addend = len as u64;
            for j in (mdp..cur).rev() {
                if matched[j] {
                    continue;
                }
                let w = base.get(i, j);
                if !w.is_zero() {
                    m.set_weight(i, j, w.add(lo(addend)));
                    addend += 1;
                }
            }
            m.solve();
            let j = m.mate(i).filter(|&j| j >= mdp && j < cur).ok_or_else(|| {
                DutchError::internal("an MDP chosen for pairing lost its opponent")
            })?;
            matched[j] = true;
            m.fix_pair(i, j);
            pairs.push((i, j));
        }

        // The remainder (B.3): residents not paired with MDPs. Its S1R is
        // as large as the number of pairs it can make.
        let rem: Vec<usize> = (mdp..cur)
            .filter(|&j| m.mate(j).is_none_or(|y| y >= mdp))
            .collect();
        let rp = rem
            .iter()
            .filter(|&&j| m.mate(j).is_some_and(|y| y < j))
            .count();
        let two_pcb = 2 * self.pcb + 1 + self.tie_bits;
        // D.2.a-b: fewest exchanges, then the smallest BSN-sum difference.
        let ew = |base: &Base<'_, '_, N>, a: usize, b: usize, pa: usize| {
            let w = base.get(a, b);
            if w.is_zero() {
                w
            } else {
                let s1 = if pa < rp {
                    Wide::<N>::bit(two_pcb)
                } else {
                    Wide::ZERO
                };
                w.add(s1).sub(lo(2 * pa as u64))
            }
        };
        let is_higher =
            |m: &DenseMatching<Wide<N>>, x: usize| m.mate(x).is_some_and(|y| y > x && y < cur);
        // When the optimum already pairs S1R against S2R (no exchange), it
        // also has the best exchange bonus, so the solve can be skipped.
        // Its weights are then not even set: the S1R fix below puts the
        // original ones back.
        let mut no_exchange = rem[..rp].iter().all(|&a| is_higher(&m, a));
        if !no_exchange {
            // Whether some optimum has no exchange: the pairs inside S1R
            // and inside S2R removed, the optimum must keep its value. Far
            // cheaper than re-weighting every pair, and the usual case.
            let value = m.total_weight();
            for pb in 0..rem.len() {
                for pa in 0..pb {
                    if (pa < rp) == (pb < rp) {
                        m.set_weight(rem[pa], rem[pb], Wide::ZERO);
                    }
                }
            }
            m.solve();
            no_exchange = m.total_weight() == value;
        }
        if !no_exchange {
            for pb in 0..rem.len() {
                for pa in 0..pb {
                    m.set_weight(rem[pa], rem[pb], ew(&base, rem[pa], rem[pb], pa));
                }
            }
            m.solve();
        }
        let exchanges = rem[..rp].iter().filter(|&&a| !is_higher(&m, a)).count();

        // D.2.c: move the lowest possible S1R players to S2R.
        let mut left = exchanges;
        let mut p = rp;
        while p > 0 && left > 0 {
            p -= 1;
            let a = rem[p];
            if is_higher(&m, a) {
                for &b in &rem[p + 1..] {
                    let w = ew(&base, a, b, p);
                    if !w.is_zero() {
                        m.set_weight(a, b, w.sub(lo(1)));
                    }
                }
                m.solve();
            }
            let exch = !is_higher(&m, a);
            if exch {
                left -= 1;
            }
            for &b in &rem[p + 1..] {
                if exch {
                    base.rule_out(a, b);
                }
                m.set_weight(a, b, ew(&base, a, b, p));
            }
        }

        // D.2.d: move the highest possible S2R players to S1R.
        let mut left = exchanges;
        for p in rp..rem.len() {
            if left <= 1 {
                break;
            }
            let a = rem[p];
            let already = is_higher(&m, a);
            if !already {
                for &b in &rem[p + 1..] {
                    let w = ew(&base, a, b, p);
                    if !w.is_zero() {
                        m.set_weight(a, b, w.add(lo(1)));
                    }
                }
                m.solve();
            }
            if is_higher(&m, a) {
                left -= 1;
                for &b in &rem[..p] {
                    base.rule_out(b, a);
                    m.set_weight(a, b, Wide::ZERO);
                }
                for o in cur..len {
                    base.rule_out(a, o);
                    m.set_weight(a, o, Wide::ZERO);
                }
            }
            if !already {
                for &b in &rem[p + 1..] {
                    m.set_weight(a, b, ew(&base, a, b, p));
                }
            }
        }

        // Fix the new S1R: its players only meet S2R players.
        for pa in 0..rem.len() {
            let a = rem[pa];
            let a_hi = is_higher(&m, a);
            for &b in &rem[pa + 1..] {
                if !a_hi || is_higher(&m, b) {
                    base.rule_out(a, b);
                    m.set_weight(a, b, Wide::ZERO);
                } else if !no_exchange {
                    // Without exchanges the weight is still the original
                    // (or zero for a pair inside S1R or S2R, ruled out here).
                    m.set_weight(a, b, base.get(a, b));
                }
            }
        }

        // D.1 in the remainder: each S1R player, in order, gets the highest
        // S2R player some optimal candidate allows. Done for a window of S1R
        // players per solve, with lexicographic bonuses in the tie-break bits
        // (earlier player, higher field), which gives the same result as one
        // player per solve; a player whose optimum already has his best
        // opponent needs no solve at all.
        let highers: Vec<usize> = rem.iter().copied().filter(|&a| is_higher(&m, a)).collect();
        let rest: Vec<usize> = (0..mdp).filter(|&i| !matched[i]).chain(cur..len).collect();
        // The cut costs a solve over `rest`: it pays when the remainder's
        // D.1 is not much smaller than that.
        if self.cut_rest
            && rem.len() <= 2 * highers.len() + 1
            && !rest.is_empty()
            && rest.len() <= 4 * rem.len()
        {
            self.cut_off_rest(&mut m, &rem, &highers, &rest);
        }
        let field = bits(rem.len() + 1) as usize;
        let window = (self.tie_bits as usize / field).max(1);
        // Pairs decided but not yet fixed in the matcher. The last optimum
        // holds them all, so it stays an optimum of the fixed problem and
        // answers the next players' questions as it is; fixing them one by
        // one would repair the duals after each (in an odd bracket that
        // rebuilds a blossom over all residents every time), while fixing
        // them with the next window's changes costs one warm solve.
        let mut pending: Vec<(usize, usize)> = Vec::new();
        let mut k = 0;
        while k < highers.len() {
            let a = highers[k];
            let best = rem
                .iter()
                .copied()
                .find(|&b| b > a && !matched[b] && !base.get(a, b).is_zero());
            if best.is_some() && m.mate(a) == best {
                let b = best.unwrap_or(0);
                matched[a] = true;
                matched[b] = true;
                pending.push((a, b));
                pairs.push((a, b));
                k += 1;
                continue;
            }
            let end = (k + window).min(highers.len());
            for (w, &a) in highers[k..end].iter().enumerate() {
                let shift = ((window - 1 - w) * field) as u32;
                let mut addend = 0u64;
                for &b in rem.iter().rev() {
                    if b <= a || matched[b] {
                        continue;
                    }
                    let wt = base.get(a, b);
                    if !wt.is_zero() {
                        m.set_weight(a, b, wt.add(Wide::from_u64(addend).shl(shift)));
                    }
                    addend += 1;
                }
            }
            for (a, b) in pending.drain(..) {
                m.fix_pair(a, b);
            }
            m.solve();
            for &a in &highers[k..end] {
                let b = m.mate(a).filter(|&b| b < cur).ok_or_else(|| {
                    DutchError::internal("a remainder S1 player lost his opponent")
                })?;
                matched[a] = true;
                matched[b] = true;
                pending.push((a, b));
                pairs.push((a, b));
            }
            k = end;
        }
        Ok(pairs)
    }

    /// Takes the players outside the remainder (`rest`: unpaired MDPs and
    /// the next scoregroup) out of the remainder's D.1, which then runs on
    /// a bipartite graph, S1R against S2R.
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
    fn cut_off_rest<const N: usize>(
        &self,
        m: &mut DenseMatching<Wide<N>>,
        rem: &[usize],
        highers: &[usize],
        rest: &[usize],
    ) {
        // A mask, not `highers.contains`: that was O(n²) in a 4,900-player
        // bracket.
        let mut higher = vec![false; self.idx.len()];
        for &a in highers {
            higher[a] = true;
        }
        let s2r: Vec<usize> = rem.iter().copied().filter(|&a| !higher[a]).collect();
        let one_left = rem.len() == 2 * highers.len() + 1;
        // The value of pairing `rest` with each possible leftover `b`: the
        // best of leaving him out and of pairing him with some `x`, that is
        // w(b, x) + V(rest - x) - V(rest), found by one warm solve with a
        // vertex holding b's edges. Players share a solve: when b's edges
        // are some of a solved player c's edges, with the same weights, and
        // include the partner c got (or c got none), b's value is c's:
        // fewer edges cannot gain, and c's best choice is still open to b.
        // Previous opponents (C.1) make the edges differ from player to
        // player; this keeps the solves to a few per bracket.
        let mut float_value = Vec::new();
        if one_left {
            let k = rest.len();
            let mut r = DenseMatching::<Wide<N>>::new(k + 1);
            for j in 0..k {
                for i in 0..j {
                    r.set_weight(i, j, m.weight(rest[i], rest[j]));
                }
            }
            r.solve();
            let alone = r.total_weight();
            // Solved rows, their partner (position in `rest`) and value.
            let mut solved: Vec<(Vec<Wide<N>>, Option<usize>, Wide<N>)> = Vec::new();
            for &b in &s2r {
                let row: Vec<Wide<N>> = rest.iter().map(|&x| m.weight(b, x)).collect();
                let covers = |(c, mate, _): &&(Vec<Wide<N>>, Option<usize>, Wide<N>)| {
                    mate.is_none_or(|x| !row[x].is_zero())
                        && row.iter().zip(c).all(|(w, cw)| w.is_zero() || w == cw)
                };
                let v = match solved.iter().find(covers) {
                    Some(&(_, _, v)) => v,
                    None => {
                        for (i, &x) in row.iter().enumerate() {
                            r.set_weight(k, i, x);
                        }
                        r.solve();
                        let v = r.total_weight().sub(alone);
                        solved.push((row, r.mate(k), v));
                        v
                    }
                };
                float_value.push(v);
            }
        }
        for &x in rest {
            for y in 0..self.idx.len() {
                if !m.weight(x, y).is_zero() {
                    m.set_weight(x, y, Wide::ZERO);
                }
            }
        }
        if one_left {
            let stand_in = rest[0];
            for (&b, v) in s2r.iter().zip(float_value) {
                m.set_weight(stand_in, b, v.add(Wide::from_u64(1)));
            }
        }
    }
}

/// Which of C.8-C.11 the pair `p` (the lower player) and `o` satisfies:
/// nobody beyond a colour difference of ±2 (C.8), nobody three times the
/// same colour (C.9), both colour preferences granted (C.10), both strong
/// preferences granted (C.11).
fn colour_flags(p: &Player, o: &Player) -> [bool; 4] {
    [
        // C.8: nobody beyond ±2.
        !p.absolute_imbalance() || !o.absolute_imbalance() || p.preference != o.preference,
        // C.9: nobody three times the same colour.
        !p.absolute()
            || !o.absolute()
            || p.preference != o.preference
            || if p.imbalance == o.imbalance {
                p.repeated.is_none() || p.repeated != o.repeated
            } else {
                let x = if p.imbalance > o.imbalance { o } else { p };
                x.repeated != p.preference.map(|c| c.opposite())
            },
        // C.10: both preferences.
        preferences_compatible(p.preference, o.preference),
        // C.11: strong preferences.
        (!p.strong() && !p.absolute())
            || (!o.strong() && !o.absolute())
            || (p.absolute() && o.absolute())
            || p.preference != o.preference,
    ]
}

macro_rules! dispatch {
    ($b:expr, $words:expr, $($n:literal)*) => {
        match $words {
            $(w if w <= $n => $b.solve::<$n>(),)*
            _ => Err(DutchError::internal("bracket too large for the weight width")),
        }
    };
}

/// Pairs the bracket with a weight width that fits it.
pub(crate) fn solve_bracket(b: &Bracket<'_>) -> Result<Vec<(usize, usize)>, DutchError> {
    let words = (b.weight_bits() as usize + 10).div_ceil(64);
    dispatch!(b, words, 1 2 3 4 5 6 7 8 9 10 12 16 20 24 32 48 64)
}

/// Pairs the whole round: returns, for each player (A.2 order), his opponent.
pub(crate) fn pair_round(pl: &[Player], played: u32) -> Result<Vec<Option<usize>>, DutchError> {
    pair_round_with(pl, played, true)
}

/// [`pair_round`], with the cut of [`Bracket::cut_off_rest`] allowed or
/// not (the test that checks the cut changes nothing turns it off).
fn pair_round_with(
    pl: &[Player],
    played: u32,
    cut_rest: bool,
) -> Result<Vec<Option<usize>>, DutchError> {
    let n = pl.len();
    let compat = Compat::new(pl);
    let mut fixed: Vec<Option<usize>> = vec![None; n];
    if n == 0 {
        return Ok(fixed);
    }
    if !completable(pl, &compat, &fixed) {
        return Err(DutchError::NoLegalPairing {
            reason: "the players cannot all be paired (one bye at most) without breaking C.1-C.3"
                .into(),
        });
    }
    let mut next = pl.iter().take_while(|p| p.score >= pl[0].score).count();
    let mut bracket: Vec<usize> = (0..next).collect();
    let mut mdp = 0;
    let mut special = next == n;
    while bracket.len() > 1 || next < n {
        let cur = bracket.len();
        let group_start = next;
        let mut idx = bracket.clone();
        while next < n && (special || pl[next].score >= pl[group_start].score) {
            idx.push(next);
            next += 1;
        }
        if cur == mdp {
            return Err(DutchError::internal("a bracket without residents"));
        }
        let group: Vec<usize> = idx[cur..].to_vec();
        // C.5 outranks every criterion but C.4 (PPB and CLB only): when the
        // bracket can pair all its players, every optimal candidate does,
        // nobody floats, and C.7 is the same for all of them, so the next
        // scoregroup cannot change the choice. Leaving it out of the
        // matching makes the bracket up to 8 times cheaper.
        if !special
            && cur.is_multiple_of(2)
            && !group.is_empty()
            && perfectly_pairable(&compat, &bracket)
        {
            idx.truncate(cur);
        }
        let mut b = Bracket::new(pl, &compat, idx, mdp, cur, special, next == n, played);
        b.cut_rest = cut_rest;
        let (pairs, how) = match b.perfect_first_candidate() {
            Some(p) => (p, "B.4: first candidate is perfect"),
            None => (
                solve_bracket(&b)?,
                "B.8: best candidate, earliest in B.6/B.7 order",
            ),
        };
        let mut trial = fixed.clone();
        for &(x, y) in &pairs {
            trial[b.idx[x]] = Some(b.idx[y]);
            trial[b.idx[y]] = Some(b.idx[x]);
        }
        if !special && !completable(pl, &compat, &trial) {
            // A.9: this bracket is the PPB; pair it again with C.4 and the
            // collapsed scoregroup below it.
            tracing::debug!(
                score = %swiss_core::Points(pl[b.idx[mdp]].score),
                "bracket is the penultimate pairing bracket"
            );
            next = group_start;
            special = true;
            continue;
        }
        fixed = trial;
        let mut paired = vec![false; cur];
        for &(x, y) in &pairs {
            paired[x] = true;
            paired[y] = true;
        }
        let floaters: Vec<usize> = (0..cur).filter(|&i| !paired[i]).map(|i| b.idx[i]).collect();
        tracing::debug!(
            // The residents' score (MDPs come from higher groups).
            score = %swiss_core::Points(pl[b.idx[mdp]].score),
            mdps = mdp,
            residents = cur - mdp,
            ppb_or_clb = b.special,
            chosen = how,
            unmet = %b.unmet_criteria(&pairs),
            pairs = ?pairs.iter().map(|&(x, y)| (pl[b.idx[x]].start_no, pl[b.idx[y]].start_no)).collect::<Vec<_>>(),
            downfloaters = ?floaters.iter().map(|&i| pl[i].start_no).collect::<Vec<_>>(),
            "bracket paired"
        );
        special = next == n;
        if next == n && b.idx.len() == cur && floaters.len() > 1 {
            return Err(DutchError::NoLegalPairing {
                reason: format!(
                    "the last bracket leaves {} players unpaired",
                    floaters.len()
                ),
            });
        }
        mdp = floaters.len();
        bracket = floaters;
        bracket.extend_from_slice(&group);
    }
    Ok(fixed)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Every reference case file with the state before the round it asks
    /// for, in file order.
    fn case_files() -> Vec<(std::path::PathBuf, swiss_core::RoundState)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../testdata/oracle/dutch-cases");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "trf"))
            .collect();
        files.sort();
        files
            .into_iter()
            .map(|f| {
                let text = std::fs::read_to_string(&f).unwrap();
                let t = swiss_core::trf::read(&text, "case").unwrap();
                let state = swiss_core::RoundState::next(&t);
                (f, state)
            })
            .collect()
    }

    /// C.04.3 C.5 outranks C.7 (and everything else but C.4, which only
    /// the PPB and the CLB use): an even bracket that can pair all its
    /// players gets the same pairs whether or not the next scoregroup takes
    /// part in its matching, which is why `pair_round` leaves it out. Checked
    /// on the top bracket of every reference case file where it applies.
    #[test]
    fn c043_c5_an_even_bracket_that_pairs_everyone_ignores_the_next_scoregroup() {
        let mut checked = 0;
        for (f, state) in case_files() {
            let pl = crate::player::in_pairing_order(&state);
            let compat = Compat::new(&pl);
            let cur = pl.iter().take_while(|p| p.score == pl[0].score).count();
            let end = cur
                + pl[cur..]
                    .iter()
                    .take_while(|p| p.score == pl[cur].score)
                    .count();
            let bracket: Vec<usize> = (0..cur).collect();
            if end == cur || cur % 2 == 1 || !perfectly_pairable(&compat, &bracket) {
                continue;
            }
            let played = state.round - 1;
            let with_next = Bracket::new(
                &pl,
                &compat,
                (0..end).collect(),
                0,
                cur,
                false,
                end == pl.len(),
                played,
            );
            let alone = Bracket::new(
                &pl,
                &compat,
                bracket,
                0,
                cur,
                false,
                end == pl.len(),
                played,
            );
            assert_eq!(
                solve_bracket(&with_next).unwrap(),
                solve_bracket(&alone).unwrap(),
                "{}",
                f.display()
            );
            checked += 1;
        }
        assert!(checked > 20, "only {checked} brackets checked");
    }

    /// C.04.3 D.1 in the remainder: leaving the players outside it (the
    /// next scoregroup) out of its solves once S1R is fixed, with the
    /// leftover S2R player's value as one edge weight, gives the same
    /// round as the full graph, on every reference case file.
    #[test]
    fn c043_d1_the_remainder_without_the_next_scoregroup_gives_the_same_pairs() {
        for (f, state) in case_files() {
            let pl = crate::player::in_pairing_order(&state);
            let played = state.round - 1;
            let cut = pair_round_with(&pl, played, true).ok();
            let full = pair_round_with(&pl, played, false).ok();
            assert_eq!(cut, full, "{}", f.display());
        }
    }

    /// Whether `b` builds a weight table, and if so whether every pair
    /// reads from it the weight [`Bracket::edge_weight`] computes.
    fn table_agrees<const N: usize>(b: &Bracket<'_>) -> Option<bool> {
        let base = Base::<N>::new(b);
        if base.table.is_empty() {
            return None;
        }
        let n = b.idx.len();
        Some((b.mdp..n).all(|j| (0..j).all(|i| base.get(i, j) == b.edge_weight(i, j))))
    }

    /// The [`Base`] weight table gives every pair the weight that
    /// [`Bracket::edge_weight`] computes, i.e. [`WeightFacts`] holds
    /// everything the weight reads: checked on every reference case file,
    /// over brackets with MDPs and a next scoregroup, ordinary, PPB/CLB,
    /// and before the last scoregroup.
    #[test]
    fn the_weight_table_matches_the_edge_weights() {
        let mut checked = 0;
        for (f, state) in case_files() {
            let pl = crate::player::in_pairing_order(&state);
            let compat = Compat::new(&pl);
            let group_end = |from: usize| {
                from + pl[from..]
                    .iter()
                    .take_while(|p| p.score == pl[from].score)
                    .count()
            };
            let mdp = group_end(0);
            if mdp == pl.len() {
                continue;
            }
            // Residents up to a score boundary, and (to tell the next
            // scoregroup from the residents by position alone) halfway.
            let end = group_end(mdp);
            let splits = [end, mdp + (end - mdp).div_ceil(2)];
            let kinds = [(false, false), (false, true), (true, true)];
            for (cur, (special, last_group)) in splits
                .into_iter()
                .flat_map(|c| kinds.into_iter().map(move |k| (c, k)))
            {
                let b = Bracket::new(
                    &pl,
                    &compat,
                    (0..pl.len()).collect(),
                    mdp,
                    cur,
                    special,
                    last_group,
                    state.round - 1,
                );
                let words = (b.weight_bits() as usize + 10).div_ceil(64);
                let agrees = match words {
                    1 => table_agrees::<1>(&b),
                    2 => table_agrees::<2>(&b),
                    3 => table_agrees::<3>(&b),
                    4 => table_agrees::<4>(&b),
                    _ => None,
                };
                if let Some(ok) = agrees {
                    let what = format!("cur={cur} special={special} last={last_group}");
                    assert!(ok, "{}: {what}", f.display());
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} brackets checked");
    }
}
