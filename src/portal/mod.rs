//! The portal's writes: everything that changes tournament data (creating, moving status,
//! registering, starting, reporting and correcting results, the demo).
//!
//! Each operation is one database transaction that changes the data, appends the events it causes
//! (with their deliveries) and records an audit entry, or changes nothing at all. The rules live in
//! `domain`; this layer loads, calls the domain, and stores. It never formats output for people.

pub mod demo;
pub mod matches;
pub mod tournaments;

use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::db::{Conn, DbError, spaces, tournaments as tournament_rows};
use crate::error::Error;
use crate::events::TournamentObject;
use crate::links::BaseUrl;

/// Who acts, when, and the base URL for the links in events.
#[derive(Debug, Clone)]
pub struct Ctx<'a> {
    pub base_url: &'a BaseUrl,
    pub actor: &'a str,
    pub now: i64,
}

impl Ctx<'_> {
    pub fn tournament_object(
        &self,
        tournament: &TournamentRow,
        space: &SpaceRow,
    ) -> TournamentObject {
        TournamentObject::new(tournament, space.locale, self.base_url)
    }
}

/// The tournament with `slug` and its space, or a clear "not found".
pub(crate) async fn find_tournament(
    mut conn: Conn<'_>,
    slug: &str,
) -> Result<(TournamentRow, SpaceRow), Error> {
    let tournament = tournament_rows::find_by_slug(conn.reborrow(), slug)
        .await?
        .ok_or_else(|| Error::NotFound(format!("no tournament has the slug '{slug}'")))?;
    let space = spaces::find(conn, tournament.space_id)
        .await?
        .ok_or_else(|| Error::Db(DbError::Query(sqlx::Error::RowNotFound)))?;
    Ok((tournament, space))
}
