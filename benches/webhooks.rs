//! Webhook delivery benchmark, as one machine runs it: a release `tourney serve` delivers with its
//! own delivery loop to an HTTPS receiver on 127.0.0.1 in this process (its own CA, certificate
//! verification on), while the same server's API is idle or loaded ([`Load`]). Two phases per run:
//!
//! 1. **Bulk**: a backlog of `WEBHOOK_BENCH_EVENTS` events (default 10,000) appended in one
//!    transaction; deliveries per second = events / time from the commit until the last
//!    delivery's successful answer (its attempt's start and duration as recorded).
//! 2. **Steady**: 500 events a second (50 every 100 ms) for 5 s; event-to-first-attempt = the
//!    first attempt's start, as the database recorded it, minus the time the event was written
//!    (not its `created_at`: a space's events get times of their own, a millisecond apart, so 50
//!    written at once carry times up to 49 ms later than their write).
//!
//! 3. **One slow address among fast ones** (idle API): three addresses that answer at once and,
//!    in the second run, a fourth that answers every request after 4.5 s; a backlog of
//!    `WEBHOOK_BENCH_EVENTS / 3` events, each for every address; deliveries per second to the
//!    fast addresses = their deliveries / time from the commit until the last of theirs answered. The
//!    two figures side by side show what one slow receiver costs everyone else.
//!
//! Beside each bulk phase, in the same run, a **bare sender**: the same HTTP client and signing as
//! `serve`'s delivery loop (`tourney::webhook`), with no database and no leases, sends the same
//! events' bodies to the same receiver with as many requests in flight as the loop sends to one
//! address, with both header sets (as `serve` sends them) and with the specification's alone,
//! in the order both, one, one, both; the ratio of their means is what the Standard Webhooks set
//! (a second HMAC, three more headers) costs. The loop sends an address's first attempts one at
//! a time, in event order, so the bare sender also sends them **one at a time**, the most any
//! sender keeping that order gets from this receiver on this machine: once in this process, and
//! once in **a process of its own** (this binary again, `TOURNEY_BENCH_BARE_SENDER`), as `serve`
//! is to the receiver. In the receiver's own process a request and its answer wake threads of
//! one runtime; across two processes each wakes the other process, which `serve` pays too. The
//! loop is read against that one.
//!
//! After the table, where the bulk phase's time went in `serve`'s loop: its `/metrics`
//! (`tourney_webhook_loop_seconds{step}`) read before and after the phase, as claims, recorded
//! batches (and their mean size) and the pauses between a run's attempts.
//!
//! Each run uses a fresh database, and meets one of three API loads on `GET
//! /api/v1/tournaments` (keys with the rate limit raised) for the whole run ([`Load`]): none; an
//! open loop at a fixed offered rate over four keys (`TOURNEY_BENCH_API_RATE`, default 5,000
//! requests/s, the rate of DESIGN §8's latency target), the traffic a deployment meets, whose
//! latency is printed beside; and `wrk -t1 -c16`, as fast as the server answers, which leaves the
//! machine no idle time and so reads how the scheduler splits two cores among the API, the loop,
//! the database and the generators. Each repeats `TOURNEY_BENCH_ROUNDS` times (default 3);
//! medians are printed. SQLite always; Postgres too when `TOURNEY_BENCH_PG_URL` names a server
//! where the user may create databases.
//!
//! Run: `cargo bench --bench webhooks` (the saturating runs need `wrk`, Debian's package of that
//! name; without it they are skipped with a message). `TOURNEY_BENCH_BACKENDS=postgres` and
//! `TOURNEY_BENCH_LOADS=fixed` (of `idle,fixed,wrk`) run a part of the table. Results go to
//! stdout as a Markdown table; the figures in docs/PERFORMANCE.md come from here.

#[path = "common/mod.rs"]
mod common;
#[path = "../tests/it/support/receiver.rs"]
mod receiver;

use std::process::Command;
use std::time::{Duration, Instant};

use common::open_loop::{OpenLoop, Target};
use common::outside::Scrape;
use common::{PgDatabase, Run, Serve};
use receiver::{Receiver, Reply};
use tourney::db::outbox::{self, Audience};
use tourney::db::tournaments::TournamentRow;
use tourney::db::{Db, hooks, spaces};
use tourney::domain::{Format, Locale, ParticipantStatus, SignatureHeaders};
use tourney::events::{Event, RegistrationData, RegistrationObject};
use tourney::ids::{EventId, ParticipantId};
use tourney::links::BaseUrl;
use tourney::service::tournaments::Draft;
use tourney::service::{self, Ctx};
use tourney::views::objects;
use tourney::webhook::blocklist::Policy;
use tourney::webhook::client::{ClientOptions, Headers, Sender};
use tourney::webhook::signing;

