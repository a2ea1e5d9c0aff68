//! The reading loop of a TRF: which records are read, kept or refused
//! (the record codes), and the header records (`012`, `XXR`, `XXC`, `XXA`,
//! start numbers, the tournament's settings); the player records are in
//! `players.rs`, the point system in `points.rs`.

use super::*;

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

/// Records that only a team tournament has (team matches, line-ups, team
/// PABs), which make a file one. `013` is not one: in an individual event
/// it lists team members for team standings, and is kept as written.
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
    pub(super) fn error(&mut self, line: usize, column: usize, kind: ErrorKind) {
        self.errors.push(InputError {
            file: self.file.to_string(),
            line,
            column,
            kind,
        });
    }

    pub(super) fn bad(&mut self, line: usize, column: usize, field: &'static str, found: &str) {
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
    pub(super) fn parse(&mut self, text: &str) -> (Tournament, Vec<StartNo>, Vec<bool>) {
        let mut t = Tournament::default();
        let mut marks: Vec<PlayerMarks> = Vec::new();
        let mut bb = BbValues::default();
        let mut xxs: Vec<(usize, String)> = Vec::new();
        let mut absent = Vec::new();
        let mut rank_line = None;
        let mut r26 = Records2026::default();
        let mut team = super::team::TeamLines::default();
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
                // Team-keyed in a team tournament: read once the file is
                // known to be one.
                "240" | "250" | "260" | "299" => {
                    team.keyed.push((n, code.clone(), line.to_string()));
                }
                "310" | "300" | "320" | "330" => team.push(n, &code, line, None),
                // Read in a team tournament; in an individual event kept as
                // written (013 lists team members for team standings).
                "013" | "352" | "362" => {
                    let copy = if t.players.is_empty() {
                        t.header_records.push(line.to_string());
                        (true, t.header_records.len() - 1)
                    } else {
                        t.trailer_records.push(line.to_string());
                        (false, t.trailer_records.len() - 1)
                    };
                    team.push(n, &code, line, Some(copy));
                }
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
        if team.is_team(&t) {
            t.teams = Some(self.team_section(team, &mut t));
        } else {
            for (n, code, line) in std::mem::take(&mut team.keyed) {
                let cols = Columns(line.chars().collect());
                match code.as_str() {
                    "240" => self.record_240(n, &cols, &mut r26),
                    "250" => self.record_250(n, &cols, &mut r26),
                    "260" => self.record_260(n, &cols, &mut t),
                    _ => self.error(
                        n,
                        1,
                        ErrorKind::Unsupported(
                            "abnormal points (record 299) in an individual tournament are",
                        ),
                    ),
                }
            }
        }
        self.apply_2026(r26, &mut t, old_points);
        (t, absent, blank)
    }

    /// `192 CODE`: the tournament type, kept for the caller to compare
    /// with the system it pairs; two different codes are an error.
    pub(super) fn system(&mut self, n: usize, rest: String, t: &mut Tournament) {
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
    pub(super) fn xxc(&mut self, n: usize, cols: &Columns, t: &mut Tournament) -> bool {
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
    pub(super) fn settings(&mut self, n: usize, cols: &Columns, t: &mut Tournament) {
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
    pub(super) fn xxc_rank(&mut self, line: usize, marks: &[PlayerMarks], t: &Tournament) {
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
    pub(super) fn sort_players(
        &mut self,
        t: &mut Tournament,
        marks: Vec<PlayerMarks>,
    ) -> Vec<bool> {
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

    pub(super) fn planned_rounds(&mut self, n: usize, code: &str, rest: &str, t: &mut Tournament) {
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
    pub(super) fn acceleration(&mut self, n: usize, cols: &Columns, t: &mut Tournament) {
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
    pub(super) fn start_numbers(
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
}
