//! Issue 43.3: under the 2026 edition, what an arbiter reads cites the
//! 2026 text. `swiss explain` (the whole round and every player),
//! `swiss compare` (legal and illegal proposals made from the engine's
//! own pairing: the verifier's breaches and the separating rule) and the
//! `--explain` DEBUG trace of rounds of the 2026 reference data
//! (`testdata/oracle/dutch-2026`) must name no id of the 2017 text: no
//! `A.n`-`E.n` (`A.6`, `B.8`, B.6/B.7, `D.1-D.3`, `C.5`-`C.19`, `E.1`,
//! ...), and no "2017". The same rounds under the 2017 edition do cite
//! them, which shows the scan finds what it looks for.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::{Arc, Mutex};

use swiss_core::{Pair, Pairing, PairingSystem, Tournament, before_round};
use swiss_dutch::Dutch;

/// Events of the 2026 reference data, each with something to show: C5,
/// C9, C8 paired again under C4, C4 in every bracket, C7, forfeits and
/// PABs, pairs prohibited by record 260, a 3-2-1 point system.
const EVENTS: &[&str] = &[
    "t0001-p035-r10.trf",
    "t0020-p005-r04.trf",
    "t0289-p013-r09.trf",
    "t0190-p012-r11.trf",
    "t0234-p014-r13.trf",
    "t0368-p011-r06.trf",
    "t0015-p017-r09.trf",
    "t0088-p013-r09.trf",
    "t0095-p012-r05.trf",
];

/// The ids of the 2017 text (and the year) in `text`: a letter A-E at the
/// start of a word, a dot and a digit (`A.6`, `B.8`, `C.12`, `D.1`,
/// `E.5`), but not a handbook chapter (`C.04.3`, `C.04.1`); and "2017".
fn ids_2017(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    for i in 0..b.len().saturating_sub(2) {
        let starts_word = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if starts_word
            && (b'A'..=b'E').contains(&b[i])
            && b[i + 1] == b'.'
            && b[i + 2].is_ascii_digit()
            && !text[i..].starts_with("C.04")
        {
            let end = (i + 2..b.len())
                .find(|&k| !(b[k].is_ascii_digit() || b[k] == b'.'))
                .unwrap_or(b.len());
            found.push(text[i..end].trim_end_matches('.').to_string());
        }
    }
    if text.contains("2017") {
        found.push("2017".into());
    }
    found
}

/// A writer into a shared buffer, for the DEBUG trace.
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

/// Proposals made from the engine's `pairing`: each board's black player
/// swapped with the next board's, each board's colours reversed, the bye
/// given to a board's white player. Some are legal (the separating rule),
/// some break C1 or C3 (the verifier's breaches).
fn proposals(pairing: &Pairing) -> Vec<Pairing> {
    let mut out = Vec::new();
    let n = pairing.pairs.len();
    for i in 0..n {
        let mut p = pairing.clone();
        if i + 1 < n {
            let (a, b) = (p.pairs[i].black, p.pairs[i + 1].black);
            p.pairs[i].black = b;
            p.pairs[i + 1].black = a;
            out.push(p.clone());
            let mut p = pairing.clone();
            let (a, b) = (p.pairs[i].white, p.pairs[i + 1].black);
            p.pairs[i].white = b;
            p.pairs[i + 1].black = a;
            out.push(p);
        }
        let mut p = pairing.clone();
        let Pair { white, black } = p.pairs[i];
        p.pairs[i] = Pair {
            white: black,
            black: white,
        };
        out.push(p);
        if let Some(bye) = pairing.bye {
            let mut p = pairing.clone();
            p.bye = Some(p.pairs[i].white);
            p.pairs[i].white = bye;
            out.push(p);
        }
    }
    out
}

