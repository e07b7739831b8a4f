//! Live pages benchmark: 10,000 event streams open on one release `tourney serve` (SQLite, every
//! stream following the same tournament, the worst case for one change), the server's memory
//! before and with them, and the time from a result committed by the shell to its event on every
//! stream (p50, p99, max). Beside it, in the same run and on the same clients, a bare warp
//! server-sent-events broadcaster (a `tokio::sync::watch` channel, no database, in a process of
//! its own): the time from its send to every stream.
//!
//! `tourney`'s figure includes the tick at which a process looks for changes (250 ms by default,
//! `--live-tick`), which is the design's choice, not a cost of the streams: the ratio to read is
//! of the spread after the first event, and memory.
//!
//! Run: `cargo bench --bench live`. `TOURNEY_BENCH_STREAMS` (default 10000) streams; the process
//! needs as many file descriptors again (`ulimit -n`). Figures go to docs/PERFORMANCE.md.

#[path = "common/mod.rs"]
mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::{Semaphore, watch};

use common::{Serve, tourney};

const SLUG: &str = "demo-winter-double";

/// Opens `count` event streams at `address` + `path` (at most 64 connecting at once); each
/// waits for its first event, then reports when its second arrives and closes. Returns once every stream
/// has its first event, with a receiver of the second events' arrival times.
async fn open_streams(
    address: std::net::SocketAddr,
    path: &str,
    count: usize,
) -> tokio::sync::mpsc::UnboundedReceiver<Instant> {
    let (arrived, arrivals) = tokio::sync::mpsc::unbounded_channel();
    let (ready, mut readies) = tokio::sync::mpsc::unbounded_channel();
    let connecting = Arc::new(Semaphore::new(64));
    for _ in 0..count {
        let (arrived, ready, connecting) =
            (arrived.clone(), ready.clone(), Arc::clone(&connecting));
        let request =
            format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n");
        tokio::spawn(async move {
            let mut permit = Some(connecting.acquire_owned().await.expect("the semaphore"));
            let mut stream = connect(address).await;
            stream
                .write_all(request.as_bytes())
                .await
                .expect("send the request");
            // Headers, two events and keep-alive comments: small enough to keep whole.
            let mut received = String::new();
            let mut buffer = vec![0u8; 4096];
            let mut announced = false;
            loop {
                let n = stream.read(&mut buffer).await.expect("read the stream");
                assert!(
                    n > 0,
                    "the server ended a stream: {}",
                    received
                        .replace('\n', "⏎")
                        .chars()
                        .take(400)
                        .collect::<String>()
                );
                received.push_str(&String::from_utf8_lossy(&buffer[..n]));
                let events = received.matches("\nid:").count();
                if events >= 1 && !announced {
                    announced = true;
                    permit = None;
                    let _ = ready.send(());
                }
                if events >= 2 {
                    let _ = arrived.send(Instant::now());
                    break;
                }
            }
            // The stream closes here: the next run needs the file descriptors.
            drop(permit);
        });
    }
    for opened in 0..count {
        let ready = tokio::time::timeout(Duration::from_secs(120), readies.recv()).await;
        assert!(
            matches!(ready, Ok(Some(()))),
            "{path}: only {opened} of {count} streams had their first event within 2 minutes"
        );
        if (opened + 1) % 2000 == 0 {
            eprintln!("{path}: {} streams open", opened + 1);
        }
    }
    arrivals
}

/// A connection to `address`, trying again for a while when the listener's queue is full.
async fn connect(address: std::net::SocketAddr) -> tokio::net::TcpStream {
    let mut tries = 0;
    loop {
        match tokio::net::TcpStream::connect(address).await {
            Ok(stream) => return stream,
            Err(error) if tries < 20 => {
                tries += 1;
                eprintln!("connect: {error}; trying again");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(error) => panic!("connect: {error}"),
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)].as_secs_f64() * 1000.0
}

/// Waits for `count` arrivals and returns their delays after `from`, sorted.
async fn arrivals_after(
    arrivals: &mut tokio::sync::mpsc::UnboundedReceiver<Instant>,
    count: usize,
    from: Instant,
) -> Vec<Duration> {
    let mut delays = Vec::with_capacity(count);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while delays.len() < count {
        match tokio::time::timeout_at(deadline, arrivals.recv()).await {
            Ok(Some(at)) => delays.push(at.saturating_duration_since(from)),
            _ => panic!("only {} of {count} streams got the event", delays.len()),
        }
    }
    delays.sort_unstable();
    delays
}

/// The bare broadcaster in a process of its own (this benchmark run again with
/// `TOURNEY_BENCH_BARE_SSE` set), so that its sockets and the clients' do not share one process's
/// file descriptors, as they do not for `serve`. A line on its stdin makes it send.
struct Bare {
    child: std::process::Child,
    address: std::net::SocketAddr,
}

impl Bare {
    fn start() -> Bare {
        use std::io::BufRead;
        let mut child =
            std::process::Command::new(std::env::current_exe().expect("this benchmark"))
                .env("TOURNEY_BENCH_BARE_SSE", "1")
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .expect("start the bare broadcaster");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().expect("its stdout"))
            .read_line(&mut line)
            .expect("its address");
        let address = line.trim().parse().expect("an address");
        Bare { child, address }
    }

    fn send(&mut self) {
        use std::io::Write;
        let stdin = self.child.stdin.as_mut().expect("its stdin");
        writeln!(stdin, "send").expect("tell it to send");
        stdin.flush().expect("tell it to send");
    }
}

