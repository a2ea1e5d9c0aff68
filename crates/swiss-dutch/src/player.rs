//! The engine's view of one player: exactly the facts C.04.3 asks about,
//! derived once per round from [`swiss_core::RoundState`].

use swiss_core::{Colour, Partners, PlayerState, RoundState, StartNo};

use crate::engine::EditionRules;
use crate::float::Float;

/// One player to be paired, as the Dutch rules see him.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    /// Start number.
    pub(crate) start_no: StartNo,
    /// Pairing number for E.5 (absent players skipped), 1-based.
    pub(crate) pairing_number: u32,
    /// Pairing score in tenths (score plus acceleration, A.2).
    pub(crate) score: i32,
    /// Colours of played games, oldest first (C.04.2 D.5).
    pub(crate) colours: Vec<Colour>,
    /// The size of the colour difference, |white games - black games| (A.6).
    pub(crate) imbalance: u32,
    /// The colour of the last two played games when they were the same (A.6.a).
    pub(crate) repeated: Option<Colour>,
    /// Colour preference (A.6), `None` when no game was played (A.6.d).
    pub(crate) preference: Option<Colour>,
    /// Float of the previous round and of two rounds before (2017: A.4;
    /// 2026: Art. 1.4).
    pub(crate) floats: [Option<Float>; 2],
    /// May receive the pairing-allocated bye (2017: C.2; 2026: C2).
    pub(crate) may_get_bye: bool,
    /// Topscorer (A.7).
    pub(crate) topscorer: bool,
    /// Start numbers he may not meet: played opponents (C.1).
    pub(crate) forbidden: Vec<StartNo>,
    /// Players he must not meet by `XXP` (a row of a shared matrix).
    pub(crate) xxp: Partners,
}

/// The players to pair in `state`, in A.2 order (2026: Art. 1.2): score,
/// then pairing number; their floats and bye eligibility as the edition
/// `E` defines them.
pub(crate) fn in_pairing_order<E: EditionRules>(state: &RoundState) -> Vec<Player> {
    let mut field: Vec<Player> = state
        .players
        .iter()
        .filter(|p| p.to_pair)
        .map(|p| Player::new::<E>(p, state))
        .collect();
    field.sort_by(|a, b| b.score.cmp(&a.score).then(a.start_no.cmp(&b.start_no)));
    field
}

impl Player {
    /// Builds the view of `p` for the round described by `st`, under
    /// the floats and bye eligibility of the edition `E`.
    pub(crate) fn new<E: EditionRules>(p: &PlayerState, st: &RoundState) -> Player {
        let whites = p.colours.iter().filter(|&&c| c == Colour::White).count() as i64;
        let blacks = p.colours.len() as i64 - whites;
        let imbalance = (whites - blacks).unsigned_abs() as u32;
        let n = p.colours.len();
        let repeated = (n >= 2 && p.colours[n - 1] == p.colours[n - 2]).then(|| p.colours[n - 1]);
        let mut forbidden: Vec<StartNo> = p.met.clone();
        forbidden.sort_unstable();
        forbidden.dedup();
        Player {
            start_no: p.start_no,
            pairing_number: p.rank_for_colour,
            score: p.pairing_score().tenths(),
            colours: p.colours.clone(),
            imbalance,
            repeated,
            preference: colour_preference(&p.colours, whites - blacks, repeated),
            floats: E::floats(st, p),
            may_get_bye: E::may_get_pab(st, p),
            topscorer: is_topscorer(st, p),
            forbidden,
            xxp: p.forbidden.clone(),
        }
    }

    /// Absolute colour preference (A.6.a).
    pub(crate) fn absolute(&self) -> bool {
        self.imbalance > 1 || self.repeated.is_some()
    }

    /// Colour difference beyond ±1.
    pub(crate) fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// Strong colour preference (A.6.b).
    pub(crate) fn strong(&self) -> bool {
        !self.absolute() && self.imbalance > 0
    }

    /// The float `back` rounds ago (1 or 2).
    pub(crate) fn float(&self, back: usize) -> Option<Float> {
        self.floats[back - 1]
    }

