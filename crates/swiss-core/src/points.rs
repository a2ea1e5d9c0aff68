//! Points and point systems.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A number of points, stored exactly in tenths of a point.
///
/// Tenths cover every point system in use (1/½/0, 3/1/0, 2/1/0, 3/2/1 ...)
/// and keep score comparisons exact: no floating point in pairing decisions.
///
/// The arithmetic is plain `i32`: the readers bound every value
/// ([`crate::limits`]), and sums of bounded values stay about 8,000 times
/// below `i32::MAX`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(pub i32);

impl Points {
    /// Zero points.
    pub const ZERO: Points = Points(0);

    /// Whole points, e.g. `Points::whole(3)` is 3.0.
    pub const fn whole(n: i32) -> Points {
        Points(n * 10)
    }

    /// The value in tenths of a point.
    pub const fn tenths(self) -> i32 {
        self.0
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0 - rhs.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Points {
    /// Formats as TRF does: one decimal, e.g. `4.5`, `12.0`, `-1.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let s = format!("{sign}{}.{}", a / 10, a % 10);
        f.pad(&s)
    }
}

/// Error from parsing a [`Points`] value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a number of points with at most one decimal (e.g. `1`, `0.5`, `12.0`)")]
pub struct ParsePointsError;

impl FromStr for Points {
    type Err = ParsePointsError;

    fn from_str(s: &str) -> Result<Points, ParsePointsError> {
        let s = s.trim();
        let (neg, s) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        // A decimal comma is refused, not read differently: `1,0` in a TRF
        // points column is a writer's locale, not one point.
        let (int, frac) = match s.split_once('.') {
            Some((i, f)) => (i, f),
            None => (s, ""),
        };
        if int.is_empty() && frac.is_empty() {
            return Err(ParsePointsError);
        }
        if !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParsePointsError);
        }
        // Trailing zeros beyond the first decimal are harmless ("1.50"); other digits are not.
        let frac_digit = match frac.as_bytes() {
            [] => 0,
            [d, rest @ ..] if rest.iter().all(|&b| b == b'0') => i32::from(d - b'0'),
            _ => return Err(ParsePointsError),
        };
        let int: i32 = if int.is_empty() {
            0
        } else {
            int.parse().map_err(|_| ParsePointsError)?
        };
        let v = int
            .checked_mul(10)
            .and_then(|v| v.checked_add(frac_digit))
            .ok_or(ParsePointsError)?;
        Ok(Points(if neg { -v } else { v }))
    }
}

/// The points awarded for each kind of round result.
///
/// The TRF `BBW`/`BBD`/`BBL`/`BBZ`/`BBF`/`BBU` lines set colour-blind values;
/// the `XXS` line can set colour-specific ones (`WW`, `BW`, ...), so played
/// results keep a value per colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PointSystem {
    /// Played win with white (`BBW`, `XXS WW`).
    pub win_white: Points,
    /// Played win with black (`BBW`, `XXS BW`).
    pub win_black: Points,
    /// Played draw with white (`BBD`, `XXS WD`).
    pub draw_white: Points,
    /// Played draw with black (`BBD`, `XXS BD`).
    pub draw_black: Points,
    /// Played loss with white (`BBL`, `XXS WL`).
    pub loss_white: Points,
    /// Played loss with black (`BBL`, `XXS BL`).
    pub loss_black: Points,
    /// Forfeit win (`BBW`, `XXS FW`).
    pub forfeit_win: Points,
    /// Forfeit loss (`BBF`, `XXS FL`).
    pub forfeit_loss: Points,
    /// Zero-point bye and absence (`BBZ`, `XXS ZPB`).
    pub zero_bye: Points,
    /// Half-point bye (`BBD`, `XXS HPB`).
    pub half_bye: Points,
    /// Full-point bye, requested (`BBW`, `XXS FPB`).
    pub full_bye: Points,
    /// Pairing-allocated bye (`BBU`, default the win value; `XXS PAB`).
    pub pairing_bye: Points,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem::from_bb(Points(10), Points(5), Points(0), Points(0), Points(0), None)
    }
}

impl PointSystem {
    /// Every value with its JSON field name (`win_white`, ...,
    /// `pairing_bye`), in field order: what the validator bounds and the
    /// generator checks its `--points` against.
    pub fn named_values(&self) -> [(&'static str, Points); 12] {
        [
            ("win_white", self.win_white),
            ("win_black", self.win_black),
            ("draw_white", self.draw_white),
            ("draw_black", self.draw_black),
            ("loss_white", self.loss_white),
            ("loss_black", self.loss_black),
            ("forfeit_win", self.forfeit_win),
            ("forfeit_loss", self.forfeit_loss),
            ("zero_bye", self.zero_bye),
            ("half_bye", self.half_bye),
            ("full_bye", self.full_bye),
            ("pairing_bye", self.pairing_bye),
        ]
    }

    /// The system the `BB*` lines describe: win, draw, played loss,
    /// zero-point bye, forfeit loss and (default: the win) pairing-allocated bye.
    pub fn from_bb(
        win: Points,
        draw: Points,
        loss: Points,
        zero: Points,
        forfeit_loss: Points,
        pab: Option<Points>,
    ) -> Self {
        PointSystem {
            win_white: win,
            win_black: win,
            draw_white: draw,
            draw_black: draw,
            loss_white: loss,
            loss_black: loss,
            forfeit_win: win,
            forfeit_loss,
            zero_bye: zero,
            half_bye: draw,
            full_bye: win,
            pairing_bye: pab.unwrap_or(win),
        }
    }

    /// Whether a played result scores the same with either colour (then the
    /// system can be written with `BB*` lines alone).
    pub fn is_colour_blind(&self) -> bool {
        self.win_white == self.win_black
            && self.draw_white == self.draw_black
            && self.loss_white == self.loss_black
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_points() {
        for (s, t) in [
            ("4.5", 45),
            ("12.0", 120),
            ("3", 30),
            (".5", 5),
            ("0.50", 5),
            ("-1.0", -10),
        ] {
            assert_eq!(s.parse::<Points>(), Ok(Points(t)), "{s}");
        }
        for s in [
            "",
            "x",
            "1.25",
            "1..0",
            "-",
            "1e3",
            "1,5",
            "1,0",
            "+1",
            "99999999999",
        ] {
            assert!(s.parse::<Points>().is_err(), "{s}");
        }
        assert_eq!(Points(45).to_string(), "4.5");
        assert_eq!(Points(-5).to_string(), "-0.5");
        assert_eq!(format!("{:>4}", Points(120)), "12.0");
    }
}
