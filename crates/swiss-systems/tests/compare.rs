//! `swiss_verify::compare` over the reference corpus (issue 29): a round
//! the reference engine recorded, fed back as a proposal, is the engine's
//! pairing; the same round with two boards' opponents swapped is either
//! illegal or legal with a named rule that prefers the engine's pairing.
//! A sample of the oracle and hunt tournaments keeps this to seconds in a
//! debug build; `xtask/tests/oracle.rs` replays every round.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use swiss_core::{Pairing, SeparationKind, Verdict, before_round};
use swiss_systems::Options;

/// Every `step`-th tournament of `dir`, every `round_step`-th round from 2.
fn check_corpus(
    dir: &str,
    edition: &'static str,
    step: usize,
    round_step: usize,
) -> BTreeMap<String, usize> {
    let entry = swiss_systems::find("dutch").unwrap();
    let options = Options::DEFAULT.with_edition(Some(edition));
    let engine = entry.build(&options).unwrap();
    let verify = entry.verifier(&options);
    let files = swiss_testdata::files(&swiss_testdata::path(dir), "trf").unwrap();
    assert!(files.len() > 100, "{dir}: {} files", files.len());
    let mut outcomes = BTreeMap::new();
    for f in files.iter().step_by(step) {
        let t = swiss_testdata::read_trf(f).unwrap();
        let initial = engine.initial_colour(&t);
        for k in (2..=t.played_rounds()).step_by(round_step) {
            let mut before = before_round(&t, k);
            before.initial_colour = initial;
            let recorded = Pairing::recorded(&t, k);
            let c = swiss_verify::compare(engine.as_ref(), verify, &before, &recorded).unwrap();
            assert_eq!(
                c.verdict,
                Verdict::Identical,
                "{} round {k}:\n{c}",
                f.display()
            );
            *outcomes.entry("identical".to_string()).or_default() += 1;
            if recorded.pairs.len() < 2 {
                continue;
            }
            // The last two boards' black players change places.
            let mut swapped = recorded.clone();
            let n = swapped.pairs.len();
            let b = swapped.pairs[n - 2].black;
            swapped.pairs[n - 2].black = swapped.pairs[n - 1].black;
            swapped.pairs[n - 1].black = b;
            let c = swiss_verify::compare(engine.as_ref(), verify, &before, &swapped).unwrap();
            let outcome = match (c.verdict, &c.separation) {
                (Verdict::Illegal, _) => "illegal".to_string(),
                (Verdict::Differs, Some(s)) => {
                    assert_ne!(s.kind, SeparationKind::NotCandidate, "{}: {c}", f.display());
                    assert!(
                        !s.measure.contains("please report"),
                        "{} round {k}: the proposal beats the engine:\n{c}",
                        f.display()
                    );
                    s.rule.clone()
                }
                _ => panic!(
                    "{} round {k}: swapped boards not separated:\n{c}",
                    f.display()
                ),
            };
            *outcomes.entry(outcome).or_default() += 1;
        }
    }
    outcomes
}

#[test]
fn recorded_rounds_are_identical_and_swapped_boards_are_named() {
    for (dir, edition) in [
        ("oracle/dutch", "2017"),
        ("oracle/dutch-2026", "2026"),
        ("hunt/dutch-2017", "2017"),
        ("hunt/dutch-2026", "2026"),
    ] {
        let outcomes = check_corpus(dir, edition, 10, 2);
        eprintln!("{dir}: {outcomes:?}");
        assert!(outcomes["identical"] >= 10, "{dir}: {outcomes:?}");
        // The swaps reach more than one kind of outcome.
        assert!(outcomes.len() >= 3, "{dir}: {outcomes:?}");
    }
}
