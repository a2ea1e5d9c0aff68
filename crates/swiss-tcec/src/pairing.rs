//! Pairing one TCEC round: `TCEC STEP 1` to `TCEC STEP 5` and the playing
//! order.

use std::cmp::Reverse;

use swiss_core::{StartNo, Tournament};

use crate::error::TcecError;
use crate::history::{History, recorded_pairs};
use crate::model::{DoubleGameOrder, Format, Options, TcecPair, TcecRound, playing_order};

/// Pairs the next TCEC round of `t` whole: the round that TRF column
/// [`Tournament::next_round`] belongs to, from the TRF columns of the
/// earlier TCEC rounds (in the double format, also when that column is
/// the round's second: the round is paired again, not read back).
pub fn pair_next_round(t: &Tournament, opts: &Options) -> Result<TcecRound, TcecError> {
    let round = opts.format.tcec_round_of_column(t.next_round());
    pair_round(t, opts, round)
}

/// Pairs TCEC round `round` (1-based) of `t` from the TRF columns of TCEC
/// rounds `1..round`; later columns are ignored, except that a player
/// whose entry in the round's first column is a non-participation entry
/// (requested bye, absence) is not paired.
pub fn pair_round(t: &Tournament, opts: &Options, round: u32) -> Result<TcecRound, TcecError> {
    pair_round_with_history(t, opts, round).map(|(r, _)| r)
}

/// [`pair_round`] with the state it paired from (the arbiter's account
/// and comparison read the same history).
pub(crate) fn pair_round_with_history(
    t: &Tournament,
    opts: &Options,
    round: u32,
) -> Result<(TcecRound, History), TcecError> {
    let round = round.max(1);
    let h = History::before(t, opts.format, round)?;
    let first_col = opts.format.games_per_pair() * (round - 1) + 1;
    let players: Vec<usize> = (0..h.n)
        .filter(|&i| !t.players[i].entry(first_col).is_non_participation())
        .collect();
    let order = pairing_order(&h, players);
    let bye = bye(&h, &order);
    let to_pair: Vec<usize> = order.iter().copied().filter(|&i| Some(i) != bye).collect();
    let sn = |i: usize| t.players[i].start_no;
    tracing::debug!(
        round,
        pairing_order = ?order.iter().map(|&i| sn(i)).collect::<Vec<_>>(),
        bye = ?bye.map(|i| (sn(i), h.byes[i])),
        "TCEC STEP 1-2: pairing order; BYE (player, BYEs received before)"
    );
    let removed = viable_removal(&h, &to_pair, t)?;
    if removed > h.removed {
        tracing::debug!(
            round,
            removed_through_round = removed,
            this_round = removed - h.removed,
            "TCEC STEP 3: no viable pairing with the history kept; earliest rounds removed"
        );
    }
    let pairs = greedy_pairs(&h, &to_pair, removed, &sn);
    let pairs: Vec<TcecPair> = pairs
        .into_iter()
        .map(|(f, s)| colours(&h, opts.format, round, f, s, t))
        .collect();
    let out = TcecRound {
        round,
        pairing_order: order.iter().map(|&i| sn(i)).collect(),
        games: playing_order(&pairs, opts.format, DoubleGameOrder::Cycle),
        pairs,
        bye: bye.map(sn),
        history_rounds_removed: removed,
        history_rounds_removed_this_round: removed - h.removed,
    };
    Ok((out, h))
}

/// `TCEC STEP 1`: the pairing order, score descending, then seed
/// ascending (start numbers are the seeds, and `players` indices follow
/// start numbers).
fn pairing_order(h: &History, mut players: Vec<usize>) -> Vec<usize> {
    players.sort_by_key(|&i| (Reverse(h.score[i]), i));
    players
}

/// `TCEC STEP 2`: with an odd number of players, order them by BYEs
/// received descending, then pairing order ascending; the bottom one gets
/// the BYE. That is the last player in pairing order among those with the
/// fewest BYEs.
fn bye(h: &History, order: &[usize]) -> Option<usize> {
    if order.len().is_multiple_of(2) {
        return None;
    }
    let fewest = order.iter().map(|&i| h.byes[i]).min()?;
    order.iter().rev().copied().find(|&i| h.byes[i] == fewest)
}

