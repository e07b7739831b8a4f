//! Standings as tables (points tables, groups, leaderboards, final places), shared by the
//! standings widget, the bracket's group tables and the portal's tournament page.

use serde::Serialize;

use super::i18n::T;
use crate::db::tournaments::TournamentRow;
use crate::domain::{Format, Locale, TournamentStatus};
use crate::views::{StandingsRecord, TableRecord};

/// One table: header cells (with the full word as a tooltip where the header is short) and rows
/// of already formatted cells. A table wider than the screen scrolls inside its own box (named
/// by `label` for screen readers); in a ranked table the first three columns (rank, name,
/// points) stay in view while the rest scrolls.
#[derive(Serialize)]
pub(crate) struct Table {
    pub title: Option<String>,
    pub label: String,
    pub class: &'static str,
    pub columns: Vec<Column>,
    pub rows: Vec<Row>,
    /// What the table alone does not say: who goes on from a group, and what decided a tie for
    /// the last place through. (Not `note`: tinytemplate reads `if note` as `if not e`.)
    pub remark: Option<String>,
}

impl Table {
    /// A plain table; `label` names it where it has no title.
    pub(crate) fn new(
        title: Option<String>,
        label: &str,
        columns: Vec<Column>,
        rows: Vec<Row>,
    ) -> Table {
        Table {
            label: title.clone().unwrap_or_else(|| label.to_owned()),
            title,
            class: "",
            columns,
            rows,
            remark: None,
        }
    }

    /// A table whose first three columns are rank, name and points.
    fn ranked(mut self) -> Table {
        self.class = "ranked";
        self
    }
}

#[derive(Serialize)]
pub(crate) struct Column {
    pub text: String,
    pub title: Option<String>,
}

#[derive(Serialize)]
pub(crate) struct Row {
    /// `advances` for a group's qualifiers.
    pub class: &'static str,
    pub cells: Vec<String>,
}

impl Row {
    pub(crate) fn new(cells: Vec<String>) -> Row {
        Row { class: "", cells }
    }
}

pub(crate) fn columns(locale: Locale, texts: &[T]) -> Vec<Column> {
    texts
        .iter()
        .map(|t| Column {
            text: t.get(locale).to_owned(),
            title: None,
        })
        .collect()
}

/// 3 rather than 3.0; 2.5 stays 2.5.
pub(crate) fn number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 9.0e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

/// What standings are headed: "Final standings" once a league's last round is played (its
/// table stays), else "Standings".
pub(crate) fn heading(record: &StandingsRecord) -> T {
    match record {
        StandingsRecord::PointsTable {
            final_places: Some(_),
            ..
        }
        | StandingsRecord::Leaderboard {
            final_places: Some(_),
            ..
        } => T::FinalStandings,
        _ => T::Standings,
    }
}

/// The standings of `record` as tables, one per group for a group stage; `advance` is how many
/// of each group go to the playoff, when the tournament has one.
pub(crate) fn standings_tables(
    locale: Locale,
    record: &StandingsRecord,
    advance: Option<u32>,
) -> Vec<Table> {
    let label = heading(record).get(locale);
    match record {
        StandingsRecord::PointsTable { rows, .. } => vec![points_table(locale, None, rows)],
        StandingsRecord::Groups { groups } => groups
            .iter()
            .map(|g| {
                let title = Some(T::Group.with(locale, &g.label));
                let table = points_table(locale, title, &g.rows);
                match advance {
                    Some(advance) => qualifiers(locale, table, &g.rows, advance),
                    None => table,
                }
            })
            .collect(),
        StandingsRecord::Leaderboard { rows, .. } => vec![
            Table::new(
                None,
                label,
                columns(
                    locale,
                    &[T::Rank, T::Participant, T::Points, T::Played, T::BestPlace],
                ),
                rows.iter()
                    .map(|r| {
                        Row::new(vec![
                            r.rank.to_string(),
                            name(&r.name),
                            r.points.to_string(),
                            r.played.to_string(),
                            r.best_place.map(|p| p.to_string()).unwrap_or_default(),
                        ])
                    })
                    .collect(),
            )
            .ranked(),
        ],
        StandingsRecord::FinalPlaces { rows } => vec![Table::new(
            None,
            label,
            columns(locale, &[T::Place, T::Participant]),
            rows.iter()
                .map(|r| {
                    let place = match (r.place, r.place_to) {
                        (Some(from), Some(to)) if to > from => format!("{from}–{to}"),
                        (Some(from), _) => from.to_string(),
                        (None, _) => T::InTheRunning.get(locale).to_owned(),
                    };
                    Row::new(vec![place, name(&r.name)])
                })
                .collect(),
        )],
    }
}

fn name(name: &Option<String>) -> String {
    name.clone().unwrap_or_default()
}

