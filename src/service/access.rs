//! Who may do what in a space: the one table of duties and the roles that hold them, and the
//! check every operation makes inside its own transaction when a space's member acts.
//!
//! The section's routes name a [`Duty`] each (`http::section::routes`); nothing else decides who
//! may. An operation reads the member's role again under its transaction, so a role changed or
//! removed a moment before is the role that counts, and a member of one space never reaches
//! another's (the same "not found" as a missing thing). The server's own shell, the portal's
//! public forms and the clock act with no member: each operation's own rules apply to them.
//! Never decides anything about a tournament itself.

use super::{Ctx, ServiceError};
use crate::db::{Conn, people};
use crate::domain::Role;
use crate::ids::{PersonId, SpaceId};

/// A space's member acting: the space the page was in and the person signed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member {
    pub space: SpaceId,
    pub person: PersonId,
}

/// What a space's members do, each held by some roles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Duty {
    /// Read the desk: the tournaments, their registrations and matches.
    Desk,
    /// At a venue's match desk: report and correct results, check players in.
    Results,
    /// Run tournaments: create, change, move them on, add and withdraw players, seed, plan
    /// stages, cancel.
    Organise,
    /// The section "API, webhooks and widgets": keys, webhook addresses, widgets, the audit log.
    Integrations,
    /// Who manages the space.
    Members,
}

impl Duty {
    /// The roles that hold this duty.
    pub const fn roles(self) -> &'static [Role] {
        const EVERYONE: &[Role] = &[Role::Owner, Role::Administrator, Role::Reporter];
        const MANAGERS: &[Role] = &[Role::Owner, Role::Administrator];
        match self {
            Duty::Desk | Duty::Results => EVERYONE,
            Duty::Organise | Duty::Integrations => MANAGERS,
            Duty::Members => &[Role::Owner],
        }
    }

    /// Whether `role` holds this duty.
    pub fn held_by(self, role: Role) -> bool {
        self.roles().contains(&role)
    }
}

/// The roles that hold `duty`, in words: "owners and administrators".
pub fn holders(duty: Duty) -> &'static str {
    match duty {
        Duty::Desk | Duty::Results => "every member",
        Duty::Organise | Duty::Integrations => "owners and administrators",
        Duty::Members => "owners",
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reporters_hold_the_desk_and_results_only() {
        assert!(Duty::Results.held_by(Role::Reporter));
        assert!(Duty::Desk.held_by(Role::Reporter));
        for duty in [Duty::Organise, Duty::Integrations, Duty::Members] {
            assert!(!duty.held_by(Role::Reporter), "{duty:?}");
        }
        assert!(Duty::Organise.held_by(Role::Administrator));
        assert!(!Duty::Members.held_by(Role::Administrator));
        assert!(Duty::Members.held_by(Role::Owner));
    }
}
