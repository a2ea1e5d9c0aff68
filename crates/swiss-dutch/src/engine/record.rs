//! The arbiter's view of a round (`swiss explain`, `swiss compare`): the
//! round loops report each bracket they pair through [`bracket`] (called
//! by `log_bracket`, beside the `--explain` trace). The recorder is part
//! of the call, not of the thread: `crate::pair_recorded` makes one and
//! hands it down the edition's round loop (`EditionRules::pair_round`),
//! which passes it to `log_bracket`. It keeps what was decided and, given
//! a proposal, judges the proposal's pairs in the first bracket where they
//! differ from the engine's with the engine's own packed weights
//! (`criteria/`, through [`EditionRules`]): one evaluation, no second
//! reading of the criteria. Without one (`pair_state`, the default),
//! nothing is kept and pairing is unchanged.

use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap, HashSet};

use swiss_core::{Pairing, Points, Separation, SeparationKind, StartNo};
use swiss_matching::{DenseMatching, Wide};

use super::bracket::{Bracket, Chosen};
use super::criteria::EditionRules;

/// What a recorded pairing run kept.
#[derive(Clone, Debug, Default)]
pub(crate) struct Recorder {
    /// Each player's opponent in the proposal, both ways.
    proposal: Option<BTreeMap<StartNo, StartNo>>,
    /// The brackets as finally paired, top-down.
    pub(crate) brackets: Vec<BracketRecord>,
    /// The first bracket (its index in `brackets`) where the proposal's
    /// pairs differ from the engine's, and the rule that separates them.
    pub(crate) separation: Option<(usize, Separation)>,
}

/// One bracket as the engine paired it.
#[derive(Clone, Debug)]
pub(crate) struct BracketRecord {
    /// The residents' score (tenths; the pairing score, acceleration included).
    pub(crate) score: i32,
    /// The MDPs (B.1.a), from the brackets above.
    pub(crate) mdps: Vec<StartNo>,
    /// The residents.
    pub(crate) residents: Vec<StartNo>,
    /// The players considered with the bracket: the next scoregroup (C.7,
    /// 2026 C8), or every player left when completion is a criterion.
    pub(crate) considered: Vec<StartNo>,
    /// 2017: the PPB or the CLB (A.9, C.4); 2026: every player left took
    /// part, for C4.
    pub(crate) completion: bool,
    /// How the pairs were chosen (B.4 or B.8; 2026: Art. 3.4 or 3.8).
    pub(crate) how: Chosen,
    /// The pairs, higher player first.
    pub(crate) pairs: Vec<(StartNo, StartNo)>,
    /// The players the bracket floats down (A.4.a).
    pub(crate) downfloaters: Vec<StartNo>,
    /// The quality criteria the chosen pairs do not fully meet (the
    /// `--explain` trace's report).
    pub(crate) unmet: String,
}

impl Recorder {
    /// A recorder with nothing kept yet, judging `proposal` when given.
    pub(crate) fn new(proposal: Option<&Pairing>) -> Recorder {
        Recorder {
            proposal: proposal.map(Pairing::opponents),
            ..Recorder::default()
        }
    }
}

/// Records in `recorder` bracket `b` paired as `pairs` with `floaters`
/// floating down, chosen `how`; with a proposal not yet separated, judges
/// it here.
pub(super) fn bracket<E: EditionRules>(
    recorder: &RefCell<Recorder>,
    b: &Bracket<'_, E>,
    pairs: &[(usize, usize)],
    floaters: &[usize],
    how: Chosen,
) {
    let start = |i: usize| b.player(i).start_no;
    let record = BracketRecord {
        score: b.player(b.mdps).score,
        mdps: (0..b.mdps).map(start).collect(),
        residents: (b.mdps..b.size).map(start).collect(),
        considered: (b.size..b.members.len()).map(start).collect(),
        completion: b.completion(),
        how,
        pairs: pairs
            .iter()
            .map(|&(x, y)| (start(x.min(y)), start(x.max(y))))
            .collect(),
        downfloaters: floaters.iter().map(|&i| b.field[i].start_no).collect(),
        unmet: E::unmet_criteria(b, pairs),
    };
    let players: HashSet<StartNo> = (0..b.size).map(start).collect();
    let mut rec = recorder.borrow_mut();
    // 2026 C8 may pair a bracket again: what was recorded from it on is
    // undone.
    if let Some(k) = rec.brackets.iter().position(|old| {
        old.pairs
            .iter()
            .any(|(x, y)| players.contains(x) || players.contains(y))
    }) {
        rec.brackets.truncate(k);
        if rec.separation.as_ref().is_some_and(|(i, _)| *i >= k) {
            rec.separation = None;
        }
    }
    if rec.separation.is_none()
        && let Some(proposal) = &rec.proposal
        && let Some(s) = separate(b, pairs, proposal)
    {
        rec.separation = Some((rec.brackets.len(), s));
    }
    rec.brackets.push(record);
}

