//! The fleet's rate limit as the database keeps it (`db::rate_windows`, asked through `db::hot`
//! as servers ask it): verdicts in arrival order, what a window keeps, when a place frees, and
//! requests that arrive together, on both backends.

use std::sync::Arc;
use std::time::Duration;

use tourney::db::hot::{Hot, Limit};
use tourney::db::rate_windows::{SLOT_MS, Verdict};
use tourney::ids::KeyId;

use crate::support::organiser::Organiser;
use crate::support::{TestDb, on_both_backends, scalar};

fn hot(t: &TestDb, limit: u32, window_ms: i64) -> Arc<Hot> {
    Arc::new(Hot::open(&t.db, Limit { limit, window_ms }, Duration::from_secs(5)).expect("open"))
}

async fn verdict(hot: &Hot, key: KeyId) -> Verdict {
    hot.settle(key).await.expect("settled").verdict
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
        let first = hot.settle(one).await.unwrap();
        let recorded = first.now;
        assert_eq!(first.verdict, Verdict::Accepted { used: 1, oldest: recorded });
        assert!(matches!(verdict(&hot, one).await, Verdict::Accepted { used: 2, oldest } if oldest == recorded));
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
        let first = hot.settle(one).await.unwrap();
        verdict(&hot, one).await;
        assert!(matches!(verdict(&hot, one).await, Verdict::Refused { .. }));
        // Requests of one slot leave the window with the latest of them, at most one slot later
        // than their exact 400 ms.
        tokio::time::sleep(Duration::from_millis(550)).await;
        let again = hot.settle(one).await.unwrap();
        assert!(again.now >= first.now + 400);
        assert_eq!(again.verdict, Verdict::Accepted { used: 1, oldest: again.now });
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
        let before = hot.settle(one).await.unwrap().versions;
        Organiser::new(&t).key("club").await;
        let after = hot.settle(one).await.unwrap().versions;
        assert!(after.keys > before.keys && after.data == before.data, "{before:?} → {after:?}");
        assert_eq!(hot.versions().await.unwrap(), after);
    }
}
