//! The arbiter's comparison (issue 29): the first rule, in the text's
//! order, that prefers the engine's pairing to a legal proposal. It reads
//! the engine's own decisions (`pairing::decide`) and its own measures
//! (`Quality`, `colour::allocate_why`, B.0's order), so what the arbiter
//! is told cannot disagree with what the engine did.
//!
//! The units, in the order the text decides them (A.8): the
//! pairing-allocated bye (B.0), then each scoregroup's bracket (B.1-B.6);
//! the colours (E) last.

use std::collections::BTreeMap;

use swiss_core::{Pairing, RoundState, Separation, SeparationKind, StartNo};

use crate::bye::bye_key;
use crate::colour::allocate_why;
use crate::pairing::{Bracket, Decided, decide};
use crate::player::Round;
use crate::upfloaters::{Quality, Strategy, paired};
use crate::{DubovError, Options};

/// The first rule that prefers the engine's pairing of `state` to the
/// legal, complete `proposed` one; `None` when they are the same.
pub(crate) fn separate(
    state: &RoundState,
    options: &Options,
    proposed: &Pairing,
) -> Result<Option<Separation>, DubovError> {
    let d = decide(state, options, Strategy::Auto)?;
    let round = &d.round;
    let index: BTreeMap<StartNo, usize> = round
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    let partner = proposed.partners_by(round.players.len(), |s| index.get(&s).copied());
    let rule = |id| format!("Dubov {}", round.edition.rule(id));
    let proposed_bye = proposed.bye.and_then(|b| index.get(&b).copied());
    if proposed_bye != d.bye {
        return Ok(Some(bye(round, d.bye, proposed_bye, &rule)));
    }
    for b in &d.brackets {
        let engine_pairs = b.pairing.pairs();
        let same = engine_pairs
            .iter()
            .all(|&(x, y)| partner[x] == Some(y) && partner[y] == Some(x));
        if !same {
            return bracket(&d, b, &partner, &rule).map(Some);
        }
    }
    Ok(colours(&d, proposed, &index, &rule))
}

/// The unit a bracket is named by: its score and its residents.
fn unit(round: &Round, b: &Bracket) -> String {
    format!(
        "the scoregroup of {} points (residents {})",
        round.players[b.residents[0]].score,
        ids(round, &b.residents)
    )
}

