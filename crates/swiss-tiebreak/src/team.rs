//! Team standings: the C.07 (2026) team tie-breaks (Art. 11-13), with
//! unplayed matches as Art. 15-16 count them, for a team event of the
//! FIDE Swiss Team system (C.04.6).
//!
//! A team's rounds come from the team history of `swiss-core` (the
//! matches the `001` records and the team records make, `team-2026.md`
//! §6.2), once per score: match points and game points. Every tie-break
//! of an individual event that needs no rating is then computed on either
//! score (`BH:MP`, `SB:GP`; without `:MP`/`:GP` the primary score, C.07
//! Art. 13), and the tie-breaks of team events only are here:
//!
//! | code | article | value |
//! |---|---|---|
//! | PTS, MPTS, GPTS | 11.1 | primary score, match points, game points |
//! | MPVGP | 13.1 | the score that is not primary |
//! | BC | 12.1 | Σ board number × game points on that board, lower first |
//! | TBR | 12.2 | place inside the tied group by board 1's game points, then board 2's, ... |
//! | BBE | 12.3 | place by game points without the bottom board, then the two bottom boards, ... |
//! | ESB, EMMSB, EMGSB, EGMSB, EGGSB | 13.2 | opponents' totals × own score against them |
//! | EDE, EDEC, EDET, EDEB, EDEBT, EDEBB | 13.3 | direct encounter on the primary, then the secondary score; two teams still tied by the boards |
//! | SSSC | 13.4 | secondary score + BH on the primary ÷ F, two decimals |
//!
//! # Rule interpretations (team events)
//!
//! The 2026 text of C.07 was read only through a summary
//! (`team-2026.md` §7); the values agree with the FIDE Technical
//! Commission's reference platform, Gacrux 1.10.62, on every value and
//! rank of the tournaments of `testdata/tiebreaks-team/reference` (and of
//! the larger run in the crate README), except the first reading below.
//!
//! - *Board count inside EDE* (departure): when EDEC, EDEBT or EDEBB
//!   come to the board count of two teams still tied, the lower count of
//!   their encounter ranks first, as Art. 12.1 defines the board count;
//!   the reference ranks the higher first there (and the lower in BC
//!   itself). Pinned by
//!   `extended_direct_encounter_then_the_boards_of_the_encounter_art_13_3`.
//! - *A pair that met twice* (departure, with `/P` only): a forfeited
//!   match and a later played one between the same teams count as one
//!   opponent met, scoring the average of the two (as DE averages repeated
//!   games); the reference's repeated-meeting branch resets the team's
//!   count of opponents met to 1, so the group looks as if not everyone
//!   had met (Art. 6.2) and nobody is separated. Pinned by
//!   `with_p_a_forfeited_then_played_pair_has_met_art_13_3`.
//! - *Board points* (Art. 12): a board won or lost by forfeit counts as
//!   won or lost; a forfeited match as won or lost on every board; the
//!   PAB as a won game on every board (not the `320` value); a requested
//!   bye at its value on every board; an empty board as nothing. Pinned
//!   by `board_count_sums_board_number_times_points_lower_first_art_12_1`.
//! - *Unplayed rounds* (Art. 16 for teams, on either score): a round is
//!   played when the match was played over the board (a board at least);
//!   the PAB counts as a round the team elected to play; a voluntarily
//!   unplayed round is any other round not won (a forfeited match won and
//!   a full-point bye are not). The dummy opponent's caps are those of
//!   individuals, on the score computed (draw × boards per round for game
//!   points). Pinned by `a_pab_and_a_forfeited_match_meet_dummy_opponents_art_16_4`.
//! - *`/P`*: a forfeited match counts as played against its real opponent
//!   (the reference's reading of the TEC sample's `EDET/P,EMGSB/C1/P,
//!   BH:MP/C1/P`; the notes could not say what the 2026 text means by it).
//! - *Counting on game points*: WIN, WON, BPG, BWG and REP count boards
//!   (games won, won over the board, ...), STD scores every game 1 / ½ /
//!   0; on match points they count matches (Art. 13: the individual
//!   tie-breaks on either score).
//! - *SSSC's F* (Art. 13.4): the whole part of the most primary points a
//!   team can score in the rounds counted over the most secondary points
//!   of one match, at least 1, unless `/Kx` sets it; the value is rounded
//!   to two decimals, halves up. Pinned by `score_strength_combination_art_13_4`.
//! - *Rounds counted*: those played (as for individuals); the reference
//!   counts record `142`'s rounds, so an event that ended early (no legal
//!   pairing) is compared over its played rounds only.
//! - *No rating tie-breaks* (Art. 10) for teams: refused, naming the article.

