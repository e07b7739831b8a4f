//! A signed-in person's account page (`/<locale>/account`): the spaces they manage with their
//! role in each, the password form (asking for the current password unless they came by a
//! link), and signing out everywhere else.
//!
//! Pure: the page from the data given; the HTTP layer reads the person and signs the forms.

use super::i18n::T;
use super::in_space::{Signer, input, sign_out_form, signed_form};
use super::portal::Place;
use super::section::{Block, Cell, Form, Notice, Page, Table};
use crate::db::people::Membership;
use crate::service::sign_in::PASSWORD_CHARS;

/// Whose account: their address, their spaces and how they signed in.
pub struct Account<'a> {
    pub email: &'a str,
    pub memberships: &'a [Membership],
    /// Signed in by a single-use link: a new password needs no current one.
    pub by_link: bool,
    pub has_password: bool,
}

/// The account page with `notice`; `error` is said beside the new password.
pub fn page(
    place: &Place<'_>,
    sign: Signer<'_>,
    account: &Account<'_>,
    notice: Option<Notice>,
    error: Option<String>,
) -> Page {
    let locale = place.locale;
    let t = |text: T| text.get(locale);
    let rows = account
        .memberships
        .iter()
        .map(|m| {
            vec![
                Cell::link(
                    m.name.clone(),
                    format!(
                        "{}/{locale}/organizer/{}/tournaments",
                        place.base_url, m.slug
                    ),
                ),
                Cell::text(t(T::role(m.role))),
            ]
        })
        .collect();
    let sign_out_others = Form {
        id: "sign-out-others".into(),
        ..signed_form(
            place,
            sign,
            &format!("/{locale}/account/sign-out-others"),
            t(T::SignOutOthers),
            Vec::new(),
        )
    };
    Page {
        title: t(T::AccountTitle).into(),
        notice,
        blocks: vec![
            Block::table(Table {
                caption: t(T::YourSpaces).into(),
                quiet_caption: false,
                heads: vec![t(T::SpaceHead).into(), t(T::RoleHead).into()],
                rows,
                empty: account
                    .memberships
                    .is_empty()
                    .then(|| t(T::NoManagedSpaces).into()),
            }),
            Block::heading(t(T::PasswordTitle)),
            Block::text(if account.has_password {
                t(T::PasswordIsSet)
            } else {
                t(T::PasswordNotSet)
            }),
            Block::form(password_form(place, sign, account, error)),
            Block::heading(t(T::SessionsTitle)),
            Block::text(t(T::SessionsHelp)),
            Block::form(sign_out_others),
        ],
        signed_in: Some((account.email.to_owned(), sign_out_form(place, sign))),
        ..Page::default()
    }
}

/// The password form: the current password (unless signed in by a link) and the new one.
fn password_form(
    place: &Place<'_>,
    sign: Signer<'_>,
    account: &Account<'_>,
    error: Option<String>,
) -> Form {
    let t = |text: T| text.get(place.locale);
    let id = "password";
    let mut fields = Vec::new();
    if !account.by_link {
        let mut current = input(id, "current", t(T::CurrentPasswordLabel), "password");
        current.autocomplete = "current-password";
        current.required = true;
        fields.push(current);
    }
    let mut new = input(id, "new", t(T::NewPasswordLabel), "password");
    new.autocomplete = "new-password";
    new.required = true;
    new.hint = Some(t(T::PasswordHint).into());
    new.max_length = *PASSWORD_CHARS.end();
    new.error = error;
    fields.push(new);
    let path = format!("/{}/account/password", place.locale);
    Form {
        id: id.into(),
        ..signed_form(place, sign, &path, t(T::SetPassword), fields)
    }
}
