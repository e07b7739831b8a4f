//! What the public pages (widgets and the portal) read: published tournaments only. This is
//! where their visibility is decided (`domain::is_published`); a draft or test tournament is
//! simply absent, exactly like an unknown slug, so no page can tell them apart. Nothing here
//! reads a player's email address.

use std::collections::HashMap;

use crate::db::participants::ParticipantRow;
use crate::db::spaces::{self, SpaceRow};
use crate::db::stages::{self, StageRow};
use crate::db::store::Snapshot;
use crate::db::tournaments::{self, TournamentRow};
use crate::db::{Conn, DbError, participants};
use crate::domain::{Side, StageType, is_published};
use crate::events::MatchObject;
use crate::ids::{MatchId, ParticipantId};

use super::StandingsRecord;

/// The tournament `slug` if it is published.
pub async fn published_tournament(
    conn: Conn<'_>,
    slug: &str,
) -> Result<Option<TournamentRow>, DbError> {
    Ok(tournaments::find_by_slug(conn, slug)
        .await?
        .filter(|t| is_published(t.status, t.test)))
}

/// How full a tournament is: places taken in the field, and how many wait for one.
#[derive(Debug, Clone, Copy)]
pub struct Places {
    pub taken: i64,
    pub waiting: usize,
}

/// How many participants hold a place (withdrawn and waiting ones do not), and how many wait.
pub async fn places(conn: Conn<'_>, tournament: &TournamentRow) -> Result<Places, DbError> {
    let (taken, waiting) = participants::count_places(conn, tournament.id).await?;
    Ok(Places {
        taken,
        waiting: usize::try_from(waiting).unwrap_or(0),
    })
}

/// Everything a bracket page draws: stages, matches in order, and for groups-then-playoffs the
/// group tables.
pub struct BracketData {
    pub stages: Vec<StageRow>,
    pub matches: Vec<MatchObject>,
    /// Where each awaited side comes from: the match whose winner (or loser) it gets.
    pub feeds: HashMap<(MatchId, Side), Feed>,
    /// Each seeded participant's seed in each stage (by stage number): the first stage's are
    /// the tournament's seeds, a later stage's its own (drawn from the stage before).
    pub seeds: HashMap<(i64, ParticipantId), i64>,
    pub group_standings: Option<StandingsRecord>,
}

/// The match a side gets its participant from, and whether it gets that match's loser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Feed {
    pub from: MatchId,
    pub loser: bool,
}

/// The matches of `tournament` as events show them, with where each side comes from and every
/// participant's seed in each stage.
async fn bracket_matches(
    mut conn: Conn<'_>,
    tournament: &TournamentRow,
) -> Result<
    (
        Vec<MatchObject>,
        HashMap<(MatchId, Side), Feed>,
        HashMap<(i64, ParticipantId), i64>,
    ),
    DbError,
> {
    let stage_rows = stages::list(conn.reborrow(), tournament.id).await?;
    let entrants = match stage_rows.len() > 1 {
        true => stages::list_entrants(conn.reborrow(), tournament.id).await?,
        false => Vec::new(),
    };
    let super::MatchesAndField {
        matches,
        rows,
        field,
    } = super::matches_and_field(conn, tournament).await?;
    let mut seeds: HashMap<(i64, ParticipantId), i64> = field
        .iter()
        .filter_map(|p| Some(((1, p.id), p.seed?)))
        .collect();
    for entrant in &entrants {
        if let Some(stage) = stage_rows.iter().find(|s| s.id == entrant.stage_id) {
            seeds.insert((stage.number, entrant.participant_id), entrant.seed);
        }
    }
    let mut feeds = HashMap::new();
    for row in &rows {
        for (to, slot, loser) in [
            (row.winner_to_match_id, row.winner_to_slot, false),
            (row.loser_to_match_id, row.loser_to_slot, true),
        ] {
            if let (Some(to), Some(slot)) = (to, slot) {
                feeds.insert(
                    (to, slot),
                    Feed {
                        from: row.id,
                        loser,
                    },
                );
            }
        }
    }
    Ok((matches, feeds, seeds))
}

pub async fn bracket(
    mut conn: Conn<'_>,
    tournament: &TournamentRow,
) -> Result<BracketData, DbError> {
    let stages = stages::list(conn.reborrow(), tournament.id).await?;
    let (matches, feeds, seeds) = bracket_matches(conn.reborrow(), tournament).await?;
    // Only the group tables need the engine's state; other brackets are drawn from the matches.
    let grouped = stages.iter().any(|s| s.stage_type == StageType::Groups);
    let group_standings = if grouped {
        let snapshot = Snapshot::load(conn, tournament.clone()).await?;
        Some(StandingsRecord::groups(&snapshot.state, &snapshot.names()))
    } else {
        None
    };
    Ok(BracketData {
        stages,
        matches,
        feeds,
        seeds,
        group_standings,
    })
}

