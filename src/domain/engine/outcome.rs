//! A reported result, checked against the match it is for, and written into it.

use super::error::EngineError;
use super::state::{Game, Pid, Placing, State};
use crate::domain::formats::free_for_all;
use crate::domain::{Side, StageType, Winner};

/// What an organiser reports for a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A two-sided match: the score, and the side that forfeited, if one did. A forfeit may come
    /// without a score.
    Score {
        score: Option<(u32, u32)>,
        forfeit: Option<Side>,
    },
    /// A free-for-all round: every participant, in finishing order.
    Places(Vec<Pid>),
}

/// Writes `outcome` into match `index` (its result only: nothing moves on from here).
pub(crate) fn apply(state: &mut State, index: usize, outcome: &Outcome) -> Result<(), EngineError> {
    let stage_type = state.stage(state.games[index].stage).map(|s| s.stage_type);
    match (stage_type, outcome) {
        (Some(StageType::FreeForAll), Outcome::Places(order)) => {
            let results = placings(state, order)?;
            state.games[index].results = results;
        }
        (Some(StageType::FreeForAll), Outcome::Score { .. }) => {
            return Err(EngineError::PlacesExpected);
        }
        (_, Outcome::Places(_)) => return Err(EngineError::ScoreExpected),
        (stage_type, Outcome::Score { score, forfeit }) => {
            let draws_allowed = matches!(
                stage_type,
                Some(StageType::RoundRobin | StageType::Swiss | StageType::Groups)
            );
            let winner = match (forfeit, score) {
                (Some(Side::A), _) => Winner::B,
                (Some(Side::B), _) => Winner::A,
                (None, Some((a, b))) => match a.cmp(b) {
                    std::cmp::Ordering::Greater => Winner::A,
                    std::cmp::Ordering::Less => Winner::B,
                    std::cmp::Ordering::Equal if draws_allowed => Winner::Draw,
                    std::cmp::Ordering::Equal => return Err(EngineError::DrawNotAllowed),
                },
                (None, None) => return Err(EngineError::ScoreExpected),
            };
            let game = &mut state.games[index];
            game.score_a = score.map(|(a, _)| a);
            game.score_b = score.map(|(_, b)| b);
            game.winner = Some(winner);
            game.forfeit = forfeit.is_some();
        }
    }
    state.games[index].status = crate::domain::MatchStatus::Completed;
    Ok(())
}

/// Turns a finishing order into places and points; it must name the whole field once each.
fn placings(state: &State, order: &[Pid]) -> Result<Vec<Placing>, EngineError> {
    let mut seen = std::collections::HashSet::new();
    for participant in order {
        if state.seed_of(*participant).is_none() {
            return Err(EngineError::BadPlaces(format!(
                "participant {participant} does not play in this tournament"
            )));
        }
        if !seen.insert(*participant) {
            return Err(EngineError::BadPlaces(format!(
                "participant {participant} is named twice"
            )));
        }
    }
    if order.len() != state.entrants.len() {
        return Err(EngineError::BadPlaces(format!(
            "{} named, the round has {}",
            order.len(),
            state.entrants.len()
        )));
    }
    let scale = state
        .settings
        .points_scale
        .clone()
        .unwrap_or_else(|| free_for_all::DEFAULT_SCALE.to_vec());
    Ok(order
        .iter()
        .enumerate()
        .map(|(i, &participant)| {
            let place = i as u32 + 1;
            Placing {
                participant,
                place,
                points: free_for_all::points(&scale, place),
            }
        })
        .collect())
}

/// The result part of a match, as `match.corrected` reports the previous one.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Previous {
    pub score_a: Option<u32>,
    pub score_b: Option<u32>,
    pub winner: Option<Winner>,
}

impl Previous {
    pub fn of(game: &Game) -> Previous {
        Previous {
            score_a: game.score_a,
            score_b: game.score_b,
            winner: game.winner,
        }
    }
}
