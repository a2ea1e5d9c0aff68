//! The one table of the pairing systems the `swiss` workspace builds.
//!
//! The command line (`--system`, `check`, `generate`, the established
//! engines' `--dutch FILE -p`), the xtask (`oracle`, `traces`, `bench`,
//! the round-trip test) and the fuzz targets all read [`SYSTEMS`]; none of
//! them lists a system itself. Adding a system means adding its crate and
//! one [`System`] entry here.
//!
//! Each entry says what the system is called, which editions and options it
//! accepts, how to build its engine from [`Options`], its independent
//! verifier (`swiss-verify`), what its simulated events look like, the
//! variants the traces and benchmarks run, and how its reference data is
//! replayed.

use swiss_core::Replay;
use swiss_core::simulate::SimulationConfig;
use swiss_core::{PairingError, PairingSystem, Tournament, trf};
use swiss_verify::Verifier;

/// An edition of a system's rules, typed by the system's own crate. Its
/// name ([`Edition::as_str`], `"2017"`) is what the command line, TRF-2026
/// record 192 and the table spell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Edition {
    /// A FIDE Dutch text.
    Dutch(swiss_dutch::Edition),
    /// A FIDE Dubov text.
    Dubov(swiss_dubov::Edition),
    /// A FIDE Lim text.
    Lim(swiss_lim::Edition),
}

impl Edition {
    /// The Dutch 2026 rules.
    pub const DUTCH_2026: Edition = Edition::Dutch(swiss_dutch::Edition::Fide2026);
    /// The Dutch 2017 rules.
    pub const DUTCH_2017: Edition = Edition::Dutch(swiss_dutch::Edition::Fide2017);
    /// The Dutch 2012 text.
    pub const DUTCH_2012: Edition = Edition::Dutch(swiss_dutch::Edition::Fide2012);
    /// The Dubov 2026 text.
    pub const DUBOV_2026: Edition = Edition::Dubov(swiss_dubov::Edition::Fide2026);
    /// The Dubov 2018 text.
    pub const DUBOV_2018: Edition = Edition::Dubov(swiss_dubov::Edition::Fide2018);
    /// The Lim 2026 text.
    pub const LIM_2026: Edition = Edition::Lim(swiss_lim::Edition::Fide2026);
    /// The Lim 1999 text.
    pub const LIM_1999: Edition = Edition::Lim(swiss_lim::Edition::Fide1999);

    /// The name of the system it is an edition of.
    pub const fn system(self) -> &'static str {
        match self {
            Edition::Dutch(_) => "dutch",
            Edition::Dubov(_) => "dubov",
            Edition::Lim(_) => "lim",
        }
    }

    /// The edition's name: its year (`"2026"`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Edition::Dutch(e) => e.as_str(),
            Edition::Dubov(e) => e.as_str(),
            Edition::Lim(e) => e.as_str(),
        }
    }
}

impl std::fmt::Display for Edition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The options a system may accept, whatever the front end (command line,
/// JSON, a variant of the table). A system rejects an option it does not
/// read ([`System::build`]), so a misspelt intent never pairs silently.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The edition of the rules, `None` for the system's default.
    pub edition: Option<Edition>,
    /// TCEC: double rounds (two TRF columns per round).
    pub double: bool,
    /// Dubov A.1: the provisional rating of unrated players.
    pub default_rating: Option<u16>,
    /// Lim 3.2: the Maxi-tournament 100-rating-point rule.
    pub maxi: bool,
}

impl Options {
    /// No option set: every system's defaults.
    pub const DEFAULT: Options = Options {
        edition: None,
        double: false,
        default_rating: None,
        maxi: false,
    };

    /// These options with an edition (`None`: the system's default).
    pub const fn with_edition(mut self, edition: Option<Edition>) -> Options {
        self.edition = edition;
        self
    }

    /// These options with double rounds on or off.
    pub const fn with_double(mut self, double: bool) -> Options {
        self.double = double;
        self
    }

    /// These options with a provisional rating for unrated players.
    pub const fn with_default_rating(mut self, rating: Option<u16>) -> Options {
        self.default_rating = rating;
        self
    }

    /// These options with the Maxi-tournament rule on or off.
    pub const fn with_maxi(mut self, maxi: bool) -> Options {
        self.maxi = maxi;
        self
    }

    /// The options set, as `(option, whether set)`.
    fn set(&self) -> [(OptionName, bool); 4] {
        [
            (OptionName::Edition, self.edition.is_some()),
            (OptionName::Double, self.double),
            (OptionName::DefaultRating, self.default_rating.is_some()),
            (OptionName::Maxi, self.maxi),
        ]
    }
}

/// An option of [`Options`], named as on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionName {
    /// `--edition`.
    Edition,
    /// `--double`.
    Double,
    /// `--default-rating`.
    DefaultRating,
    /// `--maxi`.
    Maxi,
    /// `--baku` (`swiss generate`): the system reads accelerated points
    /// (C.04.7, records `XXA` / `250`, `192 ..._BAKU`).
    Acceleration,
}

impl OptionName {
    /// The command-line flag.
    pub const fn flag(self) -> &'static str {
        match self {
            OptionName::Edition => "--edition",
            OptionName::Double => "--double",
            OptionName::DefaultRating => "--default-rating",
            OptionName::Maxi => "--maxi",
            OptionName::Acceleration => "--baku",
        }
    }
}

