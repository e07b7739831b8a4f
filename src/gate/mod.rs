//! What every request asks before it is answered, behind one interface: what is current in the
//! database ([`Gate::current`]), and for the API, who the key is and whether its request fits
//! the key's rate limit for the whole fleet ([`Gate::admit`]).
//!
//! The parts, each in a file of its own: the key directory in memory (`directory`), the rate
//! limit's memory of refusals, leases and the count kept alone (`limiter`), and below them the
//! database's side (`db::hot`: the versions, and the rate windows settled in batches).
//!
//! The promises, each pinned to tests that name it:
//!
//! - **No stale read.** Everything a request is answered from was current as of a read of the
//!   database that began after the request arrived: a change committed by any process shows on
//!   the next request (`tests/it/replicas.rs`:
//!   `a_thousand_writes_and_not_one_stale_read`,
//!   `a_key_works_from_its_first_request_and_stops_on_the_next_after_revocation`;
//!   `tests/it/storage.rs`: `serve_alone_survives_the_shell_writing_beside_it`).
//! - **Never over the limit.** No key's requests accepted in any window exceed the limit, across
//!   every server on the database (`tests/it/replicas.rs`: `the_rate_limit_is_one_for_the_fleet`;
//!   `tests/it/rate_limit.rs`: `requests_are_taken_until_the_window_is_full`,
//!   `requests_arriving_together_are_counted_one_by_one`), except while the database refuses
//!   writes, when each server counts alone (`tests/it/faults.rs`).
//! - **No lost lease.** The places lent to a server come back unused within one sweep of the
//!   lease's end, even when the request that got them timed out or its client hung up, and when
//!   a give-back failed (`tests/it/rate_limit.rs`:
//!   `leases_of_requests_that_give_up_come_back`, `a_give_back_that_fails_is_tried_again`,
//!   `a_lease_is_counted_at_once_and_gives_back_what_was_not_used` (twice gives nothing)).
//! - **Reads go on while writes are refused.** A full disk or a read-only database does not stop
//!   the API: requests are counted by the process alone, said in the log and `/metrics`, until
//!   the database takes writes again (`tests/it/faults.rs`).
//!
//! Never writes the product's data; answers 503 (as [`Unavailable`]) rather than guess when the
//! database does not answer.

mod directory;
mod limiter;

pub use directory::Principal;
pub use limiter::{BUSY, lease_for, seconds_up, window_ms};

use std::sync::Arc;
use std::time::Duration;

use crate::db::hot::{Hot, Limit};
use crate::db::versions::Versions;
use crate::db::{Db, DbError};
use crate::ids::KeyId;
use directory::Directory;
use limiter::Limiter;

/// The outcome of a rate limit for one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Accepted; `reset` is the seconds until a used place leaves the window.
    Allowed {
        limit: u32,
        remaining: u32,
        reset: u64,
    },
    /// Refused; a request after `retry_after` seconds will be accepted.
    Limited { limit: u32, retry_after: u64 },
}

/// The API's rate limit: `limit` accepted requests per key in any `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub limit: u32,
    pub window: Duration,
}

/// A request with a known key: who it acts for, its rate-limit decision, and what is current.
#[derive(Debug, Clone)]
pub struct Admitted {
    pub principal: Principal,
    pub decision: Decision,
    pub versions: Versions,
}

/// The database did not answer in time, or failed: the request cannot be answered truthfully.
#[derive(Debug, thiserror::Error)]
#[error("cannot reach the database: {source}")]
pub struct Unavailable {
    /// The key, when it was known before the database failed.
    pub key_id: Option<KeyId>,
    #[source]
    pub source: DbError,
}

/// How much longer than its timeout a request waits for the database's verdict before it gives
/// up: it should never have to.
const GIVE_UP_AFTER: Duration = Duration::from_millis(500);

pub struct Gate {
    db: Db,
    hot: Arc<Hot>,
    directory: Directory,
    limiter: Limiter,
    timeout: Duration,
}

