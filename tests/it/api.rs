//! The read API end to end: a real `tourney serve` on a loopback port, on both backends.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::Value;

use crate::support::integrator::{Integrator, client};
use crate::support::organiser::Organiser;
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends};

async fn get(server: &Server, key: &str, path: &str) -> reqwest::Response {
    Integrator::new(server, key).get(path).await
}

async fn json(response: reqwest::Response) -> Value {
    response.json().await.unwrap()
}

/// A second space with a tournament and a key of its own.
async fn other_space_key(t: &TestDb) -> String {
    let organiser = Organiser::new(t);
    organiser.space("rivals", "Rivals").await;
    organiser
        .tournament("rivals", "rival-cup", tourney::domain::Format::Swiss, |d| {
            d.max_participants = 8;
        })
        .await;
    organiser.key("rivals").await
}

fn assert_error(body: &Value, code: &str) {
    assert_eq!(body["error"]["code"], code, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{body}"
    );
    assert_eq!(
        body.as_object().map(|o| o.len()),
        Some(1),
        "only `error`: {body}"
    );
}

on_both_backends! {
    async fn endpoints_answer_with_their_records(t: TestDb) {
        let server = Server::start(&t, &["--demo"]);
        let key = server.demo_key();
        let response = get(&server, &key, "/api/v1/tournaments").await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["content-type"], "application/json");
        let text = response.text().await.unwrap();
        // The fields come in the order of the specification's table (checked on the raw bytes).
        let first = &text[..text.find('}').unwrap()];
        let order = ["{\"data\":[{\"slug\":", ",\"name\":", ",\"game\":", ",\"format\":", ",\"status\":", ",\"registered\":",
            ",\"max_participants\":", ",\"starts_at\":", ",\"url\":"];
        let positions: Vec<usize> = order.iter().map(|field| first.find(field).unwrap_or_else(|| panic!("{field} in {first}"))).collect();
        assert!(positions.windows(2).all(|pair| pair[0] < pair[1]), "field order in {first}");
        let list: Value = serde_json::from_str(&text).unwrap();
        let items = list["data"].as_array().unwrap();
        assert_eq!(list.as_object().unwrap().len(), 1, "the list is exactly {{\"data\": [...]}}");
        assert_eq!(items.len(), 10, "drafts and test tournaments are visible to their own space's key");
        assert_eq!(items[0].as_object().unwrap().len(), 9);
        for item in items {
            let starts_at = item["starts_at"].as_str().unwrap();
            assert!(starts_at.len() == 24 && starts_at.ends_with('Z') && starts_at.as_bytes()[19] == b'.', "{starts_at}");
            let slug = item["slug"].as_str().unwrap();
            assert_eq!(item["url"], format!("https://cup.example.org/en/tournaments/{slug}"));
        }
        let organization = Integrator::new(&server, &key).json("/api/v1/organization").await;
        assert_eq!(organization["data"]["slug"], "demo");
        assert_eq!(organization["data"]["calendar_url"], "https://cup.example.org/embed/en/organizer/demo/calendar");

        let detail = Integrator::new(&server, &key).json("/api/v1/tournaments/demo-spring-open").await;
        assert_eq!(detail["data"]["published"], true);
        assert_eq!(detail["data"]["stages"][0]["type"], "single_elimination");
        let places: Vec<i64> = detail["data"]["participants"].as_array().unwrap().iter().filter_map(|p| p["place"].as_i64()).collect();
        assert_eq!(places.len(), 8);
        let draft = Integrator::new(&server, &key).json("/api/v1/tournaments/demo-draft-cup").await;
        assert_eq!((draft["data"]["status"].as_str(), draft["data"]["published"].as_bool()), (Some("DRAFT"), Some(false)));

        let matches = Integrator::new(&server, &key).json("/api/v1/tournaments/demo-winter-double/matches").await;
        let brackets: std::collections::BTreeSet<_> = matches["data"].as_array().unwrap().iter().filter_map(|m| m["bracket"].as_str()).collect();
        assert_eq!(brackets.into_iter().collect::<Vec<_>>(), ["grand_final", "losers", "winners"]);
        let standings = Integrator::new(&server, &key).json("/api/v1/tournaments/demo-swiss-open/standings").await;
        assert_eq!(standings["data"]["type"], "points_table");
        let row = &standings["data"]["rows"][0];
        assert_eq!(row["tiebreakers"][0]["key"], "buchholz");
        let karting = Integrator::new(&server, &key).json("/api/v1/tournaments/demo-karting/standings").await;
        assert_eq!(karting["data"]["type"], "leaderboard");

        let filtered = Integrator::new(&server, &key).json("/api/v1/tournaments?status=IN_PROGRESS&game=chess").await;
        let statuses: Vec<_> = filtered["data"].as_array().unwrap().iter().map(|t| t["status"].as_str().unwrap().to_owned()).collect();
        assert_eq!(statuses, vec!["IN_PROGRESS"; 4], "the karting night is not chess");
    }

    async fn errors_have_their_status_code_and_shape(t: TestDb) {
        let server = Server::start(&t, &["--demo"]);
        let key = server.demo_key();
        let http = client();

        let post = http.post(server.url("/api/v1/tournaments")).bearer_auth(&key).send().await.unwrap();
        assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(post.headers()["allow"], "GET");
        assert_error(&json(post).await, "method_not_allowed");
        // The method is checked first: even without a key, and on unknown paths.
        let delete = http.delete(server.url("/api/v1/nothing-here")).send().await.unwrap();
        assert_eq!(delete.status(), StatusCode::METHOD_NOT_ALLOWED);

        let missing = http.get(server.url("/api/v1/tournaments")).send().await.unwrap();
        assert_eq!(missing.status(), StatusCode::UNAUTHORIZED);
        assert_error(&json(missing).await, "unauthorized");

        let not_found = get(&server, &key, "/api/v1/tournaments/no-such-cup").await;
        assert_eq!(not_found.status(), StatusCode::NOT_FOUND);
        assert_error(&json(not_found).await, "not_found");
        for path in ["/api/v1/tournaments/Bad%20Slug", "/api/v1/tournaments/demo-kubok/bracket", "/api/v1/", "/api/v1/tournaments/"] {
            assert_eq!(get(&server, &key, path).await.status(), StatusCode::NOT_FOUND, "{path}");
        }
        for (path, message) in [
            ("/api/v1/tournaments?status=LIVE", "unknown tournament status 'LIVE'"),
            ("/api/v1/tournaments?page=2", "unknown query parameter 'page'"),
            ("/api/v1/tournaments?game=a&game=b", "given twice"),
            ("/api/v1/organization?x=1", "takes none"),
        ] {
            let response = get(&server, &key, path).await;
            assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path}");
            let body = json(response).await;
            assert_error(&body, "invalid_request");
            assert!(body["error"]["message"].as_str().unwrap().contains(message), "{body}");
        }
        let with_body = http.get(server.url("/api/v1/tournaments")).bearer_auth(&key).body("{}").send().await.unwrap();
        assert_eq!(with_body.status(), StatusCode::BAD_REQUEST);
    }

    async fn another_space_is_exactly_like_nothing(t: TestDb) {
        let server = Server::start(&t, &["--demo"]);
        let key = server.demo_key();
        let rival = other_space_key(&t).await;
        let theirs = get(&server, &key, "/api/v1/tournaments/rival-cup").await;
        let nothing = get(&server, &key, "/api/v1/tournaments/rival-cup-x").await;
        assert_eq!((theirs.status(), nothing.status()), (StatusCode::NOT_FOUND, StatusCode::NOT_FOUND));
        let (theirs, nothing) = (theirs.bytes().await.unwrap(), nothing.bytes().await.unwrap());
        assert_eq!(String::from_utf8_lossy(&theirs).replace("rival-cup", "SLUG"), String::from_utf8_lossy(&nothing).replace("rival-cup-x", "SLUG"));
        for suffix in ["", "/matches", "/standings"] {
            let own = get(&server, &rival, &format!("/api/v1/tournaments/rival-cup{suffix}")).await;
            assert_eq!(own.status(), StatusCode::OK, "its own space sees it{suffix}");
            let other = get(&server, &key, &format!("/api/v1/tournaments/rival-cup{suffix}")).await;
            assert_eq!(other.status(), StatusCode::NOT_FOUND);
        }
        let list = Integrator::new(&server, &rival).json("/api/v1/tournaments").await;
        assert_eq!(list["data"].as_array().unwrap().len(), 1, "a key lists only its own space");
    }

    async fn bad_authorization_headers_are_401_never_500(t: TestDb) {
        let server = Server::start(&t, &["--demo"]);
        let key = server.demo_key();
        let http = client();
        let long = format!("Bearer {}", "x".repeat(10 * 1024));
        let headers: Vec<reqwest::header::HeaderValue> = vec![
            "".parse().unwrap(),
            "Bearer".parse().unwrap(),
            "Bearer ".parse().unwrap(),
            format!("Basic {key}").parse().unwrap(),
            format!("Bearer {key}x").parse().unwrap(),
            format!("Bearer  {key}").parse().unwrap(),
            key.parse().unwrap(),
            long.parse().unwrap(),
            reqwest::header::HeaderValue::from_bytes("Bearer ключ".as_bytes()).unwrap(),
            reqwest::header::HeaderValue::from_bytes(&[b'B', b'e', b'a', b'r', b'e', b'r', b' ', 0xff, 0xfe]).unwrap(),
        ];
        for value in headers {
            let response = http.get(server.url("/api/v1/tournaments")).header("authorization", value.clone()).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{value:?}");
            assert_error(&json(response).await, "unauthorized");
        }
        let lower = http.get(server.url("/api/v1/organization")).header("authorization", format!("bearer {key}")).send().await.unwrap();
        assert_eq!(lower.status(), StatusCode::OK, "the scheme is case-insensitive");
    }

    async fn etags_answer_304(t: TestDb) {
        let server = Server::start(&t, &["--demo"]);
        let key = server.demo_key();
        let first = get(&server, &key, "/api/v1/tournaments/demo-club-league/matches").await;
        let etag = first.headers()["etag"].to_str().unwrap().to_owned();
        assert!(etag.starts_with('"') && etag.ends_with('"') && !etag.starts_with("W/"), "a strong ETag: {etag}");
        let again = client().get(server.url("/api/v1/tournaments/demo-club-league/matches")).bearer_auth(&key)
            .header("if-none-match", &etag).send().await.unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(again.headers()["etag"].to_str().unwrap(), etag);
        assert!(again.bytes().await.unwrap().is_empty());

        // A change made by another process shows on the next request, with a new ETag.
        let matches = Integrator::new(&server, &key).json("/api/v1/tournaments/demo-club-league/matches").await;
        let ready = matches["data"].as_array().unwrap().iter().find(|m| m["status"] == "ready").unwrap()["id"].as_str().unwrap().to_owned();
        t.tourney().args(["matches", "report", "demo-club-league", &ready, "--score", "3-3"]).assert().success();
        let changed = client().get(server.url("/api/v1/tournaments/demo-club-league/matches")).bearer_auth(&key)
            .header("if-none-match", &etag).send().await.unwrap();
        assert_eq!(changed.status(), StatusCode::OK, "the old ETag no longer matches");
        assert_ne!(changed.headers()["etag"].to_str().unwrap(), etag);
    }

    async fn a_revoked_key_stops_on_its_next_request(t: TestDb) {
        let server = Server::start(&t, &["--demo"]);
        let key = server.demo_key();
        assert_eq!(Integrator::new(&server, &key).status("/api/v1/organization").await, StatusCode::OK);
        // Revoked by another process: the command line.
        t.tourney().args(["keys", "revoke", "key_1"]).assert().success();
        assert_eq!(Integrator::new(&server, &key).status("/api/v1/organization").await, StatusCode::UNAUTHORIZED);
    }

    async fn health_readiness_metrics_and_graceful_stop(t: TestDb) {
        let server = Server::start(&t, &[]);
        let http = client();
        assert_eq!(http.get(server.url("/healthz")).send().await.unwrap().status(), StatusCode::OK);
        let ready = http.get(server.url("/readyz")).send().await.unwrap();
        assert_eq!(ready.status(), StatusCode::OK);
        http.get(server.url("/api/v1/tournaments")).send().await.unwrap();
        let metrics = http.get(server.url("/metrics")).send().await.unwrap().text().await.unwrap();
        assert!(metrics.contains("tourney_http_requests_total{route=\"tournaments\",status=\"401\"} 1"), "{metrics}");
        assert!(metrics.contains("tourney_http_request_duration_seconds_bucket{route=\"readyz\",le=\"+Inf\"} 1"), "{metrics}");
        let openapi = http.get(server.url("/api/v1/openapi.json")).send().await.unwrap();
        assert_eq!(openapi.status(), StatusCode::OK, "the API description needs no key");
        assert_eq!(server.terminate().code(), Some(0), "SIGTERM stops the server cleanly");
    }

    /// An operator reads where a request's time goes from `/metrics`: each request with a key
    /// is timed through the gate and its answer, and the gate's batches and statements are timed
    /// in the database.
    async fn metrics_say_where_a_requests_time_went(t: TestDb) {
        let server = Server::start(&t, &["--demo"]);
        let key = server.demo_key();
        for _ in 0..5 {
            assert_eq!(get(&server, &key, "/api/v1/tournaments").await.status(), StatusCode::OK);
        }
        // A key of the right shape that no one holds is refused by the gate before any answer.
        assert_eq!(get(&server, &format!("tk_{}", "0".repeat(64)), "/api/v1/tournaments").await.status(), StatusCode::UNAUTHORIZED);
        let metrics = client().get(server.url("/metrics")).send().await.unwrap().text().await.unwrap();
        let value = |sample: &str| -> f64 {
            metrics.lines().find_map(|line| line.strip_prefix(sample)?.strip_prefix(' ')?.parse().ok())
                .unwrap_or_else(|| panic!("{sample} is missing: {metrics}"))
        };
        assert_eq!(value("tourney_api_stage_seconds_count{stage=\"admit\"}"), 6.0, "every request with a key went through the gate");
        assert_eq!(value("tourney_api_stage_seconds_count{stage=\"answer\"}"), 5.0, "only admitted requests were answered");
        let admit = value("tourney_api_stage_seconds_sum{stage=\"admit\"}");
        let whole = value("tourney_http_request_duration_seconds_sum{route=\"tournaments\"}");
        assert!(admit > 0.0 && admit < whole, "the gate's time ({admit} s) is part of the requests' ({whole} s)");
        assert!(value("tourney_rate_limit_questions_total") >= 1.0, "the key's first request was settled in the database");
        assert!(value("tourney_rate_limit_batch_seconds_count") >= 1.0);
        assert!(value("tourney_rate_limit_lane_wait_seconds_count") >= 1.0);
        assert!(value("tourney_rate_limit_ledger_seconds_count{step=\"read\"}") >= 1.0);
        assert!(value("tourney_rate_limit_ledger_seconds_count{step=\"write\"}") >= 1.0);
        assert!(metrics.contains("tourney_rate_limit_ledger_seconds_bucket{step=\"read\",le=\"0.000025\"}"), "{metrics}");
    }
}

