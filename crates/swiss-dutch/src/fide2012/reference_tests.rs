//! The searches of `c_procedure` against a literal reading of the text on
//! small random brackets: every candidate in the text's order (D.3 sets,
//! transpositions of D.1 over the whole S2, then in the remainder the
//! exchanges of D.2 each followed by all transpositions), the first one
//! at the least requirement level must be the engine's pairing.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::ops::ControlFlow;

use swiss_core::Colour;

use super::a_definitions::colour_preference;
use crate::float::Float;

use super::a_definitions::{Bracket, Player, Round};
use super::a11_quality::{Layout, Quality, Side};
use super::c_procedure::{Control, State, pair_at_state, prepare};
use super::d1_transpositions::next_transposition;
use super::d2_exchanges::for_each_exchange;
use super::d3_moved_down::for_each_choice;

/// xorshift: deterministic test data without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random round: `n` players, the first `movers` with a higher score;
/// random colour histories, floats, byes and earlier meetings.
fn random_round(rng: &mut Rng, n: usize, movers: usize, number: u32) -> Round {
    let games = (number - 1) as usize;
    let mut players: Vec<Player> = (0..n)
        .map(|i| {
            let played = if rng.below(5) == 0 {
                games.saturating_sub(1)
            } else {
                games
            };
            let colours: Vec<Colour> = (0..played)
                .map(|_| {
                    if rng.below(2) == 0 {
                        Colour::White
                    } else {
                        Colour::Black
                    }
                })
                .collect();
            let float = |r: &mut Rng| match r.below(4) {
                0 => Some(Float::Down),
                1 => Some(Float::Up),
                _ => None,
            };
            Player {
                id: i as u32 + 1,
                colour_rank: i as u32 + 1,
                score: if i < movers { 20 } else { 10 },
                pref: colour_preference(&colours),
                colours,
                floats: [float(rng), float(rng)],
                bye_ok: rng.below(4) != 0,
                topscorer: false,
                forbidden: Vec::new(),
                xxp: swiss_core::Partners::default(),
            }
        })
        .collect();
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(6) == 0 {
                let (ia, ib) = (players[a].id, players[b].id);
                players[a].forbidden.push(ib);
                players[b].forbidden.push(ia);
            }
        }
    }
    Round {
        number,
        initial: Colour::White,
        players,
    }
}

/// One candidate: pairs and floaters (vertex indices), its quality.
type Candidate = (Quality, Vec<(usize, usize)>, Vec<usize>);

/// Every candidate of a homogeneous group (vertices `group`, `p` pairs),
/// in the text's order: no exchange then D.2's exchanges; for each, every
/// transposition of S2 (D.1).
fn homogeneous_candidates(
    round: &Round,
    lay: &Layout,
    group: &[usize],
    p: usize,
) -> Vec<Option<Candidate>> {
    let n = group.len();
    let mut splits: Vec<Vec<bool>> = vec![(0..n).map(|i| i < p).collect()];
    let _ = for_each_exchange(p, n - p, |i, j| {
        let mut s: Vec<bool> = (0..n).map(|k| k < p).collect();
        for &o in i {
            s[p - 1 - o] = false;
        }
        for &o in j {
            s[p + o] = true;
        }
        splits.push(s);
        ControlFlow::Continue(())
    });
    let mut out = Vec::new();
    for s in splits {
        let s1: Vec<usize> = (0..n).filter(|&k| s[k]).map(|k| group[k]).collect();
        let mut s2: Vec<usize> = (0..n).filter(|&k| !s[k]).map(|k| group[k]).collect();
        loop {
            let pairs: Vec<(usize, usize)> = s1.iter().copied().zip(s2.iter().copied()).collect();
            let floaters = s2[p..].to_vec();
            out.push(
                lay.quality_of(round, &pairs, &floaters)
                    .map(|q| (q, pairs, floaters)),
            );
            if !next_transposition(&mut s2) {
                break;
            }
        }
    }
    out
}

/// Every candidate of a heterogeneous bracket at `st`, in the text's order.
fn heterogeneous_candidates(
    round: &Round,
    lay: &Layout,
    m0: usize,
    st: State,
) -> Vec<Option<Candidate>> {
    let n = lay.n();
    let mut out = Vec::new();
    let _ = for_each_choice(m0, st.m1, |c| {
        let mut res: Vec<usize> = (m0..n).collect();
        loop {
            let het: Vec<(usize, usize)> = c.iter().copied().zip(res.iter().copied()).collect();
            // Heterogeneous pairs count the upfloater criteria.
            let mut het_lay = lay.clone();
            for &v in c {
                het_lay.side[v] = Side::Het;
            }
            let q_het = het_lay.quality_of(round, &het, &[]);
            let used: Vec<usize> = het.iter().flat_map(|&(a, b)| [a, b]).collect();
            let rest: Vec<usize> = (0..n).filter(|v| !used.contains(v)).collect();
            for cand in homogeneous_candidates(round, lay, &rest, st.p1 - st.m1) {
                out.push(match (q_het, cand) {
                    (Some(qh), Some((q, mut pairs, floaters))) => {
                        pairs.splice(0..0, het.clone());
                        Some((qh.add(q), pairs, floaters))
                    }
                    _ => None,
                });
            }
            if !next_transposition(&mut res) {
                break;
            }
        }
        ControlFlow::Continue(())
    });
    out
}

/// Pairs and floaters.
type Found = (Vec<(usize, usize)>, Vec<usize>);

