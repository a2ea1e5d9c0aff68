//! Forbidden pairs (`XXP`) as one bit matrix shared by every player of a
//! round, not a list of partners per player: a group of k players costs
//! k²/8 bytes once, whatever the number or the overlap of the groups.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::model::{StartNo, Tournament};

/// The symmetric relation "must not be paired" over the players named in
/// some `XXP` group.
#[derive(Debug, PartialEq, Eq)]
struct Matrix {
    /// The players named in some group, sorted: row `i` is `ids[i]`.
    ids: Vec<StartNo>,
    /// Words per row.
    words: usize,
    /// Row-major bits; bit `j` of row `i`: `ids[i]` and `ids[j]` must not meet.
    bits: Vec<u64>,
}

impl Matrix {
    /// Builds the matrix of `t`'s groups, ignoring start numbers that are no
    /// player's. Time: one row OR per group member, Σ|group| × m/64 words.
    fn build(t: &Tournament) -> Option<Matrix> {
        let mut ids: Vec<StartNo> = t
            .forbidden_pairs
            .iter()
            .flatten()
            .copied()
            .filter(|&s| t.index_of(s).is_some())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return None;
        }
        let words = ids.len().div_ceil(64);
        let mut bits = vec![0u64; ids.len() * words];
        let mut group = vec![0u64; words];
        let mut rows = Vec::new();
        for g in &t.forbidden_pairs {
            rows.clear();
            rows.extend(g.iter().filter_map(|s| ids.binary_search(s).ok()));
            rows.sort_unstable();
            rows.dedup();
            if rows.len() < 2 {
                continue;
            }
            group.iter_mut().for_each(|w| *w = 0);
            for &r in &rows {
                group[r / 64] |= 1 << (r % 64);
            }
            for &r in &rows {
                let row = &mut bits[r * words..(r + 1) * words];
                row.iter_mut().zip(&group).for_each(|(a, b)| *a |= b);
            }
        }
        // Nobody is forbidden from himself.
        for r in 0..ids.len() {
            bits[r * words + r / 64] &= !(1 << (r % 64));
        }
        Some(Matrix { ids, words, bits })
    }

    fn get(&self, row: usize, other: StartNo) -> bool {
        self.ids
            .binary_search(&other)
            .is_ok_and(|j| self.bits[row * self.words + j / 64] >> (j % 64) & 1 == 1)
    }
}

/// The players one player must not be paired with (`XXP`): a row of the
/// round's shared matrix. Cloning is cheap (a reference count).
#[derive(Clone, Debug, Default)]
pub struct Partners {
    /// The shared matrix and this player's row in it; `None` when the player
    /// is in no group.
    row: Option<(Arc<Matrix>, usize)>,
}

impl Partners {
    /// The partners of every player of `t`, in `t.players` order.
    pub fn of_players(t: &Tournament) -> Vec<Partners> {
        let Some(m) = Matrix::build(t) else {
            return vec![Partners::default(); t.players.len()];
        };
        let m = Arc::new(m);
        t.players
            .iter()
            .map(|p| Partners {
                row: m
                    .ids
                    .binary_search(&p.start_no)
                    .ok()
                    .map(|r| (m.clone(), r)),
            })
            .collect()
    }

    /// Partners given as a list (for a state built by hand or read back).
    pub fn from_list(own: StartNo, list: &[StartNo]) -> Partners {
        let mut t = Tournament::default();
        let mut ids: Vec<StartNo> = list.iter().copied().chain([own]).collect();
        ids.sort_unstable();
        ids.dedup();
        t.players = ids
            .iter()
            .map(|&s| crate::model::Player::new(s, "", None))
            .collect();
        t.forbidden_pairs = list.iter().map(|&b| vec![own, b]).collect();
        Partners::of_players(&t)
            .into_iter()
            .zip(&t.players)
            .find(|(_, p)| p.start_no == own)
            .map(|(x, _)| x)
            .unwrap_or_default()
    }

    /// Whether the player must not be paired with `other`.
    pub fn contains(&self, other: &StartNo) -> bool {
        self.row.as_ref().is_some_and(|(m, r)| m.get(*r, *other))
    }

    /// The partners, by start number ascending.
    pub fn iter(&self) -> impl Iterator<Item = StartNo> + '_ {
        self.row.iter().flat_map(|(m, r)| {
            m.ids
                .iter()
                .enumerate()
                .filter(move |&(j, _)| m.bits[r * m.words + j / 64] >> (j % 64) & 1 == 1)
                .map(|(_, &s)| s)
        })
    }

    /// Whether there is no partner.
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }
}

impl PartialEq for Partners {
    fn eq(&self, other: &Partners) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Partners {}

/// Written as the list of partners' start numbers.
impl Serialize for Partners {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// Read from a list of start numbers; the owner is unknown here, so the
/// list is kept as a group of its own with a placeholder owner (0).
impl<'de> Deserialize<'de> for Partners {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Partners, D::Error> {
        let list = Vec::<StartNo>::deserialize(d)?;
        Ok(Partners::from_list(0, &list))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Player;

    fn field(n: u32, groups: Vec<Vec<StartNo>>) -> Tournament {
        Tournament {
            players: (1..=n).map(|i| Player::new(i, "", None)).collect(),
            forbidden_pairs: groups,
            ..Tournament::default()
        }
    }

    #[test]
    fn groups_overlap_and_repeat_without_duplicates() {
        let t = field(
            6,
            vec![vec![1, 2, 3], vec![3, 4], vec![1, 2, 3], vec![9, 5, 5]],
        );
        let p = Partners::of_players(&t);
        let lists: Vec<Vec<StartNo>> = p.iter().map(|x| x.iter().collect()).collect();
        assert_eq!(
            lists,
            vec![
                vec![2, 3],
                vec![1, 3],
                vec![1, 2, 4],
                vec![3],
                vec![],
                vec![]
            ]
        );
        assert!(p[0].contains(&3) && p[2].contains(&1) && !p[0].contains(&4));
        assert!(!p[4].contains(&5), "nobody is forbidden from himself");
        assert!(!p[0].contains(&9), "9 is no player");
    }

    #[test]
    fn one_group_of_everybody_costs_a_bit_per_pair() {
        let n = 3000;
        let t = field(n, vec![(1..=n).collect(), (1..=n).collect()]);
        let p = Partners::of_players(&t);
        let words = p[0].row.as_ref().map(|(m, _)| m.bits.len());
        assert_eq!(words, Some(n as usize * (n as usize).div_ceil(64)));
        assert_eq!(p[17].iter().count(), n as usize - 1);
    }

    #[test]
    fn a_list_round_trips() {
        let p = Partners::from_list(4, &[7, 2, 7]);
        assert_eq!(p.iter().collect::<Vec<_>>(), vec![2, 7]);
        let json = serde_json::to_string(&p).unwrap_or_default();
        assert_eq!(json, "[2,7]");
        let back: Partners = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, p);
    }
}