fn ids(round: &Round, v: &[usize]) -> String {
    if v.is_empty() {
        return "none".into();
    }
    v.iter()
        .map(|&i| round.players[i].id.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn pairs_text(round: &Round, v: &[(usize, usize)]) -> String {
    v.iter()
        .map(|&(a, b)| format!("{}-{}", round.players[a].id, round.players[b].id))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `Dubov B.0`: criteria 3-5 (lowest score, most games played, lowest in
/// the initial ranking) in the engine's own order (`bye_key`). Criteria 1
/// and 2 are absolute (the verifier and completeness answer them).
fn bye(
    round: &Round,
    engine: Option<usize>,
    proposed: Option<usize>,
    rule: &dyn Fn(&'static str) -> String,
) -> Separation {
    let unit = "the pairing-allocated bye".to_string();
    let (Some(e), Some(p)) = (engine, proposed) else {
        return Separation::new(
            SeparationKind::NotCandidate,
            unit,
            rule("B.0"),
            "who gets the bye",
            ids(round, &engine.into_iter().collect::<Vec<_>>()),
            ids(round, &proposed.into_iter().collect::<Vec<_>>()),
        );
    };
    let (ke, kp) = (bye_key(round, e), bye_key(round, p));
    let (pe, pp) = (&round.players[e], &round.players[p]);
    let who = |x: StartNo, v: String| format!("{x} ({v})");
    let (measure, engine, proposal) = if ke.0 != kp.0 {
        (
            "criterion 3: the lowest score",
            who(pe.id, pe.score.to_string()),
            who(pp.id, pp.score.to_string()),
        )
    } else if ke.1 != kp.1 {
        (
            "criterion 4: the most games played",
            who(pe.id, pe.games.to_string()),
            who(pp.id, pp.games.to_string()),
        )
    } else {
        (
            "criterion 5: the lowest in the initial ranking",
            who(pe.id, format!("rank {}", pe.rank)),
            who(pp.id, format!("rank {}", pp.rank)),
        )
    };
    // The engine takes the first in this order whose bye leaves the
    // others pairable (criterion 2); a proposal earlier in it is paired
    // completely, so only a reading of criterion 2 can separate them.
    let kind = if ke < kp {
        SeparationKind::Criterion
    } else {
        SeparationKind::NotCandidate
    };
    Separation::new(kind, unit, rule("B.0"), measure, engine, proposal)
}

/// The first bracket where the proposal differs: `Dubov B.2` judges its
/// set of upfloaters by C.5-C.10 on the pairing B.3-B.6 give it, then by
/// D.1's order; with the engine's set, the pairing itself by C.7, then by
/// B.4's shifts (D.2) and B.6's transposition (D.3).
fn bracket(
    d: &Decided,
    b: &Bracket,
    partner: &[Option<usize>],
    rule: &dyn Fn(&'static str) -> String,
) -> Result<Separation, DubovError> {
    let round = &d.round;
    let unit = unit(round, b);
    // The proposal's upfloaters: the players the residents meet from
    // below (every higher player is paired by a bracket it shares with the
    // engine).
    let mut set: Vec<usize> = b
        .residents
        .iter()
        .filter_map(|&r| partner[r])
        .filter(|x| !b.residents.contains(x))
        .collect();
    set.sort_unstable();
    let mut engine_set = b.set.clone();
    engine_set.sort_unstable();
    let engine_q = Quality::of(round, &b.set, &b.pairing.pairs());
    if set != engine_set {
        let ctx = crate::upfloaters::Ctx {
            round,
            compat: &d.compat,
            strategy: Strategy::Auto,
        };
        let Ok(theirs) = paired(&ctx, &b.residents, &set) else {
            return Ok(Separation::new(
                SeparationKind::NotCandidate,
                unit,
                rule("B.2"),
                "the upfloaters: B.3-B.6 find no legal pairing of the bracket with them",
                ids(round, &b.set),
                ids(round, &set),
            ));
        };
        let q = Quality::of(round, &set, &theirs.pairs());
        return Ok(upfloaters(round, unit, b, &set, &engine_q, &q, rule));
    }
    // The same upfloaters: the pairing of the bracket.
    let prop_pairs: Vec<(usize, usize)> = b
        .pairing
        .s1
        .iter()
        .chain(&b.pairing.t2)
        .filter_map(|&x| partner[x].filter(|&y| x < y).map(|y| (x, y)))
        .collect();
    let q = Quality::of(round, &set, &prop_pairs);
    if q.c7 > engine_q.c7 {
        return Ok(Separation::new(
            SeparationKind::Criterion,
            unit,
            rule("C.7"),
            "players of the bracket who do not get their colour preference",
            engine_q.c7.to_string(),
            q.c7.to_string(),
        ));
    }
    let bp = &b.pairing;
    // The proposal pairs S1 against the engine's final G2: another
    // transposition (B.6, D.3); otherwise other shifts (B.4, D.2).
    let t2: Option<Vec<usize>> = bp
        .s1
        .iter()
        .map(|&x| partner[x].filter(|y| bp.t2.contains(y)))
        .collect();
    Ok(match t2 {
        Some(t2) => Separation::new(
            SeparationKind::Order,
            unit,
            format!("{} with {}", rule("B.6"), round.edition.rule("D.3")),
            "the first legal transposition of G2 against S1",
            format!(
                "S1 {} against T2 {}",
                ids(round, &bp.s1),
                ids(round, &bp.t2)
            ),
            format!("S1 {} against T2 {}", ids(round, &bp.s1), ids(round, &t2)),
        ),
        None => Separation::new(
            SeparationKind::Order,
            unit,
            format!("{} with {}", rule("B.4"), round.edition.rule("D.2")),
            "the first set of shifters (G1 and G2 made equal) that yields a legal pairing",
            format!(
                "shifted {}; S1 {} against T2 {}",
                ids(
                    round,
                    &bp.first_shift
                        .iter()
                        .chain(&bp.second_shift)
                        .copied()
                        .collect::<Vec<_>>()
                ),
                ids(round, &bp.s1),
                ids(round, &bp.t2)
            ),
            pairs_text(round, &prop_pairs),
        ),
    })
}

/// Two sets of upfloaters: the first of C.5-C.10 where the proposal's is
/// worse, else D.1's order.
fn upfloaters(
    round: &Round,
    unit: String,
    b: &Bracket,
    set: &[usize],
    e: &Quality,
    p: &Quality,
    rule: &dyn Fn(&'static str) -> String,
) -> Separation {
    let scores = |v: &[swiss_core::Points]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    // Each criterion: (rule, measure, engine, proposal, the proposal's is
    // better, worse). C.6 maximises the sequence of scores, lowest first.
    let ord = |x: std::cmp::Ordering| (x.is_lt(), x.is_gt());
    let mut criteria = vec![
        (
            "C.5",
            "the number of upfloaters",
            e.c5.to_string(),
            p.c5.to_string(),
            ord(p.c5.cmp(&e.c5)),
        ),
        (
            "C.6",
            "the upfloaters' scores, lowest first (higher is better)",
            scores(&e.c6),
            scores(&p.c6),
            ord(e.c6.cmp(&p.c6)),
        ),
        (
            "C.7",
            "players of the bracket who do not get their colour preference",
            e.c7.to_string(),
            p.c7.to_string(),
            ord(p.c7.cmp(&e.c7)),
        ),
    ];
    if let (Some(ev), Some(pv)) = (e.c8_c10, p.c8_c10) {
        criteria.extend([
            (
                "C.8",
                "upfloaters who are maximum upfloaters",
                ev.0.to_string(),
                pv.0.to_string(),
                ord(pv.0.cmp(&ev.0)),
            ),
            (
                "C.9",
                "the times the maximum upfloaters have upfloated",
                ev.1.to_string(),
                pv.1.to_string(),
                ord(pv.1.cmp(&ev.1)),
            ),
            (
                "C.10",
                "upfloaters who upfloated in the previous round",
                ev.2.to_string(),
                pv.2.to_string(),
                ord(pv.2.cmp(&ev.2)),
            ),
        ]);
    }
    for (id, measure, ev, pv, (better, worse)) in criteria {
        if worse || better {
            // A proposal better on a criterion before any where it is
            // worse breaks C.4 as the engine reads it (the rest of the
            // round unpairable): not a set the engine could choose.
            let kind = if worse {
                SeparationKind::Criterion
            } else {
                SeparationKind::NotCandidate
            };
            return Separation::new(kind, unit, rule(id), measure, ev, pv);
        }
    }
    Separation::new(
        SeparationKind::Order,
        unit,
        rule("D.1"),
        "equally good sets of upfloaters: the first by score, then initial ranking",
        ids(round, &b.set),
        ids(round, set),
    )
}

/// The same pairs and bye: the first board whose colours differ, with the
/// colour rule (E.0-E.4) that decides it.
fn colours(
    d: &Decided,
    proposed: &Pairing,
    index: &BTreeMap<StartNo, usize>,
    rule: &dyn Fn(&'static str) -> String,
) -> Option<Separation> {
    let round = &d.round;
    for p in &proposed.pairs {
        let (Some(&w), Some(&b)) = (index.get(&p.white), index.get(&p.black)) else {
            continue;
        };
        let ((ew, eb), why) = allocate_why(round, w, b);
        if (ew, eb) != (w, b) {
            return Some(Separation::new(
                SeparationKind::Colour,
                format!(
                    "the board of {} and {}",
                    p.white.min(p.black),
                    p.white.max(p.black)
                ),
                rule(why),
                format!("{}; who gets White", crate::explain::grants(why)),
                round.players[ew].id.to_string(),
                round.players[w].id.to_string(),
            ));
        }
    }
    None
}
