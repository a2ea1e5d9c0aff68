//! Each tie-break's values for every player (C.07 Art. 5-10, 14, 16).

use crate::Rules;
use crate::code::{Kind as Tb, TieBreak};
use crate::facts::{Facts, Kind, Player};
use crate::rating;
use crate::value::Value;

/// One round's contribution to an opponents'-scores tie-break, before cuts.
#[derive(Clone, Copy, Debug)]
struct Contribution {
    /// The round is a voluntarily unplayed round of the player (Art. 16.2.5).
    vur: bool,
    /// The (real or dummy) opponent's score, tenths.
    score: i64,
    /// What the round adds: the score (BH, FB) or score times own points (SB).
    value: i64,
}

pub(crate) struct Calc<'a> {
    pub facts: &'a Facts,
    pub rules: Rules,
    /// The points SB multiplies by, when they are of another score than
    /// the opponents' (a team event's extended Sonneborn-Berger, C.07 Art.
    /// 13.2): the same teams, in the same order, on the other score.
    pub own: Option<&'a Facts>,
}

impl Calc<'_> {
    fn players(&self) -> &[Player] {
        &self.facts.players
    }

    /// A tie-break that does not depend on the ranking (every one but DE).
    pub fn values(&self, tb: &TieBreak) -> Vec<Value> {
        match tb.kind {
            Tb::Pts => self.map(|p| Value::Tenths(i64::from(p.total))),
            Tb::Win => self.count(|_, r| r.pts == self.facts.win),
            Tb::Won => self.count(|_, r| r.kind == Kind::Game && r.pts == self.facts.win),
            Tb::Bpg => self.count(|_, r| r.kind == Kind::Game && r.black),
            Tb::Bwg => {
                self.count(|_, r| r.kind == Kind::Game && r.black && r.pts == self.facts.win)
            }
            Tb::Rep => self.count(|_, r| r.kind != Kind::Unplayed || r.pts == self.facts.win),
            Tb::Std => self.map(|p| {
                let d = self.facts.draw;
                let halves: i64 = p
                    .rounds
                    .iter()
                    .map(|r| match r.pts.cmp(&d) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    })
                    .sum();
                Value::Tenths(halves * 5)
            }),
            Tb::Ps => self.map(|p| {
                let mut so_far = 0i64;
                let mut ps = 0i64;
                for (i, r) in p.rounds.iter().enumerate() {
                    so_far += i64::from(r.pts);
                    if i >= usize::from(tb.cut_low) {
                        ps += so_far;
                    }
                }
                Value::Tenths(ps)
            }),
            Tb::Tpn => self.map(|p| Value::Int(i64::from(p.start_no))),
            Tb::Rtng => self.map(|p| match p.rating {
                Some(r) if self.facts.all_rated => Value::Int(i64::from(r)),
                _ => Value::Undefined,
            }),
            Tb::Bh => self.opponents_scores(tb, false, false),
            Tb::Fb => self.opponents_scores(tb, true, false),
            Tb::Sb => self.opponents_scores(tb, false, true),
            Tb::Aob => self.aob(),
            Tb::Ks => self.koya(tb),
            Tb::Aro | Tb::Tpr | Tb::Ptp => self.performance(tb),
            Tb::Apro => self.average_of_opponents(&TieBreak::plain(Tb::Tpr)),
            Tb::Appo => self.average_of_opponents(&TieBreak::plain(Tb::Ptp)),
            // Extended SB (Art. 13.2): `own` holds the points it multiplies by.
            Tb::Esb | Tb::Emmsb | Tb::Emgsb | Tb::Egmsb | Tb::Eggsb => {
                self.opponents_scores(tb, false, true)
            }
            // DE depends on the ranking so far: see `rank.rs`. The other team
            // tie-breaks are computed in `team.rs` (an individual table
            // refuses them).
            Tb::De
            | Tb::Mpts
            | Tb::Gpts
            | Tb::Mpvgp
            | Tb::Ede
            | Tb::Edec
            | Tb::Edet
            | Tb::Edeb
            | Tb::Edebt
            | Tb::Edebb
            | Tb::Bc
            | Tb::Tbr
            | Tb::Bbe
            | Tb::Sssc => vec![Value::Int(0); self.players().len()],
        }
    }

    fn map(&self, f: impl Fn(&Player) -> Value) -> Vec<Value> {
        self.players().iter().map(f).collect()
    }

    fn count(&self, f: impl Fn(&Player, &crate::facts::Round) -> bool) -> Vec<Value> {
        self.map(|p| Value::Int(p.rounds.iter().filter(|r| f(p, r)).count() as i64))
    }

    /// The score a player contributes to his opponents' tie-breaks (Art.
    /// 16.3): rounds up to his last present round, and every round with an
    /// opponent, as scored; his voluntarily unplayed rounds after it (a
    /// withdrawal) as draws. For Fore Buchholz (Art. 8.3) the last round,
    /// if he had an opponent in it, counts as a draw.
    fn adjusted_score(&self, p: &Player, fore: bool) -> i64 {
        let f = self.facts;
        let last_present = if fore && p.last_paired == f.rounds {
            f.rounds
        } else {
            p.last_present
        };
        let mut s: i64 = p
            .rounds
            .iter()
            .enumerate()
            .map(|(i, r)| {
                if (i as u32) < last_present || r.opp.is_some() {
                    i64::from(r.pts)
                } else {
                    i64::from(f.draw)
                }
            })
            .sum();
        if let Some(last) = self.fore_adjustment(p, fore) {
            s += last;
        }
        s
    }

    /// For Fore Buchholz: the change of a player's score when his last
    /// round, played against an opponent, counts as a draw (Art. 8.3).
    fn fore_adjustment(&self, p: &Player, fore: bool) -> Option<i64> {
        let f = self.facts;
        let last = p.rounds.last()?;
        (fore && f.rounds > 0 && p.last_paired == f.rounds && last.opp.is_some())
            .then(|| i64::from(f.draw) - i64::from(last.pts))
    }

    /// BH, FB and SB with their cuts (Art. 8.1-8.3, 14.1, 14.2), unplayed
    /// rounds as Art. 16.4 says (the dummy opponent, with the 2026 caps).
    fn opponents_scores(&self, tb: &TieBreak, fore: bool, sb: bool) -> Vec<Value> {
        let adjusted: Vec<i64> = self
            .players()
            .iter()
            .map(|p| self.adjusted_score(p, fore))
            .collect();
        let unit = |v: i64| {
            if sb {
                Value::Hundredths(v)
            } else {
                Value::Tenths(v)
            }
        };
        self.players()
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let c = self.contributions(k, p, &adjusted, fore, sb, tb.forfeits_played);
                unit(cut(c, tb.cut_low, tb.cut_high, self.facts.rounds))
            })
            .collect()
    }

    /// Each round's contribution to player `k`'s BH, FB or SB. With
    /// `forfeits_played` (`/P`), a round with an opponent counts as played.
    fn contributions(
        &self,
        k: usize,
        p: &Player,
        adjusted: &[i64],
        fore: bool,
        sb: bool,
        forfeits_played: bool,
    ) -> Vec<Contribution> {
        let f = self.facts;
        let own = i64::from(p.total) + self.fore_adjustment(p, fore).unwrap_or(0);
        let own_points = self.own.map(|o| &o.players[k].rounds);
        p.rounds
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let last = fore && i as u32 + 1 == f.rounds;
                let (score, vur) = match r.opp {
                    Some(o) if r.kind == Kind::Game || last || forfeits_played => {
                        (adjusted[o as usize], false)
                    }
                    opp => {
                        // The dummy opponent (Art. 16.4): the player's own
                        // score; since 2026 capped by the real opponent's
                        // score (a forfeit, 16.4.1) or by half the maximum
                        // (no opponent, 16.4.2).
                        let cap = match (self.rules, opp) {
                            (Rules::R2024, _) => own,
                            (Rules::R2026, Some(o)) => adjusted[o as usize],
                            (Rules::R2026, None) => i64::from(f.draw) * i64::from(f.rounds),
                        };
                        (own.min(cap), r.is_vur())
                    }
                };
                let pts = own_points.and_then(|o| o.get(i)).map_or(r.pts, |o| o.pts);
                let value = if sb { score * i64::from(pts) } else { score };
                Contribution { vur, score, value }
            })
            .collect()
    }

    /// AOB (Art. 8.4): the average of the Buchholz of the opponents met over
    /// the board, rounded to hundredths (halves up).
    fn aob(&self) -> Vec<Value> {
        let bh = self.opponents_scores(&TieBreak::plain(Tb::Bh), false, false);
        self.players()
            .iter()
            .map(|p| {
                let games: Vec<i64> = p
                    .rounds
                    .iter()
                    .filter(|r| r.kind == Kind::Game)
                    .filter_map(|r| bh[r.opp? as usize].key())
                    .collect();
                if games.is_empty() {
                    return Value::Undefined;
                }
                Value::Hundredths(rating::div_round(
                    games.iter().sum::<i64>() * 10,
                    games.len() as i64,
                ))
            })
            .collect()
    }

    /// The ratings of the opponents met over the board, with the cut of
    /// the tie-break applied (lowest first, then highest), and the score
    /// in half points against the opponents kept.
    fn rated_games(&self, p: &Player, tb: &TieBreak) -> (u32, Vec<i32>) {
        let mut games: Vec<(i32, u8)> = p
            .rounds
            .iter()
            .filter(|r| r.kind == Kind::Game)
            .filter_map(|r| Some((self.players()[r.opp? as usize].rating?, r.halves)))
            .collect();
        let low = u32::from(tb.cut_low).min(self.facts.rounds);
        let high = u32::from(tb.cut_high).min(self.facts.rounds - low);
        for _ in 0..low {
            if let Some(i) = (0..games.len()).min_by_key(|&i| (games[i].0, i)) {
                games.remove(i);
            }
        }
        for _ in 0..high {
            if let Some(i) = (0..games.len()).max_by_key(|&i| (games[i].0, std::cmp::Reverse(i))) {
                games.remove(i);
            }
        }
        let halves = games.iter().map(|g| u32::from(g.1)).sum();
        (halves, games.into_iter().map(|g| g.0).collect())
    }

    /// ARO, TPR, PTP (Art. 10.1-10.3): over the games played against
    /// opponents; undefined when some player of the tournament is unrated
    /// (no rating for the unrated given) or without games.
    fn performance(&self, tb: &TieBreak) -> Vec<Value> {
        self.map(|p| {
            if !self.facts.all_rated {
                return Value::Undefined;
            }
            let (halves, ratings) = self.rated_games(p, tb);
            let v = match tb.kind {
                Tb::Aro => rating::average(&ratings),
                Tb::Tpr => rating::tpr(halves, &ratings),
                _ => rating::ptp(halves, &ratings),
            };
            v.map_or(Value::Undefined, |v| Value::Int(i64::from(v)))
        })
    }

    /// APRO, APPO (Art. 10.4, 10.5): the average of the opponents' TPR or
    /// PTP over the games played, rounded to a whole number (halves up).
    fn average_of_opponents(&self, of: &TieBreak) -> Vec<Value> {
        let inner = self.performance(of);
        self.map(|p| {
            let vals: Vec<i64> = p
                .rounds
                .iter()
                .filter(|r| r.kind == Kind::Game)
                .filter_map(|r| inner[r.opp? as usize].key())
                .collect();
            if vals.is_empty() {
                Value::Undefined
            } else {
                Value::Int(rating::div_round(vals.iter().sum(), vals.len() as i64))
            }
        })
    }

    /// KS (Art. 7.7): the points scored against the opponents whose score
    /// reaches the Koya limit (by default half the maximum possible score).
    fn koya(&self, tb: &TieBreak) -> Vec<Value> {
        let f = self.facts;
        let limit = i64::from(tb.koya_limit) * i64::from(f.win) * i64::from(f.rounds);
        self.map(|p| {
            let v = p
                .rounds
                .iter()
                .filter_map(|r| {
                    let o = r.opp?;
                    (i64::from(self.players()[o as usize].total) * 100 >= limit)
                        .then_some(i64::from(r.pts))
                })
                .sum();
            Value::Tenths(v)
        })
    }
}

/// Sums the contributions left after Cut-`low` and Median's `high` (Art.
/// 14.1, 14.2; Art. 16.5: among the least significant values the
/// voluntarily unplayed rounds are cut first). Each cut takes the lowest
/// contribution (by the opponent's score, then the value), unless a VUR
/// contributes no more than it: then the VUR contributing least.
fn cut(mut c: Vec<Contribution>, low: u8, high: u8, rounds: u32) -> i64 {
    let low = u32::from(low).min(rounds);
    let high = u32::from(high).min(rounds - low);
    for _ in 0..low {
        let lowest = (0..c.len()).min_by_key(|&i| (c[i].score, c[i].value, i));
        let lowest_vur = (0..c.len()).min_by_key(|&i| (!c[i].vur, c[i].value, c[i].score, i));
        let (Some(a), Some(v)) = (lowest, lowest_vur) else {
            break;
        };
        c.remove(if c[a].value > c[v].value { a } else { v });
    }
    for _ in 0..high {
        let highest = (0..c.len()).min_by_key(|&i| (-c[i].score, -c[i].value, i));
        if let Some(h) = highest {
            c.remove(h);
        }
    }
    c.iter().map(|x| x.value).sum()
}
