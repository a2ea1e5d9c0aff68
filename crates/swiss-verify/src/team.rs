//! The FIDE Swiss team system (C.04.6): its absolute criteria re-checked
//! on a team pairing (TPNs), from the team record alone.

use std::collections::BTreeSet;

use swiss_core::{Pairing, TeamRoundKind, Tournament};

use crate::{Verifier, Violation};

/// C.04.6's absolute criteria: every team to pair is paired once, no team
/// that is not is paired, `[C1]` (`2.1.1`: no two teams meet twice, played
/// matches counting; TRF-2026 `260` prohibitions), `[C2]` (`2.1.2`: no PAB
/// after a PAB, a match won by forfeit or a full-point bye), a PAB only
/// when the number is odd (`1.4`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Team;

impl Team {
    /// The 2026 text.
    pub const FIDE_2026: Team = Team;
}

impl Verifier for Team {
    fn verify(&self, t: &Tournament, p: &Pairing) -> Vec<Violation> {
        let mut out = Vec::new();
        let mut v = |rule: &'static str, detail: String| out.push(Violation { rule, detail });
        let Some(ts) = &t.teams else {
            v("C.04.6 1.1", "not a team tournament".into());
            return out;
        };
        let h = match ts.history(t) {
            Ok(h) => h,
            Err(e) => {
                v("C.04.6 1.1", format!("the team record cannot be read: {e}"));
                return out;
            }
        };
        let round = t.next_round();
        let to_pair: BTreeSet<u32> = ts
            .teams
            .iter()
            .map(|x| x.tpn)
            .filter(|x| !h.not_to_pair.contains(x))
            .collect();
        let mut seen: BTreeSet<u32> = BTreeSet::new();
        let mut once = |x: u32, v: &mut dyn FnMut(&'static str, String)| {
            if !to_pair.contains(&x) {
                v(
                    "C.04.6 3.3.2",
                    format!("team {x} is paired but not to be paired in round {round}"),
                );
            }
            if !seen.insert(x) {
                v("C.04.6 3.3.2", format!("team {x} is paired twice"));
            }
        };
        for pair in &p.pairs {
            once(pair.white, &mut v);
            once(pair.black, &mut v);
            let met = h.team(pair.white).is_some_and(|r| {
                r.rounds
                    .iter()
                    .any(|x| x.played() && x.opponent() == Some(pair.black))
            });
            if met {
                v(
                    "C.04.6 2.1.1 [C1]",
                    format!(
                        "teams {} and {} have played each other",
                        pair.white, pair.black
                    ),
                );
            }
            if ts
                .forbidden_in(round)
                .any(|g| g.contains(&pair.white) && g.contains(&pair.black))
            {
                v(
                    "C.04.6 2.1.1 [C1]",
                    format!(
                        "teams {} and {} may not meet in round {round} (record 260)",
                        pair.white, pair.black
                    ),
                );
            }
        }
        if let Some(b) = p.bye {
            once(b, &mut v);
            let barred = h.team(b).is_some_and(|r| {
                r.rounds.iter().any(|x| {
                    x.is_pab()
                        || x.forfeit_win()
                        || matches!(x.kind, TeamRoundKind::Bye(swiss_core::ByeKind::Full))
                })
            });
            if barred {
                v(
                    "C.04.6 2.1.2 [C2]",
                    format!("team {b} had a PAB, a forfeit win or a full-point bye"),
                );
            }
            if to_pair.len().is_multiple_of(2) {
                v(
                    "C.04.6 1.4",
                    format!("a PAB ({b}) with an even number of teams"),
                );
            }
        }
        for x in to_pair.difference(&seen) {
            v("C.04.6 3.3.2", format!("team {x} is not paired"));
        }
        out
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use swiss_core::Pair;

    /// `testdata/trf/team/valid/team-tournament.trf` before round 3: 1-2
    /// played in round 1 (3 the PAB), 3 beat 1 by forfeit in round 2 (2 the
    /// PAB). `[C1]` bars 1-2 (played), not 1-3 (forfeited); `[C2]` bars 2
    /// (a PAB) and 3 (a PAB and a forfeit win) from the PAB.
    #[test]
    fn c046_team_verifier_c1_c2() {
        let text =
            std::fs::read_to_string("../../testdata/trf/team/valid/team-tournament.trf").unwrap();
        let t = swiss_core::trf::read(&text, "team-tournament.trf").unwrap();
        assert_eq!(t.next_round(), 3);
        let p = |pairs: &[(u32, u32)], bye| Pairing {
            round: 3,
            pairs: pairs
                .iter()
                .map(|&(white, black)| Pair { white, black })
                .collect(),
            bye,
        };
        assert!(Team.verify(&t, &p(&[(2, 3)], Some(1))).is_empty());
        assert!(
            Team.verify(&t, &p(&[(1, 3)], Some(2)))
                .iter()
                .any(|v| v.rule.contains("[C2]"))
        );
        let bad = Team.verify(&t, &p(&[(1, 2)], Some(3)));
        let rules: Vec<&str> = bad.iter().map(|v| v.rule).collect();
        assert!(rules.contains(&"C.04.6 2.1.1 [C1]"), "{bad:?}");
        assert!(rules.contains(&"C.04.6 2.1.2 [C2]"), "{bad:?}");
        let missing = Team.verify(&t, &p(&[], Some(1)));
        assert!(
            missing.iter().any(|v| v.detail.contains("not paired")),
            "{missing:?}"
        );
    }
}
