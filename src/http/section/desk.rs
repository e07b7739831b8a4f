//! The organiser's desk: the space's tournaments; a tournament's facts, its one next step
//! (announce, open or close registration, start), applying its check-in and cancelling it; the
//! stream its desk pages follow. Every action is the shell's (`tournaments status|start|check-in`),
//! through the service layer, audited with the member. The match desk is `matches.rs`.
//!
//! Never writes to the database itself, and never acts on another space's tournament (that is
//! the same 404 as one that does not exist).

use warp::http::StatusCode;

use super::{Answer, InSpace, Tab, Visitor, done, frame, input, notice_of, page_response};
use crate::db::tournaments::{self, TournamentRow};
use crate::domain::{Role, TournamentStatus};
use crate::http::App;
use crate::http::forms;
use crate::http::live::Topic;
use crate::http::refusal;
use crate::pages::i18n::{self, T};
use crate::pages::section::{Block, Cell, Form, Link, Live, Notice, Page, Table};
use crate::service::{self, ServiceError};

/// `GET /<locale>/organizer/<space>/tournaments`: the space's tournaments, newest first, each
/// with its status and a link to its matches.
pub(super) async fn list(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    query: &str,
) -> Answer {
    let t = |text: T| in_space.t(text);
    let rows = {
        let mut handle = app.db.acquire().await?;
        tournaments::list_for_space(handle.conn(), in_space.space.id).await?
    };
    let locale = in_space.place.locale;
    let table = Table {
        caption: t(T::DeskTournaments).into(),
        quiet_caption: false,
        heads: vec![
            t(T::DeskTournament).into(),
            t(T::Status).into(),
            t(T::DeskStarts).into(),
            t(T::DeskField).into(),
            t(T::DeskNextStep).into(),
        ],
        rows: rows
            .iter()
            .map(|row| {
                let page =
                    |rest: &str| in_space.url(&format!("tournaments/{}{rest}", row.slug), app);
                // The next step where it is taken: a tournament in play at its matches, the
                // others' steps on their page (owners' and administrators').
                let next = match next_step(row.status) {
                    _ if row.status == TournamentStatus::InProgress => {
                        Cell::link(t(T::DeskReportResults), page("/matches"))
                    }
                    Some((_, label)) if in_space.role != Role::Reporter => {
                        Cell::link(t(label), page(""))
                    }
                    _ => Cell::text(""),
                };
                vec![
                    Cell::link(row.name.clone(), page("")),
                    Cell::text(t(T::status(row.status))),
                    Cell::text(i18n::date_time(locale, row.starts_at)),
                    Cell::text(format!("{} / {}", row.field_size, row.max_participants)),
                    next,
                ]
            })
            .collect(),
        empty: rows.is_empty().then(|| t(T::DeskNoTournaments).into()),
    };
    let mut page = frame(
        app,
        in_space,
        visitor,
        Tab::Tournaments,
        T::DeskTitle,
        notice_of(locale, query),
    );
    page.blocks = Vec::new();
    if in_space.role != Role::Reporter {
        page.blocks.push(Block {
            link: Some(Link {
                text: t(T::NewTitle).into(),
                url: in_space.url("tournaments/new", app),
            }),
            ..Block::default()
        });
    }
    page.blocks.push(Block::table(table));
    Ok(page_response(StatusCode::OK, &in_space.place, &page))
}

/// `GET …/tournaments/<slug>/live`: the stream the tournament's desk pages follow (any member,
/// reporters too): an event whenever its row, its field, its matches or their results change,
/// from any process; the page then fetches itself again (`live.js`).
pub(super) async fn live(
    app: &App,
    in_space: &InSpace<'_>,
    slug: &str,
    headers: &warp::http::HeaderMap,
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let Ok(versions) = app.gate.current().await else {
        return Ok(super::unavailable(&in_space.place));
    };
    let state = crate::http::live::desk_state(&app.db, tournament.id).await?;
    Ok(crate::http::live::serve(
        app,
        Topic::Desk(tournament.id),
        versions.data,
        state,
        headers,
    ))
}

/// Makes `page` follow `tournament`: its blocks are fetched again whenever the tournament
/// changes, from any process (a block holding a form someone is filling in waits: `live.js`).
pub(super) fn follow(
    app: &App,
    in_space: &InSpace<'_>,
    tournament: &TournamentRow,
    page: &mut Page,
) {
    page.live = Some(Live {
        url: in_space.url(&format!("tournaments/{}/live", tournament.slug), app),
        updated: in_space.t(T::LiveUpdated).into(),
        label: page.title.clone(),
    });
}

