//! Reporting and correcting results.
//!
//! A report completes a ready match, moves its winner and loser on, resolves the byes that
//! follows, adds the grand-final reset when the losers-bracket side wins the first grand final,
//! and advances the tournament (next Swiss round, playoff, completion).
//!
//! A correction changes a completed result. When the winner changes in a bracket, every later
//! match that the old winner or loser had reached is brought back in line: the new participant
//! takes the place, a result that depended on the old one is cleared (and what it had sent on is
//! withdrawn, recursively), and a grand-final reset that is no longer called for is removed.
//! Swiss and round-robin pairings stand as they are; a group result cannot change once the playoff
//! has been drawn from it.

use super::advance::{Advanced, advance};
use super::error::EngineError;
use super::outcome::{Outcome, Previous, apply};
use super::progress::{send_on, settle};
use super::state::{Game, Link, Pid, State};
use crate::domain::{Bracket, MatchStatus, StageStatus, StageType, Winner};

/// What a report changed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Reported {
    /// Matches completed as byes by the report (no event is sent for them).
    pub byes: Vec<usize>,
    /// Matches created: a grand-final reset, a Swiss round, the playoff.
    pub created: Vec<usize>,
    pub tournament_completed: bool,
}

/// Reports the result of match `index`.
pub fn report(state: &mut State, index: usize, outcome: &Outcome) -> Result<Reported, EngineError> {
    let game = state
        .games
        .get(index)
        .ok_or(EngineError::NotReady("no such match"))?;
    match game.status {
        _ if game.bye => return Err(EngineError::Bye),
        MatchStatus::Completed => return Err(EngineError::AlreadyCompleted),
        MatchStatus::Pending => return Err(EngineError::NotReady("a side is still to be decided")),
        MatchStatus::Cancelled => return Err(EngineError::NotReady("it was cancelled")),
        MatchStatus::Ready | MatchStatus::InProgress => {}
    }
    if state
        .stage(game.stage)
        .is_none_or(|s| s.status != StageStatus::Running)
    {
        return Err(EngineError::NotReady("its stage is not being played"));
    }
    apply(state, index, outcome)?;
    send_on(state, index);
    let mut created = Vec::new();
    if needs_reset_match(state, index) {
        created.push(add_reset_match(state, index));
    }
    let byes = settle(state);
    let Advanced {
        created: more,
        tournament_completed,
    } = advance(state);
    created.extend(more);
    Ok(Reported {
        byes,
        created,
        tournament_completed,
    })
}

/// What a correction changed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Corrected {
    pub previous: Previous,
    /// Later matches whose sides or result changed because of the correction (indices after the
    /// correction).
    pub reset: Vec<usize>,
    /// Database ids of matches removed (a grand-final reset no longer called for).
    pub removed: Vec<i64>,
    /// Matches created (a grand-final reset now called for).
    pub created: Vec<usize>,
    /// Set when the correction left nothing to play (a grand-final reset no longer called for).
    pub tournament_completed: bool,
}

/// Corrects the result of completed match `index`.
pub fn correct(
    state: &mut State,
    index: usize,
    outcome: &Outcome,
) -> Result<Corrected, EngineError> {
    let game = state
        .games
        .get(index)
        .ok_or(EngineError::NotReady("no such match"))?;
    if game.bye {
        return Err(EngineError::Bye);
    }
    if !game.is_completed() {
        return Err(EngineError::NotCompleted(game.status));
    }
    let stage_type = state.stage(game.stage).map(|s| s.stage_type);
    if stage_type == Some(StageType::Groups) && state.games.iter().any(|g| g.stage > game.stage) {
        return Err(EngineError::Locked(
            "the playoff has already been drawn from the group results",
        ));
    }
    let previous = Previous::of(game);
    let (old_winner, old_loser) = (game.winner_id(), game.loser_id());
    apply(state, index, outcome)?;
    let mut corrected = Corrected {
        previous,
        ..Corrected::default()
    };
    let game = &state.games[index];
    if game.winner_id() == old_winner && game.loser_id() == old_loser {
        return Ok(corrected);
    }
    let (winner, loser) = (game.winner_id(), game.loser_id());
    for (link, participant) in [(game.winner_to, winner), (game.loser_to, loser)] {
        if let Some(link) = link {
            replace(state, link, participant, &mut corrected);
        }
    }
    if is_first_grand_final(&state.games[index]) {
        match state.games[index].winner {
            Some(Winner::B) if reset_match(state).is_none() => {
                corrected.created.push(add_reset_match(state, index))
            }
            Some(Winner::B) => {}
            _ => remove_reset_match(state, &mut corrected),
        }
    }
    settle(state);
    let advanced = advance(state);
    corrected.created.extend(advanced.created);
    corrected.tournament_completed = advanced.tournament_completed;
    corrected.reset.sort_unstable();
    corrected.reset.dedup();
    Ok(corrected)
}

