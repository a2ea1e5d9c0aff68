//! Reading tournaments (TRF or JSON) and the failures the command reports.

use std::path::Path;

use swiss_core::{ErrorKind, InputErrors, PairingError, Places, Spot, Tournament, trf};

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
    /// Where the record's parts are in the file, for errors found later.
    pub places: Places,
}

/// Reads a tournament: JSON when the file name ends in `.json` or the text
/// starts with `{` (a TCEC reference document when its `schema` says so,
/// else the workspace's own `Tournament` JSON), TRF otherwise. Every format
/// goes through the same validation (`swiss_core::validate`). Input errors
/// are `FILE:LINE:COL: message`; warnings are printed on standard error.
pub fn read_input(path: &Path) -> Result<Input, Failure> {
    let name = path.display().to_string();
    let text = read_text(path)?;
    let invalid = |e: InputErrors| Failure::new(EXIT_INVALID, e.to_string());
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
    for w in warnings {
        eprintln!("{}", w.warning_text());
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
        .map_err(|e| Failure::new(EXIT_INVALID, e.to_string()))
}

/// Refuses (exit 3) a file whose tournament type (record 192, JSON
/// `system`) names another system than `system`, or a system or edition
/// this build does not implement: a file is never paired under rules it
/// does not ask for.
pub fn check_system(input: &Input, system: &str) -> Result<(), Failure> {
    let Some(code) = &input.tournament.system else {
        return Ok(());
    };
    let reason = match named_system(code) {
        Ok(s) if s == system => return Ok(()),
        Ok(s) => format!("it asks for the {s} system, not {system}: pair it with `--system {s}`"),
        Err(reason) => reason,
    };
    let e = input.places.error(
        Spot::System,
        ErrorKind::UnsupportedSystem {
            code: code.clone(),
            reason,
        },
    );
    Err(Failure::new(EXIT_INVALID, e.to_string()))
}

/// The system (`--system` name) a tournament type code asks for, or why
/// this build cannot pair it. Codes are TRF-2026's (trf26.md, record 192).
fn named_system(code: &str) -> Result<&'static str, String> {
    let code = code.trim().to_ascii_uppercase();
    if code.ends_with("_BAKU") {
        return Err("Baku acceleration is not implemented: give the accelerated points with `XXA` records and name the system without `_BAKU`".into());
    }
    match code.as_str() {
        "FIDE_DUTCH_2017" => Ok("dutch"),
        // A bare FIDE_DUTCH means the rules in force: 2026's since 1 February 2026.
        "FIDE_DUTCH" | "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" => Err(
            "the Dutch rules in force since 1 February 2026 are not implemented yet: this build pairs the 2017 edition (`192 FIDE_DUTCH_2017`)".into(),
        ),
        c if c.starts_with("FIDE_DUBOV") => Ok("dubov"),
        c if c.starts_with("FIDE_LIM") => Ok("lim"),
        c if c.starts_with("FIDE_BURSTEIN") => Err("the Burstein system is not implemented".into()),
        _ => Err("not a tournament type this program knows (it pairs `FIDE_DUTCH_2017`)".into()),
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
    Ok(text)
}

/// 1-based line and column (in characters) just after `prefix`.
fn position(prefix: &[u8]) -> (usize, usize) {
    let text = String::from_utf8_lossy(prefix);
    let line = text.matches('\n').count() + 1;
    let col = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}
