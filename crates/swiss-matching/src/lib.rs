//! Matchings in general (non-bipartite) graphs, for the pairing engines of
//! the `swiss` workspace. It knows nothing of chess: vertices are `0..n`,
//! weights are unsigned integers.
//!
//! Start reading at [`DenseMatching`]: maximum weight matching on a dense
//! weight matrix by Edmonds' blossom algorithm, generic over the [`Weight`]
//! type (`u64`, `u128` or the fixed-width [`Wide`]), with cheap re-solves
//! after the edges of a few vertices change. Then
//! [`maximum_cardinality_matching`] (can every vertex be paired?).

mod cardinality;
mod matrix;
mod weight;
mod weighted;

pub use weight::{Weight, Wide};
pub use weighted::{DenseMatching, Objective, SolveKind, maximum_weight_matching};

pub use cardinality::{CardinalityMatcher, maximum_cardinality_matching};
