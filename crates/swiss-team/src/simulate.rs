//! Simulated team events for tests and benchmarks: each round paired by
//! the engine, board results drawn from a seeded generator.

use swiss_core::simulate::Rng;
use swiss_core::{Colour, Points};

use crate::history::{Entry, Event, Primary, TeamRecord};
use crate::pairing::pair_teams;
use crate::state::{ColourType, TeamNo};

/// What a simulated event looks like.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Teams.
    pub teams: u32,
    /// Boards per match.
    pub boards: u32,
    /// Rounds.
    pub rounds: u32,
    /// Colour preferences.
    pub colour_type: ColourType,
    /// The primary score.
    pub primary: Primary,
    /// Chance in 1000 of a drawn board.
    pub draws_per_mille: u64,
    /// Chance in 1000 that a team takes a half-point bye in a round.
    pub byes_per_mille: u64,
    /// Chance in 1000 of a forfeited match.
    pub forfeits_per_mille: u64,
    /// The seed.
    pub seed: u64,
}

/// Plays `setup` round by round; stops early at a round with no legal
/// pairing. Returns the event after the rounds played.
pub fn simulate(setup: &Setup) -> Event {
    let mut rng = Rng::new(setup.seed);
    let two = |x: i32| Points(x * 10);
    let mut ev = Event {
        rounds: setup.rounds,
        initial_colour: if rng.below(2) == 0 {
            Colour::White
        } else {
            Colour::Black
        },
        colour_type: setup.colour_type,
        primary: setup.primary,
        secondary: true,
        teams: (1..=setup.teams)
            .map(|tpn| TeamRecord {
                tpn,
                rounds: Vec::new(),
                acceleration: Vec::new(),
                adjustment: (Points(0), Points(0)),
            })
            .collect(),
        forbidden: Vec::new(),
    };
    let b = setup.boards as i32;
    for round in 1..=setup.rounds {
        for t in &mut ev.teams {
            if rng.below(1000) < setup.byes_per_mille {
                t.rounds.push(Entry::Bye {
                    full: false,
                    mp: two(1),
                    gp: Points(5 * b),
                });
            }
        }
        let input = ev.round_input(round);
        let Ok(paired) = pair_teams(&input) else {
            break;
        };
        let mut entries: Vec<(TeamNo, Entry)> = Vec::new();
        for p in &paired.pairs {
            if rng.below(1000) < setup.forfeits_per_mille {
                let white_wins = rng.below(2) == 0;
                let (w, l) = if white_wins {
                    (p.white, p.black)
                } else {
                    (p.black, p.white)
                };
                entries.push((w, forfeit(l, true, two(2), Points(10 * b))));
                entries.push((l, forfeit(w, false, two(0), Points(0))));
                continue;
            }
            let mut gp_white = 0;
            for _ in 0..b {
                gp_white += match rng.below(1000) {
                    x if x < setup.draws_per_mille => 5,
                    x if x % 2 == 0 => 10,
                    _ => 0,
                };
            }
            let gp_black = 10 * b - gp_white;
            let mp = |a: i32, o: i32| {
                two(if a > o {
                    2
                } else if a == o {
                    1
                } else {
                    0
                })
            };
            entries.push((
                p.white,
                played(
                    p.black,
                    Colour::White,
                    mp(gp_white, gp_black),
                    Points(gp_white),
                ),
            ));
            entries.push((
                p.black,
                played(
                    p.white,
                    Colour::Black,
                    mp(gp_black, gp_white),
                    Points(gp_black),
                ),
            ));
        }
        if let Some(t) = paired.pab {
            entries.push((
                t,
                Entry::Pab {
                    mp: two(1),
                    gp: Points(5 * b),
                },
            ));
        }
        for t in &mut ev.teams {
            if t.rounds.len() == round as usize {
                continue; // its bye
            }
            let e = entries
                .iter()
                .find(|(x, _)| *x == t.tpn)
                .map_or(Entry::NotPaired, |&(_, e)| e);
            t.rounds.push(e);
        }
    }
    ev
}

fn played(opponent: TeamNo, colour: Colour, mp: Points, gp: Points) -> Entry {
    Entry::Match {
        opponent,
        played: true,
        colour: Some(colour),
        forfeit_win: false,
        mp,
        gp,
    }
}

fn forfeit(opponent: TeamNo, won: bool, mp: Points, gp: Points) -> Entry {
    Entry::Match {
        opponent,
        played: false,
        colour: None,
        forfeit_win: won,
        mp,
        gp,
    }
}
