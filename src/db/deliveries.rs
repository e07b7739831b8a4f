//! The `deliveries` and `attempts` tables: the delivery queue and its attempt log.
//!
//! Owns claiming (a lease and a claim token: Postgres `FOR UPDATE SKIP LOCKED`, SQLite one atomic
//! `UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING`), completing (the attempt row and the
//! delivery's next state in one transaction, only while the claim token still matches), manual
//! re-queueing, the deliveries kept for a disabled address, the listings and the queue's
//! figures. It never sends anything and never decides the schedule.
//!
//! Deliveries to a disabled address stay `pending` with no due time (`next_attempt_at` NULL) and
//! are never claimed; enabling the address makes them due (or drops them, as failed).

use super::{Conn, DbError, OptionalText, on_conn};
use crate::domain::{DeliveryStatus, ErrorClass, EventType, Trigger};
use crate::ids::{DeliveryId, EventId, HookId};

/// A claimed delivery with everything needed to send it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ClaimedRow {
    pub id: DeliveryId,
    pub event_id: EventId,
    pub hook_id: HookId,
    pub attempts: i64,
    #[sqlx(try_from = "String")]
    pub next_trigger: Trigger,
    pub next_attempt_at: Option<i64>,
    pub url: String,
    pub body: String,
}

/// Not a delivery of a disabled address. Kept deliveries have no due time, so this only guards
/// the few that were scheduled while the address was being disabled.
const ACTIVE_HOOK: &str = "hook_id NOT IN (SELECT id FROM hooks WHERE disabled_at IS NOT NULL)";

/// The deliveries due at the time bound to `now`: pending and scheduled for then or before, or
/// claimed under a lease that has run out (its dispatcher died); never those of a disabled
/// address.
fn due(now: &str) -> String {
    format!(
        "((status = 'pending' AND next_attempt_at <= {now}) \
          OR (status = 'in_flight' AND lease_until < {now})) \
         AND {ACTIVE_HOOK}"
    )
}

/// Claims up to `limit` deliveries that are due at `now` (or whose lease ran out) for
/// `token` until `lease_until`. Returns the ids claimed.
pub async fn claim_due(
    conn: Conn<'_>,
    token: &str,
    now: i64,
    lease_until: i64,
    limit: i64,
) -> Result<Vec<DeliveryId>, DbError> {
    // Postgres skips rows another worker has locked; SQLite has one writer at a time, so the
    // single UPDATE is atomic on its own.
    let skip_locked = match conn {
        Conn::Postgres(_) => " FOR UPDATE SKIP LOCKED",
        Conn::Sqlite(_) => "",
    };
    // Two candidate lists, each walking the `(status, next_attempt_at)` index and stopping at
    // `limit` rows, so a claim costs the same with ten due deliveries or a million (one `OR`
    // would read every due row to sort them). Expired leases are few: at most the deliveries
    // in flight when a process died.
    let sql = format!(
        "UPDATE deliveries SET status = 'in_flight', lease_token = $1, lease_until = $3, \
            updated_at = $2 \
         WHERE id IN ( \
            SELECT id FROM (SELECT id FROM deliveries \
                WHERE status = 'pending' AND next_attempt_at <= $2 AND {active} \
                ORDER BY next_attempt_at LIMIT $4{skip_locked}) AS due_now \
            UNION ALL \
            SELECT id FROM (SELECT id FROM deliveries \
                WHERE status = 'in_flight' AND lease_until < $2 AND {active} \
                LIMIT $4{skip_locked}) AS lease_expired) \
         RETURNING id",
        active = ACTIVE_HOOK
    );
    Ok(
        on_conn!(conn, c => sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(token).bind(now).bind(lease_until).bind(limit)
        .fetch_all(c).await?),
    )
}

