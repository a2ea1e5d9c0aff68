//! Reading tournaments (TRF or JSON) and the failures the command reports.

use std::path::Path;

use swiss_core::{ErrorKind, InputErrors, PairingError, Places, Tournament, trf};

/// Exit code: no legal pairing.
pub const EXIT_NO_PAIRING: u8 = 1;
/// Exit code: unexpected error (a bug: a panic, an engine's internal error).
pub const EXIT_UNEXPECTED: u8 = 2;
/// Exit code: invalid input (the file, or a value given on the command line).
pub const EXIT_INVALID: u8 = 3;
/// Exit code: a file could not be read or written.
pub const EXIT_FILE: u8 = 5;
/// Exit code: a usage error (unknown option or subcommand, a missing
/// argument, an option the system does not read); 64 as in sysexits.h.
pub const EXIT_USAGE: u8 = 64;

/// How many problems of one kind are printed before the rest are counted.
pub const SHOWN_PER_KIND: usize = 10;

/// The errors of one input, at most [`SHOWN_PER_KIND`] of each kind, the
/// rest counted ("... and 199,990 more like it"), so 200,000 bad ids make
/// a short report.
pub fn report(e: &InputErrors) -> String {
    let mut seen: Vec<(std::mem::Discriminant<ErrorKind>, usize)> = Vec::new();
    let mut lines = Vec::new();
    for err in e.errors() {
        let kind = std::mem::discriminant(err.kind.inner());
        let n = match seen.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                seen.push((kind, 1));
                1
            }
        };
        if n <= SHOWN_PER_KIND {
            lines.push(err.to_string());
        }
    }
    for (kind, n) in seen {
        if n > SHOWN_PER_KIND {
            let first = e
                .errors()
                .iter()
                .find(|x| std::mem::discriminant(x.kind.inner()) == kind);
            let file = first.map_or("", |x| x.file.as_str());
            lines.push(format!(
                "{file}: ... and {} more errors like the one at line {}",
                group(n - SHOWN_PER_KIND),
                first.map_or(0, |x| x.line)
            ));
        }
    }
    lines.join("\n")
}

