//! FIDE TRF reader and writers: TRF16 with the extension records pairing
//! engines read (`XXR`, `XXC`, `XXA`, `XXP`, `XXZ`, `BB*`, `XXS`), and
//! TRF-2026 (`142` rounds, `152` initial colour, `162` points, `192`
//! tournament type, `240` byes, `250` acceleration, `260` prohibited pairs,
//! `###` comments). One reader takes both dialects, and a file may mix
//! them; [`write`](fn@write) writes TRF16, [`write_2026`] TRF-2026.
//!
//! Start with [`read`]. It accepts LF, CRLF and CR-only line endings, counts
//! columns in characters (names may be UTF-8), and reports every problem it
//! finds in one pass, not just the first, each with file, line and column.
//!
//! # Reading notes
//!
//! - **Fixed columns are strict.** A numeric field that spills into the
//!   blank column beside it (start number `10000` in columns 5-8, points
//!   `100.5` in columns 81-84) is an error, not read as its first digits.
//!   Points use a decimal point; `1,0` is an error.
//! - **Ranges.** Every number is bounded ([`crate::limits`]): start numbers
//!   1-9999, at most 255 rounds (recorded or planned, `XXR 0` is an
//!   error), point values within ±99.9, accelerations 0.0-99.9.
//! - **A blank points column (81-84) means "not given"**: the score is
//!   computed from the results. A value that is present must equal the sum
//!   of the results (of every recorded round, or of the played rounds only).
//! - **Titles outside the TRF list** (`F`, `C`, national titles) are kept
//!   as written with a warning: pairing never reads titles.
//! - **`XXZ id id ...`** (players who do not play the round being paired)
//!   is read as a `0000 - Z` entry of that round for each player named,
//!   the form every engine reads, and written back in that form.
//! - **`XXR n` or `142 n`** gives the planned rounds; both may appear if
//!   they agree. Fewer planned rounds than played is an error; pairing when
//!   every planned round is played is refused ([`crate::round_to_pair`]).
//! - **`192 CODE`** (the tournament type) is kept in
//!   [`Tournament::system`] for the caller to compare with the system it
//!   pairs. Team tournaments (team-match records `300`, `310`, `320`,
//!   `330`, or a team code in `192`) are refused: team pairing is not
//!   supported. `013` (team membership, for team standings in an
//!   individual event) is kept as written and written back.
//! - **Unknown record codes** (`xxp`, `XPP`, `xxz`) are kept as written
//!   with a warning naming the line (and the code they likely misspell);
//!   the header records a pairing does not read (`022`, `092`, ...),
//!   `013`, `801`/`802`, `###` comments and national rating records (a
//!   federation code on a line of the `001` layout) are kept silently.
//! - **A game with no result** (an opponent, a blank result: a round
//!   still being played, as `pair --format trf` writes it) reads with a
//!   warning; pairing past it is refused ([`crate::round_to_pair`]), never
//!   scored as a loss.
//! - **Columns of byes only** from the round to pair on (no game and no
//!   pairing-allocated bye, every player `H`/`F`/`Z`) are refused as
//!   ambiguous: by the played-rounds rule they are not played rounds, so
//!   the round to pair would have nobody to pair.
//! - **`BB*` and `XXS` that disagree** on a value are an error, as `162`
//!   and `BB*` are.
//! - **TRF-2026 and its TRF16 equivalents say the same thing**, and two
//!   records that disagree are an error: `152`/`XXC`, `162`/`BB*`+`XXS`.
//!   `162`'s `A` (bbp writes `Z`) is the zero-point bye and the forfeit
//!   loss; `W` also sets the PAB unless `P` is given; `X` is read and
//!   unused (no result code carries it).
//! - **`240`** for the round being paired, or an earlier one, is that
//!   round's `0000 - F/H/Z` entry (a different entry there is an error);
//!   for a later round it is kept in [`Tournament::announced_byes`].
//! - **`250`** ranges fill each player's accelerations in file order, a
//!   later range overriding an earlier one where they overlap; start
//!   numbers of no player are skipped; an `XXA` line and a `250` range for
//!   the same player is an error. `192 ..._BAKU` with no `XXA`/`250`
//!   applies Baku acceleration ([`crate::acceleration`]).
//! - **`260`** covering every round is an `XXP` group; one over fewer
//!   rounds applies in those rounds only. **`299`** (abnormal points) is
//!   refused: its points would change scores in a way no result shows.
//! - **`XXC rank`** (pair by the order of the `001` records) is accepted
//!   only when that order is the start-number order, where it changes
//!   nothing; otherwise it is an error.
//! - **Two `XXA` lines for one player** both give round 1 (and maybe more)
//!   a value: an error, not a sum.
//! - **One pass.** A record with an unreadable field is kept with that
//!   field left out, so the other checks still run; a check that would only
//!   echo an earlier error (the games of a file whose start numbers are
//!   unreadable or duplicated) is left out, and the output says so.

use std::fmt::Write as _;

use crate::error::{ErrorKind, InputError, InputErrors};
use crate::json::mark_absent;
use crate::limits::MAX_ROUNDS;
use crate::model::{Colour, Player, ResultCode, RoundEntry, StartNo, Title, Tournament};
use crate::points::{PointSystem, Points};
use crate::validate::{Gaps, Locate, Location, Places, Reading, Spot, check, sort};

mod records2026;
use records2026::Records2026;

/// Column (1-based) where the round-1 entry of a player record starts.
const FIRST_ROUND_COLUMN: usize = 92;
/// Width of one round entry in a player record.
const ROUND_WIDTH: usize = 10;

/// Reads and validates a TRF. `file` names the input in error messages.
///
/// Validation is what established engines check: unique start numbers,
/// known result codes and colours, every opponent listing the player back
/// with the opposite colour and the mirrored result, the points field
/// agreeing with the results under the point system, and extension records
/// naming existing players; see the module's reading notes.
pub fn read(text: &str, file: &str) -> Result<Tournament, InputErrors> {
    reading(text, file).map(|r| r.tournament)
}

/// Like [`read`], with the warnings and the places of the model's parts
/// (for errors found later, such as pairing past the last planned round).
pub fn reading(text: &str, file: &str) -> Result<Reading, InputErrors> {
    let mut r = Reader {
        file,
        errors: Vec::new(),
        warnings: Vec::new(),
        places: TrfPlaces::default(),
        gaps: Gaps::default(),
    };
    let (mut t, absent, blank_points) = r.parse(text);
    let places = Places::new(file, Box::new(r.places));
    let (errors, checked) = check(&t, &absent, &r.gaps, &places);
    let mut warnings = r.warnings;
    warnings.extend(checked);
    sort(&mut warnings);
    let mut all = r.errors;
    all.extend(errors);
    if !all.is_empty() {
        sort(&mut all);
        return Err(InputErrors(all));
    }
    for (p, blank) in t.players.iter_mut().zip(blank_points) {
        if blank {
            p.points = p.score_after(MAX_ROUNDS, &t.point_system);
        }
    }
    mark_absent(&mut t, &absent);
    crate::validate::settle(&mut t);
    Ok(Reading {
        tournament: t,
        warnings,
        places,
    })
}

