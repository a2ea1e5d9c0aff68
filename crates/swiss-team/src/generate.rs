//! Whole team tournaments (C.04.6), generated round by round: the players'
//! `001` records, the `310` rosters with reserves and the team section,
//! each round paired by [`crate::pair`] and its board results drawn from
//! the ratings. For the hunt against the reference platform and for tests.
//!
//! What a generated event holds, each part optional ([`Settings`]):
//! rosters of `boards` to `boards + reserves` players, a line-up other
//! than the first boards now and then (a `300` record), requested byes
//! announced for a round (`240 F/H/Z`), forfeited matches (`330 +-`, `-+`,
//! `--`) and single boards forfeited (`+`/`-`), prohibited pairs (`260`),
//! virtual points (`250`, or the Baku method of `192 ..._BAKU` written out
//! as `250` records, as TRF-2026 asks a writer to), the initial colour
//! (`152`, or none: `4.1` then reads it back from round 1).
//!
//! Every round is paired from the tournament as its TRF-2026 text reads
//! back ([`swiss_core::trf::write_2026`], [`swiss_core::trf::read`]), so the
//! file written at the end pairs, round by round, as it was generated. A
//! round with no legal pairing (`3.3.3`: the Chief Arbiter decides) ends the
//! event there; record `142` keeps the planned rounds.
//!
//! Deterministic: the same settings give the same text on every machine
//! (SplitMix64 and `+ - * /` only, as [`swiss_core::simulate`]).

use swiss_core::simulate::Rng;
use swiss_core::{
    ByeKind, Colour, ForbiddenTeams, ForfeitResult, ForfeitedMatch, InputErrors, LineUp,
    PairingError, Player, Points, ResultCode, RoundEntry, StartNo, Team, TeamAcceleration,
    TeamByes, TeamSection, Tournament, trf,
};

use crate::history::Primary;
use crate::state::{ColourType, TeamNo};
use crate::tournament::baku_points;
use crate::{Options, pair};

/// What a generated team tournament looks like. [`Settings::new`] gives a
/// plain event (type A, match points then game points, no irregularities);
/// the fields say what to add.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The seed: the same settings give the same tournament.
    pub seed: u64,
    /// Teams (at least 2).
    pub teams: u32,
    /// Boards of a match (`352`'s length).
    pub boards: u32,
    /// Planned rounds (`142`).
    pub rounds: u32,
    /// The most reserves a roster has: each team has `boards` to `boards +
    /// reserves` players.
    pub reserves: u32,
    /// The primary score (`1.2`).
    pub primary: Primary,
    /// Whether the secondary score is used (`1.2`, `4.2.2`).
    pub secondary: bool,
    /// Colour preferences (`1.7`).
    pub colour_type: ColourType,
    /// The Baku method (C.04.7, match points primary only): `_BAKU` in the
    /// code and its virtual points as `250` records.
    pub baku: bool,
    /// Rounds with virtual points of `250` records for the top half
    /// (C.04.7; match points primary only, not with `baku`); 0: none.
    pub accelerated_rounds: u32,
    /// Whether a plain type A event (match points, game points used) is
    /// written with the short code `FIDE_TEAM`, which means the same.
    pub short_code: bool,
    /// The initial colour written as `152`; `None`: no `152` (`4.1` then
    /// reads it back from round 1; round 1 is paired with White).
    pub initial_colour: Option<Colour>,
    /// The chance of a draw between equally rated players (less as the
    /// ratings part).
    pub draw_rate: f64,
    /// The chance that a team with reserves fields another line-up than
    /// its first boards in a match.
    pub line_up_rate: f64,
    /// The chance per team and round of a requested bye or absence
    /// (`240 F`, `H` or `Z`), announced before the round is paired.
    pub bye_rate: f64,
    /// The chance per match of a forfeited match (`330`).
    pub forfeit_rate: f64,
    /// The chance per board of a game lost by forfeit (`+`/`-`).
    pub board_forfeit_rate: f64,
    /// Groups of two or three teams that must not meet in a range of rounds
    /// (`260`).
    pub prohibited: u32,
}

