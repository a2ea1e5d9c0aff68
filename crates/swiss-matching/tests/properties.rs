//! Random small graphs against brute force: optimum weight, valid matching,
//! warm re-solves after local changes, pair fixing, maximum cardinality.
#![allow(clippy::unwrap_used)]

use swiss_matching::{DenseMatching, Objective, SolveKind, Weight, Wide};

mod common;
use common::Rng;

/// A random weight below `limit`: absent, tiny (many ties), just below the
/// limit, or anywhere.
fn weight<W: Weight>(rng: &mut Rng, limit: W, zero_pct: u64) -> W {
    let r = rng.below(100);
    if r < zero_pct {
        return W::ZERO;
    }
    match rng.below(4) {
        0 => W::from_u64(1 + rng.below(3)),
        1 => limit.sub(W::from_u64(1 + rng.below(4))),
        2 => {
            // Random bits below the limit.
            let mut x = W::ZERO;
            let mut b = W::from_u64(1);
            while b < limit {
                if rng.below(2) == 1 {
                    x = x.add(b);
                }
                b = b.double();
            }
            if x >= limit {
                limit.half()
            } else {
                x.max(W::from_u64(1))
            }
        }
        _ => limit
            .half()
            .add(W::from_u64(rng.below(5)))
            .max(W::from_u64(1)),
    }
}

/// Best (cardinality, weight) by dynamic programming over vertex subsets;
/// `card_first` orders by cardinality first.
fn brute<W: Weight>(n: usize, w: &[W], card_first: bool) -> (usize, W) {
    let full = 1usize << n;
    let mut best = vec![(0usize, W::ZERO); full];
    for mask in 1..full {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut b = best[rest];
        for j in i + 1..n {
            if rest & (1 << j) != 0 && !w[i * n + j].is_zero() {
                let (c, t) = best[rest & !(1 << j)];
                let cand = (c + 1, t.add(w[i * n + j]));
                let better = if card_first { cand > b } else { cand.1 > b.1 };
                if better {
                    b = cand;
                }
            }
        }
        best[mask] = b;
    }
    best[full - 1]
}

fn check_valid<W: Weight>(m: &DenseMatching<W>) {
    let n = m.vertex_count();
    for v in 0..n {
        if let Some(u) = m.mate(v) {
            assert_ne!(u, v);
            assert_eq!(m.mate(u), Some(v));
            assert!(!m.weight(u, v).is_zero(), "matched a missing edge");
        }
    }
}

fn matrix<W: Weight>(m: &DenseMatching<W>) -> Vec<W> {
    let n = m.vertex_count();
    (0..n * n).map(|k| m.weight(k / n, k % n)).collect()
}

#[derive(Default, Debug)]
struct Counts {
    graphs: usize,
    resolves: usize,
    warm: usize,
    fixes: usize,
}

fn random_graphs<W: Weight>(seed: u64, graphs: usize, limit: W) -> Counts {
    let mut rng = Rng(seed);
    let mut counts = Counts::default();
    for _ in 0..graphs {
        let n = rng.below(13) as usize;
        let zero_pct = rng.below(80);
        let mut m = DenseMatching::<W>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                m.set_weight(u, v, weight(&mut rng, limit, zero_pct));
            }
        }
        m.solve();
        check_valid(&m);
        assert!(m.verify());
        assert_eq!(m.total_weight(), brute(n, &matrix(&m), false).1);
        counts.graphs += 1;
        if n < 2 {
            continue;
        }
        for _ in 0..4 {
            // Change the edges at 1-3 vertices, now and then at all of them
            // (re-solves stay warm however many vertices changed).
            let k = if rng.below(5) == 0 {
                n
            } else {
                1 + rng.below(3.min(n as u64)) as usize
            };
            for _ in 0..k {
                let v = rng.below(n as u64) as usize;
                for x in 0..n {
                    if x != v && rng.below(3) > 0 {
                        m.set_weight(v, x, weight(&mut rng, limit, zero_pct));
                    }
                }
            }
            let kind = m.solve();
            counts.resolves += 1;
            assert_ne!(kind, SolveKind::WarmFailed);
            if kind == SolveKind::Warm {
                counts.warm += 1;
            }
            check_valid(&m);
            assert!(m.verify(), "warm solve lost its certificate");
            let want = brute(n, &matrix(&m), false).1;
            assert_eq!(m.total_weight(), want);
            let mut cold = DenseMatching::<W>::new(n);
            for u in 0..n {
                for v in u + 1..n {
                    cold.set_weight(u, v, m.weight(u, v));
                }
            }
            cold.solve();
            assert_eq!(cold.total_weight(), want);
            // Fix a matched pair: still optimal without a solve.
            if let Some(v) = (0..n).find(|&v| m.mate(v).is_some() && rng.below(2) == 0) {
                let u = m.mate(v).unwrap();
                m.fix_pair(v, u);
                counts.fixes += 1;
                check_valid(&m);
                assert_eq!(m.mate(v), Some(u));
                assert_eq!(m.total_weight(), brute(n, &matrix(&m), false).1);
                assert!(m.verify(), "fixing a pair lost the certificate");
                assert_eq!(m.solve(), SolveKind::Unchanged);
            }
        }
    }
    counts
}

