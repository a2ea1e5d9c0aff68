//! One validator for a tournament record, whatever format it was read from.
//!
//! The TRF reader ([`crate::trf`]) and the JSON reader ([`crate::json`])
//! each turn their text into a [`Tournament`] and then run the same checks
//! over the model: unique start numbers in range, every opponent a player
//! who lists the game back with the opposite colour and the mirrored
//! result, the points field equal to the sum of the results, the planned
//! rounds in range and not below the rounds played, point values and
//! accelerations within [`crate::limits`], extension records naming
//! players. The model names a place as a [`Spot`]; each reader maps spots
//! back to its file (line and column, plus the JSON path in a JSON file).

use std::collections::{BTreeMap, BTreeSet};

use crate::error::{ErrorKind, InputError, InputErrors};
use crate::limits::{
    MAX_ACCELERATION, MAX_BOARDS, MAX_FIDE_ID, MAX_POINT_VALUE, MAX_RANK, MAX_RATING, MAX_ROUNDS,
    MAX_START_NO, MAX_TEAM_NO,
};
use crate::model::{Colour, ResultCode, StartNo, Tournament};
use crate::points::Points;
use crate::team::TeamNo;

/// A place in the model. Player indices are into the sorted
/// [`Tournament::players`]; round indices are 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Spot {
    /// The file as a whole (a note, not a place in the text).
    File,
    /// The player list (where the first player record would be).
    Players,
    /// Player `i`'s record.
    Player(usize),
    /// Player `i`'s start number.
    StartNo(usize),
    /// A field of player `i` by its JSON name (`rating`, `title`, ...).
    Field(usize, &'static str),
    /// Player `i`'s points field.
    Points(usize),
    /// Player `i`'s entry for round index `r`.
    Entry(usize, usize),
    /// The planned number of rounds.
    PlannedRounds,
    /// The tournament type code (record 192).
    System,
    /// The tournament name.
    Name,
    /// A pairing setting by its JSON name (`default_rating`, `maxi`).
    Setting(&'static str),
    /// A point system value by its JSON name (`win_white`, ...).
    PointValue(&'static str),
    /// Acceleration record `k`.
    Acceleration(usize),
    /// The value for round index `r` of acceleration record `k`.
    AccelerationValue(usize, usize),
    /// Start number `j` of forbidden-pair group `k`.
    Forbidden(usize, usize),
    /// The round range of round-limited forbidden-pair group `k` (`260`).
    ForbiddenRounds(usize),
    /// Start number `j` of round-limited forbidden-pair group `k` (`260`).
    ForbiddenInRounds(usize, usize),
    /// Announced-bye record `k` (`240` of a later round): its round and type.
    AnnouncedByes(usize),
    /// Start number `j` of announced-bye record `k`.
    AnnouncedBye(usize, usize),
    /// Start number `k` of the players absent from the round being paired.
    Absent(usize),
    /// Verbatim record `k` before the players.
    HeaderRecord(usize),
    /// Verbatim record `k` after the first player.
    TrailerRecord(usize),
    /// The team section as a whole (where its first record is).
    Teams,
    /// Team `k` of the sorted team list (its `310` or `013` record).
    Team(usize),
    /// A field of team `k` by its JSON name (`tpn`, `name`, ...).
    TeamField(usize, &'static str),
    /// Member `j` of team `k`'s roster.
    TeamMember(usize, usize),
    /// The board colours (`352`).
    BoardColours,
    /// A match-point value (`362`) by its JSON name (`win`, `draw`, `loss`).
    MatchPointValue(&'static str),
    /// A PAB value (`320`) by its JSON name (`pab_match_points`, `pab_game_points`).
    PabValue(&'static str),
    /// The PAB team of round index `r` (`320`).
    PabTeam(usize),
    /// Forfeited match `k` (`330`).
    ForfeitedMatch(usize),
    /// Line-up `k` (`300`): its round, team and opponent.
    LineUp(usize),
    /// Board `j` (0-based) of line-up `k`.
    LineUpBoard(usize, usize),
    /// Team bye record `k` (`240` in a team tournament): round and type.
    TeamByes(usize),
    /// Team `j` of team bye record `k`.
    TeamBye(usize, usize),
    /// Team virtual-point record `k` (`250` in a team tournament).
    TeamAcceleration(usize),
    /// Team prohibition `k` (`260` in a team tournament): its rounds.
    ForbiddenTeams(usize),
    /// Team `j` of team prohibition `k`.
    ForbiddenTeam(usize, usize),
    /// Abnormal-points record `k` (`299`).
    AbnormalPoints(usize),
    /// Team `j` of abnormal-points record `k`.
    AbnormalTeam(usize, usize),
}

/// Where a spot is in a file: line and column (0 when unknown) and, for a
/// JSON file, the path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Location {
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) path: Option<String>,
}

/// Maps spots of the model to places in one file.
pub(crate) trait Locate {
    /// The places of `spots`, in order (one pass over the file for JSON).
    fn locate(&self, spots: &[Spot]) -> Vec<Location>;
    /// A spot named inside a message: "on line 3", "at `players[0]`".
    fn describe(&self, spot: Spot) -> String;
}

/// The places of one file's model: turns a [`Spot`] into a located error.
pub struct Places {
    file: String,
    inner: Box<dyn Locate + Send + Sync>,
}

impl std::fmt::Debug for Places {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Places({})", self.file)
    }
}

impl Places {
    pub(crate) fn new(file: &str, inner: Box<dyn Locate + Send + Sync>) -> Places {
        Places {
            file: file.to_string(),
            inner,
        }
    }

    /// Places of a model built by a program: JSON paths in the model's
    /// field names, no line.
    pub fn of_model(file: &str) -> Places {
        Places::new(file, Box::new(ModelPaths))
    }

    /// The file name.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// An error at `spot`.
    pub fn error(&self, spot: Spot, kind: ErrorKind) -> InputError {
        self.errors(vec![(spot, kind)]).remove(0)
    }

    /// Where `spot` is, for a report on a valid file (a checker's finding):
    /// `FILE:LINE:COLUMN`, a JSON file's path in the document after it;
    /// the file alone when the spot has no place.
    pub fn place(&self, spot: Spot) -> String {
        let at = self.inner.locate(&[spot]).pop().unwrap_or_default();
        let mut s = if at.line == 0 {
            self.file.clone()
        } else {
            format!("{}:{}:{}", self.file, at.line, at.column)
        };
        if let Some(path) = at.path {
            s += &format!(" (`{path}`)");
        }
        s
    }

    /// Errors at their spots, located in one pass, in file order (notes last).
    pub(crate) fn errors(&self, found: Vec<(Spot, ErrorKind)>) -> Vec<InputError> {
        let spots: Vec<Spot> = found.iter().map(|(s, _)| *s).collect();
        let places = self.inner.locate(&spots);
        found
            .into_iter()
            .zip(places)
            .map(|((_, kind), at)| InputError {
                file: self.file.clone(),
                line: at.line,
                column: at.column,
                kind: match at.path {
                    Some(path) => ErrorKind::At {
                        path,
                        error: Box::new(kind),
                    },
                    None => kind,
                },
            })
            .collect()
    }
}

/// A tournament read from a file: the model, the warnings (things accepted
/// but worth saying, such as an unknown title), and where each part came from.
#[derive(Debug)]
pub struct Reading {
    /// The tournament.
    pub tournament: Tournament,
    /// Warnings, in file order.
    pub warnings: Vec<InputError>,
    /// Where the model's parts are in the file.
    pub places: Places,
}

/// What a reader knows it could not read, so the checks that would only
/// echo it are left out.
#[derive(Debug, Default)]
pub(crate) struct Gaps {
    /// Some player record was dropped (unreadable start number).
    pub(crate) lost_records: bool,
    /// Per player: the points field is blank (computed from the results).
    pub(crate) points_blank: Vec<bool>,
    /// Per player: the points field or some entry could not be read.
    pub(crate) damaged: Vec<bool>,
    /// `(player, round index)` entries that could not be read.
    pub(crate) damaged_entries: BTreeSet<(usize, usize)>,
}

/// Checks a tournament built by a program (or deserialized by the caller)
/// exactly as the readers check a file. Returns the warnings, or every
/// error; places are JSON paths in the model's field names.
pub fn validate(t: &Tournament, file: &str) -> Result<Vec<InputError>, InputErrors> {
    let places = Places::of_model(file);
    let (errors, warnings) = check(t, &[], &Gaps::default(), &places);
    if errors.is_empty() {
        Ok(warnings)
    } else {
        Err(InputErrors(errors))
    }
}

/// The round to pair next in `t`: refused (at the planned rounds' place)
/// when every planned round is played, so a finished event is never paired
/// past its end; and refused (at each game) when a game has no result yet,
/// so a round still being played is never scored as lost and paired past.
pub fn round_to_pair(t: &Tournament, places: &Places) -> Result<u32, InputErrors> {
    let unfinished: Vec<(Spot, ErrorKind)> = t
        .players
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            p.rounds.iter().enumerate().filter_map(move |(r, e)| {
                let o = e.opponent?;
                (e.result == ResultCode::Blank && p.start_no < o).then_some((
                    Spot::Entry(i, r),
                    ErrorKind::Unfinished {
                        round: r as u32 + 1,
                        player: p.start_no,
                        opponent: o,
                    },
                ))
            })
        })
        .collect();
    if !unfinished.is_empty() {
        return Err(InputErrors(places.errors(unfinished)));
    }
    let next = t.next_round();
    match t.planned_rounds {
        Some(planned) if next > planned && planned >= MAX_ROUNDS => {
            Err(InputErrors(vec![places.error(
                Spot::PlannedRounds,
                ErrorKind::AllRoundsAtTheLimit { planned },
            )]))
        }
        Some(planned) if next > planned => Err(InputErrors(vec![places.error(
            Spot::PlannedRounds,
            ErrorKind::AllRoundsPlayed { planned, next },
        )])),
        _ if next > MAX_ROUNDS => Err(InputErrors(vec![places.error(
            Spot::File,
            ErrorKind::TooManyRounds {
                max: MAX_ROUNDS,
                round: next,
            },
        )])),
        _ => Ok(next),
    }
}

