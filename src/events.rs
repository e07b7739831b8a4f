//! The shapes of webhook events: the envelope and the objects inside `data`.
//!
//! One serializer per object, used by every writer that appends events, so a receiver sees the
//! same fields whichever command caused the event. Building a payload never touches storage.

use serde::Serialize;

use crate::db::participants::ParticipantRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::{EventType, Format, Locale, ParticipantStatus, TournamentStatus};
use crate::links::BaseUrl;
use crate::{ids, timestamp};

/// Exactly `id, type, created_at, data`, in that order.
#[derive(Debug, Serialize)]
pub struct Envelope<'a, T: Serialize> {
    pub id: String,
    #[serde(rename = "type")]
    pub event_type: EventType,
    pub created_at: String,
    pub data: &'a T,
}

/// The tournament object inside event data.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TournamentObject {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub game: String,
    pub format: Format,
    pub status: TournamentStatus,
    pub url: String,
}

impl TournamentObject {
    /// `locale` is the space's default locale, which portal links use.
    pub fn new(tournament: &TournamentRow, locale: Locale, base_url: &BaseUrl) -> TournamentObject {
        TournamentObject {
            id: ids::format(ids::Kind::Tournament, tournament.id),
            slug: tournament.slug.clone(),
            name: tournament.name.clone(),
            game: tournament.game.clone(),
            format: tournament.format,
            status: tournament.status,
            url: base_url.tournament_page(locale, &tournament.slug),
        }
    }
}

/// The registration object of `registration.*` events.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RegistrationObject {
    pub id: String,
    pub participant_id: String,
    pub name: String,
    pub status: ParticipantStatus,
    pub created_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub withdrawn_at: Option<String>,
}

impl RegistrationObject {
    pub fn new(participant: &ParticipantRow) -> RegistrationObject {
        RegistrationObject {
            id: ids::format(ids::Kind::Registration, participant.id),
            participant_id: ids::format(ids::Kind::Participant, participant.id),
            name: participant.name.clone(),
            status: participant.status,
            created_at: timestamp::format_ms(participant.registered_at),
            withdrawn_at: participant.withdrawn_at.map(timestamp::format_ms),
        }
    }
}

/// `data` of `registration.created` and `registration.withdrawn`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RegistrationData {
    pub tournament: TournamentObject,
    pub registration: RegistrationObject,
}
