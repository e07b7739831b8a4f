//! The rate windows as the database holds them, for every server on it: `rate_counts` (per key:
//! how many places its stamps add up to, the row's generation, the server that settled its last
//! request and when), `rate_stamps` (per key and slot of 100 ms: how many, and the latest one's
//! time), `rate_leases` (places lent to one server for a moment) and, on SQLite, `rate_servers`
//! (each server and when it last settled a batch, written at most once a second). See
//! `gate::policy` for what they mean.
//!
//! A batch reads the windows of its keys, has [`policy::settle`] decide it, and writes what that
//! says. The reads and writes are the only part written per backend, in SQL:
//!
//! - SQLite (`sqlite`): one write transaction on tourney's own connection holds the file's write
//!   lock from the read to the commit. A batch that finds another writer holding it past
//!   [`WAIT_FOR_WRITER`] fails as busy, so that its requests are counted alone, when no other
//!   server is present in `rate_servers`; otherwise it waits on.
//! - Postgres (`postgres`): no transaction spans a round trip. The read is one statement (with
//!   the versions), the write another, which applies to a key only while its count row's
//!   generation is the one read (and moves it on); a key another server wrote meanwhile is read
//!   and decided again. Two round trips a batch, and no row lock held between them.
//!
//! Each step is timed ([`LedgerTimes`], in `/metrics`): the wait for a connection or the
//! writer's turn, the read, the write, and a read of the versions alone.
//!
//! Never writes anything but these four tables.

#[cfg(test)]
pub(super) mod memory;
mod postgres;
mod sqlite;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::time::Instant;

use super::policy::{self, Ask, Returned, Stored, Terms, Verdict, Writes};
use crate::db::versions::Versions;
use crate::db::{Db, DbError, SqliteDb, on_conn};
use crate::ids::KeyId;
use crate::timing::{Histogram, STAGE_BOUNDS};

/// How long a SQLite batch waits for the writer's turn and lock before it asks whether this
/// server is alone on the database: if so, the batch fails as busy and requests are counted by
/// the server alone until the writer lets go (a shell's long write does not hold up the API);
/// if not, it waits on, as long as its deadline allows, since servers that cannot write cannot
/// share a count. Far above what the product's own writes hold the lock for.
const WAIT_FOR_WRITER: Duration = Duration::from_millis(50);

/// How long a batch waits for the writer when the last one found it busy: a look, not a wait.
const RECHECK_WRITER: Duration = Duration::from_millis(5);

/// How often a SQLite batch writes its server present in `rate_servers`, at most.
const PRESENT_EVERY_MS: i64 = 1_000;

/// How recently another server must have been present for this one to wait for a busy writer
/// rather than count alone: servers that share a file are a standing arrangement, and one idle
/// for a while may get requests again during the write.
const PRESENT_WITHIN_MS: i64 = 10 * 60 * 1_000;

/// What the ledger's steps took.
pub struct LedgerTimes {
    /// Waiting for the connection (Postgres: the batch before, or opening it) or for the
    /// writer's turn and lock (SQLite).
    pub turn: Histogram,
    /// A batch's read of its windows, the database's time and the versions.
    pub read: Histogram,
    /// A batch's write of what was decided.
    pub write: Histogram,
    /// A read of the versions alone (requests decided from memory).
    pub versions: Histogram,
}

impl Default for LedgerTimes {
    fn default() -> LedgerTimes {
        LedgerTimes {
            turn: Histogram::new(STAGE_BOUNDS),
            read: Histogram::new(STAGE_BOUNDS),
            write: Histogram::new(STAGE_BOUNDS),
            versions: Histogram::new(STAGE_BOUNDS),
        }
    }
}

/// The windows of a batch's keys as read, at the database's time `now`.
struct Read {
    now: i64,
    versions: Versions,
    windows: BTreeMap<i64, Stored>,
}

/// A batch decided and written: the versions read with it, and each ask's verdict in order,
/// with the database's time it was decided at.
#[derive(Debug, Clone)]
pub struct Settled {
    pub versions: Versions,
    pub verdicts: Vec<(Verdict, i64)>,
}

