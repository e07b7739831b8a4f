//! The fleet's rate limit as the database keeps it (`db::rate_windows`, through the per-request
//! path `db::hot` that servers use): the verdicts of batches of requests, what a window keeps,
//! and when a place frees, on both backends.

use tourney::db::hot::Hot;
use tourney::db::rate_windows::Verdict;
use tourney::ids::KeyId;

use crate::support::organiser::Organiser;
use crate::support::{TestDb, on_both_backends, scalar};

async fn decide(hot: &Hot, keys: &[KeyId], limit: u32, window_ms: i64) -> (i64, Vec<Verdict>) {
    hot.settle(keys.to_vec(), limit, window_ms)
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
    /// Requests are settled in arrival order; a key's refusals do not touch another key, and
    /// refused requests leave nothing behind.
    async fn a_batch_is_settled_in_order_per_key(t: TestDb) {
        let (one, two) = two_keys(&t).await;
        let hot = Hot::open(&t.db).unwrap();
        let (now, verdicts) = decide(&hot, &[one, one, two, one, one], 3, 60_000).await;
        assert_eq!(
            verdicts,
            [
                Verdict::Accepted { used: 1, oldest: now },
                Verdict::Accepted { used: 2, oldest: now },
                Verdict::Accepted { used: 1, oldest: now },
                Verdict::Accepted { used: 3, oldest: now },
                Verdict::Refused { oldest: now },
            ]
        );
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM rate_stamps").await, 2, "one stamp per key and instant");
        let (later, verdicts) = decide(&hot, &[one, two], 3, 60_000).await;
        assert!(later >= now);
        assert_eq!(verdicts, [Verdict::Refused { oldest: now }, Verdict::Accepted { used: 2, oldest: now }]);
        assert_eq!(scalar(&t.db, "SELECT CAST(SUM(used) AS BIGINT) FROM rate_counts").await, 5);
    }

    /// What left the window frees its places; the stamps of a window do not outlive it.
    async fn places_free_when_the_oldest_leave(t: TestDb) {
        let (one, _) = two_keys(&t).await;
        let hot = Hot::open(&t.db).unwrap();
        let window = 400;
        let (first, _) = decide(&hot, &[one, one], 2, window).await;
        let (_, refused) = decide(&hot, &[one], 2, window).await;
        assert_eq!(refused, [Verdict::Refused { oldest: first }]);
        tokio::time::sleep(std::time::Duration::from_millis(450)).await;
        let (now, verdicts) = decide(&hot, &[one, one, one], 2, window).await;
        assert_eq!(
            verdicts,
            [
                Verdict::Accepted { used: 1, oldest: now },
                Verdict::Accepted { used: 2, oldest: now },
                Verdict::Refused { oldest: now },
            ]
        );
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM rate_stamps").await, 1, "the old stamp is gone");
    }

    /// A window whose stamps vanished (Postgres empties UNLOGGED tables after a crash) starts
    /// afresh instead of refusing for ever.
    async fn a_count_without_stamps_starts_afresh(t: TestDb) {
        let (one, _) = two_keys(&t).await;
        let hot = Hot::open(&t.db).unwrap();
        decide(&hot, &[one, one], 2, 60_000).await;
        crate::support::execute(&t.db, "DELETE FROM rate_stamps").await;
        let (now, verdicts) = decide(&hot, &[one], 2, 60_000).await;
        assert_eq!(verdicts, [Verdict::Accepted { used: 1, oldest: now }]);
    }
}
