//! Free-for-all: every participant plays every round and finishes in a place; places earn points
//! by a scale. All rounds are laid out at the start and may be reported in any order.

use crate::domain::MatchStatus;
use crate::domain::engine::Game;

/// Points for places 1, 2, 3, ... when a tournament sets no scale (places beyond it earn 0).
pub const DEFAULT_SCALE: [u32; 10] = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1];
/// Rounds played when a tournament sets no number.
pub const DEFAULT_ROUNDS: u32 = 3;

/// The points a place earns on `scale`.
pub fn points(scale: &[u32], place: u32) -> u32 {
    scale.get(place as usize - 1).copied().unwrap_or(0)
}

/// `rounds` rounds, each one match for the whole field.
pub fn schedule(stage: u32, rounds: u32) -> Vec<Game> {
    (1..=rounds)
        .map(|round| {
            let mut game = Game::new(stage, None, None, round, 1);
            game.status = MatchStatus::Ready;
            game
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn places_beyond_the_scale_earn_nothing() {
        assert_eq!(super::points(&[10, 6, 3], 1), 10);
        assert_eq!(super::points(&[10, 6, 3], 3), 3);
        assert_eq!(super::points(&[10, 6, 3], 4), 0);
    }
}