/// A batch that failed, and whether some of it may have been written.
#[derive(Debug)]
pub struct Failed {
    pub error: DbError,
    /// `None`: nothing was written. Otherwise the outcome is unknown (a connection lost while a
    /// write was on its way), and these are the leases it may have lent, to give back.
    pub maybe_lent: Option<Vec<Returned>>,
}

/// Where the windows are kept.
enum Store {
    Sqlite(SqliteDb),
    Postgres(Box<postgres::Store>),
    #[cfg(test)]
    Memory(std::sync::Arc<memory::Store>),
}

/// A store whose batches are a read and a write in separate round trips, the write applying to
/// a key only while its count row's generation is the one read ([`in_rounds`]).
trait Rounds: Sync {
    /// The windows of `keys` (sorted, distinct), the database's time and the versions.
    fn read(
        &self,
        keys: &[i64],
        terms: Terms,
    ) -> impl Future<Output = Result<Read, DbError>> + Send;

    /// Writes what was decided at `now` for the keys whose count rows are as read; returns
    /// those keys.
    fn write(
        &self,
        writes: &Writes,
        now: i64,
        terms: Terms,
    ) -> impl Future<Output = Result<Vec<i64>, DbError>> + Send;
}

/// The rate windows of one database, decided under one set of terms.
pub struct Ledger {
    store: Store,
    /// For reads outside a batch.
    db: Option<Db>,
    terms: Terms,
    /// The next lease's id (per server: ids are told apart by their holder).
    ids: AtomicI64,
    /// SQLite: the database's time this server was last written present in `rate_servers`.
    present_at: AtomicI64,
    /// SQLite: while the writer has been busy since the last batch written, whether this server
    /// found itself alone on the database (and counts alone: the next batch only looks, for
    /// [`RECHECK_WRITER`]).
    episode: Mutex<Option<bool>>,
    times: Arc<LedgerTimes>,
}

impl Ledger {
    pub fn new(db: Db, terms: Terms) -> Ledger {
        let times = Arc::new(LedgerTimes::default());
        let store = match &db {
            Db::Sqlite(sqlite) => Store::Sqlite(sqlite.clone()),
            Db::Postgres(pool) => {
                Store::Postgres(Box::new(postgres::Store::new(pool, Arc::clone(&times))))
            }
        };
        Ledger {
            store,
            db: Some(db),
            terms,
            ids: AtomicI64::new(1),
            present_at: AtomicI64::new(i64::MIN / 2),
            episode: Mutex::new(None),
            times,
        }
    }

    /// What its steps took so far.
    pub fn times(&self) -> &LedgerTimes {
        &self.times
    }

    #[cfg(test)]
    pub(super) fn in_memory(store: std::sync::Arc<memory::Store>, terms: Terms) -> Ledger {
        Ledger {
            store: Store::Memory(store),
            db: None,
            terms,
            ids: AtomicI64::new(1),
            present_at: AtomicI64::new(i64::MIN / 2),
            episode: Mutex::new(None),
            times: Arc::new(LedgerTimes::default()),
        }
    }

    pub fn terms(&self) -> Terms {
        self.terms
    }

