//! What a space's members do, and which roles hold each duty: the one table of who may. The
//! section's routes name a duty each, pages ask it before they offer a form, and every
//! operation checks it again inside its transaction (`service::access`).
//!
//! Pure: roles and duties only.

use super::Role;

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
