//! `swiss check`: FIDE's pairings-and-tie-breaks checker (C.04.A, the
//! 2026 requirements for tournament programs), both halves in one report
//! per file:
//!
//! - the pairings: each round replayed from the rounds before it (a round
//!   whose recorded pairing is not the engine's), and each recorded
//!   pairing checked by the system's independent verifier
//!   (`swiss-verify`: an absolute criterion broken, named with its
//!   players);
//! - the standings: the ranks the file records (TRF `001` columns 86-89)
//!   against those computed with the file's own tie-break list (TRF-2026
//!   `212`, else `202`). A file that lists none, or records no rank, is
//!   said so and that half is skipped: the checker does not guess which
//!   tie-breaks the event used.
//!
//! Exit codes: 0 all agree; [`EXIT_ILLEGAL`] (11) a recorded pairing breaks
//! an absolute criterion; [`EXIT_DIFFERS`] (10) a round differs from the
//! engine's; [`EXIT_STANDINGS`] (12) a rank differs; 3 invalid input. When
//! several apply, the first of that list wins (an illegal pairing also
//! differs from the engine's).

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;
use swiss_core::{
    EXIT_DIFFERS, EXIT_ILLEGAL, Pairing, Places, RoundDifference, Spot, Tournament, before_round,
};
use swiss_verify::Verifier;

use crate::cli::CheckArgs;
use crate::compare::ReportFormat;
use crate::input::{EXIT_INVALID, EXIT_NO_PAIRING, Failure, Input, read_input};
use crate::output::{emit, json};

/// Exit code of `swiss check` when a rank the file records differs from
/// the computed standings (and every pairing agrees).
pub const EXIT_STANDINGS: u8 = 12;

/// One file's check.
#[derive(Debug, Serialize)]
pub struct FileCheck {
    /// The file.
    pub file: PathBuf,
    /// Rounds replayed.
    pub rounds: u32,
    /// Rounds whose recorded pairing is the engine's.
    pub identical: u32,
    /// Each round that differs: the recorded and the produced pairing.
    pub differing: Vec<RoundDiffers>,
    /// Each absolute criterion a recorded pairing breaks.
    pub illegal: Vec<Breach>,
    /// The standings half.
    pub standings: Standings,
}

/// A round whose recorded pairing is not the engine's.
#[derive(Debug, Serialize)]
pub struct RoundDiffers {
    /// The round.
    pub round: u32,
    /// Where the first recorded board the engine does not make is (the
    /// white player's entry for the round: `FILE:LINE:COLUMN`).
    pub at: String,
    /// The pairing the file records.
    pub recorded: String,
    /// The engine's pairing, or why it has none.
    pub produced: String,
}

/// A rank the file records that the computed standings do not give.
#[derive(Debug, Serialize)]
pub struct RankDiffers {
    /// Where the recorded rank is (`FILE:LINE:COLUMN`).
    pub at: String,
    /// What differs, in words.
    pub difference: String,
}

impl RoundDiffers {
    /// `PLACE: round K differs`, then both pairings, one line each.
    fn text(&self, place: &str) -> String {
        format!(
            "{place}: round {} differs\n  recorded: {}\n  produced: {}\n",
            self.round, self.recorded, self.produced
        )
    }
}

/// An absolute criterion a recorded pairing breaks.
#[derive(Debug, Serialize)]
pub struct Breach {
    /// The round.
    pub round: u32,
    /// Where the round is (as for [`RoundDiffers::at`]; the file when the
    /// engine makes every recorded board).
    pub at: String,
    /// The rule, e.g. `C.04.3 (2026) C1`.
    pub rule: String,
    /// What happened, naming the players.
    pub detail: String,
}

/// The standings half of a file's check.
#[derive(Debug, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Standings {
    /// Not checked, and why.
    Skipped {
        /// Why.
        reason: String,
    },
    /// Checked with the file's own tie-breaks.
    Checked {
        /// The record the tie-breaks come from (`212` or `202`).
        record: &'static str,
        /// The tie-breaks after points, as the file writes them.
        tiebreaks: Vec<String>,
        /// Players ranked.
        ranks: usize,
        /// Each rank that differs.
        differences: Vec<RankDiffers>,
    },
}

impl FileCheck {
    fn ranks_differ(&self) -> usize {
        match &self.standings {
            Standings::Checked { differences, .. } => differences.len(),
            Standings::Skipped { .. } => 0,
        }
    }
}

/// The whole report (`--format json`).
#[derive(Debug, Serialize)]
pub struct Report {
    /// The system paired with.
    pub system: String,
    /// One entry per file, in the order given.
    pub files: Vec<FileCheck>,
    /// What the exit code says: `agree`, `illegal_pairing`,
    /// `pairings_differ` or `standings_differ`.
    pub verdict: &'static str,
}

