//! `cargo xtask hunt --reverse`: the cross-test in the other direction.
//! Our Dutch engine makes the tournaments (our results simulation, the
//! hunt's shapes up to 300 players, [`Shape::ours`]) and the reference's
//! checker checks them: `EXE --dutch FILE -c` re-pairs every round from
//! the rounds before it and lists each round whose pairing differs from
//! its own.
//!
//! Tournament `i` is made from seed `seed + i` into
//! `DIR/tournaments/SEED.trf` (TRF16 with `XXR`, `XXC`, `BB*`, `XXA`,
//! `XXP`), the checker's output kept beside it (`.check.txt`). When our
//! engine finds no legal pairing for a round, the file holds the rounds
//! before it, and the reference is asked to pair that round
//! (`.stop.trf`: the same rounds with the round's announced byes and
//! absences, `EXE --dutch FILE -p`, its answer in `.stop.txt`): it must
//! find none either. Where the checker itself dies (a signal, or no
//! answer within ten minutes), each round is put to `EXE -p` from the
//! state before it (`.rR.trf`, the answer in `.rR.txt`) and compared with
//! the file: the same check, asked round by round
//! (`check_by_rounds`). A later run makes and checks only what is missing,
//! so the run resumes after an interruption; the kept files are not
//! re-made, so after a change to our engine start a new DIR.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use rayon::prelude::*;
use swiss_core::simulate::{play, random_players};
use swiss_core::{Pairing, PairingError, PairingSystem, Tournament, before_round};

use super::{
    End, Hunt, Shape, cheapest_first, engine, extras, pair_set, progress, run_with_timeout,
    simulation,
};

/// A pair as the reference prints it: white, black; the PAB as `(p, 0)`.
pub type Pair = (u32, u32);

/// A round the reference's checker reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The round is paired otherwise: the checker's pairs the file lacks,
    /// and the file's pairs of the same players.
    Differs {
        /// The round.
        round: u32,
        /// The checker's pairs.
        checker: Vec<Pair>,
        /// The file's pairs.
        file: Vec<Pair>,
    },
    /// The checker finds no legal pairing for a round the file pairs.
    NoPairing {
        /// The round.
        round: u32,
    },
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |ps: &[Pair]| {
            ps.iter()
                .map(|(w, b)| format!("{w}-{b}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self {
            Finding::Differs {
                round,
                checker,
                file,
            } => write!(
                f,
                "round {round} differs | reference: {} | ours: {}",
                show(checker),
                show(file)
            ),
            Finding::NoPairing { round } => write!(
                f,
                "round {round}: the reference finds no legal pairing, ours paired it"
            ),
        }
    }
}

/// What the reference's checker printed for one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Check {
    /// The rounds it checked (its `Round #N` lines).
    pub rounds: u32,
    /// The rounds it reports.
    pub findings: Vec<Finding>,
}

/// Reads the output of `EXE --dutch FILE -c`: a `STEM: Round #N` line per
/// round; under a round paired otherwise, a `Checker pairings ...
/// Tournament pairings` header and one line per pair up to a blank line,
/// the checker's pair (`W - B`, the PAB as `P - 0`, blank when it has no
/// more) then the file's; or `No valid pairing exists for round N.`. A
/// line of any other form is an error, so that a change of format is
/// noticed rather than read as agreement.
pub fn parse_check(text: &str) -> Result<Check> {
    let mut c = Check::default();
    let mut table = false;
    for (i, line) in text.lines().enumerate() {
        let bad = || anyhow!("line {}: unexpected {line:?}", i + 1);
        let trimmed = line.trim();
        if trimmed.is_empty() {
            table = false;
        } else if let Some((_, n)) = line.rsplit_once(": Round #") {
            let n: u32 = n.trim().parse().map_err(|_| bad())?;
            if n != c.rounds + 1 {
                return Err(bad());
            }
            c.rounds = n;
            table = false;
        } else if trimmed.starts_with("Checker pairings") {
            c.findings.push(Finding::Differs {
                round: c.rounds,
                checker: Vec::new(),
                file: Vec::new(),
            });
            table = true;
        } else if let Some(rest) = trimmed.strip_prefix("No valid pairing exists for round ") {
            let round = rest.trim_end_matches('.').parse().map_err(|_| bad())?;
            c.findings.push(Finding::NoPairing { round });
        } else if table && let Some(Finding::Differs { checker, file, .. }) = c.findings.last_mut()
        {
            let numbers = trimmed
                .split_whitespace()
                .filter(|t| *t != "-")
                .map(str::parse::<u32>)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| bad())?;
            match numbers[..] {
                [a, b, x, y] => {
                    checker.push((a, b));
                    file.push((x, y));
                }
                [x, y] => file.push((x, y)),
                _ => return Err(bad()),
            }
        } else {
            return Err(bad());
        }
    }
    Ok(c)
}

