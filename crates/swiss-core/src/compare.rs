//! An arbiter's proposed pairing against the engine's: the report every
//! system shares ([`Comparison`]). The legality part comes from an
//! independent verifier (`swiss-verify`), the rule that separates a legal
//! proposal from the engine's choice from the system itself
//! ([`PairingSystem::separate`]), so each part has one source.

use std::collections::BTreeSet;
use std::fmt;

use serde::Serialize;

use crate::Tournament;
use crate::model::StartNo;
use crate::pairing::{Pair, Pairing};
use crate::state::RoundState;
use crate::system::{PairingError, PairingSystem, same_pairing};

/// Exit code of `swiss compare` for a legal proposal that is not the
/// engine's pairing (0 is the engine's own, [`EXIT_ILLEGAL`] an illegal one).
pub const EXIT_DIFFERS: u8 = 10;
/// Exit code of `swiss compare` for a proposal that breaks an absolute
/// criterion or leaves the round incomplete.
pub const EXIT_ILLEGAL: u8 = 11;

/// One absolute criterion a proposal breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Breach {
    /// The rule, e.g. `C.04.3 C.1`.
    pub rule: String,
    /// What happened, naming the players.
    pub detail: String,
}

/// What a [`Comparison`] concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The engine's pairing: the same pairs, colours and bye.
    Identical,
    /// Legal and complete, but not the engine's pairing.
    Differs,
    /// It breaks an absolute criterion or leaves the round incomplete.
    Illegal,
}

impl Verdict {
    /// The exit code of `swiss compare` (0, [`EXIT_DIFFERS`], [`EXIT_ILLEGAL`]).
    pub fn exit_code(self) -> u8 {
        match self {
            Verdict::Identical => 0,
            Verdict::Differs => EXIT_DIFFERS,
            Verdict::Illegal => EXIT_ILLEGAL,
        }
    }
}

/// How a system tells a legal proposal from its own choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SeparationKind {
    /// A quality criterion on which the proposal does worse.
    Criterion,
    /// No criterion separates them: the rule that orders equally good
    /// choices prefers the engine's.
    Order,
    /// The same pairs, other colours: the colour rule that decides.
    Colour,
    /// The proposal is no candidate the system's procedure considers.
    NotCandidate,
}

/// The first rule, in the text's order, that prefers the engine's pairing
/// to a legal proposal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Separation {
    /// What kind of rule separates them.
    pub kind: SeparationKind,
    /// The unit the rule was applied to (a bracket, a scoregroup, a step).
    pub unit: String,
    /// The rule, e.g. `C.04.3 (2026) C12`.
    pub rule: String,
    /// What the rule measures, in words.
    pub measure: String,
    /// Its value for the engine's pairing.
    pub engine: String,
    /// Its value for the proposal.
    pub proposed: String,
}

impl Separation {
    /// A separation: `kind` of rule `rule` applied to `unit`, measuring
    /// `measure`, with its value for the engine's pairing and the proposal.
    pub fn new(
        kind: SeparationKind,
        unit: impl Into<String>,
        rule: impl Into<String>,
        measure: impl Into<String>,
        engine: impl Into<String>,
        proposed: impl Into<String>,
    ) -> Separation {
        Separation {
            kind,
            unit: unit.into(),
            rule: rule.into(),
            measure: measure.into(),
            engine: engine.into(),
            proposed: proposed.into(),
        }
    }
}

impl fmt::Display for Separation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}, {}", self.unit, self.rule, self.measure)?;
        if !self.engine.is_empty() || !self.proposed.is_empty() {
            write!(f, ": engine {}, proposal {}", self.engine, self.proposed)?;
        }
        Ok(())
    }
}

/// The boards of two pairings that are not the same.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BoardDifferences {
    /// The engine's boards whose pair the proposal does not make.
    pub engine_only: Vec<Pair>,
    /// The proposal's boards whose pair the engine does not make.
    pub proposed_only: Vec<Pair>,
    /// The same two players, colours reversed (as the proposal has them).
    pub reversed: Vec<Pair>,
}

/// Who is to be paired, and whether the proposal pairs each exactly once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Completeness {
    /// Players to be paired whom the proposal leaves out.
    pub missing: Vec<StartNo>,
    /// Players in the proposal who are not to be paired this round.
    pub unexpected: Vec<StartNo>,
    /// Players who appear more than once.
    pub twice: Vec<StartNo>,
    /// The proposal's bye.
    pub bye: Option<StartNo>,
    /// The engine's bye.
    pub engine_bye: Option<StartNo>,
}

