//! A team tournament as recorded ([`Tournament`] with its team section,
//! read from TRF-2026 or JSON) turned into the [`Event`] the engine reads:
//! what each team did in each round (`swiss_core::TeamHistory`), the
//! type code of record `192` (`1.2`, `1.7`), virtual points (`250`, or
//! Baku's, C.04.7) and prohibited pairs (`260`).

use swiss_core::{
    ByeKind, Colour, PairingError, Points, TeamColourType, TeamRoundKind, TeamScore, Tournament,
    parse_team_code,
};

use crate::history::{Entry, Event, Primary, TeamRecord};
use crate::state::{ColourType, TeamNo};

/// The event of `t` and the teams not to pair in its next round (`240`,
/// every member absent).
pub fn event_of(t: &Tournament) -> Result<(Event, Vec<TeamNo>), PairingError> {
    let round = t.next_round();
    let input = |reason: String| PairingError::Input { round, reason };
    let Some(ts) = &t.teams else {
        return Err(PairingError::Unsupported {
            round,
            reason: "not a team tournament: the team system (C.04.6) pairs teams (records 310 \
                     or 013), and this file has none"
                .into(),
        });
    };
    let code = parse_team_code(t.system.as_deref().unwrap_or("FIDE_TEAM"))
        .map_err(|e| input(e.to_string()))?;
    let rounds = t.planned_rounds.ok_or_else(|| {
        input(
            "the number of rounds is not given (record 142): C.04.6 needs it for the last \
             two rounds (2.3.4, 2.3.7, 1.7.2)"
                .into(),
        )
    })?;
    let history = ts.history(t).map_err(|e| input(e.to_string()))?;
    let primary = match code.primary {
        TeamScore::MatchPoints => Primary::MatchPoints,
        TeamScore::GamePoints => Primary::GamePoints,
    };
    let colour_type = match code.colours {
        Some(TeamColourType::A) => ColourType::A,
        Some(TeamColourType::B) => ColourType::B,
        None => ColourType::None,
    };
    let baku = code.baku && ts.accelerations.is_empty();
    let n = history.teams.len();
    let teams = history
        .teams
        .iter()
        .enumerate()
        .map(|(k, rec)| {
            let rounds_done = rec
                .rounds
                .iter()
                .map(|r| {
                    let (mp, gp) = (r.match_points, r.game_points);
                    match &r.kind {
                        TeamRoundKind::Match(m) => Entry::Match {
                            opponent: m.opponent,
                            played: m.played,
                            colour: m.colour,
                            forfeit_win: r.forfeit_win(),
                            mp,
                            gp,
                        },
                        TeamRoundKind::Pab => Entry::Pab { mp, gp },
                        TeamRoundKind::Bye(kind) => Entry::Bye {
                            full: *kind == ByeKind::Full,
                            mp,
                            gp,
                        },
                        TeamRoundKind::NotPaired => Entry::NotPaired,
                    }
                })
                .collect();
            let acceleration = (1..=rounds.max(round))
                .map(|r| {
                    let (mp, gp) = if baku {
                        (
                            baku_points(k, n, rounds, r, ts.match_point_values.win),
                            Points::ZERO,
                        )
                    } else {
                        ts.virtual_points(rec.tpn, r)
                    };
                    match primary {
                        Primary::MatchPoints => (mp, gp),
                        Primary::GamePoints => (gp, mp),
                    }
                })
                .collect();
            let adjustment = match primary {
                Primary::MatchPoints => rec.adjustment,
                Primary::GamePoints => (rec.adjustment.1, rec.adjustment.0),
            };
            TeamRecord {
                tpn: rec.tpn,
                rounds: rounds_done,
                acceleration,
                adjustment,
            }
        })
        .collect();
    let forbidden = ts
        .forbidden
        .iter()
        .map(|f| (f.first_round, f.last_round, f.teams.clone()))
        .collect();
    let mut ev = Event {
        rounds,
        initial_colour: Colour::White,
        colour_type,
        primary,
        secondary: code.secondary,
        teams,
        forbidden,
    };
    ev.initial_colour = match t.initial_colour {
        Some(c) => c,
        None => ev.initial_colour_of_round_1().unwrap_or(Colour::White),
    };
    Ok((ev, history.not_to_pair))
}

/// C.04.7's Baku method for a team event of `n` teams (match points,
/// `win` the points of a won match): group A is the first `2 * ceil(n / 4)` teams by TPN;
/// the first `ceil(rounds / 2)` rounds are accelerated, group A getting a
/// win's points in the first half of them (rounded up) and a draw's in
/// the rest.
pub(crate) fn baku_points(index: usize, n: usize, rounds: u32, round: u32, win: Points) -> Points {
    let group_a = 2 * n.div_ceil(4);
    let accelerated = rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    if index >= group_a || round > accelerated {
        Points::ZERO
    } else if round <= full {
        win
    } else {
        Points(win.tenths() / 2)
    }
}
