//! No pairing engine may panic on a tournament the TRF reader accepts:
//! every variant of every system of the registry answers with a pairing or
//! an error. Run: `cargo fuzz run pair`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use swiss_core::trf;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(t) = trf::read(text, "fuzz.trf") else { return };
    // Large fields only slow the search down; the rules are the same.
    if t.players.len() > 40 || t.recorded_rounds() > 20 {
        return;
    }
    for (system, variant) in swiss_systems::variants() {
        if let Ok(engine) = system.build(&variant.options) {
            let _ = engine.pair(&t);
        }
    }
});
