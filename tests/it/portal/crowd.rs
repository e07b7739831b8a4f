//! Thirty players racing for the last four places, all posting at the same moment: exactly four
//! get in, on both databases, and the tournament is never over capacity.

use reqwest::StatusCode;

use super::open_cup;
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
