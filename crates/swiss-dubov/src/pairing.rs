//! Pairing one round: `Dubov A.8`, the bye first (B.0), then the
//! scoregroups in descending order of score (B.1-B.6), then the colours
//! (E.0-E.4).

use swiss_core::{Pair, Pairing, RoundState};
use swiss_matching::CardinalityMatcher;

use crate::bracket::BracketPairing;
use crate::compat::Compat;
use crate::player::Round;
use crate::upfloaters::{C4, Chosen, Ctx, Quality, Strategy, choose, fixed_copy, full};
use crate::{DubovError, Options, bye, colour};

/// The round as the engine decided it, bracket by bracket (for the
/// pairing, and for the arbiter's comparison in `compare.rs`).
pub(crate) struct Decided {
    /// The round's players and facts.
    pub round: Round,
    /// Legal pairs (C.1, C.3).
    pub compat: Compat,
    /// B.0's pairing-allocated bye.
    pub bye: Option<usize>,
    /// Each scoregroup with residents left, in the order paired (A.8).
    pub brackets: Vec<Bracket>,
}

/// One bracket: its residents and what B.1-B.6 chose.
pub(crate) struct Bracket {
    /// The residents not paired by a higher bracket.
    pub residents: Vec<usize>,
    /// The upfloaters, in D.1 order.
    pub set: Vec<usize>,
    /// B.3-B.6 on the residents and the upfloaters.
    pub pairing: BracketPairing,
}

/// Pairs the round of `state` (see [`crate::pair`]), choosing upfloaters
/// with `strategy`.
pub(crate) fn pair_round(
    state: &RoundState,
    options: &Options,
    strategy: Strategy,
) -> Result<Pairing, DubovError> {
    let d = decide(state, options, strategy)?;
    let round = &d.round;
    let mut out = Pairing {
        round: state.round,
        pairs: d
            .brackets
            .iter()
            .flat_map(|b| b.pairing.pairs())
            .map(|(a, b)| {
                let (w, b) = colour::allocate(round, a, b);
                Pair {
                    white: round.players[w].id,
                    black: round.players[b].id,
                }
            })
            .collect(),
        bye: d.bye.map(|b| round.players[b].id),
    };
    out.sort_boards(state);
    Ok(out)
}

/// `Dubov A.8`: the bye (B.0), then every scoregroup in descending order
/// of score (B.1-B.6), each bracket's decisions kept.
pub(crate) fn decide(
    state: &RoundState,
    options: &Options,
    strategy: Strategy,
) -> Result<Decided, DubovError> {
    let round = Round::new(state, options)?;
    let compat = Compat::new(&round, state);
    let (mut global, bye) = bye::assign(&round, &compat)?;
    let ctx = Ctx {
        round: &round,
        compat: &compat,
        strategy,
    };
    let n = round.players.len();
    let mut brackets: Vec<Bracket> = Vec::new();
    let mut paired = 0;
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
        let chosen = pair_scoregroup(&ctx, &mut global, &residents, &lower)?;
        paired += chosen.bracket.s1.len();
        brackets.push(Bracket {
            residents,
            set: chosen.set,
            pairing: chosen.bracket,
        });
    }
    if paired * 2 + usize::from(bye.is_some()) != n {
        return Err(DubovError::internal(
            "A.8: the round-pairing is not complete",
        ));
    }
    Ok(Decided {
        round,
        compat,
        bye,
        brackets,
    })
}

/// One bracket: the upfloaters (B.1-B.2) with the pairing they make
/// (B.3-B.6), and the pairs fixed in `global` once C.4 is known to hold.
fn pair_scoregroup(
    ctx: &Ctx<'_>,
    global: &mut CardinalityMatcher,
    residents: &[usize],
    lower: &[usize],
) -> Result<Chosen, DubovError> {
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
    Ok(chosen)
}

/// `--explain`: one debug event per bracket with what decided it.
fn explain(round: &Round, residents: &[usize], up: &Chosen) {
    let bp = &up.bracket;
    if !tracing::enabled!(target: "swiss_dubov", tracing::Level::DEBUG) {
        return;
    }
    let ids = |v: &[usize]| v.iter().map(|&i| round.players[i].id).collect::<Vec<_>>();
    let q = Quality::of(round, &up.set, &bp.pairs());
    let (c8, c9, c10) = match q.c8_c10 {
        Some((a, b, c)) => (Some(a), Some(b), Some(c)),
        None => (None, None, None),
    };
    tracing::debug!(
        target: "swiss_dubov",
        score = %round.players[residents[0]].score,
        residents = ?ids(residents),
        upfloaters = ?ids(&up.set),
        method = up.method,
        c5_upfloaters = q.c5,
        c6_scores = ?q.c6.iter().map(ToString::to_string).collect::<Vec<_>>(),
        c7_colour_preferences_missed = q.c7,
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
