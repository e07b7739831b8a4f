//! The per-request questions on Postgres, in batches over the pool: the versions read once for
//! every request that asked meanwhile, and the rate limit settled in one transaction, committed
//! only if the batch finished within its deadline.

use std::time::Duration;

use tokio::time::Instant;

use super::super::rate_windows::{self, Decided, Terms};
use super::super::versions::{self, Versions};
use super::super::{Conn, Db, DbError, Tx};
use super::{Done, Entry, answers, batch, split};

/// The most a commit may take before its outcome is taken as unknown: the batch then fails, and
/// whatever it lent comes back as orphans (a lease never committed gives nothing back).
const COMMIT_WAIT: Duration = Duration::from_secs(30);

/// Reads the versions.
pub struct ReadVersions {
    pub db: Db,
}

impl batch::Job for ReadVersions {
    type Question = ();
    type Answer = Versions;
    type Orphan = ();

    async fn run(&mut self, asks: Vec<()>, deadline: Instant) -> Result<Vec<Versions>, DbError> {
        let read = async {
            let mut handle = self.db.acquire().await?;
            versions::read(handle.conn()).await
        };
        let read = tokio::time::timeout_at(deadline, read)
            .await
            .map_err(|_| DbError::TimedOut(Duration::ZERO))??;
        Ok(vec![read; asks.len()])
    }

    fn orphan(_: Versions) -> Option<()> {
        None
    }
}

/// Settles batches over the pool.
pub struct Ledger {
    pub db: Db,
    pub terms: Terms,
}

impl Ledger {
    pub async fn settle(
        &mut self,
        entries: Vec<Entry>,
        deadline: Instant,
    ) -> Result<Vec<Done>, DbError> {
        let decided = tokio::time::timeout_at(deadline, self.decide(&entries))
            .await
            .map_err(|_| DbError::TimedOut(Duration::ZERO))??;
        let (tx, done) = decided;
        if Instant::now() >= deadline {
            tx.rollback().await?;
            return Err(DbError::TimedOut(Duration::ZERO));
        }
        // A commit cut short would leave nobody knowing whether it happened: it is waited for.
        tokio::time::timeout(COMMIT_WAIT, tx.commit())
            .await
            .map_err(|_| DbError::TimedOut(COMMIT_WAIT))??;
        Ok(done)
    }

    /// Decides the batch in an open transaction, for the caller to commit.
    async fn decide(&self, entries: &[Entry]) -> Result<(Tx, Vec<Done>), DbError> {
        let (returned, asks) = split(entries);
        // Rows created are missing again only if the table is emptied meanwhile (a crash of the
        // database): a second try then settles, or the batch fails.
        for _ in 0..2 {
            let mut tx = self.db.begin().await?;
            let c = postgres(tx.conn())?;
            match rate_windows::decide_postgres(&mut *c, &asks, &returned, self.terms).await? {
                Decided::Settled {
                    now,
                    verdicts,
                    versions,
                } => return Ok((tx, answers(entries, now, versions, verdicts))),
                Decided::Missing(keys) => {
                    // Nothing was written: let go of the rows held, create the missing ones alone.
                    tx.rollback().await?;
                    let mut handle = self.db.acquire().await?;
                    rate_windows::create_counts(postgres(handle.conn())?, &keys).await?;
                }
            }
        }
        Err(DbError::Corrupt(
            "the rate-limit rows of the batch vanished as they were made".into(),
        ))
    }
}

/// The Postgres connection of a transaction opened on Postgres.
fn postgres(conn: Conn<'_>) -> Result<&mut sqlx::PgConnection, DbError> {
    match conn {
        Conn::Postgres(c) => Ok(c),
        Conn::Sqlite(_) => Err(DbError::Corrupt("a Postgres transaction on SQLite".into())),
    }
}
