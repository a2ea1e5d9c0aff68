//! Floats (C.04.3 A.4), as the Dutch rules define them, from the record
//! of past rounds.

use std::cmp::Ordering;

use swiss_core::{PlayerState, ResultCode, RoundState};

/// A float received in a past round (C.04.3 A.4.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Float {
    /// Played a lower-scored opponent, or did not play at all.
    Down,
    /// Played a higher-scored opponent.
    Up,
}

/// A player's float in one round, in the arbiter's account's words.
pub(crate) fn float_word(f: Option<Float>) -> &'static str {
    match f {
        Some(Float::Down) => "down",
        Some(Float::Up) => "up",
        None => "none",
    }
}

/// The float `p` received `rounds_ago` rounds before the round `state`
/// pairs (1 = the previous round), `None` before round 1 or without a
/// float.
///
/// C.04.3 A.4.b: after a game between different scores, the higher player
/// has a downfloat and the lower one an upfloat; a round the player did
/// not play over the board (any bye, a forfeit either way, an absence)
/// counts as a downfloat (the sentence our copy lost, see the supplement).
/// The scores compared are the pairing scores before that round, with
/// that round's acceleration.
pub(crate) fn float(state: &RoundState, p: &PlayerState, rounds_ago: usize) -> Option<Float> {
    let round = p.history.len().checked_sub(rounds_ago)?;
    match played_game_float(state, p, round) {
        Some(f) => f,
        None => Some(Float::Down),
    }
}

/// The float `p` received `rounds_ago` rounds before the round `state`
/// pairs, by the 2026 text (C.04.3 (2026) Art. 1.4.3-1.4.4): a played
/// game floats as in 2017 (the higher scored player down, the lower one
/// up, on the pairing scores before that round); a round not played over
/// the board gives a downfloat to the PAB recipient and to a player who
/// scored more than a (played) loss without playing (a half- or
/// full-point bye, a forfeit win), and no float otherwise (a zero-point
/// bye, an absence, a forfeit loss); it never gives an upfloat.
///
/// Reading: the text gives the PAB a downfloat whatever it is worth; the
/// reference engine only when it is worth more than a loss. We follow the
/// text (`c2026_art_1_4_3_a_pab_worth_a_loss_is_still_a_downfloat`).
pub(crate) fn float_2026(state: &RoundState, p: &PlayerState, rounds_ago: usize) -> Option<Float> {
    let round = p.history.len().checked_sub(rounds_ago)?;
    if let Some(f) = played_game_float(state, p, round) {
        return f;
    }
    let e = &p.history[round].entry;
    let ps = &state.point_system;
    let pab = e.result == ResultCode::PairingBye;
    (pab || e.points(ps) > ps.loss_white.max(ps.loss_black)).then_some(Float::Down)
}

