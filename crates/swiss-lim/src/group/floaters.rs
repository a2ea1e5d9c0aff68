//! Who floats out of a score-group beyond `Lim 2.3 a-c`: the floater
//! making an odd group even (`Lim 2.3 d`) by `Lim 3.9` (with `3.3`/`3.4`),
//! `3.2` and `3.10`; `Lim 4.4 a`'s exchange when he leaves the others
//! unpairable, with `Lim 3.5` and the pairs `4.4 a` retains; and the
//! scrutiny of `Lim 4.4` when one floater cannot do.

use swiss_core::Colour;
use swiss_matching::CardinalityMatcher;

use super::{Decision, Dir, Group, Mode, Oracle, Run};
use crate::compare::{Choice, FloatHow};

/// What makes a member a better choice as floater: smaller is floated
/// first (`Lim 3.9`, then `3.2`). `Lim 3.10` is not an order: it replaces
/// the first of this order under its provisos ([`Group::rule_3_10`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct FloatKey {
    /// `Lim 3.9`: 0 = type d (a resident with a compatible opponent in the
    /// adjacent score-group), 1 = c (a resident without), 2 = b (a floater
    /// already transferred here, with one), 3 = a (without).
    pub class: u8,
    /// `Lim 3.2` (making the group even): floating him does not equalise
    /// the numbers of players due white and due black.
    pub not_equalising: bool,
    /// `Lim 3.2`: downward the lowest numbered player floats (the highest
    /// start number), upward the highest numbered. Unique per member, so
    /// the fields after it do not order.
    pub place: (i64, i64),
    /// `Lim 3.10` (making the group even): he floated in the round before.
    pub floated_before: bool,
}

impl FloatKey {
    /// `Lim 3.9`'s letter for the type.
    pub(crate) fn type_letter(self) -> &'static str {
        ["d", "c", "b", "a"][usize::from(self.class.min(3))]
    }

    /// Whether he has a compatible opponent in the adjacent score-group
    /// (types d and b).
    pub(crate) fn has_opponent(self) -> bool {
        matches!(self.class, 0 | 2)
    }
}

/// `n` pairings, in words.
pub(crate) fn pairings(n: usize) -> String {
    if n == 1 {
        "1 pairing".to_string()
    } else {
        format!("{n} pairings")
    }
}

/// One pair `Lim 4.4 a` retains, with its trace line and record.
pub(super) struct Retained {
    pub p: usize,
    pub q: usize,
    pub line: Option<String>,
    pub choice: Option<Choice>,
}

/// "Can the players scrutinised before the one who cannot be paired all
/// keep an opponent?" after a choice (`Lim 4.3`, `4.4`): a perfect matching
/// of the pool plus dummies that stand for the other players' freedom to
/// stay unpaired.
struct Covering {
    m: CardinalityMatcher,
    vertex: Vec<usize>,
}

impl Oracle for Covering {
    fn float(&mut self, _: usize) -> bool {
        false
    }
    fn pair(&mut self, p: usize, q: usize) -> bool {
        self.m.try_fix_pair(self.vertex[p], self.vertex[q])
    }
}

