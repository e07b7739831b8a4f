//! Check-in: during a tournament's window before the start, a registrant confirms they will
//! play (on the portal by their private link, or an organiser for them from the shell). When the
//! window closes (the server's sweep, an organiser's early `--process`, or the start, whichever
//! comes first) its result is applied once: no-shows move to the bottom seeds or leave the field,
//! those waiting who checked in take the free places, and registration closes.
//!
//! Nothing here reads the clock: the caller's `Ctx::now` decides where the window stands.

use super::access::Duty;
use super::audit::{self, Action};
use super::registrations::{self, Registrant, find_registrant};
use super::status::change_status;
use super::{
    Conflict, Ctx, Rule, ServiceError, Swept, find_tournament_for_update, publish, waiting_list,
};
use crate::db::participants::{self, ParticipantRow};
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::{self as tournament_rows, TournamentRow};
use crate::db::{Db, Tx};
use crate::domain::entry::{CheckIn, Phase};
use crate::domain::{NoShow, ParticipantStatus, TournamentStatus};
use crate::timestamp;

/// Who checks a registrant in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    /// The registrant, only while the window is open.
    Registrant,
    /// An organiser, at any time before the start: a late arrival seeded at the bottom is
    /// seeded by their registration again.
    Organiser,
}

/// A check-in made, or found made already.
#[derive(Debug, Clone)]
pub struct CheckedIn {
    pub participant: ParticipantRow,
    /// They had checked in before: nothing was written now.
    pub again: bool,
}

/// What applying a window's result did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Processed {
    pub no_show: NoShow,
    /// Those who did not check in, by name.
    pub no_shows: Vec<String>,
    /// Those moved from the waiting list into the field, by name.
    pub promoted: Vec<String>,
}

/// Checks a registrant in.
pub async fn check_in(
    db: &Db,
    ctx: &Ctx<'_>,
    who: Registrant<'_>,
    by: By,
) -> Result<CheckedIn, ServiceError> {
    let mut tx = db.begin().await?;
    let (participant, tournament, space) =
        find_registrant(&mut tx, ctx, who, Duty::Results).await?;
    let window = window_of(&tournament)?;
    if !before_start(tournament.status) {
        return Err(Rule::CheckInOver {
            tournament: tournament.slug,
        }
        .into());
    }
    if by == By::Registrant {
        match window.phase(tournament.starts_at, ctx.now) {
            Phase::NotYet => {
                return Err(Rule::CheckInNotYet {
                    opens_at: timestamp::format_ms(window.opens_at(tournament.starts_at)),
                    tournament: tournament.slug,
                }
                .into());
            }
            Phase::Closed => {
                return Err(Rule::CheckInOver {
                    tournament: tournament.slug,
                }
                .into());
            }
            Phase::Open if tournament.check_in_processed_at.is_some() => {
                return Err(Rule::CheckInOver {
                    tournament: tournament.slug,
                }
                .into());
            }
            Phase::Open => {}
        }
    }
    if !matches!(
        participant.status,
        ParticipantStatus::Active | ParticipantStatus::Waiting
    ) {
        return Err(Rule::NotEntered {
            tournament: tournament.slug,
            who: participant.name,
        }
        .into());
    }
    if participant.checked_in_at.is_some() {
        return Ok(CheckedIn {
            participant,
            again: true,
        });
    }
    let checked = participants::check_in(tx.conn(), participant.id, ctx.now).await?;
    let event = publish::registration_checked_in(ctx, &tournament, &space, &checked)?;
    publish::to_subscribers(&mut tx, ctx, &space, &event).await?;
    tournament_rows::touch(tx.conn(), tournament.id, ctx.now).await?;
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::RegistrationCheckedIn,
        Some(&tournament.id),
        Some(&checked.id.to_string()),
    )
    .await?;
    tx.commit().await?;
    Ok(CheckedIn {
        participant: checked,
        again: false,
    })
}

/// Applies the check-in's result now, before the window closes if an organiser asks.
pub async fn process(db: &Db, ctx: &Ctx<'_>, slug: &str) -> Result<Processed, ServiceError> {
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Organise).await?;
    let window = window_of(&tournament)?;
    if tournament.check_in_processed_at.is_some() {
        return Err(Conflict::CheckInProcessed {
            tournament: tournament.slug,
        }
        .into());
    }
    if !registration_began(tournament.status) {
        return Err(match before_start(tournament.status) {
            true => Rule::RegistrationClosed {
                tournament: tournament.slug,
                status: tournament.status,
            },
            false => Rule::CheckInOver {
                tournament: tournament.slug,
            },
        }
        .into());
    }
    let processed = process_in(&mut tx, ctx, tournament, &space, window).await?;
    tx.commit().await?;
    Ok(processed)
}