/// Appends `count` `registration.created` events of `tournament` in one transaction; returns
/// each event's id with the time it was written.
async fn append(
    db: &Db,
    tournament: &TournamentRow,
    first: usize,
    count: usize,
) -> Vec<(EventId, i64)> {
    let base_url = BaseUrl::parse("https://cup.example.org").expect("base URL");
    let mut tx = db.begin().await.expect("begin");
    let mut written = Vec::with_capacity(count);
    for n in first..first + count {
        let now = tourney::timestamp::now_ms();
        let participant = ParticipantId::from_raw(n as i64 + 1);
        let event = Event::RegistrationCreated(RegistrationData {
            tournament: objects::tournament(tournament, Locale::En, &base_url),
            registration: RegistrationObject {
                id: participant.registration(),
                participant_id: participant,
                name: format!("Benchmark Player {n}"),
                status: ParticipantStatus::Active,
                created_at: tourney::timestamp::format_ms(now),
                withdrawn_at: None,
                checked_in_at: None,
                roster: None,
            },
        });
        let id = outbox::append(
            tx.conn(),
            tournament.space_id,
            &event,
            Audience::Subscribers,
            now,
        )
        .await
        .expect("append");
        written.push((id, now));
    }
    tx.commit().await.expect("commit");
    written
}

async fn scalar(db: &Db, sql: &'static str) -> i64 {
    match db {
        Db::Sqlite(db) => sqlx::query_scalar(sql)
            .fetch_one(db.pool())
            .await
            .expect(sql),
        Db::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await.expect(sql),
    }
}

/// Event-to-first-attempt of the events `written` (with the times they were written), in
/// milliseconds, sorted.
async fn latencies(db: &Db, written: &[(EventId, i64)]) -> Vec<i64> {
    const SQL: &str = "SELECT d.event_id, a.started_at FROM attempts a \
        JOIN deliveries d ON d.id = a.delivery_id WHERE a.number = 1";
    let started: Vec<(i64, i64)> = match db {
        Db::Sqlite(db) => sqlx::query_as(SQL).fetch_all(db.pool()).await.expect(SQL),
        Db::Postgres(pool) => sqlx::query_as(SQL).fetch_all(pool).await.expect(SQL),
    };
    let started: std::collections::HashMap<i64, i64> = started.into_iter().collect();
    let mut steady: Vec<i64> = written
        .iter()
        .map(|(id, at)| started.get(&id.raw()).expect("a first attempt") - at)
        .collect();
    steady.sort_unstable();
    steady
}

/// How often the benchmark counts what succeeded. Not more: a count reads the whole table
/// (about 3 ms of Postgres's time with ten thousand deliveries), and a hundred counts a second
/// took a third of a core from what is measured. When the last delivery succeeded is read from
/// the attempts afterwards ([`rate_since`]), not from when a count saw it.
const LOOK_EVERY: Duration = Duration::from_millis(100);

/// Whose deliveries a rate counts: every one, or the fast addresses' (every address but `/slow`).
#[derive(Clone, Copy)]
enum Whose {
    All,
    Fast,
}

/// Deliveries per second from `committed` (Unix ms) until the last of the `count` deliveries of
/// `whose` answered: its successful attempt's start plus its duration, as the loop recorded them.
async fn rate_since(db: &Db, whose: Whose, count: usize, committed: i64) -> f64 {
    let sql = match whose {
        Whose::All => {
            "SELECT MAX(a.started_at + a.duration_ms) FROM attempts a WHERE a.status_code = 200"
        }
        Whose::Fast => {
            "SELECT MAX(a.started_at + a.duration_ms) FROM attempts a \
             JOIN deliveries d ON d.id = a.delivery_id JOIN hooks h ON h.id = d.hook_id \
             WHERE a.status_code = 200 AND h.url NOT LIKE '%/slow'"
        }
    };
    let ended = scalar(db, sql).await;
    count as f64 * 1000.0 / (ended - committed).max(1) as f64
}

/// Waits until `want` deliveries have succeeded; panics with the queue's state after `limit`.
async fn delivered(db: &Db, want: i64, limit: Duration) {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        let done = scalar(
            db,
            "SELECT COUNT(*) FROM deliveries WHERE status = 'succeeded'",
        )
        .await;
        if done >= want {
            return;
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
    const STATE: &str = "SELECT d.status || ' ' || COALESCE(a.error_class, '') || ' ' || \
        COALESCE(a.error_reason, '') FROM deliveries d LEFT JOIN attempts a ON a.delivery_id = d.id \
        ORDER BY a.id DESC LIMIT 1";
    let state: Option<String> = match db {
        Db::Sqlite(db) => sqlx::query_scalar(STATE)
            .fetch_optional(db.pool())
            .await
            .expect(STATE),
        Db::Postgres(pool) => sqlx::query_scalar(STATE)
            .fetch_optional(pool)
            .await
            .expect(STATE),
    };
    panic!("{want} deliveries did not succeed within {limit:?}; the latest: {state:?}");
}

fn percentile(sorted: &[i64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)] as f64
}

