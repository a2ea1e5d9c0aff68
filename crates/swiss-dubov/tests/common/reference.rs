//! A literal, exponential transcription of the Dubov system (C.04.4.1,
//! 2018), written apart from the engine: it shares nothing with it but the
//! workspace's model (`RoundState`). Every set the text orders is
//! enumerated in the text's order and every criterion evaluated on the
//! pairing the text's procedure produces:
//!
//! - B.0: the bye candidates in the order of criteria 3-5, the first
//!   satisfying 1 and 2 (a complete pairing found by search);
//! - B.1: k = 0, 1, 2, ... (with the residents' parity) until some set of k
//!   upfloaters gives a legal pairing (C.1, C.3) and leaves the lower
//!   players pairable (C.4);
//! - B.2 with D.1: all k-sets of possible upfloaters, in containers sorted
//!   by C.6, lexicographically inside a container; for each, the bracket
//!   is paired by B.3-B.6 below and C.6-C.10 evaluated; the first set with
//!   the best values wins;
//! - B.3-B.6 with D.2/D.3: the number of unavoidable pairs inside the
//!   smaller subgroup from all pairings of the bracket; the shifters' sets
//!   in D.2 order, each judged by the best C.7 it can yield; T2 the first
//!   legal permutation of G2 in lexicographic order;
//! - E.0-E.4 for the colours.
//!
//! Only for small brackets (about ten players): it is slow on purpose.

use std::cmp::Ordering;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use swiss_core::{Colour, Pair, Pairing, PlayerState, Points, RoundState, StartNo};

/// How often each situation of the text occurred (evidence that the
/// random tournaments reach it).
pub struct Stats {
    /// Brackets paired.
    pub brackets: AtomicU64,
    /// Brackets needing two or more upfloaters.
    pub k_two_plus: AtomicU64,
    /// Brackets whose upfloaters come from two or more scoregroups.
    pub mixed_scores: AtomicU64,
    /// B.2 choices where C.7 rejects an earlier set of the best container.
    pub by_c7: AtomicU64,
    /// B.2 choices where C.8-C.10 reject an earlier set with equal C.6-C.7.
    pub by_c8_c10: AtomicU64,
    /// B.1 choices where C.4 rejects a set otherwise legal and better.
    pub by_c4: AtomicU64,
    /// B.4 first shifts (pairs inside the smaller subgroup unavoidable).
    pub first_shift: AtomicU64,
    /// B.4 second shifts (subgroups of different sizes).
    pub second_shift: AtomicU64,
    /// Second shifts not taking the first set in D.2 order.
    pub later_shift_set: AtomicU64,
    /// Brackets whose T2 is not G2 in ranking order.
    pub later_transposition: AtomicU64,
    /// Byes.
    pub byes: AtomicU64,
    /// Byes where criterion 2 passes over a candidate.
    pub bye_by_c2: AtomicU64,
    /// Byes decided between equal scores by the games played (criterion 4).
    pub bye_by_c4_games: AtomicU64,
    /// Last-round brackets with upfloaters.
    pub last_round_upfloats: AtomicU64,
    /// Pairs whose colours E.3 decides.
    pub e3: AtomicU64,
    /// Pairs whose colours E.4 decides.
    pub e4: AtomicU64,
}

/// The counters.
pub static STATS: Stats = Stats {
    brackets: AtomicU64::new(0),
    k_two_plus: AtomicU64::new(0),
    mixed_scores: AtomicU64::new(0),
    by_c7: AtomicU64::new(0),
    by_c8_c10: AtomicU64::new(0),
    by_c4: AtomicU64::new(0),
    first_shift: AtomicU64::new(0),
    second_shift: AtomicU64::new(0),
    later_shift_set: AtomicU64::new(0),
    later_transposition: AtomicU64::new(0),
    byes: AtomicU64::new(0),
    bye_by_c2: AtomicU64::new(0),
    bye_by_c4_games: AtomicU64::new(0),
    last_round_upfloats: AtomicU64::new(0),
    e3: AtomicU64::new(0),
    e4: AtomicU64::new(0),
};

fn bump(c: &AtomicU64) {
    c.fetch_add(1, Relaxed);
}

