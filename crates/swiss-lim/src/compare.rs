//! The arbiter's comparison (issue 29): the first decision of the Lim
//! procedure that a legal proposal does not follow, and the rule that made
//! the engine decide otherwise. The score-groups record their decisions
//! as they make them (`group.rs`, on a field made with
//! `Field::recording`), with the candidates in the order the text tries
//! them and the floater keys the engine sorted by, so nothing is judged a
//! second way.
//!
//! The units, in the order the text decides them: the pairing-allocated
//! bye (`Lim 1.1`), the score-groups in the order of `Lim 2.2`, each
//! decision in the order made (its floaters by `Lim 2.3 d`, `3.9`,
//! `3.10`, `3.2`, `4.4`; its pairs by `3.8` and `4.1`-`4.3` with `5.2`),
//! then the colours (`Lim 5`, `7.2`).

use std::collections::BTreeMap;

use swiss_core::{Pairing, Points, RoundState, Separation, SeparationKind, StartNo};

use crate::colour::{ColourReason, allocate};
use crate::group::{FloatKey, pairings};
use crate::player::Field;
use crate::round::pair_all;
use crate::{LimError, Options};

/// One decision of a score-group, in engine ids.
#[derive(Clone, Debug)]
pub(crate) enum Choice {
    /// `x` floats out. `keys`: every candidate with the key the engine
    /// sorted them by (`Lim 3.9`, `3.2`), best first; `None` when the
    /// scrutiny of `Lim 4.4` chose him. `how`: the step that chose him.
    Float {
        x: usize,
        keys: Option<Vec<(FloatKey, usize)>>,
        how: FloatHow,
    },
    /// `p` meets `q`, the first acceptable of `cands` (the compatible
    /// candidates in the order of `Lim {rule}`, each with whether he is
    /// due the other colour, `Lim 5.2`).
    Pair {
        p: usize,
        q: usize,
        rule: &'static str,
        cands: Vec<(usize, bool)>,
    },
}

/// The step of the procedure that chose a floater (engine ids).
#[derive(Clone, Debug)]
pub(crate) enum FloatHow {
    /// `Lim 2.3 d`: the first by the keys (`Lim 3.9`, `3.2`); `Lim 3.10`
    /// did not concern him.
    First,
    /// `Lim 3.10`: `x` replaced `protected`, the first by the keys, who
    /// floated in the round just before: `x` is of type d and floating him
    /// leaves `base` pairings, as many as floating `protected`. `tried`:
    /// the players of type d examined, with the pairings each leaves.
    Replaced310 {
        protected: usize,
        base: usize,
        tried: Vec<(usize, usize)>,
    },
    /// `Lim 3.10`: `x` floated in the round just before, but no player of
    /// type d who did not could replace him without fewer pairings than
    /// his `base`; `tried` as above.
    Kept310 {
        base: usize,
        tried: Vec<(usize, usize)>,
    },
    /// `Lim 4.4 a`: exchanged with the rules' floater, whose floating left
    /// the others unpairable.
    Exchanged,
    /// `Lim 3.5`: `unpaired`, the player 4.4 a would have exchanged, has
    /// no compatible opponent in the adjacent score-group; `x` floats
    /// instead.
    Exchanged35 { unpaired: usize },
    /// Neither exchange would do: the next by the keys whose floating
    /// leaves the rest pairable (interpretation 5).
    Next,
    /// `Lim 4.4`: the scrutiny floats him (more floaters than one needed).
    Scrutiny,
}

/// One score-group as the engine paired it.
#[derive(Clone, Debug)]
pub(crate) struct GroupRecord {
    pub score: Points,
    /// Paired downward (or the median); else upward (`Lim 2.2`).
    pub down: bool,
    pub median: bool,
    /// Residents and incoming floaters.
    pub members: Vec<usize>,
    /// How many of `members` are residents (they come first).
    pub residents: usize,
    /// Those with no compatible opponent in the group (`Lim 2.3 a-c`).
    pub forced: Vec<usize>,
    /// Which of `Lim 2.3 a-c` makes each of `forced` float.
    pub forced_why: Vec<String>,
    pub choices: Vec<Choice>,
    /// The engine's account of each choice (the `--explain` lines).
    pub log: Vec<String>,
    /// The floaters sent on.
    pub out: Vec<usize>,
}

