//! Webhooks end to end: the `hooks` commands, delivery to a real HTTPS receiver on loopback,
//! retries, SSRF refusals, ping, verify and crash safety. Every database test runs on both
//! backends.

mod crash;
mod delivery;
mod hooks;
mod ping_verify;

use std::process::{Child, Output, Stdio};
use std::time::Duration;

use hmac::{KeyInit, Mac};
use tourney::db::Db;
use tourney::db::outbox::{self, Audience};
use tourney::domain::EventType;

use crate::support::TestDb;
use crate::support::receiver::Receiver;

/// Runs the `tourney` binary off the async runtime (the receiver keeps serving meanwhile).
pub async fn tourney(t: &TestDb, args: &[&str]) -> Output {
    let mut command = t.tourney();
    command.args(args);
    tokio::task::spawn_blocking(move || command.output().expect("run tourney"))
        .await
        .expect("join")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// `tourney dispatch` as a long-running process with the receiver trusted and loopback allowed.
pub fn spawn_dispatch(t: &TestDb, receiver: &Receiver, extra: &[&str]) -> Child {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tourney"));
    for (key, _) in std::env::vars() {
        if key.starts_with("TOURNEY_") {
            command.env_remove(key);
        }
    }
    command
        .env("TOURNEY_DATABASE_URL", &t.url)
        .env("TOURNEY_ACTOR", "test-admin")
        .args(["dispatch", "--allow-cidr", "127.0.0.0/8", "--root-cert"])
        .arg(&receiver.root_cert)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command.spawn().expect("spawn tourney dispatch")
}

/// Sends SIGTERM (or SIGKILL) to a child we started, by its id.
pub fn signal(child: &Child, name: &str) {
    let status = std::process::Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
}

/// Waits for the child to exit (up to `limit`), killing it if it does not.
pub async fn wait_exit(mut child: Child, limit: Duration) -> Output {
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        if child.try_wait().expect("try_wait").is_some() || tokio::time::Instant::now() > deadline {
            let _ = child.kill();
            return tokio::task::spawn_blocking(move || child.wait_with_output().expect("output"))
                .await
                .expect("join");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `dispatch --once` against `receiver`.
pub async fn dispatch_once(t: &TestDb, receiver: &Receiver, extra: &[&str]) -> Output {
    let root = receiver.root_cert.to_string_lossy().into_owned();
    let mut args = vec![
        "dispatch",
        "--once",
        "--allow-cidr",
        "127.0.0.0/8",
        "--root-cert",
        &root,
    ];
    args.extend_from_slice(extra);
    tourney(t, &args).await
}

/// A space `demo` with one hook at `url` (loopback allowed); returns the hook's secret.
pub async fn space_with_hook(t: &TestDb, url: &str) -> String {
    let created = tourney(t, &["spaces", "create", "demo", "--name", "Demo"]).await;
    assert!(created.status.success(), "{}", stderr(&created));
    add_hook(t, url).await
}

pub async fn add_hook(t: &TestDb, url: &str) -> String {
    let added = tourney(
        t,
        &[
            "hooks",
            "add",
            "--space",
            "demo",
            url,
            "--allow-cidr",
            "127.0.0.0/8",
        ],
    )
    .await;
    assert!(added.status.success(), "{}", stderr(&added));
    let out = stdout(&added);
    out.lines()
        .find(|line| line.starts_with("whsec_"))
        .expect("the secret is printed")
        .to_owned()
}

/// Appends `count` events to space 1 (as the portal would), returning their numbers.
pub async fn append_events(db: &Db, count: usize) -> Vec<i64> {
    let mut ids = Vec::new();
    let mut tx = db.begin().await.unwrap();
    for n in 0..count {
        let data = serde_json::json!({"n": n, "note": "ünïcödé ✓"});
        let now = tourney::timestamp::now_ms();
        ids.push(
            outbox::append(
                tx.conn(),
                1,
                None,
                EventType::RegistrationCreated,
                &data,
                Audience::Subscribers,
                now,
            )
            .await
            .unwrap(),
        );
    }
    tx.commit().await.unwrap();
    ids
}

/// The lowercase hex HMAC-SHA256, computed here independently of the product's signer.
pub fn hmac_hex(secret: &str, id: &str, timestamp: &str, body: &[u8]) -> String {
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{id}.{timestamp}.").as_bytes());
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// Runs a query returning rows of (i64, String) pairs etc. on either backend.
pub async fn rows<T>(db: &Db, sql: &'static str) -> Vec<T>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::sqlite::SqliteRow>
        + for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow>
        + Send
        + Unpin,
{
    match db {
        Db::Sqlite(pool) => sqlx::query_as(sql).fetch_all(pool).await.expect(sql),
        Db::Postgres(pool) => sqlx::query_as(sql).fetch_all(pool).await.expect(sql),
    }
}

/// Polls `sql` (one integer) until it equals `want` or `limit` passes; returns the last value.
pub async fn wait_scalar(db: &Db, sql: &'static str, want: i64, limit: Duration) -> i64 {
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        let value = crate::support::scalar(db, sql).await;
        if value == want || tokio::time::Instant::now() > deadline {
            return value;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
