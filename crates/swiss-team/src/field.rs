//! The teams of one round as the procedure works on them: indices in TPN
//! order, who may meet whom (`C1`), the score levels and the colour
//! preferences (`1.7`).

use swiss_core::{Colour, Points};
use swiss_matching::CardinalityMatcher;

use crate::state::{ColourType, RoundInput, TeamNo, TeamState};

/// The strength of a colour preference (`1.7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Type B's mild preference (`1.7.2`).
    Mild,
    /// A type A preference, or type B's strong one.
    Strong,
}

/// A colour preference (`1.7`): the colour and its strength.
pub type Preference = Option<(Colour, Strength)>;

/// `1.7`: the colour preference of a team with these played colours.
/// Type A (`1.7.1`): White when the colour difference is below -1, or is 0
/// or -1 after two Blacks; Black in the mirror case; else none. Type B
/// (`1.7.2`): the same ones strong, and mild: White at -1, Black at +1,
/// and at 0 the colour other than the last one, except in the last round.
/// Fewer than two played matches are never "the last two".
pub fn colour_preference(colours: &[Colour], kind: ColourType, last_round: bool) -> Preference {
    if kind == ColourType::None {
        return None;
    }
    let cd: i32 = colours
        .iter()
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum();
    let last_two = |c: Colour| colours.len() >= 2 && colours[colours.len() - 2..] == [c, c];
    if cd < -1 || ((cd == 0 || cd == -1) && last_two(Colour::Black)) {
        return Some((Colour::White, Strength::Strong));
    }
    if cd > 1 || ((cd == 0 || cd == 1) && last_two(Colour::White)) {
        return Some((Colour::Black, Strength::Strong));
    }
    if kind == ColourType::A {
        return None;
    }
    match (cd, colours.last()) {
        (-1, _) => Some((Colour::White, Strength::Mild)),
        (1, _) => Some((Colour::Black, Strength::Mild)),
        (0, Some(&last)) if !last_round => Some((last.opposite(), Strength::Mild)),
        _ => None,
    }
}

/// The round's teams, indexed in TPN order.
pub struct Field<'a> {
    /// The round's input.
    pub input: &'a RoundInput,
    /// The teams, sorted by TPN.
    pub teams: Vec<&'a TeamState>,
    /// The distinct pairing scores of the round, highest first.
    pub levels: Vec<Points>,
    /// Each team's index into `levels`.
    pub level: Vec<usize>,
    /// Each team's colour preference.
    pub pref: Vec<Preference>,
    /// `C1` and the prohibited pairs, one bit row per team.
    compat: Vec<u64>,
    words: usize,
}

impl<'a> Field<'a> {
    /// The field of `input`.
    pub fn new(input: &'a RoundInput) -> Field<'a> {
        let mut teams: Vec<&TeamState> = input.teams.iter().collect();
        teams.sort_by_key(|t| t.tpn);
        let n = teams.len();
        let mut levels: Vec<Points> = teams.iter().map(|t| t.score).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        let level = teams
            .iter()
            .map(|t| levels.partition_point(|&s| s > t.score))
            .collect();
        let pref = teams
            .iter()
            .map(|t| colour_preference(&t.colours, input.colour_type, input.last()))
            .collect();
        let words = n.div_ceil(64).max(1);
        let mut compat = vec![0u64; n * words];
        let index = |tpn: TeamNo| teams.binary_search_by_key(&tpn, |t| t.tpn).ok();
        let mut barred = vec![Vec::new(); n];
        for (i, t) in teams.iter().enumerate() {
            barred[i].extend(t.met.iter().filter_map(|&m| index(m)));
        }
        for &(a, b) in &input.forbidden {
            if let (Some(i), Some(j)) = (index(a), index(b)) {
                barred[i].push(j);
                barred[j].push(i);
            }
        }
        for i in 0..n {
            for j in 0..n {
                if i != j {
                    compat[i * words + j / 64] |= 1 << (j % 64);
                }
            }
        }
        for (i, row) in barred.iter().enumerate() {
            for &j in row {
                compat[i * words + j / 64] &= !(1 << (j % 64));
                compat[j * words + i / 64] &= !(1 << (i % 64));
            }
        }
        Field {
            input,
            teams,
            levels,
            level,
            pref,
            compat,
            words,
        }
    }

    /// The number of teams.
    pub fn len(&self) -> usize {
        self.teams.len()
    }

    /// `C1` (`2.1.1`) and the prohibited pairs: may `a` and `b` meet?
    pub fn compatible(&self, a: usize, b: usize) -> bool {
        self.compat[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// The TPN of team `i`.
    pub fn tpn(&self, i: usize) -> TeamNo {
        self.teams[i].tpn
    }

    /// Whether the teams of `set` can all be paired among themselves
    /// (`C1`; `C3`, `2.2.1`, asks it of the teams not yet paired).
    pub fn perfect(&self, set: &[usize]) -> bool {
        if set.len() % 2 == 1 {
            return false;
        }
        if set.is_empty() {
            return true;
        }
        let mut m = CardinalityMatcher::new(set.len(), |u, v| self.compatible(set[u], set[v]));
        m.maximum_matching();
        m.is_perfect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    /// `C.04.6 1.7`: the preference table of the notes, both types.
    #[test]
    fn c046_1_7_colour_preferences() {
        let a = |c: &[Colour]| colour_preference(c, ColourType::A, false);
        let b = |c: &[Colour]| colour_preference(c, ColourType::B, false);
        let strong = |c| Some((c, Strength::Strong));
        let mild = |c| Some((c, Strength::Mild));
        assert_eq!(a(&[]), None);
        assert_eq!(b(&[]), None);
        assert_eq!(a(&[B, B]), strong(W));
        assert_eq!(a(&[W, B, B]), strong(W), "CD -1 after two Blacks");
        assert_eq!(a(&[B, W, B, B, W, W]), strong(B), "CD 0 after two Whites");
        assert_eq!(a(&[W, W, B, B]), strong(W));
        assert_eq!(a(&[W, B]), None);
        assert_eq!(b(&[W, B]), mild(W), "CD 0, last Black");
        assert_eq!(b(&[B, W]), mild(B));
        assert_eq!(a(&[W]), None, "CD +1: no type A preference");
        assert_eq!(b(&[W]), mild(B));
        assert_eq!(a(&[W, W, W, B, B]), None, "CD +1 after two Blacks");
        assert_eq!(b(&[W, W, W, B, B]), mild(B));
        assert_eq!(a(&[W, W]), strong(B));
        assert_eq!(a(&[B, W, W, W]), strong(B), "CD +2");
        // The last round: no mild preference at CD 0.
        assert_eq!(colour_preference(&[W, B], ColourType::B, true), None);
        assert_eq!(
            colour_preference(&[B, W, W, B], ColourType::B, true),
            None,
            "CD 0, last two differ"
        );
        assert_eq!(colour_preference(&[B, B], ColourType::None, false), None);
    }
}