impl Gate {
    /// The gate over `db` for `rate`; a request waits about `timeout` at most for the database.
    /// Starts its workers on the current tokio runtime.
    ///
    /// A batch of the database's questions gets half of `timeout`, and one batch can wait for the
    /// one before it: so an answer comes within `timeout`, and a request waits a little longer
    /// than that before it gives up, so that it never gives up on a batch that may still commit.
    pub fn open(db: &Db, rate: Rate, timeout: Duration) -> Result<Gate, DbError> {
        let limit = rate.limit.max(1);
        let hot = Arc::new(Hot::open(
            db,
            Limit {
                limit,
                window_ms: window_ms(rate.window),
                lease_ms: window_ms(lease_for(rate.window)),
            },
            timeout / 2,
        )?);
        let wait = timeout + GIVE_UP_AFTER;
        Ok(Gate {
            limiter: Limiter::new(Arc::clone(&hot), db.clone(), limit, rate.window, wait),
            directory: Directory::default(),
            db: db.clone(),
            hot,
            timeout,
        })
    }

    pub fn limit(&self) -> u32 {
        self.limiter.limit()
    }

    /// True while the database refuses writes and API requests are counted by this process
    /// alone; and how many were, since the process started.
    pub fn counting_alone(&self) -> (bool, u64) {
        (self.limiter.counting_alone(), self.limiter.counted_alone())
    }

    /// The database's versions, as of a read that began after this call.
    pub async fn current(&self) -> Result<Versions, Unavailable> {
        let unavailable = |source| Unavailable {
            key_id: None,
            source,
        };
        tokio::time::timeout(self.timeout, self.hot.versions())
            .await
            .map_err(|_| unavailable(DbError::TimedOut(self.timeout)))?
            .map_err(unavailable)
    }

    /// The principal of the API key whose hash is `key_hash` as of the current versions, its
    /// request's rate-limit decision, and those versions; `None` when no active key has that
    /// hash.
    ///
    /// A key already in the directory is settled at once: the settling transaction reads the
    /// versions too, and the key is confirmed against them afterwards (a request of a key
    /// revoked meanwhile is then refused, having cost one place of a window that no longer
    /// matters). A key the directory lacks is looked up as of freshly read versions before
    /// anything is settled, so a key created a moment ago works and random keys never reach the
    /// rate limit.
    pub async fn admit(&self, key_hash: &str) -> Result<Option<Admitted>, Unavailable> {
        let guessed = self
            .directory
            .peek(key_hash)
            .filter(|(principal, _)| principal.works_at(crate::timestamp::now_ms()));
        let principal = match &guessed {
            Some((principal, _)) => principal.clone(),
            None => {
                let versions = self.current().await?;
                match self.lookup(key_hash, versions.keys).await? {
                    Some(principal) if principal.works_at(crate::timestamp::now_ms()) => principal,
                    _ => return Ok(None),
                }
            }
        };
        let key_id = principal.key_id;
        let down = |source| Unavailable {
            key_id: Some(key_id),
            source,
        };
        let checked = self
            .limiter
            .check(key_id)
            .await
            .map_err(|unsettled| down(unsettled.0))?;
        let versions = match checked.versions {
            Some(versions) => versions,
            // Decided from memory: the request still needs what is current, for its key and its
            // answer.
            None => self.current().await.map_err(|e| down(e.source))?,
        };
        let valid_for = guessed.as_ref().map_or(i64::MAX, |(_, version)| *version);
        let principal = if versions.keys > valid_for {
            match self.lookup(key_hash, versions.keys).await? {
                Some(confirmed) if confirmed.key_id == key_id => confirmed,
                _ => return Ok(None),
            }
        } else {
            principal
        };
        Ok(Some(Admitted {
            principal,
            decision: checked.decision,
            versions,
        }))
    }

    /// The key's principal in a directory at least as new as `version`.
    async fn lookup(&self, key_hash: &str, version: i64) -> Result<Option<Principal>, Unavailable> {
        let unavailable = |source| Unavailable {
            key_id: None,
            source,
        };
        tokio::time::timeout(
            self.timeout,
            self.directory.lookup(&self.db, key_hash, version),
        )
        .await
        .map_err(|_| unavailable(DbError::TimedOut(self.timeout)))?
        .map_err(unavailable)
    }
}
