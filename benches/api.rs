//! Load benchmark of the read API: a real `tourney serve` (release build) on a database of 10
//! spaces, each with a 64-player double elimination and five more tournaments, driven by `wrk`
//! with 64 keep-alive connections rotating over 100 keys (10 per space, the most a space may
//! have). The per-key limit is raised with `--rate-limit` so that 200s are measured; a second run
//! at the default 120 measures the 429 path. Bare warp servers answering a fixed body of the size
//! of `/tournaments` and of `/matches`, in the same session, give the ratios to aim at.
//!
//! Every answer is as of the database's current versions (read-after-write is always in force),
//! and every request is settled against the fleet's rate limit in the database. Each pair (bare
//! warp, then the product) runs `TOURNEY_BENCH_ROUNDS` times (default 3) and the medians are
//! printed, ratios taken within a round.
//!
//! With `TOURNEY_BENCH_PG_URL` (a Postgres server where the user may create databases), the same
//! data is loaded into a fresh Postgres database and two replicas are measured at once, one `wrk`
//! each, beside two bare warp servers measured the same way; then again with 8 connections per
//! replica instead of 64, a load short of saturation, for the latency of the service itself.
//!
//! Then the two replicas' latency at fixed offered rates, measured open loop: a load generator in
//! this process (`common/open_loop.rs`, hyper's HTTP/1 client on a runtime of its own) sends
//! `GET /api/v1/tournaments` at a set rate, half to each replica, whatever the answers do, and
//! times every request from the moment it was due, not from when a connection was free; a
//! replica that falls behind shows its queue in the p99 instead of slowing the generator down (the
//! closed loop of `wrk` at saturation measures its own queue). The rates climb (1,000, 2,000,
//! 3,000, 5,000 requests/s and on) until the p99 reaches 10 ms or a request fails, then three
//! bisections find the highest rate that keeps it under 10 ms (DESIGN.md §8: under 10 ms at
//! 5,000 requests/s). Each rate runs first against two bare warp servers, the floor of the
//! method on this machine, then against the replicas, each after a second's warm-up. Every row
//! says how many requests the generator started over a millisecond late and the CPU time of its
//! threads: the generator shares the machine with the servers and Postgres.
//!
//! Run: `cargo bench --bench api` (needs `wrk`, from Debian's package of that name). Environment:
//! `TOURNEY_BENCH_SECONDS` (default 8) per run; `TOURNEY_BENCH_RATE_SECONDS` per fixed-rate run
//! (default the smaller of that and 5); `TOURNEY_BENCH_ONLY=postgres` runs the Postgres part alone,
//! `TOURNEY_BENCH_ONLY=rates` the fixed rates alone, and
//! `TOURNEY_BENCH_RATES=5000,7000` only the rates listed, `TOURNEY_BENCH_KEYS=4` the Postgres
//! runs over four keys (of different spaces) instead of all 100, `TOURNEY_BENCH_LOG=info` the
//! fixed rates' replicas at the log level a user runs (a line per request; default `warn`).
//! With `oha` on the PATH (`cargo install oha --locked`), each fixed rate is read again by it
//! from outside, and the replicas' `/metrics` around each run say where a request's time went.
//! Results go to stdout as Markdown tables; the figures in docs/PERFORMANCE.md come from here.

#[path = "common/mod.rs"]
mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use common::open_loop::{OpenLoop, Report, Target};
use common::outside;
use common::{
    PgDatabase, Run, Serve, bare_warp, bearer_script, setting, tourney, without_wrk, wrk, wrk_with,
};

const SPACES: usize = 10;
const KEYS_PER_SPACE: usize = 10;

