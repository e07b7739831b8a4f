//! The section's webhook addresses: adding one (the SSRF rules of `hooks add`; the secret shown
//! on that answer only), and an address's page: its health, its recent deliveries with every
//! attempt's outcome and reason, Test (a `ping` sent now, with what the receiver answered),
//! replacing the secret (both signed during the grace), retrying one failed delivery or every
//! failed one since a time, disabling, enabling and removing.

use warp::http::StatusCode;

use super::{
    Answer, GRACES, InSpace, Tab, Visitor, chosen, done, frame, page_response, select, shown_once,
};
use crate::db::deliveries::{self, Filter};
use crate::db::hooks::{self, HookRow, MAX_ACTIVE_PER_SPACE};
use crate::http::App;
use crate::http::forms;
use crate::ids::{DeliveryId, HookId};
use crate::pages::i18n::{self, T};
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
async fn find(
    app: &App,
    in_space: &InSpace<'_>,
    id: &str,
) -> Result<Option<HookRow>, ServiceError> {
    let Ok(id) = id.parse::<HookId>() else {
        return Ok(None);
    };
    let mut handle = app.db.acquire().await?;
    Ok(hooks::find(handle.conn(), id)
        .await?
        .filter(|hook| hook.space_id == in_space.space.id && hook.is_active()))
}

/// `POST …/integrations/hooks`: adds an address; its secret is shown on this answer only.
pub(super) async fn add(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    body: &[u8],
) -> Answer {
    let field = forms::fields(body);
    let url = field("url");
    let t = |text: T| in_space.t(text);
    let Some(signature_headers) =
        super::addresses::sent_signature_headers(&field("signature_headers"))
    else {
        let notice = Notice {
            text: t(T::SignatureHeadersInvalid).into(),
            error: true,
        };
        return super::overview::respond(
            app,
            in_space,
            visitor,
            StatusCode::UNPROCESSABLE_ENTITY,
            Some(notice),
            &url,
            None,
        )
        .await;
    };
    let added = service::hooks::add(
        &app.db,
        &visitor.ctx(app),
        &in_space.space.slug,
        url.trim(),
        None,
        signature_headers,
        &app.webhooks.policy,
    )
    .await;
    match added {
        Ok(added) => {
            let mut page = hook_page(app, in_space, visitor, &added.hook, None).await?;
            let warning = t(T::SecretShownOnce).into();
            let secret = shown_once(
                in_space,
                T::NewSecretLabel,
                added.secret,
                warning,
                "new-secret",
            );
            page.blocks.insert(0, secret);
            if let Some(reason) = added.unresolved {
                page.notice = Some(Notice {
                    text: format!("{} {reason}", t(T::HookUnresolved)),
                    error: false,
                });
            }
            Ok(page_response(StatusCode::OK, &in_space.place, &page))
        }
        Err(ServiceError::Invalid(invalid)) => {
            let notice = Notice {
                text: t(T::HookUrlInvalid).into(),
                error: true,
            };
            super::overview::respond(
                app,
                in_space,
                visitor,
                StatusCode::UNPROCESSABLE_ENTITY,
                Some(notice),
                &url,
                Some(invalid.to_string()),
            )
            .await
        }
        Err(ServiceError::Conflict(Conflict::TooManyHooks { .. })) => {
            let notice = Notice {
                text: t(T::TooManyHooks).replace("{n}", &MAX_ACTIVE_PER_SPACE.to_string()),
                error: true,
            };
            super::overview::respond(
                app,
                in_space,
                visitor,
                StatusCode::CONFLICT,
                Some(notice),
                &url,
                None,
            )
            .await
        }
        Err(error) => Err(error),
    }
}

/// `GET …/integrations/hooks/<id>`.
pub(super) async fn page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    id: &str,
    query: &str,
) -> Answer {
    let Some(hook) = find(app, in_space, id).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let notice = super::notice_of(in_space.place.locale, query);
    let page = hook_page(app, in_space, visitor, &hook, notice).await?;
    Ok(page_response(StatusCode::OK, &in_space.place, &page))
}

