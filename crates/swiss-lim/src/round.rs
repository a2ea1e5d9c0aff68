//! One round: the pairing-allocated bye (`Lim 1.1`), the score-groups in
//! the order of `Lim 2.2`, and the blocked median score-group (`Lim 2.6`).

use std::collections::BTreeMap;

use swiss_core::Points;
use swiss_matching::CardinalityMatcher;

use crate::LimError;
use crate::group::{Dir, Floater, Outcome, Task, settle};
use crate::player::Field;

/// A pair made, and whether in a score-group below the median (`Lim 5.4`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Made {
    pub a: usize,
    pub b: usize,
    pub lower_half: bool,
}

/// The score-groups of a round (`Lim 2.2`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Layout {
    /// Above the median, highest first.
    pub upper: Vec<(Points, Vec<usize>)>,
    /// The median score and its players (possibly none).
    pub median: (Points, Vec<usize>),
    /// Below the median, lowest first.
    pub lower: Vec<(Points, Vec<usize>)>,
}

/// `Lim 2.2`: the score-groups of `active`. The median score-group holds
/// the players with half the points of the rounds played; when nobody has
/// exactly that score it is empty and consists of the floaters that reach
/// it.
pub(crate) fn layout(field: &Field, active: &[usize]) -> Layout {
    let mut groups: BTreeMap<Points, Vec<usize>> = BTreeMap::new();
    for &i in active {
        groups.entry(field.p(i).score).or_default().push(i);
    }
    let mut lay = Layout {
        median: (
            Points(i32::try_from(field.median4 / 4).unwrap_or(i32::MAX)),
            Vec::new(),
        ),
        ..Layout::default()
    };
    for (score, players) in groups.into_iter().rev() {
        match field.against_median(score) {
            std::cmp::Ordering::Greater => lay.upper.push((score, players)),
            std::cmp::Ordering::Equal => lay.median = (score, players),
            std::cmp::Ordering::Less => lay.lower.insert(0, (score, players)),
        }
    }
    lay
}

impl Layout {
    /// `Lim 2.2` / `8.3`: the scores in the order their groups are
    /// paired: downward to just above the median, then from the lowest
    /// upward, the median last.
    pub fn order(&self) -> Vec<Points> {
        self.upper
            .iter()
            .chain(&self.lower)
            .map(|g| g.0)
            .chain([self.median.0])
            .collect()
    }

    /// The players of the next non-empty score-group below upper group
    /// `i` (`Lim 3.3`): the next upper group, the median, or the highest
    /// group below the median.
    fn below_upper(&self, i: usize) -> &[usize] {
        if let Some(g) = self.upper.get(i + 1) {
            &g.1
        } else if !self.median.1.is_empty() {
            &self.median.1
        } else {
            self.lower.last().map_or(&[], |g| &g.1)
        }
    }

    /// The players of the next non-empty score-group above lower group
    /// `i` (`Lim 3.4`).
    fn above_lower(&self, i: usize) -> &[usize] {
        if let Some(g) = self.lower.get(i + 1) {
            &g.1
        } else if !self.median.1.is_empty() {
            &self.median.1
        } else {
            self.upper.last().map_or(&[], |g| &g.1)
        }
    }
}

