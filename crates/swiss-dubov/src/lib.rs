//! The FIDE Dubov system (C.04.4.1: the 2026 text, the default, and the
//! 2018 one) for the `swiss` workspace.
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
//! let tournament = swiss_dubov::trf::read(trf, "club.trf")?;
//! let pairing = swiss_dubov::pair(&tournament, &swiss_dubov::Options::default())?;
//! for p in &pairing.pairs {
//!     println!("{} - {}", p.white, p.black);
//! }
//! let boards: Vec<_> = pairing.pairs.iter().map(|p| (p.white, p.black)).collect();
//! assert_eq!(boards, [(6, 1), (2, 3), (4, 5)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Editions
//!
//! [`Options::edition`] selects the text: [`Edition::Fide2026`]
//! (approved 28/10/2025, applied from 1 February 2026, Articles 0-5) or
//! [`Edition::Fide2018`] (sections A-E, `dubov-c0441.txt`). The procedure is
//! the 2018 one in both (`dubov-2026-changes.md` §3: the 2026 changes to
//! D.1/4.2, \[C6\], 3.1.5 and the TPN wording order the same sets). What
//! differs: the PAB bar (\[C2\], 3.1.1) is the 2026 Basic Rules' Art. 4
//! ([`swiss_core::PlayerState::may_receive_pab`]: a PAB, or any round
//! scored a win's points without playing, a requested full-point bye
//! included) against 2018's C.2 (a PAB or a forfeit win); and errors and
//! `--explain` cite the edition's rule ids ([`Edition::rule`], the article
//! map of `dubov-2026-changes.md` §1: B.0 is 3.1, B.1-B.6 are 3.2.1-3.2.6,
//! A.1 is 1.1, A.7 (MaxT) is 1.8, C.n is \[Cn\], D.1-D.3 are 4.2-4.4, E is
//! 5). The rule ids in these docs are the 2018 ones; the 2026 readings are
//! interpretations 20-26 below. Record 192 `FIDE_DUBOV` (or
//! `FIDE_DUBOV_2026`) selects 2026, `FIDE_DUBOV_2018` the 2018 text.
//!
//! # API
//!
//! The shape every system crate of the workspace shares (ARCHITECTURE.md,
//! "A system crate's API"): [`pair`] pairs the next round of a
//! [`Tournament`] (read one with [`trf::read`]) under [`Options`] (the
//! [`Edition`], a default rating for unrated players) and returns a
//! [`Pairing`] or an [`Error`] (the workspace's [`PairingError`]: input,
//! no legal pairing, unsupported, internal); [`Dubov`] is the same engine
//! as a [`PairingSystem`]; [`pair_state`] pairs a [`RoundState`] already
//! derived. The crate is a pure function of the state and the options: no
//! I/O, no global state, no randomness.
//!
//! # The rules, and where they live
//!
//! - `player.rs`: A.1 (every player rated, provisional ratings from
//!   [`Options`]), A.2 (the initial ranking), A.5 (colour
//!   preferences), A.6 (ARO), A.7 (upfloat history, MaxT), the initial
//!   colour. Each fact is derived once per round from the [`RoundState`].
//! - `compat.rs`: C.1 and C.3 as one bit matrix of the pairs allowed.
//! - `bye.rs`: B.0, the pairing-allocated bye by its five criteria; it
//!   leaves a maximum cardinality matcher holding a pairing of everybody
//!   else, which the brackets keep up to date (C.4).
//! - `pairing.rs`: A.8, the scoregroups in descending order of score.
//! - `upfloaters.rs`: B.1 and B.2 with C.4-C.10 and D.1: which lower
//!   players float up.
//! - `bracket.rs`: B.3 (G1, G2), B.4 with D.2 (the shifts), B.5 (S1), B.6
//!   with D.3 (T2).
//! - `colour.rs`: E.0-E.4.
//! - `order.rs`: D.2's middle-out numbering and the lexicographically first
//!   set of a pool.
//!
//! # How the sets are chosen without enumerating them
//!
//! The text picks "the first" upfloater set, shifter set and transposition
//! in orders with exponentially many members. The engine finds the same
//! ones directly:
//!
//! - **T2** (B.6, D.3) is the lexicographically first perfect matching of
//!   S1 against G2: built place by place, each place taking the first G2
//!   player after whom the rest can still be paired, which
//!   `swiss_matching::CardinalityMatcher` answers with one augmenting-path
//!   search.
//! - **Shifters** (B.4, D.2): the number of pairs unavoidable inside the
//!   smaller subgroup is a minimum over perfect matchings; the first set
//!   in D.2 order is found element by element with a feasibility question
//!   (a perfect matching in a graph restricted by the choices made), never
//!   by listing the sets.
//! - **Upfloaters** (B.1, B.2): the usual brackets need none (the residents
//!   pair among themselves) or one; then each candidate is paired by
//!   B.3-B.6 in the order of C.6, a lower bound of C.7, C.8, C.9, C.10 and
//!   D.1, and the first that meets the bound and leaves the rest of the
//!   round pairable (C.4) is provably the best. Otherwise one maximum
//!   weight matching (`swiss_matching::DenseMatching`) holds every
//!   criterion C.5-C.10 as a field of the edge weights, over the nearest
//!   lower scoregroups, followed by a walk in D.1 order that keeps the
//!   first candidate some optimum can include. When that set would leave
//!   the rest of the round unpairable, the matching is redone over all
//!   lower players with their own pairs, which makes C.4 part of it.
//!
//! The tests hold the evidence that these give the text's answers:
//! `tests/agreement.rs` compares the engine, with each of the three
//! upfloater methods, against a literal exponential transcription of
//! B.0-B.6 and D.1-D.3 (`tests/common/reference.rs`, written apart from
//! the engine) on 1,500 random small tournaments (7,275 rounds, a
//! quarter of the events under the 2018 text; any count with
//! `DUBOV_AGREEMENT_TOURNAMENTS`), and every pairing passes the
//! independent verifier of its edition (`swiss_verify::Dubov`). `tests/edition_2026.rs` holds the 2026 changes. `tests/rules.rs` holds the
//! text's examples (D.1's containers, D.2's seven players, D.3's six
//! transpositions) and hand-worked multi-round cases; `tests/medium.rs`
//! has events of 20-80 players where the three methods must agree.
//!
//! # Explain mode
//!
//! With a `tracing` subscriber at `DEBUG` for target `swiss_dubov`, B.0
//! logs the bye and the candidates passed over, and every bracket logs its
//! residents, the upfloaters and the method that chose them, the values
//! of C.5 (how many), C.6 (their scores), C.7 (colour preferences missed
//! in the bracket) and C.8-C.10 (maximum upfloaters, their upfloats,
//! upfloaters of the previous round; `None` in the last round), G1 and G2,
//! the players shifted by B.4's two steps, S1 and T2.
//!
//! # Rule interpretations
//!
//! Where the text leaves room, the engine reads it as below; each reading
//! is pinned by the named test (in `tests/interpretations.rs` unless
//! another file is named), which shows what the other reading would give.
//! The literal reference in the tests follows the same readings.
//!
//! 1. **Scores** are points plus acceleration (`XXA`), for the scoregroups
//!    and every score the rules compare (B.0 criterion 3, D.1, C.6, the
//!    upfloats of A.7, "more points" in E.0 and E.4); the published board
//!    order uses plain points
//!    (`interpretation_accelerated_scores_form_the_scoregroups`).
//! 2. **A.2**: up to and including the pairing of round 4 the initial
//!    ranking is re-sorted by rating (file ratings or the options'
//!    provisional ones; equal ratings keep the start-number order, which
//!    holds titles and names); from round 5 the start numbers are the list
//!    (`interpretation_initial_ranking_resorted_until_round_4`).
//! 3. **A.5.a**: when the colour difference and the last two games point
//!    at different colours (W W W W B B), the colour difference decides
//!    (`interpretation_colour_difference_beats_the_last_two_games`).
//! 4. **A.6**: ARO averages the opponents' ratings over the games played
//!    over the board (a forfeit is no game), one term per game, with the
//!    provisional ratings of A.1, rounded half up
//!    (`interpretation_aro_counts_played_games_and_rounds_halves_up`).
//! 5. **A.7, C.10**: a player was upfloated in a round when he was paired
//!    with an opponent whose score before that round was higher, whether
//!    the game was played or forfeited (the pairing upfloated him); "the
//!    previous round" is the round just before this one
//!    (`interpretation_upfloat_counts_a_forfeited_pairing`).
//! 6. **E.3** with C.04.2 D.5: the two players' played colours are
//!    compared from their latest games backwards, unplayed rounds removed;
//!    when one runs out first, E.4 decides
//!    (`interpretation_e3_compares_played_colours_from_the_latest_game`).
//! 7. **C.7** is judged inside the bracket being paired, not over the
//!    round; its value is the number of the bracket's players who do not
//!    get their colour preference, i.e. of pairs whose players want the
//!    same colour (`interpretation_c7_is_judged_inside_the_bracket`).
//! 8. **C.9** sums the upfloats of the maximum upfloaters in the set;
//!    C.8 ranks before it even where they disagree
//!    (`c9_fewer_upfloats_among_maximum_upfloaters`,
//!    `c8_before_c9_when_they_disagree` in `tests/rules.rs`).
//! 9. **D.1.b**: the containers are sorted by C.6 ({2.5, 2.5} before
//!    {3, 1.5}); the example's "third" and "fourth" container only list
//!    them. Since C.6 outranks D.1 the container order never changes a
//!    result; only the lexicographic order inside a container does
//!    (`d1_container_example_containers_by_c6` in `tests/rules.rs`).
//! 10. **B.0**: criteria 1 and 2 are conditions, 3-5 an order. Criterion 2
//!     ("allows a complete pairing", C.4) asks whether all the others can
//!     be paired under C.1 and C.3: Dubov has no downfloaters, so any such
//!     pairing is reached bracket by bracket, the lower player of each pair
//!     floating up. Criterion 4 counts games played over the board
//!     (`b0_criterion_2_passes_over_a_bye_that_blocks_the_round` in
//!     `tests/rules.rs`, `interpretation_b0_counts_games_played_over_the_board`).
//! 11. **E.0**: the pairing number is the place in the initial ranking
//!     counting only the players in the tournament at that round (to be
//!     paired now, or paired before), as the workspace's Dutch engine does
//!     (`interpretation_e0_pairing_numbers_count_players_present`).
//! 12. **B.3**: "all the players in the bracket" includes the upfloaters,
//!     and "yet to play a game" means no game over the board
//!     (`interpretation_b3_bracket_includes_upfloaters`).
//! 13. **A.1**: every player of the file needs a rating (the ARO reads
//!     withdrawn opponents' too); a missing one is an [`Error::Input`]
//!     unless [`Options`] gives one (a
//!     per-player override first, then the default)
//!     (`interpretation_unrated_player_needs_a_provisional_rating`).
//! 14. **A.7**: MaxT needs the planned number of rounds (`XXR`); without it
//!     every round is an [`Error::Input`]. The last round
//!     (C.8-C.10 skipped) is round `XXR`
//!     (`interpretation_planned_rounds_are_required`,
//!     `last_round_skips_c8_to_c10` in `tests/rules.rs`).
//! 15. **A.8**: a round without a complete pairing is
//!     [`Error::NoLegalPairing`] naming the players a maximum pairing
//!     leaves out, never a partial pairing
//!     (`interpretation_no_complete_pairing_is_an_error`).
//! 16. **B.4**: the shifters of each step come from the players initially
//!     in the subgroup (those shifted in by the first step are not shifted
//!     back); "best" is the first set in D.2 order that can yield a legal
//!     pairing: once the number shifted is the minimum, every such set
//!     misses the same colour preferences (C.7), which the literal
//!     reference, judging C.7 set by set, confirms. With G1 formed by
//!     ranking (nobody has played) both D.2 sorts are the ranking
//!     (`b4_shifters_in_both_directions`,
//!     `b4_first_shift_skips_a_set_without_legal_pairing` in `tests/rules.rs`).
//! 17. **C.4** asks that all the lower players can still be paired once the
//!     upfloaters are taken, not only the next scoregroup
//!     (`d1_container_example_containers_by_c6` in `tests/rules.rs`, where
//!     C.4 rules out two sets).
//! 18. **Forbidden pairs** (`XXP`) count as already played (C.1)
//!     (`d3_transposition_order_of_the_text` in `tests/rules.rs`).
//! 19. **The initial colour**, when the file does not say it (`XXC`), is
//!     read back from a recorded round 1: the one colour that reproduces
//!     its colours (`initial_colour_is_read_back_from_round_1`).
//!
//! The 2026 text (tests in `tests/edition_2026.rs`; the points the notes
//! `dubov-2026-changes.md` §4 and §6 list as silent or read differently by
//! other engines):
//!
//! 20. **3.1.1 against \[C2\].** 3.1.1 still names only "a PAB or a
//!     (forfeit) win", but it points to \[C2\], an absolute criterion, which
//!     refers to the Basic Rules' Art. 4: the wider rule wins, and a
//!     requested full-point bye bars the PAB. Under 2018 it does not
//!     (`dubov_2026_c2_full_point_bye_bars_the_pab_over_3_1_1`). Half- and
//!     zero-point byes bar it under neither (CPPDubovSystem bars any round
//!     without opponent) (`dubov_2026_zero_point_bye_does_not_bar_the_pab`).
//! 21. **3.1.4** prefers the player with the *most* games played, as
//!     written (py4swiss reverses it)
//!     (`dubov_2026_3_1_4_most_games_played_gets_the_pab`).
//! 22. **Acceleration** (C.04.7 2026, declared for every system): the
//!     pairing score (points plus virtual points) is the score of the
//!     brackets, of \[C6\] and of 3.1.3, as interpretation 1 already reads
//!     the 2018 text (`dubov_2026_pab_reads_the_pairing_score`). The
//!     published board order keeps plain points: the 2026 General Handling
//!     Rules make board order a recommendation, and the workspace orders
//!     boards the same way for every system.
//! 23. **"Upfloated"** (1.8, \[C8\]-\[C10\]) stays interpretation 5 (paired
//!     against a higher pairing score, played or forfeited, never a bye);
//!     **\[C9\]** stays interpretation 8 (the sum of the maximum upfloaters'
//!     upfloats); **MaxT's Rnds** is the planned number of rounds
//!     (interpretation 14, not the rounds completed as chesspairing reads
//!     it); **\[C7\]** is judged on the bracket pairing each set yields
//!     (interpretation 7, as the note to 3.2.2's "ensuing bracket" says).
//! 24. **4.4.1's "Article 2.2.4"** is read as 3.2.4 (the shifts), the only
//!     article whose manoeuvres leave a G2 pool; the 2018 D.3 it replaces
//!     says the same (`d3_transposition_order_of_the_text` in
//!     `tests/rules.rs`).
//! 25. **TPN (1.2, GHR Art. 2)**: the start numbers are the TPNs (a late
//!     entry's file keeps its proper place), and 5.2.1's parity counts the
//!     players in the tournament at that round (interpretation 11). The
//!     re-sort by rating up to the pairing of round 4 is interpretation 2.
//! 26. **Round 1** pairs G1 by TPN when nobody in the bracket has played
//!     (interpretation 12), not by a separate round-1 routine.
//!
//! # Performance
//!
//! Measured on the 2-core build machine (release build; events generated
//! by `swiss_core::simulate` and paired by this engine). `benches/
//! pairing.rs` (criterion, the round alone): 1,000 players 17 ms in round
//! 1 and 8 ms in round 11; 9,999 players 1.23 s in round 1 and 1.06 s in
//! round 11. `cargo xtask bench-event --system dubov` (every round of 11): 1,000 players at
//! most 0.035 s a round, 9,999 players at most 1.4 s a round with a peak
//! of 67 MiB. Matcher construction (a bit matrix per
//! bracket) is most of it. In those events every bracket takes a fast
//! path; forcing the window matching everywhere costs at most 0.08 s a
//! round at 1,000 players and 7.6 s (401 MiB) at 9,999. The full matching,
//! used only when C.4 rejects the window's set, needs `4 n²` bytes and up
//! to `O(n³)` time for the `n` players of the bracket and below.

