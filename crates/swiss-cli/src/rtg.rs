//! The settings of `swiss generate` (the random tournament generator of
//! C.04.A): each flag over the `--config` file over a value drawn at
//! random from the tournament's seed, and the line that records every
//! value one tournament used.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use swiss_core::limits::MAX_RATING;
use swiss_core::simulate::{Amount, Quota, Rng, SimulationConfig, random_players};
use swiss_core::{Player, PointSystem};

use crate::generate::GenerateArgs;
use crate::input::{EXIT_FILE, EXIT_INVALID, Failure};

/// The `--config` file: every field optional, each flag overrides its
/// field; an unknown field is refused (a misspelt setting would
/// otherwise be silently random).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct FileSettings {
    players: Option<u32>,
    rounds: Option<u32>,
    seed: Option<u64>,
    draw_rate: Option<f64>,
    forfeit_rate: Option<f64>,
    half_bye_rate: Option<f64>,
    absence_rate: Option<f64>,
    withdrawal_rate: Option<f64>,
    late_entry_rate: Option<f64>,
    point_system: Option<PointSystem>,
    full_byes: Option<Quota>,
    half_byes: Option<Quota>,
    zero_byes: Option<Quota>,
    forfeits: Option<Quota>,
    odd_results: Option<Quota>,
    baku: Option<bool>,
    tiebreaks: Option<String>,
    ratings: Option<String>,
    rating_spacing: Option<u16>,
    ratings_file: Option<PathBuf>,
}

/// Where the ratings come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Ratings {
    /// Random, as an open's (1200-2799).
    Random,
    /// From `high` down to `low`: evenly spread, or `spacing` apart and
    /// never below `low`.
    Bounds {
        high: u16,
        low: u16,
        spacing: Option<u16>,
    },
    /// From a list (`--ratings-file`), its first `players` values.
    List(Vec<u16>),
}

/// What was asked, by flag or file; `None` is drawn per tournament.
#[derive(Debug)]
pub struct Asked {
    pub players: Option<u32>,
    pub rounds: Option<u32>,
    pub seed: Option<u64>,
    /// The rates, over the system's simulation defaults.
    pub base: SimulationConfig,
    draw_rate: bool,
    half_bye_rate: bool,
    absence_rate: bool,
    forfeit_rate: bool,
    full_byes: Option<Quota>,
    half_byes: Option<Quota>,
    zero_byes: Option<Quota>,
    forfeits: Option<Quota>,
    odd_results: Option<Quota>,
    /// The system's events have no requested byes, absences or forfeits
    /// (its simulation makes none: TCEC's engine events), so none is
    /// drawn when not asked, and asking is refused.
    everyone_plays: bool,
    pub baku: bool,
    pub tiebreaks: Option<String>,
    pub ratings: Ratings,
}

fn invalid(what: String) -> Failure {
    Failure::new(EXIT_INVALID, format!("swiss: {what}"))
}

fn read_text(p: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(p)
        .map_err(|e| Failure::new(EXIT_FILE, format!("{}: cannot read: {e}", p.display())))
}

/// A quota flag's text, named in the error.
fn quota(flag: &str, v: &Option<String>) -> Result<Option<Quota>, Failure> {
    v.as_deref()
        .map(|s| s.parse().map_err(|e| invalid(format!("{flag} {e}"))))
        .transpose()
}

/// `HIGH-LOW`, both within the reader's ratings.
fn bounds(text: &str) -> Result<(u16, u16), Failure> {
    let bad = || {
        invalid(format!(
            "--ratings {text}: expected HIGH-LOW, two ratings from 1 to {MAX_RATING}, HIGH >= LOW (e.g. 2600-1400)"
        ))
    };
    let (h, l) = text.split_once('-').ok_or_else(bad)?;
    let r = |x: &str| {
        x.trim()
            .parse::<u16>()
            .ok()
            .filter(|r| (1..=MAX_RATING).contains(r))
    };
    match (r(h), r(l)) {
        (Some(h), Some(l)) if h >= l => Ok((h, l)),
        _ => Err(bad()),
    }
}

