//! The check every operation makes inside its own transaction when a space's member acts: the
//! member's space, and a role (read again there) that holds the operation's [`Duty`] (the one
//! table of duties and roles is `domain::access`; the section's routes name a duty each). The
//! role is read under the transaction, so a role changed or removed a moment before is the
//! role that counts, and a member of one space never reaches
//! another's (the same "not found" as a missing thing). The server's own shell, the portal's
//! public forms and the clock act with no member: each operation's own rules apply to them.
//! Never decides anything about a tournament itself.

use super::{Ctx, ServiceError};
use crate::db::{Conn, people};
use crate::domain::Role;
pub use crate::domain::access::{Duty, holders};
use crate::ids::{PersonId, SpaceId};

/// A space's member acting: the space the page was in and the person signed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member {
    pub space: SpaceId,
    pub person: PersonId,
}

/// Why a member may not do something.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Denied {
    /// The thing belongs to another space, or the person is no longer a member: the caller
    /// answers as for a thing that does not exist.
    Elsewhere,
    /// A member whose role does not hold the duty.
    Role { role: Role, duty: Duty },
}

/// Checks, inside the caller's transaction, that whoever `ctx` names may do `duty` in `space`:
/// always, with no member (the shell, the portal, the clock); a member only in their own space,
/// with a role (read now) that holds the duty.
pub(super) async fn admit(
    conn: Conn<'_>,
    ctx: &Ctx<'_>,
    space: SpaceId,
    duty: Duty,
) -> Result<Result<(), Denied>, ServiceError> {
    let Some(member) = ctx.member else {
        return Ok(Ok(()));
    };
    if member.space != space {
        return Ok(Err(Denied::Elsewhere));
    }
    Ok(match people::role(conn, space, member.person).await? {
        None => Err(Denied::Elsewhere),
        Some(role) if duty.held_by(role) => Ok(()),
        Some(role) => Err(Denied::Role { role, duty }),
    })
}
