//! Reporting and correcting match results.

use std::collections::HashMap;

use super::tournaments::{change_status, record};
use super::{Ctx, find_tournament};
use crate::db::matches::{self, MatchRow};
use crate::db::outbox::{self, Audience};
use crate::db::{Db, Tx, stages};
use crate::domain::engine::{self, Outcome};
use crate::domain::{EventType, ParticipantStatus, Side, StageType, TournamentStatus};
use crate::error::Error;
use crate::events::{MatchCompletedData, MatchCorrectedData, MatchObject, PreviousResult};
use crate::ids;
use crate::stored::Stored;

/// A result as an organiser gives it.
#[derive(Debug, Clone, Default)]
pub struct ResultInput {
    /// `A-B`.
    pub score: Option<String>,
    /// The side that forfeited.
    pub forfeit: Option<Side>,
    /// Free-for-all: names or `par_` ids in finishing order.
    pub places: Vec<String>,
}

/// What a report did.
#[derive(Debug, Clone)]
pub struct ReportDone {
    pub game: MatchObject,
    pub tournament_completed: bool,
    /// Matches now drawn (a Swiss round, the playoff, a grand-final reset).
    pub created: usize,
}

pub async fn report(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    match_id: &str,
    input: &ResultInput,
) -> Result<ReportDone, Error> {
    let mut tx = db.begin().await?;
    let (tournament, space) = find_tournament(tx.conn(), slug).await?;
    if tournament.status != TournamentStatus::InProgress {
        return Err(Error::Invalid(format!(
            "results are reported while a tournament is IN_PROGRESS; '{slug}' is {}",
            tournament.status
        )));
    }
    let stored = Stored::load(tx.conn(), tournament.clone()).await?;
    let (index, label) = locate(&stored, slug, match_id)?;
    let outcome = outcome(&stored, input)?;
    let mut state = stored.state.clone();
    let reported = engine::report(&mut state, index, &outcome)
        .map_err(|e| Error::Invalid(format!("match {label} {e}")))?;
    let ids = stored.save(tx.conn(), &state, &[], ctx.now).await?;

    let game = match_object(&mut tx, &stored, ids[index]).await?;
    let data = MatchCompletedData {
        tournament: ctx.tournament_object(&tournament, &space),
        game: game.clone(),
    };
    outbox::append(
        tx.conn(),
        space.id,
        Some(tournament.id),
        EventType::MatchCompleted,
        &data,
        Audience::Subscribers,
        ctx.now,
    )
    .await?;
    record(
        &mut tx,
        ctx,
        &space,
        "match.reported",
        &tournament,
        Some(&label),
    )
    .await?;
    if reported.tournament_completed {
        change_status(
            &mut tx,
            ctx,
            &space,
            tournament,
            TournamentStatus::Completed,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(ReportDone {
        game,
        tournament_completed: reported.tournament_completed,
        created: reported.created.len(),
    })
}

/// What a correction did.
#[derive(Debug, Clone)]
pub struct CorrectDone {
    pub game: MatchObject,
    pub reset_match_ids: Vec<String>,
}

pub async fn correct(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    match_id: &str,
    input: &ResultInput,
) -> Result<CorrectDone, Error> {
    let mut tx = db.begin().await?;
    let (tournament, space) = find_tournament(tx.conn(), slug).await?;
    if !matches!(
        tournament.status,
        TournamentStatus::InProgress | TournamentStatus::Completed
    ) {
        return Err(Error::Invalid(format!(
            "'{slug}' is {}; only results of a tournament in progress or completed can be corrected",
            tournament.status
        )));
    }
    let stored = Stored::load(tx.conn(), tournament.clone()).await?;
    let (index, label) = locate(&stored, slug, match_id)?;
    let outcome = outcome(&stored, input)?;
    let mut state = stored.state.clone();
    let corrected = engine::correct(&mut state, index, &outcome)
        .map_err(|e| Error::Invalid(format!("match {label} {e}")))?;
    if tournament.status == TournamentStatus::Completed && !state.all_games_completed() {
        return Err(Error::Invalid(format!(
            "match {label} cannot be corrected this way: '{slug}' is completed, and the new result would reopen later matches"
        )));
    }
    let ids = stored
        .save(tx.conn(), &state, &corrected.removed, ctx.now)
        .await?;
    // The corrected match keeps its index unless a removal before it shifted it.
    let index = index
        - corrected
            .removed
            .iter()
            .filter(|&&id| {
                stored
                    .rows
                    .iter()
                    .position(|r| r.id == id)
                    .is_some_and(|i| i < index)
            })
            .count();
    let mut reset_match_ids: Vec<String> = corrected
        .reset
        .iter()
        .map(|&i| ids::format(ids::Kind::Match, ids[i]))
        .collect();
    reset_match_ids.extend(
        corrected
            .removed
            .iter()
            .map(|&id| ids::format(ids::Kind::Match, id)),
    );
    let game = match_object(&mut tx, &stored, ids[index]).await?;
    let previous = PreviousResult {
        score_a: corrected.previous.score_a.map(i64::from),
        score_b: corrected.previous.score_b.map(i64::from),
        winner: corrected.previous.winner,
    };
    let data = MatchCorrectedData {
        tournament: ctx.tournament_object(&tournament, &space),
        game: game.clone(),
        previous,
        reset_match_ids: reset_match_ids.clone(),
    };
    outbox::append(
        tx.conn(),
        space.id,
        Some(tournament.id),
        EventType::MatchCorrected,
        &data,
        Audience::Subscribers,
        ctx.now,
    )
    .await?;
    record(
        &mut tx,
        ctx,
        &space,
        "match.corrected",
        &tournament,
        Some(&label),
    )
    .await?;
    // Removing a grand-final reset that is no longer called for can leave nothing to play.
    if corrected.tournament_completed && tournament.status == TournamentStatus::InProgress {
        change_status(
            &mut tx,
            ctx,
            &space,
            tournament,
            TournamentStatus::Completed,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(CorrectDone {
        game,
        reset_match_ids,
    })
}

/// The engine index of `match_id` in this tournament, and its public id for messages.
fn locate(stored: &Stored, slug: &str, match_id: &str) -> Result<(usize, String), Error> {
    let not_found = || Error::NotFound(format!("'{slug}' has no match '{match_id}'"));
    let id = ids::parse(ids::Kind::Match, match_id.trim()).ok_or_else(not_found)?;
    let index = stored
        .rows
        .iter()
        .position(|row| row.id == id)
        .ok_or_else(not_found)?;
    Ok((index, ids::format(ids::Kind::Match, id)))
}

/// Turns the organiser's input into an engine outcome (names resolved to participants).
fn outcome(stored: &Stored, input: &ResultInput) -> Result<Outcome, Error> {
    if !input.places.is_empty() {
        if input.score.is_some() || input.forfeit.is_some() {
            return Err(Error::Invalid(
                "give either --place (free-for-all) or --score / --forfeit, not both".into(),
            ));
        }
        let field: Vec<_> = stored
            .participants
            .iter()
            .filter(|p| p.status != ParticipantStatus::Withdrawn)
            .collect();
        let order = input
            .places
            .iter()
            .map(|who| {
                let by_id =
                    ids::parse(ids::Kind::Participant, who).filter(|_| who.starts_with("par_"));
                field
                    .iter()
                    .find(|p| Some(p.id) == by_id || p.name == who.trim())
                    .map(|p| p.id)
                    .ok_or_else(|| {
                        Error::Invalid(format!(
                            "'{who}' does not play in '{}'",
                            stored.tournament.slug
                        ))
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Outcome::Places(order));
    }
    let score = input
        .score
        .as_deref()
        .map(crate::domain::score::parse)
        .transpose()
        .map_err(|e| Error::Invalid(e.to_string()))?;
    if score.is_none() && input.forfeit.is_none() {
        return Err(Error::Invalid(
            "give the result: --score A-B, --forfeit a|b, or --place for a free-for-all round"
                .into(),
        ));
    }
    Ok(Outcome::Score {
        score,
        forfeit: input.forfeit,
    })
}

/// The stored match as events show it.
async fn match_object(tx: &mut Tx, stored: &Stored, id: i64) -> Result<MatchObject, Error> {
    let row: MatchRow = matches::find(tx.conn(), id)
        .await?
        .ok_or_else(|| Error::NotFound(format!("match {id} vanished")))?;
    let stage_rows = stages::list(tx.conn(), stored.tournament.id).await?;
    let stage = stage_rows.iter().find(|s| s.id == row.stage_id);
    let results = matches::list_results(tx.conn(), stored.tournament.id).await?;
    let names: HashMap<i64, String> = stored
        .participants
        .iter()
        .map(|p| (p.id, p.name.clone()))
        .collect();
    let free_for_all = stage.is_some_and(|s| s.stage_type == StageType::FreeForAll);
    Ok(MatchObject::new(
        &row,
        stage.map_or(1, |s| s.number),
        &names,
        free_for_all,
        &results,
    ))
}
