//! The space's members page (`…/members`, owners only): each member with their role, a change
//! of role and Remove; an invitation's sign-in link just made, shown once; and the form that
//! invites someone.

use super::super::i18n::{self, T};
use super::super::in_space::{InSpace, Tab, input};
use super::super::section::{Block, Cell, Choice, Form, Input, Notice, Page, Table};
use super::heads;
use crate::db::people::MemberRow;
use crate::domain::Role;

/// The members page: the space's `members`, with `notice` and an invitation's `link` (shown on
/// this answer only).
pub fn page(
    view: &InSpace<'_>,
    members: &[MemberRow],
    notice: Option<Notice>,
    link: Option<String>,
) -> Page {
    let t = |text: T| view.t(text);
    let rows = members
        .iter()
        .map(|m| {
            vec![
                Cell::text(m.email.clone()),
                Cell::text(t(T::role(m.role))),
                Cell::text(i18n::date_time(view.locale(), m.added_at)),
                Cell::forms(actions(view, m)),
            ]
        })
        .collect();
    let mut page = view.frame(Tab::Members, T::MembersTitle, notice);
    page.blocks.extend(link.map(|link| {
        let warning = t(T::InvitationWarning).into();
        view.shown_once(T::InvitationLabel, link, warning, "invitation")
    }));
    page.blocks.push(Block::table(Table {
        caption: t(T::MembersTitle).into(),
        quiet_caption: false,
        heads: heads(
            view,
            &[T::EmailLabel, T::RoleHead, T::AddedHead, T::ActionsHead],
        ),
        rows,
        empty: None,
    }));
    page.blocks.push(Block::heading(t(T::Invite)));
    let mut form = view.form(&view.path("members"), t(T::Invite), Vec::new());
    let mut email = input(&form.id, "email", t(T::EmailLabel), "email");
    email.required = true;
    email.max_length = crate::domain::email::MAX_LEN;
    form.fields.push(email);
    form.fields
        .push(role_select(view, &form.id, Role::Administrator));
    page.blocks.push(Block::form(form));
    page
}

/// A member's change of role and Remove.
fn actions(view: &InSpace<'_>, member: &MemberRow) -> Vec<Form> {
    let base = format!("members/{}", member.person_id);
    let role = view.path(&format!("{base}/role"));
    let mut change = view.form(&role, view.t(T::ChangeRole), Vec::new());
    change
        .fields
        .push(role_select(view, &change.id, member.role));
    change.inline = true;
    let remove = view.path(&format!("{base}/remove"));
    let remove = Form {
        inline: true,
        danger: true,
        ..view.form(&remove, view.t(T::RemoveMember), Vec::new())
    };
    vec![change, remove]
}

/// The choice of a role (`role`), `chosen` selected.
fn role_select(view: &InSpace<'_>, form_id: &str, chosen: Role) -> Input {
    let mut field = input(form_id, "role", view.t(T::RoleHead), "select");
    field.select = true;
    field.options = [Role::Administrator, Role::Reporter, Role::Owner]
        .iter()
        .map(|role| Choice {
            value: role.as_str().into(),
            label: view.t(T::role(*role)).into(),
            selected: *role == chosen,
        })
        .collect();
    field
}
