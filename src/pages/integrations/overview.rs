//! The section's first page, `/<locale>/organizer/<space>/integrations`: what the section is,
//! the space's webhook addresses with the form that adds one, and the space's recent audit
//! entries, oldest of them first.

use super::super::i18n::{self, T};
use super::super::in_space::{InSpace, Tab};
use super::super::section::{Block, Cell, Notice, Page, Table};
use super::addresses::{self, AddValues};
use super::heads;
use crate::db::audit::AuditRow;
use crate::db::hooks::HookRow;

/// The overview with `notice`, the space's `hooks`, the add form holding `sent`, and the
/// space's newest audit `entries` (newest first, as read).
pub fn page(
    view: &InSpace<'_>,
    hooks: &[HookRow],
    sent: &AddValues,
    entries: &[AuditRow],
    notice: Option<Notice>,
) -> Page {
    let t = |text: T| view.t(text);
    let locale = view.locale();
    let mut page = view.frame(Tab::Overview, T::SectionTitle, notice);
    page.blocks.push(Block::text(t(T::SectionIntro)));
    page.blocks
        .extend(addresses::list_blocks(view, hooks, sent));
    page.blocks.push(Block::heading(t(T::AuditTitle)));
    page.blocks.push(Block::table(Table {
        caption: t(T::AuditTitle).into(),
        quiet_caption: true,
        heads: heads(view, &[T::WhenHead, T::WhoHead, T::WhatHead, T::TargetHead]),
        rows: entries
            .iter()
            .rev()
            .map(|e| {
                vec![
                    Cell::text(i18n::date_time(locale, e.created_at)),
                    Cell::text(
                        T::actor(&e.actor)
                            .map_or_else(|| e.actor.clone(), |t| t.get(locale).to_owned()),
                    ),
                    Cell::code(e.action.clone()),
                    Cell::code(e.target.clone().unwrap_or_default()),
                ]
            })
            .collect(),
        empty: entries.is_empty().then(|| t(T::NoAudit).into()),
    }));
    page
}
