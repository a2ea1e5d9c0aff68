//! Pairing one score-group (`Lim 2.3`-`2.5`, `3`, `4`, `5.2`).
//!
//! A score-group's members are its residents and the floaters transferred
//! into it. The procedure, step by step:
//!
//! 1. `Lim 2.3 a-c`: members without any compatible opponent among the
//!    members float on ([`Group::new`]).
//! 2. `Lim 2.3 d`: an odd group floats one more player, chosen by
//!    `Lim 3.9` (with `3.3`/`3.4`) and `3.2`, under `3.10`'s provisos; if
//!    the others then cannot all be paired, `Lim 4.4 a` exchanges him with
//!    the first player the scrutiny leaves without an opponent (`Lim 3.5`:
//!    or with one who has a compatible opponent in the adjacent group when
//!    that player has none), and the pairs made before are retained
//!    ([`Mode::Rules`], `group/floaters.rs`); if one floater cannot do, or an
//!    even group cannot be paired completely, `Lim 3.1`, `4.4` float as
//!    few as possible in scrutiny order ([`Mode::Scrutiny`]).
//! 3. `Lim 3.6`-`3.8`: the floaters coming in are paired first, each with
//!    the best-placed player due the alternate colour.
//! 4. `Lim 2.4`, `4.1`-`4.3`, `5.2`: the remaining residents, the top one
//!    first (the bottom one when pairing upwards), each with the first
//!    opponent of the exchange sequence who is compatible, preferring one
//!    due the other colour ([`exchange_sequence`]).
//!
//! Every choice takes the first candidate in the text's order that leaves
//! the rest of the group pairable, which is what the text's exchanges
//! (4.3: "must at the same time leave Player #1 with a compatible
//! opponent") amount to. A first pass makes the choices without asking
//! whether the rest stays pairable; when it completes, its choices are the
//! same. When it gets stuck, the longest prefix of its choices after which
//! the rest is still pairable is kept and the remaining choices are made
//! with swiss-matching's [`CardinalityMatcher`] answering "can the rest
//! still be paired?".

use std::cmp::Reverse;

use swiss_core::{Colour, Points};
use swiss_matching::CardinalityMatcher;

use crate::LimError;
use crate::compare::{Choice, GroupRecord};
use crate::player::Field;

mod floaters;

pub(crate) use floaters::{FloatKey, pairings};

/// A direction of pairing or of a float (`Lim 2.2`, `3.2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    /// From the top score-group down (and the median score-group).
    Down,
    /// From the bottom score-group up.
    Up,
}

/// A floater: the player and the direction he was transferred in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Floater {
    /// Engine id.
    pub id: usize,
    /// `Down`: from a higher score-group (DF); `Up`: from a lower (UF).
    pub dir: Dir,
}

/// One score-group to pair.
pub(crate) struct Task<'a> {
    /// The group's score.
    pub score: Points,
    /// The direction it is paired in.
    pub dir: Dir,
    /// Its own players.
    pub residents: Vec<usize>,
    /// The floaters transferred into it.
    pub incoming: Vec<Floater>,
    /// The residents of the next score-group in `dir` (`Lim 3.3`/`3.4`,
    /// `3.9`); empty for the median score-group.
    pub adjacent: &'a [usize],
    /// The median score-group: nobody may float out of it (`Lim 2.6`).
    pub median: bool,
}

/// The result of pairing a score-group.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// The pairs, in the order made, and the floaters transferred on.
    Paired {
        pairs: Vec<(usize, usize)>,
        out: Vec<Floater>,
    },
    /// The median score-group cannot be paired (`Lim 2.6`).
    Blocked { reason: String },
}

/// One choice of the procedure, in member (local) indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decision {
    Float(usize),
    Pair(usize, usize),
}

/// "Can the rest still be paired?" after a choice.
trait Oracle {
    /// May `x` float, the rest keeping as many pairings as possible?
    fn float(&mut self, x: usize) -> bool;
    /// May `p` meet `q`, the rest keeping as many pairings as possible?
    fn pair(&mut self, p: usize, q: usize) -> bool;
}

/// The first pass: never asks.
struct Trusting;

