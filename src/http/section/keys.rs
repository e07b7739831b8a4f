//! The section's API keys: the list (name, prefix, created, by whom, last used, state), creating
//! (the key shown on that answer only), revoking, and rolling with a grace (now, an hour, a day).

use warp::http::StatusCode;

use super::forms::{GRACES, chosen};
use super::pipeline::{Answer, Scope};
use super::routes::KeyAction;
use crate::api_keys::MAX_ACTIVE_PER_SPACE;
use crate::db::api_keys;
use crate::http::forms::Fields;
use crate::ids::KeyId;
use crate::pages::i18n::{self, T};
use crate::pages::in_space::{Confirm, Tab, input};
use crate::pages::section::{Block, Cell, Form, Notice, Table};
use crate::service::{self, Conflict, Missing, ServiceError};

/// The keys page, with a key just made (shown once) or a problem.
pub(super) async fn page(
    scope: &Scope<'_>,
    shown: Option<(StatusCode, Result<String, Notice>)>,
) -> Answer {
    let (app, in_space) = (scope.app, &scope.view);
    let locale = in_space.locale();
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
                    ..in_space.form(&revoke, t(T::Revoke), Vec::new())
                });
                if key.expires_at.is_none() {
                    let roll = in_space.path(&format!("integrations/keys/{}/roll", key.id));
                    let mut form = in_space.form(&roll, t(T::Roll), Vec::new());
                    let grace =
                        in_space.select(&form.id, "grace", T::GraceLabel, &GRACES, 3_600_000);
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
            Some(in_space.shown_once(T::NewKeyLabel, key, t(T::SecretShownOnce).into(), "new-key")),
        ),
        Some((status, Err(notice))) => (status, Some(notice), None),
        None => (StatusCode::OK, scope.done_notice(), None),
    };
    let mut page = in_space.frame(Tab::Keys, T::KeysTitle, notice);
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
    let mut form = in_space.form(&create, t(T::CreateKey), Vec::new());
    let mut name = input(&form.id, "name", t(T::KeyNameLabel), "text");
    name.max_length = crate::domain::names::NAME_MAX_CHARS;
    name.hint = Some(t(T::KeyNameHint).into());
    form.fields.push(name);
    page.blocks.push(Block::form(form));
    Ok(scope.respond(status, &page))
}

/// The notice of a refused key operation, with its status.
fn refusal(scope: &Scope<'_>, error: ServiceError) -> Result<(StatusCode, Notice), ServiceError> {
    let in_space = &scope.view;
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
pub(super) async fn create(scope: &Scope<'_>, fields: &Fields) -> Answer {
    let name = Some(fields.get("name").trim()).filter(|n| !n.is_empty());
    let created =
        service::keys::create(&scope.app.db, &scope.ctx(), &scope.view.space.slug, name).await;
    let shown = match created {
        Ok(created) => (StatusCode::OK, Ok(created.key)),
        Err(error) => {
            let (status, notice) = refusal(scope, error)?;
            (status, Err(notice))
        }
    };
    page(scope, Some(shown)).await
}

/// `POST …/integrations/keys/<id>/revoke|roll`.
pub(super) async fn act(scope: &Scope<'_>, id: &str, action: KeyAction, fields: &Fields) -> Answer {
    let in_space = &scope.view;
    let Ok(id) = id.parse::<KeyId>() else {
        return Ok(scope.not_found());
    };
    let space = Some(in_space.space.id);
    let ctx = scope.ctx();
    let db = &scope.app.db;
    if action == KeyAction::Revoke && !fields.confirmed() {
        let key = {
            let mut handle = db.acquire().await?;
            api_keys::find(handle.conn(), id).await?
        };
        let Some(key) = key.filter(|k| k.space_id == in_space.space.id) else {
            return Ok(scope.not_found());
        };
        let name = key.name.unwrap_or_else(|| format!("#{}", key.id));
        let action = in_space.path(&format!("integrations/keys/{id}/revoke"));
        let page = in_space.confirmation(Confirm {
            tab: Tab::Keys,
            question: in_space.t(T::ConfirmRevoke).replace("{name}", &name),
            button: T::Revoke,
            action: &action,
            back: "integrations/keys",
        });
        return Ok(scope.respond(StatusCode::OK, &page));
    }
    let shown = match action {
        KeyAction::Revoke => match service::keys::revoke(db, &ctx, id, space).await {
            Ok(()) => return Ok(scope.done("integrations/keys", "key-revoked")),
            Err(ServiceError::NotFound(Missing::Key { .. })) => return Ok(scope.not_found()),
            Err(error) => {
                let (status, notice) = refusal(scope, error)?;
                (status, Err(notice))
            }
        },
        KeyAction::Roll => {
            let Some(grace) = chosen(&GRACES, fields.get("grace")) else {
                let notice = Notice {
                    text: in_space.t(T::GraceInvalid).into(),
                    error: true,
                };
                return page(scope, Some((StatusCode::UNPROCESSABLE_ENTITY, Err(notice)))).await;
            };
            match service::keys::roll(db, &ctx, id, space, grace).await {
                Ok(created) => (StatusCode::OK, Ok(created.key)),
                Err(ServiceError::NotFound(Missing::Key { .. })) => return Ok(scope.not_found()),
                Err(error) => {
                    let (status, notice) = refusal(scope, error)?;
                    (status, Err(notice))
                }
            }
        }
    };
    page(scope, Some(shown)).await
}
