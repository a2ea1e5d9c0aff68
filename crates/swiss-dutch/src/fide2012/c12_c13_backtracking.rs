//! Dutch 2012 C (from the highest score bracket down) with C.12 and C.13:
//! backtracking to the previous bracket and, in the lowest bracket,
//! to the penultimate one, joining the two when nothing else helps.
//!
//! Both ask the previous bracket for "another pairing" whose floaters let
//! the current bracket be paired. The alternatives are searched in the
//! previous bracket's own order (C.3-C.10 with the floaters it may not
//! move down growing one player at a time, breadth first), within a bound
//! of [`MAX_ATTEMPTS`] re-pairings per C.14 state; with one floater (the
//! usual case) this visits every possible floater in turn.

use std::collections::{BTreeSet, VecDeque};

use swiss_matching::CardinalityMatcher;
use tracing::debug;

use crate::DutchError;

use super::a_definitions::{Bracket, Round, score_brackets};
use super::a11_quality::{Layout, Side};
use super::b_criteria::compatible;
use super::c_procedure::{Control, Outcome, Paired, State, pair_at_state, pair_bracket, prepare};

/// Bound of one backtracking search: re-pairings of the previous bracket
/// tried per C.14 state.
const MAX_ATTEMPTS: usize = 24;

/// A bracket paired so far: what the arbiter's comparison and account
/// (`compare.rs`, `explain.rs`) read back, so that they judge the
/// engine's own decisions.
#[derive(Clone, Debug)]
pub(crate) struct Done {
    /// The bracket: its moved-down players and residents.
    pub(crate) bracket: Bracket,
    /// How it was paired.
    pub(crate) paired: Paired,
    /// Why the bracket is not paired as its own first pairing: the rule
    /// that paired it again so that the brackets below can be paired
    /// (`C.12`, `C.13`), or joined it with the bracket above (C.13).
    pub(crate) repaired: Option<Repair>,
}

/// How backtracking changed a bracket's pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Repair {
    /// C.12: paired again so that the bracket below can make its P1 pairings.
    C12,
    /// C.13: the penultimate bracket paired again so that the lowest can
    /// be completed.
    C13,
    /// C.13: the lowest bracket joined with the one above.
    C13Joined,
}

/// The pairs of a round (ranks) and the player left for the bye.
pub(crate) type RoundPairs = (Vec<(usize, usize)>, Option<usize>);

/// How often a round needed the text's backtracking.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Trace {
    /// C.12 applied (backtracking to the previous bracket).
    pub(crate) c12: u32,
    /// C.13 applied (the lowest bracket could not be paired).
    pub(crate) c13: u32,
}

/// Pairs the round bracket by bracket from the top (C).
pub(crate) fn pair_round(round: &Round) -> Result<RoundPairs, DutchError> {
    pair_round_traced(round).map(|(p, _)| p)
}

/// [`pair_round`], with how often C.12 and C.13 were needed.
pub(crate) fn pair_round_traced(round: &Round) -> Result<(RoundPairs, Trace), DutchError> {
    pair_round_recorded(round).map(|(p, t, _)| (p, t))
}

/// [`pair_round_traced`], with every bracket as finally paired, top-down.
pub(crate) fn pair_round_recorded(
    round: &Round,
) -> Result<(RoundPairs, Trace, Vec<Done>), DutchError> {
    let mut trace = Trace::default();
    let groups = score_brackets(round);
    let mut done: Vec<Done> = Vec::new();
    let mut carry: Vec<usize> = Vec::new();
    for (k, residents) in groups.iter().enumerate() {
        let bracket = Bracket {
            mdps: std::mem::take(&mut carry),
            residents: residents.clone(),
            lowest: k + 1 == groups.len(),
        };
        debug!(
            target: "swiss_dutch",
            "score bracket {:.1}: {} players{}",
            f64::from(round.p(residents[0]).score) / 10.0,
            residents.len(),
            if bracket.mdps.is_empty() { String::new() } else { format!(", moved down {:?}", ids(round, &bracket.mdps)) }
        );
        let d = match pair_bracket(round, &bracket, &Control::default())? {
            Outcome::Paired(paired) => Done {
                bracket,
                paired,
                repaired: None,
            },
            Outcome::Backtrack => {
                trace.c12 += 1;
                c12_backtrack(round, &mut done, bracket)?
            }
            Outcome::Lowest => {
                trace.c13 += 1;
                c13_lowest(round, &mut done, bracket)?
            }
        };
        log_paired(round, &d.paired);
        carry = d.paired.floaters.clone();
        done.push(d);
    }
    let pairs = done
        .iter()
        .flat_map(|d| d.paired.pairs.iter().copied())
        .collect();
    match carry.as_slice() {
        [] => Ok(((pairs, None), trace, done)),
        [bye] => Ok(((pairs, Some(*bye)), trace, done)),
        _ => Err(DutchError::internal("more than one player left over")),
    }
}

