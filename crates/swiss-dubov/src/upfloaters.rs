//! `Dubov B.1` and `B.2`: the upfloaters of a bracket, chosen by the
//! completion criterion C.4 and the quality criteria C.5-C.10, ties broken
//! by D.1's order.
//!
//! Three methods, each exact (the tests compare them with a literal
//! enumeration of D.1's sets and with each other):
//!
//! - **Fast paths** for the usual brackets. When the residents can be
//!   paired among themselves, no upfloater is needed (C.5) if the lower
//!   players can still be paired (C.4). When exactly one is needed, the
//!   candidates are tried scoregroup by scoregroup (C.6) in the order of
//!   C.7's lower bound, C.8, C.9, C.10 and D.1; the first one that pairs
//!   the bracket with that bound met and leaves the rest completable wins.
//! - **Window**: one maximum weight matching of the residents with the
//!   candidates of the nearest lower scoregroups, every criterion C.5-C.10
//!   a field of the edge weights, then D.1's first set among the optima by
//!   forcing candidates in one at a time. C.4 is checked afterwards.
//! - **Full**: the same matching over all lower players, pairs among them
//!   included, so that C.4 is part of the problem. Used when the window's
//!   answer leaves the rest of the round unpairable.

use std::collections::BTreeMap;

use swiss_core::Colour;
use swiss_matching::{CardinalityMatcher, DenseMatching, Weight, Wide};

use crate::DubovError;
use crate::bracket::{BracketPairing, Outcome, pair_bracket};
use crate::compat::Compat;
use crate::player::Round;
use crate::weights::Layout;

/// Which method chose the upfloaters (for the explain log and the tests).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Strategy {
    /// The fast paths first, then the window, then the full matching.
    #[default]
    Auto,
    /// The window matching first (no fast path), then the full matching.
    Window,
    /// Always the full matching.
    Full,
}

/// Whether C.4 (the rest of the round stays pairable) is known to hold
/// for a chosen set.
pub(crate) enum C4 {
    /// It holds; the bracket's pairs are still to be fixed in the round's
    /// matcher.
    Holds,
    /// It holds: here is the round's matcher with the bracket's pairs
    /// fixed.
    Fixed(Box<CardinalityMatcher>),
    /// Not checked yet.
    Unchecked,
}

/// The chosen upfloaters and the bracket they make.
pub(crate) struct Chosen {
    /// The set, in D.1 order.
    pub set: Vec<usize>,
    /// The method that chose it.
    pub method: &'static str,
    /// The bracket paired by B.3-B.6.
    pub bracket: BracketPairing,
    /// What is known of C.4.
    pub c4: C4,
}

/// What the choice reads.
pub(crate) struct Ctx<'a> {
    /// The round.
    pub round: &'a Round,
    /// Legal pairs.
    pub compat: &'a Compat,
    /// Which methods may be used.
    pub strategy: Strategy,
}

impl Ctx<'_> {
    fn pref(&self, i: usize) -> Colour {
        self.round.players[i].pref.colour
    }

    /// C.8, C.9, C.10 of one upfloater (all zero in the last round).
    fn c8_c10(&self, u: usize) -> (u32, u32, u32) {
        c8_c10(self.round, u)
    }

    fn meets_any(&self, u: usize, residents: &[usize]) -> bool {
        residents.iter().any(|&r| self.compat.ok(r, u))
    }
}

/// `Dubov C.8`, `C.9`, `C.10` of one upfloater `u`: whether he is a
/// maximum upfloater (A.7), his upfloats if so, whether he upfloated in
/// the previous round; all zero in the last round.
pub(crate) fn c8_c10(round: &Round, u: usize) -> (u32, u32, u32) {
    if round.last {
        return (0, 0, 0);
    }
    let p = &round.players[u];
    let max = round.is_max_upfloater(u);
    (
        u32::from(max),
        if max { p.upfloats } else { 0 },
        u32::from(p.upfloated_last),
    )
}

/// The quality criteria `Dubov C.5`-`C.10` of a set of upfloaters with
/// the bracket pairing it yields (B.2), as the engine's weights count
/// them (`Problem::fields`): the `--explain` log and the arbiter's
/// comparison read them from here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Quality {
    /// C.5: how many upfloaters.
    pub c5: usize,
    /// C.6: their scores, lowest first (the larger sequence is better).
    pub c6: Vec<swiss_core::Points>,
    /// C.7: pairs whose two players want the same colour (one of them
    /// misses his preference).
    pub c7: usize,
    /// C.8-C.10 summed over the set: maximum upfloaters, their upfloats,
    /// upfloaters of the previous round; `None` in the last round.
    pub c8_c10: Option<(u32, u32, u32)>,
}