impl Settings {
    /// A plain event of `teams` teams, `boards` boards and `rounds` rounds:
    /// type A colours, match points primary, game points secondary, no
    /// reserves, byes, forfeits, prohibitions or acceleration; `152 W`.
    pub fn new(seed: u64, teams: u32, boards: u32, rounds: u32) -> Settings {
        Settings {
            seed,
            teams,
            boards,
            rounds,
            reserves: 0,
            primary: Primary::MatchPoints,
            secondary: true,
            colour_type: ColourType::A,
            baku: false,
            accelerated_rounds: 0,
            short_code: false,
            initial_colour: Some(Colour::White),
            draw_rate: 0.3,
            line_up_rate: 0.0,
            bye_rate: 0.0,
            forfeit_rate: 0.0,
            board_forfeit_rate: 0.0,
            prohibited: 0,
        }
    }

    /// The tournament type code of record `192`:
    /// `FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`. A code without
    /// a type names its scores (no preferences); with
    /// [`Settings::short_code`], the plain type A event is `FIDE_TEAM`.
    pub fn code(&self) -> String {
        let colour = match self.colour_type {
            ColourType::A => "_TYPEA",
            ColourType::B => "_TYPEB",
            ColourType::None => "",
        };
        let (first, second) = match self.primary {
            Primary::MatchPoints => ("_MP", "_GP"),
            Primary::GamePoints => ("_GP", "_MP"),
        };
        let baku = if self.baku { "_BAKU" } else { "" };
        let plain = self.colour_type == ColourType::A
            && self.primary == Primary::MatchPoints
            && self.secondary;
        if plain && self.short_code {
            return format!("FIDE_TEAM{baku}");
        }
        let second = if self.secondary { second } else { "" };
        format!("FIDE_TEAM{colour}{first}{second}{baku}")
    }

    fn check(&self) -> Result<(), GenerateError> {
        let bad = |reason: &str| Err(GenerateError::Settings(reason.to_string()));
        if !(2..=swiss_core::limits::MAX_TEAM_NO).contains(&self.teams) {
            return bad("2 to 999 teams");
        }
        if self.boards == 0 || self.boards as usize > swiss_core::limits::MAX_BOARDS {
            return bad("1 to 99 boards");
        }
        if self.rounds == 0 || self.rounds > swiss_core::limits::MAX_ROUNDS {
            return bad("at least one round, at most the TRF's");
        }
        if self.reserves > 10 {
            return bad("at most 10 reserves");
        }
        if (self.baku || self.accelerated_rounds > 0) && self.primary == Primary::GamePoints {
            return bad("an acceleration needs match points primary (C.04.7 1.4.4)");
        }
        if self.baku && self.accelerated_rounds > 0 {
            return bad("the Baku method or accelerated rounds, not both");
        }
        let rates = [
            self.draw_rate,
            self.line_up_rate,
            self.bye_rate,
            self.forfeit_rate,
            self.board_forfeit_rate,
        ];
        if rates.iter().any(|r| !(0.0..=1.0).contains(r)) {
            return bad("rates between 0 and 1");
        }
        Ok(())
    }
}

/// Why no tournament could be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The settings describe no event.
    #[error("invalid settings: {0}")]
    Settings(String),
    /// The text written after a round does not read back: a bug of the
    /// generator or of the TRF writer or reader.
    #[error("round {round}: the written tournament does not read back: {errors}")]
    Unreadable {
        /// The round just written.
        round: u32,
        /// The reader's errors.
        errors: String,
    },
    /// The engine failed otherwise than by finding no legal pairing.
    #[error(transparent)]
    Pairing(PairingError),
}

/// A generated tournament.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The record of the rounds played, as its TRF-2026 text reads back.
    pub tournament: Tournament,
    /// Why it stopped before the planned rounds: the round with no legal
    /// pairing (`3.3.3`).
    pub stopped: Option<PairingError>,
    /// The tournament as it stood when that round was to be paired, its
    /// announced byes and absences (`240`) included: what another engine
    /// must be given to judge the round (the record above drops them, as
    /// the round was not played).
    pub unpaired: Option<Tournament>,
}

impl Generated {
    /// The tournament as TRF-2026 text.
    pub fn to_trf(&self) -> String {
        trf::write_2026(&self.tournament)
    }
}

