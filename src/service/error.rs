//! The service layer's one error: what an operation refused and why, typed so that each caller
//! words it once in its own terms (the shell with its commands and flags in `commands`, HTTP in
//! `http`, the portal in the visitor's language). Messages here name no command or flag.

use std::fmt;

use crate::db::DbError;
use crate::domain::engine::EngineError;
use crate::domain::lifecycle::MoveRefused;
use crate::domain::room::TimingError;
use crate::domain::settings::SettingsError;
use crate::domain::{DeliveryStatus, MatchStatus, TournamentStatus};
use crate::ids::{DeliveryId, HookId, KeyId, MatchId};
use crate::import::ImportError;

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// What the request names does not exist.
    #[error("{0}")]
    NotFound(Missing),
    /// The input is malformed or not allowed, whatever is stored.
    #[error("{0}")]
    Invalid(Invalid),
    /// The input clashes with what already exists.
    #[error("{0}")]
    Conflict(Conflict),
    /// The tournament's state or the engine's rules do not allow it now.
    #[error("{0}")]
    Rule(Rule),
    /// A space's member whose role does not hold the duty the operation needs.
    #[error("a {role} of this space may not do this: it is for {}", crate::service::access::holders(*duty))]
    Forbidden {
        role: crate::domain::Role,
        duty: crate::service::access::Duty,
    },
    /// An import document that clashes with what is stored, at the path of the first bad field.
    #[error(transparent)]
    Document(ImportError),
    /// The operating system gave no random numbers for a secret.
    #[error("the operating system gave no random numbers for {what}: {source}")]
    NoRandomness {
        what: &'static str,
        source: getrandom::Error,
    },
    /// The database failed (it is down, slow, or refused the statement), or what it holds breaks
    /// what tourney writes (`DbError::Corrupt`), or tourney broke a rule of its own
    /// (`DbError::Bug`).
    #[error(transparent)]
    Storage(DbError),
    /// The password hashing itself failed (its threads stopped, or Argon2 refused its own
    /// parameters): never the password's or the data's fault.
    #[error("cannot hash a password: {0}")]
    Hashing(String),
}

impl From<DbError> for ServiceError {
    fn from(error: DbError) -> ServiceError {
        match error {
            DbError::Changed(what) => ServiceError::Conflict(Conflict::ChangedMeanwhile { what }),
            other => ServiceError::Storage(other),
        }
    }
}

impl From<crate::webhook::dispatcher::DispatchError> for ServiceError {
    fn from(error: crate::webhook::dispatcher::DispatchError) -> ServiceError {
        use crate::webhook::dispatcher::DispatchError;
        match error {
            DispatchError::Db(db) => db.into(),
            DispatchError::Random(source) => ServiceError::NoRandomness {
                what: "a claim token",
                source,
            },
        }
    }
}

impl From<Missing> for ServiceError {
    fn from(missing: Missing) -> ServiceError {
        ServiceError::NotFound(missing)
    }
}

/// An email address refused: the input's email field, with why.
impl From<crate::domain::email::InvalidEmail> for Invalid {
    fn from(error: crate::domain::email::InvalidEmail) -> Invalid {
        Invalid::Field {
            field: Field::Email,
            reason: error.to_string(),
        }
    }
}

impl From<Invalid> for ServiceError {
    fn from(invalid: Invalid) -> ServiceError {
        ServiceError::Invalid(invalid)
    }
}

impl From<Conflict> for ServiceError {
    fn from(conflict: Conflict) -> ServiceError {
        ServiceError::Conflict(conflict)
    }
}

impl From<Rule> for ServiceError {
    fn from(rule: Rule) -> ServiceError {
        ServiceError::Rule(rule)
    }
}

/// What was looked for and not found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Missing {
    #[error("no space has the slug '{slug}'")]
    Space { slug: String },
    #[error("no tournament has the slug '{slug}'")]
    Tournament { slug: String },
    /// `id` as given, which may not even be a match id.
    #[error("'{tournament}' has no match '{id}'")]
    Match { tournament: String, id: String },
    #[error("'{who}' is not registered in '{tournament}'")]
    Registration { tournament: String, who: String },
    /// A withdrawal link that names no registration in a field (used already, or never made).
    #[error("this withdrawal link is not valid: it was used already, or never given")]
    WithdrawalLink,
    /// `id` as given, which may not even be a key id.
    #[error("no key has the id '{id}'")]
    Key { id: String },
    #[error("no webhook address has the id {id}")]
    Hook { id: HookId },
    #[error("no active webhook address has the id {id}")]
    ActiveHook { id: HookId },
    #[error("no delivery has the id {id}")]
    Delivery { id: DeliveryId },
    #[error("{email} is not a member of '{space}'")]
    Member { space: String, email: String },
    #[error("nobody with the address {email} is a member of any space")]
    Person { email: String },
    #[error("'{space}' has no station '{name}'")]
    Station { space: String, name: String },
}

