//! The registration, standings and calendar pages: contexts built from records, in the widget's
//! locale, then rendered. Registration only shows the state and links to the portal: nothing is
//! ever submitted from a widget.

use serde::Serialize;

use super::i18n::{self, T};
use super::render::{RenderError, render};
use super::{Frame, Theme};
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::{Locale, TournamentStatus};
use crate::links::BaseUrl;
use crate::views::StandingsRecord;

/// The localized name of a tournament status.
pub(super) fn status_text(status: TournamentStatus) -> T {
    match status {
        TournamentStatus::Draft | TournamentStatus::Announced => T::StatusAnnounced,
        TournamentStatus::RegistrationOpen => T::StatusRegistrationOpen,
        TournamentStatus::RegistrationClosed => T::StatusRegistrationClosed,
        TournamentStatus::InProgress => T::StatusInProgress,
        TournamentStatus::Completed => T::StatusCompleted,
        TournamentStatus::Cancelled => T::StatusCancelled,
    }
}

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
    button: Option<&'static str>,
    message: Option<&'static str>,
}

/// The registration page: state, start, places taken and left, and the way to the portal.
pub fn registration(
    frame: &Frame<'_>,
    tournament: &TournamentRow,
    taken: i64,
) -> Result<String, RenderError> {
    let locale = frame.locale;
    let left = (tournament.max_participants - taken).max(0);
    let status = tournament.status;
    let (window_label, window) = match status {
        TournamentStatus::Announced => (T::RegOpensAt, tournament.registration_opens_at),
        TournamentStatus::RegistrationOpen => (T::RegClosesAt, tournament.registration_closes_at),
        _ => (T::RegOpensAt, None),
    };
    let open = status == TournamentStatus::RegistrationOpen;
    let message = match status {
        TournamentStatus::Draft | TournamentStatus::Announced => Some(T::RegNotYetOpen),
        TournamentStatus::RegistrationOpen if left == 0 => Some(T::RegFull),
        TournamentStatus::RegistrationOpen => None,
        TournamentStatus::RegistrationClosed => Some(T::RegClosed),
        TournamentStatus::InProgress => Some(T::RegInProgress),
        TournamentStatus::Completed => Some(T::RegCompleted),
        TournamentStatus::Cancelled => Some(T::RegCancelled),
    };
    let body = RegistrationBody {
        status: status_text(status).get(locale),
        status_class: status.as_str().to_ascii_lowercase(),
        starts_label: T::Starts.get(locale),
        starts: i18n::date_time(locale, tournament.starts_at),
        window_label: window.map(|_| window_label.get(locale)),
        window: window.map(|ms| i18n::date_time(locale, ms)),
        taken_label: T::PlacesTaken.get(locale),
        taken,
        left_label: T::PlacesLeft.get(locale),
        left,
        button: (open && left > 0).then(|| T::RegisterButton.get(locale)),
        message: message.map(|m| m.get(locale)),
    };
    render("registration", &frame.page(T::Registration, body))
}

/// One table: header cells (with the full word as a tooltip where the header is short) and rows
/// of already formatted cells.
#[derive(Serialize)]
pub(super) struct Table {
    pub title: Option<String>,
    pub columns: Vec<Column>,
    pub rows: Vec<Row>,
}

#[derive(Serialize)]
pub(super) struct Column {
    pub text: String,
    pub title: Option<String>,
}

#[derive(Serialize)]
pub(super) struct Row {
    pub cells: Vec<String>,
}

pub(super) fn columns(locale: Locale, texts: &[T]) -> Vec<Column> {
    texts
        .iter()
        .map(|t| Column {
            text: t.get(locale).to_owned(),
            title: None,
        })
        .collect()
}

/// 3 rather than 3.0; 2.5 stays 2.5.
pub(super) fn number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 9.0e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

