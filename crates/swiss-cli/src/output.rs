//! Writing results: never a half-written file (write a temporary file next
//! to the target, then rename it over).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::input::{EXIT_FILE, EXIT_UNEXPECTED, Failure};

/// `t` as TRF16 (or TRF-2026 with `trf26`), with a warning on standard
/// error for each name the `001` record's 33 columns cut (issue 26): the
/// file written is valid, but a name in it is not the one read.
pub fn trf_text(t: &swiss_core::Tournament, trf26: bool) -> String {
    let cut = swiss_core::trf::names_cut(t);
    for p in cut.iter().take(crate::input::SHOWN_PER_KIND) {
        eprintln!(
            "swiss: warning: player {}'s name is longer than TRF's {} columns and is cut in the TRF output: {}",
            p.start_no,
            swiss_core::trf::NAME_WIDTH,
            p.name
        );
    }
    if cut.len() > crate::input::SHOWN_PER_KIND {
        eprintln!(
            "swiss: warning: ... and {} more names cut",
            cut.len() - crate::input::SHOWN_PER_KIND
        );
    }
    if trf26 {
        swiss_core::trf::write_2026(t)
    } else {
        swiss_core::trf::write(t)
    }
}

/// `value` as pretty JSON with a final newline.
pub fn json(value: &impl serde::Serialize) -> Result<String, Failure> {
    serde_json::to_string_pretty(value)
        .map(|s| s + "\n")
        .map_err(|e| Failure::new(EXIT_UNEXPECTED, e.to_string()))
}

/// Writes `text` to `path` atomically, or to stdout when `path` is `None` or `-`.
pub fn emit(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    match path {
        None => print_stdout(text),
        Some(p) if p.as_os_str() == "-" => print_stdout(text),
        Some(p) => write_atomic(p, text),
    }
}

fn print_stdout(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| {
            Failure::new(
                EXIT_FILE,
                format!("swiss: cannot write to standard output: {e}"),
            )
        })
}

/// The hidden temporary files being written, removed by
/// [`remove_pending`] when the command is interrupted.
static PENDING: Mutex<Pending> = Mutex::new(Pending {
    files: Vec::new(),
    interrupted: false,
});

struct Pending {
    files: Vec<PathBuf>,
    /// Set by [`remove_pending`]: no temporary file may be created after.
    interrupted: bool,
}

fn pending() -> std::sync::MutexGuard<'static, Pending> {
    // A panic elsewhere while holding the lock leaves the list usable.
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes every temporary file still being written (on Ctrl-C: no
/// hidden, partial file stays behind), and refuses to create any more:
/// another thread may be about to create one while the handler exits.
pub fn remove_pending() {
    let mut p = pending();
    p.interrupted = true;
    for f in p.files.drain(..) {
        let _ = std::fs::remove_file(f);
    }
}

fn write_atomic(path: &Path, text: &str) -> Result<(), Failure> {
    let tmp = create_pending(path)?;
    let at = tmp.path().to_path_buf();
    let done = finish(tmp, path, text);
    pending().files.retain(|q| *q != at);
    done
}

/// The hidden temporary file for `path`, created and recorded under the
/// lock [`remove_pending`] takes: a file is either recorded before an
/// interruption removes the recorded ones, or never created. (Created
/// first and recorded after, a file made just before Ctrl-C outlived
/// the handler.)
fn create_pending(path: &Path) -> Result<tempfile::NamedTempFile, Failure> {
    let mut p = pending();
    if p.interrupted {
        return Err(Failure::new(
            EXIT_FILE,
            format!("{}: not written: interrupted", path.display()),
        ));
    }
    let tmp = tempfile::NamedTempFile::new_in(parent(path)).map_err(|e| fail(path, e))?;
    p.files.push(tmp.path().to_path_buf());
    Ok(tmp)
}

fn fail(path: &Path, e: std::io::Error) -> Failure {
    Failure::new(EXIT_FILE, format!("{}: cannot write: {e}", path.display()))
}

fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

fn finish(mut tmp: tempfile::NamedTempFile, path: &Path, text: &str) -> Result<(), Failure> {
    let fail = |e| fail(path, e);
    tmp.write_all(text.as_bytes()).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}
