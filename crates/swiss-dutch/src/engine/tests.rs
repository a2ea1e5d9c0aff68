//! Tests of the engine's own shortcuts: each must give the pairing the
//! plain procedure gives, checked on every reference case file.
#![allow(clippy::unwrap_used)]

use std::cell::Cell;
use std::thread::LocalKey;

use super::bracket::{Bracket, solve_bracket};
use super::candidates::{LONE, PAB_STAND_IN, STAND_INS};
use super::completion::{AbsoluteCriteria, perfectly_pairable};
use super::criteria::{C9Ranks, EditionRules, Fide2017, Fide2026};
use super::exchanges::D2_WITHOUT_SOLVE;
use super::remainder::{CUTS, ROWS_WITHOUT_SOLVE, WINDOWS, WITHOUT_SOLVE};
use super::round_2017::pair_round_with;
use super::weights::EdgeWeights;
use crate::player::{compatible, in_pairing_order};
use swiss_matching::Wide;

/// Every reference case file with the state before the round it asks
/// for, in file order.
fn case_files() -> Vec<(std::path::PathBuf, swiss_core::RoundState)> {
    swiss_testdata::files(&swiss_testdata::path("oracle/dutch-cases"), "trf")
        .unwrap()
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            let t = swiss_core::trf::read(&text, "case").unwrap();
            let state = swiss_core::RoundState::next(&t);
            (f, state)
        })
        .collect()
}

/// C.04.3 C.5 outranks C.7 (and everything else but C.4, which only
/// the PPB and the CLB use): an even bracket that can pair all its
/// players gets the same pairs whether or not the next scoregroup takes
/// part in its matching, which is why the round loop leaves it out.
/// Checked on the top bracket of every reference case file where it
/// applies.
#[test]
fn c043_c5_an_even_bracket_that_pairs_everyone_ignores_the_next_scoregroup() {
    let mut checked = 0;
    for (f, state) in case_files() {
        let field = in_pairing_order::<Fide2017>(&state);
        let absolute = AbsoluteCriteria::new(&field);
        let size = field
            .iter()
            .take_while(|p| p.score == field[0].score)
            .count();
        let end = size
            + field[size..]
                .iter()
                .take_while(|p| p.score == field[size].score)
                .count();
        let bracket: Vec<usize> = (0..size).collect();
        if end == size || size % 2 == 1 || !perfectly_pairable(&absolute, &bracket) {
            continue;
        }
        let played = state.round - 1;
        let last = end == field.len();
        let with_next = Bracket::new(
            &field,
            &absolute,
            (0..end).collect(),
            0,
            size,
            false,
            last,
            played,
        );
        let alone = Bracket::new(&field, &absolute, bracket, 0, size, false, last, played);
        assert_eq!(
            solve_bracket(&with_next).unwrap(),
            solve_bracket(&alone).unwrap(),
            "{}",
            f.display()
        );
        checked += 1;
    }
    assert!(checked > 20, "only {checked} brackets checked");
}

/// C.04.3 D.1 in the remainder: leaving the players outside it (the
/// next scoregroup) out of its solves once S1R is fixed, with the
/// leftover S2R player's value as one edge weight, gives the same
/// round as the full graph, on every reference case file. The cut must
/// have fired on many brackets, with and without a leftover, for the
/// comparison to mean something.
#[test]
fn c043_d1_the_remainder_without_the_next_scoregroup_gives_the_same_pairs() {
    let (mut cuts, mut with_leftover, mut files_cut) = (0, 0, 0);
    for (f, state) in case_files() {
        let field = in_pairing_order::<Fide2017>(&state);
        let played = state.round - 1;
        CUTS.with(|c| c.set((0, 0)));
        let cut = pair_round_with(&field, played, true, None).ok();
        let (n, leftover) = CUTS.with(|c| c.replace((0, 0)));
        let full = pair_round_with(&field, played, false, None).ok();
        assert_eq!(CUTS.with(|c| c.get()), (0, 0), "the cut ran while off");
        assert_eq!(cut, full, "{}", f.display());
        cuts += n;
        with_leftover += leftover;
        files_cut += usize::from(n > 0);
    }
    println!(
        "cut-off: {cuts} brackets ({with_leftover} with a leftover) in {files_cut} case files"
    );
    assert!(
        cuts >= 450 && with_leftover >= 400 && files_cut >= 150,
        "the cut fired on {cuts} brackets ({with_leftover} with a leftover) in {files_cut} files"
    );
}

