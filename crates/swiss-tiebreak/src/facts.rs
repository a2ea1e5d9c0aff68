//! What each round means for tie-breaks (C.07 Art. 16, unplayed rounds),
//! derived once from the record.

use swiss_core::{Colour, ResultCode, Tournament};

use crate::error::TieBreakError;

/// How a round counts (C.07 Art. 16.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A game played over the board, short games included (`1 = 0 W D L`).
    Game,
    /// The pairing-allocated bye (Art. 16.2.1): counted as a round the
    /// player elected to play, without an opponent.
    Pab,
    /// Any other unplayed round: a forfeit (with an opponent), a full-,
    /// half- or zero-point bye, an absence, a game not finished.
    Unplayed,
}

/// One round of one player.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Round {
    /// Points scored, in tenths, under the tournament's point system.
    pub pts: i32,
    pub kind: Kind,
    /// The opponent's index (forfeits included).
    pub opp: Option<u32>,
    pub black: bool,
    /// The game's result in half points (2 win, 1 draw, 0 loss), as the
    /// rating tie-breaks count it (Art. 10).
    pub halves: u8,
    /// A voluntarily unplayed round (Art. 16.2.5): unplayed and not scored
    /// as a win.
    pub vur: bool,
}

/// One player's rounds and the facts tie-breaks share.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub start_no: u32,
    pub rating: Option<i32>,
    pub rounds: Vec<Round>,
    pub total: i32,
    /// The last round that is not a voluntarily unplayed round (Art.
    /// 16.2.5): a game, the PAB, or a round scored as a win (0 if none).
    pub last_present: u32,
    /// The last round the player was paired in: a game (forfeits
    /// included) or the PAB (0 if none).
    pub last_paired: u32,
}

/// The facts of every player up to a round.
#[derive(Clone, Debug)]
pub(crate) struct Facts {
    pub rounds: u32,
    pub win: i32,
    pub draw: i32,
    pub players: Vec<Player>,
    pub all_rated: bool,
}

impl Round {
    /// A voluntarily unplayed round (Art. 16.2.5).
    pub fn is_vur(&self) -> bool {
        self.vur
    }
}

impl Facts {
    pub fn new(t: &Tournament, rounds: u32, unrated: Option<u16>) -> Result<Facts, TieBreakError> {
        let ps = &t.point_system;
        let win = ps.win_white.tenths();
        let draw = ps.draw_white.tenths();
        let mut players = Vec::with_capacity(t.players.len());
        let mut all_rated = true;
        for p in &t.players {
            let mut out = Vec::with_capacity(rounds as usize);
            let (mut total, mut last_present, mut last_paired) = (0, 0, 0);
            for r in 1..=rounds {
                let e = p.entry(r);
                let opp = match e.opponent {
                    Some(o) => Some(t.index_of(o).ok_or(TieBreakError::UnknownOpponent {
                        player: p.start_no,
                        round: r,
                        opponent: o,
                    })? as u32),
                    None => None,
                };
                let kind = if e.result == ResultCode::PairingBye && opp.is_none() {
                    Kind::Pab
                } else if opp.is_some() && e.result.is_played() {
                    Kind::Game
                } else {
                    Kind::Unplayed
                };
                let halves = match e.result {
                    ResultCode::Win | ResultCode::ShortWin => 2,
                    ResultCode::Draw | ResultCode::ShortDraw => 1,
                    _ => 0,
                };
                let round = Round {
                    pts: e.points(ps).tenths(),
                    kind,
                    opp,
                    black: kind == Kind::Game && e.colour == Some(Colour::Black),
                    halves,
                    vur: false,
                };
                let round = Round {
                    vur: kind == Kind::Unplayed && round.pts != win,
                    ..round
                };
                total += round.pts;
                if !round.is_vur() {
                    last_present = r;
                }
                if opp.is_some() || kind == Kind::Pab {
                    last_paired = r;
                }
                out.push(round);
            }
            let rating = match p.rating.filter(|&r| r > 0).or(unrated) {
                Some(r) => Some(i32::from(r)),
                None => {
                    all_rated = false;
                    None
                }
            };
            players.push(Player {
                start_no: p.start_no,
                rating,
                rounds: out,
                total,
                last_present,
                last_paired,
            });
        }
        Ok(Facts {
            rounds,
            win,
            draw,
            players,
            all_rated,
        })
    }
}
