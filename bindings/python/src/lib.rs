//! The `swiss` Python package's native module (`swiss._swiss`): reads,
//! pairs, checks, validates, generates and ranks Swiss-system tournaments
//! in-process, through the same library calls as the `swiss` command.
//!
//! Everything that decides *which* engine pairs a tournament (the system
//! table, the edition a file names, the options a file carries) goes through
//! `engine`, the one place this crate meets the system crates' API; the
//! rest converts values and errors. Every entry point runs under `guard`,
//! so a Rust panic becomes `swiss.InternalError` and never unwinds into
//! the interpreter; pairing, checking and generating run with the GIL
//! released (`Python::detach`).

use std::io::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::{Arc, Mutex};

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use swiss_core::simulate::{SimulationConfig, random_players, simulate};
use swiss_core::{
    Colour, ErrorKind, InputError as CoreInputError, InputErrors, PairingError, PairingSystem,
    Places, Tournament, json, limits, trf,
};
use swiss_systems::{FileSays, Options, System};
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt as _;

create_exception!(
    swiss,
    SwissError,
    PyException,
    "The base of every error this package raises."
);
create_exception!(
    swiss,
    InputError,
    SwissError,
    "Invalid input: a file, text or dict that does not read, or a record the system cannot pair as given. `.line` and `.column` (1-based, None when unknown), `.path` (the JSON path in a JSON input, else None) and `.file` locate the first problem; `.errors` lists every problem."
);
create_exception!(
    swiss,
    NoLegalPairing,
    SwissError,
    "No pairing of the round satisfies the system's absolute criteria: an outcome for the arbiter to resolve, not an input error. `.round` is the round."
);
create_exception!(
    swiss,
    InternalError,
    SwissError,
    "A bug in the engine (an internal invariant failed, or a Rust panic): please report it with the input file."
);

/// Why a call failed, before it is raised as a Python exception (built
/// without the GIL, raised with it).
enum Failure {
    /// Located input errors (every one).
    Input(InputErrors),
    /// An input problem without a place (a record the system cannot pair).
    Unplaced(String),
    /// `PairingError::NoLegalPairing`.
    NoLegalPairing { round: u32, message: String },
    /// An engine's internal error or a panic.
    Internal(String),
    /// A bad argument (unknown system, edition, an option the system does not read).
    Value(String),
    /// A file that cannot be read.
    Io(PyErr),
}

type Result<T, E = Failure> = std::result::Result<T, E>;

impl From<InputErrors> for Failure {
    fn from(e: InputErrors) -> Failure {
        Failure::Input(e)
    }
}

impl From<swiss_systems::RegistryError> for Failure {
    fn from(e: swiss_systems::RegistryError) -> Failure {
        Failure::Value(e.to_string())
    }
}

/// The exception for a pairing error, with the CLI's meaning of each kind
/// (`crates/swiss-cli/src/input.rs`: no legal pairing exit 1, input and
/// unsupported exit 3, internal exit 2).
fn pairing_failure(e: PairingError, file: &str) -> Failure {
    match e {
        PairingError::NoLegalPairing { round, .. } => Failure::NoLegalPairing {
            round,
            message: e.to_string(),
        },
        PairingError::Input { .. } | PairingError::Unsupported { .. } => {
            Failure::Unplaced(format!("{file}: {e}"))
        }
        other => Failure::Internal(format!(
            "{file}: {other}; this is a bug, please report it with the input file"
        )),
    }
}

impl Failure {
    fn into_py(self, py: Python<'_>) -> PyErr {
        match self {
            Failure::Input(errors) => input_error(py, &errors),
            Failure::Unplaced(message) => {
                let err = InputError::new_err(message);
                let v = err.value(py);
                for k in ["line", "column", "path", "file"] {
                    let _ = v.setattr(k, py.None());
                }
                let _ = v.setattr("errors", PyList::empty(py));
                err
            }
            Failure::NoLegalPairing { round, message } => {
                let err = NoLegalPairing::new_err(message);
                let _ = err.value(py).setattr("round", round);
                err
            }
            Failure::Internal(message) => InternalError::new_err(message),
            Failure::Value(message) => PyValueError::new_err(message),
            Failure::Io(e) => e,
        }
    }
}

/// `swiss.InputError` for located errors: the message lists them (at most
/// ten), the attributes locate the first.
fn input_error(py: Python<'_>, errors: &InputErrors) -> PyErr {
    const SHOWN: usize = 10;
    let all = errors.errors();
    let mut lines: Vec<String> = all.iter().take(SHOWN).map(ToString::to_string).collect();
    if all.len() > SHOWN {
        lines.push(format!("... and {} more errors", all.len() - SHOWN));
    }
    let err = InputError::new_err(lines.join("\n"));
    let v = err.value(py);
    let first = all.first();
    let place = |n: usize| (n > 0).then_some(n);
    let _ = v.setattr("line", first.and_then(|e| place(e.line)));
    let _ = v.setattr("column", first.and_then(|e| place(e.column)));
    let _ = v.setattr("path", first.and_then(json_path));
    let _ = v.setattr("file", first.map(|e| e.file.clone()));
    let problems: Vec<Problem> = all.iter().map(|e| Problem::of(e, false)).collect();
    let _ = v.setattr("errors", problems);
    err
}

