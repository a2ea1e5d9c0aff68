//! The derived state before a round: everything a pairing system may ask
//! about the moment before it pairs. Computed once per round, in one pass
//! over the record (linear in players × rounds).

use serde::{Deserialize, Serialize};

use crate::colour::colour_difference;
use crate::forbidden::Partners;
use crate::model::{Colour, ResultCode, RoundEntry, StartNo, Tournament};
use crate::points::{PointSystem, Points};

/// One past round of one player, as the pairing systems see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastRound {
    /// The recorded entry.
    pub entry: RoundEntry,
    /// The player's pairing score (with that round's acceleration) before
    /// the round: what each system's float rules compare.
    pub score_before: Points,
}

/// One player as seen before the round being paired.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Start number (pairing number).
    pub start_no: StartNo,
    /// Rating, if rated.
    pub rating: Option<u16>,
    /// Score after the previous rounds (no acceleration).
    pub score: Points,
    /// Accelerated points for this round (`XXA`), zero when none.
    pub acceleration: Points,
    /// Whether the player is paired in this round (not absent, withdrawn or
    /// on a requested bye: trf.md "The round being paired").
    pub to_pair: bool,
    /// Opponents actually met over the board, in round order. Forfeits are not
    /// meetings (C.04.2 D.6).
    pub met: Vec<StartNo>,
    /// Colours of played games only, oldest first (C.04.2 D.5).
    pub colours: Vec<Colour>,
    /// Every past round, round 1 first.
    pub history: Vec<PastRound>,
    /// Whether the player already had a pairing-allocated bye or scored a
    /// forfeit win (C.04.1 d, C.04.3 C.2): under the texts before 2026 he
    /// cannot get the PAB. The 2026 Basic Rules' wider bar is
    /// [`PlayerState::may_receive_pab`].
    pub had_bye_or_forfeit_win: bool,
    /// Number of pairing-allocated byes received.
    pub pairing_byes: u32,
    /// Players he must not be paired with (`XXP`): a row of a matrix shared
    /// by the round's players, so big or repeated groups cost no memory per player.
    pub forbidden: Partners,
    /// The pairing number used by the colour rule E.5: the position in
    /// start-number order counting only players who are in the tournament at
    /// this round (paired before, or to be paired now).
    pub rank_for_colour: u32,
}

impl PlayerState {
    /// Score used to form scoregroups: score plus acceleration.
    pub fn pairing_score(&self) -> Points {
        self.score + self.acceleration
    }

    /// White games minus black games, played games only.
    pub fn colour_difference(&self) -> i32 {
        colour_difference(&self.colours)
    }

    /// The colour of the last played game.
    pub fn last_colour(&self) -> Option<Colour> {
        self.colours.last().copied()
    }

    /// Whether he met `other` over the board.
    pub fn has_met(&self, other: StartNo) -> bool {
        self.met.contains(&other)
    }

    /// C.04.1 (2026) Art. 4: whether he may receive the pairing-allocated
    /// bye. He may not when he already had one (whatever it was worth), or
    /// when in one round he scored, without playing, as many points as a
    /// win (a forfeit win `+`, a requested full-point bye `F`, a win's
    /// points for a round before a late entry). A half-point or zero-point
    /// bye does not bar it, unless the point system rates it as a win. "A
    /// win" is the lower of the two colours' win values, so a win with
    /// either colour is a win.
    ///
    /// The rule of the 2026 Basic Rules, which the 2026 Dutch (C2), Dubov
    /// (\[C2\], 3.1.1) and Lim (1.1) texts all refer to. The earlier texts'
    /// rule (C.04.1 d: a PAB or a forfeit win) is
    /// [`PlayerState::had_bye_or_forfeit_win`].
    pub fn may_receive_pab(&self, ps: &PointSystem) -> bool {
        let win = ps.win_white.min(ps.win_black);
        !self.history.iter().any(|past| {
            let e = &past.entry;
            e.result == ResultCode::PairingBye || (!e.is_played_game() && e.points(ps) >= win)
        })
    }
}

/// Everything a system may ask about the moment before it pairs a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundState {
    /// The round being paired, 1-based.
    pub round: u32,
    /// Planned rounds (`XXR`); `None` when the file does not say, in which
    /// case no round is treated as the last one.
    pub planned_rounds: Option<u32>,
    /// Initial colour (`XXC`, or inferred from round 1; white when nothing says).
    pub initial_colour: Colour,
    /// The point system.
    pub point_system: PointSystem,
    /// All players of the file, in start-number order.
    pub players: Vec<PlayerState>,
}

impl RoundState {
    /// The state before the next round of `t` ([`Tournament::next_round`]).
    pub fn next(t: &Tournament) -> RoundState {
        RoundState::before(t, t.next_round())
    }