/// The bracket's name for the arbiter.
fn unit<E: EditionRules>(b: &Bracket<'_, E>) -> String {
    let list = |r: std::ops::Range<usize>| {
        r.map(|i| b.player(i).start_no.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mdps = if b.mdps > 0 {
        format!("MDPs {}; ", list(0..b.mdps))
    } else {
        String::new()
    };
    format!(
        "the bracket of score {} ({mdps}residents {})",
        Points(b.player(b.mdps).score),
        list(b.mdps..b.size)
    )
}

/// The rule id of a field name (the edition's own: `C.5`, `C6`) or of a
/// 2017 id the shared machinery names (`B.3`), as the edition cites it
/// ([`Edition::cite`](crate::Edition::cite)).
fn rule<E: EditionRules>(name: &str) -> String {
    let id = name.split(' ').next().unwrap_or(name);
    E::EDITION.cite(id)
}

/// `pairs` as `a-b` in start numbers, higher player first.
fn pairs_text<E: EditionRules>(b: &Bracket<'_, E>, pairs: &[(usize, usize)]) -> String {
    let mut v: Vec<(StartNo, StartNo)> = pairs
        .iter()
        .map(|&(x, y)| (b.player(x.min(y)).start_no, b.player(x.max(y)).start_no))
        .collect();
    v.sort_unstable();
    let s: Vec<String> = v.iter().map(|(x, y)| format!("{x}-{y}")).collect();
    if s.is_empty() {
        "no pairs".into()
    } else {
        s.join(" ")
    }
}

/// The rule that prefers the engine's `pairs` of `b` to the proposal's,
/// `None` when the proposal pairs the bracket's players alike.
fn separate<E: EditionRules>(
    b: &Bracket<'_, E>,
    pairs: &[(usize, usize)],
    proposal: &BTreeMap<StartNo, StartNo>,
) -> Option<Separation> {
    let size = b.size;
    let position: HashMap<StartNo, usize> = (0..size).map(|i| (b.player(i).start_no, i)).collect();
    let mut proposed = Vec::new();
    for i in 0..size {
        if let Some(j) = proposal
            .get(&b.player(i).start_no)
            .and_then(|o| position.get(o))
            .filter(|&&j| i < j)
        {
            proposed.push((i, *j));
        }
    }
    let key = |v: &[(usize, usize)]| {
        let mut k: Vec<(usize, usize)> = v.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
        k.sort_unstable();
        k
    };
    if key(&proposed) == key(pairs) {
        return None;
    }
    let not_candidate = |rule: String, measure: String| Separation {
        kind: SeparationKind::NotCandidate,
        unit: unit(b),
        rule,
        measure,
        engine: pairs_text(b, pairs),
        proposed: pairs_text(b, &proposed),
    };
    for &(i, j) in &proposed {
        let (x, y) = (b.player(i).start_no, b.player(j).start_no);
        if j < b.mdps {
            return Some(not_candidate(
                rule::<E>("B.3"),
                format!(
                    "the proposal pairs two MDPs, {x} and {y}, with each other; the engine pairs MDPs only with residents"
                ),
            ));
        }
        if !b.absolute.allow(b.members[i], b.members[j]) {
            return Some(not_candidate(
                rule::<E>("C.1-C.3"),
                format!("{x} and {y} may not be paired"),
            ));
        }
    }
    Some(dispatch(b, pairs, &proposed))
}

macro_rules! by_width {
    ($words:expr, $b:expr, $e:expr, $p:expr, $($n:literal)*) => {
        match $words {
            $(w if w <= $n => judge::<$n, E>($b, $e, $p),)*
            _ => judge::<64, E>($b, $e, $p),
        }
    };
}

fn dispatch<E: EditionRules>(
    b: &Bracket<'_, E>,
    engine: &[(usize, usize)],
    proposed: &[(usize, usize)],
) -> Separation {
    by_width!(b.weight_words(), b, engine, proposed, 1 2 3 4 5 6 7 8 9 10 12 16 20 24 32 48 64)
}

/// The weight of positions `i`, `j` as the bracket's matching sees it:
/// zero between two MDPs (never paired with each other) and where C.1-C.3
/// forbid the pair.
fn weight<const N: usize, E: EditionRules>(b: &Bracket<'_, E>, i: usize, j: usize) -> Wide<N> {
    let (x, y) = (i.min(j), i.max(j));
    if y < b.mdps {
        Wide::ZERO
    } else {
        b.edge_weight(x, y)
    }
}

/// The value of `fixed` as the bracket's candidate: its pairs' weights and
/// the best the other players of the matching can add (the next
/// scoregroup's pairs and, with completion, every player left), the
/// bracket players `fixed` leaves unpaired floating down.
fn value<const N: usize, E: EditionRules>(b: &Bracket<'_, E>, fixed: &[(usize, usize)]) -> Wide<N> {
    let len = b.members.len();
    let mut taken = vec![false; len];
    let mut total = Wide::<N>::ZERO;
    for &(i, j) in fixed {
        taken[i] = true;
        taken[j] = true;
        total = total.add(weight(b, i, j));
    }
    let rest: Vec<usize> = (0..len).filter(|&i| !taken[i]).collect();
    if rest.len() < 2 {
        return total;
    }
    let w = |x: usize, y: usize| {
        let (i, j) = (rest[x], rest[y]);
        if i < b.size && j < b.size {
            Wide::ZERO
        } else {
            weight::<N, E>(b, i, j)
        }
    };
    let mut m = DenseMatching::<Wide<N>>::new(rest.len());
    m.set_all_weights(w);
    m.solve();
    for x in 0..rest.len() {
        if let Some(y) = m.mate(x).filter(|&y| x < y) {
            total = total.add(w(x, y));
        }
    }
    total
}

/// A field's value: negative for the fields the weights subtract (2017
/// C.13, C.15, C.17, C.19), with its magnitude as little-endian limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct FieldValue {
    negative: bool,
    magnitude: Vec<u64>,
}

impl FieldValue {
    fn cmp(&self, o: &FieldValue) -> Ordering {
        match (self.negative, o.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => cmp_big(&self.magnitude, &o.magnitude),
            (true, true) => cmp_big(&o.magnitude, &self.magnitude),
        }
    }
}

fn trim(mut v: Vec<u64>) -> Vec<u64> {
    while v.last() == Some(&0) {
        v.pop();
    }
    v
}

fn cmp_big(a: &[u64], b: &[u64]) -> Ordering {
    let (a, b) = (trim(a.to_vec()), trim(b.to_vec()));
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

/// `v >> s`.
fn shr(v: &[u64], s: u32) -> Vec<u64> {
    let (k, r) = ((s / 64) as usize, s % 64);
    let mut out = Vec::new();
    for i in k..v.len() {
        let lo = v[i] >> r;
        let hi = if r > 0 {
            v.get(i + 1).map_or(0, |&x| x << (64 - r))
        } else {
            0
        };
        out.push(lo | hi);
    }
    trim(out)
}

/// The low `w` bits of `v`.
fn low(v: &[u64], w: u32) -> Vec<u64> {
    let mut out: Vec<u64> = v.iter().take(w.div_ceil(64) as usize).copied().collect();
    if !w.is_multiple_of(64)
        && let Some(last) = out.get_mut((w / 64) as usize)
    {
        *last &= (1u64 << (w % 64)) - 1;
    }
    trim(out)
}

/// `2^w - v` for `0 < v < 2^w`.
fn complement(v: &[u64], w: u32) -> Vec<u64> {
    let limbs = w.div_ceil(64) as usize + 1;
    let mut out = vec![0u64; limbs];
    out[(w / 64) as usize] = 1u64 << (w % 64);
    let mut borrow = 0u64;
    for (i, o) in out.iter_mut().enumerate() {
        let x = v.get(i).copied().unwrap_or(0);
        let (d, b1) = o.overflowing_sub(x);
        let (d, b2) = d.overflowing_sub(borrow);
        *o = d;
        borrow = u64::from(b1 || b2);
    }
    trim(out)
}

/// `v + 1`.
fn increment(v: &[u64]) -> Vec<u64> {
    let mut out = v.to_vec();
    for x in &mut out {
        let (s, c) = x.overflowing_add(1);
        *x = s;
        if !c {
            return out;
        }
    }
    out.push(1);
    out
}

/// The fields of `b`'s weights, most significant first.
fn fields<E: EditionRules>(b: &Bracket<'_, E>) -> Vec<(&'static str, u32)> {
    let mut f = E::fields(b);
    f.sort_by_key(|&(_, at)| std::cmp::Reverse(at));
    f
}

/// Reads the packed `total` back into one value per field (most
/// significant first), the lowest field first so that a subtracted
/// field's borrow is taken back from the field above.
fn unpack<const N: usize, E: EditionRules>(b: &Bracket<'_, E>, total: Wide<N>) -> Vec<FieldValue> {
    let f = fields(b);
    let Some(&(_, lowest)) = f.last() else {
        return Vec::new();
    };
    let mut rest = shr(&total.limbs(), lowest);
    let mut out = vec![
        FieldValue {
            negative: false,
            magnitude: Vec::new()
        };
        f.len()
    ];
    for k in (0..f.len()).rev() {
        let (name, at) = f[k];
        if k == 0 {
            out[k].magnitude = rest.clone();
            break;
        }
        let width = f[k - 1].1 - at;
        let raw = low(&rest, width);
        rest = shr(&rest, width);
        if E::subtracted(name) && !raw.is_empty() {
            out[k] = FieldValue {
                negative: true,
                magnitude: complement(&raw, width),
            };
            rest = increment(&rest);
        } else {
            out[k].magnitude = raw;
        }
    }
    out
}

/// What a field measures, for the arbiter; more is better, as the
/// matching maximises every field.
fn measure(name: &str) -> &'static str {
    match name {
        "C.4" | "C4" => {
            "players paired in the rest of the round (those who may not get the bye counted twice): more is better"
        }
        "C.5" | "C6" => "pairs in the bracket: more is better",
        "C.6" => {
            "the bracket's PSD (A.8: the score differences of its pairs and downfloaters, largest first): the lexicographically smaller is better"
        }
        "C.7 pairs" => "pairs the next bracket can make: more is better",
        "C.7 PSD" => {
            "the score differences (A.8) of the bracket's players that neither it nor the next bracket pairs, largest first: the lexicographically smaller is better"
        }
        "C.8" | "C10" => {
            "pairs keeping a topscorer (or his opponent) within a colour difference of 2: more is better"
        }
        "C.9" | "C11" => {
            "pairs not giving a topscorer (or his opponent) the same colour three times in a row: more is better"
        }
        "C.10" | "C12" => "pairs granting both colour preferences: more is better",
        "C.11" | "C13" => "pairs granting both strong colour preferences: more is better",
        "C.12" | "C14" => {
            "players who floated down last round and are paired in the bracket, not floated again: more is better"
        }
        "C.13" => "MDPs whose opponent floated up last round too: fewer is better",
        "C15" => "pairs whose lower player does not float up again (last round): more is better",
        "C.14" | "C16" => {
            "players who floated down two rounds ago and are paired in the bracket: more is better"
        }
        "C.15" => "MDPs whose opponent floated up two rounds ago too: fewer is better",
        "C17" => {
            "pairs whose lower player does not float up again (two rounds ago): more is better"
        }
        "C.16" | "C.18" => {
            "the score differences (A.8) of the players floating down as they did then, largest first: the lexicographically smaller is better"
        }
        "C.17" | "C.19" => {
            "the score differences of the players floating up as they did then, largest first: the lexicographically smaller is better"
        }
        "C7" => {
            "the scores of the pairs' higher players (kept from floating down), highest first: higher is better"
        }
        "C8 pairs" => "pairs the next bracket can make: more is better",
        "C8 scores" => "the scores of the next bracket's pairs, highest first: higher is better",
        "C9" => {
            "ranks by games played of the players paired at the PAB's score: more leaves the PAB to the player with the fewest unplayed rounds"
        }
        "C18" => {
            "the scores of last round's downfloaters paired in the bracket, highest first: higher is better"
        }
        "C19" => {
            "the scores of MDPs whose opponent does not float up again (last round), highest first: higher is better"
        }
        "C20" => {
            "the scores of the downfloaters of two rounds ago paired in the bracket, highest first: higher is better"
        }
        "C21" => {
            "the scores of MDPs whose opponent does not float up again (two rounds ago), highest first: higher is better"
        }
        _ => "the engine's packed value",
    }
}

/// A field's value for the arbiter: a count, or the scores counted.
fn show<E: EditionRules>(b: &Bracket<'_, E>, name: &str, v: &FieldValue) -> String {
    let magnitude = |m: &[u64]| -> String {
        match m {
            [] => "0".into(),
            [x] => x.to_string(),
            [x, y] => (u128::from(*y) << 64 | u128::from(*x)).to_string(),
            _ => format!("{} bits", 64 * m.len()),
        }
    };
    if v.negative {
        return magnitude(&v.magnitude);
    }
    // A field counting scores: one counter per score, highest first.
    let Some(levels) = b.rules.score_levels(name) else {
        return magnitude(&v.magnitude);
    };
    let field_bits = levels.field_bits;
    let levels = levels.levels();
    let mut parts = Vec::new();
    for (k, &(score, at)) in levels.iter().enumerate().rev() {
        let end = levels.get(k + 1).map_or(field_bits, |&(_, e)| e);
        let count = low(&shr(&v.magnitude, at), end - at);
        let count = count.first().copied().unwrap_or(0);
        if count > 0 {
            parts.push(format!("{}×{count}", Points(score)));
        }
    }
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(" ")
    }
}