fn ids(round: &Round, ranks: &[usize]) -> Vec<u32> {
    ranks.iter().map(|&r| round.p(r).id).collect()
}

fn log_paired(round: &Round, p: &Paired) {
    let pairs: Vec<(u32, u32)> = p
        .pairs
        .iter()
        .map(|&(a, b)| (round.p(a).id, round.p(b).id))
        .collect();
    debug!(
        target: "swiss_dutch",
        "C.6: pairs {pairs:?}, moved down {:?} (M1={}, P1={})",
        ids(round, &p.floaters),
        p.state.m1,
        p.state.p1
    );
}

/// The scores of `players`, sorted (C.12: "with the same scores").
fn scores(round: &Round, players: &[usize]) -> Vec<i32> {
    let mut s: Vec<i32> = players.iter().map(|&r| round.p(r).score).collect();
    s.sort_unstable();
    s
}

/// C.12: the previous bracket is paired again so that another set of
/// players of the same size and scores moves down, one with which
/// `bracket` can make its P1 pairings (all its moved-down players paired);
/// then `bracket` is paired without further backtracking.
fn c12_backtrack(
    round: &Round,
    done: &mut Vec<Done>,
    mut bracket: Bracket,
) -> Result<Done, DutchError> {
    if let Some(prev) = done.last_mut() {
        let old = prev.paired.floaters.clone();
        let profile = scores(round, &old);
        let residents = bracket.residents.clone();
        let lowest = bracket.lowest;
        // "this now allows P1 pairings": P1 of the bracket as it failed.
        let p1 = prepare(round, &bracket).p0;
        let cond = |f: &[usize]| {
            f != old.as_slice()
                && scores(round, f) == profile
                && admits(
                    round,
                    &Bracket {
                        mdps: f.to_vec(),
                        residents: residents.clone(),
                        lowest,
                    },
                    p1,
                )
        };
        let states = [prev.paired.state];
        if let Some(np) = alternatives(round, &prev.bracket, &states, &cond)? {
            debug!(target: "swiss_dutch", "C.12: the previous bracket moves down {:?} instead of {:?}", ids(round, &np.floaters), ids(round, &old));
            bracket.mdps = np.floaters.clone();
            prev.paired = np;
            prev.repaired = Some(Repair::C12);
        } else {
            debug!(target: "swiss_dutch", "C.12: no other pairing of the previous bracket helps");
        }
    }
    let ctl = Control {
        backtracking: true,
        keep: Vec::new(),
    };
    match pair_bracket(round, &bracket, &ctl)? {
        Outcome::Paired(paired) => Ok(Done {
            bracket,
            paired,
            repaired: None,
        }),
        Outcome::Lowest => c13_lowest(round, done, bracket),
        Outcome::Backtrack => Err(DutchError::internal("C.12 while backtracking")),
    }
}

/// Whether `bracket` can make `p1` pairings with every moved-down player
/// paired (against a resident when it is heterogeneous), under the
/// absolute criteria only.
fn admits(round: &Round, bracket: &Bracket, p1: usize) -> bool {
    let prep = prepare(round, bracket);
    let n = prep.players.len();
    if prep.incompatible_mdp || 2 * p1 > n || (prep.lowest && n - 2 * p1 > 1) {
        return false;
    }
    let het = prep.initial().m1 > 0;
    let side: Vec<Side> = (0..n)
        .map(|v| {
            if het && v < prep.m0 {
                Side::Het
            } else {
                Side::Free
            }
        })
        .collect();
    let floatable: Vec<bool> = (0..n)
        .map(|v| v >= prep.m0 && (!prep.lowest || round.p(prep.players[v]).bye_ok))
        .collect();
    let resident: Vec<bool> = (0..n).map(|v| v >= prep.m0).collect();
    Layout::new(
        prep.players.clone(),
        resident,
        side,
        floatable,
        n - 2 * p1,
        p1,
    )
    .perfect(round)
}

