//! The arbiter's account of a TCEC round (issue 29), step by step: the
//! pairing order (`TCEC STEP 1`), the BYE (`TCEC STEP 2`), the encounter
//! history kept (`TCEC STEP 3`), each pair in the order made with the
//! higher-ranked players passed over and why (`TCEC STEP 4`), and each
//! pair's colours with the clause that decides them (`TCEC STEP 5`). It
//! reads the engine's round and history (`pair_round_with_history`) and
//! the engine's own reasons (`skip_reason`, `first_gets_black`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use swiss_core::{StartNo, Tournament};

use crate::error::TcecError;
use crate::model::{Format, Options};
use crate::pairing::{first_gets_black, pair_round_with_history, skip_reason};

/// The account of TRF column `t.next_round()`; with `player`, only what
/// decided that player's opponent, colour or BYE.
pub(crate) fn explain(
    t: &Tournament,
    opts: &Options,
    player: Option<StartNo>,
) -> Result<String, TcecError> {
    let column = t.next_round();
    let round = opts.format.tcec_round_of_column(column);
    let (r, h) = pair_round_with_history(t, opts, round)?;
    let index: BTreeMap<StartNo, usize> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.start_no, i))
        .collect();
    let mut out = String::new();
    let format = match opts.format {
        Format::Single => "single rounds",
        Format::Double => "double rounds",
    };
    let _ = writeln!(
        out,
        "Round {round} (TCEC Swiss system, {format}; TRF column {column}): {} players to pair.",
        r.pairing_order.len()
    );
    if opts.format == Format::Double && column.is_multiple_of(2) {
        let _ = writeln!(
            out,
            "This column holds the second games: the pairs of the column before, colours reversed (TCEC STEP 5, double rounds)."
        );
        return Ok(out);
    }
    let place: BTreeMap<StartNo, usize> = r
        .pairing_order
        .iter()
        .enumerate()
        .map(|(k, &s)| (s, k + 1))
        .collect();
    let shown = |s: StartNo| player.is_none_or(|p| p == s);
    if let Some(p) = player {
        let Some(&i) = index.get(&p).filter(|_| place.contains_key(&p)) else {
            let _ = writeln!(out, "Player {p} is not to be paired this round.");
            return Ok(out);
        };
        let _ = writeln!(
            out,
            "Player {p}: score {}, place {} in the pairing order (TCEC STEP 1: score, then seed), {} BYEs received, WGD {:+}.",
            h.score[i], place[&p], h.byes[i], h.wgd[i]
        );
    } else {
        let order: Vec<String> = r.pairing_order.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            out,
            "Pairing order (TCEC STEP 1: score descending, then seed): {}.",
            order.join(" ")
        );
    }
    if let Some(b) = r.bye
        && shown(b)
    {
        let byes = index.get(&b).map_or(0, |&i| h.byes[i]);
        let _ = writeln!(
            out,
            "BYE (TCEC STEP 2): {b}, the lowest in the pairing order among those with the fewest BYEs received ({byes})."
        );
    }
    if player.is_none() || r.pairs.iter().any(|p| shown(p.first) || shown(p.second)) {
        let removed = r.history_rounds_removed;
        let _ = writeln!(
            out,
            "Encounter history (TCEC STEP 3): {}{}.",
            if removed == 0 {
                "every round kept".to_string()
            } else {
                format!("rounds 1-{removed} removed")
            },
            if r.history_rounds_removed_this_round > 0 {
                format!(
                    ", {} of them this round: with fewer removed no pairing of everybody meets the pairing condition",
                    r.history_rounds_removed_this_round
                )
            } else {
                String::new()
            }
        );
    }
    let mut heading = false;
    let mut paired: Vec<StartNo> = r.bye.into_iter().collect();
    for p in &r.pairs {
        paired.push(p.first);
        let (Some(&a), Some(&b)) = (index.get(&p.first), index.get(&p.second)) else {
            continue;
        };
        let passed: Vec<StartNo> = r
            .pairing_order
            .iter()
            .skip_while(|&&s| s != p.first)
            .skip(1)
            .take_while(|&&s| s != p.second)
            .filter(|s| !paired.contains(s))
            .copied()
            .collect();
        paired.push(p.second);
        // With a player: his own pair, and the pairs that passed him over.
        if !(shown(p.first) || shown(p.second) || passed.iter().any(|&s| shown(s))) {
            continue;
        }
        if !heading {
            let _ = writeln!(
                out,
                "\nPairs (TCEC STEP 4: each first-of-pair, in the pairing order, takes the highest-ranked unpaired player who meets the pairing condition and keeps the round viable):"
            );
            heading = true;
        }
        let passed: Vec<String> = passed
            .iter()
            .filter_map(|s| {
                index
                    .get(s)
                    .map(|&q| format!("{s} ({})", skip_reason(&h, a, q, r.history_rounds_removed)))
            })
            .collect();
        let (black_first, why) = first_gets_black(&h, opts.format, round, a, b);
        let _ = writeln!(
            out,
            "  {} takes {}{}. {} has white (TCEC STEP 5: {}; WGD {:+} and {:+}, scores {} and {}).",
            p.first,
            p.second,
            if passed.is_empty() {
                String::new()
            } else {
                format!("; passed over: {}", passed.join(", "))
            },
            if black_first { p.second } else { p.first },
            why,
            h.wgd[a],
            h.wgd[b],
            h.score[a],
            h.score[b]
        );
    }
    Ok(out)
}
