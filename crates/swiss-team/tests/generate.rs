//! The generator of team tournaments (`swiss_team::generate`): what it
//! writes reads back and pairs, round by round, as it was generated; the
//! same seed gives the same text; every part the settings ask for is in
//! the file.
#![allow(clippy::unwrap_used)]

use swiss_core::{Pairing, before_round, trf};
use swiss_team::generate::{Settings, generate};
use swiss_team::{Colour, ColourType, Options, Primary, pair};

fn rich(seed: u64) -> Settings {
    let mut s = Settings::new(seed, 9, 4, 7);
    s.reserves = 2;
    s.line_up_rate = 0.3;
    s.bye_rate = 0.05;
    s.forfeit_rate = 0.05;
    s.board_forfeit_rate = 0.03;
    s.prohibited = 2;
    s.colour_type = ColourType::B;
    s
}

/// Each round of the written file is the engine's pairing of the rounds
/// before it (C.04.6 3.3): the file is a replayable record, whatever it
/// holds (byes, forfeits, line-ups, 260, no 152).
#[test]
fn generated_rounds_replay_as_paired() {
    for seed in 1..=12 {
        let mut s = rich(seed);
        s.initial_colour = [Some(Colour::White), Some(Colour::Black), None][seed as usize % 3];
        s.baku = seed % 4 == 0;
        let g = generate(&s, &Options::DEFAULT).unwrap();
        let text = g.to_trf();
        let t = trf::read(&text, "g.trf").unwrap();
        assert!(t.played_rounds() >= 1, "seed {seed}");
        for round in 1..=t.played_rounds() {
            let ours = pair(&before_round(&t, round), &Options::DEFAULT).unwrap();
            let recorded = Pairing::recorded(&t, round);
            let set = |p: &Pairing| {
                let mut v: Vec<_> = p.pairs.iter().map(|x| (x.white, x.black)).collect();
                v.sort_unstable();
                (v, p.bye)
            };
            assert_eq!(set(&ours), set(&recorded), "seed {seed} round {round}");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_text() {
    let a = generate(&rich(5), &Options::DEFAULT).unwrap().to_trf();
    let b = generate(&rich(5), &Options::DEFAULT).unwrap().to_trf();
    let c = generate(&rich(6), &Options::DEFAULT).unwrap().to_trf();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

/// Each setting shows in the file: the 192 code, 352, rosters with
/// reserves, 300 line-ups, 240 byes, 330 forfeited matches, board
/// forfeits, 260, 250 (Baku written out), no 152 when asked.
#[test]
fn every_setting_is_in_the_file() {
    // TRF-2026 lines end with CR (Remark 1).
    let lines = |text: &str, code: &str| text.split('\r').filter(|l| l.starts_with(code)).count();
    let mut s = Settings::new(3, 12, 4, 9);
    let plain = generate(&s, &Options::DEFAULT).unwrap().to_trf();
    for code in ["300 ", "240 ", "330 ", "260 ", "250 "] {
        assert_eq!(lines(&plain, code), 0, "{code} in a plain event");
    }
    assert!(plain.contains("FIDE_TEAM_TYPEA_MP_GP"), "{plain}");
    assert_eq!(lines(&plain, "310 "), 12);
    assert_eq!(
        lines(&plain, "001 "),
        48,
        "no reserves: four players a team"
    );
    assert!(!plain.contains(" + ") && !plain.contains(" - "));

    s.reserves = 2;
    s.line_up_rate = 0.5;
    s.bye_rate = 0.1;
    s.forfeit_rate = 0.1;
    s.board_forfeit_rate = 0.05;
    s.prohibited = 2;
    s.colour_type = ColourType::None;
    s.primary = Primary::GamePoints;
    s.initial_colour = None;
    let rich = generate(&s, &Options::DEFAULT).unwrap().to_trf();
    assert!(rich.contains("FIDE_TEAM_GP_MP"), "{rich}");
    for code in ["300 ", "240 ", "330 ", "260 "] {
        assert!(lines(&rich, code) > 0, "no {code}");
    }
    assert!(lines(&rich, "001 ") > 48, "reserves");
    assert_eq!(lines(&rich, "152 "), 0);

    let mut baku = Settings::new(3, 12, 4, 9);
    baku.baku = true;
    let text = generate(&baku, &Options::DEFAULT).unwrap().to_trf();
    assert!(text.contains("FIDE_TEAM_TYPEA_MP_GP_BAKU"));
    assert!(lines(&text, "250 ") > 0, "Baku written out as 250");
}

#[test]
fn settings_that_describe_no_event_are_refused() {
    let mut s = Settings::new(1, 1, 4, 5);
    assert!(generate(&s, &Options::DEFAULT).is_err());
    s.teams = 8;
    s.primary = Primary::GamePoints;
    s.baku = true;
    assert!(generate(&s, &Options::DEFAULT).is_err());
    s.baku = false;
    s.draw_rate = 1.5;
    assert!(generate(&s, &Options::DEFAULT).is_err());
}
