//! The rate-limit lane's job: settles a batch of requests (and give-backs, and on Postgres the
//! versions reads) in the database, and keeps what the batch decided in memory, whether or not
//! its askers still wait: the leases it lent, the refusals, what requests counted alone were
//! told; and the sweeper, which gives back leases that ended with no request to carry them.
//!
//! Never decides a request itself: the policy does, in the database's batch.

use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::time::Instant;

use super::ledger::{Failed, Ledger};
use super::memory::{Memory, Sent, counts_alone_after, lock};
use super::policy::{Returned, Verdict};
use crate::db::DbError;
use crate::db::lane::{Job, Lane};
use crate::db::versions::Versions;

/// What the lane is asked.
pub enum Question {
    /// Settle one request.
    Settle(Sent),
    /// Give leases back.
    GiveBack(Vec<Returned>),
    /// What is current (Postgres: read with the batch's windows, or alone).
    Versions,
}

/// What it answers.
pub enum Answer {
    Settled(Result<(Verdict, i64, Versions), Arc<DbError>>),
    GivenBack,
    Versions(Result<Versions, Arc<DbError>>),
}

/// The lane's job: settles batches in the database and keeps what they decided in memory,
/// whether or not their askers still wait.
pub struct Settler {
    memory: Arc<Memory>,
    ledger: Arc<Ledger>,
    /// What a batch may take for the database's turn and lock.
    deadline: Duration,
}

impl Settler {
    /// The job that settles in `ledger` (each batch waiting `deadline` at most for the
    /// database) and keeps what it decides in `memory`.
    pub(super) fn new(memory: Arc<Memory>, ledger: Arc<Ledger>, deadline: Duration) -> Settler {
        Settler {
            memory,
            ledger,
            deadline,
        }
    }
}

impl Job for Settler {
    type Question = Question;
    type Answer = Answer;

    async fn run(&self, questions: Vec<Question>) -> Vec<Answer> {
        let began = Instant::now();
        let mut sent = Vec::new();
        let mut gives = Vec::new();
        for question in &questions {
            match question {
                Question::Settle(one) => sent.push(one.clone()),
                Question::GiveBack(returned) => gives.extend_from_slice(returned),
                Question::Versions => {}
            }
        }
        if sent.is_empty() && gives.is_empty() {
            let read = self.ledger.versions().await.map_err(Arc::new);
            return questions
                .iter()
                .map(|_| Answer::Versions(read.clone()))
                .collect();
        }
        let outcome = self
            .ledger
            .settle(
                sent.iter().map(|s| s.ask.clone()).collect(),
                gives.clone(),
                began + self.deadline,
            )
            .await;
        let outcome = match outcome {
            Ok(settled) => {
                self.memory.end_refusing();
                self.memory.settled(&sent, &settled, began);
                Ok(settled)
            }
            Err(Failed { error, maybe_lent }) => {
                if counts_alone_after(&error) {
                    self.memory.begin_refusing(&error);
                }
                self.memory.failed(sent, gives, maybe_lent);
                Err(Arc::new(error))
            }
        };
        let mut verdicts = outcome
            .as_ref()
            .map(|s| s.verdicts.clone().into_iter())
            .ok();
        questions
            .into_iter()
            .map(|question| match (question, &outcome) {
                (Question::Settle(_), Ok(settled)) => match verdicts
                    .as_mut()
                    .and_then(Iterator::next)
                {
                    Some((verdict, now)) => Answer::Settled(Ok((verdict, now, settled.versions))),
                    None => Answer::Settled(Err(Arc::new(DbError::Bug(
                        "a batch decided fewer requests than it held".into(),
                    )))),
                },
                (Question::Settle(_), Err(error)) => Answer::Settled(Err(Arc::clone(error))),
                (Question::GiveBack(_), _) => Answer::GivenBack,
                (Question::Versions, Ok(settled)) => Answer::Versions(Ok(settled.versions)),
                (Question::Versions, Err(error)) => Answer::Versions(Err(Arc::clone(error))),
            })
            .collect()
    }

    /// A request gone before its batch began takes nothing: what it carried is kept for the
    /// next.
    fn dropped(&self, question: Question) {
        match question {
            Question::Settle(sent) => self.memory.failed(vec![sent], Vec::new(), None),
            Question::GiveBack(returned) => self.memory.failed(Vec::new(), returned, None),
            Question::Versions => {}
        }
    }
}

/// Every half lease until the limiter is gone: gives back the leases that ended with no request
/// of their key to carry them, and every give-back that failed before; forgets idle keys.
pub(super) async fn sweep(memory: Weak<Memory>, lane: Weak<Lane<Settler>>, wait: Duration) {
    loop {
        let (Some(memory), Some(lane)) = (memory.upgrade(), lane.upgrade()) else {
            return;
        };
        let every = (memory.lease / 2).max(Duration::from_millis(1));
        let now = Instant::now();
        let mut returned = std::mem::take(&mut *lock(&memory.returns));
        {
            let mut keys = lock(&memory.keys);
            for (key, local) in keys.iter_mut() {
                returned.extend(local.ended(*key, now));
            }
            keys.retain(|_, local| !local.idle(now, memory.lease));
        }
        if !returned.is_empty() {
            // A give-back that fails is put back by the job, for the next sweep.
            let _ = tokio::time::timeout(wait, lane.ask(Question::GiveBack(returned))).await;
        }
        drop((memory, lane));
        tokio::time::sleep(every).await;
    }
}
