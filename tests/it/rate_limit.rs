//! The fleet's rate limit as the database keeps it (`gate::ledger`, decided by `gate::policy`):
//! verdicts in arrival order, what a window keeps, when a place frees, requests that arrive
//! together from servers of their own, and the leases of places lent to one server, on both
//! backends; then the gate as `serve` uses it, with requests that give up while the database
//! cannot answer, and give-backs that fail.

use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;
use tourney::gate::Ledger;
use tourney::gate::ledger::Settled;
use tourney::gate::policy::{Ask, LEASE_GRACE_MS, Returned, SLOT_MS, Terms, Verdict};
use tourney::ids::KeyId;

use crate::support::organiser::Organiser;
use crate::support::{TestDb, on_both_backends, scalar};

const LEASE_MS: i64 = 50;

/// A server's ledger (`holder` tells servers apart) of `limit` requests per `window_ms`.
fn ledger(t: &TestDb, limit: u32, window_ms: i64, holder: i64) -> Arc<Ledger> {
    let terms = Terms {
        limit,
        window_ms,
        lease_ms: LEASE_MS,
        holder,
    };
    Arc::new(Ledger::new(t.db.clone(), terms))
}

async fn settle(ledger: &Ledger, ask: Ask) -> (Verdict, i64, Settled) {
    let deadline = Instant::now() + Duration::from_secs(5);
    let settled = ledger
        .settle(vec![ask], Vec::new(), deadline)
        .await
        .expect("settled");
    let (verdict, now) = settled.verdicts[0];
    (verdict, now, settled)
}

async fn verdict(ledger: &Ledger, key: KeyId) -> Verdict {
    settle(ledger, Ask::one(key)).await.0
}

async fn leased(ledger: &Ledger, key: KeyId, want: u32) -> (Verdict, i64) {
    let (verdict, now, _) = settle(
        ledger,
        Ask {
            want,
            ..Ask::one(key)
        },
    )
    .await;
    (verdict, now)
}

async fn give_back(ledger: &Ledger, returned: Returned) {
    let deadline = Instant::now() + Duration::from_secs(5);
    ledger
        .settle(Vec::new(), vec![returned], deadline)
        .await
        .expect("given back");
}

async fn two_keys(t: &TestDb) -> (KeyId, KeyId) {
    let organiser = Organiser::new(t);
    organiser.space("club", "Club").await;
    organiser.key("club").await;
    organiser.key("club").await;
    ("key_1".parse().unwrap(), "key_2".parse().unwrap())
}

