//! Cross-check against an independent implementation (`rustworkx-core`,
//! a dev-dependency only) on random graphs of up to 200 vertices.
#![allow(clippy::unwrap_used)]

use std::convert::Infallible;

use rustworkx_core::max_weight_matching::max_weight_matching;
use rustworkx_core::petgraph::graph::UnGraph;
use swiss_matching::{DenseMatching, Objective, SolveKind};

mod common;
use common::Rng;

/// Total weight of the reference solution on the same weights.
fn reference(m: &DenseMatching<u128>, max_cardinality: bool) -> (usize, u128) {
    let n = m.vertex_count();
    let mut g = UnGraph::<(), u128>::new_undirected();
    let nodes: Vec<_> = (0..n).map(|_| g.add_node(())).collect();
    for u in 0..n {
        for v in u + 1..n {
            let w = m.weight(u, v);
            if w != 0 {
                g.add_edge(nodes[u], nodes[v], w);
            }
        }
    }
    let pairs = max_weight_matching(
        &g,
        max_cardinality,
        |e| Ok::<i128, Infallible>(*e.weight() as i128),
        false,
    )
    .unwrap();
    let total = pairs.iter().map(|&(u, v)| m.weight(u, v)).sum();
    (pairs.len(), total)
}

fn random_weight(rng: &mut Rng, zero_pct: u64, wide: bool) -> u128 {
    if rng.below(100) < zero_pct {
        return 0;
    }
    match rng.below(3) {
        0 => 1 + u128::from(rng.below(4)),
        1 if wide => (u128::from(rng.next()) << 36) | u128::from(rng.next()) | 1,
        _ => 1 + u128::from(rng.below(1 << 20)),
    }
}

#[test]
fn agrees_with_rustworkx_up_to_200_vertices() {
    let mut rng = Rng(42);
    let mut graphs = 0;
    let mut warm = 0;
    for &n in &[2usize, 3, 7, 10, 20, 35, 50, 80, 120, 160, 200] {
        let rounds = if n <= 50 { 12 } else { 3 };
        for _ in 0..rounds {
            let zero_pct = rng.below(90);
            let wide = rng.below(2) == 0;
            let mut m = DenseMatching::<u128>::new(n);
            for u in 0..n {
                for v in u + 1..n {
                    m.set_weight(u, v, random_weight(&mut rng, zero_pct, wide));
                }
            }
            m.solve();
            assert_eq!(m.total_weight(), reference(&m, false).1, "n = {n}");
            graphs += 1;
            // Local changes, re-solved warm.
            for _ in 0..3 {
                let v = rng.below(n as u64) as usize;
                for x in 0..n {
                    if x != v {
                        m.set_weight(v, x, random_weight(&mut rng, zero_pct, wide));
                    }
                }
                if m.solve() == SolveKind::Warm {
                    warm += 1;
                }
                assert_eq!(m.total_weight(), reference(&m, false).1, "n = {n}, warm");
                graphs += 1;
            }
            // Maximum cardinality.
            let mut mc = DenseMatching::<u128>::with_objective(n, Objective::MaxCardinality);
            for u in 0..n {
                for v in u + 1..n {
                    mc.set_weight(u, v, m.weight(u, v));
                }
            }
            mc.solve();
            assert_eq!((mc.pair_count(), mc.total_weight()), reference(&mc, true));
            graphs += 1;
        }
    }
    eprintln!("{graphs} graphs agree with rustworkx-core, {warm} warm re-solves");
}

/// A warm re-solve after removing every edge inside two halves of most
/// of the graph, which frees many vertices at once (the engines' D.2
/// check does this to a bracket): the re-solve pairs them along tight
/// paths before any stage, past the blossoms of the vertices left alone,
/// and must still find an optimum, warm; removing the edges in one call
/// ([`DenseMatching::remove_edges_among`]) does the same.
#[test]
fn warm_re_solve_after_splitting_into_halves() {
    let mut rng = Rng(7);
    for &(n, graphs) in &[(200usize, 3), (301, 3), (400, 3), (601, 1)] {
        for _ in 0..graphs {
            // Few distinct weights: many optima, many tight edges. The
            // last fifth, left alone, is a heavy clique of odd size: a
            // blossom with a positive dual.
            let (half, kept) = (n * 2 / 5, n - ((n / 5) | 1));
            let mut m = DenseMatching::<u128>::new(n);
            for u in 0..n {
                for v in u + 1..n {
                    let w = if u >= kept {
                        9
                    } else if v >= kept {
                        3
                    } else if rng.below(100) < 95 {
                        0
                    } else {
                        1 + u128::from(rng.below(3))
                    };
                    m.set_weight(u, v, w);
                }
            }
            m.solve();
            let split = (0..kept)
                .filter(|&v| {
                    m.mate(v)
                        .is_some_and(|x| x < kept && (v < half) == (x < half))
                })
                .count();
            assert!(split >= 32, "n = {n}: only {split} vertices freed");
            // The same removal in one call, rows in parallel from 512.
            let mut bulk = m.clone();
            for u in 0..kept {
                for v in u + 1..kept {
                    if (u < half) == (v < half) {
                        m.set_weight(u, v, 0);
                    }
                }
            }
            let mut by_class = bulk.clone();
            let firsts: Vec<usize> = (0..kept).collect();
            bulk.remove_edges_among(&firsts, |u, v| (u < half) == (v < half));
            // And by class: 1 and 2 the halves, 0 the clique left alone.
            let class: Vec<u8> = (0..n)
                .map(|v| match v {
                    v if v >= kept => 0,
                    v if v < half => 1,
                    _ => 2,
                })
                .collect();
            by_class.remove_edges_by_class(&class, |u| match class[u] {
                0 => (0, 0),
                c => (1 << c, 1 << c),
            });
            assert_eq!(by_class.solve(), SolveKind::Warm, "n = {n}");
            assert_eq!(by_class.total_weight(), reference(&by_class, false).1);
            assert!((0..n).all(|u| (0..n).all(|v| by_class.weight(u, v) == m.weight(u, v))));
            assert_eq!(m.solve(), SolveKind::Warm, "n = {n}");
            assert_eq!(m.total_weight(), reference(&m, false).1, "n = {n}");
            assert_eq!(bulk.solve(), SolveKind::Warm, "n = {n}");
            assert_eq!(bulk.total_weight(), m.total_weight(), "n = {n}");
            assert!((0..n).all(|u| (0..n).all(|v| bulk.weight(u, v) == m.weight(u, v))));
        }
    }
}