impl Quality {
    /// The values of `set` paired as `pairs` (B.3-B.6's, or a proposal's).
    pub fn of(round: &Round, set: &[usize], pairs: &[(usize, usize)]) -> Quality {
        let mut c6: Vec<swiss_core::Points> = set.iter().map(|&u| round.players[u].score).collect();
        c6.sort_unstable();
        let c7 = pairs
            .iter()
            .filter(|&&(a, b)| round.players[a].pref.colour == round.players[b].pref.colour)
            .count();
        let c8_c10 = (!round.last).then(|| {
            set.iter().fold((0, 0, 0), |acc, &u| {
                let (a, b, c) = c8_c10(round, u);
                (acc.0 + a, acc.1 + b, acc.2 + c)
            })
        });
        Quality {
            c5: set.len(),
            c6,
            c7,
            c8_c10,
        }
    }
}

/// The round's matcher with `pairs` fixed, if the players not yet paired
/// can then still all be paired (C.4); `global` itself is not changed.
pub(crate) fn fixed_copy(
    global: &CardinalityMatcher,
    pairs: &[(usize, usize)],
) -> Option<CardinalityMatcher> {
    let mut trial = global.clone();
    pairs
        .iter()
        .all(|&(a, b)| trial.try_fix_pair(a, b))
        .then_some(trial)
}

/// B.3-B.6 on the residents and `ups`, which must have a legal pairing.
pub(crate) fn paired(
    ctx: &Ctx<'_>,
    residents: &[usize],
    ups: &[usize],
) -> Result<BracketPairing, DubovError> {
    let mut all: Vec<usize> = residents.iter().chain(ups).copied().collect();
    all.sort_unstable();
    match pair_bracket(ctx.round, ctx.compat, &all, true)? {
        Outcome::Paired(b) => Ok(b),
        _ => Err(DubovError::internal(
            "B.2: the chosen bracket has no legal pairing",
        )),
    }
}

/// `Dubov B.1`/`B.2`: the upfloaters of the bracket with these residents,
/// and the bracket paired; `lower` holds the players not yet paired with a
/// lower score, in D.1 order (score descending, then initial ranking).
/// A set is judged by the pairing B.3-B.6 give it (B.2).
pub(crate) fn choose(
    ctx: &Ctx<'_>,
    global: &CardinalityMatcher,
    residents: &[usize],
    lower: &[usize],
) -> Result<Chosen, DubovError> {
    let levels = score_levels(ctx.round, lower);
    if ctx.strategy == Strategy::Auto {
        if residents.len().is_multiple_of(2) {
            // C.5: no upfloater, if the residents pair among themselves and
            // the rest of the round stays pairable (C.4).
            if let Outcome::Paired(bracket) = pair_bracket(ctx.round, ctx.compat, residents, true)?
            {
                let pairs = bracket.pairs();
                let c4 = if lower.is_empty() {
                    C4::Holds
                } else {
                    match fixed_copy(global, &pairs) {
                        Some(g) => C4::Fixed(Box::new(g)),
                        // C.4 binds: the answer without it fails it.
                        None => return full(ctx, residents, lower),
                    }
                };
                return Ok(Chosen {
                    set: Vec::new(),
                    method: "none needed",
                    bracket,
                    c4,
                });
            }
        } else if let Some(chosen) = single(ctx, global, residents, lower, &levels)? {
            return Ok(chosen);
        }
    }
    if ctx.strategy == Strategy::Full {
        return full(ctx, residents, lower);
    }
    let set = window(ctx, residents, lower, &levels)?;
    Ok(Chosen {
        bracket: paired(ctx, residents, &set)?,
        set,
        method: "window",
        c4: C4::Unchecked,
    })
}

/// `Dubov B.2` when C.4 must be part of the problem: all lower players.
pub(crate) fn full(
    ctx: &Ctx<'_>,
    residents: &[usize],
    lower: &[usize],
) -> Result<Chosen, DubovError> {
    let set = Problem::new(ctx, residents, lower.to_vec(), true)
        .solve()?
        .ok_or_else(|| DubovError::internal("B.2: no legal set of upfloaters"))?;
    Ok(Chosen {
        bracket: paired(ctx, residents, &set)?,
        set,
        method: "full",
        c4: C4::Holds,
    })
}

