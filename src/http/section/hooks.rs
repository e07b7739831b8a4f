//! The section's webhook addresses: adding one (the SSRF rules of `hooks add`; the secret shown
//! on that answer only), and an address's page: its health, its recent deliveries with every
//! attempt's outcome and reason, Test (a `ping` sent now, with what the receiver answered),
//! replacing the secret (both signed during the grace), retrying one failed delivery or every
//! failed one since a time, disabling, enabling and removing.

use warp::http::StatusCode;
use warp::reply::Response;

use super::forms::chosen;
use super::pipeline::{Answer, Done, Problem, Scope, Unreadable};
use super::routes::HookAction;
use crate::db::deliveries::{self, Filter};
use crate::db::hooks::{self, HookRow, MAX_ACTIVE_PER_SPACE};
use crate::http::forms::Fields;
use crate::ids::{DeliveryId, HookId};
use crate::pages::i18n::{self, T};
use crate::pages::in_space::{Confirm, Tab};
use crate::pages::integrations::addresses::AddValues;
use crate::pages::integrations::hook as address_page;
use crate::pages::integrations::{GRACES, SINCE};
use crate::pages::section::{Notice, Page};
use crate::service::{self, Conflict, ServiceError};
use crate::webhook::dispatcher::new_token;

/// Deliveries an address's page lists (the newest).
const LISTED: i64 = 25;
/// How far back an address's page lists deliveries.
const LISTED_DAYS: i64 = 7;

/// The hook `id` of this space, if there is one (another space's is the same as none).
async fn find(scope: &Scope<'_>, id: &str) -> Result<Option<HookRow>, ServiceError> {
    let Ok(id) = id.parse::<HookId>() else {
        return Ok(None);
    };
    let mut handle = scope.app.db.acquire().await?;
    Ok(hooks::find(handle.conn(), id)
        .await?
        .filter(|hook| hook.space_id == scope.view.space.id && hook.is_active()))
}

/// `POST …/integrations/hooks`: adds an address; its secret is shown on this answer only.
pub(super) async fn add(scope: &Scope<'_>, fields: &Fields) -> Answer {
    let (app, in_space) = (scope.app, &scope.view);
    let url = fields.get("url");
    let t = |text: T| in_space.t(text);
    let refused = |status, text: String, detail: Option<String>| {
        let notice = Notice { text, error: true };
        let sent = AddValues {
            url: url.into(),
            error: detail,
        };
        super::overview::respond(scope, status, Some(notice), sent)
    };
    let Some(signature_headers) =
        super::forms::sent_signature_headers(fields.get("signature_headers"))
    else {
        let text = t(T::SignatureHeadersInvalid).into();
        return refused(StatusCode::UNPROCESSABLE_ENTITY, text, None).await;
    };
    let added = service::hooks::add(
        &app.db,
        &scope.ctx(),
        &in_space.space.slug,
        url.trim(),
        None,
        signature_headers,
        &app.webhooks.policy,
    )
    .await;
    match added {
        Ok(added) => {
            let mut page = hook_page(scope, &added.hook, None).await?;
            let warning = t(T::SecretShownOnce).into();
            let secret =
                in_space.shown_once(T::NewSecretLabel, added.secret, warning, "new-secret");
            page.blocks.insert(0, secret);
            if let Some(reason) = added.unresolved {
                page.notice = Some(Notice {
                    text: format!("{} {reason}", t(T::HookUnresolved)),
                    error: false,
                });
            }
            Ok(scope.respond(StatusCode::OK, &page))
        }
        Err(ServiceError::Invalid(invalid)) => {
            let text = t(T::HookUrlInvalid).into();
            refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                text,
                Some(invalid.to_string()),
            )
            .await
        }
        Err(ServiceError::Conflict(Conflict::TooManyHooks { .. })) => {
            let text = t(T::TooManyHooks).replace("{n}", &MAX_ACTIVE_PER_SPACE.to_string());
            refused(StatusCode::CONFLICT, text, None).await
        }
        Err(error) => Err(error),
    }
}

