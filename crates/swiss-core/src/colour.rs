//! The colour difference, the one colour fact every system's colour rules
//! start from (C.04.3 A.6, Dubov A.5, Lim 5, the TCEC white game
//! difference). Colour preferences themselves differ from system to system
//! and live in each system's crate.

use crate::model::Colour;

/// White games minus black games, given the colours of the played games
/// only (unplayed rounds removed, C.04.2 D.5).
pub fn colour_difference(colours: &[Colour]) -> i32 {
    colours
        .iter()
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn the_difference_counts_white_minus_black() {
        assert_eq!(colour_difference(&[]), 0);
        assert_eq!(colour_difference(&[W, W, B]), 1);
        assert_eq!(colour_difference(&[B, B, B, W]), -2);
    }
}