/// Splits on LF, CRLF or CR, yielding `(line number, line)`.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rest = text;
    let mut n = 0;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        n += 1;
        let end = rest.find(['\r', '\n']).unwrap_or(rest.len());
        let line = &rest[..end];
        let after = &rest[end..];
        rest = if let Some(a) = after.strip_prefix("\r\n") {
            a
        } else if let Some(a) = after.strip_prefix(['\r', '\n']) {
            a
        } else {
            after
        };
        Some((n, line))
    })
}

/// One line as characters, for column access.
struct Columns(Vec<char>);

impl Columns {
    /// Characters `a..=b` (1-based, clamped), trimmed.
    fn field(&self, a: usize, b: usize) -> String {
        let lo = (a - 1).min(self.0.len());
        let hi = b.min(self.0.len());
        self.0[lo..hi].iter().collect::<String>().trim().to_string()
    }

    fn char_at(&self, col: usize) -> char {
        self.0.get(col - 1).copied().unwrap_or(' ')
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    /// Whitespace-separated tokens from column `from` on, with the column
    /// where each starts.
    fn tokens(&self, from: usize) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let mut cur: Option<(usize, String)> = None;
        for (i, &ch) in self.0.iter().enumerate().skip(from.saturating_sub(1)) {
            if ch.is_whitespace() {
                out.extend(cur.take());
            } else {
                cur.get_or_insert_with(|| (i + 1, String::new())).1.push(ch);
            }
        }
        out.extend(cur);
        out
    }
}

/// Where each part of the model came from in the TRF.
#[derive(Default)]
struct TrfPlaces {
    /// Line of each player record, in sorted order.
    player_lines: Vec<usize>,
    /// Line of the record giving the planned rounds.
    planned: Option<usize>,
    /// Line of record 192.
    system: Option<usize>,
    /// Line of the `012` record.
    name: Option<usize>,
    /// Line of the last record setting each point value.
    point_lines: Vec<(&'static str, usize)>,
    /// Each `XXA` record: line, and the column of each value.
    accelerations: Vec<(usize, Vec<usize>)>,
    /// Each `XXP` record: line, and the column of each start number.
    forbidden: Vec<(usize, Vec<usize>)>,
    /// Each `260` record: line, and the column of each start number.
    forbidden_in_rounds: Vec<(usize, Vec<usize>)>,
    /// Each `240` record of a later round: line, and the column of each
    /// start number.
    announced: Vec<(usize, Vec<usize>)>,
    /// Line of the `XXO` record giving each setting.
    settings: Vec<(&'static str, usize)>,
    /// Line of the `XXC` record giving the initial colour.
    initial_colour: Option<usize>,
    /// Each start number of the `XXZ` records: line and column.
    absent: Vec<(usize, usize)>,
}

impl TrfPlaces {
    fn place(&self, spot: Spot) -> (usize, usize) {
        let player = |i: usize| self.player_lines.get(i).copied().unwrap_or(1);
        match spot {
            Spot::File => (0, 0),
            Spot::Players => (1, 1),
            Spot::Player(i) => (player(i), 1),
            Spot::StartNo(i) => (player(i), 5),
            Spot::Field(i, f) => (
                player(i),
                match f {
                    "sex" => 10,
                    "title" => 11,
                    "name" => 15,
                    "rating" => 49,
                    "federation" => 54,
                    "fide_id" => 58,
                    "birth_date" => 70,
                    "rank" => 86,
                    _ => 1,
                },
            ),
            Spot::Points(i) => (player(i), 81),
            Spot::Entry(i, r) => (player(i), FIRST_ROUND_COLUMN + r * ROUND_WIDTH),
            Spot::PlannedRounds => (self.planned.unwrap_or(1), 5),
            Spot::System => (self.system.unwrap_or(1), 5),
            Spot::Name => (self.name.unwrap_or(1), 5),
            Spot::Setting(f) => self
                .settings
                .iter()
                .rev()
                .find(|(name, _)| *name == f)
                .map_or((1, 1), |&(_, l)| (l, 5)),
            Spot::PointValue(f) => self
                .point_lines
                .iter()
                .rev()
                .find(|(name, _)| *name == f)
                .map_or((1, 1), |&(_, l)| (l, 5)),
            Spot::Acceleration(k) => self.accelerations.get(k).map_or((1, 1), |a| (a.0, 5)),
            Spot::AccelerationValue(k, r) => self
                .accelerations
                .get(k)
                .map_or((1, 1), |a| (a.0, a.1.get(r).copied().unwrap_or(5))),
            Spot::Forbidden(k, j) => self
                .forbidden
                .get(k)
                .map_or((1, 1), |a| (a.0, a.1.get(j).copied().unwrap_or(5))),
            Spot::ForbiddenRounds(k) => {
                self.forbidden_in_rounds.get(k).map_or((1, 1), |a| (a.0, 5))
            }
            Spot::ForbiddenInRounds(k, j) => self
                .forbidden_in_rounds
                .get(k)
                .map_or((1, 1), |a| (a.0, a.1.get(j).copied().unwrap_or(5))),
            Spot::AnnouncedByes(k) => self.announced.get(k).map_or((1, 1), |a| (a.0, 5)),
            Spot::AnnouncedBye(k, j) => self
                .announced
                .get(k)
                .map_or((1, 1), |a| (a.0, a.1.get(j).copied().unwrap_or(5))),
            Spot::Absent(k) => self.absent.get(k).copied().unwrap_or((1, 1)),
            Spot::HeaderRecord(_) | Spot::TrailerRecord(_) => (1, 1),
        }
    }
}

impl Locate for TrfPlaces {
    fn locate(&self, spots: &[Spot]) -> Vec<Location> {
        spots
            .iter()
            .map(|&s| {
                let (line, column) = self.place(s);
                Location {
                    line,
                    column,
                    path: None,
                }
            })
            .collect()
    }

    fn describe(&self, spot: Spot) -> String {
        format!("on line {}", self.place(spot).0)
    }
}

struct Reader<'a> {
    file: &'a str,
    errors: Vec<InputError>,
    /// Warnings found while reading (unknown record codes).
    warnings: Vec<InputError>,
    places: TrfPlaces,
    gaps: Gaps,
}

/// The `BB*` values, each with the line that gave it.
#[derive(Default)]
struct BbValues {
    win: Option<(Points, usize)>,
    draw: Option<(Points, usize)>,
    loss: Option<(Points, usize)>,
    zero: Option<(Points, usize)>,
    forfeit: Option<(Points, usize)>,
    pab: Option<(Points, usize)>,
}

/// What a player record left unread.
struct PlayerMarks {
    line: usize,
    points_blank: bool,
    damaged: bool,
    damaged_rounds: Vec<usize>,
}

/// Whether the reader interprets records with this code (rather than
/// keeping them verbatim in `header_records` / `trailer_records`).
pub(crate) fn is_read_record(code: &str) -> bool {
    matches!(
        code,
        "001"
            | "012"
            | "XXR"
            | "142"
            | "152"
            | "162"
            | "192"
            | "240"
            | "250"
            | "260"
            | "299"
            | "XXC"
            | "XXO"
            | "XXS"
            | "XXA"
            | "XXP"
            | "XXZ"
            | "BBW"
            | "BBD"
            | "BBL"
            | "BBZ"
            | "BBF"
            | "BBU"
    ) || TEAM_RECORDS.contains(&code)
}

/// Records that describe a team tournament (team matches, line-ups, team
/// PABs). `013` is not one: in an individual event it lists team members
/// for team standings, and is kept as written.
const TEAM_RECORDS: [&str; 4] = ["300", "310", "320", "330"];

/// Record codes kept as written without a warning: the TRF16 and TRF-2026
/// header records a pairing does not read, `013` team membership, the
/// human-readable team tables, and `###` comments.
const KEPT_RECORDS: [&str; 24] = [
    "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
    "172", "182", "202", "212", "222", "352", "362", "013", "801", "802", "###",
];

/// Whether an unknown code is a national rating record (NRS): a
/// three-letter federation code on a line with the `001` layout (a start
/// number in columns 5-8, a name after it).
fn is_national_rating(code: &str, cols: &Columns) -> bool {
    code.chars().all(|c| c.is_ascii_uppercase())
        && code.chars().count() == 3
        && cols.len() >= 15
        && cols.char_at(4) == ' '
        && {
            let sn = cols.field(5, 8);
            !sn.is_empty() && sn.bytes().all(|b| b.is_ascii_digit())
        }
}

/// For an unknown record code, the code it most likely misspells: the
/// read code equal to it ignoring case, or the only one a single letter
/// away (`XPP` for `XXP`).
fn misspelled(code: &str) -> Option<&'static str> {
    const READ: [&str; 22] = [
        "001", "012", "XXR", "142", "152", "162", "192", "240", "250", "260", "299", "XXC", "XXO",
        "XXS", "XXA", "XXP", "XXZ", "BBW", "BBD", "BBL", "BBZ", "BBF",
    ];
    let upper = code.to_ascii_uppercase();
    let known = READ.iter().chain(&["BBU"]).chain(&KEPT_RECORDS);
    if let Some(k) = known.clone().find(|k| **k == upper) {
        return Some(k);
    }
    let near: Vec<&'static str> = known
        .filter(|k| {
            k.chars().count() == upper.chars().count()
                && k.chars().zip(upper.chars()).filter(|(a, b)| a != b).count() == 1
        })
        .copied()
        .collect();
    match near[..] {
        [one] => Some(one),
        _ => None,
    }
}

