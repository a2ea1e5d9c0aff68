//! End-to-end tests of the `swiss` binary: exit codes, messages, outputs.
#![allow(clippy::unwrap_used)]

use std::process::Command;

mod common;
use common::{swiss, testdata, text};

/// The names of the files of `testdata/<sub>` with extension `ext`, sorted.
fn names(sub: &str, ext: &str) -> Vec<String> {
    swiss_testdata::files(&testdata(sub), ext)
        .unwrap()
        .iter()
        .map(|p| p.file_name().unwrap().to_str().unwrap().to_string())
        .collect()
}

#[test]
fn validate_accepts_every_oracle_file() {
    let files: Vec<String> = names("oracle/dutch", "trf")
        .iter()
        .map(|n| format!("oracle/dutch/{n}"))
        .collect();
    let mut args = vec!["validate"];
    args.extend(files.iter().map(String::as_str));
    let out = swiss(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 400);
}

#[test]
fn validate_rejects_each_malformed_file_with_exit_3_and_a_location() {
    let mut report = String::new();
    let mut files = names("trf/invalid", "trf");
    files.extend(names("trf/invalid", "json"));
    files.sort();
    for n in files {
        let rel = format!("trf/invalid/{n}");
        let out = swiss(&["validate", &rel]);
        assert_eq!(out.status.code(), Some(3), "{rel}");
        let err = text(&out.stderr);
        assert!(err.starts_with(&format!("{rel}:")), "{err}");
        report.push_str(&err);
    }
    insta::assert_snapshot!(report);
}

#[test]
fn missing_file_is_exit_5() {
    let out = swiss(&["validate", "no/such/file.trf"]);
    assert_eq!(out.status.code(), Some(5));
    assert!(text(&out.stderr).contains("no/such/file.trf: cannot read"));
}

/// Issue 26.2: usage errors have an exit code of their own (64), never
/// 2, which is kept for bugs.
#[test]
fn usage_errors_are_exit_64() {
    assert_eq!(
        swiss(&["pair", "--system", "nonsense", "x.trf"])
            .status
            .code(),
        Some(64)
    );
    assert_eq!(swiss(&["--dutch"]).status.code(), Some(64));
    assert_eq!(swiss(&["--dutch", "x.trf", "-q"]).status.code(), Some(64));
    assert_eq!(swiss(&["frobnicate"]).status.code(), Some(64));
    let o = swiss(&[
        "pair",
        "--system",
        "dutch",
        "--default-rating",
        "1500",
        "trf/valid/late-entry.trf",
    ]);
    assert_eq!(o.status.code(), Some(64), "{}", text(&o.stderr));
}

