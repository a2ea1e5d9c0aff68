//! The 2012 edition against the 400 reference tournaments (paired by the
//! 2017 rules): how many rounds it pairs the same way, and for the others
//! which rule of the 2012 text tells the two pairings apart. Not part of
//! the CI suite: `cargo test -p swiss-dutch --lib compare_2017 -- --ignored --nocapture`.
//!
//! A round's pairs are grouped by the bracket they are made in (the lower
//! score of the two; the bye in the lowest). In the highest bracket where
//! the recorded and the 2012 pairings part, both are measured by the 2012
//! requirements ([`Quality`]: B.2 for top scorers, A.7.d, X, Z, B.5/B.6
//! for downfloaters and upfloaters). When the recorded pairing breaks one
//! of them more often, the difference is that rule's; when both measure
//! the same, it is the order of candidates (D.1-D.3) or the floats of
//! unplayed rounds (A.4, B.1.b); when the 2012 pairing measures worse
//! there, the 2012 procedure could not do better (its moved-down players
//! are paired first, it looks no further down than C.12/C.13 make it).
#![allow(clippy::unwrap_used, clippy::panic)]

use std::collections::BTreeMap;

use rayon::prelude::*;
use swiss_core::{Pairing, RoundState, before_round, trf};

use crate::float::Float;

use super::a_definitions::Round;
use super::a11_quality::Quality;
use super::b_criteria::{floater_flags, pair_flags};

/// The pairs of `p` as ranks of `round`, and the bye's rank.
fn ranks(round: &Round, p: &Pairing) -> (Vec<(usize, usize)>, Option<usize>) {
    let rank = |s: u32| round.players.iter().position(|q| q.id == s).unwrap();
    let mut v: Vec<(usize, usize)> = p
        .pairs
        .iter()
        .map(|x| {
            let (a, b) = (rank(x.white), rank(x.black));
            (a.min(b), a.max(b))
        })
        .collect();
    v.sort_unstable();
    (v, p.bye.map(rank))
}

/// The bracket a pair is made in: the lower score.
fn bracket(round: &Round, (a, b): (usize, usize)) -> i32 {
    round.p(a).score.min(round.p(b).score)
}

/// The 2012 quality of the part of a pairing made in bracket `s`; with
/// `floats_2017`, downfloats counted as the 2017 rules do (every unplayed
/// round a downfloat).
fn quality_at(
    round: &Round,
    st: &RoundState,
    pairs: &[(usize, usize)],
    bye: Option<usize>,
    s: i32,
    floats_2017: bool,
) -> Quality {
    let mut q = Quality::default();
    for &(a, b) in pairs.iter().filter(|&&p| bracket(round, p) == s) {
        let (pa, pb) = (round.p(a), round.p(b));
        q = q.add(Quality::of(pair_flags(
            pa,
            pb,
            round.odd(),
            pa.score > pb.score,
        )));
    }
    // Floaters from bracket s: players of score >= s paired below it.
    let floated = |r: usize| {
        bye == Some(r)
            || pairs
                .iter()
                .any(|&p| (p.0 == r || p.1 == r) && bracket(round, p) < s)
    };
    for r in (0..round.players.len()).filter(|&r| round.p(r).score >= s && floated(r)) {
        let p = round.p(r);
        let flags = if floats_2017 {
            let ps = st.player(p.id).unwrap();
            let mut f = 0;
            if crate::float::float(st, ps, 1) == Some(Float::Down) {
                f |= super::b_criteria::B5_DOWN;
            }
            if crate::float::float(st, ps, 2) == Some(Float::Down) {
                f |= super::b_criteria::B6_DOWN;
            }
            f
        } else {
            floater_flags(p)
        };
        q = q.add(Quality::of(flags));
    }
    q
}

/// The first component in which two qualities differ, named by its rule.
fn first_difference(a: Quality, b: Quality) -> &'static str {
    let pairs = [
        (a.b2 != b.b2, "B.2 note (top scorers)"),
        (a.a7d != b.a7d, "A.7.d (strong as absolute, odd rounds)"),
        (a.x != b.x, "X (A.8.a: all colour preferences)"),
        (
            a.z != b.z,
            "Z (A.8.b/A.7.e: strong preferences, even rounds)",
        ),
        (a.b5_down != b.b5_down, "B.5 for downfloaters"),
        (a.b6_down != b.b6_down, "B.6 for downfloaters"),
        (a.b5_up != b.b5_up, "B.5 for upfloaters"),
        (a.b6_up != b.b6_up, "B.6 for upfloaters"),
    ];
    pairs.iter().find(|p| p.0).map_or("?", |p| p.1)
}