/// What an input file says of how it is paired, beyond its players and
/// rounds: read by [`System::resolve`].
#[derive(Clone, Copy, Debug)]
pub struct FileSays<'a> {
    /// The tournament read (its record 192 system code and its `XXO`
    /// settings are used).
    pub tournament: &'a Tournament,
    /// Whether rounds are double, when the file says so (a TCEC reference
    /// JSON names its format).
    pub double: Option<bool>,
}

/// Why a system or its options were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegistryError {
    /// No system of that name is built.
    #[error("unknown pairing system `{name}` (known: {known})")]
    UnknownSystem {
        /// The name asked for.
        name: String,
        /// The names of the systems built, comma-separated.
        known: String,
    },
    /// The system does not read this option.
    #[error("{flag} does not apply to the {system} system (it applies to: {applies})")]
    OptionNotAccepted {
        /// The system.
        system: &'static str,
        /// The option's flag.
        flag: &'static str,
        /// The systems that read it, comma-separated.
        applies: String,
    },
    /// A provisional rating for unrated players outside the range a file's
    /// `XXO default-rating=R` is held to.
    #[error("default rating {rating}: expected a default rating from 1 to {max}")]
    DefaultRatingOutOfRange {
        /// The rating asked for.
        rating: u16,
        /// The highest rating ([`swiss_core::limits::MAX_RATING`]).
        max: u16,
    },
    /// The system has no such edition.
    #[error("the {system} system has no edition `{edition}` (editions: {known})")]
    UnknownEdition {
        /// The system.
        system: &'static str,
        /// The edition asked for.
        edition: String,
        /// Its editions, comma-separated.
        known: String,
    },
}

/// One labelled option set of a system: what the traces, the benchmarks,
/// the round-trip test and the fuzz targets run.
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    /// A unique label: the system's name, with the variant if any
    /// (`tcec-double`); it names trace snapshots and benchmark rows.
    pub label: &'static str,
    /// The options.
    pub options: Options,
}

/// How a system's reference data (tournaments paired round by round by an
/// established engine) is written, and so how it is replayed.
#[derive(Clone, Copy, Debug)]
pub enum Reference {
    /// Whole tournaments as TRF, replayed round by round with the system's
    /// engine (the C.04.A pairings checker).
    Tournaments,
    /// Files of the system's own form.
    Custom {
        /// Their extension (`json`).
        extension: &'static str,
        /// Replays one file (its text, and its name for messages).
        replay: fn(&Options, &str, &str) -> Result<Replay, String>,
    },
}

/// Pairs the next round of a tournament and returns it as JSON.
pub type RoundJson = fn(&Options, &Tournament) -> Result<serde_json::Value, PairingError>;

/// One pairing system: everything the front ends need to know of it.
pub struct System {
    /// The name on the command line (`--system dutch`, `--dutch`).
    pub name: &'static str,
    /// What it is, for help texts.
    pub title: &'static str,
    /// Its editions, the default first; empty when it has none.
    pub editions: &'static [Edition],
    /// The options it reads.
    pub accepts: &'static [OptionName],
    /// The `tracing` target its engine logs its decisions under (`--explain`).
    pub log_target: &'static str,
    /// The variants the traces, benchmarks and fuzz targets run.
    pub variants: &'static [Variant],
    /// Its reference data, when an established engine's exists.
    pub reference: Option<Reference>,
    /// The whole round as JSON, for systems whose round says more than its
    /// pairs (TCEC: pairing order, first-of-pair, history removal, playing
    /// order); `None`: the [`swiss_core::Pairing`] is the round.
    pub round_json: Option<RoundJson>,
    /// The standings' tie-breaks when neither the command line nor the
    /// file (TRF-2026 records 212/202) gives them: C.07 codes after
    /// points, comma-separated (`swiss-tiebreak`); `None`: the system
    /// ranks by its own rules (TCEC's final ranking).
    pub default_tiebreaks: Option<&'static str>,
    engine: fn(&Options) -> Box<dyn PairingSystem>,
    verifier: fn(&Options) -> &'static dyn Verifier,
    simulation: fn() -> SimulationConfig,
}

impl std::fmt::Debug for System {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("System").field("name", &self.name).finish()
    }
}

impl System {
    /// Whether the system reads `option`; the error names the systems that do.
    pub fn reads(&self, option: OptionName) -> Result<(), RegistryError> {
        if self.accepts.contains(&option) {
            return Ok(());
        }
        Err(RegistryError::OptionNotAccepted {
            system: self.name,
            flag: option.flag(),
            applies: join(
                SYSTEMS
                    .iter()
                    .filter(|s| s.accepts.contains(&option))
                    .map(|s| s.name),
            ),
        })
    }

    /// The engine for `options`, after checking that the system reads each
    /// option set and knows the edition asked for. Every system but the
    /// team system ([`TEAM_SYSTEM`]) pairs individuals: its engine refuses a
    /// team tournament ([`Tournament::teams`]) with
    /// [`PairingError::Unsupported`], naming the team system.
    pub fn build(&self, options: &Options) -> Result<Box<dyn PairingSystem>, RegistryError> {
        for (option, set) in options.set() {
            if set {
                self.reads(option)?;
            }
        }
        if let Some(e) = options.edition
            && !self.editions.contains(&e)
        {
            return Err(self.unknown_edition(e.as_str()));
        }
        let engine = (self.engine)(options);
        if self.name == TEAM_SYSTEM {
            return Ok(engine);
        }
        Ok(Box::new(Individual(engine)))
    }

