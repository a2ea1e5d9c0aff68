//! No pairing engine may panic on a tournament the TRF reader accepts:
//! each answers with a pairing or an error. Run: `cargo fuzz run pair`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use swiss_core::{PairingSystem, trf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(t) = trf::read(text, "fuzz.trf") else { return };
    // Large fields only slow the search down; the rules are the same.
    if t.players.len() > 40 || t.recorded_rounds() > 20 {
        return;
    }
    let _ = swiss_dutch::Dutch.pair(&t);
    for format in [swiss_tcec::Format::Single, swiss_tcec::Format::Double] {
        let tcec = swiss_tcec::Tcec {
            options: swiss_tcec::TcecOptions { format },
        };
        let _ = tcec.pair(&t);
    }
});