use swiss_core::{
    ByeKind, Colour, MatchResult, TeamHistory, TeamRoundKind, TeamScore, TeamSection, Tournament,
    parse_team_code,
};

use crate::code::{Kind as Tb, TieBreak};
use crate::compute::Calc;
use crate::facts::{Facts, Kind, Player, Round};
use crate::value::Value;
use crate::{Options, Table, TieBreakError, rank, rating};

/// A team event's rounds on both scores, and its board points.
struct Event {
    primary: TeamScore,
    /// Match points, then game points: the same teams, in TPN order.
    mp: Facts,
    gp: Facts,
    /// Each team's game points on board 1, 2, ... over the rounds counted.
    boards: Vec<Vec<i64>>,
    /// Each team's game points on each board, round by round (played
    /// matches only: what the direct encounter by boards reads).
    match_boards: Vec<Vec<Option<Vec<i64>>>>,
    /// Each team's games, board by board over the rounds counted: what
    /// the counting tie-breaks (WIN, WON, BPG, BWG, REP) count on game
    /// points.
    games: Vec<Vec<Game>>,
    /// The win's game points (record `162`), for the SSSC divisor.
    game_win: i64,
    /// The draw's game points, for STD.
    game_draw: i64,
}

/// One board of a team in one round, as the counting tie-breaks see it.
#[derive(Clone, Copy, Debug)]
struct Game {
    points: i64,
    /// Played over the board (a played match's board game, or the PAB).
    played: bool,
    black: bool,
    /// Against a player (not an empty board, a bye or a forfeited match).
    opponent: bool,
}

impl Event {
    fn facts(&self, s: TeamScore) -> &Facts {
        match s {
            TeamScore::MatchPoints => &self.mp,
            TeamScore::GamePoints => &self.gp,
        }
    }
}

fn other(s: TeamScore) -> TeamScore {
    match s {
        TeamScore::MatchPoints => TeamScore::GamePoints,
        TeamScore::GamePoints => TeamScore::MatchPoints,
    }
}

/// The standings of a team event (one with team records): the primary
/// score of its record `192` (match points unless it says game points),
/// then each tie-break in order; ranks by them. The rating tie-breaks
/// (Art. 10) do not apply to teams.
pub fn table(t: &Tournament, codes: &[TieBreak], o: &Options) -> Result<Table, TieBreakError> {
    let ts = t
        .teams
        .as_ref()
        .ok_or_else(|| TieBreakError::TeamRecords("the event has no team records".into()))?;
    for tb in codes {
        if matches!(
            tb.kind,
            Tb::Aro | Tb::Tpr | Tb::Ptp | Tb::Apro | Tb::Appo | Tb::Rtng
        ) {
            return Err(TieBreakError::NotForThisEvent {
                code: tb.to_string(),
                reason: "a rating tie-break (C.07 Art. 10); teams have no rating",
            });
        }
    }
    let history = ts
        .history(t)
        .map_err(|e| TieBreakError::TeamRecords(e.to_string()))?;
    let primary = parse_team_code(t.system.as_deref().unwrap_or("FIDE_TEAM"))
        .map_or(TeamScore::MatchPoints, |c| c.primary);
    let rounds = o.round.unwrap_or(history.rounds).min(history.rounds);
    let ev = event(t, ts, &history, rounds, primary);
    let start_nos = history.teams.iter().map(|r| r.tpn).collect();
    Ok(crate::ranked_table(
        codes,
        o,
        rounds,
        start_nos,
        |tb| ev.values(tb, o),
        |tb, ranks, order| ev.places(tb, ranks, order),
    ))
}

