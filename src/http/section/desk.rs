//! The desk's tournament itself: the space's list, one tournament's page (with its stages),
//! its one next step, applying its check-in, cancelling it, and the stream its desk pages
//! follow. Every action is the shell's (`tournaments status|start|check-in`), through the
//! service layer, with the member as its actor; the pages are `pages::desk`'s.
//!
//! Never writes to the database itself, and decides nothing about who may: the route's duty was
//! checked by the pipeline, and the operation checks it again.

use warp::http::{HeaderMap, StatusCode};

use super::forms::StepForm;
use super::pipeline::{Answer, Done, FromFields, Problem, Scope};
use crate::db::participants;
use crate::db::tournaments::{self, TournamentRow};
use crate::domain::TournamentStatus;
use crate::http::forms::Fields;
use crate::pages::desk::stages::{StageLine, StagesView};
use crate::pages::desk::tournament::{self as page, Step};
use crate::pages::desk::{list as list_page, tournament_path};
use crate::pages::i18n::T;
use crate::pages::section::Notice;
use crate::service::{self, ServiceError};

/// `GET …/tournaments`.
pub(super) async fn list(scope: &Scope<'_>) -> Answer {
    let rows = {
        let mut handle = scope.app.db.acquire().await?;
        tournaments::list_for_space(handle.conn(), scope.view.space.id).await?
    };
    let page = list_page::page(&scope.view, &rows, scope.done_notice());
    Ok(scope.respond(StatusCode::OK, &page))
}

/// `GET …/tournaments/<slug>`.
pub(super) async fn tournament(scope: &Scope<'_>, tournament: &TournamentRow) -> Answer {
    let stages = stages_view(scope, tournament).await?;
    again(
        scope,
        tournament,
        stages,
        StatusCode::OK,
        scope.done_notice(),
    )
    .await
}

/// The tournament's page with `status` and `notice`, its stages as `stages` shows them.
pub(super) async fn again(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    stages: StagesView,
    status: StatusCode,
    notice: Option<Notice>,
) -> Answer {
    let page = page::page(&scope.view, tournament, &stages, notice);
    Ok(scope.respond(status, &page))
}

/// The tournament's page again after a refusal, its stages as stored.
async fn refused(scope: &Scope<'_>, tournament: &TournamentRow, problem: Problem) -> Answer {
    let stages = stages_view(scope, tournament).await?;
    again(
        scope,
        tournament,
        stages,
        problem.status,
        Some(problem.notice),
    )
    .await
}

/// The tournament's stages as its page shows them, with its players' names.
pub(super) async fn stages_view(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
) -> Result<StagesView, ServiceError> {
    let planned = service::stages::list(&scope.app.db, &tournament.slug).await?;
    let names = {
        let mut handle = scope.app.db.acquire().await?;
        participants::list(handle.conn(), tournament.id)
            .await?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect()
    };
    Ok(StagesView {
        stages: planned
            .into_iter()
            .map(|stage| StageLine {
                number: stage.number,
                spec: stage.spec,
                status: stage.status,
                field: stage.field,
                reseedable: stage.reseedable,
            })
            .collect(),
        names,
        ..StagesView::default()
    })
}

/// `POST …/tournaments/<slug>/step`: the next step the page showed (`to`), taken only if the
/// tournament is still where the page saw it (`from`, checked by the operation).
pub(super) async fn step(scope: &Scope<'_>, tournament: &TournamentRow, fields: &Fields) -> Answer {
    let form = match StepForm::from_fields(fields) {
        Ok(form) => form,
        Err(unreadable) => return refused(scope, tournament, scope.unreadable(unreadable)).await,
    };
    let ctx = scope.ctx();
    let (db, slug, seen) = (&scope.app.db, &tournament.slug, Some(form.from));
    let taken = match form.to {
        Step::Start => service::tournaments::start_seen(db, &ctx, slug, seen)
            .await
            .map(drop),
        Step::To(to) => service::tournaments::set_status(db, &ctx, slug, to, seen)
            .await
            .map(drop),
    };
    let done = taken.map(|()| Done::to(format!("tournaments/{}", tournament.slug), "step-taken"));
    scope
        .finish(done, T::DeskStepRefused, |problem| {
            refused(scope, tournament, problem)
        })
        .await
}

/// `POST …/tournaments/<slug>/apply-check-in`: asks first, saying what it does; confirmed, the
/// check-in's result now (the shell's `tournaments check-in --process`): no-shows go to the
/// bottom seeds or out, those waiting move up, and registration closes.
pub(super) async fn apply_check_in(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    fields: &Fields,
) -> Answer {
    if !fields.confirmed() {
        let back = format!("tournaments/{}", tournament.slug);
        let action = tournament_path(&scope.view, &tournament.slug, "apply-check-in");
        let removes = tournament
            .entry()?
            .check_in
            .is_some_and(|c| c.no_show == crate::domain::NoShow::Remove);
        let question = match removes {
            true => T::ConfirmApplyCheckInRemove,
            false => T::ConfirmApplyCheckInBottom,
        };
        return scope.ask_first(
            question,
            &tournament.name,
            T::DeskApplyCheckIn,
            &action,
            &back,
        );
    }
    let applied = service::check_in::process(&scope.app.db, &scope.ctx(), &tournament.slug).await;
    let done = applied.map(|_| {
        Done::to(
            format!("tournaments/{}", tournament.slug),
            "check-in-applied",
        )
    });
    scope
        .finish(done, T::DeskStepRefused, |problem| {
            refused(scope, tournament, problem)
        })
        .await
}

/// `POST …/tournaments/<slug>/cancel`: asks first; confirmed, the tournament is cancelled
/// (`tournaments status … CANCELLED`).
pub(super) async fn cancel(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    fields: &Fields,
) -> Answer {
    let back = format!("tournaments/{}", tournament.slug);
    if !fields.confirmed() {
        let action = tournament_path(&scope.view, &tournament.slug, "cancel");
        return scope.ask_first(
            T::ConfirmCancelTournament,
            &tournament.name,
            T::DeskCancel,
            &action,
            &back,
        );
    }
    let cancelled = service::tournaments::set_status(
        &scope.app.db,
        &scope.ctx(),
        &tournament.slug,
        TournamentStatus::Cancelled,
        None,
    )
    .await;
    let done = cancelled.map(|_| Done::to(back, "cancelled"));
    scope
        .finish(done, T::DeskStepRefused, |problem| {
            refused(scope, tournament, problem)
        })
        .await
}

/// `GET …/tournaments/<slug>/live`: the stream the tournament's desk pages follow: an event
/// whenever its row, its field, its matches or their results change, from any process; the page
/// then fetches itself again (`live.js`).
pub(super) async fn live(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    headers: &HeaderMap,
) -> Answer {
    let app = scope.app;
    let Ok(versions) = app.gate.current().await else {
        return Ok(super::pipeline::unavailable(&scope.view.place));
    };
    Ok(crate::http::live::desk_stream(app, tournament.id, versions.data, headers).await?)
}
