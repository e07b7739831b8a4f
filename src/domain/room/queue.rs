//! How early in its event a match stands, for the queue's first rule: the match that holds back
//! the most of the event comes first. A stage comes before the stages after it; within a stage,
//! the earliest round, where a losers' bracket match counts with the winners' round whose losers
//! reach it (directly, or through the losers' matches before it), and a grand final comes after
//! every round it joins.

use crate::domain::Bracket;
use crate::domain::engine::Game;

/// A match's place in its event: lower comes first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Depth {
    pub stage: u32,
    pub round: u32,
}

/// The depth of every match of `games` (a tournament's, as the engine holds them), by index.
pub fn depths(games: &[Game]) -> Vec<Depth> {
    let mut feeders: Vec<Vec<usize>> = vec![Vec::new(); games.len()];
    for (index, game) in games.iter().enumerate() {
        for link in [game.winner_to, game.loser_to].into_iter().flatten() {
            if let Some(fed) = feeders.get_mut(link.game) {
                fed.push(index);
            }
        }
    }
    let mut rounds: Vec<Option<u32>> = vec![None; games.len()];
    for index in 0..games.len() {
        round_of(games, &feeders, &mut rounds, index, 0);
    }
    // A grand final (and its reset) comes after every other round of its stage.
    let deepest = |stage: u32| {
        games
            .iter()
            .zip(&rounds)
            .filter(|(g, _)| g.stage == stage && g.bracket != Some(Bracket::GrandFinal))
            .filter_map(|(_, round)| *round)
            .max()
            .unwrap_or(0)
    };
    games
        .iter()
        .zip(&rounds)
        .map(|(game, round)| Depth {
            stage: game.stage,
            round: match game.bracket {
                Some(Bracket::GrandFinal) => deepest(game.stage) + game.round,
                _ => round.unwrap_or(game.round),
            },
        })
        .collect()
}

/// The counted round of `games[index]`, memoised in `rounds`. `hops` bounds the walk back
/// through the losers' bracket, so that links that were never meant to loop cannot hang it.
fn round_of(
    games: &[Game],
    feeders: &[Vec<usize>],
    rounds: &mut [Option<u32>],
    index: usize,
    hops: usize,
) -> u32 {
    if let Some(round) = rounds[index] {
        return round;
    }
    let game = &games[index];
    let round = match game.bracket {
        Some(Bracket::Losers) if hops < games.len() => feeders[index]
            .iter()
            .map(|&from| round_of(games, feeders, rounds, from, hops + 1))
            .max()
            .unwrap_or(game.round),
        _ => game.round,
    };
    rounds[index] = Some(round);
    round
}
