//! `tourney dispatch`: the webhook delivery loop alone (or one pass with `--once`); `serve` runs
//! the same loop unless told not to.
//!
//! Reads the options, builds the client and runs the dispatcher until SIGTERM or SIGINT, then
//! lets the requests in flight finish. Prints one line per attempt (with `--once`: per failed
//! attempt, and a progress bar on a terminal) and a summary. With `--listen`, serves the loop's
//! `/metrics`.

use std::io::{IsTerminal, Write};
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::Error;
use crate::cli::{DeliveryArgs, DispatchArgs, NetworkArgs};
use crate::db::deliveries::NextState;
use crate::db::{Db, deliveries};
use crate::http;
use crate::timestamp;
use crate::webhook::client::{ClientOptions, Sender};
use crate::webhook::dispatcher::{DispatchOptions, Dispatcher, Mode, Report, Totals};
use crate::webhook::metrics::DeliveryMetrics;
use crate::webhook::schedule;

/// The webhook client as `--allow-cidr` and `--root-cert` configure it.
pub(super) fn sender(network: &NetworkArgs) -> Result<Sender, Error> {
    let options = ClientOptions {
        policy: super::hooks::policy(&network.allow)?,
        root_cert: network.root_cert.clone(),
    };
    Ok(Sender::new(&options)?)
}

/// The one stop of a process with several loops (the server, the delivery loop): every
/// [`Stop::wait`] completes once SIGINT or SIGTERM arrives.
pub(super) struct Stop(tokio::sync::watch::Receiver<bool>);

impl Stop {
    pub(super) fn on_signal() -> Stop {
        let (sender, receiver) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            shutdown_signal().await;
            let _ = sender.send(true);
        });
        Stop(receiver)
    }

    pub(super) fn wait(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut receiver = self.0.clone();
        async move {
            let _ = receiver.wait_for(|stopped| *stopped).await;
        }
    }
}

/// Completes on SIGINT or SIGTERM.
pub(super) async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// One line about one attempt.
pub(super) fn describe(report: &Report) -> String {
    let attempt = report.attempt.map_or_else(
        || "not recorded: claim lost".to_owned(),
        |n| format!("attempt {n}"),
    );
    let mut line = format!(
        "{} {} {} {} ({attempt}, {}) in {} ms: {}",
        timestamp::format_ms(timestamp::now_ms()),
        report.delivery_id,
        report.event_id,
        report.hook_id,
        report.trigger,
        report.outcome.duration.as_millis(),
        report.outcome.explained(),
    );
    match report.next {
        None | Some(NextState::Succeeded) => {}
        Some(NextState::RetryAt(at)) => {
            line.push_str(&format!("; next attempt at {}", timestamp::format_ms(at)));
        }
        Some(NextState::Failed) => line.push_str("; failed (retry with `tourney hooks retry`)"),
    }
    if let Some(reason) = &report.disabled {
        line.push_str(&format!(
            "; {} disabled ({reason}): `tourney hooks enable {}` sends to it again",
            report.hook_id, report.hook_id
        ));
    }
    line
}

/// The delivery loop as the flags configure it.
pub(super) fn dispatcher(db: &Db, args: &DeliveryArgs) -> Result<Dispatcher, Error> {
    let delays = schedule::parse_delays(&args.retry_delays)
        .map_err(|e| Error::Invalid(format!("--retry-delays: {e}")))?;
    let lease = crate::fields::duration(&args.lease)
        .map_err(|e| Error::Invalid(format!("--lease: {e}")))?;
    if lease < std::time::Duration::from_secs(1) {
        return Err(Error::Invalid("--lease: at least 1s".into()));
    }
    let disable_after = crate::fields::duration(&args.disable_after)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| {
            Error::Invalid(format!(
                "--disable-after: '{}' is not a duration such as 5d or 12h",
                args.disable_after
            ))
        })?;
    let sender = sender(&args.network)?;
    let concurrency = usize::try_from(args.concurrency).unwrap_or(1);
    let mut options = DispatchOptions::new(concurrency, delays);
    options.lease = lease;
    options.disable_after = disable_after;
    Ok(Dispatcher::new(db.clone(), sender, options))
}

pub async fn run(db: &Db, args: DispatchArgs, out: &mut impl Write) -> Result<(), Error> {
    let dispatcher = dispatcher(db, &args.delivery)?;
    let concurrency = args.delivery.concurrency;
    let on_error = |error: &crate::webhook::dispatcher::DispatchError| {
        let _ = writeln!(std::io::stderr(), "error: {error}");
    };
    let totals = if args.once {
        let bar = if std::io::stdout().is_terminal() {
            let mut handle = db.acquire().await?;
            let due = deliveries::count_due(handle.conn()).await?;
            let bar = ProgressBar::with_draw_target(
                Some(u64::try_from(due).unwrap_or(0)),
                ProgressDrawTarget::stdout(),
            );
            if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} deliveries {msg}")
            {
                bar.set_style(style);
            }
            Some(bar)
        } else {
            None
        };
        let totals = dispatcher
            .run(
                Mode::Once,
                shutdown_signal(),
                |report| {
                    if let Some(bar) = &bar {
                        bar.inc(1);
                        if !report.outcome.succeeded() {
                            bar.println(describe(report));
                        }
                    } else if !report.outcome.succeeded() {
                        let _ = writeln!(out, "{}", describe(report));
                    }
                },
                on_error,
            )
            .await?;
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        totals
    } else {
        let metrics = Arc::new(DeliveryMetrics::of(&dispatcher));
        let stop = Stop::on_signal();
        let server = match args.listen {
            Some(listen) => {
                let (listener, address) = http::bind(listen).await.map_err(|source| {
                    Error::Invalid(format!("cannot listen on {listen}: {source}"))
                })?;
                writeln!(out, "metrics on http://{address}/metrics")?;
                Some(tokio::spawn(http::serve_delivery_metrics(
                    listener,
                    db.clone(),
                    Arc::clone(&metrics),
                    stop.wait(),
                )))
            }
            None => None,
        };
        writeln!(
            out,
            "dispatching webhooks (concurrency {concurrency}); stop with Ctrl-C or SIGTERM"
        )?;
        out.flush()?;
        let totals = dispatcher
            .run(
                Mode::Forever,
                stop.wait(),
                |report| {
                    metrics.record(report);
                    let _ = writeln!(out, "{}", describe(report));
                },
                on_error,
            )
            .await?;
        if let Some(server) = server {
            let _ = server.await;
        }
        totals
    };
    summary(&totals, out)?;
    if totals.errors > 0 {
        return Err(Error::Invalid(format!(
            "{} attempts could not be recorded; their deliveries are sent again when their claims expire",
            totals.errors
        )));
    }
    Ok(())
}

fn summary(totals: &Totals, out: &mut impl Write) -> Result<(), Error> {
    writeln!(
        out,
        "{} attempts: {} delivered, {} failed{}",
        totals.succeeded + totals.failed,
        totals.succeeded,
        totals.failed,
        if totals.lost > 0 {
            format!(", {} not recorded (claim lost)", totals.lost)
        } else {
            String::new()
        }
    )?;
    Ok(())
}
