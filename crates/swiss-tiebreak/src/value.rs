//! A tie-break value and how it is printed.

use std::fmt;

use serde::{Serialize, Serializer};

/// One player's value of one tie-break: exact, with the decimals the
/// regulation prints it with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Not defined for this player (e.g. a rating average without rated
    /// opponents, or ratings when some player is unrated).
    Undefined,
    /// A whole number: a count, a rating, a start number, a rank.
    Int(i64),
    /// Points in tenths (PTS, PS, STD, BH, FB), printed with one decimal.
    Tenths(i64),
    /// Hundredths (SB: points times points; AOB: an average of Buchholz
    /// rounded to hundredths), printed with two decimals.
    Hundredths(i64),
}

impl Value {
    /// The number compared when ranking (`None`: undefined, ranked last).
    pub fn key(self) -> Option<i64> {
        match self {
            Value::Undefined => None,
            Value::Int(v) | Value::Tenths(v) | Value::Hundredths(v) => Some(v),
        }
    }
}

fn fixed(f: &mut fmt::Formatter<'_>, v: i64, scale: i64, digits: usize) -> fmt::Result {
    let sign = if v < 0 { "-" } else { "" };
    let a = v.unsigned_abs();
    let s = scale.unsigned_abs();
    write!(f, "{sign}{}.{:0digits$}", a / s, a % s)
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Undefined => f.write_str("-"),
            Value::Int(v) => write!(f, "{v}"),
            Value::Tenths(v) => fixed(f, v, 10, 1),
            Value::Hundredths(v) => fixed(f, v, 100, 2),
        }
    }
}

/// A value is written as a JSON number (with its decimals) or `null`.
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Value::Undefined => s.serialize_none(),
            Value::Int(v) => s.serialize_i64(v),
            Value::Tenths(v) => s.serialize_f64(v as f64 / 10.0),
            Value::Hundredths(v) => s.serialize_f64(v as f64 / 100.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_with_the_regulation_decimals() {
        assert_eq!(Value::Tenths(45).to_string(), "4.5");
        assert_eq!(Value::Tenths(-5).to_string(), "-0.5");
        assert_eq!(Value::Hundredths(2333).to_string(), "23.33");
        assert_eq!(Value::Hundredths(900).to_string(), "9.00");
        assert_eq!(Value::Int(2688).to_string(), "2688");
        assert_eq!(Value::Undefined.to_string(), "-");
    }
}