impl Stats {
    /// One line per counter.
    pub fn report(&self) -> String {
        let v = |c: &AtomicU64| c.load(Relaxed);
        format!(
            "brackets {}; >=2 upfloaters {}; upfloaters of mixed scores {}; B.2 decided by C.7 {}, by C.8-C.10 {}; C.4 binding {}; \
             B.4 first shifts {}, second shifts {} (not the first D.2 set: {}); T2 not in ranking order {}; \
             byes {} (criterion 2 passes someone over: {}, criterion 4 decides: {}); last-round brackets with upfloaters {}; \
             colours by E.3 {}, by E.4 {}",
            v(&self.brackets),
            v(&self.k_two_plus),
            v(&self.mixed_scores),
            v(&self.by_c7),
            v(&self.by_c8_c10),
            v(&self.by_c4),
            v(&self.first_shift),
            v(&self.second_shift),
            v(&self.later_shift_set),
            v(&self.later_transposition),
            v(&self.byes),
            v(&self.bye_by_c2),
            v(&self.bye_by_c4_games),
            v(&self.last_round_upfloats),
            v(&self.e3),
            v(&self.e4)
        )
    }
}

#[derive(Clone, Debug)]
struct P {
    id: StartNo,
    score: Points,
    rank: usize,
    number: usize,
    aro: u64,
    want: Colour,
    level: u8, // 1 mild, 2 strong, 3 absolute
    played: Vec<Colour>,
    games: usize,
    ups: u32,
    up_last: bool,
    may_get_bye: bool,
}

struct R {
    p: Vec<P>,
    /// legal[a][b]: C.1 and C.3 allow a-b.
    legal: Vec<Vec<bool>>,
    last: bool,
    max_t: u32,
    initial: Colour,
}

/// The literal pairing of `state`, or `Err` when the text finds none.
///
/// `text_2026`: the 2026 text, whose [C2] and 3.1.1 bar the PAB by the
/// Basic Rules' Art. 4 (a full-point bye bars it too); else the 2018 C.2.
pub fn pair(
    state: &RoundState,
    default_rating: Option<u16>,
    text_2026: bool,
) -> Result<Pairing, String> {
    let r = build(state, default_rating, text_2026)?;
    let mut left: Vec<usize> = (0..r.p.len()).collect();
    let mut bye = None;
    if left.len() % 2 == 1 {
        let b = b0(&r, &left).ok_or("B.0: no player can take the bye")?;
        bye_stats(&r, &left, b);
        left.retain(|&x| x != b);
        bye = Some(r.p[b].id);
    } else if !pairable(&r, &left) {
        return Err("no complete pairing".into());
    }
    let mut pairs = Vec::new();
    while !left.is_empty() {
        let top = left.iter().map(|&i| r.p[i].score).max().ok_or("empty")?;
        let residents: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&i| r.p[i].score == top)
            .collect();
        let mut lower: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&i| r.p[i].score < top)
            .collect();
        // D.1.a: sequence numbers by score, then initial ranking.
        lower.sort_by(|&a, &b| {
            r.p[b]
                .score
                .cmp(&r.p[a].score)
                .then(r.p[a].rank.cmp(&r.p[b].rank))
        });
        let ups = b1_b2(&r, &residents, &lower).ok_or("B.1: no legal set of upfloaters")?;
        let mut bracket = residents.clone();
        bracket.extend(&ups);
        let (got, info) = b3_b6(&r, &bracket).ok_or("B.6: no legal transposition")?;
        bump(&STATS.brackets);
        for (flag, c) in [
            (ups.len() >= 2, &STATS.k_two_plus),
            (
                ups.iter().any(|&u| r.p[u].score != r.p[ups[0]].score),
                &STATS.mixed_scores,
            ),
            (info.x > 0, &STATS.first_shift),
            (info.y > 0, &STATS.second_shift),
            (info.later_y, &STATS.later_shift_set),
            (info.later_t2, &STATS.later_transposition),
            (r.last && !ups.is_empty(), &STATS.last_round_upfloats),
        ] {
            if flag {
                bump(c);
            }
        }
        for &(a, b) in &got {
            left.retain(|&x| x != a && x != b);
            let (w, bl, rule) = colours_by(&r, a, b);
            match rule {
                3 => bump(&STATS.e3),
                4 => bump(&STATS.e4),
                _ => {}
            }
            pairs.push((w, bl));
        }
    }
    let mut out = Pairing {
        round: state.round,
        pairs: pairs
            .into_iter()
            .map(|(w, b)| Pair {
                white: r.p[w].id,
                black: r.p[b].id,
            })
            .collect(),
        bye,
    };
    out.sort_boards(state);
    Ok(out)
}

