//! `swiss compare` and `swiss explain` end to end (issue 29): proposals
//! that break each absolute criterion of the Dutch system, legal ones that
//! are worse on a named quality criterion (both editions), each
//! snapshot-tested as text and JSON with its exit code; and the arbiter's
//! account of a float, a colour per colour rule and a bye.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use swiss_core::{before_round, trf};

fn testdata(p: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(p)
}

/// Runs `swiss` with `args`; returns the exit code and standard output.
fn swiss(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_swiss"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.stderr.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The reference tournament `src` as it stood before `round`, written to
/// `dir`.
fn before(dir: &Path, src: &str, round: u32) -> String {
    let t = swiss_testdata::read_trf(&testdata(src)).unwrap();
    let path = dir.join(format!("before-{round}.trf"));
    std::fs::write(&path, trf::write(&before_round(&t, round))).unwrap();
    path.to_str().unwrap().to_string()
}

/// A proposal in the engine's format, written to `dir` under `name`.
fn proposal(dir: &Path, name: &str, boards: &[[u32; 2]]) -> String {
    let mut text = format!("{}\n", boards.len());
    for [w, b] in boards {
        text.push_str(&format!("{w} {b}\n"));
    }
    let path = dir.join(format!("{name}.txt"));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The engine's boards for `file` (the bye as `[id, 0]`).
fn engine(system: &[&str], file: &str) -> Vec<[u32; 2]> {
    let mut args = vec!["pair"];
    args.extend_from_slice(system);
    args.push(file);
    let (code, out) = swiss(&args);
    assert_eq!(code, 0);
    out.lines()
        .skip(1)
        .map(|l| {
            let mut it = l.split_whitespace().map(|x| x.parse().unwrap());
            [it.next().unwrap(), it.next().unwrap()]
        })
        .collect()
}

/// Compares `prop` with the engine's pairing of `file`, as text and JSON:
/// both snapshot-tested under `name`; the exit code checked.
fn compare(system: &[&str], file: &str, prop: &str, name: &str, code: i32) -> String {
    let mut args = vec!["compare"];
    args.extend_from_slice(system);
    args.extend([file, prop]);
    let (got, text) = swiss(&args);
    assert_eq!(got, code, "{name}:\n{text}");
    args.extend(["--format", "json"]);
    let (got_json, json) = swiss(&args);
    assert_eq!(got_json, code, "{name}");
    // Well-formed JSON, snapshot as written.
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["verdict"].is_string(), "{json}");
    insta::assert_snapshot!(format!("{name}-text"), text);
    insta::assert_snapshot!(format!("{name}-json"), json);
    text
}

/// Five players after two rounds; One had white twice (absolute black),
/// Two black twice (absolute white); Four and Five had the PAB; Two and
/// Four may not meet (`XXP`).
const FIXTURE: &str = "\
012 Arbiter fixture
XXR 5
XXP 2 4
001    1      One                               2000                             1.5       0002 w 1  0003 w =
001    2      Two                               1900                             0.0       0001 b 0  0005 b 0
001    3      Three                             1800                             1.5       0004 w 1  0001 b =
001    4      Four                              1700                             1.0       0003 b 0  0000 - U
001    5      Five                              1600                             2.0       0000 - U  0002 w 1
";

/// Each absolute criterion broken, and each way of leaving the round
/// incomplete: exit 11, the rule and the players named.
#[test]
fn compare_names_each_broken_absolute_criterion() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fixture.trf");
    std::fs::write(&file, FIXTURE).unwrap();
    let file = file.to_str().unwrap();
    for (edition, tag) in [("2026", "2026"), ("2017", "2017")] {
        let system = ["--system", "dutch", "--edition", edition];
        let cases: [(&str, &[[u32; 2]], &str); 7] = [
            // 1 and 2 met in round 1.
            ("c1-rematch", &[[5, 4], [2, 1], [3, 0]], "C.1"),
            // XXP 2 4.
            ("c1-forbidden", &[[5, 1], [2, 4], [3, 0]], "C.1"),
            // 5 had the PAB in round 1.
            ("c2-second-bye", &[[2, 3], [4, 1], [5, 0]], "5 gets the"),
            // One needs black absolutely.
            ("c3-absolute-colour", &[[1, 4], [3, 5], [2, 0]], "C.3"),
            ("left-out", &[[5, 1], [2, 3]], "left out"),
            ("twice", &[[5, 1], [2, 1], [3, 0]], "more than once"),
            ("unknown", &[[5, 1], [2, 3], [4, 9]], "not to be paired"),
        ];
        for (name, boards, needle) in cases {
            let prop = proposal(dir.path(), name, boards);
            let text = compare(&system, file, &prop, &format!("{tag}-{name}"), 11);
            assert!(text.contains(needle), "{tag} {name}:\n{text}");
        }
    }
}