/// The float of a game `p` played over the board in the round at index
/// `round` (`Some(None)`: no float), `None` when he did not play one.
fn played_game_float(state: &RoundState, p: &PlayerState, round: usize) -> Option<Option<Float>> {
    let past = &p.history[round];
    let e = &past.entry;
    let (true, Some(opponent), Some(_)) = (e.is_played_game(), e.opponent, e.colour) else {
        return None;
    };
    // An opponent missing from the file compares as equal: no float.
    let theirs = state
        .player(opponent)
        .and_then(|o| o.history.get(round))
        .map_or(past.score_before, |h| h.score_before);
    Some(match past.score_before.cmp(&theirs) {
        Ordering::Greater => Some(Float::Down),
        Ordering::Less => Some(Float::Up),
        Ordering::Equal => None,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Three rounds of six players. Round 1: 1 beats 2, 3-4 drawn, 5 has
    /// the PAB, 6 is absent. Round 2: 1-5 (1 point each), 2 wins by
    /// forfeit against 3, 4 (0.5) beats 6 (0, but 1.0 with the round's
    /// acceleration). Round 3: 1 (2 points) beats 3 (0.5), 5-2 (1 point
    /// each), 4 has a half-point bye, 6 is absent.
    const RECORD: &str = "\
012 A.4 floats
XXR 5
001    1      One                               2000                             3.0       0002 w 1  0005 b 1  0003 w 1
001    2      Two                               1900                             1.0       0001 b 0  0003 w +  0005 b 0
001    3      Three                             1800                             0.5       0004 w =  0002 b -  0001 b 0
001    4      Four                              1700                             2.0       0003 b =  0006 w 1  0000 - H
001    5      Five                              1600                             2.0       0000 - U  0001 w 0  0002 w 1
001    6      Six                               1500                             0.0       0000 - Z  0004 b 0  0000 - Z
XXA    6  0.0  1.0
";

    /// The floats of every player, one and two rounds before round 4.
    fn floats() -> Vec<[Option<Float>; 2]> {
        let t = swiss_core::trf::read(RECORD, "a4").unwrap();
        let st = RoundState::before(&t, 4);
        st.players
            .iter()
            .map(|p| [float(&st, p, 1), float(&st, p, 2)])
            .collect()
    }

    /// C.04.3 A.4.b: the higher scored player of a game floats down, the
    /// lower one up, equal scores give no float; an unplayed round (PAB,
    /// forfeit either way, half-point bye, absence) is a downfloat.
    #[test]
    fn c043_a4_floats_from_the_record() {
        use Float::{Down, Up};
        let f = floats();
        // Round 3 (one back), round 2 (two back).
        // 1 (2 points) beat 3 (0.5); round 2: 1 v 5, both on 1 point.
        assert_eq!(f[0], [Some(Down), None]);
        // 2 (1 point) lost to 5 (1 point); round 2 a forfeit win.
        assert_eq!(f[1], [None, Some(Down)]);
        // 3 (0.5) against 1 (2); round 2 a forfeit loss.
        assert_eq!(f[2], [Some(Up), Some(Down)]);
        // 4: a half-point bye; round 2: 0.5 against 6 (1.0 accelerated).
        assert_eq!(f[3], [Some(Down), Some(Up)]);
        // 5 (1 point) beat 2 (1); round 2: 1 point against 1.
        assert_eq!(f[4], [None, None]);
        // 6: absent in round 3; round 2: 1.0 accelerated against 0.5.
        assert_eq!(f[5], [Some(Down), Some(Down)]);
    }

    /// C.04.3 (2026) Art. 1.4: a played game floats as in 2017; of the
    /// rounds not played over the board, the PAB (5 in round 1), a forfeit
    /// win (2 in round 2) and a half-point bye worth more than a loss (4 in
    /// round 3) are downfloats; a forfeit loss (3 in round 2), an absence
    /// (6 in round 3) give no float. The 2017 reading gives 3 and 6 a
    /// downfloat there.
    #[test]
    fn c2026_art_1_4_floats_of_unplayed_rounds() {
        use Float::{Down, Up};
        let t = swiss_core::trf::read(RECORD, "a4").unwrap();
        let st = RoundState::before(&t, 4);
        let f: Vec<_> = st
            .players
            .iter()
            .map(|p| [float_2026(&st, p, 1), float_2026(&st, p, 2)])
            .collect();
        assert_eq!(f[1], [None, Some(Down)]);
        assert_eq!(f[2], [Some(Up), None]);
        assert_eq!(f[3], [Some(Down), Some(Up)]);
        assert_eq!(f[5], [None, Some(Down)]);
        let st2 = RoundState::before(&t, 2);
        let five_round_1 = float_2026(&st2, &st2.players[4], 1);
        assert_eq!(five_round_1, Some(Down), "the PAB of round 1");
    }

    /// Reading (2026 Art. 1.4.3): the PAB gives a downfloat whatever it is
    /// worth, as the text says; the reference engine gives one only when
    /// it is worth more than a loss (no reference file tells them apart).
    #[test]
    fn c2026_art_1_4_3_a_pab_worth_a_loss_is_still_a_downfloat() {
        let text = RECORD.replacen("XXA", "BBU  0.0\nXXA", 1).replace(
            "001    5      Five                              1600                             2.0",
            "001    5      Five                              1600                             1.0",
        );
        let t = swiss_core::trf::read(&text, "a4").unwrap();
        let st = RoundState::before(&t, 2);
        assert_eq!(st.point_system.pairing_bye, swiss_core::Points::ZERO);
        assert_eq!(float_2026(&st, &st.players[4], 1), Some(Float::Down));
    }

    /// Before round 2 there is no float two rounds back, and round 1's
    /// absence counts as a downfloat.
    #[test]
    fn c043_a4_no_float_before_the_first_round() {
        let t = swiss_core::trf::read(RECORD, "a4").unwrap();
        let st = RoundState::before(&t, 2);
        let six = &st.players[5];
        assert_eq!(float(&st, six, 1), Some(Float::Down));
        assert_eq!(float(&st, six, 2), None);
    }
}
