//! Which status moves a tournament may make.
//!
//! DRAFT → ANNOUNCED | REGISTRATION_OPEN; ANNOUNCED → DRAFT | REGISTRATION_OPEN;
//! REGISTRATION_OPEN ↔ REGISTRATION_CLOSED; REGISTRATION_CLOSED → IN_PROGRESS (only by starting the
//! tournament, which draws the bracket); IN_PROGRESS → COMPLETED (only by playing its last match);
//! any status but COMPLETED → CANCELLED.

use super::TournamentStatus::{self, *};

/// Who asks for a move: an organiser naming a status, or the engine (start, last match).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mover {
    Organiser,
    Engine,
}

/// The statuses an organiser may move to from `from` by naming them.
pub fn organiser_moves(from: TournamentStatus) -> &'static [TournamentStatus] {
    match from {
        Draft => &[Announced, RegistrationOpen, Cancelled],
        Announced => &[Draft, RegistrationOpen, Cancelled],
        RegistrationOpen => &[RegistrationClosed, Cancelled],
        RegistrationClosed => &[RegistrationOpen, Cancelled],
        InProgress => &[Cancelled],
        Completed | Cancelled => &[],
    }
}

/// Checks a move; the error says what is allowed instead.
pub fn check(from: TournamentStatus, to: TournamentStatus, mover: Mover) -> Result<(), String> {
    let by_engine = matches!(
        (from, to),
        (RegistrationClosed, InProgress) | (InProgress, Completed)
    );
    match mover {
        Mover::Engine if by_engine => return Ok(()),
        Mover::Organiser if organiser_moves(from).contains(&to) => return Ok(()),
        _ => {}
    }
    if from == to {
        return Err(format!("the tournament is already {to}"));
    }
    let hint = match to {
        InProgress => {
            " (a tournament moves to IN_PROGRESS when `tourney tournaments start` draws it; registration must be closed first)"
        }
        Completed => " (a tournament completes by itself when its last match is reported)",
        _ => "",
    };
    let allowed = organiser_moves(from);
    if allowed.is_empty() {
        Err(format!("a {from} tournament cannot change status{hint}"))
    } else {
        let names: Vec<&str> = allowed.iter().map(|s| s.as_str()).collect();
        Err(format!(
            "cannot move from {from} to {to}{hint}; from {from} it can move to {}",
            names.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn organisers_make_the_design_moves() {
        for (from, to) in [
            (Draft, Announced),
            (Draft, RegistrationOpen),
            (Announced, Draft),
            (Announced, RegistrationOpen),
            (RegistrationOpen, RegistrationClosed),
            (RegistrationClosed, RegistrationOpen),
            (InProgress, Cancelled),
            (Draft, Cancelled),
        ] {
            assert_eq!(check(from, to, Mover::Organiser), Ok(()), "{from} -> {to}");
        }
    }

    #[test]
    fn refusals_say_what_is_allowed() {
        assert_eq!(
            check(Draft, Completed, Mover::Organiser),
            Err("cannot move from DRAFT to COMPLETED (a tournament completes by itself when its last match is reported); \
                 from DRAFT it can move to ANNOUNCED, REGISTRATION_OPEN, CANCELLED"
                .to_owned())
        );
        assert!(
            check(RegistrationClosed, InProgress, Mover::Organiser)
                .unwrap_err()
                .contains("tourney tournaments start")
        );
        assert_eq!(
            check(Completed, Cancelled, Mover::Organiser),
            Err("a COMPLETED tournament cannot change status".to_owned())
        );
        assert_eq!(
            check(Cancelled, Cancelled, Mover::Organiser),
            Err("the tournament is already CANCELLED".to_owned())
        );
    }

    #[test]
    fn only_the_engine_starts_and_completes() {
        assert_eq!(check(RegistrationClosed, InProgress, Mover::Engine), Ok(()));
        assert_eq!(check(InProgress, Completed, Mover::Engine), Ok(()));
        assert!(check(RegistrationOpen, InProgress, Mover::Engine).is_err());
    }
}
