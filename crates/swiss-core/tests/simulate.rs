//! The simulation loop with a toy system (pairs neighbours in start-number
//! order among the players to pair, never a real pairing rule): the output
//! must be a valid TRF, reproducible from its seed, honouring absences.
#![allow(clippy::unwrap_used)]

use swiss_core::simulate::{SimulationConfig, random_players, simulate};
use swiss_core::{Pair, Pairing, PairingError, PairingSystem, RoundState, Tournament, trf};

struct Neighbours;

impl PairingSystem for Neighbours {
    fn name(&self) -> &'static str {
        "neighbours"
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let state = RoundState::next(t);
        let ids: Vec<u32> = state.to_pair().map(|p| p.start_no).collect();
        let mut out = Pairing {
            round: state.round,
            pairs: Vec::new(),
            bye: None,
        };
        for c in ids.chunks(2) {
            match c {
                [a, b] => out.pairs.push(Pair {
                    white: *a,
                    black: *b,
                }),
                [a] => out.bye = Some(*a),
                _ => {}
            }
        }
        Ok(out)
    }
}

fn config(seed: u64) -> SimulationConfig {
    SimulationConfig {
        rounds: 7,
        seed,
        forfeit_rate: 0.05,
        half_bye_rate: 0.05,
        absence_rate: 0.03,
        withdrawal_rate: 0.02,
        late_entry_rate: 0.1,
        ..SimulationConfig::default()
    }
}

#[test]
fn simulated_tournaments_are_valid_and_reproducible() {
    for seed in 0..50 {
        let t = simulate(&Neighbours, random_players(23, seed), "sim", &config(seed)).unwrap();
        let text = trf::write(&t);
        let back =
            trf::read(&text, "sim.trf").unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(back, t);
        assert_eq!(t.played_rounds(), 7);
        let again = simulate(&Neighbours, random_players(23, seed), "sim", &config(seed)).unwrap();
        assert_eq!(trf::write(&again), text, "seed {seed} is not reproducible");
        // Players marked absent before a round were not paired in it.
        for p in &t.players {
            for e in &p.rounds {
                assert!(
                    e.opponent.is_some() || e.result != swiss_core::ResultCode::Blank,
                    "{e:?}"
                );
            }
        }
    }
}
