//! The reference data of `testdata/oracle` and the hunt's corpus of
//! `testdata/hunt`, replayed round by round with every system that has
//! some, through the one corpus harness
//! (`swiss-testdata`) and the one table of systems (`swiss-systems`): the
//! project's correctness figures. Each data set states how many
//! tournaments and rounds it holds, so a corpus that silently shrinks
//! fails here too.
#![allow(clippy::unwrap_used)]

use rayon::prelude::*;
use swiss_systems::{Edition, Options};

/// Replays `dir` with `system` and asserts that all `rounds` rounds of all
/// `tournaments` tournaments are reproduced.
fn check(system: &str, options: Options, dir: &str, tournaments: usize, rounds: u64) {
    let entry = swiss_systems::find(system).unwrap();
    let files = swiss_testdata::files(
        &swiss_testdata::path(dir),
        entry.reference_extension().unwrap(),
    )
    .unwrap();
    let a = swiss_testdata::replay_files(system, &files, |f| {
        let text = swiss_testdata::read_text(f)?;
        entry
            .replay_reference(&options, &text, &f.display().to_string())
            .map_err(swiss_testdata::CorpusError::Invalid)
    })
    .unwrap();
    println!("{a} ({} fully reproduced)", a.reproduced);
    for d in a.details.iter().take(20) {
        println!("{d}");
    }
    assert_eq!(
        (a.tournaments, a.rounds),
        (tournaments, rounds),
        "{dir}: corpus size"
    );
    assert!(a.all_agree(), "{}", a);
}

#[test]
fn dutch_2017_reference_tournaments() {
    let edition = Options::DEFAULT.with_edition(Some(Edition::DUTCH_2017));
    check("dutch", edition, "oracle/dutch", 400, 3030);
}

/// The 2026 edition on the reference engine's 2026 data (400 tournaments,
/// 3,142 rounds): every round agrees.
#[test]
fn dutch_2026_reference_tournaments() {
    let entry = swiss_systems::find("dutch").unwrap();
    let options = Options::DEFAULT.with_edition(Some(Edition::DUTCH_2026));
    let files = swiss_testdata::files(&swiss_testdata::path("oracle/dutch-2026"), "trf").unwrap();
    let a = swiss_testdata::replay_files("dutch-2026", &files, |f| {
        let text = swiss_testdata::read_text(f)?;
        entry
            .replay_reference(&options, &text, &f.display().to_string())
            .map_err(swiss_testdata::CorpusError::Invalid)
    })
    .unwrap();
    println!("{a}");
    assert_eq!((a.tournaments, a.rounds), (400, 3142), "corpus size");
    assert_eq!(a.identical, 3142, "{a}");
}

#[test]
fn tcec_reference_tournaments() {
    check("tcec", Options::DEFAULT, "oracle/tcec", 150, 1830);
}

/// The 203 per-round case files: pairs, colours, bye and board order
/// exactly as the reference engine wrote them.
#[test]
fn dutch_2017_reference_case_files() {
    let dutch = swiss_systems::find("dutch")
        .unwrap()
        .build(&Options::DEFAULT.with_edition(Some(Edition::DUTCH_2017)))
        .unwrap();
    let cases = swiss_testdata::cases(&swiss_testdata::path("oracle/dutch-cases")).unwrap();
    assert_eq!(cases.len(), 203);
    let failures = swiss_testdata::check_cases(dutch.as_ref(), &cases);
    println!(
        "dutch cases: {}/{} identical (pairs, colours, bye, board order)",
        cases.len() - failures.len(),
        cases.len()
    );
    for f in failures.iter().take(5) {
        println!("{f}");
    }
    assert!(failures.is_empty(), "{} case files differ", failures.len());
}

