//! Pairing one bracket once its upfloaters are chosen: `Dubov B.3` (G1 and
//! G2), `B.4` (the shifts, with D.2's order), `B.5` (S1) and `B.6` (T2, in
//! D.3's order).

use swiss_matching::{CardinalityMatcher, DenseMatching};

use crate::DubovError;
use crate::compat::Compat;
use crate::order::{first_feasible_set, middle_out};
use crate::player::Round;

/// How a bracket was paired, for the pairs and for `--explain`.
#[derive(Clone, Debug, Default)]
pub(crate) struct BracketPairing {
    /// G1 and G2 as B.3 forms them.
    pub g1: Vec<usize>,
    /// See `g1`.
    pub g2: Vec<usize>,
    /// The players B.4's first step shifts out of the smaller subgroup.
    pub first_shift: Vec<usize>,
    /// The players B.4's second step shifts out of the larger subgroup.
    pub second_shift: Vec<usize>,
    /// B.5's S1.
    pub s1: Vec<usize>,
    /// B.6's T2: `s1[i]` meets `t2[i]`.
    pub t2: Vec<usize>,
}

impl BracketPairing {
    /// The pairs `(s1[i], t2[i])`.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        self.s1
            .iter()
            .copied()
            .zip(self.t2.iter().copied())
            .collect()
    }
}

/// What B.3-B.6 make of a set of players.
pub(crate) enum Outcome {
    /// The pairing.
    Paired(BracketPairing),
    /// Some pairs inside the smaller subgroup are unavoidable (B.4) and the
    /// caller asked not to pay for finding the shifters.
    Unavoidable,
    /// No legal pairing (C.1, C.3) of these players exists.
    Illegal,
}

/// Pairs the bracket `players` (indices into [`Round::players`], an even
/// number): B.3-B.6. With `allow_unavoidable` false, a bracket needing
/// B.4's first shift is reported as [`Outcome::Unavoidable`] instead.
pub(crate) fn pair_bracket(
    round: &Round,
    compat: &Compat,
    players: &[usize],
    allow_unavoidable: bool,
) -> Result<Outcome, DubovError> {
    let (g1, g2) = subgroups(round, players);
    if g1.len() == g2.len() {
        // Equal subgroups that can be paired against each other need no
        // shift (B.4): the matcher of B.6 answers that too.
        let s1 = sort_s1(round, g1.clone());
        if let Some(t2) = first_transposition(round, compat, &s1, g2.clone())? {
            return Ok(Outcome::Paired(BracketPairing {
                g1,
                g2,
                s1,
                t2,
                ..BracketPairing::default()
            }));
        }
    }
    let g1_is_smaller = g1.len() <= g2.len();
    let (small, large) = if g1_is_smaller {
        (&g1, &g2)
    } else {
        (&g2, &g1)
    };
    let x_star = match unavoidable_pairs(compat, small, large, allow_unavoidable) {
        Unavoidable::Count(x) => x,
        Unavoidable::NotCounted => return Ok(Outcome::Unavoidable),
        Unavoidable::Illegal => return Ok(Outcome::Illegal),
    };
    let x = if x_star == 0 {
        Vec::new()
    } else {
        let pool = shifter_pool(round, small, g1_is_smaller);
        let mut shift = FirstShift::new(compat, small, large, x_star);
        let x = first_feasible_set(&pool, x_star, |inc, exc| shift.feasible(inc, exc));
        sorted_like(&pool, x)
    };
    let y_star = (large.len() + 2 * x_star - small.len()) / 2;
    let pool = shifter_pool(round, large, !g1_is_smaller);
    let y = first_feasible_set(&pool, y_star, |inc, exc| {
        second_shift_feasible(compat, small, large, &x, inc, exc)
    });
    let y = sorted_like(&pool, y);
    let stay = |g: &[usize], out: &[usize]| -> Vec<usize> {
        g.iter().copied().filter(|p| !out.contains(p)).collect()
    };
    let (mut new_g1, mut new_g2) = (stay(small, &x), stay(large, &y));
    new_g1.extend(&y);
    new_g2.extend(&x);
    if !g1_is_smaller {
        std::mem::swap(&mut new_g1, &mut new_g2);
    }
    let s1 = sort_s1(round, new_g1);
    let t2 = first_transposition(round, compat, &s1, new_g2)?
        .ok_or_else(|| DubovError::internal("B.6: no legal transposition after the shifts"))?;
    Ok(Outcome::Paired(BracketPairing {
        g1,
        g2,
        first_shift: x,
        second_shift: y,
        s1,
        t2,
    }))
}

