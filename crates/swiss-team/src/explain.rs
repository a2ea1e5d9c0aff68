//! The arbiter's account of a team round (`swiss explain --system team`)
//! and the rule that separates a legal proposal from the engine's pairing
//! (`swiss compare --system team`), both read from the engine's own
//! decisions and citing C.04.6.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use swiss_core::{Colour, Pairing, PairingError, Separation, SeparationKind, Tournament};

use crate::Options;
use crate::bracket::{Quality, pair_quality};
use crate::colour::ColourRule;
use crate::field::{Field, Strength};
use crate::pairing::{BracketRecord, TeamRound, pair_teams};
use crate::state::{RoundInput, Seating, TeamNo};
use crate::tournament::event_of;
use crate::upfloaters::c6_met;

/// The round to pair of `t` as the engine reads it, the teams left out,
/// and the engine's round.
fn engine_round(
    t: &Tournament,
    options: &Options,
) -> Result<(RoundInput, Vec<TeamNo>, TeamRound), PairingError> {
    let (event, absent) = event_of(t)?;
    let mut input = event.round_input_without(t.next_round(), &absent);
    input.seating = options.seating;
    let round = pair_teams(&input)?;
    Ok((input, absent, round))
}

impl ColourRule {
    /// What the step says, in words.
    pub fn words(self) -> &'static str {
        match self {
            ColourRule::InitialColour => {
                "neither team has played a match: the first-team gets the initial colour when its number is odd"
            }
            ColourRule::OnePreference => "only one team has a colour preference: it is granted",
            ColourRule::OppositePreferences => "the teams prefer opposite colours: both granted",
            ColourRule::StrongPreference => "only one preference is strong (type B): it is granted",
            ColourRule::LowerColourDifference => {
                "white to the team with the lower colour difference"
            }
            ColourRule::History => {
                "alternate from the latest match where one team had white and the other black"
            }
            ColourRule::FirstTeamPreference => "the first-team's colour preference",
            ColourRule::FirstTeamAlternates => "the first-team alternates from its last colour",
            ColourRule::OtherTeamAlternates => "the other team alternates from its last colour",
        }
    }
}

/// `swiss explain --system team`: the round bracket by bracket (with
/// `team`, only what decided that team's opponent, colour or PAB).
pub fn account(
    t: &Tournament,
    options: &Options,
    team: Option<TeamNo>,
) -> Result<String, PairingError> {
    let (input, absent, round) = engine_round(t, options)?;
    let f = Field::new(&input);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Round {} (FIDE Swiss Team system, C.04.6 as applied from 1 February 2026): {} teams to pair{}.",
        input.round,
        f.len(),
        if absent.is_empty() {
            String::new()
        } else {
            format!(
                "; not paired (record 240, or every member absent): {}",
                list(&absent)
            )
        }
    );
    if let Some(x) = team
        && absent.contains(&x)
    {
        let _ = writeln!(
            s,
            "Team {x} is not paired in round {}: a record 240, or every member's entry, keeps it out of the round.",
            input.round
        );
        return Ok(s);
    }
    let _ = writeln!(
        s,
        "Teams are grouped by pairing score (C.04.6 1.2, 3.2); after the pairing-allocated bye (3.4), the top scoregroup is paired with the upfloaters 3.5 chooses, bracket after bracket (3.3.2), and the colours come last (Art. 4)."
    );
    let wanted = |x: TeamNo| team.is_none_or(|y| y == x);
    for i in (0..f.len()).filter(|&i| team == Some(f.tpn(i))) {
        let _ = writeln!(s, "{}", team_line(&f, i));
    }
    // Who has the PAB decides the field of every bracket: always told.
    if let Some(pab) = round.pab {
        let barred: Vec<TeamNo> = f
            .teams
            .iter()
            .filter(|x| x.pab_barred)
            .map(|x| x.tpn)
            .collect();
        let _ = writeln!(
            s,
            "\nPairing-allocated bye (C.04.6 3.4): team {pab}: of the teams [C2] allows (2.1.2), the lowest score (3.4.2), then the most matches played (3.4.3), then the largest TPN (3.4.4), whose bye leaves the other teams a pairing (3.4.1).{}",
            if barred.is_empty() {
                String::new()
            } else {
                format!(
                    " [C2] bars (a PAB, a forfeit win or a full-point bye before): {}.",
                    list(&barred)
                )
            }
        );
    }
    for (k, b) in round.brackets.iter().enumerate() {
        let members = b.residents.iter().chain(&b.upfloaters);
        if team.is_some() && !members.clone().any(|&x| wanted(x)) {
            continue;
        }
        bracket_account(&mut s, k, b, input.last_two());
    }
    let colours: Vec<String> = round
        .pairs
        .iter()
        .filter(|p| wanted(p.white) || wanted(p.black))
        .map(|p| {
            format!(
                "  {}-{}: {} has white by C.04.6 {} ({}).",
                p.white,
                p.black,
                p.white,
                p.rule.article(),
                p.rule.words()
            )
        })
        .collect();
    if !colours.is_empty() {
        let _ = writeln!(
            s,
            "\nColours (C.04.6 4.2-4.3; the first-team by 4.2), in board order:\n{}",
            colours.join("\n")
        );
    }
    if let Some(x) = team
        && !f.teams.iter().any(|y| y.tpn == x)
    {
        let _ = writeln!(s, "Team {x} is not a team of this tournament.");
    }
    Ok(s)
}

