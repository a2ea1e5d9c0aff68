//! `swiss generate` as FIDE's random tournament generator (C.04.A, issue
//! 45 part 2): each setting pinned by its effect on the files written,
//! and every file replayed by `swiss check`.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use swiss_core::{ResultCode, Tournament};

mod common;
use common::{swiss, text};

/// Runs `swiss generate` into `dir` and returns the files written.
fn generate(dir: &Path, args: &[&str]) -> Vec<PathBuf> {
    let d = dir.to_str().unwrap();
    let out = swiss(&[&["generate", "-o", d][..], args].concat());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr)
    );
    swiss_testdata::files(dir, "trf").unwrap()
}

fn read(f: &Path) -> Tournament {
    let s = std::fs::read_to_string(f).unwrap();
    swiss_core::trf::read(&s, &f.display().to_string()).unwrap()
}

/// Per round (index 0 = round 1), the entries with result `code` and no
/// opponent.
fn byes(t: &Tournament, code: ResultCode) -> Vec<usize> {
    (1..=t.planned_rounds.unwrap())
        .map(|r| {
            let e = t.players.iter().map(|p| p.entry(r));
            e.filter(|e| e.opponent.is_none() && e.result == code)
                .count()
        })
        .collect()
}

/// Per round, the games whose pair of results `pick` accepts (each game
/// once: from the lower start number's side).
fn games(t: &Tournament, pick: impl Fn(ResultCode, ResultCode) -> bool) -> Vec<usize> {
    (1..=t.planned_rounds.unwrap())
        .map(|r| {
            t.players
                .iter()
                .filter(|p| {
                    let e = p.entry(r);
                    e.opponent.is_some_and(|o| {
                        o > p.start_no && pick(e.result, t.player(o).unwrap().entry(r).result)
                    })
                })
                .count()
        })
        .collect()
}

/// `want` in rounds `first..=last`, none elsewhere.
fn only_in(rounds: u32, first: u32, last: u32, want: usize) -> Vec<usize> {
    (1..=rounds)
        .map(|r| if (first..=last).contains(&r) { want } else { 0 })
        .collect()
}

