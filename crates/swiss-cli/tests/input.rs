//! What the command does with the files real programs write and with
//! hostile ones: every bad input is exit 3 with a located message and no
//! output file; absentees (XXZ) are never paired; a finished event or a
//! file naming another system is refused.
#![allow(clippy::unwrap_used)]

mod common;
use common::{swiss, testdata, text};

fn names(dir: &str) -> Vec<String> {
    swiss_testdata::all_files(&testdata(dir))
        .unwrap()
        .iter()
        .map(|p| format!("{dir}/{}", p.file_name().unwrap().to_str().unwrap()))
        .collect()
}

/// Issue 12: every malformed file, paired by every system: exit 3 (never
/// 2, never a panic), a message starting with the file and its place, and
/// the output file never created.
#[test]
fn every_bad_input_is_exit_3_located_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out.txt");
    for f in names("trf/invalid")
        .into_iter()
        .chain(names("trf/team/invalid"))
    {
        for system in ["dutch", "tcec"] {
            let o = swiss(&["pair", "--system", system, &f, "-o", out.to_str().unwrap()]);
            let err = text(&o.stderr);
            assert_eq!(o.status.code(), Some(3), "{f} {system}: {err}");
            assert!(err.starts_with(&format!("{f}:")), "{f}: {err}");
            assert!(!err.contains("internal error"), "{f}: {err}");
            assert!(!out.exists(), "{f}: an output file was written");
        }
    }
}

/// Issue 44: the readers accept team tournaments (`swiss validate` says
/// so), and every individual system refuses to pair one (exit 3, at record
/// 192, naming `--system team`), also one without a record 192, and
/// writes nothing.
#[test]
fn team_files_are_valid_and_refused_by_individual_systems() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out.txt");
    for f in names("trf/team/valid") {
        let o = swiss(&["validate", &f]);
        assert_eq!(o.status.code(), Some(0), "{f}: {}", text(&o.stderr));
        assert!(text(&o.stdout).contains(" teams, "), "{}", text(&o.stdout));
        // The TEC sample is finished: `pair` says so first.
        if f.contains("grandmommyscup") {
            continue;
        }
        for system in ["dutch", "dubov", "lim", "tcec"] {
            let o = swiss(&["pair", "--system", system, &f, "-o", out.to_str().unwrap()]);
            let err = text(&o.stderr);
            assert_eq!(o.status.code(), Some(3), "{f} {system}: {err}");
            assert!(err.starts_with(&format!("{f}:")), "{err}");
            assert!(err.contains("a team tournament (FIDE C.04.6"), "{err}");
            assert!(err.contains("pair it with `--system team`"), "{err}");
            assert!(!out.exists(), "{f}: an output file was written");
        }
    }
    // No record 192: the team records say it.
    let f = tmp.path().join("untyped.trf");
    let text_192 = std::fs::read_to_string(testdata("trf/team/valid/team-tournament.trf")).unwrap();
    std::fs::write(&f, text_192.replace("192 FIDE_TEAM_BAKU\n", "")).unwrap();
    let o = swiss(&["pair", "--system", "dutch", f.to_str().unwrap()]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("a team tournament (FIDE C.04.6; team records 310/013) cannot be paired")
            && err.contains("`--system team`"),
        "{err}"
    );
}

/// Issue 18.1: players named by `XXZ` (or JSON `absent`) do not play the
/// round being paired: no system pairs them, and the TRF written back
/// records them as `0000 - Z` in that round (no `XXZ` left to apply to
/// the next round).
#[test]
fn absentees_are_never_paired_and_written_back_as_z() {
    for f in ["trf/valid/xxz-absent.trf", "trf/valid/json-absent.json"] {
        for system in ["dutch", "tcec"] {
            let o = swiss(&["pair", "--system", system, f]);
            assert_eq!(o.status.code(), Some(0), "{f}: {}", text(&o.stderr));
            let ids: Vec<String> = text(&o.stdout)
                .lines()
                .skip(1)
                .flat_map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
                .collect();
            assert!(
                !ids.iter().any(|s| s == "2" || s == "5"),
                "{f} {system}: {ids:?}"
            );
            assert_eq!(ids.len(), 4, "{f} {system}: the other four are paired");
        }
        let o = swiss(&["pair", "--system", "dutch", "--format", "trf", f]);
        let written = text(&o.stdout);
        assert!(!written.lines().any(|l| l.starts_with("XXZ")), "{written}");
        for id in ["   2", "   5"] {
            let line = written
                .lines()
                .find(|l| l.starts_with(&format!("001 {id}")))
                .unwrap();
            assert!(line.ends_with("  0000 - Z"), "{line}");
        }
        swiss_core::trf::read(&written, "written.trf").unwrap();
    }
}