    /// The options for pairing with this system, the one resolution of
    /// every front end (the CLI, the Python package), from the options
    /// `asked` and the `edition` named (a flag, a keyword):
    /// - an edition asked for wins over the one the file names (TRF-2026
    ///   record 192, when it names this system), which wins over the
    ///   system's default; its name may carry the `FIDE` prefix
    ///   ([`swiss_core::edition_year`]);
    /// - the file's format (a TCEC reference JSON) wins over `double`;
    /// - the file's settings (`XXO default-rating=R`, `XXO maxi`) apply
    ///   where nothing is asked and the system reads them (a Lim setting
    ///   means nothing to another system);
    /// - a default rating outside 1 to [`swiss_core::limits::MAX_RATING`]
    ///   is refused, as the file's own is.
    ///
    /// The result still goes through [`System::build`], which refuses an
    /// option the system does not read.
    pub fn resolve(
        &self,
        edition: Option<&str>,
        asked: Options,
        file: Option<FileSays<'_>>,
    ) -> Result<Options, RegistryError> {
        let tournament = file.map(|f| f.tournament);
        let named = tournament
            .and_then(|t| t.system.as_deref())
            .and_then(|code| by_code(code).ok())
            .filter(|(s, _)| s.name == self.name)
            .and_then(|(_, e)| e);
        let edition = match edition {
            Some(e) => Some(self.edition(&swiss_core::edition_year(e))?),
            None => asked.edition.or(named),
        };
        let max = swiss_core::limits::MAX_RATING;
        if let Some(rating) = asked.default_rating
            && !(1..=max).contains(&rating)
        {
            return Err(RegistryError::DefaultRatingOutOfRange { rating, max });
        }
        let double = file.and_then(|f| f.double).unwrap_or(asked.double);
        let settings = tournament.map(|t| t.settings).unwrap_or_default();
        let reads = |o: OptionName| self.accepts.contains(&o);
        let default_rating = asked.default_rating.or(settings
            .default_rating
            .filter(|_| reads(OptionName::DefaultRating)));
        let maxi = asked.maxi || (settings.maxi && reads(OptionName::Maxi));
        Ok(Options::DEFAULT
            .with_edition(edition)
            .with_double(double)
            .with_default_rating(default_rating)
            .with_maxi(maxi))
    }

    /// The edition named `name`, as the table spells it (`"2017"`).
    pub fn edition(&self, name: &str) -> Result<Edition, RegistryError> {
        self.editions
            .iter()
            .copied()
            .find(|e| e.as_str() == name)
            .ok_or_else(|| self.unknown_edition(name))
    }

    fn unknown_edition(&self, name: &str) -> RegistryError {
        RegistryError::UnknownEdition {
            system: self.name,
            edition: name.to_string(),
            known: join(self.editions.iter().map(|e| e.as_str())),
        }
    }

    /// The extension of its reference files, when it has reference data.
    pub fn reference_extension(&self) -> Option<&'static str> {
        match self.reference? {
            Reference::Tournaments => Some("trf"),
            Reference::Custom { extension, .. } => Some(extension),
        }
    }

    /// Replays one reference file (`text`, named `name` in messages) with
    /// the engine for `options`.
    pub fn replay_reference(
        &self,
        options: &Options,
        text: &str,
        name: &str,
    ) -> Result<Replay, String> {
        match self.reference {
            None => Err(format!("the {} system has no reference data", self.name)),
            Some(Reference::Tournaments) => {
                let t: Tournament = trf::read(text, name).map_err(|e| e.to_string())?;
                let engine = self.build(options).map_err(|e| e.to_string())?;
                Ok(swiss_core::check(engine.as_ref(), &t).into())
            }
            Some(Reference::Custom { replay, .. }) => replay(options, text, name),
        }
    }

    /// Its independent verifier (`swiss-verify`) for `options`.
    pub fn verifier(&self, options: &Options) -> &'static dyn Verifier {
        (self.verifier)(options)
    }

    /// What its simulated events look like by default (the random
    /// tournament generator's starting point).
    pub fn simulation(&self) -> SimulationConfig {
        (self.simulation)()
    }
}

fn join<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names.collect::<Vec<_>>().join(", ")
}

fn tcec(options: &Options) -> swiss_tcec::Tcec {
    swiss_tcec::Tcec::new(swiss_tcec::Options::DEFAULT.with_double(options.double))
}

