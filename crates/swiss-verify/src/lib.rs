//! Independent verifiers: plain re-checks that a produced pairing obeys a
//! system's absolute criteria, written without any matching and without the
//! engines' code, so an engine bug cannot hide behind shared logic.
//!
//! Every verifier has one shape, the [`Verifier`] trait: the record before
//! the round and the pairing produced for its next round in, every
//! violation found out ([`Violation`]; an empty list means the pairing is
//! legal). There is one type per system, named as its crate's system type
//! ([`Dutch`], [`Dubov`], [`Lim`], [`Tcec`], [`Team`]), with a constant per edition
//! or format (`Dutch::FIDE_2017`, `Tcec::DOUBLE`); the FIDE ones also
//! check a [`RoundState`] already derived (`verify_state`).
//! `swiss_systems::System::verifier` looks one up by system and options.
//! [`Verified`] wraps an engine so that every pairing it makes is
//! re-checked. Start with [`Dutch`].

mod compare;
mod dubov;
pub use compare::compare;
pub use dubov::Dubov;

use std::collections::BTreeSet;
use std::fmt;

mod lim;
pub use lim::Lim;

mod team;
pub use team::Team;

use swiss_core::{
    Colour, Pairing, PairingError, PairingSystem, PlayerState, RoundState, StartNo, Tournament,
};

/// An independent verifier of one system (and edition or format).
pub trait Verifier: Sync {
    /// Every violation of the system's absolute criteria in `pairing`,
    /// the pairing produced for round [`Tournament::next_round`] of `t`
    /// (`t` as it stood before that round).
    fn verify(&self, t: &Tournament, pairing: &Pairing) -> Vec<Violation>;
}

/// One broken rule in a pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The rule broken, e.g. `C.04.3 C.1`.
    pub rule: &'static str,
    /// What happened.
    pub detail: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.detail)
    }
}

fn v(out: &mut Vec<Violation>, rule: &'static str, detail: String) {
    out.push(Violation { rule, detail });
}

/// The bye rule every FIDE system shares (C.04.1 d, as Dutch C.2 and
/// Dubov C.2 state it): the bye, if any, not to a player who already had
/// a bye or a forfeit win; a breach is reported under `rule`.
fn bye_after_bye_or_forfeit_win(
    out: &mut Vec<Violation>,
    state: &RoundState,
    pairing: &Pairing,
    rule: &'static str,
) {
    if let Some(bye) = pairing.bye
        && state.player(bye).is_some_and(|p| p.had_bye_or_forfeit_win)
    {
        v(
            out,
            rule,
            format!("{bye} gets the bye but already had a bye or a forfeit win"),
        );
    }
}

/// Everyone to be paired appears exactly once (in a pair or as the bye),
/// nobody else appears, and there is a bye exactly when the count is odd
/// (C.04.1 c).
pub(crate) fn completeness(state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
    let mut out = Vec::new();
    let expected: BTreeSet<StartNo> = state.to_pair().map(|p| p.start_no).collect();
    let mut seen = BTreeSet::new();
    let all = pairing
        .pairs
        .iter()
        .flat_map(|p| [p.white, p.black])
        .chain(pairing.bye);
    for s in all {
        if !seen.insert(s) {
            v(&mut out, "C.04.1 c", format!("player {s} appears twice"));
        }
        if !expected.contains(&s) {
            v(
                &mut out,
                "C.04.1 c",
                format!("player {s} is paired but not to be paired this round"),
            );
        }
    }
    for s in expected.difference(&seen) {
        v(&mut out, "C.04.1 c", format!("player {s} is left out"));
    }
    if pairing.bye.is_some() != (expected.len() % 2 == 1) {
        v(
            &mut out,
            "C.04.1 c",
            format!(
                "{} players to pair but bye = {:?}",
                expected.len(),
                pairing.bye
            ),
        );
    }
    out
}