on_both_backends! {
    /// A key's requests are taken until its window is full; another key's are not touched, and
    /// refused requests leave nothing behind.
    async fn requests_are_taken_until_the_window_is_full(t: TestDb) {
        let (one, two) = two_keys(&t).await;
        let ledger = ledger(&t, 3, 60_000, 7);
        let (first, recorded, _) = settle(&ledger, Ask::one(one)).await;
        assert_eq!(first, Verdict::Accepted { used: 1, oldest: recorded, lease: None });
        assert!(matches!(verdict(&ledger, one).await, Verdict::Accepted { used: 2, oldest, .. } if oldest == recorded));
        assert!(matches!(verdict(&ledger, two).await, Verdict::Accepted { used: 1, .. }));
        assert!(matches!(verdict(&ledger, one).await, Verdict::Accepted { used: 3, .. }));
        // The window frees when the first slot's latest request leaves it.
        let Verdict::Refused { oldest } = verdict(&ledger, one).await else { panic!("a fourth request") };
        assert!((recorded..recorded + SLOT_MS).contains(&oldest), "{oldest} after {recorded}");
        assert_eq!(verdict(&ledger, one).await, Verdict::Refused { oldest });
        assert_eq!(scalar(&t.db, "SELECT CAST(SUM(used) AS BIGINT) FROM rate_counts").await, 4);
        assert_eq!(scalar(&t.db, "SELECT CAST(SUM(n) AS BIGINT) FROM rate_stamps").await, 4);
    }

    /// Of many requests arriving together from four servers of their own (each settling alone,
    /// so on Postgres each write finds others' between its read and its write), exactly the
    /// limit is accepted, each with its own place in the window.
    async fn requests_arriving_together_are_counted_one_by_one(t: TestDb) {
        let (one, _) = two_keys(&t).await;
        let servers: Vec<_> = (1..=4).map(|holder| ledger(&t, 20, 60_000, holder)).collect();
        let asks: Vec<_> = (0..50)
            .map(|n| {
                let ledger = Arc::clone(&servers[n % servers.len()]);
                tokio::spawn(async move { verdict(&ledger, one).await })
            })
            .collect();
        let mut used = Vec::new();
        let mut refused = 0;
        for ask in asks {
            match ask.await.unwrap() {
                Verdict::Accepted { used: n, .. } => used.push(n),
                Verdict::Refused { .. } => refused += 1,
                lent => panic!("no lease was asked for: {lent:?}"),
            }
        }
        used.sort_unstable();
        assert_eq!(used, (1..=20).collect::<Vec<u32>>());
        assert_eq!(refused, 30);
    }

    /// What left the window frees its places, and its stamps go with it.
    async fn places_free_when_the_oldest_leave(t: TestDb) {
        let (one, _) = two_keys(&t).await;
        let ledger = ledger(&t, 2, 400, 7);
        let (_, first, _) = settle(&ledger, Ask::one(one)).await;
        verdict(&ledger, one).await;
        assert!(matches!(verdict(&ledger, one).await, Verdict::Refused { .. }));
        // Requests of one slot leave the window with the latest of them, at most one slot later
        // than their exact 400 ms.
        tokio::time::sleep(Duration::from_millis(550)).await;
        let (again, now, _) = settle(&ledger, Ask::one(one)).await;
        assert!(now >= first + 400);
        assert_eq!(again, Verdict::Accepted { used: 1, oldest: now, lease: None });
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM rate_stamps").await, 1, "the old stamps are gone");
    }

    /// A window whose stamps vanished (Postgres empties UNLOGGED tables after a crash) starts
    /// afresh instead of refusing for ever.
    async fn a_count_without_stamps_starts_afresh(t: TestDb) {
        let (one, _) = two_keys(&t).await;
        let ledger = ledger(&t, 2, 60_000, 7);
        verdict(&ledger, one).await;
        verdict(&ledger, one).await;
        crate::support::execute(&t.db, "DELETE FROM rate_stamps").await;
        assert!(matches!(verdict(&ledger, one).await, Verdict::Accepted { used: 1, .. }));
    }

    /// The versions come with every verdict, read in its batch.
    async fn verdicts_carry_the_current_versions(t: TestDb) {
        let (one, _) = two_keys(&t).await;
        let ledger = ledger(&t, 10, 60_000, 7);
        let before = settle(&ledger, Ask::one(one)).await.2.versions;
        Organiser::new(&t).key("club").await;
        let after = settle(&ledger, Ask::one(one)).await.2.versions;
        assert!(after.keys > before.keys && after.data == before.data, "{before:?} → {after:?}");
        assert_eq!(ledger.versions().await.unwrap(), after);
    }

    /// A lease counts its places at once, stamps them at its end, and gives back what was
    /// not used; only a server that settled the key's last request gets one.
    async fn a_lease_is_counted_at_once_and_gives_back_what_was_not_used(t: TestDb) {
        let (one, _) = two_keys(&t).await;
        let (mine, other) = (ledger(&t, 100, 60_000, 7), ledger(&t, 100, 60_000, 8));
        verdict(&other, one).await;
        // The key's last request was another server's: no lease yet.
        let (first, _) = leased(&mine, one, 20).await;
        assert!(matches!(first, Verdict::Accepted { used: 2, lease: None, .. }), "{first:?}");
        let (second, now) = leased(&mine, one, 20).await;
        let Verdict::Accepted { used: 22, lease: Some(lease), .. } = second else {
            panic!("a lease of 19: {second:?}")
        };
        assert_eq!((lease.places, lease.ends_at), (19, now + LEASE_MS));
        assert_eq!(scalar(&t.db, "SELECT CAST(SUM(used) AS BIGINT) FROM rate_counts").await, 22);
        assert_eq!(
            scalar(&t.db, "SELECT MAX(last_at) FROM rate_stamps").await,
            lease.ends_at,
            "the lent places are stamped at the lease's end"
        );
        // Another server sees them as used.
        assert!(matches!(verdict(&other, one).await, Verdict::Accepted { used: 23, .. }));
        // 4 used, 15 given back.
        give_back(&mine, Returned { key: one, lease, unused: 15 }).await;
        assert!(matches!(verdict(&other, one).await, Verdict::Accepted { used: 9, .. }));
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM rate_leases").await, 0);
        assert_eq!(scalar(&t.db, "SELECT CAST(SUM(n) AS BIGINT) FROM rate_stamps").await, 9);
        // Giving back twice gives nothing; nor does another server's give-back of the same id.
        give_back(&mine, Returned { key: one, lease, unused: 15 }).await;
        give_back(&other, Returned { key: one, lease, unused: 15 }).await;
        assert!(matches!(verdict(&other, one).await, Verdict::Accepted { used: 10, .. }));
    }

    /// A full window with a lease out is not refused: the asker is told when the lease ends,
    /// and once it is given back its unused places are taken. A lease never given back (its
    /// server died) is counted as used after the grace.
    async fn a_full_window_waits_for_its_leases(t: TestDb) {
        let (one, two) = two_keys(&t).await;
        let (mine, other) = (ledger(&t, 10, 60_000, 7), ledger(&t, 10, 60_000, 8));
        verdict(&mine, one).await;
        let (lent, _) = leased(&mine, one, 10).await;
        let Verdict::Accepted { used: 6, lease: Some(lease), .. } = lent else {
            panic!("a lease of 4: {lent:?}")
        };
        for _ in 0..4 {
            assert!(matches!(verdict(&other, one).await, Verdict::Accepted { .. }));
        }
        let Verdict::Lent { until, .. } = verdict(&other, one).await else { panic!("the window is lent") };
        assert_eq!(until, lease.ends_at);
        give_back(&mine, Returned { key: one, lease, unused: 3 }).await;
        for _ in 0..3 {
            assert!(matches!(verdict(&other, one).await, Verdict::Accepted { .. }));
        }
        assert!(matches!(verdict(&other, one).await, Verdict::Refused { .. }));
        // Another lease, never given back.
        verdict(&mine, two).await;
        let (Verdict::Accepted { lease: Some(lost), .. }, _) = leased(&mine, two, 10).await else {
            panic!("a lease")
        };
        for _ in 0..(10 - 2 - lost.places) {
            assert!(matches!(verdict(&other, two).await, Verdict::Accepted { .. }));
        }
        assert!(matches!(verdict(&other, two).await, Verdict::Lent { .. }));
        tokio::time::sleep(Duration::from_millis((LEASE_MS + LEASE_GRACE_MS + 50) as u64)).await;
        assert!(matches!(verdict(&other, two).await, Verdict::Refused { .. }), "its places count as used");
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM rate_leases").await, 0, "the lost lease is dropped");
    }
}

