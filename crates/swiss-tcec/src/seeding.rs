//! Seeding (rule text, "Seeding"): from a list of players ordered by
//! strength (strongest first) to a seed order (seed 1 first), and the
//! renumbering of a record by a seed order.

use swiss_core::simulate::Rng;
use swiss_core::{StartNo, Tournament};

use crate::error::TcecError;

/// A seeding procedure of the rule text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seeding {
    /// The order given is the seed order.
    AsGiven,
    /// [`random_seeding`] from this seed.
    Random {
        /// The generator's seed.
        seed: u64,
    },
    /// [`group_seeding`] into this many groups.
    Groups {
        /// The number of groups (the text recommends an even number).
        groups: usize,
    },
}

impl Seeding {
    /// The seed order (seed 1 first) of `strength_ordered` (strongest first).
    pub fn apply<T: Clone>(&self, strength_ordered: &[T]) -> Result<Vec<T>, TcecError> {
        match *self {
            Seeding::AsGiven => Ok(strength_ordered.to_vec()),
            Seeding::Random { seed } => Ok(random_seeding(strength_ordered, seed)),
            Seeding::Groups { groups } => group_seeding(strength_ordered, groups),
        }
    }
}

/// Random seeding: a uniformly random seed order of `players`,
/// reproducible from `seed` on every machine (Fisher-Yates with
/// SplitMix64, `swiss_core::simulate::Rng`).
pub fn random_seeding<T: Clone>(players: &[T], seed: u64) -> Vec<T> {
    let mut rng = Rng::new(seed);
    let mut out = players.to_vec();
    for i in (1..out.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        out.swap(i, j);
    }
    out
}

/// Group seeding into `groups` groups, as the rule text's Python sketch
/// does it: `strength_ordered` (strongest first) is cut into groups A, B,
/// ... where each group takes `ceil(remaining / groups left)` players, so
/// the stronger groups are one larger when the division is uneven; seeds
/// are then dealt A1, B1, C1, ..., A2, B2, ..., always the strongest
/// unseeded player of each group.
pub fn group_seeding<T: Clone>(strength_ordered: &[T], groups: usize) -> Result<Vec<T>, TcecError> {
    if groups == 0 {
        return Err(TcecError::Seeding(
            "the number of groups must be at least 1".into(),
        ));
    }
    let sizes = group_sizes(strength_ordered.len(), groups);
    let mut starts = Vec::with_capacity(groups);
    let mut at = 0;
    for &s in &sizes {
        starts.push(at);
        at += s;
    }
    let mut out = Vec::with_capacity(strength_ordered.len());
    let largest = sizes.first().copied().unwrap_or(0);
    for rank in 0..largest {
        for (g, &size) in sizes.iter().enumerate() {
            if rank < size {
                out.push(strength_ordered[starts[g] + rank].clone());
            }
        }
    }
    Ok(out)
}

/// The group sizes of [`group_seeding`]: `ceil(remaining / groups left)`
/// per group, strongest group first.
pub fn group_sizes(players: usize, groups: usize) -> Vec<usize> {
    let mut left = players;
    (0..groups)
        .map(|g| {
            let size = left.div_ceil(groups - g);
            left -= size;
            size
        })
        .collect()
}

/// The record with its players renumbered by `seed_order` (current start
/// numbers, seed 1 first): the player at position `i` gets start number
/// `i + 1`, and every opponent reference follows. `seed_order` must list
/// every player once.
pub fn renumber(t: &Tournament, seed_order: &[StartNo]) -> Result<Tournament, TcecError> {
    if seed_order.len() != t.players.len() {
        return Err(TcecError::Seeding(format!(
            "the seed order lists {} players, the record has {}",
            seed_order.len(),
            t.players.len()
        )));
    }
    let max = t.players.iter().map(|p| p.start_no).max().unwrap_or(0) as usize;
    let mut new_no: Vec<Option<StartNo>> = vec![None; max + 1];
    for (i, &s) in seed_order.iter().enumerate() {
        let slot = (t.index_of(s).is_some())
            .then(|| new_no.get_mut(s as usize))
            .flatten()
            .ok_or_else(|| TcecError::Seeding(format!("player {s} is not in the record")))?;
        if slot.is_some() {
            return Err(TcecError::Seeding(format!("player {s} is listed twice")));
        }
        *slot = Some(i as StartNo + 1);
    }
    let map = |s: StartNo| new_no.get(s as usize).copied().flatten();
    let mut out = t.clone();
    for p in &mut out.players {
        p.start_no = map(p.start_no).unwrap_or(p.start_no);
        for r in &mut p.rounds {
            r.opponent = r.opponent.map(|o| map(o).unwrap_or(o));
        }
    }
    out.players.sort_by_key(|p| p.start_no);
    for (s, _) in &mut out.accelerations {
        *s = map(*s).unwrap_or(*s);
    }
    let groups = out.forbidden_pairs.iter_mut();
    for group in groups.chain(out.forbidden_in_rounds.iter_mut().map(|g| &mut g.players)) {
        for s in group {
            *s = map(*s).unwrap_or(*s);
        }
    }
    Ok(out)
}
