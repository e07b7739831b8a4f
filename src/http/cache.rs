//! Built answers (API bodies, widget and portal pages), each kept under its request with the
//! `data` version it was built at. An answer serves a request only while the database has not
//! moved past that version (`gate`), so nothing stale is ever served, and repeated reads of
//! unchanged data cost no database work beyond the version check.
//!
//! Each answer is built once per version however many requests want it. The build runs as a task
//! of its own, so a client that disconnects does not cancel it for the others, and every request
//! that arrives while it runs waits for it instead of starting another: a change under load costs
//! one database read per answer, not one per connection. A failed build is handed to the requests
//! waiting for it (during an outage they fail together, not one after another) and then forgotten,
//! so the next request tries again. Outdated entries are swept whenever the map has doubled since
//! the last sweep, so memory follows what is current.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, PoisonError, RwLock};

use bytes::Bytes;
use sha2::{Digest, Sha256};
use tokio::sync::watch;

/// The map is swept of outdated entries when it reaches this size, and then at twice the size
/// that survived the last sweep.
const FIRST_SWEEP: usize = 256;

/// A body and its ETag (`"` + 32 hex digits of its SHA-256 + `"`).
#[derive(Debug, Clone)]
pub struct Body {
    pub bytes: Bytes,
    pub etag: Arc<str>,
    /// The ETag as a header, made once.
    pub etag_header: warp::http::HeaderValue,
}

impl Body {
    pub fn new(bytes: Vec<u8>) -> Body {
        let digest = Sha256::digest(&bytes);
        let etag = format!("\"{}\"", hex::encode(&digest[..16]));
        Body {
            bytes: Bytes::from(bytes),
            // Quotes and hexadecimal digits: always a valid header value.
            etag_header: warp::http::HeaderValue::from_str(&etag)
                .unwrap_or_else(|_| warp::http::HeaderValue::from_static("\"\"")),
            etag: etag.into(),
        }
    }
}

impl Body {
    /// Whether the request's `If-None-Match` names this body's ETag (or `*`).
    pub fn matches(&self, headers: &warp::http::HeaderMap) -> bool {
        headers
            .get_all(warp::http::header::IF_NONE_MATCH)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|tag| tag.trim() == &*self.etag || tag.trim() == "*")
    }
}

/// A build ended without an answer: its task panicked, or the runtime is shutting down.
#[derive(Debug, Clone, Copy, thiserror::Error)]
#[error("the answer was not built")]
pub struct BuildLost;

/// An answer being built (`None`) or built.
type Pending<A, E> = watch::Receiver<Option<Result<A, E>>>;

/// One request's answer as of one version, shared by everyone who asks while it is current.
struct Slot<A, E> {
    version: i64,
    answer: Pending<A, E>,
}

impl<A, E> Slot<A, E> {
    /// Whether the answer shows everything up to `version`.
    fn is_current(&self, version: i64) -> bool {
        self.version >= version
    }
}

struct Slots<A, E> {
    map: HashMap<String, Slot<A, E>>,
    next_sweep: usize,
}

/// What a lookup found: an answer built or under way, or a new window this caller must fill.
enum Lookup<A, E> {
    Found(Pending<A, E>),
    Opened(watch::Sender<Option<Result<A, E>>>, Pending<A, E>),
}

/// Answers of type `A` (or failures `E`) by request key. The key must name everything the
/// answer depends on (for the API, the key's space as well as the path and query).
pub struct ResponseCache<A, E> {
    slots: RwLock<Slots<A, E>>,
}

impl<A, E> Default for ResponseCache<A, E> {
    fn default() -> Self {
        ResponseCache {
            slots: RwLock::new(Slots {
                map: HashMap::new(),
                next_sweep: FIRST_SWEEP,
            }),
        }
    }
}

