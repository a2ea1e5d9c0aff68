//! Lim's view of the players before a round: the facts the rules ask
//! about (colour due, colours barred, floater history, bye eligibility),
//! each derived here and nowhere else, and the compatibility of two players
//! (`Lim 2.1`, with the last-round exception of `Lim 6`).

use std::cell::RefCell;
use std::cmp::Ordering;

use swiss_core::{Colour, Partners, PlayerState, Points, RoundState, StartNo};

use crate::compare::GroupRecord;
use crate::{Edition, Options};

/// One player to be paired, as the Lim rules see him.
#[derive(Clone, Debug)]
pub(crate) struct LimPlayer {
    /// Pairing number.
    pub id: StartNo,
    /// Pairing score: points plus acceleration; forms the score-groups.
    pub score: Points,
    /// Rating (0 when unrated): the Maxi-tournament 100-point rules.
    pub rating: i32,
    /// Colours of played games, oldest first (C.04.2 D.5).
    pub colours: Vec<Colour>,
    /// The colour due (`Lim 5.1`, `5.5`, `5.6`), `None` before any game.
    pub due: Option<Colour>,
    /// Colours he may not receive (`Lim 5.1 a/b`): index 0 white, 1 black.
    pub barred: [bool; 2],
    /// Whether he floated in the round just before (`Lim 3.10`).
    pub floated_last_round: bool,
    /// Whether he may receive the pairing-allocated bye (C.04.1 d).
    pub bye_eligible: bool,
    /// Opponents met over the board, sorted.
    pub avoid: Vec<StartNo>,
    /// Players he must not meet (`XXP`, `260`): a row of the round's
    /// shared matrix, so a file forbidding every pair costs bits, not a
    /// list per player.
    pub forbidden: Partners,
    /// Position in the list of players to pair (1-based, start-number
    /// order): `Lim 7.2` colours by it.
    pub position: u32,
}

const fn slot(c: Colour) -> usize {
    match c {
        Colour::White => 0,
        Colour::Black => 1,
    }
}

impl LimPlayer {
    /// Whether he may receive colour `c` (`Lim 5.1 a/b`).
    pub fn may_get(&self, c: Colour) -> bool {
        !self.barred[slot(c)]
    }

    /// White games minus black games.
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|&c| if c == Colour::White { 1 } else { -1 })
            .sum()
    }
}

/// The colour due (`Lim 5.1`, `5.5`, `5.6`): the colour he must have
/// (`Lim 5.3`), else the equalising colour when his whites and blacks
/// differ (`Lim 5.6`, C.04.1 h), else the colour alternating with his last
/// game (`Lim 5.1`, `5.5`). `None` without a played game.
pub(crate) fn colour_due(colours: &[Colour], barred: [bool; 2]) -> Option<Colour> {
    let last = *colours.last()?;
    match barred {
        [true, false] => return Some(Colour::Black),
        [false, true] => return Some(Colour::White),
        _ => {}
    }
    let diff: i32 = colours
        .iter()
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum();
    Some(match diff.cmp(&0) {
        Ordering::Greater => Colour::Black,
        Ordering::Less => Colour::White,
        Ordering::Equal => last.opposite(),
    })
}

/// The colours barred by `Lim 5.1 a` (the same colour in the last two
/// games) and `Lim 5.1 b` (already two more of one colour).
pub(crate) fn barred_colours(colours: &[Colour]) -> [bool; 2] {
    let mut barred = [false; 2];
    if let [.., a, b] = colours
        && a == b
    {
        barred[slot(*a)] = true;
    }
    let diff: i32 = colours
        .iter()
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum();
    if diff >= 2 {
        barred[slot(Colour::White)] = true;
    }
    if diff <= -2 {
        barred[slot(Colour::Black)] = true;
    }
    barred
}

