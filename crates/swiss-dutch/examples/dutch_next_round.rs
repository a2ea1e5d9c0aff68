//! Pairs the next round of a small club tournament with the Dutch system (C.04.3, 2026 rules)
//! and prints the boards: `cargo run -p swiss-dutch --example dutch_next_round`.
//! With a file argument, pairs that TRF file instead.

use std::process::ExitCode;

/// Round 1 of a six-player event, scored; round 2 is next.
const CLUB: &str = "\
012 Club championship
XXR 5
001    1      Alder, Ann                        2100                             1.0          4 w 1
001    2      Brook, Ben                        2050                             0.5          5 b =
001    3      Crane, Cat                        1980                             0.0          6 w 0
001    4      Drake, Dan                        1900                             0.0          1 b 0
001    5      Elm, Eve                          1850                             0.5          2 w =
001    6      Frost, Fay                        1800                             1.0          3 b 1
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
        None => ("club.trf".to_string(), CLUB.to_string()),
    };
    let tournament = match swiss_dutch::trf::read(&text, &name) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    match swiss_dutch::pair(&tournament, &swiss_dutch::Options::default()) {
        Ok(pairing) => {
            println!("round {}", pairing.round);
            for (board, p) in pairing.pairs.iter().enumerate() {
                println!("board {}: {} - {}", board + 1, p.white, p.black);
            }
            if let Some(bye) = pairing.bye {
                println!("bye: {bye}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}