/// The opponents the round loop of the edition `E` gives the players of
/// `state` (`None`: no legal pairing).
fn pair_in<E: EditionRules>(state: &swiss_core::RoundState) -> Option<Vec<Option<usize>>> {
    let mut field = in_pairing_order::<E>(state);
    E::pair_round(&mut field, state.round - 1, None).ok()
}

/// Pairs every reference case file in both editions with a shortcut on
/// and off (`switch`: whether it may be used, and how often it served)
/// and asserts the rounds agree and that it never served while off.
/// Returns how often it served, and in how many case files.
fn served_on_case_files(switch: &'static LocalKey<Cell<(bool, usize)>>) -> (usize, usize) {
    let (mut served, mut files_used) = (0, 0);
    for (f, state) in case_files() {
        let editions: [(&str, fn(&_) -> _); 2] =
            [("2017", pair_in::<Fide2017>), ("2026", pair_in::<Fide2026>)];
        for (edition, pair_in) in editions {
            switch.with(|c| c.set((true, 0)));
            let with = pair_in(&state);
            let (_, n) = switch.with(|c| c.replace((false, 0)));
            let without = pair_in(&state);
            let off = switch.with(|c| c.replace((true, 0))).1;
            assert_eq!(off, 0, "the shortcut served while off");
            assert_eq!(with, without, "{} {edition}", f.display());
            served += n;
            files_used += usize::from(n > 0);
        }
    }
    (served, files_used)
}

/// C.04.3 C.2/C.5 (2026: C2, C5 and Art. 3, the PAB): the last bracket
/// of a round, odd (the 2017 CLB, a 2026 bracket with or without C4),
/// with a stand-in for the PAB whose pairs all weigh the same, gives the
/// same round as the bracket alone, on every reference case file, in
/// both editions.
#[test]
fn c043_the_last_odd_bracket_with_a_stand_in_for_the_pab_gives_the_same_pairs() {
    let (served, files_used) = served_on_case_files(&PAB_STAND_IN);
    println!("PAB stand-in: {served} brackets in {files_used} case files");
    // 2026 alone serves in about 70 files: more means 2017's CLB served.
    assert!(
        served >= 150 && files_used >= 130,
        "{served} brackets in {files_used} files"
    );
}

/// C.04.3 D.1 in the remainder: answering an S1R player from the last
/// optimum's duals (ruling out the higher S2R players by their slack, and
/// moving to a best candidate with his answer by one alternating cycle)
/// gives the same round as a solve for each of them, on every reference
/// case file, in both editions; the cycles must have answered many
/// players for the comparison to mean something.
#[test]
fn c043_d1_remainder_answers_without_a_solve_give_the_same_pairs() {
    let (cycles, files_used) = served_on_case_files(&WITHOUT_SOLVE);
    println!("D.1 without a solve: {cycles} cycles in {files_used} case files");
    assert!(
        cycles >= 200 && files_used >= 50,
        "{cycles} cycles in {files_used} files"
    );
}

/// C.04.3 D.2.a: finding a best candidate without an exchange by moving
/// the optimum along alternating cycles to one that pairs every S1R
/// player with an S2R player gives the same round as removing the pairs
/// inside S1R and S2R and solving, on every reference case file, in both
/// editions; it must have answered in many brackets.
#[test]
fn c043_d2_no_exchange_found_without_a_solve_gives_the_same_pairs() {
    let (brackets, files_used) = served_on_case_files(&D2_WITHOUT_SOLVE);
    println!("D.2 without a solve: {brackets} brackets in {files_used} case files");
    assert!(
        brackets >= 50 && files_used >= 30,
        "{brackets} brackets in {files_used} files"
    );
}

/// C.04.3 D.1 in the remainder: a solve that decides a window of S1R
/// players at once, with lexicographic bonuses (earlier player, higher
/// opponent), gives the same round as a solve for each player, on every
/// reference case file, in both editions. The answers without a solve
/// are off in both runs, so that every S1R player needs a solve and the
/// windows grow; they must have served in many brackets.
#[test]
fn c043_d1_remainder_windows_give_the_same_pairs_as_one_player_per_solve() {
    WITHOUT_SOLVE.with(|c| c.set((false, 0)));
    let (windows, files_used) = served_on_case_files(&WINDOWS);
    WITHOUT_SOLVE.with(|c| c.set((true, 0)));
    println!("D.1 windows: {windows} solves of several players in {files_used} case files");
    assert!(
        windows >= 200 && files_used >= 50,
        "{windows} windows in {files_used} files"
    );
}