/// The bytes of `swiss pair` are the established engine's output (count
/// line, boards in C.04.2 order, bye last), for the new and the legacy
/// invocation alike, on every reference case file.
#[test]
fn pair_prints_the_established_engines_output_byte_for_byte() {
    let dir = testdata("oracle/dutch-cases");
    let cases = names("oracle/dutch-cases", "trf");
    // Every tenth case keeps the test quick; xtask's oracle test runs them all.
    for name in cases.iter().step_by(10) {
        let rel = format!("oracle/dutch-cases/{name}");
        let expected = std::fs::read_to_string(dir.join(name.replace(".trf", ".pairs"))).unwrap();
        // The case files were paired under the 2017 rules.
        let out = swiss(&["pair", "--system", "dutch", "--edition", "2017", &rel]);
        assert_eq!(out.status.code(), Some(0), "{rel}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), expected, "{rel}");
    }
    let tmp = tempfile::tempdir().unwrap();
    let out_file = tmp.path().join("out.txt");
    let rel = format!("oracle/dutch-cases/{}", cases[0]);
    let out = swiss(&["--dutch", &rel, "-p", out_file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let expected = std::fs::read_to_string(dir.join(cases[0].replace(".trf", ".pairs"))).unwrap();
    assert_eq!(std::fs::read_to_string(&out_file).unwrap(), expected);
}

/// `swiss check` replays a tournament (C.04.A checker): exit 0 when every
/// round agrees, else the differing rounds named (exit 10, or 11 when a
/// recorded pairing breaks an absolute criterion).
#[test]
fn check_reports_agreement_and_differences() {
    let ok = swiss(&[
        "check",
        "--system",
        "dutch",
        "--edition",
        "2017",
        "oracle/dutch/t0148-p007-r06.trf",
    ]);
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stderr));
    assert!(
        text(&ok.stdout).contains("dutch: 6/6 rounds identical in 1 tournaments\n"),
        "{}",
        text(&ok.stdout)
    );

    // Swap the colours of one game of round 2: the checker must notice.
    let t = std::fs::read_to_string(testdata("oracle/dutch/t0148-p007-r06.trf")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("swapped.trf");
    let mut t = swiss_core::trf::read(&t, "t").unwrap();
    for p in &mut t.players {
        if let Some(e) = p.rounds.get_mut(1)
            && let Some(c) = e.colour
        {
            e.colour = Some(c.opposite());
        }
    }
    std::fs::write(&bad, swiss_core::trf::write(&t)).unwrap();
    let out = swiss(&[
        "check",
        "--system",
        "dutch",
        "--edition",
        "2017",
        bad.to_str().unwrap(),
    ]);
    // Round 2's colours reversed: round 2 differs, and later rounds give
    // players a third colour in a row (C.04.3 C.3): exit 11, an illegal
    // pairing.
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(11), "{stdout}");
    assert!(stdout.contains("round 2 differs"), "{stdout}");
    assert!(stdout.contains("illegal pairing: C.04.3 C.3"), "{stdout}");
}

/// A round that cannot be paired is exit 1 with the reason on stderr.
#[test]
fn no_legal_pairing_is_exit_1_with_a_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("two.trf");
    // Two players who have met: no legal round 2 (C.04.3 C.1).
    std::fs::write(
        &f,
        "012 Two players\n\
001    1      One                               2000                             1.0       0002 w 1\n\
001    2      Two                               1900                             0.0       0001 b 0\n",
    )
    .unwrap();
    let out = swiss(&["pair", "--system", "dutch", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("no legal pairing"),
        "{}",
        text(&out.stderr)
    );
}

/// TCEC through the command: a reference JSON replays with no difference
/// (its format comes from the file), the next round pairs, and the final
/// ranking and the seeding commands answer.
#[test]
fn tcec_check_pair_standings_and_seed() {
    let ok = swiss(&["check", "--system", "tcec", "oracle/tcec/shared-004.json"]);
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stdout));
    assert!(text(&ok.stdout).contains("rounds identical in 1 tournaments"));

    // A finished event (5 of 5 planned rounds) is not paired past its end.
    let done = swiss(&[
        "pair",
        "--system",
        "tcec",
        "--format",
        "json",
        "oracle/tcec/shared-003.json",
    ]);
    assert_eq!(done.status.code(), Some(3), "{}", text(&done.stderr));
    assert!(
        text(&done.stderr).contains("at `planned_rounds`: cannot pair round 6"),
        "{}",
        text(&done.stderr)
    );
    // Without its last round, the document pairs round 5 as the reference did.
    let doc = std::fs::read_to_string(testdata("oracle/tcec/shared-003.json")).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&doc).unwrap();
    let last = doc["rounds"].as_array_mut().unwrap().pop().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let cut = tmp.path().join("shared-003-r4.json");
    std::fs::write(&cut, doc.to_string()).unwrap();
    let json = swiss(&[
        "pair",
        "--system",
        "tcec",
        "--format",
        "json",
        cut.to_str().unwrap(),
    ]);
    assert_eq!(json.status.code(), Some(0), "{}", text(&json.stderr));
    let round: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(round["round"], 5);
    let pairs = |v: &serde_json::Value| -> Vec<String> {
        let keys = ["first", "second", "white", "black"];
        let pairs = v["pairs"].as_array().unwrap();
        pairs
            .iter()
            .map(|p| keys.map(|k| p[k].to_string()).join(" "))
            .collect()
    };
    assert_eq!(pairs(&round), pairs(&last));

    let st = swiss(&["standings", "oracle/tcec/shared-003.json"]);
    assert_eq!(st.status.code(), Some(0));
    assert_eq!(text(&st.stdout).lines().count(), 5, "{}", text(&st.stdout));

    // TCEC seeding, group seeding of a 12-player list in 2 groups: seeds
    // alternate between the stronger and the weaker half (TCEC "Seeding").
    let seeded = swiss(&["seed", "--groups", "2", "players/club-12.trf"]);
    assert_eq!(seeded.status.code(), Some(0), "{}", text(&seeded.stderr));
    let t = swiss_core::trf::read(&text(&seeded.stdout), "seeded").unwrap();
    let ratings: Vec<u16> = t.players.iter().map(|p| p.rating.unwrap()).collect();
    assert!(
        ratings[0] > ratings[1] && ratings[1] < ratings[2],
        "{ratings:?}"
    );
}

