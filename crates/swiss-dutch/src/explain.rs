//! The arbiter's account of a round (C.04.3), bracket by bracket, in the
//! rules' words: who was in each bracket, how its pairs were chosen, who
//! floated, who got which colour by which rule, and who got the bye. It
//! is written from the engine's own decisions, recorded while it pairs
//! (`engine/record.rs`), and the colour function the engine uses
//! (`colour_and_rule`): nothing here decides anything again. The
//! `--explain` DEBUG trace stays the developers' view.

use std::fmt::Write as _;

use swiss_core::{Colour, Pairing, Points, RoundState, StartNo};

use crate::colour::colour_and_rule;
use crate::engine::Chosen;
use crate::engine::record::BracketRecord;
use crate::engine::{Fide2017, Fide2026};
use crate::float::float_word;
use crate::player::{Player, in_pairing_order};
use crate::{Edition, Error, Options};

/// The rules the account cites, in one edition's numbering (the ids go
/// through [`Edition::cite`], the one map from the 2017 ids to the
/// edition's own).
struct Rules {
    scoregroups: String,
    floats: String,
    preference: String,
    next: String,
    bye: String,
    title: &'static str,
}

fn rules(edition: Edition) -> Rules {
    let cite = |id| edition.cite(id);
    let (bye, title) = match edition {
        // C5 and C9 are new in 2026; the PPB and the CLB (A.9) are gone.
        Edition::Fide2026 => (
            format!("{}, C5, C9", cite("C.2")),
            "FIDE Dutch system, C.04.3 as applied from 1 February 2026",
        ),
        _ => (
            format!("{}, {}", cite("C.2"), edition.rule("A.9")),
            "FIDE Dutch system, C.04.3 (2017 text)",
        ),
    };
    Rules {
        scoregroups: cite("A.3"),
        floats: cite("A.4"),
        preference: cite("A.6"),
        next: cite("C.7"),
        bye,
        title,
    }
}

/// A readable account of how the engine pairs the round `state`
/// describes under `options` (the 2012 edition's account is
/// `fide2012/explain.rs`, in that text's words). With `player`, only what
/// decided that player's opponent, colour, float or bye. Always `Some`.
pub fn explain(
    state: &RoundState,
    options: &Options,
    player: Option<StartNo>,
) -> Option<Result<String, Error>> {
    if options.edition == Edition::Fide2012 {
        let found = state.to_pair().count();
        if found > crate::MAX_PLAYERS_2012 {
            return Some(Err(crate::DutchError::TooManyPlayers2012 {
                limit: crate::MAX_PLAYERS_2012,
                found,
            }
            .into_error(state.round)));
        }
        return Some(
            crate::fide2012::explain(state, player).map_err(|e| e.into_error(state.round)),
        );
    }
    let (pairing, recorded) = crate::pair_recorded(state, options, None);
    Some(pairing.map(|pairing| {
        let field = match options.edition {
            Edition::Fide2026 => in_pairing_order::<Fide2026>(state),
            _ => in_pairing_order::<Fide2017>(state),
        };
        Account {
            state,
            edition: options.edition,
            rules: rules(options.edition),
            field: &field,
            pairing: &pairing,
            brackets: &recorded.brackets,
        }
        .write(player)
    }))
}

struct Account<'a> {
    state: &'a RoundState,
    edition: Edition,
    rules: Rules,
    field: &'a [Player],
    pairing: &'a Pairing,
    brackets: &'a [BracketRecord],
}