impl Reader<'_> {
    fn error(&mut self, line: usize, column: usize, kind: ErrorKind) {
        self.errors.push(InputError {
            file: self.file.to_string(),
            line,
            column,
            kind,
        });
    }

    fn bad(&mut self, line: usize, column: usize, field: &'static str, found: &str) {
        self.error(
            line,
            column,
            ErrorKind::BadField {
                field,
                found: found.to_string(),
            },
        );
    }

    /// Reads every record; returns the model (players sorted), the players
    /// named by `XXZ`, and per player whether the points column was blank.
    fn parse(&mut self, text: &str) -> (Tournament, Vec<StartNo>, Vec<bool>) {
        let mut t = Tournament::default();
        let mut marks: Vec<PlayerMarks> = Vec::new();
        let mut bb = BbValues::default();
        let mut xxs: Vec<(usize, String)> = Vec::new();
        let mut absent = Vec::new();
        let mut rank_line = None;
        let mut team_seen = false;
        let mut r26 = Records2026::default();
        for (n, line) in lines(text) {
            if line.trim().is_empty() {
                continue;
            }
            let cols = Columns(line.chars().collect());
            let code: String = cols.0.iter().take(3).collect();
            let rest = cols.field(4, cols.len().max(4));
            match code.as_str() {
                "001" => {
                    if let Some((p, m)) = self.player(n, &cols) {
                        t.players.push(p);
                        marks.push(m);
                    } else {
                        self.gaps.lost_records = true;
                    }
                }
                "012" => {
                    t.name = rest;
                    self.places.name = Some(n);
                }
                "XXR" | "142" => self.planned_rounds(n, &code, &rest, &mut t),
                "192" => self.system(n, rest, &mut t),
                "152" => self.record_152(n, &cols, &mut r26),
                "162" => self.record_162(n, &cols, &mut r26),
                "240" => self.record_240(n, &cols, &mut r26),
                "250" => self.record_250(n, &cols, &mut r26),
                "260" => self.record_260(n, &cols, &mut t),
                "299" => self.error(
                    n,
                    1,
                    ErrorKind::Unsupported("abnormal points (record 299) are"),
                ),
                "XXC" => {
                    if self.xxc(n, &cols, &mut t) {
                        rank_line = Some(n);
                    }
                }
                "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => match rest.parse::<Points>() {
                    Ok(v) => {
                        let slot = match code.as_str() {
                            "BBW" => &mut bb.win,
                            "BBD" => &mut bb.draw,
                            "BBL" => &mut bb.loss,
                            "BBZ" => &mut bb.zero,
                            "BBF" => &mut bb.forfeit,
                            _ => &mut bb.pab,
                        };
                        *slot = Some((v, n));
                    }
                    Err(_) => self.bad(n, 5, "a number of points", &rest),
                },
                "XXS" => xxs.push((n, rest)),
                "XXO" => self.settings(n, &cols, &mut t),
                "XXA" => self.acceleration(n, &cols, &mut t),
                "XXP" => {
                    let ids =
                        self.start_numbers(n, &cols, "start numbers of players who must not meet");
                    self.places
                        .forbidden
                        .push((n, ids.iter().map(|&(c, _)| c).collect()));
                    t.forbidden_pairs
                        .push(ids.into_iter().map(|(_, id)| id).collect());
                }
                "XXZ" => {
                    let ids = self.start_numbers(n, &cols, "start numbers of absent players");
                    for (c, id) in ids {
                        self.places.absent.push((n, c));
                        absent.push(id);
                    }
                }
                c if TEAM_RECORDS.contains(&c) => {
                    // One is enough: the rest would say the same.
                    if !team_seen {
                        self.error(n, 1, ErrorKind::TeamTournament(format!("record `{c}`")));
                        team_seen = true;
                    }
                }
                _ => {
                    if !KEPT_RECORDS.contains(&code.as_str()) && !is_national_rating(&code, &cols) {
                        let hint = misspelled(&code)
                            .map(|k| format!(", did you mean `{k}`?"))
                            .unwrap_or_default();
                        self.warnings.push(InputError {
                            file: self.file.to_string(),
                            line: n,
                            column: 1,
                            kind: ErrorKind::UnknownRecord { code, hint },
                        });
                    }
                    if t.players.is_empty() {
                        t.header_records.push(line.to_string());
                    } else {
                        t.trailer_records.push(line.to_string());
                    }
                }
            }
        }
        t.point_system = self.point_system(&bb, &xxs);
        let old_points = !xxs.is_empty()
            || [bb.win, bb.draw, bb.loss, bb.zero, bb.forfeit, bb.pab]
                .iter()
                .any(Option::is_some);
        if let Some(line) = rank_line {
            self.xxc_rank(line, &marks, &t);
        }
        let blank = self.sort_players(&mut t, marks);
        self.apply_2026(r26, &mut t, old_points);
        (t, absent, blank)
    }

    /// `192 CODE`: the tournament type, kept for the caller to compare
    /// with the system it pairs; two different codes are an error.
    fn system(&mut self, n: usize, rest: String, t: &mut Tournament) {
        if let (Some(first), Some(line)) = (&t.system, self.places.system)
            && *first != rest
        {
            let first = format!("{first} on line {line}");
            self.error(
                n,
                5,
                ErrorKind::Conflict {
                    what: "the tournament type (192)",
                    first,
                    second: rest.clone(),
                },
            );
        }
        t.system = Some(rest);
        self.places.system = Some(n);
    }

    /// `XXC white1|black1|rank ...`; returns whether `rank` was given.
    fn xxc(&mut self, n: usize, cols: &Columns, t: &mut Tournament) -> bool {
        let mut rank = false;
        for (col, tok) in cols.tokens(4) {
            match tok.as_str() {
                "white1" | "black1" => {
                    t.initial_colour = Some(if tok == "white1" {
                        Colour::White
                    } else {
                        Colour::Black
                    });
                    self.places.initial_colour = Some(n);
                }
                "rank" => rank = true,
                _ => self.error(
                    n,
                    col,
                    ErrorKind::Expected(format!("`white1`, `black1` or `rank`, found `{tok}`")),
                ),
            }
        }
        rank
    }

    /// `XXO maxi default-rating=R`: pairing settings (this program's
    /// extension record, in the style of the `XX*` records).
    fn settings(&mut self, n: usize, cols: &Columns, t: &mut Tournament) {
        for (col, tok) in cols.tokens(4) {
            let (key, value) = tok.split_once('=').unwrap_or((&tok, ""));
            match (key, value) {
                ("maxi", "") => {
                    t.settings.maxi = true;
                    self.places.settings.push(("maxi", n));
                }
                ("default-rating", v) => match v.parse::<u16>() {
                    Ok(r) => {
                        t.settings.default_rating = Some(r);
                        self.places.settings.push(("default_rating", n));
                    }
                    Err(_) => self.bad(n, col, "a rating after `default-rating=`", v),
                },
                _ => self.error(
                    n,
                    col,
                    ErrorKind::Expected(format!(
                        "a setting `maxi` or `default-rating=R`, found `{tok}`"
                    )),
                ),
            }
        }
    }

    /// `XXC rank` pairs by the order of the `001` records: the same as
    /// start-number order when the records are sorted, else refused.
    fn xxc_rank(&mut self, line: usize, marks: &[PlayerMarks], t: &Tournament) {
        let ids: Vec<(StartNo, usize)> = t
            .players
            .iter()
            .zip(marks)
            .map(|(p, m)| (p.start_no, m.line))
            .collect();
        if let Some(w) = ids.windows(2).find(|w| w[1].0 < w[0].0) {
            self.error(
                line,
                5,
                ErrorKind::RankOrder {
                    before: w[0].0,
                    found: w[1].0,
                    line: w[1].1,
                },
            );
        }
    }

    /// Sorts the players by start number (stable: duplicates stay in file
    /// order), keeping their places and gaps alongside; returns per player
    /// whether the points column was blank.
    fn sort_players(&mut self, t: &mut Tournament, marks: Vec<PlayerMarks>) -> Vec<bool> {
        let mut order: Vec<usize> = (0..t.players.len()).collect();
        order.sort_by_key(|&i| t.players[i].start_no);
        let mut slots: Vec<Option<Player>> = std::mem::take(&mut t.players)
            .into_iter()
            .map(Some)
            .collect();
        let mut blank = Vec::with_capacity(order.len());
        for (new, &i) in order.iter().enumerate() {
            if let Some(p) = slots[i].take() {
                t.players.push(p);
            }
            let m = &marks[i];
            self.places.player_lines.push(m.line);
            self.gaps.points_blank.push(m.points_blank);
            self.gaps.damaged.push(m.damaged);
            for &r in &m.damaged_rounds {
                self.gaps.damaged_entries.insert((new, r));
            }
            blank.push(m.points_blank);
        }
        blank
    }

    fn planned_rounds(&mut self, n: usize, code: &str, rest: &str, t: &mut Tournament) {
        let Ok(r) = rest.parse::<u32>() else {
            self.bad(n, 5, "a number of rounds", rest);
            return;
        };
        if let (Some(first), Some(line)) = (t.planned_rounds, self.places.planned)
            && first != r
        {
            self.error(
                n,
                5,
                ErrorKind::Conflict {
                    what: "the number of rounds (XXR, 142)",
                    first: format!("{first} on line {line}"),
                    second: format!("{r} ({code})"),
                },
            );
        }
        t.planned_rounds = Some(r);
        self.places.planned = Some(n);
    }

    /// `XXA nnnn p.p p.p ...`: the player, then his accelerated points per round.
    fn acceleration(&mut self, n: usize, cols: &Columns, t: &mut Tournament) {
        let toks = cols.tokens(4);
        let Some((_, id)) = toks.first() else {
            self.bad(n, 5, "a start number", "");
            return;
        };
        let Ok(id) = id.parse::<StartNo>() else {
            self.bad(n, 5, "a start number", id);
            return;
        };
        let mut pts = Vec::new();
        let mut at = Vec::new();
        for (col, tok) in toks.iter().skip(1) {
            if pts.len() > MAX_ROUNDS as usize {
                break;
            }
            match tok.parse::<Points>() {
                Ok(p) => {
                    pts.push(p);
                    at.push(*col);
                }
                Err(_) => self.bad(n, *col, "accelerated points per round", tok),
            }
        }
        t.accelerations.push((id, pts));
        self.places.accelerations.push((n, at));
    }

    /// The start numbers listed on an `XXP` or `XXZ` line, with their columns.
    fn start_numbers(
        &mut self,
        n: usize,
        cols: &Columns,
        what: &'static str,
    ) -> Vec<(usize, StartNo)> {
        let mut ids = Vec::new();
        for (col, tok) in cols.tokens(4) {
            match tok.parse::<StartNo>() {
                Ok(id) => ids.push((col, id)),
                Err(_) => self.bad(n, col, what, &tok),
            }
        }
        ids
    }

    fn point_system(&mut self, bb: &BbValues, xxs: &[(usize, String)]) -> PointSystem {
        let mut ps = match (bb.win, bb.draw, bb.loss, bb.zero, bb.forfeit, bb.pab) {
            (None, None, None, None, None, None) => PointSystem::default(),
            _ => PointSystem::from_bb(
                bb.win.map_or(Points(10), |v| v.0),
                bb.draw.map_or(Points(5), |v| v.0),
                bb.loss.map_or(Points::ZERO, |v| v.0),
                bb.zero.map_or(Points::ZERO, |v| v.0),
                bb.forfeit.map_or(Points::ZERO, |v| v.0),
                bb.pab.map(|v| v.0),
            ),
        };
        let lines = &mut self.places.point_lines;
        let mut mark = |v: Option<(Points, usize)>, names: &[&'static str]| {
            if let Some((_, line)) = v {
                lines.extend(names.iter().map(|&name| (name, line)));
            }
        };
        mark(
            bb.win,
            &[
                "win_white",
                "win_black",
                "forfeit_win",
                "full_bye",
                "pairing_bye",
            ],
        );
        mark(bb.draw, &["draw_white", "draw_black", "half_bye"]);
        mark(bb.loss, &["loss_white", "loss_black"]);
        mark(bb.zero, &["zero_bye"]);
        mark(bb.forfeit, &["forfeit_loss"]);
        mark(bb.pab, &["pairing_bye"]);
        // What the BB* lines set, to compare with XXS.
        let by_bb: Vec<(&'static str, usize)> = self.places.point_lines.clone();
        let from_bb = ps;
        for (n, line) in xxs {
            self.xxs(*n, line, &mut ps, (&by_bb, &from_bb));
        }
        ps
    }

    /// `XXS CODE=value ...`; `bb` is what the `BB*` lines set (field and
    /// line) and the point system they give: an `XXS` value for a field a
    /// `BB*` line set to another value is an error, as `162` against
    /// `BB*` is (a `BBW 3.0` would otherwise keep the forfeit win and the
    /// PAB at 3 while `XXS WW=1.0` makes a game win 1).
    fn xxs(
        &mut self,
        n: usize,
        line: &str,
        ps: &mut PointSystem,
        bb: (&[(&'static str, usize)], &PointSystem),
    ) {
        for tok in line.split_whitespace() {
            let Some((code, value)) = tok.split_once('=') else {
                self.error(
                    n,
                    5,
                    ErrorKind::Expected(format!("CODE=value, found `{tok}`")),
                );
                continue;
            };
            let Ok(v) = value.parse::<Points>() else {
                self.bad(n, 5, "a number of points", value);
                continue;
            };
            let fields: &[&'static str] = match code {
                "WW" => &["win_white"],
                "BW" => &["win_black"],
                "WD" => &["draw_white"],
                "BD" => &["draw_black"],
                "WL" => &["loss_white"],
                "BL" => &["loss_black"],
                "ZPB" => &["zero_bye"],
                "HPB" => &["half_bye"],
                "FPB" => &["full_bye"],
                "PAB" => &["pairing_bye"],
                "FW" => &["forfeit_win"],
                "FL" => &["forfeit_loss"],
                "W" => &["win_white", "win_black"],
                "D" => &["draw_white", "draw_black"],
                _ => {
                    self.error(
                        n,
                        5,
                        ErrorKind::Expected(format!(
                            "a point code (WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D), found `{code}`"
                        )),
                    );
                    continue;
                }
            };
            for &f in fields {
                let mut from_bb = *bb.1;
                let set = *point_field(&mut from_bb, f);
                if let Some(&(_, line)) = bb.0.iter().rev().find(|(g, _)| *g == f)
                    && set != v
                {
                    self.error(
                        n,
                        5,
                        ErrorKind::Conflict {
                            what: "the point system (BB*, XXS)",
                            first: format!("{f} {set} by the BB* record on line {line}"),
                            second: format!("{v} by XXS {code}"),
                        },
                    );
                }
                *point_field(ps, f) = v;
                self.places.point_lines.push((f, n));
            }
        }
    }

    /// Reports a non-blank character in a separator column next to a field.
    fn separator(
        &mut self,
        n: usize,
        c: &Columns,
        column: usize,
        side: &'static str,
        field: &'static str,
    ) -> bool {
        let found = c.char_at(column);
        if found.is_whitespace() {
            return true;
        }
        self.error(
            n,
            column,
            ErrorKind::Overflow {
                field,
                column,
                side,
                found,
            },
        );
        false
    }

    /// One `001` record; `None` when its start number cannot be read (the
    /// record cannot be referred to). Other unreadable fields are left out
    /// and marked, so the rest of the file is still checked.
    fn player(&mut self, n: usize, c: &Columns) -> Option<(Player, PlayerMarks)> {
        const START_NO: &str = "start number (columns 5-8)";
        let sn_ok = self.separator(n, c, 4, "before", START_NO)
            & self.separator(n, c, 9, "after", START_NO);
        let sn = c.field(5, 8);
        let start_no = match sn.parse::<StartNo>() {
            Ok(v) if sn.bytes().all(|b| b.is_ascii_digit()) && sn_ok => Some(v),
            _ => {
                if sn_ok {
                    self.bad(n, 5, "a start number (columns 5-8)", &sn);
                }
                None
            }
        };
        let sex = Some(c.char_at(10)).filter(|ch| !ch.is_whitespace());
        let title_s = c.field(11, 13);
        let title = if title_s.is_empty() {
            None
        } else {
            Title::read(&title_s)
        };
        let mut damaged = false;
        let rating = self
            .number::<u16>(
                n,
                c,
                (49, 52),
                "a rating (columns 49-52)",
                "rating (columns 49-52)",
            )
            .filter(|&r| r > 0);
        let fide_id = self.number::<u64>(
            n,
            c,
            (58, 68),
            "a FIDE id (columns 58-68)",
            "FIDE id (columns 58-68)",
        );
        const POINTS: &str = "points (columns 81-84)";
        let pts_s = c.field(81, 84);
        let pts_ok =
            self.separator(n, c, 80, "before", POINTS) & self.separator(n, c, 85, "after", POINTS);
        let points_blank = pts_s.is_empty() && pts_ok;
        let points = if pts_s.is_empty() {
            Points::ZERO
        } else {
            pts_s.parse::<Points>().unwrap_or_else(|_| {
                self.bad(n, 81, "points (columns 81-84)", &pts_s);
                damaged = true;
                Points::ZERO
            })
        };
        damaged |= !pts_ok;
        // Column 85, between points and rank, was checked with the points.
        let rank = self.number::<u32>(n, c, (86, 89), "a rank (columns 86-89)", "");
        let mut rounds = Vec::new();
        let mut damaged_rounds = Vec::new();
        let mut col = FIRST_ROUND_COLUMN;
        while col <= c.len() && rounds.len() < MAX_ROUNDS as usize {
            match self.round_entry(n, c, col) {
                Some(e) => rounds.push(e),
                None => {
                    damaged_rounds.push(rounds.len());
                    rounds.push(RoundEntry::BLANK);
                }
            }
            col += ROUND_WIDTH;
        }
        // Anything past the last round allowed is a round too many.
        if let Some(extra) = (col..=c.len()).find(|&k| !c.char_at(k).is_whitespace()) {
            self.error(
                n,
                extra,
                ErrorKind::TooManyRounds {
                    max: MAX_ROUNDS,
                    round: ((extra - FIRST_ROUND_COLUMN) / ROUND_WIDTH + 1) as u32,
                },
            );
            damaged = true;
        }
        while rounds.last() == Some(&RoundEntry::BLANK) {
            rounds.pop();
        }
        damaged |= !damaged_rounds.is_empty();
        let player = Player {
            start_no: start_no?,
            name: c.field(15, 47),
            sex,
            title,
            rating,
            federation: c.field(54, 56),
            fide_id,
            birth_date: c.field(70, 79),
            points,
            rank,
            rounds,
        };
        Some((
            player,
            PlayerMarks {
                line: n,
                points_blank,
                damaged,
                damaged_rounds,
            },
        ))
    }

    /// An optional right-aligned number in columns `a..=b`, with blank
    /// separators on both sides.
    fn number<T: std::str::FromStr>(
        &mut self,
        n: usize,
        c: &Columns,
        (a, b): (usize, usize),
        expected: &'static str,
        field: &'static str,
    ) -> Option<T> {
        let left = field.is_empty() || self.separator(n, c, a - 1, "before", field);
        let field = if field.is_empty() {
            "rank (columns 86-89)"
        } else {
            field
        };
        let ok = left & self.separator(n, c, b + 1, "after", field);
        let s = c.field(a, b);
        if s.is_empty() || !ok {
            return None;
        }
        match s.parse::<T>() {
            Ok(v) if s.bytes().all(|b| b.is_ascii_digit()) => Some(v),
            _ => {
                self.bad(n, a, expected, &s);
                None
            }
        }
    }

    fn round_entry(&mut self, n: usize, c: &Columns, col: usize) -> Option<RoundEntry> {
        const OPPONENT: &str = "opponent (4 columns)";
        let ok = self.separator(n, c, col - 1, "before", OPPONENT)
            & self.separator(n, c, col + 4, "after", OPPONENT)
            & self.separator(n, c, col + 6, "after", "colour")
            & self.separator(n, c, col + 8, "after", "result");
        if !ok {
            return None;
        }
        let opp_s = c.field(col, col + 3);
        let opponent = if opp_s.is_empty() {
            None
        } else {
            match opp_s.parse::<StartNo>() {
                Ok(0) => None,
                Ok(v) if opp_s.bytes().all(|b| b.is_ascii_digit()) => Some(v),
                _ => {
                    self.bad(n, col, "an opponent start number or 0000", &opp_s);
                    return None;
                }
            }
        };
        let colour = match c.char_at(col + 5) {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            '-' | ' ' => None,
            other => {
                self.error(n, col + 5, ErrorKind::UnknownColour(other));
                return None;
            }
        };
        let rc = c.char_at(col + 7);
        let result = match (rc, opponent.is_some()) {
            ('1', true) => ResultCode::Win,
            ('=', true) => ResultCode::Draw,
            ('0', true) => ResultCode::Loss,
            ('W', true) => ResultCode::ShortWin,
            ('D', true) => ResultCode::ShortDraw,
            ('L', true) => ResultCode::ShortLoss,
            ('+', true) => ResultCode::ForfeitWin,
            ('-', true) => ResultCode::ForfeitLoss,
            ('U' | '+', false) => ResultCode::PairingBye,
            ('F' | '1' | 'W', false) => ResultCode::FullBye,
            ('H' | '=' | 'D', false) => ResultCode::HalfBye,
            ('Z' | '-' | '0' | 'L', false) => ResultCode::ZeroBye,
            (' ', _) => ResultCode::Blank,
            ('U' | 'F' | 'H' | 'Z', true) => {
                self.error(
                    n,
                    col + 7,
                    ErrorKind::OpponentMismatch {
                        code: rc,
                        what: "cannot have an opponent",
                    },
                );
                return None;
            }
            _ => {
                self.error(n, col + 7, ErrorKind::UnknownResult(rc));
                return None;
            }
        };
        if let (Some(o), None, true) = (opponent, colour, result.is_played()) {
            self.error(n, col + 5, ErrorKind::MissingColour(o));
            return None;
        }
        // A colour on a no-game entry carries no meaning; drop it.
        let colour = if opponent.is_some() { colour } else { None };
        Some(RoundEntry {
            opponent,
            colour,
            result,
        })
    }
}

/// An out-of-range error for a number of a record.
fn range_kind(what: &'static str, min: u32, max: u32, found: &str) -> ErrorKind {
    ErrorKind::OutOfRange {
        what,
        range: format!("{min} to {max}"),
        found: found.to_string(),
    }
}

/// A point system in a few words, for messages: `W 3.0 D 1.0 L 0.0 ...`.
fn point_values(ps: &PointSystem) -> String {
    format!(
        "W {} D {} L {} A {} P {}",
        ps.win_white, ps.draw_white, ps.loss_white, ps.zero_bye, ps.pairing_bye
    )
}

/// The point system's value named `name` (its JSON field name).
fn point_field<'a>(ps: &'a mut PointSystem, name: &str) -> &'a mut Points {
    match name {
        "win_white" => &mut ps.win_white,
        "win_black" => &mut ps.win_black,
        "draw_white" => &mut ps.draw_white,
        "draw_black" => &mut ps.draw_black,
        "loss_white" => &mut ps.loss_white,
        "loss_black" => &mut ps.loss_black,
        "forfeit_win" => &mut ps.forfeit_win,
        "forfeit_loss" => &mut ps.forfeit_loss,
        "zero_bye" => &mut ps.zero_bye,
        "half_bye" => &mut ps.half_bye,
        "full_bye" => &mut ps.full_bye,
        _ => &mut ps.pairing_bye,
    }
}

/// Writes a tournament as TRF16 (LF line endings).
///
/// Records are written in this order: `012`, the other header records
/// verbatim, `XXR`, `192`, `XXC`, the point system (`BB*` lines, or an `XXS` line
/// when colour-specific values need it), the player records, `XXA`, `XXP`,
/// `260` for forbidden pairs limited to a range of rounds (which `XXP`
/// cannot say), and the other trailing records verbatim. Reading the output gives back
/// an equal [`Tournament`].
pub fn write(t: &Tournament) -> String {
    let mut out = String::new();
    if !t.name.is_empty() {
        let _ = writeln!(out, "012 {}", t.name);
    }
    for r in &t.header_records {
        let _ = writeln!(out, "{r}");
    }
    if let Some(r) = t.planned_rounds {
        let _ = writeln!(out, "XXR {r}");
    }
    if let Some(code) = &t.system {
        let _ = writeln!(out, "192 {code}");
    }
    if let Some(c) = t.initial_colour {
        let _ = writeln!(
            out,
            "XXC {}",
            if c == Colour::White {
                "white1"
            } else {
                "black1"
            }
        );
    }
    write_point_system(&mut out, &t.point_system);
    if let Some(line) = record_xxo(t) {
        out.push_str(&line);
        out.push('\n');
    }
    for p in &t.players {
        out.push_str(&player_line(p));
        out.push('\n');
    }
    for (id, pts) in &t.accelerations {
        let _ = write!(out, "XXA {id:>4}");
        for v in pts {
            let _ = write!(out, " {v:>4}");
        }
        out.push('\n');
    }
    for ids in &t.forbidden_pairs {
        out.push_str("XXP");
        for id in ids {
            let _ = write!(out, " {id}");
        }
        out.push('\n');
    }
    // Neither XXP round ranges nor announced byes have a TRF16 form: they
    // are written as TRF-2026 does.
    for line in announced_240(t) {
        out.push_str(&line);
        out.push('\n');
    }
    let ranged = t.forbidden_in_rounds.iter();
    for line in ranged.map(|g| record_260(g.first_round, g.last_round, &g.players)) {
        out.push_str(&line);
        out.push('\n');
    }
    for r in &t.trailer_records {
        let _ = writeln!(out, "{r}");
    }
    out
}

/// Writes a tournament as TRF-2026, lines ended by CR as that format's
/// text asks (every reader of this crate also takes LF).
///
/// Records: `012`, the other header records verbatim, `142`, `152`,
/// `162` (an `XXS` line instead when the point system has values `162`
/// cannot express: colour-dependent results, a forfeit win or full-point
/// bye not worth a win, a half-point bye not worth a draw, a forfeit loss
/// not worth a zero-point bye), `192`, the player records, `240` for the
/// byes and absences of the round to pair (also in the players' columns,
/// the form every engine reads), `250` for accelerations (one record per
/// run of players and rounds with one value), `260` for forbidden pairs
/// (`XXP` groups cover rounds 1 to the planned rounds), and the other
/// trailing records verbatim. Reading the output gives back an equal
/// [`Tournament`].
pub fn write_2026(t: &Tournament) -> String {
    let mut lines: Vec<String> = Vec::new();
    if !t.name.is_empty() {
        lines.push(format!("012 {}", t.name));
    }
    lines.extend(t.header_records.iter().cloned());
    if let Some(r) = t.planned_rounds {
        lines.push(format!("142 {r}"));
    }
    if let Some(c) = t.initial_colour {
        lines.push(format!(
            "152 {}",
            if c == Colour::White { 'W' } else { 'B' }
        ));
    }
    if let Some(line) = record_162(&t.point_system) {
        lines.push(line);
    } else {
        let mut old = String::new();
        write_point_system(&mut old, &t.point_system);
        lines.extend(old.lines().map(str::to_string));
    }
    if let Some(code) = &t.system {
        lines.push(format!("192 {code}"));
    }
    // No TRF-2026 record holds these settings.
    lines.extend(record_xxo(t));
    lines.extend(t.players.iter().map(player_line));
    lines.extend(records_240(t));
    lines.extend(announced_240(t));
    lines.extend(records_250(t));
    let every = t.planned_rounds.unwrap_or(MAX_ROUNDS);
    let groups = t.forbidden_pairs.iter().map(|g| (1, every, g));
    let ranged = t
        .forbidden_in_rounds
        .iter()
        .map(|g| (g.first_round, g.last_round, &g.players));
    for (first, last, ids) in groups.chain(ranged) {
        lines.push(record_260(first, last, ids));
    }
    lines.extend(t.trailer_records.iter().cloned());
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push('\r');
    }
    out
}

