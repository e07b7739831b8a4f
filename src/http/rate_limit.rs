//! A rate limit kept in this process's memory: at most `limit` accepted requests per key (a client
//! address, or the hash of a private link's secret: see `post_limits`) in any sliding window,
//! exactly. Each key keeps the times of its accepted requests inside the window; a request is
//! accepted when fewer than `limit` are there. Rejected requests are not counted (and a caller
//! that refuses a request another limit accepted gives that one its place back), and the wait a
//! rejection announces is the true one: when the oldest accepted request leaves the window. It
//! answers with the same [`Decision`] as the API's limit for the whole fleet (`gate`).
//!
//! Memory stays bounded by what is recent: keys whose times have all left the window are swept
//! away whenever a shard has doubled since its last sweep. It never sees a request, a secret or
//! the database: only the keys it is given.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, VecDeque};
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

pub use crate::gate::Decision;

/// The specification's window: 120 requests "in a minute".
pub const WINDOW: Duration = Duration::from_secs(60);
const SHARDS: usize = 16;
/// A shard is not swept before it holds this many keys.
const SWEEP_FROM: usize = 1024;

pub struct RateLimiter<K> {
    limit: u32,
    window: Duration,
    shards: Vec<Mutex<Shard<K>>>,
}

/// Some of the keys, with the times of their accepted requests.
struct Shard<K> {
    keys: HashMap<K, VecDeque<Instant>>,
    /// The number of keys above which the next check first sweeps out the idle ones.
    sweep_above: usize,
}

impl<K: Hash + Eq> RateLimiter<K> {
    pub fn new(limit: u32, window: Duration) -> RateLimiter<K> {
        RateLimiter {
            limit: limit.max(1),
            window: window.max(Duration::from_millis(1)),
            shards: (0..SHARDS)
                .map(|_| {
                    Mutex::new(Shard {
                        keys: HashMap::new(),
                        sweep_above: SWEEP_FROM,
                    })
                })
                .collect(),
        }
    }

    pub fn limit(&self) -> u32 {
        self.limit
    }

    fn shard(&self, key: &K) -> MutexGuard<'_, Shard<K>> {
        let mut hasher = DefaultHasher::new();
        key.hash(&mut hasher);
        let shard = &self.shards[(hasher.finish() % SHARDS as u64) as usize];
        match shard.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    pub fn check(&self, key: K, now: Instant) -> Decision {
        let mut shard = self.shard(&key);
        if shard.keys.len() > shard.sweep_above {
            let window = self.window;
            shard.keys.retain(|_, times| {
                times
                    .back()
                    .is_some_and(|&t| now.duration_since(t) < window)
            });
            shard.sweep_above = (shard.keys.len() * 2).max(SWEEP_FROM);
        }
        let times = shard.keys.entry(key).or_default();
        while times
            .front()
            .is_some_and(|&t| now.duration_since(t) >= self.window)
        {
            times.pop_front();
        }
        let until_oldest_leaves = |times: &VecDeque<Instant>| {
            times.front().map_or(0, |&oldest| {
                seconds_up((oldest + self.window).saturating_duration_since(now))
            })
        };
        if times.len() >= self.limit as usize {
            return Decision::Limited {
                limit: self.limit,
                retry_after: until_oldest_leaves(times).max(1),
            };
        }
        times.push_back(now);
        Decision::Allowed {
            limit: self.limit,
            remaining: self.limit - times.len() as u32,
            reset: until_oldest_leaves(times),
        }
    }

    /// Takes back the request `check` accepted for `key` at `at`, which another limit then
    /// refused: a refused request counts against no limit.
    pub fn give_back(&self, key: &K, at: Instant) {
        let mut shard = self.shard(key);
        if let Some(times) = shard.keys.get_mut(key)
            && let Some(place) = times.iter().rposition(|&t| t == at)
        {
            times.remove(place);
        }
    }

    /// How many keys are kept (for the tests of the sweep).
    #[cfg(test)]
    fn keys_kept(&self) -> usize {
        self.shards
            .iter()
            .map(|shard| match shard.lock() {
                Ok(guard) => guard.keys.len(),
                Err(poisoned) => poisoned.into_inner().keys.len(),
            })
            .sum()
    }
}

