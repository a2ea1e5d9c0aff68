//! Dutch 2012 A.11: the quality of a bracket's pairing, and the search
//! that finds the requirement level C.10 settles on without walking
//! through the levels one by one.
//!
//! Every requirement C.3 sets and C.10 lowers is a count over the
//! candidate pairing ([`Quality`], most important first: B.2 for top
//! scorers, A.7.d, X, Z, B.5/B.6 for downfloaters, B.5/B.6 for
//! upfloaters). C.10 drops them in the reverse order and "any criterion
//! may be dropped only for the minimum number of pairs", so the level at
//! which the first candidate appears is the lexicographic minimum of that
//! vector over all candidates. A [`Graph`] finds it with one maximum
//! weight matching whose edge weights pack the vector (plus a small
//! tie-break towards the text's first candidates), and answers the
//! question the D.1-D.3 searches ask again and again: "with these pairs
//! fixed, is that level still reachable?"

use swiss_matching::{CardinalityMatcher, DenseMatching};

use super::a_definitions::Round;
use super::b_criteria::{
    A7D, B2, B5_DOWN, B5_UP, B6_DOWN, B6_UP, X, Z, compatible, floater_flags, pair_flags,
};

/// The requirement flags in C.10's order of importance (dropped last first).
const ORDER: [u8; 8] = [B2, A7D, X, Z, B5_DOWN, B6_DOWN, B5_UP, B6_UP];

/// How far a candidate pairing of a bracket falls short of C.3's initial
/// requirements: the number of pairs (or floaters) breaking each one, in
/// C.10's order of importance. The derived order is lexicographic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Quality {
    /// Pairs of top scorers ignoring B.2 (C.10.g).
    pub(crate) b2: u32,
    /// Pairs breaking A.7.d in an odd round (C.10.f).
    pub(crate) a7d: u32,
    /// Pairs not fulfilling all colour preferences: X (A.8.a, C.10.e).
    pub(crate) x: u32,
    /// Pairs not fulfilling all strong colour preferences: Z (A.8.b, C.10.e).
    pub(crate) z: u32,
    /// Downfloaters breaking B.5 (C.10.d).
    pub(crate) b5_down: u32,
    /// Downfloaters breaking B.6 (C.10.c).
    pub(crate) b6_down: u32,
    /// Upfloaters breaking B.5 (C.10.b).
    pub(crate) b5_up: u32,
    /// Upfloaters breaking B.6 (C.10.a).
    pub(crate) b6_up: u32,
}

impl Quality {
    /// The counts of one pair's or one floater's flags.
    pub(crate) fn of(flags: u8) -> Quality {
        let c = |f: u8| u32::from(flags & f != 0);
        Quality {
            b2: c(B2),
            a7d: c(A7D),
            x: c(X),
            z: c(Z),
            b5_down: c(B5_DOWN),
            b6_down: c(B6_DOWN),
            b5_up: c(B5_UP),
            b6_up: c(B6_UP),
        }
    }

    /// The counts in C.10's order of importance, most important first.
    pub(crate) fn fields(&self) -> [u32; 8] {
        [
            self.b2,
            self.a7d,
            self.x,
            self.z,
            self.b5_down,
            self.b6_down,
            self.b5_up,
            self.b6_up,
        ]
    }

    fn from_fields(f: [u32; 8]) -> Quality {
        Quality {
            b2: f[0],
            a7d: f[1],
            x: f[2],
            z: f[3],
            b5_down: f[4],
            b6_down: f[5],
            b5_up: f[6],
            b6_up: f[7],
        }
    }

    /// Component-wise sum.
    pub(crate) fn add(self, o: Quality) -> Quality {
        let (a, b) = (self.fields(), o.fields());
        Quality::from_fields(std::array::from_fn(|i| a[i].saturating_add(b[i])))
    }

    /// Component-wise difference (never below zero).
    pub(crate) fn sub(self, o: Quality) -> Quality {
        let (a, b) = (self.fields(), o.fields());
        Quality::from_fields(std::array::from_fn(|i| a[i].saturating_sub(b[i])))
    }