/// The random tournament generator (C.04.A): K files, each passing its own
/// checker, and the same seed gives the same bytes.
#[test]
fn generate_writes_checkable_reproducible_tournaments() {
    for (system, extra) in [("dutch", None), ("tcec", Some("--double"))] {
        let mut outputs = Vec::new();
        for _ in 0..2 {
            let tmp = tempfile::tempdir().unwrap();
            let dir = tmp.path().to_str().unwrap().to_string();
            let mut args = vec![
                "generate",
                "--system",
                system,
                "--players",
                "12",
                "--rounds",
                "6",
                "--count",
                "3",
                "--seed",
                "7",
                "-o",
                &dir,
            ];
            args.extend(extra);
            let out = swiss(&args);
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            let files = swiss_testdata::files(tmp.path(), "trf").unwrap();
            assert_eq!(files.len(), 3);
            let mut check = vec!["check", "--system", system];
            check.extend(extra);
            let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
            check.extend(names.iter().map(String::as_str));
            let checked = swiss(&check);
            assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stdout));
            outputs.push(
                files
                    .iter()
                    .map(|f| std::fs::read(f).unwrap())
                    .collect::<Vec<_>>(),
            );
        }
        assert_eq!(outputs[0], outputs[1], "{system}: same seed, same files");
    }
}

/// Issue 26: a long `generate` run into a log (standard error not a
/// terminal) says how far it is at each tenth, ending with the count.
#[test]
fn generate_reports_progress_when_not_on_a_terminal() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_str().unwrap().to_string();
    let out = swiss(&[
        "generate",
        "--system",
        "dutch",
        "--players",
        "6",
        "--rounds",
        "3",
        "--count",
        "20",
        "--seed",
        "1",
        "-o",
        &dir,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stderr)
        .lines()
        .filter(|l| l.starts_with("generate: "))
        .map(str::to_string)
        .collect();
    let expected: Vec<String> = (1..=10)
        .map(|k| format!("generate: {}/20 tournaments", 2 * k))
        .collect();
    assert_eq!(lines, expected);
}