fn json_path(e: &CoreInputError) -> Option<String> {
    match &e.kind {
        ErrorKind::At { path, .. } => Some(path.clone()),
        _ => None,
    }
}

/// Runs `f`, turning a panic into `swiss.InternalError`: a bug must never
/// unwind into the interpreter.
fn guard<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            Err(Failure::Internal(format!(
                "internal error: {what}; this is a bug, please report it with the input file"
            )))
        }
    }
}

/// [`guard`] with the GIL released: `f` must not touch Python objects.
fn detached<T: Send>(py: Python<'_>, f: impl FnOnce() -> Result<T> + Send) -> PyResult<T> {
    py.detach(|| guard(f)).map_err(|e| e.into_py(py))
}

/// [`guard`] for code that holds the GIL.
fn attached<T>(py: Python<'_>, f: impl FnOnce() -> Result<T>) -> PyResult<T> {
    guard(f).map_err(|e| e.into_py(py))
}

/// The system options a caller passes as keywords.
#[derive(Clone, Debug, Default)]
struct Asked {
    edition: Option<String>,
    double: Option<bool>,
    default_rating: Option<u16>,
    maxi: Option<bool>,
}

/// The one seam with the system crates: the table entry for `system` and
/// its options, resolved as `swiss pair` resolves them
/// ([`swiss_systems::System::resolve`]). A file that names another system
/// is refused, as by the CLI.
fn engine(
    system: &str,
    asked: &Asked,
    input: Option<&Input>,
) -> Result<(&'static System, Box<dyn PairingSystem>)> {
    let entry = swiss_systems::find(system)?;
    if let Some(input) = input {
        check_system(input, entry.name)?;
    }
    let requested = Options::DEFAULT
        .with_double(asked.double.unwrap_or(false))
        .with_default_rating(asked.default_rating)
        .with_maxi(asked.maxi.unwrap_or(false));
    let file = input.map(Input::says);
    let options = entry.resolve(asked.edition.as_deref(), requested, file)?;
    // Refuses an option the system does not read, or an edition it lacks.
    Ok((entry, entry.build(&options)?))
}

/// Refuses a file whose tournament type (record 192, JSON `system`) names
/// another system, or one this build does not implement.
fn check_system(input: &Input, system: &str) -> Result<()> {
    match swiss_systems::other_system_error(&input.tournament, &input.places, system, |s| {
        format!("system=\"{s}\"")
    }) {
        Some(e) => Err(Failure::Input(InputErrors(vec![e]))),
        None => Ok(()),
    }
}

/// A tournament as read, with what the source says beyond the record.
struct Input {
    tournament: Tournament,
    /// Where the record's parts are in the source, for errors found later.
    places: Places,
    /// Double rounds, when a TCEC reference file says so.
    double: Option<bool>,
    /// Warnings of the reader.
    warnings: Vec<CoreInputError>,
}

impl Input {
    /// What the source says of how it is paired, for `swiss-systems`.
    fn says(&self) -> FileSays<'_> {
        FileSays {
            tournament: &self.tournament,
            double: self.double,
        }
    }
}

/// Reads TRF (TRF16 or TRF-2026) or JSON text: the workspace's own
/// `Tournament` JSON, or a TCEC reference document (`schema`
/// `tcec-swiss-reference/1`), as `swiss pair` reads a file.
fn read_text(text: &str, name: &str) -> Result<Input> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let is_json = text.trim_start().starts_with('{');
    if is_json && text.contains("tcec-swiss-reference/") && is_tcec_reference(text) {
        let r =
            swiss_tcec::read_reference(text, name).map_err(|e| Failure::Unplaced(e.to_string()))?;
        let tournament = r
            .to_tournament()
            .map_err(|e| Failure::Unplaced(format!("{name}: {e}")))?;
        let warnings = swiss_core::validate(&tournament, name)?;
        return Ok(Input {
            tournament,
            places: Places::of_model(name),
            double: Some(r.options().format == swiss_tcec::Format::Double),
            warnings,
        });
    }
    let reading = if is_json {
        json::reading(text, name)
    } else {
        trf::reading(text, name)
    }?;
    Ok(Input {
        tournament: reading.tournament,
        places: reading.places,
        double: None,
        warnings: reading.warnings,
    })
}

fn is_tcec_reference(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v.get("schema")?.as_str().map(str::to_string))
        .is_some_and(|s| s.starts_with("tcec-swiss-reference/"))
}

/// Reads a file as the CLI does: UTF-8 (an error names its line and
/// column), a byte-order mark skipped.
fn read_path(path: &Path) -> Result<Input> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Failure::Io(e.into()))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = String::from_utf8_lossy(&e.as_bytes()[..e.utf8_error().valid_up_to()]);
        let line = valid.matches('\n').count() + 1;
        let column = valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Failure::Input(InputErrors(vec![CoreInputError {
            file: name.clone(),
            line,
            column,
            kind: ErrorKind::Expected("UTF-8 text".to_string()),
        }]))
    })?;
    read_text(&text, &name)
}

