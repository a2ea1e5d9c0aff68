//! Every value and rank of the reference platform's team tie-breaks
//! (Gacrux 1.10.62, `gacrux.tiebreakchecker -s`) on the team tournaments
//! of `testdata/tiebreaks-team/reference` (README there): each
//! `SEED.ID.tsv` is the reference's table of list `ID` for `SEED.trf`.
//! Prints the agreement per list and column; fails on any difference
//! but the documented departure: inside EDEC, EDEBT and EDEBB the board
//! count of two teams still tied ranks the lower count first (C.07 Art.
//! 12.1), the reference the higher (crate docs, team interpretations;
//! pinned by `extended_direct_encounter_then_the_boards_of_the_encounter_art_13_3`
//! in `tests/team.rs`).

use std::collections::BTreeMap;

use swiss_tiebreak::{Options, TieBreak, table};

/// The same value as printed: equal text, the reference's `-0` for our
/// `-`, or the same number (the reference prints a sum of nothing as `0`).
fn same(want: &str, got: &str) -> bool {
    want == got
        || (want == "-0" && got == "-")
        || matches!((want.parse::<f64>(), got.parse::<f64>()), (Ok(a), Ok(b)) if a == b)
}

#[test]
fn every_team_value_and_rank_agrees_with_the_reference_platform() {
    let dir = swiss_testdata::path("tiebreaks-team/reference");
    let tables = swiss_testdata::files(&dir, "tsv").expect("testdata");
    let mut tournaments = std::collections::BTreeSet::new();
    // (values, agree, departed) per list:column.
    let mut tally: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut diffs = Vec::new();
    for tsv in &tables {
        let stem = tsv
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (seed, list) = stem.split_once('.').expect("SEED.ID.tsv");
        tournaments.insert(seed.to_string());
        let t = swiss_testdata::read_trf(&dir.join(format!("{seed}.trf"))).expect("reads");
        let text = swiss_testdata::read_text(tsv).expect("tsv");
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
        let codes: Vec<TieBreak> = header[2..].iter().map(|c| c.parse().expect(c)).collect();
        let got = table(&t, &codes, &Options::default()).expect("computes");
        let departs = matches!(list, "edec" | "edebt" | "edebb");
        let rows: Vec<&str> = lines.collect();
        assert_eq!(rows.len(), got.rows.len(), "{stem}: teams");
        for (line, row) in rows.iter().zip(&got.rows) {
            let want: Vec<&str> = line.split('\t').collect();
            let mut ours = vec![row.start_no.to_string(), row.rank.to_string()];
            ours.extend(row.values.iter().map(ToString::to_string));
            assert_eq!(want[0], ours[0], "{stem}: TPN order");
            for (k, code) in header.iter().enumerate().skip(1) {
                let e = tally.entry(format!("{list}:{code}")).or_default();
                e.0 += 1;
                if same(want[k], &ours[k]) {
                    e.1 += 1;
                } else if departs {
                    e.2 += 1;
                } else if diffs.len() < 60 {
                    diffs.push(format!(
                        "{stem} team {}: {code} reference {}, ours {}",
                        want[0], want[k], ours[k]
                    ));
                }
            }
        }
    }
    eprintln!("{} tournaments, {} tables", tournaments.len(), tables.len());
    for (code, (n, a, d)) in &tally {
        let note = if *d > 0 {
            format!(" ({d} the board count inside EDE, lower first)")
        } else {
            String::new()
        };
        eprintln!("  {code}: {a}/{n}{note}");
    }
    for d in &diffs {
        eprintln!("{d}");
    }
    assert!(tournaments.len() >= 50, "the sample is there");
    assert!(
        diffs.is_empty(),
        "{} differences (first shown above)",
        diffs.len()
    );
}
