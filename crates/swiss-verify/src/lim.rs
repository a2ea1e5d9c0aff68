//! The FIDE Lim system's absolute rules (C.04.4.3), re-checked from the
//! record alone.

use swiss_core::{Colour, Pairing, PlayerState, RoundState, Tournament};

use crate::{Violation, completeness, v};

/// Re-checks a Lim pairing (C.04.4.3) against its absolute rules:
/// completeness (C.04.1 c); `Lim 2.1` no two players who have met (played
/// games only, C.04.2 D.6) or are forbidden to meet (`XXP`); the bye not
/// to a player who had a bye or a forfeit win (C.04.1 d); `Lim 5.1 a` no
/// colour three times running and `Lim 5.1 b` never three more of one
/// colour (played games only, C.04.2 D.5), except, in the last round
/// (`Lim 6`), between two players of the same score.
pub(crate) fn lim(state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
    let mut out = lim_2_1_5_1(state, pairing);
    crate::bye_after_bye_or_forfeit_win(&mut out, state, pairing, "C.04.1 d");
    out
}

/// Re-checks a Lim pairing under the 2026 text: as [`lim`], with the PAB
/// bar of the 2026 Basic Rules (Art. 4: no PAB after a PAB or a round
/// scored a win's points without playing, a full-point bye included).
/// The other rules keep their ids: `Lim 2.1`, and 5.1 a/b, which the
/// 2026 text numbers 5.1.1 and 5.1.2.
pub(crate) fn lim_2026(state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
    let mut out = lim_2_1_5_1(state, pairing);
    crate::pab_bar_2026(&mut out, state, pairing, "C.04.1 Art. 4");
    out
}

/// The checks both editions share: completeness, `Lim 2.1`, `5.1 a/b`.
fn lim_2_1_5_1(state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
    let mut out = completeness(state, pairing);
    for pair in &pairing.pairs {
        let (Some(w), Some(b)) = (state.player(pair.white), state.player(pair.black)) else {
            continue;
        };
        if w.met.contains(&b.start_no) || b.met.contains(&w.start_no) {
            v(
                &mut out,
                "Lim 2.1",
                format!(
                    "{} and {} have already played each other",
                    w.start_no, b.start_no
                ),
            );
        }
        if w.forbidden.contains(&b.start_no) || b.forbidden.contains(&w.start_no) {
            v(
                &mut out,
                "Lim 2.1",
                format!("{} and {} must not be paired (XXP)", w.start_no, b.start_no),
            );
        }
        // Lim 6: in the last round, equal scores may break 5.1 a/b.
        let excepted =
            state.is_last_round() && w.score + w.acceleration == b.score + b.acceleration;
        if excepted {
            continue;
        }
        for (p, got) in [(w, Colour::White), (b, Colour::Black)] {
            colour_rules(&mut out, p, got);
        }
    }
    out
}

/// `Lim 5.1 a/b` for one player receiving `got`.
fn colour_rules(out: &mut Vec<Violation>, p: &PlayerState, got: Colour) {
    let played = &p.colours;
    if played.len() >= 2 && played[played.len() - 1] == got && played[played.len() - 2] == got {
        v(
            out,
            "Lim 5.1 a",
            format!("{} gets {got:?} a third time in a row", p.start_no),
        );
    }
    let whites = played.iter().filter(|&&c| c == Colour::White).count() as i64;
    let blacks = played.len() as i64 - whites;
    let after = whites - blacks + if got == Colour::White { 1 } else { -1 };
    let before = whites - blacks;
    if after.abs() >= 3 && after.abs() > before.abs() {
        v(
            out,
            "Lim 5.1 b",
            format!("{} would have {after:+} whites over blacks", p.start_no),
        );
    }
}

/// The FIDE Lim system's absolute rules (C.04.4.3): completeness
/// (C.04.1 c); `Lim 2.1` no two players who have met or are forbidden to
/// meet; the bye not to a player who had a bye or a forfeit win (C.04.1 d;
/// 2026: the 2026 Basic Rules' Art. 4); `Lim 5.1 a/b` (2026: 5.1.1/5.1.2)
/// colours, except in the last round between equal scores (`Lim 6`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lim {
    pab_bar_2026: bool,
}