/// A points table: rank, name and points first (what a narrow screen keeps in view), then the
/// games, the score difference and the other tiebreakers in the order they apply.
fn points_table(locale: Locale, title: Option<String>, rows: &[TableRecord]) -> Table {
    let mut columns = columns(
        locale,
        &[
            T::Rank,
            T::Participant,
            T::Points,
            T::Played,
            T::Wins,
            T::Draws,
            T::Losses,
            T::ScoreDiff,
        ],
    );
    let keys: Vec<&str> = rows
        .first()
        .map(|r| r.tiebreakers.iter().map(|t| t.key).collect())
        .unwrap_or_default();
    for key in keys.into_iter().filter(|key| *key != "score_diff") {
        columns.push(Column {
            text: tiebreaker_name(locale, key),
            title: None,
        });
    }
    let rows = rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                r.rank.to_string(),
                name(&r.name),
                number(r.points),
                r.played.to_string(),
                r.wins.to_string(),
                r.draws.to_string(),
                r.losses.to_string(),
                format!("{:+}", r.score_diff),
            ];
            cells.extend(
                r.tiebreakers
                    .iter()
                    .filter(|t| t.key != "score_diff")
                    .map(|t| number(t.value)),
            );
            Row::new(cells)
        })
        .collect();
    Table::new(title, T::Standings.get(locale), columns, rows).ranked()
}

fn tiebreaker_name(locale: Locale, key: &str) -> String {
    T::tiebreaker(key).map_or(key.to_string(), |t| t.get(locale).to_owned())
}

/// Marks a group's qualifiers, says how many go through and, once the group is played out with
/// the last place through level on points with the next, what decided it.
fn qualifiers(locale: Locale, mut table: Table, rows: &[TableRecord], advance: u32) -> Table {
    let advance = advance as usize;
    let mut by_position: Vec<&TableRecord> = rows.iter().collect();
    by_position.sort_by_key(|r| r.position);
    for (row, record) in table.rows.iter_mut().zip(rows) {
        if (record.position as usize) <= advance {
            row.class = "advances";
        }
    }
    let mut note = if advance == 1 {
        T::AdvanceOne.get(locale).to_owned()
    } else {
        T::AdvanceMany.with(locale, advance)
    };
    let played_out = rows.iter().all(|r| r.played as usize + 1 == rows.len());
    if let (true, Some(last_in), Some(first_out)) = (
        played_out,
        advance.checked_sub(1).and_then(|i| by_position.get(i)),
        by_position.get(advance),
    ) && last_in.points == first_out.points
    {
        let decided = last_in
            .tiebreakers
            .iter()
            .zip(&first_out.tiebreakers)
            .find(|(a, b)| a.value != b.value);
        let (name_in, name_out) = (name(&last_in.name), name(&first_out.name));
        let why = match decided {
            Some((a, b)) => T::TieDecidedBy.fill(
                locale,
                &[
                    ("tiebreak", &tiebreaker_name(locale, a.key)),
                    ("in", &name_in),
                    ("a", &number(a.value)),
                    ("out", &name_out),
                    ("b", &number(b.value)),
                ],
            ),
            None => T::TieDecidedBySeed.fill(locale, &[("in", &name_in)]),
        };
        note = format!("{note} {why}");
    }
    table.remark = Some(note);
    table
}

/// How many of each group go to the playoff, for a tournament played in groups first.
pub(crate) fn advance_per_group(tournament: &TournamentRow) -> Option<u32> {
    (tournament.format == Format::GroupsPlayoffs)
        .then(|| {
            tournament
                .advance_per_group
                .and_then(|n| u32::try_from(n).ok())
        })
        .flatten()
}

/// Before the draw: nothing to draw or rank yet.
pub(crate) fn is_before_draw(status: TournamentStatus) -> bool {
    matches!(
        status,
        TournamentStatus::Draft
            | TournamentStatus::Announced
            | TournamentStatus::RegistrationOpen
            | TournamentStatus::RegistrationClosed
    )
}

/// The standings part of a page: a note before play, else the tables.
#[derive(Serialize)]
pub(crate) struct StandingsBody {
    pub message: Option<&'static str>,
    pub tables: Vec<Table>,
}

