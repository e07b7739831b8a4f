//! Webhooks end to end: the `hooks` commands, delivery to a real HTTPS receiver on loopback,
//! retries, SSRF refusals, ping, verify, crash safety, and the event catalog with `hooks test`.
//! Every database test runs on both backends.

mod catalog;
mod crash;
mod delivery;
mod fairness;
mod hooks;
mod operations;
mod order;
mod ping_verify;
mod standard;

use std::process::{Child, Output, Stdio};
use std::time::Duration;

use hmac::{KeyInit, Mac};
use tourney::db::Db;
use tourney::ids::EventId;

use crate::support::TestDb;
use crate::support::organiser::Organiser;
use crate::support::receiver::Receiver;

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// `tourney dispatch` as a long-running process with the receiver trusted and loopback allowed.
/// A `tourney` process a test started: killed when the test ends without waiting for it (a
/// failed assertion included), so no delivery loop outlives its test.
pub struct Spawned(Option<Child>);

impl Spawned {
    pub fn id(&self) -> u32 {
        self.0.as_ref().map_or(0, Child::id)
    }

    /// How the process ended, or `None` while it runs.
    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.0
            .as_mut()
            .and_then(|child| child.try_wait().ok().flatten())
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        if let Some(mut child) = self.0.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The flags that let a server's delivery loop reach `receiver`, and `extra`.
pub fn delivering(receiver: &Receiver, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["--allow-cidr", "127.0.0.0/8", "--root-cert"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    args.push(receiver.root_cert.to_string_lossy().into_owned());
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    args
}

pub fn spawn_dispatch(t: &TestDb, receiver: &Receiver, extra: &[&str]) -> Spawned {
    spawn_dispatch_with(t, receiver, extra, &[])
}

/// [`spawn_dispatch`] with more environment variables.
pub fn spawn_dispatch_with(
    t: &TestDb,
    receiver: &Receiver,
    extra: &[&str],
    env: &[(&str, &str)],
) -> Spawned {
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
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    Spawned(Some(command.spawn().expect("spawn tourney dispatch")))
}

/// How many times the receiver got each event id.
pub fn ids(receiver: &Receiver) -> std::collections::HashMap<String, usize> {
    let mut seen = std::collections::HashMap::new();
    for request in receiver.received() {
        *seen
            .entry(request.header("svc-webhook-id").unwrap_or("").to_owned())
            .or_insert(0) += 1;
    }
    seen
}

/// Sends SIGTERM (or SIGKILL) to a child we started, by its id.
pub fn signal(child: &Spawned, name: &str) {
    let status = std::process::Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
}

/// Waits for the child to exit (up to `limit`), killing it if it does not.
pub async fn wait_exit(mut spawned: Spawned, limit: Duration) -> Output {
    let mut child = spawned.0.take().expect("a process not yet waited for");
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
    t.shell(&args).await
}

/// A space `demo` with one hook at `url` (loopback allowed), and a tournament whose
/// registrations make the events ([`append_events`]); returns the hook's secret.
pub async fn space_with_hook(t: &TestDb, url: &str) -> String {
    let created = t
        .shell(&["spaces", "create", "demo", "--name", "Demo"])
        .await;
    assert!(created.status.success(), "{}", stderr(&created));
    open_signups(t).await;
    add_hook(t, url).await
}

/// The open tournament of space `demo` whose registrations [`append_events`] makes.
pub async fn open_signups(t: &TestDb) {
    Organiser::new(t)
        .open_signups("demo", "signups", 4096)
        .await;
}

pub async fn add_hook(t: &TestDb, url: &str) -> String {
    let added = t
        .shell(&[
            "hooks",
            "add",
            "--space",
            "demo",
            url,
            "--allow-cidr",
            "127.0.0.0/8",
        ])
        .await;
    assert!(added.status.success(), "{}", stderr(&added));
    let out = stdout(&added);
    out.lines()
        .find(|line| line.starts_with("whsec_"))
        .expect("the secret is printed")
        .to_owned()
}

/// `count` events of space `demo`: registrations in its open tournament, as players would make
/// them. Returns the events' ids, in order.
pub async fn append_events(t: &TestDb, count: usize) -> Vec<EventId> {
    Organiser::new(t).registrations("signups", count).await
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
        Db::Sqlite(db) => sqlx::query_as(sql).fetch_all(db.pool()).await.expect(sql),
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