    /// The state before round `round` (1-based) of `t`: rounds `1..round`
    /// are history; of round `round` only the non-participation entries
    /// (requested byes, absences) are read; later rounds are ignored.
    pub fn before(t: &Tournament, round: u32) -> RoundState {
        let past = round.saturating_sub(1) as usize;
        let ps = &t.point_system;
        // Pairing scores before each round, for everybody: the systems' float
        // rules compare them.
        // Accelerations per player index, read once (XXA lines may be many).
        let mut acc: Vec<Vec<Points>> = vec![Vec::new(); t.players.len()];
        for (id, v) in &t.accelerations {
            if let Some(i) = t.index_of(*id) {
                let a = &mut acc[i];
                a.resize(a.len().max(v.len()), Points::ZERO);
                a.iter_mut().zip(v).for_each(|(x, y)| *x += *y);
            }
        }
        let acc_of = |i: usize, round: usize| {
            acc[i]
                .get(round.wrapping_sub(1))
                .copied()
                .unwrap_or(Points::ZERO)
        };
        let mut before: Vec<Vec<Points>> = Vec::with_capacity(t.players.len());
        for (i, p) in t.players.iter().enumerate() {
            let mut v = Vec::with_capacity(past + 1);
            let mut s = Points::ZERO;
            for r in 0..=past {
                v.push(s + acc_of(i, r + 1));
                s += p.entry(r as u32 + 1).points(ps);
            }
            before.push(v);
        }
        let mut forbidden = Partners::of_players(t, round).into_iter();
        // A bye announced for this round (TRF-2026 240) after it became the
        // round to pair without the file being read again.
        let announced = |s: StartNo| {
            t.announced_byes
                .iter()
                .any(|b| b.round == round && b.players.contains(&s))
        };
        let mut players = Vec::with_capacity(t.players.len());
        for (i, p) in t.players.iter().enumerate() {
            let mut st = PlayerState {
                start_no: p.start_no,
                rating: p.rating,
                score: p.score_after(past as u32, ps),
                acceleration: acc_of(i, round as usize),
                to_pair: !p.entry(round).is_non_participation() && !announced(p.start_no),
                met: Vec::new(),
                colours: Vec::new(),
                history: Vec::with_capacity(past),
                had_bye_or_forfeit_win: false,
                pairing_byes: 0,
                forbidden: forbidden.next().unwrap_or_default(),
                rank_for_colour: 0,
            };
            for (r, &score_before) in before[i].iter().enumerate().take(past) {
                let e = p.entry(r as u32 + 1);
                if let (true, Some(o), Some(c)) = (e.is_played_game(), e.opponent, e.colour) {
                    st.met.push(o);
                    st.colours.push(c);
                }
                match e.result {
                    ResultCode::PairingBye => {
                        st.pairing_byes += 1;
                        st.had_bye_or_forfeit_win = true;
                    }
                    ResultCode::ForfeitWin => st.had_bye_or_forfeit_win = true,
                    _ => {}
                }
                st.history.push(PastRound {
                    entry: e,
                    score_before,
                });
            }
            players.push(st);
        }
        let mut rank = 0;
        for (st, p) in players.iter_mut().zip(&t.players) {
            let present = st.to_pair || p.rounds.iter().take(past).any(RoundEntry::is_paired);
            if present {
                rank += 1;
                st.rank_for_colour = rank;
            }
        }
        RoundState {
            round,
            planned_rounds: t.planned_rounds,
            initial_colour: t.initial_colour.unwrap_or(Colour::White),
            point_system: *ps,
            players,
        }
    }

    /// Whether this is the last planned round (`XXR`): the round some rules
    /// treat apart (Dutch topscorers, Dubov C.8-C.10, Lim 6).
    pub fn is_last_round(&self) -> bool {
        self.planned_rounds == Some(self.round)
    }

    /// The players to pair this round, in start-number order.
    pub fn to_pair(&self) -> impl Iterator<Item = &PlayerState> {
        self.players.iter().filter(|p| p.to_pair)
    }

    /// The player with start number `start_no`.
    pub fn player(&self, start_no: StartNo) -> Option<&PlayerState> {
        self.players
            .binary_search_by_key(&start_no, |p| p.start_no)
            .ok()
            .map(|i| &self.players[i])
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// C.04.1 (2026) Art. 4: a PAB (1), a forfeit win (2) and a requested
    /// full-point bye (3) bar the PAB; a half-point bye (4), a zero-point
    /// bye (5) and a played win (6) do not. The older C.04.1 d
    /// (`had_bye_or_forfeit_win`) bars only the first two.
    #[test]
    fn c04_1_art_4_pab_bar() {
        let text = "\
012 Art 4
XXR 5
001    1      One                               2000                             1.0       0000 - U
001    2      Two                               1900                             1.0       0000 - +
001    3      Three                             1800                             1.0       0000 - F
001    4      Four                              1700                             0.5       0000 - H
001    5      Five                              1600                             0.0       0000 - Z
001    6      Six                               1500                             1.0       0007 w 1
001    7      Seven                             1400                             0.0       0006 b 0
";
        let t = crate::trf::read(text, "art4").unwrap();
        let st = RoundState::before(&t, 2);
        let ps = st.point_system;
        let may: Vec<bool> = st.players.iter().map(|p| p.may_receive_pab(&ps)).collect();
        assert_eq!(may, [false, false, false, true, true, true, true]);
        let old: Vec<bool> = st
            .players
            .iter()
            .map(|p| !p.had_bye_or_forfeit_win)
            .collect();
        assert_eq!(old, [false, false, true, true, true, true, true]);
    }
}
