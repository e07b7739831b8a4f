//! The requests one delivery loop has in flight, and how free slots are shared between the
//! addresses with deliveries that may go.
//!
//! A loop claims only what it can start: no more than its free slots in all, and no more to one
//! address than that address's free slots. A run of an address's first attempts, sent one after
//! another, takes one slot; each retry takes one. The slots are dealt one address at a time,
//! round by round, first to the addresses that waited longest since a request of theirs last
//! started: so one address's backlog, however long and however slow its receiver, never keeps
//! another's due delivery waiting longer than one request's time. Pure bookkeeping: no
//! database, no clock.

use std::collections::HashMap;

use crate::db::deliveries::DueAt;
use crate::ids::HookId;

/// What is in flight: in all, per address, and per claim token (for renewing leases).
#[derive(Debug, Default)]
pub struct Flight {
    total: usize,
    per_address: HashMap<HookId, usize>,
    tokens: HashMap<String, usize>,
    /// When each address last had a request started, as a count of starts.
    last_started: HashMap<HookId, u64>,
    starts: u64,
}

impl Flight {
    pub fn total(&self) -> usize {
        self.total
    }

    /// A request to `hook_id`, claimed under `token`, starts.
    pub fn start(&mut self, hook_id: HookId, token: &str) {
        self.total += 1;
        *self.per_address.entry(hook_id).or_default() += 1;
        *self.tokens.entry(token.to_owned()).or_default() += 1;
        self.starts += 1;
        self.last_started.insert(hook_id, self.starts);
    }

    /// A request started with [`Flight::start`] is done (recorded, lost or failed).
    pub fn finish(&mut self, hook_id: HookId, token: &str) {
        self.total = self.total.saturating_sub(1);
        if let Some(n) = self.per_address.get_mut(&hook_id) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.per_address.remove(&hook_id);
            }
        }
        if let Some(n) = self.tokens.get_mut(token) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.tokens.remove(token);
            }
        }
    }

    /// Holds `token` among those whose leases are renewed, without a request in flight: the
    /// token of a part a run claims ahead of sending it.
    pub fn hold(&mut self, token: &str) {
        *self.tokens.entry(token.to_owned()).or_default() += 1;
    }

    /// Lets go of a token held with [`Flight::hold`].
    pub fn let_go(&mut self, token: &str) {
        if let Some(n) = self.tokens.get_mut(token) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.tokens.remove(token);
            }
        }
    }

    /// The claim tokens with requests still in flight (or held).
    pub fn tokens(&self) -> Vec<String> {
        self.tokens.keys().cloned().collect()
    }

    /// What to claim now of each address: at most `free` slots in all, at most `per_address`
    /// in flight to one address, dealt one at a time to the addresses in the order they waited
    /// longest (never started first, then by how long ago; then by their oldest due delivery).
    /// An address's run of first attempts takes its first slot, its retries the others.
    pub fn share(&self, due: &[DueAt], free: usize, per_address: usize) -> Vec<(HookId, Share)> {
        let mut wanting: Vec<(u64, i64, HookId, usize, bool)> = due
            .iter()
            .map(|d| {
                let busy = self.per_address.get(&d.hook_id).copied().unwrap_or(0);
                let room = per_address.saturating_sub(busy);
                let run = d.first > 0;
                let count = usize::try_from(d.retries).unwrap_or(0) + usize::from(run);
                let last = self.last_started.get(&d.hook_id).copied().unwrap_or(0);
                (last, d.since, d.hook_id, room.min(count), run)
            })
            .filter(|(_, _, _, want, _)| *want > 0)
            .collect();
        wanting.sort_unstable();
        let mut given = vec![0usize; wanting.len()];
        let mut left = free;
        while left > 0 {
            let mut dealt = false;
            for (i, (_, _, _, want, _)) in wanting.iter().enumerate() {
                if left == 0 {
                    break;
                }
                if given[i] < *want {
                    given[i] += 1;
                    left -= 1;
                    dealt = true;
                }
            }
            if !dealt {
                break;
            }
        }
        wanting
            .iter()
            .zip(given)
            .filter(|(_, n)| *n > 0)
            .map(|((_, _, hook_id, _, run), n)| {
                let share = Share {
                    run: *run,
                    retries: n - usize::from(*run),
                };
                (*hook_id, share)
            })
            .collect()
    }
}

