//! The space's members (owners only): the list, inviting someone (the sign-in link shown once,
//! valid a week), changing a role, removing a member. A space never loses its last owner.

use warp::http::StatusCode;

use super::pipeline::{Answer, Scope};
use super::routes::MemberAction;
use crate::db::people;
use crate::domain::Role;
use crate::http::forms::Fields;
use crate::ids::PersonId;
use crate::pages::i18n::T;
use crate::pages::in_space::{Confirm, InSpace, Tab};
use crate::pages::integrations::members as members_page;
use crate::pages::section::Notice;
use crate::service::{self, Conflict, ServiceError};

/// The members page, with an invitation's link just made, or a problem.
pub(super) async fn page(
    scope: &Scope<'_>,
    shown: Option<(StatusCode, Result<String, Notice>)>,
) -> Answer {
    let members = {
        let mut handle = scope.app.db.acquire().await?;
        people::members(handle.conn(), scope.view.space.id).await?
    };
    let (status, notice, link) = match shown {
        Some((status, Ok(link))) => (status, None, Some(link)),
        Some((status, Err(notice))) => (status, Some(notice), None),
        None => (StatusCode::OK, scope.done_notice(), None),
    };
    let page = members_page::page(&scope.view, &members, notice, link);
    Ok(scope.respond(status, &page))
}

/// The notice of a refused member operation, with its status.
fn refusal(
    in_space: &InSpace<'_>,
    error: ServiceError,
) -> Result<(StatusCode, Notice), ServiceError> {
    let (status, text) = match &error {
        ServiceError::Conflict(Conflict::LastOwner { .. }) => (StatusCode::CONFLICT, T::LastOwner),
        ServiceError::Conflict(Conflict::AlreadyMember { .. }) => {
            (StatusCode::CONFLICT, T::AlreadyMember)
        }
        ServiceError::Invalid(_) => (StatusCode::UNPROCESSABLE_ENTITY, T::ErrEmailInvalid),
        ServiceError::NotFound(_) => (StatusCode::NOT_FOUND, T::MemberGone),
        _ => return Err(error),
    };
    Ok((
        status,
        Notice {
            text: in_space.t(text).into(),
            error: true,
        },
    ))
}

/// The members' page again, saying that the role sent is not one of the roles (422).
async fn role_refused(scope: &Scope<'_>) -> Answer {
    let notice = Notice {
        text: scope.t(T::RoleInvalid).into(),
        error: true,
    };
    page(scope, Some((StatusCode::UNPROCESSABLE_ENTITY, Err(notice)))).await
}

/// `POST …/members`: invites a person; the link is shown on this answer only.
pub(super) async fn invite(scope: &Scope<'_>, fields: &Fields) -> Answer {
    let Ok(role) = fields.get("role").parse::<Role>() else {
        return role_refused(scope).await;
    };
    let slug = &scope.view.space.slug;
    let added = service::members::add(
        &scope.app.db,
        &scope.ctx(),
        slug,
        fields.get("email"),
        role,
        true,
    )
    .await;
    let shown = match added {
        Ok(added) => {
            let token = added.link.unwrap_or_default();
            let link = format!(
                "{}/{}/sign-in/{token}",
                scope.app.base_url,
                scope.view.locale()
            );
            (StatusCode::OK, Ok(link))
        }
        Err(error) => {
            let (status, notice) = refusal(&scope.view, error)?;
            (status, Err(notice))
        }
    };
    page(scope, Some(shown)).await
}

/// `POST …/members/<person>/role|remove`.
pub(super) async fn act(
    scope: &Scope<'_>,
    person: &str,
    action: MemberAction,
    fields: &Fields,
) -> Answer {
    let in_space = &scope.view;
    let Ok(person) = person.parse::<PersonId>() else {
        return Ok(scope.not_found());
    };
    let member = {
        let mut handle = scope.app.db.acquire().await?;
        people::members(handle.conn(), in_space.space.id)
            .await?
            .into_iter()
            .find(|m| m.person_id == person)
    };
    let Some(member) = member else {
        return Ok(scope.not_found());
    };
    if action == MemberAction::Remove && !fields.confirmed() {
        let action = in_space.path(&format!("members/{person}/remove"));
        let page = in_space.confirmation(Confirm {
            tab: Tab::Members,
            question: in_space
                .t(T::ConfirmRemoveMember)
                .replace("{email}", &member.email),
            button: T::RemoveMember,
            action: &action,
            back: "members",
        });
        return Ok(scope.respond(StatusCode::OK, &page));
    }
    let (db, ctx, slug) = (&scope.app.db, scope.ctx(), &in_space.space.slug);
    let result = match action {
        MemberAction::Role => match fields.get("role").parse::<Role>() {
            Ok(role) => service::members::set_role(db, &ctx, slug, &member.email, role)
                .await
                .map(|_| "role-changed"),
            Err(_) => return role_refused(scope).await,
        },
        MemberAction::Remove => service::members::remove(db, &ctx, slug, &member.email)
            .await
            .map(|_| "member-removed"),
    };
    match result {
        Ok(what) => Ok(scope.done("members", what)),
        Err(error) => {
            let (status, notice) = refusal(in_space, error)?;
            page(scope, Some((status, Err(notice)))).await
        }
    }
}
