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

/// The TCEC system in the single format.
pub static TCEC_SINGLE: swiss_tcec::Tcec = swiss_tcec::Tcec {
    options: swiss_tcec::TcecOptions {
        format: swiss_tcec::Format::Single,
    },
};

/// The TCEC system in the double format.
pub static TCEC_DOUBLE: swiss_tcec::Tcec = swiss_tcec::Tcec {
    options: swiss_tcec::TcecOptions {
        format: swiss_tcec::Format::Double,
    },
};

/// One system as the traces, the benchmarks and the round-trip tests run it.
pub struct Entry {
    /// A unique label: the system's name, with its variant if any
    /// (`tcec-double`); it names trace snapshots and benchmark rows.
    pub label: &'static str,
    /// The engine.
    pub system: &'static dyn swiss_core::PairingSystem,
    /// Its independent verifier (`swiss-verify`).
    pub verify: swiss_verify::Verifier,
    /// Simulation settings that suit the system: the FIDE systems get
    /// every feature (forfeits, byes, absences, late entries, withdrawals);
    /// TCEC events have none of them.
    pub simulation: swiss_core::simulate::SimulationConfig,
}

/// Every system and variant, in a fixed order.
pub fn systems() -> Vec<Entry> {
    use swiss_core::PairingSystem as _;
    use swiss_core::simulate::SimulationConfig;
    let fide = SimulationConfig {
        forfeit_rate: 0.03,
        half_bye_rate: 0.03,
        absence_rate: 0.02,
        withdrawal_rate: 0.01,
        late_entry_rate: 0.05,
        ..Default::default()
    };
    // The simulation draws per TRF column, so a double round's two games
    // get their own results.
    let tcec = TCEC_SINGLE.default_simulation();
    vec![
        Entry {
            label: "dutch",
            system: &swiss_dutch::Dutch,
            verify: swiss_verify::dutch_next,
            simulation: fide,
        },
        Entry {
            label: "tcec",
            system: &TCEC_SINGLE,
            verify: swiss_verify::tcec_single_next,
            simulation: tcec.clone(),
        },
        Entry {
            label: "tcec-double",
            system: &TCEC_DOUBLE,
            verify: swiss_verify::tcec_double_next,
            simulation: tcec,
        },
    ]
}

/// The system labelled `label` (see [`Entry::label`]).
pub fn system(label: &str) -> anyhow::Result<&'static dyn swiss_core::PairingSystem> {
    systems()
        .into_iter()
        .find(|s| s.label == label)
        .map(|s| s.system)
        .ok_or_else(|| anyhow::anyhow!("unknown or unavailable system {label}"))
}
