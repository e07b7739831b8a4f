//! Section benchmark: the space's signed-in pages ("API, webhooks and widgets" and members) of a
//! real `tourney serve` (release build) on SQLite, under `wrk` with one owner's session cookie:
//! with 4 connections (a few people at work at once: the latency §8 sets, p99 under 20 ms) and
//! with 64 (the most the server answers; its p99 is then its queue), each beside a bare warp
//! server sending a body of the same size in the same run.
//!
//! The space is a working one: a 64-player double elimination played to its grand final with the
//! shell beside `serve`, two webhook addresses on a real HTTPS receiver (one answers 200, the
//! other 500, so its page lists failed deliveries, each with a retry form), nine API keys, and the
//! audit entries all of that left. Every page is rendered for the session: its forms carry tokens
//! bound to it, and nothing is cached.
//!
//! Run: `cargo bench --bench section` (needs `wrk`). `TOURNEY_BENCH_SECONDS` (default 8) per wrk
//! run. Figures go to docs/PERFORMANCE.md.

#[path = "common/mod.rs"]
mod common;
#[path = "../tests/it/support/receiver.rs"]
mod receiver;

use std::io::Write;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{
    Serve, bare_warp, play, rotating_script, setting, tourney, without_wrk, wrk, wrk_with,
};
use receiver::{Receiver, Reply};

const OWNER: &str = "owner@example.org";

/// A space with a 64-player double elimination, registration closed.
fn document() -> String {
    let players: Vec<String> = (1..=64)
        .map(|p| format!(r#"{{"name": "Player {p:02}"}}"#))
        .collect();
    format!(
        r#"{{"version": 1, "spaces": [{{"slug": "club", "name": "Chess Club", "tournaments": [
            {{"slug": "de64", "name": "Double elimination 64", "game": "chess", "format": "double_elimination",
              "status": "REGISTRATION_CLOSED", "max_participants": 64, "starts_at": "2026-12-01T18:00:00Z",
              "participants": [{}]}}]}}]}}"#,
        players.join(",")
    )
}

/// `name=value` of every cookie `response` sets.
fn cookies(response: &reqwest::Response) -> Vec<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next().map(str::to_owned))
        .collect()
}

/// Opens a sign-in link and presses its button as a browser does; the session cookie.
async fn sign_in(base: &str, link: &str) -> String {
    let client = reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client");
    let page = client.get(link).send().await.expect("the link's page");
    let before = cookies(&page).join("; ");
    let html = page.text().await.expect("its body");
    let start = html.find("name=\"token\" value=\"").expect("its form") + 20;
    let token = &html[start..start + html[start..].find('"').expect("the token's end")];
    let answer = client
        .post(link)
        .header("cookie", before)
        .header("sec-fetch-site", "same-origin")
        .header("origin", base)
        .form(&[("token", token)])
        .send()
        .await
        .expect("sign in");
    cookies(&answer)
        .into_iter()
        .find(|c| c.starts_with("tourney_session="))
        .unwrap_or_else(|| panic!("no session after sign-in: {}", answer.status()))
}

/// Waits until no delivery of `hook` is pending or in flight.
fn settled(db: &str, hook: &str) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let open = ["pending", "in_flight"].iter().any(|status| {
            tourney(db, &["hooks", "deliveries", hook, "--status", status])
                .lines()
                .skip(1)
                .any(|l| l.starts_with("dlv_"))
        });
        if !open {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{hook}'s deliveries did not settle"
        );
        std::thread::sleep(Duration::from_millis(500));
    }
}

