//! Another process writing for long on SQLite (a `sqlite3` shell, a big import), with `serve`
//! running on the real binary and the lock held by this test's own process through SQLite.
//!
//! `serve` alone on the file answers the API as usual meanwhile, each key counted by the process
//! alone, and tells the database once the writer lets go: the key's budget stays exact. Two
//! `serve` processes on one file cannot share a count without writing it, so they wait for the
//! writer instead, as before, however long it writes, and the fleet's limit stays one. A server
//! that stops takes itself out of the servers present, so the next one is alone at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::faults::{charged_once, get, metric};
use crate::storage::club_by_shell;
use crate::support::server::Server;
use crate::support::{self, TestDb};

/// Another process's write transaction on `t`'s file, holding SQLite's write lock from `hold`'s
/// return until it is dropped (or `longest` passes).
struct LongWrite {
    released: Arc<AtomicBool>,
    stop: std::sync::mpsc::Sender<()>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl LongWrite {
    fn hold(t: &TestDb, longest: Duration) -> LongWrite {
        let path = t.sqlite_path().expect("a SQLite database");
        let (taken_tx, taken) = std::sync::mpsc::channel();
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let released = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&released);
        let thread = std::thread::spawn(move || {
            let conn = rusqlite::Connection::open(&path).expect("open the file");
            conn.busy_timeout(Duration::from_secs(5))
                .expect("a busy timeout");
            conn.execute_batch(
                "BEGIN IMMEDIATE; CREATE TABLE scratch (n INTEGER); INSERT INTO scratch VALUES (1);",
            )
            .expect("the write lock");
            taken_tx.send(()).expect("the test waits");
            let _ = stopped.recv_timeout(longest);
            done.store(true, Ordering::SeqCst);
            conn.execute_batch("ROLLBACK").expect("let go");
        });
        taken.recv().expect("the lock taken");
        LongWrite {
            released,
            stop,
            thread: Some(thread),
        }
    }

    fn still_held(&self) -> bool {
        !self.released.load(Ordering::SeqCst)
    }
}

impl Drop for LongWrite {
    fn drop(&mut self) {
        let _ = self.stop.send(());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// How long request `n` of `key` to `/api/v1/tournaments` took to be answered 200.
async fn answered_in(server: &Server, key: &str, n: usize) -> Duration {
    let asked = Instant::now();
    assert_eq!(
        get(server, key, "/api/v1/tournaments").await,
        StatusCode::OK,
        "request {n}"
    );
    asked.elapsed()
}

/// Requests answered while `writer` still holds the lock, the slowest well within a second
/// (not waiting for the writer), and `counted` of them counted by `server` alone since its
/// counter read `before`.
async fn counted_alone_while_held(
    server: &Server,
    writer: &LongWrite,
    slowest: Duration,
    before: f64,
    counted: f64,
) {
    assert!(writer.still_held(), "the writer let go too soon");
    assert!(
        slowest < Duration::from_millis(900),
        "a request waited {slowest:?} for the other process's write"
    );
    let alone = metric(server, "tourney_rate_limit_counted_alone_total").await - before;
    assert_eq!(alone, counted, "requests counted by serve alone");
}

/// Neither of `servers` counted a request alone; `context` says what went on meanwhile.
async fn none_counted_alone(servers: [&Server; 2], context: &str) {
    for server in servers {
        assert_eq!(
            metric(server, "tourney_rate_limit_counted_alone_total").await,
            0.0,
            "a server of two counted alone{context}"
        );
    }
}

/// Two `serve` processes on `t`'s file started with `args`, each having answered one request of
/// `key` (so each is present in the database for the other).
async fn two_that_served(t: &TestDb, key: &str, args: &[&str]) -> (Server, Server) {
    let (a, b) = (
        Server::start_self_linked(t, args),
        Server::start_self_linked(t, args),
    );
    for server in [&a, &b] {
        assert_eq!(
            get(server, key, "/api/v1/tournaments").await,
            StatusCode::OK
        );
    }
    (a, b)
}

/// While another process holds the write lock for up to 20 s, `serve` alone answers 30 requests
/// of a key at once, each well within a second, all while the lock is still held, counted by
/// the process alone (as `/metrics` and the log say); once the writer lets go, the database is
/// told of the 30 once: of 150 requests at once, exactly the 90 places left pass.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_alone_answers_while_another_process_writes_for_long() {
    let t = support::sqlite().await;
    let key = club_by_shell(&t).await;
    t.let_go().await;
    let server = Server::start_logged(&t, &["--rate-limit", "120", "--no-dispatch"]);
    let writer = LongWrite::hold(&t, Duration::from_secs(20));
    let before = metric(&server, "tourney_rate_limit_counted_alone_total").await;
    let mut slowest = Duration::ZERO;
    for n in 0..30 {
        slowest = slowest.max(answered_in(&server, &key, n).await);
    }
    counted_alone_while_held(&server, &writer, slowest, before, 30.0).await;
    assert_eq!(
        metric(&server, "tourney_rate_limit_counting_alone").await,
        1.0
    );
    let log = server.log();
    assert!(
        log.contains("another writer holds the database's write lock"),
        "the log says why:\n{log}"
    );
    drop(writer);
    charged_once(&t, &server, &key, 30).await;
    assert!(server.log().contains("the database takes writes again"));
}

/// Two `serve` processes on one file, both serving the key: while another process holds the
/// write lock for 300 ms, a request waits for it and neither counts alone; the fleet's 120
/// requests a minute stay 120 across both, and the 121st is refused by each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_file_wait_for_the_writer_and_share_the_count() {
    let t = support::sqlite().await;
    let key = club_by_shell(&t).await;
    t.let_go().await;
    let args = ["--rate-limit", "120", "--no-dispatch"];
    let (a, b) = two_that_served(&t, &key, &args).await;
    let hold = Duration::from_millis(300);
    let writer = LongWrite::hold(&t, hold);
    let asked = Instant::now();
    assert_eq!(get(&a, &key, "/api/v1/tournaments").await, StatusCode::OK);
    let waited = asked.elapsed();
    assert!(
        waited >= hold - Duration::from_millis(100),
        "the request was answered in {waited:?}, before the writer let go"
    );
    drop(writer);
    none_counted_alone([&a, &b], "").await;
    let mut through = 3;
    for n in 0..200 {
        let server = if n % 2 == 0 { &a } else { &b };
        match get(server, &key, "/api/v1/tournaments").await {
            StatusCode::OK => through += 1,
            StatusCode::TOO_MANY_REQUESTS => break,
            other => panic!("request {n}: {other}"),
        }
    }
    assert_eq!(through, 120, "the fleet let through its limit, once");
    for server in [&a, &b] {
        assert_eq!(
            get(server, &key, "/api/v1/tournaments").await,
            StatusCode::TOO_MANY_REQUESTS
        );
    }
}