/// The shape of a next scoregroup solved for a bracket's stand-in: a
/// group of equal pairs (a few missing) and a slot meeting every player at about half a pair. The cold start's
/// first duals pair all but a few vertices; the slot's dual, half its
/// lightest edge, is then too high, and the duals of the vertices left
/// free are lowered before any search.
#[test]
fn agrees_with_rustworkx_on_groups_with_a_slot() {
    let mut rng = Rng(13);
    for k in [63usize, 64, 97, 130, 151] {
        for _ in 0..3 {
            let n = k + 1;
            let pair = 1 << 12;
            let mut m = DenseMatching::<u128>::new(n);
            for u in 1..n {
                for v in u + 1..n {
                    let w = if rng.below(50) == 0 { 0 } else { pair };
                    m.set_weight(u, v, w);
                }
                let slot = pair / 2 + 1 + u128::from(rng.below(2));
                m.set_weight(0, u, slot);
            }
            assert_eq!(m.solve(), SolveKind::Cold);
            assert!(m.verify(), "k = {k}");
            assert_eq!(m.total_weight(), reference(&m, false).1, "k = {k}");
        }
    }
}

/// A graph big enough for the solver's passes over all rows to run on
/// several threads (from 512 vertices): the same optimum.
#[test]
fn agrees_with_rustworkx_on_a_graph_solved_in_parallel() {
    let mut rng = Rng(11);
    let n = 601;
    let mut m = DenseMatching::<u128>::new(n);
    for u in 0..n {
        for v in u + 1..n {
            m.set_weight(u, v, random_weight(&mut rng, 30, false));
        }
    }
    m.solve();
    assert!(m.verify());
    assert_eq!(m.total_weight(), reference(&m, false).1);
}

/// A 700-vertex graph with few distinct weights (many optima to choose
/// from), solved cold, then warm after the edges inside each half are
/// removed: the mates of both solves.
fn seven_hundred() -> (Vec<Option<usize>>, Vec<Option<usize>>) {
    let mut rng = Rng(5);
    let n = 700;
    let mut m = DenseMatching::<u128>::new(n);
    for u in 0..n {
        for v in u + 1..n {
            m.set_weight(u, v, random_weight(&mut rng, 20, false) % 5);
        }
    }
    m.solve();
    let cold: Vec<Option<usize>> = (0..n).map(|v| m.mate(v)).collect();
    let firsts: Vec<usize> = (0..n).collect();
    m.remove_edges_among(&firsts, |u, v| (u < n / 2) == (v < n / 2));
    m.solve();
    let warm: Vec<Option<usize>> = (0..n).map(|v| m.mate(v)).collect();
    (cold, warm)
}

/// The passes that run in parallel compute each row from that row alone:
/// the same graph gives the same pairs, cold and warm, on one thread and
/// on four.
#[test]
fn the_same_pairs_on_one_thread_and_on_four() {
    let solve = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(seven_hundred)
    };
    let (cold, warm) = solve(1);
    assert!(cold.iter().all(Option::is_some) && cold != warm);
    assert_eq!((cold, warm), solve(4));
}

/// The same pairs with the `parallel` feature on and off: the digest of
/// [`seven_hundred`]'s mates is pinned, and `.ci/run` runs this test with
/// `--no-default-features` as well as in the workspace run.
#[test]
fn the_same_pairs_with_and_without_the_parallel_feature() {
    let (cold, warm) = seven_hundred();
    // FNV-1a over the mates, cold then warm.
    let digest = cold
        .iter()
        .chain(&warm)
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, m| {
            let x = m.map_or(u64::MAX, |v| v as u64);
            (h ^ x).wrapping_mul(0x0000_0100_0000_01b3)
        });
    assert_eq!(
        digest,
        17_474_123_198_328_469_205,
        "feature parallel: {}",
        cfg!(feature = "parallel")
    );
}
