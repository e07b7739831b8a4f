//! The rate limit's policy, whole and pure: how one batch of requests is decided against the
//! keys' windows as the database holds them, and what the batch then writes. Both backends read
//! the same [`Stored`] windows and write the same [`Writes`]; only their SQL differs
//! (`gate::ledger`). No clock, no database, no I/O here.
//!
//! **The window.** A key may have `limit` requests accepted in any sliding window of `window_ms`.
//! Accepted requests are stamped in the database, one row per key and slot of [`SLOT_MS`] with
//! how many and the latest one's time; a slot leaves the window with its latest request, so a
//! place frees up to one slot later than its exact minute, never sooner. `rate_counts.used`
//! holds how many places the stamps add up to.
//!
//! **Leases.** A busy key's request may take more than its own place: a lease of a few more,
//! lent to the asking server until [`Terms::lease_ms`] later, which accepts the key's next
//! requests from memory meanwhile. Lent places count as used from the start and are stamped at
//! the lease's end, so the window never holds more than the limit. A lease takes at most half of
//! what is free, goes only to the server that settled the key's last request too, and never
//! ends together with another lease of the key. Its server gives back what it did not use; each
//! lease has a row of its own, so a give-back frees its places once, however often it is sent.
//! A lease not back [`LEASE_GRACE_MS`] after its end (its server died) keeps its places as used.
//! While a window is full and a lease of it is out, the verdict is [`Verdict::Lent`]: the asker
//! waits for the lease to come back instead of being refused for places nobody used.
//!
//! **Carried requests.** Requests a server accepted on its own while the database refused writes
//! are counted with the first request it settles afterwards, before that request is decided,
//! even past the limit (they were answered already), each stamped when it was accepted (those
//! that have left the window since count no more).

use std::collections::{BTreeMap, HashMap};

use std::time::Duration;

use super::Decision;
use crate::db::versions::Versions;
use crate::ids::KeyId;

/// A request's decision, and when the database decided it, the versions read with it and the
/// database's time (Unix ms); `None` when it was decided from memory (a refusal, a place of a
/// lease, or a count kept alone), at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked {
    pub decision: Decision,
    pub settled: Option<(Versions, i64)>,
}

/// The window in milliseconds, at least one.
pub fn window_ms(window: Duration) -> i64 {
    i64::try_from(window.as_millis()).unwrap_or(i64::MAX).max(1)
}

/// Whole seconds, rounded up: waiting that long is always enough.
pub fn seconds_up(duration: Duration) -> u64 {
    duration.as_secs() + u64::from(duration.subsec_nanos() > 0)
}

/// The requests a key has accepted within one slot of this many milliseconds share a row.
pub const SLOT_MS: i64 = 100;

/// How long after its end a lease that has not come back is taken as used (its server died).
pub const LEASE_GRACE_MS: i64 = 1_000;

/// The slot of a request accepted at `at` (Unix ms).
pub fn slot(at: i64) -> i64 {
    at.div_euclid(SLOT_MS)
}

/// The limit a batch is decided under, and who decides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    /// Accepted requests per key in any `window_ms`.
    pub limit: u32,
    pub window_ms: i64,
    /// How long a lease lasts.
    pub lease_ms: i64,
    /// The deciding server, random per process.
    pub holder: i64,
}

/// Places lent with an accepted request, usable until `ends_at` (the database's clock, Unix ms);
/// `id` tells it from every other lease of its server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lease {
    pub id: i64,
    pub places: u32,
    pub ends_at: i64,
}

/// A lease going back, with how many of its places were not used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Returned {
    pub key: KeyId,
    pub lease: Lease,
    pub unused: u32,
}

/// One request to decide: its key, how many places its server would take (itself and a lease of
/// the rest; one asks for no lease), the key's leases it gives back first, and the key's requests
/// its server accepted alone while the database refused writes (`carried`: how many
/// milliseconds before the ask each was accepted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    pub key: KeyId,
    pub want: u32,
    pub back: Vec<Returned>,
    pub carried: Vec<i64>,
}

