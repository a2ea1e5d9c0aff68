//! Shared by the tests and the benchmarks (`#[path]`-included there): a
//! reproducible generator without a dependency, and the independent
//! cardinality-matching baseline.
#![allow(dead_code)]

/// xorshift64*: the same numbers on every machine.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform-ish in `0..k` (modulo; fine for tests).
    pub fn below(&mut self, k: u64) -> u64 {
        self.next() % k.max(1)
    }

    /// A random odd 120-bit weight.
    pub fn u120(&mut self) -> u128 {
        ((u128::from(self.next()) << 56) ^ u128::from(self.next())) | 1
    }
}

/// A maximum cardinality matching by petgraph's `maximum_matching`: the
/// independent baseline the tests and the benchmark compare
/// `swiss_matching::CardinalityMatcher` with. Returns the mate of every vertex.
pub fn petgraph_maximum_cardinality_matching(
    n: usize,
    mut adjacent: impl FnMut(usize, usize) -> bool,
) -> Vec<Option<usize>> {
    let mut g = petgraph::graph::UnGraph::<(), ()>::with_capacity(n, 0);
    let nodes: Vec<_> = (0..n).map(|_| g.add_node(())).collect();
    for u in 0..n {
        for v in u + 1..n {
            if adjacent(u, v) {
                g.add_edge(nodes[u], nodes[v], ());
            }
        }
    }
    let m = petgraph::algo::maximum_matching(&g);
    nodes
        .iter()
        .map(|&x| m.mate(x).map(|y| y.index()))
        .collect()
}
