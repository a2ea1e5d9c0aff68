//! The rule text's own examples and the README's worked checks, plus the
//! behaviour every caller relies on (determinism, the `PairingSystem`
//! view, no endless loop).
#![allow(clippy::unwrap_used)]

mod common;

use common::{add_column, games, play, players};
use swiss_core::{PairingError, PairingSystem};
use swiss_tcec::{
    Format, Options, Seeding, Tcec, TcecError, final_ranking, group_seeding, pair_next_round,
    random_seeding, read_reference, renumber, seeding::group_sizes,
};

/// README worked check 1: 4 players, single, every game drawn
/// (`TCEC STEP 1`, `TCEC STEP 3` removals, `TCEC STEP 4`, `TCEC STEP 5`
/// 2112 pattern, playing order).
#[test]
fn worked_check_four_players_all_draws() {
    let mut t = players(4);
    let r1 = play(&mut t, Format::Single, "DD");
    assert_eq!(games(&r1), ["4-3", "2-1"]);
    let r2 = play(&mut t, Format::Single, "DD");
    // Equal WGD and score: the 2112 pattern gives first-of-pair white in round 2.
    assert_eq!(games(&r2), ["2-4", "1-3"]);
    let r3 = play(&mut t, Format::Single, "DD");
    assert_eq!(games(&r3), ["3-2", "1-4"]);
    assert_eq!(r3.history_rounds_removed, 0);
    let r4 = play(&mut t, Format::Single, "DD");
    assert_eq!(
        (
            r4.history_rounds_removed,
            r4.history_rounds_removed_this_round
        ),
        (1, 1)
    );
    assert_eq!(games(&r4), ["4-3", "2-1"]);
    let r5 = play(&mut t, Format::Single, "DD");
    assert_eq!(
        (
            r5.history_rounds_removed,
            r5.history_rounds_removed_this_round
        ),
        (2, 1)
    );
    assert_eq!(games(&r5), ["4-2", "3-1"]);
}

/// `TCEC STEP 3` in the arbiter's comparison (`PairingSystem::breaches`):
/// after four drawn rounds of four players the engine removes rounds 1
/// and 2 for round 5, so a pair that last met in round 2 may meet again
/// and one that met in round 3 or 4 may not.
#[test]
fn a_pair_met_in_the_history_kept_breaks_step_3() {
    let mut t = players(4);
    for _ in 0..4 {
        play(&mut t, Format::Single, "DD");
    }
    let sys = Tcec::new(Options::DEFAULT);
    let pairing = |pairs: [[u32; 2]; 2]| swiss_core::Pairing {
        round: 5,
        pairs: pairs
            .iter()
            .map(|&[white, black]| swiss_core::Pair { white, black })
            .collect(),
        bye: None,
    };
    // The engine's round 5 repeats round 2's pairs (rounds 1-2 removed).
    assert!(sys.breaches(&t, &pairing([[4, 2], [3, 1]])).is_empty());
    // Round 3's pairs, kept in the history.
    let found = sys.breaches(&t, &pairing([[3, 2], [1, 4]]));
    let details: Vec<&str> = found.iter().map(|b| b.detail.as_str()).collect();
    assert_eq!(
        details,
        [
            "3 and 2 met in round 3, which the encounter history keeps (rounds 1-2 removed)",
            "1 and 4 met in round 3, which the encounter history keeps (rounds 1-2 removed)",
        ]
    );
    assert!(found.iter().all(|b| b.rule == "TCEC STEP 3"));
}

/// README worked check 2: 5 players, single, results W W / D B / D W /
/// D B / W W (`TCEC STEP 2` BYEs, `TCEC STEP 3` removal of two rounds at
/// once, `TCEC STEP 5` higher score takes black).
#[test]
fn worked_check_five_players_with_byes() {
    let mut t = players(5);
    let mut byes = Vec::new();
    for results in ["WW", "DB", "DW", "DB", "WW"] {
        byes.push(play(&mut t, Format::Single, results).bye.unwrap());
    }
    assert_eq!(byes, [5, 3, 1, 2, 4]);
    let r6 = pair_next_round(&t, &Options::default()).unwrap();
    // Everyone has had a BYE: the lowest-placed player gets the second.
    assert_eq!(r6.bye, Some(3));
    // Seed 5 has met every other active player: rounds 1 and 2 go at once.
    assert_eq!(
        (
            r6.history_rounds_removed,
            r6.history_rounds_removed_this_round
        ),
        (2, 2)
    );
    assert_eq!(games(&r6), ["2-4", "1-5"]);
}

