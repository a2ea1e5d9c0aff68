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
        // Start number -> index, for the met and forbidden lists: a table
        // when the numbers are the TRF's four digits (`XXP` may name every
        // pair of 9,999 players: 100 million look-ups), else a search.
        let mut sorted: Vec<(StartNo, usize)> = round
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id, i))
            .collect();
        sorted.sort_unstable();
        let mut table = Vec::new();
        if let Some(&(top, _)) = sorted.last()
            && top <= swiss_core::limits::MAX_START_NO
        {
            table = vec![usize::MAX; top as usize + 1];
            for &(id, i) in &sorted {
                table[id as usize] = i;
            }
        }
        let find = |s: StartNo| {
            if table.is_empty() {
                let k = sorted.binary_search_by_key(&s, |&(id, _)| id).ok()?;
                Some(sorted[k].1)
            } else {
                table.get(s as usize).copied().filter(|&i| i != usize::MAX)
            }
        };
        // The pairs C.1 bars, each player's own into his own row, then
        // made symmetric in one pass ("both ways": a list may name a
        // partner on one side only), instead of a write into the
        // partner's row per pair, a cache miss each.
        let mut barred = vec![0u64; n * words];
        for (i, p) in round.players.iter().enumerate() {
            let Some(st) = state.player(p.id) else {
                continue;
            };
            let row = &mut barred[i * words..(i + 1) * words];
            for j in st
                .met
                .iter()
                .copied()
                .chain(st.forbidden.iter())
                .filter_map(find)
            {
                row[j / 64] |= 1 << (j % 64);
            }
        }
        swiss_matching::make_symmetric(&mut barred, n);
        let mut c = Compat {
            n,
            words,
            bits: barred,
        };
        for i in 0..n {
            let row = &mut c.bits[i * words..(i + 1) * words];
            row.iter_mut().for_each(|w| *w = !*w);
            if !n.is_multiple_of(64)
                && let Some(last) = row.last_mut()
            {
                *last &= (1u64 << (n % 64)) - 1;
            }
            row[i / 64] &= !(1 << (i % 64));
        }
        for colour in [Colour::White, Colour::Black] {
            let mut same = vec![0u64; words];
            for (i, p) in round.players.iter().enumerate() {
                if p.pref.strength == Strength::Absolute && p.pref.colour == colour {
                    same[i / 64] |= 1 << (i % 64);
                }
            }
            // A word at a time: thousands of players may share one.
            for i in (0..n).filter(|&i| same[i / 64] >> (i % 64) & 1 == 1) {
                let row = &mut c.bits[i * words..(i + 1) * words];
                row.iter_mut().zip(&same).for_each(|(a, b)| *a &= !b);
            }
        }
        c
    }

    /// Whether `i` and `j` may meet.
    pub fn ok(&self, i: usize, j: usize) -> bool {
        i < self.n && j < self.n && self.bits[i * self.words + j / 64] >> (j % 64) & 1 == 1
    }
}
