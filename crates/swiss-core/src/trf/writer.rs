//! Writing a tournament as TRF16 ([`write`]) or TRF-2026
//! ([`write_2026`]), and the player record and round entry as text.

use super::*;

/// Writes a tournament as TRF16 (LF line endings).
///
/// Records are written in this order: `012`, the other header records
/// verbatim, `XXR`, `192`, `XXC`, the point system (`BB*` lines, or an `XXS` line
/// when colour-specific values need it), the player records, `XXA`, `XXP`,
/// `260` for forbidden pairs limited to a range of rounds (which `XXP`
/// cannot say), and the other trailing records verbatim. Reading the output gives back
/// an equal [`Tournament`].
///
/// A team tournament's records have no TRF16 form: they are written as
/// [`write_2026`] writes them (`352` and `362` before the players, the
/// others after), so that a team tournament survives either writer.
pub fn write(t: &Tournament) -> String {
    let mut out = String::new();
    if !t.name.is_empty() {
        let _ = writeln!(out, "012 {}", t.name);
    }
    for r in &t.header_records {
        let _ = writeln!(out, "{r}");
    }
    if let Some(r) = t.planned_rounds {
        let _ = writeln!(out, "XXR {r}");
    }
    if let Some(code) = &t.system {
        let _ = writeln!(out, "192 {code}");
    }
    if let Some(c) = t.initial_colour {
        let _ = writeln!(
            out,
            "XXC {}",
            if c == Colour::White {
                "white1"
            } else {
                "black1"
            }
        );
    }
    write_point_system(&mut out, &t.point_system);
    if let Some(line) = record_xxo(t) {
        out.push_str(&line);
        out.push('\n');
    }
    let (team_header, team_trailer) = team_records(t);
    for line in team_header {
        out.push_str(&line);
        out.push('\n');
    }
    for line in player_lines(t) {
        out.push_str(&line);
        out.push('\n');
    }
    // TRF16 has no team records: a team tournament's are TRF-2026's.
    for line in team_trailer {
        out.push_str(&line);
        out.push('\n');
    }
    for (id, pts) in &t.accelerations {
        let _ = write!(out, "XXA {id:>4}");
        for v in pts {
            let _ = write!(out, " {v:>4}");
        }
        out.push('\n');
    }
    for ids in &t.forbidden_pairs {
        out.push_str("XXP");
        for id in ids {
            let _ = write!(out, " {id}");
        }
        out.push('\n');
    }
    // Neither XXP round ranges nor announced byes have a TRF16 form: they
    // are written as TRF-2026 does.
    for line in announced_240(t) {
        out.push_str(&line);
        out.push('\n');
    }
    let ranged = t.forbidden_in_rounds.iter();
    for line in ranged.map(|g| record_260(g.first_round, g.last_round, &g.players)) {
        out.push_str(&line);
        out.push('\n');
    }
    for r in &t.trailer_records {
        let _ = writeln!(out, "{r}");
    }
    out
}

