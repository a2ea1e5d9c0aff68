//! The point system of a TRF: the `BB*` records, `XXS` and their
//! agreement.

use super::*;

impl Reader<'_> {
    pub(super) fn point_system(&mut self, bb: &BbValues, xxs: &[(usize, String)]) -> PointSystem {
        let mut ps = match (bb.win, bb.draw, bb.loss, bb.zero, bb.forfeit, bb.pab) {
            (None, None, None, None, None, None) => PointSystem::default(),
            _ => PointSystem::from_bb(
                bb.win.map_or(Points(10), |v| v.0),
                bb.draw.map_or(Points(5), |v| v.0),
                bb.loss.map_or(Points::ZERO, |v| v.0),
                bb.zero.map_or(Points::ZERO, |v| v.0),
                bb.forfeit.map_or(Points::ZERO, |v| v.0),
                bb.pab.map(|v| v.0),
            ),
        };
        let lines = &mut self.places.point_lines;
        let mut mark = |v: Option<(Points, usize)>, names: &[&'static str]| {
            if let Some((_, line)) = v {
                lines.extend(names.iter().map(|&name| (name, line)));
            }
        };
        mark(
            bb.win,
            &[
                "win_white",
                "win_black",
                "forfeit_win",
                "full_bye",
                "pairing_bye",
            ],
        );
        mark(bb.draw, &["draw_white", "draw_black", "half_bye"]);
        mark(bb.loss, &["loss_white", "loss_black"]);
        mark(bb.zero, &["zero_bye"]);
        mark(bb.forfeit, &["forfeit_loss"]);
        mark(bb.pab, &["pairing_bye"]);
        // What the BB* lines set, to compare with XXS.
        let by_bb: Vec<(&'static str, usize)> = self.places.point_lines.clone();
        let from_bb = ps;
        for (n, line) in xxs {
            self.xxs(*n, line, &mut ps, (&by_bb, &from_bb));
        }
        ps
    }

    /// `XXS CODE=value ...`; `bb` is what the `BB*` lines set (field and
    /// line) and the point system they give: an `XXS` value for a field a
    /// `BB*` line set to another value is an error, as `162` against
    /// `BB*` is (a `BBW 3.0` would otherwise keep the forfeit win and the
    /// PAB at 3 while `XXS WW=1.0` makes a game win 1).
    pub(super) fn xxs(
        &mut self,
        n: usize,
        line: &str,
        ps: &mut PointSystem,
        bb: (&[(&'static str, usize)], &PointSystem),
    ) {
        for tok in line.split_whitespace() {
            let Some((code, value)) = tok.split_once('=') else {
                self.error(
                    n,
                    5,
                    ErrorKind::Expected(format!("CODE=value, found `{tok}`")),
                );
                continue;
            };
            let Ok(v) = value.parse::<Points>() else {
                self.bad(n, 5, "a number of points", value);
                continue;
            };
            let fields: &[&'static str] = match code {
                "WW" => &["win_white"],
                "BW" => &["win_black"],
                "WD" => &["draw_white"],
                "BD" => &["draw_black"],
                "WL" => &["loss_white"],
                "BL" => &["loss_black"],
                "ZPB" => &["zero_bye"],
                "HPB" => &["half_bye"],
                "FPB" => &["full_bye"],
                "PAB" => &["pairing_bye"],
                "FW" => &["forfeit_win"],
                "FL" => &["forfeit_loss"],
                "W" => &["win_white", "win_black"],
                "D" => &["draw_white", "draw_black"],
                _ => {
                    self.error(
                        n,
                        5,
                        ErrorKind::Expected(format!(
                            "a point code (WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D), found `{code}`"
                        )),
                    );
                    continue;
                }
            };
            for &f in fields {
                let mut from_bb = *bb.1;
                let set = *point_field(&mut from_bb, f);
                if let Some(&(_, line)) = bb.0.iter().rev().find(|(g, _)| *g == f)
                    && set != v
                {
                    self.error(
                        n,
                        5,
                        ErrorKind::Conflict {
                            what: "the point system (BB*, XXS)",
                            first: format!("{f} {set} by the BB* record on line {line}"),
                            second: format!("{v} by XXS {code}"),
                        },
                    );
                }
                *point_field(ps, f) = v;
                self.places.point_lines.push((f, n));
            }
        }
    }

    /// Reports a non-blank character in a separator column next to a field.
    pub(super) fn separator(
        &mut self,
        n: usize,
        c: &Columns,
        column: usize,
        side: &'static str,
        field: &'static str,
    ) -> bool {
        let found = c.char_at(column);
        if found.is_whitespace() {
            return true;
        }
        self.error(
            n,
            column,
            ErrorKind::Overflow {
                field,
                column,
                side,
                found,
            },
        );
        false
    }
}

/// An out-of-range error for a number of a record.
pub(super) fn range_kind(what: &'static str, min: u32, max: u32, found: &str) -> ErrorKind {
    ErrorKind::OutOfRange {
        what,
        range: format!("{min} to {max}"),
        found: found.to_string(),
    }
}

/// A point system in a few words, for messages: `W 3.0 D 1.0 L 0.0 ...`.
pub(super) fn point_values(ps: &PointSystem) -> String {
    format!(
        "W {} D {} L {} A {} P {}",
        ps.win_white, ps.draw_white, ps.loss_white, ps.zero_bye, ps.pairing_bye
    )
}

/// The point system's value named `name` (its JSON field name).
pub(super) fn point_field<'a>(ps: &'a mut PointSystem, name: &str) -> &'a mut Points {
    match name {
        "win_white" => &mut ps.win_white,
        "win_black" => &mut ps.win_black,
        "draw_white" => &mut ps.draw_white,
        "draw_black" => &mut ps.draw_black,
        "loss_white" => &mut ps.loss_white,
        "loss_black" => &mut ps.loss_black,
        "forfeit_win" => &mut ps.forfeit_win,
        "forfeit_loss" => &mut ps.forfeit_loss,
        "zero_bye" => &mut ps.zero_bye,
        "half_bye" => &mut ps.half_bye,
        "full_bye" => &mut ps.full_bye,
        _ => &mut ps.pairing_bye,
    }
}