/// A list of ratings, one a line (blank lines and `#` comments skipped).
fn rating_list(p: &Path) -> Result<Vec<u16>, Failure> {
    let text = read_text(p)?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        match line.parse::<u16>() {
            Ok(r) if (1..=MAX_RATING).contains(&r) => out.push(r),
            _ => {
                return Err(invalid(format!(
                    "{}:{}: `{line}`: expected a rating from 1 to {MAX_RATING}",
                    p.display(),
                    n + 1
                )));
            }
        }
    }
    if out.is_empty() {
        return Err(invalid(format!("{}: no ratings", p.display())));
    }
    Ok(out)
}

impl Asked {
    /// The flags over the config file over the system's defaults
    /// (`defaults`), each value checked as it is read.
    pub fn read(a: &GenerateArgs, defaults: SimulationConfig) -> Result<Asked, Failure> {
        let file = match &a.config {
            Some(p) => serde_json::from_str::<FileSettings>(&read_text(p)?).map_err(|e| {
                Failure::new(
                    EXIT_INVALID,
                    format!("{}:{}:{}: {e}", p.display(), e.line(), e.column()),
                )
            })?,
            None => FileSettings::default(),
        };
        let everyone_plays = defaults.half_bye_rate == 0.0
            && defaults.absence_rate == 0.0
            && defaults.forfeit_rate == 0.0;
        let mut base = defaults;
        let rate = |flag: Option<f64>, file: Option<f64>, slot: &mut f64| {
            let v = flag.or(file);
            if let Some(v) = v {
                *slot = v;
            }
            v.is_some()
        };
        let draw_rate = rate(a.draw_rate, file.draw_rate, &mut base.draw_rate);
        let forfeit_rate = rate(a.forfeit_rate, file.forfeit_rate, &mut base.forfeit_rate);
        let half_bye_rate = rate(a.half_bye_rate, file.half_bye_rate, &mut base.half_bye_rate);
        let absence_rate = rate(None, file.absence_rate, &mut base.absence_rate);
        rate(None, file.withdrawal_rate, &mut base.withdrawal_rate);
        rate(None, file.late_entry_rate, &mut base.late_entry_rate);
        if let Some(ps) = a.points.or(file.point_system) {
            base.point_system = ps;
        }
        let spacing = a.rating_spacing.or(file.rating_spacing);
        if spacing.is_some_and(|s| s > MAX_RATING) {
            return Err(invalid(format!(
                "--rating-spacing: expected 0 to {MAX_RATING} rating points"
            )));
        }
        let ratings_file = a.ratings_file.clone().or(file.ratings_file);
        let ratings = match (
            a.ratings.as_deref().or(file.ratings.as_deref()),
            ratings_file,
        ) {
            (Some(_), Some(_)) => {
                return Err(Failure::new(
                    crate::input::EXIT_USAGE,
                    "swiss: --ratings and --ratings-file: give one of them",
                ));
            }
            (Some(b), None) => {
                let (high, low) = bounds(b)?;
                Ratings::Bounds { high, low, spacing }
            }
            (None, Some(p)) => Ratings::List(rating_list(&p)?),
            (None, None) => Ratings::Random,
        };
        let tiebreaks = a.tiebreaks.clone().or(file.tiebreaks);
        if let Some(list) = &tiebreaks {
            let codes =
                swiss_tiebreak::list_for(&swiss_core::Tournament::default(), Some(list), "")
                    .map_err(|e| invalid(format!("--tiebreaks {list}: {e}")))?;
            if codes.is_empty() {
                return Err(invalid(format!("--tiebreaks {list}: no tie-break")));
            }
        }
        let full_byes = quota("--full-byes", &a.full_byes)?.or(file.full_byes);
        let half_byes = quota("--half-byes", &a.half_byes)?.or(file.half_byes);
        let zero_byes = quota("--zero-byes", &a.zero_byes)?.or(file.zero_byes);
        let forfeits = quota("--forfeits", &a.forfeits)?.or(file.forfeits);
        let odd_results = quota("--odd-results", &a.odd_results)?.or(file.odd_results);
        let irregular = [full_byes, half_byes, zero_byes, forfeits, odd_results]
            .iter()
            .any(Option::is_some);
        if everyone_plays && irregular {
            return Err(Failure::new(
                crate::input::EXIT_USAGE,
                "swiss: --full-byes, --half-byes, --zero-byes, --forfeits and --odd-results: this system's events have no requested byes, forfeits or unusual results (TCEC: engine games)",
            ));
        }
        Ok(Asked {
            players: a.players.or(file.players).or(match &ratings {
                Ratings::List(v) => Some(v.len() as u32),
                _ => None,
            }),
            rounds: a.rounds.or(file.rounds),
            seed: a.seed.or(file.seed),
            base,
            draw_rate,
            half_bye_rate,
            absence_rate,
            forfeit_rate,
            full_byes,
            half_byes,
            zero_byes,
            forfeits,
            odd_results,
            everyone_plays,
            baku: a.baku || file.baku.unwrap_or(false),
            tiebreaks,
            ratings,
        })
    }

