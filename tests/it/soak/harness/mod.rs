//! The soak: the deployment's real shape under load for a set time, then its books checked.
//!
//! Two `serve` replicas (each delivering webhooks too) and a `dispatch` on one database; an
//! HTTPS receiver that fails one request in fifty; twenty shell "terminals" writing at once
//! (registering and withdrawing players, reporting and correcting results, creating and revoking
//! keys, retrying failed deliveries); portal visitors registering through the forms; API readers
//! on both replicas. Every write a terminal or a visitor saw acknowledged is read back at once
//! from a replica picked at random (a stale read is counted if it does not show), and at the end:
//!
//! - no process died, and each stops cleanly on SIGTERM;
//! - every acknowledged write is there, once, and every refused one is not;
//! - every event in the outbox reached the receiver at least once;
//! - the database is whole: `PRAGMA integrity_check` and `foreign_key_check` on SQLite; on
//!   Postgres every B-tree index verified by `amcheck`, and no delivery or attempt without its
//!   event or delivery.
//!
//! Shared by the CI test (`tests/it/soak`) and the bench (`benches/soak.rs`): it uses only the
//! `tourney` binary, its own HTTP clients and the receiver (`super::receiver`).

#![allow(dead_code)]

mod actors;
mod books;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::Value;

use super::receiver::{Receiver, Reply};

/// What a soak runs.
#[derive(Debug, Clone)]
pub struct Plan {
    pub database_url: String,
    pub binary: PathBuf,
    pub duration: Duration,
    /// Shell processes writing at once.
    pub terminals: usize,
    /// Portal visitors registering at once.
    pub visitors: usize,
    /// API readers at once.
    pub readers: usize,
}

/// What a soak found.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Acknowledged and refused writes, by action.
    pub actions: BTreeMap<&'static str, (u64, u64)>,
    /// Why writes were refused (first line of each distinct reason, with counts).
    pub refusals: BTreeMap<String, u64>,
    pub reads: u64,
    /// Answers `503 unavailable` (with `Retry-After`): the request was not answered, and was
    /// asked again, as a client does.
    pub unavailable: u64,
    /// Reads that failed otherwise (another 5xx, a broken connection).
    pub bad_reads: Vec<String>,
    /// Acknowledged writes that a replica's very next read did not show.
    pub stale_reads: Vec<String>,
    /// Processes that died, or did not stop cleanly.
    pub deaths: Vec<String>,
    /// Acknowledged writes missing at the end, or refused ones present.
    pub books: Vec<String>,
    pub events: usize,
    pub undelivered: Vec<String>,
    pub webhook_requests: usize,
    /// What the database's own checks said, when not fine.
    pub integrity: Vec<String>,
    pub elapsed: Duration,
}

impl Outcome {
    /// Everything that broke a promise.
    pub fn failures(&self) -> Vec<String> {
        let mut all = Vec::new();
        let mut add = |what: &str, list: &[String]| {
            if !list.is_empty() {
                all.push(format!(
                    "{what} ({}): {}",
                    list.len(),
                    list.iter().take(5).cloned().collect::<Vec<_>>().join("; ")
                ));
            }
        };
        add("process deaths", &self.deaths);
        add("bad reads", &self.bad_reads);
        add("stale reads", &self.stale_reads);
        add("books", &self.books);
        add("undelivered events", &self.undelivered);
        add("integrity", &self.integrity);
        add(
            "refusals that are the database's failure",
            &self.failed_writes(),
        );
        all
    }

    /// Refusals that name no rule of the product but a failure of the database (a deadlock, a
    /// lost connection): a write the organiser did nothing wrong to lose.
    pub fn failed_writes(&self) -> Vec<String> {
        self.refusals
            .iter()
            .filter(|(why, _)| why.contains("database error"))
            .map(|(why, n)| format!("{n} × {why}"))
            .collect()
    }

    pub fn acknowledged(&self) -> u64 {
        self.actions.values().map(|(ok, _)| ok).sum()
    }