/// C.04.3 C.7 (2026: C8): the next scoregroup's gain when a bracket
/// player joins it, read from the group's optimum when it can leave out
/// one of his heaviest opponents at no loss, gives the same round as a
/// solve for each bracket player, on every reference case file, in both
/// editions; it must have answered in many brackets for the comparison
/// to mean something.
#[test]
fn c043_c7_next_scoregroup_gains_without_a_solve_give_the_same_pairs() {
    let (rows, files_used) = served_on_case_files(&ROWS_WITHOUT_SOLVE);
    println!("next scoregroup gains without a solve: {rows} rows in {files_used} case files");
    assert!(
        rows >= 400 && files_used >= 60,
        "{rows} rows in {files_used} files"
    );
}

/// C.04.3 C.5 and C.7: in an odd bracket (not the PPB or the CLB) where
/// one player floats, replacing the next scoregroup by one stand-in whose
/// pair with each bracket player weighs what the next scoregroup's
/// pairing gains when he joins it gives the same round as the full
/// graph, on every reference case file. The stand-in must have served in
/// many brackets, and been dropped (more floaters) in some, for the
/// comparison to mean something.
#[test]
fn c043_c7_the_next_scoregroup_as_one_stand_in_gives_the_same_pairs() {
    let (mut used, mut dropped, mut files_used) = (0, 0, 0);
    for (f, state) in case_files() {
        let field = in_pairing_order::<Fide2017>(&state);
        let played = state.round - 1;
        STAND_INS.with(|c| c.set((true, 0, 0)));
        let with = pair_round_with(&field, played, true, None).ok();
        let (_, n, d) = STAND_INS.with(|c| c.replace((false, 0, 0)));
        let without = pair_round_with(&field, played, true, None).ok();
        assert_eq!(
            STAND_INS.with(|c| c.get()).1,
            0,
            "the stand-in served while off"
        );
        STAND_INS.with(|c| c.set((true, 0, 0)));
        assert_eq!(with, without, "{}", f.display());
        used += n;
        dropped += d;
        files_used += usize::from(n > 0);
    }
    println!("stand-in: {used} brackets ({dropped} dropped) in {files_used} case files");
    assert!(
        used >= 200 && dropped >= 1 && files_used >= 100,
        "the stand-in served in {used} brackets ({dropped} dropped) in {files_used} files"
    );
}

/// [`table_agrees`] at `b`'s weight width (`None` beyond four words).
fn table_agrees_any<E: EditionRules>(b: &Bracket<'_, E>) -> Option<bool> {
    match b.weight_words() {
        1 => table_agrees::<E, 1>(b),
        2 => table_agrees::<E, 2>(b),
        3 => table_agrees::<E, 3>(b),
        4 => table_agrees::<E, 4>(b),
        _ => None,
    }
}

/// Whether `b` builds a weight table, and if so whether every pair
/// reads from it the weight [`Bracket::edge_weight`] computes, also
/// through the palette, and whether the palette's rows
/// ([`EdgeWeights::rows`]) agree with it pair by pair: as built, with
/// pairs ruled out, and with a stand-in for the players after the
/// bracket.
fn table_agrees<E: EditionRules, const N: usize>(b: &Bracket<'_, E>) -> Option<bool> {
    let mut weights = EdgeWeights::<E, N>::new(b);
    if weights.table.is_empty() {
        return None;
    }
    let n = b.members.len();
    let palette = weights.palette()?;
    let pairs_agree = (0..n).all(|j| {
        (0..j).all(|i| {
            let w = weights.get(i, j);
            palette[weights.palette_index(i, j)] == w && (j < b.mdps || w == b.edge_weight(i, j))
        })
    });
    let mut rows_ok = rows_agree(&weights);
    let rule_out_some = |weights: &mut EdgeWeights<'_, '_, E, N>| {
        let n = weights.len();
        for i in 0..n {
            for j in (i + 1..n).filter(|j| (i * 7 + j) % 11 == 0) {
                weights.rule_out(i, j);
            }
        }
        if n > 4 {
            weights.rule_out_above(1, 3..n / 2 + 2);
        }
    };
    rule_out_some(&mut weights);
    rows_ok &= rows_agree(&weights);
    // The stand-in of the next scoregroup (of the PAB, when the bracket
    // holds every member).
    {
        weights.stand_in_for_next((0..b.size as u64).map(Wide::from_u64).collect());
        rows_ok &= rows_agree(&weights);
        rule_out_some(&mut weights);
        rows_ok &= rows_agree(&weights);
    }
    Some(pairs_agree && rows_ok)
}

