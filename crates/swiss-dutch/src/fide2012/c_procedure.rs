//! Dutch 2012 C.1-C.11 and C.14: pairing one score bracket.
//!
//! The text walks the requirement levels of C.3/C.10 one by one and, at
//! each, the D.3 sets, the transpositions of D.1 and the exchanges of D.2.
//! Here the level comes first, from one matching (see `a11_quality`):
//! the lexicographically least [`Quality`] over all candidates is the
//! first level at which any candidate qualifies, and "any criterion may be
//! dropped only for the minimum number of pairs" fixes how far each
//! dropped one may be broken. Then the candidates of that level are
//! searched in the text's order: D.3 sets, transpositions in the
//! heterogeneous part (each kept only when the remainder can still be
//! paired at that level, so C.9's return never happens), then in the
//! remainder or homogeneous bracket the exchanges of D.2 and the
//! transpositions of D.1.

use std::ops::ControlFlow;

use tracing::debug;

use crate::DutchError;

use super::a_definitions::{Bracket, Round};
use super::a8_colour_counts::{colour_counts, x1, z1};
use super::a11_quality::{Graph, Layout, Quality, Side};
use super::b_criteria::compatible;
use super::d1_transpositions::first_transposition;
use super::d2_exchanges::for_each_exchange;
use super::d3_moved_down::for_each_choice;

/// Bound of the D.2 search: exchanges tried times the bracket size squared
/// (each try is a warm re-solve of about n² steps).
const EXCHANGE_WORK: usize = 20_000_000;
/// Bound of the D.3 search: sets of moved-down players tried per state.
const MAX_CHOICES: usize = 128;

/// Where C.14 stands: M1 moved-down players to pair first (0: the bracket
/// is paired as homogeneous) and P1 pairs to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// M1 (A.6.c, C.2.a, C.14.b).
    pub(crate) m1: usize,
    /// P1 (A.6.b, C.2.a, C.14).
    pub(crate) p1: usize,
}

/// A paired bracket.
#[derive(Clone, Debug)]
pub(crate) struct Paired {
    /// The pairs, by rank.
    pub(crate) pairs: Vec<(usize, usize)>,
    /// The players moved down to the next bracket (by rank; in the lowest
    /// bracket the bye).
    pub(crate) floaters: Vec<usize>,
    /// The state of C.14 at which the bracket was paired.
    pub(crate) state: State,
}

/// What pairing a bracket came to.
pub(crate) enum Outcome {
    /// Paired.
    Paired(Paired),
    /// The moved-down players cannot be paired: C.12 asks to backtrack.
    Backtrack,
    /// The lowest bracket cannot be completed: C.13.
    Lowest,
}

/// How a bracket is paired.
#[derive(Clone, Debug, Default)]
pub(crate) struct Control {
    /// Already backtracking (C.12: no backtracking from here).
    pub(crate) backtracking: bool,
    /// Players who may not be moved down in this attempt (the search for
    /// another set of floaters in C.12/C.13).
    pub(crate) keep: Vec<usize>,
}

/// A bracket after C.1 and C.2.
#[derive(Clone, Debug)]
pub(crate) struct Prepared {
    /// The players, moved-down ones first, each part in A.2 order.
    pub(crate) players: Vec<usize>,
    /// M0: `players[..m0]` were moved down (A.6.c).
    pub(crate) m0: usize,
    /// Residents moved down by C.1.
    pub(crate) moved: Vec<usize>,
    /// Whether a moved-down player has no possible opponent (C.1).
    pub(crate) incompatible_mdp: bool,
    /// The lowest bracket (C.13).
    pub(crate) lowest: bool,
    /// Treated as heterogeneous (A.3): some, but fewer than half, moved down.
    pub(crate) heterogeneous: bool,
    /// P0 (A.6.b).
    pub(crate) p0: usize,
    /// X1 (A.8.a).
    pub(crate) x1: usize,
    /// Z1 (A.8.b).
    pub(crate) z1: usize,
}

impl Prepared {
    /// The state C.2 starts from.
    pub(crate) fn initial(&self) -> State {
        State {
            m1: if self.heterogeneous { self.m0 } else { 0 },
            p1: self.p0,
        }
    }

