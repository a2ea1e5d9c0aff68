//! FIDE tie-breaks (C.07, "Tie-Break Regulations", the rules in force since
//! 1 March 2026, with the 2024 rules selectable) and final standings for
//! any tournament record of the `swiss` workspace.
//!
//! Compute one tie-break with [`compute`], or a whole ranked table with
//! [`table`], from a [`Tournament`] up to any round ([`Options::round`]).
//! Scores are exact (tenths of a point, [`swiss_core::Points`]); ratings
//! are integers; averages are rounded as the regulation says (halves up).
//!
//! ```
//! use swiss_core::{Colour, Player, ResultCode, RoundEntry, Tournament};
//! use swiss_tiebreak::{table, Options, TieBreak};
//!
//! let mut t = Tournament::default();
//! for (no, rating) in [(1, 2100), (2, 2000), (3, 1900)] {
//!     t.players.push(Player::new(no, format!("P{no}"), Some(rating)));
//! }
//! // Round 1: 1 beats 2, 3 gets the pairing-allocated bye.
//! t.players[0].rounds.push(RoundEntry::game(2, Colour::White, ResultCode::Win));
//! t.players[1].rounds.push(RoundEntry::game(1, Colour::Black, ResultCode::Loss));
//! t.players[2].rounds.push(RoundEntry::no_game(ResultCode::PairingBye));
//!
//! let codes = TieBreak::parse_list("BH,SB,TPN").unwrap();
//! let tb = table(&t, &codes, &Options::default()).unwrap();
//! assert_eq!(tb.rows[0].values[0].to_string(), "0.0"); // BH: player 2 scored 0
//! // Player 3's bye meets a dummy opponent: his own 1.0, capped (2026) at half the maximum.
//! assert_eq!(tb.rows[2].values[0].to_string(), "0.5");
//! // Both have 1 point; BH puts player 3 first.
//! assert_eq!((tb.rows[2].rank, tb.rows[0].rank), (1, 2));
//! ```
//!
//! # The tie-breaks, and where they live
//!
//! `code.rs` reads the codes (`BH/C1`, `SB`, `ARO/C1`, `KS/L60`, ...);
//! `facts.rs` turns each round into what C.07 Art. 16 makes of it
//! (played game, pairing-allocated bye, unplayed round, voluntarily
//! unplayed round); `compute.rs` is every tie-break but DE; `rank.rs`
//! ranks and computes DE inside the groups left tied; `rating.rs` holds
//! the two tables of B.02 Art. 8.1 and the performances built on them.
//!
//! | code | article | value |
//! |---|---|---|
//! | PTS | 5 | points, one decimal |
//! | STD | 5.2 (2026) | every round as 1 / ½ / 0: more than a draw, a draw, less |
//! | DE | 6 | place inside the tied group, 0 when it does not separate |
//! | WIN | 7.1 | rounds scored as a win, played or not |
//! | WON | 7.2 | games won over the board |
//! | BPG | 7.3 | games played over the board with Black |
//! | BWG | 7.4 | games won over the board with Black |
//! | REP | 7.5 | rounds one elected to play: games, the PAB, rounds scored as a win |
//! | PS | 7.6 | sum of the running scores (Cut-N drops the first rounds) |
//! | KS | 7.7 | points against opponents at or above the Koya limit |
//! | BH, FB, SB | 8.1-8.3 | opponents' scores, unplayed rounds per Art. 16 |
//! | AOB | 8.4 | average of the opponents' BH, two decimals |
//! | ARO, TPR, PTP | 10.1-10.3 | integers, over games played |
//! | APRO, APPO | 10.4, 10.5 | average of opponents' TPR / PTP |
//! | RTNG | 10.6 | own rating |
//! | TPN | last resort | start number, lower first |
//!
//! Team events (a tournament with team records, FIDE C.04.6) are ranked
//! by the primary score and the team tie-breaks of Art. 11-13 (`MPTS`,
//! `GPTS`, `MPVGP`, `BC`, `TBR`, `BBE`, the extended Sonneborn-Berger
//! `ESB`/`EMMSB`/`EMGSB`/`EGMSB`/`EGGSB`, the extended direct encounter
//! `EDE`/`EDEC`/`EDET`/`EDEB`/`EDEBT`/`EDEBB`, `SSSC`), and every
//! tie-break above but the ratings' on match or game points (`BH:MP`,
//! `SB:GP`): [`team`], with its own rule interpretations. [`table`]
//! dispatches.
//!
//! # Unplayed rounds (Art. 16)
//!
//! A round is *played* when it is a game over the board (short games
//! included) or the pairing-allocated bye (Art. 16.2.1). A *voluntarily
//! unplayed round* (VUR, Art. 16.2.5) is any other round not scored as a
//! win: a half- or zero-point bye, a forfeit loss, an absence.
//!
//! - For his opponents' tie-breaks a player's score counts every round up
//!   to his last round that is not a VUR, and every round with an
//!   opponent, as scored; his VURs after it (a withdrawal) count as draws
//!   (Art. 16.3).
//! - For his own BH, FB and SB every round without a game over the board
//!   meets a dummy opponent whose score is the player's own final score
//!   (Art. 16.4). Since 1 March 2026 that score is capped: after a forfeit
//!   by the real opponent's score (Art. 16.4.1), otherwise at half the
//!   maximum score of the rounds counted (Art. 16.4.2). `--rules 2024`
//!   ([`Rules::R2024`]) leaves it uncapped.
//! - Cuts drop VURs first among the least significant values (Art. 16.5).
//!
//! # Rule interpretations
//!
//! - *Sources*: the regulation's text is not in the repository, and the
//!   search library held only the opening of the 2023 text. The articles
//!   are cited by the numbering the FIDE Technical Commission's reference
//!   program uses in its comments (6.x for DE, 16.2.1-16.2.5, 16.3, 16.4.1,
//!   16.4.2 for unplayed rounds) and, for the others, by the 2024 text's
//!   numbering as far as we know it; they should be checked against the
//!   published text. The values were checked against the reference program
//!   (`tests/reference.rs`): every value and rank of 199 shared and 130
//!   generated tournaments with 25 tie-breaks, the 2024 rules, DE early in
//!   the list, KS, PS/C1 and ARO/M1, all agreeing except the departure
//!   below.
//! - *Unrated players*: a rating tie-break (ARO, TPR, PTP, APRO, APPO,
//!   RTNG) is undefined for every player when any player is unrated,
//!   unless a rating for the unrated is given ([`Options::unrated`]): the
//!   regulation asks for them to be dropped from the list when unrated
//!   players take part and the tournament rules say nothing. An undefined
//!   value ranks last and prints as `-` (the reference program prints
//!   `-0`).
//! - *Up to a round*: the rounds counted are those of the record up to
//!   [`Options::round`] (default: the last round with a pairing); the
//!   "maximum score" of Art. 16.4.2 and the "last round" of FB are those.
//! - *Each tie-break on its own* (departure from the reference program):
//!   a tie-break's value does not depend on which tie-breaks come before
//!   it in the list. In the reference program computing FB leaves, for the
//!   tie-breaks listed after it, the "last present round" of every player
//!   paired in the last round moved to that round, so his voluntarily
//!   unplayed rounds after his real last present round stop counting as
//!   draws (Art. 16.3). Hand-worked in `t0274-p015-r10`: player 8 scores
//!   0, -, 1, +, -, =, 0, Z, -, - (2.5 points). His last present round is
//!   round 7; round 8 (zero-point bye, no opponent) is after it, so for his
//!   opponents' tie-breaks it counts as a draw and his score is 3.0 (the
//!   forfeits of rounds 9 and 10 have an opponent and count as scored).
//!   Player 1 beat him in round 1, so he adds 3.0 x 1 to player 1's SB:
//!   43.25. The reference program prints 43.25 when FB is not listed, and
//!   42.75 (player 8 counted at 2.5) when FB comes first; with FB listed
//!   first its ranks of players 12 and 15 change too. Pinned by
//!   `tests/reference.rs` (`without_fb_the_reference_agrees_with_us_on_t0274`)
//!   and `sb_does_not_depend_on_fb_before_it` in `tests/rules.rs`.
//! - *Koya limit in a Swiss*: the maximum score is the win's points times
//!   the rounds counted, for every player; the limit is 50% of it unless
//!   `/L` gives another percentage.
//! - *Cuts on ratings*: ARO/C1 drops the lowest-rated opponent met over the
//!   board (Median-1 also the highest); unplayed rounds have no rating to
//!   cut.
//! - *PTP*: the lowest whole rating whose expected score against the
//!   opponents (table B.02 8.1(b), differences capped at 800) reaches the
//!   score; a zero score is the lowest opponent's rating minus 800.
//! - *Point systems*: a round scored as a win is one scoring the win's
//!   points; STD compares each round's points with the draw's.
//! - *Cut-1 with voluntarily unplayed rounds* (Art. 16.5): a cut takes the
//!   least significant value (lowest opponent's score, then lowest value)
//!   unless a VUR contributes no more than it; then the VUR contributing
//!   least, by value. The reference program took the VUR of lowest score
//!   up to 1.9.57 and takes the least contribution since Gacrux 1.10; both
//!   agree on BH, and on SB they differ in 6 of the shared values, which
//!   are now 1.10.62's. Pinned by
//!   `cut_1_takes_the_voluntarily_unplayed_round_of_least_value_art_16_5`.

