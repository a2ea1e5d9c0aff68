//! `C.04.6 4`: the colours of a pair, once the round is paired
//! (`3.3.2`, step 4). Every pair gets colours: no colour rule can keep two
//! teams apart (Preface).

use std::cmp::Ordering;

use swiss_core::Colour;

use crate::field::{Field, Strength};
use crate::state::ColourType;

/// The step of `4.3` that decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColourRule {
    /// `4.3.1`: neither team has played a match: the first-team gets the
    /// initial colour if its TPN is odd, else the other.
    InitialColour,
    /// `4.3.2`: only one team has a colour preference: granted.
    OnePreference,
    /// `4.3.3`: opposite preferences: both granted.
    OppositePreferences,
    /// `4.3.4` (type B): only one preference is strong: granted.
    StrongPreference,
    /// `4.3.5`: White to the team with the lower colour difference.
    LowerColourDifference,
    /// `4.3.6`: alternate from the latest played match where one had White
    /// and the other Black.
    History,
    /// `4.3.7`: the first-team's preference.
    FirstTeamPreference,
    /// `4.3.8`: the first-team alternates from its last played colour.
    FirstTeamAlternates,
    /// `4.3.9`: the other team alternates from its last played colour.
    OtherTeamAlternates,
}

impl ColourRule {
    /// The article, e.g. `4.3.5`.
    pub fn article(self) -> &'static str {
        match self {
            ColourRule::InitialColour => "4.3.1",
            ColourRule::OnePreference => "4.3.2",
            ColourRule::OppositePreferences => "4.3.3",
            ColourRule::StrongPreference => "4.3.4",
            ColourRule::LowerColourDifference => "4.3.5",
            ColourRule::History => "4.3.6",
            ColourRule::FirstTeamPreference => "4.3.7",
            ColourRule::FirstTeamAlternates => "4.3.8",
            ColourRule::OtherTeamAlternates => "4.3.9",
        }
    }
}

/// `4.2`: whether `a` is the first-team of the pair: the higher primary
/// score (`4.2.1`; the pairing score, virtual points included:
/// interpretation 6), then the higher secondary score when the rules use it
/// (`4.2.2`), then the smaller TPN (`4.2.3`).
pub fn first_team(f: &Field<'_>, a: usize, b: usize) -> bool {
    let (ta, tb) = (f.teams[a], f.teams[b]);
    match ta.score.cmp(&tb.score) {
        Ordering::Greater => return true,
        Ordering::Less => return false,
        Ordering::Equal => {}
    }
    if f.input.secondary && ta.secondary != tb.secondary {
        return ta.secondary > tb.secondary;
    }
    ta.tpn < tb.tpn
}

/// `4.3`: the pair's colours as `(white, black)` and the step that gave
/// them.
pub fn allocate(f: &Field<'_>, a: usize, b: usize) -> (usize, usize, ColourRule) {
    let (first, second) = if first_team(f, a, b) { (a, b) } else { (b, a) };
    let (c, rule) = first_team_colour(f, first, second);
    if c == Colour::White {
        (first, second, rule)
    } else {
        (second, first, rule)
    }
}

/// `4.3`, steps in order: the first-team's colour.
fn first_team_colour(f: &Field<'_>, first: usize, second: usize) -> (Colour, ColourRule) {
    let (tf, ts) = (f.teams[first], f.teams[second]);
    let (pf, ps) = (f.pref[first], f.pref[second]);
    if tf.matches_played == 0 && ts.matches_played == 0 {
        let c = if tf.number % 2 == 1 {
            f.input.initial_colour
        } else {
            f.input.initial_colour.opposite()
        };
        return (c, ColourRule::InitialColour);
    }
    match (pf, ps) {
        (Some((c, _)), None) => return (c, ColourRule::OnePreference),
        (None, Some((c, _))) => return (c.opposite(), ColourRule::OnePreference),
        (Some((c, _)), Some((d, _))) if c != d => return (c, ColourRule::OppositePreferences),
        (Some((c, sf)), Some((_, ss))) if f.input.colour_type == ColourType::B && sf != ss => {
            let c = if sf == Strength::Strong {
                c
            } else {
                c.opposite()
            };
            return (c, ColourRule::StrongPreference);
        }
        _ => {}
    }
    let (df, ds) = (tf.colour_difference(), ts.colour_difference());
    if df != ds {
        let c = if df < ds {
            Colour::White
        } else {
            Colour::Black
        };
        return (c, ColourRule::LowerColourDifference);
    }
    for (&x, &y) in tf.colours.iter().rev().zip(ts.colours.iter().rev()) {
        if x != y {
            return (x.opposite(), ColourRule::History);
        }
    }
    if let Some((c, _)) = pf {
        return (c, ColourRule::FirstTeamPreference);
    }
    if let Some(&last) = tf.colours.last() {
        return (last.opposite(), ColourRule::FirstTeamAlternates);
    }
    if let Some(&last) = ts.colours.last() {
        return (last, ColourRule::OtherTeamAlternates);
    }
    // Unreachable: neither has played a colour, so neither played a
    // match, and 4.3.1 decided. Fall back on it rather than fail.
    (f.input.initial_colour, ColourRule::InitialColour)
}
