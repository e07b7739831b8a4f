//! The section's webhook addresses: adding one (the SSRF rules of `hooks add`; the secret shown
//! on that answer only), and an address's page: its health, its recent deliveries with every
//! attempt's outcome and reason, Test (a `ping` sent now, with what the receiver answered),
//! replacing the secret (both signed during the grace), retrying one failed delivery or every
//! failed one since a time, disabling, enabling and removing.

use warp::http::StatusCode;

use super::forms::{GRACES, chosen};
use super::pipeline::{Answer, Done, Problem, Scope};
use super::routes::HookAction;
use crate::db::deliveries::{self, Filter};
use crate::db::hooks::{self, HookRow, MAX_ACTIVE_PER_SPACE};
use crate::http::forms::Fields;
use crate::ids::{DeliveryId, HookId};
use crate::pages::i18n::{self, T};
use crate::pages::in_space::{Confirm, Tab};
use crate::pages::section::{Block, Cell, Form, Notice, Page, Table};
use crate::service::{self, Conflict, ServiceError};
use crate::webhook::dispatcher::new_token;

/// Deliveries an address's page lists (the newest).
const LISTED: i64 = 25;
/// How far back an address's page lists deliveries.
const LISTED_DAYS: i64 = 7;

/// "Retry every failed one since": the choices, in milliseconds back from now (0: all).
const SINCE: [(i64, T); 4] = [
    (3_600_000, T::SinceHour),
    (86_400_000, T::SinceDay),
    (7 * 86_400_000, T::SinceWeek),
    (0, T::SinceEver),
];

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
        super::overview::respond(scope, status, Some(notice), url, detail)
    };
    let Some(signature_headers) =
        super::addresses::sent_signature_headers(fields.get("signature_headers"))
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

