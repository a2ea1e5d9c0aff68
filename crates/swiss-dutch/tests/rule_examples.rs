//! The rule text's own examples for the candidate order (C.04.3 D.1-D.3),
//! and the engine checked against a literal generation of the B.6 candidate
//! sequence (transpositions within exchanges) on brackets where many
//! candidates are illegal.
#![allow(clippy::unwrap_used)]

use std::cmp::Ordering;

use swiss_core::{Colour, Player, RoundState, Tournament};
use swiss_dutch::{DutchOptions, pair};

/// D.1: the transpositions of `s2` in lexicographic order of their first
/// `n1` elements (later elements do not change the candidate).
fn transpositions(s2: &[u32], n1: usize) -> Vec<Vec<u32>> {
    fn go(
        s2: &[u32],
        n1: usize,
        used: &mut Vec<bool>,
        cur: &mut Vec<u32>,
        out: &mut Vec<Vec<u32>>,
    ) {
        if cur.len() == n1 {
            out.push(cur.clone());
            return;
        }
        for i in 0..s2.len() {
            if !used[i] {
                used[i] = true;
                cur.push(s2[i]);
                go(s2, n1, used, cur, out);
                cur.pop();
                used[i] = false;
            }
        }
    }
    let mut out = Vec::new();
    go(
        s2,
        n1,
        &mut vec![false; s2.len()],
        &mut Vec::new(),
        &mut out,
    );
    out
}

/// D.2: compares two resident-exchanges `(from S1, from S2)`; `Less` = has priority.
fn d2_order(x: &(Vec<u32>, Vec<u32>), y: &(Vec<u32>, Vec<u32>)) -> Ordering {
    let diff =
        |e: &(Vec<u32>, Vec<u32>)| e.1.iter().sum::<u32>() as i64 - e.0.iter().sum::<u32>() as i64;
    let desc = |v: &Vec<u32>| {
        let mut v = v.clone();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    };
    let asc = |v: &Vec<u32>| {
        let mut v = v.clone();
        v.sort_unstable();
        v
    };
    x.0.len()
        .cmp(&y.0.len()) // a: fewest exchanged
        .then(diff(x).cmp(&diff(y))) // b: smallest sum difference
        .then(desc(&y.0).cmp(&desc(&x.0))) // c: highest BSN leaving S1
        .then(asc(&x.1).cmp(&asc(&y.1))) // d: lowest BSN leaving S2
}

/// D.3: compares two MDP-exchanges by the S1 they produce, given each
/// BSN's score; `Less` = has priority.
fn d3_order(x: &[u32], y: &[u32], score: impl Fn(u32) -> u32) -> Ordering {
    let scores = |v: &[u32]| {
        let mut s: Vec<u32> = v.iter().map(|&b| score(b)).collect();
        s.sort_unstable_by(|a, b| b.cmp(a));
        s
    };
    let asc = |v: &[u32]| {
        let mut v = v.to_vec();
        v.sort_unstable();
        v
    };
    scores(y).cmp(&scores(x)).then(asc(x).cmp(&asc(y)))
}

/// All subsets of `v` of size `k`.
fn subsets(v: &[u32], k: usize) -> Vec<Vec<u32>> {
    if k == 0 {
        return vec![vec![]];
    }
    if v.len() < k {
        return vec![];
    }
    let mut out: Vec<Vec<u32>> = subsets(&v[1..], k - 1)
        .into_iter()
        .map(|mut s| {
            s.insert(0, v[0]);
            s
        })
        .collect();
    out.extend(subsets(&v[1..], k));
    out
}

/// B.6: every candidate of a homogeneous bracket of BSNs `1..=n`, in order:
/// the transpositions of the original subgroups, then those of each exchange
/// in D.2 order. A candidate is the list of pairs and the leftover players.
fn homogeneous_sequence(n: u32) -> impl Iterator<Item = Vec<(u32, u32)>> {
    let n1 = (n / 2) as usize;
    let s1: Vec<u32> = (1..=n1 as u32).collect();
    let s2: Vec<u32> = (n1 as u32 + 1..=n).collect();
    let mut exchanges = vec![(vec![], vec![])];
    let mut more = Vec::new();
    for k in 1..=n1.min(s2.len()) {
        for a in subsets(&s1, k) {
            for b in subsets(&s2, k) {
                more.push((a.clone(), b));
            }
        }
    }
    more.sort_by(d2_order);
    exchanges.extend(more);
    exchanges.into_iter().flat_map(move |(a, b)| {
        let mut new_s1: Vec<u32> = s1
            .iter()
            .filter(|x| !a.contains(x))
            .chain(&b)
            .copied()
            .collect();
        let mut new_s2: Vec<u32> = s2
            .iter()
            .filter(|x| !b.contains(x))
            .chain(&a)
            .copied()
            .collect();
        new_s1.sort_unstable();
        new_s2.sort_unstable();
        transpositions(&new_s2, n1)
            .into_iter()
            .map(move |t| new_s1.iter().copied().zip(t).collect::<Vec<_>>())
    })
}

#[test]
fn c043_d1_transposition_order_of_the_text() {
    let s2: Vec<u32> = (6..=11).collect();
    let t = transpositions(&s2, 5);
    assert_eq!(t.len(), 720);
    assert_eq!(t[0], [6, 7, 8, 9, 10]);
    assert_eq!(t[1], [6, 7, 8, 9, 11]);
    // The printed example's third element is a misprint (supplement, D.1).
    assert_eq!(t[2], [6, 7, 8, 10, 9]);
    assert_eq!(t[719], [11, 10, 9, 8, 7]);
    // Two MDPs in S1: S2 = 3..11, 72 transpositions from 3-4 to 11-10.
    let s2: Vec<u32> = (3..=11).collect();
    let t = transpositions(&s2, 2);
    assert_eq!(t.len(), 72);
    assert_eq!(&t[..3], [[3, 4], [3, 5], [3, 6]]);
    assert_eq!(t[8], [4, 3]);
    assert_eq!(t[71], [11, 10]);
}