/// The README's example, compiled and run as a doctest so that it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

mod bracket;
mod bye;
mod colour;
mod compare;
mod compat;
mod edition;
mod explain;
mod order;
mod pairing;
mod player;
mod upfloaters;
mod weights;

use std::collections::BTreeMap;

pub use edition::{Edition, ParseEditionError};
pub use swiss_core::{
    Colour, Pair, Pairing, PairingError, PairingSystem, RoundState, StartNo, Tournament, trf,
};

/// Why a round could not be paired: the workspace's one error shape (see
/// [`PairingError`] for what each kind means).
pub type Error = PairingError;

/// Options of the Dubov engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The text that pairs: 2026 (the default, in force since 1 February
    /// 2026) or 2018.
    pub edition: Edition,
    /// The provisional rating of every player the file leaves unrated
    /// (Dubov A.1: the arbiter assigns one).
    pub default_rating: Option<u16>,
    /// Provisional or corrected ratings by start number; they take
    /// precedence over the file and over `default_rating`.
    pub rating_overrides: BTreeMap<StartNo, u16>,
}

impl Options {
    /// Every option at its default (usable in `const` items).
    pub const DEFAULT: Options = Options {
        edition: Edition::Fide2026,
        default_rating: None,
        rating_overrides: BTreeMap::new(),
    };

