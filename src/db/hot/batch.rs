//! A lane: questions answered in batches by one job at a time, on either backend. A task takes
//! every question queued since it last looked (up to a most), leaves out those whose asker has
//! already gone (hung up, or gave up waiting), and has the job answer the rest in one go, within a
//! deadline that the job checks before it commits. Every question in a batch was asked before
//! the job began, so an answer never predates its question.
//!
//! An answer whose asker is gone by the time it is sent is handed to [`Job::orphan`]: what it
//! took (places of a rate-limit lease) goes to the orphans' channel, for the caller to give back
//! at once. Nothing here decides anything about the questions themselves.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::db::DbError;

/// What a lane's batches are answered by.
pub trait Job: Send + 'static {
    type Question: Send + 'static;
    type Answer: Send + 'static;
    /// What an answer nobody received leaves to undo.
    type Orphan: Send + 'static;

    /// Answers `questions`, one answer each in order, committing nothing after `deadline`.
    fn run(
        &mut self,
        questions: Vec<Self::Question>,
        deadline: Instant,
    ) -> impl Future<Output = Result<Vec<Self::Answer>, DbError>> + Send + '_;

    /// What to undo for an answer its asker never received.
    fn orphan(answer: Self::Answer) -> Option<Self::Orphan>;
}

type Reply<A> = oneshot::Sender<Result<A, DbError>>;

/// The asking end of a lane; the task ends when it is dropped.
pub struct Lane<J: Job> {
    asks: mpsc::UnboundedSender<(J::Question, Reply<J::Answer>)>,
    name: &'static str,
}

impl<J: Job> Lane<J> {
    /// Starts the lane's task on the current runtime: batches of up to `max` questions, each
    /// answered by `job` within `deadline`; orphans go to `orphans`.
    pub fn start(
        name: &'static str,
        mut job: J,
        max: usize,
        deadline: Duration,
        orphans: mpsc::UnboundedSender<J::Orphan>,
    ) -> Lane<J> {
        let (asks, mut queue) = mpsc::unbounded_channel::<(J::Question, Reply<J::Answer>)>();
        tokio::spawn(async move {
            let mut batch = Vec::with_capacity(max);
            while let Some(first) = queue.recv().await {
                batch.push(first);
                while batch.len() < max {
                    match queue.try_recv() {
                        Ok(ask) => batch.push(ask),
                        Err(_) => break,
                    }
                }
                // An asker that is gone takes nothing: its question is not asked.
                batch.retain(|(_, reply)| !reply.is_closed());
                if batch.is_empty() {
                    continue;
                }
                let (questions, replies): (Vec<_>, Vec<_>) = batch.drain(..).unzip();
                let count = questions.len();
                let answered = job.run(questions, Instant::now() + deadline).await;
                match answered {
                    Ok(answers) if answers.len() == count => {
                        for (reply, answer) in replies.into_iter().zip(answers) {
                            if let Err(Ok(answer)) = reply.send(Ok(answer))
                                && let Some(orphan) = J::orphan(answer)
                            {
                                let _ = orphans.send(orphan);
                            }
                        }
                    }
                    Ok(answers) => {
                        // A bug: nothing can say which answer is whose. Whatever they took
                        // is undone, and every asker is told.
                        for orphan in answers.into_iter().filter_map(J::orphan) {
                            let _ = orphans.send(orphan);
                        }
                        let lost = Arc::new(DbError::Corrupt(format!(
                            "the {name} answered {count} questions wrongly"
                        )));
                        for reply in replies {
                            let _ = reply.send(Err(DbError::Shared(Arc::clone(&lost))));
                        }
                    }
                    Err(error) => {
                        let error = Arc::new(error);
                        for reply in replies {
                            let _ = reply.send(Err(DbError::Shared(Arc::clone(&error))));
                        }
                    }
                }
            }
        });
        Lane { asks, name }
    }

