//! Simulated tournaments: the loop behind the random tournament generator
//! (C.04.A RTG), the pairing traces and the benchmarks. System-agnostic:
//! the system is any [`PairingSystem`].
//!
//! Deterministic for a given seed on every machine: the generator is
//! SplitMix64 and the only floating point is `+ - * /` (IEEE 754 exact
//! rounding), no platform `exp`/`pow`.

use serde::{Deserialize, Serialize};

use crate::model::{Colour, Player, ResultCode, RoundEntry, Tournament};
use crate::pairing::Pairing;
use crate::points::PointSystem;
use crate::system::{PairingError, PairingSystem};

/// SplitMix64: a small, fast, seedable generator with identical output everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        // Multiply-shift: unbiased enough for simulation, and portable.
        ((u128::from(self.next_u64()) * u128::from(n.max(1))) >> 64) as u64
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
}

/// How results and attendance are drawn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SimulationConfig {
    /// Rounds to play.
    pub rounds: u32,
    /// Seed of the generator.
    pub seed: u64,
    /// Probability of a draw between equally rated players (less when the gap grows).
    pub draw_rate: f64,
    /// Probability that a game is forfeited (one side, or now and then both).
    pub forfeit_rate: f64,
    /// Probability that a player asks for a half-point bye in a round.
    pub half_bye_rate: f64,
    /// Probability that a player is absent (zero-point bye) in a round.
    pub absence_rate: f64,
    /// Probability per round that a player withdraws for the rest of the event.
    pub withdrawal_rate: f64,
    /// Fraction of players who arrive late (absent from round 1, and maybe 2).
    pub late_entry_rate: f64,
    /// The point system written into the file.
    pub point_system: PointSystem,
}

impl Default for SimulationConfig {
    fn default() -> Self {
        SimulationConfig {
            rounds: 9,
            seed: 1,
            draw_rate: 0.3,
            forfeit_rate: 0.01,
            half_bye_rate: 0.01,
            absence_rate: 0.005,
            withdrawal_rate: 0.002,
            late_entry_rate: 0.02,
            point_system: PointSystem::default(),
        }
    }
}

impl SimulationConfig {
    /// The default results, but every player plays every round: no
    /// forfeits, requested byes, absences, withdrawals or late entries (an
    /// engine event such as TCEC).
    pub fn everyone_plays() -> SimulationConfig {
        SimulationConfig {
            forfeit_rate: 0.0,
            half_bye_rate: 0.0,
            absence_rate: 0.0,
            withdrawal_rate: 0.0,
            late_entry_rate: 0.0,
            ..SimulationConfig::default()
        }
    }

    /// The same events with every irregularity they have made frequent
    /// (forfeits 3%, half-point byes 3%, absences 2%, withdrawals 1%, late
    /// entries 5%), and those they lack still absent: what the traces and
    /// the round-trip tests play, to exercise every rule in a few rounds.
    pub fn stressed(&self) -> SimulationConfig {
        let often = |rate: f64, stress: f64| if rate > 0.0 { stress } else { 0.0 };
        SimulationConfig {
            forfeit_rate: often(self.forfeit_rate, 0.03),
            half_bye_rate: often(self.half_bye_rate, 0.03),
            absence_rate: often(self.absence_rate, 0.02),
            withdrawal_rate: often(self.withdrawal_rate, 0.01),
            late_entry_rate: often(self.late_entry_rate, 0.05),
            ..self.clone()
        }
    }
}

/// `n` players with descending ratings spread like an open (start number 1 strongest).
pub fn random_players(n: u32, seed: u64) -> Vec<Player> {
    let mut rng = Rng::new(seed ^ 0x5157_1553);
    let mut ratings: Vec<u16> = (0..n).map(|_| 1200 + rng.below(1600) as u16).collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    ratings
        .into_iter()
        .enumerate()
        .map(|(i, r)| Player::new(i as u32 + 1, format!("Player {:04}", i + 1), Some(r)))
        .collect()
}

/// 10^x for the logistic rating curve, from `+ - * /` only (see module docs).
fn exp10(x: f64) -> f64 {
    // e^y with y = x ln 10; halve until small, Taylor series, square back.
    let mut y = x * std::f64::consts::LN_10;
    let mut halvings = 0;
    while y.abs() > 0.5 {
        y /= 2.0;
        halvings += 1;
    }
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..20 {
        term = term * y / f64::from(k);
        sum += term;
    }
    for _ in 0..halvings {
        sum *= sum;
    }
    sum
}

/// Expected score of a player rated `a` against `b` (logistic Elo curve).
pub fn expected_score(a: u16, b: u16) -> f64 {
    let d = (f64::from(a) - f64::from(b)).clamp(-800.0, 800.0);
    1.0 / (1.0 + exp10(-d / 400.0))
}

/// Plays `cfg.rounds` rounds: before each, draws the absences; pairs with
/// `system`; draws the results; appends the round. Stops with the system's
/// error if a round cannot be paired.
pub fn simulate(
    system: &dyn PairingSystem,
    players: Vec<Player>,
    name: &str,
    cfg: &SimulationConfig,
) -> Result<Tournament, PairingError> {
    let s = play(system, players, name, cfg);
    match s.stopped {
        Some(e) => Err(e),
        None => Ok(s.tournament),
    }
}