/// Runs every check; returns `(errors, warnings)`, located, in file order.
/// `absent` lists the players absent from the round being paired (`XXZ`).
pub(crate) fn check(
    t: &Tournament,
    absent: &[StartNo],
    gaps: &Gaps,
    places: &Places,
) -> (Vec<InputError>, Vec<InputError>) {
    let mut c = Checker {
        t,
        gaps,
        places,
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let numbers_ok = c.start_numbers();
    let (rounds_ok, malformed) = c.players();
    let mut damaged = gaps.damaged_entries.clone();
    damaged.extend(malformed);
    if numbers_ok {
        c.games(&damaged);
    } else if !t.players.is_empty() {
        c.errors.push((
            Spot::File,
            ErrorKind::NotChecked(
                "the games were not cross-checked (opponents, colours, results): fix the start numbers first",
            ),
        ));
    }
    c.points(rounds_ok, &damaged);
    // The team matches are derived from the games: not when a game or a
    // player record is broken (they would only echo it).
    let games_ok = c.errors.is_empty() && !gaps.lost_records && damaged.is_empty();
    if rounds_ok {
        c.planned_rounds();
        c.byes_only(absent);
    }
    c.point_system();
    c.accelerations();
    c.extension_players(absent);
    c.texts();
    c.baku();
    c.teams(games_ok);
    if let Some(r) = t.settings.default_rating
        && !(1..=MAX_RATING).contains(&r)
    {
        c.error(
            Spot::Setting("default_rating"),
            range("a default rating", 1, MAX_RATING, r),
        );
    }
    let mut errors = places.errors(c.errors);
    sort(&mut errors);
    let mut warnings = places.errors(c.warnings);
    sort(&mut warnings);
    (errors, warnings)
}

/// The last step of reading a valid tournament, in either format: the
/// extension data in its one form (see [`crate::acceleration`] and the
/// `260` groups covering every round), Baku acceleration applied, and a
/// team tournament's section in its one form ([`crate::TeamSection`]).
pub(crate) fn settle(t: &mut Tournament) {
    crate::acceleration::settle(t);
    crate::forbidden::settle(t);
    crate::team::settle(t);
}

/// File order; whole-file notes (line 0) last. One record can set several
/// values (`BBW` sets five), so the same error at the same place is kept once.
pub(crate) fn sort(v: &mut Vec<InputError>) {
    v.sort_by_key(|e| (e.line == 0, e.line, e.column));
    v.dedup();
}

struct Checker<'a> {
    t: &'a Tournament,
    gaps: &'a Gaps,
    places: &'a Places,
    errors: Vec<(Spot, ErrorKind)>,
    warnings: Vec<(Spot, ErrorKind)>,
}

/// An unusual result of a played game, which an arbiter may give (½-0,
/// 0-½, 0-0: each player's own result, as the TRF records results): `=`
/// against `0`, or `0` against `0`. The random tournament generator makes
/// them (C.04.A), so the checker must read them.
fn unusual_result(a: ResultCode, b: ResultCode) -> bool {
    use ResultCode::{Draw, Loss};
    matches!((a, b), (Draw, Loss) | (Loss, Draw) | (Loss, Loss))
}

fn range(
    what: &'static str,
    min: impl std::fmt::Display,
    max: impl std::fmt::Display,
    found: impl ToString,
) -> ErrorKind {
    ErrorKind::OutOfRange {
        what,
        range: format!("{min} to {max}"),
        found: found.to_string(),
    }
}

