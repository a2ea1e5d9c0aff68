//! Events too big for the literal reference (20-80 players, brackets of
//! dozens): every round is paired with the three upfloater methods (the
//! fast paths, the window matching, the full matching), which must agree,
//! and every pairing goes through the independent verifier
//! (`swiss_verify::Verified` with `swiss_verify::Dubov::FIDE_2026`).
#![allow(clippy::unwrap_used)]

use swiss_core::simulate::{Rng, SimulationConfig, play, random_players};
use swiss_core::{Pairing, PairingError, PairingSystem, RoundState, Tournament, same_pairing};
use swiss_dubov::{Dubov, Options, Strategy, pair_with_strategy};
use swiss_verify::Verified;

/// The engine, after checking that the other two methods agree.
struct AllMethods;

impl PairingSystem for AllMethods {
    fn name(&self) -> &'static str {
        "dubov"
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let st = RoundState::next(t);
        let o = Options::default();
        let auto = pair_with_strategy(&st, &o, Strategy::Auto);
        for s in [Strategy::Window, Strategy::Full] {
            let other = pair_with_strategy(&st, &o, s);
            let same = match (&auto, &other) {
                (Ok(a), Ok(b)) => same_pairing(a, b),
                (Err(a), Err(b)) => a == b,
                _ => false,
            };
            assert!(
                same,
                "round {}: {s:?} differs\n  auto: {auto:?}\n  {s:?}: {other:?}\n{}",
                st.round,
                swiss_core::trf::write(t)
            );
        }
        Dubov::default().pair(t)
    }
}

#[test]
fn methods_agree_and_verifier_accepts_on_medium_events() {
    let (mut events, mut rounds) = (0, 0);
    for seed in 0..60u64 {
        let mut rng = Rng::new(seed ^ 0x3D);
        let n = 20 + rng.below(61) as u32;
        let cfg = SimulationConfig {
            rounds: 5 + rng.below(7) as u32,
            seed,
            forfeit_rate: 0.03,
            half_bye_rate: 0.03,
            absence_rate: 0.02,
            withdrawal_rate: 0.01,
            late_entry_rate: 0.05,
            ..SimulationConfig::default()
        };
        let sys = Verified {
            system: &AllMethods,
            verify: &swiss_verify::Dubov::FIDE_2026,
        };
        let sim = play(&sys, random_players(n, seed), "medium", &cfg);
        if let Some(e) = &sim.stopped {
            assert!(
                matches!(e, PairingError::NoLegalPairing { .. }),
                "seed {seed}: {e}"
            );
        }
        events += 1;
        rounds += sim.pairings.len();
    }
    println!("{events} events, {rounds} rounds: three methods agree, verifier accepts");
}
