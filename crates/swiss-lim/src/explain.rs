//! The arbiter's account of a Lim round (issue 29): the bye (`Lim 1.1`),
//! each score-group in the order of `Lim 2.2` with its members, the
//! players who float and why (`Lim 2.3`, `3.9`, `3.10`, `3.2`, `4.4`),
//! each pair with the candidates passed over (`Lim 3.8`, `4.1`-`4.3`,
//! `5.2`), and each pair's colours with the rule that gave them (`Lim 5`,
//! `7.2`). The lines are the engine's own, written where it decides
//! (`group.rs`, recorded while the account is asked for), so nothing here
//! decides anything again.

use std::fmt::Write as _;

use swiss_core::{RoundState, StartNo};

use crate::colour::allocate;
use crate::compare::{Choice, colour_rule};
use crate::player::Field;
use crate::round::pair_all;
use crate::{Edition, LimError, Options};

/// The account of the round `state` describes; with `player`, only what
/// decided that player's opponent, colour, float or bye.
pub(crate) fn explain(
    state: &RoundState,
    options: &Options,
    player: Option<StartNo>,
) -> Result<String, LimError> {
    let field = Field::new(state, options).recording();
    let result = pair_all(&field);
    let records = field.take_records();
    let (bye, made) = result?;
    let id = |i: usize| field.p(i).id;
    let ids = |v: &[usize]| -> String {
        if v.is_empty() {
            return "none".into();
        }
        v.iter()
            .map(|&i| id(i).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let who = player.and_then(|s| field.players.iter().position(|p| p.id == s));
    let rule = |x| format!("Lim {}", field.edition.rule(x));
    let title = match field.edition {
        Edition::Fide2026 => "FIDE Lim system, C.04.4.3 as applied from 1 February 2026",
        Edition::Fide1999 => "FIDE Lim system, C.04.4.3 (1999 text)",
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Round {} ({title}): {} players to pair.",
        state.round,
        field.players.len()
    );
    match (player, who) {
        (Some(s), None) => {
            let _ = writeln!(out, "Player {s} is not to be paired this round.");
            return Ok(out);
        }
        (Some(_), Some(i)) => {
            let p = field.p(i);
            let _ = writeln!(
                out,
                "Player {}: score {}, colour due {} ({}, {}){}.",
                p.id,
                p.score,
                p.due.map_or("none", |c| if c == swiss_core::Colour::White {
                    "white"
                } else {
                    "black"
                }),
                rule("5.5"),
                rule("5.6"),
                if p.floated_last_round {
                    format!(", floated in the round before ({})", rule("3.10"))
                } else {
                    String::new()
                }
            );
        }
        _ => {
            let _ = writeln!(
                out,
                "Score-groups are paired from the highest down to just above the median, then from the lowest up, the median score-group last (Lim 2.2); a player without a compatible opponent in his group, or the one left over in an odd group, floats to the next group in that direction (Lim 2.3, 3.2)."
            );
        }
    }
    if let Some(b) = bye
        && who.is_none_or(|i| i == b)
    {
        let _ = writeln!(
            out,
            "\nPairing-allocated bye: {} ({}: the lowest ranked player of the lowest score-group who may receive it ({}) and whose bye leaves the others pairable).",
            id(b),
            rule("1.1"),
            field.edition.bye_rule()
        );
    }
    let kept = |a: usize, b: usize| {
        made.iter()
            .any(|m| (m.a, m.b) == (a, b) || (m.a, m.b) == (b, a))
    };
    for g in &records {
        if who.is_some_and(|i| !g.members.contains(&i)) {
            continue;
        }
        let _ = writeln!(
            out,
            "\nScore-group {} ({}): residents {}; floaters in {}.",
            g.score,
            if g.median {
                "the median score-group"
            } else if g.down {
                "paired downward"
            } else {
                "paired upward"
            },
            ids(&g.members[..g.residents]),
            ids(&g.members[g.residents..])
        );
        for (x, why) in g.forced.iter().zip(&g.forced_why) {
            if who.is_none_or(|i| i == *x) {
                let _ = writeln!(
                    out,
                    "  {} floats: no compatible opponent in the group ({why}).",
                    id(*x)
                );
            }
        }
        for (c, line) in g.choices.iter().zip(&g.log) {
            let involved = match c {
                Choice::Float { x, .. } => vec![*x],
                Choice::Pair { p, q, cands, .. } => {
                    // The pair, and the candidates passed over before q.
                    let mut v = vec![*p, *q];
                    v.extend(cands.iter().map(|&(c, _)| c).take_while(|c| c != q));
                    v
                }
            };
            if who.is_some_and(|i| !involved.contains(&i)) {
                continue;
            }
            let cracked = match *c {
                Choice::Pair { p, q, .. } if !kept(p, q) => format!(
                    " (cracked afterwards: the median score-group was blocked, {})",
                    rule("2.6")
                ),
                _ => String::new(),
            };
            let _ = writeln!(out, "  {line}{cracked}");
        }
        if !g.out.is_empty() && who.is_none_or(|i| g.out.contains(&i)) {
            let _ = writeln!(out, "  Floaters out: {}.", ids(&g.out));
        }
    }
    let mut heading = false;
    for m in &made {
        if who.is_some_and(|i| i != m.a && i != m.b) {
            continue;
        }
        if !heading {
            let _ = writeln!(out, "\nColours:");
            heading = true;
        }
        let (w, b, why) = allocate(&field, m.a, m.b, m.lower_half);
        let (r, grants) = colour_rule(&field, why);
        let _ = writeln!(
            out,
            "  {}-{}: {} has white by {r}: {grants}.",
            id(w),
            id(b),
            id(w)
        );
    }
    Ok(out)
}
