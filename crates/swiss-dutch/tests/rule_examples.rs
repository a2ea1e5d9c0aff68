//! The rule text's own examples for the candidate order (C.04.3 D.1-D.3),
//! each checked twice: the test's literal order against the text, then
//! the engine against that order, on round-1 brackets where forbidden
//! pairs (`XXP`) make the earlier candidates illegal and all legal ones
//! equal under the quality criteria (B.8: the earliest wins). Last, the
//! engine against a literal generation of the B.6 candidate sequence
//! (transpositions within exchanges) on brackets where many candidates
//! are illegal.
#![allow(clippy::unwrap_used)]

use std::cmp::Ordering;

use swiss_core::{Colour, Player, Points, RoundState, Tournament};
use swiss_dutch::{Dutch, pair_state};

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

/// A round-1 candidate: its pairs (lower start number first, sorted) and
/// its bye.
type Candidate = (Vec<(u32, u32)>, Option<u32>);

/// The candidate with `pairs` (in any order) and `bye`, normalised.
fn candidate(pairs: impl IntoIterator<Item = (u32, u32)>, bye: Option<u32>) -> Candidate {
    let mut pairs: Vec<(u32, u32)> = pairs
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    pairs.sort_unstable();
    (pairs, bye)
}

/// The engine's round 1 of `n` players with the `forbidden` pairs and the
/// `accelerated` players (start number, fictitious points): every engine
/// check of this file goes through here.
fn engine_round_one(
    n: u32,
    forbidden: &[(u32, u32)],
    accelerated: &[(u32, i32)],
) -> Option<Candidate> {
    let mut t = round_one(n, forbidden);
    for &(p, points) in accelerated {
        t.accelerations.push((p, vec![Points::whole(points)]));
    }
    let p = pair_state(&RoundState::before(&t, 1), &Dutch::FIDE_2017.options).ok()?;
    let mut pairs: Vec<(u32, u32)> = p
        .pairs
        .iter()
        .map(|q| (q.white.min(q.black), q.white.max(q.black)))
        .collect();
    pairs.sort_unstable();
    Some((pairs, p.bye))
}

/// Whether no pair of `c` is forbidden.
fn legal(c: &Candidate, forbidden: &[(u32, u32)]) -> bool {
    c.0.iter().all(|p| !forbidden.contains(p))
}

/// C.04.3 D.1: the text's transposition examples (with the supplement's
/// correction of the misprint), then the engine picking the first legal
/// transposition, in a homogeneous bracket and in an MDP-pairing.
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
    // The engine, 11 players (S1 = 1-5): the first transposition; with
    // 5-10 forbidden the second; with 4-9 forbidden (the first two
    // illegal) the third, 4-10 and 5-9 with 11 left over, not the
    // misprint's 4-10 and 5-11 with 9 left over.
    let homogeneous = |t: &Vec<u32>| {
        let bye = (6..=11).find(|p| !t.contains(p));
        candidate((1..=5).zip(t.iter().copied()), bye)
    };
    for (forbidden, k) in [(vec![], 0), (vec![(5, 10)], 1), (vec![(4, 9)], 2)] {
        let first = t.iter().position(|s2| legal(&homogeneous(s2), &forbidden));
        assert_eq!(first, Some(k), "{forbidden:?}");
        let got = engine_round_one(11, &forbidden, &[]);
        assert_eq!(got, Some(homogeneous(&t[k])), "{forbidden:?}");
    }
    // Two MDPs in S1: S2 = 3..11, 72 transpositions from 3-4 to 11-10.
    let s2: Vec<u32> = (3..=11).collect();
    let t = transpositions(&s2, 2);
    assert_eq!(t.len(), 72);
    assert_eq!(&t[..3], [[3, 4], [3, 5], [3, 6]]);
    assert_eq!(t[8], [4, 3]);
    assert_eq!(t[71], [11, 10]);
    // The engine: 1 and 2 (one accelerated point each, not allowed to
    // meet) float into the bracket of 3-11, the MDP-pairing being 1-3
    // and 2-4 (t[0]); with 2-4 forbidden 1-3 and 2-5 (t[1]); with 1-3
    // forbidden 1-4 and 2-3 (t[8]). The remainder pairs by B.3.
    let heterogeneous = |t: &Vec<u32>| {
        let rest: Vec<u32> = (3..=11).filter(|p| !t.contains(p)).collect();
        let remainder = rest[..3].iter().copied().zip(rest[3..6].iter().copied());
        candidate(
            [(1, t[0]), (2, t[1])].into_iter().chain(remainder),
            Some(rest[6]),
        )
    };
    let mdps = [(1, 1), (2, 1)];
    for (forbidden, k) in [
        (vec![(1, 2)], 0),
        (vec![(1, 2), (2, 4)], 1),
        (vec![(1, 2), (1, 3)], 8),
    ] {
        let first = t
            .iter()
            .position(|s2| legal(&heterogeneous(s2), &forbidden));
        assert_eq!(first, Some(k), "{forbidden:?}");
        let got = engine_round_one(11, &forbidden, &mdps);
        assert_eq!(got, Some(heterogeneous(&t[k])), "{forbidden:?}");
    }
}