impl Ask {
    /// A request that takes its own place only.
    pub fn one(key: KeyId) -> Ask {
        Ask {
            key,
            want: 1,
            back: Vec::new(),
            carried: Vec::new(),
        }
    }
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

/// A lease's row as stored, with the count of the stamp its places are in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
pub struct StoredLease {
    pub holder: i64,
    pub id: i64,
    pub ends_at: i64,
    pub places: i64,
    /// The stamp at the slot of `ends_at` (0 when it is gone).
    pub stamped: i64,
}

/// One key's window as a batch read it, at the batch's time.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stored {
    /// The count row's generation (0: no row): a write applies only while it is unchanged.
    pub generation: i64,
    /// The count as stored, before what left the window.
    pub used: i64,
    /// Places whose stamps left the window (deleted with the batch).
    pub left: i64,
    /// The latest request of the oldest stamp still in the window.
    pub oldest: Option<i64>,
    /// The server that settled the key's last request.
    pub holder: Option<i64>,
    /// The key's leases not yet lapsed, of every server.
    pub leases: Vec<StoredLease>,
}

/// A key's count row as a batch leaves it: written only if its generation is still `generation`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    pub key: i64,
    pub generation: i64,
    pub used: i64,
    pub holder: Option<i64>,
    /// When the key's last request was counted (`None`: unchanged).
    pub last_at: Option<i64>,
}

/// Places added to (or taken from) a stamp; `last_at` only ever moves later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    pub key: i64,
    pub slot: i64,
    pub n: i64,
    pub last_at: i64,
}

/// A lease's row: lent by a batch, or given back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeaseRow {
    pub key: i64,
    pub holder: i64,
    pub id: i64,
    pub ends_at: i64,
    pub places: i64,
}

/// What a batch writes, for every key it read: the counts, the stamps' changes, the leases lent
/// and given back. Besides, each backend deletes the batch's keys' stamps that left the window
/// (slot ≤ `slot(now - window)` and latest request ≤ `now - window`, none of those in `stamps`)
/// and their lapsed leases (ended ≤ `now - LEASE_GRACE_MS`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Writes {
    pub counts: Vec<Count>,
    pub stamps: Vec<Stamp>,
    pub lent: Vec<LeaseRow>,
    pub back: Vec<LeaseRow>,
}

