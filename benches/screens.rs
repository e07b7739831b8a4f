//! Venue screens and players' pages benchmark (issue "the room, part two"): one release
//! `tourney serve` on SQLite runs a 64-player double elimination on 16 stations, calling as
//! results come from the shell, while 1,000 pages follow it: half venue screens
//! (`/en/tournaments/day/screen`), half players' own pages (eight players' private links, each
//! open many times). Each page holds its event stream and, on every event, fetches itself again,
//! as `live.js` does in a browser.
//!
//! Reported: the screen page's build (a GET right after a change, before any stream is open:
//! the database read and the render, nothing cached), p50 and p99; then, for each of the day's
//! results reported by the shell, the time from the shell's commit to each page holding a copy
//! fetched after it (p50, p99, max over every page and result); and serve's memory before the
//! pages open, holding their streams, a quarter into the day (once every page has fetched itself
//! over a connection of its own) and at its end: it must not grow with the calls.
//!
//! Run: `cargo bench --bench screens`. `TOURNEY_BENCH_PAGES` (default 1000) pages,
//! `TOURNEY_BENCH_RESULTS` (default 40) results. Figures go to docs/PERFORMANCE.md.

#[path = "common/mod.rs"]
mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::{Mutex, Semaphore};

use common::{Serve, tourney};

const SLUG: &str = "day";
/// Players who register on the portal, for their private links.
const LINKED: usize = 8;

/// A space with a 64-player double elimination, 56 players imported and room for eight more.
fn document() -> String {
    let players: Vec<String> = (1..=56)
        .map(|p| format!(r#"{{"name": "Imported Player {p:02}"}}"#))
        .collect();
    format!(
        r#"{{"version": 1, "spaces": [{{"slug": "club", "name": "Chess Club", "tournaments": [
            {{"slug": "{SLUG}", "name": "Club Day", "game": "chess", "format": "double_elimination",
              "status": "REGISTRATION_OPEN", "max_participants": 64, "starts_at": "2026-12-01T18:00:00Z",
              "participants": [{}]}}]}}]}}"#,
        players.join(",")
    )
}

/// The value of `name="token" value="…"` in a page.
fn token(html: &str) -> String {
    let start = html.find("name=\"token\" value=\"").expect("a form") + 20;
    html[start..start + html[start..].find('"').expect("its end")].to_owned()
}

/// Registers a player on the portal and returns their private link's path.
async fn register(base: &str, n: usize) -> String {
    let client = reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client");
    let page = client
        .get(format!("{base}/en/tournaments/{SLUG}"))
        .send()
        .await
        .expect("the page");
    let mut cookies = vec![cookie(page.headers())];
    let token = token(&page.text().await.expect("its body"));
    let answer = client
        .post(format!("{base}/en/tournaments/{SLUG}/registrations"))
        .header("cookie", cookies.join("; "))
        .form(&[
            ("token", token.as_str()),
            ("name", &format!("Linked Player {n}")),
            ("email", &format!("linked{n}@example.org")),
        ])
        .send()
        .await
        .expect("an answer");
    assert_eq!(answer.status(), reqwest::StatusCode::SEE_OTHER);
    cookies.push(cookie(answer.headers()));
    let location = answer.headers()["location"]
        .to_str()
        .expect("a location")
        .to_owned();
    let shown = client
        .get(&location)
        .header("cookie", cookies.join("; "))
        .send()
        .await
        .expect("the confirmation")
        .text()
        .await
        .expect("its body");
    let at = shown.find("/en/player/").expect("the private link");
    let end = at + shown[at..].find('"').expect("its end");
    shown[at..end].to_owned()
}

fn cookie(headers: &reqwest::header::HeaderMap) -> String {
    headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or_default().to_owned())
        .collect::<Vec<_>>()
        .join("; ")
}

/// One open page: its stream, and what it fetched when.
struct Page {
    /// When each copy of the page arrived.
    fetched: Arc<Mutex<Vec<Instant>>>,
}

