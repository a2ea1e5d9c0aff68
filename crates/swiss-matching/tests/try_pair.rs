//! `never_pairs` and `try_pair` against brute force: what they prove
//! holds, and the optimum `try_pair` moves to is one.
#![allow(clippy::unwrap_used)]

use swiss_matching::DenseMatching;

mod common;
use common::Rng;

/// The best total weight of a matching of the vertices in `mask`.
fn best(n: usize, w: &[u64], mask: usize, memo: &mut Vec<Option<u64>>) -> u64 {
    if let Some(v) = memo[mask] {
        return v;
    }
    let v = if mask == 0 {
        0
    } else {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut b = best(n, w, rest, memo);
        for j in i + 1..n {
            if rest & (1 << j) != 0 && w[i * n + j] != 0 {
                b = b.max(w[i * n + j] + best(n, w, rest & !(1 << j), memo));
            }
        }
        b
    };
    memo[mask] = Some(v);
    v
}

/// A random graph on `n` vertices with many ties (few weight classes, as
/// the engines' brackets have, and a sixth of the edges missing): its
/// weights as an `n` × `n` table, and a matcher holding them.
fn tied_graph(rng: &mut Rng, n: usize) -> (Vec<u64>, DenseMatching<u64>) {
    let classes = 1 + rng.below(3);
    let class: Vec<u64> = (0..n).map(|_| rng.below(classes)).collect();
    let mut w = vec![0u64; n * n];
    let mut m = DenseMatching::<u64>::new(n);
    for u in 0..n {
        for v in u + 1..n {
            if rng.below(6) == 0 {
                continue;
            }
            let x = 8 + 2 * (class[u] + class[v]) + u64::from(class[u] == class[v]);
            w[u * n + v] = x;
            w[v * n + u] = x;
            m.set_weight(u, v, x);
        }
    }
    (w, m)
}

/// Random graphs with many ties (few weight classes, as the engines'
/// brackets have): for every pair, `never_pairs` only when no optimum
/// pairs it; `try_pair` (some vertices locked) only when one does, and
/// then the solution is still a certified optimum with `u-v` and the
/// locked vertices' pairs. Both must also say yes often enough to matter.
#[test]
fn never_pairs_and_try_pair_agree_with_brute_force() {
    let mut rng = Rng(0x7a1);
    let (mut ruled_out, mut moved) = (0, 0);
    for _ in 0..1500 {
        let n = 2 + rng.below(11) as usize;
        let (w, mut m) = tied_graph(&mut rng, n);
        m.solve();
        let mut memo = vec![None; 1 << n];
        let all = (1 << n) - 1;
        let opt = best(n, &w, all, &mut memo);
        let pairable = |u: usize, v: usize, memo: &mut Vec<Option<u64>>| {
            w[u * n + v] != 0
                && w[u * n + v] + best(n, &w, all & !(1 << u) & !(1 << v), memo) == opt
        };
        for u in 0..n {
            for v in 0..n {
                if u != v && m.never_pairs(u, v) {
                    assert!(!pairable(u, v, &mut memo), "{u}-{v} ruled out wrongly");
                    ruled_out += 1;
                }
            }
        }
        for _ in 0..4 {
            let (u, v) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            let locked: Vec<bool> = (0..n).map(|_| rng.below(4) == 0).collect();
            let before: Vec<Option<usize>> = (0..n).map(|x| m.mate(x)).collect();
            let was = u != v && m.mate(u) == Some(v);
            if m.try_pair(u, v, |x| locked[x]) {
                assert!(
                    u != v && pairable(u, v, &mut memo),
                    "{u}-{v} paired wrongly"
                );
                assert_eq!(m.mate(u), Some(v));
                assert!(m.verify(), "no longer certified");
                let total: u64 = (0..n)
                    .filter_map(|x| m.mate(x).filter(|&y| x < y).map(|y| w[x * n + y]))
                    .sum();
                assert_eq!(total, opt);
                for x in (0..n).filter(|&x| locked[x] && x != u && x != v) {
                    assert_eq!(m.mate(x), before[x], "locked {x} moved");
                }
                moved += usize::from(!was);
            } else {
                assert_eq!(m.mate(u), before[u]);
            }
        }
    }
    assert!(
        ruled_out > 1000 && moved > 200,
        "{ruled_out} ruled out, {moved} moved"
    );
}

/// Inside a blossom the blossom's dual counts in an edge's slack: a
/// five-cycle that must be a blossom (its halves would weigh more than
/// any matching) with a light chord, which no optimum uses, and a
/// pendant vertex that takes the cycle's spare vertex.
#[test]
fn never_pairs_proves_edges_inside_a_blossom() {
    let mut m = DenseMatching::<u64>::new(6);
    for u in 0..5 {
        m.set_weight(u, (u + 1) % 5, 10);
    }
    m.set_weight(0, 2, 1);
    m.set_weight(0, 5, 1);
    m.solve();
    assert!(m.verify());
    assert_eq!(m.total_weight(), 21);
    assert!(m.never_pairs(0, 2), "the chord is never paired");
    assert!(!m.never_pairs(0, 1) && !m.never_pairs(0, 5));
}

/// `try_pair` keeps what it learns of the duals from one search to the
/// next: after a pair is fixed (which may repair duals) or weights change
/// and are solved again, its answers must follow the new duals. Random
/// graphs with many ties, each changed and asked in turn: every pair
/// `try_pair` claims is paired by an optimum of the current weights
/// (brute force), and the solution stays certified.
#[test]
fn try_pair_follows_the_duals_after_a_fix_or_a_solve() {
    let mut rng = Rng(0x5eed);
    let (mut moved, mut after_fix, mut after_solve) = (0, 0, 0);
    for _ in 0..600 {
        let n = 4 + rng.below(9) as usize;
        let (mut w, mut m) = tied_graph(&mut rng, n);
        m.solve();
        let mut last = "solve";
        for _ in 0..6 {
            let all = (1 << n) - 1;
            let mut memo = vec![None; 1 << n];
            let opt = best(n, &w, all, &mut memo);
            for _ in 0..3 {
                let (u, v) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
                let was = u != v && m.mate(u) == Some(v);
                if m.try_pair(u, v, |_| false) {
                    let rest = best(n, &w, all & !(1 << u) & !(1 << v), &mut memo);
                    assert!(
                        w[u * n + v] != 0 && w[u * n + v] + rest == opt,
                        "{u}-{v} after a {last}"
                    );
                    assert!(m.verify(), "no longer certified after a {last}");
                    if !was {
                        moved += 1;
                        after_fix += usize::from(last == "fix");
                        after_solve += usize::from(last == "solve");
                    }
                }
            }
            let a = rng.below(n as u64) as usize;
            match m.mate(a) {
                Some(b) if rng.below(2) == 0 => {
                    // A pair of the optimum: fixed without a solve.
                    m.fix_pair(a, b);
                    for x in (0..n).filter(|&x| x != a && x != b) {
                        for e in [a, b] {
                            w[e * n + x] = 0;
                            w[x * n + e] = 0;
                        }
                    }
                    last = "fix";
                }
                _ => {
                    let b = (a + 1 + rng.below(n as u64 - 1) as usize) % n;
                    let x = 8 + rng.below(8);
                    w[a * n + b] = x;
                    w[b * n + a] = x;
                    m.set_weight(a, b, x);
                    m.solve();
                    last = "solve";
                }
            }
        }
    }
    assert!(
        moved > 300 && after_fix > 50 && after_solve > 50,
        "{moved} moved, {after_fix} after a fix, {after_solve} after a solve"
    );
}
