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
    // Each edition's ids of C1 and C3 (2026: C1, C3; 2017 and 2012: C.1,
    // C.3).
    for (edition, tag, [c1, c3]) in [
        ("2026", "2026", ["(2026) C1:", "(2026) C3:"]),
        ("2017", "2017", ["C.04.3 C.1:", "C.04.3 C.3:"]),
        ("2012", "2012", ["C.04.3 C.1:", "C.04.3 C.3:"]),
    ] {
        let system = ["--system", "dutch", "--edition", edition];
        let cases: [(&str, &[[u32; 2]], &str); 7] = [
            // 1 and 2 met in round 1.
            ("c1-rematch", &[[5, 4], [2, 1], [3, 0]], c1),
            // XXP 2 4.
            ("c1-forbidden", &[[5, 1], [2, 4], [3, 0]], c1),
            // 5 had the PAB in round 1.
            ("c2-second-bye", &[[2, 3], [4, 1], [5, 0]], "5 gets the"),
            // One needs black absolutely.
            ("c3-absolute-colour", &[[1, 4], [3, 5], [2, 0]], c3),
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
    /// The player of board `i` on side `side` (0 white, 1 black) changes
    /// places with the bye (the row `[bye, 0]`).
    Bye(usize, usize),
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
        Change::Bye(i, side) => {
            let k = b.iter().position(|x| x[1] == 0).unwrap();
            let x = b[i][side];
            b[i][side] = b[k][0];
            b[k][0] = x;
        }
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
                (
                    Change::Swap(1, 2, "black"),
                    "C.04.3 (2026) Art. 3.6-3.8 (Art. 4.2-4.4),",
                ),
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
    // The 2017 text: 22 floats down in round 6 (A.4); 39 gets the bye in
    // round 3 (C.2, A.9).
    for (round, player, needle) in [(6, 22, "22 floats down"), (3, 39, "pairing-allocated bye")] {
        let file = before(dir.path(), "oracle/dutch/t0002-p045-r11.trf", round);
        let p = player.to_string();
        let args = [
            "explain",
            "--system",
            "dutch",
            "--edition",
            "2017",
            &file,
            "--player",
            &p,
        ];
        let (code, text) = swiss(&args);
        assert_eq!(code, 0);
        assert!(text.contains(needle), "{player}:\n{text}");
        insta::assert_snapshot!(format!("explain-2017-round-{round}-player-{player}"), text);
    }
}

/// Eleven players, seven rounds, paired by this workspace's Dubov engine
/// (`swiss generate --system dubov --players 11 --rounds 7 --seed 3`,
/// draws at 30%, no forfeits, byes on request or absences); the tests
/// cut it before a round.
const DUBOV: &str = "\
012 Random tournament dubov-p0011-r07-s3
XXR 7
XXC white1
001    1      Player 0001                       2716                             7.0       0006 w 1  0004 b 1  0002 w 1  0008 b 1  0003 w 1  0009 b 1  0005 b 1
001    2      Player 0002                       2667                             5.0       0007 b 1  0011 w 1  0001 b 0  0005 w 1  0004 b 0  0003 b 1  0008 w 1
001    3      Player 0003                       2604                             3.5       0008 w 1  0005 b 1  0004 w 0  0006 b =  0001 b 0  0002 w 0  0000 - U
001    4      Player 0004                       2434                             6.0       0009 b 1  0001 w 0  0003 b 1  0010 w 1  0002 w 1  0008 b 1  0006 b 1
001    5      Player 0005                       2299                             4.0       0010 w 1  0003 w 0  0007 b 1  0002 b 0  0006 w 1  0011 b 1  0001 w 0
001    6      Player 0006                       2270                             3.5       0001 b 0  0009 w 1  0010 b 1  0003 w =  0005 b 0  0000 - U  0004 w 0
001    7      Player 0007                       2154                             4.0       0002 w 0  0008 b 0  0005 w 0  0000 - U  0011 b 1  0010 w 1  0009 b 1
001    8      Player 0008                       1959                             3.0       0003 b 0  0007 w 1  0011 b 1  0001 w 0  0000 - U  0004 w 0  0002 b 0
001    9      Player 0009                       1309                             3.0       0004 w 0  0006 b 0  0000 - U  0011 w 1  0010 b 1  0001 w 0  0007 w 0
001   10      Player 0010                       1287                             2.0       0005 b 0  0000 - U  0006 w 0  0004 b 0  0009 w 0  0007 b 0  0011 w 1
001   11      Player 0011                       1261                             1.0       0000 - U  0002 b 0  0008 w 0  0009 b 0  0007 w 0  0005 w 0  0010 b 0
";

/// The same for Lim (`swiss generate --system lim`, seed 3).
const LIM: &str = "\
012 Random tournament lim-p0011-r07-s3
XXR 7
XXC white1
001    1      Player 0001                       2716                             6.5       0006 w 1  0004 b 1  0002 w 1  0003 b =  0011 w 1  0007 b 1  0005 w 1
001    2      Player 0002                       2667                             4.5       0007 b 1  0005 w 1  0001 b 0  0006 w 1  0004 b 0  0003 w =  0010 b 1
001    3      Player 0003                       2604                             5.0       0008 w 1  0011 b 1  0004 w 0  0001 w =  0005 b 1  0002 b =  0009 w 1
001    4      Player 0004                       2434                             6.0       0009 b 1  0001 w 0  0003 b 1  0005 w 1  0002 w 1  0006 b 1  0007 w 1
001    5      Player 0005                       2299                             3.0       0010 w 1  0002 b 0  0008 w 1  0004 b 0  0003 w 0  0000 - U  0001 b 0
001    6      Player 0006                       2270                             4.0       0001 b 0  0009 w 1  0010 b 1  0002 b 0  0008 w 1  0004 w 0  0000 - U
001    7      Player 0007                       2154                             3.0       0002 w 0  0008 b 0  0011 w 1  0009 b 1  0000 - U  0001 w 0  0004 b 0
001    8      Player 0008                       1959                             4.0       0003 b 0  0007 w 1  0005 b 0  0000 - U  0006 b 0  0010 w 1  0011 b 1
001    9      Player 0009                       1309                             1.0       0004 w 0  0006 b 0  0000 - U  0007 w 0  0010 b 0  0011 w 0  0003 b 0
001   10      Player 0010                       1287                             2.0       0005 b 0  0000 - U  0006 w 0  0011 b 0  0009 w 1  0008 b 0  0002 w 0
001   11      Player 0011                       1261                             3.0       0000 - U  0003 w 0  0007 b 0  0010 w 1  0001 b 0  0009 b 1  0008 w 0
";

/// The same for TCEC (`swiss generate --system tcec`, seed 3).
const TCEC: &str = "\
012 Random tournament tcec-p0011-r07-s3
XXR 7
XXC white1
001    1      Player 0001                       2716                             6.0       0002 b 1  0003 w 1  0007 w 1  0004 b 0  0006 b 1  0010 w 1  0005 b 1
001    2      Player 0002                       2667                             5.0       0001 w 0  0006 w 1  0005 b 1  0003 b 0  0004 w 1  0008 b 1  0009 w 1
001    3      Player 0003                       2604                             5.5       0004 b 1  0001 b 0  0010 w 1  0002 w 1  0007 b 1  0005 w =  0006 w 1
001    4      Player 0004                       2434                             5.0       0003 w 0  0008 w 1  0009 b 1  0001 w 1  0002 b 0  0011 b 1  0010 b 1
001    5      Player 0005                       2299                             3.0       0006 b =  0011 w 1  0002 w 0  0007 b 0  0000 - U  0003 b =  0001 w 0
001    6      Player 0006                       2270                             3.0       0005 w =  0002 b 0  0011 b 1  0008 w =  0001 w 0  0000 - U  0003 b 0
001    7      Player 0007                       2154                             5.0       0008 b 1  0010 w 1  0001 b 0  0005 w 1  0003 w 0  0009 b 1  0000 - U
001    8      Player 0008                       1959                             3.5       0007 w 0  0004 b 0  0000 - U  0006 b =  0009 b 1  0002 w 0  0011 w 1
001    9      Player 0009                       1309                             1.0       0010 b 0  0000 - U  0004 w 0  0011 b 0  0008 w 0  0007 w 0  0002 b 0
001   10      Player 0010                       1287                             3.0       0009 w 1  0007 b 0  0003 b 0  0000 - U  0011 w 1  0001 b 0  0004 w 0
001   11      Player 0011                       1261                             2.0       0000 - U  0005 b 0  0006 w 0  0009 w 1  0010 b 0  0004 w 0  0008 b 0
";

/// `text` as it stood before `round`, written to `dir` under `name`.
fn before_text(dir: &Path, name: &str, text: &str, round: u32) -> String {
    let t = trf::read(text, name).unwrap();
    let path = dir.join(format!("{name}-before-{round}.trf"));
    std::fs::write(&path, trf::write(&before_round(&t, round))).unwrap();
    path.to_str().unwrap().to_string()
}

/// One proposal: the round, the change of the engine's pairing, the
/// snapshot name, what the report must say, and the exit code.
type Case = (u32, Change, &'static str, &'static str, i32);

/// Runs `cases` for `system` on the tournament `text`: each change of
/// the engine's own pairing of the round (read from `swiss pair`, so the
/// engine's choice is what is changed), compared as text and JSON.
fn run_cases(system: &[&str], tag: &str, text: &str, cases: &[Case]) {
    let dir = tempfile::tempdir().unwrap();
    for (k, (round, change, name, needle, code)) in cases.iter().enumerate() {
        let file = before_text(dir.path(), tag, text, *round);
        let boards = engine(system, &file);
        let prop = proposal(dir.path(), &format!("p{k}"), &changed(&boards, change));
        let name = format!("{tag}-{name}");
        let out = compare(system, &file, &prop, &name, *code);
        assert!(out.contains(needle), "{name}:\n{out}");
    }
}

/// The engine's own pairing, and the engine's pairing of a round made
/// with a pair forbidden (`XXP`) proposed to the file that forbids it:
/// `rule` must name the broken criterion.
fn forbidden_pair(system: &[&str], tag: &str, text: &str, round: u32, rule: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = before_text(dir.path(), tag, text, round);
    let boards = engine(system, &file);
    let same = proposal(dir.path(), "same", &boards);
    compare(system, &file, &same, &format!("{tag}-identical"), 0);
    let [a, b] = boards[0];
    let with = text.replacen("XXR 7\n", &format!("XXR 7\nXXP {a} {b}\n"), 1);
    let file = before_text(dir.path(), &format!("{tag}-xxp"), &with, round);
    let out = compare(system, &file, &same, &format!("{tag}-forbidden"), 11);
    assert!(out.contains(rule) && out.contains("XXP"), "{tag}:\n{out}");
}

/// Dubov (both editions): each absolute criterion the verifier knows
/// (C.1 twice, XXP, C.2, C.3, E.1-E.2's absolute preferences), and legal
/// proposals worse on C.5, C.6, C.7, on B.0's criteria 3 and 5, on D.1's
/// order, B.4/D.2's shifts, B.6/D.3's transposition and each colour rule
/// E.1-E.4, as `crates/swiss-dubov/src/compare.rs` reads the engine.
#[test]
fn compare_dubov_names_the_rule_that_separates_a_proposal() {
    let system = ["--system", "dubov"];
    forbidden_pair(&system, "dubov", DUBOV, 4, "Dubov C.1");
    run_cases(
        &system,
        "dubov",
        DUBOV,
        &[
            (
                2,
                Change::Swap(0, 3, "black"),
                "c1-rematch",
                "Dubov C.1",
                11,
            ),
            (3, Change::Bye(3, 0), "c2-second-bye", "Dubov [C2]", 11),
            (
                7,
                Change::Swap(2, 4, "white"),
                "c3-absolute-colours",
                "Dubov C.3",
                11,
            ),
            (
                3,
                Change::Reverse(4),
                "e1-absolute-colour",
                "Dubov E.1-E.2",
                11,
            ),
            (
                2,
                Change::Swap(0, 3, "white"),
                "worse-C5",
                "Dubov [C5], the number",
                10,
            ),
            (
                4,
                Change::Swap(0, 3, "white"),
                "worse-C6",
                "Dubov [C6], the upfloaters' scores",
                10,
            ),
            (
                2,
                Change::Swap(0, 1, "white"),
                "worse-C7",
                "Dubov [C7], players",
                10,
            ),
            (
                5,
                Change::Bye(1, 0),
                "worse-bye-score",
                "Dubov 3.1, criterion 3",
                10,
            ),
            (
                6,
                Change::Bye(2, 0),
                "worse-bye-rank",
                "Dubov 3.1, criterion 5",
                10,
            ),
            (
                3,
                Change::Swap(1, 2, "black"),
                "order-D1",
                "Dubov 4.2, equally good sets",
                10,
            ),
            (
                2,
                Change::Swap(0, 2, "black"),
                "order-B4",
                "Dubov 3.2.4 with 4.3",
                10,
            ),
            (
                2,
                Change::Swap(0, 1, "black"),
                "order-B6",
                "Dubov 3.2.6 with 4.4",
                10,
            ),
            (
                2,
                Change::Reverse(0),
                "colour-E1",
                "Dubov 5.2.2, both colour",
                10,
            ),
            (
                6,
                Change::Reverse(3),
                "colour-E2",
                "Dubov 5.2.3, the stronger",
                10,
            ),
            (
                7,
                Change::Reverse(0),
                "colour-E3",
                "Dubov 5.2.4, the colours alternate",
                10,
            ),
            (
                2,
                Change::Reverse(2),
                "colour-E4",
                "Dubov 5.2.5, the higher ranked",
                10,
            ),
        ],
    );
    // The 2018 text's rule ids.
    run_cases(
        &["--system", "dubov", "--edition", "2018"],
        "dubov-2018",
        DUBOV,
        &[
            (
                2,
                Change::Swap(0, 3, "white"),
                "worse-C5",
                "Dubov C.5, the number",
                10,
            ),
            (
                3,
                Change::Swap(1, 2, "black"),
                "order-D1",
                "Dubov D.1, equally good sets",
                10,
            ),
            (
                5,
                Change::Bye(1, 0),
                "worse-bye-score",
                "Dubov B.0, criterion 3",
                10,
            ),
            (
                2,
                Change::Reverse(0),
                "colour-E1",
                "Dubov E.1, both colour",
                10,
            ),
        ],
    );
}

/// Lim: each absolute rule the verifier knows (2.1 twice, XXP, the bye
/// rule, 5.1 a and b), and legal proposals worse on 1.1 (score-group and
/// rank), on how many float (2.3 d, 4.4), on which floats (3.2), on the
/// colour due (5.2), on the order of the exchanges (4.1-4.3) and of the
/// floaters' opponents (3.8), and each colour rule, as
/// `crates/swiss-lim/src/compare.rs` reads the engine's decisions.
#[test]
fn compare_lim_names_the_rule_that_separates_a_proposal() {
    let system = ["--system", "lim"];
    forbidden_pair(&system, "lim", LIM, 4, "Lim 2.1");
    run_cases(
        &system,
        "lim",
        LIM,
        &[
            (2, Change::Swap(0, 3, "black"), "rematch", "Lim 2.1", 11),
            (2, Change::Bye(2, 0), "second-bye", "C.04.1 Art. 4", 11),
            (6, Change::Reverse(1), "5-1-a", "Lim 5.1 a", 11),
            (5, Change::Reverse(2), "5-1-b", "Lim 5.1 b", 11),
            (
                2,
                Change::Bye(0, 0),
                "worse-bye-score",
                "Lim 1.1, the lowest score-group",
                10,
            ),
            (
                2,
                Change::Bye(3, 0),
                "worse-bye-rank",
                "Lim 1.1, within the score-group",
                10,
            ),
            (
                2,
                Change::Swap(0, 3, "white"),
                "worse-floats",
                "Lim 2.3.4, Lim 4.4, players floated",
                10,
            ),
            (
                3,
                Change::Swap(0, 1, "white"),
                "worse-floater",
                "Lim 3.2.2, a floater who equalises",
                10,
            ),
            (
                2,
                Change::Swap(0, 1, "white"),
                "worse-colour-due",
                "Lim 5.2, an opponent due",
                10,
            ),
            (
                2,
                Change::Swap(0, 1, "black"),
                "order-exchanges",
                "Lim 4.1-4.3, the first compatible",
                10,
            ),
            (
                3,
                Change::Swap(1, 3, "black"),
                "order-floater-opponent",
                "Lim 3.8, the floater's opponent",
                10,
            ),
            (2, Change::Reverse(0), "colour-due", "Lim 5.5, Lim 5.6", 10),
            (
                4,
                Change::Reverse(0),
                "colour-history",
                "Lim 5.4, identical histories",
                10,
            ),
            (
                7,
                Change::Reverse(4),
                "colour-absolute",
                "Lim 5.1.1/5.1.2, Lim 5.3",
                10,
            ),
        ],
    );
}

/// TCEC: each rule the verifier knows (STEP 2's BYE, STEP 3's colour
/// condition and forbidden pairs, STEP 5's colours), a pair met in the
/// encounter history the engine keeps (STEP 3, illegal: judged from the
/// engine's history), and a legal proposal that gives a first-of-pair a
/// lower-ranked opponent (STEP 4), as `crates/swiss-tcec/src/compare.rs`
/// reads the engine's round.
#[test]
fn compare_tcec_names_the_step_that_separates_a_proposal() {
    let system = ["--system", "tcec"];
    forbidden_pair(&system, "tcec", TCEC, 3, "TCEC STEP 3");
    run_cases(
        &system,
        "tcec",
        TCEC,
        &[
            (2, Change::Bye(0, 0), "bye", "TCEC STEP 2", 11),
            (
                3,
                Change::Swap(1, 2, "white"),
                "colour-condition",
                "TCEC STEP 3",
                11,
            ),
            (2, Change::Reverse(0), "colours", "TCEC STEP 5", 11),
            (
                2,
                Change::Swap(0, 3, "black"),
                "worse-history",
                "which the encounter history keeps",
                11,
            ),
            (
                2,
                Change::Swap(0, 1, "black"),
                "worse-opponent",
                "TCEC STEP 4, the highest-ranked",
                10,
            ),
        ],
    );
}

/// `swiss explain` of `text` before each round of `cases`, for the whole
/// round (`None`) or one player: the account must say `needle`; each is
/// snapshot-tested.
fn explain_cases(system: &[&str], tag: &str, text: &str, cases: &[(u32, Option<u32>, &str)]) {
    let dir = tempfile::tempdir().unwrap();
    for &(round, player, needle) in cases {
        let file = before_text(dir.path(), tag, text, round);
        let mut args = vec!["explain"];
        args.extend_from_slice(system);
        args.push(&file);
        let p = player.map(|p| p.to_string());
        let name = match &p {
            Some(p) => {
                args.extend(["--player", p]);
                format!("explain-{tag}-round-{round}-player-{p}")
            }
            None => format!("explain-{tag}-round-{round}"),
        };
        let (code, out) = swiss(&args);
        assert_eq!(code, 0, "{name}:\n{out}");
        assert!(out.contains(needle), "{name}:\n{out}");
        insta::assert_snapshot!(name, out);
    }
}

/// `swiss explain` for Dubov, Lim and TCEC: a whole round each, and with
/// `--player` a bye, a float and a colour by each colour rule the round
/// shows, from the engines' own decisions.
#[test]
fn explain_dubov_lim_tcec_tell_a_player_what_decided_his_pairing() {
    explain_cases(
        &["--system", "dubov"],
        "dubov",
        DUBOV,
        &[
            (3, None, "Scoregroup 2.0: residents 1 2 3."),
            (3, Some(9), "Pairing-allocated bye: 9 (Dubov 3.1)"),
            (3, Some(4), "4 floats up into it from score 1.0"),
            (3, Some(6), "10 has white by Dubov 5.2.2"),
            (6, Some(11), "11 has white by Dubov 5.2.3"),
            (7, Some(1), "5 has white by Dubov 5.2.4"),
            (2, Some(3), "5 has white by Dubov 5.2.5"),
        ],
    );
    explain_cases(
        &["--system", "lim"],
        "lim",
        LIM,
        &[
            (3, None, "Score-group 1.0 (the median score-group)"),
            (3, Some(9), "Pairing-allocated bye: 9 (Lim 1.1"),
            (3, Some(3), "floater 3 (Lim 3.9.1 type d"),
            (
                3,
                Some(7),
                "7 floats: no compatible opponent in the group (Lim 2.3.1",
            ),
            (3, Some(1), "1 has white by Lim 5.5, Lim 5.6"),
            (4, Some(1), "3 has white by Lim 5.4"),
            (7, Some(8), "11 has white by Lim 5.1.1/5.1.2, Lim 5.3"),
        ],
    );
    explain_cases(
        &["--system", "tcec"],
        "tcec",
        TCEC,
        &[
            (3, None, "Pairing order (TCEC STEP 1"),
            (3, Some(8), "BYE (TCEC STEP 2): 8"),
            (3, Some(4), "passed over: 4 (met in the history kept)"),
            (3, Some(3), "the greater white game difference gets black"),
            (3, Some(1), "the 2112 pattern"),
            (4, Some(4), "the higher score gets black"),
        ],
    );
}

/// Ten players after one round of the Dutch 2012 text's C.12 case
/// (`crates/swiss-dutch/tests/fide2012_cases.rs`): 1-6, 2-7, 3-8 won by
/// white, 4-9 and 5-10 drawn.
const C12_EVENT: &str = "\
012 The 2012 text's C.12 case
XXR 5
001    1      One                               2390                             1.0       0006 w 1
001    2      Two                               2380                             1.0       0007 w 1
001    3      Three                             2370                             1.0       0008 w 1
001    4      Four                              2360                             0.5       0009 w =
001    5      Five                              2350                             0.5       0010 w =
001    6      Six                               2340                             0.0       0001 b 0
001    7      Seven                             2330                             0.0       0002 b 0
001    8      Eight                             2320                             0.0       0003 b 0
001    9      Nine                              2310                             0.5       0004 b =
001   10      Ten                               2300                             0.5       0005 b =
";

/// The Dutch 2012 text (`crates/swiss-dutch/src/fide2012/compare.rs`):
/// legal proposals separated by C.14.b (the moved-down player left
/// unpaired), by the order of D.1, by C.12's backtracking (3 forbidden to
/// meet the 0.5 bracket), and (on a reference tournament) by C.10's
/// requirements and section E; each as text and JSON, exit 10.
#[test]
fn compare_dutch_2012_names_the_rule_that_separates_a_proposal() {
    let dir = tempfile::tempdir().unwrap();
    let system = ["--system", "dutch", "--edition", "2012"];
    let file = dir.path().join("c12.trf");
    std::fs::write(&file, C12_EVENT).unwrap();
    let file = file.to_str().unwrap();
    let forbidden = dir.path().join("c12-xxp.trf");
    std::fs::write(
        &forbidden,
        C12_EVENT.replacen("XXR 5\n", "XXR 5\nXXP 3 4\nXXP 3 5\nXXP 3 9\nXXP 3 10\n", 1),
    )
    .unwrap();
    let forbidden = forbidden.to_str().unwrap();
    let same = proposal(dir.path(), "same", &engine(&system, file));
    compare(&system, file, &same, "2012-identical", 0);
    let cases: [(&str, &str, &[[u32; 2]], &str); 3] = [
        // 3 moved down into the 0.5 bracket and left unpaired there.
        (
            file,
            "2012-worse-C14b",
            &[[2, 1], [10, 4], [9, 5], [6, 3], [7, 8]],
            "C.04.3 (2012) C.14.b,",
        ),
        // 1-3 instead of 1-2: 3 comes after 2 in S2.
        (
            file,
            "2012-order-D1",
            &[[3, 1], [9, 2], [10, 4], [6, 5], [7, 8]],
            "C.04.3 (2012) D.1 (C.7),",
        ),
        // 1-2, the first pairing, which C.12 replaced.
        (
            forbidden,
            "2012-order-C12",
            &[[2, 1], [10, 4], [9, 5], [6, 3], [7, 8]],
            "C.04.3 (2012) C.12,",
        ),
    ];
    for (file, name, boards, rule) in cases {
        let prop = proposal(dir.path(), name, boards);
        let text = compare(&system, file, &prop, name, 10);
        assert!(text.contains(rule), "{name}:\n{text}");
    }
    // A reference tournament (45 players), each change of the engine's
    // own pairing of the round separated by another rule of the text.
    let src = "oracle/dutch/t0002-p045-r11.trf";
    let changes: [(u32, Change, &str, &str); 11] = [
        (
            2,
            Change::Swap(0, 1, "white"),
            "2012-worse-A8a",
            "A.8.a (C.10.e),",
        ),
        (
            3,
            Change::Swap(5, 6, "white"),
            "2012-worse-A7d",
            "A.7.d (C.10.f),",
        ),
        (
            4,
            Change::Swap(12, 15, "white"),
            "2012-worse-A8b",
            "A.8.b (C.10.e),",
        ),
        (
            2,
            Change::Swap(0, 10, "black"),
            "2012-worse-B5-down",
            "B.5 (C.10.d),",
        ),
        (
            3,
            Change::Swap(4, 7, "black"),
            "2012-worse-B6-down",
            "B.6 (C.10.c),",
        ),
        (
            3,
            Change::Swap(15, 16, "black"),
            "2012-worse-B5-up",
            "B.5 (C.10.b),",
        ),
        (
            2,
            Change::Swap(0, 11, "black"),
            "2012-worse-C14",
            "C.04.3 (2012) C.14,",
        ),
        (
            2,
            Change::Swap(0, 2, "black"),
            "2012-order-D2",
            "D.2 (C.8.a),",
        ),
        (
            3,
            Change::Swap(7, 8, "black"),
            "2012-order-D1-heterogeneous",
            "D.1 (C.7), heterogeneous part,",
        ),
        (
            4,
            Change::Reverse(0),
            "2012-colour-E2",
            "C.04.3 (2012) E.2,",
        ),
        (
            3,
            Change::Reverse(2),
            "2012-colour-E4",
            "C.04.3 (2012) E.4,",
        ),
    ];
    for (round, change, name, rule) in changes {
        let file = before(dir.path(), src, round);
        let boards = engine(&system, &file);
        let prop = proposal(dir.path(), name, &changed(&boards, &change));
        let text = compare(&system, &file, &prop, name, 10);
        assert!(text.contains(rule), "{name}:\n{text}");
    }
}

/// `swiss explain` for the Dutch 2012 text: the whole round of the C.12
/// case (the backtracking named), and with `--player` the float, the
/// colour and the bye of a reference round, from the engine's brackets.
#[test]
fn explain_dutch_2012_tells_a_player_what_decided_his_pairing() {
    let system = ["--system", "dutch", "--edition", "2012"];
    let with = C12_EVENT.replacen("XXR 5\n", "XXR 5\nXXP 3 4\nXXP 3 5\nXXP 3 9\nXXP 3 10\n", 1);
    explain_cases(
        &system,
        "dutch-2012-c12",
        &with,
        &[
            (2, None, "C.12: its first pairing left the bracket below"),
            (2, Some(2), "2 was moved down into this bracket"),
        ],
    );
    let text = std::fs::read_to_string(testdata("oracle/dutch/t0002-p045-r11.trf")).unwrap();
    explain_cases(
        &system,
        "dutch-2012-t0002",
        &text,
        &[
            (3, None, "Bye: "),
            (3, Some(35), "35 moves down into the next bracket"),
            (3, Some(14), "26 has white by C.04.3 (2012) E.4"),
            (3, Some(39), "Bye: 39 gets the pairing-allocated bye"),
        ],
    );
}

/// Each colour rule of each system and edition, as `swiss explain` words
/// it on a colour line (the part that names the rule and what it grants).
const COLOUR_RULES: &[(&str, &[&str])] = &[
    (
        "dutch",
        &[
            "by C.04.3 (2026) 5.2.1:",
            "by C.04.3 (2026) 5.2.2:",
            "by C.04.3 (2026) 5.2.3:",
            "by C.04.3 (2026) 5.2.4:",
            "by C.04.3 (2026) 5.2.5:",
        ],
    ),
    (
        "dutch-2017",
        &[
            "by C.04.3 E.1:",
            "by C.04.3 E.2:",
            "by C.04.3 E.3:",
            "by C.04.3 E.4:",
            "by C.04.3 E.5:",
        ],
    ),
    (
        "dutch-2012",
        &[
            "by C.04.3 (2012) E.1:",
            "by C.04.3 (2012) E.2:",
            "by C.04.3 (2012) E.3:",
            "by C.04.3 (2012) E.4:",
            "by C.04.3 (2012) E.5:",
        ],
    ),
    (
        "dubov",
        &[
            "by Dubov 5.2.1:",
            "by Dubov 5.2.2:",
            "by Dubov 5.2.3:",
            "by Dubov 5.2.4:",
            "by Dubov 5.2.5:",
        ],
    ),
    (
        "dubov-2018",
        &[
            "by Dubov E.0:",
            "by Dubov E.1:",
            "by Dubov E.2:",
            "by Dubov E.3:",
            "by Dubov E.4:",
        ],
    ),
    (
        "lim",
        &[
            "by Lim 5.1.1/5.1.2, Lim 5.3:",
            "by Lim 5.4: both due",
            "by Lim 5.4: identical histories",
            "by Lim 5.4, Lim 7.2:",
            "by Lim 5.5, Lim 5.6:",
            "by Lim 7.2:",
        ],
    ),
    (
        "lim-1999",
        &[
            "by Lim 5.1 a/b, Lim 5.3:",
            "by Lim 5.4: both due",
            "by Lim 5.4: identical histories",
            "by Lim 5.4, Lim 7.2:",
            "by Lim 5.5, Lim 5.6:",
            "by Lim 7.2:",
        ],
    ),
    (
        "tcec",
        &[
            "(TCEC STEP 5: the greater white game difference gets black;",
            "(TCEC STEP 5: equal WGD: the higher score gets black;",
            "(TCEC STEP 5: equal WGD and score: the 2112 pattern",
        ],
    ),
    (
        "tcec-double",
        &["(TCEC STEP 5: double rounds: the first-of-pair has black"],
    ),
];

/// `swiss explain --player` for a colour decided by each colour rule of
/// every system and edition (`C.04.3 (2026) 5.2.1-5.2.5`, `C.04.3 E.1-E.5`
/// in 2017 and 2012, `Dubov 5.2.1-5.2.5` / `E.0-E.4`, `Lim 5.1-5.6, 7.2`,
/// `TCEC STEP 5`): small events simulated with each engine are searched
/// for the first pair whose colours each rule decided, and that pair's
/// white player is explained and snapshot-tested. A colour line naming a
/// rule not in [`COLOUR_RULES`] fails the test, as does a rule never met.
#[test]
fn explain_player_names_each_colour_rule_of_every_system() {
    use std::collections::BTreeMap;
    let dir = tempfile::tempdir().unwrap();
    for &(label, rules) in COLOUR_RULES {
        let (system, variant) = swiss_systems::variant(label).unwrap();
        let engine = system.build(&variant.options).unwrap();
        let mut args = vec!["explain", "--system", system.name];
        let edition = variant.options.edition.map(|e| e.as_str());
        if let Some(e) = &edition {
            args.extend(["--edition", e]);
        }
        if variant.options.double {
            args.push("--double");
        }
        // The first (seed, round, white player) of each rule.
        let mut first: BTreeMap<&str, (u64, u32, u32)> = BTreeMap::new();
        'seeds: for seed in 1..=40u64 {
            let mut cfg = system.simulation();
            cfg.seed = seed;
            cfg.rounds = 9;
            let players = swiss_core::simulate::random_players(9 + (seed % 8) as u32, seed);
            let t = swiss_core::simulate::play(engine.as_ref(), players, label, &cfg).tournament;
            for k in 1..=t.played_rounds() {
                let text = engine.explain(&before_round(&t, k), None).unwrap().unwrap();
                for line in text.lines() {
                    let colour = line.contains(" has white by ") || line.contains("TCEC STEP 5: ");
                    if !colour {
                        continue;
                    }
                    let rule = rules.iter().find(|r| line.contains(**r));
                    let rule = rule.unwrap_or_else(|| panic!("{label}: a rule not listed: {line}"));
                    let white = line.trim_start().split(['-', ' ']).next().unwrap();
                    first
                        .entry(rule)
                        .or_insert((seed, k, white.parse().unwrap()));
                }
                if first.len() == rules.len() {
                    break 'seeds;
                }
            }
        }
        for (i, rule) in rules.iter().enumerate() {
            let &(seed, round, white) = first
                .get(rule)
                .unwrap_or_else(|| panic!("{label}: no pair decided by {rule}"));
            let mut cfg = system.simulation();
            cfg.seed = seed;
            cfg.rounds = 9;
            let players = swiss_core::simulate::random_players(9 + (seed % 8) as u32, seed);
            let t = swiss_core::simulate::play(engine.as_ref(), players, label, &cfg).tournament;
            let file = dir.path().join(format!("{label}-{seed}-{round}.trf"));
            std::fs::write(&file, trf::write(&before_round(&t, round))).unwrap();
            let (file, p) = (file.to_str().unwrap().to_string(), white.to_string());
            let mut args = args.clone();
            args.extend([file.as_str(), "--player", &p]);
            let (code, text) = swiss(&args);
            assert_eq!(code, 0, "{label} {rule}:\n{text}");
            assert!(text.contains(rule), "{label} {rule}:\n{text}");
            let name = format!("explain-colour-{label}-{}-seed-{seed}-round-{round}", i + 1);
            insta::assert_snapshot!(name, text);
        }
    }
}