    /// Games played over the board (2026 C9 prefers, for the PAB, the
    /// player with the fewest rounds not played: the most games played).
    pub(crate) fn played_games(&self) -> usize {
        self.colours.len()
    }
}

/// The colour preference (C.04.3 A.6) of a player with the played
/// `colours`, colour difference `difference` (white games minus black
/// games) and the colour of his last two games when they were the same
/// (`repeated`): absolute beyond ±1 or after the same colour twice (A.6.a,
/// the difference deciding when both apply), strong at ±1 (A.6.b), else
/// mild, alternating from the last game (A.6.c); none without games
/// (A.6.d).
fn colour_preference(
    colours: &[Colour],
    difference: i64,
    repeated: Option<Colour>,
) -> Option<Colour> {
    let lower = if difference > 0 {
        Colour::Black
    } else {
        Colour::White
    };
    if difference.abs() > 1 {
        Some(lower)
    } else if let Some(r) = repeated {
        Some(r.opposite())
    } else if difference != 0 {
        Some(lower)
    } else {
        colours.last().map(|c| c.opposite())
    }
}

/// Whether `p` is a topscorer (C.04.3 A.7): "a score of over 50% of the
/// maximum possible score when pairing the final round".
///
/// Read as: from the last planned round (`XXR`) on, a round paired after
/// it being a final round too; the score is the pairing score (A.2, the
/// acceleration included, as for every other score of the pairing); the
/// maximum possible score is a win in every round played (a draw where a
/// point system rates it higher), not a bye, which C.2 gives once at most.
pub(crate) fn is_topscorer(st: &RoundState, p: &PlayerState) -> bool {
    let final_round = st.planned_rounds.is_some_and(|r| st.round >= r);
    let ps = &st.point_system;
    let per_round = ps
        .win_white
        .max(ps.win_black)
        .max(ps.draw_white)
        .max(ps.draw_black)
        .tenths();
    let played = i64::from(st.round.saturating_sub(1));
    final_round && i64::from(p.pairing_score().tenths()) > (played * i64::from(per_round)) >> 1
}

/// Whether the colour preferences can both be granted.
pub(crate) fn preferences_compatible(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// Whether `a` and `b` may meet (C.1, C.3, `XXP`): not met before, not
/// forbidden, and not two non-topscorers with the same absolute preference.
/// Read from the players' own records; the engine reads the table of
/// `AbsoluteCriteria`, which a test checks against this.
#[cfg(test)]
pub(crate) fn compatible(a: &Player, b: &Player) -> bool {
    a.forbidden.binary_search(&b.start_no).is_err()
        && b.forbidden.binary_search(&a.start_no).is_err()
        && !a.xxp.contains(&b.start_no)
        && (!a.absolute()
            || !b.absolute()
            || a.preference != b.preference
            || a.topscorer
            || b.topscorer)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::engine::{Fide2017, Fide2026};

    /// C.04.3 (2026) C2: a requested full-point bye (1 in round 1) bars
    /// the PAB as a forfeit win does; a half-point bye (4) does not. Under
    /// 2017's C.2 only the PAB and a forfeit win bar it.
    #[test]
    fn c2026_c2_a_full_point_bye_bars_the_pab() {
        let text = "\
012 C2
XXR 5
001    1      One                               2000                             1.0       0000 - F
001    2      Two                               1900                             1.0       0003 w 1
001    3      Three                             1800                             0.0       0002 b 0
001    4      Four                              1700                             0.5       0000 - H
";
        let t = swiss_core::trf::read(text, "c2").unwrap();
        let st = RoundState::before(&t, 2);
        let bye_2026 = |i: usize| Player::new::<Fide2026>(&st.players[i], &st).may_get_bye;
        let bye_2017 = |i: usize| Player::new::<Fide2017>(&st.players[i], &st).may_get_bye;
        assert!(!bye_2026(0));
        assert!(bye_2017(0));
        assert!(bye_2026(3) && bye_2026(1));
    }
}
