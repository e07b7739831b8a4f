//! A tournament's registrations at the desk (`…/tournaments/<slug>/registrations`): the field and
//! the waiting list with each one's seed and check-in; adding a player or team by name (the
//! shell's `tournaments register`), checking one in (`tournaments check-in`, as an organiser: at
//! any time before the start) and withdrawing one (`tournaments withdraw`, after a confirmation).
//! Reporters may check players in; adding and withdrawing are for owners and administrators.
//!
//! Never writes itself: every action is the service's, audited with the member.

use warp::http::StatusCode;

use super::desk::tournament_of;
use super::{
    Answer, Confirm, InSpace, Tab, Visitor, confirmation, confirmed, done, frame, input, notice_of,
    page_response,
};
use crate::db::participants;
use crate::db::tournaments::TournamentRow;
use crate::domain::{ParticipantStatus, Role};
use crate::http::App;
use crate::http::forms;
use crate::ids::ParticipantId;
use crate::pages::i18n::T;
use crate::pages::section::{Block, Cell, Form, Notice, Table};
use crate::service::ServiceError;
use crate::service::check_in::{self, By};
use crate::service::registrations::{self, Applicant, Registrant};

/// `GET …/tournaments/<slug>/registrations`.
pub(super) async fn page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    slug: &str,
    query: &str,
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let notice = notice_of(in_space.place.locale, query);
    registrations_page(app, in_space, visitor, &tournament, StatusCode::OK, notice).await
}

async fn registrations_page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    tournament: &TournamentRow,
    status: StatusCode,
    notice: Option<Notice>,
) -> Answer {
    let t = |text: T| in_space.t(text);
    let field = {
        let mut handle = app.db.acquire().await?;
        participants::list(handle.conn(), tournament.id).await?
    };
    let manages = in_space.role != Role::Reporter;
    let path = |rest: &str| in_space.path(&format!("tournaments/{}/{rest}", tournament.slug));
    let rows = field
        .iter()
        .map(|p| {
            let state = match (p.status, p.checked_in_at) {
                (ParticipantStatus::Active, Some(_)) => T::DeskCheckedIn,
                (ParticipantStatus::Active, None) => T::DeskRegistered,
                (ParticipantStatus::Waiting, _) => T::DeskWaitingList,
                _ => T::DeskWithdrawn,
            };
            let mut actions = Vec::new();
            let present = matches!(
                p.status,
                ParticipantStatus::Active | ParticipantStatus::Waiting
            );
            let checks_in = tournament.check_in_opens_before.is_some();
            if checks_in && p.status == ParticipantStatus::Active && p.checked_in_at.is_none() {
                actions.push(Form {
                    inline: true,
                    ..visitor.form(
                        app,
                        &path(&format!("registrations/{}/check-in", p.id)),
                        t(T::DeskCheckIn).into(),
                        Vec::new(),
                    )
                });
            }
            if manages && present {
                actions.push(Form {
                    inline: true,
                    danger: true,
                    ..visitor.form(
                        app,
                        &path(&format!("registrations/{}/withdraw", p.id)),
                        t(T::DeskWithdraw).into(),
                        Vec::new(),
                    )
                });
            }
            vec![
                Cell::text(p.seed.map_or_else(String::new, |s| s.to_string())),
                Cell::text(p.name.clone()),
                Cell::text(t(state)),
                Cell::forms(actions),
            ]
        })
        .collect();
    let mut page = frame(
        app,
        in_space,
        visitor,
        Tab::Tournaments,
        T::DeskRegistrations,
        notice,
    );
    page.context = Some(format!("{} · {}", in_space.space.name, tournament.name));
    page.blocks = Vec::new();
    if manages {
        let id = "add-player";
        let mut name = input(id, "name", t(T::DeskPlayerName), "text");
        name.required = true;
        let email = input(id, "email", t(T::DeskPlayerEmail), "email");
        page.blocks.push(Block::form(Form {
            id: id.into(),
            ..visitor.form(
                app,
                &path("registrations"),
                t(T::DeskAddPlayer).into(),
                vec![name, email],
            )
        }));
    }
    page.blocks.push(Block::table(Table {
        caption: t(T::DeskField).into(),
        heads: vec![
            t(T::DeskSeed).into(),
            t(T::NewName).into(),
            t(T::Status).into(),
            String::new(),
        ],
        rows,
        empty: field.is_empty().then(|| t(T::DeskNobodyYet).into()),
    }));
    Ok(page_response(status, &in_space.place, &page))
}