/// The `XXO` record of the tournament's settings, if any is set.
fn record_xxo(t: &Tournament) -> Option<String> {
    let s = t.settings;
    if s.is_default() {
        return None;
    }
    let mut line = String::from("XXO");
    if s.maxi {
        line.push_str(" maxi");
    }
    if let Some(r) = s.default_rating {
        let _ = write!(line, " default-rating={r}");
    }
    Some(line)
}

/// A `260` record: the players must not meet in rounds `first..=last`.
fn record_260(first: u32, last: u32, ids: &[StartNo]) -> String {
    let mut line = format!("260 {first:>3} {last:>3}");
    for id in ids {
        let _ = write!(line, " {id:>4}");
    }
    line
}

/// The `162` record of a point system (`None` for the default one, and
/// when it has values `162` cannot express), each symbol in its 9-column
/// block from column 6.
fn record_162(ps: &PointSystem) -> Option<String> {
    let win = ps.win_white;
    let draw = ps.draw_white;
    let expressible = [ps.win_black, ps.forfeit_win, ps.full_bye] == [win; 3]
        && [ps.draw_black, ps.half_bye] == [draw; 2]
        && ps.loss_black == ps.loss_white
        && ps.forfeit_loss == ps.zero_bye;
    if !expressible || *ps == PointSystem::default() {
        return None;
    }
    let d = PointSystem::default();
    let mut line = String::from("162");
    for (symbol, v, default) in [
        ('W', win, d.win_white),
        ('D', draw, d.draw_white),
        ('L', ps.loss_white, d.loss_white),
        ('A', ps.zero_bye, d.zero_bye),
        ('P', ps.pairing_bye, win),
    ] {
        if v != default {
            let pad = (line.chars().count() + 4) / 9 * 9 + 5;
            while line.chars().count() < pad {
                line.push(' ');
            }
            let _ = write!(line, "{symbol}{v:>4}");
        }
    }
    Some(line)
}

