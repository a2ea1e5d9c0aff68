//! Completability (C.04.3 A.9, C.4): whether the players not yet paired
//! can still be completed into a round-pairing under the absolute
//! criteria C.1-C.3.

use swiss_core::{Colour, StartNo};

use super::criteria::EditionRules;
use crate::Edition;
use crate::player::Player;

/// Longest list of barred partners [`AbsoluteCriteria`] scans whole
/// rather than searches.
const SCANNED: usize = 32;

/// Pairwise compatibility under the absolute criteria C.1-C.3, read from
/// a table built once per round: each player's opponents met (C.1) as
/// sorted positions in one array, the pairs `XXP` forbids as a bit matrix
/// over the field's positions, and the colour C.3 keeps him from meeting.
/// The matchings ask it for every pair of their brackets (50 million at
/// 10,000 players), where two searches in each player's own lists cost a
/// cache miss each.
///
/// The size stays bounded whatever the file says: the lists of C.1 grow
/// with the games played, and `XXP`, which may forbid every pair of the
/// field in three lines, costs a bit per pair (12.5 MB for 9,999
/// players, only when some player of the field is in a group), not a
/// list entry per pair: 400 MB of lists, whose building took 1.4 GB and
/// 12-31 s before an all-forbidden field was found unpairable.
pub(crate) struct AbsoluteCriteria {
    /// `met[start[i]..start[i + 1]]`: the positions player `i` has met
    /// (C.1), ascending; both ways.
    met: Vec<u32>,
    start: Vec<usize>,
    /// A row of `words` words per position, bit `j` of row `i`: `XXP`
    /// forbids `i` and `j` to meet (both ways); empty when nobody of the
    /// field is in a group.
    xxp: Vec<u64>,
    /// Words per row of `xxp`.
    words: usize,
    /// C.3: the absolute colour preference of a non-topscorer, whom no
    /// other such player with the same preference may meet.
    c3: Vec<Option<Colour>>,
}