/// `fix_pairs` against `fix_pair` one pair at a time: the same weights
/// after, and optima that keep every fixed pair of positive weight,
/// whether the pairs come from the solution or not and whether other
/// weights changed since the last solve.
#[test]
fn fixing_pairs_at_once_is_fixing_them_one_by_one() {
    let mut rng = Rng(0xf1c5);
    let mut fixed = 0;
    for _ in 0..3000 {
        let n = 2 + rng.below(11) as usize;
        let mut m = DenseMatching::<u64>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                m.set_weight(u, v, weight(&mut rng, 1 << 20, 30));
            }
        }
        m.solve();
        if rng.below(2) == 0 {
            let v = rng.below(n as u64) as usize;
            m.set_weight(v, (v + 1) % n, weight(&mut rng, 1 << 20, 30));
        }
        // Disjoint pairs: the solution's own now and then, else any.
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut pairs = Vec::new();
        let mut used = vec![false; n];
        for &v in &order {
            let partner = if rng.below(2) == 0 {
                m.mate(v)
            } else {
                order.iter().copied().find(|&u| u != v && !used[u])
            };
            if let Some(u) = partner.filter(|&u| !used[u] && !used[v] && rng.below(3) > 0) {
                used[u] = true;
                used[v] = true;
                pairs.push((v, u));
            }
        }
        let mut one_by_one = m.clone();
        for &(u, v) in &pairs {
            one_by_one.fix_pair(u, v);
        }
        m.fix_pairs(&pairs);
        assert_eq!(matrix(&m), matrix(&one_by_one), "pairs {pairs:?}");
        m.solve();
        check_valid(&m);
        assert!(m.verify());
        assert_eq!(m.total_weight(), brute(n, &matrix(&m), false).1);
        for &(u, v) in &pairs {
            if !m.weight(u, v).is_zero() {
                assert_eq!(m.mate(u), Some(v));
                fixed += 1;
            }
        }
    }
    assert!(fixed > 3000, "too few pairs fixed: {fixed}");
}

/// Sides only choose among optima: random graphs and sides, the optimum's
/// weight against brute force; and on equal weights the cold start pairs
/// each vertex of the first side with the first free one of the second,
/// in order (what the engines' D.1 reads off first).
#[test]
fn sides_steer_the_cold_start_among_optima() {
    let mut rng = Rng(0x51de);
    for _ in 0..2000 {
        let n = rng.below(13) as usize;
        let mut m = DenseMatching::<u64>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                m.set_weight(u, v, weight(&mut rng, 1 << 20, 40));
            }
        }
        let sides: Vec<Option<bool>> = (0..n)
            .map(|_| [None, Some(false), Some(true)][rng.below(3) as usize])
            .collect();
        m.set_sides(|v| sides[v]);
        m.solve();
        check_valid(&m);
        assert!(m.verify());
        assert_eq!(m.total_weight(), brute(n, &matrix(&m), false).1);
    }
    let mut checked = 0;
    for k in [1usize, 5, 40, 300].into_iter().cycle().take(40) {
        // A tenth of the edges missing, so that the vertices' tight
        // degrees differ; the last two have no side and meet each other.
        let n = 2 * k + 2;
        let mut m = DenseMatching::<u64>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                let missing = v < n - 2 && rng.below(10) == 0;
                m.set_weight(u, v, if missing { 0 } else { 7 });
            }
        }
        m.set_sides(|v| (v < 2 * k).then_some(v >= k));
        // The first side in order, each taking the first free vertex of
        // the second: when that pairs everyone, it is the optimum found.
        let mut expected = vec![None; k];
        let mut taken = vec![false; k];
        for (u, e) in expected.iter_mut().enumerate() {
            let v = (0..k).find(|&j| !taken[j] && m.weight(u, k + j) != 0);
            if let Some(j) = v {
                taken[j] = true;
                *e = Some(k + j);
            }
        }
        if expected.iter().any(Option::is_none) {
            continue;
        }
        m.solve();
        for (u, &e) in expected.iter().enumerate() {
            assert_eq!(m.mate(u), e, "k = {k}");
        }
        assert_eq!(m.mate(n - 1), Some(n - 2));
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} fields checked");
}

