//! Cold solves on complete graphs with random 120-bit (`u128`) and 184-bit
//! (`Wide<3>`) weights, a warm re-solve after one vertex's edges change, and
//! `rustworkx-core` on the same `u128` graphs for a ratio from the same run.
//! Sizes: `MATCHING_BENCH_SIZES` (default `100,500,1000,2000`); the
//! reference runs up to `MATCHING_BENCH_REFERENCE_MAX` vertices (default
//! 1000).
#![allow(missing_docs, clippy::unwrap_used)]

use std::convert::Infallible;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main};
use rustworkx_core::max_weight_matching::max_weight_matching;
use rustworkx_core::petgraph::graph::UnGraph;
use swiss_matching::{DenseMatching, Weight, Wide};

#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

fn sizes(var: &str, default: &str) -> Vec<usize> {
    std::env::var(var)
        .unwrap_or_else(|_| default.into())
        .split(',')
        .map(|s| s.trim().parse().unwrap())
        .collect()
}

/// A complete graph on `n` vertices with weights drawn by `weight`.
fn graph<W: Weight>(n: usize, seed: u64, weight: fn(&mut Rng) -> W) -> DenseMatching<W> {
    let mut rng = Rng(seed);
    let mut m = DenseMatching::new(n);
    for u in 0..n {
        for v in u + 1..n {
            m.set_weight(u, v, weight(&mut rng));
        }
    }
    m
}

fn graph_u128(n: usize, seed: u64) -> DenseMatching<u128> {
    graph(n, seed, Rng::u120)
}

/// 184-bit weights: within the headroom of `Wide<3>`.
fn graph_wide(n: usize, seed: u64) -> DenseMatching<Wide<3>> {
    graph(n, seed, wide3)
}

fn wide3(rng: &mut Rng) -> Wide<3> {
    Wide::from_limbs([rng.next(), rng.next(), rng.next() >> 8 | 1])
}

/// Times a cold solve of `base` (cloned each time).
fn cold<W: Weight>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    n: usize,
    base: &DenseMatching<W>,
) {
    g.bench_with_input(BenchmarkId::new(name, n), &n, |b, _| {
        b.iter(|| {
            let mut m = base.clone();
            m.solve();
            m.total_weight()
        })
    });
}

fn bench(c: &mut Criterion) {
    let ns = sizes("MATCHING_BENCH_SIZES", "100,500,1000,2000");
    let ref_max = sizes("MATCHING_BENCH_REFERENCE_MAX", "1000")[0];
    let mut g = c.benchmark_group("cold");
    g.sample_size(10);
    for &n in &ns {
        if n >= 1000 {
            g.measurement_time(Duration::from_secs(if n >= 2000 { 20 } else { 8 }));
        }
        cold(&mut g, "u128", n, &graph_u128(n, 1));
        cold(&mut g, "wide3", n, &graph_wide(n, 2));
        if n <= ref_max {
            let m = graph_u128(n, 1);
            let mut gr = UnGraph::<(), i128>::new_undirected();
            let nodes: Vec<_> = (0..n).map(|_| gr.add_node(())).collect();
            for u in 0..n {
                for v in u + 1..n {
                    gr.add_edge(nodes[u], nodes[v], m.weight(u, v) as i128);
                }
            }
            g.bench_with_input(BenchmarkId::new("rustworkx_i128", n), &n, |b, _| {
                b.iter(|| {
                    max_weight_matching(&gr, false, |e| Ok::<i128, Infallible>(*e.weight()), false)
                        .unwrap()
                        .len()
                })
            });
        }
    }
    g.finish();

    // One vertex's edges change, then a warm re-solve.
    let mut g = c.benchmark_group("warm_one_vertex");
    for &n in ns.iter().filter(|&&n| n == 1000) {
        let mut m = graph_u128(n, 3);
        m.solve();
        let mut rng = Rng(4);
        let mut v = 0;
        g.bench_with_input(BenchmarkId::new("u128", n), &n, |b, _| {
            b.iter(|| {
                v = (v + 7) % n;
                for x in 0..n {
                    if x != v {
                        m.set_weight(v, x, rng.u120());
                    }
                }
                m.solve()
            })
        });
        let mut m = graph_wide(n, 5);
        m.solve();
        g.bench_with_input(BenchmarkId::new("wide3", n), &n, |b, _| {
            b.iter(|| {
                v = (v + 7) % n;
                for x in 0..n {
                    if x != v {
                        m.set_weight(v, x, wide3(&mut rng));
                    }
                }
                m.solve()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