/// The import document: per space a 64-player double elimination (registration closed) and five
/// smaller tournaments.
fn document() -> String {
    let mut spaces = Vec::new();
    for s in 1..=SPACES {
        let players: Vec<String> = (1..=64)
            .map(|p| format!(r#"{{"name": "Player {p:02} of {s}"}}"#))
            .collect();
        let mut tournaments = vec![format!(
            r#"{{"slug": "de64-{s}", "name": "Double elimination {s}", "game": "chess", "format": "double_elimination",
                "status": "REGISTRATION_CLOSED", "max_participants": 64, "starts_at": "2026-12-01T18:00:00Z",
                "participants": [{}]}}"#,
            players.join(",")
        )];
        for (i, format) in [
            "single_elimination",
            "round_robin",
            "swiss",
            "free_for_all",
            "single_elimination",
        ]
        .iter()
        .enumerate()
        {
            tournaments.push(format!(
                r#"{{"slug": "cup-{s}-{i}", "name": "Cup {i}", "game": "chess", "format": "{format}", "status": "REGISTRATION_OPEN",
                    "max_participants": 32, "starts_at": "2026-12-0{}T18:00:00Z", "participants": [{}]}}"#,
                i + 2,
                players[..8].join(",")
            ));
        }
        spaces.push(format!(
            r#"{{"slug": "bench-{s}", "name": "Bench {s}", "tournaments": [{}]}}"#,
            tournaments.join(",")
        ));
    }
    format!(r#"{{"version": 1, "spaces": [{}]}}"#, spaces.join(","))
}

/// The data of one backend: the database, loaded, and its 100 keys with their space number.
struct Loaded {
    db: String,
    keys: Vec<(usize, String)>,
}

fn load(db: &str, dir: &std::path::Path) -> Loaded {
    let doc = dir.join("bench.json");
    std::fs::write(&doc, document()).expect("write the document");
    tourney(db, &["import", doc.to_str().unwrap_or_default()]);
    let mut keys = Vec::new();
    for s in 1..=SPACES {
        tourney(db, &["tournaments", "start", &format!("de64-{s}")]);
        for _ in 0..KEYS_PER_SPACE {
            let output = tourney(db, &["keys", "create", "--space", &format!("bench-{s}")]);
            keys.push((s, output.lines().nth(1).unwrap_or_default().to_owned()));
        }
    }
    Loaded {
        db: db.to_owned(),
        keys,
    }
}

/// Writes the "key path" lines of one run.
fn pairs(
    dir: &std::path::Path,
    name: &str,
    keys: &[(usize, String)],
    path: &dyn Fn(usize) -> String,
) -> PathBuf {
    let file = dir.join(format!("{name}.txt"));
    let mut out = std::fs::File::create(&file).expect("pairs file");
    for (space, key) in keys {
        let _ = writeln!(out, "{key} {}", path(*space));
    }
    file
}

