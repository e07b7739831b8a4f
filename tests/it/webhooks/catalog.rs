//! The event catalog: the `webhooks` section of `docs/openapi.json` documents every event type
//! once, and every event the product emits matches its type's schema.

use std::collections::BTreeSet;

use serde_json::{Value, json};
use tourney::domain::EventType;

use crate::support::catalog::{self, catalog};
use crate::support::receiver::{Receiver, Reply};
use crate::support::{on_both_backends, scalar};

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
        // A free-for-all round: results instead of sides.
        ready_to_start(&t, "race", "free_for_all", &["Ира", "Лёва", "Ника"], &["--rounds", "1", "--points", "5,3,1"]);
        t.run(&["tournaments", "start", "race"]);
        let round = match_id(&t, "race", 1, 1).await;
        t.run(&["matches", "report", "race", &round, "--place", "Лёва", "--place", "Ира", "--place", "Ника"]);
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
}