/// The space's tournament `slug`, or `None` (another space's is the same as none).
pub(super) async fn tournament_of(
    app: &App,
    in_space: &InSpace<'_>,
    slug: &str,
) -> Result<Option<TournamentRow>, ServiceError> {
    let mut handle = app.db.acquire().await?;
    Ok(tournaments::find_by_slug(handle.conn(), slug)
        .await?
        .filter(|row| row.space_id == in_space.space.id))
}

/// The one next step a tournament's status allows at the desk, as (the status it moves to, the
/// button); `Start` draws the first stage. `None` once it is in play or over.
fn next_step(status: TournamentStatus) -> Option<(Step, T)> {
    match status {
        TournamentStatus::Draft => Some((Step::To(TournamentStatus::Announced), T::DeskAnnounce)),
        TournamentStatus::Announced => Some((
            Step::To(TournamentStatus::RegistrationOpen),
            T::DeskOpenRegistration,
        )),
        TournamentStatus::RegistrationOpen => Some((
            Step::To(TournamentStatus::RegistrationClosed),
            T::DeskCloseRegistration,
        )),
        TournamentStatus::RegistrationClosed => Some((Step::Start, T::DeskStart)),
        _ => None,
    }
}

/// A step of a tournament's life taken at the desk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    To(TournamentStatus),
    Start,
}

impl Step {
    fn as_text(self) -> &'static str {
        match self {
            Step::To(status) => status.as_str(),
            Step::Start => "start",
        }
    }
}

/// `GET …/tournaments/<slug>`: the tournament's facts, its one next step (owners and
/// administrators) and the way to its matches.
pub(super) async fn tournament(
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
    tournament_page(app, in_space, visitor, &tournament, StatusCode::OK, notice).await
}

async fn tournament_page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    tournament: &TournamentRow,
    status: StatusCode,
    notice: Option<Notice>,
) -> Answer {
    let t = |text: T| in_space.t(text);
    let locale = in_space.place.locale;
    let mut page = frame(
        app,
        in_space,
        visitor,
        Tab::Tournaments,
        T::DeskTitle,
        notice,
    );
    page.title = tournament.name.clone();
    page.context = Some(in_space.space.name.clone());
    page.blocks = vec![Block::table(Table {
        caption: t(T::DeskFacts).into(),
        quiet_caption: false,
        heads: vec![String::new(), String::new()],
        rows: vec![
            vec![
                Cell::text(t(T::Status)),
                Cell::text(t(T::status(tournament.status))),
            ],
            vec![
                Cell::text(t(T::DeskStarts)),
                Cell::text(i18n::date_time(locale, tournament.starts_at)),
            ],
            vec![
                Cell::text(t(T::DeskField)),
                Cell::text(format!(
                    "{} / {}",
                    tournament.field_size, tournament.max_participants
                )),
            ],
        ],
        empty: None,
    })];
    if in_space.role != Role::Reporter
        && let Some((step, label)) = next_step(tournament.status)
    {
        let mut from = input("step", "from", "", "hidden");
        from.hidden = true;
        from.value = tournament.status.as_str().into();
        let mut to = input("step", "to", "", "hidden");
        to.hidden = true;
        to.value = step.as_text().into();
        let action = in_space.path(&format!("tournaments/{}/step", tournament.slug));
        page.blocks.push(Block::heading(t(T::DeskNextStep)));
        page.blocks.push(Block::form(Form {
            id: "step".into(),
            ..visitor.form(app, &action, t(label).into(), vec![from, to])
        }));
    }
    if in_space.role != Role::Reporter {
        let before_start = matches!(
            tournament.status,
            TournamentStatus::Draft
                | TournamentStatus::Announced
                | TournamentStatus::RegistrationOpen
                | TournamentStatus::RegistrationClosed
        );
        let action = |rest: &str| in_space.path(&format!("tournaments/{}/{rest}", tournament.slug));
        if before_start
            && tournament.check_in_opens_before.is_some()
            && tournament.check_in_processed_at.is_none()
        {
            page.blocks.push(Block::form(Form {
                id: "apply-check-in".into(),
                ..visitor.form(
                    app,
                    &action("apply-check-in"),
                    t(T::DeskApplyCheckIn).into(),
                    Vec::new(),
                )
            }));
        }
        if !matches!(
            tournament.status,
            TournamentStatus::Completed | TournamentStatus::Cancelled
        ) {
            page.blocks.push(Block::form(Form {
                id: "cancel".into(),
                danger: true,
                ..visitor.form(app, &action("cancel"), t(T::DeskCancel).into(), Vec::new())
            }));
        }
    }
    let mut tabs = vec![
        (T::DeskRegistrations, "registrations"),
        (T::DeskMatches, "matches"),
    ];
    if in_space.role != Role::Reporter {
        tabs.push((T::DeskSettings, "settings"));
    }
    for (text, rest) in tabs {
        page.blocks.push(Block {
            link: Some(Link {
                text: t(text).into(),
                url: in_space.url(&format!("tournaments/{}/{rest}", tournament.slug), app),
            }),
            ..Block::default()
        });
    }
    follow(app, in_space, tournament, &mut page);
    Ok(page_response(status, &in_space.place, &page))
}

