//! `swiss check`, FIDE's pairings-and-tie-breaks checker (issue 45): one
//! report per file with both halves, each finding at its place
//! (`FILE:LINE:COLUMN`) with its rule, and an exit code per outcome: 0
//! all agree, 10 a round differs from the engine's, 11 a recorded pairing
//! breaks an absolute criterion, 12 a recorded rank differs, 3 invalid
//! input; `--format json` with the same content.
//!
//! The files (`testdata/trf/check/`) are one Dutch 2026 event (17
//! players, 9 rounds, paired by bbpPairings v6.0.0), its ranks computed
//! with the `212` list it carries (`BH/C1,BH,DE,WIN,BPG,TPN`), and three
//! hand-changed copies: the ranks of players 1 and 3 swapped; in round 9
//! the black players of boards 4-3 and 14-15 exchanged (4-15, 14-3: legal,
//! not the engine's); boards 4-3 and 5-1 exchanged the same way (4-1, a
//! rematch: `C1`).
//!
//! `team-agree.trf` is a team event (8 teams, 4 boards, 5 rounds, made by
//! `swiss generate --system team --seed 7`) ranked with the `212` list of
//! the FIDE Technical Commission's team sample
//! (`EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPVGP`), the ranks in its `310` records
//! (the reference platform, Gacrux 1.10.62, agrees: `Check: True`);
//! `team-ranks-swapped.trf` swaps the ranks of teams 2 and 4.
#![allow(clippy::unwrap_used)]

mod common;
use common::swiss;

