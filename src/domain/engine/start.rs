//! Starting a tournament: checking the field against every planned stage, laying out the stages
//! and building the first one.

use super::error::EngineError;
use super::plan::{StageSpec, Take, check_next, check_options, plan};
use super::progress::settle;
use super::state::{Entrant, Game, Settings, Stage, State};
use crate::domain::formats::{self, elimination, free_for_all, groups, round_robin, swiss};
use crate::domain::{MatchStatus, StageStatus, StageType, Winner};

/// Seeds `field` (already in seed order), lays out every planned stage (the first running, the
/// others pending until drawn), builds the first stage and resolves its byes. `state` must have
/// no stages yet.
pub fn start(state: &mut State, field: &[i64]) -> Result<(), EngineError> {
    let stages = plan(state.format, &state.settings);
    let n = field.len();
    let min = stages[0].min_field();
    if n < min {
        return Err(EngineError::TooFewParticipants {
            format: state.format,
            min,
            have: n,
        });
    }
    check_stages(&stages, n)?;
    state.entrants = field
        .iter()
        .enumerate()
        .map(|(i, &id)| Entrant {
            id,
            seed: i as u32 + 1,
        })
        .collect();
    for (i, spec) in stages.iter().enumerate() {
        let first = i == 0;
        state.stages.push(Stage {
            number: i as u32 + 1,
            stage_type: spec.stage_type,
            status: if first {
                StageStatus::Running
            } else {
                StageStatus::Pending
            },
            field: if first {
                state.entrants.clone()
            } else {
                Vec::new()
            },
        });
    }
    let games = build_stage(&stages[0], 1, &state.entrants, &state.settings);
    formats::append(state, games);
    settle(state);
    Ok(())
}

/// The matches of stage `number`, played as `spec` says by `field` (in the stage's seed order).
pub(crate) fn build_stage(
    spec: &StageSpec,
    number: u32,
    field: &[Entrant],
    settings: &Settings,
) -> Vec<Game> {
    match spec.stage_type {
        StageType::SingleElimination => elimination::single(number, field, spec.third_place),
        StageType::DoubleElimination => elimination::double(number, field),
        StageType::RoundRobin => round_robin::schedule(number, None, field),
        StageType::Swiss => {
            let ids: Vec<i64> = field.iter().map(|e| e.id).collect();
            swiss_round(number, 1, swiss::first_round(&ids))
        }
        StageType::Groups => groups::schedule(number, field, spec.groups.unwrap_or(1) as usize),
        StageType::FreeForAll => free_for_all::schedule(
            number,
            spec.rounds
                .or(settings.rounds)
                .unwrap_or(free_for_all::DEFAULT_ROUNDS),
        ),
    }
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

/// Checks every stage against the field it can have: `n` for the first, what the stage before
/// hands on for the others.
pub fn check_stages(stages: &[StageSpec], n: usize) -> Result<(), EngineError> {
    let Some(first) = stages.first() else {
        return Ok(());
    };
    check_options(first)?;
    check_field(first, n)?;
    let mut size = n;
    for pair in stages.windows(2) {
        let (before, next) = (&pair[0], &pair[1]);
        check_next(before, size, next)?;
        size = match next.take {
            Some(Take::Best(k)) => k as usize,
            Some(Take::PerGroup(m)) => (m * before.groups.unwrap_or(1)) as usize,
            None => size,
        };
        check_field(next, size)?;
    }
    Ok(())
}

/// A stage's options against the number of players it will have.
fn check_field(spec: &StageSpec, n: usize) -> Result<(), EngineError> {
    let bad = |message: String| Err(EngineError::BadSettings(message));
    if n < spec.min_field() {
        return bad(format!(
            "stage {} needs at least {} players and would have {n}",
            spec.name,
            spec.min_field()
        ));
    }
    if spec.stage_type == StageType::Swiss {
        if let Some(rounds) = spec.rounds
            && rounds as usize > n - 1
        {
            return bad(format!(
                "a Swiss of {n} players can play at most {} rounds without everyone meeting twice; it is set to {rounds}",
                n - 1
            ));
        }
        if let Some(t) = spec.thresholds
            && (t.advance_wins + t.eliminate_losses) as usize > n
        {
            return bad(format!(
                "a Swiss of {n} players at {} wins or {} losses could need {} rounds: more than everyone meeting once",
                t.advance_wins,
                t.eliminate_losses,
                t.advance_wins + t.eliminate_losses - 1
            ));
        }
    }
    Ok(())
}
