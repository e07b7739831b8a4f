//! The `deliveries` and `attempts` tables: the delivery queue and its attempt log.
//!
//! Owns claiming, per address, and the order of first attempts: which addresses have deliveries
//! that may go now, then an address's retries due (oldest first) and its first attempts in event
//! order, under a lease and a claim token (Postgres `FOR UPDATE SKIP LOCKED` for retries, one
//! claimer of an address's first attempts at a time; SQLite one `UPDATE … RETURNING` under its
//! write lock). A delivery's first attempt may be claimed only when no earlier delivery to the
//! same address is still waiting for its first attempt or leased for it, so first attempts to an
//! address go out one after another in event order (`dispatcher` sends a claimed run of them in
//! that order). Also renewing the leases of requests still running, releasing claims not sent,
//! completing (the attempt row and the delivery's next state in one transaction, only while the
//! claim token still matches), manual re-queueing, the deliveries kept for a disabled address,
//! the listings and the queue's figures. Every due time and lease is on the database's clock
//! (`db::clock`), never a process's own. It never sends anything and never decides the schedule.
//!
//! Deliveries to a disabled address stay `pending` with no due time (`next_attempt_at` NULL) and
//! are never claimed; enabling the address makes them due (or drops them, as failed).

use super::clock::now_sql;
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
    /// Which signature headers the address receives.
    #[sqlx(try_from = "String")]
    pub signature_headers: crate::domain::SignatureHeaders,
}

/// Not a delivery of a disabled address. Kept deliveries have no due time, so this only guards
/// the few that were scheduled while the address was being disabled.
const ACTIVE_HOOK: &str = "hook_id NOT IN (SELECT id FROM hooks WHERE disabled_at IS NOT NULL)";

/// The deliveries due at `now` (an SQL expression): pending and scheduled for then or before,
/// or claimed under a lease that has run out (its dispatcher died); never those of a disabled
/// address.
fn due(now: &str) -> String {
    format!(
        "((status = 'pending' AND next_attempt_at <= {now}) \
          OR (status = 'in_flight' AND lease_until < {now})) \
         AND {ACTIVE_HOOK}"
    )
}

/// An address with deliveries that may go now: since when the oldest has been due, how many
/// retries are due (at most the number asked about), and how many first attempts may go now in
/// event order (those before the first that must still wait, at most the number asked about).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct DueAt {
    pub hook_id: HookId,
    pub since: i64,
    pub retries: i64,
    pub first: i64,
}

/// Whether any delivery is due at `due_by` (or its lease ran out by then), by the index of due
/// times: the idle delivery loop's look, which costs the same however many addresses there are.
pub async fn any_due(conn: Conn<'_>, due_by: i64) -> Result<bool, DbError> {
    const SQL: &str = "SELECT CASE WHEN EXISTS (SELECT 1 FROM deliveries \
            WHERE status = 'pending' AND next_attempt_at <= $1) \
        OR EXISTS (SELECT 1 FROM deliveries WHERE status = 'in_flight' AND lease_until < $1) \
        THEN 1 ELSE 0 END";
    let due: i32 = on_conn!(conn, c => sqlx::query_scalar(SQL).bind(due_by).fetch_one(c).await?);
    Ok(due == 1)
}

/// The first `most` deliveries of the address `hook` (an SQL expression) still waiting for their
/// first attempt, or leased for it, in event order (`deliveries_first_attempts`), leaving out
/// those leased under a token of the run `own` (an SQL expression; [`of_run`]), if given: a
/// run's own, which its sender has sent or sends before anything it claims next. A delivery
/// kept for a disabled address (no due time) is not waiting: it goes when the address is enabled.
fn first_attempts(hook: &str, most: &str, own: Option<&str>) -> String {
    let others = own.map_or(String::new(), |own| {
        format!(
            " AND (f.lease_token IS NULL OR NOT {})",
            of_run("f.lease_token", own)
        )
    });
    format!(
        "SELECT f.id, f.status, f.next_attempt_at, f.lease_until FROM deliveries f \
         WHERE f.hook_id = {hook} AND f.attempts = 0 AND f.status IN ('pending', 'in_flight') \
           AND (f.status = 'in_flight' OR f.next_attempt_at IS NOT NULL){others} \
         ORDER BY f.id LIMIT {most}"
    )
}