/// Servers that saw each other keep waiting however long the write lasts, though none of them
/// can write itself present meanwhile: with a window of one second, requests sent for three
/// and a half seconds of a write (answered 503 past their wait, as by a database that does not
/// answer) leave both servers without a request counted alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn servers_that_saw_each_other_wait_out_a_write_longer_than_the_window() {
    let t = support::sqlite().await;
    let key = club_by_shell(&t).await;
    t.let_go().await;
    let args = [
        "--rate-limit",
        "120",
        "--rate-limit-window",
        "1s",
        "--no-dispatch",
    ];
    let (a, b) = two_that_served(&t, &key, &args).await;
    let writer = LongWrite::hold(&t, Duration::from_secs(10));
    let held = Instant::now();
    let mut answered = Vec::new();
    while held.elapsed() < Duration::from_millis(3_500) {
        for server in [&a, &b] {
            answered.push(get(server, &key, "/api/v1/tournaments").await);
        }
    }
    assert!(writer.still_held(), "the writer let go too soon");
    drop(writer);
    none_counted_alone([&a, &b], &format!(" during the write: {answered:?}")).await;
    assert!(
        answered
            .iter()
            .all(|s| *s == StatusCode::OK || *s == StatusCode::SERVICE_UNAVAILABLE),
        "{answered:?}"
    );
}

/// A server that stops takes itself out of the servers present: the one started after it on the
/// same file is alone, and meets a long write by counting alone at once, as the first would have.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_started_after_another_stopped_counts_alone_beside_a_long_write() {
    let t = support::sqlite().await;
    let key = club_by_shell(&t).await;
    t.let_go().await;
    let args = ["--rate-limit", "120", "--no-dispatch"];
    let first = Server::start_self_linked(&t, &args);
    assert_eq!(
        get(&first, &key, "/api/v1/tournaments").await,
        StatusCode::OK
    );
    assert!(
        first.terminate().success(),
        "the first server stops cleanly"
    );
    let second = Server::start_self_linked(&t, &args);
    let writer = LongWrite::hold(&t, Duration::from_secs(20));
    let waited = answered_in(&second, &key, 0).await;
    counted_alone_while_held(&second, &writer, waited, 0.0, 1.0).await;
}