/// The README's example, compiled and run as a doctest so that it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

mod code;
mod compute;
mod error;
mod facts;
mod rank;
pub mod rating;
pub mod team;
mod value;

use serde::Serialize;
use swiss_core::{StartNo, Tournament};

pub use code::{Kind, TieBreak};
pub use error::TieBreakError;
pub use value::Value;

use compute::Calc;
use facts::Facts;

/// Which edition of C.07 applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub enum Rules {
    /// The rules in force since 1 March 2026 (dummy opponent capped).
    #[default]
    R2026,
    /// The 2024 rules, for events that started before March 2026.
    R2024,
}

impl std::str::FromStr for Rules {
    type Err = TieBreakError;
    fn from_str(s: &str) -> Result<Rules, TieBreakError> {
        match s.trim() {
            "2026" => Ok(Rules::R2026),
            "2024" => Ok(Rules::R2024),
            other => Err(TieBreakError::UnknownRules(other.to_string())),
        }
    }
}

impl Rules {
    /// The rules an event follows by its start date (TRF record `042`,
    /// `YYYY/MM/DD` or `YYYY-MM-DD`): the 2024 rules for an event that
    /// started before 1 March 2026, when they came into force; the 2026
    /// rules otherwise, and when the file gives no readable date.
    pub fn for_event(t: &Tournament) -> Rules {
        let date = t
            .header_records
            .iter()
            .chain(&t.trailer_records)
            .find_map(|r| r.strip_prefix("042 "))
            .map(|d| d.trim().replace('-', "/"));
        match date {
            Some(d)
                if d.len() >= 10
                    && d.as_bytes()[..10].iter().enumerate().all(|(i, b)| {
                        if i == 4 || i == 7 {
                            *b == b'/'
                        } else {
                            b.is_ascii_digit()
                        }
                    })
                    && d[..10] < *"2026/03/01" =>
            {
                Rules::R2024
            }
            _ => Rules::R2026,
        }
    }
}