/// Applies the result of every window closed by `ctx.now` and not yet applied; each in its own
/// transaction, so one server of many applies each once, and one tournament that fails is set
/// aside ([`Swept::failed`], by slug) while the others are applied. Returns the tournaments and
/// results.
pub async fn close_due(
    db: &Db,
    ctx: &Ctx<'_>,
) -> Result<Swept<(String, Processed), String>, ServiceError> {
    let due = {
        let mut handle = db.acquire().await?;
        tournament_rows::check_in_due(handle.conn(), ctx.now).await?
    };
    let mut swept = Swept::default();
    for slug in due {
        let outcome = close_one(db, ctx, &slug).await;
        swept.record(slug, outcome);
    }
    Ok(swept)
}

/// Applies one tournament's closed window, if it is still due once its row is held.
async fn close_one(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
) -> Result<Option<(String, Processed)>, ServiceError> {
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Organise).await?;
    let Some(window) = tournament.entry()?.check_in else {
        return Ok(None);
    };
    // Read again under the lock: another server may have applied it since.
    let due = tournament.check_in_processed_at.is_none()
        && registration_began(tournament.status)
        && window.phase(tournament.starts_at, ctx.now) == Phase::Closed;
    if !due {
        return Ok(None);
    }
    let processed = process_in(&mut tx, ctx, tournament, &space, window).await?;
    tx.commit().await?;
    Ok(Some((slug.to_owned(), processed)))
}

/// Applies a window's result inside `tx`: the no-show action, the waiting list, registration
/// closed. The caller holds the tournament's row and has checked it is not applied yet.
pub(super) async fn process_in(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    tournament: TournamentRow,
    space: &SpaceRow,
    window: CheckIn,
) -> Result<Processed, ServiceError> {
    let no_shows: Vec<ParticipantRow> = participants::list(tx.conn(), tournament.id)
        .await?
        .into_iter()
        .filter(|p| p.status == ParticipantStatus::Active && p.checked_in_at.is_none())
        .collect();
    if window.no_show == NoShow::Remove {
        for participant in &no_shows {
            registrations::withdraw_in(tx, ctx, &tournament, space, participant, Some("no-show"))
                .await?;
        }
    }
    tournament_rows::set_check_in_processed(tx.conn(), tournament.id, ctx.now).await?;
    let promoted = waiting_list::fill(tx, ctx, tournament.id, space).await?;
    let processed = Processed {
        no_show: window.no_show,
        no_shows: no_shows.into_iter().map(|p| p.name).collect(),
        promoted: promoted.into_iter().map(|p| p.name).collect(),
    };
    let details = format!(
        "{} no-show(s), {}; {} promoted",
        processed.no_shows.len(),
        processed.no_show,
        processed.promoted.len()
    );
    audit::record(
        tx,
        ctx,
        Some(space.id),
        Action::CheckInProcessed,
        Some(&tournament.id),
        Some(&details),
    )
    .await?;
    if tournament.status == TournamentStatus::RegistrationOpen {
        change_status(
            tx,
            ctx,
            space,
            tournament,
            TournamentStatus::RegistrationClosed,
        )
        .await?;
    }
    Ok(processed)
}

/// The tournament's check-in window, or [`Rule::NoCheckIn`].
fn window_of(tournament: &TournamentRow) -> Result<CheckIn, ServiceError> {
    tournament.entry()?.check_in.ok_or_else(|| {
        Rule::NoCheckIn {
            tournament: tournament.slug.clone(),
        }
        .into()
    })
}

/// Registration has opened and the tournament has not started: a check-in's result means
/// something (before registration opens there is nobody to decide about).
fn registration_began(status: TournamentStatus) -> bool {
    matches!(
        status,
        TournamentStatus::RegistrationOpen | TournamentStatus::RegistrationClosed
    )
}

fn before_start(status: TournamentStatus) -> bool {
    matches!(
        status,
        TournamentStatus::Draft
            | TournamentStatus::Announced
            | TournamentStatus::RegistrationOpen
            | TournamentStatus::RegistrationClosed
    )
}
