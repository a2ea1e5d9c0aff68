//! Shared test support: the literal reference, the engine under the
//! independent verifier, and small tournament builders.
#![allow(dead_code, clippy::unwrap_used)]

pub mod reference;

use std::sync::Mutex;

use swiss_core::{
    Colour, Pair, Pairing, PairingError, PairingSystem, Player, ResultCode, RoundEntry, RoundState,
    Tournament, same_pairing,
};
use swiss_dubov::{Edition, Options, Strategy, pair_with_strategy};

/// The engine in every strategy, the reference and the verifier on one
/// round: `Err` describes the first disagreement.
pub fn compare(state: &RoundState, options: &Options) -> Result<Option<Pairing>, String> {
    compare_with(state, options, true)
}

/// [`compare`], with the literal reference only when `literal` (it is
/// exponential: brackets of more than about ten players take too long).
pub fn compare_with(
    state: &RoundState,
    options: &Options,
    literal: bool,
) -> Result<Option<Pairing>, String> {
    let engine = pair_with_strategy(state, options, Strategy::Auto);
    for s in [Strategy::Window, Strategy::Full] {
        let other = pair_with_strategy(state, options, s);
        match (&engine, &other) {
            (Ok(a), Ok(b)) if same_pairing(a, b) => {}
            (Err(a), Err(b)) if a == b => {}
            _ => {
                return Err(format!(
                    "strategy {s:?} differs:\n  auto: {engine:?}\n  {s:?}: {other:?}"
                ));
            }
        }
    }
    let literal = if literal {
        reference::pair(
            state,
            options.default_rating,
            options.edition == Edition::Fide2026,
        )
    } else {
        engine.clone().map_err(|e| e.to_string())
    };
    match (&engine, &literal) {
        (Ok(a), Ok(b)) if same_pairing(a, b) => {}
        (Err(swiss_dubov::Error::NoLegalPairing { .. }), Err(_)) => return Ok(None),
        _ => {
            return Err(format!(
                "engine and reference differ:\n  engine:    {}\n  reference: {}",
                show(&engine.map_err(|e| e.to_string())),
                show(&literal)
            ));
        }
    }
    let p = engine.map_err(|e| e.to_string())?;
    let bad = match options.edition {
        Edition::Fide2026 => swiss_verify::Dubov::FIDE_2026.verify_state(state, &p),
        Edition::Fide2018 => swiss_verify::Dubov::FIDE_2018.verify_state(state, &p),
    };
    if !bad.is_empty() {
        return Err(format!("verifier rejects {p}: {bad:?}"));
    }
    Ok(Some(p))
}

fn show(r: &Result<Pairing, String>) -> String {
    match r {
        Ok(p) => p.to_string(),
        Err(e) => format!("error: {e}"),
    }
}

/// A [`PairingSystem`] that pairs with the engine after [`compare`]
/// passed, and records what it saw.
pub struct Compared {
    /// Engine options.
    pub options: Options,
    /// Rounds compared so far.
    pub rounds: Mutex<u32>,
    /// The first disagreement, with the tournament before the round.
    pub failure: Mutex<Option<String>>,
}

impl Compared {
    /// With these options.
    pub fn new(options: Options) -> Self {
        Compared {
            options,
            rounds: Mutex::new(0),
            failure: Mutex::new(None),
        }
    }
}

impl PairingSystem for Compared {
    fn name(&self) -> &'static str {
        "dubov"
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let state = RoundState::next(t);
        *self.rounds.lock().unwrap() += 1;
        match compare(&state, &self.options) {
            Ok(Some(p)) => Ok(p),
            Ok(None) => Err(PairingError::NoLegalPairing {
                round: state.round,
                reason: "both agree".into(),
            }),
            Err(e) => {
                let msg = format!("round {}: {e}\n{}", state.round, swiss_core::trf::write(t));
                *self.failure.lock().unwrap() = Some(msg.clone());
                Err(PairingError::Internal {
                    round: state.round,
                    reason: msg,
                })
            }
        }
    }
}

/// `n` players rated 2400, 2390, ... (start number 1 strongest).
pub fn players(n: u32) -> Vec<Player> {
    (1..=n)
        .map(|i| Player::new(i, format!("P{i}"), Some(2400 - 10 * i as u16)))
        .collect()
}

/// A tournament of `n` players, `rounds` planned, White as initial colour.
pub fn event(n: u32, rounds: u32) -> Tournament {
    Tournament {
        planned_rounds: Some(rounds),
        initial_colour: Some(Colour::White),
        players: players(n),
        ..Tournament::default()
    }
}

/// Records a game `white`-`black` with White's result.
pub fn game(t: &mut Tournament, white: u32, black: u32, white_result: ResultCode) {
    let black_result = white_result.mirrored();
    push(
        t,
        white,
        RoundEntry::game(black, Colour::White, white_result),
    );
    push(
        t,
        black,
        RoundEntry::game(white, Colour::Black, black_result),
    );
}

/// Records an entry without opponent (bye, absence).
pub fn no_game(t: &mut Tournament, p: u32, code: ResultCode) {
    push(t, p, RoundEntry::no_game(code));
}

fn push(t: &mut Tournament, p: u32, e: RoundEntry) {
    let i = t.index_of(p).unwrap();
    t.players[i].rounds.push(e);
    let ps = t.point_system;
    t.players[i].points = t.players[i].score_after(u32::MAX, &ps);
}

/// The next round of `t` by the engine (default options), after checking
/// that every strategy, the literal reference and the verifier agree.
pub fn next(t: &Tournament) -> Pairing {
    let st = RoundState::next(t);
    match compare(&st, &Options::default()) {
        Ok(Some(p)) => p,
        Ok(None) => panic!("no legal pairing"),
        Err(e) => panic!("{e}"),
    }
}

/// Round `round` of `t` (rounds before it as history), checked like [`next`].
pub fn at(t: &Tournament, round: u32) -> Pairing {
    let st = RoundState::before(t, round);
    match compare(&st, &Options::default()) {
        Ok(Some(p)) => p,
        Ok(None) => panic!("no legal pairing"),
        Err(e) => panic!("{e}"),
    }
}

/// [`next`] without the literal reference (for events too big for it).
pub fn next_big(t: &Tournament) -> Pairing {
    let st = RoundState::next(t);
    match compare_with(&st, &Options::default(), false) {
        Ok(Some(p)) => p,
        Ok(None) => panic!("no legal pairing"),
        Err(e) => panic!("{e}"),
    }
}

/// The pairs as (white, black), in board order.
pub fn pairs(p: &Pairing) -> Vec<(u32, u32)> {
    p.pairs
        .iter()
        .map(|&Pair { white, black }| (white, black))
        .collect()
}

/// Plays `p` into `t` with White's results in board order, `results[i]`
/// for board `i`; the bye as `U`.
pub fn play(t: &mut Tournament, p: &Pairing, results: &[ResultCode]) {
    assert_eq!(p.pairs.len(), results.len(), "one result per board");
    for (pair, &r) in p.pairs.iter().zip(results) {
        game(t, pair.white, pair.black, r);
    }
    if let Some(b) = p.bye {
        no_game(t, b, ResultCode::PairingBye);
    }
}
