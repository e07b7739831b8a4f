//! Creating tournaments, changing their settings, moving their status, and the start (the
//! check-in's result if it is not applied yet, seeding and the draw).

use super::access::Duty;
use super::audit::{self, Action};
use super::seeding;
use super::spaces::{one_line, slug};
use super::stations::{OnStationsChoice, play_on};
use super::status::change_status;
use super::{
    Conflict, Ctx, Field, Invalid, Rule, ServiceError, check_in, find_space_as,
    find_tournament_for_update, waiting_list,
};
use crate::db::participants;
use crate::db::store::Snapshot;
use crate::db::tournaments::{self, NewTournament, TournamentRow};
use crate::db::{Db, Tx, claims};
use crate::domain::engine::Thresholds;
use crate::domain::engine::{self, State};
use crate::domain::entry::{CheckIn, Entry, Teams};
use crate::domain::lifecycle::{self, Mover};
use crate::domain::names::{self, DESCRIPTION_MAX_CHARS, GAME_MAX_CHARS, NAME_MAX_CHARS};
use crate::domain::room::Timing;
use crate::domain::self_report::SelfReport;
use crate::domain::settings::{self, Proposed};
use crate::domain::{Format, ParticipantStatus, TournamentStatus};
use crate::ids::ParticipantId;

/// Everything a new tournament is created with.
#[derive(Debug, Clone)]
pub struct Draft {
    pub space: String,
    pub slug: String,
    pub name: String,
    pub game: String,
    pub format: Format,
    pub max_participants: u32,
    pub starts_at: i64,
    pub test: bool,
    pub description: Option<String>,
    pub third_place: bool,
    pub group_count: Option<u32>,
    pub advance_per_group: Option<u32>,
    pub rounds: Option<u32>,
    pub points_scale: Option<Vec<u32>>,
    /// Swiss played to win and loss thresholds.
    pub thresholds: Option<Thresholds>,
    /// Check-in, teams, waiting list.
    pub entry: Entry,
    /// Whether players report their own matches.
    pub self_report: SelfReport,
    /// The stations it plays on (none: nothing is called) and the room's times.
    pub stations: Option<OnStationsChoice>,
    pub timing: Timing,
}

impl Draft {
    /// A tournament of `format` with no optional settings.
    pub fn new(space: &str, slug: &str, name: &str, game: &str, format: Format) -> Draft {
        Draft {
            space: space.to_owned(),
            slug: slug.to_owned(),
            name: name.to_owned(),
            game: game.to_owned(),
            format,
            max_participants: 16,
            starts_at: 0,
            test: false,
            description: None,
            third_place: false,
            group_count: None,
            advance_per_group: None,
            rounds: None,
            points_scale: None,
            thresholds: None,
            entry: Entry::default(),
            self_report: SelfReport::Off,
            stations: None,
            timing: Timing::default(),
        }
    }
}

/// A tournament's description, by the rules of free text: at most
/// [`DESCRIPTION_MAX_CHARS`] characters, no control characters but line breaks and tabs.
fn description(text: &str) -> Result<&str, Invalid> {
    names::multi_line(text, DESCRIPTION_MAX_CHARS).map_err(|e| Invalid::Field {
        field: Field::Description,
        reason: e.to_string(),
    })
}