fn max_cardinality<W: Weight>(seed: u64, graphs: usize, limit: W) -> usize {
    let mut rng = Rng(seed);
    for _ in 0..graphs {
        let n = rng.below(13) as usize;
        let zero_pct = 30 + rng.below(60);
        let mut m = DenseMatching::<W>::with_objective(n, Objective::MaxCardinality);
        for u in 0..n {
            for v in u + 1..n {
                m.set_weight(u, v, weight(&mut rng, limit, zero_pct));
            }
        }
        m.solve();
        check_valid(&m);
        let (card, total) = brute(n, &matrix(&m), true);
        assert_eq!(m.pair_count(), card);
        assert_eq!(m.total_weight(), total);
    }
    graphs
}

/// The documented limit: `2^(BITS - 3)`.
fn limit<W: Weight>() -> W {
    W::bit(W::BITS - 3)
}

#[test]
fn u64_random_graphs() {
    let c = random_graphs::<u64>(1, 3000, limit());
    eprintln!("u64: {c:?}");
    assert!(
        c.warm * 10 >= c.resolves * 7,
        "warm path not the common one: {c:?}"
    );
}

#[test]
fn u128_random_graphs() {
    let c = random_graphs::<u128>(2, 3000, limit());
    eprintln!("u128: {c:?}");
}

#[test]
fn wide3_random_graphs() {
    let c = random_graphs::<Wide<3>>(3, 3000, limit());
    eprintln!("Wide<3>: {c:?}");
}

#[test]
fn small_weights_many_ties() {
    let c = random_graphs::<u64>(4, 3000, 4);
    eprintln!("ties: {c:?}");
}

#[test]
fn max_cardinality_then_weight() {
    // The lift costs log2(n/2 + 1) bits of headroom.
    max_cardinality::<u64>(5, 2000, limit::<u64>() >> 4);
    max_cardinality::<u64>(6, 1000, 5);
    max_cardinality::<u128>(7, 1000, limit::<u128>() >> 4);
    max_cardinality::<Wide<3>>(8, 1000, Wide::bit(185));
}

#[test]
fn degenerate_inputs() {
    let mut m = DenseMatching::<u64>::new(0);
    m.solve();
    assert_eq!(m.total_weight(), 0);
    let mut m = DenseMatching::<u64>::new(3);
    m.set_weight(0, 0, 5);
    m.set_weight(0, 7, 5);
    m.fix_pair(0, 9);
    assert_eq!(m.weight(0, 7), 0);
    m.solve();
    assert_eq!(m.mate(0), None);
    assert_eq!(m.mate(9), None);
}

/// The shapes the pairing engines produce and the cold start is tuned for
/// (duals lowered vertex by vertex, tight edges to free vertices taken at
/// once): a per-vertex term on every edge, a few pairwise classes, and a
/// uniform block whose edges to the other block are heavier (the start
/// then leaves the block tight with one vertex only). Against brute force.
#[test]
fn bracket_shaped_weights() {
    let mut rng = Rng(0xb10c);
    for _ in 0..3000 {
        let n = 2 + rng.below(11) as usize;
        let split = rng.below(n as u64 + 1) as usize;
        let term: Vec<u64> = (0..n).map(|_| rng.below(4) << 8).collect();
        let class: Vec<u64> = (0..n).map(|_| rng.below(3)).collect();
        let mut m = DenseMatching::<u64>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                if rng.below(10) == 0 {
                    continue;
                }
                let w = match (u < split, v < split) {
                    (true, true) => 1 << 20,
                    (false, false) => 1 << 12,
                    _ => 1 << 12 | 1 << 10 | u64::from(class[u] != class[v]),
                };
                m.set_weight(
                    u,
                    v,
                    w + term[u] + term[v] + u64::from(class[u] != class[v]),
                );
            }
        }
        m.solve();
        check_valid(&m);
        assert!(m.verify());
        assert_eq!(m.total_weight(), brute(n, &matrix(&m), false).1);
    }
}
