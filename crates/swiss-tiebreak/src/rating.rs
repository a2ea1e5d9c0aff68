//! The two tables of the FIDE Rating Regulations (B.02, Art. 8.1) that
//! C.07's rating tie-breaks use, and the performances built on them.
//!
//! Everything is integer: ratings are whole numbers, scores are counted in
//! half points, expected scores in hundredths.

/// B.02 table 8.1(a): the rating difference `dp` for a fractional score
/// `p` of 0.50 ..= 1.00 in hundredths (index `p - 50`); below 0.50 it is
/// the negative of the value for `1 - p`.
const DP: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// `dp` for a percentage score `p` (0 ..= 100), table 8.1(a).
pub fn dp(p: u32) -> i32 {
    let p = p.min(100) as i32;
    if p >= 50 {
        DP[(p - 50) as usize]
    } else {
        -DP[(50 - p) as usize]
    }
}

/// The expected score of table 8.1(b), in hundredths (the table lives in
/// `swiss-core`, which the generator shares).
pub use swiss_core::rating::expected;

/// `a / b` rounded to the nearest integer, halves up (`b > 0`, `a >= 0`
/// in every use; negative `a` rounds halves up too).
pub fn div_round(a: i64, b: i64) -> i64 {
    (2 * a + b).div_euclid(2 * b)
}

/// The average of the ratings, rounded to the nearest whole number
/// (halves up); `None` without ratings.
pub fn average(ratings: &[i32]) -> Option<i32> {
    if ratings.is_empty() {
        return None;
    }
    let sum: i64 = ratings.iter().map(|&r| i64::from(r)).sum();
    Some(div_round(sum, ratings.len() as i64) as i32)
}

/// Tournament performance rating (C.07 Art. 10.2): the average rating of
/// the opponents plus `dp` of the percentage score, the percentage rounded
/// to the nearest whole percent (halves up). `halves` is the score in half
/// points.
pub fn tpr(halves: u32, ratings: &[i32]) -> Option<i32> {
    let aro = average(ratings)?;
    let n = ratings.len() as i64;
    let p = div_round(i64::from(halves) * 50, n);
    Some(aro + dp(p as u32))
}

/// Perfect tournament performance (C.07 Art. 10.3): the lowest rating whose
/// expected score against the opponents (table 8.1(b)) reaches the score.
/// A zero score gives the lowest opponent's rating minus 800.
pub fn ptp(halves: u32, ratings: &[i32]) -> Option<i32> {
    let (&lo, &hi) = (ratings.iter().min()?, ratings.iter().max()?);
    if halves == 0 {
        return Some(lo - 800);
    }
    let target = i64::from(halves) * 50;
    if target > ratings.len() as i64 * 100 {
        return Some(hi + 800);
    }
    let reaches = |r: i32| {
        ratings
            .iter()
            .map(|&o| i64::from(expected(r, o)))
            .sum::<i64>()
            >= target
    };
    // reaches(hi + 800) holds (every expected score is 1.00); find the lowest.
    let (mut low, mut high) = (lo - 801, hi + 800);
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        if reaches(mid) {
            high = mid;
        } else {
            low = mid;
        }
    }
    Some(high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_of_b02_8_1() {
        assert_eq!(dp(100), 800);
        assert_eq!(dp(0), -800);
        assert_eq!(dp(50), 0);
        assert_eq!(dp(75), 193);
        assert_eq!(dp(25), -193);
    }

    #[test]
    fn performances() {
        // Two wins and a draw against 2000, 2100, 2200: ARO 2100, 83% -> dp 273.
        assert_eq!(tpr(5, &[2000, 2100, 2200]), Some(2100 + 273));
        assert_eq!(ptp(0, &[2000, 2100]), Some(1200));
        // A draw against one 2000 player: table 8.1(b) gives 0.50 for
        // differences up to 3, so the lowest rating expecting 0.50 is 1997.
        assert_eq!(ptp(1, &[2000]), Some(1997));
        // A win against one 2000 player: the lowest rating expecting 1.00 is 2736.
        assert_eq!(ptp(2, &[2000]), Some(2736));
        assert_eq!(average(&[2000, 2001]), Some(2001));
    }
}