impl Lim {
    /// The 2026 text.
    pub const FIDE_2026: Lim = Lim { pab_bar_2026: true };
    /// The 1999 text.
    pub const FIDE_1999: Lim = Lim {
        pab_bar_2026: false,
    };

    /// Every violation in `pairing`, the pairing of the round `state`
    /// describes.
    pub fn verify_state(&self, state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
        if self.pab_bar_2026 {
            lim_2026(state, pairing)
        } else {
            lim(state, pairing)
        }
    }
}

impl crate::Verifier for Lim {
    fn verify(&self, t: &Tournament, pairing: &Pairing) -> Vec<Violation> {
        self.verify_state(&RoundState::next(t), pairing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::round_3 as pairing;
    use swiss_core::trf;

    /// Six players after two rounds. One and Five had white twice, Four
    /// and Six black twice; Two and Three alternated.
    const TRF: &str = "\
012 Lim verifier fixture
XXR 5
001    1      One                               2000                             2.0       0004 w 1  0003 w 1
001    2      Two                               1900                             1.0       0003 b 1  0006 w 0
001    3      Three                             1800                             0.0       0002 w 0  0001 b 0
001    4      Four                              1700                             0.0       0001 b 0  0005 b 0
001    5      Five                              1600                             2.0       0006 w 1  0004 w 1
001    6      Six                               1500                             1.0       0005 b 0  0002 b 1
";

    fn state() -> RoundState {
        crate::fixture::state(TRF)
    }

    #[test]
    fn legal_pairing_passes() {
        let p = pairing(&[(6, 1), (2, 5), (4, 3)], None);
        assert_eq!(lim(&state(), &p), vec![]);
    }

    #[test]
    fn finds_a_rematch_lim_2_1() {
        let got = lim(&state(), &pairing(&[(4, 1), (2, 5), (6, 3)], None));
        assert!(got.iter().any(|x| x.rule == "Lim 2.1"), "{got:?}");
    }

    #[test]
    fn finds_a_third_colour_in_a_row_lim_5_1_a() {
        // One had white in both rounds.
        let got = lim(&state(), &pairing(&[(1, 6), (2, 5), (4, 3)], None));
        assert!(got.iter().any(|x| x.rule == "Lim 5.1 a"), "{got:?}");
    }

    #[test]
    fn finds_three_more_of_one_colour_lim_5_1_b() {
        let mut st = state();
        // Four has played B B W B (two more blacks); one more black makes three.
        st.players[3].colours = vec![Colour::Black, Colour::Black, Colour::White, Colour::Black];
        let got = lim(&st, &pairing(&[(6, 1), (2, 4), (3, 5)], None));
        assert!(got.iter().any(|x| x.rule == "Lim 5.1 b"), "{got:?}");
        assert!(!got.iter().any(|x| x.rule == "Lim 5.1 a"), "{got:?}");
    }

    #[test]
    fn last_round_excepts_equal_scores_only_lim_6() {
        let mut st = state();
        st.planned_rounds = Some(3);
        // Three and Four (0 points each) meet; Four gets a third black.
        let got = lim(&st, &pairing(&[(6, 1), (2, 5), (3, 4)], None));
        assert_eq!(got, vec![]);
        // One (2 points) gets a third white against Six (1 point): not excepted.
        let got = lim(&st, &pairing(&[(1, 6), (2, 5), (4, 3)], None));
        assert!(got.iter().any(|x| x.rule == "Lim 5.1 a"), "{got:?}");
    }

    #[test]
    fn finds_a_bye_to_an_ineligible_player() {
        let t = trf::read(
            &format!(
                "{TRF}001    7      Seven                             1400                             1.0       0000 - U  0000 - Z\n"
            ),
            "fixture",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let got = crate::Verifier::verify(
            &Lim::FIDE_1999,
            &t,
            &pairing(&[(6, 1), (2, 5), (4, 3)], Some(7)),
        );
        assert!(got.iter().any(|x| x.rule == "C.04.1 d"), "{got:?}");
    }
}