/// Our engine with the tournament's forbidden pairs and accelerations,
/// which the results simulation does not carry.
struct WithExtras<'a> {
    engine: &'a dyn PairingSystem,
    extras: &'a Tournament,
}

impl PairingSystem for WithExtras<'_> {
    fn name(&self) -> &'static str {
        self.engine.name()
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let mut t = t.clone();
        t.forbidden_pairs.clone_from(&self.extras.forbidden_pairs);
        t.accelerations.clone_from(&self.extras.accelerations);
        self.engine.pair(&t)
    }
}

/// Makes tournament `seed` with our engine into `file` (written whole or
/// not at all), and `.stop.trf` beside it when our engine found no legal
/// pairing for a round. Another error of our engine, or a panic, is an
/// error of this tournament.
fn make(engine: &dyn PairingSystem, shape: &Shape, seed: u64, file: &Path) -> Result<()> {
    let extras = extras(shape, seed);
    let cfg = simulation(shape, seed);
    let ours = WithExtras {
        engine,
        extras: &extras,
    };
    let sim = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        play(
            &ours,
            random_players(shape.players, seed),
            &format!("reverse {seed}"),
            &cfg,
        )
    }))
    .map_err(|_| anyhow!("seed {seed}: our engine panicked"))?;
    let mut t = sim.tournament;
    t.forbidden_pairs = extras.forbidden_pairs;
    t.accelerations = extras.accelerations;
    // What the reference said of an earlier file of this seed is stale.
    for stale in ["check.txt", "stop.txt", "stop.trf"] {
        let _ = fs::remove_file(file.with_extension(stale));
    }
    match sim.stopped {
        None => {}
        Some(PairingError::NoLegalPairing { .. }) => {
            // The round's announced byes and absences, which the record
            // of the rounds before it drops: what the reference pairs.
            fs::write(file.with_extension("stop.trf"), swiss_core::trf::write(&t))?;
            let played = t.played_rounds();
            let ps = t.point_system;
            for p in &mut t.players {
                p.rounds.truncate(played as usize);
                p.points = p.score_after(played, &ps);
            }
        }
        Some(e) => bail!("seed {seed}: our engine: {e}"),
    }
    let partial = file.with_extension("partial");
    fs::write(&partial, swiss_core::trf::write(&t))?;
    fs::rename(&partial, file)?;
    Ok(())
}

/// A round the reference could not pair at all, and how it failed.
pub type Unanswered = (u32, String);

/// How long one run of the reference may take: its checker on the largest
/// field takes seconds; past this it is taken to loop.
const TIMEOUT: Duration = Duration::from_secs(600);

/// How the reference ended on one file, as kept beside it.
enum Exit {
    /// Its exit code and standard output.
    Code(i32, String),
    /// It died by a signal or ran past [`TIMEOUT`]: how.
    Crashed(String),
}

/// Reads what [`reference`] kept: its first line `exit CODE` (the
/// standard output follows) or `crashed HOW` (what it printed before
/// dying follows, for the reader).
fn read_kept(text: &str) -> Result<Option<Exit>> {
    let Some((first, out)) = text.split_once('\n') else {
        return Ok(None);
    };
    if let Some(code) = first.strip_prefix("exit ") {
        return Ok(Some(Exit::Code(
            code.parse().context("kept exit code")?,
            out.to_string(),
        )));
    }
    Ok(first
        .strip_prefix("crashed ")
        .map(|how| Exit::Crashed(how.to_string())))
}