/// The record a file lists its tie-breaks in: TRF-2026 `212` (the
/// standings' list), else `202`; `None` when it lists none.
pub fn list_record(t: &Tournament) -> Option<&'static str> {
    let has = |id: &str| {
        t.header_records
            .iter()
            .chain(&t.trailer_records)
            .any(|r| r.starts_with(id))
    };
    ["212", "202"].into_iter().find(|id| has(&format!("{id} ")))
}

/// The tie-break list of an event, each code with its text as given: the
/// list `given` (comma- or space-separated, `BH/C1,SB,DE`), else the file's
/// TRF-2026 record `212` (whose first code is the primary score, `PTS`,
/// dropped here since points always rank first) or `202`, else `default`
/// (the pairing system's). The CLI's `standings` and the Python bindings
/// both read a list through this.
pub fn list_for(
    t: &Tournament,
    given: Option<&str>,
    default: &str,
) -> Result<Vec<(String, TieBreak)>, TieBreakError> {
    let from_file = |id: &str| {
        t.header_records
            .iter()
            .chain(&t.trailer_records)
            .find_map(|r| r.strip_prefix(id).map(str::to_string))
    };
    let (text, primary_first) = match (given, from_file("212 "), from_file("202 ")) {
        (Some(l), _, _) => (l.to_string(), false),
        (None, Some(l), _) => (l, true),
        (None, None, Some(l)) => (l, false),
        (None, None, None) => (default.to_string(), false),
    };
    let mut out = Vec::new();
    for (i, c) in text
        .split([',', ' '])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .enumerate()
    {
        let tb: TieBreak = c.parse()?;
        if primary_first && i == 0 && tb.kind == Kind::Pts {
            continue;
        }
        out.push((c.to_string(), tb));
    }
    Ok(out)
}

/// The name of a row of the standings: the player's, or in a team event
/// the team's (`start_no` is then its TPN).
pub fn name_of(t: &Tournament, start_no: StartNo) -> &str {
    match &t.teams {
        Some(ts) => ts
            .teams
            .iter()
            .find(|team| team.tpn == start_no)
            .map_or("", |team| team.name.as_str()),
        None => t.player(start_no).map_or("", |p| p.name.as_str()),
    }
}