/// `Lim 3.10`: whether `p` floated in the round just before: he was paired
/// (a game, played or forfeited) with an opponent whose score before that
/// round differed from his. A bye or an absence is no float.
fn floated_last_round(state: &RoundState, p: &PlayerState) -> bool {
    let Some(last) = p.history.len().checked_sub(1) else {
        return false;
    };
    let round = &p.history[last];
    let Some(opp) = round.entry.opponent else {
        return false;
    };
    state
        .player(opp)
        .and_then(|o| o.history.get(last))
        .is_some_and(|o| o.score_before != round.score_before)
}

/// Whether `p` may receive the pairing-allocated bye: the Basic Rules'
/// bar, to which `Lim 1.1` only adds the choice among those eligible.
/// 1999: C.04.1 d (no PAB after a PAB or a forfeit win); 2026: Basic
/// Rules Art. 4 (no PAB after a PAB or a round scored a win's points
/// without playing, a requested full-point bye included).
fn may_get_bye(state: &RoundState, p: &PlayerState, edition: Edition) -> bool {
    match edition {
        Edition::Fide2026 => p.may_receive_pab(&state.point_system),
        Edition::Fide1999 => !p.had_bye_or_forfeit_win,
    }
}

/// The initial colour: the colour player 1 received by lot (`Lim 7.2`,
/// the tournament's `XXC`). The one place the crate reads it.
pub(crate) fn initial_colour(state: &RoundState) -> Colour {
    state.initial_colour
}

/// The players to pair and the facts every rule asks about them.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    /// The players to pair, in start-number order; indices into this
    /// vector are the engine's player ids.
    pub players: Vec<LimPlayer>,
    /// The round being paired.
    pub round: u32,
    /// Whether this is the last round (`Lim 6`).
    pub last_round: bool,
    /// Maxi-tournament (`Lim 3.2`, `3.8`, `5.7`).
    pub maxi: bool,
    /// The text that pairs: its bye rule and its rule ids.
    pub edition: Edition,
    /// The colour of player 1 in round 1 (`Lim 7.2`).
    pub initial: Colour,
    /// Four times the median score in tenths (`Lim 2.2`): half the rounds
    /// played times the points of a win, scaled to stay an integer.
    pub median4: i64,
    /// The score-groups' records of their decisions, kept when the
    /// arbiter's comparison or account asks for them
    /// ([`Field::recording`]); `None` when pairing only.
    pub records: Option<RefCell<Vec<GroupRecord>>>,
}

impl Field {
    /// Lim's view of the players `state` marks to be paired.
    pub fn new(state: &RoundState, options: &Options) -> Field {
        let mut players = Vec::new();
        for p in state.to_pair() {
            let colours: Vec<Colour> = p
                .history
                .iter()
                .filter(|r| r.entry.is_played_game())
                .filter_map(|r| r.entry.colour)
                .collect();
            let barred = barred_colours(&colours);
            let mut avoid: Vec<StartNo> = p.met.clone();
            avoid.sort_unstable();
            avoid.dedup();
            players.push(LimPlayer {
                id: p.start_no,
                score: p.pairing_score(),
                rating: p.rating.map_or(0, i32::from),
                due: colour_due(&colours, barred),
                barred,
                colours,
                floated_last_round: floated_last_round(state, p),
                bye_eligible: may_get_bye(state, p, options.edition),
                avoid,
                forbidden: p.forbidden.clone(),
                position: players.len() as u32 + 1,
            });
        }
        let ps = &state.point_system;
        let win2 = i64::from(ps.win_white.tenths()) + i64::from(ps.win_black.tenths());
        Field {
            players,
            round: state.round,
            last_round: state.is_last_round(),
            maxi: options.maxi,
            edition: options.edition,
            initial: initial_colour(state),
            median4: i64::from(state.round.saturating_sub(1)).saturating_mul(win2),
            records: None,
        }
    }

    /// The same field, with the score-groups recording their decisions
    /// for the arbiter (`compare.rs`, `explain.rs`).
    pub fn recording(mut self) -> Field {
        self.records = Some(RefCell::new(Vec::new()));
        self
    }

    /// Whether the score-groups record their decisions.
    pub fn records_decisions(&self) -> bool {
        self.records.is_some()
    }

