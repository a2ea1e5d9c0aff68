//! A literal transcription of the Lim procedure (C.04.4.3) for small
//! fields, written apart from the engine: its own player facts, its own
//! colour rules, and plain exhaustive searches instead of matchings.
//!
//! It follows the text in the order an arbiter works, with the crate's
//! rule interpretations:
//!
//! - `1.1`: the bye to the lowest ranked eligible player of the lowest
//!   score-group whose bye leaves the rest pairable (exhaustive search);
//!   eligible by the Basic Rules of the edition (2026: Art. 4, a
//!   full-point bye bars too; 1999: C.04.1 d).
//! - `2.2`: groups above the median paired downward from the top, groups
//!   below upward from the bottom, the median (possibly empty) last.
//! - `2.3 a-c`: players with no compatible opponent in the group float.
//! - `2.3 d`: an odd group floats one player chosen by `3.9`, then `3.2`
//!   and position; `3.10` replaces him, if he floated the round before, by
//!   the next player of type d who did not and whose floating leaves as
//!   many pairings (exhaustive count). If the others then cannot all be
//!   paired, `4.4 a`: with him out, the first player in pairing order who
//!   cannot be paired while those before him are is exchanged with him,
//!   if his floating leaves the others paired; by `3.5`, one without a
//!   compatible opponent in the adjacent group is exchanged in turn for
//!   the first player (of a better `3.9` type) who has one; the pairs the
//!   search made for the players before him (`4.4 a`: "retained") stand
//!   as far as the rest can be paired. Else the next choice by `3.9`,
//!   `3.2` that leaves the others paired; if no single floater will do,
//!   `4.4`: the players are scrutinised in pairing order and each one who
//!   cannot be paired while all players kept before him are paired
//!   floats.
//! - `3.6`-`3.8`, `2.4`, `4.1`-`4.3`, `5.2`: the pairings are found by
//!   depth-first search through the exchanges in the text's order, each
//!   player trying first the opponents due the other colour, then the
//!   others; an incoming floater tries the residents so, and only then
//!   the other floaters by pairing number (3.8: residents first; a DF
//!   the highest numbered, a UF the lowest); the first complete pairing
//!   found is taken.
//! - `2.6`: the blocked median cracks the neighbouring pairings one by one.
//! - `5.3`-`5.6`, `7.2`: colours.
#![allow(dead_code, clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet, HashMap};

use swiss_core::{Colour, Pair, Pairing, PairingError, PairingSystem, RoundState, StartNo};

/// What the reference knows of one player.
struct Who {
    score: i32,
    rating: i32,
    colours: Vec<Colour>,
    avoid: BTreeSet<StartNo>,
    eligible: bool,
    floated: bool,
    position: usize,
}

/// The reference for one round.
pub struct Reference {
    round: u32,
    last: bool,
    maxi: bool,
    initial: Colour,
    /// Four times the median score (tenths).
    median4: i64,
    who: BTreeMap<StartNo, Who>,
    /// The 2026 edition: its bye bar (Basic Rules Art. 4).
    text_2026: bool,
}

type Pairs = Vec<(StartNo, StartNo)>;

fn whites_minus_blacks(c: &[Colour]) -> i32 {
    c.iter().filter(|&&x| x == Colour::White).count() as i32
        - c.iter().filter(|&&x| x == Colour::Black).count() as i32
}