/// What one run measured.
struct Figures {
    rate: f64,
    /// The bare sender's deliveries/s in the same run, both header sets.
    bare: f64,
    /// The same with the specification's header set alone.
    bare_one_set: f64,
    /// The bare sender one request at a time, in event order, both header sets.
    bare_in_order: f64,
    /// The same in a process of its own, as `serve` is to the receiver.
    bare_apart: f64,
    p50: f64,
    p99: f64,
    max: f64,
    api: Option<Run>,
    /// Where the bulk phase's time went in the loop, from `serve`'s `/metrics`.
    steps: Steps,
}

/// The delivery loop's steps over the bulk phase (`tourney_webhook_loop_seconds{step}`): each
/// step's count and mean in ms, and the mean batch of recorded attempts.
#[derive(Default)]
struct Steps {
    claims: (f64, f64),
    records: (f64, f64),
    batch: f64,
    between: (f64, f64),
    /// `serve`'s delivery threads and its other threads over the phase: CPU time and time spent
    /// runnable but waiting for a core, in ms per delivery.
    delivery_threads: (f64, f64),
    other_threads: (f64, f64),
}

/// CPU time and time spent waiting for a core, in seconds, of each thread of process `pid`, by
/// thread name, from `/proc/<pid>/task/*/schedstat` (the kernel's own accounting).
fn thread_times(pid: u32) -> std::collections::HashMap<String, (f64, f64)> {
    let mut times = std::collections::HashMap::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return times;
    };
    for task in tasks.flatten() {
        let path = task.path();
        let (Ok(name), Ok(schedstat)) = (
            std::fs::read_to_string(path.join("comm")),
            std::fs::read_to_string(path.join("schedstat")),
        ) else {
            continue;
        };
        let mut fields = schedstat.split_whitespace().map(|f| f.parse::<f64>());
        let (Some(Ok(cpu)), Some(Ok(waited))) = (fields.next(), fields.next()) else {
            continue;
        };
        let entry = times.entry(name.trim().to_owned()).or_insert((0.0, 0.0));
        entry.0 += cpu / 1e9;
        entry.1 += waited / 1e9;
    }
    times
}

/// The delivery threads' and the other threads' CPU and wait between two [`thread_times`], in
/// ms per one of `deliveries`.
fn per_delivery(
    before: &std::collections::HashMap<String, (f64, f64)>,
    after: &std::collections::HashMap<String, (f64, f64)>,
    deliveries: usize,
) -> ((f64, f64), (f64, f64)) {
    let (mut delivery, mut other) = ((0.0, 0.0), (0.0, 0.0));
    for (name, &(cpu, waited)) in after {
        let (cpu_before, waited_before) = before.get(name).copied().unwrap_or((0.0, 0.0));
        // `comm` keeps 15 bytes of a thread's name: `tourney-delivery` reads `tourney-deliver`.
        let into = if name.starts_with("tourney-deliver") {
            &mut delivery
        } else {
            &mut other
        };
        into.0 += cpu - cpu_before;
        into.1 += waited - waited_before;
    }
    let per = |(cpu, waited): (f64, f64)| {
        let n = deliveries.max(1) as f64;
        (1e3 * cpu / n, 1e3 * waited / n)
    };
    (per(delivery), per(other))
}

impl Steps {
    /// The steps from `before` to `after`, two scrapes of the same server.
    fn between_scrapes(before: &Scrape, after: &Scrape) -> Steps {
        let change = after.since(before);
        let step = |name: &str| {
            change
                .histogram("tourney_webhook_loop_seconds", &format!("step=\"{name}\""))
                .map_or((0.0, f64::NAN), |(count, mean, _)| (count, mean))
        };
        let records = step("record");
        Steps {
            claims: step("claim"),
            batch: change.get("tourney_webhook_recorded_attempts_total") / records.0.max(1.0),
            records,
            between: step("between"),
            delivery_threads: (f64::NAN, f64::NAN),
            other_threads: (f64::NAN, f64::NAN),
        }
    }
}

/// `/metrics` of the server at `base`, read off the runtime.
async fn scrape(base: &str) -> Scrape {
    let base = base.to_owned();
    tokio::task::spawn_blocking(move || Scrape::of(&base))
        .await
        .expect("scrape")
}

/// A release `serve` on `url` whose delivery loop may reach `receiver`, with the API's rate limit
/// out of the way.
fn delivering_to(url: &str, receiver: &Receiver) -> Serve {
    let root = receiver.root_cert.to_string_lossy().into_owned();
    Serve::start(
        url,
        &[
            "--rate-limit",
            "1000000",
            "--allow-cidr",
            "127.0.0.0/8",
            "--root-cert",
            &root,
        ],
    )
}

