//! The final ranking (rule text, "General structure"): score descending,
//! fewer BYEs first, then the tie-breaks number of black games (more is
//! better) and Sonneborn-Berger.

use serde::{Deserialize, Serialize};
use swiss_core::{Colour, Points, ResultCode, StartNo, Tournament};

/// One line of the final ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankingEntry {
    /// The player.
    pub start_no: StartNo,
    /// Score under the record's point system.
    pub score: Points,
    /// BYEs received (TRF columns with a pairing-allocated bye; a double
    /// round's BYE counts once per game, which orders players the same).
    pub byes: u32,
    /// Games played with black (forfeits are not played).
    pub black_games: u32,
    /// Sonneborn-Berger in hundredths of a point: over played games, the
    /// opponent's final score times the game's points (a win counts the
    /// whole score, a draw half of it).
    pub sonneborn_berger: i64,
}

/// The final ranking of `t`: score DESC, BYEs ASC, black games DESC,
/// Sonneborn-Berger DESC, then start number (seed) ASC so the order is
/// total.
pub fn final_ranking(t: &Tournament) -> Vec<RankingEntry> {
    let ps = &t.point_system;
    let scores: Vec<Points> = t
        .players
        .iter()
        .map(|p| p.score_after(u32::MAX, ps))
        .collect();
    let mut out: Vec<RankingEntry> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut e = RankingEntry {
                start_no: p.start_no,
                score: scores[i],
                byes: 0,
                black_games: 0,
                sonneborn_berger: 0,
            };
            for r in &p.rounds {
                e.byes += u32::from(r.result == ResultCode::PairingBye);
                if !r.is_played_game() {
                    continue;
                }
                e.black_games += u32::from(r.colour == Some(Colour::Black));
                if let Some(oi) = r.opponent.and_then(|o| t.index_of(o)) {
                    // Points are tenths; tenths times tenths are hundredths.
                    e.sonneborn_berger +=
                        i64::from(r.points(ps).tenths()) * i64::from(scores[oi].tenths());
                }
            }
            e
        })
        .collect();
    out.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(a.byes.cmp(&b.byes))
            .then(b.black_games.cmp(&a.black_games))
            .then(b.sonneborn_berger.cmp(&a.sonneborn_berger))
            .then(a.start_no.cmp(&b.start_no))
    });
    out
}
