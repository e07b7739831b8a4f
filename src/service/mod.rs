//! The service layer: every write of the product, whoever makes it (a shell command, an import,
//! the demo, the portal's forms and the space's section), one module per thing written.
//!
//! Each operation is one database transaction that checks the rules (`domain`), changes the data,
//! appends the events it causes with their deliveries (`db::outbox`) and records one audit entry,
//! or changes nothing at all. Operations take typed input and return typed results and a
//! [`ServiceError`]; they never format output for people, never name a command-line flag, and
//! never read the command line or the clock (the caller's [`Ctx`] says who acts and when).

pub mod access;
mod audit;
mod error;
mod passwords;
mod publish;
mod status;

pub mod check_in;
pub mod demo;
pub mod hooks;
pub mod import;
pub mod keys;
pub mod matches;
pub mod members;
pub mod player_reports;
pub mod registration_batches;
pub mod registrations;
pub mod room;
pub mod screen;
pub mod seeding;
pub mod seen;
pub mod sign_in;
pub mod site;
pub mod spaces;
pub mod stages;
pub mod stations;
pub mod tournaments;
mod waiting_list;

pub use error::{Changed, Conflict, Field, Invalid, Missing, RoomRule, Rule, ServiceError};

use crate::db::spaces::{self as space_rows, SpaceRow};
use crate::db::tournaments::{self as tournament_rows, TournamentRow};
use crate::db::{Conn, DbError};
use crate::ids::SpaceId;
use crate::links::BaseUrl;

/// Who acts, when, and the base URL for the links in events.
#[derive(Debug, Clone, Copy)]
pub struct Ctx<'a> {
    pub base_url: &'a BaseUrl,
    /// As the audit log records it: an admin's name, or `portal` for the public site's forms.
    pub actor: &'a str,
    pub now: i64,
    /// A space's member acting from the signed-in section: every operation checks, inside its
    /// transaction, that the member may do it there (`access::admit`). `None`: the server's
    /// shell, the portal's public forms or the clock.
    pub member: Option<access::Member>,
}

/// Checks that `ctx` may do `duty` in `space` (see [`access::admit`]): a thing of another space
/// is `missing()`, as if it did not exist.
async fn admit(
    conn: Conn<'_>,
    ctx: &Ctx<'_>,
    space: SpaceId,
    duty: access::Duty,
    missing: impl FnOnce() -> Missing,
) -> Result<(), ServiceError> {
    match access::admit(conn, ctx, space, duty).await? {
        Ok(()) => Ok(()),
        Err(access::Denied::Elsewhere) => Err(missing().into()),
        Err(access::Denied::Role { role, duty }) => Err(ServiceError::Forbidden { role, duty }),
    }
}

/// What one sweep of the clock's work did (check-in windows closing, unanswered claims
/// standing), item by item: `done` holds what was applied; `failed` what could not be, by its
/// id, with why. Each item is its own transaction, so a failed one changed nothing and never
/// held up the others; the next sweep tries it again.
#[derive(Debug)]
pub struct Swept<T, K> {
    pub done: Vec<T>,
    pub failed: Vec<(K, ServiceError)>,
}

impl<T, K> Default for Swept<T, K> {
    fn default() -> Self {
        Swept {
            done: Vec::new(),
            failed: Vec::new(),
        }
    }
}

impl<T, K> Swept<T, K> {
    /// Adds one item's outcome: applied, nothing to do (`Ok(None)`), or failed.
    pub fn record(&mut self, key: K, outcome: Result<Option<T>, ServiceError>) {
        match outcome {
            Ok(Some(done)) => self.done.push(done),
            Ok(None) => {}
            Err(error) => self.failed.push((key, error)),
        }
    }
}

/// The tournament with `slug` and its space, or [`Missing::Tournament`].
async fn find_tournament(
    mut conn: Conn<'_>,
    slug: &str,
) -> Result<(TournamentRow, SpaceRow), ServiceError> {
    let tournament = tournament_rows::find_by_slug(conn.reborrow(), slug)
        .await?
        .ok_or_else(|| Missing::Tournament {
            slug: slug.to_owned(),
        })?;
    let space = space_of(conn, tournament.space_id, &tournament.id).await?;
    Ok((tournament, space))
}

/// Like [`find_tournament`], with the tournament's row held until the transaction ends
/// (`db::tournaments::find_for_update`), once `ctx` may do `duty` there ([`admit`]).
async fn find_tournament_for_update(
    mut conn: Conn<'_>,
    ctx: &Ctx<'_>,
    slug: &str,
    duty: access::Duty,
) -> Result<(TournamentRow, SpaceRow), ServiceError> {
    let missing = || Missing::Tournament {
        slug: slug.to_owned(),
    };
    let tournament = tournament_rows::find_for_update(conn.reborrow(), slug)
        .await?
        .ok_or_else(missing)?;
    admit(conn.reborrow(), ctx, tournament.space_id, duty, missing).await?;
    let space = space_of(conn, tournament.space_id, &tournament.id).await?;
    Ok((tournament, space))
}

/// The space `owner` (a tournament, a hook) belongs to, which must exist.
async fn space_of(
    conn: Conn<'_>,
    space_id: SpaceId,
    owner: &(dyn std::fmt::Display + Sync),
) -> Result<SpaceRow, ServiceError> {
    Ok(space_rows::find(conn, space_id).await?.ok_or_else(|| {
        DbError::Corrupt(format!(
            "{owner} belongs to space {space_id}, which does not exist"
        ))
    })?)
}

/// The space with `slug`, once `ctx` may do `duty` there ([`admit`]), or [`Missing::Space`].
async fn find_space_as(
    mut conn: Conn<'_>,
    ctx: &Ctx<'_>,
    slug: &str,
    duty: access::Duty,
) -> Result<SpaceRow, ServiceError> {
    let space = find_space(conn.reborrow(), slug).await?;
    admit(conn, ctx, space.id, duty, || Missing::Space {
        slug: slug.to_owned(),
    })
    .await?;
    Ok(space)
}

/// The space with `slug`, or [`Missing::Space`].
async fn find_space(conn: Conn<'_>, slug: &str) -> Result<SpaceRow, ServiceError> {
    Ok(space_rows::find_by_slug(conn, slug)
        .await?
        .ok_or_else(|| Missing::Space {
            slug: slug.to_owned(),
        })?)
}
