//! The pool's counterpart of `direct::Batcher`, for Postgres: a task that takes the questions
//! queued since it last looked and answers them all with one job (one read, or one transaction),
//! within a deadline, so a server asks the database once per burst of requests rather than once
//! per request. Every question in a batch arrived before its job began.

use std::future::Future;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};

use super::DbError;
use super::direct::reply;

type Ask<Q, A> = (Q, oneshot::Sender<Result<A, DbError>>);

pub struct Batcher<Q, A> {
    asks: mpsc::UnboundedSender<Ask<Q, A>>,
}

impl<Q: Send + 'static, A: Send + 'static> Batcher<Q, A> {
    /// Starts the task: up to `max` questions at a time, each batch answered by `work` (one
    /// answer per question, in order) or failed when it takes longer than `deadline`.
    pub fn start<W, F>(max: usize, deadline: Duration, work: W) -> Self
    where
        W: Fn(Vec<Q>) -> F + Send + 'static,
        F: Future<Output = Result<Vec<A>, DbError>> + Send,
    {
        let (asks, mut queue) = mpsc::unbounded_channel::<Ask<Q, A>>();
        tokio::spawn(async move {
            while let Some(first) = queue.recv().await {
                let mut batch = vec![first];
                while batch.len() < max {
                    match queue.try_recv() {
                        Ok(ask) => batch.push(ask),
                        Err(_) => break,
                    }
                }
                let (questions, replies): (Vec<Q>, Vec<_>) = batch.into_iter().unzip();
                let answered = tokio::time::timeout(deadline, work(questions))
                    .await
                    .unwrap_or_else(|_| {
                        Err(DbError::Batch("the database did not answer in time".into()))
                    });
                reply(replies, answered);
            }
        });
        Batcher { asks }
    }

    /// Asks one question and waits for its answer.
    pub async fn ask(&self, question: Q) -> Result<A, DbError> {
        let (sender, answer) = oneshot::channel();
        self.asks
            .send((question, sender))
            .map_err(|_| DbError::Corrupt("the batcher stopped".into()))?;
        answer
            .await
            .map_err(|_| DbError::Corrupt("the batcher lost a question".into()))?
    }
}
