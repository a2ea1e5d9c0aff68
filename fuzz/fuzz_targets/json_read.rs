//! The JSON reader must never panic; what it accepts must give a derived
//! state and write as a TRF that reads back. Run: `cargo fuzz run json_read`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use swiss_core::{RoundState, json, trf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(t) = json::read(text, "fuzz.json") {
        let _ = RoundState::next(&t);
        let written = trf::write(&t);
        assert!(trf::read(&written, "fuzz.trf").is_ok(), "{written}");
    }
});
