//! What every pairing system implements, and the replay loop the checker,
//! the generator and the oracle tests share.

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

use crate::model::{Colour, RoundEntry, StartNo, Tournament};
use crate::pairing::Pairing;

/// Why a round could not be paired: the one error every system crate's
/// `pair` returns (each re-exports it as `Error`), with the same meaning of
/// each kind in every system, which the CLI's exit codes follow.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PairingError {
    /// The record cannot be paired as given: it lacks or contradicts
    /// something the system needs (a game of an earlier round without a
    /// result, Dubov's unrated players without a provisional rating, no
    /// planned number of rounds where the rules need it). The input's
    /// problem: the arbiter fixes the file or the options (CLI exit 3).
    #[error("cannot pair round {round}: {reason}")]
    Input {
        /// The round.
        round: u32,
        /// What is missing or wrong, citing the rule that needs it.
        reason: String,
    },
    /// No pairing satisfies the system's absolute criteria: a normal outcome
    /// the arbiter must resolve, not an input error (CLI exit 1).
    #[error("no legal pairing for round {round}: {reason}")]
    NoLegalPairing {
        /// The round.
        round: u32,
        /// Which players could not be placed, and why.
        reason: String,
    },
    /// An engine's internal invariant failed: a bug in the engine, not a
    /// problem of the input; please report the input file (CLI exit 2).
    #[error("internal error while pairing round {round}: {reason}")]
    Internal {
        /// The round.
        round: u32,
        /// What failed.
        reason: String,
    },
    /// A valid record the system or edition does not handle (the Dutch
    /// 2012 edition above its player limit): another edition or system
    /// can pair it (CLI exit 3).
    #[error("cannot pair round {round}: {reason}")]
    Unsupported {
        /// The round.
        round: u32,
        /// Why.
        reason: String,
    },
}

impl PairingError {
    /// The round that could not be paired.
    pub fn round(&self) -> u32 {
        match self {
            PairingError::Input { round, .. }
            | PairingError::NoLegalPairing { round, .. }
            | PairingError::Internal { round, .. }
            | PairingError::Unsupported { round, .. } => *round,
        }
    }
}

/// Start numbers for the reason of a [`PairingError`]: the first ten of a
/// longer list, then how many more (`1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ... and
/// 9989 more`), so that a message stays one short line whatever the size
/// of the field.
///
/// ```
/// assert_eq!(swiss_core::short_list(&[3, 1]), "3, 1");
/// let field: Vec<swiss_core::StartNo> = (1..=9999).collect();
/// assert_eq!(
///     swiss_core::short_list(&field),
///     "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ... and 9989 more"
/// );
/// ```
pub fn short_list(start_numbers: &[crate::model::StartNo]) -> String {
    const SHOWN: usize = 10;
    let mut s = start_numbers
        .iter()
        .take(SHOWN)
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if start_numbers.len() > SHOWN {
        s.push_str(&format!(" ... and {} more", start_numbers.len() - SHOWN));
    }
    s
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

    /// The initial colour of `t` (the colour of the top-ranked player in
    /// round 1): `XXC` when the file gives it, else what the system's
    /// first-round colour rule lets it read back from a recorded round 1.
    /// The replay loop ([`check`]) keeps it when it cuts round 1 away.
    fn initial_colour(&self, t: &Tournament) -> Option<Colour> {
        t.initial_colour
    }

    /// The arbiter's account of how the system pairs round
    /// [`Tournament::next_round`] of `t`, citing the rules, from the
    /// engine's own decisions; with `player`, only what decided that
    /// player's opponent, colour, float or bye. `None` when the system
    /// does not explain its pairings.
    fn explain(
        &self,
        t: &Tournament,
        player: Option<crate::StartNo>,
    ) -> Option<Result<String, PairingError>> {
        let _ = (t, player);
        None
    }

    /// Absolute criteria `proposed` breaks that only the engine's own state
    /// can judge, added by [`crate::compare`] to what an independent
    /// verifier finds: TCEC's encounter history after STEP 3's removals,
    /// which depends on the viability of every earlier round. Empty by
    /// default.
    fn breaches(&self, t: &Tournament, proposed: &Pairing) -> Vec<crate::Breach> {
        let _ = (t, proposed);
        Vec::new()
    }

    /// For a legal, complete `proposed` pairing of round
    /// [`Tournament::next_round`] of `t` that is not the system's own: the
    /// first rule, in the text's order, that prefers the system's pairing
    /// ([`crate::compare`]), from the engine's own evaluation. `None` when
    /// the system cannot name it.
    fn separate(&self, t: &Tournament, proposed: &Pairing) -> Option<crate::Separation> {
        let _ = (t, proposed);
        None
    }
}

