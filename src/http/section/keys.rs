//! The section's API keys: the list (name, prefix, created, by whom, last used, state), creating
//! (the key shown on that answer only), revoking, and rolling with a grace (now, an hour, a day).

use warp::http::StatusCode;

use super::forms::chosen;
use super::pipeline::{Answer, Scope};
use super::routes::KeyAction;
use crate::api_keys::MAX_ACTIVE_PER_SPACE;
use crate::db::api_keys;
use crate::http::forms::Fields;
use crate::ids::KeyId;
use crate::pages::i18n::T;
use crate::pages::in_space::{Confirm, Tab};
use crate::pages::integrations::GRACES;
use crate::pages::integrations::keys as keys_page;
use crate::pages::section::Notice;
use crate::service::{self, Conflict, Missing, ServiceError};

/// The keys page, with a key just made (shown once) or a problem.
pub(super) async fn page(
    scope: &Scope<'_>,
    shown: Option<(StatusCode, Result<String, Notice>)>,
) -> Answer {
    let space = scope.view.space.id;
    let (keys, used) = {
        let mut handle = scope.app.db.acquire().await?;
        let keys = api_keys::list_for_space(handle.conn(), space).await?;
        let used = api_keys::last_used(handle.conn(), space).await?;
        (keys, used)
    };
    let (status, notice, made) = match shown {
        Some((status, Ok(key))) => (status, None, Some(key)),
        Some((status, Err(notice))) => (status, Some(notice), None),
        None => (StatusCode::OK, scope.done_notice(), None),
    };
    let now = crate::timestamp::now_ms();
    let page = keys_page::page(&scope.view, &keys, &used, now, notice, made);
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
