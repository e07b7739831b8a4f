//! What is current: the database's `versions`, read for every request before anything kept in
//! memory is used, so a change committed by any process shows on the very next request.
//!
//! Reads are shared: a request waits for a read that started after it arrived (only such a read
//! can have seen every change committed before the request), and every request that arrives
//! while one read runs shares the next. Under load one read serves many requests; alone, a
//! request costs one indexed row. A failed read fails the requests waiting for it, and the next
//! request tries again.

use std::sync::Mutex;
use std::time::Duration;

use tokio::sync::Notify;

use crate::db::hot::Hot;
use crate::db::versions::Versions;

#[derive(Default)]
struct State {
    /// Reads started so far; the running read (if any) is number `started`.
    started: u64,
    /// The number of the last read that ended, and what it found.
    finished: u64,
    latest: Option<Result<Versions, String>>,
    running: bool,
}

pub struct Freshness {
    hot: std::sync::Arc<Hot>,
    timeout: Duration,
    state: Mutex<State>,
    ended: Notify,
}

/// The versions could not be read (the database is down or slow).
#[derive(Debug, Clone, thiserror::Error)]
#[error("cannot read what is current: {0}")]
pub struct Unknown(pub String);

impl Freshness {
    pub fn new(hot: std::sync::Arc<Hot>, timeout: Duration) -> Freshness {
        Freshness {
            hot,
            timeout,
            state: Mutex::new(State::default()),
            ended: Notify::new(),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The versions as of a read that started after this call.
    pub async fn current(self: &std::sync::Arc<Self>) -> Result<Versions, Unknown> {
        let needed = self.state().started + 1;
        loop {
            let ended = self.ended.notified();
            tokio::pin!(ended);
            ended.as_mut().enable();
            {
                let mut state = self.state();
                if state.finished >= needed {
                    return match &state.latest {
                        Some(Ok(versions)) => Ok(*versions),
                        Some(Err(why)) => Err(Unknown(why.clone())),
                        None => Err(Unknown("no read ended".into())),
                    };
                }
                if !state.running {
                    state.running = true;
                    state.started += 1;
                    let number = state.started;
                    let me = std::sync::Arc::clone(self);
                    tokio::spawn(async move { me.read(number).await });
                }
            }
            ended.await;
        }
    }

    async fn read(&self, number: u64) {
        // Whatever happens to this task, its end is recorded, so no request waits forever.
        let mut ending = Ending {
            freshness: self,
            number,
            found: None,
        };
        ending.found = Some(
            match tokio::time::timeout(self.timeout, self.hot.versions()).await {
                Ok(Ok(versions)) => Ok(versions),
                Ok(Err(error)) => Err(error.to_string()),
                Err(_) => Err("the database did not answer in time".to_owned()),
            },
        );
    }
}

/// Records a read's end when dropped: its result, or a failure if it ended without one.
struct Ending<'a> {
    freshness: &'a Freshness,
    number: u64,
    found: Option<Result<Versions, String>>,
}

impl Drop for Ending<'_> {
    fn drop(&mut self) {
        {
            let mut state = self.freshness.state();
            state.finished = self.number;
            state.latest = Some(
                self.found
                    .take()
                    .unwrap_or_else(|| Err("the read ended without an answer".to_owned())),
            );
            state.running = false;
        }
        self.freshness.ended.notify_waiters();
    }
}
