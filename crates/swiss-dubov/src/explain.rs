//! The arbiter's account of a round (issue 29), in the rules' words: the
//! bye (B.0), each bracket (its residents, the upfloaters B.1-B.2 chose
//! with their C.5-C.10 values, G1 and G2, B.4's shifts, S1 against T2),
//! and each pair's colours with the rule that gave them (E.0-E.4). It is
//! written from the engine's decisions (`pairing::decide`) and the
//! engine's own measures (`Quality`, `bye_key`, `allocate_why`): nothing
//! here decides anything again. `--explain`'s DEBUG trace stays the
//! developers' view.

use std::fmt::Write as _;

use swiss_core::{Colour, RoundState, StartNo};

use crate::bye::bye_key;
use crate::colour::allocate_why;
use crate::pairing::{Bracket, decide};
use crate::player::{Round, Strength};
use crate::upfloaters::{Quality, Strategy};
use crate::{DubovError, Edition, Options};

/// The account of the round `state` describes; with `player`, only what
/// decided that player's opponent, colour, upfloat or bye.
pub(crate) fn explain(
    state: &RoundState,
    options: &Options,
    player: Option<StartNo>,
) -> Result<String, DubovError> {
    let d = decide(state, options, Strategy::Auto)?;
    let round = &d.round;
    let r = |id| format!("Dubov {}", round.edition.rule(id));
    let ids = |v: &[usize]| -> String {
        if v.is_empty() {
            return "none".into();
        }
        v.iter()
            .map(|&i| round.players[i].id.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let who = player.and_then(|s| round.players.iter().position(|p| p.id == s));
    let mut out = String::new();
    let title = match round.edition {
        Edition::Fide2026 => "FIDE Dubov system, C.04.4.1 as applied from 1 February 2026",
        Edition::Fide2018 => "FIDE Dubov system, C.04.4.1 (2018 text)",
    };
    let _ = writeln!(
        out,
        "Round {} ({title}): {} players to pair.",
        state.round,
        round.players.len()
    );
    match (player, who) {
        (Some(s), None) => {
            let _ = writeln!(out, "Player {s} is not to be paired this round.");
            return Ok(out);
        }
        (Some(_), Some(i)) => {
            let p = &round.players[i];
            let _ = writeln!(
                out,
                "Player {}: score {}, colour preference {} ({}) ({}); ARO {}; upfloated {} times (maximum upfloater at {}, {}){}.",
                p.id,
                p.score,
                colour(p.pref.colour),
                strength(p.pref.strength),
                r("A.5"),
                p.aro,
                p.upfloats,
                round.max_t,
                r("A.7"),
                if p.upfloated_last {
                    ", upfloated in the previous round"
                } else {
                    ""
                }
            );
        }
        _ => {
            let _ = writeln!(
                out,
                "The bye is assigned first ({}), then the scoregroups are paired in descending order of score ({}), each bracket being its residents and the upfloaters chosen for it ({}).",
                r("B.0"),
                r("A.8"),
                r("B.1-B.6")
            );
        }
    }
    if let Some(b) = d.bye
        && who.is_none_or(|i| i == b)
    {
        let p = &round.players[b];
        let passed: Vec<usize> = (0..round.players.len())
            .filter(|&i| round.players[i].bye_eligible && bye_key(round, i) < bye_key(round, b))
            .collect();
        let _ = writeln!(
            out,
            "\nPairing-allocated bye: {} ({}): eligible ({}), and of those whose bye leaves the others pairable ({}) the lowest score ({}), then the most games played ({}), then the lowest in the initial ranking (rank {}).{}",
            p.id,
            r("B.0"),
            r("C.2"),
            r("C.4"),
            p.score,
            p.games,
            p.rank,
            if passed.is_empty() {
                String::new()
            } else {
                format!(
                    " Passed over, their bye leaving the others unpairable: {}.",
                    ids(&passed)
                )
            }
        );
    }
    for b in &d.brackets {
        let all: Vec<usize> = b.residents.iter().chain(&b.set).copied().collect();
        if who.is_some_and(|i| !all.contains(&i)) {
            continue;
        }
        bracket(&mut out, round, b, who, &r, &ids);
    }
    let mut heading = false;
    for b in &d.brackets {
        for (x, y) in b.pairing.pairs() {
            if who.is_some_and(|i| i != x && i != y) {
                continue;
            }
            if !heading {
                let _ = writeln!(out, "\nColours:");
                heading = true;
            }
            let ((w, bl), why) = allocate_why(round, x, y);
            let _ = writeln!(
                out,
                "  {}-{}: {} has white by {}: {}.",
                round.players[w].id,
                round.players[bl].id,
                round.players[w].id,
                r(why),
                grants(why)
            );
        }
    }
    Ok(out)
}

/// One bracket.
fn bracket(
    out: &mut String,
    round: &Round,
    b: &Bracket,
    who: Option<usize>,
    r: &dyn Fn(&'static str) -> String,
    ids: &dyn Fn(&[usize]) -> String,
) {
    let bp = &b.pairing;
    let _ = writeln!(
        out,
        "\nScoregroup {}: residents {}.",
        round.players[b.residents[0]].score,
        ids(&b.residents)
    );
    if let Some(i) = who
        && b.set.contains(&i)
    {
        let _ = writeln!(
            out,
            "  {} floats up into it from score {} ({}, {}).",
            round.players[i].id,
            round.players[i].score,
            r("B.1"),
            r("B.2")
        );
    }
    if b.set.is_empty() {
        let _ = writeln!(
            out,
            "  Upfloaters: none needed, the residents pair among themselves ({}, {}).",
            r("B.1"),
            r("C.5")
        );
    } else {
        let q = Quality::of(round, &b.set, &bp.pairs());
        let scores: Vec<String> = q.c6.iter().map(ToString::to_string).collect();
        let _ = write!(
            out,
            "  Upfloaters ({}, {}): {}: the fewest that let every resident be paired and the rest of the round be completed ({}: {}; {}), with scores {} ({}), {} colour preferences missed in the bracket ({})",
            r("B.1"),
            r("B.2"),
            ids(&b.set),
            r("C.5"),
            q.c5,
            r("C.4"),
            scores.join(" "),
            r("C.6"),
            q.c7,
            r("C.7")
        );
        if let Some((c8, c9, c10)) = q.c8_c10 {
            let _ = write!(
                out,
                ", {c8} maximum upfloaters ({}) upfloated {c9} times ({}), {c10} upfloated in the previous round ({})",
                r("C.8"),
                r("C.9"),
                r("C.10")
            );
        }
        let _ = writeln!(out, "; the first such set in {}'s order.", r("D.1"));
    }
    let _ = writeln!(
        out,
        "  G1 {} and G2 {} ({}: by colour preference, or by ranking when nobody has played).",
        ids(&bp.g1),
        ids(&bp.g2),
        r("B.3")
    );
    if !bp.first_shift.is_empty() || !bp.second_shift.is_empty() {
        let _ = writeln!(
            out,
            "  Shifted ({} with {}): {} out of the smaller subgroup, {} out of the larger.",
            r("B.4"),
            round.edition.rule("D.2"),
            ids(&bp.first_shift),
            ids(&bp.second_shift)
        );
    }
    let _ = writeln!(
        out,
        "  S1 {} ({}: ascending ARO, then ranking) against T2 {} ({} with {}: the first legal transposition).",
        ids(&bp.s1),
        r("B.5"),
        ids(&bp.t2),
        r("B.6"),
        round.edition.rule("D.3")
    );
    let pairs: Vec<String> = bp
        .pairs()
        .iter()
        .filter(|&&(x, y)| who.is_none_or(|i| i == x || i == y))
        .map(|&(x, y)| format!("{}-{}", round.players[x].id, round.players[y].id))
        .collect();
    let _ = writeln!(out, "  Pairs (S1 against T2): {}.", pairs.join(", "));
}

fn colour(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

fn strength(s: Strength) -> &'static str {
    match s {
        Strength::Mild => "mild",
        Strength::Strong => "strong",
        Strength::Absolute => "absolute",
    }
}

/// What each colour rule grants, in words.
pub(crate) fn grants(rule: &str) -> &'static str {
    match rule {
        "E.0" => {
            "both have yet to play, the higher ranked gets the initial colour if his pairing number is odd"
        }
        "E.1" => "both colour preferences are granted",
        "E.2" => "the stronger colour preference is granted",
        "E.3" => "the colours alternate against the latest round in which they differed",
        _ => "the higher ranked player's colour preference is granted",
    }
}
