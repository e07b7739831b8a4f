//! The questions every request asks the database, on whichever backend: what is current
//! ([`Versions`]), and for the API, together with it, its rate-limit verdict
//! ([`rate_windows`]). Questions are answered in batches, one job per batch (`direct` on
//! SQLite: a connection and a thread of their own; `batcher` on Postgres: a task over the pool),
//! and every question is answered by a job that began after it was asked: so the versions a
//! request gets were read after it arrived, and a change committed before that shows. On SQLite
//! the versions are checked where the request runs, on connections kept for it, and read again
//! only when SQLite's `PRAGMA data_version` says another connection has committed since the last
//! read; a thread copies the write-ahead log into the file (`direct::Checkpointer`) so that no
//! batch does.
//!
//! Reads versions and settles the rate limit only: it never changes the product's data.

use std::time::Duration;

use rusqlite::TransactionBehavior;

use super::rate_windows::{self, Ask, Decided, Returned, Terms, Verdict};
use super::versions::{self, Versions};
use super::{Conn, Db, DbError, batcher, data_version, direct};

/// How often SQLite's write-ahead log is copied into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);

/// The most questions one job answers.
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
    /// The database's time, Unix ms.
    pub now: i64,
    pub versions: Versions,
    pub verdict: Verdict,
}

/// A queue of questions answered in batches, on either backend.
enum Lane<Q, A> {
    Sqlite(direct::Batcher<Q, A>),
    Postgres(batcher::Batcher<Q, A>),
}

impl<Q: Send + 'static, A: Send + 'static> Lane<Q, A> {
    async fn ask(&self, question: Q) -> Result<A, DbError> {
        match self {
            Lane::Sqlite(lane) => lane.ask(question).await,
            Lane::Postgres(lane) => lane.ask(question).await,
        }
    }
}

pub struct Hot {
    /// SQLite: versions read where the request runs.
    inline: Option<data_version::Readers>,
    /// SQLite: the log copied into the file off the requests' path.
    _checkpoints: Option<direct::Checkpointer>,
    versions: Lane<(), Versions>,
    verdicts: Lane<Ask, Settled>,
    returns: Lane<Returned, ()>,
}

impl Hot {
    /// The per-request questions over `db`, for `limit`; a Postgres batch that takes longer
    /// than `deadline` fails. On SQLite, two connections to its file (one reads versions and
    /// never waits for the other's transactions).
    pub fn open(db: &Db, limit: Limit, deadline: Duration) -> Result<Hot, DbError> {
        let terms = Terms {
            limit: limit.limit,
            window_ms: limit.window_ms,
            lease_ms: limit.lease_ms.max(1),
            holder: holder()?,
        };
        Ok(match db {
            Db::Sqlite(sqlite) => {
                let options = sqlite.pool().connect_options();
                let turns = sqlite.write_turns();
                let return_turns = sqlite.write_turns();
                let path = options.get_filename();
                let readers = data_version::Readers::open(path)?;
                let warm = readers.warm();
                Hot {
                    inline: Some(readers),
                    _checkpoints: Some(direct::Checkpointer::start(
                        path,
                        CHECKPOINT_EVERY,
                        sqlite.write_turns(),
                        warm,
                    )?),
                    versions: Lane::Sqlite(direct::Batcher::open(
                        path,
                        "tourney-versions",
                        MAX_BATCH,
                        |conn, asks: &[()]| {
                            let read = versions::read_direct(conn)?;
                            Ok(vec![read; asks.len()])
                        },
                    )?),
                    verdicts: Lane::Sqlite(direct::Batcher::open(
                        path,
                        "tourney-limits",
                        MAX_BATCH,
                        move |conn, asks: &[Ask]| {
                            // The verdicts write: wait for the process's turn first.
                            let _turn = turns.blocking_lock();
                            settle_sqlite(conn, asks, terms)
                        },
                    )?),
                    returns: Lane::Sqlite(direct::Batcher::open(
                        path,
                        "tourney-returns",
                        MAX_BATCH,
                        move |conn, returned: &[Returned]| {
                            let _turn = return_turns.blocking_lock();
                            give_back_sqlite(conn, returned, terms.holder)
                        },
                    )?),
                }
            }
            Db::Postgres(_) => {
                let (reader, settler, returner) = (db.clone(), db.clone(), db.clone());
                Hot {
                    inline: None,
                    _checkpoints: None,
                    versions: Lane::Postgres(batcher::Batcher::start(
                        MAX_BATCH,
                        deadline,
                        move |asks: Vec<()>| {
                            let db = reader.clone();
                            async move {
                                let mut handle = db.acquire().await?;
                                let read = versions::read(handle.conn()).await?;
                                Ok(vec![read; asks.len()])
                            }
                        },
                    )),
                    verdicts: Lane::Postgres(batcher::Batcher::start(
                        MAX_BATCH,
                        deadline,
                        move |asks: Vec<Ask>| {
                            let db = settler.clone();
                            async move { settle_postgres(&db, &asks, terms).await }
                        },
                    )),
                    returns: Lane::Postgres(batcher::Batcher::start(
                        MAX_BATCH,
                        deadline,
                        move |returned: Vec<Returned>| {
                            let db = returner.clone();
                            async move { give_back_postgres(&db, &returned, terms.holder).await }
                        },
                    )),
                }
            }
        })
    }