fn fetch(base: &str, key: &str, path: &str) -> Vec<u8> {
    Command::new("curl")
        .args([
            "-s",
            "-H",
            &format!("Authorization: Bearer {key}"),
            &format!("{base}{path}"),
        ])
        .output()
        .map(|o| o.stdout)
        .unwrap_or_default()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

fn report(name: &str, runs: &[Run]) {
    let list = |f: &dyn Fn(&Run) -> f64, digits: usize| {
        runs.iter()
            .map(|r| format!("{:.*}", digits, f(r)))
            .collect::<Vec<_>>()
            .join(" / ")
    };
    println!(
        "| {name} | {:.0} ({}) | {:.2} ms | {:.2} ms ({}) | {} |",
        median(runs.iter().map(|r| r.rps).collect()),
        list(&|r| r.rps, 0),
        median(runs.iter().map(|r| r.p50_ms).collect()),
        median(runs.iter().map(|r| r.p99_ms).collect()),
        list(&|r| r.p99_ms, 2),
        runs.iter().map(|r| r.non_2xx).sum::<u64>(),
    );
}

/// Runs `wrk` with `connections` each against every `(url, pairs)` at once and sums the
/// requests/s; latency figures are the worst of the runs.
fn together(
    targets: &[(String, PathBuf)],
    script: &std::path::Path,
    seconds: u64,
    connections: u32,
) -> Run {
    let runs: Vec<Run> = std::thread::scope(|scope| {
        let handles: Vec<_> = targets
            .iter()
            .map(|(url, pairs)| {
                scope.spawn(move || wrk_with(url, script, pairs, seconds, 2, connections))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("wrk"))
            .collect()
    });
    Run {
        rps: runs.iter().map(|r| r.rps).sum(),
        p50_ms: runs.iter().map(|r| r.p50_ms).fold(f64::NAN, f64::max),
        p99_ms: runs.iter().map(|r| r.p99_ms).fold(f64::NAN, f64::max),
        non_2xx: runs.iter().map(|r| r.non_2xx).sum(),
    }
}

fn main() {
    if without_wrk("api") {
        return;
    }
    let seconds: u64 = setting("TOURNEY_BENCH_SECONDS", 8);
    let rounds: u64 = setting("TOURNEY_BENCH_ROUNDS", 3);
    let rate_seconds: u64 = setting("TOURNEY_BENCH_RATE_SECONDS", seconds.min(5));
    let dir = tempfile::tempdir().expect("temporary directory");
    let script = dir.path().join("rotate.lua");
    std::fs::write(&script, bearer_script()).expect("write the script");
    let only = std::env::var("TOURNEY_BENCH_ONLY").unwrap_or_default();
    if only == "postgres" {
        match std::env::var("TOURNEY_BENCH_PG_URL") {
            Ok(admin) => postgres_fleet(&admin, dir.path(), &script, seconds, rounds, rate_seconds),
            Err(_) => println!("Postgres needs TOURNEY_BENCH_PG_URL"),
        }
        return;
    }
    if only == "rates" {
        match std::env::var("TOURNEY_BENCH_PG_URL") {
            Ok(admin) => rates_alone(&admin, dir.path(), rate_seconds),
            Err(_) => println!("the fixed rates need TOURNEY_BENCH_PG_URL"),
        }
        return;
    }
    let sqlite = load(
        &format!("sqlite://{}/bench.db", dir.path().display()),
        dir.path(),
    );
    let keys = &sqlite.keys;

    let serve = Serve::start(&sqlite.db, &["--rate-limit", "1000000"]);
    let endpoints: [(&str, &dyn Fn(usize) -> String); 3] = [
        ("GET /api/v1/tournaments", &|_| {
            "/api/v1/tournaments".to_owned()
        }),
        (
            "GET /api/v1/tournaments/{slug}/matches (64-player double elimination)",
            &|s| format!("/api/v1/tournaments/de64-{s}/matches"),
        ),
        ("GET /api/v1/tournaments/{slug}/standings", &|s| {
            format!("/api/v1/tournaments/de64-{s}/standings")
        }),
    ];
    println!(
        "SQLite, one replica: {rounds} rounds of {seconds} s per run; medians, then each round"
    );
    println!();
    println!("| run | requests/s | p50 | p99 | non-2xx |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    let bare_pairs = pairs(dir.path(), "bare", keys, &|_| "/".to_owned());
    let mut ratios = Vec::new();
    for (name, path) in endpoints {
        let sample = fetch(&serve.base, &keys[0].1, &path(1));
        let (bare_url, _runtime) = bare_warp(sample.clone(), "application/json");
        let product_pairs = pairs(dir.path(), "product", keys, path);
        let (mut bare, mut product) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            bare.push(wrk(&bare_url, &script, &bare_pairs, seconds));
            product.push(wrk(&serve.base, &script, &product_pairs, seconds));
        }
        report(&format!("bare warp, fixed {} B body", sample.len()), &bare);
        report(name, &product);
        let each: Vec<f64> = bare
            .iter()
            .zip(&product)
            .map(|(b, p)| p.rps / b.rps)
            .collect();
        ratios.push((name, median(each.clone()), each));
    }
    let bracket = wrk(
        &serve.base,
        &script,
        &pairs(dir.path(), "bracket", keys, &|s| {
            format!("/embed/en/tournaments/de64-{s}/bracket")
        }),
        seconds,
    );
    report(
        "GET /embed/en/tournaments/{slug}/bracket (widget page, no key needed)",
        &[bracket],
    );
    let peak = serve.peak_mib();
    drop(serve);
    let limited = Serve::start(&sqlite.db, &[]);
    std::thread::sleep(Duration::from_millis(200));
    let refused = wrk(
        &limited.base,
        &script,
        &pairs(dir.path(), "limited", keys, &|_| {
            "/api/v1/tournaments".to_owned()
        }),
        seconds,
    );
    report(
        "GET /api/v1/tournaments at the default limit (mostly 429)",
        &[refused],
    );
    drop(limited);
    println!();
    for (name, ratio, each) in ratios {
        let each: Vec<String> = each.iter().map(|r| format!("{r:.2}")).collect();
        println!(
            "ratio to bare warp with a body of its size, {name}: {ratio:.2} ({})",
            each.join(" / ")
        );
    }
    println!("peak memory of serve over the 200 runs: {peak:.1} MiB");

    match std::env::var("TOURNEY_BENCH_PG_URL") {
        Ok(admin) => postgres_fleet(&admin, dir.path(), &script, seconds, rounds, rate_seconds),
        Err(_) => println!(
            "\nPostgres skipped: set TOURNEY_BENCH_PG_URL to measure two replicas on Postgres"
        ),
    }
}

/// Connections per replica for the run short of saturation.
const LIGHT: u32 = 8;

/// Two replicas on a fresh Postgres database, each driven by its own `wrk`, beside two bare warp
/// servers driven the same way; then both at fixed offered rates ([`fixed_rates`]).
fn postgres_fleet(
    admin: &str,
    dir: &std::path::Path,
    script: &std::path::Path,
    seconds: u64,
    rounds: u64,
    rate_seconds: u64,
) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let database = runtime.block_on(PgDatabase::create(admin, "api"));
    let loaded = load(&database.url, dir);
    let args = ["--rate-limit", "1000000"];
    let replicas = [
        Serve::start(&loaded.db, &args),
        Serve::start(&loaded.db, &args),
    ];
    let keys = rate_keys(&loaded.keys);
    let (half_a, half_b) = keys.split_at(keys.len() / 2);
    let sample = fetch(&replicas[0].base, &half_a[0].1, "/api/v1/tournaments");
    let bare = [
        bare_warp(sample.clone(), "application/json"),
        bare_warp(sample.clone(), "application/json"),
    ];
    println!();
    println!(
        "Postgres, two replicas, the fleet's rate limit settled in the database: {rounds} rounds"
    );
    println!();
    println!("| run | requests/s (sum of both) | p50 | p99 (worse of both) | non-2xx |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    let list = |path: &dyn Fn(usize) -> String| {
        [
            pairs(dir, "pg-a", half_a, path),
            pairs(dir, "pg-b", half_b, path),
        ]
    };
    let bare_files = list(&|_| "/".to_owned());
    let bare_targets = [
        (bare[0].0.clone(), bare_files[0].clone()),
        (bare[1].0.clone(), bare_files[1].clone()),
    ];
    for (label, path) in [
        (
            "GET /api/v1/tournaments",
            &(|_| "/api/v1/tournaments".to_owned()) as &dyn Fn(usize) -> String,
        ),
        ("GET /api/v1/tournaments/{slug}/standings", &|s| {
            format!("/api/v1/tournaments/de64-{s}/standings")
        }),
    ] {
        let files = list(path);
        let targets = [
            (replicas[0].base.clone(), files[0].clone()),
            (replicas[1].base.clone(), files[1].clone()),
        ];
        let (mut bare_runs, mut fleet) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            bare_runs.push(together(&bare_targets, script, seconds, 64));
            fleet.push(together(&targets, script, seconds, 64));
        }
        report(
            &format!("two bare warps, fixed {} B body", sample.len()),
            &bare_runs,
        );
        report(&format!("{label}, two replicas"), &fleet);
    }
    // Saturated, the latency is the connections over the throughput; at a load short of it, the
    // tail is the service's own.
    let files = list(&|_| "/api/v1/tournaments".to_owned());
    let targets = [
        (replicas[0].base.clone(), files[0].clone()),
        (replicas[1].base.clone(), files[1].clone()),
    ];
    let light: Vec<Run> = (0..rounds)
        .map(|_| together(&targets, script, seconds, LIGHT))
        .collect();
    report(
        &format!("GET /api/v1/tournaments, two replicas, {LIGHT} connections each"),
        &light,
    );
    let single = wrk(
        &replicas[0].base,
        script,
        &pairs(dir, "pg-one", &loaded.keys, &|_| {
            "/api/v1/tournaments".to_owned()
        }),
        seconds,
    );
    report("GET /api/v1/tournaments, one replica alone", &[single]);
    fixed_rates(
        [&replicas[0].base, &replicas[1].base],
        [&bare[0].0, &bare[1].0],
        [half_a, half_b],
        rate_seconds,
    );
    drop(replicas);
    runtime.block_on(database.drop());
}

