//! Load benchmark of the read API: a real `tourney serve` (release build) on a database of 10
//! spaces, each with a 64-player double elimination and five more tournaments, driven by `wrk`
//! with 64 keep-alive connections rotating over 100 keys (10 per space, the most a space may
//! have). The per-key limit is raised with `--rate-limit` so that 200s are measured; a second run
//! at the default 120 measures the 429 path. Bare warp servers answering a fixed body of the size
//! of `/tournaments` and of `/matches`, in the same session, give the ratios to aim at.
//!
//! Run: `cargo bench --bench api` (needs `wrk`, from Debian's package of that name). Environment:
//! `TOURNEY_BENCH_SECONDS` (default 8) per run. Results go to stdout as a Markdown table; the
//! figures in docs/PERFORMANCE.md come from here.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const SPACES: usize = 10;
const KEYS_PER_SPACE: usize = 10;

fn tourney(db: &str, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_tourney"))
        .env("TOURNEY_DATABASE_URL", db)
        .args(args)
        .output()
        .expect("run tourney");
    assert!(
        output.status.success(),
        "tourney {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

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

struct Serve {
    child: Child,
    base: String,
}

impl Serve {
    fn start(db: &str, limit: u32) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
            .env("TOURNEY_DATABASE_URL", db)
            .env("TOURNEY_LOG", "warn")
            .args([
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--rate-limit",
                &limit.to_string(),
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tourney serve");
        let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        reader.read_line(&mut line).expect("the bound address");
        std::thread::spawn(move || for _ in reader.lines() {});
        Serve {
            child,
            base: line.trim().trim_start_matches("listening on ").to_owned(),
        }
    }

    /// The most memory the server process has used, in MiB.
    fn peak_mib(&self) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
            .map_or(f64::NAN, |kb| kb / 1024.0)
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Rotates over "key path" lines, one request each.
const LUA: &str = r#"
local pairs_ = {}
local i = 0
function init(args)
  for line in io.lines(args[1]) do
    local key, path = line:match("^(%S+) (%S+)$")
    pairs_[#pairs_ + 1] = { key = key, path = path }
  end
  i = math.random(#pairs_)
end
function request()
  i = i % #pairs_ + 1
  local p = pairs_[i]
  return wrk.format("GET", p.path, { ["Authorization"] = "Bearer " .. p.key })
end
"#;

struct Run {
    rps: f64,
    p50_ms: f64,
    p99_ms: f64,
    non_2xx: u64,
}

fn wrk(url: &str, script: &std::path::Path, pairs: &std::path::Path, seconds: u64) -> Run {
    let output = Command::new("wrk")
        .args(["-t2", "-c64", &format!("-d{seconds}s"), "--latency", "-s"])
        .arg(script)
        .arg(url)
        .arg("--")
        .arg(pairs)
        .output()
        .expect("run wrk");
    let text = String::from_utf8_lossy(&output.stdout);
    let field = |prefix: &str| {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(prefix).map(|v| v.trim().to_owned()))
    };
    let millis = |value: String| {
        let (number, unit) = value.split_at(
            value
                .find(|c: char| c.is_ascii_alphabetic())
                .unwrap_or(value.len()),
        );
        let number: f64 = number.parse().unwrap_or(f64::NAN);
        match unit {
            "us" => number / 1000.0,
            "ms" => number,
            "s" => number * 1000.0,
            _ => f64::NAN,
        }
    };
    Run {
        rps: field("Requests/sec:")
            .and_then(|v| v.parse().ok())
            .unwrap_or(f64::NAN),
        p50_ms: field("50%").map(millis).unwrap_or(f64::NAN),
        p99_ms: field("99%").map(millis).unwrap_or(f64::NAN),
        non_2xx: field("Non-2xx or 3xx responses:")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0),
    }
}

/// A bare warp server answering `body` to every request, on a runtime of its own.
fn bare_warp(body: Vec<u8>) -> (String, tokio::runtime::Runtime) {
    use warp::Filter;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind");
    let address = listener.local_addr().expect("address");
    let body = bytes::Bytes::from(body);
    let route = warp::any().map(move || {
        let mut response = warp::reply::Response::new(body.clone().into());
        response.headers_mut().insert(
            "content-type",
            warp::http::HeaderValue::from_static("application/json"),
        );
        response
    });
    runtime.spawn(warp::serve(route).incoming(listener).run());
    (format!("http://{address}"), runtime)
}

fn main() {
    if Command::new("wrk").arg("--version").output().is_err() {
        eprintln!("skipped: the api benchmark needs wrk (apt-get install wrk)");
        return;
    }
    let seconds: u64 = std::env::var("TOURNEY_BENCH_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8);
    let dir = tempfile::tempdir().expect("temporary directory");
    let db = format!("sqlite://{}/bench.db", dir.path().display());
    let doc = dir.path().join("bench.json");
    std::fs::write(&doc, document()).expect("write the document");
    tourney(&db, &["import", doc.to_str().unwrap_or_default()]);
    let mut keys = Vec::new();
    for s in 1..=SPACES {
        tourney(&db, &["tournaments", "start", &format!("de64-{s}")]);
        for _ in 0..KEYS_PER_SPACE {
            let output = tourney(&db, &["keys", "create", "--space", &format!("bench-{s}")]);
            keys.push((s, output.lines().nth(1).unwrap_or_default().to_owned()));
        }
    }
    let script = dir.path().join("rotate.lua");
    std::fs::write(&script, LUA).expect("write the script");
    let pairs_for = |path: &dyn Fn(usize) -> String| {
        let file = dir.path().join("pairs.txt");
        let mut out = std::fs::File::create(&file).expect("pairs file");
        for (space, key) in &keys {
            let _ = writeln!(out, "{key} {}", path(*space));
        }
        file
    };

    let serve = Serve::start(&db, 1_000_000);
    let fetch = |path: &str| {
        Command::new("curl")
            .args([
                "-s",
                "-H",
                &format!("Authorization: Bearer {}", keys[0].1),
                &format!("{}{path}", serve.base),
            ])
            .output()
            .map(|o| o.stdout)
            .unwrap_or_default()
    };
    let sample = fetch("/api/v1/tournaments");
    let (bare_url, _runtime) = bare_warp(sample.clone());
    let matches_sample = fetch("/api/v1/tournaments/de64-1/matches");
    let (bare_matches_url, _matches_runtime) = bare_warp(matches_sample.clone());
    println!("| run | requests/s | p50 | p99 | non-2xx |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    let report = |name: &str, run: &Run| {
        println!(
            "| {name} | {:.0} | {:.2} ms | {:.2} ms | {} |",
            run.rps, run.p50_ms, run.p99_ms, run.non_2xx
        );
    };
    let bare = wrk(&bare_url, &script, &pairs_for(&|_| "/".to_owned()), seconds);
    report(&format!("bare warp, fixed {} B body", sample.len()), &bare);
    let list = wrk(
        &serve.base,
        &script,
        &pairs_for(&|_| "/api/v1/tournaments".to_owned()),
        seconds,
    );
    report("GET /api/v1/tournaments", &list);
    let bare_matches = wrk(
        &bare_matches_url,
        &script,
        &pairs_for(&|_| "/".to_owned()),
        seconds,
    );
    report(
        &format!("bare warp, fixed {} B body", matches_sample.len()),
        &bare_matches,
    );
    let matches = wrk(
        &serve.base,
        &script,
        &pairs_for(&|s| format!("/api/v1/tournaments/de64-{s}/matches")),
        seconds,
    );
    report(
        "GET /api/v1/tournaments/{slug}/matches (64-player double elimination)",
        &matches,
    );
    let standings = wrk(
        &serve.base,
        &script,
        &pairs_for(&|s| format!("/api/v1/tournaments/de64-{s}/standings")),
        seconds,
    );
    report("GET /api/v1/tournaments/{slug}/standings", &standings);
    let bracket = wrk(
        &serve.base,
        &script,
        &pairs_for(&|s| format!("/embed/en/tournaments/de64-{s}/bracket")),
        seconds,
    );
    report(
        "GET /embed/en/tournaments/{slug}/bracket (widget page, no key needed)",
        &bracket,
    );
    let peak = serve.peak_mib();
    drop(serve);
    let limited = Serve::start(&db, 120);
    std::thread::sleep(Duration::from_millis(200));
    let refused = wrk(
        &limited.base,
        &script,
        &pairs_for(&|_| "/api/v1/tournaments".to_owned()),
        seconds,
    );
    report(
        "GET /api/v1/tournaments at the default limit (mostly 429)",
        &refused,
    );
    println!();
    println!(
        "ratio /tournaments to bare warp: {:.2}",
        list.rps / bare.rps
    );
    println!(
        "ratio /matches to bare warp with a body of its size: {:.2}",
        matches.rps / bare_matches.rps
    );
    println!("peak memory of serve over the 200 runs: {peak:.1} MiB");
}
