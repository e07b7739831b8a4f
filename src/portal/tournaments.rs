//! Creating tournaments, moving their status, registrations, and the start.

use super::{Ctx, find_tournament};
use crate::db::outbox::{self, Audience};
use crate::db::participants::{self, NewParticipant, ParticipantRow};
use crate::db::spaces::{self, SpaceRow};
use crate::db::tournaments::{self, NewTournament, TournamentRow};
use crate::db::{Db, Tx, audit};
use crate::domain::engine::{self, State};
use crate::domain::formats::groups::MAX_GROUPS;
use crate::domain::lifecycle::{self, Mover};
use crate::domain::names::{self, DESCRIPTION_MAX_CHARS, GAME_MAX_CHARS, NAME_MAX_CHARS};
use crate::domain::{EventType, Format, ParticipantStatus, Slug, TournamentStatus};
use crate::error::Error;
use crate::events::{RegistrationData, RegistrationObject, StatusChangedData};
use crate::ids;
use crate::stored::Stored;

/// The most participants a tournament may take.
pub const MAX_PARTICIPANTS: u32 = 4096;

/// Everything `tournaments create` is given, before checking.
#[derive(Debug, Clone, Default)]
pub struct Draft {
    pub space: String,
    pub slug: String,
    pub name: String,
    pub game: String,
    pub format: Option<Format>,
    pub max_participants: u32,
    pub starts_at: i64,
    pub test: bool,
    pub description: Option<String>,
    pub third_place: bool,
    pub group_count: Option<u32>,
    pub advance_per_group: Option<u32>,
    pub rounds: Option<u32>,
    pub points_scale: Option<Vec<u32>>,
}