/// Pairs every player of `field`: chooses the bye (`Lim 1.1`) and pairs
/// the rest. Returns the bye and the pairs.
pub(crate) fn pair_all(field: &Field) -> Result<(Option<usize>, Vec<Made>), LimError> {
    let n = field.players.len();
    let all: Vec<usize> = (0..n).collect();
    // Lim 2.1: a player with no compatible opponent at all can only be the bye.
    let alone: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&i| !all.iter().any(|&j| field.compatible(i, j)))
        .collect();
    let byeable = n % 2 == 1 && alone.len() == 1 && field.p(alone[0]).bye_eligible;
    if !alone.is_empty() && !byeable {
        let mut ids: Vec<swiss_core::StartNo> = alone.iter().map(|&i| field.p(i).id).collect();
        ids.sort_unstable();
        return Err(LimError::NoLegalPairing {
            reason: format!(
                "{} of the {n} players have no compatible opponent at all (Lim 2.1: every other \
                 player met before, forbidden or of colours that cannot be given), {}: {}",
                ids.len(),
                match (n % 2, ids.len()) {
                    (0, _) => "and the field is even (no bye)",
                    (_, 1) => "and he may not receive the bye",
                    _ => "more than the one bye can take",
                },
                swiss_core::short_list(&ids)
            ),
        });
    }
    if n.is_multiple_of(2) {
        return Ok((None, pair_round(field, &all)?));
    }
    let mut cands = bye_candidates(field);
    if byeable {
        // Any other bye would leave him unpaired.
        cands.retain(|&c| c == alone[0]);
    }
    let Some(&first) = cands.first() else {
        return Err(LimError::NoLegalPairing {
            reason: format!(
                "an odd number of players and none of them may receive the \
                 pairing-allocated bye ({})",
                field.edition.bye_rule()
            ),
        });
    };
    let without = |b: usize| -> Vec<usize> { all.iter().copied().filter(|&i| i != b).collect() };
    match pair_round(field, &without(first)) {
        Err(LimError::NoLegalPairing { .. }) => {}
        other => return other.map(|m| (Some(first), m)),
    }
    // C.04.1 c: the bye must leave the others pairable. The next eligible
    // player in Lim 1.1's order whose bye does: a perfect matching of all
    // players plus one vertex that stands for the bye.
    let mut m = CardinalityMatcher::new(n + 1, |u, v| {
        if v == n {
            field.p(u).bye_eligible
        } else {
            field.compatible(u, v)
        }
    });
    m.maximum_matching();
    if m.is_perfect()
        && let Some(&b) = cands[1..].iter().find(|&&b| m.try_fix_pair(b, n))
    {
        tracing::debug!(
            target: "swiss_lim",
            bye = field.p(b).id,
            passed_over = field.p(first).id,
            "Lim 1.1: the bye goes to the lowest-placed eligible player whose bye leaves the rest pairable"
        );
        return pair_round(field, &without(b)).map(|m| (Some(b), m));
    }
    Err(LimError::NoLegalPairing {
        reason: "no eligible player's bye leaves the others pairable (Lim 2.1)".into(),
    })
}

/// `Lim 1.1`, C.04.1 d: the players who may receive the bye, lowest
/// score-group first and, within it, lowest rank (highest start number) first.
fn bye_candidates(field: &Field) -> Vec<usize> {
    let mut c: Vec<usize> = (0..field.players.len())
        .filter(|&i| field.p(i).bye_eligible)
        .collect();
    c.sort_by_key(|&i| (field.p(i).score, std::cmp::Reverse(field.p(i).id)));
    c
}

/// `Lim 2.2`: the upper score-groups downward, the lower ones upward, the
/// median last, cracking neighbouring pairings while it is blocked (`Lim 2.6`).
fn pair_round(field: &Field, active: &[usize]) -> Result<Vec<Made>, LimError> {
    // The arbiter's record keeps only the attempt the round keeps.
    field.restart_records();
    let lay = layout(field, active);
    let mut upper_pairs: Vec<(usize, usize)> = Vec::new();
    let mut carry: Vec<Floater> = Vec::new();
    for (i, (score, residents)) in lay.upper.iter().enumerate() {
        let task = Task {
            score: *score,
            dir: Dir::Down,
            residents: residents.clone(),
            incoming: std::mem::take(&mut carry),
            adjacent: lay.below_upper(i),
            median: false,
        };
        let (pairs, out) = paired(settle(field, &task)?)?;
        upper_pairs.extend(pairs);
        carry = out;
    }
    let mut down = carry;
    let mut lower_pairs: Vec<(usize, usize)> = Vec::new();
    let mut carry: Vec<Floater> = Vec::new();
    for (i, (score, residents)) in lay.lower.iter().enumerate() {
        let task = Task {
            score: *score,
            dir: Dir::Up,
            residents: residents.clone(),
            incoming: std::mem::take(&mut carry),
            adjacent: lay.above_lower(i),
            median: false,
        };
        let (pairs, out) = paired(settle(field, &task)?)?;
        lower_pairs.extend(pairs);
        carry = out;
    }
    let mut up = carry;
    let median_task = |down: &[Floater], up: &[Floater]| Task {
        score: lay.median.0,
        dir: Dir::Down,
        residents: lay.median.1.clone(),
        incoming: down.iter().chain(up).copied().collect(),
        adjacent: &[],
        median: true,
    };
    let median_pairs = match settle(field, &median_task(&down, &up))? {
        Outcome::Paired { pairs, .. } => pairs,
        Outcome::Blocked { reason } => {
            let cracks = crack_order(down.len(), up.len(), &upper_pairs, &lower_pairs);
            let c = cracks_needed(field, &lay.median.1, &down, &up, &cracks).ok_or_else(|| {
                LimError::NoLegalPairing {
                    reason: format!(
                        "the median score-group cannot be paired even with every pairing \
                         of the other score-groups cracked (Lim 2.6): {reason}"
                    ),
                }
            })?;
            for &(pair, dir) in &cracks[..c] {
                let (a, b) = match dir {
                    Dir::Up => lower_pairs.pop(),
                    Dir::Down => upper_pairs.pop(),
                }
                .filter(|&p| p == pair)
                .ok_or_else(|| LimError::Internal("crack order".into()))?;
                let into = if dir == Dir::Up { &mut up } else { &mut down };
                into.push(Floater { id: a, dir });
                into.push(Floater { id: b, dir });
                tracing::debug!(
                    target: "swiss_lim",
                    cracked = %format!("{} v {}", field.p(a).id, field.p(b).id),
                    side = if dir == Dir::Up { "lower" } else { "higher" },
                    "Lim 2.6: the median score-group is blocked; a neighbouring pairing is cracked"
                );
            }
            paired(settle(field, &median_task(&down, &up))?)?.0
        }
    };
    let made = |pairs: Vec<(usize, usize)>, lower_half| {
        pairs
            .into_iter()
            .map(move |(a, b)| Made { a, b, lower_half })
    };
    Ok(made(upper_pairs, false)
        .chain(made(median_pairs, false))
        .chain(made(lower_pairs, true))
        .collect())
}

