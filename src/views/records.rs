//! The API's records (docs/api.md): field names and order are the contract with integrators, and
//! `docs/openapi.json` describes them. Times are ISO 8601 UTC with milliseconds; a field that is
//! always present is `null` when unknown.

use crate::domain::self_report::SelfReport;
use serde::Serialize;

use crate::db::DbError;
use crate::db::participants::ParticipantRow;
use crate::db::spaces::SpaceRow;
use crate::db::stages::StageRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::engine::{StageSpec, Take};
use crate::domain::entry::{CheckIn, Teams};
use crate::domain::{
    Format, Locale, NoShow, ParticipantStatus, StageStatus, StageType, TournamentStatus,
};
use crate::ids::{MatchId, ParticipantId, SpaceId, StationId, TournamentId};
use crate::links::BaseUrl;
use crate::timestamp;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OrganizationRecord {
    pub id: SpaceId,
    pub slug: String,
    pub name: String,
    pub locale: Locale,
    pub url: String,
    pub calendar_url: String,
    pub created_at: String,
}

/// An element of `GET /tournaments`: the specification's fields, plus `format`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ListItem {
    pub slug: String,
    pub name: String,
    pub game: String,
    pub format: Format,
    pub status: TournamentStatus,
    pub registered: i64,
    pub max_participants: i64,
    pub starts_at: String,
    pub url: String,
}

impl ListItem {
    pub fn new(
        tournament: &TournamentRow,
        registered: i64,
        space: &SpaceRow,
        base_url: &BaseUrl,
    ) -> ListItem {
        ListItem {
            slug: tournament.slug.clone(),
            name: tournament.name.clone(),
            game: tournament.game.clone(),
            format: tournament.format,
            status: tournament.status,
            registered,
            max_participants: tournament.max_participants,
            starts_at: timestamp::format_ms(tournament.starts_at),
            url: base_url.tournament_page(space.locale, &tournament.slug),
        }
    }
}

/// `GET /tournaments/{slug}`: the list item's fields and the rest of the tournament.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DetailRecord {
    #[serde(flatten)]
    pub item: ListItem,
    pub id: TournamentId,
    pub description: Option<String>,
    pub test: bool,
    pub published: bool,
    pub registration_opens_at: Option<String>,
    pub registration_closes_at: Option<String>,
    pub ends_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    /// `null` without check-in.
    pub check_in: Option<CheckInRecord>,
    /// `null` when the tournament takes players, not teams.
    pub teams: Option<TeamsRecord>,
    /// `null` without a waiting list.
    pub waiting_list: Option<WaitingListRecord>,
    /// `null` when only organisers report results.
    pub self_report: Option<SelfReportRecord>,
    /// The stations it plays on, by name, in the order calls prefer them.
    pub stations: Vec<String>,
    /// The room's times; `null` when it plays on no station (nothing is called).
    pub schedule: Option<ScheduleRecord>,
    pub stages: Vec<StageRecord>,
    pub participants: Vec<ParticipantRecord>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckInRecord {
    pub opens_at: String,
    pub closes_at: String,
    pub no_show: NoShow,
    /// When its result was applied; `null` until then.
    pub closed_at: Option<String>,
}

