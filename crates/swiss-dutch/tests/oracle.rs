//! The headline test: every round of the 400 reference tournaments
//! (`testdata/oracle/dutch`) replayed with the Dutch engine must reproduce
//! the recorded round exactly (pairs, colours, bye), as the oracle README
//! defines the replay.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use rayon::prelude::*;
use swiss_core::trf;
use swiss_dutch::check_tournament;

fn tournaments() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/dutch");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    v.sort();
    v
}

#[test]
fn oracle_tournaments_are_reproduced_round_by_round() {
    let files = tournaments();
    assert_eq!(files.len(), 400);
    let reports: Vec<(String, u32, Vec<u32>)> = files
        .par_iter()
        .map(|f| {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            let t = trf::read(&std::fs::read_to_string(f).unwrap(), &name).unwrap();
            let r = check_tournament(&t);
            (
                name,
                r.rounds,
                r.differences.iter().map(|d| d.round).collect(),
            )
        })
        .collect();
    let total: u32 = reports.iter().map(|r| r.1).sum();
    let bad: usize = reports.iter().map(|r| r.2.len()).sum();
    let full = reports.iter().filter(|r| r.2.is_empty()).count();
    println!(
        "dutch: {}/{} rounds identical in {} tournaments ({} tournaments fully reproduced)",
        total as usize - bad,
        total,
        reports.len(),
        full
    );
    for (name, _, rounds) in reports.iter().filter(|r| !r.2.is_empty()).take(40) {
        println!("  {name}: rounds {rounds:?}");
    }
    assert_eq!(bad, 0, "{bad} rounds differ");
}
