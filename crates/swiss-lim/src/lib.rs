//! The FIDE Lim system (C.04.4.3) for the `swiss` workspace.
//!
//! Start reading at [`pair`]: it turns a [`RoundState`] into a [`Pairing`].
//! The Lim text is a procedure an arbiter follows by hand, and the engine
//! follows it step by step, one function per article:
//!
//! - `player.rs`: the facts the rules ask about each player, derived once:
//!   the colour due (`Lim 5.1`, `5.5`, `5.6`), the colours barred
//!   (`Lim 5.1 a/b`), whether he floated the round before (`Lim 3.10`),
//!   bye eligibility (C.04.1 d), and compatibility (`Lim 2.1`, `Lim 6`).
//! - `round.rs`: the bye (`Lim 1.1`, `7.1`), the score-groups and their
//!   order (`Lim 2.2`, `8.3`), the blocked median score-group (`Lim 2.6`).
//! - `group.rs`: one score-group: floaters for the reasons of `Lim 2.3`,
//!   their choice (`Lim 3.2`-`3.5`, `3.9`, `3.10`, `4.4`), the floaters
//!   paired first (`Lim 3.6`-`3.8`), then the proposed pairings and their
//!   exchanges (`Lim 2.4`, `2.5`, `4.1`-`4.3`) with the second scrutiny for
//!   colour (`Lim 5.2`, `5.7`).
//! - `colour.rs`: the colours of each pairing (`Lim 5.3`-`5.6`, `7.2`).
//!
//! Supported: requested byes and absences, withdrawals and late entries
//! (players not to be paired are left out; a late entry has no colour
//! due), forfeits (not meetings and no colour, C.04.2 D.5/D.6; a forfeit
//! win bars the bye, C.04.1 d), forbidden pairs (`XXP`, treated as players
//! who have met), accelerations (`XXA`: the pairing score forms the
//! score-groups), any point system (the median is half the rounds played
//! times the points of a win), and the Maxi-tournament option
//! ([`LimOptions::maxi`]).
//!
//! # How the procedure is run
//!
//! Each choice of the text (who floats, who meets whom) takes the first
//! candidate in the text's order that leaves the rest of the score-group
//! pairable: this is what the exchanges of `Lim 4.2`-`4.4` amount to, and it
//! is checked against a literal transcription of the procedure on
//! thousands of random small tournaments (`tests/reference.rs`). A first
//! pass makes the choices without looking ahead and is kept when it pairs
//! everyone (the usual case); otherwise the choices after which the rest
//! is no longer pairable are redone with `swiss_matching`'s
//! [`CardinalityMatcher`](swiss_matching::CardinalityMatcher) answering
//! "can the rest still be paired?". No search is exponential: a score-group
//! of n players costs O(n²) compatibility tests in the first pass and a
//! few O(n²)-word augmenting-path searches per choice in the second.
//!
//! # Explain mode
//!
//! With a `tracing` subscriber at `DEBUG` for target `swiss_lim`, every
//! score-group logs its residents and incoming floaters (DF/UF, score),
//! the floaters of `Lim 2.3 a-c` with their reason, each floater chosen
//! with his `Lim 3.9` type, each pairing with the candidates passed over
//! and why, every `Lim 2.6` crack, and each pair's colours with the rule
//! that gave them.
//!
//! # Rule interpretations
//!
//! The named tests are in `tests/interpretations.rs` unless said otherwise.
//!
//! 1. **Compatible, when 2.1 and 5.1 disagree.** `Lim 2.1` makes
//!    compatibility absolute: two players are compatible when they have not
//!    met (nor are forbidden by `XXP`) and *some* colour allocation gives
//!    neither the same colour three times running nor three more of one
//!    colour. `Lim 5.1`'s alternation and equalisation are wishes, served by
//!    the second scrutiny (`Lim 5.2`) when possible; two players due the
//!    same colour are compatible (`interpretation_compatible_is_2_1_only`).
//!    In the last round (`Lim 6`) two players *with the same score* are
//!    compatible whenever they have not met; a pair of different scores
//!    still obeys 5.1 a/b, since rule 6 only serves C.04.1 e's pairing of
//!    equal scores (`last_round_exception` in `tests/hand_worked.rs`,
//!    `interpretation_last_round_keeps_colour_rules_across_scores`).
//! 2. **The median score-group when nobody has half the points.** The median
//!    score-group is the group *at* the median score (half the rounds played
//!    times a win); when no player has that score it is empty and consists
//!    only of the floaters that reach it from above and below (and of the
//!    players of cracked pairings, `Lim 2.6`). Groups above are paired
//!    downward, groups below upward
//!    (`interpretation_empty_median_collects_both_floaters`).
//! 3. **3.3/3.4's "after excluding the opponents of other floaters".**
//!    Whether a candidate floater "has a compatible opponent" in the
//!    adjacent score-group (3.3, 3.4, and the types of 3.9) is judged after
//!    the floaters ranked before him (higher score, then higher pairing
//!    number, downward; the mirror upward) take, in that order, the opponent
//!    `Lim 3.8` gives each in the adjacent group: the highest numbered
//!    compatible player due the alternate colour, else the highest numbered
//!    compatible player. The adjacent group is the next non-empty group in
//!    the pairing direction (`interpretation_3_3_excludes_opponents_of_earlier_floaters`).
//! 4. **How 2.6 cracks step by step.** When the median score-group cannot be
//!    paired completely, one pairing is cracked and the median re-paired from
//!    scratch, repeatedly: with more floaters from above than from below,
//!    the pairing made last below the median (the next pairing of the lower
//!    score-group, nearest the median), else the pairing made last above; a
//!    side with nothing left to crack yields to the other. When everything
//!    is cracked the median holds everyone, so a round is left unpaired only
//!    if no legal pairing exists (`blocked_median_cracks_the_lower_group` in
//!    `tests/hand_worked.rs`, `interpretation_2_6_cracks_higher_when_floaters_balance`).
//! 5. **Who floats, and how many.** A score-group floats as few players as
//!    possible: those with no compatible opponent (`Lim 2.3 a-c`), then one
//!    at a time the best of those whose floating leaves the others pairable
//!    (`Lim 2.3 d`, `3.1`, `4.4`), by `Lim 3.9`'s types (float d before c
//!    before b before a), then, when the group is odd (`2.3 d`), `Lim 3.10`
//!    (not one who floated the round before), then `Lim 3.2` (one due the
//!    colour more players are due; in Maxi-tournaments only within 100
//!    points of the positional choice), then position (downward the lowest
//!    numbered, upward the highest numbered). This reproduces 4.4 a and b
//!    (`lim_4_4_a_*`, `lim_4_4_b_*` in `tests/rule_examples.rs`). A floater
//!    with no compatible opponent in the next group passes through it
//!    (`Lim 3.5`), and nobody floats past the median score-group
//!    (`interpretation_floater_passes_through_a_group`).
//! 6. **Exchanges (4.1-4.3) as one sequence per player.** The top player
//!    (the bottom one upward) tries the proposed opponent `n/2 + 1`, the
//!    rest of the bottom half downwards, then the top half upwards; the rest
//!    is re-proposed by 2.4. This is 4.2's and 4.3's tables; a choice is
//!    kept only if the players still to pair can be paired (4.3/4.4).
//! 7. **The second scrutiny for colour (5.2).** Made player by player in
//!    the same order: each takes the first opponent of his sequence who is
//!    compatible and not due the same colour, if that leaves the rest
//!    pairable, else the first compatible one. In Maxi-tournaments the
//!    colour exchange must not move more than 100 rating points from the
//!    first compatible opponent (`Lim 5.7`, `3.8`)
//!    (`interpretation_second_scrutiny_goes_player_by_player`).
//! 8. **Floaters are paired first (3.6-3.8)** with residents of the group;
//!    3.8's "highest/lowest numbered" follows the floater's direction (a DF
//!    takes the top of the group, a UF the bottom), which differs from the
//!    group's only in the median. Another floater is taken only when no
//!    resident can be (`interpretation_uf_in_median_takes_the_bottom`).
//! 9. **Colour due.** The colour a player must have (`Lim 5.3`), else the
//!    equalising colour when whites and blacks differ (5.6, C.04.1 h), else
//!    the alternate colour (5.5); none before the first game. `Lim 5.4`'s
//!    history compares the two players' played colours backwards from each
//!    one's last game; at the latest difference the player who had the
//!    other colour gets the colour both are due; identical histories favour
//!    the higher ranked (the lower ranked below the median). Two players
//!    without games after round one are treated as in 7.2
//!    (`interpretation_colours_by_history_then_rank`).
//! 10. **The bye (1.1).** The lowest ranked player of the lowest
//!     score-group among those eligible (C.04.1 d), passing over players
//!     whose bye would leave the rest unpairable
//!     (`interpretation_bye_skips_a_player_whose_bye_blocks_the_round`).
//! 11. **Floated the round before (3.10)**: paired (played or forfeited)
//!     with an opponent of a different score in the previous round; a bye or
//!     absence is no float (`floated_last_round_is_not_floated_again` in
//!     `tests/hand_worked.rs`).

