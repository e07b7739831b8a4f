//! The section's one request pipeline, the same for every page and form of a space: the scope is
//! loaded once (the space, the member's role in it, and the tournament when the route names one:
//! another space's is the same 404 as a missing one), the route's duty is checked against the
//! role (`routes::access`: a 403 page otherwise), a post's body is checked and decoded once into
//! [`Fields`], the handler runs the service operation, and one table turns what the operation
//! answered into what the person sees, on every page alike:
//!
//! | the operation answered | status | shown |
//! | --- | --- | --- |
//! | done | 303 | the page it leads to, saying what was done |
//! | a field it cannot read (`Invalid`, or the form's own reading) | 422 | the form again, the reason beside its field |
//! | a rule, or a form built on what changed since (`Rule`, `Conflict`) | 409 | the page again, with the reason |
//! | another space's, or missing (`NotFound`) | 404 | the portal's "not found" page |
//! | the role does not hold the duty (`Forbidden`) | 403 | the page saying whose it is |
//! | the database failed | 503 | "temporarily unavailable", `Retry-After` |
//!
//! Never runs an operation itself and never decides who may: the handlers call the service, the
//! routes' table names the duty, and the service checks both again in its transaction.

use std::future::Future;

use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::Response;

use super::session::Visitor;
use crate::db::tournaments::{self, TournamentRow};
use crate::http::App;
use crate::http::forms::{Fields, PostRefused};
use crate::http::html::{redirect, section_response};
use crate::http::refusal;
use crate::pages::i18n::T;
use crate::pages::in_space::{Confirm, InSpace, Tab, notice_of};
use crate::pages::portal::Place;
use crate::pages::section::{Notice, Page};
use crate::service::access::Member;
use crate::service::{Conflict, Ctx, Field, Invalid, ServiceError};

/// What a handler answers: a response, or a failure of the database (the 503 page).
pub(super) type Answer = Result<Response, ServiceError>;

/// A request to a space's page or form, its scope loaded once.
pub(super) struct Scope<'a> {
    pub app: &'a App,
    pub view: InSpace<'a>,
    pub visitor: &'a Visitor,
    pub member: Member,
    /// The request's query (a redirect's `done=`).
    pub query: &'a str,
}