/// What a refused action shows: the page again with why, nothing changed.
async fn refused(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    tournament: &TournamentRow,
    error: ServiceError,
) -> Answer {
    let status = match &error {
        ServiceError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
        ServiceError::Conflict(_) | ServiceError::Rule(_) => StatusCode::CONFLICT,
        ServiceError::NotFound(_) => return Ok(super::not_found(&in_space.place)),
        _ => return Err(error),
    };
    let text = format!("{} {error}", in_space.t(T::DeskNotDone));
    let notice = Some(Notice { text, error: true });
    registrations_page(app, in_space, visitor, tournament, status, notice).await
}

/// `POST …/tournaments/<slug>/registrations`: adds a player or team by name (and, given, their
/// private email address). Owners and administrators.
pub(super) async fn add(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    slug: &str,
    body: &[u8],
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let field = forms::fields(body);
    let (name, email) = (field("name"), field("email"));
    let email = email.trim();
    let applicant = Applicant {
        email: (!email.is_empty()).then_some(email),
        ..Applicant::named(&name)
    };
    let ctx = visitor.ctx(app);
    match registrations::register(&app.db, &ctx, &tournament.slug, &applicant).await {
        Ok(_) => Ok(done(
            app,
            in_space,
            &format!("tournaments/{}/registrations", tournament.slug),
            "added",
        )),
        Err(error) => refused(app, in_space, visitor, &tournament, error).await,
    }
}

/// `POST …/registrations/<participant>/check-in|withdraw`. Withdrawing asks first.
pub(super) async fn act(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    slug: &str,
    participant: &str,
    action: &str,
    body: &[u8],
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let Ok(id) = participant.parse::<ParticipantId>() else {
        return Ok(super::not_found(&in_space.place));
    };
    let person = {
        let mut handle = app.db.acquire().await?;
        participants::list(handle.conn(), tournament.id)
            .await?
            .into_iter()
            .find(|p| p.id == id)
    };
    let Some(person) = person else {
        return Ok(super::not_found(&in_space.place));
    };
    let back = format!("tournaments/{}/registrations", tournament.slug);
    let who = id.to_string();
    let registrant = Registrant::Named {
        tournament: &tournament.slug,
        who: &who,
    };
    let ctx = visitor.ctx(app);
    let outcome = match action {
        "check-in" => check_in::check_in(&app.db, &ctx, registrant, By::Organiser)
            .await
            .map(|_| "checked-in"),
        "withdraw" if in_space.role == Role::Reporter => {
            return Ok(super::forbidden(app, in_space, visitor));
        }
        "withdraw" if !confirmed(body) => {
            let question = in_space
                .t(T::ConfirmWithdraw)
                .replace("{name}", &person.name);
            let action = in_space.path(&format!("{back}/{id}/withdraw"));
            return Ok(confirmation(
                app,
                in_space,
                visitor,
                Confirm {
                    tab: Tab::Tournaments,
                    question,
                    button: T::DeskWithdraw,
                    action: &action,
                    back: &back,
                },
            ));
        }
        "withdraw" => registrations::withdraw(&app.db, &ctx, registrant)
            .await
            .map(|_| "withdrawn"),
        _ => return Ok(super::not_found(&in_space.place)),
    };
    match outcome {
        Ok(what) => Ok(done(app, in_space, &back, what)),
        Err(error) => refused(app, in_space, visitor, &tournament, error).await,
    }
}
