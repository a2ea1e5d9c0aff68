//! The 203 explicit per-round inputs of the reference data
//! (`testdata/oracle/dutch-cases`): pairs, colours, bye and board order
//! must be exactly the expected `.pairs` output.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use rayon::prelude::*;
use swiss_core::{Pairing, RoundState, trf};
use swiss_dutch::{DutchOptions, pair};

fn cases() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/dutch-cases");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    v.sort();
    v
}

/// Pairs one case file; `None` when the output is exactly the expected one.
fn run(f: &PathBuf) -> Option<String> {
    let name = f.display().to_string();
    let t = trf::read(&std::fs::read_to_string(f).unwrap(), &name).unwrap();
    let expected_text = std::fs::read_to_string(f.with_extension("pairs")).unwrap();
    let state = RoundState::next(&t);
    let expected = Pairing::from_engine_text(&expected_text, state.round).unwrap();
    match pair(&state, &DutchOptions::default()) {
        Ok(p) if p.pairs == expected.pairs && p.bye == expected.bye => None,
        Ok(p) => Some(format!(
            "{name}\nexpected:\n{expected_text}got:\n{}",
            p.to_engine_text()
        )),
        Err(e) => Some(format!("{name}: {e}")),
    }
}

#[test]
fn oracle_case_files_are_reproduced_exactly() {
    let files = cases();
    assert_eq!(files.len(), 203);
    let failures: Vec<String> = files.par_iter().filter_map(run).collect();
    println!(
        "dutch cases: {}/{} identical (pairs, colours, bye, board order)",
        files.len() - failures.len(),
        files.len()
    );
    for f in failures.iter().take(5) {
        println!("{f}");
    }
    assert!(failures.is_empty(), "{} case files differ", failures.len());
}