/// A space with one hook to `receiver`, a tournament and an API key, on a fresh database.
async fn prepare(url: &str, receiver: &Receiver) -> (Db, TournamentRow, String) {
    let db = Db::open(url).await.expect("open the database");
    let mut tx = db.begin().await.expect("begin");
    let space = spaces::insert(tx.conn(), "bench", "Bench", Locale::En, 1)
        .await
        .expect("space");
    hooks::insert(
        tx.conn(),
        space.id,
        &receiver.url,
        None,
        SignatureHeaders::Both,
        BENCH_SECRET,
        1,
    )
    .await
    .expect("hook");
    tx.commit().await.expect("commit");
    let base_url = BaseUrl::parse("https://cup.example.org").expect("base URL");
    let tournament = service::tournaments::create(
        &db,
        &bench_ctx(&base_url),
        &Draft::new("bench", "bench-cup", "Bench Cup", "chess", Format::Swiss),
    )
    .await
    .expect("tournament");
    let key = new_key(&db).await;
    (db, tournament, key)
}

/// Who the bench's own writes through the service layer are by.
fn bench_ctx(base_url: &BaseUrl) -> Ctx<'_> {
    Ctx {
        base_url,
        actor: "bench",
        now: tourney::timestamp::now_ms(),
        member: None,
    }
}

/// A new API key of the bench's space.
async fn new_key(db: &Db) -> String {
    let base_url = BaseUrl::parse("https://cup.example.org").expect("base URL");
    service::keys::create(db, &bench_ctx(&base_url), "bench", None)
        .await
        .expect("key")
        .key
}

/// Requests in flight to one address, as the delivery loop sends them (`PER_ADDRESS`).
const IN_FLIGHT: usize = tourney::webhook::dispatcher::PER_ADDRESS;
/// Every benchmark address's secret, of the form both schemes read.
const BENCH_SECRET: &str = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

/// The bare sender: the events' bodies (id and body, as stored) signed and sent to `url` by the
/// delivery loop's own client, `in_flight` at a time, without a database; deliveries per second.
/// With `standard`, each request carries both header sets, as `serve` sends them (the second
/// HMAC and three more headers); without, the specification's set alone.
async fn bare_sender(
    url: &str,
    root: &std::path::Path,
    events: Vec<(String, String)>,
    standard: bool,
    in_flight: usize,
) -> f64 {
    let options = ClientOptions {
        policy: Policy::allowing(vec!["127.0.0.0/8".parse().expect("a CIDR")]),
        root_cert: Some(root.to_owned()),
    };
    let sender = Sender::new(&options).expect("the webhook client");
    let slots = std::sync::Arc::new(tokio::sync::Semaphore::new(in_flight));
    let mut sending = tokio::task::JoinSet::new();
    let count = events.len();
    let started = Instant::now();
    for (id, body) in events {
        let permit = std::sync::Arc::clone(&slots)
            .acquire_owned()
            .await
            .expect("a slot");
        let (sender, url) = (sender.clone(), url.to_owned());
        sending.spawn(async move {
            let _permit = permit;
            let timestamp = (tourney::timestamp::now_ms() / 1000).to_string();
            let secrets = [BENCH_SECRET.to_owned()];
            let signature = signing::signature_header(&secrets, &id, &timestamp, body.as_bytes());
            let both = standard.then(|| {
                signing::standard_signature_header(&secrets, &id, &timestamp, body.as_bytes())
            });
            let headers = Headers {
                id: &id,
                timestamp: &timestamp,
                signature: Some(&signature),
                standard: both.as_deref(),
            };
            let outcome = sender.send(&url, &headers, body.as_bytes()).await;
            assert!(outcome.succeeded(), "{}", outcome.explained());
        });
    }
    while sending.join_next().await.is_some() {}
    count as f64 / started.elapsed().as_secs_f64()
}

/// What the bare sender in a process of its own is given, as JSON in the file that
/// `TOURNEY_BENCH_BARE_SENDER` names.
#[derive(serde::Serialize, serde::Deserialize)]
struct BareJob {
    url: String,
    root: std::path::PathBuf,
    events: Vec<(String, String)>,
    in_flight: usize,
}

