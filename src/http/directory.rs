//! The server's in-memory directory of active API keys (by hash) and spaces, reloaded from the
//! database every [`REFRESH`]. A key revoked or created by any process, and any space change, is
//! seen by every server within a second, and a request never waits for the database to
//! authenticate.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use crate::db::spaces::SpaceRow;
use crate::db::{Db, DbError, api_keys, spaces};
use crate::ids::{KeyId, SpaceId};

/// How often the directory is reloaded.
pub const REFRESH: Duration = Duration::from_millis(500);

/// Who a request acts for: the key and its space.
#[derive(Debug, Clone)]
pub struct Principal {
    pub key_id: KeyId,
    pub space: Arc<SpaceRow>,
}

#[derive(Default)]
struct Snapshot {
    by_hash: HashMap<String, Principal>,
}

#[derive(Default)]
pub struct Directory {
    snapshot: RwLock<Arc<Snapshot>>,
}

impl Directory {
    /// The principal of an active key, by the key's hash.
    pub fn lookup(&self, key_hash: &str) -> Option<Principal> {
        let snapshot = match self.snapshot.read() {
            Ok(guard) => Arc::clone(&guard),
            Err(poisoned) => Arc::clone(&poisoned.into_inner()),
        };
        snapshot.by_hash.get(key_hash).cloned()
    }

    /// Reloads keys and spaces.
    pub async fn reload(&self, db: &Db) -> Result<(), DbError> {
        let mut handle = db.acquire().await?;
        let keys = api_keys::active(handle.conn()).await?;
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
                    },
                ))
            })
            .collect();
        let fresh = Arc::new(Snapshot { by_hash });
        match self.snapshot.write() {
            Ok(mut guard) => *guard = fresh,
            Err(poisoned) => *poisoned.into_inner() = fresh,
        }
        Ok(())
    }
}
