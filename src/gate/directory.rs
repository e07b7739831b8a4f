//! The server's directory of active API keys (by hash) and their spaces, held in memory and
//! valid for one `keys` version: when a request finds the database's version ahead of the
//! directory's, the directory is reloaded before the key is looked up, so a key created by any
//! process works on its first request and a revoked one is refused on the next.
//!
//! The directory holds every active key, so a key it lacks does not exist as of its version:
//! keys that do not exist (random guesses) are refused from memory and never reach the database.
//! One reload serves every request that waits for it.
//!
//! A request may [`Directory::peek`] first, to settle its rate limit while the versions are read
//! in the same transaction, and then confirm the key against those versions: a key revoked
//! meanwhile is refused then, and its settled request is never answered.

use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};

use crate::db::spaces::SpaceRow;
use crate::db::{Db, DbError, api_keys, spaces};
use crate::ids::{KeyId, SpaceId};

/// Who a request acts for: the key and its space.
#[derive(Debug, Clone)]
pub struct Principal {
    pub key_id: KeyId,
    pub space: Arc<SpaceRow>,
    /// A rolled key's end of grace (Unix ms): refused from then on.
    pub expires_at: Option<i64>,
}

impl Principal {
    /// Whether the key still works at `now` (a rolled key's grace may end between reloads).
    pub fn works_at(&self, now: i64) -> bool {
        self.expires_at.is_none_or(|at| now < at)
    }
}

#[derive(Default)]
struct Snapshot {
    /// The `keys` version the snapshot was read at (or after).
    version: i64,
    by_hash: HashMap<String, Principal>,
}

#[derive(Default)]
pub struct Directory {
    snapshot: RwLock<Arc<Snapshot>>,
    /// Held while reloading, so concurrent requests share one reload.
    reloading: tokio::sync::Mutex<()>,
}

impl Directory {
    fn snapshot(&self) -> Arc<Snapshot> {
        match self.snapshot.read() {
            Ok(guard) => Arc::clone(&guard),
            Err(poisoned) => Arc::clone(&poisoned.into_inner()),
        }
    }

    /// The principal of `key_hash` in the directory as it is, and the `keys` version it is
    /// valid for: a guess that a request confirms once it knows the current version.
    pub fn peek(&self, key_hash: &str) -> Option<(Principal, i64)> {
        let guard = self.snapshot.read().unwrap_or_else(PoisonError::into_inner);
        let principal = guard.by_hash.get(key_hash)?.clone();
        Some((principal, guard.version))
    }

    /// The principal of an active key, by the key's hash, as of `keys` version `version` or
    /// later.
    pub async fn lookup(
        &self,
        db: &Db,
        key_hash: &str,
        version: i64,
    ) -> Result<Option<Principal>, DbError> {
        let snapshot = self.snapshot();
        if snapshot.version >= version {
            return Ok(snapshot.by_hash.get(key_hash).cloned());
        }
        let _reloading = self.reloading.lock().await;
        let snapshot = self.snapshot();
        if snapshot.version >= version {
            return Ok(snapshot.by_hash.get(key_hash).cloned());
        }
        // Boxed: the database's future is large, and most requests never reach it.
        let fresh = Box::pin(load(db, version)).await?;
        let found = fresh.by_hash.get(key_hash).cloned();
        let fresh = Arc::new(fresh);
        match self.snapshot.write() {
            Ok(mut guard) => *guard = fresh,
            Err(poisoned) => *poisoned.into_inner() = fresh,
        }
        Ok(found)
    }
}

/// Every active key with its space, read after the database reached `version`.
async fn load(db: &Db, version: i64) -> Result<Snapshot, DbError> {
    let mut handle = db.acquire().await?;
    let keys = api_keys::active(handle.conn(), crate::timestamp::now_ms()).await?;
    let spaces: HashMap<SpaceId, Arc<SpaceRow>> = spaces::list(handle.conn())
        .await?
        .into_iter()
        .map(|s| (s.id, Arc::new(s)))
        .collect();
    let by_hash = keys
        .into_iter()
        .filter_map(|key| {
            let space = spaces.get(&key.space_id)?;
            Some((
                key.key_hash,
                Principal {
                    key_id: key.id,
                    space: Arc::clone(space),
                    expires_at: key.expires_at,
                },
            ))
        })
        .collect();
    Ok(Snapshot { version, by_hash })
}
