//! Dutch 2012: the arbiter's account of a round (issue 29), bracket by
//! bracket in the 2012 text's words: who was in it, which C.14 state and
//! which C.10 requirements its pairing met, the split (D.3, D.2) and the
//! pairs (D.1), who moved down and why, the colour rule of each pair and
//! the bye. It reads the engine's own decisions: the brackets as finally
//! paired (`c12_c13_backtracking::Done`), their quality by A.11's
//! measure, and the colour function the pairing uses.

use std::fmt::Write as _;

use swiss_core::{Colour, Points, RoundState, StartNo};

use crate::DutchError;
use crate::float::float_word;

use super::a_definitions::{Player, Round, Strength};
use super::a11_quality::{Layout, Side};
use super::c_procedure::{Prepared, State, prepare};
use super::c12_c13_backtracking::{Done, Repair, pair_round_recorded};
use super::compare::exchange;
use super::e_colours::{colour_and_rule, describe};

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// The account of the round `state` describes; with `player`, only what
/// decided that player's opponent, colour, float or bye.
pub(crate) fn explain(state: &RoundState, player: Option<StartNo>) -> Result<String, DutchError> {
    let round = Round::new(state);
    let ((pairs, bye), _, done) = pair_round_recorded(&round)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Round {} (FIDE Dutch system, C.04.3 2012 text): {} players to pair.",
        round.number,
        round.players.len()
    );
    let only = match player {
        Some(n) => match round.players.iter().position(|p| p.id == n) {
            Some(r) => Some(r),
            None => {
                let _ = writeln!(out, "Player {n} is not paired in this round.");
                return Ok(out);
            }
        },
        None => None,
    };
    match only {
        Some(r) => facts(&mut out, round.p(r)),
        None => {
            let _ = writeln!(
                out,
                "Players are ranked by score, then pairing number (C.04.3 (2012) A.2), and grouped into score brackets (A.3); the brackets are paired from the top down (C.1-C.14), each one's unpaired players moving down into the next."
            );
        }
    }
    for (k, d) in done.iter().enumerate() {
        if only.is_some_and(|r| !d.bracket.players().contains(&r)) {
            continue;
        }
        bracket(&mut out, &round, k + 1, d, only);
    }
    colours(&mut out, &round, &pairs, only);
    pairing_allocated_bye(&mut out, &round, bye, only);
    Ok(out)
}

/// C.04.3 (2012) E.1-E.5: each pair's colours and the rule that gave them
/// (with `only`, that player's pair).
fn colours(out: &mut String, round: &Round, pairs: &[(usize, usize)], only: Option<usize>) {
    let mut lines = Vec::new();
    for &(a, b) in pairs {
        if only.is_some_and(|r| r != a && r != b) {
            continue;
        }
        let (hi, lo) = (round.p(a.min(b)), round.p(a.max(b)));
        let (c, rule) = colour_and_rule(hi, lo, true, round.initial);
        let (white, black) = if c == Colour::White {
            (hi, lo)
        } else {
            (lo, hi)
        };
        let why = if rule == 5 {
            format!(
                "{} (initial colour {})",
                describe(rule),
                colour_name(round.initial)
            )
        } else {
            describe(rule).to_string()
        };
        lines.push(format!(
            "  {}-{}: {} has white by C.04.3 (2012) E.{rule}: {why}.",
            white.id, black.id, white.id
        ));
    }
    if !lines.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(out, "Colours:");
        for l in lines {
            let _ = writeln!(out, "{l}");
        }
    }
}

/// C.04.3 (2012) B.1.b, C.13: the pairing-allocated bye, the player left
/// over in the lowest score bracket (with `only`, when it is that player).
fn pairing_allocated_bye(out: &mut String, round: &Round, bye: Option<usize>, only: Option<usize>) {
    if let Some(b) = bye
        && only.is_none_or(|r| r == b)
    {
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "Bye: {} gets the pairing-allocated bye: the one player left over in the lowest score bracket, eligible for it (no earlier bye or forfeit win, C.04.3 (2012) B.1.b), chosen so that the lowest bracket is complete (C.13).",
            round.p(b).id
        );
    }
}

/// What a player brings to the round: score, colour preference, floats.
fn facts(out: &mut String, p: &Player) {
    let preference = match p.pref {
        None => "none (no game played, A.7.f)".to_string(),
        Some(pref) => {
            let (strength, rule) = match pref.strength {
                Strength::Absolute => ("absolute", "A.7.a"),
                Strength::Strong => ("strong", "A.7.b"),
                Strength::Mild => ("mild", "A.7.c"),
            };
            format!("{} ({strength}, {rule})", colour_name(pref.colour))
        }
    };
    let float = |back: usize| float_word(p.float(back));
    let _ = writeln!(
        out,
        "Player {}: score {}, colour preference {}; floats last round: {}, two rounds ago: {} (A.4){}.",
        p.id,
        Points(p.score),
        preference,
        float(1),
        float(2),
        if p.topscorer {
            "; a top scorer (A.10)"
        } else {
            ""
        }
    );
}

