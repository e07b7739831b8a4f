//! `docs/openapi.json` against the real server: `tourney serve --demo` on a real port, every
//! endpoint for every demo tournament, and the error answers, each body validated (JSON Schema
//! draft 2020-12) against the schema the document gives that operation and status, and each
//! documented header checked present and well-formed.

use std::collections::BTreeSet;
use std::time::Duration;

use reqwest::header::HeaderMap;
use serde_json::{Value, json};

use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends};

const DOCUMENT_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/openapi.json");

/// One HTTP answer, read whole.
struct Answer {
    status: u16,
    headers: HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("HTTP client")
}

async fn send(request: reqwest::RequestBuilder) -> Answer {
    let response = request.send().await.expect("the server answers");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response.bytes().await.expect("read the body").to_vec();
    Answer {
        status,
        headers,
        body,
    }
}

/// The OpenAPI document, read from the file (not from the server).
fn document() -> Value {
    let text = std::fs::read_to_string(DOCUMENT_PATH).expect("read docs/openapi.json");
    serde_json::from_str(&text).expect("docs/openapi.json is JSON")
}

/// Follows a local `$ref` (`#/components/...`) to its target.
fn resolve<'a>(doc: &'a Value, node: &'a Value) -> &'a Value {
    match node.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let pointer = reference
                .strip_prefix('#')
                .unwrap_or_else(|| panic!("only local references: {reference}"));
            let target = doc
                .pointer(pointer)
                .unwrap_or_else(|| panic!("dangling reference {reference}"));
            resolve(doc, target)
        }
        None => node,
    }
}

use crate::support::catalog::validator;

/// The errors of `instance` against `schema`, one line each.
fn violations(doc: &Value, schema: &Value, instance: &Value) -> Vec<String> {
    crate::support::catalog::errors(&validator(doc, schema), instance)
}

/// Holds `answer` to the document: `status` is a documented response of `GET path` (or of the
/// method the document lists), every header it documents is present and matches its schema, and
/// the body matches the response's JSON schema (or is empty when it documents none).
fn check(doc: &Value, path: &str, answer: &Answer, what: &str) {
    let status = answer.status.to_string();
    let operation = &doc["paths"][path]["get"];
    assert!(
        operation.is_object(),
        "{what}: the document has no GET {path}"
    );
    let response = operation["responses"]
        .get(&status)
        .map(|r| resolve(doc, r))
        .unwrap_or_else(|| panic!("{what}: GET {path} does not document status {status}"));
    if let Some(headers) = response.get("headers").and_then(Value::as_object) {
        for (name, header) in headers {
            let header = resolve(doc, header);
            let value = answer
                .header(name)
                .unwrap_or_else(|| panic!("{what}: {status} lacks the documented header {name}"));
            let schema = &header["schema"];
            let instance = if schema["type"] == "integer" {
                value
                    .parse::<i64>()
                    .map(Value::from)
                    .unwrap_or_else(|_| panic!("{what}: header {name} is not an integer: {value}"))
            } else {
                Value::from(value)
            };
            let errors = violations(doc, schema, &instance);
            assert!(
                errors.is_empty(),
                "{what}: header {name}: {value}: {errors:?}"
            );
        }
    }
    match response.pointer("/content/application~1json/schema") {
        Some(schema) => {
            assert_eq!(
                answer.header("content-type"),
                Some("application/json"),
                "{what}"
            );
            let body = answer.json();
            let errors = violations(doc, schema, &body);
            assert!(
                errors.is_empty(),
                "{what}: the {status} body does not match GET {path} in docs/openapi.json:\n  {}\nbody: {body}",
                errors.join("\n  ")
            );
        }
        None => assert!(answer.body.is_empty(), "{what}: {status} documents no body"),
    }
}