/// Re-checks a FIDE Dutch pairing (C.04.3) against its absolute criteria:
/// completeness; C.1 no rematch (played games only, C.04.2 D.6) and no
/// forbidden pair (`XXP`); C.2 the bye not to a player who had a PAB or a
/// forfeit win; C.3 two non-topscorers with the same absolute colour
/// preference never meet, and (E.1-E.2 with C.04.1 f/g) every
/// non-topscorer with an absolute preference gets his colour.
pub(crate) fn dutch(state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
    let mut out = dutch_c1_c3(state, pairing, ["C.04.3 C.1", "C.04.3 C.3"]);
    bye_after_bye_or_forfeit_win(&mut out, state, pairing, "C.04.3 C.2");
    out
}

/// Re-checks a FIDE Dutch pairing under the 2026 text (C.04.3 applied from
/// 1 February 2026): as [`dutch`], with C2 widened: the PAB may not go to
/// a player who already had a PAB (whatever it was worth) or who scored,
/// in some round, at least a win's worth of points without playing (a
/// forfeit win, a full-point bye).
pub(crate) fn dutch_2026(state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
    let mut out = dutch_c1_c3(state, pairing, ["C.04.3 (2026) C1", "C.04.3 (2026) C3"]);
    pab_bar_2026(&mut out, state, pairing, "C.04.3 (2026) C2");
    out
}

/// The PAB bar of the 2026 Basic Rules (C.04.1 Art. 4), which the 2026
/// Dutch (C2), Dubov ([C2]) and Lim (1.1) texts share: the PAB, if any,
/// not to a player who already had a PAB (whatever it was worth) or who
/// scored, in some round, at least a win's worth of points without
/// playing (a forfeit win, a full-point bye); a breach is reported under
/// `rule`. Written apart from `swiss_core::PlayerState::may_receive_pab`,
/// as every check here is.
fn pab_bar_2026(
    out: &mut Vec<Violation>,
    state: &RoundState,
    pairing: &Pairing,
    rule: &'static str,
) {
    let ps = &state.point_system;
    let win = ps.win_white.min(ps.win_black);
    if let Some(p) = pairing.bye.and_then(|bye| state.player(bye)) {
        for (round, past) in (1..).zip(&p.history) {
            let e = &past.entry;
            let why = if e.result == swiss_core::ResultCode::PairingBye {
                "had the PAB"
            } else if !e.is_played_game() && e.points(ps) >= win {
                "scored a win's worth without playing"
            } else {
                continue;
            };
            v(
                out,
                rule,
                format!("{} gets the PAB but {why} in round {round}", p.start_no),
            );
        }
    }
}