/// Every system built, in a fixed order (the order of help texts, traces
/// and benchmark tables).
pub static SYSTEMS: &[System] = &[
    System {
        name: "dutch",
        title: "FIDE Dutch system (C.04.3)",
        editions: &[
            Edition::DUTCH_2026,
            Edition::DUTCH_2017,
            Edition::DUTCH_2012,
        ],
        accepts: &[OptionName::Edition, OptionName::Acceleration],
        log_target: "swiss_dutch",
        variants: &[
            Variant {
                label: "dutch",
                options: Options::DEFAULT,
            },
            Variant {
                label: "dutch-2017",
                options: Options::DEFAULT.with_edition(Some(Edition::DUTCH_2017)),
            },
            Variant {
                label: "dutch-2012",
                options: Options::DEFAULT.with_edition(Some(Edition::DUTCH_2012)),
            },
        ],
        reference: Some(Reference::Tournaments),
        round_json: None,
        default_tiebreaks: Some(FIDE_TIEBREAKS),
        engine: |o| {
            let edition = match o.edition {
                Some(Edition::Dutch(e)) => e,
                _ => swiss_dutch::Edition::default(),
            };
            Box::new(swiss_dutch::Dutch::new(
                swiss_dutch::Options::DEFAULT.with_edition(edition),
            ))
        },
        // The 2026 text widens C2; 2017 and 2012 share C.2.
        verifier: |o| match o.edition {
            Some(Edition::Dutch(swiss_dutch::Edition::Fide2017)) => &swiss_verify::Dutch::FIDE_2017,
            Some(Edition::Dutch(swiss_dutch::Edition::Fide2012)) => &swiss_verify::Dutch::FIDE_2012,
            _ => &swiss_verify::Dutch::FIDE_2026,
        },
        simulation: SimulationConfig::default,
    },
    System {
        name: "dubov",
        title: "FIDE Dubov system (C.04.4.1)",
        editions: &[Edition::DUBOV_2026, Edition::DUBOV_2018],
        accepts: &[
            OptionName::Edition,
            OptionName::DefaultRating,
            OptionName::Acceleration,
        ],
        log_target: "swiss_dubov",
        variants: &[
            Variant {
                label: "dubov",
                options: Options::DEFAULT,
            },
            Variant {
                label: "dubov-2018",
                options: Options::DEFAULT.with_edition(Some(Edition::DUBOV_2018)),
            },
        ],
        reference: None,
        round_json: None,
        default_tiebreaks: Some(FIDE_TIEBREAKS),
        engine: |o| {
            let edition = match o.edition {
                Some(Edition::Dubov(e)) => e,
                _ => swiss_dubov::Edition::default(),
            };
            Box::new(swiss_dubov::Dubov::new(
                swiss_dubov::Options::DEFAULT
                    .with_edition(edition)
                    .with_default_rating(o.default_rating),
            ))
        },
        // The 2026 text widens [C2] (Basic Rules Art. 4).
        verifier: |o| match o.edition {
            Some(Edition::Dubov(swiss_dubov::Edition::Fide2018)) => &swiss_verify::Dubov::FIDE_2018,
            _ => &swiss_verify::Dubov::FIDE_2026,
        },
        simulation: SimulationConfig::default,
    },
    System {
        name: "lim",
        title: "FIDE Lim system (C.04.4.3)",
        editions: &[Edition::LIM_2026, Edition::LIM_1999],
        accepts: &[
            OptionName::Edition,
            OptionName::Maxi,
            OptionName::Acceleration,
        ],
        log_target: "swiss_lim",
        variants: &[
            Variant {
                label: "lim",
                options: Options::DEFAULT,
            },
            Variant {
                label: "lim-maxi",
                options: Options::DEFAULT.with_maxi(true),
            },
            Variant {
                label: "lim-1999",
                options: Options::DEFAULT.with_edition(Some(Edition::LIM_1999)),
            },
        ],
        reference: None,
        round_json: None,
        default_tiebreaks: Some(FIDE_TIEBREAKS),
        engine: |o| {
            let edition = match o.edition {
                Some(Edition::Lim(e)) => e,
                _ => swiss_lim::Edition::default(),
            };
            Box::new(swiss_lim::Lim::new(
                swiss_lim::Options::DEFAULT
                    .with_edition(edition)
                    .with_maxi(o.maxi),
            ))
        },
        // The 2026 Basic Rules widen the PAB bar (Art. 4).
        verifier: |o| match o.edition {
            Some(Edition::Lim(swiss_lim::Edition::Fide1999)) => &swiss_verify::Lim::FIDE_1999,
            _ => &swiss_verify::Lim::FIDE_2026,
        },
        simulation: SimulationConfig::default,
    },
    System {
        name: "tcec",
        title: "TCEC Swiss system (single or double rounds)",
        editions: &[],
        accepts: &[OptionName::Double],
        log_target: "swiss_tcec",
        variants: &[
            Variant {
                label: "tcec",
                options: Options::DEFAULT,
            },
            Variant {
                label: "tcec-double",
                options: Options::DEFAULT.with_double(true),
            },
        ],
        reference: Some(Reference::Custom {
            extension: "json",
            replay: |_, text, name| {
                let r = swiss_tcec::read_reference(text, name).map_err(|e| e.to_string())?;
                let report = swiss_tcec::replay(&r);
                Ok(Replay {
                    rounds: report.rounds,
                    identical: report.identical,
                    differences: report.differences,
                })
            },
        }),
        round_json: Some(|o, t| {
            let (round, _) = tcec(o)
                .pair_column(t)
                .map_err(|e| e.into_pairing_error(t.next_round()))?;
            // A round that does not serialise is a bug.
            serde_json::to_value(&round).map_err(|e| PairingError::Internal {
                round: t.next_round(),
                reason: e.to_string(),
            })
        }),
        default_tiebreaks: None,
        engine: |o| Box::new(tcec(o)),
        verifier: |o| {
            if o.double {
                &swiss_verify::Tcec::DOUBLE
            } else {
                &swiss_verify::Tcec::SINGLE
            }
        },
        // Engine events: no forfeits, requested byes, absences,
        // withdrawals or late entries.
        simulation: SimulationConfig::everyone_plays,
    },
    System {
        name: TEAM_SYSTEM,
        title: "FIDE Swiss Team Pairing System (C.04.6, 2026)",
        editions: &[],
        accepts: &[OptionName::Acceleration],
        log_target: "swiss_team",
        // The traces, benchmarks and fuzz targets pair individuals' lists;
        // team events have their own tests and benchmark.
        variants: &[],
        reference: None,
        // The team pairs with their boards (each team on its first boards
        // in roster order, the colours of record 352).
        round_json: Some(|_, t| {
            let pairing = swiss_team::pair(t, &swiss_team::Options::DEFAULT)?;
            let boards = t.teams.as_ref().map(|ts| ts.boards_of(&pairing));
            serde_json::to_value(&boards).map_err(|e| PairingError::Internal {
                round: t.next_round(),
                reason: e.to_string(),
            })
        }),
        default_tiebreaks: Some(TEAM_TIEBREAKS),
        engine: |_| Box::new(swiss_team::Team::FIDE_2026),
        verifier: |_| &swiss_verify::Team::FIDE_2026,
        simulation: SimulationConfig::default,
    },
];