/// Claims the one delivery of `event_id` to `hook_id` for a ping, whatever its due time.
pub async fn claim_for_ping(
    conn: Conn<'_>,
    event_id: EventId,
    hook_id: HookId,
    token: &str,
    now: i64,
    lease_until: i64,
) -> Result<u64, DbError> {
    const SQL: &str = "UPDATE deliveries SET status = 'in_flight', lease_token = $3, \
        lease_until = $5, next_trigger = 'ping', updated_at = $4 \
        WHERE event_id = $1 AND hook_id = $2 AND status = 'pending'";
    Ok(
        on_conn!(conn, c => sqlx::query(SQL).bind(event_id).bind(hook_id).bind(token).bind(now)
        .bind(lease_until).execute(c).await?.rows_affected()),
    )
}

/// The deliveries claimed under `token`, with their event bodies and hook URLs.
pub async fn claimed(conn: Conn<'_>, token: &str) -> Result<Vec<ClaimedRow>, DbError> {
    const SQL: &str = "SELECT d.id, d.event_id, d.hook_id, d.attempts, d.next_trigger, \
            d.next_attempt_at, h.url, e.body \
        FROM deliveries d JOIN events e ON e.id = d.event_id JOIN hooks h ON h.id = d.hook_id \
        WHERE d.lease_token = $1 ORDER BY d.id";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, ClaimedRow>(SQL).bind(token).fetch_all(c).await?))
}

/// The outcome of one attempt, to record.
#[derive(Debug, Clone)]
pub struct AttemptRecord<'a> {
    pub trigger: Trigger,
    pub started_at: i64,
    pub duration_ms: i64,
    pub status_code: Option<i64>,
    pub error_class: Option<ErrorClass>,
    /// Why it failed, in words a receiver's owner can act on.
    pub error_reason: Option<&'a str>,
    pub peer_addr: Option<&'a str>,
    pub response_excerpt: Option<&'a str>,
}

/// The delivery's state after the attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextState {
    Succeeded,
    RetryAt(i64),
    Failed,
}

/// Records `attempt` and moves the delivery to `next`, but only while `token` still holds its
/// claim. Returns the attempt's number, or `None` when the claim was lost (nothing recorded).
/// Run it inside a transaction.
pub async fn complete(
    mut conn: Conn<'_>,
    delivery_id: DeliveryId,
    token: &str,
    attempt: &AttemptRecord<'_>,
    next: NextState,
    now: i64,
) -> Result<Option<i64>, DbError> {
    const UPDATE: &str = "UPDATE deliveries SET status = $3, attempts = attempts + 1, \
            next_attempt_at = $4, lease_token = NULL, lease_until = NULL, \
            next_trigger = 'scheduled', updated_at = $5 \
        WHERE id = $1 AND lease_token = $2 RETURNING attempts";
    const INSERT: &str = "INSERT INTO attempts (delivery_id, number, trigger, started_at, \
            duration_ms, status_code, error_class, peer_addr, response_excerpt, error_reason) \
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
    let (status, next_at) = match next {
        NextState::Succeeded => (DeliveryStatus::Succeeded, None),
        NextState::RetryAt(at) => (DeliveryStatus::Pending, Some(at)),
        NextState::Failed => (DeliveryStatus::Failed, None),
    };
    let number: Option<i64> = on_conn!(conn.reborrow(), c => sqlx::query_scalar(UPDATE)
        .bind(delivery_id).bind(token).bind(status.as_str()).bind(next_at).bind(now)
        .fetch_optional(c).await?);
    let Some(number) = number else {
        return Ok(None);
    };
    on_conn!(conn, c => sqlx::query(INSERT)
        .bind(delivery_id).bind(number).bind(attempt.trigger.as_str()).bind(attempt.started_at)
        .bind(attempt.duration_ms).bind(attempt.status_code).bind(attempt.error_class.map(ErrorClass::as_str))
        .bind(attempt.peer_addr).bind(attempt.response_excerpt).bind(attempt.error_reason)
        .execute(c).await?.rows_affected());
    Ok(Some(number))
}