/// Two replicas on a fresh Postgres database at fixed offered rates, and nothing else.
fn rates_alone(admin: &str, dir: &std::path::Path, rate_seconds: u64) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let database = runtime.block_on(PgDatabase::create(admin, "api"));
    let loaded = load(&database.url, dir);
    let args = ["--rate-limit", "1000000"];
    let log = std::env::var("TOURNEY_BENCH_LOG").unwrap_or_else(|_| "warn".to_owned());
    let replicas = [
        Serve::start_logging(&loaded.db, &args, &log),
        Serve::start_logging(&loaded.db, &args, &log),
    ];
    let keys = rate_keys(&loaded.keys);
    let (half_a, half_b) = keys.split_at(keys.len() / 2);
    let sample = fetch(&replicas[0].base, &half_a[0].1, "/api/v1/tournaments");
    let bare = [
        bare_warp(sample.clone(), "application/json"),
        bare_warp(sample, "application/json"),
    ];
    fixed_rates(
        [&replicas[0].base, &replicas[1].base],
        [&bare[0].0, &bare[1].0],
        [half_a, half_b],
        rate_seconds,
    );
    drop(replicas);
    runtime.block_on(database.drop());
}

/// The keys the Postgres runs spread their requests over: all of them (100, 10 per space), or
/// `TOURNEY_BENCH_KEYS` of them taken evenly across the spaces, as an integrator with a few keys
/// would send (an outside generator such as `oha` is usually given one or a few).
fn rate_keys(keys: &[(usize, String)]) -> Vec<(usize, String)> {
    let wanted: usize = setting("TOURNEY_BENCH_KEYS", keys.len());
    let wanted = wanted.clamp(2, keys.len());
    let step = keys.len() / wanted;
    keys.iter()
        .step_by(step.max(1))
        .take(wanted)
        .cloned()
        .collect()
}

