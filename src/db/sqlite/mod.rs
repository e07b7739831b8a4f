//! SQLite, the embedded default, in one place: the file's checks before it is opened (`file`,
//! `file_system`), the pool's connections and the process's one turn to write, the connections
//! of tourney's own (rusqlite, each opened by [`direct`] with its settings applied there once),
//! what is current by SQLite's own account (`readers`), and the thread that keeps the
//! write-ahead log small (`checkpoint`), started with the database.
//!
//! Never opens, closes, maps, copies or truncates the database or its `-wal`, `-shm` and
//! `-journal` files except through SQLite ("How To Corrupt An SQLite Database File").

mod checkpoint;
pub(super) mod file;
mod file_system;
mod readers;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, TransactionBehavior};
use sqlx::SqlitePool;
use tokio::sync::OwnedMutexGuard;
use tokio::time::Instant;

use super::DbError;
use super::versions::Versions;
pub use file::NotWritable;
pub use file::{beside, check_for_wal, check_writable, directory_of};

/// How often `serve`'s checkpoint thread copies the write-ahead log into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);

/// How long a writing connection of tourney's own waits for another process's write lock, at
/// most (a batch sets a shorter wait when its deadline is nearer).
const WRITER_BUSY: Duration = Duration::from_secs(5);

/// A SQLite file's pool, the process's turn to write, and tourney's own connections to it.
///
/// SQLite lets one transaction write at a time, and a writer that finds the file locked sleeps
/// in steps of up to 100 ms before it looks again: with several of one process's connections
/// waiting, the lock sits free while they sleep, and writes crawl. So the process's writers
/// queue for one turn (first come, first served) and only the one at the front asks SQLite for
/// the lock; the busy timeout is left for other processes on the same file.
#[derive(Clone)]
pub struct SqliteDb {
    pool: SqlitePool,
    shared: Arc<Shared>,
}

struct Shared {
    turn: Arc<tokio::sync::Mutex<()>>,
    /// The file, or `None` for an in-memory database (which has no connections of its own).
    file: Option<PathBuf>,
    writer: OnceLock<Arc<Mutex<Connection>>>,
    readers: OnceLock<Arc<readers::Readers>>,
    /// The readers' warm read transaction, which the checkpointer lets go of while it works.
    warm: Arc<Mutex<Option<readers::Warm>>>,
    /// The checkpoint thread, until the database is closed.
    checkpoints: Mutex<Option<checkpoint::Checkpointer>>,
}

impl std::fmt::Debug for SqliteDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqliteDb")
            .field("file", &self.shared.file)
            .finish_non_exhaustive()
    }
}

/// What a connection of tourney's own does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Access {
    /// Reads what is current; never waits for a lock (a busy file is tried again off the
    /// request's thread).
    Read,
    /// Writes: waits for other processes' write locks up to [`WRITER_BUSY`], commits as the
    /// pool's connections do (`synchronous = NORMAL`, which never corrupts a WAL file), and
    /// leaves checkpoints to the checkpoint thread.
    Write,
}

/// Opens a connection of tourney's own to the file at `path`: the one place their settings are
/// applied.
pub(super) fn direct(path: &Path, access: Access) -> Result<Connection, DbError> {
    let flags = match access {
        Access::Read => OpenFlags::SQLITE_OPEN_READ_ONLY,
        Access::Write => OpenFlags::SQLITE_OPEN_READ_WRITE,
    } | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(DbError::Direct)?;
    match access {
        Access::Read => conn.busy_timeout(Duration::ZERO),
        Access::Write => conn
            .busy_timeout(WRITER_BUSY)
            .and_then(|()| conn.pragma_update(None, "synchronous", "NORMAL"))
            .and_then(|()| conn.pragma_update(None, "wal_autocheckpoint", 0)),
    }
    .map_err(DbError::Direct)?;
    Ok(conn)
}

