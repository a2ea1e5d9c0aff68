//! Completability (C.04.3 A.9, C.4): whether the players not yet paired
//! can still be completed into a round-pairing under the absolute
//! criteria C.1-C.3.

use std::collections::HashMap;

use swiss_core::Colour;

use crate::player::Player;

/// Longest list of barred partners [`AbsoluteCriteria`] scans whole
/// rather than searches.
const SCANNED: usize = 32;

/// Pairwise compatibility under the absolute criteria C.1-C.3, read from
/// a table built once per round: each player's barred partners (C.1 met
/// before, `XXP` forbidden) as sorted positions in one array, and the
/// colour C.3 keeps him from meeting. The matchings ask it for every pair
/// of their brackets (50 million at 10,000 players), where two searches
/// in each player's own lists cost a cache miss each; the table stays
/// linear in the field, not n².
pub(crate) struct AbsoluteCriteria {
    /// `barred[start[i]..start[i + 1]]`: the positions player `i` may not
    /// meet (C.1, `XXP`), ascending; both ways.
    barred: Vec<u32>,
    start: Vec<usize>,
    /// C.3: the absolute colour preference of a non-topscorer, whom no
    /// other such player with the same preference may meet.
    c3: Vec<Option<Colour>>,
}

impl AbsoluteCriteria {
    /// The criteria over `field` (positions are indices into it).
    pub(crate) fn new(field: &[Player]) -> AbsoluteCriteria {
        let at: HashMap<_, usize> = field
            .iter()
            .enumerate()
            .map(|(i, p)| (p.start_no, i))
            .collect();
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); field.len()];
        for (i, p) in field.iter().enumerate() {
            let partners = p.forbidden.iter().copied().chain(p.xxp.iter());
            for j in partners.filter_map(|s| at.get(&s).copied()) {
                if j != i {
                    // Positions fit: the field's length is a count of players.
                    lists[i].push(j as u32);
                    lists[j].push(i as u32);
                }
            }
        }
        let mut start = Vec::with_capacity(field.len() + 1);
        let mut barred = Vec::new();
        for mut list in lists {
            list.sort_unstable();
            list.dedup();
            start.push(barred.len());
            barred.extend(list);
        }
        start.push(barred.len());
        let c3 = field
            .iter()
            .map(|p| {
                (p.absolute() && !p.topscorer)
                    .then_some(p.preference)
                    .flatten()
            })
            .collect();
        AbsoluteCriteria { barred, start, c3 }
    }

    /// Whether the players at positions `i` and `j` may meet (C.1-C.3).
    pub(crate) fn allow(&self, i: usize, j: usize) -> bool {
        i != j && (self.c3[i].is_none() || self.c3[i] != self.c3[j]) && !self.barred(i, j)
    }

    /// The positions player `i` may not meet (C.1, `XXP`), ascending.
    pub(crate) fn barred_partners(&self, i: usize) -> &[u32] {
        &self.barred[self.start[i]..self.start[i + 1]]
    }

    /// C.3: the colour player `i` may not meet another non-topscorer of
    /// the same absolute preference with, if any.
    pub(crate) fn c3(&self, i: usize) -> Option<Colour> {
        self.c3[i]
    }

    /// Whether `j` is among `i`'s barred partners. A list as short as a
    /// player's opponents of an event is scanned whole without a branch
    /// (the compiler compares several at once): the binary search's
    /// mispredicted branches made it a sixth of a late round's time.
    fn barred(&self, i: usize, j: usize) -> bool {
        let list = &self.barred[self.start[i]..self.start[i + 1]];
        let j = j as u32;
        if list.len() <= SCANNED {
            list.iter().fold(false, |met, &x| met | (x == j))
        } else {
            list.binary_search(&j).is_ok()
        }
    }
}

/// Whether the players not yet paired in `opponent` can still be completed
/// into a round-pairing (A.9): a perfect matching under C.1-C.3, one
/// bye-eligible player (C.2) left over when their number is odd.
pub(crate) fn completable(
    field: &[Player],
    absolute: &AbsoluteCriteria,
    opponent: &[Option<usize>],
) -> bool {
    let free: Vec<usize> = (0..field.len())
        .filter(|&i| opponent[i].is_none())
        .collect();
    completable_set(field, absolute, &free)
}

