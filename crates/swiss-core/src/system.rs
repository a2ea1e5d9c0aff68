//! What every pairing system implements, and the replay loop the checker,
//! the generator and the oracle tests share.

use serde::Serialize;

use crate::model::{RoundEntry, Tournament};
use crate::pairing::Pairing;

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PairingError {
    /// No pairing satisfies the system's absolute criteria: a normal outcome
    /// the arbiter must resolve, not an input error.
    #[error("no legal pairing for round {round}: {reason}")]
    NoLegalPairing {
        /// The round.
        round: u32,
        /// Which players could not be placed, and why.
        reason: String,
    },
    /// The tournament cannot be paired by this system as given (for
    /// example a round whose results are still missing).
    #[error("cannot pair round {round}: {reason}")]
    Unsupported {
        /// The round.
        round: u32,
        /// Why.
        reason: String,
    },
}

/// A pairing system: pairs the next round of a tournament.
///
/// The input is the whole record, so a system may derive what it needs
/// ([`crate::RoundState`] for the FIDE systems, its own history for TCEC).
/// Implementations are pure: same input, same output.
pub trait PairingSystem: Sync {
    /// Short name, e.g. `dutch`.
    fn name(&self) -> &'static str;

    /// Pairs round [`Tournament::next_round`] of `t`.
    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError>;

    /// What simulated events of this system look like by default (the
    /// random tournament generator's starting point): every feature of an
    /// open, unless the system's events have none of them.
    fn default_simulation(&self) -> crate::simulate::SimulationConfig {
        crate::simulate::SimulationConfig::default()
    }
}

/// `t` as it stood before round `round` was paired: rounds `1..round` as
/// recorded; of round `round` only the pre-assigned non-participation
/// entries (requested byes, absences); nothing later. The initial colour is kept (inferred
/// from round 1 when `XXC` is missing). A tournament without
/// `XXR` gets its recorded rounds as the planned number, since a finished
/// file played every planned round (oracle README, step 5).
pub fn before_round(t: &Tournament, round: u32) -> Tournament {
    let mut out = t.clone();
    if out.planned_rounds.is_none() {
        out.planned_rounds = Some(t.recorded_rounds());
    }
    // Round 1's colours are the only record of the initial colour: keep it.
    if out.initial_colour.is_none() {
        out.initial_colour = crate::state::infer_initial_colour(t);
    }
    for p in &mut out.players {
        let keep = p.entry(round);
        p.rounds.truncate(round.saturating_sub(1) as usize);
        if keep.is_non_participation() {
            p.rounds
                .resize(round.saturating_sub(1) as usize, RoundEntry::BLANK);
            p.rounds.push(keep);
        }
        p.points = p.score_after(round.saturating_sub(1), &out.point_system);
    }
    out
}

/// One round where the system's pairing differs from the recorded one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundDifference {
    /// The round.
    pub round: u32,
    /// What the file records.
    pub recorded: Pairing,
    /// What the system produced, or why it could not.
    pub produced: Result<Pairing, String>,
}

/// Three lines: `round K differs`, then the recorded and the produced
/// pairing (or the engine's error).
impl std::fmt::Display for RoundDifference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "round {} differs", self.round)?;
        writeln!(f, "  recorded: {}", self.recorded)?;
        match &self.produced {
            Ok(p) => write!(f, "  produced: {p}"),
            Err(e) => write!(f, "  produced: error: {e}"),
        }
    }
}

/// The outcome of replaying a tournament round by round (C.04.A pairings checker).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// Rounds replayed.
    pub rounds: u32,
    /// Rounds that differ.
    pub differences: Vec<RoundDifference>,
}

impl CheckReport {
    /// Rounds reproduced exactly.
    pub fn identical(&self) -> u32 {
        self.rounds - self.differences.len() as u32
    }
}

/// Whether two pairings agree: the same pairs with the same colours and the
/// same bye (board order aside).
pub fn same_pairing(a: &Pairing, b: &Pairing) -> bool {
    let mut x = a.pairs.clone();
    let mut y = b.pairs.clone();
    x.sort_unstable();
    y.sort_unstable();
    x == y && a.bye == b.bye
}

/// Replays every played round of `t` with `system` (the pairings checker):
/// for each round k, pair [`before_round`]`(t, k)` and compare with round k.
pub fn check(system: &dyn PairingSystem, t: &Tournament) -> CheckReport {
    let rounds = t.played_rounds();
    let mut report = CheckReport {
        rounds,
        differences: Vec::new(),
    };
    for k in 1..=rounds {
        let recorded = Pairing::recorded(t, k);
        let produced = system.pair(&before_round(t, k)).map_err(|e| e.to_string());
        let same = matches!(&produced, Ok(p) if same_pairing(p, &recorded));
        if !same {
            report.differences.push(RoundDifference {
                round: k,
                recorded,
                produced,
            });
        }
    }
    report
}
