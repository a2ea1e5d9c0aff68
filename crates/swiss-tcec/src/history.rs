//! What the record says before a TCEC round: scores, BYEs received, WGD,
//! the encounter history, and the permanent removal counter replayed from
//! the earlier rounds (`TCEC STEP 3`). Everything is derived from the
//! record; nothing is stored.

use swiss_core::{Colour, Partners, Points, ResultCode, StartNo, Tournament};
use swiss_matching::CardinalityMatcher;

use crate::error::TcecError;
use crate::model::Format;

/// The state before TCEC round `round`, players by index into
/// `Tournament::players` (start-number order, i.e. seed order).
#[derive(Clone, Debug)]
pub(crate) struct History {
    pub round: u32,
    pub n: usize,
    /// Score before the round, under the record's point system.
    pub score: Vec<Points>,
    /// BYEs received (TCEC rounds with a pairing-allocated bye).
    pub byes: Vec<u32>,
    /// White game difference: played white games minus played black games.
    pub wgd: Vec<i32>,
    /// Row-major `n × n`: the latest TCEC round in which the two met, 0 if never.
    last_met: Vec<u32>,
    /// The removal counter after the previous round.
    pub removed: u32,
    /// Start numbers, by index.
    start_no: Vec<StartNo>,
    /// Forbidden pairs (`XXP`, `260`) of the round whose pairing is being
    /// built or replayed: never allowed, whatever the history removed.
    forbidden: Vec<Partners>,
}

impl History {
    /// The state before TCEC round `round` of `t` (`round >= 1`), from the
    /// TRF columns of rounds `1..round`.
    pub fn before(t: &Tournament, format: Format, round: u32) -> Result<History, TcecError> {
        let n = t.players.len();
        let mut h = History {
            round,
            n,
            score: vec![Points::ZERO; n],
            byes: vec![0; n],
            wgd: vec![0; n],
            last_met: vec![0; n * n],
            removed: 0,
            start_no: t.players.iter().map(|p| p.start_no).collect(),
            forbidden: Vec::new(),
        };
        let cols = format.games_per_pair();
        // `260` groups differ from round to round; `XXP` groups do not.
        let ranged = !t.forbidden_in_rounds.is_empty();
        let forbidden_in = |j: u32| -> Vec<Partners> {
            if t.forbidden_pairs.is_empty() && t.forbidden_in_rounds.is_empty() {
                Vec::new()
            } else {
                Partners::of_players(t, cols * (j - 1) + 1)
            }
        };
        h.forbidden = forbidden_in(1);
        for j in 1..round {
            let first_col = cols * (j - 1) + 1;
            let pairs = recorded_pairs(t, first_col, round)?;
            if ranged {
                h.forbidden = forbidden_in(j);
            }
            h.removed = h.counter_for(j, &pairs);
            h.fold_in(t, j, first_col..first_col + cols)?;
        }
        if ranged {
            h.forbidden = forbidden_in(round);
        }
        Ok(h)
    }

    /// Adds TCEC round `j` (TRF columns `cols`) to the state.
    fn fold_in(
        &mut self,
        t: &Tournament,
        j: u32,
        cols: std::ops::Range<u32>,
    ) -> Result<(), TcecError> {
        let ps = &t.point_system;
        for (i, p) in t.players.iter().enumerate() {
            let mut bye = false;
            for c in cols.clone() {
                let e = p.entry(c);
                if e.opponent.is_some() && e.result == ResultCode::Blank {
                    return Err(TcecError::InvalidRecord {
                        round: self.round,
                        reason: format!(
                            "the game of player {} in TRF column {c} has no result yet",
                            p.start_no
                        ),
                    });
                }
                self.score[i] += e.points(ps);
                bye |= e.result == ResultCode::PairingBye;
                // A forfeit is not a played game: no colour, no meeting.
                if let (Some(o), true) = (e.opponent, e.is_played_game()) {
                    self.wgd[i] += match e.colour {
                        Some(Colour::White) => 1,
                        Some(Colour::Black) => -1,
                        None => 0,
                    };
                    if let Some(oi) = t.index_of(o) {
                        self.last_met[i * self.n + oi] = j;
                        self.last_met[oi * self.n + i] = j;
                    }
                }
            }
            self.byes[i] += u32::from(bye);
        }
        Ok(())
    }

