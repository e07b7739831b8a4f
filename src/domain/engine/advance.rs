//! What happens when a stage's last match is played: the next Swiss round is paired, the playoff
//! is drawn from the group tables, or the tournament is complete.

use std::collections::HashSet;

use super::progress::settle;
use super::start::swiss_round;
use super::state::{Pid, State};
use crate::domain::formats::{self, elimination, swiss};
use crate::domain::standings::table::group_tables;
use crate::domain::{Format, StageStatus, StageType, Winner};

/// What advancing changed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Advanced {
    /// Matches created (a Swiss round, the playoff).
    pub created: Vec<usize>,
    /// Set when the last match of the tournament was played.
    pub tournament_completed: bool,
}

/// Moves the tournament on if its current stage has nothing left to play.
pub(crate) fn advance(state: &mut State) -> Advanced {
    let mut advanced = Advanced::default();
    let Some(stage) = state.current_stage().copied() else {
        return advanced;
    };
    if stage.status == StageStatus::Completed
        || !state
            .games_of_stage(stage.number)
            .all(|i| state.games[i].is_completed())
    {
        return advanced;
    }
    let before = state.games.len();
    match stage.stage_type {
        StageType::Swiss => {
            let played = state
                .games_of_stage(stage.number)
                .map(|i| state.games[i].round)
                .max()
                .unwrap_or(0);
            let total = state
                .settings
                .rounds
                .unwrap_or_else(|| swiss::default_rounds(state.entrants.len()));
            if played < total {
                let pairing = next_swiss_pairing(state, stage.number);
                formats::append(state, swiss_round(stage.number, played + 1, pairing));
            } else {
                complete_stage(state, stage.number);
            }
        }
        StageType::Groups if state.format == Format::GroupsPlayoffs => {
            complete_stage(state, stage.number);
            let advance = state.settings.advance_per_group.unwrap_or(1) as usize;
            let stage_games: Vec<_> = state
                .games_of_stage(stage.number)
                .map(|i| &state.games[i])
                .collect();
            let tables: Vec<Vec<Pid>> = group_tables(&state.entrants, &stage_games)
                .into_iter()
                .map(|(_, rows)| rows.into_iter().map(|row| row.participant).collect())
                .collect();
            let field = formats::groups::playoff_field(&tables, advance);
            let playoff = stage.number + 1;
            if let Some(next) = state.stages.iter_mut().find(|s| s.number == playoff) {
                next.status = StageStatus::Running;
            }
            // At least two advance (checked at creation), so the playoff has a match to play.
            formats::append(state, elimination::single(playoff, &field, false));
            settle(state);
        }
        _ => complete_stage(state, stage.number),
    }
    advanced.created = (before..state.games.len()).collect();
    advanced.tournament_completed = state
        .stages
        .iter()
        .all(|s| s.status == StageStatus::Completed);
    advanced
}

fn complete_stage(state: &mut State, number: u32) {
    if let Some(stage) = state.stages.iter_mut().find(|s| s.number == number) {
        stage.status = StageStatus::Completed;
    }
}

/// Pairs the next round of the Swiss stage `stage`.
fn next_swiss_pairing(state: &State, stage: u32) -> swiss::Pairing {
    let history = swiss_history(state, stage);
    swiss::next_round(&history.ranked, &history.met, &history.had_bye)
}

/// What the next Swiss round is paired from: the table, the pairs who have met and who sat out.
pub struct SwissHistory {
    /// The field by Swiss points (win or bye 1, draw ½), then seed.
    pub ranked: Vec<swiss::Standing>,
    /// Every pair that has played, in both orders.
    pub met: HashSet<(Pid, Pid)>,
    pub had_bye: HashSet<Pid>,
}

/// The Swiss stage `stage` of `state` as its next round's pairing sees it.
pub fn swiss_history(state: &State, stage: u32) -> SwissHistory {
    let mut half_points: std::collections::HashMap<Pid, u32> =
        state.entrants.iter().map(|e| (e.id, 0)).collect();
    let mut met = HashSet::new();
    let mut had_bye = HashSet::new();
    for game in state.games_of_stage(stage).map(|i| &state.games[i]) {
        if game.bye {
            had_bye.extend(game.a);
        }
        if let (Some(a), Some(b)) = (game.a, game.b) {
            met.insert((a, b));
            met.insert((b, a));
        }
        let mut award = |id: Option<Pid>, half: u32| {
            if let Some(points) = id.and_then(|id| half_points.get_mut(&id)) {
                *points += half;
            }
        };
        match game.winner {
            Some(Winner::A) => award(game.a, 2),
            Some(Winner::B) => award(game.b, 2),
            Some(Winner::Draw) => {
                award(game.a, 1);
                award(game.b, 1);
            }
            None => {}
        }
    }
    let mut ranked: Vec<_> = state
        .entrants
        .iter()
        .map(|e| (half_points.get(&e.id).copied().unwrap_or(0), e.seed, e.id))
        .collect();
    ranked.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    let ranked = ranked
        .into_iter()
        .map(|(half_points, _, player)| swiss::Standing {
            player,
            half_points,
        })
        .collect();
    SwissHistory {
        ranked,
        met,
        had_bye,
    }
}