/// Creates a tournament in DRAFT status.
pub async fn create(db: &Db, ctx: &Ctx<'_>, draft: &Draft) -> Result<TournamentRow, ServiceError> {
    let slug = slug(&draft.slug)?;
    let name = one_line(Field::Name, &draft.name, NAME_MAX_CHARS)?;
    let game = one_line(Field::Game, &draft.game, GAME_MAX_CHARS)?;
    let description = draft.description.as_deref().map(description).transpose()?;
    settings::check(&Proposed {
        format: draft.format,
        max_participants: draft.max_participants,
        third_place: draft.third_place,
        group_count: draft.group_count,
        advance_per_group: draft.advance_per_group,
        rounds: draft.rounds,
        points_scale: draft.points_scale.as_deref(),
        thresholds: draft.thresholds,
    })
    .map_err(Invalid::Settings)?;
    draft.entry.check().map_err(Invalid::Entry)?;
    draft
        .self_report
        .check(draft.format)
        .map_err(Invalid::SelfReport)?;
    draft.timing.check().map_err(Invalid::Timing)?;

    let mut tx = db.begin().await?;
    let space = find_space_as(tx.conn(), ctx, &draft.space, Duty::Organise).await?;
    let new = NewTournament {
        space_id: space.id,
        slug: slug.as_str(),
        name,
        game,
        format: draft.format,
        status: TournamentStatus::Draft,
        test: draft.test,
        max_participants: i64::from(draft.max_participants),
        description,
        third_place: draft.third_place,
        group_count: draft.group_count.map(i64::from),
        advance_per_group: draft.advance_per_group.map(i64::from),
        rounds: draft.rounds.map(i64::from),
        points_scale: draft.points_scale.as_deref(),
        advance_wins: draft.thresholds.map(|t| i64::from(t.advance_wins)),
        eliminate_losses: draft.thresholds.map(|t| i64::from(t.eliminate_losses)),
        starts_at: draft.starts_at,
        ends_at: None,
        registration_opens_at: None,
        registration_closes_at: None,
        entry: draft.entry,
        self_report: draft.self_report,
        now: ctx.now,
    };
    let tournament = match tournaments::insert(tx.conn(), &new).await {
        Ok(row) => row,
        Err(e) if e.is_unique_violation() => {
            return Err(Conflict::TournamentExists {
                slug: slug.to_string(),
            }
            .into());
        }
        Err(e) => return Err(e.into()),
    };
    if draft.stations.is_some() || draft.timing != Timing::default() {
        play_on(
            &mut tx,
            ctx,
            &tournament,
            &space,
            Some(draft.stations.as_ref()),
            draft.timing,
        )
        .await?;
    }
    let tournament = tournaments::find(tx.conn(), tournament.id)
        .await?
        .ok_or_else(|| {
            crate::db::DbError::Bug(
                format!("{} is not stored though it was just made", tournament.id).into(),
            )
        })?;
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::TournamentCreated,
        Some(&tournament.id),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(tournament)
}

/// What an organiser changes of a tournament: each `Some` replaces the setting. An empty
/// description removes it; `Some(None)` turns check-in, teams or the waiting list off.
#[derive(Debug, Clone, Default)]
pub struct Changes {
    pub name: Option<String>,
    pub description: Option<String>,
    pub starts_at: Option<i64>,
    pub max_participants: Option<u32>,
    pub check_in: Option<Option<CheckIn>>,
    pub teams: Option<Option<Teams>>,
    pub waiting_list: Option<Option<u32>>,
    /// Players' reports on or off.
    pub self_report: Option<bool>,
    /// How long an opponent has to answer a player's report (ms).
    pub confirm_within: Option<i64>,
    /// The stations it plays on: `Some(None)` none (nothing is called).
    pub stations: Option<Option<OnStationsChoice>>,
    /// The room's times (ms).
    pub match_duration: Option<i64>,
    pub rest: Option<i64>,
    pub no_show_after: Option<i64>,
    /// The settings as the form showed them ([`seen::settings_version`]); when given and they
    /// changed since, nothing changes.
    pub seen: Option<String>,
}

impl Changes {
    fn changes_entry(&self) -> bool {
        self.check_in.is_some() || self.teams.is_some() || self.waiting_list.is_some()
    }

    /// The room's times with these changes made to `before`.
    fn timing(&self, before: Timing) -> Timing {
        Timing {
            match_duration: self.match_duration.unwrap_or(before.match_duration),
            rest: self.rest.unwrap_or(before.rest),
            no_show_after: self.no_show_after.unwrap_or(before.no_show_after),
        }
    }
}

