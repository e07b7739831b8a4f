//! The standings record: `{"type": T, ...}` with T one of `points_table`, `groups`,
//! `leaderboard`, `final_places` (docs/api.md), from the engine's standings. A league's table
//! carries its `final_places` too once it is over.

use std::collections::HashMap;

use serde::{Serialize, Serializer};

use crate::domain::engine::{Pid, State};
use crate::domain::standings::leaderboard::LeaderRow;
use crate::domain::standings::stages::stage_standings;
use crate::domain::standings::table::{TableRow, group_tables};
use crate::domain::standings::{PlaceRow, Standings, final_place_rows, standings};
use crate::ids::ParticipantId;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StandingsRecord {
    /// A round robin's or a Swiss's table; `final_places` once its last round is played.
    PointsTable {
        rows: Vec<TableRecord>,
        final_places: Option<Vec<PlaceRecord>>,
    },
    Groups {
        groups: Vec<GroupRecord>,
    },
    /// A free-for-all's points; `final_places` once its last round is played.
    Leaderboard {
        rows: Vec<LeaderRecord>,
        final_places: Option<Vec<PlaceRecord>>,
    },
    FinalPlaces {
        rows: Vec<PlaceRecord>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GroupRecord {
    pub label: String,
    pub rows: Vec<TableRecord>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableRecord {
    pub rank: u32,
    pub position: u32,
    pub participant_id: ParticipantId,
    pub name: Option<String>,
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub score_for: u64,
    pub score_against: u64,
    pub score_diff: i64,
    #[serde(serialize_with = "number")]
    pub points: f64,
    pub tiebreakers: Vec<TiebreakerRecord>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TiebreakerRecord {
    pub key: &'static str,
    #[serde(serialize_with = "number")]
    pub value: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LeaderRecord {
    pub rank: u32,
    pub position: u32,
    pub participant_id: ParticipantId,
    pub name: Option<String>,
    pub points: u64,
    pub played: u32,
    pub best_place: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlaceRecord {
    /// `null` while the participant is still in the running.
    pub place: Option<u32>,
    pub place_to: Option<u32>,
    pub participant_id: ParticipantId,
    pub name: Option<String>,
}

/// Whole numbers as integers (3, not 3.0); halves and quarters as decimals (2.5).
fn number<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    if value.fract() == 0.0 && value.abs() < 9.0e15 {
        serializer.serialize_i64(*value as i64)
    } else {
        serializer.serialize_f64(*value)
    }
}

impl StandingsRecord {
    pub fn new(state: &State, names: &HashMap<ParticipantId, String>) -> StandingsRecord {
        let mut record = StandingsRecord::from_standings(standings(state), names);
        if let StandingsRecord::PointsTable { final_places, .. }
        | StandingsRecord::Leaderboard { final_places, .. } = &mut record
        {
            *final_places = final_place_rows(state).map(|rows| place_records(rows, names));
        }
        record
    }

    /// The standings of stage `number` alone (`?stage=N`): its table, groups, leaderboard or,
    /// for an elimination stage, its own places; `None` when the stage is not drawn.
    pub fn of_stage(
        state: &State,
        number: u32,
        names: &HashMap<ParticipantId, String>,
    ) -> Option<StandingsRecord> {
        stage_standings(state, number).map(|s| StandingsRecord::from_standings(s, names))
    }

    /// The group tables of a tournament's (first) group stage, whatever stage it is in (the
    /// bracket widget shows them beside the later stages).
    pub fn groups(state: &State, names: &HashMap<ParticipantId, String>) -> StandingsRecord {
        let stage = state
            .stages
            .iter()
            .find(|s| s.stage_type == crate::domain::StageType::Groups);
        let (field, games): (&[_], Vec<_>) = match stage {
            Some(stage) => (
                &stage.field,
                state
                    .games
                    .iter()
                    .filter(|g| g.stage == stage.number)
                    .collect(),
            ),
            None => (&state.entrants, state.games.iter().collect()),
        };
        StandingsRecord::from_standings(Standings::Groups(group_tables(field, &games)), names)
    }

    fn from_standings(
        standings: Standings,
        names: &HashMap<ParticipantId, String>,
    ) -> StandingsRecord {
        let id = ParticipantId::from_raw;
        let name = |p: Pid| names.get(&id(p)).cloned();
        let table = |rows: Vec<TableRow>| -> Vec<TableRecord> {
            rows.into_iter()
                .map(|r| TableRecord {
                    rank: r.rank,
                    position: r.position,
                    participant_id: id(r.participant),
                    name: name(r.participant),
                    played: r.played,
                    wins: r.wins,
                    draws: r.draws,
                    losses: r.losses,
                    score_for: r.score_for,
                    score_against: r.score_against,
                    score_diff: r.score_diff,
                    points: r.points,
                    tiebreakers: r
                        .tiebreakers
                        .iter()
                        .map(|t| TiebreakerRecord {
                            key: t.key,
                            value: t.value,
                        })
                        .collect(),
                })
                .collect()
        };
        match standings {
            Standings::PointsTable(rows) => StandingsRecord::PointsTable {
                rows: table(rows),
                final_places: None,
            },
            Standings::Groups(groups) => StandingsRecord::Groups {
                groups: groups
                    .into_iter()
                    .map(|(label, rows)| GroupRecord {
                        label,
                        rows: table(rows),
                    })
                    .collect(),
            },
            Standings::Leaderboard(rows) => StandingsRecord::Leaderboard {
                rows: rows
                    .into_iter()
                    .map(|r: LeaderRow| LeaderRecord {
                        rank: r.rank,
                        position: r.position,
                        participant_id: id(r.participant),
                        name: name(r.participant),
                        points: r.points,
                        played: r.played,
                        best_place: r.best_place,
                    })
                    .collect(),
                final_places: None,
            },
            Standings::FinalPlaces(rows) => StandingsRecord::FinalPlaces {
                rows: place_records(rows, names),
            },
        }
    }
}

fn place_records(rows: Vec<PlaceRow>, names: &HashMap<ParticipantId, String>) -> Vec<PlaceRecord> {
    rows.into_iter()
        .map(|r| {
            let id = ParticipantId::from_raw(r.participant);
            PlaceRecord {
                place: r.place.map(|p| p.place),
                place_to: r.place.map(|p| p.place_to),
                participant_id: id,
                name: names.get(&id).cloned(),
            }
        })
        .collect()
}
