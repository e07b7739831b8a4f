//! The soak in CI: everything at once on one database for a minute (`TOURNEY_SOAK_SECONDS`
//! changes it), on SQLite and on Postgres, with the real binary; see `harness` for what runs and
//! what is checked. The bench `benches/soak.rs` runs the same for half an hour.

mod harness;

use std::time::Duration;

use crate::support::on_both_backends;
pub use crate::support::receiver;

/// How long the soak runs in the test suite.
fn duration() -> Duration {
    let seconds = std::env::var("TOURNEY_SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    Duration::from_secs(seconds)
}

/// One soak at a time: each is meant to load the machine by itself.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

on_both_backends! {
    /// Two replicas and a dispatch, twenty shell writers, portal visitors and API readers: no
    /// process dies, every acknowledged write is there and read back at once on either replica,
    /// every event is delivered, and the database is whole.
    async fn everything_at_once_for_a_minute(t: TestDb) {
        let _alone = ONE_AT_A_TIME.lock().await;
        // Only the soak's processes hold the database.
        t.let_go().await;
        let plan = harness::Plan {
            database_url: t.url.clone(),
            binary: env!("CARGO_BIN_EXE_tourney").into(),
            duration: duration(),
            terminals: 20,
            visitors: 4,
            readers: 4,
        };
        let outcome = harness::run(plan).await;
        println!("soak on {}:\n{}", t.backend_name(), outcome.report());
        let failures = outcome.failures();
        assert!(failures.is_empty(), "{}\n{}", failures.join("\n"), outcome.report());
        assert!(outcome.acknowledged() >= 200, "the soak wrote too little to prove anything:\n{}", outcome.report());
        assert!(outcome.events >= 100 && outcome.reads >= 1000, "{}", outcome.report());
    }
}
