//! Keeping SQLite's write-ahead log small: a thread of its own copies the log into the database
//! file every few milliseconds (a passive checkpoint, which waits for nobody), and once the log
//! has grown past [`RESTART_AT`] pages, sends it back to its start. Started with the database, in
//! every process that opens a file.
//!
//! Only through SQLite's own `PRAGMA wal_checkpoint`: never touches the files itself.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::Duration;

use super::readers::Warm;
use super::{Access, direct};
use crate::db::DbError;

/// A thread that copies the write-ahead log into the database file every `every` (a passive
/// checkpoint: it never waits for readers or writers), until it is dropped.
///
/// A passive checkpoint never sends the log back to its start while a reader is in it, and a busy
/// server always has one, so under steady writes the log would only grow: every commit then
/// extends the file, and the kernel's writeback of the new blocks stalls writers for tens of
/// milliseconds. So once the log holds [`RESTART_AT`] pages, the thread takes the process's turn
/// to write (the other writers of this process queue behind it, as for any writer) and restarts
/// the log: it waits for the readers of the old log to finish (at most [`RESTART_WAIT`]), and the
/// next commit writes over the log's first pages again.
pub struct Checkpointer {
    stop: mpsc::Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

/// How many pages (4 KB each) the write-ahead log may hold before the checkpointer restarts it.
const RESTART_AT: i64 = 2048;

/// How long a restart may wait for the old log's readers while the process's writers wait for
/// it; when readers keep it busy longer, the restart gives up and the next round tries again.
const RESTART_WAIT: Duration = Duration::from_millis(20);

impl Checkpointer {
    pub fn start(
        path: &Path,
        every: Duration,
        turns: Arc<tokio::sync::Mutex<()>>,
        warm: Arc<Mutex<Option<Warm>>>,
    ) -> Result<Checkpointer, DbError> {
        let conn = direct(path, Access::Write)?;
        // A passive checkpoint never waits; this bounds the restart's wait.
        conn.busy_timeout(RESTART_WAIT).map_err(DbError::Direct)?;
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("tourney-checkpoint".to_owned())
            .spawn(move || {
                // A failure is said once, until checkpoints work again (a full disk fails every
                // one of them).
                let mut failing = false;
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
                    let checkpoint = |mode: &str| {
                        conn.query_row(&format!("PRAGMA wal_checkpoint({mode})"), [], |row| {
                            row.get::<_, i64>(1)
                        })
                    };
                    // The warm read transaction is let go meanwhile: a checkpoint cannot copy
                    // the log past a snapshot still read.
                    let mut warm = warm.lock().unwrap_or_else(PoisonError::into_inner);
                    if let Some(warm) = warm.as_mut() {
                        warm.release();
                    }
                    let outcome = match checkpoint("PASSIVE") {
                        Ok(pages) if pages >= RESTART_AT => {
                            let _turn = turns.blocking_lock();
                            checkpoint("RESTART")
                        }
                        other => other,
                    };
                    if let Some(warm) = warm.as_mut() {
                        warm.renew();
                    }
                    drop(warm);
                    match outcome {
                        Err(error) if !failing => {
                            failing = true;
                            tracing::warn!(%error, "cannot checkpoint the database; trying again, quietly, until it works");
                        }
                        Ok(_) if failing => {
                            failing = false;
                            tracing::warn!("the database is checkpointed again");
                        }
                        _ => {}
                    }
                }
            })
            .map_err(|_| DbError::Stopped("checkpoint thread"))?;
        Ok(Checkpointer { stop, thread })
    }

    /// Stops the thread and waits for a checkpoint under way to end: after this, the thread
    /// touches the database no more.
    pub fn stop(self) {
        drop(self.stop);
        if self.thread.join().is_err() {
            tracing::warn!("the checkpoint thread ended in a panic");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::Connection;

    /// Under steady writes with a reader always about, the log is sent back to its start: the
    /// `-wal` file stays near [`RESTART_AT`] pages instead of growing with every commit.
    #[test]
    fn the_log_stays_small_under_steady_writes_and_reads() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("wal.db");
        let conn = Connection::open(&path).expect("open");
        conn.pragma_update(None, "journal_mode", "WAL")
            .expect("WAL mode");
        conn.execute("CREATE TABLE t (x BLOB)", [])
            .expect("a table");
        let mut conn = direct(&path, Access::Write).expect("a writer");
        let turns = Arc::new(tokio::sync::Mutex::new(()));
        // A server's readers, with their warm read transaction held between checkpoints.
        let warm = Arc::default();
        let _readers =
            super::super::readers::Readers::open(&path, Arc::clone(&warm)).expect("readers");
        let _checkpoints =
            Checkpointer::start(&path, Duration::from_millis(5), turns.clone(), warm)
                .expect("the checkpoint thread");
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let reader = {
            let (path, stop) = (path.clone(), std::sync::Arc::clone(&stop));
            std::thread::spawn(move || {
                let conn = Connection::open(&path).expect("a reader");
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let _: i64 = conn
                        .query_row("SELECT COUNT(*) FROM t", [], |row| row.get(0))
                        .expect("a read");
                }
            })
        };
        // A row of one page, committed about as often as a busy server's writers do.
        let row = vec![7u8; 2000];
        let (mut largest, mut slowest) = (0, Duration::ZERO);
        for _ in 0..6000 {
            let started = std::time::Instant::now();
            let _turn = turns.blocking_lock();
            let tx = conn.transaction().expect("a transaction");
            tx.execute("INSERT INTO t (x) VALUES (?1)", [&row])
                .expect("an insert");
            tx.commit().expect("a commit");
            drop(_turn);
            slowest = slowest.max(started.elapsed());
            std::thread::sleep(Duration::from_micros(200));
            largest = largest
                .max(std::fs::metadata(dir.path().join("wal.db-wal")).map_or(0, |m| m.len()));
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        reader.join().expect("the reader");
        // 6,000 commits of at least one 4 KB page each: over 24 MB if the log never restarted.
        let bound = 3 * RESTART_AT as u64 * 4096;
        assert!(
            largest < bound,
            "the log reached {largest} bytes (bound {bound})"
        );
    }
}