/// 120 requests pass, the 121st is refused with the true wait, and a request after that wait
/// passes. The window is shortened from the specification's minute to [`WINDOW`] seconds, which
/// still leaves the 120 requests well inside it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rate_limit_is_exact() {
    const WINDOW: u64 = 8;
    let t = crate::support::sqlite().await;
    let window = format!("{WINDOW}s");
    let server = Server::start(&t, &["--demo", "--rate-limit-window", &window]);
    let key = server.demo_key();
    let started = Instant::now();
    for i in 0..120 {
        let response = get(&server, &key, "/api/v1/organization").await;
        assert_eq!(response.status(), StatusCode::OK, "request {}", i + 1);
        assert_eq!(
            response.headers()["ratelimit-remaining"],
            (119 - i).to_string().as_str()
        );
        assert_eq!(response.headers()["ratelimit-limit"], "120");
    }
    let refused = get(&server, &key, "/api/v1/organization").await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(refused.headers()["ratelimit-remaining"], "0");
    assert_error(&json(refused).await, "rate_limited");
    let elapsed = started.elapsed().as_secs();
    assert!(
        retry_after <= WINDOW && retry_after + elapsed >= WINDOW - 1,
        "Retry-After {retry_after} after {elapsed} s"
    );
    // Refused requests do not count, and waiting less is not enough.
    assert_eq!(
        Integrator::new(&server, &key)
            .status("/api/v1/organization")
            .await,
        StatusCode::TOO_MANY_REQUESTS
    );
    let asked = Instant::now();
    let other = other_space_key(&t).await;
    assert_eq!(
        Integrator::new(&server, &other)
            .status("/api/v1/organization")
            .await,
        StatusCode::OK,
        "keys are limited apart"
    );
    tokio::time::sleep(Duration::from_secs(retry_after).saturating_sub(asked.elapsed())).await;
    assert_eq!(
        Integrator::new(&server, &key)
            .status("/api/v1/organization")
            .await,
        StatusCode::OK,
        "after Retry-After it passes"
    );
}

