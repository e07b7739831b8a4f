//! What readers see: the records of the read API and the data of the widget pages, built from
//! the stored data. One function per resource; each reads in one go and returns plain serializable records.
//!
//! Views never write and never decide visibility: callers pass the space a reader may see, and a
//! tournament of another space is simply not found. The one exception is [`widgets`], which keeps
//! only published tournaments, because widgets are public.

pub mod objects;
pub mod public;
mod records;
mod standings;

pub use records::*;
pub use standings::{GroupRecord, PlaceRecord, StandingsRecord, TableRecord, TiebreakerRecord};

use std::collections::HashMap;

use crate::db::matches::{self as match_rows, ResultRow};
use crate::db::spaces::SpaceRow;
use crate::db::store::Snapshot;
use crate::db::tournaments::TournamentRow;
use crate::db::{Conn, DbError, claims, participants, stages, tournaments};
use crate::domain::{ClaimState, ParticipantStatus, StageType, TournamentStatus, is_published};
use crate::events::MatchObject;
use crate::ids::{MatchId, ParticipantId};
use crate::links::BaseUrl;
use crate::timestamp;

/// `GET /organization`.
pub fn organization(space: &SpaceRow, base_url: &BaseUrl) -> OrganizationRecord {
    OrganizationRecord {
        id: space.id,
        slug: space.slug.clone(),
        name: space.name.clone(),
        locale: space.locale,
        url: base_url.space_page(space.locale, &space.slug),
        calendar_url: base_url.calendar_widget(space.locale, &space.slug),
        created_at: timestamp::format_ms(space.created_at),
    }
}

/// Filters of `GET /tournaments`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ListFilter {
    pub status: Option<TournamentStatus>,
    pub game: Option<String>,
    /// `/standings?stage=N`: one stage's standings.
    pub stage: Option<u32>,
}

/// `GET /tournaments`: the space's tournaments, soonest first.
pub async fn tournaments(
    mut conn: Conn<'_>,
    space: &SpaceRow,
    filter: &ListFilter,
    base_url: &BaseUrl,
) -> Result<Vec<ListItem>, DbError> {
    let rows = tournaments::list_for_space(conn.reborrow(), space.id).await?;
    let counts = participants::count_in_field_by_tournament(conn, space.id).await?;
    Ok(rows
        .iter()
        .filter(|t| {
            filter.status.is_none_or(|s| t.status == s)
                && filter.game.as_deref().is_none_or(|g| t.game == g)
        })
        .map(|t| ListItem::new(t, counts.get(&t.id).copied().unwrap_or(0), space, base_url))
        .collect())
}

/// The tournament `slug` if it belongs to `space`; any other tournament is not found.
pub async fn find_in_space(
    conn: Conn<'_>,
    space: &SpaceRow,
    slug: &str,
) -> Result<Option<TournamentRow>, DbError> {
    Ok(tournaments::find_by_slug(conn, slug)
        .await?
        .filter(|t| t.space_id == space.id))
}

