//! The space's members (owners only): the list, inviting someone (the sign-in link shown once,
//! valid a week), changing a role, removing a member. A space never loses its last owner.

use warp::http::StatusCode;

use super::{
    Answer, InSpace, Tab, Visitor, done, frame, input, notice_of, page_response, shown_once,
};
use crate::db::people;
use crate::domain::Role;
use crate::http::App;
use crate::http::forms;
use crate::ids::PersonId;
use crate::pages::i18n::{self, T};
use crate::pages::section::{Block, Cell, Choice, Form, Notice, Table};
use crate::service::{self, Conflict, ServiceError};

fn role_name(in_space: &InSpace<'_>, role: Role) -> &'static str {
    match role {
        Role::Owner => in_space.t(T::RoleOwner),
        Role::Administrator => in_space.t(T::RoleAdministrator),
        Role::Reporter => in_space.t(T::RoleReporter),
    }
}

fn role_select(
    in_space: &InSpace<'_>,
    form_id: &str,
    chosen: Role,
) -> crate::pages::section::Input {
    let mut field = input(form_id, "role", in_space.t(T::RoleHead), "select");
    field.select = true;
    field.options = [Role::Administrator, Role::Reporter, Role::Owner]
        .iter()
        .map(|role| Choice {
            value: role.as_str().into(),
            label: role_name(in_space, *role).into(),
            selected: *role == chosen,
        })
        .collect();
    field
}

/// The members page, with an invitation's link just made, or a problem.
pub(super) async fn page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    query: &str,
    shown: Option<(StatusCode, Result<String, Notice>)>,
) -> Answer {
    let t = |text: T| in_space.t(text);
    let locale = in_space.place.locale;
    let members = {
        let mut handle = app.db.acquire().await?;
        people::members(handle.conn(), in_space.space.id).await?
    };
    let rows = members
        .iter()
        .map(|m| {
            let base = format!("members/{}", m.person_id);
            let mut change = visitor.form(
                app,
                &in_space.path(&format!("{base}/role")),
                t(T::ChangeRole).into(),
                Vec::new(),
            );
            change
                .fields
                .push(role_select(in_space, &change.id, m.role));
            change.inline = true;
            let remove = Form {
                inline: true,
                danger: true,
                ..visitor.form(
                    app,
                    &in_space.path(&format!("{base}/remove")),
                    t(T::RemoveMember).into(),
                    Vec::new(),
                )
            };
            vec![
                Cell::text(m.email.clone()),
                Cell::text(role_name(in_space, m.role)),
                Cell::text(i18n::date_time(locale, m.added_at)),
                Cell::forms(vec![change, remove]),
            ]
        })
        .collect();
    let (status, notice, secret) = match shown {
        Some((status, Ok(link))) => (
            status,
            None,
            Some(shown_once(
                in_space,
                T::InvitationLabel,
                link,
                t(T::InvitationWarning).into(),
                "invitation",
            )),
        ),
        Some((status, Err(notice))) => (status, Some(notice), None),
        None => (StatusCode::OK, notice_of(locale, query), None),
    };
    let mut page = frame(
        app,
        in_space,
        visitor,
        Tab::Members,
        T::MembersTitle,
        notice,
    );
    page.blocks.extend(secret);
    page.blocks.push(Block::table(Table {
        caption: t(T::MembersTitle).into(),
        quiet_caption: false,
        heads: [T::EmailLabel, T::RoleHead, T::AddedHead, T::ActionsHead]
            .iter()
            .map(|h| t(*h).into())
            .collect(),
        rows,
        empty: None,
    }));
    page.blocks.push(Block::heading(t(T::Invite)));
    let mut form = visitor.form(
        app,
        &in_space.path("members"),
        t(T::Invite).into(),
        Vec::new(),
    );
    let mut email = input(&form.id, "email", t(T::EmailLabel), "email");
    email.required = true;
    email.max_length = crate::domain::email::MAX_LEN;
    form.fields.push(email);
    form.fields
        .push(role_select(in_space, &form.id, Role::Administrator));
    page.blocks.push(Block::form(form));
    Ok(page_response(status, &in_space.place, &page))
}

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
async fn role_refused(app: &App, in_space: &InSpace<'_>, visitor: &Visitor) -> Answer {
    let notice = Notice {
        text: in_space.t(T::RoleInvalid).into(),
        error: true,
    };
    let refused = (StatusCode::UNPROCESSABLE_ENTITY, Err(notice));
    page(app, in_space, visitor, "", Some(refused)).await
}

/// `POST …/members`: invites a person; the link is shown on this answer only.
pub(super) async fn invite(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    body: &[u8],
) -> Answer {
    let field = forms::fields(body);
    let Ok(role) = field("role").parse::<Role>() else {
        return role_refused(app, in_space, visitor).await;
    };
    let added = service::members::add(
        &app.db,
        &visitor.ctx(app),
        &in_space.space.slug,
        &field("email"),
        role,
        true,
    )
    .await;
    let shown = match added {
        Ok(added) => {
            let token = added.link.unwrap_or_default();
            (
                StatusCode::OK,
                Ok(format!(
                    "{}/{}/sign-in/{token}",
                    app.base_url, in_space.place.locale
                )),
            )
        }
        Err(error) => {
            let (status, notice) = refusal(in_space, error)?;
            (status, Err(notice))
        }
    };
    page(app, in_space, visitor, "", Some(shown)).await
}

/// `POST …/members/<person>/role|remove`.
pub(super) async fn act(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    person: &str,
    action: &str,
    body: &[u8],
) -> Answer {
    let Ok(person) = person.parse::<PersonId>() else {
        return Ok(super::not_found(&in_space.place));
    };
    let member = {
        let mut handle = app.db.acquire().await?;
        people::members(handle.conn(), in_space.space.id)
            .await?
            .into_iter()
            .find(|m| m.person_id == person)
    };
    let Some(member) = member else {
        return Ok(super::not_found(&in_space.place));
    };
    if action == "remove" && !super::confirmed(body) {
        let question = in_space
            .t(T::ConfirmRemoveMember)
            .replace("{email}", &member.email);
        let action = in_space.path(&format!("members/{person}/remove"));
        return Ok(super::confirmation(
            app,
            in_space,
            visitor,
            super::Confirm {
                tab: super::Tab::Members,
                question,
                button: T::RemoveMember,
                action: &action,
                back: "members",
            },
        ));
    }
    let ctx = visitor.ctx(app);
    let slug = &in_space.space.slug;
    let result = match action {
        "role" => match forms::fields(body)("role").parse::<Role>() {
            Ok(role) => service::members::set_role(&app.db, &ctx, slug, &member.email, role)
                .await
                .map(|_| "role-changed"),
            Err(_) => return role_refused(app, in_space, visitor).await,
        },
        "remove" => service::members::remove(&app.db, &ctx, slug, &member.email)
            .await
            .map(|_| "member-removed"),
        _ => return Ok(super::not_found(&in_space.place)),
    };
    match result {
        Ok(what) => Ok(done(app, in_space, "members", what)),
        Err(error) => {
            let (status, notice) = refusal(in_space, error)?;
            page(app, in_space, visitor, "", Some((status, Err(notice)))).await
        }
    }
}
