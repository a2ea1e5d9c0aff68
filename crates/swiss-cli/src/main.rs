//! The `swiss` command line: pairs the next round of a tournament file,
//! checks a tournament's pairings, generates random tournaments, validates
//! TRF files.
//!
//! Exit codes follow the established engines: 0 ok, 1 no legal pairing,
//! 2 unexpected error (a bug), 3 invalid input, 5 file access; and 64 for
//! a usage error (as sysexits.h). `swiss compare` adds 10 (the proposal is
//! legal but not the engine's pairing) and 11 (it is illegal); `swiss
//! check` 10 (a recorded round is not the engine's), 11 (a recorded pairing
//! is illegal) and 12 (a recorded rank is not the standings'). Start reading at
//! [`run`]; the systems available are those of the `swiss-systems` table.

mod checker;
mod cli;
mod compare;
mod explain;
mod generate;
mod input;
mod output;
mod rtg;
mod standings;
mod systems;
mod tcec;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::input::Failure;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    // A panic is a bug: report it as an unexpected error (exit 2), never a crash.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("swiss: internal error: {info}");
        eprintln!("swiss: this is a bug; please report it with the input file");
    }));
    // Ctrl-C: remove the hidden temporary files of outputs being written
    // (never a partial file left behind), then exit 130 as shells do.
    let _ = ctrlc::set_handler(|| {
        output::remove_pending();
        eprintln!("swiss: interrupted");
        std::process::exit(130);
    });
    let outcome = std::panic::catch_unwind(|| run(args));
    match outcome {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(f)) => {
            if !f.message.is_empty() {
                eprintln!("{}", f.message);
            }
            ExitCode::from(f.code)
        }
        Err(_) => ExitCode::from(input::EXIT_UNEXPECTED),
    }
}

/// Runs one invocation; returns the failure to report, if any.
fn run(args: Vec<String>) -> Result<(), Failure> {
    if let Some(legacy) = cli::legacy(&args) {
        return cli::run_legacy(legacy?);
    }
    let cli = Cli::try_parse_from(&args).map_err(|e| {
        let code = if e.use_stderr() { input::EXIT_USAGE } else { 0 };
        let _ = e.print();
        Failure {
            code,
            message: String::new(),
        }
    })?;
    init_tracing(cli.explain);
    match cli.command {
        Command::Pair(a) => cli::pair(a),
        Command::Validate(a) => cli::validate(a),
        Command::Check(a) => checker::check(a),
        Command::Compare(a) => compare::compare(a),
        Command::Explain(a) => explain::explain(a),
        Command::Generate(a) => generate::generate(*a),
        Command::Standings(a) => standings::standings(a),
        Command::Seed(a) => tcec::seed(a),
    }
}

fn init_tracing(explain: bool) {
    // The engines log their decisions at DEBUG under their crate's target.
    let filter = if explain {
        format!("warn,{}", swiss_systems::explain_filter())
    } else {
        "warn".to_string()
    };
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("SWISS_LOG")
                .unwrap_or_else(|_| filter.into()),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .without_time()
        .with_target(false)
        .try_init();
}
