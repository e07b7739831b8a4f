//! The event catalog: the `webhooks` section of `docs/openapi.json` documents every event type
//! once, every event the product emits matches its type's schema, and `hooks test` sends a
//! signed example of every type, marked `"example": true`, to the named address only, counted
//! nowhere as a tournament's event.

use std::collections::BTreeSet;
use std::io::Write;

use serde_json::{Value, json};
use tourney::domain::EventType;

use crate::support::catalog::{self, catalog};
use crate::support::integrator::Integrator;
use crate::support::organiser::Organiser;
use crate::support::receiver::{Receiver, Reply};
use crate::support::server::Server;
use crate::support::{on_both_backends, row_counts, scalar};

use super::*;

fn every_type() -> BTreeSet<&'static str> {
    EventType::NAMES.iter().copied().collect()
}

#[test]
fn the_catalog_documents_every_event_type_once() {
    let doc = catalog::document();
    let webhooks = doc["webhooks"].as_object().expect("a webhooks section");
    let documented: BTreeSet<&str> = webhooks.keys().map(String::as_str).collect();
    assert_eq!(
        documented,
        every_type(),
        "docs/openapi.json `webhooks` has one entry per event type: add the schema of a new type"
    );
    assert_eq!(webhooks.len(), EventType::ALL.len());
    assert_eq!(
        doc["components"]["schemas"]["EventType"]["enum"],
        json!(EventType::NAMES),
        "the EventType schema lists the types in the product's order"
    );

    let mut envelopes = BTreeSet::new();
    for (event_type, entry) in webhooks {
        let post = &entry["post"];
        let schema = &post["requestBody"]["content"]["application/json"]["schema"];
        let reference = schema["$ref"].as_str().unwrap_or_else(|| {
            panic!("{event_type}: the body is a schema under components/schemas")
        });
        assert!(
            reference.starts_with("#/components/schemas/"),
            "{reference}"
        );
        envelopes.insert(reference.to_owned());
        let envelope = catalog::resolve(&doc, schema);
        assert_eq!(
            envelope["properties"]["type"]["const"], *event_type,
            "{event_type}: the envelope's type is fixed to the entry's name"
        );
        assert_eq!(
            envelope["required"],
            json!(["id", "type", "created_at", "data"])
        );
        assert_eq!(
            envelope["additionalProperties"], false,
            "{event_type}: a closed envelope"
        );
        let data = catalog::resolve(&doc, &envelope["properties"]["data"]);
        assert_eq!(
            data["additionalProperties"], false,
            "{event_type}: a closed payload"
        );
        let headers: BTreeSet<&str> = post["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| catalog::resolve(&doc, p))
            .filter(|p| p["in"] == "header" && p["required"] == true)
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        for header in [
            "Svc-Webhook-Id",
            "Svc-Webhook-Timestamp",
            "Svc-Webhook-Signature",
        ] {
            assert!(
                headers.contains(header),
                "{event_type} documents the header {header}"
            );
        }
        assert!(post["responses"]["2XX"].is_object() && post["responses"]["default"].is_object());
    }
    let any: BTreeSet<String> = doc["components"]["schemas"]["WebhookEvent"]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|branch| branch["$ref"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(any, envelopes, "WebhookEvent is any one of the event types");
    // Every entry compiles, with its references inside the document.
    assert_eq!(
        catalog().event_types().into_iter().collect::<BTreeSet<_>>(),
        every_type()
    );
}

/// A tournament of `format` in space `demo`, with `players` registered and registration closed.
fn ready_to_start(t: &TestDb, slug: &str, format: &str, players: &[&str], extra: &[&str]) {
    let mut create = vec![
        "tournaments",
        "create",
        "--space",
        "demo",
        "--slug",
        slug,
        "--name",
        "Catalog Cup",
        "--game",
        "chess",
        "--format",
        format,
        "--max-participants",
        "8",
        "--starts-at",
        "2026-12-01T18:00:00Z",
    ];
    create.extend(extra);
    t.run(&create);
    t.run(&["tournaments", "status", slug, "REGISTRATION_OPEN"]);
    for player in players {
        t.run(&["tournaments", "register", slug, player]);
    }
    t.run(&["tournaments", "status", slug, "REGISTRATION_CLOSED"]);
}

/// The id of the match of `slug` at `round` and `position` (the first stage).
async fn match_id(t: &TestDb, slug: &str, round: i64, position: i64) -> String {
    let mut h = t.db.acquire().await.unwrap();
    let tournament = tourney::db::tournaments::find_by_slug(h.conn(), slug)
        .await
        .unwrap()
        .unwrap();
    tourney::db::matches::list(h.conn(), tournament.id)
        .await
        .unwrap()
        .into_iter()
        .find(|m| m.round == round && m.position == position)
        .map(|m| m.id.to_string())
        .unwrap_or_else(|| panic!("{slug} has a match at round {round}, position {position}"))
}

/// A change to a valid body that its schema must catch.
type Drift = fn(&mut Value);

/// `duel`, a four-player cup whose players report, registered with private links: one
/// semi-final claimed and disputed, then reported by the organiser; the other claimed and
/// confirmed; the final claimed, then set aside by a correction that changes its players.
async fn players_report_a_duel(t: &TestDb) {
    use tourney::domain::self_report::{Said, SelfReport};
    use tourney::service::player_reports::{self, Answer};
    use tourney::service::registrations::{self, Applicant};
    let organiser = Organiser::new(t);
    let ctx = organiser.ctx();
    let draft = tourney::service::tournaments::Draft {
        max_participants: 4,
        self_report: SelfReport::Confirm { within_ms: 600_000 },
        ..tourney::service::tournaments::Draft::new(
            "demo",
            "duel",
            "Duel",
            "chess",
            tourney::domain::Format::SingleElimination,
        )
    };
    tourney::service::tournaments::create(organiser.db(), &ctx, &draft)
        .await
        .expect("the duel");
    t.run(&["tournaments", "status", "duel", "REGISTRATION_OPEN"]);
    let mut secrets = Vec::new();
    for name in ["Kira", "Jonas", "Lena", "Max"] {
        let secret = format!("secret-of-{name}-0123456789abcdef");
        let applicant = Applicant {
            withdrawal_secret: Some(&secret),
            ..Applicant::named(name)
        };
        registrations::register(organiser.db(), &ctx, "duel", &applicant)
            .await
            .expect("registered");
        secrets.push(secret);
    }
    t.run(&["tournaments", "status", "duel", "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", "duel"]);
    let said = |mine, theirs| Said {
        score: Some((mine, theirs)),
        forfeit: None,
    };
    // Seeds 1 v 4 and 2 v 3.
    let (first, second) = (
        match_id(t, "duel", 1, 1).await,
        match_id(t, "duel", 1, 2).await,
    );
    let parse = |id: &str| tourney::ids::MatchId::parse_prefixed(id).expect("a match id");
    let claim = player_reports::claim(organiser.db(), &ctx, &secrets[0], parse(&first), said(2, 1))
        .await
        .expect("Kira claims");
    player_reports::answer(
        organiser.db(),
        &ctx,
        &secrets[3],
        parse(&first),
        claim.id,
        Answer::Dispute(said(2, 1)),
    )
    .await
    .expect("Max disputes");
    t.run(&["matches", "report", "duel", &first, "--score", "2-1"]);
    let claim = player_reports::claim(
        organiser.db(),
        &ctx,
        &secrets[2],
        parse(&second),
        said(0, 2),
    )
    .await
    .expect("Lena claims");
    player_reports::answer(
        organiser.db(),
        &ctx,
        &secrets[1],
        parse(&second),
        claim.id,
        Answer::Confirm,
    )
    .await
    .expect("Jonas confirms");
    // Kira claims the final; then a correction makes Max the first semi-final's winner, so the
    // final's side changes under her claim, which is set aside.
    let final_ = match_id(t, "duel", 2, 1).await;
    player_reports::claim(
        organiser.db(),
        &ctx,
        &secrets[0],
        parse(&final_),
        said(2, 0),
    )
    .await
    .expect("Kira claims the final");
    t.run(&["matches", "correct", "duel", &first, "--score", "1-2"]);
}

fn envelope(body: &[u8]) -> Value {
    serde_json::from_slice(body).expect("a JSON body")
}

on_both_backends! {
    async fn every_event_type_the_product_emits_matches_its_schema(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
        space_with_hook(&t, &receiver.url).await;

        // An elimination cup through every kind of change: registrations, a withdrawal, status
        // moves, results, a correction that resets a later match, and one after completion.
        ready_to_start(&t, "cup", "single_elimination", &["Anna", "Boris", "Clara", "Dmitri"], &[]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        t.run(&["tournaments", "withdraw", "cup", "Dmitri"]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "cup"]);
        let (semi, final_) = (match_id(&t, "cup", 1, 2).await, match_id(&t, "cup", 2, 1).await);
        t.run(&["matches", "report", "cup", &semi, "--score", "1-2"]);
        let corrected = t.run(&["matches", "correct", "cup", &semi, "--score", "2-1"]);
        assert!(corrected.contains(&final_), "the final is reset: {corrected}");
        t.run(&["matches", "report", "cup", &final_, "--forfeit", "b"]);
        t.run(&["matches", "correct", "cup", &semi, "--score", "3-1"]);
        // The room: a match called to a station, then begun, then played.
        t.run(&["stations", "add", "--space", "demo", "Table 1"]);
        ready_to_start(&t, "room", "single_elimination", &["Ада", "Бо"], &["--stations", "all"]);
        t.run(&["tournaments", "start", "room"]);
        let game = match_id(&t, "room", 1, 1).await;
        t.run(&["matches", "call", "room", &game]);
        t.run(&["matches", "start", "room", &game]);
        t.run(&["matches", "report", "room", &game, "--score", "2-0"]);
        // A free-for-all round: results instead of sides.
        ready_to_start(&t, "race", "free_for_all", &["Ира", "Лёва", "Ника"], &["--rounds", "1", "--points", "5,3,1"]);
        t.run(&["tournaments", "start", "race"]);
        let round = match_id(&t, "race", 1, 1).await;
        t.run(&["matches", "report", "race", &round, "--place", "Лёва", "--place", "Ира", "--place", "Ника"]);
        // A team tournament with check-in and a waiting list: a check-in, teams waiting, one's
        // promotion when a place frees, and the other not admitted at the start.
        t.run(&[
            "tournaments", "create", "--space", "demo", "--slug", "queue", "--name", "Queue Cup",
            "--game", "chess", "--format", "single_elimination", "--max-participants", "2",
            "--starts-at", "2026-12-01T18:00:00Z", "--team-size", "1..2", "--waiting-list", "2",
            "--check-in-opens", "1h", "--check-in-closes", "0s",
        ]);
        t.run(&["tournaments", "status", "queue", "REGISTRATION_OPEN"]);
        for team in ["Owls", "Cats", "Bees", "Ants"] {
            t.run(&["tournaments", "register", "queue", team, "--player", "Ann", "--player", "Bob"]);
        }
        t.run(&["tournaments", "check-in", "queue", "Owls"]);
        t.run(&["tournaments", "withdraw", "queue", "Cats"]);
        // The start leaves the team still waiting out.
        t.run(&["tournaments", "status", "queue", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "queue"]);
        // Players who report: a claim, its dispute, the organiser's report; and a claim confirmed.
        players_report_a_duel(&t).await;
        let root = receiver.root_cert.to_string_lossy().into_owned();
        let pinged = t.shell(&["ping", "hook_1", "--allow-cidr", "127.0.0.0/8", "--root-cert", &root]).await;
        assert!(pinged.status.success(), "{}", stderr(&pinged));

        let out = dispatch_once(&t, &receiver, &[]).await;
        assert!(out.status.success(), "{}", stderr(&out));
        let deliveries = scalar(&t.db, "SELECT COUNT(*) FROM deliveries").await;
        // The receiver holds every request to the catalog as it reads them.
        let received = receiver.received();
        assert_eq!(received.len() as i64, deliveries, "every event since the hook was added reached it");
        let mut types = BTreeSet::new();
        let mut match_shapes = BTreeSet::new();
        for request in &received {
            catalog().assert_valid(&request.body);
            let body = envelope(&request.body);
            assert!(body.get("example").is_none(), "a real event is not marked as an example: {body}");
            types.insert(body["type"].as_str().unwrap().to_owned());
            if let Some(game) = body["data"].get("match") {
                match_shapes.insert(if game.get("results").is_some() { "results" } else { "two sides" });
            }
        }
        assert_eq!(types.iter().map(String::as_str).collect::<BTreeSet<_>>(), every_type());
        assert_eq!(match_shapes.into_iter().collect::<Vec<_>>(), ["results", "two sides"]);

        // The schemas are strict: a renamed, a missing, an added or a mistyped field is caught.
        let completed = received
            .iter()
            .map(|r| envelope(&r.body))
            .find(|b| b["type"] == "match.completed" && b["data"]["match"].get("winner").is_some())
            .unwrap();
        let drifts: [(&str, Drift); 8] = [
            ("a field renamed", |b| {
                let winner = b["data"]["match"].as_object_mut().unwrap().remove("winner").unwrap();
                b["data"]["match"]["won_by"] = winner;
            }),
            ("a field missing", |b| { b["data"]["tournament"].as_object_mut().unwrap().remove("url"); }),
            ("a field added", |b| b["data"]["tournament"]["season"] = json!(2026)),
            ("an envelope field added", |b| b["version"] = json!(1)),
            ("a status out of its enum", |b| b["data"]["tournament"]["status"] = json!("LIVE")),
            ("a time without milliseconds", |b| b["created_at"] = json!("2026-12-01T18:00:00Z")),
            ("an id of another kind", |b| b["id"] = json!("dlv_1")),
            ("a false example marker", |b| b["example"] = json!(false)),
        ];
        for (what, drift) in drifts {
            let mut body = completed.clone();
            drift(&mut body);
            assert!(!catalog().body_violations(&serde_json::to_vec(&body).unwrap()).is_empty(), "{what} is caught");
        }
    }

    async fn every_event_of_the_demo_matches_its_schema(t: TestDb) {
        t.run(&["demo"]);
        let bodies: Vec<(String, String)> = rows(&t.db, "SELECT type, body FROM events ORDER BY id").await;
        let types: BTreeSet<&str> = bodies.iter().map(|(t, _)| t.as_str()).collect();
        assert!(types.len() >= 3, "the demo emits several types: {types:?}");
        for (_, body) in &bodies {
            catalog().assert_valid(body.as_bytes());
        }
    }

    async fn hooks_test_sends_a_signed_marked_example_of_every_type_to_that_address_only(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
        let other = Receiver::start(|_, _| Reply::Status(200)).await;
        let secret = space_with_hook(&t, &receiver.url).await;
        add_hook(&t, &other.url).await;
        Organiser::new(&t).registrations("signups", 2).await;
        // What integrators read, before: the API (through a server that does not deliver).
        let key = Organiser::new(&t).key("demo").await;
        let server = Server::start(&t, &["--no-dispatch"]);
        let api = Integrator::new(&server, &key);
        let read = async || {
            (api.json("/api/v1/tournaments").await, api.json("/api/v1/tournaments/signups").await,
             api.json("/api/v1/tournaments/signups/matches").await)
        };
        let api_before = read().await;
        let widget = server.url("/embed/en/tournaments/signups/registration");
        let http = crate::support::integrator::client();
        let widget_before = http.get(&widget).send().await.unwrap().text().await.unwrap();
        let real_events = scalar(&t.db, "SELECT COUNT(*) FROM events").await;
        let tournament_rows = |counts: Vec<(&'static str, i64)>| -> Vec<(&'static str, i64)> {
            counts.into_iter().filter(|(table, _)| ["tournaments", "participants", "stages", "matches", "match_results"].contains(table)).collect()
        };
        let before = tournament_rows(row_counts(&t.db).await);

        let root = receiver.root_cert.to_string_lossy().into_owned();
        for (n, event_type) in EventType::NAMES.iter().enumerate() {
            let sent = t.shell(&["hooks", "test", "hook_1", "--event", event_type, "--allow-cidr", "127.0.0.0/8", "--root-cert", &root]).await;
            assert!(sent.status.success(), "{event_type}: {}", stderr(&sent));
            let printed = stdout(&sent);
            assert!(printed.starts_with(&format!("{event_type} example evt_")), "{printed}");
            assert!(printed.contains(&format!(" to {}: 200 in ", receiver.url)), "{printed}");

            let received = receiver.received();
            assert_eq!(received.len(), n + 1, "sent now, by the command itself");
            let request = &received[n];
            catalog().assert_valid(&request.body);
            let body = envelope(&request.body);
            assert_eq!(body["type"], *event_type);
            assert_eq!(body["example"], true, "the receiver can tell an example: {body}");
            let raw = String::from_utf8_lossy(&request.body);
            assert!(
                raw.starts_with(r#"{"id":"evt_"#) && raw.contains(&format!(r#"","type":"{event_type}","created_at":""#))
                    && raw.ends_with(r#"},"example":true}"#),
                "the real envelope, marked last: {raw}"
            );
            let id = request.header("svc-webhook-id").unwrap();
            assert_eq!(body["id"], id);
            assert!(printed.contains(&format!("example {id} to ")), "{printed}");
            if let Some(tournament) = body["data"].get("tournament") {
                assert_eq!(tournament["id"], "trn_9001", "an invented tournament: {tournament}");
                assert_eq!(tournament["url"], "https://cup.example.org/en/tournaments/example-spring-open");
            } else {
                assert_eq!(body["data"]["space"], json!({"id": "spc_1", "slug": "demo"}));
            }

            // `tourney verify` accepts it as a receiver would check it.
            let mut file = tempfile::NamedTempFile::new().unwrap();
            file.write_all(&request.body).unwrap();
            let path = file.path().to_string_lossy().into_owned();
            let verified = t.shell(&["verify", "--secret", &secret, "--id", id,
                "--timestamp", request.header("svc-webhook-timestamp").unwrap(),
                "--signature", request.header("svc-webhook-signature").unwrap(), "--body", &path]).await;
            assert!(verified.status.success(), "{event_type}: {}", stderr(&verified));
            assert!(stdout(&verified).starts_with("valid"), "{}", stdout(&verified));
        }
        let examples = EventType::ALL.len() as i64;

        // Only the named address: the other one has no delivery of an example, and a dispatcher
        // finds nothing of them to send.
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM deliveries WHERE hook_id = 2 AND event_id IN \
            (SELECT id FROM events WHERE body LIKE '%\"example\":true}')").await, 0);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM deliveries d JOIN attempts a ON a.delivery_id = d.id \
            WHERE d.hook_id = 1 AND a.trigger = 'ping' AND a.status_code = 200").await, examples);
        // (The first address's CA is not trusted here: its real events are not sent either.)
        dispatch_once(&t, &other, &[]).await;
        let delivered = other.received();
        assert_eq!(delivered.len(), 2, "the two registrations made since it was added");
        assert!(delivered.iter().all(|r| envelope(&r.body).get("example").is_none()),
            "the space's other address never gets an example");
        assert_eq!(receiver.count(), EventType::ALL.len(), "and no example is sent twice");

        // Counted nowhere as a tournament's event: no tournament is attached, nothing of a
        // tournament is written, and the API and the widgets answer as before.
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM events").await, real_events + examples);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM events WHERE tournament_id IS NULL AND type <> 'ping'").await,
            examples - 1, "examples belong to no tournament");
        assert_eq!(tournament_rows(row_counts(&t.db).await), before);
        assert_eq!(read().await, api_before);
        assert_eq!(http.get(&widget).send().await.unwrap().text().await.unwrap(), widget_before);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM audit_log WHERE action = 'hook.example_sent'").await, examples);
        drop(server);
    }

    async fn hooks_test_refuses_bad_input_and_changes_nothing(t: TestDb) {
        let gone = Receiver::start(|_, _| Reply::Status(410)).await;
        space_with_hook(&t, &gone.url).await;
        let kept = Receiver::start(|_, _| Reply::Status(200)).await;
        add_hook(&t, &kept.url).await;
        let root = gone.root_cert.to_string_lossy().into_owned();
        // A receiver answering 410 Gone to a ping disables its address at once.
        let pinged = t.shell(&["ping", "hook_1", "--allow-cidr", "127.0.0.0/8", "--root-cert", &root]).await;
        assert_eq!(pinged.status.code(), Some(1));
        t.run(&["hooks", "remove", "hook_2"]);
        let before = row_counts(&t.db).await;
        for (hook, event, code, message) in [
            ("hook_9", "match.completed", 1, "no webhook address has the id hook_9"),
            ("evt_1", "match.completed", 1, "'evt_1' is not a webhook id such as hook_1"),
            ("hook_1", "match.finished", 2, "invalid value 'match.finished' for '--event <TYPE>'"),
            ("hook_1", "match.completed", 1, "hook_1 is disabled; it receives nothing until it is enabled again (`tourney hooks enable hook_1`"),
            ("hook_2", "ping", 1, "hook_2 was removed; add the address again to use it"),
        ] {
            let refused = t.shell(&["hooks", "test", hook, "--event", event, "--allow-cidr", "127.0.0.0/8", "--root-cert", &root]).await;
            assert_eq!(refused.status.code(), Some(code), "{hook} {event}: {}", stderr(&refused));
            assert!(stderr(&refused).contains(message), "{hook} {event}: {}", stderr(&refused));
            assert!(stdout(&refused).is_empty());
        }
        assert_eq!(row_counts(&t.db).await, before, "a refused test writes nothing");
        assert_eq!(gone.count(), 1, "only the ping reached the disabled address");
        assert_eq!(kept.count(), 0);
    }
}