    /// These options with the given edition.
    pub const fn with_edition(mut self, edition: Edition) -> Options {
        self.edition = edition;
        self
    }

    /// These options with a provisional rating for every unrated player
    /// (A.1), or none.
    pub const fn with_default_rating(mut self, rating: Option<u16>) -> Options {
        self.default_rating = rating;
        self
    }

    /// These options with player `start_no` rated `rating` (A.1: a
    /// provisional or corrected rating).
    pub fn with_rating_override(mut self, start_no: StartNo, rating: u16) -> Options {
        self.rating_overrides.insert(start_no, rating);
        self
    }
}

/// Why the engine stopped, before it becomes an [`Error`] of the round.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum DubovError {
    /// Dubov A.1 (2026: 1.1): some players have no rating and no
    /// provisional one.
    #[error(
        "Dubov {rule}: every player needs a rating, and player(s) {} have none; give a provisional rating (a default rating or a per-player override)",
        swiss_core::short_list(start_nos)
    )]
    UnratedPlayers {
        /// The start numbers of the unrated players.
        start_nos: Vec<StartNo>,
        /// The rule's id in the edition that pairs (`A.1`, `1.1`).
        rule: &'static str,
    },
    /// Dubov A.7 (2026: 1.8): MaxT needs the planned number of rounds.
    #[error(
        "Dubov {rule}: MaxT = 2 + [rounds / 5] needs the planned number of rounds (the XXR record), which the tournament does not give"
    )]
    MissingPlannedRounds {
        /// The rule's id in the edition that pairs (`A.7`, `1.8`).
        rule: &'static str,
    },
    /// No complete round-pairing exists (A.8): the arbiter decides.
    #[error("no legal pairing: {reason}")]
    NoLegalPairing {
        /// Which players could not be placed, and why.
        reason: String,
    },
    /// An internal invariant failed: a bug, please report the input.
    #[error("internal error in the Dubov engine: {0}")]
    Internal(String),
}

