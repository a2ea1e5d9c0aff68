//! The TRF-2026 records a pairing reads besides `142` and `192`: `152`
//! (initial colour), `162` (points per result), `240` (byes and absences
//! of a round), `250` (accelerated points over ranges of players and
//! rounds), `260` (prohibited pairs over a range of rounds) and `299`
//! (abnormal points, refused). Layouts as `trf26.md` gives them; each is
//! merged with its TRF16 extension equivalent (`XXC`, `BB*`/`XXS`, the
//! round's `001` columns and `XXZ`, `XXA`, `XXP`), and a disagreement
//! between the two is an error, never a silent choice.

use super::{Columns, Reader};
use crate::error::ErrorKind;
use crate::limits::{MAX_ROUNDS, MAX_START_NO};
use crate::model::{Colour, ForbiddenInRounds, ResultCode, RoundEntry, StartNo, Tournament};
use crate::points::{PointSystem, Points};

/// What the TRF-2026 records of a file say, kept until every player record
/// is read.
#[derive(Default)]
pub(super) struct Records2026 {
    /// `152`: the colour and its line.
    colour: Option<(Colour, usize)>,
    /// `162`: each symbol with its value, line and column.
    points: Vec<(char, Points, usize, usize)>,
    /// `240` records.
    byes: Vec<Byes>,
    /// `250` records.
    accelerations: Vec<Range250>,
}

/// One `240 T RRR id id ...` record.
struct Byes {
    line: usize,
    result: ResultCode,
    round: u32,
    /// Start numbers with their columns.
    players: Vec<(usize, StartNo)>,
}

/// One `250 MMMM GGGG RRF RRL PPPF PPPL` record, read.
struct Range250 {
    line: usize,
    points: Points,
    rounds: (u32, u32),
    players: (StartNo, StartNo),
}

