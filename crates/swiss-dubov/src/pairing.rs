//! Pairing one round: `Dubov A.8`, the bye first (B.0), then the
//! scoregroups in descending order of score (B.1-B.6), then the colours
//! (E.0-E.4).

use swiss_core::{Pair, Pairing, Points, RoundState};
use swiss_matching::CardinalityMatcher;

use crate::bracket::BracketPairing;
use crate::compat::Compat;
use crate::player::Round;
use crate::upfloaters::{C4, Chosen, Ctx, Strategy, choose, fixed_copy, full};
use crate::{DubovError, Options, bye, colour};

/// Pairs the round of `state` (see [`crate::pair`]), choosing upfloaters
/// with `strategy`.
pub(crate) fn pair_round(
    state: &RoundState,
    options: &Options,
    strategy: Strategy,
) -> Result<Pairing, DubovError> {
    let round = Round::new(state, options)?;
    let compat = Compat::new(&round, state);
    let (mut global, bye) = bye::assign(&round, &compat)?;
    let ctx = Ctx {
        round: &round,
        compat: &compat,
        strategy,
    };
    let n = round.players.len();
    let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(n / 2);
    let mut start = 0;
    while start < n {
        let score = round.players[start].score;
        let end = (start..n)
            .find(|&i| round.players[i].score != score)
            .unwrap_or(n);
        let residents: Vec<usize> = (start..end).filter(|&i| global.is_active(i)).collect();
        start = end;
        if residents.is_empty() {
            continue;
        }
        let lower: Vec<usize> = (end..n).filter(|&i| global.is_active(i)).collect();
        pairs.extend(pair_scoregroup(&ctx, &mut global, &residents, &lower)?.pairs());
    }
    if pairs.len() * 2 + usize::from(bye.is_some()) != n {
        return Err(DubovError::internal(
            "A.8: the round-pairing is not complete",
        ));
    }
    let mut out = Pairing {
        round: state.round,
        pairs: pairs
            .iter()
            .map(|&(a, b)| {
                let (w, b) = colour::allocate(&round, a, b);
                Pair {
                    white: round.players[w].id,
                    black: round.players[b].id,
                }
            })
            .collect(),
        bye: bye.map(|b| round.players[b].id),
    };
    out.sort_boards(state);
    Ok(out)
}

/// One bracket: the upfloaters (B.1-B.2) with the pairing they make
/// (B.3-B.6), and the pairs fixed in `global` once C.4 is known to hold.
fn pair_scoregroup(
    ctx: &Ctx<'_>,
    global: &mut CardinalityMatcher,
    residents: &[usize],
    lower: &[usize],
) -> Result<BracketPairing, DubovError> {
    let mut chosen = choose(ctx, global, residents, lower)?;
    if let C4::Unchecked = chosen.c4 {
        match fixed_copy(global, &chosen.bracket.pairs()) {
            Some(g) => chosen.c4 = C4::Fixed(Box::new(g)),
            // C.4 binds: choose again with the rest of the round in the
            // problem.
            None => chosen = full(ctx, residents, lower)?,
        }
    }
    match std::mem::replace(&mut chosen.c4, C4::Holds) {
        C4::Fixed(g) => *global = *g,
        _ => {
            for (a, b) in chosen.bracket.pairs() {
                if !global.try_fix_pair(a, b) {
                    return Err(DubovError::internal(
                        "C.4: a pair of the bracket leaves the rest unpairable",
                    ));
                }
            }
        }
    }
    explain(ctx.round, residents, &chosen);
    Ok(chosen.bracket)
}

/// `--explain`: one debug event per bracket with what decided it.
fn explain(round: &Round, residents: &[usize], up: &Chosen) {
    let bp = &up.bracket;
    if !tracing::enabled!(target: "swiss_dubov", tracing::Level::DEBUG) {
        return;
    }
    let ids = |v: &[usize]| v.iter().map(|&i| round.players[i].id).collect::<Vec<_>>();
    let mut scores: Vec<Points> = up.set.iter().map(|&u| round.players[u].score).collect();
    scores.sort_unstable();
    let missed = bp
        .s1
        .iter()
        .zip(&bp.t2)
        .filter(|&(&a, &b)| round.players[a].pref.colour == round.players[b].pref.colour)
        .count();
    let (c8, c9, c10) = if round.last {
        (None, None, None)
    } else {
        let max: Vec<usize> = up
            .set
            .iter()
            .copied()
            .filter(|&u| round.is_max_upfloater(u))
            .collect();
        (
            Some(max.len()),
            Some(max.iter().map(|&u| round.players[u].upfloats).sum::<u32>()),
            Some(
                up.set
                    .iter()
                    .filter(|&&u| round.players[u].upfloated_last)
                    .count(),
            ),
        )
    };
    tracing::debug!(
        target: "swiss_dubov",
        score = %round.players[residents[0]].score,
        residents = ?ids(residents),
        upfloaters = ?ids(&up.set),
        method = up.method,
        c5_upfloaters = up.set.len(),
        c6_scores = ?scores.iter().map(ToString::to_string).collect::<Vec<_>>(),
        c7_colour_preferences_missed = missed,
        c8_maximum_upfloaters = ?c8,
        c9_their_upfloats = ?c9,
        c10_upfloated_last_round = ?c10,
        g1 = ?ids(&bp.g1),
        g2 = ?ids(&bp.g2),
        shifted_from_smaller = ?ids(&bp.first_shift),
        shifted_from_larger = ?ids(&bp.second_shift),
        s1 = ?ids(&bp.s1),
        t2 = ?ids(&bp.t2),
        "Dubov {}: bracket",
        round.edition.rule("B.1-B.6")
    );
}
