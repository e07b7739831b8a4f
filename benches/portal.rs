//! Portal benchmark: a real `tourney serve` (release build) on SQLite, its tournament pages under
//! `wrk` (64 connections) beside a bare warp server sending a body of the same size in the same
//! run, and registration posts from 50 concurrent players, each with its own cookie and token.
//!
//! The pages: a 64-player double elimination played to its grand final (the heaviest page, no
//! form), and a tournament open for registration (its form carries each visitor's token, and a
//! visitor without the cookie gets one). The posts: every player first opens the page, then all
//! 50 send registrations as fast as the server answers them, each a new name and email address;
//! each post is one service transaction with its event, deliveries and audit entry.
//!
//! Run: `cargo bench --bench portal` (needs `wrk`). `TOURNEY_BENCH_SECONDS` (default 8) per wrk
//! run, `TOURNEY_BENCH_POSTS` (default 3000) posts in all. Figures go to docs/PERFORMANCE.md.

#[path = "common/mod.rs"]
mod common;

use std::io::Write;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::{Serve, bare_warp, bearer_script, play, setting, tourney, without_wrk, wrk};

const CLIENTS: usize = 50;

/// A space with a 64-player double elimination (drawn) and a tournament open for registration
/// with room for every post of the run.
fn document() -> String {
    let players: Vec<String> = (1..=64)
        .map(|p| format!(r#"{{"name": "Player {p:02}"}}"#))
        .collect();
    format!(
        r#"{{"version": 1, "spaces": [{{"slug": "club", "name": "Chess Club", "tournaments": [
            {{"slug": "de64", "name": "Double elimination 64", "game": "chess", "format": "double_elimination",
              "status": "REGISTRATION_CLOSED", "max_participants": 64, "starts_at": "2026-12-01T18:00:00Z",
              "participants": [{}]}},
            {{"slug": "open", "name": "Open Cup", "game": "chess", "format": "swiss",
              "status": "REGISTRATION_OPEN", "max_participants": 4096, "starts_at": "2026-12-05T18:00:00Z",
              "participants": [{}]}}]}}]}}"#,
        players.join(","),
        players[..8].join(",")
    )
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)].as_secs_f64() * 1000.0
}

/// The value of `name="token" value="…"` in a page.
fn token(html: &str) -> String {
    let start = html.find("name=\"token\" value=\"").expect("a form") + 20;
    html[start..start + html[start..].find('"').expect("its end")].to_owned()
}

/// `posts` registrations from [`CLIENTS`] players at once: each answer's time, and the status and
/// start of the body of every answer that was not the redirect to the confirmation.
async fn registrations(base: &str, posts: usize) -> (Vec<Duration>, Vec<String>) {
    let client = reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .pool_max_idle_per_host(CLIENTS)
        .build()
        .expect("a client");
    let sent = Arc::new(AtomicUsize::new(0));
    let mut players = Vec::new();
    for player in 0..CLIENTS {
        let page = client
            .get(format!("{base}/en/tournaments/open"))
            .send()
            .await
            .expect("the page");
        let cookie = page.headers()["set-cookie"]
            .to_str()
            .expect("a cookie")
            .split(';')
            .next()
            .unwrap_or_default()
            .to_owned();
        let token = token(&page.text().await.expect("the page's body"));
        let (client, base, sent) = (client.clone(), base.to_owned(), Arc::clone(&sent));
        players.push(tokio::spawn(async move {
            let mut times = Vec::new();
            let mut refused = Vec::new();
            loop {
                let n = sent.fetch_add(1, Ordering::Relaxed);
                if n >= posts {
                    return (times, refused);
                }
                let (name, email) = (
                    format!("Racer {player}-{n}"),
                    format!("racer{player}.{n}@example.org"),
                );
                let started = Instant::now();
                let answer = client
                    .post(format!("{base}/en/tournaments/open/registrations"))
                    .header("cookie", &cookie)
                    .form(&[("token", &token), ("name", &name), ("email", &email)])
                    .send()
                    .await
                    .expect("an answer");
                times.push(started.elapsed());
                let status = answer.status();
                if status != reqwest::StatusCode::SEE_OTHER {
                    let body = answer.text().await.unwrap_or_default();
                    let error = body
                        .split("class=\"error")
                        .nth(1)
                        .unwrap_or(&body)
                        .chars()
                        .take(240)
                        .collect::<String>();
                    refused.push(format!("{status}: {error}"));
                }
            }
        }));
    }
    let mut all = Vec::new();
    let mut refused = Vec::new();
    for player in players {
        let (times, not_registered) = player.await.expect("a player");
        all.extend(times);
        refused.extend(not_registered);
    }
    all.sort_unstable();
    (all, refused)
}

