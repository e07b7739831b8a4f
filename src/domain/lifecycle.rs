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

/// A move refused: from where, to where, and the moves an organiser could make instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRefused {
    pub from: TournamentStatus,
    pub to: TournamentStatus,
}

impl MoveRefused {
    /// The refusal, with `note` (how the status is reached instead, if it is) after the move.
    pub fn explain(&self, note: &str) -> String {
        let (from, to) = (self.from, self.to);
        if from == to {
            return format!("the tournament is already {to}");
        }
        let note = if note.is_empty() {
            String::new()
        } else {
            format!(" ({note})")
        };
        let allowed = organiser_moves(from);
        if allowed.is_empty() {
            format!("a {from} tournament cannot change status{note}")
        } else {
            let names: Vec<&str> = allowed.iter().map(|s| s.as_str()).collect();
            format!(
                "cannot move from {from} to {to}{note}; from {from} it can move to {}",
                names.join(", ")
            )
        }
    }
}

impl std::fmt::Display for MoveRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let note = match self.to {
            InProgress => {
                "a tournament moves to IN_PROGRESS when it starts; registration must be closed first"
            }
            Completed => "a tournament completes by itself when its last match is reported",
            _ => "",
        };
        f.write_str(&self.explain(note))
    }
}

impl std::error::Error for MoveRefused {}

/// Checks a move; the refusal says what is allowed instead.
pub fn check(
    from: TournamentStatus,
    to: TournamentStatus,
    mover: Mover,
) -> Result<(), MoveRefused> {
    let by_engine = matches!(
        (from, to),
        (RegistrationClosed, InProgress) | (InProgress, Completed)
    );
    match mover {
        Mover::Engine if by_engine => Ok(()),
        Mover::Organiser if organiser_moves(from).contains(&to) => Ok(()),
        _ => Err(MoveRefused { from, to }),
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
        let refusal = |from, to| check(from, to, Mover::Organiser).unwrap_err().to_string();
        assert_eq!(
            refusal(Draft, Completed),
            "cannot move from DRAFT to COMPLETED (a tournament completes by itself when its last match is reported); \
             from DRAFT it can move to ANNOUNCED, REGISTRATION_OPEN, CANCELLED"
        );
        assert!(refusal(RegistrationClosed, InProgress).contains("when it starts"));
        assert_eq!(
            refusal(Completed, Cancelled),
            "a COMPLETED tournament cannot change status"
        );
        assert_eq!(
            refusal(Cancelled, Cancelled),
            "the tournament is already CANCELLED"
        );
    }

    #[test]
    fn only_the_engine_starts_and_completes() {
        assert_eq!(check(RegistrationClosed, InProgress, Mover::Engine), Ok(()));
        assert_eq!(check(InProgress, Completed, Mover::Engine), Ok(()));
        assert!(check(RegistrationOpen, InProgress, Mover::Engine).is_err());
    }
}
