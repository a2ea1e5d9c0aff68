//! The expected-score table of the FIDE Rating Regulations (B.02, Art.
//! 8.1(b)): a rating difference gives the higher-rated player's expected
//! score. C.07's rating tie-breaks (`swiss-tiebreak`) and the random
//! tournament generator ([`crate::simulate`]) both read it from here.

/// Table 8.1(b): the upper end of each range of rating differences whose
/// expected score for the higher-rated player is 0.50, 0.51, ..., 0.99; a
/// difference above the last one is 1.00.
const PD_UPPER: [u32; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// The expected score, in hundredths, of a player rated `own` against one
/// rated `opp`, table 8.1(b) (a difference above 800 counts as 800).
pub fn expected(own: i32, opp: i32) -> i32 {
    let diff = (own - opp).unsigned_abs().min(800);
    let higher = 50 + PD_UPPER.iter().take_while(|&&u| diff > u).count() as i32;
    if own >= opp { higher } else { 100 - higher }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_8_1_b() {
        assert_eq!(expected(2000, 2000), 50);
        assert_eq!(expected(2003, 2000), 50);
        assert_eq!(expected(2004, 2000), 51);
        assert_eq!(expected(2000, 2004), 49);
        assert_eq!(expected(2735, 2000), 99);
        assert_eq!(expected(2736, 2000), 100);
        assert_eq!(expected(1000, 2900), 0);
    }
}
