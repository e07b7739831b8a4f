//! The section's API keys page (`…/integrations/keys`): the list (name, prefix, created, by
//! whom, last used, state) with Revoke and Roll (with a grace) on each key that works, a key
//! just made shown once, and the form that creates one.

use super::super::i18n::T;
use super::super::in_space::{InSpace, Tab, input};
use super::super::section::{Block, Cell, Form, Notice, Page, Table};
use super::{GRACES, heads, when};
use crate::api_keys::MAX_ACTIVE_PER_SPACE;
use crate::db::api_keys::ApiKeyRow;
use crate::ids::KeyId;

/// The keys page at `now`: the space's `keys`, when each was `used` last, with `notice` and a
/// key just made (`made`, shown on this answer only).
pub fn page(
    view: &InSpace<'_>,
    keys: &[ApiKeyRow],
    used: &[(KeyId, i64)],
    now: i64,
    notice: Option<Notice>,
    made: Option<String>,
) -> Page {
    let t = |text: T| view.t(text);
    let rows = keys
        .iter()
        .map(|key| {
            let last = used.iter().find(|(id, _)| *id == key.id).map(|(_, at)| *at);
            vec![
                Cell::text(key.name.clone().unwrap_or_default()),
                Cell::code(format!("{}…", key.prefix)),
                Cell::text(when(view, Some(key.created_at))),
                Cell::text(key.created_by.clone().unwrap_or_default()),
                Cell::text(when(view, last)),
                Cell::text(state(view, key, now)),
                Cell::forms(actions(view, key, now)),
            ]
        })
        .collect();
    let mut page = view.frame(Tab::Keys, T::KeysTitle, notice);
    page.blocks.extend(
        made.map(|key| {
            view.shown_once(T::NewKeyLabel, key, t(T::SecretShownOnce).into(), "new-key")
        }),
    );
    page.blocks.push(Block::table(Table {
        caption: t(T::KeysTitle).into(),
        quiet_caption: false,
        heads: heads(
            view,
            &[
                T::NameHead,
                T::KeyHead,
                T::CreatedHead,
                T::CreatedByHead,
                T::LastUsedHead,
                T::StateHead,
                T::ActionsHead,
            ],
        ),
        rows,
        empty: keys.is_empty().then(|| t(T::NoKeys).into()),
    }));
    page.blocks.push(Block::heading(t(T::CreateKey)));
    page.blocks.push(Block::text(
        t(T::KeyLimit).replace("{n}", &MAX_ACTIVE_PER_SPACE.to_string()),
    ));
    let create = view.path("integrations/keys");
    let mut form = view.form(&create, t(T::CreateKey), Vec::new());
    let mut name = input(&form.id, "name", t(T::KeyNameLabel), "text");
    name.max_length = crate::domain::names::NAME_MAX_CHARS;
    name.hint = Some(t(T::KeyNameHint).into());
    form.fields.push(name);
    page.blocks.push(Block::form(form));
    page
}

/// A key's state at `now` in words: active, working until its grace ends, or revoked since.
fn state(view: &InSpace<'_>, key: &ApiKeyRow, now: i64) -> String {
    match (key.revoked_at, key.expires_at) {
        (Some(at), _) => format!("{} {}", view.t(T::KeyRevokedAt), when(view, Some(at))),
        (None, Some(at)) if at <= now => {
            format!("{} {}", view.t(T::KeyRevokedAt), when(view, Some(at)))
        }
        (None, Some(at)) => format!("{} {}", view.t(T::KeyWorksUntil), when(view, Some(at))),
        (None, None) => view.t(T::KeyActive).into(),
    }
}

/// Revoke on a key that works, and Roll on one not already rolled.
fn actions(view: &InSpace<'_>, key: &ApiKeyRow, now: i64) -> Vec<Form> {
    let t = |text: T| view.t(text);
    let mut actions = Vec::new();
    if !key.works_at(now) {
        return actions;
    }
    let revoke = view.path(&format!("integrations/keys/{}/revoke", key.id));
    actions.push(Form {
        inline: true,
        danger: true,
        ..view.form(&revoke, t(T::Revoke), Vec::new())
    });
    if key.expires_at.is_none() {
        let roll = view.path(&format!("integrations/keys/{}/roll", key.id));
        let mut form = view.form(&roll, t(T::Roll), Vec::new());
        let grace = view.select(&form.id, "grace", T::GraceLabel, &GRACES, 3_600_000);
        form.fields.push(grace);
        form.inline = true;
        actions.push(form);
    }
    actions
}
