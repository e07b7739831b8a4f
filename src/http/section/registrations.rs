//! A tournament's registrations at the desk: adding a player or team by name (the shell's
//! `tournaments register`), checking one in (`tournaments check-in`, as an organiser: at any
//! time before the start), withdrawing one (`tournaments withdraw`, after a confirmation) and
//! the seed order (`tournaments seed`, refused unless the field is still in the order the page
//! showed); and the page they come back to (`pages::desk::registrations`).
//!
//! Never writes itself: every action is the service's, with the member as its actor.

use warp::http::StatusCode;
use warp::reply::Response;

use super::forms::{PlayerForm, SeedsForm};
use super::pipeline::{Answer, Done, FromFields, Problem, Scope};
use crate::db::participants;
use crate::db::tournaments::TournamentRow;
use crate::http::forms::Fields;
use crate::ids::ParticipantId;
use crate::pages::desk::link as link_page;
use crate::pages::desk::registrations::{self as page, RegistrationsData};
use crate::pages::desk::tournament_path;
use crate::pages::i18n::T;
use crate::pages::section::Notice;
use crate::service::ServiceError;
use crate::service::check_in::{self, By};
use crate::service::registrations::{self, Applicant, Registrant};
use crate::service::seeding::{self, Seeding};

/// `GET …/tournaments/<slug>/registrations`.
pub(super) async fn registrations(scope: &Scope<'_>, tournament: &TournamentRow) -> Answer {
    registrations_page(scope, tournament, StatusCode::OK, scope.done_notice()).await
}

async fn registrations_page(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    status: StatusCode,
    notice: Option<Notice>,
) -> Answer {
    let field = {
        let mut handle = scope.app.db.acquire().await?;
        participants::list(handle.conn(), tournament.id).await?
    };
    let rosters = field
        .iter()
        .map(participants::ParticipantRow::roster)
        .collect::<Result<Vec<_>, _>>()?;
    let draw_order = seeding::draw_order(&field);
    let data = RegistrationsData {
        field: &field,
        rosters: &rosters,
        draw_order: &draw_order,
        teams: tournament.entry()?.teams,
    };
    let page = page::page(&scope.view, tournament, &data, notice);
    Ok(scope.respond(status, &page))
}

/// What the desk asks before an action on one registration: the question (its `{name}` the
/// player's), the button that confirms, and the action's last path segment.
struct Ask {
    question: T,
    button: T,
    action: &'static str,
}

/// The registration (its id as text) a post to `…/registrations/<who>/<action>` of
/// `tournament` acts on once confirmed; `Err` is the answer instead: 404 for one that is not
/// the tournament's, or the page that asks first while unconfirmed.
async fn confirmed(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    who: &str,
    fields: &Fields,
    ask: Ask,
) -> Result<Result<String, Response>, ServiceError> {
    let Ok(id) = who.parse::<ParticipantId>() else {
        return Ok(Err(scope.not_found()));
    };
    if fields.confirmed() {
        return Ok(Ok(id.to_string()));
    }
    let person = {
        let mut handle = scope.app.db.acquire().await?;
        participants::find(handle.conn(), id)
            .await?
            .filter(|p| p.tournament_id == tournament.id)
    };
    let Some(person) = person else {
        return Ok(Err(scope.not_found()));
    };
    let action = tournament_path(
        &scope.view,
        &tournament.slug,
        &format!("registrations/{id}/{}", ask.action),
    );
    let back = back(tournament);
    scope
        .ask_first(ask.question, &person.name, ask.button, &action, &back)
        .map(Err)
}

/// The registrations page again with a refusal.
async fn shown_again(scope: &Scope<'_>, tournament: &TournamentRow, problem: Problem) -> Answer {
    registrations_page(scope, tournament, problem.status, Some(problem.notice)).await
}

fn back(tournament: &TournamentRow) -> String {
    format!("tournaments/{}/registrations", tournament.slug)
}

/// `POST …/tournaments/<slug>/registrations`: adds a player or team by name (and, given, their
/// private email address).
pub(super) async fn add(scope: &Scope<'_>, tournament: &TournamentRow, fields: &Fields) -> Answer {
    let again = |problem| shown_again(scope, tournament, problem);
    let form = match PlayerForm::from_fields(fields) {
        Ok(form) => form,
        Err(unreadable) => return again(scope.unreadable(unreadable)).await,
    };
    let applicant = Applicant {
        email: form.email.as_deref(),
        roster: &form.roster,
        ..Applicant::named(&form.name)
    };
    let added =
        registrations::register(&scope.app.db, &scope.ctx(), &tournament.slug, &applicant).await;
    let done = added.map(|_| Done::to(back(tournament), "added"));
    scope.finish(done, T::DeskNotDone, again).await
}