fn list(s: &[StartNo]) -> String {
    if s.is_empty() {
        "none".into()
    } else {
        s.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

impl Account<'_> {
    fn player(&self, s: StartNo) -> Option<&Player> {
        self.field.iter().find(|p| p.start_no == s)
    }

    fn write(&self, only: Option<StartNo>) -> String {
        let mut out = String::new();
        let r = &self.rules;
        let _ = writeln!(
            out,
            "Round {} ({}): {} players to pair.",
            self.state.round,
            r.title,
            self.field.len()
        );
        if let Some(n) = only {
            let Some(p) = self.player(n) else {
                let _ = writeln!(out, "Player {n} is not paired in this round.");
                return out;
            };
            self.facts(&mut out, p);
        } else {
            let _ = writeln!(
                out,
                "Players are ranked by score, then pairing number, and grouped by score ({}); the brackets are paired from the top down, each one's unpaired players floating down into the next ({}).",
                r.scoregroups, r.floats
            );
        }
        for (k, b) in self.brackets.iter().enumerate() {
            let involved = |n: StartNo| b.mdps.contains(&n) || b.residents.contains(&n);
            if only.is_some_and(|n| !involved(n)) {
                continue;
            }
            self.bracket(&mut out, k + 1, b, only);
        }
        self.colours(&mut out, only);
        self.bye(&mut out, only);
        out
    }

    /// What a player brings to the round: score, colour preference, floats.
    fn facts(&self, out: &mut String, p: &Player) {
        let r = &self.rules;
        let preference = match p.preference {
            None => "none (no game played)".to_string(),
            Some(c) => {
                let strength = if p.absolute() {
                    "absolute"
                } else if p.strong() {
                    "strong"
                } else {
                    "mild"
                };
                format!("{} ({strength})", colour_name(c))
            }
        };
        let float = |back: usize| float_word(p.float(back));
        let _ = writeln!(
            out,
            "Player {}: pairing score {}, colour preference {} ({}); floats last round: {}, two rounds ago: {} ({}).",
            p.start_no,
            Points(p.score),
            preference,
            r.preference,
            float(1),
            float(2),
            r.floats
        );
    }

    fn bracket(&self, out: &mut String, k: usize, b: &BracketRecord, only: Option<StartNo>) {
        let r = &self.rules;
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "Bracket {k}, score {}: residents {}; MDPs (floated down from above) {}.",
            Points(b.score),
            list(&b.residents),
            list(&b.mdps)
        );
        if let Some(n) = only
            && b.mdps.contains(&n)
        {
            let _ = writeln!(
                out,
                "  {n} is an MDP here: he was not paired in the bracket above ({}).",
                r.floats
            );
        }
        if b.completion {
            let _ = writeln!(
                out,
                "  Every player still unpaired took part, so that the rest of the round can be completed ({}).",
                match self.edition {
                    Edition::Fide2026 => self.edition.cite("C.4"),
                    e => format!(
                        "{}, {}: the penultimate or last bracket",
                        e.cite("A.9"),
                        e.rule("C.4")
                    ),
                }
            );
        } else if !b.considered.is_empty() {
            let _ = writeln!(
                out,
                "  Considered with it: the next scoregroup ({} player{}), for {}.",
                b.considered.len(),
                if b.considered.len() == 1 { "" } else { "s" },
                r.next
            );
        }
        let e = self.edition;
        let how = match b.how {
            Chosen::Perfect => format!(
                "{}: the first candidate (S1 against S2 in order) is perfect, no other candidate can do better on any criterion, so it is taken",
                e.rule("B.4")
            ),
            Chosen::Best => format!(
                "{}: the best candidate under the quality criteria, the first of them in the order {} and {} generate candidates",
                e.rule("B.8"),
                e.rule("B.6/B.7"),
                e.rule("D.1-D.3")
            ),
        };
        let _ = writeln!(out, "  Chosen by {how}.");
        let pairs: Vec<String> = b
            .pairs
            .iter()
            .filter(|(x, y)| only.is_none_or(|n| n == *x || n == *y))
            .map(|(x, y)| format!("{x}-{y}"))
            .collect();
        if !pairs.is_empty() {
            let _ = writeln!(out, "  Pairs: {}.", pairs.join(", "));
        }
        let floaters: Vec<StartNo> = b
            .downfloaters
            .iter()
            .copied()
            .filter(|&s| only.is_none_or(|n| n == s))
            .collect();
        if !floaters.is_empty() {
            let last = k == self.brackets.len();
            let where_to = if last {
                "left unpaired"
            } else {
                "floats down into the next bracket"
            };
            let size = b.mdps.len() + b.residents.len();
            let why = if size % 2 == 1 && b.downfloaters.len() == 1 {
                format!(
                    "the bracket has an odd number of players ({size}), so one is left over; who, the quality criteria and the candidate order decide"
                )
            } else {
                "the bracket cannot pair all its players under the absolute criteria and the criteria above".to_string()
            };
            let _ = writeln!(
                out,
                "  {} {where_to} ({}): {why}.",
                list(&floaters),
                r.floats
            );
        }
        if only.is_none() || !floaters.is_empty() || !pairs.is_empty() {
            let unmet = if b.unmet.is_empty() || b.unmet == "none" {
                "none".to_string()
            } else {
                b.unmet.clone()
            };
            let _ = writeln!(
                out,
                "  Quality criteria the bracket could not fully meet: {unmet}."
            );
        }
    }

    fn colours(&self, out: &mut String, only: Option<StartNo>) {
        let mut lines = Vec::new();
        for pair in &self.pairing.pairs {
            if only.is_some_and(|n| n != pair.white && n != pair.black) {
                continue;
            }
            let (Some(x), Some(y)) = (self.player(pair.white), self.player(pair.black)) else {
                continue;
            };
            // As `pair` does: the colour of the lower start number.
            let (a, b) = if x.start_no < y.start_no {
                (x, y)
            } else {
                (y, x)
            };
            let (_, rule) = colour_and_rule(a, b, self.state.initial_colour);
            let why = match rule.number() {
                5 => format!(
                    "{} (initial colour {})",
                    rule.describe(),
                    colour_name(self.state.initial_colour)
                ),
                _ => rule.describe().to_string(),
            };
            lines.push(format!(
                "  {}-{}: {} has white by {}: {why}.",
                pair.white,
                pair.black,
                pair.white,
                self.edition.cite(&format!("E.{}", rule.number()))
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

    fn bye(&self, out: &mut String, only: Option<StartNo>) {
        let Some(bye) = self.pairing.bye else {
            return;
        };
        if only.is_some_and(|n| n != bye) {
            return;
        }
        let r = &self.rules;
        let _ = writeln!(out);
        let why = match self.edition {
            Edition::Fide2026 => {
                "the one player left unpaired: eligible for it (no earlier PAB, no win's worth scored without playing), at the lowest score a complete pairing allows, and among those preferably with the fewest unplayed rounds"
            }
            _ => {
                "the one player left unpaired in the last bracket: eligible for it (no earlier bye or forfeit win), chosen so that the round can be completed"
            }
        };
        let _ = writeln!(
            out,
            "Bye: {bye} gets the pairing-allocated bye, {why} ({}).",
            r.bye
        );
    }
}
