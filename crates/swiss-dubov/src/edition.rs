//! The edition switch: which FIDE text of the Dubov system pairs, and the
//! rule ids each one prints.

use std::fmt;
use std::str::FromStr;

use swiss_core::Editions;

/// Which FIDE text of the Dubov system (C.04.4.1) pairs the round.
///
/// The two texts pair by the same procedure; they differ in the PAB bar
/// (\[C2\], 3.1.1: the 2026 Basic Rules' Art. 4, see
/// [`swiss_core::PlayerState::may_receive_pab`]) and in their numbering
/// (sections A-E in 2018, Articles 0-5 in 2026), which messages and
/// `--explain` follow ([`Edition::rule`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Edition {
    /// C.04.4.1 as applied from 1 February 2026 (approved by the Council
    /// 28/10/2025), Articles 0-5: the edition in force and the default.
    #[default]
    Fide2026,
    /// The 2018 General Assembly text, sections A-E, in force until
    /// 31 January 2026.
    Fide2018,
}

impl Edition {
    /// The year the edition is named by: `"2026"` or `"2018"`.
    pub const fn as_str(self) -> &'static str {
        // `NAMES` is in declaration order.
        <Self as Editions>::NAMES[self as usize].1
    }

    /// The id of a rule in this edition's text, given its 2018 id (`"B.0"`,
    /// `"A.7"`, ...): the 2018 id itself, or its 2026 number by the
    /// article map of `dubov-2026-changes.md` §1 (`"B.0"` is `"3.1"`,
    /// `"A.7"` is `"1.8"`, `"C.2"` is `"\[C2\]"`, ...). Ids the map does not
    /// know are returned as given.
    pub fn rule(self, id_2018: &'static str) -> &'static str {
        if self == Edition::Fide2018 {
            return id_2018;
        }
        match id_2018 {
            "A.1" => "1.1",
            "A.2" => "1.2",
            "A.3" => "1.3",
            "A.4" => "1.4",
            "A.5" => "1.6",
            "A.5.a" => "1.6.1",
            "A.5.b" => "1.6.2",
            "A.5.c" => "1.6.3",
            "A.5.d" => "1.6.4",
            "A.6" => "1.7",
            "A.7" => "1.8",
            "A.8" => "1.9",
            "B.0" => "3.1",
            "B.1" => "3.2.1",
            "B.2" => "3.2.2",
            "B.3" => "3.2.3",
            "B.4" => "3.2.4",
            "B.5" => "3.2.5",
            "B.6" => "3.2.6",
            "B.1-B.6" => "3.2.1-3.2.6",
            "C.1" => "[C1]",
            "C.2" => "[C2]",
            "C.3" => "[C3]",
            "C.4" => "[C4]",
            "C.5" => "[C5]",
            "C.6" => "[C6]",
            "C.7" => "[C7]",
            "C.8" => "[C8]",
            "C.9" => "[C9]",
            "C.10" => "[C10]",
            "D.1" => "4.2",
            "D.2" => "4.3",
            "D.3" => "4.4",
            "E" => "5",
            "E.0" => "5.2.1",
            "E.1" => "5.2.2",
            "E.2" => "5.2.3",
            "E.3" => "5.2.4",
            "E.4" => "5.2.5",
            "E.0-E.4" => "5.2.1-5.2.5",
            "C.04.1 d" => "Basic Rules Art. 4",
            other => other,
        }
    }
}

/// The names the editions are selected by, the default first:
/// [`swiss_core::Editions`] parses them (`FromStr`) and words the error
/// for a name that is none of them.
impl Editions for Edition {
    const SYSTEM: &'static str = "Dubov";
    const NAMES: &'static [(Self, &'static str)] =
        &[(Edition::Fide2026, "2026"), (Edition::Fide2018, "2018")];
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An edition name that is neither `2026` nor `2018`.
pub type ParseEditionError = swiss_core::ParseEditionError<Edition>;

impl FromStr for Edition {
    type Err = ParseEditionError;

    /// Accepts `2026` and `2018` (also prefixed `fide`, any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::from_name(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names the CLI, JSON and TRF select an edition by; the default is
    /// the edition in force.
    #[test]
    fn edition_names_round_trip() {
        for e in [Edition::Fide2026, Edition::Fide2018] {
            assert_eq!(e.as_str().parse::<Edition>(), Ok(e));
            assert_eq!(e.to_string(), e.as_str());
        }
        assert_eq!("FIDE-2018".parse::<Edition>(), Ok(Edition::Fide2018));
        assert_eq!(
            "2017".parse::<Edition>().map_err(|e| e.to_string()),
            Err(r#"unknown Dubov edition "2017" (expected 2026 or 2018)"#.to_string())
        );
        assert_eq!(Edition::default(), Edition::Fide2026);
    }

    /// dubov-2026-changes.md §1: the 2026 numbers of the rules the engine
    /// names; the 2018 edition keeps its own ids.
    #[test]
    fn rule_ids_follow_the_article_map() {
        assert_eq!(Edition::Fide2026.rule("B.0"), "3.1");
        assert_eq!(Edition::Fide2026.rule("A.7"), "1.8");
        assert_eq!(Edition::Fide2026.rule("A.1"), "1.1");
        assert_eq!(Edition::Fide2026.rule("C.2"), "[C2]");
        assert_eq!(Edition::Fide2026.rule("B.1-B.6"), "3.2.1-3.2.6");
        assert_eq!(Edition::Fide2018.rule("B.0"), "B.0");
    }
}