/// Each case file is exactly the state before its round of the full
/// tournament it was cut from (oracle README, "How to derive test case
/// k"), the initial colour read back from round 1 by the Dutch rules
/// (E.5), and its expected pairing is the recorded round.
#[test]
fn dutch_case_files_are_the_derived_inputs() {
    let dutch = swiss_systems::find("dutch")
        .unwrap()
        .build(&Options::DEFAULT.with_edition(Some(Edition::DUTCH_2017)))
        .unwrap();
    let cases = swiss_testdata::cases(&swiss_testdata::path("oracle/dutch-cases")).unwrap();
    for case in &cases {
        let name = case.path.display();
        let stem = case.path.file_stem().unwrap().to_str().unwrap();
        let (tour, _) = stem.rsplit_once("-r").unwrap();
        let full = swiss_testdata::read_trf(
            &swiss_testdata::path("oracle/dutch").join(format!("{tour}.trf")),
        )
        .unwrap();
        let round = case.input.next_round();
        let mut cut = swiss_core::before_round(&full, round);
        cut.initial_colour = dutch.initial_colour(&full);
        let derived = swiss_core::RoundState::before(&cut, round);
        let from_case = swiss_core::RoundState::before(&case.input, round);
        assert_eq!(derived, from_case, "{name}");
        let recorded = swiss_core::Pairing::recorded(&full, round);
        assert!(
            swiss_core::same_pairing(&case.expected, &recorded),
            "{name}"
        );
    }
}

/// The hunt's corpus (`testdata/hunt/dutch-EDITION`, README there):
/// tournaments of the hardest shapes the hunt against the reference
/// engine generated (small fields played almost to a round robin, events
/// ending in a round no legal pairing exists for, forbidden pairs,
/// accelerations, every point system), paired by the reference for
/// `edition`. Every round must agree, and where the reference found no
/// legal pairing ours must find none either.
fn hunt_corpus(edition: &'static str, tournaments: usize, unpairable: usize) {
    let entry = swiss_systems::find("dutch").unwrap();
    let engine = entry
        .build(&Options::DEFAULT.with_edition(Some(entry.edition(edition).unwrap())))
        .unwrap();
    let dir = swiss_testdata::path(&format!("hunt/dutch-{edition}"));
    let files = swiss_testdata::files(&dir, "trf").unwrap();
    let outcomes: Vec<_> = files
        .par_iter()
        .map(|f| {
            let t = swiss_testdata::read_trf(f).unwrap();
            (f, xtask::hunt::compare(engine.as_ref(), &t))
        })
        .collect();
    let rounds: u32 = outcomes.iter().map(|(_, o)| o.rounds).sum();
    let identical: u32 = outcomes.iter().map(|(_, o)| o.identical).sum();
    let ending = outcomes
        .iter()
        .filter(|(_, o)| o.no_pairing.is_some())
        .count();
    println!(
        "dutch {edition} hunt corpus: {identical}/{rounds} rounds identical in {} tournaments \
         ({ending} ending in an unpairable round)",
        files.len()
    );
    for (f, o) in &outcomes {
        for d in &o.differences {
            println!("{}: {d}", f.display());
        }
    }
    assert_eq!(
        (files.len(), ending),
        (tournaments, unpairable),
        "corpus size"
    );
    assert_eq!(identical, rounds);
}

#[test]
fn dutch_2026_hunt_corpus() {
    hunt_corpus("2026", 260, 52);
}

#[test]
fn dutch_2017_hunt_corpus() {
    hunt_corpus("2017", 260, 52);
}