/// The ids of the address's first attempts that may go at `due_by`, in event order: those of
/// [`first_attempts`] before the first that must still wait (not due yet, or leased under a
/// lease that still runs). Every one is due (or its lease ran out).
fn first_attempts_now(hook: &str, due_by: &str, most: &str, own: Option<&str>) -> String {
    let line = first_attempts(hook, most, own);
    format!(
        "SELECT l.id FROM ({line}) AS l WHERE l.id < COALESCE((SELECT MIN(w.id) FROM ({line}) AS w \
            WHERE (w.status = 'pending' AND w.next_attempt_at > {due_by}) \
               OR (w.status = 'in_flight' AND (w.lease_until IS NULL OR w.lease_until >= {due_by}))), \
            9223372036854775807)"
    )
}

/// The active, enabled addresses with deliveries that may go at `due_by` (due retries, leases
/// that ran out by then, first attempts in order), counting at most `most` of each kind. One
/// look into each address's own deliveries, so the cost grows with the addresses, never with a
/// backlog.
pub async fn due_by_address(conn: Conn<'_>, due_by: i64, most: i64) -> Result<Vec<DueAt>, DbError> {
    let sql = format!(
        "SELECT hook_id, since, retries, first FROM (SELECT h.id AS hook_id, \
            COALESCE((SELECT MIN(d.next_attempt_at) FROM deliveries d WHERE d.hook_id = h.id \
                        AND d.status = 'pending' AND d.next_attempt_at <= $1), \
                     (SELECT MIN(d.lease_until) FROM deliveries d WHERE d.hook_id = h.id \
                        AND d.status = 'in_flight' AND d.lease_until < $1)) AS since, \
            (SELECT COUNT(*) FROM (SELECT 1 AS one FROM deliveries d WHERE d.hook_id = h.id \
                AND d.attempts > 0 AND d.status = 'pending' AND d.next_attempt_at <= $1 \
                LIMIT $2) AS pending_due) \
            + (SELECT COUNT(*) FROM (SELECT 1 AS one FROM deliveries d WHERE d.hook_id = h.id \
                AND d.status = 'in_flight' AND d.attempts > 0 AND d.lease_until < $1 \
                LIMIT $2) AS lease_expired) AS retries, \
            (SELECT COUNT(*) FROM ({first}) AS in_order) AS first \
        FROM hooks h WHERE h.status = 'active' AND h.disabled_at IS NULL) AS addresses \
        WHERE since IS NOT NULL ORDER BY since, hook_id",
        first = first_attempts_now("h.id", "$1", "$2", None),
    );
    Ok(
        on_conn!(conn, c => sqlx::query_as::<_, DueAt>(sqlx::AssertSqlSafe(sql)).bind(due_by).bind(most).fetch_all(c).await?),
    )
}

