//! A space's stations (DESIGN §20): adding, listing with what each holds, pausing, resuming and
//! removing them. Owners and administrators manage them; everyone at the desk sees them.
//!
//! Every write holds the space's stations (`db::stations::lock`) so that a removal and a call
//! from another process are decided one after the other: a station holding a match is never
//! removed. Calls themselves are `service::room`'s.

use super::access::Duty;
use super::audit::{self, Action};
use super::{Conflict, Ctx, Field, Invalid, Missing, RoomRule, ServiceError, find_space_as};
use crate::db::spaces::SpaceRow;
use crate::db::stations::{self, Holding, StationRow};
use crate::db::{Db, Tx};
use crate::domain::names;
use crate::ids::StationId;

/// A station as the desk and `stations list` show it: with the match it holds, if any.
#[derive(Debug, Clone)]
pub struct StationView {
    pub station: StationRow,
    pub holds: Option<Holding>,
}

/// A station's name: a participant's name's rules (one line, at most 64 characters), with no
/// comma (lists of stations are written with commas) and not `all` (which names every station).
pub fn station_name(text: &str) -> Result<&str, Invalid> {
    let invalid = |reason: String| Invalid::Field {
        field: Field::StationName,
        reason,
    };
    let name = names::participant_name(text).map_err(|e| invalid(e.to_string()))?;
    if name.contains(',') {
        return Err(invalid("it may not contain a comma".to_owned()));
    }
    if names::name_key(name) == names::name_key("all") {
        return Err(invalid("'all' names every station of the space".to_owned()));
    }
    Ok(name)
}

/// Adds stations to a space, in order; all or none (a name taken, or given twice, adds none).
pub async fn add(
    db: &Db,
    ctx: &Ctx<'_>,
    space: &str,
    wanted: &[String],
) -> Result<Vec<StationRow>, ServiceError> {
    let wanted: Vec<&str> = wanted
        .iter()
        .map(|name| station_name(name))
        .collect::<Result<_, _>>()?;
    let mut tx = db.begin().await?;
    let space = find_space_as(tx.conn(), ctx, space, Duty::Organise).await?;
    stations::lock(tx.conn(), space.id).await?;
    let mut added = Vec::with_capacity(wanted.len());
    for name in wanted {
        let key = names::name_key(name);
        let row = match stations::insert(tx.conn(), space.id, name, &key, ctx.now).await {
            Ok(row) => row,
            Err(e) if e.is_unique_violation() => {
                return Err(Conflict::StationExists {
                    space: space.slug,
                    name: name.to_owned(),
                }
                .into());
            }
            Err(e) => return Err(e.into()),
        };
        audit::record(
            &mut tx,
            ctx,
            Some(space.id),
            Action::StationAdded,
            Some(&row.id),
            Some(&row.name),
        )
        .await?;
        added.push(row);
    }
    tx.commit().await?;
    Ok(added)
}

/// The space's stations in the order they were added, each with what it holds.
pub async fn list(db: &Db, ctx: &Ctx<'_>, space: &str) -> Result<Vec<StationView>, ServiceError> {
    let mut handle = db.acquire().await?;
    let space = find_space_as(handle.conn(), ctx, space, Duty::Desk).await?;
    read(handle.conn(), &space).await
}

/// [`list`] for a space already found (the API's key decides which).
pub async fn read(
    mut conn: crate::db::Conn<'_>,
    space: &SpaceRow,
) -> Result<Vec<StationView>, ServiceError> {
    let rows = stations::list(conn.reborrow(), space.id).await?;
    let mut holdings = stations::holdings(conn, space.id).await?;
    Ok(rows
        .into_iter()
        .map(|station| StationView {
            holds: holdings.remove(&station.id),
            station,
        })
        .collect())
}

/// A station as a caller names it: by name (the shell), or by id (a page's form, which names
/// the very station it showed).
#[derive(Debug, Clone, Copy)]
pub enum Named<'a> {
    Name(&'a str),
    Id(StationId),
}