/// Runs `exe` with `args`, keeping how it ended and its standard output in
/// `kept` (read back instead when kept already); an exit code outside `ok`
/// is an error.
fn reference(exe: &Path, args: &[&Path], ok: &[i32], kept: &Path) -> Result<Exit> {
    if let Ok(text) = fs::read_to_string(kept)
        && let Some(exit) = read_kept(&text)?
    {
        return Ok(exit);
    }
    let ran = run_with_timeout(Command::new(exe).arg("--dutch").args(args), TIMEOUT)?;
    let first = match ran.end {
        End::Code(code) if ok.contains(&code) => format!("exit {code}"),
        End::Code(code) => bail!("the reference exited with {code}: {}", ran.stderr.trim()),
        End::Signal(Some(n)) => format!("crashed by signal {n}"),
        End::Signal(None) => "crashed by a signal".to_string(),
        End::Timeout(t) => format!("crashed after {t:?} without an answer"),
    };
    let text = format!("{first}\n{}", ran.stdout);
    fs::write(kept, &text)?;
    read_kept(&text)?.ok_or_else(|| anyhow!("{}: unreadable", kept.display()))
}

/// The pairs `EXE -p` prints without an output file (the engine text
/// format, [`Pairing::from_engine_text`]), the PAB as `(P, 0)`.
fn parse_pairs(text: &str) -> Result<BTreeSet<Pair>> {
    Pairing::from_engine_text(text, 0)
        .map(|p| pair_set(&p))
        .ok_or_else(|| anyhow!("unexpected {text:?}"))
}

/// What the reference's checker would have said of each round, asked
/// round by round instead: the state before round `r` (its announced byes
/// and absences kept, [`before_round`]) in `.rR.trf`, paired by `EXE -p`,
/// its answer kept in `.rR.txt`. For a file its checker crashes on. The
/// rounds it cannot answer either come back apart, with how it failed: the
/// reference is silent on them, so they are neither agreement nor
/// discrepancy.
fn check_by_rounds(
    exe: &Path,
    file: &Path,
    t: &Tournament,
) -> Result<(Vec<Finding>, Vec<Unanswered>)> {
    let (mut findings, mut unanswered) = (Vec::new(), Vec::new());
    for round in 1..=t.played_rounds() {
        let kept = file.with_extension(format!("r{round}.txt"));
        let cut = file.with_extension(format!("r{round}.trf"));
        if !kept.exists() {
            fs::write(&cut, swiss_core::trf::write(&before_round(t, round)))?;
        }
        match reference(exe, &[&cut, Path::new("-p")], &[0, 1], &kept)? {
            Exit::Code(0, text) => {
                let checker = parse_pairs(&text)
                    .with_context(|| format!("{}: the reference's pairing", cut.display()))?;
                let file = pair_set(&Pairing::recorded(t, round));
                if checker != file {
                    findings.push(Finding::Differs {
                        round,
                        checker: checker.difference(&file).copied().collect(),
                        file: file.difference(&checker).copied().collect(),
                    });
                }
            }
            Exit::Code(..) => findings.push(Finding::NoPairing { round }),
            Exit::Crashed(how) => unanswered.push((round, how)),
        }
    }
    Ok((findings, unanswered))
}

/// The outcome of one tournament.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Rounds checked (with a last round our engine could not pair).
    pub rounds: u32,
    /// The round our engine found no legal pairing for, if any.
    pub no_pairing: Option<u32>,
    /// What the reference reports, and where it pairs a round ours could
    /// not.
    pub discrepancies: Vec<String>,
    /// Why a tournament could not be made or checked.
    pub error: Option<String>,
    /// How the reference's checker crashed, when it did: the rounds were
    /// then checked one by one with its `-p` (`check_by_rounds`).
    pub checker_crashed: Option<String>,
    /// Rounds not checked: the reference's `-p` crashed on them too (how).
    pub unanswered: Vec<Unanswered>,
}