/// What a Python `source` argument is.
enum Source {
    Tournament(Py<PyTournament>),
    Path(std::path::PathBuf),
    Text(String, String),
}

/// A path (`str` without a line break, or `os.PathLike`), TRF or JSON text
/// (`str` with a line break, or starting with `{`), a `dict` in the JSON
/// form, or a `Tournament`.
fn source(py: Python<'_>, obj: &Bound<'_, PyAny>, name: Option<&str>) -> PyResult<Source> {
    if let Ok(t) = obj.cast::<PyTournament>() {
        return Ok(Source::Tournament(t.clone().unbind()));
    }
    let label = |default: &str| name.unwrap_or(default).to_string();
    if obj.cast::<PyDict>().is_ok() {
        let text: String = py
            .import("json")?
            .call_method1("dumps", (obj,))?
            .extract()?;
        return Ok(Source::Text(text, label("<dict>")));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_cow()?;
        if s.contains(['\n', '\r']) || s.trim_start().starts_with('{') {
            return Ok(Source::Text(s.to_string(), label("<string>")));
        }
        return Ok(Source::Path(s.as_ref().into()));
    }
    if obj.hasattr("__fspath__")? {
        let p: std::path::PathBuf = py.import("os")?.call_method1("fspath", (obj,))?.extract()?;
        return Ok(Source::Path(p));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "expected a path, TRF or JSON text, a dict or a swiss.Tournament",
    ))
}

/// The tournament a `source` names, read (without the GIL) unless it is one.
fn input(py: Python<'_>, obj: &Bound<'_, PyAny>, name: Option<&str>) -> PyResult<Arc<Input>> {
    match source(py, obj, name)? {
        Source::Tournament(t) => Ok(t.get().input.clone()),
        Source::Path(p) => detached(py, move || read_path(&p).map(Arc::new)),
        Source::Text(text, label) => detached(py, move || read_text(&text, &label).map(Arc::new)),
    }
}

/// A tournament: players, rounds and settings. Read one with
/// `swiss.read`, or build one as a dict in the JSON form (see `to_dict`)
/// and read that.
#[pyclass(frozen, name = "Tournament", module = "swiss")]
struct PyTournament {
    input: Arc<Input>,
}

impl PyTournament {
    fn of(tournament: Tournament, name: &str) -> PyTournament {
        PyTournament {
            input: Arc::new(Input {
                tournament,
                places: Places::of_model(name),
                double: None,
                warnings: Vec::new(),
            }),
        }
    }

    fn t(&self) -> &Tournament {
        &self.input.tournament
    }
}

#[pymethods]
impl PyTournament {
    /// The tournament's name (TRF record 012).
    #[getter]
    fn name(&self) -> String {
        self.t().name.clone()
    }

    /// The players, in start-number order.
    #[getter]
    fn players(&self) -> Vec<Player> {
        self.t().players.iter().map(Player::of).collect()
    }

    /// The planned number of rounds (`XXR`, record 142), or None.
    #[getter]
    fn planned_rounds(&self) -> Option<u32> {
        self.t().planned_rounds
    }

    /// The number of rounds played (with at least one game or bye).
    #[getter]
    fn played_rounds(&self) -> u32 {
        self.t().played_rounds()
    }

    /// The round `pair` pairs.
    #[getter]
    fn next_round(&self) -> u32 {
        self.t().next_round()
    }

    /// The tournament type code the file names (record 192, e.g.
    /// `FIDE_DUTCH_2017`), or None.
    #[getter]
    fn system(&self) -> Option<String> {
        self.t().system.clone()
    }

    /// Whether rounds are double (TCEC), when a TCEC reference file says
    /// so; None otherwise.
    #[getter]
    fn double(&self) -> Option<bool> {
        self.input.double
    }

