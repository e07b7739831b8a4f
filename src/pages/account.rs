//! A person's own pages: signing in (by password, or by a single-use link and its confirming
//! click, or the link already used), and the account page (`/<locale>/account`): the spaces
//! they manage with their role in each, the password form (asking for the current password
//! unless they came by a link), and signing out everywhere else.
//!
//! Pure: pages from the data given; the HTTP layer reads the person and makes the forms'
//! tokens.

use super::i18n::T;
use super::in_space::{Signer, input, sign_out_form, signed_form};
use super::portal::Place;
use super::section::{Block, Cell, Form, Link, Notice, Page, Table};
use crate::db::people::Membership;
use crate::domain::Locale;
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

/// `/<locale>/sign-in`, the sign-in page's path.
pub fn sign_in_path(locale: Locale) -> String {
    format!("/{locale}/sign-in")
}

/// The sign-in form as the page shows it: its token, the address typed and where it leads.
pub struct SignInForm<'a> {
    pub token: String,
    pub email: &'a str,
    /// The path of the page a person is taken to once signed in ("" for their account).
    pub next: &'a str,
}

/// The sign-in page with `notice`.
pub fn sign_in(place: &Place<'_>, form: SignInForm<'_>, notice: Option<Notice>) -> Page {
    let t = |text: T| text.get(place.locale);
    let id = "sign-in";
    let mut email = input(id, "email", t(T::EmailLabel), "email");
    email.value = form.email.into();
    email.autocomplete = "username";
    email.required = true;
    email.max_length = crate::domain::email::MAX_LEN;
    let mut password = input(id, "password", t(T::PasswordLabel), "password");
    password.autocomplete = "current-password";
    password.required = true;
    password.max_length = *PASSWORD_CHARS.end();
    let mut back = input(id, "next", "", "hidden");
    back.hidden = true;
    back.value = form.next.into();
    let form = Form {
        action: format!("{}{}", place.base_url, sign_in_path(place.locale)),
        token: form.token,
        fields: vec![email, password, back],
        submit: t(T::SignInButton).into(),
        id: id.into(),
        ..Form::default()
    };
    Page {
        title: t(T::SignInTitle).into(),
        notice,
        blocks: vec![Block::form(form), Block::text(t(T::SignInHelp))],
        ..Page::default()
    }
}

/// The page a sign-in link opens: who it signs in, and the button that uses it (posting to
/// `path` with `token`), so that a mail scanner opening the link uses nothing.
pub fn link(place: &Place<'_>, email: &str, path: &str, token: String) -> Page {
    let t = |text: T| text.get(place.locale);
    let form = Form {
        action: format!("{}{path}", place.base_url),
        token,
        submit: t(T::SignInButton).into(),
        id: "link".into(),
        ..Form::default()
    };
    Page {
        title: t(T::SignInTitle).into(),
        blocks: vec![
            Block::text(t(T::SignInAs).replace("{email}", email)),
            Block::form(form),
        ],
        ..Page::default()
    }
}

/// A sign-in link used, expired or never made: says so, and leads to the sign-in page.
pub fn link_used(place: &Place<'_>) -> Page {
    let t = |text: T| text.get(place.locale);
    Page {
        title: t(T::LinkInvalidTitle).into(),
        notice: Some(Notice {
            text: t(T::SignInLinkUsed).into(),
            error: true,
        }),
        blocks: vec![Block {
            link: Some(Link {
                text: t(T::SignInTitle).into(),
                url: format!("{}{}", place.base_url, sign_in_path(place.locale)),
            }),
            ..Block::default()
        }],
        ..Page::default()
    }
}
