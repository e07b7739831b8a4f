//! The questions every request asks the database, on either backend: what is current
//! ([`Versions`]), and for the API, with it, the request's rate-limit verdict
//! ([`rate_windows`]). Behind [`Hot`], whose every answer comes from a read that began after the
//! question was asked, so a change committed before a request arrived always shows in its answer.
//!
//! - SQLite: the versions are checked where the request runs (`data_version`); verdicts are
//!   settled in batches on a connection of their own ([`sqlite`]), and a thread keeps the
//!   write-ahead log small (`checkpoint`).
//! - Postgres: both are asked in batches over the pool ([`postgres`]).
//!
//! A batch is one job within a deadline, committed only if it finished in time; an asker that is
//! gone takes nothing (see [`batch`]): the places of a lease nobody received come out of
//! [`Hot::orphans`], for the caller to give back at once.
//!
//! Reads the versions and writes the rate limit's tables only: never the product's data.

mod batch;
mod postgres;
mod sqlite;

use std::time::Duration;

use tokio::sync::mpsc;

use super::rate_windows::{Ask, Returned, Terms, Verdict};
use super::versions::Versions;
use super::{Db, DbError, checkpoint, data_version};
use crate::ids::KeyId;
use batch::Lane;

/// How often SQLite's write-ahead log is copied into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);

/// The most questions one batch answers.
const MAX_BATCH: usize = 512;

/// The rate limit the verdicts are for: `limit` accepted requests per key in any `window_ms`,
/// places lent for `lease_ms` at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub limit: u32,
    pub window_ms: i64,
    pub lease_ms: i64,
}

/// One request's verdict, with the batch's time and the versions read in its transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settled {
    pub key: KeyId,
    /// The database's time, Unix ms.
    pub now: i64,
    pub versions: Versions,
    pub verdict: Verdict,
}

/// What one batch of the rate limit is asked: settle a request, or give a lease back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Settle(Ask),
    GiveBack(Returned),
}

/// What it answers, in the same order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Done {
    Settled(Settled),
    GivenBack,
}

/// A place lent with a verdict nobody received: to be given back.
fn orphan(done: Done) -> Option<Returned> {
    match done {
        Done::Settled(Settled {
            key,
            verdict: Verdict::Accepted {
                lease: Some(lease), ..
            },
            ..
        }) => Some(Returned {
            key,
            lease,
            unused: lease.places,
        }),
        _ => None,
    }
}

/// Where the versions come from.
enum Current {
    Sqlite(data_version::Readers),
    Postgres(Lane<postgres::ReadVersions>),
}

/// Where verdicts are settled.
enum Ledger {
    Sqlite(Lane<sqlite::Ledger>),
    Postgres(Lane<postgres::Ledger>),
}

pub struct Hot {
    current: Current,
    ledger: Ledger,
    deadline: Duration,
    orphans: std::sync::Mutex<Option<mpsc::UnboundedReceiver<Returned>>>,
    /// SQLite: the log kept small off the requests' path.
    _checkpoints: Option<checkpoint::Checkpointer>,
}

impl Hot {
    /// The per-request questions over `db`, for `limit`: a batch not done within `deadline`
    /// commits nothing and fails.
    pub fn open(db: &Db, limit: Limit, deadline: Duration) -> Result<Hot, DbError> {
        let terms = Terms {
            limit: limit.limit,
            window_ms: limit.window_ms,
            lease_ms: limit.lease_ms.max(1),
            holder: holder()?,
        };
        let (orphaned, orphans) = mpsc::unbounded_channel();
        let (current, ledger, checkpoints) = match db {
            Db::Sqlite(sqlite) => {
                let options = sqlite.pool().connect_options();
                let path = options.get_filename();
                let readers = data_version::Readers::open(path)?;
                let checkpoints = checkpoint::Checkpointer::start(
                    path,
                    CHECKPOINT_EVERY,
                    sqlite.write_turns(),
                    readers.warm(),
                )?;
                let job = sqlite::Ledger::open(path, sqlite.write_turns(), terms)?;
                let ledger = Lane::start("rate-limit lane", job, MAX_BATCH, deadline, orphaned);
                (
                    Current::Sqlite(readers),
                    Ledger::Sqlite(ledger),
                    Some(checkpoints),
                )
            }
            Db::Postgres(_) => {
                let (unused, _) = mpsc::unbounded_channel();
                let reads = postgres::ReadVersions { db: db.clone() };
                let job = postgres::Ledger {
                    db: db.clone(),
                    terms,
                };
                (
                    Current::Postgres(Lane::start(
                        "versions lane",
                        reads,
                        MAX_BATCH,
                        deadline,
                        unused,
                    )),
                    Ledger::Postgres(Lane::start(
                        "rate-limit lane",
                        job,
                        MAX_BATCH,
                        deadline,
                        orphaned,
                    )),
                    None,
                )
            }
        };
        Ok(Hot {
            current,
            ledger,
            deadline,
            orphans: std::sync::Mutex::new(Some(orphans)),
            _checkpoints: checkpoints,
        })
    }

