//! An open-loop load generator: requests go out at a fixed offered rate whatever the servers do,
//! and each request's latency is counted from the moment it was *due* to be sent. A server that
//! falls behind therefore shows its queue in the figures. (In a closed loop such as `wrk`, a slow
//! answer delays the next request on its connection, and the wait it causes is never measured:
//! "coordinated omission".)
//!
//! How it works:
//!
//! - Request `i` of a run is due at `start + i / rate` and goes to `targets[i % targets.len()]`
//!   (so targets listed alternately for two servers give each half of the rate).
//! - A pacer thread of its own sleeps until requests are due (waking at most every
//!   [`PACER_TICK`]) and hands their numbers to a small tokio runtime ([`WORKER_THREADS`]
//!   threads), which starts one task per request.
//! - A task takes a keep-alive HTTP/1 connection (hyper's client, plain HTTP) to its server from a
//!   pool: an idle one, or else a new one, up to [`MAX_CONNECTIONS`] per server. At the cap it
//!   waits its turn, first come first served, and that wait is part of its latency. New
//!   connections not yet answered are at most [`OPENING_AT_ONCE`] per server: a server that
//!   stalls for a moment does not accept, and more connections than its listen backlog (128 for
//!   tokio's listeners, `tourney serve`'s included) would be dropped and retried by the kernel a
//!   second later, a figure of the generator's pool rather than of the server.
//! - A request is late when its task starts more than [`LATE`] after it was due: the generator
//!   itself (or the machine under it) could not keep up. The count is reported beside the CPU time
//!   of the generator's own threads (the pacer's and the runtime's, from /proc), so that a reader
//!   can judge the figures.
//!
//! Requests still unanswered [`DRAIN`] after the last one was due are abandoned and counted as
//! unanswered, with an infinite latency in the percentiles.

use std::net::SocketAddr;
use std::ops::Range;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper::client::conn::http1::SendRequest;
use hyper::header::{AUTHORIZATION, HOST, HeaderValue};
use hyper::{Request, Uri};
use hyper_util::rt::TokioIo;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, mpsc};
use tokio::task::JoinSet;

/// The most connections open to one server (and so requests in flight to it).
pub const MAX_CONNECTIONS: usize = 512;
/// The most new connections to one server not yet answered (below a listen backlog of 128).
pub const OPENING_AT_ONCE: usize = 64;
/// Threads of the generator's runtime, besides the pacer.
pub const WORKER_THREADS: usize = 2;
/// The pacer's shortest sleep: above 5,000 requests/s it hands them over in batches.
pub const PACER_TICK: Duration = Duration::from_micros(200);
/// How late a request may start before it counts as one the generator could not send on time.
pub const LATE: Duration = Duration::from_millis(1);
/// How long a run waits for answers after the last request was due.
pub const DRAIN: Duration = Duration::from_secs(2);

/// Where one request goes: a server (`http://address:port`), its bearer key and its path.
pub struct Target {
    pub base: String,
    pub key: String,
    pub path: String,
}

type Sender = SendRequest<Empty<Bytes>>;
type Error = Box<dyn std::error::Error + Send + Sync>;

/// The generator for one list of targets; its connections stay open from one run to the next.
pub struct OpenLoop {
    runtime: tokio::runtime::Runtime,
    plan: Arc<Plan>,
    /// The runtime's threads, by Linux thread id, for their CPU time.
    threads: Arc<Mutex<Vec<u32>>>,
}

/// The servers' pools and the requests, built once.
struct Plan {
    pools: Vec<Pool>,
    requests: Vec<Prepared>,
    connections: Arc<Connections>,
}

/// Connections open to all the servers: now, and the most at once since the run began.
#[derive(Default)]
struct Connections {
    open: AtomicUsize,
    peak: AtomicUsize,
}

impl Connections {
    fn opened(&self) {
        let now = self.open.fetch_add(1, Relaxed) + 1;
        self.peak.fetch_max(now, Relaxed);
    }

    fn closed(&self) {
        self.open.fetch_sub(1, Relaxed);
    }

    /// Starts a run's peak from the connections open now.
    fn restart_peak(&self) {
        self.peak.store(self.open.load(Relaxed), Relaxed);
    }
}

/// A target made ready to send: its pool, path and `Authorization` header.
struct Prepared {
    pool: usize,
    uri: Uri,
    authorization: HeaderValue,
}