impl Reference {
    /// The reference's view of `st`.
    ///
    /// `text_2026`: the 2026 edition (its Basic Rules' PAB bar, Art. 4).
    pub fn new(st: &RoundState, maxi: bool, text_2026: bool) -> Reference {
        let mut who = BTreeMap::new();
        for (k, p) in st.players.iter().filter(|p| p.to_pair).enumerate() {
            let colours: Vec<Colour> = p
                .history
                .iter()
                .filter(|h| h.entry.is_played_game())
                .filter_map(|h| h.entry.colour)
                .collect();
            let mut avoid: BTreeSet<StartNo> = p.met.iter().copied().collect();
            avoid.extend(p.forbidden.iter());
            // 3.10: the round before, against a different score?
            let floated = p.history.last().is_some_and(|h| {
                h.entry.opponent.is_some_and(|o| {
                    st.player(o).is_some_and(|q| {
                        q.history[p.history.len() - 1].score_before != h.score_before
                    })
                })
            });
            who.insert(
                p.start_no,
                Who {
                    score: (p.score + p.acceleration).tenths(),
                    rating: p.rating.map_or(0, i32::from),
                    colours,
                    avoid,
                    eligible: if text_2026 {
                        p.may_receive_pab(&st.point_system)
                    } else {
                        !p.had_bye_or_forfeit_win
                    },
                    floated,
                    position: k + 1,
                },
            );
        }
        let ps = st.point_system;
        Reference {
            round: st.round,
            last: st.planned_rounds == Some(st.round),
            maxi,
            initial: st.initial_colour,
            median4: i64::from(st.round.saturating_sub(1))
                * i64::from(ps.win_white.tenths() + ps.win_black.tenths()),
            who,
            text_2026,
        }
    }

    fn w(&self, p: StartNo) -> &Who {
        &self.who[&p]
    }

    /// `5.1 a/b`: may `p` receive `c`?
    fn may(&self, p: StartNo, c: Colour) -> bool {
        let h = &self.w(p).colours;
        let third_in_a_row = h.len() >= 2 && h[h.len() - 1] == c && h[h.len() - 2] == c;
        let before = whites_minus_blacks(h);
        let after = before + if c == Colour::White { 1 } else { -1 };
        let three_more = after.abs() >= 3 && after.abs() > before.abs();
        !third_in_a_row && !three_more
    }

    /// The colour due (5.3, 5.6, 5.5).
    fn due(&self, p: StartNo) -> Option<Colour> {
        let h = &self.w(p).colours;
        let last = *h.last()?;
        match (self.may(p, Colour::White), self.may(p, Colour::Black)) {
            (true, false) => return Some(Colour::White),
            (false, true) => return Some(Colour::Black),
            _ => {}
        }
        let d = whites_minus_blacks(h);
        Some(if d > 0 {
            Colour::Black
        } else if d < 0 {
            Colour::White
        } else if last == Colour::White {
            Colour::Black
        } else {
            Colour::White
        })
    }

    /// `2.1` (and `6` in the last round, for equal scores).
    pub fn compatible(&self, a: StartNo, b: StartNo) -> bool {
        if a == b || self.w(a).avoid.contains(&b) || self.w(b).avoid.contains(&a) {
            return false;
        }
        if self.last && self.w(a).score == self.w(b).score {
            return true;
        }
        (self.may(a, Colour::White) && self.may(b, Colour::Black))
            || (self.may(a, Colour::Black) && self.may(b, Colour::White))
    }

    fn fine(&self, a: StartNo, b: StartNo) -> bool {
        !matches!((self.due(a), self.due(b)), (Some(x), Some(y)) if x == y)
    }

    fn maxi_ok(&self, c: StartNo, d: StartNo) -> bool {
        !self.maxi || (self.w(c).rating - self.w(d).rating).abs() <= 100
    }

    /// The largest number of pairings among `set` (exhaustive, memoised).
    pub fn most_pairings(&self, set: &[StartNo]) -> usize {
        fn go(r: &Reference, set: &[StartNo], mask: u64, memo: &mut HashMap<u64, usize>) -> usize {
            let Some(i) = (0..set.len()).find(|&i| mask & (1 << i) != 0) else {
                return 0;
            };
            if let Some(&v) = memo.get(&mask) {
                return v;
            }
            let rest = mask & !(1 << i);
            let mut best = go(r, set, rest, memo);
            for j in i + 1..set.len() {
                if rest & (1 << j) != 0 && r.compatible(set[i], set[j]) {
                    best = best.max(1 + go(r, set, rest & !(1 << j), memo));
                }
            }
            memo.insert(mask, best);
            best
        }
        assert!(set.len() < 64);
        go(self, set, (1u64 << set.len()) - 1, &mut HashMap::new())
    }

