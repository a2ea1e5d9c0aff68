//! `cargo xtask team-tiebreaks --reference DIR`: the C.07 team tie-breaks
//! of `swiss-tiebreak` against the reference platform's
//! (`python3 -m gacrux.tiebreakchecker`), on team tournaments made by our
//! generator with the team hunt's shapes ([`super::team::shape`]).
//!
//! Tournament `seed` is kept in `DIR/tournaments/SEED.trf`, the
//! reference's table for list `ID` of [`LISTS`] beside it
//! (`SEED.ID.tsv`), so a later run computes only what is missing and
//! compares everything again. Events that ended before their last round
//! (no legal pairing) are left out: the reference counts the rounds of
//! record `142`, we the rounds played.
//!
//! One reading departs from the reference (`swiss-tiebreak`'s team
//! interpretations): inside EDEC, EDEBT and EDEBB the board count of two
//! teams still tied ranks the lower count first (C.07 Art. 12.1), where
//! the reference ranks the higher first. Differences in those columns, and
//! in the rank of those lists, are counted as that departure. The other
//! known one is reported as a difference: with `/P`, two teams that met
//! twice (a forfeited match, then a played one) have met, where the
//! reference counts the team as having met one opponent only.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{Result, anyhow};
use rayon::prelude::*;
use swiss_tiebreak::{Options, Rules, TieBreak};

use super::team::{gacrux, make, shape};

/// The lists computed on every tournament, each `(ID, codes)`: the
/// reference ranks by the codes in order, the first being its primary
/// score (`PTS`); the place-type tie-breaks (EDE family, TBR, BBE, DE)
/// come in several orders since they depend on the ranking before them.
pub const LISTS: [(&str, &str); 11] = [
    (
        "scores",
        "PTS MPTS GPTS MPVGP BH:MP BH:GP BH:MP/C1 BH:GP/C1 BH:MP/M1 FB:MP FB:GP SB:MP SB:GP SB:MP/C1 SB:GP/C1 ESB EMMSB EMGSB EGMSB EGGSB EMMSB/C1 EMGSB/C1 EGMSB/C1 EGGSB/C1 BC SSSC SSSC/F BH:MP/P EMGSB/C1/P WIN REP PS:MP AOB:MP WON BPG BWG",
    ),
    (
        "mpcount",
        "PTS WIN:MP WON:MP BPG:MP BWG:MP REP:MP PS:GP FB:MP/C1 KS:MP STD",
    ),
    ("ede", "PTS EDE TBR BBE"),
    ("tbr", "PTS TBR BBE"),
    ("bbe", "PTS BBE TBR"),
    ("edet", "PTS EDET EDEB"),
    ("edebt", "PTS EDEBT"),
    ("edebb", "PTS EDEBB"),
    ("edec", "PTS EDEC"),
    ("tec", "PTS EDET/P EMGSB/C1/P BH:MP/C1/P MPVGP"),
    ("de", "PTS DE EDE"),
];

/// What to compare with.
pub struct TieBreakHunt {
    /// Complete tournaments to compare.
    pub count: u64,
    /// The folder holding the reference's gacrux package.
    pub reference: PathBuf,
    /// The Python interpreter.
    pub python: String,
    /// Where tournaments and tables go.
    pub dir: PathBuf,
    /// The first seed tried.
    pub seed: u64,
    /// Tournaments at once.
    pub jobs: usize,
    /// Shapes with more teams are passed over (the reference's time).
    pub max_teams: u32,
    /// The longest one reference process may run.
    pub timeout: Duration,
}

/// Whether a column's difference is the documented departure: the board
/// count inside the extended direct encounter.
fn departs(list: &str) -> bool {
    matches!(list, "edec" | "edebt" | "edebb")
}

/// The same value as printed: equal text, the reference's `-0` for our
/// `-` (undefined), or the same number (its `0` for a sum of nothing).
fn same(want: &str, got: &str) -> bool {
    want == got
        || (want == "-0" && got == "-")
        || matches!((want.parse::<f64>(), got.parse::<f64>()), (Ok(a), Ok(b)) if a == b)
}

#[derive(Default)]
struct Tally {
    values: u64,
    agree: u64,
    departed: u64,
}

