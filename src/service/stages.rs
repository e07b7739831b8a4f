//! A tournament's stages: adding a stage after the tournament's own (before the start), removing
//! the last one added, and reseeding a drawn stage before its first result.
//!
//! The engine decides what may follow what ([`engine::check_stages`]) and draws each stage when
//! the one before completes; this module only stores the plan and the organiser's reseeding,
//! audited. It never draws a stage itself.

use super::access::Duty;
use super::audit::{self, Action};
use super::error::{Conflict, Field, Rule, ServiceError};
use super::spaces::one_line;
use super::{Ctx, find_tournament_for_update};
use crate::db::Db;
use crate::db::stages::{self as stage_rows, NewStagePlan};
use crate::db::store::{Snapshot, stage_specs};
use crate::domain::engine::{
    self, EngineError, StageSpec, Take, Thresholds, default_name, first_stage_type, plan,
};
use crate::domain::{Format, StageStatus, TournamentStatus};
use crate::ids::ParticipantId;

/// The longest stage name.
pub const STAGE_NAME_MAX_CHARS: usize = 60;

/// A stage to add after the tournament's last.
#[derive(Debug, Clone)]
pub struct NewStage {
    pub format: Format,
    /// Shown on pages; the format's default ("Playoff", "Swiss") when `None`.
    pub name: Option<String>,
    pub third_place: bool,
    /// A round robin in groups.
    pub groups: Option<u32>,
    pub rounds: Option<u32>,
    pub thresholds: Option<Thresholds>,
    pub take: Take,
}

/// A stage of a tournament as planned, with its number (1 = the tournament's own), and once
/// the tournament has started its status and how many play it (0 until drawn).
#[derive(Debug, Clone)]
pub struct PlannedStage {
    pub number: u32,
    pub spec: StageSpec,
    pub status: Option<StageStatus>,
    pub players: usize,
    /// Its players in their seed order, once drawn.
    pub field: Vec<ParticipantId>,
    /// Drawn, after the first, and without a result yet: it may be reseeded.
    pub reseedable: bool,
}

/// Adds a stage after the tournament's last one. Only before the start.
/// `seen`: how many stages the caller's page showed; when given and the plan changed since
/// (another organiser added or removed one), nothing changes.
pub async fn add(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    stage: &NewStage,
    seen: Option<usize>,
) -> Result<PlannedStage, ServiceError> {
    let name = stage
        .name
        .as_deref()
        .map(|n| one_line(Field::Name, n, STAGE_NAME_MAX_CHARS))
        .transpose()?;
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Organise).await?;
    refuse_after_start(tournament.status, &tournament.slug)?;
    let plans = stage_rows::list_plans(tx.conn(), tournament.id).await?;
    let refused = |error: EngineError| Rule::Stages {
        tournament: tournament.slug.clone(),
        error,
    };
    let stage_type = match stage.format {
        Format::GroupsPlayoffs => {
            return Err(refused(EngineError::BadSettings(
                "groups then playoffs is two stages: add --format round_robin --groups N, then the playoff"
                    .into(),
            ))
            .into());
        }
        Format::RoundRobin if stage.groups.is_none_or(|g| g <= 1) => {
            first_stage_type(Format::RoundRobin, None)
        }
        format => first_stage_type(format, stage.groups),
    };
    let mut stages = stage_specs(&tournament, &plans)?;
    refuse_unseen(&tournament.slug, stages.len(), seen)?;
    let number = stages.len() as u32 + 1;
    let spec = StageSpec {
        stage_type,
        name: name
            .map(str::to_owned)
            .unwrap_or_else(|| default_name(stage_type, number).to_owned()),
        third_place: stage.third_place,
        groups: stage.groups,
        rounds: stage.rounds,
        thresholds: stage.thresholds,
        take: Some(stage.take),
    };
    stages.push(spec.clone());
    // The field can be no larger than the capacity: a plan that fails with it fails with any.
    engine::check_stages(&stages, tournament.max_participants.max(0) as usize).map_err(refused)?;
    let position = plans.len() as i64 + 1;
    let (take, per_group) = match stage.take {
        Take::Best(n) => (Some(i64::from(n)), None),
        Take::PerGroup(m) => (None, Some(i64::from(m))),
    };
    stage_rows::insert_plan(
        tx.conn(),
        &NewStagePlan {
            tournament_id: tournament.id,
            position,
            stage_type,
            name: &spec.name,
            third_place: spec.third_place,
            group_count: spec.groups.map(i64::from),
            rounds: spec.rounds.map(i64::from),
            advance_wins: spec.thresholds.map(|t| i64::from(t.advance_wins)),
            eliminate_losses: spec.thresholds.map(|t| i64::from(t.eliminate_losses)),
            take,
            per_group,
            now: ctx.now,
        },
    )
    .await?;
    crate::db::tournaments::touch(tx.conn(), tournament.id, ctx.now).await?;
    let detail = format!("stage {number}: {} ({stage_type})", spec.name);
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::StageAdded,
        Some(&tournament.id),
        Some(&detail),
    )
    .await?;
    tx.commit().await?;
    Ok(PlannedStage {
        number,
        spec,
        status: None,
        players: 0,
        field: Vec::new(),
        reseedable: false,
    })
}