impl Oracle for Trusting {
    fn float(&mut self, _: usize) -> bool {
        true
    }
    fn pair(&mut self, _: usize, _: usize) -> bool {
        true
    }
}

/// The exact pass: a perfect matching of the remaining members plus one
/// dummy vertex (adjacent to every member) per floater still to choose.
struct Matching {
    m: CardinalityMatcher,
    /// Matcher vertex of each member (`usize::MAX`: not in the matcher).
    vertex: Vec<usize>,
    /// Matcher vertices of the dummies not used yet.
    dummies: Vec<usize>,
}

impl Oracle for Matching {
    fn float(&mut self, x: usize) -> bool {
        let Some(&d) = self.dummies.last() else {
            return false;
        };
        let ok = self.m.try_fix_pair(self.vertex[x], d);
        if ok {
            self.dummies.pop();
        }
        ok
    }
    fn pair(&mut self, p: usize, q: usize) -> bool {
        self.m.try_fix_pair(self.vertex[p], self.vertex[q])
    }
}

/// A score-group's members and what the procedure needs to know of them.
struct Group<'a> {
    field: &'a Field,
    task: &'a Task<'a>,
    /// Member (local index) to engine id: the residents first, in the
    /// direction's order (`Lim 2.4`, mirrored upwards), then the incoming
    /// floaters in the order they are paired (`Lim 3.6`, `3.7`).
    g: Vec<usize>,
    /// Number of residents.
    r: usize,
    /// `Lim 2.3 a-c`: members with no compatible opponent in the group.
    forced: Vec<usize>,
    /// The other members.
    m1: Vec<usize>,
    /// The adjacent score-group, in the order a floater from this group
    /// takes opponents there (`Lim 3.8`).
    adjacent: Vec<usize>,
}

/// The state of one pass over the procedure.
struct Run {
    used: Vec<bool>,
    mode: Mode,
    floats_left: usize,
    chosen: Vec<usize>,
    /// Unused residents, ascending (= the direction's order).
    s: Vec<usize>,
    decisions: Vec<Decision>,
    /// Members due white, black, nothing among the unused of `m1`.
    due_counts: [usize; 3],
    log: Option<Vec<String>>,
    /// The arbiter's record of each decision, one per decision (engine
    /// ids), when the field records decisions (`Field::recording`).
    choices: Option<Vec<Choice>>,
    /// `Lim 4.4 a`'s scrutiny up to the player who cannot be paired: the
    /// pass ends once every one of these players has an opponent.
    until: Option<Vec<usize>>,
}

fn due_slot(c: Option<Colour>) -> usize {
    match c {
        Some(Colour::White) => 0,
        Some(Colour::Black) => 1,
        None => 2,
    }
}

