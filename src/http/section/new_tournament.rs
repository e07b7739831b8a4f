//! The desk's "New tournament" form (`…/tournaments/new`, posting to `…/tournaments`): the
//! shell's `tournaments create` in a browser, for owners and administrators. The values are read
//! as the shell reads its options and checked by the service's own rules; a refusal shows the
//! form again as it was sent, with the reason beside its field.
//!
//! Never creates anything itself: `service::tournaments::create` does, audited with the member.

use warp::http::StatusCode;

use super::entry_fields::{self, EntryValues};
use super::report_fields::{self, ReportValues};
use super::{Answer, InSpace, Tab, Visitor, done, frame, input, page_response};
use crate::domain::Format;
use crate::domain::entry::Entry;
use crate::domain::self_report::SelfReport;
use crate::domain::settings::{Setting, SettingsError};
use crate::http::App;
use crate::http::forms;
use crate::http::refusal;
use crate::pages::i18n::T;
use crate::pages::section::{Block, Choice, Form, Input, Notice};
use crate::service::tournaments::Draft;
use crate::service::{self, Field, Invalid, ServiceError};

/// The form's fields, as sent (empty for a new form).
#[derive(Debug, Default)]
struct Sent {
    name: String,
    slug: String,
    game: String,
    format: String,
    max_participants: String,
    starts_at: String,
    rounds: String,
    groups: String,
    advance: String,
    third_place: bool,
    description: String,
    points: String,
    entry: EntryValues,
    reports: ReportValues,
}

impl Sent {
    fn read(body: &[u8]) -> Sent {
        let field = forms::fields(body);
        Sent {
            name: field("name"),
            slug: field("slug"),
            game: field("game"),
            format: field("format"),
            max_participants: field("max_participants"),
            starts_at: field("starts_at"),
            rounds: field("rounds"),
            groups: field("groups"),
            advance: field("advance"),
            third_place: field("third_place") == "yes",
            description: field("description"),
            points: field("points"),
            entry: EntryValues::sent(&field),
            reports: ReportValues::sent(&field),
        }
    }
}

/// Which field a refusal belongs beside, and what it says.
struct Problem {
    field: &'static str,
    text: String,
}

/// `GET …/tournaments/new`.
pub(super) async fn page(app: &App, in_space: &InSpace<'_>, visitor: &Visitor) -> Answer {
    let sent = Sent {
        max_participants: "16".into(),
        format: Format::SingleElimination.as_str().into(),
        entry: EntryValues::of(&Entry::default()),
        reports: ReportValues::of(SelfReport::Off),
        ..Sent::default()
    };
    Ok(form_page(
        app,
        in_space,
        visitor,
        &sent,
        None,
        StatusCode::OK,
    ))
}

