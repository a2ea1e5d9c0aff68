//! `swiss compare --system team`: the rule that separates a legal proposal
//! from the engine's pairing (`PairingSystem::separate`). Every legal,
//! complete pairing of small generated rounds (each pairing of the teams
//! to pair, and each of the engine's pairs with its colours reversed) is
//! separated from the engine's, and the step named must prefer the
//! engine's: a lower PAB score (`C.04.6 3.4.2`), fewer upfloaters
//! (`[C4]`), a better score profile (`[C5]`), `[C6]` met, fewer floats
//! (`[C7]`, `[C10]`), fewer unmet preferences (`[C8]`, `[C9]`), an earlier
//! set (`3.5.4`) or identifier (`3.6.2`), or the colour rule of `4.3`
//! that decided the pair. A step the engine got wrong shows as a proposal
//! better on the step named.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

use swiss_core::{Pair, Pairing, PairingSystem, SeparationKind, Tournament, before_round};
use swiss_team::generate::{Settings, generate};
use swiss_team::{ColourType, Options, Team};
use swiss_verify::Verifier;

/// A round's pairs (smaller TPN first) and its bye.
type Round = (Vec<(u32, u32)>, Option<u32>);

/// Every pairing of `teams` (one bye when odd), each pair's smaller TPN
/// first.
fn pairings(teams: &[u32]) -> Vec<Round> {
    fn go(rest: &[u32], cur: &mut Vec<(u32, u32)>, out: &mut Vec<Vec<(u32, u32)>>) {
        let Some((&a, tail)) = rest.split_first() else {
            out.push(cur.clone());
            return;
        };
        for (k, &b) in tail.iter().enumerate() {
            let mut left = tail.to_vec();
            left.remove(k);
            cur.push((a, b));
            go(&left, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    if teams.len().is_multiple_of(2) {
        let mut all = Vec::new();
        go(teams, &mut Vec::new(), &mut all);
        out.extend(all.into_iter().map(|p| (p, None)));
    } else {
        for (k, &bye) in teams.iter().enumerate() {
            let mut left = teams.to_vec();
            left.remove(k);
            let mut all = Vec::new();
            go(&left, &mut Vec::new(), &mut all);
            out.extend(all.into_iter().map(|p| (p, Some(bye))));
        }
    }
    out
}

fn numbers(s: &str) -> Vec<i64> {
    s.split(|c: char| !c.is_ascii_digit())
        .filter(|x| !x.is_empty())
        .map(|x| x.parse().unwrap())
        .collect()
}

/// Whether the separation's values prefer the engine's pairing on the
/// rule it names.
fn prefers_engine(rule: &str, engine: &str, proposed: &str) -> bool {
    let (e, p) = (numbers(engine), numbers(proposed));
    match rule {
        // "team X: score" (tenths in two numbers: "2.5" is 2 and 5).
        "C.04.6 3.4.2" => (e[1], e[2]) < (p[1], p[2]),
        "C.04.6 3.4.3" | "C.04.6 3.4.4" => e[1] > p[1],
        "C.04.6 2.3.1 [C4]" => e[0] < p[0],
        "C.04.6 2.3.2 [C5]" => e > p,
        "C.04.6 2.3.3 [C6]" => engine == "met" && proposed == "not met",
        "C.04.6 2.3.4 [C7]" | "C.04.6 2.3.5 [C8]" | "C.04.6 2.3.6 [C9]" | "C.04.6 2.3.7 [C10]" => {
            e[0] < p[0]
        }
        "C.04.6 3.5.4" | "C.04.6 3.6.2" => e < p,
        _ => false,
    }
}

fn small(seed: u64) -> Settings {
    let teams = 4 + (seed % 6) as u32;
    let mut s = Settings::new(seed, teams, 2, 7);
    s.colour_type = [ColourType::A, ColourType::B, ColourType::None][seed as usize % 3];
    s.forfeit_rate = 0.03;
    s.bye_rate = 0.03;
    s.prohibited = (seed % 2) as u32;
    s
}

/// `C.04.6 3.3.2`, compared step by step: the separation of every legal
/// proposal names a rule on which the engine's pairing does better, and
/// each kind of step is met.
#[test]
fn c046_compare_names_a_step_that_prefers_the_engine() {
    let engine = Team::FIDE_2026;
    let verify = swiss_verify::Team::FIDE_2026;
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut compared = 0;
    for seed in 1..=60 {
        let g = generate(&small(seed), &Options::DEFAULT).unwrap();
        for k in 2..=g.tournament.played_rounds() {
            let t: Tournament = before_round(&g.tournament, k);
            let ours = engine.pair(&t).unwrap();
            let mut teams: Vec<u32> = ours
                .pairs
                .iter()
                .flat_map(|p| [p.white, p.black])
                .chain(ours.bye)
                .collect();
            teams.sort_unstable();
            let oriented = |a: u32, b: u32| {
                if ours.pairs.iter().any(|p| p.white == b && p.black == a) {
                    Pair { white: b, black: a }
                } else {
                    Pair { white: a, black: b }
                }
            };
            let mut proposals: Vec<Pairing> = pairings(&teams)
                .into_iter()
                .map(|(pairs, bye)| Pairing {
                    round: k,
                    pairs: pairs.iter().map(|&(a, b)| oriented(a, b)).collect(),
                    bye,
                })
                .collect();
            for i in 0..ours.pairs.len() {
                let mut p = ours.clone();
                p.pairs[i] = Pair {
                    white: p.pairs[i].black,
                    black: p.pairs[i].white,
                };
                proposals.push(p);
            }
            for p in proposals {
                if swiss_core::same_pairing(&ours, &p) || !verify.verify(&t, &p).is_empty() {
                    continue;
                }
                let s = engine.separate(&t, &p).unwrap_or_else(|| {
                    panic!("seed {seed} round {k}: no separation of {p:?} from {ours:?}")
                });
                compared += 1;
                if s.kind == SeparationKind::Colour {
                    assert!(s.rule.starts_with("C.04.6 4.3."), "{s:?}");
                    seen.insert("4.3".into());
                    continue;
                }
                assert!(
                    prefers_engine(&s.rule, &s.engine, &s.proposed),
                    "seed {seed} round {k}: {s:?}\nengine {ours:?}\nproposal {p:?}"
                );
                seen.insert(s.rule.clone());
            }
        }
    }
    for rule in [
        "4.3",
        "C.04.6 3.4.2",
        "C.04.6 3.4.4",
        "C.04.6 2.3.1 [C4]",
        "C.04.6 2.3.2 [C5]",
        "C.04.6 2.3.3 [C6]",
        "C.04.6 2.3.4 [C7]",
        "C.04.6 2.3.5 [C8]",
        "C.04.6 2.3.7 [C10]",
        "C.04.6 3.4.3",
        "C.04.6 3.5.4",
        "C.04.6 3.6.2",
    ] {
        assert!(
            seen.contains(rule),
            "{rule} never met in {compared}: {seen:?}"
        );
    }
}
