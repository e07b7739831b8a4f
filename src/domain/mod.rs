//! The product's vocabulary and rules: validated names (slugs, locales), the closed sets of values
//! a tournament, participant, stage, match or webhook delivery can take, and the tournament engine.
//!
//! Pure and storage-free: nothing here touches the database, the network or the clock. Every
//! value is parsed once at the edge (command line, import document) into these types; the rest of
//! the crate never handles the raw strings.

pub mod access;
pub mod email;
pub mod engine;
pub mod entry;
pub mod formats;
pub mod lifecycle;
pub mod names;
pub mod room;
pub mod score;
pub mod self_report;
pub mod settings;
mod slug;
pub mod standings;
#[cfg(test)]
pub(crate) mod testkit;
mod vocabulary;

pub use slug::{InvalidSlug, Slug};
pub use vocabulary::{
    AuditAction, Bracket, ClaimEnd, ClaimState, DeliveryStatus, DisabledReason, ErrorClass,
    EventType, Format, HookStatus, Locale, MatchStatus, NoShow, OnStations, ParticipantStatus,
    Role, Side, SignatureHeaders, StageStatus, StageType, TournamentStatus, Trigger, Winner,
};

/// A text that is not one of an enumeration's values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{value}' (expected one of: {})", expected.join(", "))]
pub struct UnknownValue {
    pub what: &'static str,
    pub value: String,
    pub expected: &'static [&'static str],
}

/// Published tournaments are the ones widgets show: not a draft and not a test.
pub fn is_published(status: TournamentStatus, test: bool) -> bool {
    status != TournamentStatus::Draft && !test
}
