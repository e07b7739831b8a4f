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
//! row per slot, and the oldest is found by index. A batch costs the same few statements however
//! many keys it holds: Postgres takes arrays, SQLite JSON arrays.
//!
//! A busy key's request may take more than its own place: a *lease* of a few more, lent to the
//! asking server until [`Terms::lease_ms`] later, which then accepts the key's next requests from
//! memory. Lent places count as used from the start and are stamped at the lease's end, so no
//! window ever holds more than the limit; the server gives back what it did not use
//! ([`give_back_sqlite`], [`give_back_postgres`]). A lease takes at most half of what is free.
//! While a key's window is full and a lease of it is out, the verdict is [`Verdict::Lent`]: the
//! asker waits for the lease to come back instead of refusing for places nobody used. A lease
//! not back [`LEASE_GRACE_MS`] after its end (its server died) is dropped, its places counted.

use std::collections::HashMap;

use super::DbError;
use crate::ids::KeyId;

/// One request to settle: its key, how many places the asking server would take with it
/// (itself and a lease of the rest; one asks for no lease), and the leases of the key it gives
/// back first, in the same transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    pub key: KeyId,
    pub want: u32,
    pub back: Vec<Returned>,
}

impl Ask {
    /// A request that takes its own place only.
    pub fn one(key: KeyId) -> Ask {
        Ask {
            key,
            want: 1,
            back: Vec::new(),
        }
    }
}

fn backs(asks: &[Ask]) -> Vec<Returned> {
    asks.iter().flat_map(|a| a.back.iter().copied()).collect()
}

/// The limit a batch is settled under, and who asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    /// Accepted requests per key in any `window_ms`.
    pub limit: u32,
    pub window_ms: i64,
    /// How long a lease lasts.
    pub lease_ms: i64,
    /// The asking server, random per process.
    pub holder: i64,
}

/// Places lent with an accepted request: usable until `ends_at` (the database's clock).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lease {
    pub places: u32,
    pub ends_at: i64,
}

/// The outcome for one request, by the database's clock (Unix ms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted: `used` places of the window are taken (a lease's among them), the oldest at
    /// `oldest`.
    Accepted {
        used: u32,
        oldest: i64,
        lease: Option<Lease>,
    },
    /// Refused: the window is full until its oldest request, at `oldest`, leaves it.
    Refused { oldest: i64 },
    /// The window is full, but some of it is lent until `until`: ask again after that.
    Lent { until: i64, oldest: i64 },
}

/// A lease going back: the places it lent, and how many of them were not used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Returned {
    pub key: KeyId,
    pub lease: Lease,
    pub unused: u32,
}

/// How long after its end a lease that has not come back is taken as used (its server died).
pub const LEASE_GRACE_MS: i64 = 1_000;

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
    /// The latest end of the key's leases still out (none dropped as abandoned).
    lent_until: Option<i64>,
    /// The server that settled the key's last request.
    holder: Option<i64>,
}

/// A key's window after the batch: its new count, the requests accepted now, and the places
/// lent now (all until the batch's lease end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Settled {
    key: i64,
    used: i64,
    accepted: i64,
    lent: i64,
}

/// One key's window while a batch is decided.
struct Window {
    settled: Settled,
    oldest: Option<i64>,
    lent_until: Option<i64>,
    holder: Option<i64>,
}

