//! What is current on SQLite, by SQLite's own account: `PRAGMA data_version`, which changes on a
//! connection whenever another connection, of this process or any other, has committed since
//! that connection's previous read. A few read-only connections kept for it each keep the
//! `versions` row they last read with the data version seen just before; while it is unchanged,
//! nothing was committed since, so the kept row is current and the row is not read again.
//!
//! Every read here is a read transaction, and beginning and ending one takes and releases
//! SQLite's shared lock on the WAL index: two `fcntl` calls, which the kernel serialises across
//! threads (1.9 µs a check on one thread, 5 µs each on two at once, on the development machine).
//! While another connection of the same process holds that same lock, SQLite's unix VFS counts
//! the holders itself and makes no call (0.4 µs). So a [`Warm`] connection keeps a read
//! transaction open at the newest snapshot: a reader that sees a new data version moves it to the
//! newest snapshot, and the checkpointer lets go of it while it checkpoints (a checkpoint cannot
//! copy the log past a snapshot still read). That is all it does: correctness never depends on
//! it, only the cost of a check.
//!
//! Never opens, maps or reads SQLite's files except through SQLite; never writes.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use rusqlite::Connection;

use super::{Access, direct, read_versions};
use crate::db::DbError;
use crate::db::versions::Versions;

/// Connections kept for reading what is current.
const READERS: usize = 4;

/// The versions, checked where the request runs.
pub struct Readers {
    readers: Vec<Mutex<Reader>>,
    next: AtomicUsize,
    warm: Arc<Mutex<Option<Warm>>>,
}

/// One connection of [`Readers`] and what it last read.
struct Reader {
    conn: Connection,
    /// The data version seen before the kept versions were read, and those versions.
    seen: Option<(i64, Versions)>,
}

/// A read transaction kept open at the newest snapshot, so that readers of this process find
/// SQLite's read lock already held (see the module's comment).
pub struct Warm {
    conn: Connection,
    open: bool,
}

fn data_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("PRAGMA data_version")?
        .query_row([], |row| row.get(0))
}

impl Warm {
    /// Ends the read transaction, if one is open.
    pub fn release(&mut self) {
        if self.open {
            self.open = false;
            if let Err(error) = self.conn.execute_batch("COMMIT") {
                tracing::debug!(%error, "cannot end the warm read transaction");
            }
        }
    }

    /// Moves the read transaction to the newest snapshot.
    pub fn renew(&mut self) {
        self.release();
        let begun = self
            .conn
            .execute_batch("BEGIN")
            .and_then(|()| data_version(&self.conn).map(|_| ()));
        match begun {
            Ok(()) => self.open = true,
            Err(error) => {
                tracing::debug!(%error, "cannot begin the warm read transaction");
                let _ = self.conn.execute_batch("ROLLBACK");
            }
        }
    }
}

impl Reader {
    /// The current versions; `true` with them when they were read anew (something committed).
    fn current(&mut self) -> Result<(Versions, bool), DbError> {
        let data_version = data_version(&self.conn).map_err(DbError::Direct)?;
        if let Some((seen, versions)) = self.seen
            && seen == data_version
        {
            return Ok((versions, false));
        }
        let read = read_versions(&self.conn)?;
        self.seen = Some((data_version, read));
        Ok((read, true))
    }
}

impl Readers {
    /// Opens the connections to the SQLite file at `path` (which exists and is migrated), and
    /// puts their warm read transaction in `warm`, where the checkpointer finds it.
    pub fn open(path: &Path, warm: Arc<Mutex<Option<Warm>>>) -> Result<Readers, DbError> {
        let readers = (0..READERS)
            .map(|_| {
                Ok(Mutex::new(Reader {
                    conn: direct(path, Access::Read)?,
                    seen: None,
                }))
            })
            .collect::<Result<_, DbError>>()?;
        let mut kept = Warm {
            conn: direct(path, Access::Read)?,
            open: false,
        };
        kept.renew();
        *warm.lock().unwrap_or_else(PoisonError::into_inner) = Some(kept);
        Ok(Readers {
            readers,
            next: AtomicUsize::new(0),
            warm,
        })
    }