/// Creates a groups_playoffs tournament in the demo space and starts it, so its standings are
/// `groups` (the demo's own one has reached its playoff).
fn start_a_groups_tournament(t: &TestDb) {
    t.tourney()
        .args([
            "tournaments",
            "create",
            "--space",
            "demo",
            "--slug",
            "openapi-groups",
            "--name",
            "Groups under way",
            "--game",
            "chess",
            "--format",
            "groups_playoffs",
            "--max-participants",
            "8",
            "--starts-at",
            "2026-12-01T18:00:00Z",
            "--groups",
            "2",
            "--advance",
            "1",
            "--description",
            "Registration dates unknown",
        ])
        .assert()
        .success();
    t.tourney()
        .args([
            "tournaments",
            "status",
            "openapi-groups",
            "REGISTRATION_OPEN",
        ])
        .assert()
        .success();
    for name in ["Ann", "Ben", "Cleo", "Dmitri", "Eva"] {
        t.tourney()
            .args(["tournaments", "register", "openapi-groups", name])
            .assert()
            .success();
    }
    t.tourney()
        .args(["tournaments", "withdraw", "openapi-groups", "Eva"])
        .assert()
        .success();
    t.tourney()
        .args([
            "tournaments",
            "status",
            "openapi-groups",
            "REGISTRATION_CLOSED",
        ])
        .assert()
        .success();
    t.tourney()
        .args(["tournaments", "start", "openapi-groups"])
        .assert()
        .success();
}

/// Two stations in the demo space and a four-player cup played on them (the server calls its
/// semi-finals), so that the room's fields and `/stations` answer with values.
fn start_a_cup_on_stations(t: &TestDb) {
    t.run(&[
        "stations", "add", "--space", "demo", "Table 1", "Table 2", "Table 3",
    ]);
    t.run(&["stations", "pause", "--space", "demo", "Table 3"]);
    t.run(&[
        "tournaments",
        "create",
        "--space",
        "demo",
        "--slug",
        "openapi-room",
        "--name",
        "Room Cup",
        "--game",
        "chess",
        "--format",
        "single_elimination",
        "--max-participants",
        "4",
        "--starts-at",
        "2026-12-01T18:00:00Z",
        "--stations",
        "Table 1,Table 2,Table 3",
        "--rest",
        "5m",
    ]);
    t.run(&["tournaments", "status", "openapi-room", "REGISTRATION_OPEN"]);
    for name in ["Ada", "Bo", "Cy", "Di"] {
        t.run(&["tournaments", "register", "openapi-room", name]);
    }
    t.run(&[
        "tournaments",
        "status",
        "openapi-room",
        "REGISTRATION_CLOSED",
    ]);
    t.run(&["tournaments", "start", "openapi-room"]);
}

