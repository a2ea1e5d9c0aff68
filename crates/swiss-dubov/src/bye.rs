//! `Dubov B.0`: the pairing-allocated bye, and the matcher that keeps the
//! rest of the round completable (C.4) while the brackets are paired.

use swiss_matching::CardinalityMatcher;

use crate::compat::Compat;
use crate::player::Round;
use crate::{DubovError, Edition};

/// `Dubov B.0`: with an odd number of players, the bye goes to the player
/// who (1) has had neither a pairing-allocated bye nor a forfeit win
/// (C.2), (2) allows a complete pairing of all the others (C.4: a pairing
/// of everybody else under C.1 and C.3), then (3) has the lowest score,
/// (4) has played the most games, (5) is lowest in the initial ranking.
///
/// Returns the bye (an index into [`Round::players`]) and a
/// [`CardinalityMatcher`] over the players (vertex `i` = player `i`; with
/// an odd count one more vertex stands for the bye and is no longer
/// active) holding a perfect matching of everybody not yet paired: the
/// brackets fix their pairs in it, and "can the rest still be completed?"
/// (C.4) is one augmenting-path search per pair.
pub(crate) fn assign(
    round: &Round,
    compat: &Compat,
) -> Result<(CardinalityMatcher, Option<usize>), DubovError> {
    let n = round.players.len();
    let odd = n % 2 == 1;
    let dummy = n;
    // Criteria 1 and 2 become one vertex: the bye is "a partner" of every
    // eligible player, so a perfect matching exists iff some eligible
    // player allows a complete pairing of the others.
    let mut m = CardinalityMatcher::new(n + usize::from(odd), |u, v| {
        if v == dummy {
            round.players[u].bye_eligible
        } else {
            compat.ok(u, v)
        }
    });
    m.maximum_matching();
    if !m.is_perfect() {
        return Err(no_complete_pairing(round, &m, odd));
    }
    if !odd {
        return Ok((m, None));
    }
    let mut candidates: Vec<usize> = (0..n).filter(|&i| round.players[i].bye_eligible).collect();
    candidates.sort_by_key(|&i| bye_key(round, i));
    for &c in &candidates {
        if m.try_fix_pair(c, dummy) {
            tracing::debug!(
                target: "swiss_dubov",
                bye = round.players[c].id,
                passed_over = ?candidates
                    .iter()
                    .take_while(|&&x| x != c)
                    .map(|&x| round.players[x].id)
                    .collect::<Vec<_>>(),
                "Dubov {}: pairing-allocated bye (those passed over would leave the rest unpairable)",
                round.edition.rule("B.0")
            );
            return Ok((m, Some(c)));
        }
    }
    Err(DubovError::internal(
        "B.0: a perfect matching with the bye exists but no candidate was accepted",
    ))
}

/// `Dubov B.0` criteria 3-5 for player `i`: lowest score, most games
/// played, lowest in the initial ranking; the smallest key gets the bye
/// first (the arbiter's comparison reads the same key).
pub(crate) fn bye_key(
    round: &Round,
    i: usize,
) -> (
    swiss_core::Points,
    std::cmp::Reverse<u32>,
    std::cmp::Reverse<u32>,
) {
    let p = &round.players[i];
    (
        p.score,
        std::cmp::Reverse(p.games),
        std::cmp::Reverse(p.rank),
    )
}

/// What bars the PAB in `round`'s edition, for messages.
fn bar(round: &Round) -> &'static str {
    match round.edition {
        Edition::Fide2026 => {
            "already had a pairing-allocated bye or scored a win's points without playing"
        }
        Edition::Fide2018 => "already had a pairing-allocated bye or a forfeit win",
    }
}

/// The reason given when no complete round-pairing exists (A.8).
fn no_complete_pairing(round: &Round, m: &CardinalityMatcher, odd: bool) -> DubovError {
    let n = round.players.len();
    let rule = |id| round.edition.rule(id);
    if odd && !round.players.iter().any(|p| p.bye_eligible) {
        return DubovError::NoLegalPairing {
            reason: format!(
                "{n} players to pair and every one of them {} (Dubov {})",
                bar(round),
                round.edition.rule("C.2")
            ),
        };
    }
    let mut unmatched: Vec<swiss_core::StartNo> = (0..n)
        .filter(|&i| m.mate(i).is_none())
        .map(|i| round.players[i].id)
        .collect();
    unmatched.sort_unstable();
    DubovError::NoLegalPairing {
        reason: format!(
            "no complete round-pairing (Dubov {}) of the {n} players exists under {} \
             (no second game, forbidden pairs) and {} (same absolute colour preference){}: \
             at most {} of them can be paired{}; a maximum pairing leaves out {}{}",
            rule("A.8"),
            rule("C.1"),
            rule("C.3"),
            if odd {
                format!(" with a bye for a player who may get it ({})", rule("C.2"))
            } else {
                String::new()
            },
            n - unmatched.len(),
            if odd { " (or given the bye)" } else { "" },
            swiss_core::short_list(&unmatched),
            if odd && m.mate(n).is_none() {
                ", and the bye"
            } else {
                ""
            }
        ),
    }
}
