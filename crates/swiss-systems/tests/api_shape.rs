//! Issue 27.2: every system crate has the same public shape (ARCHITECTURE.md,
//! "A system crate's API"). The same lines, with only the crate's path
//! changed, read a TRF and pair its next round in every system; they give
//! what the crate's engine in the table of systems gives; each crate's
//! names are the shared ones.
#![allow(clippy::unwrap_used)]

use swiss_core::PairingError;
use swiss_systems::Options;

/// Six rated players after round 1, two of them absent (`XXZ`) from
/// round 2 (`testdata/trf/valid/xxz-absent.trf`).
const TRF: &str = "\
012 Absentees (XXZ)
XXR 5
001    1      Alpha, Anna                       2100                             1.0       0004 w 1
001    2      Bravo, Ben                        2050                             1.0       0005 b 1
001    3      Charlie, Cem                      2000                             1.0       0000 - U
001    4      Delta, Dora                       1950                             0.0       0001 b 0
001    5      Echo, Eva                         1900                             0.0       0002 w 0
001    6      Foxtrot, Finn                     1850                             0.5       0000 - H
XXZ 2 5
";

/// The README's usage, written once for a crate path: read, pair the next
/// round, with the crate's default options.
macro_rules! usage {
    ($system:ident) => {{
        fn run(text: &str) -> Result<$system::Pairing, Box<dyn std::error::Error>> {
            let t = $system::trf::read(text, "event.trf")?;
            let p = $system::pair(&t, &$system::Options::default())?;
            Ok(p)
        }
        run
    }};
}

/// The names every system crate shares, and their types: `Error` is the
/// workspace's one error, the re-exports are swiss-core's, `Options` has
/// the common traits and a `const DEFAULT` equal to its default.
macro_rules! shared_names {
    ($system:ident, $engine:ident) => {{
        fn same_error(e: $system::Error) -> PairingError {
            e
        }
        fn options<O: Clone + std::fmt::Debug + Default + PartialEq + Eq>(_: &O) {}
        let _: fn($system::PairingError) -> PairingError = same_error;
        let _: Option<(
            $system::Tournament,
            $system::RoundState,
            $system::Pair,
            $system::StartNo,
            $system::Colour,
        )> = None::<(
            swiss_core::Tournament,
            swiss_core::RoundState,
            swiss_core::Pair,
            swiss_core::StartNo,
            swiss_core::Colour,
        )>;
        let o = $system::Options::DEFAULT;
        options(&o);
        assert_eq!(o, $system::Options::default());
        let engine = $system::$engine::new(o.clone());
        assert_eq!(engine.options, o);
        let _: &dyn $system::PairingSystem = &engine;
    }};
}

/// Pairs `TRF` with the engine the table builds for `name` by default.
fn table(name: &str) -> swiss_core::Pairing {
    let t = swiss_core::trf::read(TRF, "event.trf").unwrap();
    let engine = swiss_systems::find(name)
        .unwrap()
        .build(&Options::DEFAULT)
        .unwrap();
    engine.pair(&t).unwrap()
}

#[test]
fn the_same_lines_pair_with_every_system() {
    assert_eq!(usage!(swiss_dutch)(TRF).unwrap(), table("dutch"));
    assert_eq!(usage!(swiss_dubov)(TRF).unwrap(), table("dubov"));
    assert_eq!(usage!(swiss_lim)(TRF).unwrap(), table("lim"));
    assert_eq!(usage!(swiss_tcec)(TRF).unwrap(), table("tcec"));
    // Absent players are not paired, whatever the system.
    for p in [
        usage!(swiss_dutch)(TRF).unwrap(),
        usage!(swiss_tcec)(TRF).unwrap(),
    ] {
        assert_eq!(p.round, 2);
        assert_eq!(p.pairs.len(), 2, "{p:?}");
        assert!(p.pairs.iter().all(|x| ![2, 5].contains(&x.white)));
        assert!(p.pairs.iter().all(|x| ![2, 5].contains(&x.black)));
    }
}

#[test]
fn every_system_crate_has_the_shared_names() {
    shared_names!(swiss_dutch, Dutch);
    shared_names!(swiss_dubov, Dubov);
    shared_names!(swiss_lim, Lim);
    shared_names!(swiss_tcec, Tcec);
}

/// The kinds mean the same in every crate: a record the system cannot pair
/// as given is `Input` (Dubov's unrated players without a default rating,
/// TCEC's game without a result); the Dutch 2012 limit is `Unsupported`.
#[test]
fn each_error_kind_means_the_same_in_every_crate() {
    let unrated = swiss_core::trf::read(
        "XXR 5\n001    1      One\n001    2      Two\n001    3      Three\n",
        "unrated.trf",
    )
    .unwrap();
    let e = swiss_dubov::pair(&unrated, &swiss_dubov::Options::default()).unwrap_err();
    assert!(matches!(e, PairingError::Input { round: 1, .. }), "{e:?}");
    let rated = swiss_dubov::Options::DEFAULT.with_default_rating(Some(1500));
    assert!(swiss_dubov::pair(&unrated, &rated).is_ok());

    let mut unfinished = swiss_core::trf::read(TRF, "event.trf").unwrap();
    unfinished.players[0].rounds[0].result = swiss_core::ResultCode::Blank;
    unfinished.players[3].rounds[0].result = swiss_core::ResultCode::Blank;
    let e = swiss_tcec::pair(&unfinished, &swiss_tcec::Options::default()).unwrap_err();
    assert!(matches!(e, PairingError::Input { round: 2, .. }), "{e:?}");

    let big: String = (1..=swiss_dutch::MAX_PLAYERS_2012 + 1)
        .map(|i| format!("001 {i:>4}      Player {i:<26} {:>4}\n", 2800 - i % 1500))
        .collect();
    let big = swiss_dutch::trf::read(&format!("XXR 9\n{big}"), "big.trf").unwrap();
    let fide_2012 = swiss_dutch::Options::DEFAULT.with_edition(swiss_dutch::Edition::Fide2012);
    let e = swiss_dutch::pair(&big, &fide_2012).unwrap_err();
    assert!(matches!(e, PairingError::Unsupported { .. }), "{e:?}");
}
