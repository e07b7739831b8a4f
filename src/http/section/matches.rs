//! The match desk's actions: reporting a ready match (the shell's `matches report`) and
//! correcting a completed one (`matches correct`), each refused unless the match is still as
//! the page showed it (`seen`); and the pages they come back to (`pages::desk::matches`).
//!
//! Never writes to the database itself, and never reports a match of another space's
//! tournament (that is the same 404 as one that does not exist).

use std::collections::HashMap;

use warp::http::StatusCode;

use super::forms::ResultForm;
use super::pipeline::{Answer, Done, FromFields, Problem, Scope};
use crate::db::claims as db_claims;
use crate::db::participants;
use crate::db::tournaments::TournamentRow;
use crate::domain::{Format, MatchStatus};
use crate::events::{MatchObject, Sides};
use crate::http::forms::Fields;
use crate::ids::MatchId;
use crate::pages::desk::Claims;
use crate::pages::desk::matches::{self as page, MatchesData};
use crate::pages::i18n::T;
use crate::pages::section::Notice;
use crate::service::{self, ServiceError};
use crate::views;

/// `GET …/tournaments/<slug>/matches`.
pub(super) async fn matches(scope: &Scope<'_>, tournament: &TournamentRow) -> Answer {
    matches_page(scope, tournament, StatusCode::OK, scope.done_notice()).await
}

async fn matches_page(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    status: StatusCode,
    notice: Option<Notice>,
) -> Answer {
    let data = {
        let mut handle = scope.app.db.acquire().await?;
        let (games, rows) = views::tournament_matches_and_rows(handle.conn(), tournament).await?;
        let everyone = participants::list(handle.conn(), tournament.id).await?;
        let names: HashMap<_, _> = everyone.iter().map(|p| (p.id, p.name.clone())).collect();
        let field = match tournament.format {
            Format::FreeForAll => everyone,
            _ => Vec::new(),
        };
        let claims = Claims::new(db_claims::of_tournament(handle.conn(), tournament.id).await?)?;
        let stages = crate::db::stages::list(handle.conn(), tournament.id).await?;
        let titles = crate::pages::match_titles(scope.view.locale(), &stages, &games);
        let stage_types = stages.iter().map(|s| (s.number, s.stage_type)).collect();
        MatchesData {
            games,
            rows,
            field,
            claims,
            names,
            titles,
            stage_types,
        }
    };
    let page = page::page(&scope.view, tournament, &data, notice);
    Ok(scope.respond(status, &page))
}

/// `GET …/matches/<match>/correct`.
pub(super) async fn correction(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    game: &str,
) -> Answer {
    correction_page(scope, tournament, game, StatusCode::OK, None).await
}

async fn correction_page(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    game: &str,
    status: StatusCode,
    notice: Option<Notice>,
) -> Answer {
    let Some(game) = completed(scope, tournament, game).await? else {
        return Ok(scope.not_found());
    };
    let (games, rows) = {
        let mut handle = scope.app.db.acquire().await?;
        views::tournament_matches_and_rows(handle.conn(), tournament).await?
    };
    // The matches its winner and loser went on to that have their players or a result: a new
    // winner would have them played again.
    let row = rows.iter().find(|r| r.id == game.id);
    let resets: Vec<&MatchObject> = row
        .into_iter()
        .flat_map(|r| [r.winner_to_match_id, r.loser_to_match_id])
        .flatten()
        .filter_map(|id| games.iter().find(|g| g.id == id))
        .filter(|g| matches!(g.status, MatchStatus::Ready | MatchStatus::Completed))
        .collect();
    let page = page::correction(&scope.view, tournament, &game, &resets, notice);
    Ok(scope.respond(status, &page))
}

/// The completed two-sided match `id` of the tournament, as the API shows it.
async fn completed(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    id: &str,
) -> Result<Option<MatchObject>, ServiceError> {
    let Ok(id) = id.parse::<MatchId>() else {
        return Ok(None);
    };
    let mut handle = scope.app.db.acquire().await?;
    Ok(views::tournament_matches(handle.conn(), tournament)
        .await?
        .into_iter()
        .find(|game| {
            game.id == id
                && game.status == MatchStatus::Completed
                && matches!(game.sides, Sides::Two { .. })
        }))
}

/// A result posted at the desk: reported, or correcting one already recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Record {
    /// `POST …/tournaments/<slug>/matches/<match>/report`: the shell's `matches report`. A
    /// result the rules refuse (the match is not ready, already reported, changed since the
    /// page showed it, a draw where none may be) shows the matches again with why.
    Report,
    /// `POST …/matches/<match>/correct`: the shell's `matches correct`; the matches that
    /// followed from the old result and no longer do are reset by the service. A refusal shows
    /// the correction form again with why.
    Correct,
}

/// Records a result posted to match `game` as `record` says; nothing changes unless the match
/// is still as the page showed it.
pub(super) async fn record(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    game: &str,
    record: Record,
    fields: &Fields,
) -> Answer {
    let again = |problem: Problem| async move {
        let notice = Some(problem.notice);
        match record {
            Record::Report => matches_page(scope, tournament, problem.status, notice).await,
            Record::Correct => {
                correction_page(scope, tournament, game, problem.status, notice).await
            }
        }
    };
    let Ok(id) = game.parse::<MatchId>() else {
        return Ok(scope.not_found());
    };
    let form = match ResultForm::from_fields(fields) {
        Ok(form) => form,
        Err(unreadable) => return again(scope.unreadable(unreadable)).await,
    };
    let (db, ctx, slug) = (&scope.app.db, scope.ctx(), &tournament.slug);
    let seen = Some(form.seen.as_str());
    let recorded = match record {
        Record::Report => service::matches::report(db, &ctx, slug, id, &form.input, seen)
            .await
            .map(|_| "reported"),
        Record::Correct => service::matches::correct(db, &ctx, slug, id, &form.input, seen)
            .await
            .map(|_| "corrected"),
    };
    let done = recorded.map(|what| Done::to(format!("tournaments/{slug}/matches"), what));
    scope.finish(done, T::DeskRefused, again).await
}
