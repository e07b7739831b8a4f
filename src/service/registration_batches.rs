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

use std::sync::Arc;

use super::registrations::{self, Applicant, Checked, Registered};
use super::{Ctx, ServiceError};
use crate::db::lane::{Job, Lane, Shape};
use crate::db::{Db, DbError, Savepoint};
use crate::links::BaseUrl;

/// How registrations are batched: at most 64 in one transaction, one transaction at a time
/// (SQLite has one writer; on Postgres a batch holds its tournaments' rows), and up to 1,024
/// waiting before senders wait too.
const SHAPE: Shape = Shape {
    most: 64,
    in_flight: 1,
    queue: 1024,
};

/// The queue of registrations, and the task that writes them.
pub struct Batches {
    lane: Lane<Writer>,
}

/// Writes a batch of registrations.
struct Writer {
    db: Db,
    base_url: BaseUrl,
    actor: &'static str,
}

type Outcome = Result<Registered, ServiceError>;

impl Job for Writer {
    type Question = (String, Checked);
    type Answer = Outcome;

    async fn run(&self, batch: Vec<(String, Checked)>) -> Vec<Outcome> {
        let ctx = Ctx {
            base_url: &self.base_url,
            actor: self.actor,
            now: crate::timestamp::now_ms(),
            member: None,
        };
        write(&self.db, &ctx, batch).await
    }
}

impl Batches {
    /// Starts the writing task on the current runtime; it ends when the queue is dropped.
    pub fn start(db: Db, base_url: BaseUrl, actor: &'static str) -> Batches {
        let writer = Writer {
            db,
            base_url,
            actor,
        };
        Batches {
            lane: Lane::start("registration queue", writer, SHAPE),
        }
    }

    /// Registers an applicant, as [`registrations::register`] does, in the next batch.
    pub async fn register(
        &self,
        slug: &str,
        applicant: &Applicant<'_>,
    ) -> Result<Registered, ServiceError> {
        let checked = Checked::new(applicant)?;
        self.lane.ask((slug.to_owned(), checked)).await?
    }
}

/// Writes one batch and answers every registration in it, in its order.
async fn write(db: &Db, ctx: &Ctx<'_>, batch: Vec<(String, Checked)>) -> Vec<Outcome> {
    let count = batch.len();
    let fail = |error: DbError| {
        let error = Arc::new(error);
        (0..count)
            .map(|_| Err(DbError::Shared(Arc::clone(&error)).into()))
            .collect()
    };
    // One order of tournaments for every batch (Postgres locks each tournament's row), arrival
    // order within each.
    let mut order: Vec<usize> = (0..count).collect();
    order.sort_by(|&a, &b| batch[a].0.cmp(&batch[b].0));
    let mut batch: Vec<Option<(String, Checked)>> = batch.into_iter().map(Some).collect();
    let mut tx = match db.begin().await {
        Ok(tx) => tx,
        Err(error) => return fail(error),
    };
    let mut done: Vec<Option<Outcome>> = (0..count).map(|_| None).collect();
    for at in order {
        let Some((slug, checked)) = batch[at].take() else {
            continue;
        };
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
        if let Err(error) = ended {
            // The transaction is in no known state: none of the batch is written.
            return fail(error);
        }
        done[at] = Some(outcome);
    }
    let committed = tx.commit().await.map_err(Arc::new);
    done.into_iter()
        .map(|outcome| match (&committed, outcome) {
            (Ok(()), Some(outcome)) => outcome,
            // Nothing of the batch was written: a refusal still stands, a registration does not.
            (Err(_), Some(Err(refused))) => Err(refused),
            (Err(error), Some(Ok(_))) => Err(DbError::Shared(Arc::clone(error)).into()),
            (_, None) => {
                Err(DbError::Bug("a registration of the batch was never written".into()).into())
            }
        })
        .collect()
}
