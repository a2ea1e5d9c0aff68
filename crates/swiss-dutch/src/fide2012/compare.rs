//! Dutch 2012: the arbiter's comparison of a legal proposal with the
//! engine's pairing (issue 29). The round is paired as usual and every
//! bracket kept as finally paired (`c12_c13_backtracking::Done`); the
//! first bracket, top-down, whose pairs the proposal does not make is
//! judged in the text's order with the engine's own measures:
//!
//! 1. C.14: the state (P1 pairs, M1 moved-down players paired first) at
//!    which the proposal's pairing of the bracket first becomes a
//!    candidate, in the order C.14 lowers them (`c14_next_state`);
//! 2. C.10 (C.3's requirements B.2, A.7.d, A.8 X and Z, B.5 and B.6):
//!    the [`Quality`] of A.11 (`Layout::quality_of`), the vector the
//!    engine's search minimises;
//! 3. the candidate order: D.3 (which moved-down players form S1),
//!    D.1 (the transposition of the heterogeneous part), D.2 (the
//!    exchange in the remainder or homogeneous bracket), D.1 (its
//!    transposition);
//! 4. when every bracket's pairs agree, the colour rule of section E
//!    (`colour_and_rule`, the one the pairing uses).
//!
//! A bracket that backtracking paired again (C.12, C.13) is not paired
//! as its own first candidate: where the proposal does as well or better
//! there, the backtracking rule is named.

use std::collections::HashMap;
use std::ops::ControlFlow;

use swiss_core::{Colour, Pairing, Points, RoundState, Separation, SeparationKind, StartNo};

use crate::DutchError;

use super::a_definitions::Round;
use super::a11_quality::{Layout, Quality, Side};
use super::c_procedure::{Prepared, State, c14_next_state, prepare};
use super::c12_c13_backtracking::{Done, Repair, pair_round_recorded};
use super::d2_exchanges::for_each_exchange;
use super::d3_moved_down::for_each_choice;
use super::e_colours::{colour_and_rule, describe};

/// The rule ids' prefix.
const PREFIX: &str = "C.04.3 (2012)";
/// Bound on the exchanges of D.2 walked to place a split in the text's
/// order (each check costs one pass over the bracket).
const MAX_EXCHANGES: usize = 200_000;
/// Bound on the D.3 sets tried for the proposal (the engine's own
/// bound is 128 per state as well).
const MAX_SETS: usize = 128;

/// What C.10 lowers, most important first: the field of [`Quality`], the
/// rule, and what it counts.
const CRITERIA: [(&str, &str); 8] = [
    (
        "B.2 (C.10.g)",
        "pairs of top scorers with the same absolute colour preference (the B.2 note allows them, C.10.g drops B.2 last): fewer is better",
    ),
    (
        "A.7.d (C.10.f)",
        "pairs in an odd round of two players with the same strong (or a strong and an absolute) colour preference: fewer is better",
    ),
    (
        "A.8.a (C.10.e)",
        "pairs that cannot fulfil both colour preferences (X): fewer is better",
    ),
    (
        "A.8.b (C.10.e)",
        "pairs in an even round that cannot fulfil both strong colour preferences (Z): fewer is better",
    ),
    (
        "B.5 (C.10.d)",
        "players moved down who floated down last round too (B.5 for downfloaters): fewer is better",
    ),
    (
        "B.6 (C.10.c)",
        "players moved down who floated down two rounds ago (B.6 for downfloaters): fewer is better",
    ),
    (
        "B.5 (C.10.b)",
        "residents paired with a moved-down player who floated up last round too (B.5 for upfloaters): fewer is better",
    ),
    (
        "B.6 (C.10.a)",
        "residents paired with a moved-down player who floated up two rounds ago (B.6 for upfloaters): fewer is better",
    ),
];