/// The bare sender as `serve` is to the receiver: a process of its own (this benchmark's binary
/// again, in its bare-sender mode), both header sets, `in_flight` at a time; deliveries per
/// second, timed inside it from its first request.
async fn bare_sender_apart(
    url: &str,
    root: &std::path::Path,
    events: Vec<(String, String)>,
    in_flight: usize,
    dir: &std::path::Path,
) -> f64 {
    let job = dir.join("bare-sender.json");
    let text = serde_json::to_string(&BareJob {
        url: url.to_owned(),
        root: root.to_owned(),
        events,
        in_flight,
    })
    .expect("the bare sender's job");
    std::fs::write(&job, text).expect("write the bare sender's job");
    let output = tokio::task::spawn_blocking(move || {
        Command::new(std::env::current_exe().expect("this benchmark's binary"))
            .env(BARE_SENDER_VAR, &job)
            .output()
            .expect("the bare sender's process")
    })
    .await
    .expect("the bare sender's process");
    assert!(
        output.status.success(),
        "the bare sender's process failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .expect("the bare sender prints its deliveries/s")
}

/// Names the job file of the bare sender's process (the binary then runs only that).
const BARE_SENDER_VAR: &str = "TOURNEY_BENCH_BARE_SENDER";

/// The bare sender's process: runs the job in `path`, prints deliveries per second.
fn bare_sender_process(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).expect("the bare sender's job");
    let job: BareJob = serde_json::from_str(&text).expect("the bare sender's job");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let rate = runtime.block_on(bare_sender(
        &job.url,
        &job.root,
        job.events,
        true,
        job.in_flight,
    ));
    println!("{rate}");
}

/// The first `count` events as stored: their ids and bodies.
async fn stored_events(db: &Db, count: usize) -> Vec<(String, String)> {
    const SQL: &str = "SELECT id, body FROM events ORDER BY id LIMIT $1";
    let rows: Vec<(i64, String)> = match db {
        Db::Sqlite(db) => sqlx::query_as(SQL)
            .bind(count as i64)
            .fetch_all(db.pool())
            .await
            .expect("events"),
        Db::Postgres(pool) => sqlx::query_as(SQL)
            .bind(count as i64)
            .fetch_all(pool)
            .await
            .expect("events"),
    };
    rows.into_iter()
        .map(|(id, body)| (format!("evt_{id}"), body))
        .collect()
}

/// What the API meets while the loop delivers.
#[derive(Clone, Copy, PartialEq)]
enum Load {
    /// No request.
    Idle,
    /// An open loop at this many requests/s over four keys: a deployment's traffic, which
    /// leaves the loop whatever CPU the API does not need.
    Fixed(f64),
    /// `wrk -t1 -c16` on one key, a request as soon as the last was answered: the machine
    /// overloaded, its two cores split among the API, the loop and the rest by the scheduler.
    Saturating,
}

impl Load {
    /// The load's name in `TOURNEY_BENCH_LOADS`.
    fn option(self) -> &'static str {
        match self {
            Load::Idle => "idle",
            Load::Fixed(_) => "fixed",
            Load::Saturating => "wrk",
        }
    }

    /// The load's name in the tables.
    fn name(self) -> String {
        match self {
            Load::Idle => "idle".to_owned(),
            Load::Fixed(rate) => format!("{rate:.0}/s offered"),
            Load::Saturating => "`wrk`, saturating".to_owned(),
        }
    }

    /// Starts the load on `serve` for `seconds`, on a thread of its own; its figures when joined.
    fn start(
        self,
        serve: &Serve,
        keys: &[String],
        seconds: u64,
        dir: &std::path::Path,
    ) -> Option<std::thread::JoinHandle<Run>> {
        let base = serve.base.clone();
        match self {
            Load::Idle => None,
            Load::Fixed(rate) => {
                let targets: Vec<Target> = keys
                    .iter()
                    .map(|key| Target {
                        base: base.clone(),
                        key: key.clone(),
                        path: "/api/v1/tournaments".to_owned(),
                    })
                    .collect();
                Some(std::thread::spawn(move || {
                    let report = OpenLoop::new(&targets).run(rate, Duration::from_secs(seconds));
                    Run {
                        rps: report.achieved,
                        p50_ms: report.p50_ms,
                        p99_ms: report.p99_ms,
                        non_2xx: report.non_2xx + report.errors + report.unanswered,
                    }
                }))
            }
            Load::Saturating => {
                let script = dir.join("keys.lua");
                let pairs = dir.join("pairs.txt");
                std::fs::write(&script, common::bearer_script()).expect("script");
                std::fs::write(&pairs, format!("{} /api/v1/tournaments\n", keys[0]))
                    .expect("pairs");
                Some(std::thread::spawn(move || {
                    common::wrk_with(&base, &script, &pairs, seconds, 1, 16)
                }))
            }
        }
    }
}

