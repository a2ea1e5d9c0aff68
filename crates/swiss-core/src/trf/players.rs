//! The player records (`001`) of a TRF: the player's own columns and one
//! round entry per round.

use super::*;

impl Reader<'_> {
    /// One `001` record; `None` when its start number cannot be read (the
    /// record cannot be referred to). Other unreadable fields are left out
    /// and marked, so the rest of the file is still checked.
    pub(super) fn player(&mut self, n: usize, c: &Columns) -> Option<(Player, PlayerMarks)> {
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
    pub(super) fn number<T: std::str::FromStr>(
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

    pub(super) fn round_entry(&mut self, n: usize, c: &Columns, col: usize) -> Option<RoundEntry> {
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
