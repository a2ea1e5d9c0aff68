//! The `tcec-swiss-reference/1` JSON schema (the reference data of
//! `testdata/oracle/tcec/`, also the CLI's TCEC JSON input): reading it,
//! turning it into a [`Tournament`], and replaying it round by round.

use serde::{Deserialize, Serialize};
use swiss_core::{
    Colour, ErrorKind, InputError, Player, PointSystem, ResultCode, RoundEntry, StartNo, Tournament,
};

use crate::error::TcecError;
use crate::model::{DoubleGameOrder, Format, Options, TcecGame, TcecPair, playing_order};
use crate::pairing::pair_round;

/// The schema name this module reads.
pub const SCHEMA: &str = "tcec-swiss-reference/1";

/// A whole tournament in the reference schema.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reference {
    /// Always [`SCHEMA`].
    pub schema: String,
    /// Tournament id, e.g. `shared-001`.
    #[serde(default)]
    pub id: String,
    /// Single or double rounds.
    pub format: Format,
    /// 1 (single) or 2 (double).
    #[serde(default)]
    pub games_per_pair: Option<u32>,
    /// The double-round playing order; `null` in the single format.
    #[serde(default)]
    pub double_game_order: Option<DoubleGameOrder>,
    /// Number of players, P.
    pub num_players: u32,
    /// Number of rounds, N.
    #[serde(default)]
    pub num_rounds: u32,
    /// The reference's point scale (2/1/0, BYE 2 per game): informational.
    #[serde(default)]
    pub scoring: Option<serde_json::Value>,
    /// The players, seed 1..P.
    pub players: Vec<ReferencePlayer>,
    /// The rounds played, round 1 first.
    pub rounds: Vec<ReferenceRound>,
    /// Standings after the last round: informational.
    #[serde(default)]
    pub final_standings: Option<serde_json::Value>,
    /// How results were simulated: informational.
    #[serde(default)]
    pub generator: Option<serde_json::Value>,
}

/// A player of the reference file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReferencePlayer {
    /// The seed (start number).
    pub seed: StartNo,
    /// The name.
    #[serde(default)]
    pub name: String,
}

/// One round of the reference file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReferenceRound {
    /// The round, 1-based.
    pub round: u32,
    /// `TCEC STEP 1` order (debugging aid).
    #[serde(default)]
    pub pairing_order: Vec<StartNo>,
    /// State before the round (debugging aid, not read).
    #[serde(default)]
    pub standings_before: Option<serde_json::Value>,
    /// The BYE.
    pub bye: Option<StartNo>,
    /// Removal counter after `TCEC STEP 3` of this round.
    pub history_rounds_removed: u32,
    /// Rounds removed in this round.
    #[serde(default)]
    pub history_rounds_removed_this_round: Option<u32>,
    /// The pairs in `TCEC STEP 4` order.
    pub pairs: Vec<ReferencePair>,
    /// The games in playing order.
    pub games: Vec<ReferenceGame>,
}

/// One pair of a reference round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReferencePair {
    /// First-of-pair.
    pub first: StartNo,
    /// Second-of-pair.
    pub second: StartNo,
    /// White in the first game.
    pub white: StartNo,
    /// Black in the first game.
    pub black: StartNo,
    /// The pair's games (1 or 2), first game first.
    pub games: Vec<ReferenceResult>,
}

/// A game with its result, inside a pair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReferenceResult {
    /// White.
    pub white: StartNo,
    /// Black.
    pub black: StartNo,
    /// `1-0`, `1/2-1/2` or `0-1`.
    pub result: String,
}

/// A game in playing order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReferenceGame {
    /// White.
    pub white: StartNo,
    /// Black.
    pub black: StartNo,
    /// `1-0`, `1/2-1/2` or `0-1`.
    pub result: String,
    /// Index into the round's `pairs`.
    pub pair_index: usize,
    /// 1 or 2.
    pub game_of_pair: u8,
}

impl ReferencePair {
    /// The pair without its games, as the engine writes it.
    pub fn pair(&self) -> TcecPair {
        TcecPair {
            first: self.first,
            second: self.second,
            white: self.white,
            black: self.black,
        }
    }
}