fn check(system: &[&str], files: &[PathBuf]) {
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let mut args = vec!["check", "--system"];
    args.extend(system);
    args.extend(names.iter().map(String::as_str));
    let out = swiss(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{system:?}: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

/// Everyone present unless a quota says otherwise: no withdrawals, no
/// late entries (they write `Z` too).
fn no_absences(dir: &Path) -> String {
    let p = dir.join("settings.json");
    std::fs::write(&p, r#"{"withdrawal_rate": 0, "late_entry_rate": 0}"#).unwrap();
    p.display().to_string()
}

/// `--full-byes`, `--half-byes`, `--zero-byes`: that many `F`, `H`, `Z`
/// entries in each round of the range, none outside it (a count, and a
/// percentage of the 40 players present); the `--config` file's rates
/// apply.
#[test]
fn rtg_requested_byes_fall_in_their_rounds() {
    let tmp = tempfile::tempdir().unwrap();
    let config = no_absences(tmp.path());
    let out = tmp.path().join("out");
    let files = generate(
        &out,
        &[
            "--system",
            "dutch",
            "--players",
            "40",
            "--rounds",
            "8",
            "--seed",
            "3",
            "--config",
            &config,
            "--full-byes",
            "1@3-4",
            "--half-byes",
            "2@2-5",
            "--zero-byes",
            "10%@6-7",
            "--forfeits",
            "0",
            "--odd-results",
            "0",
        ],
    );
    let t = read(&files[0]);
    assert_eq!(byes(&t, ResultCode::FullBye), only_in(8, 3, 4, 1));
    assert_eq!(byes(&t, ResultCode::HalfBye), only_in(8, 2, 5, 2));
    assert_eq!(byes(&t, ResultCode::ZeroBye), only_in(8, 6, 7, 4));
    check(&["dutch"], &files);
}

/// `--forfeits` and `--odd-results`: that many games per round won by
/// forfeit (`+` against `-`) and with ½-0, 0-½ or 0-0 (`=` against `0`, `0`
/// against `0`), in their rounds only; the checker reads them.
#[test]
fn rtg_forfeits_and_unusual_results_fall_in_their_rounds() {
    use ResultCode::{Draw, ForfeitLoss, ForfeitWin, Loss};
    let tmp = tempfile::tempdir().unwrap();
    let config = no_absences(tmp.path());
    let out = tmp.path().join("out");
    let files = generate(
        &out,
        &[
            "--system",
            "dutch",
            "--players",
            "30",
            "--rounds",
            "7",
            "--seed",
            "11",
            "--config",
            &config,
            "--full-byes",
            "0",
            "--half-byes",
            "0",
            "--zero-byes",
            "0",
            "--forfeits",
            "2@2-5",
            "--odd-results",
            "3@4-6",
        ],
    );
    let t = read(&files[0]);
    let forfeits = games(&t, |a, b| {
        matches!(
            (a, b),
            (ForfeitWin, ForfeitLoss) | (ForfeitLoss, ForfeitWin)
        )
    });
    assert_eq!(forfeits, only_in(7, 2, 5, 2));
    let odd = games(&t, |a, b| {
        matches!((a, b), (Draw, Loss) | (Loss, Draw) | (Loss, Loss))
    });
    assert_eq!(odd, only_in(7, 4, 6, 3));
    check(&["dutch"], &files);
}

/// `--tiebreaks`: records 202 and 212 hold the list, and the ranks in
/// the file are the ranks `swiss standings` computes from it.
#[test]
fn rtg_tiebreaks_are_recorded_with_the_final_ranks() {
    let tmp = tempfile::tempdir().unwrap();
    for (system, list) in [
        ("dutch", "SB,BH/C1,DE"),
        ("lim", "WIN,BPG,BH"),
        ("tcec", "SB,DE"),
    ] {
        let out = tmp.path().join(system);
        let files = generate(
            &out,
            &[
                "--system",
                system,
                "--players",
                "24",
                "--rounds",
                "6",
                "--seed",
                "5",
                "--tiebreaks",
                list,
            ],
        );
        let f = files[0].display().to_string();
        let s = std::fs::read_to_string(&f).unwrap();
        assert!(s.contains(&format!("\n202 {list}\n")), "{s}");
        assert!(s.contains(&format!("\n212 PTS,{list}\n")), "{s}");
        let t = read(&files[0]);
        let tsv = swiss(&["standings", "--format", "tsv", &f]);
        assert_eq!(tsv.status.code(), Some(0), "{}", text(&tsv.stderr));
        let computed: Vec<(u32, u32)> = text(&tsv.stdout)
            .lines()
            .skip(1)
            .map(|l| {
                let mut c = l.split('\t').map(|x| x.parse::<u32>().unwrap());
                (c.next().unwrap(), c.next().unwrap())
            })
            .collect();
        let recorded: Vec<(u32, u32)> = t
            .players
            .iter()
            .map(|p| (p.start_no, p.rank.expect("a rank")))
            .collect();
        if system == "tcec" {
            // TCEC's standings are its own ranking; the file's list ranks
            // it under --check.
            let c = swiss(&["standings", "--check", &f]);
            assert_eq!(c.status.code(), Some(0), "{}", text(&c.stderr));
        } else {
            assert_eq!(recorded, computed, "{system}");
        }
    }
}

/// `--ratings HIGH-LOW` (evenly spread, or `--rating-spacing` apart and
/// never below LOW) and `--ratings-file` (its values, the highest first;
/// as many players as it lists).
#[test]
fn rtg_ratings_come_from_bounds_or_a_list() {
    let tmp = tempfile::tempdir().unwrap();
    let ratings = |dir: &str, args: &[&str]| -> Vec<u16> {
        let files = generate(&tmp.path().join(dir), args);
        read(&files[0])
            .players
            .iter()
            .map(|p| p.rating.unwrap())
            .collect()
    };
    let base = ["--system", "dutch", "--rounds", "5", "--seed", "2"];
    let even = ratings(
        "even",
        &[&base[..], &["--players", "21", "--ratings", "2400-2000"]].concat(),
    );
    assert_eq!(even, (0..21).map(|i| 2400 - 20 * i).collect::<Vec<u16>>());
    let spaced = ratings(
        "spaced",
        &[
            &base[..],
            &[
                "--players",
                "20",
                "--ratings",
                "2400-2000",
                "--rating-spacing",
                "30",
            ],
        ]
        .concat(),
    );
    let want: Vec<u16> = (0..20).map(|i| (2400 - 30 * i).max(2000)).collect();
    assert_eq!(spaced, want);
    let list = [
        1500u16, 2210, 1873, 2650, 1999, 2001, 1720, 2480, 1600, 1950,
    ];
    let file = tmp.path().join("ratings.txt");
    let lines: Vec<String> = list.iter().map(u16::to_string).collect();
    std::fs::write(&file, format!("# a club\n{}\n", lines.join("\n"))).unwrap();
    let from_file = ratings(
        "list",
        &[&base[..], &["--ratings-file", file.to_str().unwrap()]].concat(),
    );
    let mut sorted = list.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(from_file, sorted);
}

/// The same seed gives the same files byte for byte (every setting left
/// random); without `--seed` two runs differ, and each file records the
/// values it was made with.
#[test]
fn rtg_seed_gives_the_same_bytes_and_none_differs() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |dir: &str, seed: Option<&str>| -> Vec<(String, Vec<u8>)> {
        let mut args = vec!["--system", "dutch", "--count", "2"];
        if let Some(s) = seed {
            args.extend(["--seed", s]);
        }
        generate(&tmp.path().join(dir), &args)
            .iter()
            .map(|f| {
                let name = f.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read(f).unwrap())
            })
            .collect()
    };
    let (a, b) = (run("a", Some("9")), run("b", Some("9")));
    assert_eq!(a, b);
    let (c, d) = (run("c", None), run("d", None));
    assert_ne!(c, d);
    for (_, bytes) in a.iter().chain(&c) {
        let s = String::from_utf8_lossy(bytes);
        let line = s
            .lines()
            .find(|l| l.starts_with("### swiss generate"))
            .unwrap();
        for key in [
            " seed=",
            " players=",
            " rounds=",
            " full-byes=",
            " half-byes=",
            " zero-byes=",
            " forfeits=",
            " odd-results=",
            " baku=",
            " ratings=",
            " tiebreaks=",
            " draw-rate=",
        ] {
            assert!(line.contains(key), "{key} missing: {line}");
        }
    }
}

/// `--baku`: the first half of the field (rounded up to an even number)
/// gets C.04.7's accelerated points; TCEC reads no acceleration (exit 64).
#[test]
fn rtg_baku_accelerates_the_first_half() {
    let tmp = tempfile::tempdir().unwrap();
    let files = generate(
        &tmp.path().join("b"),
        &[
            "--system",
            "dutch",
            "--players",
            "18",
            "--rounds",
            "7",
            "--seed",
            "4",
            "--baku",
        ],
    );
    let t = read(&files[0]);
    let accelerated: Vec<u32> = t.accelerations.iter().map(|a| a.0).collect();
    assert_eq!(accelerated, (1..=10).collect::<Vec<u32>>());
    let tenths: Vec<i32> = t.accelerations[0].1.iter().map(|p| p.0).collect();
    assert_eq!(tenths, [10, 10, 5, 5]);
    check(&["dutch"], &files);
    let d = tmp.path().join("t");
    let out = swiss(&[
        "generate",
        "--system",
        "tcec",
        "--players",
        "8",
        "--rounds",
        "3",
        "--baku",
        "-o",
        d.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(64), "{}", text(&out.stderr));
}

/// Every system, every new setting at once (and every setting random):
/// each file replays in `swiss check` with no difference, no illegal
/// pairing and the ranks it records. TCEC's engine events have no
/// requested byes, forfeits or unusual results: none is drawn, and asking
/// for one is refused (exit 64).
#[test]
fn rtg_every_setting_replays_in_the_checker() {
    let tmp = tempfile::tempdir().unwrap();
    let common = [
        "--players",
        "25",
        "--rounds",
        "7",
        "--count",
        "3",
        "--seed",
        "21",
        "--ratings",
        "2500-1500",
    ];
    let irregular = [
        "--full-byes",
        "1@2-3",
        "--half-byes",
        "5%@2-6",
        "--zero-byes",
        "1@4-7",
        "--forfeits",
        "1@3-5",
        "--odd-results",
        "10%",
    ];
    for (system, extra) in [
        (&["dutch"][..], &["--baku", "--tiebreaks", "BH/C1,SB"][..]),
        (&["dutch", "--edition", "2017"], &["--baku", "--trf26"]),
        (&["dubov"], &["--baku"]),
        (&["lim"], &["--baku", "--trf26"]),
        (&["tcec"], &["--tiebreaks", "SB"]),
        (&["tcec", "--double"], &[]),
    ] {
        let dir = tmp.path().join(system.join("-"));
        let sys: Vec<&str> = [&["--system"][..], system].concat();
        if system[0] == "tcec" {
            check(
                system,
                &generate(&dir, &[&sys[..], &common, extra].concat()),
            );
            let refused = tmp.path().join("refused");
            let o = swiss(
                &[
                    &["generate"][..],
                    &sys,
                    &common,
                    &irregular,
                    &["-o", refused.to_str().unwrap()],
                ]
                .concat(),
            );
            assert_eq!(o.status.code(), Some(64), "{system:?}");
            assert!(!refused.exists(), "nothing written");
        } else {
            check(
                system,
                &generate(&dir, &[&sys[..], &common, &irregular, extra].concat()),
            );
        }
        let random = dir.join("random");
        check(
            system,
            &generate(
                &random,
                &[&sys[..], &["--count", "4", "--seed", "1"]].concat(),
            ),
        );
    }
}

/// Bad settings are refused with the flag named (exit 3), nothing written.
#[test]
fn rtg_refuses_bad_settings() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("out");
    let d = dir.to_str().unwrap();
    for (args, says) in [
        (&["--half-byes", "5%@7-2"][..], "--half-byes"),
        (&["--forfeits", "101%"], "--forfeits"),
        (&["--odd-results", "x"], "--odd-results"),
        (&["--ratings", "1400-2600"], "--ratings"),
        (&["--tiebreaks", "XYZ"], "--tiebreaks"),
    ] {
        let o = swiss(
            &[
                &[
                    "generate",
                    "--system",
                    "dutch",
                    "--players",
                    "8",
                    "--rounds",
                    "3",
                    "-o",
                    d,
                ][..],
                args,
            ]
            .concat(),
        );
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", text(&o.stderr));
        assert!(
            text(&o.stderr).contains(says),
            "{args:?}: {}",
            text(&o.stderr)
        );
        assert!(!dir.exists());
    }
}
