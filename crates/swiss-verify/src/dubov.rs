//! The FIDE Dubov system's absolute criteria (C.04.4.1, 2018), re-checked
//! from the state before the round, without the engine's code.

use swiss_core::{Colour, Pairing, PlayerState, RoundState, Tournament};

use crate::{Violation, completeness, v};

/// The absolute colour preference of Dubov A.5.a, if any: a colour
/// difference beyond ±1, or the same colour in the last two played games
/// (played games only, C.04.2 D.5). When both apply and disagree, the
/// colour difference decides (the engine's reading, swiss-dubov
/// interpretation 3).
fn absolute(p: &PlayerState) -> Option<Colour> {
    let whites = p.colours.iter().filter(|&&c| c == Colour::White).count() as i64;
    let diff = 2 * whites - p.colours.len() as i64;
    if diff >= 2 {
        return Some(Colour::Black);
    }
    if diff <= -2 {
        return Some(Colour::White);
    }
    match p.colours.as_slice() {
        [.., a, b] if a == b => Some(a.opposite()),
        _ => None,
    }
}

/// Re-checks a Dubov pairing against the absolute criteria: completeness
/// (A.8: everybody to pair appears once, a bye exactly when their number
/// is odd); C.1 no second game (games played over the board, C.04.2 D.6)
/// and no forbidden pair (`XXP`); C.2 the bye not to a player who had a
/// pairing-allocated bye or a forfeit win; C.3 two players with the same
/// absolute colour preference never meet; and (E.1-E.2, which always
/// grant an absolute preference once C.3 holds) every absolute colour
/// preference is granted.
pub(crate) fn dubov(state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
    let mut out = dubov_c1_c3(state, pairing);
    crate::bye_after_bye_or_forfeit_win(&mut out, state, pairing, "Dubov C.2");
    out
}

/// Re-checks a Dubov pairing under the 2026 text: as [`dubov`], with
/// \[C2\] read as the 2026 Basic Rules' Art. 4 (no PAB after a PAB or a
/// round scored a win's points without playing, a full-point bye
/// included), which 3.1.1 refers to.
pub(crate) fn dubov_2026(state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
    let mut out = dubov_c1_c3(state, pairing);
    crate::pab_bar_2026(&mut out, state, pairing, "Dubov [C2]");
    out
}

/// The checks both editions share: completeness, C.1, C.3, E.1-E.2.
fn dubov_c1_c3(state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
    let mut out = completeness(state, pairing);
    for pair in &pairing.pairs {
        let (Some(w), Some(b)) = (state.player(pair.white), state.player(pair.black)) else {
            v(
                &mut out,
                "C.04.1 c",
                format!("unknown player in {}-{}", pair.white, pair.black),
            );
            continue;
        };
        if w.has_met(b.start_no) || b.has_met(w.start_no) {
            v(
                &mut out,
                "Dubov C.1",
                format!(
                    "{} and {} have already played each other",
                    w.start_no, b.start_no
                ),
            );
        }
        if w.forbidden.contains(&b.start_no) || b.forbidden.contains(&w.start_no) {
            v(
                &mut out,
                "Dubov C.1",
                format!("{} and {} must not be paired (XXP)", w.start_no, b.start_no),
            );
        }
        let (aw, ab) = (absolute(w), absolute(b));
        if aw.is_some() && aw == ab {
            v(
                &mut out,
                "Dubov C.3",
                format!(
                    "{} and {} both need {:?} absolutely",
                    w.start_no, b.start_no, aw
                ),
            );
            continue;
        }
        for (p, need, got) in [(w, aw, Colour::White), (b, ab, Colour::Black)] {
            if let Some(need) = need
                && need != got
            {
                v(
                    &mut out,
                    "Dubov E.1-E.2",
                    format!("{} needs {need:?} absolutely but gets {got:?}", p.start_no),
                );
            }
        }
    }
    out
}

/// The FIDE Dubov system's absolute criteria (C.04.4.1): completeness
/// (A.8: everybody to pair appears once, a bye exactly when their number
/// is odd); C.1 no second game and no forbidden pair; C.2 the bye not to a
/// player who had a pairing-allocated bye or a forfeit win (2026: \[C2\],
/// the 2026 Basic Rules' Art. 4); C.3 two players with the same absolute
/// colour preference never meet; every absolute preference granted
/// (E.1-E.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dubov {
    pab_bar_2026: bool,
}

impl Dubov {
    /// The 2026 text.
    pub const FIDE_2026: Dubov = Dubov { pab_bar_2026: true };
    /// The 2018 text.
    pub const FIDE_2018: Dubov = Dubov {
        pab_bar_2026: false,
    };

    /// Every violation in `pairing`, the pairing of the round `state`
    /// describes.
    pub fn verify_state(&self, state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
        if self.pab_bar_2026 {
            dubov_2026(state, pairing)
        } else {
            dubov(state, pairing)
        }
    }
}

impl crate::Verifier for Dubov {
    fn verify(&self, t: &Tournament, pairing: &Pairing) -> Vec<Violation> {
        self.verify_state(&RoundState::next(t), pairing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::round_3 as pairing;

    /// The fixture of the Dutch verifier's tests.
    fn state() -> RoundState {
        crate::fixture::state(crate::fixture::FIVE)
    }

    #[test]
    fn dubov_legal_pairing_passes() {
        assert_eq!(
            dubov(&state(), &pairing(&[(2, 4), (5, 1)], Some(3))),
            vec![]
        );
    }

    #[test]
    fn dubov_finds_a_rematch_c1() {
        let got = dubov(&state(), &pairing(&[(2, 1), (5, 4)], Some(3)));
        assert!(got.iter().any(|x| x.rule == "Dubov C.1"), "{got:?}");
    }

    #[test]
    fn dubov_finds_a_second_bye_c2() {
        let got = dubov(&state(), &pairing(&[(2, 3), (5, 1)], Some(4)));
        assert!(got.iter().any(|x| x.rule == "Dubov C.2"), "{got:?}");
    }

    #[test]
    fn dubov_finds_same_absolute_preferences_c3() {
        // One had white twice (absolute black); give Five two whites too.
        let mut st = state();
        for p in &mut st.players {
            if p.start_no == 5 {
                p.colours = vec![Colour::White, Colour::White];
            }
        }
        let got = dubov(&st, &pairing(&[(5, 1), (2, 4)], Some(3)));
        assert!(got.iter().any(|x| x.rule == "Dubov C.3"), "{got:?}");
    }

    #[test]
    fn dubov_finds_an_absolute_preference_not_granted() {
        // One had white twice: absolute black.
        let got = dubov(&state(), &pairing(&[(1, 4), (2, 5)], Some(3)));
        assert!(got.iter().any(|x| x.rule == "Dubov E.1-E.2"), "{got:?}");
    }
}
