//! The 2026 edition (C.04.3 applied from 1 February 2026) at the seam of
//! [`EditionRules`]: its floats of unplayed rounds (Art. 1.4), its PAB bar
//! (C2), its round loop (C5 then C4 in every bracket, `engine/round_2026.rs`)
//! and its criteria C4-C21 as edge weights: the same packing as 2017's,
//! other fields. From the most significant down:
//!
//! - C4 (with C2 and C5): the pair is made, and how many of its players
//!   may not get the PAB; only when the bracket's matching holds every
//!   player not yet paired ([`Bracket::completion`]);
//! - C6: pairs in the bracket;
//! - C7: the scores of those pairs' higher players (the scores kept from
//!   floating down, highest first), which is C7's "downfloaters' scores as
//!   low as possible" once C6 fixed how many float;
//! - C8: pairs in the next scoregroup (a bracket player with a next
//!   player, or two next players), then the scores of their higher
//!   players: the next bracket's C6 and C7, one bracket ahead;
//! - C9: when the PAB is expected in this bracket, the played-games ranks
//!   of the players paired, so that the one left over has played the most;
//! - C10-C13: colours, as in 2017 (C.8-C.11), pairs in the bracket only;
//! - C14-C17: repeated floats (resident downfloaters, MDP opponents who
//!   upfloated), one and two rounds back;
//! - C18-C21: the same floats weighted by score (the repeated
//!   downfloaters' own scores, the upfloaters' opponents' scores);
//! - below them the bits the candidate order keeps free
//!   ([`reserved_bits`]).
//!
//! The reference engine for the 2026 rules (bbpPairings v6) packs its
//! weights in this order; reading the text this way reproduces its
//! pairings (see the crate docs, "The 2026 edition").

use std::cell::RefCell;

use swiss_core::{PlayerState, RoundState};
use swiss_matching::Wide;

use super::EditionRules;
use super::common::{LowerFields, Place, colour_criteria, report};
use crate::engine::bracket::Bracket;
use crate::engine::candidates::reserved_bits;
use crate::engine::completion::AbsoluteCriteria;
use crate::engine::record::Recorder;
use crate::engine::round_2026::pair_round_2026;
use crate::engine::weights::{ScoreLevels, bits, put};
use crate::float::{Float, float_2026};
use crate::player::Player;
use crate::{DutchError, Edition};

/// The 2026 edition's weights for one bracket: the score fields of C7,
/// C8 and C18-C21, C9's ranks when they apply, and where each
/// criterion's field starts.
pub(crate) struct Fide2026 {
    /// The score fields of C7, C8 and C18-C21.
    levels: ScoreLevels,
    /// C9: the PAB is expected in this bracket, as its only floater; the
    /// played-games ranks that prefer the assignee with the fewest
    /// unplayed rounds.
    c9: Option<C9Ranks>,
    /// Where each criterion's field starts in the packed weight.
    layout: Layout,
}

/// Bit positions of the fields of a 2026 weight (see the module docs).
#[derive(Default)]
struct Layout {
    completion: u32,
    c6: u32,
    c7: u32,
    c8_pairs: u32,
    c8_scores: u32,
    c9: u32,
    /// C10-C21 (weighted floats by score).
    lower: LowerFields,
}

impl Layout {
    /// The field positions of `b`'s weights, from the lowest up.
    fn of(b: &Bracket<'_, Fide2026>) -> Layout {
        let (count, scores) = (b.resident_bits, b.rules.levels.field_bits);
        let mut at = Layout::default();
        let mut p = reserved_bits(b);
        at.lower = LowerFields::place(b, count, scores, &mut p);
        if let Some(c9) = &b.rules.c9 {
            // A rank is below the players of the PAB's score; the sum over
            // the pairs below their square.
            at.c9 = p;
            p += 2 * bits(c9.players) + 1;
        }
        at.c8_scores = p;
        at.c8_pairs = p + scores;
        p += scores + bits(b.next_end - b.size);
        at.c7 = p;
        at.c6 = p + scores;
        at.completion = p + scores + count;
        at
    }
}

