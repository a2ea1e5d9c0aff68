//! Every system's edition table ([`swiss_core::Editions`]) round-trips
//! through its crate's `FromStr` and `Display`, refuses an unknown name
//! with the names it accepts, and lists the editions the table of systems
//! (`swiss_systems::SYSTEMS`) gives the system, the default first.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use swiss_core::{Editions, ParseEditionError};
use swiss_systems::{Edition, SYSTEMS, System};

/// The checks for the editions of `system`, whose crate's type is `E`
/// (`_edition` is one of them, to name the type).
fn round_trips<E>(system: &System, _edition: E)
where
    E: Editions + FromStr<Err = ParseEditionError<E>> + Display + Debug + Default,
{
    let names: Vec<&str> = E::names().collect();
    let listed: Vec<&str> = system.editions.iter().map(|e| e.as_str()).collect();
    assert_eq!(
        names, listed,
        "{}: the crate's table and the registry's",
        system.name
    );
    assert_eq!(
        E::NAMES[0].0,
        E::default(),
        "{}: the default first",
        system.name
    );
    for &(e, name) in E::NAMES {
        assert_eq!(name.parse::<E>(), Ok(e), "{}", system.name);
        assert_eq!(
            format!("FIDE-{name}").parse::<E>(),
            Ok(e),
            "{}",
            system.name
        );
        assert_eq!(e.to_string(), name, "{}", system.name);
    }
    let accepted = match &names[..] {
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        [] => panic!("{}: no editions", system.name),
    };
    let unknown = "1900".parse::<E>().map_err(|e| e.to_string());
    assert_eq!(
        unknown,
        Err(format!(
            "unknown {} edition \"1900\" (expected {accepted})",
            E::SYSTEM
        ))
    );
}

#[test]
fn every_systems_edition_table_round_trips() {
    let mut checked = 0;
    for system in SYSTEMS {
        let Some(&first) = system.editions.first() else {
            continue;
        };
        match first {
            Edition::Dutch(e) => round_trips(system, e),
            Edition::Dubov(e) => round_trips(system, e),
            Edition::Lim(e) => round_trips(system, e),
            other => panic!("{}: add its edition type here ({other:?})", system.name),
        }
        checked += 1;
    }
    assert_eq!(checked, 3, "Dutch, Dubov and Lim have editions");
}