/// One run on the database at `url`: `serve` delivering while its API meets `load`.
async fn run(url: &str, events: usize, load: Load, dir: &std::path::Path) -> Figures {
    let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
    let (db, tournament, key) = prepare(url, &receiver).await;
    let mut keys = vec![key];
    for _ in 1..4 {
        keys.push(new_key(&db).await);
    }
    let serve = delivering_to(url, &receiver);
    // The events created above (none reach the hook: the tournament is a draft) are skipped.
    let before = scalar(&db, "SELECT COUNT(*) FROM deliveries").await;
    assert_eq!(before, 0, "the setup queued no delivery");

    // Long enough to cover both phases at 1,000 deliveries/s; the figures are its average.
    let api = load.start(&serve, &keys, (events / 1000) as u64 + 8, dir);
    tokio::time::sleep(Duration::from_millis(500)).await;

    // Bulk.
    let metrics_before = scrape(&serve.base).await;
    let threads_before = thread_times(serve.pid());
    append(&db, &tournament, 0, events).await;
    let committed = tourney::timestamp::now_ms();
    delivered(&db, events as i64, Duration::from_secs(120)).await;
    let threads_after = thread_times(serve.pid());
    let rate = rate_since(&db, Whose::All, events, committed).await;
    let mut steps = Steps::between_scrapes(&metrics_before, &scrape(&serve.base).await);
    (steps.delivery_threads, steps.other_threads) =
        per_delivery(&threads_before, &threads_after, events);
    // The bare sender, with the same load on the machine, on the same bodies: with both
    // header sets (as `serve` sends) and with the specification's alone, in the order both,
    // one, one, both (what runs first or last meets other load), each the mean of its two.
    let mut both_sets = Vec::new();
    let mut one_set = Vec::new();
    for standard in [true, false, false, true] {
        let rate = bare_sender(
            &receiver.url,
            &receiver.root_cert,
            stored_events(&db, events).await,
            standard,
            IN_FLIGHT,
        )
        .await;
        if standard {
            both_sets.push(rate);
        } else {
            one_set.push(rate);
        }
    }
    let mean = |rates: &[f64]| rates.iter().sum::<f64>() / rates.len() as f64;
    let (bare, bare_one_set) = (mean(&both_sets), mean(&one_set));
    let bare_in_order = bare_sender(
        &receiver.url,
        &receiver.root_cert,
        stored_events(&db, events).await,
        true,
        1,
    )
    .await;
    let bare_apart = bare_sender_apart(
        &receiver.url,
        &receiver.root_cert,
        stored_events(&db, events).await,
        1,
        dir,
    )
    .await;

    // Steady: 50 events every 100 ms.
    let rounds = 50;
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    let mut written = Vec::new();
    for round in 0..rounds {
        tick.tick().await;
        written.extend(append(&db, &tournament, events + round * 50, 50).await);
    }
    let total = (events + rounds * 50) as i64;
    delivered(&db, total, Duration::from_secs(60)).await;
    let steady = latencies(&db, &written).await;
    let api = api.map(|handle| handle.join().expect("wrk"));
    drop(serve);
    db.close().await;
    Figures {
        rate,
        bare,
        bare_one_set,
        bare_in_order,
        bare_apart,
        p50: percentile(&steady, 0.50),
        p99: percentile(&steady, 0.99),
        max: steady.last().map_or(f64::NAN, |&v| v as f64),
        api,
        steps,
    }
}

/// How long the slow address takes to answer: inside the 5 s request deadline, so every one of
/// its requests succeeds, late.
const SLOW_ANSWER: Duration = Duration::from_millis(4_500);

/// Deliveries to the fast addresses (every address but `/slow`) that succeeded.
const FAST_SUCCEEDED: &str = "SELECT COUNT(*) FROM deliveries d JOIN hooks h ON h.id = d.hook_id \
    WHERE d.status = 'succeeded' AND h.url NOT LIKE '%/slow'";