    /// A Markdown summary.
    pub fn report(&self) -> String {
        let mut out = format!(
            "{:.0} s: {} writes acknowledged, {} refused; {} API reads; {} events, {} webhook requests\n\n",
            self.elapsed.as_secs_f64(),
            self.acknowledged(),
            self.actions.values().map(|(_, no)| no).sum::<u64>(),
            self.reads,
            self.events,
            self.webhook_requests
        );
        out.push_str("| action | acknowledged | refused |\n| --- | ---: | ---: |\n");
        for (action, (ok, no)) in &self.actions {
            out.push_str(&format!("| {action} | {ok} | {no} |\n"));
        }
        if !self.refusals.is_empty() {
            out.push_str("\nrefusals:\n");
            for (why, n) in &self.refusals {
                out.push_str(&format!("- {n} × {why}\n"));
            }
        }
        out.push_str(&format!(
            "\nprocess deaths {}, stale reads {}, bad reads {}, 503 answers (asked again) {}, missing or extra writes {}, undelivered events {}, integrity problems {}\n",
            self.deaths.len(),
            self.stale_reads.len(),
            self.bad_reads.len(),
            self.unavailable,
            self.books.len(),
            self.undelivered.len(),
            self.integrity.len()
        ));
        out
    }
}

/// What the run shares between its tasks.
struct Shared {
    plan: Plan,
    replicas: Vec<String>,
    reader_key: String,
    stop: AtomicBool,
    reads: AtomicU64,
    unavailable: AtomicU64,
    outcome: Mutex<Outcome>,
    /// Registrations by tournament slug and name: `true` active, `false` withdrawn.
    registered: Mutex<HashMap<(String, String), bool>>,
    /// Registrations refused: never to be found.
    refused: Mutex<Vec<(String, String)>>,
    /// The last acknowledged score of each match.
    results: Mutex<HashMap<String, (u32, u32)>>,
    http: reqwest::Client,
}

impl Shared {
    fn count(&self, action: &'static str, acknowledged: bool) {
        let mut outcome = self.outcome.lock().expect("the outcome");
        let entry = outcome.actions.entry(action).or_default();
        if acknowledged {
            entry.0 += 1;
        } else {
            entry.1 += 1;
        }
    }

    fn refused_because(&self, why: &str) {
        let line = why
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(160)
            .collect::<String>();
        *self
            .outcome
            .lock()
            .expect("the outcome")
            .refusals
            .entry(line)
            .or_default() += 1;
    }

    fn stale(&self, what: String) {
        self.outcome
            .lock()
            .expect("the outcome")
            .stale_reads
            .push(what);
    }

    fn bad_read(&self, what: String) {
        self.outcome
            .lock()
            .expect("the outcome")
            .bad_reads
            .push(what);
    }

    fn replica(&self, rng: &mut Dice) -> &str {
        &self.replicas[rng.below(self.replicas.len())]
    }