/// `POST …/tournaments/<slug>/seeds`: the field's new seed order, refused unless the field is
/// still exactly in the order the page showed.
pub(super) async fn seed(scope: &Scope<'_>, tournament: &TournamentRow, fields: &Fields) -> Answer {
    let again = |problem| shown_again(scope, tournament, problem);
    let form = match SeedsForm::from_fields(fields) {
        Ok(form) => form,
        Err(unreadable) => return again(scope.unreadable(unreadable)).await,
    };
    let names: Vec<String> = form.order.iter().map(ToString::to_string).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let seeding = Seeding {
        tournament: &tournament.slug,
        order: &names,
        seen: Some(&form.seen),
    };
    let seeded = seeding::seed(&scope.app.db, &scope.ctx(), seeding).await;
    let done = seeded.map(|_| Done::to(back(tournament), "seeded"));
    scope.finish(done, T::DeskNotDone, again).await
}

/// `POST …/registrations/<participant>/check-in`.
pub(super) async fn check_in(scope: &Scope<'_>, tournament: &TournamentRow, who: &str) -> Answer {
    let again = |problem| shown_again(scope, tournament, problem);
    let Ok(id) = who.parse::<ParticipantId>() else {
        return Ok(scope.not_found());
    };
    let who = id.to_string();
    let registrant = Registrant::Named {
        tournament: &tournament.slug,
        who: &who,
    };
    let checked = check_in::check_in(&scope.app.db, &scope.ctx(), registrant, By::Organiser).await;
    let done = checked.map(|_| Done::to(back(tournament), "checked-in").at(format!("row-{id}")));
    scope.finish(done, T::DeskNotDone, again).await
}

/// `POST …/registrations/<participant>/withdraw`: asks first.
pub(super) async fn withdraw(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    who: &str,
    fields: &Fields,
) -> Answer {
    let ask = Ask {
        question: T::ConfirmWithdraw,
        button: T::DeskWithdraw,
        action: "withdraw",
    };
    let who = match confirmed(scope, tournament, who, fields, ask).await? {
        Ok(who) => who,
        Err(answer) => return Ok(answer),
    };
    let registrant = Registrant::Named {
        tournament: &tournament.slug,
        who: &who,
    };
    let withdrawn = registrations::withdraw(&scope.app.db, &scope.ctx(), registrant).await;
    let done = withdrawn.map(|_| Done::to(back(tournament), "withdrawn"));
    let again = |problem| shown_again(scope, tournament, problem);
    scope.finish(done, T::DeskNotDone, again).await
}

/// `POST …/registrations/<participant>/link`: asks first (a link given before stops
/// working); confirmed, the player's new private page link, shown this once with its QR code
/// and, for those who may see the player's address, a way to send it by email.
pub(super) async fn give_link(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    who: &str,
    fields: &Fields,
) -> Answer {
    let ask = Ask {
        question: T::ConfirmGiveLink,
        button: T::DeskGiveLink,
        action: "link",
    };
    let who = match confirmed(scope, tournament, who, fields, ask).await? {
        Ok(who) => who,
        Err(answer) => return Ok(answer),
    };
    let registrant = Registrant::Named {
        tournament: &tournament.slug,
        who: &who,
    };
    let given = registrations::give_link(&scope.app.db, &scope.ctx(), registrant).await;
    let done = given.map(|given| {
        let url = format!(
            "{}/{}/player/{}",
            scope.app.base_url,
            scope.view.locale(),
            given.secret
        );
        // A player's address is for those who organise, not the desk's reporters.
        let email = given
            .email
            .as_deref()
            .filter(|_| scope.view.may(crate::domain::access::Duty::Organise));
        let page = link_page::page(
            &scope.view,
            tournament,
            &given.participant.name,
            &url,
            email,
        );
        Done::Page(scope.respond(StatusCode::OK, &page))
    });
    let again = |problem| shown_again(scope, tournament, problem);
    scope.finish(done, T::DeskNotDone, again).await
}