impl GroupRecord {
    /// How the group is paired (`Lim 2.2`), in words.
    pub(crate) fn direction(&self) -> &'static str {
        if self.median {
            "the median score-group"
        } else if self.down {
            "paired downward"
        } else {
            "paired upward"
        }
    }
}

/// The first rule that prefers the engine's pairing of `state` to the
/// legal, complete `proposed` one; `None` when they are the same.
pub(crate) fn separate(
    state: &RoundState,
    options: &Options,
    proposed: &Pairing,
) -> Result<Option<Separation>, LimError> {
    let field = Field::new(state, options).recording();
    let result = pair_all(&field);
    let records = field.take_records();
    let (bye, made) = result?;
    let index: BTreeMap<StartNo, usize> = field
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    let partner = proposed.partners_by(field.players.len(), |s| index.get(&s).copied());
    let j = Judge {
        field: &field,
        partner: &partner,
    };
    let proposed_bye = proposed.bye.and_then(|b| index.get(&b).copied());
    if proposed_bye != bye {
        return Ok(Some(j.bye(bye, proposed_bye)));
    }
    let kept = |a: usize, b: usize| {
        made.iter()
            .any(|m| (m.a, m.b) == (a, b) || (m.a, m.b) == (b, a))
    };
    for g in &records {
        if let Some(s) = j.group(g, &kept) {
            return Ok(Some(s));
        }
    }
    for m in &made {
        let (w, b, why) = allocate(&field, m.a, m.b, m.lower_half);
        if partner[w] == Some(b)
            && let Some(p) = proposed
                .pairs
                .iter()
                .find(|p| p.white == field.p(b).id && p.black == field.p(w).id)
        {
            let (rule, measure) = colour_rule(&field, why);
            return Ok(Some(Separation {
                kind: SeparationKind::Colour,
                unit: format!(
                    "the board of {} and {}",
                    p.white.min(p.black),
                    p.white.max(p.black)
                ),
                rule,
                measure: format!("{measure}; who gets White"),
                engine: field.p(w).id.to_string(),
                proposed: p.white.to_string(),
            }));
        }
    }
    Ok(None)
}

/// The colour rule behind a [`ColourReason`], with what it grants.
pub(crate) fn colour_rule(field: &Field, why: ColourReason) -> (String, &'static str) {
    let r = |id| format!("Lim {}", field.edition.rule(id));
    match why {
        ColourReason::FirstRound => (r("7.2"), "round one: by the colour drawn and the position"),
        ColourReason::Absolute => (
            format!("{}, {}", r("5.1 a/b"), r("5.3")),
            "the only colours that keep both players within the limits",
        ),
        ColourReason::Due => (
            format!("{}, {}", r("5.5"), r("5.6")),
            "each player (or the one due a colour) gets his due colour",
        ),
        ColourReason::History => (
            r("5.4"),
            "both due the same colour: the latest round their colours differed decides",
        ),
        ColourReason::Rank => (
            r("5.4"),
            "identical histories: the higher ranked (below the median the lower ranked) gets his due colour",
        ),
        ColourReason::NoHistory => (
            format!("{}, {}", r("5.4"), r("7.2")),
            "neither has played: the favoured player of 5.4 as in 7.2",
        ),
    }
}

/// What the walk over the engine's decisions reads.
struct Judge<'a> {
    field: &'a Field,
    /// Each player's opponent in the proposal.
    partner: &'a [Option<usize>],
}