/// `GET …/integrations/hooks/<id>`.
pub(super) async fn page(scope: &Scope<'_>, id: &str) -> Answer {
    let Some(hook) = find(scope, id).await? else {
        return Ok(scope.not_found());
    };
    let page = hook_page(scope, &hook, scope.done_notice()).await?;
    Ok(scope.respond(StatusCode::OK, &page))
}

/// An address's page with its newest deliveries and their attempts.
async fn hook_page(
    scope: &Scope<'_>,
    hook: &HookRow,
    notice: Option<Notice>,
) -> Result<Page, ServiceError> {
    let mut handle = scope.app.db.acquire().await?;
    let filter = Filter {
        since: Some(crate::timestamp::now_ms() - LISTED_DAYS * 86_400_000),
        ..Filter::default()
    };
    let listed = deliveries::list_for_hook(handle.conn(), hook.id, &filter, LISTED).await?;
    // The list is the address's newest deliveries since a time: every one of its deliveries
    // between the oldest and the newest listed.
    let attempts = match (listed.last(), listed.first()) {
        (Some(oldest), Some(newest)) => {
            deliveries::attempts_for_hook(handle.conn(), hook.id, oldest.id, newest.id).await?
        }
        _ => Vec::new(),
    };
    Ok(address_page::page(
        &scope.view,
        hook,
        &listed,
        &attempts,
        notice,
    ))
}

/// `POST …/integrations/hooks/<id>/test|secret|signature-headers|retry|disable|enable|remove`.
pub(super) async fn act(
    scope: &Scope<'_>,
    id: &str,
    action: HookAction,
    fields: &Fields,
) -> Answer {
    let Some(hook) = find(scope, id).await? else {
        return Ok(scope.not_found());
    };
    if !fields.confirmed()
        && let Some(question) = ask_first(scope, &hook, action)
    {
        return Ok(question);
    }
    let (db, ctx) = (&scope.app.db, scope.ctx());
    let back = format!("integrations/hooks/{}", hook.id);
    let again = |problem: Problem| {
        let hook = hook.clone();
        async move {
            let page = hook_page(scope, &hook, Some(problem.notice)).await?;
            Ok(scope.respond(problem.status, &page))
        }
    };
    let unreadable = |field, text| again(scope.unreadable(Unreadable::new(field, text)));
    let done = match action {
        HookAction::Test => return test(scope, &hook).await,
        HookAction::Secret => match chosen(&GRACES, fields.get("grace")) {
            Some(grace) => rotate(scope, &hook, grace).await,
            None => return unreadable("grace", T::GraceInvalid).await,
        },
        HookAction::SignatureHeaders => match fields.get("signature_headers").parse() {
            Ok(set) => service::hooks::set_signature_headers(db, &ctx, hook.id, set)
                .await
                .map(|_| Done::to(back.clone(), "hook-signing")),
            Err(_) => return unreadable("signature_headers", T::SignatureHeadersInvalid).await,
        },
        HookAction::Retry => match chosen(&SINCE, fields.get("since")) {
            Some(back_ms) => {
                let since = (back_ms > 0).then(|| ctx.now - back_ms);
                service::hooks::retry_failed(db, &ctx, hook.id, since, |_| {})
                    .await
                    .map(|_| Done::to(back.clone(), "retried"))
            }
            None => return unreadable("since", T::GraceInvalid).await,
        },
        // Already as asked: done all the same.
        HookAction::Disable => match service::hooks::disable(db, &ctx, hook.id).await {
            Ok(_) | Err(ServiceError::Conflict(Conflict::AlreadyDisabled { .. })) => {
                Ok(Done::to(back.clone(), "hook-disabled"))
            }
            Err(error) => Err(error),
        },
        HookAction::Enable => match service::hooks::enable(db, &ctx, hook.id, false).await {
            Ok(_) | Err(ServiceError::Conflict(Conflict::NotDisabled { .. })) => {
                Ok(Done::to(back.clone(), "hook-enabled"))
            }
            Err(error) => Err(error),
        },
        HookAction::Remove => service::hooks::remove(db, &ctx, hook.id)
            .await
            .map(|_| Done::to("integrations", "hook-removed")),
    };
    scope.finish(done, T::DeskNotDone, again).await
}