/// Opens a page following `stream`: on each event it fetches `page` again (after the first event,
/// which a page that has just loaded also gets). Returns once its stream is open.
async fn open(
    address: std::net::SocketAddr,
    stream_path: String,
    page: String,
    connecting: Arc<Semaphore>,
) -> Page {
    let fetched = Arc::new(Mutex::new(Vec::new()));
    let (ready, opened) = tokio::sync::oneshot::channel();
    let kept = Arc::clone(&fetched);
    tokio::spawn(async move {
        let permit = connecting.acquire_owned().await.expect("the semaphore");
        let mut stream = connect(address).await;
        let request = format!(
            "GET {stream_path} HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n"
        );
        stream
            .write_all(request.as_bytes())
            .await
            .expect("send the request");
        let client = reqwest::Client::builder()
            .no_proxy()
            .pool_max_idle_per_host(1)
            .build()
            .expect("a client");
        let url = format!("http://{address}{page}");
        let mut buffer = vec![0u8; 8192];
        let mut seen = 0;
        let mut ready = Some(ready);
        let mut permit = Some(permit);
        let mut pending = String::new();
        loop {
            let n = stream.read(&mut buffer).await.expect("read the stream");
            assert!(n > 0, "the server ended a stream");
            pending.push_str(&String::from_utf8_lossy(&buffer[..n]));
            let events = pending.matches("\nid:").count() + usize::from(pending.starts_with("id:"));
            if events == 0 {
                continue;
            }
            pending.clear();
            seen += events;
            if let Some(ready) = ready.take() {
                permit.take();
                let _ = ready.send(());
                if seen == 1 {
                    continue;
                }
            }
            let answer = client.get(&url).send().await.expect("the page");
            assert!(answer.status().is_success(), "{url}: {}", answer.status());
            let _ = answer.bytes().await.expect("its body");
            kept.lock().await.push(Instant::now());
        }
    });
    let _ = opened.await;
    Page { fetched }
}

async fn connect(address: std::net::SocketAddr) -> tokio::net::TcpStream {
    for _ in 0..20 {
        if let Ok(stream) = tokio::net::TcpStream::connect(address).await {
            return stream;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("cannot connect to {address}");
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)].as_secs_f64() * 1000.0
}

fn rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// The matches on a station now, by id, as the shell lists them.
fn on_stations(db: &str) -> Vec<String> {
    tourney(db, &["matches", "list", SLUG, "--ready"])
        .lines()
        .skip(1)
        .filter(|l| l.contains("called to") || l.contains("playing on"))
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .collect()
}