/// The C.07 tie-breaks after points the FIDE Swiss systems (Dutch, Dubov,
/// Lim) rank by when neither the caller nor the file lists them, and the
/// standings of a file that names no system.
pub const FIDE_TIEBREAKS: &str = "BH/C1,BH,DE,WIN,BPG,TPN";

/// The C.07 team tie-breaks after the primary score a team event ranks by
/// when neither the caller nor the file lists them: the list of the FIDE
/// Technical Commission's TRF-2026 team sample (`team-2026.md` §7).
pub const TEAM_TIEBREAKS: &str = "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPVGP";

/// How a file's standings are ranked: [`ranking`]'s answer.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Ranking {
    /// The system asked for, else the one the file names; `None` when
    /// neither names one.
    pub system: Option<&'static System>,
    /// The standings follow the system's own rules (TCEC's final ranking),
    /// not C.07: the caller ranks by C.07 only when tie-breaks are given.
    pub own_rules: bool,
    /// The C.07 tie-breaks after points when neither the caller nor the
    /// file (TRF-2026 records 212/202) lists them: the system's
    /// ([`System::default_tiebreaks`]), else [`FIDE_TIEBREAKS`].
    pub default_tiebreaks: &'static str,
}

/// How the standings of a file are ranked, the one resolution of every
/// front end (`swiss standings`, the Python package's `standings`): the
/// system `asked` for wins over the one the file names (TRF-2026 record
/// 192, JSON `system`; a code this build cannot pair names none); a TCEC
/// reference JSON (a file that says whether its rounds are double) and a
/// system without C.07 defaults rank by their own rules. Refuses only an
/// unknown system `asked` for.
pub fn ranking(asked: Option<&str>, file: FileSays<'_>) -> Result<Ranking, RegistryError> {
    let system = match (asked, &file.tournament.system) {
        (Some(name), _) => Some(find(name)?),
        (None, Some(code)) => by_code(code).ok().map(|(s, _)| s),
        (None, None) => None,
    };
    Ok(Ranking {
        system,
        own_rules: file.double.is_some() || system.is_some_and(|s| s.default_tiebreaks.is_none()),
        default_tiebreaks: system
            .and_then(|s| s.default_tiebreaks)
            .unwrap_or(FIDE_TIEBREAKS),
    })
}

/// The name of the FIDE Swiss team system (C.04.6), the one system that
/// pairs a team tournament ([`Tournament::teams`]); every other system
/// refuses one ([`System::build`], [`other_system_error`]).
pub const TEAM_SYSTEM: &str = "team";

/// An individual system's engine: refuses a team tournament, which the
/// readers accept since TRF-2026 describes teams, and which its players'
/// games alone would pair as an individual event.
struct Individual(Box<dyn PairingSystem>);

impl Individual {
    fn refuse(&self, t: &Tournament) -> Result<(), PairingError> {
        match &t.teams {
            Some(_) => Err(PairingError::Unsupported {
                round: t.next_round(),
                reason: format!(
                    "a team tournament (FIDE C.04.6) is paired by the team system (`{TEAM_SYSTEM}`), not the {} system, which pairs individuals",
                    self.0.name()
                ),
            }),
            None => Ok(()),
        }
    }
}

impl PairingSystem for Individual {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn pair(&self, t: &Tournament) -> Result<swiss_core::Pairing, PairingError> {
        self.refuse(t)?;
        self.0.pair(t)
    }

    fn initial_colour(&self, t: &Tournament) -> Option<swiss_core::Colour> {
        self.0.initial_colour(t)
    }

