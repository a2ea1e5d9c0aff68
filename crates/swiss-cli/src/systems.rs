//! The pairing systems the command knows, and which of them are built.

use clap::ValueEnum;
use swiss_core::PairingSystem;

use crate::input::{EXIT_UNEXPECTED, Failure};

/// A pairing system named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SystemName {
    /// FIDE Dutch system (C.04.3, 2017 rules).
    Dutch,
    /// FIDE Dubov system (C.04.4.1).
    Dubov,
    /// FIDE Lim system (C.04.4.3).
    Lim,
    /// TCEC Swiss system.
    Tcec,
}

impl SystemName {
    pub fn as_str(self) -> &'static str {
        match self {
            SystemName::Dutch => "dutch",
            SystemName::Dubov => "dubov",
            SystemName::Lim => "lim",
            SystemName::Tcec => "tcec",
        }
    }
}

/// The engine for `name`, or a clear "not available yet" failure (exit 2).
pub fn engine(name: SystemName) -> Result<Box<dyn PairingSystem>, Failure> {
    match name {
        SystemName::Dutch | SystemName::Dubov | SystemName::Lim | SystemName::Tcec => {
            Err(Failure::new(
                EXIT_UNEXPECTED,
                format!(
                    "swiss: the {} pairing system is not available yet in this build",
                    name.as_str()
                ),
            ))
        }
    }
}
