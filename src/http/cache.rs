//! Recently built API answers, kept for [`TTL`] per space and request, each body with its strong
//! ETag. Repeated reads cost no database work, and a change made by any process is visible within
//! a second.
//!
//! Each answer is built once per window however many requests want it: requests that arrive
//! while it is being built wait for that build instead of starting their own, so an expiring
//! entry under load costs one database read, not one per connection. Bodies and "not found" are
//! kept; a failure to reach the database is never kept, and the next request tries again. The
//! cache drops stale entries if it ever holds [`MAX_ENTRIES`].

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use bytes::Bytes;
use sha2::{Digest, Sha256};
use tokio::sync::OnceCell;

use super::error::ApiError;

pub const TTL: Duration = Duration::from_millis(500);
const MAX_ENTRIES: usize = 10_000;

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

/// What a request is answered with.
pub type Answer = Result<Body, ApiError>;

type Key = (i64, String);

/// One request's answer for one window, shared by everyone who asks during it.
struct Slot {
    opened: Instant,
    answer: Arc<OnceCell<Answer>>,
}

impl Slot {
    fn is_fresh(&self, now: Instant) -> bool {
        now.saturating_duration_since(self.opened) < TTL
    }
}

#[derive(Default)]
pub struct ResponseCache {
    slots: RwLock<HashMap<Key, Slot>>,
}

impl ResponseCache {
    /// The answer to `request` in `space`: the one built in the current window, or `build`'s.
    /// Concurrent callers share one build. [`ApiError::Unavailable`] is returned but not kept.
    pub async fn get_or_build<F, Fut>(
        &self,
        space: i64,
        request: &str,
        now: Instant,
        build: F,
    ) -> Answer
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Answer>,
    {
        let answer = self.slot(space, request, now);
        let kept = answer
            .get_or_try_init(|| async {
                match build().await {
                    Err(ApiError::Unavailable) => Err(ApiError::Unavailable),
                    other => Ok(other),
                }
            })
            .await?;
        kept.clone()
    }

    /// The fresh slot for the request, opening a new window if there is none.
    fn slot(&self, space: i64, request: &str, now: Instant) -> Arc<OnceCell<Answer>> {
        let key = (space, request.to_owned());
        if let Ok(slots) = self.slots.read()
            && let Some(slot) = slots.get(&key).filter(|s| s.is_fresh(now))
        {
            return Arc::clone(&slot.answer);
        }
        let Ok(mut slots) = self.slots.write() else {
            // A poisoned lock only loses sharing: build this answer alone.
            return Arc::default();
        };
        if let Some(slot) = slots.get(&key).filter(|s| s.is_fresh(now)) {
            return Arc::clone(&slot.answer);
        }
        if slots.len() >= MAX_ENTRIES {
            slots.retain(|_, s| s.is_fresh(now));
            if slots.len() >= MAX_ENTRIES {
                slots.clear();
            }
        }
        let answer: Arc<OnceCell<Answer>> = Arc::default();
        let slot = Slot {
            opened: now,
            answer: Arc::clone(&answer),
        };
        slots.insert(key, slot);
        answer
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    fn body(text: &str) -> Answer {
        Ok(Body::new(text.as_bytes().to_vec()))
    }

    async fn fetch(cache: &ResponseCache, space: i64, at: Instant, text: &str) -> Answer {
        fetch_path(cache, space, "/x", at, text).await
    }

    async fn fetch_path(
        cache: &ResponseCache,
        space: i64,
        path: &str,
        at: Instant,
        text: &str,
    ) -> Answer {
        cache
            .get_or_build(space, path, at, || async { body(text) })
            .await
    }

    fn text(answer: Answer) -> String {
        String::from_utf8(answer.expect("a body").bytes.to_vec()).expect("UTF-8")
    }

    #[tokio::test]
    async fn answers_expire_and_stay_per_space() {
        let cache = ResponseCache::default();
        let now = Instant::now();
        assert_eq!(text(fetch(&cache, 1, now, "first").await), "first");
        let later = now + Duration::from_millis(100);
        assert_eq!(text(fetch(&cache, 1, later, "second").await), "first");
        assert_eq!(
            text(fetch(&cache, 2, later, "other space").await),
            "other space",
            "another space never sees it"
        );
        assert_eq!(text(fetch(&cache, 1, now + TTL, "third").await), "third");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_requests_share_one_build() {
        let cache = Arc::new(ResponseCache::default());
        let builds = Arc::new(AtomicUsize::new(0));
        let now = Instant::now();
        let mut tasks = Vec::new();
        for _ in 0..32 {
            let (cache, builds) = (Arc::clone(&cache), Arc::clone(&builds));
            tasks.push(tokio::spawn(async move {
                cache
                    .get_or_build(1, "/x", now, || async {
                        builds.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        body("built")
                    })
                    .await
            }));
        }
        for task in tasks {
            assert_eq!(text(task.await.expect("task")), "built");
        }
        assert_eq!(builds.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn not_found_is_kept_but_unavailable_is_not() {
        let cache = ResponseCache::default();
        let now = Instant::now();
        let missing = ApiError::NotFound("no such tournament".into());
        let first = cache
            .get_or_build(1, "/gone", now, || async { Err(missing.clone()) })
            .await;
        assert_eq!(first.err(), Some(missing.clone()));
        let again = cache
            .get_or_build(1, "/gone", now, || async { body("created") })
            .await;
        assert_eq!(again.err(), Some(missing), "kept for the window");

        let down = cache
            .get_or_build(1, "/y", now, || async { Err(ApiError::Unavailable) })
            .await;
        assert_eq!(down.err(), Some(ApiError::Unavailable));
        assert_eq!(
            text(fetch_path(&cache, 1, "/y", now, "up again").await),
            "up again"
        );
    }

    #[test]
    fn etags_follow_the_body() {
        assert_eq!(Body::new(b"a".to_vec()).etag, Body::new(b"a".to_vec()).etag);
        assert_ne!(Body::new(b"a".to_vec()).etag, Body::new(b"b".to_vec()).etag);
        assert_eq!(Body::new(b"a".to_vec()).etag.len(), 34);
    }
}