/// Writes a tournament as TRF-2026, lines ended by CR as that format's
/// text asks (every reader of this crate also takes LF).
///
/// Records: `012`, the other header records verbatim, `142`, `152`,
/// `162` (an `XXS` line instead when the point system has values `162`
/// cannot express: colour-dependent results, a forfeit win or full-point
/// bye not worth a win, a half-point bye not worth a draw, a forfeit loss
/// not worth a zero-point bye), `192`, the player records, `240` for the
/// byes and absences of the round to pair (also in the players' columns,
/// the form every engine reads), `250` for accelerations (one record per
/// run of players and rounds with one value), `260` for forbidden pairs
/// (`XXP` groups cover rounds 1 to the planned rounds), and the other
/// trailing records verbatim. Reading the output gives back an equal
/// [`Tournament`].
///
/// A team tournament (`team-2026.md` §6.3) adds `352` and `362` (when not
/// 2/1/0) before the players, and after them one `310` per team (with
/// the match points, game points and rank the model holds: see
/// [`Tournament::refresh_team_scores`]), the same teams as legacy `013`,
/// the `300` line-ups, `320` (values and the PAB team of each round),
/// `330`, and the team-keyed `240`, `250`, `260` and `299`. A player's
/// pairing-allocated bye (`U`) in a round his team plays is a board won
/// against an empty one, written `0000 - +` as the TEC's sample does.
pub fn write_2026(t: &Tournament) -> String {
    let mut lines: Vec<String> = Vec::new();
    if !t.name.is_empty() {
        lines.push(format!("012 {}", t.name));
    }
    lines.extend(t.header_records.iter().cloned());
    if let Some(r) = t.planned_rounds {
        lines.push(format!("142 {r}"));
    }
    if let Some(c) = t.initial_colour {
        lines.push(format!(
            "152 {}",
            if c == Colour::White { 'W' } else { 'B' }
        ));
    }
    if let Some(line) = record_162(&t.point_system) {
        lines.push(line);
    } else {
        let mut old = String::new();
        write_point_system(&mut old, &t.point_system);
        lines.extend(old.lines().map(str::to_string));
    }
    if let Some(code) = &t.system {
        lines.push(format!("192 {code}"));
    }
    // No TRF-2026 record holds these settings.
    lines.extend(record_xxo(t));
    let (team_header, team_trailer) = team_records(t);
    lines.extend(team_header);
    lines.extend(player_lines(t));
    if t.teams.is_none() {
        // In a team tournament `240` names teams; the players' byes are
        // in their records.
        lines.extend(records_240(t));
    }
    lines.extend(team_trailer);
    lines.extend(announced_240(t));
    lines.extend(records_250(t));
    let every = t.planned_rounds.unwrap_or(MAX_ROUNDS);
    let groups = t.forbidden_pairs.iter().map(|g| (1, every, g));
    let ranged = t
        .forbidden_in_rounds
        .iter()
        .map(|g| (g.first_round, g.last_round, &g.players));
    for (first, last, ids) in groups.chain(ranged) {
        lines.push(record_260(first, last, ids));
    }
    lines.extend(t.trailer_records.iter().cloned());
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push('\r');
    }
    out
}

/// The player records; in a team tournament a `U` entry in a round the
/// player's team has a match is written `0000 - +` (a board won against an
/// empty one; read back as the same entry).
fn player_lines(t: &Tournament) -> Vec<String> {
    let Some(ts) = &t.teams else {
        return t.players.iter().map(player_line).collect();
    };
    let roster: std::collections::BTreeMap<StartNo, crate::team::TeamNo> = ts
        .teams
        .iter()
        .flat_map(|team| team.members.iter().map(move |&m| (m, team.tpn)))
        .collect();
    t.players
        .iter()
        .map(|p| {
            let team = roster.get(&p.start_no).copied();
            let mut line = player_line(p);
            for (r, e) in p.rounds.iter().enumerate() {
                let round = r as u32 + 1;
                if e.result == ResultCode::PairingBye
                    && e.opponent.is_none()
                    && team.is_some()
                    && ts.pab_team(round) != team
                {
                    let col = FIRST_ROUND_COLUMN + r * ROUND_WIDTH + 7;
                    line = line
                        .chars()
                        .enumerate()
                        .map(|(i, c)| if i + 1 == col { '+' } else { c })
                        .collect();
                }
            }
            line
        })
        .collect()
}