impl Judge<'_> {
    fn rule(&self, id: &'static str) -> String {
        format!("Lim {}", self.field.edition.rule(id))
    }

    fn id(&self, i: usize) -> StartNo {
        self.field.p(i).id
    }

    fn ids(&self, v: &[usize]) -> String {
        if v.is_empty() {
            return "none".into();
        }
        v.iter()
            .map(|&i| self.id(i).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `Lim 1.1`: the bye to the lowest score-group's lowest ranked
    /// eligible player (the engine's `bye_candidates` order), unless his
    /// bye leaves the others unpairable.
    fn bye(&self, engine: Option<usize>, proposed: Option<usize>) -> Separation {
        let unit = "the pairing-allocated bye".to_string();
        let rule = self.rule("1.1");
        let (Some(e), Some(p)) = (engine, proposed) else {
            return Separation::new(
                SeparationKind::NotCandidate,
                unit,
                rule,
                "who gets the bye",
                self.ids(&engine.into_iter().collect::<Vec<_>>()),
                self.ids(&proposed.into_iter().collect::<Vec<_>>()),
            );
        };
        let (pe, pp) = (self.field.p(e), self.field.p(p));
        let key = |x: &crate::player::LimPlayer| (x.score, std::cmp::Reverse(x.id));
        if key(pe) < key(pp) {
            let (measure, ev, pv) = if pe.score != pp.score {
                (
                    "the lowest score-group",
                    format!("{} ({})", pe.id, pe.score),
                    format!("{} ({})", pp.id, pp.score),
                )
            } else {
                (
                    "within the score-group, the lowest ranked",
                    pe.id.to_string(),
                    pp.id.to_string(),
                )
            };
            return Separation::new(SeparationKind::Criterion, unit, rule, measure, ev, pv);
        }
        // The proposal's bye comes first in 1.1's order: the engine found
        // no pairing of the others by the procedure with him out.
        Separation::new(
            SeparationKind::NotCandidate,
            unit,
            rule,
            "the procedure (Lim 2.2-4.4) could not pair the others with the proposal's bye",
            pe.id.to_string(),
            pp.id.to_string(),
        )
    }

    /// The first decision of score-group `g` the proposal does not follow.
    fn group(&self, g: &GroupRecord, kept: &dyn Fn(usize, usize) -> bool) -> Option<Separation> {
        let unit = format!(
            "the score-group of {} points ({}; members {})",
            g.score,
            g.direction(),
            self.ids(&g.members)
        );
        let inside = |x: usize| self.partner[x].is_some_and(|y| g.members.contains(&y));
        // Lim 2.3 a-c: no compatible opponent in the group.
        if let Some(&x) = g.forced.iter().find(|&&x| inside(x)) {
            return Some(Separation::new(
                SeparationKind::NotCandidate,
                unit,
                self.rule("2.3 a-c"),
                "a member without a compatible opponent in the group floats",
                format!("{} floats", self.id(x)),
                format!(
                    "{} meets {}",
                    self.id(x),
                    self.partner[x].map_or(0, |y| self.id(y))
                ),
            ));
        }
        let mut floated: Vec<usize> = g.forced.clone();
        for c in &g.choices {
            let differs = match *c {
                Choice::Float { x, .. } => inside(x),
                Choice::Pair { p, q, .. } => kept(p, q) && self.partner[p] != Some(q),
            };
            if !differs {
                if let Choice::Float { x, .. } = *c {
                    floated.push(x);
                }
                continue;
            }
            // Lim 2.3 d, 4.4: as few floaters as possible leave the group.
            let theirs: Vec<usize> = g.members.iter().copied().filter(|&x| !inside(x)).collect();
            if theirs.len() > g.out.len() {
                return Some(Separation::new(
                    SeparationKind::Criterion,
                    unit,
                    format!("{}, {}", self.rule("2.3 d"), self.rule("4.4")),
                    "players floated out of the score-group (fewer is better)",
                    format!("{} ({})", g.out.len(), self.ids(&g.out)),
                    format!("{} ({})", theirs.len(), self.ids(&theirs)),
                ));
            }
            return Some(match c {
                Choice::Float { x, keys, how } => {
                    let others: Vec<usize> = theirs
                        .iter()
                        .copied()
                        .filter(|y| !floated.contains(y))
                        .collect();
                    self.floater(unit, *x, keys.as_deref(), how, &others)
                }
                Choice::Pair { p, q, rule, cands } => self.pair(unit, *p, *q, rule, cands),
            });
        }
        None
    }

    /// The engine floats `x`; the proposal keeps him and floats one of
    /// `others` instead: the rule of the step that chose `x` (`how`) where
    /// it decided against the proposal's floater, else the first field of
    /// the engine's key where the proposal's floater is worse.
    fn floater(
        &self,
        unit: String,
        x: usize,
        keys: Option<&[(FloatKey, usize)]>,
        how: &FloatHow,
        others: &[usize],
    ) -> Separation {
        let key_of = |y: usize| keys.and_then(|k| k.iter().find(|(_, z)| *z == y).map(|(k, _)| *k));
        // The proposal's floater the engine's order ranks first.
        let theirs = keys
            .and_then(|k| k.iter().find(|(_, z)| others.contains(z)).map(|(_, z)| *z))
            .or_else(|| others.first().copied());
        let (Some(y), Some(kx)) = (theirs, key_of(x)) else {
            return Separation::new(
                SeparationKind::Order,
                unit,
                self.rule("4.4"),
                "the scrutiny floats the player who cannot be paired while those before him stay paired",
                format!("{} floats", self.id(x)),
                format!(
                    "{} floats",
                    theirs.map_or_else(|| "nobody".to_string(), |y| self.id(y).to_string())
                ),
            );
        };
        let Some(ky) = key_of(y) else {
            return Separation::new(
                SeparationKind::NotCandidate,
                unit,
                self.rule("2.3 d"),
                "the floater",
                self.id(x).to_string(),
                self.id(y).to_string(),
            );
        };
        let who = |z: usize, v: String| format!("{} ({v})", self.id(z));
        let criterion = |rule: String, measure: &str, ev: String, pv: String| {
            Separation::new(
                SeparationKind::Criterion,
                unit.clone(),
                rule,
                measure,
                ev,
                pv,
            )
        };
        if let FloatHow::Exchanged35 { unpaired } = how
            && y == *unpaired
        {
            return criterion(
                self.rule("3.5"),
                "the player 4.4 a floats, without a compatible opponent in the adjacent score-group, is exchanged for one who has",
                who(x, format!("type {}", kx.type_letter())),
                who(y, format!("type {}", ky.type_letter())),
            );
        }
        if kx.class < ky.class {
            return criterion(
                self.rule("3.9"),
                "the floater's type (d before c, b, a: the fewest disadvantages)",
                who(x, format!("type {}", kx.type_letter())),
                who(y, format!("type {}", ky.type_letter())),
            );
        }
        // Lim 3.10 and its provisos.
        let count_of =
            |tried: &[(usize, usize)]| tried.iter().find(|(z, _)| *z == y).map(|&(_, n)| n);
        match how {
            FloatHow::Replaced310 {
                protected,
                base,
                tried,
            } if y == *protected => {
                let n = tried.last().map_or(*base, |&(_, n)| n);
                return criterion(
                    self.rule("3.10"),
                    "a player who floated in the round just before is not floated again when a player of type d can float instead without fewer pairings",
                    who(x, format!("type d, leaves {}", pairings(n))),
                    who(
                        y,
                        format!("floated in the round before, leaves {}", pairings(*base)),
                    ),
                );
            }
            FloatHow::Replaced310 { base, tried, .. } | FloatHow::Kept310 { base, tried }
                if key_of(y).is_some_and(|k| k.class == kx.class && !k.floated_before) =>
            {
                if let Some(n) = count_of(tried).filter(|n| n < base) {
                    return criterion(
                        self.rule("3.10"),
                        "the player who replaces one who floated in the round just before must not leave fewer pairings",
                        who(x, format!("leaves {}", pairings(*base))),
                        who(y, format!("leaves {}", pairings(n))),
                    );
                }
            }
            FloatHow::Kept310 { .. } if ky.class != 0 => {
                return criterion(
                    self.rule("3.10"),
                    "the player who replaces one who floated in the round just before must be of type d",
                    who(x, "floated in the round before".to_string()),
                    who(y, format!("type {}", ky.type_letter())),
                );
            }
            _ => {}
        }
        let (rule, measure, ev, pv) = if kx.not_equalising != ky.not_equalising {
            (
                self.rule("3.2"),
                "a floater who equalises the numbers of players due white and due black",
                who(x, format!("equalises: {}", !kx.not_equalising)),
                who(y, format!("equalises: {}", !ky.not_equalising)),
            )
        } else {
            (
                "Lim 3.2".to_string(),
                "the lowest numbered player floats downward, the highest upward",
                self.id(x).to_string(),
                self.id(y).to_string(),
            )
        };
        if kx < ky {
            return criterion(rule, measure, ev, pv);
        }
        // The proposal's floater ranks first, but floating him left the
        // rest of the group unpairable by the procedure.
        Separation::new(
            SeparationKind::NotCandidate,
            unit,
            self.rule("4.4 a"),
            "the rules' first floater would leave the rest of the group unpairable",
            ev,
            pv,
        )
    }

    /// The engine pairs `p` with `q`, the proposal with another: `Lim 5.2`
    /// when the engine's opponent is due the other colour and the
    /// proposal's is not, else the order of the candidates (`Lim 4.1`-`4.3`,
    /// `3.8`).
    fn pair(
        &self,
        unit: String,
        p: usize,
        q: usize,
        rule: &str,
        cands: &[(usize, bool)],
    ) -> Separation {
        let theirs = self.partner[p];
        let place = |y: usize| cands.iter().position(|&(c, _)| c == y);
        let fine = |y: usize| cands.iter().find(|&&(c, _)| c == y).map(|&(_, f)| f);
        let who = |y: usize| {
            format!(
                "{} v {}{}",
                self.id(p),
                self.id(y),
                match fine(y) {
                    Some(false) => " (same colour due)",
                    _ => "",
                }
            )
        };
        let Some(y) = theirs else {
            return Separation::new(
                SeparationKind::NotCandidate,
                unit,
                format!("Lim {rule}"),
                "the opponent",
                who(q),
                format!("{} unpaired", self.id(p)),
            );
        };
        match (place(q), place(y), fine(q), fine(y)) {
            (_, _, Some(true), Some(false)) => Separation::new(
                SeparationKind::Criterion,
                unit,
                self.rule("5.2"),
                "an opponent due the other colour, by exchanges where possible",
                who(q),
                who(y),
            ),
            (Some(i), Some(k), _, _) if i < k => Separation::new(
                SeparationKind::Order,
                unit,
                format!("Lim {rule}"),
                if rule.starts_with("3.8") {
                    "the floater's opponent: the first compatible player, from the top \
                     downward (from the bottom upward)"
                } else {
                    "the first compatible opponent in the order of the exchanges"
                },
                format!("{} (candidate {})", who(q), i + 1),
                format!("{} (candidate {})", who(y), k + 1),
            ),
            (Some(_), Some(_), _, _) => Separation::new(
                SeparationKind::NotCandidate,
                unit,
                format!("{}, {}", self.rule("4.3"), self.rule("4.4")),
                "the earlier candidate would leave the rest of the group unpairable by the exchanges",
                who(q),
                who(y),
            ),
            _ => Separation::new(
                SeparationKind::NotCandidate,
                unit,
                format!("Lim {rule}"),
                "an opponent among the members still to pair: the proposal's is not one \
                 (another score-group's, or already paired here)",
                who(q),
                format!("{} v {}", self.id(p), self.id(y)),
            ),
        }
    }
}
