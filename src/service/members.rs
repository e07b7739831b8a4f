//! The people who manage a space: adding and inviting members, changing their roles and
//! removing them. A space that has members always keeps at least one owner. A person's email
//! address goes into the database and back to the shell and the space's own members, never into
//! an event.

use super::access::Duty;
use super::audit::{self, Action};
use super::sign_in::{self, LinkKind};
use super::{Conflict, Ctx, Invalid, Missing, ServiceError, find_space_as};
use crate::db::people::{self, PersonRow};
use crate::db::spaces::SpaceRow;
use crate::db::{Conn, Db, Tx, sessions, spaces};
use crate::domain::Role;
use crate::domain::email::Email;

/// A member just added, and (for an invitation) the sign-in link to hand them, shown once.
pub struct Added {
    pub person: PersonRow,
    pub link: Option<String>,
}

/// Adds `email` to the space `space` with `role` (the person is created if new). With
/// `invite`, also makes a single-use sign-in link valid for a week.
pub async fn add(
    db: &Db,
    ctx: &Ctx<'_>,
    space: &str,
    email: &str,
    role: Role,
    invite: bool,
) -> Result<Added, ServiceError> {
    let email = Email::parse(email).map_err(Invalid::from)?;
    let mut tx = db.begin().await?;
    let space = find_space_as(tx.conn(), ctx, space, Duty::Members).await?;
    spaces::lock(tx.conn(), space.id).await?;
    let person = people::find_or_insert(tx.conn(), email.as_str(), &email.key(), ctx.now).await?;
    if people::role(tx.conn(), space.id, person.id)
        .await?
        .is_some()
    {
        return Err(Conflict::AlreadyMember {
            space: space.slug,
            email: person.email,
        }
        .into());
    }
    people::insert_member(tx.conn(), space.id, person.id, role, ctx.now).await?;
    let link = match invite {
        true => Some(sign_in::new_link(&mut tx, ctx, &person, LinkKind::Invitation).await?),
        false => None,
    };
    let details = serde_json::json!({"email": person.email, "role": role}).to_string();
    let action = match invite {
        true => Action::MemberInvited,
        false => Action::MemberAdded,
    };
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        action,
        Some(&person.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(Added { person, link })
}

/// The space (locked until the transaction ends) and the member with `email`.
async fn find_member(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    space: &str,
    email: &str,
) -> Result<(SpaceRow, PersonRow, Role), ServiceError> {
    let space = find_space_as(tx.conn(), ctx, space, Duty::Members).await?;
    spaces::lock(tx.conn(), space.id).await?;
    let not_member = |space: &SpaceRow| Missing::Member {
        space: space.slug.clone(),
        email: email.trim().to_owned(),
    };
    let key = Email::parse(email).map_err(|_| not_member(&space))?.key();
    let person = people::find_by_email_key(tx.conn(), &key)
        .await?
        .ok_or_else(|| not_member(&space))?;
    let role = people::role(tx.conn(), space.id, person.id)
        .await?
        .ok_or_else(|| not_member(&space))?;
    Ok((space, person, role))
}

/// Refuses to leave the space without an owner when `person` stops being one.
async fn keep_an_owner(conn: Conn<'_>, space: &SpaceRow, was: Role) -> Result<(), ServiceError> {
    if was == Role::Owner && people::count_owners(conn, space.id).await? <= 1 {
        return Err(Conflict::LastOwner {
            space: space.slug.clone(),
        }
        .into());
    }
    Ok(())
}

/// Changes a member's role; the person's sessions get new tokens at their next request.
pub async fn set_role(
    db: &Db,
    ctx: &Ctx<'_>,
    space: &str,
    email: &str,
    role: Role,
) -> Result<PersonRow, ServiceError> {
    let mut tx = db.begin().await?;
    let (space, person, was) = find_member(&mut tx, ctx, space, email).await?;
    if was == role {
        return Ok(person);
    }
    keep_an_owner(tx.conn(), &space, was).await?;
    people::set_role(tx.conn(), space.id, person.id, role).await?;
    sessions::rotate_all(tx.conn(), person.id).await?;
    let details = serde_json::json!({"email": person.email, "from": was, "to": role}).to_string();
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::MemberRoleChanged,
        Some(&person.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(person)
}

/// Removes a member from the space. A person left with no space loses their unused links.
pub async fn remove(
    db: &Db,
    ctx: &Ctx<'_>,
    space: &str,
    email: &str,
) -> Result<PersonRow, ServiceError> {
    let mut tx = db.begin().await?;
    let (space, person, was) = find_member(&mut tx, ctx, space, email).await?;
    keep_an_owner(tx.conn(), &space, was).await?;
    people::delete_member(tx.conn(), space.id, person.id).await?;
    if people::memberships(tx.conn(), person.id).await?.is_empty() {
        sessions::expire_links(tx.conn(), person.id, ctx.now).await?;
    }
    sessions::rotate_all(tx.conn(), person.id).await?;
    let details = serde_json::json!({"email": person.email, "role": was}).to_string();
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::MemberRemoved,
        Some(&person.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(person)
}
