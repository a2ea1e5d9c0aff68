//! The `--system` argument and its options, resolved through the one table
//! of systems (`swiss-systems`); this file lists no system itself.

use clap::Args;
use clap::builder::PossibleValuesParser;
use swiss_core::PairingSystem;
use swiss_systems::{OptionName, Options, System};

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

    /// The options these arguments give, with an input file's own: a
    /// TCEC reference JSON's format takes precedence; the file's settings
    /// (`XXO`, JSON `settings`) apply where no flag is given and the
    /// system reads them (a Lim setting means nothing to another system).
    pub fn options(&self, input: Option<&Input>) -> Result<Options, Failure> {
        let entry = self.entry()?;
        // A file naming its edition (192) is paired under it unless
        // `--edition` says otherwise.
        let named = input
            .and_then(|i| i.tournament.system.as_deref())
            .and_then(|code| swiss_systems::by_code(code).ok())
            .filter(|(s, _)| s.name == entry.name)
            .and_then(|(_, e)| e);
        let edition = match &self.edition {
            Some(e) => Some(entry.edition(e).map_err(usage)?),
            None => named,
        };
        let double = input.and_then(|i| i.double).unwrap_or(self.double);
        let file = input.map(|i| i.tournament.settings).unwrap_or_default();
        let reads = |o: OptionName| entry.accepts.contains(&o);
        // The range the file's `XXO default-rating=R` is held to.
        if let Some(r) = self.default_rating
            && !(1..=swiss_core::limits::MAX_RATING).contains(&r)
        {
            return Err(Failure::new(
                crate::input::EXIT_INVALID,
                format!(
                    "swiss: --default-rating {r}: expected a default rating from 1 to {}",
                    swiss_core::limits::MAX_RATING
                ),
            ));
        }
        let default_rating = self.default_rating.or(file
            .default_rating
            .filter(|_| reads(OptionName::DefaultRating)));
        let maxi = self.maxi || (file.maxi && reads(OptionName::Maxi));
        Ok(Options::DEFAULT
            .with_edition(edition)
            .with_double(double)
            .with_default_rating(default_rating)
            .with_maxi(maxi))
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
    Failure::new(EXIT_USAGE, format!("swiss: {e}"))
}
