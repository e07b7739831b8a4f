//! A tournament's settings at the desk (`…/tournaments/<slug>/settings`): the shell's
//! `tournaments update` for its name, description, start and places, its entry options and who
//! reports its results, for those who organise. The form carries the settings as it showed them
//! (`seen`), so that two organisers' forms never undo each other's changes unseen.

use super::super::i18n::T;
use super::super::in_space::{InSpace, Tab, hidden, input};
use super::super::section::{Block, Form, Notice, Page};
use super::fields::{EntryValues, ReportValues, RoomValues};
use super::{context, tournament_path};
use crate::db::DbError;
use crate::db::tournaments::TournamentRow;
use crate::fields::format_time_local;
use crate::service::seen::settings_version;

/// The form's values as text: as stored, or as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SettingsValues {
    pub name: String,
    pub description: String,
    pub starts_at: String,
    pub max_participants: String,
    pub entry: EntryValues,
    pub reports: ReportValues,
    pub room: RoomValues,
    /// The settings the form was built on.
    pub seen: String,
}

impl SettingsValues {
    /// The tournament's settings as the form shows them (`serving`: the names of the stations
    /// listed for it).
    pub fn of(tournament: &TournamentRow, serving: &[String]) -> Result<SettingsValues, DbError> {
        Ok(SettingsValues {
            entry: EntryValues::of(&tournament.entry()?),
            reports: ReportValues::of(tournament.self_report()),
            room: RoomValues::of(tournament.stations, serving, tournament.timing()),
            name: tournament.name.clone(),
            description: tournament.description.clone().unwrap_or_default(),
            starts_at: format_time_local(tournament.starts_at),
            max_participants: tournament.max_participants.to_string(),
            seen: settings_version(tournament),
        })
    }
}

/// The settings page with the form holding `values`; `problem` names the field a refusal
/// belongs beside.
pub fn page(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    values: &SettingsValues,
    notice: Option<Notice>,
    problem: Option<&'static str>,
) -> Page {
    let t = |text: T| view.t(text);
    let id = "settings";
    let error = notice.as_ref().map(|n| n.text.clone());
    let field = |name: &str, label: T, kind: &'static str, value: &str| {
        let mut field = input(id, name, t(label), kind);
        field.value = value.into();
        if problem == Some(name) {
            field.error = error.clone();
        }
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
    .chain(values.entry.inputs(view.locale(), &field))
    .chain(values.reports.inputs(view.locale(), &field))
    .chain(values.room.inputs(view.locale(), &field))
    .chain([hidden(id, "seen", values.seen.as_str())])
    .collect();
    let action = tournament_path(view, &tournament.slug, "settings");
    let form = Form {
        id: id.into(),
        ..view.form(&action, t(T::DeskSaveSettings), fields)
    };
    let mut page = view.frame(Tab::Tournaments, T::DeskSettings, notice);
    page.context = Some(context(view, &tournament.name));
    page.blocks = vec![Block::text(t(T::DeskSettingsHelp)), Block::form(form)];
    page
}