/// Pauses a station (nothing new is called to it; a match it holds plays on) or resumes it.
pub async fn set_paused(
    db: &Db,
    ctx: &Ctx<'_>,
    space: &str,
    station: Named<'_>,
    paused: bool,
) -> Result<StationRow, ServiceError> {
    let mut tx = db.begin().await?;
    let (space, station) = find_station(&mut tx, ctx, space, station).await?;
    if station.paused != paused {
        stations::set_paused(tx.conn(), station.id, paused).await?;
        let action = if paused {
            Action::StationPaused
        } else {
            Action::StationResumed
        };
        audit::record(
            &mut tx,
            ctx,
            Some(space.id),
            action,
            Some(&station.id),
            None,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(StationRow { paused, ..station })
}

/// Removes a free station: the tournaments that listed it play on it no more, and its name may
/// be given to a new one. A station holding a match is refused.
pub async fn remove(
    db: &Db,
    ctx: &Ctx<'_>,
    space: &str,
    station: Named<'_>,
) -> Result<StationRow, ServiceError> {
    let mut tx = db.begin().await?;
    let (space, station) = find_station(&mut tx, ctx, space, station).await?;
    if let Some(holding) = stations::holdings(tx.conn(), space.id)
        .await?
        .remove(&station.id)
    {
        return Err(RoomRule::StationHolds {
            station: station.name,
            game: holding.match_id,
            tournament: holding.tournament_slug,
        }
        .into());
    }
    stations::remove(tx.conn(), station.id, ctx.now).await?;
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::StationRemoved,
        Some(&station.id),
        Some(&station.name),
    )
    .await?;
    tx.commit().await?;
    Ok(station)
}

/// The space (managed by `ctx`) and its station `named`, with the space's stations held.
async fn find_station(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    space: &str,
    named: Named<'_>,
) -> Result<(SpaceRow, StationRow), ServiceError> {
    let space = find_space_as(tx.conn(), ctx, space, Duty::Organise).await?;
    stations::lock(tx.conn(), space.id).await?;
    let found = match named {
        Named::Name(name) => {
            stations::find_by_key(tx.conn(), space.id, &names::name_key(name)).await?
        }
        Named::Id(id) => stations::list(tx.conn(), space.id)
            .await?
            .into_iter()
            .find(|s| s.id == id),
    };
    let station = found.ok_or_else(|| Missing::Station {
        space: space.slug.clone(),
        name: match named {
            Named::Name(name) => name.trim().to_owned(),
            Named::Id(id) => id.to_string(),
        },
    })?;
    Ok((space, station))
}

/// Which stations a tournament plays on, as an organiser chooses them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OnStationsChoice {
    /// Every station of the space, present and future.
    All,
    /// The stations named (each a station of the space).
    Listed(Vec<String>),
}

/// Writes the tournament's stations (`choice`: `None` keeps them, `Some(None)` plays on none)
/// and the room's times, inside the caller's transaction (which holds the tournament). Every
/// station listed must be one of the space's; a name given twice counts once.
pub(super) async fn play_on(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    tournament: &crate::db::tournaments::TournamentRow,
    space: &SpaceRow,
    choice: Option<Option<&OnStationsChoice>>,
    timing: crate::domain::room::Timing,
) -> Result<(), ServiceError> {
    timing.check().map_err(Invalid::Timing)?;
    let Some(choice) = choice else {
        crate::db::tournaments::set_room(
            tx.conn(),
            tournament.id,
            tournament.stations,
            timing,
            ctx.now,
        )
        .await?;
        return Ok(());
    };
    let mode = match choice {
        None => None,
        Some(OnStationsChoice::All) => Some(crate::domain::OnStations::All),
        Some(OnStationsChoice::Listed(_)) => Some(crate::domain::OnStations::Listed),
    };
    let mut listed = Vec::new();
    if let Some(OnStationsChoice::Listed(wanted)) = choice {
        for name in wanted {
            let station = stations::find_by_key(tx.conn(), space.id, &names::name_key(name))
                .await?
                .ok_or_else(|| Missing::Station {
                    space: space.slug.clone(),
                    name: name.trim().to_owned(),
                })?;
            if !listed.contains(&station.id) {
                listed.push(station.id);
            }
        }
    }
    crate::db::tournaments::set_room(tx.conn(), tournament.id, mode, timing, ctx.now).await?;
    stations::set_listed(tx.conn(), tournament.id, &listed).await?;
    Ok(())
}
