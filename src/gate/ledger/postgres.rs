//! The rate windows' SQL on Postgres: a batch is two statements and no transaction around them
//! (`ledger::in_rounds`). The first reads the keys' windows, the database's time and the
//! versions; the second writes what was decided, for each key only while its count row's
//! generation is still the one read, and says which keys it wrote. Lists are bound as arrays.
//!
//! They run on the rate limit's own connection, not the pool's: a pool checks a connection with a
//! round trip when it is taken and another when it is given back (sqlx does both by default),
//! which, for two statements a batch, was a third of a batch's time. The lane runs one batch at
//! a time, so one connection serves it.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::BoxFuture;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgDatabaseError, PgSeverity};
use sqlx::{ConnectOptions, PgPool};
use tokio::sync::Mutex;
use tokio::time::Instant;

use super::super::policy::{self, LEASE_GRACE_MS, SLOT_MS, Stored, Terms, Writes};
use super::{LedgerTimes, Read, Rounds, leases_of};
use crate::db::versions::{self, Versions};
use crate::db::{Conn, DbError};
use crate::timing::Histogram;

/// The connection's name in `pg_stat_activity`.
const APPLICATION_NAME: &str = "tourney rate limit";
/// How long opening the connection may take.
const CONNECT_WITHIN: Duration = Duration::from_secs(5);

/// The windows on Postgres, on a connection of its own, whose plans are made once
/// (`plan_cache_mode = force_generic_plan`: the two statements run thousands of times a second
/// with lists of any length, and planning each anew costs more than running it), and made to
/// look rows up by their keys (`enable_seqscan = off`: a plan made while the tables were small
/// must not scan them whole once they are large; every condition here is on a key).
///
/// The connection is taken out while a statement runs and put back only once it answered: a
/// statement that failed for any reason but the database's own answer (the connection lost, a
/// statement given up half-way) leaves no connection behind, and the next opens a new one. A
/// read that fails so on a connection used before is read once more on a new one (a restarted
/// database closes every connection, and a read changes nothing); a write is never sent twice.
pub(super) struct Store {
    options: PgConnectOptions,
    connection: Mutex<Option<PgConnection>>,
    times: Arc<LedgerTimes>,
}

impl Store {
    pub(super) fn new(pool: &PgPool, times: Arc<LedgerTimes>) -> Store {
        let options = (*pool.connect_options())
            .clone()
            .application_name(APPLICATION_NAME)
            .options([
                ("plan_cache_mode", "force_generic_plan"),
                ("enable_seqscan", "off"),
            ]);
        Store {
            options,
            connection: Mutex::new(None),
            times,
        }
    }

    /// The connection, opened if there is none; the wait (for the batch before, or to open
    /// it) timed as the ledger's turn. `fresh` says whether it was opened now.
    async fn take(&self) -> Result<(PgConnection, bool), DbError> {
        let asked = Instant::now();
        let kept = self.connection.lock().await.take();
        let taken = match kept {
            Some(conn) => Ok((conn, false)),
            None => match tokio::time::timeout(CONNECT_WITHIN, self.options.connect()).await {
                Ok(Ok(conn)) => Ok((conn, true)),
                Ok(Err(error)) => Err(DbError::Query(error)),
                Err(_) => Err(DbError::TimedOut(CONNECT_WITHIN)),
            },
        };
        self.times.turn.record(asked.elapsed());
        taken
    }

    /// Puts the connection back after a statement that the database answered (with rows or
    /// with its own error); any other failure drops it.
    async fn give_back<T>(&self, conn: PgConnection, outcome: &Result<T, DbError>) {
        if answered(outcome) {
            *self.connection.lock().await = Some(conn);
        }
    }

    /// What is current, read alone (a request its server's memory decided).
    pub(super) async fn versions(&self) -> Result<Versions, DbError> {
        self.reading(None, |conn| {
            Box::pin(async move { versions::read(Conn::Postgres(conn)).await })
        })
        .await
    }

    /// Runs a statement that changes nothing: once more on a new connection when the one kept
    /// turns out to be lost. Timed as `timed`, if given.
    async fn reading<T>(
        &self,
        timed: Option<&Histogram>,
        statement: impl for<'c> Fn(&'c mut PgConnection) -> BoxFuture<'c, Result<T, DbError>>,
    ) -> Result<T, DbError> {
        loop {
            let (mut conn, fresh) = self.take().await?;
            let began = Instant::now();
            let outcome = statement(&mut conn).await;
            if let Some(histogram) = timed {
                histogram.record(began.elapsed());
            }
            let lost = !answered(&outcome);
            self.give_back(conn, &outcome).await;
            if lost && !fresh {
                tracing::debug!("the rate limit's connection was lost: reading again on a new one");
                continue;
            }
            return outcome;
        }
    }
}