impl Checker<'_> {
    fn error(&mut self, spot: Spot, kind: ErrorKind) {
        self.errors.push((spot, kind));
    }

    /// Start numbers in 1..=9999, unique, sorted. True when the games can
    /// be cross-checked (every record readable, every number unique).
    fn start_numbers(&mut self) -> bool {
        let t = self.t;
        if t.players.is_empty() && !self.gaps.lost_records {
            self.error(Spot::Players, ErrorKind::NoPlayers);
        }
        let mut ok = !self.gaps.lost_records;
        for (i, p) in t.players.iter().enumerate() {
            if !(1..=MAX_START_NO).contains(&p.start_no) {
                self.error(
                    Spot::StartNo(i),
                    range("a start number", 1, MAX_START_NO, p.start_no),
                );
                ok = false;
            }
        }
        for w in 1..t.players.len() {
            let (a, b) = (t.players[w - 1].start_no, t.players[w].start_no);
            if a == b {
                let other = self.places.inner.describe(Spot::Player(w - 1));
                self.error(Spot::StartNo(w), ErrorKind::DuplicateStartNo(b, other));
                ok = false;
            } else if b < a {
                self.error(
                    Spot::StartNo(w),
                    ErrorKind::Unsorted {
                        before: a,
                        found: b,
                    },
                );
                ok = false;
            }
        }
        ok
    }

    /// Per-player fields and the shape of each entry. Returns false when a
    /// player has more rounds than the limit (then the round counts are not
    /// checked), and the malformed entries (left out of the game checks).
    fn players(&mut self) -> (bool, Vec<(usize, usize)>) {
        let mut ok = true;
        let mut malformed = Vec::new();
        for (i, p) in self.t.players.iter().enumerate() {
            if let Some(r) = p.rating.filter(|&r| r > MAX_RATING) {
                self.error(
                    Spot::Field(i, "rating"),
                    range("a rating", 1, MAX_RATING, r),
                );
            }
            if let Some(r) = p.rank.filter(|&r| r > MAX_RANK) {
                self.error(Spot::Field(i, "rank"), range("a rank", 0, MAX_RANK, r));
            }
            if let Some(id) = p.fide_id.filter(|&id| id > MAX_FIDE_ID) {
                self.error(
                    Spot::Field(i, "fide_id"),
                    range("a FIDE id", 0, MAX_FIDE_ID, id),
                );
            }
            if let Some(title) = p.title.filter(|t| !t.is_fide()) {
                self.warnings.push((
                    Spot::Field(i, "title"),
                    ErrorKind::UnknownTitle(title.as_str().to_string()),
                ));
            }
            if p.rounds.len() > MAX_ROUNDS as usize {
                ok = false;
                self.error(
                    Spot::Entry(i, MAX_ROUNDS as usize),
                    ErrorKind::TooManyRounds {
                        max: MAX_ROUNDS,
                        round: p.rounds.len() as u32,
                    },
                );
            }
            for (r, e) in p.rounds.iter().enumerate().take(MAX_ROUNDS as usize) {
                let spot = Spot::Entry(i, r);
                let before = self.errors.len();
                match (e.result.needs_opponent(), e.opponent) {
                    (_, Some(0)) => self.error(
                        spot,
                        range(
                            "an opponent's start number (none: no opponent)",
                            1,
                            MAX_START_NO,
                            0,
                        ),
                    ),
                    (Some(true), None) => self.error(
                        spot,
                        ErrorKind::OpponentMismatch {
                            code: e.result.letter(),
                            what: "needs an opponent",
                        },
                    ),
                    (Some(false), Some(_)) => self.error(
                        spot,
                        ErrorKind::OpponentMismatch {
                            code: e.result.letter(),
                            what: "cannot have an opponent",
                        },
                    ),
                    (_, Some(o)) if e.colour.is_none() && e.result.is_played() => {
                        self.error(spot, ErrorKind::MissingColour(o));
                    }
                    _ => {}
                }
                if self.errors.len() > before {
                    malformed.push((i, r));
                }
            }
        }
        (ok, malformed)
    }

    /// Every game listed by both players, with opposite colours and
    /// mirrored results; nobody his own opponent.
    fn games(&mut self, damaged: &BTreeSet<(usize, usize)>) {
        let t = self.t;
        for (i, p) in t.players.iter().enumerate() {
            for (r0, e) in p.rounds.iter().enumerate().take(MAX_ROUNDS as usize) {
                let round = r0 as u32 + 1;
                let Some(o) = e.opponent.filter(|&o| o != 0) else {
                    continue;
                };
                if damaged.contains(&(i, r0)) {
                    continue;
                }
                if o == p.start_no {
                    self.error(Spot::Entry(i, r0), ErrorKind::SelfPairing(round));
                    continue;
                }
                let Some(j) = t.index_of(o) else {
                    self.error(
                        Spot::Entry(i, r0),
                        ErrorKind::UnknownOpponent { round, opponent: o },
                    );
                    continue;
                };
                if damaged.contains(&(j, r0)) {
                    continue;
                }
                let back = t.players[j].entry(round);
                let colour_ok = match (e.colour, back.colour) {
                    (Some(a), Some(b)) => a != b,
                    (None, None) => !e.result.is_played(),
                    _ => false,
                };
                let result_ok = back.result == e.result.mirrored()
                    // A double forfeit: both lose.
                    || (e.result == ResultCode::ForfeitLoss && back.result == ResultCode::ForfeitLoss)
                    || unusual_result(e.result, back.result);
                // Report each broken game once, on the first of its two records.
                if (back.opponent != Some(p.start_no) || !colour_ok || !result_ok)
                    && (back.opponent != Some(p.start_no) || p.start_no < o)
                {
                    let expected = format!(
                        "`{:04} {} {}`",
                        p.start_no,
                        e.colour.map_or('-', |c| c.opposite().letter()),
                        e.result.mirrored().letter()
                    );
                    let found = format!(
                        "`{:04} {} {}`",
                        back.opponent.unwrap_or(0),
                        back.colour.map_or('-', Colour::letter),
                        back.result.letter()
                    );
                    self.error(
                        Spot::Entry(i, r0),
                        ErrorKind::Asymmetric {
                            round,
                            player: p.start_no,
                            opponent: o,
                            expected,
                            found,
                        },
                    );
                } else if e.result == ResultCode::Blank && p.start_no < o {
                    // Paired, no result yet (a file written right after
                    // pairing): a warning here, once per game; pairing
                    // past it is refused ([`round_to_pair`]).
                    self.warnings.push((
                        Spot::Entry(i, r0),
                        ErrorKind::Unfinished {
                            round,
                            player: p.start_no,
                            opponent: o,
                        },
                    ));
                }
            }
        }
    }

    /// The points field agrees with the results. It may count every
    /// recorded round, or stop at the played rounds (a file prepared for
    /// pairing round k may already hold round k's requested byes).
    fn points(&mut self, rounds_ok: bool, damaged: &BTreeSet<(usize, usize)>) {
        let t = self.t;
        // Sums of out-of-range values could overflow: those are reported
        // by `point_system`, and the points are not checked.
        if !self.point_system_ok() {
            return;
        }
        let played = if rounds_ok {
            t.played_rounds()
        } else {
            MAX_ROUNDS
        };
        for (i, p) in t.players.iter().enumerate() {
            let skip = |v: &Vec<bool>| v.get(i).copied().unwrap_or(false);
            let malformed = damaged.range((i, 0)..(i + 1, 0)).next().is_some();
            if skip(&self.gaps.points_blank) || skip(&self.gaps.damaged) || malformed {
                continue;
            }
            let all = p.score_after(MAX_ROUNDS, &t.point_system);
            let played_only = p.score_after(played, &t.point_system);
            if p.points != all && p.points != played_only && t.teams.is_some() {
                // Informative in a team tournament (team-2026.md §6.1):
                // engines score the teams, and files write the players'
                // points in their own ways.
                self.warnings.push((
                    Spot::Points(i),
                    ErrorKind::InformativePoints {
                        expected: all,
                        found: p.points,
                    },
                ));
            } else if p.points != all && p.points != played_only {
                self.error(
                    Spot::Points(i),
                    ErrorKind::PointsMismatch {
                        expected: all,
                        found: p.points,
                    },
                );
            }
        }
    }

    fn planned_rounds(&mut self) {
        let Some(planned) = self.t.planned_rounds else {
            return;
        };
        if !(1..=MAX_ROUNDS).contains(&planned) {
            self.error(
                Spot::PlannedRounds,
                range("a number of rounds", 1, MAX_ROUNDS, planned),
            );
            return;
        }
        let played = self.t.played_rounds();
        if planned < played {
            self.error(
                Spot::PlannedRounds,
                ErrorKind::PlannedBelowPlayed { planned, played },
            );
        }
    }

    /// The columns after the played rounds must not all be byes and
    /// absences from the round to pair on (nobody to pair; a generator
    /// with every player on a half-point bye writes such files).
    fn byes_only(&mut self, absent: &[StartNo]) {
        let t = self.t;
        let played = t.played_rounds();
        let first = played + 1;
        // The players absent from the round to pair (`XXZ`, JSON `absent`)
        // get a `0000 - Z` entry there once read, and are written so: they
        // count as out here, or a file read once would be refused when
        // read again.
        let recorded = t
            .recorded_rounds()
            .max(if absent.is_empty() { 0 } else { first })
            .min(MAX_ROUNDS);
        let all_out = |r: u32| {
            t.players.iter().all(|p| {
                p.entry(r).is_non_participation()
                    || (r == first
                        && p.entry(r) == crate::model::RoundEntry::BLANK
                        && absent.contains(&p.start_no))
            })
        };
        if t.players.is_empty() || first > recorded || !all_out(first) {
            return;
        }
        let last = (first..=recorded)
            .take_while(|&r| all_out(r))
            .last()
            .unwrap_or(first);
        let rounds = if last == first {
            format!("round {first}")
        } else {
            format!("rounds {first} to {last}")
        };
        self.error(
            Spot::Entry(0, first as usize - 1),
            ErrorKind::ByesOnly {
                rounds,
                first,
                played,
            },
        );
    }

    fn point_system_ok(&self) -> bool {
        self.t
            .point_system
            .named_values()
            .iter()
            .all(|(_, v)| v.0.unsigned_abs() <= MAX_POINT_VALUE.0.unsigned_abs())
    }

    fn point_system(&mut self) {
        for (name, v) in self.t.point_system.named_values() {
            if v.0.unsigned_abs() > MAX_POINT_VALUE.0.unsigned_abs() {
                self.error(
                    Spot::PointValue(name),
                    range(
                        "points for a result",
                        Points(-MAX_POINT_VALUE.0),
                        MAX_POINT_VALUE,
                        v,
                    ),
                );
            }
        }
    }

    /// Accelerations name players, lie in 0.0..=99.9, and never give one
    /// player two values for one round.
    fn accelerations(&mut self) {
        let t = self.t;
        // Player -> (first record, rounds it covers).
        let mut seen: BTreeMap<StartNo, (usize, usize)> = BTreeMap::new();
        for (k, (id, values)) in t.accelerations.iter().enumerate() {
            if t.index_of(*id).is_none() {
                self.error(Spot::Acceleration(k), ErrorKind::UnknownPlayer(*id));
            }
            if values.len() > MAX_ROUNDS as usize {
                self.error(
                    Spot::AccelerationValue(k, MAX_ROUNDS as usize),
                    ErrorKind::TooManyRounds {
                        max: MAX_ROUNDS,
                        round: values.len() as u32,
                    },
                );
            }
            for (r, v) in values.iter().enumerate().take(MAX_ROUNDS as usize) {
                if !(0..=MAX_ACCELERATION.0).contains(&v.0) {
                    self.error(
                        Spot::AccelerationValue(k, r),
                        range("accelerated points", Points::ZERO, MAX_ACCELERATION, v),
                    );
                }
            }
            match seen.get(id) {
                Some(&(first, len)) if len.min(values.len()) > 0 => {
                    let other = self.places.inner.describe(Spot::Acceleration(first));
                    self.error(
                        Spot::Acceleration(k),
                        ErrorKind::DuplicateAcceleration {
                            player: *id,
                            round: 1,
                            other,
                        },
                    );
                }
                Some(_) => {}
                None => {
                    seen.insert(*id, (k, values.len()));
                }
            }
        }
    }

    /// `XXP`, `260` and `XXZ` name players; a `260` range is a range of
    /// rounds.
    fn extension_players(&mut self, absent: &[StartNo]) {
        let t = self.t;
        for (k, group) in t.forbidden_pairs.iter().enumerate() {
            for (j, id) in group.iter().enumerate() {
                if t.index_of(*id).is_none() {
                    self.error(Spot::Forbidden(k, j), ErrorKind::UnknownPlayer(*id));
                }
            }
        }
        for (k, group) in t.forbidden_in_rounds.iter().enumerate() {
            let (first, last) = (group.first_round, group.last_round);
            if !(1 <= first && first <= last && last <= MAX_ROUNDS) {
                self.error(
                    Spot::ForbiddenRounds(k),
                    range(
                        "a range of rounds first..last",
                        1,
                        MAX_ROUNDS,
                        format!("{first}..{last}"),
                    ),
                );
            }
            for (j, id) in group.players.iter().enumerate() {
                if t.index_of(*id).is_none() {
                    self.error(Spot::ForbiddenInRounds(k, j), ErrorKind::UnknownPlayer(*id));
                }
            }
        }
        for (k, id) in absent.iter().enumerate() {
            if t.index_of(*id).is_none() {
                self.error(Spot::Absent(k), ErrorKind::UnknownPlayer(*id));
            }
        }
        self.announced_byes();
    }

    /// Announced byes (`240` of a later round) are of a round after the
    /// round to pair, of a bye type, and name players.
    fn announced_byes(&mut self) {
        let t = self.t;
        let next = t.next_round();
        // Not past the planned rounds either (a bye announced for round
        // 200 of a 5-round event).
        let last = t
            .planned_rounds
            .filter(|r| (1..=MAX_ROUNDS).contains(r))
            .unwrap_or(MAX_ROUNDS);
        for (k, b) in t.announced_byes.iter().enumerate() {
            if !(next + 1..=last).contains(&b.round) {
                let what = if t.planned_rounds.is_some() {
                    "a round after the round to pair, within the planned rounds,"
                } else {
                    "a round after the round to pair"
                };
                self.error(Spot::AnnouncedByes(k), range(what, next + 1, last, b.round));
            }
            if !matches!(
                b.result,
                ResultCode::FullBye | ResultCode::HalfBye | ResultCode::ZeroBye
            ) {
                self.error(
                    Spot::AnnouncedByes(k),
                    ErrorKind::Expected(format!(
                        "a bye type F, H or Z, found `{}`",
                        b.result.letter()
                    )),
                );
            }
            for (j, id) in b.players.iter().enumerate() {
                if t.index_of(*id).is_none() {
                    self.error(Spot::AnnouncedBye(k, j), ErrorKind::UnknownPlayer(*id));
                }
            }
        }
    }

    /// C.04.7: Baku acceleration (`192 ..._BAKU`) is defined by the
    /// number of rounds.
    fn baku(&mut self) {
        let t = self.t;
        if let Some(code) = &t.system
            && crate::acceleration::is_baku(code)
            && t.planned_rounds.is_none()
        {
            self.error(
                Spot::System,
                ErrorKind::Expected(format!(
                    "the number of rounds (`142` or `XXR`; `planned_rounds` in JSON): the tournament type `{}` asks for Baku acceleration, which depends on it",
                    code.trim()
                )),
            );
        }
    }

    /// Text fields stay on one line (a JSON string could hold a line break
    /// and smuggle records into a written TRF); the tournament type is not
    /// a team code.
    fn texts(&mut self) {
        let t = self.t;
        let broken = |s: &str| s.contains(['\n', '\r']);
        if broken(&t.name) {
            self.error(Spot::Name, ErrorKind::LineBreak("the tournament name"));
        }
        if let Some(code) = &t.system {
            if broken(code) {
                self.error(Spot::System, ErrorKind::LineBreak("the tournament type"));
            } else if code.trim().is_empty() {
                self.error(
                    Spot::System,
                    ErrorKind::Expected("a tournament type code (e.g. `FIDE_DUTCH_2017`)".into()),
                );
            } else if crate::team::is_team_code(code) {
                if t.teams.is_none() {
                    self.error(
                        Spot::System,
                        ErrorKind::Expected(format!(
                            "the teams of the team tournament type `{}` (records 310, or legacy 013)",
                            code.trim()
                        )),
                    );
                } else if let Err(e) = crate::team::parse_team_code(code) {
                    self.error(
                        Spot::System,
                        ErrorKind::Expected(format!(
                            "a team tournament type `FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`, found `{}`: {}",
                            e.code, e.reason
                        )),
                    );
                }
            } else if t.teams.is_some() {
                // Another team system's code, perhaps: the file is read,
                // and the engine asked to pair it decides.
                self.warnings.push((
                    Spot::System,
                    ErrorKind::Expected(format!(
                        "a team tournament type (FIDE_TEAM...) for a file with teams (310/013), found `{}`",
                        code.trim()
                    )),
                ));
            }
        }
        let records = t.header_records.iter().map(|r| (r, true));
        let records = records.chain(t.trailer_records.iter().map(|r| (r, false)));
        let (mut header, mut trailer) = (0, 0);
        for (r, is_header) in records {
            let spot = if is_header {
                header += 1;
                Spot::HeaderRecord(header - 1)
            } else {
                trailer += 1;
                Spot::TrailerRecord(trailer - 1)
            };
            let code: String = r.chars().take(3).collect();
            if broken(r) {
                self.error(spot, ErrorKind::LineBreak("a record"));
            } else if crate::trf::is_read_record(&code)
                || (t.teams.is_some() && matches!(code.as_str(), "013" | "352" | "362"))
            {
                // Written verbatim, it would be read back as data.
                self.error(
                    spot,
                    ErrorKind::Expected(format!(
                        "a record kept as written, found `{code}`, which the reader interprets: give it as the model's field"
                    )),
                );
            }
        }
        for (i, p) in t.players.iter().enumerate() {
            for (field, text) in [
                ("name", p.name.as_str()),
                ("federation", p.federation.as_str()),
                ("birth_date", p.birth_date.as_str()),
            ] {
                if broken(text) {
                    self.error(
                        Spot::Field(i, field),
                        ErrorKind::LineBreak("a player's field"),
                    );
                }
            }
            if p.sex.is_some_and(|c| c.is_control()) {
                self.error(
                    Spot::Field(i, "sex"),
                    ErrorKind::LineBreak("a player's field"),
                );
            }
        }
    }
}