impl SqliteDb {
    /// The database over `pool`, at `file` (`None`: in memory). A file's checkpoint thread
    /// starts now; when it cannot, the connections' own checkpoints keep the log in bounds.
    pub(super) fn new(pool: SqlitePool, file: Option<PathBuf>) -> SqliteDb {
        let turn = Arc::new(tokio::sync::Mutex::new(()));
        let warm = Arc::new(Mutex::new(None));
        let checkpoints = file.as_deref().and_then(|path| {
            checkpoint::Checkpointer::start(
                path,
                CHECKPOINT_EVERY,
                Arc::clone(&turn),
                Arc::clone(&warm),
            )
            .inspect_err(|error| tracing::warn!(%error, "cannot start the checkpoint thread"))
            .ok()
        });
        SqliteDb {
            pool,
            shared: Arc::new(Shared {
                turn,
                file,
                writer: OnceLock::new(),
                readers: OnceLock::new(),
                warm,
                checkpoints: Mutex::new(checkpoints),
            }),
        }
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// Closes the pool and stops the checkpoint thread, waiting for a checkpoint under way: once
    /// this returns, nothing of this process writes to the file.
    pub async fn close(&self) {
        self.pool.close().await;
        let checkpoints = self
            .shared
            .checkpoints
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(checkpoints) = checkpoints
            && tokio::task::spawn_blocking(move || checkpoints.stop())
                .await
                .is_err()
        {
            tracing::warn!("could not wait for the checkpoint thread to stop");
        }
    }

    /// Waits for the process's turn to write; holding it, a transaction may take SQLite's
    /// write lock.
    pub(super) async fn turn(&self) -> OwnedMutexGuard<()> {
        Arc::clone(&self.shared.turn).lock_owned().await
    }

    fn file(&self) -> Result<&Path, DbError> {
        self.shared.file.as_deref().ok_or(DbError::Bug(
            "connections of tourney's own need a database file".into(),
        ))
    }

    fn readers(&self) -> Result<Arc<readers::Readers>, DbError> {
        if let Some(readers) = self.shared.readers.get() {
            return Ok(Arc::clone(readers));
        }
        let readers = readers::Readers::open(self.file()?, Arc::clone(&self.shared.warm))?;
        Ok(Arc::clone(
            self.shared.readers.get_or_init(|| Arc::new(readers)),
        ))
    }

    fn writer(&self) -> Result<Arc<Mutex<Connection>>, DbError> {
        if let Some(writer) = self.shared.writer.get() {
            return Ok(Arc::clone(writer));
        }
        let conn = direct(self.file()?, Access::Write)?;
        Ok(Arc::clone(
            self.shared
                .writer
                .get_or_init(|| Arc::new(Mutex::new(conn))),
        ))
    }

    /// The database's versions, as of a read that began after this call. Checked where the
    /// caller runs (a few microseconds) unless every reader is taken or the file is busy (a
    /// crashed writer's log being recovered), which are waited for off the caller's thread.
    pub async fn versions(&self) -> Result<Versions, DbError> {
        let readers = self.readers()?;
        let mut read = readers.try_read();
        loop {
            match read {
                Some(Ok(versions)) => return Ok(versions),
                Some(Err(error)) if !is_busy(&error) => return Err(error),
                Some(Err(_)) => tokio::time::sleep(Duration::from_millis(5)).await,
                None => {
                    let readers = Arc::clone(&readers);
                    read = Some(
                        tokio::task::spawn_blocking(move || readers.read())
                            .await
                            .map_err(|_| DbError::Stopped("SQLite reader"))?,
                    );
                    continue;
                }
            }
            read = readers.try_read();
        }
    }

    /// Runs `work` in one write transaction on tourney's own writing connection, on a blocking
    /// thread, holding the process's turn to write, and commits it. Waits for the turn and for
    /// SQLite's lock until `deadline` at most, then fails as [`DbError::Busy`], having written
    /// nothing.
    pub async fn write_direct<T, W>(&self, deadline: Instant, work: W) -> Result<T, DbError>
    where
        T: Send + 'static,
        W: FnOnce(&rusqlite::Transaction<'_>) -> Result<T, DbError> + Send + 'static,
    {
        let writer = self.writer()?;
        let waited = deadline.saturating_duration_since(Instant::now());
        let turn = tokio::time::timeout_at(deadline, self.turn())
            .await
            .map_err(|_| DbError::Busy(waited))?;
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            let mut conn = writer.lock().unwrap_or_else(PoisonError::into_inner);
            let left = deadline.saturating_duration_since(Instant::now());
            conn.busy_timeout(left).map_err(DbError::Direct)?;
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(|error| match DbError::Direct(error) {
                    busy if is_busy(&busy) => DbError::Busy(waited),
                    other => other,
                })?;
            let done = work(&tx)?;
            tx.commit().map_err(DbError::Direct)?;
            Ok(done)
        })
        .await
        .map_err(|_| DbError::Stopped("SQLite writer"))?
    }
}

/// True when SQLite said the file is busy (locked by a writer recovering its log).
fn is_busy(error: &DbError) -> bool {
    matches!(
        error,
        DbError::Direct(rusqlite::Error::SqliteFailure(failure, _))
            if failure.code == rusqlite::ErrorCode::DatabaseBusy
    )
}

/// The `versions` row read on a connection of tourney's own.
pub(crate) fn read_versions(conn: &Connection) -> Result<Versions, DbError> {
    conn.prepare_cached(super::versions::READ)
        .and_then(|mut statement| {
            statement.query_row([], |row| {
                Ok(Versions {
                    keys: row.get(0)?,
                    data: row.get(1)?,
                })
            })
        })
        .map_err(DbError::Direct)
}