/// Claims up to `limit` of the retries of `hook_id` due at `due_by` (deliveries attempted before,
/// due again or whose lease ran out by then), oldest first, for `token` until the database's
/// time plus `lease_ms`. Returns the ids claimed. Run it inside a transaction.
pub async fn claim_retries(
    conn: Conn<'_>,
    token: &str,
    hook_id: HookId,
    due_by: i64,
    lease_ms: i64,
    limit: i64,
) -> Result<Vec<DeliveryId>, DbError> {
    // Postgres skips rows another worker has locked; SQLite has one writer at a time, so the
    // single UPDATE is atomic on its own.
    let skip_locked = match conn {
        Conn::Postgres(_) => " FOR UPDATE SKIP LOCKED",
        Conn::Sqlite(_) => "",
    };
    let sql = format!(
        "UPDATE deliveries SET status = 'in_flight', lease_token = $1, \
            lease_until = {now} + $4, updated_at = {now} \
         WHERE {ACTIVE_HOOK} AND id IN (SELECT id FROM ( \
            SELECT id, due FROM (SELECT id, next_attempt_at AS due FROM deliveries \
                WHERE hook_id = $2 AND attempts > 0 AND status = 'pending' \
                  AND next_attempt_at <= $3 \
                ORDER BY next_attempt_at LIMIT $5{skip_locked}) AS pending_due \
            UNION ALL \
            SELECT id, due FROM (SELECT id, lease_until AS due FROM deliveries \
                WHERE hook_id = $2 AND status = 'in_flight' AND attempts > 0 \
                  AND lease_until < $3 \
                ORDER BY lease_until LIMIT $5{skip_locked}) AS lease_expired) AS candidates \
            ORDER BY due LIMIT $5) \
         RETURNING id",
        now = now_sql(&conn),
    );
    let mut ids: Vec<DeliveryId> = on_conn!(conn, c => sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(token).bind(hook_id).bind(due_by).bind(lease_ms).bind(limit)
        .fetch_all(c).await?);
    ids.sort_unstable();
    Ok(ids)
}

/// Whether the claim token `token` (an SQL expression) is one of the run `run`'s (an SQL
/// expression): the run's first token, or one it took later for what follows (that token,
/// a dot and a number). A run takes a fresh token for each part it claims, so that looking up a
/// part's rows by its token never reads the versions Postgres keeps of the parts before it.
fn of_run(token: &str, run: &str) -> String {
    format!("substr({token}, 1, length({run})) = {run}")
}

/// Claims up to `limit` first attempts of `hook_id` that may go at `due_by`, in event order
/// (none while an earlier one still waits or is leased by anyone but the run `run`), for `token`
/// until the database's time plus `lease_ms`: a run for one sender to send one after another.
/// Those already leased by the run (`run`, and the tokens it took after it) neither wait nor are
/// taken again, so a run's sender claims what follows it before it has sent its last. A claim
/// that begins a run passes its token as both. Returns the ids claimed, in event order. Run it
/// inside a transaction.
///
/// On Postgres one claimer at a time reads an address's first attempts (a transaction-scoped
/// advisory lock, tried and not waited for: a loop that finds another claiming leaves that
/// address's first attempts for its next look), so two loops can never take two parts of one
/// address's line. SQLite's one writer at a time gives the same.
pub async fn claim_in_order(
    mut conn: Conn<'_>,
    token: &str,
    run: &str,
    hook_id: HookId,
    due_by: i64,
    lease_ms: i64,
    limit: i64,
) -> Result<Vec<DeliveryId>, DbError> {
    let now = now_sql(&conn);
    // What is claimed is checked again as it is written: still waiting for its first attempt,
    // due (or its lease ran out), of an address not disabled. "Still waiting" is written
    // `attempts < 1`, not `attempts = 0`: with `= 0` the check matches the condition of the
    // index of first attempts, which a planner without statistics yet (a backlog of ten
    // thousand in a fresh table) takes for a few rows and reads whole to find the ones named,
    // 4 to 7 ms a claim (`auto_explain`); it now finds them by their ids, about 2 ms.
    let claim = |which: &str, due_by: &str, lease_ms: &str| {
        format!(
            "UPDATE deliveries SET status = 'in_flight', lease_token = $1, \
                lease_until = {now} + {lease_ms}, updated_at = {now} \
             WHERE {which} AND {ACTIVE_HOOK} AND attempts < 1 \
               AND ((status = 'pending' AND next_attempt_at <= {due_by}) \
                 OR (status = 'in_flight' AND lease_until < {due_by})) \
             RETURNING id"
        )
    };
    let first = first_attempts_now("$1", "$2", "$3", Some("$4"));
    let mut ids: Vec<DeliveryId> = match conn.reborrow() {
        Conn::Postgres(c) => {
            const CLAIMER: &str =
                "SELECT pg_try_advisory_xact_lock($1, ($2 % 2147483647)::INTEGER)";
            let alone: bool = sqlx::query_scalar(CLAIMER)
                .bind(FIRST_ATTEMPTS_LOCK)
                .bind(hook_id)
                .fetch_one(&mut *c)
                .await?;
            if !alone {
                return Ok(Vec::new());
            }
            // Two statements, the ids read first: in one, a planner whose statistics have not
            // caught up with a sudden backlog (a fresh table, ten thousand events at once)
            // walks every waiting delivery of every address once per line it reads, and a
            // backlog drains at a tenth of its speed. Read under the address's advisory lock,
            // the ids cannot be taken by another claimer meanwhile; the update checks them again.
            let line: Vec<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(first))
                .bind(hook_id)
                .bind(due_by)
                .bind(limit)
                .bind(run)
                .fetch_all(&mut *c)
                .await?;
            if line.is_empty() {
                return Ok(Vec::new());
            }
            let sql = claim("id = ANY($4)", "$2", "$3");
            sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                .bind(token)
                .bind(due_by)
                .bind(lease_ms)
                .bind(line)
                .fetch_all(c)
                .await?
        }
        // SQLite's one writer at a time: one statement, which its planner drives from the
        // address's own first attempts.
        Conn::Sqlite(c) => {
            let which = format!(
                "id IN ({})",
                first_attempts_now("$2", "$3", "$5", Some("$6"))
            );
            let sql = claim(&which, "$3", "$4");
            sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                .bind(token)
                .bind(hook_id)
                .bind(due_by)
                .bind(lease_ms)
                .bind(limit)
                .bind(run)
                .fetch_all(c)
                .await?
        }
    };
    ids.sort_unstable();
    Ok(ids)
}

