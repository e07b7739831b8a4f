//! What every request asks before it is answered, behind one interface: what is current in the
//! database ([`Gate::current`]), and for the API, who the key is and whether its request fits
//! the key's rate limit for the whole fleet ([`Gate::admit`]).
//!
//! The parts, each in a file of its own: the key directory in memory (`directory`); for the rate
//! limit, its policy, pure (`policy`), a request's way through one server (`limiter`), what that
//! server's memory may decide (`memory`), the lane's job that settles the rest in batches and
//! keeps what they decided (`settler`), and the windows in the database (`ledger`, the only
//! SQL).
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
//!   every server on the database, whatever clients hang up or time out; a request counts once
//!   it is decided, so of a burst over the limit, `limit − gave_up ≤ accepted ≤ limit`, where
//!   `gave_up` counts the requests that did not wait for their answer (`gate::tests`: the
//!   property test against a sliding-window log; `tests/it/rate_limit.rs`:
//!   `requests_that_give_up_count_once_and_leases_come_back`,
//!   `clients_hanging_up_mid_request_never_add_a_place`,
//!   `requests_arriving_together_are_counted_one_by_one`; `tests/it/replicas.rs`:
//!   `the_rate_limit_is_one_for_the_fleet`). While the database refuses writes, each server
//!   counts alone from the window as stored and tells the database afterwards, once: one server
//!   stays exact (`tests/it/faults.rs`: `an_outages_count_is_charged_once`), N servers may
//!   let through up to N times the limit until the database takes writes again. On SQLite, a
//!   server that has seen no other one in the last ten minutes meets another process's long
//!   write the same way; servers that saw each other wait for the writer instead, however long
//!   it writes (`tests/it/long_writes.rs`).
//! - **No lost lease.** The places lent to a server come back unused within one sweep of the
//!   lease's end, even when the request that got them timed out or its client hung up, and when
//!   a give-back failed; a lease given back twice gives nothing the second time (`gate::policy`'s
//!   tests; `tests/it/rate_limit.rs`: `a_give_back_that_fails_is_tried_again`,
//!   `a_lease_is_counted_at_once_and_gives_back_what_was_not_used`).
//! - **Reads go on while writes are refused.** A full disk or a read-only database does not stop
//!   the API: requests are counted by the process alone, said in the log and `/metrics`, until
//!   the database takes writes again (`tests/it/faults.rs`); nor, for a server alone on a SQLite
//!   file, does another process's long write (`tests/it/long_writes.rs`).
//!
//! Never writes the product's data; answers 503 (as [`Unavailable`]) rather than guess when the
//! database does not answer.

mod directory;
pub mod ledger;
mod limiter;
mod memory;
pub mod policy;
mod settler;
#[cfg(test)]
mod tests;

pub use directory::Principal;
pub use ledger::Ledger;
pub use limiter::{BUSY, lease_for};
pub use policy::{seconds_up, window_ms};

use std::time::Duration;

use crate::db::lane::Shape;
use crate::db::versions::Versions;
use crate::db::{Db, DbError};
use crate::ids::KeyId;
use directory::Directory;
use limiter::Limiter;
use policy::Terms;

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

/// How the rate limit's questions are batched: one batch at a time per server, taking whatever
/// queued meanwhile (up to 512). SQLite has one writer anyway; on Postgres two batches side by
/// side were measured slower at every rate (more, smaller statements: docs/PERFORMANCE.md).
fn shape() -> Shape {
    Shape {
        most: 512,
        in_flight: 1,
        queue: 1 << 16,
    }
}

pub struct Gate {
    db: Db,
    directory: Directory,
    limiter: Limiter,
    timeout: Duration,
}

impl Gate {
    /// The gate over `db` for `rate`; a request waits about `timeout` at most for the database.
    /// Starts its workers on the current tokio runtime.
    ///
    /// A batch of the database's questions gets half of `timeout` to wait for the database's
    /// turn and lock, and one batch can wait for the one before it: so an answer comes within
    /// `timeout`, and a request waits a little longer than that before it gives up.
    pub fn open(db: &Db, rate: Rate, timeout: Duration) -> Result<Gate, DbError> {
        let terms = Terms {
            limit: rate.limit.max(1),
            window_ms: window_ms(rate.window),
            lease_ms: window_ms(lease_for(rate.window)),
            holder: holder()?,
        };
        let limiter = Limiter::new(
            Ledger::new(db.clone(), terms),
            shape(),
            timeout / 2,
            timeout + GIVE_UP_AFTER,
        );
        Ok(Gate {
            limiter,
            directory: Directory::default(),
            db: db.clone(),
            timeout,
        })
    }

    pub fn limit(&self) -> u32 {
        self.limiter.limit()
    }

    /// Where the gate's time went, in the Prometheus text format: the rate-limit lane's waits,
    /// batches and questions, and the ledger's steps.
    pub fn render_times(&self, out: &mut String) {
        use crate::timing::{counter, family, header};
        let (lane, ledger) = self.limiter.times();
        const WAIT: &str = "tourney_rate_limit_lane_wait_seconds";
        header(
            out,
            WAIT,
            "Time a request's question to the database waited for its batch to begin.",
        );
        lane.wait.render(out, WAIT, "");
        const BATCH: &str = "tourney_rate_limit_batch_seconds";
        header(
            out,
            BATCH,
            "Time a batch of the rate limit's questions took in the database.",
        );
        lane.batch.render(out, BATCH, "");
        counter(
            out,
            "tourney_rate_limit_questions_total",
            "Questions the rate-limit lane answered in batches.",
            lane.questions.load(std::sync::atomic::Ordering::Relaxed),
        );
        family(
            out,
            "tourney_rate_limit_ledger_seconds",
            "Time of each step of the rate limit's ledger: turn (a connection, or the writer's turn), read, write, versions (a read of what is current alone).",
            "step",
            &[
                ("turn", &ledger.turn),
                ("read", &ledger.read),
                ("write", &ledger.write),
                ("versions", &ledger.versions),
            ],
        );
    }

    /// True while the database refuses writes and API requests are counted by this process
    /// alone; and how many were, since the process started.
    pub fn counting_alone(&self) -> (bool, u64) {
        (self.limiter.counting_alone(), self.limiter.counted_alone())
    }

    /// Says that this server stops settling the rate limit: on SQLite its row in
    /// `rate_servers` goes, so that the server after it may count alone beside a long write at
    /// once. Call when the server stops; never needed for correctness.
    pub async fn leave(&self) {
        self.limiter.leave().await;
    }

    /// The database's versions, as of a read that began after this call.
    pub async fn current(&self) -> Result<Versions, Unavailable> {
        let unavailable = |source| Unavailable {
            key_id: None,
            source,
        };
        let read = async {
            match &self.db {
                Db::Sqlite(_) => self.limiter.versions_read_alone().await,
                Db::Postgres(_) => self.limiter.versions().await,
            }
        };
        tokio::time::timeout(self.timeout, read)
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
        let versions = match checked.settled {
            Some((versions, _)) => versions,
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

/// This process's name in `rate_leases` and `rate_counts`: random, so no two servers share it.
fn holder() -> Result<i64, DbError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(DbError::NoRandomness)?;
    Ok(i64::from_le_bytes(bytes) & i64::MAX)
}