/// Builds both scores' facts and the board points of `rounds` rounds.
fn event(
    t: &Tournament,
    ts: &TeamSection,
    h: &TeamHistory,
    rounds: u32,
    primary: TeamScore,
) -> Event {
    let ps = &t.point_system;
    let nb = ts.boards().max(1);
    let index = |tpn| h.teams.binary_search_by_key(&tpn, |r| r.tpn).ok();
    let mpv = ts.match_point_values;
    let game = |p: swiss_core::Points| i64::from(p.tenths());
    let mut boards = Vec::with_capacity(h.teams.len());
    let mut games = Vec::with_capacity(h.teams.len());
    let mut match_boards = Vec::with_capacity(h.teams.len());
    let mut mp_players = Vec::with_capacity(h.teams.len());
    let mut gp_players = Vec::with_capacity(h.teams.len());
    for rec in &h.teams {
        let mut bp = vec![0i64; nb];
        let mut team_games = Vec::new();
        let mut by_round = Vec::with_capacity(rounds as usize);
        let (mut mp_rounds, mut gp_rounds) = (Vec::new(), Vec::new());
        for r in 1..=rounds {
            let Some(tr) = rec.round(r) else {
                // The history covers every round played; a round beyond it
                // counts as not paired (nothing scored, a VUR).
                by_round.push(None);
                let none = Round {
                    pts: 0,
                    kind: Kind::Unplayed,
                    opp: None,
                    black: false,
                    halves: 0,
                    vur: true,
                };
                mp_rounds.push(none);
                gp_rounds.push(none);
                continue;
            };
            let per_board: Vec<i64> = match &tr.kind {
                TeamRoundKind::Match(m) => m.board_points.iter().map(|&p| game(p)).collect(),
                TeamRoundKind::Pab => vec![game(ps.win_white); nb],
                TeamRoundKind::Bye(ByeKind::Full) => vec![game(ps.full_bye); nb],
                TeamRoundKind::Bye(ByeKind::Half) => vec![game(ps.half_bye); nb],
                TeamRoundKind::Bye(ByeKind::Zero) | TeamRoundKind::NotPaired => {
                    vec![game(ps.zero_bye); nb]
                }
            };
            for (b, v) in per_board.iter().enumerate().take(nb) {
                bp[b] += v;
            }
            let line_up = rec.line_ups.get(r as usize - 1);
            match (&tr.kind, line_up) {
                (TeamRoundKind::Match(m), Some(line_up)) if m.played => {
                    // The boards with a player of the team (an empty board is no game).
                    for (b, p) in line_up.iter().enumerate() {
                        let Some(e) = p.and_then(|p| t.player(p)).map(|p| p.entry(r)) else {
                            continue;
                        };
                        team_games.push(Game {
                            points: per_board.get(b).copied().unwrap_or(0),
                            played: e.is_played_game(),
                            black: e.colour == Some(Colour::Black),
                            opponent: e.opponent.is_some(),
                        });
                    }
                }
                _ => team_games.extend(per_board.iter().map(|&points| Game {
                    points,
                    played: tr.is_pab(),
                    black: false,
                    opponent: false,
                })),
            }
            by_round.push(tr.played().then_some(per_board));
            let kind = if tr.played() {
                Kind::Game
            } else if tr.is_pab() {
                Kind::Pab
            } else {
                Kind::Unplayed
            };
            // A voluntarily unplayed round (Art. 16.2.5): not played, not
            // the PAB, not won (a forfeited match won, a full-point bye).
            let won = tr.result() == Some(MatchResult::Win) || tr.bye() == Some(ByeKind::Full);
            let round = |pts: swiss_core::Points| Round {
                pts: pts.tenths(),
                kind,
                opp: tr.opponent().and_then(index).map(|i| i as u32),
                black: tr.colour() == Some(Colour::Black),
                halves: 0,
                vur: kind == Kind::Unplayed && !won,
            };
            mp_rounds.push(round(tr.match_points));
            gp_rounds.push(round(tr.game_points));
        }
        boards.push(bp);
        games.push(team_games);
        match_boards.push(by_round);
        mp_players.push(player(
            rec.tpn,
            mp_rounds,
            rec.match_points_after(rounds).tenths(),
        ));
        gp_players.push(player(
            rec.tpn,
            gp_rounds,
            rec.game_points_after(rounds).tenths(),
        ));
    }
    let boards_n = i32::try_from(nb).unwrap_or(i32::MAX);
    let facts = |players, win: i32, draw: i32| Facts {
        rounds,
        win,
        draw,
        players,
        all_rated: false,
    };
    Event {
        primary,
        mp: facts(mp_players, mpv.win.tenths(), mpv.draw.tenths()),
        gp: facts(
            gp_players,
            ps.win_white.tenths().saturating_mul(boards_n),
            ps.draw_white.tenths().saturating_mul(boards_n),
        ),
        boards,
        match_boards,
        games,
        game_win: game(ps.win_white),
        game_draw: game(ps.draw_white),
    }
}