/// Holds the database's writes from a connection of the test's own (SQLite's write lock, or an
/// exclusive lock on the rate limit's counts on Postgres) until released: the rate limit cannot
/// be settled meanwhile, while reads go on.
struct WritesHeld(Option<tourney::db::Handle>);

impl WritesHeld {
    async fn take(t: &TestDb) -> WritesHeld {
        let mut handle = t.db.acquire().await.expect("a connection");
        let statements: [&'static str; 2] = match t.backend_name() {
            "sqlite" => [
                "BEGIN IMMEDIATE",
                "UPDATE versions SET data = data WHERE id = 1",
            ],
            _ => ["BEGIN", "LOCK TABLE rate_counts IN EXCLUSIVE MODE"],
        };
        for sql in statements {
            match handle.conn() {
                tourney::db::Conn::Sqlite(c) => sqlx::query(sql).execute(c).await.map(|_| ()),
                tourney::db::Conn::Postgres(c) => sqlx::query(sql).execute(c).await.map(|_| ()),
            }
            .expect(sql);
        }
        WritesHeld(Some(handle))
    }

    /// A count read on the holding connection, inside the held transaction.
    async fn count(&mut self, sql: &'static str) -> i64 {
        let handle = self.0.as_mut().expect("held");
        match handle.conn() {
            tourney::db::Conn::Sqlite(c) => sqlx::query_scalar(sql).fetch_one(c).await,
            tourney::db::Conn::Postgres(c) => sqlx::query_scalar(sql).fetch_one(c).await,
        }
        .expect(sql)
    }