    /// Starts with the requirements C.3 resets at `st` (for `--explain` and
    /// the shortcut): X1 and Z1 lowered with P1 (C.14.a).
    fn lower_bound(&self, round: &Round, st: State) -> Quality {
        let cut = self.p0 - st.p1.min(self.p0);
        Quality {
            x: self.x1.saturating_sub(cut) as u32,
            z: if round.odd() {
                0
            } else {
                self.z1.saturating_sub(cut) as u32
            },
            ..Quality::default()
        }
    }
}

/// C.1 and C.2: moves down the residents who have no possible opponent in
/// the bracket (B.1, or B.2 unless top scorers), notes a moved-down player
/// in that situation, and determines P0, M0, X1, Z1.
pub(crate) fn prepare(round: &Round, br: &Bracket) -> Prepared {
    let mut mdps = br.mdps.clone();
    mdps.sort_unstable();
    let mut residents = br.residents.clone();
    residents.sort_unstable();
    let mut moved = Vec::new();
    let alone = |x: usize, all: &[usize]| {
        !all.iter()
            .any(|&o| o != x && compatible(round.p(x), round.p(o)))
    };
    if !br.lowest {
        loop {
            let all: Vec<usize> = mdps.iter().chain(&residents).copied().collect();
            let Some(k) = residents.iter().position(|&r| alone(r, &all)) else {
                break;
            };
            let r = residents.remove(k);
            debug!(target: "swiss_dutch", "C.1: player {} has no opponent in the bracket: moved down", round.p(r).id);
            moved.push(r);
        }
    }
    let players: Vec<usize> = mdps.iter().chain(&residents).copied().collect();
    let incompatible_mdp = mdps.iter().any(|&m| alone(m, &players));
    let n = players.len();
    let p0 = n / 2;
    let m0 = mdps.len();
    let counts = colour_counts(round, &players);
    let prep = Prepared {
        heterogeneous: m0 > 0 && 2 * m0 < n,
        m0,
        moved,
        incompatible_mdp,
        lowest: br.lowest,
        p0,
        x1: x1(p0, &counts),
        z1: z1(p0, &counts, round.odd()),
        players,
    };
    if n == 0 {
        return prep;
    }
    debug!(
        target: "swiss_dutch",
        "C.2: bracket of {n} players ({} moved down, {}), P0={p0}, M0={m0}, X1={}{}",
        m0,
        if prep.heterogeneous { "heterogeneous" } else { "treated as homogeneous (A.3)" },
        prep.x1,
        if round.odd() { String::new() } else { format!(", Z1={}", prep.z1) }
    );
    prep
}

/// Pairs one score bracket (C.1-C.14): the first state of C.14 at which a
/// pairing exists, the first candidate of it in the text's order.
pub(crate) fn pair_bracket(
    round: &Round,
    br: &Bracket,
    ctl: &Control,
) -> Result<Outcome, DutchError> {
    let prep = prepare(round, br);
    if prep.incompatible_mdp && !ctl.backtracking {
        debug!(target: "swiss_dutch", "C.1: a moved-down player has no opponent: C.12");
        return Ok(Outcome::Backtrack);
    }
    let mut st = prep.initial();
    let mut first = true;
    loop {
        if let Some(p) = pair_at_state(round, &prep, st, ctl)? {
            return Ok(Outcome::Paired(p));
        }
        if first && prep.m0 > 0 && !ctl.backtracking {
            debug!(target: "swiss_dutch", "C.12: P1={} pairings impossible with these moved-down players", st.p1);
            return Ok(Outcome::Backtrack);
        }
        first = false;
        match c14_next_state(round, &prep, st) {
            Some(next) => {
                debug!(target: "swiss_dutch", "C.14: M1={} P1={} impossible: M1={} P1={}", st.m1, st.p1, next.m1, next.p1);
                st = next;
            }
            None if prep.lowest => {
                debug!(target: "swiss_dutch", "C.13: the lowest bracket cannot be paired");
                return Ok(Outcome::Lowest);
            }
            None => {
                return Err(DutchError::internal(
                    "C.14: a bracket that cannot move down",
                ));
            }
        }
    }
}

