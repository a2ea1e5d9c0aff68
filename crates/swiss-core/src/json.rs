//! The workspace's own JSON form of a [`Tournament`] (the model's field
//! names), read and validated exactly like a TRF: the same checks, through
//! [`crate::validate`], with errors at `FILE:LINE:COL` plus the JSON path.
//!
//! Besides the model's fields, a document may list `"absent": [id, ...]`,
//! the players who do not play the round being paired (the TRF's `XXZ`):
//! they are read as `0000 - Z` entries of that round.
//!
//! Players may come in any order, like a TRF's `001` records; they are
//! sorted by start number. Trailing blank rounds are dropped, a colour on
//! an entry without opponent is dropped, and a rating of 0 means unrated,
//! all as the TRF reader does, so the same tournament reads the same in
//! either format.

use std::collections::{HashMap, HashSet};

use serde::Deserialize;

use crate::error::{ErrorKind, InputError, InputErrors};
use crate::model::{RoundEntry, StartNo, Tournament};
use crate::validate::{Gaps, Locate, Location, Places, Reading, Spot, check, json_path};

/// Reads and validates a tournament JSON document. `file` names it in errors.
pub fn read(text: &str, file: &str) -> Result<Tournament, InputErrors> {
    reading(text, file).map(|r| r.tournament)
}

/// The fields a document may add to the model.
#[derive(Deserialize)]
struct Extra {
    #[serde(default)]
    absent: Vec<StartNo>,
}

/// Like [`read`], with the warnings and the places of the model's parts.
pub fn reading(text: &str, file: &str) -> Result<Reading, InputErrors> {
    // A byte-order mark is read past, as the TRF reader does.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let syntax = |e: serde_json::Error| {
        let msg = e.to_string();
        let msg = msg
            .rfind(" at line ")
            .map_or(msg.as_str(), |i| &msg[..i])
            .to_string();
        InputErrors(vec![InputError {
            file: file.to_string(),
            line: e.line(),
            column: e.column(),
            kind: ErrorKind::Expected(format!("a tournament JSON document ({msg})")),
        }])
    };
    let mut t: Tournament = serde_json::from_str(text).map_err(syntax)?;
    let absent = serde_json::from_str::<Extra>(text).map_err(syntax)?.absent;
    let (original, teams) = normalize(&mut t);
    let places = Places::new(
        file,
        Box::new(JsonText {
            text: text.to_string(),
            original,
            teams,
        }),
    );
    let (errors, warnings) = check(&t, &absent, &Gaps::default(), &places);
    if !errors.is_empty() {
        return Err(InputErrors(errors));
    }
    mark_absent(&mut t, &absent);
    crate::validate::settle(&mut t);
    Ok(Reading {
        tournament: t,
        warnings,
        places,
    })
}

/// Puts the model in the form the TRF reader gives; returns, for each
/// player of the sorted list, his index in the document, and the same for
/// the teams (sorted by TPN, as the `310` records are).
fn normalize(t: &mut Tournament) -> (Vec<usize>, Vec<usize>) {
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| t.players[i].start_no);
    let mut slots: Vec<Option<crate::model::Player>> = std::mem::take(&mut t.players)
        .into_iter()
        .map(Some)
        .collect();
    t.players = order.iter().filter_map(|&i| slots[i].take()).collect();
    for p in &mut t.players {
        for e in &mut p.rounds {
            if e.opponent.is_none() {
                e.colour = None;
            }
        }
        while p.rounds.last() == Some(&RoundEntry::BLANK) {
            p.rounds.pop();
        }
        if p.rating == Some(0) {
            p.rating = None;
        }
    }
    let mut team_order = Vec::new();
    if let Some(ts) = &mut t.teams {
        team_order = (0..ts.teams.len()).collect();
        team_order.sort_by_key(|&k| ts.teams[k].tpn);
        let mut slots: Vec<Option<crate::team::Team>> = std::mem::take(&mut ts.teams)
            .into_iter()
            .map(Some)
            .collect();
        ts.teams = team_order.iter().filter_map(|&k| slots[k].take()).collect();
    }
    (order, team_order)
}

