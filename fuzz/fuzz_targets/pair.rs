//! No pairing engine may panic on a tournament the TRF reader accepts:
//! every variant of every system of the registry answers with a pairing or
//! an error, and a pairing never names a player twice or one who does not
//! play the round. Run: `cargo fuzz run pair`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use swiss_core::{PairingSystem, Tournament, trf};

/// `one_column`: one round is one TRF column (a TCEC double round spans
/// two, and only its first says who plays).
fn check(system: &dyn PairingSystem, one_column: bool, t: &Tournament) {
    let Ok(p) = system.pair(t) else { return };
    let round = t.next_round();
    let mut seen = Vec::new();
    for id in p.pairs.iter().flat_map(|p| [p.white, p.black]).chain(p.bye) {
        assert!(!seen.contains(&id), "{}: {id} paired twice", system.name());
        seen.push(id);
        let player = t.player(id);
        assert!(player.is_some(), "{}: {id} is no player", system.name());
        assert!(
            !one_column || !player.is_some_and(|q| q.entry(round).is_non_participation()),
            "{}: {id} does not play round {round}",
            system.name()
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(t) = trf::read(text, "fuzz.trf") else {
        return;
    };
    // Large fields only slow the search down; the rules are the same.
    if t.players.len() > 40 || t.recorded_rounds() > 20 {
        return;
    }
    for (system, variant) in swiss_systems::variants() {
        if let Ok(engine) = system.build(&variant.options) {
            check(engine.as_ref(), !variant.options.double, &t);
        }
    }
});