    /// The colour of the top-ranked player in round 1 (`"w"`, `"b"`), or None.
    #[getter]
    fn initial_colour(&self) -> Option<&'static str> {
        self.t().initial_colour.map(colour)
    }

    /// Pairing settings read from the file: `{"default_rating": R or None, "maxi": bool}`.
    #[getter]
    fn settings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("default_rating", self.t().settings.default_rating)?;
        d.set_item("maxi", self.t().settings.maxi)?;
        Ok(d)
    }

    /// What the reader accepted but noted (an unknown title, a record it keeps verbatim).
    #[getter]
    fn warnings(&self) -> Vec<Problem> {
        self.input
            .warnings
            .iter()
            .map(|w| Problem::of(w, true))
            .collect()
    }

    /// The tournament as TRF16 (with the `XX*`/`BB*` extension lines).
    fn to_trf(&self) -> String {
        trf::write(self.t())
    }

    /// The tournament as TRF-2026.
    fn to_trf26(&self) -> String {
        trf::write_2026(self.t())
    }

    /// The tournament as JSON text (the form `read` takes back).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string_pretty(self.t())
            .map_err(|e| InternalError::new_err(format!("cannot write JSON: {e}")))
    }

    /// The tournament as a dict in the JSON form: edit it and `read` it back.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = self.to_json()?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The tournament as it stood before round `round` was paired: rounds
    /// `1..round` as recorded, of round `round` only the requested byes and
    /// absences.
    fn before_round(&self, round: u32) -> PyTournament {
        let mut t = swiss_core::before_round(self.t(), round);
        t.initial_colour = self.t().initial_colour;
        let mut out = PyTournament::of(t, self.input.places.file());
        if let Some(i) = Arc::get_mut(&mut out.input) {
            i.double = self.input.double;
        }
        out
    }

    /// A new tournament with `pairing` written as its round (games without a
    /// result yet, the bye as a pairing-allocated bye): what
    /// `swiss pair --format trf` writes.
    fn with_pairing(&self, pairing: &Pairing) -> PyTournament {
        let mut t = self.t().clone();
        pairing.core().append_to(&mut t);
        PyTournament {
            input: Arc::new(Input {
                tournament: t,
                places: Places::of_model(self.input.places.file()),
                double: self.input.double,
                warnings: Vec::new(),
            }),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<swiss.Tournament {:?}: {} players, {} rounds played>",
            self.t().name,
            self.t().players.len(),
            self.t().played_rounds()
        )
    }
}

fn colour(c: Colour) -> &'static str {
    match c {
        Colour::White => "w",
        Colour::Black => "b",
    }
}

/// One player's record.
#[pyclass(frozen, get_all, name = "Player", module = "swiss")]
struct Player {
    /// Start number.
    start_no: u32,
    /// Name.
    name: String,
    /// Rating, or None when unrated.
    rating: Option<u16>,
    /// FIDE title (`GM`, `WIM`...), or None.
    title: Option<String>,
    /// Federation (three letters), or an empty string.
    federation: String,
    /// FIDE id, or None.
    fide_id: Option<u64>,
    /// Points as the file records them.
    points: f64,
    /// The rank the file records, or None.
    rank: Option<u32>,
    /// One `(opponent, colour, result)` per round: the opponent's start
    /// number or None, `"w"`, `"b"` or None, and the TRF result character
    /// (`1 = 0 + - W D L U F H Z`, a space when not played yet).
    rounds: Vec<(Option<u32>, Option<&'static str>, String)>,
}

impl Player {
    fn of(p: &swiss_core::Player) -> Player {
        Player {
            start_no: p.start_no,
            name: p.name.clone(),
            rating: p.rating,
            title: p.title.as_ref().map(|t| t.as_str().to_string()),
            federation: p.federation.clone(),
            fide_id: p.fide_id,
            points: f64::from(p.points.0) / 10.0,
            rank: p.rank,
            rounds: p
                .rounds
                .iter()
                .map(|e| {
                    (
                        e.opponent,
                        e.colour.map(colour),
                        e.result.letter().to_string(),
                    )
                })
                .collect(),
        }
    }
}

#[pymethods]
impl Player {
    fn __repr__(&self) -> String {
        format!(
            "<swiss.Player {} {:?} {}>",
            self.start_no,
            self.name,
            self.rating.map_or("unrated".to_string(), |r| r.to_string())
        )
    }
}

/// A round's pairing. `boards` are `(white, black)` start numbers in the
/// system's board order, `bye` the player receiving the pairing-allocated
/// bye (or None); `str(pairing)` is what `swiss pair` writes.
#[pyclass(frozen, get_all, eq, name = "Pairing", module = "swiss")]
#[derive(PartialEq)]
struct Pairing {
    /// The round paired, 1-based.
    round: u32,
    /// `(white, black)` per board, in board order.
    boards: Vec<(u32, u32)>,
    /// The player with the pairing-allocated bye, or None.
    bye: Option<u32>,
}

impl Pairing {
    fn of(p: &swiss_core::Pairing) -> Pairing {
        Pairing {
            round: p.round,
            boards: p.pairs.iter().map(|x| (x.white, x.black)).collect(),
            bye: p.bye,
        }
    }

    fn core(&self) -> swiss_core::Pairing {
        swiss_core::Pairing {
            round: self.round,
            pairs: self
                .boards
                .iter()
                .map(|&(white, black)| swiss_core::Pair { white, black })
                .collect(),
            bye: self.bye,
        }
    }
}

#[pymethods]
impl Pairing {
    /// The established engines' text, as `swiss pair` writes it: the number
    /// of lines that follow, `white black` per board, the bye as `id 0`.
    fn __str__(&self) -> String {
        self.core().to_engine_text()
    }

    fn __repr__(&self) -> String {
        format!(
            "<swiss.Pairing round {}: {} boards, bye {}>",
            self.round,
            self.boards.len(),
            self.bye.map_or("none".to_string(), |b| b.to_string())
        )
    }

