//! The rate windows on Postgres: a batch settled with array-bound statements, holding the keys'
//! count rows in key order, and leases given back the same way. A batch is three statements
//! between BEGIN and COMMIT: take the rows, decide (reading the versions too), write.

use super::{
    Ask, LEASE_GRACE_MS, Returned, SLOT_MS, Seen, Terms, Verdict, backs, distinct, settle, slot,
    sorted, stamps,
};
use crate::db::DbError;
use crate::db::versions::Versions;
use crate::ids::KeyId;

/// What [`decide_postgres`] found.
pub enum Decided {
    /// The database's time, each request's verdict, and the versions read in the same statement.
    Settled {
        now: i64,
        verdicts: Vec<Verdict>,
        versions: Versions,
    },
    /// Some keys have no count row yet (new keys, or the table emptied by a crash): nothing was
    /// written; roll back, [`create_counts`], and settle again.
    Missing(Vec<i64>),
}

/// Gives back `returned` (and the leases going back with the asks), then settles `asks` on
/// Postgres, inside the caller's transaction (held until it commits), reading the versions in the
/// statement that decides (a round trip fewer for every batch).
pub async fn decide_postgres(
    c: &mut sqlx::PgConnection,
    asks: &[Ask],
    returned: &[Returned],
    terms: Terms,
) -> Result<Decided, DbError> {
    let back = backs(asks, returned);
    let distinct = distinct(asks.iter().map(|a| a.key));
    let held = lock_postgres(
        &mut *c,
        &self::distinct(
            distinct
                .iter()
                .map(|k| KeyId::from_raw(*k))
                .chain(back.iter().map(|r| r.key)),
        ),
    )
    .await?;
    if distinct.iter().any(|k| !held.contains(k)) {
        let missing = distinct.into_iter().filter(|k| !held.contains(k)).collect();
        return Ok(Decided::Missing(missing));
    }
    // A key without a count row has no lease to give back either (both tables lost their rows).
    let back: Vec<Returned> = back
        .into_iter()
        .filter(|r| held.contains(&r.key.raw()))
        .collect();
    return_held(&mut *c, &back, terms.holder).await?;
    if asks.is_empty() {
        return Ok(Decided::Settled {
            now: 0,
            verdicts: Vec::new(),
            versions: Versions::default(),
        });
    }
    // The clock is read once the keys are held: every later settle of them reads a later time.
    #[allow(clippy::type_complexity)]
    let rows: Vec<(
        i64,
        i64,
        i64,
        i64,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        i64,
        i64,
    )> = sqlx::query_as(
        "WITH t AS (SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT AS now) \
         SELECT t.now, c.key_id, c.used, \
                COALESCE((SELECT SUM(n) FROM rate_stamps s WHERE s.key_id = c.key_id \
                          AND s.slot <= ((t.now - $2) / $3) AND s.last_at <= t.now - $2), 0)::BIGINT, \
                (SELECT s.last_at FROM rate_stamps s WHERE s.key_id = c.key_id \
                   AND s.slot >= ((t.now - $2) / $3) AND s.last_at > t.now - $2 ORDER BY s.slot LIMIT 1), \
                (SELECT MAX(l.ends_at) FROM rate_leases l WHERE l.key_id = c.key_id AND l.ends_at > t.now - $4), \
                c.holder, v.keys, v.data \
         FROM t, versions v, rate_counts c WHERE v.id = 1 AND c.key_id = ANY($1)",
    )
    .bind(&distinct)
    .bind(terms.window_ms)
    .bind(SLOT_MS)
    .bind(LEASE_GRACE_MS)
    .fetch_all(&mut *c)
    .await?;
    let (now, versions) = match rows.first() {
        Some(row) => (
            row.0,
            Versions {
                keys: row.7,
                data: row.8,
            },
        ),
        None => return Err(DbError::Corrupt("no rate-limit rows for the batch".into())),
    };
    let seen: Vec<Seen> = rows
        .into_iter()
        .map(
            |(_, key, used, left, oldest, lent_until, holder, _, _)| Seen {
                key,
                used,
                left,
                oldest,
                lent_until,
                holder,
            },
        )
        .collect();
    let (verdicts, settled) = settle(asks, now, &seen, terms);
    let until = now - terms.window_ms;
    let ends_at = now + terms.lease_ms;
    let (counted, used): (Vec<i64>, Vec<i64>) = settled.iter().map(|s| (s.key, s.used)).unzip();
    let (lent_keys, lent): (Vec<i64>, Vec<i64>) = settled
        .iter()
        .filter(|s| s.lent > 0)
        .map(|s| (s.key, s.lent))
        .unzip();
    let rows = stamps(&settled, now, ends_at);
    let column = |i: usize| -> Vec<i64> { rows.iter().map(|r| [r.0, r.1, r.2, r.3][i]).collect() };
    sqlx::query(
        "WITH gone AS (DELETE FROM rate_stamps WHERE key_id = ANY($1) AND slot <= $4 AND last_at <= $3), \
         counted AS (UPDATE rate_counts r SET used = w.used, holder = $10, last_at = $15 \
                     FROM unnest($1::BIGINT[], $2::BIGINT[]) AS w(key_id, used) WHERE r.key_id = w.key_id), \
         lapsed AS (DELETE FROM rate_leases WHERE key_id = ANY($1) AND ends_at <= $9), \
         lent AS (INSERT INTO rate_leases (key_id, holder, ends_at, slot, places) \
                  SELECT k, $10, $11, $12, p FROM unnest($13::BIGINT[], $14::BIGINT[]) AS l(k, p) \
                  ON CONFLICT (key_id, holder, ends_at) DO UPDATE SET places = rate_leases.places + excluded.places) \
         INSERT INTO rate_stamps (key_id, slot, n, last_at) \
         SELECT * FROM unnest($5::BIGINT[], $6::BIGINT[], $7::BIGINT[], $8::BIGINT[]) \
         ON CONFLICT (key_id, slot) DO UPDATE \
         SET n = rate_stamps.n + excluded.n, last_at = GREATEST(rate_stamps.last_at, excluded.last_at)",
    )
    .bind(&counted)
    .bind(&used)
    .bind(until)
    .bind(slot(until))
    .bind(column(0))
    .bind(column(1))
    .bind(column(2))
    .bind(column(3))
    .bind(now - LEASE_GRACE_MS)
    .bind(terms.holder)
    .bind(ends_at)
    .bind(slot(ends_at))
    .bind(&lent_keys)
    .bind(&lent)
    .bind(now)
    .execute(&mut *c)
    .await?;
    Ok(Decided::Settled {
        now,
        verdicts,
        versions,
    })
}