    /// Keeps a score-group's record.
    pub fn push_record(&self, g: GroupRecord) {
        if let Some(r) = &self.records {
            r.borrow_mut().push(g);
        }
    }

    /// Forgets the records of an attempt the round does not keep (a bye
    /// that left the others unpairable, `Lim 1.1`).
    pub fn restart_records(&self) {
        if let Some(r) = &self.records {
            r.borrow_mut().clear();
        }
    }

    /// The records kept, in the order the score-groups were paired.
    pub fn take_records(&self) -> Vec<GroupRecord> {
        self.records
            .as_ref()
            .map(|r| std::mem::take(&mut *r.borrow_mut()))
            .unwrap_or_default()
    }

    /// The player with engine id `i`.
    pub fn p(&self, i: usize) -> &LimPlayer {
        &self.players[i]
    }

    /// Whether the two have met or must not meet (`Lim 2.1`, C.04.1 b, `XXP`).
    pub fn have_met(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.players[a], &self.players[b]);
        x.avoid.binary_search(&y.id).is_ok() || x.forbidden.contains(&y.id)
    }

    /// Whether some colour allocation respects `Lim 5.1 a/b` for both.
    pub fn colours_allow(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.players[a], &self.players[b]);
        (x.may_get(Colour::White) && y.may_get(Colour::Black))
            || (x.may_get(Colour::Black) && y.may_get(Colour::White))
    }

    /// `Lim 2.1`: compatible players have not met and can be given colours
    /// without the same colour three times running or three more of one
    /// colour. `Lim 6`: in the last round two players of the same score are
    /// compatible whenever they have not met.
    pub fn compatible(&self, a: usize, b: usize) -> bool {
        a != b
            && !self.have_met(a, b)
            && ((self.last_round && self.players[a].score == self.players[b].score)
                || self.colours_allow(a, b))
    }

    /// `Lim 5.2` / `3.8`: neither player is denied his due colour by the
    /// other, i.e. they are not due the same colour.
    pub fn colour_fine(&self, a: usize, b: usize) -> bool {
        match (self.players[a].due, self.players[b].due) {
            (Some(x), Some(y)) => x != y,
            _ => true,
        }
    }

    /// The Maxi-tournament condition of `Lim 3.8` / `5.7`: an exchange for
    /// colour may take `c` instead of `default` only if their ratings differ
    /// by 100 points or less.
    pub fn maxi_allows(&self, c: usize, default: usize) -> bool {
        !self.maxi || (self.players[c].rating - self.players[default].rating).abs() <= 100
    }

    /// Where a score lies relative to the median (`Lim 2.2`).
    pub fn against_median(&self, score: Points) -> Ordering {
        (4 * i64::from(score.tenths())).cmp(&self.median4)
    }

    /// Rank order: higher score first, then lower pairing number.
    pub fn rank_cmp(&self, a: usize, b: usize) -> Ordering {
        let (x, y) = (&self.players[a], &self.players[b]);
        y.score.cmp(&x.score).then(x.id.cmp(&y.id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn lim_5_due_colour_equalises_then_alternates() {
        assert_eq!(colour_due(&[], [false; 2]), None);
        assert_eq!(colour_due(&[W], barred_colours(&[W])), Some(B));
        assert_eq!(colour_due(&[W, B], barred_colours(&[W, B])), Some(W));
        // Lim 5.6: equalising before alternating.
        assert_eq!(colour_due(&[W, W, B], barred_colours(&[W, W, B])), Some(B));
        // Lim 5.3: two blacks in a row must be followed by white.
        assert_eq!(colour_due(&[W, B, B], barred_colours(&[W, B, B])), Some(W));
    }

    #[test]
    fn lim_5_1_barred_colours() {
        assert_eq!(barred_colours(&[W, W]), [true, false]);
        assert_eq!(barred_colours(&[W, W, W, W, B, B]), [true, true]);
        assert_eq!(barred_colours(&[B, W, W]), [true, false]);
        assert_eq!(barred_colours(&[B, B, W]), [false, false]);
        assert_eq!(barred_colours(&[B, W, B, B]), [false, true]);
    }
}
