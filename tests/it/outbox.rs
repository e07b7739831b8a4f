//! The outbox: an event fans out to one delivery per active, subscribed hook of its own space,
//! in the transaction that wrote the change.

use tourney::db::outbox::{self, Audience};
use tourney::domain::{EventType, TournamentStatus};
use tourney::events::{Event, PingData, SpaceRef};
use tourney::ids::HookId;

use crate::support::organiser::Organiser;
use crate::support::{on_both_backends, scalar};

on_both_backends! {
    async fn events_reach_only_active_subscribed_hooks_of_their_space(t: TestDb) {
        let organiser = Organiser::new(&t);
        let home = organiser.space("home", "Home").await;
        let other = organiser.space("other", "Other").await;
        let everything = organiser.hook("home", "https://192.0.2.1/hook", None).await.hook.id;
        let results = [EventType::MatchCompleted, EventType::MatchCorrected];
        organiser.hook("home", "https://192.0.2.2/hook", Some(&results)).await;
        let signups = organiser.hook("home", "https://192.0.2.3/hook", Some(&[EventType::RegistrationCreated])).await.hook.id;
        let removed = organiser.hook("home", "https://192.0.2.4/hook", None).await.hook.id;
        organiser.remove_hook(removed).await;
        organiser.hook("other", "https://192.0.2.5/hook", None).await;
        organiser.tournament("home", "cup", tourney::domain::Format::Swiss, |_| {}).await;
        organiser.set_status("cup", TournamentStatus::RegistrationOpen).await;
        let opened_deliveries = scalar(&t.db, "SELECT COUNT(*) FROM deliveries").await;

        let event = organiser.registrations("cup", 1).await[0];
        let mut tx = t.db.begin().await.unwrap();
        let data = PingData { space: SpaceRef { id: home.id, slug: "home".into() }, message: "hello".into() };
        let ping = outbox::append(tx.conn(), home.id, &Event::Ping(data), Audience::Hook(HookId::from_raw(2)), 2_000).await.unwrap();
        assert_eq!(outbox::delivery_hooks(tx.conn(), event).await.unwrap(), [everything, signups]);
        assert_eq!(outbox::delivery_hooks(tx.conn(), ping).await.unwrap(), [HookId::from_raw(2)], "a ping goes to its one hook");
        tx.commit().await.unwrap();

        // Due at once, by the database's clock (this machine's, for these tests).
        let due = scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE status = 'pending' AND next_attempt_at IS NOT NULL AND attempts = 0").await;
        assert_eq!(due - opened_deliveries, 3, "deliveries are due at once");
        let latest = scalar(&t.db, "SELECT MAX(next_attempt_at) FROM deliveries").await;
        assert!(latest <= tourney::timestamp::now_ms(), "due now, not later");
        let mut h = t.db.acquire().await.unwrap();
        let stored = outbox::list_for_space(h.conn(), home.id).await.unwrap();
        let ping_row = stored.iter().find(|e| e.id == ping).unwrap();
        // Written at time 2,000 after the registration's event of today: stamped just after it,
        // never before the space's last event.
        let registered_at = stored.iter().find(|e| e.id == event).unwrap().created_at;
        assert_eq!(ping_row.created_at, registered_at + 1);
        let at = tourney::timestamp::format_ms(registered_at + 1);
        assert_eq!(ping_row.body, format!(r#"{{"id":"{ping}","type":"ping","created_at":"{at}","data":{{"space":{{"id":"{}","slug":"home"}},"message":"hello"}}}}"#, home.id));
        assert!(outbox::list_for_space(h.conn(), other.id).await.unwrap().is_empty());
    }

    async fn an_event_rolled_back_leaves_no_delivery(t: TestDb) {
        let organiser = Organiser::new(&t);
        let home = organiser.space("home", "Home").await;
        organiser.hook("home", "https://192.0.2.1/hook", None).await;
        let mut tx = t.db.begin().await.unwrap();
        let data = PingData { space: SpaceRef { id: home.id, slug: "home".into() }, message: String::new() };
        outbox::append(tx.conn(), home.id, &Event::Ping(data), Audience::Subscribers, 1).await.unwrap();
        drop(tx);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM events").await, 0);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM deliveries").await, 0);
    }
}