/// A field of the input an operation was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Slug,
    /// A space's or a tournament's display name.
    Name,
    Game,
    Description,
    /// A participant's display name.
    ParticipantName,
    /// A participant's email address.
    Email,
    /// An API key's label.
    KeyLabel,
    /// A webhook address.
    Url,
    /// A webhook address that is (or resolves to) a private or internal one, which the
    /// network policy does not allow.
    PrivateAddress,
    /// How long a replaced webhook secret keeps signing.
    Overlap,
    /// How long a rolled API key keeps working.
    Grace,
    /// A member's password.
    Password,
    /// A tournament's seed order.
    Seeds,
    /// A station's name.
    StationName,
    /// Where a space's tournaments are played.
    Place,
}

impl Field {
    pub fn name(self) -> &'static str {
        match self {
            Field::Slug => "slug",
            Field::Name => "name",
            Field::Game => "game",
            Field::Description => "description",
            Field::ParticipantName => "the name",
            Field::Email => "the email address",
            Field::KeyLabel => "label",
            Field::Url | Field::PrivateAddress => "address",
            Field::Overlap => "overlap",
            Field::Grace => "grace",
            Field::Password => "the password",
            Field::Seeds => "the seed order",
            Field::StationName => "the station's name",
            Field::Place => "the place",
        }
    }
}

/// Input refused before anything stored is consulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invalid {
    /// One field is wrong; `reason` reads after the field's name ("must not be blank"), or
    /// whole on its own for the slug and the address, which name the value they refuse.
    Field {
        field: Field,
        reason: String,
    },
    /// The tournament's settings do not fit its format or each other.
    Settings(SettingsError),
    /// The check-in, team or waiting-list settings are out of range.
    Entry(crate::domain::entry::EntryError),
    /// A team's roster does not fit the tournament.
    Roster(crate::domain::entry::RosterError),
    SelfReport(crate::domain::self_report::SelfReportError),
    Timing(TimingError),
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Field {
                field: Field::Slug | Field::Url | Field::PrivateAddress,
                reason,
            } => f.write_str(reason),
            Invalid::Field { field, reason } => write!(f, "{}: {reason}", field.name()),
            Invalid::Settings(error) => write!(f, "{error}"),
            Invalid::Entry(error) => write!(f, "{error}"),
            Invalid::Roster(error) => write!(f, "the roster: {error}"),
            Invalid::SelfReport(error) => write!(f, "{error}"),
            Invalid::Timing(error) => write!(f, "{error}"),
        }
    }
}

