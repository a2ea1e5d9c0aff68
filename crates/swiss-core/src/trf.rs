//! FIDE TRF16 reader and writer, with the extension records pairing engines
//! read (`XXR`, `XXC`, `XXA`, `XXP`, `BB*`, `XXS`).
//!
//! Start with [`read`]. It accepts LF, CRLF and CR-only line endings, counts
//! columns in characters (names may be UTF-8), and reports every problem it
//! finds, not just the first, each with file, line and column.

use std::fmt::Write as _;

use crate::error::{ErrorKind, InputError, InputErrors};
use crate::model::{Colour, Player, ResultCode, RoundEntry, StartNo, Title, Tournament};
use crate::points::{PointSystem, Points};

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
/// naming existing players.
pub fn read(text: &str, file: &str) -> Result<Tournament, InputErrors> {
    let mut r = Reader {
        file,
        errors: Vec::new(),
    };
    let t = r.parse(text);
    if r.errors.is_empty() {
        Ok(t)
    } else {
        r.errors.sort_by_key(|e| (e.line, e.column));
        Err(InputErrors(r.errors))
    }
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
}

struct Reader<'a> {
    file: &'a str,
    errors: Vec<InputError>,
}

/// Where each player record came from, for validation messages.
struct PlayerSource {
    line: usize,
}

#[derive(Default)]
struct BbValues {
    win: Option<Points>,
    draw: Option<Points>,
    loss: Option<Points>,
    zero: Option<Points>,
    forfeit: Option<Points>,
    pab: Option<Points>,
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

    fn parse(&mut self, text: &str) -> Tournament {
        let mut t = Tournament::default();
        let mut sources: Vec<PlayerSource> = Vec::new();
        let mut damaged_players = false;
        let mut bb = BbValues::default();
        let mut xxs: Vec<(usize, String)> = Vec::new();
        let mut xxa: Vec<(usize, StartNo)> = Vec::new();
        let mut xxp: Vec<(usize, Vec<StartNo>)> = Vec::new();
        for (n, line) in lines(text) {
            if line.trim().is_empty() {
                continue;
            }
            let cols = Columns(line.chars().collect());
            let code: String = cols.0.iter().take(3).collect();
            let rest = cols.field(4, cols.len().max(4));
            match code.as_str() {
                "001" => match self.player(n, &cols) {
                    Some(p) => {
                        t.players.push(p);
                        sources.push(PlayerSource { line: n });
                    }
                    None => damaged_players = true,
                },
                "012" => t.name = rest,
                "XXR" => match rest.parse::<u32>() {
                    Ok(r) => t.planned_rounds = Some(r),
                    Err(_) => self.bad(n, 5, "a number of rounds", &rest),
                },
                "XXC" => {
                    for tok in rest.split_whitespace() {
                        match tok {
                            "white1" => t.initial_colour = Some(Colour::White),
                            "black1" => t.initial_colour = Some(Colour::Black),
                            // Pairing ids are the start numbers already.
                            "rank" => {}
                            _ => self.error(
                                n,
                                5,
                                ErrorKind::Expected(format!(
                                    "`white1`, `black1` or `rank`, found `{tok}`"
                                )),
                            ),
                        }
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
                        *slot = Some(v);
                    }
                    Err(_) => self.bad(n, 5, "a number of points", &rest),
                },
                "XXS" => xxs.push((n, rest)),
                "XXA" => {
                    let mut toks = rest.split_whitespace();
                    let id = toks.next().unwrap_or("");
                    match id.parse::<StartNo>() {
                        Ok(id) => {
                            let mut pts = Vec::new();
                            for tok in toks {
                                match tok.parse::<Points>() {
                                    Ok(p) => pts.push(p),
                                    Err(_) => self.bad(n, 10, "accelerated points per round", tok),
                                }
                            }
                            t.accelerations.push((id, pts));
                            xxa.push((n, id));
                        }
                        Err(_) => self.bad(n, 5, "a start number", id),
                    }
                }
                "XXP" => {
                    let mut ids = Vec::new();
                    for tok in rest.split_whitespace() {
                        match tok.parse::<StartNo>() {
                            Ok(id) => ids.push(id),
                            Err(_) => {
                                self.bad(n, 5, "start numbers of players who must not meet", tok)
                            }
                        }
                    }
                    xxp.push((n, ids.clone()));
                    t.forbidden_pairs.push(ids);
                }
                _ => {
                    if t.players.is_empty() {
                        t.header_records.push(line.to_string());
                    } else {
                        t.trailer_records.push(line.to_string());
                    }
                }
            }
        }
        let mut ps = match (bb.win, bb.draw, bb.loss, bb.zero, bb.forfeit, bb.pab) {
            (None, None, None, None, None, None) => PointSystem::default(),
            _ => PointSystem::from_bb(
                bb.win.unwrap_or(Points(10)),
                bb.draw.unwrap_or(Points(5)),
                bb.loss.unwrap_or(Points::ZERO),
                bb.zero.unwrap_or(Points::ZERO),
                bb.forfeit.unwrap_or(Points::ZERO),
                bb.pab,
            ),
        };
        for (n, line) in xxs {
            self.xxs(n, &line, &mut ps);
        }
        t.point_system = ps;

        // Sort by start number, keeping the source lines alongside.
        let mut order: Vec<usize> = (0..t.players.len()).collect();
        order.sort_by_key(|&i| t.players[i].start_no);
        let players = std::mem::take(&mut t.players);
        let mut slots: Vec<Option<Player>> = players.into_iter().map(Some).collect();
        let mut src = Vec::with_capacity(order.len());
        for &i in &order {
            if let Some(p) = slots[i].take() {
                t.players.push(p);
                src.push(sources[i].line);
            }
        }
        if t.players.is_empty() && self.errors.is_empty() {
            self.error(1, 1, ErrorKind::NoPlayers);
        }
        // Cross-record checks on a list with unreadable or duplicate players
        // would only echo those errors (every opponent of a lost record
        // "unknown"): report the record errors first.
        if !damaged_players && !self.duplicates(&t, &src) {
            self.validate(&t, &src);
        }
        for (n, id) in xxa {
            if t.index_of(id).is_none() {
                self.error(n, 5, ErrorKind::UnknownPlayer(id));
            }
        }
        for (n, ids) in xxp {
            for id in ids {
                if t.index_of(id).is_none() {
                    self.error(n, 5, ErrorKind::UnknownPlayer(id));
                }
            }
        }
        t
    }

