//! Places in one elimination stage: the champion 1st, the final's loser 2nd, a third-place match
//! splitting 3rd and 4th, everyone else sharing the range of the round they went out in; in
//! double elimination only losers-bracket and grand-final defeats eliminate. Pure; used by the
//! final places and by a stage's own standings.

use std::collections::HashMap;

use crate::domain::engine::{Pid, State};
use crate::domain::{Bracket, StageType, Winner};

/// A decided place: `place` to `place_to` (equal unless shared).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub place: u32,
    pub place_to: u32,
}

/// Places in the elimination stage `stage` for its `field`, `offset` places below the top.
pub(crate) fn elimination_places(
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
    // Semi-final losers still to play for third place: not placed yet, but below the finalists.
    let mut bound: HashMap<Pid, (u32, u32)> = HashMap::new();
    // Where each eliminated player went out: (losers bracket?, round).
    let mut eliminated_at: HashMap<Pid, (bool, u32)> = HashMap::new();
    for game in games.iter().filter(|g| g.is_completed()) {
        if game.bye {
            // A third-place match with one player in it is won unopposed: 3rd.
            if game.bracket == Some(Bracket::ThirdPlace)
                && let Some(winner) = game.winner_id()
            {
                keys.insert(winner, (last_round - 1, 1));
            }
            continue;
        }
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
            // In single elimination only a semi-final sends its loser on, to the third place.
            _ if game.loser_to.is_some() => {
                if !double {
                    bound.insert(loser, (last_round - 1, 1));
                }
            }
            _ => {
                keys.insert(loser, (game.round, 0));
                eliminated_at.insert(loser, (game.bracket == Some(Bracket::Losers), game.round));
                if !double && game.winner_to.is_none() {
                    keys.insert(winner, (last_round + 1, 0));
                }
            }
        }
    }
    // A level (bracket and round) still being played can eliminate more players with the same
    // key, so the range its losers share is known only once all its matches are played.
    let open: std::collections::HashSet<(bool, u32)> = games
        .iter()
        .filter(|g| {
            !g.is_completed()
                && matches!(
                    g.bracket,
                    None | Some(Bracket::Winners) | Some(Bracket::Losers)
                )
        })
        .map(|g| (g.bracket == Some(Bracket::Losers), g.round))
        .collect();
    let mut result = HashMap::new();
    for (&id, key) in &keys {
        if !field.contains(&id)
            || eliminated_at
                .get(&id)
                .is_some_and(|level| open.contains(level))
        {
            continue;
        }
        let above = field
            .iter()
            .filter(|p| keys.get(p).or_else(|| bound.get(p)).is_none_or(|k| k > key))
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