    fn explain(
        &self,
        t: &Tournament,
        player: Option<swiss_core::StartNo>,
    ) -> Option<Result<String, PairingError>> {
        if let Err(e) = self.refuse(t) {
            return Some(Err(e));
        }
        self.0.explain(t, player)
    }

    fn breaches(&self, t: &Tournament, proposed: &swiss_core::Pairing) -> Vec<swiss_core::Breach> {
        self.0.breaches(t, proposed)
    }

    fn separate(
        &self,
        t: &Tournament,
        proposed: &swiss_core::Pairing,
    ) -> Option<swiss_core::Separation> {
        self.0.separate(t, proposed)
    }
}

/// The system named `name`.
pub fn find(name: &str) -> Result<&'static System, RegistryError> {
    SYSTEMS
        .iter()
        .find(|s| s.name == name)
        .ok_or_else(|| RegistryError::UnknownSystem {
            name: name.to_string(),
            known: join(names()),
        })
}

/// The input error for a file whose tournament type (record 192, JSON
/// `system`) names another system than `system`, or a system or edition
/// this build does not implement; `None` when it names `system` or nothing.
/// A file is never paired under rules it does not ask for. `switch` says
/// how the caller picks the named system (`--system lim` on the command
/// line, `system="lim"` in Python).
///
/// A team tournament ([`Tournament::teams`]: team records, or a
/// `FIDE_TEAM` type) is refused by every system but the team system
/// ([`TEAM_SYSTEM`]), whatever its record 192 says, naming that system.
pub fn other_system_error(
    t: &Tournament,
    places: &swiss_core::Places,
    system: &str,
    switch: impl Fn(&str) -> String,
) -> Option<swiss_core::InputError> {
    if t.teams.is_some() && system != TEAM_SYSTEM {
        let (spot, what) = match &t.system {
            Some(code) => (
                swiss_core::Spot::System,
                format!("tournament type `{}`", code.trim()),
            ),
            None => (swiss_core::Spot::Teams, "team records 310/013".to_string()),
        };
        return Some(places.error(
            spot,
            swiss_core::ErrorKind::TeamTournament {
                what,
                pair_with: switch(TEAM_SYSTEM),
            },
        ));
    }
    let code = t.system.as_ref()?;
    let reason = match by_code(code) {
        Ok((s, _)) if s.name == system => return None,
        Ok((s, _)) => format!(
            "it asks for the {} system, not {system}: pair it with {}",
            s.name,
            switch(s.name)
        ),
        Err(reason) => reason,
    };
    Some(places.error(
        swiss_core::Spot::System,
        swiss_core::ErrorKind::UnsupportedSystem {
            code: code.clone(),
            reason,
        },
    ))
}

/// The system and edition a tournament type code names (TRF-2026 record
/// `192`, JSON `system`; the codes of `trf26.md`), or why this build
/// cannot pair it. `FIDE_DUTCH` is the Dutch rules in force (2026's since
/// 1 February 2026; `_2025` is the reference engine's name for them). A
/// `_BAKU` suffix asks for Baku acceleration, which the readers apply
/// (`swiss_core::acceleration`): it names no other system.
///
/// `FIDE_DUBOV` is the Dubov rules in force (2026's); `FIDE_DUBOV_2026`
/// and `FIDE_DUBOV_2018` name an edition, after the Dutch codes' pattern.
/// `FIDE_LIM` (with `_2026`, `_1999`) is **provisional**: TRF-2026's code
/// table has no Lim entry (`lim-2026-changes.md` §3), so a file naming
/// Lim can only use a code of our own; this one is the one another
/// engine (MarkDechamps' fide-swiss-pairing-engine) accepts, and it will
/// follow FIDE's if one is published. Any other `FIDE_DUBOV...` or
/// `FIDE_LIM...` code is refused, never paired under a guessed edition.
pub fn by_code(code: &str) -> Result<(&'static System, Option<Edition>), String> {
    let upper = code.trim().to_ascii_uppercase();
    let code = upper.strip_suffix("_BAKU").unwrap_or(&upper);
    let (name, edition) = match code {
        "FIDE_DUTCH" | "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" => {
            ("dutch", Some(Edition::DUTCH_2026))
        }
        "FIDE_DUTCH_2017" => ("dutch", Some(Edition::DUTCH_2017)),
        "FIDE_DUTCH_2012" => ("dutch", Some(Edition::DUTCH_2012)),
        "FIDE_DUBOV" | "FIDE_DUBOV_2026" => ("dubov", Some(Edition::DUBOV_2026)),
        "FIDE_DUBOV_2018" => ("dubov", Some(Edition::DUBOV_2018)),
        "FIDE_LIM" | "FIDE_LIM_2026" => ("lim", Some(Edition::LIM_2026)),
        "FIDE_LIM_1999" => ("lim", Some(Edition::LIM_1999)),
        c if swiss_core::is_team_code(c) => (TEAM_SYSTEM, None),
        c if c.starts_with("FIDE_BURSTEIN") => {
            return Err("the Burstein system is not implemented".into());
        }
        _ => {
            return Err(
                "not a tournament type this program knows (FIDE_DUTCH, FIDE_DUTCH_2026, FIDE_DUTCH_2017, FIDE_DUTCH_2012, FIDE_DUBOV, FIDE_DUBOV_2026, FIDE_DUBOV_2018, FIDE_LIM (provisional), FIDE_LIM_2026, FIDE_LIM_1999, FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP], each optionally with _BAKU)".into(),
            );
        }
    };
    find(name).map(|s| (s, edition)).map_err(|e| e.to_string())
}

