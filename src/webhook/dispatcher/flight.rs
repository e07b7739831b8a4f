//! The requests one delivery loop has in flight, and how free slots are shared between the
//! addresses with deliveries due.
//!
//! A loop claims only what it can start at once: no more than its free slots in all, and no
//! more to one address than that address's free slots. The slots are dealt one address at a
//! time, round by round, first to the addresses that waited longest since a request of theirs
//! last started: so one address's backlog, however long and however slow its receiver, never
//! keeps another's due delivery waiting longer than one request's time. Pure bookkeeping: no
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

    /// The claim tokens with requests still in flight.
    pub fn tokens(&self) -> Vec<String> {
        self.tokens.keys().cloned().collect()
    }

    /// How many of each address's due deliveries to claim now: at most `free` in all, at most
    /// `per_address` in flight to one address, dealt one at a time to the addresses in the order
    /// they waited longest (never started first, then by how long ago; then by their oldest due
    /// delivery).
    pub fn share(&self, due: &[DueAt], free: usize, per_address: usize) -> Vec<(HookId, usize)> {
        let mut wanting: Vec<(u64, i64, HookId, usize)> = due
            .iter()
            .map(|d| {
                let busy = self.per_address.get(&d.hook_id).copied().unwrap_or(0);
                let room = per_address.saturating_sub(busy);
                let count = usize::try_from(d.count).unwrap_or(0);
                let last = self.last_started.get(&d.hook_id).copied().unwrap_or(0);
                (last, d.since, d.hook_id, room.min(count))
            })
            .filter(|(.., want)| *want > 0)
            .collect();
        wanting.sort_unstable();
        let mut given = vec![0usize; wanting.len()];
        let mut left = free;
        while left > 0 {
            let mut dealt = false;
            for (i, (.., want)) in wanting.iter().enumerate() {
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
            .map(|((.., hook_id, _), n)| (*hook_id, n))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn due(hook: i64, since: i64, count: i64) -> DueAt {
        DueAt {
            hook_id: HookId::from_raw(hook),
            since,
            count,
        }
    }

    fn hook(n: i64) -> HookId {
        HookId::from_raw(n)
    }

    /// A long backlog takes its address's slots; another address's one due delivery is claimed
    /// in the same round.
    #[test]
    fn a_backlog_takes_its_own_slots_and_no_one_elses() {
        let flight = Flight::default();
        let shared = flight.share(&[due(1, 100, 32), due(2, 900, 1)], 64, 32);
        assert_eq!(shared, [(hook(1), 32), (hook(2), 1)]);
    }

    /// An address whose slots are all busy gets nothing more; the others still do.
    #[test]
    fn a_full_address_waits_for_its_own_slots() {
        let mut flight = Flight::default();
        for _ in 0..32 {
            flight.start(hook(1), "t");
        }
        let shared = flight.share(&[due(1, 100, 32), due(2, 900, 3)], 32, 32);
        assert_eq!(shared, [(hook(2), 3)]);
        flight.finish(hook(1), "t");
        let shared = flight.share(&[due(1, 100, 32), due(2, 900, 3)], 1, 32);
        assert_eq!(
            shared,
            [(hook(2), 1)],
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
        assert_eq!(shared, [(hook(2), 1)]);
        flight.start(hook(2), "b");
        flight.finish(hook(2), "b");
        let shared = flight.share(&[due(1, 100, 32), due(2, 950, 1)], 1, 32);
        assert_eq!(shared, [(hook(1), 1)], "and then the other");
    }

    /// Slots are dealt round by round, so few free slots spread over the addresses.
    #[test]
    fn few_slots_spread_over_the_addresses() {
        let flight = Flight::default();
        let shared = flight.share(&[due(1, 100, 10), due(2, 200, 10), due(3, 300, 1)], 5, 32);
        assert_eq!(shared, [(hook(1), 2), (hook(2), 2), (hook(3), 1)]);
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
    }
}
