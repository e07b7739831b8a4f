//! Registrations: a participant (a player, or a team with its roster) joining a tournament's
//! field while registration is open, or its waiting list when the field is full, and withdrawing
//! before the tournament starts, which gives the place to the next in line
//! (`service::waiting_list`). The same operations serve the shell and the portal's forms: the
//! same rules, the same events and deliveries.
//!
//! A registration is checked and written while the tournament's row is held (SQLite: the write
//! lock; Postgres: a row lock), so many registrations at once never go over capacity and never let
//! the same name or email in twice. A player's email address never leaves this module but into
//! the database: not into events, audit entries or results.

use base64::Engine as _;
use sha2::{Digest, Sha256};

use super::access::Duty;
use super::audit::{self, Action};
use super::{
    Conflict, Ctx, Field, Invalid, Missing, Rule, ServiceError, find_tournament_for_update,
    publish, space_of, waiting_list,
};
use crate::db::participants::{self, NewParticipant, ParticipantRow};
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::db::{Db, Tx, tournaments};
use crate::domain::email::Email;
use crate::domain::{ParticipantStatus, TournamentStatus};
use crate::domain::{entry, names};
use crate::ids::ParticipantId;

/// Who asks to register.
#[derive(Debug, Clone, Copy)]
pub struct Applicant<'a> {
    /// The display name, as typed.
    pub name: &'a str,
    /// The email address, as typed; private.
    pub email: Option<&'a str>,
    /// The secret of the private link the player may withdraw by, chosen by the caller: the
    /// portal derives it from the visit (`http::forms`), so that a registration sent again with
    /// the same secret, name and address is recognised as the same one and answered as done.
    /// `None`: no link (the shell withdraws by name).
    pub withdrawal_secret: Option<&'a str>,
    /// A team's players' display names (`name` is the team's); empty for a player.
    pub roster: &'a [String],
}

impl<'a> Applicant<'a> {
    /// A registration made by an admin: a name, no email, no withdrawal link.
    pub fn named(name: &'a str) -> Applicant<'a> {
        Applicant {
            name,
            email: None,
            withdrawal_secret: None,
            roster: &[],
        }
    }
}

/// A registration just made, and its withdrawal secret (never logged).
pub struct Registered {
    pub participant: ParticipantRow,
    pub withdrawal_secret: Option<String>,
    /// The same registration was made before with the same withdrawal secret: nothing was
    /// written now.
    pub again: bool,
    /// The place on the waiting list, from 1, when the field was full.
    pub waiting_position: Option<i64>,
}

/// The stored form of a withdrawal secret: lowercase hex SHA-256.
pub fn withdrawal_hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// A random withdrawal secret, for callers that have no visit to derive one from.
pub fn new_withdrawal_secret() -> Result<String, ServiceError> {
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes).map_err(|source| ServiceError::NoRandomness {
        what: "a withdrawal link",
        source,
    })?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
}

/// An applicant whose name and address passed the rules, with their withdrawal secret if they
/// get one: what a registration writes, owned so that it can wait in a queue.
#[derive(Debug)]
pub struct Checked {
    name: String,
    email: Option<Email>,
    secret: Option<String>,
    /// As sent: checked against the tournament's team size when it is read.
    roster: Vec<String>,
}

impl Checked {
    /// Checks the applicant's name and address (nothing is read or written).
    pub fn new(applicant: &Applicant<'_>) -> Result<Checked, ServiceError> {
        let name = names::participant_name(applicant.name).map_err(|e| Invalid::Field {
            field: Field::ParticipantName,
            reason: e.to_string(),
        })?;
        let email = applicant
            .email
            .map(Email::parse)
            .transpose()
            .map_err(Invalid::from)?;
        let secret = applicant.withdrawal_secret.map(str::to_owned);
        Ok(Checked {
            name: name.to_owned(),
            email,
            secret,
            roster: applicant.roster.to_vec(),
        })
    }
}