impl Scope<'_> {
    /// The member's operations: their name in the audit log, and their space and role checked
    /// again by the operation.
    pub fn ctx(&self) -> Ctx<'_> {
        Ctx {
            base_url: &self.app.base_url,
            actor: &self.visitor.current.person.email,
            now: crate::timestamp::now_ms(),
            member: Some(self.member),
        }
    }

    pub fn t(&self, text: T) -> &'static str {
        self.view.t(text)
    }

    /// What a redirect's `done=` said was just done.
    pub fn done_notice(&self) -> Option<Notice> {
        notice_of(self.view.locale(), self.query)
    }

    /// `page` with `status`.
    pub fn respond(&self, status: StatusCode, page: &Page) -> Response {
        page_response(status, &self.view.place, page)
    }

    pub fn not_found(&self) -> Response {
        signed_in_not_found(&self.view.place, self.visitor, self.view.sign)
    }

    /// 303 back to a page of the space (`rest`) after a post, saying what was done (one of
    /// the notices `notice_of` knows).
    pub fn done(&self, rest: &str, what: &str) -> Response {
        let url = self.view.url(rest);
        redirect(&format!("{url}?done={what}"), StatusCode::SEE_OTHER)
    }

    /// The 403 page of a role that does not hold what a page or form needs.
    pub fn forbidden(&self) -> Response {
        let text = match self.view.may(crate::domain::access::Duty::Integrations) {
            true => T::OwnersOnly,
            false => T::ReportersDeskOnly,
        };
        let page = self.view.frame(
            Tab::Tournaments,
            T::DeskTitle,
            Some(Notice {
                text: self.t(text).into(),
                error: true,
            }),
        );
        self.respond(StatusCode::FORBIDDEN, &page)
    }

    /// The desk's second step before a post that cannot be undone: `question` (its `{name}`
    /// is `name`), a `button` that sends the post to `action` again confirmed, and a link back
    /// to `back` (a path of the space) that changes nothing.
    pub fn ask_first(
        &self,
        question: T,
        name: &str,
        button: T,
        action: &str,
        back: &str,
    ) -> Answer {
        let page = self.view.confirmation(Confirm {
            tab: Tab::Tournaments,
            question: self.t(question).replace("{name}", name),
            button,
            action,
            back,
        });
        Ok(self.respond(StatusCode::OK, &page))
    }

    /// The space's tournament `slug`, or `None` (another space's is the same as none).
    pub async fn tournament(&self, slug: &str) -> Result<Option<TournamentRow>, ServiceError> {
        let mut handle = self.app.db.acquire().await?;
        Ok(tournaments::find_by_slug(handle.conn(), slug)
            .await?
            .filter(|row| row.space_id == self.view.space.id))
    }

    /// The one table: what an operation answered, as the person sees it. `done` is where a
    /// success leads (a path of the space and what to say there); a refusal shows the page the
    /// form was on again (`again`), with `prefix` and the reason.
    pub async fn finish<Fut>(
        &self,
        outcome: Result<Done, ServiceError>,
        prefix: T,
        again: impl FnOnce(Problem) -> Fut,
    ) -> Answer
    where
        Fut: Future<Output = Answer>,
    {
        let error = match outcome {
            Ok(Done::To { rest, what, at }) => {
                let mut response = self.done(&rest, what);
                if let Some(at) = at
                    && let Some(location) = response.headers().get(header::LOCATION).cloned()
                    && let Ok(value) = HeaderValue::from_str(&format!(
                        "{}#{at}",
                        location.to_str().unwrap_or_default()
                    ))
                {
                    response.headers_mut().insert(header::LOCATION, value);
                }
                return Ok(response);
            }
            Ok(Done::Page(response)) => return Ok(response),
            Err(error) => error,
        };
        let status = match &error {
            ServiceError::NotFound(_) => return Ok(self.not_found()),
            ServiceError::Forbidden { .. } => return Ok(self.forbidden()),
            ServiceError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ServiceError::Rule(_) | ServiceError::Conflict(_) => StatusCode::CONFLICT,
            _ => return Err(error),
        };
        let reason = refusal::reason(&error, self.view.locale());
        again(Problem {
            status,
            notice: Notice {
                text: format!("{} {reason}", self.t(prefix)),
                error: true,
            },
            field: field_of(&error),
        })
        .await
    }

    /// A form that could not be read: the page again, 422, the reason beside its field.
    pub fn unreadable(&self, unreadable: Unreadable) -> Problem {
        Problem {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            notice: Notice {
                text: format!("{} {}", self.t(T::DeskNotDone), self.t(unreadable.text)),
                error: true,
            },
            field: Some(unreadable.field),
        }
    }
}

/// Where a successful post leads.
pub(super) enum Done {
    /// 303 to a page of the space (`rest`), saying `what` was done, at the element `at` (the
    /// row acted on, so a long page comes back where the person was).
    To {
        rest: String,
        what: &'static str,
        at: Option<String>,
    },
    /// An answer of its own (a secret shown once, a test's outcome).
    Page(Response),
}

impl Done {
    pub fn to(rest: impl Into<String>, what: &'static str) -> Done {
        Done::To {
            rest: rest.into(),
            what,
            at: None,
        }
    }

    /// The same page, come back to at the element `id`.
    pub fn at(self, id: String) -> Done {
        match self {
            Done::To { rest, what, .. } => Done::To {
                rest,
                what,
                at: Some(id),
            },
            page => page,
        }
    }
}

/// A refusal as the page shown again says it.
pub(super) struct Problem {
    pub status: StatusCode,
    pub notice: Notice,
    /// The form's field it belongs beside, if it names one.
    pub field: Option<&'static str>,
}

/// A form's field that could not be read: which, and what to say beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Unreadable {
    pub field: &'static str,
    pub text: T,
}

impl Unreadable {
    pub fn new(field: &'static str, text: T) -> Unreadable {
        Unreadable { field, text }
    }
}

