//! Tie-break codes as C.07 writes them: an acronym (`BH`, `SB`, `ARO`,
//! ...) and modifiers after a slash (`/C1` Cut-1, `/M1` Median-1, `/L`
//! the Koya limit).

use std::fmt;
use std::str::FromStr;

use swiss_core::TeamScore;

use crate::error::TieBreakError;

/// A tie-break's acronym (C.07, the table of tie-breaks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Points (C.07 Art. 5).
    Pts,
    /// Number of wins (C.07 Art. 7.1).
    Win,
    /// Number of games won over the board (C.07 Art. 7.2).
    Won,
    /// Number of games played with Black (C.07 Art. 7.3).
    Bpg,
    /// Number of games won with Black (C.07 Art. 7.4).
    Bwg,
    /// Number of rounds one elected to play (C.07 Art. 7.5; formerly GE).
    Rep,
    /// Progressive scores (C.07 Art. 7.6).
    Ps,
    /// Koya system (C.07 Art. 7.7), for round-robins and with its limit.
    Ks,
    /// Direct encounter (C.07 Art. 6).
    De,
    /// Buchholz (C.07 Art. 8.1).
    Bh,
    /// Fore Buchholz (C.07 Art. 8.3).
    Fb,
    /// Average of opponents' Buchholz (C.07 Art. 8.4).
    Aob,
    /// Sonneborn-Berger (C.07 Art. 8.2).
    Sb,
    /// Average rating of opponents (C.07 Art. 10.1).
    Aro,
    /// Tournament performance rating (C.07 Art. 10.2).
    Tpr,
    /// Perfect tournament performance (C.07 Art. 10.3).
    Ptp,
    /// Average of the opponents' rating performances (C.07 Art. 10.4).
    Apro,
    /// Average of the opponents' perfect performances (C.07 Art. 10.5).
    Appo,
    /// The player's own rating (C.07 Art. 10.6).
    Rtng,
    /// Standard points: every round scored 1 / ½ / 0 whatever the point
    /// system (C.07 2026, Art. 5.2).
    Std,
    /// Tournament pairing number (start number), the last resort.
    Tpn,
    /// A team's match points (C.07 Art. 11.1), whatever the primary score.
    Mpts,
    /// A team's game points (C.07 Art. 11.1).
    Gpts,
    /// The team score that is not primary (C.07 Art. 13.1, "MPvGP").
    Mpvgp,
    /// Extended Sonneborn-Berger (C.07 Art. 13.2): the opponents' primary
    /// totals times the secondary score against them.
    Esb,
    /// Extended Sonneborn-Berger, opponents' match points × own match points.
    Emmsb,
    /// Extended Sonneborn-Berger, opponents' match points × own game points.
    Emgsb,
    /// Extended Sonneborn-Berger, opponents' game points × own match points.
    Egmsb,
    /// Extended Sonneborn-Berger, opponents' game points × own game points.
    Eggsb,
    /// Extended direct encounter (C.07 Art. 13.3): primary, then secondary score.
    Ede,
    /// EDE, then board count between two teams still tied.
    Edec,
    /// EDE, then top-board result between two teams still tied.
    Edet,
    /// EDE, then board elimination between two teams still tied.
    Edeb,
    /// EDE, then board count and top-board result.
    Edebt,
    /// EDE, then board count and board elimination.
    Edebb,
    /// Board count (C.07 Art. 12.1): Σ board number × game points, lower first.
    Bc,
    /// Top-board result (C.07 Art. 12.2).
    Tbr,
    /// Bottom-board elimination (C.07 Art. 12.3).
    Bbe,
    /// Score-strength combination (C.07 Art. 13.4).
    Sssc,
}

