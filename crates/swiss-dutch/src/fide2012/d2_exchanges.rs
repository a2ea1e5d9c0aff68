//! Dutch 2012 D.2: exchanges of players between S1 and S2 (homogeneous and
//! remainder brackets).
//!
//! The "exact procedure" walks DELTA from its least value upwards and, for
//! each DELTA, the list of S1 groups (top down) and for each the list of
//! S2 groups (top down), taking the exchanges whose difference of numbers
//! is DELTA. [`for_each_exchange`] yields the same sequence for N = 1, 2,
//! ... players, generating only the groups whose sum fits the current
//! DELTA, so the first exchanges of a big bracket cost little.
//!
//! Groups are given as offsets: an S1 offset counts up from the last S1
//! player (0 = the lowest player of S1), an S2 offset down from the first
//! S2 player (0 = the highest player of S2). With S1 = 1..s1 and S2 =
//! s1+1..s1+s2 numbered as in the text, the difference of an exchange of
//! N players is `N + sum(S1 offsets) + sum(S2 offsets)`. The S1 list
//! "in decreasing lexicographic order" (5,4,3; 5,4,2; ...) and the S2
//! list "in increasing lexicographic order" (6,7,8; 6,7,9; ...) are both
//! the increasing lexicographic order of the offset tuples.

use std::ops::ControlFlow;

