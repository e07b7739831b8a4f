//! Standings as tables (points tables, groups, leaderboards, final places), shared by the
//! standings widget, the bracket's group tables and the portal's tournament page.

use serde::Serialize;

use super::i18n::T;
use crate::domain::{Locale, TournamentStatus};
use crate::views::StandingsRecord;

/// One table: header cells (with the full word as a tooltip where the header is short) and rows
/// of already formatted cells.
#[derive(Serialize)]
pub(crate) struct Table {
    pub title: Option<String>,
    pub columns: Vec<Column>,
    pub rows: Vec<Row>,
}

#[derive(Serialize)]
pub(crate) struct Column {
    pub text: String,
    pub title: Option<String>,
}

#[derive(Serialize)]
pub(crate) struct Row {
    pub cells: Vec<String>,
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

/// The standings of `record` as tables, one per group for a group stage.
pub(crate) fn standings_tables(locale: Locale, record: &StandingsRecord) -> Vec<Table> {
    let name = |n: &Option<String>| n.clone().unwrap_or_default();
    let points_table = |title: Option<String>, rows: &[crate::views::TableRecord]| {
        let mut columns = columns(
            locale,
            &[
                T::Rank,
                T::Participant,
                T::Played,
                T::Wins,
                T::Draws,
                T::Losses,
                T::ScoreDiff,
                T::Points,
            ],
        );
        let keys: Vec<&str> = rows
            .first()
            .map(|r| r.tiebreakers.iter().map(|t| t.key).collect())
            .unwrap_or_default();
        for key in &keys {
            if *key == "score_diff" {
                continue;
            }
            columns.push(Column {
                text: T::tiebreaker(key).map_or(key.to_string(), |t| t.get(locale).to_owned()),
                title: None,
            });
        }
        let rows = rows
            .iter()
            .map(|r| {
                let mut cells = vec![
                    r.rank.to_string(),
                    name(&r.name),
                    r.played.to_string(),
                    r.wins.to_string(),
                    r.draws.to_string(),
                    r.losses.to_string(),
                    format!("{:+}", r.score_diff),
                    number(r.points),
                ];
                cells.extend(
                    r.tiebreakers
                        .iter()
                        .filter(|t| t.key != "score_diff")
                        .map(|t| number(t.value)),
                );
                Row { cells }
            })
            .collect();
        Table {
            title,
            columns,
            rows,
        }
    };
    match record {
        StandingsRecord::PointsTable { rows } => vec![points_table(None, rows)],
        StandingsRecord::Groups { groups } => groups
            .iter()
            .map(|g| points_table(Some(T::Group.with(locale, &g.label)), &g.rows))
            .collect(),
        StandingsRecord::Leaderboard { rows } => vec![Table {
            title: None,
            columns: columns(
                locale,
                &[T::Rank, T::Participant, T::Points, T::Played, T::BestPlace],
            ),
            rows: rows
                .iter()
                .map(|r| Row {
                    cells: vec![
                        r.rank.to_string(),
                        name(&r.name),
                        r.points.to_string(),
                        r.played.to_string(),
                        r.best_place.map(|p| p.to_string()).unwrap_or_default(),
                    ],
                })
                .collect(),
        }],
        StandingsRecord::FinalPlaces { rows } => vec![Table {
            title: None,
            columns: columns(locale, &[T::Place, T::Participant]),
            rows: rows
                .iter()
                .map(|r| {
                    let place = match (r.place, r.place_to) {
                        (Some(from), Some(to)) if to > from => format!("{from}–{to}"),
                        (Some(from), _) => from.to_string(),
                        (None, _) => T::InTheRunning.get(locale).to_owned(),
                    };
                    Row {
                        cells: vec![place, name(&r.name)],
                    }
                })
                .collect(),
        }],
    }
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
            StandingsBody {
                message: None,
                tables: standings_tables(locale, record),
            }
        }
    }
}
