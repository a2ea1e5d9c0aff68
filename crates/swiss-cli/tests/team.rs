//! `swiss` on team tournaments (FIDE C.04.6): the team pairs in the
//! established engines' format (`white black` TPNs, the PAB team last as
//! `N 0`), and the checker replaying team rounds.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::{Command, Output};

fn swiss(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swiss"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata"))
        .output()
        .unwrap()
}

/// Round 3 of `team-tournament.trf` (`192 FIDE_TEAM_BAKU`, three teams):
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
