//! Preview images benchmark (issue "pages people share"): one release `tourney serve --demo` on
//! SQLite; each published demo tournament's preview image (`/<locale>/tournaments/<slug>/
//! preview.png`) asked for over HTTP, as a link preview's crawler does.
//!
//! Reported (p50, p99, max, in ms): the first answer (the database read and the drawing), the
//! answer again with nothing changed (from the page cache), the answer after a write elsewhere
//! (the data version moved: the tournament is read again, the picture is not drawn again), and
//! the answer after a result that changes the picture (read and drawn); the images' sizes. The
//! target: answered again in under 200 ms, under 300 KB.
//!
//! Run: `cargo bench --bench previews`; `TOURNEY_BENCH_ROUNDS` (default 20) rounds of each.
//! Figures go to docs/PERFORMANCE.md.

#[path = "common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::{Serve, setting, tourney};

const SLUGS: &[&str] = &[
    "demo-spring-open",
    "demo-winter-double",
    "demo-club-league",
    "demo-swiss-open",
    "demo-kubok",
    "demo-karting",
    "demo-autumn-cup",
    "demo-new-year-blitz",
];

fn percentiles(label: &str, mut times: Vec<Duration>) {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1000.0;
    println!(
        "{label:<44} n={:<4} p50 {:>7.2} ms  p99 {:>7.2} ms  max {:>7.2} ms",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

async fn fetch(client: &reqwest::Client, url: &str) -> (Duration, usize) {
    let started = Instant::now();
    let response = client.get(url).send().await.expect("an answer");
    assert_eq!(response.status(), 200, "{url}");
    let bytes = response.bytes().await.expect("the image");
    (started.elapsed(), bytes.len())
}

fn main() {
    let rounds: usize = setting("TOURNEY_BENCH_ROUNDS", 20);
    let dir = tempfile::tempdir().expect("a directory");
    let db = format!("sqlite://{}/bench.db", dir.path().display());
    let serve = Serve::start(&db, &["--demo", "--no-dispatch"]);
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let client = reqwest::Client::builder()
            .no_proxy()
            .build()
            .expect("a client");
        let urls: Vec<String> = SLUGS
            .iter()
            .flat_map(|slug| {
                ["en", "ru"]
                    .map(|locale| format!("{}/{locale}/tournaments/{slug}/preview.png", serve.base))
            })
            .collect();
        let (mut first, mut again, mut elsewhere, mut redrawn) = (vec![], vec![], vec![], vec![]);
        let mut largest = 0;
        for url in &urls {
            let (took, size) = fetch(&client, url).await;
            first.push(took);
            largest = largest.max(size);
        }
        for _ in 0..rounds {
            for url in &urls {
                again.push(fetch(&client, url).await.0);
            }
        }
        for round in 0..rounds {
            // A write in another space: every cached answer is outdated, no picture changed.
            let slug = format!("elsewhere-{round}");
            if round == 0 {
                tourney(
                    &db,
                    &["spaces", "create", "elsewhere", "--name", "Elsewhere"],
                );
            }
            tourney(
                &db,
                &[
                    "tournaments",
                    "create",
                    "--space",
                    "elsewhere",
                    "--slug",
                    &slug,
                    "--name",
                    "Elsewhere",
                    "--game",
                    "go",
                    "--format",
                    "round_robin",
                    "--max-participants",
                    "4",
                    "--starts-at",
                    "2030-12-04T18:00:00Z",
                ],
            );
            elsewhere.push(fetch(&client, &urls[2]).await.0);
        }
        // A result of the league: its table, so its picture, changes.
        for _ in 0..rounds {
            let listing = tourney(&db, &["matches", "list", "demo-club-league", "--ready"]);
            let Some(id) = listing
                .lines()
                .skip(1)
                .find_map(|l| l.split_whitespace().next().map(str::to_owned))
            else {
                break;
            };
            tourney(
                &db,
                &[
                    "matches",
                    "report",
                    "demo-club-league",
                    &id,
                    "--score",
                    "2-1",
                ],
            );
            redrawn.push(fetch(&client, &urls[4]).await.0);
        }
        println!(
            "preview images of {} pages, SQLite, release serve",
            urls.len()
        );
        percentiles("first answer (read and drawn)", first);
        percentiles("answered again, nothing changed", again);
        percentiles("after a write elsewhere (read, not drawn)", elsewhere);
        percentiles("after a result it shows (read and drawn)", redrawn);
        println!(
            "largest image: {largest} bytes; serve's peak memory {:.1} MiB",
            serve.peak_mib()
        );
    });
}