/// Pairs one score-group: see the module docs.
pub(crate) fn settle(field: &Field, task: &Task<'_>) -> Result<Outcome, LimError> {
    let grp = Group::new(field, task);
    if task.median && !grp.forced.is_empty() {
        return Ok(Outcome::Blocked {
            reason: format!(
                "no compatible opponent in the group for {}",
                grp.names(&grp.forced)
            ),
        });
    }
    let k0 = grp.m1.len() % 2;
    if task.median && k0 == 1 {
        return Err(LimError::Internal("odd median score-group".into()));
    }
    let explain = tracing::enabled!(target: "swiss_lim", tracing::Level::DEBUG);
    let mut first = grp.start(k0, Mode::Rules, explain);
    if grp.go(&mut first, &mut Trusting) {
        return Ok(grp.finish(first));
    }
    let nu = grp.max_pairs(&grp.m1);
    let k = grp.m1.len() - 2 * nu;
    if task.median && k > 0 {
        return Ok(Outcome::Blocked {
            reason: format!(
                "at most {nu} pairings among the {} players {}",
                grp.m1.len(),
                grp.names(&grp.m1)
            ),
        });
    }
    // Lim 2.3 d's floater stands if the others can all be paired; then the
    // first pass's choices stand as long as the rest stays pairable: keep
    // the longest such prefix (feasibility only shrinks along it). When
    // that floater leaves the others unpairable but another one would
    // not (k == k0), the floater is still chosen by Lim 3.9, 3.2, 3.10,
    // among those whose floating leaves the rest pairable (the oracle
    // of the second pass). Only when one floater cannot do (k > k0) does
    // Lim 4.4 float players by the scrutiny order.
    let (mode, t) = if k == k0 && grp.prefix_feasible(&first.decisions[..k0], k) {
        let (mut lo, mut hi) = (k0, first.decisions.len());
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if grp.prefix_feasible(&first.decisions[..mid], k) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        (Mode::Rules, lo)
    } else if k == k0 {
        (Mode::Rules, 0)
    } else {
        (Mode::Scrutiny, 0)
    };
    let mut second = grp.start(k, mode, explain);
    if let (Some(l), Some(done)) = (&mut second.log, &first.log) {
        l.extend(done.iter().take(t).cloned());
    }
    if let (Some(c), Some(done)) = (&mut second.choices, &first.choices) {
        c.extend(done.iter().take(t).cloned());
    }
    for &d in &first.decisions[..t] {
        grp.apply(&mut second, d);
    }
    let rest: Vec<usize> = grp
        .m1
        .iter()
        .copied()
        .filter(|&x| !second.used[x])
        .collect();
    let mut oracle = grp.matching(&rest, second.floats_left);
    if !oracle.m.is_perfect() || !grp.go(&mut second, &mut oracle) {
        return Err(LimError::Internal(format!(
            "score-group {} could not be completed",
            task.score
        )));
    }
    Ok(grp.finish(second))
}

/// How the floaters beyond `Lim 2.3 a-c` are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// `Lim 2.3 d`: the one floater making the group even, by `Lim 3.9`
    /// (with `3.3`/`3.4`), `3.2`, `3.10`; when he leaves the others
    /// unpairable, `Lim 4.4 a` exchanges him with the first player the
    /// scrutiny leaves without an opponent.
    Rules,
    /// `Lim 4.4`: the group cannot be paired completely: the players are
    /// scrutinised in pairing order and each one who cannot be paired
    /// while the players before him stay paired floats; this is choosing,
    /// from the end of the scrutiny order, each player whose floating
    /// leaves the others as many pairings as possible.
    Scrutiny,
}

