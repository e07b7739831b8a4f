//! Opening a pool from a database URL, and the two embedded migration sets. A SQLite file is
//! checked first (`db::sqlite`): it must exist unless the caller creates databases ([`Create`]),
//! and its directory must exist, be on a local file system and be writable, so that a bad place
//! is refused by name before SQLite touches it. A file that is not there is never created for a
//! caller that does not create (nor its `-wal` and `-shm`).

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

use super::{Db, DbError, sqlite};

/// Migrations for each backend; the two folders hold the same versions (a test checks it).
pub static MIGRATIONS_SQLITE: Migrator = sqlx::migrate!("migrations/sqlite");
pub static MIGRATIONS_POSTGRES: Migrator = sqlx::migrate!("migrations/postgres");

/// How long a writer waits for SQLite's write lock before giving up.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// How many pages SQLite's write-ahead log may hold before a committing connection copies it into
/// the database file itself (SQLite's default is 1,000). Every process copies it ten times a
/// second on a thread of its own (`db::sqlite`), so that no request's commit pays for it; this is
/// the backstop for a burst of writes faster than that thread.
const SQLITE_AUTOCHECKPOINT_PAGES: &str = "16384";
/// How long any command waits for a free connection.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);
/// The most connections to Postgres a loop on a runtime of its own opens ([`Db::beside`]):
/// `serve`'s delivery loop claims, records a batch, renews its leases and claims ahead for the
/// runs of a few addresses at once.
const BESIDE_CONNECTIONS: u32 = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend a URL names, by its scheme.
    pub fn of_url(url: &str) -> Result<Backend, DbError> {
        let scheme = url.split_once(':').map_or(url, |(scheme, _)| scheme);
        match scheme {
            "sqlite" => Ok(Backend::Sqlite),
            "postgres" | "postgresql" => Ok(Backend::Postgres),
            _ => Err(DbError::UnsupportedUrl {
                scheme: scheme.chars().take(32).collect(),
            }),
        }
    }
}

/// Whether opening a SQLite file that does not exist creates it (Postgres databases are created
/// by their administrator, either way).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Create {
    /// Creates the file if it is missing (`serve`, `demo`, `import`, `db migrate`,
    /// `spaces create`).
    IfMissing,
    /// Refuses a missing file by name ([`DbError::NoDatabase`]), creating nothing.
    Never,
}

pub(super) async fn connect(url: &str, create: Create) -> Result<Db, DbError> {
    match Backend::of_url(url)? {
        Backend::Sqlite => {
            let options = sqlite_options(url)?;
            let file = on_disk(&options).map(Path::to_owned);
            if let Some(path) = &file {
                if create == Create::Never && std::fs::symlink_metadata(path).is_err() {
                    return Err(DbError::NoDatabase {
                        path: absolute(path),
                        url: url.to_owned(),
                    });
                }
                sqlite::check_for_wal(path)?;
                sqlite::check_writable(path)?;
            }
            // Never created unless asked for: a file removed since the look above is refused
            // by SQLite, not made anew.
            let options = options
                .create_if_missing(create == Create::IfMissing)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(SQLITE_BUSY_TIMEOUT)
                .pragma("wal_autocheckpoint", SQLITE_AUTOCHECKPOINT_PAGES)
                .foreign_keys(true);
            let pool = SqlitePoolOptions::new()
                .max_connections(8)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .after_release(|conn, _| Box::pin(ended_cleanly(conn)))
                .connect_with(options)
                .await
                .map_err(|source| match file.clone() {
                    Some(path) => DbError::OpenFile { path, source },
                    None => DbError::Connect(source),
                })?;
            Ok(Db::Sqlite(sqlite::SqliteDb::new(pool, file)))
        }
        Backend::Postgres => {
            let options =
                PgConnectOptions::from_str(url).map_err(|e| DbError::InvalidUrl(e.to_string()))?;
            // sqlx checks a connection with a round trip before each use. That is kept: a
            // connection the database ended (a failover, a switch to read-only that ends every
            // session) is then replaced unseen, instead of failing the request that takes it
            // (`faults::a_read_only_database_on_postgres`). The API's hot path does not pay it:
            // the rate limit reads on a connection of its own (`gate::ledger::postgres`).
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .connect_with(options)
                .await
                .map_err(DbError::Connect)?;
            Ok(Db::Postgres(pool))
        }
    }
}

/// A pool of its own to the Postgres database `pool` opens, with the same options, that opens
/// its connections as they are first needed, on the runtime that needs them; `pg_stat_activity`
/// lists them as `name`. Called on the runtime that uses it (its upkeep task is spawned there).
pub(super) fn postgres_beside(pool: &sqlx::PgPool, name: &str) -> sqlx::PgPool {
    PgPoolOptions::new()
        .max_connections(BESIDE_CONNECTIONS)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_lazy_with(
            pool.connect_options()
                .as_ref()
                .clone()
                .application_name(name),
        )
}