/// Registers an applicant while registration is open and there is room.
pub async fn register(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    applicant: &Applicant<'_>,
) -> Result<Registered, ServiceError> {
    let checked = Checked::new(applicant)?;
    let mut tx = db.begin().await?;
    let registered = register_in(&mut tx, ctx, slug, checked).await?;
    tx.commit().await?;
    Ok(registered)
}

/// Registers a checked applicant inside `tx`, which the caller commits.
pub(super) async fn register_in(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    slug: &str,
    checked: Checked,
) -> Result<Registered, ServiceError> {
    let Checked {
        name,
        email,
        secret,
        roster,
    } = checked;
    let name = name.as_str();
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Organise).await?;
    if tournament.status != TournamentStatus::RegistrationOpen {
        return Err(Rule::RegistrationClosed {
            tournament: tournament.slug,
            status: tournament.status,
        }
        .into());
    }
    // Registration ends with the check-in: who plays is decided.
    if tournament.check_in_processed_at.is_some() {
        return Err(Rule::CheckInOver {
            tournament: tournament.slug,
        }
        .into());
    }
    let entry = tournament.entry()?;
    let roster = entry::roster(entry.teams.as_ref(), &roster).map_err(Invalid::Roster)?;
    let already = || Conflict::AlreadyRegistered {
        tournament: tournament.slug.clone(),
        name: name.to_owned(),
    };
    let name_key = names::name_key(name);
    let email_key = email.as_ref().map(Email::key);
    let clashes =
        participants::field_clashes(tx.conn(), tournament.id, &name_key, email_key.as_deref())
            .await?;
    if clashes
        .iter()
        .any(|(other, _)| names::name_key(other) == name_key)
    {
        // The same form sent again (a double click): the same registration, not a clash.
        if let Some(secret) = &secret
            && let Some(participant) =
                participants::find_by_withdrawal(tx.conn(), &withdrawal_hash(secret))
                    .await?
                    .filter(|p| p.tournament_id == tournament.id)
        {
            let waiting_position = waiting_position(tx, &participant).await?;
            return Ok(Registered {
                participant,
                withdrawal_secret: Some(secret.clone()),
                again: true,
                waiting_position,
            });
        }
        return Err(already().into());
    }
    if let Some(key) = &email_key {
        let taken = clashes
            .iter()
            .filter_map(|(_, other)| other.as_deref())
            .any(|other| other.to_lowercase() == *key);
        if taken {
            return Err(Conflict::EmailTaken {
                tournament: tournament.slug.clone(),
            }
            .into());
        }
    }
    let status = place_for_newcomer(tx, &tournament, entry.waiting_list).await?;
    let hash = secret.as_deref().map(withdrawal_hash);
    let roster = (entry.teams.is_some()).then(|| participants::encode_roster(&roster));
    let new = NewParticipant {
        tournament_id: tournament.id,
        name,
        seed: None,
        place: None,
        place_to: None,
        status,
        registered_at: ctx.now,
        withdrawn_at: None,
        name_key: &name_key,
        email: email.as_ref().map(Email::as_str),
        email_key: email_key.as_deref(),
        withdrawal_hash: hash.as_deref(),
        roster: roster.as_deref(),
    };
    let participant = match participants::insert(tx.conn(), &new).await {
        Ok(row) => row,
        Err(e) if e.is_unique_violation() => return Err(already().into()),
        Err(e) => return Err(e.into()),
    };
    let event = publish::registration_created(ctx, &tournament, &space, &participant)?;
    publish::to_subscribers(tx, ctx, &space, &event).await?;
    tournaments::touch(tx.conn(), tournament.id, ctx.now).await?;
    audit::record(
        tx,
        ctx,
        Some(space.id),
        Action::RegistrationCreated,
        Some(&tournament.id),
        Some(&participant.id.to_string()),
    )
    .await?;
    let waiting_position = waiting_position(tx, &participant).await?;
    Ok(Registered {
        participant,
        withdrawal_secret: secret,
        again: false,
        waiting_position,
    })
}

