//! The sorting rules of Dubov section D: D.2's middle-out sequence numbers
//! and the lexicographically first set in a pool (D.0.c), found by a
//! feasibility oracle rather than by enumerating the sets.

/// `Dubov D.2.b`: the pool `sorted` renumbered middle-out: the first
/// element of the result is #1 (the middle of the list, or the higher of
/// the two middles), then the middle of what remains, and so on.
///
/// With seven players A..G the result is D, C, E, B, F, A, G.
pub(crate) fn middle_out<T: Copy>(sorted: &[T]) -> Vec<T> {
    let mut rest: Vec<T> = sorted.to_vec();
    let mut out = Vec::with_capacity(rest.len());
    while !rest.is_empty() {
        out.push(rest.remove((rest.len() - 1) / 2));
    }
    out
}

/// The first set of `k` elements of `pool` (in the pool's order, sets
/// compared lexicographically as in D.0.c) that `feasible` accepts, where
/// `feasible(included, excluded)` says whether some acceptable set
/// contains every element of `included`, none of `excluded`, and any of
/// the undecided rest. Requires `feasible(&[], &[])`.
///
/// The prefix `pool[..k]` is tried first (the common answer); otherwise the
/// pool is walked once, each element taken when the sets containing it
/// with the decisions so far are still feasible: at most `pool.len()`
/// oracle calls, never the `C(P, k)` sets.
pub(crate) fn first_feasible_set(
    pool: &[usize],
    k: usize,
    mut feasible: impl FnMut(&[usize], &[usize]) -> bool,
) -> Vec<usize> {
    if k == 0 {
        return Vec::new();
    }
    if k <= pool.len() && feasible(&pool[..k], &pool[k..]) {
        return pool[..k].to_vec();
    }
    let mut inc: Vec<usize> = Vec::with_capacity(k);
    let mut exc: Vec<usize> = Vec::new();
    for (pos, &p) in pool.iter().enumerate() {
        if inc.len() == k {
            exc.push(p);
            continue;
        }
        // When the rest is needed entirely, no oracle call is needed.
        let left = pool.len() - pos;
        inc.push(p);
        if left == k - (inc.len() - 1) || feasible(&inc, &exc) {
            continue;
        }
        inc.pop();
        exc.push(p);
    }
    inc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dubov D.2's example: seven players A..G numbered middle-out.
    #[test]
    fn d2_seven_players() {
        assert_eq!(
            middle_out(&['A', 'B', 'C', 'D', 'E', 'F', 'G']),
            ['D', 'C', 'E', 'B', 'F', 'A', 'G']
        );
        assert_eq!(middle_out(&['A', 'B', 'C', 'D']), ['B', 'C', 'A', 'D']);
        assert_eq!(middle_out(&['A']), ['A']);
    }

    #[test]
    fn first_feasible_set_is_lexicographically_first() {
        // Acceptable sets of 2 out of 0..5: those without both 0 and 1, and
        // not containing 2 -> first is {0, 3}.
        let ok = |s: &[usize]| !(s.contains(&2) || s.contains(&0) && s.contains(&1));
        let mut all = Vec::new();
        for a in 0..5 {
            for b in a + 1..5 {
                if ok(&[a, b]) {
                    all.push(vec![a, b]);
                }
            }
        }
        let pool = [0, 1, 2, 3, 4];
        let got = first_feasible_set(&pool, 2, |inc, exc| {
            all.iter()
                .any(|s| inc.iter().all(|x| s.contains(x)) && exc.iter().all(|x| !s.contains(x)))
        });
        assert_eq!(got, [0, 3]);
    }
}