/// A delivery as `hooks deliveries` lists it, with its latest attempt.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DeliveryRow {
    pub id: DeliveryId,
    pub event_id: EventId,
    pub hook_id: HookId,
    #[sqlx(try_from = "String")]
    pub event_type: EventType,
    #[sqlx(try_from = "String")]
    pub status: DeliveryStatus,
    pub attempts: i64,
    pub next_attempt_at: Option<i64>,
    pub created_at: i64,
    pub last_status_code: Option<i64>,
    #[sqlx(try_from = "OptionalText")]
    pub last_error_class: Option<ErrorClass>,
    pub last_started_at: Option<i64>,
}

const LISTING: &str = "SELECT d.id, d.event_id, d.hook_id, e.type AS event_type, d.status, \
        d.attempts, d.next_attempt_at, d.created_at, \
        a.status_code AS last_status_code, a.error_class AS last_error_class, \
        a.started_at AS last_started_at \
    FROM deliveries d JOIN events e ON e.id = d.event_id \
    LEFT JOIN attempts a ON a.delivery_id = d.id AND a.number = d.attempts";

/// Which of a hook's deliveries a listing shows; `None` fields do not filter.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Filter {
    pub status: Option<DeliveryStatus>,
    pub event_type: Option<EventType>,
    /// Created (the event happened) at or after, Unix ms.
    pub since: Option<i64>,
    /// Created before, Unix ms.
    pub until: Option<i64>,
}

/// A hook's deliveries that pass `filter`, newest first (at most `limit`).
pub async fn list_for_hook(
    conn: Conn<'_>,
    hook_id: HookId,
    filter: &Filter,
    limit: i64,
) -> Result<Vec<DeliveryRow>, DbError> {
    let sql = format!(
        "{LISTING} WHERE d.hook_id = $1 AND ($2 IS NULL OR d.status = $2) \
           AND ($3 IS NULL OR e.type = $3) AND ($4 IS NULL OR d.created_at >= $4) \
           AND ($5 IS NULL OR d.created_at < $5) \
         ORDER BY d.id DESC LIMIT $6"
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, DeliveryRow>(sqlx::AssertSqlSafe(sql))
        .bind(hook_id).bind(filter.status.map(DeliveryStatus::as_str))
        .bind(filter.event_type.map(EventType::as_str)).bind(filter.since).bind(filter.until)
        .bind(limit).fetch_all(c).await?),
    )
}

pub async fn find(conn: Conn<'_>, id: DeliveryId) -> Result<Option<DeliveryRow>, DbError> {
    let sql = format!("{LISTING} WHERE d.id = $1");
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, DeliveryRow>(sqlx::AssertSqlSafe(sql))
        .bind(id).fetch_optional(c).await?),
    )
}

/// Makes a failed delivery due now for one manual attempt. False if it was not failed.
pub async fn requeue_manual(conn: Conn<'_>, id: DeliveryId, now: i64) -> Result<bool, DbError> {
    const SQL: &str = "UPDATE deliveries SET status = 'pending', next_attempt_at = $2, \
        next_trigger = 'manual', updated_at = $2 WHERE id = $1 AND status = 'failed'";
    let changed =
        on_conn!(conn, c => sqlx::query(SQL).bind(id).bind(now).execute(c).await?.rows_affected());
    Ok(changed == 1)
}

/// How many deliveries of a hook failed for good, of events since `since` (Unix ms) if given.
pub async fn count_failed_for_hook(
    conn: Conn<'_>,
    hook_id: HookId,
    since: Option<i64>,
) -> Result<i64, DbError> {
    const SQL: &str = "SELECT COUNT(*) FROM deliveries WHERE hook_id = $1 AND status = 'failed' \
        AND ($2 IS NULL OR created_at >= $2)";
    Ok(on_conn!(conn, c => sqlx::query_scalar(SQL).bind(hook_id).bind(since).fetch_one(c).await?))
}

