//! What the portal and the widgets show of a tournament's entry: the check-in window, the team
//! size and the waiting list as facts, whether registration takes a post now (one rule for the
//! portal's form and the registration widget), the field with rosters and check-ins, and the
//! waiting list in its order. The registrant's own page is `registrant`.
//!
//! Pages every visitor shares are cached by data version, so nothing here depends on the clock
//! but the registrant's own page, which is never cached: shared pages give times, not states.

use serde::Serialize;

use super::i18n::{self, T};
use super::tables::{Column, Row, Table};
use crate::db::participants::ParticipantRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::entry::{Entry, Teams};
use crate::domain::{Locale, TournamentStatus};
use crate::timestamp;

/// A fact of the tournament page: a label, a value, and the time a script counts down to.
#[derive(Serialize)]
pub struct EntryFact {
    pub label: &'static str,
    pub value: String,
    /// ISO 8601: `live.js` adds the minutes left until then while it is ahead.
    pub until: Option<String>,
    pub left: &'static str,
}

/// The check-in window, the team size and the waiting list, each when the tournament has it.
pub fn facts(
    locale: Locale,
    tournament: &TournamentRow,
    entry: &Entry,
    waiting: usize,
) -> Vec<EntryFact> {
    let mut facts = Vec::new();
    if let Some(window) = entry.check_in {
        let closes_at = window.closes_at(tournament.starts_at);
        let (value, until) = match tournament.check_in_processed_at {
            Some(_) => (T::CheckInClosedFact.get(locale).to_owned(), None),
            None => (
                T::CheckInWindow.fill(
                    locale,
                    &[
                        (
                            "from",
                            &i18n::date_time(locale, window.opens_at(tournament.starts_at)),
                        ),
                        ("to", &i18n::date_time(locale, closes_at)),
                    ],
                ),
                Some(timestamp::format_ms(closes_at)),
            ),
        };
        facts.push(EntryFact {
            label: T::CheckIn.get(locale),
            value,
            until,
            left: T::TimeLeft.get(locale),
        });
    }
    if let Some(teams) = entry.teams {
        let mut value = team_size(locale, &teams);
        if teams.incomplete {
            value = format!("{value}; {}", T::IncompleteAllowed.get(locale));
        }
        facts.push(EntryFact {
            label: T::TeamsFact.get(locale),
            value,
            until: None,
            left: "",
        });
    }
    if let Some(length) = entry.waiting_list {
        facts.push(EntryFact {
            label: T::WaitingListFact.get(locale),
            value: T::WaitingCount.fill(
                locale,
                &[("n", &waiting.to_string()), ("max", &length.to_string())],
            ),
            until: None,
            left: "",
        });
    }
    facts
}

/// Whether a tournament takes registrations now, as the portal's form and the registration
/// widget both say it: one rule, so the widget never offers what the portal refuses.
pub(crate) struct Intake {
    /// A registration posted now would be taken (into the field or onto the waiting list).
    pub open: bool,
    /// It would go onto the waiting list: the field is full, or others already wait.
    pub to_waiting_list: bool,
    /// Why registration is not open (`None` while it is).
    pub closed: Option<T>,
}

/// The intake of `tournament` with `taken` places in the field and `waiting` in line.
pub(crate) fn intake(
    tournament: &TournamentRow,
    entry: &Entry,
    taken: i64,
    waiting: usize,
) -> Intake {
    let left = (tournament.max_participants - taken).max(0);
    let waiting_room = entry
        .waiting_list
        .is_some_and(|length| waiting < length as usize);
    let decided = tournament.check_in_processed_at.is_some();
    let open = tournament.status == TournamentStatus::RegistrationOpen
        && !decided
        && (left > 0 || waiting_room);
    let closed = match tournament.status {
        _ if open => None,
        TournamentStatus::Draft | TournamentStatus::Announced => Some(T::RegNotYetOpen),
        TournamentStatus::RegistrationOpen if decided => Some(T::RegClosed),
        TournamentStatus::RegistrationOpen if entry.waiting_list.is_some() => Some(T::WaitingFull),
        TournamentStatus::RegistrationOpen => Some(T::RegFull),
        TournamentStatus::RegistrationClosed => Some(T::RegClosed),
        TournamentStatus::InProgress => Some(T::RegInProgress),
        TournamentStatus::Completed => Some(T::RegCompleted),
        TournamentStatus::Cancelled => Some(T::RegCancelled),
    };
    Intake {
        open,
        to_waiting_list: open && (left == 0 || waiting > 0),
        closed,
    }
}

/// "2–5 players", or "3 players".
pub fn team_size(locale: Locale, teams: &Teams) -> String {
    if teams.min == teams.max {
        T::TeamSizeExact.with(locale, teams.max)
    } else {
        T::TeamSize.fill(
            locale,
            &[
                ("min", &teams.fewest().to_string()),
                ("max", &teams.max.to_string()),
            ],
        )
    }
}

/// The field: names (with a team's players), seeds and places once the tournament has them,
/// and who checked in while check-in matters.
pub(crate) fn field_table(locale: Locale, entry: &Entry, field: &[ParticipantRow]) -> Table {
    let seeded = field.iter().any(|p| p.seed.is_some());
    let placed = field.iter().any(|p| p.place.is_some());
    let teams = entry.teams.is_some();
    let check_in = entry.check_in.is_some() && field.iter().all(|p| p.place.is_none());
    let mut heads = vec![T::Participant];
    heads.extend(teams.then_some(T::PlayersLabel));
    heads.extend(seeded.then_some(T::Seed));
    heads.extend(placed.then_some(T::Place));
    heads.extend(check_in.then_some(T::CheckedInColumn));
    Table::new(
        None,
        T::Participants.get(locale),
        columns(locale, &heads),
        field
            .iter()
            .map(|p| {
                let mut cells = vec![p.name.clone()];
                if teams {
                    cells.push(p.roster().unwrap_or_default().join(", "));
                }
                if seeded {
                    cells.push(p.seed.map(|s| s.to_string()).unwrap_or_default());
                }
                if placed {
                    cells.push(match (p.place, p.place_to) {
                        (Some(from), Some(to)) if to > from => format!("{from}–{to}"),
                        (Some(from), _) => from.to_string(),
                        (None, _) => String::new(),
                    });
                }
                if check_in {
                    let done = if p.checked_in_at.is_some() {
                        T::Yes
                    } else {
                        T::No
                    };
                    cells.push(done.get(locale).to_owned());
                }
                Row::new(cells)
            })
            .collect(),
    )
}

/// The waiting list: place in line and name.
pub(crate) fn waiting_table(locale: Locale, waiting: &[ParticipantRow]) -> Table {
    Table::new(
        None,
        T::WaitingHeading.get(locale),
        columns(locale, &[T::WaitingPosition, T::Participant]),
        (1..)
            .zip(waiting)
            .map(|(position, p)| Row::new(vec![position.to_string(), p.name.clone()]))
            .collect(),
    )
}

fn columns(locale: Locale, texts: &[T]) -> Vec<Column> {
    texts
        .iter()
        .map(|t| Column {
            text: t.get(locale).to_owned(),
            title: None,
        })
        .collect()
}