/// Marks the players absent from the round being paired (`XXZ`, JSON
/// `absent`) with a `0000 - Z` entry in that round, unless they already
/// have a non-participation entry there (a requested bye says more).
pub(crate) fn mark_absent(t: &mut Tournament, absent: &[StartNo]) {
    let round = t.next_round() as usize;
    if round > crate::limits::MAX_ROUNDS as usize {
        return;
    }
    for &id in absent {
        if let Some(i) = t.index_of(id) {
            let rounds = &mut t.players[i].rounds;
            if rounds.len() < round {
                rounds.resize(round, RoundEntry::BLANK);
            }
            if rounds[round - 1] == RoundEntry::BLANK {
                rounds[round - 1] = RoundEntry::no_game(crate::model::ResultCode::ZeroBye);
            }
        }
    }
}

/// Places in a JSON document: the path of a spot, and its line and column
/// found by one scan of the text.
struct JsonText {
    text: String,
    /// Sorted player index -> index in the document.
    original: Vec<usize>,
    /// Sorted team index -> index in the document.
    teams: Vec<usize>,
}

impl JsonText {
    fn path(&self, spot: Spot) -> Option<String> {
        json_path(
            spot,
            &|i| self.original.get(i).copied().unwrap_or(i),
            &|k| self.teams.get(k).copied().unwrap_or(k),
        )
    }
}

impl Locate for JsonText {
    fn locate(&self, spots: &[Spot]) -> Vec<Location> {
        let paths: Vec<Option<String>> = spots.iter().map(|&s| self.path(s)).collect();
        let mut wanted: HashSet<String> = HashSet::new();
        wanted.insert(String::new());
        for p in paths.iter().flatten() {
            for (i, ch) in p.char_indices() {
                if ch == '.' || ch == '[' {
                    wanted.insert(p[..i].to_string());
                }
            }
            wanted.insert(p.clone());
        }
        let found = positions(&self.text, &wanted);
        paths
            .into_iter()
            .map(|path| {
                let Some(path) = path else {
                    return Location::default();
                };
                // The value itself, or the nearest enclosing one the text has.
                let mut p = path.as_str();
                let (line, column) = loop {
                    if let Some(&at) = found.get(p) {
                        break at;
                    }
                    match p.rfind(['.', '[']) {
                        Some(i) => p = &p[..i],
                        None => break found.get("").copied().unwrap_or((1, 1)),
                    }
                };
                Location {
                    line,
                    column,
                    path: Some(path),
                }
            })
            .collect()
    }

    fn describe(&self, spot: Spot) -> String {
        let loc = self.locate(&[spot]).remove(0);
        match loc.path {
            Some(p) => format!("at `{p}` (line {})", loc.line),
            None => String::new(),
        }
    }
}

/// Line and column (in characters, 1-based) of the value at each wanted
/// path, in one scan of a document serde has already accepted.
fn positions(text: &str, wanted: &HashSet<String>) -> HashMap<String, (usize, usize)> {
    let mut s = Scan {
        b: text.as_bytes(),
        i: 0,
        line: 1,
        col: 1,
        wanted,
        found: HashMap::new(),
    };
    s.ws();
    let mut path = String::new();
    s.value(&mut path, 0);
    s.found
}