/// One team's facts on one score: its rounds, total (with the `299`
/// adjustment), last present and last paired rounds (Art. 16.2, 16.3).
fn player(tpn: u32, rounds: Vec<Round>, total: i32) -> Player {
    let mut last_present = 0;
    let mut last_paired = 0;
    for (i, r) in rounds.iter().enumerate() {
        let no = i as u32 + 1;
        if !r.is_vur() {
            last_present = no;
        }
        if r.opp.is_some() || r.kind == Kind::Pab {
            last_paired = no;
        }
    }
    Player {
        start_no: tpn,
        rating: None,
        rounds,
        total,
        last_present,
        last_paired,
    }
}

impl Event {
    /// The score a tie-break is computed on: its `:MP`/`:GP`, else primary.
    fn score_of(&self, tb: &TieBreak) -> TeamScore {
        tb.score.unwrap_or(self.primary)
    }

    fn totals(&self, s: TeamScore) -> Vec<Value> {
        self.facts(s)
            .players
            .iter()
            .map(|p| Value::Tenths(i64::from(p.total)))
            .collect()
    }

    /// A tie-break that does not depend on the ranking so far.
    fn values(&self, tb: &TieBreak, o: &Options) -> Vec<Value> {
        let calc = |facts: &Facts, own: Option<&Facts>| {
            Calc {
                facts,
                rules: o.rules,
                own,
            }
            .values(tb)
        };
        let s = self.score_of(tb);
        match tb.kind {
            Tb::Pts => self.totals(s),
            Tb::Mpts => self.totals(TeamScore::MatchPoints),
            Tb::Gpts => self.totals(TeamScore::GamePoints),
            Tb::Mpvgp => self.totals(other(self.primary)),
            Tb::Esb => calc(self.facts(s), Some(self.facts(other(s)))),
            Tb::Emmsb => calc(&self.mp, Some(&self.mp)),
            Tb::Emgsb => calc(&self.mp, Some(&self.gp)),
            Tb::Egmsb => calc(&self.gp, Some(&self.mp)),
            Tb::Eggsb => calc(&self.gp, Some(&self.gp)),
            Tb::Bc => self.board_count(),
            Tb::Sssc => self.sssc(tb, o),
            Tb::Win | Tb::Won | Tb::Bpg | Tb::Bwg | Tb::Rep | Tb::Std
                if s == TeamScore::GamePoints =>
            {
                self.count_games(tb.kind)
            }
            _ => calc(self.facts(s), None),
        }
    }