/// The first key of the advisory lock that [`claim_in_order`] takes on Postgres (the second is
/// the address's id): "tour" in ASCII, apart from any other advisory lock on the database.
const FIRST_ATTEMPTS_LOCK: i32 = 0x746f_7572;

/// Gives back the first attempts of `hook_id` from `from` on that the run `run` claimed
/// ([`claim_in_order`]) and did not send (a run cut short by a shutdown, or by its address going
/// away): due again at once for any loop, in the same order. Retries claimed under the run's
/// first token are left alone (they are being sent). Returns how many.
pub async fn release(
    conn: Conn<'_>,
    run: &str,
    hook_id: HookId,
    from: DeliveryId,
    now: i64,
) -> Result<u64, DbError> {
    let sql = format!(
        "UPDATE deliveries SET status = 'pending', lease_token = NULL, lease_until = NULL, \
            updated_at = $4 \
         WHERE hook_id = $2 AND id >= $3 AND attempts = 0 AND status = 'in_flight' AND {}",
        of_run("lease_token", "$1")
    );
    Ok(on_conn!(conn, c => sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(run).bind(hook_id).bind(from).bind(now)
        .execute(c).await?.rows_affected()))
}

/// Extends the leases of the deliveries claimed under `token` that are still in flight, to the
/// database's time plus `lease_ms`. Returns how many.
pub async fn renew(conn: Conn<'_>, token: &str, lease_ms: i64) -> Result<u64, DbError> {
    let sql = format!(
        "UPDATE deliveries SET lease_until = {} + $2 \
         WHERE lease_token = $1 AND status = 'in_flight'",
        now_sql(&conn)
    );
    Ok(on_conn!(conn, c => sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(token).bind(lease_ms).execute(c).await?.rows_affected()))
}