/// `Dubov B.3`: G1 holds the White seekers and G2 the others, unless
/// nobody in the bracket has played a game yet: then G1 is the first half
/// by the initial ranking.
fn subgroups(round: &Round, players: &[usize]) -> (Vec<usize>, Vec<usize>) {
    if players.iter().all(|&i| round.players[i].no_games()) {
        let mut by_rank = players.to_vec();
        by_rank.sort_by_key(|&i| round.players[i].rank);
        let g2 = by_rank.split_off(by_rank.len() / 2);
        return (by_rank, g2);
    }
    players
        .iter()
        .partition(|&&i| round.players[i].pref.colour == swiss_core::Colour::White)
}

/// `Dubov D.2`: the possible shifters of subgroup `g`, numbered middle-out
/// (#1 first). White seekers (G1) sorted by ascending ARO, then initial
/// ranking; Black seekers (G2) by initial ranking. (With G1 formed by
/// ranking in round 1, everyone's ARO is 0 and both sorts agree.)
fn shifter_pool(round: &Round, g: &[usize], is_g1: bool) -> Vec<usize> {
    let mut sorted = g.to_vec();
    if is_g1 {
        sorted.sort_by_key(|&i| (round.players[i].aro, round.players[i].rank));
    } else {
        sorted.sort_by_key(|&i| round.players[i].rank);
    }
    middle_out(&sorted)
}

/// `set` in the order of `pool` (sequence numbers), for the explain log.
fn sorted_like(pool: &[usize], set: Vec<usize>) -> Vec<usize> {
    pool.iter().copied().filter(|p| set.contains(p)).collect()
}

/// The answer of [`unavoidable_pairs`].
enum Unavoidable {
    /// So many pairs inside the smaller subgroup.
    Count(usize),
    /// Some, not counted (the caller did not ask).
    NotCounted,
    /// The bracket has no legal pairing at all.
    Illegal,
}

/// `Dubov B.4`: how many pairs of players of the smaller subgroup every
/// legal pairing of the bracket contains: the fewest over all legal
/// pairings (zero when the smaller subgroup can be paired entirely against
/// the other, the rest of the other among themselves).
fn unavoidable_pairs(
    compat: &Compat,
    small: &[usize],
    large: &[usize],
    count: bool,
) -> Unavoidable {
    let all: Vec<usize> = small.iter().chain(large).copied().collect();
    let s = small.len();
    let n = all.len();
    let mut m = CardinalityMatcher::new(n, |a, b| !(a < s && b < s) && compat.ok(all[a], all[b]));
    m.maximum_matching();
    if m.is_perfect() {
        return Unavoidable::Count(0);
    }
    let mut m = CardinalityMatcher::new(n, |a, b| compat.ok(all[a], all[b]));
    m.maximum_matching();
    if !m.is_perfect() {
        return Unavoidable::Illegal;
    }
    if !count {
        return Unavoidable::NotCounted;
    }
    // Perfect matchings with the most pairs touching the larger subgroup:
    // each pair is worth `base` (more than all the bonuses together, so the
    // matching is perfect) plus 1 unless both players are in `small`.
    let base = n as u64 + 1;
    let mut w = DenseMatching::<u64>::new(n);
    for a in 0..n {
        for b in a + 1..n {
            if compat.ok(all[a], all[b]) {
                w.set_weight(a, b, base + u64::from(!(a < s && b < s)));
            }
        }
    }
    w.solve();
    Unavoidable::Count(
        (0..s)
            .filter(|&a| w.mate(a).is_some_and(|b| a < b && b < s))
            .count(),
    )
}

/// The oracle of B.4's first step: may the players `inc` of the smaller
/// subgroup be shifted (with some of the undecided ones, none of `exc`)
/// so that a legal pairing with only `x_star` pairs inside the smaller
/// subgroup results? Each such pair has one shifted player and one that
/// stays, so this is a perfect matching with the fewest such pairs in the
/// graph where shifted players only meet stayers of their own subgroup.
struct FirstShift<'a> {
    compat: &'a Compat,
    all: Vec<usize>,
    small: usize,
    x_star: usize,
    m: DenseMatching<u64>,
}

impl<'a> FirstShift<'a> {
    fn new(compat: &'a Compat, small: &[usize], large: &[usize], x_star: usize) -> Self {
        let all: Vec<usize> = small.iter().chain(large).copied().collect();
        let n = all.len();
        FirstShift {
            compat,
            small: small.len(),
            x_star,
            m: DenseMatching::new(n),
            all,
        }
    }