/// Calls `f(s1_offsets, s2_offsets)` for every exchange of D.2 in the
/// text's order, one player first, then two, ...; stops when `f` breaks.
pub(crate) fn for_each_exchange(
    s1: usize,
    s2: usize,
    mut f: impl FnMut(&[usize], &[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for n in 1..=s1.min(s2) {
        let least = n * (n - 1) / 2;
        let most_1 = top_sum(s1, n);
        let most_2 = top_sum(s2, n);
        // DELTA - N runs over the possible sums of both groups.
        for sum in 2 * least..=most_1 + most_2 {
            let mut a = Vec::with_capacity(n);
            subsets_up_to(s1, n, sum - least, 0, &mut a, &mut |i: &[usize]| {
                let rest = sum - i.iter().sum::<usize>();
                if rest > most_2 {
                    return ControlFlow::Continue(());
                }
                let mut b = Vec::with_capacity(n);
                subsets_exact(s2, n, rest, 0, &mut b, &mut |j: &[usize]| f(i, j))
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// The largest sum of `n` distinct offsets below `len`.
fn top_sum(len: usize, n: usize) -> usize {
    (len - n..len).sum()
}

/// The least sum of `k` distinct offsets from `from` upwards.
fn low_sum(from: usize, k: usize) -> usize {
    k * from + k * k.saturating_sub(1) / 2
}

/// Every `n`-subset of `0..len` (in increasing lexicographic order,
/// continuing the prefix in `cur`, next element at least `from`) whose
/// sum is at most `max`.
fn subsets_up_to(
    len: usize,
    n: usize,
    max: usize,
    from: usize,
    cur: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if cur.len() == n {
        return f(cur);
    }
    let left = n - cur.len();
    let so_far: usize = cur.iter().sum();
    let Some(last) = len.checked_sub(left) else {
        return ControlFlow::Continue(());
    };
    for x in from..=last {
        if so_far + low_sum(x, left) > max {
            break;
        }
        cur.push(x);
        let r = subsets_up_to(len, n, max, x + 1, cur, f);
        cur.pop();
        r?;
    }
    ControlFlow::Continue(())
}

/// Every `n`-subset of `0..len` (increasing lexicographic order) whose sum
/// is exactly `sum`.
fn subsets_exact(
    len: usize,
    n: usize,
    sum: usize,
    from: usize,
    cur: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let so_far: usize = cur.iter().sum();
    if cur.len() == n {
        return if so_far == sum {
            f(cur)
        } else {
            ControlFlow::Continue(())
        };
    }
    let left = n - cur.len();
    let Some(last) = len.checked_sub(left) else {
        return ControlFlow::Continue(());
    };
    for x in from..=last {
        if so_far + low_sum(x, left) > sum {
            break;
        }
        // The largest completion: x and the top left - 1 offsets.
        if so_far + x + top_sum(len, left - 1) < sum {
            continue;
        }
        cur.push(x);
        let r = subsets_exact(len, n, sum, x + 1, cur, f);
        cur.pop();
        r?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exchanges of `n` players for S1 = 1..5, S2 = 6..11 (the text's
    /// examples), as (S1 numbers, S2 numbers), in order.
    fn text_exchanges(n: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
        let mut out = Vec::new();
        let _ = for_each_exchange(5, 6, |i, j| {
            if i.len() > n {
                return ControlFlow::Break(());
            }
            if i.len() == n {
                let s1 = i.iter().map(|o| 5 - o).collect();
                let s2 = j.iter().map(|o| 6 + o).collect();
                out.push((s1, s2));
            }
            ControlFlow::Continue(())
        });
        out
    }

    /// The number each exchange gets in the text's order, looked up by
    /// (S1 group, S2 group).
    fn order_of(n: usize, s1: &[usize], s2: &[usize]) -> usize {
        let all = text_exchanges(n);
        1 + all
            .iter()
            .position(|(a, b)| a == s1 && b == s2)
            .unwrap_or_else(|| panic!("no exchange {s1:?} / {s2:?}"))
    }

    /// D.2's table for one player: rows S2 = 6..11, columns S1 = 5..1.
    #[test]
    fn d2_exchange_table_one_player() {
        let table = [
            [1, 3, 6, 10, 15],
            [2, 5, 9, 14, 20],
            [4, 8, 13, 19, 24],
            [7, 12, 18, 23, 27],
            [11, 17, 22, 26, 29],
            [16, 21, 25, 28, 30],
        ];
        assert_eq!(text_exchanges(1).len(), 30);
        for (r, row) in table.iter().enumerate() {
            for (c, &want) in row.iter().enumerate() {
                assert_eq!(
                    order_of(1, &[5 - c], &[6 + r]),
                    want,
                    "S1 {} S2 {}",
                    5 - c,
                    6 + r
                );
            }
        }
    }

    /// D.2's table for two players: rows the S2 groups, columns the S1
    /// groups, each cell the exchange's number (1..150).
    #[test]
    fn d2_exchange_table_two_players() {
        let s1_groups = [
            [5, 4],
            [5, 3],
            [5, 2],
            [5, 1],
            [4, 3],
            [4, 2],
            [4, 1],
            [3, 2],
            [3, 1],
            [2, 1],
        ];
        let rows: [([usize; 2], [usize; 10]); 15] = [
            ([6, 7], [1, 3, 7, 14, 8, 16, 28, 29, 45, 65]),
            ([6, 8], [2, 6, 13, 24, 15, 27, 43, 44, 64, 85]),
            ([6, 9], [4, 11, 22, 37, 25, 41, 60, 62, 83, 104]),
            ([6, 10], [9, 20, 35, 53, 39, 58, 79, 81, 102, 120]),
            ([6, 11], [17, 32, 50, 71, 55, 76, 96, 99, 117, 132]),
            ([7, 8], [5, 12, 23, 38, 26, 42, 61, 63, 84, 105]),
            ([7, 9], [10, 21, 36, 54, 40, 59, 80, 82, 103, 121]),
            ([7, 10], [18, 33, 51, 72, 56, 77, 97, 100, 118, 133]),
            ([7, 11], [30, 48, 69, 90, 74, 94, 113, 115, 130, 141]),
            ([8, 9], [19, 34, 52, 73, 57, 78, 98, 101, 119, 134]),
            ([8, 10], [31, 49, 70, 91, 75, 95, 114, 116, 131, 142]),
            ([8, 11], [46, 67, 88, 108, 92, 111, 126, 128, 139, 146]),
            ([9, 10], [47, 68, 89, 109, 93, 112, 127, 129, 140, 147]),
            ([9, 11], [66, 87, 107, 123, 110, 125, 137, 138, 145, 149]),
            ([10, 11], [86, 106, 122, 135, 124, 136, 143, 144, 148, 150]),
        ];
        assert_eq!(text_exchanges(2).len(), 150);
        for (s2, cells) in rows {
            for (s1, want) in s1_groups.iter().zip(cells) {
                assert_eq!(order_of(2, s1, &s2), want, "S1 {s1:?} S2 {s2:?}");
            }
        }
    }

    /// D.2's example for three players: the two lists and the first six
    /// exchanges with their differences.
    #[test]
    fn d2_exchange_order_three_players() {
        let all = text_exchanges(3);
        assert_eq!(all.len(), 10 * 20);
        let first: Vec<(Vec<usize>, Vec<usize>)> = all[..6].to_vec();
        let v = |a: &[usize]| a.to_vec();
        assert_eq!(
            first,
            [
                (v(&[5, 4, 3]), v(&[6, 7, 8])),
                (v(&[5, 4, 3]), v(&[6, 7, 9])),
                (v(&[5, 4, 2]), v(&[6, 7, 8])),
                (v(&[5, 4, 3]), v(&[6, 7, 10])),
                (v(&[5, 4, 3]), v(&[6, 8, 9])),
                (v(&[5, 4, 2]), v(&[6, 7, 9])),
            ]
        );
        let diff =
            |(a, b): &(Vec<usize>, Vec<usize>)| b.iter().sum::<usize>() - a.iter().sum::<usize>();
        let diffs: Vec<usize> = all[..6].iter().map(diff).collect();
        assert_eq!(diffs, [9, 10, 10, 11, 11, 11]);
        // The whole sequence never decreases in DELTA (the exact procedure).
        assert!(all.windows(2).all(|w| diff(&w[0]) <= diff(&w[1])));
        // Both lists as the text prints them.
        let mut s1_list: Vec<Vec<usize>> = Vec::new();
        let mut s2_list: Vec<Vec<usize>> = Vec::new();
        for (a, b) in &all {
            if !s1_list.contains(a) {
                s1_list.push(a.clone());
            }
            if !s2_list.contains(b) {
                s2_list.push(b.clone());
            }
        }
        s1_list.sort_by(|a, b| b.cmp(a));
        s2_list.sort();
        assert_eq!(
            s1_list[..6],
            [
                v(&[5, 4, 3]),
                v(&[5, 4, 2]),
                v(&[5, 4, 1]),
                v(&[5, 3, 2]),
                v(&[5, 3, 1]),
                v(&[5, 2, 1])
            ]
        );
        assert_eq!(
            s2_list[..4],
            [v(&[6, 7, 8]), v(&[6, 7, 9]), v(&[6, 7, 10]), v(&[6, 7, 11])]
        );
    }
}