/// A clash with what already exists.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Conflict {
    #[error("space '{slug}' already exists; choose another slug")]
    SpaceExists { slug: String },
    #[error("the demo space '{slug}' already exists")]
    DemoExists { slug: String },
    #[error(
        "a tournament with the slug '{slug}' already exists; slugs are unique across all spaces"
    )]
    TournamentExists { slug: String },
    #[error("'{name}' is already registered in '{tournament}'")]
    AlreadyRegistered { tournament: String, name: String },
    #[error("this email address is already registered in '{tournament}'")]
    EmailTaken { tournament: String },
    #[error("the tournament is full: {taken} of {max} places are taken")]
    Full { taken: i64, max: i64 },
    #[error("the tournament is full and so is its waiting list ({max} waiting)")]
    WaitingListFull { max: i64 },
    #[error("the check-in of '{tournament}' is already closed")]
    CheckInProcessed { tournament: String },
    #[error(
        "the field of '{tournament}' changed since this page was loaded (a registration or a withdrawal); nothing was changed: look at it again"
    )]
    FieldChanged { tournament: String },
    #[error(
        "the seed order of '{tournament}' changed since this page was loaded (someone saved another); nothing was changed: look at it again"
    )]
    SeedsChanged { tournament: String },
    /// A page's form built on a tournament as it no longer is: nothing was changed.
    #[error(
        "'{tournament}' changed since this page was loaded: {what}; nothing was changed: look at it again"
    )]
    Stale { tournament: String, what: Changed },
    #[error(
        "match {id} changed since this page was loaded (its players or its result); nothing was changed: look at it again"
    )]
    MatchChanged { id: MatchId },
    #[error(
        "'{tournament}' has moved on since this page was loaded: it is {status} now; nothing was changed"
    )]
    MovedOn {
        tournament: String,
        status: TournamentStatus,
    },
    /// A second claim of a match, or an answer to a claim the page did not show.
    #[error(
        "the report of match {id} changed since this page was loaded; nothing was changed: look at it again"
    )]
    ClaimChanged { id: MatchId },
    /// A row changed by someone else between this operation's read and its write.
    #[error("{what} changed meanwhile, by someone else; nothing was changed: look at it again")]
    ChangedMeanwhile { what: String },
    #[error("'{tournament}' already has a draw")]
    AlreadyDrawn { tournament: String },
    #[error("space '{space}' already has {active} active keys, the most allowed; revoke one first")]
    TooManyKeys { space: String, active: i64 },
    #[error("{id} is already revoked")]
    KeyRevoked { id: KeyId },
    #[error("{id} was rolled already; roll its replacement instead")]
    KeyRolled { id: KeyId },
    #[error("{email} is already a member of '{space}'")]
    AlreadyMember { space: String, email: String },
    #[error("'{space}' must keep at least one owner")]
    LastOwner { space: String },
    #[error("{id} is disabled already")]
    AlreadyDisabled { id: HookId },
    #[error(
        "space '{space}' already has {max} active webhook addresses, the most allowed; remove one first"
    )]
    TooManyHooks { space: String, max: i64 },
    #[error("{id} was removed; add the address again to use it")]
    HookRemoved { id: HookId },
    #[error("{id} is {status}; only failed deliveries can be retried by hand")]
    NotRetriable {
        id: DeliveryId,
        status: DeliveryStatus,
    },
    #[error("{id} is not disabled; it receives events")]
    NotDisabled { id: HookId },
    #[error("{id} is disabled; it receives nothing until it is enabled again")]
    HookDisabled { id: HookId },
    #[error(
        "'{space}' already has a station '{name}' (names are compared without case or extra spaces)"
    )]
    StationExists { space: String, name: String },
    #[error("station '{station}' was given another match meanwhile; nothing was changed")]
    StationTaken { station: String },
}