/// `TCEC STEP 3`: the removal counter for this round: keep the counter of
/// the previous round if the round is viable, else remove the earliest
/// remaining rounds of the encounter history until it is. With the whole
/// history removed and still no viable pairing, the colour conditions (and
/// the forbidden pairs, which no removal lifts) block the round:
/// [`TcecError::NoLegalPairing`].
fn viable_removal(h: &History, to_pair: &[usize], t: &Tournament) -> Result<u32, TcecError> {
    if h.viable(to_pair, h.removed) {
        return Ok(h.removed);
    }
    let all = (h.round - 1).max(h.removed);
    if !h.viable(to_pair, all) {
        let list = |w: i32| {
            let v: Vec<String> = to_pair
                .iter()
                .filter(|&&i| h.wgd[i] == w)
                .map(|&i| t.players[i].start_no.to_string())
                .collect();
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(" ")
            }
        };
        let forbidden = if t.forbidden_pairs.is_empty() && t.forbidden_in_rounds.is_empty() {
            ""
        } else {
            " and the forbidden pairs (XXP, 260)"
        };
        return Err(TcecError::NoLegalPairing {
            round: h.round,
            reason: format!(
                "even with the whole encounter history removed (rounds 1-{all}), the colour \
                 conditions |WGD(p) + WGD(q)| <= 2{forbidden} leave no pairing of all {} \
                 players; WGD +2: {}; WGD -2: {}",
                to_pair.len(),
                list(2),
                list(-2)
            ),
        });
    }
    Ok(h.smallest_viable(to_pair, h.removed + 1, all))
}

/// `TCEC STEP 4`: in pairing order, the first unpaired player (first-of-
/// pair) takes the highest-ranked unpaired player that meets the pairing
/// condition and keeps the rest of the round viable. Returns (first,
/// second) pairs in the order made.
fn greedy_pairs(
    h: &History,
    to_pair: &[usize],
    removed: u32,
    sn: &dyn Fn(usize) -> StartNo,
) -> Vec<(usize, usize)> {
    // Vertices are places in the pairing order; the matcher holds a perfect
    // matching of the unpaired players, so each "still viable?" question is
    // one augmenting-path search.
    let mut m = h.matcher(to_pair, removed);
    let mut pairs = Vec::with_capacity(to_pair.len() / 2);
    for a in 0..to_pair.len() {
        if !m.is_active(a) {
            continue;
        }
        if let Some(b) = (a + 1..to_pair.len()).find(|&b| m.is_active(b) && m.try_fix_pair(a, b)) {
            pairs.push((to_pair[a], to_pair[b]));
            if tracing::enabled!(tracing::Level::DEBUG) {
                // Explain mode: why each higher-ranked candidate was passed over.
                let skipped: Vec<String> = (a + 1..b)
                    // Still unpaired: passed over, not taken earlier.
                    .filter(|&c| m.is_active(c))
                    .map(|c| {
                        let q = to_pair[c];
                        format!("{}: {}", sn(q), skip_reason(h, to_pair[a], q, removed))
                    })
                    .collect();
                tracing::debug!(
                    first_of_pair = sn(to_pair[a]),
                    second_of_pair = sn(to_pair[b]),
                    ?skipped,
                    "TCEC STEP 4: pair"
                );
            }
        }
    }
    pairs
}

/// `TCEC STEP 4`: why the first-of-pair `p` passed over the unpaired
/// player `q` ranked above the second-of-pair he took (the `--explain`
/// trace and the arbiter's account).
pub(crate) fn skip_reason(h: &History, p: usize, q: usize, removed: u32) -> &'static str {
    if h.is_forbidden(p, q) {
        "forbidden pair (XXP, 260)"
    } else if h.last_met(p, q) > removed {
        "met in the history kept"
    } else if !h.allowed(p, q, removed) {
        "colour condition |WGD sum| > 2"
    } else {
        "the rest of the round would not be viable"
    }
}