/// Whether the database answered a statement and keeps the session (with rows, or with its own
/// error): otherwise the connection is not to be used again. An error of severity FATAL or PANIC
/// is the database's last word on a session (`pg_terminate_backend`, a shutdown): it closes the
/// connection after it.
fn answered<T>(outcome: &Result<T, DbError>) -> bool {
    match outcome {
        Ok(_) => true,
        Err(DbError::Query(error)) => error.as_database_error().is_some_and(|error| {
            error
                .try_downcast_ref::<PgDatabaseError>()
                .is_none_or(|error| {
                    !matches!(error.severity(), PgSeverity::Fatal | PgSeverity::Panic)
                })
        }),
        Err(_) => false,
    }
}

impl Rounds for Store {
    async fn read(&self, keys: &[i64], terms: Terms) -> Result<Read, DbError> {
        let keys = keys.to_vec();
        self.reading(Some(&self.times.read), move |conn| {
            let keys = keys.clone();
            Box::pin(async move { read(conn, &keys, terms).await })
        })
        .await
    }

    async fn write(&self, writes: &Writes, now: i64, terms: Terms) -> Result<Vec<i64>, DbError> {
        let (mut conn, _) = self.take().await?;
        let began = Instant::now();
        let outcome = write(&mut conn, writes, now, terms).await;
        self.times.write.record(began.elapsed());
        self.give_back(conn, &outcome).await;
        outcome
    }
}

/// The windows of `keys`, the database's time and the versions, in one statement.
async fn read(conn: &mut PgConnection, keys: &[i64], terms: Terms) -> Result<Read, DbError> {
    type Row = (
        i64,
        i64,
        i64,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        Option<String>,
    );
    let rows: Vec<Row> = sqlx::query_as(
        "WITH t AS (SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT AS now), \
              k AS (SELECT unnest($1::BIGINT[]) AS key_id) \
         SELECT t.now, v.keys, v.data, k.key_id, c.generation, c.used, \
                (SELECT SUM(s.n) FROM rate_stamps s WHERE s.key_id = k.key_id \
                   AND s.slot <= (t.now - $2) / $3 AND s.last_at <= t.now - $2)::BIGINT, \
                (SELECT s.last_at FROM rate_stamps s WHERE s.key_id = k.key_id \
                   AND s.slot >= (t.now - $2) / $3 AND s.last_at > t.now - $2 AND s.n > 0 \
                 ORDER BY s.key_id, s.slot LIMIT 1), \
                c.holder, \
                (SELECT json_agg(json_build_object('holder', l.holder, 'id', l.id, \
                          'ends_at', l.ends_at, 'places', l.places, 'stamped', COALESCE(st.n, 0)))::TEXT \
                   FROM rate_leases l LEFT JOIN rate_stamps st \
                     ON st.key_id = l.key_id AND st.slot = l.ends_at / $3 \
                  WHERE l.key_id = k.key_id AND l.ends_at > t.now - $4) \
         FROM t CROSS JOIN versions v LEFT JOIN k ON true \
              LEFT JOIN rate_counts c ON c.key_id = k.key_id \
         WHERE v.id = 1",
    )
    .bind(keys)
    .bind(terms.window_ms)
    .bind(SLOT_MS)
    .bind(LEASE_GRACE_MS)
    .fetch_all(conn)
    .await?;
    let Some(&(now, keys_version, data_version, ..)) = rows.first() else {
        return Err(DbError::Corrupt("the versions row is missing".into()));
    };
    let mut windows = BTreeMap::new();
    for (_, _, _, key, generation, used, left, oldest, holder, leases) in rows {
        let Some(key) = key else { continue };
        windows.insert(
            key,
            Stored {
                generation: generation.unwrap_or(0),
                used: used.unwrap_or(0),
                left: left.unwrap_or(0),
                oldest,
                holder,
                leases: leases_of(leases.as_deref())?,
            },
        );
    }
    Ok(Read {
        now,
        versions: Versions {
            keys: keys_version,
            data: data_version,
        },
        windows,
    })
}