impl AbsoluteCriteria {
    /// The criteria over `field` (positions are indices into it).
    pub(crate) fn new(field: &[Player]) -> AbsoluteCriteria {
        const NOBODY: u32 = u32::MAX;
        // Start numbers are at most four digits (`swiss_core::limits`): a
        // table indexed by them beats hashing ten thousand partners of
        // each player.
        let top = field.iter().map(|p| p.start_no).max().unwrap_or(0);
        let mut at = vec![NOBODY; top as usize + 1];
        for (i, p) in field.iter().enumerate() {
            // Positions fit: the field's length is a count of players.
            at[p.start_no as usize] = i as u32;
        }
        let position = |s: StartNo| {
            at.get(s as usize)
                .copied()
                .filter(|&j| j != NOBODY)
                .map(|j| j as usize)
        };
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); field.len()];
        for (i, p) in field.iter().enumerate() {
            for j in p.forbidden.iter().filter_map(|&s| position(s)) {
                if j != i {
                    lists[i].push(j as u32);
                    lists[j].push(i as u32);
                }
            }
        }
        let mut start = Vec::with_capacity(field.len() + 1);
        let mut met = Vec::new();
        for mut list in lists {
            list.sort_unstable();
            list.dedup();
            start.push(met.len());
            met.extend(list);
        }
        start.push(met.len());
        let n = field.len();
        let words = n.div_ceil(64);
        let mut xxp = Vec::new();
        if field.iter().any(|p| !p.xxp.is_empty()) {
            xxp = vec![0u64; n * words];
            // Each player's own partners into his own row, then the
            // matrix ORed with its transpose: "both ways", as for C.1 (a
            // state built by hand may list a partner on one side only),
            // without writing across rows, which took seconds for an
            // all-forbidden field.
            for (i, p) in field.iter().enumerate() {
                let row = &mut xxp[i * words..(i + 1) * words];
                for j in p.xxp.iter().filter_map(position) {
                    row[j / 64] |= 1 << (j % 64);
                }
                row[i / 64] &= !(1 << (i % 64));
            }
            swiss_matching::make_symmetric(&mut xxp, n);
        }
        let c3 = field
            .iter()
            .map(|p| {
                (p.absolute() && !p.topscorer)
                    .then_some(p.preference)
                    .flatten()
            })
            .collect();
        AbsoluteCriteria {
            met,
            start,
            xxp,
            words,
            c3,
        }
    }

    /// Whether the players at positions `i` and `j` may meet (C.1-C.3).
    pub(crate) fn allow(&self, i: usize, j: usize) -> bool {
        i != j
            && (self.c3[i].is_none() || self.c3[i] != self.c3[j])
            && !self.met(i, j)
            && !self.forbidden(i, j)
    }

    /// The positions player `i` may not meet (C.1, `XXP`): those he met,
    /// ascending, then those `XXP` forbids, ascending (a position may be
    /// in both).
    pub(crate) fn barred_partners(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let met = self.met[self.start[i]..self.start[i + 1]]
            .iter()
            .map(|&j| j as usize);
        met.chain(set_bits(self.forbidden_row(i)))
    }

    /// C.3: the colour player `i` may not meet another non-topscorer of
    /// the same absolute preference with, if any.
    pub(crate) fn c3(&self, i: usize) -> Option<Colour> {
        self.c3[i]
    }

    /// [`AbsoluteCriteria::allow`] for every pair of the whole field, as
    /// the rows of a graph on `size` vertices (`size` at least the
    /// field's; the rows past the field's are empty) for the matcher's
    /// [`CardinalityMatcher::from_rows`](swiss_matching::CardinalityMatcher::from_rows):
    /// `size.div_ceil(64)` words a row, bit `j` of row `i` set iff
    /// `allow(i, j)`. A word at a time: C.3 and `XXP` clear whole words,
    /// C.1 a bit per game (a test checks every bit against `allow`).
    pub(crate) fn rows(&self, size: usize) -> Vec<u64> {
        let n = self.c3.len();
        let words = size.div_ceil(64);
        let mut same_colour = [vec![0u64; words], vec![0u64; words]];
        for (j, c) in self.c3.iter().enumerate() {
            if let Some(c) = c {
                same_colour[usize::from(*c == Colour::Black)][j / 64] |= 1 << (j % 64);
            }
        }
        // The field's players, and nobody past them.
        let everyone: Vec<u64> = (0..words)
            .map(|k| match n.saturating_sub(k * 64) {
                0 => 0,
                left if left >= 64 => u64::MAX,
                left => (1 << left) - 1,
            })
            .collect();
        let mut rows = vec![0u64; size.max(n) * words];
        for i in 0..n {
            let row = &mut rows[i * words..(i + 1) * words];
            row.copy_from_slice(&everyone);
            if let Some(c) = self.c3[i] {
                let same = &same_colour[usize::from(c == Colour::Black)];
                row.iter_mut().zip(same).for_each(|(a, b)| *a &= !b);
            }
            let forbidden = self.forbidden_row(i);
            row.iter_mut().zip(forbidden).for_each(|(a, b)| *a &= !b);
            let met = self.met[self.start[i]..self.start[i + 1]].iter();
            for j in met.map(|&j| j as usize).chain([i]) {
                row[j / 64] &= !(1 << (j % 64));
            }
        }
        rows
    }

    /// Whether player `i` has met anybody of the field (C.1).
    fn has_met(&self, i: usize) -> bool {
        self.start[i] < self.start[i + 1]
    }

    /// Whether `XXP` forbids player `i` to meet anybody of the field.
    fn is_forbidden_anyone(&self, i: usize) -> bool {
        self.forbidden_row(i).iter().any(|&w| w != 0)
    }

    /// Player `i`'s row of the `XXP` matrix: bit `j`, `XXP` forbids `i`
    /// and `j` to meet; empty when he is in no group.
    fn forbidden_row(&self, i: usize) -> &[u64] {
        self.xxp
            .get(i * self.words..(i + 1) * self.words)
            .unwrap_or_default()
    }

    /// Whether `j` is among the players `i` has met (C.1). A list as
    /// short as a player's opponents of an event is scanned whole without
    /// a branch (the compiler compares several at once): the binary
    /// search's mispredicted branches made it a sixth of a late round's
    /// time.
    fn met(&self, i: usize, j: usize) -> bool {
        let list = &self.met[self.start[i]..self.start[i + 1]];
        let j = j as u32;
        if list.len() <= SCANNED {
            list.iter().fold(false, |met, &x| met | (x == j))
        } else {
            list.binary_search(&j).is_ok()
        }
    }

    /// Whether `XXP` forbids `i` and `j` to meet: one predictable branch
    /// in a round without `XXP`, where `allow` is asked for millions of
    /// pairs.
    fn forbidden(&self, i: usize, j: usize) -> bool {
        !self.xxp.is_empty() && self.xxp[i * self.words + j / 64] >> (j % 64) & 1 == 1
    }
}

