//! The webhook events: [`Event`], whose variant fixes both the envelope's `type` and the shape of
//! its `data`, the envelope's exact bytes, and the objects inside `data` (the match object is also
//! the API's match record: one serializer for both).
//!
//! Examples (`hooks test`) are the same envelope with `"example": true` added; real events never
//! carry that field.
//!
//! Pure shapes: nothing here reads storage or knows rows; `views::objects` builds these objects
//! from rows, and `db::outbox` stores the envelope with the change that caused it.

pub mod examples;

use serde::Serialize;
use serde::ser::Serializer;

use crate::domain::{
    Bracket, ClaimEnd, ClaimState, EventType, Format, MatchStatus, ParticipantStatus, Side,
    TournamentStatus, Winner,
};
use crate::ids::{EventId, MatchId, ParticipantId, RegistrationId, SpaceId, TournamentId};
use crate::timestamp;

/// One event: its type and its payload, which can only go together.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    TournamentStatusChanged(StatusChangedData),
    RegistrationCreated(RegistrationData),
    RegistrationWithdrawn(RegistrationData),
    RegistrationCheckedIn(RegistrationData),
    RegistrationPromoted(RegistrationData),
    RegistrationNotAdmitted(RegistrationData),
    MatchReady(MatchData),
    MatchCalled(MatchData),
    MatchStarted(MatchData),
    MatchReported(MatchReportedData),
    MatchDisputed(MatchDisputedData),
    MatchReportClosed(MatchReportClosedData),
    MatchCompleted(MatchData),
    MatchCorrected(MatchCorrectedData),
    Ping(PingData),
}

impl Event {
    pub fn event_type(&self) -> EventType {
        match self {
            Event::TournamentStatusChanged(_) => EventType::TournamentStatusChanged,
            Event::RegistrationCreated(_) => EventType::RegistrationCreated,
            Event::RegistrationWithdrawn(_) => EventType::RegistrationWithdrawn,
            Event::RegistrationCheckedIn(_) => EventType::RegistrationCheckedIn,
            Event::RegistrationPromoted(_) => EventType::RegistrationPromoted,
            Event::RegistrationNotAdmitted(_) => EventType::RegistrationNotAdmitted,
            Event::MatchReady(_) => EventType::MatchReady,
            Event::MatchCalled(_) => EventType::MatchCalled,
            Event::MatchStarted(_) => EventType::MatchStarted,
            Event::MatchReported(_) => EventType::MatchReported,
            Event::MatchDisputed(_) => EventType::MatchDisputed,
            Event::MatchReportClosed(_) => EventType::MatchReportClosed,
            Event::MatchCompleted(_) => EventType::MatchCompleted,
            Event::MatchCorrected(_) => EventType::MatchCorrected,
            Event::Ping(_) => EventType::Ping,
        }
    }

    /// The tournament the event is about (none for `ping`).
    pub fn tournament_id(&self) -> Option<TournamentId> {
        match self {
            Event::TournamentStatusChanged(data) => Some(data.tournament.id),
            Event::RegistrationCreated(data)
            | Event::RegistrationWithdrawn(data)
            | Event::RegistrationCheckedIn(data)
            | Event::RegistrationPromoted(data)
            | Event::RegistrationNotAdmitted(data) => Some(data.tournament.id),
            Event::MatchReady(data)
            | Event::MatchCalled(data)
            | Event::MatchStarted(data)
            | Event::MatchCompleted(data) => Some(data.tournament.id),
            Event::MatchReported(data) => Some(data.tournament.id),
            Event::MatchDisputed(data) => Some(data.tournament.id),
            Event::MatchReportClosed(data) => Some(data.tournament.id),
            Event::MatchCorrected(data) => Some(data.tournament.id),
            Event::Ping(_) => None,
        }
    }

    /// The envelope as sent and signed: exactly `id, type, created_at, data`, in that order.
    pub fn envelope(&self, id: EventId, created_at: i64) -> Result<String, serde_json::Error> {
        self.serialize_envelope(id, created_at, false)
    }

