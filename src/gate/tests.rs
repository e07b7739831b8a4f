//! The rate limit against its reference model: a plain sliding-window log. Random schedules of
//! requests from several servers (bursts, clients that hang up, waits), and of the database's
//! faults (writes refused, writes that stall past the requests' patience, answers lost after
//! the write), run on the production limiter, lanes, policy and rounds over the windows kept in
//! memory (`ledger::memory`), under tokio's paused clock. Every schedule must keep the model's
//! bounds:
//!
//! - **upper**: in any window, no more requests of a key accepted than the limit (than the
//!   limit times the servers, for windows that meet an outage, when more than one server counts
//!   alone);
//! - **lower**: a request refused outside any fault finds the limit reached in its window by
//!   requests accepted or given up (`limit − gave_up ≤ accepted`), give or take a lease and a
//!   slot of slack.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use proptest::prelude::*;

use super::Decision;
use super::ledger::Ledger;
use super::ledger::memory::{Faults, Store};
use super::limiter::Limiter;
use super::policy::{SLOT_MS, Terms};
use crate::db::lane::Shape;
use crate::ids::KeyId;

const LIMIT: u32 = 60;
const WINDOW_MS: i64 = 10_000;
const LEASE_MS: i64 = 50;
/// As `serve` sets them: a batch waits a second for the database, a request 2.5 s.
const DEADLINE: Duration = Duration::from_secs(1);
const WAIT: Duration = Duration::from_millis(2_500);
/// How long after an outage ends a server may still count alone (its next try, and a batch).
const ALONE_AFTER: i64 = 1_500;

#[derive(Debug, Clone)]
enum Step {
    /// `count` requests of `key` sent at once to `server`; each client hangs up after
    /// `hang_up` ms when given.
    Burst {
        server: usize,
        key: i64,
        count: u32,
        hang_up: Option<u64>,
    },
    /// A key kept busy on one server: `bursts` bursts of `count`, a lease's length and a bit
    /// apart, so that the server is lent places.
    Busy {
        server: usize,
        key: i64,
        bursts: u32,
        count: u32,
    },
    Wait(u64),
    /// The database refuses writes (or takes them again).
    Outage(bool),
    /// Writes take this long from now on (0: no longer).
    Stall(u64),
    /// The next write applies but its answer is lost.
    LoseNext,
    /// Another writer takes the next write's keys between its read and its write.
    Overtake,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        8 => (0usize..3, 1i64..=2, 1u32..30, proptest::option::weighted(0.3, 1u64..3_000))
            .prop_map(|(server, key, count, hang_up)| Step::Burst { server, key, count, hang_up }),
        3 => (0usize..3, 1i64..=2, 2u32..6, 8u32..20)
            .prop_map(|(server, key, bursts, count)| Step::Busy { server, key, bursts, count }),
        // Short waits keep a key busy from one lease's length to the next, so that it is lent
        // places; long ones let windows move.
        3 => (1u64..120).prop_map(Step::Wait),
        3 => (120u64..4_000).prop_map(Step::Wait),
        1 => any::<bool>().prop_map(Step::Outage),
        1 => prop_oneof![Just(0u64), 100u64..4_000].prop_map(Step::Stall),
        1 => Just(Step::LoseNext),
        1 => Just(Step::Overtake),
    ]
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// Accepted, decided at this time (ms of the store's clock).
    Accepted(i64),
    Refused(i64),
    /// Hung up at this time before an answer came, or answered 503 then.
    GaveUp(i64),
}

#[derive(Debug, Clone, Copy)]
struct Record {
    key: i64,
    called: i64,
    outcome: Outcome,
}

/// When faults were in force: `(from, to)` in the store's ms.
#[derive(Debug, Default)]
struct FaultTimes {
    outages: Vec<(i64, i64)>,
    /// Stalls and lost answers: no lower bound is claimed near them.
    others: Vec<(i64, i64)>,
}

