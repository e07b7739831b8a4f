//! Recently built answers (API bodies, widget pages), each kept for [`TTL`] under its request.
//! Repeated reads cost no database work, and a change made by any process is visible within a
//! second.
//!
//! Each answer is built once per window however many requests want it: requests that arrive
//! while it is being built wait for that build instead of starting their own, so an expiring
//! entry under load costs one database read, not one per connection. A build that fails is never
//! kept; the next request tries again. Expired entries are swept whenever the map has doubled
//! since the last sweep, so memory follows what was asked for in the last half second.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use bytes::Bytes;
use sha2::{Digest, Sha256};
use tokio::sync::OnceCell;

pub const TTL: Duration = Duration::from_millis(500);
/// The map is swept of expired entries when it reaches this size, and then at twice the size
/// that survived the last sweep.
const FIRST_SWEEP: usize = 256;

/// A body and its ETag (`"` + 32 hex digits of its SHA-256 + `"`).
#[derive(Debug, Clone)]
pub struct Body {
    pub bytes: Bytes,
    pub etag: Arc<str>,
}

impl Body {
    pub fn new(bytes: Vec<u8>) -> Body {
        let digest = Sha256::digest(&bytes);
        let etag = format!("\"{}\"", hex::encode(&digest[..16]));
        Body {
            bytes: Bytes::from(bytes),
            etag: etag.into(),
        }
    }
}

/// One request's answer for one window, shared by everyone who asks during it.
struct Slot<A> {
    opened: Instant,
    answer: Arc<OnceCell<A>>,
}

impl<A> Slot<A> {
    fn is_fresh(&self, now: Instant) -> bool {
        now.saturating_duration_since(self.opened) < TTL
    }
}

struct Slots<A> {
    map: HashMap<String, Slot<A>>,
    next_sweep: usize,
}

/// Answers of type `A` by request key. The key must name everything the answer depends on
/// (for the API, the key's space as well as the path and query).
pub struct ResponseCache<A> {
    slots: RwLock<Slots<A>>,
}

impl<A> Default for ResponseCache<A> {
    fn default() -> Self {
        ResponseCache {
            slots: RwLock::new(Slots {
                map: HashMap::new(),
                next_sweep: FIRST_SWEEP,
            }),
        }
    }
}

impl<A: Clone> ResponseCache<A> {
    /// The answer to `key`: the one built in the current window, or `build`'s. Concurrent
    /// callers share one build; an `Err` from `build` is returned to its caller and not kept.
    pub async fn get_or_build<E, F, Fut>(&self, key: &str, now: Instant, build: F) -> Result<A, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<A, E>>,
    {
        self.slot(key, now).get_or_try_init(build).await.cloned()
    }

    /// The fresh slot for `key`, opening a new window if there is none.
    fn slot(&self, key: &str, now: Instant) -> Arc<OnceCell<A>> {
        if let Ok(slots) = self.slots.read()
            && let Some(slot) = slots.map.get(key).filter(|s| s.is_fresh(now))
        {
            return Arc::clone(&slot.answer);
        }
        let Ok(mut slots) = self.slots.write() else {
            // A poisoned lock only loses sharing: build this answer alone.
            return Arc::default();
        };
        if let Some(slot) = slots.map.get(key).filter(|s| s.is_fresh(now)) {
            return Arc::clone(&slot.answer);
        }
        if slots.map.len() >= slots.next_sweep {
            slots.map.retain(|_, s| s.is_fresh(now));
            slots.next_sweep = (slots.map.len() * 2).max(FIRST_SWEEP);
        }
        let answer: Arc<OnceCell<A>> = Arc::default();
        let slot = Slot {
            opened: now,
            answer: Arc::clone(&answer),
        };
        slots.map.insert(key.to_owned(), slot);
        answer
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.slots.read().map(|s| s.map.len()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    type Cache = ResponseCache<String>;

    async fn fetch(cache: &Cache, key: &str, at: Instant, text: &str) -> String {
        let built: Result<String, ()> = cache
            .get_or_build(key, at, || async { Ok(text.to_owned()) })
            .await;
        built.expect("built")
    }

    #[tokio::test]
    async fn answers_expire_and_stay_per_key() {
        let cache = Cache::default();
        let now = Instant::now();
        assert_eq!(fetch(&cache, "1 /x", now, "first").await, "first");
        let later = now + Duration::from_millis(100);
        assert_eq!(fetch(&cache, "1 /x", later, "second").await, "first");
        assert_eq!(fetch(&cache, "2 /x", later, "other").await, "other");
        assert_eq!(fetch(&cache, "1 /x", now + TTL, "third").await, "third");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_requests_share_one_build() {
        let cache = Arc::new(Cache::default());
        let builds = Arc::new(AtomicUsize::new(0));
        let now = Instant::now();
        let mut tasks = Vec::new();
        for _ in 0..32 {
            let (cache, builds) = (Arc::clone(&cache), Arc::clone(&builds));
            tasks.push(tokio::spawn(async move {
                let built: Result<String, ()> = cache
                    .get_or_build("/x", now, || async {
                        builds.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        Ok("built".to_owned())
                    })
                    .await;
                built
            }));
        }
        for task in tasks {
            assert_eq!(task.await.expect("task"), Ok("built".to_owned()));
        }
        assert_eq!(builds.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn failures_are_not_kept() {
        let cache = Cache::default();
        let now = Instant::now();
        let down: Result<String, &str> = cache
            .get_or_build("/y", now, || async { Err("database down") })
            .await;
        assert_eq!(down, Err("database down"));
        assert_eq!(fetch(&cache, "/y", now, "up again").await, "up again");
    }

    #[tokio::test]
    async fn a_cancelled_build_leaves_the_answer_to_the_next_request() {
        let cache = Cache::default();
        let now = Instant::now();
        let never = cache.get_or_build("/z", now, || async {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            Ok::<_, ()>("never".to_owned())
        });
        assert!(
            tokio::time::timeout(Duration::from_millis(10), never)
                .await
                .is_err()
        );
        assert_eq!(fetch(&cache, "/z", now, "next").await, "next");
    }

    #[tokio::test]
    async fn expired_answers_are_swept() {
        let cache = Cache::default();
        let start = Instant::now();
        for i in 0..10 * FIRST_SWEEP {
            // A new key every millisecond: about 500 are fresh at any moment.
            let at = start + Duration::from_millis(i as u64);
            fetch(&cache, &format!("/{i}"), at, "page").await;
            assert!(
                cache.len() <= 2 * 500 + FIRST_SWEEP,
                "{} entries",
                cache.len()
            );
        }
    }

    #[test]
    fn etags_follow_the_body() {
        assert_eq!(Body::new(b"a".to_vec()).etag, Body::new(b"a".to_vec()).etag);
        assert_ne!(Body::new(b"a".to_vec()).etag, Body::new(b"b".to_vec()).etag);
        assert_eq!(Body::new(b"a".to_vec()).etag.len(), 34);
    }
}