/// `t` as it stood before round `round` was paired: rounds `1..round` as
/// recorded; of round `round` only the pre-assigned non-participation
/// entries (requested byes, absences); nothing later. A tournament without
/// `XXR` gets its recorded rounds as the planned number, since a finished
/// file played every planned round (oracle README, step 5). The initial
/// colour is left as the file gives it: [`check`] fills it in from the
/// system ([`PairingSystem::initial_colour`]), since round 1's colours are
/// its only record once round 1 is cut away. A team tournament's section
/// keeps the line-ups, forfeited matches and PABs of rounds `1..round`
/// ([`crate::TeamSection::truncate_before`]); its members' entries of
/// round `round` are kept only when their team had no forfeited match
/// (`330`) that round.
pub fn before_round(t: &Tournament, round: u32) -> Tournament {
    let mut out = t.clone();
    if out.planned_rounds.is_none() {
        out.planned_rounds = Some(t.recorded_rounds());
    }
    // In a team tournament, the members of a team in a forfeited match of
    // `round` (record `330`) have no game that round (`0000 - +`, `-` or
    // `Z`): the match was paired, so those entries are its result, not an
    // absence announced before the pairing.
    let in_forfeited_match: Vec<StartNo> = t.teams.as_ref().map_or_else(Vec::new, |ts| {
        ts.forfeits
            .iter()
            .filter(|f| f.round == round)
            .flat_map(|f| [f.white, f.black])
            .filter_map(|team| ts.team(team))
            .flat_map(|team| team.members.iter().copied())
            .collect()
    });
    for p in &mut out.players {
        let keep = p.entry(round);
        let keep = if in_forfeited_match.contains(&p.start_no) {
            RoundEntry::BLANK
        } else {
            keep
        };
        p.rounds.truncate(round.saturating_sub(1) as usize);
        if keep.is_non_participation() {
            p.rounds
                .resize(round.saturating_sub(1) as usize, RoundEntry::BLANK);
            p.rounds.push(keep);
        }
        p.points = p.score_after(round.saturating_sub(1), &out.point_system);
    }
    if let Some(ts) = &mut out.teams {
        ts.truncate_before(round);
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

/// The outcome of replaying one tournament round by round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replay {
    /// Rounds replayed.
    pub rounds: u32,
    /// Rounds reproduced exactly.
    pub identical: u32,
    /// One readable line per differing round.
    pub differences: Vec<String>,
}

impl From<CheckReport> for Replay {
    fn from(r: CheckReport) -> Replay {
        Replay {
            rounds: r.rounds,
            identical: r.identical(),
            differences: r.differences.iter().map(ToString::to_string).collect(),
        }
    }
}

/// The agreement of a system with a set of reference tournaments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// What was replayed (a system, a variant), first word of the summary.
    pub label: String,
    /// Tournaments replayed.
    pub tournaments: usize,
    /// Tournaments whose every round was reproduced.
    pub reproduced: usize,
    /// Rounds replayed.
    pub rounds: u64,
    /// Rounds reproduced exactly.
    pub identical: u64,
    /// `FILE: difference` for every differing round, in file order.
    pub details: Vec<String>,
}

impl Agreement {
    /// Adds up per-file replays, in file order.
    pub fn of(label: &str, replays: impl IntoIterator<Item = (PathBuf, Replay)>) -> Agreement {
        let mut out = Agreement {
            label: label.to_string(),
            ..Agreement::default()
        };
        for (file, r) in replays {
            out.tournaments += 1;
            out.reproduced += usize::from(r.rounds == r.identical);
            out.rounds += u64::from(r.rounds);
            out.identical += u64::from(r.identical);
            out.details.extend(
                r.differences
                    .iter()
                    .map(|d| format!("{}: {d}", file.display())),
            );
        }
        out
    }

    /// Whether every round agreed.
    pub fn all_agree(&self) -> bool {
        self.rounds == self.identical
    }
}

/// `LABEL: X/Y rounds identical in Z tournaments`.
impl fmt::Display for Agreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}/{} rounds identical in {} tournaments",
            self.label, self.identical, self.rounds, self.tournaments
        )
    }
}

/// The initial colour a recorded round 1 shows, for a system whose
/// round-1 colours follow from the initial colour alone (Lim 7.2, Dubov
/// E.0-E.4): round 1 is paired again with White as the initial colour; if
/// the pairs it shares with the record all carry the record's colours, the
/// initial colour was White; if they all carry them reversed, Black.
/// `None` when round 1 is not recorded, shares no pair, or says both.
pub fn infer_initial_colour(system: &dyn PairingSystem, t: &Tournament) -> Option<Colour> {
    if t.played_rounds() == 0 {
        return None;
    }
    let recorded = Pairing::recorded(t, 1);
    let mut before = before_round(t, 1);
    before.initial_colour = Some(Colour::White);
    let produced = system.pair(&before).ok()?;
    let (mut same, mut reversed) = (0, 0);
    for p in &produced.pairs {
        for r in &recorded.pairs {
            if (r.white, r.black) == (p.white, p.black) {
                same += 1;
            } else if (r.white, r.black) == (p.black, p.white) {
                reversed += 1;
            }
        }
    }
    match (same > 0, reversed > 0) {
        (true, false) => Some(Colour::White),
        (false, true) => Some(Colour::Black),
        _ => None,
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
    let initial_colour = system.initial_colour(t);
    for k in 1..=rounds {
        let recorded = Pairing::recorded(t, k);
        let mut before = before_round(t, k);
        before.initial_colour = initial_colour;
        let produced = system.pair(&before).map_err(|e| e.to_string());
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
