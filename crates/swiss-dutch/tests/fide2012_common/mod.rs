//! Helpers of the 2012 edition's tests: small hand-made events, pairing
//! through the 2012 edition, every pairing re-checked by the independent
//! verifier.
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use swiss_core::{
    Colour, Pair, Pairing, Player, PlayerState, PointSystem, Points, ResultCode, RoundEntry,
    RoundState, StartNo, Tournament,
};
use swiss_dutch::{Edition, Options};

/// An event of `n` players (ratings falling with the start number),
/// `rounds` planned, white drawn for the top player.
pub fn event(n: u32, rounds: u32) -> Tournament {
    Tournament {
        planned_rounds: Some(rounds),
        initial_colour: Some(Colour::White),
        players: (1..=n)
            .map(|i| Player::new(i, format!("P{i}"), Some(2400 - 10 * i as u16)))
            .collect(),
        ..Tournament::default()
    }
}

/// Records a game: `white` against `black`, `result` from white's side.
pub fn game(t: &mut Tournament, white: u32, black: u32, result: ResultCode) {
    let theirs = match result {
        ResultCode::Win => ResultCode::Loss,
        ResultCode::Loss => ResultCode::Win,
        ResultCode::ForfeitWin => ResultCode::ForfeitLoss,
        ResultCode::ForfeitLoss => ResultCode::ForfeitWin,
        other => other,
    };
    t.players[white as usize - 1]
        .rounds
        .push(RoundEntry::game(black, Colour::White, result));
    t.players[black as usize - 1]
        .rounds
        .push(RoundEntry::game(white, Colour::Black, theirs));
}

/// Records a round without a game for `p` (bye, absence).
pub fn no_game(t: &mut Tournament, p: u32, code: ResultCode) {
    t.players[p as usize - 1]
        .rounds
        .push(RoundEntry::no_game(code));
}

/// Forbids `a` and `b` to meet (`XXP`: for B.1 like an earlier game).
pub fn forbid(t: &mut Tournament, a: u32, b: u32) {
    t.forbidden_pairs.push(vec![a, b]);
}

/// Pairs `state` with the 2012 edition; the verifier must accept it.
pub fn pair_state(state: &RoundState) -> Pairing {
    let options = Options::DEFAULT.with_edition(Edition::Fide2012);
    let p = swiss_dutch::pair_state(state, &options).unwrap_or_else(|e| panic!("{e}"));
    let bad = swiss_verify::Dutch::FIDE_2012.verify_state(state, &p);
    assert!(bad.is_empty(), "verifier: {bad:?}");
    p
}

/// Pairs the next round of `t` with the 2012 edition (verified).
pub fn pair_next(t: &Tournament) -> Pairing {
    pair_state(&RoundState::next(t))
}

/// The boards as (white, black).
pub fn boards(p: &Pairing) -> Vec<(u32, u32)> {
    p.pairs
        .iter()
        .map(|&Pair { white, black }| (white, black))
        .collect()
}

/// The boards as unordered pairs, sorted.
pub fn pairs(p: &Pairing) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = p
        .pairs
        .iter()
        .map(|x| (x.white.min(x.black), x.white.max(x.black)))
        .collect();
    v.sort_unstable();
    v
}

/// A player for a hand-made [`RoundState`]: score in tenths, the colours
/// of his played games (`W`, `B`), no float, no earlier opponent.
pub fn player(id: StartNo, tenths: i32, colours: &str) -> PlayerState {
    PlayerState {
        start_no: id,
        rating: Some(2400 - 10 * id as u16),
        score: Points(tenths),
        acceleration: Points(0),
        to_pair: true,
        met: Vec::new(),
        colours: colours
            .chars()
            .map(|c| {
                if c == 'W' {
                    Colour::White
                } else {
                    Colour::Black
                }
            })
            .collect(),
        history: Vec::new(),
        had_bye_or_forfeit_win: false,
        pairing_byes: 0,
        forbidden: swiss_core::Partners::default(),
        rank_for_colour: id,
    }
}

/// The state before `round` of the hand-made `players` (`last`: the last
/// planned round).
pub fn state(round: u32, players: Vec<PlayerState>, last: bool) -> RoundState {
    RoundState {
        round,
        planned_rounds: Some(if last { round } else { round + 5 }),
        initial_colour: Colour::White,
        point_system: PointSystem::default(),
        players,
    }
}

/// Round 1 of 10 players, 1-6, 2-7, 3-8 won by white, 4-9 and 5-10 drawn:
/// the event of the C.12 case
/// (`crates/swiss-dutch/tests/fide2012_cases.rs`), which the comparison
/// and the account tests reuse.
pub fn c12_event() -> Tournament {
    let mut t = event(10, 5);
    game(&mut t, 1, 6, ResultCode::Win);
    game(&mut t, 2, 7, ResultCode::Win);
    game(&mut t, 3, 8, ResultCode::Win);
    game(&mut t, 4, 9, ResultCode::Draw);
    game(&mut t, 5, 10, ResultCode::Draw);
    t
}
