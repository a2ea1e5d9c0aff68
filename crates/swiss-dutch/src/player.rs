//! The engine's view of one player: exactly the facts C.04.3 asks about,
//! derived once per round from [`swiss_core::RoundState`].

use swiss_core::{Colour, Float, Partners, PlayerState, RoundState, StartNo};

/// One player to be paired, as the Dutch rules see him.
#[derive(Clone, Debug)]
pub(crate) struct Pl {
    /// Start number.
    pub(crate) id: StartNo,
    /// Pairing number for E.5 (absent players skipped), 1-based.
    pub(crate) rank: u32,
    /// Pairing score in tenths (score plus acceleration, A.2).
    pub(crate) score: i32,
    /// Colours of played games, oldest first (C.04.2 D.5).
    pub(crate) colours: Vec<Colour>,
    /// |white games - black games| (A.6).
    pub(crate) imbalance: u32,
    /// The colour of the last two played games when they were the same (A.6.a).
    pub(crate) repeated: Option<Colour>,
    /// Colour preference (A.6), `None` when no game was played (A.6.d).
    pub(crate) pref: Option<Colour>,
    /// Float of the previous round and of two rounds before (A.4).
    pub(crate) floats: [Option<Float>; 2],
    /// May receive the pairing-allocated bye (C.2).
    pub(crate) bye_ok: bool,
    /// Topscorer in the last round (A.7).
    pub(crate) topscorer: bool,
    /// Start numbers he may not meet: played opponents (C.1).
    pub(crate) forbidden: Vec<StartNo>,
    /// Players he must not meet by `XXP` (a row of a shared matrix).
    pub(crate) xxp: Partners,
}

/// The players to pair in `state`, in A.2 order: score, then pairing number.
pub(crate) fn in_pairing_order(state: &RoundState) -> Vec<Pl> {
    let mut pl: Vec<Pl> = state
        .players
        .iter()
        .filter(|p| p.to_pair)
        .map(|p| Pl::new(p, state))
        .collect();
    pl.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    pl
}

impl Pl {
    /// Builds the view of `p` for the round described by `st`.
    pub(crate) fn new(p: &PlayerState, st: &RoundState) -> Pl {
        let whites = p.colours.iter().filter(|&&c| c == Colour::White).count() as i64;
        let blacks = p.colours.len() as i64 - whites;
        let imbalance = (whites - blacks).unsigned_abs() as u32;
        let lower = if whites > blacks {
            Colour::Black
        } else {
            Colour::White
        };
        let n = p.colours.len();
        let repeated = (n >= 2 && p.colours[n - 1] == p.colours[n - 2]).then(|| p.colours[n - 1]);
        let pref = if imbalance > 1 {
            Some(lower)
        } else if let Some(r) = repeated {
            Some(r.opposite())
        } else if imbalance > 0 {
            Some(lower)
        } else {
            p.colours.last().map(|c| c.opposite())
        };
        let played = st.round.saturating_sub(1) as i32;
        let ps = &st.point_system;
        let per_round = ps
            .win_white
            .max(ps.win_black)
            .max(ps.draw_white)
            .max(ps.draw_black)
            .tenths();
        let last = st.planned_rounds.is_some_and(|r| st.round >= r);
        let score = p.pairing_score().tenths();
        let mut forbidden: Vec<StartNo> = p.met.clone();
        forbidden.sort_unstable();
        forbidden.dedup();
        Pl {
            id: p.start_no,
            rank: p.rank_for_colour,
            score,
            colours: p.colours.clone(),
            imbalance,
            repeated,
            pref,
            floats: [p.float(1), p.float(2)],
            bye_ok: !p.had_bye_or_forfeit_win,
            topscorer: last && score > (played * per_round) >> 1,
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
}

/// Whether the colour preferences can both be granted.
pub(crate) fn prefs_compatible(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// Whether `a` and `b` may meet (C.1, C.3, `XXP`): not met before, not
/// forbidden, and not two non-topscorers with the same absolute preference.
pub(crate) fn compatible(a: &Pl, b: &Pl) -> bool {
    a.forbidden.binary_search(&b.id).is_err()
        && b.forbidden.binary_search(&a.id).is_err()
        && !a.xxp.contains(&b.id)
        && (!a.absolute() || !b.absolute() || a.pref != b.pref || a.topscorer || b.topscorer)
}
