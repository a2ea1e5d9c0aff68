//! Dutch 2012 D.3: which M1 of the M0 moved-down players go to S1 of a
//! heterogeneous bracket (C.8.b): the M1 highest first, then the other
//! sets in lexicographic order of their numbers (the text's table for
//! M0 = 5).

use std::ops::ControlFlow;

/// Calls `f` with every set of `m1` of the moved-down players `0..m0`
/// (their indices in A.2 order), in D.3's order; stops when `f` breaks.
pub(crate) fn for_each_choice(
    m0: usize,
    m1: usize,
    mut f: impl FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if m1 > m0 {
        return ControlFlow::Continue(());
    }
    let mut c: Vec<usize> = (0..m1).collect();
    loop {
        f(&c)?;
        // The next combination: raise the last element that can still rise.
        let Some(i) = (0..m1).rev().find(|&i| c[i] < m0 - m1 + i) else {
            return ControlFlow::Continue(());
        };
        c[i] += 1;
        for k in i + 1..m1 {
            c[k] = c[k - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sets(m0: usize, m1: usize) -> Vec<String> {
        let mut out = Vec::new();
        let _ = for_each_choice(m0, m1, |c| {
            let names: Vec<String> = c.iter().map(|i| (i + 1).to_string()).collect();
            out.push(names.join("-"));
            ControlFlow::Continue(())
        });
        out
    }

    /// D.3's table: M0 = 5, players 1..5, every column M1 = 5..1.
    #[test]
    fn d3_table_for_m0_5() {
        assert_eq!(sets(5, 5), ["1-2-3-4-5"]);
        assert_eq!(
            sets(5, 4),
            ["1-2-3-4", "1-2-3-5", "1-2-4-5", "1-3-4-5", "2-3-4-5"]
        );
        assert_eq!(
            sets(5, 3),
            [
                "1-2-3", "1-2-4", "1-2-5", "1-3-4", "1-3-5", "1-4-5", "2-3-4", "2-3-5", "2-4-5",
                "3-4-5"
            ]
        );
        assert_eq!(
            sets(5, 2),
            [
                "1-2", "1-3", "1-4", "1-5", "2-3", "2-4", "2-5", "3-4", "3-5", "4-5"
            ]
        );
        assert_eq!(sets(5, 1), ["1", "2", "3", "4", "5"]);
    }
}