impl Drop for Bare {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The bare broadcaster's process: prints its address, sends on each line of stdin.
fn run_bare_broadcaster() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let (address, sender) = bare_broadcaster(&runtime);
    println!("{address}");
    let mut version = 1;
    for _ in std::io::stdin().lines().map_while(Result::ok) {
        version += 1;
        sender.send_replace(version);
    }
}

/// A bare warp server-sent-events broadcaster: every stream gets the watch channel's value at
/// once and on every send.
fn bare_broadcaster(
    runtime: &tokio::runtime::Runtime,
) -> (std::net::SocketAddr, watch::Sender<u64>) {
    use futures_util::StreamExt;
    use warp::Filter;
    let (sender, receiver) = watch::channel(1u64);
    let route = warp::path("live").map(move || {
        let stream = tokio_stream_of(receiver.clone()).map(|v| {
            Ok::<_, std::convert::Infallible>(
                warp::sse::Event::default()
                    .id(v.to_string())
                    .data(v.to_string()),
            )
        });
        warp::sse::reply(warp::sse::keep_alive().stream(stream))
    });
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind");
    let address = listener.local_addr().expect("address");
    runtime.spawn(warp::serve(route).incoming(listener).run());
    (address, sender)
}

/// A watch receiver as a stream of its values: the current one, then each change.
fn tokio_stream_of(
    receiver: watch::Receiver<u64>,
) -> impl futures_util::Stream<Item = u64> + Send + 'static {
    futures_util::stream::unfold((receiver, true), |(mut receiver, first)| async move {
        if !first && receiver.changed().await.is_err() {
            return None;
        }
        let value = *receiver.borrow_and_update();
        Some((value, (receiver, false)))
    })
}

fn rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn report(name: &str, delays: &[Duration]) {
    println!(
        "| {name} | {} | {:.1} ms | {:.1} ms | {:.1} ms | {:.1} ms |",
        delays.len(),
        percentile(delays, 0.0),
        percentile(delays, 0.5),
        percentile(delays, 0.99),
        percentile(delays, 1.0),
    );
}

fn main() {
    if std::env::var_os("TOURNEY_BENCH_BARE_SSE").is_some() {
        return run_bare_broadcaster();
    }
    let streams: usize = common::setting("TOURNEY_BENCH_STREAMS", 10_000);
    let dir = tempfile::tempdir().expect("temporary directory");
    let db = format!("sqlite://{}/bench.db", dir.path().display());
    tourney(&db, &["demo"]);
    let serve = Serve::start(&db, &["--no-dispatch"]);
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
    let idle = rss_mib(serve.pid());

    let opened = Instant::now();
    let mut arrivals = runtime.block_on(open_streams(address, &format!("/live/{SLUG}"), streams));
    let opening = opened.elapsed();
    std::thread::sleep(Duration::from_secs(1));
    let holding = rss_mib(serve.pid());
    let listing = tourney(&db, &["matches", "list", SLUG, "--ready"]);
    let id = listing
        .lines()
        .nth(1)
        .and_then(|l| l.split_whitespace().next())
        .expect("a ready match")
        .to_owned();
    tourney(&db, &["matches", "report", SLUG, &id, "--score", "2-1"]);
    let committed = Instant::now();
    let product = runtime.block_on(arrivals_after(&mut arrivals, streams, committed));

    let mut bare = Bare::start();
    let mut bare_arrivals = runtime.block_on(open_streams(bare.address, "/live", streams));
    let sent = Instant::now();
    bare.send();
    let baseline = runtime.block_on(arrivals_after(&mut bare_arrivals, streams, sent));

    println!("| run | streams | first | p50 | p99 | max |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    report(
        "tourney serve: result committed by the shell → event on every stream",
        &product,
    );
    report(
        "bare warp SSE broadcaster: send → event on every stream",
        &baseline,
    );
    let spread = |d: &[Duration]| percentile(d, 0.99) - percentile(d, 0.0);
    println!();
    println!(
        "spread from the first stream to the 99th percentile: tourney {:.1} ms, bare warp {:.1} ms",
        spread(&product),
        spread(&baseline)
    );
    println!("{streams} streams opened in {:.2} s", opening.as_secs_f64());
    println!(
        "serve's memory: {idle:.1} MiB before the streams, {holding:.1} MiB holding them ({:.1} KiB a stream); peak {:.1} MiB",
        (holding - idle) * 1024.0 / streams as f64,
        serve.peak_mib()
    );
    assert!(
        percentile(&product, 0.99) < 1000.0,
        "§8: a result reaches every stream with p99 under 1 s"
    );
}
