//! A page of a space as one of its members sees it: where it is, the space, what the member's
//! role lets them do (asked of the one table of duties, `domain::access`), who they are, and how
//! the page's forms are signed. Draws the section's frame (the tabs a member may use, the
//! signed-in header), forms, the second step of a post that cannot be undone, and the notices
//! a redirect names.
//!
//! Pure: the caller reads the data and signs the tokens; nothing here reads storage or decides
//! whether an action is allowed (the operation decides, again, when a form is sent).

use super::i18n::T;
use super::portal::Place;
use super::section::{Block, Choice, Form, Input, Link, Nav, Notice, Page, Secret};
use crate::db::spaces::SpaceRow;
use crate::domain::access::Duty;
use crate::domain::{Locale, Role};

/// Signs the token of a form posting to a path of this site, bound to the visitor's session.
pub type Signer<'a> = &'a (dyn Fn(&str) -> String + Sync);

/// A page of a space, as its member sees it.
#[derive(Clone, Copy)]
pub struct InSpace<'a> {
    pub place: Place<'a>,
    pub space: &'a SpaceRow,
    pub role: Role,
    /// Who is signed in (their address), in the page's header.
    pub person: &'a str,
    pub sign: Signer<'a>,
}

/// The tabs of a space's section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Tournaments,
    Stations,
    Overview,
    Keys,
    Hooks,
    Widgets,
    Members,
}

impl<'a> InSpace<'a> {
    /// `/<locale>/organizer/<space>/<rest>`: a path forms post to and tokens are bound to.
    pub fn path(&self, rest: &str) -> String {
        let rest = if rest.is_empty() {
            String::new()
        } else {
            format!("/{rest}")
        };
        format!("/{}/organizer/{}{rest}", self.place.locale, self.space.slug)
    }

    /// The full URL of [`InSpace::path`].
    pub fn url(&self, rest: &str) -> String {
        format!("{}{}", self.place.base_url, self.path(rest))
    }

    pub fn locale(&self) -> Locale {
        self.place.locale
    }

    /// The full URL of a public page of the portal, `/<locale>/<rest>`, in the member's
    /// language (a venue screen, a tournament's page).
    pub fn public_url(&self, rest: &str) -> String {
        format!("{}/{}/{rest}", self.place.base_url, self.place.locale)
    }

    pub fn t(&self, text: T) -> &'static str {
        text.get(self.place.locale)
    }

    /// Whether the member's role holds `duty`: a page offers only the forms its reader may send.
    pub fn may(&self, duty: Duty) -> bool {
        duty.held_by(self.role)
    }

    /// A form posting to the path `action` (see [`InSpace::path`]) with its token.
    pub fn form(&self, action: &str, submit: impl Into<String>, fields: Vec<Input>) -> Form {
        signed_form(&self.place, self.sign, action, submit, fields)
    }

    /// A page of the space with its tabs (those the member may use) and the signed-in person.
    pub fn frame(&self, tab: Tab, title: T, notice: Option<Notice>) -> Page {
        let mut tabs = vec![
            (Tab::Tournaments, T::DeskTitle, "tournaments"),
            (Tab::Stations, T::StationsTitle, "stations"),
        ];
        if self.may(Duty::Integrations) {
            tabs.extend([
                (Tab::Overview, T::SectionTitle, "integrations"),
                (Tab::Keys, T::KeysTitle, "integrations/keys"),
                (Tab::Widgets, T::WidgetsTitle, "integrations/widgets"),
            ]);
        }
        if self.may(Duty::Members) {
            tabs.push((Tab::Members, T::MembersTitle, "members"));
        }
        let nav = tabs
            .into_iter()
            .map(|(t, label, rest)| Nav {
                label: self.t(label).into(),
                url: self.url(rest),
                current: t == tab || (tab == Tab::Hooks && t == Tab::Overview),
            })
            .collect();
        Page {
            title: self.t(title).into(),
            context: Some(self.space.name.clone()),
            nav,
            notice,
            blocks: Vec::new(),
            signed_in: Some((
                self.person.to_owned(),
                sign_out_form(&self.place, self.sign),
            )),
            live: None,
        }
    }

    /// The second step of a post that cannot be undone (revoke, remove, withdraw, cancel),
    /// without script: the question and a button that sends the same post again with
    /// `confirm=yes`, and a link back that changes nothing.
    pub fn confirmation(&self, ask: Confirm<'_>) -> Page {
        let mut yes = input("confirm", "confirm", "", "hidden");
        yes.hidden = true;
        yes.value = "yes".into();
        let form = Form {
            id: "confirm".into(),
            danger: true,
            ..self.form(ask.action, self.t(ask.button), vec![yes])
        };
        let mut page = self.frame(ask.tab, T::ConfirmTitle, None);
        page.blocks = vec![
            Block::text(ask.question),
            Block::form(form),
            Block {
                link: Some(Link {
                    text: self.t(T::ConfirmCancel).into(),
                    url: self.url(ask.back),
                }),
                ..Block::default()
            },
        ];
        page
    }

    /// A select of `choices` (values and their labels) with `selected` chosen.
    pub fn select(
        &self,
        form_id: &str,
        name: &str,
        label: T,
        choices: &[(i64, T)],
        selected: i64,
    ) -> Input {
        let mut field = input(form_id, name, self.t(label), "select");
        field.select = true;
        field.options = choices
            .iter()
            .map(|(value, text)| Choice {
                value: value.to_string(),
                label: self.t(*text).into(),
                selected: *value == selected,
            })
            .collect();
        field
    }

    /// A secret shown on this answer only, with its copy button and `warning`.
    pub fn shown_once(&self, label: T, value: String, warning: String, id: &str) -> Block {
        Block {
            secret: Some(Secret {
                label: self.t(label).into(),
                value,
                warning,
                id: id.into(),
                copy: self.t(T::Copy).into(),
                copied: self.t(T::Copied).into(),
            }),
            ..Block::default()
        }
    }
}