    /// The database's versions, as of a read that began after this call.
    pub async fn versions(&self) -> Result<Versions, DbError> {
        match &self.current {
            Current::Sqlite(readers) => match readers.read() {
                Ok(versions) => Ok(versions),
                // Busy: a crashed writer's log is being recovered. Wait for it off the
                // request's thread, as long as a request may wait.
                Err(_) => sqlite::read_waiting(readers, self.deadline).await,
            },
            Current::Postgres(lane) => lane.ask(()).await,
        }
    }

    /// Settles one request (with the lease it asks for, and the leases it gives back), and reads
    /// the versions in the same transaction, which began after this call.
    pub async fn settle(&self, ask: Ask) -> Result<Settled, DbError> {
        match self.entry(Entry::Settle(ask)).await? {
            Done::Settled(settled) => Ok(settled),
            Done::GivenBack => Err(DbError::Corrupt("a settle answered as a give-back".into())),
        }
    }

    /// Gives leases back: their unused places free at once.
    pub async fn give_back(&self, returned: &[Returned]) -> Result<(), DbError> {
        let given = returned.iter().map(|r| self.entry(Entry::GiveBack(*r)));
        for result in futures_util::future::join_all(given).await {
            result?;
        }
        Ok(())
    }

    async fn entry(&self, entry: Entry) -> Result<Done, DbError> {
        match &self.ledger {
            Ledger::Sqlite(lane) => lane.ask(entry).await,
            Ledger::Postgres(lane) => lane.ask(entry).await,
        }
    }

    /// The leases whose verdicts nobody received (the asker hung up or gave up while the batch
    /// ran): once, for the one who gives them back.
    pub fn orphans(&self) -> Option<mpsc::UnboundedReceiver<Returned>> {
        self.orphans
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }
}

/// This process's name in `rate_leases`: random, so no two servers share it.
fn holder() -> Result<i64, DbError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(DbError::NoRandomness)?;
    Ok(i64::from_le_bytes(bytes) & i64::MAX)
}

/// Splits a batch into the leases it gives back and the requests it settles.
fn split(entries: &[Entry]) -> (Vec<Returned>, Vec<Ask>) {
    let mut returned = Vec::new();
    let mut asks = Vec::new();
    for entry in entries {
        match entry {
            Entry::Settle(ask) => asks.push(ask.clone()),
            Entry::GiveBack(r) => returned.push(*r),
        }
    }
    (returned, asks)
}

/// The answers of a batch in its entries' order.
fn answers(entries: &[Entry], now: i64, versions: Versions, verdicts: Vec<Verdict>) -> Vec<Done> {
    let mut verdicts = verdicts.into_iter();
    entries
        .iter()
        .map(|entry| match entry {
            Entry::GiveBack(_) => Done::GivenBack,
            Entry::Settle(ask) => match verdicts.next() {
                Some(verdict) => Done::Settled(Settled {
                    key: ask.key,
                    now,
                    versions,
                    verdict,
                }),
                None => Done::GivenBack,
            },
        })
        .collect()
}

/// Each backend's ledger answers a lane's batches with its own `settle`.
macro_rules! ledger_lane {
    ($($ledger:ty),+) => {$(
        impl batch::Job for $ledger {
            type Question = Entry;
            type Answer = Done;
            type Orphan = Returned;

            fn run(
                &mut self,
                entries: Vec<Entry>,
                deadline: tokio::time::Instant,
            ) -> impl std::future::Future<Output = Result<Vec<Done>, DbError>> + Send + '_ {
                self.settle(entries, deadline)
            }

            fn orphan(done: Done) -> Option<Returned> {
                orphan(done)
            }
        }
    )+};
}

ledger_lane!(sqlite::Ledger, postgres::Ledger);