/// The positions of the bits set in `words`, ascending.
fn set_bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(k, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                k * 64 + b
            })
        })
    })
}

/// Why a whole round cannot be paired under the absolute criteria: what
/// [`unpairable`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unpairable {
    /// These players (start numbers, ascending) have no compatible
    /// opponent at all, more than the one bye can take (two or more, or
    /// one who may not get it, or any in an even field).
    NoOpponent {
        players: Vec<StartNo>,
        /// The field's size.
        total: usize,
        /// Why their opponents are barred: some met before (C.1), some
        /// forbidden (`XXP`), some of the same absolute colour (C.3).
        met: bool,
        forbidden: bool,
        colour: bool,
        /// The field is odd, so one of them might have taken the bye.
        odd: bool,
    },
    /// A maximum pairing under C.1-C.3 gives an opponent or the bye to
    /// `paired` of the `total` players only.
    AtMost { paired: usize, total: usize },
}

impl Unpairable {
    /// The reason, in the rule ids and words of the edition `E`.
    pub(crate) fn reason<E: EditionRules>(&self) -> String {
        let edition = E::EDITION;
        let [c1, c2, c3] = ["C.1", "C.2", "C.3"].map(|id| edition.rule(id));
        // The 2026 text's name of the pairing-allocated bye.
        let bye = match edition {
            Edition::Fide2026 => "PAB",
            Edition::Fide2017 | Edition::Fide2012 => "bye",
        };
        let rules = edition.cite("C.1-C.3");
        match self {
            Unpairable::NoOpponent {
                players,
                total,
                met,
                forbidden,
                colour,
                odd,
            } => {
                let kinds: Vec<String> = [
                    (*met, format!("met before ({c1})")),
                    (*forbidden, "forbidden (XXP)".to_string()),
                    (
                        *colour,
                        format!("of the same absolute colour preference ({c3})"),
                    ),
                ]
                .into_iter()
                .filter_map(|(on, kind)| on.then_some(kind))
                .collect();
                let each = match kinds.as_slice() {
                    // A field of one.
                    [] => "nobody else to meet".to_string(),
                    [one] => format!("every other player {one}"),
                    [init @ .., last] => {
                        format!("every other player {} or {last}", init.join(", "))
                    }
                };
                match (players.as_slice(), odd) {
                    ([p], false) => format!(
                        "player {p} has no compatible opponent under {rules} ({each}), and the field of {total} is even (no {bye})"
                    ),
                    ([p], true) => format!(
                        "player {p} has no compatible opponent under {rules} ({each}) and may not get the {bye} ({c2})"
                    ),
                    (_, _) => format!(
                        "{} of the {total} players have no compatible opponent under {rules} ({each}), {}: {}",
                        players.len(),
                        if *odd {
                            format!("more than the one {bye} can take")
                        } else {
                            format!("and the field is even (no {bye})")
                        },
                        swiss_core::short_list(players)
                    ),
                }
            }
            Unpairable::AtMost { paired, total } => format!(
                "at most {paired} of the {total} players can be paired without breaking {rules} (one {bye} at most, to a player who may get it ({c2}))"
            ),
        }
    }
}