/// A bare warp's p99 at or above this (it is a fraction of a millisecond on a quiet machine)
/// means the machine fell behind during that run.
const NOISY_FLOOR_MS: f64 = 2.0;
/// The p99 the fleet is held to at a fixed offered rate (DESIGN.md §8).
const P99_GOAL_MS: f64 = 10.0;
/// The offered rate the goal names, requests/s across both replicas.
const GOAL_RATE: f64 = 5_000.0;
/// The fixed rates tried in turn, requests/s across both replicas, up to the first that misses
/// the goal.
const LADDER: [f64; 8] = [
    1_000.0, 2_000.0, 3_000.0, 5_000.0, 7_000.0, 10_000.0, 14_000.0, 20_000.0,
];
/// Halvings of the gap between the last rate that kept the goal and the first that missed it.
const BISECTIONS: usize = 3;
/// Sent at a run's rate just before it and not counted: connections open, caches warm.
const WARM_UP: Duration = Duration::from_secs(1);

/// `oha`'s connections per replica (the issue's reading: `-c 32` per replica), shared by the
/// processes sending to it.
const OHA_CONNECTIONS: usize = 32;

/// Open-loop runs of `GET /api/v1/tournaments` at fixed offered rates against the two
/// `replicas` (each serving the keys of its half), each rate first against the two `bare` warp
/// servers as the floor; the rates climb until the p99 misses the goal, then bisect for the
/// highest rate that keeps it.
///
/// With `oha` on the PATH, each rate is read again from outside by `oha` (one process per key,
/// half of the rate to each replica, `OHA_CONNECTIONS` per replica), beside its own floor: the
/// replicas' `/healthz` at the same rate. And the replicas' `/metrics`, read around each run of
/// the bench's generator, say where a request's time went.
fn fixed_rates(
    replicas: [&str; 2],
    bare: [&str; 2],
    halves: [&[(usize, String)]; 2],
    seconds: u64,
) {
    let fleet = OpenLoop::new(&alternating(replicas, halves, "/api/v1/tournaments"));
    let floor = OpenLoop::new(&alternating(bare, halves, "/"));
    let duration = Duration::from_secs(seconds);
    let with_oha = outside::oha_available();
    if !with_oha {
        println!(
            "\n`oha` is not on the PATH (`cargo install oha --locked`): read by the bench's generator alone"
        );
    }
    println!();
    println!(
        "Postgres, two replicas at fixed offered rates (open loop, half to each replica, {seconds} s \
         per rate after {} s of warm-up, latency from each request's due time); the floor: two bare \
         warps at the same rates",
        WARM_UP.as_secs()
    );
    println!();
    println!("{}", Report::HEADER);
    let mut measured: Vec<(f64, Report)> = Vec::new();
    let mut notes = Vec::new();
    let mut outside_rows = Vec::new();
    let mut profile_rows = Vec::new();
    // A rate is measured again (at most twice more) when the replicas miss the goal while the
    // bare warps beside them were slow too: the machine itself fell behind in that run (it is
    // shared), which says nothing about the service.
    let mut measure = |rate: f64| -> bool {
        let mut kept = false;
        for run in 1..=3 {
            let bare = warm_and_run(&floor, rate, duration, "two bare warps", &mut notes, None);
            let mut profile = Profiled::default();
            let report = warm_and_run(
                &fleet,
                rate,
                duration,
                "two replicas",
                &mut notes,
                Some((replicas, &mut profile)),
            );
            profile_rows.push(profile.row(rate, &report));
            if with_oha {
                let healthz = outside::oha(
                    &oha_shares(replicas, halves, "/healthz", false),
                    rate,
                    seconds,
                );
                let api = outside::oha(
                    &oha_shares(replicas, halves, "/api/v1/tournaments", true),
                    rate,
                    seconds,
                );
                outside_rows.push(healthz.row(rate, "`/healthz` of the two replicas"));
                outside_rows.push(api.row(rate, "`/api/v1/tournaments`, two replicas"));
            }
            kept = report.p99_under(P99_GOAL_MS);
            measured.push((rate, report));
            if kept || bare.p99_under(NOISY_FLOOR_MS) {
                break;
            }
            if run < 3 {
                notes.push(format!(
                    "{rate:.0}/s measured again: the bare warps' own p99 was {:.2} ms (the machine fell behind)",
                    bare.p99_ms
                ));
            }
        }
        kept
    };
    let listed = std::env::var("TOURNEY_BENCH_RATES").ok();
    let found = match &listed {
        // Only these rates, in this order (no climb, no bisection).
        Some(rates) => {
            for rate in rates
                .split(',')
                .filter_map(|r| r.trim().parse::<f64>().ok())
            {
                measure(rate);
            }
            None
        }
        None => Some(highest_rate_under_goal(&mut measure)),
    };
    println!();
    for note in notes {
        println!("{note}");
    }
    if let Some((kept, missed)) = found {
        summarise(&measured, kept, missed);
    }
    if with_oha {
        println!();
        println!(
            "The same rates read from outside by `oha` (after the bench's run of each rate; one process \
             per key, {OHA_CONNECTIONS} connections per replica, `--latency-correction`, {seconds} s):"
        );
        println!();
        println!("{}", outside::OhaReport::HEADER);
        for row in outside_rows {
            println!("{row}");
        }
    }
    println!();
    println!(
        "Where a request's time went, from the replicas' `/metrics` around each run of the bench's \
         generator (both replicas; mean, then the median read from the histogram's buckets):"
    );
    println!();
    println!("{}", Profiled::HEADER);
    for row in profile_rows {
        println!("{row}");
    }
}

