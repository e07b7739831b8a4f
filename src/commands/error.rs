//! The error of the command layer: what a user sees on stderr when a command fails (exit 1), and
//! the one place a [`ServiceError`] is worded for the shell, naming the commands and flags that
//! would help.
//!
//! Commands return [`Error`]; `main` prints it once. Messages name the bad input and what to do
//! instead; they never carry secrets or stack traces.

use std::path::PathBuf;

use crate::db::DbError;
use crate::domain::TournamentStatus;
use crate::domain::engine::EngineError;
use crate::domain::formats::groups::MAX_GROUPS;
use crate::domain::formats::swiss::MAX_THRESHOLD;
use crate::domain::settings::{MAX_PARTICIPANTS, Setting, SettingsError};
use crate::import::ImportError;
use crate::service::{Conflict, Field, Invalid, RoomRule, Rule, ServiceError};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An operation refused or failed.
    #[error("{}", describe(.0))]
    Service(#[from] ServiceError),
    /// An argument's value is malformed (one clap cannot check).
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Import(#[from] ImportError),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Backup(#[from] crate::db::backup::BackupError),
    #[error(transparent)]
    Webhook(#[from] crate::webhook::dispatcher::DispatchError),
    #[error(transparent)]
    WebhookClient(#[from] crate::webhook::client::ClientError),
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The threads of a loop that runs on a runtime of its own could not be started.
    #[error("cannot start the threads of {what}: {source}")]
    Threads {
        what: &'static str,
        #[source]
        source: std::io::Error,
    },
    /// Writing to standard output failed (a closed pipe is not reported).
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
}

impl From<crate::service::Missing> for Error {
    fn from(missing: crate::service::Missing) -> Error {
        Error::Service(missing.into())
    }
}

/// A service error as the shell says it.
pub fn describe(error: &ServiceError) -> String {
    match error {
        ServiceError::Invalid(Invalid::Field { field, reason }) => match field {
            Field::Slug | Field::Url => reason.clone(),
            Field::PrivateAddress => format!(
                "{reason}\n{}; {}",
                super::hints::PRIVATE_ADDRESS,
                super::hints::SERVE_TOO
            ),
            Field::ParticipantName => format!("the name {reason}"),
            Field::Email => format!("--email: {reason}"),
            Field::Name | Field::KeyLabel => format!("--name: {reason}"),
            Field::Game => format!("--game: {reason}"),
            Field::Description => format!("--description: {reason}"),
            Field::Overlap => format!("--overlap: {reason}"),
            Field::Grace => format!("--grace: {reason}"),
            Field::Password => format!("the password {reason}"),
            Field::Seeds => format!("the seed order: {reason}"),
            Field::StationName => format!("the station's name: {reason}"),
            Field::Place => format!("the place {reason}"),
        },
        ServiceError::Invalid(Invalid::Timing(error)) => format!(
            "{error} (--match-duration, --rest and --no-show-after take durations such as 90s, 20m or 1h)"
        ),
        ServiceError::Invalid(Invalid::Settings(error)) => settings(error),
        ServiceError::Conflict(conflict) => match conflict {
            Conflict::TooManyKeys { space, .. } => {
                format!("{conflict} (`tourney keys list --space {space}`)")
            }
            Conflict::TooManyHooks { .. } => format!("{conflict} (tourney hooks remove HOOK_ID)"),
            Conflict::HookDisabled { id } => format!(
                "{conflict} (`tourney hooks enable {id}`; `tourney ping {id}` checks its receiver meanwhile)"
            ),
            Conflict::LastOwner { space } => format!(
                "{conflict} (make another member an owner first: `tourney members role --space {space} --email E owner`)"
            ),
            _ => conflict.to_string(),
        },
        ServiceError::Rule(rule) => match rule {
            Rule::Move(refused) => refused.explain(match refused.to {
                TournamentStatus::InProgress => {
                    "a tournament moves to IN_PROGRESS when `tourney tournaments start` draws it; registration must be closed first"
                }
                TournamentStatus::Completed => {
                    "a tournament completes by itself when its last match is reported"
                }
                _ => "",
            }),
            Rule::RegistrationClosed { tournament, .. } => format!(
                "{rule} (open it with `tourney tournaments status {tournament} REGISTRATION_OPEN`)"
            ),
            Rule::NotStartable { tournament, .. } => format!(
                "{rule} (close it with `tourney tournaments status {tournament} REGISTRATION_CLOSED`)"
            ),
            Rule::WithdrawalClosed { .. } => format!(
                "{rule} (report a forfeit with `tourney matches report --forfeit` instead)"
            ),
            Rule::CannotStart { tournament, error } => {
                format!("'{tournament}' cannot start: {}", engine(error))
            }
            Rule::Match { id, error } => format!("match {id} {}", engine(error)),
            Rule::Room(room) => room_hint(room),
            _ => rule.to_string(),
        },
        ServiceError::Storage(db) => match db.write_refusal() {
            Some(refusal) => format!(
                "the database refuses writes: {refusal}, so nothing was changed; {} and run the command again ({db})",
                match refusal {
                    crate::db::WriteRefusal::Full => "free space on its disk",
                    crate::db::WriteRefusal::ReadOnly => "make it writable",
                }
            ),
            None => db.to_string(),
        },
        other => other.to_string(),
    }
}

/// The room's refusals, with the command that gets past them.
fn room_hint(rule: &RoomRule) -> String {
    match rule {
        RoomRule::StationHolds {
            game, tournament, ..
        } => format!("{rule} (`tourney matches uncall {tournament} {game}` takes the call back)"),
        RoomRule::NoStations { tournament } => format!(
            "{rule} (`tourney tournaments update {tournament} --stations all` plays it on every station of its space)"
        ),
        RoomRule::NoFreeStation { .. } => {
            format!("{rule}: record a result, take a call back or resume a paused station first")
        }
        _ => rule.to_string(),
    }
}

/// The engine's refusals, with the flags that report a result.
fn engine(error: &EngineError) -> String {
    match error {
        EngineError::AlreadyCompleted => {
            "is already completed; use `tourney matches correct` to change its result".into()
        }
        EngineError::PlacesExpected => {
            "is a free-for-all round: report it with --place, naming every participant in finishing order".into()
        }
        EngineError::ScoreExpected => "has two sides: report it with --score A-B".into(),
        EngineError::BadPlaces(detail) => {
            format!("needs every participant of the round exactly once in --place: {detail}")
        }
        other => other.to_string(),
    }
}

/// Settings refusals, with the flags of `tournaments create`.
fn settings(error: &SettingsError) -> String {
    match error {
        SettingsError::Capacity => {
            format!("--max-participants must be between 2 and {MAX_PARTICIPANTS}")
        }
        SettingsError::OnlyFor { setting, format } => {
            let flag = match setting {
                Setting::ThirdPlace => "--third-place",
                Setting::Rounds => "--rounds",
                Setting::Points => "--points",
                Setting::Thresholds => "--advance-wins/--eliminate-losses",
            };
            let formats: Vec<&str> = setting.formats().iter().map(|f| f.as_str()).collect();
            format!(
                "{flag} applies only to {}, not {format}",
                formats.join(" and ")
            )
        }
        SettingsError::GroupsTogether { format } => format!(
            "--groups N and --advance N go together with groups_playoffs; a round_robin takes --groups N alone (the format is {format})"
        ),
        SettingsError::Thresholds => format!(
            "--advance-wins and --eliminate-losses go together, each from 1 to {MAX_THRESHOLD}, and replace --rounds"
        ),
        SettingsError::GroupRange => {
            format!("--groups must be between 1 and {MAX_GROUPS}, and --advance at least 1")
        }
        SettingsError::PlayoffTooSmall => {
            "the playoff needs at least 2 participants: raise --groups or --advance".into()
        }
        SettingsError::GroupsNeedPlaces { groups } => format!(
            "{groups} groups need at least {} places (--max-participants)",
            groups * 2
        ),
        SettingsError::NoRounds => "--rounds must be at least 1".into(),
        SettingsError::PointsOrder => {
            "--points lists points for places 1, 2, 3, ... and a lower place never earns more"
                .into()
        }
    }
}