    /// Decides `asks` (in arrival order) after giving `gives` back, and writes the outcome;
    /// waits for the database until `deadline` (its turn and lock on SQLite, every round on
    /// Postgres).
    pub async fn settle(
        &self,
        asks: Vec<Ask>,
        gives: Vec<Returned>,
        deadline: Instant,
    ) -> Result<Settled, Failed> {
        match &self.store {
            Store::Sqlite(db) => {
                let batch = Arc::new((asks, gives));
                let wait = if *self.episode() == Some(true) {
                    RECHECK_WRITER
                } else {
                    WAIT_FOR_WRITER
                };
                let first = deadline.min(Instant::now() + wait);
                let settled = match self.settle_sqlite(db, Arc::clone(&batch), first).await {
                    Err(error) if error.is_busy() && !self.alone_while_busy(deadline).await => {
                        // Shared with other servers: waits on, and a writer still busy at the
                        // deadline is a database that did not answer.
                        match self.settle_sqlite(db, batch, deadline).await {
                            Err(DbError::Busy(waited)) => Err(DbError::TimedOut(waited)),
                            settled => settled,
                        }
                    }
                    settled => settled,
                };
                if settled.is_ok() {
                    *self.episode() = None;
                }
                settled.map_err(|error| Failed {
                    error,
                    maybe_lent: None,
                })
            }
            Store::Postgres(store) => {
                in_rounds(&**store, asks, gives, self.terms, &self.ids, deadline).await
            }
            #[cfg(test)]
            Store::Memory(store) => {
                in_rounds(&**store, asks, gives, self.terms, &self.ids, deadline).await
            }
        }
    }

    /// One batch in a SQLite write transaction, waiting for the writer's turn and lock until
    /// `deadline`.
    async fn settle_sqlite(
        &self,
        db: &SqliteDb,
        batch: Arc<(Vec<Ask>, Vec<Returned>)>,
        deadline: Instant,
    ) -> Result<Settled, DbError> {
        let terms = self.terms;
        let first_id = lease_ids(&self.ids, &batch.0);
        let times = Arc::clone(&self.times);
        let last_present = self.present_at.load(Ordering::Relaxed);
        let asked = Instant::now();
        db.write_direct(deadline, move |tx| {
            let (asks, gives) = &*batch;
            let reading = Instant::now();
            times.turn.record(reading.saturating_duration_since(asked));
            let keys = policy::keys_of(asks, gives);
            let read = sqlite::read(tx, &keys, terms)?;
            times.read.record(reading.elapsed());
            let mut next_id = first_id;
            let (verdicts, writes) =
                policy::settle(read.now, &read.windows, asks, gives, terms, &mut next_id);
            let writing = Instant::now();
            sqlite::write(tx, &keys, &writes, read.now, terms)?;
            let present = (read.now - last_present >= PRESENT_EVERY_MS).then_some(read.now);
            if let Some(now) = present {
                sqlite::present(tx, terms.holder, now)?;
            }
            times.write.record(writing.elapsed());
            Ok((
                Settled {
                    versions: read.versions,
                    verdicts: verdicts.into_iter().map(|v| (v, read.now)).collect(),
                },
                present,
            ))
        })
        .await
        // Kept only once committed, so that a batch rolled back writes it again next time.
        .map(|(settled, present)| {
            if let Some(now) = present {
                self.present_at.fetch_max(now, Ordering::Relaxed);
            }
            settled
        })
    }

    /// Whether this server is alone on the database, as found when the writer was first busy
    /// since the last batch written: kept for the whole of a long write, during which no
    /// server can refresh its presence, so that servers that saw each other wait the write out
    /// however long it lasts.
    async fn alone_while_busy(&self, deadline: Instant) -> bool {
        let found = *self.episode();
        if let Some(alone) = found {
            return alone;
        }
        let alone = self.alone_on_database(deadline).await;
        *self.episode() = Some(alone);
        alone
    }

    fn episode(&self) -> MutexGuard<'_, Option<bool>> {
        self.episode.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// This server's presence in `rate_servers` taken away (when it stops), so that a server
    /// started after it is not kept from counting alone by a row of a process gone. Best
    /// effort: a row left behind only ages out.
    pub async fn leave(&self) {
        let Store::Sqlite(db) = &self.store else {
            return;
        };
        let holder = self.terms.holder;
        let deadline = Instant::now() + WAIT_FOR_WRITER;
        if let Err(error) = db
            .write_direct(deadline, move |tx| sqlite::absent(tx, holder))
            .await
        {
            tracing::debug!(%error, "cannot take this server out of rate_servers; its row ages out");
        }
    }