impl Kind {
    /// The acronym as the regulation writes it.
    pub const fn acronym(self) -> &'static str {
        match self {
            Kind::Pts => "PTS",
            Kind::Win => "WIN",
            Kind::Won => "WON",
            Kind::Bpg => "BPG",
            Kind::Bwg => "BWG",
            Kind::Rep => "REP",
            Kind::Ps => "PS",
            Kind::Ks => "KS",
            Kind::De => "DE",
            Kind::Bh => "BH",
            Kind::Fb => "FB",
            Kind::Aob => "AOB",
            Kind::Sb => "SB",
            Kind::Aro => "ARO",
            Kind::Tpr => "TPR",
            Kind::Ptp => "PTP",
            Kind::Apro => "APRO",
            Kind::Appo => "APPO",
            Kind::Rtng => "RTNG",
            Kind::Std => "STD",
            Kind::Tpn => "TPN",
            Kind::Mpts => "MPTS",
            Kind::Gpts => "GPTS",
            Kind::Mpvgp => "MPVGP",
            Kind::Esb => "ESB",
            Kind::Emmsb => "EMMSB",
            Kind::Emgsb => "EMGSB",
            Kind::Egmsb => "EGMSB",
            Kind::Eggsb => "EGGSB",
            Kind::Ede => "EDE",
            Kind::Edec => "EDEC",
            Kind::Edet => "EDET",
            Kind::Edeb => "EDEB",
            Kind::Edebt => "EDEBT",
            Kind::Edebb => "EDEBB",
            Kind::Bc => "BC",
            Kind::Tbr => "TBR",
            Kind::Bbe => "BBE",
            Kind::Sssc => "SSSC",
        }
    }

    /// Every acronym, in the order of the regulation's table (the team
    /// tie-breaks of Art. 11-13 last).
    pub const ALL: [Kind; 39] = [
        Kind::Pts,
        Kind::Std,
        Kind::De,
        Kind::Win,
        Kind::Won,
        Kind::Bpg,
        Kind::Bwg,
        Kind::Rep,
        Kind::Ps,
        Kind::Ks,
        Kind::Bh,
        Kind::Sb,
        Kind::Fb,
        Kind::Aob,
        Kind::Aro,
        Kind::Tpr,
        Kind::Ptp,
        Kind::Apro,
        Kind::Appo,
        Kind::Rtng,
        Kind::Tpn,
        Kind::Mpts,
        Kind::Gpts,
        Kind::Mpvgp,
        Kind::Bc,
        Kind::Tbr,
        Kind::Bbe,
        Kind::Esb,
        Kind::Emmsb,
        Kind::Emgsb,
        Kind::Egmsb,
        Kind::Eggsb,
        Kind::Ede,
        Kind::Edec,
        Kind::Edet,
        Kind::Edeb,
        Kind::Edebt,
        Kind::Edebb,
        Kind::Sssc,
    ];

    /// Whether the tie-break exists for team events only (C.07 Art. 11-13).
    pub const fn team_only(self) -> bool {
        matches!(
            self,
            Kind::Mpts
                | Kind::Gpts
                | Kind::Mpvgp
                | Kind::Esb
                | Kind::Emmsb
                | Kind::Emgsb
                | Kind::Egmsb
                | Kind::Eggsb
                | Kind::Bc
                | Kind::Tbr
                | Kind::Bbe
                | Kind::Sssc
        ) || self.is_ede()
    }

    /// The extended direct encounter family (C.07 Art. 13.3).
    pub const fn is_ede(self) -> bool {
        matches!(
            self,
            Kind::Ede | Kind::Edec | Kind::Edet | Kind::Edeb | Kind::Edebt | Kind::Edebb
        )
    }

    /// Whether the value is a place inside the group the tie-breaks before
    /// it leave tied (DE, the EDE family, TBR, BBE).
    pub const fn is_place(self) -> bool {
        matches!(self, Kind::De | Kind::Tbr | Kind::Bbe) || self.is_ede()
    }

    /// Whether a lower value ranks higher (the start number, and the
    /// direct-encounter sub-rank).
    pub const fn lower_is_better(self) -> bool {
        matches!(self, Kind::Tpn | Kind::Bc) || self.is_place()
    }

    /// Whether Cut-N / Median-N apply (C.07 Art. 14.1, 14.2: the
    /// opponents' scores and ratings tie-breaks, and PS for Cut).
    const fn takes_cut(self) -> bool {
        matches!(
            self,
            Kind::Bh
                | Kind::Fb
                | Kind::Sb
                | Kind::Aro
                | Kind::Ps
                | Kind::Tpr
                | Kind::Ptp
                | Kind::Esb
                | Kind::Emmsb
                | Kind::Emgsb
                | Kind::Egmsb
                | Kind::Eggsb
        )
    }

    const fn takes_median(self) -> bool {
        matches!(self, Kind::Bh | Kind::Fb | Kind::Sb | Kind::Aro)
    }
}

/// One tie-break with its modifiers, e.g. `BH/C1`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TieBreak {
    /// The acronym.
    pub kind: Kind,
    /// Cut-N (`/C1`, `/C2`): the N least significant values are dropped
    /// (C.07 Art. 14.1). Median-N sets both cuts.
    pub cut_low: u8,
    /// The N most significant values dropped (Median-N, `/M1`: C.07 Art. 14.2).
    pub cut_high: u8,
    /// The Koya limit as a percentage of the maximum score (`KS/L60`;
    /// default 50, C.07 Art. 7.7 and 14.4).
    pub koya_limit: u8,
    /// In a team event, the score the tie-break is computed on (`BH:MP`,
    /// `SB:GP`; C.07 Art. 13: by default the primary score).
    pub score: Option<TeamScore>,
    /// `/P`: a forfeited match counts as played, against its real
    /// opponent (team events; the reference platform's "predetermined").
    pub forfeits_played: bool,
    /// `/F`: SSSC takes Fore Buchholz (C.07 Art. 13.4).
    pub fore: bool,
    /// `/Kx`: SSSC's divisor set by the regulations (C.07 Art. 13.4).
    pub divisor: Option<u16>,
}