/// One tournament's comparison: per `list:code`, and its differences.
fn compare(
    h: &TieBreakHunt,
    file: &Path,
    tally: &Mutex<BTreeMap<String, Tally>>,
) -> Result<(bool, Vec<String>)> {
    let text = fs::read_to_string(file)?;
    let t = swiss_core::trf::read(&text, &file.display().to_string())
        .map_err(|e| anyhow!("{}: {e}", file.display()))?;
    if t.planned_rounds.is_some_and(|p| t.played_rounds() < p) || t.played_rounds() == 0 {
        return Ok((false, Vec::new()));
    }
    let name = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut diffs = Vec::new();
    for (id, list) in LISTS {
        let tsv = file.with_extension(format!("{id}.tsv"));
        if !tsv.exists() {
            let tmp = file.with_extension(format!("{id}.tsv.partial"));
            let (f, o) = (file.display().to_string(), tmp.display().to_string());
            // `-s`: a Swiss event, whatever the number of teams and rounds (the
            // reference takes an event of rounds + 1 teams for a round robin).
            let mut args = vec!["-i", &f, "-s", "-F", "TXT", "-d", "T", "-o", &o, "-t"];
            args.extend(list.split(' '));
            gacrux(
                &h.python,
                &h.reference,
                "gacrux.tiebreakchecker",
                &args,
                h.timeout,
            )?;
            fs::rename(&tmp, &tsv)?;
        }
        let want = fs::read_to_string(&tsv)?;
        let mut lines = want.lines().filter(|l| !l.trim().is_empty());
        let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
        let codes: Vec<TieBreak> = header
            .iter()
            .skip(2)
            .map(|c| c.parse().map_err(|e| anyhow!("{c}: {e}")))
            .collect::<Result<_>>()?;
        let o = Options {
            rules: Rules::for_event(&t),
            ..Options::default()
        };
        let got = swiss_tiebreak::table(&t, &codes, &o)
            .map_err(|e| anyhow!("{}: {e}", file.display()))?;
        let mut tally = tally.lock().map_err(|_| anyhow!("poisoned"))?;
        for (line, row) in lines.zip(&got.rows) {
            let want: Vec<&str> = line.split('\t').collect();
            let mut ours = vec![row.start_no.to_string(), row.rank.to_string()];
            ours.extend(row.values.iter().map(ToString::to_string));
            for (k, code) in header.iter().enumerate().skip(1) {
                let e = tally.entry(format!("{id}:{code}")).or_default();
                e.values += 1;
                let (w, g) = (want.get(k).copied().unwrap_or(""), ours[k].as_str());
                if same(w, g) {
                    e.agree += 1;
                } else if departs(id) {
                    e.departed += 1;
                } else {
                    diffs.push(format!(
                        "{name} {id} team {}: {code} reference {w}, ours {g}",
                        ours[0]
                    ));
                }
            }
        }
    }
    Ok((true, diffs))
}

/// Runs the comparison; returns the report (per column, then the summary).
pub fn run(h: &TieBreakHunt) -> Result<String> {
    let tournaments = h.dir.join("tournaments");
    fs::create_dir_all(&tournaments)?;
    // The reference runs from its own folder: paths must be absolute.
    let tournaments = fs::canonicalize(&tournaments)?;
    let version = gacrux(
        &h.python,
        &h.reference,
        "gacrux.tiebreakchecker",
        &["-V"],
        h.timeout,
    )?;
    // Seeds of at most `max_teams` teams, in batches, until `count` of
    // them played all their rounds (a good part ends early and is passed
    // over).
    let tally = Mutex::new(BTreeMap::new());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(h.jobs.max(1))
        .build()?;
    let mut seeds = (h.seed..).filter(|&s| shape(s).teams <= h.max_teams);
    let mut results: Vec<Result<(u64, bool, Vec<String>)>> = Vec::new();
    let complete = |r: &[Result<(u64, bool, Vec<String>)>]| {
        r.iter().filter(|x| matches!(x, Ok((_, true, _)))).count() as u64
    };
    while complete(&results) < h.count {
        let missing = h.count - complete(&results);
        let batch: Vec<u64> = seeds
            .by_ref()
            .take(usize::try_from(missing.min(4 * h.jobs.max(1) as u64))?)
            .collect();
        results.extend(pool.install(|| {
            batch
                .par_iter()
                .map(|&seed| {
                    let file = tournaments.join(format!("{seed:07}.trf"));
                    if !file.exists() {
                        make(seed, &file)?;
                    }
                    let (complete, diffs) = compare(h, &file, &tally)?;
                    Ok((seed, complete, diffs))
                })
                .collect::<Vec<_>>()
        }));
        if results.iter().filter(|r| r.is_err()).count() > 10 {
            break;
        }
    }
    let mut report = String::new();
    let (mut compared, mut early, mut errors) = (0u64, 0u64, Vec::new());
    let mut diffs = Vec::new();
    for r in results {
        match r {
            Ok((_, true, d)) => {
                compared += 1;
                diffs.extend(d);
            }
            Ok((_, false, _)) => early += 1,
            Err(e) => errors.push(e.to_string()),
        }
    }
    fs::write(h.dir.join("differences.txt"), diffs.join("\n"))?;
    let tally = tally.into_inner().map_err(|_| anyhow!("poisoned"))?;
    let (mut values, mut agree, mut departed) = (0, 0, 0);
    for (code, t) in &tally {
        values += t.values;
        agree += t.agree;
        departed += t.departed;
        let note = if t.departed > 0 {
            format!(" ({} the board count inside EDE)", t.departed)
        } else {
            String::new()
        };
        report.push_str(&format!("  {code}: {}/{} agree{note}\n", t.agree, t.values));
    }
    for e in &errors {
        report.push_str(&format!("error: {e}\n"));
    }
    report.push_str(&format!(
        "team tie-breaks against {}: {compared} tournaments ({early} passed over: they ended before their last round), {values} values: {agree} agree, {departed} the documented departure, {} differ (DIR/differences.txt); {} errors",
        version.trim(),
        diffs.len(),
        errors.len()
    ));
    Ok(report)
}