    fn __len__(&self) -> usize {
        self.boards.len()
    }
}

/// One problem of an input: where, and what.
#[pyclass(frozen, get_all, name = "Problem", module = "swiss")]
#[derive(Clone)]
struct Problem {
    /// The file name (or `<string>`, `<dict>`).
    file: String,
    /// Line, 1-based, or None when the problem concerns the whole input.
    line: Option<usize>,
    /// Column in characters, 1-based, or None.
    column: Option<usize>,
    /// The JSON path in a JSON input (`players[3].rating`), else None.
    path: Option<String>,
    /// What is wrong, and what was expected.
    message: String,
    /// A warning (accepted) rather than an error.
    warning: bool,
}

impl Problem {
    fn of(e: &CoreInputError, warning: bool) -> Problem {
        Problem {
            file: e.file.clone(),
            line: (e.line > 0).then_some(e.line),
            column: (e.column > 0).then_some(e.column),
            path: json_path(e),
            message: e.kind.inner().to_string(),
            warning,
        }
    }
}

#[pymethods]
impl Problem {
    /// `FILE:LINE:COL: message`, as `swiss validate` prints it.
    fn __str__(&self) -> String {
        let at = match (self.line, self.column) {
            (Some(l), Some(c)) => format!("{}:{l}:{c}", self.file),
            (Some(l), None) => format!("{}:{l}", self.file),
            _ => self.file.clone(),
        };
        let path = self
            .path
            .as_ref()
            .map_or(String::new(), |p| format!("at `{p}`: "));
        let warn = if self.warning { "warning: " } else { "" };
        format!("{at}: {warn}{path}{}", self.message)
    }

    fn __repr__(&self) -> String {
        format!("<swiss.Problem {}>", self.__str__())
    }
}

/// The pairings checker's report: every round replayed, and each one
/// whose pairing differs from the record. True when every round agrees.
#[pyclass(frozen, get_all, name = "CheckReport", module = "swiss")]
struct CheckReport {
    /// Rounds replayed.
    rounds: u32,
    /// Rounds reproduced exactly.
    identical: u32,
    /// `(round, recorded, produced)` for each differing round: `produced`
    /// is the engine's Pairing, or its error message.
    differences: Vec<(u32, Py<Pairing>, Py<PyAny>)>,
    /// One readable block per differing round, as `swiss check` prints them.
    details: Vec<String>,
}

#[pymethods]
impl CheckReport {
    fn __bool__(&self) -> bool {
        self.rounds == self.identical
    }

    fn __repr__(&self) -> String {
        format!(
            "<swiss.CheckReport {}/{} rounds identical>",
            self.identical, self.rounds
        )
    }
}

/// One line of the standings.
#[pyclass(frozen, get_all, name = "Standing", module = "swiss")]
struct Standing {
    /// Rank (fully tied players share it).
    rank: u32,
    /// Start number.
    start_no: u32,
    /// Name.
    name: String,
    /// Points.
    points: f64,
    /// One value per tie-break, in the order asked: int, float, or None
    /// when undefined for this player.
    values: Vec<Py<PyAny>>,
}

#[pymethods]
impl Standing {
    fn __repr__(&self) -> String {
        format!(
            "<swiss.Standing {}: {} {:?} {}>",
            self.rank, self.start_no, self.name, self.points
        )
    }
}

/// The standings: rows in rank order.
#[pyclass(frozen, get_all, name = "Standings", module = "swiss")]
struct Standings {
    /// The C.07 edition applied (`"2026"` or `"2024"`).
    rules: &'static str,
    /// The rounds counted.
    rounds: u32,
    /// The tie-break codes, as given.
    tiebreaks: Vec<String>,
    /// The rows, in rank order (ties by start number).
    rows: Vec<Py<Standing>>,
}

#[pymethods]
impl Standings {
    fn __len__(&self) -> usize {
        self.rows.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<swiss.Standings {} players after {} rounds, {} rules>",
            self.rows.len(),
            self.rounds,
            self.rules
        )
    }
}

/// Reads a tournament.
///
/// `source` is a path (`str` or `os.PathLike`), TRF16 or TRF-2026 text,
/// JSON text (the package's JSON form, or a TCEC reference document), or a
/// dict in the JSON form. `name` names text in error messages. Raises
/// `InputError` (with `.line`, `.column`, `.path`) on invalid input,
/// `OSError` when a file cannot be read.
#[pyfunction]
#[pyo3(signature = (source, *, name = None))]
fn read(py: Python<'_>, source: &Bound<'_, PyAny>, name: Option<&str>) -> PyResult<PyTournament> {
    Ok(PyTournament {
        input: input(py, source, name)?,
    })
}

