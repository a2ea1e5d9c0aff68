//! The editions of a system's rules, named by year: the parsing, naming
//! and parse error every system crate's `Edition` shares. A system crate
//! declares its table ([`Editions`]) and keeps only what is its own (the
//! rule ids each edition prints).

use std::fmt;
use std::marker::PhantomData;

/// The editions of one pairing system's rules: a system crate's `Edition`
/// enum declares its table here, and parses names with
/// [`Editions::from_name`] (its `FromStr`), so that every system accepts
/// the same spellings and refuses an unknown name with the same error
/// ([`ParseEditionError`]).
///
/// ```
/// use swiss_core::{Editions, ParseEditionError};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// enum Edition {
///     Fide2026,
///     Fide2018,
/// }
///
/// impl Editions for Edition {
///     const SYSTEM: &'static str = "Dubov";
///     const NAMES: &'static [(Self, &'static str)] =
///         &[(Edition::Fide2026, "2026"), (Edition::Fide2018, "2018")];
/// }
///
/// impl Edition {
///     /// Indexes the table: `NAMES` is in declaration order.
///     const fn as_str(self) -> &'static str {
///         <Self as Editions>::NAMES[self as usize].1
///     }
/// }
///
/// assert_eq!(Edition::from_name("FIDE-2018"), Ok(Edition::Fide2018));
/// assert_eq!(Edition::Fide2026.as_str(), "2026");
/// let e: ParseEditionError<Edition> = Edition::from_name("2017").unwrap_err();
/// assert_eq!(e.to_string(), r#"unknown Dubov edition "2017" (expected 2026 or 2018)"#);
/// ```
pub trait Editions: Copy + Eq + 'static {
    /// The system the editions are of, as messages name it (`"Dutch"`).
    const SYSTEM: &'static str;

    /// Every edition and the name it is selected by (its year, `"2017"`),
    /// in the order the enum declares them, the edition in force (the
    /// default) first: a `const fn` may name an edition by indexing this
    /// table with `self as usize`.
    const NAMES: &'static [(Self, &'static str)];

    /// The edition named `name`: its year, also prefixed `fide` in any
    /// case (`2017`, `FIDE-2017`, `fide 2017`; [`edition_year`]).
    fn from_name(name: &str) -> Result<Self, ParseEditionError<Self>> {
        let year = edition_year(name);
        Self::NAMES
            .iter()
            .find(|(_, n)| *n == year)
            .map(|&(e, _)| e)
            .ok_or_else(|| ParseEditionError::new(name))
    }

    /// The names, in table order (`"2026"`, `"2017"`, `"2012"`).
    fn names() -> impl Iterator<Item = &'static str> {
        Self::NAMES.iter().map(|&(_, n)| n)
    }
}

/// The year an edition name selects: `name` trimmed, in lower case, with a
/// leading `fide` and the separators after it dropped (`FIDE-2017`,
/// `fide 2017` and `2017` all give `2017`). [`Editions::from_name`] looks
/// up what this returns, so every system accepts the same spellings.
pub fn edition_year(name: &str) -> String {
    let t = name.trim().to_ascii_lowercase();
    t.strip_prefix("fide")
        .unwrap_or(&t)
        .trim_start_matches(['-', ' '])
        .to_string()
}

/// A name that is none of a system's editions: `.0` is the name as given.
/// Its message lists the editions the system has: `unknown Dutch edition
/// "2025" (expected 2026, 2017 or 2012)`.
pub struct ParseEditionError<E>(pub String, PhantomData<fn() -> E>);

impl<E> ParseEditionError<E> {
    /// The error for `name`.
    pub fn new(name: impl Into<String>) -> Self {
        ParseEditionError(name.into(), PhantomData)
    }
}

impl<E: Editions> fmt::Display for ParseEditionError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} edition {:?} (expected ", E::SYSTEM, self.0)?;
        let n = E::NAMES.len();
        for (i, name) in E::names().enumerate() {
            let sep = match i {
                0 => "",
                _ if i + 1 == n => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{name}")?;
        }
        f.write_str(")")
    }
}

impl<E: Editions> std::error::Error for ParseEditionError<E> {}

// By hand: the derives would ask `E` for the trait too.
impl<E> fmt::Debug for ParseEditionError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ParseEditionError").field(&self.0).finish()
    }
}

impl<E> Clone for ParseEditionError<E> {
    fn clone(&self) -> Self {
        ParseEditionError::new(self.0.clone())
    }
}

impl<E> PartialEq for ParseEditionError<E> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<E> Eq for ParseEditionError<E> {}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Three {
        A,
        B,
        C,
    }

    impl Editions for Three {
        const SYSTEM: &'static str = "Three";
        const NAMES: &'static [(Self, &'static str)] =
            &[(Three::A, "2026"), (Three::B, "2017"), (Three::C, "2012")];
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Two {
        A,
        B,
    }

    impl Editions for Two {
        const SYSTEM: &'static str = "Two";
        const NAMES: &'static [(Self, &'static str)] = &[(Two::A, "2026"), (Two::B, "1999")];
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum One {
        A,
    }

    impl Editions for One {
        const SYSTEM: &'static str = "One";
        const NAMES: &'static [(Self, &'static str)] = &[(One::A, "2026")];
    }

    /// Each name of a table, and its `fide`-prefixed spellings, select its
    /// edition.
    fn names_select_their_edition<E: Editions + fmt::Debug>() {
        for &(e, name) in E::NAMES {
            for spelling in [
                name.to_string(),
                format!("FIDE-{name}"),
                format!(" fide {name} "),
                format!("Fide{name}"),
            ] {
                assert_eq!(E::from_name(&spelling), Ok(e), "{spelling:?}");
            }
        }
    }

    #[test]
    fn every_name_of_a_table_selects_its_edition() {
        names_select_their_edition::<Three>();
        names_select_their_edition::<Two>();
        names_select_their_edition::<One>();
        assert_eq!(Three::names().collect::<Vec<_>>(), ["2026", "2017", "2012"]);
    }

    /// An unknown name is refused with the name as given and every name
    /// the system accepts, in table order.
    #[test]
    fn an_unknown_name_lists_the_accepted_ones() {
        let e = Three::from_name("FIDE 2025").unwrap_err();
        assert_eq!(e.0, "FIDE 2025");
        assert_eq!(
            e.to_string(),
            r#"unknown Three edition "FIDE 2025" (expected 2026, 2017 or 2012)"#
        );
        assert_eq!(
            Two::from_name("1987").unwrap_err().to_string(),
            r#"unknown Two edition "1987" (expected 2026 or 1999)"#
        );
        assert_eq!(
            One::from_name("").unwrap_err().to_string(),
            r#"unknown One edition "" (expected 2026)"#
        );
        // A year of another table, and a year inside other text, are not names.
        assert!(Two::from_name("2017").is_err());
        assert!(Three::from_name("the 2017 rules").is_err());
        assert_eq!(format!("{e:?}"), r#"ParseEditionError("FIDE 2025")"#);
        assert_eq!(e.clone(), ParseEditionError::new("FIDE 2025"));
    }

    #[test]
    fn edition_year_drops_the_fide_prefix() {
        for name in [
            "2017",
            "FIDE-2017",
            "fide 2017",
            " Fide2017 ",
            "FIDE - 2017",
        ] {
            assert_eq!(edition_year(name), "2017", "{name:?}");
        }
    }
}