#[test]
fn c043_d2_exchange_order_of_the_text() {
    let e = |a: &[u32], b: &[u32]| (a.to_vec(), b.to_vec());
    let less = |x, y| d2_order(&x, &y) == Ordering::Less;
    // a: one exchanged BSN beats two.
    assert!(less(e(&[5], &[11]), e(&[5, 4], &[6, 7])));
    // b: 6 with 4 beats 8 with 5; 8+6 with 4+3 beats 9+8 with 5+4.
    assert!(less(e(&[4], &[6]), e(&[5], &[8])));
    assert!(less(e(&[4, 3], &[8, 6]), e(&[5, 4], &[9, 8])));
    // c: moving 5 from S1 beats moving 4; 5-2 beats 4-3; 5-4-1 beats 5-3-2.
    assert!(less(e(&[5], &[7]), e(&[4], &[6])));
    assert!(less(e(&[5, 2], &[8, 9]), e(&[4, 3], &[8, 9])));
    assert!(less(e(&[5, 4, 1], &[6, 7, 8]), e(&[5, 3, 2], &[6, 7, 8])));
    // d: moving 6 from S2 beats moving 7; 6-9 beats 7-8; 6-7-10 beats 6-8-9.
    assert!(less(e(&[5], &[6]), e(&[5], &[7])));
    assert!(less(e(&[5, 4], &[6, 9]), e(&[5, 4], &[7, 8])));
    assert!(less(e(&[5, 4, 3], &[6, 7, 10]), e(&[5, 4, 3], &[6, 8, 9])));
    // The first exchanges of an 11-player bracket (S1 = 1-5): 5 with 6, then 5 with 7 and 4 with 6 (sum 2: c prefers 5), ...
    let s1: Vec<u32> = (1..=5).collect();
    let s2: Vec<u32> = (6..=11).collect();
    let mut all: Vec<_> = s1
        .iter()
        .flat_map(|&a| s2.iter().map(move |&b| e(&[a], &[b])))
        .collect();
    all.sort_by(d2_order);
    assert_eq!(&all[..3], [e(&[5], &[6]), e(&[5], &[7]), e(&[4], &[6])]);
}

#[test]
fn c043_d3_mdp_exchange_order() {
    // Three MDPs, BSN 1 (score 3), 2 and 3 (score 2); one can be paired.
    // a: the highest score first; b: then the lowest BSNs.
    let score = |b: u32| if b == 1 { 3 } else { 2 };
    let mut s1s = vec![vec![3], vec![2], vec![1]];
    s1s.sort_by(|x, y| d3_order(x, y, score));
    assert_eq!(s1s, [vec![1], vec![2], vec![3]]);
    let mut two = vec![vec![2, 3], vec![1, 3], vec![1, 2]];
    two.sort_by(|x, y| d3_order(x, y, score));
    assert_eq!(two, [vec![1, 2], vec![1, 3], vec![2, 3]]);
}

/// Round 1 of `n` players (all equal: scores, colours and floats cannot
/// tell candidates apart), with the given forbidden pairs (`XXP`).
fn round_one(n: u32, forbidden: &[(u32, u32)]) -> Tournament {
    let mut t = Tournament {
        planned_rounds: Some(5),
        initial_colour: Some(Colour::White),
        ..Tournament::default()
    };
    for i in 1..=n {
        t.players
            .push(Player::new(i, format!("P{i}"), Some(2500 - i as u16)));
    }
    t.forbidden_pairs = forbidden.iter().map(|&(a, b)| vec![a, b]).collect();
    t
}

/// B.6/B.8 with D.1 and D.2: when all legal candidates satisfy the quality
/// criteria equally, the engine must return the earliest legal candidate of
/// the literal sequence (transpositions first, then exchanges), also
/// exercising XXP forbidden pairs.
#[test]
fn c043_b6_engine_picks_the_earliest_legal_candidate() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut checked = 0;
    for case in 0..300 {
        let n = 6 + (case % 6) as u32;
        let density = 10 + rnd() % 40;
        let mut forbidden = Vec::new();
        for a in 1..=n {
            for b in a + 1..=n {
                if rnd() % 100 < density {
                    forbidden.push((a, b));
                }
            }
        }
        let t = round_one(n, &forbidden);
        let state = RoundState::before(&t, 1);
        let got = pair(&state, &DutchOptions::default());
        let legal = |c: &Vec<(u32, u32)>| {
            c.iter()
                .all(|&(a, b)| !forbidden.contains(&(a.min(b), a.max(b))))
        };
        let expected = homogeneous_sequence(n).find(legal);
        match (expected, got) {
            (None, Err(_)) => {}
            (Some(exp), Ok(p)) => {
                let mut exp: Vec<(u32, u32)> =
                    exp.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
                let mut got: Vec<(u32, u32)> = p
                    .pairs
                    .iter()
                    .map(|q| (q.white.min(q.black), q.white.max(q.black)))
                    .collect();
                exp.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, exp, "case {case}: n = {n}, forbidden {forbidden:?}");
                checked += 1;
            }
            (e, g) => panic!("case {case}: expected {e:?}, engine {g:?}"),
        }
    }
    assert!(checked > 100, "only {checked} cases had a legal pairing");
}
