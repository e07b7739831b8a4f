//! Progression inside a bracket: results move winners and losers along the links, and byes
//! resolve themselves.
//!
//! A side with no participant is either still awaited (the match feeding it is not completed) or
//! nobody (it was a bye in the draw, or the feeding match had no one to send, such as the loser of
//! a bye). A match with one participant facing nobody is a bye, completed at once for the
//! participant; a match facing nobody on both sides is an empty bye. Free-for-all rounds have no
//! sides and are left alone.

use super::state::{Game, Link, State};
use crate::domain::{MatchStatus, Side, StageType};

/// What feeds each side of each match: `feeders[g][side]` is the match sending its winner (or
/// loser) there.
pub(crate) fn feeders(state: &State) -> Vec<[Option<usize>; 2]> {
    let mut feeders = vec![[None, None]; state.games.len()];
    for (index, game) in state.games.iter().enumerate() {
        for link in [game.winner_to, game.loser_to].into_iter().flatten() {
            if let Some(slots) = feeders.get_mut(link.game) {
                slots[side_index(link.side)] = Some(index);
            }
        }
    }
    feeders
}

pub(crate) fn side_index(side: Side) -> usize {
    match side {
        Side::A => 0,
        Side::B => 1,
    }
}

/// Sends a completed match's winner and loser to the matches its links name.
pub(crate) fn send_on(state: &mut State, index: usize) {
    let game = &state.games[index];
    let outputs = [
        (game.winner_to, game.winner_id()),
        (game.loser_to, game.loser_id()),
    ];
    for (link, participant) in outputs {
        if let (Some(Link { game, side }), Some(participant)) = (link, participant) {
            state.games[game].set_side(side, Some(participant));
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SideState {
    Known,
    Awaited,
    Nobody,
}

/// Resolves byes and marks matches ready, until nothing changes. Returns the matches that
/// completed as byes.
pub(crate) fn settle(state: &mut State) -> Vec<usize> {
    let feeders = feeders(state);
    let bracketed = |state: &State, game: &Game| {
        state
            .stage(game.stage)
            .is_some_and(|s| s.stage_type != StageType::FreeForAll)
    };
    let mut byes = Vec::new();
    loop {
        let mut changed = false;
        for (index, sides_fed) in feeders.iter().enumerate() {
            let game = &state.games[index];
            if game.is_completed()
                || game.status == MatchStatus::Cancelled
                || !bracketed(state, game)
            {
                continue;
            }
            let side_state = |side: Side| {
                if game.side(side).is_some() {
                    return SideState::Known;
                }
                match sides_fed[side_index(side)] {
                    Some(feeder) if !state.games[feeder].is_completed() => SideState::Awaited,
                    _ => SideState::Nobody,
                }
            };
            let (a, b) = (side_state(Side::A), side_state(Side::B));
            let game = &mut state.games[index];
            match (a, b) {
                (SideState::Known, SideState::Known) => {
                    if game.status == MatchStatus::Pending {
                        game.status = MatchStatus::Ready;
                        changed = true;
                    }
                }
                (SideState::Awaited, _) | (_, SideState::Awaited) => {
                    if game.status != MatchStatus::Pending {
                        game.status = MatchStatus::Pending;
                        changed = true;
                    }
                }
                (SideState::Known, SideState::Nobody)
                | (SideState::Nobody, SideState::Known)
                | (SideState::Nobody, SideState::Nobody) => {
                    game.bye = true;
                    game.status = MatchStatus::Completed;
                    game.winner = match (a, b) {
                        (SideState::Known, _) => Some(crate::domain::Winner::A),
                        (_, SideState::Known) => Some(crate::domain::Winner::B),
                        _ => None,
                    };
                    byes.push(index);
                    send_on(state, index);
                    changed = true;
                }
            }
        }
        if !changed {
            return byes;
        }
    }
}
