//! The TCEC Swiss system for the `swiss` workspace: a deterministic,
//! Monrad-like Swiss system for engine tournaments, single or double
//! rounds. The crate is a pure function from the record (a
//! [`Tournament`]) to the next round's pairing: no I/O, no global state,
//! randomness only from an explicit seed.
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
//! let tournament = swiss_tcec::trf::read(trf, "club.trf")?;
//! let pairing = swiss_tcec::pair(&tournament, &swiss_tcec::Options::default())?;
//! for p in &pairing.pairs {
//!     println!("{} - {}", p.white, p.black);
//! }
//! let boards: Vec<_> = pairing.pairs.iter().map(|p| (p.white, p.black)).collect();
//! assert_eq!(boards, [(4, 5), (2, 3), (6, 1)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # API
//!
//! The shape every system crate of the workspace shares (ARCHITECTURE.md,
//! "A system crate's API"): [`pair`] pairs the next TRF column of a
//! [`Tournament`] (read one with [`trf::read`]) under [`Options`] (the
//! [`Format`]: single or double rounds) and returns a [`Pairing`] or an
//! [`Error`] (the workspace's [`PairingError`]: input, no legal pairing,
//! unsupported, internal); [`Tcec`] is the same engine as a
//! [`PairingSystem`]. In the double format a TCEC round is two TRF
//! columns, and [`pair`] gives the one column asked for (see there). The
//! TCEC extras: [`pair_next_round`] and [`pair_round`] give the whole
//! [`TcecRound`] (pairing order, first-of-pair, history removal, both
//! games in playing order).
//!
//! # The engine
//!
//! Start reading at [`pair_round`]: it derives the state before the round
//! from the record (`history.rs`: scores, BYEs, WGD, encounter history,
//! the removal counter) and runs `TCEC STEP 1` to `TCEC STEP 5`
//! (`pairing.rs`). [`reference`](mod@reference) reads the reference JSON
//! and [`replay`]s it; [`seeding`] and [`final_ranking`] cover the rest
//! of the rule text.
//!
//! # The rules, and where they live
//!
//! - `TCEC STEP 1` pairing order: score descending, seed ascending.
//! - `TCEC STEP 2` BYE: with an odd number of players, the bottom player
//!   of the order "BYEs received descending, pairing order ascending".
//! - `TCEC STEP 3` viability: a perfect matching must exist in the graph
//!   of allowed pairs (not met in the encounter history,
//!   `|WGD(p) + WGD(q)| <= 2`, and not a forbidden pair, interpretation
//!   10); if none does, the earliest rounds of the
//!   encounter history are removed, permanently, until one does.
//! - `TCEC STEP 4` pairing: in pairing order, the first-of-pair takes the
//!   highest-ranked unpaired player that is allowed and keeps the round
//!   viable. Each "still viable?" question is one augmenting-path search
//!   of `swiss_matching::CardinalityMatcher` (the rest of the round is kept
//!   perfectly matched), so 1000 players pair in milliseconds.
//! - `TCEC STEP 5` colours: single rounds by WGD, then score, then the
//!   2112 pattern; double rounds first-of-pair black in game one.
//! - Playing order: by the first-of-pair's pairing order, descending; the
//!   double round's schedule twice ([`playing_order`]).
//!
//! # A TCEC tournament as TRF
//!
//! Start number = seed. Single format: one TRF round column per TCEC
//! round. Double format: two columns per TCEC round, the first game and
//! then the second with colours reversed; the BYE player has `0000 - U`
//! in both. Points are TRF's default 1 / ½ / 0 with the
//! pairing-allocated bye worth a win per game, the reference's 2 / 1 / 0
//! halved (the record's `BB*` lines are honoured if present). The format
//! is an option ([`Options`]), never read from the file. Scores, BYEs
//! received, WGD (played games only: a forfeit has no colour), the
//! encounter history and the removal counter are all derived from the
//! record; the counter is replayed (`TCEC STEP 3` for every earlier
//! round: the smallest counter at least the previous one for which that
//! round's paired players have a viable pairing).
//!
//! # A TCEC tournament as JSON
//!
//! The `tcec-swiss-reference/1` schema of `testdata/oracle/tcec/README.md`
//! ([`read_reference`], [`Reference`]): `format`, `double_game_order`,
//! `players` (`seed`, `name`) and, per round, `bye`,
//! `history_rounds_removed`, `pairs` (`first`, `second`, `white`,
//! `black`, `games` with results `1-0`, `1/2-1/2`, `0-1`) and `games` in
//! playing order. [`Reference::to_tournament`] writes it as TRF columns
//! as above.
//!
//! # Rule interpretations
//!
//! Where the text is silent or the reference data reads it a particular
//! way, the engine follows the data. Each point has a test in
//! `tests/interpretations.rs` (named in brackets).
//!
//! 1. **BYE bookkeeping** (`TCEC STEP 2`): BYEs are counted; the
//!    reference's yes/no flags, cleared once everyone has one, choose the
//!    same player (`interpretation_bye_after_everyone_had_one`).
//! 2. **BYE points** are part of the score from the next round on; the
//!    reference credits them during STEP 2, which nothing in the current
//!    round can observe (`interpretation_bye_points_count_next_round`).
//! 3. **Scores in colour decisions** (`TCEC STEP 5`) are the scores before
//!    the round, the BYE's points of earlier rounds included
//!    (`interpretation_higher_score_before_round_takes_black`).
//! 4. **Colour condition** (`TCEC STEP 3`): `|WGD(p) + WGD(q)| <= 2`, as
//!    the reference tests it; the same as the text's two ±2 conditions
//!    while `|WGD| <= 2`, and no restriction in the double format
//!    (`interpretation_colour_condition_is_sum_of_wgd`).
//! 5. **No pairing at all** (`TCEC STEP 3`): when even the whole history
//!    removed leaves no viable pairing, [`pair_round`] returns
//!    [`TcecError::NoLegalPairing`] naming the WGD ±2 players; the
//!    reference would loop forever
//!    (`interpretation_no_legal_pairing_is_an_error`).
//! 6. **Double-round playing order**: [`TcecRound::games`] uses the text's
//!    "schedule executed twice" ([`DoubleGameOrder::Cycle`]); the
//!    reference's back-to-back order is [`DoubleGameOrder::Pairwise`], and
//!    [`replay`] compares with the file's order
//!    (`interpretation_double_game_orders`).
//! 7. **Forfeits** (TCEC has none): a forfeit is not a played game, so it
//!    changes no WGD and is no meeting in the encounter history, as in
//!    the rest of the workspace's TRF
//!    (`interpretation_forfeit_is_not_a_meeting`).
//! 8. **Group sizes** (Seeding): the text's example "11 players into 4
//!    groups: A-C have 4 players and D has 3" adds up to 15; the Python
//!    sketch, which we follow, gives 3, 3, 3, 2 for 11 players and
//!    4, 4, 4, 3 for 15 (`group_seeding_example_of_the_text` in
//!    `tests/rules.rs`).
//! 9. **Replaying the removal counter** (`TCEC STEP 3`): for an earlier
//!    round the players are those the record pairs in it (in a TCEC-paired
//!    record, exactly the round's players minus its STEP 2 BYE), so a
//!    record with a hand-made BYE still replays. A recorded round no TCEC
//!    pairing could have produced (its own pairs break the colour
//!    condition and nothing is viable) counts the whole history as
//!    removed, as far as the pairing program would have gone
//!    (`interpretation_counter_of_an_impossible_recorded_round`).
//! 10. **Forbidden pairs** (`XXP`, TRF-2026 `260`; the text has none): a
//!     forbidden pair is one more pairing condition of `TCEC STEP 3`, like
//!     the colour conditions, and unlike a meeting no history removal lifts
//!     it. STEP 4 then passes over a forbidden opponent as it passes over
//!     one already met; when no pairing exists even with the whole history
//!     removed, [`pair_round`] returns [`TcecError::NoLegalPairing`] naming the
//!     forbidden pairs. A `260` group applies in the TRF columns of its
//!     rounds (the first game's column in the double format), also when
//!     the removal counter of an earlier round is replayed
//!     (`interpretation_forbidden_pairs_are_never_paired`).

/// The README's example, compiled and run as a doctest so that it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

mod compare;
mod error;
mod explain;
mod history;
mod model;
mod pairing;
mod ranking;
pub mod reference;
pub mod seeding;
mod system;

pub use error::TcecError;
pub use model::{DoubleGameOrder, Format, Options, TcecGame, TcecPair, TcecRound, playing_order};
pub use pairing::{pair_next_round, pair_round, second_game_from_record};
pub use ranking::{RankingEntry, final_ranking};
pub use reference::{Reference, ReplayReport, read_reference, replay};
pub use seeding::{Seeding, group_seeding, random_seeding, renumber};
pub use swiss_core::{
    Colour, InputError, Pair, Pairing, PairingError, PairingSystem, Points, RoundState, StartNo,
    Tournament, trf,
};
pub use system::{Tcec, pair};

/// Why a round could not be paired: the workspace's one error shape (see
/// [`PairingError`] for what each kind means). The TCEC-specific extras
/// ([`pair_round`], the seeding, the reference JSON) keep their richer
/// [`TcecError`], which [`TcecError::into_pairing_error`] converts.
pub type Error = PairingError;
