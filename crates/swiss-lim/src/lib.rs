//! The FIDE Lim system (C.04.4.3) for the `swiss` workspace.
//!
//! # Example
//!
//! Read a tournament (here round 1 of a six-player event, in TRF), pair
//! the next round, print the boards:
//!
//! ```
//! let trf = "\
//! 012 Club championship
//! XXR 5
//! 001    1      Alder, Ann                        2100                             1.0          4 w 1
//! 001    2      Brook, Ben                        2050                             0.5          5 b =
//! 001    3      Crane, Cat                        1980                             0.0          6 w 0
//! 001    4      Drake, Dan                        1900                             0.0          1 b 0
//! 001    5      Elm, Eve                          1850                             0.5          2 w =
//! 001    6      Frost, Fay                        1800                             1.0          3 b 1
//! ";
//! let tournament = swiss_lim::trf::read(trf, "club.trf")?;
//! let pairing = swiss_lim::pair(&tournament, &swiss_lim::Options::default())?;
//! for p in &pairing.pairs {
//!     println!("{} - {}", p.white, p.black);
//! }
//! let boards: Vec<_> = pairing.pairs.iter().map(|p| (p.white, p.black)).collect();
//! assert_eq!(boards, [(2, 1), (6, 5), (4, 3)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Editions
//!
//! [`Options::edition`] selects the text: [`Edition::Fide2026`] (applied
//! from 1 February 2026, the default) or [`Edition::Fide1999`] (the 1987
//! text as amended up to the 1999 Executive Board, in force until 31
//! January 2026; `lim-c0443.txt`). The procedure is the same: the 2026
//! text renumbers lettered and bulleted items (2.3 a-d become 2.3.1-2.3.4,
//! 3.9's types 3.9.1, 5.1 a/b 5.1.1/5.1.2) and refers to the 2026 Basic
//! Rules, whose Art. 4 bars the PAB after a PAB or any round scored a
//! win's points without playing, a requested full-point bye included
//! ([`swiss_core::PlayerState::may_receive_pab`]); 1999 keeps C.04.1 d (a
//! PAB or a forfeit win). Messages and `--explain` print the ids of the
//! edition that pairs ([`Edition::rule`]); the rule ids in these docs are
//! the 1999 ones. The procedure is the same in both texts, so two readings
//! of it corrected in this release (issue 25: interpretations 5 and 8, the
//! floater exchanged by 4.4 a and 3.8's residents first) pair both
//! editions: earlier releases read the text wrongly there. TRF-2026 has no Lim tournament type: record 192
//! `FIDE_LIM` (also `FIDE_LIM_2026`, `FIDE_LIM_1999`) is a provisional code
//! of this workspace (see `swiss_systems::by_code`).
//!
//! # API
//!
//! The shape every system crate of the workspace shares (ARCHITECTURE.md,
//! "A system crate's API"): [`pair`] pairs the next round of a
//! [`Tournament`] (read one with [`trf::read`]) under [`Options`] (the
//! [`Edition`], the Maxi-tournament rule) and returns a [`Pairing`] or an
//! [`Error`] (the workspace's [`PairingError`]: input, no legal pairing,
//! unsupported, internal); [`Lim`] is the same engine as a
//! [`PairingSystem`]; [`pair_state`] pairs a [`RoundState`] already
//! derived.
//!
//! # The engine
//!
//! Start reading at [`pair_state`]: it turns a [`RoundState`] into a [`Pairing`].
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
//! ([`Options::maxi`]).
//!
//! # How the procedure is run
//!
//! Each choice of the text (who floats, who meets whom) takes the first
//! candidate in the text's order that leaves the rest of the score-group
//! pairable: this is what the exchanges of `Lim 4.2`-`4.4` amount to. A
//! first pass makes the choices without looking ahead and is kept when it
//! pairs everyone (the usual case: its choices are then the same). When it
//! gets stuck, its longest prefix after which the rest is still pairable is
//! kept and the remaining choices are redone with `swiss_matching`'s
//! [`CardinalityMatcher`](swiss_matching::CardinalityMatcher) answering
//! "can the rest still be paired?" (one augmenting-path search per
//! question). A blocked median score-group finds how many pairings to crack
//! by doubling and bisection, one matching per probe. No search is
//! exponential: a score-group of n players costs O(n²) compatibility tests
//! in the first pass, O(n²)-word searches per choice in the second.
//!
//! Evidence: `tests/rule_examples.rs` (the text's examples 4.2, 4.3, 4.4
//! a/b, 7.1, 7.2, 8.3), `tests/hand_worked.rs` (multi-round cases worked by
//! hand), `tests/interpretations.rs` (below), and `tests/reference.rs`: a
//! literal transcription of the procedure, written apart from the engine
//! (exhaustive depth-first search through the exchanges, no matching),
//! agrees with the engine on every round of 3,000 random small events
//! (forfeits, requested byes, absences, withdrawals, late entries): 2,000
//! under 2026 (9,291 rounds), 500 under 2026 with the Maxi option (2,317)
//! and 500 under 1999 (2,416); every round the engine leaves unpaired has
//! no legal pairing at all (brute force). Every pairing in the tests is
//! re-checked by `swiss_verify::Lim` (of its edition). Issue 25's
//! hand-made cases are in `tests/issue25.rs`, issue 43's (3.10's provisos,
//! 3.5 after 4.4 a, 3.8 among floaters, the pairs 4.4 a retains, and the
//! groups the text does not cover) in `tests/issue43.rs`.
//!
//! Speed (release build, 2 cores, `benches/pairing.rs`): a round of 1,000
//! players takes 0.5 ms (round 1) to 2 ms (round 11), 4 ms after a history
//! paired by a colour-blind pairer; 9,999 players 18 ms (round 1) and
//! 85 ms (round 11), 190 ms after the colour-blind history, at 14 MB peak
//! (`cargo xtask bench-event --system lim`). A 9,999-player round with no legal
//! pairing is reported within a few full-field matchings (seconds).
//!
//! # Explain mode
//!
//! With a `tracing` subscriber at `DEBUG` for target `swiss_lim`, every
//! score-group logs its residents and incoming floaters (DF/UF, score),
//! the floaters of `Lim 2.3 a-c` with their reason and `Lim 3.9` type, each
//! floater chosen with his type (and whether 3.10 or 3.2 weighed), each
//! pairing with every candidate passed over and why (met, colours barred,
//! same colour due, an exchange for colour beyond Maxi's 100 points
//! (`Lim 5.7`), the rest of the group unpairable (`Lim 4.3`, `4.4`)), the
//! better-placed floaters passed over because the rest would be
//! unpairable, every `Lim 2.6` crack, each pair's colours with the rule
//! that gave them, and the `Lim 6` exceptions. Rule ids are the edition's
//! (2026: `Lim 2.3.4`, `3.9.1`, ...).
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
//!    the second scrutiny (`Lim 5.2`) when possible: two players due the
//!    same colour are compatible (`interpretation_compatible_is_2_1_only`).
//!    In the last round (`Lim 6`) two players *with the same score* are
//!    compatible whenever they have not met; players of different scores
//!    still obey 5.1 a/b, since rule 6 only serves C.04.1 e's pairing of
//!    equal scores (`interpretation_last_round_keeps_colour_rules_across_scores`,
//!    `last_round_exception` in `tests/hand_worked.rs`).
//! 2. **The median score-group when nobody has half the points.** It is the
//!    group *at* the median score (half the rounds played times a win);
//!    when no player has that score it is empty and consists of the
//!    floaters that reach it from above and below (and of the players of
//!    cracked pairings, `Lim 2.6`). Groups above are paired downward, groups
//!    below upward, as always (`interpretation_empty_median_collects_both_floaters`).
//! 3. **3.3/3.4's "after excluding the opponents of other floaters".**
//!    Whether a candidate floater "has a compatible opponent" in the
//!    adjacent score-group (3.3, 3.4, and the types of 3.9) is judged after
//!    the floaters already known to leave the group (those of 2.3 a-c)
//!    that rank before him (higher score, then higher pairing number,
//!    downward; the mirror upward) take, in that order, the opponent
//!    `Lim 3.8` gives each there: the highest numbered compatible player
//!    due the other colour, else the highest numbered compatible player.
//!    The adjacent score-group is the next non-empty one in the pairing
//!    direction (`interpretation_3_3_excludes_opponents_of_earlier_floaters`).
//! 4. **How 2.6 cracks step by step.** While the median score-group cannot
//!    be paired completely, one more pairing is cracked and the median
//!    re-paired from scratch: with more floaters from above than from
//!    below, the pairing made last below the median (the next pairing of
//!    the lower score-group, nearest the median, then further down),
//!    otherwise the pairing made last above; a side with nothing left to
//!    crack yields to the other. With everything cracked the median holds
//!    everyone, so a round is left unpaired only if no legal pairing exists
//!    (`blocked_median_cracks_the_lower_group` in `tests/hand_worked.rs`,
//!    `interpretation_2_6_cracks_higher_when_floaters_balance`).
//! 5. **Who floats, and how many.** First the players with no compatible
//!    opponent in the group (`Lim 2.3 a-c`). An odd group then floats one
//!    player (`2.3 d`) chosen by `Lim 3.9` (a resident with a compatible
//!    opponent in the adjacent group, type d, before one without, type c;
//!    a floater who came in, b before a, only when no resident can go),
//!    then `Lim 3.2` (one due the colour more players are due; in
//!    Maxi-tournaments only within 100 points of the lowest numbered
//!    resident), then position (downward the lowest numbered, upward the
//!    highest numbered).
//!    - **`Lim 3.10` is a proviso on that choice, not a rank.** If the
//!      player chosen floated in the round just before, the next by the
//!      same order who is of type d and did not float replaces him,
//!      provided floating the replacement leaves the score-group as many
//!      pairings (the most pairings of the others, counted before any
//!      4.4 a exchange); otherwise he floats. Earlier releases ranked
//!      3.10 ahead of 3.2 and checked neither proviso
//!      (`lim_3_10_the_provisos_keep_the_floater_who_floated_before` in
//!      `tests/issue43.rs`).
//!    - **`Lim 4.4 a`, `3.5`.** When that floater leaves the others
//!      unpairable, the players are scrutinised in pairing order
//!      (floaters in, then residents) with him out, and the first one who
//!      cannot be paired while all those before him stay paired is
//!      exchanged with him, if his floating leaves the rest pairable
//!      (`lim_4_4_a_*` in `tests/rule_examples.rs`;
//!      `lim_floater_by_the_rules_among_those_who_leave_the_rest_pairable`
//!      in `tests/issue25.rs`). If that player has no compatible opponent
//!      in the adjacent score-group, `Lim 3.5` exchanges him in turn for
//!      the first player by 3.9 and 3.2 who has one (of a better 3.9 type)
//!      and whose floating leaves the rest pairable
//!      (`lim_3_5_the_floater_of_4_4_a_without_an_opponent_is_exchanged`).
//!      The pairs made for the players scrutinised before him are retained
//!      ("the original pairing ... is retained"), and the rest is paired
//!      after them; earlier releases paired the group again from scratch
//!      (`lim_4_4_a_retains_the_pairs_made_before_the_exchange`).
//!    - **Groups the text does not cover** are decided for the fewest
//!      floaters: no more players leave a group than it needs, as C.04.1's
//!      aim of pairing as many players as possible and 3.10's second
//!      proviso ask. A retained pair that would leave another player
//!      without an opponent is dropped, with those made after it, and the
//!      rest is paired by the procedure, rather than floating that player
//!      too (`lim_interpretation_5_retained_pairs_yield_to_a_complete_pairing`).
//!      When the 4.4 a exchange cannot make the group pairable, the next
//!      player by 3.9 and 3.2 whose floating does floats
//!      (`lim_interpretation_5_the_rules_next_choice_when_4_4_a_cannot_help`).
//!      When no single floater can make the group pairable, or an even
//!      group cannot be paired completely, `Lim 4.4`'s scrutiny decides:
//!      in pairing order, each player who cannot be paired while all those
//!      kept before him stay paired floats. This gives 4.4 a (#2 exchanged
//!      with #7) and 4.4 b (#2 with the lowest numbered player remaining)
//!      where they apply, and floats fewer players than 4.4 b read
//!      literally when its companion could be paired and another player
//!      could not (`lim_interpretation_5_an_even_group_floats_the_fewest`;
//!      `lim_4_4_*` in `tests/rule_examples.rs`; `floater_type_*`,
//!      `floated_last_round_is_not_floated_again` in
//!      `tests/hand_worked.rs`).
//!
//!    A floater with no compatible opponent in a group passes through it
//!    (`Lim 3.5`'s "otherwise"; `floaters_of_types_a_and_b_pass_through` in
//!    `tests/hand_worked.rs`); nobody floats past the median score-group.
//! 6. **Exchanges (4.1-4.3) as one sequence per player.** The top player
//!    (the bottom one upward, 4.1 b) tries the proposed opponent `n/2 + 1`,
//!    the rest of the bottom half downwards, then the top half upwards; the
//!    rest is re-proposed by 2.4. These are 4.2's and 4.3's tables; a choice
//!    stands only if the players still to pair can be paired (4.3's "must
//!    at the same time leave Player #1 with a compatible opponent")
//!    (`lim_4_2_*`, `lim_4_3_*` in `tests/rule_examples.rs`).
//! 7. **The second scrutiny for colour (5.2)** goes player by player in the
//!    same order: each takes the first opponent of his sequence who is
//!    compatible and not due the same colour, if the rest stays pairable,
//!    else the first compatible one; it does not minimise the conflicts of
//!    the whole group. In Maxi-tournaments the opponent taken for colour
//!    must be rated within 100 points of the first compatible opponent
//!    (`Lim 5.7`, `3.8`) (`interpretation_second_scrutiny_goes_player_by_player`).
//! 8. **Floaters are paired first (3.6-3.8)** with residents of the group;
//!    3.8's "highest/lowest numbered" follows the floater's direction (a DF
//!    takes the top of the group, a UF the bottom), which differs from the
//!    group's only in the median. Another floater is taken only when no
//!    resident can be, even if he is due the other colour and the
//!    residents are not (earlier releases took one list of residents then
//!    floaters, the colour pass over all of them): 3.8's "player available" is one of the
//!    score-group, colour only orders them
//!    (`interpretation_uf_in_median_takes_the_bottom`;
//!    `lim_3_8_floater_takes_a_resident_before_another_floater` in
//!    `tests/issue25.rs`). The other floater is then the highest numbered
//!    available by pairing number (a DF) or the lowest numbered (a UF),
//!    not the first in the floaters' pairing order of 3.6/3.7
//!    (`lim_3_8_a_floater_takes_the_highest_numbered_floater` in
//!    `tests/issue43.rs`).
//! 9. **Colour due.** The colour a player must have (`Lim 5.3`), else the
//!    equalising colour when whites and blacks differ (5.6, C.04.1 h), else
//!    the alternate colour (5.5); none before the first game. `Lim 5.4`'s
//!    history compares the two players' played colours backwards from each
//!    one's last game; at the latest difference the player who had the
//!    other colour gets the colour both are due; identical histories favour
//!    the higher ranked (the lower ranked below the median). Two players
//!    without games after round one are treated as in 7.2, by the favoured
//!    player's position (`interpretation_colours_by_history_then_rank`, a
//!    unit test in `colour.rs`).
//! 10. **The bye (1.1).** The lowest ranked player of the lowest
//!     score-group among those eligible (C.04.1 d), passing over players
//!     whose bye would leave the rest unpairable
//!     (`interpretation_bye_skips_a_player_whose_bye_blocks_the_round`).
//! 11. **Floated the round before (3.10)**: paired (played or forfeited)
//!     with an opponent of a different score in the previous round; a bye
//!     or absence is no float (`floated_last_round_is_not_floated_again` in
//!     `tests/hand_worked.rs`). 3.10 protects him only from the float of
//!     2.3 d, under its provisos (interpretation 5).
//! 12. **Numbers in round one (7.2)** are positions in the list of players
//!     paired, so absent players are skipped
//!     (`lim_7_1_odd_first_round_bye_to_the_lowest` in `tests/rule_examples.rs`).
//! 13. **The colour drawn for player 1 (7.2)**, when the file does not say
//!     it (`XXC`), is read back from a recorded round 1: the one colour
//!     that reproduces its colours
//!     (`interpretation_initial_colour_is_read_back_from_round_1`).
//! 14. **The PAB bar (2026).** Lim 1.1 adds to the Basic Rules only the
//!     choice among eligible players, so the 2026 Basic Rules' Art. 4
//!     reaches Lim: a requested full-point bye bars the PAB under 2026, not
//!     under 1999 (`lim_2026_full_point_bye_bars_the_pab` in
//!     `tests/issue25.rs`).
//! 15. **The 2026 numbering** of items the 2026 page could not be read for
//!     (`lim-2026-changes.md` §6): 3.2's second paragraph (equalise the
//!     colours due) is printed as 3.2.2, 3.9's types as 3.9.1, 4.4 a/b as
//!     4.4.1/4.4.2, the last-round exception's Basic Rule as Art. 5; the
//!     map is [`Edition::rule`] (`rule_ids_follow_the_article_map` in
//!     `edition.rs`, `lim_2026_explain_uses_the_2026_numbering`).
//! 16. **Acceleration with 2026 texts** (C.04.7 2026 declares it for every
//!     system): the pairing score forms the score-groups as before; the
//!     median score-group stays at half the rounds played times a win
//!     (the unaccelerated value, as before).