async fn run(servers: usize, steps: Vec<Step>) -> Result<(), TestCaseError> {
    let store = Arc::new(Store::new());
    let shape = Shape {
        most: 64,
        in_flight: 2,
        queue: 4096,
    };
    let limiters: Vec<Arc<Limiter>> = (0..servers)
        .map(|server| {
            let terms = Terms {
                limit: LIMIT,
                window_ms: WINDOW_MS,
                lease_ms: LEASE_MS,
                holder: server as i64 + 1,
            };
            let ledger = Ledger::in_memory(Arc::clone(&store), terms);
            Arc::new(Limiter::new(ledger, shape, DEADLINE, WAIT))
        })
        .collect();
    let records: Arc<Mutex<Vec<Record>>> = Arc::default();
    let mut faults = Faults::default();
    let mut times = FaultTimes::default();
    let mut outage_from = None;
    let mut stall_from = None;
    let mut tasks = tokio::task::JoinSet::new();
    let steps = steps.into_iter().flat_map(|step| match step {
        Step::Busy {
            server,
            key,
            bursts,
            count,
        } => (0..bursts)
            .flat_map(|_| {
                let burst = Step::Burst {
                    server,
                    key,
                    count,
                    hang_up: None,
                };
                [burst, Step::Wait(LEASE_MS as u64 + 10)]
            })
            .collect(),
        step => vec![step],
    });
    for step in steps {
        let now = store.now();
        match step {
            Step::Burst {
                server,
                key,
                count,
                hang_up,
            } => {
                let limiter = &limiters[server % servers];
                for _ in 0..count {
                    let (limiter, store, records) = (
                        Arc::clone(limiter),
                        Arc::clone(&store),
                        Arc::clone(&records),
                    );
                    tasks.spawn(async move {
                        let called = store.now();
                        let check = limiter.check(KeyId::from_raw(key));
                        let checked = match hang_up {
                            Some(ms) => tokio::time::timeout(Duration::from_millis(ms), check)
                                .await
                                .ok(),
                            None => Some(check.await),
                        };
                        let outcome = match checked {
                            Some(Ok(checked)) => {
                                // Decided by the database at its time, or in memory as it
                                // answered.
                                let at = checked.settled.map_or_else(|| store.now(), |(_, at)| at);
                                match checked.decision {
                                    Decision::Allowed { .. } => Outcome::Accepted(at),
                                    Decision::Limited { .. } => Outcome::Refused(at),
                                }
                            }
                            Some(Err(_)) | None => Outcome::GaveUp(store.now()),
                        };
                        let record = Record {
                            key,
                            called,
                            outcome,
                        };
                        records.lock().expect("the records").push(record);
                    });
                }
                // Let the burst reach the lanes before the next step.
                tokio::task::yield_now().await;
            }
            Step::Wait(ms) => tokio::time::sleep(Duration::from_millis(ms)).await,
            Step::Busy { .. } => {}
            Step::Outage(on) => {
                faults.refusing = on;
                store.set_faults(faults);
                match (on, outage_from) {
                    (true, None) => outage_from = Some(now),
                    (false, Some(from)) => {
                        times.outages.push((from, now + ALONE_AFTER));
                        outage_from = None;
                    }
                    _ => {}
                }
            }
            Step::Stall(ms) => {
                faults.stall = Duration::from_millis(ms);
                store.set_faults(faults);
                if let Some(from) = stall_from.take() {
                    times.others.push((from, now + 4_000));
                }
                if ms > 0 {
                    stall_from = Some(now);
                }
            }
            Step::Overtake => store.set_faults(Faults {
                overtake_next: true,
                ..faults
            }),
            Step::LoseNext => {
                store.set_faults(Faults {
                    lose_next: true,
                    ..faults
                });
                times.others.push((now, now + 4_000));
            }
        }
    }
    // Everything ends: the database takes writes again, and every request is answered.
    let end = store.now() + 60_000;
    if let Some(from) = outage_from {
        times.outages.push((from, end));
    }
    if let Some(from) = stall_from {
        times.others.push((from, end));
    }
    store.set_faults(Faults::default());
    while tasks.join_next().await.is_some() {}
    let records = records.lock().expect("the records").clone();
    prop_assert_eq!(store.broken(), Vec::<String>::new());
    check(&records, &times, servers)
}

/// Whether `[from, to]` meets one of `periods`.
fn meets(periods: &[(i64, i64)], from: i64, to: i64) -> bool {
    periods.iter().any(|&(a, b)| from <= b && a <= to)
}