/// C.14: the next state after every requirement failed at `st`: P1 down
/// in a homogeneous bracket (a); in a heterogeneous one P1 down when the
/// moved-down players could be paired ("got to the remainder", b.1), else
/// M1 down, and from M1 = 1 the bracket as homogeneous with P1 = P0 (b.2).
/// The lowest bracket keeps P1 (everyone must be paired, C.13).
pub(crate) fn c14_next_state(round: &Round, prep: &Prepared, st: State) -> Option<State> {
    if st.m1 == 0 {
        return (!prep.lowest && st.p1 > 0).then(|| State {
            m1: 0,
            p1: st.p1 - 1,
        });
    }
    if !prep.lowest && st.p1 > st.m1 && moved_down_pairable(round, prep, st.m1) {
        return Some(State {
            m1: st.m1,
            p1: st.p1 - 1,
        });
    }
    Some(if st.m1 == 1 {
        State { m1: 0, p1: prep.p0 }
    } else {
        State {
            m1: st.m1 - 1,
            p1: st.p1,
        }
    })
}

/// Whether `m1` moved-down players can all get resident opponents at
/// once (the heterogeneous part of C.6 succeeds for some D.3 set).
fn moved_down_pairable(round: &Round, prep: &Prepared, m1: usize) -> bool {
    let n = prep.players.len();
    let m0 = prep.m0;
    let mut m = swiss_matching::CardinalityMatcher::new(n, |u, v| {
        let (u, v) = (u.min(v), u.max(v));
        u < m0 && v >= m0 && compatible(round.p(prep.players[u]), round.p(prep.players[v]))
    });
    m.maximum_matching() >= m1
}

/// C.3-C.10 at a fixed state: the first candidate of the first
/// requirement level that has one, `None` when no pairing has `st.p1`
/// pairs (with `st.m1` moved-down players paired first).
pub(crate) fn pair_at_state(
    round: &Round,
    prep: &Prepared,
    st: State,
    ctl: &Control,
) -> Result<Option<Paired>, DutchError> {
    let n = prep.players.len();
    if 2 * st.p1 > n || (prep.lowest && n - 2 * st.p1 > 1) {
        return Ok(None);
    }
    let floatable: Vec<bool> = prep
        .players
        .iter()
        .map(|r| !ctl.keep.contains(r) && (!prep.lowest || round.p(*r).bye_ok))
        .collect();
    let found = if st.m1 == 0 {
        let lay = Layout::new(
            prep.players.clone(),
            vec![true; n],
            vec![Side::Free; n],
            floatable.clone(),
            n - 2 * st.p1,
            st.p1,
        );
        if !lay.perfect(round) {
            return Ok(None);
        }
        let lb = prep.lower_bound(round, st);
        homogeneous(
            round,
            &prep.players,
            st.p1,
            &floatable,
            None,
            lb,
            (prep.x1, prep.z1),
        )?
    } else {
        match heterogeneous(round, prep, st, &floatable)? {
            Some(found) => found,
            None => return Ok(None),
        }
    };
    let (pairs, mut floaters) = found;
    floaters.extend(&prep.moved);
    floaters.sort_unstable();
    Ok(Some(Paired {
        pairs,
        floaters,
        state: st,
    }))
}

/// Pairs and floaters, by rank.
type Found = (Vec<(usize, usize)>, Vec<usize>);

