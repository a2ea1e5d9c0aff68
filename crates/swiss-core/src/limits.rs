//! The ranges the readers accept for every number of a tournament, and why
//! arithmetic on values within them cannot overflow.
//!
//! Both readers ([`crate::trf`], [`crate::json`]) reject a value outside
//! these ranges with a located error, through the one validator they share,
//! so neither a pairing engine nor the derived state ever sees one.
//!
//! **Why plain `i32` tenths are wide enough.** A score is the sum of at most
//! [`MAX_ROUNDS`] results of at most [`MAX_POINT_VALUE`] each, plus one
//! acceleration of at most [`MAX_ACCELERATION`]: at most
//! 255 × 999 + 999 = 255,744 tenths in absolute value, about 1/8,000 of
//! `i32::MAX`. Sums and differences of two scores, a score times the number
//! of rounds (C.04.3 A.7's topscorer threshold: 255 × 999 × 255 < 2^26) and a
//! product of two scores in `i64` (Sonneborn-Berger) stay far inside their
//! types. The range of scores in a bracket, which sizes some engine tables,
//! is at most 511,488 tenths.
//!
//! **Why memory stays proportional to the file.** Start numbers are at most
//! [`MAX_START_NO`] and rounds at most [`MAX_ROUNDS`], so the per-player,
//! per-round history a pairing derives is at most 9,999 × 255 entries
//! (about 60 MB in the worst case, for a file that names 9,999 players and
//! a round 255), whatever numbers a file writes.
//!
//! **Team tournaments** (TRF-2026 team records, [`crate::TeamSection`]) add team
//! pairing numbers of at most [`MAX_TEAM_NO`] and matches of at most
//! [`MAX_BOARDS`] boards. A match's game points are at most 99 boards of
//! 99.9 (98,901 tenths); a value a team record gives (`362`, `320`, `250`,
//! `299`) is at most [`MAX_POINT_VALUE`], and the `299` bonuses of one team
//! in one round are bounded together to it, so one round is worth at most
//! about 101,000 tenths and a team's total over 255 rounds about 26 million,
//! 1/80 of `i32::MAX`.

use crate::model::StartNo;
use crate::points::Points;

/// The largest start number: the TRF gives it four columns (5-8).
pub const MAX_START_NO: StartNo = 9999;

/// The most rounds a tournament may have, recorded or planned (a TCEC
/// double round takes two TRF columns, so 127 double rounds fit).
pub const MAX_ROUNDS: u32 = 255;

/// The largest absolute value of one result in a point system (`BB*`,
/// `XXS`, JSON `point_system`): 99.9 points. Negative values (a penalty for
/// a forfeit loss) are accepted down to -99.9.
pub const MAX_POINT_VALUE: Points = Points(999);

/// The largest accelerated (fictitious) points of one player in one round
/// (`XXA`): 99.9. Accelerations are never negative.
pub const MAX_ACCELERATION: Points = Points(999);

/// The largest rating: four columns (49-52).
pub const MAX_RATING: u16 = 9999;

/// The largest rank: four columns (86-89).
pub const MAX_RANK: u32 = 9999;

/// The largest FIDE id: eleven columns (58-68).
pub const MAX_FIDE_ID: u64 = 99_999_999_999;

/// The largest team pairing number (TPN, FIDE C.04.6 1.1): three columns
/// (TRF-2026 record `310`, columns 5-7).
pub const MAX_TEAM_NO: u32 = 999;

/// The most boards a team match may have (TRF-2026 record `352`, the
/// line-ups of `300`).
pub const MAX_BOARDS: usize = 99;
