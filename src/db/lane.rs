//! A lane: questions answered in batches. A task takes every question queued since it last
//! looked (up to a most), leaves out those whose asker has already gone (hung up, or gave up
//! waiting) and hands them to [`Job::dropped`], and has the job answer the rest in one go. Up to
//! `in_flight` batches run at once; while they do, the next questions queue and form the next
//! batch. Every question in a batch was asked before the job began, so an answer never predates
//! its question.
//!
//! The rate limit's settles (`gate`) and the portal's registrations
//! (`service::registration_batches`) are lanes. The job owns what its answers mean, including
//! what an answer nobody received leaves behind; the lane never decides anything about the
//! questions themselves.
//!
//! Each lane times itself ([`LaneTimes`], in `/metrics`): how long a question waited for its
//! batch to begin, how long batches took, and how many questions they held.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::sync::{Semaphore, mpsc, oneshot};
use tokio::time::Instant;

use super::DbError;
use crate::timing::{Histogram, STAGE_BOUNDS};

/// What a lane's batches are answered by.
pub trait Job: Send + Sync + 'static {
    type Question: Send + 'static;
    type Answer: Send + 'static;

    /// Answers `questions`, one answer each, in order.
    fn run(&self, questions: Vec<Self::Question>)
    -> impl Future<Output = Vec<Self::Answer>> + Send;

    /// A question left out because its asker was gone before its batch began.
    fn dropped(&self, _question: Self::Question) {}
}

type Reply<A> = oneshot::Sender<A>;
/// A question as queued: when it was asked, and where its answer goes.
type Asked<J> = (<J as Job>::Question, Instant, Reply<<J as Job>::Answer>);

/// The asking end of a lane; the task ends when it is dropped.
pub struct Lane<J: Job> {
    asks: mpsc::Sender<Asked<J>>,
    name: &'static str,
    times: Arc<LaneTimes>,
}

/// What a lane's questions and batches took.
pub struct LaneTimes {
    /// From a question's asking to its batch's beginning.
    pub wait: Histogram,
    /// A batch's run, from its beginning to its answers.
    pub batch: Histogram,
    /// Questions answered in batches (those whose askers were gone are not counted).
    pub questions: AtomicU64,
}

impl Default for LaneTimes {
    fn default() -> LaneTimes {
        LaneTimes {
            wait: Histogram::new(STAGE_BOUNDS),
            batch: Histogram::new(STAGE_BOUNDS),
            questions: AtomicU64::new(0),
        }
    }
}

/// How a lane batches.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// The most questions one batch answers.
    pub most: usize,
    /// How many batches may run at once.
    pub in_flight: usize,
    /// How many questions may wait before askers wait too.
    pub queue: usize,
}

impl<J: Job> Lane<J> {
    /// Starts the lane's task on the current runtime.
    pub fn start(name: &'static str, job: J, shape: Shape) -> Lane<J> {
        let (asks, mut queue) = mpsc::channel::<Asked<J>>(shape.queue);
        let job = Arc::new(job);
        let times = Arc::new(LaneTimes::default());
        let timed = Arc::clone(&times);
        let flights = Arc::new(Semaphore::new(shape.in_flight.max(1)));
        tokio::spawn(async move {
            loop {
                // A batch forms only once it can run, so that it takes everything that queued
                // meanwhile.
                let Ok(flight) = Arc::clone(&flights).acquire_owned().await else {
                    return;
                };
                let Some(first) = queue.recv().await else {
                    return;
                };
                let mut batch = vec![first];
                while batch.len() < shape.most {
                    match queue.try_recv() {
                        Ok(ask) => batch.push(ask),
                        Err(_) => break,
                    }
                }
                let began = Instant::now();
                let (questions, replies): (Vec<_>, Vec<_>) = batch
                    .into_iter()
                    .filter_map(|(question, asked, reply)| {
                        if reply.is_closed() {
                            job.dropped(question);
                            None
                        } else {
                            timed.wait.record(began.saturating_duration_since(asked));
                            Some((question, reply))
                        }
                    })
                    .unzip();
                if questions.is_empty() {
                    continue;
                }
                let job = Arc::clone(&job);
                let timed = Arc::clone(&timed);
                tokio::spawn(async move {
                    let _flight = flight;
                    let count = questions.len();
                    let answers = job.run(questions).await;
                    timed.batch.record(began.elapsed());
                    timed.questions.fetch_add(count as u64, Ordering::Relaxed);
                    if answers.len() != count {
                        // Every asker is told the lane stopped (its reply is dropped).
                        tracing::error!(
                            lane = name,
                            count,
                            answered = answers.len(),
                            "a batch was answered wrongly"
                        );
                        return;
                    }
                    for (reply, answer) in replies.into_iter().zip(answers) {
                        let _ = reply.send(answer);
                    }
                });
            }
        });
        Lane { asks, name, times }
    }

