//! Colour allocation for a pair (C.04.3 E.1-E.5).

use swiss_core::Colour;

use crate::player::{Player, preferences_compatible};

/// Whether `p` ranks below `o` (A.2: lower pairing score, or equal score and
/// higher pairing number).
pub(crate) fn ranks_below(p: &Player, o: &Player) -> bool {
    (p.score, o.pairing_number) < (o.score, p.pairing_number)
}

/// The colours of the most recent played game (C.04.2 D.5 alignment: played
/// games counted back from the last) in which `p` and `o` had different colours.
fn last_difference(p: &Player, o: &Player) -> Option<(Colour, Colour)> {
    p.colours
        .iter()
        .rev()
        .zip(o.colours.iter().rev())
        .find(|(a, b)| a != b)
        .map(|(&a, &b)| (a, b))
}

/// Which colour rule decided a pair's colours (C.04.3 E.1-E.5; the 2026
/// text numbers them 5.2.1-5.2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ColourRule {
    /// E.1: both preferences granted (or the only one there is).
    BothPreferences,
    /// E.2: the stronger preference (between two absolutes, the wider
    /// colour difference).
    StrongerPreference,
    /// E.3: alternate from the most recent round with different colours.
    Alternate,
    /// E.4: the higher ranked player's preference.
    HigherRankedPreference,
    /// E.5: the higher ranked player's pairing number against the initial
    /// colour.
    PairingNumber,
}

impl ColourRule {
    /// What the rule says, for the arbiter.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            ColourRule::BothPreferences => "both colour preferences are granted",
            ColourRule::StrongerPreference => {
                "the stronger colour preference is granted (between two absolute ones, the wider colour difference)"
            }
            ColourRule::Alternate => {
                "colours alternate from the most recent round in which the two players had different colours"
            }
            ColourRule::HigherRankedPreference => {
                "the higher ranked player's colour preference is granted"
            }
            ColourRule::PairingNumber => {
                "the higher ranked player gets the initial colour when his pairing number is odd, the other when even"
            }
        }
    }

    /// The rule's number in the 2017 text (E.1-E.5); the 2026 text's is
    /// 5.2.1-5.2.5 in the same order.
    pub(crate) fn number(self) -> usize {
        match self {
            ColourRule::BothPreferences => 1,
            ColourRule::StrongerPreference => 2,
            ColourRule::Alternate => 3,
            ColourRule::HigherRankedPreference => 4,
            ColourRule::PairingNumber => 5,
        }
    }
}

/// E.1-E.3: the colour of `p` against `o` when the preferences and the
/// colour histories decide it, with the rule that did, `None` when they
/// do not.
fn decided_colour(p: &Player, o: &Player) -> Option<(Colour, ColourRule)> {
    if preferences_compatible(p.preference, o.preference) {
        // E.1: both preferences granted (or only one player has one).
        return p
            .preference
            .or(o.preference.map(Colour::opposite))
            .map(|c| (c, ColourRule::BothPreferences));
    }
    let stronger = |c: Option<Colour>| c.map(|c| (c, ColourRule::StrongerPreference));
    // E.2: the stronger preference; between two absolutes, the wider difference.
    if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
        return stronger(p.preference);
    }
    if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
        return stronger(o.preference.map(Colour::opposite));
    }
    if p.strong() && !o.strong() {
        return stronger(p.preference);
    }
    if o.strong() && !p.strong() {
        return stronger(o.preference.map(Colour::opposite));
    }
    // E.3: alternate from the most recent game with different colours.
    last_difference(p, o).map(|(_, theirs)| (theirs, ColourRule::Alternate))
}

/// The colour `p` gets against `o` (C.04.3 E.1-E.5).
pub(crate) fn colour_of(p: &Player, o: &Player, initial: Colour) -> Colour {
    colour_and_rule(p, o, initial).0
}

/// The colour `p` gets against `o` (C.04.3 E.1-E.5), and the rule that
/// decided it (for the arbiter's explanation and comparison).
pub(crate) fn colour_and_rule(p: &Player, o: &Player, initial: Colour) -> (Colour, ColourRule) {
    if let Some(decided) = decided_colour(p, o) {
        return decided;
    }
    let p_lower = ranks_below(p, o);
    match p.preference {
        // E.4: the higher ranked player's preference.
        Some(pref) => {
            let c = if p_lower {
                o.preference.map_or(pref, Colour::opposite)
            } else {
                pref
            };
            (c, ColourRule::HigherRankedPreference)
        }
        // E.5: the higher ranked player gets the initial colour when his
        // pairing number is odd.
        None => {
            let (higher, p_is_higher) = if p_lower { (o, false) } else { (p, true) };
            let higher_gets = if higher.pairing_number % 2 == 1 {
                initial
            } else {
                initial.opposite()
            };
            let c = if p_is_higher {
                higher_gets
            } else {
                higher_gets.opposite()
            };
            (c, ColourRule::PairingNumber)
        }
    }
}

/// The initial colour a recorded round 1 implies under E.5 (odd pairing
/// numbers get the initial colour when the top half meets the bottom half):
/// the colour of the top-ranked player who played in round 1, flipped when
/// his E.5 pairing number was even, pairing numbers counting only players
/// paired in round 1 (oracle README, "How to derive test case k", steps 6
/// and 7). `None` when nobody played round 1.
pub(crate) fn initial_colour_from_round_1(t: &swiss_core::Tournament) -> Option<Colour> {
    let mut rank = 0;
    for p in &t.players {
        let e = p.entry(1);
        if e.is_paired() {
            rank += 1;
        }
        if let (Some(_), Some(c)) = (e.opponent, e.colour) {
            return Some(if rank % 2 == 1 { c } else { c.opposite() });
        }
    }
    None
}
