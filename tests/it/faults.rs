//! A database that answers but refuses writes, with `serve` running on the real binary: a full
//! disk (SQLite on a small file system of its own; Postgres with its tables in a table space on
//! one, on a server of the test's own whose write-ahead log keeps room, as a production
//! server's would), and a Postgres database made read-only.
//!
//! Writes are refused with a clear error and change nothing (the shell: exit status 1 and a line
//! that says why; the portal: its form kept, a 503 and a message), reads go on (the API answers,
//! each key's budget exact, counted by the process alone where the rate limit's own writes are
//! refused, as `/metrics` says), and everything recovers by itself, without a restart, once the
//! database takes writes again, with the file whole (`integrity_check`).

use std::time::Duration;

use reqwest::StatusCode;

use crate::storage::{club_by_shell, sqlite_integrity};
use crate::support::cluster::Cluster;
use crate::support::disk::SmallDisk;
use crate::support::integrator::client;
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{self, TestDb};

/// The API's limit in these tests.
const LIMIT: u32 = 100;

/// What makes the database refuse writes, and undoes it.
enum Fault<'a> {
    /// The file system of the database (or its table space) runs full.
    FullDisk(&'a SmallDisk),
    /// Postgres refuses writes in the database (`default_transaction_read_only`), for every
    /// connection from the next statement on.
    ReadOnly {
        admin: &'a TestDb,
        database: &'a str,
    },
}

impl Fault<'_> {
    async fn begin(&self) {
        match self {
            Fault::FullDisk(disk) => disk.fill(),
            Fault::ReadOnly { admin, database } => {
                read_only(admin, database, "on").await;
            }
        }
    }

    async fn end(&self) {
        match self {
            Fault::FullDisk(disk) => disk.free(),
            Fault::ReadOnly { admin, database } => read_only(admin, database, "off").await,
        }
    }

    /// What the shell's refusal says.
    fn said(&self) -> &'static str {
        match self {
            Fault::FullDisk(_) => "the database refuses writes: its disk is full",
            Fault::ReadOnly { .. } => "the database refuses writes: it is read-only",
        }
    }

    /// Whether the rate limit's own writes are sure to be refused too: a full Postgres table
    /// space still takes updates that fit in the pages its small tables already have.
    fn refuses_the_rate_limit(&self, t: &TestDb) -> bool {
        !matches!(self, Fault::FullDisk(_)) || t.backend_name() == "sqlite"
    }
}

/// Sets `default_transaction_read_only` for `database` and ends its sessions, so that every
/// connection made from then on has it.
async fn read_only(admin: &TestDb, database: &str, on: &str) {
    let tourney::db::Db::Postgres(pool) = &admin.db else {
        panic!("Postgres")
    };
    for sql in [
        format!("ALTER DATABASE {database} SET default_transaction_read_only = {on}"),
        format!(
            "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity \
             WHERE datname = '{database}' AND pid <> pg_backend_pid()"
        ),
    ] {
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(pool)
            .await
            .expect("the read-only switch");
    }
}

/// `serve`'s `/metrics` line `name value`, as a number.
pub async fn metric(server: &Server, name: &str) -> f64 {
    let text = client()
        .get(server.url("/metrics"))
        .send()
        .await
        .expect("GET /metrics")
        .text()
        .await
        .expect("the metrics");
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("{name} in /metrics:\n{text}"))
}

/// The status of `GET path` with `key`.
pub async fn get(server: &Server, key: &str, path: &str) -> StatusCode {
    client()
        .get(server.url(path))
        .bearer_auth(key)
        .send()
        .await
        .expect("a GET")
        .status()
}

/// GETs `path` with `key` until the answer is not 200; returns how many were 200, and the
/// status that ended it.
async fn until_refused(server: &Server, key: &str, path: &str) -> (u32, StatusCode) {
    let mut ok = 0;
    loop {
        let status = get(server, key, path).await;
        if status != StatusCode::OK {
            return (ok, status);
        }
        ok += 1;
        assert!(ok <= LIMIT, "more than the limit accepted");
    }
}

