//! The cardinality matcher against an independent implementation
//! (petgraph's `maximum_matching`, a dev-dependency only): the same
//! matching size on thousands of random graphs, and `try_fix_pair` against
//! full re-solves.
#![allow(clippy::unwrap_used)]

use swiss_matching::{CardinalityMatcher, maximum_cardinality_matching};

mod common;
use common::{Rng, petgraph_maximum_cardinality_matching};

// The symmetric fill writes g[u][v] and g[v][u]: indices, not iterators.
#[allow(clippy::needless_range_loop)]
fn random_graph(rng: &mut Rng, n: usize, percent: u64) -> Vec<Vec<bool>> {
    let mut g = vec![vec![false; n]; n];
    for u in 0..n {
        for v in u + 1..n {
            let e = rng.next() % 100 < percent;
            g[u][v] = e;
            g[v][u] = e;
        }
    }
    g
}

fn assert_valid(g: &[Vec<bool>], m: &[Option<usize>]) -> usize {
    let mut pairs = 0;
    for (u, &x) in m.iter().enumerate() {
        if let Some(v) = x {
            assert!(g[u][v], "{u}-{v} is no edge");
            assert_eq!(m[v], Some(u), "mate of {v}");
            if u < v {
                pairs += 1;
            }
        }
    }
    pairs
}

#[test]
fn agrees_with_petgraph_on_thousands_of_random_graphs() {
    let mut rng = Rng(7);
    for case in 0..4000 {
        // Mostly small graphs, every fourth up to 64 vertices.
        let n = (rng.next() % if case % 4 == 0 { 64 } else { 24 }) as usize;
        let percent = [3, 5, 10, 20, 35, 50, 80, 95][case % 8];
        let g = random_graph(&mut rng, n, percent);
        let ours = maximum_cardinality_matching(n, |u, v| g[u][v]);
        let theirs = petgraph_maximum_cardinality_matching(n, |u, v| g[u][v]);
        assert_eq!(
            assert_valid(&g, &ours),
            assert_valid(&g, &theirs),
            "case {case}, n = {n}"
        );
    }
}

#[test]
fn fixing_pairs_agrees_with_full_solves() {
    // Greedy "first viable partner" pairing, once with try_fix_pair and
    // once by re-solving every candidate from scratch with petgraph.
    let mut rng = Rng(11);
    for case in 0..600 {
        let n = 2 * (1 + (rng.next() % 10) as usize);
        let percent = [30, 50, 70, 90][case % 4];
        let g = random_graph(&mut rng, n, percent);
        let mut m = CardinalityMatcher::new(n, |u, v| g[u][v]);
        if m.maximum_matching() * 2 != n {
            continue;
        }
        let mut left: Vec<usize> = (0..n).collect();
        while let Some(&p) = left.first() {
            let rest: Vec<usize> = left[1..].to_vec();
            let slow = rest.iter().copied().find(|&q| {
                if !g[p][q] {
                    return false;
                }
                let others: Vec<usize> =
                    left.iter().copied().filter(|&x| x != p && x != q).collect();
                let k = others.len();
                let sub = petgraph_maximum_cardinality_matching(k, |a, b| g[others[a]][others[b]]);
                sub.iter().all(Option::is_some)
            });
            let fast = rest.iter().copied().find(|&q| m.try_fix_pair(p, q));
            assert_eq!(fast, slow, "case {case}");
            let q = fast.unwrap();
            assert!(m.is_perfect());
            left.retain(|&x| x != p && x != q);
        }
    }
}
