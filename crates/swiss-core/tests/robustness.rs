//! The TRF and JSON readers never panic, whatever they accept survives a
//! write/read round trip, and every pairing system answers every accepted
//! file with a pairing or a typed error, never a panic. (The cargo-fuzz
//! targets in `fuzz/` run the same properties for hours; this keeps a
//! quick version in CI.)
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use swiss_core::{PairingSystem, RoundState, Tournament, json, trf};

/// Every variant of every pairing system of the registry, with whether one
/// round is one TRF column.
fn systems() -> Vec<(Box<dyn PairingSystem>, bool)> {
    swiss_systems::variants()
        .map(|(s, v)| (s.build(&v.options).unwrap(), !v.options.double))
        .collect()
}

/// Each system pairs `t` or says why not; a pairing names only players of
/// the file, each once, and none marked absent from the round. (A TCEC
/// double round spans two columns, and only its first says who plays: the
/// absence check applies to one-column rounds.)
fn every_system_answers(t: &Tournament) -> Result<(), TestCaseError> {
    let round = t.next_round();
    for (s, one_column) in systems() {
        let Ok(p) = s.pair(t) else { continue };
        let mut seen = std::collections::BTreeSet::new();
        for id in p.pairs.iter().flat_map(|p| [p.white, p.black]).chain(p.bye) {
            prop_assert!(seen.insert(id), "{}: {id} paired twice", s.name());
            let player = t.player(id);
            prop_assert!(player.is_some(), "{}: {id} is no player", s.name());
            prop_assert!(
                !one_column || !player.is_some_and(|q| q.entry(round).is_non_participation()),
                "{}: {id} does not play round {round}",
                s.name()
            );
        }
    }
    Ok(())
}

