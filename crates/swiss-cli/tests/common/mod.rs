//! What the CLI's integration tests share: running the `swiss` binary.
// Each test file uses what it needs of this module.
#![allow(dead_code, clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// The path `p` inside the repository's testdata folder.
pub fn testdata(p: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(p)
}

/// Runs `swiss ARGS...` in `testdata/` (relative paths name its files).
pub fn swiss(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swiss"))
        .args(args)
        .current_dir(testdata(""))
        .output()
        .unwrap()
}

/// Output bytes as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