impl TieBreak {
    /// A tie-break without modifiers.
    pub const fn plain(kind: Kind) -> TieBreak {
        TieBreak {
            kind,
            cut_low: 0,
            cut_high: 0,
            koya_limit: 50,
            score: None,
            forfeits_played: false,
            fore: false,
            divisor: None,
        }
    }

    /// Parses a comma-separated list (`BH/C1,SB,DE`).
    pub fn parse_list(s: &str) -> Result<Vec<TieBreak>, TieBreakError> {
        s.split(',')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::parse)
            .collect()
    }
}

impl FromStr for TieBreak {
    type Err = TieBreakError;

    fn from_str(s: &str) -> Result<TieBreak, TieBreakError> {
        let err = |reason: &str| TieBreakError::UnknownCode {
            code: s.to_string(),
            reason: reason.to_string(),
        };
        let upper = s.trim().to_ascii_uppercase();
        let mut parts = upper.split('/');
        let head = parts.next().unwrap_or_default();
        let (name, score) = match head.split_once(':') {
            Some((n, "MP")) => (n, Some(TeamScore::MatchPoints)),
            Some((n, "GP")) => (n, Some(TeamScore::GamePoints)),
            Some(_) => return Err(err("a score after `:` is MP or GP")),
            None => (head, None),
        };
        let name = if name == "GE" { "REP" } else { name };
        let kind = Kind::ALL
            .into_iter()
            .find(|k| k.acronym() == name)
            .ok_or_else(|| err("not a C.07 acronym"))?;
        let mut tb = TieBreak::plain(kind);
        tb.score = score;
        for m in parts {
            let (letter, digits) = m.split_at(m.len().min(1));
            let n: Option<u8> = if digits.is_empty() {
                None
            } else {
                Some(digits.parse().map_err(|_| err("a modifier's number"))?)
            };
            match letter {
                "C" if kind.takes_cut() => tb.cut_low = n.unwrap_or(1),
                "M" if kind.takes_median() => {
                    tb.cut_low = n.unwrap_or(1);
                    tb.cut_high = n.unwrap_or(1);
                }
                "L" if kind == Kind::Ks => tb.koya_limit = n.unwrap_or(50),
                "P" if n.is_none() => tb.forfeits_played = true,
                "F" if kind == Kind::Sssc && n.is_none() => tb.fore = true,
                "K" if kind == Kind::Sssc => {
                    tb.divisor =
                        Some(u16::from(n.filter(|&k| k > 0).ok_or_else(|| {
                            err("SSSC's divisor /K is a whole number above 0")
                        })?))
                }
                _ => return Err(err("a modifier this tie-break does not take")),
            }
        }
        Ok(tb)
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.acronym())?;
        match self.score {
            Some(TeamScore::MatchPoints) => f.write_str(":MP")?,
            Some(TeamScore::GamePoints) => f.write_str(":GP")?,
            None => {}
        }
        if self.cut_high > 0 {
            write!(f, "/M{}", self.cut_high)?;
            if self.cut_low != self.cut_high {
                write!(f, "/C{}", self.cut_low)?;
            }
        } else if self.cut_low > 0 {
            write!(f, "/C{}", self.cut_low)?;
        }
        if self.kind == Kind::Ks && self.koya_limit != 50 {
            write!(f, "/L{}", self.koya_limit)?;
        }
        if let Some(k) = self.divisor {
            write!(f, "/K{k}")?;
        }
        if self.fore {
            f.write_str("/F")?;
        }
        if self.forfeits_played {
            f.write_str("/P")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_and_print_as_written() {
        for c in [
            "BH/C1",
            "BH/M1",
            "SB/C1",
            "ARO/C1",
            "DE",
            "TPN",
            "KS/L60",
            "PS/C1",
            "BH:MP/C1/P",
            "EMGSB/C1",
            "SSSC/K4/F",
            "EDET/P",
            "BC",
            "MPVGP",
        ] {
            let tb: TieBreak = c.parse().expect(c);
            assert_eq!(tb.to_string(), c);
        }
        assert_eq!("ge".parse::<TieBreak>().map(|t| t.kind), Ok(Kind::Rep));
        assert!("XX".parse::<TieBreak>().is_err());
        assert!("WIN/C1".parse::<TieBreak>().is_err());
        assert!("BH/Cx".parse::<TieBreak>().is_err());
        assert_eq!(TieBreak::parse_list("BH/C1, SB,DE").map(|v| v.len()), Ok(3));
    }
}