fn list(round: &Round, ranks: &[usize]) -> String {
    if ranks.is_empty() {
        return "none".into();
    }
    let mut v = ranks.to_vec();
    v.sort_unstable();
    v.iter()
        .map(|&r| round.p(r).id.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One score bracket as the engine finally paired it, read back for its
/// account: the bracket after C.1 and C.2 (`prep`), the C.14 state it was
/// paired at, and its pairs as vertices of `prep.players` (as the search
/// saw them); `only`, the one player the account is about.
struct Seen<'a> {
    round: &'a Round,
    d: &'a Done,
    prep: Prepared,
    st: State,
    pairs: Vec<(usize, usize)>,
    only: Option<usize>,
}

impl<'a> Seen<'a> {
    fn new(round: &'a Round, d: &'a Done, only: Option<usize>) -> Seen<'a> {
        let prep = prepare(round, &d.bracket);
        // The vertices of the engine's pairs, as the search saw them.
        let vertex = |r: usize| prep.players.iter().position(|&x| x == r);
        let pairs: Vec<(usize, usize)> = d
            .paired
            .pairs
            .iter()
            .filter_map(|&(a, b)| Some((vertex(a)?, vertex(b)?)))
            .collect();
        Seen {
            round,
            d,
            st: d.paired.state,
            prep,
            pairs,
            only,
        }
    }

    /// The bracket's size after C.1.
    fn n(&self) -> usize {
        self.prep.players.len()
    }

    /// The start number of vertex `v`.
    fn id(&self, v: usize) -> StartNo {
        self.round.p(self.prep.players[v]).id
    }

    /// The start numbers of vertices `vs`, in their order.
    fn ids(&self, vs: &[usize]) -> String {
        if vs.is_empty() {
            "none".to_string()
        } else {
            vs.iter()
                .map(|&v| self.id(v).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        }
    }

    /// Which vertices the pairs pair.
    fn paired(&self) -> Vec<bool> {
        let mut paired = vec![false; self.n()];
        for &(a, b) in &self.pairs {
            paired[a] = true;
            paired[b] = true;
        }
        paired
    }
}

/// The account of score bracket `k` as finally paired (`d`), in the
/// order of the text's steps; with `only`, what decided that player.
fn bracket(out: &mut String, round: &Round, k: usize, d: &Done, only: Option<usize>) {
    let s = Seen::new(round, d, only);
    members(out, &s, k);
    backtracking(out, d.repaired);
    c1_moved_down(out, &s);
    if only.is_none() {
        parameters(out, &s);
    }
    c14_state(out, &s);
    // How the pairs were chosen: what decided every player of the bracket.
    let s1_mdps = s1_moved_down(&s);
    requirements(out, &s, &s1_mdps);
    heterogeneous_part(out, &s, &s1_mdps);
    homogeneous_or_remainder(out, &s);
    pairs_made(out, &s);
    moves_down(out, &s);
    moved_down_from_above(out, &s);
}

/// C.04.3 (2012) A.3: the score bracket, its score and its members: its
/// residents and the players moved down from above (MDPs).
fn members(out: &mut String, s: &Seen<'_>, k: usize) {
    let b = &s.d.bracket;
    let score = b
        .residents
        .iter()
        .map(|&r| s.round.p(r).score)
        .max()
        .unwrap_or_default();
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Score bracket {k}, score {}: residents {}; moved down from above {}.",
        Points(score),
        list(s.round, &b.residents),
        list(s.round, &b.mdps)
    );
}

/// C.04.3 (2012) C.12, C.13: why backtracking paired the bracket again
/// (or joined the lowest bracket with the one above).
fn backtracking(out: &mut String, repaired: Option<Repair>) {
    match repaired {
        Some(Repair::C13Joined) => {
            let _ = writeln!(
                out,
                "  C.13: the lowest bracket could not be completed, so it was joined with the bracket above into a new lowest bracket."
            );
        }
        Some(Repair::C12) => {
            let _ = writeln!(
                out,
                "  C.12: its first pairing left the bracket below unable to make its pairings, so it was paired again, moving down other players with the same scores."
            );
        }
        Some(Repair::C13) => {
            let _ = writeln!(
                out,
                "  C.13: its first pairing left the lowest bracket unable to be completed, so it was paired again."
            );
        }
        None => {}
    }
}