/// Decides each request of `asks` (arrival order), made at `at`, from what was seen.
fn settle(asks: &[Ask], at: i64, seen: &[Seen], terms: Terms) -> (Vec<Verdict>, Vec<Settled>) {
    let limit = i64::from(terms.limit);
    let fresh = |key: i64| Settled {
        key,
        used: 0,
        accepted: 0,
        lent: 0,
    };
    let mut windows: HashMap<i64, Window> = seen
        .iter()
        .map(|s| {
            // No stamp left means nothing is in the window, whatever the count says (Postgres
            // empties both tables after a crash; a count alone must not refuse for ever).
            let used = if s.oldest.is_some() {
                (s.used - s.left).max(0)
            } else {
                0
            };
            let window = Window {
                settled: Settled {
                    used,
                    ..fresh(s.key)
                },
                oldest: s.oldest,
                lent_until: s.lent_until,
                holder: s.holder,
            };
            (s.key, window)
        })
        .collect();
    let ends_at = at + terms.lease_ms;
    let verdicts = asks
        .iter()
        .map(|ask| {
            let window = windows.entry(ask.key.raw()).or_insert(Window {
                settled: fresh(ask.key.raw()),
                oldest: None,
                lent_until: None,
                holder: None,
            });
            let alone = window.holder == Some(terms.holder);
            window.holder = Some(terms.holder);
            let free = limit - window.settled.used;
            if free > 0 {
                // Only to a server that settled the key's last request too, and at most half
                // of what is free besides this request's own place.
                let wanted = if alone {
                    i64::from(ask.want.max(1)) - 1
                } else {
                    0
                };
                let lent = wanted.min((free - 1) / 2);
                let settled = &mut window.settled;
                settled.used += 1 + lent;
                settled.accepted += 1;
                settled.lent += lent;
                if lent > 0 {
                    window.lent_until = Some(window.lent_until.map_or(ends_at, |u| u.max(ends_at)));
                }
                Verdict::Accepted {
                    used: u32::try_from(settled.used).unwrap_or(u32::MAX),
                    oldest: *window.oldest.get_or_insert(at),
                    lease: (lent > 0).then(|| Lease {
                        places: u32::try_from(lent).unwrap_or(u32::MAX),
                        ends_at,
                    }),
                }
            } else {
                let oldest = window.oldest.unwrap_or(at);
                match window.lent_until {
                    Some(until) => Verdict::Lent { until, oldest },
                    None => Verdict::Refused { oldest },
                }
            }
        })
        .collect();
    let mut settled: Vec<Settled> = windows.into_values().map(|w| w.settled).collect();
    settled.sort_by_key(|s| s.key);
    (verdicts, settled)
}

/// The stamps a batch records, one per key and slot: the requests accepted at `now`, and the
/// places lent, stamped at the lease's end.
fn stamps(settled: &[Settled], now: i64, ends_at: i64) -> Vec<(i64, i64, i64, i64)> {
    let mut rows: Vec<(i64, i64, i64, i64)> = Vec::new();
    for s in settled {
        let mut add = |at: i64, n: i64| {
            if n == 0 {
                return;
            }
            match rows.last_mut() {
                Some(row) if row.0 == s.key && row.1 == slot(at) => {
                    row.2 += n;
                    row.3 = row.3.max(at);
                }
                _ => rows.push((s.key, slot(at), n, at)),
            }
        };
        add(now, s.accepted);
        add(ends_at, s.lent);
    }
    rows
}

fn distinct(keys: impl Iterator<Item = KeyId>) -> Vec<i64> {
    let mut distinct: Vec<i64> = keys.map(|k| k.raw()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    distinct
}

/// Settles `asks` on Postgres, inside the caller's transaction (held until it commits): the
/// database's time and each request's verdict.
pub async fn decide_postgres(
    c: &mut sqlx::PgConnection,
    asks: &[Ask],
    terms: Terms,
) -> Result<(i64, Vec<Verdict>), DbError> {
    let distinct = distinct(asks.iter().map(|a| a.key));
    lock_postgres(&mut *c, &distinct).await?;
    give_back_postgres(&mut *c, &backs(asks), terms.holder).await?;
    // The clock is read once the keys are held: every later settle of them reads a later time.
    #[allow(clippy::type_complexity)]
    let rows: Vec<(i64, i64, i64, i64, Option<i64>, Option<i64>, Option<i64>)> = sqlx::query_as(
        "WITH t AS (SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT AS now) \
         SELECT t.now, c.key_id, c.used, \
                COALESCE((SELECT SUM(n) FROM rate_stamps s WHERE s.key_id = c.key_id \
                          AND s.slot <= ((t.now - $2) / $3) AND s.last_at <= t.now - $2), 0)::BIGINT, \
                (SELECT s.last_at FROM rate_stamps s WHERE s.key_id = c.key_id \
                   AND s.slot >= ((t.now - $2) / $3) AND s.last_at > t.now - $2 ORDER BY s.slot LIMIT 1), \
                (SELECT MAX(l.ends_at) FROM rate_leases l WHERE l.key_id = c.key_id AND l.ends_at > t.now - $4), \
                c.holder \
         FROM t, rate_counts c WHERE c.key_id = ANY($1)",
    )
    .bind(&distinct)
    .bind(terms.window_ms)
    .bind(SLOT_MS)
    .bind(LEASE_GRACE_MS)
    .fetch_all(&mut *c)
    .await?;
    let now = match rows.first() {
        Some(row) => row.0,
        None => return Err(DbError::Corrupt("no rate-limit rows for the batch".into())),
    };
    let seen: Vec<Seen> = rows
        .into_iter()
        .map(|(_, key, used, left, oldest, lent_until, holder)| Seen {
            key,
            used,
            left,
            oldest,
            lent_until,
            holder,
        })
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
         counted AS (UPDATE rate_counts r SET used = w.used, holder = $10 \
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
    .execute(&mut *c)
    .await?;
    Ok((now, verdicts))
}

/// Takes the count rows of `keys` (sorted) for the transaction, creating missing ones: every
/// writer of the rate tables takes them first, in key order.
async fn lock_postgres(c: &mut sqlx::PgConnection, keys: &[i64]) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO rate_counts (key_id, used) SELECT k, 0 FROM unnest($1::BIGINT[]) k \
         ON CONFLICT (key_id) DO NOTHING",
    )
    .bind(keys)
    .execute(&mut *c)
    .await?;
    sqlx::query("SELECT key_id FROM rate_counts WHERE key_id = ANY($1) ORDER BY key_id FOR UPDATE")
        .bind(keys)
        .execute(&mut *c)
        .await?;
    Ok(())
}