    /// What this lane's questions and batches took so far.
    pub fn times(&self) -> &LaneTimes {
        &self.times
    }

    /// Asks one question and waits for its answer. Dropped before the answer comes, the
    /// question is left out if its batch has not begun; otherwise the job's answer stands.
    pub async fn ask(&self, question: J::Question) -> Result<J::Answer, DbError> {
        let (reply, answer) = oneshot::channel();
        self.asks
            .send((question, Instant::now(), reply))
            .await
            .map_err(|_| DbError::Stopped(self.name))?;
        answer.await.map_err(|_| DbError::Stopped(self.name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// Doubles numbers; remembers what it was asked and what it dropped.
    #[derive(Default)]
    struct Doubler {
        batches: AtomicUsize,
        running: AtomicUsize,
        most_running: AtomicUsize,
        delay: Duration,
        dropped: Mutex<Vec<u32>>,
    }

    impl Job for Arc<Doubler> {
        type Question = u32;
        type Answer = u32;

        async fn run(&self, questions: Vec<u32>) -> Vec<u32> {
            self.batches.fetch_add(1, Ordering::SeqCst);
            let running = self.running.fetch_add(1, Ordering::SeqCst) + 1;
            self.most_running.fetch_max(running, Ordering::SeqCst);
            tokio::time::sleep(self.delay).await;
            self.running.fetch_sub(1, Ordering::SeqCst);
            questions.into_iter().map(|q| q * 2).collect()
        }

        fn dropped(&self, question: u32) {
            self.dropped.lock().expect("the list").push(question);
        }
    }

    fn shape(in_flight: usize) -> Shape {
        Shape {
            most: 64,
            in_flight,
            queue: 1024,
        }
    }

    #[tokio::test]
    async fn questions_asked_together_share_a_batch_and_each_gets_its_answer() {
        let job = Arc::new(Doubler {
            delay: Duration::from_millis(20),
            ..Doubler::default()
        });
        let lane = Lane::start("doubler", Arc::clone(&job), shape(1));
        let answers = futures_util::future::join_all((1..=10).map(|n| lane.ask(n))).await;
        let answers: Vec<u32> = answers.into_iter().map(|a| a.expect("an answer")).collect();
        assert_eq!(answers, (1..=10).map(|n| n * 2).collect::<Vec<_>>());
        assert!(job.batches.load(Ordering::SeqCst) <= 2, "asked together");
    }

    /// An asker that gives up before its batch begins is not asked at all: the job is told.
    #[tokio::test]
    async fn an_asker_gone_before_its_batch_is_dropped_and_the_job_told() {
        let job = Arc::new(Doubler {
            delay: Duration::from_millis(100),
            ..Doubler::default()
        });
        let lane = Lane::start("doubler", Arc::clone(&job), shape(1));
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
        assert_eq!(job.batches.load(Ordering::SeqCst), 1, "not asked");
        assert_eq!(*job.dropped.lock().expect("the list"), [3]);
    }

    /// With two in flight, a second batch runs beside the first, and never a third.
    #[tokio::test]
    async fn batches_run_side_by_side_up_to_the_lanes_flights() {
        let job = Arc::new(Doubler {
            delay: Duration::from_millis(30),
            ..Doubler::default()
        });
        let lane = Arc::new(Lane::start("doubler", Arc::clone(&job), shape(2)));
        let asks = (0..6u32).map(|n| {
            let lane = Arc::clone(&lane);
            async move {
                tokio::time::sleep(Duration::from_millis(u64::from(n) * 12)).await;
                lane.ask(n).await.expect("an answer")
            }
        });
        futures_util::future::join_all(asks).await;
        assert_eq!(job.most_running.load(Ordering::SeqCst), 2);
    }
}
