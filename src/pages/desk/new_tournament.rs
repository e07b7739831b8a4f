//! The desk's "New tournament" form (`…/tournaments/new`, posting to `…/tournaments`): the
//! shell's `tournaments create` in a browser, for those who organise; a refusal shows it again
//! as it was sent, with the reason beside its field.

use super::super::i18n::T;
use super::super::in_space::{InSpace, Tab, input};
use super::super::section::{Block, Choice, Form, Input, Notice, Page};
use super::fields::{EntryValues, ReportValues, RoomValues};
use crate::domain::Format;
use crate::domain::entry::Entry;
use crate::domain::self_report::SelfReport;

/// The form's fields as text: as sent, or a new form's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewValues {
    pub name: String,
    pub slug: String,
    pub game: String,
    pub format: String,
    pub max_participants: String,
    pub starts_at: String,
    pub rounds: String,
    pub groups: String,
    pub advance: String,
    pub third_place: bool,
    pub description: String,
    pub points: String,
    pub entry: EntryValues,
    pub reports: ReportValues,
    pub room: RoomValues,
}

impl NewValues {
    /// A new form: sixteen places, a single elimination, the default options.
    pub fn fresh() -> NewValues {
        NewValues {
            max_participants: "16".into(),
            format: Format::SingleElimination.as_str().into(),
            entry: EntryValues::of(&Entry::default()),
            reports: ReportValues::of(SelfReport::Off),
            room: RoomValues::of(None, &[], crate::domain::room::Timing::default()),
            ..NewValues::default()
        }
    }
}

/// The form holding `values`; `problem` names the field a refusal belongs beside, and says why.
pub fn page(
    view: &InSpace<'_>,
    values: &NewValues,
    problem: Option<(&'static str, String)>,
) -> Page {
    let t = |text: T| view.t(text);
    let id = "new-tournament";
    let field = |name: &str, label: T, kind: &'static str, value: &str| {
        let mut field = input(id, name, t(label), kind);
        field.value = value.into();
        if let Some((_, text)) = problem.as_ref().filter(|(f, _)| *f == name) {
            field.error = Some(text.clone());
        }
        field
    };
    let required = |mut input: Input| {
        input.required = true;
        input
    };
    let mut format = required(field("format", T::NewFormat, "select", ""));
    format.select = true;
    format.options = Format::ALL
        .iter()
        .map(|f| Choice {
            value: f.as_str().into(),
            label: t(T::format(*f)).into(),
            selected: f.as_str() == values.format,
        })
        .collect();
    let mut slug = required(field("slug", T::NewSlug, "text", &values.slug));
    slug.hint = Some(t(T::NewSlugHint).into());
    let mut starts = required(field(
        "starts_at",
        T::NewStartsAt,
        "datetime-local",
        &values.starts_at,
    ));
    starts.hint = Some(t(T::NewStartsAtHint).into());
    let mut rounds = field("rounds", T::NewRounds, "number", &values.rounds);
    rounds.hint = Some(t(T::NewRoundsHint).into());
    let mut third = field("third_place", T::NewThirdPlace, "checkbox", "yes");
    third.checked = values.third_place;
    let mut points = field("points", T::NewPoints, "text", &values.points);
    points.hint = Some(t(T::NewPointsHint).into());
    let fields: Vec<Input> = vec![
        required(field("name", T::NewName, "text", &values.name)),
        slug,
        required(field("game", T::NewGame, "text", &values.game)),
        format,
        required(field(
            "max_participants",
            T::NewMaxParticipants,
            "number",
            &values.max_participants,
        )),
        starts,
        rounds,
        field("groups", T::NewGroups, "number", &values.groups),
        field("advance", T::NewAdvance, "number", &values.advance),
        third,
        points,
        field(
            "description",
            T::NewDescription,
            "text",
            &values.description,
        ),
    ]
    .into_iter()
    .chain(values.entry.inputs(view.locale(), &field))
    .chain(values.reports.inputs(view.locale(), &field))
    .chain(values.room.inputs(view.locale(), &field))
    .collect();
    let form = Form {
        id: id.into(),
        ..view.form(&view.path("tournaments"), t(T::NewCreate), fields)
    };
    let notice = problem.as_ref().map(|(_, text)| Notice {
        text: text.clone(),
        error: true,
    });
    let mut page = view.frame(Tab::Tournaments, T::NewTitle, notice);
    page.blocks = vec![Block::text(t(T::NewHelp)), Block::form(form)];
    page
}