    fn all_paired(&self, set: &[StartNo]) -> bool {
        set.len().is_multiple_of(2) && self.most_pairings(set) * 2 == set.len()
    }

    /// Whether some pairings among `pool` give every player of `must` an
    /// opponent (exhaustive).
    fn covers(&self, pool: &[StartNo], must: &[StartNo]) -> bool {
        fn go(r: &Reference, pool: &[StartNo], must: &[StartNo], used: &mut Vec<StartNo>) -> bool {
            let Some(&m) = must.iter().find(|m| !used.contains(m)) else {
                return true;
            };
            used.push(m);
            for &o in pool {
                if !used.contains(&o) && r.compatible(m, o) {
                    used.push(o);
                    if go(r, pool, must, used) {
                        return true;
                    }
                    used.pop();
                }
            }
            used.pop();
            false
        }
        go(self, pool, must, &mut Vec::new())
    }
}

/// Where a floater goes and how he is ordered.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Way {
    Down,
    Up,
}

struct GroupResult {
    pairs: Pairs,
    floaters: Vec<StartNo>,
}

impl Reference {
    /// Pairs the round: `Ok` with the pairing, `Err` when there is none.
    pub fn pair(&self) -> Result<Pairing, String> {
        let all: Vec<StartNo> = self.who.keys().copied().collect();
        let mut bye = None;
        let mut players = all.clone();
        if all.len() % 2 == 1 {
            // 1.1: lowest score-group first, lowest rank first.
            let mut order: Vec<StartNo> = all
                .iter()
                .copied()
                .filter(|&p| self.w(p).eligible)
                .collect();
            order.sort_by_key(|&p| (self.w(p).score, std::cmp::Reverse(p)));
            let chosen = order.into_iter().find(|&b| {
                let rest: Vec<StartNo> = all.iter().copied().filter(|&p| p != b).collect();
                self.all_paired(&rest)
            });
            let b = chosen.ok_or("no bye leaves the rest pairable")?;
            bye = Some(b);
            players.retain(|&p| p != b);
        }
        let made = self.pair_groups(&players)?;
        let mut out = Pairing {
            round: self.round,
            pairs: Vec::new(),
            bye,
        };
        for (a, b, below) in made {
            let (w, bl) = self.colours(a, b, below);
            out.pairs.push(Pair {
                white: w,
                black: bl,
            });
        }
        Ok(out)
    }

