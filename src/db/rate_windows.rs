//! The API rate limit's windows, shared by every server on the database so that the limit holds
//! for the fleet and not per process: `rate_stamps` holds the requests accepted in the window,
//! one row per key and slot of [`SLOT_MS`] with how many and the latest one's time, and
//! `rate_counts` how many that makes per key.
//!
//! Settling a batch of requests is one transaction: take the keys' count rows (SQLite's write
//! lock; Postgres row locks in key order), read the database's clock, observe per key what left
//! the window and the oldest stamp that stays, decide ([`settle`], the same for both backends),
//! then delete what left and record what was accepted. Refused requests leave no trace. A
//! request's cost does not grow with the limit or the traffic: a key's window holds at most one
//! row per slot, and the oldest is found by index. A batch costs the same few statements however many keys it
//! holds: Postgres takes arrays, SQLite JSON arrays.

use std::collections::HashMap;

use super::DbError;
use crate::ids::KeyId;

/// The outcome for one request, by the database's clock (Unix ms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted: `used` requests of the window are taken, the oldest at `oldest`.
    Accepted { used: u32, oldest: i64 },
    /// Refused: the window is full until its oldest request, at `oldest`, leaves it.
    Refused { oldest: i64 },
}

/// The requests a key has accepted within one slot of this many milliseconds share a row, which
/// leaves the window when the latest of them does: a key's window holds at most one row per slot
/// however busy the key is, and an earlier request of the slot counts up to this much longer than
/// its exact minute (a place frees up to this much later, never sooner; the limit is never
/// exceeded, and `Retry-After`, computed from a real request's time, is never above the window).
pub const SLOT_MS: i64 = 100;

/// The slot of a request accepted at `at`.
pub fn slot(at: i64) -> i64 {
    at.div_euclid(SLOT_MS)
}

/// One key's window as stored, seen at the batch's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Seen {
    key: i64,
    /// The stored count, before what left the window.
    used: i64,
    /// Requests that left the window (their stamps are deleted with the batch).
    left: i64,
    /// When the oldest row still in the window leaves it, less the window: its latest request.
    oldest: Option<i64>,
}

/// A key's window after the batch: its new count and the requests accepted now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Settled {
    key: i64,
    used: i64,
    accepted: i64,
}

/// Decides each request of `keys` (arrival order), made at `at`, from what was seen.
fn settle(keys: &[KeyId], at: i64, seen: &[Seen], limit: u32) -> (Vec<Verdict>, Vec<Settled>) {
    let mut windows: HashMap<i64, (Settled, Option<i64>)> = seen
        .iter()
        .map(|s| {
            // No stamp left means nothing is in the window, whatever the count says (Postgres
            // empties both tables after a crash; a count alone must not refuse for ever).
            let used = if s.oldest.is_some() {
                (s.used - s.left).max(0)
            } else {
                0
            };
            let settled = Settled {
                key: s.key,
                used,
                accepted: 0,
            };
            (s.key, (settled, s.oldest))
        })
        .collect();
    let verdicts = keys
        .iter()
        .map(|key| {
            let (window, oldest) = windows.entry(key.raw()).or_insert((
                Settled {
                    key: key.raw(),
                    used: 0,
                    accepted: 0,
                },
                None,
            ));
            if window.used < i64::from(limit) {
                window.used += 1;
                window.accepted += 1;
                let oldest = *oldest.get_or_insert(at);
                Verdict::Accepted {
                    used: u32::try_from(window.used).unwrap_or(u32::MAX),
                    oldest,
                }
            } else {
                Verdict::Refused {
                    oldest: oldest.unwrap_or(at),
                }
            }
        })
        .collect();
    let mut settled: Vec<Settled> = windows.into_values().map(|(s, _)| s).collect();
    settled.sort_by_key(|s| s.key);
    (verdicts, settled)
}

