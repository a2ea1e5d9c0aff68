//! Dutch 2012 D.1: transpositions of S2.
//!
//! D.1.1 lists the transpositions of S2 in lexicographic order of the
//! permuted S2 (starting with the lowest player: 6-7-8-9-11-10 comes
//! second); D.1.2 pairs the first |S1| players of each with S1 and leaves
//! the others unpaired. The first transposition that meets the current
//! requirements is therefore the lexicographically first sequence of S1
//! partners: [`first_transposition`] picks S1's partners one by one, the
//! earliest S2 player whose choice keeps the requirement level reachable
//! ([`Graph::try_fix`]), instead of walking through up to |S2|!
//! transpositions.

use crate::DutchError;

use super::a11_quality::{Graph, Quality};

/// D.1.1: turns `s2` into the next transposition in the text's order
/// (the next lexicographic permutation); `false` after the last one
/// (11-10-9-8-7-6 in the text's example), leaving `s2` unchanged.
#[cfg(test)]
pub(crate) fn next_transposition<T: Ord>(s2: &mut [T]) -> bool {
    let Some(i) = (1..s2.len()).rev().find(|&i| s2[i - 1] < s2[i]) else {
        return false;
    };
    let Some(j) = (i..s2.len()).rev().find(|&j| s2[j] > s2[i - 1]) else {
        return false;
    };
    s2.swap(i - 1, j);
    s2[i..].reverse();
    true
}

/// D.1 (with C.6/C.7): the partners of `s1` (vertex indices, in order) in
/// the first transposition of `s2` whose pairing keeps quality `target`.
/// `g` holds an optimum of quality `target`; the chosen pairs stay fixed
/// in it.
pub(crate) fn first_transposition(
    g: &mut Graph<'_>,
    s1: &[usize],
    s2: &[usize],
    target: Quality,
) -> Result<Vec<(usize, usize)>, DutchError> {
    let mut used = vec![false; g.layout.n()];
    let mut out = Vec::with_capacity(s1.len());
    for &u in s1 {
        let current = g.mate(u);
        let mut chosen = None;
        for &v in s2 {
            if used[v] {
                continue;
            }
            if current == Some(v) {
                // The optimum already pairs u with the earliest feasible partner.
                g.keep(u, v);
                chosen = Some(v);
                break;
            }
            if g.has_edge(u, v) && g.try_fix(u, v, target) {
                chosen = Some(v);
                break;
            }
        }
        let v = chosen.ok_or_else(|| DutchError::internal("D.1: S1 player without partner"))?;
        used[v] = true;
        out.push((u, v));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// D.1.1's example: S2 = 6..11, the transpositions 0-23 as listed, 24
    /// starting 6-8-7, and the last one (719) 11-10-9-8-7-6.
    #[test]
    fn d11_transposition_sequence_of_the_text() {
        let listed: [[u32; 6]; 24] = [
            [6, 7, 8, 9, 10, 11],
            [6, 7, 8, 9, 11, 10],
            [6, 7, 8, 10, 9, 11],
            [6, 7, 8, 10, 11, 9],
            [6, 7, 8, 11, 9, 10],
            [6, 7, 8, 11, 10, 9],
            [6, 7, 9, 8, 10, 11],
            [6, 7, 9, 8, 11, 10],
            [6, 7, 9, 10, 8, 11],
            [6, 7, 9, 10, 11, 8],
            [6, 7, 9, 11, 8, 10],
            [6, 7, 9, 11, 10, 8],
            [6, 7, 10, 8, 9, 11],
            [6, 7, 10, 8, 11, 9],
            [6, 7, 10, 9, 8, 11],
            [6, 7, 10, 9, 11, 8],
            [6, 7, 10, 11, 8, 9],
            [6, 7, 10, 11, 9, 8],
            [6, 7, 11, 8, 9, 10],
            [6, 7, 11, 8, 10, 9],
            [6, 7, 11, 9, 8, 10],
            [6, 7, 11, 9, 10, 8],
            [6, 7, 11, 10, 8, 9],
            [6, 7, 11, 10, 9, 8],
        ];
        let mut s2 = [6u32, 7, 8, 9, 10, 11];
        let mut all = vec![s2];
        while next_transposition(&mut s2) {
            all.push(s2);
        }
        assert_eq!(
            all.len(),
            720,
            "720 transpositions (\"at all 720 figures\")"
        );
        assert_eq!(all[..24], listed[..]);
        assert_eq!(all[24][..3], [6, 8, 7], "24. 6 - 8 - 7 - ...");
        assert_eq!(
            all[719],
            [11, 10, 9, 8, 7, 6],
            "719. 11 - 10 - 9 - 8 - 7 - 6"
        );
    }
}
