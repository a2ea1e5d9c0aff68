//! The result of pairing a round: pairs with colours and the bye, in board order.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::model::{Colour, ResultCode, RoundEntry, StartNo, Tournament};
use crate::state::RoundState;

/// One board: who has white, who has black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pair {
    /// Start number of the player with white.
    pub white: StartNo,
    /// Start number of the player with black.
    pub black: StartNo,
}

/// A round's pairing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The round paired, 1-based.
    pub round: u32,
    /// The boards, in board order.
    pub pairs: Vec<Pair>,
    /// The player receiving the pairing-allocated bye, if any.
    pub bye: Option<StartNo>,
}

impl Pairing {
    /// Puts the boards in the published order of C.04.2 (the 2012 Dutch
    /// text's F.1): for each pair the higher player is the one with more
    /// points (ties: lower start number); boards by the higher player's
    /// score, then the other player's score, both descending, then the
    /// higher player's start number. Plain scores, no acceleration.
    pub fn sort_boards(&mut self, state: &RoundState) {
        let score = |s: StartNo| state.player(s).map_or(crate::Points::ZERO, |p| p.score);
        self.pairs.sort_by_cached_key(|p| {
            let (a, b) = (p.white, p.black);
            let (hi, lo) = if (score(a), std::cmp::Reverse(a)) >= (score(b), std::cmp::Reverse(b)) {
                (a, b)
            } else {
                (b, a)
            };
            (
                std::cmp::Reverse(score(hi)),
                std::cmp::Reverse(score(lo)),
                hi,
            )
        });
    }

    /// The established engines' output: the number of lines that follow, then
    /// `white black` per board, the bye last as `id 0`.
    pub fn to_engine_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{}", self.pairs.len() + usize::from(self.bye.is_some()));
        for p in &self.pairs {
            let _ = writeln!(s, "{} {}", p.white, p.black);
        }
        if let Some(b) = self.bye {
            let _ = writeln!(s, "{b} 0");
        }
        s
    }

    /// Parses the engine text format (the inverse of [`Pairing::to_engine_text`]).
    pub fn from_engine_text(text: &str, round: u32) -> Option<Pairing> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let n: usize = lines.next()?.parse().ok()?;
        let mut out = Pairing {
            round,
            pairs: Vec::new(),
            bye: None,
        };
        for _ in 0..n {
            let mut it = lines.next()?.split_whitespace().map(str::parse::<StartNo>);
            let (a, b) = (it.next()?.ok()?, it.next()?.ok()?);
            if b == 0 {
                out.bye = Some(a);
            } else {
                out.pairs.push(Pair { white: a, black: b });
            }
        }
        Some(out)
    }

    /// Writes this pairing into `t` as round `self.round`: games with a blank
    /// result (to be played), the bye as `0000 - U`. Entries already there
    /// for players not in the pairing (requested byes, absences) are kept.
    ///
    /// In a team tournament ([`Tournament::teams`]) the pairing's numbers
    /// are team pairing numbers: its boards are written
    /// ([`crate::TeamSection::boards_of`]), each team on its first boards.
    pub fn append_to(&self, t: &mut Tournament) {
        if let Some(ts) = &t.teams {
            ts.boards_of(self).append_to(t);
            return;
        }
        write_round(
            t,
            self.round,
            self.pairs.iter().map(|p| (p.white, p.black)),
            self.bye,
        );
    }

    /// Each player's opponent, both ways.
    pub fn opponents(&self) -> BTreeMap<StartNo, StartNo> {
        self.pairs
            .iter()
            .flat_map(|p| [(p.white, p.black), (p.black, p.white)])
            .collect()
    }

    /// Each player's opponent in an engine's own numbering: `index` maps a
    /// start number to one of `0..len`; a pair with a player it does not
    /// know is left out.
    pub fn partners_by(
        &self,
        len: usize,
        index: impl Fn(StartNo) -> Option<usize>,
    ) -> Vec<Option<usize>> {
        let mut partner = vec![None; len];
        for p in &self.pairs {
            if let (Some(w), Some(b)) = (index(p.white), index(p.black))
                && w < len
                && b < len
            {
                partner[w] = Some(b);
                partner[b] = Some(w);
            }
        }
        partner
    }

    /// The pairing recorded in `t` for `round`: pairs from the written colours
    /// (forfeits included), the pairing-allocated bye; boards in file order of
    /// the white player. In a team tournament, the team matches of the
    /// round (TPNs).
    pub fn recorded(t: &Tournament, round: u32) -> Pairing {
        let mut out = Pairing {
            round,
            pairs: Vec::new(),
            bye: None,
        };
        // A team tournament's round is its team matches (TPNs): the team
        // scheduled White first, a forfeited match too, and the team PAB;
        // a match with no colour at all (every board empty) from its smaller
        // TPN.
        if let Some(ts) = &t.teams {
            if let Ok(h) = ts.history(t) {
                for rec in &h.teams {
                    match rec.round(round).map(|r| &r.kind) {
                        Some(crate::TeamRoundKind::Match(m))
                            if m.scheduled_colour == Some(Colour::White)
                                || (m.scheduled_colour.is_none() && rec.tpn < m.opponent) =>
                        {
                            out.pairs.push(Pair {
                                white: rec.tpn,
                                black: m.opponent,
                            });
                        }
                        Some(crate::TeamRoundKind::Pab) => out.bye = Some(rec.tpn),
                        _ => {}
                    }
                }
            }
            return out;
        }
        for p in &t.players {
            let e = p.entry(round);
            match (e.opponent, e.colour) {
                (Some(o), Some(Colour::White)) => out.pairs.push(Pair {
                    white: p.start_no,
                    black: o,
                }),
                (Some(o), None) if p.start_no < o => out.pairs.push(Pair {
                    white: p.start_no,
                    black: o,
                }),
                _ => {}
            }
            if e.result == ResultCode::PairingBye {
                out.bye = Some(p.start_no);
            }
        }
        out
    }
}

