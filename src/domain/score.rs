//! The score a match may have: whole numbers from 0 to [`MAX_SCORE`] for each side. How a
//! person types one is `fields::score` and `fields::score_pair`.

/// The highest score either side may have.
pub const MAX_SCORE: u32 = 9999;