/// `oha`'s processes for one run: one per key (or, with `keyed` false, one per replica), each
/// sending to its key's replica, the replica's connections shared among them.
fn oha_shares(
    replicas: [&str; 2],
    halves: [&[(usize, String)]; 2],
    path: &str,
    keyed: bool,
) -> Vec<outside::Share> {
    (0..2)
        .flat_map(|side| {
            let keys: Vec<Option<String>> = if keyed {
                halves[side]
                    .iter()
                    .map(|(_, key)| Some(key.clone()))
                    .collect()
            } else {
                vec![None]
            };
            let connections = OHA_CONNECTIONS / keys.len().max(1);
            keys.into_iter().map(move |key| outside::Share {
                url: format!("{}{path}", replicas[side]),
                key,
                connections,
            })
        })
        .collect()
}

/// The replicas' `/metrics` read before and after a run.
#[derive(Default)]
struct Profiled {
    change: outside::Scrape,
}

impl Profiled {
    const HEADER: &str = "| offered/s | p50 at the generator | in the server | admit (the gate) | lane wait | batch | ledger: turn | read | write | versions alone | answer | requests per batch |\n\
        | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";

    fn row(&self, rate: f64, report: &Report) -> String {
        let change = &self.change;
        let cell = |name: &str, labels: &str| match change.histogram(name, labels) {
            // Within the first bucket (up to 25 µs) the median is not told apart from zero.
            Some((_, mean, median)) if median <= 0.025 => format!("{mean:.3} (≤ 0.025)"),
            Some((_, mean, median)) => format!("{mean:.3} ({median:.3})"),
            None => "—".to_owned(),
        };
        let requests = change
            .histogram("tourney_api_stage_seconds", "stage=\"admit\"")
            .map_or(0.0, |(count, ..)| count);
        let batches = change
            .histogram("tourney_rate_limit_batch_seconds", "")
            .map_or(0.0, |(count, ..)| count);
        format!(
            "| {rate:.0} | {:.3} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} |",
            report.p50_ms,
            cell(
                "tourney_http_request_duration_seconds",
                "route=\"tournaments\""
            ),
            cell("tourney_api_stage_seconds", "stage=\"admit\""),
            cell("tourney_rate_limit_lane_wait_seconds", ""),
            cell("tourney_rate_limit_batch_seconds", ""),
            cell("tourney_rate_limit_ledger_seconds", "step=\"turn\""),
            cell("tourney_rate_limit_ledger_seconds", "step=\"read\""),
            cell("tourney_rate_limit_ledger_seconds", "step=\"write\""),
            cell("tourney_rate_limit_ledger_seconds", "step=\"versions\""),
            cell("tourney_api_stage_seconds", "stage=\"answer\""),
            if batches > 0.0 {
                requests / batches
            } else {
                0.0
            },
        )
    }
}