/// The ranges of `lower` holding one score each, highest first.
fn score_levels(round: &Round, lower: &[usize]) -> Vec<std::ops::Range<usize>> {
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    for (k, &i) in lower.iter().enumerate() {
        match out.last_mut() {
            Some(r) if round.players[lower[r.start]].score == round.players[i].score => {
                r.end = k + 1
            }
            _ => out.push(k..k + 1),
        }
    }
    out
}

/// The fast path for one upfloater (an odd number of residents). With
/// the residents and `u`, `w` players want White and `b` Black; a pairing
/// misses at least `|w - b| / 2` colour preferences (C.7), and exactly that
/// when no pair inside the smaller subgroup is unavoidable (B.4). Any other
/// legal pairing misses at least two more, so a candidate meeting the
/// bound beats every candidate of its scoregroup that does not (C.6 first,
/// then C.7). The candidates are paired in the order of that bound, C.8,
/// C.9, C.10 and D.1; the first that pairs without unavoidable pairs and
/// leaves the rest completable (C.4) wins. Returns `None` when the answer
/// needs the weighted method (a bracket of nobody who has played, where
/// B.3 splits by ranking, counts as having unavoidable pairs: it only
/// sends the choice to the weighted method).
fn single(
    ctx: &Ctx<'_>,
    global: &CardinalityMatcher,
    residents: &[usize],
    lower: &[usize],
    levels: &[std::ops::Range<usize>],
) -> Result<Option<Chosen>, DubovError> {
    let whites = residents
        .iter()
        .filter(|&&r| ctx.pref(r) == Colour::White)
        .count();
    let blacks = residents.len() - whites;
    let bound = |u: usize| {
        let (w, b) = if ctx.pref(u) == Colour::White {
            (whites + 1, blacks)
        } else {
            (whites, blacks + 1)
        };
        w.abs_diff(b) / 2
    };
    // Each try pairs a bracket; past this many, the weighted method is
    // cheaper.
    let mut budget = 32;
    for level in levels {
        let mut cands: Vec<usize> = lower[level.clone()]
            .iter()
            .copied()
            .filter(|&u| ctx.meets_any(u, residents))
            .collect();
        // Stable: D.1's order stays the last key.
        cands.sort_by_key(|&u| (bound(u), ctx.c8_c10(u)));
        let mut worse = false;
        for u in cands {
            if budget == 0 {
                return Ok(None);
            }
            budget -= 1;
            let mut bracket_players = residents.to_vec();
            bracket_players.push(u);
            bracket_players.sort_unstable();
            match pair_bracket(ctx.round, ctx.compat, &bracket_players, false)? {
                Outcome::Paired(bracket) => {
                    if let Some(g) = fixed_copy(global, &bracket.pairs()) {
                        return Ok(Some(Chosen {
                            set: vec![u],
                            method: "single",
                            bracket,
                            c4: C4::Fixed(Box::new(g)),
                        }));
                    }
                }
                Outcome::Unavoidable => worse = true,
                Outcome::Illegal => {}
            }
        }
        if worse {
            return Ok(None);
        }
    }
    Ok(None)
}

/// The window method: the nearest lower scoregroups first, doubling while
/// the window has no legal set. The best set within a window is the best
/// overall when C.4 holds for it: it has exactly `k_lb` upfloaters, the
/// fewest any set can have, so a set reaching below the window loses on
/// C.5 or, with as many upfloaters, on C.6 (its lowest score is lower).
///
/// Why exactly `k_lb`: if some residents `S` can float up (the others
/// pairing among themselves), the residents outside `S` are covered by a
/// matching; in the matching matroid that set extends to a maximum one,
/// whose complement `S' ⊆ S` has `k_lb` players and keeps the upfloaters
/// `S` used. C.5 ranks first, so the window's optimum has that size.
fn window(
    ctx: &Ctx<'_>,
    residents: &[usize],
    lower: &[usize],
    levels: &[std::ops::Range<usize>],
) -> Result<Vec<usize>, DubovError> {
    let k_lb = if cfg!(debug_assertions) {
        let mut m = CardinalityMatcher::new(residents.len(), |a, b| {
            ctx.compat.ok(residents[a], residents[b])
        });
        residents.len() - 2 * m.maximum_matching()
    } else {
        0
    };
    let mut w = 1;
    loop {
        let all = w >= levels.len();
        let end = levels
            .get(w.min(levels.len()).wrapping_sub(1))
            .map_or(0, |r| r.end);
        let near: Vec<usize> = lower[..end]
            .iter()
            .copied()
            .filter(|&u| ctx.meets_any(u, residents))
            .collect();
        let cands = reduce(ctx, residents, &near);
        match Problem::new(ctx, residents, cands, false).solve()? {
            Some(set) => {
                debug_assert_eq!(
                    set.len(),
                    k_lb,
                    "B.1: the window's optimum has k_lb upfloaters"
                );
                return Ok(set);
            }
            None if all => {
                return Err(DubovError::internal(
                    "B.2: the residents cannot be paired even with every lower player",
                ));
            }
            None => w *= 2,
        }
    }
}