/// One run of the third phase: deliveries/s to three fast addresses, with a slow fourth one if
/// `slow`.
async fn run_beside_slow(url: &str, events: usize, slow: bool) -> f64 {
    let receiver = Receiver::start(|request, _| {
        if request.path.ends_with("/slow") {
            Reply::Sleep(SLOW_ANSWER, 200)
        } else {
            Reply::Status(200)
        }
    })
    .await;
    let (db, tournament, _key) = prepare(url, &receiver).await;
    {
        let space = {
            let mut h = db.acquire().await.expect("a connection");
            spaces::find_by_slug(h.conn(), "bench")
                .await
                .expect("space")
                .expect("the bench space")
        };
        let mut tx = db.begin().await.expect("begin");
        let mut more = vec![
            format!("{}/fast-2", receiver.url),
            format!("{}/fast-3", receiver.url),
        ];
        if slow {
            more.push(format!("{}/slow", receiver.url));
        }
        for address in &more {
            hooks::insert(
                tx.conn(),
                space.id,
                address,
                None,
                SignatureHeaders::Both,
                BENCH_SECRET,
                1,
            )
            .await
            .expect("hook");
        }
        tx.commit().await.expect("commit");
    }
    let serve = delivering_to(url, &receiver);
    tokio::time::sleep(Duration::from_millis(500)).await;
    append(&db, &tournament, 0, events).await;
    let committed = tourney::timestamp::now_ms();
    let want = (events * 3) as i64;
    let deadline = Instant::now() + Duration::from_secs(120);
    while scalar(&db, FAST_SUCCEEDED).await < want {
        assert!(
            Instant::now() < deadline,
            "the fast addresses' {want} deliveries did not succeed within 120 s"
        );
        tokio::time::sleep(LOOK_EVERY).await;
    }
    let rate = rate_since(&db, Whose::Fast, events * 3, committed).await;
    drop(serve);
    db.close().await;
    rate
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Prints the run's row of the main table and returns its row of the loop's profile.
fn report(name: &str, load: Load, runs: &[Figures]) -> String {
    let each = |f: &dyn Fn(&Figures) -> f64| {
        let values: Vec<f64> = runs.iter().map(f).collect();
        let list = values
            .iter()
            .map(|v| format!("{v:.0}"))
            .collect::<Vec<_>>()
            .join(" / ");
        (median(values), list)
    };
    let (rate, rates) = each(&|f| f.rate);
    let (bare, bares) = each(&|f| f.bare);
    let (one_set, one_sets) = each(&|f| f.bare_one_set);
    let (in_order, in_orders) = each(&|f| f.bare_in_order);
    let second_set: Vec<f64> = runs.iter().map(|f| f.bare / f.bare_one_set).collect();
    let second_set = median(second_set);
    let ratios: Vec<f64> = runs.iter().map(|f| f.rate / f.bare).collect();
    let ratio_list = ratios
        .iter()
        .map(|r| format!("{r:.2}"))
        .collect::<Vec<_>>()
        .join(" / ");
    let ratio = median(ratios);
    let in_order_ratio = median(runs.iter().map(|f| f.rate / f.bare_in_order).collect());
    let (apart, aparts) = each(&|f| f.bare_apart);
    let apart_ratio = median(runs.iter().map(|f| f.rate / f.bare_apart).collect());
    let (p50, p50s) = each(&|f| f.p50);
    let (p99, p99s) = each(&|f| f.p99);
    let (max, _) = each(&|f| f.max);
    let api = if runs.iter().any(|f| f.api.is_some()) {
        let (rps, _) = each(&|f| f.api.as_ref().map_or(f64::NAN, |r| r.rps));
        let (api_p99, _) = each(&|f| f.api.as_ref().map_or(f64::NAN, |r| r.p99_ms));
        let (failed, _) = each(&|f| f.api.as_ref().map_or(f64::NAN, |r| r.non_2xx as f64));
        format!(
            "{}: {rps:.0} req/s answered, p99 {api_p99:.2} ms, {failed:.0} not 2xx",
            load.name()
        )
    } else {
        load.name()
    };
    println!(
        "| {name} | {api} | **{rate:.0}** ({rates}) | {bare:.0} ({bares}) | {one_set:.0} ({one_sets}) | {second_set:.2} | **{ratio:.2}** ({ratio_list}) | {in_order:.0} ({in_orders}) | **{in_order_ratio:.2}** | {apart:.0} ({aparts}) | **{apart_ratio:.2}** | {p50:.0} ms ({p50s}) | **{p99:.0} ms** ({p99s}) | {max:.0} ms |"
    );
    let pair = |f: &dyn Fn(&Steps) -> (f64, f64)| {
        let count = median(runs.iter().map(|r| f(&r.steps).0).collect());
        let mean = median(runs.iter().map(|r| f(&r.steps).1).collect());
        format!("{count:.0} × {mean:.2} ms")
    };
    let batch = median(runs.iter().map(|r| r.steps.batch).collect());
    let threads = |f: &dyn Fn(&Steps) -> (f64, f64)| {
        let cpu = median(runs.iter().map(|r| f(&r.steps).0).collect());
        let waited = median(runs.iter().map(|r| f(&r.steps).1).collect());
        format!("{cpu:.3} / {waited:.3} ms")
    };
    format!(
        "| {name} | {} | {} | {} | {batch:.1} | {} | {} | {} |",
        load.name(),
        pair(&|s| s.claims),
        pair(&|s| s.records),
        pair(&|s| s.between),
        threads(&|s| s.delivery_threads),
        threads(&|s| s.other_threads),
    )
}

/// The third phase's table, on SQLite: the fast addresses' deliveries/s without and with a slow
/// fourth address, alternating runs.
async fn slow_address_table(dir: &tempfile::TempDir, events: usize, rounds: usize) {
    let (mut alone, mut beside) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        for slow in [false, true] {
            let url = format!("sqlite://{}/slow-{slow}-{round}.db", dir.path().display());
            let rate = run_beside_slow(&url, (events / 3).max(1), slow).await;
            if slow {
                beside.push(rate)
            } else {
                alone.push(rate)
            }
        }
    }
    let list = |v: &[f64]| {
        v.iter()
            .map(|r| format!("{r:.0}"))
            .collect::<Vec<_>>()
            .join(" / ")
    };
    println!("| addresses (SQLite, API idle) | deliveries/s to the three fast addresses |");
    println!("| --- | ---: |");
    println!(
        "| three fast | **{:.0}** ({}) |",
        median(alone.clone()),
        list(&alone)
    );
    println!(
        "| three fast and one answering in {:.1} s | **{:.0}** ({}) |",
        SLOW_ANSWER.as_secs_f64(),
        median(beside.clone()),
        list(&beside)
    );
    println!();
}

