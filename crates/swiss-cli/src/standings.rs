//! `swiss standings`: the final standings of any system, by points and
//! the C.07 tie-breaks (`swiss-tiebreak`), and `--check`, the standings
//! half of FIDE's pairing-and-tie-break checker. TCEC keeps its own
//! ranking rules.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use swiss_core::Tournament;
use swiss_tiebreak::{Options, Rules, Table, TieBreak, Value};

use crate::input::{EXIT_INVALID, EXIT_NO_PAIRING, Failure, read_input};
use crate::output::{emit, json};

#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// Tournament file (TRF, JSON, or TCEC reference JSON).
    pub file: PathBuf,
    /// The pairing system, for its default tie-breaks (default: the one the
    /// file names in TRF-2026 record 192, else a FIDE Swiss system). TCEC
    /// (`--system tcec`, or a TCEC reference JSON) ranks by its own rules.
    #[arg(long)]
    pub system: Option<String>,
    /// Comma-separated C.07 codes after points, in order (`BH/C1,SB,DE`).
    /// Default: the file's TRF-2026 record 212 (or 202), else the system's
    /// default (Dutch, Dubov, Lim: `BH/C1,BH,DE,WIN,BPG,TPN`; team:
    /// `EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPVGP`). A team event takes the C.07
    /// team codes too (`BC`, `EDET`, `EMGSB/C1`, `BH:MP`, ...).
    #[arg(long, value_name = "LIST")]
    pub tiebreaks: Option<String>,
    /// The edition of C.07: 2026 (in force since 1 March 2026) or 2024.
    /// Default: by the event's start date (TRF record 042): 2024 before
    /// 1 March 2026, else 2026.
    #[arg(long)]
    pub rules: Option<String>,
    /// Standings after this round (default: the last round played).
    #[arg(long)]
    pub round: Option<u32>,
    /// The rating unrated players count with in rating tie-breaks (default:
    /// none, and those tie-breaks are undefined when someone is unrated).
    #[arg(long, value_name = "RATING")]
    pub unrated: Option<u16>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
    /// Compare the ranks the file records (TRF columns 86-89; a team's in
    /// its `310` record, columns 69-71) with the
    /// computed ones: exit 0 when they agree, 1 when a rank differs (each
    /// position named with the tie-break that decides it), 3 on invalid
    /// input.
    #[arg(long)]
    pub check: bool,
}

/// How a table is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// Aligned columns in rank order, for reading.
    Text,
    /// `StartNo<TAB>Rank<TAB>` and each code as given, one line per player
    /// in start-number order.
    Tsv,
    /// JSON.
    Json,
}

fn invalid(e: impl std::fmt::Display) -> Failure {
    Failure::new(EXIT_INVALID, format!("swiss: {e}"))
}

/// `swiss standings`.
pub fn standings(a: StandingsArgs) -> Result<(), Failure> {
    let input = read_input(&a.file)?;
    // The system's rules, as the Python package resolves them.
    let ranking = swiss_systems::ranking(a.system.as_deref(), input.says()).map_err(invalid)?;
    let t = input.tournament;
    if ranking.own_rules && a.tiebreaks.is_none() && !a.check {
        return crate::tcec::standings(&t, a.format);
    }
    let codes = swiss_tiebreak::list_for(&t, a.tiebreaks.as_deref(), ranking.default_tiebreaks)
        .map_err(invalid)?;
    let rules: Rules = match &a.rules {
        Some(r) => r.parse().map_err(invalid)?,
        None => Rules::for_event(&t),
    };
    let o = Options {
        rules,
        round: a.round,
        unrated: a.unrated,
    };
    let tbs: Vec<TieBreak> = codes.iter().map(|c| c.1.clone()).collect();
    let table = swiss_tiebreak::table(&t, &tbs, &o).map_err(invalid)?;
    let names: Vec<&str> = codes.iter().map(|c| c.0.as_str()).collect();
    if a.check {
        return check(&t, &table, &names);
    }
    let text = match a.format {
        TableFormat::Tsv => tsv(&table, &names),
        TableFormat::Text => text(&t, &table, &names),
        TableFormat::Json => json(&JsonTable::of(&t, &table, &names))?,
    };
    emit(None, &text)
}

fn tsv(table: &Table, names: &[&str]) -> String {
    let mut s = String::from("StartNo\tRank");
    for n in names {
        s.push('\t');
        s.push_str(n);
    }
    s.push('\n');
    for r in &table.rows {
        let _ = write!(s, "{}\t{}", r.start_no, r.rank);
        for v in &r.values {
            let _ = write!(s, "\t{v}");
        }
        s.push('\n');
    }
    s
}

fn text(t: &Tournament, table: &Table, names: &[&str]) -> String {
    let width = |i: usize| names[i].len().max(7);
    let mut s = format!("{:>4} {:>5}  {:<32} {:>6}", "rank", "start", "name", "PTS");
    for (i, n) in names.iter().enumerate() {
        let _ = write!(s, " {:>w$}", n, w = width(i));
    }
    s.push('\n');
    for r in table.in_rank_order() {
        let name = swiss_tiebreak::name_of(t, r.start_no);
        let _ = write!(
            s,
            "{:>4} {:>5}  {:<32} {:>6}",
            r.rank,
            r.start_no,
            name,
            r.points.to_string()
        );
        for (i, v) in r.values.iter().enumerate() {
            let _ = write!(s, " {:>w$}", v.to_string(), w = width(i));
        }
        s.push('\n');
    }
    s
}

