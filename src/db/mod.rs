//! The database: SQLite (the embedded default) or Postgres, chosen by the URL.
//!
//! Owns connecting, migrating, transactions and every SQL statement of the product, one module
//! per table group. Each query is written once with `$1` placeholders and run on whichever backend
//! is open through [`on_conn!`]; a statement is written twice only where the dialects truly differ.
//! This layer never decides what a change means (that is the commands' and the domain's job) and
//! never formats anything for people.

mod connect;
mod error;

pub mod api_keys;
pub mod audit;
pub mod backup;
pub mod claims;
pub mod clock;
pub mod deliveries;
pub mod hooks;
pub mod lane;
pub mod matches;
pub mod outbox;
pub mod participants;
pub mod people;
pub mod sessions;
pub mod site_keys;
pub mod site_settings;
pub mod spaces;
pub mod sqlite;
pub mod stages;
pub mod stations;
pub mod store;
pub mod tournaments;
pub mod versions;

pub use connect::{Backend, Create, MIGRATIONS_POSTGRES, MIGRATIONS_SQLITE};
pub use error::{DbError, WriteRefusal};
pub use sqlite::SqliteDb;

use sqlx::pool::PoolConnection;
use sqlx::{PgConnection, PgPool, Postgres, Sqlite, SqliteConnection, Transaction};
use tokio::sync::OwnedMutexGuard;

/// Runs `$body` with `$c` bound to the open backend's `&mut Connection`. The body is compiled
/// once per backend, so one SQL text and one chain of binds serve both.
macro_rules! on_conn {
    ($conn:expr, $c:ident => $body:expr) => {
        match $conn {
            $crate::db::Conn::Sqlite($c) => $body,
            $crate::db::Conn::Postgres($c) => $body,
        }
    };
}
pub(crate) use on_conn;

/// A pool of connections to one database.
#[derive(Debug, Clone)]
pub enum Db {
    Sqlite(SqliteDb),
    Postgres(PgPool),
}

/// One connection, borrowed from a pool or from a transaction, for the query functions.
pub enum Conn<'c> {
    Sqlite(&'c mut SqliteConnection),
    Postgres(&'c mut PgConnection),
}

impl Conn<'_> {
    /// A shorter borrow of the same connection, so one connection serves several queries.
    pub fn reborrow(&mut self) -> Conn<'_> {
        match self {
            Conn::Sqlite(c) => Conn::Sqlite(c),
            Conn::Postgres(c) => Conn::Postgres(c),
        }
    }
}

/// A connection taken from the pool for a few reads.
pub enum Handle {
    Sqlite(PoolConnection<Sqlite>),
    Postgres(PoolConnection<Postgres>),
}

impl Handle {
    pub fn conn(&mut self) -> Conn<'_> {
        match self {
            Handle::Sqlite(c) => Conn::Sqlite(c),
            Handle::Postgres(c) => Conn::Postgres(c),
        }
    }
}