/// Pairs the next round.
///
/// `source` is anything `read` takes, or a `Tournament`. `system` is
/// `"dutch"`, `"dubov"`, `"lim"`, `"tcec"` or `"team"` (a team tournament,
/// FIDE C.04.6: team numbers in, team pairs out); `edition` one of the
/// system's (default: the one the file names, else the rules in force).
/// `double` (TCEC), `default_rating` (Dubov) and `maxi` (Lim) are the
/// CLI's options; a file's own settings apply when not given. With
/// `explain=True`, returns `(pairing, records)`: the engine's decisions,
/// one line each, as `swiss --explain` logs them. The GIL is released
/// while pairing. Raises `NoLegalPairing`, `InputError`, `ValueError` (an
/// unknown system or edition, an option the system does not read),
/// `InternalError`.
#[pyfunction]
#[pyo3(signature = (source, system = "dutch", edition = None, *, double = None, default_rating = None, maxi = None, explain = false))]
#[allow(clippy::too_many_arguments)]
fn pair(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    system: &str,
    edition: Option<String>,
    double: Option<bool>,
    default_rating: Option<u16>,
    maxi: Option<bool>,
    explain: bool,
) -> PyResult<Py<PyAny>> {
    let input = input(py, source, None)?;
    let asked = Asked {
        edition,
        double,
        default_rating,
        maxi,
    };
    let (pairing, records) = detached(py, || {
        swiss_core::round_to_pair(&input.tournament, &input.places)?;
        let (_, engine) = engine(system, &asked, Some(&input))?;
        let file = input.places.file();
        if !explain {
            let p = engine
                .pair(&input.tournament)
                .map_err(|e| pairing_failure(e, file))?;
            return Ok((p, None));
        }
        let (p, records) = explained(|| engine.pair(&input.tournament));
        Ok((p.map_err(|e| pairing_failure(e, file))?, Some(records)))
    })?;
    let pairing = Pairing::of(&pairing).into_pyobject(py)?.into_any();
    match records {
        None => Ok(pairing.unbind()),
        Some(r) => Ok((pairing, r).into_pyobject(py)?.into_any().unbind()),
    }
}

/// Runs `f` with the engines' decision logs (DEBUG under each engine's
/// target, as `swiss --explain`) collected on this thread; returns them
/// one record a line.
fn explained<T>(f: impl FnOnce() -> T) -> (T, Vec<String>) {
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if let Ok(mut v) = self.0.lock() {
                v.extend_from_slice(buf);
            }
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let sink = Sink::default();
    let writer = sink.clone();
    let targets = swiss_systems::SYSTEMS
        .iter()
        .fold(Targets::new().with_default(LevelFilter::WARN), |t, s| {
            t.with_target(s.log_target, LevelFilter::DEBUG)
        });
    let subscriber = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(move || writer.clone())
                .with_ansi(false)
                .without_time()
                .with_target(false)
                .with_level(false),
        )
        .with(targets);
    let out = tracing::subscriber::with_default(subscriber, f);
    let mut bytes = sink.0.lock().map(|v| v.clone()).unwrap_or_default();
    let _ = bytes.flush();
    let text = String::from_utf8_lossy(&bytes);
    (
        out,
        text.lines().map(|l| l.trim_end().to_string()).collect(),
    )
}

/// Replays every played round with the system's engine (the C.04.A
/// pairings checker) and reports each round whose pairing differs from the
/// record. Options as for `pair`. The GIL is released while replaying.
#[pyfunction]
#[pyo3(signature = (source, system = "dutch", edition = None, *, double = None, default_rating = None, maxi = None))]
fn check(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    system: &str,
    edition: Option<String>,
    double: Option<bool>,
    default_rating: Option<u16>,
    maxi: Option<bool>,
) -> PyResult<CheckReport> {
    let input = input(py, source, None)?;
    let asked = Asked {
        edition,
        double,
        default_rating,
        maxi,
    };
    let report = detached(py, || {
        let (_, engine) = engine(system, &asked, Some(&input))?;
        Ok(swiss_core::check(engine.as_ref(), &input.tournament))
    })?;
    let mut differences = Vec::new();
    for d in &report.differences {
        let produced = match &d.produced {
            Ok(p) => Pairing::of(p).into_pyobject(py)?.into_any().unbind(),
            Err(e) => e.into_pyobject(py)?.into_any().unbind(),
        };
        differences.push((d.round, Py::new(py, Pairing::of(&d.recorded))?, produced));
    }
    Ok(CheckReport {
        rounds: report.rounds,
        identical: report.identical(),
        details: report.differences.iter().map(ToString::to_string).collect(),
        differences,
    })
}

/// Every problem of an input, errors and warnings, each with its line and
/// column (and JSON path): an empty list when the input is valid. Raises
/// `OSError` when a file cannot be read, never `InputError`.
#[pyfunction]
#[pyo3(signature = (source, *, name = None))]
fn validate(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    name: Option<&str>,
) -> PyResult<Vec<Problem>> {
    match input(py, source, name) {
        Ok(i) => Ok(i.warnings.iter().map(|w| Problem::of(w, true)).collect()),
        Err(e) if e.is_instance_of::<InputError>(py) => {
            let v = e.value(py);
            let errors: Vec<Problem> = v
                .getattr("errors")?
                .try_iter()?
                .map(|p| p.and_then(|p| Ok(p.cast::<Problem>()?.get().clone())))
                .collect::<PyResult<_>>()?;
            if errors.is_empty() {
                // A problem without a place (a TCEC reference file's).
                return Ok(vec![Problem {
                    file: name.unwrap_or("<input>").to_string(),
                    line: None,
                    column: None,
                    path: None,
                    message: v.str()?.to_string(),
                    warning: false,
                }]);
            }
            Ok(errors)
        }
        Err(e) => Err(e),
    }
}