    /// 2.2 and 2.6. Returns `(a, b, made below the median)`.
    fn pair_groups(&self, players: &[StartNo]) -> Result<Vec<(StartNo, StartNo, bool)>, String> {
        let mut by_score: BTreeMap<i32, Vec<StartNo>> = BTreeMap::new();
        for &p in players {
            by_score.entry(self.w(p).score).or_default().push(p);
        }
        let place = |s: i32| (4 * i64::from(s)).cmp(&self.median4);
        let above: Vec<Vec<StartNo>> = by_score
            .iter()
            .rev()
            .filter(|(s, _)| place(**s).is_gt())
            .map(|(_, v)| v.clone())
            .collect();
        let below: Vec<Vec<StartNo>> = by_score
            .iter()
            .filter(|(s, _)| place(**s).is_lt())
            .map(|(_, v)| v.clone())
            .collect();
        let median: Vec<StartNo> = by_score
            .iter()
            .filter(|(s, _)| place(**s).is_eq())
            .flat_map(|(_, v)| v.clone())
            .collect();
        let mut above_pairs: Pairs = Vec::new();
        let mut dfs: Vec<StartNo> = Vec::new();
        for (i, g) in above.iter().enumerate() {
            let next: Vec<StartNo> = above
                .get(i + 1)
                .cloned()
                .or_else(|| (!median.is_empty()).then(|| median.clone()))
                .or_else(|| below.last().cloned())
                .unwrap_or_default();
            let r = self.group(Way::Down, g, &[], &dfs, &next, false).unwrap();
            above_pairs.extend(r.pairs);
            dfs = r.floaters;
        }
        let mut below_pairs: Pairs = Vec::new();
        let mut ufs: Vec<StartNo> = Vec::new();
        for (i, g) in below.iter().enumerate() {
            let next: Vec<StartNo> = below
                .get(i + 1)
                .cloned()
                .or_else(|| (!median.is_empty()).then(|| median.clone()))
                .or_else(|| above.last().cloned())
                .unwrap_or_default();
            let r = self.group(Way::Up, g, &ufs, &[], &next, false).unwrap();
            below_pairs.extend(r.pairs);
            ufs = r.floaters;
        }
        loop {
            if let Some(r) = self.group(Way::Down, &median, &ufs, &dfs, &[], true) {
                let mut out: Vec<(StartNo, StartNo, bool)> = Vec::new();
                out.extend(above_pairs.iter().map(|&(a, b)| (a, b, false)));
                out.extend(r.pairs.iter().map(|&(a, b)| (a, b, false)));
                out.extend(below_pairs.iter().map(|&(a, b)| (a, b, true)));
                return Ok(out);
            }
            // 2.6: crack the next pairing of the lower group when more
            // floaters came from above, else of the higher group.
            let lower_side =
                (dfs.len() > ufs.len() && !below_pairs.is_empty()) || above_pairs.is_empty();
            if lower_side {
                let (a, b) = below_pairs.pop().ok_or("nothing left to crack")?;
                ufs.extend([a, b]);
            } else {
                let (a, b) = above_pairs.pop().ok_or("nothing left to crack")?;
                dfs.extend([a, b]);
            }
        }
    }
}

