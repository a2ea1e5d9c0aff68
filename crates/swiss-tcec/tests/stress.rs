//! Generated events of every size and length in both formats: every round
//! pairs (`TCEC STEP 3` finds a viable pairing after removals), no pair
//! repeats a meeting of the remaining encounter history, and single
//! rounds keep `|WGD| <= 2` (`TCEC STEP 5` notes).
#![allow(clippy::unwrap_used)]

mod common;

use common::{play, players};
use swiss_core::simulate::Rng;
use swiss_tcec::Format;

#[test]
fn generated_events_keep_the_invariants() {
    let mut rng = Rng::new(2024);
    let mut rounds_paired = 0;
    for case in 0..240u32 {
        let format = if case % 3 == 0 {
            Format::Double
        } else {
            Format::Single
        };
        let p = 2 + rng.below(23) as u32;
        let n = 1 + rng.below(u64::from(2 * p) + 2) as u32;
        let draw = rng.below(100);
        let mut t = players(p);
        // Round of every meeting, per pair, to check the history rule.
        let mut met: Vec<Vec<u32>> = vec![vec![0; p as usize + 1]; p as usize + 1];
        let mut wgd = vec![0i32; p as usize + 1];
        for k in 1..=n {
            let paired =
                swiss_tcec::pair_next_round(&t, &swiss_tcec::Options::DEFAULT.with_format(format))
                    .unwrap();
            for pair in &paired.pairs {
                let last = met[pair.first as usize][pair.second as usize];
                assert!(
                    last <= paired.history_rounds_removed,
                    "case {case} round {k}: {}-{} met in round {last}",
                    pair.first,
                    pair.second
                );
                if format == Format::Single {
                    assert!((wgd[pair.white as usize] + wgd[pair.black as usize]).abs() <= 2);
                }
            }
            let results: String = paired
                .games
                .iter()
                .map(|_| {
                    let x = rng.below(100);
                    if x < draw {
                        'D'
                    } else if x.is_multiple_of(2) {
                        'W'
                    } else {
                        'B'
                    }
                })
                .collect();
            let r = play(&mut t, format, &results);
            assert_eq!(r, paired);
            for pair in &r.pairs {
                met[pair.first as usize][pair.second as usize] = k;
                met[pair.second as usize][pair.first as usize] = k;
                if format == Format::Single {
                    wgd[pair.white as usize] += 1;
                    wgd[pair.black as usize] -= 1;
                    assert!(wgd[pair.white as usize].abs() <= 2);
                    assert!(wgd[pair.black as usize].abs() <= 2);
                }
            }
            rounds_paired += 1;
        }
    }
    println!("tcec stress: {rounds_paired} rounds paired in 240 events");
}