use crate::gate::seconds_up;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::KeyId;

    #[test]
    fn accepts_exactly_the_limit_in_a_window() {
        let limiter = RateLimiter::<KeyId>::new(120, WINDOW);
        let start = Instant::now();
        for i in 0..120 {
            let at = start + Duration::from_millis(i * 100);
            assert!(
                matches!(limiter.check(KeyId::from_raw(7), at), Decision::Allowed { remaining, .. } if remaining == 119 - i as u32)
            );
        }
        // The 121st, 12 s after the first: the first leaves the window at 60 s, 48 s from now.
        let at = start + Duration::from_secs(12);
        assert_eq!(
            limiter.check(KeyId::from_raw(7), at),
            Decision::Limited {
                limit: 120,
                retry_after: 48
            }
        );
        // Rejections do not count: right when the first leaves, exactly one more is accepted.
        assert!(matches!(
            limiter.check(KeyId::from_raw(7), start + WINDOW),
            Decision::Allowed { remaining: 0, .. }
        ));
        assert!(matches!(
            limiter.check(KeyId::from_raw(7), start + WINDOW),
            Decision::Limited { .. }
        ));
    }

    #[test]
    fn keys_are_limited_apart() {
        let limiter = RateLimiter::<KeyId>::new(1, WINDOW);
        let now = Instant::now();
        assert!(matches!(
            limiter.check(KeyId::from_raw(1), now),
            Decision::Allowed { .. }
        ));
        assert!(matches!(
            limiter.check(KeyId::from_raw(1), now),
            Decision::Limited {
                retry_after: 60,
                ..
            }
        ));
        assert!(matches!(
            limiter.check(KeyId::from_raw(2), now),
            Decision::Allowed { .. }
        ));
    }

    #[test]
    fn retry_after_rounds_up() {
        let limiter = RateLimiter::<KeyId>::new(1, WINDOW);
        let now = Instant::now();
        limiter.check(KeyId::from_raw(1), now);
        let later = now + Duration::from_millis(59_500);
        assert_eq!(
            limiter.check(KeyId::from_raw(1), later),
            Decision::Limited {
                limit: 1,
                retry_after: 1
            }
        );
    }

    #[test]
    fn a_request_given_back_leaves_its_place() {
        let limiter = RateLimiter::<KeyId>::new(2, WINDOW);
        let now = Instant::now();
        let key = KeyId::from_raw(1);
        limiter.check(key, now);
        let later = now + Duration::from_secs(1);
        limiter.check(key, later);
        limiter.give_back(&key, later);
        assert!(matches!(
            limiter.check(key, later),
            Decision::Allowed { remaining: 0, .. }
        ));
        // Only the place taken at that moment is given back, and a key never seen changes nothing.
        limiter.give_back(&KeyId::from_raw(2), later);
        limiter.give_back(&key, now + Duration::from_secs(5));
        assert_eq!(
            limiter.check(key, later),
            Decision::Limited {
                limit: 2,
                retry_after: 59
            }
        );
    }

    #[test]
    fn idle_keys_are_swept_away() {
        let limiter = RateLimiter::<KeyId>::new(1, WINDOW);
        let start = Instant::now();
        let many = (SHARDS * SWEEP_FROM * 3) as i64;
        for key in 0..many {
            limiter.check(KeyId::from_raw(key), start);
        }
        assert!(limiter.keys_kept() >= many as usize, "all are recent");
        // A window later, new keys push the old ones out as the shards fill.
        let later = start + WINDOW;
        for key in many..many + (SHARDS * SWEEP_FROM * 3) as i64 {
            limiter.check(KeyId::from_raw(key), later);
        }
        assert!(
            limiter.keys_kept() < 2 * many as usize,
            "{} kept",
            limiter.keys_kept()
        );
        // The keys still in the window keep their counts.
        assert!(matches!(
            limiter.check(KeyId::from_raw(many), later),
            Decision::Limited { .. }
        ));
    }
}