impl Reference {
    /// One score-group. `ufs`/`dfs`: floaters in from below/above. `None`
    /// when the median cannot be paired completely.
    fn group(
        &self,
        way: Way,
        residents: &[StartNo],
        ufs: &[StartNo],
        dfs: &[StartNo],
        next: &[StartNo],
        median: bool,
    ) -> Option<GroupResult> {
        let mut res = residents.to_vec();
        res.sort_unstable();
        if way == Way::Up {
            res.reverse();
        }
        // 3.6: DF by score down, then number; 3.7: UF by score up, then
        // number from the bottom; 3.6.3/3.7.3: DF first in the median.
        let mut dfs = dfs.to_vec();
        dfs.sort_by_key(|&p| (-self.w(p).score, p));
        let mut ufs = ufs.to_vec();
        ufs.sort_by_key(|&p| (self.w(p).score, std::cmp::Reverse(p)));
        let incoming: Vec<(StartNo, Way)> = if way == Way::Down {
            dfs.iter()
                .map(|&p| (p, Way::Down))
                .chain(ufs.iter().map(|&p| (p, Way::Up)))
                .collect()
        } else {
            ufs.iter()
                .map(|&p| (p, Way::Up))
                .chain(dfs.iter().map(|&p| (p, Way::Down)))
                .collect()
        };
        let members: Vec<StartNo> = res
            .iter()
            .copied()
            .chain(incoming.iter().map(|x| x.0))
            .collect();
        // 2.3 a-c.
        let stuck: Vec<StartNo> = members
            .iter()
            .copied()
            .filter(|&p| !members.iter().any(|&q| self.compatible(p, q)))
            .collect();
        let rest: Vec<StartNo> = members
            .iter()
            .copied()
            .filter(|p| !stuck.contains(p))
            .collect();
        if median && (!stuck.is_empty() || !self.all_paired(&rest)) {
            return None;
        }
        let mut floating = Vec::new();
        // The pairs 4.4 a retains ("the original pairing ... is
        // retained"), in the order made.
        let mut retained: Pairs = Vec::new();
        if rest.len() % 2 == 1 {
            let cands = self.parity_floaters(way, &res, &incoming, &rest, &stuck, next);
            let leaves_rest_paired = |p: StartNo| {
                let without: Vec<StartNo> = rest.iter().copied().filter(|&x| x != p).collect();
                self.all_paired(&without)
            };
            let pairings_without = |p: StartNo| {
                let without: Vec<StartNo> = rest.iter().copied().filter(|&x| x != p).collect();
                self.most_pairings(&without)
            };
            // 3.9, 3.2, then 3.10: one who floated the round before is
            // replaced by the next of type d who did not, if floating
            // that one leaves the group as many pairings.
            let mut x = cands[0];
            if x.floated && x.kind == 0 {
                let base = pairings_without(x.p);
                if let Some(y) = cands[1..]
                    .iter()
                    .find(|y| y.kind == 0 && !y.floated && pairings_without(y.p) >= base)
                {
                    x = *y;
                }
            }
            if leaves_rest_paired(x.p) {
                floating.push(x.p);
            } else {
                // 4.4 a: x out, scrutinise in pairing order; the first
                // player who cannot be paired while those before him stay
                // paired is exchanged with x.
                let pool: Vec<StartNo> = rest.iter().copied().filter(|&p| p != x.p).collect();
                let order: Vec<StartNo> = incoming
                    .iter()
                    .map(|i| i.0)
                    .chain(res.iter().copied())
                    .filter(|p| pool.contains(p))
                    .collect();
                let mut kept = Vec::new();
                let mut exchanged = None;
                for p in order {
                    kept.push(p);
                    if !self.covers(&pool, &kept) {
                        kept.pop();
                        exchanged = Some(p);
                        break;
                    }
                }
                if let Some(p) = exchanged.filter(|&p| leaves_rest_paired(p)) {
                    // 3.5: without a compatible opponent in the adjacent
                    // score-group he is exchanged, if possible, for a
                    // player of the group who has one (of a better 3.9
                    // type).
                    let kind_of = |q: StartNo| cands.iter().find(|c| c.p == q).unwrap().kind;
                    let has = |k: u8| k == 0 || k == 2;
                    let kp = kind_of(p);
                    let q = if has(kp) {
                        p
                    } else {
                        cands
                            .iter()
                            .find(|c| {
                                c.p != p && has(c.kind) && c.kind < kp && leaves_rest_paired(c.p)
                            })
                            .map_or(p, |c| c.p)
                    };
                    floating.push(q);
                    // The pairs made before his scrutiny stay.
                    retained = self
                        .prefix_pairing(&pool, &res, &incoming, &kept)
                        .expect("the players before him can be paired");
                } else if let Some(c) = cands.iter().find(|c| leaves_rest_paired(c.p)) {
                    // Else the rules' next choice that leaves the rest paired.
                    floating.push(c.p);
                }
            }
        }
        if floating.is_empty() && !self.all_paired(&rest) {
            floating = self.scrutiny(&rest, &incoming, &res);
        }
        let keep: Vec<StartNo> = rest
            .iter()
            .copied()
            .filter(|p| !floating.contains(p))
            .collect();
        // The retained pairs stand as far as the rest can still be paired
        // (interpretation 5: no more floaters than the group needs).
        let mut stand = 0;
        while stand < retained.len() {
            let (a, b) = retained[stand];
            let left: Vec<StartNo> = keep
                .iter()
                .copied()
                .filter(|p| !retained[..=stand].iter().any(|&(x, y)| *p == x || *p == y))
                .collect();
            if !keep.contains(&a) || !keep.contains(&b) || !self.all_paired(&left) {
                break;
            }
            stand += 1;
        }
        retained.truncate(stand);
        let pairs = self
            .search_from(&keep, &res, &incoming, retained)
            .expect("a pairable group");
        Some(GroupResult {
            pairs,
            floaters: stuck.into_iter().chain(floating).collect(),
        })
    }

