//! Project automation behind `cargo xtask` (alias in `.cargo/config.toml`):
//! oracle replays against the reference data, pairing traces for every
//! system (snapshot-tested in `tests/traces.rs`), and the benchmark table.
//! Start at `main.rs` for the commands, [`traces`] for the trace format.

pub mod traces;

use std::path::PathBuf;

/// The workspace root (the parent of this crate).
pub fn root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.parent().map(PathBuf::from).unwrap_or(here)
}

/// Every system the traces and benchmarks run, in a fixed order.
pub fn systems() -> Vec<&'static dyn swiss_core::PairingSystem> {
    Vec::new()
}