impl Report {
    fn exit_code(&self) -> u8 {
        let any = |f: &dyn Fn(&FileCheck) -> bool| self.files.iter().any(f);
        if any(&|f| !f.illegal.is_empty()) {
            EXIT_ILLEGAL
        } else if any(&|f| !f.differing.is_empty()) {
            EXIT_DIFFERS
        } else if any(&|f| f.ranks_differ() > 0) {
            EXIT_STANDINGS
        } else {
            0
        }
    }

    fn verdict_of(code: u8) -> &'static str {
        match code {
            EXIT_ILLEGAL => "illegal_pairing",
            EXIT_DIFFERS => "pairings_differ",
            EXIT_STANDINGS => "standings_differ",
            _ => "agree",
        }
    }

    /// The replay's figures, as every replay in the workspace sums them
    /// (`LABEL: X/Y rounds identical in Z tournaments`).
    fn agreement(&self) -> swiss_core::Agreement {
        swiss_core::Agreement {
            label: self.system.clone(),
            tournaments: self.files.len(),
            reproduced: self.files.iter().filter(|f| f.differing.is_empty()).count(),
            rounds: self.files.iter().map(|f| u64::from(f.rounds)).sum(),
            identical: self.files.iter().map(|f| u64::from(f.identical)).sum(),
            details: Vec::new(),
        }
    }

    /// The report for reading: per file its differing rounds, illegal
    /// pairings and standings, then the replay's summary line and the
    /// verdict.
    fn text(&self) -> String {
        let mut s = String::new();
        for f in &self.files {
            let name = f.file.display();
            for d in &f.differing {
                s += &d.text(&d.at);
            }
            for b in &f.illegal {
                s += &format!(
                    "{}: round {}: illegal pairing: {}: {}\n",
                    b.at, b.round, b.rule, b.detail
                );
            }
            match &f.standings {
                Standings::Skipped { reason } => {
                    s += &format!("{name}: standings not checked: {reason}\n");
                }
                Standings::Checked {
                    record,
                    tiebreaks,
                    ranks,
                    differences,
                } => {
                    for d in differences {
                        s += &format!("{}: standings: {}\n", d.at, d.difference);
                    }
                    s += &format!(
                        "{name}: standings: {} of {ranks} ranks agree (points, then record {record}: {})\n",
                        ranks - differences.len(),
                        if tiebreaks.is_empty() {
                            "no tie-break".to_string()
                        } else {
                            tiebreaks.join(",")
                        }
                    );
                }
            }
        }
        let agreement = self.agreement();
        s += &format!("{agreement}\n");
        let illegal: usize = self.files.iter().map(|f| f.illegal.len()).sum();
        let ranks: usize = self.files.iter().map(FileCheck::ranks_differ).sum();
        let checked = self
            .files
            .iter()
            .filter(|f| matches!(f.standings, Standings::Checked { .. }))
            .count();
        s += &format!(
            "check: {} (rounds differing: {}, pairings breaking an absolute criterion: {illegal}, ranks differing: {ranks}; standings checked in {checked} of {} files)\n",
            self.verdict.replace('_', " "),
            agreement.rounds - agreement.identical,
            self.files.len()
        );
        s
    }
}

/// `swiss check`.
pub fn check(a: CheckArgs) -> Result<(), Failure> {
    let report = report(&a, true)?;
    let text = match a.format {
        ReportFormat::Text => report.text(),
        ReportFormat::Json => json(&report)?,
    };
    emit(None, &text)?;
    match report.exit_code() {
        0 => Ok(()),
        code => Err(Failure::new(code, String::new())),
    }
}

/// The established engines' `-c`: the pairings replayed, their report and
/// exit code (1 when a round differs), as `bbpPairings --dutch FILE -c`.
pub fn check_legacy(a: CheckArgs) -> Result<(), Failure> {
    let report = report(&a, false)?;
    let mut text = String::new();
    for f in &report.files {
        for d in &f.differing {
            text += &d.text(&f.file.display().to_string());
        }
    }
    let agreement = report.agreement();
    text += &format!("{agreement}\n");
    emit(None, &text)?;
    if agreement.all_agree() {
        Ok(())
    } else {
        Err(Failure::new(EXIT_NO_PAIRING, String::new()))
    }
}