/// `240` records of the round to pair: its requested byes and absences,
/// one record per type.
fn records_240(t: &Tournament) -> Vec<String> {
    let round = t.next_round();
    let mut out = Vec::new();
    for (letter, code) in [
        ('F', ResultCode::FullBye),
        ('H', ResultCode::HalfBye),
        ('Z', ResultCode::ZeroBye),
    ] {
        let ids: Vec<StartNo> = t
            .players
            .iter()
            .filter(|p| p.entry(round) == RoundEntry::no_game(code))
            .map(|p| p.start_no)
            .collect();
        if !ids.is_empty() {
            let mut line = format!("240 {letter} {round:>3}");
            for id in ids {
                let _ = write!(line, " {id:>4}");
            }
            out.push(line);
        }
    }
    out
}

/// `240` records of the byes announced for later rounds.
fn announced_240(t: &Tournament) -> Vec<String> {
    t.announced_byes
        .iter()
        .map(|b| {
            let mut line = format!("240 {} {:>3}", b.result.letter(), b.round);
            for id in &b.players {
                let _ = write!(line, " {id:>4}");
            }
            line
        })
        .collect()
}

/// `250` records: for each round, the runs of consecutive players (in
/// start-number order, numbers consecutive) with one accelerated value,
/// then runs of rounds with the same runs of players merged.
fn records_250(t: &Tournament) -> Vec<String> {
    // (first player, last player, value) runs of each round.
    let last_round = t
        .accelerations
        .iter()
        .map(|(_, v)| v.len())
        .max()
        .unwrap_or(0);
    let mut runs: Vec<Vec<(StartNo, StartNo, Points)>> = Vec::with_capacity(last_round);
    for r in 0..last_round {
        let mut round: Vec<(StartNo, StartNo, Points)> = Vec::new();
        for (id, values) in &t.accelerations {
            let v = values.get(r).copied().unwrap_or(Points::ZERO);
            if v == Points::ZERO {
                continue;
            }
            match round.last_mut() {
                Some(run) if run.2 == v && run.1.checked_add(1) == Some(*id) => run.1 = *id,
                _ => round.push((*id, *id, v)),
            }
        }
        runs.push(round);
    }
    let mut out = Vec::new();
    let mut r = 0;
    while r < runs.len() {
        let mut end = r;
        while end + 1 < runs.len() && runs[end + 1] == runs[r] {
            end += 1;
        }
        for &(first, last, v) in &runs[r] {
            out.push(format!(
                "250      {v:>4} {:>3} {:>3} {first:>4} {last:>4}",
                r + 1,
                end + 1
            ));
        }
        r = end + 1;
    }
    out
}

