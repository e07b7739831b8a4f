//! Recently built API bodies, kept for [`TTL`] per space and request, each with its strong ETag.
//! Repeated reads cost no database work, and a change made by any process is visible within a
//! second. Only successful bodies are kept; the cache is emptied if it ever holds [`MAX_ENTRIES`].

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use bytes::Bytes;
use sha2::{Digest, Sha256};

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

type Key = (i64, String);

#[derive(Default)]
pub struct ResponseCache {
    entries: RwLock<HashMap<Key, (Instant, Body)>>,
}

impl ResponseCache {
    pub fn get(&self, space: i64, request: &str, now: Instant) -> Option<Body> {
        let entries = self.entries.read().ok()?;
        let (at, body) = entries.get(&(space, request.to_owned()))?;
        (now.duration_since(*at) < TTL).then(|| body.clone())
    }

    pub fn put(&self, space: i64, request: String, body: Body, now: Instant) {
        if let Ok(mut entries) = self.entries.write() {
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
            entries.insert((space, request), (now, body));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_expire_and_stay_per_space() {
        let cache = ResponseCache::default();
        let now = Instant::now();
        cache.put(1, "/x".into(), Body::new(b"{}".to_vec()), now);
        assert!(
            cache
                .get(1, "/x", now + Duration::from_millis(100))
                .is_some()
        );
        assert!(
            cache.get(2, "/x", now).is_none(),
            "another space never sees it"
        );
        assert!(cache.get(1, "/x", now + TTL).is_none());
    }

    #[test]
    fn etags_follow_the_body() {
        assert_eq!(Body::new(b"a".to_vec()).etag, Body::new(b"a".to_vec()).etag);
        assert_ne!(Body::new(b"a".to_vec()).etag, Body::new(b"b".to_vec()).etag);
        assert_eq!(Body::new(b"a".to_vec()).etag.len(), 34);
    }
}
