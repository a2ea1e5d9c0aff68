//! `--explain` for the 2012 edition: the engine's `tracing` debug events
//! (target `swiss_dutch`) name the steps of the 2012 text.
#![allow(clippy::unwrap_used)]

mod fide2012_common;

use std::io::Write;
use std::sync::{Arc, Mutex};

use fide2012_common::{c12_event, forbid, pair_next};

/// A writer into a shared buffer.
#[derive(Clone)]
struct Buf(Arc<Mutex<Vec<u8>>>);

impl Write for Buf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The C.12 case of `fide2012_cases.rs`, explained: the log names the
/// brackets, C.1's incompatible moved-down player, the backtrack of C.12,
/// C.2's P0/M0/X1, C.10's requirements, D.3's S1 and C.6's pairs.
#[test]
fn fide2012_explain_names_the_steps() {
    let mut t = c12_event();
    for o in [4, 5, 9, 10] {
        forbid(&mut t, 3, o);
    }
    let buf = Buf(Arc::new(Mutex::new(Vec::new())));
    let writer = buf.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::DEBUG)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    tracing::subscriber::with_default(subscriber, || pair_next(&t));
    let log = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
    for step in [
        "Dutch 2012: round 2 (even round)",
        "score bracket 1.0: 3 players",
        "C.2: bracket of 3 players",
        "X1=1",
        "C.1: a moved-down player has no opponent: C.12",
        "C.12: the previous bracket moves down [2] instead of [3]",
        "C.8.b/D.3: S1 = moved-down players [2]",
        "C.10: requirements X=0 (X1=0)",
        "C.6: pairs [(2, 9)",
    ] {
        assert!(log.contains(step), "missing {step:?} in:\n{log}");
    }
}