impl Completeness {
    /// Every player to be paired appears once, and nobody else.
    pub fn is_complete(&self) -> bool {
        self.missing.is_empty() && self.unexpected.is_empty() && self.twice.is_empty()
    }
}

/// A proposed pairing compared with the engine's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// The system (`dutch`).
    pub system: String,
    /// The round.
    pub round: u32,
    /// The conclusion.
    pub verdict: Verdict,
    /// Every absolute criterion the proposal breaks (empty: legal).
    pub breaches: Vec<Breach>,
    /// Who is paired, who is left out, the byes.
    pub completeness: Completeness,
    /// The boards that differ.
    pub boards: BoardDifferences,
    /// For a legal proposal that differs: the first rule that prefers the
    /// engine's pairing, when the system can name it.
    pub separation: Option<Separation>,
    /// The engine's pairing.
    pub engine: Pairing,
    /// The proposal.
    pub proposed: Pairing,
}

/// Compares `proposed` with `system`'s pairing of the next round of `t`.
/// `breaches` are the absolute criteria the proposal breaks, as an
/// independent verifier found them, to which the system adds those only
/// its own state can judge ([`PairingSystem::breaches`]); completeness is
/// checked here; the separating rule comes from
/// [`PairingSystem::separate`]. Fails when the
/// engine itself cannot pair the round.
pub fn compare(
    system: &dyn PairingSystem,
    t: &Tournament,
    proposed: &Pairing,
    mut breaches: Vec<Breach>,
) -> Result<Comparison, PairingError> {
    let engine = system.pair(t)?;
    breaches.extend(system.breaches(t, proposed));
    let completeness = completeness(&to_pair(t), proposed, engine.bye);
    let boards = board_differences(&engine, proposed);
    let verdict = if same_pairing(&engine, proposed) {
        Verdict::Identical
    } else if breaches.is_empty() && completeness.is_complete() {
        Verdict::Differs
    } else {
        Verdict::Illegal
    };
    let separation = match verdict {
        Verdict::Differs => system.separate(t, proposed),
        _ => None,
    };
    Ok(Comparison {
        system: system.name().to_string(),
        round: engine.round,
        verdict,
        breaches,
        completeness,
        boards,
        separation,
        engine,
        proposed: proposed.clone(),
    })
}

/// For a system that does not weigh its choices: when `proposed` makes
/// the engine's pairs and bye with the colours of some board reversed, the
/// system's colour rules (`rule`, e.g. `Dubov E.0-E.4`) separate them, on
/// the first such board. `None` when the pairs or the bye differ.
pub fn colours_only(engine: &Pairing, proposed: &Pairing, rule: &str) -> Option<Separation> {
    let key = |p: &Pair| (p.white.min(p.black), p.white.max(p.black));
    let sorted = |x: &Pairing| {
        let mut v: Vec<_> = x.pairs.iter().map(key).collect();
        v.sort_unstable();
        v
    };
    if sorted(engine) != sorted(proposed) || engine.bye != proposed.bye {
        return None;
    }
    let board = board_differences(engine, proposed)
        .reversed
        .first()
        .copied()?;
    Some(Separation {
        kind: SeparationKind::Colour,
        unit: format!(
            "the board of {} and {}",
            board.white.min(board.black),
            board.white.max(board.black)
        ),
        rule: rule.to_string(),
        measure: "the colours the system's colour rules give this pair".into(),
        engine: format!("{} has white", board.black),
        proposed: format!("{} has white", board.white),
    })
}

/// Who is to be paired in the next round of `t`: its players, or in a
/// team tournament its teams (TPNs) but those a `240` or their members'
/// absence keeps out.
fn to_pair(t: &Tournament) -> BTreeSet<StartNo> {
    match &t.teams {
        Some(ts) => ts.to_pair(t, t.next_round()).into_iter().collect(),
        None => RoundState::next(t).to_pair().map(|p| p.start_no).collect(),
    }
}

