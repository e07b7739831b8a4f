//! Standings: points tables (round robin, Swiss, groups), the free-for-all leaderboard, and final
//! places. Computed from the engine's [`State`]; pure.

pub mod elimination;
pub mod final_places;
pub mod leaderboard;
pub mod stages;
pub mod table;

use final_places::{Place, places};
use leaderboard::{LeaderRow, leaderboard};
use stages::{scoring, stage_standings};
use table::{TableRow, group_tables, table};

use super::engine::{Pid, State};
use super::{Format, StageStatus, StageType};

/// The standings a tournament shows now, by its format and progress.
#[derive(Debug, Clone, PartialEq)]
pub enum Standings {
    /// Round robin and Swiss while they are played.
    PointsTable(Vec<TableRow>),
    /// A group stage while it is played.
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

/// The standings as a tournament's format shows them. A league of one stage (round robin,
/// Swiss, free-for-all) keeps its table after the last round, the table people come to read; the
/// others show final places once decided (see [`final_place_rows`] for a league's). A tournament
/// of several stages shows the running stage's standings (an elimination stage: everyone's
/// places as far as decided), and the final places across stages once complete.
pub fn standings(state: &State) -> Standings {
    let completed = is_completed(state);
    let games: Vec<_> = state.games.iter().collect();
    let first = state.stages.first().map(|s| s.stage_type);
    if state.stages.len() > 1 || first == Some(StageType::Groups) {
        if completed && state.stages.len() > 1 {
            return Standings::FinalPlaces(place_rows(state));
        }
        return match state.current_stage() {
            Some(stage)
                if !matches!(
                    stage.stage_type,
                    StageType::SingleElimination | StageType::DoubleElimination
                ) =>
            {
                stage_standings(state, stage.number)
                    .unwrap_or_else(|| Standings::FinalPlaces(place_rows(state)))
            }
            Some(_) => Standings::FinalPlaces(place_rows(state)),
            None => Standings::Groups(group_tables(&state.entrants, &games)),
        };
    }
    match state.format {
        Format::RoundRobin => Standings::PointsTable(table(
            &state.entrants,
            &games,
            scoring(state.spec(1).as_ref()),
        )),
        Format::Swiss => Standings::PointsTable(table(
            &state.entrants,
            &games,
            scoring(state.spec(1).as_ref()),
        )),
        Format::FreeForAll => Standings::Leaderboard(leaderboard(&state.entrants, &games)),
        _ if completed => Standings::FinalPlaces(place_rows(state)),
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
