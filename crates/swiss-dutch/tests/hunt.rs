//! Rounds where the hunt against the reference engine (`cargo xtask
//! hunt`, README "Reference hunt") found this engine pairing otherwise,
//! one test per cause, each naming the rule the difference traced to.
//! A case is the state before the round (`testdata/hunt/cases/NAME.trf`)
//! and the reference engine's output for it (`NAME.pairs`: pairs,
//! colours, bye and board order); each test fails without its fix.
#![allow(clippy::unwrap_used)]

use swiss_dutch::Dutch;

fn check(name: &str, dutch: Dutch) {
    let path = swiss_testdata::path(&format!("hunt/cases/{name}.trf"));
    let case = swiss_testdata::Case::read(&path).unwrap();
    if let Err(e) = case.check(&dutch) {
        panic!("{e}");
    }
}

/// C.04.3 (2026) Art. 3.3: an MDP is paired with a resident, never with
/// another MDP. The 11-point bracket of round 11 holds four MDPs (6, 11,
/// 13, 7) and two residents (14, 19): it is even, and it could pair all
/// six players only with an MDP-MDP pair, so it floats two MDPs and C8
/// must see the next bracket to choose them. Leaving that bracket out
/// (the shortcut for brackets that pair everyone) made 11-19 and floated
/// 13; the reference pairs 13-19 and floats 11, whom the 6-point bracket
/// pairs with 20.
#[test]
fn c2026_art_3_3_a_bracket_that_only_mdp_pairs_would_complete_floats_by_c8() {
    check("dutch-2026-mdps-only-meet-residents-r11", Dutch::FIDE_2026);
}