impl CheckInRecord {
    pub fn new(tournament: &TournamentRow, window: &CheckIn) -> CheckInRecord {
        CheckInRecord {
            opens_at: timestamp::format_ms(window.opens_at(tournament.starts_at)),
            closes_at: timestamp::format_ms(window.closes_at(tournament.starts_at)),
            no_show: window.no_show,
            closed_at: tournament.check_in_processed_at.map(timestamp::format_ms),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamsRecord {
    pub min_players: u32,
    pub max_players: u32,
    pub incomplete_rosters: bool,
}

impl TeamsRecord {
    pub fn new(teams: &Teams) -> TeamsRecord {
        TeamsRecord {
            min_players: teams.min,
            max_players: teams.max,
            incomplete_rosters: teams.incomplete,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WaitingListRecord {
    /// How many may wait.
    pub length: u32,
    /// How many wait now.
    pub waiting: i64,
}

/// Players report their matches: one claims, the other confirms or disputes within the window.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SelfReportRecord {
    /// `confirm`: a claim stands once the opponent confirms it or the window ends.
    pub mode: &'static str,
    pub confirm_within_seconds: i64,
}

impl SelfReportRecord {
    pub fn new(self_report: SelfReport) -> Option<SelfReportRecord> {
        match self_report {
            SelfReport::Off => None,
            SelfReport::Confirm { within_ms } => Some(SelfReportRecord {
                mode: "confirm",
                confirm_within_seconds: within_ms / 1000,
            }),
        }
    }
}

/// The room's times of a tournament on stations, in seconds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScheduleRecord {
    pub match_duration_seconds: i64,
    pub rest_seconds: i64,
    pub no_show_after_seconds: i64,
}

impl ScheduleRecord {
    pub fn new(tournament: &TournamentRow) -> Option<ScheduleRecord> {
        tournament.stations.map(|_| ScheduleRecord {
            match_duration_seconds: tournament.match_duration / 1000,
            rest_seconds: tournament.rest_between / 1000,
            no_show_after_seconds: tournament.no_show_after / 1000,
        })
    }
}

/// `GET /stations`: a station of the key's space, with the match it holds (`null`: free).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StationRecord {
    pub id: StationId,
    pub name: String,
    /// Paused: nothing new is called to it.
    pub paused: bool,
    #[serde(rename = "match")]
    pub holds: Option<HeldMatchRecord>,
}

/// The match a station holds: called since `called_at`, played since `started_at` (`null`:
/// its players are not there yet).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeldMatchRecord {
    pub id: MatchId,
    pub tournament: String,
    pub a_id: Option<ParticipantId>,
    pub a_name: Option<String>,
    pub b_id: Option<ParticipantId>,
    pub b_name: Option<String>,
    pub called_at: String,
    pub started_at: Option<String>,
}

/// One stage, as planned and as played: `take`/`per_group` say how it is fed from the stage
/// before (both `null` for the first), `players` how many it was drawn with (`null` until then).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StageRecord {
    pub number: i64,
    #[serde(rename = "type")]
    pub stage_type: StageType,
    pub name: String,
    pub status: StageStatus,
    pub take: Option<u32>,
    pub per_group: Option<u32>,
    pub players: Option<usize>,
    pub third_place: bool,
    pub groups: Option<u32>,
    pub rounds: Option<u32>,
    pub advance_wins: Option<u32>,
    pub eliminate_losses: Option<u32>,
}

impl StageRecord {
    /// Stage `number` as `spec` plans it and `row` (once the tournament has started) plays it.
    pub fn new(
        number: usize,
        spec: &StageSpec,
        row: Option<&StageRow>,
        players: Option<usize>,
    ) -> StageRecord {
        StageRecord {
            number: number as i64,
            stage_type: spec.stage_type,
            name: row.map_or_else(|| spec.name.clone(), |r| r.name.clone()),
            status: row.map_or(StageStatus::Pending, |r| r.status),
            take: match spec.take {
                Some(Take::Best(n)) => Some(n),
                _ => None,
            },
            per_group: match spec.take {
                Some(Take::PerGroup(m)) => Some(m),
                _ => None,
            },
            players: players.filter(|&n| n > 0),
            third_place: spec.third_place,
            groups: spec.groups,
            rounds: spec.rounds,
            advance_wins: spec.thresholds.map(|t| t.advance_wins),
            eliminate_losses: spec.thresholds.map(|t| t.eliminate_losses),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParticipantRecord {
    pub id: ParticipantId,
    pub name: String,
    pub seed: Option<i64>,
    /// Final place, `null` until decided; `place_to` ends a shared range (3–4, 5–8).
    pub place: Option<i64>,
    pub place_to: Option<i64>,
    pub status: ParticipantStatus,
    pub registered_at: String,
    /// `null` until they check in.
    pub checked_in_at: Option<String>,
    /// A team's players; `null` outside team tournaments.
    pub roster: Option<Vec<String>>,
    /// Their place on the waiting list, from 1; `null` unless `status` is `waiting`.
    pub waiting_position: Option<i64>,
}

impl ParticipantRecord {
    pub fn new(
        row: &ParticipantRow,
        waiting_position: Option<i64>,
    ) -> Result<ParticipantRecord, DbError> {
        Ok(ParticipantRecord {
            id: row.id,
            name: row.name.clone(),
            seed: row.seed,
            place: row.place,
            place_to: row.place_to,
            status: row.status,
            registered_at: timestamp::format_ms(row.registered_at),
            checked_in_at: row.checked_in_at.map(timestamp::format_ms),
            roster: row.roster.is_some().then(|| row.roster()).transpose()?,
            waiting_position,
        })
    }
}