    /// The settings of the tournament of seed `seed`: what was asked, the
    /// rest drawn from the seed (so that the seed alone gives the file
    /// back). `default_tiebreaks`: the system's C.07 list, `None` when it
    /// ranks by its own rules (TCEC), which then writes no tie-breaks
    /// unless asked.
    pub fn plan(&self, seed: u64, default_tiebreaks: Option<&str>) -> Result<Plan, Failure> {
        // Another stream than the results': the same seed must not tie
        // the settings to the games.
        let mut rng = Rng::new(seed ^ 0x5E77_1465);
        let players = self.players.unwrap_or_else(|| 16 + rng.below(85) as u32);
        if let Ratings::List(v) = &self.ratings
            && v.len() < players as usize
        {
            return Err(invalid(format!(
                "--ratings-file: {} ratings for {players} players",
                v.len()
            )));
        }
        let rounds = self.rounds.unwrap_or_else(|| {
            // Small fields run out of opponents: at most half the field.
            let cap = (players / 2).max(1);
            let (lo, hi) = (cap.min(5), cap.min(9));
            lo + rng.below(u64::from(hi - lo + 1)) as u32
        });
        // Percentages in tenths: requested byes up to 2% (F), 5% (H) and
        // 3% (Z) of the players, forfeits up to 3% and unusual results
        // up to 2% of the games.
        let everyone_plays = self.everyone_plays;
        let mut random = |max_per_mille: u64| {
            if everyone_plays {
                return None;
            }
            Some(Quota {
                amount: Amount::PerMille(rng.below(max_per_mille + 1) as u32),
                rounds: None,
            })
        };
        let full_byes = self.full_byes.or_else(|| random(20));
        let half_byes = self
            .half_byes
            .or_else(|| if self.half_bye_rate { None } else { random(50) });
        let zero_byes = self
            .zero_byes
            .or_else(|| if self.absence_rate { None } else { random(30) });
        let forfeits = self
            .forfeits
            .or_else(|| if self.forfeit_rate { None } else { random(30) });
        let odd_results = self.odd_results.or_else(|| random(20));
        let draw_rate = if self.draw_rate {
            self.base.draw_rate
        } else {
            // 0.10 to 0.50.
            f64::from(10 + rng.below(41) as u32) / 100.0
        };
        let tiebreaks = self.tiebreaks.clone().or_else(|| {
            default_tiebreaks.map(|own| {
                let lists = [
                    own,
                    "SB,BH/C1,BH,WIN",
                    "DE,BPG,BWG,BH,SB",
                    "PS,BH/C1,SB,WON",
                ];
                lists[rng.below(lists.len() as u64) as usize].to_string()
            })
        });
        let cfg = SimulationConfig {
            rounds,
            seed,
            draw_rate,
            full_byes,
            half_byes,
            zero_byes,
            forfeits,
            odd_results,
            rating_table: true,
            baku: self.baku,
            ..self.base.clone()
        };
        Ok(Plan {
            players,
            cfg,
            tiebreaks,
            ratings: self.ratings.clone(),
        })
    }
}