/// What of a tournament changed under a page's form.
/// What the room refuses: a call, a start, a station's removal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoomRule {
    #[error(
        "station '{station}' holds match {game} of '{tournament}': take the call back or record its result first"
    )]
    StationHolds {
        station: String,
        game: MatchId,
        tournament: String,
    },
    #[error("'{tournament}' plays on no station")]
    NoStations { tournament: String },
    #[error("station '{station}' is not one that '{tournament}' plays on")]
    NotServing { station: String, tournament: String },
    #[error("station '{station}' is paused: resume it first")]
    Paused { station: String },
    #[error("match {id} cannot be called: it is {status}, not ready between two players")]
    NotCallable { id: MatchId, status: MatchStatus },
    #[error("match {id} is already called to '{station}'")]
    AlreadyCalled { id: MatchId, station: String },
    #[error(
        "{who} is called to '{station}' for match {game}: a player is called to one station at a time"
    )]
    PlayerBusy {
        who: String,
        station: String,
        game: MatchId,
    },
    #[error("match {id} is not called to a station")]
    NotCalled { id: MatchId },
    #[error("match {id} is being played already")]
    AlreadyStarted { id: MatchId },
    #[error("no station of '{tournament}' is free and unpaused")]
    NoFreeStation { tournament: String },
    #[error(
        "no waiting match may be called to '{station}' now: none waits, or its players are on another station or resting"
    )]
    NothingToCall { station: String },
    #[error("'{tournament}' is {status}: its matches are called only while it is in play")]
    NotInPlay {
        tournament: String,
        status: TournamentStatus,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Changed {
    #[error("its settings were changed by someone else")]
    Settings,
    #[error("its stages were changed by someone else")]
    Stages,
    #[error("the seed order of stage {stage} changed")]
    StageSeeds { stage: u32 },
}

/// What the tournament's state or the engine's rules do not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rule {
    /// A status move that is not allowed.
    #[error("{0}")]
    Move(MoveRefused),
    /// What the room's calls and stations do not allow.
    #[error("{0}")]
    Room(RoomRule),
    #[error("registration is not open: the tournament is {status}")]
    RegistrationClosed {
        tournament: String,
        status: TournamentStatus,
    },
    #[error("the tournament is {status}; registrations can be withdrawn only before it starts")]
    WithdrawalClosed { status: TournamentStatus },
    #[error("only a tournament whose registration is closed can start; '{tournament}' is {status}")]
    NotStartable {
        tournament: String,
        status: TournamentStatus,
    },
    /// The engine refused a stage as planned or a reseeding.
    #[error("'{tournament}': {error}")]
    Stages {
        tournament: String,
        error: EngineError,
    },
    #[error("'{tournament}' cannot start: {error}")]
    CannotStart {
        tournament: String,
        error: EngineError,
    },
    #[error("results are reported while a tournament is IN_PROGRESS; '{tournament}' is {status}")]
    NotInPlay {
        tournament: String,
        status: TournamentStatus,
    },
    #[error(
        "'{tournament}' is {status}; only results of a tournament in progress or completed can be corrected"
    )]
    NotCorrectable {
        tournament: String,
        status: TournamentStatus,
    },
    #[error(
        "match {id} cannot be corrected this way: '{tournament}' is completed, and the new result would reopen later matches"
    )]
    WouldReopen { id: MatchId, tournament: String },
    /// The engine refused a result for this match.
    #[error("match {id} {error}")]
    Match { id: MatchId, error: EngineError },
    /// A free-for-all place names someone who does not play.
    #[error("'{who}' does not play in '{tournament}'")]
    NotPlaying { tournament: String, who: String },
    /// A setting the draw depends on, changed after the draw.
    #[error("'{tournament}' is {status}: its {setting} can change only before it starts")]
    Drawn {
        tournament: String,
        status: TournamentStatus,
        setting: &'static str,
    },
    /// A capacity below the registrations already made.
    #[error("'{tournament}' has {taken} registrations; its capacity cannot go below that")]
    BelowField { tournament: String, taken: i64 },
    #[error("'{tournament}' has no check-in")]
    NoCheckIn { tournament: String },
    #[error("the check-in of '{tournament}' opens at {opens_at}")]
    CheckInNotYet {
        tournament: String,
        opens_at: String,
    },
    #[error("the check-in of '{tournament}' is over")]
    CheckInOver { tournament: String },
    #[error("'{who}' is not in the field or on the waiting list of '{tournament}'")]
    NotEntered { tournament: String, who: String },
    #[error("'{who}' waits for a place in '{tournament}': only the field is seeded")]
    WaitsForAPlace { tournament: String, who: String },
    #[error("'{tournament}' is {status}: seeds are set only before the start")]
    NotSeedable {
        tournament: String,
        status: TournamentStatus,
    },
    /// Teams on or off, once someone has registered.
    #[error(
        "'{tournament}' has registrations: whether it takes teams can change only before the first"
    )]
    TeamsFixed { tournament: String },
    #[error("{teams} registered team(s) of '{tournament}' do not fit that team size")]
    RostersOutside { tournament: String, teams: usize },
    #[error("{waiting} wait in '{tournament}': its waiting list cannot be shorter")]
    BelowWaiting { tournament: String, waiting: i64 },
    /// An entry setting changed once registration is over.
    #[error(
        "'{tournament}' is {status}: check-in, teams and the waiting list change only while registration is open"
    )]
    EntryFixed {
        tournament: String,
        status: TournamentStatus,
    },
    /// A setting that cannot change once a tournament is over.
    #[error("'{tournament}' is {status}: who reports its results no longer changes")]
    Over {
        tournament: String,
        status: TournamentStatus,
    },
    /// A player's report in a tournament whose results only organisers report.
    #[error("players do not report results in '{tournament}'")]
    NoSelfReport { tournament: String },
    /// A player's report of a match that is not ready, or not theirs.
    #[error("match {id} is not yours to report: it is not ready to play, or you do not play in it")]
    NotYourMatch { id: MatchId },
    /// The claimant answering their own claim.
    #[error("you reported match {id}: your opponent confirms or disputes it")]
    OwnClaim { id: MatchId },
    #[error("match {id} is disputed: an organiser decides its result")]
    Disputed { id: MatchId },
    #[error("the time to answer the report of match {id} has ended: the report stands")]
    AnswerTooLate { id: MatchId },
}

impl From<RoomRule> for ServiceError {
    fn from(rule: RoomRule) -> ServiceError {
        ServiceError::Rule(Rule::Room(rule))
    }
}
