//! The edition switch: which FIDE text of the Dutch system pairs.

use std::fmt;
use std::str::FromStr;

use swiss_core::Editions;

/// Which FIDE text of the Dutch system pairs the round.
///
/// # The 2012 edition
///
/// [`Edition::Fide2012`] pairs by the text agreed by the 83rd FIDE
/// Congress (Istanbul 2012), as written: it iterates C.1-C.14 with the
/// parameters P, X and Z (A.8), treats odd and even rounds differently
/// (A.7.d/e), backtracks (C.12, C.13), treats a bracket as homogeneous
/// when at least half its players came from above (A.3), lets top scorers
/// ignore B.2 (B.2 note), gives the first-round colours by E.5 and sorts
/// the boards by F.1. The code lives in `src/fide2012/`, one file per
/// section of the text; `--explain` (target `swiss_dutch`) logs each
/// bracket's C.2 figures (P0, M0, X1, Z1), the C.10 requirement level
/// reached, the D.2 exchange or D.3 set used, C.12/C.13/C.14 steps and
/// the pairs.
///
/// F.2-F.9 need nothing of the engine beyond the record: unplayed rounds
/// count neither for colours nor as meetings (F.2, F.3: the colour history
/// is that of the played games), withdrawn and absent players are not
/// paired (F.5, F.8), published pairings and corrections are the
/// arbiter's (F.6, F.7), adjourned games are entered as draws (F.9).
///
/// ## How the search is bounded
///
/// The text leaves exponential searches; each is replaced by an exact
/// shortcut where one exists, and bounded otherwise:
///
/// 1. **Requirement levels (C.3, C.10, A.11).** Every requirement C.10 can
///    lower is a count over the candidate pairing, and "any criterion may
///    be dropped only for the minimum number of pairs": so the level at
///    which the first candidate appears is the lexicographic minimum of
///    (B.2 for top scorers, A.7.d, X, Z, B.5 down, B.6 down, B.5 up,
///    B.6 up) over all candidates. One maximum weight matching (weights
///    packing that vector above a tie-break towards the text's first
///    candidates) finds it; no level is walked through. X and Z start at
///    X1 and Z1 (A.8), lower bounds of those counts (tested): when
///    transposition 0 reaches them, no matching is run at all.
/// 2. **Transpositions (D.1) and the heterogeneous part (C.6-C.9).** The
///    first transposition meeting the level is the lexicographically
///    first sequence of S1 partners; it is built partner by partner, each
///    time the earliest S2 player that keeps the level reachable (one
///    warm re-solve per rejected player). In a heterogeneous bracket the
///    question includes the remainder, so a transposition whose remainder
///    fails is never taken and C.9's return is never needed. Exact and
///    polynomial; `src/fide2012/reference_tests.rs` checks it against a
///    literal walk through every D.3 set, transposition and exchange on
///    300 random brackets.
/// 3. **Exchanges (D.2), D.3 sets, backtracking (C.12, C.13).** Exchanges
///    are tried in the text's order (the DELTA loop) up to
///    `20,000,000 / n²` of them per bracket (16 to 1,024); past that the
///    exchange an optimal pairing of the whole bracket shows is taken. D.3
///    sets: up to 128 per C.14 state. Backtracking re-pairs the previous
///    bracket with growing sets of players kept from moving down, breadth
///    first, up to 24 re-pairings per C.14 state (with one floater this
///    tries every other player of the bracket in turn); C.13 then joins
///    the two brackets, as the text does when P reaches zero. A round with
///    no legal pairing at all is reported as such (every bracket joined).
///
/// Measured (release build, 2 shared cores, every round re-checked by the
/// verifier; measured with a timing example since replaced by
/// `cargo xtask bench-event --edition 2012`): 200 players, 9 rounds: slowest round 0.008 s;
/// 1,000 players, 11 rounds: slowest round 0.4-1.0 s (all 11 rounds
/// 1.4-1.9 s); 2,000 players: slowest round 5-6 s (round 4, two brackets
/// of about 650 players).
///
/// Against the 400 reference tournaments paired by the 2017 rules
/// (`cargo test -p swiss-dutch --lib compare_2017 -- --ignored`), the 2012
/// edition pairs 2,452 of 3,030 rounds the same way (178 tournaments
/// entirely); every one of its pairings passes the verifier.
///
/// ## Rule interpretations (2012 edition)
///
/// Each is pinned by the named test (in `tests/fide2012_interpretations.rs`
/// unless another file is named).
///
/// 1. **Byes and floats (A.4, A.5, B.1.b, F.5).** "Bye" is A.5's bye (the
///    pairing-allocated one, of one or half a point): the bye and a
///    forfeit win are downfloats and bar a later bye; a requested bye or
///    an absence (F.5: not paired) is no float and does not bar the bye;
///    a forfeited pairing floats like a played one (the pairing was made)
///    (`fide2012_unpaired_round_is_no_float`).
/// 2. **Top scorers (A.10, B.2 note)** exist only when the last round
///    (`XXR`) is paired, with more than half the maximum score; a pair is
///    exempt from B.2 when either player is a top scorer, and B.2 is
///    dropped only after every other requirement (C.10.g)
///    (`fide2012_topscorers_only_in_the_last_round`).
/// 3. **A.7.d** (odd rounds): a strong preference counts as absolute
///    against another strong or an absolute preference for the same
///    colour; a strong-against-mild pair is no A.7.d pair
///    (`fide2012_a7d_strong_treated_as_absolute`).
/// 4. **X and Z (A.8).** X counts the pairs whose two players prefer the
///    same colour; Z (even rounds) the pairs whose two players prefer the
///    same colour and neither preference is mild (A.7.e: a mild preference
///    may count for either colour) (`a8_z1_pairs_strong_with_mild` in
///    `tests/fide2012_cases.rs`). X is counted over the whole bracket,
///    the heterogeneous part and the remainder together.
/// 5. **Heterogeneous brackets (A.3, C.4).** S1 holds the M1 moved-down
///    players, S2 the residents; moved-down players not in S1 (M1 < M0)
///    wait for the remainder, which is paired as homogeneous, so the
///    upfloater criteria (C.3.g/h) apply to the heterogeneous part only.
///    A bracket with at least half its players from above is paired as
///    homogeneous from the start (`fide2012_a3_half_from_above_is_homogeneous`,
///    a unit test in `src/fide2012/reference_tests.rs`).
/// 6. **C.1 in the lowest bracket**: a resident without opponent may still
///    take the bye; C.13 applies only when the bracket cannot be
///    completed (`fide2012_c1_lowest_player_without_opponent_takes_the_bye`).
/// 7. **C.12** is tried once per bracket (the lowest one included, before
///    C.13), at its first failure or at C.1's incompatible moved-down
///    player; the new set must differ, have the same size and scores, and
///    let the bracket make the P1 pairings it failed to make, all its
///    moved-down players paired (`c12_backtracks_for_a_stranded_floater`
///    in `tests/fide2012_cases.rs`). C.13 asks the penultimate bracket for
///    floaters that let the lowest bracket be completed, P from its value
///    down to 1, then joins the two (`c13_*` in the same file).
/// 8. **E rules.** E.2's "stronger" is absolute over strong over mild; two
///    absolute preferences are equally strong (no tie-break by colour
///    difference), so E.3 decides (`fide2012_e2_two_absolutes_go_to_e3`).
///    E.3 compares the played games counted back from the last one (F.3)
///    (`fide2012_e3_uses_played_games_only`). When neither player has a
///    preference the higher ranked gets the colour of the lot if his
///    pairing number is odd (E.5; pairing numbers skip players not in the
///    tournament).
/// 9. **F.1**: the higher player of a board is the one with more points
///    (ties: the lower pairing number); boards by his score, then the sum
///    of both scores, then his pairing number (`fide2012_f1_board_order`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Edition {
    /// C.04.3 as applied from 1 February 2026 (criteria C1-C21), the
    /// edition in force and the default. Its rules and their readings are
    /// in the crate docs ("The 2026 edition").
    #[default]
    Fide2026,
    /// C.04.3 as in force from 2017 to January 2026 (criteria C.1-C.19).
    Fide2017,
    /// The 2012 text (see above).
    Fide2012,
}

