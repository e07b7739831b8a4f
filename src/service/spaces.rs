//! Creating spaces and setting where their tournaments are played.

use super::audit::{self, Action};
use super::{Conflict, Ctx, Field, Invalid, ServiceError, find_space_as};
use crate::db::Db;
use crate::db::spaces::{self, SpaceRow};
use crate::domain::access::Duty;
use crate::domain::names::{self, NAME_MAX_CHARS};
use crate::domain::{Locale, Slug};

/// Checks a slug as every path takes it.
pub(super) fn slug(text: &str) -> Result<Slug, Invalid> {
    Slug::parse(text).map_err(|e| Invalid::Field {
        field: Field::Slug,
        reason: e.to_string(),
    })
}

/// Checks a one-line display text of `field`; returns it trimmed.
pub(super) fn one_line(field: Field, text: &str, max: usize) -> Result<&str, Invalid> {
    names::one_line(text, max).map_err(|e| Invalid::Field {
        field,
        reason: e.to_string(),
    })
}

/// Creates a space. Its slug is unique.
pub async fn create(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    name: &str,
    locale: Locale,
) -> Result<SpaceRow, ServiceError> {
    let slug = self::slug(slug)?;
    let name = one_line(Field::Name, name, NAME_MAX_CHARS)?;
    let mut tx = db.begin().await?;
    let space = match spaces::insert(tx.conn(), slug.as_str(), name, locale, ctx.now).await {
        Ok(space) => space,
        Err(e) if e.is_unique_violation() => {
            return Err(Conflict::SpaceExists {
                slug: slug.to_string(),
            }
            .into());
        }
        Err(e) => return Err(e.into()),
    };
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::SpaceCreated,
        Some(&space.id),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(space)
}

/// The longest place a space may give: a venue's name and its address on one line.
pub const PLACE_MAX_CHARS: usize = 200;

/// Sets where the space's tournaments are played (a venue's name and address on one line), or
/// says they are played online (`None`, or a blank place). Shown to search engines as the
/// tournaments' location. Owners and administrators only.
pub async fn set_place(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    place: Option<&str>,
) -> Result<SpaceRow, ServiceError> {
    let place = match place.map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(one_line(Field::Place, text, PLACE_MAX_CHARS)?),
    };
    let mut tx = db.begin().await?;
    let space = find_space_as(tx.conn(), ctx, slug, Duty::Organise).await?;
    spaces::set_place(tx.conn(), space.id, place, ctx.now).await?;
    let details = format!("place: {}", place.unwrap_or("online"));
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::SpaceUpdated,
        Some(&space.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(SpaceRow {
        place: place.map(str::to_owned),
        updated_at: ctx.now,
        ..space
    })
}

/// Creates the space `slug` unless it exists; for the demo, whose space must be new.
pub(super) async fn create_new(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    name: &str,
    locale: Locale,
    details: &str,
) -> Result<SpaceRow, ServiceError> {
    let mut tx = db.begin().await?;
    if spaces::find_by_slug(tx.conn(), slug).await?.is_some() {
        return Err(Conflict::DemoExists {
            slug: slug.to_owned(),
        }
        .into());
    }
    let space = spaces::insert(tx.conn(), slug, name, locale, ctx.now).await?;
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::SpaceCreated,
        Some(&space.id),
        Some(details),
    )
    .await?;
    tx.commit().await?;
    Ok(space)
}