/// Gives leases back on Postgres, inside the caller's transaction: each lease's row loses its
/// places, and its unused places leave the count and the stamp they were counted in. A lease
/// already dropped as abandoned, or whose stamp left the window, gives nothing back.
pub async fn give_back_postgres(
    c: &mut sqlx::PgConnection,
    returned: &[Returned],
    holder: i64,
) -> Result<(), DbError> {
    if returned.is_empty() {
        return Ok(());
    }
    lock_postgres(&mut *c, &distinct(returned.iter().map(|r| r.key))).await?;
    for r in sorted(returned) {
        let (key, places, unused) = (r.key.raw(), i64::from(r.lease.places), i64::from(r.unused));
        let held = sqlx::query(
            "UPDATE rate_leases SET places = places - $4 \
             WHERE key_id = $1 AND holder = $2 AND ends_at = $3 AND places >= $4",
        )
        .bind(key)
        .bind(holder)
        .bind(r.lease.ends_at)
        .bind(places)
        .execute(&mut *c)
        .await?
        .rows_affected();
        if held == 0 {
            continue;
        }
        sqlx::query("DELETE FROM rate_leases WHERE key_id = $1 AND holder = $2 AND ends_at = $3 AND places = 0")
            .bind(key)
            .bind(holder)
            .bind(r.lease.ends_at)
            .execute(&mut *c)
            .await?;
        if unused == 0 {
            continue;
        }
        let stamped = sqlx::query(
            "UPDATE rate_stamps SET n = n - $3 WHERE key_id = $1 AND slot = $2 AND n >= $3",
        )
        .bind(key)
        .bind(slot(r.lease.ends_at))
        .bind(unused)
        .execute(&mut *c)
        .await?
        .rows_affected();
        if stamped == 1 {
            sqlx::query("UPDATE rate_counts SET used = GREATEST(used - $2, 0) WHERE key_id = $1")
                .bind(key)
                .bind(unused)
                .execute(&mut *c)
                .await?;
            sqlx::query("DELETE FROM rate_stamps WHERE key_id = $1 AND slot = $2 AND n = 0")
                .bind(key)
                .bind(slot(r.lease.ends_at))
                .execute(&mut *c)
                .await?;
        }
    }
    Ok(())
}

fn sorted(returned: &[Returned]) -> Vec<Returned> {
    let mut sorted = returned.to_vec();
    sorted.sort_by_key(|r| (r.key.raw(), r.lease.ends_at));
    sorted
}

/// A JSON array of numbers, or of number tuples, for SQLite's `json_each`.
fn json<T: serde::Serialize>(values: &T) -> Result<String, DbError> {
    Ok(serde_json::to_string(values)?)
}

/// Settles `asks` on a SQLite connection of `db::direct`, inside the caller's transaction, which
/// must hold the write lock (`BEGIN IMMEDIATE`): the database's time and each request's verdict.
pub fn decide_sqlite(
    tx: &rusqlite::Transaction<'_>,
    asks: &[Ask],
    terms: Terms,
) -> Result<(i64, Vec<Verdict>), DbError> {
    give_back_sqlite(tx, &backs(asks), terms.holder)?;
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
        "INSERT INTO rate_counts (key_id, used, holder) \
         SELECT value ->> 0, value ->> 1, ?2 FROM json_each(?1) WHERE true \
         ON CONFLICT (key_id) DO UPDATE SET used = excluded.used, holder = excluded.holder",
    )
    .and_then(|mut s| s.execute(rusqlite::params![counts, terms.holder]))
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

