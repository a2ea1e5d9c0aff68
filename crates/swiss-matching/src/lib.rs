//! Matchings in general (non-bipartite) graphs, for the pairing engines of
//! the `swiss` workspace. It knows nothing of chess: vertices are `0..n`,
//! weights are unsigned integers.
//!
//! Start reading at [`DenseMatching`]: maximum weight matching on a dense
//! weight matrix by Edmonds' blossom algorithm, generic over the [`Weight`]
//! type (`u64`, `u128` or the fixed-width [`Wide`]), with cheap re-solves
//! after the edges of a few vertices change. Then
//! [`maximum_cardinality_matching`] (can every vertex be paired?).
//!
//! With the `parallel` feature (on by default), from 512 vertices the
//! passes that compute one thing per row (filling the matrix, the cold
//! start's duals and tight edges, removing many edges) run on rayon's
//! global thread pool; every row is computed from that row alone, so
//! results do not depend on the number of threads (`RAYON_NUM_THREADS=1`
//! runs them on one) nor on the feature: without it, rayon is not compiled
//! and the passes run on the calling thread.

/// The README's example, compiled and run as a doctest so that it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

mod cardinality;
mod matrix;
mod weight;
mod weighted;

pub use weight::{Weight, Wide};
pub use weighted::{DenseMatching, Objective, SolveKind, maximum_weight_matching};

pub use cardinality::{CardinalityMatcher, make_symmetric, maximum_cardinality_matching};

/// Fewest vertices for which the O(n²) passes over a weight matrix run
/// on several threads: below it, a pass is too short to pay for them.
#[cfg(feature = "parallel")]
const PARALLEL_MIN: usize = 512;

/// A small deterministic generator for the unit tests: each call gives a
/// number below its argument (xorshift; modulo bias is fine there).
#[cfg(test)]
fn test_numbers(mut state: u64) -> impl FnMut(u64) -> u64 {
    move |below| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below.max(1)
    }
}

/// Calls `f(i, chunk)` for each `i`-th chunk of `len` items of `out` (a
/// row per vertex of an `n`-vertex graph), in parallel when `n` is at
/// least [`PARALLEL_MIN`]. Each call must depend on its row only, so that
/// the result is the same either way.
fn each_row<T: Send>(out: &mut [T], len: usize, n: usize, f: impl Fn(usize, &mut [T]) + Sync) {
    let mut nothing = vec![(); out.len().checked_div(len).unwrap_or(0)];
    each_row_with(out, len, &mut nothing, n, |i, c, _| f(i, c));
}

/// [`each_row`] with a [`matrix::Memo`] per thread for `f` to use.
fn each_row_memo<T: Send>(
    out: &mut [T],
    len: usize,
    n: usize,
    f: impl Fn(usize, &mut [T], &mut matrix::Memo) + Sync,
) {
    each_row_scratch(out, len, n, f);
}

/// [`each_row`] with a scratch value per thread (started as its
/// default) for `f` to use and reuse.
fn each_row_scratch<T: Send, S: Default>(
    out: &mut [T],
    len: usize,
    n: usize,
    f: impl Fn(usize, &mut [T], &mut S) + Sync,
) {
    if len == 0 {
        return;
    }
    #[cfg(feature = "parallel")]
    if n >= PARALLEL_MIN {
        use rayon::prelude::*;
        out.par_chunks_mut(len)
            .enumerate()
            .for_each_init(S::default, |scratch, (i, c)| f(i, c, scratch));
        return;
    }
    #[cfg(not(feature = "parallel"))]
    let _ = n;
    let mut scratch = S::default();
    out.chunks_mut(len)
        .enumerate()
        .for_each(|(i, c)| f(i, c, &mut scratch));
}

/// [`each_row`] with one more item per row, `side[i]`, for `f` to set.
fn each_row_with<T: Send, S: Send>(
    out: &mut [T],
    len: usize,
    side: &mut [S],
    n: usize,
    f: impl Fn(usize, &mut [T], &mut S) + Sync,
) {
    if len == 0 {
        return;
    }
    #[cfg(feature = "parallel")]
    if n >= PARALLEL_MIN {
        use rayon::prelude::*;
        out.par_chunks_mut(len)
            .zip(side.par_iter_mut())
            .enumerate()
            .for_each(|(i, (c, s))| f(i, c, s));
        return;
    }
    #[cfg(not(feature = "parallel"))]
    let _ = n;
    out.chunks_mut(len)
        .zip(side.iter_mut())
        .enumerate()
        .for_each(|(i, (c, s))| f(i, c, s));
}
