//! Webhook delivery benchmark: events appended in bulk are delivered by the real dispatcher to a
//! loopback HTTPS receiver (its own CA, TLS verification on). Reports deliveries per second and
//! event-to-first-attempt latency (p50, p99), on SQLite, and on Postgres when
//! `TOURNEY_BENCH_PG_URL` names a database the bench may fill.
//!
//! Run: `cargo bench --bench webhooks` (`WEBHOOK_BENCH_EVENTS=N` to change the bulk size).

#[path = "../tests/it/support/receiver.rs"]
mod receiver;

use std::time::{Duration, Instant};

use receiver::{Receiver, Reply};
use tourney::db::outbox::{self, Audience};
use tourney::db::tournaments::TournamentRow;
use tourney::db::{Db, hooks, spaces};
use tourney::domain::{Format, Locale, ParticipantStatus};
use tourney::events::{Event, RegistrationData, RegistrationObject};
use tourney::ids::ParticipantId;
use tourney::links::BaseUrl;
use tourney::service::tournaments::Draft;
use tourney::service::{self, Ctx};
use tourney::views::objects;
use tourney::webhook::blocklist::{Policy, parse_cidr};
use tourney::webhook::client::{ClientOptions, Sender};
use tourney::webhook::dispatcher::{DispatchOptions, Dispatcher, Mode};
use tourney::webhook::schedule::{DEFAULT_RETRY_DELAYS, parse_delays};

/// Appends `count` `registration.created` events of `tournament` in one transaction: a backlog
/// written at once, which no single writer would make, to measure delivery alone.
async fn append(db: &Db, tournament: &TournamentRow, count: usize) {
    let base_url = BaseUrl::parse("https://cup.example.org").expect("base URL");
    let mut tx = db.begin().await.expect("begin");
    for n in 0..count {
        let now = tourney::timestamp::now_ms();
        let event = Event::RegistrationCreated(RegistrationData {
            tournament: objects::tournament(tournament, Locale::En, &base_url),
            registration: RegistrationObject {
                id: ParticipantId::from_raw(n as i64 + 1).registration(),
                participant_id: ParticipantId::from_raw(n as i64 + 1),
                name: format!("Benchmark Player {n}"),
                status: ParticipantStatus::Active,
                created_at: tourney::timestamp::format_ms(now),
                withdrawn_at: None,
            },
        });
        outbox::append(
            tx.conn(),
            tournament.space_id,
            &event,
            Audience::Subscribers,
            now,
        )
        .await
        .expect("append");
    }
    tx.commit().await.expect("commit");
}

async fn latencies(db: &Db) -> Vec<i64> {
    const SQL: &str = "SELECT a.started_at - e.created_at FROM attempts a \
        JOIN deliveries d ON d.id = a.delivery_id JOIN events e ON e.id = d.event_id \
        WHERE a.number = 1 ORDER BY e.id";
    match db {
        Db::Sqlite(pool) => sqlx::query_scalar(SQL).fetch_all(pool).await.expect(SQL),
        Db::Postgres(pool) => sqlx::query_scalar(SQL).fetch_all(pool).await.expect(SQL),
    }
}

fn percentile(sorted: &[i64], p: f64) -> i64 {
    if sorted.is_empty() {
        return 0;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

async fn bench(name: &str, db: Db, events: usize) {
    let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
    let mut tx = db.begin().await.expect("begin");
    let space = spaces::insert(tx.conn(), "bench", "Bench", Locale::En, 1)
        .await
        .expect("space");
    hooks::insert(
        tx.conn(),
        space.id,
        &receiver.url,
        None,
        "whsec_benchmark",
        1,
    )
    .await
    .expect("hook");
    tx.commit().await.expect("commit");
    let base_url = BaseUrl::parse("https://cup.example.org").expect("base URL");
    let ctx = Ctx {
        base_url: &base_url,
        actor: "bench",
        now: 1,
    };
    let tournament = service::tournaments::create(
        &db,
        &ctx,
        &Draft::new("bench", "bench-cup", "Bench Cup", "chess", Format::Swiss),
    )
    .await
    .expect("tournament");
    let sender = Sender::new(&ClientOptions {
        policy: Policy::allowing(vec![parse_cidr("127.0.0.0/8").expect("cidr")]),
        root_cert: Some(receiver.root_cert.clone()),
    })
    .expect("client");
    let delays = parse_delays(DEFAULT_RETRY_DELAYS).expect("delays");
    let dispatcher = Dispatcher::new(db.clone(), sender, DispatchOptions::new(64, delays));

    // Throughput: a backlog appended in bulk, drained by one `--once` pass.
    append(&db, &tournament, events).await;
    let started = Instant::now();
    let totals = dispatcher
        .run(
            Mode::Once,
            std::future::pending(),
            |_| {},
            |e| eprintln!("error: {e}"),
        )
        .await
        .expect("dispatch");
    let elapsed = started.elapsed();
    assert_eq!(
        totals.succeeded as usize, events,
        "every delivery succeeded"
    );
    let rate = events as f64 / elapsed.as_secs_f64();

    // Latency: the daemon running, events appended in bulks of 50 every 100 ms (500/s).
    let before = latencies(&db).await.len();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let daemon = {
        let dispatcher = dispatcher.clone();
        tokio::spawn(async move {
            dispatcher
                .run(
                    Mode::Forever,
                    async {
                        let _ = stop_rx.await;
                    },
                    |_| {},
                    |e| eprintln!("error: {e}"),
                )
                .await
        })
    };
    let rounds = 50;
    for _ in 0..rounds {
        append(&db, &tournament, 50).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let want = before + rounds * 50;
    let deadline = Instant::now() + Duration::from_secs(30);
    while latencies(&db).await.len() < want && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = stop_tx.send(());
    let _ = daemon.await;
    let all = latencies(&db).await;
    let bulk = &all[..before.min(all.len())];
    let mut steady: Vec<i64> = all[before.min(all.len())..].to_vec();
    steady.sort_unstable();
    let mut bulk = bulk.to_vec();
    bulk.sort_unstable();
    println!(
        "{name:<9} bulk {events} events: {rate:>7.0} deliveries/s ({:.2} s); first attempt after append p50 {} ms, p99 {} ms",
        elapsed.as_secs_f64(),
        percentile(&bulk, 0.50),
        percentile(&bulk, 0.99),
    );
    println!(
        "{name:<9} steady 500 events/s for 5 s: event-to-first-attempt p50 {} ms, p99 {} ms, max {} ms ({} deliveries)",
        percentile(&steady, 0.50),
        percentile(&steady, 0.99),
        steady.last().copied().unwrap_or(0),
        steady.len(),
    );
    db.close().await;
}

fn main() {
    // `cargo test --benches` runs this once as a smoke test with a small backlog.
    let smoke =
        std::env::args().any(|a| a == "--test") || !std::env::args().any(|a| a == "--bench");
    let events = std::env::var("WEBHOOK_BENCH_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if smoke { 200 } else { 10_000 });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let dir = tempfile::tempdir().expect("temporary directory");
        let url = format!("sqlite://{}/bench.db", dir.path().display());
        bench("sqlite", Db::open(&url).await.expect("open SQLite"), events).await;
        if let Ok(url) = std::env::var("TOURNEY_BENCH_PG_URL") {
            bench(
                "postgres",
                Db::open(&url).await.expect("open Postgres"),
                events,
            )
            .await;
        }
    });
}