/// Generates a random tournament paired round by round by `system` (the
/// C.04.A random tournament generator, as `swiss generate` does): `players`
/// random players, `rounds` rounds with random results, from `seed`. The
/// rates override the system's simulation defaults. With `system="team"`
/// (C.04.6), `players` counts teams of `boards` boards (default 4), as
/// `swiss generate --system team` makes them: `forfeit_rate` is the rate
/// of forfeited matches, `half_bye_rate` of requested byes and absences.
/// The GIL is released while generating.
#[pyfunction]
#[pyo3(signature = (system = "dutch", *, players, rounds, seed = 1, edition = None, double = None, default_rating = None, maxi = None, draw_rate = None, forfeit_rate = None, half_bye_rate = None, boards = None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    system: &str,
    players: u32,
    rounds: u32,
    seed: u64,
    edition: Option<String>,
    double: Option<bool>,
    default_rating: Option<u16>,
    maxi: Option<bool>,
    draw_rate: Option<f64>,
    forfeit_rate: Option<f64>,
    half_bye_rate: Option<f64>,
    boards: Option<u32>,
) -> PyResult<PyTournament> {
    if system == swiss_systems::TEAM_SYSTEM {
        let rates = [draw_rate, forfeit_rate, half_bye_rate];
        return detached(py, || generate_teams(players, rounds, seed, boards, rates));
    }
    if boards.is_some() {
        return Err(PyValueError::new_err(
            "boards: only a team event (system=\"team\") has boards",
        ));
    }
    let asked = Asked {
        edition,
        double,
        default_rating,
        maxi,
    };
    detached(py, || {
        let (entry, engine) = engine(system, &asked, None)?;
        let mut cfg = SimulationConfig {
            seed,
            rounds,
            ..entry.simulation()
        };
        set_rates([
            ("draw_rate", draw_rate, &mut cfg.draw_rate),
            ("forfeit_rate", forfeit_rate, &mut cfg.forfeit_rate),
            ("half_bye_rate", half_bye_rate, &mut cfg.half_bye_rate),
        ])?;
        if !(1..=limits::MAX_START_NO).contains(&players) {
            return Err(Failure::Value(format!(
                "players {players}: expected 1 to {} players",
                limits::MAX_START_NO
            )));
        }
        if !(1..=limits::MAX_ROUNDS).contains(&rounds) {
            return Err(Failure::Value(format!(
                "rounds {rounds}: expected 1 to {} rounds",
                limits::MAX_ROUNDS
            )));
        }
        let name = format!("{}-p{players:04}-r{rounds:02}-s{seed}", entry.name);
        let t = simulate(
            engine.as_ref(),
            random_players(players, seed),
            &format!("Random tournament {name}"),
            &cfg,
        )
        .map_err(|e| pairing_failure(e, &name))?;
        Ok(PyTournament::of(t, &name))
    })
}

/// The rates asked for (`None`: the generator's own), each a probability.
fn set_rates(rates: [(&str, Option<f64>, &mut f64); 3]) -> Result<(), Failure> {
    for (name, v, slot) in rates {
        if let Some(v) = v {
            if !(0.0..=1.0).contains(&v) {
                return Err(Failure::Value(format!(
                    "{name} {v}: expected a probability from 0 to 1"
                )));
            }
            *slot = v;
        }
    }
    Ok(())
}

/// `generate(system="team")`: `swiss_team::generate` with the rates asked
/// (draws, forfeited matches, requested byes), the rest its defaults.
fn generate_teams(
    teams: u32,
    rounds: u32,
    seed: u64,
    boards: Option<u32>,
    [draw_rate, forfeit_rate, bye_rate]: [Option<f64>; 3],
) -> Result<PyTournament, Failure> {
    let mut settings = swiss_team::Settings::new(seed, teams, boards.unwrap_or(4), rounds);
    set_rates([
        ("draw_rate", draw_rate, &mut settings.draw_rate),
        ("forfeit_rate", forfeit_rate, &mut settings.forfeit_rate),
        ("half_bye_rate", bye_rate, &mut settings.bye_rate),
    ])?;
    let name = format!(
        "team-t{teams:03}-b{:02}-r{rounds:02}-s{seed}",
        settings.boards
    );
    let g =
        swiss_team::generate(&settings, &swiss_team::Options::DEFAULT).map_err(|e| match e {
            swiss_team::GenerateError::Settings(why) => {
                Failure::Value(format!("team settings: {why}"))
            }
            e => Failure::Internal(e.to_string()),
        })?;
    if let Some(e) = g.stopped {
        return Err(pairing_failure(e, &name));
    }
    Ok(PyTournament::of(g.tournament, &name))
}

