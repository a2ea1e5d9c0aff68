//! The tournament record: players, rounds, results, and the extension data
//! pairing engines read (planned rounds, initial colour, accelerations,
//! forbidden pairs, point system).

use serde::{Deserialize, Serialize};

use crate::points::{PointSystem, Points};
use crate::team::TeamSection;

/// A start number (pairing number) as written in the TRF: 1-based.
pub type StartNo = u32;

/// A colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    pub const fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// The TRF letter, `w` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }
}

/// The result code of one round entry, as TRF16 defines it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultCode {
    /// `1`: played win.
    Win,
    /// `=`: played draw.
    Draw,
    /// `0`: played loss.
    Loss,
    /// `W`: win of a game that lasted less than one move (played for pairing).
    ShortWin,
    /// `D`: draw of a game that lasted less than one move (played for pairing).
    ShortDraw,
    /// `L`: loss of a game that lasted less than one move (played for pairing).
    ShortLoss,
    /// `+` with an opponent: forfeit win, not a played game.
    ForfeitWin,
    /// `-` with an opponent: forfeit loss, not a played game.
    ForfeitLoss,
    /// `U`, or `+` with no opponent: pairing-allocated bye.
    PairingBye,
    /// `F` with no opponent: full-point bye (requested).
    FullBye,
    /// `H` with no opponent: half-point bye (requested).
    HalfBye,
    /// `Z`, or `-` with no opponent: zero-point bye or known absence.
    ZeroBye,
    /// A blank result: with an opponent, a game paired but not finished yet;
    /// with none, the player was not paired (absent, withdrawn, not yet entered).
    Blank,
}

impl ResultCode {
    /// The TRF character for this code (`U` for the pairing-allocated bye).
    pub const fn letter(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::ShortWin => 'W',
            ResultCode::ShortDraw => 'D',
            ResultCode::ShortLoss => 'L',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::PairingBye => 'U',
            ResultCode::FullBye => 'F',
            ResultCode::HalfBye => 'H',
            ResultCode::ZeroBye => 'Z',
            ResultCode::Blank => ' ',
        }
    }

    /// Whether the code needs an opponent (`true`), forbids one (`false`) or
    /// allows both (`None`: the blank code).
    pub const fn needs_opponent(self) -> Option<bool> {
        match self {
            ResultCode::Win
            | ResultCode::Draw
            | ResultCode::Loss
            | ResultCode::ShortWin
            | ResultCode::ShortDraw
            | ResultCode::ShortLoss
            | ResultCode::ForfeitWin
            | ResultCode::ForfeitLoss => Some(true),
            ResultCode::PairingBye
            | ResultCode::FullBye
            | ResultCode::HalfBye
            | ResultCode::ZeroBye => Some(false),
            ResultCode::Blank => None,
        }
    }

    /// Whether this is the result of a game actually played over the board
    /// (C.04.2 D.5/D.6: forfeits are not).
    pub const fn is_played(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::ShortWin
                | ResultCode::ShortDraw
                | ResultCode::ShortLoss
        )
    }

    /// The result the opponent must have recorded for the same game.
    pub const fn mirrored(self) -> ResultCode {
        match self {
            ResultCode::Win => ResultCode::Loss,
            ResultCode::Loss => ResultCode::Win,
            ResultCode::ShortWin => ResultCode::ShortLoss,
            ResultCode::ShortLoss => ResultCode::ShortWin,
            ResultCode::ForfeitWin => ResultCode::ForfeitLoss,
            ResultCode::ForfeitLoss => ResultCode::ForfeitWin,
            other => other,
        }
    }
}

/// One player's entry for one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundEntry {
    /// The opponent's start number, if the player was paired against someone.
    pub opponent: Option<StartNo>,
    /// The colour written for the game (forfeits carry one too, but it is not a played colour).
    pub colour: Option<Colour>,
    /// The result code.
    pub result: ResultCode,
}

impl RoundEntry {
    /// A blank entry: not paired in this round.
    pub const BLANK: RoundEntry = RoundEntry {
        opponent: None,
        colour: None,
        result: ResultCode::Blank,
    };

    /// The entry of a game against `opponent` with `colour` and `result`.
    pub const fn game(opponent: StartNo, colour: Colour, result: ResultCode) -> RoundEntry {
        RoundEntry {
            opponent: Some(opponent),
            colour: Some(colour),
            result,
        }
    }

    /// An entry without opponent (a bye or an absence).
    pub const fn no_game(result: ResultCode) -> RoundEntry {
        RoundEntry {
            opponent: None,
            colour: None,
            result,
        }
    }