fn write_point_system(out: &mut String, ps: &PointSystem) {
    if *ps == PointSystem::default() {
        return;
    }
    let bb = PointSystem::from_bb(
        ps.win_white,
        ps.draw_white,
        ps.loss_white,
        ps.zero_bye,
        ps.forfeit_loss,
        Some(ps.pairing_bye),
    );
    if bb == *ps {
        for (code, v) in [
            ("BBW", ps.win_white),
            ("BBD", ps.draw_white),
            ("BBL", ps.loss_white),
            ("BBZ", ps.zero_bye),
            ("BBF", ps.forfeit_loss),
            ("BBU", ps.pairing_bye),
        ] {
            let _ = writeln!(out, "{code} {v:>4}");
        }
    } else {
        let _ = writeln!(
            out,
            "XXS WW={} BW={} WD={} BD={} WL={} BL={} ZPB={} HPB={} FPB={} PAB={} FW={} FL={}",
            ps.win_white,
            ps.win_black,
            ps.draw_white,
            ps.draw_black,
            ps.loss_white,
            ps.loss_black,
            ps.zero_bye,
            ps.half_bye,
            ps.full_bye,
            ps.pairing_bye,
            ps.forfeit_win,
            ps.forfeit_loss
        );
    }
}

/// Pads or cuts `s` to exactly `w` characters, left-aligned.
fn fit(s: &str, w: usize) -> String {
    let mut v: String = s.chars().take(w).collect();
    let n = v.chars().count();
    v.extend(std::iter::repeat_n(' ', w - n));
    v
}