/// The README's example, compiled and run as a doctest so that it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

mod colour;
mod compare;
mod edition;
mod explain;
mod group;
mod player;
mod round;

pub use edition::{Edition, ParseEditionError};
pub use swiss_core::{
    Colour, Pair, Pairing, PairingError, PairingSystem, Points, RoundState, StartNo, Tournament,
    trf,
};

/// Why a round could not be paired: the workspace's one error shape (see
/// [`PairingError`] for what each kind means).
pub type Error = PairingError;

/// Options of the Lim engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The text that pairs: 2026 (the default, in force since 1 February
    /// 2026) or 1999 (the 1987 text as amended up to 1999).
    pub edition: Edition,
    /// A Maxi-tournament (`Lim 3.2`, `3.8`, `5.7`): floaters chosen for
    /// colour, and exchanges made for colour, must stay within 100 rating
    /// points of the player the procedure would otherwise take. Off by
    /// default.
    pub maxi: bool,
}

impl Options {
    /// Every option at its default (usable in `const` items).
    pub const DEFAULT: Options = Options {
        edition: Edition::Fide2026,
        maxi: false,
    };

    /// These options with the given edition.
    pub const fn with_edition(mut self, edition: Edition) -> Options {
        self.edition = edition;
        self
    }

    /// These options with the Maxi-tournament rule (`Lim 3.2`) on or off.
    pub const fn with_maxi(mut self, maxi: bool) -> Options {
        self.maxi = maxi;
        self
    }
}