impl ReferenceGame {
    /// The game without its result, as the engine writes it.
    pub fn game(&self) -> TcecGame {
        TcecGame {
            white: self.white,
            black: self.black,
            pair_index: self.pair_index,
            game_of_pair: self.game_of_pair,
        }
    }
}

fn whole_file(file: &str, what: String) -> TcecError {
    TcecError::Input(InputError {
        file: file.to_string(),
        line: 0,
        column: 0,
        kind: ErrorKind::Expected(what),
    })
}

/// Reads a `tcec-swiss-reference/1` document. Syntax and schema errors
/// carry the line and column; consistency errors (unknown seeds, results,
/// game counts) concern the whole file (line 0).
pub fn read_reference(text: &str, file_name: &str) -> Result<Reference, TcecError> {
    let r: Reference = serde_json::from_str(text).map_err(|e| {
        TcecError::Input(InputError {
            file: file_name.to_string(),
            line: e.line(),
            column: e.column(),
            kind: ErrorKind::Expected(format!("a `{SCHEMA}` document ({e})")),
        })
    })?;
    if r.schema != SCHEMA {
        return Err(whole_file(
            file_name,
            format!("schema `{SCHEMA}`, found `{}`", r.schema),
        ));
    }
    r.to_tournament()
        .map_err(|what| whole_file(file_name, what))?;
    Ok(r)
}

fn result_codes(result: &str) -> Option<(ResultCode, ResultCode)> {
    match result {
        "1-0" => Some((ResultCode::Win, ResultCode::Loss)),
        "1/2-1/2" => Some((ResultCode::Draw, ResultCode::Draw)),
        "0-1" => Some((ResultCode::Loss, ResultCode::Win)),
        _ => None,
    }
}

impl Reference {
    /// The options the file describes.
    pub fn options(&self) -> Options {
        Options {
            format: self.format,
        }
    }

    /// The file's double-round playing order (the rule text's cycle when
    /// the file names none).
    pub fn game_order(&self) -> DoubleGameOrder {
        self.double_game_order.unwrap_or_default()
    }

    /// The record as TRF columns: start number = seed; one column per
    /// round (single) or two (double: first games, then second games);
    /// the BYE as a pairing-allocated bye in each column of its round;
    /// the default 1 / ½ / 0 point system (the reference's 2 / 1 / 0
    /// halved). The error says what is inconsistent.
    pub fn to_tournament(&self) -> Result<Tournament, String> {
        let cols = self.format.games_per_pair() as usize;
        if let Some(g) = self.games_per_pair
            && g as usize != cols
        {
            return Err(format!(
                "games_per_pair {cols} for the {:?} format, found {g}",
                self.format
            ));
        }
        let mut players: Vec<Player> = self
            .players
            .iter()
            .map(|p| Player::new(p.seed, p.name.clone(), None))
            .collect();
        players.sort_by_key(|p| p.start_no);
        let seeds: Vec<StartNo> = players.iter().map(|p| p.start_no).collect();
        let expected: Vec<StartNo> = (1..=self.players.len() as StartNo).collect();
        if seeds != expected || self.players.len() != self.num_players as usize {
            return Err(format!(
                "seeds 1..{} for {} players, each once",
                self.num_players, self.num_players
            ));
        }
        let n = players.len();
        let idx = |s: StartNo, round: u32| -> Result<usize, String> {
            (s as usize)
                .checked_sub(1)
                .filter(|&i| i < n)
                .ok_or_else(|| format!("round {round}: a seed in 1..{n}, found {s}"))
        };
        for (k, r) in self.rounds.iter().enumerate() {
            if r.round as usize != k + 1 {
                return Err(format!(
                    "round {} in position {}, found {}",
                    k + 1,
                    k + 1,
                    r.round
                ));
            }
            for p in &mut players {
                p.rounds.resize(k * cols + cols, RoundEntry::BLANK);
            }
            for pair in &r.pairs {
                if pair.games.len() != cols {
                    return Err(format!(
                        "round {}: {cols} game(s) per pair, found {}",
                        r.round,
                        pair.games.len()
                    ));
                }
                for (g, game) in pair.games.iter().enumerate() {
                    let (w, b) = (idx(game.white, r.round)?, idx(game.black, r.round)?);
                    let (rw, rb) = result_codes(&game.result).ok_or_else(|| {
                        format!(
                            "round {}: a result `1-0`, `1/2-1/2` or `0-1`, found `{}`",
                            r.round, game.result
                        )
                    })?;
                    let col = k * cols + g;
                    players[w].rounds[col] = RoundEntry::game(game.black, Colour::White, rw);
                    players[b].rounds[col] = RoundEntry::game(game.white, Colour::Black, rb);
                }
            }
            if let Some(b) = r.bye {
                let b = idx(b, r.round)?;
                for c in 0..cols {
                    players[b].rounds[k * cols + c] = RoundEntry::no_game(ResultCode::PairingBye);
                }
            }
        }
        let point_system = PointSystem::default();
        for p in &mut players {
            p.points = p.score_after(u32::MAX, &point_system);
        }
        Ok(Tournament {
            name: self.id.clone(),
            planned_rounds: Some(
                self.num_rounds
                    .max(self.rounds.len() as u32)
                    .saturating_mul(cols as u32),
            ),
            point_system,
            players,
            ..Tournament::default()
        })
    }
}

