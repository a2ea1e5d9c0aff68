//! Forbidden pairs (`XXP`, TRF-2026 `260`) as one bit matrix shared by every player of a
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
    /// Each start number's row, [`NO_ROW`] for a player in no group,
    /// indexed by start number: a pair's test is one load, not a search
    /// (Lim and TCEC test all 50 million pairs of a 9,999-player field
    /// whose every pair is forbidden). Empty when a start number is
    /// beyond the TRF's four digits (a state built by hand): then rows
    /// are searched in `ids`.
    index: Vec<u32>,
    /// Words per row.
    words: usize,
    /// Row-major bits; bit `j` of row `i`: `ids[i]` and `ids[j]` must not meet.
    bits: Vec<u64>,
}

impl Matrix {
    /// Builds the matrix of `t`'s groups that apply to `round`, ignoring
    /// start numbers that are no player's. Time: one row OR per group
    /// member, Σ|group| × m/64 words.
    fn build(t: &Tournament, round: u32) -> Option<Matrix> {
        let groups = || {
            t.forbidden_pairs.iter().chain(
                t.forbidden_in_rounds
                    .iter()
                    .filter(move |g| g.applies_to(round))
                    .map(|g| &g.players),
            )
        };
        let mut ids: Vec<StartNo> = groups()
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
        for g in groups() {
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
        let mut index = Vec::new();
        if let Some(&top) = ids.last()
            && top <= crate::limits::MAX_START_NO
        {
            index = vec![NO_ROW; top as usize + 1];
            for (r, &s) in ids.iter().enumerate() {
                // Rows fit: there are at most MAX_START_NO of them.
                index[s as usize] = r as u32;
            }
        }
        Some(Matrix {
            ids,
            index,
            words,
            bits,
        })
    }

    /// The row of the player `s`, when he is in some group.
    fn row_of(&self, s: StartNo) -> Option<usize> {
        if self.index.is_empty() {
            return self.ids.binary_search(&s).ok();
        }
        let r = *self.index.get(s as usize)?;
        (r != NO_ROW).then_some(r as usize)
    }

    fn get(&self, row: usize, other: StartNo) -> bool {
        self.row_of(other)
            .is_some_and(|j| self.bits[row * self.words + j / 64] >> (j % 64) & 1 == 1)
    }

    /// The rows set in row `row`, ascending.
    fn partners(&self, row: usize) -> SetBits<'_> {
        SetBits::new(&self.bits[row * self.words..(row + 1) * self.words])
    }
}

/// The positions of the bits set in a row of words, ascending: a word at
/// a time, so a row of few partners costs its words, not its bits, and
/// a plain `next` (nested iterator adapters cost a call a partner, most
/// of the time of reading an all-forbidden field's 100 million pairs).
struct SetBits<'a> {
    words: &'a [u64],
    /// The index of `word` in `words`.
    at: usize,
    /// What is left of `words[at]`.
    word: u64,
}

impl<'a> SetBits<'a> {
    fn new(words: &'a [u64]) -> SetBits<'a> {
        SetBits {
            words,
            at: 0,
            word: words.first().copied().unwrap_or(0),
        }
    }
}

impl Iterator for SetBits<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.word == 0 {
            self.at += 1;
            self.word = *self.words.get(self.at)?;
        }
        let b = self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(self.at * 64 + b)
    }
}

/// No row of [`Matrix::index`]: the start number is in no group.
const NO_ROW: u32 = u32::MAX;

/// Moves the `260` groups that cover every round (1 to the planned rounds,
/// or to the most rounds a tournament may have when none are planned)
/// among the groups of every round, where an `XXP` line puts them: the
/// two dialects then read the same.
pub(crate) fn settle(t: &mut Tournament) {
    let last = t.planned_rounds.unwrap_or(crate::limits::MAX_ROUNDS);
    let (every, ranged): (Vec<_>, Vec<_>) = std::mem::take(&mut t.forbidden_in_rounds)
        .into_iter()
        .partition(|g| g.first_round <= 1 && g.last_round >= last);
    t.forbidden_pairs
        .extend(every.into_iter().map(|g| g.players));
    t.forbidden_in_rounds = ranged;
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
    /// The partners of every player of `t` in round `round` (the groups of
    /// every round, and those of `round`'s range), in `t.players` order.
    pub fn of_players(t: &Tournament, round: u32) -> Vec<Partners> {
        let Some(m) = Matrix::build(t, round) else {
            return vec![Partners::default(); t.players.len()];
        };
        let m = Arc::new(m);
        t.players
            .iter()
            .map(|p| Partners {
                row: m.row_of(p.start_no).map(|r| (m.clone(), r)),
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
        Partners::of_players(&t, 1)
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
        let (ids, bits): (&[StartNo], SetBits<'_>) = match &self.row {
            Some((m, r)) => (&m.ids, m.partners(*r)),
            None => (&[], SetBits::new(&[])),
        };
        bits.map(move |j| ids[j])
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
        let p = Partners::of_players(&t, 1);
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
        let p = Partners::of_players(&t, 1);
        let words = p[0].row.as_ref().map(|(m, _)| m.bits.len());
        assert_eq!(words, Some(n as usize * (n as usize).div_ceil(64)));
        assert_eq!(p[17].iter().count(), n as usize - 1);
    }

    /// TRF-2026 `260`: a prohibition over rounds 3-4 holds in those rounds
    /// only; `XXP` groups hold in every round.
    #[test]
    fn a_260_range_applies_to_its_rounds_only() {
        let mut t = field(4, vec![vec![1, 2]]);
        t.forbidden_in_rounds.push(crate::model::ForbiddenInRounds {
            first_round: 3,
            last_round: 4,
            players: vec![3, 4],
        });
        for (round, three_meets_four) in [(2, true), (3, false), (4, false), (5, true)] {
            let p = Partners::of_players(&t, round);
            assert_eq!(!p[2].contains(&4), three_meets_four, "round {round}");
            assert!(p[0].contains(&2), "XXP holds in round {round}");
        }
    }

    /// Start numbers beyond the TRF's four digits (a state built by
    /// hand) are searched rather than indexed, with the same answers;
    /// partners are read across words.
    #[test]
    fn start_numbers_of_any_size_are_found() {
        let p = Partners::from_list(20_000, &[70_000, 3, 64, 65, 128]);
        assert_eq!(p.iter().collect::<Vec<_>>(), vec![3, 64, 65, 128, 70_000]);
        assert!(p.contains(&70_000) && p.contains(&65) && !p.contains(&20_000));
        assert!(!p.contains(&4) && !p.contains(&u32::MAX));
        let t = field(200, vec![(1..=200).step_by(3).collect()]);
        let p = Partners::of_players(&t, 1);
        assert_eq!(p[0].iter().count(), 66);
        assert!(p[0].contains(&199) && !p[0].contains(&200) && p[198].contains(&1));
        assert!(p[1].is_empty() && !p[1].contains(&1));
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