fn build(state: &RoundState, default_rating: Option<u16>, text_2026: bool) -> Result<R, String> {
    let all = &state.players;
    let mut ratings = Vec::new();
    for p in all {
        ratings.push(
            p.rating
                .or(default_rating)
                .ok_or(format!("A.1: {} unrated", p.start_no))?,
        );
    }
    let (rank, number) = ranking(state, &ratings);
    let mut p = Vec::new();
    for (i, s) in all.iter().enumerate() {
        if !s.to_pair {
            continue;
        }
        let (want, level) = wanted(&s.colours);
        let (ups, up_last) = upfloats(state, s);
        p.push(P {
            id: s.start_no,
            score: s.score + s.acceleration,
            rank: rank[i],
            number: number[i],
            aro: aro(state, s, &ratings),
            want,
            level,
            played: s.colours.clone(),
            games: s.met.len(),
            ups,
            up_last,
            may_get_bye: if text_2026 {
                s.may_receive_pab(&state.point_system)
            } else {
                !s.had_bye_or_forfeit_win
            },
        });
    }
    let legal = legal_pairs(state, &p)?;
    let planned = state.planned_rounds.ok_or("A.7: no XXR")?;
    Ok(R {
        p,
        legal,
        last: state.round == planned,
        max_t: 2 + planned / 5,
        initial: state.initial_colour,
    })
}

/// A.2 and E.0: each player's place in the initial ranking (re-sorted by
/// rating up to round 4, then frozen in start-number order) and pairing
/// number (counting those in the tournament at this round).
fn ranking(state: &RoundState, ratings: &[u16]) -> (Vec<usize>, Vec<usize>) {
    let all = &state.players;
    let mut order: Vec<usize> = (0..all.len()).collect();
    if state.round < 5 {
        order.sort_by(|&a, &b| {
            ratings[b]
                .cmp(&ratings[a])
                .then(all[a].start_no.cmp(&all[b].start_no))
        });
    }
    let mut rank = vec![0; all.len()];
    let mut number = vec![0; all.len()];
    let mut n = 0;
    for (k, &i) in order.iter().enumerate() {
        rank[i] = k;
        let here = all[i].to_pair
            || all[i].history.iter().any(|h| {
                h.entry.opponent.is_some() || h.entry.result == swiss_core::ResultCode::PairingBye
            });
        if here {
            n += 1;
            number[i] = n;
        }
    }
    (rank, number)
}

/// A.6: the opponents met over the board, their average rating, halves
/// rounded up.
fn aro(state: &RoundState, s: &PlayerState, ratings: &[u16]) -> u64 {
    let opp: Vec<u64> = s
        .met
        .iter()
        .filter_map(|&o| state.players.iter().position(|q| q.start_no == o))
        .map(|j| u64::from(ratings[j]))
        .collect();
    if opp.is_empty() {
        return 0;
    }
    let sum: u64 = opp.iter().sum();
    let (q, rem) = (sum / opp.len() as u64, sum % opp.len() as u64);
    if 2 * rem >= opp.len() as u64 {
        q + 1
    } else {
        q
    }
}

/// A.5: the colour wanted and how much (1 mild, 2 strong, 3 absolute);
/// the colour difference before the last two games.
fn wanted(colours: &[Colour]) -> (Colour, u8) {
    let w = colours.iter().filter(|&&c| c == Colour::White).count() as i64;
    let b = colours.len() as i64 - w;
    let k = colours.len();
    let other_than_last = || {
        if colours[k - 1] == Colour::White {
            Colour::Black
        } else {
            Colour::White
        }
    };
    if w - b >= 2 {
        (Colour::Black, 3)
    } else if b - w >= 2 {
        (Colour::White, 3)
    } else if k >= 2 && colours[k - 1] == colours[k - 2] {
        (other_than_last(), 3)
    } else if w - b == 1 {
        (Colour::Black, 2)
    } else if b - w == 1 {
        (Colour::White, 2)
    } else if k == 0 {
        (Colour::Black, 1)
    } else {
        (other_than_last(), 1)
    }
}

