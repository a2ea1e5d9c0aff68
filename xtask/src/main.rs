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
}

fn main() -> Result<()> {
    match Cli::parse().command {
        Command::Traces { check } => traces(check),
    }
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
