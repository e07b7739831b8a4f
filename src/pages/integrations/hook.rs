//! A webhook address's page (`…/integrations/hooks/<id>`): its facts and health; its forms
//! (Test, replace the secret, signature headers, retry failed deliveries, disable or enable,
//! remove); its recent deliveries, a failed one with its own Retry; and every attempt of them
//! with its outcome and reason. Also what a Test came to, in words.

use super::super::i18n::T;
use super::super::in_space::{InSpace, Tab};
use super::super::section::{Block, Cell, Form, Notice, Page, Table};
use super::addresses::{signature_headers_field, state};
use super::{GRACES, SINCE, heads, when};
use crate::db::deliveries::{AttemptRow, DeliveryRow};
use crate::db::hooks::HookRow;
use crate::domain::DeliveryStatus;
use crate::webhook::client::Outcome;

/// The most of a receiver's answer a Test's notice quotes, in characters.
const QUOTED_CHARS: usize = 300;

/// The address's page: `listed` are its newest deliveries, `attempts` every attempt of them.
pub fn page(
    view: &InSpace<'_>,
    hook: &HookRow,
    listed: &[DeliveryRow],
    attempts: &[AttemptRow],
    notice: Option<Notice>,
) -> Page {
    let mut page = view.frame(Tab::Hooks, T::HookTitle, notice);
    page.title = format!("{} {}", view.t(T::HookTitle), hook.url);
    page.blocks.push(facts(view, hook));
    page.blocks.extend(actions(view, hook));
    page.blocks.extend(deliveries(view, hook, listed));
    page.blocks.push(attempts_table(view, attempts));
    page
}

/// `…/integrations/hooks/<id>/<rest>`, the path of one of the address's forms.
fn action(view: &InSpace<'_>, hook: &HookRow, rest: &str) -> String {
    view.path(&format!("integrations/hooks/{}/{rest}", hook.id))
}

fn facts(view: &InSpace<'_>, hook: &HookRow) -> Block {
    Block::table(Table {
        caption: view.t(T::HookFacts).into(),
        quiet_caption: false,
        heads: heads(
            view,
            &[
                T::AddressHead,
                T::StateHead,
                T::LastSuccessHead,
                T::FailingSinceHead,
                T::FailuresHead,
            ],
        ),
        rows: vec![vec![
            Cell::code(hook.url.clone()),
            Cell::text(state(view, hook)),
            Cell::text(when(view, hook.last_success_at)),
            Cell::text(when(view, hook.failing_since)),
            Cell::text(hook.failure_streak.to_string()),
        ]],
        empty: None,
    })
}

fn actions(view: &InSpace<'_>, hook: &HookRow) -> Vec<Block> {
    let t = |text: T| view.t(text);
    let form = |rest: &str, submit: T| view.form(&action(view, hook, rest), t(submit), Vec::new());
    let inline = |form: Form| Form {
        inline: true,
        ..form
    };
    let mut secret = form("secret", T::ReplaceSecret);
    let grace = view.select(
        &secret.id,
        "grace",
        T::SecretGraceLabel,
        &GRACES,
        86_400_000,
    );
    secret.fields.push(grace);
    let mut signing = form("signature-headers", T::SaveSignatureHeaders);
    let current = signature_headers_field(view, &signing.id, hook.signature_headers);
    signing.fields.push(current);
    let mut retry = form("retry", T::RetryFailed);
    let since = view.select(&retry.id, "since", T::SinceLabel, &SINCE, 86_400_000);
    retry.fields.push(since);
    let toggle = match hook.disabled_at {
        Some(_) => form("enable", T::Enable),
        None => form("disable", T::Disable),
    };
    let remove = Form {
        danger: true,
        ..inline(form("remove", T::RemoveHook))
    };
    vec![
        Block::heading(t(T::HookActions)),
        Block::text(t(T::TestHelp)),
        Block::form(inline(form("test", T::TestButton))),
        Block::form(secret),
        Block::form(signing),
        Block::form(retry),
        Block::form(inline(toggle)),
        Block::form(remove),
    ]
}

fn deliveries(view: &InSpace<'_>, hook: &HookRow, listed: &[DeliveryRow]) -> Vec<Block> {
    let t = |text: T| view.t(text);
    let rows = listed
        .iter()
        .map(|d| {
            let mut retry = Vec::new();
            if d.status == DeliveryStatus::Failed {
                let path = action(view, hook, &format!("deliveries/{}/retry", d.id));
                retry.push(Form {
                    inline: true,
                    ..view.form(&path, t(T::Retry), Vec::new())
                });
            }
            vec![
                Cell::code(d.id.to_string()),
                Cell::code(d.event_type.as_str()),
                Cell::text(when(view, Some(d.created_at))),
                Cell::text(t(T::delivery_status(d.status))),
                Cell::text(d.attempts.to_string()),
                Cell::forms(retry),
            ]
        })
        .collect();
    vec![
        Block::heading(t(T::DeliveriesTitle)),
        Block::table(Table {
            caption: t(T::DeliveriesTitle).into(),
            quiet_caption: true,
            heads: heads(
                view,
                &[
                    T::DeliveryHead,
                    T::EventHead,
                    T::CreatedHead,
                    T::StateHead,
                    T::AttemptsHead,
                    T::ActionsHead,
                ],
            ),
            rows,
            empty: listed.is_empty().then(|| t(T::NoDeliveries).into()),
        }),
    ]
}

fn attempts_table(view: &InSpace<'_>, attempts: &[AttemptRow]) -> Block {
    let t = |text: T| view.t(text);
    let rows = attempts
        .iter()
        .map(|a| {
            vec![
                Cell::code(a.delivery_id.to_string()),
                Cell::text(a.number.to_string()),
                Cell::text(t(T::trigger(a.trigger))),
                Cell::text(when(view, Some(a.started_at))),
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
    Block::table(Table {
        caption: t(T::AttemptsTitle).into(),
        quiet_caption: false,
        heads: heads(
            view,
            &[
                T::DeliveryHead,
                T::AttemptHead,
                T::TriggerHead,
                T::StartedHead,
                T::DurationHead,
                T::OutcomeHead,
                T::ReasonHead,
            ],
        ),
        rows,
        empty: attempts.is_empty().then(|| t(T::NoAttempts).into()),
    })
}

/// What a Test of event `event` came to: `None` when another loop took the ping first.
pub fn tested(view: &InSpace<'_>, outcome: Option<&Outcome>, event: &str) -> Notice {
    let t = |text: T| view.t(text);
    let Some(outcome) = outcome else {
        return Notice {
            text: t(T::TestTaken).into(),
            error: true,
        };
    };
    let ms = outcome.duration.as_millis().to_string();
    if outcome.succeeded() {
        return Notice {
            text: t(T::TestDelivered)
                .replace("{status}", &outcome.summary())
                .replace("{ms}", &ms)
                .replace("{event}", event),
            error: false,
        };
    }
    let answered = outcome
        .excerpt
        .as_deref()
        .filter(|_| outcome.status_code.is_some())
        .map(|text| {
            let quoted: String = text.chars().take(QUOTED_CHARS).collect();
            format!(" {} {quoted}", t(T::ReceiverSaid))
        })
        .unwrap_or_default();
    let failed = t(T::TestFailed)
        .replace("{outcome}", &outcome.explained())
        .replace("{ms}", &ms);
    Notice {
        text: format!("{failed}{answered}"),
        error: true,
    }
}