/// Reads every file (all must be valid), then checks them in parallel;
/// `full`: the verifier and the standings too.
fn report(a: &CheckArgs, full: bool) -> Result<Report, Failure> {
    let inputs = a
        .files
        .iter()
        .map(|f| read_input(f))
        .collect::<Result<Vec<_>, _>>()?;
    let entry = a.system.entry()?;
    let prepared = inputs
        .iter()
        .map(|i| {
            let engine = a.system.engine_for(Some(i))?;
            let verifier = entry.verifier(&a.system.options(Some(i))?);
            Ok((engine, verifier))
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let files = a
        .files
        .par_iter()
        .zip(&inputs)
        .zip(&prepared)
        .map(|((file, input), (engine, verifier))| {
            check_file(file, input, engine.as_ref(), *verifier, full)
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let mut report = Report {
        system: a.system.system.clone(),
        files,
        verdict: "agree",
    };
    report.verdict = Report::verdict_of(report.exit_code());
    Ok(report)
}

fn check_file(
    file: &Path,
    input: &Input,
    engine: &dyn swiss_core::PairingSystem,
    verifier: &dyn Verifier,
    full: bool,
) -> Result<FileCheck, Failure> {
    let t = &input.tournament;
    let replay = swiss_core::check(engine, t);
    let differing: Vec<RoundDiffers> = replay
        .differences
        .iter()
        .map(|d| RoundDiffers {
            round: d.round,
            at: round_place(input, d),
            recorded: d.recorded.to_string(),
            produced: match &d.produced {
                Ok(p) => p.to_string(),
                Err(e) => format!("none: {e}"),
            },
        })
        .collect();
    let mut illegal = Vec::new();
    let mut standings = Standings::Skipped {
        reason: "not asked".into(),
    };
    if full {
        let initial_colour = engine.initial_colour(t);
        for k in 1..=t.played_rounds() {
            let mut before = before_round(t, k);
            before.initial_colour = initial_colour;
            let recorded = Pairing::recorded(t, k);
            let at = differing
                .iter()
                .find(|d| d.round == k)
                .map_or_else(|| input.places.file().to_string(), |d| d.at.clone());
            illegal.extend(
                verifier
                    .verify(&before, &recorded)
                    .into_iter()
                    .map(|v| Breach {
                        round: k,
                        at: at.clone(),
                        rule: v.rule.to_string(),
                        detail: v.detail,
                    }),
            );
        }
        standings = check_standings(file, t, &input.places)?;
    }
    Ok(FileCheck {
        file: file.to_path_buf(),
        rounds: replay.rounds,
        identical: replay.identical(),
        differing,
        illegal,
        standings,
    })
}

/// The standings half: the recorded ranks against the computed ones, with
/// the file's own tie-break list.
fn check_standings(file: &Path, t: &Tournament, places: &Places) -> Result<Standings, Failure> {
    let skip = |reason: &str| {
        Ok(Standings::Skipped {
            reason: reason.to_string(),
        })
    };
    let Some(record) = swiss_tiebreak::list_record(t) else {
        return skip(
            "the file lists no tie-breaks (TRF-2026 record 212 or 202); the checker does not guess them",
        );
    };
    match &t.teams {
        Some(ts) if ts.teams.iter().all(|team| team.rank.is_none()) => {
            return skip("the file records no team ranks (TRF-2026 record 310 columns 69-71)");
        }
        None if t.players.iter().all(|p| p.rank.is_none()) => {
            return skip("the file records no ranks (TRF 001 columns 86-89)");
        }
        _ => {}
    }
    let invalid = |e: &dyn std::fmt::Display| {
        Failure::new(
            EXIT_INVALID,
            format!("{}: record {record}: {e}", file.display()),
        )
    };
    let codes = swiss_tiebreak::list_for(t, None, "").map_err(|e| invalid(&e))?;
    let o = swiss_tiebreak::Options {
        rules: swiss_tiebreak::Rules::for_event(t),
        round: None,
        unrated: None,
    };
    let tbs: Vec<_> = codes.iter().map(|c| c.1.clone()).collect();
    let table = swiss_tiebreak::table(t, &tbs, &o).map_err(|e| invalid(&e))?;
    let names: Vec<&str> = codes.iter().map(|c| c.0.as_str()).collect();
    Ok(Standings::Checked {
        record,
        tiebreaks: codes.iter().map(|c| c.0.clone()).collect(),
        ranks: table.rows.len(),
        differences: crate::standings::rank_differences(t, &table, &names)
            .into_iter()
            .map(|(i, d)| RankDiffers {
                // A team's rank is in its 310 record; rows are in TPN order,
                // as the sorted team list.
                at: places.place(if t.teams.is_some() {
                    Spot::TeamField(i, "rank")
                } else {
                    Spot::Field(i, "rank")
                }),
                difference: d,
            })
            .collect(),
    })
}

/// The place of a differing round: the entry, for that round, of the white
/// player of the first recorded board the engine does not make (else of
/// the recorded bye); the file when neither is found.
fn round_place(input: &Input, d: &RoundDifference) -> String {
    let t = &input.tournament;
    let theirs = d.produced.as_ref().ok();
    let key = |a: u32, b: u32| (a.min(b), a.max(b));
    let made = |a: u32, b: u32| {
        theirs.is_some_and(|p| p.pairs.iter().any(|q| key(q.white, q.black) == key(a, b)))
    };
    let player = d
        .recorded
        .pairs
        .iter()
        .find(|p| !made(p.white, p.black))
        .map(|p| p.white)
        .or(d.recorded.bye);
    let r = d.round as usize - 1;
    match player.and_then(|s| t.index_of(s)) {
        // A team tournament's pairs are teams: no player entry to point at.
        Some(i) if t.teams.is_none() => input.places.place(Spot::Entry(i, r)),
        _ => input.places.file().to_string(),
    }
}