/// A.7 and C.10: rounds in which the player was paired (played or not)
/// with a higher score before the round; whether the last round was one.
fn upfloats(state: &RoundState, s: &PlayerState) -> (u32, bool) {
    let mut ups = 0;
    let mut up_last = false;
    for (round, h) in s.history.iter().enumerate() {
        if let Some(o) = h.entry.opponent
            && let Some(opp) = state.players.iter().find(|q| q.start_no == o)
            && opp.history[round].score_before > h.score_before
        {
            ups += 1;
            if round + 2 == state.round as usize {
                up_last = true;
            }
        }
    }
    (ups, up_last)
}

/// C.1 (played games, forbidden pairs) and C.3.
fn legal_pairs(state: &RoundState, p: &[P]) -> Result<Vec<Vec<bool>>, String> {
    let n = p.len();
    let mut legal = vec![vec![false; n]; n];
    for a in 0..n {
        for b in 0..n {
            let sa = state.player(p[a].id).ok_or("player")?;
            let met = sa.met.contains(&p[b].id)
                || sa.forbidden.contains(&p[b].id)
                || state
                    .player(p[b].id)
                    .is_some_and(|sb| sb.forbidden.contains(&p[a].id));
            let c3 = p[a].level == 3 && p[b].level == 3 && p[a].want == p[b].want;
            legal[a][b] = a != b && !met && !c3;
        }
    }
    Ok(legal)
}

/// Whether `players` can all be paired (C.1, C.3), by search.
fn pairable(r: &R, players: &[usize]) -> bool {
    let Some((&a, rest)) = players.split_first() else {
        return true;
    };
    rest.iter().enumerate().any(|(k, &b)| {
        r.legal[a][b] && {
            let mut others = rest.to_vec();
            others.remove(k);
            pairable(r, &others)
        }
    })
}

/// Every legal pairing of `players`.
fn all_pairings(r: &R, players: &[usize]) -> Vec<Vec<(usize, usize)>> {
    let Some((&a, rest)) = players.split_first() else {
        return vec![Vec::new()];
    };
    let mut out = Vec::new();
    for (k, &b) in rest.iter().enumerate() {
        if r.legal[a][b] {
            let mut others = rest.to_vec();
            others.remove(k);
            for mut m in all_pairings(r, &others) {
                m.push((a, b));
                out.push(m);
            }
        }
    }
    out
}

/// B.0.
fn b0(r: &R, players: &[usize]) -> Option<usize> {
    let mut c: Vec<usize> = players.to_vec();
    c.sort_by(|&a, &b| {
        let (pa, pb) = (&r.p[a], &r.p[b]);
        pa.score
            .cmp(&pb.score)
            .then(pb.games.cmp(&pa.games))
            .then(pb.rank.cmp(&pa.rank))
    });
    c.into_iter().find(|&b| {
        r.p[b].may_get_bye && {
            let rest: Vec<usize> = players.iter().copied().filter(|&x| x != b).collect();
            pairable(r, &rest)
        }
    })
}

fn bye_stats(r: &R, players: &[usize], b: usize) {
    bump(&STATS.byes);
    let eligible: Vec<usize> = players
        .iter()
        .copied()
        .filter(|&x| r.p[x].may_get_bye)
        .collect();
    let lowest = eligible.iter().map(|&x| r.p[x].score).min();
    let mut first = eligible.clone();
    first.sort_by(|&a, &c| {
        r.p[a]
            .score
            .cmp(&r.p[c].score)
            .then(r.p[c].games.cmp(&r.p[a].games))
            .then(r.p[c].rank.cmp(&r.p[a].rank))
    });
    if first.first() != Some(&b) {
        bump(&STATS.bye_by_c2);
    }
    let same: Vec<usize> = eligible
        .iter()
        .copied()
        .filter(|&x| Some(r.p[x].score) == lowest)
        .collect();
    if r.p[b].score == lowest.unwrap_or(r.p[b].score)
        && same.iter().any(|&x| r.p[x].games != r.p[b].games)
    {
        bump(&STATS.bye_by_c4_games);
    }
}