    /// The C.10 requirement level this quality stands for, for `--explain`.
    pub(crate) fn describe(&self, x1: usize, z1: usize, odd: bool) -> String {
        let dropped = |name: &str, n: u32| {
            if n == 0 {
                format!("{name} kept")
            } else {
                format!("{name} dropped for {n}")
            }
        };
        let mut s = format!("X={} (X1={x1})", (self.x as usize).max(x1),);
        if !odd {
            s += &format!(", Z={} (Z1={z1})", (self.z as usize).max(z1));
        } else {
            s += &format!(", {}", dropped("A.7.d", self.a7d));
        }
        if self.b2 > 0 {
            s += &format!(", {}", dropped("B.2 (top scorers)", self.b2));
        }
        s += &format!(
            ", {}, {}, {}, {}",
            dropped("B.5 down", self.b5_down),
            dropped("B.6 down", self.b6_down),
            dropped("B.5 up", self.b5_up),
            dropped("B.6 up", self.b6_up)
        );
        s
    }
}

/// Where a vertex stands in the current search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// In S1 of a homogeneous (or remainder) bracket: meets S2 only (C.4, D.1).
    S1,
    /// In S2: meets S1, or is moved down.
    S2,
    /// Not split yet: meets any other free vertex (every exchange of D.2
    /// together), or is moved down.
    Free,
    /// A moved-down player in S1 of a heterogeneous bracket (C.4, D.1.2):
    /// meets a resident only, never moves on.
    Het,
}

/// Whether two vertices may meet given their sides; `Some(true)` when the
/// pair is a heterogeneous one (the resident becomes an upfloater).
fn structural(su: Side, sv: Side, resident_u: bool, resident_v: bool) -> Option<bool> {
    match (su, sv) {
        (Side::S1, Side::S2) | (Side::S2, Side::S1) | (Side::Free, Side::Free) => Some(false),
        (Side::Het, Side::Free) if resident_v => Some(true),
        (Side::Free, Side::Het) if resident_u => Some(true),
        _ => None,
    }
}

/// Whether a vertex on side `s` may be moved down (or get the bye).
fn may_float(s: Side) -> bool {
    matches!(s, Side::S2 | Side::Free)
}

/// The vertices of one search: a bracket's players (in A.2 order) and
/// `dummies` floater slots, so that a perfect matching pairs exactly
/// `(players - dummies) / 2` pairs and moves the rest down.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// The players, by rank.
    pub(crate) players: Vec<usize>,
    /// Whether each is a resident (not moved down into the bracket).
    pub(crate) resident: Vec<bool>,
    /// Each player's side.
    pub(crate) side: Vec<Side>,
    /// Whether each may be moved down / get the bye.
    pub(crate) floatable: Vec<bool>,
    /// Floater slots.
    pub(crate) dummies: usize,
    /// Pairs of the natural S1 (tie-break only).
    pub(crate) s1_len: usize,
    /// Players moved down into the bracket (tie-break only).
    movers: usize,
}

impl Layout {
    /// A layout; `s1_len` is the size of the natural S1 (the tie-break
    /// prefers S1[i] with S2[i]).
    pub(crate) fn new(
        players: Vec<usize>,
        resident: Vec<bool>,
        side: Vec<Side>,
        floatable: Vec<bool>,
        dummies: usize,
        s1_len: usize,
    ) -> Layout {
        let movers = resident.iter().filter(|r| !**r).count();
        Layout {
            players,
            resident,
            side,
            floatable,
            dummies,
            s1_len,
            movers,
        }
    }

    /// Number of players.
    pub(crate) fn n(&self) -> usize {
        self.players.len()
    }

    /// The flags of edge `u-v` (player vertices), `None` when no edge.
    fn pair(&self, round: &Round, u: usize, v: usize) -> Option<u8> {
        let het = structural(
            self.side[u],
            self.side[v],
            self.resident[u],
            self.resident[v],
        )?;
        let (a, b) = (round.p(self.players[u]), round.p(self.players[v]));
        if !compatible(a, b) {
            return None;
        }
        // The upfloater is the resident of a heterogeneous pair.
        Some(if het && self.side[u] == Side::Het {
            pair_flags(a, b, round.odd(), true)
        } else if het {
            pair_flags(b, a, round.odd(), true)
        } else {
            pair_flags(a, b, round.odd(), false)
        })
    }

