//! Reading tournaments (TRF or JSON) and the failures the command reports.

use std::path::Path;

use swiss_core::{PairingError, Tournament, trf};

/// Exit code: no legal pairing.
pub const EXIT_NO_PAIRING: u8 = 1;
/// Exit code: unexpected error (bugs, unavailable systems, usage).
pub const EXIT_UNEXPECTED: u8 = 2;
/// Exit code: invalid input.
pub const EXIT_INVALID: u8 = 3;
/// Exit code: a file could not be read or written.
pub const EXIT_FILE: u8 = 5;

/// A failed invocation: exit code and message (printed on stderr).
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    pub fn new(code: u8, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
        }
    }
}

impl From<PairingError> for Failure {
    fn from(e: PairingError) -> Failure {
        let code = match e {
            PairingError::NoLegalPairing { .. } => EXIT_NO_PAIRING,
            _ => EXIT_UNEXPECTED,
        };
        Failure::new(code, format!("swiss: {e}"))
    }
}

/// The failure for pairing `file`: an engine's internal error names the
/// file to report with it (exit 2), the others are as [`From`] maps them.
pub fn pairing_failure(e: PairingError, file: &Path) -> Failure {
    match e {
        PairingError::Internal { .. } => Failure::new(
            EXIT_UNEXPECTED,
            format!(
                "swiss: {}: {e}\nswiss: this is a bug; please report it with the input file {}",
                file.display(),
                file.display()
            ),
        ),
        other => other.into(),
    }
}

/// A tournament read from a file, with what the file says of its system.
pub struct Input {
    /// The record.
    pub tournament: Tournament,
    /// Whether rounds are double, when the file says so (a TCEC reference
    /// JSON, `tcec-swiss-reference/1`, names its format).
    pub double: Option<bool>,
}

/// Reads a tournament: JSON when the file name ends in `.json` or the text
/// starts with `{` (a TCEC reference document when its `schema` says so,
/// else the workspace's own `Tournament` JSON), TRF otherwise. Input errors
/// are `FILE:LINE:COL: message`.
pub fn read_input(path: &Path) -> Result<Input, Failure> {
    let name = path.display().to_string();
    let text = read_text(path)?;
    if is_json(path, &text)
        && serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .and_then(|v| v.get("schema").and_then(|s| s.as_str().map(String::from)))
            .is_some_and(|s| s.starts_with("tcec-swiss-reference/"))
    {
        let r = swiss_tcec::read_reference(&text, &name)
            .map_err(|e| Failure::new(EXIT_INVALID, e.to_string()))?;
        let tournament = r
            .to_tournament()
            .map_err(|e| Failure::new(EXIT_INVALID, format!("{name}: {e}")))?;
        return Ok(Input {
            tournament,
            double: Some(r.options().format == swiss_tcec::Format::Double),
        });
    }
    Ok(Input {
        tournament: parse_tournament(path, &text)?,
        double: None,
    })
}

fn is_json(path: &Path, text: &str) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        || text.trim_start().starts_with('{')
}

/// Reads a tournament file (TRF, the workspace's JSON, or a TCEC reference
/// JSON); see [`read_input`].
pub fn read_tournament(path: &Path) -> Result<Tournament, Failure> {
    read_input(path).map(|i| i.tournament)
}

fn read_text(path: &Path) -> Result<String, Failure> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::new(EXIT_FILE, format!("{name}: cannot read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let (line, col) = position(&e.as_bytes()[..e.utf8_error().valid_up_to()]);
        Failure::new(
            EXIT_INVALID,
            format!("{name}:{line}:{col}: expected UTF-8 text"),
        )
    })?;
    Ok(text)
}

fn parse_tournament(path: &Path, text: &str) -> Result<Tournament, Failure> {
    let name = path.display().to_string();
    if is_json(path, text) {
        serde_json::from_str(text).map_err(|e| {
            Failure::new(
                EXIT_INVALID,
                format!("{name}:{}:{}: {e}", e.line(), e.column()),
            )
        })
    } else {
        trf::read(text, &name).map_err(|e| Failure::new(EXIT_INVALID, e.to_string()))
    }
}

/// 1-based line and column (in characters) just after `prefix`.
fn position(prefix: &[u8]) -> (usize, usize) {
    let text = String::from_utf8_lossy(prefix);
    let line = text.matches('\n').count() + 1;
    let col = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}