/// All k-subsets of 0..n in lexicographic order.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for first in 0..n {
        if n - first < k {
            break;
        }
        for mut rest in subsets(n - first - 1, k - 1) {
            for x in &mut rest {
                *x += first + 1;
            }
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// C.6 as an order on score lists: the one with the higher lowest score is
/// better, then the second lowest, ... (`Less` = better).
fn c6(a: &[Points], b: &[Points]) -> Ordering {
    let mut x = a.to_vec();
    let mut y = b.to_vec();
    x.sort();
    y.sort();
    y.cmp(&x)
}

/// A set's C.6 scores, C.7, C.8, C.9, C.10, and the set.
type Key = (Vec<Points>, usize, u32, u32, u32, Vec<usize>);

/// B.1 and B.2 with D.1.
fn b1_b2(r: &R, residents: &[usize], lower: &[usize]) -> Option<Vec<usize>> {
    let mut k = residents.len() % 2;
    while k <= lower.len() {
        let mut sets = subsets(lower.len(), k);
        // D.1.b: containers (same scores) sorted by C.6, then lexicographic.
        let scores = |s: &Vec<usize>| s.iter().map(|&x| r.p[lower[x]].score).collect::<Vec<_>>();
        sets.sort_by(|a, b| c6(&scores(a), &scores(b)).then(a.cmp(b)));
        let mut best: Option<Key> = None;
        let mut first_legal: Option<Key> = None;
        let mut first_best_c7: Option<Key> = None;
        let mut c4_rejects: Vec<Vec<Points>> = Vec::new();
        let mut evaluated = Vec::new();
        for s in sets {
            let ups: Vec<usize> = s.iter().map(|&x| lower[x]).collect();
            let mut bracket = residents.to_vec();
            bracket.extend(&ups);
            let rest: Vec<usize> = lower.iter().copied().filter(|x| !ups.contains(x)).collect();
            if !pairable(r, &bracket) {
                continue;
            }
            if !pairable(r, &rest) {
                c4_rejects.push(scores(&s));
                continue;
            }
            let (pairs, _) = b3_b6(r, &bracket)?;
            let c7 = missed_preferences(r, &pairs);
            let maxes: Vec<usize> = ups
                .iter()
                .copied()
                .filter(|&u| r.p[u].ups >= r.max_t)
                .collect();
            let (c8, c9, c10) = if r.last {
                (0, 0, 0)
            } else {
                (
                    maxes.len() as u32,
                    maxes.iter().map(|&u| r.p[u].ups).sum(),
                    ups.iter().filter(|&&u| r.p[u].up_last).count() as u32,
                )
            };
            let key = (scores(&s), c7, c8, c9, c10, ups);
            if first_legal.is_none() {
                first_legal = Some(key.clone());
            }
            evaluated.push(key.clone());
            let better = match &best {
                None => true,
                Some(b) => {
                    c6(&key.0, &b.0)
                        .then(key.1.cmp(&b.1))
                        .then(key.2.cmp(&b.2))
                        .then(key.3.cmp(&b.3))
                        .then(key.4.cmp(&b.4))
                        == Ordering::Less
                }
            };
            if better {
                best = Some(key);
            }
        }
        if let Some(b) = best {
            // Which criterion decided (for the statistics only).
            for e in &evaluated {
                if c6(&e.0, &b.0) == Ordering::Equal && e.1 == b.1 && first_best_c7.is_none() {
                    first_best_c7 = Some(e.clone());
                }
            }
            if let Some(f) = &first_legal
                && c6(&f.0, &b.0) == Ordering::Equal
                && f.1 != b.1
            {
                bump(&STATS.by_c7);
            }
            if first_best_c7.as_ref().is_some_and(|f| f.5 != b.5) {
                bump(&STATS.by_c8_c10);
            }
            if c4_rejects.iter().any(|x| c6(x, &b.0) != Ordering::Greater) {
                bump(&STATS.by_c4);
            }
            return Some(b.5);
        }
        if !c4_rejects.is_empty() {
            bump(&STATS.by_c4);
        }
        k += 2;
    }
    None
}

/// C.7 of a pairing: how many players do not get their colour preference
/// once E.0-E.4 have given the colours.
fn missed_preferences(r: &R, pairs: &[(usize, usize)]) -> usize {
    pairs
        .iter()
        .map(|&(a, b)| {
            let (w, bl) = colours(r, a, b);
            usize::from(r.p[w].want != Colour::White) + usize::from(r.p[bl].want != Colour::Black)
        })
        .sum()
}

/// D.2's middle-out renumbering of a sorted list.
fn d2_numbers(sorted: &[usize]) -> Vec<usize> {
    let mut rest = sorted.to_vec();
    let mut out = Vec::new();
    while !rest.is_empty() {
        let mid = if rest.len() % 2 == 1 {
            rest.len() / 2
        } else {
            rest.len() / 2 - 1
        };
        out.push(rest.remove(mid));
    }
    out
}

/// All permutations of `v` in lexicographic order of positions.
fn permutations(v: &[usize]) -> Vec<Vec<usize>> {
    if v.is_empty() {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..v.len() {
        let mut rest = v.to_vec();
        let x = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, x);
            out.push(p);
        }
    }
    out
}

