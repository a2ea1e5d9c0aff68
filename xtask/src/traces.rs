//! Pairing traces: every player list of `testdata/players` played through
//! every system with a fixed seed, printed readably. Snapshot-tested, so a
//! change in any system's behaviour shows up as a reviewable diff.

use std::fmt::Write as _;
use std::path::Path;

use rayon::prelude::*;
use swiss_core::simulate::{SimulationConfig, play};
use swiss_core::{RoundState, Tournament, trf};

/// The seed of every trace: changing it changes every snapshot.
pub const SEED: u64 = 2026;

/// One computed trace.
pub struct Trace {
    /// `<system>__<list>`, the snapshot name.
    pub name: String,
    /// The readable trace.
    pub text: String,
}

/// The player lists, by file stem, sorted.
pub fn player_lists(root: &Path) -> anyhow::Result<Vec<(String, Tournament)>> {
    let dir = root.join("testdata/players");
    swiss_testdata::files(&dir, "trf")?
        .into_iter()
        .map(|f| {
            let name = f.display().to_string();
            let text = std::fs::read_to_string(&f)?;
            let t = trf::read(&text, &name).map_err(|e| anyhow::anyhow!("{e}"))?;
            let stem = f
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string();
            Ok((stem, t))
        })
        .collect()
}

/// Rounds to play for a list: enough to make brackets interesting, and for
/// the small lists enough to exhaust the legal pairings.
fn rounds_for(players: usize) -> u32 {
    match players {
        0..=6 => players as u32,
        7..=16 => 7,
        _ => 9,
    }
}

/// Computes every (system, list) trace in parallel; the order of the result
/// is fixed (systems, then lists) whatever the thread schedule.
pub fn all(root: &Path, systems: &[crate::Entry]) -> anyhow::Result<Vec<Trace>> {
    let lists = player_lists(root)?;
    let jobs: Vec<(&crate::Entry, &(String, Tournament))> = systems
        .iter()
        .flat_map(|s| lists.iter().map(move |l| (s, l)))
        .collect();
    Ok(jobs
        .par_iter()
        .map(|(s, (list, t))| Trace {
            name: format!("{}__{list}", s.label),
            text: trace(s, list, t),
        })
        .collect())
}

/// Plays `list` through the system of `entry` (with its simulation
/// settings) and renders every round.
pub fn trace(entry: &crate::Entry, list: &str, start: &Tournament) -> String {
    let system = entry.system.as_ref();
    let rounds = rounds_for(start.players.len());
    let cfg = SimulationConfig {
        rounds,
        seed: SEED,
        ..entry.simulation.clone()
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} on {list}: {} players, {rounds} rounds, seed {SEED}",
        entry.label,
        start.players.len()
    );
    // One event; a round with no legal pairing still shows the rounds before it.
    let sim = play(system, start.players.clone(), &start.name, &cfg);
    for (k, boards) in (1..).zip(&sim.pairings) {
        render_round(&mut out, &sim.tournament, k, boards);
    }
    if let Some(e) = &sim.stopped {
        let _ = writeln!(out, "round {}: {e}", sim.pairings.len() + 1);
    }
    let state = RoundState::next(&sim.tournament);
    let mut standings: Vec<_> = state.players.iter().collect();
    standings.sort_by_key(|p| (std::cmp::Reverse(p.score), p.start_no));
    let _ = writeln!(
        out,
        "final: {}",
        standings
            .iter()
            .map(|p| format!("{}:{}", p.start_no, p.score))
            .collect::<Vec<_>>()
            .join(" ")
    );
    out
}

/// Round `k` of `t`, its boards in the order the system gave them (C.04.2
/// board order, TCEC playing order).
fn render_round(out: &mut String, t: &Tournament, k: u32, boards: &swiss_core::Pairing) {
    let before = RoundState::before(&swiss_core::before_round(t, k), k);
    let after = RoundState::before(t, k + 1);
    let _ = writeln!(out, "round {k}");
    for (i, p) in boards.pairs.iter().enumerate() {
        let score = |s| {
            before
                .player(s)
                .map(|x| x.score.to_string())
                .unwrap_or_default()
        };
        let result = t
            .player(p.white)
            .map(|x| x.entry(k).result.letter())
            .unwrap_or(' ');
        let _ = writeln!(
            out,
            "  {:>2}. {:>3} ({:>4}) - {:>3} ({:>4})  {result}",
            i + 1,
            p.white,
            score(p.white),
            p.black,
            score(p.black)
        );
    }
    if let Some(b) = boards.bye {
        let _ = writeln!(out, "  bye {b}");
    }
    let absent: Vec<String> = before
        .players
        .iter()
        .filter(|p| !p.to_pair)
        .map(|p| {
            format!(
                "{}{}",
                p.start_no,
                t.player(p.start_no)
                    .map(|x| x.entry(k).result.letter())
                    .unwrap_or(' ')
            )
        })
        .collect();
    if !absent.is_empty() {
        let _ = writeln!(out, "  not paired: {}", absent.join(" "));
    }
    // A played game between different pairing scores: `v` for the higher
    // player, `^` for the lower (what each system then calls a float).
    let score_before = |s: swiss_core::StartNo| {
        after
            .player(s)
            .and_then(|x| x.history.last())
            .map(|h| h.score_before)
    };
    let floats: Vec<String> = after
        .players
        .iter()
        .filter_map(|p| {
            let last = p.history.last().filter(|h| h.entry.is_played_game())?;
            let theirs = score_before(last.entry.opponent?)?;
            match last.score_before.cmp(&theirs) {
                std::cmp::Ordering::Greater => Some(format!("{}v", p.start_no)),
                std::cmp::Ordering::Less => Some(format!("{}^", p.start_no)),
                std::cmp::Ordering::Equal => None,
            }
        })
        .collect();
    if !floats.is_empty() {
        let _ = writeln!(out, "  floats: {}", floats.join(" "));
    }
}