    /// The last round in which `a` and `b` met (0: never).
    pub fn last_met(&self, a: usize, b: usize) -> u32 {
        self.last_met[a * self.n + b]
    }

    /// `TCEC STEP 3`, the pairing condition: `a` and `b` have not met in
    /// the encounter history left after removing rounds `1..=removed`, and
    /// the colour balancing conditions hold, `|WGD(a) + WGD(b)| <= 2`;
    /// and (rule interpretation 10) they are not a forbidden pair of the
    /// round (`XXP`, `260`).
    pub fn allowed(&self, a: usize, b: usize, removed: u32) -> bool {
        self.last_met(a, b) <= removed
            && (self.wgd[a] + self.wgd[b]).abs() <= 2
            && !self.is_forbidden(a, b)
    }

    /// Whether `a` and `b` must not meet in the round (`XXP`, `260`).
    pub fn is_forbidden(&self, a: usize, b: usize) -> bool {
        self.forbidden
            .get(a)
            .is_some_and(|f| f.contains(&self.start_no[b]))
    }

    /// `TCEC STEP 3`: a matcher over `players` (vertex `i` is `players[i]`)
    /// whose edges are the allowed pairs with rounds `1..=removed` removed,
    /// maximum matching computed. The round is viable iff it is perfect.
    pub fn matcher(&self, players: &[usize], removed: u32) -> CardinalityMatcher {
        let mut m = CardinalityMatcher::new(players.len(), |a, b| {
            self.allowed(players[a], players[b], removed)
        });
        m.maximum_matching();
        m
    }

    /// `TCEC STEP 3`: whether `players` have a viable pairing with rounds
    /// `1..=removed` removed from the encounter history.
    pub fn viable(&self, players: &[usize], removed: u32) -> bool {
        players.len().is_multiple_of(2) && self.matcher(players, removed).is_perfect()
    }

    /// The smallest counter `r` in `lo..=hi` with a viable pairing of
    /// `players`, given that `hi` is viable (viability only grows with `r`:
    /// removing rounds only adds edges).
    pub fn smallest_viable(&self, players: &[usize], lo: u32, hi: u32) -> u32 {
        let (mut lo, mut hi) = (lo, hi);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.viable(players, mid) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        hi
    }

    /// The removal counter after the recorded TCEC round `j` (`TCEC STEP 3`
    /// replayed): the smallest `r >= self.removed` such that round `j`'s
    /// paired players have a viable pairing with rounds `1..=r` removed.
    /// The recorded pairs are themselves a witness once their own
    /// meetings are removed, so a full search is only needed between.
    pub fn counter_for(&self, j: u32, pairs: &[(usize, usize)]) -> u32 {
        let prev = self.removed;
        let mut witness = Some(prev);
        for &(a, b) in pairs {
            if (self.wgd[a] + self.wgd[b]).abs() > 2 || self.is_forbidden(a, b) {
                witness = None;
                break;
            }
            witness = witness.map(|w| w.max(self.last_met(a, b)));
        }
        if witness == Some(prev) {
            return prev;
        }
        let players: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        let all = j.saturating_sub(1).max(prev);
        match witness {
            Some(hi) => self.smallest_viable(&players, prev, hi),
            // A recorded round no TCEC pairing could have produced (the
            // colour conditions fail): count the whole history as removed,
            // as far as the pairing program would have gone.
            None if !self.viable(&players, all) => all,
            None => self.smallest_viable(&players, prev, all),
        }
    }
}

/// The pairs recorded in TRF column `col` as player indices `(a, b)`,
/// `a < b`; forfeits included (they were paired). `round` is the round
/// being paired, for the error.
pub(crate) fn recorded_pairs(
    t: &Tournament,
    col: u32,
    round: u32,
) -> Result<Vec<(usize, usize)>, TcecError> {
    let mut pairs = Vec::new();
    for (i, p) in t.players.iter().enumerate() {
        if let Some(o) = p.entry(col).opponent {
            let oi = t.index_of(o).ok_or_else(|| TcecError::InvalidRecord {
                round,
                reason: format!(
                    "TRF column {col}: player {} has opponent {o}, who is not in the record",
                    p.start_no
                ),
            })?;
            if i < oi {
                pairs.push((i, oi));
            }
        }
    }
    Ok(pairs)
}