/// Group seeding (rule text, "Seeding"), the text's example: 11 players
/// in 4 groups, S1 = A1, S2 = B1, S3 = C1, S4 = D1, S5 = A2, ... The
/// sizes follow the Python sketch (3, 3, 3, 2); the text's "A-C have 4
/// players and D has 3" is the split of 15 players, checked too.
#[test]
fn group_seeding_example_of_the_text() {
    let strength: Vec<String> = "A1 A2 A3 B1 B2 B3 C1 C2 C3 D1 D2"
        .split(' ')
        .map(String::from)
        .collect();
    assert_eq!(group_sizes(11, 4), [3, 3, 3, 2]);
    let seeds = group_seeding(&strength, 4).unwrap();
    assert_eq!(seeds.join(" "), "A1 B1 C1 D1 A2 B2 C2 D2 A3 B3 C3");
    assert_eq!(group_sizes(15, 4), [4, 4, 4, 3]);
    let seeds = group_seeding(&(1..=15).collect::<Vec<u32>>(), 4).unwrap();
    assert_eq!(seeds, [1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12]);
    // The recommended 6 groups of about 7 for TCEC-sized fields.
    assert_eq!(group_sizes(40, 6), [7, 7, 7, 7, 6, 6]);
    assert!(group_seeding(&strength, 0).is_err());
}

/// Random seeding is a permutation, reproducible from its seed.
#[test]
fn random_seeding_is_reproducible() {
    let players: Vec<u32> = (1..=50).collect();
    let a = random_seeding(&players, 42);
    assert_eq!(a, random_seeding(&players, 42));
    assert_ne!(a, random_seeding(&players, 43));
    assert_eq!(Seeding::Random { seed: 42 }.apply(&players).unwrap(), a);
    assert_eq!(Seeding::AsGiven.apply(&players).unwrap(), players);
    assert_eq!(
        Seeding::Groups { groups: 2 }
            .apply(&[1, 2, 3, 4, 5])
            .unwrap(),
        [1, 4, 2, 5, 3]
    );
    let mut sorted = a.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, players);
}

/// Renumbering by a seed order: start numbers 1..P in seed order,
/// opponents follow.
#[test]
fn renumbering_follows_the_seed_order() {
    let mut t = players(4);
    add_column(&mut t, &[(2, 1, 'W'), (4, 3, 'D')], None, &[]);
    let r = renumber(&t, &[3, 1, 4, 2]).unwrap();
    let names: Vec<&str> = r.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Engine03", "Engine01", "Engine04", "Engine02"]);
    // Old 2 (now 4) beat old 1 (now 2) with white.
    assert_eq!(r.players[3].rounds[0].opponent, Some(2));
    assert_eq!(r.players[1].rounds[0].opponent, Some(4));
    assert!(renumber(&t, &[1, 1, 2, 3]).is_err());
    assert!(renumber(&t, &[1, 2, 3]).is_err());
}

/// `TCEC STEP 3`: when the colour conditions alone block every pairing
/// (players 1-4 all at WGD +2, 5-8 absent), the engine says so instead of
/// removing rounds forever.
#[test]
fn no_legal_pairing_is_reported_not_looped() {
    let mut t = players(8);
    add_column(
        &mut t,
        &[(1, 5, 'D'), (2, 6, 'D'), (3, 7, 'D'), (4, 8, 'D')],
        None,
        &[],
    );
    add_column(
        &mut t,
        &[(1, 6, 'D'), (2, 5, 'D'), (3, 8, 'D'), (4, 7, 'D')],
        None,
        &[],
    );
    add_column(&mut t, &[], None, &[5, 6, 7, 8]);
    let err = pair_next_round(&t, &Options::default()).unwrap_err();
    let TcecError::NoLegalPairing { round, reason } = &err else {
        panic!("{err:?}");
    };
    assert_eq!(*round, 3);
    assert!(reason.contains("WGD +2: 1 2 3 4"), "{reason}");
    let sys = Tcec::default();
    assert!(matches!(
        sys.pair(&t),
        Err(PairingError::NoLegalPairing { round: 3, .. })
    ));
}

/// Same record, same pairing: no hidden state (a 200-player event paired
/// twice from scratch).
#[test]
fn pairing_is_deterministic() {
    let run = || {
        let mut t = players(201);
        let mut rng = swiss_core::simulate::Rng::new(9);
        let mut out = Vec::new();
        for _ in 0..12 {
            let n = pair_next_round(&t, &Options::default())
                .unwrap()
                .games
                .len();
            let results: String = (0..n)
                .map(|_| ['W', 'D', 'B'][rng.below(3) as usize])
                .collect();
            out.push(play(&mut t, Format::Single, &results));
        }
        out
    };
    assert_eq!(run(), run());
}

