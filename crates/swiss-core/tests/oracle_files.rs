//! Every reference file must read and validate, and survive a write/read round trip.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use swiss_core::{Pairing, RoundState, before_round, trf};

fn oracle_dir(sub: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle")
        .join(sub)
}

fn trf_files(sub: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(oracle_dir(sub))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_oracle_tournament_reads_validates_and_round_trips() {
    let files = trf_files("dutch");
    assert_eq!(files.len(), 400);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let name = f.display().to_string();
        let t = trf::read(&text, &name).unwrap_or_else(|e| panic!("{e}"));
        let again = trf::read(&trf::write(&t), &name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t, again, "{name}");
    }
}

#[test]
fn every_oracle_case_file_reads_and_matches_the_derived_input() {
    let files = trf_files("dutch-cases");
    assert_eq!(files.len(), 203);
    for f in files {
        let name = f.display().to_string();
        let case = trf::read(&std::fs::read_to_string(&f).unwrap(), &name)
            .unwrap_or_else(|e| panic!("{e}"));
        let stem = f.file_stem().unwrap().to_str().unwrap();
        let (tour, round) = stem.rsplit_once("-r").unwrap();
        let round: u32 = round.parse().unwrap();
        let full_path = oracle_dir("dutch").join(format!("{tour}.trf"));
        let full = trf::read(&std::fs::read_to_string(&full_path).unwrap(), "full").unwrap();
        // The case file is exactly the state before `round` of the full tournament.
        let derived = RoundState::before(&before_round(&full, round), round);
        let from_case = RoundState::before(&case, round);
        assert_eq!(case.next_round(), round, "{name}");
        assert_eq!(derived.initial_colour, from_case.initial_colour, "{name}");
        assert_eq!(derived.planned_rounds, from_case.planned_rounds, "{name}");
        for (a, b) in derived.players.iter().zip(&from_case.players) {
            assert!(
                a == b,
                "{name}: player {} differs:\n{a:?}\n{b:?}",
                a.start_no
            );
        }
        let expected = std::fs::read_to_string(f.with_extension("pairs")).unwrap();
        let expected = Pairing::from_engine_text(&expected, round).unwrap();
        let recorded = Pairing::recorded(&full, round);
        assert!(swiss_core::same_pairing(&expected, &recorded), "{name}");
    }
}
