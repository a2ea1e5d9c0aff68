//! `C.04.6 3.5`: the set of upfloaters that joins the top scoregroup,
//! chosen by `[C4]`-`[C7]` (`2.3.1`-`2.3.4`) among the sets that give a
//! legal pairing (`[C1]`, `[C3]`).

use crate::field::Field;

/// The set chosen for a bracket, with what `3.5.5` weighed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The upfloaters, in the order of `3.5.3` (score descending, then
    /// TPN ascending).
    pub upfloaters: Vec<usize>,
    /// `[C6]` (`2.3.3`) is met.
    pub c6: bool,
    /// `[C7]` (`2.3.4`): upfloaters that floated in the previous round
    /// (zero in the last two rounds).
    pub c7: usize,
    /// The sets of the same size and score profile examined before it
    /// (its position in the order of `3.5.4`).
    pub index: usize,
}

/// `3.5`: the upfloaters of the bracket of `residents` (the top
/// scoregroup, level `top`), among the teams of `unpaired` (residents
/// included).
///
/// `[C4]` (`2.3.1`): the fewest upfloaters, from the parity of the
/// residents up by two. `[C5]` (`2.3.2`): for each number, the score
/// profiles best first (the upfloaters' scores in ascending order, the
/// larger sequence first). `3.5.3`-`3.5.4`: the sets of a profile in
/// lexicographic order of their TPNs, each sorted by score descending
/// then TPN ascending. `3.5.5`: of the sets whose bracket can be paired
/// (`[C1]`) and that leave the other teams a pairing (`[C3]`, `2.2.1`),
/// the first that best meets `[C6]`, then `[C7]`. A number or profile
/// with no such set is passed over (`[C3]` outranks `[C4]` and `[C5]`).
pub fn select_upfloaters(
    f: &Field<'_>,
    top: usize,
    residents: &[usize],
    unpaired: &[usize],
) -> Option<Selection> {
    let lower: Vec<usize> = unpaired
        .iter()
        .copied()
        .filter(|&i| f.level[i] > top)
        .collect();
    let last_two = f.input.last_two();
    let mut numup = residents.len() % 2;
    while numup <= lower.len() {
        for profile in profiles(f, &lower, numup) {
            let mut best: Option<Selection> = None;
            for (index, set) in Sets::new(f, &lower, &profile).enumerate() {
                let mut bracket: Vec<usize> = residents.to_vec();
                bracket.extend(&set);
                if !f.perfect(&bracket) {
                    continue;
                }
                let rest: Vec<usize> = unpaired
                    .iter()
                    .copied()
                    .filter(|i| !bracket.contains(i))
                    .collect();
                if !f.perfect(&rest) {
                    continue; // [C3]
                }
                let c6 = c6_met(f, top, &rest);
                let c7 = if last_two {
                    0
                } else {
                    set.iter().filter(|&&i| f.teams[i].floated).count()
                };
                let better = best.as_ref().is_none_or(|b| (!c6, c7) < (!b.c6, b.c7));
                if better {
                    best = Some(Selection {
                        upfloaters: set,
                        c6,
                        c7,
                        index,
                    });
                }
                if c6 && c7 == 0 {
                    break; // 3.5.5: the first such set
                }
            }
            if best.is_some() {
                return best;
            }
        }
        numup += 2;
    }
    None
}

/// `[C6]` (`2.3.3`) for the teams `rest` a bracket of level `top` leaves:
/// unless no team of the following scoregroup is left, that scoregroup
/// can be paired (`[C1]`, `[C3]`) with the fewest upfloaters `[C4]`
/// allows it: none when it is even, one when it is odd (interpretation
/// 3: pass or fail).
pub fn c6_met(f: &Field<'_>, top: usize, rest: &[usize]) -> bool {
    let following: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&i| f.level[i] == top + 1)
        .collect();
    if following.is_empty() {
        return true;
    }
    let others = |bracket: &[usize]| -> Vec<usize> {
        rest.iter()
            .copied()
            .filter(|i| !bracket.contains(i))
            .collect()
    };
    if following.len().is_multiple_of(2) {
        return f.perfect(&following) && f.perfect(&others(&following));
    }
    rest.iter()
        .copied()
        .filter(|&i| f.level[i] > top + 1)
        .any(|y| {
            let mut bracket = following.clone();
            bracket.push(y);
            f.perfect(&bracket) && f.perfect(&others(&bracket))
        })
}

/// `[C5]`: the score profiles of `numup` upfloaters from `lower`, best
/// first: a profile is the levels of its upfloaters; compared as their
/// scores in ascending order, the larger first.
fn profiles(f: &Field<'_>, lower: &[usize], numup: usize) -> Vec<Vec<usize>> {
    // Levels present below, highest score first, with how many teams.
    let mut counts: Vec<(usize, usize)> = Vec::new();
    for &i in lower {
        match counts.iter_mut().find(|(l, _)| *l == f.level[i]) {
            Some((_, c)) => *c += 1,
            None => counts.push((f.level[i], 1)),
        }
    }
    counts.sort_unstable();
    let mut out = Vec::new();
    let mut cur = Vec::new();
    fn go(
        counts: &[(usize, usize)],
        k: usize,
        left: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 {
            out.push(cur.clone());
            return;
        }
        if k == counts.len() {
            return;
        }
        let (level, avail) = counts[k];
        for take in (0..=avail.min(left)).rev() {
            cur.extend(std::iter::repeat_n(level, take));
            go(counts, k + 1, left - take, cur, out);
            cur.truncate(cur.len() - take);
        }
    }
    go(&counts, 0, numup, &mut cur, &mut out);
    // Scores ascending = levels descending; a larger score is a smaller
    // level, so the best profile has the smallest sequence.
    let key = |p: &Vec<usize>| {
        let mut v = p.clone();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    };
    out.sort_by_key(key);
    out
}