impl OpenLoop {
    pub fn new(targets: &[Target]) -> OpenLoop {
        assert!(!targets.is_empty(), "an open loop needs targets");
        let connections = Arc::new(Connections::default());
        let mut pools: Vec<Pool> = Vec::new();
        let mut requests = Vec::new();
        for target in targets {
            let pool = match pools.iter().position(|p| p.base == target.base) {
                Some(index) => index,
                None => {
                    pools.push(Pool::new(&target.base, connections.clone()));
                    pools.len() - 1
                }
            };
            requests.push(Prepared {
                pool,
                uri: target.path.parse().expect("a request path"),
                authorization: HeaderValue::try_from(format!("Bearer {}", target.key))
                    .expect("a key fit for a header"),
            });
        }
        let threads = Arc::new(Mutex::new(Vec::new()));
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(WORKER_THREADS)
            .thread_name("open-loop")
            .on_thread_start({
                let threads = threads.clone();
                move || {
                    if let Some(id) = current_thread_id() {
                        threads.lock().expect("thread list").push(id);
                    }
                }
            })
            .enable_all()
            .build()
            .expect("the generator's runtime");
        OpenLoop {
            runtime,
            plan: Arc::new(Plan {
                pools,
                requests,
                connections,
            }),
            threads,
        }
    }

    /// Sends `rate` requests/s for `duration` and measures them.
    pub fn run(&self, rate: f64, duration: Duration) -> Report {
        let count = (rate * duration.as_secs_f64()).round() as u64;
        let run = Arc::new(Run::new(rate, count));
        self.plan.connections.restart_peak();
        let cpu_before = self.runtime_cpu();
        let (handover, due) = mpsc::unbounded_channel();
        let dispatcher = self
            .runtime
            .spawn(dispatch(self.plan.clone(), run.clone(), due));
        let pacer = std::thread::Builder::new()
            .name("open-loop pacer".into())
            .spawn({
                let run = run.clone();
                move || pace(&run, handover)
            })
            .expect("the pacer thread");
        let pacer_cpu = pacer.join().expect("the pacer");
        self.runtime.block_on(dispatcher).expect("the dispatcher");
        let cpu = self.runtime_cpu().saturating_sub(cpu_before) + pacer_cpu;
        run.report(cpu, self.plan.connections.peak.load(Relaxed))
    }

    fn runtime_cpu(&self) -> Duration {
        let threads = self.threads.lock().expect("thread list");
        threads.iter().filter_map(|id| thread_cpu(*id)).sum()
    }
}

/// One server's keep-alive connections.
struct Pool {
    base: String,
    address: SocketAddr,
    host: HeaderValue,
    idle: Mutex<Vec<Sender>>,
    /// A permit per request in flight to this server, so at most `MAX_CONNECTIONS` of them.
    in_flight: Arc<Semaphore>,
    /// A permit per new connection until its first answer: `OPENING_AT_ONCE`.
    opening: Arc<Semaphore>,
    /// Told when a connection goes back idle or an opening permit comes free.
    freed: Notify,
    connections: Arc<Connections>,
}

impl Pool {
    fn new(base: &str, connections: Arc<Connections>) -> Pool {
        let authority = base
            .strip_prefix("http://")
            .expect("a plain http:// base")
            .trim_end_matches('/');
        Pool {
            base: base.to_owned(),
            address: authority.parse().expect("an address and port"),
            host: HeaderValue::from_str(authority).expect("a host header"),
            idle: Mutex::new(Vec::new()),
            in_flight: Arc::new(Semaphore::new(MAX_CONNECTIONS)),
            opening: Arc::new(Semaphore::new(OPENING_AT_ONCE)),
            freed: Notify::new(),
            connections,
        }
    }

    /// A permit to send one request to this server, waiting (and setting `waited`) if
    /// `MAX_CONNECTIONS` requests are in flight.
    async fn admit(&self, waited: &mut bool) -> OwnedSemaphorePermit {
        if let Ok(permit) = self.in_flight.clone().try_acquire_owned() {
            return permit;
        }
        *waited = true;
        self.in_flight
            .clone()
            .acquire_owned()
            .await
            .expect("the semaphore is never closed")
    }

