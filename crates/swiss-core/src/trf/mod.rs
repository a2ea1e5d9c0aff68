//! FIDE TRF reader and writers: TRF16 with the extension records pairing
//! engines read (`XXR`, `XXC`, `XXA`, `XXP`, `XXZ`, `BB*`, `XXS`), and
//! TRF-2026 (`142` rounds, `152` initial colour, `162` points, `192`
//! tournament type, `240` byes, `250` acceleration, `260` prohibited pairs,
//! `###` comments, and the team records of a team tournament: `310`/`013`
//! teams, `352` board colours, `362` match points, `300` line-ups, `320`
//! PABs, `330` forfeited matches, team-keyed `240`/`250`/`260`/`299`). One
//! reader takes both dialects, and a file may mix them; [`write`](fn@write)
//! writes TRF16, [`write_2026`] TRF-2026.
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
//!   pairs (a team code's syntax is checked: [`crate::parse_team_code`]).
//! - **Team tournaments** (`team-2026.md` §6). A file with a `310`, `300`,
//!   `320` or `330` record, or a `FIDE_TEAM...` code in `192`, is a team
//!   tournament: its team records are read into [`Tournament::teams`]
//!   (a [`crate::TeamSection`]), with `013`, `352` and `362`, and the IDs of
//!   `240`, `250`, `260` and `299` are team numbers there. In an individual
//!   event `013` (team membership for team standings), `352` and `362` are
//!   kept as written and written back, and `299` is refused. Columns are
//!   §6.1's; `362` and the IDs of `240`, `260` and `299` are read as tokens
//!   (the TEC's sample writes `TW 2`, and tabs in `240`); in `300` a `0` or
//!   `0000` board is empty; `330` also takes `10`/`01`/`00` (Gacrux's
//!   forms). With both `310` and `013`, `310` is read and a different `013`
//!   is a warning. The individual systems refuse a team tournament
//!   (`swiss-systems`), naming the team system.
//! - **Team matches** are derived from the `001` records and the team
//!   records, and contradictions are errors ([`crate::TeamSection::history`],
//!   whose module lists the readings): a line-up without `300` is the
//!   members who take a board, filled up with the others in roster order
//!   (the TEC sample puts reserves on the last board with no `300`); the
//!   opponent is the team of every board's opponent (else the `300`'s); a
//!   match is played when one board was; game points by `162` (`+` W, `-`
//!   and an empty board A; a `330` match boards × W or A); the PAB `320`'s,
//!   by default a drawn match's match points and boards × P (each board a
//!   `U` game; `P` is a win's points unless `162` gives it); `299` replaces the values of
//!   one kind of result (the most specific record) or adds a bonus.
//! - **Hostile team files** are refused, each problem at its place: a
//!   roster naming a player with no `001` or a player on two rosters; team
//!   numbers out of 1-999, duplicated or naming no team; a `300` longer than
//!   the boards (`352`), naming a player not on the team, or another
//!   opponent than the boards; more members playing than boards; boards of
//!   one team facing two teams, or teammates paired; a `330` whose boards
//!   were played, face another team or give the match to the side it says
//!   lost, or two for one team and round; a `320` team that plays, two PABs
//!   in a round; a `240` bye for a team that plays; player-keyed `XXA`/`XXP`.
//! - **Informative team values**: the `001` points of a team tournament
//!   are not checked against the results (a warning when they differ), the
//!   `310` match and game points are compared with the results' (a
//!   warning), `801`/`802` are kept as written, unchecked.
//! - **One form for teams** ([`crate::TeamSection`]): `352` and the PAB
//!   values are filled in when absent (alternating colours over the most
//!   boards played; a drawn match's match points, boards × P), and what the `001` records
//!   imply is written out as team records (the PAB team of `U` entries, a
//!   `300` for a line-up out of roster order or short, a `330` for a
//!   whole-team forfeit, a `240` for a bye every member's entry gives and for
//!   teams absent from the round to pair), so that writing and reading back
//!   gives an equal tournament.
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
//! - **`240`** (in an individual tournament; a team tournament's are
//!   kept by team) for the round being paired, or an earlier one, is that
//!   round's `0000 - F/H/Z` entry (a different entry there is an error);
//!   for a later round it is kept in [`Tournament::announced_byes`].
//! - **`250`** ranges fill each player's accelerations in file order, a
//!   later range overriding an earlier one where they overlap; start
//!   numbers of no player are skipped; an `XXA` line and a `250` range for
//!   the same player is an error. `192 ..._BAKU` with no `XXA`/`250`
//!   applies Baku acceleration ([`crate::acceleration`]) in an individual
//!   tournament (a team tournament's is the team engine's: by TPN, from
//!   the same code, unless `250` records give it).
//! - **`260`** covering every round is an `XXP` group; one over fewer
//!   rounds applies in those rounds only. **`299`** (abnormal points) is
//!   refused in an individual tournament: its points would change the
//!   players' scores in a way no result shows (a team tournament reads it
//!   into its team section, where the team scores take it).
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

mod players;
mod points;
mod reader;
mod records2026;
mod team;
mod writer;

pub(crate) use reader::is_read_record;
use records2026::Records2026;
pub use writer::{NAME_WIDTH, entry_text, names_cut, player_line, write, write_2026};

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
    /// The team records of a team tournament.
    team: team::TeamPlaces,
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
            team => self.team.place(team).unwrap_or((1, 1)),
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
}
