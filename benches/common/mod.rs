//! What the load benchmarks share: a release `tourney serve` on a free port, `wrk` with its
//! latency figures, an open-loop load generator for latency at a fixed offered rate
//! ([`open_loop`]), and a bare warp server answering a fixed body, the yardstick every ratio in
//! docs/PERFORMANCE.md is read against.

#![allow(dead_code)]

pub mod open_loop;
pub mod outside;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// The `tourney` binary the benches run: `TOURNEY_BENCH_BINARY` when set (another build, to
/// compare before and after in one session), else this build's.
pub fn binary() -> std::ffi::OsString {
    std::env::var_os("TOURNEY_BENCH_BINARY").unwrap_or_else(|| env!("CARGO_BIN_EXE_tourney").into())
}

pub struct Serve {
    child: Child,
    pub base: String,
}

impl Serve {
    /// `tourney serve` on `db` with `args`, once it listens; its log at `warn`.
    pub fn start(db: &str, args: &[&str]) -> Serve {
        Serve::start_logging(db, args, "warn")
    }

    /// `tourney serve` on `db` with `args`, once it listens, its log at `level` (`info`, the
    /// default a user runs, writes a line per request), read and dropped as it comes.
    pub fn start_logging(db: &str, args: &[&str], level: &str) -> Serve {
        let mut child = Command::new(binary())
            .env("TOURNEY_DATABASE_URL", db)
            .env("TOURNEY_LOG", level)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start tourney serve");
        let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
        let mut errors = child.stderr.take().expect("stderr");
        // "links lead to …" may come first; "listening on …" is the last line about the server.
        let mut line = String::new();
        while !line.starts_with("listening on ") {
            line.clear();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                let mut text = String::new();
                let _ = std::io::Read::read_to_string(&mut errors, &mut text);
                panic!("tourney serve {args:?} did not start: {text}");
            }
        }
        // Warnings (and the connections wrk leaves half-open at the end) are not the figures.
        std::thread::spawn(move || std::io::copy(&mut errors, &mut std::io::sink()));
        std::thread::spawn(move || for _ in reader.lines() {});
        Serve {
            child,
            base: line.trim().trim_start_matches("listening on ").to_owned(),
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The most memory the server process has used, in MiB.
    pub fn peak_mib(&self) -> f64 {
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

/// Runs the `tourney` shell command on `db` and returns what it printed; a failure stops the
/// benchmark with its message.
pub fn tourney(db: &str, args: &[&str]) -> String {
    let output = Command::new(binary())
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

/// Reports every ready match of `slug` until none is left but the grand final.
pub fn play(db: &str, slug: &str) {
    loop {
        let listing = tourney(db, &["matches", "list", slug, "--ready"]);
        let ready: Vec<String> = listing
            .lines()
            .skip(1)
            .filter(|l| !l.contains("grand_final"))
            .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
            .collect();
        if ready.is_empty() {
            return;
        }
        for id in ready {
            tourney(db, &["matches", "report", slug, &id, "--score", "2-1"]);
        }
    }
}

/// A `wrk` script that rotates over "value path" lines, one request each, sending `header:
/// prefix + value` with every request.
pub fn rotating_script(header: &str, prefix: &str) -> String {
    const SCRIPT: &str = r#"
local pairs_ = {}
local i = 0
function init(args)
  for line in io.lines(args[1]) do
    local value, path = line:match("^(%S+) (%S+)$")
    pairs_[#pairs_ + 1] = { value = value, path = path }
  end
  i = math.random(#pairs_)
end
function request()
  i = i % #pairs_ + 1
  local p = pairs_[i]
  return wrk.format("GET", p.path, { ["@HEADER@"] = "@PREFIX@" .. p.value })
end
"#;
    SCRIPT
        .replace("@HEADER@", header)
        .replace("@PREFIX@", prefix)
}

/// Rotates over "key path" lines with the key as a Bearer token.
pub fn bearer_script() -> String {
    rotating_script("Authorization", "Bearer ")
}

/// The number in the environment variable `name`, or `default`.
pub fn setting<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Whether `wrk` is missing; says then that `bench` is skipped.
pub fn without_wrk(bench: &str) -> bool {
    let missing = Command::new("wrk").arg("--version").output().is_err();
    if missing {
        eprintln!("skipped: the {bench} benchmark needs wrk (apt-get install wrk)");
    }
    missing
}

pub struct Run {
    pub rps: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub non_2xx: u64,
}

/// `wrk` with 2 threads and 64 connections for `seconds`, running `script` with `pairs` (one
/// request line each).
pub fn wrk(url: &str, script: &std::path::Path, pairs: &std::path::Path, seconds: u64) -> Run {
    wrk_with(url, script, pairs, seconds, 2, 64)
}

/// `wrk` with `threads` threads and `connections` connections for `seconds`.
pub fn wrk_with(
    url: &str,
    script: &std::path::Path,
    pairs: &std::path::Path,
    seconds: u64,
    threads: u32,
    connections: u32,
) -> Run {
    let output = Command::new("wrk")
        .args([
            &format!("-t{threads}"),
            &format!("-c{connections}"),
            &format!("-d{seconds}s"),
            "--latency",
            "-s",
        ])
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
pub fn bare_warp(body: Vec<u8>, content_type: &'static str) -> (String, tokio::runtime::Runtime) {
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
            warp::http::HeaderValue::from_static(content_type),
        );
        response
    });
    runtime.spawn(warp::serve(route).incoming(listener).run());
    (format!("http://{address}"), runtime)
}

/// A fresh Postgres database on the server `admin` names (a user who may create databases), for
/// one run; `drop` removes it.
pub struct PgDatabase {
    admin: String,
    pub name: String,
    pub url: String,
}

impl PgDatabase {
    /// Creates `tourney_bench_{label}_{process id}`.
    pub async fn create(admin: &str, label: &str) -> PgDatabase {
        let name = format!("tourney_bench_{label}_{}", std::process::id());
        Self::execute(admin, format!("CREATE DATABASE {name}")).await;
        let mut url = url::Url::parse(admin).expect("TOURNEY_BENCH_PG_URL is a URL");
        url.set_path(&name);
        PgDatabase {
            admin: admin.to_owned(),
            name,
            url: url.to_string(),
        }
    }

    async fn execute(admin: &str, statement: String) {
        use sqlx::{Connection, Executor};
        let mut conn = sqlx::PgConnection::connect(admin)
            .await
            .expect("connect to TOURNEY_BENCH_PG_URL");
        conn.execute(sqlx::AssertSqlSafe(statement))
            .await
            .expect("create or drop the database");
    }

    pub async fn drop(self) {
        Self::execute(
            &self.admin,
            format!("DROP DATABASE {} WITH (FORCE)", self.name),
        )
        .await;
    }
}