/// B.5 and B.6 for given subgroups: S1, then every legal T2 in D.3 order.
fn legal_transpositions(r: &R, g1: &[usize], g2: &[usize]) -> (Vec<usize>, Vec<Vec<usize>>) {
    let mut s1 = g1.to_vec();
    s1.sort_by(|&a, &b| {
        r.p[a]
            .aro
            .cmp(&r.p[b].aro)
            .then(r.p[a].rank.cmp(&r.p[b].rank))
    });
    let mut t = g2.to_vec();
    t.sort_by_key(|&x| r.p[x].rank);
    let all = permutations(&t)
        .into_iter()
        .filter(|t2| s1.iter().zip(t2).all(|(&a, &b)| r.legal[a][b]))
        .collect();
    (s1, all)
}

/// What B.4-B.6 did (statistics).
struct Info {
    x: usize,
    y: usize,
    later_y: bool,
    later_t2: bool,
}

/// B.3-B.6: the pairs (S1[i], T2[i]) of a bracket.
fn b3_b6(r: &R, bracket: &[usize]) -> Option<(Vec<(usize, usize)>, Info)> {
    // B.3.
    let (g1, g2): (Vec<usize>, Vec<usize>) = if bracket.iter().all(|&i| r.p[i].played.is_empty()) {
        let mut s = bracket.to_vec();
        s.sort_by_key(|&i| r.p[i].rank);
        let h = s.len() / 2;
        (s[..h].to_vec(), s[h..].to_vec())
    } else {
        bracket.iter().partition(|&&i| r.p[i].want == Colour::White)
    };
    // B.4: the smaller subgroup (G1 when equal).
    let g1_small = g1.len() <= g2.len();
    let (small, large) = if g1_small { (&g1, &g2) } else { (&g2, &g1) };
    let inside = |m: &Vec<(usize, usize)>| {
        m.iter()
            .filter(|(a, b)| small.contains(a) && small.contains(b))
            .count()
    };
    let x = all_pairings(r, bracket).iter().map(inside).min()?;
    let y = (large.len() + x - (small.len() - x)) / 2;
    // D.2: White seekers by ARO then ranking, Black seekers by ranking.
    let pool = |g: &Vec<usize>, white: bool| {
        let mut s = g.clone();
        if white {
            s.sort_by(|&a, &b| {
                r.p[a]
                    .aro
                    .cmp(&r.p[b].aro)
                    .then(r.p[a].rank.cmp(&r.p[b].rank))
            });
        } else {
            s.sort_by_key(|&i| r.p[i].rank);
        }
        d2_numbers(&s)
    };
    let small_pool = pool(small, g1_small);
    let large_pool = pool(large, !g1_small);
    let groups = |xs: &[usize], ys: &[usize]| {
        let mut n_small: Vec<usize> = small.iter().copied().filter(|p| !xs.contains(p)).collect();
        let mut n_large: Vec<usize> = large.iter().copied().filter(|p| !ys.contains(p)).collect();
        n_small.extend(ys);
        n_large.extend(xs);
        if g1_small {
            (n_small, n_large)
        } else {
            (n_large, n_small)
        }
    };
    // The best C.7 a choice of shifters can yield (None: no legal pairing).
    let best_c7 = |xs: &[usize], ys: &[usize]| -> Option<usize> {
        let (n1, n2) = groups(xs, ys);
        let (s1, ts) = legal_transpositions(r, &n1, &n2);
        ts.iter()
            .map(|t2| {
                missed_preferences(
                    r,
                    &s1.iter()
                        .copied()
                        .zip(t2.iter().copied())
                        .collect::<Vec<_>>(),
                )
            })
            .min()
    };
    let pick = |pool: &[usize], k: usize| -> Vec<Vec<usize>> {
        subsets(pool.len(), k)
            .into_iter()
            .map(|s| s.iter().map(|&i| pool[i]).collect())
            .collect()
    };
    let x_sets = pick(&small_pool, x);
    let y_sets = pick(&large_pool, y);
    let x_value = |xs: &Vec<usize>| y_sets.iter().filter_map(|ys| best_c7(xs, ys)).min();
    let best_x = x_sets.iter().filter_map(x_value).min()?;
    let xs = x_sets.into_iter().find(|xs| x_value(xs) == Some(best_x))?;
    let best_y = y_sets.iter().filter_map(|ys| best_c7(&xs, ys)).min()?;
    let ys = y_sets.iter().find(|ys| best_c7(&xs, ys) == Some(best_y))?;
    let (n1, n2) = groups(&xs, ys);
    let (s1, ts) = legal_transpositions(r, &n1, &n2);
    let t2 = ts.first()?;
    let mut sorted = n2.clone();
    sorted.sort_by_key(|&i| r.p[i].rank);
    let info = Info {
        x,
        y,
        later_y: y_sets.first() != Some(ys),
        later_t2: *t2 != sorted,
    };
    Some((s1.into_iter().zip(t2.iter().copied()).collect(), info))
}

