//! What `serve` records about itself for the shell: the base URL its links are built on, so that
//! a shell command printing a link (`login-link`, `embed`, `tournaments show`) prints one that
//! leads to the running server. Never decides a base URL itself: it only remembers `serve`'s.

use super::ServiceError;
use crate::db::{Db, site_settings};
use crate::links::BaseUrl;

const SERVED_BASE_URL: &str = "served_base_url";

/// Records `base_url` as the one the running `serve` builds its links on.
pub async fn record_served_base_url(db: &Db, base_url: &BaseUrl) -> Result<(), ServiceError> {
    let mut tx = db.begin().await?;
    site_settings::set(
        tx.conn(),
        SERVED_BASE_URL,
        base_url.as_str(),
        crate::timestamp::now_ms(),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// The base URL `serve` last recorded, if any (one that no longer parses counts as none).
pub async fn served_base_url(db: &Db) -> Result<Option<BaseUrl>, ServiceError> {
    let mut handle = db.acquire().await?;
    let stored = site_settings::get(handle.conn(), SERVED_BASE_URL).await?;
    Ok(stored.and_then(|text| BaseUrl::parse(&text).ok()))
}