/// The B.3 candidate of the 11-player bracket after the resident exchange
/// `(from S1, from S2)` (S1 = 1-5, S2 = 6-11).
fn exchange_candidate(e: &(Vec<u32>, Vec<u32>)) -> Candidate {
    exchange_candidates(e).next().unwrap()
}

/// The candidates of the 11-player bracket (S1 = 1-5, S2 = 6-11) after
/// the resident exchange `(from S1, from S2)`, in D.1 order: B.3's first.
fn exchange_candidates(e: &(Vec<u32>, Vec<u32>)) -> impl Iterator<Item = Candidate> {
    let mut s1: Vec<u32> = (1..=5)
        .filter(|p| !e.0.contains(p))
        .chain(e.1.iter().copied())
        .collect();
    let mut s2: Vec<u32> = (6..=11)
        .filter(|p| !e.1.contains(p))
        .chain(e.0.iter().copied())
        .collect();
    s1.sort_unstable();
    s2.sort_unstable();
    transpositions(&s2, 5).into_iter().map(move |t| {
        let bye = s2.iter().copied().find(|p| !t.contains(p));
        candidate(s1.iter().copied().zip(t), bye)
    })
}

/// The first candidate of the literal B.6 sequence of the 11-player
/// bracket with only the pairs `allowed`.
fn first_with_pairs(allowed: &[(u32, u32)]) -> Option<Vec<(u32, u32)>> {
    let mut ok = [[false; 12]; 12];
    for &(a, b) in allowed {
        ok[a as usize][b as usize] = true;
        ok[b as usize][a as usize] = true;
    }
    homogeneous_sequence(11)
        .find(|c| c.iter().all(|&(a, b)| ok[a as usize][b as usize]))
        .map(|c| candidate(c, None).0)
}