/// Removes the last stage added. Only before the start. `seen` as for [`add`]: a page that
/// showed another plan removes nothing.
pub async fn remove_last(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    seen: Option<usize>,
) -> Result<PlannedStage, ServiceError> {
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Organise).await?;
    refuse_after_start(tournament.status, &tournament.slug)?;
    let plans = stage_rows::list_plans(tx.conn(), tournament.id).await?;
    let Some(last) = plans.last() else {
        return Err(Rule::Stages {
            tournament: tournament.slug.clone(),
            error: EngineError::BadSettings("it has no stage added after its own to remove".into()),
        }
        .into());
    };
    let stages = stage_specs(&tournament, &plans)?;
    refuse_unseen(&tournament.slug, stages.len(), seen)?;
    let number = stages.len() as u32;
    let spec = stages.last().cloned().ok_or_else(|| {
        crate::db::DbError::Bug(
            format!("{} has no stages though its plan was read", tournament.id).into(),
        )
    })?;
    stage_rows::delete_plan(tx.conn(), last.id).await?;
    crate::db::tournaments::touch(tx.conn(), tournament.id, ctx.now).await?;
    let detail = format!("stage {number}: {}", spec.name);
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::StageRemoved,
        Some(&tournament.id),
        Some(&detail),
    )
    .await?;
    tx.commit().await?;
    Ok(PlannedStage {
        number,
        spec,
        status: None,
        players: 0,
        field: Vec::new(),
        reseedable: false,
    })
}

/// Every stage of a tournament as planned, first to last.
pub async fn list(db: &Db, slug: &str) -> Result<Vec<PlannedStage>, ServiceError> {
    let mut conn = db.acquire().await?;
    let tournament = crate::db::tournaments::find_by_slug(conn.conn(), slug)
        .await?
        .ok_or_else(|| super::Missing::Tournament {
            slug: slug.to_owned(),
        })?;
    let snapshot = Snapshot::load(conn.conn(), tournament.clone()).await?;
    Ok(plan(tournament.format, &snapshot.state.settings)
        .into_iter()
        .enumerate()
        .map(|(i, spec)| {
            let number = i as u32 + 1;
            let stage = snapshot.state.stage(number);
            let played = snapshot
                .state
                .games_of_stage(number)
                .any(|i| snapshot.state.games[i].is_completed() && !snapshot.state.games[i].bye);
            PlannedStage {
                number,
                spec,
                status: stage.map(|s| s.status),
                players: stage.map_or(0, |s| s.field.len()),
                field: stage.map_or_else(Vec::new, |s| {
                    s.field
                        .iter()
                        .map(|e| ParticipantId::from_raw(e.id))
                        .collect()
                }),
                reseedable: number > 1
                    && stage.is_some_and(|s| s.status == StageStatus::Running)
                    && !played,
            }
        })
        .collect())
}

/// What a reseeding changed.
#[derive(Debug, Clone)]
pub struct Reseeded {
    pub stage: u32,
    pub players: usize,
}

/// Reseeds stage `number` (drawn, no result yet) in `order`: each player of the stage once, by
/// name or `par_` id, best seed first. Its matches keep their ids; those whose sides changed are
/// announced ready again, and players' claims on them are set aside. `seen`: the stage's order
/// as the caller's page showed it; when given and it changed since, nothing changes.
pub async fn reseed(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    number: u32,
    order: &[String],
    seen: Option<&[ParticipantId]>,
) -> Result<Reseeded, ServiceError> {
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Organise).await?;
    if tournament.status != TournamentStatus::InProgress {
        return Err(Rule::NotInPlay {
            tournament: tournament.slug.clone(),
            status: tournament.status,
        }
        .into());
    }
    let snapshot = Snapshot::load(tx.conn(), tournament.clone()).await?;
    if let Some(seen) = seen {
        let now: Vec<ParticipantId> = snapshot.state.stage(number).map_or_else(Vec::new, |s| {
            s.field
                .iter()
                .map(|e| ParticipantId::from_raw(e.id))
                .collect()
        });
        if seen != now.as_slice() {
            return Err(Conflict::Stale {
                tournament: tournament.slug.clone(),
                what: super::Changed::StageSeeds { stage: number },
            }
            .into());
        }
    }
    let ids = order
        .iter()
        .map(|who| super::matches::player_in(&snapshot, who))
        .collect::<Result<Vec<_>, _>>()?;
    let mut state = snapshot.state.clone();
    engine::reseed(&mut state, number, &ids).map_err(|error| Rule::Stages {
        tournament: tournament.slug.clone(),
        error,
    })?;
    let saved = super::matches::save_bracket(&mut tx, ctx, &space, &snapshot, &state, &[]).await?;
    let ready = snapshot.newly_ready(&state, &saved);
    let names = snapshot.names();
    let detail = format!(
        "stage {number}: {}",
        ids.iter()
            .map(|&id| {
                names
                    .get(&ParticipantId::from_raw(id))
                    .cloned()
                    .unwrap_or_else(|| ParticipantId::from_raw(id).to_string())
            })
            .collect::<Vec<_>>()
            .join(", ")
    );
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::StageReseeded,
        Some(&tournament.id),
        Some(&detail),
    )
    .await?;
    super::matches::publish_ready(&mut tx, ctx, &tournament, &space, &ready).await?;
    tx.commit().await?;
    Ok(Reseeded {
        stage: number,
        players: ids.len(),
    })
}

/// Refuses a form built on another plan than the stored one (`seen`: how many stages it
/// showed; the plan has `count`).
fn refuse_unseen(slug: &str, count: usize, seen: Option<usize>) -> Result<(), ServiceError> {
    match seen {
        Some(seen) if seen != count => Err(Conflict::Stale {
            tournament: slug.to_owned(),
            what: super::Changed::Stages,
        }
        .into()),
        _ => Ok(()),
    }
}

fn refuse_after_start(status: TournamentStatus, slug: &str) -> Result<(), ServiceError> {
    if matches!(
        status,
        TournamentStatus::InProgress | TournamentStatus::Completed | TournamentStatus::Cancelled
    ) {
        return Err(Rule::Drawn {
            tournament: slug.to_owned(),
            status,
            setting: "stages",
        }
        .into());
    }
    Ok(())
}
