//! The shapes of webhook events: the envelope and the objects inside `data`.
//!
//! One serializer per object, used by every writer that appends events, so a receiver sees the
//! same fields whichever command caused the event. Building a payload never touches storage.

use serde::Serialize;

use std::collections::HashMap;

use crate::db::matches::{MatchRow, ResultRow};
use crate::db::participants::ParticipantRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::{
    Bracket, EventType, Format, Locale, MatchStatus, ParticipantStatus, TournamentStatus, Winner,
};
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

/// A match, as events and the API show it (one serializer for both).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchObject {
    pub id: String,
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
}

/// Two sides with a score, or (free-for-all rounds) every participant's place.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Sides {
    Two {
        a_id: Option<String>,
        a_name: Option<String>,
        b_id: Option<String>,
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
    pub participant_id: String,
    pub name: Option<String>,
    pub place: i64,
    pub points: i64,
}

impl MatchObject {
    /// `names` maps participant ids to names; `results` are this match's free-for-all results,
    /// and `free_for_all` says whether the match is a free-for-all round.
    pub fn new(
        row: &MatchRow,
        stage: i64,
        names: &HashMap<i64, String>,
        free_for_all: bool,
        results: &[ResultRow],
    ) -> MatchObject {
        let participant = |id: Option<i64>| {
            (
                id.map(|id| ids::format(ids::Kind::Participant, id)),
                id.and_then(|id| names.get(&id).cloned()),
            )
        };
        let sides = if free_for_all {
            Sides::Results {
                results: results
                    .iter()
                    .filter(|r| r.match_id == row.id)
                    .map(|r| ResultObject {
                        participant_id: ids::format(ids::Kind::Participant, r.participant_id),
                        name: names.get(&r.participant_id).cloned(),
                        place: r.place,
                        points: r.points,
                    })
                    .collect(),
            }
        } else {
            let (a_id, a_name) = participant(row.a_participant_id);
            let (b_id, b_name) = participant(row.b_participant_id);
            Sides::Two {
                a_id,
                a_name,
                b_id,
                b_name,
                score_a: row.score_a,
                score_b: row.score_b,
                winner: row.winner,
            }
        };
        MatchObject {
            id: ids::format(ids::Kind::Match, row.id),
            stage,
            bracket: row.bracket,
            group: row.group_label.clone(),
            round: row.round,
            position: row.position,
            status: row.status,
            sides,
            forfeit: row.forfeit,
            bye: row.bye,
            scheduled_at: row.scheduled_at.map(timestamp::format_ms),
            completed_at: row.completed_at.map(timestamp::format_ms),
        }
    }
}

/// `data` of `tournament.status_changed`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatusChangedData {
    pub tournament: TournamentObject,
    pub previous_status: TournamentStatus,
}

/// `data` of `match.completed`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchCompletedData {
    pub tournament: TournamentObject,
    #[serde(rename = "match")]
    pub game: MatchObject,
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
    pub reset_match_ids: Vec<String>,
}

/// The space object of `ping`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SpaceRef {
    pub id: String,
    pub slug: String,
}

/// `data` of `ping`, the test event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PingData {
    pub space: SpaceRef,
    pub message: String,
}
