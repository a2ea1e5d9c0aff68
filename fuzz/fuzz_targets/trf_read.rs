//! The TRF reader must never panic; what it accepts must round-trip (in
//! both dialects) and
//! give a derived state. Run: `cargo fuzz run trf_read` (see README).
#![no_main]

use libfuzzer_sys::fuzz_target;
use swiss_core::{RoundState, trf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(t) = trf::read(text, "fuzz.trf") {
        let again = trf::read(&trf::write(&t), "fuzz.trf");
        assert_eq!(Ok(t.clone()), again);
        let again = trf::read(&trf::write_2026(&t), "fuzz.trf");
        assert_eq!(Ok(t.clone()), again, "TRF-2026");
        let _ = RoundState::next(&t);
    }
});