/// Waits (up to 15 s) until `GET path` with `key` answers 200: the moment `serve`'s connections
/// ended by the fault's switch have been replaced.
async fn until_answered(server: &Server, key: &str, path: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while get(server, key, path).await != StatusCode::OK {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{path} never answered again"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The whole story on one database: `t` is set up by the shell, `serve` runs on it, and the
/// fault makes it refuse writes, then takes them again.
async fn writes_refused_reads_go_on(t: &TestDb, fault: Fault<'_>) {
    let key = club_by_shell(t).await;
    let other = t.run(&["keys", "create", "--space", "club"]);
    let other = other
        .lines()
        .find(|l| l.starts_with("tk_"))
        .expect("a key")
        .to_owned();
    t.let_go().await;
    let limit = LIMIT.to_string();
    let mut server = Server::start_self_linked(t, &["--rate-limit", &limit, "--no-dispatch"]);
    // Before: 30 of the key's 100 requests, and one registration from the portal.
    for _ in 0..30 {
        assert_eq!(
            get(&server, &key, "/api/v1/tournaments").await,
            StatusCode::OK
        );
    }
    let page = Player::new(&server, "Before Fault", "before@example.org")
        .register("en", "cup")
        .await;
    assert_eq!(
        page.status,
        StatusCode::OK,
        "registered before: {}",
        page.url
    );

    fault.begin().await;
    until_answered(&server, &other, "/api/v1/organization").await;
    // Writes that still fit (SQLite's log may have room left, a checkpoint may free some) are
    // written; the shell registers players until the database refuses, with a clear line.
    let mut written = Vec::new();
    let refused_name = loop {
        let name = format!("During Fault {}", written.len());
        let shell = t.shell(&["tournaments", "register", "cup", &name]).await;
        if !shell.status.success() {
            let said = String::from_utf8_lossy(&shell.stderr);
            assert_eq!(shell.status.code(), Some(1), "{said}");
            assert!(said.contains(fault.said()), "{said}");
            break name;
        }
        written.push(name);
        assert!(written.len() < 500, "the database never refused a write");
    };
    // The same on the portal: the visitor keeps the form, told to send it again later.
    let mut portal_written = Vec::new();
    loop {
        let name = format!("Portal During {}", portal_written.len());
        let email = format!("during{}@example.org", portal_written.len());
        let page = Player::new(&server, &name, &email)
            .register("en", "cup")
            .await;
        if page.status == StatusCode::OK {
            portal_written.push(name);
            assert!(
                portal_written.len() < 200,
                "the portal never refused a write"
            );
            continue;
        }
        assert_eq!(
            page.status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{}",
            page.html
        );
        assert!(
            page.html.contains("could not be saved right now"),
            "{}",
            page.html
        );
        assert!(page.html.contains(&name), "the form keeps what was typed");
        assert_eq!(
            page.headers
                .get("retry-after")
                .and_then(|v| v.to_str().ok()),
            Some("1")
        );
        break;
    }

    // Reads go on: the key's remaining 70 requests are let through, and the 71st is refused
    // with the true wait.
    let (ok, refused) = until_refused(&server, &key, "/api/v1/tournaments").await;
    assert_eq!(
        (ok, refused),
        (70, StatusCode::TOO_MANY_REQUESTS),
        "the key's budget while writes are refused"
    );
    for path in [
        "/api/v1/tournaments/cup",
        "/api/v1/tournaments/cup/matches",
        "/api/v1/organization",
    ] {
        assert_eq!(get(&server, &other, path).await, StatusCode::OK, "{path}");
    }
    let page = client()
        .get(server.url("/en/tournaments/cup"))
        .send()
        .await
        .expect("GET");
    assert_eq!(page.status(), StatusCode::OK, "the portal's page");
    if fault.refuses_the_rate_limit(t) {
        assert!(
            metric(&server, "tourney_rate_limit_counted_alone_total").await > 0.0,
            "requests were counted by the process alone"
        );
    }
    assert_eq!(server.exited(), None, "serve runs on");

    fault.end().await;

    // Recovery, without a restart: the rate limit is counted in the database again (tried
    // again within a second), and writes work.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let status = get(&server, &other, "/api/v1/organization").await;
        if status == StatusCode::OK
            && metric(&server, "tourney_rate_limit_counting_alone").await == 0.0
        {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "not back to normal after the fault ended ({status})"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let shell = t
        .shell(&["tournaments", "register", "cup", "After Fault"])
        .await;
    assert!(
        shell.status.success(),
        "{}",
        String::from_utf8_lossy(&shell.stderr)
    );
    let page = Player::new(&server, "After Portal", "after@example.org")
        .register("en", "cup")
        .await;
    assert_eq!(
        page.status,
        StatusCode::OK,
        "registered after: {}",
        page.html
    );
    assert_eq!(
        get(&server, &key, "/api/v1/tournaments").await,
        StatusCode::TOO_MANY_REQUESTS,
        "the key stays full after recovery"
    );
    assert_eq!(server.exited(), None);
    drop(server);

    let names = t.run(&["tournaments", "registrations", "cup"]);
    for name in ["Before Fault", "After Fault", "After Portal"]
        .into_iter()
        .chain(written.iter().map(String::as_str))
        .chain(portal_written.iter().map(String::as_str))
    {
        assert!(names.contains(name), "{name} is registered:\n{names}");
    }
    assert!(
        !names.contains(&refused_name),
        "{refused_name} was refused, not registered:\n{names}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_on_sqlite() {
    let Some(disk) = SmallDisk::mount("faults::a_full_disk_on_sqlite", 24) else {
        return;
    };
    let t = support::sqlite_at(&disk.path().join("tourney.db")).await;
    writes_refused_reads_go_on(&t, Fault::FullDisk(&disk)).await;
    assert_eq!(sqlite_integrity(&t).await, "ok");
}

/// The count of an outage is charged once: while SQLite's disk is full, a key makes 30 requests
/// (counted by `serve` alone); once there is room again, 150 requests sent at once from 20
/// clients get exactly the 90 places left of the key's 120 in that minute, and the database,
/// told of the 30 once, refuses the next.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outages_count_is_charged_once() {
    let Some(disk) = SmallDisk::mount("faults::an_outages_count_is_charged_once", 24) else {
        return;
    };
    let t = support::sqlite_at(&disk.path().join("tourney.db")).await;
    let key = club_by_shell(&t).await;
    let other = t.run(&["keys", "create", "--space", "club"]);
    let other = other.lines().find(|l| l.starts_with("tk_")).expect("a key");
    t.let_go().await;
    let server = Server::start_self_linked(&t, &["--rate-limit", "120", "--no-dispatch"]);
    disk.fill();
    // Writes that still fit are written: the shell registers players until one is refused,
    // so that the log has no room left for the rate limit's writes either.
    for n in 0.. {
        let name = format!("Filler {n}");
        if !t
            .shell(&["tournaments", "register", "cup", &name])
            .await
            .status
            .success()
        {
            break;
        }
        assert!(n < 500, "the database never refused a write");
    }
    // Another key's requests until the rate limit's own writes are refused too (the log may
    // have had room for a few).
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while metric(&server, "tourney_rate_limit_counting_alone").await != 1.0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the rate limit's writes go on"
        );
        get(&server, other, "/api/v1/organization").await;
    }
    let before = metric(&server, "tourney_rate_limit_counted_alone_total").await;
    for n in 0..30 {
        assert_eq!(
            get(&server, &key, "/api/v1/tournaments").await,
            StatusCode::OK,
            "request {n}"
        );
    }
    let alone = metric(&server, "tourney_rate_limit_counted_alone_total").await - before;
    assert_eq!(alone, 30.0, "the 30 were counted by serve alone");
    disk.free();
    charged_once(&t, &server, &key, 30).await;
}

/// After `alone` requests of `key` (the database's key 1, limit 120 a minute) were counted by
/// `serve` alone, and the database takes writes again: 150 requests sent at once from 20
/// clients get exactly the places left, the database counts the whole minute once, and refuses
/// the next request.
pub async fn charged_once(t: &TestDb, server: &Server, key: &str, alone: usize) {
    // The database is tried again a second after it last refused.
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    let clients: Vec<_> = (0..20).map(|_| client()).collect();
    let requests = (0..150).map(|n| {
        let request = clients[n % clients.len()]
            .get(server.url("/api/v1/tournaments"))
            .bearer_auth(key)
            .send();
        async move { request.await.expect("an answer").status() }
    });
    let statuses = futures_util::future::join_all(requests).await;
    let through = statuses.iter().filter(|s| **s == StatusCode::OK).count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!(
        (through, refused),
        (120 - alone, 30 + alone),
        "{statuses:?}"
    );
    // The database holds the whole minute: serve counts in it again, and it is full.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while metric(server, "tourney_rate_limit_counting_alone").await != 0.0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "still counting alone"
        );
        get(server, key, "/api/v1/organization").await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let reader = tourney::db::Db::open(&t.url).await.expect("the database");
    let counted = support::scalar(
        &reader,
        "SELECT CAST(SUM(n) AS BIGINT) FROM rate_stamps WHERE key_id = 1",
    )
    .await;
    reader.close().await;
    assert_eq!(
        counted, 120,
        "the database counts the {alone} once, and the rest"
    );
    assert_eq!(
        get(server, key, "/api/v1/tournaments").await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

/// A Postgres server of the test's own, with a database `tourney`, its tables in a table space
/// on `disk` when one is given; and an administrator's connection.
async fn postgres_database(cluster: &Cluster, disk: Option<&SmallDisk>) -> (TestDb, TestDb) {
    let admin = support::at_url(&cluster.url).await;
    let tourney::db::Db::Postgres(pool) = &admin.db else {
        panic!("Postgres")
    };
    let mut statements = vec!["CREATE DATABASE tourney".to_owned()];
    if let Some(disk) = disk {
        let space = disk.path().join("pg");
        std::fs::create_dir(&space).expect("the table space's directory");
        let chown = std::process::Command::new("chown")
            .arg("postgres:postgres")
            .arg(&space)
            .status()
            .expect("chown");
        assert!(chown.success(), "the table space belongs to postgres");
        statements = vec![
            format!("CREATE TABLESPACE small LOCATION '{}'", space.display()),
            "CREATE DATABASE tourney TABLESPACE small".to_owned(),
        ];
    }
    for sql in statements {
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(pool)
            .await
            .expect("the database");
    }
    let url = format!(
        "{}/tourney",
        cluster
            .url
            .strip_suffix("/postgres")
            .expect("the cluster's database URL")
    );
    (support::at_url(&url).await, admin)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_table_space_on_postgres() {
    let test = "faults::a_full_table_space_on_postgres";
    // The disk first, so that it is unmounted after the server that uses it has stopped.
    let Some(disk) = SmallDisk::mount(test, 64) else {
        return;
    };
    let Some(cluster) = Cluster::start(test) else {
        return;
    };
    let (t, admin) = postgres_database(&cluster, Some(&disk)).await;
    admin.let_go().await;
    writes_refused_reads_go_on(&t, Fault::FullDisk(&disk)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_database_on_postgres() {
    let Some(cluster) = Cluster::start("faults::a_read_only_database_on_postgres") else {
        return;
    };
    let (t, admin) = postgres_database(&cluster, None).await;
    writes_refused_reads_go_on(
        &t,
        Fault::ReadOnly {
            admin: &admin,
            database: "tourney",
        },
    )
    .await;
}