/// One line: the pairs `white-black` sorted by white, then `bye N`
/// (board order aside, for comparing pairings by eye).
impl std::fmt::Display for Pairing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut pairs = self.pairs.clone();
        pairs.sort_unstable();
        let mut sep = "";
        for p in &pairs {
            write!(f, "{sep}{}-{}", p.white, p.black)?;
            sep = " ";
        }
        if let Some(b) = self.bye {
            write!(f, "{sep}bye {b}")?;
        }
        Ok(())
    }
}

/// Writes round `round` into `t`: each game `(white, black)` with a blank
/// result (to be played), each player of `byes` as `0000 - U`; then every
/// player's points. Entries already there for players not named are kept.
/// Both an individual pairing and a team pairing's boards are written so.
pub(crate) fn write_round(
    t: &mut Tournament,
    round: u32,
    games: impl IntoIterator<Item = (StartNo, StartNo)>,
    byes: impl IntoIterator<Item = StartNo>,
) {
    let r = round as usize;
    if r == 0 {
        return;
    }
    let mut set = |s: StartNo, e: RoundEntry| {
        if let Some(i) = t.index_of(s) {
            let rounds = &mut t.players[i].rounds;
            if rounds.len() < r {
                rounds.resize(r, RoundEntry::BLANK);
            }
            rounds[r - 1] = e;
        }
    };
    for (white, black) in games {
        set(
            white,
            RoundEntry::game(black, Colour::White, ResultCode::Blank),
        );
        set(
            black,
            RoundEntry::game(white, Colour::Black, ResultCode::Blank),
        );
    }
    for s in byes {
        set(s, RoundEntry::no_game(ResultCode::PairingBye));
    }
    let ps = t.point_system;
    for p in &mut t.players {
        p.points = p.score_after(u32::MAX, &ps);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_by_maps_both_ways_and_skips_unknown_players() {
        let p = Pairing {
            round: 2,
            pairs: vec![Pair { white: 5, black: 2 }, Pair { white: 9, black: 3 }],
            bye: Some(7),
        };
        // Engine ids: start numbers 2, 3, 5 as 0, 1, 2; 9 unknown.
        let index = |s: StartNo| [2, 3, 5].iter().position(|&x| x == s);
        assert_eq!(p.partners_by(3, index), [Some(2), None, Some(0)]);
        assert_eq!(p.opponents().get(&3), Some(&9));
        assert_eq!(p.opponents().len(), 4);
    }
}