/// Why the 2012 pairing `got` of the round of `st` differs from `rec`;
/// `backtracked`: the 2012 procedure needed C.12 or C.13 in that round.
fn kind(st: &RoundState, rec: &Pairing, got: &Pairing, backtracked: bool) -> String {
    let round = Round::new(st);
    let (a, bye_a) = ranks(&round, rec);
    let (b, bye_b) = ranks(&round, got);
    if a == b && bye_a == bye_b {
        return "colours only: E.1-E.5".into();
    }
    let lowest = round.players.iter().map(|p| p.score).min().unwrap_or(0);
    let level = |v: &[(usize, usize)], bye: Option<usize>, s: i32| {
        let mut x: Vec<(usize, usize)> = v
            .iter()
            .copied()
            .filter(|&p| bracket(&round, p) == s)
            .collect();
        x.sort_unstable();
        (x, if s == lowest { bye } else { None })
    };
    let mut scores: Vec<i32> = round.players.iter().map(|p| p.score).collect();
    scores.sort_unstable_by(|x, y| y.cmp(x));
    scores.dedup();
    let Some(&s) = scores
        .iter()
        .find(|&&s| level(&a, bye_a, s) != level(&b, bye_b, s))
    else {
        return "?".into();
    };
    let top = if scores[0] == s {
        "top bracket"
    } else {
        "lower bracket"
    };
    let (qa, qb) = (
        quality_at(&round, st, &a, bye_a, s, false),
        quality_at(&round, st, &b, bye_b, s, false),
    );
    let n_pairs = |v: &[(usize, usize)]| v.iter().filter(|&&p| bracket(&round, p) == s).count();
    if n_pairs(&a) != n_pairs(&b) {
        return if backtracked {
            "C.12/C.13: backtracking or joined brackets".into()
        } else {
            format!("other number of pairs in a {top}: moved-down players paired first (A.3, C.14)")
        };
    }
    if qa > qb {
        return format!("2017 breaks {}", first_difference(qa, qb));
    }
    if qa < qb {
        return if backtracked {
            "C.12/C.13: backtracking or joined brackets".into()
        } else {
            format!(
                "2012 procedure worse by {} ({top}): moved-down players first (A.3, C.6)",
                first_difference(qa, qb)
            )
        };
    }
    let (ra, rb) = (
        quality_at(&round, st, &a, bye_a, s, true),
        quality_at(&round, st, &b, bye_b, s, true),
    );
    if rb > ra {
        return "A.4/B.1.b: an unplayed round is no float in 2012".into();
    }
    if backtracked {
        return "C.12/C.13: backtracking or joined brackets".into();
    }
    "same level, other candidate: D.1-D.3 order".into()
}

#[test]
#[ignore = "replays 400 tournaments: run by hand"]
fn compare_2017() {
    let files = swiss_testdata::files(&swiss_testdata::path("oracle/dutch"), "trf").unwrap();
    let results: Vec<(u32, Vec<(String, String)>)> = files
        .par_iter()
        .map(|f| {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            let t = trf::read(&std::fs::read_to_string(f).unwrap(), &name).unwrap();
            let mut diffs = Vec::new();
            for k in 1..=t.played_rounds() {
                let st = RoundState::next(&before_round(&t, k));
                let got = super::pair(&st).unwrap_or_else(|e| panic!("{name} r{k}: {e}"));
                let round = Round::new(&st);
                let (_, trace) = super::c12_c13_backtracking::pair_round_traced(&round).unwrap();
                let bad = swiss_verify::Dutch::FIDE_2012.verify_state(&st, &got);
                assert!(bad.is_empty(), "{name} r{k}: {bad:?}");
                let rec = Pairing::recorded(&t, k);
                if !swiss_core::same_pairing(&got, &rec) {
                    let backtracked = trace.c12 + trace.c13 > 0;
                    diffs.push((format!("{name} r{k}"), kind(&st, &rec, &got, backtracked)));
                }
            }
            (t.played_rounds(), diffs)
        })
        .collect();
    let total: u32 = results.iter().map(|r| r.0).sum();
    let differ: usize = results.iter().map(|r| r.1.len()).sum();
    let full = results.iter().filter(|r| r.1.is_empty()).count();
    println!(
        "dutch 2012 vs the 2017 records: {}/{total} rounds the same, {full}/{} tournaments entirely",
        total as usize - differ,
        results.len()
    );
    let mut kinds: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (what, why) in results.iter().flat_map(|r| r.1.iter()) {
        kinds.entry(why.clone()).or_default().push(what.clone());
    }
    let mut sorted: Vec<_> = kinds.into_iter().collect();
    sorted.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    for (why, v) in sorted {
        println!(
            "{:5}  {why}   e.g. {}",
            v.len(),
            v[..v.len().min(3)].join(", ")
        );
    }
}