    /// An idle connection that still works, or else a new one when fewer than `OPENING_AT_ONCE`
    /// are waiting for their first answer; or else, once one of those comes free (setting
    /// `waited`), the same.
    async fn checkout(&self, waited: &mut bool) -> Result<Lease<'_>, Error> {
        loop {
            if let Some(lease) = self.take_idle().await {
                return Ok(lease);
            }
            if let Ok(opening) = self.opening.clone().try_acquire_owned() {
                return self.connect(opening).await;
            }
            *waited = true;
            self.freed.notified().await;
        }
    }

    async fn take_idle(&self) -> Option<Lease<'_>> {
        loop {
            let sender = self.idle.lock().expect("idle connections").pop()?;
            let mut lease = Lease::new(self, sender, None);
            if lease.sender().ready().await.is_ok() {
                return Some(lease);
            }
            // Closed by the server: dropping the lease forgets it.
        }
    }

    async fn connect(&self, opening: OwnedSemaphorePermit) -> Result<Lease<'_>, Error> {
        let stream = tokio::net::TcpStream::connect(self.address).await?;
        stream.set_nodelay(true)?;
        let (sender, connection) =
            hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
        tokio::spawn(async move {
            let _ = connection.await;
        });
        self.connections.opened();
        Ok(Lease::new(self, sender, Some(opening)))
    }
}

/// A connection taken from a pool: given back when its exchange went well, else closed.
struct Lease<'a> {
    pool: &'a Pool,
    sender: Option<Sender>,
    /// Held by a new connection until its first answer.
    opening: Option<OwnedSemaphorePermit>,
}

impl<'a> Lease<'a> {
    fn new(pool: &'a Pool, sender: Sender, opening: Option<OwnedSemaphorePermit>) -> Lease<'a> {
        Lease {
            pool,
            sender: Some(sender),
            opening,
        }
    }

    fn sender(&mut self) -> &mut Sender {
        self.sender.as_mut().expect("a leased connection")
    }

    fn give_back(mut self) {
        if let Some(sender) = self.sender.take() {
            self.pool
                .idle
                .lock()
                .expect("idle connections")
                .push(sender);
            self.pool.freed.notify_one();
        }
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        if self.sender.take().is_some() {
            self.pool.connections.closed();
        }
        if self.opening.take().is_some() {
            self.pool.freed.notify_one();
        }
    }
}

/// What one run has measured so far; tasks write into it as they finish.
struct Run {
    rate: f64,
    count: u64,
    start: Instant,
    /// Per request: 0 while unanswered, else its latency in microseconds plus one.
    latencies: Vec<AtomicU32>,
    ok: AtomicU64,
    non_2xx: AtomicU64,
    errors: AtomicU64,
    late: AtomicU64,
    worst_lateness_us: AtomicU64,
    waited_for_connection: AtomicU64,
    /// Nanoseconds from `start` to the last answer.
    last_answer_ns: AtomicU64,
    first_error: Mutex<Option<String>>,
}

enum Outcome {
    Success,
    NotSuccess,
    Failed(Error),
}

impl Run {
    fn new(rate: f64, count: u64) -> Run {
        Run {
            rate,
            count,
            // A moment ahead, so that the first requests are not late by the setting up.
            start: Instant::now() + Duration::from_millis(5),
            latencies: (0..count).map(|_| AtomicU32::new(0)).collect(),
            ok: AtomicU64::new(0),
            non_2xx: AtomicU64::new(0),
            errors: AtomicU64::new(0),
            late: AtomicU64::new(0),
            worst_lateness_us: AtomicU64::new(0),
            waited_for_connection: AtomicU64::new(0),
            last_answer_ns: AtomicU64::new(0),
            first_error: Mutex::new(None),
        }
    }

    /// When request `index` is due.
    fn due(&self, index: u64) -> Instant {
        self.start + Duration::from_secs_f64(index as f64 / self.rate)
    }

    /// How many requests are due by `now`.
    fn due_by(&self, now: Instant) -> u64 {
        if now < self.start {
            return 0;
        }
        let due = (now - self.start).as_secs_f64() * self.rate;
        (due as u64 + 1).min(self.count)
    }

    fn note_start(&self, lateness: Duration) {
        if lateness > LATE {
            self.late.fetch_add(1, Relaxed);
        }
        self.worst_lateness_us
            .fetch_max(lateness.as_micros() as u64, Relaxed);
    }

    fn note_answer(&self, index: u64, latency: Duration, outcome: Outcome) {
        let micros = latency.as_micros().min(u128::from(u32::MAX - 1)) as u32;
        self.latencies[index as usize].store(micros + 1, Relaxed);
        let since_start = (Instant::now() - self.start).as_nanos() as u64;
        self.last_answer_ns.fetch_max(since_start, Relaxed);
        match outcome {
            Outcome::Success => self.ok.fetch_add(1, Relaxed),
            Outcome::NotSuccess => self.non_2xx.fetch_add(1, Relaxed),
            Outcome::Failed(error) => {
                let mut first = self.first_error.lock().expect("first error");
                first.get_or_insert_with(|| error.to_string());
                self.errors.fetch_add(1, Relaxed)
            }
        };
    }

