//! The `--system` argument and its options, resolved through the one table
//! of systems (`swiss-systems`); this file lists no system itself.

use clap::Args;
use clap::builder::PossibleValuesParser;
use swiss_core::PairingSystem;
use swiss_systems::{Options, RegistryError, System};

use crate::input::{EXIT_USAGE, Failure, Input};

/// The pairing system and its options.
#[derive(Clone, Debug, Args)]
pub struct SystemArgs {
    /// Pairing system.
    #[arg(long, value_parser = PossibleValuesParser::new(swiss_systems::names()))]
    pub system: String,
    /// The edition of the system's rules (`--edition 2026`, `2017` or
    /// `2012` for the Dutch system, `2026` or `2018` for Dubov, `2026` or
    /// `1999` for Lim); default: the edition the file names (TRF-2026
    /// record 192, e.g. `FIDE_DUTCH_2017`), else the system's current
    /// edition (2026, the rules in force).
    #[arg(long)]
    pub edition: Option<String>,
    /// TCEC: double rounds (each round is two games with reversed colours,
    /// written as two TRF columns).
    #[arg(long)]
    pub double: bool,
    /// Dubov A.1: the provisional rating given to unrated players
    /// (default: the file's `XXO default-rating=R`, JSON
    /// `settings.default_rating`).
    #[arg(long, value_name = "RATING")]
    pub default_rating: Option<u16>,
    /// Lim: apply the Maxi-tournament 100-rating-point rule (also when
    /// the file says `XXO maxi`, JSON `settings.maxi`).
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

    /// The options these arguments give, with an input file's own
    /// ([`swiss_systems::System::resolve`]: the resolution the Python
    /// package shares).
    pub fn options(&self, input: Option<&Input>) -> Result<Options, Failure> {
        let asked = Options::DEFAULT
            .with_double(self.double)
            .with_default_rating(self.default_rating)
            .with_maxi(self.maxi);
        let file = input.map(Input::says);
        self.entry()?
            .resolve(self.edition.as_deref(), asked, file)
            .map_err(|e| match e {
                RegistryError::DefaultRatingOutOfRange { .. } => {
                    Failure::new(crate::input::EXIT_INVALID, format!("swiss: --{e}"))
                }
                e => usage(e),
            })
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

fn usage(e: RegistryError) -> Failure {
    Failure::new(EXIT_USAGE, format!("swiss: {e}"))
}
