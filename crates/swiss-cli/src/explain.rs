//! `swiss explain`: the arbiter's account of a round, bracket by bracket,
//! citing the rules, from the engine's own decisions
//! (`PairingSystem::explain`). The global `--explain` flag keeps the
//! engines' DEBUG trace for developers.

use std::path::PathBuf;

use clap::Args;
use swiss_core::StartNo;

use crate::input::{EXIT_USAGE, Failure, pairing_failure, read_input, round_to_pair};
use crate::output::emit;
use crate::systems::SystemArgs;

#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub system: SystemArgs,
    /// Tournament file (TRF, or JSON): the record before the round.
    pub file: PathBuf,
    /// Only what decided this player's opponent, colour, float or bye.
    #[arg(long, value_name = "N")]
    pub player: Option<StartNo>,
}

/// `swiss explain`.
pub fn explain(a: ExplainArgs) -> Result<(), Failure> {
    let input = read_input(&a.file)?;
    round_to_pair(&input)?;
    let system = a.system.engine_for(Some(&input))?;
    let Some(account) = system.explain(&input.tournament, a.player) else {
        return Err(Failure::new(
            EXIT_USAGE,
            format!(
                "swiss explain: the {} system{} does not explain its pairings yet (every other system and edition does)",
                a.system.system,
                a.system
                    .edition
                    .as_deref()
                    .map(|e| format!(" ({e})"))
                    .unwrap_or_default()
            ),
        ));
    };
    let text = account.map_err(|e| pairing_failure(e, &a.file))?;
    emit(None, &text)
}