fn form_page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    sent: &Sent,
    problem: Option<Problem>,
    status: StatusCode,
) -> warp::reply::Response {
    let t = |text: T| in_space.t(text);
    let id = "new-tournament";
    let field = |name: &str, label: T, kind: &'static str, value: &str, required: bool| {
        let mut field = input(id, name, t(label), kind);
        field.value = value.into();
        field.required = required;
        if let Some(problem) = problem.as_ref().filter(|p| p.field == name) {
            field.error = Some(problem.text.clone());
        }
        field
    };
    let mut format = field("format", T::NewFormat, "select", "", true);
    format.select = true;
    format.options = Format::ALL
        .iter()
        .map(|f| Choice {
            value: f.as_str().into(),
            label: t(T::format(*f)).into(),
            selected: f.as_str() == sent.format,
        })
        .collect();
    let mut slug = field("slug", T::NewSlug, "text", &sent.slug, true);
    slug.hint = Some(t(T::NewSlugHint).into());
    let mut starts = field(
        "starts_at",
        T::NewStartsAt,
        "datetime-local",
        &sent.starts_at,
        true,
    );
    starts.hint = Some(t(T::NewStartsAtHint).into());
    let mut rounds = field("rounds", T::NewRounds, "number", &sent.rounds, false);
    rounds.hint = Some(t(T::NewRoundsHint).into());
    let mut third = field("third_place", T::NewThirdPlace, "checkbox", "yes", false);
    third.checked = sent.third_place;
    let mut points = field("points", T::NewPoints, "text", &sent.points, false);
    points.hint = Some(t(T::NewPointsHint).into());
    let entry = sent
        .entry
        .inputs(in_space.place.locale, |name, label, kind, value| {
            field(name, label, kind, value, false)
        });
    let reports = sent
        .reports
        .inputs(in_space.place.locale, |name, label, kind, value| {
            field(name, label, kind, value, false)
        });
    let fields: Vec<Input> = vec![
        field("name", T::NewName, "text", &sent.name, true),
        slug,
        field("game", T::NewGame, "text", &sent.game, true),
        format,
        field(
            "max_participants",
            T::NewMaxParticipants,
            "number",
            &sent.max_participants,
            true,
        ),
        starts,
        rounds,
        field("groups", T::NewGroups, "number", &sent.groups, false),
        field("advance", T::NewAdvance, "number", &sent.advance, false),
        third,
        points,
        field(
            "description",
            T::NewDescription,
            "text",
            &sent.description,
            false,
        ),
    ]
    .into_iter()
    .chain(entry)
    .chain(reports)
    .collect();
    let action = in_space.path("tournaments");
    let form = Form {
        id: id.into(),
        ..visitor.form(app, &action, t(T::NewCreate).into(), fields)
    };
    let notice = problem.as_ref().map(|p| Notice {
        text: p.text.clone(),
        error: true,
    });
    let mut page = frame(
        app,
        in_space,
        visitor,
        Tab::Tournaments,
        T::NewTitle,
        notice,
    );
    page.blocks = vec![Block::text(t(T::NewHelp)), Block::form(form)];
    page_response(status, &in_space.place, &page)
}

/// A whole number typed into `name`, when one was typed.
fn count(name: &'static str, text: &str, in_space: &InSpace<'_>) -> Result<Option<u32>, Problem> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<u32>().map(Some).map_err(|_| Problem {
        field: name,
        text: in_space.t(T::NewWholeNumber).into(),
    })
}

/// The start as typed: a browser's `datetime-local` (read as UTC, as every page shows times), or
/// RFC 3339 with its offset; `None` for anything else.
pub(super) fn typed_start(text: &str) -> Option<i64> {
    let text = text.trim();
    let local = text.len() == 16 && text.as_bytes().get(10) == Some(&b'T');
    let full = if local {
        format!("{text}:00Z")
    } else {
        text.to_owned()
    };
    crate::timestamp::parse(&full).ok()
}

fn draft(sent: &Sent, in_space: &InSpace<'_>) -> Result<Draft, Problem> {
    let format = sent.format.parse::<Format>().map_err(|_| Problem {
        field: "format",
        text: in_space.t(T::NewFormatInvalid).into(),
    })?;
    let max_participants = count("max_participants", &sent.max_participants, in_space)?
        .ok_or_else(|| Problem {
            field: "max_participants",
            text: in_space.t(T::NewWholeNumber).into(),
        })?;
    let description = sent.description.trim();
    let entry = sent.entry.read().map_err(|unreadable| Problem {
        field: unreadable.field,
        text: in_space.t(unreadable.text).into(),
    })?;
    let self_report = sent.reports.new_setting().map_err(|unreadable| Problem {
        field: unreadable.field,
        text: in_space.t(unreadable.text).into(),
    })?;
    Ok(Draft {
        entry,
        self_report,
        points_scale: points(&sent.points).ok_or_else(|| Problem {
            field: "points",
            text: in_space.t(T::NewPointsInvalid).into(),
        })?,
        max_participants,
        starts_at: typed_start(&sent.starts_at).ok_or_else(|| Problem {
            field: "starts_at",
            text: in_space.t(T::NewStartsAtInvalid).into(),
        })?,
        rounds: count("rounds", &sent.rounds, in_space)?,
        group_count: count("groups", &sent.groups, in_space)?,
        advance_per_group: count("advance", &sent.advance, in_space)?,
        third_place: sent.third_place,
        description: (!description.is_empty()).then(|| description.to_owned()),
        ..Draft::new(
            &in_space.space.slug,
            &sent.slug,
            &sent.name,
            &sent.game,
            format,
        )
    })
}