/// Changes a tournament's name, description, start or capacity, by the rules of `create`; the
/// start and the capacity only before the draw, the capacity never below the registrations
/// made. Who reports results may change until the end: turned off, it closes the players'
/// open claims (the organisers report those matches). Returns the tournament as it now is.
pub async fn update(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    changes: &Changes,
) -> Result<TournamentRow, ServiceError> {
    let name = changes
        .name
        .as_deref()
        .map(|n| one_line(Field::Name, n, NAME_MAX_CHARS))
        .transpose()?;
    let description = changes
        .description
        .as_deref()
        .map(description)
        .transpose()?;
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Organise).await?;
    if changes
        .seen
        .as_deref()
        .is_some_and(|seen| seen != super::seen::settings_version(&tournament))
    {
        return Err(Conflict::Stale {
            tournament: tournament.slug,
            what: super::Changed::Settings,
        }
        .into());
    }
    let drawn = matches!(
        tournament.status,
        TournamentStatus::InProgress | TournamentStatus::Completed | TournamentStatus::Cancelled
    );
    let refuse_after_draw = |setting| -> Result<(), ServiceError> {
        if drawn {
            return Err(Rule::Drawn {
                tournament: tournament.slug.clone(),
                status: tournament.status,
                setting,
            }
            .into());
        }
        Ok(())
    };
    if changes.starts_at.is_some() {
        refuse_after_draw("start")?;
    }
    if let Some(max) = changes.max_participants {
        refuse_after_draw("capacity")?;
        let scale = tournament
            .points_scale
            .as_deref()
            .map(tournaments::decode_scale)
            .transpose()?;
        settings::check(&Proposed {
            format: tournament.format,
            max_participants: max,
            third_place: tournament.third_place,
            group_count: tournament.group_count.and_then(|n| u32::try_from(n).ok()),
            advance_per_group: tournament
                .advance_per_group
                .and_then(|n| u32::try_from(n).ok()),
            rounds: tournament.rounds.and_then(|n| u32::try_from(n).ok()),
            points_scale: scale.as_deref(),
            thresholds: None,
        })
        .map_err(Invalid::Settings)?;
        if i64::from(max) < tournament.field_size {
            return Err(Rule::BelowField {
                tournament: tournament.slug.clone(),
                taken: tournament.field_size,
            }
            .into());
        }
    }
    let entry_before = tournament.entry()?;
    let entry = Entry {
        check_in: changes.check_in.unwrap_or(entry_before.check_in),
        teams: changes.teams.unwrap_or(entry_before.teams),
        waiting_list: changes.waiting_list.unwrap_or(entry_before.waiting_list),
    };
    if changes.changes_entry() {
        check_entry_change(&mut tx, &tournament, &entry_before, &entry).await?;
    }
    let self_report = tournament
        .self_report()
        .changed(changes.self_report, changes.confirm_within)
        .map_err(Invalid::SelfReport)?;
    if changes.self_report.is_some() || changes.confirm_within.is_some() {
        self_report
            .check(tournament.format)
            .map_err(Invalid::SelfReport)?;
        if matches!(
            tournament.status,
            TournamentStatus::Completed | TournamentStatus::Cancelled
        ) && self_report != tournament.self_report()
        {
            return Err(Rule::Over {
                tournament: tournament.slug.clone(),
                status: tournament.status,
            }
            .into());
        }
    }
    let timing = changes.timing(tournament.timing());
    timing.check().map_err(Invalid::Timing)?;
    if (changes.stations.is_some() || timing != tournament.timing())
        && matches!(
            tournament.status,
            TournamentStatus::Completed | TournamentStatus::Cancelled
        )
    {
        return Err(Rule::Over {
            tournament: tournament.slug.clone(),
            status: tournament.status,
        }
        .into());
    }
    let edit = tournaments::Edit {
        name: name.unwrap_or(&tournament.name),
        description: match description {
            Some("") => None,
            Some(d) => Some(d),
            None => tournament.description.as_deref(),
        },
        starts_at: changes.starts_at.unwrap_or(tournament.starts_at),
        max_participants: changes
            .max_participants
            .map_or(tournament.max_participants, i64::from),
    };
    let changed: Vec<&str> = [
        ("name", edit.name != tournament.name),
        (
            "description",
            edit.description != tournament.description.as_deref(),
        ),
        ("start", edit.starts_at != tournament.starts_at),
        (
            "capacity",
            edit.max_participants != tournament.max_participants,
        ),
        ("check-in", entry.check_in != entry_before.check_in),
        ("teams", entry.teams != entry_before.teams),
        (
            "waiting list",
            entry.waiting_list != entry_before.waiting_list,
        ),
        ("players' reports", self_report != tournament.self_report()),
        ("stations", changes.stations.is_some()),
        ("room times", timing != tournament.timing()),
    ]
    .into_iter()
    .filter_map(|(what, moved)| moved.then_some(what))
    .collect();
    if changed.is_empty() {
        return Ok(tournament);
    }
    tournaments::edit(tx.conn(), tournament.id, &edit, ctx.now).await?;
    if entry != entry_before {
        tournaments::set_entry(tx.conn(), tournament.id, &entry, ctx.now).await?;
    }
    if changes.stations.is_some() || timing != tournament.timing() {
        let choice = changes.stations.as_ref().map(Option::as_ref);
        play_on(&mut tx, ctx, &tournament, &space, choice, timing).await?;
    }
    if self_report != tournament.self_report() {
        tournaments::set_self_report(tx.conn(), tournament.id, self_report, ctx.now).await?;
        if !self_report.is_on() {
            let closed = claims::close_all(tx.conn(), tournament.id, ctx.now).await?;
            super::player_reports::announce_closed(&mut tx, ctx, &tournament, &space, &closed, &[])
                .await?;
        }
    }
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::TournamentUpdated,
        Some(&tournament.id),
        Some(&changed.join(", ")),
    )
    .await?;
    // More places: those waiting move up, in order.
    waiting_list::fill(&mut tx, ctx, tournament.id, &space).await?;
    let updated = tournaments::find(tx.conn(), tournament.id)
        .await?
        .ok_or_else(|| {
            crate::db::DbError::Bug(
                format!("{} is not stored though its row is held", tournament.id).into(),
            )
        })?;
    tx.commit().await?;
    Ok(updated)
}

