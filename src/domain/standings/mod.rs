//! Standings: points tables (round robin, Swiss, groups), the free-for-all leaderboard, and final
//! places. Computed from the engine's [`State`]; pure.

pub mod final_places;
pub mod leaderboard;
pub mod table;

use final_places::{Place, places};
use leaderboard::{LeaderRow, leaderboard};
use table::{Scoring, TableRow, group_tables, table};

use super::engine::{Pid, State};
use super::{Format, StageStatus, StageType};

/// The standings a tournament shows now, by its format and progress.
#[derive(Debug, Clone, PartialEq)]
pub enum Standings {
    /// Round robin and Swiss while they are played.
    PointsTable(Vec<TableRow>),
    /// Groups then playoffs while the groups are played.
    Groups(Vec<(String, Vec<TableRow>)>),
    /// Free-for-all while it is played.
    Leaderboard(Vec<LeaderRow>),
    /// Elimination formats, and every completed tournament.
    FinalPlaces(Vec<PlaceRow>),
}

/// One row of final places: `place` is `None` while the participant is still in the running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaceRow {
    pub participant: Pid,
    pub place: Option<Place>,
}

/// The standings as a tournament's format shows them. A league (round robin, Swiss,
/// free-for-all) keeps its table after the last round, the table people come to read; the
/// others show final places once decided (see [`final_place_rows`] for a league's).
pub fn standings(state: &State) -> Standings {
    let completed = is_completed(state);
    let games: Vec<_> = state.games.iter().collect();
    match state.format {
        Format::RoundRobin => {
            Standings::PointsTable(table(&state.entrants, &games, Scoring::RoundRobin))
        }
        Format::Swiss => Standings::PointsTable(table(&state.entrants, &games, Scoring::Swiss)),
        Format::FreeForAll => Standings::Leaderboard(leaderboard(&state.entrants, &games)),
        _ if completed => Standings::FinalPlaces(place_rows(state)),
        Format::GroupsPlayoffs
            if state
                .current_stage()
                .is_none_or(|s| s.stage_type == StageType::Groups) =>
        {
            Standings::Groups(group_tables(&state.entrants, &games))
        }
        _ => Standings::FinalPlaces(place_rows(state)),
    }
}

/// Every stage is played.
fn is_completed(state: &State) -> bool {
    !state.stages.is_empty()
        && state
            .stages
            .iter()
            .all(|s| s.status == StageStatus::Completed)
}

/// The final places, once every stage is played; `None` before.
pub fn final_place_rows(state: &State) -> Option<Vec<PlaceRow>> {
    is_completed(state).then(|| place_rows(state))
}

/// Everyone: those still in the running first (by seed), then by place.
fn place_rows(state: &State) -> Vec<PlaceRow> {
    let decided = places(state);
    let mut rows: Vec<PlaceRow> = state
        .entrants
        .iter()
        .map(|e| PlaceRow {
            participant: e.id,
            place: decided.get(&e.id).copied(),
        })
        .collect();
    rows.sort_by_key(|row| {
        (
            row.place.map(|p| (1, p.place)).unwrap_or((0, 0)),
            state.seed_of(row.participant),
        )
    });
    rows
}
