//! `…/tournaments`: the space's tournaments, newest first, each with its status, start, field
//! and the next step where it is taken; "New tournament" for those who organise.

use super::super::i18n::{self, T};
use super::super::in_space::{InSpace, Tab};
use super::super::section::{Block, Cell, Link, Notice, Page, Table};
use super::tournament::next_step;
use super::tournament_url;
use crate::db::tournaments::TournamentRow;
use crate::domain::TournamentStatus;
use crate::domain::access::Duty;

pub fn page(view: &InSpace<'_>, rows: &[TournamentRow], notice: Option<Notice>) -> Page {
    let t = |text: T| view.t(text);
    let locale = view.locale();
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
                let page = |rest: &str| tournament_url(view, &row.slug, rest);
                // The next step where it is taken: a tournament in play at its matches, the
                // others' steps on their page (for those who organise).
                let next = match next_step(row.status) {
                    _ if row.status == TournamentStatus::InProgress => {
                        Cell::link(t(T::DeskReportResults), page("matches"))
                    }
                    Some((_, label)) if view.may(Duty::Organise) => Cell::link(t(label), page("")),
                    _ => Cell::text(""),
                };
                vec![
                    Cell::link(row.name.clone(), page("")),
                    Cell::text(t(T::desk_status(row.status))),
                    Cell::text(i18n::date_time(locale, row.starts_at)),
                    Cell::text(format!("{} / {}", row.field_size, row.max_participants)),
                    next,
                ]
            })
            .collect(),
        empty: rows.is_empty().then(|| t(T::DeskNoTournaments).into()),
    };
    let mut page = view.frame(Tab::Tournaments, T::DeskTitle, notice);
    if view.may(Duty::Organise) {
        page.blocks.push(Block {
            link: Some(Link {
                text: t(T::NewTitle).into(),
                url: view.url("tournaments/new"),
            }),
            ..Block::default()
        });
    }
    page.blocks.push(Block::table(table));
    page
}