/// One bracket of the account: its residents and upfloaters (`3.5`), why
/// those upfloaters, its pairs (`3.6`) and the quality criteria left unmet.
fn bracket_account(s: &mut String, k: usize, b: &BracketRecord, last_two: bool) {
    let _ = writeln!(
        s,
        "\nBracket {}, score {}: residents {}; upfloaters (C.04.6 3.5) {}.",
        k + 1,
        b.score,
        list(&b.residents),
        if b.upfloaters.is_empty() {
            "none".to_string()
        } else {
            list(&b.upfloaters)
        }
    );
    if !b.upfloaters.is_empty() {
        let _ = writeln!(
            s,
            "  Upfloaters chosen by [C3]-[C7] (2.2.1, 2.3.1-2.3.4): the others can still be paired, the fewest ({}), the highest scores, then [C6] {} and [C7] {} (upfloaters who floated in the previous round{}); the first such set in the order of 3.5.4.",
            b.upfloaters.len(),
            if b.c6 { "met" } else { "not met" },
            b.c7,
            if last_two {
                ", not counted in the last two rounds"
            } else {
                ""
            }
        );
    }
    let pairs: Vec<String> = b.pairs.iter().map(|(x, y)| format!("{x}-{y}")).collect();
    let _ = writeln!(
        s,
        "  Pairs (3.6: of the pairings that best meet [C8]-[C10], the first in identifier order, 3.6.2; top member first): {}.",
        pairs.join(", ")
    );
    let _ = writeln!(
        s,
        "  Quality criteria the bracket could not fully meet: {}.",
        quality_words(b.quality)
    );
}

/// What the rules read of team `i`.
fn team_line(f: &Field<'_>, i: usize) -> String {
    let x = f.teams[i];
    let pref = match f.pref[i] {
        None => "none".to_string(),
        Some((c, strength)) => format!(
            "{} ({})",
            match c {
                Colour::White => "white",
                Colour::Black => "black",
            },
            match strength {
                Strength::Strong => "strong",
                Strength::Mild => "mild",
            }
        ),
    };
    format!(
        "Team {}: pairing score {} (C.04.6 1.2), colour preference {} (1.7), colour difference {:+} (1.6.2), floated in the previous round: {} (1.5), {}.",
        x.tpn,
        x.score,
        pref,
        x.colour_difference(),
        if x.floated { "yes" } else { "no" },
        if x.pab_barred {
            "barred from the PAB by [C2] (2.1.2)"
        } else {
            "may receive the PAB"
        }
    )
}

fn quality_words(q: Quality) -> String {
    let mut out = Vec::new();
    for (name, v) in [("[C8]", q.c8), ("[C9]", q.c9), ("[C10]", q.c10)] {
        if v > 0 {
            out.push(format!("{name}: {v}"));
        }
    }
    if out.is_empty() {
        "none".into()
    } else {
        out.join(", ")
    }
}