/// Where a newcomer goes: into the field while it has room and nobody waits, else onto the
/// waiting list while that has room.
async fn place_for_newcomer(
    tx: &mut Tx,
    tournament: &TournamentRow,
    waiting_list: Option<u32>,
) -> Result<ParticipantStatus, ServiceError> {
    let room = tournament.field_size < tournament.max_participants;
    let Some(length) = waiting_list else {
        return if room {
            Ok(ParticipantStatus::Active)
        } else {
            Err(Conflict::Full {
                taken: tournament.field_size,
                max: tournament.max_participants,
            }
            .into())
        };
    };
    let waiting = participants::count_waiting(tx.conn(), tournament.id).await?;
    if room && waiting == 0 {
        Ok(ParticipantStatus::Active)
    } else if waiting < i64::from(length) {
        Ok(ParticipantStatus::Waiting)
    } else {
        Err(Conflict::WaitingListFull {
            max: i64::from(length),
        }
        .into())
    }
}

/// A participant's place on the waiting list, if they wait.
pub(super) async fn waiting_position(
    tx: &mut Tx,
    participant: &ParticipantRow,
) -> Result<Option<i64>, ServiceError> {
    if participant.status != ParticipantStatus::Waiting {
        return Ok(None);
    }
    Ok(Some(
        participants::waiting_position(tx.conn(), participant).await?,
    ))
}

/// Whom a withdrawal or a check-in names: a participant of a tournament by name or id (`par_7`,
/// from the shell), or the secret of a registration's private link (from the portal).
#[derive(Debug, Clone, Copy)]
pub enum Registrant<'a> {
    Named { tournament: &'a str, who: &'a str },
    Link(&'a str),
}

/// The registration `who` names, with its tournament's row held (taken first, as every writer
/// to a tournament's records takes it: what is read after it cannot change before the
/// transaction ends), and its space.
pub(super) async fn find_registrant(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    who: Registrant<'_>,
    duty: Duty,
) -> Result<(ParticipantRow, TournamentRow, SpaceRow), ServiceError> {
    match who {
        Registrant::Named { tournament, who } => {
            let (tournament, space) =
                find_tournament_for_update(tx.conn(), ctx, tournament, duty).await?;
            let by_id = match ParticipantId::parse_prefixed(who) {
                Some(id) => participants::find(tx.conn(), id).await?.filter(|p| {
                    p.tournament_id == tournament.id && p.status != ParticipantStatus::Withdrawn
                }),
                None => None,
            };
            let participant = match by_id {
                Some(p) => p,
                // By name as registration compares names: `anna  KUZNETSOVA` is Anna Kuznetsova.
                None => {
                    let key = names::name_key(who);
                    participants::named_in_field(tx.conn(), tournament.id, &key)
                        .await?
                        .into_iter()
                        .find(|p| names::name_key(&p.name) == key)
                        .ok_or_else(|| Missing::Registration {
                            tournament: tournament.slug.clone(),
                            who: who.to_owned(),
                        })?
                }
            };
            Ok((participant, tournament, space))
        }
        Registrant::Link(secret) => {
            let hash = withdrawal_hash(secret);
            let named = participants::find_by_withdrawal(tx.conn(), &hash)
                .await?
                .ok_or(Missing::WithdrawalLink)?;
            let tournament = tournaments::find_by_id_for_update(tx.conn(), named.tournament_id)
                .await?
                .ok_or(Missing::WithdrawalLink)?;
            // Read again under the lock: the same link used twice at once acts once.
            let participant = participants::find_by_withdrawal(tx.conn(), &hash)
                .await?
                .filter(|p| p.id == named.id)
                .ok_or(Missing::WithdrawalLink)?;
            let space = space_of(tx.conn(), tournament.space_id, &tournament.id).await?;
            Ok((participant, tournament, space))
        }
    }
}