/// A team tournament's records (`team-2026.md` §6.3): those before the
/// players (`352`, `362`) and those after them.
fn team_records(t: &Tournament) -> (Vec<String>, Vec<String>) {
    let Some(ts) = &t.teams else {
        return (Vec::new(), Vec::new());
    };
    let mut head = Vec::new();
    if !ts.board_colours.is_empty() {
        let colours: String = ts
            .board_colours
            .iter()
            .map(|c| c.letter().to_ascii_uppercase())
            .collect();
        head.push(format!("352 {colours}"));
    }
    let v = ts.match_point_values;
    if v != crate::team::MatchPointValues::default() {
        head.push(format!(
            "362 TW{:>4}   TD{:>4}   TL{:>4}",
            v.win, v.draw, v.loss
        ));
    }
    let mut tail = Vec::new();
    for team in &ts.teams {
        let mut line = format!(
            "310 {:>3} {} {} {:>6} {:>6} {:>6} {:>3} ",
            team.tpn,
            fit(&team.name, 32),
            fit(&team.nickname, 5),
            team.strength,
            team.match_points.map(six).unwrap_or_default(),
            team.game_points.map(six).unwrap_or_default(),
            team.rank.map(|r| r.to_string()).unwrap_or_default(),
        );
        for m in &team.members {
            let _ = write!(line, " {m:>4}");
        }
        tail.push(line.trim_end().to_string());
    }
    // Legacy `013`, which the TEC still asks for: the same teams in TPN order.
    for team in &ts.teams {
        let mut line = format!("013 {}", fit(&team.name, 32));
        for (j, m) in team.members.iter().enumerate() {
            let sep = if j == 0 { "" } else { " " };
            let _ = write!(line, "{sep}{m:>4}");
        }
        tail.push(line.trim_end().to_string());
    }
    for l in &ts.line_ups {
        let mut line = format!(
            "300 {:>3} {:>3} {:>3}",
            l.round,
            l.team,
            l.opponent.unwrap_or(0)
        );
        for p in &l.players {
            let _ = write!(
                line,
                " {:>4}",
                p.map_or("0000".to_string(), |p| p.to_string())
            );
        }
        tail.push(line);
    }
    let (mp, gp) = (ts.pab_match_points, ts.pab_game_points);
    if mp.is_some() || gp.is_some() || !ts.pab_teams.is_empty() {
        let mut line = format!(
            "320 {:>4} {:>4}",
            mp.map(four).unwrap_or_default(),
            gp.map(four).unwrap_or_default()
        );
        for team in &ts.pab_teams {
            let _ = write!(
                line,
                " {:>3}",
                team.map_or("000".to_string(), |t| t.to_string())
            );
        }
        tail.push(line.trim_end().to_string());
    }
    for f in &ts.forfeits {
        tail.push(format!(
            "330 {} {:>3} {:>3} {:>3}",
            f.result.code(),
            f.round,
            f.white,
            f.black
        ));
    }
    for b in &ts.byes {
        let mut line = format!("240 {} {:>3}", b.kind.letter(), b.round);
        for id in &b.teams {
            let _ = write!(line, " {id:>4}");
        }
        tail.push(line);
    }
    for a in &ts.accelerations {
        let value = |p: Points| {
            if p == Points::ZERO {
                String::new()
            } else {
                p.to_string()
            }
        };
        tail.push(format!(
            "250 {:>4} {:>4} {:>3} {:>3} {:>4} {:>4}",
            value(a.match_points),
            value(a.game_points),
            a.first_round,
            a.last_round,
            a.first_team,
            a.last_team
        ));
    }
    for g in &ts.forbidden {
        tail.push(record_260(g.first_round, g.last_round, &g.teams));
    }
    for a in &ts.abnormal_points {
        let value = |p: Option<Points>| p.map(|p| p.to_string()).unwrap_or_default();
        // Kind at 5, match points 7-11, game points 13-17 (a sign fits
        // before four digits), round 20-22, teams from 24.
        let mut line = format!(
            "299 {} {:>5} {:>5}  {:>3}",
            a.kind.letter(),
            value(a.match_points),
            value(a.game_points),
            a.round.map_or("000".to_string(), |r| format!("{r:>3}"))
        );
        for id in &a.teams {
            let _ = write!(line, " {id:>4}");
        }
        tail.push(line.trim_end().to_string());
    }
    (head, tail)
}

/// Points in four columns (`320`): `99.5`, or `120` when whole; blank
/// when they do not fit (the readers then fill in the default again).
fn four(p: Points) -> String {
    let s = p.to_string();
    if s.chars().count() <= 4 {
        return s;
    }
    match s.strip_suffix(".0") {
        Some(whole) if whole.len() <= 4 => whole.to_string(),
        _ => String::new(),
    }
}

/// Points in six columns (`310`; the validator bounds them to fit).
fn six(p: Points) -> String {
    p.to_string()
}

/// The `XXO` record of the tournament's settings, if any is set.
fn record_xxo(t: &Tournament) -> Option<String> {
    let s = t.settings;
    if s.is_default() {
        return None;
    }
    let mut line = String::from("XXO");
    if s.maxi {
        line.push_str(" maxi");
    }
    if let Some(r) = s.default_rating {
        let _ = write!(line, " default-rating={r}");
    }
    Some(line)
}