/// Claims the one delivery of `event_id` to `hook_id` for a ping, whatever its due time, until
/// the database's time plus `lease_ms`.
pub async fn claim_for_ping(
    conn: Conn<'_>,
    event_id: EventId,
    hook_id: HookId,
    token: &str,
    lease_ms: i64,
) -> Result<u64, DbError> {
    let sql = format!(
        "UPDATE deliveries SET status = 'in_flight', lease_token = $3, \
            lease_until = {now} + $4, next_trigger = 'ping', updated_at = {now} \
         WHERE event_id = $1 AND hook_id = $2 AND status = 'pending'",
        now = now_sql(&conn)
    );
    Ok(on_conn!(conn, c => sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(event_id).bind(hook_id).bind(token).bind(lease_ms)
        .execute(c).await?.rows_affected()))
}

/// The deliveries claimed under `token`, with their event bodies and hook URLs.
pub async fn claimed(conn: Conn<'_>, token: &str) -> Result<Vec<ClaimedRow>, DbError> {
    const SQL: &str = "SELECT d.id, d.event_id, d.hook_id, d.attempts, d.next_trigger, \
            d.next_attempt_at, h.url, e.body, h.signature_headers \
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

/// What an attempt leaves the delivery to become.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum After {
    Succeeded,
    /// Due again this many milliseconds after the attempt is recorded (the database's time).
    RetryIn(i64),
    Failed,
}

/// The delivery's state after the attempt, as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextState {
    Succeeded,
    /// Due again at this time (the database's clock, Unix ms).
    RetryAt(i64),
    Failed,
}

/// One attempt to record: the delivery, the claim it was sent under, what it leaves the
/// delivery to become, and the attempt itself.
#[derive(Debug, Clone)]
pub struct Completion<'a> {
    pub delivery_id: DeliveryId,
    pub token: &'a str,
    pub after: After,
    /// When the attempt ended (Unix ms): the delivery's `updated_at`.
    pub now: i64,
    pub attempt: AttemptRecord<'a>,
}

