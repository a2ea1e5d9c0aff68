//! The facts of Dubov section A about each player, derived once per round
//! from the [`RoundState`], each in one place: the rating (A.1), the
//! initial ranking (A.2), the colour preference (A.5), the ARO (A.6) and
//! the upfloat history (A.7).

use std::cmp::Reverse;

use swiss_core::{Colour, PlayerState, Points, RoundState, StartNo};

use crate::{DubovError, Edition, Options};

/// How strongly a player wants his colour (Dubov A.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    /// A.5.c (colour difference zero) and A.5.d (no game played yet).
    Mild,
    /// A.5.b: colour difference +1 or -1.
    Strong,
    /// A.5.a: colour difference beyond ±1, or the same colour twice running.
    Absolute,
}

/// A colour preference (due colour) and its strength (Dubov A.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preference {
    /// The colour wanted.
    pub colour: Colour,
    /// How much.
    pub strength: Strength,
}

/// `Dubov A.5`: the colour preference from the colours of the played games
/// (oldest first; C.04.2 D.5: unplayed rounds do not count).
///
/// Every player has one: a player without games a mild preference for
/// black (A.5.d). When the colour difference and the last two games point
/// at different colours (a difference of +2 reached before two blacks, say),
/// the colour difference decides (interpretation 3 of the crate docs).
pub(crate) fn colour_preference(colours: &[Colour]) -> Preference {
    let diff: i32 = colours
        .iter()
        .map(|c| if *c == Colour::White { 1 } else { -1 })
        .sum();
    let pref = |colour, strength| Preference { colour, strength };
    if diff > 1 {
        return pref(Colour::Black, Strength::Absolute);
    }
    if diff < -1 {
        return pref(Colour::White, Strength::Absolute);
    }
    if let [.., a, b] = colours
        && a == b
    {
        return pref(a.opposite(), Strength::Absolute);
    }
    match (diff, colours.last()) {
        (1, _) => pref(Colour::Black, Strength::Strong),
        (-1, _) => pref(Colour::White, Strength::Strong),
        (_, Some(last)) => pref(last.opposite(), Strength::Mild),
        (_, None) => pref(Colour::Black, Strength::Mild),
    }
}

/// `Dubov A.7`: MaxT = 2 + [Rnds / 5], from the planned number of rounds.
pub(crate) fn max_upfloats(planned_rounds: u32) -> u32 {
    2 + planned_rounds / 5
}

/// The initial colour drawn before round 1 (`XXC`), read in one place so a
/// change of how the state carries it touches this function only.
pub(crate) fn initial_colour(state: &RoundState) -> Colour {
    state.initial_colour
}

/// One player to be paired this round, with everything the Dubov rules ask
/// about him.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    /// Start number.
    pub id: StartNo,
    /// Score forming the scoregroups: points plus acceleration (`XXA`).
    pub score: Points,
    /// Place in the initial ranking list of A.2 (0 = highest ranked).
    pub rank: u32,
    /// The pairing number E.0 looks at (1-based; interpretation 11).
    pub pairing_no: u32,
    /// `Dubov A.6` average rating of the opponents met over the board.
    pub aro: u32,
    /// `Dubov A.5` colour preference.
    pub pref: Preference,
    /// Colours of the played games, oldest first (C.04.2 D.5).
    pub colours: Vec<Colour>,
    /// Games played over the board (B.0 criterion 4).
    pub games: u32,
    /// Times upfloated so far (A.7).
    pub upfloats: u32,
    /// Whether he was upfloated in the previous round (C.10).
    pub upfloated_last: bool,
    /// Whether he may receive the pairing-allocated bye (2018: B.0.1,
    /// C.2; 2026: 3.1.1, [C2]).
    pub bye_eligible: bool,
}

impl Player {
    /// Whether he has yet to play a game (B.3, E.0, A.5.d).
    pub fn no_games(&self) -> bool {
        self.colours.is_empty()
    }
}

