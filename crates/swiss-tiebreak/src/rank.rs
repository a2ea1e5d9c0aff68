//! Ranking by points and tie-breaks in order, and the direct encounter
//! (C.07 Art. 6), which is computed inside the groups the ranking so far
//! leaves tied.

use crate::code::TieBreak;
use crate::facts::{Facts, Kind};
use crate::value::Value;

/// Orders `a` before `b` by one tie-break's values (higher first, or lower
/// first for TPN and DE; undefined last).
fn better(tb: &TieBreak, a: Value, b: Value) -> std::cmp::Ordering {
    use std::cmp::Ordering::*;
    match (a.key(), b.key()) {
        (None, None) => Equal,
        (None, Some(_)) => Greater,
        (Some(_), None) => Less,
        (Some(x), Some(y)) if tb.kind.lower_is_better() => x.cmp(&y),
        (Some(x), Some(y)) => y.cmp(&x),
    }
}

/// Competition ranks (1, 2, 2, 4) of the players by the columns in order,
/// and the order itself (ties by start number, i.e. index).
pub(crate) fn rank(columns: &[(TieBreak, Vec<Value>)], n: usize) -> (Vec<u32>, Vec<usize>) {
    let cmp = |a: usize, b: usize| {
        columns
            .iter()
            .map(|(tb, v)| better(tb, v[a], v[b]))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b).then(a.cmp(&b)));
    let mut ranks = vec![0u32; n];
    for (pos, &i) in order.iter().enumerate() {
        ranks[i] = if pos > 0 && cmp(order[pos - 1], i).is_eq() {
            ranks[order[pos - 1]]
        } else {
            pos as u32 + 1
        };
    }
    (ranks, order)
}

/// DE (Art. 6): within each group of players tied by the ranking so far,
/// the points scored in the games played between them. When every player
/// of the group has met every other one (Art. 6.1), they are ordered by
/// those points; when not (Art. 6.2), a player is placed ahead only if his
/// points exceed what any player below him could have reached by winning
/// every game not played within the group. Groups still tied are looked at
/// again, alone. The value is the player's place inside his tied group
/// (1, 2, ...), or 0 when the encounter does not separate the group at all.
pub(crate) fn direct_encounter(facts: &Facts, ranks: &[u32], order: &[usize]) -> Vec<Value> {
    let n = facts.players.len();
    let mut out = vec![Value::Int(0); n];
    let mut start = 0;
    while start < order.len() {
        let mut stop = start + 1;
        while stop < order.len() && ranks[order[stop]] == ranks[order[start]] {
            stop += 1;
        }
        if stop - start > 1 {
            let group: Vec<usize> = order[start..stop].to_vec();
            let mut place = vec![0u32; n];
            separate(facts, &group, 1, &mut place);
            let first = group.iter().map(|&i| place[i]).min().unwrap_or(1);
            let last = group.iter().map(|&i| place[i]).max().unwrap_or(1);
            if first != last {
                for &i in &group {
                    out[i] = Value::Int(i64::from(place[i]));
                }
            }
        }
        start = stop;
    }
    out
}

/// Places the players of `group` from `base` on, by the encounters between
/// them, recursively for the subgroups left tied.
fn separate(facts: &Facts, group: &[usize], base: u32, place: &mut [u32]) {
    let in_group = |o: usize| group.contains(&o);
    let size = group.len();
    // Points against each met member, averaged over repeated meetings.
    let scored: Vec<(i64, usize)> = group
        .iter()
        .map(|&i| {
            let mut met: Vec<(usize, i64, i64)> = Vec::new();
            for r in &facts.players[i].rounds {
                if r.kind != Kind::Game {
                    continue;
                }
                let Some(o) = r.opp.map(|o| o as usize).filter(|&o| in_group(o)) else {
                    continue;
                };
                match met.iter_mut().find(|m| m.0 == o) {
                    Some(m) => {
                        m.1 += i64::from(r.pts);
                        m.2 += 1;
                    }
                    None => met.push((o, i64::from(r.pts), 1)),
                }
            }
            // Scaled by 120 so that averages of up to 5 meetings stay exact.
            let pts = met.iter().map(|m| m.1 * 120 / m.2).sum();
            (pts, met.len())
        })
        .collect();
    let all_met = scored.iter().all(|s| s.1 == size - 1);
    let mut idx: Vec<usize> = (0..size).collect();
    let max_of =
        |k: usize| scored[k].0 + (size - 1 - scored[k].1) as i64 * i64::from(facts.win) * 120;
    idx.sort_by(|&a, &b| {
        scored[b]
            .0
            .cmp(&scored[a].0)
            .then(max_of(b).cmp(&max_of(a)))
            .then(a.cmp(&b))
    });
    // Split into subgroups of equal places.
    let mut groups: Vec<Vec<usize>> = vec![vec![group[idx[0]]]];
    let mut separating = true;
    for w in 1..size {
        let prev = idx[w - 1];
        let new_place = if all_met {
            scored[idx[w]].0 != scored[prev].0
        } else {
            let best_below = idx[w..].iter().map(|&k| max_of(k)).max().unwrap_or(0);
            separating = separating && scored[prev].0 > best_below;
            separating
        };
        if new_place {
            groups.push(vec![group[idx[w]]]);
        } else if let Some(g) = groups.last_mut() {
            g.push(group[idx[w]]);
        }
    }
    let changed = groups.len() > 1;
    let mut at = base;
    for g in &groups {
        for &i in g {
            place[i] = at;
        }
        if changed && g.len() > 1 {
            separate(facts, g, at, place);
        }
        at += g.len() as u32;
    }
}
