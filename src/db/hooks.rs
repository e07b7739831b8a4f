//! The `hooks` and `hook_secrets` tables: a space's webhook addresses, their health, and their
//! signing secrets.
//!
//! A rotation adds a secret and gives the older ones an expiry; every unexpired secret signs,
//! newest first. Secrets are read only to sign; nothing here ever prints or logs one. Health
//! (last success, failing since, failure streak) moves with every recorded attempt, and an
//! address is disabled here when its receiver says it is gone or it failed for too long.

use super::{Conn, DbError, on_conn};
use crate::domain::{DisabledReason, HookStatus, SignatureHeaders};
use crate::ids::{HookId, SpaceId};

/// At most this many active addresses per space (the specification's limit).
pub const MAX_ACTIVE_PER_SPACE: i64 = 5;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct HookRow {
    pub id: HookId,
    pub space_id: SpaceId,
    pub url: String,
    pub event_types: Option<String>,
    #[sqlx(try_from = "String")]
    pub status: HookStatus,
    pub created_at: i64,
    pub removed_at: Option<i64>,
    pub last_success_at: Option<i64>,
    /// The first failure since the last success (`None` while the latest attempt succeeded).
    pub failing_since: Option<i64>,
    /// Failed attempts since the last success.
    pub failure_streak: i64,
    pub disabled_at: Option<i64>,
    #[sqlx(try_from = "super::OptionalText")]
    pub disabled_reason: Option<DisabledReason>,
    /// Which signature headers its requests carry.
    #[sqlx(try_from = "String")]
    pub signature_headers: SignatureHeaders,
}

impl HookRow {
    /// Not removed (a disabled address is still active: it counts against the limit and can be
    /// enabled again).
    pub fn is_active(&self) -> bool {
        self.status == HookStatus::Active
    }

    /// Receiving events now: active and not disabled.
    pub fn is_enabled(&self) -> bool {
        self.is_active() && self.disabled_at.is_none()
    }
}

const COLUMNS: &str = "id, space_id, url, event_types, status, created_at, removed_at, \
    last_success_at, failing_since, failure_streak, disabled_at, disabled_reason, \
    signature_headers";

pub async fn count_active(conn: Conn<'_>, space_id: SpaceId) -> Result<i64, DbError> {
    const SQL: &str = "SELECT COUNT(*) FROM hooks WHERE space_id = $1 AND status = 'active'";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).bind(space_id).fetch_one(c).await?))
}

pub async fn insert(
    mut conn: Conn<'_>,
    space_id: SpaceId,
    url: &str,
    event_types: Option<&str>,
    signature_headers: SignatureHeaders,
    secret: &str,
    now: i64,
) -> Result<HookRow, DbError> {
    let sql = format!(
        "INSERT INTO hooks (space_id, url, event_types, status, created_at, signature_headers) \
         VALUES ($1, $2, $3, 'active', $4, $5) RETURNING {COLUMNS}"
    );
    let hook = on_conn!(conn.reborrow(), c => sqlx::query_as::<_, HookRow>(sqlx::AssertSqlSafe(sql))
        .bind(space_id).bind(url).bind(event_types).bind(now).bind(signature_headers.as_str())
        .fetch_one(c).await?);
    add_secret(conn, hook.id, secret, now).await?;
    Ok(hook)
}

/// Sets which signature headers an address's requests carry.
pub async fn set_signature_headers(
    conn: Conn<'_>,
    id: HookId,
    signature_headers: SignatureHeaders,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE hooks SET signature_headers = $2 WHERE id = $1";
    let affected = on_conn!(conn, c => sqlx::query(SQL)
        .bind(id).bind(signature_headers.as_str()).execute(c).await?.rows_affected());
    super::changed_one(
        affected,
        format_args!("setting the signature headers of {id}"),
    )
}

async fn add_secret(
    conn: Conn<'_>,
    hook_id: HookId,
    secret: &str,
    now: i64,
) -> Result<(), DbError> {
    const SQL: &str = "INSERT INTO hook_secrets (hook_id, secret, created_at) VALUES ($1, $2, $3)";
    on_conn!(conn, c => sqlx::query(SQL).bind(hook_id).bind(secret).bind(now).execute(c).await?.rows_affected());
    Ok(())
}

/// Adds `secret` as the newest and lets every older unexpired secret sign until `old_until`.
pub async fn rotate_secret(
    mut conn: Conn<'_>,
    hook_id: HookId,
    secret: &str,
    old_until: i64,
    now: i64,
) -> Result<(), DbError> {
    const EXPIRE: &str = "UPDATE hook_secrets SET expires_at = $2 \
        WHERE hook_id = $1 AND (expires_at IS NULL OR expires_at > $2)";
    on_conn!(conn.reborrow(), c => sqlx::query(EXPIRE).bind(hook_id).bind(old_until).execute(c).await?.rows_affected());
    add_secret(conn, hook_id, secret, now).await
}

pub async fn find(conn: Conn<'_>, id: HookId) -> Result<Option<HookRow>, DbError> {
    let sql = format!("SELECT {COLUMNS} FROM hooks WHERE id = $1");
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, HookRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(c).await?),
    )
}

/// A space's hooks, active and removed, oldest first.
pub async fn list(conn: Conn<'_>, space_id: SpaceId) -> Result<Vec<HookRow>, DbError> {
    let sql = format!("SELECT {COLUMNS} FROM hooks WHERE space_id = $1 ORDER BY id");
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, HookRow>(sqlx::AssertSqlSafe(sql)).bind(space_id).fetch_all(c).await?),
    )
}

