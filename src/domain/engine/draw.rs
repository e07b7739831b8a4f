//! Drawing a stage from the one before it: the best of the completed stage's standings (overall,
//! or per group, rank by rank across groups), seeded in that order, with players of one group or
//! who already met kept apart in the first round where the draw allows it; and an organiser's
//! reseeding of a drawn stage before its first result.

use std::collections::{HashMap, HashSet};

use super::error::EngineError;
use super::plan::Take;
use super::progress::settle;
use super::start::build_stage;
use super::state::{Entrant, Pid, State};
use crate::domain::StageStatus;
use crate::domain::formats::{self, separation};
use crate::domain::standings::stages::stage_order;

/// Draws the stage after `from` (which is complete), if the tournament has one still to draw.
pub(crate) fn draw_next(state: &mut State, from: u32) {
    let number = from + 1;
    let (Some(spec), Some(stage)) = (state.spec(number), state.stage(number)) else {
        return;
    };
    let Some(take) = spec.take.filter(|_| stage.status == StageStatus::Pending) else {
        return;
    };
    let order = stage_order(state, from);
    let chosen: Vec<Pid> = match take {
        Take::Best(n) => order
            .iter()
            .take(n as usize)
            .map(|r| r.participant)
            .collect(),
        // The order is already rank by rank across groups: keep the best `m` of each.
        Take::PerGroup(m) => order
            .iter()
            .filter(|r| r.key <= m)
            .map(|r| r.participant)
            .collect(),
    };
    let field: Vec<Entrant> = chosen
        .iter()
        .enumerate()
        .map(|(i, &id)| Entrant {
            id,
            seed: i as u32 + 1,
        })
        .collect();
    let apart = kept_apart(state, from);
    let pairs = separation::first_round_pairs(spec.stage_type, field.len());
    let field = separation::separate(&field, &pairs, |x, y| apart.clashes(x, y));
    let games = build_stage(&spec, number, &field, &state.settings);
    if let Some(stage) = state.stages.iter_mut().find(|s| s.number == number) {
        stage.status = StageStatus::Running;
        stage.field = field;
    }
    formats::append(state, games);
    settle(state);
}

/// Who should not meet at once in the stage after `from`: players of one group of `from`, and
/// any two who have met in the tournament.
struct Apart {
    group: HashMap<Pid, String>,
    met: HashSet<(Pid, Pid)>,
}

impl Apart {
    fn clashes(&self, x: Pid, y: Pid) -> bool {
        self.met.contains(&(x, y))
            || self
                .group
                .get(&x)
                .is_some_and(|g| self.group.get(&y) == Some(g))
    }
}

fn kept_apart(state: &State, from: u32) -> Apart {
    let mut group = HashMap::new();
    let mut met = HashSet::new();
    for game in state.games.iter().filter(|g| g.stage <= from) {
        if let (Some(a), Some(b)) = (game.a, game.b) {
            met.insert((a, b));
            met.insert((b, a));
            if game.stage == from
                && let Some(label) = &game.group
            {
                group.insert(a, label.clone());
                group.insert(b, label.clone());
            }
        }
    }
    Apart { group, met }
}

/// What reseeding a stage changed: the indices of its matches (rebuilt in place).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Reseeded {
    pub changed: Vec<usize>,
}

/// Reseeds stage `number` (a stage after the first, drawn, no result reported in it yet) in the
/// organiser's `order`: every player of the stage once, best seed first. The stage's matches are
/// rebuilt in place (same shape, the same match ids), with no separation: the order stands.
pub fn reseed(state: &mut State, number: u32, order: &[Pid]) -> Result<Reseeded, EngineError> {
    let bad = |message: String| Err(EngineError::BadSettings(message));
    let Some(stage) = state.stage(number) else {
        return bad(format!("the tournament has no stage {number}"));
    };
    if number == 1 {
        return bad("the first stage is seeded before the start: set the seeds then".into());
    }
    if stage.status != StageStatus::Running {
        return bad(format!(
            "stage {number} is {}: only a stage being played, before its first result, can be reseeded",
            stage.status
        ));
    }
    if state
        .games_of_stage(number)
        .any(|i| state.games[i].is_completed() && !state.games[i].bye)
    {
        return bad(format!(
            "stage {number} has a result already: it can be reseeded only before its first"
        ));
    }
    let given: HashSet<Pid> = order.iter().copied().collect();
    let field: HashSet<Pid> = stage.field.iter().map(|e| e.id).collect();
    if given.len() != order.len() || given != field {
        return bad(format!(
            "the order must name each of the {} players of stage {number} once",
            stage.field.len()
        ));
    }
    let Some(spec) = state.spec(number) else {
        return bad(format!("the tournament has no stage {number}"));
    };
    let field: Vec<Entrant> = order
        .iter()
        .enumerate()
        .map(|(i, &id)| Entrant {
            id,
            seed: i as u32 + 1,
        })
        .collect();
    let indices: Vec<usize> = state.games_of_stage(number).collect();
    let rebuilt = build_stage(&spec, number, &field, &state.settings);
    let contiguous = indices.windows(2).all(|w| w[1] == w[0] + 1);
    if rebuilt.len() != indices.len() || indices.is_empty() || !contiguous {
        return bad(format!(
            "stage {number} cannot be rebuilt in place: it has {} matches, the new draw {}",
            indices.len(),
            rebuilt.len()
        ));
    }
    // The stage's matches are the last ones (nothing after it is drawn): links shift by the
    // first index, as when they were appended.
    let offset = indices[0];
    for (&index, mut game) in indices.iter().zip(rebuilt) {
        for link in [&mut game.winner_to, &mut game.loser_to]
            .into_iter()
            .flatten()
        {
            link.game += offset;
        }
        game.id = state.games[index].id;
        state.games[index] = game;
    }
    if let Some(stage) = state.stages.iter_mut().find(|s| s.number == number) {
        stage.field = field;
    }
    settle(state);
    Ok(Reseeded { changed: indices })
}
