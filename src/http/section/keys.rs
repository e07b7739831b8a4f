//! The section's API keys: the list (name, prefix, created, by whom, last used, state), creating
//! (the key shown on that answer only), revoking, and rolling with a grace (now, an hour, a day).

use warp::http::StatusCode;

use super::{
    Answer, GRACES, InSpace, Tab, Visitor, chosen, done, frame, input, notice_of, page_response,
    select, shown_once,
};
use crate::api_keys::MAX_ACTIVE_PER_SPACE;
use crate::db::api_keys;
use crate::http::App;
use crate::http::forms;
use crate::ids::KeyId;
use crate::pages::i18n::{self, T};
use crate::pages::section::{Block, Cell, Form, Notice, Table};
use crate::service::{self, Conflict, Missing, ServiceError};

/// The keys page, with a key just made (shown once) or a problem.
pub(super) async fn page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    query: &str,
    shown: Option<(StatusCode, Result<String, Notice>)>,
) -> Answer {
    let locale = in_space.place.locale;
    let t = |text: T| in_space.t(text);
    let (keys, used) = {
        let mut handle = app.db.acquire().await?;
        let keys = api_keys::list_for_space(handle.conn(), in_space.space.id).await?;
        let used = api_keys::last_used(handle.conn(), in_space.space.id).await?;
        (keys, used)
    };
    let now = crate::timestamp::now_ms();
    let when =
        |at: Option<i64>| at.map_or_else(|| "—".to_owned(), |ms| i18n::date_time(locale, ms));
    let rows = keys
        .iter()
        .map(|key| {
            let last = used.iter().find(|(id, _)| *id == key.id).map(|(_, at)| *at);
            let state = match (key.revoked_at, key.expires_at) {
                (Some(at), _) => format!("{} {}", t(T::KeyRevokedAt), when(Some(at))),
                (None, Some(at)) if at <= now => {
                    format!("{} {}", t(T::KeyRevokedAt), when(Some(at)))
                }
                (None, Some(at)) => format!("{} {}", t(T::KeyWorksUntil), when(Some(at))),
                (None, None) => t(T::KeyActive).into(),
            };
            let mut actions = Vec::new();
            if key.works_at(now) {
                let revoke = in_space.path(&format!("integrations/keys/{}/revoke", key.id));
                actions.push(Form {
                    inline: true,
                    danger: true,
                    ..visitor.form(app, &revoke, t(T::Revoke).into(), Vec::new())
                });
                if key.expires_at.is_none() {
                    let roll = in_space.path(&format!("integrations/keys/{}/roll", key.id));
                    let mut form = visitor.form(app, &roll, t(T::Roll).into(), Vec::new());
                    let grace = select(
                        in_space,
                        &form.id,
                        "grace",
                        T::GraceLabel,
                        &GRACES,
                        3_600_000,
                    );
                    form.fields.push(grace);
                    form.inline = true;
                    actions.push(form);
                }
            }
            vec![
                Cell::text(key.name.clone().unwrap_or_default()),
                Cell::code(format!("{}…", key.prefix)),
                Cell::text(when(Some(key.created_at))),
                Cell::text(key.created_by.clone().unwrap_or_default()),
                Cell::text(when(last)),
                Cell::text(state),
                Cell::forms(actions),
            ]
        })
        .collect();
    let (status, notice, secret) = match shown {
        Some((status, Ok(key))) => (
            status,
            None,
            Some(shown_once(
                in_space,
                T::NewKeyLabel,
                key,
                t(T::SecretShownOnce).into(),
                "new-key",
            )),
        ),
        Some((status, Err(notice))) => (status, Some(notice), None),
        None => (StatusCode::OK, notice_of(locale, query), None),
    };
    let mut page = frame(app, in_space, visitor, Tab::Keys, T::KeysTitle, notice);
    page.blocks.extend(secret);
    page.blocks.push(Block::table(Table {
        caption: t(T::KeysTitle).into(),
        quiet_caption: false,
        heads: [
            T::NameHead,
            T::KeyHead,
            T::CreatedHead,
            T::CreatedByHead,
            T::LastUsedHead,
            T::StateHead,
            T::ActionsHead,
        ]
        .iter()
        .map(|h| t(*h).into())
        .collect(),
        rows,
        empty: keys.is_empty().then(|| t(T::NoKeys).into()),
    }));
    page.blocks.push(Block::heading(t(T::CreateKey)));
    page.blocks.push(Block::text(
        t(T::KeyLimit).replace("{n}", &MAX_ACTIVE_PER_SPACE.to_string()),
    ));
    let create = in_space.path("integrations/keys");
    let mut form = visitor.form(app, &create, t(T::CreateKey).into(), Vec::new());
    let mut name = input(&form.id, "name", t(T::KeyNameLabel), "text");
    name.max_length = crate::domain::names::NAME_MAX_CHARS;
    name.hint = Some(t(T::KeyNameHint).into());
    form.fields.push(name);
    page.blocks.push(Block::form(form));
    Ok(page_response(status, &in_space.place, &page))
}