/// The checks [`dutch`] and [`dutch_2026`] share: completeness, C1 and C3,
/// a breach of C1 or C3 reported under the edition's id of that criterion
/// (`[c1, c3]`: `C.04.3 C.1` and `C.04.3 C.3`, 2026 `C.04.3 (2026) C1`
/// and `C.04.3 (2026) C3`).
fn dutch_c1_c3(
    state: &RoundState,
    pairing: &Pairing,
    [c1, c3]: [&'static str; 2],
) -> Vec<Violation> {
    let mut out = completeness(state, pairing);
    // A.7 as the Dutch crate reads it: from the last planned round on, the
    // pairing score (acceleration included) over half of a win per round
    // played (a draw where it is worth more; not a bye).
    let final_round = state.planned_rounds.is_some_and(|r| state.round >= r);
    let ps = &state.point_system;
    let most_per_game = [ps.win_white, ps.win_black, ps.draw_white, ps.draw_black]
        .into_iter()
        .max()
        .unwrap_or_default();
    let topscorer = |p: &PlayerState| {
        final_round
            && i64::from(p.pairing_score().tenths()) * 2
                > i64::from(most_per_game.tenths()) * i64::from(state.round.saturating_sub(1))
    };
    for pair in &pairing.pairs {
        let (Some(w), Some(b)) = (state.player(pair.white), state.player(pair.black)) else {
            v(
                &mut out,
                "C.04.1 c",
                format!("unknown player in {}-{}", pair.white, pair.black),
            );
            continue;
        };
        if w.start_no == b.start_no {
            v(
                &mut out,
                "C.04.1 c",
                format!("player {} paired with himself", w.start_no),
            );
        }
        if w.has_met(b.start_no) || b.has_met(w.start_no) {
            v(
                &mut out,
                c1,
                format!(
                    "{} and {} have already played each other",
                    w.start_no, b.start_no
                ),
            );
        }
        if w.forbidden.contains(&b.start_no) {
            v(
                &mut out,
                c1,
                format!("{} and {} must not be paired (XXP)", w.start_no, b.start_no),
            );
        }
        let (pw, pb) = (absolute_preference(w), absolute_preference(b));
        if let (Some(cw), Some(cb)) = (pw, pb)
            && cw == cb
            && !topscorer(w)
            && !topscorer(b)
        {
            v(
                &mut out,
                c3,
                format!(
                    "{} and {} both need {:?} absolutely",
                    w.start_no, b.start_no, cw
                ),
            );
        }
        // Against an opponent with the same absolute preference (allowed only
        // when a topscorer is involved) E.2 may overrule it; otherwise E.1/E.2
        // always grant an absolute preference.
        let same_absolute = pw.is_some() && pw == pb;
        for (p, got) in [(w, Colour::White), (b, Colour::Black)] {
            if let Some(need) = absolute_preference(p)
                && need != got
                && !topscorer(p)
                && !same_absolute
            {
                v(
                    &mut out,
                    c3,
                    format!(
                        "{} needs {:?} absolutely but gets {:?}",
                        p.start_no, need, got
                    ),
                );
            }
        }
    }
    out
}

/// C.04.3 A.6.a, re-derived from the played colours: the colour a player
/// must get, when his colour difference is beyond ±1 or his last two
/// played games had the same colour.
fn absolute_preference(p: &PlayerState) -> Option<Colour> {
    match (p.colour_difference(), p.colours.as_slice()) {
        (d, _) if d > 1 => Some(Colour::Black),
        (d, _) if d < -1 => Some(Colour::White),
        (_, [.., a, b]) if a == b => Some(a.opposite()),
        _ => None,
    }
}

/// Re-checks a TCEC Swiss pairing of TRF column `t.next_round()`,
/// re-deriving scores, BYEs, WGD and the pairing order from the record:
/// everyone once (`TCEC STEP 4`), the BYE (`TCEC STEP 2`: fewest BYEs,
/// lowest in the pairing order), the colour condition
/// `|WGD(p) + WGD(q)| <= 2` (`TCEC STEP 3`, single rounds) and the colours
/// (`TCEC STEP 5`), and no forbidden pair (`XXP`, `260`; STEP 3's pairing
/// condition as the engine reads it). In the double format an odd column is game one
/// (first-of-pair black), an even column repeats the previous one with
/// colours reversed. Not re-checked: which rounds of the encounter history
/// had to be removed (that needs a matching per round; the oracle checks
/// it, and `swiss compare` adds the engine's own finding of a pair met in
/// the history kept, `PairingSystem::breaches`).
pub(crate) fn tcec(t: &Tournament, pairing: &Pairing, double: bool) -> Vec<Violation> {
    let state = RoundState::next(t);
    let mut out = completeness(&state, pairing);
    let column = state.round;
    if double && column.is_multiple_of(2) {
        let prev = Pairing::recorded(t, column - 1);
        let mut want: Vec<(StartNo, StartNo)> =
            prev.pairs.iter().map(|p| (p.black, p.white)).collect();
        let mut got: Vec<(StartNo, StartNo)> =
            pairing.pairs.iter().map(|p| (p.white, p.black)).collect();
        want.sort_unstable();
        got.sort_unstable();
        if want != got || prev.bye != pairing.bye {
            v(
                &mut out,
                "TCEC STEP 5",
                "the second game of a double round must repeat the first with colours reversed"
                    .into(),
            );
        }
        return out;
    }
    let round = if double { column.div_ceil(2) } else { column };
    // TCEC STEP 1: score descending, seed ascending. BYEs are counted per
    // TRF column, which orders players as counting per round does.
    let rank = |p: &PlayerState| (std::cmp::Reverse(p.score), p.start_no);
    let present: Vec<&PlayerState> = state.to_pair().collect();
    if present.len() % 2 == 1 {
        let want = present
            .iter()
            .max_by_key(|p| (std::cmp::Reverse(p.pairing_byes), rank(p)))
            .map(|p| p.start_no);
        if pairing.bye != want {
            v(
                &mut out,
                "TCEC STEP 2",
                format!("the BYE goes to {want:?}, not {:?}", pairing.bye),
            );
        }
    }
    for pair in &pairing.pairs {
        let (Some(w), Some(b)) = (state.player(pair.white), state.player(pair.black)) else {
            continue;
        };
        // TCEC STEP 3 with the crate's interpretation 10: a forbidden pair
        // (`XXP`, `260`) is never allowed, whatever history was removed.
        if w.forbidden.contains(&b.start_no) || b.forbidden.contains(&w.start_no) {
            v(
                &mut out,
                "TCEC STEP 3",
                format!("{} and {} must not be paired (XXP)", w.start_no, b.start_no),
            );
        }
        let (wgd_w, wgd_b) = (w.colour_difference(), b.colour_difference());
        if !double && (wgd_w + wgd_b).abs() > 2 {
            v(
                &mut out,
                "TCEC STEP 3",
                format!(
                    "{} (WGD {wgd_w}) and {} (WGD {wgd_b}) break the colour condition",
                    pair.white, pair.black
                ),
            );
        }
        let white_is_first = rank(w) < rank(b);
        let white_ok = if double {
            // Game one: the first-of-pair has black.
            !white_is_first
        } else if wgd_w != wgd_b {
            wgd_w < wgd_b
        } else if w.score != b.score {
            w.score < b.score
        } else {
            // The 2112 pattern: first-of-pair white in rounds 2, 3, 6, 7, ...
            white_is_first == matches!(round % 4, 2 | 3)
        };
        if !white_ok {
            v(
                &mut out,
                "TCEC STEP 5",
                format!("{}-{}: colours reversed", pair.white, pair.black),
            );
        }
    }
    out
}

/// The FIDE Dutch system's absolute criteria (C.04.3): completeness; C.1
/// no rematch (played games only, C.04.2 D.6) and no forbidden pair
/// (`XXP`); C.2 the bye not to a player who had a PAB or a forfeit win
/// (2026: C2, the 2026 Basic Rules' Art. 4); C.3 two non-topscorers with
/// the same absolute colour preference never meet, and (E.1-E.2 with
/// C.04.1 f/g) every non-topscorer with an absolute preference gets his
/// colour. Breaches cite the edition's ids: `C.04.3 C.1`-`C.3` (2017 and
/// 2012), `C.04.3 (2026) C1`-`C3` (2026).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dutch {
    pab_bar_2026: bool,
}