/// Pairs in the order made, and the floaters sent on.
type Settled = (Vec<(usize, usize)>, Vec<Floater>);

fn paired(o: Outcome) -> Result<Settled, LimError> {
    match o {
        Outcome::Paired { pairs, out } => Ok((pairs, out)),
        Outcome::Blocked { reason } => Err(LimError::Internal(reason)),
    }
}

/// `Lim 2.6`: the order in which a blocked median score-group cracks the
/// pairings of its neighbours, given `down` and `up` floaters in it. With
/// more floaters from above than from below, the latest pairing made below
/// the median (the next one of the lower score-group) is cracked and its
/// players join as floaters from below; otherwise the latest pairing made
/// above. A side with no pairing left yields to the other.
fn crack_order(
    mut down: usize,
    mut up: usize,
    upper_pairs: &[(usize, usize)],
    lower_pairs: &[(usize, usize)],
) -> Vec<((usize, usize), Dir)> {
    let (mut hi, mut lo) = (upper_pairs.len(), lower_pairs.len());
    let mut out = Vec::with_capacity(hi + lo);
    while hi + lo > 0 {
        if (down > up && lo > 0) || hi == 0 {
            lo -= 1;
            up += 2;
            out.push((lower_pairs[lo], Dir::Up));
        } else {
            hi -= 1;
            down += 2;
            out.push((upper_pairs[hi], Dir::Down));
        }
    }
    out
}

/// `Lim 2.6` step by step: the fewest cracks after which the median
/// score-group can be paired completely (`None`: not even with all). The
/// median re-paired after each crack would stop at the same count; since
/// a cracked pair can always be re-made, more cracks never hurt, so the
/// count is found by doubling and bisection, one matching per probe.
fn cracks_needed(
    field: &Field,
    residents: &[usize],
    down: &[Floater],
    up: &[Floater],
    cracks: &[((usize, usize), Dir)],
) -> Option<usize> {
    let pairable = |c: usize| {
        let mut v: Vec<usize> = residents.to_vec();
        v.extend(down.iter().chain(up).map(|f| f.id));
        v.extend(cracks[..c].iter().flat_map(|((a, b), _)| [*a, *b]));
        let mut m = CardinalityMatcher::new(v.len(), |x, y| field.compatible(v[x], v[y]));
        m.maximum_matching();
        m.is_perfect()
    };
    let (mut lo, mut hi) = (0, 1);
    loop {
        let c = hi.min(cracks.len());
        if pairable(c) {
            hi = c;
            break;
        }
        if c == cracks.len() {
            return None;
        }
        lo = c;
        hi *= 2;
    }
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if pairable(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}