impl Outcome {
    /// What a reader of the run must see, a line each: the discrepancies,
    /// the rounds the reference could not answer, the error.
    fn notes(&self) -> impl Iterator<Item = String> + '_ {
        self.discrepancies
            .iter()
            .cloned()
            .chain(self.unanswered.iter().map(|(r, how)| {
                format!("round {r} not checked: the reference crashed {how} on it")
            }))
            .chain(self.error.clone())
    }
}

/// Checks kept tournament `file` with the reference.
fn check_one(exe: &Path, file: &Path) -> Result<Outcome> {
    let t = swiss_testdata::read_trf(file)?;
    let played = t.played_rounds();
    let mut out = Outcome {
        rounds: played,
        ..Outcome::default()
    };
    let findings = match reference(
        exe,
        &[file, Path::new("-c")],
        &[0],
        &file.with_extension("check.txt"),
    )? {
        Exit::Code(_, text) => {
            let check = parse_check(&text)
                .with_context(|| format!("{}: the checker's output", file.display()))?;
            if check.rounds != played {
                bail!("the reference checked {} rounds of {played}", check.rounds);
            }
            check.findings
        }
        Exit::Crashed(how) => {
            out.checker_crashed = Some(how);
            let (findings, unanswered) = check_by_rounds(exe, file, &t)?;
            out.rounds -= unanswered.len() as u32;
            out.unanswered = unanswered;
            findings
        }
    };
    out.discrepancies = findings.iter().map(ToString::to_string).collect();
    let stop = file.with_extension("stop.trf");
    if stop.exists() {
        let round = played + 1;
        out.rounds += 1;
        out.no_pairing = Some(round);
        // Without an output file the pairing goes to standard output, and
        // is kept with the exit code.
        let answer = reference(
            exe,
            &[&stop, Path::new("-p")],
            &[0, 1],
            &file.with_extension("stop.txt"),
        )?;
        match answer {
            Exit::Code(0, text) => {
                let pairs = parse_pairs(&text)
                    .with_context(|| format!("{}: the reference's pairing", stop.display()))?
                    .iter()
                    .map(|(w, b)| format!("{w}-{b}"))
                    .collect::<Vec<_>>()
                    .join(" ");
                out.discrepancies.push(format!(
                    "round {round}: ours finds no legal pairing, the reference pairs it: {pairs}"
                ));
            }
            Exit::Code(..) => {}
            Exit::Crashed(how) => bail!("round {round}: the reference's -p crashed, {how}"),
        }
    }
    Ok(out)
}

