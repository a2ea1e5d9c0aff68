//! Dutch 2012 A: the facts the 2012 text asks about each player (A.2
//! order, A.4 floats, A.7 colour preferences, A.10 top scorers, B.1
//! history), and the score brackets of A.3.

use swiss_core::{Colour, PlayerState, ResultCode, RoundState, StartNo, colour_difference};

use crate::float::Float;

/// How strongly a player wants a colour (A.7.a-c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    /// A.7.c: colour difference 0, alternate with the previous game.
    Mild,
    /// A.7.b: colour difference +1 or -1.
    Strong,
    /// A.7.a: colour difference beyond ±1, or the same colour in the two
    /// latest rounds played.
    Absolute,
}

/// A colour preference: the colour and how strongly (A.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ColourPreference {
    /// The preferred colour.
    pub(crate) colour: Colour,
    /// Its strength.
    pub(crate) strength: Strength,
}

/// A.7.a-c: the colour preference from the colours of the games played,
/// oldest first (F.3: unplayed rounds left out); `None` before the first
/// game played.
pub(crate) fn colour_preference(colours: &[Colour]) -> Option<ColourPreference> {
    let &last = colours.last()?;
    let diff = colour_difference(colours);
    let last_two_same = colours.len() >= 2 && colours[colours.len() - 2] == last;
    let (colour, strength) = match diff {
        d if d > 1 => (Colour::Black, Strength::Absolute),
        d if d < -1 => (Colour::White, Strength::Absolute),
        _ if last_two_same => (last.opposite(), Strength::Absolute),
        1 => (Colour::Black, Strength::Strong),
        -1 => (Colour::White, Strength::Strong),
        _ => (last.opposite(), Strength::Mild),
    };
    Some(ColourPreference { colour, strength })
}

/// One player to be paired, as the 2012 text sees him.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    /// Start number.
    pub(crate) id: StartNo,
    /// Pairing number for E.5 (players not in the tournament skipped), 1-based.
    pub(crate) colour_rank: u32,
    /// Pairing score in tenths (A.2, A.3; acceleration included).
    pub(crate) score: i32,
    /// Colours of the played games, oldest first (F.2, F.3: unplayed rounds
    /// are left out, so B W - W B counts as B W W B).
    pub(crate) colours: Vec<Colour>,
    /// Colour preference (A.7.a-c), `None` before the first played game (A.7.f).
    pub(crate) pref: Option<ColourPreference>,
    /// Float of the previous round and of two rounds before (A.4, B.1.b).
    pub(crate) floats: [Option<Float>; 2],
    /// May receive the bye (B.1.b).
    pub(crate) bye_ok: bool,
    /// Top scorer (A.10).
    pub(crate) topscorer: bool,
    /// Start numbers he may not meet: played opponents (B.1.a) and `XXP`.
    pub(crate) forbidden: Vec<StartNo>,
}

impl Player {
    /// The preferred colour, if any (A.7).
    pub(crate) fn colour(&self) -> Option<Colour> {
        self.pref.map(|p| p.colour)
    }

    /// The strength of the preference, if any (A.7.a-c).
    pub(crate) fn strength(&self) -> Option<Strength> {
        self.pref.map(|p| p.strength)
    }

    /// Whether the preference is absolute (A.7.a).
    pub(crate) fn absolute(&self) -> bool {
        self.strength() == Some(Strength::Absolute)
    }

    /// Whether the preference is strong (A.7.b).
    pub(crate) fn strong(&self) -> bool {
        self.strength() == Some(Strength::Strong)
    }

    /// Whether the preference is mild (A.7.c).
    pub(crate) fn mild(&self) -> bool {
        self.strength() == Some(Strength::Mild)
    }

    /// The float `back` rounds ago (1 or 2).
    pub(crate) fn float(&self, back: usize) -> Option<Float> {
        self.floats.get(back.wrapping_sub(1)).copied().flatten()
    }
}

/// The round being paired: its number and its players in A.2 order.
#[derive(Clone, Debug)]
pub(crate) struct Round {
    /// The round, 1-based (A.7.d/e tell odd and even rounds apart).
    pub(crate) number: u32,
    /// The colour drawn by lot for the top player before round 1 (A.7.c, E.5).
    pub(crate) initial: Colour,
    /// The players to pair, in A.2 order: the index into this list is the
    /// player's rank, and every bracket lists players by index.
    pub(crate) players: Vec<Player>,
}