impl Reader<'_> {
    /// `152 W` or `152 B`.
    pub(super) fn record_152(&mut self, n: usize, cols: &Columns, r: &mut Records2026) {
        let value = cols.field(4, cols.len().max(4));
        let colour = match value.as_str() {
            "W" | "w" => Colour::White,
            "B" | "b" => Colour::Black,
            _ => {
                self.bad(n, 5, "an initial colour `W` or `B` (record 152)", &value);
                return;
            }
        };
        if let Some((first, line)) = r.colour
            && first != colour
        {
            self.conflict_colour(n, (first, line), colour);
        }
        r.colour = Some((colour, n));
    }

    fn conflict_colour(&mut self, n: usize, (first, line): (Colour, usize), second: Colour) {
        self.error(
            n,
            5,
            ErrorKind::Conflict {
                what: "the initial colour (152, XXC)",
                first: format!("{first:?} on line {line}"),
                second: format!("{second:?}"),
            },
        );
    }

    /// `162  W 3.0    D 1.0 ...`: symbols with their points. Read as
    /// tokens (a symbol, then its value; or both glued), since the text's
    /// prose and table disagree on the columns.
    pub(super) fn record_162(&mut self, n: usize, cols: &Columns, r: &mut Records2026) {
        let mut toks = cols.tokens(4).into_iter().peekable();
        while let Some((col, tok)) = toks.next() {
            let mut chars = tok.chars();
            let Some(symbol) = chars.next() else { continue };
            let glued: String = chars.collect();
            let value = if glued.is_empty() {
                match toks.next() {
                    Some((_, v)) => v,
                    None => {
                        self.bad(n, col, "a number of points after the symbol", "");
                        continue;
                    }
                }
            } else {
                glued
            };
            if !matches!(symbol, 'W' | 'D' | 'L' | 'A' | 'Z' | 'P' | 'X') {
                self.error(
                    n,
                    col,
                    ErrorKind::Expected(format!(
                        "a result symbol of record 162 (W D L A P X; Z for A), found `{symbol}`"
                    )),
                );
                continue;
            }
            match value.parse::<Points>() {
                Ok(v) => r.points.push((symbol, v, n, col)),
                Err(_) => self.bad(n, col, "a number of points", &value),
            }
        }
    }

    /// `240 T RRR id id ...`: players with a bye of type `T` (`F`, `H` or
    /// `Z`) in round `RRR`.
    pub(super) fn record_240(&mut self, n: usize, cols: &Columns, r: &mut Records2026) {
        let toks = cols.tokens(4);
        let mut it = toks.iter();
        let result = match it.next().map(|(c, t)| (*c, t.as_str())) {
            Some((_, "F")) => ResultCode::FullBye,
            Some((_, "H")) => ResultCode::HalfBye,
            Some((_, "Z")) => ResultCode::ZeroBye,
            other => {
                let (col, found) = other.unwrap_or((5, ""));
                self.bad(n, col, "a bye type `F`, `H` or `Z` (record 240)", found);
                return;
            }
        };
        let round = match it.next() {
            Some((col, tok)) => match tok.parse::<u32>() {
                Ok(v) if (1..=MAX_ROUNDS).contains(&v) => v,
                _ => {
                    self.error(
                        n,
                        *col,
                        super::points::range_kind("a round", 1, MAX_ROUNDS, tok),
                    );
                    return;
                }
            },
            None => {
                self.bad(n, 7, "a round (record 240)", "");
                return;
            }
        };
        let mut players = Vec::new();
        for (col, tok) in it {
            match tok.parse::<StartNo>() {
                Ok(id) => players.push((*col, id)),
                Err(_) => self.bad(n, *col, "a start number", tok),
            }
        }
        r.byes.push(Byes {
            line: n,
            result,
            round,
            players,
        });
    }

    /// `250 MMMM GGGG RRF RRL PPPF PPPL` in fixed columns: accelerated
    /// game points `GGGG` (10-13) for the players `PPPF..=PPPL` (23-26,
    /// 28-31) in rounds `RRF..=RRL` (15-17, 19-21). Match points (5-8)
    /// belong to team tournaments and must be blank or zero.
    pub(super) fn record_250(&mut self, n: usize, cols: &Columns, r: &mut Records2026) {
        let mp = cols.field(5, 8);
        if !mp.is_empty() && mp.parse::<Points>().ok() != Some(Points::ZERO) {
            self.error(
                n,
                5,
                ErrorKind::Unsupported("accelerated match points (team tournaments) are"),
            );
        }
        let gp = cols.field(10, 13);
        let points = match gp.parse::<Points>() {
            Ok(v) if v != Points::ZERO => v,
            _ => {
                self.bad(n, 10, "non-zero accelerated points (columns 10-13)", &gp);
                return;
            }
        };
        let mut number = |a: usize, b: usize, what: &'static str, max: u32| {
            let s = cols.field(a, b);
            match s.parse::<u32>() {
                Ok(v) if (1..=max).contains(&v) => Some(v),
                _ => {
                    self.error(n, a, super::points::range_kind(what, 1, max, &s));
                    None
                }
            }
        };
        let (Some(rf), Some(rl), Some(pf), Some(pl)) = (
            number(15, 17, "a first round (columns 15-17)", MAX_ROUNDS),
            number(19, 21, "a last round (columns 19-21)", MAX_ROUNDS),
            number(23, 26, "a first start number (columns 23-26)", MAX_START_NO),
            number(28, 31, "a last start number (columns 28-31)", MAX_START_NO),
        ) else {
            return;
        };
        if rf > rl || pf > pl {
            let (col, what) = if rf > rl {
                (15, "the first round after the last")
            } else {
                (23, "the first start number after the last")
            };
            self.error(
                n,
                col,
                ErrorKind::Expected(format!("a range first..last (record 250), found {what}")),
            );
            return;
        }
        r.accelerations.push(Range250 {
            line: n,
            points,
            rounds: (rf, rl),
            players: (pf, pl),
        });
    }

    /// `260 RRF RRL id id ...`: the players listed must not meet each
    /// other in rounds `RRF..=RRL`.
    pub(super) fn record_260(&mut self, n: usize, cols: &Columns, t: &mut Tournament) {
        let toks = cols.tokens(4);
        let mut rounds = [0u32; 2];
        for (k, what) in ["a first round", "a last round"].into_iter().enumerate() {
            let (col, tok) = toks.get(k).map_or((5, ""), |(c, s)| (*c, s.as_str()));
            match tok.parse::<u32>() {
                Ok(v) => rounds[k] = v,
                Err(_) => {
                    self.bad(n, col, what, tok);
                    return;
                }
            }
        }
        let mut players = Vec::new();
        let mut at = Vec::new();
        for (col, tok) in toks.iter().skip(2) {
            match tok.parse::<StartNo>() {
                Ok(id) => {
                    players.push(id);
                    at.push(*col);
                }
                Err(_) => self.bad(n, *col, "a start number", tok),
            }
        }
        self.places.forbidden_in_rounds.push((n, at));
        t.forbidden_in_rounds.push(ForbiddenInRounds {
            first_round: rounds[0],
            last_round: rounds[1],
            players,
        });
    }

    /// Merges what the TRF-2026 records said into the model, once every
    /// player record is read and sorted.
    pub(super) fn apply_2026(&mut self, r: Records2026, t: &mut Tournament, old_points: bool) {
        if let Some((colour, line)) = r.colour {
            match t.initial_colour {
                Some(first) if first != colour => {
                    let xxc = self.places.initial_colour.unwrap_or(1);
                    self.conflict_colour(line, (first, xxc), colour);
                }
                _ => t.initial_colour = Some(colour),
            }
        }
        if !r.points.is_empty() {
            self.points_162(&r.points, t, old_points);
        }
        self.byes_240(r.byes, t);
        self.accelerations_250(&r.accelerations, t);
    }

    /// `162`: W is a win, a forfeit win and a full-point bye (and the PAB
    /// unless P is given); D a draw and a half-point bye; L a played loss;
    /// A (bbp writes Z) a zero-point bye and a forfeit loss; P the PAB. X
    /// (an unfinished game) is read and unused: no result code carries it.
    fn points_162(
        &mut self,
        symbols: &[(char, Points, usize, usize)],
        t: &mut Tournament,
        old: bool,
    ) {
        let mut ps = PointSystem::default();
        let pab_given = symbols.iter().any(|s| s.0 == 'P');
        for &(symbol, v, line, _) in symbols {
            let fields: &[&'static str] = match symbol {
                'W' if pab_given => &["win_white", "win_black", "forfeit_win", "full_bye"],
                'W' => &[
                    "win_white",
                    "win_black",
                    "forfeit_win",
                    "full_bye",
                    "pairing_bye",
                ],
                'D' => &["draw_white", "draw_black", "half_bye"],
                'L' => &["loss_white", "loss_black"],
                'A' | 'Z' => &["zero_bye", "forfeit_loss"],
                'P' => &["pairing_bye"],
                _ => &[],
            };
            for &f in fields {
                *super::points::point_field(&mut ps, f) = v;
                self.places.point_lines.push((f, line));
            }
        }
        if old && t.point_system != ps {
            let (_, _, line, col) = symbols[0];
            self.error(
                line,
                col,
                ErrorKind::Conflict {
                    what: "the point system (162, BB*/XXS)",
                    first: format!(
                        "{} by BB*/XXS",
                        super::points::point_values(&t.point_system)
                    ),
                    second: format!("{} by 162", super::points::point_values(&ps)),
                },
            );
        }
        t.point_system = ps;
    }

    /// `240`: a bye of the round being paired, or of an earlier round,
    /// becomes (or must equal) that round's entry in the player's record,
    /// the form every engine reads; one of a later round is kept as
    /// announced ([`Tournament::announced_byes`]).
    fn byes_240(&mut self, byes: Vec<Byes>, t: &mut Tournament) {
        let next = t.next_round();
        for b in byes {
            if b.round > next {
                self.places
                    .announced
                    .push((b.line, b.players.iter().map(|p| p.0).collect()));
                t.announced_byes.push(crate::model::AnnouncedByes {
                    round: b.round,
                    result: b.result,
                    players: b.players.iter().map(|p| p.1).collect(),
                });
                continue;
            }
            let entry = RoundEntry::no_game(b.result);
            for &(col, id) in &b.players {
                let Some(i) = t.index_of(id) else {
                    self.error(b.line, col, ErrorKind::UnknownPlayer(id));
                    continue;
                };
                let rounds = &mut t.players[i].rounds;
                let at = b.round as usize - 1;
                if rounds.len() <= at {
                    rounds.resize(at, RoundEntry::BLANK);
                    rounds.push(entry);
                } else if rounds[at] == RoundEntry::BLANK {
                    rounds[at] = entry;
                } else if rounds[at] != entry {
                    let found = super::entry_text(&rounds[at]).trim().to_string();
                    self.error(
                        b.line,
                        col,
                        ErrorKind::ByeMismatch {
                            round: b.round,
                            player: id,
                            listed: super::entry_text(&entry).trim().to_string(),
                            found,
                        },
                    );
                }
            }
        }
    }

    /// `250`: the ranges filled in file order (a later record overrides
    /// an earlier one where they overlap, as the reference engine reads
    /// them), one acceleration entry per player covered; start numbers in
    /// a range that are no player's are skipped.
    ///
    /// Linear in the file: the ranges are taken from the last back, and
    /// each (round, player) cell is written once, by the last range
    /// covering it; per round, a "next cell not yet written" forest skips
    /// the written ones, so 20,000 ranges over 9,999 players cost about
    /// 20,000 x rounds steps, not 20,000 x 9,999.
    fn accelerations_250(&mut self, ranges: &[Range250], t: &mut Tournament) {
        if ranges.is_empty() {
            return;
        }
        let n = t.players.len();
        let rounds = ranges
            .iter()
            .map(|g| g.rounds.1 as usize)
            .max()
            .unwrap_or(0);
        // values[i][r]: player i's points for round r + 1, and the line.
        let mut values: Vec<Vec<Points>> = vec![Vec::new(); n];
        let mut line: Vec<usize> = vec![0; n];
        // next[r][i]: the first player index >= i whose round r is not
        // written yet (n: none); path-halving union-find.
        let mut next: Vec<Vec<u32>> = Vec::new();
        for g in ranges.iter().rev() {
            let (lo, hi) = g.players;
            let first = t.players.partition_point(|p| p.start_no < lo);
            let end = t.players.partition_point(|p| p.start_no <= hi);
            if first >= end {
                continue;
            }
            for r in g.rounds.0 as usize - 1..g.rounds.1 as usize {
                if next.len() <= r {
                    next.resize_with(rounds, Vec::new);
                }
                let row = &mut next[r];
                if row.is_empty() {
                    *row = (0..=n as u32).collect();
                }
                let mut i = find(row, first);
                while i < end {
                    let v = &mut values[i];
                    if v.len() <= r {
                        v.resize(r + 1, Points::ZERO);
                    }
                    v[r] = g.points;
                    if line[i] == 0 {
                        line[i] = g.line;
                    }
                    row[i] = i as u32 + 1;
                    i = find(row, i + 1);
                }
            }
        }
        for (i, v) in values.into_iter().enumerate() {
            if v.is_empty() {
                continue;
            }
            self.places.accelerations.push((line[i], vec![10; v.len()]));
            t.accelerations.push((t.players[i].start_no, v));
        }
    }
}

/// The root of `i` in a "next unwritten" forest (`row[i] == i`: unwritten),
/// halving the path on the way.
fn find(row: &mut [u32], mut i: usize) -> usize {
    while row[i] as usize != i {
        let up = row[row[i] as usize];
        row[i] = up;
        i = up as usize;
    }
    i
}