/// C.4-C.8.a for a homogeneous or remainder bracket `group` (ranks, A.2
/// order) with `p` pairs: the first exchange (D.2) and transposition (D.1)
/// at requirement level `target` (`None`: the least reachable one).
/// `lb` is the least level A.8 allows: when transposition 0 reaches it,
/// no search is needed.
fn homogeneous(
    round: &Round,
    group: &[usize],
    p: usize,
    floatable: &[bool],
    target: Option<Quality>,
    lb: Quality,
    x1z1: (usize, usize),
) -> Result<Found, DutchError> {
    let n = group.len();
    let dummies = n - 2 * p;
    let base: Vec<Side> = (0..n)
        .map(|i| if i < p { Side::S1 } else { Side::S2 })
        .collect();
    let lay = Layout::new(
        group.to_vec(),
        vec![true; n],
        base.clone(),
        floatable.to_vec(),
        dummies,
        p,
    );
    // C.6 with S1 and S2 as they are (transposition 0, no exchange).
    let natural: Vec<(usize, usize)> = (0..p).map(|i| (i, p + i)).collect();
    let rest: Vec<usize> = (2 * p..n).collect();
    let q_nat = lay.quality_of(round, &natural, &rest);
    if q_nat.is_some() && q_nat == target.or(Some(lb)) {
        debug!(target: "swiss_dutch", "C.6: S1 against S2 in order meets the requirements");
        return Ok(to_ranks(group, &natural, &rest));
    }
    // The split as it is first: when its optimum reaches A.8's least
    // level, that is the level of the whole bracket too.
    let mut g = Graph::new(round, lay);
    let q_split = g.solve();
    let mut general: Option<Graph<'_>> = None;
    let level = match target {
        Some(t) => t,
        None if q_split == Some(lb) => lb,
        None => {
            let mut whole = Graph::new(
                round,
                Layout::new(
                    group.to_vec(),
                    vec![true; n],
                    vec![Side::Free; n],
                    floatable.to_vec(),
                    dummies,
                    p,
                ),
            );
            let q = whole
                .solve()
                .ok_or_else(|| DutchError::internal("C.10: no level"))?;
            general = Some(whole);
            q
        }
    };
    debug!(target: "swiss_dutch", "C.10: requirements {}", level.describe(x1z1.0, x1z1.1, round.odd()));
    if q_split != Some(level) {
        c8_exchange(round, &mut g, &base, p, level, general)?;
    }
    let s1: Vec<usize> = (0..n).filter(|&v| g.layout.side[v] == Side::S1).collect();
    let s2: Vec<usize> = (0..n).filter(|&v| g.layout.side[v] == Side::S2).collect();
    let pairs = first_transposition(&mut g, &s1, &s2, level)?;
    let floaters = g.floaters();
    Ok(to_ranks(group, &pairs, &floaters))
}

