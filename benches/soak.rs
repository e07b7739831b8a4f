//! The soak for as long as it takes to trust it (30 minutes by default): the release binary's two
//! `serve` replicas and a `dispatch` on one database, twenty shell writers, portal visitors and
//! API readers, then the books checked (see `tests/it/soak/harness` for what runs and what is
//! checked; the test suite runs the same for a minute). SQLite always; Postgres too when
//! `TOURNEY_BENCH_PG_URL` names a server where the user may create databases.
//!
//! Run: `cargo bench --bench soak`; `TOURNEY_SOAK_SECONDS` sets the time per backend. The
//! summary goes to stdout as Markdown; the figures in docs/operations.md come from here.

#[path = "common/mod.rs"]
mod common;
#[path = "../tests/it/soak/harness/mod.rs"]
mod harness;
#[path = "../tests/it/support/receiver.rs"]
mod receiver;

use std::time::Duration;

fn plan(database_url: String, seconds: u64) -> harness::Plan {
    harness::Plan {
        database_url,
        binary: env!("CARGO_BIN_EXE_tourney").into(),
        duration: Duration::from_secs(seconds),
        terminals: 20,
        visitors: 4,
        readers: 4,
    }
}

fn report(backend: &str, outcome: &harness::Outcome) -> bool {
    println!("## {backend}\n\n{}", outcome.report());
    let failures = outcome.failures();
    for failure in &failures {
        println!("FAILED: {failure}");
    }
    failures.is_empty()
}

fn main() {
    // `cargo test --benches` runs this as a smoke test, for a few seconds.
    let smoke = !std::env::args().any(|a| a == "--bench");
    let seconds = std::env::var("TOURNEY_SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if smoke { 5 } else { 1800 });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let dir = tempfile::tempdir().expect("a directory");
    let url = format!("sqlite://{}/soak.db", dir.path().display());
    let mut ok = report(
        "SQLite",
        &runtime.block_on(harness::run(plan(url, seconds))),
    );
    match std::env::var("TOURNEY_BENCH_PG_URL") {
        Ok(admin) => {
            let database = runtime.block_on(common::PgDatabase::create(&admin, "soak"));
            let outcome = runtime.block_on(harness::run(plan(database.url.clone(), seconds)));
            ok &= report("Postgres", &outcome);
            runtime.block_on(database.drop());
        }
        Err(_) => println!("\nPostgres skipped: set TOURNEY_BENCH_PG_URL to soak it too"),
    }
    if !ok {
        std::process::exit(1);
    }
}
