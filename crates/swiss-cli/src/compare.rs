//! `swiss compare`: an arbiter's proposed pairing against the engine's
//! (FIDE's checklist for pairing programs: a manually changed pairing is
//! compared with the program's before it is published). Legality from the
//! system's independent verifier (`swiss-verify`), the separating rule
//! from the engine (`PairingSystem::separate`).

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use swiss_core::{Pairing, Verdict};

use crate::input::{EXIT_INVALID, Failure, pairing_failure, read_input, round_to_pair};
use crate::output::{emit, json};
use crate::systems::SystemArgs;

#[derive(Debug, Args)]
pub struct CompareArgs {
    #[command(flatten)]
    pub system: SystemArgs,
    /// Tournament file (TRF, or JSON): the record before the round.
    pub file: PathBuf,
    /// The proposed round: in the engine's output format (the number of
    /// lines, then `white black` per board, the bye as `id 0`), or the
    /// tournament file with that round filled in.
    pub proposed: PathBuf,
    /// Report format: sentences for the arbiter, or JSON for programs.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// How a report is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Plain sentences.
    Text,
    /// JSON.
    Json,
}

/// `swiss compare`: exit 0 when the proposal is the engine's pairing,
/// `EXIT_DIFFERS` (10) when it is legal but not the engine's, and
/// `EXIT_ILLEGAL` (11) when it breaks an absolute criterion or leaves the
/// round incomplete.
pub fn compare(a: CompareArgs) -> Result<(), Failure> {
    let input = read_input(&a.file)?;
    let round = round_to_pair(&input)?;
    let system = a.system.engine_for(Some(&input))?;
    let verify = a.system.entry()?.verifier(&a.system.options(Some(&input))?);
    let proposed = read_proposal(&a.proposed, round)?;
    let comparison = swiss_verify::compare(system.as_ref(), verify, &input.tournament, &proposed)
        .map_err(|e| pairing_failure(e, &a.file))?;
    let text = match a.format {
        ReportFormat::Text => comparison.to_string(),
        ReportFormat::Json => json(&comparison)?,
    };
    emit(None, &text)?;
    match comparison.verdict {
        Verdict::Identical => Ok(()),
        v => Err(Failure::new(v.exit_code(), String::new())),
    }
}

/// The proposed pairing of `round`: the engine's output format, else a
/// tournament file whose round `round` is filled in.
fn read_proposal(path: &Path, round: u32) -> Result<Pairing, Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Failure::new(
            crate::input::EXIT_FILE,
            format!("{}: cannot read: {e}", path.display()),
        )
    })?;
    if let Some(p) = Pairing::from_engine_text(&text, round) {
        return Ok(p);
    }
    let t = read_input(path)?.tournament;
    if t.recorded_rounds() < round {
        return Err(Failure::new(
            EXIT_INVALID,
            format!(
                "{}: expected a pairing in the engine's format (a count line, then `white black` per board), or a tournament file with round {round} filled in",
                path.display()
            ),
        ));
    }
    Ok(Pairing::recorded(&t, round))
}
