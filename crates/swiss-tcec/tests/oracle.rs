//! Replays the 150 reference tournaments of `testdata/oracle/tcec/` on the
//! README's four points (`TCEC STEP 2` BYE, `TCEC STEP 3` removal counter,
//! `TCEC STEP 4`/`TCEC STEP 5` pairs and colours, playing order).
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use swiss_tcec::{read_reference, replay};

fn oracle_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/tcec")
}

#[test]
fn all_reference_tournaments_are_reproduced() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(oracle_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 150);
    let (mut rounds, mut identical, mut lines) = (0, 0, Vec::new());
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy();
        let reference = read_reference(&text, &name).unwrap();
        let report = replay(&reference);
        rounds += report.rounds;
        identical += report.identical;
        lines.extend(report.differences);
    }
    println!(
        "tcec: {identical}/{rounds} rounds identical in {} tournaments",
        files.len()
    );
    for l in lines.iter().take(20) {
        println!("{l}");
    }
    assert!(lines.is_empty(), "{} rounds differ", lines.len());
    assert_eq!(identical, rounds);
}