fn completeness(
    expected: &BTreeSet<StartNo>,
    proposed: &Pairing,
    engine_bye: Option<StartNo>,
) -> Completeness {
    let mut seen = BTreeSet::new();
    let mut twice = BTreeSet::new();
    let all = proposed
        .pairs
        .iter()
        .flat_map(|p| [p.white, p.black])
        .chain(proposed.bye);
    for s in all {
        if !seen.insert(s) {
            twice.insert(s);
        }
    }
    Completeness {
        missing: expected.difference(&seen).copied().collect(),
        unexpected: seen.difference(expected).copied().collect(),
        twice: twice.into_iter().collect(),
        bye: proposed.bye,
        engine_bye,
    }
}

fn board_differences(engine: &Pairing, proposed: &Pairing) -> BoardDifferences {
    let key = |p: &Pair| (p.white.min(p.black), p.white.max(p.black));
    let engine_keys: BTreeSet<_> = engine.pairs.iter().map(key).collect();
    let proposed_keys: BTreeSet<_> = proposed.pairs.iter().map(key).collect();
    BoardDifferences {
        engine_only: engine
            .pairs
            .iter()
            .filter(|p| !proposed_keys.contains(&key(p)))
            .copied()
            .collect(),
        proposed_only: proposed
            .pairs
            .iter()
            .filter(|p| !engine_keys.contains(&key(p)))
            .copied()
            .collect(),
        reversed: proposed
            .pairs
            .iter()
            .filter(|p| {
                engine
                    .pairs
                    .iter()
                    .any(|e| (e.white, e.black) == (p.black, p.white))
            })
            .copied()
            .collect(),
    }
}

fn boards(pairs: &[Pair]) -> String {
    pairs
        .iter()
        .map(|p| format!("{}-{}", p.white, p.black))
        .collect::<Vec<_>>()
        .join(", ")
}

fn players(s: &[StartNo]) -> String {
    s.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn bye(b: Option<StartNo>) -> String {
    b.map_or_else(|| "none".to_string(), |b| b.to_string())
}

/// Plain sentences for the arbiter: the verdict, legality, completeness,
/// the boards that differ and the rule that separates the proposal from
/// the engine's pairing.
impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = match self.verdict {
            Verdict::Identical => "the proposal is the engine's pairing",
            Verdict::Differs => "the proposal is legal but is not the engine's pairing",
            Verdict::Illegal => "the proposal is illegal",
        };
        writeln!(
            f,
            "Round {} ({}): {verdict} (exit {}).",
            self.round,
            self.system,
            self.verdict.exit_code()
        )?;
        if self.breaches.is_empty() {
            writeln!(f, "Legal: yes, no absolute criterion is broken.")?;
        } else {
            writeln!(f, "Legal: no.")?;
            for b in &self.breaches {
                writeln!(f, "  {}: {}", b.rule, b.detail)?;
            }
        }
        let c = &self.completeness;
        if c.is_complete() {
            writeln!(
                f,
                "Complete: yes (bye: {}; the engine's bye: {}).",
                bye(c.bye),
                bye(c.engine_bye)
            )?;
        } else {
            writeln!(f, "Complete: no.")?;
            if !c.missing.is_empty() {
                writeln!(f, "  left out: {}", players(&c.missing))?;
            }
            if !c.unexpected.is_empty() {
                writeln!(
                    f,
                    "  not to be paired this round: {}",
                    players(&c.unexpected)
                )?;
            }
            if !c.twice.is_empty() {
                writeln!(f, "  paired more than once: {}", players(&c.twice))?;
            }
            writeln!(
                f,
                "  bye: {}; the engine's bye: {}",
                bye(c.bye),
                bye(c.engine_bye)
            )?;
        }
        let d = &self.boards;
        if !d.engine_only.is_empty() || !d.proposed_only.is_empty() {
            writeln!(f, "Boards that differ:")?;
            writeln!(f, "  engine:   {}", boards(&d.engine_only))?;
            writeln!(f, "  proposal: {}", boards(&d.proposed_only))?;
        }
        if !d.reversed.is_empty() {
            writeln!(f, "Colours reversed: {}", boards(&d.reversed))?;
        }
        match (&self.separation, self.verdict) {
            (Some(s), _) => writeln!(f, "First difference: {s}.")?,
            (None, Verdict::Differs) => writeln!(
                f,
                "First difference: this system does not name the rule that separates them yet."
            )?,
            _ => {}
        }
        Ok(())
    }
}