/// A `260` record: the players must not meet in rounds `first..=last`.
fn record_260(first: u32, last: u32, ids: &[StartNo]) -> String {
    let mut line = format!("260 {first:>3} {last:>3}");
    for id in ids {
        let _ = write!(line, " {id:>4}");
    }
    line
}

/// The `162` record of a point system (`None` for the default one, and
/// when it has values `162` cannot express), each symbol in its 9-column
/// block from column 6.
fn record_162(ps: &PointSystem) -> Option<String> {
    let win = ps.win_white;
    let draw = ps.draw_white;
    let expressible = [ps.win_black, ps.forfeit_win, ps.full_bye] == [win; 3]
        && [ps.draw_black, ps.half_bye] == [draw; 2]
        && ps.loss_black == ps.loss_white
        && ps.forfeit_loss == ps.zero_bye;
    if !expressible || *ps == PointSystem::default() {
        return None;
    }
    let d = PointSystem::default();
    let mut line = String::from("162");
    for (symbol, v, default) in [
        ('W', win, d.win_white),
        ('D', draw, d.draw_white),
        ('L', ps.loss_white, d.loss_white),
        ('A', ps.zero_bye, d.zero_bye),
        ('P', ps.pairing_bye, win),
    ] {
        if v != default {
            let pad = (line.chars().count() + 4) / 9 * 9 + 5;
            while line.chars().count() < pad {
                line.push(' ');
            }
            let _ = write!(line, "{symbol}{v:>4}");
        }
    }
    Some(line)
}

/// `240` records of the round to pair: its requested byes and absences,
/// one record per type.
fn records_240(t: &Tournament) -> Vec<String> {
    let round = t.next_round();
    let mut out = Vec::new();
    for (letter, code) in [
        ('F', ResultCode::FullBye),
        ('H', ResultCode::HalfBye),
        ('Z', ResultCode::ZeroBye),
    ] {
        let ids: Vec<StartNo> = t
            .players
            .iter()
            .filter(|p| p.entry(round) == RoundEntry::no_game(code))
            .map(|p| p.start_no)
            .collect();
        if !ids.is_empty() {
            let mut line = format!("240 {letter} {round:>3}");
            for id in ids {
                let _ = write!(line, " {id:>4}");
            }
            out.push(line);
        }
    }
    out
}

/// `240` records of the byes announced for later rounds.
fn announced_240(t: &Tournament) -> Vec<String> {
    t.announced_byes
        .iter()
        .map(|b| {
            let mut line = format!("240 {} {:>3}", b.result.letter(), b.round);
            for id in &b.players {
                let _ = write!(line, " {id:>4}");
            }
            line
        })
        .collect()
}

/// `250` records: for each round, the runs of consecutive players (in
/// start-number order, numbers consecutive) with one accelerated value,
/// then runs of rounds with the same runs of players merged.
fn records_250(t: &Tournament) -> Vec<String> {
    // (first player, last player, value) runs of each round.
    let last_round = t
        .accelerations
        .iter()
        .map(|(_, v)| v.len())
        .max()
        .unwrap_or(0);
    let mut runs: Vec<Vec<(StartNo, StartNo, Points)>> = Vec::with_capacity(last_round);
    for r in 0..last_round {
        let mut round: Vec<(StartNo, StartNo, Points)> = Vec::new();
        for (id, values) in &t.accelerations {
            let v = values.get(r).copied().unwrap_or(Points::ZERO);
            if v == Points::ZERO {
                continue;
            }
            match round.last_mut() {
                Some(run) if run.2 == v && run.1.checked_add(1) == Some(*id) => run.1 = *id,
                _ => round.push((*id, *id, v)),
            }
        }
        runs.push(round);
    }
    let mut out = Vec::new();
    let mut r = 0;
    while r < runs.len() {
        let mut end = r;
        while end + 1 < runs.len() && runs[end + 1] == runs[r] {
            end += 1;
        }
        for &(first, last, v) in &runs[r] {
            out.push(format!(
                "250      {v:>4} {:>3} {:>3} {first:>4} {last:>4}",
                r + 1,
                end + 1
            ));
        }
        r = end + 1;
    }
    out
}