/// Creates a tournament in DRAFT status.
pub async fn create(db: &Db, ctx: &Ctx<'_>, draft: &Draft) -> Result<TournamentRow, Error> {
    let slug = Slug::parse(&draft.slug).map_err(|e| Error::Invalid(e.to_string()))?;
    let text = |flag: &str, value: &str, max| {
        names::one_line(value, max)
            .map(str::to_owned)
            .map_err(|e| Error::Invalid(format!("{flag}: {e}")))
    };
    let name = text("--name", &draft.name, NAME_MAX_CHARS)?;
    let game = text("--game", &draft.game, GAME_MAX_CHARS)?;
    let description = draft
        .description
        .as_deref()
        .map(|d| {
            names::multi_line(d, DESCRIPTION_MAX_CHARS)
                .map(str::to_owned)
                .map_err(|e| Error::Invalid(format!("--description: {e}")))
        })
        .transpose()?;
    let format = draft
        .format
        .ok_or_else(|| Error::Invalid("--format is required".into()))?;
    check_format_settings(draft, format)?;

    let mut tx = db.begin().await?;
    let space = spaces::find_by_slug(tx.conn(), &draft.space)
        .await?
        .ok_or_else(|| Error::NotFound(format!("no space has the slug '{}'", draft.space)))?;
    let new = NewTournament {
        space_id: space.id,
        slug: slug.as_str(),
        name: &name,
        game: &game,
        format,
        status: TournamentStatus::Draft,
        test: draft.test,
        max_participants: i64::from(draft.max_participants),
        description: description.as_deref(),
        third_place: draft.third_place,
        group_count: draft.group_count.map(i64::from),
        advance_per_group: draft.advance_per_group.map(i64::from),
        rounds: draft.rounds.map(i64::from),
        points_scale: draft.points_scale.as_deref(),
        starts_at: draft.starts_at,
        ends_at: None,
        registration_opens_at: None,
        registration_closes_at: None,
        now: ctx.now,
    };
    let tournament = match tournaments::insert(tx.conn(), &new).await {
        Ok(row) => row,
        Err(e) if e.is_unique_violation() => {
            return Err(Error::Conflict(format!(
                "a tournament with the slug '{slug}' already exists; slugs are unique across all spaces"
            )));
        }
        Err(e) => return Err(e.into()),
    };
    record(
        &mut tx,
        ctx,
        &space,
        "tournament.created",
        &tournament,
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(tournament)
}

fn check_format_settings(draft: &Draft, format: Format) -> Result<(), Error> {
    let invalid = |message: String| Err(Error::Invalid(message));
    if !(2..=MAX_PARTICIPANTS).contains(&draft.max_participants) {
        return invalid(format!(
            "--max-participants must be between 2 and {MAX_PARTICIPANTS}"
        ));
    }
    if draft.third_place && format != Format::SingleElimination {
        return invalid(format!(
            "--third-place applies only to single_elimination, not {format}"
        ));
    }
    let grouped = draft.group_count.is_some() || draft.advance_per_group.is_some();
    if grouped != (format == Format::GroupsPlayoffs)
        || (grouped && (draft.group_count.is_none() || draft.advance_per_group.is_none()))
    {
        return invalid(format!(
            "--groups N and --advance N go together, and only with groups_playoffs (the format is {format})"
        ));
    }
    if let (Some(groups), Some(advance)) = (draft.group_count, draft.advance_per_group) {
        if !(1..=MAX_GROUPS).contains(&groups) || advance == 0 {
            return invalid(format!(
                "--groups must be between 1 and {MAX_GROUPS}, and --advance at least 1"
            ));
        }
        if groups * advance < 2 {
            return invalid(
                "the playoff needs at least 2 participants: raise --groups or --advance".into(),
            );
        }
        if u64::from(groups) * 2 > u64::from(draft.max_participants) {
            return invalid(format!(
                "{groups} groups need at least {} places (--max-participants)",
                groups * 2
            ));
        }
    }
    if draft.rounds.is_some() && !matches!(format, Format::Swiss | Format::FreeForAll) {
        return invalid(format!(
            "--rounds applies only to swiss and free_for_all, not {format}"
        ));
    }
    if draft.rounds == Some(0) {
        return invalid("--rounds must be at least 1".into());
    }
    if let Some(scale) = &draft.points_scale {
        if format != Format::FreeForAll {
            return invalid(format!(
                "--points applies only to free_for_all, not {format}"
            ));
        }
        if scale.is_empty() || scale.windows(2).any(|pair| pair[1] > pair[0]) {
            return invalid(
                "--points lists points for places 1, 2, 3, ... and a lower place never earns more"
                    .into(),
            );
        }
    }
    Ok(())
}

/// Moves a tournament to `to` by an organiser's request; returns the previous status.
pub async fn set_status(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    to: TournamentStatus,
) -> Result<TournamentStatus, Error> {
    let mut tx = db.begin().await?;
    let (tournament, space) = find_tournament(tx.conn(), slug).await?;
    lifecycle::check(tournament.status, to, Mover::Organiser).map_err(Error::Invalid)?;
    let previous = change_status(&mut tx, ctx, &space, tournament, to).await?;
    tx.commit().await?;
    Ok(previous)
}

/// Writes a status move and its `tournament.status_changed` event; returns the previous status.
pub(crate) async fn change_status(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    space: &SpaceRow,
    mut tournament: TournamentRow,
    to: TournamentStatus,
) -> Result<TournamentStatus, Error> {
    let previous = tournament.status;
    tournaments::set_status(tx.conn(), tournament.id, to, ctx.now).await?;
    tournament.status = to;
    let data = StatusChangedData {
        tournament: ctx.tournament_object(&tournament, space),
        previous_status: previous,
    };
    outbox::append(
        tx.conn(),
        space.id,
        Some(tournament.id),
        EventType::TournamentStatusChanged,
        &data,
        Audience::Subscribers,
        ctx.now,
    )
    .await?;
    let details = format!("{previous} -> {to}");
    record(
        tx,
        ctx,
        space,
        "tournament.status_changed",
        &tournament,
        Some(&details),
    )
    .await?;
    Ok(previous)
}

/// Registers `name` while registration is open and there is room.
pub async fn register(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    name: &str,
) -> Result<ParticipantRow, Error> {
    let name = names::one_line(name, NAME_MAX_CHARS)
        .map_err(|e| Error::Invalid(format!("the name {e}")))?;
    let mut tx = db.begin().await?;
    let (tournament, space) = find_tournament(tx.conn(), slug).await?;
    if tournament.status != TournamentStatus::RegistrationOpen {
        return Err(Error::Invalid(format!(
            "registration is not open: the tournament is {} (open it with `tourney tournaments status {slug} REGISTRATION_OPEN`)",
            tournament.status
        )));
    }
    if participants::find_in_field(tx.conn(), tournament.id, name)
        .await?
        .is_some()
    {
        return Err(Error::Conflict(format!(
            "'{name}' is already registered in '{slug}'"
        )));
    }
    let taken = participants::count_in_field(tx.conn(), tournament.id).await?;
    if taken >= tournament.max_participants {
        return Err(Error::Conflict(format!(
            "the tournament is full: {taken} of {} places are taken",
            tournament.max_participants
        )));
    }
    let new = NewParticipant {
        tournament_id: tournament.id,
        name,
        seed: None,
        place: None,
        place_to: None,
        status: ParticipantStatus::Active,
        registered_at: ctx.now,
        withdrawn_at: None,
    };
    let participant = match participants::insert(tx.conn(), &new).await {
        Ok(row) => row,
        Err(e) if e.is_unique_violation() => {
            return Err(Error::Conflict(format!(
                "'{name}' is already registered in '{slug}'"
            )));
        }
        Err(e) => return Err(e.into()),
    };
    let data = RegistrationData {
        tournament: ctx.tournament_object(&tournament, &space),
        registration: RegistrationObject::new(&participant),
    };
    outbox::append(
        tx.conn(),
        space.id,
        Some(tournament.id),
        EventType::RegistrationCreated,
        &data,
        Audience::Subscribers,
        ctx.now,
    )
    .await?;
    tournaments::touch(tx.conn(), tournament.id, ctx.now).await?;
    let target = ids::format(ids::Kind::Participant, participant.id);
    record(
        &mut tx,
        ctx,
        &space,
        "registration.created",
        &tournament,
        Some(&target),
    )
    .await?;
    tx.commit().await?;
    Ok(participant)
}

/// Withdraws a registration (by name or `par_` id) before the tournament starts.
pub async fn withdraw(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    who: &str,
) -> Result<ParticipantRow, Error> {
    let mut tx = db.begin().await?;
    let (tournament, space) = find_tournament(tx.conn(), slug).await?;
    if matches!(
        tournament.status,
        TournamentStatus::InProgress | TournamentStatus::Completed | TournamentStatus::Cancelled
    ) {
        return Err(Error::Invalid(format!(
            "the tournament is {}; registrations can be withdrawn only before it starts (report a forfeit with `tourney matches report --forfeit` instead)",
            tournament.status
        )));
    }
    let by_id = match ids::parse(ids::Kind::Participant, who).filter(|_| who.starts_with("par_")) {
        Some(id) => participants::find(tx.conn(), id).await?.filter(|p| {
            p.tournament_id == tournament.id && p.status != ParticipantStatus::Withdrawn
        }),
        None => None,
    };
    let participant = match by_id {
        Some(p) => p,
        None => participants::find_in_field(tx.conn(), tournament.id, who.trim())
            .await?
            .ok_or_else(|| Error::NotFound(format!("'{who}' is not registered in '{slug}'")))?,
    };
    let withdrawn = participants::withdraw(tx.conn(), participant.id, ctx.now).await?;
    let data = RegistrationData {
        tournament: ctx.tournament_object(&tournament, &space),
        registration: RegistrationObject::new(&withdrawn),
    };
    outbox::append(
        tx.conn(),
        space.id,
        Some(tournament.id),
        EventType::RegistrationWithdrawn,
        &data,
        Audience::Subscribers,
        ctx.now,
    )
    .await?;
    tournaments::touch(tx.conn(), tournament.id, ctx.now).await?;
    let target = ids::format(ids::Kind::Participant, withdrawn.id);
    record(
        &mut tx,
        ctx,
        &space,
        "registration.withdrawn",
        &tournament,
        Some(&target),
    )
    .await?;
    tx.commit().await?;
    Ok(withdrawn)
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
pub async fn start(db: &Db, ctx: &Ctx<'_>, slug: &str) -> Result<Started, Error> {
    let mut tx = db.begin().await?;
    let (tournament, space) = find_tournament(tx.conn(), slug).await?;
    lifecycle::check(tournament.status, TournamentStatus::InProgress, Mover::Engine).map_err(|_| {
        Error::Invalid(format!(
            "only a tournament whose registration is closed can start; '{slug}' is {} (close it with `tourney tournaments status {slug} REGISTRATION_CLOSED`)",
            tournament.status
        ))
    })?;
    let stored = Stored::load(tx.conn(), tournament.clone()).await?;
    if !stored.state.stages.is_empty() {
        return Err(Error::Conflict(format!("'{slug}' already has a draw")));
    }
    // Seeded participants first, by seed; then the rest in registration order.
    let mut field: Vec<_> = stored
        .participants
        .iter()
        .filter(|p| p.status == ParticipantStatus::Active)
        .collect();
    field.sort_by_key(|p| (p.seed.is_none(), p.seed, p.registered_at, p.id));
    let field: Vec<i64> = field.iter().map(|p| p.id).collect();
    let mut state: State = stored.state.clone();
    engine::start(&mut state, &field)
        .map_err(|e| Error::Invalid(format!("'{slug}' cannot start: {e}")))?;
    stored.save(tx.conn(), &state, &[], ctx.now).await?;
    change_status(
        &mut tx,
        ctx,
        &space,
        tournament,
        TournamentStatus::InProgress,
    )
    .await?;
    tx.commit().await?;
    Ok(Started {
        participants: field.len(),
        matches: state.games.len(),
        byes: state.games.iter().filter(|g| g.bye).count(),
    })
}

/// Records a portal action on a tournament in the audit log.
pub(crate) async fn record(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    space: &SpaceRow,
    action: &str,
    tournament: &TournamentRow,
    details: Option<&str>,
) -> Result<(), Error> {
    let target = ids::format(ids::Kind::Tournament, tournament.id);
    let entry = audit::Entry {
        space_id: Some(space.id),
        actor: ctx.actor,
        action,
        target: Some(&target),
        details,
        now: ctx.now,
    };
    audit::record(tx.conn(), &entry).await?;
    Ok(())
}
