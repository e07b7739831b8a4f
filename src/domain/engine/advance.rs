//! What happens when a stage's last match is played: the next Swiss round is paired, or the
//! stage is complete and the next one is drawn from its standings ([`super::draw`]), or the
//! tournament is complete.

use std::collections::{HashMap, HashSet};

use super::draw::draw_next;
use super::plan::Thresholds;
use super::start::swiss_round;
use super::state::{Pid, Stage, State};
use crate::domain::formats::{self, swiss};
use crate::domain::{StageStatus, StageType, Winner};

/// What advancing changed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Advanced {
    /// Matches created (a Swiss round, the next stage).
    pub created: Vec<usize>,
    /// Set when the last match of the tournament was played.
    pub tournament_completed: bool,
}

/// Moves the tournament on if its current stage has nothing left to play.
pub(crate) fn advance(state: &mut State) -> Advanced {
    let mut advanced = Advanced::default();
    let Some(stage) = state.current_stage().cloned() else {
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
    let next_round = match stage.stage_type {
        StageType::Swiss => next_swiss_round(state, &stage),
        _ => None,
    };
    match next_round {
        Some((round, pairing)) => {
            formats::append(state, swiss_round(stage.number, round, pairing));
        }
        None => {
            complete_stage(state, stage.number);
            draw_next(state, stage.number);
        }
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

/// The next round of the Swiss stage `stage` and its pairing, or `None` when the stage is over:
/// its rounds are played, or (with thresholds) every player has reached one.
fn next_swiss_round(state: &State, stage: &Stage) -> Option<(u32, swiss::Pairing)> {
    let spec = state.spec(stage.number)?;
    let played = state
        .games_of_stage(stage.number)
        .map(|i| state.games[i].round)
        .max()
        .unwrap_or(0);
    let history = match spec.thresholds {
        Some(thresholds) => {
            let still_in = still_in(state, stage, thresholds);
            if still_in.is_empty() {
                return None;
            }
            swiss_history_among(state, stage.number, |p| still_in.contains(&p))
        }
        None => {
            let total = spec
                .rounds
                .unwrap_or_else(|| swiss::default_rounds(stage.field.len()));
            if played >= total {
                return None;
            }
            swiss_history(state, stage.number)
        }
    };
    let pairing = swiss::next_round(&history.ranked, &history.met, &history.had_bye);
    Some((played + 1, pairing))
}

/// A player's wins and losses in one stage (a bye is a win).
pub(crate) fn records(state: &State, stage: u32) -> HashMap<Pid, (u32, u32)> {
    let mut records: HashMap<Pid, (u32, u32)> = state
        .field_of(stage)
        .iter()
        .map(|e| (e.id, (0, 0)))
        .collect();
    for game in state.games_of_stage(stage).map(|i| &state.games[i]) {
        if let Some(winner) = game.winner_id()
            && let Some(record) = records.get_mut(&winner)
        {
            record.0 += 1;
        }
        if let Some(loser) = game.loser_id()
            && let Some(record) = records.get_mut(&loser)
        {
            record.1 += 1;
        }
    }
    records
}

/// The players of a threshold Swiss who have reached neither threshold.
fn still_in(state: &State, stage: &Stage, thresholds: Thresholds) -> HashSet<Pid> {
    let records = records(state, stage.number);
    stage
        .field
        .iter()
        .filter(|e| {
            records.get(&e.id).is_some_and(|&(wins, losses)| {
                wins < thresholds.advance_wins && losses < thresholds.eliminate_losses
            })
        })
        .map(|e| e.id)
        .collect()
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
    swiss_history_among(state, stage, |_| true)
}

/// The same, with only the players `pairs` accepts in the table (a threshold Swiss pairs only
/// those still in it); every meeting and bye of the stage still counts.
fn swiss_history_among(state: &State, stage: u32, pairs: impl Fn(Pid) -> bool) -> SwissHistory {
    let field = state.field_of(stage);
    let mut half_points: HashMap<Pid, u32> = field.iter().map(|e| (e.id, 0)).collect();
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
    let mut ranked: Vec<_> = field
        .iter()
        .filter(|e| pairs(e.id))
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