/// The startup banner is best-effort: a server whose stdout is closed (piped into `head`, say)
/// keeps serving.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_stdout_does_not_stop_the_server() {
    use std::io::{BufRead, BufReader};
    let t = crate::support::sqlite().await;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tourney"))
        .env("TOURNEY_DATABASE_URL", &t.url)
        .env("TOURNEY_LOG", "error")
        .args(["serve", "--demo", "--listen", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while !line.starts_with("listening on ") {
        line.clear();
        let read = reader.read_line(&mut line).unwrap();
        assert!(
            read > 0,
            "tourney serve ended its output before it listened"
        );
    }
    let base = line.trim().trim_start_matches("listening on ").to_owned();
    drop(reader); // the reader goes away before the demo key and examples are printed
    tokio::time::sleep(Duration::from_millis(300)).await;
    let health = client().get(format!("{base}/healthz")).send().await;
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(
        health.map(|r| r.status()).ok(),
        Some(StatusCode::OK),
        "the server kept serving"
    );
}

/// When the database stops answering, the API says `unavailable` (503, Retry-After), never 500,
/// and readiness fails. Postgres only: its connections can be cut and refused from outside.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_does_not_answer_is_503() {
    use sqlx::{Connection, Executor};
    let Some(t) = crate::support::postgres("a_database_that_does_not_answer_is_503").await else {
        return;
    };
    let server = Server::start(&t, &["--demo"]);
    let key = server.demo_key();
    assert_eq!(
        get(&server, &key, "/api/v1/tournaments/demo-kubok")
            .await
            .status(),
        StatusCode::OK
    );
    let name = t.url.rsplit('/').next().unwrap().to_owned();
    let admin_url = std::env::var(crate::support::PG_URL_VAR).unwrap();
    let mut admin = sqlx::PgConnection::connect(&admin_url).await.unwrap();
    admin
        .execute(sqlx::AssertSqlSafe(format!(
            "ALTER DATABASE {name} ALLOW_CONNECTIONS false"
        )))
        .await
        .unwrap();
    admin
        .execute(sqlx::AssertSqlSafe(format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
        )))
        .await
        .unwrap();
    let started = Instant::now();
    let response = get(&server, &key, "/api/v1/tournaments/demo-kubok/standings").await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "answered in {:?}",
        started.elapsed()
    );
    assert_eq!(response.headers()["retry-after"], "1");
    assert_error(&json(response).await, "unavailable");
    assert_eq!(
        client()
            .get(server.url("/readyz"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::SERVICE_UNAVAILABLE
    );
    admin
        .execute(sqlx::AssertSqlSafe(format!(
            "ALTER DATABASE {name} ALLOW_CONNECTIONS true"
        )))
        .await
        .unwrap();
    drop(server);
}

/// The database ends the rate limit's own connection between two requests (a restart, a
/// failover, an administrator's `pg_terminate_backend`): the next requests are answered all the
/// same, their windows and versions read again on a new connection, which the database lists
/// by its name. Postgres only: SQLite has no connections to end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rate_limits_connection_ended_by_the_database_is_replaced_unseen() {
    use sqlx::Connection;
    let Some(t) = crate::support::postgres(
        "the_rate_limits_connection_ended_by_the_database_is_replaced_unseen",
    )
    .await
    else {
        return;
    };
    let server = Server::start(&t, &["--demo"]);
    let key = server.demo_key();
    let mut admin = sqlx::PgConnection::connect(&t.url).await.unwrap();
    const OURS: &str = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                        WHERE datname = current_database() AND application_name = 'tourney rate limit'";
    for round in 0..6 {
        // Enough requests for the key to be busy: some are then decided from the server's
        // memory and read only the versions, others settled in the database.
        for _ in 0..12 {
            let response = get(&server, &key, "/api/v1/tournaments").await;
            assert_eq!(
                response.status(),
                StatusCode::OK,
                "round {round}: {:?}",
                response.text().await
            );
        }
        let ended: Vec<bool> = sqlx::query_scalar(OURS)
            .fetch_all(&mut admin)
            .await
            .unwrap();
        assert_eq!(
            ended,
            [true],
            "round {round}: the server holds one connection for its rate limit"
        );
        // The backend is gone once the database no longer lists it.
        let gone = Instant::now();
        while sqlx::query_scalar::<_, i64>(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'tourney rate limit'",
        )
        .fetch_one(&mut admin)
        .await
        .unwrap()
            > 0
        {
            assert!(gone.elapsed() < Duration::from_secs(5), "the ended connection stays listed");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    let metrics = client()
        .get(server.url("/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        metrics.contains("tourney_http_requests_total{route=\"tournaments\",status=\"200\"} 72\n"),
        "{metrics}"
    );
    assert!(!metrics.contains("status=\"503\""), "{metrics}");
}