impl<'a> Group<'a> {
    /// Orders the members and applies `Lim 2.3 a-c`.
    fn new(field: &'a Field, task: &'a Task<'a>) -> Group<'a> {
        let mut res = task.residents.clone();
        let mut adjacent = task.adjacent.to_vec();
        match task.dir {
            Dir::Down => {
                res.sort_by_key(|&i| field.p(i).id);
                adjacent.sort_by_key(|&i| field.p(i).id);
            }
            Dir::Up => {
                res.sort_by_key(|&i| Reverse(field.p(i).id));
                adjacent.sort_by_key(|&i| Reverse(field.p(i).id));
            }
        }
        let mut down: Vec<usize> = task
            .incoming
            .iter()
            .filter(|f| f.dir == Dir::Down)
            .map(|f| f.id)
            .collect();
        let mut up: Vec<usize> = task
            .incoming
            .iter()
            .filter(|f| f.dir == Dir::Up)
            .map(|f| f.id)
            .collect();
        // Lim 3.6: DF by highest score, then highest pairing number (the
        // lowest start number); Lim 3.7: UF by lowest score, then lowest
        // pairing number. 3.6.3 / 3.7.3: DF first in the median and above,
        // UF first below.
        down.sort_by_key(|&i| (Reverse(field.p(i).score), field.p(i).id));
        up.sort_by_key(|&i| (field.p(i).score, Reverse(field.p(i).id)));
        let r = res.len();
        let mut g = res;
        match task.dir {
            Dir::Down => g.extend(down.into_iter().chain(up)),
            Dir::Up => g.extend(up.into_iter().chain(down)),
        }
        let mut grp = Group {
            field,
            task,
            g,
            r,
            forced: Vec::new(),
            m1: Vec::new(),
            adjacent,
        };
        let m = grp.g.len();
        for x in 0..m {
            if (0..m).any(|y| grp.compatible(x, y)) {
                grp.m1.push(x);
            } else {
                grp.forced.push(x);
            }
        }
        grp
    }

    fn compatible(&self, x: usize, y: usize) -> bool {
        self.field.compatible(self.g[x], self.g[y])
    }

    fn incoming(&self, x: usize) -> bool {
        x >= self.r
    }

    fn names(&self, locals: &[usize]) -> String {
        let ids: Vec<String> = locals
            .iter()
            .map(|&x| self.field.p(self.g[x]).id.to_string())
            .collect();
        ids.join(" ")
    }

    /// A fresh pass that must choose `k` floaters.
    fn start(&self, k: usize, mode: Mode, explain: bool) -> Run {
        let mut used = vec![false; self.g.len()];
        let mut due_counts = [0; 3];
        for &x in &self.forced {
            used[x] = true;
        }
        for &x in &self.m1 {
            due_counts[due_slot(self.field.p(self.g[x]).due)] += 1;
        }
        Run {
            used,
            mode,
            floats_left: k,
            chosen: Vec::new(),
            s: self.m1.iter().copied().filter(|&x| x < self.r).collect(),
            decisions: Vec::new(),
            due_counts,
            // The arbiter's account reads the same lines as the trace.
            log: (explain || self.field.records_decisions()).then(Vec::new),
            choices: self.field.records_decisions().then(Vec::new),
            until: None,
        }
    }

    fn mark_used(&self, run: &mut Run, x: usize) {
        run.used[x] = true;
        run.due_counts[due_slot(self.field.p(self.g[x]).due)] -= 1;
        if let Ok(i) = run.s.binary_search(&x) {
            run.s.remove(i);
        }
    }

    fn apply(&self, run: &mut Run, d: Decision) {
        match d {
            Decision::Float(x) => {
                self.mark_used(run, x);
                run.floats_left -= 1;
                run.chosen.push(x);
            }
            Decision::Pair(p, q) => {
                self.mark_used(run, p);
                self.mark_used(run, q);
            }
        }
        run.decisions.push(d);
    }

    /// Runs the procedure to the end; `false` when a player is left
    /// without an acceptable opponent.
    fn go(&self, run: &mut Run, oracle: &mut dyn Oracle) -> bool {
        loop {
            if run
                .until
                .as_ref()
                .is_some_and(|must| must.iter().all(|&p| run.used[p]))
            {
                return true;
            }
            let d = if run.floats_left > 0 {
                match self.choose_floater(run, oracle) {
                    Some((x, retained)) => {
                        self.apply(run, Decision::Float(x));
                        self.retain(run, oracle, retained);
                        continue;
                    }
                    None => return false,
                }
            } else if let Some(f) = (self.r..self.g.len()).find(|&f| !run.used[f]) {
                let dir = self.floater_dir(f);
                // Lim 3.8: downward the highest numbered player (the top),
                // upward the lowest numbered (the bottom) — residents are
                // kept in the group's direction, so a floater moving the
                // other way reads them backwards.
                let residents: Vec<usize> = if dir == self.task.dir {
                    run.s.clone()
                } else {
                    run.s.iter().rev().copied().collect()
                };
                // Lim 3.8 among floaters: the highest numbered available
                // (downward) or the lowest numbered (upward), by pairing
                // number, not the floaters' pairing order.
                let mut others: Vec<usize> = (self.r..self.g.len())
                    .filter(|&y| y != f && !run.used[y])
                    .collect();
                match dir {
                    Dir::Down => others.sort_by_key(|&y| self.field.p(self.g[y]).id),
                    Dir::Up => others.sort_by_key(|&y| Reverse(self.field.p(self.g[y]).id)),
                }
                let counts = run.due_counts;
                // Interpretation 8: the floater is paired with a resident
                // (3.8's "player available" of the score-group); another
                // floater only when no resident can be taken, however
                // their colours due compare.
                let q = self
                    .choose_opponent(
                        counts,
                        &mut run.log,
                        f,
                        residents.iter().copied(),
                        oracle,
                        "Lim 3.8",
                    )
                    .or_else(|| {
                        self.choose_opponent(
                            counts,
                            &mut run.log,
                            f,
                            others.iter().copied(),
                            oracle,
                            "Lim 3.8 (no resident can be taken)",
                        )
                    });
                match q {
                    Some(q) => {
                        if run.choices.is_some() {
                            let (rule, cands) = if residents.contains(&q) {
                                ("3.8", &residents)
                            } else {
                                ("3.8 (no resident can be taken)", &others)
                            };
                            self.record_pair(run, f, q, rule, cands.iter().copied());
                        }
                        Decision::Pair(f, q)
                    }
                    None => return false,
                }
            } else if let Some(&p) = run.s.first() {
                let seq = exchange_sequence(&run.s);
                match self.choose_opponent(
                    run.due_counts,
                    &mut run.log,
                    p,
                    seq.clone(),
                    oracle,
                    "Lim 4.1",
                ) {
                    Some(q) => {
                        if run.choices.is_some() {
                            let seq: Vec<usize> = seq.collect();
                            self.record_pair(run, p, q, "4.1-4.3", seq.into_iter());
                        }
                        Decision::Pair(p, q)
                    }
                    None => return false,
                }
            } else {
                return true;
            };
            self.apply(run, d);
        }
    }

    /// `Lim 4.4 a`: the pairs made before the scrutiny of the player
    /// exchanged with the floater stay, in the order made, as far as the
    /// rest of the group can still be paired (interpretation 5).
    fn retain(&self, run: &mut Run, oracle: &mut dyn Oracle, retained: Vec<floaters::Retained>) {
        for r in retained {
            if run.used[r.p] || run.used[r.q] || !oracle.pair(r.p, r.q) {
                break;
            }
            if let (Some(log), Some(line)) = (&mut run.log, r.line) {
                log.push(line);
            }
            if let (Some(c), Some(choice)) = (&mut run.choices, r.choice) {
                c.push(choice);
            }
            self.apply(run, Decision::Pair(r.p, r.q));
        }
    }

    /// The arbiter's record of a pair: `p` took `q`, the first acceptable
    /// of `cands` by `Lim {rule}`; whether each candidate is compatible and
    /// due the other colour is what `Lim 5.2` asked of him.
    fn record_pair(
        &self,
        run: &mut Run,
        p: usize,
        q: usize,
        rule: &'static str,
        cands: impl Iterator<Item = usize>,
    ) {
        let f = self.field;
        let gp = self.g[p];
        let cands: Vec<(usize, bool)> = cands
            .filter(|&c| self.compatible(p, c))
            .map(|c| (self.g[c], f.colour_fine(gp, self.g[c])))
            .collect();
        if let Some(c) = &mut run.choices {
            c.push(Choice::Pair {
                p: gp,
                q: self.g[q],
                rule,
                cands,
            });
        }
    }

    /// The direction member `f` floated in (a resident: the group's).
    fn floater_dir(&self, f: usize) -> Dir {
        let id = self.g[f];
        self.task
            .incoming
            .iter()
            .find(|x| x.id == id)
            .map_or(self.task.dir, |x| x.dir)
    }

    /// `Lim 4.1`-`4.3`, `5.2`, `3.8`, `5.7`: the first candidate who is
    /// compatible and due the other colour (in Maxi-tournaments rated
    /// within 100 points of the first compatible candidate), else the first
    /// compatible candidate; each only if the rest stays pairable.
    fn choose_opponent(
        &self,
        due_counts: [usize; 3],
        log: &mut Option<Vec<String>>,
        p: usize,
        cands: impl Iterator<Item = usize> + Clone,
        oracle: &mut dyn Oracle,
        rule: &str,
    ) -> Option<usize> {
        let f = self.field;
        let gp = self.g[p];
        let all = cands.clone();
        let compatible = cands.filter(|&c| self.compatible(p, c));
        let q0 = compatible.clone().next()?;
        // Skip the colour pass when nobody left could give p his colour.
        let any_fine = match f.p(gp).due {
            None => true,
            Some(c) => due_counts[due_slot(Some(c.opposite()))] + due_counts[2] > 0,
        };
        let fine = compatible
            .clone()
            .filter(|&c| f.colour_fine(gp, self.g[c]) && f.maxi_allows(self.g[c], self.g[q0]));
        let chosen = any_fine
            .then(|| fine.clone().find(|&c| oracle.pair(p, c)))
            .flatten()
            .or_else(|| compatible.clone().find(|&c| oracle.pair(p, c)));
        if let (Some(log), Some(q)) = (log, chosen) {
            log.push(self.explain_choice(p, q, all, rule));
        }
        chosen
    }

    /// `--explain`: the pair made and why each candidate before the
    /// chosen one in the sequence was passed over.
    fn explain_choice(
        &self,
        p: usize,
        q: usize,
        cands: impl Iterator<Item = usize>,
        rule: &str,
    ) -> String {
        let f = self.field;
        let (gp, gq) = (self.g[p], self.g[q]);
        let fine = f.colour_fine(gp, gq);
        let cands: Vec<usize> = cands.collect();
        // The first compatible candidate: the one an exchange for colour is
        // measured against (Lim 5.7, Maxi-tournaments only).
        let q0 = cands.iter().copied().find(|&c| self.compatible(p, c));
        let mut skipped = Vec::new();
        for c in cands.into_iter().take_while(|&c| c != q) {
            let gc = self.g[c];
            let why = if f.have_met(gp, gc) {
                "have met or may not meet (Lim 2.1)".to_string()
            } else if !self.compatible(p, c) {
                format!(
                    "no colours without breaking Lim {} (Lim 2.1)",
                    f.edition.rule("5.1 a/b")
                )
            } else if fine && !f.colour_fine(gp, gc) {
                "due the same colour (Lim 5.2)".to_string()
            } else if fine && q0.is_some_and(|d| !f.maxi_allows(gc, self.g[d])) {
                "an exchange for colour not allowed (Lim 5.7)".to_string()
            } else {
                "the rest of the group could not be paired (Lim 4.3, 4.4)".to_string()
            };
            skipped.push(format!("{} {why}", f.p(gc).id));
        }
        format!(
            "{rule}: {} v {}{}{}",
            f.p(gp).id,
            f.p(gq).id,
            if fine { "" } else { " (same colour due)" },
            if skipped.is_empty() {
                String::new()
            } else {
                format!("; passed over: {}", skipped.join(", "))
            }
        )
    }
}

/// `Lim 2.4`, `4.1`-`4.3`: the opponents the top player of `s` tries, in
/// order: the proposed one (`n/2 + 1`), the rest of the bottom half
/// downwards, then the top half upwards (4.2's sequence 4, 5, 6, 3, 2).
/// `s` is in the direction's order, so upwards it mirrors itself (4.1 b).
fn exchange_sequence(s: &[usize]) -> impl Iterator<Item = usize> + Clone + '_ {
    let h = s.len() / 2;
    s[h.max(1)..]
        .iter()
        .chain(s[1..h.max(1)].iter().rev())
        .copied()
}

