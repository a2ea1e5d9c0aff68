//! Helpers the Lim tests share: small hand-made events, and one `check`
//! that pairs a round and has the independent verifier re-check it.
#![allow(dead_code, clippy::unwrap_used)]

pub mod reference;

use swiss_core::{Colour, Pair, Pairing, Player, ResultCode, RoundEntry, RoundState, Tournament};
use swiss_lim::{Options, pair_state};

/// `n` players rated 2400, 2390, ... (start number = pairing number),
/// `rounds` planned, player 1 drawn white.
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

/// Appends one round: `(white, black, white's result)` with `'1'`, `'0'`,
/// `'='`, `'+'` (forfeit win), `'-'` (forfeit loss); `(p, 0, code)` for a
/// game-less entry (`'U'` pairing bye, `'F'` full-point bye, `'H'`
/// half-point bye, `'Z'` absent).
/// Players not listed are absent (`Z`).
pub fn round(t: &mut Tournament, entries: &[(u32, u32, char)]) {
    let r = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0) + 1;
    let code = |c: char| match c {
        '1' => ResultCode::Win,
        '0' => ResultCode::Loss,
        '=' => ResultCode::Draw,
        '+' => ResultCode::ForfeitWin,
        '-' => ResultCode::ForfeitLoss,
        'U' => ResultCode::PairingBye,
        'F' => ResultCode::FullBye,
        'H' => ResultCode::HalfBye,
        'Z' => ResultCode::ZeroBye,
        other => panic!("unknown result {other}"),
    };
    let set = |t: &mut Tournament, p: u32, e: RoundEntry| {
        let pl = &mut t.players[p as usize - 1];
        pl.rounds
            .resize(r - 1, RoundEntry::no_game(ResultCode::ZeroBye));
        pl.rounds.push(e);
    };
    for &(w, b, res) in entries {
        if b == 0 {
            set(t, w, RoundEntry::no_game(code(res)));
            continue;
        }
        let rw = code(res);
        set(t, w, RoundEntry::game(b, Colour::White, rw));
        set(t, b, RoundEntry::game(w, Colour::Black, rw.mirrored()));
    }
    for p in &mut t.players {
        p.rounds.resize(r, RoundEntry::no_game(ResultCode::ZeroBye));
    }
    let ps = t.point_system;
    for p in &mut t.players {
        p.points = p.score_after(u32::MAX, &ps);
    }
}

/// Marks `p` as not to be paired in the next round (`code`: `'H'` or `'Z'`).
pub fn absent_next(t: &mut Tournament, p: u32, code: char) {
    let r = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let c = if code == 'H' {
        ResultCode::HalfBye
    } else {
        ResultCode::ZeroBye
    };
    let pl = &mut t.players[p as usize - 1];
    pl.rounds
        .resize(r, RoundEntry::no_game(ResultCode::ZeroBye));
    pl.rounds.push(RoundEntry::no_game(c));
}

/// Forbids the pairs (`XXP`).
pub fn forbid(t: &mut Tournament, pairs: &[(u32, u32)]) {
    for &(a, b) in pairs {
        t.forbidden_pairs.push(vec![a, b]);
    }
}

/// Pairs the next round of `t` and checks it with `swiss_verify::Lim`.
pub fn check(t: &Tournament) -> Pairing {
    check_with(t, &Options::default())
}

/// [`check`] with options.
pub fn check_with(t: &Tournament, options: &Options) -> Pairing {
    let state = RoundState::next(t);
    let p = pair_state(&state, options).unwrap_or_else(|e| panic!("round {}: {e}", state.round));
    let bad = match options.edition {
        swiss_lim::Edition::Fide1999 => swiss_verify::Lim::FIDE_1999.verify_state(&state, &p),
        swiss_lim::Edition::Fide2026 => swiss_verify::Lim::FIDE_2026.verify_state(&state, &p),
    };
    assert!(bad.is_empty(), "verifier: {bad:?} in {p}");
    p
}

/// The pairs as `(white, black)`, sorted by white.
pub fn coloured(p: &Pairing) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = p
        .pairs
        .iter()
        .map(|&Pair { white, black }| (white, black))
        .collect();
    v.sort_unstable();
    v
}

/// The pairs as `(lower, higher)` start numbers, sorted.
pub fn unordered(p: &Pairing) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = p
        .pairs
        .iter()
        .map(|&Pair { white, black }| (white.min(black), white.max(black)))
        .collect();
    v.sort_unstable();
    v
}

/// Whether `a` and `b` are paired together.
pub fn paired(p: &Pairing, a: u32, b: u32) -> bool {
    p.pairs
        .iter()
        .any(|x| (x.white, x.black) == (a, b) || (x.white, x.black) == (b, a))
}

/// `a`'s opponent.
pub fn opponent(p: &Pairing, a: u32) -> Option<u32> {
    p.pairs.iter().find_map(|x| {
        if x.white == a {
            Some(x.black)
        } else if x.black == a {
            Some(x.white)
        } else {
            None
        }
    })
}

thread_local! {
    /// What the engine logged on this thread since [`explain`] last read it.
    static LOG: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A `tracing` writer into this thread's [`LOG`].
struct ThreadLog;

impl std::io::Write for ThreadLog {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        LOG.with(|l| l.borrow_mut().extend_from_slice(buf));
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// [`check`], also returning the `--explain` log (target `swiss_lim` at
/// `DEBUG`). One global subscriber writes each thread's events to that
/// thread's buffer: a subscriber set per test (`with_default`) races with
/// `tracing`'s per-callsite interest cache when tests run in parallel, and
/// then logs nothing.
pub fn explain(t: &Tournament) -> (Pairing, String) {
    static INIT: std::sync::Once = std::sync::Once::new();
    INIT.call_once(|| {
        let sub = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::DEBUG)
            .with_ansi(false)
            .without_time()
            .with_writer(|| ThreadLog)
            .finish();
        let _ = tracing::subscriber::set_global_default(sub);
    });
    LOG.with(|l| l.borrow_mut().clear());
    let p = check(t);
    let log = LOG.with(|l| String::from_utf8(std::mem::take(&mut *l.borrow_mut())).unwrap());
    (p, log)
}