/// The values of the fixed four-column fields of `320` (`-9.9` to `99.9`).
const FOUR_COLUMNS: (Points, Points) = (Points(-99), Points(999));

/// The match and game points of `310` (six columns: `-999.9` to `9999.9`).
const SIX_COLUMNS: (Points, Points) = (Points(-9999), Points(99999));

impl Checker<'_> {
    fn warn(&mut self, spot: Spot, kind: ErrorKind) {
        self.warnings.push((spot, kind));
    }

    /// A team tournament's section (`team-2026.md` §6): team numbers,
    /// rosters, and every team record's numbers and references; then, when
    /// the file has no other error, the matches the records give
    /// ([`crate::team::TeamSection::history`]) with each contradiction, and
    /// the informative `310` scores against them.
    fn teams(&mut self, games_ok: bool) {
        let t = self.t;
        let Some(ts) = &t.teams else { return };
        let before = self.errors.len();
        // In a team tournament the IDs of 240, 250 and 260 are teams: the
        // player-keyed fields would be written as team records.
        let by_player = [
            (!t.accelerations.is_empty(), Spot::Acceleration(0)),
            (!t.forbidden_pairs.is_empty(), Spot::Forbidden(0, 0)),
            (!t.forbidden_in_rounds.is_empty(), Spot::ForbiddenRounds(0)),
            (!t.announced_byes.is_empty(), Spot::AnnouncedByes(0)),
        ];
        for (_, spot) in by_player.into_iter().filter(|x| x.0) {
            self.error(
                spot,
                ErrorKind::Expected(
                    "byes, virtual points and prohibited pairs by team in a team tournament (records 240, 250, 260 of the team section), found them by player (XXA, XXP, or the player fields)".into(),
                ),
            );
        }
        self.team_list();
        self.team_records();
        if self.errors.len() > before {
            return;
        }
        if !games_ok {
            self.error(
                Spot::File,
                ErrorKind::NotChecked(
                    "the team matches were not derived (opponents, forfeits, byes, scores): fix the errors above first",
                ),
            );
            return;
        }
        let mut found = crate::team::Findings::default();
        let h = crate::team::build(ts, t, &mut found);
        self.errors.extend(found.errors);
        self.warnings.extend(found.warnings);
        for (k, (team, rec)) in ts.teams.iter().zip(&h.teams).enumerate() {
            for (what, field, written, derived) in [
                (
                    "match points",
                    "match_points",
                    team.match_points,
                    rec.match_points(),
                ),
                (
                    "game points",
                    "game_points",
                    team.game_points,
                    rec.game_points(),
                ),
            ] {
                if let Some(written) = written.filter(|&w| w != derived) {
                    self.warn(
                        Spot::TeamField(k, field),
                        ErrorKind::TeamScoreMismatch {
                            team: team.tpn,
                            what,
                            written,
                            derived,
                        },
                    );
                }
            }
        }
    }

    /// Team numbers in range, unique and sorted; text fields that fit
    /// their columns; rosters of existing players, each on one team.
    fn team_list(&mut self) {
        let t = self.t;
        let Some(ts) = &t.teams else { return };
        if ts.teams.is_empty() {
            // A file is a team tournament by its team records or its 192.
            let spot = if t.system.as_deref().is_some_and(crate::team::is_team_code) {
                Spot::System
            } else {
                Spot::Teams
            };
            self.error(
                spot,
                ErrorKind::Expected(
                    "the teams of a team tournament (records 310, or legacy 013), found none"
                        .into(),
                ),
            );
        }
        let mut roster: BTreeMap<StartNo, TeamNo> = BTreeMap::new();
        for (k, team) in ts.teams.iter().enumerate() {
            if !(1..=MAX_TEAM_NO).contains(&team.tpn) {
                self.error(
                    Spot::TeamField(k, "tpn"),
                    range("a team number", 1, MAX_TEAM_NO, team.tpn),
                );
            }
            if let Some(prev) = k.checked_sub(1).map(|j| ts.teams[j].tpn) {
                if prev == team.tpn {
                    let other = self.places.inner.describe(Spot::Team(k - 1));
                    self.error(
                        Spot::TeamField(k, "tpn"),
                        ErrorKind::DuplicateTeam(team.tpn, other),
                    );
                } else if team.tpn < prev {
                    self.error(
                        Spot::TeamField(k, "tpn"),
                        ErrorKind::Expected(format!(
                            "the teams sorted by team number, found {} after {prev}",
                            team.tpn
                        )),
                    );
                }
            }
            for (field, text, width) in [
                ("name", &team.name, None),
                ("nickname", &team.nickname, Some(5)),
                ("strength", &team.strength, Some(6)),
            ] {
                if text.contains(['\n', '\r']) {
                    self.error(
                        Spot::TeamField(k, field),
                        ErrorKind::LineBreak("a team's field"),
                    );
                } else if let Some(w) = width
                    && text.chars().count() > w
                {
                    self.error(
                        Spot::TeamField(k, field),
                        ErrorKind::Expected(format!(
                            "a team {field} of at most {w} characters (record 310), found `{text}`"
                        )),
                    );
                }
            }
            for (field, v) in [
                ("match_points", team.match_points),
                ("game_points", team.game_points),
            ] {
                if let Some(v) = v.filter(|v| !(SIX_COLUMNS.0..=SIX_COLUMNS.1).contains(v)) {
                    self.error(
                        Spot::TeamField(k, field),
                        range(
                            "team points (310, six columns)",
                            SIX_COLUMNS.0,
                            SIX_COLUMNS.1,
                            v,
                        ),
                    );
                }
            }
            if let Some(r) = team.rank.filter(|&r| r > MAX_TEAM_NO) {
                self.error(
                    Spot::TeamField(k, "rank"),
                    range("a team rank", 0, MAX_TEAM_NO, r),
                );
            }
            for (j, &m) in team.members.iter().enumerate() {
                if t.index_of(m).is_none() {
                    self.error(Spot::TeamMember(k, j), ErrorKind::UnknownPlayer(m));
                } else if let Some(&first) = roster.get(&m) {
                    self.error(
                        Spot::TeamMember(k, j),
                        ErrorKind::PlayerInTwoTeams { player: m, first },
                    );
                } else {
                    roster.insert(m, team.tpn);
                }
            }
        }
        // C.04.6 1.1: TPNs are 1..N. A gap is kept (a team may have left
        // the file), with a warning: colours depend on TPN parity.
        let n = ts.teams.len() as u32;
        if ts
            .teams
            .iter()
            .enumerate()
            .any(|(k, team)| team.tpn != k as u32 + 1)
            && ts
                .teams
                .iter()
                .all(|team| (1..=MAX_TEAM_NO).contains(&team.tpn))
        {
            self.warn(
                Spot::Teams,
                ErrorKind::Expected(format!(
                    "the team numbers 1 to {n} (C.04.6 1.1), found {}",
                    ts.teams
                        .iter()
                        .map(|team| team.tpn.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                )),
            );
        }
        for (i, p) in t.players.iter().enumerate() {
            let plays = p
                .rounds
                .iter()
                .any(|e| e.opponent.is_some() || e.result == ResultCode::PairingBye);
            if !roster.contains_key(&p.start_no) && !plays {
                self.warn(Spot::Player(i), ErrorKind::Unrostered(p.start_no));
            }
        }
    }

    /// The team records' numbers (rounds, values, boards) and references
    /// (teams and players that exist).
    fn team_records(&mut self) {
        self.team_values();
        self.team_matches();
        self.team_round_records();
    }

    /// Boards (`352`), match-point values (`362`) and the PAB (`320`).
    fn team_values(&mut self) {
        let t = self.t;
        let Some(ts) = &t.teams else { return };
        let known = |tpn: TeamNo| ts.index_of(tpn).is_some();
        if ts.board_colours.len() > MAX_BOARDS {
            self.error(
                Spot::BoardColours,
                range(
                    "a number of boards (352)",
                    1,
                    MAX_BOARDS,
                    ts.board_colours.len(),
                ),
            );
        }
        let v = ts.match_point_values;
        for (name, p) in [("win", v.win), ("draw", v.draw), ("loss", v.loss)] {
            if p.0.unsigned_abs() > MAX_POINT_VALUE.0.unsigned_abs() {
                self.error(
                    Spot::MatchPointValue(name),
                    range(
                        "match points (362)",
                        Points(-MAX_POINT_VALUE.0),
                        MAX_POINT_VALUE,
                        p,
                    ),
                );
            }
        }
        for (name, p) in [
            ("pab_match_points", ts.pab_match_points),
            ("pab_game_points", ts.pab_game_points),
        ] {
            if let Some(p) = p.filter(|p| !(FOUR_COLUMNS.0..=FOUR_COLUMNS.1).contains(p)) {
                self.error(
                    Spot::PabValue(name),
                    range(
                        "PAB points (320, four columns)",
                        FOUR_COLUMNS.0,
                        FOUR_COLUMNS.1,
                        p,
                    ),
                );
            }
        }
        if ts.pab_teams.len() > MAX_ROUNDS as usize {
            self.error(
                Spot::PabTeam(MAX_ROUNDS as usize),
                ErrorKind::TooManyRounds {
                    max: MAX_ROUNDS,
                    round: ts.pab_teams.len() as u32,
                },
            );
        }
        for (r, tpn) in ts.pab_teams.iter().enumerate().take(MAX_ROUNDS as usize) {
            if let Some(tpn) = tpn.filter(|&x| !known(x)) {
                self.error(Spot::PabTeam(r), ErrorKind::UnknownTeam(tpn));
            }
        }
    }

    /// Forfeited matches (`330`) and line-ups (`300`).
    fn team_matches(&mut self) {
        let t = self.t;
        let Some(ts) = &t.teams else { return };
        let boards = if ts.board_colours.is_empty() {
            crate::team::default_boards(ts, t)
        } else {
            ts.board_colours.len()
        };
        let known = |tpn: TeamNo| ts.index_of(tpn).is_some();
        let rounds_ok = |r: u32| (1..=MAX_ROUNDS).contains(&r);
        for (k, f) in ts.forfeits.iter().enumerate() {
            if !rounds_ok(f.round) {
                self.error(
                    Spot::ForfeitedMatch(k),
                    range("a round", 1, MAX_ROUNDS, f.round),
                );
            }
            for tpn in [f.white, f.black] {
                if !known(tpn) {
                    self.error(Spot::ForfeitedMatch(k), ErrorKind::UnknownTeam(tpn));
                }
            }
            if f.white == f.black {
                self.error(
                    Spot::ForfeitedMatch(k),
                    ErrorKind::Expected(format!(
                        "two different teams in a forfeited match (330), found {} twice",
                        f.white
                    )),
                );
            }
        }
        let mut line_ups: BTreeMap<(u32, TeamNo), usize> = BTreeMap::new();
        for (k, l) in ts.line_ups.iter().enumerate() {
            if !rounds_ok(l.round) {
                self.error(Spot::LineUp(k), range("a round", 1, MAX_ROUNDS, l.round));
            }
            let Some(team) = ts.team(l.team) else {
                self.error(Spot::LineUp(k), ErrorKind::UnknownTeam(l.team));
                continue;
            };
            if let Some(o) = l.opponent {
                if !known(o) {
                    self.error(Spot::LineUp(k), ErrorKind::UnknownTeam(o));
                } else if o == l.team {
                    self.error(
                        Spot::LineUp(k),
                        ErrorKind::Expected(format!(
                            "an opponent other than the team itself in record 300, found {o}"
                        )),
                    );
                }
            }
            if let Some(&first) = line_ups.get(&(l.round, l.team)) {
                let other = self.places.inner.describe(Spot::LineUp(first));
                self.error(
                    Spot::LineUp(k),
                    ErrorKind::TeamRoundConflict {
                        round: l.round,
                        team: l.team,
                        first: format!("has a line-up (300) {other}"),
                        second: "here another".into(),
                    },
                );
            } else {
                line_ups.insert((l.round, l.team), k);
            }
            if l.players.len() > boards {
                self.error(
                    Spot::LineUp(k),
                    ErrorKind::LineUpTooLong {
                        round: l.round,
                        team: l.team,
                        found: l.players.len(),
                        boards,
                    },
                );
            }
            for (j, p) in l.players.iter().enumerate() {
                let Some(p) = *p else { continue };
                if t.index_of(p).is_none() {
                    self.error(Spot::LineUpBoard(k, j), ErrorKind::UnknownPlayer(p));
                } else if !team.members.contains(&p) {
                    self.error(
                        Spot::LineUpBoard(k, j),
                        ErrorKind::NotOnTeam {
                            player: p,
                            team: l.team,
                        },
                    );
                } else if l.players[..j].contains(&Some(p)) {
                    self.error(
                        Spot::LineUpBoard(k, j),
                        ErrorKind::Expected(format!(
                            "each player on one board of a line-up (300), found player {p} twice"
                        )),
                    );
                }
            }
        }
    }

    /// Byes (`240`), virtual points (`250`), prohibited pairs (`260`) and
    /// abnormal points (`299`).
    fn team_round_records(&mut self) {
        let t = self.t;
        let Some(ts) = &t.teams else { return };
        let known = |tpn: TeamNo| ts.index_of(tpn).is_some();
        let rounds_ok = |r: u32| (1..=MAX_ROUNDS).contains(&r);
        let last_round = t
            .planned_rounds
            .filter(|r| (1..=MAX_ROUNDS).contains(r))
            .unwrap_or(MAX_ROUNDS);
        for (k, b) in ts.byes.iter().enumerate() {
            if !(1..=last_round).contains(&b.round) {
                let what = if t.planned_rounds.is_some() {
                    "a round within the planned rounds"
                } else {
                    "a round"
                };
                self.error(Spot::TeamByes(k), range(what, 1, last_round, b.round));
            }
            for (j, &tpn) in b.teams.iter().enumerate() {
                if !known(tpn) {
                    self.error(Spot::TeamBye(k, j), ErrorKind::UnknownTeam(tpn));
                }
            }
        }
        let primary = t
            .system
            .as_deref()
            .and_then(|c| crate::team::parse_team_code(c).ok())
            .map_or(crate::team::TeamScore::MatchPoints, |c| c.primary);
        for (k, a) in ts.accelerations.iter().enumerate() {
            if !(rounds_ok(a.first_round)
                && rounds_ok(a.last_round)
                && a.first_round <= a.last_round)
            {
                self.error(
                    Spot::TeamAcceleration(k),
                    range(
                        "a range of rounds first..last",
                        1,
                        MAX_ROUNDS,
                        format!("{}..{}", a.first_round, a.last_round),
                    ),
                );
            }
            let teams_ok = |x: u32| (1..=MAX_TEAM_NO).contains(&x);
            if !(teams_ok(a.first_team) && teams_ok(a.last_team) && a.first_team <= a.last_team) {
                self.error(
                    Spot::TeamAcceleration(k),
                    range(
                        "a range of teams first..last",
                        1,
                        MAX_TEAM_NO,
                        format!("{}..{}", a.first_team, a.last_team),
                    ),
                );
            }
            for p in [a.match_points, a.game_points] {
                if !(0..=MAX_ACCELERATION.0).contains(&p.0) {
                    self.error(
                        Spot::TeamAcceleration(k),
                        range("virtual points", Points::ZERO, MAX_ACCELERATION, p),
                    );
                }
            }
            // team-2026.md §6.4: the primary score's column counts.
            let (used, other, named) = match primary {
                crate::team::TeamScore::MatchPoints => (a.match_points, a.game_points, "match"),
                crate::team::TeamScore::GamePoints => (a.game_points, a.match_points, "game"),
            };
            if used == Points::ZERO && other != Points::ZERO {
                self.warn(
                    Spot::TeamAcceleration(k),
                    ErrorKind::Expected(format!(
                        "virtual points in the {named}-point column of record 250 (the primary score's, record 192), found {other} in the other column only: kept, but C.04.7 accelerates the primary score"
                    )),
                );
            }
        }
        for (k, g) in ts.forbidden.iter().enumerate() {
            let (first, last) = (g.first_round, g.last_round);
            if !(1 <= first && first <= last && last <= MAX_ROUNDS) {
                self.error(
                    Spot::ForbiddenTeams(k),
                    range(
                        "a range of rounds first..last",
                        1,
                        MAX_ROUNDS,
                        format!("{first}..{last}"),
                    ),
                );
            }
            for (j, &tpn) in g.teams.iter().enumerate() {
                if !known(tpn) {
                    self.error(Spot::ForbiddenTeam(k, j), ErrorKind::UnknownTeam(tpn));
                }
            }
        }
        for (k, a) in ts.abnormal_points.iter().enumerate() {
            for p in [a.match_points, a.game_points].into_iter().flatten() {
                if p.0.unsigned_abs() > MAX_POINT_VALUE.0.unsigned_abs() {
                    self.error(
                        Spot::AbnormalPoints(k),
                        range(
                            "abnormal points (299)",
                            Points(-MAX_POINT_VALUE.0),
                            MAX_POINT_VALUE,
                            p,
                        ),
                    );
                }
            }
            if let Some(r) = a.round.filter(|&r| !rounds_ok(r)) {
                self.error(
                    Spot::AbnormalPoints(k),
                    range("a round (000: every round)", 1, MAX_ROUNDS, r),
                );
            }
            for (j, &tpn) in a.teams.iter().enumerate() {
                if !known(tpn) {
                    self.error(Spot::AbnormalTeam(k, j), ErrorKind::UnknownTeam(tpn));
                }
            }
        }
    }
}