    /// `GET path` on `base` with `key`: the status and the JSON body (when there is one). An
    /// answer `503 unavailable` is asked again after its `Retry-After`, as a client does (up to
    /// ten times); any other server error is a bad read.
    async fn get(&self, base: &str, key: &str, path: &str) -> Option<(StatusCode, Value)> {
        for _ in 0..10 {
            self.reads.fetch_add(1, Ordering::Relaxed);
            let response = match self
                .http
                .get(format!("{base}{path}"))
                .bearer_auth(key)
                .send()
                .await
            {
                Ok(response) => response,
                Err(error) => {
                    self.bad_read(format!("GET {base}{path}: {error}"));
                    return None;
                }
            };
            let status = response.status();
            if status == StatusCode::SERVICE_UNAVAILABLE {
                self.unavailable.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
            if status.is_server_error() {
                self.bad_read(format!("GET {base}{path}: {status}"));
            }
            let body = response.json().await.unwrap_or(Value::Null);
            return Some((status, body));
        }
        self.bad_read(format!("GET {base}{path}: 503 ten times over ten seconds"));
        None
    }

    /// The status of `name` in `slug` as a replica's API shows it now.
    async fn participant(&self, base: &str, slug: &str, name: &str) -> Option<String> {
        let (_, body) = self
            .get(
                base,
                &self.reader_key,
                &format!("/api/v1/tournaments/{slug}"),
            )
            .await?;
        body["data"]["participants"]
            .as_array()?
            .iter()
            .filter(|p| p["name"] == name)
            .map(|p| p["status"].as_str().unwrap_or("").to_owned())
            .find(|s| s == "active")
            .or_else(|| {
                body["data"]["participants"]
                    .as_array()?
                    .iter()
                    .find(|p| p["name"] == name)
                    .map(|p| p["status"].as_str().unwrap_or("").to_owned())
            })
    }
}

/// A small deterministic random source (xorshift), one per task.
pub struct Dice(u64);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// A `tourney` shell command's outcome: success and what it printed.
struct Shell {
    ok: bool,
    stdout: String,
    stderr: String,
}

fn tourney(plan: &Plan, args: &[&str]) -> Command {
    let mut command = Command::new(&plan.binary);
    for (key, _) in std::env::vars() {
        if key.starts_with("TOURNEY_") {
            command.env_remove(key);
        }
    }
    command
        .env("TOURNEY_DATABASE_URL", &plan.database_url)
        .env("TOURNEY_BASE_URL", "https://cup.example.org")
        .env("TOURNEY_ACTOR", "soak")
        .args(args);
    command
}

/// Runs a shell command off the async runtime.
async fn shell(plan: &Plan, args: &[&str]) -> Shell {
    let mut command = tourney(plan, args);
    let output = tokio::task::spawn_blocking(move || command.output())
        .await
        .expect("join")
        .expect("run tourney");
    Shell {
        ok: output.status.success(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Runs a setup command, which must succeed.
async fn setup(plan: &Plan, args: &[&str]) -> String {
    let out = shell(plan, args).await;
    assert!(out.ok, "tourney {args:?}: {}", out.stderr);
    out.stdout
}

/// A long-running `tourney` process of the soak.
struct Process {
    name: String,
    child: Child,
    base: Option<String>,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `serve` on a free port, self-linked, delivering with the soak's retry schedule.
fn serve(plan: &Plan, name: &str, delivery: &[String]) -> Process {
    for _ in 0..5 {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let base = format!("http://127.0.0.1:{port}");
        let mut command = tourney(plan, &["--base-url", &base, "serve"]);
        command
            .args(["--listen", &format!("127.0.0.1:{port}")])
            .args(["--rate-limit", "1000000", "--form-limit", "100000"])
            .args(["--player-address-limit", "1000000"])
            .args(delivery)
            .env(
                "TOURNEY_LOG",
                std::env::var("TOURNEY_SOAK_LOG").unwrap_or_else(|_| "error".into()),
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let mut child = command.spawn().expect("start serve");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
            {
                let _ = sender.send(line);
            }
        });
        match receiver.recv_timeout(Duration::from_secs(30)) {
            Ok(line) if line.starts_with("listening on") => {
                return Process {
                    name: name.to_owned(),
                    child,
                    base: Some(base),
                };
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
    panic!("{name} could not start on any of five ports");
}

fn dispatch(plan: &Plan, delivery: &[String]) -> Process {
    let mut command = tourney(plan, &["dispatch"]);
    command
        .args(delivery)
        .env("TOURNEY_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    Process {
        name: "dispatch".into(),
        child: command.spawn().expect("start dispatch"),
        base: None,
    }
}

/// A league of `players` in round robin, drawn: its matches all ready to report.
fn league(players: usize) -> String {
    let names: Vec<String> = (1..=players)
        .map(|p| format!(r#"{{"name": "League Player {p:02}"}}"#))
        .collect();
    format!(
        r#"{{"version": 1, "spaces": [{{"slug": "league-club", "name": "League Club", "tournaments": [
            {{"slug": "league", "name": "League", "game": "chess", "format": "round_robin",
              "status": "REGISTRATION_CLOSED", "max_participants": {players},
              "starts_at": "2026-12-01T18:00:00Z", "participants": [{}]}}]}}]}}"#,
        names.join(",")
    )
}

/// The soak's shell writers, their own tournaments and spaces, and its league's matches.
async fn prepare(plan: &Plan, receiver: &Receiver, dir: &std::path::Path) -> (String, Vec<String>) {
    setup(plan, &["spaces", "create", "club", "--name", "Club"]).await;
    let key = setup(plan, &["keys", "create", "--space", "club"]).await;
    let key = key
        .lines()
        .find(|l| l.starts_with("tk_"))
        .expect("the reader's key")
        .to_owned();
    setup(
        plan,
        &[
            "hooks",
            "add",
            "--space",
            "club",
            &receiver.url,
            "--allow-cidr",
            "127.0.0.0/8",
        ],
    )
    .await;
    let create = |slug: String, space: &'static str| {
        let plan = plan.clone();
        async move {
            setup(
                &plan,
                &[
                    "tournaments",
                    "create",
                    "--space",
                    space,
                    "--slug",
                    &slug,
                    "--name",
                    &slug,
                    "--game",
                    "chess",
                    "--format",
                    "swiss",
                    "--max-participants",
                    "4096",
                    "--starts-at",
                    "2026-12-04T18:00:00Z",
                ],
            )
            .await;
            setup(
                &plan,
                &["tournaments", "status", &slug, "REGISTRATION_OPEN"],
            )
            .await;
        }
    };
    create("cup".into(), "club").await;
    for terminal in 0..plan.terminals {
        create(format!("signups-{terminal}"), "club").await;
        let space = format!("team-{terminal}");
        setup(plan, &["spaces", "create", &space, "--name", &space]).await;
    }
    let document = dir.join("league.json");
    std::fs::write(&document, league(32)).expect("the league");
    setup(plan, &["import", &document.display().to_string()]).await;
    // The league's space reports to the receiver too, and its key reads it.
    setup(
        plan,
        &[
            "hooks",
            "add",
            "--space",
            "league-club",
            &receiver.url,
            "--allow-cidr",
            "127.0.0.0/8",
        ],
    )
    .await;
    setup(plan, &["tournaments", "start", "league"]).await;
    let listed = setup(plan, &["matches", "list", "league", "--ready"]).await;
    let matches = listed
        .split_whitespace()
        .filter(|w| w.starts_with("mat_"))
        .map(str::to_owned)
        .collect();
    (key, matches)
}

/// Runs the soak as `plan` says, and checks its books.
pub async fn run(plan: Plan) -> Outcome {
    let dir = tempfile::tempdir().expect("a directory");
    let receiver = Receiver::start(|_, n| {
        if n % 50 == 7 {
            Reply::Status(503)
        } else {
            Reply::Status(200)
        }
    })
    .await;
    let (reader_key, matches) = prepare(&plan, &receiver, dir.path()).await;
    let league_key = setup(&plan, &["keys", "create", "--space", "league-club"]).await;
    let league_key = league_key
        .lines()
        .find(|l| l.starts_with("tk_"))
        .expect("the league's key")
        .to_owned();
    let root = receiver.root_cert.display().to_string();
    let delivery: Vec<String> = [
        "--retry-delays",
        "1s,1s,2s,2s,5s",
        "--allow-cidr",
        "127.0.0.0/8",
        "--root-cert",
        &root,
    ]
    .map(str::to_owned)
    .to_vec();
    let mut processes = vec![
        serve(&plan, "serve a", &delivery),
        serve(&plan, "serve b", &delivery),
        dispatch(&plan, &delivery),
    ];
    let shared = Arc::new(Shared {
        replicas: processes.iter().filter_map(|p| p.base.clone()).collect(),
        reader_key,
        plan: plan.clone(),
        stop: AtomicBool::new(false),
        reads: AtomicU64::new(0),
        unavailable: AtomicU64::new(0),
        outcome: Mutex::new(Outcome::default()),
        registered: Mutex::new(HashMap::new()),
        refused: Mutex::new(Vec::new()),
        results: Mutex::new(HashMap::new()),
        http: reqwest::Client::builder()
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(20))
            .build()
            .expect("an HTTP client"),
    });
    let started = Instant::now();
    let mut tasks = Vec::new();
    let share = matches.len().div_ceil(plan.terminals.max(1)).max(1);
    for (terminal, own) in
        (0..plan.terminals).zip(matches.chunks(share).chain(std::iter::repeat(&[][..])))
    {
        tasks.push(tokio::spawn(actors::terminal_loop(
            Arc::clone(&shared),
            terminal,
            own.to_vec(),
            league_key.clone(),
        )));
    }
    for visitor in 0..plan.visitors {
        tasks.push(tokio::spawn(actors::visitor_loop(
            Arc::clone(&shared),
            visitor,
        )));
    }
    for reader in 0..plan.readers {
        tasks.push(tokio::spawn(actors::reader_loop(
            Arc::clone(&shared),
            reader,
            league_key.clone(),
        )));
    }
    // Watch the processes while the load runs.
    while started.elapsed() < plan.duration {
        tokio::time::sleep(Duration::from_millis(500)).await;
        for process in &mut processes {
            if let Ok(Some(status)) = process.child.try_wait() {
                let death = format!("{} died: {status}", process.name);
                let mut outcome = shared.outcome.lock().expect("the outcome");
                if !outcome.deaths.contains(&death) {
                    outcome.deaths.push(death);
                }
            }
        }
    }
    shared.stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.await.expect("a soak task");
    }
    books::check_results(&shared, &league_key).await;
    let events = books::event_ids(&plan).await;
    let expected: HashSet<String> = events.iter().cloned().collect();
    // Every event reaches the receiver (failed attempts retry within seconds).
    let deadline = Instant::now() + Duration::from_secs(120);
    let missing = loop {
        let got: HashSet<String> = receiver
            .received()
            .iter()
            .filter_map(|r| r.header("svc-webhook-id").map(str::to_owned))
            .collect();
        let missing: Vec<String> = expected.difference(&got).cloned().collect();
        if missing.is_empty() || Instant::now() > deadline {
            break missing;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    // Each process stops cleanly.
    let mut deaths = Vec::new();
    for mut process in processes {
        if let Ok(Some(status)) = process.child.try_wait() {
            deaths.push(format!("{} had died: {status}", process.name));
            continue;
        }
        let _ = Command::new("kill")
            .args(["-TERM", &process.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Ok(Some(status)) = process.child.try_wait() {
                break Some(status);
            }
            if Instant::now() > deadline {
                break None;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        match status {
            Some(status) if status.success() => {}
            Some(status) => deaths.push(format!("{} stopped with {status}", process.name)),
            None => deaths.push(format!(
                "{} did not stop within 30 s of SIGTERM",
                process.name
            )),
        }
    }
    let books = books::check_books(&shared).await;
    let integrity = books::check_integrity(&plan).await;
    let mut outcome = std::mem::take(&mut *shared.outcome.lock().expect("the outcome"));
    outcome.deaths.extend(deaths);
    outcome.books = books;
    outcome.integrity = integrity;
    outcome.events = events.len();
    outcome.undelivered = missing;
    outcome.webhook_requests = receiver.received().len();
    outcome.reads = shared.reads.load(Ordering::Relaxed);
    outcome.unavailable = shared.unavailable.load(Ordering::Relaxed);
    outcome.elapsed = started.elapsed();
    outcome
}
