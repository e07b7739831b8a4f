//! Final places: who finished where, as far as it is decided.
//!
//! Elimination: the champion is 1st, the final's loser 2nd, a third-place match splits 3rd and
//! 4th, and everyone else shares the range of the round they went out in (3-4, 5-8, ...); in double
//! elimination only losers-bracket and grand-final defeats eliminate. A participant still in the
//! running has no place yet. Round robin, Swiss and free-for-all place everyone when the last
//! match is played, by table position. Groups then playoffs: the playoff places its field, and the
//! rest share ranges by their position in their group (all third-placed, then all fourth-placed).

use std::collections::HashMap;

use super::leaderboard::leaderboard;
use super::table::{Scoring, group_tables, table};
use crate::domain::engine::{Pid, State};
use crate::domain::{Bracket, Format, StageType, Winner};

/// A decided place: `place` to `place_to` (equal unless shared).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub place: u32,
    pub place_to: u32,
}

/// The decided places of the field.
pub fn places(state: &State) -> HashMap<Pid, Place> {
    let field: Vec<Pid> = state.entrants.iter().map(|e| e.id).collect();
    match state.format {
        Format::SingleElimination | Format::DoubleElimination => {
            elimination_places(state, 1, &field, 0)
        }
        Format::RoundRobin | Format::Swiss | Format::FreeForAll => table_places(state),
        Format::GroupsPlayoffs => groups_playoff_places(state),
    }
}

fn table_places(state: &State) -> HashMap<Pid, Place> {
    if !state.all_games_completed()
        || state
            .stages
            .iter()
            .any(|s| s.status != crate::domain::StageStatus::Completed)
    {
        return HashMap::new();
    }
    let games: Vec<_> = state.games.iter().collect();
    let order: Vec<(Pid, u32)> = match state.format {
        Format::FreeForAll => leaderboard(&state.entrants, &games)
            .into_iter()
            .map(|r| (r.participant, r.position))
            .collect(),
        Format::Swiss => table(&state.entrants, &games, Scoring::Swiss)
            .into_iter()
            .map(|r| (r.participant, r.position))
            .collect(),
        _ => table(&state.entrants, &games, Scoring::RoundRobin)
            .into_iter()
            .map(|r| (r.participant, r.position))
            .collect(),
    };
    order
        .into_iter()
        .map(|(id, position)| {
            (
                id,
                Place {
                    place: position,
                    place_to: position,
                },
            )
        })
        .collect()
}

/// Places in the elimination stage `stage` for its `field`, `offset` places below the top.
fn elimination_places(
    state: &State,
    stage: u32,
    field: &[Pid],
    offset: u32,
) -> HashMap<Pid, Place> {
    // Higher key = better finish; participants with no key are still in the running.
    let mut keys: HashMap<Pid, (u32, u32)> = HashMap::new();
    let games: Vec<_> = state
        .games_of_stage(stage)
        .map(|i| &state.games[i])
        .collect();
    let last_round = games
        .iter()
        .filter(|g| g.bracket != Some(Bracket::GrandFinal))
        .map(|g| g.round)
        .max()
        .unwrap_or(0);
    let double = state
        .stage(stage)
        .is_some_and(|s| s.stage_type == StageType::DoubleElimination);
    let losers_rounds = games
        .iter()
        .filter(|g| g.bracket == Some(Bracket::Losers))
        .map(|g| g.round)
        .max()
        .unwrap_or(0);
    for game in games.iter().filter(|g| g.is_completed() && !g.bye) {
        let (Some(winner), Some(loser)) = (game.winner_id(), game.loser_id()) else {
            continue;
        };
        match game.bracket {
            Some(Bracket::ThirdPlace) => {
                keys.insert(winner, (last_round - 1, 1));
                keys.insert(loser, (last_round - 1, 0));
            }
            Some(Bracket::GrandFinal) => {
                // The first grand final decides only when the winners-bracket side wins it.
                if game.round == 2 || game.winner == Some(Winner::A) {
                    keys.insert(loser, (losers_rounds + 1, 0));
                    keys.insert(winner, (losers_rounds + 2, 0));
                }
            }
            _ if game.loser_to.is_some() => {}
            _ => {
                keys.insert(loser, (game.round, 0));
                if !double && game.winner_to.is_none() {
                    keys.insert(winner, (last_round + 1, 0));
                }
            }
        }
    }
    let mut result = HashMap::new();
    for (&id, key) in &keys {
        if !field.contains(&id) {
            continue;
        }
        let above = field
            .iter()
            .filter(|p| keys.get(p).is_none_or(|k| k > key))
            .count() as u32;
        let level = keys.values().filter(|k| *k == key).count() as u32;
        result.insert(
            id,
            Place {
                place: offset + above + 1,
                place_to: offset + above + level,
            },
        );
    }
    result
}

fn groups_playoff_places(state: &State) -> HashMap<Pid, Place> {
    let Some(playoff) = state
        .stages
        .iter()
        .find(|s| s.stage_type == StageType::SingleElimination)
    else {
        return HashMap::new();
    };
    let playoff_field: Vec<Pid> = state
        .games_of_stage(playoff.number)
        .map(|i| &state.games[i])
        .filter(|g| g.round == 1)
        .flat_map(|g| [g.a, g.b])
        .flatten()
        .collect();
    if playoff_field.is_empty() {
        return HashMap::new();
    }
    let mut result = elimination_places(state, playoff.number, &playoff_field, 0);
    let group_games: Vec<_> = state
        .games
        .iter()
        .filter(|g| g.stage < playoff.number)
        .collect();
    let tables = group_tables(&state.entrants, &group_games);
    // The rest: all at group position p share one range, after those at better positions.
    let mut next = playoff_field.len() as u32 + 1;
    let deepest = tables.iter().map(|(_, rows)| rows.len()).max().unwrap_or(0);
    for position in 0..deepest {
        let at: Vec<Pid> = tables
            .iter()
            .filter_map(|(_, rows)| rows.get(position).map(|r| r.participant))
            .filter(|id| !playoff_field.contains(id))
            .collect();
        if at.is_empty() {
            continue;
        }
        let place_to = next + at.len() as u32 - 1;
        for id in at {
            result.insert(
                id,
                Place {
                    place: next,
                    place_to,
                },
            );
        }
        next = place_to + 1;
    }
    result
}