/// Why the engine stopped, before it becomes an [`Error`] of the round.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum LimError {
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

impl LimError {
    /// The workspace's error for round `round`: a failed invariant is a
    /// bug ([`Error::Internal`]).
    fn into_error(self, round: u32) -> Error {
        match self {
            LimError::NoLegalPairing { reason } => Error::NoLegalPairing { round, reason },
            e @ LimError::Internal(_) => Error::Internal {
                round,
                reason: e.to_string(),
            },
        }
    }
}

/// Pairs round [`Tournament::next_round`] of `t` with the Lim system
/// (C.04.4.3): what [`Lim`] does as a [`PairingSystem`]. The initial
/// colour is `XXC` when the file gives it, else read back from a recorded
/// round 1 (`Lim 7.2`).
pub fn pair(t: &Tournament, options: &Options) -> Result<Pairing, Error> {
    Lim::new(options.clone()).pair(t)
}

/// Pairs the round described by `state` with the Lim system (C.04.4.3):
/// the lower-level entry under [`pair`], for a state already derived (its
/// initial colour as given).
///
/// The players with `to_pair` are paired; the result has the pairs with
/// colours (`Lim 5`, `7.2`) in the published board order, and the
/// pairing-allocated bye (`Lim 1.1`).
pub fn pair_state(state: &RoundState, options: &Options) -> Result<Pairing, Error> {
    pair_round(state, options).map_err(|e| e.into_error(state.round))
}