/// C.04.3 (2012) C.1 (B.1, B.2): the residents who can meet nobody in the
/// bracket and are moved down.
fn c1_moved_down(out: &mut String, s: &Seen<'_>) {
    let moved = &s.prep.moved;
    if !moved.is_empty() && s.only.is_none_or(|r| moved.contains(&r)) {
        let _ = writeln!(
            out,
            "  C.1: {} can meet nobody in the bracket (B.1, B.2): moved down.",
            list(s.round, moved)
        );
    }
}

/// C.04.3 (2012) A.3, A.6.b-c, A.8.a-b: homogeneous or heterogeneous, and
/// the bracket's P0, M0, X1 and Z1.
fn parameters(out: &mut String, s: &Seen<'_>) {
    let prep = &s.prep;
    let kind = if prep.m0 == 0 {
        "homogeneous".to_string()
    } else if prep.heterogeneous {
        "heterogeneous (A.3)".to_string()
    } else {
        "treated as homogeneous: at least half of it moved down (A.3)".to_string()
    };
    let _ = writeln!(
        out,
        "  {} players, {kind}; P0 = {} pairs wanted (A.6.b), M0 = {} (A.6.c), X1 = {} (A.8.a){}.",
        s.n(),
        prep.p0,
        prep.m0,
        prep.x1,
        if s.round.odd() {
            String::new()
        } else {
            format!(", Z1 = {} (A.8.b)", prep.z1)
        }
    );
}

/// C.04.3 (2012) C.14 (and C.12, C.13 when backtracking found it): the P1
/// and M1 the bracket was paired with, when not those C.2 starts from.
fn c14_state(out: &mut String, s: &Seen<'_>) {
    let st = s.st;
    let first = s.prep.initial();
    if st != first && s.d.repaired.is_some() {
        let _ = writeln!(
            out,
            "  Paired with P1 = {}{} as the backtracking found.",
            st.p1,
            if st.m1 > 0 {
                format!(", M1 = {}", st.m1)
            } else {
                String::new()
            }
        );
    } else if st != first {
        let _ = writeln!(
            out,
            "  C.14: no pairing with P1 = {}{} meets the absolute criteria, so P1 = {}{}.",
            first.p1,
            if first.m1 > 0 {
                format!(" and M1 = {}", first.m1)
            } else {
                String::new()
            },
            st.p1,
            if st.m1 > 0 {
                format!(", M1 = {}", st.m1)
            } else {
                String::new()
            }
        );
    }
}

/// C.04.3 (2012) D.3: S1 of the heterogeneous part, the moved-down
/// players paired first (the first M1 pairs' higher-ranked vertices), in
/// order.
fn s1_moved_down(s: &Seen<'_>) -> Vec<usize> {
    let mut s1: Vec<usize> = s
        .pairs
        .iter()
        .take(s.st.m1)
        .map(|&(a, b)| a.min(b))
        .collect();
    s1.sort_unstable();
    s1
}

/// C.04.3 (2012) C.3, C.10 (A.8): the requirements the pairing meets, by
/// A.11's measure of the engine's pairs and floaters in the bracket's
/// layout (the heterogeneous part's S1 `s1_mdps` when M1 > 0).
fn requirements(out: &mut String, s: &Seen<'_>, s1_mdps: &[usize]) {
    let (prep, st, n) = (&s.prep, s.st, s.n());
    let floatable: Vec<bool> = prep
        .players
        .iter()
        .map(|&r| !prep.lowest || s.round.p(r).bye_ok)
        .collect();
    let (resident, side) = if st.m1 == 0 {
        (vec![true; n], vec![Side::Free; n])
    } else {
        (
            (0..n).map(|v| v >= prep.m0).collect(),
            (0..n)
                .map(|v| {
                    if s1_mdps.contains(&v) {
                        Side::Het
                    } else {
                        Side::Free
                    }
                })
                .collect(),
        )
    };
    let paired = s.paired();
    let floaters: Vec<usize> = (0..n).filter(|&v| !paired[v]).collect();
    let layout = Layout::new(
        prep.players.clone(),
        resident,
        side,
        floatable,
        n.saturating_sub(2 * st.p1),
        st.p1,
    );
    if let Some(q) = layout.quality_of(s.round, &s.pairs, &floaters) {
        let _ = writeln!(
            out,
            "  Requirements met (C.3, lowered by C.10 only as far as no pairing meets more): {}.",
            q.describe(prep.x1, prep.z1, s.round.odd())
        );
    }
}