/// `3.5.3`-`3.5.4`: the sets of a profile in lexicographic order: the
/// combinations of the highest level outermost, each level's teams in TPN
/// order.
struct Sets {
    /// Per level of the profile (highest score first): its teams (TPN
    /// order) and the positions chosen.
    levels: Vec<(Vec<usize>, Vec<usize>)>,
    started: bool,
    done: bool,
}

impl Sets {
    fn new(f: &Field<'_>, lower: &[usize], profile: &[usize]) -> Sets {
        let mut levels: Vec<usize> = profile.to_vec();
        levels.sort_unstable();
        levels.dedup();
        let levels = levels
            .into_iter()
            .map(|l| {
                let k = profile.iter().filter(|&&p| p == l).count();
                let teams: Vec<usize> =
                    lower.iter().copied().filter(|&i| f.level[i] == l).collect();
                (teams, (0..k).collect())
            })
            .collect();
        Sets {
            levels,
            started: false,
            done: false,
        }
    }

    /// The next combination of `pos` over `m` items in lexicographic
    /// order; false (and `pos` reset to the first) after the last.
    fn advance(pos: &mut [usize], m: usize) -> bool {
        let k = pos.len();
        for i in (0..k).rev() {
            if pos[i] < m - k + i {
                pos[i] += 1;
                for j in i + 1..k {
                    pos[j] = pos[j - 1] + 1;
                }
                return true;
            }
        }
        for (j, p) in pos.iter_mut().enumerate() {
            *p = j;
        }
        false
    }
}

impl Iterator for Sets {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        if self.done {
            return None;
        }
        if self.started {
            let mut advanced = false;
            for (teams, pos) in self.levels.iter_mut().rev() {
                if Sets::advance(pos, teams.len()) {
                    advanced = true;
                    break;
                }
            }
            if !advanced {
                self.done = true;
                return None;
            }
        }
        self.started = true;
        Some(
            self.levels
                .iter()
                .flat_map(|(teams, pos)| pos.iter().map(|&p| teams[p]))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{RoundInput, TeamState};
    use swiss_core::{Colour, Points};

    fn input(teams: &[(u32, i32)]) -> RoundInput {
        RoundInput {
            round: 3,
            rounds: 9,
            initial_colour: Colour::White,
            colour_type: Default::default(),
            secondary: true,
            teams: teams
                .iter()
                .map(|&(t, s)| TeamState::new(t, Points(s)))
                .collect(),
            seating: Default::default(),
            forbidden: Vec::new(),
        }
    }

    /// `C.04.6 3.5.4`'s example: 2, 6, 8 on 3 points and 1, 3, 5 on 2.5,
    /// two upfloaters of 3 points and one of 2.5: {2,6,1} < {2,6,3} <
    /// {2,6,5} < {2,8,1} < ... < {6,8,5}.
    #[test]
    fn c046_3_5_4_the_order_of_the_sets() {
        let inp = input(&[
            (1, 25),
            (2, 30),
            (3, 25),
            (5, 25),
            (6, 30),
            (8, 30),
            (9, 40),
        ]);
        let f = Field::new(&inp);
        let lower: Vec<usize> = (0..f.len()).filter(|&i| f.level[i] > 0).collect();
        let profile = vec![1, 1, 2];
        let sets: Vec<Vec<u32>> = Sets::new(&f, &lower, &profile)
            .map(|s| s.iter().map(|&i| f.tpn(i)).collect())
            .collect();
        assert_eq!(sets.len(), 9);
        assert_eq!(sets[0], [2, 6, 1]);
        assert_eq!(sets[1], [2, 6, 3]);
        assert_eq!(sets[2], [2, 6, 5]);
        assert_eq!(sets[3], [2, 8, 1]);
        assert_eq!(sets[8], [6, 8, 5]);
    }

    /// `[C5]` (`2.3.2`): profiles compared on their scores in ascending
    /// order, the larger first: with levels 1, 2, 3 below, two upfloaters:
    /// (1,1) (1,2) (2,2) (1,3) (2,3) (3,3) by scores ascending.
    #[test]
    fn c046_2_3_2_profiles_best_first() {
        let inp = input(&[
            (1, 40),
            (2, 30),
            (3, 30),
            (4, 20),
            (5, 20),
            (6, 10),
            (7, 10),
        ]);
        let f = Field::new(&inp);
        let lower: Vec<usize> = (1..7).collect();
        let p = profiles(&f, &lower, 2);
        assert_eq!(
            p,
            [
                vec![1, 1],
                vec![1, 2],
                vec![2, 2],
                vec![1, 3],
                vec![2, 3],
                vec![3, 3]
            ]
        );
    }
}
