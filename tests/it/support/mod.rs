//! Test support: a fresh database per test on each backend, the `tourney` binary pointed at it,
//! a macro that runs one test body on both backends, and the actors of the tests: the
//! [`organiser::Organiser`] (writes through the service layer), the [`integrator::Integrator`]
//! (reads the API with a key), the HTTPS [`receiver::Receiver`] of webhooks, the partner site and
//! the browser.
//!
//! SQLite tests always run. Postgres tests run when `TOURNEY_TEST_PG_URL` names a server where
//! the user may create databases (`.ci/run` sets one up); without it they print why they were
//! skipped, and under CI (`CI` set) they fail instead, so CI can never pass without Postgres.

pub mod browser;
pub mod cluster;
pub mod disk;
pub mod integrator;
pub mod member;
pub mod organiser;
pub mod pages;
pub mod partner;
pub mod player;
pub mod receiver;
pub mod server;

pub use receiver::catalog;

use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::{Connection, Executor, PgConnection};
use tourney::db::Db;

pub const PG_URL_VAR: &str = "TOURNEY_TEST_PG_URL";

/// A database that exists for one test and is removed after it.
pub struct TestDb {
    pub url: String,
    pub db: Db,
    cleanup: Cleanup,
}

enum Cleanup {
    Sqlite(#[allow(dead_code)] tempfile::TempDir),
    Postgres {
        admin_url: String,
        name: String,
    },
    /// A database that goes with what the test made it in: its own Postgres server, or a small
    /// file system of its own.
    Cluster,
}

impl TestDb {
    /// Runs `tourney ARGS`, which must succeed, and returns what it printed.
    pub fn run(&self, args: &[&str]) -> String {
        let output = self.tourney().args(args).assert().success();
        String::from_utf8_lossy(&output.get_output().stdout).into_owned()
    }

    /// Adds `email` to `space` as `role` with the shell (`members add`).
    pub fn add_member(&self, space: &str, email: &str, role: &str) {
        self.run(&[
            "members", "add", "--space", space, "--email", email, "--role", role,
        ]);
    }

    /// Reports the first ready match of `slug` (2-1) with the shell, as an organiser does.
    pub fn report_first_ready(&self, slug: &str) {
        let listing = self.run(&["matches", "list", slug, "--ready"]);
        let id = listing
            .lines()
            .nth(1)
            .and_then(|l| l.split_whitespace().next())
            .unwrap_or_else(|| panic!("{slug} has a ready match: {listing}"));
        self.run(&["matches", "report", slug, id, "--score", "2-1"]);
    }

    /// Runs `tourney ARGS` off the async runtime (servers and receivers of the test keep
    /// serving meanwhile), whatever its outcome.
    pub async fn shell(&self, args: &[&str]) -> std::process::Output {
        let mut command = self.tourney();
        command.args(args);
        tokio::task::spawn_blocking(move || command.output().expect("run tourney"))
            .await
            .expect("join")
    }

    /// The SQLite file, on SQLite.
    pub fn sqlite_path(&self) -> Option<std::path::PathBuf> {
        match &self.cleanup {
            Cleanup::Sqlite(dir) => Some(dir.path().join("tourney.db")),
            _ => None,
        }
    }

    /// Closes the test process's own connections, so that the processes the test starts are the
    /// only ones with the database open, as on an organiser's machine: a connection kept here
    /// would hold SQLite's locks for them and hide what they do to each other.
    pub async fn let_go(&self) {
        self.db.close().await;
    }

    pub fn backend_name(&self) -> &'static str {
        match self.cleanup {
            Cleanup::Sqlite(_) => "sqlite",
            Cleanup::Postgres { .. } | Cleanup::Cluster => "postgres",
        }
    }

    /// The `tourney` binary, with a clean environment pointed at this database, its links at
    /// `https://cup.example.org` (as the [`server::Server`]'s).
    pub fn tourney(&self) -> assert_cmd::Command {
        let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"));
        for (key, _) in std::env::vars() {
            if key.starts_with("TOURNEY_") {
                command.env_remove(key);
            }
        }
        command
            .env("TOURNEY_DATABASE_URL", &self.url)
            .env("TOURNEY_BASE_URL", "https://cup.example.org")
            .env("TOURNEY_ACTOR", "test-admin");
        command
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Cleanup::Postgres { admin_url, name } = &self.cleanup {
            let admin_url = admin_url.clone();
            let sql = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
            // Drop runs inside the test's runtime; a thread with its own runtime may block.
            let dropped = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .ok()?;
                runtime.block_on(async {
                    let mut admin = PgConnection::connect(&admin_url).await.ok()?;
                    admin.execute(sqlx::AssertSqlSafe(sql)).await.ok()
                })
            })
            .join();
            if !matches!(dropped, Ok(Some(_))) {
                let _ = writeln!(
                    std::io::stderr(),
                    "note: test database {name} was not dropped"
                );
            }
        }
    }
}