/// One board's opponents swapped with another's (`black`: the black
/// players change places; `white`: the first board's white and the
/// second's black), or the colours of one board reversed.
enum Change {
    Swap(usize, usize, &'static str),
    Reverse(usize),
}

fn changed(boards: &[[u32; 2]], change: &Change) -> Vec<[u32; 2]> {
    let mut b = boards.to_vec();
    match *change {
        Change::Swap(i, j, "black") => {
            let x = b[i][1];
            b[i][1] = b[j][1];
            b[j][1] = x;
        }
        Change::Swap(i, j, _) => {
            let x = b[i][0];
            b[i][0] = b[j][1];
            b[j][1] = x;
        }
        Change::Reverse(i) => b[i].reverse(),
    }
    b
}

/// An edition, a reference tournament, the round, and changes of the
/// engine's pairing with the rule each must be separated by.
type Run = (
    &'static str,
    &'static str,
    u32,
    &'static [(Change, &'static str)],
);

/// Legal proposals worse than the engine's on a named quality criterion
/// (the engine's own weights decide,
/// `crates/swiss-dutch/src/engine/record.rs`), on the candidate order, or
/// on a colour rule: exit 10, the rule and both values.
#[test]
fn compare_names_the_first_criterion_where_a_legal_proposal_is_worse() {
    let dir = tempfile::tempdir().unwrap();
    let runs: [Run; 2] = [
        (
            "2026",
            "oracle/dutch-2026/t0001-p035-r10.trf",
            5,
            &[
                (Change::Swap(0, 1, "black"), "C.04.3 (2026) C6,"),
                (Change::Swap(5, 12, "black"), "C.04.3 (2026) C7,"),
                (Change::Swap(1, 3, "white"), "C.04.3 (2026) C12,"),
                (Change::Swap(5, 12, "white"), "C.04.3 (2026) C13,"),
                (Change::Swap(11, 12, "black"), "C.04.3 (2026) C14,"),
                (Change::Swap(5, 7, "black"), "C.04.3 (2026) C15,"),
                (Change::Swap(1, 2, "black"), "C.04.3 (2026) Art. 4"),
                (Change::Reverse(3), "C.04.3 (2026) 5.2.1,"),
            ],
        ),
        (
            "2017",
            "oracle/dutch/t0002-p045-r11.trf",
            6,
            &[
                (Change::Swap(0, 4, "black"), "C.04.3 C.5,"),
                (Change::Swap(2, 3, "black"), "C.04.3 C.6,"),
                (Change::Swap(0, 2, "white"), "C.04.3 C.10,"),
                (Change::Swap(5, 6, "white"), "C.04.3 C.11,"),
                (Change::Swap(20, 21, "black"), "C.04.3 C.12,"),
                (Change::Reverse(1), "C.04.3 E."),
                (Change::Swap(0, 1, "black"), "C.04.3 B.6-B.8"),
            ],
        ),
    ];
    for (edition, src, round, changes) in runs {
        let system = ["--system", "dutch", "--edition", edition];
        let file = before(dir.path(), src, round);
        let boards = engine(&system, &file);
        let same = proposal(dir.path(), "same", &boards);
        compare(&system, &file, &same, &format!("{edition}-identical"), 0);
        for (k, (change, rule)) in changes.iter().enumerate() {
            let prop = proposal(dir.path(), &format!("p{k}"), &changed(&boards, change));
            // `C.04.3 (2026) C12,` names `2026-worse-C12`; the candidate
            // order and the colour rules `-order` and `-colour`.
            let id = rule.trim_end_matches(',').rsplit(' ').next().unwrap();
            let id = match id.chars().next() {
                Some('C') => id,
                Some('E' | '5') => "colour",
                _ => "order",
            };
            let name = format!("{edition}-worse-{id}");
            let text = compare(&system, &file, &prop, &name, 10);
            assert!(text.contains(rule), "{name}:\n{text}");
        }
    }
}