impl DubovError {
    pub(crate) fn internal(what: &str) -> Self {
        DubovError::Internal(what.to_string())
    }

    /// The workspace's error for round `round`: a record without the
    /// ratings or the planned rounds the rules need is the input's
    /// problem ([`Error::Input`]); a failed invariant is a bug
    /// ([`Error::Internal`]).
    fn into_error(self, round: u32) -> Error {
        match self {
            DubovError::NoLegalPairing { reason } => Error::NoLegalPairing { round, reason },
            DubovError::Internal(reason) => Error::Internal { round, reason },
            e @ (DubovError::UnratedPlayers { .. } | DubovError::MissingPlannedRounds { .. }) => {
                Error::Input {
                    round,
                    reason: e.to_string(),
                }
            }
        }
    }
}

/// Pairs round [`Tournament::next_round`] of `t` with the Dubov system:
/// what [`Dubov`] does as a [`PairingSystem`]. The initial colour is `XXC`
/// when the file gives it, else read back from a recorded round 1
/// (E.0-E.4).
pub fn pair(t: &Tournament, options: &Options) -> Result<Pairing, Error> {
    Dubov::new(options.clone()).pair(t)
}

/// Pairs the round described by `state` with the Dubov system: the
/// lower-level entry under [`pair`], for a state already derived (its
/// initial colour as given).
///
/// The players with `to_pair` are paired; the result holds the pairs with
/// their colours (E.0-E.4) in the published board order (C.04.2), and the
/// pairing-allocated bye.
pub fn pair_state(state: &RoundState, options: &Options) -> Result<Pairing, Error> {
    pairing::pair_round(state, options, upfloaters::Strategy::Auto)
        .map_err(|e| e.into_error(state.round))
}