on_both_backends! {
    async fn every_answer_matches_the_openapi_document(t: TestDb) {
        let doc = document();
        assert!(
            doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.1")),
            "an OpenAPI 3.1 document: {}",
            doc["openapi"]
        );
        for schema in doc["components"]["schemas"].as_object().unwrap().values() {
            validator(&doc, schema); // compiles, and its references resolve inside the document
        }
        let server = Server::start(&t, &["--demo"]);
        start_a_groups_tournament(&t);
        start_a_cup_on_stations(&t);
        let http = client();
        let key = format!("Bearer {}", server.demo_key());
        let get = |path: &str| http.get(server.url(path)).header("authorization", &key);

        // The document itself: no key, byte for byte the file, and conditional requests.
        let served = send(http.get(server.url("/api/v1/openapi.json"))).await;
        check(&doc, "/openapi.json", &served, "openapi.json");
        assert_eq!(
            served.body,
            std::fs::read(DOCUMENT_PATH).unwrap(),
            "/api/v1/openapi.json serves docs/openapi.json byte for byte"
        );
        let etag = served.header("etag").unwrap().to_owned();
        let again = send(http.get(server.url("/api/v1/openapi.json")).header("if-none-match", &etag)).await;
        assert_eq!(again.status, 304);
        check(&doc, "/openapi.json", &again, "openapi.json revalidated");

        let organization = send(get("/api/v1/organization")).await;
        assert_eq!(organization.status, 200, "{}", String::from_utf8_lossy(&organization.body));
        check(&doc, "/organization", &organization, "organization");

        // The room: stations holding called matches, one paused and free.
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        let stations = loop {
            let answer = send(get("/api/v1/stations")).await;
            assert_eq!(answer.status, 200, "{}", String::from_utf8_lossy(&answer.body));
            let held = answer.json()["data"].as_array().unwrap().iter().filter(|s| !s["match"].is_null()).count();
            if held == 2 {
                break answer;
            }
            assert!(std::time::Instant::now() < deadline, "the semi-finals are called");
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        check(&doc, "/stations", &stations, "stations");
        let called = send(get("/api/v1/tournaments/openapi-room/matches")).await;
        assert!(called.json()["data"].as_array().unwrap().iter().any(|m| m["station"] == "Table 1" && m["called_at"].is_string()));

        let list = send(get("/api/v1/tournaments")).await;
        assert_eq!(list.status, 200);
        check(&doc, "/tournaments", &list, "tournaments");
        let items = list.json()["data"].as_array().unwrap().clone();
        let slugs: Vec<String> = items.iter().map(|i| i["slug"].as_str().unwrap().to_owned()).collect();
        assert!(slugs.len() >= 11, "the demo's tournaments and ours: {slugs:?}");
        for visible in ["demo-draft-cup", "demo-integration-test", "openapi-groups"] {
            assert!(slugs.iter().any(|s| s == visible), "the space's key sees {visible}");
        }

        let mut standings_types = BTreeSet::new();
        let mut match_shapes = BTreeSet::new();
        for slug in &slugs {
            let detail = send(get(&format!("/api/v1/tournaments/{slug}"))).await;
            assert_eq!(detail.status, 200, "{slug}");
            check(&doc, "/tournaments/{slug}", &detail, slug);

            let matches = send(get(&format!("/api/v1/tournaments/{slug}/matches"))).await;
            assert_eq!(matches.status, 200, "{slug}");
            check(&doc, "/tournaments/{slug}/matches", &matches, slug);
            for game in matches.json()["data"].as_array().unwrap() {
                match_shapes.insert(if game.get("results").is_some() { "results" } else { "two sides" });
            }

            let standings = send(get(&format!("/api/v1/tournaments/{slug}/standings"))).await;
            assert_eq!(standings.status, 200, "{slug}");
            check(&doc, "/tournaments/{slug}/standings", &standings, slug);
            standings_types.insert(standings.json()["data"]["type"].as_str().unwrap().to_owned());
        }
        assert_eq!(
            standings_types.into_iter().collect::<Vec<_>>(),
            ["final_places", "groups", "leaderboard", "points_table"],
            "every shape of standings was held to the document"
        );
        assert_eq!(match_shapes.into_iter().collect::<Vec<_>>(), ["results", "two sides"]);

        // Filters keep the envelope; a matching ETag answers 304.
        let filtered = send(get("/api/v1/tournaments?status=IN_PROGRESS&game=chess")).await;
        check(&doc, "/tournaments", &filtered, "filtered list");
        let filtered_items = filtered.json()["data"].as_array().unwrap().clone();
        assert!(!filtered_items.is_empty());
        assert!(filtered_items.iter().all(|i| i["status"] == "IN_PROGRESS" && i["game"] == "chess"));
        let etag = list.header("etag").unwrap().to_owned();
        let not_modified = send(get("/api/v1/tournaments").header("if-none-match", &etag)).await;
        assert_eq!(not_modified.status, 304);
        check(&doc, "/tournaments", &not_modified, "list revalidated");

        // Errors, in the order of checks: 405, 401, then 400 and 404.
        let cases: Vec<(u16, &str, reqwest::RequestBuilder, &str)> = vec![
            (405, "/tournaments", http.post(server.url("/api/v1/tournaments")).header("authorization", &key), "POST with a key"),
            (405, "/tournaments/{slug}", http.delete(server.url("/api/v1/tournaments/demo-kubok")), "DELETE without a key"),
            (405, "/openapi.json", http.put(server.url("/api/v1/openapi.json")), "PUT the document"),
            (401, "/tournaments", http.get(server.url("/api/v1/tournaments")), "no key"),
            (401, "/organization", http.get(server.url("/api/v1/organization")).header("authorization", "Bearer tk_0000"), "a wrong key"),
            (401, "/tournaments/{slug}", http.get(server.url("/api/v1/tournaments/nope")).header("authorization", "Basic Zm9vOmJhcg=="), "another scheme"),
            (404, "/tournaments/{slug}", get("/api/v1/tournaments/no-such-cup"), "a missing tournament"),
            (404, "/tournaments/{slug}/matches", get("/api/v1/tournaments/Not%20A%20Slug/matches"), "a malformed slug"),
            (404, "/tournaments/{slug}/standings", get("/api/v1/tournaments/no-such-cup/standings"), "standings of a missing tournament"),
            (400, "/tournaments", get("/api/v1/tournaments?status=LIVE"), "an unknown status"),
            (400, "/tournaments", get("/api/v1/tournaments?game=chess&game=go"), "a repeated filter"),
            (400, "/tournaments", get("/api/v1/tournaments?page=2"), "an unknown parameter"),
            (400, "/organization", get("/api/v1/organization?x=1"), "a parameter on an endpoint that takes none"),
            (400, "/stations", get("/api/v1/stations?paused=true"), "a parameter on the stations"),
            (400, "/tournaments/{slug}/matches", get("/api/v1/tournaments/demo-kubok/matches").body("{}"), "a body on GET"),
        ];
        for (status, path, request, what) in cases {
            let answer = send(request).await;
            assert_eq!(answer.status, status, "{what}: {}", String::from_utf8_lossy(&answer.body));
            check(&doc, path, &answer, what);
        }

        // The check is strict: a field renamed in the document fails a real body.
        let mut drifted = doc.clone();
        let item = drifted.pointer_mut("/components/schemas/TournamentListItem").unwrap();
        let starts_at = item["properties"].as_object_mut().unwrap().remove("starts_at").unwrap();
        item["properties"]["start_at"] = starts_at;
        item["required"] = json!(["slug", "name", "game", "format", "status", "registered", "max_participants", "start_at", "url"]);
        let schema = json!({"$ref": "#/components/schemas/TournamentListResponse"});
        assert!(!violations(&drifted, &schema, &list.json()).is_empty(), "a renamed field is caught");
        assert!(violations(&doc, &schema, &list.json()).is_empty());

        drop(server);
    }

    async fn rate_limited_answers_match_the_openapi_document(t: TestDb) {
        let doc = document();
        let server = Server::start(&t, &["--demo", "--rate-limit", "3"]);
        let http = client();
        let key = format!("Bearer {}", server.demo_key());
        for n in 1..=3 {
            let answer = send(http.get(server.url("/api/v1/organization")).header("authorization", &key)).await;
            assert_eq!(answer.status, 200, "request {n} of 3");
            assert_eq!(answer.header("ratelimit-remaining"), Some((3 - n).to_string().as_str()));
            check(&doc, "/organization", &answer, "within the limit");
        }
        for path in ["/organization", "/tournaments", "/tournaments/{slug}", "/tournaments/{slug}/matches", "/tournaments/{slug}/standings", "/stations"] {
            let url = server.url(&format!("/api/v1{}", path.replace("{slug}", "demo-kubok")));
            let answer = send(http.get(url).header("authorization", &key)).await;
            assert_eq!(answer.status, 429, "{path}: {}", String::from_utf8_lossy(&answer.body));
            check(&doc, path, &answer, "over the limit");
            let wait: u64 = answer.header("retry-after").unwrap().parse().unwrap();
            assert!((1..=60).contains(&wait), "Retry-After is a true wait within the window: {wait}");
            assert_eq!(answer.header("ratelimit-remaining"), Some("0"));
        }
        // The limit is checked after the key: no key is still 401.
        let answer = send(http.get(server.url("/api/v1/organization"))).await;
        assert_eq!(answer.status, 401);
        check(&doc, "/organization", &answer, "no key while limited");
        drop(server);
    }
}