fn check(records: &[Record], times: &FaultTimes, servers: usize) -> Result<(), TestCaseError> {
    for key in 1..=2 {
        let mut accepted: Vec<i64> = records
            .iter()
            .filter(|r| r.key == key)
            .filter_map(|r| match r.outcome {
                Outcome::Accepted(at) => Some(at),
                _ => None,
            })
            .collect();
        accepted.sort_unstable();
        // Upper: every window that begins at an accepted request.
        for (i, &from) in accepted.iter().enumerate() {
            let to = from + WINDOW_MS - 1;
            let within = accepted[i..].iter().take_while(|&&at| at <= to).count();
            let bound = if servers > 1 && meets(&times.outages, from, to) {
                LIMIT as usize * servers
            } else {
                LIMIT as usize
            };
            prop_assert!(
                within <= bound,
                "key {key}: {within} accepted in the window from {from} (bound {bound})"
            );
        }
        // Lower: a refusal outside every fault finds the window full of requests accepted or
        // given up.
        let slack = LEASE_MS + SLOT_MS + 10;
        for refused in records.iter().filter(|r| r.key == key) {
            let Outcome::Refused(at) = refused.outcome else {
                continue;
            };
            let from = at - WINDOW_MS - slack;
            if meets(&times.outages, from, at) || meets(&times.others, from, at) {
                continue;
            }
            let counted = records
                .iter()
                .filter(|r| r.key == key)
                .filter(|r| match r.outcome {
                    Outcome::Accepted(t) => t > from && t <= at,
                    Outcome::GaveUp(t) => t > from && r.called <= at,
                    Outcome::Refused(_) => false,
                })
                .count();
            prop_assert!(
                counted >= LIMIT as usize,
                "key {key}: refused at {at} with only {counted} accepted or given up since {from}"
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_limiter_keeps_the_models_bounds(
        servers in 1usize..=3,
        steps in proptest::collection::vec(step(), 1..40),
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .start_paused(true)
            .build()
            .expect("a runtime");
        runtime.block_on(run(servers, steps))?;
    }
}

/// One server's outage in the test's own words: 30 requests counted alone while writes are
/// refused, then, once they are taken again, 150 at once: 90 more, and not one.
#[tokio::test(start_paused = true)]
async fn an_outages_count_is_told_once() {
    let steps = vec![
        Step::Outage(true),
        Step::Burst {
            server: 0,
            key: 1,
            count: 30,
            hang_up: None,
        },
        Step::Wait(2_000),
        Step::Outage(false),
        Step::Wait(1_100),
        Step::Burst {
            server: 0,
            key: 1,
            count: 150,
            hang_up: None,
        },
    ];
    run_counting(steps, 120, 120).await;
}

/// A key used one request at a time through an outage longer than the second after which the
/// database is tried again: each request that tries it, is refused a write, and is counted alone
/// takes one place, not two. 30 before the outage, then exactly 70 during it (spread over 3 s,
/// so tried again twice), and the database, told of them once it takes writes, refuses the next.
#[tokio::test(start_paused = true)]
async fn a_request_that_tries_the_database_again_is_counted_once() {
    let mut steps = vec![Step::Burst {
        server: 0,
        key: 1,
        count: 30,
        hang_up: None,
    }];
    steps.push(Step::Outage(true));
    for _ in 0..100 {
        steps.push(Step::Burst {
            server: 0,
            key: 1,
            count: 1,
            hang_up: None,
        });
        steps.push(Step::Wait(30));
    }
    steps.extend([
        Step::Outage(false),
        Step::Wait(1_100),
        Step::Burst {
            server: 0,
            key: 1,
            count: 10,
            hang_up: None,
        },
    ]);
    run_counting(steps, 100, 100).await;
}

/// Runs `steps` on one server of limit `limit`, and checks that `expected` were accepted.
async fn run_counting(steps: Vec<Step>, limit: u32, expected: usize) {
    let store = Arc::new(Store::new());
    let terms = Terms {
        limit,
        window_ms: 60_000,
        lease_ms: LEASE_MS,
        holder: 1,
    };
    let shape = Shape {
        most: 64,
        in_flight: 1,
        queue: 4096,
    };
    let limiter = Arc::new(Limiter::new(
        Ledger::in_memory(Arc::clone(&store), terms),
        shape,
        DEADLINE,
        WAIT,
    ));
    let mut accepted = 0;
    for step in steps {
        match step {
            Step::Burst { key, count, .. } => {
                let checks = (0..count).map(|_| limiter.check(KeyId::from_raw(key)));
                for checked in futures_util::future::join_all(checks).await {
                    let checked = checked.expect("answered");
                    accepted += usize::from(matches!(checked.decision, Decision::Allowed { .. }));
                }
            }
            Step::Wait(ms) => tokio::time::sleep(Duration::from_millis(ms)).await,
            Step::Outage(on) => store.set_faults(Faults {
                refusing: on,
                ..Faults::default()
            }),
            Step::Stall(_) | Step::LoseNext | Step::Overtake | Step::Busy { .. } => {}
        }
    }
    assert_eq!(accepted, expected);
}

/// A batch whose keys another writer took between its read and its write decides them again,
/// with lease ids of its own: a lease it lends then never shares an id with the next batch's.
#[tokio::test(start_paused = true)]
async fn a_batch_decided_again_lends_leases_with_ids_of_its_own() {
    use super::policy::{Ask, Verdict};
    let store = Arc::new(Store::new());
    let terms = Terms {
        limit: 100,
        window_ms: 60_000,
        lease_ms: LEASE_MS,
        holder: 1,
    };
    let ledger = Ledger::in_memory(Arc::clone(&store), terms);
    let key = KeyId::from_raw(1);
    let ask = || Ask {
        want: 10,
        ..Ask::one(key)
    };
    let settle = |ask: Ask| {
        let deadline = tokio::time::Instant::now() + DEADLINE;
        ledger.settle(vec![ask], Vec::new(), deadline)
    };
    // The key's last request is this server's: the next are lent places.
    settle(Ask::one(key)).await.expect("settled");
    let mut ids = Vec::new();
    for overtaken in [true, false, true, false] {
        tokio::time::sleep(Duration::from_millis(1)).await;
        store.set_faults(Faults {
            overtake_next: overtaken,
            ..Faults::default()
        });
        let settled = settle(ask()).await.expect("settled");
        match settled.verdicts[0].0 {
            Verdict::Accepted {
                lease: Some(lease), ..
            } => ids.push(lease.id),
            other => panic!("a lease: {other:?}"),
        }
    }
    assert_eq!(store.broken(), Vec::<String>::new());
    let mut distinct = ids.clone();
    distinct.dedup();
    assert_eq!(distinct, ids, "every lease has an id of its own");
}