/// Every key a batch touches, in key order (the order Postgres's writers take rows in).
pub fn keys_of(asks: &[Ask], gives: &[Returned]) -> Vec<i64> {
    let mut keys: Vec<i64> = asks
        .iter()
        .flat_map(|a| std::iter::once(a.key).chain(a.back.iter().map(|r| r.key)))
        .chain(gives.iter().map(|r| r.key))
        .map(KeyId::raw)
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// One key's window while a batch is decided.
struct Window {
    stored: Stored,
    used: i64,
    oldest: Option<i64>,
    /// Live leases, without those given back in this batch.
    leases: Vec<StoredLease>,
    /// Places left in each stamp a give-back takes from.
    stamped: HashMap<i64, i64>,
    asked: bool,
    accepted: i64,
    lent: i64,
    /// Requests carried, by when they were accepted.
    carried: Vec<i64>,
}

impl Window {
    fn lent_until(&self) -> Option<i64> {
        self.leases.iter().map(|l| l.ends_at).max()
    }
}

/// Decides `asks` (in arrival order) and `gives`, made at `now`, against the windows read for
/// the keys of [`keys_of`] (`stored`, one per key; a key missing there has an empty window).
/// Leases lent get ids from `next_id` onwards. Returns each ask's verdict and what to write.
pub fn settle(
    now: i64,
    stored: &BTreeMap<i64, Stored>,
    asks: &[Ask],
    gives: &[Returned],
    terms: Terms,
    next_id: &mut i64,
) -> (Vec<Verdict>, Writes) {
    let limit = i64::from(terms.limit);
    let until = now - terms.window_ms;
    let mut windows: BTreeMap<i64, Window> = keys_of(asks, gives)
        .into_iter()
        .map(|key| {
            let stored = stored.get(&key).cloned().unwrap_or_default();
            // No stamp in the window means nothing is in it, whatever the count says (Postgres
            // empties both tables after a crash; a count alone must not refuse for ever).
            let used = match stored.oldest {
                Some(_) => (stored.used - stored.left).max(0),
                None => 0,
            };
            let stamped = stored
                .leases
                .iter()
                .map(|l| (slot(l.ends_at), l.stamped))
                .collect();
            let window = Window {
                used,
                oldest: stored.oldest,
                leases: stored.leases.clone(),
                stamped,
                asked: false,
                accepted: 0,
                lent: 0,
                carried: Vec::new(),
                stored,
            };
            (key, window)
        })
        .collect();
    let mut writes = Writes::default();

    // Leases come back first: their unused places free before anything is decided.
    for r in asks.iter().flat_map(|a| &a.back).chain(gives) {
        let Some(window) = windows.get_mut(&r.key.raw()) else {
            continue;
        };
        let mine = |l: &StoredLease| l.holder == terms.holder && l.id == r.lease.id;
        let Some(at) = window.leases.iter().position(mine) else {
            continue; // given back already, or lapsed: it gives nothing
        };
        let lease = window.leases.swap_remove(at);
        writes.back.push(LeaseRow {
            key: r.key.raw(),
            holder: lease.holder,
            id: lease.id,
            ends_at: lease.ends_at,
            places: lease.places,
        });
        if lease.ends_at <= until {
            continue; // its stamp has left the window, places and all
        }
        let left = window.stamped.entry(slot(lease.ends_at)).or_insert(0);
        let freed = i64::from(r.unused).min(lease.places).min(*left).max(0);
        *left -= freed;
        window.used = (window.used - freed).max(0);
        if freed > 0 {
            writes.stamps.push(Stamp {
                key: r.key.raw(),
                slot: slot(lease.ends_at),
                n: -freed,
                last_at: 0,
            });
        }
    }

    let ends_at = now + terms.lease_ms;
    let verdicts = asks
        .iter()
        .map(|ask| {
            let window = windows
                .get_mut(&ask.key.raw())
                .expect("every ask's key has a window");
            let alone = window.stored.holder == Some(terms.holder) || window.asked;
            window.asked = true;
            for &age in &ask.carried {
                let at = now - age.clamp(0, terms.window_ms);
                if at <= until {
                    continue; // it has left the window already
                }
                window.used += 1;
                window.carried.push(at);
                // Its stamp's row leaves the window by the end of its slot at the latest.
                let leaves = (slot(at) + 1) * SLOT_MS - 1;
                window.oldest = Some(window.oldest.map_or(leaves, |o| o.min(leaves)));
            }
            let free = limit - window.used;
            if free <= 0 {
                let oldest = window.oldest.unwrap_or(now);
                return match window.lent_until() {
                    Some(until) => Verdict::Lent { until, oldest },
                    None => Verdict::Refused { oldest },
                };
            }
            // Besides its own place, at most half of what else is free, and never a second
            // lease of the key ending when one already does.
            let wanted = if alone && window.lent_until().is_none_or(|u| u < ends_at) {
                i64::from(ask.want.max(1)) - 1
            } else {
                0
            };
            let lent = wanted.min((free - 1) / 2);
            window.used += 1 + lent;
            window.accepted += 1;
            let lease = (lent > 0).then(|| {
                let id = *next_id;
                *next_id += 1;
                window.lent += lent;
                let row = StoredLease {
                    holder: terms.holder,
                    id,
                    ends_at,
                    places: lent,
                    stamped: 0,
                };
                window.leases.push(row);
                writes.lent.push(LeaseRow {
                    key: ask.key.raw(),
                    holder: terms.holder,
                    id,
                    ends_at,
                    places: lent,
                });
                Lease {
                    id,
                    places: u32::try_from(lent).unwrap_or(u32::MAX),
                    ends_at,
                }
            });
            Verdict::Accepted {
                used: u32::try_from(window.used).unwrap_or(u32::MAX),
                oldest: *window.oldest.get_or_insert(now),
                lease,
            }
        })
        .collect();

    for (&key, window) in &windows {
        writes.counts.push(Count {
            key,
            generation: window.stored.generation,
            used: window.used,
            holder: if window.asked {
                Some(terms.holder)
            } else {
                window.stored.holder
            },
            last_at: window.asked.then_some(now),
        });
        let mut add = |at: i64, n: i64| {
            if n > 0 {
                writes.stamps.push(Stamp {
                    key,
                    slot: slot(at),
                    n,
                    last_at: at,
                });
            }
        };
        add(now, window.accepted);
        add(ends_at, window.lent);
        for &at in &window.carried {
            add(at, 1);
        }
    }
    writes.stamps = merged(std::mem::take(&mut writes.stamps));
    (verdicts, writes)
}

/// One change per stamp (a statement may change a row once): the places added up, the latest
/// time kept.
fn merged(mut stamps: Vec<Stamp>) -> Vec<Stamp> {
    stamps.sort_by_key(|s| (s.key, s.slot));
    let mut merged: Vec<Stamp> = Vec::with_capacity(stamps.len());
    for stamp in stamps {
        match merged.last_mut() {
            Some(last) if (last.key, last.slot) == (stamp.key, stamp.slot) => {
                last.n += stamp.n;
                last.last_at = last.last_at.max(stamp.last_at);
            }
            _ => merged.push(stamp),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: i64) -> KeyId {
        KeyId::from_raw(n)
    }

    fn terms(limit: u32) -> Terms {
        Terms {
            limit,
            window_ms: 60_000,
            lease_ms: 50,
            holder: 7,
        }
    }

    fn stored(used: i64, left: i64, oldest: Option<i64>) -> Stored {
        Stored {
            generation: 3,
            used,
            left,
            oldest,
            holder: Some(7),
            leases: Vec::new(),
        }
    }

    fn run(
        now: i64,
        windows: &[(i64, Stored)],
        asks: &[Ask],
        gives: &[Returned],
        limit: u32,
    ) -> (Vec<Verdict>, Writes) {
        let stored = windows.iter().cloned().collect();
        settle(now, &stored, asks, gives, terms(limit), &mut 1)
    }

    #[test]
    fn requests_are_taken_in_order_until_the_window_is_full() {
        let asks = [key(1), key(2), key(1), key(1)].map(Ask::one);
        let (verdicts, writes) = run(900, &[(1, stored(2, 1, Some(500)))], &asks, &[], 2);
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
        let counts: Vec<_> = writes
            .counts
            .iter()
            .map(|c| (c.key, c.generation, c.used))
            .collect();
        assert_eq!(counts, [(1, 3, 2), (2, 0, 1)]);
        assert_eq!(
            writes.stamps,
            [
                Stamp {
                    key: 1,
                    slot: 9,
                    n: 1,
                    last_at: 900
                },
                Stamp {
                    key: 2,
                    slot: 9,
                    n: 1,
                    last_at: 900
                }
            ]
        );
    }

    #[test]
    fn a_count_without_stamps_is_an_empty_window() {
        let (verdicts, _) = run(
            10,
            &[(1, stored(120, 0, None))],
            &[Ask::one(key(1))],
            &[],
            120,
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
    /// used at once and is stamped at its end; a key gets one lease per end.
    #[test]
    fn a_lease_takes_at_most_half_of_what_is_free() {
        let ask = Ask {
            want: 30,
            ..Ask::one(key(1))
        };
        let (verdicts, writes) = run(
            1_000,
            &[(1, stored(100, 0, Some(400)))],
            &[ask.clone(), ask],
            &[],
            120,
        );
        assert_eq!(
            verdicts,
            [
                Verdict::Accepted {
                    used: 110,
                    oldest: 400,
                    lease: Some(Lease {
                        id: 1,
                        places: 9,
                        ends_at: 1_050
                    })
                },
                Verdict::Accepted {
                    used: 111,
                    oldest: 400,
                    lease: None
                },
            ]
        );
        assert_eq!(writes.counts[0].used, 111);
        assert_eq!(
            writes.stamps,
            [Stamp {
                key: 1,
                slot: 10,
                n: 11,
                last_at: 1_050
            }],
            "one slot holds both"
        );
        assert_eq!(
            writes.lent,
            [LeaseRow {
                key: 1,
                holder: 7,
                id: 1,
                ends_at: 1_050,
                places: 9
            }]
        );
    }

    /// A full window with a lease out says when the lease ends instead of refusing; the last
    /// free place is never lent.
    #[test]
    fn a_full_window_with_a_lease_out_is_lent_not_refused() {
        let mut window = stored(119, 0, Some(400));
        window.leases.push(StoredLease {
            holder: 8,
            id: 4,
            ends_at: 990,
            places: 5,
            stamped: 5,
        });
        let asks = [
            Ask {
                want: 10,
                ..Ask::one(key(1))
            },
            Ask::one(key(1)),
        ];
        let (verdicts, _) = run(980, &[(1, window)], &asks, &[], 120);
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
    /// server's, may.
    #[test]
    fn only_the_server_that_settled_the_last_request_is_lent_places() {
        let mut window = stored(0, 0, Some(400));
        window.holder = Some(8);
        let ask = Ask {
            want: 10,
            ..Ask::one(key(1))
        };
        let (verdicts, writes) = run(1_000, &[(1, window)], &[ask.clone(), ask], &[], 120);
        assert!(matches!(verdicts[0], Verdict::Accepted { lease: None, .. }));
        assert!(matches!(
            verdicts[1],
            Verdict::Accepted {
                lease: Some(Lease { places: 9, .. }),
                ..
            }
        ));
        assert_eq!(writes.counts[0].holder, Some(7));
    }

    /// Requests accepted while the database refused writes count first, even past the limit,
    /// each stamped when it was accepted; one that left the window since counts no more.
    #[test]
    fn carried_requests_count_before_the_one_that_carries_them() {
        let carrying = Ask {
            carried: vec![0, 250, 250, 70_000],
            ..Ask::one(key(1))
        };
        let (verdicts, writes) = run(
            61_000,
            &[(1, stored(117, 0, Some(1_400)))],
            &[carrying],
            &[],
            120,
        );
        assert_eq!(verdicts, [Verdict::Refused { oldest: 1_400 }]);
        assert_eq!(writes.counts[0].used, 120);
        assert_eq!(
            writes.stamps,
            [
                Stamp {
                    key: 1,
                    slot: 607,
                    n: 2,
                    last_at: 60_750
                },
                Stamp {
                    key: 1,
                    slot: 610,
                    n: 1,
                    last_at: 61_000
                }
            ]
        );
    }

    /// A lease given back frees its unused places once: the second give-back of the same lease,
    /// in the same batch or a later one, finds no row and frees nothing. Another server's lease
    /// with the same id is not this one.
    #[test]
    fn a_lease_given_back_frees_its_unused_places_once() {
        let lease = Lease {
            id: 5,
            places: 10,
            ends_at: 2_050,
        };
        let row = |holder| StoredLease {
            holder,
            id: 5,
            ends_at: 2_050,
            places: 10,
            stamped: 12,
        };
        let mut window = stored(30, 0, Some(400));
        window.leases = vec![row(8), row(7)];
        let back = Returned {
            key: key(1),
            lease,
            unused: 6,
        };
        let (_, writes) = run(2_100, &[(1, window)], &[], &[back, back], 120);
        assert_eq!(writes.counts[0].used, 24);
        assert_eq!(writes.counts[0].last_at, None, "a give-back is no request");
        assert_eq!(
            writes.back,
            [LeaseRow {
                key: 1,
                holder: 7,
                id: 5,
                ends_at: 2_050,
                places: 10
            }]
        );
        assert_eq!(
            writes.stamps,
            [Stamp {
                key: 1,
                slot: 20,
                n: -6,
                last_at: 0
            }]
        );
    }

    /// A lease whose stamp left the window gives nothing back (its places already left), but
    /// its row goes.
    #[test]
    fn a_lease_whose_stamp_left_the_window_frees_nothing() {
        let mut window = stored(3, 3, None);
        window.leases = vec![StoredLease {
            holder: 7,
            id: 1,
            ends_at: 50,
            places: 3,
            stamped: 3,
        }];
        let back = Returned {
            key: key(1),
            lease: Lease {
                id: 1,
                places: 3,
                ends_at: 50,
            },
            unused: 3,
        };
        let (_, writes) = run(60_100, &[(1, window)], &[], &[back], 120);
        assert_eq!(writes.back.len(), 1);
        assert!(writes.stamps.is_empty());
        assert_eq!(writes.counts[0].used, 0);
    }
}