/// One `001` record in TRF16 columns.
pub fn player_line(p: &Player) -> String {
    let mut s = String::with_capacity(FIRST_ROUND_COLUMN + ROUND_WIDTH * p.rounds.len());
    let _ = write!(
        s,
        "001 {:>4} {}{:>3} {} {:>4} {} {:>11} {} {:>4} {:>4}",
        p.start_no,
        p.sex.unwrap_or(' '),
        p.title.as_ref().map_or("", Title::as_str),
        fit(&p.name, 33),
        p.rating.map(|r| r.to_string()).unwrap_or_default(),
        fit(&p.federation, 3),
        p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
        fit(&p.birth_date, 10),
        points_field(p.points),
        p.rank.map(|r| r.to_string()).unwrap_or_default(),
    );
    for e in &p.rounds {
        s.push_str(&entry_text(e));
    }
    s.truncate(s.trim_end().len());
    s
}

/// The points as columns 81-84 hold them: `12.5`, or `120` when the
/// decimal does not fit; blank ("not given": the reader computes the score
/// from the results) when even that does not fit, as `100.5` would not.
fn points_field(p: Points) -> String {
    let s = p.to_string();
    if s.chars().count() <= 4 {
        return s;
    }
    match s.strip_suffix(".0") {
        Some(whole) if whole.len() <= 4 => whole.to_string(),
        _ => String::new(),
    }
}

