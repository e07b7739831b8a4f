//! A tournament's stages at the desk: adding a stage after the last (the shell's `stages add`),
//! removing the last (`stages remove`), both before the start and only on the plan the page
//! showed; and reseeding a drawn stage before its first result (`stages seed`), only from the
//! order the page showed. A refusal shows the tournament's page again with why, the add form as
//! it was sent with the reason beside its field.
//!
//! Never writes itself: `service::stages` does, with the member as its actor.

use super::desk::{again as tournament_page, stages_view};
use super::forms::{SeedsForm, new_stage, seen_count, stage_values};
use super::pipeline::{Answer, Done, FromFields, Problem, Scope};
use crate::db::tournaments::TournamentRow;
use crate::http::forms::Fields;
use crate::pages::desk::stages::StageValues;
use crate::pages::i18n::T;
use crate::service;

/// The tournament's page again after a refusal, the add form holding `sent`.
async fn again(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    sent: StageValues,
    problem: Problem,
) -> Answer {
    let mut stages = stages_view(scope, tournament).await?;
    stages.sent = sent;
    stages.problem = problem
        .field
        .map(|field| (field, problem.notice.text.clone()));
    tournament_page(
        scope,
        tournament,
        stages,
        problem.status,
        Some(problem.notice),
    )
    .await
}

fn back(tournament: &TournamentRow) -> String {
    format!("tournaments/{}", tournament.slug)
}

/// `POST …/tournaments/<slug>/stages`: a stage after the last.
pub(super) async fn add(scope: &Scope<'_>, tournament: &TournamentRow, fields: &Fields) -> Answer {
    let sent = stage_values(fields);
    let read = seen_count(fields).and_then(|seen| Ok((new_stage(&sent)?, seen)));
    let (stage, seen) = match read {
        Ok(read) => read,
        Err(unreadable) => {
            return again(scope, tournament, sent, scope.unreadable(unreadable)).await;
        }
    };
    let slug = &tournament.slug;
    let added = service::stages::add(&scope.app.db, &scope.ctx(), slug, &stage, Some(seen)).await;
    let done = added.map(|_| Done::to(back(tournament), "stage-added"));
    scope
        .finish(done, T::DeskNotDone, |problem| {
            again(scope, tournament, sent.clone(), problem)
        })
        .await
}

/// `POST …/tournaments/<slug>/stages/remove`: the last stage, if it is the one the page showed.
pub(super) async fn remove(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    fields: &Fields,
) -> Answer {
    let seen = match seen_count(fields) {
        Ok(seen) => seen,
        Err(unreadable) => {
            let problem = scope.unreadable(unreadable);
            return again(scope, tournament, StageValues::default(), problem).await;
        }
    };
    let removed =
        service::stages::remove_last(&scope.app.db, &scope.ctx(), &tournament.slug, Some(seen))
            .await;
    let done = removed.map(|_| Done::to(back(tournament), "stage-removed"));
    scope
        .finish(done, T::DeskNotDone, |problem| {
            again(scope, tournament, StageValues::default(), problem)
        })
        .await
}

/// `POST …/tournaments/<slug>/stages/<n>/seeds`: a drawn stage's new seed order.
pub(super) async fn reseed(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    number: &str,
    fields: &Fields,
) -> Answer {
    let Ok(number) = crate::fields::whole(number) else {
        return Ok(scope.not_found());
    };
    let form = match SeedsForm::from_fields(fields) {
        Ok(form) => form,
        Err(unreadable) => {
            let problem = scope.unreadable(unreadable);
            return again(scope, tournament, StageValues::default(), problem).await;
        }
    };
    let order: Vec<String> = form.order.iter().map(ToString::to_string).collect();
    let reseeded = service::stages::reseed(
        &scope.app.db,
        &scope.ctx(),
        &tournament.slug,
        number,
        &order,
        Some(&form.seen),
    )
    .await;
    let done = reseeded.map(|_| Done::to(back(tournament), "stage-seeded"));
    scope
        .finish(done, T::DeskNotDone, |problem| {
            again(scope, tournament, StageValues::default(), problem)
        })
        .await
}