/// Issue 16: `--format trf26` writes the same tournament as `--format trf`,
/// in TRF-2026 (CR line ends, 142/162/240/250/260 records), and
/// `generate --trf26` writes files that read back and validate.
#[test]
fn pair_and_generate_write_trf_2026() {
    // Without its 192 record, which names the edition: any Dutch edition
    // writes the same records.
    let tmp = tempfile::tempdir().unwrap();
    let records = std::fs::read_to_string(testdata("trf/valid/trf26-records.trf")).unwrap();
    let records: Vec<&str> = records
        .split('\r')
        .filter(|l| !l.starts_with("192"))
        .collect();
    let file = tmp.path().join("records.trf");
    std::fs::write(&file, records.join("\r")).unwrap();
    let file = file.to_str().unwrap();
    let run = |format: &str| {
        let out = swiss(&["pair", "--system", "dutch", "--format", format, file]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let (old, new) = (run("trf"), run("trf26"));
    assert!(!new.contains('\n') && new.ends_with('\r'), "{new:?}");
    // Round 3 is paired: its byes are in the players' columns, no 240 is due.
    for record in [
        "142 5",
        "152 B",
        "162  W 3.0",
        "250 ",
        "260   3   4",
        "0000 - H\r",
    ] {
        assert!(new.contains(record), "{record} missing from {new:?}");
    }
    let old = swiss_core::trf::read(&old, "old.trf").unwrap();
    let new = swiss_core::trf::read(&new, "new.trf").unwrap();
    assert_eq!(old, new);
    assert_eq!(new.played_rounds(), 3, "the new round is appended");

    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_str().unwrap();
    let args = [
        "generate",
        "--system",
        "dutch",
        "--players",
        "9",
        "--rounds",
        "3",
    ];
    let out = swiss(&[&args[..], &["--trf26", "--output", dir]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_dir(tmp.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let t = std::fs::read_to_string(written.path()).unwrap();
    assert!(t.contains("142 3\r"), "{t:?}");
    assert_eq!(
        swiss_core::trf::read(&t, "g.trf").unwrap().played_rounds(),
        3
    );
}

/// Issues 13 and 14: Dubov A.1's provisional rating and Lim's Maxi rule
/// come from the command line or from the file (`XXO`); the flag wins.
#[test]
fn settings_come_from_the_flag_or_the_file() {
    let file = "trf/valid/xxo-settings.trf";
    let pair = |args: &[&str], file: &str| {
        let out = swiss(&[&["pair"], args, &[file]].concat());
        (out.status.code(), text(&out.stdout))
    };
    // Dubov A.1: player 3 is unrated; the file gives him 1400.
    let by_file = pair(&["--system", "dubov"], file);
    assert_eq!(by_file.0, Some(0));
    assert_eq!(
        by_file,
        pair(&["--system", "dubov", "--default-rating", "1400"], file)
    );
    assert_ne!(
        by_file,
        pair(&["--system", "dubov", "--default-rating", "2060"], file)
    );
    let tmp = tempfile::tempdir().unwrap();
    let bare = tmp.path().join("bare.trf");
    let text_of = std::fs::read_to_string(testdata(file)).unwrap();
    let without: Vec<&str> = text_of.lines().filter(|l| !l.starts_with("XXO")).collect();
    std::fs::write(&bare, without.join("\n")).unwrap();
    let bare = bare.to_str().unwrap();
    // The error cites the rule by the edition's number: 1.1 in the 2026
    // text (the default), A.1 in the 2018 one.
    let refused = swiss(&["pair", "--system", "dubov", bare]);
    assert_eq!(refused.status.code(), Some(3));
    assert!(
        text(&refused.stderr).contains("Dubov 1.1"),
        "{}",
        text(&refused.stderr)
    );
    let refused = swiss(&["pair", "--system", "dubov", "--edition", "2018", bare]);
    assert_ne!(refused.status.code(), Some(0));
    assert!(
        text(&refused.stderr).contains("Dubov A.1"),
        "{}",
        text(&refused.stderr)
    );
    // Lim: `XXO maxi` pairs as `--maxi` does; other systems ignore it.
    assert_eq!(
        pair(&["--system", "lim"], file),
        pair(&["--system", "lim", "--maxi"], bare)
    );
    assert_eq!(pair(&["--system", "dutch"], file).0, Some(0));
}

/// `--explain` names the criteria of the edition that pairs: C1-C21 for
/// the 2026 rules (C4's repair, C6, C7's downfloaters' scores), C.1-C.19
/// for the 2017 rules; and how a bracket was chosen by the edition's
/// article (2026 Art. 3.4/3.8, 2017 B.4/B.8).
#[test]
fn explain_names_the_editions_criteria() {
    let file = testdata("oracle/dutch-2026/t0020-p005-r04.trf");
    let file = file.to_str().unwrap();
    let explain = |edition: &str| {
        let out = swiss(&[
            "pair",
            "--system",
            "dutch",
            "--edition",
            edition,
            "--explain",
            file,
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stderr)
    };
    let e2026 = explain("2026");
    assert!(e2026.contains("C5: the PAB goes to"), "{e2026}");
    assert!(e2026.contains("C7 downfloaters' scores"), "{e2026}");
    assert!(!e2026.contains("C.5") && !e2026.contains("C.12"), "{e2026}");
    assert!(e2026.contains("chosen=\"Art. 3."), "{e2026}");
    assert!(!e2026.contains("B.4") && !e2026.contains("B.8"), "{e2026}");
    let e2017 = explain("2017");
    assert!(e2017.contains("C.5 pairs short"), "{e2017}");
    assert!(!e2017.contains("C7 downfloaters"), "{e2017}");
    assert!(e2017.contains("chosen=\"B."), "{e2017}");
}

/// `swiss standings --format tsv` prints the reference program's table
/// for the same list, byte for byte (C.07 2026 rules).
#[test]
fn standings_tsv_is_the_reference_programs_table() {
    let want = std::fs::read_to_string(testdata("tiebreaks/t0001-p014-r04.tsv")).unwrap();
    let header = want.lines().next().unwrap();
    let list = header.split('\t').skip(2).collect::<Vec<_>>().join(",");
    let out = swiss(&[
        "standings",
        "tiebreaks/t0001-p014-r04.trf",
        "--format",
        "tsv",
        "--tiebreaks",
        &list,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), want);
    // The 2024 rules leave the dummy opponent uncapped: BH differs.
    let old = swiss(&[
        "standings",
        "tiebreaks/t0001-p014-r04.trf",
        "--format",
        "tsv",
        "--tiebreaks",
        &list,
        "--rules",
        "2024",
    ]);
    assert_eq!(old.status.code(), Some(0));
    assert_ne!(text(&old.stdout), want);
    // Text (rank order, a header line) and JSON carry the same table.
    let txt = swiss(&[
        "standings",
        "tiebreaks/t0001-p014-r04.trf",
        "--tiebreaks",
        "BH,SB",
    ]);
    assert_eq!(txt.status.code(), Some(0));
    assert_eq!(text(&txt.stdout).lines().count(), 15);
    assert!(
        text(&txt.stdout)
            .lines()
            .nth(1)
            .unwrap()
            .trim_start()
            .starts_with("1 ")
    );
    let js = swiss(&[
        "standings",
        "tiebreaks/t0001-p014-r04.trf",
        "--tiebreaks",
        "BH,SB",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&js.stdout).unwrap();
    assert_eq!(v["rules"], "2026");
    assert_eq!(v["tiebreaks"], serde_json::json!(["BH", "SB"]));
    assert_eq!(v["standings"].as_array().unwrap().len(), 14);
    assert_eq!(v["standings"][0]["start_no"], 5);
    let bad = swiss(&[
        "standings",
        "tiebreaks/t0001-p014-r04.trf",
        "--rules",
        "2019",
    ]);
    assert_eq!(bad.status.code(), Some(3));
    let bad = swiss(&[
        "standings",
        "tiebreaks/t0001-p014-r04.trf",
        "--tiebreaks",
        "BH,XYZ",
    ]);
    assert_eq!(bad.status.code(), Some(3));
    assert!(text(&bad.stderr).contains("unknown tie-break `XYZ`"));
}

/// `--check`: exit 0 when the ranks the file records (columns 86-89) are
/// the computed ones; a planted wrong rank is named with the tie-break
/// that decides it, exit 1.
#[test]
fn standings_check_names_a_planted_wrong_rank() {
    let trf = std::fs::read_to_string(testdata("tiebreaks/t0001-p014-r04.trf")).unwrap();
    let tsv = std::fs::read_to_string(testdata("tiebreaks/t0001-p014-r04.tsv")).unwrap();
    let list = tsv
        .lines()
        .next()
        .unwrap()
        .split('\t')
        .skip(2)
        .collect::<Vec<_>>()
        .join(",");
    let rank: std::collections::HashMap<String, String> = tsv
        .lines()
        .skip(1)
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (c[0].to_string(), c[1].to_string())
        })
        .collect();
    let with_ranks = |swap: Option<(&str, &str)>| -> String {
        trf.split('\n')
            .map(|line| {
                if !line.starts_with("001") {
                    return line.to_string();
                }
                let start = line[4..8].trim().to_string();
                let start = match swap {
                    Some((a, b)) if start == a => b.to_string(),
                    Some((a, b)) if start == b => a.to_string(),
                    _ => start,
                };
                format!("{}{:>4}{}", &line[..85], rank[&start], &line[89..])
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let tmp = tempfile::tempdir().unwrap();
    let good = tmp.path().join("good.trf");
    std::fs::write(&good, with_ranks(None)).unwrap();
    let ok = swiss(&[
        "standings",
        good.to_str().unwrap(),
        "--check",
        "--tiebreaks",
        &list,
    ]);
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stdout));
    assert!(text(&ok.stdout).contains("14 ranks agree"));
    // Players 2 (rank 4) and 11 (rank 3) swapped in the file: both on 8.0
    // points, 2 wins, 2 won, 2 black games, 1 won with black, 4 rounds
    // elected, PS 20.0; BH separates them (20.0 against 24.0).
    let bad = tmp.path().join("bad.trf");
    std::fs::write(&bad, with_ranks(Some(("2", "11")))).unwrap();
    let out = swiss(&[
        "standings",
        bad.to_str().unwrap(),
        "--check",
        "--tiebreaks",
        &list,
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let report = text(&out.stdout);
    assert!(
        report.contains("rank 3: the file has player 2, the computed standings have player 11"),
        "{report}"
    );
    assert!(
        report.contains("decided by BH (20.0 against 24.0)"),
        "{report}"
    );
    assert!(text(&out.stderr).contains("2 of 14 ranks differ"));
}

/// Issue 26.3: every `generate` argument is checked against the reader's
/// limits before any work (exit 3, nothing written); a tournament that
/// stops names its round and seed; settings that would give a file the
/// reader refuses write nothing.
#[test]
fn generate_keeps_the_readers_limits() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let dir = out.to_str().unwrap();
    let mut report = String::new();
    for args in [
        &["--players", "10000", "--rounds", "5"][..],
        &["--players", "0", "--rounds", "5"],
        &["--players", "8", "--rounds", "0"],
        &["--players", "8", "--rounds", "4000000000"],
        &["--players", "8", "--rounds", "5", "--points", "1000,0,0"],
        &["--players", "8", "--rounds", "5", "--draw-rate", "2.0"],
        &["--players", "8", "--rounds", "5", "--draw-rate", "NaN"],
        &["--players", "8", "--rounds", "5", "--draw-rate", "inf"],
    ] {
        let o = swiss(&[&["generate", "--system", "dutch", "-o", dir], args].concat());
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", text(&o.stderr));
        assert!(!out.exists(), "{args:?}: the output directory was created");
        report.push_str(&text(&o.stderr));
    }
    let o = swiss(&[
        "generate",
        "--system",
        "tcec",
        "--players",
        "8",
        "--rounds",
        "256",
        "-o",
        dir,
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    // Two players meet in round 1 and can meet no more.
    let o = swiss(&[
        "generate",
        "--system",
        "dutch",
        "--players",
        "2",
        "--rounds",
        "3",
        "--seed",
        "7",
        "-o",
        dir,
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(err.contains("seed 7: stopped at round 2"), "{err}");
    report.push_str(&err);
    // Every player on a half-point bye: rounds of byes only.
    let o = swiss(&[
        "generate",
        "--system",
        "dutch",
        "--players",
        "4",
        "--rounds",
        "3",
        "--half-bye-rate",
        "1.0",
        // Without a seed every run is another tournament.
        "--seed",
        "1",
        "-o",
        dir,
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0);
    report.push_str(&text(&o.stderr));
    insta::assert_snapshot!(report);
}

/// Issue 26.3: Ctrl-C during `generate` leaves no hidden temporary file.
#[cfg(unix)]
#[test]
fn generate_interrupted_leaves_no_temporary_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_swiss"))
        .args([
            "generate",
            "--system",
            "dutch",
            "--players",
            "3000",
            "--rounds",
            "5",
            "--count",
            "400",
            "--json",
            "-o",
            dir,
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Interrupt once files are being written.
    let start = std::time::Instant::now();
    while std::fs::read_dir(tmp.path()).unwrap().count() < 3
        && start.elapsed() < std::time::Duration::from_secs(60)
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let hidden: Vec<String> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(hidden.is_empty(), "{hidden:?}");
}