/// One fixed-rate run after its warm-up, printed as a row of the table; its first error, if any,
/// goes to `notes`, printed under the table. With `profile`, the servers' `/metrics` are read
/// after the warm-up and after the run, and the change kept.
fn warm_and_run(
    generator: &OpenLoop,
    rate: f64,
    duration: Duration,
    against: &str,
    notes: &mut Vec<String>,
    profile: Option<([&str; 2], &mut Profiled)>,
) -> Report {
    generator.run(rate, WARM_UP);
    let before = profile
        .as_ref()
        .map(|(servers, _)| servers.map(outside::Scrape::of));
    let report = generator.run(rate, duration);
    if let (Some((servers, profiled)), Some(before)) = (profile, before) {
        let after = servers.map(outside::Scrape::of);
        profiled.change = after[0].since(&before[0]).plus(&after[1].since(&before[1]));
    }
    println!("{}", report.row(against));
    if let Some(error) = &report.first_error {
        notes.push(format!("{against} at {rate:.0}/s, first error: {error}"));
    }
    report
}

/// Climbs `LADDER` until `keeps_goal` says no, then bisects `BISECTIONS` times between the last
/// rate that kept the goal and the first that missed it. Returns those two rates as found.
fn highest_rate_under_goal(keeps_goal: &mut dyn FnMut(f64) -> bool) -> (Option<f64>, Option<f64>) {
    let (mut kept, mut missed) = (None, None);
    for rate in LADDER {
        if keeps_goal(rate) {
            kept = Some(rate);
        } else {
            missed = Some(rate);
            break;
        }
    }
    let (Some(mut low), Some(mut high)) = (kept, missed) else {
        return (kept, missed);
    };
    for _ in 0..BISECTIONS {
        let middle = ((low + high) / 2.0 / 100.0).round() * 100.0;
        if middle <= low || middle >= high {
            break;
        }
        if keeps_goal(middle) {
            low = middle;
        } else {
            high = middle;
        }
    }
    (Some(low), Some(high))
}

