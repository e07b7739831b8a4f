//! A tournament's state as its desk pages and its players' own pages show it: a digest of its
//! row, its participants, its matches, their results, the players' open claims and its space's
//! stations with what they hold (a station another tournament frees, pauses), which changes
//! whenever any of them does (in any status, published or not). Streams of those pages
//! are woken when it moves; the page then fetches itself.
//!
//! Reads only; the digest is compared within this process and never leaves it.

use std::sync::Arc;

use sha2::{Digest, Sha256};

use warp::http::HeaderMap;
use warp::reply::Response;

use super::{State, Topic};
use crate::db::{Db, DbError, claims, matches, participants, stations, tournaments};
use crate::http::App;
use crate::ids::TournamentId;

/// The stream a desk page or a player's page of tournament `id` follows, from the data's
/// `version` as read for this request.
pub async fn desk_stream(
    app: &App,
    id: TournamentId,
    version: i64,
    headers: &HeaderMap,
) -> Result<Response, DbError> {
    let state = desk_state(&app.db, id).await?;
    Ok(super::serve(app, Topic::Desk(id), version, state, headers))
}

/// The desk state of tournament `id` now (`None`: it no longer exists).
pub async fn desk_state(db: &Db, id: TournamentId) -> Result<State, DbError> {
    let mut handle = db.acquire().await?;
    let Some(tournament) = tournaments::find(handle.conn(), id).await? else {
        return Ok(None);
    };
    let field = participants::list(handle.conn(), id).await?;
    let games = matches::list(handle.conn(), id).await?;
    let results = matches::list_results(handle.conn(), id).await?;
    let claims = claims::of_tournament(handle.conn(), id).await?;
    let room = match tournament.stations {
        Some(_) => {
            let stations = stations::list(handle.conn(), tournament.space_id).await?;
            let mut holdings: Vec<_> = stations::holdings(handle.conn(), tournament.space_id)
                .await?
                .into_values()
                .collect();
            holdings.sort_by_key(|h| h.station_id);
            format!("{stations:?}\n{holdings:?}")
        }
        None => String::new(),
    };
    let mut digest = Sha256::new();
    // Every field of every row, as the rows print them: any change shows.
    digest.update(format!(
        "{tournament:?}\n{field:?}\n{games:?}\n{results:?}\n{claims:?}\n{room}"
    ));
    Ok(Some(Arc::from(hex::encode(digest.finalize()))))
}