/// The JSON path of a spot, with `original` mapping a sorted player index
/// to its index in the file, and `team` a sorted team index.
pub(crate) fn json_path(
    spot: Spot,
    original: &dyn Fn(usize) -> usize,
    team: &dyn Fn(usize) -> usize,
) -> Option<String> {
    let player = |i: usize| format!("players[{}]", original(i));
    let team = |k: usize| format!("teams.teams[{}]", team(k));
    Some(match spot {
        Spot::File => return None,
        Spot::Players => "players".to_string(),
        Spot::Player(i) => player(i),
        Spot::StartNo(i) => format!("{}.start_no", player(i)),
        Spot::Field(i, f) => format!("{}.{f}", player(i)),
        Spot::Points(i) => format!("{}.points", player(i)),
        Spot::Entry(i, r) => format!("{}.rounds[{r}]", player(i)),
        Spot::PlannedRounds => "planned_rounds".to_string(),
        Spot::System => "system".to_string(),
        Spot::Name => "name".to_string(),
        Spot::Setting(f) => format!("settings.{f}"),
        Spot::PointValue(f) => format!("point_system.{f}"),
        Spot::Acceleration(k) => format!("accelerations[{k}]"),
        Spot::AccelerationValue(k, r) => format!("accelerations[{k}][1][{r}]"),
        Spot::Forbidden(k, j) => format!("forbidden_pairs[{k}][{j}]"),
        Spot::ForbiddenRounds(k) => format!("forbidden_in_rounds[{k}]"),
        Spot::ForbiddenInRounds(k, j) => format!("forbidden_in_rounds[{k}].players[{j}]"),
        Spot::AnnouncedByes(k) => format!("announced_byes[{k}]"),
        Spot::AnnouncedBye(k, j) => format!("announced_byes[{k}].players[{j}]"),
        Spot::Absent(k) => format!("absent[{k}]"),
        Spot::HeaderRecord(k) => format!("header_records[{k}]"),
        Spot::TrailerRecord(k) => format!("trailer_records[{k}]"),
        Spot::Teams => "teams".to_string(),
        Spot::Team(k) => team(k),
        Spot::TeamField(k, f) => format!("{}.{f}", team(k)),
        Spot::TeamMember(k, j) => format!("{}.members[{j}]", team(k)),
        Spot::BoardColours => "teams.board_colours".to_string(),
        Spot::MatchPointValue(f) => format!("teams.match_point_values.{f}"),
        Spot::PabValue(f) => format!("teams.{f}"),
        Spot::PabTeam(r) => format!("teams.pab_teams[{r}]"),
        Spot::ForfeitedMatch(k) => format!("teams.forfeits[{k}]"),
        Spot::LineUp(k) => format!("teams.line_ups[{k}]"),
        Spot::LineUpBoard(k, j) => format!("teams.line_ups[{k}].players[{j}]"),
        Spot::TeamByes(k) => format!("teams.byes[{k}]"),
        Spot::TeamBye(k, j) => format!("teams.byes[{k}].teams[{j}]"),
        Spot::TeamAcceleration(k) => format!("teams.accelerations[{k}]"),
        Spot::ForbiddenTeams(k) => format!("teams.forbidden[{k}]"),
        Spot::ForbiddenTeam(k, j) => format!("teams.forbidden[{k}].teams[{j}]"),
        Spot::AbnormalPoints(k) => format!("teams.abnormal_points[{k}]"),
        Spot::AbnormalTeam(k, j) => format!("teams.abnormal_points[{k}].teams[{j}]"),
    })
}

/// Places of a model with no text: paths only.
struct ModelPaths;

impl Locate for ModelPaths {
    fn locate(&self, spots: &[Spot]) -> Vec<Location> {
        spots
            .iter()
            .map(|&s| Location {
                line: 0,
                column: 0,
                path: json_path(s, &|i| i, &|k| k),
            })
            .collect()
    }

    fn describe(&self, spot: Spot) -> String {
        json_path(spot, &|i| i, &|k| k).map_or_else(String::new, |p| format!("at `{p}`"))
    }
}