    /// STD (Art. 5.2) and WIN, WON, BPG, BWG, REP (Art. 7) on game points: counted over the
    /// boards (a game won, won over the board, played with Black, won with
    /// Black, played or won), each board of a round without a played match
    /// counted at its value (the PAB's boards as played).
    fn count_games(&self, kind: Tb) -> Vec<Value> {
        let w = self.game_win;
        if kind == Tb::Std {
            // Each game as 1 / ½ / 0 (Art. 5.2), in tenths.
            return self
                .games
                .iter()
                .map(|gs| {
                    Value::Tenths(
                        gs.iter()
                            .map(|g| match g.points.cmp(&self.game_draw) {
                                std::cmp::Ordering::Greater => 10,
                                std::cmp::Ordering::Equal => 5,
                                std::cmp::Ordering::Less => 0,
                            })
                            .sum(),
                    )
                })
                .collect();
        }
        let counts = |g: &Game| match kind {
            Tb::Win => g.points == w,
            Tb::Won => g.points == w && g.played && g.opponent,
            Tb::Bpg => g.black && g.played,
            Tb::Bwg => g.black && g.played && g.points == w,
            _ => g.played || g.points == w,
        };
        self.games
            .iter()
            .map(|gs| Value::Int(gs.iter().filter(|g| counts(g)).count() as i64))
            .collect()
    }

    /// BC (Art. 12.1): Σ board number × the game points on that board over
    /// the rounds counted; lower is better.
    fn board_count(&self) -> Vec<Value> {
        self.boards
            .iter()
            .map(|bp| Value::Tenths(bp.iter().enumerate().map(|(b, v)| (b as i64 + 1) * v).sum()))
            .collect()
    }

    /// SSSC (Art. 13.4): the secondary score plus the Buchholz on the
    /// primary score divided by F, rounded to two decimals (halves up). F
    /// is `/Kx` when given, else the whole part of the most primary points
    /// a team can score in the event over the most secondary points of one
    /// match (at least 1). `/F` takes Fore Buchholz.
    fn sssc(&self, tb: &TieBreak, o: &Options) -> Vec<Value> {
        let bh_kind = if tb.fore { Tb::Fb } else { Tb::Bh };
        let mut bh = TieBreak::plain(bh_kind);
        bh.forfeits_played = tb.forfeits_played;
        let s = self.primary;
        let bh = Calc {
            facts: self.facts(s),
            rules: o.rules,
            own: None,
        }
        .values(&bh);
        let rounds = i64::from(self.mp.rounds);
        let nb = self.boards.first().map_or(1, |b| b.len() as i64).max(1);
        let mp_win = i64::from(self.mp.win);
        let f = match (tb.divisor, s) {
            (Some(k), _) => i64::from(k),
            (None, TeamScore::MatchPoints) => (mp_win * rounds) / (self.game_win * nb).max(1),
            (None, TeamScore::GamePoints) => (self.game_win * rounds * nb) / mp_win.max(1),
        }
        .max(1);
        let secondary = &self.facts(other(s)).players;
        secondary
            .iter()
            .zip(bh)
            .map(|(p, b)| {
                let b = b.key().unwrap_or(0);
                Value::Hundredths(i64::from(p.total) * 10 + rating::div_round(b * 10, f))
            })
            .collect()
    }

    /// The tie-breaks whose value is a place inside the groups the ranking
    /// so far leaves tied: DE (Art. 6, on the primary score), the EDE
    /// family (Art. 13.3), TBR and BBE (Art. 12.2, 12.3). A group not
    /// separated at all gets 0; otherwise places from 1 (1, 1, 3).
    fn places(&self, tb: &TieBreak, ranks: &[u32], order: &[usize]) -> Vec<Value> {
        match tb.kind {
            Tb::De => rank::direct_encounter(self.facts(self.primary), ranks, order),
            Tb::Tbr | Tb::Bbe => self.board_places(tb.kind == Tb::Tbr, ranks, order),
            _ => self.extended_direct_encounter(tb, ranks),
        }
    }

    /// TBR (Art. 12.2): board 1's game points, then board 2's, ...; BBE
    /// (Art. 12.3): the game points without the bottom board, then without
    /// the two bottom boards, ... Higher is better, compared in that order.
    fn board_places(&self, top: bool, ranks: &[u32], order: &[usize]) -> Vec<Value> {
        let key = |i: usize| -> Vec<i64> {
            let bp = &self.boards[i];
            if top {
                bp.clone()
            } else {
                let mut left: i64 = bp.iter().sum();
                bp.iter()
                    .rev()
                    .map(|v| {
                        left -= v;
                        left
                    })
                    .collect()
            }
        };
        let mut val: Vec<u32> = ranks.to_vec();
        for group in tied_groups(ranks, order) {
            let mut g = group.clone();
            g.sort_by(|&a, &b| key(b).cmp(&key(a)).then(a.cmp(&b)));
            let base = ranks[g[0]];
            for (pos, &i) in g.iter().enumerate() {
                val[i] = if pos > 0 && key(g[pos - 1]) == key(i) {
                    val[g[pos - 1]]
                } else {
                    base + pos as u32
                };
            }
        }
        normalise(&val, ranks, order)
    }