fn pair_round(state: &RoundState, options: &Options) -> Result<Pairing, LimError> {
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
            if !field.p(w).may_get(Colour::White) || !field.p(b).may_get(Colour::Black) {
                tracing::debug!(
                    target: "swiss_lim",
                    white = field.p(w).id,
                    black = field.p(b).id,
                    "Lim 6: last round, equal scores: paired although {} is broken",
                    field.edition.rule("5.1 a/b")
                );
            }
        }
        out.pairs.push(Pair {
            white: field.p(w).id,
            black: field.p(b).id,
        });
    }
    if let Some(b) = out.bye {
        tracing::debug!(
            target: "swiss_lim",
            bye = b,
            "Lim 1.1: pairing-allocated bye (eligible by {})",
            field.edition.bye_rule()
        );
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
    let field = player::Field::new(state, &Options::DEFAULT);
    let all: Vec<usize> = (0..field.players.len()).collect();
    round::layout(&field, &all).order()
}

/// The Lim system as a [`PairingSystem`] (for the CLI, the checker and the
/// generator).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lim {
    /// The options every round is paired with.
    pub options: Options,
}

impl Lim {
    /// The 2026 text (the default).
    pub const FIDE_2026: Lim = Lim::new(Options::DEFAULT.with_edition(Edition::Fide2026));
    /// The 1999 text.
    pub const FIDE_1999: Lim = Lim::new(Options::DEFAULT.with_edition(Edition::Fide1999));

