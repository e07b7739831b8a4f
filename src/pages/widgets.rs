//! The widget pages: registration, standings, bracket and calendar, each in a frame with a link
//! to the portal. Registration only shows the state and links to the portal: nothing is ever
//! submitted from a widget.

use serde::Serialize;

use super::bracket::body as bracket_body;
use super::entry::{self, EntryFact};
use super::i18n::{self, T};
use super::render::{RenderError, render};
use super::tables::{StandingsBody, advance_per_group};
use super::{Frame, Theme};
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::entry::Entry;
use crate::domain::{Locale, TournamentStatus};
use crate::links::BaseUrl;
use crate::views::StandingsRecord;
use crate::views::public::{BracketData, Places};

#[derive(Serialize)]
struct RegistrationBody {
    status: &'static str,
    status_class: String,
    starts_label: &'static str,
    starts: String,
    window_label: Option<&'static str>,
    window: Option<String>,
    taken_label: &'static str,
    taken: i64,
    left_label: &'static str,
    left: i64,
    /// Check-in, team size and waiting list, as the portal lists them.
    entry_facts: Vec<EntryFact>,
    button: Option<&'static str>,
    message: Option<&'static str>,
}

/// The registration page: state, start, places taken and left, check-in, teams and the waiting
/// list, and the way to the portal (to register, or to join the waiting list when the field is
/// full and the list has room). The portal's form follows the same rule ([`entry::intake`]).
pub fn registration(
    frame: &Frame<'_>,
    tournament: &TournamentRow,
    entry: &Entry,
    places: Places,
) -> Result<String, RenderError> {
    let locale = frame.locale;
    let left = (tournament.max_participants - places.taken).max(0);
    let status = tournament.status;
    let (window_label, window) = match status {
        TournamentStatus::Announced => (T::RegOpensAt, tournament.registration_opens_at),
        TournamentStatus::RegistrationOpen => (T::RegClosesAt, tournament.registration_closes_at),
        _ => (T::RegOpensAt, None),
    };
    let intake = entry::intake(tournament, entry, places.taken, places.waiting);
    let (button, message) = match (intake.open, intake.to_waiting_list) {
        (true, true) => (Some(T::JoinWaitingListButton), Some(T::JoinWaitingList)),
        (true, false) => (Some(T::RegisterButton), None),
        (false, _) => (None, intake.closed),
    };
    let body = RegistrationBody {
        status: T::status(status).get(locale),
        status_class: status.as_str().to_ascii_lowercase(),
        starts_label: T::Starts.get(locale),
        starts: i18n::date_time(locale, tournament.starts_at),
        window_label: window.map(|_| window_label.get(locale)),
        window: window.map(|ms| i18n::date_time(locale, ms)),
        taken_label: T::PlacesTaken.get(locale),
        taken: places.taken,
        left_label: T::PlacesLeft.get(locale),
        left,
        entry_facts: entry::facts(locale, tournament, entry, places.waiting),
        button: button.map(|b| b.get(locale)),
        message: message.map(|m| m.get(locale)),
    };
    render("registration", &frame.page(T::Registration, body))
}

/// The standings page, in the shape of the tournament's standings kind.
pub fn standings(
    frame: &Frame<'_>,
    tournament: &TournamentRow,
    record: &StandingsRecord,
) -> Result<String, RenderError> {
    let body = StandingsBody::new(
        frame.locale,
        tournament.status,
        record,
        advance_per_group(tournament),
    );
    render(
        "standings",
        &frame.page(super::tables::heading(record), body),
    )
}

/// The bracket page of `tournament`.
pub fn bracket(
    frame: &Frame<'_>,
    tournament: &TournamentRow,
    data: &BracketData,
) -> Result<String, RenderError> {
    let body = bracket_body(frame.locale, tournament, data);
    render("bracket", &frame.page(T::Bracket, body))
}

#[derive(Serialize)]
struct CalendarBody {
    message: Option<&'static str>,
    parts: Vec<Part>,
    ics_url: String,
    subscribe: &'static str,
}

#[derive(Serialize)]
struct Part {
    title: &'static str,
    months: Vec<Month>,
}

#[derive(Serialize)]
struct Month {
    title: String,
    events: Vec<Event>,
}

#[derive(Serialize)]
struct Event {
    url: String,
    when: String,
    name: String,
    /// The game's display name ([`super::games`]).
    game: String,
    status: &'static str,
}

/// The calendar: tournaments under way, upcoming ones (soonest first), then past ones (latest
/// first), by month.
pub fn calendar(
    locale: Locale,
    theme: Theme,
    base_url: &BaseUrl,
    space: &SpaceRow,
    tournaments: &[TournamentRow],
) -> Result<String, RenderError> {
    let part = |title: T, list: Vec<&TournamentRow>| {
        let mut months: Vec<Month> = Vec::new();
        for t in list {
            let heading = i18n::month_heading(locale, t.starts_at);
            let event = Event {
                url: base_url.tournament_page(locale, &t.slug),
                when: i18n::date_time(locale, t.starts_at),
                name: t.name.clone(),
                game: super::games::display_name(locale, &t.game),
                status: T::status(t.status).get(locale),
            };
            match months.last_mut() {
                Some(month) if month.title == heading => month.events.push(event),
                _ => months.push(Month {
                    title: heading,
                    events: vec![event],
                }),
            }
        }
        (!months.is_empty()).then(|| Part {
            title: title.get(locale),
            months,
        })
    };
    let parts: Vec<Part> = super::schedule::parts(tournaments)
        .into_iter()
        .filter_map(|(title, list)| part(title, list))
        .collect();
    let frame = Frame {
        locale,
        theme,
        heading: &space.name,
        portal_url: base_url.space_page(locale, &space.slug),
        live: None,
    };
    let body = CalendarBody {
        message: parts.is_empty().then(|| T::NoTournaments.get(locale)),
        parts,
        // The portal's feed of the space: the same events as the widget's own `.ics`.
        ics_url: base_url.space_calendar(locale, &space.slug),
        subscribe: T::AddToCalendar.get(locale),
    };
    render("calendar", &frame.page(T::Calendar, body))
}