/// Generates the tournament `settings` describe, each round paired with
/// `options`.
pub fn generate(settings: &Settings, options: &Options) -> Result<Generated, GenerateError> {
    settings.check()?;
    let mut rng = Rng::new(settings.seed);
    let mut t = start(settings, &mut rng);
    t = settled(&t, 0)?;
    let (mut stopped, mut unpaired) = (None, None);
    for round in 1..=settings.rounds {
        announce_byes(settings, &mut rng, &mut t, round);
        t = settled(&t, round)?;
        let pairing = match pair(&t, options) {
            Ok(p) => p,
            Err(e @ PairingError::NoLegalPairing { .. }) => {
                // The Chief Arbiter's round (3.3.3): the event ends after
                // the rounds played, without this round's byes.
                unpaired = Some(t.clone());
                if let Some(ts) = &mut t.teams {
                    ts.byes.retain(|b| b.round < round);
                }
                stopped = Some(e);
                break;
            }
            Err(e) => return Err(GenerateError::Pairing(e)),
        };
        play(settings, &mut rng, &mut t, round, &pairing);
    }
    t.refresh_team_scores()
        .map_err(|e| unreadable(settings.rounds, &e))?;
    let tournament = settled(&t, settings.rounds)?;
    Ok(Generated {
        tournament,
        stopped,
        unpaired,
    })
}

fn unreadable(round: u32, e: &InputErrors) -> GenerateError {
    GenerateError::Unreadable {
        round,
        errors: e.to_string(),
    }
}

/// `t` as its TRF-2026 text reads back: what the reference platform will
/// read, in the one form both readers leave.
fn settled(t: &Tournament, round: u32) -> Result<Tournament, GenerateError> {
    trf::read(&trf::write_2026(t), "generated.trf").map_err(|e| unreadable(round, &e))
}

/// The players, the teams and the records fixed before round 1.
fn start(s: &Settings, rng: &mut Rng) -> Tournament {
    let pick = |rng: &mut Rng, lo: u32, hi: u32| lo + rng.below(u64::from(hi - lo + 1)) as u32;
    // Team strengths, strongest first: TPN order is strength order, as the
    // competition rules usually set it (1.1).
    let mut strength: Vec<u32> = (0..s.teams).map(|_| pick(rng, 1500, 2600)).collect();
    strength.sort_unstable_by(|a, b| b.cmp(a));
    let mut players = Vec::new();
    let mut teams = Vec::new();
    for (k, &base) in strength.iter().enumerate() {
        let tpn = k as u32 + 1;
        let size = s.boards + pick(rng, 0, s.reserves);
        let mut ratings: Vec<u16> = (0..size)
            .map(|_| (base + pick(rng, 0, 300)).saturating_sub(150) as u16)
            .collect();
        // Board order is rating order.
        ratings.sort_unstable_by(|a, b| b.cmp(a));
        let first = players.len() as StartNo + 1;
        let members: Vec<StartNo> = (first..first + size).collect();
        for (j, (&sn, &r)) in members.iter().zip(&ratings).enumerate() {
            players.push(Player::new(
                sn,
                format!("Team{tpn:03} Player{}", j + 1),
                Some(r),
            ));
        }
        let lineup = &ratings[..s.boards as usize];
        let average = lineup.iter().map(|&r| u32::from(r)).sum::<u32>() / s.boards;
        let mut team = Team::new(tpn, format!("Team {tpn:03}"), members);
        team.nickname = format!("T{tpn:03}");
        team.strength = average.to_string();
        teams.push(team);
    }
    let mut ts = TeamSection {
        teams,
        board_colours: (0..s.boards)
            .map(|b| {
                if b % 2 == 0 {
                    Colour::White
                } else {
                    Colour::Black
                }
            })
            .collect(),
        ..TeamSection::default()
    };
    ts.accelerations = accelerations(s, rng);
    for _ in 0..s.prohibited {
        let size = pick(rng, 2, 3.min(s.teams));
        let mut group: Vec<TeamNo> = Vec::new();
        while (group.len() as u32) < size {
            let team = pick(rng, 1, s.teams);
            if !group.contains(&team) {
                group.push(team);
            }
        }
        group.sort_unstable();
        let first = pick(rng, 1, s.rounds);
        let last = pick(rng, first, s.rounds);
        ts.forbidden.push(ForbiddenTeams {
            first_round: first,
            last_round: last,
            teams: group,
        });
    }
    Tournament {
        name: format!("Generated team event {}", s.seed),
        planned_rounds: Some(s.rounds),
        system: Some(s.code()),
        initial_colour: s.initial_colour,
        players,
        teams: Some(ts),
        ..Tournament::default()
    }
}