    fn xxs(&mut self, n: usize, line: &str, ps: &mut PointSystem) {
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
            match code {
                "WW" => ps.win_white = v,
                "BW" => ps.win_black = v,
                "WD" => ps.draw_white = v,
                "BD" => ps.draw_black = v,
                "WL" => ps.loss_white = v,
                "BL" => ps.loss_black = v,
                "ZPB" => ps.zero_bye = v,
                "HPB" => ps.half_bye = v,
                "FPB" => ps.full_bye = v,
                "PAB" => ps.pairing_bye = v,
                "FW" => ps.forfeit_win = v,
                "FL" => ps.forfeit_loss = v,
                "W" => (ps.win_white, ps.win_black) = (v, v),
                "D" => (ps.draw_white, ps.draw_black) = (v, v),
                _ => self.error(
                    n,
                    5,
                    ErrorKind::Expected(format!(
                        "a point code (WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D), found `{code}`"
                    )),
                ),
            }
        }
    }

    fn player(&mut self, n: usize, c: &Columns) -> Option<Player> {
        let errors_before = self.errors.len();
        let sn = c.field(5, 8);
        let start_no = match sn.parse::<StartNo>() {
            Ok(v) if v > 0 => v,
            _ => {
                self.bad(n, 5, "a start number (columns 5-8)", &sn);
                0
            }
        };
        let sex = Some(c.char_at(10)).filter(|ch| !ch.is_whitespace());
        let title_s = c.field(11, 13);
        let title = if title_s.is_empty() {
            None
        } else {
            Title::parse(&title_s)
        };
        if !title_s.is_empty() && title.is_none() {
            self.bad(
                n,
                11,
                "a FIDE title (GM IM WGM FM WIM CM WFM WCM) in columns 11-13",
                &title_s,
            );
        }
        let rating_s = c.field(49, 52);
        let rating = if rating_s.is_empty() {
            None
        } else {
            match rating_s.parse::<u16>() {
                Ok(0) => None,
                Ok(v) => Some(v),
                Err(_) => {
                    self.bad(n, 49, "a rating (columns 49-52)", &rating_s);
                    None
                }
            }
        };
        let fide_s = c.field(58, 68);
        let fide_id = if fide_s.is_empty() {
            None
        } else {
            match fide_s.parse::<u64>() {
                Ok(v) => Some(v),
                Err(_) => {
                    self.bad(n, 58, "a FIDE id (columns 58-68)", &fide_s);
                    None
                }
            }
        };
        let pts_s = c.field(81, 84);
        let points = if pts_s.is_empty() {
            Points::ZERO
        } else {
            pts_s.parse::<Points>().unwrap_or_else(|_| {
                self.bad(n, 81, "points (columns 81-84)", &pts_s);
                Points::ZERO
            })
        };
        let rank_s = c.field(86, 89);
        let rank = if rank_s.is_empty() {
            None
        } else {
            match rank_s.parse::<u32>() {
                Ok(v) => Some(v),
                Err(_) => {
                    self.bad(n, 86, "a rank (columns 86-89)", &rank_s);
                    None
                }
            }
        };
        let mut rounds = Vec::new();
        let mut col = FIRST_ROUND_COLUMN;
        while col <= c.len() {
            rounds.push(self.round_entry(n, c, col).unwrap_or(RoundEntry::BLANK));
            col += ROUND_WIDTH;
        }
        while rounds.last() == Some(&RoundEntry::BLANK) {
            rounds.pop();
        }
        if self.errors.len() > errors_before {
            return None;
        }
        Some(Player {
            start_no,
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
        })
    }

    fn round_entry(&mut self, n: usize, c: &Columns, col: usize) -> Option<RoundEntry> {
        let opp_s = c.field(col, col + 3);
        let opponent = if opp_s.is_empty() {
            None
        } else {
            match opp_s.parse::<StartNo>() {
                Ok(0) => None,
                Ok(v) => Some(v),
                Err(_) => {
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

    /// Reports start numbers used twice; true when there were any.
    fn duplicates(&mut self, t: &Tournament, lines: &[usize]) -> bool {
        let mut found = false;
        for w in 1..t.players.len() {
            if t.players[w].start_no == t.players[w - 1].start_no {
                let (a, b) = (lines[w - 1].min(lines[w]), lines[w - 1].max(lines[w]));
                self.error(b, 5, ErrorKind::DuplicateStartNo(t.players[w].start_no, a));
                found = true;
            }
        }
        found
    }

    fn validate(&mut self, t: &Tournament, lines: &[usize]) {
        let played = t.played_rounds();
        for (i, p) in t.players.iter().enumerate() {
            let line = lines[i];
            for (r0, e) in p.rounds.iter().enumerate() {
                let round = r0 as u32 + 1;
                let col = FIRST_ROUND_COLUMN + r0 * ROUND_WIDTH;
                let Some(o) = e.opponent else { continue };
                if o == p.start_no {
                    self.error(line, col, ErrorKind::SelfPairing(round));
                    continue;
                }
                let Some(q) = t.player(o) else {
                    self.error(line, col, ErrorKind::UnknownOpponent { round, opponent: o });
                    continue;
                };
                let back = q.entry(round);
                let colour_ok = match (e.colour, back.colour) {
                    (Some(a), Some(b)) => a != b,
                    (None, None) => !e.result.is_played(),
                    _ => false,
                };
                let result_ok = back.result == e.result.mirrored()
                    // A double forfeit: both lose.
                    || (e.result == ResultCode::ForfeitLoss && back.result == ResultCode::ForfeitLoss);
                if back.opponent != Some(p.start_no) || !colour_ok || !result_ok {
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
                    // Report each broken game once, on the first of its two lines.
                    if back.opponent != Some(p.start_no) || p.start_no < o {
                        self.error(
                            line,
                            col,
                            ErrorKind::Asymmetric {
                                round,
                                player: p.start_no,
                                opponent: o,
                                expected,
                                found,
                            },
                        );
                    }
                }
            }
            // The points field may count every recorded round, or stop at the
            // played rounds (a file prepared for pairing round k may already
            // hold round k's requested byes).
            let all = p.score_after(u32::MAX, &t.point_system);
            let played_only = p.score_after(played, &t.point_system);
            if p.points != all && p.points != played_only {
                self.error(
                    line,
                    81,
                    ErrorKind::PointsMismatch {
                        expected: all,
                        found: p.points,
                    },
                );
            }
        }
    }
}

/// Writes a tournament as TRF16 (LF line endings).
///
/// Records are written in this order: `012`, the other header records
/// verbatim, `XXR`, `XXC`, the point system (`BB*` lines, or an `XXS` line
/// when colour-specific values need it), the player records, `XXA`, `XXP`,
/// and the other trailing records verbatim. Reading the output gives back
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
    for r in &t.trailer_records {
        let _ = writeln!(out, "{r}");
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
        p.title.map_or("", Title::as_str),
        fit(&p.name, 33),
        p.rating.map(|r| r.to_string()).unwrap_or_default(),
        fit(&p.federation, 3),
        p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
        fit(&p.birth_date, 10),
        p.points,
        p.rank.map(|r| r.to_string()).unwrap_or_default(),
    );
    for e in &p.rounds {
        s.push_str(&entry_text(e));
    }
    s.truncate(s.trim_end().len());
    s
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