    fn report(&self, cpu: Duration, connections: usize) -> Report {
        let mut latencies: Vec<f64> = self
            .latencies
            .iter()
            .map(|l| match l.load(Relaxed) {
                0 => f64::INFINITY,
                micros => f64::from(micros - 1) / 1000.0,
            })
            .collect();
        latencies.sort_by(f64::total_cmp);
        let unanswered = latencies.iter().filter(|l| l.is_infinite()).count() as u64;
        let answered = self.ok.load(Relaxed) + self.non_2xx.load(Relaxed);
        let answering_time = Duration::from_nanos(self.last_answer_ns.load(Relaxed));
        Report {
            offered: self.rate,
            achieved: answered as f64 / answering_time.as_secs_f64(),
            sent: self.count,
            p50_ms: percentile(&latencies, 0.5),
            p90_ms: percentile(&latencies, 0.9),
            p99_ms: percentile(&latencies, 0.99),
            p999_ms: percentile(&latencies, 0.999),
            max_ms: latencies.last().copied().unwrap_or(f64::NAN),
            ok: self.ok.load(Relaxed),
            non_2xx: self.non_2xx.load(Relaxed),
            errors: self.errors.load(Relaxed),
            unanswered,
            late: self.late.load(Relaxed),
            worst_lateness_ms: self.worst_lateness_us.load(Relaxed) as f64 / 1000.0,
            waited_for_connection: self.waited_for_connection.load(Relaxed),
            connections,
            cpu,
            wall: self.start.elapsed(),
            first_error: self.first_error.lock().expect("first error").take(),
        }
    }
}

/// The nearest-rank percentile `q` of sorted `values`.
fn percentile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    let rank = (q * values.len() as f64).ceil() as usize;
    values[rank.clamp(1, values.len()) - 1]
}

/// The pacer: hands the numbers of due requests over as they fall due; returns its CPU time.
fn pace(run: &Run, handover: mpsc::UnboundedSender<Range<u64>>) -> Duration {
    let own_id = current_thread_id();
    let cpu_before = own_id.and_then(thread_cpu).unwrap_or_default();
    let mut next = 0;
    while next < run.count {
        let now = Instant::now();
        let due = run.due_by(now);
        if due > next {
            if handover.send(next..due).is_err() {
                break;
            }
            next = due;
        }
        let wake = run.due(next).max(now + PACER_TICK);
        std::thread::sleep(wake.saturating_duration_since(Instant::now()));
    }
    let cpu_after = own_id.and_then(thread_cpu).unwrap_or_default();
    cpu_after.saturating_sub(cpu_before)
}

/// Starts a task per due request, then waits up to `DRAIN` for the last answers.
async fn dispatch(plan: Arc<Plan>, run: Arc<Run>, mut due: mpsc::UnboundedReceiver<Range<u64>>) {
    let mut tasks = JoinSet::new();
    while let Some(batch) = due.recv().await {
        for index in batch {
            tasks.spawn(send_one(plan.clone(), run.clone(), index));
        }
        while tasks.try_join_next().is_some() {}
    }
    let _ = tokio::time::timeout(DRAIN, async { while tasks.join_next().await.is_some() {} }).await;
    tasks.shutdown().await;
}

/// Request `index`: timed from when it was due, whatever it waited for.
async fn send_one(plan: Arc<Plan>, run: Arc<Run>, index: u64) {
    let due = run.due(index);
    run.note_start(Instant::now().saturating_duration_since(due));
    let request = &plan.requests[(index % plan.requests.len() as u64) as usize];
    let pool = &plan.pools[request.pool];
    let outcome = exchange(pool, request, &run.waited_for_connection).await;
    run.note_answer(
        index,
        Instant::now().saturating_duration_since(due),
        outcome,
    );
}