/// `GET /tournaments/{slug}`.
pub async fn tournament(
    mut conn: Conn<'_>,
    space: &SpaceRow,
    tournament: &TournamentRow,
    base_url: &BaseUrl,
) -> Result<DetailRecord, DbError> {
    let people = participants::list(conn.reborrow(), tournament.id).await?;
    let stage_rows = stages::list(conn.reborrow(), tournament.id).await?;
    let plans = stages::list_plans(conn.reborrow(), tournament.id).await?;
    let drawn = if stage_rows.len() > 1 {
        stages::list_entrants(conn.reborrow(), tournament.id).await?
    } else {
        Vec::new()
    };
    let serving = crate::db::stations::serving(conn, tournament.id).await?;
    let specs = crate::db::store::stage_specs(tournament, &plans)?;
    let registered = people.iter().filter(|p| p.status.in_field()).count() as i64;
    let entry = tournament.entry()?;
    // The waiting list in its order: first in line first.
    let mut waiting: Vec<_> = people
        .iter()
        .filter(|p| p.status == ParticipantStatus::Waiting)
        .map(|p| p.id)
        .collect();
    waiting.sort();
    Ok(DetailRecord {
        item: ListItem::new(tournament, registered, space, base_url),
        id: tournament.id,
        description: tournament.description.clone(),
        test: tournament.test,
        published: is_published(tournament.status, tournament.test),
        registration_opens_at: tournament.registration_opens_at.map(timestamp::format_ms),
        registration_closes_at: tournament.registration_closes_at.map(timestamp::format_ms),
        ends_at: tournament.ends_at.map(timestamp::format_ms),
        created_at: timestamp::format_ms(tournament.created_at),
        updated_at: timestamp::format_ms(tournament.updated_at),
        stages: specs
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let row = stage_rows.iter().find(|r| r.number == i as i64 + 1);
                let players = match (i, row) {
                    (_, None) => None,
                    (0, Some(_)) => usize::try_from(registered).ok(),
                    (_, Some(row)) => Some(drawn.iter().filter(|e| e.stage_id == row.id).count()),
                };
                StageRecord::new(i + 1, spec, row, players)
            })
            .collect(),
        check_in: entry
            .check_in
            .map(|window| CheckInRecord::new(tournament, &window)),
        teams: entry.teams.as_ref().map(TeamsRecord::new),
        waiting_list: entry.waiting_list.map(|length| WaitingListRecord {
            length,
            waiting: i64::try_from(waiting.len()).unwrap_or(i64::MAX),
        }),
        self_report: SelfReportRecord::new(tournament.self_report()),
        stations: serving.into_iter().map(|s| s.name).collect(),
        schedule: records::ScheduleRecord::new(tournament),
        participants: people
            .iter()
            .map(|p| {
                let position = waiting.iter().position(|w| *w == p.id);
                ParticipantRecord::new(p, position.map(|i| i as i64 + 1))
            })
            .collect::<Result<_, _>>()?,
    })
}

/// `GET /stations`: the space's stations in the order calls prefer them, each with the match
/// it holds.
pub async fn stations(
    mut conn: Conn<'_>,
    space: &SpaceRow,
) -> Result<Vec<records::StationRecord>, DbError> {
    let rows = crate::db::stations::list(conn.reborrow(), space.id).await?;
    let mut holdings = crate::db::stations::holdings(conn, space.id).await?;
    Ok(rows
        .into_iter()
        .map(|row| records::StationRecord {
            holds: holdings.remove(&row.id).map(|h| records::HeldMatchRecord {
                id: h.match_id,
                tournament: h.tournament_slug,
                a_id: h.a_participant_id,
                a_name: h.a_name,
                b_id: h.b_participant_id,
                b_name: h.b_name,
                called_at: timestamp::format_ms(h.called_at),
                started_at: h.started_at.map(timestamp::format_ms),
            }),
            id: row.id,
            name: row.name,
            paused: row.paused,
        })
        .collect())
}

/// `GET /tournaments/{slug}/matches`, in order: stage, bracket, group, round, position.
pub async fn tournament_matches(
    conn: Conn<'_>,
    tournament: &TournamentRow,
) -> Result<Vec<MatchObject>, DbError> {
    Ok(matches_and_field(conn, tournament).await?.matches)
}

/// A tournament's matches as events show them, each with the row it was read from (its bracket
/// wiring: where its winner and loser go), in the same order.
pub async fn tournament_matches_and_rows(
    conn: Conn<'_>,
    tournament: &TournamentRow,
) -> Result<(Vec<MatchObject>, Vec<match_rows::MatchRow>), DbError> {
    let read = matches_and_field(conn, tournament).await?;
    Ok((read.matches, read.rows))
}

/// A tournament's matches as events show them, with the rows and the field they were read from.
struct MatchesAndField {
    matches: Vec<MatchObject>,
    rows: Vec<match_rows::MatchRow>,
    field: Vec<participants::ParticipantRow>,
}