/// What to claim of one address now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Share {
    /// Its first attempts that may go, as one run.
    pub run: bool,
    /// How many of its due retries.
    pub retries: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An address with `count` retries due and no first attempt.
    fn due(hook: i64, since: i64, count: i64) -> DueAt {
        DueAt {
            hook_id: HookId::from_raw(hook),
            since,
            retries: count,
            first: 0,
        }
    }

    fn hook(n: i64) -> HookId {
        HookId::from_raw(n)
    }

    /// `n` retries, no run.
    fn retries(n: usize) -> Share {
        Share {
            run: false,
            retries: n,
        }
    }

    /// A long backlog takes its address's slots; another address's one due delivery is claimed
    /// in the same round.
    #[test]
    fn a_backlog_takes_its_own_slots_and_no_one_elses() {
        let flight = Flight::default();
        let shared = flight.share(&[due(1, 100, 32), due(2, 900, 1)], 64, 32);
        assert_eq!(shared, [(hook(1), retries(32)), (hook(2), retries(1))]);
    }

    /// An address whose slots are all busy gets nothing more; the others still do.
    #[test]
    fn a_full_address_waits_for_its_own_slots() {
        let mut flight = Flight::default();
        for _ in 0..32 {
            flight.start(hook(1), "t");
        }
        let shared = flight.share(&[due(1, 100, 32), due(2, 900, 3)], 32, 32);
        assert_eq!(shared, [(hook(2), retries(3))]);
        flight.finish(hook(1), "t");
        let shared = flight.share(&[due(1, 100, 32), due(2, 900, 3)], 1, 32);
        assert_eq!(
            shared,
            [(hook(2), retries(1))],
            "the address that waited longest goes first"
        );
    }

    /// With one slot to share, the address that waited longest since its last start gets it,
    /// even when another's backlog is older: a slow backlog delays others by one request at most.
    #[test]
    fn with_one_slot_the_address_that_waited_longest_goes_first() {
        let mut flight = Flight::default();
        flight.start(hook(1), "a");
        flight.finish(hook(1), "a");
        let shared = flight.share(&[due(1, 100, 32), due(2, 900, 1)], 1, 32);
        assert_eq!(shared, [(hook(2), retries(1))]);
        flight.start(hook(2), "b");
        flight.finish(hook(2), "b");
        let shared = flight.share(&[due(1, 100, 32), due(2, 950, 1)], 1, 32);
        assert_eq!(shared, [(hook(1), retries(1))], "and then the other");
    }

    /// Slots are dealt round by round, so few free slots spread over the addresses.
    #[test]
    fn few_slots_spread_over_the_addresses() {
        let flight = Flight::default();
        let shared = flight.share(&[due(1, 100, 10), due(2, 200, 10), due(3, 300, 1)], 5, 32);
        assert_eq!(
            shared,
            [
                (hook(1), retries(2)),
                (hook(2), retries(2)),
                (hook(3), retries(1))
            ]
        );
    }

    /// An address's first attempts, however many may go, are one run in one slot; its retries
    /// take the others, and an address busy with a run has one slot fewer.
    #[test]
    fn a_run_of_first_attempts_takes_one_slot() {
        let mut flight = Flight::default();
        let line = |first, count| DueAt {
            first,
            ..due(1, 100, count)
        };
        let run = |retries| Share { run: true, retries };
        assert_eq!(flight.share(&[line(32, 0)], 64, 32), [(hook(1), run(0))]);
        assert_eq!(flight.share(&[line(32, 5)], 64, 32), [(hook(1), run(5))]);
        assert_eq!(flight.share(&[line(32, 5)], 3, 32), [(hook(1), run(2))]);
        flight.start(hook(1), "run");
        assert_eq!(
            flight.share(&[line(0, 40)], 64, 32),
            [(hook(1), retries(31))]
        );
    }

    #[test]
    fn tokens_are_forgotten_when_their_requests_end() {
        let mut flight = Flight::default();
        flight.start(hook(1), "a");
        flight.start(hook(2), "a");
        flight.start(hook(2), "b");
        flight.finish(hook(2), "a");
        let mut tokens = flight.tokens();
        tokens.sort();
        assert_eq!(tokens, ["a", "b"]);
        flight.finish(hook(1), "a");
        assert_eq!(flight.tokens(), ["b"]);
        assert_eq!(flight.total(), 1);
        flight.hold("b.1");
        let mut tokens = flight.tokens();
        tokens.sort();
        assert_eq!(tokens, ["b", "b.1"], "a run's next part is renewed too");
        assert_eq!(flight.total(), 1, "without a request in flight");
        flight.let_go("b.1");
        assert_eq!(flight.tokens(), ["b"]);
    }
}