/// Whether `players` can all be paired, one of them given the bye when
/// their number is odd (B.1, B.2; the lowest bracket's target).
fn completable(round: &Round, players: &[usize]) -> bool {
    let n = players.len();
    let total = n + n % 2;
    let mut m = CardinalityMatcher::new(total, |u, v| {
        let (u, v) = (u.min(v), u.max(v));
        if v < n {
            compatible(round.p(players[u]), round.p(players[v]))
        } else {
            round.p(players[u]).bye_ok
        }
    });
    m.maximum_matching();
    m.is_perfect()
}

/// C.13: the lowest bracket cannot be paired. The penultimate bracket is
/// paired again, with P decreasing down to 1, until its floaters let the
/// lowest be completed; at P = 0 the two are joined into a new lowest
/// bracket, the penultimate's players as the moved-down S1, and C.13
/// repeats with the bracket above.
fn c13_lowest(round: &Round, done: &mut Vec<Done>, mut low: Bracket) -> Result<Done, DutchError> {
    let ctl = Control {
        backtracking: true,
        keep: Vec::new(),
    };
    loop {
        let Some(pen) = done.pop() else {
            return Err(DutchError::NoLegalPairing {
                reason: format!(
                    "C.13: the lowest score bracket cannot be completed even when joined with every bracket above ({} players)",
                    low.players().len()
                ),
            });
        };
        let old = pen.paired.floaters.clone();
        let base: Vec<usize> = low
            .players()
            .into_iter()
            .filter(|r| !old.contains(r))
            .collect();
        let cond = |f: &[usize]| {
            let mut all = base.clone();
            all.extend_from_slice(f);
            completable(round, &all)
        };
        let st = pen.paired.state;
        let mut states = vec![st];
        states.extend((1..st.p1).rev().map(|p| State {
            m1: st.m1.min(p),
            p1: p,
        }));
        if let Some(np) = alternatives(round, &pen.bracket, &states, &cond)? {
            let mut mdps: Vec<usize> = low
                .mdps
                .iter()
                .copied()
                .filter(|r| !old.contains(r))
                .collect();
            mdps.extend(&np.floaters);
            let next = Bracket {
                mdps,
                residents: low.residents.clone(),
                lowest: true,
            };
            if let Outcome::Paired(paired) = pair_bracket(round, &next, &ctl)? {
                debug!(target: "swiss_dutch", "C.13: the penultimate bracket moves down {:?}", ids(round, &np.floaters));
                log_paired(round, &np);
                done.push(Done {
                    bracket: pen.bracket,
                    paired: np,
                    repaired: Some(Repair::C13),
                });
                return Ok(Done {
                    bracket: next,
                    paired,
                    repaired: None,
                });
            }
        }
        low = Bracket {
            mdps: pen.bracket.players(),
            residents: base,
            lowest: true,
        };
        debug!(target: "swiss_dutch", "C.13: P reaches 0: the two lowest brackets are joined ({} players)", low.players().len());
        if let Outcome::Paired(paired) = pair_bracket(round, &low, &ctl)? {
            return Ok(Done {
                bracket: low,
                paired,
                repaired: Some(Repair::C13Joined),
            });
        }
    }
}

/// Another pairing of `bracket` (at the given C.14 states, in order)
/// whose floaters satisfy `cond`: the bracket is paired again with more
/// and more players kept from moving down, breadth first.
fn alternatives(
    round: &Round,
    bracket: &Bracket,
    states: &[State],
    cond: &dyn Fn(&[usize]) -> bool,
) -> Result<Option<Paired>, DutchError> {
    let prep = prepare(round, bracket);
    for &st in states {
        let mut queue: VecDeque<Vec<usize>> = VecDeque::from([Vec::new()]);
        let mut seen: BTreeSet<Vec<usize>> = BTreeSet::new();
        let mut attempts = 0;
        while let Some(keep) = queue.pop_front() {
            if attempts == MAX_ATTEMPTS {
                debug!(target: "swiss_dutch", "backtracking bound ({MAX_ATTEMPTS} re-pairings) reached at P1={}", st.p1);
                break;
            }
            attempts += 1;
            let ctl = Control {
                backtracking: true,
                keep: keep.clone(),
            };
            let Some(p) = pair_at_state(round, &prep, st, &ctl)? else {
                continue;
            };
            if cond(&p.floaters) {
                return Ok(Some(p));
            }
            for &f in &p.floaters {
                if prep.moved.contains(&f) || keep.contains(&f) {
                    continue;
                }
                let mut k = keep.clone();
                k.push(f);
                k.sort_unstable();
                if seen.insert(k.clone()) {
                    queue.push_back(k);
                }
            }
        }
    }
    Ok(None)
}
