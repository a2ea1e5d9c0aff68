//! End-to-end tests of the `swiss` binary: exit codes, messages, outputs.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::{Command, Output};

fn testdata(p: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(p)
}

fn swiss(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swiss"))
        .args(args)
        .current_dir(testdata(""))
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn validate_accepts_every_oracle_file() {
    let mut files: Vec<String> = std::fs::read_dir(testdata("oracle/dutch"))
        .unwrap()
        .map(|e| format!("oracle/dutch/{}", e.unwrap().file_name().to_str().unwrap()))
        .collect();
    files.sort();
    let mut args = vec!["validate"];
    args.extend(files.iter().map(String::as_str));
    let out = swiss(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 400);
}

#[test]
fn validate_rejects_each_malformed_file_with_exit_3_and_a_location() {
    let mut names: Vec<String> = std::fs::read_dir(testdata("trf/invalid"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_str().unwrap().to_string())
        .collect();
    names.sort();
    let mut report = String::new();
    for n in names {
        let rel = format!("trf/invalid/{n}");
        let out = swiss(&["validate", &rel]);
        assert_eq!(out.status.code(), Some(3), "{rel}");
        let err = text(&out.stderr);
        assert!(err.starts_with(&format!("{rel}:")), "{err}");
        report.push_str(&err);
    }
    insta::assert_snapshot!(report);
}

#[test]
fn missing_file_is_exit_5() {
    let out = swiss(&["validate", "no/such/file.trf"]);
    assert_eq!(out.status.code(), Some(5));
    assert!(text(&out.stderr).contains("no/such/file.trf: cannot read"));
}

#[test]
fn usage_errors_are_exit_2() {
    assert_eq!(
        swiss(&["pair", "--system", "nonsense", "x.trf"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(swiss(&["--dutch"]).status.code(), Some(2));
    assert_eq!(swiss(&["--dutch", "x.trf", "-q"]).status.code(), Some(2));
}