impl Dutch {
    /// The 2026 text: C2 widened (no PAB after a PAB of any value or a
    /// round scored a win's points without playing).
    pub const FIDE_2026: Dutch = Dutch { pab_bar_2026: true };
    /// The 2017 text.
    pub const FIDE_2017: Dutch = Dutch {
        pab_bar_2026: false,
    };
    /// The 2012 text: its absolute criteria are the 2017 ones (B.1, B.2,
    /// C.04.1 d).
    pub const FIDE_2012: Dutch = Dutch::FIDE_2017;

    /// Every violation in `pairing`, the pairing of the round `state`
    /// describes.
    pub fn verify_state(&self, state: &RoundState, pairing: &Pairing) -> Vec<Violation> {
        if self.pab_bar_2026 {
            dutch_2026(state, pairing)
        } else {
            dutch(state, pairing)
        }
    }
}

impl Verifier for Dutch {
    fn verify(&self, t: &Tournament, pairing: &Pairing) -> Vec<Violation> {
        self.verify_state(&RoundState::next(t), pairing)
    }
}

/// The TCEC Swiss system's rules, re-derived from the record: see
/// [`Tcec::SINGLE`] for what is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tcec {
    double: bool,
}

impl Tcec {
    /// Single rounds. Re-checks a pairing of TRF column `t.next_round()`,
    /// re-deriving scores, BYEs, WGD and the pairing order from the
    /// record: everyone once (`TCEC STEP 4`), the BYE (`TCEC STEP 2`:
    /// fewest BYEs, lowest in the pairing order), the colour condition
    /// `|WGD(p) + WGD(q)| <= 2` and no forbidden pair (`TCEC STEP 3`) and
    /// the colours (`TCEC STEP 5`). Not re-checked: which rounds of the
    /// encounter history had to be removed (that needs a matching; the
    /// oracle checks it).
    pub const SINGLE: Tcec = Tcec { double: false };
    /// Double rounds: as [`Tcec::SINGLE`] without the colour condition; an
    /// odd column is game one (first-of-pair black), an even column
    /// repeats the previous one with colours reversed.
    pub const DOUBLE: Tcec = Tcec { double: true };
}