/// Whether an entry change is allowed: before registration ends and the check-in closes, teams
/// on or off only with nobody registered, a team size every roster fits, a waiting list no
/// shorter than those waiting.
async fn check_entry_change(
    tx: &mut Tx,
    tournament: &TournamentRow,
    before: &Entry,
    after: &Entry,
) -> Result<(), ServiceError> {
    after.check().map_err(Invalid::Entry)?;
    let open = matches!(
        tournament.status,
        TournamentStatus::Draft | TournamentStatus::Announced | TournamentStatus::RegistrationOpen
    );
    if !open || tournament.check_in_processed_at.is_some() {
        return Err(Rule::EntryFixed {
            tournament: tournament.slug.clone(),
            status: tournament.status,
        }
        .into());
    }
    let registered = participants::list(tx.conn(), tournament.id)
        .await?
        .into_iter()
        .filter(|p| p.status != ParticipantStatus::Withdrawn)
        .collect::<Vec<_>>();
    if before.teams.is_some() != after.teams.is_some() && !registered.is_empty() {
        return Err(Rule::TeamsFixed {
            tournament: tournament.slug.clone(),
        }
        .into());
    }
    if let Some(teams) = after.teams {
        let mut outside = 0;
        for p in &registered {
            if !teams.fits(p.roster()?.len()) {
                outside += 1;
            }
        }
        if outside > 0 {
            return Err(Rule::RostersOutside {
                tournament: tournament.slug.clone(),
                teams: outside,
            }
            .into());
        }
    }
    let waiting = participants::count_waiting(tx.conn(), tournament.id).await?;
    if waiting > after.waiting_list.map_or(0, i64::from) {
        return Err(Rule::BelowWaiting {
            tournament: tournament.slug.clone(),
            waiting,
        }
        .into());
    }
    Ok(())
}

/// Moves a tournament to `to` by an organiser's request; returns the previous status. `seen`:
/// the status the caller's page showed; when given and the tournament has moved on since,
/// nothing changes.
pub async fn set_status(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    to: TournamentStatus,
    seen: Option<TournamentStatus>,
) -> Result<TournamentStatus, ServiceError> {
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Organise).await?;
    refuse_moved_on(&tournament, seen)?;
    lifecycle::check(tournament.status, to, Mover::Organiser).map_err(Rule::Move)?;
    // Registration open again: who plays is not decided any more, and the check-in (applied
    // early by hand, or at its close) applies again when its window closes.
    if to == TournamentStatus::RegistrationOpen && tournament.check_in_processed_at.is_some() {
        tournaments::clear_check_in_processed(tx.conn(), tournament.id, ctx.now).await?;
    }
    let previous = change_status(&mut tx, ctx, &space, tournament, to).await?;
    tx.commit().await?;
    Ok(previous)
}

