//! The round-pairing of the 2026 edition (C.04.3 (2026) Art. 3, C4):
//! brackets paired one by one from the top scoregroup down, each one's
//! downfloaters moved down as MDPs into the next. There is no PPB and no
//! collapsed scoregroup: C4 holds in every bracket, so every bracket is
//! chosen among the candidates after which the round can still be
//! completed.

use std::cell::RefCell;

use super::bracket::{
    Bracket, Chosen, downfloaters, log_bracket, scoregroup_end, solve_bracket, with_pairs,
};
use super::completion::{
    AbsoluteCriteria, bracket_pairs_everyone, completable, completable_set, perfectly_pairable,
    unpairable,
};
use super::criteria::{C9Ranks, Fide2026};
use super::record::Recorder;
use crate::DutchError;
use crate::fide2026::c5_lowest_pab_score;
use crate::player::Player;

/// Pairs the whole round under the 2026 rules: returns, for each player
/// (Art. 1.2 order), his opponent. A round that cannot be completed at
/// all (C4 before the first bracket) is refused with the reason; else
/// C5 fixes the lowest PAB score when the field is odd, restricting the
/// players' PAB eligibility (C2) to it, and the brackets are paired. Each
/// bracket paired is kept in `recorder` when given (the arbiter's
/// comparison or account).
pub(crate) fn pair_round_2026(
    field: &mut [Player],
    rounds_played: u32,
    recorder: Option<&RefCell<Recorder>>,
) -> Result<Vec<Option<usize>>, DutchError> {
    // C1-C3 do not read PAB eligibility: C5 and the brackets share one
    // table.
    let absolute = AbsoluteCriteria::new(field);
    if let Some(why) = unpairable(field, &absolute) {
        return Err(DutchError::NoLegalPairing {
            reason: why.reason::<Fide2026>(),
        });
    }
    let pab_score = c5_lowest_pab_score(field, &absolute);
    let field = &*field;
    let mut round = Round2026 {
        field,
        absolute: &absolute,
        opponent: vec![None; field.len()],
        rounds_played,
        c9: pab_score.map(|score| C9Ranks::new(field, score)),
        recorder,
    };
    round.pair()?;
    Ok(round.opponent)
}

/// The round being paired.
struct Round2026<'a> {
    field: &'a [Player],
    absolute: &'a AbsoluteCriteria,
    /// Each player's opponent so far (positions in `field`).
    opponent: Vec<Option<usize>>,
    rounds_played: u32,
    /// C9's ranks at the PAB's score, when the field is odd.
    c9: Option<C9Ranks>,
    /// The arbiter's recorder, when the round is paired for it.
    recorder: Option<&'a RefCell<Recorder>>,
}

/// The next bracket: its MDPs and residents, and the first player not yet
/// in a bracket.
#[derive(Clone)]
struct Pass {
    bracket: Vec<usize>,
    mdps: usize,
    next: usize,
}

/// A bracket's pairs, as positions in its members.
type Pairs = Vec<(usize, usize)>;

/// How a bracket was paired, for the check of the bracket before it.
enum Outcome {
    /// With every player left in the matching: exact.
    Exact,
    /// With the next scoregroup only (the candidate leaves the round
    /// completable): exact unless the next bracket finds that C8 promised
    /// more than C4 allows.
    Restricted,
    /// With the next scoregroup only the best candidate broke C4, so it
    /// was paired again with every player left; `same` says whether it
    /// still reached the pairs and scores (C6, C7) the candidate had.
    Repaired { same: bool },
}

impl<'a> Round2026<'a> {
    /// Pairs the brackets top-down, the round known to be completable
    /// (`pair_round_2026` checked it, and C5 kept a PAB level at which it
    /// is).
    ///
    /// A bracket is paired first with the next scoregroup only, as in
    /// 2017, which is much cheaper than a matching over every player
    /// left. That gives the 2026 pairing whenever the candidate chosen,
    /// and the next bracket's best pairing, leave the round completable:
    /// then the bracket's best candidates under C4 are the same (C4 only
    /// removes candidates, and the one chosen keeps its C6-C8 values).
    /// When the candidate breaks C4, the bracket is paired again with
    /// every player left; when even that pairing cannot reach the pairs
    /// and scores the bracket above counted on for its C8, the bracket
    /// above is paired again the same way.
    fn pair(&mut self) -> Result<(), DutchError> {
        let n = self.field.len();
        if n == 0 {
            return Ok(());
        }
        let top = scoregroup_end(self.field, 0);
        let mut pass = Pass {
            bracket: (0..top).collect(),
            mdps: 0,
            next: top,
        };
        // The bracket above as it stood, while its C8 is unconfirmed.
        let mut undo: Option<Pass> = None;
        let mut exact = false;
        while pass.bracket.len() > 1 || pass.next < n {
            let before = pass.clone();
            match self.pair_bracket(&mut pass, exact)? {
                Outcome::Restricted => undo = Some(before),
                Outcome::Repaired { same: false } if undo.is_some() => {
                    if let Some(above) = undo.take() {
                        tracing::debug!("C8: the bracket above is paired again under C4");
                        // A bracket pairs its own players only: unpairing
                        // both brackets' players undoes both.
                        for &i in above.bracket.iter().chain(&before.bracket) {
                            self.opponent[i] = None;
                        }
                        pass = above;
                        exact = true;
                        continue;
                    }
                }
                _ => undo = None,
            }
            exact = false;
        }
        Ok(())
    }