/// The field of a desk form a service refusal belongs beside, if it names one.
fn field_of(error: &ServiceError) -> Option<&'static str> {
    use crate::domain::entry::EntryError;
    use crate::domain::settings::{Setting, SettingsError};
    use crate::pages::desk::fields as names;
    Some(match error {
        ServiceError::Invalid(Invalid::Entry(error)) => match error {
            EntryError::CheckInWindow => names::CHECK_IN_OPENS,
            EntryError::TeamSize => names::TEAM_SIZE,
            EntryError::WaitingList => names::WAITING_LIST,
        },
        ServiceError::Invalid(Invalid::SelfReport(_)) => names::SELF_REPORT,
        ServiceError::Invalid(Invalid::Roster(_)) => "players",
        ServiceError::Invalid(Invalid::Settings(error)) => match error {
            SettingsError::Capacity => "max_participants",
            SettingsError::OnlyFor { setting, .. } => match setting {
                Setting::ThirdPlace => "third_place",
                Setting::Rounds | Setting::Thresholds => "rounds",
                Setting::Points => "points",
            },
            SettingsError::GroupsTogether { .. }
            | SettingsError::GroupRange
            | SettingsError::PlayoffTooSmall
            | SettingsError::GroupsNeedPlaces { .. } => "groups",
            SettingsError::NoRounds | SettingsError::Thresholds => "rounds",
            SettingsError::PointsOrder => "points",
        },
        ServiceError::Invalid(Invalid::Field { field, .. }) => match field {
            Field::Slug => "slug",
            Field::Name | Field::ParticipantName => "name",
            Field::Game => "game",
            Field::Description => "description",
            Field::Email => "email",
            _ => return None,
        },
        ServiceError::Conflict(Conflict::TournamentExists { .. }) => "slug",
        _ => return None,
    })
}

/// The section's page at `place` with `status`.
pub(super) fn page_response(status: StatusCode, place: &Place<'_>, page: &Page) -> Response {
    section_response(status, crate::pages::section::render_page(place, page))
}

/// The "not found" of a signed-in person: the same page for a space, tournament or anything
/// else that does not exist and for one of another space (nothing tells them apart), with the
/// way back to their own spaces.
pub(super) fn signed_in_not_found(
    place: &Place<'_>,
    visitor: &Visitor,
    sign: crate::pages::in_space::Signer<'_>,
) -> Response {
    let locale = place.locale;
    let page = Page {
        title: T::NotFoundTitle.get(locale).into(),
        notice: Some(Notice {
            text: T::PageNotFoundBody.get(locale).into(),
            error: true,
        }),
        blocks: vec![crate::pages::section::Block {
            link: Some(crate::pages::section::Link {
                text: T::BackToYourSpaces.get(locale).into(),
                url: format!("{}/{locale}/account", place.base_url),
            }),
            ..Default::default()
        }],
        signed_in: Some((
            visitor.current.person.email.clone(),
            crate::pages::in_space::sign_out_form(place, sign),
        )),
        ..Page::default()
    };
    page_response(StatusCode::NOT_FOUND, place, &page)
}

/// The page a request that failed for want of the database gets: 503, and when to try again.
pub(super) fn unavailable(place: &Place<'_>) -> Response {
    let page = Page {
        title: T::UnavailableTitle.get(place.locale).into(),
        notice: Some(Notice {
            text: T::PageUnavailableBody.get(place.locale).into(),
            error: true,
        }),
        ..Page::default()
    };
    let mut response = page_response(StatusCode::SERVICE_UNAVAILABLE, place, &page);
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// The answer to a post refused before it was used (its size, origin or token).
pub(super) fn refused_post(
    place: &Place<'_>,
    visitor: &Visitor,
    sign_out: crate::pages::section::Form,
    refused: PostRefused,
) -> Response {
    let text = refused.text();
    let page = Page {
        title: T::NothingChanged.get(place.locale).into(),
        notice: Some(Notice {
            text: text.get(place.locale).into(),
            error: true,
        }),
        signed_in: Some((visitor.current.person.email.clone(), sign_out)),
        ..Page::default()
    };
    page_response(refused.status(), place, &page)
}

/// Reads a typed form from the fields a post sent.
pub(super) trait FromFields: Sized {
    fn from_fields(fields: &Fields) -> Result<Self, Unreadable>;
}