async fn matches_and_field(
    mut conn: Conn<'_>,
    tournament: &TournamentRow,
) -> Result<MatchesAndField, DbError> {
    let rows = match_rows::list(conn.reborrow(), tournament.id).await?;
    let field = participants::list(conn.reborrow(), tournament.id).await?;
    let names: HashMap<ParticipantId, String> =
        field.iter().map(|p| (p.id, p.name.clone())).collect();
    let objects = MatchObjects::load(conn, tournament, &names).await?;
    Ok(MatchesAndField {
        matches: rows.iter().map(|row| objects.object(row)).collect(),
        rows,
        field,
    })
}

/// One match of a tournament, as events show it; `None` if the tournament has no such match.
pub async fn tournament_match(
    mut conn: Conn<'_>,
    tournament: &TournamentRow,
    id: MatchId,
    names: &HashMap<ParticipantId, String>,
) -> Result<Option<MatchObject>, DbError> {
    let Some(row) = match_rows::find(conn.reborrow(), id)
        .await?
        .filter(|row| row.tournament_id == tournament.id)
    else {
        return Ok(None);
    };
    let objects = MatchObjects::load(conn, tournament, names).await?;
    Ok(Some(objects.object(&row)))
}

/// What turns a tournament's match rows into match objects: its stages, free-for-all results by
/// match, the participants' names and the open claims.
struct MatchObjects<'a> {
    stages: HashMap<crate::ids::StageId, (i64, bool)>,
    results: HashMap<MatchId, Vec<ResultRow>>,
    names: &'a HashMap<ParticipantId, String>,
    claims: HashMap<MatchId, ClaimState>,
    stations: HashMap<crate::ids::StationId, String>,
}

impl<'a> MatchObjects<'a> {
    async fn load(
        mut conn: Conn<'_>,
        tournament: &TournamentRow,
        names: &'a HashMap<ParticipantId, String>,
    ) -> Result<MatchObjects<'a>, DbError> {
        let stages = stages::list(conn.reborrow(), tournament.id)
            .await?
            .into_iter()
            .map(|s| (s.id, (s.number, s.stage_type == StageType::FreeForAll)))
            .collect();
        let mut results: HashMap<MatchId, Vec<ResultRow>> = HashMap::new();
        for result in match_rows::list_results(conn.reborrow(), tournament.id).await? {
            results.entry(result.match_id).or_default().push(result);
        }
        let stations = crate::db::stations::names(conn.reborrow(), tournament.space_id).await?;
        let claims = claims::of_tournament(conn, tournament.id)
            .await?
            .into_iter()
            .map(|claim| {
                let state = match claim.disputed_at {
                    Some(_) => ClaimState::Disputed,
                    None => ClaimState::Pending,
                };
                (claim.match_id, state)
            })
            .collect();
        Ok(MatchObjects {
            stages,
            results,
            names,
            claims,
            stations,
        })
    }

    fn object(&self, row: &match_rows::MatchRow) -> MatchObject {
        let (stage, free_for_all) = self
            .stages
            .get(&row.stage_id)
            .copied()
            .unwrap_or((1, false));
        let context = objects::MatchContext {
            stage,
            free_for_all,
            results: self.results.get(&row.id).map_or(&[][..], Vec::as_slice),
            names: self.names,
            claim: self.claims.get(&row.id).copied(),
            stations: &self.stations,
        };
        objects::game(row, &context)
    }
}

/// `GET /tournaments/{slug}/standings`.
pub async fn tournament_standings(
    conn: Conn<'_>,
    tournament: &TournamentRow,
) -> Result<StandingsRecord, DbError> {
    let snapshot = Snapshot::load(conn, tournament.clone()).await?;
    Ok(StandingsRecord::new(&snapshot.state, &snapshot.names()))
}

/// `GET /tournaments/{slug}/standings?stage=N`: one stage's standings, `None` while the stage is
/// not drawn (or the tournament has no such stage).
pub async fn stage_standings(
    conn: Conn<'_>,
    tournament: &TournamentRow,
    number: u32,
) -> Result<Option<StandingsRecord>, DbError> {
    let snapshot = Snapshot::load(conn, tournament.clone()).await?;
    let drawn = snapshot
        .state
        .stage(number)
        .is_some_and(|s| !s.field.is_empty());
    Ok(drawn
        .then(|| StandingsRecord::of_stage(&snapshot.state, number, &snapshot.names()))
        .flatten())
}
