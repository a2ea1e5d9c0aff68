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
use crate::compare::{Choice, GroupRecord, colour_rule};
use crate::player::Field;
use crate::round::{Made, pair_all};
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
    let who = player.and_then(|s| field.players.iter().position(|p| p.id == s));
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
        (Some(_), Some(i)) => player_facts(&mut out, &field, i),
        _ => {
            let _ = writeln!(
                out,
                "Score-groups are paired from the highest down to just above the median, then from the lowest up, the median score-group last (Lim 2.2); a player without a compatible opponent in his group, or the one left over in an odd group, floats to the next group in that direction (Lim 2.3, 3.2)."
            );
        }
    }
    pairing_allocated_bye(&mut out, &field, bye, who);
    for g in &records {
        if who.is_some_and(|i| !g.members.contains(&i)) {
            continue;
        }
        score_group(&mut out, &field, g, &made, who);
    }
    colours(&mut out, &field, &made, who);
    Ok(out)
}

/// `Lim x` in the field's edition's numbering (`x` in the 1999 text's).
fn rule(field: &Field, x: &'static str) -> String {
    format!("Lim {}", field.edition.rule(x))
}

/// The start numbers of players `v`, in their order.
fn ids(field: &Field, v: &[usize]) -> String {
    if v.is_empty() {
        return "none".into();
    }
    v.iter()
        .map(|&i| field.p(i).id.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// With `--player`, what the player brings to the round: score, the
/// colour due (`Lim 5.5`, `5.6`) and a float in the round before
/// (`Lim 3.10`).
fn player_facts(out: &mut String, field: &Field, i: usize) {
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
        rule(field, "5.5"),
        rule(field, "5.6"),
        if p.floated_last_round {
            format!(", floated in the round before ({})", rule(field, "3.10"))
        } else {
            String::new()
        }
    );
}

/// `Lim 1.1`: the pairing-allocated bye (with `who`, when it is that
/// player's).
fn pairing_allocated_bye(out: &mut String, field: &Field, bye: Option<usize>, who: Option<usize>) {
    if let Some(b) = bye
        && who.is_none_or(|i| i == b)
    {
        let _ = writeln!(
            out,
            "\nPairing-allocated bye: {} ({}: the lowest ranked player of the lowest score-group who may receive it ({}) and whose bye leaves the others pairable).",
            field.p(b).id,
            rule(field, "1.1"),
            field.edition.bye_rule()
        );
    }
}

/// One score-group `g` as the engine paired it: its residents and
/// floaters (`Lim 2.2`, `2.3`), the players who float out of it and why
/// (`Lim 2.3`, `3.2`, `3.9`, `3.10`, `4.4`), and its pairs (`Lim 3.8`,
/// `4.1`-`4.3`, `2.6`); with `who`, only what involves that player.
fn score_group(
    out: &mut String,
    field: &Field,
    g: &GroupRecord,
    made: &[Made],
    who: Option<usize>,
) {
    residents_and_floaters(out, field, g);
    forced_floats(out, field, g, who);
    choices(out, field, g, made, who);
    if !g.out.is_empty() && who.is_none_or(|i| g.out.contains(&i)) {
        let _ = writeln!(out, "  Floaters out: {}.", ids(field, &g.out));
    }
}

/// `Lim 2.2`, `2.3`: the score-group, its direction (downward, upward or
/// the median), its residents and the floaters it took in.
fn residents_and_floaters(out: &mut String, field: &Field, g: &GroupRecord) {
    let _ = writeln!(
        out,
        "\nScore-group {} ({}): residents {}; floaters in {}.",
        g.score,
        g.direction(),
        ids(field, &g.members[..g.residents]),
        ids(field, &g.members[g.residents..])
    );
}

/// `Lim 2.3 a-c`: the players with no compatible opponent in the group,
/// who float, each with the rule that makes him float.
fn forced_floats(out: &mut String, field: &Field, g: &GroupRecord, who: Option<usize>) {
    for (x, why) in g.forced.iter().zip(&g.forced_why) {
        if who.is_none_or(|i| i == *x) {
            let _ = writeln!(
                out,
                "  {} floats: no compatible opponent in the group ({why}).",
                field.p(*x).id
            );
        }
    }
}

/// `Lim 3.8`, `4.1`-`4.3`, `3.9`, `3.10`, `5.2`: the engine's own line for
/// each choice it made in the group (a pair with the candidates passed
/// over, or a floater), and `Lim 2.6` when a pair was cracked afterwards
/// because the median score-group was blocked.
fn choices(out: &mut String, field: &Field, g: &GroupRecord, made: &[Made], who: Option<usize>) {
    let kept = |a: usize, b: usize| {
        made.iter()
            .any(|m| (m.a, m.b) == (a, b) || (m.a, m.b) == (b, a))
    };
    for (c, line) in g.choices.iter().zip(&g.log) {
        if who.is_some_and(|i| !involved(c).contains(&i)) {
            continue;
        }
        let cracked = match *c {
            Choice::Pair { p, q, .. } if !kept(p, q) => format!(
                " (cracked afterwards: the median score-group was blocked, {})",
                rule(field, "2.6")
            ),
            _ => String::new(),
        };
        let _ = writeln!(out, "  {line}{cracked}");
    }
}

/// For `--player`: the players a choice concerns: the floater, or the
/// pair and the candidates passed over before the opponent chosen.
fn involved(c: &Choice) -> Vec<usize> {
    match c {
        Choice::Float { x, .. } => vec![*x],
        Choice::Pair { p, q, cands, .. } => {
            // The pair, and the candidates passed over before q.
            let mut v = vec![*p, *q];
            v.extend(cands.iter().map(|&(c, _)| c).take_while(|c| c != q));
            v
        }
    }
}

/// `Lim 5`, `7.2`: each pair's colours and the rule that gave them (with
/// `who`, that player's pair).
fn colours(out: &mut String, field: &Field, made: &[Made], who: Option<usize>) {
    let id = |i: usize| field.p(i).id;
    let mut heading = false;
    for m in made {
        if who.is_some_and(|i| i != m.a && i != m.b) {
            continue;
        }
        if !heading {
            let _ = writeln!(out, "\nColours:");
            heading = true;
        }
        let (w, b, why) = allocate(field, m.a, m.b, m.lower_half);
        let (r, grants) = colour_rule(field, why);
        let _ = writeln!(
            out,
            "  {}-{}: {} has white by {r}: {grants}.",
            id(w),
            id(b),
            id(w)
        );
    }
}