/// The first candidate at the least quality.
fn first_best(cands: Vec<Option<Candidate>>) -> Option<Found> {
    let best = cands.iter().flatten().map(|c| c.0).min()?;
    let (_, pairs, floaters) = cands.into_iter().flatten().find(|c| c.0 == best)?;
    Some((pairs, floaters))
}

fn normalise(pairs: &[(usize, usize)], floaters: &[usize]) -> Found {
    let mut p: Vec<(usize, usize)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    p.sort_unstable();
    let mut f = floaters.to_vec();
    f.sort_unstable();
    (p, f)
}

/// Checks the engine against the literal walk for one random bracket.
fn check(seed: u64, n: usize, movers: usize, number: u32, lowest: bool) {
    let mut rng = Rng(seed);
    let round = random_round(&mut rng, n, movers, number);
    let br = Bracket {
        mdps: (0..movers).collect(),
        residents: (movers..n).collect(),
        lowest,
    };
    let prep = prepare(&round, &br);
    if !prep.moved.is_empty() {
        return;
    }
    let st = prep.initial();
    let floatable: Vec<bool> = prep
        .players
        .iter()
        .map(|&r| !lowest || round.p(r).bye_ok)
        .collect();
    let lay = Layout::new(
        prep.players.clone(),
        (0..n).map(|v| v >= prep.m0).collect(),
        vec![Side::Free; n],
        floatable,
        n - 2 * st.p1,
        st.p1,
    );
    let want = if st.m1 == 0 {
        let group: Vec<usize> = (0..n).collect();
        first_best(homogeneous_candidates(&round, &lay, &group, st.p1))
    } else {
        first_best(heterogeneous_candidates(&round, &lay, prep.m0, st))
    };
    let got = pair_at_state(&round, &prep, st, &Control::default()).unwrap();
    let want = want.map(|(p, f)| {
        let p: Vec<(usize, usize)> = p
            .iter()
            .map(|&(a, b)| (prep.players[a], prep.players[b]))
            .collect();
        let f: Vec<usize> = f.iter().map(|&v| prep.players[v]).collect();
        normalise(&p, &f)
    });
    let got = got.map(|g| normalise(&g.pairs, &g.floaters));
    assert_eq!(
        got, want,
        "seed {seed}, n {n}, movers {movers}, round {number}"
    );
}

/// X1 and Z1 (A.8) are lower bounds of X and Z over every pairing of a
/// bracket: the engine may take transposition 0 without any search when
/// it reaches them.
#[test]
fn a8_x1_z1_are_lower_bounds() {
    use super::a8_colour_counts::{colour_counts, x1, z1};
    use super::a11_quality::Graph;
    for seed in 1..=300u64 {
        let mut rng = Rng(seed * 31_337);
        let n = 4 + (seed % 9) as usize;
        let number = 2 + (seed % 5) as u32;
        let round = random_round(&mut rng, n, 0, number);
        let all: Vec<usize> = (0..n).collect();
        let c = colour_counts(&round, &all);
        let p0 = n / 2;
        let lay = Layout::new(
            all.clone(),
            vec![true; n],
            vec![Side::Free; n],
            vec![true; n],
            n - 2 * p0,
            p0,
        );
        let Some(q) = Graph::new(&round, lay).solve() else {
            continue;
        };
        assert!(q.x as usize >= x1(p0, &c), "seed {seed}: X {} < X1", q.x);
        assert!(
            q.z as usize >= z1(p0, &c, round.odd()),
            "seed {seed}: Z {} < Z1",
            q.z
        );
    }
}

/// Homogeneous brackets, odd and even rounds, odd and even sizes, some the
/// lowest (the bye): the engine's candidate is the text's first one at the
/// least level.
#[test]
fn homogeneous_search_matches_the_literal_walk() {
    for seed in 1..=150u64 {
        let n = 4 + (seed % 5) as usize;
        check(seed * 7919, n, 0, 2 + (seed % 4) as u32, seed % 3 == 0);
    }
}

/// Heterogeneous brackets (one or two moved down players).
#[test]
fn heterogeneous_search_matches_the_literal_walk() {
    for seed in 1..=150u64 {
        let n = 5 + (seed % 3) as usize;
        let movers = 1 + (seed % 2) as usize;
        check(seed * 104_729, n, movers, 2 + (seed % 4) as u32, false);
    }
}

/// Interpretation 5 (A.3): a bracket of which at least half the players
/// came from above is paired as homogeneous. Two moved-down players (two
/// points) and one resident (one point), no colours, no history: S1 = the
/// highest player, S2 = the other two, transposition 0 pairs the two
/// moved-down players and moves the resident down. Read as heterogeneous
/// (moved-down players first, against residents) it would pair the top
/// player with the resident instead.
#[test]
fn fide2012_a3_half_from_above_is_homogeneous() {
    let mut rng = Rng(5);
    let mut round = random_round(&mut rng, 3, 2, 3);
    for p in &mut round.players {
        p.colours.clear();
        p.pref = None;
        p.floats = [None, None];
        p.forbidden.clear();
    }
    let br = Bracket {
        mdps: vec![0, 1],
        residents: vec![2],
        lowest: false,
    };
    let prep = prepare(&round, &br);
    assert!(!prep.heterogeneous);
    let got = pair_at_state(&round, &prep, prep.initial(), &Control::default())
        .unwrap()
        .unwrap();
    assert_eq!(
        normalise(&got.pairs, &got.floaters),
        (vec![(0, 1)], vec![2])
    );
    // One moved-down player of three is fewer than half: heterogeneous.
    let br = Bracket {
        mdps: vec![0],
        residents: vec![1, 2],
        lowest: false,
    };
    assert!(prepare(&round, &br).heterogeneous);
}
