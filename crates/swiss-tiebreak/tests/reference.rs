//! Every value and every rank of the FIDE Technical Commission's reference
//! program on the 199 tournaments of `testdata/tiebreaks` (README there).
//! Prints the agreement per tie-break; fails on any difference.
//!
//! One documented departure (crate docs, "Rule interpretations": *each
//! tie-break on its own*): in the reference program, computing FB leaves a
//! player's "last present round" changed for the tie-breaks listed after
//! it, so its AOB and SB of `t0274-p015-r10` depend on whether FB is
//! listed before them. For those cells the expected values are the
//! reference program's own output without FB in the list
//! (`testdata/tiebreaks-departures/`), and the departures are counted.

use std::collections::BTreeMap;

use swiss_tiebreak::{Options, TieBreak, table};

#[derive(Default)]
struct Tally {
    values: usize,
    agree: usize,
    tournaments: usize,
    tournaments_agree: usize,
}

#[test]
fn every_value_and_rank_agrees_with_the_reference_program() {
    let dir = swiss_testdata::path("tiebreaks");
    let files = swiss_testdata::files(&dir, "trf").expect("testdata/tiebreaks");
    assert_eq!(files.len(), 199, "the reference set has 199 tournaments");
    let mut order: Vec<String> = Vec::new();
    let mut tally: BTreeMap<String, Tally> = BTreeMap::new();
    let mut diffs: Vec<String> = Vec::new();
    let mut departed: BTreeMap<String, usize> = BTreeMap::new();
    for trf in &files {
        let name = trf
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let t = swiss_testdata::read_trf(trf).expect("reads");
        let tsv = swiss_testdata::read_text(&trf.with_extension("tsv")).expect("tsv");
        let mut lines = tsv.lines();
        let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
        let codes: Vec<TieBreak> = header[2..].iter().map(|c| c.parse().expect(c)).collect();
        if order.is_empty() {
            order = std::iter::once("Rank".to_string())
                .chain(header[2..].iter().map(|s| s.to_string()))
                .collect();
        }
        let departures = departures(&name);
        let got = table(&t, &codes, &Options::default()).expect("computes");
        let mut bad: BTreeMap<String, bool> = BTreeMap::new();
        for (line, row) in lines.zip(&got.rows) {
            let want: Vec<&str> = line.split('\t').collect();
            assert_eq!(want[0], row.start_no.to_string(), "{name}: start order");
            let mut cells = vec![(
                "Rank".to_string(),
                want[1].to_string(),
                row.rank.to_string(),
            )];
            for (k, code) in header[2..].iter().enumerate() {
                let want = match departures.get(*code) {
                    Some(column) => {
                        let expected = column[&row.start_no].clone();
                        if expected != want[k + 2] {
                            *departed.entry(code.to_string()).or_default() += 1;
                        }
                        expected
                    }
                    None => want[k + 2].to_string(),
                };
                cells.push((code.to_string(), want, row.values[k].to_string()));
            }
            for (code, want, got) in cells {
                let e = tally.entry(code.clone()).or_default();
                e.values += 1;
                if want == got || (want == "-0" && got == "-") {
                    e.agree += 1;
                } else {
                    *bad.entry(code.clone()).or_default() = true;
                    if diffs.len() < 60 {
                        diffs.push(format!(
                            "{name} #{}: {code} reference {want}, ours {got}",
                            row.start_no
                        ));
                    }
                }
            }
        }
        for code in &order {
            let e = tally.entry(code.clone()).or_default();
            e.tournaments += 1;
            if !bad.contains_key(code) {
                e.tournaments_agree += 1;
            }
        }
    }
    for code in &order {
        let e = &tally[code];
        let note = match departed.get(code) {
            Some(d) => format!(" ({d} values: the documented FB departure)"),
            None => String::new(),
        };
        eprintln!(
            "{code}: {}/{} values, {}/{} tournaments{note}",
            e.agree, e.values, e.tournaments_agree, e.tournaments
        );
    }
    for d in &diffs {
        eprintln!("{d}");
    }
    assert!(
        diffs.is_empty(),
        "{} differences (first shown above)",
        diffs.len()
    );
}

/// For a tournament with a documented departure: AOB, SB and SB/C1 by start
/// number, from the reference program's output without FB.
fn departures(name: &str) -> BTreeMap<String, BTreeMap<u32, String>> {
    let mut out = BTreeMap::new();
    let path = swiss_testdata::path("tiebreaks-departures").join(format!("{name}-without-FB.tsv"));
    let Ok(text) = std::fs::read_to_string(path) else {
        return out;
    };
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    for line in lines {
        let cells: Vec<&str> = line.split('\t').collect();
        let start: u32 = cells[0].parse().expect("start number");
        for (k, code) in header.iter().enumerate() {
            if ["AOB", "SB", "SB/C1"].contains(code) {
                out.entry(code.to_string())
                    .or_insert_with(BTreeMap::new)
                    .insert(start, cells[k].to_string());
            }
        }
    }
    out
}

/// The departure itself, on the reference program's own output: without
/// FB in the list, every value and rank of `t0274-p015-r10` agrees.
#[test]
fn without_fb_the_reference_agrees_with_us_on_t0274() {
    let dir = swiss_testdata::path("tiebreaks");
    let t = swiss_testdata::read_trf(&dir.join("t0274-p015-r10.trf")).expect("reads");
    let tsv = swiss_testdata::read_text(
        &swiss_testdata::path("tiebreaks-departures").join("t0274-p015-r10-without-FB.tsv"),
    )
    .expect("tsv");
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let codes: Vec<TieBreak> = header[2..].iter().map(|c| c.parse().expect(c)).collect();
    let got = table(&t, &codes, &Options::default()).expect("computes");
    for (line, row) in lines.zip(&got.rows) {
        let mut ours = vec![row.start_no.to_string(), row.rank.to_string()];
        ours.extend(row.values.iter().map(ToString::to_string));
        assert_eq!(line, ours.join("\t"));
    }
}