    /// The EDE family (Art. 13.3). Inside each tied group, the direct
    /// encounter on the primary score (P), then on the secondary (S); when
    /// exactly two teams are still tied, the board tie-breaks of Art. 12
    /// applied to their encounter: BC (C), TBR board by board (T), BBE (B).
    /// Every step is applied again to the subgroups a step forms, until a
    /// whole cycle of steps separates nothing (at most 30 passes).
    fn extended_direct_encounter(&self, tb: &TieBreak, ranks: &[u32]) -> Vec<Value> {
        let nb = self.boards.first().map_or(1, Vec::len);
        let steps: Vec<Step> = {
            let t = |k| (0..k).map(Step::Top);
            let b = |k: usize| (0..k.saturating_sub(1)).map(Step::Bottom);
            let mut v = vec![Step::Primary, Step::Secondary];
            match tb.kind {
                Tb::Edec => v.push(Step::Count),
                Tb::Edet => v.extend(t(nb)),
                Tb::Edeb => v.extend(b(nb)),
                Tb::Edebt => {
                    v.push(Step::Count);
                    v.extend(t(nb));
                }
                Tb::Edebb => {
                    v.push(Step::Count);
                    v.extend(b(nb));
                }
                _ => {}
            }
            v
        };
        let n = ranks.len();
        let mut val: Vec<u32> = ranks.to_vec();
        let sorted = |val: &[u32]| {
            let mut o: Vec<usize> = (0..n).collect();
            o.sort_by_key(|&i| (ranks[i], val[i], i));
            o
        };
        let mut order = sorted(&val);
        let mut active = vec![true; n];
        let mut changed = vec![true; steps.len()];
        let mut step = 0;
        let mut pass = 0;
        loop {
            pass += 1;
            let mut changes = 0;
            for group in tied_groups(&val, &order) {
                if !active[group[0]] {
                    continue;
                }
                if group.len() == 1 {
                    active[group[0]] = false;
                    continue;
                }
                let c = match steps[step] {
                    Step::Primary => self.encounter(tb, &group, &mut val, self.primary, None),
                    Step::Secondary => {
                        self.encounter(tb, &group, &mut val, other(self.primary), None)
                    }
                    board => {
                        if group.len() == 2 {
                            // A board step separates, but counts no change.
                            self.encounter(tb, &group, &mut val, other(self.primary), Some(board));
                        }
                        0
                    }
                };
                for &i in &group {
                    active[i] = c > 0 && pass < 30;
                }
                changes += c;
            }
            changed[step] = changes > 0;
            let more = changed.iter().any(|&c| c);
            if changes == 0 {
                step = (step + 1) % steps.len();
                active.iter_mut().for_each(|a| *a = true);
            } else {
                changed.iter_mut().for_each(|c| *c = true);
            }
            order = sorted(&val);
            if !(more && pass < 30) {
                break;
            }
        }
        normalise(&val, ranks, &order)
    }