/// One request and its whole answer, on a connection of `pool`.
async fn exchange(pool: &Pool, request: &Prepared, waits: &AtomicU64) -> Outcome {
    let mut waited = false;
    let _in_flight = pool.admit(&mut waited).await;
    let lease = pool.checkout(&mut waited).await;
    if waited {
        waits.fetch_add(1, Relaxed);
    }
    let mut lease = match lease {
        Ok(lease) => lease,
        Err(error) => return Outcome::Failed(error),
    };
    let message = Request::get(request.uri.clone())
        .header(HOST, pool.host.clone())
        .header(AUTHORIZATION, request.authorization.clone())
        .body(Empty::new())
        .expect("a request");
    let response = match lease.sender().send_request(message).await {
        Ok(response) => response,
        Err(error) => return Outcome::Failed(error.into()),
    };
    let status = response.status();
    let mut body = response.into_body();
    while let Some(frame) = body.frame().await {
        if let Err(error) = frame {
            return Outcome::Failed(error.into());
        }
    }
    lease.give_back();
    if status.is_success() {
        Outcome::Success
    } else {
        Outcome::NotSuccess
    }
}

/// What one run measured.
pub struct Report {
    /// Requests/s asked for, and answered (answers over the time to the last answer).
    pub offered: f64,
    pub achieved: f64,
    /// Requests scheduled in the run.
    pub sent: u64,
    /// Latency percentiles from each request's due time, infinite if some went unanswered.
    pub p50_ms: f64,
    pub p90_ms: f64,
    pub p99_ms: f64,
    pub p999_ms: f64,
    pub max_ms: f64,
    pub ok: u64,
    pub non_2xx: u64,
    pub errors: u64,
    pub unanswered: u64,
    /// Requests the generator started more than `LATE` after they were due, and the worst.
    pub late: u64,
    pub worst_lateness_ms: f64,
    /// Requests that found no connection free at once: all `MAX_CONNECTIONS` to their server
    /// busy, or `OPENING_AT_ONCE` new ones not yet answered.
    pub waited_for_connection: u64,
    /// The most connections open at once during the run.
    pub connections: usize,
    /// CPU time of the generator's threads, and the run's time from start to the last answer.
    pub cpu: Duration,
    pub wall: Duration,
    pub first_error: Option<String>,
}

impl Report {
    /// The header of [`Report::row`]'s table.
    pub const HEADER: &str = "| offered/s | against | answered/s | p50 | p90 | p99 | p99.9 | max | \
        non-2xx / errors / unanswered | late > 1 ms (worst) | connections (waited) | generator CPU |\n\
        | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";

    /// A Markdown row of the table under [`Report::HEADER`].
    pub fn row(&self, against: &str) -> String {
        let cpu = self.cpu.as_secs_f64();
        format!(
            "| {:.0} | {against} | {:.0} | {} | {} | **{}** | {} | {} | {} / {} / {} | {} ({:.1} ms) | {} ({}) | {:.2} s, {:.0}% of a core, {:.0} µs a request |",
            self.offered,
            self.achieved,
            millis(self.p50_ms),
            millis(self.p90_ms),
            millis(self.p99_ms),
            millis(self.p999_ms),
            millis(self.max_ms),
            self.non_2xx,
            self.errors,
            self.unanswered,
            self.late,
            self.worst_lateness_ms,
            self.connections,
            self.waited_for_connection,
            cpu,
            100.0 * cpu / self.wall.as_secs_f64(),
            1e6 * cpu / self.sent.max(1) as f64,
        )
    }

    /// Whether every request was answered with a 2xx and the p99 was under `limit_ms`.
    pub fn p99_under(&self, limit_ms: f64) -> bool {
        self.p99_ms < limit_ms && self.non_2xx == 0 && self.errors == 0 && self.unanswered == 0
    }
}

fn millis(value: f64) -> String {
    if value.is_infinite() {
        "unanswered".to_owned()
    } else {
        format!("{value:.2} ms")
    }
}

/// The Linux id of the calling thread, from `/proc/thread-self` (a link to `<pid>/task/<tid>`).
fn current_thread_id() -> Option<u32> {
    let link = std::fs::read_link("/proc/thread-self").ok()?;
    link.file_name()?.to_str()?.parse().ok()
}

/// The CPU time a thread of this process has used: nanoseconds from its `schedstat`, or else
/// clock ticks (1/100 s) from its `stat`.
fn thread_cpu(id: u32) -> Option<Duration> {
    let task = format!("/proc/self/task/{id}");
    if let Ok(schedstat) = std::fs::read_to_string(format!("{task}/schedstat")) {
        let nanos: u64 = schedstat.split_whitespace().next()?.parse().ok()?;
        return Some(Duration::from_nanos(nanos));
    }
    let stat = std::fs::read_to_string(format!("{task}/stat")).ok()?;
    // After the command's name in parentheses: state is field 3, utime 14 and stime 15.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}