fn distinct(keys: &[KeyId]) -> Vec<i64> {
    let mut distinct: Vec<i64> = keys.iter().map(|k| k.raw()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    distinct
}

/// Settles `keys` on Postgres, inside the caller's transaction (held until it commits): the
/// database's time and each request's verdict.
pub async fn decide_postgres(
    c: &mut sqlx::PgConnection,
    keys: &[KeyId],
    limit: u32,
    window_ms: i64,
) -> Result<(i64, Vec<Verdict>), DbError> {
    let distinct = distinct(keys);
    sqlx::query(
        "INSERT INTO rate_counts (key_id, used) SELECT k, 0 FROM unnest($1::BIGINT[]) k \
         ON CONFLICT (key_id) DO NOTHING",
    )
    .bind(&distinct)
    .execute(&mut *c)
    .await?;
    sqlx::query("SELECT key_id FROM rate_counts WHERE key_id = ANY($1) ORDER BY key_id FOR UPDATE")
        .bind(&distinct)
        .execute(&mut *c)
        .await?;
    // The clock is read once the keys are held: every later settle of them reads a later time.
    let rows: Vec<(i64, i64, i64, i64, Option<i64>)> = sqlx::query_as(
        "WITH t AS (SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT AS now) \
         SELECT t.now, c.key_id, c.used, \
                COALESCE((SELECT SUM(n) FROM rate_stamps s WHERE s.key_id = c.key_id \
                          AND s.slot <= ((t.now - $2) / $3) AND s.last_at <= t.now - $2), 0)::BIGINT, \
                (SELECT s.last_at FROM rate_stamps s WHERE s.key_id = c.key_id \
                   AND s.slot >= ((t.now - $2) / $3) AND s.last_at > t.now - $2 ORDER BY s.slot LIMIT 1) \
         FROM t, rate_counts c WHERE c.key_id = ANY($1)",
    )
    .bind(&distinct)
    .bind(window_ms)
    .bind(SLOT_MS)
    .fetch_all(&mut *c)
    .await?;
    let now = match rows.first() {
        Some(row) => row.0,
        None => return Err(DbError::Corrupt("no rate-limit rows for the batch".into())),
    };
    let seen: Vec<Seen> = rows
        .into_iter()
        .map(|(_, key, used, left, oldest)| Seen {
            key,
            used,
            left,
            oldest,
        })
        .collect();
    let (verdicts, settled) = settle(keys, now, &seen, limit);
    let (counted, used): (Vec<i64>, Vec<i64>) = settled.iter().map(|s| (s.key, s.used)).unzip();
    let (stamped, accepted): (Vec<i64>, Vec<i64>) = settled
        .iter()
        .filter(|s| s.accepted > 0)
        .map(|s| (s.key, s.accepted))
        .unzip();
    sqlx::query(
        "WITH gone AS (DELETE FROM rate_stamps WHERE key_id = ANY($1) AND slot <= $7 AND last_at <= $4), \
         counted AS (UPDATE rate_counts r SET used = w.used \
                     FROM unnest($1::BIGINT[], $2::BIGINT[]) AS w(key_id, used) WHERE r.key_id = w.key_id) \
         INSERT INTO rate_stamps (key_id, slot, n, last_at) \
         SELECT k, $8, n, $3 FROM unnest($5::BIGINT[], $6::BIGINT[]) AS s(k, n) \
         ON CONFLICT (key_id, slot) DO UPDATE \
         SET n = rate_stamps.n + excluded.n, last_at = GREATEST(rate_stamps.last_at, excluded.last_at)",
    )
    .bind(&counted)
    .bind(&used)
    .bind(now)
    .bind(now - window_ms)
    .bind(&stamped)
    .bind(&accepted)
    .bind(slot(now - window_ms))
    .bind(slot(now))
    .execute(&mut *c)
    .await?;
    Ok((now, verdicts))
}

/// A JSON array of numbers, or of number pairs, for SQLite's `json_each`.
fn json<T: serde::Serialize>(values: &T) -> Result<String, DbError> {
    Ok(serde_json::to_string(values)?)
}

/// Settles `keys` on a SQLite connection of `db::direct`, inside the caller's transaction, which
/// must hold the write lock (`BEGIN IMMEDIATE`): the database's time and each request's verdict.
pub fn decide_sqlite(
    tx: &rusqlite::Transaction<'_>,
    keys: &[KeyId],
    limit: u32,
    window_ms: i64,
) -> Result<(i64, Vec<Verdict>), DbError> {
    let distinct = json(&distinct(keys))?;
    let direct = DbError::Direct;
    let now: i64 = tx
        .prepare_cached("SELECT CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)")
        .and_then(|mut s| s.query_row([], |row| row.get(0)))
        .map_err(direct)?;
    let until = now - window_ms;
    let seen: Vec<Seen> = tx
        .prepare_cached(
            "SELECT k.value, COALESCE(c.used, 0), \
                    COALESCE((SELECT SUM(n) FROM rate_stamps s WHERE s.key_id = k.value \
                              AND s.slot <= ?3 AND s.last_at <= ?2), 0), \
                    (SELECT s.last_at FROM rate_stamps s WHERE s.key_id = k.value \
                       AND s.slot >= ?3 AND s.last_at > ?2 ORDER BY s.slot LIMIT 1) \
             FROM json_each(?1) k LEFT JOIN rate_counts c ON c.key_id = k.value",
        )
        .and_then(|mut s| {
            s.query_map(rusqlite::params![distinct, until, slot(until)], |row| {
                Ok(Seen {
                    key: row.get(0)?,
                    used: row.get(1)?,
                    left: row.get(2)?,
                    oldest: row.get(3)?,
                })
            })?
            .collect()
        })
        .map_err(direct)?;
    let (verdicts, settled) = settle(keys, now, &seen, limit);
    let counts = json(&settled.iter().map(|s| (s.key, s.used)).collect::<Vec<_>>())?;
    let stamps = json(
        &settled
            .iter()
            .filter(|s| s.accepted > 0)
            .map(|s| (s.key, s.accepted))
            .collect::<Vec<_>>(),
    )?;
    tx.prepare_cached(
        "DELETE FROM rate_stamps WHERE slot <= ?3 AND last_at <= ?2 \
         AND key_id IN (SELECT value FROM json_each(?1))",
    )
    .and_then(|mut s| s.execute(rusqlite::params![distinct, until, slot(until)]))
    .map_err(direct)?;
    tx.prepare_cached(
        "INSERT INTO rate_counts (key_id, used) \
         SELECT value ->> 0, value ->> 1 FROM json_each(?1) WHERE true \
         ON CONFLICT (key_id) DO UPDATE SET used = excluded.used",
    )
    .and_then(|mut s| s.execute([&counts]))
    .map_err(direct)?;
    tx.prepare_cached(
        "INSERT INTO rate_stamps (key_id, slot, n, last_at) \
         SELECT value ->> 0, ?3, value ->> 1, ?2 FROM json_each(?1) WHERE true \
         ON CONFLICT (key_id, slot) DO UPDATE SET n = n + excluded.n, last_at = max(last_at, excluded.last_at)",
    )
    .and_then(|mut s| s.execute(rusqlite::params![stamps, now, slot(now)]))
    .map_err(direct)?;
    Ok((now, verdicts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: i64) -> KeyId {
        format!("key_{n}").parse().expect("a key id")
    }

    #[test]
    fn requests_are_taken_in_order_until_the_window_is_full() {
        let seen = [Seen {
            key: 1,
            used: 2,
            left: 1,
            oldest: Some(500),
        }];
        let (verdicts, settled) = settle(&[key(1), key(2), key(1), key(1)], 900, &seen, 2);
        assert_eq!(
            verdicts,
            [
                Verdict::Accepted {
                    used: 2,
                    oldest: 500
                },
                Verdict::Accepted {
                    used: 1,
                    oldest: 900
                },
                Verdict::Refused { oldest: 500 },
                Verdict::Refused { oldest: 500 },
            ]
        );
        assert_eq!(
            settled,
            [
                Settled {
                    key: 1,
                    used: 2,
                    accepted: 1
                },
                Settled {
                    key: 2,
                    used: 1,
                    accepted: 1
                },
            ]
        );
    }

    #[test]
    fn a_count_without_stamps_is_an_empty_window() {
        let seen = [Seen {
            key: 1,
            used: 120,
            left: 0,
            oldest: None,
        }];
        let (verdicts, _) = settle(&[key(1)], 10, &seen, 120);
        assert_eq!(
            verdicts,
            [Verdict::Accepted {
                used: 1,
                oldest: 10
            }]
        );
    }
}