/// The standings by points and the FIDE C.07 tie-breaks, as
/// `swiss standings` computes them. `tiebreaks` is a list of codes or a
/// comma-separated string (`"BH/C1,SB,DE"`); default: the file's TRF-2026
/// record 212 (or 202), else the system's default (`system`, default the
/// one the file names). `rules` is `"2026"` or `"2024"` (default: by the
/// event's start date), `round` counts rounds up to it, `unrated` is the
/// rating unrated players count with. TCEC ranks by its own rules, which
/// this function does not compute: give `tiebreaks` for a TCEC event.
#[pyfunction]
#[pyo3(signature = (source, tiebreaks = None, *, system = None, rules = None, round = None, unrated = None))]
fn standings(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    tiebreaks: Option<&Bound<'_, PyAny>>,
    system: Option<&str>,
    rules: Option<&str>,
    round: Option<u32>,
    unrated: Option<u16>,
) -> PyResult<Standings> {
    let input = input(py, source, None)?;
    let given: Option<String> = match tiebreaks {
        None => None,
        Some(l) if l.cast::<PyString>().is_ok() => Some(l.extract()?),
        Some(l) => Some(l.extract::<Vec<String>>()?.join(",")),
    };
    let (table, names) = attached(py, || {
        let t = &input.tournament;
        // The system's rules, as `swiss standings` resolves them.
        let ranking = swiss_systems::ranking(system, input.says())?;
        if ranking.own_rules && given.is_none() {
            return Err(Failure::Value(
                "a TCEC event ranks by TCEC's own rules (`swiss standings`); give tiebreaks= for C.07 standings".to_string(),
            ));
        }
        let bad = |e: swiss_tiebreak::TieBreakError| Failure::Value(e.to_string());
        let codes = swiss_tiebreak::list_for(t, given.as_deref(), ranking.default_tiebreaks)
            .map_err(bad)?;
        let rules = match rules {
            Some(r) => r.parse().map_err(bad)?,
            None => swiss_tiebreak::Rules::for_event(t),
        };
        let o = swiss_tiebreak::Options {
            rules,
            round,
            unrated,
        };
        let tbs: Vec<_> = codes.iter().map(|c| c.1.clone()).collect();
        let table = swiss_tiebreak::table(t, &tbs, &o).map_err(bad)?;
        Ok((table, codes.into_iter().map(|c| c.0).collect::<Vec<_>>()))
    })?;
    let t = &input.tournament;
    let mut rows = Vec::new();
    for r in table.in_rank_order() {
        let values = r
            .values
            .iter()
            .map(|v| value(py, *v))
            .collect::<PyResult<Vec<_>>>()?;
        rows.push(Py::new(
            py,
            Standing {
                rank: r.rank,
                start_no: r.start_no,
                name: swiss_tiebreak::name_of(t, r.start_no).to_string(),
                points: r.points.key().map_or(0.0, |k| k as f64 / 10.0),
                values,
            },
        )?);
    }
    Ok(Standings {
        rules: match table.rules {
            swiss_tiebreak::Rules::R2024 => "2024",
            _ => "2026",
        },
        rounds: table.rounds,
        tiebreaks: names,
        rows,
    })
}

fn value(py: Python<'_>, v: swiss_tiebreak::Value) -> PyResult<Py<PyAny>> {
    use swiss_tiebreak::Value;
    Ok(match v {
        Value::Undefined => py.None(),
        Value::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
        Value::Tenths(i) => (i as f64 / 10.0).into_pyobject(py)?.into_any().unbind(),
        Value::Hundredths(i) => (i as f64 / 100.0).into_pyobject(py)?.into_any().unbind(),
    })
}

/// The systems built: `{name: [editions, default first]}`.
#[pyfunction]
fn systems() -> Vec<(&'static str, Vec<&'static str>)> {
    swiss_systems::SYSTEMS
        .iter()
        .map(|s| (s.name, s.editions.iter().map(|e| e.as_str()).collect()))
        .collect()
}

/// Panics inside the guard, for the test that a panic becomes
/// `InternalError` (no engine panics on purpose).
#[pyfunction]
fn _panic_for_test(py: Python<'_>) -> PyResult<()> {
    detached(py, || -> Result<()> {
        panic!("a panic raised on purpose by a test")
    })
}

/// Pair, check, validate, generate and rank Swiss-system chess tournaments
/// (FIDE Dutch, Dubov, Lim; TCEC) in-process.
#[pymodule]
#[pyo3(name = "_swiss")]
fn swiss_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SwissError", py.get_type::<SwissError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("NoLegalPairing", py.get_type::<NoLegalPairing>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    m.add_class::<PyTournament>()?;
    m.add_class::<Player>()?;
    m.add_class::<Pairing>()?;
    m.add_class::<Problem>()?;
    m.add_class::<CheckReport>()?;
    m.add_class::<Standing>()?;
    m.add_class::<Standings>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(pair, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(standings, m)?)?;
    m.add_function(wrap_pyfunction!(systems, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    Ok(())
}