impl StandingsBody {
    pub(crate) fn new(
        locale: Locale,
        status: TournamentStatus,
        record: &StandingsRecord,
        advance: Option<u32>,
    ) -> StandingsBody {
        if status == TournamentStatus::Cancelled {
            StandingsBody {
                message: Some(T::RegCancelled.get(locale)),
                tables: Vec::new(),
            }
        } else if is_before_draw(status) {
            StandingsBody {
                message: Some(T::StandingsNotStarted.get(locale)),
                tables: Vec::new(),
            }
        } else {
            // A league over keeps its table; a line above it says these are final.
            let final_league = heading(record) == T::FinalStandings;
            StandingsBody {
                message: final_league.then(|| T::FinalStandingsNote.get(locale)),
                tables: standings_tables(locale, record, advance),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::ParticipantId;
    use crate::views::{GroupRecord, TiebreakerRecord};

    /// A row of a points table: `h2h` is its head-to-head value.
    fn row(position: u32, rank: u32, name: &str, points: f64, h2h: f64) -> TableRecord {
        TableRecord {
            rank,
            position,
            participant_id: ParticipantId::from_raw(i64::from(position)),
            name: Some(name.into()),
            played: 3,
            wins: 0,
            draws: 0,
            losses: 0,
            score_for: 0,
            score_against: 0,
            score_diff: 0,
            points,
            tiebreakers: vec![
                TiebreakerRecord {
                    key: "head_to_head",
                    value: h2h,
                },
                TiebreakerRecord {
                    key: "score_diff",
                    value: 0.0,
                },
            ],
        }
    }

    /// A group whose every member played everyone else.
    fn group(mut rows: Vec<TableRecord>) -> StandingsRecord {
        let others = rows.len() as u32 - 1;
        for row in &mut rows {
            row.played = others;
        }
        StandingsRecord::Groups {
            groups: vec![GroupRecord {
                label: "A".into(),
                rows,
            }],
        }
    }

    #[test]
    fn rank_name_and_points_come_first() {
        let tables = standings_tables(
            Locale::En,
            &StandingsRecord::PointsTable {
                rows: vec![row(1, 1, "Anna", 9.0, 0.0)],
                final_places: None,
            },
            None,
        );
        let heads: Vec<&str> = tables[0].columns.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(heads[..4], ["Rank", "Participant", "Points", "Played"]);
        assert_eq!(tables[0].rows[0].cells[..3], ["1", "Anna", "9"]);
        assert_eq!(tables[0].class, "ranked");
    }

    #[test]
    fn a_tie_for_the_last_place_through_says_what_decided_it() {
        let record = group(vec![
            row(1, 1, "Anna", 9.0, 0.0),
            row(2, 2, "Boris", 3.0, 3.0),
            row(3, 3, "Vera", 3.0, 0.0),
            row(4, 4, "Gleb", 3.0, 0.0),
        ]);
        let en = &standings_tables(Locale::En, &record, Some(2))[0];
        assert_eq!(
            en.remark.as_deref(),
            Some(
                "Into the playoff: places 1 to 2 of each group. Level on points for the last \
                 place in the playoff, decided by the tie-break “Head-to-head”: Boris (3), Vera (0)."
            )
        );
        let classes: Vec<&str> = en.rows.iter().map(|r| r.class).collect();
        assert_eq!(classes, ["advances", "advances", "", ""]);
        let ru = &standings_tables(Locale::Ru, &record, Some(2))[0];
        assert!(
            ru.remark
                .as_deref()
                .is_some_and(|n| n.contains("«Личные встречи»: Boris (3), Vera (0)")),
            "{:?}",
            ru.remark
        );
    }

    #[test]
    fn a_tie_on_everything_says_the_seed_decided_and_clear_points_need_no_word() {
        let level = group(vec![
            row(1, 1, "Anna", 9.0, 0.0),
            row(2, 2, "Boris", 3.0, 0.0),
            row(3, 2, "Vera", 3.0, 0.0),
            row(4, 4, "Gleb", 0.0, 0.0),
        ]);
        let note = standings_tables(Locale::En, &level, Some(2))[0]
            .remark
            .clone();
        assert!(
            note.as_deref()
                .is_some_and(|n| n.ends_with("the higher seed went through: Boris.")),
            "{note:?}"
        );
        let clear = group(vec![
            row(1, 1, "Anna", 9.0, 0.0),
            row(2, 2, "Boris", 6.0, 0.0),
            row(3, 3, "Vera", 3.0, 0.0),
            row(4, 4, "Gleb", 0.0, 0.0),
        ]);
        assert_eq!(
            standings_tables(Locale::En, &clear, Some(1))[0]
                .remark
                .as_deref(),
            Some("Into the playoff: the winner of each group.")
        );
        assert_eq!(standings_tables(Locale::En, &clear, None)[0].remark, None);
    }

    #[test]
    fn a_name_holding_a_placeholder_is_shown_as_written() {
        let record = group(vec![
            row(1, 1, "{out}", 3.0, 3.0),
            row(2, 2, "{in}", 3.0, 0.0),
        ]);
        let note = standings_tables(Locale::En, &record, Some(1))[0]
            .remark
            .clone();
        assert!(
            note.as_deref()
                .is_some_and(|n| n.ends_with(": {out} (3), {in} (0).")),
            "{note:?}"
        );
    }
}
