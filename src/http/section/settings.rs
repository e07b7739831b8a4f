//! A tournament's settings at the desk (`…/tournaments/<slug>/settings`): the shell's
//! `tournaments update` for its name, description, start and places, and its entry options
//! (check-in, teams, waiting list), for owners and administrators. Only what the form changes is sent, so a tournament in play keeps its start
//! and places untouched while its name or description changes; the service's rules say what may
//! change when, and a refusal shows the form as sent with why.
//!
//! Never writes itself: `service::tournaments::update` does, audited with the member.

use warp::http::StatusCode;

use super::desk::tournament_of;
use super::entry_fields::EntryValues;
use super::report_fields::ReportValues;
use super::{Answer, InSpace, Tab, Visitor, done, frame, input, page_response};
use crate::db::tournaments::TournamentRow;
use crate::http::App;
use crate::http::forms;
use crate::http::refusal;
use crate::pages::i18n::T;
use crate::pages::section::{Block, Form, Notice};
use crate::service::tournaments::Changes;
use crate::service::{self, ServiceError};

/// The form's values: as stored, or as sent.
struct Values {
    name: String,
    description: String,
    starts_at: String,
    max_participants: String,
    entry: EntryValues,
    reports: ReportValues,
}

impl Values {
    fn of(tournament: &TournamentRow) -> Result<Values, ServiceError> {
        let (year, month, day, hour, minute) = crate::timestamp::utc_parts(tournament.starts_at);
        Ok(Values {
            entry: EntryValues::of(&tournament.entry()?),
            reports: ReportValues::of(tournament.self_report()),
            name: tournament.name.clone(),
            description: tournament.description.clone().unwrap_or_default(),
            starts_at: format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}"),
            max_participants: tournament.max_participants.to_string(),
        })
    }

    fn sent(body: &[u8]) -> Values {
        let field = forms::fields(body);
        Values {
            name: field("name"),
            description: field("description"),
            starts_at: field("starts_at"),
            max_participants: field("max_participants"),
            entry: EntryValues::sent(&field),
            reports: ReportValues::sent(&field),
        }
    }
}

/// `GET …/tournaments/<slug>/settings`.
pub(super) async fn page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    slug: &str,
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let values = Values::of(&tournament)?;
    Ok(form_page(
        app,
        in_space,
        visitor,
        &tournament,
        &values,
        None,
        StatusCode::OK,
    ))
}

fn form_page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    tournament: &TournamentRow,
    values: &Values,
    notice: Option<Notice>,
    status: StatusCode,
) -> warp::reply::Response {
    let t = |text: T| in_space.t(text);
    let id = "settings";
    let field = |name: &str, label: T, kind: &'static str, value: &str| {
        let mut field = input(id, name, t(label), kind);
        field.value = value.into();
        field
    };
    let mut name = field("name", T::NewName, "text", &values.name);
    name.required = true;
    let mut starts = field(
        "starts_at",
        T::NewStartsAt,
        "datetime-local",
        &values.starts_at,
    );
    starts.hint = Some(t(T::NewStartsAtHint).into());
    let entry = values
        .entry
        .inputs(in_space.place.locale, |name, label, kind, value| {
            field(name, label, kind, value)
        });
    let reports = values
        .reports
        .inputs(in_space.place.locale, |name, label, kind, value| {
            field(name, label, kind, value)
        });
    let fields = vec![
        name,
        starts,
        field(
            "max_participants",
            T::NewMaxParticipants,
            "number",
            &values.max_participants,
        ),
        field(
            "description",
            T::NewDescription,
            "text",
            &values.description,
        ),
    ]
    .into_iter()
    .chain(entry)
    .chain(reports)
    .collect();
    let action = in_space.path(&format!("tournaments/{}/settings", tournament.slug));
    let form = Form {
        id: id.into(),
        ..visitor.form(app, &action, t(T::DeskSaveSettings).into(), fields)
    };
    let mut page = frame(
        app,
        in_space,
        visitor,
        Tab::Tournaments,
        T::DeskSettings,
        notice,
    );
    page.context = Some(format!("{} · {}", in_space.space.name, tournament.name));
    page.blocks = vec![Block::text(t(T::DeskSettingsHelp)), Block::form(form)];
    page_response(status, &in_space.place, &page)
}

/// What the form changes of `tournament`, read as the shell reads `tournaments update`.
fn changes(tournament: &TournamentRow, sent: &Values) -> Result<Result<Changes, T>, ServiceError> {
    let stored = Values::of(tournament)?;
    Ok(read_changes(&stored, sent))
}

fn read_changes(stored: &Values, sent: &Values) -> Result<Changes, T> {
    let mut changes = Changes::default();
    if sent.name != stored.name {
        changes.name = Some(sent.name.clone());
    }
    if sent.description.trim() != stored.description.trim() {
        changes.description = Some(sent.description.trim().to_owned());
    }
    if sent.starts_at.trim() != stored.starts_at {
        let start = super::new_tournament::typed_start(&sent.starts_at);
        changes.starts_at = Some(start.ok_or(T::NewStartsAtInvalid)?);
    }
    if sent.max_participants.trim() != stored.max_participants {
        let places = sent.max_participants.trim().parse::<u32>();
        changes.max_participants = Some(places.map_err(|_| T::NewWholeNumber)?);
    }
    let (check_in, teams, waiting_list) = sent
        .entry
        .changes(&stored.entry)
        .map_err(|unreadable| unreadable.text)?;
    changes.check_in = check_in;
    changes.teams = teams;
    changes.waiting_list = waiting_list;
    let (self_report, confirm_within) = sent
        .reports
        .changes(&stored.reports)
        .map_err(|unreadable| unreadable.text)?;
    changes.self_report = self_report;
    changes.confirm_within = confirm_within;
    Ok(changes)
}

/// `POST …/tournaments/<slug>/settings`.
pub(super) async fn save(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    slug: &str,
    body: &[u8],
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let sent = Values::sent(body);
    let refused = |status: StatusCode, text: String| {
        let notice = Some(Notice { text, error: true });
        Ok(form_page(
            app,
            in_space,
            visitor,
            &tournament,
            &sent,
            notice,
            status,
        ))
    };
    let changes = match changes(&tournament, &sent)? {
        Ok(changes) => changes,
        Err(text) => return refused(StatusCode::UNPROCESSABLE_ENTITY, in_space.t(text).into()),
    };
    let ctx = visitor.ctx(app);
    match service::tournaments::update(&app.db, &ctx, &tournament.slug, &changes).await {
        Ok(_) => Ok(done(
            app,
            in_space,
            &format!("tournaments/{}", tournament.slug),
            "saved",
        )),
        Err(ServiceError::NotFound(_)) => Ok(super::not_found(&in_space.place)),
        Err(
            error @ (ServiceError::Rule(_) | ServiceError::Invalid(_) | ServiceError::Conflict(_)),
        ) => {
            let status = match error {
                ServiceError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
                _ => StatusCode::CONFLICT,
            };
            refused(
                status,
                format!(
                    "{} {}",
                    in_space.t(T::DeskNotDone),
                    refusal::reason(&error, in_space.place.locale)
                ),
            )
        }
        Err(error) => Err(error),
    }
}