/// Whether [`EdgeWeights::rows`] gives every row what
/// [`EdgeWeights::palette_index`] gives pair by pair, over all columns
/// and over a part of them.
fn rows_agree<E: EditionRules, const N: usize>(weights: &EdgeWeights<'_, '_, E, N>) -> bool {
    let (n, rows) = (weights.len(), weights.rows());
    let mut out = vec![0; n];
    (0..n).all(|a| {
        let part = n / 3..n - n / 4;
        rows.row(a, 0..n, &mut out);
        let whole = (0..n).all(|b| out[b] as usize == weights.palette_index(a, b));
        rows.row(a, part.clone(), &mut out[..part.len()]);
        whole
            && part
                .enumerate()
                .all(|(k, b)| out[k] as usize == weights.palette_index(a, b))
    })
}

/// The [`EdgeWeights`] table gives every pair the weight that
/// [`Bracket::edge_weight`] computes, i.e. `WeightFacts` holds
/// everything the weight reads, and its rows for the matcher
/// ([`EdgeWeights::rows`]) give the same pairs (C.1-C.3 cleared, pairs
/// ruled out, the stand-in): checked on every reference case file,
/// over brackets with MDPs and a next scoregroup, ordinary, PPB/CLB,
/// and before the last scoregroup.
#[test]
fn the_weight_table_matches_the_edge_weights() {
    let (mut checked, mut checked_2026) = (0, 0);
    for (f, state) in case_files() {
        let field = in_pairing_order::<Fide2017>(&state);
        let absolute = AbsoluteCriteria::new(&field);
        let group_end = |from: usize| {
            from + field[from..]
                .iter()
                .take_while(|p| p.score == field[from].score)
                .count()
        };
        let mdps = group_end(0);
        if mdps == field.len() {
            continue;
        }
        // Residents up to a score boundary, and (to tell the next
        // scoregroup from the residents by position alone) halfway.
        let end = group_end(mdps);
        let splits = [end, mdps + (end - mdps).div_ceil(2), field.len()];
        let kinds = [(false, false), (false, true), (true, true)];
        for (size, (ppb_or_clb, next_is_last)) in splits
            .into_iter()
            .flat_map(|c| kinds.into_iter().map(move |k| (c, k)))
        {
            let b = Bracket::new(
                &field,
                &absolute,
                (0..field.len()).collect(),
                mdps,
                size,
                ppb_or_clb,
                next_is_last,
                state.round - 1,
            );
            let agrees = table_agrees_any(&b);
            if let Some(ok) = agrees {
                let what =
                    format!("size={size} ppb_or_clb={ppb_or_clb} next_is_last={next_is_last}");
                assert!(ok, "{}: {what}", f.display());
                checked += 1;
            }
        }
        // The 2026 weights (criteria/fide2026.rs), with and without the
        // players after the next scoregroup and C9.
        let c9 = C9Ranks::new(&field, field[field.len() - 1].score);
        for (size, with_c9) in [(end, false), (end, true)] {
            let next_end = group_end(size).min(field.len());
            let b = Bracket::new_2026(
                &field,
                &absolute,
                (0..field.len()).collect(),
                mdps,
                size,
                next_end,
                true,
                state.round - 1,
                with_c9.then(|| c9.clone()),
            );
            let agrees = table_agrees_any(&b);
            if let Some(ok) = agrees {
                assert!(ok, "{}: 2026, size={size} c9={with_c9}", f.display());
                checked_2026 += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} brackets checked");
    assert!(
        checked_2026 > 100,
        "only {checked_2026} 2026 brackets checked"
    );
}

/// C.04.3 B.1-B.2 (2017) and Art. 3.3 (2026): an MDP is paired with a
/// resident, never with another MDP, so a heterogeneous bracket that
/// pairs all its players under C.1-C.3 only with an MDP-MDP pair does not
/// pair everyone, and the round loop may not leave the next scoregroup
/// out of its matching. The 11-point bracket of the hunt's case (MDPs 6,
/// 11, 13, 7; residents 14, 19) is such a bracket.
#[test]
fn c043_art_3_3_a_bracket_pairs_everyone_only_with_mdps_meeting_residents() {
    use super::completion::bracket_pairs_everyone;
    let path = swiss_testdata::path("hunt/cases/dutch-2026-mdps-only-meet-residents-r11.trf");
    let t = swiss_core::trf::read(&std::fs::read_to_string(path).unwrap(), "case").unwrap();
    let state = swiss_core::RoundState::next(&t);
    let fields = [
        ("2017", in_pairing_order::<Fide2017>(&state)),
        ("2026", in_pairing_order::<Fide2026>(&state)),
    ];
    for (edition, field) in fields {
        let absolute = AbsoluteCriteria::new(&field);
        let at = |start: u32| field.iter().position(|p| p.start_no == start).unwrap();
        let bracket: Vec<usize> = [6, 11, 13, 7, 14, 19].into_iter().map(at).collect();
        assert!(perfectly_pairable(&absolute, &bracket), "{edition}");
        assert!(!bracket_pairs_everyone(&absolute, &bracket, 4), "{edition}");
        // Without MDPs the same six players do pair everyone.
        assert!(bracket_pairs_everyone(&absolute, &bracket, 0), "{edition}");
    }
}

/// C.04.3 B.8: a bracket of one player has a single candidate, which
/// pairs nobody, so the round is the same when `Bracket::solve` returns it
/// at once as when the matching (with the next scoregroup) chooses it, on
/// every reference case file in both editions. Many brackets must have
/// taken the shortcut for the comparison to mean something.
#[test]
fn c043_b8_a_bracket_of_one_player_pairs_nobody() {
    let (lone, files_used) = served_on_case_files(&LONE);
    println!("lone player: {lone} brackets in {files_used} case files");
    assert!(
        lone >= 100 && files_used >= 50,
        "{lone} brackets in {files_used} files"
    );
}

/// C.04.3 C.1-C.3 (2026: C1-C3) and `XXP`: the table `AbsoluteCriteria`
/// builds once per round allows exactly the pairs the players' own
/// records allow, for every pair of every reference case file and every
/// hunt corpus file (which have forbidden pairs), in both editions'
/// fields. Pairs barred by a game, by `XXP` and by C.3 must all occur
/// for the comparison to mean something.
#[test]
fn c043_c1_c3_the_table_of_absolute_criteria_reads_the_records() {
    let mut files: Vec<_> = case_files();
    for edition in ["dutch-2017", "dutch-2026"] {
        let dir = swiss_testdata::path(&format!("hunt/{edition}"));
        for f in swiss_testdata::files(&dir, "trf").unwrap() {
            let text = std::fs::read_to_string(&f).unwrap();
            let t = swiss_core::trf::read(&text, "hunt").unwrap();
            files.push((f, swiss_core::RoundState::next(&t)));
        }
    }
    let (mut met, mut xxp, mut c3) = (0, 0, 0);
    for (f, state) in &files {
        for field in [
            in_pairing_order::<Fide2017>(state),
            in_pairing_order::<Fide2026>(state),
        ] {
            let absolute = AbsoluteCriteria::new(&field);
            for i in 0..field.len() {
                for j in 0..field.len() {
                    let by_records = i != j && compatible(&field[i], &field[j]);
                    assert_eq!(absolute.allow(i, j), by_records, "{} {i}-{j}", f.display());
                    if i < j && !by_records {
                        let (a, b) = (&field[i], &field[j]);
                        if a.forbidden.contains(&b.start_no) {
                            met += 1;
                        } else if a.xxp.contains(&b.start_no) {
                            xxp += 1;
                        } else {
                            c3 += 1;
                        }
                    }
                }
            }
        }
    }
    println!("barred pairs: {met} by a game, {xxp} by XXP, {c3} by C.3");
    assert!(met > 1000 && xxp > 10 && c3 > 100, "{met} {xxp} {c3}");
}