impl Round {
    /// The players of `state` who are to be paired, in A.2 order.
    pub(crate) fn new(state: &RoundState) -> Round {
        let mut players: Vec<Player> = state
            .players
            .iter()
            .filter(|p| p.to_pair)
            .map(|p| player(p, state))
            .collect();
        players.sort_by(a2_order);
        Round {
            number: state.round,
            initial: state.initial_colour,
            players,
        }
    }

    /// Whether this is an odd-numbered round (A.7.d).
    pub(crate) fn odd(&self) -> bool {
        self.number % 2 == 1
    }

    /// The player of rank `i`.
    pub(crate) fn p(&self, i: usize) -> &Player {
        &self.players[i]
    }
}

/// A.2: score first, then the pairing number (the start list is in order
/// of rating, title and name, so the start number stands for those).
fn a2_order(a: &Player, b: &Player) -> std::cmp::Ordering {
    b.score.cmp(&a.score).then(a.id.cmp(&b.id))
}

/// Builds the 2012 view of `p` before the round of `st`.
fn player(p: &PlayerState, st: &RoundState) -> Player {
    let ps = &st.point_system;
    let per_round = ps
        .win_white
        .max(ps.win_black)
        .max(ps.draw_white)
        .max(ps.draw_black)
        .tenths();
    let played_rounds = st.round.saturating_sub(1) as i32;
    // A.10: over 50% of the maximum possible score, when pairing the last round.
    let topscorer =
        st.is_last_round() && p.score.tenths() * 2 > per_round.saturating_mul(played_rounds);
    let mut forbidden: Vec<StartNo> = p.met.iter().copied().chain(p.forbidden.iter()).collect();
    forbidden.sort_unstable();
    forbidden.dedup();
    Player {
        id: p.start_no,
        colour_rank: p.rank_for_colour,
        score: p.pairing_score().tenths(),
        colours: p.colours.clone(),
        pref: colour_preference(&p.colours),
        floats: [float_2012(p, st, 1), float_2012(p, st, 2)],
        bye_ok: !p.had_bye_or_forfeit_win,
        topscorer,
        forbidden,
    }
}

/// The float `back` rounds ago under the 2012 text (A.4, B.1.b): a pairing
/// with a higher-scored opponent is an upfloat, with a lower-scored one a
/// downfloat (forfeits included: the pairing was made); the bye and a
/// forfeit win are downfloats (B.1.b); a round without pairing (absence,
/// requested bye, F.5) is no float.
pub(crate) fn float_2012(p: &PlayerState, st: &RoundState, back: usize) -> Option<Float> {
    let r = p.history.len().checked_sub(back)?;
    let past = p.history.get(r)?;
    match past.entry.result {
        ResultCode::PairingBye | ResultCode::ForfeitWin => return Some(Float::Down),
        _ => {}
    }
    let opp = st.player(past.entry.opponent?)?;
    let theirs = opp
        .history
        .get(r)
        .map_or(past.score_before, |h| h.score_before);
    match past.score_before.cmp(&theirs) {
        std::cmp::Ordering::Greater => Some(Float::Down),
        std::cmp::Ordering::Less => Some(Float::Up),
        std::cmp::Ordering::Equal => None,
    }
}

/// A.3: the homogeneous score brackets, highest score first; each lists
/// its players by rank.
pub(crate) fn score_brackets(round: &Round) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (i, p) in round.players.iter().enumerate() {
        match out.last_mut() {
            Some(last) if round.players[last[0]].score == p.score => last.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

/// A score bracket to pair: the players moved down into it (A.3) and its
/// own players.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bracket {
    /// Players moved down from higher brackets (A.6.c: `M0` of them), by rank.
    pub(crate) mdps: Vec<usize>,
    /// The bracket's own players, by rank.
    pub(crate) residents: Vec<usize>,
    /// Whether this is the lowest score bracket (C.13): everybody must be
    /// paired, the player left over gets the bye.
    pub(crate) lowest: bool,
}

impl Bracket {
    /// All players, by rank (A.2).
    pub(crate) fn players(&self) -> Vec<usize> {
        let mut v: Vec<usize> = self.mdps.iter().chain(&self.residents).copied().collect();
        v.sort_unstable();
        v
    }
}