impl Verifier for Tcec {
    fn verify(&self, t: &Tournament, pairing: &Pairing) -> Vec<Violation> {
        tcec(t, pairing, self.double)
    }
}

/// A pairing system whose every pairing is re-checked by an independent
/// verifier: a pairing that breaks a rule becomes an error naming the
/// violations, so the checker, the generator and the tests built on
/// [`PairingSystem`] see it as a failure.
pub struct Verified<'a> {
    /// The engine.
    pub system: &'a dyn PairingSystem,
    /// Its verifier.
    pub verify: &'a dyn Verifier,
}

impl PairingSystem for Verified<'_> {
    fn name(&self) -> &'static str {
        self.system.name()
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let p = self.system.pair(t)?;
        let bad = self.verify.verify(t, &p);
        if bad.is_empty() {
            return Ok(p);
        }
        // A pairing that breaks the rules is the engine's bug.
        Err(PairingError::Internal {
            round: p.round,
            reason: format!(
                "the independent verifier rejects the engine's pairing: {}",
                bad.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        })
    }
}

/// What the verifiers' unit tests share.
#[cfg(test)]
mod fixture {
    use swiss_core::{Pair, Pairing, RoundState, trf};

    /// Five players after two rounds: One had white twice (absolute
    /// black), Two black twice (absolute white), Three W-B, Four B then the
    /// PAB, Five the PAB then W.
    pub const FIVE: &str = "\
012 Verifier fixture
XXR 5
001    1      One                               2000                             1.5       0002 w 1  0003 w =
001    2      Two                               1900                             0.0       0001 b 0  0005 b 0
001    3      Three                             1800                             1.5       0004 w 1  0001 b =
001    4      Four                              1700                             1.0       0003 b 0  0000 - U
001    5      Five                              1600                             2.0       0000 - U  0002 w 1
";

    /// The state before the next round of the TRF `text`.
    pub fn state(text: &str) -> RoundState {
        let t = trf::read(text, "fixture").unwrap_or_else(|e| panic!("{e}"));
        RoundState::next(&t)
    }