mod colour;
mod group;
mod player;
mod round;

pub use swiss_core::{Pair, Pairing, PairingError, PairingSystem, Points, RoundState, Tournament};

/// Options of the Lim engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LimOptions {
    /// A Maxi-tournament (`Lim 3.2`, `3.8`, `5.7`): floaters chosen for
    /// colour, and exchanges made for colour, must stay within 100 rating
    /// points of the player the procedure would otherwise take. Off by
    /// default.
    pub maxi: bool,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LimError {
    /// No pairing satisfies `Lim 2.1` and C.04.1 (the arbiter decides).
    #[error("no legal pairing: {reason}")]
    NoLegalPairing {
        /// Which players could not be placed, and why.
        reason: String,
    },
    /// An internal invariant failed: a bug, please report the input.
    #[error("internal error in the Lim engine: {0}")]
    Internal(String),
}

/// Pairs the round described by `state` with the Lim system (C.04.4.3).
///
/// The players with `to_pair` are paired; the result has the pairs with
/// colours (`Lim 5`, `7.2`) in the published board order, and the
/// pairing-allocated bye (`Lim 1.1`).
pub fn pair(state: &RoundState, options: &LimOptions) -> Result<Pairing, LimError> {
    let field = player::Field::new(state, options);
    let (bye, made) = round::pair_all(&field)?;
    let mut out = Pairing {
        round: state.round,
        pairs: Vec::with_capacity(made.len()),
        bye: bye.map(|b| field.p(b).id),
    };
    let explain = tracing::enabled!(target: "swiss_lim", tracing::Level::DEBUG);
    for m in made {
        let (w, b, why) = colour::allocate(&field, m.a, m.b, m.lower_half);
        if explain {
            tracing::debug!(
                target: "swiss_lim",
                white = field.p(w).id,
                black = field.p(b).id,
                reason = ?why,
                "Lim 5: colours"
            );
        }
        out.pairs.push(Pair {
            white: field.p(w).id,
            black: field.p(b).id,
        });
    }
    if let Some(b) = out.bye {
        tracing::debug!(target: "swiss_lim", bye = b, "Lim 1.1: pairing-allocated bye");
    }
    out.sort_boards(state);
    Ok(out)
}

/// `Lim 2.2` / `8.3`: the scores of the score-groups of `state`'s players
/// to pair, in the order they are paired: from the highest down to just
/// above the median, then from the lowest up, the median score-group last
/// (listed even when nobody has the median score). The bye player, not yet
/// chosen, is included.
pub fn score_group_order(state: &RoundState) -> Vec<Points> {
    let field = player::Field::new(state, &LimOptions::default());
    let all: Vec<usize> = (0..field.players.len()).collect();
    round::layout(&field, &all).order()
}

/// The Lim system as a [`PairingSystem`] (for the CLI, the checker and the
/// generator).
#[derive(Clone, Copy, Debug, Default)]
pub struct Lim {
    /// The options every round is paired with.
    pub options: LimOptions,
}

impl PairingSystem for Lim {
    fn name(&self) -> &'static str {
        "lim"
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
        let state = RoundState::next(t);
        pair(&state, &self.options).map_err(|e| match e {
            LimError::NoLegalPairing { reason } => PairingError::NoLegalPairing {
                round: state.round,
                reason,
            },
            other => PairingError::Unsupported {
                round: state.round,
                reason: other.to_string(),
            },
        })
    }
}