/// A simulated event as far as it went.
#[derive(Clone, Debug)]
pub struct Simulation {
    /// The record of the rounds played (a round that could not be paired
    /// keeps only its absences and requested byes).
    pub tournament: Tournament,
    /// Each played round's pairing as the system returned it (boards in
    /// the system's own order).
    pub pairings: Vec<Pairing>,
    /// Why the event stopped before `cfg.rounds`, if it did.
    pub stopped: Option<PairingError>,
}

/// [`simulate`], keeping the rounds played when a round cannot be paired,
/// and each round's pairing in the system's board order.
pub fn play(
    system: &dyn PairingSystem,
    players: Vec<Player>,
    name: &str,
    cfg: &SimulationConfig,
) -> Simulation {
    let mut pairings = Vec::new();
    let mut rng = Rng::new(cfg.seed);
    let mut t = Tournament {
        name: name.to_string(),
        planned_rounds: Some(cfg.rounds),
        initial_colour: Some(if rng.chance(0.5) {
            Colour::White
        } else {
            Colour::Black
        }),
        point_system: cfg.point_system,
        players,
        ..Tournament::default()
    };
    let n = t.players.len();
    // Late arrivals miss round 1 (and half of them round 2 too); withdrawn
    // players miss every later round.
    let arrival: Vec<u32> = (0..n)
        .map(|_| {
            if rng.chance(cfg.late_entry_rate) {
                2 + rng.below(2) as u32
            } else {
                1
            }
        })
        .collect();
    let mut withdrawn = vec![false; n];
    for round in 1..=cfg.rounds {
        for (i, p) in t.players.iter_mut().enumerate() {
            if round > 1 && !withdrawn[i] && rng.chance(cfg.withdrawal_rate) {
                withdrawn[i] = true;
            }
            let entry = if withdrawn[i] || round < arrival[i] || rng.chance(cfg.absence_rate) {
                Some(ResultCode::ZeroBye)
            } else if round < cfg.rounds && rng.chance(cfg.half_bye_rate) {
                Some(ResultCode::HalfBye)
            } else {
                None
            };
            p.rounds.resize(round as usize - 1, RoundEntry::BLANK);
            if let Some(code) = entry {
                p.rounds.push(RoundEntry::no_game(code));
            }
        }
        let pairing = match system.pair(&t) {
            Ok(p) => p,
            Err(e) => {
                return Simulation {
                    tournament: t,
                    pairings,
                    stopped: Some(e),
                };
            }
        };
        pairing.append_to(&mut t);
        for pair in &pairing.pairs {
            let (Some(w), Some(b)) = (t.index_of(pair.white), t.index_of(pair.black)) else {
                continue;
            };
            let (rw, rb) = draw_result(
                &mut rng,
                cfg,
                t.players[w].rating.unwrap_or(1000),
                t.players[b].rating.unwrap_or(1000),
            );
            t.players[w].rounds[round as usize - 1].result = rw;
            t.players[b].rounds[round as usize - 1].result = rb;
        }
        pairings.push(pairing);
        let ps = t.point_system;
        for p in &mut t.players {
            p.points = p.score_after(u32::MAX, &ps);
        }
    }
    Simulation {
        tournament: t,
        pairings,
        stopped: None,
    }
}

/// Draws one game's result (white's code, black's code).
fn draw_result(
    rng: &mut Rng,
    cfg: &SimulationConfig,
    white: u16,
    black: u16,
) -> (ResultCode, ResultCode) {
    use ResultCode::{Draw, ForfeitLoss, ForfeitWin, Loss, Win};
    if rng.chance(cfg.forfeit_rate) {
        return match rng.below(10) {
            0 => (ForfeitLoss, ForfeitLoss),
            1..=4 => (ForfeitWin, ForfeitLoss),
            _ => (ForfeitLoss, ForfeitWin),
        };
    }
    // White's expectation with a small first-move edge.
    let e = expected_score(white.saturating_add(30), black);
    // Draws get rarer as the gap widens; keep the expectation e = win + draw/2.
    let draw = (cfg.draw_rate * (1.0 - (2.0 * e - 1.0).abs())).clamp(0.0, 1.0);
    let win = (e - draw / 2.0).clamp(0.0, 1.0);
    let u = rng.unit();
    if u < win {
        (Win, Loss)
    } else if u < win + draw {
        (Draw, Draw)
    } else {
        (Loss, Win)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp10_matches_known_values() {
        for (x, want) in [
            (0.0, 1.0),
            (1.0, 10.0),
            (-1.0, 0.1),
            (2.0, 100.0),
            (0.5, 3.1622776601683795),
        ] {
            assert!((exp10(x) - want).abs() / want < 1e-12, "{x}: {}", exp10(x));
        }
        assert!((expected_score(2400, 2000) - 0.909_090_909).abs() < 1e-6);
    }

    #[test]
    fn generator_is_reproducible() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let xs: Vec<u64> = (0..5).map(|_| a.next_u64()).collect();
        assert_eq!(xs, (0..5).map(|_| b.next_u64()).collect::<Vec<_>>());
        // Pinned: any change to the generator changes every generated tournament.
        assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }
}