/// How to compute.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The edition of the rules.
    pub rules: Rules,
    /// Count rounds `1..=round` only (default: every round up to the last
    /// one with a pairing).
    pub round: Option<u32>,
    /// The rating given to unrated players by the tournament regulations
    /// (without it, rating tie-breaks are undefined when someone is unrated).
    pub unrated: Option<u16>,
}

fn facts(t: &Tournament, o: &Options) -> Result<Facts, TieBreakError> {
    // Byes entered ahead for a round not paired yet are not counted.
    let rounds = o.round.unwrap_or_else(|| t.played_rounds());
    Facts::new(t, rounds, o.unrated)
}

/// One tie-break's value for every player, in start-number order. DE is
/// computed among the players tied on points (use [`table`] for DE after
/// other tie-breaks).
pub fn compute(t: &Tournament, tb: &TieBreak, o: &Options) -> Result<Vec<Value>, TieBreakError> {
    Ok(table(t, std::slice::from_ref(tb), o)?
        .rows
        .into_iter()
        .map(|r| r.values[0])
        .collect())
}

/// One player's line of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// Start number.
    pub start_no: StartNo,
    /// Rank: by points, then each tie-break in order; fully tied players
    /// share the rank (1, 2, 2, 4).
    pub rank: u32,
    /// Points.
    pub points: Value,
    /// One value per tie-break, in the order asked.
    pub values: Vec<Value>,
}

/// The standings: every player's tie-breaks and rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    /// The tie-breaks, in order.
    #[serde(serialize_with = "codes_as_text")]
    pub codes: Vec<TieBreak>,
    /// The rules applied.
    pub rules: Rules,
    /// The rounds counted.
    pub rounds: u32,
    /// One row per player, in start-number order.
    pub rows: Vec<Row>,
}

fn codes_as_text<S: serde::Serializer>(c: &[TieBreak], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(c.iter().map(ToString::to_string))
}

impl Table {
    /// The rows in rank order (ties by start number).
    pub fn in_rank_order(&self) -> Vec<&Row> {
        let mut v: Vec<&Row> = self.rows.iter().collect();
        v.sort_by_key(|r| (r.rank, r.start_no));
        v
    }
}

/// The whole table: points, then each tie-break in order; ranks by them.
///
/// A team event (one with team records) is ranked by [`team::table`].
pub fn table(t: &Tournament, codes: &[TieBreak], o: &Options) -> Result<Table, TieBreakError> {
    if t.teams.is_some() {
        return team::table(t, codes, o);
    }
    for tb in codes {
        if tb.kind.team_only() || tb.score.is_some() || tb.forfeits_played {
            return Err(TieBreakError::NotForThisEvent {
                code: tb.to_string(),
                reason: "a team tie-break; this is an individual event",
            });
        }
    }
    let facts = facts(t, o)?;
    let calc = Calc {
        facts: &facts,
        rules: o.rules,
        own: None,
    };
    let start_nos: Vec<StartNo> = facts.players.iter().map(|p| p.start_no).collect();
    Ok(ranked_table(
        codes,
        o,
        facts.rounds,
        start_nos,
        |tb| calc.values(tb),
        |_, ranks, order| rank::direct_encounter(&facts, ranks, order),
    ))
}

/// Points (the first column, `PTS` of `values`), then each tie-break in
/// order, and the ranks by them: a tie-break whose value is a place
/// inside the groups left tied ([`Kind::is_place`]) gets the ranks and
/// order by the columns before it (`places`); the others do not depend
/// on them (`values`). Individual and team events share it.
pub(crate) fn ranked_table(
    codes: &[TieBreak],
    o: &Options,
    rounds: u32,
    start_nos: Vec<StartNo>,
    values: impl Fn(&TieBreak) -> Vec<Value>,
    places: impl Fn(&TieBreak, &[u32], &[usize]) -> Vec<Value>,
) -> Table {
    let n = start_nos.len();
    let pts = TieBreak::plain(Kind::Pts);
    let mut columns: Vec<(TieBreak, Vec<Value>)> = vec![(pts.clone(), values(&pts))];
    for tb in codes {
        let v = if tb.kind.is_place() {
            let (ranks, order) = rank::rank(&columns, n);
            places(tb, &ranks, &order)
        } else {
            values(tb)
        };
        columns.push((tb.clone(), v));
    }
    let (ranks, _) = rank::rank(&columns, n);
    let rows = start_nos
        .into_iter()
        .enumerate()
        .map(|(i, start_no)| Row {
            start_no,
            rank: ranks[i],
            points: columns[0].1[i],
            values: columns[1..].iter().map(|c| c.1[i]).collect(),
        })
        .collect();
    Table {
        codes: codes.to_vec(),
        rules: o.rules,
        rounds,
        rows,
    }
}
