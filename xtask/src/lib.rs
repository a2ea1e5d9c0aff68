//! Project automation behind `cargo xtask` (alias in `.cargo/config.toml`):
//! oracle replays against the reference data, pairing traces for every
//! system (snapshot-tested in `tests/traces.rs`), the benchmark table, and
//! the hunt against a reference engine ([`hunt`]).
//! Start at `main.rs` for the commands, [`traces`] for the trace format.
//! The systems come from the one table of `swiss-systems`.

/// The root README's library example, compiled as a doctest so that it
/// stays true (xtask is never packaged, so it may include a file outside
/// its folder).
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

pub mod bench;
pub mod hunt;
pub mod traces;

use std::path::PathBuf;

use swiss_core::PairingSystem;
use swiss_core::simulate::SimulationConfig;

/// The workspace root (the parent of this crate).
pub fn root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.parent().map(PathBuf::from).unwrap_or(here)
}

/// One variant of a system, built, as the traces, the benchmarks and the
/// round-trip tests run it.
pub struct Entry {
    /// The variant's label (`dutch`, `tcec-double`): it names trace
    /// snapshots and benchmark rows.
    pub label: &'static str,
    /// The engine.
    pub system: Box<dyn PairingSystem>,
    /// Its independent verifier (`swiss-verify`).
    pub verify: &'static dyn swiss_verify::Verifier,
    /// The system's simulated events with their irregularities made
    /// frequent ([`SimulationConfig::stressed`]).
    pub simulation: SimulationConfig,
}

/// Every variant of every system of the registry, in table order.
pub fn systems() -> Vec<Entry> {
    swiss_systems::variants()
        .map(|(s, v)| Entry {
            label: v.label,
            system: s
                .build(&v.options)
                .unwrap_or_else(|e| panic!("registry variant {}: {e}", v.label)),
            verify: s.verifier(&v.options),
            simulation: s.simulation().stressed(),
        })
        .collect()
}

/// The engine of the variant labelled `label` (see [`Entry::label`]).
pub fn system(label: &str) -> anyhow::Result<Box<dyn PairingSystem>> {
    let (s, v) = swiss_systems::variant(label).ok_or_else(|| {
        anyhow::anyhow!(
            "unknown system {label} (variants: {})",
            swiss_systems::variants()
                .map(|(_, v)| v.label)
                .collect::<Vec<_>>()
                .join(", ")
        )
    })?;
    Ok(s.build(&v.options)?)
}