impl<'a> Bracket<'a, Fide2026> {
    /// A bracket of the 2026 edition: `members` are the MDPs, the
    /// residents up to `size`, the next scoregroup up to `next_end`, then
    /// (with `completion`) every other player not yet paired. `c9` is set
    /// when C9 applies to the bracket.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new_2026(
        field: &'a [Player],
        absolute: &'a AbsoluteCriteria,
        members: Vec<usize>,
        mdps: usize,
        size: usize,
        next_end: usize,
        completion: bool,
        rounds_played: u32,
        c9: Option<C9Ranks>,
    ) -> Self {
        let levels = ScoreLevels::new(members[..next_end].iter().map(|&i| field[i].score));
        let len = members.len();
        let rules = Fide2026 {
            levels,
            c9,
            layout: Layout::default(),
        };
        let mut b = Bracket::unlaid(field, absolute, members, (mdps, size, next_end), rules);
        b.ppb_or_clb = completion;
        b.next_is_last = next_end == len;
        b.rounds_played = rounds_played;
        b.rules.layout = Layout::of(&b);
        b
    }
}

impl EditionRules for Fide2026 {
    /// The 2026 round loop checks C4 on every bracket's candidate itself.
    const COMPLETION_CHECKED_PER_BRACKET: bool = true;

    fn floats(state: &RoundState, p: &PlayerState) -> [Option<Float>; 2] {
        [float_2026(state, p, 1), float_2026(state, p, 2)]
    }

    fn may_get_pab(state: &RoundState, p: &PlayerState) -> bool {
        // C2 refers to the Basic Rules' bar (C.04.1 Art. 4).
        p.may_receive_pab(&state.point_system)
    }

    /// C5 fixes the PAB's score first; then C4 holds in every bracket.
    fn pair_round(
        field: &mut [Player],
        rounds_played: u32,
        recorder: Option<&RefCell<Recorder>>,
    ) -> Result<Vec<Option<usize>>, DutchError> {
        pair_round_2026(field, rounds_played, recorder)
    }

    fn bits_below_top(&self) -> u32 {
        self.layout.completion
    }

    /// C4 (with C2 and C5), when the matching holds every player left.
    fn bye_eligibility_counts(b: &Bracket<'_, Self>) -> bool {
        b.completion()
    }

    /// C9: the leftover must have played as many games as anybody.
    fn pab_to_most_games(&self) -> bool {
        self.c9.is_some()
    }

    const EDITION: Edition = Edition::Fide2026;

    fn fields(b: &Bracket<'_, Self>) -> Vec<(&'static str, u32)> {
        let at = &b.rules.layout;
        let mut v = Vec::new();
        if b.completion() {
            v.push(("C4", at.completion));
        }
        v.extend([
            ("C6", at.c6),
            ("C7", at.c7),
            ("C8 pairs", at.c8_pairs),
            ("C8 scores", at.c8_scores),
        ]);
        if b.rules.c9.is_some() {
            v.push(("C9", at.c9));
        }
        v.extend(at.lower.fields(b, ["C10", "C11", "C12", "C13"], 14));
        v
    }

    fn subtracted(_: &str) -> bool {
        false
    }

    fn score_levels(&self, name: &str) -> Option<&ScoreLevels> {
        matches!(name, "C7" | "C8 scores" | "C18" | "C19" | "C20" | "C21").then_some(&self.levels)
    }

