//! The TCEC-only commands: the TCEC final ranking (`swiss standings` of a
//! TCEC event) and
//! `swiss seed` (seeding a player list).

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;
use swiss_core::{StartNo, Tournament};

use crate::input::{EXIT_INVALID, Failure, read_input};
use crate::output::{emit, json};
use crate::standings::TableFormat;

/// `swiss standings`: the TCEC final ranking (score, fewer BYEs, black
/// games, Sonneborn-Berger).
pub fn standings(t: &Tournament, format: TableFormat) -> Result<(), Failure> {
    let ranking = swiss_tcec::final_ranking(t);
    let text = match format {
        TableFormat::Json => json(&ranking)?,
        TableFormat::Tsv => {
            let mut s = String::from("StartNo\tRank\tPTS\tBYE\tBPG\tSB\n");
            let mut rows: Vec<_> = ranking.iter().enumerate().collect();
            rows.sort_by_key(|(_, e)| e.start_no);
            for (i, e) in rows {
                let _ = writeln!(
                    s,
                    "{}\t{}\t{}\t{}\t{}\t{:.2}",
                    e.start_no,
                    i + 1,
                    e.score,
                    e.byes,
                    e.black_games,
                    e.sonneborn_berger as f64 / 100.0
                );
            }
            s
        }
        TableFormat::Text => {
            let mut s = format!(
                "{:>4} {:>5}  {:<32} {:>6} {:>5} {:>6} {:>8}\n",
                "rank", "seed", "name", "score", "byes", "black", "SB"
            );
            for (i, e) in ranking.iter().enumerate() {
                let name = t.player(e.start_no).map_or("", |p| p.name.as_str());
                let _ = writeln!(
                    s,
                    "{:>4} {:>5}  {:<32} {:>6} {:>5} {:>6} {:>8.2}",
                    i + 1,
                    e.start_no,
                    name,
                    e.score.to_string(),
                    e.byes,
                    e.black_games,
                    e.sonneborn_berger as f64 / 100.0
                );
            }
            s
        }
    };
    emit(None, &text)
}

#[derive(Debug, Args)]
pub struct SeedArgs {
    /// Player list (TRF); players are ordered by strength: rating
    /// descending, then start number. Without --groups or --random the
    /// seeds follow that order.
    pub file: PathBuf,
    /// Group seeding with this many groups (an even number is recommended).
    #[arg(long, conflicts_with = "random")]
    pub groups: Option<usize>,
    /// Random seeding from this seed (reproducible on every machine).
    #[arg(long)]
    pub random: Option<u64>,
    /// Output file (default: standard output). Written atomically.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// `swiss seed`: renumbers a player list by TCEC seeding (start number =
/// seed) and writes it as TRF.
pub fn seed(a: SeedArgs) -> Result<(), Failure> {
    let t = read_input(&a.file)?.tournament;
    let mut strength: Vec<&swiss_core::Player> = t.players.iter().collect();
    strength.sort_by_key(|p| (std::cmp::Reverse(p.rating.unwrap_or(0)), p.start_no));
    let by_strength: Vec<StartNo> = strength.iter().map(|p| p.start_no).collect();
    let order = match (a.groups, a.random) {
        (Some(g), _) => swiss_tcec::group_seeding(&by_strength, g)
            .map_err(|e| Failure::new(EXIT_INVALID, format!("swiss: {e}")))?,
        (None, Some(seed)) => swiss_tcec::random_seeding(&by_strength, seed),
        (None, None) => by_strength,
    };
    let seeded = swiss_tcec::renumber(&t, &order)
        .map_err(|e| Failure::new(EXIT_INVALID, format!("swiss: {e}")))?;
    emit(
        a.output.as_deref(),
        &crate::output::trf_text(&seeded, false),
    )
}
