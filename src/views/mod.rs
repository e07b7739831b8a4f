//! What readers see: the records of the read API and the data of the widget pages, built from
//! the stored data. One function per resource; each reads in one go and returns plain serializable records.
//!
//! Views never write and never decide visibility: callers pass the space a reader may see, and a
//! tournament of another space is simply not found. The one exception is [`widgets`], which keeps
//! only published tournaments, because widgets are public.

mod records;
mod standings;
pub mod widgets;

pub use records::*;
pub use standings::{StandingsRecord, TableRecord};

use std::collections::HashMap;

use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::db::{Conn, Db, matches as match_rows, participants, stages, tournaments};
use crate::domain::{StageType, TournamentStatus, is_published};
use crate::error::Error;
use crate::events::MatchObject;
use crate::links::BaseUrl;
use crate::stored::Stored;
use crate::timestamp;

/// `GET /organization`.
pub fn organization(space: &SpaceRow, base_url: &BaseUrl) -> OrganizationRecord {
    OrganizationRecord {
        id: crate::ids::format(crate::ids::Kind::Space, space.id),
        slug: space.slug.clone(),
        name: space.name.clone(),
        locale: space.locale,
        url: base_url.space_page(space.locale, &space.slug),
        calendar_url: base_url.calendar_widget(space.locale, &space.slug),
        created_at: timestamp::format_ms(space.created_at),
    }
}

/// Filters of `GET /tournaments`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ListFilter {
    pub status: Option<TournamentStatus>,
    pub game: Option<String>,
}

/// `GET /tournaments`: the space's tournaments, soonest first.
pub async fn tournaments(
    mut conn: Conn<'_>,
    space: &SpaceRow,
    filter: &ListFilter,
    base_url: &BaseUrl,
) -> Result<Vec<ListItem>, Error> {
    let rows = tournaments::list_for_space(conn.reborrow(), space.id).await?;
    let counts = participants::count_in_field_by_tournament(conn, space.id).await?;
    Ok(rows
        .iter()
        .filter(|t| {
            filter.status.is_none_or(|s| t.status == s)
                && filter.game.as_deref().is_none_or(|g| t.game == g)
        })
        .map(|t| ListItem::new(t, counts.get(&t.id).copied().unwrap_or(0), space, base_url))
        .collect())
}

/// The tournament `slug` if it belongs to `space`; any other tournament is not found.
pub async fn find_in_space(
    conn: Conn<'_>,
    space: &SpaceRow,
    slug: &str,
) -> Result<Option<TournamentRow>, Error> {
    Ok(tournaments::find_by_slug(conn, slug)
        .await?
        .filter(|t| t.space_id == space.id))
}

/// `GET /tournaments/{slug}`.
pub async fn tournament(
    mut conn: Conn<'_>,
    space: &SpaceRow,
    tournament: &TournamentRow,
    base_url: &BaseUrl,
) -> Result<DetailRecord, Error> {
    let people = participants::list(conn.reborrow(), tournament.id).await?;
    let stage_rows = stages::list(conn, tournament.id).await?;
    let registered = people
        .iter()
        .filter(|p| p.status != crate::domain::ParticipantStatus::Withdrawn)
        .count() as i64;
    Ok(DetailRecord {
        item: ListItem::new(tournament, registered, space, base_url),
        id: crate::ids::format(crate::ids::Kind::Tournament, tournament.id),
        description: tournament.description.clone(),
        test: tournament.test,
        published: is_published(tournament.status, tournament.test),
        registration_opens_at: tournament.registration_opens_at.map(timestamp::format_ms),
        registration_closes_at: tournament.registration_closes_at.map(timestamp::format_ms),
        ends_at: tournament.ends_at.map(timestamp::format_ms),
        created_at: timestamp::format_ms(tournament.created_at),
        updated_at: timestamp::format_ms(tournament.updated_at),
        stages: stage_rows.iter().map(StageRecord::new).collect(),
        participants: people.iter().map(ParticipantRecord::new).collect(),
    })
}

/// `GET /tournaments/{slug}/matches`, in order: stage, bracket, group, round, position.
pub async fn tournament_matches(
    mut conn: Conn<'_>,
    tournament: &TournamentRow,
) -> Result<Vec<MatchObject>, Error> {
    let rows = match_rows::list(conn.reborrow(), tournament.id).await?;
    let stage_rows = stages::list(conn.reborrow(), tournament.id).await?;
    let results = match_rows::list_results(conn.reborrow(), tournament.id).await?;
    let names: HashMap<i64, String> = participants::list(conn, tournament.id)
        .await?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    Ok(rows
        .iter()
        .map(|row| {
            let stage = stage_rows.iter().find(|s| s.id == row.stage_id);
            let free_for_all = stage.is_some_and(|s| s.stage_type == StageType::FreeForAll);
            MatchObject::new(
                row,
                stage.map_or(1, |s| s.number),
                &names,
                free_for_all,
                &results,
            )
        })
        .collect())
}

/// `GET /tournaments/{slug}/standings`.
pub async fn tournament_standings(
    conn: Conn<'_>,
    tournament: &TournamentRow,
) -> Result<StandingsRecord, Error> {
    let stored = Stored::load(conn, tournament.clone()).await?;
    let names: HashMap<i64, String> = stored
        .participants
        .iter()
        .map(|p| (p.id, p.name.clone()))
        .collect();
    Ok(StandingsRecord::new(&stored.state, &names))
}

/// A tournament's matches by slug, for the command line (any space).
pub async fn matches(db: &Db, slug: &str) -> Result<Vec<MatchObject>, Error> {
    let mut handle = db.acquire().await?;
    let tournament = tournaments::find_by_slug(handle.conn(), slug)
        .await?
        .ok_or_else(|| Error::NotFound(format!("no tournament has the slug '{slug}'")))?;
    tournament_matches(handle.conn(), &tournament).await
}