/// The round as the Dubov rules see it.
#[derive(Clone, Debug)]
pub(crate) struct Round {
    /// Whether it is the last planned round (C.8-C.10 are skipped).
    pub last: bool,
    /// `Dubov A.7` MaxT.
    pub max_t: u32,
    /// The initial colour (E.0).
    pub initial_colour: Colour,
    /// The text that pairs: its PAB bar and its rule ids.
    pub edition: Edition,
    /// The players to pair, in pairing order: score descending, then
    /// initial ranking (the order of D.1's sequence numbers).
    pub players: Vec<Player>,
}

impl Round {
    /// Derives the round's facts; fails on an unrated player without a
    /// provisional rating (A.1) or a missing number of rounds (A.7).
    pub fn new(state: &RoundState, options: &Options) -> Result<Round, DubovError> {
        let planned = state
            .planned_rounds
            .ok_or(DubovError::MissingPlannedRounds {
                rule: options.edition.rule("A.7"),
            })?;
        let ratings = ratings(state, options)?;
        let ranks = initial_ranking(state, &ratings);
        let numbers = pairing_numbers(state, &ranks);
        let mut players = Vec::new();
        for (i, p) in state.players.iter().enumerate().filter(|(_, p)| p.to_pair) {
            let (upfloats, upfloated_last) = upfloat_history(state, p);
            players.push(Player {
                id: p.start_no,
                score: p.pairing_score(),
                rank: ranks[i],
                pairing_no: numbers[i],
                aro: aro(state, p, &ratings)?,
                pref: colour_preference(&p.colours),
                colours: p.colours.clone(),
                games: u32::try_from(p.met.len()).unwrap_or(u32::MAX),
                upfloats,
                upfloated_last,
                bye_eligible: may_get_bye(state, p, options.edition),
            });
        }
        players.sort_by_key(|p| (Reverse(p.score), p.rank));
        Ok(Round {
            last: state.round == planned,
            max_t: max_upfloats(planned),
            initial_colour: initial_colour(state),
            edition: options.edition,
            players,
        })
    }

    /// Whether `i` is a maximum upfloater (A.7).
    pub fn is_max_upfloater(&self, i: usize) -> bool {
        self.players[i].upfloats >= self.max_t
    }
}

/// Whether `p` may receive the pairing-allocated bye.
///
/// 2018 (B.0.1, C.2, as C.04.1 d): not after a PAB or a forfeit win.
///
/// 2026 ([C2] with Basic Rules Art. 4, read by 3.1.1): not after a PAB
/// or any round scored a win's points without playing, a requested
/// full-point bye (`F`) included. 3.1.1 still names only "a PAB or a
/// (forfeit) win", but it points to [C2], an absolute criterion, which
/// refers to Art. 4: the narrower wording is read as a stale paraphrase
/// (interpretation 20 of the crate docs).
fn may_get_bye(state: &RoundState, p: &PlayerState, edition: Edition) -> bool {
    match edition {
        Edition::Fide2026 => p.may_receive_pab(&state.point_system),
        Edition::Fide2018 => !p.had_bye_or_forfeit_win,
    }
}

/// `Dubov A.1`: every player's rating, by index into `state.players`: the
/// override if given, else the file's rating, else the default. Every
/// player of the file needs one (the ARO reads the ratings of withdrawn
/// opponents too).
fn ratings(state: &RoundState, options: &Options) -> Result<Vec<u16>, DubovError> {
    let mut missing = Vec::new();
    let ratings = state
        .players
        .iter()
        .map(|p| {
            let r = options
                .rating_overrides
                .get(&p.start_no)
                .copied()
                .or(p.rating)
                .or(options.default_rating);
            if r.is_none() {
                missing.push(p.start_no);
            }
            r.unwrap_or(0)
        })
        .collect();
    if missing.is_empty() {
        Ok(ratings)
    } else {
        Err(DubovError::UnratedPlayers {
            start_nos: missing,
            rule: options.edition.rule("A.1"),
        })
    }
}

/// `Dubov A.2` with C.04.2 B: the place of each player (by index into
/// `state.players`) in the initial ranking list. Up to the pairing of
/// round 4 the list is re-sorted by rating (ties keep the start-number
/// order, which holds titles and names); from round 5 on the pairing
/// numbers are frozen and the start numbers are the list.
fn initial_ranking(state: &RoundState, ratings: &[u16]) -> Vec<u32> {
    let mut order: Vec<usize> = (0..state.players.len()).collect();
    if state.round <= 4 {
        order.sort_by_key(|&i| (Reverse(ratings[i]), state.players[i].start_no));
    }
    let mut rank = vec![0; order.len()];
    for (k, &i) in order.iter().enumerate() {
        rank[i] = u32::try_from(k).unwrap_or(u32::MAX);
    }
    rank
}