/// Makes up to `limit` failed deliveries of a hook (of events since `since`, if given) due now
/// for one manual attempt, oldest first; returns their ids. Call it again until it returns none.
pub async fn requeue_failed_for_hook(
    conn: Conn<'_>,
    hook_id: HookId,
    since: Option<i64>,
    now: i64,
    limit: i64,
) -> Result<Vec<DeliveryId>, DbError> {
    const SQL: &str = "UPDATE deliveries SET status = 'pending', next_attempt_at = $2, \
        next_trigger = 'manual', updated_at = $2 WHERE id IN (SELECT id FROM deliveries \
          WHERE hook_id = $1 AND status = 'failed' AND ($3 IS NULL OR created_at >= $3) \
          ORDER BY id LIMIT $4) \
        RETURNING id";
    let mut ids: Vec<DeliveryId> = on_conn!(conn, c => sqlx::query_scalar(SQL)
        .bind(hook_id).bind(now).bind(since).bind(limit).fetch_all(c).await?);
    ids.sort_unstable();
    Ok(ids)
}

/// Keeps the pending deliveries of a hook being disabled: they lose their due time, so no
/// claim reads past them however many pile up. Returns how many.
pub async fn keep_for_disabled(conn: Conn<'_>, hook_id: HookId, now: i64) -> Result<u64, DbError> {
    const SQL: &str = "UPDATE deliveries SET next_attempt_at = NULL, updated_at = $2 \
        WHERE hook_id = $1 AND status = 'pending'";
    Ok(
        on_conn!(conn, c => sqlx::query(SQL).bind(hook_id).bind(now).execute(c).await?.rows_affected()),
    )
}

/// The deliveries kept for a disabled hook (pending ones): made due at `now`, or, with `drop`,
/// failed (a manual retry can still send them). Returns how many.
pub async fn release_kept(
    conn: Conn<'_>,
    hook_id: HookId,
    drop: bool,
    now: i64,
) -> Result<u64, DbError> {
    const DUE: &str = "UPDATE deliveries SET next_attempt_at = $2, updated_at = $2 \
        WHERE hook_id = $1 AND status = 'pending'";
    const FAIL: &str = "UPDATE deliveries SET status = 'failed', next_attempt_at = NULL, \
        updated_at = $2 WHERE hook_id = $1 AND status = 'pending'";
    let sql = if drop { FAIL } else { DUE };
    Ok(
        on_conn!(conn, c => sqlx::query(sql).bind(hook_id).bind(now).execute(c).await?.rows_affected()),
    )
}

/// The queue at `now`: how many deliveries are due, and since when the oldest of them has been
/// (its scheduled time), for metrics.
pub async fn queue_figures(conn: Conn<'_>, now: i64) -> Result<(i64, Option<i64>), DbError> {
    let sql = format!(
        "SELECT COUNT(*), MIN(COALESCE(next_attempt_at, lease_until)) FROM deliveries WHERE {}",
        due("$1")
    );
    Ok(on_conn!(conn, c => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(now).fetch_one(c).await?))
}

/// How many deliveries are due at `now` (for the progress bar of `dispatch --once`).
pub async fn count_due(conn: Conn<'_>, now: i64) -> Result<i64, DbError> {
    let sql = format!("SELECT COUNT(*) FROM deliveries WHERE {}", due("$1"));
    Ok(
        on_conn!(conn, c => sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(now).fetch_one(c).await?),
    )
}

/// One recorded attempt.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AttemptRow {
    pub id: i64,
    pub delivery_id: DeliveryId,
    pub number: i64,
    #[sqlx(try_from = "String")]
    pub trigger: Trigger,
    pub started_at: i64,
    pub duration_ms: i64,
    pub status_code: Option<i64>,
    #[sqlx(try_from = "OptionalText")]
    pub error_class: Option<ErrorClass>,
    pub peer_addr: Option<String>,
    pub response_excerpt: Option<String>,
    pub error_reason: Option<String>,
}

/// A delivery's attempts, in order.
pub async fn attempts(conn: Conn<'_>, delivery_id: DeliveryId) -> Result<Vec<AttemptRow>, DbError> {
    const SQL: &str = "SELECT * FROM attempts WHERE delivery_id = $1 ORDER BY number";
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, AttemptRow>(SQL).bind(delivery_id).fetch_all(c).await?),
    )
}