struct Scan<'a> {
    b: &'a [u8],
    i: usize,
    line: usize,
    col: usize,
    wanted: &'a HashSet<String>,
    found: HashMap<String, (usize, usize)>,
}

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.i += 1;
            if c == b'\n' {
                self.line += 1;
                self.col = 1;
            } else if c & 0xC0 != 0x80 {
                self.col += 1;
            }
        }
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.bump();
        }
    }

    /// A string; returns its raw text (escapes kept as written).
    fn string(&mut self) -> String {
        self.bump();
        let start = self.i;
        while let Some(c) = self.peek() {
            match c {
                b'"' => break,
                b'\\' => {
                    self.bump();
                    self.bump();
                }
                _ => self.bump(),
            }
        }
        let raw = String::from_utf8_lossy(&self.b[start..self.i.min(self.b.len())]).into_owned();
        self.bump();
        raw
    }

    /// The value starting here, recording it when `path` is wanted and
    /// descending only into wanted paths. Depth is bounded by serde's own
    /// limit, which the document has already passed.
    fn value(&mut self, path: &mut String, depth: usize) {
        let here = (self.line, self.col);
        let wanted = self.wanted.contains(path.as_str());
        if wanted {
            self.found.insert(path.clone(), here);
        }
        match self.peek() {
            Some(b'{') => {
                self.bump();
                loop {
                    self.ws();
                    if self.peek() != Some(b'"') {
                        break;
                    }
                    let key = self.string();
                    self.ws();
                    if self.peek() == Some(b':') {
                        self.bump();
                    }
                    self.ws();
                    let len = path.len();
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(&key);
                    self.child(path, wanted, depth);
                    path.truncate(len);
                    self.ws();
                    if self.peek() == Some(b',') {
                        self.bump();
                    } else {
                        break;
                    }
                }
                self.ws();
                self.bump();
            }
            Some(b'[') => {
                self.bump();
                let mut k = 0;
                loop {
                    self.ws();
                    if matches!(self.peek(), Some(b']') | None) {
                        break;
                    }
                    let len = path.len();
                    path.push_str(&format!("[{k}]"));
                    self.child(path, wanted, depth);
                    path.truncate(len);
                    k += 1;
                    self.ws();
                    if self.peek() == Some(b',') {
                        self.bump();
                    } else {
                        break;
                    }
                }
                self.ws();
                self.bump();
            }
            Some(b'"') => {
                self.string();
            }
            _ => {
                while let Some(c) = self.peek() {
                    if matches!(c, b',' | b']' | b'}' | b' ' | b'\t' | b'\n' | b'\r') {
                        break;
                    }
                    self.bump();
                }
            }
        }
    }

    /// A member or element: scanned for places only inside wanted paths.
    fn child(&mut self, path: &mut String, parent_wanted: bool, depth: usize) {
        if parent_wanted && depth < 256 {
            self.value(path, depth + 1);
        } else {
            self.skip();
        }
    }

    /// Skips one value without recording anything (iteratively).
    fn skip(&mut self) {
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => return,
                Some(b'"') => {
                    self.string();
                }
                Some(b'{' | b'[') => {
                    depth += 1;
                    self.bump();
                }
                Some(b'}' | b']') => {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                    self.bump();
                }
                Some(b',') if depth == 0 => return,
                Some(_) => self.bump(),
            }
            if depth == 0 && matches!(self.peek(), Some(b',' | b'}' | b']') | None) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_of_nested_values() {
        let text = "{\n  \"players\": [\n    {\"start_no\": 1},\n    {\"start_no\": 2, \"rounds\": [null, {\"x\": \"é\"}]}\n  ]\n}";
        let mut wanted = HashSet::new();
        for p in [
            "",
            "players",
            "players[1]",
            "players[1].rounds",
            "players[1].rounds[1]",
            "players[1].start_no",
        ] {
            wanted.insert(p.to_string());
        }
        let found = positions(text, &wanted);
        assert_eq!(found.get("players"), Some(&(2, 14)));
        assert_eq!(found.get("players[1]"), Some(&(4, 5)));
        assert_eq!(found.get("players[1].start_no"), Some(&(4, 18)));
        assert_eq!(found.get("players[1].rounds[1]"), Some(&(4, 38)));
        assert_eq!(found.get("players[0]"), None, "not wanted");
    }

    /// Every player absent from the round to pair (`"absent"`) is a round
    /// of byes only, refused as the same file written as TRF (`0000 - Z`
    /// for everyone) is; it was accepted here and refused when read again.
    #[test]
    fn everyone_absent_is_refused_as_its_written_form_is() {
        let doc = r#"{"players":[{"start_no":1,"name":"P","points":0,"rounds":[]}],"absent":[1]}"#;
        let e = read(doc, "a.json").map_err(|e| e.to_string());
        assert!(
            e.as_ref()
                .is_err_and(|e| e.contains("hold only byes and absences")),
            "{e:?}"
        );
    }
}