/// The lines under the fixed-rate table: the goal's rate and the highest rate found.
fn summarise(measured: &[(f64, Report)], kept: Option<f64>, missed: Option<f64>) {
    let p99_at = |rate: f64| {
        measured
            .iter()
            .rev()
            .find(|(r, _)| *r == rate)
            .map(|(_, report)| report)
    };
    match p99_at(GOAL_RATE) {
        Some(report) => println!(
            "at {GOAL_RATE:.0} requests/s: p99 {:.2} ms, {} (goal: under {P99_GOAL_MS} ms, every answer a 2xx)",
            report.p99_ms,
            if report.p99_under(P99_GOAL_MS) {
                "met"
            } else {
                "not met"
            },
        ),
        None => {
            println!("at {GOAL_RATE:.0} requests/s: not run, the goal was missed at a lower rate")
        }
    }
    match (kept, missed) {
        (Some(kept), Some(missed)) => println!(
            "highest rate with p99 under {P99_GOAL_MS} ms: {kept:.0} requests/s ({missed:.0} requests/s: p99 {:.2} ms)",
            p99_at(missed).map_or(f64::NAN, |r| r.p99_ms),
        ),
        (Some(kept), None) => println!(
            "highest rate with p99 under {P99_GOAL_MS} ms: at least {kept:.0} requests/s, the highest tried"
        ),
        (None, _) => println!(
            "highest rate with p99 under {P99_GOAL_MS} ms: none, not even {:.0} requests/s",
            LADDER[0]
        ),
    }
}

/// The targets of an open loop: one key of each half in turn, each half's keys sent to its own
/// server, so that each server has half of the rate.
fn alternating(bases: [&str; 2], halves: [&[(usize, String)]; 2], path: &str) -> Vec<Target> {
    let longest = halves[0].len().max(halves[1].len());
    (0..longest)
        .flat_map(|i| [0, 1].map(|side| (side, halves[side].get(i))))
        .filter_map(|(side, key)| {
            key.map(|(_, key)| Target {
                base: bases[side].to_owned(),
                key: key.clone(),
                path: path.to_owned(),
            })
        })
        .collect()
}
