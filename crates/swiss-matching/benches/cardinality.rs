//! The workspace's own cardinality matcher against petgraph's
//! `maximum_matching` on random dense graphs (n = 100, 1000): the figure
//! behind `swiss_matching::maximum_cardinality_matching`'s choice.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use swiss_matching::maximum_cardinality_matching;

#[path = "../tests/common/mod.rs"]
mod common;
use common::{Rng, petgraph_maximum_cardinality_matching};

/// A random graph as a row-major adjacency matrix.
fn random_dense(n: usize, percent: u64, seed: u64) -> Vec<bool> {
    let mut rng = Rng(seed | 1);
    let mut g = vec![false; n * n];
    for u in 0..n {
        for v in u + 1..n {
            let e = rng.below(100) < percent;
            g[u * n + v] = e;
            g[v * n + u] = e;
        }
    }
    g
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("cardinality");
    group.sample_size(10);
    group.measurement_time(std::time::Duration::from_secs(2));
    group.warm_up_time(std::time::Duration::from_millis(300));
    for &(n, percent) in &[(100, 50), (100, 90), (1000, 50), (1000, 90)] {
        let g = random_dense(n, percent, n as u64 + percent);
        let g = (n, g);
        let label = format!("n{n}_p{percent}");
        group.bench_with_input(BenchmarkId::new("swiss", &label), &g, |b, g| {
            b.iter(|| maximum_cardinality_matching(g.0, |u, v| g.1[u * g.0 + v]));
        });
        group.bench_with_input(BenchmarkId::new("petgraph", &label), &g, |b, g| {
            b.iter(|| petgraph_maximum_cardinality_matching(g.0, |u, v| g.1[u * g.0 + v]));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
