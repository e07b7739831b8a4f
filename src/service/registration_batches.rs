//! Registrations that arrive together are written together: the portal's forms queue here, and
//! one task writes whatever has queued in one transaction, each registration in a savepoint of
//! its own, then answers each sender. A burst of players (a popular tournament opening) then
//! costs one commit and a few pages of the write-ahead log per batch instead of per player, and
//! SQLite's single writer is held for far less in all.
//!
//! Each registration is the same operation as [`registrations::register`]: the same checks, in
//! arrival order within a tournament, the same event and audit entry; one refused undoes only
//! its own savepoint. If the batch cannot commit, every registration in it fails with the
//! database's error and none is written. Never used by the shell, whose commands are one
//! registration each.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use futures_util::FutureExt as _;
use tokio::sync::{mpsc, oneshot};

use super::registrations::{self, Applicant, Checked, Registered};
use super::{Ctx, ServiceError};
use crate::db::{Db, DbError, Savepoint};
use crate::links::BaseUrl;

/// The most registrations one transaction carries.
const MAX_BATCH: usize = 64;
/// How many registrations may wait for the writing task before senders wait too.
const QUEUE: usize = 1024;

type Reply = oneshot::Sender<Result<Registered, ServiceError>>;

struct Ask {
    slug: String,
    checked: Checked,
    reply: Reply,
}

/// The queue of registrations, and the task that writes them.
pub struct Batches {
    asks: mpsc::Sender<Ask>,
}

impl Batches {
    /// Starts the writing task on the current runtime; it ends when the queue is dropped.
    pub fn start(db: Db, base_url: BaseUrl, actor: &'static str) -> Batches {
        let (asks, mut queue) = mpsc::channel::<Ask>(QUEUE);
        tokio::spawn(async move {
            while let Some(first) = queue.recv().await {
                let mut batch = vec![first];
                while batch.len() < MAX_BATCH {
                    match queue.try_recv() {
                        Ok(ask) => batch.push(ask),
                        Err(_) => break,
                    }
                }
                let ctx = Ctx {
                    base_url: &base_url,
                    actor,
                    now: crate::timestamp::now_ms(),
                };
                // A batch that panics answers its senders with an error (their replies are
                // dropped), not every later registration.
                let written = AssertUnwindSafe(write(&db, &ctx, batch)).catch_unwind();
                if written.await.is_err() {
                    tracing::error!("a batch of registrations panicked");
                }
            }
        });
        Batches { asks }
    }

    /// Registers an applicant, as [`registrations::register`] does, in the next batch.
    pub async fn register(
        &self,
        slug: &str,
        applicant: &Applicant<'_>,
    ) -> Result<Registered, ServiceError> {
        let checked = Checked::new(applicant)?;
        let (reply, answer) = oneshot::channel();
        let stopped = || ServiceError::from(DbError::Stopped("registration queue"));
        self.asks
            .send(Ask {
                slug: slug.to_owned(),
                checked,
                reply,
            })
            .await
            .map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

/// Writes one batch and answers every registration in it.
async fn write(db: &Db, ctx: &Ctx<'_>, mut batch: Vec<Ask>) {
    // One order of tournaments for every batch (Postgres locks each tournament's row), arrival
    // order within each.
    batch.sort_by(|a, b| a.slug.cmp(&b.slug));
    let mut tx = match db.begin().await {
        Ok(tx) => tx,
        Err(error) => return fail(batch.into_iter().map(|ask| ask.reply), error),
    };
    let mut done: Vec<(Reply, Result<Registered, ServiceError>)> = Vec::with_capacity(batch.len());
    let mut asks = batch.into_iter();
    while let Some(Ask {
        slug,
        checked,
        reply,
    }) = asks.next()
    {
        let outcome = match tx.savepoint(Savepoint::Begin).await {
            Ok(()) => registrations::register_in(&mut tx, ctx, &slug, checked).await,
            Err(error) => Err(error.into()),
        };
        let ended = match &outcome {
            Ok(_) => tx.savepoint(Savepoint::Keep).await,
            Err(_) => match tx.savepoint(Savepoint::Undo).await {
                Ok(()) => tx.savepoint(Savepoint::Keep).await,
                Err(error) => Err(error),
            },
        };
        done.push((reply, outcome));
        if let Err(error) = ended {
            // The transaction is in no known state: none of the batch is written.
            drop(tx);
            return fail(
                done.into_iter()
                    .map(|(reply, _)| reply)
                    .chain(asks.map(|ask| ask.reply)),
                error,
            );
        }
    }
    let committed = tx.commit().await.map_err(Arc::new);
    for (reply, outcome) in done {
        let outcome = match (&committed, outcome) {
            (Ok(()), outcome) => outcome,
            // Nothing of the batch was written: a refusal still stands, a registration does not.
            (Err(_), Err(refused)) => Err(refused),
            (Err(error), Ok(_)) => Err(DbError::Shared(Arc::clone(error)).into()),
        };
        let _ = reply.send(outcome);
    }
}

/// Answers every registration of a batch that could not be written with `error`.
fn fail(replies: impl IntoIterator<Item = Reply>, error: DbError) {
    let error = Arc::new(error);
    for reply in replies {
        let _ = reply.send(Err(DbError::Shared(Arc::clone(&error)).into()));
    }
}