    /// Asks one question and waits for its answer. Dropping the future before the answer
    /// comes leaves nothing taken: the question is left out, or its answer undone.
    pub async fn ask(&self, question: J::Question) -> Result<J::Answer, DbError> {
        let (reply, answer) = oneshot::channel();
        self.asks
            .send((question, reply))
            .map_err(|_| DbError::Stopped(self.name))?;
        answer.await.map_err(|_| DbError::Stopped(self.name))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Doubles numbers; an answer of an odd number nobody received is an orphan.
    struct Doubler {
        batches: Arc<AtomicUsize>,
        delay: Duration,
    }

    impl Job for Doubler {
        type Question = u32;
        type Answer = u32;
        type Orphan = u32;

        async fn run(
            &mut self,
            questions: Vec<u32>,
            deadline: Instant,
        ) -> Result<Vec<u32>, DbError> {
            self.batches.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(self.delay).await;
            if Instant::now() > deadline {
                return Err(DbError::TimedOut(self.delay));
            }
            Ok(questions.into_iter().map(|q| q * 2).collect())
        }

        fn orphan(answer: u32) -> Option<u32> {
            (answer % 4 == 2).then_some(answer / 2)
        }
    }

    #[tokio::test]
    async fn questions_asked_together_share_a_batch_and_each_gets_its_answer() {
        let (orphans, _) = mpsc::unbounded_channel();
        let batches = Arc::new(AtomicUsize::new(0));
        let job = Doubler {
            batches: Arc::clone(&batches),
            delay: Duration::from_millis(20),
        };
        let lane = Lane::start("doubler", job, 64, Duration::from_secs(1), orphans);
        let answers = futures_util::future::join_all((1..=10).map(|n| lane.ask(n))).await;
        let answers: Vec<u32> = answers.into_iter().map(|a| a.expect("an answer")).collect();
        assert_eq!(answers, (1..=10).map(|n| n * 2).collect::<Vec<_>>());
        assert!(
            batches.load(Ordering::Relaxed) <= 2,
            "asked together, answered together"
        );
    }

    /// An asker that gives up before its batch begins is not asked at all; one that gives up
    /// while it runs has what its answer took handed back as an orphan.
    #[tokio::test]
    async fn an_asker_that_is_gone_takes_nothing() {
        let (orphans, mut orphaned) = mpsc::unbounded_channel();
        let batches = Arc::new(AtomicUsize::new(0));
        let job = Doubler {
            batches: Arc::clone(&batches),
            delay: Duration::from_millis(100),
        };
        let lane = Lane::start("doubler", job, 64, Duration::from_secs(5), orphans);
        // The first question holds the job for 100 ms; the second, asked once it runs, gives up
        // while it waits for the next batch.
        let first = lane.ask(2);
        let second = async {
            tokio::time::sleep(Duration::from_millis(20)).await;
            tokio::time::timeout(Duration::from_millis(10), lane.ask(3)).await
        };
        let (first, second) = tokio::join!(first, second);
        assert_eq!(first.expect("an answer"), 4);
        assert!(second.is_err(), "the second gave up");
        tokio::time::sleep(Duration::from_millis(150)).await;
        assert_eq!(
            batches.load(Ordering::Relaxed),
            1,
            "the question of a gone asker is not asked"
        );
        assert!(orphaned.try_recv().is_err());
        // Now one that gives up while its own batch runs: its answer comes back as an orphan.
        let gone = tokio::time::timeout(Duration::from_millis(10), lane.ask(7)).await;
        assert!(gone.is_err());
        let orphan = tokio::time::timeout(Duration::from_secs(1), orphaned.recv()).await;
        assert_eq!(orphan.expect("in time"), Some(7));
    }

    #[tokio::test]
    async fn a_batch_past_its_deadline_fails_every_asker() {
        let (orphans, _) = mpsc::unbounded_channel();
        let job = Doubler {
            batches: Arc::default(),
            delay: Duration::from_millis(50),
        };
        let lane = Lane::start("doubler", job, 64, Duration::from_millis(10), orphans);
        let (a, b) = tokio::join!(lane.ask(1), lane.ask(2));
        for answer in [a, b] {
            assert!(
                matches!(answer, Err(DbError::Shared(e)) if matches!(*e, DbError::TimedOut(_)))
            );
        }
    }
}
