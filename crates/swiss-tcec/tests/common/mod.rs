//! Helpers shared by the integration tests: hand-made records and a tiny
//! "play the round" loop.
#![allow(dead_code, clippy::unwrap_used)]

use swiss_core::{Player, ResultCode, RoundEntry};
use swiss_tcec::{Colour, Format, Options, TcecRound, Tournament};

/// `n` players, start numbers 1..=n, no games.
pub fn players(n: u32) -> Tournament {
    Tournament {
        players: (1..=n)
            .map(|s| Player::new(s, format!("Engine{s:02}"), None))
            .collect(),
        ..Tournament::default()
    }
}

/// White's result letter: `W` win, `D` draw, `B` black wins, `+` forfeit
/// win for white, `-` forfeit win for black.
fn codes(c: char) -> (ResultCode, ResultCode) {
    match c {
        'W' => (ResultCode::Win, ResultCode::Loss),
        'D' => (ResultCode::Draw, ResultCode::Draw),
        'B' => (ResultCode::Loss, ResultCode::Win),
        '+' => (ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
        '-' => (ResultCode::ForfeitLoss, ResultCode::ForfeitWin),
        _ => panic!("unknown result {c}"),
    }
}

/// Writes one TRF column: `games` as (white, black, result letter), the
/// bye, and `absent` players as zero-point byes.
pub fn add_column(
    t: &mut Tournament,
    games: &[(u32, u32, char)],
    bye: Option<u32>,
    absent: &[u32],
) {
    let col = t.recorded_rounds() as usize;
    for p in &mut t.players {
        p.rounds.resize(col + 1, RoundEntry::BLANK);
    }
    for &(w, b, r) in games {
        let (rw, rb) = codes(r);
        t.players[w as usize - 1].rounds[col] = RoundEntry::game(b, Colour::White, rw);
        t.players[b as usize - 1].rounds[col] = RoundEntry::game(w, Colour::Black, rb);
    }
    if let Some(b) = bye {
        t.players[b as usize - 1].rounds[col] = RoundEntry::no_game(ResultCode::PairingBye);
    }
    for &a in absent {
        t.players[a as usize - 1].rounds[col] = RoundEntry::no_game(ResultCode::ZeroBye);
    }
    let ps = t.point_system;
    for p in &mut t.players {
        p.points = p.score_after(u32::MAX, &ps);
    }
}

/// Pairs the next TCEC round and plays it with `results` (white's result
/// letter per game, in playing order); returns the paired round.
pub fn play(t: &mut Tournament, format: Format, results: &str) -> TcecRound {
    let r = swiss_tcec::pair_next_round(t, &Options::DEFAULT.with_format(format)).unwrap();
    let letters: Vec<char> = results.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(
        letters.len(),
        r.games.len(),
        "results for round {}",
        r.round
    );
    let per_game: Vec<(u32, u32, char)> = r
        .games
        .iter()
        .zip(&letters)
        .map(|(g, &c)| (g.white, g.black, c))
        .collect();
    for game in 1..=format.games_per_pair() as u8 {
        let col: Vec<(u32, u32, char)> = r
            .games
            .iter()
            .zip(&per_game)
            .filter(|(g, _)| g.game_of_pair == game)
            .map(|(_, &x)| x)
            .collect();
        add_column(t, &col, r.bye, &[]);
    }
    r
}

/// The games of a round as `white-black` in playing order.
pub fn games(r: &TcecRound) -> Vec<String> {
    r.games
        .iter()
        .map(|g| format!("{}-{}", g.white, g.black))
        .collect()
}