/// Issue 18.2, 18.3, 18.4 and the warnings: the messages, as a snapshot.
#[test]
fn refusals_and_warnings_name_the_record() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out.txt");
    let mut report = String::new();
    for (f, system) in [
        ("trf/valid/all-rounds-played.trf", "dutch"),
        ("trf/valid/all-rounds-played-142.trf", "tcec"),
        ("trf/valid/system-dubov.trf", "dutch"),
        ("trf/valid/system-dutch-2017.trf", "tcec"),
    ] {
        let o = swiss(&["pair", "--system", system, f, "-o", out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(3), "{f}: {}", text(&o.stderr));
        assert!(!out.exists(), "{f}");
        report.push_str(&text(&o.stderr));
    }
    // The same files are valid records: `validate` accepts them.
    for f in [
        "trf/valid/all-rounds-played.trf",
        "trf/valid/system-dubov.trf",
        "trf/valid/unknown-title.trf",
    ] {
        let o = swiss(&["validate", f]);
        assert_eq!(o.status.code(), Some(0), "{f}: {}", text(&o.stderr));
        report.push_str(&text(&o.stderr));
    }
    // A file naming the rules this build pairs, and one with its points
    // column left blank, pair as any other.
    for f in [
        "trf/valid/system-dutch-2017.trf",
        "trf/valid/system-dutch-in-force.trf",
        "trf/valid/blank-points.trf",
    ] {
        let o = swiss(&["pair", "--system", "dutch", f]);
        assert_eq!(o.status.code(), Some(0), "{f}: {}", text(&o.stderr));
        assert_eq!(text(&o.stdout), "2\n1 4\n3 2\n", "{f}");
    }
    insta::assert_snapshot!(report);
}

/// Issue 12.1: players listed out of order in JSON pair as the same
/// players sorted (the board order does not depend on the list order).
#[test]
fn json_players_in_any_order_pair_the_same() {
    let sorted = swiss(&[
        "pair",
        "--system",
        "dutch",
        "trf/valid/system-dutch-2017.trf",
    ]);
    let shuffled = swiss(&[
        "pair",
        "--system",
        "dutch",
        "trf/valid/json-players-out-of-order.json",
    ]);
    assert_eq!(
        shuffled.status.code(),
        Some(0),
        "{}",
        text(&shuffled.stderr)
    );
    assert_eq!(text(&shuffled.stdout), text(&sorted.stdout));
}

/// Issue 12.2: a TCEC reference document (double format) planning
/// 4294967295 rounds: its column count no longer overflows, and the
/// validator refuses it (exit 3, at the model's `planned_rounds`).
#[test]
fn tcec_reference_planning_too_many_rounds_is_exit_3() {
    let doc = std::fs::read_to_string(testdata("oracle/tcec/shared-004.json")).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&doc).unwrap();
    assert_eq!(doc["format"], "double");
    doc["num_rounds"] = serde_json::json!(4_294_967_295u32);
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("huge.json");
    std::fs::write(&f, doc.to_string()).unwrap();
    let o = swiss(&["validate", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains(
            "at `planned_rounds`: expected a number of rounds from 1 to 255, found 4294967295"
        ),
        "{}",
        text(&o.stderr)
    );
}

