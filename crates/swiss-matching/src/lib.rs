//! Matchings in general (non-bipartite) graphs, for the pairing engines of
//! the `swiss` workspace. It knows nothing of chess: vertices are `0..n`,
//! weights are unsigned integers.
//!
//! Start reading at [`maximum_cardinality_matching`] (can every vertex be
//! paired?).

mod cardinality;

pub use cardinality::{
    CardinalityMatcher, maximum_cardinality_matching, petgraph_maximum_cardinality_matching,
};
