//! The rate limit's batches on SQLite: one writing connection of its own (rusqlite, beside sqlx's
//! pool), used on a blocking thread once the batch has the process's turn to write, so a batch
//! costs one hand-off instead of one per statement. And the versions read when the readers were
//! busy.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rusqlite::{Connection, TransactionBehavior};
use tokio::time::Instant;

use super::super::rate_windows::{self, Terms};
use super::super::versions::{self, Versions};
use super::super::{DbError, checkpoint, data_version};
use super::{Done, Entry, answers, split};

/// Settles batches on a connection of its own.
pub struct Ledger {
    conn: Arc<Mutex<Connection>>,
    /// The process's turn to write (`db::SqliteDb`), shared with sqlx's writers.
    turns: Arc<tokio::sync::Mutex<()>>,
    terms: Terms,
}

impl Ledger {
    pub fn open(
        path: &Path,
        turns: Arc<tokio::sync::Mutex<()>>,
        terms: Terms,
    ) -> Result<Ledger, DbError> {
        Ok(Ledger {
            conn: Arc::new(Mutex::new(checkpoint::writer(path)?)),
            turns,
            terms,
        })
    }

    /// One batch: the process's turn to write, then SQLite's write lock, waiting for neither
    /// past `deadline`; committed only if done in time.
    pub async fn settle(
        &mut self,
        entries: Vec<Entry>,
        deadline: Instant,
    ) -> Result<Vec<Done>, DbError> {
        let turn = tokio::time::timeout_at(deadline, Arc::clone(&self.turns).lock_owned())
            .await
            .map_err(|_| DbError::TimedOut(waited(deadline)))?;
        let (conn, terms) = (Arc::clone(&self.conn), self.terms);
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            let mut conn = conn.lock().unwrap_or_else(PoisonError::into_inner);
            settle(&mut conn, &entries, terms, deadline)
        })
        .await
        .map_err(|_| DbError::Stopped("rate-limit lane"))?
    }
}

/// How long a batch had, for its error.
fn waited(deadline: Instant) -> Duration {
    deadline.saturating_duration_since(Instant::now())
}

fn settle(
    conn: &mut Connection,
    entries: &[Entry],
    terms: Terms,
    deadline: Instant,
) -> Result<Vec<Done>, DbError> {
    let left = deadline.saturating_duration_since(Instant::now());
    conn.busy_timeout(left).map_err(DbError::Direct)?;
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(DbError::Direct)?;
    let versions = versions::read_direct(&tx)?;
    let (returned, asks) = split(entries);
    let (now, verdicts) = rate_windows::decide_sqlite(&tx, &asks, &returned, terms)?;
    if Instant::now() >= deadline {
        // Too late for its askers: nothing of it is kept (dropped, the transaction rolls back).
        return Err(DbError::TimedOut(left));
    }
    tx.commit().map_err(DbError::Direct)?;
    Ok(answers(entries, now, versions, verdicts))
}

/// The versions, retrying while the file is busy (each try waits at most the readers' short busy
/// timeout), until `within` has passed.
pub async fn read_waiting(
    readers: &data_version::Readers,
    within: Duration,
) -> Result<Versions, DbError> {
    let until = Instant::now() + within;
    loop {
        tokio::time::sleep(Duration::from_millis(10)).await;
        match readers.read() {
            Ok(versions) => return Ok(versions),
            Err(error) if Instant::now() >= until => return Err(error),
            Err(_) => {}
        }
    }
}