/// What makes two candidates interchangeable for C.5-C.10: score, whether
/// White is wanted, and C.8-C.10's facts.
type Kind = (swiss_core::Points, bool, (u32, u32, u32));

/// The candidates that matter for the window: for each resident and each
/// kind of candidate (scoregroup, colour preference and, before the last
/// round, the C.8-C.10 facts), the first `residents.len()` in D.1 order
/// that may meet him. Any set using another candidate can swap him for an
/// unused kept one of the same kind: same C.5-C.10, earlier in D.1.
fn reduce(ctx: &Ctx<'_>, residents: &[usize], near: &[usize]) -> Vec<usize> {
    let cap = residents.len();
    let mut keep = vec![false; near.len()];
    for &r in residents {
        let mut taken: BTreeMap<Kind, usize> = BTreeMap::new();
        for (j, &u) in near.iter().enumerate() {
            if !ctx.compat.ok(r, u) {
                continue;
            }
            let kind = (
                ctx.round.players[u].score,
                ctx.pref(u) == Colour::White,
                ctx.c8_c10(u),
            );
            let c = taken.entry(kind).or_insert(0);
            if *c < cap {
                *c += 1;
                keep[j] = true;
            }
        }
    }
    near.iter()
        .zip(&keep)
        .filter(|(_, k)| **k)
        .map(|(&u, _)| u)
        .collect()
}

/// One weighted choice of upfloaters: vertices are the residents
/// (`0..r`) and the candidates (`r..`, in D.1 order). With `perfect`,
/// every vertex must be paired (C.4: the candidates left over pair among
/// themselves); otherwise only the residents must be.
struct Problem<'a> {
    ctx: &'a Ctx<'a>,
    residents: &'a [usize],
    cands: Vec<usize>,
    /// Scoregroup of each candidate, 0 = nearest.
    level: Vec<usize>,
    levels: usize,
    perfect: bool,
    /// The most times any candidate was upfloated (C.9's scale).
    c9_max: u64,
}

/// Field indices of the edge weights, most important first; the C.6
/// fields (one per scoregroup, deepest first) sit between `RR` and C.7.
const FORCE: usize = 0;
const COVER: usize = 1;
const RR: usize = 2;
const LEVELS: usize = 3;

impl<'a> Problem<'a> {
    fn new(ctx: &'a Ctx<'a>, residents: &'a [usize], cands: Vec<usize>, perfect: bool) -> Self {
        let mut level = Vec::with_capacity(cands.len());
        let mut l = 0;
        for (j, &u) in cands.iter().enumerate() {
            if j > 0 && ctx.round.players[cands[j - 1]].score != ctx.round.players[u].score {
                l += 1;
            }
            level.push(l);
        }
        let levels = level.last().map_or(0, |l| l + 1);
        let c9_max = cands
            .iter()
            .map(|&u| u64::from(ctx.c8_c10(u).1))
            .max()
            .unwrap_or(0);
        Problem {
            ctx,
            residents,
            cands,
            level,
            levels,
            perfect,
            c9_max,
        }
    }

    /// The layout: force, cover, RR, C.6 per scoregroup, C.7, C.8, C.9, C.10.
    fn layout(&self) -> Layout {
        let r = self.residents.len() as u64;
        let c = self.cands.len() as u64;
        let k = r.min(c);
        let mut sums = vec![k, if self.perfect { r + c } else { r }, r / 2];
        sums.extend(std::iter::repeat_n(k, self.levels));
        sums.extend([(r + k) / 2, k, k * self.c9_max, k]);
        Layout::new(&sums)
    }