/// `POST …/tournaments/<slug>/step`: the next step the page showed (`to`), taken only if the
/// tournament is still where the page saw it (`from`); otherwise the page again, saying where
/// it is now, with nothing changed. Owners and administrators only.
pub(super) async fn step(
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
    let refused = |status: StatusCode, text: String| {
        let tournament = tournament.clone();
        async move {
            let notice = Some(Notice { text, error: true });
            tournament_page(app, in_space, visitor, &tournament, status, notice).await
        }
    };
    let seen = field("from");
    if seen != tournament.status.as_str() {
        let now = in_space.t(T::status(tournament.status));
        let text = in_space.t(T::DeskMovedOn).replace("{status}", now);
        return refused(StatusCode::CONFLICT, text).await;
    }
    let Some((step, _)) = next_step(tournament.status).filter(|(s, _)| s.as_text() == field("to"))
    else {
        return refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            in_space.t(T::DeskNoSuchStep).into(),
        )
        .await;
    };
    let ctx = visitor.ctx(app);
    let taken = match step {
        Step::To(to) => service::tournaments::set_status(&app.db, &ctx, &tournament.slug, to, None)
            .await
            .map(|_| ()),
        Step::Start => service::tournaments::start(&app.db, &ctx, &tournament.slug)
            .await
            .map(|_| ()),
    };
    match taken {
        Ok(()) => Ok(done(
            app,
            in_space,
            &format!("tournaments/{}", tournament.slug),
            "step-taken",
        )),
        Err(
            error @ (ServiceError::Rule(_) | ServiceError::Invalid(_) | ServiceError::Conflict(_)),
        ) => {
            let text = format!(
                "{} {}",
                in_space.t(T::DeskStepRefused),
                refusal::reason(&error, in_space.place.locale)
            );
            refused(StatusCode::CONFLICT, text).await
        }
        Err(ServiceError::NotFound(_)) => Ok(super::not_found(&in_space.place)),
        Err(error) => Err(error),
    }
}

/// `POST …/tournaments/<slug>/apply-check-in|cancel` (owners and administrators): applies the
/// check-in's result now (the shell's `tournaments check-in --process`), or cancels the
/// tournament (`tournaments status … CANCELLED`) after a confirmation.
pub(super) async fn act(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    slug: &str,
    action: &str,
    body: &[u8],
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let back = format!("tournaments/{}", tournament.slug);
    let ctx = visitor.ctx(app);
    let outcome = match action {
        "apply-check-in" => crate::service::check_in::process(&app.db, &ctx, &tournament.slug)
            .await
            .map(|_| "check-in-applied"),
        "cancel" if !super::confirmed(body) => {
            let question = in_space
                .t(T::ConfirmCancelTournament)
                .replace("{name}", &tournament.name);
            let action = in_space.path(&format!("{back}/cancel"));
            return Ok(super::confirmation(
                app,
                in_space,
                visitor,
                super::Confirm {
                    tab: Tab::Tournaments,
                    question,
                    button: T::DeskCancel,
                    action: &action,
                    back: &back,
                },
            ));
        }
        "cancel" => service::tournaments::set_status(
            &app.db,
            &ctx,
            &tournament.slug,
            TournamentStatus::Cancelled,
            None,
        )
        .await
        .map(|_| "cancelled"),
        _ => return Ok(super::not_found(&in_space.place)),
    };
    match outcome {
        Ok(what) => Ok(done(app, in_space, &back, what)),
        Err(ServiceError::NotFound(_)) => Ok(super::not_found(&in_space.place)),
        Err(
            error @ (ServiceError::Rule(_) | ServiceError::Invalid(_) | ServiceError::Conflict(_)),
        ) => {
            let text = format!(
                "{} {}",
                in_space.t(T::DeskStepRefused),
                refusal::reason(&error, in_space.place.locale)
            );
            let notice = Some(Notice { text, error: true });
            tournament_page(
                app,
                in_space,
                visitor,
                &tournament,
                StatusCode::CONFLICT,
                notice,
            )
            .await
        }
        Err(error) => Err(error),
    }
}
