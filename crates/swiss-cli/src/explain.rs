//! `swiss explain`: the arbiter's account of a round, bracket by bracket,
//! citing the rules, from the engine's own decisions
//! (`PairingSystem::explain`). The global `--explain` flag keeps the
//! engines' DEBUG trace for developers.

use std::path::PathBuf;

use clap::Args;
use swiss_core::StartNo;

use crate::input::{EXIT_UNEXPECTED, Failure, pairing_failure, read_input, round_to_pair};
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
    // Every system and edition of the workspace gives an account; a
    // system without one is an internal error, not the arbiter's.
    let Some(account) = system.explain(&input.tournament, a.player) else {
        return Err(Failure::new(
            EXIT_UNEXPECTED,
            format!(
                "swiss explain: the {} system gives no account of its pairings (please report)",
                a.system.system
            ),
        ));
    };
    let text = account.map_err(|e| pairing_failure(e, &a.file))?;
    emit(None, &text)
}