    /// The field values of the edge between vertices `a < b`, if legal.
    fn fields(&self, a: usize, b: usize, forced: bool) -> Option<Vec<u64>> {
        let r = self.residents.len();
        let player = |v: usize| {
            if v < r {
                self.residents[v]
            } else {
                self.cands[v - r]
            }
        };
        let (pa, pb) = (player(a), player(b));
        if !self.ctx.compat.ok(pa, pb) {
            return None;
        }
        let mut f = vec![0u64; LEVELS + self.levels + 4];
        let c7 = LEVELS + self.levels;
        let differ = u64::from(self.ctx.pref(pa) != self.ctx.pref(pb));
        match (a < r, b < r) {
            (true, true) => {
                f[COVER] = 2;
                f[RR] = 1;
                f[c7] = differ;
            }
            (true, false) => {
                let j = b - r;
                f[FORCE] = u64::from(forced);
                f[COVER] = if self.perfect { 2 } else { 1 };
                // C.6: lexicographically fewest upfloaters in the deepest
                // scoregroup, then the next deepest, ...
                for l in 0..self.levels {
                    f[LEVELS + (self.levels - 1 - l)] = u64::from(self.level[j] != l);
                }
                f[c7] = differ;
                let (c8, c9, c10) = self.ctx.c8_c10(pb);
                f[c7 + 1] = 1 - u64::from(c8);
                f[c7 + 2] = self.c9_max - u64::from(c9);
                f[c7 + 3] = 1 - u64::from(c10);
            }
            _ if self.perfect => f[COVER] = 2,
            _ => return None,
        }
        Some(f)
    }

    fn solve(&self) -> Result<Option<Vec<usize>>, DubovError> {
        let layout = self.layout();
        match layout.total + 3 {
            0..=64 => self.solve_with::<u64>(&layout),
            65..=128 => self.solve_with::<u128>(&layout),
            129..=256 => self.solve_with::<Wide<4>>(&layout),
            257..=512 => self.solve_with::<Wide<8>>(&layout),
            513..=1024 => self.solve_with::<Wide<16>>(&layout),
            bits => Err(DubovError::internal(&format!(
                "B.2: the criteria need {bits} bits of edge weight"
            ))),
        }
    }

    /// Sets the edges of candidate `j` to the residents.
    fn set_candidate<W: Weight>(
        &self,
        m: &mut DenseMatching<W>,
        layout: &Layout,
        j: usize,
        state: Option<bool>,
    ) {
        let r = self.residents.len();
        for a in 0..r {
            let w = match state {
                None => W::ZERO,
                Some(forced) => self
                    .fields(a, r + j, forced)
                    .map_or(W::ZERO, |f| layout.pack(&f)),
            };
            m.set_weight(r + j, a, w);
        }
    }

    /// Solves, then walks the candidates in D.1 order taking each one some
    /// optimum can include with those taken before: D.1's first set among
    /// the best (B.2).
    fn solve_with<W: Weight>(&self, layout: &Layout) -> Result<Option<Vec<usize>>, DubovError> {
        let r = self.residents.len();
        let n = r + self.cands.len();
        let mut m = DenseMatching::<W>::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if let Some(f) = self.fields(a, b, false) {
                    m.set_weight(a, b, layout.pack(&f));
                }
            }
        }
        m.solve();
        let covered = if self.perfect {
            m.pair_count() * 2 == n
        } else {
            (0..r).all(|a| m.mate(a).is_some())
        };
        if !covered {
            return Ok(None);
        }
        let k = (0..r)
            .filter(|&a| m.mate(a).is_some_and(|b| b >= r))
            .count();
        let best = m.total_weight();
        let unit: W = W::bit(layout.offset(FORCE));
        let mut target = best;
        let mut set = Vec::with_capacity(k);
        for j in 0..self.cands.len() {
            if set.len() == k {
                break;
            }
            if !self.ctx.meets_any(self.cands[j], self.residents) {
                continue;
            }
            let v = r + j;
            let matched_up = m.mate(v).is_some_and(|x| x < r);
            self.set_candidate(&mut m, layout, j, Some(true));
            let with = target.add(unit);
            // Forcing a candidate the optimum already pairs upward keeps
            // it optimal; otherwise re-solve and compare.
            if matched_up || {
                m.solve();
                m.total_weight() == with
            } {
                set.push(self.cands[j]);
                target = with;
            } else {
                self.set_candidate(&mut m, layout, j, None);
                m.solve();
            }
        }
        if set.len() != k {
            return Err(DubovError::internal("B.2: D.1's walk lost an upfloater"));
        }
        Ok(Some(set))
    }
}