    /// The current versions, as of a read that began after this call, on a reader no other
    /// thread holds; `None` when every reader is taken. An error when the file is busy (a
    /// crashed writer's log being recovered): SQLite is not waited for here.
    pub fn try_read(&self) -> Option<Result<Versions, DbError>> {
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        let count = self.readers.len();
        let mut reader =
            (0..count).find_map(|offset| self.readers[(start + offset) % count].try_lock().ok())?;
        Some(self.kept(reader.current()))
    }

    /// [`Readers::try_read`], waiting for a reader if every one is taken (on a blocking thread).
    pub fn read(&self) -> Result<Versions, DbError> {
        if let Some(read) = self.try_read() {
            return read;
        }
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        let current = self.readers[start % self.readers.len()]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .current();
        self.kept(current)
    }

    /// Moves the warm read transaction on when a reader saw a commit.
    fn kept(&self, read: Result<(Versions, bool), DbError>) -> Result<Versions, DbError> {
        let (versions, changed) = read?;
        if changed
            && let Ok(mut warm) = self.warm.try_lock()
            && let Some(warm) = warm.as_mut()
        {
            warm.renew();
        }
        Ok(versions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_warm(warm: &Mutex<Option<Warm>>, what: fn(&mut Warm)) {
        what(warm.lock().expect("the warm lock").as_mut().expect("kept"));
    }

    fn versions_db(path: &Path) -> Connection {
        let writer = Connection::open(path).expect("open");
        writer
            .pragma_update(None, "journal_mode", "WAL")
            .expect("WAL mode");
        writer
            .execute_batch(
                "CREATE TABLE IF NOT EXISTS versions (id INTEGER PRIMARY KEY, keys INTEGER, data INTEGER);
                 INSERT OR IGNORE INTO versions VALUES (1, 0, 0);",
            )
            .expect("the versions row");
        writer
    }

    /// Every commit by another connection (another process's would do the same) shows on the
    /// next read, on every reader.
    #[test]
    fn every_commit_of_another_connection_shows_on_the_next_read() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("versions.db");
        let writer = versions_db(&path);
        let readers = Readers::open(&path, Arc::default()).expect("readers");
        assert_eq!(
            readers.read().expect("a read"),
            Versions { keys: 0, data: 0 }
        );
        for i in 1..=200 {
            writer
                .execute("UPDATE versions SET data = ?1 WHERE id = 1", [i])
                .expect("a commit");
            // Every reader in turn, so each connection's own kept versions are checked.
            for _ in 0..READERS {
                assert_eq!(readers.read().expect("a read").data, i, "commit {i} shows");
            }
        }
    }

    /// The warm read transaction never keeps the log from being checkpointed whole once it is
    /// let go, and readers see commits made while it was held.
    #[test]
    fn the_warm_transaction_lets_checkpoints_through_when_released() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("versions.db");
        let writer = versions_db(&path);
        writer
            .pragma_update(None, "wal_autocheckpoint", 0)
            .expect("no automatic checkpoints");
        let warm = Arc::default();
        let readers = Readers::open(&path, Arc::clone(&warm)).expect("readers");
        readers.read().expect("a read");
        for i in 1..=50 {
            writer
                .execute("UPDATE versions SET data = ?1 WHERE id = 1", [i])
                .expect("a commit");
        }
        let checkpoint = |mode: &str| -> (i64, i64, i64) {
            writer
                .query_row(&format!("PRAGMA wal_checkpoint({mode})"), [], |row| {
                    Ok((row.get(0)?, row.get(1)?, row.get(2)?))
                })
                .expect("a checkpoint")
        };
        // Held at a snapshot before the commits, it keeps them in the log.
        let (_, log, copied) = checkpoint("PASSIVE");
        assert!(
            copied < log,
            "a snapshot still read keeps the log: {copied} of {log}"
        );
        with_warm(&warm, Warm::release);
        let (busy, log, copied) = checkpoint("RESTART");
        assert_eq!((busy, copied), (0, log), "let go, the whole log is copied");
        with_warm(&warm, Warm::renew);
        writer
            .execute("UPDATE versions SET data = 99 WHERE id = 1", [])
            .expect("a commit");
        assert_eq!(readers.read().expect("a read").data, 99);
    }
}