/// C.04.3 D.2.a-d: the text's exchange examples, each with the engine
/// choosing the earlier exchange when both are possible.
#[test]
fn c043_d2_exchange_order_of_the_text() {
    let e = |a: &[u32], b: &[u32]| (a.to_vec(), b.to_vec());
    // Each example of the text: the first exchange has priority.
    let examples = [
        // a: one exchanged BSN beats two.
        (e(&[5], &[11]), e(&[5, 4], &[6, 7]), 20),
        // b: 6 with 4 beats 8 with 5; 8+6 with 4+3 beats 9+8 with 5+4.
        (e(&[4], &[6]), e(&[5], &[8]), 130),
        (e(&[4, 3], &[8, 6]), e(&[5, 4], &[9, 8]), 306),
        // c: moving 5 from S1 beats moving 4; 5-2 beats 4-3; 5-4-1 beats 5-3-2.
        (e(&[5], &[7]), e(&[4], &[6]), 18),
        (e(&[5, 2], &[8, 9]), e(&[4, 3], &[8, 9]), 458),
        (e(&[5, 4, 1], &[6, 7, 8]), e(&[5, 3, 2], &[6, 7, 8]), 84),
        // d: moving 6 from S2 beats moving 7; 6-9 beats 7-8; 6-7-10 beats 6-8-9.
        (e(&[5], &[6]), e(&[5], &[7]), 0),
        (e(&[5, 4], &[6, 9]), e(&[5, 4], &[7, 8]), 60),
        (e(&[5, 4, 3], &[6, 7, 10]), e(&[5, 4, 3], &[6, 8, 9]), 86),
    ];
    for (x, y, k) in &examples {
        assert_eq!(d2_order(x, y), Ordering::Less, "{x:?} before {y:?}");
        // The engine, when only the pairs of x's B.3 candidate and of a
        // candidate of y are allowed: x's. The candidate of y (the k-th
        // from y's last transposition) is one that no mixture of the two
        // precedes in the literal sequence.
        let cx = exchange_candidate(x);
        let cy = exchange_candidates(y)
            .collect::<Vec<_>>()
            .swap_remove(719 - k);
        let allowed: Vec<(u32, u32)> = cx.0.iter().chain(&cy.0).copied().collect();
        assert_eq!(
            first_with_pairs(&allowed).as_ref(),
            Some(&cx.0),
            "{x:?} before {y:?}"
        );
        let forbidden: Vec<(u32, u32)> = (1..=11)
            .flat_map(|a| (a + 1..=11).map(move |b| (a, b)))
            .filter(|p| !cx.0.contains(p) && !cy.0.contains(p))
            .collect();
        assert!(legal(&cy, &forbidden));
        let got = engine_round_one(11, &forbidden, &[]);
        assert_eq!(got, Some(cx), "{x:?} before {y:?}");
    }
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

/// C.04.3 D.3.a-b: the MDP-exchange order, and the engine pairing the MDP
/// it puts first among those that can be paired.
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
    // The engine: 1 (3 accelerated points), 2 and 3 (2 points), not
    // allowed to meet, float into the bracket of 4-6 (1 point), where
    // only 4 may meet an MDP: one MDP is paired, the first of the D.3
    // order that may meet 4; 7-9 (0 points) take the Limbo.
    let accelerated = [(1, 3), (2, 2), (3, 2), (4, 1), (5, 1), (6, 1)];
    let mut forbidden = vec![(1, 2), (1, 3), (2, 3)];
    forbidden.extend([1, 2, 3].into_iter().flat_map(|m| [(m, 5), (m, 6)]));
    for extra in [vec![], vec![(1, 4)], vec![(1, 4), (2, 4)]] {
        let forbidden: Vec<(u32, u32)> = forbidden.iter().chain(&extra).copied().collect();
        let s1 = s1s
            .iter()
            .find(|s1| !forbidden.contains(&(s1[0], 4)))
            .map(|s1| s1[0]);
        let got = engine_round_one(9, &forbidden, &accelerated).map(|c| c.0);
        let paired = got
            .as_ref()
            .and_then(|pairs| pairs.iter().find(|&&(_, b)| b == 4))
            .map(|&(a, _)| a);
        assert_eq!(paired, s1, "{extra:?}: {got:?}");
    }
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
        let legal = |c: &Vec<(u32, u32)>| {
            c.iter()
                .all(|&(a, b)| !forbidden.contains(&(a.min(b), a.max(b))))
        };
        let expected = homogeneous_sequence(n).find(legal);
        let got = engine_round_one(n, &forbidden, &[]).map(|c| c.0);
        match (expected, got) {
            (None, None) => {}
            (Some(exp), Some(got)) => {
                assert_eq!(
                    got,
                    candidate(exp, None).0,
                    "case {case}: n = {n}, forbidden {forbidden:?}"
                );
                checked += 1;
            }
            (e, g) => panic!("case {case}: expected {e:?}, engine {g:?}"),
        }
    }
    assert!(checked > 100, "only {checked} cases had a legal pairing");
}