    /// 4.4: scrutiny in pairing order (incoming floaters, then residents);
    /// each player who cannot be paired together with all players kept
    /// before him floats.
    fn scrutiny(
        &self,
        rest: &[StartNo],
        incoming: &[(StartNo, Way)],
        res: &[StartNo],
    ) -> Vec<StartNo> {
        let order: Vec<StartNo> = incoming
            .iter()
            .map(|x| x.0)
            .chain(res.iter().copied())
            .filter(|p| rest.contains(p))
            .collect();
        let mut kept: Vec<StartNo> = Vec::new();
        let mut out = Vec::new();
        for p in order {
            kept.push(p);
            if !self.covers(rest, &kept) {
                kept.pop();
                out.push(p);
            }
        }
        out
    }

    /// 2.3 d: the candidates for the floater making an odd group even,
    /// best first: 3.9 (with 3.3/3.4's exclusion), 3.2 (with the Maxi
    /// rule), then position; each with whether he floated the round
    /// before (3.10 is applied by the caller).
    fn parity_floaters(
        &self,
        way: Way,
        res: &[StartNo],
        incoming: &[(StartNo, Way)],
        rest: &[StartNo],
        stuck: &[StartNo],
        next: &[StartNo],
    ) -> Vec<Cand> {
        // The order floaters are paired in the next group (3.6 / 3.7), and
        // the opponent each of the stuck floaters takes there (3.8).
        let ahead = |o: StartNo, x: StartNo| {
            let (so, sx) = (self.w(o).score, self.w(x).score);
            match way {
                Way::Down => so > sx || (so == sx && o < x),
                Way::Up => so < sx || (so == sx && o > x),
            }
        };
        let mut others = stuck.to_vec();
        others.sort_by(|&a, &b| {
            if ahead(a, b) {
                std::cmp::Ordering::Less
            } else {
                std::cmp::Ordering::Greater
            }
        });
        let mut there = next.to_vec();
        there.sort_unstable();
        if way == Way::Up {
            there.reverse();
        }
        let mut taken: Vec<(StartNo, StartNo)> = Vec::new();
        for &o in &others {
            let free: Vec<StartNo> = there
                .iter()
                .copied()
                .filter(|a| !taken.iter().any(|t| t.1 == *a) && self.compatible(o, *a))
                .collect();
            if let Some(&d) = free.first() {
                let c = free
                    .iter()
                    .copied()
                    .find(|&a| self.fine(o, a) && self.maxi_ok(a, d))
                    .unwrap_or(d);
                taken.push((o, c));
            }
        }
        let has_opponent = |x: StartNo| {
            there.iter().any(|&a| {
                self.compatible(x, a) && !taken.iter().any(|&(o, t)| t == a && ahead(o, x))
            })
        };
        let whites = rest
            .iter()
            .filter(|&&p| self.due(p) == Some(Colour::White))
            .count();
        let blacks = rest
            .iter()
            .filter(|&&p| self.due(p) == Some(Colour::Black))
            .count();
        let more = if whites > blacks {
            Some(Colour::White)
        } else if blacks > whites {
            Some(Colour::Black)
        } else {
            None
        };
        let lowest = res.iter().copied().rfind(|p| rest.contains(p));
        let came_in = |x: StartNo| incoming.iter().any(|i| i.0 == x);
        let mut best: Vec<Cand> = rest
            .iter()
            .map(|&x| {
                let kind = match (came_in(x), has_opponent(x)) {
                    (false, true) => 0,  // type d
                    (false, false) => 1, // c
                    (true, true) => 2,   // b
                    (true, false) => 3,  // a
                };
                let equalises = more.is_some()
                    && self.due(x) == more
                    && lowest.is_none_or(|l| self.maxi_ok(x, l));
                let s = self.w(x).score;
                let position = match way {
                    Way::Down => (s, -(x as i64)),
                    Way::Up => (-s, x as i64),
                };
                Cand {
                    p: x,
                    kind,
                    floated: self.w(x).floated,
                    rank: (!equalises, position),
                }
            })
            .collect();
        best.sort_by_key(|c| (c.kind, c.rank));
        best
    }
}