/// The `PairingSystem` view (one TRF column at a time, boards in playing
/// order) agrees with every column of the reference data, the second
/// games of double rounds included (`TCEC STEP 4`, `TCEC STEP 5`).
#[test]
fn pairing_system_checks_every_reference_column() {
    let (mut columns, mut files) = (0, 0);
    for path in swiss_testdata::files(&swiss_testdata::path("oracle/tcec"), "json").unwrap() {
        let reference = read_reference(&std::fs::read_to_string(&path).unwrap(), "x").unwrap();
        let t = reference.to_tournament().unwrap();
        let sys = Tcec::new(reference.options());
        let report = swiss_core::check(&sys, &t);
        assert!(
            report.differences.is_empty(),
            "{}: {:?}",
            reference.id,
            report.differences
        );
        // Boards in playing order, column by column.
        for k in 1..=t.played_rounds() {
            let p = sys.pair(&swiss_core::before_round(&t, k)).unwrap();
            let round =
                &reference.rounds[reference.options().format.tcec_round_of_column(k) as usize - 1];
            let game = if reference.options().format == Format::Double && k % 2 == 0 {
                2
            } else {
                1
            };
            let want: Vec<(u32, u32)> = swiss_tcec::playing_order(
                &round
                    .pairs
                    .iter()
                    .map(swiss_tcec::reference::ReferencePair::pair)
                    .collect::<Vec<_>>(),
                reference.options().format,
                swiss_tcec::DoubleGameOrder::Cycle,
            )
            .iter()
            .filter(|g| g.game_of_pair == game)
            .map(|g| (g.white, g.black))
            .collect();
            let got: Vec<(u32, u32)> = p.pairs.iter().map(|x| (x.white, x.black)).collect();
            assert_eq!(got, want, "{} column {k}", reference.id);
        }
        columns += report.rounds;
        files += 1;
    }
    assert_eq!(files, 150);
    println!("tcec (PairingSystem): {columns} TRF columns checked in {files} tournaments");
}

/// Final ranking (rule text, "General structure"): score, fewer BYEs,
/// then black games, then Sonneborn-Berger.
#[test]
fn final_ranking_orders_by_score_byes_black_games_sb() {
    let mut t = players(3);
    // Round 1: 2-1 drawn, 3 BYE. Round 2: 3-2 drawn, 1 BYE. Round 3: 1-3 drawn, 2 BYE.
    add_column(&mut t, &[(2, 1, 'D')], Some(3), &[]);
    add_column(&mut t, &[(3, 2, 'D')], Some(1), &[]);
    add_column(&mut t, &[(1, 3, 'D')], Some(2), &[]);
    let r = final_ranking(&t);
    // Everyone 2.0 with one BYE and one black game; SB equal too: seed order.
    let order: Vec<u32> = r.iter().map(|e| e.start_no).collect();
    assert_eq!(order, [1, 2, 3]);
    assert!(
        r.iter()
            .all(|e| e.score.tenths() == 20 && e.byes == 1 && e.black_games == 1)
    );
    assert_eq!(r[0].sonneborn_berger, 200);
    // A fourth round where 3 beats 2 with black.
    add_column(&mut t, &[(2, 3, 'B')], Some(1), &[]);
    let r = final_ranking(&t);
    let order: Vec<u32> = r.iter().map(|e| e.start_no).collect();
    // 1 and 3 have 3.0, but 1 has two BYEs: 3 first.
    assert_eq!(order, [3, 1, 2]);
}

/// The reference JSON reader names the place of a syntax or schema error.
#[test]
fn reference_errors_are_located() {
    let err = read_reference(
        "{\n  \"schema\": \"tcec-swiss-reference/1\",\n  \"format\": \"triple\"\n}",
        "bad.json",
    )
    .unwrap_err();
    let TcecError::Input(e) = &err else {
        panic!("{err:?}");
    };
    assert_eq!((e.file.as_str(), e.line), ("bad.json", 3), "{e}");
    assert!(e.column > 0);
    let err = read_reference(r#"{"schema": "other/2", "format": "single", "num_players": 0, "players": [], "rounds": []}"#, "x.json").unwrap_err();
    assert!(err.to_string().contains("tcec-swiss-reference/1"), "{err}");
}

/// A TCEC tournament written as TRF and read back pairs the same (`TCEC
/// STEP 1`-`TCEC STEP 5` from the TRF record alone): single with BYEs,
/// double with BYEs (`U` in both columns), removals.
#[test]
fn reference_as_trf_round_trips() {
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/tcec");
    for id in ["shared-001", "shared-004", "shared-012", "shared-061"] {
        let text = std::fs::read_to_string(dir.join(format!("{id}.json"))).unwrap();
        let reference = read_reference(&text, id).unwrap();
        let trf = swiss_core::trf::write(&reference.to_tournament().unwrap());
        let t = swiss_core::trf::read(&trf, id).unwrap();
        let sys = Tcec::new(reference.options());
        let report = swiss_core::check(&sys, &t);
        assert!(
            report.rounds > 0 && report.differences.is_empty(),
            "{id}: {report:?}"
        );
    }
}