fn main() {
    let pages: usize = common::setting("TOURNEY_BENCH_PAGES", 1_000);
    let results: usize = common::setting("TOURNEY_BENCH_RESULTS", 40);
    let dir = tempfile::tempdir().expect("temporary directory");
    let db = format!("sqlite://{}/bench.db", dir.path().display());
    let file = dir.path().join("day.json");
    std::fs::write(&file, document()).expect("write the document");
    tourney(&db, &["import", file.to_str().expect("a path")]);
    let tables: Vec<String> = (1..=16).map(|n| format!("Table {n}")).collect();
    let mut add = vec!["stations", "add", "--space", "club"];
    add.extend(tables.iter().map(String::as_str));
    tourney(&db, &add);
    tourney(
        &db,
        &[
            "tournaments",
            "update",
            SLUG,
            "--stations",
            "all",
            "--match-duration",
            "1s",
        ],
    );
    let serve = Serve::start(&db, &["--no-dispatch", "--rate-limit", "1000000"]);
    let address: std::net::SocketAddr = serve
        .base
        .trim_start_matches("http://")
        .parse()
        .expect("the server's address");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let links: Vec<String> = runtime.block_on(async {
        let mut links = Vec::new();
        for n in 0..LINKED {
            links.push(register(&serve.base, n).await);
        }
        links
    });
    tourney(&db, &["tournaments", "status", SLUG, "REGISTRATION_CLOSED"]);
    tourney(&db, &["tournaments", "start", SLUG]);
    std::thread::sleep(Duration::from_secs(2));

    // The screen's build: a change, then the first GET at its version.
    let screen = format!("/en/tournaments/{SLUG}/screen");
    let client = reqwest::Client::builder()
        .no_proxy()
        .build()
        .expect("a client");
    let mut builds = Vec::new();
    for n in 0..30 {
        let verb = if n % 2 == 0 { "pause" } else { "resume" };
        tourney(&db, &["stations", verb, "--space", "club", "Table 16"]);
        let started = Instant::now();
        runtime.block_on(async {
            let answer = client
                .get(format!("{}{screen}", serve.base))
                .send()
                .await
                .expect("the screen");
            assert!(answer.status().is_success());
            let _ = answer.bytes().await.expect("its body");
        });
        builds.push(started.elapsed());
    }
    builds.sort_unstable();

    let idle = rss_mib(serve.pid());
    let connecting = Arc::new(Semaphore::new(64));
    let opened_at = Instant::now();
    let open_pages: Vec<Page> = runtime.block_on(async {
        let mut opening = Vec::new();
        for n in 0..pages {
            let (stream, page) = if n % 2 == 0 {
                (format!("/live/screen/tournaments/{SLUG}"), screen.clone())
            } else {
                let link = &links[n / 2 % LINKED];
                (format!("{link}/live"), link.clone())
            };
            opening.push(tokio::spawn(open(
                address,
                stream,
                page,
                Arc::clone(&connecting),
            )));
        }
        let mut open = Vec::new();
        for page in opening {
            open.push(page.await.expect("a page"));
        }
        open
    });
    let opening = opened_at.elapsed();
    std::thread::sleep(Duration::from_secs(2));
    let holding = rss_mib(serve.pid());

    // The day: each result reported by the shell, then every page must hold a copy fetched
    // after it; the calls serve makes after it follow.
    let mut delays = Vec::new();
    let mut reported = 0;
    let mut quarter = f64::NAN;
    while reported < results {
        let Some(id) = on_stations(&db).into_iter().next() else {
            std::thread::sleep(Duration::from_millis(200));
            continue;
        };
        let before: Vec<usize> = runtime.block_on(async {
            futures_util::future::join_all(
                open_pages
                    .iter()
                    .map(|p| async { p.fetched.lock().await.len() }),
            )
            .await
        });
        tourney(&db, &["matches", "report", SLUG, &id, "--score", "2-1"]);
        let committed = Instant::now();
        reported += 1;
        let deadline = Instant::now() + Duration::from_secs(60);
        for (page, before) in open_pages.iter().zip(before) {
            loop {
                let first_after = runtime.block_on(async {
                    page.fetched
                        .lock()
                        .await
                        .iter()
                        .skip(before)
                        .find(|at| **at >= committed)
                        .copied()
                });
                if let Some(at) = first_after {
                    delays.push(at - committed);
                    break;
                }
                assert!(
                    Instant::now() < deadline,
                    "a page did not follow result {reported}"
                );
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        // Let serve's calls after the result, and the pages' fetches of them, settle.
        std::thread::sleep(Duration::from_millis(1_500));
        if reported == results / 4 {
            // Every page has fetched itself by now over a connection of its own.
            quarter = rss_mib(serve.pid());
        }
    }
    delays.sort_unstable();
    let end = rss_mib(serve.pid());
    let fetches: usize = runtime.block_on(async {
        let mut total = 0;
        for page in &open_pages {
            total += page.fetched.lock().await.len();
        }
        total
    });

    println!("| measure | count | p50 | p99 | max |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    println!(
        "| the screen page built after a change (GET, nothing cached) | {} | {:.2} ms | {:.2} ms | {:.2} ms |",
        builds.len(),
        percentile(&builds, 0.5),
        percentile(&builds, 0.99),
        percentile(&builds, 1.0)
    );
    println!(
        "| result committed by the shell → every open page fetched again after it | {} | {:.0} ms | {:.0} ms | {:.0} ms |",
        delays.len(),
        percentile(&delays, 0.5),
        percentile(&delays, 0.99),
        percentile(&delays, 1.0)
    );
    println!();
    println!(
        "{pages} pages ({} screens, {} players' pages of {LINKED} players) opened in {:.1} s; {fetches} page fetches over {results} results and serve's calls after them",
        pages.div_ceil(2),
        pages / 2,
        opening.as_secs_f64()
    );
    println!(
        "serve's memory: {idle:.1} MiB before the pages, {holding:.1} MiB holding their streams, {quarter:.1} MiB a quarter into the day (each page's own connection open too), {end:.1} MiB at its end; peak {:.1} MiB",
        serve.peak_mib()
    );
}