impl Group<'_> {
    /// The floaters out of the group: the forced ones and those chosen.
    fn finish(&self, run: Run) -> Outcome {
        let mut pairs = Vec::new();
        for d in &run.decisions {
            if let Decision::Pair(p, q) = *d {
                pairs.push((self.g[p], self.g[q]));
            }
        }
        let out: Vec<Floater> = self
            .forced
            .iter()
            .chain(&run.chosen)
            .map(|&x| Floater {
                id: self.g[x],
                dir: self.task.dir,
            })
            .collect();
        if let Some(log) = &run.log
            && tracing::enabled!(target: "swiss_lim", tracing::Level::DEBUG)
        {
            self.explain_group(log);
        }
        if let Some(choices) = run.choices {
            self.field.push_record(GroupRecord {
                score: self.task.score,
                down: self.task.dir == Dir::Down,
                median: self.task.median,
                members: self.g.clone(),
                residents: self.r,
                forced: self.forced.iter().map(|&x| self.g[x]).collect(),
                forced_why: self.forced.iter().map(|&x| self.forced_reason(x)).collect(),
                choices,
                log: run.log.unwrap_or_default(),
                out: out.iter().map(|f| f.id).collect(),
            });
        }
        Outcome::Paired { pairs, out }
    }

    fn explain_group(&self, log: &[String]) {
        let f = self.field;
        let incoming: Vec<String> = (self.r..self.g.len())
            .map(|x| {
                let kind = match self.floater_dir(x) {
                    Dir::Down => "DF",
                    Dir::Up => "UF",
                };
                format!("{} {kind} {}", f.p(self.g[x]).id, f.p(self.g[x]).score)
            })
            .collect();
        let forced: Vec<String> = self
            .forced
            .iter()
            .map(|&x| {
                let next = self.adjacent.iter().any(|&a| f.compatible(self.g[x], a));
                let class = match (self.incoming(x), next) {
                    (false, true) => "d",
                    (false, false) => "c",
                    (true, true) => "b",
                    (true, false) => "a",
                };
                format!(
                    "{} ({}; Lim {} type {class})",
                    f.p(self.g[x]).id,
                    self.forced_reason(x),
                    f.edition.rule("3.9")
                )
            })
            .collect();
        tracing::debug!(
            target: "swiss_lim",
            score = %self.task.score,
            direction = ?self.task.dir,
            median = self.task.median,
            residents = %self.names(&(0..self.r).collect::<Vec<_>>()),
            incoming = ?incoming,
            "Lim 2.2: pairing score-group"
        );
        if !forced.is_empty() {
            tracing::debug!(
                target: "swiss_lim",
                floaters = ?forced,
                "Lim {}: no compatible opponent in the group",
                f.edition.rule("2.3 a-c")
            );
        }
        for line in log {
            tracing::debug!(target: "swiss_lim", "{line}");
        }
    }

    /// Which of `Lim 2.3 a-c` makes member `x` float.
    fn forced_reason(&self, x: usize) -> String {
        let m = self.g.len();
        let rule = |id| self.field.edition.rule(id);
        if (0..m).all(|y| y == x || self.field.have_met(self.g[x], self.g[y])) {
            format!("Lim {}: has met every player of the group", rule("2.3 a"))
        } else if self.field.p(self.g[x]).colour_difference().abs() >= 2 {
            format!(
                "Lim {}: no opponent lets him have a permissible colour",
                rule("2.3 b")
            )
        } else {
            format!(
                "Lim {}: no opponent lets him have the alternate colour",
                rule("2.3 c")
            )
        }
    }
}