    /// Whether the game was actually played over the board (has an opponent and a played result).
    pub fn is_played_game(&self) -> bool {
        self.opponent.is_some() && self.result.is_played()
    }

    /// Whether the player was paired in this round: had an opponent (forfeits
    /// included) or the pairing-allocated bye.
    pub fn is_paired(&self) -> bool {
        self.opponent.is_some() || self.result == ResultCode::PairingBye
    }

    /// A pre-assigned non-participation entry (requested bye, known absence):
    /// an entry with no opponent that is not a pairing-allocated bye. In the
    /// column of the round being paired it marks a player not to be paired.
    pub fn is_non_participation(&self) -> bool {
        self.opponent.is_none()
            && matches!(
                self.result,
                ResultCode::FullBye | ResultCode::HalfBye | ResultCode::ZeroBye
            )
    }

    /// Points this entry is worth under `system`.
    pub fn points(&self, system: &PointSystem) -> Points {
        let white = self.colour != Some(Colour::Black);
        match self.result {
            ResultCode::Win | ResultCode::ShortWin if white => system.win_white,
            ResultCode::Win | ResultCode::ShortWin => system.win_black,
            ResultCode::Draw | ResultCode::ShortDraw if white => system.draw_white,
            ResultCode::Draw | ResultCode::ShortDraw => system.draw_black,
            ResultCode::Loss | ResultCode::ShortLoss if white => system.loss_white,
            ResultCode::Loss | ResultCode::ShortLoss => system.loss_black,
            ResultCode::ForfeitWin => system.forfeit_win,
            ResultCode::ForfeitLoss => system.forfeit_loss,
            ResultCode::PairingBye => system.pairing_bye,
            ResultCode::FullBye => system.full_bye,
            ResultCode::HalfBye => system.half_bye,
            ResultCode::ZeroBye => system.zero_bye,
            ResultCode::Blank if self.opponent.is_none() => system.zero_bye,
            ResultCode::Blank => Points::ZERO,
        }
    }
}

/// A FIDE title, in the order of C.04.2 B (initial ranking): GM first.
///
/// Real exports write titles outside the TRF list (`F`, `C`, national
/// titles): they are kept as written ([`Title::Other`]) with a warning,
/// since pairing never reads titles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Title {
    /// Grandmaster.
    GM,
    /// International Master.
    IM,
    /// Woman Grandmaster.
    WGM,
    /// FIDE Master.
    FM,
    /// Woman International Master.
    WIM,
    /// Candidate Master.
    CM,
    /// Woman FIDE Master.
    WFM,
    /// Woman Candidate Master.
    WCM,
    /// A title outside the TRF list, as written (ranked after every FIDE title).
    Other(OtherTitle),
}

/// The text of a title outside the TRF list: at most three characters (the
/// width of columns 11-13), no blanks at either end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OtherTitle {
    bytes: [u8; 12],
    len: u8,
}

impl OtherTitle {
    /// `s` trimmed, if it is one to three characters long.
    pub fn new(s: &str) -> Option<OtherTitle> {
        let s = s.trim();
        let n = s.chars().count();
        if n == 0 || n > 3 || s.chars().any(char::is_control) {
            return None;
        }
        let mut bytes = [0; 12];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        Some(OtherTitle {
            bytes,
            len: s.len() as u8,
        })
    }

    /// The title as written.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl Title {
    /// Parses a TRF title field (`GM`, `IM`, `WGM`, ...; also the one-letter
    /// codes `g`, `m`, `f`, `c` and their `w` forms some programs write).
    /// `None` for anything else: see [`Title::read`].
    pub fn parse(s: &str) -> Option<Title> {
        Some(match s.trim() {
            "GM" | "g" => Title::GM,
            "IM" | "m" => Title::IM,
            "WGM" | "wg" => Title::WGM,
            "FM" | "f" => Title::FM,
            "WIM" | "wm" => Title::WIM,
            "CM" | "c" => Title::CM,
            "WFM" | "wf" => Title::WFM,
            "WCM" | "wc" => Title::WCM,
            _ => return None,
        })
    }

    /// A title field as written: a FIDE title, or [`Title::Other`] for any
    /// other text of one to three characters; `None` for longer text.
    pub fn read(s: &str) -> Option<Title> {
        Title::parse(s).or_else(|| OtherTitle::new(s).map(Title::Other))
    }