fn main() {
    if without_wrk("section") {
        return;
    }
    let seconds: u64 = setting("TOURNEY_BENCH_SECONDS", 8);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    let receiver = runtime.block_on(Receiver::start_unchecked(|request, _| {
        if request.path.ends_with("/failing") {
            Reply::Status(500)
        } else {
            Reply::Status(200)
        }
    }));

    let dir = tempfile::tempdir().expect("temporary directory");
    let db = format!("sqlite://{}/bench.db", dir.path().display());
    let doc = dir.path().join("bench.json");
    std::fs::write(&doc, document()).expect("write the document");
    tourney(&db, &["import", doc.to_str().unwrap_or_default()]);
    tourney(
        &db,
        &[
            "members", "add", "--space", "club", "--email", OWNER, "--role", "owner",
        ],
    );
    for n in 1..=9 {
        tourney(
            &db,
            &[
                "keys",
                "create",
                "--space",
                "club",
                "--name",
                &format!("partner {n}"),
            ],
        );
    }
    for path in ["ok", "failing"] {
        tourney(
            &db,
            &[
                "hooks",
                "add",
                "--space",
                "club",
                "--allow-cidr",
                "127.0.0.0/8",
                &format!("{}/{path}", receiver.url),
            ],
        );
    }
    let root = receiver.root_cert.to_string_lossy().into_owned();
    let serve = Serve::start(
        &db,
        &[
            "--allow-cidr",
            "127.0.0.0/8",
            "--root-cert",
            &root,
            "--retry-delays",
            "100ms",
        ],
    );
    tourney(&db, &["tournaments", "start", "de64"]);
    play(&db, "de64");
    settled(&db, "hook_1");
    settled(&db, "hook_2");

    let printed = tourney(
        &db,
        &["--base-url", &serve.base, "login-link", "--email", OWNER],
    );
    let link = printed.lines().next().expect("a link").trim().to_owned();
    let cookie = runtime.block_on(sign_in(&serve.base, &link));

    let script = dir.path().join("cookie.lua");
    std::fs::write(&script, rotating_script("Cookie", "")).expect("write the script");
    let pairs = |path: &str| {
        let file = dir.path().join("pairs.txt");
        let mut out = std::fs::File::create(&file).expect("pairs file");
        let _ = writeln!(out, "{cookie} {path}");
        file
    };
    let fetch = |path: &str| {
        let output = Command::new("curl")
            .args(["-s", "-w", "%{http_code}", "-H"])
            .arg(format!("Cookie: {cookie}"))
            .arg(format!("{}{path}", serve.base))
            .output()
            .expect("curl");
        let mut body = output.stdout;
        let status = body.split_off(body.len().saturating_sub(3));
        assert_eq!(status, b"200", "{path}: {}", String::from_utf8_lossy(&body));
        body
    };

    println!(
        "| page | bytes | 4 connections: p50 | p99 | 64 connections: requests/s | p99 | bare warp requests/s | ratio |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (name, path) in [
        ("overview", "/en/organizer/club/integrations"),
        ("keys (9)", "/en/organizer/club/integrations/keys"),
        (
            "an address with failed deliveries",
            "/en/organizer/club/integrations/hooks/hook_2",
        ),
        ("widgets", "/en/organizer/club/integrations/widgets"),
        ("members", "/en/organizer/club/members"),
        ("account", "/en/account"),
    ] {
        let page = fetch(path);
        let (bare_url, _bare) = bare_warp(page.clone(), "text/html; charset=utf-8");
        let bare = wrk(&bare_url, &script, &pairs("/"), seconds);
        // A few people at work in the section at once: the latency they see.
        let few = wrk_with(&serve.base, &script, &pairs(path), seconds, 1, 4);
        // As many as wrk can send: what the server can do (its p99 is then its queue).
        let many = wrk(&serve.base, &script, &pairs(path), seconds);
        println!(
            "| {name} | {} | {:.2} ms | {:.2} ms | {:.0} | {:.2} ms | {:.0} | {:.2} |",
            page.len(),
            few.p50_ms,
            few.p99_ms,
            many.rps,
            many.p99_ms,
            bare.rps,
            many.rps / bare.rps,
        );
        assert_eq!(
            few.non_2xx + many.non_2xx,
            0,
            "{path}: every answer is the page"
        );
    }
    println!("peak memory of serve: {:.1} MiB", serve.peak_mib());
}
