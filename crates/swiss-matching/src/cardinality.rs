//! Maximum cardinality matching: pure feasibility questions ("can the rest
//! of the round still be paired?").

use petgraph::graph::UnGraph;

/// A maximum cardinality matching of the graph on `n` vertices whose edges
/// are the pairs `{u, v}` (`u < v`) with `adjacent(u, v)`. Returns the mate
/// of every vertex.
pub fn maximum_cardinality_matching(
    n: usize,
    mut adjacent: impl FnMut(usize, usize) -> bool,
) -> Vec<Option<usize>> {
    let mut g = UnGraph::<(), ()>::with_capacity(n, 0);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_of_four_is_perfectly_matched() {
        let m = maximum_cardinality_matching(4, |u, v| v == u + 1);
        assert_eq!(m, vec![Some(1), Some(0), Some(3), Some(2)]);
    }

    #[test]
    fn triangle_leaves_one_vertex() {
        let m = maximum_cardinality_matching(3, |_, _| true);
        assert_eq!(m.iter().filter(|x| x.is_none()).count(), 1);
    }
}