/// A player's private page, given at the desk: the link's secret (shown once: only its hash is
/// kept) and the address the player gave, if any, for the one who gives it to send it.
#[derive(Debug, Clone)]
pub struct GivenLink {
    pub participant: ParticipantRow,
    pub secret: String,
    pub email: Option<String>,
}

/// Gives a registrant (in the field or waiting) a private page link: a player added at the
/// desk has none, and a lost one is replaced. Any link given before stops working. Audited,
/// without the secret.
pub async fn give_link(
    db: &Db,
    ctx: &Ctx<'_>,
    who: Registrant<'_>,
) -> Result<GivenLink, ServiceError> {
    let secret = new_withdrawal_secret()?;
    let mut tx = db.begin().await?;
    let (participant, tournament, space) =
        find_registrant(&mut tx, ctx, who, Duty::Results).await?;
    if !matches!(
        participant.status,
        ParticipantStatus::Active | ParticipantStatus::Waiting
    ) || matches!(
        tournament.status,
        TournamentStatus::Completed | TournamentStatus::Cancelled
    ) {
        return Err(Rule::NotEntered {
            tournament: tournament.slug,
            who: participant.name,
        }
        .into());
    }
    participants::set_withdrawal_hash(tx.conn(), participant.id, &withdrawal_hash(&secret)).await?;
    let email = participants::email_of(tx.conn(), participant.id).await?;
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::RegistrationLinkGiven,
        Some(&tournament.id),
        Some(&participant.id.to_string()),
    )
    .await?;
    tx.commit().await?;
    Ok(GivenLink {
        participant,
        secret,
        email,
    })
}

/// Withdraws a registration (in the field or waiting) before the tournament starts; a place
/// it frees goes to the next in line.
pub async fn withdraw(
    db: &Db,
    ctx: &Ctx<'_>,
    who: Registrant<'_>,
) -> Result<ParticipantRow, ServiceError> {
    let mut tx = db.begin().await?;
    let (participant, tournament, space) =
        find_registrant(&mut tx, ctx, who, Duty::Organise).await?;
    if !open_for_withdrawal(tournament.status) {
        return Err(Rule::WithdrawalClosed {
            status: tournament.status,
        }
        .into());
    }
    let withdrawn = withdraw_in(&mut tx, ctx, &tournament, &space, &participant, None).await?;
    if participant.status.in_field() {
        waiting_list::fill(&mut tx, ctx, tournament.id, &space).await?;
    }
    tx.commit().await?;
    Ok(withdrawn)
}

/// Writes a withdrawal with its event and audit entry (`why` adds to the entry: a no-show).
pub(super) async fn withdraw_in(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    participant: &ParticipantRow,
    why: Option<&str>,
) -> Result<ParticipantRow, ServiceError> {
    let withdrawn = participants::withdraw(tx.conn(), participant.id, ctx.now).await?;
    let event = publish::registration_withdrawn(ctx, tournament, space, &withdrawn)?;
    publish::to_subscribers(tx, ctx, space, &event).await?;
    tournaments::touch(tx.conn(), tournament.id, ctx.now).await?;
    let details = match why {
        Some(why) => format!("{} ({why})", withdrawn.id),
        None => withdrawn.id.to_string(),
    };
    audit::record(
        tx,
        ctx,
        Some(space.id),
        Action::RegistrationWithdrawn,
        Some(&tournament.id),
        Some(&details),
    )
    .await?;
    Ok(withdrawn)
}

/// Registrations can be withdrawn until the tournament starts.
fn open_for_withdrawal(status: TournamentStatus) -> bool {
    !matches!(
        status,
        TournamentStatus::InProgress | TournamentStatus::Completed | TournamentStatus::Cancelled
    )
}