/// The names of the systems built, in table order.
pub fn names() -> impl Iterator<Item = &'static str> {
    SYSTEMS.iter().map(|s| s.name)
}

/// Every variant of every system, in table order.
pub fn variants() -> impl Iterator<Item = (&'static System, &'static Variant)> {
    SYSTEMS
        .iter()
        .flat_map(|s| s.variants.iter().map(move |v| (s, v)))
}

/// The variant labelled `label` (see [`Variant::label`]).
pub fn variant(label: &str) -> Option<(&'static System, &'static Variant)> {
    variants().find(|(_, v)| v.label == label)
}

/// The `tracing` filter directives that turn on every engine's decision
/// log (`swiss_dutch=debug,...`).
pub fn explain_filter() -> String {
    SYSTEMS
        .iter()
        .map(|s| format!("{}=debug", s.log_target))
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_labels_are_unique() {
        let mut names: Vec<&str> = names().collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), SYSTEMS.len());
        let mut labels: Vec<&str> = variants().map(|(_, v)| v.label).collect();
        labels.sort_unstable();
        labels.dedup();
        assert_eq!(labels.len(), variants().count());
    }

    #[test]
    fn every_variant_builds_and_its_engine_answers_to_the_name() {
        for (s, v) in variants() {
            let engine = s.build(&v.options).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(engine.name(), s.name, "{}", v.label);
        }
    }

    #[test]
    fn an_option_a_system_does_not_read_is_refused() {
        let dutch = find("dutch").unwrap_or_else(|e| panic!("{e}"));
        let err = dutch
            .build(&Options::DEFAULT.with_double(true))
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("--double does not apply to the dutch system (it applies to: tcec)")
        );
        let err = dutch
            .build(&Options::DEFAULT.with_edition(Some(Edition::LIM_1999)))
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("the dutch system has no edition `1999` (editions: 2026, 2017, 2012)")
        );
        assert!(find("swiss-army").is_err());
    }

    /// The typed editions: each belongs to the system that lists it, and
    /// its name finds it again.
    #[test]
    fn every_edition_belongs_to_its_system_and_its_name_finds_it() {
        for s in SYSTEMS {
            for &e in s.editions {
                assert_eq!(e.system(), s.name, "{e}");
                assert_eq!(s.edition(e.as_str()), Ok(e));
                assert!(s.build(&Options::DEFAULT.with_edition(Some(e))).is_ok());
            }
        }
        let dutch = find("dutch").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(dutch.edition("2017"), Ok(Edition::DUTCH_2017));
        assert!(dutch.edition("2018").is_err());
    }

    /// [`System::resolve`]: what is asked wins over what the file says,
    /// which wins over the defaults; a file's setting reaches only the
    /// system that reads it; an edition named as the file names it is
    /// understood; an out-of-range default rating is refused.
    #[test]
    fn resolve_asked_over_file_over_default() {
        let text = "012 Resolve\nXXR 3\n192 FIDE_DUTCH_2017\nXXO maxi default-rating=1400\n\
                    001    1      Alpha, Anna                       2100                             0.0\n\
                    001    2      Bravo, Ben                        2050                             0.0\n";
        let t = trf::read(text, "resolve.trf").unwrap_or_else(|e| panic!("{e}"));
        let file = |double| {
            Some(FileSays {
                tournament: &t,
                double,
            })
        };
        let find = |n| super::find(n).unwrap_or_else(|e| panic!("{e}"));
        let (dutch, lim, dubov, tcec) = (find("dutch"), find("lim"), find("dubov"), find("tcec"));
        let nothing = Options::DEFAULT;
        // The file's edition (record 192) for its own system only.
        assert_eq!(
            dutch.resolve(None, nothing, file(None)).map(|o| o.edition),
            Ok(Some(Edition::DUTCH_2017))
        );
        assert_eq!(
            lim.resolve(None, nothing, file(None)).map(|o| o.edition),
            Ok(None)
        );
        assert_eq!(
            dutch
                .resolve(Some("FIDE-2012"), nothing, file(None))
                .map(|o| o.edition),
            Ok(Some(Edition::DUTCH_2012))
        );
        // XXO settings: maxi to Lim, the default rating to Dubov.
        let o = lim
            .resolve(None, nothing, file(None))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((o.maxi, o.default_rating), (true, None));
        let o = dubov
            .resolve(None, nothing, file(None))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((o.maxi, o.default_rating), (false, Some(1400)));
        let asked = Options::DEFAULT.with_default_rating(Some(1600));
        let o = dubov
            .resolve(None, asked, file(None))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(o.default_rating, Some(1600));
        // The file's format wins over `double`.
        let asked = Options::DEFAULT.with_double(true);
        assert_eq!(tcec.resolve(None, asked, None).map(|o| o.double), Ok(true));
        assert_eq!(
            tcec.resolve(None, asked, file(Some(false)))
                .map(|o| o.double),
            Ok(false)
        );
        assert_eq!(
            dubov.resolve(None, Options::DEFAULT.with_default_rating(Some(0)), None),
            Err(RegistryError::DefaultRatingOutOfRange {
                rating: 0,
                max: 9999
            })
        );
    }

    /// [`ranking`]: the system asked for over the one the file names over
    /// none; TCEC (asked, named, or a reference JSON) by its own rules.
    #[test]
    fn ranking_asked_over_file() {
        let read = |code: &str| {
            let text = format!(
                "012 Ranking\nXXR 3\n{code}\n\
                 001    1      Alpha, Anna                       2100                             0.0\n\
                 001    2      Bravo, Ben                        2050                             0.0\n"
            );
            trf::read(&text, "ranking.trf").unwrap_or_else(|e| panic!("{e}"))
        };
        let (lim, none, unknown) = (
            read("192 FIDE_LIM_1999"),
            read(""),
            read("192 FIDE_BURSTEIN"),
        );
        let says = |t, double| FileSays {
            tournament: t,
            double,
        };
        let of = |asked, file| {
            ranking(asked, file)
                .map(|r| (r.system.map(|s| s.name), r.own_rules, r.default_tiebreaks))
        };
        let fide = FIDE_TIEBREAKS;
        assert_eq!(of(None, says(&lim, None)), Ok((Some("lim"), false, fide)));
        assert_eq!(
            of(Some("tcec"), says(&lim, None)),
            Ok((Some("tcec"), true, fide))
        );
        assert_eq!(of(None, says(&none, None)), Ok((None, false, fide)));
        assert_eq!(of(None, says(&unknown, None)), Ok((None, false, fide)));
        assert_eq!(of(None, says(&none, Some(true))), Ok((None, true, fide)));
        assert!(matches!(
            of(Some("swiss-army"), says(&none, None)),
            Err(RegistryError::UnknownSystem { .. })
        ));
    }

    #[test]
    fn the_explain_filter_names_every_engine() {
        let f = explain_filter();
        for s in SYSTEMS {
            assert!(f.contains(&format!("{}=debug", s.log_target)), "{f}");
        }
    }

    /// TRF-2026 record 192: the system and edition each code names.
    #[test]
    fn tournament_type_codes() {
        let named = |c: &str| super::by_code(c).map(|(s, e)| (s.name, e.map(Edition::as_str)));
        assert_eq!(named("FIDE_DUTCH"), Ok(("dutch", Some("2026"))));
        assert_eq!(named("fide_dutch_2025"), Ok(("dutch", Some("2026"))));
        assert_eq!(named("FIDE_DUTCH_2017_BAKU"), Ok(("dutch", Some("2017"))));
        assert_eq!(named("FIDE_DUTCH_2012"), Ok(("dutch", Some("2012"))));
        assert_eq!(named("FIDE_DUBOV"), Ok(("dubov", Some("2026"))));
        assert_eq!(named("FIDE_DUBOV_2026_BAKU"), Ok(("dubov", Some("2026"))));
        assert_eq!(named("FIDE_DUBOV_2018"), Ok(("dubov", Some("2018"))));
        assert!(named("FIDE_DUBOV_2017").is_err());
        assert_eq!(named("FIDE_LIM"), Ok(("lim", Some("2026"))));
        assert_eq!(named("fide_lim_1999"), Ok(("lim", Some("1999"))));
        assert!(named("FIDE_LIM_1987").is_err());
        assert!(named("FIDE_BURSTEIN").is_err());
        assert_eq!(named("FIDE_TEAM_BAKU"), Ok(("team", None)));
        assert_eq!(named("FIDE_TEAM_TYPEB_GP_MP"), Ok(("team", None)));
    }

    /// Issue 44: the readers accept team tournaments; every individual
    /// system refuses one, in the front ends' check (naming the team
    /// system, with or without a record 192) and in the engine the table
    /// builds (an `Unsupported` error, never an individual pairing of the
    /// teams' players).
    #[test]
    fn individual_systems_refuse_team_tournaments() {
        let path = swiss_testdata::path("trf/team/valid/team-tournament.trf");
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let reading = swiss_core::trf::reading(&text, "team.trf").unwrap_or_else(|e| panic!("{e}"));
        let mut untyped = reading.tournament.clone();
        untyped.system = None;
        for s in SYSTEMS.iter().filter(|s| s.name != TEAM_SYSTEM) {
            let e = other_system_error(&reading.tournament, &reading.places, s.name, |n| {
                format!("`--system {n}`")
            })
            .map(|e| e.to_string())
            .unwrap_or_default();
            assert!(
                e.starts_with("team.trf:2:5: a team tournament (FIDE C.04.6; tournament type `FIDE_TEAM_BAKU`)")
                    && e.ends_with("pair it with `--system team`"),
                "{e}"
            );
            let e = other_system_error(&untyped, &reading.places, s.name, |n| n.to_string())
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(e.contains("(FIDE C.04.6; team records 310/013)"), "{e}");
            for v in s.variants {
                let engine = s.build(&v.options).unwrap_or_else(|e| panic!("{e}"));
                match engine.pair(&reading.tournament) {
                    Err(PairingError::Unsupported { reason, .. }) => {
                        assert!(reason.contains("team system (`team`)"), "{reason}");
                    }
                    other => panic!("{}: {other:?}", v.label),
                }
            }
        }
    }
}
