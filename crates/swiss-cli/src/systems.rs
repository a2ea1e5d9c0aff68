//! The `--system` argument and its options, resolved through the one table
//! of systems (`swiss-systems`); this file lists no system itself.

use clap::Args;
use clap::builder::PossibleValuesParser;
use swiss_core::PairingSystem;
use swiss_systems::{Options, System};

use crate::input::{EXIT_UNEXPECTED, Failure, Input};

/// The pairing system and its options.
#[derive(Clone, Debug, Args)]
pub struct SystemArgs {
    /// Pairing system.
    #[arg(long, value_parser = PossibleValuesParser::new(swiss_systems::names()))]
    pub system: String,
    /// The edition of the system's rules (e.g. `--edition 2017` for the
    /// Dutch system); default: the system's current edition.
    #[arg(long)]
    pub edition: Option<String>,
    /// TCEC: double rounds (each round is two games with reversed colours,
    /// written as two TRF columns).
    #[arg(long)]
    pub double: bool,
    /// Dubov A.1: the provisional rating given to unrated players.
    #[arg(long, value_name = "RATING")]
    pub default_rating: Option<u16>,
    /// Lim: apply the Maxi-tournament 100-rating-point rule.
    #[arg(long)]
    pub maxi: bool,
}

impl SystemArgs {
    /// These arguments for system `name` with every option off.
    pub fn named(name: &str) -> SystemArgs {
        SystemArgs {
            system: name.to_string(),
            edition: None,
            double: false,
            default_rating: None,
            maxi: false,
        }
    }

    /// The table entry of the system named.
    pub fn entry(&self) -> Result<&'static System, Failure> {
        swiss_systems::find(&self.system).map_err(usage)
    }

    /// The options these arguments give, an input file's own settings
    /// (a TCEC reference JSON names its format) taking precedence.
    pub fn options(&self, input: Option<&Input>) -> Result<Options, Failure> {
        let edition = match &self.edition {
            Some(e) => Some(self.entry()?.edition(e).map_err(usage)?),
            None => None,
        };
        let double = input.and_then(|i| i.double).unwrap_or(self.double);
        Ok(Options::DEFAULT
            .with_edition(edition)
            .with_double(double)
            .with_default_rating(self.default_rating)
            .with_maxi(self.maxi))
    }

    /// The engine these arguments name.
    pub fn engine(&self) -> Result<Box<dyn PairingSystem>, Failure> {
        self.engine_for(None)
    }

    /// The engine for a file (see [`SystemArgs::options`]); a file that
    /// names another system (record 192) is refused.
    pub fn engine_for(&self, input: Option<&Input>) -> Result<Box<dyn PairingSystem>, Failure> {
        if let Some(input) = input {
            crate::input::check_system(input, &self.system)?;
        }
        self.entry()?.build(&self.options(input)?).map_err(usage)
    }
}

fn usage(e: swiss_systems::RegistryError) -> Failure {
    Failure::new(EXIT_UNEXPECTED, format!("swiss: {e}"))
}