impl Group<'_> {
    /// The next floater: by [`Mode::Rules`] (`Lim 2.3 d`) the first by
    /// [`FloatKey`] (`Lim 3.9`, `3.2`), unless `Lim 3.10` replaces him. If
    /// his floating leaves the rest of the group unpairable, `Lim 4.4 a`
    /// exchanges him with the first player the scrutiny leaves without an
    /// opponent (or, by `Lim 3.5`, with a player who has a compatible
    /// opponent in the adjacent score-group when that one has none), and
    /// the pairs made before that player's scrutiny are returned to be
    /// retained; failing that, the next by [`FloatKey`] whose floating
    /// does not. By [`Mode::Scrutiny`] (`Lim 4.4`, more floaters than one
    /// needed) the last in scrutiny order whose floating leaves the others
    /// as many pairings as possible.
    pub(super) fn choose_floater(
        &self,
        run: &mut Run,
        oracle: &mut dyn Oracle,
    ) -> Option<(usize, Vec<Retained>)> {
        match run.mode {
            Mode::Rules => self.rules_floater(run, oracle),
            Mode::Scrutiny => {
                // Scrutiny order: incoming floaters (paired first), then
                // the residents in the direction's order.
                let order = (self.r..self.g.len()).chain(0..self.r);
                let x = order
                    .rev()
                    .filter(|&x| !run.used[x])
                    .find(|&x| oracle.float(x))?;
                if let Some(log) = &mut run.log {
                    log.push(format!(
                        "Lim 4.4: {} floats: he cannot be paired while the players scrutinised before him stay paired",
                        self.field.p(self.g[x]).id
                    ));
                }
                if let Some(c) = &mut run.choices {
                    c.push(Choice::Float {
                        x: self.g[x],
                        keys: None,
                        how: FloatHow::Scrutiny,
                    });
                }
                Some((x, Vec::new()))
            }
        }
    }

    /// [`Mode::Rules`] of [`Self::choose_floater`].
    fn rules_floater(
        &self,
        run: &mut Run,
        oracle: &mut dyn Oracle,
    ) -> Option<(usize, Vec<Retained>)> {
        let keys = self.floater_keys(run);
        let (x0, how0) = self.rule_3_10(run, &keys)?;
        let record = |run: &mut Run, x: usize, how: FloatHow| {
            if let Some(c) = &mut run.choices {
                c.push(Choice::Float {
                    x: self.g[x],
                    keys: Some(keys.iter().map(|&(k, y)| (k, self.g[y])).collect()),
                    how,
                });
            }
        };
        if oracle.float(x0) {
            if let Some(log) = &mut run.log {
                log.push(self.explain_floater(x0, &keys, &how0));
            }
            record(run, x0, how0);
            return Some((x0, Vec::new()));
        }
        let key_of = |y: usize| keys.iter().find(|&&(_, z)| z == y).map(|&(k, _)| k);
        let rule = |id| self.field.edition.rule(id);
        let id = |x: usize| self.field.p(self.g[x]).id;
        // Lim 4.4 a: x0 leaves the others unpairable: the first player
        // the scrutiny finds without an opponent (those before him staying
        // paired) is exchanged with him.
        if let Some((p, kept)) = self
            .first_unpairable_without(run, x0)
            .filter(|&(p, _)| self.rest_pairable_without(run, p))
        {
            // Lim 3.5: without a compatible opponent in the adjacent
            // score-group he is, if possible, exchanged for a player of the
            // group who has one (of a better Lim 3.9 type).
            let kp = key_of(p)?;
            let swap = if kp.has_opponent() {
                None
            } else {
                keys.iter()
                    .filter(|&&(k, y)| y != p && k.has_opponent() && k.class < kp.class)
                    .map(|&(_, y)| y)
                    .find(|&y| oracle.float(y))
            };
            let chosen = match swap {
                Some(y) => Some((
                    y,
                    FloatHow::Exchanged35 {
                        unpaired: self.g[p],
                    },
                )),
                None => oracle.float(p).then_some((p, FloatHow::Exchanged)),
            };
            if let Some((x, how)) = chosen {
                if let Some(log) = &mut run.log {
                    let why = match how {
                        FloatHow::Exchanged35 { .. } => format!(
                            "the first player the scrutiny leaves without an opponent, {}, has no compatible opponent in the adjacent score-group and is exchanged for {} (Lim 3.5)",
                            id(p),
                            id(x)
                        ),
                        _ => "the first player the scrutiny leaves without an opponent is exchanged with him (Lim 4.4 a)".to_string(),
                    };
                    log.push(format!(
                        "Lim {}: floater {} instead of {}, whose floating would leave the rest of the group unpairable: {why}",
                        rule("2.3 d"),
                        id(x),
                        id(x0),
                    ));
                }
                record(run, x, how);
                return Some((x, self.retained_pairs(run, x0, &kept)));
            }
        }
        // Otherwise the rules' next choice whose floating leaves the rest
        // pairable (interpretation 5).
        let x = keys.iter().map(|&(_, y)| y).find(|&y| oracle.float(y))?;
        if let Some(log) = &mut run.log {
            log.push(format!(
                "Lim {}: floater {} instead of {}, whose floating would leave the rest of the group unpairable: the rules' next choice (Lim 3.9, 3.2)",
                rule("2.3 d"),
                id(x),
                id(x0),
            ));
        }
        record(run, x, FloatHow::Next);
        Some((x, Vec::new()))
    }

    /// `Lim 3.10`: the first of `keys` (by `Lim 3.9`, `3.2`), unless he
    /// floated in the round just before; then the next of type d who did
    /// not, provided floating him leaves the score-group as many pairings
    /// (counted before any `Lim 4.4 a` exchange): the provisos "no other
    /// floater of type a, b or c" and "the number of pairings does not
    /// decrease".
    fn rule_3_10(&self, run: &Run, keys: &[(FloatKey, usize)]) -> Option<(usize, FloatHow)> {
        let &(k0, x0) = keys.first()?;
        if !k0.floated_before || k0.class != 0 {
            return Some((x0, FloatHow::First));
        }
        // Only a type d player can replace a type d floater; keys are by
        // type first.
        let others = keys[1..]
            .iter()
            .take_while(|(k, _)| k.class == 0)
            .filter(|(k, _)| !k.floated_before)
            .map(|&(_, y)| y);
        let rest: Vec<usize> = self.m1.iter().copied().filter(|&y| !run.used[y]).collect();
        let without =
            |x: usize| -> Vec<usize> { rest.iter().copied().filter(|&y| y != x).collect() };
        let base = self.max_pairs(&without(x0));
        let most = self.max_pairs(&rest);
        // Floating y leaves `most` pairings iff some maximum pairing of the
        // group leaves y out: y can be matched to a dummy (a fix that
        // stands only for the answer, the first y accepted); else one
        // fewer.
        let mut m = self.matching(&rest, rest.len() - 2 * most);
        let dummy = m.dummies.first().copied();
        let mut tried = Vec::new();
        let replacement = others.clone().find(|&y| {
            let n = if dummy.is_some_and(|d| m.m.try_fix_pair(m.vertex[y], d)) {
                most
            } else {
                most - 1
            };
            tried.push((self.g[y], n));
            n >= base
        });
        let how = |replaced| {
            let tried = tried.clone();
            if replaced {
                FloatHow::Replaced310 {
                    protected: self.g[x0],
                    base,
                    tried,
                }
            } else {
                FloatHow::Kept310 { base, tried }
            }
        };
        Some(match replacement {
            Some(y) => (y, how(true)),
            None => (x0, how(false)),
        })
    }

    /// `Lim 4.4 a`: with `x0` out of the group, the first player in
    /// scrutiny order (incoming floaters, then residents) who cannot be
    /// paired while every player scrutinised before him stays paired, and
    /// those players.
    fn first_unpairable_without(&self, run: &Run, x0: usize) -> Option<(usize, Vec<usize>)> {
        let pool = self.pool_without(run, x0);
        let order = (self.r..self.g.len())
            .chain(0..self.r)
            .filter(|y| pool.contains(y));
        let mut kept: Vec<usize> = Vec::new();
        for p in order {
            kept.push(p);
            if !self.covering(&pool, &kept).m.is_perfect() {
                kept.pop();
                return Some((p, kept));
            }
        }
        None
    }

    /// Whether, with `x` floated, the other unused members of `m1` can be
    /// paired with the floaters still to choose (asked without committing
    /// the oracle to `x`).
    fn rest_pairable_without(&self, run: &Run, x: usize) -> bool {
        run.floats_left > 0
            && self
                .matching(&self.pool_without(run, x), run.floats_left - 1)
                .m
                .is_perfect()
    }

    /// The unused members of `m1` but `x0`.
    fn pool_without(&self, run: &Run, x0: usize) -> Vec<usize> {
        self.m1
            .iter()
            .copied()
            .filter(|&y| y != x0 && !run.used[y])
            .collect()
    }

    /// `Lim 4.4 a` ("the original pairing ... is retained"): the pairs
    /// made, with `x0` out, for the players of `kept` (those scrutinised
    /// before the one who cannot be paired), each by the procedure's own
    /// choice (`Lim 3.8`, `4.1`-`4.3`, `5.2`) among the choices that leave
    /// the rest of `kept` an opponent.
    fn retained_pairs(&self, run: &Run, x0: usize, kept: &[usize]) -> Vec<Retained> {
        if kept.is_empty() {
            return Vec::new();
        }
        let pool = self.pool_without(run, x0);
        let mut oracle = self.covering(&pool, kept);
        let mut sub = Run {
            used: run.used.clone(),
            mode: run.mode,
            floats_left: 0,
            chosen: Vec::new(),
            s: run.s.clone(),
            decisions: Vec::new(),
            due_counts: run.due_counts,
            log: run.log.as_ref().map(|_| Vec::new()),
            choices: run.choices.as_ref().map(|_| Vec::new()),
            until: Some(kept.to_vec()),
        };
        // x0 and the player who cannot be paired are in the group during
        // that scrutiny; x0 was floated.
        self.mark_used(&mut sub, x0);
        if !oracle.m.is_perfect() || !self.go(&mut sub, &mut oracle) {
            // Cannot happen: `kept` can be covered. Retain nothing.
            return Vec::new();
        }
        let mut lines = sub.log.unwrap_or_default().into_iter();
        let mut choices = sub.choices.unwrap_or_default().into_iter();
        sub.decisions
            .iter()
            .filter_map(|&d| match d {
                Decision::Pair(p, q) => Some((p, q)),
                Decision::Float(_) => None,
            })
            .map(|(p, q)| Retained {
                p,
                q,
                line: lines.next().map(|l| {
                    format!(
                        "Lim {}, the original pairing retained: {l}",
                        self.field.edition.rule("4.4 a")
                    )
                }),
                choice: choices.next(),
            })
            .collect()
    }

    /// Whether some pairing of members of `pool` pairs every member of
    /// `must`: a perfect matching of `pool` plus an even number of dummies
    /// that are adjacent to each other and to the members not in `must`
    /// (those may stay unpaired).
    fn covering(&self, pool: &[usize], must: &[usize]) -> Covering {
        let optional = pool.len() - must.len();
        let dummies = optional + optional % 2;
        let n = pool.len();
        let free = |v: usize| !must.contains(&pool[v]);
        let mut m = CardinalityMatcher::new(n + dummies, |u, v| match (u < n, v < n) {
            (true, true) => self.compatible(pool[u], pool[v]),
            (false, false) => true,
            (true, false) => free(u),
            (false, true) => free(v),
        });
        m.maximum_matching();
        let mut vertex = vec![usize::MAX; self.g.len()];
        for (v, &x) in pool.iter().enumerate() {
            vertex[x] = v;
        }
        Covering { m, vertex }
    }

    /// The trace line of the floater chosen by the rules, with what
    /// `Lim 3.10` did.
    fn explain_floater(&self, x: usize, keys: &[(FloatKey, usize)], how: &FloatHow) -> String {
        let rule = |id| self.field.edition.rule(id);
        let Some(&(key, _)) = keys.iter().find(|&&(_, y)| y == x) else {
            return String::new();
        };
        let id = |y: usize| self.field.p(y).id;
        let rule_3_10 = match how {
            FloatHow::Replaced310 {
                protected,
                base,
                tried,
            } => format!(
                ", instead of {}, who floated in the round before (Lim {}: {} is of type d and floating him leaves {}, floating {} would leave {base})",
                id(*protected),
                rule("3.10"),
                id(self.g[x]),
                pairings(tried.last().map_or(*base, |&(_, n)| n)),
                id(*protected)
            ),
            FloatHow::Kept310 { base, tried } => {
                let others: Vec<String> = tried
                    .iter()
                    .map(|&(y, n)| format!("{} would leave {n}", id(y)))
                    .collect();
                format!(
                    ", floated in the round before, but no player of type d who did not can float instead without fewer pairings (Lim {}: floating him leaves {}{})",
                    rule("3.10"),
                    pairings(*base),
                    if others.is_empty() {
                        String::new()
                    } else {
                        format!("; {}", others.join(", "))
                    }
                )
            }
            _ => String::new(),
        };
        format!(
            "Lim {}: floater {} (Lim {} type {}{}{rule_3_10})",
            rule("2.3 d"),
            self.field.p(self.g[x]).id,
            rule("3.9"),
            key.type_letter(),
            if key.not_equalising {
                String::new()
            } else {
                format!(", equalises the colours due (Lim {})", rule("3.2"))
            },
        )
    }

    /// The rank of a floater out of this group among the floaters arriving
    /// in the adjacent score-group (`Lim 3.6`/`3.7`): smaller is paired first.
    fn out_rank(&self, x: usize) -> (i64, i64) {
        let p = self.field.p(self.g[x]);
        let (s, id) = (i64::from(p.score.tenths()), i64::from(p.id));
        match self.task.dir {
            Dir::Down => (-s, id),
            Dir::Up => (s, -id),
        }
    }

    /// The unused members of `m1` with their [`FloatKey`], best first.
    pub(super) fn floater_keys(&self, run: &Run) -> Vec<(FloatKey, usize)> {
        let f = self.field;
        let odd = self.m1.len() % 2 == 1;
        // Lim 3.3/3.4: the other floaters into the adjacent group, in the
        // order they will be paired there, and the opponent each takes.
        let mut others: Vec<usize> = self.forced.iter().chain(&run.chosen).copied().collect();
        others.sort_by_key(|&x| self.out_rank(x));
        let taken = self.adjacent_opponents(&others);
        let [w, b, _] = run.due_counts;
        let majority = match w.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Colour::White),
            std::cmp::Ordering::Less => Some(Colour::Black),
            std::cmp::Ordering::Equal => None,
        };
        // Lim 3.2 (Maxi): within 100 points of the player who would float
        // by position, the last resident.
        let default = run.s.last().map(|&x| self.g[x]);
        let mut keyed: Vec<(FloatKey, usize)> = self
            .m1
            .iter()
            .copied()
            .filter(|&x| !run.used[x])
            .map(|x| {
                let gx = self.g[x];
                let p = f.p(gx);
                let before = others.partition_point(|&o| self.out_rank(o) < self.out_rank(x));
                let excluded = &taken[..before];
                let has_opponent = self
                    .adjacent
                    .iter()
                    .any(|&a| !excluded.contains(&Some(a)) && f.compatible(gx, a));
                let class = match (self.incoming(x), has_opponent) {
                    (false, true) => 0,
                    (false, false) => 1,
                    (true, true) => 2,
                    (true, false) => 3,
                };
                let equalising = majority.is_some()
                    && p.due == majority
                    && default.is_none_or(|d| f.maxi_allows(gx, d));
                let s = i64::from(p.score.tenths());
                let id = i64::from(p.id);
                let key = FloatKey {
                    class,
                    not_equalising: !(odd && equalising),
                    place: match self.task.dir {
                        Dir::Down => (s, -id),
                        Dir::Up => (-s, id),
                    },
                    floated_before: odd && p.floated_last_round,
                };
                (key, x)
            })
            .collect();
        keyed.sort_unstable();
        keyed
    }

    /// `Lim 3.8` applied in the adjacent score-group to `others` in turn:
    /// the opponent each would take there (`None`: no compatible one).
    fn adjacent_opponents(&self, others: &[usize]) -> Vec<Option<usize>> {
        let f = self.field;
        let mut taken: Vec<Option<usize>> = Vec::with_capacity(others.len());
        for &o in others {
            let go = self.g[o];
            let free = self
                .adjacent
                .iter()
                .copied()
                .filter(|a| !taken.contains(&Some(*a)) && f.compatible(go, *a));
            let q0 = free.clone().next();
            let q = q0.and_then(|d| {
                free.clone()
                    .find(|&a| f.colour_fine(go, a) && f.maxi_allows(a, d))
                    .or(Some(d))
            });
            taken.push(q);
        }
        taken
    }
}