/// C.04.3 (2012) D.3, C.6, C.7: with M1 > 0, the moved-down players of S1
/// (`s1_mdps`) and how they were paired with residents (D.1).
fn heterogeneous_part(out: &mut String, s: &Seen<'_>, s1_mdps: &[usize]) {
    if s.st.m1 > 0 {
        let _ = writeln!(
            out,
            "  S1: the moved-down players {} (D.3), paired with residents by the first transposition of D.1 that meets the requirements (C.6, C.7).",
            s.ids(s1_mdps)
        );
    }
}

/// C.04.3 (2012) C.4-C.8.a, D.1, D.2: the homogeneous bracket, or the
/// remainder after the heterogeneous part: its S1 and S2, the exchange of
/// D.2 if one was needed, and the transposition of D.1 that gave the pairs.
fn homogeneous_or_remainder(out: &mut String, s: &Seen<'_>) {
    let (st, n) = (s.st, s.n());
    let (group, p) = if st.m1 > 0 {
        let in_het = |v: usize| s.pairs.iter().take(st.m1).any(|&(a, b)| a == v || b == v);
        let rest: Vec<usize> = (0..n).filter(|&v| !in_het(v)).collect();
        (rest, st.p1 - st.m1)
    } else {
        ((0..n).collect(), st.p1)
    };
    let part = if st.m1 > 0 {
        "The remainder"
    } else {
        "The bracket"
    };
    let rest_pairs: Vec<(usize, usize)> = s
        .pairs
        .iter()
        .copied()
        .filter(|(a, b)| group.contains(a) && group.contains(b))
        .collect();
    if p > 0 {
        match exchange(&group, p, &rest_pairs) {
            Some((0, s1)) => {
                let _ = writeln!(
                    out,
                    "  {part}: S1 {} against S2 without exchange (C.4, C.5); the pairs are the first transposition of S2 (D.1) that meets the requirements (C.6, C.7).",
                    s.ids(&s1)
                );
            }
            Some((i, s1)) => {
                let _ = writeln!(
                    out,
                    "  {part}: no transposition of the first split meets the requirements, so exchange {i} of D.2 (C.8.a) makes S1 {}; the pairs are the first transposition of S2 (D.1) that meets them.",
                    s.ids(&s1)
                );
            }
            None => {}
        }
    }
}

/// The bracket's pairs (with `only`, that player's pair).
fn pairs_made(out: &mut String, s: &Seen<'_>) {
    let players = &s.prep.players;
    let shown: Vec<String> = s
        .pairs
        .iter()
        .filter(|&&(a, b)| s.only.is_none_or(|r| r == players[a] || r == players[b]))
        .map(|&(a, b)| format!("{}-{}", s.id(a.min(b)), s.id(a.max(b))))
        .collect();
    if !shown.is_empty() {
        let _ = writeln!(out, "  Pairs: {}.", shown.join(", "));
    }
}

/// C.04.3 (2012) A.4, C.13, C.14, B.5, B.6, D.1-D.2: who moves down into
/// the next bracket and why, or, in the lowest bracket, who is left for
/// the bye.
fn moves_down(out: &mut String, s: &Seen<'_>) {
    let (prep, st, n) = (&s.prep, s.st, s.n());
    let last = s.d.bracket.lowest;
    let paired = s.paired();
    let floaters: Vec<usize> = (0..n)
        .filter(|&v| !paired[v] && s.only.is_none_or(|r| r == prep.players[v]))
        .collect();
    if !floaters.is_empty() {
        let why = if last {
            "left over in the lowest bracket: the bye (C.13)".to_string()
        } else if st.p1 < prep.p0 {
            format!(
                "the bracket makes {} pairs, not P0 = {} (C.14): the rest move down",
                st.p1, prep.p0
            )
        } else {
            format!(
                "the bracket has an odd number of players ({n}), so one moves down; who, the requirements (B.5, B.6 for downfloaters) and the order of D.1-D.2 decide"
            )
        };
        let _ = writeln!(
            out,
            "  {} {} (A.4): {why}.",
            s.ids(&floaters),
            if last {
                "is left unpaired"
            } else {
                "moves down into the next bracket"
            }
        );
    }
}

/// C.04.3 (2012) A.3: with `only` an MDP of this bracket, that he came
/// down unpaired from the bracket above.
fn moved_down_from_above(out: &mut String, s: &Seen<'_>) {
    if let Some(r) = s.only
        && s.d.bracket.mdps.contains(&r)
    {
        let _ = writeln!(
            out,
            "  {} was moved down into this bracket: he was not paired in the bracket above.",
            s.round.p(r).id
        );
    }
}