    async fn release(mut self) {
        if let Some(mut handle) = self.0.take() {
            match handle.conn() {
                tourney::db::Conn::Sqlite(c) => {
                    sqlx::query("ROLLBACK").execute(c).await.map(|_| ())
                }
                tourney::db::Conn::Postgres(c) => {
                    sqlx::query("ROLLBACK").execute(c).await.map(|_| ())
                }
            }
            .expect("ROLLBACK");
        }
    }
}

/// The budget of the keys in the tests of leases that must come back.
const LIMIT: u32 = 500;

/// A gate of `limit` requests per minute (longer than any test runs), whose requests wait at most
/// 400 ms for the database, and a key's hash.
async fn gate(t: &TestDb, limit: u32) -> (tourney::gate::Gate, String) {
    let organiser = Organiser::new(t);
    organiser.space("club", "Club").await;
    let key = organiser.key("club").await;
    let rate = tourney::gate::Rate {
        limit,
        window: Duration::from_secs(60),
    };
    let gate =
        tourney::gate::Gate::open(&t.db, rate, Duration::from_millis(400)).expect("the gate");
    (
        gate,
        tourney::api_keys::KeyHash::of(&key).as_str().to_owned(),
    )
}

/// Whether a request of the key was let through (`None`: the database did not answer).
async fn allowed(gate: &tourney::gate::Gate, hash: &str) -> Option<bool> {
    match gate.admit(hash).await {
        Ok(Some(admitted)) => Some(matches!(
            admitted.decision,
            tourney::gate::Decision::Allowed { .. }
        )),
        Ok(None) => panic!("the key is known"),
        Err(error) => {
            eprintln!("unavailable: {error:?}");
            None
        }
    }
}

/// A key busy enough to be lent places, then the database's writes held while a lease of it is
/// out. Returns how many requests were let through meanwhile, and the hold.
async fn busy_then_hold(gate: &tourney::gate::Gate, hash: &str, t: &TestDb) -> (usize, WritesHeld) {
    let mut through = 0;
    for _ in 0..40 {
        for _ in 0..10 {
            through += usize::from(allowed(gate, hash).await == Some(true));
        }
        let mut held = WritesHeld::take(t).await;
        if held.count("SELECT COUNT(*) FROM rate_leases").await >= 1 {
            return (through, held);
        }
        held.release().await;
    }
    panic!("no lease was lent to a busy key");
}

/// Takes requests one by one until the key is refused; returns how many were let through.
async fn until_refused(gate: &tourney::gate::Gate, hash: &str) -> usize {
    let mut through = 0;
    loop {
        match allowed(gate, hash).await {
            Some(true) => through += 1,
            Some(false) => return through,
            None => panic!("the database answers again"),
        }
        assert!(through < 1000, "never refused");
    }
}

/// How a request ended for its client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    Through,
    Refused,
    /// The client hung up before the answer, or was answered 503.
    GaveUp,
}