    /// The envelope of an example of this event (`hooks test`): the same four fields, then
    /// `"example": true`, inside the signed body so that a receiver can trust it. Real events
    /// never carry the field.
    pub fn example_envelope(
        &self,
        id: EventId,
        created_at: i64,
    ) -> Result<String, serde_json::Error> {
        self.serialize_envelope(id, created_at, true)
    }

    fn serialize_envelope(
        &self,
        id: EventId,
        created_at: i64,
        example: bool,
    ) -> Result<String, serde_json::Error> {
        serde_json::to_string(&Envelope {
            id,
            event_type: self.event_type(),
            created_at: timestamp::format_ms(created_at),
            data: Data(self),
            example,
        })
    }
}

#[derive(Serialize)]
struct Envelope<'a> {
    id: EventId,
    #[serde(rename = "type")]
    event_type: EventType,
    created_at: String,
    data: Data<'a>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    example: bool,
}

/// An event's payload, serialized without a tag (the envelope's `type` names it).
struct Data<'a>(&'a Event);

impl Serialize for Data<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Event::TournamentStatusChanged(data) => data.serialize(serializer),
            Event::RegistrationCreated(data)
            | Event::RegistrationWithdrawn(data)
            | Event::RegistrationCheckedIn(data)
            | Event::RegistrationPromoted(data)
            | Event::RegistrationNotAdmitted(data) => data.serialize(serializer),
            Event::MatchReady(data)
            | Event::MatchCalled(data)
            | Event::MatchStarted(data)
            | Event::MatchCompleted(data) => data.serialize(serializer),
            Event::MatchReported(data) => data.serialize(serializer),
            Event::MatchDisputed(data) => data.serialize(serializer),
            Event::MatchReportClosed(data) => data.serialize(serializer),
            Event::MatchCorrected(data) => data.serialize(serializer),
            Event::Ping(data) => data.serialize(serializer),
        }
    }
}

/// The tournament object inside event data.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TournamentObject {
    pub id: TournamentId,
    pub slug: String,
    pub name: String,
    pub game: String,
    pub format: Format,
    pub status: TournamentStatus,
    pub url: String,
}

/// The registration object of `registration.*` events.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RegistrationObject {
    pub id: RegistrationId,
    pub participant_id: ParticipantId,
    pub name: String,
    pub status: ParticipantStatus,
    pub created_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub withdrawn_at: Option<String>,
    /// Present once the registrant has checked in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checked_in_at: Option<String>,
    /// A team's players; present only in team tournaments.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roster: Option<Vec<String>>,
}

/// `data` of every `registration.*` event.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RegistrationData {
    pub tournament: TournamentObject,
    pub registration: RegistrationObject,
}

/// A match, as events and the API show it (one serializer for both).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchObject {
    pub id: MatchId,
    pub stage: i64,
    pub bracket: Option<Bracket>,
    pub group: Option<String>,
    pub round: i64,
    pub position: i64,
    pub status: MatchStatus,
    #[serde(flatten)]
    pub sides: Sides,
    pub forfeit: bool,
    pub bye: bool,
    pub scheduled_at: Option<String>,
    pub completed_at: Option<String>,
    /// The station it is called to (or, completed, was played on), by name.
    pub station: Option<String>,
    /// When it was called to its station, and when its players began.
    pub called_at: Option<String>,
    pub started_at: Option<String>,
    /// The earliest time it may be called, once published.
    pub not_before: Option<String>,
    /// A player's open claim of its result (tournaments where players report): `pending`
    /// until the other side answers or the window ends, `disputed` until an organiser
    /// reports; `null` otherwise. Who claimed what is in the `match.*` events only.
    pub claim: Option<ClaimState>,
}

impl MatchObject {
    /// The time published for it (`not_before`), as a time.
    pub fn not_before_ms(&self) -> Option<i64> {
        timestamp::parse(self.not_before.as_deref()?).ok()
    }

    /// When it was called to its station, as a time.
    pub fn called_at_ms(&self) -> Option<i64> {
        timestamp::parse(self.called_at.as_deref()?).ok()
    }
}