#[derive(serde::Serialize)]
struct JsonTable<'a> {
    rules: &'static str,
    rounds: u32,
    tiebreaks: &'a [&'a str],
    standings: Vec<JsonRow<'a>>,
}

#[derive(serde::Serialize)]
struct JsonRow<'a> {
    rank: u32,
    start_no: u32,
    name: &'a str,
    points: Value,
    values: &'a [Value],
}

impl<'a> JsonTable<'a> {
    fn of(t: &'a Tournament, table: &'a Table, names: &'a [&'a str]) -> JsonTable<'a> {
        JsonTable {
            rules: match table.rules {
                Rules::R2026 => "2026",
                Rules::R2024 => "2024",
            },
            rounds: table.rounds,
            tiebreaks: names,
            standings: table
                .in_rank_order()
                .into_iter()
                .map(|r| JsonRow {
                    rank: r.rank,
                    start_no: r.start_no,
                    name: swiss_tiebreak::name_of(t, r.start_no),
                    points: r.points,
                    values: &r.values,
                })
                .collect(),
        }
    }
}

/// The ranks the file records, one per row of the standings: the players'
/// (TRF columns 86-89), or in a team event the teams' (record `310`,
/// columns 69-71), in TPN order.
fn recorded_ranks(t: &Tournament) -> Vec<(u32, Option<u32>)> {
    match &t.teams {
        Some(ts) => {
            let mut v: Vec<(u32, Option<u32>)> =
                ts.teams.iter().map(|team| (team.tpn, team.rank)).collect();
            v.sort_by_key(|x| x.0);
            v
        }
        None => t.players.iter().map(|p| (p.start_no, p.rank)).collect(),
    }
}

/// `--check`: every position whose recorded player differs from the
/// computed one, with the first column (points, then each tie-break) that
/// orders the two players.
fn check(t: &Tournament, table: &Table, names: &[&str]) -> Result<(), Failure> {
    let differences = rank_differences(t, table, names);
    let ranks = table.rows.len();
    if differences.is_empty() {
        return emit(None, &format!("standings: {ranks} ranks agree\n"));
    }
    let mut report = String::new();
    for (_, d) in &differences {
        let _ = writeln!(report, "{d}");
    }
    emit(None, &report)?;
    Err(Failure::new(
        EXIT_NO_PAIRING,
        format!("swiss: {} of {ranks} ranks differ", differences.len()),
    ))
}

/// Each player the file ranks otherwise than `table` (computed with the
/// tie-breaks `names`), one sentence each in rank order: the recorded
/// position, who the computed standings put there, and the first column
/// that orders the two. Players fully tied share a rank, so a recorded
/// rank anywhere inside their block is right; a player with no recorded
/// rank is named too. Each sentence comes with the player's index in
/// `t.players`.
pub(crate) fn rank_differences(
    t: &Tournament,
    table: &Table,
    names: &[&str],
) -> Vec<(usize, String)> {
    let rows = &table.rows;
    let computed = table.in_rank_order();
    let mut sharing: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
    for r in rows {
        *sharing.entry(r.rank).or_default() += 1;
    }
    let block = |i: usize| {
        let r = rows[i].rank;
        r..=r + sharing.get(&r).copied().unwrap_or(1) - 1
    };
    let mut out = Vec::new();
    let mut recorded: Vec<(u32, usize)> = Vec::new();
    let who = if t.teams.is_some() { "team" } else { "player" };
    for (i, (start_no, rank)) in recorded_ranks(t).into_iter().enumerate() {
        match rank {
            Some(r) => recorded.push((r, i)),
            None => out.push((
                i,
                format!(
                    "{who} {start_no}: no rank recorded (computed {})",
                    rows[i].rank
                ),
            )),
        }
    }
    recorded.sort();
    for &(r, i) in &recorded {
        if block(i).contains(&r) {
            continue;
        }
        let row = &rows[i];
        let at = (r as usize)
            .checked_sub(1)
            .and_then(|k| computed.get(k))
            .copied();
        let decided = at.map_or(String::new(), |other| deciding(row, other, names));
        out.push((
            i,
            format!(
                "rank {r}: the file has {who} {}, the computed standings have {} ({who} {} is ranked {}{})",
                row.start_no,
                at.map_or("nobody".to_string(), |o| format!("{who} {}", o.start_no)),
                row.start_no,
                row.rank,
                decided
            ),
        ));
    }
    out
}

/// The first column that separates two players: `; decided by BH/C1 (23.5
/// against 22.0)`.
fn deciding(a: &swiss_tiebreak::Row, b: &swiss_tiebreak::Row, names: &[&str]) -> String {
    if a.points != b.points {
        return format!("; decided by PTS ({} against {})", a.points, b.points);
    }
    for (k, n) in names.iter().enumerate() {
        if a.values[k] != b.values[k] {
            return format!("; decided by {n} ({} against {})", a.values[k], b.values[k]);
        }
    }
    "; tied on every tie-break".to_string()
}
