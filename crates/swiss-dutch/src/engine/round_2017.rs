//! The round-pairing of the 2017 edition (C.04.3 A.9): brackets paired one by one from the top
//! scoregroup down, each one's downfloaters moved down as MDPs into the
//! next; the bracket after which the round could no longer be completed
//! becomes the PPB, paired again with C.4 and the collapsed scoregroup.

use std::cell::RefCell;

use super::bracket::{
    Bracket, Chosen, downfloaters, log_bracket, scoregroup_end, solve_bracket, with_pairs,
};
use super::completion::{AbsoluteCriteria, bracket_pairs_everyone, completable, unpairable};
use super::criteria::Fide2017;
use super::record::Recorder;
use crate::DutchError;
use crate::player::Player;

/// Pairs the whole round: returns, for each player (A.2 order), his
/// opponent. Each bracket paired is kept in `recorder` when given (the
/// arbiter's comparison or account).
pub(crate) fn pair_round(
    field: &[Player],
    rounds_played: u32,
    recorder: Option<&RefCell<Recorder>>,
) -> Result<Vec<Option<usize>>, DutchError> {
    pair_round_with(field, rounds_played, true, recorder)
}

/// [`pair_round`], with the remainder's cut
/// (`CandidateSearch::cut_off_rest`) allowed or not (the test that checks
/// the cut changes nothing turns it off).
pub(super) fn pair_round_with(
    field: &[Player],
    rounds_played: u32,
    cut_off_rest: bool,
    recorder: Option<&RefCell<Recorder>>,
) -> Result<Vec<Option<usize>>, DutchError> {
    let absolute = AbsoluteCriteria::new(field);
    let mut round = RoundPairing {
        field,
        absolute: &absolute,
        opponent: vec![None; field.len()],
        rounds_played,
        cut_off_rest,
        recorder,
    };
    round.pair()?;
    Ok(round.opponent)
}

/// The round being paired.
struct RoundPairing<'a> {
    field: &'a [Player],
    absolute: &'a AbsoluteCriteria,
    /// Each player's opponent so far (positions in `field`).
    opponent: Vec<Option<usize>>,
    rounds_played: u32,
    cut_off_rest: bool,
    /// The arbiter's recorder, when the round is paired for it.
    recorder: Option<&'a RefCell<Recorder>>,
}

/// Where the top-down pass stands: the next bracket's MDPs and residents,
/// and the first player not yet in a bracket.
struct Pass {
    /// The bracket: MDPs first, then the residents.
    bracket: Vec<usize>,
    mdps: usize,
    /// The first player of the next scoregroup.
    next: usize,
    /// The bracket is the PPB or the CLB (A.9).
    ppb_or_clb: bool,
}

impl<'a> RoundPairing<'a> {
    /// A.9: pairs the brackets top-down. Fails with `NoLegalPairing` when
    /// no complete round-pairing exists at all (the arbiter decides).
    fn pair(&mut self) -> Result<(), DutchError> {
        let n = self.field.len();
        if n == 0 {
            return Ok(());
        }
        // C.4 before any bracket: a round that cannot be completed at all
        // is refused, with the reason, before any weights are built.
        if let Some(why) = unpairable(self.field, self.absolute) {
            return Err(DutchError::NoLegalPairing {
                reason: why.reason::<Fide2017>(),
            });
        }
        let top = self.scoregroup_end(0);
        let mut pass = Pass {
            bracket: (0..top).collect(),
            mdps: 0,
            next: top,
            ppb_or_clb: top == n,
        };
        while pass.bracket.len() > 1 || pass.next < n {
            self.pair_bracket(&mut pass)?;
        }
        Ok(())
    }

    fn scoregroup_end(&self, from: usize) -> usize {
        scoregroup_end(self.field, from)
    }

    /// Pairs the bracket `pass` stands at and moves on: its downfloaters
    /// and the next scoregroup form the next bracket. When the bracket
    /// leaves the round incompletable (A.9), it becomes the PPB instead
    /// and `pass` is set to pair it again.
    fn pair_bracket(&mut self, pass: &mut Pass) -> Result<(), DutchError> {
        let n = self.field.len();
        let size = pass.bracket.len();
        if size == pass.mdps {
            return Err(DutchError::internal("a bracket without residents"));
        }
        let group_start = pass.next;
        let b = self.next_bracket(pass);
        // The next scoregroup (or the collapsed one): the residents of the
        // next bracket.
        let group: Vec<usize> = (group_start..pass.next).collect();
        let (pairs, how) = match b.perfect_first_candidate() {
            Some(p) => (p, Chosen::Perfect),
            None => (solve_bracket(&b)?, Chosen::Best),
        };
        let trial = with_pairs(&self.opponent, &b, &pairs);
        if !pass.ppb_or_clb && !completable(self.field, self.absolute, &trial) {
            // A.9: this bracket is the PPB; pair it again with C.4 and the
            // collapsed scoregroup below it.
            tracing::debug!(
                score = %swiss_core::Points(b.player(pass.mdps).score),
                "bracket is the penultimate pairing bracket"
            );
            pass.next = group_start;
            pass.ppb_or_clb = true;
            return Ok(());
        }
        self.opponent = trial;
        let floaters = downfloaters(&b, &pairs);
        log_bracket(&b, &pairs, &floaters, how, self.recorder);
        pass.ppb_or_clb = pass.next == n;
        if pass.next == n && b.members.len() == size && floaters.len() > 1 {
            return Err(DutchError::NoLegalPairing {
                reason: format!(
                    "the last bracket leaves {} players unpaired",
                    floaters.len()
                ),
            });
        }
        pass.mdps = floaters.len();
        pass.bracket = floaters;
        pass.bracket.extend_from_slice(&group);
        Ok(())
    }

    /// The bracket `pass` stands at, with the players considered with it:
    /// the next scoregroup, or for the PPB and the CLB the collapsed
    /// scoregroup of all players left (A.9); `pass.next` moves past them.
    ///
    /// C.5 outranks every criterion but C.4 (PPB and CLB only): when the
    /// bracket can pair all its players, every best candidate does, nobody
    /// floats, and C.7 is the same for all of them, so the next scoregroup
    /// cannot change the choice. Leaving it out of the matching makes the
    /// bracket up to 8 times cheaper.
    fn next_bracket(&self, pass: &mut Pass) -> Bracket<'a, Fide2017> {
        let n = self.field.len();
        let size = pass.bracket.len();
        let group_start = pass.next;
        let mut members = pass.bracket.clone();
        while pass.next < n
            && (pass.ppb_or_clb || self.field[pass.next].score >= self.field[group_start].score)
        {
            members.push(pass.next);
            pass.next += 1;
        }
        if !pass.ppb_or_clb
            && size.is_multiple_of(2)
            && members.len() > size
            && bracket_pairs_everyone(self.absolute, &pass.bracket, pass.mdps)
        {
            members.truncate(size);
        }
        let mut b = Bracket::new(
            self.field,
            self.absolute,
            members,
            pass.mdps,
            size,
            pass.ppb_or_clb,
            pass.next == n,
            self.rounds_played,
        );
        b.cut_off_rest = self.cut_off_rest;
        b
    }
}