    /// Whether this is one of the TRF's FIDE titles.
    pub fn is_fide(&self) -> bool {
        !matches!(self, Title::Other(_))
    }

    /// The standard abbreviation (the text as written for [`Title::Other`]).
    pub fn as_str(&self) -> &str {
        match self {
            Title::GM => "GM",
            Title::IM => "IM",
            Title::WGM => "WGM",
            Title::FM => "FM",
            Title::WIM => "WIM",
            Title::CM => "CM",
            Title::WFM => "WFM",
            Title::WCM => "WCM",
            Title::Other(t) => t.as_str(),
        }
    }
}

/// A title is written as its text (`"GM"`, or an other title as written).
impl Serialize for Title {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Title {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Title, D::Error> {
        let s = String::deserialize(d)?;
        Title::read(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "expected a title of one to three characters, found `{s}`"
            ))
        })
    }
}

/// A player with his round-by-round record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Start number (pairing number), unique, 1-based.
    pub start_no: StartNo,
    /// Name as written.
    pub name: String,
    /// Sex letter as written (`m`, `w`, or none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<char>,
    /// FIDE title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<Title>,
    /// Rating (`None`: unrated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    /// Federation code.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub federation: String,
    /// FIDE id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    /// Birth date as written (`YYYY/MM/DD` or partial).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub birth_date: String,
    /// The points field of the file (checked against the results on reading).
    pub points: Points,
    /// The rank field of the file (informational).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// One entry per round, round 1 first. Missing trailing rounds are blank.
    pub rounds: Vec<RoundEntry>,
}

impl Player {
    /// A player with no games yet.
    pub fn new(start_no: StartNo, name: impl Into<String>, rating: Option<u16>) -> Player {
        Player {
            start_no,
            name: name.into(),
            sex: None,
            title: None,
            rating,
            federation: String::new(),
            fide_id: None,
            birth_date: String::new(),
            points: Points::ZERO,
            rank: None,
            rounds: Vec::new(),
        }
    }

    /// The entry of round `round` (1-based); blank past the recorded rounds.
    pub fn entry(&self, round: u32) -> RoundEntry {
        (round as usize)
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i))
            .copied()
            .unwrap_or(RoundEntry::BLANK)
    }

    /// Sum of the points of rounds `1..=last` under `system`.
    pub fn score_after(&self, last: u32, system: &PointSystem) -> Points {
        self.rounds
            .iter()
            .take(last as usize)
            .map(|e| e.points(system))
            .sum()
    }
}

/// Settings of the pairing a file gives besides its tournament type, for
/// the systems that read them (`XXO` records; JSON `settings`). Command
/// line options take precedence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The Maxi-tournament rule of the Lim system (C.04.4.3: floaters
    /// within 100 rating points). `XXO maxi`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub maxi: bool,
    /// The provisional rating of unrated players (Dubov A.1: every player
    /// needs one). `XXO default-rating=1400`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_rating: Option<u16>,
}

impl Settings {
    /// Whether nothing is set.
    pub fn is_default(&self) -> bool {
        *self == Settings::default()
    }
}

/// Players who will not be paired in a later round: a requested bye or a
/// known absence (TRF-2026 record `240 T RRR id id ...`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnnouncedByes {
    /// The round (1-based).
    pub round: u32,
    /// The entry they get: [`ResultCode::FullBye`], [`ResultCode::HalfBye`]
    /// or [`ResultCode::ZeroBye`].
    pub result: ResultCode,
    /// The players.
    pub players: Vec<StartNo>,
}

/// Players who must not meet in rounds `first_round..=last_round` (TRF-2026
/// record `260 RRF RRL id id ...`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenInRounds {
    /// The first round the prohibition applies to (1-based).
    pub first_round: u32,
    /// The last round it applies to.
    pub last_round: u32,
    /// The players, none of whom may meet another of them in those rounds.
    pub players: Vec<StartNo>,
}

impl ForbiddenInRounds {
    /// Whether the prohibition applies to `round`.
    pub fn applies_to(&self, round: u32) -> bool {
        (self.first_round..=self.last_round).contains(&round)
    }
}

