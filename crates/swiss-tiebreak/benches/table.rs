//! Placeholder: the table benchmark (see the crate README).
#![allow(missing_docs)]
fn main() {}
