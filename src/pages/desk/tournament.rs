//! `…/tournaments/<slug>`: one tournament's desk: its facts, the one next step its status allows
//! (for those who organise), applying its check-in and cancelling it, its stages (planned,
//! added, removed and reseeded here: `stages`), and the way to its registrations, matches and
//! settings.

use super::super::i18n::{self, T};
use super::super::in_space::{InSpace, Tab, hidden};
use super::super::section::{Block, Cell, Form, Link, Notice, Page, Table};
use super::stages::{self, StagesView};
use super::{follow, tournament_path, tournament_url};
use crate::db::tournaments::TournamentRow;
use crate::domain::TournamentStatus;
use crate::domain::access::Duty;

/// A step of a tournament's life taken at the desk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    To(TournamentStatus),
    Start,
}

impl Step {
    /// As the step form sends it (`to`).
    pub fn as_text(self) -> &'static str {
        match self {
            Step::To(status) => status.as_str(),
            Step::Start => "start",
        }
    }
}

/// The one next step a tournament's status allows at the desk, as (the step, its button);
/// `Start` draws the first stage. `None` once it is in play or over.
pub fn next_step(status: TournamentStatus) -> Option<(Step, T)> {
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

/// The steps the desk offers from `status`: the next one, and, once registration is closed,
/// reopening it (which also undoes an applied check-in).
pub fn steps(status: TournamentStatus) -> Vec<(Step, T)> {
    let mut steps: Vec<(Step, T)> = next_step(status).into_iter().collect();
    if status == TournamentStatus::RegistrationClosed {
        steps.push((
            Step::To(TournamentStatus::RegistrationOpen),
            T::DeskReopenRegistration,
        ));
    }
    steps
}

/// Whether applying a tournament's check-in now means something: it has a window not applied
/// yet, and registration has opened (before that there is nobody to decide about) and the
/// tournament has not started.
pub fn check_in_applicable(tournament: &TournamentRow) -> bool {
    tournament.check_in_opens_before.is_some()
        && tournament.check_in_processed_at.is_none()
        && matches!(
            tournament.status,
            TournamentStatus::RegistrationOpen | TournamentStatus::RegistrationClosed
        )
}

/// Whether the tournament has not started (nor been cancelled).
pub fn before_start(status: TournamentStatus) -> bool {
    matches!(
        status,
        TournamentStatus::Draft
            | TournamentStatus::Announced
            | TournamentStatus::RegistrationOpen
            | TournamentStatus::RegistrationClosed
    )
}

pub fn page(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    stages: &StagesView,
    notice: Option<Notice>,
) -> Page {
    let t = |text: T| view.t(text);
    let locale = view.locale();
    let mut page = view.frame(Tab::Tournaments, T::DeskTitle, notice);
    page.title = tournament.name.clone();
    page.blocks = vec![Block::table(Table {
        caption: t(T::DeskFacts).into(),
        quiet_caption: false,
        heads: vec![String::new(), String::new()],
        rows: vec![
            vec![
                Cell::text(t(T::Status)),
                Cell::text(t(T::desk_status(tournament.status))),
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
    let organises = view.may(Duty::Organise);
    let action = |rest: &str| tournament_path(view, &tournament.slug, rest);
    let steps = if organises {
        steps(tournament.status)
    } else {
        Vec::new()
    };
    for (i, (step, label)) in steps.into_iter().enumerate() {
        let id = if i == 0 { "step" } else { "step-back" };
        let fields = vec![
            hidden(id, "from", tournament.status.as_str()),
            hidden(id, "to", step.as_text()),
        ];
        if i == 0 {
            page.blocks.push(Block::heading(t(T::DeskNextStep)));
        }
        page.blocks.push(Block::form(Form {
            id: id.into(),
            ..view.form(&action("step"), t(label), fields)
        }));
    }
    if organises {
        if check_in_applicable(tournament) {
            page.blocks.push(Block::form(Form {
                id: "apply-check-in".into(),
                ..view.form(
                    &action("apply-check-in"),
                    t(T::DeskApplyCheckIn),
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
                ..view.form(&action("cancel"), t(T::DeskCancel), Vec::new())
            }));
        }
    }
    page.blocks.extend(stages::blocks(view, tournament, stages));
    let mut tabs = vec![
        (T::DeskRegistrations, "registrations"),
        (T::DeskMatches, "matches"),
    ];
    if tournament.stations.is_some() {
        tabs.push((T::RoomLink, "room"));
    }
    if organises {
        tabs.push((T::DeskSettings, "settings"));
    }
    if tournament.status != TournamentStatus::Draft && !tournament.test {
        page.blocks.push(Block {
            link: Some(Link {
                text: t(T::DeskPublicPage).into(),
                url: view
                    .place
                    .base_url
                    .tournament_page(view.locale(), &tournament.slug),
            }),
            ..Block::default()
        });
    }
    for (text, rest) in tabs {
        page.blocks.push(Block {
            link: Some(Link {
                text: t(text).into(),
                url: tournament_url(view, &tournament.slug, rest),
            }),
            ..Block::default()
        });
    }
    follow(view, &tournament.slug, "", &mut page);
    page
}