/// E.0-E.4: (white, black).
fn colours(r: &R, a: usize, b: usize) -> (usize, usize) {
    let (w, bl, _) = colours_by(r, a, b);
    (w, bl)
}

/// E.0-E.4: (white, black, the rule that decided).
fn colours_by(r: &R, a: usize, b: usize) -> (usize, usize, u8) {
    let (pa, pb) = (&r.p[a], &r.p[b]);
    let a_higher = pa.score > pb.score || (pa.score == pb.score && pa.rank < pb.rank);
    let hi = if a_higher { a } else { b };
    let give = |x: usize, c: Colour| {
        let other = if x == a { b } else { a };
        if c == Colour::White {
            (x, other)
        } else {
            (other, x)
        }
    };
    let rule = |(w, bl): (usize, usize), n: u8| (w, bl, n);
    if pa.played.is_empty() && pb.played.is_empty() {
        let c = if r.p[hi].number % 2 == 1 {
            r.initial
        } else {
            opposite(r.initial)
        };
        return rule(give(hi, c), 0);
    }
    if pa.want != pb.want {
        return rule(give(a, pa.want), 1);
    }
    if pa.level != pb.level {
        return rule(
            if pa.level > pb.level {
                give(a, pa.want)
            } else {
                give(b, pb.want)
            },
            2,
        );
    }
    let (ha, hb) = (&pa.played, &pb.played);
    for back in 1..=ha.len().min(hb.len()) {
        let (ca, cb) = (ha[ha.len() - back], hb[hb.len() - back]);
        if ca != cb {
            return rule(give(a, opposite(ca)), 3);
        }
    }
    rule(give(hi, r.p[hi].want), 4)
}

fn opposite(c: Colour) -> Colour {
    match c {
        Colour::White => Colour::Black,
        Colour::Black => Colour::White,
    }
}
