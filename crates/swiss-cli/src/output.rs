//! Writing results: never a half-written file (write a temporary file next
//! to the target, then rename it over).

use std::io::Write;
use std::path::Path;

use crate::input::{EXIT_FILE, EXIT_UNEXPECTED, Failure};

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

fn write_atomic(path: &Path, text: &str) -> Result<(), Failure> {
    let fail = |e: std::io::Error| {
        Failure::new(EXIT_FILE, format!("{}: cannot write: {e}", path.display()))
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(fail)?;
    tmp.write_all(text.as_bytes()).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}