    /// One direct-encounter step inside `group` (all at the same value):
    /// each team's score against the others of the group, on `score`, or on
    /// the boards of their encounter (`board`). Places by it (Art. 6.1: all
    /// have met; Art. 6.2: a team goes ahead only when its score exceeds
    /// what any team below can still reach). Returns how many places changed.
    fn encounter(
        &self,
        tb: &TieBreak,
        group: &[usize],
        val: &mut [u32],
        score: TeamScore,
        board: Option<Step>,
    ) -> u32 {
        let facts = self.facts(score);
        let nb = self.boards.first().map_or(1, Vec::len);
        let weight = |b: usize| -> i64 {
            match board {
                // BC, lower is better (Art. 12.1): negated, so higher is better.
                Some(Step::Count) => -(b as i64 + 1),
                Some(Step::Top(k)) => i64::from(b == k),
                Some(Step::Bottom(k)) => i64::from(b + 1 + k < nb),
                _ => 0,
            }
        };
        let current = val[group[0]];
        let met_max = group.len() - 1;
        // (points against the group, distinct opponents met, the most it can reach)
        let mut scored: Vec<(i64, usize, i64)> = Vec::with_capacity(group.len());
        for &i in group {
            let mut met: Vec<(usize, i64, i64)> = Vec::new();
            for (r, round) in facts.players[i].rounds.iter().enumerate() {
                let Some(o) = round.opp.map(|o| o as usize) else {
                    continue;
                };
                if !(round.kind == Kind::Game || tb.forfeits_played) || val[o] != current {
                    continue;
                }
                let pts = match board {
                    None => i64::from(round.pts),
                    Some(_) => self.match_boards[i][r].as_ref().map_or(0, |bp| {
                        bp.iter().enumerate().map(|(b, v)| weight(b) * v).sum()
                    }),
                };
                match met.iter_mut().find(|m| m.0 == o) {
                    Some(m) => {
                        m.1 += pts;
                        m.2 += 1;
                    }
                    None => met.push((o, pts, 1)),
                }
            }
            // Scaled by 120 so that averages of up to 5 meetings stay exact.
            let pts: i64 = met.iter().map(|m| m.1 * 120 / m.2).sum();
            let win = match board {
                None => i64::from(facts.win),
                Some(_) => self.game_win,
            };
            let max = pts + (met_max - met.len().min(met_max)) as i64 * win * 120;
            scored.push((pts, met.len(), max));
        }
        let all_met = scored.iter().all(|s| s.1 >= met_max);
        let mut idx: Vec<usize> = (0..group.len()).collect();
        idx.sort_by(|&a, &b| {
            scored[b]
                .0
                .cmp(&scored[a].0)
                .then(if all_met {
                    std::cmp::Ordering::Equal
                } else {
                    scored[b].2.cmp(&scored[a].2)
                })
                .then(group[a].cmp(&group[b]))
        });
        let mut changes = 0;
        let mut place = current;
        let mut unique = true;
        for w in 1..idx.len() {
            let prev = scored[idx[w - 1]].0;
            let separates = if all_met {
                scored[idx[w]].0 != prev
            } else {
                let best_below = idx[w..].iter().map(|&k| scored[k].2).max().unwrap_or(0);
                unique = unique && prev > best_below;
                unique
            };
            if separates {
                place = current + w as u32;
                changes += 1;
            }
            val[group[idx[w]]] = place;
        }
        val[group[idx[0]]] = current;
        changes
    }
}

/// A step of the extended direct encounter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Primary,
    Secondary,
    /// BC over the encounter.
    Count,
    /// TBR: the game points of board `k` (0-based) in the encounter.
    Top(usize),
    /// BBE: the game points without the `k + 1` bottom boards.
    Bottom(usize),
}

/// The groups of two or more consecutive entries of `order` with equal
/// `key`.
fn tied_groups(key: &[u32], order: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut start = 0;
    while start < order.len() {
        let mut stop = start + 1;
        while stop < order.len() && key[order[stop]] == key[order[start]] {
            stop += 1;
        }
        out.push(order[start..stop].to_vec());
        start = stop;
    }
    out
}

/// Places inside each group of equal rank, from 1; 0 for a group the
/// tie-break does not separate at all.
fn normalise(val: &[u32], ranks: &[u32], order: &[usize]) -> Vec<Value> {
    let mut out = vec![Value::Int(0); val.len()];
    for group in tied_groups(ranks, order) {
        let first = group.iter().map(|&i| val[i]).min().unwrap_or(0);
        let last = group.iter().map(|&i| val[i]).max().unwrap_or(0);
        if first != last {
            for &i in &group {
                out[i] = Value::Int(i64::from(val[i] - first + 1));
            }
        }
    }
    out
}
