//! Starting a tournament: checking the field against the format, and laying out the first stage
//! (and, for groups then playoffs, the empty playoff stage after it).

use super::error::EngineError;
use super::progress::settle;
use super::state::{Entrant, Game, Stage, State};
use crate::domain::formats::{self, elimination, free_for_all, groups, round_robin, swiss};
use crate::domain::{Format, MatchStatus, StageStatus, StageType, Winner};

/// The stages a format is played in, with their default names.
pub fn stage_plan(format: Format) -> &'static [(StageType, &'static str)] {
    match format {
        Format::SingleElimination => &[(StageType::SingleElimination, "Bracket")],
        Format::DoubleElimination => &[(StageType::DoubleElimination, "Bracket")],
        Format::RoundRobin => &[(StageType::RoundRobin, "Round robin")],
        Format::Swiss => &[(StageType::Swiss, "Swiss")],
        Format::GroupsPlayoffs => &[
            (StageType::Groups, "Groups"),
            (StageType::SingleElimination, "Playoff"),
        ],
        Format::FreeForAll => &[(StageType::FreeForAll, "Rounds")],
    }
}

/// Seeds `field` (already in seed order), builds the first stage and resolves its byes.
/// `state` must have no stages yet.
pub fn start(state: &mut State, field: &[i64]) -> Result<(), EngineError> {
    let n = field.len();
    let min = match state.format {
        Format::GroupsPlayoffs => 2 * state.settings.group_count.unwrap_or(1) as usize,
        _ => 2,
    };
    if n < min {
        return Err(EngineError::TooFewParticipants {
            format: state.format,
            min,
            have: n,
        });
    }
    check_settings(state, n)?;
    state.entrants = field
        .iter()
        .enumerate()
        .map(|(i, &id)| Entrant {
            id,
            seed: i as u32 + 1,
        })
        .collect();
    for (i, (stage_type, _)) in stage_plan(state.format).iter().enumerate() {
        let status = if i == 0 {
            StageStatus::Running
        } else {
            StageStatus::Pending
        };
        state.stages.push(Stage {
            number: i as u32 + 1,
            stage_type: *stage_type,
            status,
        });
    }
    let entrants = state.entrants.clone();
    let games = match state.format {
        Format::SingleElimination => elimination::single(1, &entrants, state.settings.third_place),
        Format::DoubleElimination => elimination::double(1, &entrants),
        Format::RoundRobin => round_robin::schedule(1, None, &entrants),
        Format::Swiss => swiss_round(1, 1, swiss::first_round(field)),
        Format::GroupsPlayoffs => groups::schedule(
            1,
            &entrants,
            state.settings.group_count.unwrap_or(1) as usize,
        ),
        Format::FreeForAll => free_for_all::schedule(
            1,
            state
                .settings
                .rounds
                .unwrap_or(free_for_all::DEFAULT_ROUNDS),
        ),
    };
    formats::append(state, games);
    settle(state);
    Ok(())
}

/// The matches of one Swiss round, the bye (if any) completed as a win at once.
pub(crate) fn swiss_round(stage: u32, round: u32, pairing: swiss::Pairing) -> Vec<Game> {
    let mut games: Vec<Game> = pairing
        .pairs
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| {
            let mut game = Game::new(stage, None, None, round, i as u32 + 1);
            (game.a, game.b, game.status) = (Some(a), Some(b), MatchStatus::Ready);
            game
        })
        .collect();
    if let Some(sitter) = pairing.bye {
        let mut game = Game::new(stage, None, None, round, games.len() as u32 + 1);
        (game.a, game.bye, game.status, game.winner) =
            (Some(sitter), true, MatchStatus::Completed, Some(Winner::A));
        games.push(game);
    }
    games
}

fn check_settings(state: &State, n: usize) -> Result<(), EngineError> {
    let settings = &state.settings;
    match state.format {
        Format::Swiss => {
            if let Some(rounds) = settings.rounds
                && rounds as usize > n - 1
            {
                return Err(EngineError::BadSettings(format!(
                    "a Swiss of {n} players can play at most {} rounds without everyone meeting twice; it is set to {rounds}",
                    n - 1
                )));
            }
        }
        Format::GroupsPlayoffs => {
            let (Some(count), Some(advance)) = (settings.group_count, settings.advance_per_group)
            else {
                return Err(EngineError::BadSettings(
                    "groups then playoffs needs a group count and how many advance".into(),
                ));
            };
            let smallest = n / count as usize;
            if advance as usize > smallest {
                return Err(EngineError::BadSettings(format!(
                    "{advance} per group cannot advance: with {n} participants in {count} groups the smallest group has {smallest}"
                )));
            }
        }
        _ => {}
    }
    Ok(())
}
