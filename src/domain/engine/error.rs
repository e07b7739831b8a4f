//! Why the engine refuses an operation. Messages say what is wrong; the service layer names the
//! match or tournament, and each caller says what to do instead in its own terms.

use crate::domain::{Format, MatchStatus};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error("a {format} tournament needs at least {min} active participants, and has {have}")]
    TooFewParticipants {
        format: Format,
        min: usize,
        have: usize,
    },
    #[error("{0}")]
    BadSettings(String),
    #[error("is not ready to be reported: {0}")]
    NotReady(&'static str),
    #[error("is already completed; correct its result instead")]
    AlreadyCompleted,
    #[error("is {0}, so it has no result to correct")]
    NotCompleted(MatchStatus),
    #[error("is a bye and has no result")]
    Bye,
    #[error("is an elimination match and needs a winner: a draw is not allowed")]
    DrawNotAllowed,
    #[error("is a free-for-all round: report it by naming every participant in finishing order")]
    PlacesExpected,
    #[error("has two sides: report it with a score")]
    ScoreExpected,
    #[error("needs every participant of the round exactly once in its places: {0}")]
    BadPlaces(String),
    #[error("cannot be corrected: {0}")]
    Locked(&'static str),
}