impl Edition {
    /// The year the edition is named by: `"2026"`, `"2017"` or `"2012"`.
    pub const fn as_str(self) -> &'static str {
        // `NAMES` is in declaration order.
        <Self as Editions>::NAMES[self as usize].1
    }
}

/// The names the editions are selected by, the default first:
/// [`swiss_core::Editions`] parses them (`FromStr`) and words the error
/// for a name that is none of them.
impl Editions for Edition {
    const SYSTEM: &'static str = "Dutch";
    const NAMES: &'static [(Self, &'static str)] = &[
        (Edition::Fide2026, "2026"),
        (Edition::Fide2017, "2017"),
        (Edition::Fide2012, "2012"),
    ];
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An edition name that is none of `2026`, `2017` and `2012`.
pub type ParseEditionError = swiss_core::ParseEditionError<Edition>;

impl FromStr for Edition {
    type Err = ParseEditionError;

    /// Accepts `2026`, `2017` and `2012` (also prefixed `fide`, any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::from_name(s)
    }
}

/// The rule ids the arbiter's account, comparison and `--explain` trace
/// print (`explain.rs`, `compare.rs`, `engine/record.rs`, the round
/// loops): one map from the 2017 text's ids, which the engine's shared
/// machinery is written in, to the edition's own.
impl Edition {
    /// The id of a rule in this edition's text, given its id in the 2017
    /// text (`"B.8"`, `"A.6"`, `"C.5"`, `"E.1"`, `"D.1-D.3"`): under
    /// [`Edition::Fide2026`] its 2026 number by the article map of
    /// `dutch-2026-changes.md` (criteria C.1-C.19 become C1-C4 and C6-C21,
    /// the colour rules E.1-E.5 become 5.2.1-5.2.5, sections A, B and D
    /// become Articles 1, 3 and 4; see the crate docs, "Rule ids of the
    /// 2026 text"); under the 2017 and 2012 editions the id as given.
    /// An id the map does not know (a 2026 id such as `"C9"`) is returned
    /// as given.
    pub fn rule(self, id_2017: &str) -> &str {
        if self != Edition::Fide2026 {
            return id_2017;
        }
        match id_2017 {
            // Section A: the definitions of Article 1.
            "A.2" => "Art. 1.2",
            "A.3" => "Art. 1.3",
            "A.4" => "Art. 1.4",
            "A.6" => "Art. 1.7",
            "A.7" => "Art. 1.8",
            // Section B: the bracket procedure of Article 3.
            "B.3" => "Art. 3.3",
            "B.4" => "Art. 3.4",
            "B.6/B.7" => "Art. 3.6/3.7",
            "B.6-B.8" => "Art. 3.6-3.8",
            "B.8" => "Art. 3.8",
            // Section D: the generation order of Article 4.
            "D.1" => "Art. 4.2",
            "D.2" => "Art. 4.3",
            "D.3" => "Art. 4.4",
            "D.1-D.3" => "Art. 4.2-4.4",
            // The criteria: C5 and C9 are new, so C.5-C.7 move up one and
            // C.8-C.19 two.
            "C.1-C.3" => "C1-C3",
            "C.1" => "C1",
            "C.2" => "C2",
            "C.3" => "C3",
            "C.4" => "C4",
            "C.5" => "C6",
            "C.6" => "C7",
            "C.7" => "C8",
            "C.8" => "C10",
            "C.9" => "C11",
            "C.10" => "C12",
            "C.11" => "C13",
            "C.12" => "C14",
            "C.13" => "C15",
            "C.14" => "C16",
            "C.15" => "C17",
            "C.16" => "C18",
            "C.17" => "C19",
            "C.18" => "C20",
            "C.19" => "C21",
            // Section E: the colour allocation of Article 5.2.
            "E.1" => "5.2.1",
            "E.2" => "5.2.2",
            "E.3" => "5.2.3",
            "E.4" => "5.2.4",
            "E.5" => "5.2.5",
            other => other,
        }
    }

