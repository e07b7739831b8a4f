//! The rate windows in memory, for the limiter's property test (`gate::tests`): the same three
//! tables as the databases keep, read and written as [`super::Rounds`] (the Postgres way), by
//! tokio's clock, with faults a test switches on: writes refused (a full disk), writes that
//! take long (a stalled commit), and a write whose answer is lost after it was applied.
//! Nothing of the product uses it.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::time::Instant;

use super::super::policy::{LEASE_GRACE_MS, Stored, StoredLease, Terms, Writes, slot};
use super::{Read, Rounds};
use crate::db::DbError;
use crate::db::versions::Versions;

/// What a test makes the store do.
#[derive(Debug, Clone, Copy, Default)]
pub struct Faults {
    /// Writes are refused as by a full disk.
    pub refusing: bool,
    /// Each write waits this long before it applies.
    pub stall: Duration,
    /// The next write applies, but its answer is lost.
    pub lose_next: bool,
    /// Another writer takes the next write's keys between its read and its write.
    pub overtake_next: bool,
}

#[derive(Default)]
struct Tables {
    /// key → (generation, used, holder)
    counts: BTreeMap<i64, (i64, i64, Option<i64>)>,
    /// (key, slot) → (n, last_at)
    stamps: BTreeMap<(i64, i64), (i64, i64)>,
    /// (key, holder, id) → (ends_at, places)
    leases: BTreeMap<(i64, i64, i64), (i64, i64)>,
}

pub struct Store {
    tables: Mutex<Tables>,
    faults: Mutex<Faults>,
    epoch: Instant,
    /// Writes the databases would refuse as breaking a key (a lease's id used twice).
    broken: Mutex<Vec<String>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Store {
    pub fn new() -> Store {
        Store {
            tables: Mutex::default(),
            faults: Mutex::default(),
            epoch: Instant::now(),
            broken: Mutex::default(),
        }
    }

    /// The store's clock in milliseconds (from a base well above zero).
    pub fn now(&self) -> i64 {
        1_000_000 + i64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(i64::MAX)
    }

    /// What was written that a database's keys would have refused.
    pub fn broken(&self) -> Vec<String> {
        lock(&self.broken).clone()
    }

    pub fn set_faults(&self, faults: Faults) {
        *lock(&self.faults) = faults;
    }

    /// What `Ledger::window_of` reads.
    pub fn window_of(&self, key: i64, terms: Terms) -> super::StoredWindow {
        let now = self.now();
        let tables = lock(&self.tables);
        let stamps = tables
            .stamps
            .range((key, i64::MIN)..=(key, i64::MAX))
            .filter(|(_, (n, last_at))| *last_at > now - terms.window_ms && *n > 0)
            .map(|(_, &(n, last_at))| (last_at, n))
            .collect();
        let leases = tables
            .leases
            .iter()
            .filter(|((k, holder, _), (ends_at, _))| {
                *k == key && *holder == terms.holder && *ends_at > now - LEASE_GRACE_MS
            })
            .map(|(&(_, _, id), _)| id)
            .collect();
        super::StoredWindow {
            now,
            stamps,
            leases,
        }
    }
}

fn refused() -> DbError {
    DbError::Direct(rusqlite::Error::SqliteFailure(
        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_FULL),
        None,
    ))
}

impl Rounds for Store {
    async fn read(&self, keys: &[i64], terms: Terms) -> Result<Read, DbError> {
        // A round trip: other batches may run meanwhile.
        tokio::task::yield_now().await;
        let now = self.now();
        let until = now - terms.window_ms;
        let tables = lock(&self.tables);
        let windows = keys
            .iter()
            .map(|&key| {
                let (generation, used, holder) =
                    tables.counts.get(&key).copied().unwrap_or((0, 0, None));
                let stamps = tables.stamps.range((key, i64::MIN)..=(key, i64::MAX));
                let mut left = 0;
                let mut oldest = None;
                for (&(_, at), &(n, last_at)) in stamps {
                    if at <= slot(until) && last_at <= until {
                        left += n;
                    } else if oldest.is_none() && at >= slot(until) && last_at > until && n > 0 {
                        oldest = Some(last_at);
                    }
                }
                let leases = tables
                    .leases
                    .range((key, i64::MIN, i64::MIN)..=(key, i64::MAX, i64::MAX))
                    .filter(|(_, (ends_at, _))| *ends_at > now - LEASE_GRACE_MS)
                    .map(|(&(_, holder, id), &(ends_at, places))| StoredLease {
                        holder,
                        id,
                        ends_at,
                        places,
                        stamped: tables.stamps.get(&(key, slot(ends_at))).map_or(0, |s| s.0),
                    })
                    .collect();
                let stored = Stored {
                    generation,
                    used,
                    left,
                    oldest,
                    holder,
                    leases,
                };
                (key, stored)
            })
            .collect();
        Ok(Read {
            now,
            versions: Versions::default(),
            windows,
        })
    }

    async fn write(&self, writes: &Writes, now: i64, terms: Terms) -> Result<Vec<i64>, DbError> {
        tokio::task::yield_now().await;
        let faults = *lock(&self.faults);
        if !faults.stall.is_zero() {
            tokio::time::sleep(faults.stall).await;
        }
        if lock(&self.faults).refusing {
            return Err(refused());
        }
        let until = now - terms.window_ms;
        let mut tables = lock(&self.tables);
        if std::mem::take(&mut lock(&self.faults).overtake_next) {
            for count in &writes.counts {
                tables.counts.entry(count.key).or_insert((0, 0, None)).0 += 1;
            }
        }
        let mut taken = Vec::new();
        for count in &writes.counts {
            let current = tables.counts.get(&count.key).map_or(0, |c| c.0);
            if current != count.generation {
                continue;
            }
            tables
                .counts
                .insert(count.key, (count.generation + 1, count.used, count.holder));
            taken.push(count.key);
        }
        for &key in &taken {
            let gone: Vec<(i64, i64)> = tables
                .stamps
                .range((key, i64::MIN)..=(key, i64::MAX))
                .filter(|((_, at), (_, last_at))| *at <= slot(until) && *last_at <= until)
                .map(|(k, _)| *k)
                .collect();
            for k in gone {
                tables.stamps.remove(&k);
            }
            tables.leases.retain(|&(k, holder, id), &mut (ends_at, _)| {
                k != key
                    || !(ends_at <= now - LEASE_GRACE_MS
                        || writes
                            .back
                            .iter()
                            .any(|b| (b.key, b.holder, b.id) == (k, holder, id)))
            });
            for lent in writes.lent.iter().filter(|l| l.key == key) {
                let row = (lent.ends_at, lent.places);
                if tables
                    .leases
                    .insert((key, lent.holder, lent.id), row)
                    .is_some()
                {
                    lock(&self.broken).push(format!("lease {} of {key} lent twice", lent.id));
                }
            }
            for stamp in writes.stamps.iter().filter(|s| s.key == key) {
                let row = tables.stamps.entry((key, stamp.slot)).or_insert((0, 0));
                row.0 += stamp.n;
                row.1 = row.1.max(stamp.last_at);
            }
        }
        let mut faults = lock(&self.faults);
        if faults.lose_next {
            faults.lose_next = false;
            return Err(DbError::TimedOut(Duration::ZERO));
        }
        Ok(taken)
    }
}