/// [`give_back_postgres`] on a SQLite connection of `db::direct`, inside the caller's write
/// transaction.
pub fn give_back_sqlite(
    tx: &rusqlite::Transaction<'_>,
    returned: &[Returned],
    holder: i64,
) -> Result<(), DbError> {
    let direct = DbError::Direct;
    for r in sorted(returned) {
        let (key, places, unused) = (r.key.raw(), i64::from(r.lease.places), i64::from(r.unused));
        let held = tx
            .prepare_cached(
                "UPDATE rate_leases SET places = places - ?4 \
                 WHERE key_id = ?1 AND holder = ?2 AND ends_at = ?3 AND places >= ?4",
            )
            .and_then(|mut s| s.execute(rusqlite::params![key, holder, r.lease.ends_at, places]))
            .map_err(direct)?;
        if held == 0 {
            continue;
        }
        tx.prepare_cached(
            "DELETE FROM rate_leases WHERE key_id = ?1 AND holder = ?2 AND ends_at = ?3 AND places = 0",
        )
        .and_then(|mut s| s.execute(rusqlite::params![key, holder, r.lease.ends_at]))
        .map_err(direct)?;
        if unused == 0 {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: i64) -> KeyId {
        format!("key_{n}").parse().expect("a key id")
    }

    fn terms(limit: u32) -> Terms {
        Terms {
            limit,
            window_ms: 60_000,
            lease_ms: 50,
            holder: 7,
        }
    }

    fn seen(key: i64, used: i64, left: i64, oldest: Option<i64>) -> Seen {
        Seen {
            key,
            used,
            left,
            oldest,
            lent_until: None,
            holder: Some(7),
        }
    }

    #[test]
    fn requests_are_taken_in_order_until_the_window_is_full() {
        let seen = [seen(1, 2, 1, Some(500))];
        let asks = [key(1), key(2), key(1), key(1)].map(Ask::one);
        let (verdicts, settled) = settle(&asks, 900, &seen, terms(2));
        assert_eq!(
            verdicts,
            [
                Verdict::Accepted {
                    used: 2,
                    oldest: 500,
                    lease: None
                },
                Verdict::Accepted {
                    used: 1,
                    oldest: 900,
                    lease: None
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
                    accepted: 1,
                    lent: 0
                },
                Settled {
                    key: 2,
                    used: 1,
                    accepted: 1,
                    lent: 0
                },
            ]
        );
    }

    #[test]
    fn a_count_without_stamps_is_an_empty_window() {
        let (verdicts, _) = settle(
            &[Ask::one(key(1))],
            10,
            &[seen(1, 120, 0, None)],
            terms(120),
        );
        assert_eq!(
            verdicts,
            [Verdict::Accepted {
                used: 1,
                oldest: 10,
                lease: None
            }]
        );
    }

    /// A lease takes at most half of what is free besides the request's own place, counts as
    /// used at once, and is stamped at its end.
    #[test]
    fn a_lease_takes_at_most_half_of_what_is_free() {
        let asks = [
            Ask {
                key: key(1),
                want: 30,
                back: Vec::new(),
            },
            Ask {
                key: key(1),
                want: 30,
                back: Vec::new(),
            },
        ];
        let (verdicts, settled) = settle(&asks, 1_000, &[seen(1, 100, 0, Some(400))], terms(120));
        assert_eq!(
            verdicts,
            [
                // 20 free: itself and 9 more.
                Verdict::Accepted {
                    used: 110,
                    oldest: 400,
                    lease: Some(Lease {
                        places: 9,
                        ends_at: 1_050
                    })
                },
                // 10 free: itself and 4 more.
                Verdict::Accepted {
                    used: 115,
                    oldest: 400,
                    lease: Some(Lease {
                        places: 4,
                        ends_at: 1_050
                    })
                },
            ]
        );
        assert_eq!(
            settled,
            [Settled {
                key: 1,
                used: 115,
                accepted: 2,
                lent: 13
            }]
        );
        assert_eq!(
            stamps(&settled, 1_000, 1_050),
            [(1, 10, 15, 1_050)],
            "one slot holds both"
        );
        assert_eq!(
            stamps(&settled, 1_090, 1_140),
            [(1, 10, 2, 1_090), (1, 11, 13, 1_140)]
        );
    }

    /// A full window with a lease out says when the lease ends instead of refusing; the last
    /// free place is never lent.
    #[test]
    fn a_full_window_with_a_lease_out_is_lent_not_refused() {
        let mut window = seen(1, 119, 0, Some(400));
        window.lent_until = Some(990);
        let asks = [
            Ask {
                key: key(1),
                want: 10,
                back: Vec::new(),
            },
            Ask::one(key(1)),
        ];
        let (verdicts, _) = settle(&asks, 980, &[window], terms(120));
        assert_eq!(
            verdicts,
            [
                Verdict::Accepted {
                    used: 120,
                    oldest: 400,
                    lease: None
                },
                Verdict::Lent {
                    until: 990,
                    oldest: 400
                },
            ]
        );
    }
}