/// What a confirmation asks: `question`, on the page of `tab`; `button` sends the post to
/// `action` again, and the way back leads to `back` (a path of the space).
pub struct Confirm<'a> {
    pub tab: Tab,
    pub question: String,
    pub button: T,
    pub action: &'a str,
    pub back: &'a str,
}

/// An input of `kind` named `name` in the form `form_id`.
pub fn input(form_id: &str, name: &str, label: &str, kind: &'static str) -> Input {
    Input {
        id: format!("{form_id}-{name}"),
        name: name.into(),
        label: label.into(),
        kind,
        ..Input::default()
    }
}

/// A hidden input holding `value`.
pub fn hidden(form_id: &str, name: &str, value: impl Into<String>) -> Input {
    let mut field = input(form_id, name, "", "hidden");
    field.hidden = true;
    field.value = value.into();
    field
}

/// A form of a signed-in page posting to the path `action`, with the token `sign` gives it.
pub fn signed_form(
    place: &Place<'_>,
    sign: Signer<'_>,
    action: &str,
    submit: impl Into<String>,
    fields: Vec<Input>,
) -> Form {
    Form {
        token: sign(action),
        id: action.trim_start_matches('/').replace('/', "-"),
        action: format!("{}{action}", place.base_url),
        fields,
        submit: submit.into(),
        ..Form::default()
    }
}

/// The sign-out button every signed-in page carries.
pub fn sign_out_form(place: &Place<'_>, sign: Signer<'_>) -> Form {
    let action = format!("/{}/sign-out", place.locale);
    Form {
        inline: true,
        ..signed_form(
            place,
            sign,
            &action,
            T::SignOut.get(place.locale),
            Vec::new(),
        )
    }
}

/// The notice a redirect's `done=` names (what was just done); anything else shows none.
pub fn notice_of(locale: Locale, query: &str) -> Option<Notice> {
    let what = url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "done")
        .map(|(_, v)| v.into_owned())?;
    let text = match what.as_str() {
        "key-revoked" => T::DoneKeyRevoked,
        "hook-disabled" => T::DoneHookDisabled,
        "hook-enabled" => T::DoneHookEnabled,
        "hook-signing" => T::DoneSigning,
        "hook-removed" => T::DoneHookRemoved,
        "retried" => T::DoneRetried,
        "role-changed" => T::DoneRoleChanged,
        "member-removed" => T::DoneMemberRemoved,
        "password-set" => T::DonePasswordSet,
        "signed-out-others" => T::DoneSignedOutOthers,
        "reported" => T::DoneReported,
        "step-taken" => T::DoneStepTaken,
        "created" => T::DoneCreated,
        "added" => T::DoneAdded,
        "corrected" => T::DoneCorrected,
        "check-in-applied" => T::DoneCheckInApplied,
        "cancelled" => T::DoneCancelled,
        "saved" => T::DoneSaved,
        "checked-in" => T::DoneCheckedIn,
        "withdrawn" => T::DoneWithdrawn,
        "seeded" => T::DoneSeeded,
        "stage-added" => T::DoneStageAdded,
        "stage-removed" => T::DoneStageRemoved,
        "stage-seeded" => T::DoneStageSeeded,
        "called" => T::DoneCalled,
        "called-early" => T::DoneCalledEarly,
        "started" => T::DoneStarted,
        "uncalled" => T::DoneUncalled,
        "forfeit" => T::DoneForfeit,
        "stations-added" => T::DoneStationsAdded,
        "station-paused" => T::DoneStationPaused,
        "station-resumed" => T::DoneStationResumed,
        "station-removed" => T::DoneStationRemoved,
        "place-saved" => T::DonePlaceSaved,
        _ => return None,
    };
    Some(Notice {
        text: text.get(locale).into(),
        error: false,
    })
}