/// C.8.a: the first exchange of D.2 after which the split reaches
/// `level`; `g` is left solved on it. Past the bound on the search the
/// exchange shown by an optimum of the unsplit bracket is taken.
fn c8_exchange(
    round: &Round,
    g: &mut Graph<'_>,
    base: &[Side],
    p: usize,
    level: Quality,
    general: Option<Graph<'_>>,
) -> Result<(), DutchError> {
    let n = base.len();
    let cap = (EXCHANGE_WORK / (n * n).max(1)).clamp(16, 1024);
    let mut tried = 0usize;
    let mut found = false;
    let _ = for_each_exchange(p, n - p, |i, j| {
        tried += 1;
        if tried > cap {
            return ControlFlow::Break(());
        }
        let mut want = base.to_vec();
        for &o in i {
            want[p - 1 - o] = Side::S2;
        }
        for &o in j {
            want[p + o] = Side::S1;
        }
        for (v, s) in want.into_iter().enumerate() {
            g.set_side(v, s);
        }
        if g.solve() == Some(level) {
            found = true;
            let from: Vec<u32> = i
                .iter()
                .map(|o| round.p(g.layout.players[p - 1 - o]).id)
                .collect();
            let to: Vec<u32> = j
                .iter()
                .map(|o| round.p(g.layout.players[p + o]).id)
                .collect();
            debug!(target: "swiss_dutch", "C.8: exchange {tried} of D.2: {from:?} from S1 with {to:?} from S2");
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if found {
        return Ok(());
    }
    let mut whole = match general {
        Some(x) => x,
        None => {
            let mut lay = g.layout.clone();
            lay.side = vec![Side::Free; n];
            Graph::new(round, lay)
        }
    };
    if whole.solve() != Some(level) {
        return Err(DutchError::internal("C.8: the level has no pairing"));
    }
    let mut want = vec![Side::S2; n];
    for (u, _) in whole.pairs() {
        want[u] = Side::S1;
    }
    for (v, s) in want.into_iter().enumerate() {
        g.set_side(v, s);
    }
    debug!(target: "swiss_dutch", "C.8: D.2 search bound ({cap} exchanges) reached: the exchange of an optimal pairing is taken");
    if g.solve() != Some(level) {
        return Err(DutchError::internal(
            "C.8: the fallback exchange misses the level",
        ));
    }
    Ok(())
}

/// C.4-C.9 for a heterogeneous bracket at `st`: the first D.3 set of M1
/// moved-down players whose best level is the least, its first
/// transposition (D.1.2) that leaves a pairable remainder, then the
/// remainder as a homogeneous bracket.
fn heterogeneous(
    round: &Round,
    prep: &Prepared,
    st: State,
    floatable: &[bool],
) -> Result<Option<Found>, DutchError> {
    let n = prep.players.len();
    let m0 = prep.m0;
    let resident: Vec<bool> = (0..n).map(|v| v >= m0).collect();
    let lb = prep.lower_bound(round, st);
    let mut best: Option<(Quality, Vec<usize>, Graph<'_>)> = None;
    let mut tried = 0;
    let _ = for_each_choice(m0, st.m1, |c| {
        tried += 1;
        if tried > MAX_CHOICES {
            return ControlFlow::Break(());
        }
        let side: Vec<Side> = (0..n)
            .map(|v| {
                if c.contains(&v) {
                    Side::Het
                } else {
                    Side::Free
                }
            })
            .collect();
        let lay = Layout::new(
            prep.players.clone(),
            resident.clone(),
            side,
            floatable.to_vec(),
            n - 2 * st.p1,
            st.p1 - st.m1,
        );
        if !lay.perfect(round) {
            return ControlFlow::Continue(());
        }
        let mut g = Graph::new(round, lay);
        if let Some(q) = g.solve()
            && best.as_ref().is_none_or(|b| q < b.0)
        {
            best = Some((q, c.to_vec(), g));
            if q == lb {
                // No later set can do better than A.8's least level.
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    let Some((level, choice, mut g)) = best else {
        return Ok(None);
    };
    let ids: Vec<u32> = choice
        .iter()
        .map(|&v| round.p(prep.players[v]).id)
        .collect();
    debug!(target: "swiss_dutch", "C.8.b/D.3: S1 = moved-down players {ids:?}; C.10: requirements {}", level.describe(prep.x1, prep.z1, round.odd()));
    let residents: Vec<usize> = (m0..n).collect();
    let het = first_transposition(&mut g, &choice, &residents, level)?;
    let used = g
        .layout
        .quality_of(round, &het, &[])
        .ok_or_else(|| DutchError::internal("C.6: heterogeneous pair without edge"))?;
    let mut paired = vec![false; n];
    for &(u, v) in &het {
        paired[u] = true;
        paired[v] = true;
    }
    let rest: Vec<usize> = (0..n).filter(|&v| !paired[v]).collect();
    let rest_ranks: Vec<usize> = rest.iter().map(|&v| prep.players[v]).collect();
    let rest_float: Vec<bool> = rest.iter().map(|&v| floatable[v]).collect();
    debug!(target: "swiss_dutch", "C.6: moved-down players paired; the remainder ({} players) is paired as homogeneous", rest.len());
    let (mut pairs, floaters) = homogeneous(
        round,
        &rest_ranks,
        st.p1 - st.m1,
        &rest_float,
        Some(level.sub(used)),
        Quality::default(),
        (prep.x1, prep.z1),
    )?;
    let (het_pairs, _) = to_ranks(&prep.players, &het, &[]);
    pairs.splice(0..0, het_pairs);
    Ok(Some((pairs, floaters)))
}

/// Vertex pairs and floaters of `group` as ranks.
fn to_ranks(group: &[usize], pairs: &[(usize, usize)], floaters: &[usize]) -> Found {
    (
        pairs.iter().map(|&(u, v)| (group[u], group[v])).collect(),
        floaters.iter().map(|&v| group[v]).collect(),
    )
}
