//! The hand-made files of `testdata/trf`: parsed models and error messages,
//! checked as snapshots through one `check` helper.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use swiss_core::{RoundState, trf};

fn files(sub: &str) -> Vec<PathBuf> {
    swiss_testdata::files(&swiss_testdata::path(&format!("trf/{sub}")), "trf").unwrap()
}

/// Reads `path` (named by its folder under `testdata/trf` and its file
/// name in messages; JSON when it ends in
/// `.json`, TRF otherwise) and renders what came out: the warnings, the
/// model as JSON plus the state before the next round, or the errors.
fn check(path: &Path, sub: &str) -> (bool, String) {
    let name = format!("{sub}/{}", path.file_name().unwrap().to_str().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let read = if name.ends_with(".json") {
        swiss_core::json::reading(&text, &name)
    } else {
        trf::reading(&text, &name)
    };
    match read {
        Ok(r) => {
            let t = r.tournament;
            let again = trf::read(&trf::write(&t), &name).unwrap();
            assert_eq!(t, again, "{name}: write/read round trip");
            let again = trf::read(&trf::write_2026(&t), &name).unwrap();
            assert_eq!(t, again, "{name}: TRF-2026 write/read round trip");
            let warnings: String = r.warnings.iter().map(|w| w.warning_text() + "\n").collect();
            let state = RoundState::next(&t);
            let summary: Vec<String> = state
                .players
                .iter()
                .map(|p| {
                    format!(
                        "{:>2} score {} acc {} pair {} met {:?} colours {:?} pab/fw {} rank {}",
                        p.start_no,
                        p.score,
                        p.acceleration,
                        p.to_pair,
                        p.met,
                        p.colours.iter().map(|c| c.letter()).collect::<String>(),
                        p.had_bye_or_forfeit_win,
                        p.rank_for_colour
                    )
                })
                .collect();
            let out = format!(
                "{warnings}{}\n--- state before round {} (last round: {}, initial colour {:?})\n{}",
                serde_json::to_string_pretty(&t).unwrap(),
                state.round,
                state.is_last_round(),
                state.initial_colour,
                summary.join("\n")
            );
            (true, out)
        }
        Err(e) => (false, e.to_string()),
    }
}

#[test]
fn valid_files_read_and_snapshot() {
    for f in files("valid") {
        let (ok, out) = check(&f, "valid");
        assert!(ok, "{out}");
        insta::assert_snapshot!(
            format!("valid__{}", f.file_stem().unwrap().to_str().unwrap()),
            out
        );
    }
}

#[test]
fn invalid_files_are_rejected_with_located_messages() {
    for f in files("invalid") {
        let (ok, out) = check(&f, "invalid");
        assert!(!ok, "{} was accepted", f.display());
        insta::assert_snapshot!(
            format!("invalid__{}", f.file_stem().unwrap().to_str().unwrap()),
            out
        );
    }
}