/// The number of unexpired secrets of each hook (two during a rotation's overlap).
pub async fn live_secret_count(conn: Conn<'_>, hook_id: HookId, now: i64) -> Result<i64, DbError> {
    const SQL: &str = "SELECT COUNT(*) FROM hook_secrets \
        WHERE hook_id = $1 AND (expires_at IS NULL OR expires_at > $2)";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).bind(hook_id).bind(now).fetch_one(c).await?))
}

/// Marks the hook removed; its unfinished deliveries fail and lose their claims (an attempt in
/// flight is then not recorded). Returns false if it was not active.
pub async fn remove(mut conn: Conn<'_>, id: HookId, now: i64) -> Result<bool, DbError> {
    const HOOK: &str = "UPDATE hooks SET status = 'removed', removed_at = $2 \
        WHERE id = $1 AND status = 'active'";
    const DELIVERIES: &str = "UPDATE deliveries SET status = 'failed', next_attempt_at = NULL, \
        lease_token = NULL, lease_until = NULL, updated_at = $2 \
        WHERE hook_id = $1 AND status IN ('pending', 'in_flight')";
    let removed = on_conn!(conn.reborrow(), c => sqlx::query(HOOK).bind(id).bind(now).execute(c).await?.rows_affected());
    if removed == 0 {
        return Ok(false);
    }
    on_conn!(conn, c => sqlx::query(DELIVERIES).bind(id).bind(now).execute(c).await?.rows_affected());
    Ok(true)
}

/// The unexpired secrets of every hook with a delivery claimed under `token`, as
/// `(hook_id, secret)`, newest first within a hook.
pub async fn secrets_for_claim(
    conn: Conn<'_>,
    token: &str,
    now: i64,
) -> Result<Vec<(HookId, String)>, DbError> {
    const SQL: &str = "SELECT hook_id, secret FROM hook_secrets \
        WHERE hook_id IN (SELECT hook_id FROM deliveries WHERE lease_token = $1) \
          AND (expires_at IS NULL OR expires_at > $2) \
        ORDER BY hook_id, id DESC";
    Ok(on_conn!(conn, c => sqlx::query_as(SQL).bind(token).bind(now).fetch_all(c).await?))
}

/// How stale a healthy hook's `last_success_at` may grow before a success writes it again.
pub const SUCCESS_PRECISION_MS: i64 = 1_000;

/// Records a successful attempt started `at`: the hook is healthy again. While it stays healthy,
/// its row is written at most once per [`SUCCESS_PRECISION_MS`], so a stream of successes to one
/// address does not queue every delivery's transaction behind one row lock.
pub async fn record_success(conn: Conn<'_>, id: HookId, at: i64) -> Result<(), DbError> {
    const SQL: &str = "UPDATE hooks SET last_success_at = $2, failing_since = NULL, \
        failure_streak = 0 \
        WHERE id = $1 AND (failing_since IS NOT NULL OR last_success_at IS NULL \
            OR last_success_at < $2 - $3)";
    on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(at).bind(SUCCESS_PRECISION_MS)
        .execute(c).await?.rows_affected());
    Ok(())
}

/// Records a failed attempt started `at`; returns the health as it now stands.
pub async fn record_failure(
    conn: Conn<'_>,
    id: HookId,
    at: i64,
) -> Result<Option<HookRow>, DbError> {
    let sql = format!(
        "UPDATE hooks SET failure_streak = failure_streak + 1, \
         failing_since = COALESCE(failing_since, $2) WHERE id = $1 RETURNING {COLUMNS}"
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, HookRow>(sqlx::AssertSqlSafe(sql))
        .bind(id).bind(at).fetch_optional(c).await?),
    )
}

/// Disables an active, enabled hook for `reason` (`None`: by hand). Returns false if it was not.
pub async fn disable(
    conn: Conn<'_>,
    id: HookId,
    reason: Option<DisabledReason>,
    now: i64,
) -> Result<bool, DbError> {
    const SQL: &str = "UPDATE hooks SET disabled_at = $2, disabled_reason = $3 \
        WHERE id = $1 AND status = 'active' AND disabled_at IS NULL";
    let reason = reason.map(DisabledReason::as_str);
    let changed = on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(now).bind(reason)
        .execute(c).await?.rows_affected());
    Ok(changed == 1)
}

/// Enables a disabled hook with a fresh health record (its last success is kept). Returns false
/// if it was not disabled.
pub async fn enable(conn: Conn<'_>, id: HookId) -> Result<bool, DbError> {
    const SQL: &str = "UPDATE hooks SET disabled_at = NULL, disabled_reason = NULL, \
        failing_since = NULL, failure_streak = 0 \
        WHERE id = $1 AND status = 'active' AND disabled_at IS NOT NULL";
    let changed = on_conn!(conn, c => sqlx::query(SQL).bind(id).execute(c).await?.rows_affected());
    Ok(changed == 1)
}

/// How many active addresses are disabled (for metrics).
pub async fn count_disabled(conn: Conn<'_>) -> Result<i64, DbError> {
    const SQL: &str =
        "SELECT COUNT(*) FROM hooks WHERE status = 'active' AND disabled_at IS NOT NULL";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).fetch_one(c).await?))
}

/// The median duration of a hook's latest `last` attempts, in ms (`None` before any).
pub async fn recent_latency(conn: Conn<'_>, id: HookId, last: i64) -> Result<Option<i64>, DbError> {
    const SQL: &str = "SELECT a.duration_ms FROM attempts a JOIN deliveries d ON d.id = a.delivery_id \
        WHERE d.hook_id = $1 ORDER BY a.started_at DESC LIMIT $2";
    let mut durations: Vec<i64> =
        on_conn!(conn, c => sqlx::query_scalar(SQL).bind(id).bind(last).fetch_all(c).await?);
    durations.sort_unstable();
    Ok(durations.get(durations.len() / 2).copied())
}