/// Whether a SQLite connection going back to the pool may be used again: not when sqlx still
/// counts a transaction open on it. SQLite rolls a transaction back on its own after some errors
/// (a full disk: `SQLITE_FULL`), and sqlx's own count of open transactions does not follow,
/// so the connection's every later `BEGIN` would fail ("non-zero transaction depth"); it is
/// closed instead, and the pool opens a fresh one. The ping first lets the rollback that a
/// dropped transaction queued run.
async fn ended_cleanly(conn: &mut sqlx::SqliteConnection) -> Result<bool, sqlx::Error> {
    use sqlx::Connection;
    conn.ping().await?;
    let clean = !conn.is_in_transaction();
    if !clean {
        tracing::warn!(
            "a database connection whose transaction SQLite ended on its own is closed, not reused"
        );
    }
    Ok(clean)
}

fn sqlite_options(url: &str) -> Result<SqliteConnectOptions, DbError> {
    SqliteConnectOptions::from_str(url).map_err(|e| DbError::InvalidUrl(e.to_string()))
}

/// The file a SQLite connection opens, or `None` for an in-memory database.
fn on_disk(options: &SqliteConnectOptions) -> Option<&Path> {
    let path = options.get_filename();
    let name = path.to_string_lossy();
    let in_memory =
        name.is_empty() || name == ":memory:" || name.starts_with("file:sqlx-in-memory-");
    (!in_memory).then_some(path)
}

/// `path` as the operating system would find it from here: relative paths joined to the current
/// directory (the file need not exist), so that a message says where tourney looked.
pub(super) fn absolute(path: &Path) -> std::path::PathBuf {
    match std::env::current_dir() {
        Ok(dir) if path.is_relative() => dir.join(path),
        _ => path.to_owned(),
    }
}

/// The file a `sqlite://` URL names; `None` for an in-memory database.
pub(super) fn sqlite_file(url: &str) -> Result<Option<std::path::PathBuf>, DbError> {
    let options = sqlite_options(url)?;
    Ok(on_disk(&options).map(Path::to_owned))
}

#[cfg(test)]
mod tests {
    use sqlx::Connection;

    /// sqlx and rusqlite link the one SQLite library of the binary (both through
    /// `libsqlite3-sys`, whose `links = "sqlite3"` forbids a second copy): two copies would keep
    /// two sets of POSIX locks and could each drop the other's.
    #[tokio::test]
    async fn sqlx_and_rusqlite_run_the_same_sqlite() {
        let mut conn = sqlx::SqliteConnection::connect("sqlite::memory:")
            .await
            .expect("an in-memory database");
        let by_sqlx: String = sqlx::query_scalar("SELECT sqlite_version()")
            .fetch_one(&mut conn)
            .await
            .expect("sqlite_version()");
        conn.close().await.ok();
        assert_eq!(by_sqlx, rusqlite::version());
        let by_rusqlite: String = rusqlite::Connection::open_in_memory()
            .and_then(|c| c.query_row("SELECT sqlite_version()", [], |row| row.get(0)))
            .expect("sqlite_version() through rusqlite");
        assert_eq!(by_sqlx, by_rusqlite);
    }

    /// What docs/operations.md promises of every SQLite connection: the write-ahead log,
    /// `synchronous = NORMAL` (never `OFF`), and no memory-mapped I/O, through which a stray
    /// write of the process would reach the file.
    #[tokio::test]
    async fn a_sqlite_file_is_opened_in_wal_mode_with_sync_and_without_mmap() {
        let dir = tempfile::tempdir().expect("a directory");
        let url = format!("sqlite://{}/t.db", dir.path().display());
        let db = super::connect(&url, super::Create::IfMissing)
            .await
            .expect("open");
        let super::Db::Sqlite(sqlite) = &db else {
            panic!("a SQLite pool");
        };
        let mut conn = sqlite.pool().acquire().await.expect("a connection");
        let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
            .fetch_one(&mut *conn)
            .await
            .expect("journal_mode");
        let synchronous: i64 = sqlx::query_scalar("PRAGMA synchronous")
            .fetch_one(&mut *conn)
            .await
            .expect("synchronous");
        let mmap: i64 = sqlx::query_scalar("PRAGMA mmap_size")
            .fetch_one(&mut *conn)
            .await
            .expect("mmap_size");
        drop(conn);
        db.close().await;
        assert_eq!(
            (journal.as_str(), synchronous, mmap),
            ("wal", 1, 0),
            "journal_mode, synchronous (1 = NORMAL), mmap_size"
        );
    }

    /// SQLite 3.7.0 through 3.51.2 could corrupt a WAL database when two connections wrote or
    /// checkpointed at once (the WAL-reset bug, "How To Corrupt An SQLite Database File" 8.1):
    /// exactly what `serve`'s checkpoint thread and the shell do. An older SQLite must not come
    /// back with a dependency update.
    #[test]
    fn the_linked_sqlite_has_the_wal_reset_fix() {
        assert!(
            rusqlite::version_number() >= 3_051_003,
            "SQLite {} has the WAL-reset bug: use 3.51.3 or newer",
            rusqlite::version()
        );
    }
}