fn write_point_system(out: &mut String, ps: &PointSystem) {
    if *ps == PointSystem::default() {
        return;
    }
    let bb = PointSystem::from_bb(
        ps.win_white,
        ps.draw_white,
        ps.loss_white,
        ps.zero_bye,
        ps.forfeit_loss,
        Some(ps.pairing_bye),
    );
    if bb == *ps {
        for (code, v) in [
            ("BBW", ps.win_white),
            ("BBD", ps.draw_white),
            ("BBL", ps.loss_white),
            ("BBZ", ps.zero_bye),
            ("BBF", ps.forfeit_loss),
            ("BBU", ps.pairing_bye),
        ] {
            let _ = writeln!(out, "{code} {v:>4}");
        }
    } else {
        let _ = writeln!(
            out,
            "XXS WW={} BW={} WD={} BD={} WL={} BL={} ZPB={} HPB={} FPB={} PAB={} FW={} FL={}",
            ps.win_white,
            ps.win_black,
            ps.draw_white,
            ps.draw_black,
            ps.loss_white,
            ps.loss_black,
            ps.zero_bye,
            ps.half_bye,
            ps.full_bye,
            ps.pairing_bye,
            ps.forfeit_win,
            ps.forfeit_loss
        );
    }
}

/// Pads or cuts `s` to exactly `w` characters, left-aligned.
fn fit(s: &str, w: usize) -> String {
    // Whole user-perceived characters only: a letter and its combining
    // accents stay together, so a cut never leaves a bare base letter or
    // a stray accent (TRF columns count chars, as the reader does).
    let mut v = String::with_capacity(w);
    let mut n = 0;
    for g in unicode_segmentation::UnicodeSegmentation::graphemes(s, true) {
        let len = g.chars().count();
        if n + len > w {
            break;
        }
        v.push_str(g);
        n += len;
    }
    v.extend(std::iter::repeat_n(' ', w - n));
    v
}

/// The width of the name field of a `001` record (columns 15-47).
pub const NAME_WIDTH: usize = 33;

/// The players whose names are longer than a `001` record holds
/// ([`NAME_WIDTH`] characters): TRF output cuts them, so a front end can
/// warn (JSON output keeps them whole).
pub fn names_cut(t: &Tournament) -> Vec<&Player> {
    t.players
        .iter()
        .filter(|p| p.name.chars().count() > NAME_WIDTH)
        .collect()
}

/// One `001` record in TRF16 columns.
pub fn player_line(p: &Player) -> String {
    let mut s = String::with_capacity(FIRST_ROUND_COLUMN + ROUND_WIDTH * p.rounds.len());
    let _ = write!(
        s,
        "001 {:>4} {}{:>3} {} {:>4} {} {:>11} {} {:>4} {:>4}",
        p.start_no,
        p.sex.unwrap_or(' '),
        p.title.as_ref().map_or("", Title::as_str),
        fit(&p.name, NAME_WIDTH),
        p.rating.map(|r| r.to_string()).unwrap_or_default(),
        fit(&p.federation, 3),
        p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
        fit(&p.birth_date, 10),
        points_field(p.points),
        p.rank.map(|r| r.to_string()).unwrap_or_default(),
    );
    for e in &p.rounds {
        s.push_str(&entry_text(e));
    }
    s.truncate(s.trim_end().len());
    s
}

/// The points as columns 81-84 hold them: `12.5`, or `120` when the
/// decimal does not fit; blank ("not given": the reader computes the score
/// from the results) when even that does not fit, as `100.5` would not.
fn points_field(p: Points) -> String {
    let s = p.to_string();
    if s.chars().count() <= 4 {
        return s;
    }
    match s.strip_suffix(".0") {
        Some(whole) if whole.len() <= 4 => whole.to_string(),
        _ => String::new(),
    }
}