/// Creates the count rows of `keys` that do not exist, in a statement of its own (outside any
/// transaction holding other rows, so that it cannot deadlock with one).
pub async fn create_counts(c: &mut sqlx::PgConnection, keys: &[i64]) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO rate_counts (key_id, used) SELECT k, 0 FROM unnest($1::BIGINT[]) k \
         ORDER BY k ON CONFLICT (key_id) DO NOTHING",
    )
    .bind(keys)
    .execute(c)
    .await?;
    Ok(())
}

/// Takes the count rows of `keys` (sorted) for the transaction, and says which exist: every
/// writer of the rate tables takes them first, in key order.
async fn lock_postgres(c: &mut sqlx::PgConnection, keys: &[i64]) -> Result<Vec<i64>, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT key_id FROM rate_counts WHERE key_id = ANY($1) ORDER BY key_id FOR UPDATE",
    )
    .bind(keys)
    .fetch_all(&mut *c)
    .await?)
}

/// Gives leases back, for keys whose count rows the transaction already holds: each lease's row
/// goes, and its unused places leave the count and the stamp they were counted in. A lease given
/// back already, dropped as abandoned, or whose stamp left the window, gives nothing back.
async fn return_held(
    c: &mut sqlx::PgConnection,
    returned: &[Returned],
    holder: i64,
) -> Result<(), DbError> {
    for r in sorted(returned) {
        let (key, places, unused) = (r.key.raw(), i64::from(r.lease.places), i64::from(r.unused));
        // The lease's row is its alone (no two leases of a key share an end), so it goes whole,
        // once: a lease given back twice gives nothing the second time.
        let held = sqlx::query(
            "DELETE FROM rate_leases WHERE key_id = $1 AND holder = $2 AND ends_at = $3 AND places = $4",
        )
        .bind(key)
        .bind(holder)
        .bind(r.lease.ends_at)
        .bind(places)
        .execute(&mut *c)
        .await?
        .rows_affected()
            == 1;
        if !held || unused == 0 {
            continue;
        }
        let left: Option<i64> = sqlx::query_scalar(
            "UPDATE rate_stamps SET n = n - $3 WHERE key_id = $1 AND slot = $2 AND n >= $3 \
             RETURNING n",
        )
        .bind(key)
        .bind(slot(r.lease.ends_at))
        .bind(unused)
        .fetch_optional(&mut *c)
        .await?;
        let Some(left) = left else { continue };
        sqlx::query("UPDATE rate_counts SET used = GREATEST(used - $2, 0) WHERE key_id = $1")
            .bind(key)
            .bind(unused)
            .execute(&mut *c)
            .await?;
        if left == 0 {
            sqlx::query("DELETE FROM rate_stamps WHERE key_id = $1 AND slot = $2 AND n = 0")
                .bind(key)
                .bind(slot(r.lease.ends_at))
                .execute(&mut *c)
                .await?;
        }
    }
    Ok(())
}
