//! The TCEC system behind the workspace's [`PairingSystem`] trait: one TRF
//! column at a time.

use swiss_core::{Pair, Pairing, PairingSystem, Tournament};

use crate::Error;
use crate::model::{Format, Options, TcecRound};
use crate::pairing::{pair_round, second_game_from_record};

/// Pairs TRF column [`Tournament::next_round`] of `t` with the TCEC Swiss
/// system: what [`Tcec`] does as a [`PairingSystem`]. The [`Pairing`]
/// holds that column's games, in playing order. Single format: the column
/// is a TCEC round. Double format: an odd column is the first column of a
/// new TCEC round (its first games, `TCEC STEP 1`-`5`); an even column is
/// the round's second column (the pairs recorded in the column before,
/// colours reversed, the same BYE). [`pair_next_round`](crate::pair_next_round)
/// and [`pair_round`](crate::pair_round) give the whole [`TcecRound`]
/// (pairing order, first-of-pair, history removal, both games).
pub fn pair(t: &Tournament, options: &Options) -> Result<Pairing, Error> {
    Tcec::new(options.clone()).pair(t)
}

/// The TCEC Swiss system as a [`PairingSystem`] (name `"tcec"`): see
/// [`pair`] for what a column's pairing is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tcec {
    /// The options every round is paired with (the format).
    pub options: Options,
}

impl Tcec {
    /// Single rounds (the default).
    pub const SINGLE: Tcec = Tcec::new(Options::DEFAULT.with_format(Format::Single));
    /// Double rounds.
    pub const DOUBLE: Tcec = Tcec::new(Options::DEFAULT.with_format(Format::Double));

    /// The system with `options`.
    pub const fn new(options: Options) -> Tcec {
        Tcec { options }
    }

    /// The TCEC round containing TRF column `t.next_round()`, and which
    /// game of the pairs that column holds (1 or 2).
    pub fn pair_column(&self, t: &Tournament) -> Result<(TcecRound, u8), crate::TcecError> {
        let column = t.next_round();
        let round = self.options.format.tcec_round_of_column(column);
        match self.options.format {
            Format::Double if column.is_multiple_of(2) => {
                Ok((second_game_from_record(t, round)?, 2))
            }
            _ => Ok((pair_round(t, &self.options, round)?, 1)),
        }
    }
}

impl PairingSystem for Tcec {
    fn name(&self) -> &'static str {
        "tcec"
    }

    /// `TCEC STEP 3`: each proposed pair that met in a round the engine's
    /// encounter history keeps (after the removals this round and earlier
    /// ones needed). A round the engine cannot pair gives none: the
    /// comparison fails on it anyway.
    fn breaches(&self, t: &Tournament, proposed: &Pairing) -> Vec<swiss_core::Breach> {
        crate::compare::breaches(t, &self.options, proposed).unwrap_or_default()
    }

    /// The first step that prefers the engine's round, from the engine's
    /// own round and history: the BYE (`TCEC STEP 2`), the first
    /// first-of-pair whose opponent differs (`TCEC STEP 4`), the colours
    /// (`TCEC STEP 5`).
    fn separate(&self, t: &Tournament, proposed: &Pairing) -> Option<swiss_core::Separation> {
        crate::compare::separate(t, &self.options, proposed)
            .ok()
            .flatten()
    }

    /// The arbiter's account of the round, step by step (`TCEC STEP 1`-`5`),
    /// from the engine's round and reasons; with `player`, only his.
    fn explain(
        &self,
        t: &Tournament,
        player: Option<swiss_core::StartNo>,
    ) -> Option<Result<String, Error>> {
        let column = t.next_round();
        Some(
            crate::explain::explain(t, &self.options, player)
                .map_err(|e| e.into_pairing_error(column)),
        )
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, Error> {
        let column = t.next_round();
        let (round, game) = self
            .pair_column(t)
            .map_err(|e| e.into_pairing_error(column))?;
        Ok(Pairing {
            round: column,
            pairs: round
                .games
                .iter()
                .filter(|g| g.game_of_pair == game)
                .map(|g| Pair {
                    white: g.white,
                    black: g.black,
                })
                .collect(),
            bye: round.bye,
        })
    }
}