/// The `250` records: Baku's virtual points written out (group A, the
/// first `2 * ceil(n / 4)` TPNs, a won match's points in the first half of
/// the accelerated rounds and a drawn one's in the rest: the records name
/// the values the code implies, so that a reader without the method pairs
/// the same), or the top half's for `accelerated_rounds` rounds.
fn accelerations(s: &Settings, rng: &mut Rng) -> Vec<TeamAcceleration> {
    // The game-point column (the secondary score's virtual points, which
    // C.04.6 4.2.2 reads) holds the same value: the reference platform
    // (Gacrux 1.10.62, `tiebreak.get_accelerated`) adds the match-point
    // column to both scores of a team event, a departure from TRF-2026's
    // two columns, which the hunt reports instead of tripping over it in
    // every accelerated event.
    let record = |mp: Points, first: u32, last: u32, teams: u32| TeamAcceleration {
        match_points: mp,
        game_points: mp,
        first_round: first,
        last_round: last,
        first_team: 1,
        last_team: teams,
    };
    let (win, draw) = (Points::whole(2), Points::whole(1));
    let n = s.teams as usize;
    if s.baku {
        let group_a = (2 * n.div_ceil(4)).min(n) as u32;
        // Runs of rounds with one value, from the method itself.
        let mut out: Vec<TeamAcceleration> = Vec::new();
        for round in 1..=s.rounds {
            let v = baku_points(0, n, s.rounds, round, win);
            if v == Points::ZERO {
                continue;
            }
            match out.last_mut() {
                Some(a) if a.match_points == v && a.last_round + 1 == round => a.last_round = round,
                _ => out.push(record(v, round, round, group_a)),
            }
        }
        return out;
    }
    if s.accelerated_rounds == 0 {
        return Vec::new();
    }
    let top = (s.teams / 2).max(1);
    let rounds = s.accelerated_rounds.min(s.rounds);
    let full = rounds.div_ceil(2).max(1);
    let mut out = vec![record(win, 1, full, top)];
    if rounds > full && rng.chance(0.5) {
        out.push(record(draw, full + 1, rounds, top));
    }
    out
}

/// Draws the requested byes and absences of `round` (`240`), leaving at
/// least two teams to pair.
fn announce_byes(s: &Settings, rng: &mut Rng, t: &mut Tournament, round: u32) {
    if s.bye_rate <= 0.0 {
        return;
    }
    let mut byes: Vec<(ByeKind, TeamNo)> = Vec::new();
    for tpn in 1..=s.teams {
        if rng.chance(s.bye_rate) {
            let kind = match rng.below(10) {
                0 => ByeKind::Full,
                1..=6 => ByeKind::Half,
                _ => ByeKind::Zero,
            };
            byes.push((kind, tpn));
        }
    }
    if s.teams - (byes.len() as u32) < 2 {
        return;
    }
    let Some(ts) = &mut t.teams else { return };
    // One record per kind and round (TRF-2026; the reference refuses two).
    for kind in [ByeKind::Full, ByeKind::Half, ByeKind::Zero] {
        let teams: Vec<TeamNo> = byes
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|&(_, t)| t)
            .collect();
        if !teams.is_empty() {
            ts.byes.push(TeamByes { round, kind, teams });
        }
    }
}