/// For `proposed`, a legal and complete pairing of the round `state`
/// describes that is not the engine's (2012 text): the first rule, in the
/// text's order, that prefers the engine's pairing; `None` when none is
/// named.
pub(crate) fn separate(
    state: &RoundState,
    proposed: &Pairing,
) -> Result<Option<Separation>, DutchError> {
    let round = Round::new(state);
    let (_, _, done) = pair_round_recorded(&round)?;
    let rank: HashMap<StartNo, usize> = round
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    let partner = proposed.partners_by(round.players.len(), |s| rank.get(&s).copied());
    for d in &done {
        if let Some(s) = Judge::new(&round, d, &partner).judge() {
            return Ok(Some(s));
        }
    }
    Ok(colours(&round, proposed, &rank))
}

/// Every bracket's pairs agree: the colour rule of section E that gave
/// the engine's colours on the first board the proposal reverses.
fn colours(
    round: &Round,
    proposed: &Pairing,
    rank: &HashMap<StartNo, usize>,
) -> Option<Separation> {
    for p in &proposed.pairs {
        let (Some(&w), Some(&b)) = (rank.get(&p.white), rank.get(&p.black)) else {
            continue;
        };
        // As `pair` does: the higher ranked player's colour (A.2).
        let (hi, lo) = (round.p(w.min(b)), round.p(w.max(b)));
        let (c, rule) = colour_and_rule(hi, lo, true, round.initial);
        let white = if c == Colour::White { hi.id } else { lo.id };
        if white != p.white {
            return Some(Separation {
                kind: SeparationKind::Colour,
                unit: format!("the board of {} and {}", hi.id, lo.id),
                rule: format!("{PREFIX} E.{rule}"),
                measure: describe(rule).into(),
                engine: format!("{white} has white"),
                proposed: format!("{} has white", p.white),
            });
        }
    }
    None
}

/// One bracket of the engine's round against the proposal, in vertices
/// (indices into the bracket's players after C.1, A.2 order).
struct Judge<'a> {
    round: &'a Round,
    done: &'a Done,
    prep: Prepared,
    /// The engine's pairs, the heterogeneous ones first (as paired).
    engine: Vec<(usize, usize)>,
    /// The proposal's pairs inside the bracket.
    proposal: Vec<(usize, usize)>,
}

fn sorted(pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    v.sort_unstable();
    v
}

