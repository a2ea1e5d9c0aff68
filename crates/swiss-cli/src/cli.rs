//! Command-line arguments and the subcommands.

use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};
use rayon::prelude::*;
use swiss_core::{Tournament, check as replay, trf};

use crate::input::{
    EXIT_INVALID, EXIT_NO_PAIRING, EXIT_UNEXPECTED, Failure, Input, read_input, read_tournament,
};
use crate::output::{emit, json};
use crate::systems::{SystemName, SystemOptions, engine};

/// Pairs Swiss-system tournaments (FIDE Dutch, TCEC ...) from FIDE TRF or JSON files.
///
/// Also accepts the established engines' invocation: `swiss --dutch FILE -p [OUT]`
/// (pair the next round) and `swiss --dutch FILE -c` (check the pairings).
#[derive(Debug, Parser)]
#[command(name = "swiss", version, about, long_about = None)]
pub struct Cli {
    /// Explain pairing decisions on standard error (bracket by bracket).
    #[arg(long, global = true)]
    pub explain: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Pair the next round of a tournament.
    Pair(PairArgs),
    /// Read TRF files and report every problem found.
    Validate(ValidateArgs),
    /// Replay each tournament round by round and report every round whose
    /// pairing differs from the engine's (the FIDE pairings checker).
    Check(CheckArgs),
    /// Generate random tournaments paired by a system (the FIDE random tournament generator).
    Generate(crate::generate::GenerateArgs),
    /// TCEC: the final ranking (score, fewer BYEs, black games, Sonneborn-Berger).
    Standings(crate::tcec::StandingsArgs),
    /// TCEC: seed a player list (group or random seeding; start number = seed).
    Seed(crate::tcec::SeedArgs),
}

/// The pairing system and its options.
#[derive(Clone, Copy, Debug, Args)]
pub struct SystemArgs {
    /// Pairing system.
    #[arg(long, value_enum)]
    pub system: SystemName,
    /// TCEC: double rounds (each round is two games with reversed colours,
    /// written as two TRF columns).
    #[arg(long)]
    pub double: bool,
}

impl SystemArgs {
    /// The engine these arguments name.
    pub fn engine(&self) -> Result<Box<dyn swiss_core::PairingSystem>, Failure> {
        engine(self.system, self.options())
    }

    /// The engine for a file: a TCEC reference JSON names its own format,
    /// which wins over `--double`.
    pub fn engine_for(&self, input: &Input) -> Result<Box<dyn swiss_core::PairingSystem>, Failure> {
        crate::input::check_system(input, self.system.as_str())?;
        match (self.system, input.tcec) {
            (SystemName::Tcec, Some(options)) => Ok(Box::new(swiss_tcec::Tcec { options })),
            _ => self.engine(),
        }
    }

    fn options(&self) -> SystemOptions {
        SystemOptions {
            double: self.double,
        }
    }

    /// The TCEC options for a file (see [`SystemArgs::engine_for`]).
    pub fn tcec_options(&self, input: &Input) -> swiss_tcec::TcecOptions {
        input.tcec.unwrap_or_else(|| self.options().tcec())
    }
}

