//! The TCEC vocabulary: format, options, pairs, games and the paired round.

use serde::{Deserialize, Serialize};
use swiss_core::StartNo;

/// Single or double rounds (rule text, "General structure").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Every pair plays once per round: one TRF column per TCEC round.
    #[default]
    Single,
    /// Every pair plays twice per round, colours reversed in the second
    /// game: two TRF columns per TCEC round.
    Double,
}

impl Format {
    /// Games per pair in one TCEC round, which is also the number of TRF
    /// columns one TCEC round takes.
    pub const fn games_per_pair(self) -> u32 {
        match self {
            Format::Single => 1,
            Format::Double => 2,
        }
    }

    /// The TCEC round that TRF column `column` (1-based) belongs to.
    pub const fn tcec_round_of_column(self, column: u32) -> u32 {
        column.div_ceil(self.games_per_pair())
    }
}

/// How the two games of the pairs follow each other in a double round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DoubleGameOrder {
    /// The rule text's order: the single-round schedule twice (every
    /// first game, then every second game).
    #[default]
    Cycle,
    /// Each pair's two games back to back (the reference without its
    /// Berger-schedule option).
    Pairwise,
}

/// Options of the TCEC system. The format is an option, never read from
/// the record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Options {
    /// Single or double rounds.
    pub format: Format,
}

impl Options {
    /// Every option at its default (usable in `const` items).
    pub const DEFAULT: Options = Options {
        format: Format::Single,
    };

    /// These options with the given format.
    pub const fn with_format(mut self, format: Format) -> Options {
        self.format = format;
        self
    }

    /// These options with double rounds on or off.
    pub const fn with_double(self, double: bool) -> Options {
        self.with_format(if double {
            Format::Double
        } else {
            Format::Single
        })
    }
}

/// One pair of a TCEC round (`TCEC STEP 4` and `TCEC STEP 5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TcecPair {
    /// The first-of-pair: the better placed in the pairing order.
    pub first: StartNo,
    /// The second-of-pair.
    pub second: StartNo,
    /// White in the pair's (first) game.
    pub white: StartNo,
    /// Black in the pair's (first) game.
    pub black: StartNo,
}

/// One game of a round, in playing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TcecGame {
    /// White.
    pub white: StartNo,
    /// Black.
    pub black: StartNo,
    /// Index of the pair in [`TcecRound::pairs`].
    pub pair_index: usize,
    /// 1 for the first game of the pair, 2 for the second (double format).
    pub game_of_pair: u8,
}

/// A paired TCEC round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TcecRound {
    /// The TCEC round (1-based).
    pub round: u32,
    /// `TCEC STEP 1`: every player of the round, BYE included, best first.
    pub pairing_order: Vec<StartNo>,
    /// `TCEC STEP 4`: the pairs in the order they were made (by the
    /// first-of-pair's place in the pairing order), with `TCEC STEP 5`'s
    /// colours.
    pub pairs: Vec<TcecPair>,
    /// `TCEC STEP 2`: the BYE, if the number of players is odd.
    pub bye: Option<StartNo>,
    /// `TCEC STEP 3`: encounter-history rounds removed so far, this round
    /// included (rounds `1..=history_rounds_removed` are forgotten).
    pub history_rounds_removed: u32,
    /// How many of them this round removed.
    pub history_rounds_removed_this_round: u32,
    /// The games in playing order; in the double format the rule text's
    /// order ([`DoubleGameOrder::Cycle`]).
    pub games: Vec<TcecGame>,
}

/// The games of `pairs` (in `TCEC STEP 4` order) in playing order: pairs
/// by the first-of-pair's place in the pairing order, descending (the
/// worst-placed pair plays first); in the double format the second games
/// reverse the colours and follow `order`.
pub fn playing_order(pairs: &[TcecPair], format: Format, order: DoubleGameOrder) -> Vec<TcecGame> {
    let game = |i: usize, p: &TcecPair, g: u8| {
        let (white, black) = if g == 1 {
            (p.white, p.black)
        } else {
            (p.black, p.white)
        };
        TcecGame {
            white,
            black,
            pair_index: i,
            game_of_pair: g,
        }
    };
    let desc = || pairs.iter().enumerate().rev();
    match (format, order) {
        (Format::Single, _) => desc().map(|(i, p)| game(i, p, 1)).collect(),
        (Format::Double, DoubleGameOrder::Cycle) => desc()
            .map(|(i, p)| game(i, p, 1))
            .chain(desc().map(|(i, p)| game(i, p, 2)))
            .collect(),
        (Format::Double, DoubleGameOrder::Pairwise) => desc()
            .flat_map(|(i, p)| [game(i, p, 1), game(i, p, 2)])
            .collect(),
    }
}
