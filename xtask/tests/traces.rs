//! Snapshot tests of the pairing traces: computed in parallel once, asserted
//! one by one here (never inside rayon workers). A changed snapshot is a
//! behaviour change: review it with `cargo insta review`.
#![allow(clippy::unwrap_used)]

#[test]
fn traces_of_every_system_on_every_player_list() {
    let traces = xtask::traces::all(&xtask::root(), &xtask::systems()).unwrap();
    assert_eq!(
        traces.len(),
        xtask::systems().len() * xtask::traces::player_lists(&xtask::root()).unwrap().len()
    );
    for t in traces {
        insta::assert_snapshot!(t.name, t.text);
    }
}