/// The question a post that cannot be undone (disable, remove) asks before it is sent again
/// with `confirm=yes`; `None` for the others.
fn ask_first(scope: &Scope<'_>, hook: &HookRow, action: HookAction) -> Option<Response> {
    let (question, button, name) = match action {
        HookAction::Disable => (T::ConfirmDisableHook, T::Disable, "disable"),
        HookAction::Remove => (T::ConfirmRemoveHook, T::RemoveHook, "remove"),
        _ => return None,
    };
    let back = format!("integrations/hooks/{}", hook.id);
    let action = scope.view.path(&format!("{back}/{name}"));
    let page = scope.view.confirmation(Confirm {
        tab: Tab::Hooks,
        question: scope.t(question).replace("{url}", &hook.url),
        button,
        action: &action,
        back: &back,
    });
    Some(scope.respond(StatusCode::OK, &page))
}

/// Replaces the address's secret, the old one signing too for `grace` ms; the new one is shown
/// on this answer only.
async fn rotate(scope: &Scope<'_>, hook: &HookRow, grace: i64) -> Result<Done, ServiceError> {
    let overlap = std::time::Duration::from_millis(u64::try_from(grace).unwrap_or(0));
    let rotated =
        service::hooks::rotate_secret(&scope.app.db, &scope.ctx(), hook.id, overlap).await?;
    let mut page = hook_page(scope, hook, None).await?;
    let until = i18n::date_time(scope.view.locale(), rotated.old_until);
    let warning = scope.t(T::SecretOverlap).replace("{until}", &until);
    let secret = scope
        .view
        .shown_once(T::NewSecretLabel, rotated.secret, warning, "new-secret");
    page.blocks.insert(0, secret);
    Ok(Done::Page(scope.respond(StatusCode::OK, &page)))
}

/// Sends a `ping` to the address now, through the delivery loop's own path, and shows what the
/// receiver answered.
async fn test(scope: &Scope<'_>, hook: &HookRow) -> Answer {
    let tester = &scope.app.webhooks.tester;
    let token = new_token()?;
    let pinged =
        service::hooks::ping(&scope.app.db, &scope.ctx(), hook.id, &token, tester.lease()).await?;
    let report = match tester.load(&token).await?.into_iter().next() {
        Some(job) => Some(tester.attempt(job).await?),
        None => None,
    };
    let outcome = report.as_ref().map(|report| &report.outcome);
    let notice = address_page::tested(&scope.view, outcome, &pinged.event.to_string());
    let hook = find(scope, &hook.id.to_string())
        .await?
        .unwrap_or_else(|| hook.clone());
    let page = hook_page(scope, &hook, Some(notice)).await?;
    Ok(scope.respond(StatusCode::OK, &page))
}

/// `POST …/integrations/hooks/<id>/deliveries/<delivery>/retry`.
pub(super) async fn retry_one(scope: &Scope<'_>, id: &str, delivery: &str) -> Answer {
    let Some(hook) = find(scope, id).await? else {
        return Ok(scope.not_found());
    };
    let Ok(delivery) = delivery.parse::<DeliveryId>() else {
        return Ok(scope.not_found());
    };
    let belongs = {
        let mut handle = scope.app.db.acquire().await?;
        deliveries::find(handle.conn(), delivery)
            .await?
            .is_some_and(|d| d.hook_id == hook.id)
    };
    if !belongs {
        return Ok(scope.not_found());
    }
    let back = format!("integrations/hooks/{}", hook.id);
    match service::hooks::retry(&scope.app.db, &scope.ctx(), delivery).await {
        Ok(()) => Ok(scope.done(&back, "retried")),
        Err(ServiceError::Conflict(_)) => {
            let notice = Notice {
                text: scope.t(T::NotRetriable).into(),
                error: true,
            };
            let page = hook_page(scope, &hook, Some(notice)).await?;
            Ok(scope.respond(StatusCode::CONFLICT, &page))
        }
        Err(error) => Err(error),
    }
}
