//! The space's webhook addresses as a list: each one's state in words and the form that adds
//! one. The overview shows it; an address's own page uses the same words for its state. Reads
//! only; the add form posts to `hooks`.

use super::pipeline::Scope;
use crate::db::hooks::{self, HookRow, MAX_ACTIVE_PER_SPACE};
use crate::domain::SignatureHeaders;
use crate::pages::i18n::{self, T};
use crate::pages::in_space::{InSpace, input};
use crate::pages::section::{Block, Cell, Table};
use crate::service::ServiceError;

/// An address's state in words.
pub(super) fn state(in_space: &InSpace<'_>, hook: &HookRow) -> String {
    match (hook.disabled_at, hook.disabled_reason) {
        (None, _) if hook.failing_since.is_some() => in_space.t(T::HookFailing).into(),
        (None, _) => in_space.t(T::HookHealthy).into(),
        (Some(_), Some(crate::domain::DisabledReason::Gone)) => {
            in_space.t(T::HookDisabledGone).into()
        }
        (Some(_), Some(crate::domain::DisabledReason::Failing)) => {
            in_space.t(T::HookDisabledFailing).into()
        }
        (Some(_), None) => in_space.t(T::HookDisabledByHand).into(),
    }
}

/// The space's addresses as the overview lists them, with the form that adds one.
pub(super) async fn list_blocks(
    scope: &Scope<'_>,
    url_value: &str,
    url_error: Option<String>,
) -> Result<Vec<Block>, ServiceError> {
    let (app, in_space) = (scope.app, &scope.view);
    let t = |text: T| in_space.t(text);
    let locale = in_space.locale();
    let rows = {
        let mut handle = app.db.acquire().await?;
        hooks::list(handle.conn(), in_space.space.id).await?
    };
    let active: Vec<&HookRow> = rows.iter().filter(|h| h.is_active()).collect();
    let when =
        |at: Option<i64>| at.map_or_else(|| "—".to_owned(), |ms| i18n::date_time(locale, ms));
    let table = Table {
        caption: t(T::HooksTitle).into(),
        quiet_caption: true,
        heads: [
            T::AddressHead,
            T::StateHead,
            T::LastSuccessHead,
            T::FailingSinceHead,
        ]
        .iter()
        .map(|h| t(*h).into())
        .collect(),
        rows: active
            .iter()
            .map(|hook| {
                vec![
                    Cell::link(
                        hook.url.clone(),
                        in_space.url(&format!("integrations/hooks/{}", hook.id)),
                    ),
                    Cell::text(state(in_space, hook)),
                    Cell::text(when(hook.last_success_at)),
                    Cell::text(when(hook.failing_since)),
                ]
            })
            .collect(),
        empty: active.is_empty().then(|| t(T::NoHooks).into()),
    };
    let path = in_space.path("integrations/hooks");
    let mut form = in_space.form(&path, t(T::AddHook), Vec::new());
    let mut url = input(&form.id, "url", t(T::HookUrlLabel), "url");
    url.required = true;
    url.value = url_value.into();
    url.hint = Some(t(T::HookUrlHint).into());
    url.error = url_error;
    url.max_length = 2048;
    form.fields.push(url);
    form.fields.push(signature_headers_field(
        in_space,
        &form.id,
        SignatureHeaders::Both,
    ));
    Ok(vec![
        Block::heading(t(T::HooksTitle)),
        Block::table(table),
        Block::text(t(T::HookLimit).replace("{n}", &MAX_ACTIVE_PER_SPACE.to_string())),
        Block::form(form),
    ])
}

/// The choice of an address's signature headers (`signature_headers`), `current` selected.
pub(super) fn signature_headers_field(
    in_space: &InSpace<'_>,
    form_id: &str,
    current: SignatureHeaders,
) -> crate::pages::section::Input {
    let t = |text: T| in_space.t(text);
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
    .map(|(value, label)| crate::pages::section::Choice {
        value: value.as_str().into(),
        label: t(label).into(),
        selected: value == current,
    })
    .collect();
    field
}

/// The signature headers a form sent: none sent is both (the default); anything else is `None`.
pub(super) fn sent_signature_headers(text: &str) -> Option<SignatureHeaders> {
    match text {
        "" => Some(SignatureHeaders::Both),
        other => other.parse().ok(),
    }
}
