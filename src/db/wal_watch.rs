//! Whether anything has been committed to a SQLite database since a moment, without a
//! transaction: every commit in WAL mode, by any process, rewrites the header of the log's
//! index, the first bytes of the `-shm` file beside the database. The header holds a counter
//! bumped by every transaction, the log's length and its salts (see "The WAL-Index Header",
//! <https://www.sqlite.org/walformat.html>; the format is shared by every SQLite that opens the
//! file, so it does not change). Reading it is reading 96 bytes of memory the file is mapped
//! to, where a read transaction costs file locks and a query.
//!
//! The file must stay the one every connection uses, at its size, while it is watched: SQLite
//! truncates or deletes `-shm` only when it is the only process with the database open, and a
//! WAL connection holds a shared lock on the database from its first read until it closes. So a
//! watch is opened after a connection of this process has read the database, and dropped before
//! that connection closes (`db::hot` keeps them together).
//!
//! Answers only "unchanged since this mark" or "perhaps changed": a header being written, or
//! not initialised, is "perhaps changed", and the caller then reads the database. It never
//! reads or writes the database itself.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{Ordering, fence};

/// The header as SQLite keeps it: two copies of 48 bytes, the second written first, so a reader
/// that reads the first, then the second, and finds them equal has a header no commit was
/// writing.
const HEADER: usize = 48;

/// The log index's header as read at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark([u8; HEADER]);

pub struct WalWatch {
    map: memmap2::Mmap,
}

impl WalWatch {
    /// Watches the database at `path`, which a connection of this process has read and keeps
    /// open for the watch's life; `None` when its log index cannot be mapped (no `-shm` file,
    /// as when the database is not in WAL mode).
    pub fn open(path: &Path) -> Option<WalWatch> {
        let mut shm = PathBuf::from(path).into_os_string();
        shm.push("-shm");
        let file = File::open(shm).ok()?;
        if file.metadata().ok()?.len() < (2 * HEADER) as u64 {
            return None;
        }
        // SAFETY: the mapping is read only through `read_volatile` in `mark`, never through
        // references, so other processes writing it is no undefined behaviour; and the file is
        // neither truncated nor replaced while a connection of this process holds the database
        // open (see the module's comment), which the caller keeps for the watch's life.
        let map = unsafe { memmap2::MmapOptions::new().len(2 * HEADER).map(&file) }.ok()?;
        Some(WalWatch { map })
    }

    /// The header now, when it is whole and initialised. Take it *before* reading the
    /// database: a later [`WalWatch::mark`] equal to it then means nothing was committed after
    /// that read began.
    pub fn mark(&self) -> Option<Mark> {
        let first = self.copy(0);
        fence(Ordering::Acquire);
        let second = self.copy(HEADER);
        fence(Ordering::Acquire);
        // Byte 12 is `isInit`: zero while the index is being rebuilt.
        if first != second || first[12] == 0 {
            return None;
        }
        Some(Mark(first))
    }

    /// The 48 bytes at `offset` (0 or 48) of the mapping.
    fn copy(&self, offset: usize) -> [u8; HEADER] {
        let mut bytes = [0u8; HEADER];
        let base = self.map.as_ptr();
        for (i, byte) in bytes.iter_mut().enumerate() {
            // SAFETY: `offset + i` < 2 * HEADER, the mapping's length.
            *byte = unsafe { base.add(offset + i).read_volatile() };
        }
        bytes
    }
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