    fn feasible(&mut self, inc: &[usize], exc: &[usize]) -> bool {
        let n = self.all.len();
        let s = self.small;
        let base = n as u64 + 1;
        let local = |p: &usize| self.all.iter().position(|q| q == p);
        let mut state = vec![0u8; n]; // 0 undecided, 1 shifted, 2 stays
        for (set, mark) in [(inc, 1), (exc, 2)] {
            for p in set {
                if let Some(a) = local(p) {
                    state[a] = mark;
                }
            }
        }
        for a in 0..n {
            for b in a + 1..n {
                let (sa, sb) = (a < s, b < s);
                let allowed = self.compat.ok(self.all[a], self.all[b])
                    && match (sa, sb) {
                        // Inside the smaller subgroup: one shifted, one stays.
                        (true, true) => !(state[a] == state[b] && state[a] != 0),
                        // Across: only players that are not shifted.
                        (true, false) => state[a] != 1,
                        (false, true) => state[b] != 1,
                        (false, false) => true,
                    };
                let w = if allowed {
                    base + u64::from(!(sa && sb))
                } else {
                    0
                };
                self.m.set_weight(a, b, w);
            }
        }
        self.m.solve();
        let pairs = self.m.pair_count();
        let inside = (0..s)
            .filter(|&a| self.m.mate(a).is_some_and(|b| a < b && b < s))
            .count();
        pairs * 2 == n && inside == self.x_star
    }
}

/// The oracle of B.4's second step: with `x` shifted out of the smaller
/// subgroup, may `inc` (and some undecided players, none of `exc`) be
/// shifted out of the larger one so that G1 and G2 have a legal pairing
/// against each other? The pairs are then: shifted `x` with stayers of the
/// smaller subgroup, stayers of the two subgroups, and pairs inside the
/// larger subgroup with exactly one shifted player.
fn second_shift_feasible(
    compat: &Compat,
    small: &[usize],
    large: &[usize],
    x: &[usize],
    inc: &[usize],
    exc: &[usize],
) -> bool {
    let all: Vec<usize> = small.iter().chain(large).copied().collect();
    let s = small.len();
    let state = |p: usize| -> u8 {
        if x.contains(&p) || inc.contains(&p) {
            1
        } else if exc.contains(&p) {
            2
        } else {
            0
        }
    };
    let st: Vec<u8> = all.iter().map(|&p| state(p)).collect();
    let mut m = CardinalityMatcher::new(all.len(), |a, b| {
        compat.ok(all[a], all[b])
            && match (a < s, b < s) {
                // A shifted player of the smaller subgroup with a stayer.
                (true, true) => (st[a] == 1) != (st[b] == 1),
                (true, false) => st[a] != 1 && st[b] != 1,
                (false, true) => st[b] != 1 && st[a] != 1,
                (false, false) => !(st[a] == st[b] && st[a] != 0),
            }
    });
    m.maximum_matching();
    m.is_perfect()
}

/// `Dubov B.5`: S1 is G1 by ascending ARO, then initial ranking.
fn sort_s1(round: &Round, mut g1: Vec<usize>) -> Vec<usize> {
    g1.sort_by_key(|&i| (round.players[i].aro, round.players[i].rank));
    g1
}

/// `Dubov B.6` with D.3: T2 is the first transposition of G2 (G2 numbered
/// by initial ranking, transpositions in lexicographic order) whose pairs
/// `s1[i]`-`t2[i]` are all legal: the lexicographically first perfect
/// matching, built place by place, each place taking the first G2 player
/// that still leaves a perfect matching of the rest (one augmenting-path
/// search per try). `None` when no transposition is legal.
fn first_transposition(
    round: &Round,
    compat: &Compat,
    s1: &[usize],
    mut g2: Vec<usize>,
) -> Result<Option<Vec<usize>>, DubovError> {
    g2.sort_by_key(|&i| round.players[i].rank);
    let h = s1.len();
    if g2.len() != h {
        return Err(DubovError::internal("B.6: S1 and G2 differ in size"));
    }
    // Vertices: S1 in order, then G2 in order; the greedy start of the
    // matcher already pairs each S1 player with his first free partner.
    let mut m =
        CardinalityMatcher::new(2 * h, |a, b| a < h && b >= h && compat.ok(s1[a], g2[b - h]));
    m.maximum_matching();
    if !m.is_perfect() {
        return Ok(None);
    }
    let mut t2 = Vec::with_capacity(h);
    for a in 0..h {
        let b = (h..2 * h)
            .find(|&b| m.is_active(b) && m.is_edge(a, b) && m.try_fix_pair(a, b))
            .ok_or_else(|| DubovError::internal("B.6: a place of T2 found no partner"))?;
        t2.push(g2[b - h]);
    }
    Ok(Some(t2))
}
