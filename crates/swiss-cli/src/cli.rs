//! Command-line arguments and the subcommands.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::input::{
    EXIT_INVALID, EXIT_USAGE, Failure, pairing_failure, read_input, read_tournament,
};
use crate::output::{emit, json};
use crate::systems::SystemArgs;

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
    /// FIDE's pairings-and-tie-breaks checker: replay each tournament round
    /// by round (every round whose pairing differs from the engine's, every
    /// recorded pairing that breaks an absolute criterion) and compare the
    /// ranks it records with the standings its own tie-break list (TRF-2026
    /// 212/202) gives. Exit 0: all agree; 10: a round differs; 11: an
    /// illegal pairing; 12: a rank differs; 3: invalid input.
    Check(CheckArgs),
    /// Compare a proposed pairing (an arbiter's, changed by hand) with the
    /// engine's: legality, completeness, the boards that differ and the
    /// first rule that prefers the engine's pairing. Exit 0: identical;
    /// 10: legal but not the engine's; 11: illegal.
    Compare(crate::compare::CompareArgs),
    /// The arbiter's account of the next round, bracket by bracket, citing
    /// the rules (`--player N`: only what decided N's opponent, colour,
    /// float or bye).
    Explain(crate::explain::ExplainArgs),
    /// Generate random tournaments paired by a system (the FIDE random tournament generator).
    Generate(Box<crate::generate::GenerateArgs>),
    /// The standings by points and C.07 tie-breaks (`--tiebreaks`,
    /// `--rules`), any system; `--check` compares the ranks the file
    /// records. TCEC: its own final ranking.
    Standings(crate::standings::StandingsArgs),
    /// TCEC: seed a player list (group or random seeding; start number = seed).
    Seed(crate::tcec::SeedArgs),
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
    /// The pairing as JSON (a team tournament: each match with its
    /// boards).
    Json,
    /// The whole tournament as TRF16 (with the `XX*`/`BB*` extension
    /// lines established engines read), the new round appended.
    Trf,
    /// The whole tournament as TRF-2026 (records 142, 152, 162, 240, 250,
    /// 260; lines ended by CR), the new round appended (a team
    /// tournament: each match's boards, each team on its first boards).
    Trf26,
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
    /// Report format: sentences, or JSON with the same content.
    #[arg(long, value_enum, default_value_t = crate::compare::ReportFormat::Text)]
    pub format: crate::compare::ReportFormat,
}

/// `swiss pair`.
pub fn pair(a: PairArgs) -> Result<(), Failure> {
    let input = read_input(&a.file)?;
    crate::input::round_to_pair(&input)?;
    let mut t = input.tournament.clone();
    let system = a.system.engine_for(Some(&input))?;
    // Some systems' rounds say more than their pairs (TCEC: pairing order,
    // first-of-pair, removal counter, games in playing order).
    if a.format == Format::Json
        && let Some(round_json) = a.system.entry()?.round_json
    {
        let round = round_json(&a.system.options(Some(&input))?, &t)
            .map_err(|e| pairing_failure(e, &a.file))?;
        return emit(a.output.as_deref(), &json(&round)?);
    }
    // Boards come in the system's own order (C.04.2 board order for the
    // FIDE systems, playing order for TCEC).
    let pairing = system.pair(&t).map_err(|e| pairing_failure(e, &a.file))?;
    let text = match a.format {
        Format::Text => pairing.to_engine_text(),
        Format::Json => json(&pairing)?,
        Format::Trf => {
            pairing.append_to(&mut t);
            crate::output::trf_text(&t, false)
        }
        Format::Trf26 => {
            pairing.append_to(&mut t);
            crate::output::trf_text(&t, true)
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
                "{}: ok ({} players{}, {} rounds played)",
                f.display(),
                t.players.len(),
                t.teams
                    .as_ref()
                    .map(|ts| format!(" in {} teams", ts.teams.len()))
                    .unwrap_or_default(),
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

/// The established engines' invocation, recognised by its first argument.
pub struct Legacy {
    system: String,
    file: PathBuf,
    action: LegacyAction,
}

enum LegacyAction {
    Pair(Option<PathBuf>),
    Check,
}

/// Recognises `swiss --dutch FILE -p [OUT]` and `swiss --dutch FILE -c`.
pub fn legacy(args: &[String]) -> Option<Result<Legacy, Failure>> {
    let system = args
        .get(1)?
        .strip_prefix("--")
        .filter(|name| swiss_systems::find(name).is_ok())?
        .to_string();
    let usage = || {
        Failure::new(
            EXIT_USAGE,
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
            system: SystemArgs::named(&l.system),
            file: l.file,
            output,
            format: Format::Text,
        }),
        LegacyAction::Check => crate::checker::check_legacy(CheckArgs {
            system: SystemArgs::named(&l.system),
            files: vec![l.file],
            format: crate::compare::ReportFormat::Text,
        }),
    }
}
