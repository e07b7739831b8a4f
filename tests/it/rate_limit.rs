//! The fleet's rate limit as the database keeps it (`db::rate_windows`, asked through `db::hot`
//! as servers ask it): verdicts in arrival order, what a window keeps, when a place frees, and
//! requests that arrive together, and the leases of places lent to one server, on both backends.

use std::sync::Arc;
use std::time::Duration;

use tourney::db::hot::{Hot, Limit};
use tourney::db::rate_windows::{Ask, LEASE_GRACE_MS, Lease, Returned, SLOT_MS, Verdict};
use tourney::ids::KeyId;

use crate::support::organiser::Organiser;
use crate::support::{TestDb, on_both_backends, scalar};

const LEASE_MS: i64 = 50;

fn hot(t: &TestDb, limit: u32, window_ms: i64) -> Arc<Hot> {
    let limit = Limit {
        limit,
        window_ms,
        lease_ms: LEASE_MS,
    };
    Arc::new(Hot::open(&t.db, limit, Duration::from_secs(5)).expect("open"))
}

async fn verdict(hot: &Hot, key: KeyId) -> Verdict {
    hot.settle(Ask::one(key)).await.expect("settled").verdict
}

async fn leased(hot: &Hot, key: KeyId, want: u32) -> tourney::db::hot::Settled {
    hot.settle(Ask {
        want,
        ..Ask::one(key)
    })
    .await
    .expect("settled")
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
        let hot = hot(&t, 3, 60_000);
        let first = hot.settle(Ask::one(one)).await.unwrap();
        let recorded = first.now;
        assert_eq!(first.verdict, Verdict::Accepted { used: 1, oldest: recorded, lease: None });
        assert!(matches!(verdict(&hot, one).await, Verdict::Accepted { used: 2, oldest, .. } if oldest == recorded));
        assert!(matches!(verdict(&hot, two).await, Verdict::Accepted { used: 1, .. }));
        assert!(matches!(verdict(&hot, one).await, Verdict::Accepted { used: 3, .. }));
        // The window frees when the first slot's latest request leaves it.
        let Verdict::Refused { oldest } = verdict(&hot, one).await else { panic!("a fourth request") };
        assert!((recorded..recorded + SLOT_MS).contains(&oldest), "{oldest} after {recorded}");
        assert_eq!(verdict(&hot, one).await, Verdict::Refused { oldest });
        assert_eq!(scalar(&t.db, "SELECT CAST(SUM(used) AS BIGINT) FROM rate_counts").await, 4);
        assert_eq!(scalar(&t.db, "SELECT CAST(SUM(n) AS BIGINT) FROM rate_stamps").await, 4);
    }

    /// Of many requests arriving together, exactly the limit is accepted, each with its own
    /// place in the window.
    async fn requests_arriving_together_are_counted_one_by_one(t: TestDb) {
        let (one, _) = two_keys(&t).await;
        let hot = hot(&t, 20, 60_000);
        let asks: Vec<_> = (0..50)
            .map(|_| {
                let hot = Arc::clone(&hot);
                tokio::spawn(async move { verdict(&hot, one).await })
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
        let hot = hot(&t, 2, 400);
        let first = hot.settle(Ask::one(one)).await.unwrap();
        verdict(&hot, one).await;
        assert!(matches!(verdict(&hot, one).await, Verdict::Refused { .. }));
        // Requests of one slot leave the window with the latest of them, at most one slot later
        // than their exact 400 ms.
        tokio::time::sleep(Duration::from_millis(550)).await;
        let again = hot.settle(Ask::one(one)).await.unwrap();
        assert!(again.now >= first.now + 400);
        assert_eq!(again.verdict, Verdict::Accepted { used: 1, oldest: again.now, lease: None });
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM rate_stamps").await, 1, "the old stamps are gone");
    }

    /// A window whose stamps vanished (Postgres empties UNLOGGED tables after a crash) starts
    /// afresh instead of refusing for ever.
    async fn a_count_without_stamps_starts_afresh(t: TestDb) {
        let (one, _) = two_keys(&t).await;
        let hot = hot(&t, 2, 60_000);
        verdict(&hot, one).await;
        verdict(&hot, one).await;
        crate::support::execute(&t.db, "DELETE FROM rate_stamps").await;
        assert!(matches!(verdict(&hot, one).await, Verdict::Accepted { used: 1, .. }));
    }

    /// The versions come with every verdict, read in its transaction.
    async fn verdicts_carry_the_current_versions(t: TestDb) {
        let (one, _) = two_keys(&t).await;
        let hot = hot(&t, 10, 60_000);
        let before = hot.settle(Ask::one(one)).await.unwrap().versions;
        Organiser::new(&t).key("club").await;
        let after = hot.settle(Ask::one(one)).await.unwrap().versions;
        assert!(after.keys > before.keys && after.data == before.data, "{before:?} → {after:?}");
        assert_eq!(hot.versions().await.unwrap(), after);
    }

    /// A lease counts its places at once, stamps them at its end, and gives back what was
    /// not used; only a server that settled the key's last request gets one.
    async fn a_lease_is_counted_at_once_and_gives_back_what_was_not_used(t: TestDb) {
        let (one, _) = two_keys(&t).await;
        let (mine, other) = (hot(&t, 100, 60_000), hot(&t, 100, 60_000));
        verdict(&other, one).await;
        // The key's last request was another server's: no lease yet.
        let first = leased(&mine, one, 20).await;
        assert!(matches!(first.verdict, Verdict::Accepted { used: 2, lease: None, .. }), "{:?}", first.verdict);
        let second = leased(&mine, one, 20).await;
        let Verdict::Accepted { used: 22, lease: Some(lease), .. } = second.verdict else {
            panic!("a lease of 19: {:?}", second.verdict)
        };
        assert_eq!(lease, Lease { places: 19, ends_at: second.now + LEASE_MS });
        assert_eq!(scalar(&t.db, "SELECT CAST(SUM(used) AS BIGINT) FROM rate_counts").await, 22);
        assert_eq!(
            scalar(&t.db, "SELECT MAX(last_at) FROM rate_stamps").await,
            lease.ends_at,
            "the lent places are stamped at the lease's end"
        );
        // Another server sees them as used.
        assert!(matches!(verdict(&other, one).await, Verdict::Accepted { used: 23, .. }));
        // 4 used, 15 given back.
        mine.give_back(&[Returned { key: one, lease, unused: 15 }]).await.expect("given back");
        assert!(matches!(verdict(&other, one).await, Verdict::Accepted { used: 9, .. }));
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM rate_leases").await, 0);
        assert_eq!(scalar(&t.db, "SELECT CAST(SUM(n) AS BIGINT) FROM rate_stamps").await, 9);
        // Giving back twice gives nothing.
        mine.give_back(&[Returned { key: one, lease, unused: 15 }]).await.expect("given back");
        assert!(matches!(verdict(&other, one).await, Verdict::Accepted { used: 10, .. }));
    }

    /// A full window with a lease out is not refused: the asker is told when the lease ends,
    /// and once it is given back its unused places are taken. A lease never given back (its
    /// server died) is counted as used after the grace.
    async fn a_full_window_waits_for_its_leases(t: TestDb) {
        let (one, two) = two_keys(&t).await;
        let (mine, other) = (hot(&t, 10, 60_000), hot(&t, 10, 60_000));
        verdict(&mine, one).await;
        let lent = leased(&mine, one, 10).await;
        let Verdict::Accepted { used: 6, lease: Some(lease), .. } = lent.verdict else {
            panic!("a lease of 4: {:?}", lent.verdict)
        };
        for _ in 0..4 {
            assert!(matches!(verdict(&other, one).await, Verdict::Accepted { .. }));
        }
        let Verdict::Lent { until, .. } = verdict(&other, one).await else { panic!("the window is lent") };
        assert_eq!(until, lease.ends_at);
        mine.give_back(&[Returned { key: one, lease, unused: 3 }]).await.expect("given back");
        for _ in 0..3 {
            assert!(matches!(verdict(&other, one).await, Verdict::Accepted { .. }));
        }
        assert!(matches!(verdict(&other, one).await, Verdict::Refused { .. }));
        // Another lease, never given back.
        verdict(&mine, two).await;
        let Verdict::Accepted { lease: Some(lost), .. } = leased(&mine, two, 10).await.verdict else {
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
        window: Duration::from_secs(3),
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
        Err(_) => None,
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

on_both_backends! {
    /// Requests that give up while the database cannot settle them (they time out, or their
    /// client hangs up mid-way) leave nothing taken: once the database is back and the leases
    /// have ended, the key's whole budget is there, and not one place more.
    async fn leases_of_requests_that_give_up_come_back(t: TestDb) {
        let (gate, hash) = gate(&t, LIMIT).await;
        let gate = Arc::new(gate);
        let (before, held) = busy_then_hold(&gate, &hash, &t).await;
        let during: Vec<_> = (0..30)
            .map(|n| {
                let (gate, hash) = (Arc::clone(&gate), hash.clone());
                tokio::spawn(async move {
                    if n % 2 == 0 {
                        // A client that hangs up if its request waits (one a lease lets through
                        // at once is answered first).
                        let answered = tokio::time::timeout(Duration::from_millis(30 + n), allowed(&gate, &hash)).await;
                        usize::from(matches!(answered, Ok(Some(true))))
                    } else {
                        usize::from(allowed(&gate, &hash).await == Some(true))
                    }
                })
            })
            .collect();
        let mut through = before;
        for task in during {
            through += task.await.expect("a request");
        }
        held.release().await;
        // The leases end within 50 ms, and go back within a sweep of that.
        tokio::time::sleep(Duration::from_millis(400)).await;
        through += until_refused(&gate, &hash).await;
        assert_eq!(through, LIMIT as usize, "the whole budget, no more and no less");
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
