//! Every reference file must read and validate, and survive a write/read round trip.
#![allow(clippy::unwrap_used)]

use swiss_core::trf;

#[test]
fn every_oracle_tournament_reads_validates_and_round_trips() {
    let dir = swiss_testdata::path("oracle/dutch");
    let files = swiss_testdata::files(&dir, "trf").unwrap();
    assert_eq!(files.len(), 400);
    for f in files {
        let name = f.display().to_string();
        let t = swiss_testdata::read_trf(&f).unwrap_or_else(|e| panic!("{e}"));
        let again = trf::read(&trf::write(&t), &name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t, again, "{name}");
    }
}
