//! Pairs the next round of a small team event with the FIDE Swiss Team
//! Pairing System (C.04.6) and prints the matches, then each board:
//! `cargo run -p swiss-team --example team_next_round`. With a file
//! argument, pairs that TRF-2026 team file instead.

use std::process::ExitCode;

/// Four teams of two boards after round 1 (1-3 and 4-2 played); round 2
/// is next.
const LEAGUE: &str = "\
012 Club league
142 5
192 FIDE_TEAM_TYPEA_MP_GP
352 WB
001    1      Ash, Ann                          2200                                       0005 w 1
001    2      Ash, Bob                          2150                                       0006 b =
001    3      Birch, Cal                        2100                                       0007 b 1
001    4      Birch, Dee                        2050                                       0008 w 0
001    5      Cedar, Eli                        2000                                       0001 b 0
001    6      Cedar, Fay                        1950                                       0002 w =
001    7      Dune, Gus                         1900                                       0003 w 0
001    8      Dune, Hal                         1850                                       0004 b 1
310   1 Ash                                                                 1    2
310   2 Birch                                                               3    4
310   3 Cedar                                                               5    6
310   4 Dune                                                                7    8
";

fn main() -> ExitCode {
    let (name, text) = match std::env::args().nth(1) {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(text) => (path, text),
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => ("league.trf".to_string(), LEAGUE.to_string()),
    };
    let tournament = match swiss_team::trf::read(&text, &name) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    match swiss_team::pair(&tournament, &swiss_team::Options::DEFAULT) {
        Ok(pairing) => {
            println!("round {}", pairing.round);
            for (n, p) in pairing.pairs.iter().enumerate() {
                println!("match {}: team {} - team {}", n + 1, p.white, p.black);
            }
            if let Some(team) = pairing.bye {
                println!("pairing-allocated bye: team {team}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}