fn main() {
    if without_wrk("portal") {
        return;
    }
    let seconds: u64 = setting("TOURNEY_BENCH_SECONDS", 8);
    let posts: usize = setting("TOURNEY_BENCH_POSTS", 3000);
    let dir = tempfile::tempdir().expect("temporary directory");
    let db = format!("sqlite://{}/bench.db", dir.path().display());
    let doc = dir.path().join("bench.json");
    std::fs::write(&doc, document()).expect("write the document");
    tourney(&db, &["import", doc.to_str().unwrap_or_default()]);
    tourney(&db, &["tournaments", "start", "de64"]);
    play(&db, "de64");

    let script = dir.path().join("rotate.lua");
    std::fs::write(&script, bearer_script()).expect("write the script");
    let pairs = |path: &str| {
        let file = dir.path().join("pairs.txt");
        let mut out = std::fs::File::create(&file).expect("pairs file");
        let _ = writeln!(out, "- {path}");
        file
    };
    let serve = Serve::start(&db, &["--form-limit", "100000"]);
    let fetch = |path: &str| {
        Command::new("curl")
            .args(["-s", &format!("{}{path}", serve.base)])
            .output()
            .map(|o| o.stdout)
            .unwrap_or_default()
    };
    let page = fetch("/en/tournaments/de64");
    let form_page = fetch("/en/tournaments/open");
    let (bare_url, _runtime) = bare_warp(page.clone(), "text/html; charset=utf-8");
    let (bare_form_url, _form_runtime) = bare_warp(form_page.clone(), "text/html; charset=utf-8");

    println!("| run | requests/s | p50 | p99 | non-2xx |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    let report = |name: &str, run: &common::Run| {
        println!(
            "| {name} | {:.0} | {:.2} ms | {:.2} ms | {} |",
            run.rps, run.p50_ms, run.p99_ms, run.non_2xx
        );
    };
    let bare = wrk(&bare_url, &script, &pairs("/"), seconds);
    report(&format!("bare warp, fixed {} B body", page.len()), &bare);
    let tournament = wrk(
        &serve.base,
        &script,
        &pairs("/en/tournaments/de64"),
        seconds,
    );
    report(
        "GET /en/tournaments/{slug} (64-player double elimination)",
        &tournament,
    );
    let bare_form = wrk(&bare_form_url, &script, &pairs("/"), seconds);
    report(
        &format!("bare warp, fixed {} B body", form_page.len()),
        &bare_form,
    );
    let open = wrk(
        &serve.base,
        &script,
        &pairs("/en/tournaments/open"),
        seconds,
    );
    report(
        "GET /en/tournaments/{slug} (registration open: a token and a cookie per visitor)",
        &open,
    );

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let started = Instant::now();
    let (times, refused) = runtime.block_on(registrations(&serve.base, posts));
    let elapsed = started.elapsed();
    println!();
    for answer in &refused {
        println!("not registered: {answer}");
    }
    println!(
        "ratio of the tournament page to bare warp with a body of its size: {:.2}",
        tournament.rps / bare.rps
    );
    println!(
        "ratio of the open tournament's page to bare warp: {:.2}",
        open.rps / bare_form.rps
    );
    println!(
        "registrations from {CLIENTS} players at once: {} posts in {:.2} s ({:.0}/s), p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        elapsed.as_secs_f64(),
        times.len() as f64 / elapsed.as_secs_f64(),
        percentile(&times, 0.50),
        percentile(&times, 0.99),
        percentile(&times, 1.0),
    );
    println!("peak memory of serve: {:.1} MiB", serve.peak_mib());
    assert!(refused.is_empty(), "every registration was made");
}
