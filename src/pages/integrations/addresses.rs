//! The space's webhook addresses as a list: each one's state in words, the form that adds one,
//! and the choice of an address's signature headers. The overview shows the list; an address's
//! own page uses the same words for its state and the same choice.

use super::super::i18n::T;
use super::super::in_space::{InSpace, input};
use super::super::section::{Block, Cell, Choice, Input, Table};
use super::{heads, when};
use crate::db::hooks::{HookRow, MAX_ACTIVE_PER_SPACE};
use crate::domain::{DisabledReason, SignatureHeaders};

/// An address's state in words.
pub fn state(view: &InSpace<'_>, hook: &HookRow) -> String {
    let text = match (hook.disabled_at, hook.disabled_reason) {
        (None, _) if hook.failing_since.is_some() => T::HookFailing,
        (None, _) => T::HookHealthy,
        (Some(_), Some(DisabledReason::Gone)) => T::HookDisabledGone,
        (Some(_), Some(DisabledReason::Failing)) => T::HookDisabledFailing,
        (Some(_), None) => T::HookDisabledByHand,
    };
    view.t(text).into()
}

/// The add form as sent: the address typed and why it was refused.
#[derive(Debug, Clone, Default)]
pub struct AddValues {
    pub url: String,
    pub error: Option<String>,
}

/// The space's active addresses (of `hooks`, all of the space's) as the overview lists them,
/// with the form that adds one holding `sent`.
pub fn list_blocks(view: &InSpace<'_>, hooks: &[HookRow], sent: &AddValues) -> Vec<Block> {
    let t = |text: T| view.t(text);
    let active: Vec<&HookRow> = hooks.iter().filter(|h| h.is_active()).collect();
    let table = Table {
        caption: t(T::HooksTitle).into(),
        quiet_caption: true,
        heads: heads(
            view,
            &[
                T::AddressHead,
                T::StateHead,
                T::LastSuccessHead,
                T::FailingSinceHead,
            ],
        ),
        rows: active
            .iter()
            .map(|hook| {
                vec![
                    Cell::link(
                        hook.url.clone(),
                        view.url(&format!("integrations/hooks/{}", hook.id)),
                    ),
                    Cell::text(state(view, hook)),
                    Cell::text(when(view, hook.last_success_at)),
                    Cell::text(when(view, hook.failing_since)),
                ]
            })
            .collect(),
        empty: active.is_empty().then(|| t(T::NoHooks).into()),
    };
    let path = view.path("integrations/hooks");
    let mut form = view.form(&path, t(T::AddHook), Vec::new());
    let mut url = input(&form.id, "url", t(T::HookUrlLabel), "url");
    url.required = true;
    url.value = sent.url.clone();
    url.hint = Some(t(T::HookUrlHint).into());
    url.error = sent.error.clone();
    url.max_length = 2048;
    form.fields.push(url);
    form.fields.push(signature_headers_field(
        view,
        &form.id,
        SignatureHeaders::Both,
    ));
    vec![
        Block::heading(t(T::HooksTitle)),
        Block::table(table),
        Block::text(t(T::HookLimit).replace("{n}", &MAX_ACTIVE_PER_SPACE.to_string())),
        Block::form(form),
    ]
}

/// The choice of an address's signature headers (`signature_headers`), `current` selected.
pub fn signature_headers_field(
    view: &InSpace<'_>,
    form_id: &str,
    current: SignatureHeaders,
) -> Input {
    let t = |text: T| view.t(text);
    let mut field = input(
        form_id,
        "signature_headers",
        t(T::SignatureHeadersLabel),
        "select",
    );
    field.select = true;
    field.hint = Some(t(T::SignatureHeadersHint).into());
    field.options = [
        (SignatureHeaders::Both, T::SignatureHeadersBoth),
        (
            SignatureHeaders::Specification,
            T::SignatureHeadersSpecification,
        ),
        (SignatureHeaders::Standard, T::SignatureHeadersStandard),
    ]
    .into_iter()
    .map(|(value, label)| Choice {
        value: value.as_str().into(),
        label: t(label).into(),
        selected: value == current,
    })
    .collect();
    field
}