/// Judges the proposal's pairs of `b` against the engine's with weights
/// `N` words wide: the first field, most significant first, where they
/// differ; when none does, the candidate order (B.6/B.7, D.1-D.3; 2026:
/// Art. 3.6/3.7, 4.2-4.4).
fn judge<const N: usize, E: EditionRules>(
    b: &Bracket<'_, E>,
    engine: &[(usize, usize)],
    proposed: &[(usize, usize)],
) -> Separation {
    let e = unpack(b, value::<N, E>(b, engine));
    let p = unpack(b, value::<N, E>(b, proposed));
    for ((name, _), (ev, pv)) in fields(b).into_iter().zip(e.iter().zip(&p)) {
        let ord = ev.cmp(pv);
        if ord == Ordering::Equal {
            continue;
        }
        let mut m = measure(name).to_string();
        if ord == Ordering::Less {
            m.push_str(
                " (the proposal scores better here, which the engine's choice should exclude: please report the file)",
            );
        }
        return Separation {
            kind: SeparationKind::Criterion,
            unit: unit(b),
            rule: rule::<E>(name),
            measure: m,
            engine: E::field_in_words(b, name, engine).unwrap_or_else(|| show(b, name, ev)),
            proposed: E::field_in_words(b, name, proposed).unwrap_or_else(|| show(b, name, pv)),
        };
    }
    Separation {
        kind: SeparationKind::Order,
        unit: unit(b),
        rule: format!(
            "{} ({})",
            rule::<E>("B.6-B.8"),
            E::EDITION.rule("D.1-D.3")
        ),
        measure: "no quality criterion separates them; the order in which candidates are generated takes the engine's first".into(),
        engine: pairs_text(b, engine),
        proposed: pairs_text(b, proposed),
    }
}
