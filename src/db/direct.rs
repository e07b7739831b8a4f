//! SQLite without the pool, for the statements every request runs: a connection of its own on a
//! thread of its own (rusqlite), which takes whole jobs (a read, a transaction) and answers each
//! with one hand-off. sqlx's driver hands every statement to its worker thread and back, which is
//! what a request would otherwise pay several times over.
//!
//! Only `db::hot` uses this module, and only for `versions` and the rate limit's tables: every
//! other read and write goes through sqlx, so there is one way to change the product's data.

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use super::DbError;

/// How long a job waits for another process's write lock before it fails.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

type Job = Box<dyn FnOnce(&mut Connection) + Send>;

/// A thread holding one connection to a SQLite file, running jobs in order.
pub struct Worker {
    jobs: mpsc::Sender<Job>,
}

impl Worker {
    /// Opens `path` (which must exist: sqlx created and migrated it) on a new thread `name`.
    pub fn open(path: &Path, name: &str) -> Result<Worker, DbError> {
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(DbError::Direct)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(DbError::Direct)?;
        // As the pool's connections: the file is in WAL mode, where NORMAL never corrupts it.
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(DbError::Direct)?;
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                let mut conn = conn;
                while let Ok(job) = queue.recv() {
                    // A job that panics loses its answer (its caller gets an error), not the thread.
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        job(&mut conn);
                    }));
                }
            })
            .map_err(|e| DbError::Corrupt(format!("cannot start the thread {name}: {e}")))?;
        Ok(Worker { jobs })
    }

    /// Runs `job` on the worker's connection and returns what it returned.
    pub async fn run<T, F>(&self, job: F) -> Result<T, DbError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, DbError> + Send + 'static,
    {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Box::new(move |conn| {
                let _ = reply.send(job(conn));
            }))
            .map_err(|_| DbError::Corrupt("the SQLite worker stopped".into()))?;
        answer
            .await
            .map_err(|_| DbError::Corrupt("the SQLite worker lost a job".into()))?
    }
}
