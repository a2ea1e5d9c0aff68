//! The 2012 edition end to end: replays of reference tournaments, every
//! pairing re-checked by the independent verifier of the absolute
//! criteria (B.1, B.2 with its top-scorer note, the bye once).
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use swiss_core::{PairingSystem, Tournament, before_round, trf};
use swiss_dutch::Dutch;
use swiss_verify::Verified;

fn oracle_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/dutch")
}

fn read(path: &std::path::Path) -> Tournament {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    trf::read(&std::fs::read_to_string(path).unwrap(), &name).unwrap()
}

/// Pairs every round of `t` (as it stood before that round) with the 2012
/// edition under the verifier; returns the rounds paired the same as the
/// record.
fn replay(t: &Tournament) -> Result<(u32, u32), String> {
    let system = Verified {
        system: &Dutch::FIDE_2012,
        verify: &swiss_verify::Dutch::FIDE_2012,
    };
    let rounds = t.played_rounds();
    let mut same = 0;
    for k in 1..=rounds {
        let before = before_round(t, k);
        let p = system
            .pair(&before)
            .map_err(|e| format!("round {k}: {e}"))?;
        if swiss_core::same_pairing(&p, &swiss_core::Pairing::recorded(t, k)) {
            same += 1;
        }
    }
    Ok((same, rounds))
}

/// A handful of reference tournaments, small and large, with byes,
/// forfeits and absences: every round pairs without error and passes the
/// verifier.
#[test]
fn fide2012_replays_reference_tournaments_under_the_verifier() {
    let files = swiss_testdata::all_files(&oracle_dir()).unwrap();
    let pick: Vec<&PathBuf> = files.iter().step_by(40).collect();
    assert_eq!(pick.len(), 10);
    for f in pick {
        let t = read(f);
        let (same, rounds) = replay(&t).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        println!("{}: {same}/{rounds} rounds as the 2017 record", f.display());
    }
}