/// An open transaction. Dropped without [`Tx::commit`], it rolls back. On SQLite it holds
/// the process's turn to write until it ends (fields drop in order: the transaction, then the
/// turn).
pub enum Tx {
    Sqlite(Transaction<'static, Sqlite>, OwnedMutexGuard<()>),
    Postgres(Transaction<'static, Postgres>),
}

impl Tx {
    pub fn conn(&mut self) -> Conn<'_> {
        match self {
            Tx::Sqlite(t, _) => Conn::Sqlite(t),
            Tx::Postgres(t) => Conn::Postgres(t),
        }
    }

    /// Runs one step of the transaction's savepoint `part`: a part of it that can be undone
    /// without the rest (one at a time; SQLite and Postgres share the syntax).
    pub async fn savepoint(&mut self, step: Savepoint) -> Result<(), DbError> {
        let sql = match step {
            Savepoint::Begin => "SAVEPOINT part",
            Savepoint::Keep => "RELEASE SAVEPOINT part",
            Savepoint::Undo => "ROLLBACK TO SAVEPOINT part",
        };
        on_conn!(self.conn(), c => { sqlx::query(sql).execute(c).await?; });
        Ok(())
    }

    pub async fn commit(self) -> Result<(), DbError> {
        match self {
            Tx::Sqlite(t, _turn) => t.commit().await?,
            Tx::Postgres(t) => t.commit().await?,
        }
        Ok(())
    }

    /// Rolls back now (a dropped transaction rolls back only when its connection is next used).
    pub async fn rollback(self) -> Result<(), DbError> {
        match self {
            Tx::Sqlite(t, _turn) => t.rollback().await?,
            Tx::Postgres(t) => t.rollback().await?,
        }
        Ok(())
    }
}

/// The steps of a transaction's savepoint ([`Tx::savepoint`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Savepoint {
    /// Marks where the part begins.
    Begin,
    /// Keeps what the part wrote (and ends it).
    Keep,
    /// Undoes what the part wrote; the part stays open until [`Savepoint::Keep`] ends it.
    Undo,
}

impl Db {
    /// Opens the database at `url` (creating a SQLite file on first use) and applies every
    /// pending migration.
    pub async fn open(url: &str) -> Result<Db, DbError> {
        Db::open_with(url, Create::IfMissing).await
    }

    /// Opens the database at `url`, which must exist ([`DbError::NoDatabase`] for a SQLite file
    /// that does not; nothing is created), and applies every pending migration.
    pub async fn open_existing(url: &str) -> Result<Db, DbError> {
        Db::open_with(url, Create::Never).await
    }

    /// Opens the database at `url`, creating a missing SQLite file only if `create` says so,
    /// and applies every pending migration.
    pub async fn open_with(url: &str, create: Create) -> Result<Db, DbError> {
        let db = connect::connect(url, create).await?;
        db.migrate().await?;
        Ok(db)
    }

    pub fn backend(&self) -> Backend {
        match self {
            Db::Sqlite(_) => Backend::Sqlite,
            Db::Postgres(_) => Backend::Postgres,
        }
    }

    /// Applies the migrations of this backend that have not run yet. When every one has (the
    /// usual start), nothing is written: a database that refuses writes (a Postgres standby, a
    /// read-only database) still opens, and says so at the first write instead.
    pub async fn migrate(&self) -> Result<(), DbError> {
        let migrator = match self {
            Db::Sqlite(_) => &MIGRATIONS_SQLITE,
            Db::Postgres(_) => &MIGRATIONS_POSTGRES,
        };
        if self.schema_is(migrator).await {
            return Ok(());
        }
        match self {
            Db::Sqlite(db) => migrator.run(db.pool()).await?,
            Db::Postgres(pool) => migrator.run(pool).await?,
        }
        Ok(())
    }

    /// True when the database has applied exactly `migrator`'s migrations, unchanged, read
    /// without writing; false when it cannot tell (no migrations table yet, say), or when it
    /// has migrations this binary does not know (the migrator then refuses to go on).
    async fn schema_is(&self, migrator: &sqlx::migrate::Migrator) -> bool {
        const APPLIED: &str =
            "SELECT version, checksum FROM _sqlx_migrations WHERE success ORDER BY version";
        let applied: Result<Vec<(i64, Vec<u8>)>, sqlx::Error> = match self {
            Db::Sqlite(db) => sqlx::query_as(APPLIED).fetch_all(db.pool()).await,
            Db::Postgres(pool) => sqlx::query_as(APPLIED).fetch_all(pool).await,
        };
        let Ok(applied) = applied else {
            return false;
        };
        let embedded: Vec<(i64, &[u8])> = migrator
            .iter()
            .map(|m| (m.version, m.checksum.as_ref()))
            .collect();
        applied.len() == embedded.len()
            && applied
                .iter()
                .zip(&embedded)
                .all(|((version, checksum), (v, c))| version == v && checksum.as_slice() == *c)
    }

