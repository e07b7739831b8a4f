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

use crate::ids::KeyId;

/// One request to settle: its key, how many places the asking server would take with it
/// (itself and a lease of the rest; one asks for no lease), the leases of the key it gives back
/// first, in the same transaction, and the key's requests the server accepted on its own while
/// the database refused writes, which the window must now count (`carried`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    pub key: KeyId,
    pub want: u32,
    pub back: Vec<Returned>,
    pub carried: u32,
}

impl Ask {
    /// A request that takes its own place only.
    pub fn one(key: KeyId) -> Ask {
        Ask {
            key,
            want: 1,
            back: Vec::new(),
            carried: 0,
        }
    }
}

/// The leases a batch gives back: those returned alone, and those going back with requests.
fn backs(asks: &[Ask], returned: &[Returned]) -> Vec<Returned> {
    asks.iter()
        .flat_map(|a| a.back.iter().copied())
        .chain(returned.iter().copied())
        .collect()
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
            // Requests this server accepted while the database refused writes count first,
            // whatever the window holds: they were answered already.
            let carried = i64::from(ask.carried);
            window.settled.used += carried;
            window.settled.accepted += carried;
            if carried > 0 {
                window.oldest.get_or_insert(at);
            }
            let free = limit - window.settled.used;
            if free > 0 {
                // Only to a server that settled the key's last request too, at most half of
                // what is free besides this request's own place, and never a second lease of the
                // key ending when one already does (each lease keeps a row of its own, given
                // back whole and once).
                let wanted = if alone && window.lent_until.is_none_or(|u| u < ends_at) {
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

fn sorted(returned: &[Returned]) -> Vec<Returned> {
    let mut sorted = returned.to_vec();
    sorted.sort_by_key(|r| (r.key.raw(), r.lease.ends_at));
    sorted
}

/// A key's window as stored now, read without writing (for a server counting on its own while
/// the database refuses writes): the database's time, and each slot's requests with the time of
/// its latest (a lease's end for places lent), oldest first.
pub async fn window_of(
    conn: crate::db::Conn<'_>,
    key: KeyId,
    window_ms: i64,
) -> Result<(i64, Vec<(i64, i64)>), crate::db::DbError> {
    use crate::db::on_conn;
    let mut conn = conn;
    let now = crate::db::clock::now_ms(conn.reborrow()).await?;
    // Places lent are stamped at their lease's end, which may be ahead of now.
    const SQL: &str =
        "SELECT last_at, n FROM rate_stamps WHERE key_id = $1 AND last_at > $2 ORDER BY slot";
    let rows: Vec<(i64, i64)> = on_conn!(conn, c => sqlx::query_as(SQL)
        .bind(key).bind(now - window_ms).fetch_all(c).await?);
    Ok((now, rows))
}

mod postgres;
mod sqlite;

pub use postgres::{Decided, create_counts, decide_postgres};
pub use sqlite::decide_sqlite;

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
    /// used at once, and is stamped at its end; a key gets one lease per end, so a second ask in
    /// the same batch is taken without one.
    #[test]
    fn a_lease_takes_at_most_half_of_what_is_free() {
        let asks = [
            Ask {
                want: 30,
                ..Ask::one(key(1))
            },
            Ask {
                want: 30,
                ..Ask::one(key(1))
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
                // A lease of the key already ends then: itself only.
                Verdict::Accepted {
                    used: 111,
                    oldest: 400,
                    lease: None
                },
            ]
        );
        assert_eq!(
            settled,
            [Settled {
                key: 1,
                used: 111,
                accepted: 2,
                lent: 9
            }]
        );
        assert_eq!(
            stamps(&settled, 1_000, 1_050),
            [(1, 10, 11, 1_050)],
            "one slot holds both"
        );
        assert_eq!(
            stamps(&settled, 1_090, 1_140),
            [(1, 10, 2, 1_090), (1, 11, 9, 1_140)]
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
                want: 10,
                ..Ask::one(key(1))
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

    /// A key whose last request another server settled gets no lease; the next request, this
    /// server's again, may.
    #[test]
    fn only_the_server_that_settled_the_last_request_is_lent_places() {
        let mut window = seen(1, 0, 0, Some(400));
        window.holder = Some(8);
        let ask = || Ask {
            want: 10,
            ..Ask::one(key(1))
        };
        let (verdicts, settled) = settle(&[ask(), ask()], 1_000, &[window], terms(120));
        assert!(matches!(verdicts[0], Verdict::Accepted { lease: None, .. }));
        assert!(matches!(
            verdicts[1],
            Verdict::Accepted {
                lease: Some(Lease { places: 9, .. }),
                ..
            }
        ));
        assert_eq!(settled[0].lent, 9);
    }

    /// Requests accepted while the database refused writes are counted when it takes them
    /// again, before the request that carries them is decided, even past the limit.
    #[test]
    fn carried_requests_count_before_the_one_that_carries_them() {
        let carrying = Ask {
            carried: 3,
            ..Ask::one(key(1))
        };
        let (verdicts, settled) = settle(
            &[carrying],
            1_000,
            &[seen(1, 117, 0, Some(400))],
            terms(120),
        );
        assert_eq!(verdicts, [Verdict::Refused { oldest: 400 }]);
        assert_eq!(
            settled,
            [Settled {
                key: 1,
                used: 120,
                accepted: 3,
                lent: 0
            }]
        );
    }
}