fn main() {
    if let Some(job) = std::env::var_os(BARE_SENDER_VAR) {
        bare_sender_process(std::path::Path::new(&job));
        return;
    }
    // `cargo test --benches` runs this once as a smoke test with a small backlog and one round.
    let smoke =
        std::env::args().any(|a| a == "--test") || !std::env::args().any(|a| a == "--bench");
    let events: usize = std::env::var("WEBHOOK_BENCH_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if smoke { 200 } else { 10_000 });
    let rounds: usize = std::env::var("TOURNEY_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if smoke { 1 } else { 3 });
    let has_wrk = Command::new("wrk").arg("--version").output().is_ok();
    if !has_wrk {
        eprintln!("skipped: the runs with a saturated API need wrk (apt-get install wrk)");
    }
    let api_rate: f64 = common::setting("TOURNEY_BENCH_API_RATE", 5_000.0);
    let mut loads = vec![Load::Idle];
    if !smoke {
        loads.push(Load::Fixed(api_rate));
        if has_wrk {
            loads.push(Load::Saturating);
        }
    }
    // `TOURNEY_BENCH_LOADS=idle,fixed,wrk` and `TOURNEY_BENCH_BACKENDS=sqlite,postgres` run a
    // part of the table (all of it by default).
    let chosen = |name: &str, all: &str, item: &str| {
        std::env::var(name)
            .unwrap_or_else(|_| all.to_owned())
            .split(',')
            .any(|chosen| chosen.trim() == item)
    };
    loads.retain(|load| chosen("TOURNEY_BENCH_LOADS", "idle,fixed,wrk", load.option()));
    let backend = |name: &str| chosen("TOURNEY_BENCH_BACKENDS", "sqlite,postgres", name);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let dir = tempfile::tempdir().expect("temporary directory");
    let pg = std::env::var("TOURNEY_BENCH_PG_URL").ok();
    println!(
        "| backend | API meanwhile | bulk: deliveries/s | bare sender, both header sets: deliveries/s | bare sender, the specification's set alone | both sets of one set | of the bare sender | bare sender, one at a time | of the one at a time | the same, a process of its own | of it | steady: event-to-first-attempt p50 | p99 | max |"
    );
    println!(
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    let profile = runtime.block_on(async {
        let mut profile = Vec::new();
        for (index, &load) in loads.iter().enumerate().filter(|_| backend("sqlite")) {
            let mut figures = Vec::new();
            for round in 0..rounds {
                let url = format!("sqlite://{}/bench-{index}-{round}.db", dir.path().display());
                figures.push(run(&url, events, load, dir.path()).await);
            }
            profile.push(report("SQLite", load, &figures));
        }
        let Some(admin) = pg.filter(|_| backend("postgres")) else {
            return profile;
        };
        for (index, &load) in loads.iter().enumerate() {
            let mut figures = Vec::new();
            for round in 0..rounds {
                let database =
                    PgDatabase::create(&admin, &format!("hooks_{}", round + 100 * index)).await;
                figures.push(run(&database.url, events, load, dir.path()).await);
                database.drop().await;
            }
            profile.push(report("Postgres", load, &figures));
        }
        profile
    });
    println!();
    println!(
        "Where the bulk phase's time went in `serve`'s loop (`tourney_webhook_loop_seconds`, medians of the rounds): claims, batches recorded, the mean batch, and the pauses in a run between one attempt's end and the next one's start, each as count × mean; and `serve`'s threads over the phase (`/proc/<pid>/task/*/schedstat`), CPU time / time runnable but waiting for a core, per delivery"
    );
    println!();
    println!(
        "| backend | API meanwhile | claims | recorded batches | mean batch | between attempts | delivery threads, per delivery | other threads, per delivery |"
    );
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for row in profile {
        println!("{row}");
    }
    println!();
    // The third phase runs with the API idle.
    if backend("sqlite") && loads.contains(&Load::Idle) {
        runtime.block_on(slow_address_table(&dir, events, rounds));
    }
}