    /// [`Edition::rule`] as messages cite it, after the handbook's
    /// chapter: `C.04.3 B.8` (2017), `C.04.3 (2026) Art. 3.8`,
    /// `C.04.3 (2012) ...`.
    pub fn cite(self, id_2017: &str) -> String {
        let chapter = match self {
            Edition::Fide2026 => "C.04.3 (2026)",
            Edition::Fide2017 => "C.04.3",
            Edition::Fide2012 => "C.04.3 (2012)",
        };
        format!("{chapter} {}", self.rule(id_2017))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names the CLI, JSON and TRF select an edition by.
    #[test]
    fn edition_names_round_trip() {
        for e in [Edition::Fide2026, Edition::Fide2017, Edition::Fide2012] {
            assert_eq!(e.as_str().parse::<Edition>(), Ok(e));
            assert_eq!(e.to_string(), e.as_str());
        }
        assert_eq!("FIDE-2012".parse::<Edition>(), Ok(Edition::Fide2012));
        assert_eq!(" fide 2017 ".parse::<Edition>(), Ok(Edition::Fide2017));
        assert_eq!("Fide2026".parse::<Edition>(), Ok(Edition::Fide2026));
        assert_eq!(
            "2025".parse::<Edition>().map_err(|e| e.to_string()),
            Err(r#"unknown Dutch edition "2025" (expected 2026, 2017 or 2012)"#.to_string())
        );
        // The default is the edition in force.
        assert_eq!(Edition::default(), Edition::Fide2026);
        assert_eq!(crate::Options::default().edition, Edition::Fide2026);
        assert_eq!(crate::Options::default(), crate::Options::DEFAULT);
        assert_eq!(crate::Dutch::default(), crate::Dutch::FIDE_2026);
    }

    /// The article map of `dutch-2026-changes.md`: 2026 ids under 2026,
    /// the ids as given under 2017 and 2012.
    #[test]
    fn rule_ids_follow_the_article_map() {
        let e = Edition::Fide2026;
        assert_eq!(e.rule("B.8"), "Art. 3.8");
        assert_eq!(e.rule("A.6"), "Art. 1.7");
        assert_eq!(e.rule("D.1-D.3"), "Art. 4.2-4.4");
        assert_eq!(e.rule("C.5"), "C6");
        assert_eq!(e.rule("C.7"), "C8");
        assert_eq!(e.rule("C.19"), "C21");
        assert_eq!(e.rule("E.3"), "5.2.3");
        assert_eq!(e.rule("C9"), "C9");
        assert_eq!(e.cite("C.1-C.3"), "C.04.3 (2026) C1-C3");
        for old in [Edition::Fide2017, Edition::Fide2012] {
            assert_eq!(old.rule("B.8"), "B.8");
            assert_eq!(old.rule("C.5"), "C.5");
        }
        assert_eq!(Edition::Fide2017.cite("E.1"), "C.04.3 E.1");
        // Every 2017 id maps to a 2026 id without a dot after a letter.
        for n in 1..=19 {
            let id = format!("C.{n}");
            assert!(!e.rule(&id).contains('.'), "{id}");
        }
    }
}