/// `TCEC STEP 5`: whether the first-of-pair gets black, and the clause
/// of the step that decides it.
pub(crate) fn first_gets_black(
    h: &History,
    format: Format,
    round: u32,
    first: usize,
    second: usize,
) -> (bool, &'static str) {
    use std::cmp::Ordering::{Equal, Greater, Less};
    match format {
        Format::Double => (
            true,
            "double rounds: the first-of-pair has black in the first game",
        ),
        Format::Single => match (
            h.wgd[first].cmp(&h.wgd[second]),
            h.score[first].cmp(&h.score[second]),
        ) {
            (Greater, _) => (true, "the greater white game difference gets black"),
            (Less, _) => (false, "the greater white game difference gets black"),
            (Equal, Greater) => (true, "equal WGD: the higher score gets black"),
            (Equal, Less) => (false, "equal WGD: the higher score gets black"),
            (Equal, Equal) => (
                !matches!(round % 4, 2 | 3),
                "equal WGD and score: the 2112 pattern (the first-of-pair has white in rounds 2, 3, 6, 7, ...)",
            ),
        },
    }
}

/// `TCEC STEP 5`: colours of the pair (`first`, `second`).
///
/// Single rounds: the greater WGD gets black; on equal WGD the higher
/// score before the round gets black; on equal scores the 2112 pattern:
/// first-of-pair has white in rounds 2, 3, 6, 7, ... (round mod 4 is 2
/// or 3). Double rounds: first-of-pair has black in the first game.
fn colours(
    h: &History,
    format: Format,
    round: u32,
    first: usize,
    second: usize,
    t: &Tournament,
) -> TcecPair {
    let sn = |i: usize| -> StartNo { t.players[i].start_no };
    let first_black = first_gets_black(h, format, round, first, second).0;
    let (white, black) = if first_black {
        (second, first)
    } else {
        (first, second)
    };
    TcecPair {
        first: sn(first),
        second: sn(second),
        white: sn(white),
        black: sn(black),
    }
}

/// The second game of TCEC round `round` in the double format, from the
/// first game recorded in TRF column `2 * round - 1`: the same pairs with
/// colours reversed and the same BYE. The first-of-pair is the player
/// with black in the first game (`TCEC STEP 5`, double rounds); the pairs
/// are put back in `TCEC STEP 4` order by the pairing order before the
/// round.
pub fn second_game_from_record(t: &Tournament, round: u32) -> Result<TcecRound, TcecError> {
    let round = round.max(1);
    let h = History::before(t, Format::Double, round)?;
    let first_col = 2 * round - 1;
    let mut place = vec![usize::MAX; h.n];
    let order = pairing_order(
        &h,
        (0..h.n)
            .filter(|&i| t.players[i].entry(first_col).is_paired())
            .collect(),
    );
    for (k, &i) in order.iter().enumerate() {
        place[i] = k;
    }
    let mut pairs: Vec<(usize, TcecPair)> = Vec::new();
    let mut bye = None;
    for (i, p) in t.players.iter().enumerate() {
        let e = p.entry(first_col);
        if e.result == swiss_core::ResultCode::PairingBye {
            bye = Some(p.start_no);
        }
        if let (Some(o), Some(swiss_core::Colour::Black)) = (e.opponent, e.colour) {
            pairs.push((
                place[i],
                TcecPair {
                    first: p.start_no,
                    second: o,
                    white: o,
                    black: p.start_no,
                },
            ));
        }
    }
    pairs.sort_by_key(|&(k, _)| k);
    let pairs: Vec<TcecPair> = pairs.into_iter().map(|(_, p)| p).collect();
    let removed = h.counter_for(round, &recorded_pairs(t, first_col, round)?);
    Ok(TcecRound {
        round,
        pairing_order: order.iter().map(|&i| t.players[i].start_no).collect(),
        games: playing_order(&pairs, Format::Double, DoubleGameOrder::Cycle),
        pairs,
        bye,
        history_rounds_removed: removed,
        history_rounds_removed_this_round: removed - h.removed,
    })
}