/// Plays round `round` as paired: the PAB, forfeited matches, line-ups and
/// board results.
fn play(
    s: &Settings,
    rng: &mut Rng,
    t: &mut Tournament,
    round: u32,
    pairing: &swiss_core::Pairing,
) {
    let Some(mut ts) = t.teams.take() else { return };
    let boards = s.boards as usize;
    let mut entries = vec![RoundEntry::BLANK; t.players.len()];
    let index = |t: &Tournament, sn: StartNo| t.index_of(sn);
    let members = |ts: &TeamSection, team: TeamNo| -> Vec<StartNo> {
        ts.team(team).map(|x| x.members.clone()).unwrap_or_default()
    };
    if let Some(pab) = pairing.bye {
        if ts.pab_teams.len() < round as usize {
            ts.pab_teams.resize(round as usize, None);
        }
        ts.pab_teams[round as usize - 1] = Some(pab);
        // Each board of the PAB team is a `U` game (the reference sums them).
        for &m in members(&ts, pab).iter().take(boards) {
            if let Some(i) = index(t, m) {
                entries[i] = RoundEntry::no_game(ResultCode::PairingBye);
            }
        }
    }
    for p in &pairing.pairs {
        let (wm, bm) = (members(&ts, p.white), members(&ts, p.black));
        if rng.chance(s.forfeit_rate) {
            let result = match rng.below(10) {
                0 => ForfeitResult::BothLose,
                1..=5 => ForfeitResult::WhiteWins,
                _ => ForfeitResult::BlackWins,
            };
            ts.forfeits.push(ForfeitedMatch {
                round,
                white: p.white,
                black: p.black,
                result,
            });
            // The team that came wins its boards against empty ones
            // (`0000 - +`); the other team's players did not play.
            for (team, won) in [
                (&wm, result == ForfeitResult::WhiteWins),
                (&bm, result == ForfeitResult::BlackWins),
            ] {
                for &m in team.iter().take(boards) {
                    if let Some(i) = index(t, m) {
                        entries[i] = RoundEntry::no_game(if won {
                            ResultCode::PairingBye
                        } else {
                            ResultCode::ZeroBye
                        });
                    }
                }
            }
            continue;
        }
        let lw = line_up(s, rng, &wm);
        let lb = line_up(s, rng, &bm);
        for (team, opponent, l, m) in [(p.white, p.black, &lw, &wm), (p.black, p.white, &lb, &bm)] {
            if l[..] != m[..boards] {
                ts.line_ups.push(LineUp {
                    round,
                    team,
                    opponent: Some(opponent),
                    players: l.iter().map(|&x| Some(x)).collect(),
                });
            }
        }
        for (j, (&x, &y)) in lw.iter().zip(&lb).enumerate() {
            // Board j's colours by record 352, for the white team's player.
            let colour = ts.board_colour(j, Colour::White);
            let (Some(ix), Some(iy)) = (index(t, x), index(t, y)) else {
                continue;
            };
            let (white, black) = if colour == Colour::White {
                (ix, iy)
            } else {
                (iy, ix)
            };
            let (rw, rb) = board_result(s, rng, &t.players[white], &t.players[black]);
            let (cx, rx, ry) = if colour == Colour::White {
                (colour, rw, rb)
            } else {
                (colour, rb, rw)
            };
            entries[ix] = RoundEntry::game(y, cx, rx);
            entries[iy] = RoundEntry::game(x, cx.opposite(), ry);
        }
    }
    let ps = t.point_system;
    for (p, e) in t.players.iter_mut().zip(entries) {
        p.rounds.resize(round as usize - 1, RoundEntry::BLANK);
        p.rounds.push(e);
        p.points = p.score_after(u32::MAX, &ps);
    }
    t.teams = Some(ts);
}

/// A team's line-up: its first boards, or now and then (when it has
/// reserves) some other members, mostly in roster order, sometimes not.
fn line_up(s: &Settings, rng: &mut Rng, members: &[StartNo]) -> Vec<StartNo> {
    let boards = s.boards as usize;
    if members.len() <= boards || !rng.chance(s.line_up_rate) {
        return members[..boards.min(members.len())].to_vec();
    }
    let mut pick: Vec<usize> = (0..members.len()).collect();
    for i in (1..pick.len()).rev() {
        pick.swap(i, rng.below(i as u64 + 1) as usize);
    }
    pick.truncate(boards);
    if rng.chance(0.7) {
        pick.sort_unstable();
    }
    pick.into_iter().map(|i| members[i]).collect()
}

/// One board's result (white's code, black's code): a forfeit now and
/// then, else played over the board as the individual generator draws it
/// (`swiss_core::simulate::played_result`: by the ratings with a small
/// first-move edge, draws rarer as the ratings part).
fn board_result(
    s: &Settings,
    rng: &mut Rng,
    white: &Player,
    black: &Player,
) -> (ResultCode, ResultCode) {
    use ResultCode::{ForfeitLoss, ForfeitWin};
    if rng.chance(s.board_forfeit_rate) {
        return if rng.chance(0.5) {
            (ForfeitWin, ForfeitLoss)
        } else {
            (ForfeitLoss, ForfeitWin)
        };
    }
    swiss_core::simulate::played_result(
        rng,
        s.draw_rate,
        false,
        white.rating.unwrap_or(1500),
        black.rating.unwrap_or(1500),
    )
}
