//! The shared corpus of the workspace (`testdata/`) and the harness every
//! engine runs it through, in the manner of regex's `testdata/`: one place
//! lists corpus files, replays tournaments round by round through any
//! [`PairingSystem`], reads per-round cases (an input file and the expected
//! pairing), and summarises the agreement as
//! `LABEL: X/Y rounds identical in Z tournaments`.
//!
//! The oracle tests, `cargo xtask oracle` and `swiss check` all report
//! through [`Agreement`], so the figure means the same everywhere.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
pub use swiss_core::{Agreement, Replay};
use swiss_core::{Pairing, PairingSystem, Tournament, trf};

/// Why a corpus file could not be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CorpusError {
    /// A file or directory could not be read.
    #[error("{path}: cannot read: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A file was read but is not what the corpus promises (a located
    /// input error, or a malformed expected pairing).
    #[error("{0}")]
    Invalid(String),
}

/// `testdata/<sub>` of this workspace.
pub fn path(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(sub)
}

/// The files of `dir` whose extension is `ext`, sorted by name.
pub fn files(dir: &Path, ext: &str) -> Result<Vec<PathBuf>, CorpusError> {
    let mut v = all_files(dir)?;
    v.retain(|p| p.extension().is_some_and(|e| e == ext));
    Ok(v)
}

/// Every file of `dir`, sorted by name.
pub fn all_files(dir: &Path) -> Result<Vec<PathBuf>, CorpusError> {
    let io = |source| CorpusError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut v = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let p = entry.map_err(io)?.path();
        if p.is_file() {
            v.push(p);
        }
    }
    v.sort();
    Ok(v)
}

/// A file's text.
pub fn read_text(path: &Path) -> Result<String, CorpusError> {
    std::fs::read_to_string(path).map_err(|source| CorpusError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// A TRF file, with a located error when it does not read.
pub fn read_trf(path: &Path) -> Result<Tournament, CorpusError> {
    let name = path.display().to_string();
    trf::read(&read_text(path)?, &name).map_err(|e| CorpusError::Invalid(e.to_string()))
}

/// Replays every round of `t` with `system` (the C.04.A pairings checker).
pub fn replay(system: &dyn PairingSystem, t: &Tournament) -> Replay {
    swiss_core::check(system, t).into()
}

/// Replays each file with `replay`, in parallel; the result keeps file order.
pub fn replay_files<F>(label: &str, files: &[PathBuf], replay: F) -> Result<Agreement, CorpusError>
where
    F: Fn(&Path) -> Result<Replay, CorpusError> + Sync,
{
    let replays = files
        .par_iter()
        .map(|f| replay(f).map(|r| (f.clone(), r)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Agreement::of(label, replays))
}

/// Replays every TRF tournament of `dir` with `system`.
pub fn replay_trf_dir(
    label: &str,
    system: &dyn PairingSystem,
    dir: &Path,
) -> Result<Agreement, CorpusError> {
    replay_files(label, &files(dir, "trf")?, |f| {
        Ok(replay(system, &read_trf(f)?))
    })
}

/// One per-round case: the input for pairing one round and the pairing an
/// established engine produced for it (`NAME.trf` and `NAME.pairs`, the
/// established engines' output format).
#[derive(Clone, Debug)]
pub struct Case {
    /// The input file.
    pub path: PathBuf,
    /// The tournament before the round.
    pub input: Tournament,
    /// The expected output, exactly as written.
    pub expected_text: String,
    /// The expected pairing.
    pub expected: Pairing,
}

impl Case {
    /// Reads `path` (a `.trf`) and its `.pairs` beside it.
    pub fn read(path: &Path) -> Result<Case, CorpusError> {
        let input = read_trf(path)?;
        let pairs = path.with_extension("pairs");
        let expected_text = read_text(&pairs)?;
        let expected =
            Pairing::from_engine_text(&expected_text, input.next_round()).ok_or_else(|| {
                CorpusError::Invalid(format!(
                    "{}: not a pairing in the engines' format",
                    pairs.display()
                ))
            })?;
        Ok(Case {
            path: path.to_path_buf(),
            input,
            expected_text,
            expected,
        })
    }

    /// Pairs the case with `system`: `Ok` when the output is the expected
    /// one line for line (pairs, colours, bye and board order), else what
    /// differs.
    pub fn check(&self, system: &dyn PairingSystem) -> Result<(), String> {
        match system.pair(&self.input) {
            Ok(p) if p.pairs == self.expected.pairs && p.bye == self.expected.bye => Ok(()),
            Ok(p) => Err(format!(
                "{}\nexpected:\n{}got:\n{}",
                self.path.display(),
                self.expected_text,
                p.to_engine_text()
            )),
            Err(e) => Err(format!("{}: {e}", self.path.display())),
        }
    }
}

/// Every case of `dir` (each `.trf` with its `.pairs`), sorted by name.
pub fn cases(dir: &Path) -> Result<Vec<Case>, CorpusError> {
    files(dir, "trf")?.iter().map(|f| Case::read(f)).collect()
}

/// Checks every case with `system` in parallel; one message per case that differs.
pub fn check_cases(system: &dyn PairingSystem, cases: &[Case]) -> Vec<String> {
    cases
        .par_iter()
        .filter_map(|c| c.check(system).err())
        .collect()
}