/// Puts `participant` where the old one was in `link`'s match, clearing what depended on it.
fn replace(state: &mut State, link: Link, participant: Option<Pid>, corrected: &mut Corrected) {
    let target = link.game;
    state.games[target].set_side(link.side, participant);
    corrected.reset.push(target);
    let game = &state.games[target];
    if game.bye && game.is_completed() {
        // A bye sends on whoever it has: the new participant.
        if let Some(next) = game.winner_to {
            let winner = game.winner_id();
            replace(state, next, winner, corrected);
        }
    } else if game.is_completed() {
        clear_result(state, target, corrected);
        state.games[target].status = MatchStatus::Ready;
    }
}

/// Clears a completed match's result and withdraws what it had sent on, recursively.
fn clear_result(state: &mut State, index: usize, corrected: &mut Corrected) {
    let game = &mut state.games[index];
    (game.score_a, game.score_b, game.winner, game.forfeit) = (None, None, None, false);
    game.status = MatchStatus::Pending;
    let links = [game.winner_to, game.loser_to];
    if is_first_grand_final(&state.games[index]) {
        remove_reset_match(state, corrected);
    }
    for link in links.into_iter().flatten() {
        let target = link.game;
        state.games[target].set_side(link.side, None);
        corrected.reset.push(target);
        if state.games[target].is_completed() {
            state.games[target].bye = false;
            clear_result(state, target, corrected);
        }
        state.games[target].status = MatchStatus::Pending;
    }
}

fn is_first_grand_final(game: &Game) -> bool {
    game.bracket == Some(Bracket::GrandFinal) && game.round == 1
}

fn reset_match(state: &State) -> Option<usize> {
    state
        .games
        .iter()
        .position(|g| g.bracket == Some(Bracket::GrandFinal) && g.round == 2)
}

/// The losers-bracket side won the first grand final: both now have one loss.
fn needs_reset_match(state: &State, index: usize) -> bool {
    let game = &state.games[index];
    is_first_grand_final(game) && game.winner == Some(Winner::B) && reset_match(state).is_none()
}

fn add_reset_match(state: &mut State, first: usize) -> usize {
    let final_ = &state.games[first];
    let mut game = Game::new(final_.stage, Some(Bracket::GrandFinal), None, 2, 1);
    (game.a, game.b, game.status) = (final_.a, final_.b, MatchStatus::Ready);
    state.games.push(game);
    state.games.len() - 1
}

/// Removes the grand-final reset match, shifting the indices after it.
fn remove_reset_match(state: &mut State, corrected: &mut Corrected) {
    let Some(index) = reset_match(state) else {
        return;
    };
    let removed = state.games.remove(index);
    corrected.removed.extend(removed.id);
    for game in &mut state.games {
        for link in [&mut game.winner_to, &mut game.loser_to]
            .into_iter()
            .flatten()
        {
            if link.game > index {
                link.game -= 1;
            }
        }
    }
    corrected.reset.retain(|&i| i != index);
    for i in &mut corrected.reset {
        if *i > index {
            *i -= 1;
        }
    }
    for i in &mut corrected.created {
        if *i > index {
            *i -= 1;
        }
    }
}