/// Whether the whole round can be paired at all (C.04.3 A.9 and C.4;
/// 2026 C4 before the first bracket): every player of `field` paired
/// under C.1-C.3, one who may get the bye (C.2) left over when their
/// number is odd; `None` when it can, else why not. Exact, as
/// [`completable`] over the whole field: a maximum cardinality matching
/// decides. Cheap first: the first-fit pairing proves most rounds
/// pairable at once, asking a few pairs a player (it gives up after 64 a
/// player: a field whose pairs are all barred would have it ask every
/// pair); only when it fails is the compatibility graph built, a bit per
/// pair ([`AbsoluteCriteria::rows`]), where players without any
/// compatible opponent show the answer before the matching runs. No
/// bracket's weights are built for a round this refuses.
pub(crate) fn unpairable(field: &[Player], absolute: &AbsoluteCriteria) -> Option<Unpairable> {
    let n = field.len();
    let all: Vec<usize> = (0..n).collect();
    // First-fit finds most rounds' pairs within a few pairs a player.
    if greedy_complete(field, absolute, &all, 64 * n) == Some(true) {
        return None;
    }
    let odd = n % 2 == 1;
    // With an odd count, vertex `n` stands for the bye.
    let size = n + usize::from(odd);
    let words = size.div_ceil(64);
    let mut rows = absolute.rows(size);
    let lonely: Vec<usize> = (0..n)
        .filter(|&i| rows[i * words..(i + 1) * words].iter().all(|&w| w == 0))
        .collect();
    let bye_takes_them = match lonely.as_slice() {
        [] => true,
        [i] => odd && field[*i].may_get_bye,
        _ => false,
    };
    if !bye_takes_them {
        // What bars their opponents: the kinds that bar anybody at all.
        let same_colour = |c| (0..n).filter(|&j| absolute.c3(j) == Some(c)).count();
        let shared = [Colour::White, Colour::Black].map(|c| same_colour(c) > 1);
        let (mut met, mut forbidden, mut colour) = (false, false, false);
        for &i in &lonely {
            met |= absolute.has_met(i);
            forbidden |= absolute.is_forbidden_anyone(i);
            colour |= absolute
                .c3(i)
                .is_some_and(|c| shared[usize::from(c == Colour::Black)]);
        }
        let mut players: Vec<StartNo> = lonely.iter().map(|&i| field[i].start_no).collect();
        players.sort_unstable();
        return Some(Unpairable::NoOpponent {
            players,
            total: n,
            met,
            forbidden,
            colour,
            odd,
        });
    }
    if odd {
        for (i, p) in field.iter().enumerate() {
            if p.may_get_bye {
                rows[i * words + n / 64] |= 1 << (n % 64);
                rows[n * words + i / 64] |= 1 << (i % 64);
            }
        }
    }
    let mut matcher = swiss_matching::CardinalityMatcher::from_rows(size, rows);
    let pairs = matcher.maximum_matching();
    (2 * pairs < size).then(|| Unpairable::AtMost {
        // The bye's vertex, when matched, is no player.
        paired: 2 * pairs - usize::from(odd && matcher.mate(n).is_some()),
        total: n,
    })
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
    if greedy_complete(field, absolute, free, usize::MAX) == Some(true) {
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
/// count) must be bye-eligible. Gives up (`None`) once it has asked
/// `budget` pairs and more: first-fit asks every pair of a field whose
/// pairs are all barred, where the bit rows of [`unpairable`] answer
/// sixty-four pairs an operation.
fn greedy_complete(
    field: &[Player],
    absolute: &AbsoluteCriteria,
    free: &[usize],
    budget: usize,
) -> Option<bool> {
    let k = free.len();
    let mut mate: Vec<Option<usize>> = vec![None; k];
    let asked = std::cell::Cell::new(0usize);
    let allow = |x: usize, y: usize| {
        asked.set(asked.get() + 1);
        absolute.allow(free[x], free[y])
    };
    for a in 0..k {
        if mate[a].is_some() {
            continue;
        }
        if let Some(b) = (a + 1..k).find(|&b| mate[b].is_none() && allow(a, b)) {
            mate[a] = Some(b);
            mate[b] = Some(a);
        }
        if asked.get() > budget {
            return None;
        }
    }
    let mut open: Vec<usize> = (0..k).filter(|&a| mate[a].is_none()).collect();
    // Repair: an unmatched u and v take over a pair x-y as u-x and v-y.
    while open.len() >= 2 {
        let (u, v) = (open[0], open[1]);
        let swap = (0..k).find_map(|x| {
            let y = mate[x]?;
            (allow(u, x) && allow(v, y)).then_some((x, y))
        });
        let Some((x, y)) = swap else { break };
        mate[u] = Some(x);
        mate[x] = Some(u);
        mate[v] = Some(y);
        mate[y] = Some(v);
        open.drain(..2);
        if asked.get() > budget {
            return None;
        }
    }
    Some(match open.as_slice() {
        [] => true,
        [u] => field[free[*u]].may_get_bye,
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
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
        let mut met = long.clone();
        met.extend(&short);
        let start = vec![0, long.len(), long.len() + short.len()];
        let table = AbsoluteCriteria {
            met,
            start,
            xxp: Vec::new(),
            words: 1,
            c3: vec![None; 2],
        };
        for (i, list) in [(0, &long), (1, &short)] {
            for j in 0..100 {
                assert_eq!(table.met(i, j), list.contains(&(j as u32)), "{i}-{j}");
            }
        }
    }

    /// A tiny xorshift generator: the tests' fields are random but the
    /// same in every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// A random field of `n` players before round 3: two rounds of
    /// random games (C.1; the same colour twice gives C.3 its absolute
    /// preferences), byes that bar the bye (C.2) or not, and random
    /// `XXP` pairs, `density` of them per player. `None` when the reader
    /// refuses the record (a round without a game).
    fn random_field(rng: &mut Rng, n: u32, density: u32) -> Option<swiss_core::RoundState> {
        let mut cells: Vec<String> = vec![String::new(); n as usize];
        for _ in 0..2 {
            let mut order: Vec<u32> = (1..=n).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let mut it = order.chunks(2);
            for pair in &mut it {
                match *pair {
                    [a, b] if rng.below(5) > 0 => {
                        let (wa, wb) = if rng.below(2) == 0 {
                            ('w', 'b')
                        } else {
                            ('b', 'w')
                        };
                        cells[a as usize - 1].push_str(&format!("  {b:04} {wa} 1"));
                        cells[b as usize - 1].push_str(&format!("  {a:04} {wb} 0"));
                    }
                    _ => {
                        for &a in pair {
                            let bye = if rng.below(2) == 0 { 'U' } else { 'Z' };
                            cells[a as usize - 1].push_str(&format!("  0000 - {bye}"));
                        }
                    }
                }
            }
        }
        let mut trf = String::from("XXR 5\n");
        for (i, cells) in (1..=n).zip(&cells) {
            let rating = 2000 - i;
            trf.push_str(&format!(
                "001 {i:>4}      Player {i:<26} {rating:>4}{:37}{cells}\n",
                ""
            ));
        }
        for _ in 0..n * density / 2 {
            let (a, b) = (rng.below(u64::from(n)) + 1, rng.below(u64::from(n)) + 1);
            trf.push_str(&format!("XXP {a} {b}\n"));
        }
        // A round of byes and absences only is refused as ambiguous.
        let t = swiss_core::trf::read(&trf, "random").ok()?;
        Some(swiss_core::RoundState::next(&t))
    }

    /// Whether the players `left` can all be paired by the players' own
    /// records (`player::compatible`), one who may get the bye left over
    /// when their number is odd: every choice tried.
    fn pairable_by_search(field: &[Player], left: &mut Vec<usize>) -> bool {
        let Some(&a) = left.first() else {
            return true;
        };
        if left.len() % 2 == 1 && field[a].may_get_bye {
            left.remove(0);
            let found = pairable_by_search(field, left);
            left.insert(0, a);
            if found {
                return true;
            }
        }
        for k in 1..left.len() {
            let b = left[k];
            if crate::player::compatible(&field[a], &field[b]) {
                left.remove(k);
                left.remove(0);
                let found = pairable_by_search(field, left);
                left.insert(0, a);
                left.insert(k, b);
                if found {
                    return true;
                }
            }
        }
        false
    }

    /// C.04.3 A.9/C.4 (2026: C4) before the first bracket: the whole
    /// round is refused exactly when no pairing of every player under
    /// C.1-C.3 (one bye at most, to a player who may get it, C.2) exists,
    /// found by trying every pairing of small random fields (games, byes
    /// and `XXP` pairs, sparse to dense); both reasons must occur, and a
    /// player without any compatible opponent is only named when the bye
    /// cannot take him. The compatibility graph's rows are `allow`'s, bit
    /// for bit.
    #[test]
    fn c043_c4_a_round_is_refused_exactly_when_it_cannot_be_paired() {
        use crate::engine::{Fide2017, Fide2026};
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let (mut refused, mut lonely, mut at_most) = (0, 0, 0);
        for case in 0..3000 {
            let n = 2 + rng.below(11) as u32;
            let Some(state) = random_field(&mut rng, n, case % 7) else {
                continue;
            };
            for field in [
                crate::player::in_pairing_order::<Fide2017>(&state),
                crate::player::in_pairing_order::<Fide2026>(&state),
            ] {
                let absolute = AbsoluteCriteria::new(&field);
                let size = field.len() + 1;
                let words = size.div_ceil(64);
                let rows = absolute.rows(size);
                for i in 0..size {
                    for j in 0..size {
                        let bit = rows[i * words + j / 64] >> (j % 64) & 1 == 1;
                        let want = i < field.len() && j < field.len() && absolute.allow(i, j);
                        assert_eq!(bit, want, "case {case}: {i}-{j}");
                    }
                }
                let mut all: Vec<usize> = (0..field.len()).collect();
                let pairable = pairable_by_search(&field, &mut all);
                let why = unpairable(&field, &absolute);
                assert_eq!(why.is_none(), pairable, "case {case}: {why:?}");
                match why {
                    Some(Unpairable::NoOpponent { players, odd, .. }) => {
                        lonely += 1;
                        for s in &players {
                            let i = field.iter().position(|p| p.start_no == *s).unwrap();
                            assert!((0..field.len()).all(|j| !absolute.allow(i, j)));
                        }
                        let bye =
                            |s: &StartNo| field.iter().any(|p| p.start_no == *s && p.may_get_bye);
                        assert!(
                            !odd || players.len() > 1 || !bye(&players[0]),
                            "case {case}"
                        );
                    }
                    Some(Unpairable::AtMost { paired, total }) => {
                        at_most += 1;
                        assert!(paired < total, "case {case}");
                    }
                    None => {}
                }
                refused += usize::from(!pairable);
            }
        }
        println!(
            "{refused} refused: {lonely} for players without an opponent, {at_most} by the matching"
        );
        assert!(lonely > 500 && at_most > 50, "{lonely} {at_most}");
    }

    /// A field whose every pair `XXP` forbids (three lines name every
    /// pair of 3,000 players) is refused before any bracket, naming the
    /// players without an opponent, and its table holds a bit per pair
    /// and no list entry: memory bounded by the field, not by the pairs
    /// the file forbids (the lists took 400 MB for 9,999 players).
    #[test]
    fn c043_c1_an_all_forbidden_field_costs_a_bit_per_pair_and_is_refused() {
        use crate::engine::{Fide2017, Fide2026};
        let n = 3000;
        let mut trf = String::from("XXR 9\n");
        for i in 1..=n {
            trf.push_str(&format!(
                "001 {i:>4}      Player {i:<26} {:>4}\n",
                2800 - i % 1500
            ));
        }
        let third = n / 3;
        let line = |r: std::ops::RangeInclusive<u32>| {
            r.map(|i| i.to_string()).collect::<Vec<_>>().join(" ")
        };
        trf.push_str(&format!(
            "XXP {} {}\n",
            line(1..=third),
            line(third + 1..=2 * third)
        ));
        trf.push_str(&format!(
            "XXP {} {}\n",
            line(third + 1..=2 * third),
            line(2 * third + 1..=n)
        ));
        trf.push_str(&format!(
            "XXP {} {}\n",
            line(1..=third),
            line(2 * third + 1..=n)
        ));
        let t = swiss_core::trf::read(&trf, "all-forbidden").unwrap();
        let state = swiss_core::RoundState::next(&t);
        let field = crate::player::in_pairing_order::<Fide2026>(&state);
        let absolute = AbsoluteCriteria::new(&field);
        let words = (n as usize).div_ceil(64);
        assert!(absolute.met.is_empty());
        assert_eq!(absolute.xxp.len(), n as usize * words);
        assert!((0..n as usize).all(|i| absolute.barred_partners(i).count() == n as usize - 1));
        let why = unpairable(&field, &absolute).unwrap();
        let Unpairable::NoOpponent { ref players, .. } = why else {
            panic!("{why:?}");
        };
        assert_eq!(players.len(), n as usize);
        assert_eq!(
            why.reason::<Fide2026>(),
            "3000 of the 3000 players have no compatible opponent under C.04.3 (2026) C1-C3 \
             (every other player forbidden (XXP)), and the field is even (no PAB): \
             1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ... and 2990 more"
        );
        let field = crate::player::in_pairing_order::<Fide2017>(&state);
        let absolute = AbsoluteCriteria::new(&field);
        assert!(why.reason::<Fide2017>().contains("under C.04.3 C.1-C.3"));
        assert_eq!(unpairable(&field, &absolute), Some(why));
    }

    /// The reasons in each edition's words: one player who may not get
    /// the bye, one in an even field, several, and the matching's count.
    #[test]
    fn c043_c1_c3_the_reasons_name_the_rules_of_the_edition() {
        use crate::engine::{Fide2017, Fide2026};
        let one = |odd| Unpairable::NoOpponent {
            players: vec![17],
            total: 9,
            met: true,
            forbidden: false,
            colour: true,
            odd,
        };
        assert_eq!(
            one(true).reason::<Fide2017>(),
            "player 17 has no compatible opponent under C.04.3 C.1-C.3 (every other player met \
             before (C.1) or of the same absolute colour preference (C.3)) and may not get the \
             bye (C.2)"
        );
        assert_eq!(
            one(false).reason::<Fide2026>(),
            "player 17 has no compatible opponent under C.04.3 (2026) C1-C3 (every other player \
             met before (C1) or of the same absolute colour preference (C3)), and the field of 9 \
             is even (no PAB)"
        );
        let several = Unpairable::NoOpponent {
            players: vec![2, 5],
            total: 7,
            met: true,
            forbidden: true,
            colour: true,
            odd: true,
        };
        assert_eq!(
            several.reason::<Fide2026>(),
            "2 of the 7 players have no compatible opponent under C.04.3 (2026) C1-C3 (every \
             other player met before (C1), forbidden (XXP) or of the same absolute colour \
             preference (C3)), more than the one PAB can take: 2, 5"
        );
        assert_eq!(
            Unpairable::AtMost {
                paired: 8,
                total: 11
            }
            .reason::<Fide2017>(),
            "at most 8 of the 11 players can be paired without breaking C.04.3 C.1-C.3 (one bye \
             at most, to a player who may get it (C.2))"
        );
    }
}