/// `PROPOSED` may also be the tournament file with the round filled in:
/// the recorded round is the reference engine's, and ours.
#[test]
fn compare_reads_the_round_from_a_tournament_file() {
    let dir = tempfile::tempdir().unwrap();
    let src = "oracle/dutch-2026/t0001-p035-r10.trf";
    let file = before(dir.path(), src, 5);
    let whole = testdata(src);
    let (code, text) = swiss(&[
        "compare",
        "--system",
        "dutch",
        &file,
        whole.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("the proposal is the engine's pairing"),
        "{text}"
    );
}

/// `swiss explain --player`: a downfloater, a colour decided by each
/// colour rule (5.2.1-5.2.5), and the bye, from the engine's decisions.
#[test]
fn explain_tells_a_player_what_decided_his_pairing() {
    let dir = tempfile::tempdir().unwrap();
    let file = before(dir.path(), "oracle/dutch-2026/t0001-p035-r10.trf", 5);
    let system = ["--system", "dutch"];
    let (code, whole) = swiss(&["explain", "--system", "dutch", &file]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("explain-2026-round", whole);
    // 35 floats down, 16 gets white by 5.2.1, 7 by 5.2.4, 35 by 5.2.2 as
    // an MDP; 25 gets the PAB.
    for (player, needle) in [
        (35, "35 floats down"),
        (16, "5.2.1"),
        (7, "5.2.4"),
        (25, "pairing-allocated bye"),
    ] {
        let p = player.to_string();
        let mut args = vec!["explain"];
        args.extend_from_slice(&system);
        args.extend([file.as_str(), "--player", &p]);
        let (code, text) = swiss(&args);
        assert_eq!(code, 0);
        assert!(text.contains(needle), "{player}:\n{text}");
        insta::assert_snapshot!(format!("explain-2026-player-{player}"), text);
    }
    // 5.2.3 (alternate) in round 8, 5.2.5 (pairing numbers) in round 1.
    for (round, player, needle) in [(8, 17, "5.2.3"), (1, 1, "5.2.5")] {
        let file = before(dir.path(), "oracle/dutch-2026/t0001-p035-r10.trf", round);
        let p = player.to_string();
        let (code, text) = swiss(&["explain", "--system", "dutch", &file, "--player", &p]);
        assert_eq!(code, 0);
        assert!(text.contains(needle), "{player}:\n{text}");
        insta::assert_snapshot!(format!("explain-2026-round-{round}-player-{player}"), text);
    }
    let file = before(dir.path(), "oracle/dutch/t0002-p045-r11.trf", 6);
    let (code, whole) = swiss(&["explain", "--system", "dutch", "--edition", "2017", &file]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("explain-2017-round", whole);
}

/// A system that does not explain its pairings says so (exit 64).
#[test]
fn explain_refuses_systems_without_an_account() {
    let dir = tempfile::tempdir().unwrap();
    let file = before(dir.path(), "oracle/dutch-2026/t0001-p035-r10.trf", 5);
    let out = Command::new(env!("CARGO_BIN_EXE_swiss"))
        .args(["explain", "--system", "lim", &file])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not explain"));
}