/// The outcome of [`replay`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ReplayReport {
    /// The tournament id.
    pub id: String,
    /// Rounds replayed.
    pub rounds: u32,
    /// Rounds reproduced exactly on all four points.
    pub identical: u32,
    /// One readable line per differing round.
    pub differences: Vec<String>,
}

fn show_pairs(p: &[TcecPair]) -> String {
    let v: Vec<String> = p
        .iter()
        .map(|p| format!("{}/{} {}-{}", p.first, p.second, p.white, p.black))
        .collect();
    v.join(", ")
}

fn show_games(g: &[TcecGame]) -> String {
    let v: Vec<String> = g
        .iter()
        .map(|g| {
            format!(
                "{}-{}#{}.{}",
                g.white, g.black, g.pair_index, g.game_of_pair
            )
        })
        .collect();
    v.join(", ")
}

/// Replays `reference`: for each round k, pairs rounds `1..k` with the
/// engine and compares with round k on the README's four points: the BYE,
/// `history_rounds_removed` (and the count of this round), the `pairs` in
/// order with first, second, white and black, and the `games` in playing
/// order (by the file's `double_game_order`).
pub fn replay(reference: &Reference) -> ReplayReport {
    let mut report = ReplayReport {
        id: reference.id.clone(),
        rounds: reference.rounds.len() as u32,
        ..ReplayReport::default()
    };
    let t = match reference.to_tournament() {
        Ok(t) => t,
        Err(e) => {
            report.differences.push(format!("{}: {e}", reference.id));
            return report;
        }
    };
    let opts = reference.options();
    let order = reference.game_order();
    for r in &reference.rounds {
        let want_pairs: Vec<TcecPair> = r.pairs.iter().map(ReferencePair::pair).collect();
        let want_games: Vec<TcecGame> = r.games.iter().map(ReferenceGame::game).collect();
        let mut problems = Vec::new();
        match pair_round(&t, &opts, r.round) {
            Err(e) => problems.push(e.to_string()),
            Ok(got) => {
                if got.bye != r.bye {
                    problems.push(format!("bye {:?}, expected {:?}", got.bye, r.bye));
                }
                let this_round = r
                    .history_rounds_removed_this_round
                    .unwrap_or(got.history_rounds_removed_this_round);
                if got.history_rounds_removed != r.history_rounds_removed
                    || got.history_rounds_removed_this_round != this_round
                {
                    problems.push(format!(
                        "history removed {} (+{}), expected {} (+{this_round})",
                        got.history_rounds_removed,
                        got.history_rounds_removed_this_round,
                        r.history_rounds_removed
                    ));
                }
                if got.pairs != want_pairs {
                    problems.push(format!(
                        "pairs [{}], expected [{}]",
                        show_pairs(&got.pairs),
                        show_pairs(&want_pairs)
                    ));
                }
                let games = playing_order(&got.pairs, opts.format, order);
                if games != want_games {
                    problems.push(format!(
                        "games [{}], expected [{}]",
                        show_games(&games),
                        show_games(&want_games)
                    ));
                }
            }
        }
        if problems.is_empty() {
            report.identical += 1;
        } else {
            report.differences.push(format!(
                "{} round {}: {}",
                reference.id,
                r.round,
                problems.join("; ")
            ));
        }
    }
    report
}