/// The team hunt's corpus (`testdata/hunt/team`, README "Team
/// tournaments"): team events our generator wrote, seated as the reference
/// platform seats a bracket, whose every round Gacrux 1.10.62
/// (`pairingchecker -c`) re-paired identically. Every round must still be
/// ours, pairs and colours, with that seating (`Seating::ScoreThenTpn`).
#[test]
fn team_hunt_corpus() {
    use swiss_core::{Pairing, before_round};
    use swiss_team::{Options, Seating};
    let options = Options::DEFAULT.with_seating(Seating::ScoreThenTpn);
    let files = swiss_testdata::files(&swiss_testdata::path("hunt/team"), "trf").unwrap();
    let set = |p: &Pairing| {
        let mut v: Vec<(u32, u32)> = p.pairs.iter().map(|x| (x.white, x.black)).collect();
        v.sort_unstable();
        (v, p.bye)
    };
    let outcomes: Vec<(u32, Vec<String>)> = files
        .par_iter()
        .map(|f| {
            let t = swiss_testdata::read_trf(f).unwrap();
            let mut differ = Vec::new();
            for round in 1..=t.played_rounds() {
                let recorded = Pairing::recorded(&t, round);
                match swiss_team::pair(&before_round(&t, round), &options) {
                    Ok(p) if set(&p) == set(&recorded) => {}
                    other => differ.push(format!(
                        "{} round {round}: recorded {recorded}, ours {other:?}",
                        f.display()
                    )),
                }
            }
            (t.played_rounds(), differ)
        })
        .collect();
    let rounds: u32 = outcomes.iter().map(|o| o.0).sum();
    let differ: Vec<&String> = outcomes.iter().flat_map(|o| &o.1).collect();
    println!(
        "team hunt corpus: {} of {rounds} rounds identical in {} tournaments",
        rounds as usize - differ.len(),
        files.len()
    );
    assert_eq!(files.len(), 311);
    assert!(differ.is_empty(), "{differ:#?}");
}

/// A pairing of teams: the pairs and the PAB.
type TeamPairing = (Vec<(u32, u32)>, Option<u32>);

/// Every pairing of `teams` (each team once; one left over for the PAB
/// when odd).
fn all_team_pairings(teams: &[u32]) -> Vec<TeamPairing> {
    if teams.len() % 2 == 1 {
        return teams
            .iter()
            .flat_map(|&bye| {
                let rest: Vec<u32> = teams.iter().copied().filter(|&t| t != bye).collect();
                all_team_pairings(&rest)
                    .into_iter()
                    .map(move |(pairs, _)| (pairs, Some(bye)))
            })
            .collect();
    }
    let Some((&first, rest)) = teams.split_first() else {
        return vec![(Vec::new(), None)];
    };
    let mut out = Vec::new();
    for (i, &other) in rest.iter().enumerate() {
        let left: Vec<u32> = rest
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &t)| t)
            .collect();
        for (mut pairs, bye) in all_team_pairings(&left) {
            pairs.push((first, other));
            out.push((pairs, bye));
        }
    }
    out
}

/// The team hunt's rounds our engine found no legal pairing for
/// (`testdata/hunt/team-unpairable`: the state before the round, its
/// announced byes included; events of at most 10 teams), where Gacrux
/// 1.10.62 paired anyway, breaking `[C2]` or leaving teams out
/// (interpretation 9 of swiss-team). Ours must refuse each, and an
/// exhaustive search over every pairing of the teams to pair, judged by
/// the independent verifier (`swiss_verify::Team`: `[C1]`, `[C2]`), must
/// find none legal: the refusal is right, not a failure to search.
#[test]
fn team_unpairable_rounds_have_no_legal_pairing() {
    use swiss_core::{Pair, Pairing};
    use swiss_verify::Verifier;
    let files =
        swiss_testdata::files(&swiss_testdata::path("hunt/team-unpairable"), "trf").unwrap();
    assert_eq!(files.len(), 40);
    files.par_iter().for_each(|f| {
        let t = swiss_testdata::read_trf(f).unwrap();
        let round = t.next_round();
        let ours = swiss_team::pair(&t, &swiss_team::Options::DEFAULT);
        assert!(
            matches!(ours, Err(swiss_core::PairingError::NoLegalPairing { .. })),
            "{}: {ours:?}",
            f.display()
        );
        let ts = t.teams.as_ref().unwrap();
        let teams = ts.to_pair(&t, round);
        assert!(teams.len() <= 10, "{}", f.display());
        for (pairs, bye) in all_team_pairings(&teams) {
            let p = Pairing {
                round,
                pairs: pairs
                    .iter()
                    .map(|&(white, black)| Pair { white, black })
                    .collect(),
                bye,
            };
            assert!(
                !swiss_verify::Team.verify(&t, &p).is_empty(),
                "{}: {p} is legal",
                f.display()
            );
        }
    });
}