/// The standings of `record` as tables, one per group for a group stage.
pub(super) fn standings_tables(locale: Locale, record: &StandingsRecord) -> Vec<Table> {
    let name = |n: &Option<String>| n.clone().unwrap_or_default();
    let points_table = |title: Option<String>, rows: &[crate::views::TableRecord]| {
        let mut columns = columns(
            locale,
            &[
                T::Rank,
                T::Participant,
                T::Played,
                T::Wins,
                T::Draws,
                T::Losses,
                T::ScoreDiff,
                T::Points,
            ],
        );
        let keys: Vec<&str> = rows
            .first()
            .map(|r| r.tiebreakers.iter().map(|t| t.key).collect())
            .unwrap_or_default();
        for key in &keys {
            if *key == "score_diff" {
                continue;
            }
            columns.push(Column {
                text: T::tiebreaker(key).map_or(key.to_string(), |t| t.get(locale).to_owned()),
                title: None,
            });
        }
        let rows = rows
            .iter()
            .map(|r| {
                let mut cells = vec![
                    r.rank.to_string(),
                    name(&r.name),
                    r.played.to_string(),
                    r.wins.to_string(),
                    r.draws.to_string(),
                    r.losses.to_string(),
                    format!("{:+}", r.score_diff),
                    number(r.points),
                ];
                cells.extend(
                    r.tiebreakers
                        .iter()
                        .filter(|t| t.key != "score_diff")
                        .map(|t| number(t.value)),
                );
                Row { cells }
            })
            .collect();
        Table {
            title,
            columns,
            rows,
        }
    };
    match record {
        StandingsRecord::PointsTable { rows } => vec![points_table(None, rows)],
        StandingsRecord::Groups { groups } => groups
            .iter()
            .map(|g| points_table(Some(T::Group.with(locale, &g.label)), &g.rows))
            .collect(),
        StandingsRecord::Leaderboard { rows } => vec![Table {
            title: None,
            columns: columns(
                locale,
                &[T::Rank, T::Participant, T::Points, T::Played, T::BestPlace],
            ),
            rows: rows
                .iter()
                .map(|r| Row {
                    cells: vec![
                        r.rank.to_string(),
                        name(&r.name),
                        r.points.to_string(),
                        r.played.to_string(),
                        r.best_place.map(|p| p.to_string()).unwrap_or_default(),
                    ],
                })
                .collect(),
        }],
        StandingsRecord::FinalPlaces { rows } => vec![Table {
            title: None,
            columns: columns(locale, &[T::Place, T::Participant]),
            rows: rows
                .iter()
                .map(|r| {
                    let place = match (r.place, r.place_to) {
                        (Some(from), Some(to)) if to > from => format!("{from}–{to}"),
                        (Some(from), _) => from.to_string(),
                        (None, _) => T::InTheRunning.get(locale).to_owned(),
                    };
                    Row {
                        cells: vec![place, name(&r.name)],
                    }
                })
                .collect(),
        }],
    }
}

#[derive(Serialize)]
struct StandingsBody {
    message: Option<&'static str>,
    tables: Vec<Table>,
}

fn not_started(status: TournamentStatus) -> bool {
    matches!(
        status,
        TournamentStatus::Draft
            | TournamentStatus::Announced
            | TournamentStatus::RegistrationOpen
            | TournamentStatus::RegistrationClosed
    )
}

/// The standings page, in the shape of the tournament's standings kind.
pub fn standings(
    frame: &Frame<'_>,
    tournament: &TournamentRow,
    record: &StandingsRecord,
) -> Result<String, RenderError> {
    let body = if not_started(tournament.status) {
        StandingsBody {
            message: Some(T::StandingsNotStarted.get(frame.locale)),
            tables: Vec::new(),
        }
    } else {
        StandingsBody {
            message: None,
            tables: standings_tables(frame.locale, record),
        }
    };
    render("standings", &frame.page(T::Standings, body))
}

pub(super) fn is_before_draw(status: TournamentStatus) -> bool {
    not_started(status)
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
    status: &'static str,
}

fn is_over(status: TournamentStatus) -> bool {
    matches!(
        status,
        TournamentStatus::Completed | TournamentStatus::Cancelled
    )
}

/// The calendar: upcoming tournaments (soonest first), then past ones (latest first), by month.
pub fn calendar(
    locale: Locale,
    theme: Theme,
    base_url: &BaseUrl,
    space: &SpaceRow,
    tournaments: &[TournamentRow],
) -> Result<String, RenderError> {
    let mut upcoming: Vec<&TournamentRow> =
        tournaments.iter().filter(|t| !is_over(t.status)).collect();
    upcoming.sort_by_key(|t| (t.starts_at, t.id));
    let mut past: Vec<&TournamentRow> = tournaments.iter().filter(|t| is_over(t.status)).collect();
    past.sort_by_key(|t| (std::cmp::Reverse(t.starts_at), t.id));
    let part = |title: T, list: Vec<&TournamentRow>| {
        let mut months: Vec<Month> = Vec::new();
        for t in list {
            let heading = i18n::month_heading(locale, t.starts_at);
            let event = Event {
                url: base_url.tournament_page(locale, &t.slug),
                when: i18n::date_time(locale, t.starts_at),
                name: t.name.clone(),
                status: status_text(t.status).get(locale),
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
    let parts: Vec<Part> = [part(T::Upcoming, upcoming), part(T::Past, past)]
        .into_iter()
        .flatten()
        .collect();
    let frame = Frame {
        locale,
        theme,
        heading: &space.name,
        portal_url: base_url.space_page(locale, &space.slug),
    };
    let body = CalendarBody {
        message: parts.is_empty().then(|| T::NoTournaments.get(locale)),
        parts,
        ics_url: format!("{}.ics", base_url.calendar_widget(locale, &space.slug)),
        subscribe: T::Subscribe.get(locale),
    };
    render("calendar", &frame.page(T::Calendar, body))
}