impl<A, E> ResponseCache<A, E>
where
    A: Clone + Send + Sync + 'static,
    E: Clone + From<BuildLost> + Send + Sync + 'static,
{
    /// The answer to `key` as of `version` (or later): the one built for it, or the one `build`
    /// makes (reading the database after `version` was read), which runs as its own task and is
    /// shared with every caller until it ends.
    pub async fn get_or_build<F, Fut>(&self, key: &str, version: i64, build: F) -> Result<A, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<A, E>> + Send + 'static,
    {
        let mut pending = match self.lookup(key, version) {
            Lookup::Found(pending) => pending,
            Lookup::Opened(sender, pending) => {
                let work = build();
                tokio::spawn(async move {
                    let _ = sender.send(Some(work.await));
                });
                pending
            }
        };
        let answer = match pending.wait_for(Option::is_some).await {
            Ok(done) => done.clone().unwrap_or(Err(BuildLost.into())),
            Err(_) => Err(BuildLost.into()),
        };
        if answer.is_err() {
            self.forget(key, &pending);
        }
        answer
    }

    /// The current slot for `key`, or a new one if there is none.
    fn lookup(&self, key: &str, version: i64) -> Lookup<A, E> {
        {
            let slots = self.slots.read().unwrap_or_else(PoisonError::into_inner);
            if let Some(slot) = slots.map.get(key).filter(|s| s.is_current(version)) {
                return Lookup::Found(slot.answer.clone());
            }
        }
        // The map is consistent after every statement, so a panic elsewhere cannot corrupt it.
        let mut slots = self.slots.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(slot) = slots.map.get(key).filter(|s| s.is_current(version)) {
            return Lookup::Found(slot.answer.clone());
        }
        if slots.map.len() >= slots.next_sweep {
            slots.map.retain(|_, s| s.is_current(version));
            slots.next_sweep = (slots.map.len() * 2).max(FIRST_SWEEP);
        }
        let (sender, answer) = watch::channel(None);
        let slot = Slot {
            version,
            answer: answer.clone(),
        };
        slots.map.insert(key.to_owned(), slot);
        Lookup::Opened(sender, answer)
    }

    /// Drops the slot of a failed build (and not a newer one), so the next request retries.
    fn forget(&self, key: &str, failed: &Pending<A, E>) {
        let mut slots = self.slots.write().unwrap_or_else(PoisonError::into_inner);
        if slots
            .map
            .get(key)
            .is_some_and(|slot| slot.answer.same_channel(failed))
        {
            slots.map.remove(key);
        }
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.slots
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .map
            .len()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    enum Failure {
        Down,
        Lost,
    }

    impl From<BuildLost> for Failure {
        fn from(_: BuildLost) -> Failure {
            Failure::Lost
        }
    }

    type Cache = ResponseCache<String, Failure>;

    async fn fetch(cache: &Cache, key: &str, version: i64, text: &str) -> String {
        let text = text.to_owned();
        cache
            .get_or_build(key, version, || async { Ok(text) })
            .await
            .expect("built")
    }

    #[tokio::test]
    async fn answers_serve_their_version_and_stay_per_key() {
        let cache = Cache::default();
        assert_eq!(fetch(&cache, "1 /x", 7, "first").await, "first");
        assert_eq!(fetch(&cache, "1 /x", 7, "second").await, "first");
        assert_eq!(
            fetch(&cache, "1 /x", 6, "older").await,
            "first",
            "newer data serves an older version"
        );
        assert_eq!(fetch(&cache, "2 /x", 7, "other").await, "other");
        assert_eq!(
            fetch(&cache, "1 /x", 8, "third").await,
            "third",
            "a change is never served stale"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_requests_share_one_build() {
        let cache = Arc::new(Cache::default());
        let builds = Arc::new(AtomicUsize::new(0));
        let now = 1;
        let mut tasks = Vec::new();
        for _ in 0..32 {
            let (cache, builds) = (Arc::clone(&cache), Arc::clone(&builds));
            tasks.push(tokio::spawn(async move {
                cache
                    .get_or_build("/x", now, || async move {
                        builds.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        Ok("built".to_owned())
                    })
                    .await
            }));
        }
        for task in tasks {
            assert_eq!(task.await.expect("task"), Ok("built".to_owned()));
        }
        assert_eq!(builds.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_failure_reaches_those_waiting_and_is_then_forgotten() {
        let cache = Arc::new(Cache::default());
        let now = 1;
        let slow_failure = || async {
            tokio::time::sleep(Duration::from_millis(30)).await;
            Err(Failure::Down)
        };
        let first = cache.get_or_build("/y", now, slow_failure);
        let second = cache.get_or_build("/y", now, || async { Ok("never".to_owned()) });
        let (first, second) = tokio::join!(first, second);
        assert_eq!((first, second), (Err(Failure::Down), Err(Failure::Down)));
        assert_eq!(fetch(&cache, "/y", now, "up again").await, "up again");
    }

    #[tokio::test]
    async fn a_caller_that_gives_up_does_not_cancel_the_build() {
        let cache = Cache::default();
        let builds = Arc::new(AtomicUsize::new(0));
        let now = 1;
        let counted = Arc::clone(&builds);
        let impatient = cache.get_or_build("/z", now, || async move {
            counted.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(50)).await;
            Ok("built once".to_owned())
        });
        assert!(
            tokio::time::timeout(Duration::from_millis(5), impatient)
                .await
                .is_err()
        );
        assert_eq!(fetch(&cache, "/z", now, "built twice").await, "built once");
        assert_eq!(builds.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_panicking_build_is_a_lost_answer() {
        let cache = Cache::default();
        let now = 1;
        let lost = cache
            .get_or_build("/p", now, || async { panic!("a bug in a build") })
            .await;
        assert_eq!(lost, Err(Failure::Lost));
        assert_eq!(fetch(&cache, "/p", now, "next").await, "next");
    }

    #[tokio::test]
    async fn outdated_answers_are_swept() {
        let cache = Cache::default();
        for i in 0..10 * FIRST_SWEEP {
            // A change every 100 answers: about 100 are current at any moment.
            let version = (i / 100) as i64;
            fetch(&cache, &format!("/{i}"), version, "page").await;
            assert!(
                cache.len() <= 2 * 100 + FIRST_SWEEP,
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