fn check(file: &str, json: bool) -> (i32, String) {
    let path = format!("trf/check/{file}");
    let system = if file.starts_with("team-") {
        "team"
    } else {
        "dutch"
    };
    let mut args = vec!["check", "--system", system, path.as_str()];
    if json {
        args.extend(["--format", "json"]);
    }
    let o = swiss(&args);
    (
        o.status.code().unwrap(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

fn json(file: &str) -> (i32, serde_json::Value) {
    let (code, text) = check(file, true);
    (code, serde_json::from_str(&text).unwrap())
}

/// The event as paired and ranked: both halves agree, exit 0.
#[test]
fn a_correct_file_agrees() {
    let (code, text) = check("agree.trf", false);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("trf/check/agree.trf: standings: 17 of 17 ranks agree (points, then record 212: BH/C1,BH,DE,WIN,BPG,TPN)"), "{text}");
    assert!(
        text.contains("dutch: 9/9 rounds identical in 1 tournaments"),
        "{text}"
    );
    assert!(text.ends_with("check: agree (rounds differing: 0, pairings breaking an absolute criterion: 0, ranks differing: 0; standings checked in 1 of 1 files)\n"), "{text}");
    let (code, v) = json("agree.trf");
    assert_eq!(code, 0);
    assert_eq!(v["verdict"], "agree");
    assert_eq!(v["files"][0]["standings"]["status"], "checked");
    assert_eq!(v["files"][0]["standings"]["ranks"], 17);
}

/// Two ranks swapped: exit 12, each at its `001` record's rank field
/// (column 86) with the column that decides between the two players.
#[test]
fn swapped_ranks_are_found_at_their_place() {
    let (code, text) = check("ranks-swapped.trf", false);
    assert_eq!(code, 12, "{text}");
    assert!(text.contains("trf/check/ranks-swapped.trf:5:86: standings: rank 1: the file has player 3, the computed standings have player 1 (player 3 is ranked 2; decided by PTS (7.0 against 8.5))"), "{text}");
    assert!(
        text.contains("trf/check/ranks-swapped.trf:3:86: standings: rank 2: the file has player 1"),
        "{text}"
    );
    assert!(text.contains("9/9 rounds identical"), "{text}");
    let (code, v) = json("ranks-swapped.trf");
    assert_eq!(code, 12);
    assert_eq!(v["verdict"], "standings_differ");
    let d = &v["files"][0]["standings"]["differences"];
    assert_eq!(d.as_array().unwrap().len(), 2, "{v}");
    assert_eq!(d[0]["at"], "trf/check/ranks-swapped.trf:5:86");
}

/// Two boards' opponents exchanged in round 9, legally: the round differs
/// from the engine's (exit 10), at the first recorded board the engine
/// does not make (player 4's round-9 entry, line 6, column 172); no
/// absolute criterion is broken.
#[test]
fn exchanged_boards_are_a_differing_round() {
    let (code, text) = check("boards-exchanged.trf", false);
    assert_eq!(code, 10, "{text}");
    assert!(text.contains("trf/check/boards-exchanged.trf:6:172: round 9 differs\n  recorded: 4-15 5-1 8-13 9-7 10-6 11-16 14-3 17-2 bye 12\n  produced: 4-3 5-1 8-13 9-7 10-6 11-16 14-15 17-2 bye 12\n"), "{text}");
    assert!(!text.contains("illegal pairing:"), "{text}");
    let (code, v) = json("boards-exchanged.trf");
    assert_eq!(code, 10);
    assert_eq!(v["verdict"], "pairings_differ");
    assert_eq!(v["files"][0]["differing"][0]["round"], 9);
    assert_eq!(v["files"][0]["illegal"].as_array().unwrap().len(), 0);
}

/// A rematch in round 9: the verifier names `C.04.3 (2026) C1` and the
/// players (exit 11, over the differing round and ranks).
#[test]
fn an_illegal_pairing_names_the_rule_and_players() {
    let (code, text) = check("illegal.trf", false);
    assert_eq!(code, 11, "{text}");
    assert!(text.contains("trf/check/illegal.trf:6:172: round 9: illegal pairing: C.04.3 (2026) C1: 4 and 1 have already played each other"), "{text}");
    let (code, v) = json("illegal.trf");
    assert_eq!(code, 11);
    assert_eq!(v["verdict"], "illegal_pairing");
    assert_eq!(v["files"][0]["illegal"][0]["rule"], "C.04.3 (2026) C1");
}

/// Without a tie-break list (`212`/`202`) the standings half is skipped
/// and said so: the checker does not guess the event's tie-breaks. The
/// established engines' `-c` keeps its report and exit code (1 when a
/// round differs).
#[test]
fn no_tiebreak_list_skips_the_standings_and_legacy_check_is_unchanged() {
    let o = swiss(&[
        "check",
        "--system",
        "dutch",
        "oracle/dutch-2026/t0015-p017-r09.trf",
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(
        text.contains(
            "standings not checked: the file lists no tie-breaks (TRF-2026 record 212 or 202)"
        ),
        "{text}"
    );
    let o = swiss(&["--dutch", "trf/check/boards-exchanged.trf", "-c"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(
        text.contains("round 9 differs") && !text.contains("standings"),
        "{text}"
    );
}

/// A team event: its team standings (C.07 team tie-breaks) are checked too,
/// a wrong rank found at its `310` record's rank field (column 69).
#[test]
fn team_standings_are_checked_at_the_310_rank_field() {
    let (code, text) = check("team-agree.trf", false);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("standings: 8 of 8 ranks agree (points, then record 212: EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPVGP)"), "{text}");
    let (code, text) = check("team-ranks-swapped.trf", false);
    assert_eq!(code, 12, "{text}");
    assert!(text.contains("team-ranks-swapped.trf:42:69: standings: rank 2: the file has team 4, the computed standings have team 2 (team 4 is ranked 3; decided by EDET/P (2 against 1))"), "{text}");
    assert!(
        text.contains("team-ranks-swapped.trf:40:69: standings: rank 3: the file has team 2"),
        "{text}"
    );
    let (code, v) = json("team-ranks-swapped.trf");
    assert_eq!(code, 12);
    assert_eq!(
        v["files"][0]["standings"]["differences"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
}