/// The pairing numbers of E.0 (with C.04.2 B/C): places in the initial
/// ranking counting only the players in the tournament at this round
/// (paired before, or to be paired now); a late entry not yet arrived holds
/// no number. Zero for players not in the tournament yet.
fn pairing_numbers(state: &RoundState, ranks: &[u32]) -> Vec<u32> {
    let mut order: Vec<usize> = (0..state.players.len()).collect();
    order.sort_by_key(|&i| ranks[i]);
    let mut numbers = vec![0; ranks.len()];
    let mut next = 0;
    for i in order {
        let p = &state.players[i];
        if p.to_pair || p.history.iter().any(|h| h.entry.is_paired()) {
            next += 1;
            numbers[i] = next;
        }
    }
    numbers
}

/// `Dubov A.6`: the average rating of the opponents met over the board,
/// rounded to the nearest integer, halves up; zero before the first game.
fn aro(state: &RoundState, p: &PlayerState, ratings: &[u16]) -> Result<u32, DubovError> {
    let mut sum: u64 = 0;
    for &o in &p.met {
        let j = state
            .players
            .binary_search_by_key(&o, |q| q.start_no)
            .map_err(|_| {
                DubovError::internal(&format!("opponent {o} of {} is not a player", p.start_no))
            })?;
        sum += u64::from(ratings[j]);
    }
    let n = p.met.len() as u64;
    if n == 0 {
        return Ok(0);
    }
    // Half up: floor((2 sum + n) / 2n); every rating fits in u16, so does this.
    Ok(u32::try_from((2 * sum + n) / (2 * n)).unwrap_or(u32::MAX))
}

/// `Dubov A.7` and C.10: how often the player was upfloated, and whether in
/// the previous round. A round counts when the player was paired with an
/// opponent whose score (with acceleration) before that round was higher,
/// whether or not the game was then played (interpretation 5).
fn upfloat_history(state: &RoundState, p: &PlayerState) -> (u32, bool) {
    let mut count = 0;
    let mut last = false;
    let previous = (state.round as usize).checked_sub(2);
    for (r, h) in p.history.iter().enumerate() {
        let Some(o) = h.entry.opponent else { continue };
        let theirs = state
            .player(o)
            .and_then(|q| q.history.get(r))
            .map(|q| q.score_before);
        if theirs.is_some_and(|s| s > h.score_before) {
            count += 1;
            last |= Some(r) == previous;
        }
    }
    (count, last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    fn pref(c: &[Colour]) -> (Colour, Strength) {
        let p = colour_preference(c);
        (p.colour, p.strength)
    }

    #[test]
    fn a5_colour_preferences() {
        assert_eq!(pref(&[]), (B, Strength::Mild));
        assert_eq!(pref(&[W, B]), (W, Strength::Mild));
        assert_eq!(pref(&[B, W]), (B, Strength::Mild));
        assert_eq!(pref(&[W]), (B, Strength::Strong));
        assert_eq!(pref(&[B, W, B]), (W, Strength::Strong));
        assert_eq!(pref(&[W, W]), (B, Strength::Absolute));
        assert_eq!(pref(&[W, B, B]), (W, Strength::Absolute));
        assert_eq!(pref(&[W, B, W, W]), (B, Strength::Absolute));
        // Colour difference -2 without two blacks running.
        assert_eq!(pref(&[B, W, B, B, W, B]), (W, Strength::Absolute));
        // Difference +2 but the last two were black: the difference decides.
        assert_eq!(pref(&[W, W, W, W, B, B]), (B, Strength::Absolute));
    }

    #[test]
    fn a7_max_t() {
        assert_eq!(max_upfloats(4), 2);
        assert_eq!(max_upfloats(5), 3);
        assert_eq!(max_upfloats(9), 3);
        assert_eq!(max_upfloats(11), 4);
    }
}
