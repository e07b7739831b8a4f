//! Thirty players racing for the last four places, all posting at the same moment: exactly four
//! get in, on both databases, and the tournament is never over capacity. And registrations the
//! portal writes together in one transaction each keep their own outcome.

use reqwest::StatusCode;

use super::open_cup;
use crate::support::organiser::Organiser;
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{on_both_backends, scalar};

on_both_backends! {
    async fn thirty_at_once_for_four_places(t: TestDb) {
        open_cup(&t, 10, 6).await;
        let server = Server::start_self_linked(&t, &["--form-limit", "1000"]);
        // Everyone opens the page first (each with their own cookie and token) ...
        let mut players = Vec::new();
        for n in 1..=30 {
            let mut player = Player::new(&server, &format!("Racer {n}"), &format!("racer{n}@example.org"));
            let token = player.get("/en/tournaments/cup").await.token();
            players.push((player, token));
        }
        let events_before = scalar(&t.db, "SELECT COUNT(*) FROM events WHERE type = 'registration.created'").await;
        // ... then all send the form at once.
        let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(players.len()));
        let mut racers = Vec::new();
        for (mut player, token) in players {
            let barrier = std::sync::Arc::clone(&barrier);
            racers.push(tokio::spawn(async move {
                let (name, email) = (player.name.clone(), player.email.clone());
                barrier.wait().await;
                player
                    .post("/en/tournaments/cup/registrations", &[("token", &token), ("name", &name), ("email", &email)], None)
                    .await
            }));
        }
        let mut registered = 0;
        let mut full = 0;
        for racer in racers {
            let page = racer.await.expect("a racer");
            match page.status {
                StatusCode::OK => {
                    assert!(page.withdrawal_link().is_some(), "{}", page.html);
                    registered += 1;
                }
                StatusCode::CONFLICT => {
                    assert!(page.html.contains("All places are taken."), "{}", page.html);
                    full += 1;
                }
                other => panic!("unexpected {other}: {}", page.html),
            }
        }
        assert_eq!((registered, full), (4, 26));
        let field = scalar(&t.db, "SELECT COUNT(*) FROM participants WHERE status <> 'withdrawn'").await;
        assert_eq!(field, 10, "never over capacity");
        let events = scalar(&t.db, "SELECT COUNT(*) FROM events WHERE type = 'registration.created'").await;
        assert_eq!(events - events_before, 4, "one event per registration made");
    }
}

on_both_backends! {
    async fn registrations_written_together_keep_their_own_outcomes(t: TestDb) {
        use tourney::links::BaseUrl;
        use tourney::service::registration_batches::Batches;
        use tourney::service::registrations::Applicant;
        use tourney::service::{Conflict, Missing, ServiceError};

        let organiser = Organiser::new(&t);
        organiser.space("club", "Club").await;
        organiser.open_signups("club", "small", 3).await;
        organiser.open_signups("club", "large", 64).await;
        organiser.register("small", &["Anna"]).await;
        let batches = std::sync::Arc::new(Batches::start(
            t.db.clone(),
            BaseUrl::parse("https://cup.example.org").expect("a base URL"),
            "portal",
        ));
        let before = scalar(&t.db, "SELECT COUNT(*) FROM events").await;
        // Sent at the same moment, so that they share batches: two places left in `small`.
        let asks: Vec<(&str, String)> = [("small", "ANNA"), ("nowhere", "Boris")]
            .into_iter()
            .map(|(slug, name)| (slug, name.to_owned()))
            .chain((1..=4).map(|n| ("small", format!("Small {n}"))))
            .chain((1..=5).map(|n| ("large", format!("Large {n}"))))
            .collect();
        let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(asks.len()));
        let mut sent = Vec::new();
        for (slug, name) in asks {
            let (batches, barrier) = (std::sync::Arc::clone(&batches), std::sync::Arc::clone(&barrier));
            sent.push(tokio::spawn(async move {
                barrier.wait().await;
                let email = format!("{}@example.org", name.to_lowercase().replace(' ', "."));
                let secret = tourney::service::registrations::new_withdrawal_secret().expect("randomness");
                let applicant = Applicant { name: &name, email: Some(&email), withdrawal_secret: Some(&secret), roster: &[] };
                (slug, name.clone(), batches.register(slug, &applicant).await)
            }));
        }
        let (mut made, mut full) = (0, 0);
        for outcome in sent {
            match outcome.await.expect("a registration") {
                (_, _, Ok(registered)) => {
                    assert!(registered.withdrawal_secret.is_some());
                    made += 1;
                }
                ("small", name, Err(ServiceError::Conflict(Conflict::AlreadyRegistered { .. }))) => assert_eq!(name, "ANNA"),
                ("small", _, Err(ServiceError::Conflict(Conflict::Full { taken: 3, max: 3 }))) => full += 1,
                ("nowhere", _, Err(ServiceError::NotFound(Missing::Tournament { .. }))) => {}
                (slug, name, Err(error)) => panic!("{name} in {slug}: {error}"),
            }
        }
        assert_eq!((made, full), (2 + 5, 2), "two places in small, all of large");
        assert_eq!(scalar(&t.db, "SELECT field_size FROM tournaments WHERE slug = 'small'").await, 3);
        assert_eq!(scalar(&t.db, "SELECT field_size FROM tournaments WHERE slug = 'large'").await, 5);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM events").await - before, 7, "one event per registration made");
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM audit_log WHERE actor = 'portal'").await, 7, "one audit entry each");
    }
}