/// Whether the players `free` can all be paired among themselves under
/// C.1-C.3, one bye-eligible player (C.2) left over when their number is
/// odd.
pub(crate) fn completable_set(
    field: &[Player],
    absolute: &AbsoluteCriteria,
    free: &[usize],
) -> bool {
    let k = free.len();
    if greedy_complete(field, absolute, free) {
        return true;
    }
    // With an odd count, vertex `k` stands for the bye (C.2: only players
    // who may receive it are adjacent to it).
    let size = k + k % 2;
    perfect(size, |a, b| {
        if b == k {
            field[free[a]].may_get_bye
        } else {
            absolute.allow(free[a], free[b])
        }
    })
}

/// Whether the players `members` can all be paired among themselves under
/// C.1-C.3.
pub(crate) fn perfectly_pairable(absolute: &AbsoluteCriteria, members: &[usize]) -> bool {
    perfect(members.len(), |a, b| absolute.allow(members[a], members[b]))
}

/// Whether the bracket `members` can pair all its players, its first
/// `mdps` players being MDPs: under C.1-C.3, and an MDP only with a
/// resident. An MDP is paired with a resident of S2 or stays in the Limbo
/// (C.04.3 B.1-B.2, 2017; Art. 3.3, 2026), so two MDPs never meet inside a
/// heterogeneous bracket, and a matching that needs such a pair does not
/// show that the bracket pairs everyone.
pub(crate) fn bracket_pairs_everyone(
    absolute: &AbsoluteCriteria,
    members: &[usize],
    mdps: usize,
) -> bool {
    // `a < b` always: the pair holds a resident exactly when `b` is one.
    perfect(members.len(), |a, b| {
        b >= mdps && absolute.allow(members[a], members[b])
    })
}

/// Whether the graph on `0..n` with edges `adjacent(u, v)` (`u < v`) has a
/// perfect matching.
fn perfect(n: usize, adjacent: impl FnMut(usize, usize) -> bool) -> bool {
    swiss_matching::maximum_cardinality_matching(n, adjacent)
        .iter()
        .all(Option::is_some)
}

/// A quick sufficient test for [`completable`]: first-fit pairing in A.2
/// order, with one round of repairs by swapping partners; the leftover (odd
/// count) must be bye-eligible.
fn greedy_complete(field: &[Player], absolute: &AbsoluteCriteria, free: &[usize]) -> bool {
    let k = free.len();
    let mut mate: Vec<Option<usize>> = vec![None; k];
    for a in 0..k {
        if mate[a].is_some() {
            continue;
        }
        if let Some(b) = (a + 1..k).find(|&b| mate[b].is_none() && absolute.allow(free[a], free[b]))
        {
            mate[a] = Some(b);
            mate[b] = Some(a);
        }
    }
    let mut open: Vec<usize> = (0..k).filter(|&a| mate[a].is_none()).collect();
    // Repair: an unmatched u and v take over a pair x-y as u-x and v-y.
    while open.len() >= 2 {
        let (u, v) = (open[0], open[1]);
        let swap = (0..k).find_map(|x| {
            let y = mate[x]?;
            (absolute.allow(free[u], free[x]) && absolute.allow(free[v], free[y])).then_some((x, y))
        });
        let Some((x, y)) = swap else { break };
        mate[u] = Some(x);
        mate[x] = Some(u);
        mate[v] = Some(y);
        mate[y] = Some(v);
        open.drain(..2);
    }
    match open.as_slice() {
        [] => true,
        [u] => field[free[*u]].may_get_bye,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C.1: a list of barred partners longer than [`SCANNED`] is searched
    /// and a shorter one scanned; both find exactly the partners listed.
    #[test]
    fn c043_c1_barred_partners_are_found_in_short_and_long_lists() {
        let long: Vec<u32> = (0..2 * SCANNED as u32 + 10)
            .filter(|x| x % 2 == 1)
            .collect();
        let short = vec![3u32, 10, 77];
        assert!(long.len() > SCANNED && short.len() <= SCANNED);
        let mut barred = long.clone();
        barred.extend(&short);
        let start = vec![0, long.len(), long.len() + short.len()];
        let table = AbsoluteCriteria {
            barred,
            start,
            c3: vec![None; 2],
        };
        for (i, list) in [(0, &long), (1, &short)] {
            for j in 0..100 {
                assert_eq!(table.barred(i, j), list.contains(&(j as u32)), "{i}-{j}");
            }
        }
    }
}