    /// In the order of [`Layout`] (see the module docs).
    fn legal_pair_weight<const N: usize>(b: &Bracket<'_, Self>, i: usize, j: usize) -> Wide<N> {
        let (higher, lower) = (b.player(i), b.player(j));
        let (at, levels) = (&b.rules.layout, &b.rules.levels);
        let mut r = Wide::<N>::ZERO;
        // C4 (C2, C5): every pair counts; players who may not get the
        // PAB count again, so that the one left over may.
        if b.completion() {
            let barred = |p: &Player| u64::from(!p.may_get_bye);
            r = put(1 + barred(higher) + barred(lower), at.completion);
        }
        let (place_higher, place_lower) = (b.place(i), b.place(j));
        match (place_higher, place_lower) {
            (Place::Bracket, Place::Bracket) => {
                // C6, C7.
                r = r.add(put(1, at.c6)).add(levels.bit(at.c7, higher.score));
            }
            (Place::Bracket | Place::Next, Place::Next) => {
                // C8: the next bracket's C6 and C7.
                r = r
                    .add(put(1, at.c8_pairs))
                    .add(levels.bit(at.c8_scores, higher.score));
            }
            _ => return r,
        }
        if let Some(c9) = &b.rules.c9 {
            r = r.add(put(c9.rank(higher) + c9.rank(lower), at.c9));
        }
        if place_lower != Place::Bracket {
            return r;
        }
        // C10-C13, judged with the lower player first.
        for (k, met) in colour_criteria(lower, higher).into_iter().enumerate() {
            if met {
                r = r.add(put(1, at.lower.colour[k]));
            }
        }
        for back in 1..=2usize {
            if b.rounds_played >= back as u32 {
                r = float_criteria(b, r, higher, lower, back);
            }
        }
        r
    }

    /// C6, C7 as the downfloaters' scores, C10-C17.
    fn unmet_criteria(b: &Bracket<'_, Self>, pairs: &[(usize, usize)]) -> String {
        let size = b.size;
        let mut paired = vec![false; size];
        // C10-C13, then C14-C17 (downfloats and upfloats, one round back,
        // then two).
        let mut counts = [0usize; 8];
        for &(x, y) in pairs {
            paired[x] = true;
            paired[y] = true;
            let (higher, lower) = (b.player(x.min(y)), b.player(x.max(y)));
            for (k, met) in colour_criteria(lower, higher).into_iter().enumerate() {
                counts[k] += usize::from(!met);
            }
            for (k, back) in [1usize, 2].into_iter().enumerate() {
                if higher.score > lower.score && lower.float(back) == Some(Float::Up) {
                    counts[5 + 2 * k] += 1;
                }
            }
        }
        let floaters: Vec<usize> = (0..size).filter(|&i| !paired[i]).collect();
        for &i in floaters.iter().filter(|&&i| i >= b.mdps) {
            for (k, back) in [1usize, 2].into_iter().enumerate() {
                counts[4 + 2 * k] += usize::from(b.player(i).float(back) == Some(Float::Down));
            }
        }
        let mut v = Vec::new();
        let short = size / 2 - pairs.len().min(size / 2);
        if short > 0 {
            v.push(format!("C6 pairs short: {short}"));
        }
        if !floaters.is_empty() {
            let scores: Vec<String> = floaters
                .iter()
                .map(|&i| swiss_core::Points(b.player(i).score).to_string())
                .collect();
            v.push(format!("C7 downfloaters' scores: {}", scores.join(" ")));
        }
        let names = ["C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17"];
        for (name, c) in names.iter().zip(counts) {
            if c > 0 {
                v.push(format!("{name}: {c}"));
            }
        }
        report(v)
    }
}

/// C14-C21 for the floats `back` rounds ago (1: C14, C15, C18, C19;
/// 2: C16, C17, C20, C21), added to `r`.
fn float_criteria<const N: usize>(
    b: &Bracket<'_, Fide2026>,
    mut r: Wide<N>,
    higher: &Player,
    lower: &Player,
    back: usize,
) -> Wide<N> {
    let (at, levels) = (&b.rules.layout, &b.rules.levels);
    let down = |p: &Player| p.float(back) == Some(Float::Down);
    let up = |p: &Player| p.float(back) == Some(Float::Up);
    let k = back - 1;
    // An MDP is the higher player of his pair, with a higher score.
    let mdp_pair = higher.score > lower.score;
    // C14/C16: resident downfloaters of that round paired here (an
    // MDP floating again is not protected).
    let residents = u64::from(down(lower)) + u64::from(!mdp_pair && down(higher));
    r = r.add(put(residents, at.lower.float_down[k]));
    // C15/C17: pairs whose lower player is not an MDP's opponent who
    // upfloated in that round.
    let upfloat_again = mdp_pair && up(lower);
    if !upfloat_again {
        r = r.add(put(1, at.lower.float_up[k]));
    }
    // C18/C20: the scores of the repeated downfloaters paired here.
    if down(lower) {
        r = r.add(levels.bit(at.lower.float_down_weighted[k], lower.score));
    }
    if down(higher) {
        r = r.add(levels.bit(at.lower.float_down_weighted[k], higher.score));
    }
    // C19/C21: the scores of the MDPs whose opponents do not upfloat
    // again.
    if !upfloat_again {
        r = r.add(levels.bit(at.lower.float_up_weighted[k], higher.score));
    }
    r
}
/// C.04.3 (2026) C9 for one bracket: the PAB is expected here, as the
/// bracket's only floater, and goes preferably to the player with the
/// fewest unplayed rounds.
#[derive(Clone, Debug)]
pub(crate) struct C9Ranks {
    /// The PAB's score (C5: the lowest a complete pairing allows).
    pub(crate) score: i32,
    /// For each number of games played by a player of that score, his
    /// rank: higher for fewer games, so that pairing the high ranks leaves
    /// the most games played over for the PAB.
    pub(crate) ranks: Vec<(usize, u64)>,
    /// Players of that score.
    pub(crate) players: usize,
}