/// A points scale as typed (`25,18,15`): `Some(None)` when empty, `None` when unreadable.
fn points(text: &str) -> Option<Option<Vec<u32>>> {
    let text = text.trim();
    if text.is_empty() {
        return Some(None);
    }
    let scale: Option<Vec<u32>> = text.split(',').map(|p| p.trim().parse().ok()).collect();
    scale.map(Some)
}

/// The field a service refusal belongs beside, if it names one.
fn field_of(error: &ServiceError) -> &'static str {
    match error {
        ServiceError::Invalid(Invalid::Entry(error)) => entry_fields::field_of(error),
        ServiceError::Invalid(Invalid::SelfReport(_)) => report_fields::SELF_REPORT,
        ServiceError::Invalid(Invalid::Settings(error)) => match error {
            SettingsError::Capacity => "max_participants",
            SettingsError::OnlyFor { setting, .. } => match setting {
                Setting::ThirdPlace => "third_place",
                Setting::Rounds => "rounds",
                Setting::Points => "points",
                Setting::Thresholds => "rounds",
            },
            SettingsError::GroupsTogether { .. }
            | SettingsError::GroupRange
            | SettingsError::PlayoffTooSmall
            | SettingsError::GroupsNeedPlaces { .. } => "groups",
            SettingsError::NoRounds | SettingsError::Thresholds => "rounds",
            SettingsError::PointsOrder => "points",
        },
        ServiceError::Invalid(Invalid::Field { field, .. }) => match field {
            Field::Slug => "slug",
            Field::Name => "name",
            Field::Game => "game",
            Field::Description => "description",
            _ => "",
        },
        ServiceError::Conflict(_) => "slug",
        _ => "",
    }
}

/// `POST …/tournaments`: creates the tournament (in DRAFT) and goes to its page.
pub(super) async fn create(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    body: &[u8],
) -> Answer {
    let sent = Sent::read(body);
    let refused = |problem: Problem, status: StatusCode| {
        Ok(form_page(
            app,
            in_space,
            visitor,
            &sent,
            Some(problem),
            status,
        ))
    };
    let draft = match draft(&sent, in_space) {
        Ok(draft) => draft,
        Err(problem) => return refused(problem, StatusCode::UNPROCESSABLE_ENTITY),
    };
    let ctx = visitor.ctx(app);
    match service::tournaments::create(&app.db, &ctx, &draft).await {
        Ok(created) => Ok(done(
            app,
            in_space,
            &format!("tournaments/{}", created.slug),
            "created",
        )),
        Err(error @ (ServiceError::Invalid(_) | ServiceError::Rule(_))) => {
            let problem = Problem {
                field: field_of(&error),
                text: format!(
                    "{} {}",
                    in_space.t(T::NewRefused),
                    refusal::reason(&error, in_space.place.locale)
                ),
            };
            refused(problem, StatusCode::UNPROCESSABLE_ENTITY)
        }
        Err(error @ ServiceError::Conflict(_)) => {
            let problem = Problem {
                field: field_of(&error),
                text: format!(
                    "{} {}",
                    in_space.t(T::NewRefused),
                    refusal::reason(&error, in_space.place.locale)
                ),
            };
            refused(problem, StatusCode::CONFLICT)
        }
        Err(error) => Err(error),
    }
}
