//! Which pairs the absolute criteria allow (Dubov C.1, C.3), as one bit
//! matrix computed once per round.

use swiss_core::{Colour, RoundState, StartNo};

use crate::player::{Round, Strength};

/// A symmetric bit matrix over the players to pair (their indices in
/// [`Round::players`]): bit `(i, j)` set iff `i` and `j` may meet.
#[derive(Clone, Debug)]
pub(crate) struct Compat {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl Compat {
    /// `Dubov C.1` (no second game between two players, C.04.1 b; games
    /// not played over the board do not count, C.04.2 D.6; `XXP` forbidden
    /// pairs count as already played) and `Dubov C.3` (two players with the
    /// same absolute colour preference do not meet).
    pub fn new(round: &Round, state: &RoundState) -> Compat {
        let n = round.players.len();
        let words = n.div_ceil(64);
        let mut c = Compat {
            n,
            words,
            bits: vec![0; n * words],
        };
        for i in 0..n {
            let row = &mut c.bits[i * words..(i + 1) * words];
            row.fill(u64::MAX);
            if !n.is_multiple_of(64)
                && let Some(last) = row.last_mut()
            {
                *last = (1u64 << (n % 64)) - 1;
            }
            row[i / 64] &= !(1 << (i % 64));
        }
        // Start number -> index, for the met and forbidden lists.
        let mut index: Vec<(StartNo, usize)> = round
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id, i))
            .collect();
        index.sort_unstable();
        let find = |s: StartNo| {
            index
                .binary_search_by_key(&s, |&(id, _)| id)
                .ok()
                .map(|k| index[k].1)
        };
        for (i, p) in round.players.iter().enumerate() {
            let Some(st) = state.player(p.id) else {
                continue;
            };
            for o in st.met.iter().copied().chain(st.forbidden.iter()) {
                if let Some(j) = find(o) {
                    c.clear(i, j);
                }
            }
        }
        for colour in [Colour::White, Colour::Black] {
            let same: Vec<usize> = (0..n)
                .filter(|&i| {
                    let p = round.players[i].pref;
                    p.strength == Strength::Absolute && p.colour == colour
                })
                .collect();
            for &i in &same {
                for &j in &same {
                    c.clear(i, j);
                }
            }
        }
        c
    }

    fn clear(&mut self, i: usize, j: usize) {
        self.bits[i * self.words + j / 64] &= !(1 << (j % 64));
        self.bits[j * self.words + i / 64] &= !(1 << (i % 64));
    }

    /// Whether `i` and `j` may meet.
    pub fn ok(&self, i: usize, j: usize) -> bool {
        i < self.n && j < self.n && self.bits[i * self.words + j / 64] >> (j % 64) & 1 == 1
    }
}