impl C9Ranks {
    /// The ranks of the players of `field` whose score is `score`.
    pub(crate) fn new(field: &[Player], score: i32) -> C9Ranks {
        let games = field
            .iter()
            .filter(|p| p.score == score)
            .map(Player::played_games);
        C9Ranks::of_games(score, games.collect())
    }

    /// The ranks of players of `score` who played `games` games each.
    fn of_games(score: i32, mut games: Vec<usize>) -> C9Ranks {
        games.sort_unstable_by(|a, b| b.cmp(a));
        let mut ranks: Vec<(usize, u64)> = Vec::new();
        for (rank, &g) in games.iter().enumerate() {
            // Equal counts share the rank of the last of them.
            match ranks.last_mut() {
                Some(last) if last.0 == g => last.1 = rank as u64,
                _ => ranks.push((g, rank as u64)),
            }
        }
        C9Ranks {
            score,
            ranks,
            players: games.len(),
        }
    }

    /// The rank of `p` (zero unless he has the PAB's score).
    pub(crate) fn rank(&self, p: &Player) -> u64 {
        self.rank_of(p.score, p.played_games())
    }

    /// The rank of a player of `score` who played `g` games.
    fn rank_of(&self, score: i32, g: usize) -> u64 {
        if score != self.score {
            return 0;
        }
        self.ranks
            .iter()
            .find(|&&(games, _)| games == g)
            .map_or(0, |&(_, r)| r)
    }
}

#[cfg(test)]
mod tests {
    use swiss_matching::Wide;

    use super::C9Ranks;
    use crate::engine::weights::ScoreLevels;

    /// C.04.3 (2026) C9: among the players of the PAB's score, fewer games
    /// played rank higher (pairing them leaves the most games played over
    /// for the PAB); equal counts rank alike; other scores do not count.
    #[test]
    fn c2026_c9_fewer_games_played_rank_higher() {
        let c9 = C9Ranks::of_games(10, vec![4, 5, 3, 5]);
        let rank = |g| c9.rank_of(10, g);
        assert!(rank(5) < rank(4) && rank(4) < rank(3), "{c9:?}");
        assert_eq!(c9.rank_of(15, 3), 0);
        assert_eq!(c9.players, 4);
    }

    /// C.04.3 (2026) C7 (and C8, C18-C21): one player or pair counted at
    /// a higher score outweighs every count at the lower scores together,
    /// so the sums compare the counted scores highest first.
    #[test]
    fn c2026_c7_score_fields_compare_highest_score_first() {
        let scores = [20, 10, 10, 10, 5, 5, 5, 5, 0];
        let levels = ScoreLevels::new(scores.into_iter());
        let bit = |s| levels.bit::<1>(0, s);
        let lower = scores
            .iter()
            .filter(|&&s| s < 20)
            .fold(Wide::<1>::ZERO, |sum, &s| sum.add(bit(s)));
        assert!(bit(20) > lower);
        let below_ten = scores
            .iter()
            .filter(|&&s| s < 10)
            .fold(Wide::<1>::ZERO, |sum, &s| sum.add(bit(s)));
        assert!(bit(10) > below_ten);
    }
}