    /// A pairing of round 3: `(white, black)` pairs and the bye.
    pub fn round_3(pairs: &[(u32, u32)], bye: Option<u32>) -> Pairing {
        Pairing {
            round: 3,
            pairs: pairs
                .iter()
                .map(|&(white, black)| Pair { white, black })
                .collect(),
            bye,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::round_3 as pairing;
    use swiss_core::trf;

    fn state() -> RoundState {
        crate::fixture::state(crate::fixture::FIVE)
    }

    #[test]
    fn legal_pairing_passes() {
        assert_eq!(
            dutch(&state(), &pairing(&[(2, 4), (5, 1)], Some(3))),
            vec![]
        );
    }

    #[test]
    fn finds_a_planted_rematch_c1() {
        let got = dutch(&state(), &pairing(&[(2, 1), (5, 4)], Some(3)));
        assert!(got.iter().any(|x| x.rule == "C.04.3 C.1"), "{got:?}");
        // The 2026 text's id.
        let got = dutch_2026(&state(), &pairing(&[(2, 1), (5, 4)], Some(3)));
        assert!(got.iter().any(|x| x.rule == "C.04.3 (2026) C1"), "{got:?}");
    }

    #[test]
    fn finds_a_bye_given_twice_c2() {
        let got = dutch(&state(), &pairing(&[(2, 3), (5, 1)], Some(4)));
        assert!(got.iter().any(|x| x.rule == "C.04.3 C.2"), "{got:?}");
    }

    /// C.04.3 (2026) C2: a full-point bye (`F`) bars the PAB under the
    /// 2026 text, not under 2017's C.2 (a PAB or a forfeit win only).
    #[test]
    fn c2026_c2_a_full_point_bye_bars_the_pab() {
        let t = trf::read(
            "\
XXR 5
001    1      One                               2000                             1.0       0002 w 1  0003 b 0
001    2      Two                               1900                             1.0       0001 b 0  0000 - F
001    3      Three                             1800                             1.5       0000 - H  0001 w 1
001    4      Four                              1700                             0.5       0005 w =  0000 - Z
001    5      Five                              1600                             0.5       0004 b =  0000 - Z
",
            "fixture",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let st = RoundState::next(&t);
        let bye_to_two = pairing(&[(3, 4), (5, 1)], Some(2));
        assert_eq!(dutch(&st, &bye_to_two), vec![]);
        let got = dutch_2026(&st, &bye_to_two);
        assert!(got.iter().any(|x| x.rule == "C.04.3 (2026) C2"), "{got:?}");
        // A half-point bye does not bar it.
        let bye_to_three = pairing(&[(1, 4), (2, 5)], Some(3));
        assert_eq!(dutch_2026(&st, &bye_to_three), vec![]);
    }

    #[test]
    fn finds_a_colour_rule_violation_c3() {
        // One had white twice: absolute preference for black.
        let got = dutch(&state(), &pairing(&[(1, 4), (2, 5)], Some(3)));
        assert!(got.iter().any(|x| x.rule == "C.04.3 C.3"), "{got:?}");
        // The 2026 text's id.
        let got = dutch_2026(&state(), &pairing(&[(1, 4), (2, 5)], Some(3)));
        assert!(got.iter().any(|x| x.rule == "C.04.3 (2026) C3"), "{got:?}");
    }

    /// Six players after two rounds. One and Two won both games with white
    /// (absolute black, 2 points of 2), Three and Four had black twice
    /// (absolute white).
    const LEADERS_WON: &str = "\
001    1      One                               2000                             2.0       0003 w 1  0004 w 1
001    2      Two                               1900                             2.0       0004 w 1  0005 w 1
001    3      Three                             1800                             0.5       0001 b 0  0006 b =
001    4      Four                              1700                             0.0       0002 b 0  0001 b 0
001    5      Five                              1600                             0.5       0006 w =  0002 b 0
001    6      Six                               1500                             1.0       0005 b =  0003 w =
";

    /// [`LEADERS_WON`] with every game of One and Two drawn: 1 point of 2.
    const LEADERS_DREW: &str = "\
001    1      One                               2000                             1.0       0003 w =  0004 w =
001    2      Two                               1900                             1.0       0004 w =  0005 w =
001    3      Three                             1800                             1.0       0001 b =  0006 b =
001    4      Four                              1700                             1.0       0002 b =  0001 b =
001    5      Five                              1600                             1.0       0006 w =  0002 b =
001    6      Six                               1500                             1.0       0005 b =  0003 w =
";

    /// Whether round 3 may pair One with Two (same absolute preference:
    /// only as topscorers, C.3), with the extra `lines` before the players.
    fn leaders_may_meet(players: &str, lines: &str) -> bool {
        let t = trf::read(&format!("012 A.7\n{lines}{players}"), "a7")
            .unwrap_or_else(|e| panic!("{e}"));
        let p = pairing(&[(2, 1), (3, 5), (4, 6)], None);
        let got = dutch(&RoundState::before(&t, 3), &p);
        assert!(got.iter().all(|x| x.rule == "C.04.3 C.3"), "{got:?}");
        got.is_empty()
    }

    /// C.04.3 A.7, read as the Dutch engine reads it
    /// (`interpretation_a7_topscorers_pairing_score_from_the_last_planned_round`
    /// in swiss-dutch): from the last planned round on, on the pairing
    /// score, against a win per round played.
    #[test]
    fn dutch_topscorers_a7() {
        assert!(leaders_may_meet(LEADERS_WON, "XXR 3\n"));
        assert!(!leaders_may_meet(LEADERS_WON, "XXR 5\n"));
        // A round paired after the last planned one is a final round.
        assert!(leaders_may_meet(LEADERS_WON, "XXR 2\n"));
        // A PAB worth 5 does not raise the maximum possible score.
        assert!(leaders_may_meet(LEADERS_WON, "XXR 3\nBBU  5.0\n"));
        // 1 point of 2 is not over 50%, 2 with an accelerated point is.
        assert!(!leaders_may_meet(LEADERS_DREW, "XXR 3\n"));
        let acc = "XXR 3\nXXA    1  0.0  0.0  1.0\nXXA    2  0.0  0.0  1.0\n";
        assert!(leaders_may_meet(LEADERS_DREW, acc));
    }

    /// Four TCEC players after two single rounds, all drawn: 2-1 and 4-3
    /// in round 1, 1-3 and 4-2 in round 2 (white first). WGD: One 0,
    /// Two 0, Three -2, Four +2.
    const TCEC: &str = "\
012 TCEC verifier fixture
001    1      One                               3000                             1.0       0002 b =  0003 w =
001    2      Two                               3000                             1.0       0001 w =  0004 b =
001    3      Three                             3000                             1.0       0004 b =  0001 b =
001    4      Four                              3000                             1.0       0003 w =  0002 w =
";

    fn tcec_record() -> Tournament {
        trf::read(TCEC, "tcec").unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn tcec_legal_round_passes() {
        // WGD: 1 0, 2 0, 3 -2, 4 +2. Round 3 pairs 1-4 and 2-3 (the only
        // unmet pairs); 4 (+2) must take black, 3 (-2) white.
        let got = tcec(&tcec_record(), &pairing(&[(1, 4), (3, 2)], None), false);
        assert_eq!(got, vec![]);
    }

    #[test]
    fn tcec_finds_a_colour_condition_violation_step3() {
        // Five had white twice (WGD +2), like Four: they must not meet.
        let text = format!(
            "{TCEC}\
001    5      Five                              3000                             1.0       0006 w =  0006 w =
001    6      Six                               3000                             1.0       0005 b =  0005 b =
"
        );
        let t = trf::read(&text, "tcec6").unwrap_or_else(|e| panic!("{e}"));
        let got = tcec(&t, &pairing(&[(5, 4), (6, 1), (3, 2)], None), false);
        assert!(got.iter().any(|x| x.rule == "TCEC STEP 3"), "{got:?}");
    }

    #[test]
    fn tcec_finds_a_forbidden_pair_step3() {
        let t =
            trf::read(&format!("{TCEC}XXP 1 4\n"), "tcec-xxp").unwrap_or_else(|e| panic!("{e}"));
        let got = tcec(&t, &pairing(&[(1, 4), (3, 2)], None), false);
        assert!(
            got.iter()
                .any(|x| x.rule == "TCEC STEP 3" && x.detail.contains("XXP")),
            "{got:?}"
        );
    }

    #[test]
    fn tcec_finds_reversed_colours_step5() {
        let got = tcec(&tcec_record(), &pairing(&[(4, 1), (3, 2)], None), false);
        assert!(got.iter().any(|x| x.rule == "TCEC STEP 5"), "{got:?}");
    }

    #[test]
    fn tcec_finds_a_wrong_bye_step2() {
        let mut t = tcec_record();
        t.players
            .push(swiss_core::Player::new(5, "Five", Some(3000)));
        // Five has no BYE and is last in the pairing order: he gets it.
        let got = tcec(&t, &pairing(&[(1, 4), (3, 5)], Some(2)), false);
        assert!(got.iter().any(|x| x.rule == "TCEC STEP 2"), "{got:?}");
    }

    #[test]
    fn finds_missing_and_doubled_players() {
        let got = completeness(&state(), &pairing(&[(1, 2), (1, 3)], None));
        assert!(got.len() >= 3, "{got:?}");
    }
}