/// A candidate floater of 2.3 d.
#[derive(Clone, Copy, Debug)]
struct Cand {
    p: StartNo,
    /// 3.9: 0 = type d, 1 = c, 2 = b, 3 = a.
    kind: u8,
    /// 3.10: floated the round before.
    floated: bool,
    /// 3.2: not equalising the colours due, then position.
    rank: (bool, (i32, i64)),
}

impl Reference {
    /// 3.6-3.8, 2.4, 4.1-4.3, 5.2: depth-first search through the
    /// exchanges in the text's order, after the pairs `made`; the first
    /// complete pairing wins.
    fn search_from(
        &self,
        keep: &[StartNo],
        res: &[StartNo],
        incoming: &[(StartNo, Way)],
        made: Pairs,
    ) -> Option<Pairs> {
        let mut used: BTreeSet<StartNo> = made.iter().flat_map(|&(a, b)| [a, b]).collect();
        let mut done = made;
        self.dfs(keep, res, incoming, &mut used, &mut done, None)
            .then_some(done)
    }

    /// 4.4 a: the pairs made for the players of `must` (the players
    /// scrutinised before the one who cannot be paired) by the same
    /// search among `pool`, up to his scrutiny.
    fn prefix_pairing(
        &self,
        pool: &[StartNo],
        res: &[StartNo],
        incoming: &[(StartNo, Way)],
        must: &[StartNo],
    ) -> Option<Pairs> {
        let mut done = Vec::new();
        let mut used: BTreeSet<StartNo> = BTreeSet::new();
        self.dfs(pool, res, incoming, &mut used, &mut done, Some(must))
            .then_some(done)
    }

    fn dfs(
        &self,
        keep: &[StartNo],
        res: &[StartNo],
        incoming: &[(StartNo, Way)],
        used: &mut BTreeSet<StartNo>,
        done: &mut Pairs,
        until: Option<&[StartNo]>,
    ) -> bool {
        // 4.4 a's retained pairs: done once every player scrutinised
        // before the one who cannot be paired has an opponent.
        if until.is_some_and(|must| must.iter().all(|p| used.contains(p))) {
            return true;
        }
        let free = |p: &StartNo| keep.contains(p) && !used.contains(p);
        let s: Vec<StartNo> = res.iter().copied().filter(free).collect();
        let ins: Vec<(StartNo, Way)> = incoming.iter().copied().filter(|x| free(&x.0)).collect();
        let (p, order, floaters): (StartNo, Vec<StartNo>, Vec<StartNo>) =
            if let Some(&(f, dir)) = ins.first() {
                // 3.8: a DF takes residents from the top, a UF from the bottom;
                // another floater only when no resident can be taken.
                let mut r = s.clone();
                r.sort_unstable();
                if dir == Way::Up {
                    r.reverse();
                }
                // 3.8 among floaters: the highest numbered (downward) or
                // lowest numbered (upward) by pairing number.
                let mut others: Vec<StartNo> = ins[1..].iter().map(|x| x.0).collect();
                others.sort_unstable();
                if dir == Way::Up {
                    others.reverse();
                }
                (f, r, others)
            } else if let Some(&p) = s.first() {
                // 2.4 / 4.2: n/2+1 ... n, then n/2 ... 2.
                let h = s.len() / 2;
                if h == 0 {
                    return false;
                }
                (
                    p,
                    s[h..].iter().chain(s[1..h].iter().rev()).copied().collect(),
                    Vec::new(),
                )
            } else {
                return true;
            };
        // Each list: those due the other colour (within Maxi's 100 points
        // of its first compatible player), then the other compatible ones.
        let by_colour = |list: Vec<StartNo>| -> Vec<StartNo> {
            let compatible: Vec<StartNo> = list
                .into_iter()
                .filter(|&c| self.compatible(p, c))
                .collect();
            let Some(&first) = compatible.first() else {
                return Vec::new();
            };
            let mut tries: Vec<StartNo> = compatible
                .iter()
                .copied()
                .filter(|&c| self.fine(p, c) && self.maxi_ok(c, first))
                .collect();
            let others: Vec<StartNo> = compatible
                .iter()
                .copied()
                .filter(|c| !tries.contains(c))
                .collect();
            tries.extend(others);
            tries
        };
        let mut tries = by_colour(order);
        tries.extend(by_colour(floaters));
        for q in tries {
            used.insert(p);
            used.insert(q);
            done.push((p, q));
            if self.dfs(keep, res, incoming, used, done, until) {
                return true;
            }
            done.pop();
            used.remove(&p);
            used.remove(&q);
        }
        false
    }

