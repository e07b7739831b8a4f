//! The outbox: an event fans out to one delivery per active, subscribed hook of its own space,
//! in the transaction that wrote the change.

use tourney::db::outbox::{self, Audience};
use tourney::db::spaces;
use tourney::domain::{EventType, Locale};

use crate::support::{execute, on_both_backends, scalar};

on_both_backends! {
    async fn events_reach_only_active_subscribed_hooks_of_their_space(t: TestDb) {
        let mut tx = t.db.begin().await.unwrap();
        let home = spaces::insert(tx.conn(), "home", "Home", Locale::En, 1).await.unwrap();
        let other = spaces::insert(tx.conn(), "other", "Other", Locale::En, 1).await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!((home.id, other.id), (1, 2));
        // Hooks have no command until the webhooks feature; fixtures are written directly.
        execute(&t.db, "INSERT INTO hooks (space_id, url, event_types, status, created_at) VALUES \
            (1, 'https://a.example/hook', NULL, 'active', 1), \
            (1, 'https://b.example/hook', 'match.completed,match.corrected', 'active', 1), \
            (1, 'https://c.example/hook', 'registration.created', 'active', 1), \
            (1, 'https://d.example/hook', NULL, 'removed', 1), \
            (2, 'https://e.example/hook', NULL, 'active', 1)").await;

        let mut tx = t.db.begin().await.unwrap();
        let data = serde_json::json!({"message": "hello"});
        let event = outbox::append(tx.conn(), home.id, None, EventType::RegistrationCreated, &data, Audience::Subscribers, 1_000).await.unwrap();
        let ping = outbox::append(tx.conn(), home.id, None, EventType::Ping, &data, Audience::Hook(2), 2_000).await.unwrap();
        assert_eq!(outbox::delivery_hooks(tx.conn(), event).await.unwrap(), [1, 3]);
        assert_eq!(outbox::delivery_hooks(tx.conn(), ping).await.unwrap(), [2], "a ping goes to its one hook");
        tx.commit().await.unwrap();

        let due = scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'pending' AND next_attempt_at = created_at AND attempts = 0").await;
        assert_eq!(due, 3, "deliveries are due at once");
        let mut h = t.db.acquire().await.unwrap();
        let stored = outbox::list_for_space(h.conn(), home.id).await.unwrap();
        assert_eq!(stored[0].body, format!(r#"{{"id":"evt_{event}","type":"registration.created","created_at":"1970-01-01T00:00:01.000Z","data":{{"message":"hello"}}}}"#));
        assert!(outbox::list_for_space(h.conn(), other.id).await.unwrap().is_empty());
    }

    async fn an_event_rolled_back_leaves_no_delivery(t: TestDb) {
        let mut tx = t.db.begin().await.unwrap();
        spaces::insert(tx.conn(), "home", "Home", Locale::En, 1).await.unwrap();
        tx.commit().await.unwrap();
        execute(&t.db, "INSERT INTO hooks (space_id, url, status, created_at) VALUES (1, 'https://a.example/hook', 'active', 1)").await;
        let mut tx = t.db.begin().await.unwrap();
        outbox::append(tx.conn(), 1, None, EventType::Ping, &serde_json::json!({}), Audience::Subscribers, 1).await.unwrap();
        drop(tx);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM events").await, 0);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM deliveries").await, 0);
    }
}