/// Records every attempt of `completions` and moves each delivery on as its `after` says, but
/// only while its token still holds its claim: two statements however many there are (an update
/// of the deliveries and an insert of the attempts, each reading the batch as one JSON array).
/// Returns, for each completion in order, the attempt's number and the state recorded, or `None`
/// when its claim was lost (nothing recorded for it). Run it inside a transaction.
pub async fn complete_all(
    mut conn: Conn<'_>,
    completions: &[Completion<'_>],
) -> Result<Vec<Option<(i64, NextState)>>, DbError> {
    if completions.is_empty() {
        return Ok(Vec::new());
    }
    let moves: Vec<serde_json::Value> = completions
        .iter()
        .map(|c| {
            let (status, retry_in) = match c.after {
                After::Succeeded => (DeliveryStatus::Succeeded, None),
                After::RetryIn(ms) => (DeliveryStatus::Pending, Some(ms)),
                After::Failed => (DeliveryStatus::Failed, None),
            };
            serde_json::json!({
                "id": c.delivery_id.raw(),
                "token": c.token,
                "status": status.as_str(),
                "retry_in": retry_in,
                "at": c.now,
            })
        })
        .collect();
    // Only the way a JSON array is read as rows differs between the two databases.
    let (moves_from, attempts_from) = match conn {
        Conn::Postgres(_) => (
            "jsonb_to_recordset($1::jsonb) AS i(id BIGINT, token TEXT, status TEXT, \
                retry_in BIGINT, at BIGINT)",
            "jsonb_to_recordset($1::jsonb) AS i(delivery_id BIGINT, number BIGINT, \
                trigger TEXT, started_at BIGINT, duration_ms BIGINT, status_code BIGINT, \
                error_class TEXT, peer_addr TEXT, response_excerpt TEXT, error_reason TEXT)",
        ),
        Conn::Sqlite(_) => (
            "(SELECT value ->> 'id' AS id, value ->> 'token' AS token, \
                value ->> 'status' AS status, value ->> 'retry_in' AS retry_in, \
                value ->> 'at' AS at FROM json_each($1)) AS i",
            "(SELECT value ->> 'delivery_id' AS delivery_id, value ->> 'number' AS number, \
                value ->> 'trigger' AS trigger, value ->> 'started_at' AS started_at, \
                value ->> 'duration_ms' AS duration_ms, value ->> 'status_code' AS status_code, \
                value ->> 'error_class' AS error_class, value ->> 'peer_addr' AS peer_addr, \
                value ->> 'response_excerpt' AS response_excerpt, \
                value ->> 'error_reason' AS error_reason FROM json_each($1)) AS i",
        ),
    };
    // The deliveries are found by their ids, whatever the planner guesses of the batch's size
    // (on Postgres it guesses 100 rows for any JSON array, and would read the whole table once
    // per batch to join it): Postgres is given the ids as an array too, SQLite reads them from
    // the batch.
    let these = match conn {
        Conn::Postgres(_) => "deliveries.id = ANY($2)",
        Conn::Sqlite(_) => "deliveries.id IN (SELECT value ->> 'id' FROM json_each($1))",
    };
    let update = format!(
        "UPDATE deliveries SET status = i.status, attempts = deliveries.attempts + 1, \
            next_attempt_at = {now} + i.retry_in, lease_token = NULL, lease_until = NULL, \
            next_trigger = 'scheduled', updated_at = i.at \
         FROM {moves_from} \
         WHERE {these} AND deliveries.id = i.id AND deliveries.lease_token = i.token \
         RETURNING deliveries.id, deliveries.attempts, deliveries.next_attempt_at",
        now = now_sql(&conn)
    );
    let moves = serde_json::Value::Array(moves).to_string();
    let update = sqlx::AssertSqlSafe(update);
    let moved: Vec<(DeliveryId, i64, Option<i64>)> = match conn.reborrow() {
        Conn::Postgres(c) => {
            // Postgres plans a prepared statement anew for each execution while that plan looks
            // cheaper than its generic one, and with the batch's ids at hand it always does: a
            // plan of 0.3 ms for an update of 0.4 (`pg_stat_statements`, the webhook bench). The
            // generic plan finds the ids by the primary key all the same; for this transaction
            // only, the statements keep it.
            sqlx::query("SET LOCAL plan_cache_mode = force_generic_plan")
                .execute(&mut *c)
                .await?;
            let ids: Vec<i64> = completions.iter().map(|c| c.delivery_id.raw()).collect();
            sqlx::query_as(update)
                .bind(moves)
                .bind(ids)
                .fetch_all(c)
                .await?
        }
        Conn::Sqlite(c) => sqlx::query_as(update).bind(moves).fetch_all(c).await?,
    };
    let moved: std::collections::HashMap<DeliveryId, (i64, Option<i64>)> = moved
        .into_iter()
        .map(|(id, number, next_at)| (id, (number, next_at)))
        .collect();
    let mut recorded = Vec::with_capacity(completions.len());
    let mut attempts = Vec::with_capacity(moved.len());
    for c in completions {
        let Some(&(number, next_at)) = moved.get(&c.delivery_id) else {
            recorded.push(None);
            continue;
        };
        let a = &c.attempt;
        attempts.push(serde_json::json!({
            "delivery_id": c.delivery_id.raw(),
            "number": number,
            "trigger": a.trigger.as_str(),
            "started_at": a.started_at,
            "duration_ms": a.duration_ms,
            "status_code": a.status_code,
            "error_class": a.error_class.map(ErrorClass::as_str),
            "peer_addr": a.peer_addr,
            "response_excerpt": a.response_excerpt,
            "error_reason": a.error_reason,
        }));
        let next = match (c.after, next_at) {
            (After::Succeeded, _) => NextState::Succeeded,
            (After::RetryIn(_), Some(at)) => NextState::RetryAt(at),
            (After::RetryIn(_), None) | (After::Failed, _) => NextState::Failed,
        };
        recorded.push(Some((number, next)));
    }
    if !attempts.is_empty() {
        let insert = format!(
            "INSERT INTO attempts (delivery_id, number, trigger, started_at, duration_ms, \
                status_code, error_class, peer_addr, response_excerpt, error_reason) \
             SELECT i.delivery_id, i.number, i.trigger, i.started_at, i.duration_ms, \
                i.status_code, i.error_class, i.peer_addr, i.response_excerpt, i.error_reason \
             FROM {attempts_from}"
        );
        let attempts = serde_json::Value::Array(attempts).to_string();
        on_conn!(conn, c => sqlx::query(sqlx::AssertSqlSafe(insert))
            .bind(attempts).execute(c).await?.rows_affected());
    }
    Ok(recorded)
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
    let sql = format!(
        "UPDATE deliveries SET status = 'pending', next_attempt_at = {}, \
            next_trigger = 'manual', updated_at = $2 WHERE id = $1 AND status = 'failed'",
        now_sql(&conn)
    );
    let changed = on_conn!(conn, c => sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id).bind(now).execute(c).await?.rows_affected());
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
    let sql = format!(
        "UPDATE deliveries SET status = 'pending', next_attempt_at = {}, \
            next_trigger = 'manual', updated_at = $2 WHERE id IN (SELECT id FROM deliveries \
              WHERE hook_id = $1 AND status = 'failed' AND ($3 IS NULL OR created_at >= $3) \
              ORDER BY id LIMIT $4) \
         RETURNING id",
        now_sql(&conn)
    );
    let mut ids: Vec<DeliveryId> = on_conn!(conn, c => sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
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
    let sql = if drop {
        "UPDATE deliveries SET status = 'failed', next_attempt_at = NULL, \
            updated_at = $2 WHERE hook_id = $1 AND status = 'pending'"
            .to_owned()
    } else {
        format!(
            "UPDATE deliveries SET next_attempt_at = {}, updated_at = $2 \
             WHERE hook_id = $1 AND status = 'pending'",
            now_sql(&conn)
        )
    };
    Ok(on_conn!(conn, c => sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(hook_id).bind(now).execute(c).await?.rows_affected()))
}

/// The queue now (the database's time): how many deliveries are due, and for how long the
/// oldest of them has been (since its scheduled time, or its lease's end), in ms, for metrics.
pub async fn queue_figures(conn: Conn<'_>) -> Result<(i64, Option<i64>), DbError> {
    let now = now_sql(&conn);
    let sql = format!(
        "SELECT COUNT(*), {now} - MIN(COALESCE(next_attempt_at, lease_until)) FROM deliveries \
         WHERE {}",
        due(now)
    );
    Ok(on_conn!(conn, c => sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(c).await?))
}

/// How many deliveries are due now (the database's time; for the progress bar of
/// `dispatch --once`).
pub async fn count_due(conn: Conn<'_>) -> Result<i64, DbError> {
    let sql = format!(
        "SELECT COUNT(*) FROM deliveries WHERE {}",
        due(now_sql(&conn))
    );
    Ok(on_conn!(conn, c => sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(c).await?))
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

/// The attempts of one address's deliveries numbered `first..=last`, newest delivery first and
/// each delivery's attempts in order: one query for a page of deliveries.
pub async fn attempts_for_hook(
    conn: Conn<'_>,
    hook_id: HookId,
    first: DeliveryId,
    last: DeliveryId,
) -> Result<Vec<AttemptRow>, DbError> {
    const SQL: &str = "SELECT a.* FROM attempts a JOIN deliveries d ON d.id = a.delivery_id \
         WHERE d.hook_id = $1 AND d.id BETWEEN $2 AND $3 ORDER BY a.delivery_id DESC, a.number";
    Ok(on_conn!(conn, c => sqlx::query_as::<_, AttemptRow>(SQL)
        .bind(hook_id)
        .bind(first)
        .bind(last)
        .fetch_all(c)
        .await?))
}