    /// Colours: 7.2 in round one; 5.1 a/b when only one way is legal;
    /// then the colours due (5.5, 5.6); the same colour due: the latest
    /// round their colours differed (5.4), else the higher ranked (the lower
    /// ranked below the median) gets it.
    fn colours(&self, a: StartNo, b: StartNo, below: bool) -> (StartNo, StartNo) {
        let higher_first = (-self.w(a).score, a) < (-self.w(b).score, b);
        let (hi, lo) = if higher_first { (a, b) } else { (b, a) };
        let by_lot = |p: StartNo| {
            if self.w(p).position % 2 == 1 {
                self.initial
            } else if self.initial == Colour::White {
                Colour::Black
            } else {
                Colour::White
            }
        };
        let give = |p: StartNo, c: Colour| {
            let o = if p == a { b } else { a };
            if c == Colour::White { (p, o) } else { (o, p) }
        };
        if self.round <= 1 {
            return give(hi, by_lot(hi));
        }
        let a_white = self.may(a, Colour::White) && self.may(b, Colour::Black);
        let b_white = self.may(b, Colour::White) && self.may(a, Colour::Black);
        if a_white && !b_white {
            return (a, b);
        }
        if b_white && !a_white {
            return (b, a);
        }
        let favoured = if below { lo } else { hi };
        match (self.due(a), self.due(b)) {
            (Some(x), Some(y)) if x != y => give(a, x),
            (Some(x), None) => give(a, x),
            (None, Some(y)) => give(b, y),
            (None, None) => give(favoured, by_lot(favoured)),
            (Some(x), Some(_)) => {
                let (ha, hb) = (&self.w(a).colours, &self.w(b).colours);
                let n = ha.len().min(hb.len());
                for k in 1..=n {
                    let (ca, cb) = (ha[ha.len() - k], hb[hb.len() - k]);
                    if ca != cb {
                        return if ca != x { give(a, x) } else { give(b, x) };
                    }
                }
                give(favoured, x)
            }
        }
    }
}

/// The reference as a [`PairingSystem`] (for `swiss_core::check`).
pub struct ReferenceSystem {
    /// Maxi-tournament.
    pub maxi: bool,
    /// The 2026 edition (else 1999).
    pub text_2026: bool,
}

impl PairingSystem for ReferenceSystem {
    fn name(&self) -> &'static str {
        "lim-reference"
    }

    fn pair(&self, t: &swiss_core::Tournament) -> Result<Pairing, PairingError> {
        let st = RoundState::next(t);
        Reference::new(&st, self.maxi, self.text_2026)
            .pair()
            .map_err(|reason| PairingError::NoLegalPairing {
                round: st.round,
                reason,
            })
    }
}

/// Whether any legal pairing of the round exists (2.1 with 6, C.04.1 c/d):
/// an eligible bye (when odd) and pairings of all the others, under the
/// 2026 bye bar or the 1999 one.
pub fn legal_pairing_exists(st: &RoundState, text_2026: bool) -> bool {
    let r = Reference::new(st, false, text_2026);
    let all: Vec<StartNo> = r.who.keys().copied().collect();
    if all.len().is_multiple_of(2) {
        return r.all_paired(&all);
    }
    all.iter().any(|&b| {
        r.w(b).eligible && {
            let rest: Vec<StartNo> = all.iter().copied().filter(|&p| p != b).collect();
            r.all_paired(&rest)
        }
    })
}