/// An address's page: facts, actions, deliveries and attempts.
async fn hook_page(
    scope: &Scope<'_>,
    hook: &HookRow,
    notice: Option<Notice>,
) -> Result<Page, ServiceError> {
    let (app, in_space) = (scope.app, &scope.view);
    let t = |text: T| in_space.t(text);
    let locale = in_space.locale();
    let when =
        |at: Option<i64>| at.map_or_else(|| "—".to_owned(), |ms| i18n::date_time(locale, ms));
    let now = crate::timestamp::now_ms();
    let (listed, attempts) = {
        let mut handle = app.db.acquire().await?;
        let filter = Filter {
            since: Some(now - LISTED_DAYS * 86_400_000),
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
        (listed, attempts)
    };
    let mut page = in_space.frame(Tab::Hooks, T::HookTitle, notice);
    page.title = format!("{} {}", t(T::HookTitle), hook.url);
    let base = format!("integrations/hooks/{}", hook.id);
    let action = |name: &str| in_space.path(&format!("{base}/{name}"));
    page.blocks.push(Block::table(Table {
        caption: t(T::HookFacts).into(),
        quiet_caption: false,
        heads: [
            T::AddressHead,
            T::StateHead,
            T::LastSuccessHead,
            T::FailingSinceHead,
            T::FailuresHead,
        ]
        .iter()
        .map(|h| t(*h).into())
        .collect(),
        rows: vec![vec![
            Cell::code(hook.url.clone()),
            Cell::text(super::addresses::state(in_space, hook)),
            Cell::text(when(hook.last_success_at)),
            Cell::text(when(hook.failing_since)),
            Cell::text(hook.failure_streak.to_string()),
        ]],
        empty: None,
    }));
    page.blocks.push(Block::heading(t(T::HookActions)));
    let test = in_space.form(&action("test"), t(T::TestButton), Vec::new());
    page.blocks.push(Block::text(t(T::TestHelp)));
    page.blocks.push(Block::form(Form {
        inline: true,
        ..test
    }));
    let mut secret = in_space.form(&action("secret"), t(T::ReplaceSecret), Vec::new());
    secret.fields.push(in_space.select(
        &secret.id,
        "grace",
        T::SecretGraceLabel,
        &GRACES,
        86_400_000,
    ));
    page.blocks.push(Block::form(secret));
    let mut signing = in_space.form(
        &action("signature-headers"),
        t(T::SaveSignatureHeaders),
        Vec::new(),
    );
    signing
        .fields
        .push(super::addresses::signature_headers_field(
            in_space,
            &signing.id,
            hook.signature_headers,
        ));
    page.blocks.push(Block::form(signing));
    let mut retry = in_space.form(&action("retry"), t(T::RetryFailed), Vec::new());
    retry
        .fields
        .push(in_space.select(&retry.id, "since", T::SinceLabel, &SINCE, 86_400_000));
    page.blocks.push(Block::form(retry));
    let toggle = match hook.disabled_at {
        Some(_) => in_space.form(&action("enable"), t(T::Enable), Vec::new()),
        None => in_space.form(&action("disable"), t(T::Disable), Vec::new()),
    };
    page.blocks.push(Block::form(Form {
        inline: true,
        ..toggle
    }));
    let remove = in_space.form(&action("remove"), t(T::RemoveHook), Vec::new());
    page.blocks.push(Block::form(Form {
        inline: true,
        danger: true,
        ..remove
    }));

    let rows = listed
        .iter()
        .map(|d| {
            let mut actions = Vec::new();
            if d.status == crate::domain::DeliveryStatus::Failed {
                let path = in_space.path(&format!("{base}/deliveries/{}/retry", d.id));
                actions.push(Form {
                    inline: true,
                    ..in_space.form(&path, t(T::Retry), Vec::new())
                });
            }
            vec![
                Cell::code(d.id.to_string()),
                Cell::code(d.event_type.as_str()),
                Cell::text(when(Some(d.created_at))),
                Cell::text(t(T::delivery_status(d.status))),
                Cell::text(d.attempts.to_string()),
                Cell::forms(actions),
            ]
        })
        .collect();
    page.blocks.push(Block::heading(t(T::DeliveriesTitle)));
    page.blocks.push(Block::table(Table {
        caption: t(T::DeliveriesTitle).into(),
        quiet_caption: true,
        heads: [
            T::DeliveryHead,
            T::EventHead,
            T::CreatedHead,
            T::StateHead,
            T::AttemptsHead,
            T::ActionsHead,
        ]
        .iter()
        .map(|h| t(*h).into())
        .collect(),
        rows,
        empty: listed.is_empty().then(|| t(T::NoDeliveries).into()),
    }));
    let rows = attempts
        .iter()
        .map(|a| {
            vec![
                Cell::code(a.delivery_id.to_string()),
                Cell::text(a.number.to_string()),
                Cell::text(t(T::trigger(a.trigger))),
                Cell::text(when(Some(a.started_at))),
                Cell::text(format!("{} ms", a.duration_ms)),
                Cell::text(match (a.status_code, a.error_class) {
                    (Some(code), None) => code.to_string(),
                    (Some(code), Some(class)) => format!("{code} ({})", class.as_str()),
                    (None, Some(class)) => class.as_str().to_owned(),
                    (None, None) => "—".into(),
                }),
                Cell::text(a.error_reason.clone().unwrap_or_default()),
            ]
        })
        .collect();
    page.blocks.push(Block::table(Table {
        caption: t(T::AttemptsTitle).into(),
        quiet_caption: false,
        heads: [
            T::DeliveryHead,
            T::AttemptHead,
            T::TriggerHead,
            T::StartedHead,
            T::DurationHead,
            T::OutcomeHead,
            T::ReasonHead,
        ]
        .iter()
        .map(|h| t(*h).into())
        .collect(),
        rows,
        empty: attempts.is_empty().then(|| t(T::NoAttempts).into()),
    }));
    Ok(page)
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
    let (db, in_space) = (&scope.app.db, &scope.view);
    let t = |text: T| in_space.t(text);
    let ctx = scope.ctx();
    let back = format!("integrations/hooks/{}", hook.id);
    let again = |problem: Problem| {
        let hook = hook.clone();
        async move {
            let page = hook_page(scope, &hook, Some(problem.notice)).await?;
            Ok(scope.respond(problem.status, &page))
        }
    };
    let unreadable = |text: T| {
        again(Problem {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            notice: Notice {
                text: t(text).into(),
                error: true,
            },
            field: None,
        })
    };
    let confirm = match action {
        HookAction::Disable => Some((T::ConfirmDisableHook, T::Disable, "disable")),
        HookAction::Remove => Some((T::ConfirmRemoveHook, T::RemoveHook, "remove")),
        _ => None,
    };
    if let Some((question, button, name)) = confirm.filter(|_| !fields.confirmed()) {
        let action = in_space.path(&format!("{back}/{name}"));
        let page = in_space.confirmation(Confirm {
            tab: Tab::Hooks,
            question: t(question).replace("{url}", &hook.url),
            button,
            action: &action,
            back: &back,
        });
        return Ok(scope.respond(StatusCode::OK, &page));
    }
    let done = match action {
        HookAction::Test => return test(scope, &hook).await,
        HookAction::Secret => {
            let Some(grace) = chosen(&GRACES, fields.get("grace")) else {
                return unreadable(T::GraceInvalid).await;
            };
            let overlap = std::time::Duration::from_millis(u64::try_from(grace).unwrap_or(0));
            match service::hooks::rotate_secret(db, &ctx, hook.id, overlap).await {
                Ok(rotated) => {
                    let mut page = hook_page(scope, &hook, None).await?;
                    let until = i18n::date_time(in_space.locale(), rotated.old_until);
                    let warning = t(T::SecretOverlap).replace("{until}", &until);
                    let secret = in_space.shown_once(
                        T::NewSecretLabel,
                        rotated.secret,
                        warning,
                        "new-secret",
                    );
                    page.blocks.insert(0, secret);
                    Ok(Done::Page(scope.respond(StatusCode::OK, &page)))
                }
                Err(error) => Err(error),
            }
        }
        HookAction::SignatureHeaders => {
            let Ok(set) = fields.get("signature_headers").parse() else {
                return unreadable(T::SignatureHeadersInvalid).await;
            };
            service::hooks::set_signature_headers(db, &ctx, hook.id, set)
                .await
                .map(|_| Done::to(back.clone(), "hook-signing"))
        }
        HookAction::Retry => {
            let Some(back_ms) = chosen(&SINCE, fields.get("since")) else {
                return unreadable(T::GraceInvalid).await;
            };
            let since = (back_ms > 0).then(|| ctx.now - back_ms);
            service::hooks::retry_failed(db, &ctx, hook.id, since, |_| {})
                .await
                .map(|_| Done::to(back.clone(), "retried"))
        }
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

/// Sends a `ping` to the address now, through the delivery loop's own path, and shows what the
/// receiver answered.
async fn test(scope: &Scope<'_>, hook: &HookRow) -> Answer {
    let t = |text: T| scope.t(text);
    let tester = &scope.app.webhooks.tester;
    let token = new_token()?;
    let pinged =
        service::hooks::ping(&scope.app.db, &scope.ctx(), hook.id, &token, tester.lease()).await?;
    let job = tester.load(&token).await?.into_iter().next();
    let notice = match job {
        None => Notice {
            text: t(T::TestTaken).into(),
            error: true,
        },
        Some(job) => {
            let report = tester.attempt(job).await?;
            let outcome = &report.outcome;
            let ms = outcome.duration.as_millis().to_string();
            if outcome.succeeded() {
                Notice {
                    text: t(T::TestDelivered)
                        .replace("{status}", &outcome.summary())
                        .replace("{ms}", &ms)
                        .replace("{event}", &pinged.event.to_string()),
                    error: false,
                }
            } else {
                let answered = outcome
                    .excerpt
                    .as_deref()
                    .filter(|_| outcome.status_code.is_some())
                    .map(|text| {
                        format!(
                            " {} {}",
                            t(T::ReceiverSaid),
                            text.chars().take(300).collect::<String>()
                        )
                    })
                    .unwrap_or_default();
                Notice {
                    text: format!(
                        "{}{answered}",
                        t(T::TestFailed)
                            .replace("{outcome}", &outcome.explained())
                            .replace("{ms}", &ms)
                    ),
                    error: true,
                }
            }
        }
    };
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
