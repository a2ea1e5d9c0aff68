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

/// Options that only some systems read.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemOptions {
    /// TCEC: double rounds (two TRF columns per round).
    pub double: bool,
}

impl SystemOptions {
    /// The TCEC options these flags give.
    pub fn tcec(self) -> swiss_tcec::TcecOptions {
        swiss_tcec::TcecOptions {
            format: if self.double {
                swiss_tcec::Format::Double
            } else {
                swiss_tcec::Format::Single
            },
        }
    }
}

/// The engine for `name`, or a clear "not available yet" failure (exit 2).
pub fn engine(name: SystemName, options: SystemOptions) -> Result<Box<dyn PairingSystem>, Failure> {
    if options.double && name != SystemName::Tcec {
        return Err(Failure::new(
            EXIT_UNEXPECTED,
            "swiss: --double applies to the TCEC system only",
        ));
    }
    match name {
        SystemName::Dutch => Ok(Box::new(swiss_dutch::Dutch)),
        SystemName::Tcec => Ok(Box::new(swiss_tcec::Tcec {
            options: options.tcec(),
        })),
        SystemName::Dubov | SystemName::Lim => Err(Failure::new(
            EXIT_UNEXPECTED,
            format!(
                "swiss: the {} pairing system is not available yet in this build",
                name.as_str()
            ),
        )),
    }
}