/// An address's page: facts, actions, deliveries and attempts.
async fn hook_page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    hook: &HookRow,
    notice: Option<Notice>,
) -> Result<Page, ServiceError> {
    let t = |text: T| in_space.t(text);
    let locale = in_space.place.locale;
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
    let mut page = frame(app, in_space, visitor, Tab::Hooks, T::HookTitle, notice);
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
    let test = visitor.form(app, &action("test"), t(T::TestButton).into(), Vec::new());
    page.blocks.push(Block::text(t(T::TestHelp)));
    page.blocks.push(Block::form(Form {
        inline: true,
        ..test
    }));
    let mut secret = visitor.form(
        app,
        &action("secret"),
        t(T::ReplaceSecret).into(),
        Vec::new(),
    );
    secret.fields.push(select(
        in_space,
        &secret.id,
        "grace",
        T::SecretGraceLabel,
        &GRACES,
        86_400_000,
    ));
    page.blocks.push(Block::form(secret));
    let mut signing = visitor.form(
        app,
        &action("signature-headers"),
        t(T::SaveSignatureHeaders).into(),
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
    let mut retry = visitor.form(app, &action("retry"), t(T::RetryFailed).into(), Vec::new());
    retry.fields.push(select(
        in_space,
        &retry.id,
        "since",
        T::SinceLabel,
        &SINCE,
        86_400_000,
    ));
    page.blocks.push(Block::form(retry));
    let toggle = match hook.disabled_at {
        Some(_) => visitor.form(app, &action("enable"), t(T::Enable).into(), Vec::new()),
        None => visitor.form(app, &action("disable"), t(T::Disable).into(), Vec::new()),
    };
    page.blocks.push(Block::form(Form {
        inline: true,
        ..toggle
    }));
    let remove = visitor.form(app, &action("remove"), t(T::RemoveHook).into(), Vec::new());
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
                    ..visitor.form(app, &path, t(T::Retry).into(), Vec::new())
                });
            }
            vec![
                Cell::code(d.id.to_string()),
                Cell::text(d.event_type.as_str()),
                Cell::text(when(Some(d.created_at))),
                Cell::text(d.status.as_str()),
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
                Cell::text(a.trigger.as_str()),
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
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    id: &str,
    action: &str,
    body: &[u8],
) -> Answer {
    let Some(hook) = find(app, in_space, id).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let t = |text: T| in_space.t(text);
    let ctx = visitor.ctx(app);
    let back = format!("integrations/hooks/{}", hook.id);
    let field = forms::fields(body);
    let refused = |text: String| {
        let hook = hook.clone();
        async move {
            let notice = Some(Notice { text, error: true });
            let page = hook_page(app, in_space, visitor, &hook, notice).await?;
            Ok(page_response(
                StatusCode::UNPROCESSABLE_ENTITY,
                &in_space.place,
                &page,
            ))
        }
    };
    let confirm = match action {
        "disable" => Some((T::ConfirmDisableHook, T::Disable)),
        "remove" => Some((T::ConfirmRemoveHook, T::RemoveHook)),
        _ => None,
    };
    if let Some((question, button)) = confirm.filter(|_| !super::confirmed(body)) {
        let question = t(question).replace("{url}", &hook.url);
        let action = in_space.path(&format!("integrations/hooks/{}/{action}", hook.id));
        return Ok(super::confirmation(
            app,
            in_space,
            visitor,
            super::Confirm {
                tab: super::Tab::Hooks,
                question,
                button,
                action: &action,
                back: &back,
            },
        ));
    }
    match action {
        "test" => test(app, in_space, visitor, &hook).await,
        "secret" => {
            let Some(grace) = chosen(&GRACES, &field("grace")) else {
                return refused(t(T::GraceInvalid).into()).await;
            };
            let overlap = std::time::Duration::from_millis(u64::try_from(grace).unwrap_or(0));
            let rotated = service::hooks::rotate_secret(&app.db, &ctx, hook.id, overlap).await?;
            let mut page = hook_page(app, in_space, visitor, &hook, None).await?;
            let until = i18n::date_time(in_space.place.locale, rotated.old_until);
            let warning = t(T::SecretOverlap).replace("{until}", &until);
            let secret = shown_once(
                in_space,
                T::NewSecretLabel,
                rotated.secret,
                warning,
                "new-secret",
            );
            page.blocks.insert(0, secret);
            Ok(page_response(StatusCode::OK, &in_space.place, &page))
        }
        "signature-headers" => {
            let sent = field("signature_headers");
            let Some(set) = sent.parse::<crate::domain::SignatureHeaders>().ok() else {
                return refused(t(T::SignatureHeadersInvalid).into()).await;
            };
            service::hooks::set_signature_headers(&app.db, &ctx, hook.id, set).await?;
            Ok(done(app, in_space, &back, "hook-signing"))
        }
        "retry" => {
            let Some(back_ms) = chosen(&SINCE, &field("since")) else {
                return refused(t(T::GraceInvalid).into()).await;
            };
            let since = (back_ms > 0).then(|| ctx.now - back_ms);
            service::hooks::retry_failed(&app.db, &ctx, hook.id, since, |_| {}).await?;
            Ok(done(app, in_space, &back, "retried"))
        }
        "disable" => match service::hooks::disable(&app.db, &ctx, hook.id).await {
            Ok(_) | Err(ServiceError::Conflict(Conflict::AlreadyDisabled { .. })) => {
                Ok(done(app, in_space, &back, "hook-disabled"))
            }
            Err(error) => Err(error),
        },
        "enable" => match service::hooks::enable(&app.db, &ctx, hook.id, false).await {
            Ok(_) | Err(ServiceError::Conflict(Conflict::NotDisabled { .. })) => {
                Ok(done(app, in_space, &back, "hook-enabled"))
            }
            Err(error) => Err(error),
        },
        "remove" => {
            service::hooks::remove(&app.db, &ctx, hook.id).await?;
            Ok(done(app, in_space, "integrations", "hook-removed"))
        }
        _ => Ok(super::not_found(&in_space.place)),
    }
}