#[derive(Debug, Args)]
pub struct PairArgs {
    #[command(flatten)]
    pub system: SystemArgs,
    /// Tournament file (TRF, or JSON).
    pub file: PathBuf,
    /// Output file (default: standard output). Written atomically.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// How a pairing is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The established engines' format: a count line, then `white black`
    /// per board in board order, the bye last as `id 0`.
    Text,
    /// The pairing as JSON.
    Json,
    /// The whole tournament as TRF with the new round appended.
    Trf,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// TRF files to read.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub system: SystemArgs,
    /// Tournament files to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// `swiss pair`.
pub fn pair(a: PairArgs) -> Result<(), Failure> {
    let input = read_input(&a.file)?;
    crate::input::round_to_pair(&input)?;
    crate::input::check_system(&input, a.system.system.as_str())?;
    let mut t = input.tournament.clone();
    // TCEC's JSON is the whole round: pairing order, first-of-pair,
    // removal counter, games in playing order.
    if a.format == Format::Json && a.system.system == SystemName::Tcec {
        let tcec = swiss_tcec::Tcec {
            options: a.system.tcec_options(&input),
        };
        let (round, _) = tcec
            .pair_column(&t)
            .map_err(|e| Failure::from(e.into_pairing_error(t.next_round())))?;
        return emit(a.output.as_deref(), &json(&round)?);
    }
    let system = a.system.engine_for(&input)?;
    // Boards come in the system's own order (C.04.2 board order for the
    // FIDE systems, playing order for TCEC).
    let pairing = system.pair(&t)?;
    let text = match a.format {
        Format::Text => pairing.to_engine_text(),
        Format::Json => json(&pairing)?,
        Format::Trf => {
            pairing.append_to(&mut t);
            trf::write(&t)
        }
    };
    emit(a.output.as_deref(), &text)
}

/// `swiss validate`.
pub fn validate(a: ValidateArgs) -> Result<(), Failure> {
    let mut bad = 0;
    for f in &a.files {
        match read_tournament(f) {
            Ok(t) => println!(
                "{}: ok ({} players, {} rounds played)",
                f.display(),
                t.players.len(),
                t.played_rounds()
            ),
            Err(e) => {
                eprintln!("{}", e.message);
                if e.code != EXIT_INVALID {
                    return Err(Failure::new(e.code, String::new()));
                }
                bad += 1;
            }
        }
    }
    if bad > 0 {
        return Err(Failure::new(
            EXIT_INVALID,
            format!("swiss: {bad} of {} files invalid", a.files.len()),
        ));
    }
    Ok(())
}

/// `swiss check`: exit 0 only when every round of every file is
/// reproduced. Files are replayed in parallel; the report keeps their order.
pub fn check(a: CheckArgs) -> Result<(), Failure> {
    let inputs = a
        .files
        .iter()
        .map(|f| read_input(f))
        .collect::<Result<Vec<_>, _>>()?;
    let systems = inputs
        .iter()
        .map(|i| a.system.engine_for(i))
        .collect::<Result<Vec<_>, _>>()?;
    let reports: Vec<(String, u32, u32)> = a
        .files
        .par_iter()
        .zip(&inputs)
        .zip(&systems)
        .map(|((f, i), s)| check_one(s.as_ref(), f, &i.tournament))
        .collect();
    let (mut rounds, mut identical) = (0, 0);
    for (text, r, i) in &reports {
        print!("{text}");
        rounds += r;
        identical += i;
    }
    println!(
        "{}: {identical}/{rounds} rounds identical in {} tournaments",
        a.system.system.as_str(),
        a.files.len()
    );
    if identical == rounds {
        Ok(())
    } else {
        Err(Failure::new(EXIT_NO_PAIRING, String::new()))
    }
}

/// Replays one file; returns the report text, rounds and identical rounds.
fn check_one(
    system: &dyn swiss_core::PairingSystem,
    f: &Path,
    t: &Tournament,
) -> (String, u32, u32) {
    use std::fmt::Write as _;
    let report = replay(system, t);
    let mut out = String::new();
    for d in &report.differences {
        let _ = writeln!(out, "{}: {d}", f.display());
    }
    (out, report.rounds, report.identical())
}

/// The established engines' invocation, recognised by its first argument.
pub struct Legacy {
    system: SystemName,
    file: PathBuf,
    action: LegacyAction,
}

enum LegacyAction {
    Pair(Option<PathBuf>),
    Check,
}

/// Recognises `swiss --dutch FILE -p [OUT]` and `swiss --dutch FILE -c`.
pub fn legacy(args: &[String]) -> Option<Result<Legacy, Failure>> {
    let system = match args.get(1)?.as_str() {
        "--dutch" => SystemName::Dutch,
        "--dubov" => SystemName::Dubov,
        "--lim" => SystemName::Lim,
        "--tcec" => SystemName::Tcec,
        _ => return None,
    };
    let usage = || {
        Failure::new(
            EXIT_UNEXPECTED,
            "usage: swiss --dutch FILE (-p [OUT] | -c)".to_string(),
        )
    };
    let Some(file) = args.get(2) else {
        return Some(Err(usage()));
    };
    let action = match (args.get(3).map(String::as_str), args.get(4), args.len()) {
        (Some("-p"), out, n) if n <= 5 => LegacyAction::Pair(out.map(PathBuf::from)),
        (Some("-c"), None, _) => LegacyAction::Check,
        _ => return Some(Err(usage())),
    };
    Some(Ok(Legacy {
        system,
        file: PathBuf::from(file),
        action,
    }))
}

/// Runs a legacy invocation.
pub fn run_legacy(l: Legacy) -> Result<(), Failure> {
    match l.action {
        LegacyAction::Pair(output) => pair(PairArgs {
            system: SystemArgs {
                system: l.system,
                double: false,
            },
            file: l.file,
            output,
            format: Format::Text,
        }),
        LegacyAction::Check => check(CheckArgs {
            system: SystemArgs {
                system: l.system,
                double: false,
            },
            files: vec![l.file],
        }),
    }
}
