//! `swiss` on team tournaments (FIDE C.04.6): the team pairs in the
//! established engines' format (`white black` TPNs, the PAB team last as
//! `N 0`), and the checker replaying team rounds.
#![allow(clippy::unwrap_used)]

mod common;
use common::swiss;

/// Round 3 of `testdata/trf/team/valid/team-tournament.trf` (`192 FIDE_TEAM_BAKU`, three teams):
/// Baku gives teams 1 and 2 one match point in round 3 (C.04.7), so 1 and
/// 3 lead on 3; `[C2]` bars 2 and 3 from the PAB (each had one, 3 also a
/// forfeit win), so 1 gets it (`3.4`) and 2-3 meet, 2 White by the lower
/// colour difference (`4.3.5`).
#[test]
fn team_pair_prints_team_pairs_and_the_pab_last() {
    let o = swiss(&[
        "pair",
        "--system",
        "team",
        "trf/team/valid/team-tournament.trf",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&o.stdout), "2\n2 3\n1 0\n");
}

/// The checker replays a team event's rounds with the team system and
/// compares team matches (TPNs), not the players' games.
#[test]
fn team_check_compares_team_matches() {
    let o = swiss(&[
        "check",
        "--system",
        "team",
        "trf/team/valid/team-tournament.trf",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("rounds identical in 1 tournaments"), "{out}");
    // Its rounds list teams: no player number above the three teams.
    assert!(!out.contains("recorded: 1-4"), "{out}");
}

/// `swiss generate --system team`: TRF-2026 team events (reserves, byes,
/// forfeited matches) that the checker replays identically, round by
/// round, ranked by the default C.07 team list (`212`, the `310` ranks,
/// which the checker's standings half accepts); the same seed gives the
/// same files; settings that describe no team event are refused (exit 3).
#[test]
fn team_generate_writes_replayable_events() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let args = [
        "generate",
        "--system",
        "team",
        "--players",
        "9",
        "--rounds",
        "5",
        "--boards",
        "4",
        "--reserves",
        "1",
        "--half-bye-rate",
        "0.05",
        "--forfeit-rate",
        "0.05",
        "--count",
        "3",
        "-o",
        out,
    ];
    let o = swiss(&args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let files: Vec<String> = (1..=3)
        .map(|s| format!("{out}/team-t009-b04-r05-s{s}.trf"))
        .collect();
    let first = std::fs::read_to_string(&files[0]).unwrap();
    assert!(first.contains("192 FIDE_TEAM_TYPEA_MP_GP"), "{first}");
    let mut check = vec!["check", "--system", "team"];
    check.extend(files.iter().map(String::as_str));
    let o = swiss(&check);
    let report = String::from_utf8_lossy(&o.stdout);
    assert!(
        report.contains("15/15 rounds identical in 3 tournaments"),
        "{report}"
    );
    assert!(
        first.contains("212 PTS,EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPVGP"),
        "{first}"
    );
    assert!(
        report.contains("ranks differing: 0; standings checked in 3 of 3 files"),
        "{report}"
    );
    assert_eq!(o.status.code(), Some(0), "{report}");
    let again = tempfile::tempdir().unwrap();
    let mut args2 = args;
    args2[18] = again.path().to_str().unwrap();
    assert_eq!(swiss(&args2).status.code(), Some(0));
    let second = std::fs::read_to_string(again.path().join("team-t009-b04-r05-s1.trf")).unwrap();
    assert_eq!(first, second);
    let o = swiss(&[
        "generate",
        "--system",
        "team",
        "--players",
        "1",
        "--rounds",
        "5",
        "-o",
        out,
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("2 to 999 teams"));
}

/// `--format json` and `--format trf26` write each match's boards (issue
/// 44): the team listed first has board 1's colour and record `352`'s
/// colours down the boards (C.04.6 1.6, `352 WBWB`), each team on its
/// first boards in roster order (`310`); the PAB team's players get `U`.
/// `testdata/trf/team/valid/four-boards.trf`, round 3: 1-4 play, 3 has the PAB.
#[test]
fn team_pair_writes_the_boards() {
    let file = "trf/team/valid/four-boards.trf";
    let o = swiss(&["pair", "--system", "team", file, "--format", "json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 1, "{v}");
    assert_eq!(
        (&pairs[0]["white"], &pairs[0]["black"]),
        (&1.into(), &4.into())
    );
    let boards: Vec<(u64, u64, u64)> = pairs[0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let n = |k: &str| b[k].as_u64().unwrap();
            (n("board"), n("white"), n("black"))
        })
        .collect();
    // Team 1 fields 1-4 (of five), team 4 fields 14-17 (of five).
    assert_eq!(boards, [(1, 1, 14), (2, 15, 2), (3, 3, 16), (4, 17, 4)]);
    assert_eq!(v["bye"], 3);
    assert_eq!(v["bye_players"], serde_json::json!([10, 11, 12, 13]));

    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("next.trf");
    let out = out.to_str().unwrap();
    let o = swiss(&[
        "pair", "--system", "team", file, "--format", "trf26", "-o", out,
    ]);
    assert_eq!(o.status.code(), Some(0));
    let text = std::fs::read_to_string(out).unwrap();
    // Each player's round-3 entry: the opponent and colour, no result yet.
    let last = |player: u32| -> Vec<String> {
        let line = text
            .split(['\r', '\n'])
            .find(|l| l.starts_with("001") && l[4..8].trim() == player.to_string())
            .unwrap();
        let rounds = line.get(91..).unwrap_or_default();
        rounds
            .split_whitespace()
            .skip(6)
            .map(String::from)
            .collect()
    };
    assert_eq!(last(1), ["0014", "w"]);
    assert_eq!(last(2), ["0015", "b"]);
    assert_eq!(last(17), ["0004", "w"]);
    assert_eq!(last(10), ["0000", "-", "U"]);
    // The reserves (5 and 18) are not in the round.
    assert!(last(5).len() < 2, "{:?}", last(5));
    assert!(text.contains("320 "), "the PAB team's record");
    // Read back, round 3 is the team pairing made: the checker replays it
    // (round 1 of this hand-made file is not the engine's, as before).
    let o = swiss(&["check", "--system", "team", out]);
    let report = String::from_utf8_lossy(&o.stdout);
    assert!(report.contains("2/3 rounds identical"), "{report}");
    assert!(report.contains("round 1 differs"), "{report}");
    // TRF16 has no team records: its writer writes TRF-2026's, the same
    // games.
    let o = swiss(&["pair", "--system", "team", file, "--format", "trf"]);
    assert_eq!(o.status.code(), Some(0));
    let trf16 = String::from_utf8_lossy(&o.stdout);
    assert!(
        trf16.contains("0014 w") && trf16.contains("310   1"),
        "{trf16}"
    );
}

/// `testdata/hunt/team/SRC` as it stood before `round`, written to `dir`.
fn before(dir: &std::path::Path, src: &str, round: u32) -> String {
    let text = std::fs::read_to_string(swiss_testdata::path(src)).unwrap();
    let t = swiss_core::trf::read(&text, src).unwrap();
    let path = dir.join(format!("before-{round}.trf"));
    std::fs::write(
        &path,
        swiss_core::trf::write_2026(&swiss_core::before_round(&t, round)),
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

/// The engine's pairing of `file`, as `white black` lines.
fn engine_pairs(file: &str) -> Vec<(u32, u32)> {
    let o = swiss(&["pair", "--system", "team", file]);
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .skip(1)
        .map(|l| {
            let mut it = l.split_whitespace().map(|x| x.parse().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        })
        .collect()
}

fn write_proposal(dir: &std::path::Path, name: &str, pairs: &[(u32, u32)]) -> String {
    let mut text = format!("{}\n", pairs.len());
    for (w, b) in pairs {
        text.push_str(&format!("{w} {b}\n"));
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `swiss explain --system team` (issue 44): the round bracket by bracket
/// citing C.04.6 (the PAB by `3.4`, upfloaters by `3.5` and `[C3]`-`[C7]`,
/// pairs by `3.6`, colours by `4.3`), and with `--player T` what decided
/// team T's pairing. `swiss compare --system team`: completeness counts
/// teams, and a proposal with a pair's colours reversed is separated by
/// the colour rule that decided it.
#[test]
fn team_explain_and_compare_cite_c046() {
    let dir = tempfile::tempdir().unwrap();
    let file = before(dir.path(), "hunt/team/0000056.trf", 5);
    let o = swiss(&["explain", "--system", "team", &file]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let whole = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        whole.contains("(C.04.6 3.5)") && whole.contains("C.04.6 4.3."),
        "{whole}"
    );
    insta::assert_snapshot!("team-explain-56-round-5", whole);
    let o = swiss(&["explain", "--system", "team", &file, "--player", "3"]);
    assert_eq!(o.status.code(), Some(0));
    insta::assert_snapshot!(
        "team-explain-56-round-5-team-3",
        String::from_utf8_lossy(&o.stdout)
    );

    let ours = engine_pairs(&file);
    let mut reversed = ours.clone();
    let (w, b) = reversed[0];
    reversed[0] = (b, w);
    let prop = write_proposal(dir.path(), "reversed.txt", &reversed);
    let o = swiss(&["compare", "--system", "team", &file, &prop]);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(o.status.code(), Some(10), "{text}");
    assert!(text.contains("Complete: yes"), "{text}");
    assert!(
        text.contains(&format!("the match of {w} and {b}: C.04.6 4.3.")),
        "{text}"
    );
    insta::assert_snapshot!("team-compare-56-round-5-reversed", text);
    let prop = write_proposal(dir.path(), "same.txt", &ours);
    let o = swiss(&["compare", "--system", "team", &file, &prop]);
    assert_eq!(o.status.code(), Some(0));
}

/// `swiss standings` on a team event (issue 46): teams ranked by the
/// primary score and the file's `212` list (C.07 team tie-breaks), `tsv`
/// as the reference platform prints it (`StartNo` the team's TPN), `json`
/// with the teams' names. The values are Gacrux 1.10.62's for this file.
#[test]
fn team_standings_rank_teams_by_the_c07_team_tiebreaks() {
    let file = common::testdata("trf/check/team-agree.trf");
    let file = file.to_str().unwrap();
    let o = swiss(&["standings", file, "--format", "tsv"]);
    assert!(o.status.success(), "{}", common::text(&o.stderr));
    assert_eq!(
        common::text(&o.stdout),
        "StartNo\tRank\tEDET/P\tEMGSB/C1/P\tBH:MP/C1/P\tMPVGP\n\
         1\t1\t0\t92.50\t24.0\t19.5\n\
         2\t2\t1\t49.00\t25.0\t14.0\n\
         3\t4\t0\t28.50\t23.0\t11.0\n\
         4\t3\t2\t35.00\t25.0\t11.5\n\
         5\t6\t2\t13.50\t23.0\t8.0\n\
         6\t5\t1\t18.00\t27.0\t7.0\n\
         7\t7\t0\t17.00\t24.0\t6.5\n\
         8\t8\t0\t9.00\t21.0\t2.5\n"
    );
    let o = swiss(&[
        "standings",
        file,
        "--format",
        "json",
        "--tiebreaks",
        "BC,TBR",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["standings"][0]["name"], "Team 001");
    assert_eq!(v["tiebreaks"][0], "BC");
    // A rating tie-break is refused for teams, naming the article.
    let o = swiss(&["standings", file, "--tiebreaks", "ARO"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(common::text(&o.stderr).contains("C.07 Art. 10"));
}