    /// True when no other server settled a request within [`PRESENT_WITHIN_MS`] (or the window,
    /// when longer) in `rate_servers`, nor holds a lease: a busy writer may then be met by
    /// counting alone, which keeps one server exact. False when another server is seen, or the
    /// question cannot be answered by `deadline`.
    async fn alone_on_database(&self, deadline: Instant) -> bool {
        let Some(db) = &self.db else {
            return false;
        };
        let ask = async {
            let mut handle = db.acquire().await?;
            let mut conn = handle.conn();
            let now = crate::db::clock::now_ms(conn.reborrow()).await?;
            const OTHERS: &str = "SELECT EXISTS (SELECT 1 FROM rate_servers \
                                                 WHERE holder <> $1 AND seen_at > $2) \
                                  OR EXISTS (SELECT 1 FROM rate_leases \
                                              WHERE holder <> $1 AND ends_at > $3)";
            let others: bool = on_conn!(conn, c => sqlx::query_scalar(OTHERS)
                .bind(self.terms.holder)
                .bind(now - self.terms.window_ms.max(PRESENT_WITHIN_MS) - PRESENT_EVERY_MS)
                .bind(now - policy::LEASE_GRACE_MS)
                .fetch_one(c).await?);
            Ok::<_, DbError>(!others)
        };
        match tokio::time::timeout_at(deadline, ask).await {
            Ok(Ok(alone)) => alone,
            Ok(Err(error)) => {
                tracing::warn!(%error, "cannot tell whether other servers share the database: waiting for its writer");
                false
            }
            Err(_) => false,
        }
    }

    /// The database's versions, as of a read that began after this call.
    pub async fn versions(&self) -> Result<Versions, DbError> {
        let asked = Instant::now();
        let read = match &self.store {
            Store::Sqlite(db) => db.versions().await,
            Store::Postgres(store) => store.versions().await,
            #[cfg(test)]
            Store::Memory(_) => Ok(Versions::default()),
        };
        self.times.versions.record(asked.elapsed());
        read
    }

    /// A key's window as stored now, read without writing (for a server counting alone while
    /// the database refuses writes).
    pub async fn window_of(&self, key: KeyId) -> Result<StoredWindow, DbError> {
        let Some(db) = &self.db else {
            #[cfg(test)]
            if let Store::Memory(store) = &self.store {
                return Ok(store.window_of(key.raw(), self.terms));
            }
            return Err(DbError::Bug("a ledger without a database".into()));
        };
        let mut handle = db.acquire().await?;
        let mut conn = handle.conn();
        let now = crate::db::clock::now_ms(conn.reborrow()).await?;
        const STAMPS: &str = "SELECT last_at, n FROM rate_stamps \
                              WHERE key_id = $1 AND last_at > $2 AND n > 0 ORDER BY slot";
        const LEASES: &str = "SELECT id FROM rate_leases \
                              WHERE key_id = $1 AND holder = $2 AND ends_at > $3";
        let stamps: Vec<(i64, i64)> = on_conn!(conn.reborrow(), c => sqlx::query_as(STAMPS)
            .bind(key).bind(now - self.terms.window_ms).fetch_all(c).await?);
        let leases: Vec<i64> = on_conn!(conn, c => sqlx::query_scalar(LEASES)
            .bind(key).bind(self.terms.holder).bind(now - policy::LEASE_GRACE_MS)
            .fetch_all(c).await?);
        Ok(StoredWindow {
            now,
            stamps,
            leases,
        })
    }
}

/// A key's window as stored, read without writing.
#[derive(Debug, Clone, Default)]
pub struct StoredWindow {
    /// The database's time.
    pub now: i64,
    /// Each slot's places with the time of its latest (a lease's end for places lent), oldest
    /// first.
    pub stamps: Vec<(i64, i64)>,
    /// The ids of this server's leases of the key not yet given back (nor lapsed).
    pub leases: Vec<i64>,
}