    /// The database's versions, as of a read that began after this call, when they can be had
    /// without waiting (SQLite, its file not busy).
    pub fn versions_at_once(&self) -> Option<Versions> {
        self.inline.as_ref().and_then(|inline| inline.read().ok())
    }

    /// The database's versions, as of a read that began after this call.
    pub async fn versions(&self) -> Result<Versions, DbError> {
        match self.versions_at_once() {
            Some(read) => Ok(read),
            None => self.versions_queued().await,
        }
    }

    /// The versions as the queue's job reads them: on SQLite, when the file is too busy for a
    /// read at once (a reader waits only while a crashed writer's log is recovered), the
    /// thread, which may wait longer.
    pub async fn versions_queued(&self) -> Result<Versions, DbError> {
        self.versions.ask(()).await
    }

    /// Settles one request (with the lease it asks for), and reads the versions in the same
    /// transaction (which began after this call).
    pub async fn settle(&self, ask: Ask) -> Result<Settled, DbError> {
        self.verdicts.ask(ask).await
    }

    /// Gives a lease back: its unused places free at once.
    pub async fn give_back(&self, returned: Returned) -> Result<(), DbError> {
        self.returns.ask(returned).await
    }
}

/// This process's name in `rate_leases`: random, so no two servers share it.
fn holder() -> Result<i64, DbError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)
        .map_err(|e| DbError::Corrupt(format!("no randomness for the lease holder: {e}")))?;
    Ok(i64::from_le_bytes(bytes) & i64::MAX)
}

fn settled(now: i64, versions: Versions, verdicts: Vec<Verdict>) -> Vec<Settled> {
    verdicts
        .into_iter()
        .map(|verdict| Settled {
            now,
            versions,
            verdict,
        })
        .collect()
}

fn settle_sqlite(
    conn: &mut rusqlite::Connection,
    asks: &[Ask],
    terms: Terms,
) -> Result<Vec<Settled>, DbError> {
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(DbError::Direct)?;
    let versions = versions::read_direct(&tx)?;
    let (now, verdicts) = rate_windows::decide_sqlite(&tx, asks, terms)?;
    tx.commit().map_err(DbError::Direct)?;
    Ok(settled(now, versions, verdicts))
}

async fn settle_postgres(db: &Db, asks: &[Ask], terms: Terms) -> Result<Vec<Settled>, DbError> {
    // Rows created are missing again only if the table is emptied meanwhile (a crash of the
    // database): a second try then settles, or the batch fails.
    for _ in 0..2 {
        let mut tx = db.begin().await?;
        let c = postgres(tx.conn())?;
        match rate_windows::decide_postgres(&mut *c, asks, terms).await? {
            Decided::Settled {
                now,
                verdicts,
                versions,
            } => {
                tx.commit().await?;
                return Ok(settled(now, versions, verdicts));
            }
            Decided::Missing(keys) => {
                // Nothing was written: let go of the rows held, create the missing ones alone.
                tx.rollback().await?;
                let mut handle = db.acquire().await?;
                rate_windows::create_counts(postgres(handle.conn())?, &keys).await?;
            }
        }
    }
    Err(DbError::Batch(
        "the rate-limit rows of the batch vanished as they were made".into(),
    ))
}

fn give_back_sqlite(
    conn: &mut rusqlite::Connection,
    returned: &[Returned],
    holder: i64,
) -> Result<Vec<()>, DbError> {
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(DbError::Direct)?;
    rate_windows::give_back_sqlite(&tx, returned, holder)?;
    tx.commit().map_err(DbError::Direct)?;
    Ok(vec![(); returned.len()])
}

async fn give_back_postgres(
    db: &Db,
    returned: &[Returned],
    holder: i64,
) -> Result<Vec<()>, DbError> {
    let mut tx = db.begin().await?;
    rate_windows::give_back_postgres(postgres(tx.conn())?, returned, holder).await?;
    tx.commit().await?;
    Ok(vec![(); returned.len()])
}

/// The Postgres connection of a transaction `hot` opened on Postgres.
fn postgres(conn: Conn<'_>) -> Result<&mut sqlx::PgConnection, DbError> {
    match conn {
        Conn::Postgres(c) => Ok(c),
        Conn::Sqlite(_) => Err(DbError::Corrupt("a Postgres transaction on SQLite".into())),
    }
}