/// Lines that look like TRF records, with random damage.
fn trf_like() -> impl Strategy<Value = String> {
    let entry = (
        0u32..12,
        prop::sample::select(vec!['w', 'b', '-', ' ', 'x']),
        prop::sample::select(vec![
            '1', '0', '=', '+', '-', 'U', 'H', 'Z', 'F', 'W', 'D', 'L', ' ', '?',
        ]),
    )
        .prop_map(|(o, c, r)| format!("  {o:04} {c} {r}"));
    let player = (
        1u32..12,
        "[A-Za-zé ,]{0,40}",
        0u32..3000,
        0u32..100,
        prop::collection::vec(entry, 0..6),
    )
        .prop_map(|(sn, name, rating, pts, rounds)| {
            let mut s = format!(
                "001 {sn:>4}      {name:<33} {rating:>4}                             {:>4}     ",
                format!("{}.{}", pts / 10, pts % 10)
            );
            for e in rounds {
                s.push_str(&e);
            }
            s
        });
    let other = prop::sample::select(vec![
        "012 Test".to_string(),
        "XXR 5".to_string(),
        "XXC white1".to_string(),
        "XXC black1".to_string(),
        "BBW  3.0".to_string(),
        "BBD  1.0".to_string(),
        "XXS W=2 D=1 PAB=1".to_string(),
        "XXA    1  1.0  0.5".to_string(),
        "XXA    2 99.9 -1.0".to_string(),
        "XXP 1 2 3".to_string(),
        "XXZ 2 4".to_string(),
        "XXR x".to_string(),
        "XXR 0".to_string(),
        "XXR 2".to_string(),
        "142 3".to_string(),
        "192 FIDE_DUTCH_2017".to_string(),
        "XXC rank".to_string(),
        "BBW 99.9".to_string(),
        "BBW 2147483647".to_string(),
        "XXS W=30000".to_string(),
        "".to_string(),
    ]);
    let line = prop_oneof![3 => player, 1 => other, 1 => "\\PC{0,120}"];
    (
        prop::collection::vec(line, 0..14),
        prop::sample::select(vec!["\n", "\r\n", "\r"]),
    )
        .prop_map(|(lines, end)| lines.join(end))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn reader_never_panics_and_round_trips(text in trf_like()) {
        if let Ok(t) = trf::read(&text, "p.trf") {
            let again = trf::read(&trf::write(&t), "p.trf");
            prop_assert_eq!(Ok(t.clone()), again);
            // The derived state is total on anything the reader accepts.
            let _ = RoundState::next(&t);
            every_system_answers(&t)?;
            // The same tournament as JSON reads back the same.
            let doc = serde_json::to_string(&t).unwrap();
            prop_assert_eq!(json::read(&doc, "p.json"), Ok(t));
        }
    }

    #[test]
    fn json_reader_never_panics(text in json_like()) {
        if let Ok(t) = json::read(&text, "p.json") {
            let _ = RoundState::next(&t);
            prop_assert!(trf::read(&trf::write(&t), "p.trf").is_ok());
            every_system_answers(&t)?;
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = trf::read(&text, "b.trf");
    }
}

/// JSON documents shaped like a tournament, with hostile numbers: huge,
/// zero and negative start numbers, opponents and point values, players
/// out of order, malformed entries.
fn json_like() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        4 => 0i64..8,
        1 => prop::sample::select(vec![-1i64, 9999, 10000, 2147483647, 4294967295, -2147483648]),
    ];
    let entry = (
        prop::option::of(number.clone()),
        prop::sample::select(vec!["\"white\"", "\"black\"", "null"]),
        prop::sample::select(vec![
            "win",
            "draw",
            "loss",
            "forfeit_win",
            "forfeit_loss",
            "pairing_bye",
            "half_bye",
            "zero_bye",
            "full_bye",
            "blank",
        ]),
    )
        .prop_map(|(o, c, r)| {
            let o = o.map_or("null".to_string(), |o| o.to_string());
            format!(r#"{{"opponent":{o},"colour":{c},"result":"{r}"}}"#)
        });
    let player = (
        number.clone(),
        number.clone(),
        prop::collection::vec(entry, 0..5),
    )
        .prop_map(|(sn, pts, rounds)| {
            format!(
                r#"{{"start_no":{sn},"name":"P","points":{pts},"rounds":[{}]}}"#,
                rounds.join(",")
            )
        });
    (
        prop::collection::vec(player, 0..8),
        prop::option::of(number.clone()),
        prop::option::of(number.clone()),
        prop::collection::vec(number.clone(), 0..3),
        prop::collection::vec(number, 0..3),
    )
        .prop_map(|(players, planned, win, absent, acc)| {
            let mut doc = format!(r#"{{"players":[{}]"#, players.join(","));
            if let Some(r) = planned {
                doc += &format!(r#","planned_rounds":{r}"#);
            }
            if let Some(w) = win {
                doc += &format!(
                    r#","point_system":{{"win_white":{w},"win_black":10,"draw_white":5,"draw_black":5,"loss_white":0,"loss_black":0,"forfeit_win":10,"forfeit_loss":0,"zero_bye":0,"half_bye":5,"full_bye":10,"pairing_bye":10}}"#
                );
            }
            let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            doc += &format!(r#","absent":[{}],"forbidden_pairs":[[{}]]"#, list(&absent), list(&absent));
            if !acc.is_empty() {
                doc += &format!(r#","accelerations":[[1,[{}]]]"#, list(&acc));
            }
            doc + "}"
        })
}

/// A random but consistent tournament: every game listed by both players.
fn tournament() -> impl Strategy<Value = swiss_core::Tournament> {
    use swiss_core::{Colour, Player, ResultCode as R, RoundEntry, Tournament};
    (2usize..14, 0usize..6, any::<u64>(), "[A-Za-zÀ-ÿ ,.-]{0,40}").prop_map(
        |(n, rounds, mut seed, name)| {
            let mut next = move || {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 33) as usize
            };
            let mut t = Tournament {
                name: name.trim().to_string(),
                ..Tournament::default()
            };
            match next() % 4 {
                // Expressible by TRF-2026 162 (W 3 D 1 P 1).
                0 | 1 => {
                    t.point_system = swiss_core::PointSystem::from_bb(
                        swiss_core::Points(30),
                        swiss_core::Points(10),
                        swiss_core::Points(0),
                        swiss_core::Points(0),
                        swiss_core::Points(0),
                        Some(swiss_core::Points(10)),
                    );
                }
                // Not expressible by 162: a black win worth more.
                2 => t.point_system.win_black = swiss_core::Points(12),
                _ => {}
            }
            for i in 0..n {
                // The TRF name field holds 33 characters; longer names are cut on writing.
                let full: String = format!("P{i} {}", name.trim()).chars().take(33).collect();
                let mut p = Player::new(i as u32 + 1, full.trim_end(), Some(2000 - i as u16));
                p.title = [
                    None,
                    Some(swiss_core::Title::GM),
                    Some(swiss_core::Title::WFM),
                ][next() % 3];
                t.players.push(p);
            }
            for _ in 0..rounds {
                let mut order: Vec<usize> = (0..n).collect();
                for i in (1..n).rev() {
                    order.swap(i, next() % (i + 1));
                }
                let mut entries = vec![RoundEntry::BLANK; n];
                let mut it = order.into_iter();
                while let Some(a) = it.next() {
                    match (next() % 8, it.next()) {
                        (0, _) | (_, None) => {
                            entries[a] = RoundEntry::no_game(
                                [R::PairingBye, R::HalfBye, R::ZeroBye, R::FullBye, R::Blank]
                                    [next() % 5],
                            );
                        }
                        (k, Some(b)) => {
                            let (ra, rb) = [
                                (R::Win, R::Loss),
                                (R::Draw, R::Draw),
                                (R::Loss, R::Win),
                                (R::ForfeitWin, R::ForfeitLoss),
                                (R::ForfeitLoss, R::ForfeitLoss),
                                (R::ShortDraw, R::ShortDraw),
                                (R::Win, R::Loss),
                            ][k - 1];
                            entries[a] = RoundEntry::game(b as u32 + 1, Colour::White, ra);
                            entries[b] = RoundEntry::game(a as u32 + 1, Colour::Black, rb);
                        }
                    }
                }
                // A column of byes and absences only is refused as
                // ambiguous (issue 26): some player is paired in each round.
                if !entries.iter().any(RoundEntry::is_paired) {
                    entries[0] = RoundEntry::no_game(R::PairingBye);
                }
                for (p, e) in t.players.iter_mut().zip(entries) {
                    p.rounds.push(e);
                }
            }
            // The extension data engines read: planned rounds, forbidden
            // pairs, accelerations, and a player absent from the next round.
            if next() % 2 == 0 {
                t.planned_rounds = Some(rounds as u32 + 1 + (next() % 3) as u32);
            }
            if next() % 3 == 0 {
                let group = (0..1 + next() % 3).map(|_| (next() % n) as u32 + 1);
                t.forbidden_pairs.push(group.collect());
            }
            if next() % 3 == 0 {
                // TRF-2026 260: a group over a range of rounds (from round
                // 1 to the last, the reader files it with the XXP groups).
                let first = 2 + (next() % 3) as u32;
                let last = first + (next() % 3) as u32;
                let group = (0..2 + next() % 3).map(|_| (next() % n) as u32 + 1);
                t.forbidden_in_rounds.push(swiss_core::ForbiddenInRounds {
                    first_round: first,
                    last_round: last,
                    players: group.collect(),
                });
            }
            if next() % 3 == 0 {
                t.initial_colour = Some([Colour::White, Colour::Black][next() % 2]);
            }
            if next() % 4 == 0 {
                t.settings.maxi = next() % 2 == 0;
                t.settings.default_rating = Some(1000 + (next() % 1000) as u16);
            }
            // Accelerations in the readers' one form: by start number, no
            // trailing zero round, no entry without a value.
            let mut who: Vec<u32> = (0..next() % 4).map(|_| (next() % n) as u32 + 1).collect();
            who.sort_unstable();
            who.dedup();
            for id in who {
                let mut a: Vec<_> = (0..=rounds)
                    .map(|_| swiss_core::Points((next() % 3) as i32 * 5))
                    .collect();
                while a.last() == Some(&swiss_core::Points::ZERO) {
                    a.pop();
                }
                if !a.is_empty() {
                    t.accelerations.push((id, a));
                }
            }
            let ps = t.point_system;
            for p in &mut t.players {
                while p.rounds.last() == Some(&RoundEntry::BLANK) {
                    p.rounds.pop();
                }
            }
            if next() % 3 == 0 {
                let next_round = t.next_round() as usize;
                let p = &mut t.players[next() % n];
                if p.rounds.len() < next_round {
                    p.rounds.resize(next_round - 1, RoundEntry::BLANK);
                    let code = [R::ZeroBye, R::HalfBye, R::FullBye][next() % 3];
                    p.rounds.push(RoundEntry::no_game(code));
                }
            }
            for p in &mut t.players {
                p.points = p.score_after(u32::MAX, &ps);
            }
            t
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Both dialects: TRF16 with the extension lines, and TRF-2026.
    #[test]
    fn written_tournaments_read_back_equal(t in tournament()) {
        let text = trf::write(&t);
        let back = trf::read(&text, "w.trf");
        prop_assert_eq!(Ok(t.clone()), back, "{}", text);
        let text = trf::write_2026(&t);
        let back = trf::read(&text, "w26.trf");
        prop_assert_eq!(Ok(t.clone()), back, "{}", text.replace('\r', "\n"));
        every_system_answers(&t)?;
    }
}

/// A random but consistent team tournament (TRF-2026 team records):
/// teams of 1-4 boards with a reserve or not, board colours of record
/// `352`, and rounds of played matches (reserves on a board by a `300`,
/// boards left empty, board forfeits), forfeited matches (`330`), the PAB
/// (`320`, its players `U` or absent), and a half-point bye announced for
/// the next round.
fn team_tournament() -> impl Strategy<Value = Tournament> {
    use swiss_core::{
        ByeKind, Colour, ForfeitResult, ForfeitedMatch, LineUp, Player, ResultCode as R,
        RoundEntry, Team, TeamByes, TeamSection,
    };
    (2usize..7, 1usize..5, 0u32..5, any::<u64>()).prop_map(|(n, boards, rounds, mut seed)| {
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        let mut ts = TeamSection {
            board_colours: (0..boards)
                .map(|b| match (b, next() % 2) {
                    (0, _) | (_, 0) => Colour::White,
                    _ => Colour::Black,
                })
                .collect(),
            ..TeamSection::default()
        };
        let mut t = Tournament {
            name: "Team event".into(),
            planned_rounds: Some(rounds + 1 + (next() % 3) as u32),
            system: Some(["FIDE_TEAM", "FIDE_TEAM_TYPEB_GP_MP", "FIDE_TEAM_MP"][next() % 3].into()),
            ..Tournament::default()
        };
        for k in 0..n {
            let size = boards + next() % 2;
            let first = t.players.len() as u32 + 1;
            let members: Vec<u32> = (first..first + size as u32).collect();
            for &m in &members {
                t.players
                    .push(Player::new(m, format!("T{} P{m}", k + 1), Some(2000)));
            }
            ts.teams
                .push(Team::new(k as u32 + 1, format!("Team {}", k + 1), members));
        }
        let mut entries: Vec<Vec<RoundEntry>> = vec![Vec::new(); t.players.len()];
        let idx = |s: u32| s as usize - 1;
        for r in 1..=rounds {
            let mut this = vec![RoundEntry::BLANK; t.players.len()];
            let mut order: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                order.swap(i, next() % (i + 1));
            }
            if n % 2 == 1 {
                let pab = order.pop().unwrap_or(0);
                if ts.pab_teams.len() < r as usize {
                    ts.pab_teams.resize(r as usize, None);
                }
                ts.pab_teams[r as usize - 1] = Some(pab as u32 + 1);
                let code = [R::PairingBye, R::ZeroBye][next() % 2];
                for &m in &ts.teams[pab].members {
                    this[idx(m)] = RoundEntry::no_game(code);
                }
            }
            for pair in order.chunks(2) {
                let (w, b) = (pair[0], pair[1]);
                let (wm, bm) = (ts.teams[w].members.clone(), ts.teams[b].members.clone());
                if next() % 5 == 0 {
                    // A forfeited match: the team that came wins its boards.
                    let result = [
                        ForfeitResult::WhiteWins,
                        ForfeitResult::BlackWins,
                        ForfeitResult::BothLose,
                    ][next() % 3];
                    ts.forfeits.push(ForfeitedMatch {
                        round: r,
                        white: w as u32 + 1,
                        black: b as u32 + 1,
                        result,
                    });
                    for (members, won) in [
                        (&wm, result == ForfeitResult::WhiteWins),
                        (&bm, result == ForfeitResult::BlackWins),
                    ] {
                        for (j, &m) in members.iter().enumerate() {
                            let code = if won && j < boards {
                                R::PairingBye
                            } else {
                                R::ZeroBye
                            };
                            this[idx(m)] = RoundEntry::no_game(code);
                        }
                    }
                    continue;
                }
                // Line-ups: the roster's boards, a reserve on a random board
                // (a `300`), or a board left empty (a `300` with `0000`).
                let mut line_up = |members: &[u32], team: usize, opponent: usize| {
                    let mut l: Vec<Option<u32>> =
                        members.iter().take(boards).map(|&m| Some(m)).collect();
                    let change = next() % 4;
                    if change == 0 && members.len() > boards {
                        l[next() % boards] = Some(members[boards]);
                    } else if change == 1 && boards > 1 {
                        l[next() % boards] = None;
                    }
                    if l.iter()
                        .copied()
                        .ne(members.iter().take(boards).map(|&m| Some(m)))
                    {
                        ts.line_ups.push(LineUp {
                            round: r,
                            team: team as u32 + 1,
                            opponent: Some(opponent as u32 + 1),
                            players: l.clone(),
                        });
                    }
                    l
                };
                let (lw, lb) = (line_up(&wm, w, b), line_up(&bm, b, w));
                for j in 0..boards {
                    let colour = ts.board_colours[j];
                    match (lw[j], lb[j]) {
                        (Some(x), Some(y)) => {
                            let (rx, ry) = [
                                (R::Win, R::Loss),
                                (R::Draw, R::Draw),
                                (R::Loss, R::Win),
                                (R::ForfeitWin, R::ForfeitLoss),
                                (R::ShortDraw, R::ShortDraw),
                            ][next() % 5];
                            this[idx(x)] = RoundEntry::game(y, colour, rx);
                            this[idx(y)] = RoundEntry::game(x, colour.opposite(), ry);
                        }
                        // A board won against an empty one: `0000 - +`.
                        (Some(x), None) | (None, Some(x)) => {
                            this[idx(x)] = RoundEntry::no_game(R::PairingBye);
                        }
                        (None, None) => {}
                    }
                }
                for &m in wm.iter().chain(&bm) {
                    if this[idx(m)] == RoundEntry::BLANK && next() % 2 == 0 {
                        this[idx(m)] = RoundEntry::no_game(R::ZeroBye);
                    }
                }
            }
            for (e, v) in this.into_iter().zip(&mut entries) {
                v.push(e);
            }
        }
        if n > 2 && next() % 2 == 0 {
            ts.byes.push(TeamByes {
                round: rounds + 1,
                kind: ByeKind::Half,
                teams: vec![(next() % n) as u32 + 1],
            });
        }
        let ps = t.point_system;
        for (p, rounds) in t.players.iter_mut().zip(entries) {
            p.rounds = rounds;
            while p.rounds.last() == Some(&RoundEntry::BLANK) {
                p.rounds.pop();
            }
            p.points = p.score_after(u32::MAX, &ps);
        }
        t.teams = Some(ts);
        t
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A consistent team tournament is accepted (through JSON, which puts
    /// it in the readers' one form), reads back equal from both writers,
    /// its history is total and symmetric (each match seen from both
    /// teams), and every individual system refuses it.
    #[test]
    fn written_team_tournaments_read_back_equal(t in team_tournament()) {
        let doc = serde_json::to_string(&t).unwrap();
        let t = json::read(&doc, "t.json").map_err(|e| TestCaseError::fail(format!("{e}\n{doc}")))?;
        let text = trf::write_2026(&t);
        prop_assert_eq!(Ok(t.clone()), trf::read(&text, "w26.trf"), "{}", text.replace('\r', "\n"));
        let text = trf::write(&t);
        prop_assert_eq!(Ok(t.clone()), trf::read(&text, "w.trf"), "{}", text);
        let ts = t.teams.as_ref().unwrap();
        let h = ts.history(&t).map_err(|e| TestCaseError::fail(e.to_string()))?;
        for rec in &h.teams {
            for (r, round) in rec.rounds.iter().enumerate() {
                let Some(m) = round.match_() else { continue };
                let back = h.round(m.opponent, r as u32 + 1).and_then(|x| x.match_());
                prop_assert_eq!(back.map(|b| b.opponent), Some(rec.tpn));
                let back = back.unwrap();
                prop_assert_eq!(back.played, m.played);
                prop_assert_eq!(back.game_points, m.opponent_game_points);
                if m.played {
                    prop_assert_eq!(back.colour.map(swiss_core::Colour::opposite), m.colour);
                }
            }
        }
        for (s, _) in systems() {
            let refused = matches!(s.pair(&t), Err(swiss_core::PairingError::Unsupported { .. }));
            prop_assert!(refused, "{} paired a team tournament", s.name());
        }
    }
}
