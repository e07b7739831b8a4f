//! Whether anything has been committed to a SQLite database since a moment, without a
//! transaction: every commit in WAL mode, by any process, rewrites the header of the log's
//! index, the first bytes of the `-shm` file beside the database. The header holds a counter
//! bumped by every transaction, the log's length and its salts (see "The WAL-Index Header",
//! <https://www.sqlite.org/walformat.html>; the format is shared by every SQLite that opens the
//! file, so it does not change). Reading it costs one `pread`, where a read transaction costs
//! file locks and a query.
//!
//! Answers only "unchanged since this mark" or "perhaps changed": a header that cannot be read,
//! is being written, or is not initialised is "perhaps changed", and the caller then reads the
//! database. It never reads or writes the database itself.

use std::fs::File;
use std::path::{Path, PathBuf};

/// The header as SQLite keeps it: two copies of 48 bytes, the second written first, so a reader
/// that finds them equal has a header no commit was writing.
const HEADER: usize = 48;

/// The log index's header as read at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark([u8; HEADER]);

pub struct WalWatch {
    shm: File,
}

impl WalWatch {
    /// Watches the database at `path`; `None` when its log index cannot be opened (no `-shm`
    /// file: the database is not in WAL mode, or not on this machine's file system).
    pub fn open(path: &Path) -> Option<WalWatch> {
        let mut shm = PathBuf::from(path).into_os_string();
        shm.push("-shm");
        File::open(shm).ok().map(|shm| WalWatch { shm })
    }

    /// The header now, when it is whole and initialised. Take it *before* reading the
    /// database: a later [`WalWatch::mark`] equal to it then means nothing was committed after
    /// that read began.
    pub fn mark(&self) -> Option<Mark> {
        let mut both = [0u8; 2 * HEADER];
        if !read_exact_at(&self.shm, &mut both) {
            return None;
        }
        let (first, second) = both.split_at(HEADER);
        // Byte 12 is `isInit`: zero while the index is being rebuilt.
        if first != second || first[12] == 0 {
            return None;
        }
        let mut mark = [0u8; HEADER];
        mark.copy_from_slice(first);
        Some(Mark(mark))
    }
}

#[cfg(unix)]
fn read_exact_at(file: &File, buf: &mut [u8]) -> bool {
    use std::os::unix::fs::FileExt;
    file.read_exact_at(buf, 0).is_ok()
}

#[cfg(not(unix))]
fn read_exact_at(_file: &File, _buf: &mut [u8]) -> bool {
    // Without positioned reads every question is "perhaps changed": the caller reads.
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wal_db(path: &Path) -> rusqlite::Connection {
        let conn = rusqlite::Connection::open(path).expect("open");
        conn.pragma_update(None, "journal_mode", "WAL")
            .expect("WAL mode");
        conn.execute("CREATE TABLE IF NOT EXISTS t (x INTEGER)", [])
            .expect("a table");
        conn
    }

    /// A commit by another connection (here another process's would do the same) changes the
    /// mark; reads do not.
    #[test]
    fn a_commit_moves_the_mark_and_a_read_does_not() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("watched.db");
        let writer = wal_db(&path);
        let reader = wal_db(&path);
        let watch = WalWatch::open(&path).expect("the log index");
        let before = watch.mark().expect("a whole header");
        let _: i64 = reader
            .query_row("SELECT COUNT(*) FROM t", [], |row| row.get(0))
            .expect("a read");
        assert_eq!(watch.mark(), Some(before), "a read changes nothing");
        let mut previous = before;
        for i in 0..50 {
            writer
                .execute("INSERT INTO t (x) VALUES (?1)", [i])
                .expect("a commit");
            let after = watch.mark().expect("a whole header");
            assert_ne!(after, previous, "commit {i} shows");
            previous = after;
        }
        // Sending the log back to its start changes it too.
        let last = watch.mark();
        writer
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .expect("a checkpoint");
        writer
            .execute("INSERT INTO t (x) VALUES (1)", [])
            .expect("a commit after the checkpoint");
        assert_ne!(watch.mark(), last);
    }

    #[test]
    fn a_database_without_a_log_index_is_not_watched() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("plain.db");
        rusqlite::Connection::open(&path)
            .and_then(|c| c.execute("CREATE TABLE t (x INTEGER)", []))
            .expect("a rollback-journal database");
        assert!(WalWatch::open(&path).is_none());
    }
}