/// Everything an arbiter reads about the round before `round` of `t`
/// under `dutch`: the account of the whole round and of each player, and
/// the comparison of each proposal made from the engine's pairing.
fn accounts(dutch: Dutch, t: &Tournament, round: u32) -> Vec<(String, String)> {
    let mut before = before_round(t, round);
    before.initial_colour = dutch.initial_colour(t);
    let mut out = Vec::new();
    let whole = dutch.explain(&before, None).unwrap().unwrap();
    out.push(("explain".to_string(), whole));
    let engine = dutch.pair(&before).unwrap();
    let players = engine
        .pairs
        .iter()
        .flat_map(|p| [p.white, p.black])
        .chain(engine.bye);
    for s in players {
        let text = dutch.explain(&before, Some(s)).unwrap().unwrap();
        out.push((format!("explain --player {s}"), text));
    }
    let verify = match dutch.options.edition {
        swiss_dutch::Edition::Fide2026 => swiss_verify::Dutch::FIDE_2026,
        _ => swiss_verify::Dutch::FIDE_2017,
    };
    for (k, p) in proposals(&engine).into_iter().enumerate() {
        let c = swiss_verify::compare(&dutch, &verify, &before, &p).unwrap();
        out.push((format!("compare, proposal {k}"), c.to_string()));
    }
    out
}

/// Runs `f` with the engine's DEBUG trace (what `--explain` prints)
/// written to a buffer; returns `f`'s value and the trace.
fn traced<T>(f: impl FnOnce() -> T) -> (T, String) {
    let buf = Buf(Arc::new(Mutex::new(Vec::new())));
    let writer = buf.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::DEBUG)
        .with_ansi(false)
        .without_time()
        .with_writer(move || writer.clone())
        .finish();
    let value = tracing::subscriber::with_default(subscriber, f);
    let log = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
    (value, log)
}

/// The rounds of the events, each read once.
fn rounds() -> Vec<(&'static str, Tournament, u32)> {
    let mut out = Vec::new();
    for &file in EVENTS {
        let path = swiss_testdata::path(&format!("oracle/dutch-2026/{file}"));
        let t = swiss_testdata::read_trf(&path).unwrap();
        for round in 1..=t.recorded_rounds() {
            out.push((file, t.clone(), round));
        }
    }
    out
}

/// Every account, comparison and trace of [`EVENTS`] under the 2026
/// edition: no 2017 id. A failure lists each id found, by kind of output,
/// with the first text that printed it.
#[test]
fn c2026_explain_and_compare_cite_no_2017_id() {
    let mut found: BTreeMap<(String, String), String> = BTreeMap::new();
    let mut read = 0usize;
    for (file, t, round) in rounds() {
        let (texts, log) = traced(|| accounts(Dutch::FIDE_2026, &t, round));
        read += texts.len();
        for (what, text) in texts.iter().chain([&("--explain".to_string(), log)]) {
            let kind = what.split(',').next().unwrap_or(what);
            let kind = kind.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ');
            for id in ids_2017(text) {
                found
                    .entry((kind.to_string(), id))
                    .or_insert_with(|| format!("{file} round {round}, {what}:\n{text}"));
            }
        }
    }
    assert!(read > 2_000, "only {read} accounts read");
    let list: Vec<String> = found
        .iter()
        .map(|((kind, id), example)| format!("{id} in {kind}, first in {example}"))
        .collect();
    let ids: Vec<String> = found.keys().map(|(k, id)| format!("{k}: {id}")).collect();
    assert!(
        found.is_empty(),
        "2017 ids in 2026 output ({}):\n\n{}",
        ids.join("; "),
        list.join("\n\n")
    );
}

/// The scan itself: the 2017 edition's accounts of the same rounds cite
/// the 2017 ids it looks for (B.8 or B.4, A.6, E.1-E.5; the trace B.4 or
/// B.8), and it knows a 2026 id from a 2017 one.
#[test]
fn the_2017_edition_cites_the_ids_the_scan_looks_for() {
    assert_eq!(
        ids_2017("C.04.3 (2026) C12, Art. 1.4, 5.2.1, C1-C3"),
        Vec::<String>::new()
    );
    assert_eq!(
        ids_2017("(C.04.3 A.6, 2017 numbering) B.6/B.7 and D.1-D.3, C.12."),
        ["A.6", "B.6", "B.7", "D.1", "D.3", "C.12", "2017"]
    );
    let (file, t, round) = rounds().swap_remove(4);
    let (texts, log) = traced(|| accounts(Dutch::FIDE_2017, &t, round));
    let whole = &texts[0].1;
    for id in ["A.3", "A.4", "E."] {
        assert!(whole.contains(id), "{file} round {round}: {id} in\n{whole}");
    }
    assert!(!ids_2017(&log).is_empty(), "{log}");
    let players: String = texts.iter().map(|(_, t)| t.as_str()).collect();
    assert!(players.contains("C.04.3 A.6"), "{players}");
}
