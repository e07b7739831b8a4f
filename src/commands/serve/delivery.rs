//! `serve`'s webhook delivery loop on a tokio runtime of its own, as a `dispatch` process beside
//! the server would run it: an attempt's wake-ups (its answer read, its batch recorded, the next
//! one sent) are taken by threads that the API's requests do not queue on, so a busy API no
//! longer slows every delivery down to its turn among thousands of requests. Owns that runtime
//! and the loop's handle on the database from start to stop; never serves a request.

use std::sync::Arc;

use super::super::{Error, dispatch};
use crate::db::Db;
use crate::webhook::dispatcher::{Dispatcher, Mode};
use crate::webhook::metrics::DeliveryMetrics;

/// What Postgres lists the loop's connections as (`pg_stat_activity.application_name`).
const CONNECTIONS_NAME: &str = "tourney delivery";

/// The loop's threads: one for every four cores, at least one. An attempt is mostly waiting for
/// its receiver; one thread signs and sends tens of thousands a second.
fn threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |cores| cores.get().div_ceil(4))
        .max(1)
}

/// The running loop; [`DeliveryThreads::finish`] waits for it to drain.
pub(super) struct DeliveryThreads {
    /// `None` once stopped.
    runtime: Option<tokio::runtime::Runtime>,
    running: tokio::task::JoinHandle<()>,
}

impl DeliveryThreads {
    /// Starts `dispatcher` on threads of its own, delivering until `stop`; every attempt is
    /// counted in `metrics` and logged.
    pub(super) fn start(
        db: &Db,
        dispatcher: Dispatcher,
        metrics: Arc<DeliveryMetrics>,
        stop: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<DeliveryThreads, Error> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(threads())
            .thread_name("tourney-delivery")
            .enable_all()
            .build()
            .map_err(|source| Error::Threads {
                what: "the webhook delivery loop",
                source,
            })?;
        let db = db.clone();
        let running = runtime.spawn(async move {
            // Opened here: a Postgres pool's connections belong to the runtime that opens them.
            let beside = db.beside(CONNECTIONS_NAME);
            deliver(dispatcher.on(beside.db().clone()), &metrics, stop).await;
            beside.close().await;
        });
        Ok(DeliveryThreads {
            runtime: Some(runtime),
            running,
        })
    }

    /// Waits until the loop has stopped (after `stop`, once its attempts in flight have ended
    /// and been recorded), then lets its threads go.
    pub(super) async fn finish(mut self) {
        if let Err(error) = (&mut self.running).await {
            tracing::error!(%error, "the delivery loop ended abnormally");
        }
    }
}

impl Drop for DeliveryThreads {
    /// What is left on the loop's runtime (idle connections to receivers) is dropped without
    /// waiting, the one way a runtime may be dropped on another runtime's thread.
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// The delivery loop: every attempt counted in the metrics and logged (a failure as a warning),
/// until `stop`; then the attempts in flight finish.
async fn deliver(
    dispatcher: Dispatcher,
    metrics: &DeliveryMetrics,
    stop: impl std::future::Future<Output = ()>,
) {
    let run = dispatcher.run(
        Mode::Forever,
        stop,
        |report| {
            metrics.record(report);
            let line = dispatch::describe(report);
            if report.outcome.succeeded() {
                tracing::debug!("{line}");
            } else {
                tracing::warn!("{line}");
            }
        },
        |error| tracing::warn!(%error, "a webhook attempt could not be recorded"),
    );
    if let Err(error) = run.await {
        tracing::error!(%error, "the delivery loop stopped");
    }
}
