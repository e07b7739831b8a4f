//! The rate windows on SQLite, on a connection of `db::hot` holding the write lock: a batch
//! settled with JSON-bound statements, leases given back first.

use super::{
    Ask, LEASE_GRACE_MS, Returned, Seen, Terms, Verdict, backs, distinct, settle, slot, sorted,
    stamps,
};
use crate::db::DbError;

/// A JSON array of numbers, or of number tuples, for SQLite's `json_each`.
fn json<T: serde::Serialize>(values: &T) -> Result<String, DbError> {
    Ok(serde_json::to_string(values)?)
}

/// Gives back `returned` (and the leases going back with the asks), then settles `asks` on a
/// SQLite connection of `db::hot`, inside the caller's transaction, which must hold the write
/// lock (`BEGIN IMMEDIATE`): the database's time and each request's verdict.
pub fn decide_sqlite(
    tx: &rusqlite::Transaction<'_>,
    asks: &[Ask],
    returned: &[Returned],
    terms: Terms,
) -> Result<(i64, Vec<Verdict>), DbError> {
    give_back(tx, &backs(asks, returned), terms.holder)?;
    let distinct = json(&distinct(asks.iter().map(|a| a.key)))?;
    let direct = DbError::Direct;
    let now: i64 = tx
        .prepare_cached("SELECT CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)")
        .and_then(|mut s| s.query_row([], |row| row.get(0)))
        .map_err(direct)?;
    let until = now - terms.window_ms;
    let seen: Vec<Seen> = tx
        .prepare_cached(
            "SELECT k.value, COALESCE(c.used, 0), \
                    COALESCE((SELECT SUM(n) FROM rate_stamps s WHERE s.key_id = k.value \
                              AND s.slot <= ?3 AND s.last_at <= ?2), 0), \
                    (SELECT s.last_at FROM rate_stamps s WHERE s.key_id = k.value \
                       AND s.slot >= ?3 AND s.last_at > ?2 ORDER BY s.slot LIMIT 1), \
                    (SELECT MAX(l.ends_at) FROM rate_leases l WHERE l.key_id = k.value AND l.ends_at > ?4), \
                    c.holder \
             FROM json_each(?1) k LEFT JOIN rate_counts c ON c.key_id = k.value",
        )
        .and_then(|mut s| {
            s.query_map(
                rusqlite::params![distinct, until, slot(until), now - LEASE_GRACE_MS],
                |row| {
                    Ok(Seen {
                        key: row.get(0)?,
                        used: row.get(1)?,
                        left: row.get(2)?,
                        oldest: row.get(3)?,
                        lent_until: row.get(4)?,
                        holder: row.get(5)?,
                    })
                },
            )?
            .collect()
        })
        .map_err(direct)?;
    let (verdicts, settled) = settle(asks, now, &seen, terms);
    let ends_at = now + terms.lease_ms;
    let counts = json(&settled.iter().map(|s| (s.key, s.used)).collect::<Vec<_>>())?;
    let lent = json(
        &settled
            .iter()
            .filter(|s| s.lent > 0)
            .map(|s| (s.key, s.lent))
            .collect::<Vec<_>>(),
    )?;
    let stamps = json(&stamps(&settled, now, ends_at))?;
    tx.prepare_cached(
        "DELETE FROM rate_stamps WHERE slot <= ?3 AND last_at <= ?2 \
         AND key_id IN (SELECT value FROM json_each(?1))",
    )
    .and_then(|mut s| s.execute(rusqlite::params![distinct, until, slot(until)]))
    .map_err(direct)?;
    tx.prepare_cached(
        "INSERT INTO rate_counts (key_id, used, holder, last_at) \
         SELECT value ->> 0, value ->> 1, ?2, ?3 FROM json_each(?1) WHERE true \
         ON CONFLICT (key_id) DO UPDATE SET used = excluded.used, holder = excluded.holder, \
         last_at = excluded.last_at",
    )
    .and_then(|mut s| s.execute(rusqlite::params![counts, terms.holder, now]))
    .map_err(direct)?;
    tx.prepare_cached(
        "INSERT INTO rate_stamps (key_id, slot, n, last_at) \
         SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(?1) WHERE true \
         ON CONFLICT (key_id, slot) DO UPDATE SET n = n + excluded.n, last_at = max(last_at, excluded.last_at)",
    )
    .and_then(|mut s| s.execute([&stamps]))
    .map_err(direct)?;
    tx.prepare_cached(
        "DELETE FROM rate_leases WHERE ends_at <= ?2 AND key_id IN (SELECT value FROM json_each(?1))",
    )
    .and_then(|mut s| s.execute(rusqlite::params![distinct, now - LEASE_GRACE_MS]))
    .map_err(direct)?;
    if lent != "[]" {
        tx.prepare_cached(
            "INSERT INTO rate_leases (key_id, holder, ends_at, slot, places) \
             SELECT value ->> 0, ?2, ?3, ?4, value ->> 1 FROM json_each(?1) WHERE true \
             ON CONFLICT (key_id, holder, ends_at) DO UPDATE SET places = places + excluded.places",
        )
        .and_then(|mut s| {
            s.execute(rusqlite::params![
                lent,
                terms.holder,
                ends_at,
                slot(ends_at)
            ])
        })
        .map_err(direct)?;
    }
    Ok((now, verdicts))
}

/// Gives leases back inside the caller's write transaction: each lease's row goes, and its unused
/// places leave the count and the stamp they were counted in. A lease given back already, dropped
/// as abandoned, or whose stamp left the window, gives nothing back.
fn give_back(
    tx: &rusqlite::Transaction<'_>,
    returned: &[Returned],
    holder: i64,
) -> Result<(), DbError> {
    let direct = DbError::Direct;
    for r in sorted(returned) {
        let (key, places, unused) = (r.key.raw(), i64::from(r.lease.places), i64::from(r.unused));
        // The lease's row is its alone (no two leases of a key share an end), so it goes whole,
        // once: a lease given back twice gives nothing the second time.
        let held = tx
            .prepare_cached(
                "DELETE FROM rate_leases \
                 WHERE key_id = ?1 AND holder = ?2 AND ends_at = ?3 AND places = ?4",
            )
            .and_then(|mut s| s.execute(rusqlite::params![key, holder, r.lease.ends_at, places]))
            .map_err(direct)?;
        if held == 0 || unused == 0 {
            continue;
        }
        let stamped = tx
            .prepare_cached(
                "UPDATE rate_stamps SET n = n - ?3 WHERE key_id = ?1 AND slot = ?2 AND n >= ?3",
            )
            .and_then(|mut s| s.execute(rusqlite::params![key, slot(r.lease.ends_at), unused]))
            .map_err(direct)?;
        if stamped == 1 {
            tx.prepare_cached("UPDATE rate_counts SET used = max(used - ?2, 0) WHERE key_id = ?1")
                .and_then(|mut s| s.execute(rusqlite::params![key, unused]))
                .map_err(direct)?;
            tx.prepare_cached("DELETE FROM rate_stamps WHERE key_id = ?1 AND slot = ?2 AND n = 0")
                .and_then(|mut s| s.execute(rusqlite::params![key, slot(r.lease.ends_at)]))
                .map_err(direct)?;
        }
    }
    Ok(())
}