    /// The system with `options`.
    pub const fn new(options: Options) -> Lim {
        Lim { options }
    }
}

impl PairingSystem for Lim {
    fn name(&self) -> &'static str {
        "lim"
    }

    /// The first rule that prefers the engine's pairing, from the
    /// decisions the score-groups record as they make them: the bye
    /// (`Lim 1.1`), else the first decision the proposal does not follow
    /// (how many float, `Lim 2.3 d`/`4.4`; which, `3.9`, `3.10`, `3.2`;
    /// each opponent, `5.2` then the order of `4.1`-`4.3` or `3.8`), else
    /// the colour rule of the first board whose colours differ (`Lim 5`,
    /// `7.2`).
    fn separate(&self, t: &Tournament, proposed: &Pairing) -> Option<swiss_core::Separation> {
        compare::separate(&RoundState::next(t), &self.options, proposed)
            .ok()
            .flatten()
    }

    /// The arbiter's account of the round, from the lines the engine
    /// writes where it decides: the bye (`Lim 1.1`), each score-group
    /// (`Lim 2.2`-`4.4`, `5.2`), the colours (`Lim 5`, `7.2`); with
    /// `player`, only what decided his.
    fn explain(&self, t: &Tournament, player: Option<StartNo>) -> Option<Result<String, Error>> {
        let state = RoundState::next(t);
        Some(explain::explain(&state, &self.options, player).map_err(|e| e.into_error(state.round)))
    }

    /// `XXC`, or read back from a recorded round 1 (`Lim 7.2`: its colours
    /// follow from the colour drawn for player 1).
    fn initial_colour(&self, t: &Tournament) -> Option<Colour> {
        t.initial_colour
            .or_else(|| swiss_core::infer_initial_colour(self, t))
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, Error> {
        pair_state(&RoundState::next(t), &self.options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failed invariant is a bug ([`Error::Internal`], CLI exit 2), not
    /// "unsupported" (exit 3) as before.
    #[test]
    fn engine_errors_keep_their_kind() {
        let bug = LimError::Internal("odd median score-group".into()).into_error(4);
        assert!(matches!(bug, Error::Internal { round: 4, .. }), "{bug:?}");
        let none = LimError::NoLegalPairing {
            reason: "1 2".into(),
        }
        .into_error(4);
        assert!(matches!(none, Error::NoLegalPairing { .. }), "{none:?}");
    }
}