/// Writes what was decided at `now`, for the keys whose count rows are as read; returns those
/// keys.
async fn write(
    conn: &mut PgConnection,
    writes: &Writes,
    now: i64,
    terms: Terms,
) -> Result<Vec<i64>, DbError> {
    let until = now - terms.window_ms;
    let column = |f: fn(&policy::Count) -> Option<i64>| -> Vec<Option<i64>> {
        writes.counts.iter().map(f).collect()
    };
    let stamps =
        |f: fn(&policy::Stamp) -> i64| -> Vec<i64> { writes.stamps.iter().map(f).collect() };
    let back =
        |f: fn(&policy::LeaseRow) -> i64| -> Vec<i64> { writes.back.iter().map(f).collect() };
    let lent =
        |f: fn(&policy::LeaseRow) -> i64| -> Vec<i64> { writes.lent.iter().map(f).collect() };
    let taken: Vec<i64> = sqlx::query_scalar(
        "WITH w AS (SELECT * FROM unnest($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], $4::BIGINT[], \
                                         $5::BIGINT[]) AS w(key_id, generation, used, holder, last_at)), \
         ok AS (INSERT INTO rate_counts AS r (key_id, generation, used, holder, last_at) \
                SELECT key_id, generation + 1, used, holder, last_at FROM w \
                ON CONFLICT (key_id) DO UPDATE SET generation = excluded.generation, \
                   used = excluded.used, holder = excluded.holder, \
                   last_at = COALESCE(excluded.last_at, r.last_at) \
                WHERE r.generation = excluded.generation - 1 \
                RETURNING r.key_id), \
         d AS (SELECT * FROM unnest($6::BIGINT[], $7::BIGINT[], $8::BIGINT[], $9::BIGINT[]) \
                 AS d(key_id, slot, n, last_at) WHERE d.key_id IN (SELECT key_id FROM ok)), \
         gone AS (DELETE FROM rate_stamps s WHERE s.key_id = ANY($1) AND s.slot <= $10 \
                  AND s.last_at <= $11 AND s.key_id IN (SELECT key_id FROM ok) \
                  AND NOT EXISTS (SELECT 1 FROM d WHERE d.key_id = s.key_id AND d.slot = s.slot)), \
         leases AS (DELETE FROM rate_leases l WHERE l.key_id = ANY($1) \
                    AND l.key_id IN (SELECT key_id FROM ok) AND (l.ends_at <= $12 OR (l.key_id, l.holder, l.id) IN \
                         (SELECT * FROM unnest($13::BIGINT[], $14::BIGINT[], $15::BIGINT[])))), \
         lent AS (INSERT INTO rate_leases (key_id, holder, id, ends_at, places) \
                  SELECT * FROM unnest($16::BIGINT[], $17::BIGINT[], $18::BIGINT[], $19::BIGINT[], \
                                       $20::BIGINT[]) AS x(key_id, holder, id, ends_at, places) \
                  WHERE x.key_id IN (SELECT key_id FROM ok)), \
         stamped AS (INSERT INTO rate_stamps AS s (key_id, slot, n, last_at) SELECT * FROM d \
                     ON CONFLICT (key_id, slot) DO UPDATE SET \
                     n = CASE WHEN s.slot <= $10 AND s.last_at <= $11 THEN excluded.n \
                              ELSE s.n + excluded.n END, \
                     last_at = CASE WHEN s.slot <= $10 AND s.last_at <= $11 THEN excluded.last_at \
                                    ELSE GREATEST(s.last_at, excluded.last_at) END) \
         SELECT key_id FROM ok",
    )
    .bind(column(|c| Some(c.key)))
    .bind(column(|c| Some(c.generation)))
    .bind(column(|c| Some(c.used)))
    .bind(column(|c| c.holder))
    .bind(column(|c| c.last_at))
    .bind(stamps(|s| s.key))
    .bind(stamps(|s| s.slot))
    .bind(stamps(|s| s.n))
    .bind(stamps(|s| s.last_at))
    .bind(policy::slot(until))
    .bind(until)
    .bind(now - LEASE_GRACE_MS)
    .bind(back(|l| l.key))
    .bind(back(|l| l.holder))
    .bind(back(|l| l.id))
    .bind(lent(|l| l.key))
    .bind(lent(|l| l.holder))
    .bind(lent(|l| l.id))
    .bind(lent(|l| l.ends_at))
    .bind(lent(|l| l.places))
    .fetch_all(conn)
    .await?;
    Ok(taken)
}
