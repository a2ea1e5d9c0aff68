//! Colour preferences (C.04.3 A.6, Dubov A.5): a small type shared by the
//! systems, with the system-specific part as a parameter.

use serde::{Deserialize, Serialize};

use crate::model::Colour;

/// How strongly a player wants a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strength {
    /// Colour difference 0: alternate with the last game (C.04.3 A.6.c).
    Mild,
    /// Colour difference +1 or -1 (C.04.3 A.6.b).
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two
    /// played games (C.04.3 A.6.a).
    Absolute,
}

/// A colour preference: the colour a player should ideally get next, and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ColourPreference {
    /// The preferred colour.
    pub colour: Colour,
    /// Its strength.
    pub strength: Strength,
}

/// The system-specific part of colour preferences.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PreferenceRules {
    /// The preference of a player with no played game: none in the Dutch
    /// system (C.04.3 A.6.d), a mild preference for black in Dubov (A.5).
    pub no_games: Option<Colour>,
}

/// White games minus black games (C.04.3 A.6).
pub fn colour_difference(colours: &[Colour]) -> i32 {
    colours
        .iter()
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum()
}

/// The colour preference given the colours of the played games only, oldest
/// first (unplayed rounds removed, C.04.2 D.5).
///
/// C.04.3 A.6: absolute when the colour difference is beyond ±1 (the
/// difference decides the colour) or the last two games had the same colour
/// (the other colour); strong when the difference is ±1; mild when it is 0
/// (alternate with the last game).
pub fn colour_preference(colours: &[Colour], rules: PreferenceRules) -> Option<ColourPreference> {
    let Some(&last) = colours.last() else {
        return rules.no_games.map(|colour| ColourPreference {
            colour,
            strength: Strength::Mild,
        });
    };
    let diff = colour_difference(colours);
    let last_two_same = colours.len() >= 2 && colours[colours.len() - 2] == last;
    let (colour, strength) = if diff > 1 {
        (Colour::Black, Strength::Absolute)
    } else if diff < -1 {
        (Colour::White, Strength::Absolute)
    } else if last_two_same {
        (last.opposite(), Strength::Absolute)
    } else if diff == 1 {
        (Colour::Black, Strength::Strong)
    } else if diff == -1 {
        (Colour::White, Strength::Strong)
    } else {
        (last.opposite(), Strength::Mild)
    };
    Some(ColourPreference { colour, strength })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    fn pref(c: &[Colour]) -> Option<(Colour, Strength)> {
        colour_preference(c, PreferenceRules::default()).map(|p| (p.colour, p.strength))
    }

    #[test]
    fn c043_a6_preferences() {
        assert_eq!(pref(&[]), None, "A.6.d: no games, no preference");
        assert_eq!(pref(&[W]), Some((B, Strength::Strong)), "A.6.b");
        assert_eq!(pref(&[W, B]), Some((W, Strength::Mild)), "A.6.c alternates");
        assert_eq!(pref(&[B, W]), Some((B, Strength::Mild)), "A.6.c alternates");
        assert_eq!(
            pref(&[B, W, W]),
            Some((B, Strength::Absolute)),
            "A.6.a last two white"
        );
        assert_eq!(
            pref(&[W, B, B]),
            Some((W, Strength::Absolute)),
            "A.6.a last two black"
        );
        assert_eq!(
            pref(&[W, W, B, W]),
            Some((B, Strength::Absolute)),
            "A.6.a difference +2"
        );
        assert_eq!(pref(&[B, W, B, B, W]), Some((W, Strength::Strong)));
    }

    #[test]
    fn dubov_a5_no_games_mild_black() {
        let rules = PreferenceRules { no_games: Some(B) };
        assert_eq!(
            colour_preference(&[], rules),
            Some(ColourPreference {
                colour: B,
                strength: Strength::Mild
            })
        );
    }
}
