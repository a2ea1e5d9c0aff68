//! The TCEC system behind the workspace's [`PairingSystem`] trait: one TRF
//! column at a time.

use swiss_core::{Pair, Pairing, PairingError, PairingSystem, Tournament};

use crate::model::{Format, TcecOptions, TcecRound};
use crate::pairing::{pair_round, second_game_from_record};

/// The TCEC Swiss system as a [`PairingSystem`] (name `"tcec"`).
///
/// Pairs TRF column [`Tournament::next_round`]. Single format: the column
/// is the TCEC round. Double format: an odd column is the first game of a
/// new TCEC round; an even column is its second game (the pairs recorded
/// in the odd column, colours reversed, same BYE). Boards are in playing
/// order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tcec {
    /// The format (single or double rounds).
    pub options: TcecOptions,
}

impl Tcec {
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

    /// For a proposal with the engine's pairs and other colours: the
    /// colour rule (`TCEC STEP 5`). Other differences are not named yet.
    fn separate(&self, t: &Tournament, proposed: &Pairing) -> Option<swiss_core::Separation> {
        swiss_core::colours_only(&self.pair(t).ok()?, proposed, "TCEC STEP 5")
    }

    fn pair(&self, t: &Tournament) -> Result<Pairing, PairingError> {
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
