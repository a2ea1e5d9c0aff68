//! The engine against the literal reference (`tests/common/reference.rs`)
//! on seeded random small tournaments, played round by round with
//! forfeits, requested byes, absences, withdrawals and late entries; and
//! against a brute-force "does any legal pairing exist?" on every round.
//!
//! `LIM_REFERENCE_EVENTS` sets the number of events (default 2000).
#![allow(clippy::unwrap_used)]

mod common;

use common::reference::{ReferenceSystem, legal_pairing_exists};
use swiss_core::simulate::{Rng, SimulationConfig, play, random_players};
use swiss_core::{PairingSystem, RoundState, before_round, check};
use swiss_lim::{Edition, Lim, Options};
use swiss_verify::Verified;

fn events() -> u64 {
    std::env::var("LIM_REFERENCE_EVENTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000)
}

/// Counts of one sweep.
#[derive(Default, Debug)]
struct Tally {
    events: u64,
    rounds: u64,
    unpairable: u64,
    byes: u64,
}

/// Plays `n` events with `maxi` under `edition`, compares every round
/// with the reference and every unpaired round with the brute-force
/// existence check.
fn sweep(n: u64, maxi: bool, salt: u64, edition: Edition) -> Tally {
    let engine = Lim::new(Options::DEFAULT.with_edition(edition).with_maxi(maxi));
    let text_2026 = edition == Edition::Fide2026;
    let verified = Verified {
        system: &engine,
        verify: if text_2026 {
            &swiss_verify::Lim::FIDE_2026
        } else {
            &swiss_verify::Lim::FIDE_1999
        },
    };
    let reference = ReferenceSystem { maxi, text_2026 };
    let mut tally = Tally::default();
    for seed in 0..n {
        let mut rng = Rng::new(seed ^ salt);
        let players = 4 + rng.below(10) as u32;
        let cfg = SimulationConfig {
            // Up to one round fewer than players: later rounds mostly
            // have no legal pairing at all.
            rounds: 3 + rng.below(u64::from(players - 3).min(6)) as u32,
            seed: seed ^ salt,
            draw_rate: [0.0, 0.3, 0.6][rng.below(3) as usize],
            forfeit_rate: 0.04,
            half_bye_rate: 0.04,
            absence_rate: 0.03,
            withdrawal_rate: 0.02,
            late_entry_rate: 0.1,
            ..SimulationConfig::default()
        };
        // Ratings in a narrow band make Maxi's 100-point rule bite.
        let mut list = random_players(players, seed);
        if maxi {
            for (i, p) in list.iter_mut().enumerate() {
                p.rating = Some(2000 - 40 * i as u16);
            }
        }
        let sim = play(&verified, list, "random", &cfg);
        let t = &sim.tournament;
        let report = check(&reference, t);
        assert!(
            report.differences.is_empty(),
            "seed {seed} ({players} players, maxi {maxi}): engine and reference differ:\n{}",
            report
                .differences
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        );
        tally.events += 1;
        tally.rounds += u64::from(report.rounds);
        tally.byes += sim.pairings.iter().filter(|p| p.bye.is_some()).count() as u64;
        // The round the engine could not pair: nobody can.
        if let Some(e) = &sim.stopped {
            let st = RoundState::next(t);
            assert!(
                !legal_pairing_exists(&st, text_2026),
                "seed {seed}: the engine gave up ({e}) on a round with a legal pairing"
            );
            assert!(
                reference.pair(t).is_err(),
                "seed {seed}: the reference pairs it"
            );
            tally.unpairable += 1;
        }
        // Every paired round had one (trivially), and the engine paired
        // every round that had one.
        for k in 1..=report.rounds {
            let st = RoundState::next(&before_round(t, k));
            assert!(
                legal_pairing_exists(&st, text_2026),
                "seed {seed} round {k}"
            );
        }
    }
    tally
}

/// The engine agrees with the literal reference on every round of
/// thousands of random events, and leaves a round unpaired only when no
/// legal pairing exists.
#[test]
fn engine_agrees_with_the_literal_reference() {
    let t = sweep(events(), false, 0, Edition::Fide2026);
    eprintln!("Lim reference sweep: {t:?}");
    assert!(t.rounds > 0);
}

/// The same with the Maxi-tournament option.
#[test]
fn engine_agrees_with_the_literal_reference_maxi() {
    let t = sweep(events() / 4, true, 0x5eed, Edition::Fide2026);
    eprintln!("Lim reference sweep (maxi): {t:?}");
    assert!(t.rounds > 0);
}

/// The same under the 1999 text (its C.04.1 d bye bar), on the events of
/// the first sweep's first quarter.
#[test]
fn engine_agrees_with_the_literal_reference_1999() {
    let t = sweep(events() / 4, false, 0, Edition::Fide1999);
    eprintln!("Lim reference sweep (1999): {t:?}");
    assert!(t.rounds > 0);
}