/// The notice of a refused key operation, with its status.
fn refusal(
    in_space: &InSpace<'_>,
    error: ServiceError,
) -> Result<(StatusCode, Notice), ServiceError> {
    let (status, text) = match &error {
        ServiceError::Conflict(Conflict::TooManyKeys { .. }) => (
            StatusCode::CONFLICT,
            in_space
                .t(T::TooManyKeys)
                .replace("{n}", &MAX_ACTIVE_PER_SPACE.to_string()),
        ),
        ServiceError::Conflict(_) | ServiceError::NotFound(_) => {
            (StatusCode::CONFLICT, in_space.t(T::KeyGone).to_owned())
        }
        ServiceError::Invalid(_) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            in_space.t(T::KeyNameInvalid).to_owned(),
        ),
        _ => return Err(error),
    };
    Ok((status, Notice { text, error: true }))
}

/// `POST …/integrations/keys`: a new key, shown on this answer only.
pub(super) async fn create(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    body: &[u8],
) -> Answer {
    let name = forms::fields(body)("name");
    let name = Some(name.trim()).filter(|n| !n.is_empty());
    let created =
        service::keys::create(&app.db, &visitor.ctx(app), &in_space.space.slug, name).await;
    let shown = match created {
        Ok(created) => (StatusCode::OK, Ok(created.key)),
        Err(error) => {
            let (status, notice) = refusal(in_space, error)?;
            (status, Err(notice))
        }
    };
    page(app, in_space, visitor, "", Some(shown)).await
}

/// `POST …/integrations/keys/<id>/revoke|roll`.
pub(super) async fn act(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    id: &str,
    action: &str,
    body: &[u8],
) -> Answer {
    let Ok(id) = id.parse::<KeyId>() else {
        return Ok(super::not_found(&in_space.place));
    };
    let space = Some(in_space.space.id);
    let ctx = visitor.ctx(app);
    if action == "revoke" && !super::confirmed(body) {
        let key = {
            let mut handle = app.db.acquire().await?;
            api_keys::find(handle.conn(), id).await?
        };
        let Some(key) = key.filter(|k| k.space_id == in_space.space.id) else {
            return Ok(super::not_found(&in_space.place));
        };
        let name = key.name.unwrap_or_else(|| format!("#{}", key.id));
        let question = in_space.t(T::ConfirmRevoke).replace("{name}", &name);
        let action = in_space.path(&format!("integrations/keys/{id}/revoke"));
        return Ok(super::confirmation(
            app,
            in_space,
            visitor,
            super::Confirm {
                tab: super::Tab::Keys,
                question,
                button: T::Revoke,
                action: &action,
                back: "integrations/keys",
            },
        ));
    }
    match action {
        "revoke" => match service::keys::revoke(&app.db, &ctx, id, space).await {
            Ok(()) => Ok(done(app, in_space, "integrations/keys", "key-revoked")),
            Err(ServiceError::NotFound(Missing::Key { .. })) => {
                Ok(super::not_found(&in_space.place))
            }
            Err(error) => {
                let (status, notice) = refusal(in_space, error)?;
                page(app, in_space, visitor, "", Some((status, Err(notice)))).await
            }
        },
        "roll" => {
            let grace = chosen(&GRACES, &forms::fields(body)("grace"));
            let Some(grace) = grace else {
                let notice = Notice {
                    text: in_space.t(T::GraceInvalid).into(),
                    error: true,
                };
                let shown = (StatusCode::UNPROCESSABLE_ENTITY, Err(notice));
                return page(app, in_space, visitor, "", Some(shown)).await;
            };
            let shown = match service::keys::roll(&app.db, &ctx, id, space, grace).await {
                Ok(created) => (StatusCode::OK, Ok(created.key)),
                Err(ServiceError::NotFound(Missing::Key { .. })) => {
                    return Ok(super::not_found(&in_space.place));
                }
                Err(error) => {
                    let (status, notice) = refusal(in_space, error)?;
                    (status, Err(notice))
                }
            };
            page(app, in_space, visitor, "", Some(shown)).await
        }
        _ => Ok(super::not_found(&in_space.place)),
    }
}
