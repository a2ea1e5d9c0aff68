//! Replays the 400 reference tournaments (paired by the 2017 rules) with
//! the 2012 edition and counts the rounds it pairs the same way; every
//! 2012 pairing is re-checked by the independent verifier. Differences are
//! sorted into kinds by where the two pairings first part:
//!
//! `cargo run --release -p swiss-dutch --example fide2012_compare [DIR]`
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use rayon::prelude::*;
use swiss_core::{Pairing, PairingSystem, Points, RoundState, Tournament, before_round, trf};
use swiss_dutch::DutchSystem;
use swiss_verify::Verified;

/// How a 2012 round differs from the recorded 2017 round.
fn kind(t: &Tournament, k: u32, rec: &Pairing, got: &Pairing) -> String {
    let st = RoundState::before(&before_round(t, k), k);
    let score = |s: u32| st.player(s).map_or(Points::ZERO, |p| p.pairing_score());
    let unordered = |p: &Pairing| {
        let mut v: Vec<(u32, u32)> = p
            .pairs
            .iter()
            .map(|x| (x.white.min(x.black), x.white.max(x.black)))
            .collect();
        v.sort_unstable();
        v
    };
    let (a, b) = (unordered(rec), unordered(got));
    if a == b && rec.bye == got.bye {
        return "colours only (E)".into();
    }
    // The highest score at which the pairs differ.
    let top = |v: &[(u32, u32)], x: &[(u32, u32)]| {
        v.iter()
            .filter(|p| !x.contains(p))
            .map(|&(p, q)| score(p).max(score(q)))
            .max()
    };
    let first = top(&a, &b).max(top(&b, &a));
    let floats = |v: &[(u32, u32)], s: Points| {
        let mut f: Vec<u32> = v
            .iter()
            .filter(|&&(p, q)| score(p).max(score(q)) == s && score(p) != score(q))
            .map(|&(p, q)| if score(p) > score(q) { p } else { q })
            .collect();
        f.sort_unstable();
        f
    };
    let last = st.is_last_round();
    let parity = if k % 2 == 1 { "odd" } else { "even" };
    match first {
        None => "bye only".into(),
        Some(s) if floats(&a, s) != floats(&b, s) => {
            format!(
                "other floaters ({parity} round{})",
                if last { ", last" } else { "" }
            )
        }
        Some(_) => format!(
            "same floaters, other pairs ({parity} round{})",
            if last { ", last" } else { "" }
        ),
    }
}

fn main() {
    let dir = std::env::args().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/dutch"),
        PathBuf::from,
    );
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    let system = Verified {
        system: &DutchSystem::FIDE_2012,
        verify: swiss_verify::dutch_next,
    };
    let results: Vec<(String, u32, Vec<(u32, String)>)> = files
        .par_iter()
        .map(|f| {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            let t = trf::read(&std::fs::read_to_string(f).unwrap(), &name).unwrap();
            let rounds = t.played_rounds();
            let mut diffs = Vec::new();
            for k in 1..=rounds {
                let rec = Pairing::recorded(&t, k);
                match system.pair(&before_round(&t, k)) {
                    Ok(p) if swiss_core::same_pairing(&p, &rec) => {}
                    Ok(p) => diffs.push((k, kind(&t, k, &rec, &p))),
                    Err(e) => diffs.push((k, format!("error: {e}"))),
                }
            }
            (name, rounds, diffs)
        })
        .collect();
    let total: u32 = results.iter().map(|r| r.1).sum();
    let differ: usize = results.iter().map(|r| r.2.len()).sum();
    let full = results.iter().filter(|r| r.2.is_empty()).count();
    println!(
        "dutch 2012 vs 2017 records: {}/{} rounds the same in {} tournaments ({} tournaments entirely)",
        total as usize - differ,
        total,
        results.len(),
        full
    );
    let mut kinds: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (name, _, diffs) in &results {
        for (k, what) in diffs {
            kinds
                .entry(what.clone())
                .or_default()
                .push(format!("{name} r{k}"));
        }
    }
    for (what, v) in &kinds {
        println!(
            "{:5}  {what}   e.g. {}",
            v.len(),
            v[..v.len().min(4)].join(", ")
        );
    }
}