/// Test support: [`pair_state`] with the upfloaters always chosen by one
/// method (the tests check that every method gives the same pairings).
#[doc(hidden)]
pub fn pair_with_strategy(
    state: &RoundState,
    options: &Options,
    strategy: Strategy,
) -> Result<Pairing, Error> {
    pairing::pair_round(state, options, strategy).map_err(|e| e.into_error(state.round))
}

#[doc(hidden)]
pub use upfloaters::Strategy;

/// The Dubov system as a [`PairingSystem`] (name `"dubov"`), for the CLI,
/// the checker and the generator.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dubov {
    /// The options every round is paired with.
    pub options: Options,
}

impl Dubov {
    /// The 2026 text (the default).
    pub const FIDE_2026: Dubov = Dubov::new(Options::DEFAULT.with_edition(Edition::Fide2026));
    /// The 2018 text.
    pub const FIDE_2018: Dubov = Dubov::new(Options::DEFAULT.with_edition(Edition::Fide2018));

    /// The system with `options`.
    pub const fn new(options: Options) -> Dubov {
        Dubov { options }
    }
}

impl PairingSystem for Dubov {
    fn name(&self) -> &'static str {
        "dubov"
    }

    /// The first rule that prefers the engine's pairing, from the
    /// engine's own decisions: the bye (`Dubov B.0` criteria 3-5), else
    /// the first bracket where the proposal differs (its upfloaters by
    /// `Dubov C.5`-`C.10` on the pairing B.3-B.6 give them, then D.1's
    /// order; with the same upfloaters, `C.7`, then B.4/D.2's shifts and
    /// B.6/D.3's transposition), else the colour rule (E.0-E.4) of the
    /// first board whose colours differ.
    fn separate(&self, t: &Tournament, proposed: &Pairing) -> Option<swiss_core::Separation> {
        compare::separate(&RoundState::next(t), &self.options, proposed)
            .ok()
            .flatten()
    }

    /// The arbiter's account of the round, from the engine's decisions:
    /// the bye (B.0), each bracket (B.1-B.6 with C.5-C.10 and D.1-D.3),
    /// the colours (E.0-E.4); with `player`, only what decided his.
    fn explain(&self, t: &Tournament, player: Option<StartNo>) -> Option<Result<String, Error>> {
        let state = RoundState::next(t);
        Some(explain::explain(&state, &self.options, player).map_err(|e| e.into_error(state.round)))
    }

    /// `XXC`, or read back from a recorded round 1 (its colours follow
    /// from the initial colour, E.0-E.4).
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

    /// Each engine error keeps its kind at the boundary: missing ratings
    /// and planned rounds are the input's problem, a failed invariant a
    /// bug (not "unsupported", which the CLI reports as exit 3).
    #[test]
    fn engine_errors_keep_their_kind() {
        let input = DubovError::UnratedPlayers {
            start_nos: vec![3],
            rule: "1.1",
        }
        .into_error(2);
        assert!(matches!(input, Error::Input { round: 2, .. }), "{input:?}");
        let input = DubovError::MissingPlannedRounds { rule: "1.8" }.into_error(2);
        assert!(matches!(input, Error::Input { .. }), "{input:?}");
        let bug = DubovError::internal("B.6: S1 and G2 differ in size").into_error(2);
        assert!(matches!(bug, Error::Internal { .. }), "{bug:?}");
        let none = DubovError::NoLegalPairing {
            reason: "1 2".into(),
        }
        .into_error(2);
        assert!(matches!(none, Error::NoLegalPairing { .. }), "{none:?}");
    }
}
