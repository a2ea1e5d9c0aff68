//! Project automation behind `cargo xtask` (alias in `.cargo/config.toml`):
//! oracle replays against the reference data, pairing traces for every
//! system (snapshot-tested in `tests/traces.rs`), and the benchmark table.
//! Start at `main.rs` for the commands, [`traces`] for the trace format.

pub mod bench;
pub mod oracle;
pub mod traces;

use std::path::PathBuf;

/// The workspace root (the parent of this crate).
pub fn root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.parent().map(PathBuf::from).unwrap_or(here)
}

/// Every system the traces and benchmarks run, in a fixed order.
pub fn systems() -> Vec<&'static dyn swiss_core::PairingSystem> {
    vec![&swiss_dutch::Dutch]
}

/// Every system with its independent verifier and the simulation settings
/// that suit it (the FIDE systems get every feature: forfeits, byes,
/// absences, late entries, withdrawals).
pub fn verified_systems() -> Vec<(
    &'static dyn swiss_core::PairingSystem,
    swiss_verify::Verifier,
    swiss_core::simulate::SimulationConfig,
)> {
    let fide = swiss_core::simulate::SimulationConfig {
        forfeit_rate: 0.03,
        half_bye_rate: 0.03,
        absence_rate: 0.02,
        withdrawal_rate: 0.01,
        late_entry_rate: 0.05,
        ..Default::default()
    };
    vec![(&swiss_dutch::Dutch, swiss_verify::dutch_next, fide)]
}

/// The system named `name` (as in `cargo xtask --system NAME`).
pub fn system(name: &str) -> anyhow::Result<&'static dyn swiss_core::PairingSystem> {
    systems()
        .into_iter()
        .find(|s| s.name() == name)
        .ok_or_else(|| anyhow::anyhow!("unknown or unavailable system {name}"))
}