    /// The flags of moving player `v` down, `None` when he may not move.
    fn floater(&self, round: &Round, v: usize) -> Option<u8> {
        (may_float(self.side[v]) && self.floatable[v])
            .then(|| floater_flags(round.p(self.players[v])))
    }

    /// Tie-break cost of `u-v` (`u < v`, players): the distance from the
    /// text's first candidate (S1[i] with S2[i]).
    fn tie(&self, u: usize, v: usize) -> u64 {
        let (u, v) = (u.min(v), u.max(v));
        let d = if self.side[u] == Side::Het || self.side[v] == Side::Het {
            v as i64 - u as i64 - self.movers as i64
        } else {
            v as i64 - u as i64 - self.s1_len as i64
        };
        (d * d) as u64
    }

    /// Tie-break cost of moving `v` down: the text moves the last players.
    fn tie_floater(&self, v: usize) -> u64 {
        let last = self.n().saturating_sub(self.dummies);
        let d = last.saturating_sub(v) as u64;
        d * d
    }

    /// The quality of a given candidate (vertex pairs and floaters), `None`
    /// when it breaks an absolute criterion or the layout.
    pub(crate) fn quality_of(
        &self,
        round: &Round,
        pairs: &[(usize, usize)],
        floaters: &[usize],
    ) -> Option<Quality> {
        let mut q = Quality::default();
        for &(u, v) in pairs {
            q = q.add(Quality::of(self.pair(round, u, v)?));
        }
        for &v in floaters {
            q = q.add(Quality::of(self.floater(round, v)?));
        }
        Some(q)
    }

    /// Whether a perfect matching exists (the absolute criteria only): a
    /// cheap feasibility test before any weighted search.
    pub(crate) fn perfect(&self, round: &Round) -> bool {
        let n = self.n();
        let total = n + self.dummies;
        let mut m = CardinalityMatcher::new(total, |u, v| {
            let (u, v) = (u.min(v), u.max(v));
            if v < n {
                self.pair(round, u, v).is_some()
            } else {
                u < n && self.floater(round, u).is_some()
            }
        });
        m.maximum_matching();
        m.is_perfect()
    }
}

/// Bit positions of the packed weight.
#[derive(Clone, Copy, Debug)]
struct Packing {
    /// Shift of each flag, in [`ORDER`].
    shift: [u32; 8],
    /// Largest tie-break per edge.
    tie_cap: u64,
    /// The weight of an edge before costs: more pairs always win.
    base: u128,
}

impl Packing {
    fn new(vertices: usize) -> Packing {
        let pairs = (vertices / 2).max(1) as u128;
        let field = 128 - pairs.leading_zeros();
        // u128 headroom: weights below 2^125.
        let tie_bits = 124u32.saturating_sub(8 * field);
        let tie_total: u128 = if tie_bits == 0 {
            0
        } else {
            (1u128 << tie_bits) - 1
        };
        let tie_cap = u64::try_from(tie_total / pairs).unwrap_or(u64::MAX);
        let shift = std::array::from_fn(|i| tie_bits + field * (7 - i as u32));
        Packing {
            shift,
            tie_cap,
            base: 1u128 << (tie_bits + 8 * field).min(124),
        }
    }

    fn weight(&self, flags: u8, tie: u64) -> u128 {
        let mut cost = u128::from(tie.min(self.tie_cap));
        for (i, f) in ORDER.iter().enumerate() {
            if flags & f != 0 {
                cost += 1u128 << self.shift[i];
            }
        }
        self.base - cost
    }
}

/// One maximum weight matching over a [`Layout`]: vertices `0..n` are the
/// players, `n..n + dummies` the floater slots.
#[derive(Clone, Debug)]
pub(crate) struct Graph<'r> {
    round: &'r Round,
    /// The vertices and their sides.
    pub(crate) layout: Layout,
    pack: Packing,
    m: DenseMatching<u128>,
}