/// Runs the reverse cross-test (`h.replay_only` does not apply: the
/// reference checks every tournament); returns the summary line.
pub fn run(r: &Hunt) -> Result<String> {
    let (engine, label) = engine(&r.system, r.edition.as_deref())?;
    let exe = fs::canonicalize(&r.reference)
        .with_context(|| format!("reference engine {}", r.reference.display()))?;
    let tournaments = r.dir.join("tournaments");
    fs::create_dir_all(&tournaments)?;
    let bar = progress(r.count)?;
    let (rounds, found) = (AtomicU64::new(0), AtomicU64::new(0));
    let order = cheapest_first(r.seed, r.count, Shape::ours);
    let mut results: Vec<(u64, Shape, Outcome)> = order
        .into_iter()
        .par_bridge()
        .map(|(seed, shape)| {
            let file = tournaments.join(format!("{seed:07}.trf"));
            let made = if file.exists() {
                Ok(())
            } else {
                make(engine.as_ref(), &shape, seed, &file)
            };
            let outcome = made
                .and_then(|()| check_one(&exe, &file))
                .unwrap_or_else(|e| Outcome {
                    error: Some(format!("{e:#}")),
                    ..Outcome::default()
                });
            // Said at once, so that a long run gives its findings as it goes.
            for d in outcome.notes() {
                bar.suspend(|| eprintln!("{}: {d}", file.display()));
            }
            rounds.fetch_add(u64::from(outcome.rounds), Ordering::Relaxed);
            found.fetch_add(outcome.discrepancies.len() as u64, Ordering::Relaxed);
            bar.set_message(format!(
                "{} discrepancies in {} rounds",
                found.load(Ordering::Relaxed),
                rounds.load(Ordering::Relaxed)
            ));
            bar.inc(1);
            (seed, shape, outcome)
        })
        .collect();
    bar.finish_and_clear();
    results.sort_by_key(|(seed, ..)| *seed);
    let mut tsv = String::from(
        "seed\tshape\trounds\tno_pairing_round\tdiscrepancies\terror\tchecker_crashed\t\
         unanswered_rounds\n",
    );
    let (mut made, mut rounds, mut unpaired, mut errors) = (0u64, 0u64, 0u64, 0u64);
    let (mut crashed, mut unanswered) = (0u64, 0u64);
    let (mut found, mut differ) = (0u64, 0u64);
    let mut listing = String::new();
    for (seed, shape, o) in &results {
        let file = tournaments.join(format!("{seed:07}.trf"));
        tsv.push_str(&format!(
            "{seed}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            shape.summary(),
            o.rounds,
            o.no_pairing.map_or(String::new(), |r| r.to_string()),
            o.discrepancies.join(" || "),
            o.error.as_deref().unwrap_or_default(),
            o.checker_crashed.as_deref().unwrap_or_default(),
            o.unanswered
                .iter()
                .map(|(r, how)| format!("{r} (crashed {how})"))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        for d in o.notes() {
            listing.push_str(&format!("{}: {d}\n", file.display()));
        }
        if o.error.is_some() {
            errors += 1;
            continue;
        }
        made += 1;
        crashed += u64::from(o.checker_crashed.is_some());
        unanswered += o.unanswered.len() as u64;
        rounds += u64::from(o.rounds);
        unpaired += u64::from(o.no_pairing.is_some());
        found += o.discrepancies.len() as u64;
        differ += u64::from(!o.discrepancies.is_empty());
    }
    fs::write(r.dir.join("results.tsv"), tsv)?;
    fs::write(r.dir.join("differences.txt"), &listing)?;
    print!("{listing}");
    Ok(format!(
        "{label} reverse ({}): {made} tournaments made by ours and checked by the reference, \
         {rounds} rounds checked ({unpaired} ending in a round ours could not pair; {crashed} \
         checked round by round with -p, the checker crashing on them, {unanswered} rounds \
         the reference could not pair at all); {found} discrepancies in {differ} tournaments; \
         {errors} tournaments not made or not checked (errors above)",
        exe.display()
    ))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// The checker's output as bbpPairings v6.0.0 printed it for a hunt
    /// file with two boards of round 3 exchanged (rounds 1-5 of it: a
    /// round that agrees, rounds paired otherwise), and a round it cannot
    /// pair in the form its source prints.
    #[test]
    fn reads_the_reference_check() {
        let text = "swapped: Round #1\n\
                    swapped: Round #2\n\
                    swapped: Round #3\n\
                    \x20 Checker pairings        Tournament pairings \n\
                    \x20     1 -   4                  1 -  11\n\
                    \x20     7 -  11                  7 -   4\n\
                    \n\
                    swapped: Round #4\n\
                    swapped: Round #5\n\
                    \x20 Checker pairings        Tournament pairings \n\
                    \x20     1 -   4                  1 -  10\n\
                    \x20    10 -   2                  4 -   2\n\
                    \x20                             12 -   0\n\
                    \n\
                    swapped: Round #6\n\
                    No valid pairing exists for round 6.\n\
                    \n\
                    \n";
        let c = parse_check(text).unwrap();
        assert_eq!(c.rounds, 6);
        assert_eq!(
            c.findings,
            [
                Finding::Differs {
                    round: 3,
                    checker: vec![(1, 4), (7, 11)],
                    file: vec![(1, 11), (7, 4)],
                },
                Finding::Differs {
                    round: 5,
                    checker: vec![(1, 4), (10, 2)],
                    file: vec![(1, 10), (4, 2), (12, 0)],
                },
                Finding::NoPairing { round: 6 },
            ]
        );
        assert_eq!(
            c.findings[0].to_string(),
            "round 3 differs | reference: 1-4 7-11 | ours: 1-11 7-4"
        );
        assert!(parse_check("swapped: Round #2\n").is_err());
        assert!(parse_check("swapped: Round #1\nError\n").is_err());
        assert_eq!(
            parse_pairs("2\n3 1\n4 0\n").unwrap(),
            BTreeSet::from([(3, 1), (4, 0)])
        );
        assert!(parse_pairs("1\n3 - 1\n").is_err());
    }

    /// A checker that dies by a signal (bbpPairings v6.0.0's `-c` did, by
    /// SIGSEGV, on one tournament of the 2026 run) is not taken for an
    /// answer: every round is put to the reference's `-p` instead, each
    /// from the state before it, and compared with the file. Here a fake
    /// reference crashes on `-c` and answers `-p` from prepared files,
    /// which pair round 2 with one pair's colours reversed, and crashes on
    /// round 3 too: round 2 is reported, round 3 counted as unanswered,
    /// and the crash recorded and kept.
    #[cfg(unix)]
    #[test]
    fn a_crashing_checker_is_replaced_by_pairing_round_by_round() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let exe = dir.path().join("reference");
        fs::write(
            &exe,
            "#!/bin/sh\n\
             if [ \"$3\" = -c ] || [ ! -f \"${2%.trf}.answer\" ]; then kill -SEGV $$; fi\n\
             cat \"${2%.trf}.answer\"\n",
        )
        .unwrap();
        fs::set_permissions(&exe, fs::Permissions::from_mode(0o755)).unwrap();
        let file = dir.path().join("0000004.trf");
        fs::copy(swiss_testdata::path("hunt/dutch-2026/0000004.trf"), &file).unwrap();
        let t = swiss_testdata::read_trf(&file).unwrap();
        assert_eq!(t.played_rounds(), 3);
        for round in 1..=2 {
            let mut pairs: Vec<Pair> = pair_set(&Pairing::recorded(&t, round))
                .into_iter()
                .collect();
            if round == 2 {
                let (w, b) = pairs[0];
                pairs[0] = (b, w);
            }
            let mut answer = format!("{}\n", pairs.len());
            for (w, b) in &pairs {
                answer.push_str(&format!("{w} {b}\n"));
            }
            fs::write(file.with_extension(format!("r{round}.answer")), answer).unwrap();
        }
        let out = check_one(&exe, &file).unwrap();
        assert_eq!(out.checker_crashed.as_deref(), Some("by signal 11"));
        assert_eq!(out.rounds, 2);
        assert_eq!(out.unanswered, [(3, "by signal 11".to_string())]);
        assert_eq!(out.discrepancies.len(), 1, "{:?}", out.discrepancies);
        assert!(out.discrepancies[0].starts_with("round 2 differs"));
        let kept = fs::read_to_string(file.with_extension("check.txt")).unwrap();
        assert!(kept.starts_with("crashed by signal 11\n"));
        assert!(file.with_extension("r3.trf").exists());
    }

    /// Every shape of ours is within 5-300 players, and forbidden pairs
    /// and accelerations reach far beyond the hunt's driven 15%.
    #[test]
    fn shapes_of_ours() {
        let shapes: Vec<Shape> = (1..=20_000).map(Shape::ours).collect();
        assert!(shapes.iter().all(|s| (5..=300).contains(&s.players)));
        assert!(shapes.iter().all(|s| s.rounds < s.players.max(4)));
        assert!(shapes.iter().filter(|s| s.forbidden > 0).count() > 12_000);
        assert!(shapes.iter().filter(|s| s.accelerated_rounds > 0).count() > 6_000);
        assert_eq!(Shape::of(7).players.min(300), Shape::ours(7).players);
    }
}