    pub async fn acquire(&self) -> Result<Handle, DbError> {
        Ok(match self {
            Db::Sqlite(db) => Handle::Sqlite(db.pool().acquire().await?),
            Db::Postgres(pool) => Handle::Postgres(pool.acquire().await?),
        })
    }

    /// Starts a write transaction. On SQLite it waits for the process's turn to write, then
    /// takes the file's write lock up front (`BEGIN IMMEDIATE`), so that writers queue instead
    /// of failing mid-way.
    pub async fn begin(&self) -> Result<Tx, DbError> {
        Ok(match self {
            Db::Sqlite(db) => {
                let turn = db.turn().await;
                Tx::Sqlite(db.pool().begin_with("BEGIN IMMEDIATE").await?, turn)
            }
            Db::Postgres(pool) => Tx::Postgres(pool.begin().await?),
        })
    }

    pub async fn close(&self) {
        match self {
            Db::Sqlite(db) => db.close().await,
            Db::Postgres(pool) => pool.close().await,
        }
    }

    /// The same database for a loop that runs on a tokio runtime of its own (`serve`'s delivery
    /// loop), called on that runtime. SQLite's connections run on threads of their own and the
    /// process's writers must keep one turn, so it is this very pool. A Postgres connection's
    /// socket belongs to the runtime that opened it, whose threads would then wake every read
    /// of the loop, and would close under the other runtime when it stops: so a pool of its own,
    /// to the same database with the same options, opening its connections as they are needed,
    /// listed in `pg_stat_activity` as `name`.
    pub fn beside(&self, name: &str) -> Beside {
        match self {
            Db::Sqlite(_) => Beside {
                db: self.clone(),
                own: false,
            },
            Db::Postgres(pool) => Beside {
                db: Db::Postgres(connect::postgres_beside(pool, name)),
                own: true,
            },
        }
    }
}

/// The database as a loop on a runtime of its own uses it ([`Db::beside`]).
pub struct Beside {
    db: Db,
    /// Whether the pool is this loop's own (closed with it) or shared with the process.
    own: bool,
}

impl Beside {
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Closes the pool if it is the loop's own; a shared one stays open for the process.
    pub async fn close(self) {
        if self.own {
            self.db.close().await;
        }
    }
}

/// A nullable text column on its way to an `Option` of a vocabulary type.
#[derive(sqlx::Type)]
#[sqlx(transparent)]
pub struct OptionalText(Option<String>);

macro_rules! optional_from_text {
    ($($ty:ty),+) => {$(
        impl TryFrom<OptionalText> for Option<$ty> {
            type Error = crate::domain::UnknownValue;
            fn try_from(text: OptionalText) -> Result<Self, Self::Error> {
                text.0.map(|t| t.parse()).transpose()
            }
        }
    )+};
}
optional_from_text!(
    crate::domain::Bracket,
    crate::domain::Winner,
    crate::domain::Side,
    crate::domain::ErrorClass,
    crate::domain::DisabledReason,
    crate::domain::OnStations
);

/// Checks that a statement meant to change the one row `what` names changed it. Nothing changed:
/// the row is not what the caller read a moment before (someone else changed or removed it), a
/// conflict ([`DbError::Changed`]). More than one: ids are unique, so that is a bug.
fn changed_one(affected: u64, what: impl std::fmt::Display) -> Result<(), DbError> {
    match affected {
        1 => Ok(()),
        0 => Err(DbError::Changed(what.to_string())),
        n => Err(DbError::Bug(
            format!("{what} changed {n} rows instead of one").into(),
        )),
    }
}

/// Checks that the database answers.
pub async fn ping(conn: Conn<'_>) -> Result<(), DbError> {
    let _: i64 =
        on_conn!(conn, c => sqlx::query_scalar("SELECT CAST(1 AS BIGINT)").fetch_one(c).await?);
    Ok(())
}