on_both_backends! {
    /// Requests that give up while the database cannot settle them (they time out, or their
    /// client hangs up mid-way) count once decided, whether or not anyone heard the verdict,
    /// and the leases of those that asked for one come back: once the database is back, the
    /// key's budget holds `LIMIT − gave_up ≤ through ≤ LIMIT`, and requests that never gave up
    /// find every other place.
    async fn requests_that_give_up_count_once_and_leases_come_back(t: TestDb) {
        let (gate, hash) = gate(&t, LIMIT).await;
        let gate = Arc::new(gate);
        let (before, held) = busy_then_hold(&gate, &hash, &t).await;
        // The lease ends (and cannot go back yet): the next requests must ask the database.
        tokio::time::sleep(Duration::from_millis(60)).await;
        let during: Vec<_> = (0..30)
            .map(|n| {
                let (gate, hash) = (Arc::clone(&gate), hash.clone());
                tokio::spawn(async move {
                    let ask = allowed(&gate, &hash);
                    let answered = if n % 2 == 0 {
                        // A client that hangs up if its request waits.
                        tokio::time::timeout(Duration::from_millis(30 + n), ask).await.ok().flatten()
                    } else {
                        ask.await
                    };
                    match answered {
                        Some(true) => Ended::Through,
                        Some(false) => Ended::Refused,
                        None => Ended::GaveUp,
                    }
                })
            })
            .collect();
        let mut ended = Vec::new();
        for task in during {
            ended.push(task.await.expect("a request"));
        }
        held.release().await;
        // The leases end within 50 ms, and go back within a sweep of that.
        tokio::time::sleep(Duration::from_millis(400)).await;
        let gave_up = ended.iter().filter(|e| **e == Ended::GaveUp).count();
        let through = before
            + ended.iter().filter(|e| **e == Ended::Through).count()
            + until_refused(&gate, &hash).await;
        assert!(gave_up > 0, "some requests gave up while the database was held: {ended:?}");
        assert!(
            through <= LIMIT as usize && through + gave_up >= LIMIT as usize,
            "{through} through, {gave_up} gave up, of {LIMIT}"
        );
    }

    /// A lease whose give-back fails (the database refuses it for a while) is given back once it
    /// can be: the key's whole budget is there afterwards.
    async fn a_give_back_that_fails_is_tried_again(t: TestDb) {
        let (gate, hash) = gate(&t, LIMIT).await;
        // The lease ends while the database cannot take it back: the sweeper's give-backs fail.
        let (before, mut held) = busy_then_hold(&gate, &hash, &t).await;
        tokio::time::sleep(Duration::from_millis(600)).await;
        assert!(held.count("SELECT COUNT(*) FROM rate_leases").await >= 1, "not given back yet");
        held.release().await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM rate_leases").await, 0, "given back");
        assert_eq!(before + until_refused(&gate, &hash).await, LIMIT as usize);
    }
}

/// Sends `GET /api/v1/tournaments` with `key` over a connection of its own and closes it
/// `after` later, before reading anything: a client that hangs up mid-request.
async fn hang_up(base: &str, key: &str, after: Duration) {
    use tokio::io::AsyncWriteExt;
    let address = base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("a connection");
    let request = format!(
        "GET /api/v1/tournaments HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {key}\r\n\r\n"
    );
    stream
        .write_all(request.as_bytes())
        .await
        .expect("the request");
    tokio::time::sleep(after).await;
    drop(stream);
}

on_both_backends! {
    /// 60 clients that hang up mid-request beside 120 that wait, all at once, against a `serve`
    /// of the specification's 120 a minute: a hung-up request may have been counted, never
    /// more than once, so those that waited and those asking afterwards get
    /// `120 − 60 ≤ accepted ≤ 120` between them.
    async fn clients_hanging_up_mid_request_never_add_a_place(t: TestDb) {
        let key = crate::storage::club_by_shell(&t).await;
        t.let_go().await;
        let server = crate::support::server::Server::start(&t, &["--no-dispatch"]);
        let client = crate::support::integrator::client();
        let polite = (0..120).map(|_| {
            let request = client
                .get(server.url("/api/v1/tournaments"))
                .bearer_auth(&key)
                .send();
            async move { request.await.expect("an answer").status().as_u16() }
        });
        let rude = (0..60u64).map(|n| hang_up(&server.base, &key, Duration::from_micros(n * 50)));
        let (answers, _) = tokio::join!(
            futures_util::future::join_all(polite),
            futures_util::future::join_all(rude)
        );
        let accepted = answers.iter().filter(|s| **s == 200).count();
        assert_eq!(accepted + answers.iter().filter(|s| **s == 429).count(), 120, "{answers:?}");
        // What is left of the minute.
        let mut after = 0;
        loop {
            let status = client
                .get(server.url("/api/v1/tournaments"))
                .bearer_auth(&key)
                .send()
                .await
                .expect("an answer")
                .status();
            match status.as_u16() {
                200 => after += 1,
                429 => break,
                other => panic!("{other}"),
            }
            assert!(after <= 120, "never refused");
        }
        let through = accepted + after;
        assert!(
            (60..=120).contains(&through),
            "{accepted} of the waiting clients and {after} afterwards were let through"
        );
    }
}