/// Two sides with a score, or (free-for-all rounds) every participant's place.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Sides {
    Two {
        a_id: Option<ParticipantId>,
        a_name: Option<String>,
        b_id: Option<ParticipantId>,
        b_name: Option<String>,
        score_a: Option<i64>,
        score_b: Option<i64>,
        winner: Option<Winner>,
    },
    Results {
        results: Vec<ResultObject>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResultObject {
    pub participant_id: ParticipantId,
    pub name: Option<String>,
    pub place: i64,
    pub points: i64,
}

/// `data` of `tournament.status_changed`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatusChangedData {
    pub tournament: TournamentObject,
    pub previous_status: TournamentStatus,
}

/// `data` of `match.ready` (both sides known), `match.called` (called to a station: the match's
/// `station` and `called_at`), `match.started` (its players began: `started_at`) and
/// `match.completed` (a result stands).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchData {
    pub tournament: TournamentObject,
    #[serde(rename = "match")]
    pub game: MatchObject,
}

/// A result as one of a match's players stated it (side a's score first).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatementObject {
    pub participant_id: ParticipantId,
    pub name: String,
    pub score_a: Option<i64>,
    pub score_b: Option<i64>,
    /// The side that forfeited, if the player said one did.
    pub forfeit: Option<Side>,
    pub at: String,
}

/// `data` of `match.reported`: a player's claim, which the other side confirms or disputes by
/// `confirm_by` (then it is confirmed).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchReportedData {
    pub tournament: TournamentObject,
    #[serde(rename = "match")]
    pub game: MatchObject,
    pub report: StatementObject,
    pub confirm_by: String,
}

/// `data` of `match.disputed`: the claim and the other side's own result; an organiser's
/// report decides.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchDisputedData {
    pub tournament: TournamentObject,
    #[serde(rename = "match")]
    pub game: MatchObject,
    pub report: StatementObject,
    pub dispute: StatementObject,
}

/// `data` of `match.report_closed`: a player's claim (and its dispute, if it had one) ended
/// without its result standing, in the write that made it moot: the match's sides changed (a
/// reseed, a correction that reset it), the match was removed, or the tournament's players no
/// longer report. `match` is the match after that write (as it was, when removed).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchReportClosedData {
    pub tournament: TournamentObject,
    #[serde(rename = "match")]
    pub game: MatchObject,
    pub report: StatementObject,
    pub dispute: Option<StatementObject>,
    pub reason: ClaimEnd,
}

/// The result a correction replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PreviousResult {
    pub score_a: Option<i64>,
    pub score_b: Option<i64>,
    pub winner: Option<Winner>,
}

/// `data` of `match.corrected`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchCorrectedData {
    pub tournament: TournamentObject,
    #[serde(rename = "match")]
    pub game: MatchObject,
    pub previous: PreviousResult,
    /// Later matches whose sides or result changed because of the correction.
    pub reset_match_ids: Vec<MatchId>,
}

/// The space object of `ping`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SpaceRef {
    pub id: SpaceId,
    pub slug: String,
}

/// `data` of `ping`, the test event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PingData {
    pub space: SpaceRef,
    pub message: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_envelope_is_id_type_created_at_data() {
        let ping = Event::Ping(PingData {
            space: SpaceRef {
                id: SpaceId::from_raw(3),
                slug: "club".into(),
            },
            message: "hello".into(),
        });
        assert_eq!(ping.event_type(), EventType::Ping);
        assert_eq!(ping.tournament_id(), None);
        assert_eq!(
            ping.envelope(EventId::from_raw(9), 1_764_612_000_000)
                .unwrap(),
            r#"{"id":"evt_9","type":"ping","created_at":"2025-12-01T18:00:00.000Z","data":{"space":{"id":"spc_3","slug":"club"},"message":"hello"}}"#
        );
        assert_eq!(
            ping.example_envelope(EventId::from_raw(9), 1_764_612_000_000)
                .unwrap(),
            r#"{"id":"evt_9","type":"ping","created_at":"2025-12-01T18:00:00.000Z","data":{"space":{"id":"spc_3","slug":"club"},"message":"hello"},"example":true}"#,
            "an example is the same envelope, marked"
        );
    }
}