impl<'a> Judge<'a> {
    fn new(round: &'a Round, done: &'a Done, partner: &[Option<usize>]) -> Judge<'a> {
        let prep = prepare(round, &done.bracket);
        let vertex: HashMap<usize, usize> = prep
            .players
            .iter()
            .enumerate()
            .map(|(v, &r)| (r, v))
            .collect();
        let engine = done
            .paired
            .pairs
            .iter()
            .filter_map(|(a, b)| Some((*vertex.get(a)?, *vertex.get(b)?)))
            .collect();
        let proposal = prep
            .players
            .iter()
            .enumerate()
            .filter_map(|(u, &r)| {
                let v = *vertex.get(&partner.get(r).copied().flatten()?)?;
                (u < v).then_some((u, v))
            })
            .collect();
        Judge {
            round,
            done,
            prep,
            engine,
            proposal,
        }
    }

    fn id(&self, v: usize) -> StartNo {
        self.round.p(self.prep.players[v]).id
    }

    fn ids(&self, vs: &[usize]) -> String {
        if vs.is_empty() {
            return "none".into();
        }
        vs.iter()
            .map(|&v| self.id(v).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn pairs_text(&self, pairs: &[(usize, usize)]) -> String {
        let s: Vec<String> = sorted(pairs)
            .iter()
            .map(|&(a, b)| format!("{}-{}", self.id(a), self.id(b)))
            .collect();
        if s.is_empty() {
            "no pairs".into()
        } else {
            s.join(" ")
        }
    }

    /// The bracket's name for the arbiter.
    fn unit(&self) -> String {
        let b = &self.done.bracket;
        let ids = |r: &[usize]| {
            let mut v: Vec<usize> = r.to_vec();
            v.sort_unstable();
            v.iter()
                .map(|&r| self.round.p(r).id.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let score = b
            .residents
            .iter()
            .map(|&r| self.round.p(r).score)
            .max()
            .unwrap_or_default();
        let mdps = if b.mdps.is_empty() {
            String::new()
        } else {
            format!("moved down {}; ", ids(&b.mdps))
        };
        format!(
            "the score bracket {} ({mdps}residents {})",
            Points(score),
            ids(&b.residents)
        )
    }

    /// Pairs of a moved-down player (vertex below M0) with a resident.
    fn mixed(&self, pairs: &[(usize, usize)]) -> Vec<usize> {
        let m0 = self.prep.m0;
        let mut v: Vec<usize> = pairs
            .iter()
            .filter(|&&(a, b)| (a < m0) != (b < m0))
            .map(|&(a, b)| a.min(b))
            .collect();
        v.sort_unstable();
        v
    }

    /// Whether `pairs` is a candidate at state `st`: P1 pairs, and at
    /// least M1 moved-down players paired with residents (C.14).
    fn fits(&self, st: State, pairs: &[(usize, usize)]) -> bool {
        pairs.len() == st.p1 && (st.m1 == 0 || self.mixed(pairs).len() >= st.m1)
    }

    fn floaters(&self, pairs: &[(usize, usize)]) -> Vec<usize> {
        let mut paired = vec![false; self.prep.players.len()];
        for &(a, b) in pairs {
            paired[a] = true;
            paired[b] = true;
        }
        (0..paired.len()).filter(|&v| !paired[v]).collect()
    }

    /// The quality (A.11) of `pairs` at state `st` with the moved-down
    /// players `het` in S1 of the heterogeneous part: the layout the
    /// engine's search solves at that state.
    fn quality(&self, st: State, pairs: &[(usize, usize)], het: &[usize]) -> Option<Quality> {
        let n = self.prep.players.len();
        let m0 = self.prep.m0;
        let lowest = self.prep.lowest;
        let floatable: Vec<bool> = self
            .prep
            .players
            .iter()
            .map(|&r| !lowest || self.round.p(r).bye_ok)
            .collect();
        let (resident, side) = if st.m1 == 0 {
            (vec![true; n], vec![Side::Free; n])
        } else {
            (
                (0..n).map(|v| v >= m0).collect(),
                (0..n)
                    .map(|v| {
                        if het.contains(&v) {
                            Side::Het
                        } else {
                            Side::Free
                        }
                    })
                    .collect(),
            )
        };
        let dummies = n.saturating_sub(2 * st.p1);
        Layout::new(
            self.prep.players.clone(),
            resident,
            side,
            floatable,
            dummies,
            st.p1,
        )
        .quality_of(self.round, pairs, &self.floaters(pairs))
    }

    /// The proposal's best quality at `st` and its S1 of moved-down
    /// players: the first set in D.3's order among those it pairs with
    /// residents that reaches the least quality (as the engine chooses).
    fn best(&self, st: State, pairs: &[(usize, usize)]) -> Option<(Quality, Vec<usize>)> {
        if st.m1 == 0 {
            return self.quality(st, pairs, &[]).map(|q| (q, Vec::new()));
        }
        let mixed = self.mixed(pairs);
        let mut best: Option<(Quality, Vec<usize>)> = None;
        let mut tried = 0;
        let _ = for_each_choice(mixed.len(), st.m1, |c| {
            tried += 1;
            if tried > MAX_SETS {
                return ControlFlow::Break(());
            }
            let set: Vec<usize> = c.iter().map(|&i| mixed[i]).collect();
            if let Some(q) = self.quality(st, pairs, &set)
                && best.as_ref().is_none_or(|b| q < b.0)
            {
                best = Some((q, set));
            }
            ControlFlow::Continue(())
        });
        best
    }

    fn judge(&self) -> Option<Separation> {
        if sorted(&self.engine) == sorted(&self.proposal) {
            return None;
        }
        let st = self.done.paired.state;
        // C.14: the states in the order the text lowers them, generated
        // only as far as needed (each step may run a matching).
        let mut state = Some(self.prep.initial());
        let (mut exact, mut engine_fit, mut proposal_at) = (None, None, None);
        let mut k = 0;
        while let Some(s) = state
            && k < 10_000
        {
            if exact.is_none() && s == st {
                exact = Some(k);
            }
            if engine_fit.is_none() && self.fits(s, &self.engine) {
                engine_fit = Some(k);
            }
            if proposal_at.is_none() && self.fits(s, &self.proposal) {
                proposal_at = Some(k);
            }
            if exact.is_some() && proposal_at.is_some() {
                break;
            }
            state = c14_next_state(self.round, &self.prep, s);
            k += 1;
        }
        let engine_at = exact.or(engine_fit);
        match (engine_at, proposal_at) {
            (Some(e), Some(p)) if e < p => return Some(self.c14(st)),
            (Some(e), Some(p)) if e == p => {}
            _ => {
                return Some(
                    self.not_first("the state of C.14 (P1 pairs, M1 moved-down players paired)"),
                );
            }
        }
        // C.10: the requirements, most important first.
        let mut het_sorted: Vec<usize> = self
            .engine
            .iter()
            .take(st.m1)
            .map(|&(a, b)| a.min(b))
            .collect();
        het_sorted.sort_unstable();
        let qe = self.quality(st, &self.engine, &het_sorted)?;
        let (qp, p_het) = self.best(st, &self.proposal)?;
        let (fe, fp) = (qe.fields(), qp.fields());
        if let Some(k) = (0..fe.len()).find(|&k| fe[k] != fp[k]) {
            if fe[k] < fp[k] {
                let (rule, measure) = CRITERIA[k];
                return Some(Separation {
                    kind: SeparationKind::Criterion,
                    unit: self.unit(),
                    rule: format!("{PREFIX} {rule}"),
                    measure: measure.into(),
                    engine: fe[k].to_string(),
                    proposed: fp[k].to_string(),
                });
            }
            return Some(
                self.not_first("the requirements of C.3/C.10 (B.2, A.7.d, A.8, B.5, B.6)"),
            );
        }
        // The candidate order.
        if st.m1 > 0 {
            if het_sorted != p_het {
                if het_sorted < p_het {
                    return Some(self.order(
                        "D.3 (C.8.b)",
                        "which moved-down players form S1 of the heterogeneous part: the sets are tried in D.3's order and the engine's comes first",
                        format!("S1 {}", self.ids(&het_sorted)),
                        format!("S1 {}", self.ids(&p_het)),
                    ));
                }
                return Some(self.not_first("the set of moved-down players in S1 (D.3)"));
            }
            let residents: Vec<usize> = (self.prep.m0..self.prep.players.len()).collect();
            if let Some(s) =
                self.transposition(&het_sorted, &residents, "D.1 (C.7), heterogeneous part")
            {
                return Some(s);
            }
            let in_het = |v: usize| {
                self.engine
                    .iter()
                    .take(st.m1)
                    .any(|&(a, b)| a == v || b == v)
            };
            let rest: Vec<usize> = (0..self.prep.players.len())
                .filter(|&v| !in_het(v))
                .collect();
            return self.homogeneous(&rest, st.p1 - st.m1, true);
        }
        let all: Vec<usize> = (0..self.prep.players.len()).collect();
        self.homogeneous(&all, st.p1, false)
    }

    /// C.14: the proposal is a candidate only at a later state.
    fn c14(&self, st: State) -> Separation {
        let (e, p) = (self.engine.len(), self.proposal.len());
        if p < e {
            Separation {
                kind: SeparationKind::Criterion,
                unit: self.unit(),
                rule: format!("{PREFIX} C.14"),
                measure: format!(
                    "pairs made in the bracket (P1, lowered from P0 = {} only when no pairing has more): more is better",
                    self.prep.p0
                ),
                engine: e.to_string(),
                proposed: p.to_string(),
            }
        } else {
            Separation {
                kind: SeparationKind::Criterion,
                unit: self.unit(),
                rule: format!("{PREFIX} C.14.b"),
                measure: format!(
                    "moved-down players paired with residents first (M1, lowered from M0 = {} only when no pairing has more): more is better",
                    self.prep.m0
                ),
                engine: st.m1.to_string(),
                proposed: self.mixed(&self.proposal).len().to_string(),
            }
        }
    }

    fn order(&self, rule: &str, measure: &str, engine: String, proposed: String) -> Separation {
        Separation {
            kind: SeparationKind::Order,
            unit: self.unit(),
            rule: format!("{PREFIX} {rule}"),
            measure: measure.into(),
            engine,
            proposed,
        }
    }

    /// The proposal comes earlier in the text's order than the engine's
    /// pairing at `what`: backtracking paired the bracket again (C.12,
    /// C.13), or the engine's bounded search missed it.
    fn not_first(&self, what: &str) -> Separation {
        let engine = self.pairs_text(&self.engine);
        let proposed = self.pairs_text(&self.proposal);
        match self.done.repaired {
            Some(Repair::C12) => self.order(
                "C.12",
                &format!(
                    "the bracket's first pairing left the bracket below unable to make its P1 pairings, so it was paired again, moving down {} (the proposal does at least as well on {what}; the engine's alternative is the first one the backtracking finds)",
                    self.ids(&self.floaters(&self.engine))
                ),
                engine,
                proposed,
            ),
            Some(Repair::C13 | Repair::C13Joined) => self.order(
                "C.13",
                &format!(
                    "the lowest bracket could not be completed after this bracket's first pairing, so it was paired again (or joined with the bracket above); the proposal does at least as well on {what}; the engine's pairing is the first one the backtracking finds"
                ),
                engine,
                proposed,
            ),
            None => Separation {
                kind: SeparationKind::NotCandidate,
                unit: self.unit(),
                rule: format!("{PREFIX} C.3-C.14"),
                measure: format!(
                    "the proposal comes before the engine's pairing on {what}, which the engine's search should have found (it bounds the D.2, D.3 and backtracking searches): please report the file"
                ),
                engine,
                proposed,
            },
        }
    }

    /// D.1: the partners of `s1` (in order) among `s2` in both pairings;
    /// the first S1 player whose partner differs names the transposition
    /// that comes first. `None` when they agree.
    fn transposition(&self, s1: &[usize], s2: &[usize], rule: &str) -> Option<Separation> {
        let mate = |pairs: &[(usize, usize)], u: usize| {
            pairs.iter().find_map(|&(a, b)| {
                if a == u {
                    Some(b)
                } else if b == u {
                    Some(a)
                } else {
                    None
                }
            })
        };
        for &u in s1 {
            let (e, p) = (mate(&self.engine, u), mate(&self.proposal, u));
            if e == p {
                continue;
            }
            let pos = |m: Option<usize>| m.and_then(|m| s2.iter().position(|&v| v == m));
            let show = |m: Option<usize>| match m {
                Some(m) => format!("{}-{}", self.id(u), self.id(m)),
                None => format!("{} unpaired", self.id(u)),
            };
            return Some(match (pos(e), pos(p)) {
                (Some(x), Some(y)) if x < y => self.order(
                    rule,
                    &format!(
                        "the transposition of S2: S2's players are tried for S1 in the order of D.1, and for {} the engine's opponent comes first",
                        self.id(u)
                    ),
                    show(e),
                    show(p),
                ),
                _ => self.not_first("the transposition of S2 (D.1)"),
            });
        }
        None
    }

    /// A homogeneous bracket or remainder `group` (vertices, A.2 order)
    /// with `p` pairs: the exchange of D.2, then the transposition of D.1.
    fn homogeneous(&self, group: &[usize], p: usize, remainder: bool) -> Option<Separation> {
        let inside = |pairs: &[(usize, usize)]| -> Vec<(usize, usize)> {
            pairs
                .iter()
                .copied()
                .filter(|(a, b)| group.contains(a) && group.contains(b))
                .collect()
        };
        let (e, q) = (inside(&self.engine), inside(&self.proposal));
        let part = if remainder { "remainder" } else { "bracket" };
        let (Some((ei, es1)), pe) = (exchange(group, p, &e), exchange(group, p, &q)) else {
            return Some(self.not_first("the exchange of D.2"));
        };
        let show = |i: usize, s1: &[usize]| {
            if i == 0 {
                format!("no exchange, S1 {}", self.ids(s1))
            } else {
                format!("exchange {i} of D.2, S1 {}", self.ids(s1))
            }
        };
        match pe {
            Some((pi, ps1)) if pi > ei => Some(self.order(
                "D.2 (C.8.a)",
                &format!(
                    "the exchange between S1 and S2 of the {part}: exchanges are tried in D.2's order (fewest players, smallest difference of numbers) and the engine's comes first"
                ),
                show(ei, &es1),
                show(pi, &ps1),
            )),
            Some((pi, _)) if pi == ei => {
                let s2: Vec<usize> = group.iter().copied().filter(|v| !es1.contains(v)).collect();
                let rule = if remainder {
                    "D.1 (C.7), remainder"
                } else {
                    "D.1 (C.7)"
                };
                self.transposition(&es1, &s2, rule)
                    .or_else(|| Some(self.not_first("the transposition of S2 (D.1)")))
            }
            Some(_) => Some(self.not_first("the exchange of D.2")),
            None => Some(self.order(
                "D.2 (C.8.a)",
                &format!(
                    "the exchange between S1 and S2 of the {part}: the engine's comes first in D.2's order; the proposal's is not among the first {MAX_EXCHANGES}"
                ),
                show(ei, &es1),
                "a later exchange".into(),
            )),
        }
    }
}

/// The first split of `group` in D.2's order (0: S1 the first `p`
/// players, no exchange) with which `pairs` is compatible: each pair one
/// player of S1 and one of S2, every unpaired player in S2. Its index
/// and S1 (vertices); `None` beyond [`MAX_EXCHANGES`].
pub(crate) fn exchange(
    group: &[usize],
    p: usize,
    pairs: &[(usize, usize)],
) -> Option<(usize, Vec<usize>)> {
    let n = group.len();
    let pos: HashMap<usize, usize> = group.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let pairs: Vec<(usize, usize)> = pairs
        .iter()
        .filter_map(|(a, b)| Some((*pos.get(a)?, *pos.get(b)?)))
        .collect();
    let mut paired = vec![false; n];
    for &(a, b) in &pairs {
        paired[a] = true;
        paired[b] = true;
    }
    let ok = |s1: &[bool]| {
        pairs.iter().all(|&(a, b)| s1[a] != s1[b]) && (0..n).all(|v| paired[v] || !s1[v])
    };
    let to_s1 =
        |s1: &[bool]| -> Vec<usize> { (0..n).filter(|&v| s1[v]).map(|v| group[v]).collect() };
    let base: Vec<bool> = (0..n).map(|v| v < p).collect();
    if ok(&base) {
        return Some((0, to_s1(&base)));
    }
    let mut index = 0;
    let mut found = None;
    let _ = for_each_exchange(p, n.saturating_sub(p), |i, j| {
        index += 1;
        if index > MAX_EXCHANGES {
            return ControlFlow::Break(());
        }
        let mut s1 = base.clone();
        // Offsets as `for_each_exchange` gives them: S1 from its last
        // player up, S2 from its first down.
        for &o in i {
            s1[p - 1 - o] = false;
        }
        for &o in j {
            s1[p + o] = true;
        }
        if ok(&s1) {
            found = Some((index, to_s1(&s1)));
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
}