impl<'r> Graph<'r> {
    /// The graph of `layout`, all edges set, not solved.
    pub(crate) fn new(round: &'r Round, layout: Layout) -> Graph<'r> {
        let total = layout.n() + layout.dummies;
        let mut g = Graph {
            round,
            pack: Packing::new(total),
            m: DenseMatching::new(total),
            layout,
        };
        for u in 0..g.layout.n() {
            g.set_row(u, u + 1);
        }
        g
    }

    /// Sets the edges of player `u` to players `from..` and to every slot.
    fn set_row(&mut self, u: usize, from: usize) {
        let n = self.layout.n();
        for v in from..n {
            let w = match self.layout.pair(self.round, u, v) {
                Some(f) => self.pack.weight(f, self.layout.tie(u, v)),
                None => 0,
            };
            self.m.set_weight(u, v, w);
        }
        let w = match self.layout.floater(self.round, u) {
            Some(f) => self.pack.weight(f, self.layout.tie_floater(u)),
            None => 0,
        };
        for d in n..n + self.layout.dummies {
            self.m.set_weight(u, d, w);
        }
    }

    /// Moves player `u` to side `s` (an exchange of D.2).
    pub(crate) fn set_side(&mut self, u: usize, s: Side) {
        if self.layout.side[u] == s {
            return;
        }
        self.layout.side[u] = s;
        let n = self.layout.n();
        for v in 0..n {
            if v != u {
                let w = match self.layout.pair(self.round, u, v) {
                    Some(f) => self.pack.weight(f, self.layout.tie(u, v)),
                    None => 0,
                };
                self.m.set_weight(u, v, w);
            }
        }
        self.set_row(u, n);
    }

    /// Solves; the quality of the optimum, `None` when no pairing with the
    /// wanted number of pairs exists.
    pub(crate) fn solve(&mut self) -> Option<Quality> {
        self.m.solve();
        let total = self.layout.n() + self.layout.dummies;
        (self.m.pair_count() * 2 == total).then(|| self.quality())
    }

    /// The quality of the current solution.
    pub(crate) fn quality(&self) -> Quality {
        let n = self.layout.n();
        let mut q = Quality::default();
        for u in 0..n {
            match self.m.mate(u) {
                Some(v) if v < n && u < v => {
                    if let Some(f) = self.layout.pair(self.round, u, v) {
                        q = q.add(Quality::of(f));
                    }
                }
                Some(v) if v >= n => {
                    if let Some(f) = self.layout.floater(self.round, u) {
                        q = q.add(Quality::of(f));
                    }
                }
                _ => {}
            }
        }
        q
    }

    /// The partner of player `u` in the current solution (a slot index
    /// `>= n` means moved down).
    pub(crate) fn mate(&self, u: usize) -> Option<usize> {
        self.m.mate(u)
    }

    /// Whether `u-v` is an edge (players).
    pub(crate) fn has_edge(&self, u: usize, v: usize) -> bool {
        self.m.weight(u, v) != 0
    }

    /// Fixes `u-v` if the optimum with it still has quality `target`
    /// (and keeps that optimum); otherwise changes nothing.
    pub(crate) fn try_fix(&mut self, u: usize, v: usize, target: Quality) -> bool {
        if self.m.mate(u) == Some(v) {
            self.keep(u, v);
            return true;
        }
        let saved = self.m.clone();
        self.m.fix_pair(u, v);
        if self.solve() == Some(target) {
            return true;
        }
        self.m = saved;
        false
    }

    /// Fixes `u-v`, which is in the current optimum.
    pub(crate) fn keep(&mut self, u: usize, v: usize) {
        self.m.fix_pair(u, v);
        self.m.solve();
    }

    /// The player pairs of the current solution (vertex indices, `u < v`).
    pub(crate) fn pairs(&self) -> Vec<(usize, usize)> {
        let n = self.layout.n();
        (0..n)
            .filter_map(|u| self.m.mate(u).filter(|&v| v < n && u < v).map(|v| (u, v)))
            .collect()
    }

    /// The players moved down in the current solution (vertex indices).
    pub(crate) fn floaters(&self) -> Vec<usize> {
        let n = self.layout.n();
        (0..n)
            .filter(|&u| self.m.mate(u).is_some_and(|v| v >= n))
            .collect()
    }
}
