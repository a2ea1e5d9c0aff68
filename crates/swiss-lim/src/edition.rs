//! The edition switch: which FIDE text of the Lim system pairs, and the
//! rule ids each one prints.

use std::fmt;
use std::str::FromStr;

use swiss_core::Editions;

/// Which FIDE text of the Lim system (C.04.4.3) pairs the round.
///
/// The procedure is the same in both (`lim-2026-changes.md`: the 2026
/// text renumbers, swaps the old Basic Rules letters for article numbers
/// and modernises the wording). They differ in the PAB bar the Lim text
/// adds its own choice to (1.1): the 2026 Basic Rules' Art. 4
/// ([`swiss_core::PlayerState::may_receive_pab`]) against the old
/// C.04.1 d; and in the rule ids messages and `--explain` print
/// ([`Edition::rule`]).
///
/// The older edition is named `1999`: its text is the one approved in
/// 1987 and last amended by the 1999 Executive Board (the amendment line
/// the 2026 page still prints); FIDE's handbook shows it as
/// "C040403Till2026", which names no edition. The text in effect from
/// 1999 to January 2026 is the one the name picks out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Edition {
    /// C.04.4.3 as applied from 1 February 2026 (approved by the Council
    /// 28/10/2025): the edition in force and the default.
    #[default]
    Fide2026,
    /// The 1987 text as amended up to 1999, in force until 31 January
    /// 2026 (`lim-c0443.txt`).
    Fide1999,
}

impl Edition {
    /// The name the edition is selected by: `"2026"` or `"1999"`.
    pub const fn as_str(self) -> &'static str {
        // `NAMES` is in declaration order.
        <Self as Editions>::NAMES[self as usize].1
    }

    /// The id of a rule in this edition's text, given its id in the 1999
    /// text (`"2.3 a"`, `"5.1 a/b"`, `"C.04.1 d"`): the id itself, or its
    /// 2026 number by the article map of `lim-2026-changes.md` §1 (lettered
    /// and bulleted items become decimals: `"2.3 a"` is `"2.3.1"`; the
    /// Basic Rules letters become articles: `"C.04.1 d"` is
    /// `"Basic Rules Art. 4"`). Ids the map leaves alone are returned as
    /// given.
    pub fn rule(self, id_1999: &'static str) -> &'static str {
        if self == Edition::Fide1999 {
            return id_1999;
        }
        match id_1999 {
            "2.3 a" => "2.3.1",
            "2.3 b" => "2.3.2",
            "2.3 c" => "2.3.3",
            "2.3 d" => "2.3.4",
            "2.3 a-c" => "2.3.1-2.3.3",
            // 3.2's second paragraph: equalise the colours due.
            "3.2" => "3.2.2",
            "3.9" => "3.9.1",
            "4.4 a" => "4.4.1",
            "4.4 b" => "4.4.2",
            "5.1 a/b" => "5.1.1/5.1.2",
            "C.04.1 d" => "Basic Rules Art. 4",
            "C.04.1 e" => "Basic Rules Art. 5",
            other => other,
        }
    }

    /// The bye rule's id as messages print it: `C.04.1 d` (1999) or
    /// `Basic Rules Art. 4` (2026).
    pub fn bye_rule(self) -> &'static str {
        self.rule("C.04.1 d")
    }
}

/// The names the editions are selected by, the default first:
/// [`swiss_core::Editions`] parses them (`FromStr`) and words the error
/// for a name that is none of them.
impl Editions for Edition {
    const SYSTEM: &'static str = "Lim";
    const NAMES: &'static [(Self, &'static str)] =
        &[(Edition::Fide2026, "2026"), (Edition::Fide1999, "1999")];
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An edition name that is neither `2026` nor `1999`.
pub type ParseEditionError = swiss_core::ParseEditionError<Edition>;

impl FromStr for Edition {
    type Err = ParseEditionError;

    /// Accepts `2026` and `1999` (also prefixed `fide`, any case).
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
        for e in [Edition::Fide2026, Edition::Fide1999] {
            assert_eq!(e.as_str().parse::<Edition>(), Ok(e));
            assert_eq!(e.to_string(), e.as_str());
        }
        assert_eq!("fide-1999".parse::<Edition>(), Ok(Edition::Fide1999));
        assert_eq!(
            "1987".parse::<Edition>().map_err(|e| e.to_string()),
            Err(r#"unknown Lim edition "1987" (expected 2026 or 1999)"#.to_string())
        );
        assert_eq!(Edition::default(), Edition::Fide2026);
    }

    /// lim-2026-changes.md §1: the 2026 numbers; 1999 keeps its ids.
    #[test]
    fn rule_ids_follow_the_article_map() {
        assert_eq!(Edition::Fide2026.rule("2.3 b"), "2.3.2");
        assert_eq!(Edition::Fide2026.rule("5.1 a/b"), "5.1.1/5.1.2");
        assert_eq!(Edition::Fide2026.bye_rule(), "Basic Rules Art. 4");
        assert_eq!(Edition::Fide2026.rule("3.8"), "3.8");
        assert_eq!(Edition::Fide1999.rule("2.3 b"), "2.3 b");
    }
}
