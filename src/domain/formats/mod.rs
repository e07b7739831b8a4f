//! How each format lays out its matches: elimination brackets, round-robin schedules, Swiss
//! pairings, group draws and free-for-all rounds.
//!
//! Builders return matches whose links point at indices within the returned list; [`append`]
//! adds them to a [`State`] and shifts the links. Nothing here decides results or advances anyone
//! (that is the engine's progression), and nothing touches storage.

pub mod drop_ins;
pub mod elimination;
pub mod free_for_all;
pub mod groups;
pub mod matching;
pub mod round_robin;
pub mod seeding;
pub mod separation;
pub mod swiss;

use std::ops::Range;

use super::engine::{Game, State};

/// Appends `games` (linked by local index) to `state`, returning their indices there.
pub fn append(state: &mut State, games: Vec<Game>) -> Range<usize> {
    let offset = state.games.len();
    for mut game in games {
        for link in [&mut game.winner_to, &mut game.loser_to]
            .into_iter()
            .flatten()
        {
            link.game += offset;
        }
        state.games.push(game);
    }
    offset..state.games.len()
}
