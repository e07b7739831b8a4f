//! One stage's standings: the table, group tables, leaderboard or places of a single stage,
//! counted over its own players and matches, and the stage's order (best first) that the next
//! stage is drawn from and that places those who leave it.
//!
//! Pure, like the rest of standings: a function of the engine's [`State`].

use super::elimination::elimination_places;
use super::leaderboard::leaderboard;
use super::table::{Scoring, TableRow, group_tables, table};
use super::{PlaceRow, Standings};
use crate::domain::StageType;
use crate::domain::engine::{Game, Pid, StageSpec, State};

/// How the table of a stage of `spec` is scored.
pub fn scoring(spec: Option<&StageSpec>) -> Scoring {
    match spec {
        Some(s) if s.stage_type == StageType::Swiss && s.thresholds.is_some() => {
            Scoring::SwissRecord
        }
        Some(s) if s.stage_type == StageType::Swiss => Scoring::Swiss,
        _ => Scoring::RoundRobin,
    }
}

/// One player's standing in a stage, for the draw of the next and for final places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranked {
    pub participant: Pid,
    /// Lower is better; players with equal keys share a range of places when they leave the
    /// stage (a group position, an elimination round); distinct otherwise.
    pub key: u32,
    /// The group the player played in, for a group stage.
    pub group: Option<String>,
}

/// The matches of stage `number`.
fn games(state: &State, number: u32) -> Vec<&Game> {
    state
        .games_of_stage(number)
        .map(|i| &state.games[i])
        .collect()
}

/// The standings of stage `number` alone: its table, groups or leaderboard; for an elimination
/// stage, its own places (1 to its field's size).
pub fn stage_standings(state: &State, number: u32) -> Option<Standings> {
    let stage = state.stage(number)?;
    let spec = state.spec(number);
    let games = games(state, number);
    let field = &stage.field;
    Some(match stage.stage_type {
        StageType::RoundRobin | StageType::Swiss => {
            Standings::PointsTable(table(field, &games, scoring(spec.as_ref())))
        }
        StageType::Groups => Standings::Groups(group_tables(field, &games)),
        StageType::FreeForAll => Standings::Leaderboard(leaderboard(field, &games)),
        StageType::SingleElimination | StageType::DoubleElimination => {
            let ids: Vec<Pid> = field.iter().map(|e| e.id).collect();
            let decided = elimination_places(state, number, &ids, 0);
            let mut rows: Vec<PlaceRow> = field
                .iter()
                .map(|e| PlaceRow {
                    participant: e.id,
                    place: decided.get(&e.id).copied(),
                })
                .collect();
            rows.sort_by_key(|row| {
                (
                    row.place.map_or((0, 0), |p| (1, p.place)),
                    field.iter().position(|e| e.id == row.participant),
                )
            });
            Standings::FinalPlaces(rows)
        }
    })
}

/// Stage `number`'s players, best first, once it is complete: a table's order; a group stage's
/// group winners first (in group order), then the runners-up, ...; a leaderboard's order; an
/// elimination stage's places, the better seed first within a shared range.
pub fn stage_order(state: &State, number: u32) -> Vec<Ranked> {
    let plain = |rows: Vec<(Pid, u32)>| {
        rows.into_iter()
            .map(|(participant, key)| Ranked {
                participant,
                key,
                group: None,
            })
            .collect()
    };
    let position = |rows: Vec<TableRow>| rows.iter().map(|r| (r.participant, r.position)).collect();
    match stage_standings(state, number) {
        None => Vec::new(),
        Some(Standings::PointsTable(rows)) => plain(position(rows)),
        Some(Standings::Leaderboard(rows)) => {
            plain(rows.iter().map(|r| (r.participant, r.position)).collect())
        }
        Some(Standings::Groups(tables)) => {
            let deepest = tables.iter().map(|(_, rows)| rows.len()).max().unwrap_or(0);
            let mut order = Vec::new();
            for at in 0..deepest {
                for (label, rows) in &tables {
                    if let Some(row) = rows.get(at) {
                        order.push(Ranked {
                            participant: row.participant,
                            key: at as u32 + 1,
                            group: Some(label.clone()),
                        });
                    }
                }
            }
            order
        }
        Some(Standings::FinalPlaces(rows)) => plain(
            rows.iter()
                .map(|r| (r.participant, r.place.map_or(u32::MAX, |p| p.place)))
                .collect(),
        ),
    }
}