/// A whole tournament as recorded: the input and output of every tool.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// Tournament name (`012`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Planned number of rounds (`XXR`, or TRF-2026 `142`); `None` when the file does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planned_rounds: Option<u32>,
    /// The tournament type code (TRF-2026 record `192`, e.g.
    /// `FIDE_DUTCH_2017`), as written, when the file names one: the pairing
    /// system and edition the file asks for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<String>,
    /// Initial colour (`XXC white1` / `black1`, TRF-2026 `152 W` / `152 B`), when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_colour: Option<Colour>,
    /// Point system (TRF-2026 `162`, or `BB*` / `XXS` lines; default 1 / ½ / 0).
    #[serde(default)]
    pub point_system: PointSystem,
    /// Players, sorted by start number.
    pub players: Vec<Player>,
    /// Accelerated (fictitious) points per round (`XXA`, TRF-2026 `250`, or
    /// the Baku method a `192 ..._BAKU` code selects):
    /// `(player, points for round 1, 2, ...)`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accelerations: Vec<(StartNo, Vec<Points>)>,
    /// Groups of players who must not be paired with each other in any
    /// round (`XXP`, or a TRF-2026 `260` record covering every round).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden_pairs: Vec<Vec<StartNo>>,
    /// Groups of players who must not be paired with each other in a range
    /// of rounds only (TRF-2026 `260`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden_in_rounds: Vec<ForbiddenInRounds>,
    /// Pairing settings the file gives (`XXO`).
    #[serde(default, skip_serializing_if = "Settings::is_default")]
    pub settings: Settings,
    /// Byes and absences announced for rounds after the round to pair
    /// (TRF-2026 `240` records of those rounds). Those of the round to pair
    /// and of earlier rounds are the players' round entries instead.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub announced_byes: Vec<AnnouncedByes>,
    /// Other records, kept verbatim so a rewrite loses nothing: those before
    /// the first player record, then those after it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub header_records: Vec<String>,
    /// Other records found after the first player record.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trailer_records: Vec<String>,
    /// The teams of a team tournament (FIDE C.04.6; TRF-2026 records
    /// `310`/`013`, `300`, `320`, `330`, `352`, `362`, and the team-keyed
    /// `240`, `250`, `260`, `299`); `None` for an individual tournament.
    /// The individual pairing systems refuse a tournament that has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<TeamSection>,
}

impl Tournament {
    /// The player with start number `start_no`.
    pub fn player(&self, start_no: StartNo) -> Option<&Player> {
        self.index_of(start_no).map(|i| &self.players[i])
    }

    /// Index into `players` of the player with start number `start_no`.
    pub fn index_of(&self, start_no: StartNo) -> Option<usize> {
        self.players
            .binary_search_by_key(&start_no, |p| p.start_no)
            .ok()
    }

    /// The number of round columns recorded (the longest player record).
    pub fn recorded_rounds(&self) -> u32 {
        self.players
            .iter()
            .map(|p| p.rounds.len() as u32)
            .max()
            .unwrap_or(0)
    }

    /// The played rounds: the last round in which someone has an opponent or
    /// a pairing-allocated bye (trf.md, "The round being paired"); in a
    /// team tournament also a team's forfeited match (`330`) or PAB
    /// (`320`), which the players' entries need not show.
    pub fn played_rounds(&self) -> u32 {
        let players = (1..=self.recorded_rounds())
            .rev()
            .find(|&r| self.players.iter().any(|p| p.entry(r).is_paired()))
            .unwrap_or(0);
        let teams = self.teams.as_ref().map_or(0, |ts| {
            ts.last_recorded_round().min(crate::limits::MAX_ROUNDS)
        });
        players.max(teams)
    }

    /// The round a pairing program pairs next: one after the played rounds.
    pub fn next_round(&self) -> u32 {
        self.played_rounds() + 1
    }

    /// Whether `start_no` is announced not to be paired in `round`: a
    /// non-participation entry in his record, or an announced bye.
    pub fn sits_out(&self, start_no: StartNo, round: u32) -> bool {
        self.player(start_no)
            .is_some_and(|p| p.entry(round).is_non_participation())
            || self
                .announced_byes
                .iter()
                .any(|b| b.round == round && b.players.contains(&start_no))
    }

    /// Accelerated points of `start_no` for `round` (1-based), zero when none.
    pub fn acceleration(&self, start_no: StartNo, round: u32) -> Points {
        self.accelerations
            .iter()
            .filter(|(p, _)| *p == start_no)
            .filter_map(|(_, v)| v.get((round as usize).checked_sub(1)?).copied())
            .sum()
    }

    /// Keeps rounds `1..=last` and drops everything after, as when replaying
    /// a tournament up to a round. The points field is recomputed.
    pub fn truncate_rounds(&mut self, last: u32) {
        for p in &mut self.players {
            p.rounds.truncate(last as usize);
            p.points = p.score_after(last, &self.point_system);
        }
    }
}
