//! An arbiter's proposal compared with the engine's pairing
//! ([`swiss_core::compare`]), with the legality part from this crate's
//! independent verifiers: a breach found here cannot hide behind the
//! engine's own reading of the rules.

use swiss_core::{Breach, Comparison, Pairing, PairingError, PairingSystem, Tournament};

use crate::Verifier;

/// Compares `proposed` with `system`'s pairing of the next round of `t`:
/// every absolute criterion `verify` finds broken, completeness, the
/// boards that differ, and for a legal proposal the first rule that
/// prefers the engine's pairing (when the system names it). Fails when
/// the engine cannot pair the round.
pub fn compare(
    system: &dyn PairingSystem,
    verify: &dyn Verifier,
    t: &Tournament,
    proposed: &Pairing,
) -> Result<Comparison, PairingError> {
    let breaches = verify
        .verify(t, proposed)
        .into_iter()
        .map(|v| Breach {
            rule: v.rule.to_string(),
            detail: v.detail,
        })
        .collect();
    swiss_core::compare(system, t, proposed, breaches)
}