fn unique_suffix() -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    format!(
        "{}_{}_{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

pub async fn sqlite() -> TestDb {
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = format!("sqlite://{}/tourney.db", dir.path().display());
    let db = Db::open(&url).await.expect("open SQLite test database");
    TestDb {
        url,
        db,
        cleanup: Cleanup::Sqlite(dir),
    }
}

/// The SQLite database at `path` (created and migrated), which the test removes with whatever
/// holds it.
pub async fn sqlite_at(path: &std::path::Path) -> TestDb {
    let url = format!("sqlite://{}", path.display());
    let db = Db::open(&url).await.expect("open the SQLite database");
    TestDb {
        url,
        db,
        cleanup: Cleanup::Cluster,
    }
}

/// The database at `url` (migrated), which goes with what the test made it in (its own
/// Postgres server, say).
pub async fn at_url(url: &str) -> TestDb {
    let db = Db::open(url).await.expect("open the database");
    TestDb {
        url: url.to_owned(),
        db,
        cleanup: Cleanup::Cluster,
    }
}

/// The `postgres` database of a test's own [`cluster::Cluster`], migrated.
pub async fn on_cluster(cluster: &cluster::Cluster) -> TestDb {
    let db = Db::open(&cluster.url)
        .await
        .expect("open the cluster's database");
    TestDb {
        url: cluster.url.clone(),
        db,
        cleanup: Cleanup::Cluster,
    }
}

/// A fresh Postgres database, or `None` (with the reason printed) when none is configured.
pub async fn postgres(test: &str) -> Option<TestDb> {
    let Ok(admin_url) = std::env::var(PG_URL_VAR) else {
        if std::env::var_os("CI").is_some() {
            panic!("{PG_URL_VAR} must be set in CI: Postgres tests may not be skipped there");
        }
        // Written to the real stderr (not the captured one) so the skip is visible.
        let _ = writeln!(
            std::io::stderr(),
            "skipped {test} on postgres: {PG_URL_VAR} is not set (see README, Testing)"
        );
        return None;
    };
    let name = format!("tourney_t_{}", unique_suffix());
    let mut admin = PgConnection::connect(&admin_url)
        .await
        .expect("connect to TOURNEY_TEST_PG_URL");
    admin
        .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .await
        .expect("create test database");
    admin.close().await.ok();
    let mut url = url::Url::parse(&admin_url).expect("TOURNEY_TEST_PG_URL is a URL");
    url.set_path(&name);
    let url = url.to_string();
    let db = Db::open(&url).await.expect("open Postgres test database");
    Some(TestDb {
        url,
        db,
        cleanup: Cleanup::Postgres { admin_url, name },
    })
}

/// Runs an `async fn(TestDb)` body as two tests, `NAME::sqlite` and `NAME::postgres`.
macro_rules! on_both_backends {
    ($($(#[$meta:meta])* async fn $name:ident($db:ident: TestDb) $body:block)+) => {$(
        $(#[$meta])*
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn body($db: $crate::support::TestDb) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                body($crate::support::sqlite().await).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(db) = $crate::support::postgres(concat!(module_path!())).await {
                    body(db).await;
                }
            }
        }
    )+};
}
pub(crate) use on_both_backends;

/// Runs a query returning one integer (a count, say) on either backend.
pub async fn scalar(db: &Db, sql: &'static str) -> i64 {
    match db {
        Db::Sqlite(db) => sqlx::query_scalar(sql)
            .fetch_one(db.pool())
            .await
            .expect(sql),
        Db::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await.expect(sql),
    }
}

/// Runs a statement on either backend: for states the product never writes itself (a row edited
/// by hand, an address that resolved differently when it was added).
pub async fn execute(db: &Db, sql: &'static str) {
    match db {
        Db::Sqlite(db) => sqlx::query(sql)
            .execute(db.pool())
            .await
            .map(|_| ())
            .expect(sql),
        Db::Postgres(pool) => sqlx::query(sql).execute(pool).await.map(|_| ()).expect(sql),
    }
}

/// The number of rows in every table: equal before and after means nothing was written.
pub async fn row_counts(db: &Db) -> Vec<(&'static str, i64)> {
    macro_rules! count_all {
        ($($table:literal),+) => {
            vec![$(($table, scalar(db, concat!("SELECT COUNT(*) FROM ", $table)).await)),+]
        };
    }
    count_all!(
        "spaces",
        "api_keys",
        "tournaments",
        "participants",
        "stages",
        "matches",
        "match_results",
        "events",
        "hooks",
        "hook_secrets",
        "deliveries",
        "attempts",
        "audit_log",
        "site_keys"
    )
}