/// One round entry as its 10 TRF columns (two leading spaces included).
pub fn entry_text(e: &RoundEntry) -> String {
    if *e == RoundEntry::BLANK {
        return " ".repeat(ROUND_WIDTH);
    }
    format!(
        "  {:04} {} {}",
        e.opponent.unwrap_or(0),
        e.colour.map_or('-', Colour::letter),
        e.result.letter()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_every_line_ending() {
        let got: Vec<_> = lines("a\r\nb\rc\nd").collect();
        assert_eq!(got, vec![(1, "a"), (2, "b"), (3, "c"), (4, "d")]);
        let got: Vec<_> = lines("a\n\nb\n").collect();
        assert_eq!(got, vec![(1, "a"), (2, ""), (3, "b")]);
    }

    /// Points wider than columns 81-84 are written without the decimal
    /// when whole, else left blank (computed on reading), never spilled.
    #[test]
    fn points_that_do_not_fit_four_columns() {
        assert_eq!(points_field(Points(995)), "99.5");
        assert_eq!(points_field(Points(1200)), "120");
        assert_eq!(points_field(Points(1005)), "");
        assert_eq!(points_field(Points(-105)), "");
        let ps = PointSystem::from_bb(
            Points(600),
            Points(5),
            Points(0),
            Points(0),
            Points(0),
            None,
        );
        let mut t = Tournament {
            point_system: ps,
            ..Tournament::default()
        };
        let mut a = Player::new(1, "A", None);
        let mut b = Player::new(2, "B", None);
        a.rounds = vec![
            RoundEntry::game(2, Colour::White, ResultCode::Win),
            RoundEntry::no_game(ResultCode::FullBye),
            RoundEntry::no_game(ResultCode::HalfBye),
        ];
        b.rounds = vec![
            RoundEntry::game(1, Colour::Black, ResultCode::Loss),
            RoundEntry::no_game(ResultCode::PairingBye),
        ];
        a.points = a.score_after(9, &t.point_system);
        b.points = b.score_after(9, &t.point_system);
        t.players = vec![a, b];
        let text = write(&t);
        let line = text
            .lines()
            .find(|l| l.starts_with("001    1"))
            .unwrap_or("");
        assert_eq!(Columns(line.chars().collect()).field(80, 85), "", "{line}");
        assert_eq!(read(&text, "w.trf"), Ok(t));
    }

    #[test]
    fn xxr_and_142_must_agree() {
        let p = "001    1      A";
        assert!(read(&format!("XXR 5\n142 5\n{p}\n"), "a.trf").is_ok());
        let e = read(&format!("XXR 5\n142 6\n{p}\n"), "b.trf");
        assert_eq!(
            e.map_err(|e| e.to_string()).err().unwrap_or_default(),
            "b.trf:2:5: the number of rounds (XXR, 142) is given twice with different values: 5 on line 1, then 6 (142)"
        );
    }

    #[test]
    fn player_line_columns() {
        let mut p = Player::new(7, "Müller, Jörg", Some(2345));
        p.title = Some(Title::GM);
        p.points = Points(15);
        p.rounds = vec![
            RoundEntry::game(12, Colour::White, ResultCode::Win),
            RoundEntry::no_game(ResultCode::HalfBye),
        ];
        let line = player_line(&p);
        let c = Columns(line.chars().collect());
        assert_eq!(c.field(5, 8), "7");
        assert_eq!(c.field(11, 13), "GM");
        assert_eq!(c.field(15, 47), "Müller, Jörg");
        assert_eq!(c.field(49, 52), "2345");
        assert_eq!(c.field(81, 84), "1.5");
        assert_eq!(c.field(92, 95), "0012");
        assert_eq!(c.char_at(97), 'w');
        assert_eq!(c.char_at(99), '1');
        assert_eq!(c.char_at(109), 'H');
    }
}
