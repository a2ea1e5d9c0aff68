//! `cargo xtask oracle`: replays reference tournaments round by round with
//! our engines and reports the agreement (the project's correctness figure).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use rayon::prelude::*;
use swiss_core::{PairingSystem, Tournament, trf};

/// The outcome of replaying one directory.
pub struct Agreement {
    /// Per-file lines for every differing round, in file order.
    pub details: String,
    /// Rounds replayed.
    pub rounds: u64,
    /// Rounds reproduced exactly.
    pub identical: u64,
    /// Tournaments replayed.
    pub tournaments: usize,
}

impl Agreement {
    /// Whether every round agreed.
    pub fn all_agree(&self) -> bool {
        self.rounds == self.identical
    }
}

/// The files in `dir` with extension `ext`, sorted by name.
pub fn files(dir: &Path, ext: &str) -> anyhow::Result<Vec<PathBuf>> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("{}: cannot read directory", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    Ok(v)
}

/// Reads a TRF file with a located error.
pub fn read_trf(path: &Path) -> anyhow::Result<Tournament> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).with_context(|| format!("{name}: cannot read"))?;
    trf::read(&text, &name).map_err(|e| anyhow::anyhow!("{e}"))
}

/// Replays every TRF tournament of `dir` with `system` (the C.04.A
/// pairings checker over a whole directory), in parallel.
pub fn replay_trf_dir(system: &dyn PairingSystem, dir: &Path) -> anyhow::Result<Agreement> {
    let files = files(dir, "trf")?;
    let tournaments = files
        .iter()
        .map(|f| read_trf(f))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let reports: Vec<(u32, u32, Vec<String>)> = tournaments
        .par_iter()
        .map(|t| {
            let r = swiss_core::check(system, t);
            let lines = r.differences.iter().map(ToString::to_string);
            (r.rounds, r.identical(), lines.collect())
        })
        .collect();
    Ok(summarise(&files, reports))
}

/// Adds up per-file (rounds, identical, difference lines) in file order.
fn summarise(files: &[PathBuf], reports: Vec<(u32, u32, Vec<String>)>) -> Agreement {
    let mut out = Agreement {
        details: String::new(),
        rounds: 0,
        identical: 0,
        tournaments: files.len(),
    };
    for (f, (rounds, identical, lines)) in files.iter().zip(reports) {
        out.rounds += u64::from(rounds);
        out.identical += u64::from(identical);
        for d in lines {
            let _ = writeln!(out.details, "{}: {d}", f.display());
        }
    }
    out
}

/// Replays every TCEC reference tournament (`*.json`, schema
/// `tcec-swiss-reference/1`) of `dir`, in parallel: bye, removal counter,
/// pairs with first-of-pair and colours, and playing order, round by round.
pub fn replay_tcec_dir(dir: &Path) -> anyhow::Result<Agreement> {
    let files = files(dir, "json")?;
    let references = files
        .iter()
        .map(|f| {
            let name = f.display().to_string();
            let text =
                std::fs::read_to_string(f).with_context(|| format!("{name}: cannot read"))?;
            swiss_tcec::read_reference(&text, &name).map_err(|e| anyhow::anyhow!("{e}"))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let reports = references
        .par_iter()
        .map(|r| {
            let r = swiss_tcec::replay(r);
            (r.rounds, r.identical, r.differences)
        })
        .collect();
    Ok(summarise(&files, reports))
}