fn list(teams: &[TeamNo]) -> String {
    teams
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `swiss compare --system team`: for a legal, complete proposal that is
/// not the engine's pairing, the first step of the procedure (`3.3.2`)
/// where they part, and the rule of that step that prefers the engine's:
/// the PAB (`3.4.2`-`3.4.4`), a bracket's upfloaters (`[C4]`-`[C7]`, then
/// `3.5.4`'s order), its pairs (`[C8]`-`[C10]`, then `3.6.2`'s identifier
/// order), or a pair's colours (`4.3`).
pub fn separate(t: &Tournament, options: &Options, proposed: &Pairing) -> Option<Separation> {
    let (input, _, round) = engine_round(t, options).ok()?;
    let f = Field::new(&input);
    let index: BTreeMap<TeamNo, usize> = (0..f.len()).map(|i| (f.tpn(i), i)).collect();
    let mut mate: BTreeMap<usize, usize> = BTreeMap::new();
    for p in &proposed.pairs {
        let (a, b) = (*index.get(&p.white)?, *index.get(&p.black)?);
        mate.insert(a, b);
        mate.insert(b, a);
    }
    if proposed.bye != round.pab {
        return pab_separation(&f, round.pab?, proposed.bye?);
    }
    let mut unpaired: Vec<usize> = (0..f.len())
        .filter(|&i| Some(f.tpn(i)) != round.pab)
        .collect();
    for (k, b) in round.brackets.iter().enumerate() {
        let unit = format!("bracket {} (score {})", k + 1, b.score);
        let idx = |x: &TeamNo| index.get(x).copied();
        let residents: Vec<usize> = b.residents.iter().filter_map(idx).collect();
        let upfloaters: Vec<usize> = b.upfloaters.iter().filter_map(idx).collect();
        let engine_pairs: Vec<(usize, usize)> = b
            .pairs
            .iter()
            .filter_map(|(x, y)| Some((idx(x)?, idx(y)?)))
            .collect();
        let mut theirs: Vec<usize> = residents
            .iter()
            .filter_map(|r| mate.get(r).copied())
            .filter(|m| !residents.contains(m))
            .collect();
        theirs.sort_unstable();
        theirs.dedup();
        let mut ours = upfloaters.clone();
        ours.sort_unstable();
        if theirs != ours {
            return Some(upfloater_separation(
                &f,
                &unit,
                &residents,
                &unpaired,
                &upfloaters,
                &theirs,
            ));
        }
        let mut bracket = residents.clone();
        bracket.extend(&upfloaters);
        let proposal_pairs: Vec<(usize, usize)> = bracket
            .iter()
            .filter_map(|&a| mate.get(&a).map(|&m| (a, m)))
            .filter(|&(a, m)| a < m)
            .collect();
        let key = |v: &[(usize, usize)]| {
            let mut v: Vec<(usize, usize)> = v.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
            v.sort_unstable();
            v
        };
        if key(&engine_pairs) != key(&proposal_pairs) {
            return Some(bracket_separation(
                &f,
                &unit,
                b.quality,
                &engine_pairs,
                &proposal_pairs,
            ));
        }
        unpaired.retain(|i| !bracket.contains(i));
    }
    // The same pairs and PAB: the colours of some pair differ.
    let reversed = round.pairs.iter().find(|e| {
        proposed
            .pairs
            .iter()
            .any(|p| p.white == e.black && p.black == e.white)
    })?;
    Some(Separation::new(
        SeparationKind::Colour,
        format!("the match of {} and {}", reversed.white, reversed.black),
        format!("C.04.6 {}", reversed.rule.article()),
        reversed.rule.words(),
        format!("{} has white", reversed.white),
        format!("{} has white", reversed.black),
    ))
}

/// `3.4`: both PABs are allowed by `[C2]` and leave a pairing (the
/// proposal is legal and complete), so the engine's comes first in the
/// order of `3.4.2`-`3.4.4`.
fn pab_separation(f: &Field<'_>, engine: TeamNo, proposed: TeamNo) -> Option<Separation> {
    let team = |x: TeamNo| f.teams.iter().find(|y| y.tpn == x).copied();
    let (e, p) = (team(engine)?, team(proposed)?);
    let (rule, measure, ev, pv) = if e.score != p.score {
        (
            "C.04.6 3.4.2",
            "the PAB goes to the lowest score",
            e.score.to_string(),
            p.score.to_string(),
        )
    } else if e.matches_played != p.matches_played {
        (
            "C.04.6 3.4.3",
            "then to the most matches played",
            e.matches_played.to_string(),
            p.matches_played.to_string(),
        )
    } else {
        (
            "C.04.6 3.4.4",
            "then to the largest TPN",
            e.tpn.to_string(),
            p.tpn.to_string(),
        )
    };
    Some(Separation::new(
        SeparationKind::Criterion,
        "the pairing-allocated bye",
        rule,
        measure,
        format!("team {engine}: {ev}"),
        format!("team {proposed}: {pv}"),
    ))
}

/// `3.5`: the proposal pairs the residents with another set of upfloaters
/// (`theirs`), which the proposal being complete shows legal (`[C1]`,
/// `[C3]`): the first of `[C4]`, `[C5]`, `[C6]`, `[C7]` on which it does
/// worse, else the order of `3.5.4`.
fn upfloater_separation(
    f: &Field<'_>,
    unit: &str,
    residents: &[usize],
    unpaired: &[usize],
    ours: &[usize],
    theirs: &[usize],
) -> Separation {
    // A set in the order of 3.5.3: score descending, then TPN ascending
    // (indices are in TPN order).
    let tpns = |v: &[usize]| {
        let mut v = v.to_vec();
        v.sort_unstable_by_key(|&i| (f.level[i], i));
        let v: Vec<TeamNo> = v.iter().map(|&i| f.tpn(i)).collect();
        if v.is_empty() {
            "none".to_string()
        } else {
            list(&v)
        }
    };
    let sep = |kind, rule: &str, measure: &str, e: String, p: String| {
        Separation::new(kind, unit, rule, measure, e, p)
    };
    if ours.len() != theirs.len() {
        return sep(
            SeparationKind::Criterion,
            "C.04.6 2.3.1 [C4]",
            "the number of upfloaters",
            format!("{} ({})", ours.len(), tpns(ours)),
            format!("{} ({})", theirs.len(), tpns(theirs)),
        );
    }
    let scores = |v: &[usize]| {
        let mut s: Vec<_> = v.iter().map(|&i| f.teams[i].score).collect();
        s.sort_unstable();
        s
    };
    let words = |v: &[usize]| {
        scores(v)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    if scores(ours) != scores(theirs) {
        return sep(
            SeparationKind::Criterion,
            "C.04.6 2.3.2 [C5]",
            "the upfloaters' scores, lowest first (the higher sequence is better)",
            words(ours),
            words(theirs),
        );
    }
    let top = residents.first().map_or(0, |&r| f.level[r]);
    let weigh = |set: &[usize]| {
        let rest: Vec<usize> = unpaired
            .iter()
            .copied()
            .filter(|i| !residents.contains(i) && !set.contains(i))
            .collect();
        let c7 = if f.input.last_two() {
            0
        } else {
            set.iter().filter(|&&i| f.teams[i].floated).count()
        };
        (c6_met(f, top, &rest), c7)
    };
    let ((c6e, c7e), (c6p, c7p)) = (weigh(ours), weigh(theirs));
    if c6e != c6p {
        let met = |m: bool| if m { "met" } else { "not met" }.to_string();
        return sep(
            SeparationKind::Criterion,
            "C.04.6 2.3.3 [C6]",
            "the following scoregroup can be paired with the fewest upfloaters",
            met(c6e),
            met(c6p),
        );
    }
    if c7e != c7p {
        return sep(
            SeparationKind::Criterion,
            "C.04.6 2.3.4 [C7]",
            "upfloaters who floated in the previous round",
            c7e.to_string(),
            c7p.to_string(),
        );
    }
    sep(
        SeparationKind::Order,
        "C.04.6 3.5.4",
        "the sets of upfloaters in lexicographic order of their TPNs",
        tpns(ours),
        tpns(theirs),
    )
}

/// `3.6`: the same bracket, other pairs: the first of `[C8]`-`[C10]` on
/// which the proposal does worse, else the identifier order of `3.6.2`.
fn bracket_separation(
    f: &Field<'_>,
    unit: &str,
    ours: Quality,
    engine: &[(usize, usize)],
    proposed: &[(usize, usize)],
) -> Separation {
    let mut theirs = Quality::default();
    for &(a, b) in proposed {
        theirs += pair_quality(f, a, b);
    }
    let criteria = [
        (
            "C.04.6 2.3.5 [C8]",
            "teams whose colour preference is not met",
            ours.c8,
            theirs.c8,
        ),
        (
            "C.04.6 2.3.6 [C9]",
            "teams whose strong colour preference is not met",
            ours.c9,
            theirs.c9,
        ),
        (
            "C.04.6 2.3.7 [C10]",
            "upfloaters' opponents who floated in the previous round",
            ours.c10,
            theirs.c10,
        ),
    ];
    if let Some(&(rule, measure, e, p)) = criteria.iter().find(|c| c.2 != c.3) {
        return Separation::new(
            SeparationKind::Criterion,
            unit,
            rule,
            measure,
            e.to_string(),
            p.to_string(),
        );
    }
    Separation::new(
        SeparationKind::Order,
        unit,
        "C.04.6 3.6.2",
        "the identifier: the top members in order, then their opponents",
        identifier(f, engine),
        identifier(f, proposed),
    )
}

/// `3.6.2`'s identifier of a bracket's pairs: the top members ascending,
/// then each one's opponent, as TPNs.
fn identifier(f: &Field<'_>, pairs: &[(usize, usize)]) -> String {
    let seat = |i: usize| match f.input.seating {
        Seating::Tpn => (0, i),
        Seating::ScoreThenTpn => (f.level[i], i),
    };
    let mut seated: Vec<(usize, usize)> = pairs
        .iter()
        .map(|&(a, b)| if seat(a) < seat(b) { (a, b) } else { (b, a) })
        .collect();
    seated.sort_unstable_by_key(|&(a, _)| seat(a));
    let tops: Vec<TeamNo> = seated.iter().map(|&(a, _)| f.tpn(a)).collect();
    let bottoms: Vec<TeamNo> = seated.iter().map(|&(_, b)| f.tpn(b)).collect();
    format!("{} | {}", list(&tops), list(&bottoms))
}
