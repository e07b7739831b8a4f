//! The section's widgets page: reads the space's published tournaments for
//! `pages::integrations::widgets` (the iframe code per widget and locale, and a preview).

use warp::http::StatusCode;

use super::pipeline::{Answer, Scope};
use crate::pages::integrations::widgets;
use crate::views::public;

/// `GET …/integrations/widgets`.
pub(super) async fn page(scope: &Scope<'_>) -> Answer {
    let shown = {
        let mut handle = scope.app.db.acquire().await?;
        public::published_in_space(handle.conn(), &scope.view.space.slug).await?
    };
    let tournaments = shown.map(|(_, rows)| rows).unwrap_or_default();
    let page = widgets::page(&scope.view, &tournaments);
    Ok(scope.respond(StatusCode::OK, &page))
}