/// Issue 16: a file naming its Dutch edition (192) is paired under it
/// unless `--edition` overrides. Round 2 of a five-player reference event:
/// the 2026 rules give the PAB to 4 (C5), the 2017 rules to 1.
#[test]
fn the_file_names_the_edition_and_the_flag_overrides_it() {
    let path = swiss_testdata::path("oracle/dutch-2026/t0020-p005-r04.trf");
    let mut t = swiss_core::trf::read(&std::fs::read_to_string(path).unwrap(), "t").unwrap();
    t.truncate_rounds(1);
    let tmp = tempfile::tempdir().unwrap();
    let mut bye = |code: &str, flag: &[&str]| {
        t.system = Some(code.to_string());
        let f = tmp.path().join("t.trf");
        std::fs::write(&f, swiss_core::trf::write(&t)).unwrap();
        let args = [&["pair", "--system", "dutch"], flag, &[f.to_str().unwrap()]].concat();
        let o = swiss(&args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        text(&o.stdout).lines().last().unwrap().to_string()
    };
    assert_eq!(bye("FIDE_DUTCH_2026", &[]), "4 0");
    assert_eq!(bye("FIDE_DUTCH", &[]), "4 0");
    assert_eq!(bye("FIDE_DUTCH_2017", &[]), "1 0");
    assert_eq!(bye("FIDE_DUTCH_2017", &["--edition", "2026"]), "4 0");
    assert_eq!(bye("FIDE_DUTCH_2026", &["--edition", "2017"]), "1 0");
}

/// Issue 26.1: forbidden pairs (`XXP 3 4`, `260 1 3 1 2`) are respected
/// by every system, TCEC included (its rule interpretation 10).
#[test]
fn every_system_respects_forbidden_pairs() {
    let f = "trf/valid/forbidden-pairs-round-1.trf";
    for system in ["dutch", "dubov", "lim", "tcec"] {
        let mut args = vec!["pair", "--system", system, f];
        if system == "dubov" {
            args.extend(["--default-rating", "1500"]);
        }
        let o = swiss(&args);
        assert_eq!(o.status.code(), Some(0), "{system}: {}", text(&o.stderr));
        let out = text(&o.stdout);
        for line in out.lines().skip(1) {
            let mut ids: Vec<u32> = line.split(' ').map(|s| s.parse().unwrap()).collect();
            ids.sort_unstable();
            assert!(ids != [3, 4] && ids != [1, 2], "{system}: {out}");
        }
    }
}

/// Issue 26.1: a round paired but without results is never scored as
/// lost and paired past: every system refuses it (exit 3) at each game;
/// `validate` reads it with a warning per game.
#[test]
fn an_unfinished_round_is_refused_by_every_system() {
    let f = "trf/valid/unfinished-round.trf";
    let mut report = String::new();
    for system in ["dutch", "dubov", "lim", "tcec"] {
        let o = swiss(&["pair", "--system", system, f]);
        assert_eq!(o.status.code(), Some(3), "{system}: {}", text(&o.stderr));
        assert!(o.stdout.is_empty(), "{system}");
        let err = text(&o.stderr);
        assert!(err.contains(&format!("{f}:3:102: round 2:")), "{err}");
        if system == "dutch" {
            report.push_str(&err);
        }
    }
    let o = swiss(&["validate", f]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    report.push_str(&text(&o.stderr));
    insta::assert_snapshot!(report);
}

/// Issue 26.2: input problems are exit 3 with short messages. Dubov with
/// 9,999 unrated players (the list is cut), Dubov without `XXR`, and
/// `validate` on 20,000 bad start numbers (ten per kind, then a count).
#[test]
fn input_problems_are_exit_3_with_short_messages() {
    let tmp = tempfile::tempdir().unwrap();
    let unrated = tmp.path().join("unrated.trf");
    let mut trf = String::from("XXR 5\n");
    for i in 1..=9999 {
        trf.push_str(&format!("001 {i:>4}      Player {i}\n"));
    }
    std::fs::write(&unrated, &trf).unwrap();
    let o = swiss(&["pair", "--system", "dubov", unrated.to_str().unwrap()]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.len() < 400, "{} bytes: {err}", err.len());
    assert!(
        err.contains("1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ... and 9989 more"),
        "{err}"
    );

    let no_xxr = tmp.path().join("no-xxr.trf");
    let rated: String = (1..=4)
        .map(|i| format!("001 {i:>4}      Player {i:<26} {:>4}\n", 2000 - i))
        .collect();
    std::fs::write(&no_xxr, rated).unwrap();
    let o = swiss(&["pair", "--system", "dubov", no_xxr.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("Dubov 1.8"), "{}", text(&o.stderr));

    let bad = tmp.path().join("bad-ids.trf");
    let lines: String = (0..20_000).map(|_| "001 xxxx      Nobody\n").collect();
    std::fs::write(&bad, format!("001    1      Somebody\n{lines}")).unwrap();
    let o = swiss(&["validate", bad.to_str().unwrap()]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.lines().count() <= 14, "{err}");
    assert!(
        err.contains("... and 19,990 more errors like the one at line 2"),
        "{err}"
    );
}

/// Issue 27.2: the exit code follows the kind of the engine's error, the
/// same in every system. No legal pairing (exit 1): players 1-4 had White
/// twice (against 5-8, who are absent now), so no two of them may meet
/// (Dutch C.3, Dubov C.3, Lim 5.1 a, TCEC STEP 3's colour condition).
/// An input the system cannot pair as given (exit 3): Dubov's unrated
/// players without a default rating. An edition that does not handle a
/// valid input (exit 3): the Dutch 2012 limit, in
/// `the_2012_edition_refuses_fields_above_its_limit`. An engine's internal
/// error (exit 2) cannot be caused by a file: its code is checked in the
/// command's unit tests.
#[test]
fn exit_codes_follow_the_error_kind_in_every_system() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("blocked.trf");
    let mut trf = String::from("XXR 5\n");
    // Round 1: 1-5, 2-6, 3-7, 4-8; round 2: 1-6, 2-5, 3-8, 4-7; White wins.
    let opponents = [
        [5, 6],
        [6, 5],
        [7, 8],
        [8, 7],
        [1, 2],
        [2, 1],
        [3, 4],
        [4, 3],
    ];
    for (i, [r1, r2]) in (1u32..).zip(opponents) {
        let (c, res) = if i <= 4 { ('w', '1') } else { ('b', '0') };
        trf.push_str(&format!(
            "001 {i:>4}      Player {i:<26} {:>4}{:39}{r1:04} {c} {res}  {r2:04} {c} {res}\n",
            2000 - i,
            ""
        ));
    }
    trf.push_str("XXZ 5 6 7 8\n");
    std::fs::write(&f, &trf).unwrap();
    let f = f.to_str().unwrap();
    assert_eq!(swiss(&["validate", f]).status.code(), Some(0), "{trf}");
    for system in ["dutch", "dubov", "lim", "tcec"] {
        let o = swiss(&["pair", "--system", system, f]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{system}: {err}\n{trf}");
        assert!(err.contains("no legal pairing"), "{system}: {err}");
    }

    let unrated = tmp.path().join("unrated.trf");
    std::fs::write(
        &unrated,
        "XXR 5\n001    1      One\n001    2      Two\n001    3      Three\n",
    )
    .unwrap();
    let o = swiss(&["pair", "--system", "dubov", unrated.to_str().unwrap()]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.starts_with("swiss: cannot pair round 1: Dubov 1.1:"),
        "{err}"
    );
    assert!(!err.contains("bug"), "{err}");
    let o = swiss(&[
        "pair",
        "--system",
        "dubov",
        "--default-rating",
        "1500",
        unrated.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

/// A TRF file of `n` players before round 1 whose every pair is
/// forbidden, in three `XXP` lines: the first and second thirds of the
/// field, the second and third, the first and third.
fn all_forbidden(n: u32) -> String {
    let mut trf = String::from("012 All forbidden\nXXR 9\n");
    for i in 1..=n {
        trf.push_str(&format!(
            "001 {i:>4}      Player {i:<26} {:>4}\n",
            2800 - i % 1500
        ));
    }
    let third = |k: u32| (k * n / 3 + 1)..=((k + 1) * n / 3);
    for (a, b) in [(0, 1), (1, 2), (0, 2)] {
        let ids: Vec<String> = third(a).chain(third(b)).map(|i| i.to_string()).collect();
        trf.push_str(&format!("XXP {}\n", ids.join(" ")));
    }
    trf
}

/// Issue 43.2: a 9,999-player field whose every pair is forbidden (three
/// `XXP` lines, 0.6 MB) is a round without a legal pairing in every
/// system and edition: exit 1, no output file, and a short message that
/// says why (the players without a compatible opponent, or how many can
/// be paired), not the whole field. Found before any bracket's weights
/// are built; `cargo xtask bench-shapes --shapes all-forbidden` reports
/// its time and peak memory (no time is asserted here).
#[test]
fn an_all_forbidden_field_is_exit_1_in_every_system() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("all-forbidden.trf");
    std::fs::write(&f, all_forbidden(9999)).unwrap();
    let f = f.to_str().unwrap();
    let out = tmp.path().join("out.txt");
    let out = out.to_str().unwrap();
    assert_eq!(swiss(&["validate", f]).status.code(), Some(0));
    let runs: [(&str, &[&str], &str); 5] = [
        (
            "dutch",
            &["--edition", "2026"],
            "9999 of the 9999 players have no compatible opponent under C.04.3 (2026) C1-C3 \
             (every other player forbidden (XXP)), more than the one PAB can take: \
             1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ... and 9989 more",
        ),
        (
            "dutch",
            &["--edition", "2017"],
            "9999 of the 9999 players have no compatible opponent under C.04.3 C.1-C.3",
        ),
        (
            "dubov",
            &["--default-rating", "1500"],
            "at most 1 of them can be paired (or given the bye); a maximum pairing leaves out \
             1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ... and 9988 more",
        ),
        (
            "lim",
            &[],
            "9999 of the 9999 players have no compatible opponent at all (Lim 2.1",
        ),
        (
            "tcec",
            &[],
            "the forbidden pairs (XXP, 260) leave no pairing",
        ),
    ];
    for (system, options, why) in runs {
        let mut args = vec!["pair", "--system", system, f, "-o", out];
        args.extend(options);
        let o = swiss(&args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{system} {options:?}: {err}");
        assert!(
            err.starts_with("swiss: no legal pairing for round 1: "),
            "{system} {options:?}: {err}"
        );
        assert!(err.contains(why), "{system} {options:?}: {err}");
        assert!(err.len() < 500, "{system} {options:?}: {} bytes", err.len());
        assert!(
            !std::path::Path::new(out).exists(),
            "{system}: an output file"
        );
    }
}

/// Issue 26.5: the 2012 edition refuses more players than its search is
/// bounded for (exit 3, naming the edition and the limit); the 2026 rules
/// pair the same file.
#[test]
fn the_2012_edition_refuses_fields_above_its_limit() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("big.trf");
    let n = swiss_dutch_limit() + 1;
    let trf: String = (1..=n)
        .map(|i| format!("001 {i:>4}      Player {i:<26} {:>4}\n", 2800 - i % 1500))
        .collect();
    std::fs::write(&f, format!("XXR 9\n{trf}")).unwrap();
    let f = f.to_str().unwrap();
    let o = swiss(&["pair", "--system", "dutch", "--edition", "2012", f]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains(&format!("the 2012 edition (--edition 2012) pairs at most 1500 players in a round, and this round has {n} to pair")),
        "{err}"
    );
    let o = swiss(&["pair", "--system", "dutch", f]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

fn swiss_dutch_limit() -> usize {
    1500
}

/// Issue 26.6: TRF output of a JSON tournament whose name is longer than
/// the `001` record's 33 columns warns, naming the player, and still
/// writes a file that reads back; JSON output keeps the name whole.
#[test]
fn trf_output_warns_of_a_cut_name() {
    let o = swiss(&[
        "pair",
        "--system",
        "dutch",
        "--format",
        "trf",
        "trf/valid/json-long-name.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("warning: player 1's name is longer than TRF's 33 columns"),
        "{err}"
    );
    assert!(!err.contains("player 2"), "{err}");
    let out = text(&o.stdout);
    assert!(
        out.contains("Wolfeschlegelsteinhausenbergerdor 2100"),
        "{out}"
    );
    swiss_core::trf::read(&out, "out.trf").unwrap();
    let o = swiss(&["pair", "--system", "dutch", "trf/valid/json-long-name.json"]);
    assert!(!text(&o.stderr).contains("warning"), "{}", text(&o.stderr));
}

/// Issue 26.6: a JSON file with a byte-order mark reads as a TRF with one
/// does; `--default-rating` is held to the range of `XXO default-rating`;
/// a finished event at the 255-round limit is not told to add rounds.
#[test]
fn smaller_points_of_issue_26() {
    let o = swiss(&["validate", "trf/valid/json-bom.json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    for r in ["0", "10000"] {
        let o = swiss(&[
            "pair",
            "--system",
            "dubov",
            "--default-rating",
            r,
            "trf/valid/xxo-settings.trf",
        ]);
        assert_eq!(o.status.code(), Some(3), "{r}: {}", text(&o.stderr));
        assert!(text(&o.stderr).contains("expected a default rating from 1 to 9999"));
    }
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("255.trf");
    let (mut a, mut b) = (String::new(), String::new());
    for r in 0..255 {
        let (ca, cb) = if r % 2 == 0 { ('w', 'b') } else { ('b', 'w') };
        a.push_str(&format!("  0002 {ca} ="));
        b.push_str(&format!("  0001 {cb} ="));
    }
    let line = |id: u32, rest: &str| format!("001 {id:>4}      P{id:<32} 2000{:>37}{rest}\n", "");
    std::fs::write(&f, format!("XXR 255\n{}{}", line(1, &a), line(2, &b))).unwrap();
    let o = swiss(&["pair", "--system", "dutch", f.to_str().unwrap()]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("255 is the most rounds a tournament may have"),
        "{err}"
    );
    assert!(!err.contains("raise"), "{err}");
}