/// Sends a `ping` to the address now, through the delivery loop's own path, and shows what the
/// receiver answered.
async fn test(app: &App, in_space: &InSpace<'_>, visitor: &Visitor, hook: &HookRow) -> Answer {
    let t = |text: T| in_space.t(text);
    let tester = &app.webhooks.tester;
    let token = new_token()?;
    let pinged =
        service::hooks::ping(&app.db, &visitor.ctx(app), hook.id, &token, tester.lease()).await?;
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
    let hook = find(app, in_space, &hook.id.to_string())
        .await?
        .unwrap_or_else(|| hook.clone());
    let page = hook_page(app, in_space, visitor, &hook, Some(notice)).await?;
    Ok(page_response(StatusCode::OK, &in_space.place, &page))
}

/// `POST …/integrations/hooks/<id>/deliveries/<delivery>/retry`.
pub(super) async fn retry_one(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    id: &str,
    delivery: &str,
) -> Answer {
    let Some(hook) = find(app, in_space, id).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let Ok(delivery) = delivery.parse::<DeliveryId>() else {
        return Ok(super::not_found(&in_space.place));
    };
    let belongs = {
        let mut handle = app.db.acquire().await?;
        deliveries::find(handle.conn(), delivery)
            .await?
            .is_some_and(|d| d.hook_id == hook.id)
    };
    if !belongs {
        return Ok(super::not_found(&in_space.place));
    }
    let back = format!("integrations/hooks/{}", hook.id);
    match service::hooks::retry(&app.db, &visitor.ctx(app), delivery).await {
        Ok(()) => Ok(done(app, in_space, &back, "retried")),
        Err(ServiceError::Conflict(_)) => {
            let notice = Notice {
                text: in_space.t(T::NotRetriable).into(),
                error: true,
            };
            let page = hook_page(app, in_space, visitor, &hook, Some(notice)).await?;
            Ok(page_response(StatusCode::CONFLICT, &in_space.place, &page))
        }
        Err(error) => Err(error),
    }
}