/// Settles a batch on a store of [`Rounds`]: read, decide, write; the asks and give-backs of
/// keys another writer took in between are read and decided again, until none is left or
/// `deadline` passes. The verdicts of keys written stand.
async fn in_rounds(
    store: &impl Rounds,
    asks: Vec<Ask>,
    gives: Vec<Returned>,
    terms: Terms,
    ids: &AtomicI64,
    deadline: Instant,
) -> Result<Settled, Failed> {
    let mut verdicts: Vec<Option<(Verdict, i64)>> = vec![None; asks.len()];
    let mut versions: Option<Versions> = None;
    let mut pending: Vec<usize> = (0..asks.len()).collect();
    let mut giving = gives;
    // Leases written by earlier rounds: their asks' answers are lost if a later round fails.
    let mut lent: Vec<Returned> = Vec::new();
    loop {
        let round: Vec<Ask> = pending.iter().map(|&i| asks[i].clone()).collect();
        let keys = policy::keys_of(&round, &giving);
        let written_before = versions.is_some();
        let read = match store.read(&keys, terms).await {
            Ok(read) => read,
            Err(error) => {
                return Err(Failed {
                    error,
                    maybe_lent: written_before.then_some(lent),
                });
            }
        };
        let mut next_id = lease_ids(ids, &round);
        let (decided, writes) = policy::settle(
            read.now,
            &read.windows,
            &round,
            &giving,
            terms,
            &mut next_id,
        );
        let would_lend = leases_of_verdicts(&round, &decided);
        let taken: BTreeSet<i64> = match store.write(&writes, read.now, terms).await {
            Ok(taken) => taken.into_iter().collect(),
            Err(error) => {
                let maybe = written_before || !error.wrote_nothing();
                lent.extend(would_lend);
                return Err(Failed {
                    error,
                    maybe_lent: maybe.then_some(lent),
                });
            }
        };
        versions.get_or_insert(read.versions);
        lent.extend(
            would_lend
                .into_iter()
                .filter(|r| taken.contains(&r.key.raw())),
        );
        let mut again = Vec::new();
        for (i, verdict) in pending.into_iter().zip(decided) {
            if taken.contains(&asks[i].key.raw()) {
                verdicts[i] = Some((verdict, read.now));
            } else {
                again.push(i);
            }
        }
        giving.retain(|r| !taken.contains(&r.key.raw()));
        pending = again;
        if pending.is_empty() && giving.is_empty() {
            let versions = versions.unwrap_or_default();
            let verdicts = verdicts.into_iter().flatten().collect::<Vec<_>>();
            if verdicts.len() != asks.len() {
                return Err(Failed {
                    error: DbError::Bug(
                        "a batch was decided for fewer requests than it held".into(),
                    ),
                    maybe_lent: Some(lent),
                });
            }
            return Ok(Settled { versions, verdicts });
        }
        if Instant::now() >= deadline {
            let waited = deadline.saturating_duration_since(Instant::now());
            return Err(Failed {
                error: DbError::TimedOut(waited),
                maybe_lent: Some(lent),
            });
        }
    }
}

/// The first of ids enough for a lease per ask, taken from `ids` for these asks alone.
fn lease_ids(ids: &AtomicI64, asks: &[Ask]) -> i64 {
    ids.fetch_add(asks.len() as i64, Ordering::Relaxed)
}

/// The leases the verdicts of `asks` lend, as they would be given back unused.
fn leases_of_verdicts(asks: &[Ask], verdicts: &[Verdict]) -> Vec<Returned> {
    asks.iter()
        .zip(verdicts)
        .filter_map(|(ask, verdict)| match verdict {
            Verdict::Accepted {
                lease: Some(lease), ..
            } => Some(Returned {
                key: ask.key,
                lease: *lease,
                unused: lease.places,
            }),
            _ => None,
        })
        .collect()
}

/// A key's leases as both backends read them: a JSON array of their rows (`null` for none).
fn leases_of(json: Option<&str>) -> Result<Vec<policy::StoredLease>, DbError> {
    match json {
        None => Ok(Vec::new()),
        Some(text) => serde_json::from_str(text)
            .map_err(|e| DbError::Corrupt(format!("a rate-limit lease is unreadable: {e}"))),
    }
}