/// `9990` as `9,990`.
pub fn group(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

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

/// The exit code of a pairing error: its kind decides, the same for every
/// system (`swiss_core::PairingError`).
pub fn pairing_exit_code(e: &PairingError) -> u8 {
    match e {
        PairingError::NoLegalPairing { .. } => EXIT_NO_PAIRING,
        // A record the system cannot pair as given (Dubov's unrated
        // players or missing XXR, a TCEC game without a result), or one
        // the system or edition does not handle (the Dutch 2012 edition
        // above its limit): the input's problem, not a bug.
        PairingError::Input { .. } | PairingError::Unsupported { .. } => EXIT_INVALID,
        // An engine's internal error, and any kind this build does not
        // know yet: a bug.
        _ => EXIT_UNEXPECTED,
    }
}

impl From<PairingError> for Failure {
    fn from(e: PairingError) -> Failure {
        Failure::new(pairing_exit_code(&e), format!("swiss: {e}"))
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
    /// Where the record's parts are in the file, for errors found later.
    pub places: Places,
}

impl Input {
    /// What the file says of how it is paired, for `swiss-systems`.
    pub fn says(&self) -> swiss_systems::FileSays<'_> {
        swiss_systems::FileSays {
            tournament: &self.tournament,
            double: self.double,
        }
    }
}

/// Reads a tournament: JSON when the file name ends in `.json` or the text
/// starts with `{` (a TCEC reference document when its `schema` says so,
/// else the workspace's own `Tournament` JSON), TRF otherwise. Every format
/// goes through the same validation (`swiss_core::validate`). Input errors
/// are `FILE:LINE:COL: message`; warnings are printed on standard error.
pub fn read_input(path: &Path) -> Result<Input, Failure> {
    let name = path.display().to_string();
    let text = read_text(path)?;
    let invalid = |e: InputErrors| Failure::new(EXIT_INVALID, report(&e));
    /// Only the `schema` field: a whole `Value` tree would cost ten times the file.
    #[derive(serde::Deserialize)]
    struct Schema {
        schema: Option<String>,
    }
    if is_json(path, &text)
        && serde_json::from_str::<Schema>(&text)
            .ok()
            .and_then(|v| v.schema)
            .is_some_and(|s| s.starts_with("tcec-swiss-reference/"))
    {
        let r = swiss_tcec::read_reference(&text, &name)
            .map_err(|e| Failure::new(EXIT_INVALID, e.to_string()))?;
        let tournament = r
            .to_tournament()
            .map_err(|e| Failure::new(EXIT_INVALID, format!("{name}: {e}")))?;
        // The record the reference describes passes the same checks (its
        // places are the model's paths: the document has its own layout).
        let warnings = swiss_core::validate(&tournament, &name).map_err(invalid)?;
        print_warnings(&warnings);
        return Ok(Input {
            tournament,
            double: Some(r.options().format == swiss_tcec::Format::Double),
            places: Places::of_model(&name),
        });
    }
    let reading = if is_json(path, &text) {
        swiss_core::json::reading(&text, &name)
    } else {
        trf::reading(&text, &name)
    }
    .map_err(invalid)?;
    print_warnings(&reading.warnings);
    Ok(Input {
        tournament: reading.tournament,
        double: None,
        places: reading.places,
    })
}

fn print_warnings(warnings: &[swiss_core::InputError]) {
    for w in warnings.iter().take(SHOWN_PER_KIND) {
        eprintln!("{}", w.warning_text());
    }
    if let (Some(w), true) = (warnings.first(), warnings.len() > SHOWN_PER_KIND) {
        eprintln!(
            "{}: ... and {} more warnings",
            w.file,
            group(warnings.len() - SHOWN_PER_KIND)
        );
    }
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

/// The round `swiss pair` pairs: refused (exit 3, at the planned rounds'
/// record) when every planned round is already played.
pub fn round_to_pair(input: &Input) -> Result<u32, Failure> {
    swiss_core::round_to_pair(&input.tournament, &input.places)
        .map_err(|e| Failure::new(EXIT_INVALID, report(&e)))
}

/// Refuses (exit 3) a file whose tournament type (record 192, JSON
/// `system`) names another system than `system`, or a system or edition
/// this build does not implement: a file is never paired under rules it
/// does not ask for.
pub fn check_system(input: &Input, system: &str) -> Result<(), Failure> {
    match swiss_systems::other_system_error(&input.tournament, &input.places, system, |s| {
        format!("`--system {s}`")
    }) {
        Some(e) => Err(Failure::new(EXIT_INVALID, e.to_string())),
        None => Ok(()),
    }
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
    // A byte-order mark is read past, in TRF and JSON alike.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// 1-based line and column (in characters) just after `prefix`.
fn position(prefix: &[u8]) -> (usize, usize) {
    let text = String::from_utf8_lossy(prefix);
    let line = text.matches('\n').count() + 1;
    let col = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind of pairing error has one exit code whatever the system
    /// (no engine can be made to fail an invariant from a file, so the
    /// internal kind is checked here; the others also end to end in
    /// `tests/input.rs`).
    #[test]
    fn exit_codes_follow_the_error_kind() {
        let reason = String::from("why");
        let round = 3;
        let cases = [
            (
                PairingError::Input {
                    round,
                    reason: reason.clone(),
                },
                EXIT_INVALID,
            ),
            (
                PairingError::Unsupported {
                    round,
                    reason: reason.clone(),
                },
                EXIT_INVALID,
            ),
            (
                PairingError::NoLegalPairing {
                    round,
                    reason: reason.clone(),
                },
                EXIT_NO_PAIRING,
            ),
            (
                PairingError::Internal {
                    round,
                    reason: reason.clone(),
                },
                EXIT_UNEXPECTED,
            ),
        ];
        for (e, code) in cases {
            assert_eq!(pairing_exit_code(&e), code, "{e:?}");
            let f = pairing_failure(e.clone(), Path::new("t.trf"));
            assert_eq!(f.code, code, "{e:?}");
            // Only a bug asks for the file.
            assert_eq!(
                f.message
                    .contains("please report it with the input file t.trf"),
                code == EXIT_UNEXPECTED,
                "{}",
                f.message
            );
        }
    }
}