    /// Pairs the bracket `pass` stands at, under C4 (the rest of the round
    /// must stay completable), and moves on: its downfloaters and the next
    /// scoregroup form the next bracket. With `exact`, the matching holds
    /// every player left from the start.
    fn pair_bracket(&mut self, pass: &mut Pass, exact: bool) -> Result<Outcome, DutchError> {
        let n = self.field.len();
        let size = pass.bracket.len();
        if size == pass.mdps {
            return Err(DutchError::NoLegalPairing {
                reason: format!("the last bracket leaves {size} players unpaired"),
            });
        }
        let group_start = pass.next;
        let group_end = if group_start < n {
            scoregroup_end(self.field, group_start)
        } else {
            n
        };
        let c9 = self.c9_applies(pass, group_start);
        // Without `exact`, even the last scoregroups are first paired
        // without the completion field: the value C4 may cost is what the
        // bracket above needs to know.
        let mut members = pass.bracket.clone();
        members.extend(group_start..if exact { n } else { group_end });
        // C6 outranks everything below C4: a bracket that can pair all
        // its players floats nobody, so the next scoregroup changes
        // nothing (C4 is checked on the candidate).
        if !exact
            && size.is_multiple_of(2)
            && bracket_pairs_everyone(self.absolute, &pass.bracket, pass.mdps)
        {
            members.truncate(size);
        }
        let group = group_end - group_start;
        let b = self.bracket(pass, members, group, exact, c9.clone());
        let (pairs, how) = self.best_candidate(&b)?;
        if exact {
            return self.finish(pass, &b, &pairs, how, group_end, Outcome::Exact);
        }
        // Art. 3.4's perfect candidate has passed C4 already.
        if how == Chosen::Perfect || self.completable_after(&b, &pairs) {
            return self.finish(pass, &b, &pairs, how, group_end, Outcome::Restricted);
        }
        // C4: the candidate leaves the round incompletable.
        tracing::debug!("C4: the bracket is paired again with every player left");
        let mut members = pass.bracket.clone();
        members.extend(group_start..n);
        let full = self.bracket(pass, members, group, true, c9);
        let (repaired, how) = self.best_candidate(&full)?;
        let same = c6_c7(&b, &pairs) == c6_c7(&full, &repaired);
        self.finish(
            pass,
            &full,
            &repaired,
            how,
            group_end,
            Outcome::Repaired { same },
        )
    }

    /// The 2026 bracket of `members` for `pass`, its next scoregroup
    /// `group` players long; `everybody`: `members` hold every player left.
    fn bracket(
        &self,
        pass: &Pass,
        members: Vec<usize>,
        group: usize,
        everybody: bool,
        c9: Option<C9Ranks>,
    ) -> Bracket<'a, Fide2026> {
        let size = pass.bracket.len();
        let next_end = (size + group).min(members.len());
        Bracket::new_2026(
            self.field,
            self.absolute,
            members,
            pass.mdps,
            size,
            next_end,
            everybody,
            self.rounds_played,
            c9,
        )
    }

    /// Art. 3.4's perfect candidate when it keeps C4, else Art. 3.8's
    /// best.
    fn best_candidate(&self, b: &Bracket<'_, Fide2026>) -> Result<(Pairs, Chosen), DutchError> {
        Ok(match b.perfect_first_candidate() {
            Some(p) if self.completable_after(b, &p) => (p, Chosen::Perfect),
            _ => (solve_bracket(b)?, Chosen::Best),
        })
    }

    /// Records `b`'s `pairs` and sets `pass` to the next bracket.
    fn finish(
        &mut self,
        pass: &mut Pass,
        b: &Bracket<'_, Fide2026>,
        pairs: &[(usize, usize)],
        how: Chosen,
        group_end: usize,
        outcome: Outcome,
    ) -> Result<Outcome, DutchError> {
        for &(x, y) in pairs {
            self.opponent[b.members[x]] = Some(b.members[y]);
            self.opponent[b.members[y]] = Some(b.members[x]);
        }
        let floaters = downfloaters(b, pairs);
        log_bracket(b, pairs, &floaters, how, self.recorder);
        let group_start = pass.next;
        pass.mdps = floaters.len();
        pass.bracket = floaters;
        pass.bracket.extend(group_start..group_end);
        pass.next = group_end;
        Ok(outcome)
    }

    /// Whether the round can still be completed once `b` is paired as
    /// `pairs` (C4).
    fn completable_after(&self, b: &Bracket<'_, Fide2026>, pairs: &[(usize, usize)]) -> bool {
        completable(
            self.field,
            self.absolute,
            &with_pairs(&self.opponent, b, pairs),
        )
    }

    /// C.04.3 (2026) C9 applies to the bracket `pass` stands at when the
    /// PAB is expected there as its only floater: the field is odd, C5's
    /// PAB score is not below the residents' score, the bracket can pair
    /// all its players but one who may get the PAB, and the players below
    /// can all be paired among themselves.
    fn c9_applies(&self, pass: &Pass, group_start: usize) -> Option<C9Ranks> {
        let c9 = self.c9.as_ref()?;
        let resident_score = self.field[*pass.bracket.get(pass.mdps)?].score;
        if c9.score < resident_score || pass.bracket.len().is_multiple_of(2) {
            return None;
        }
        let below: Vec<usize> = (group_start..self.field.len()).collect();
        (completable_set(self.field, self.absolute, &pass.bracket)
            && perfectly_pairable(self.absolute, &below))
        .then(|| c9.clone())
    }
}

/// What C6 and C7 count for `pairs` of `b`: the pairs, and the scores of
/// their higher players, highest first.
fn c6_c7(b: &Bracket<'_, Fide2026>, pairs: &[(usize, usize)]) -> (usize, Vec<i32>) {
    let mut scores: Vec<i32> = pairs
        .iter()
        .map(|&(x, y)| b.player(x).score.max(b.player(y).score))
        .collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    (pairs.len(), scores)
}
