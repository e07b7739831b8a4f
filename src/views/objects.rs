//! The objects of events and API answers (`events::TournamentObject`, `MatchObject`,
//! `RegistrationObject`) built from stored rows. The one place rows become those shapes, so an
//! event and the API show a tournament or a match the same way.

use std::collections::HashMap;

use crate::db::DbError;
use crate::db::matches::{MatchRow, ResultRow};
use crate::db::participants::ParticipantRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::Locale;
use crate::events::{MatchObject, RegistrationObject, ResultObject, Sides, TournamentObject};
use crate::ids::ParticipantId;
use crate::links::BaseUrl;
use crate::timestamp;

/// `locale` is the space's default locale, which portal links use.
pub fn tournament(row: &TournamentRow, locale: Locale, base_url: &BaseUrl) -> TournamentObject {
    TournamentObject {
        id: row.id,
        slug: row.slug.clone(),
        name: row.name.clone(),
        game: row.game.clone(),
        format: row.format,
        status: row.status,
        url: base_url.tournament_page(locale, &row.slug),
    }
}

pub fn registration(participant: &ParticipantRow) -> Result<RegistrationObject, DbError> {
    Ok(RegistrationObject {
        id: participant.id.registration(),
        participant_id: participant.id,
        name: participant.name.clone(),
        status: participant.status,
        created_at: timestamp::format_ms(participant.registered_at),
        withdrawn_at: participant.withdrawn_at.map(timestamp::format_ms),
        checked_in_at: participant.checked_in_at.map(timestamp::format_ms),
        roster: participant
            .roster
            .is_some()
            .then(|| participant.roster())
            .transpose()?,
    })
}

/// What a match object needs besides its row: the stage's number, whether it is a
/// free-for-all round, its results, the participants' names and any open claim.
pub struct MatchContext<'a> {
    pub stage: i64,
    pub free_for_all: bool,
    pub results: &'a [ResultRow],
    pub names: &'a HashMap<ParticipantId, String>,
    /// A player's open claim of its result, if any.
    pub claim: Option<crate::domain::ClaimState>,
    /// The names of the space's stations, removed ones too.
    pub stations: &'a HashMap<crate::ids::StationId, String>,
}

pub fn game(row: &MatchRow, context: &MatchContext<'_>) -> MatchObject {
    let names = context.names;
    let side = |id: Option<ParticipantId>| (id, id.and_then(|id| names.get(&id).cloned()));
    let sides = if context.free_for_all {
        Sides::Results {
            results: context
                .results
                .iter()
                .map(|r| ResultObject {
                    participant_id: r.participant_id,
                    name: names.get(&r.participant_id).cloned(),
                    place: r.place,
                    points: r.points,
                })
                .collect(),
        }
    } else {
        let (a_id, a_name) = side(row.a_participant_id);
        let (b_id, b_name) = side(row.b_participant_id);
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
        id: row.id,
        stage: context.stage,
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
        station: row
            .station_id
            .and_then(|id| context.stations.get(&id).cloned()),
        called_at: row.called_at.map(timestamp::format_ms),
        started_at: row.started_at.map(timestamp::format_ms),
        not_before: row.not_before.map(timestamp::format_ms),
        claim: context.claim,
    }
}