impl Group<'_> {
    /// A perfect matching of `rest` plus `dummies` vertices adjacent to
    /// every member of `rest`, as far as one exists.
    fn matching(&self, rest: &[usize], dummies: usize) -> Matching {
        let n = rest.len() + dummies;
        let mut m = CardinalityMatcher::new(n, |u, v| match (u < rest.len(), v < rest.len()) {
            (true, true) => self.compatible(rest[u], rest[v]),
            (false, false) => false,
            _ => true,
        });
        m.maximum_matching();
        let mut vertex = vec![usize::MAX; self.g.len()];
        for (v, &x) in rest.iter().enumerate() {
            vertex[x] = v;
        }
        Matching {
            m,
            vertex,
            dummies: (rest.len()..n).collect(),
        }
    }

    /// The most pairings among `rest`.
    fn max_pairs(&self, rest: &[usize]) -> usize {
        self.matching(rest, 0).m.matched_pairs()
    }

    /// Whether after `prefix` the rest can still be paired with the
    /// floaters still to choose out of `k`.
    fn prefix_feasible(&self, prefix: &[Decision], k: usize) -> bool {
        let mut used = vec![false; self.g.len()];
        let mut floats = 0;
        for d in prefix {
            match *d {
                Decision::Float(x) => {
                    used[x] = true;
                    floats += 1;
                }
                Decision::Pair(p, q) => {
                    used[p] = true;
                    used[q] = true;
                }
            }
        }
        let rest: Vec<usize> = self.m1.iter().copied().filter(|&x| !used[x]).collect();
        let Some(left) = k.checked_sub(floats) else {
            return false;
        };
        self.matching(&rest, left).m.is_perfect()
    }
}