/// The space `slug` and its published tournaments, or `None` for an unknown space.
pub async fn published_in_space(
    mut conn: Conn<'_>,
    slug: &str,
) -> Result<Option<(SpaceRow, Vec<TournamentRow>)>, DbError> {
    let Some(space) = spaces::find_by_slug(conn.reborrow(), slug).await? else {
        return Ok(None);
    };
    let rows = tournaments::list_for_space(conn, space.id)
        .await?
        .into_iter()
        .filter(|t| is_published(t.status, t.test))
        .collect();
    Ok(Some((space, rows)))
}

/// Every space with at least one published tournament, by slug, with those tournaments.
pub async fn spaces_with_published(
    mut conn: Conn<'_>,
) -> Result<Vec<(SpaceRow, Vec<TournamentRow>)>, DbError> {
    let mut found = Vec::new();
    for space in spaces::list(conn.reborrow()).await? {
        let published: Vec<TournamentRow> = tournaments::list_for_space(conn.reborrow(), space.id)
            .await?
            .into_iter()
            .filter(|t| is_published(t.status, t.test))
            .collect();
        if !published.is_empty() {
            found.push((space, published));
        }
    }
    Ok(found)
}

/// Everything a tournament's portal page shows.
pub struct TournamentPage {
    pub space: SpaceRow,
    /// The field: everyone neither withdrawn nor waiting, by seed then name.
    pub participants: Vec<ParticipantRow>,
    /// The waiting list, first in line first.
    pub waiting: Vec<ParticipantRow>,
    /// Check-in, teams, waiting list.
    pub entry: crate::domain::entry::Entry,
    pub bracket: BracketData,
    pub standings: StandingsRecord,
    /// The tournament's stages as planned, first to last.
    pub plan: Vec<crate::domain::engine::StageSpec>,
    /// The tables of its completed league stages (a Swiss, a round robin) when it has several
    /// stages: the places across stages do not keep their points and tie-breaks, these do.
    pub stage_tables: Vec<(String, StandingsRecord)>,
}

/// The portal page's data of a published tournament.
pub async fn tournament_page(
    mut conn: Conn<'_>,
    tournament: &TournamentRow,
) -> Result<TournamentPage, DbError> {
    let space = spaces::find(conn.reborrow(), tournament.space_id)
        .await?
        .ok_or_else(|| DbError::Corrupt(format!("the space of {} is missing", tournament.id)))?;
    let snapshot = Snapshot::load(conn.reborrow(), tournament.clone()).await?;
    let standings = StandingsRecord::new(&snapshot.state, &snapshot.names());
    let group_standings = snapshot
        .state
        .stages
        .iter()
        .any(|s| s.stage_type == StageType::Groups)
        .then(|| StandingsRecord::groups(&snapshot.state, &snapshot.names()));
    let (matches, feeds, seeds) = bracket_matches(conn.reborrow(), tournament).await?;
    let mut waiting: Vec<ParticipantRow> = snapshot
        .participants
        .iter()
        .filter(|p| p.status == crate::domain::ParticipantStatus::Waiting)
        .cloned()
        .collect();
    waiting.sort_by_key(|p| p.id);
    let names = snapshot.names();
    let participants = snapshot
        .participants
        .clone()
        .into_iter()
        .filter(|p| p.status.in_field())
        .collect();
    let plan = crate::domain::engine::plan(tournament.format, &snapshot.state.settings);
    let stage_tables = match snapshot.state.stages.len() > 1 {
        false => Vec::new(),
        true => snapshot
            .state
            .stages
            .iter()
            .filter(|s| {
                s.status == crate::domain::StageStatus::Completed
                    && matches!(s.stage_type, StageType::Swiss | StageType::RoundRobin)
            })
            .filter_map(|s| {
                let name = plan.get(s.number as usize - 1)?.name.clone();
                let record = StandingsRecord::of_stage(&snapshot.state, s.number, &names)?;
                Some((name, record))
            })
            .collect(),
    };
    Ok(TournamentPage {
        plan,
        stage_tables,
        space,
        participants,
        waiting,
        entry: tournament.entry()?,
        bracket: BracketData {
            stages: snapshot.stages,
            matches,
            feeds,
            seeds,
            group_standings,
        },
        standings,
    })
}

/// The participant a withdrawal link names (by the link's hash) and their tournament, if the
/// link is still good.
pub async fn withdrawal(
    mut conn: Conn<'_>,
    hash: &str,
) -> Result<Option<(ParticipantRow, TournamentRow)>, DbError> {
    let Some(participant) = participants::find_by_withdrawal(conn.reborrow(), hash).await? else {
        return Ok(None);
    };
    let tournament = tournaments::find(conn, participant.tournament_id).await?;
    Ok(tournament.map(|t| (participant, t)))
}