/// The settings one tournament is generated with.
#[derive(Debug)]
pub struct Plan {
    pub players: u32,
    pub cfg: SimulationConfig,
    /// The C.07 list written to records 202 and 212, if any.
    pub tiebreaks: Option<String>,
    pub ratings: Ratings,
}

impl Plan {
    /// The players, start number 1 the highest rated (C.04.2 B).
    pub fn players(&self) -> Vec<Player> {
        let n = self.players as usize;
        let rated = |ratings: Vec<u16>| {
            ratings
                .into_iter()
                .enumerate()
                .map(|(i, r)| Player::new(i as u32 + 1, format!("Player {:04}", i + 1), Some(r)))
                .collect()
        };
        match &self.ratings {
            Ratings::Random => random_players(self.players, self.cfg.seed),
            Ratings::Bounds { high, low, spacing } => {
                let span = u64::from(high - low);
                rated(
                    (0..n as u64)
                        .map(|i| {
                            let down = match spacing {
                                Some(s) => (i * u64::from(*s)).min(span),
                                // Evenly spread, rounded to the nearest point.
                                None if n > 1 => {
                                    (2 * i * span + (n as u64 - 1)) / (2 * (n as u64 - 1))
                                }
                                None => 0,
                            };
                            high - down as u16
                        })
                        .collect(),
                )
            }
            Ratings::List(v) => {
                let mut v: Vec<u16> = v.iter().take(n).copied().collect();
                v.sort_unstable_by(|a, b| b.cmp(a));
                rated(v)
            }
        }
    }

    /// The record of every value used, a TRF comment (`###`) in the file's
    /// header: `system` (and edition) and each setting as its flag names
    /// it; the rates the quotas replace are left out.
    pub fn line(&self, system: &str) -> String {
        let c = &self.cfg;
        let q = |q: Option<Quota>| q.map_or("rate".to_string(), |q| q.to_string());
        let mut s = format!(
            "### swiss generate (C.04.A RTG): {system} seed={} players={} rounds={}",
            c.seed, self.players, c.rounds
        );
        let _ = write!(
            s,
            " full-byes={} half-byes={} zero-byes={} forfeits={} odd-results={}",
            q(c.full_byes),
            q(c.half_byes),
            q(c.zero_byes),
            q(c.forfeits),
            q(c.odd_results)
        );
        let _ = write!(s, " baku={}", if c.baku { "yes" } else { "no" });
        match &self.ratings {
            Ratings::Random => s.push_str(" ratings=random"),
            Ratings::Bounds { high, low, spacing } => {
                let _ = write!(s, " ratings={high}-{low}");
                if let Some(sp) = spacing {
                    let _ = write!(s, " rating-spacing={sp}");
                }
            }
            Ratings::List(_) => s.push_str(" ratings=file"),
        }
        if let Some(t) = &self.tiebreaks {
            let _ = write!(s, " tiebreaks={t}");
        }
        let _ = write!(s, " results=B.02-8.1(b) draw-rate={}", c.draw_rate);
        if c.half_byes.is_none() {
            let _ = write!(s, " half-bye-rate={}", c.half_bye_rate);
        }
        if c.zero_byes.is_none() {
            let _ = write!(s, " absence-rate={}", c.absence_rate);
        }
        if c.forfeits.is_none() {
            let _ = write!(s, " forfeit-rate={}", c.forfeit_rate);
        }
        let _ = write!(
            s,
            " withdrawal-rate={} late-entry-rate={}",
            c.withdrawal_rate, c.late_entry_rate
        );
        s
    }
}

/// A seed for a run without `--seed`: the standard library's per-process
/// random keys (no dependency), different on every run.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    // Seeds stay small enough to be typed back as `--seed`, and far from
    // overflowing `seed + count`.
    h.finish() >> 16
}
