//! The rate windows' SQL on SQLite, inside the write transaction of `db::sqlite`, which holds the
//! file's write lock from the read to the commit. Lists are bound as JSON arrays (`json_each`),
//! so a batch costs the same few statements however many keys it holds.

use std::collections::BTreeMap;

use rusqlite::{Transaction, params};
use serde::Serialize;

use super::super::policy::{LEASE_GRACE_MS, SLOT_MS, Stored, Terms, Writes, slot};
use super::{Read, leases_of};
use crate::db::DbError;
use crate::db::sqlite::read_versions;

fn json<T: Serialize>(values: &T) -> Result<String, DbError> {
    serde_json::to_string(values)
        .map_err(|_| DbError::Bug("numbers could not be written as JSON".into()))
}

/// Runs one statement of a batch (prepared once per connection).
fn execute(tx: &Transaction<'_>, sql: &str, params: impl rusqlite::Params) -> Result<(), DbError> {
    tx.prepare_cached(sql)
        .and_then(|mut s| s.execute(params))
        .map(|_| ())
        .map_err(DbError::Direct)
}

/// The windows of `keys` (sorted, distinct), the database's time and the versions.
pub(super) fn read(tx: &Transaction<'_>, keys: &[i64], terms: Terms) -> Result<Read, DbError> {
    let direct = DbError::Direct;
    let now: i64 = tx
        .prepare_cached("SELECT CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)")
        .and_then(|mut s| s.query_row([], |row| row.get(0)))
        .map_err(direct)?;
    let versions = read_versions(tx)?;
    let until = now - terms.window_ms;
    let mut windows = BTreeMap::new();
    let mut statement = tx
        .prepare_cached(
            "SELECT k.value, COALESCE(c.generation, 0), COALESCE(c.used, 0), \
                    COALESCE((SELECT SUM(n) FROM rate_stamps s WHERE s.key_id = k.value \
                              AND s.slot <= ?3 AND s.last_at <= ?2), 0), \
                    (SELECT s.last_at FROM rate_stamps s WHERE s.key_id = k.value \
                       AND s.slot >= ?3 AND s.last_at > ?2 AND s.n > 0 ORDER BY s.slot LIMIT 1), \
                    c.holder, \
                    (SELECT json_group_array(json_object('holder', l.holder, 'id', l.id, \
                              'ends_at', l.ends_at, 'places', l.places, 'stamped', COALESCE(st.n, 0))) \
                       FROM rate_leases l LEFT JOIN rate_stamps st \
                         ON st.key_id = l.key_id AND st.slot = l.ends_at / ?5 \
                      WHERE l.key_id = k.value AND l.ends_at > ?4) \
             FROM json_each(?1) k LEFT JOIN rate_counts c ON c.key_id = k.value",
        )
        .map_err(direct)?;
    let mut rows = statement
        .query(params![
            json(&keys)?,
            until,
            slot(until),
            now - LEASE_GRACE_MS,
            SLOT_MS
        ])
        .map_err(direct)?;
    while let Some(row) = rows.next().map_err(direct)? {
        let leases: Option<String> = row.get(6).map_err(direct)?;
        let stored = Stored {
            generation: row.get(1).map_err(direct)?,
            used: row.get(2).map_err(direct)?,
            left: row.get(3).map_err(direct)?,
            oldest: row.get(4).map_err(direct)?,
            holder: row.get(5).map_err(direct)?,
            leases: leases_of(leases.as_deref())?,
        };
        windows.insert(row.get(0).map_err(direct)?, stored);
    }
    Ok(Read {
        now,
        versions,
        windows,
    })
}

/// Writes what a batch decided for `keys`, read at `now`.
pub(super) fn write(
    tx: &Transaction<'_>,
    keys: &[i64],
    writes: &Writes,
    now: i64,
    terms: Terms,
) -> Result<(), DbError> {
    let until = now - terms.window_ms;
    let keys = json(&keys)?;
    let counts: Vec<_> = writes
        .counts
        .iter()
        .map(|c| (c.key, c.generation + 1, c.used, c.holder, c.last_at))
        .collect();
    execute(
        tx,
        "INSERT INTO rate_counts (key_id, generation, used, holder, last_at) \
         SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 \
           FROM json_each(?1) WHERE true \
         ON CONFLICT (key_id) DO UPDATE SET generation = excluded.generation, \
            used = excluded.used, holder = excluded.holder, \
            last_at = COALESCE(excluded.last_at, last_at)",
        [json(&counts)?],
    )?;
    execute(
        tx,
        "DELETE FROM rate_stamps WHERE slot <= ?3 AND last_at <= ?2 \
         AND key_id IN (SELECT value FROM json_each(?1))",
        params![keys, until, slot(until)],
    )?;
    let back: Vec<_> = writes
        .back
        .iter()
        .map(|l| (l.key, l.holder, l.id))
        .collect();
    execute(
        tx,
        "DELETE FROM rate_leases WHERE key_id IN (SELECT value FROM json_each(?1)) \
         AND (ends_at <= ?2 OR (key_id, holder, id) IN \
              (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?3)))",
        params![keys, now - LEASE_GRACE_MS, json(&back)?],
    )?;
    if !writes.lent.is_empty() {
        let lent: Vec<_> = writes
            .lent
            .iter()
            .map(|l| (l.key, l.holder, l.id, l.ends_at, l.places))
            .collect();
        execute(
            tx,
            "INSERT INTO rate_leases (key_id, holder, id, ends_at, places) \
             SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 \
               FROM json_each(?1)",
            [json(&lent)?],
        )?;
    }
    let stamps: Vec<_> = writes
        .stamps
        .iter()
        .map(|s| (s.key, s.slot, s.n, s.last_at))
        .collect();
    execute(
        tx,
        "INSERT INTO rate_stamps (key_id, slot, n, last_at) \
         SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(?1) WHERE true \
         ON CONFLICT (key_id, slot) DO UPDATE SET n = n + excluded.n, \
            last_at = max(last_at, excluded.last_at)",
        [json(&stamps)?],
    )
}

/// Writes this server present at `now`, and forgets servers not seen for an hour.
pub(super) fn present(tx: &Transaction<'_>, holder: i64, now: i64) -> Result<(), DbError> {
    execute(
        tx,
        "INSERT INTO rate_servers (holder, seen_at) VALUES (?1, ?2) \
         ON CONFLICT (holder) DO UPDATE SET seen_at = excluded.seen_at",
        params![holder, now],
    )?;
    execute(
        tx,
        "DELETE FROM rate_servers WHERE seen_at < ?1",
        [now - 3_600_000],
    )
}

/// Takes this server out of `rate_servers`.
pub(super) fn absent(tx: &Transaction<'_>, holder: i64) -> Result<(), DbError> {
    execute(tx, "DELETE FROM rate_servers WHERE holder = ?1", [holder])
}