/// One round entry as its 10 TRF columns (two leading spaces included).
pub fn entry_text(e: &RoundEntry) -> String {
    if *e == RoundEntry::BLANK {
        return " ".repeat(ROUND_WIDTH);
    }
    format!(
        "  {:04} {} {}",
        e.opponent.unwrap_or(0),
        e.colour.map_or('-', Colour::letter),
        e.result.letter()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 26: a name longer than the 33 columns of a `001` record is
    /// cut between whole characters: an accent written as a combining mark
    /// stays with its letter or goes with it, never alone; the cut names
    /// are listed for the front end's warning.
    #[test]
    fn long_names_are_cut_between_whole_characters_and_listed() {
        // 32 letters, then "e" + COMBINING ACUTE ACCENT at columns 33-34.
        let name = format!("{}e\u{301}z", "A".repeat(32));
        assert_eq!(fit(&name, NAME_WIDTH), format!("{} ", "A".repeat(32)));
        // Precomposed letters are one char each and cut like any other.
        let name2 = "Ö".repeat(40);
        assert_eq!(fit(&name2, NAME_WIDTH), "Ö".repeat(33));
        let t = Tournament {
            players: vec![
                Player::new(1, &name, None),
                Player::new(2, "Short, Name", None),
                Player::new(3, "B".repeat(33), None),
            ],
            ..Tournament::default()
        };
        let cut: Vec<StartNo> = names_cut(&t).iter().map(|p| p.start_no).collect();
        assert_eq!(cut, [1]);
        // The record keeps its columns: the rating still starts at 49.
        let mut p = Player::new(1, &name, None);
        p.rating = Some(2000);
        assert_eq!(
            player_line(&p).chars().skip(48).take(4).collect::<String>(),
            "2000"
        );
    }

    /// Points wider than columns 81-84 are written without the decimal
    /// when whole, else left blank (computed on reading), never spilled.
    #[test]
    fn points_that_do_not_fit_four_columns() {
        assert_eq!(points_field(Points(995)), "99.5");
        assert_eq!(points_field(Points(1200)), "120");
        assert_eq!(points_field(Points(1005)), "");
        assert_eq!(points_field(Points(-105)), "");
        let ps = PointSystem::from_bb(
            Points(600),
            Points(5),
            Points(0),
            Points(0),
            Points(0),
            None,
        );
        let mut t = Tournament {
            point_system: ps,
            ..Tournament::default()
        };
        let mut a = Player::new(1, "A", None);
        let mut b = Player::new(2, "B", None);
        a.rounds = vec![
            RoundEntry::game(2, Colour::White, ResultCode::Win),
            RoundEntry::no_game(ResultCode::FullBye),
            RoundEntry::no_game(ResultCode::HalfBye),
        ];
        b.rounds = vec![
            RoundEntry::game(1, Colour::Black, ResultCode::Loss),
            RoundEntry::no_game(ResultCode::PairingBye),
        ];
        a.points = a.score_after(9, &t.point_system);
        b.points = b.score_after(9, &t.point_system);
        t.players = vec![a, b];
        let text = write(&t);
        let line = text
            .lines()
            .find(|l| l.starts_with("001    1"))
            .unwrap_or("");
        assert_eq!(Columns(line.chars().collect()).field(80, 85), "", "{line}");
        assert_eq!(read(&text, "w.trf"), Ok(t));
    }

    #[test]
    fn player_line_columns() {
        let mut p = Player::new(7, "Müller, Jörg", Some(2345));
        p.title = Some(Title::GM);
        p.points = Points(15);
        p.rounds = vec![
            RoundEntry::game(12, Colour::White, ResultCode::Win),
            RoundEntry::no_game(ResultCode::HalfBye),
        ];
        let line = player_line(&p);
        let c = Columns(line.chars().collect());
        assert_eq!(c.field(5, 8), "7");
        assert_eq!(c.field(11, 13), "GM");
        assert_eq!(c.field(15, 47), "Müller, Jörg");
        assert_eq!(c.field(49, 52), "2345");
        assert_eq!(c.field(81, 84), "1.5");
        assert_eq!(c.field(92, 95), "0012");
        assert_eq!(c.char_at(97), 'w');
        assert_eq!(c.char_at(99), '1');
        assert_eq!(c.char_at(109), 'H');
    }
}