/// Refuses a page's step when the tournament is no longer in the status it showed (`seen`).
fn refuse_moved_on(
    tournament: &TournamentRow,
    seen: Option<TournamentStatus>,
) -> Result<(), ServiceError> {
    match seen {
        Some(seen) if seen != tournament.status => Err(Conflict::MovedOn {
            tournament: tournament.slug.clone(),
            status: tournament.status,
        }
        .into()),
        _ => Ok(()),
    }
}

/// What starting drew.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Started {
    pub participants: usize,
    /// Every match drawn, byes included.
    pub matches: usize,
    pub byes: usize,
}

/// Seeds the field, draws the first stage and moves the tournament to IN_PROGRESS.
pub async fn start(db: &Db, ctx: &Ctx<'_>, slug: &str) -> Result<Started, ServiceError> {
    start_seen(db, ctx, slug, None).await
}

/// [`start`], refused when the tournament is no longer in the status the caller's page showed
/// (`seen`).
pub async fn start_seen(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    seen: Option<TournamentStatus>,
) -> Result<Started, ServiceError> {
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Organise).await?;
    refuse_moved_on(&tournament, seen)?;
    if lifecycle::check(
        tournament.status,
        TournamentStatus::InProgress,
        Mover::Engine,
    )
    .is_err()
    {
        return Err(Rule::NotStartable {
            tournament: tournament.slug,
            status: tournament.status,
        }
        .into());
    }
    // The check-in's result first, if its window has not closed yet: the draw uses it.
    let entry = tournament.entry()?;
    let tournament = match entry.check_in {
        Some(window) if tournament.check_in_processed_at.is_none() => {
            let id = tournament.id;
            check_in::process_in(&mut tx, ctx, tournament, &space, window).await?;
            tournaments::find(tx.conn(), id).await?.ok_or_else(|| {
                crate::db::DbError::Bug(format!("{id} is not stored though its row is held").into())
            })?
        }
        _ => tournament,
    };
    let snapshot = Snapshot::load(tx.conn(), tournament.clone()).await?;
    if !snapshot.state.stages.is_empty() {
        return Err(Conflict::AlreadyDrawn {
            tournament: tournament.slug,
        }
        .into());
    }
    // The field is final: whoever still waits is not admitted.
    waiting_list::close(&mut tx, ctx, &tournament, &space).await?;
    // The seed order (seeded participants by seed, then the rest by registration); no-shows
    // (when they stay) after everyone who checked in, in that same order.
    let mut field = seeding::draw_order(&snapshot.participants);
    field.sort_by_key(|p| entry.check_in.is_some() && p.checked_in_at.is_none());
    let field: Vec<i64> = field.iter().map(|p| ParticipantId::raw(p.id)).collect();
    let mut state: State = snapshot.state.clone();
    engine::start(&mut state, &field).map_err(|error| Rule::CannotStart {
        tournament: tournament.slug.clone(),
        error,
    })?;
    let ids = super::matches::save_bracket(&mut tx, ctx, &space, &snapshot, &state, &[]).await?;
    let ready = snapshot.newly_ready(&state, &ids);
    let in_play = TournamentRow {
        status: TournamentStatus::InProgress,
        ..tournament.clone()
    };
    change_status(
        &mut tx,
        ctx,
        &space,
        tournament,
        TournamentStatus::InProgress,
    )
    .await?;
    // After the status change: a receiver reads the tournament in play, then its first matches.
    super::matches::publish_ready(&mut tx, ctx, &in_play, &space, &ready).await?;
    tx.commit().await?;
    Ok(Started {
        participants: field.len(),
        matches: state.games.len(),
        byes: state.games.iter().filter(|g| g.bye).count(),
    })
}
