//! `cargo xtask <command>`: see `cargo xtask --help`.

use anyhow::Result;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "xtask", about = "swiss project automation")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compute every system's trace on every player list (in parallel) and
    /// print them; with --check, compare with the committed snapshots.
    Traces {
        /// Fail on any difference from the committed snapshots (for CI).
        #[arg(long)]
        check: bool,
    },
    /// Replay reference tournaments round by round with our engine and
    /// print the agreement; exit status 0 only when every round agrees.
    Oracle {
        /// The system whose reference data DIR holds.
        #[arg(long, value_parser = ["dutch", "tcec"])]
        system: String,
        /// Directory of reference tournaments (TRF for Dutch, the
        /// `tcec-swiss-reference/1` JSON for TCEC).
        dir: std::path::PathBuf,
    },
}

fn main() -> Result<()> {
    match Cli::parse().command {
        Command::Traces { check } => traces(check),
        Command::Oracle { system, dir } => oracle(&system, &dir),
    }
}

fn oracle(system: &str, dir: &std::path::Path) -> Result<()> {
    let a = match system {
        "dutch" => xtask::oracle::replay_trf_dir(&swiss_dutch::Dutch, dir)?,
        other => anyhow::bail!("no reference replay for system {other}"),
    };
    print!("{}", a.details);
    let summary = format!(
        "{system}: {}/{} rounds identical in {} tournaments",
        a.identical, a.rounds, a.tournaments
    );
    println!("{summary}");
    anyhow::ensure!(a.all_agree(), "{} rounds differ", a.rounds - a.identical);
    Ok(())
}

fn traces(check: bool) -> Result<()> {
    let root = xtask::root();
    let systems = xtask::systems();
    let traces = xtask::traces::all(&root, &systems)?;
    if check {
        let dir = root.join("xtask/tests/snapshots");
        let mut differ = 0;
        for t in &traces {
            let path = dir.join(format!("traces__{}.snap", t.name));
            let committed = std::fs::read_to_string(&path).unwrap_or_default();
            // The snapshot body follows insta's `---` header.
            let body = committed.splitn(3, "---\n").nth(2).unwrap_or_default();
            if body.trim_end() != t.text.trim_end() {
                println!("{}: differs from {}", t.name, path.display());
                differ += 1;
            }
        }
        println!(
            "traces: {}/{} identical",
            traces.len() - differ,
            traces.len()
        );
        anyhow::ensure!(
            differ == 0,
            "{differ} traces differ: review with `cargo insta test -p xtask --review`"
        );
    } else {
        for t in &traces {
            println!("{}", t.text);
        }
    }
    Ok(())
}
