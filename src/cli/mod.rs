//! The command line as parsed by clap: every subcommand, argument and environment variable.
//!
//! Only shapes and help texts live here. Validation that needs more than clap's value lists
//! happens in `config` (global settings) and in each command; completions and man pages are
//! generated from this definition.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use clap_complete::Shell;

use crate::domain::{Format, Locale, Side, TournamentStatus};

mod values;
mod webhooks;
pub use webhooks::{
    AllowArgs, DeliveryArgs, DispatchArgs, HooksCommand, NetworkArgs, VerifyArgs, VerifyCommand,
};

pub const DEFAULT_DATABASE_URL: &str = "sqlite://tourney.db";
pub const DEFAULT_BASE_URL: &str = "http://127.0.0.1:8080";

/// Read API, signed webhooks and embeddable widgets for tournament spaces.
#[derive(Debug, Parser)]
#[command(
    name = "tourney",
    version,
    propagate_version = true,
    max_term_width = 100
)]
#[command(
    after_help = "Exit status: 0 on success, 1 when the operation fails, 2 on a usage error."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces
    /// create) or postgres://USER@HOST/NAME
    #[arg(long, global = true, env = "TOURNEY_DATABASE_URL", hide_env_values = true, value_name = "URL",
          default_value = DEFAULT_DATABASE_URL)]
    pub database_url: String,

    /// Public address of the service, used to build portal and widget links [default:
    /// http://127.0.0.1:8080; `serve` uses the address it listens on]
    #[arg(
        long,
        global = true,
        env = "TOURNEY_BASE_URL",
        hide_env_values = true,
        value_name = "URL"
    )]
    pub base_url: Option<String>,

    /// Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account's
    /// name]
    #[arg(
        long,
        global = true,
        env = "TOURNEY_ACTOR",
        hide_env_values = true,
        value_name = "NAME"
    )]
    pub actor: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the read API, the widgets and the portal, and deliver webhooks, until SIGINT or
    /// SIGTERM
    Serve(ServeArgs),

    /// Create and list organising spaces
    #[command(subcommand)]
    Spaces(SpacesCommand),

    /// Database maintenance
    #[command(subcommand)]
    Db(DbCommand),

    /// Create and run tournaments: status moves, registrations, the start
    #[command(subcommand)]
    Tournaments(TournamentsCommand),

    /// Read the audit log: who changed what, when (newest last)
    #[command(
        after_help = "Examples:\n  tourney audit --space club\n  tourney audit --since 2026-11-24T00:00:00Z --by portal --limit 20"
    )]
    Audit(AuditArgs),

    /// Report and correct match results
    #[command(subcommand)]
    Matches(MatchesCommand),

    /// Plan a tournament's stages (before its start) and reseed a drawn stage
    #[command(subcommand)]
    Stages(StagesCommand),

    /// Manage a space's stations (tables, courts, boards), where matches are called to be played
    #[command(subcommand)]
    Stations(StationsCommand),

    /// Manage a space's webhook addresses and their deliveries
    #[command(subcommand)]
    Hooks(HooksCommand),

    /// Deliver webhooks alone (serve delivers too): claim due deliveries, sign, send, retry on
    /// schedule
    Dispatch(DispatchArgs),

    /// Send a signed test event to one webhook address now and print the outcome
    Ping {
        /// The address's id (hook_...)
        hook_id: String,
        #[command(flatten)]
        network: NetworkArgs,
    },

    /// Check a received webhook's signature, or test a receiver (verify receiver URL)
    Verify(VerifyArgs),

    /// Print the code that embeds a widget on a partner site: the iframe and the script that
    /// fits it to the widget's height
    #[command(
        after_help = "Examples:\n  tourney embed spring-open                                   # the bracket, in English\n  tourney embed spring-open --widget registration --locale ru\n  tourney embed --space club                                  # the space's calendar"
    )]
    Embed(EmbedArgs),

    /// Create the demo space: a tournament of every format in every interesting state
    Demo,

    /// Create, list, revoke and roll API keys
    #[command(subcommand)]
    Keys(KeysCommand),

    /// Manage who signs in to a space's section (owners and administrators)
    #[command(subcommand)]
    Members(MembersCommand),

    /// Print a single-use link (15 minutes) that signs a member in to the portal's section
    #[command(name = "login-link")]
    LoginLink {
        /// The member's email address
        #[arg(long)]
        email: String,
    },

    /// Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)
    Import {
        /// The document to load, or - for standard input
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },

    /// Print shell completions (or write them all with --out-dir)
    Completions {
        /// The shell to complete for
        #[arg(required_unless_present = "out_dir")]
        shell: Option<Shell>,
        /// Write completion files into DIR instead of printing (every shell unless SHELL is given)
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },

    /// Print the man page (or write every page with --out-dir)
    Man {
        /// Write tourney.1 and one page per subcommand into DIR instead of printing
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },
}

/// `embed SLUG [--widget W] [--locale L]` or `embed --space SLUG --widget calendar`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["slug", "space"])))]
pub struct EmbedArgs {
    /// The tournament's slug (bracket, registration and standings widgets)
    #[arg(conflicts_with = "space")]
    pub slug: Option<String>,
    /// The space's slug (calendar widget)
    #[arg(long, value_name = "SLUG")]
    pub space: Option<String>,
    /// Which widget [default: bracket for a tournament, calendar for a space]
    #[arg(long, value_enum)]
    pub widget: Option<crate::pages::embed::Widget>,
    /// Language of the widget
    #[arg(long, value_enum, default_value_t = Locale::En)]
    pub locale: Locale,
    /// Print only the iframe, without the script that fits it to the widget's height (for a
    /// page that has the script already)
    #[arg(long)]
    pub without_script: bool,
}

#[derive(Debug, Subcommand)]
pub enum SpacesCommand {
    /// Create a space
    Create {
        /// Short name used in widget paths: lowercase letters, digits and hyphens
        slug: String,
        /// Display name
        #[arg(long)]
        name: String,
        /// Default language of the space's portal links and widgets
        #[arg(long, value_enum, default_value_t = Locale::En)]
        locale: Locale,
    },
    /// List every space
    List,
    /// Say where a space's tournaments are played (search engines show it as their location), or
    /// that they are played online
    Place {
        /// The space's slug
        slug: String,
        /// The venue's name and address on one line, e.g. "Club Gambit, 12 Nevsky Prospekt,
        /// Saint Petersburg"
        #[arg(required_unless_present = "online", conflicts_with = "online")]
        place: Option<String>,
        /// The tournaments are played online: no place
        #[arg(long)]
        online: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// Apply pending migrations (every command also does this on start)
    Migrate,
    /// Copy the SQLite database, consistently, into a new file while serve and the shell keep
    /// writing (on Postgres, use pg_dump)
    Backup {
        /// The new file: it must not exist, and its directory must
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

#[derive(Debug, Subcommand)]
pub enum TournamentsCommand {
    /// Create a tournament (in DRAFT status)
    Create(CreateTournament),
    /// Move a tournament to another status
    Status {
        slug: String,
        /// DRAFT, ANNOUNCED, REGISTRATION_OPEN, REGISTRATION_CLOSED or CANCELLED
        #[arg(value_enum)]
        status: TournamentStatus,
    },
    /// Register a participant, or a team with its players (while registration is open); a full
    /// tournament with a waiting list puts them on it
    #[command(
        after_help = "Examples:\n  tourney tournaments register spring-open \"Anna Kuznetsova\"\n  tourney tournaments register team-cup \"Night Owls\" --player Anna --player Boris"
    )]
    Register {
        slug: String,
        /// The participant's (or the team's) display name (at most 64 characters)
        name: String,
        /// The participant's email address: private, shown only by `tournaments registrations`
        #[arg(long)]
        email: Option<String>,
        /// A team's player, by display name; once per player, in order
        #[arg(long = "player", value_name = "NAME")]
        players: Vec<String>,
    },
    /// Check a registrant in for them (at any time before the start), or with --process apply
    /// the check-in's result now instead of when its window closes
    #[command(
        after_help = "Examples:\n  tourney tournaments check-in spring-open \"Anna Kuznetsova\"\n  tourney tournaments check-in spring-open --process",
        group = clap::ArgGroup::new("what").required(true).args(["name_or_id", "process"])
    )]
    CheckIn {
        slug: String,
        /// The registrant's id (par_...) or name
        name_or_id: Option<String>,
        /// Apply the result now: no-shows to the bottom seeds or out, those waiting who checked
        /// in into free places, registration closed
        #[arg(long)]
        process: bool,
    },
    /// List tournaments, soonest first: every space's, or one space's, in any status or one
    #[command(
        after_help = "Examples:\n  tourney tournaments list\n  tourney tournaments list --space club --status REGISTRATION_OPEN"
    )]
    List {
        /// Only this space's tournaments
        #[arg(long, value_name = "SLUG")]
        space: Option<String>,
        /// Only tournaments in this status
        #[arg(long, value_enum)]
        status: Option<TournamentStatus>,
    },
    /// Change a tournament's name, description, start or capacity (the start and the capacity
    /// only before it starts), its check-in, teams or waiting list (while registration is open)
    #[command(
        after_help = "Examples:\n  tourney tournaments update spring-open --max-participants 32\n  tourney tournaments update spring-open --check-in-opens 60m --check-in-closes 10m --no-show remove\n  tourney tournaments update spring-open --waiting-list 0   # turns the waiting list off\n  tourney tournaments update spring-open --name \"Spring Open 2026\" --starts-at 2026-12-05T18:00:00Z\n  tourney tournaments update spring-open --description \"\"   # removes the description"
    )]
    Update {
        slug: String,
        #[arg(long)]
        name: Option<String>,
        /// The new description; an empty one removes it
        #[arg(long)]
        description: Option<String>,
        /// Start time, RFC 3339 (2026-12-01T18:00:00Z)
        #[arg(long, value_name = "TIME")]
        starts_at: Option<String>,
        #[arg(long, value_name = "N")]
        max_participants: Option<u32>,
        #[command(flatten)]
        entry: EntryArgs,
        /// Turn check-in off
        #[arg(long, conflicts_with_all = ["check_in_opens", "check_in_closes", "no_show"])]
        no_check_in: bool,
        /// Take players instead of teams (only before the first registration)
        #[arg(long, conflicts_with_all = ["team_size", "incomplete_rosters"])]
        no_teams: bool,
        #[command(flatten)]
        room: RoomArgs,
        /// Play on no station: nothing more is called (calls made stand until their results)
        #[arg(long, conflicts_with = "stations")]
        no_stations: bool,
    },
    /// Show a tournament: its settings, its counts and its field
    #[command(after_help = "Example:\n  tourney tournaments show spring-open")]
    Show { slug: String },
    /// List a tournament's registrations with the players' private email addresses (for admins)
    Registrations { slug: String },
    /// Withdraw a registration (before the tournament starts)
    Withdraw {
        slug: String,
        /// The participant's id (par_...) or name, found as registration compares names (case,
        /// invisible characters and runs of spaces aside)
        name_or_id: String,
    },
    /// Set the seed order before the start: the players named take seeds 1, 2, 3, … in that
    /// order, the rest of the field follows in the order it had (no-shows of a check-in still
    /// go to the bottom at the start)
    Seed {
        slug: String,
        /// Players by id (par_...) or name, from the first seed down
        #[arg(required = true, value_name = "NAME_OR_ID")]
        order: Vec<String>,
    },
    /// Seed the field, draw the first stage and start play (registration must be closed)
    Start { slug: String },
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Only this space's entries
    #[arg(long, value_name = "SLUG")]
    pub space: Option<String>,
    /// Only entries at or after this time, RFC 3339 (2026-12-01T18:00:00Z)
    #[arg(long, value_name = "TIME")]
    pub since: Option<String>,
    /// Only entries by this actor (an admin's name, a member's address, or portal); not
    /// `--actor`, which names who runs the command
    #[arg(long = "by", value_name = "NAME")]
    pub by: Option<String>,
    /// The latest N entries that match
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub limit: u32,
}

#[derive(Debug, Args)]
pub struct CreateTournament {
    /// The space the tournament belongs to
    #[arg(long)]
    pub space: String,
    /// Short name used in paths, unique across all spaces
    #[arg(long)]
    pub slug: String,
    #[arg(long)]
    pub name: String,
    /// Game identifier, such as chess
    #[arg(long)]
    pub game: String,
    #[arg(long, value_enum)]
    pub format: Format,
    #[arg(long, value_name = "N")]
    pub max_participants: u32,
    /// Start time, RFC 3339 (2026-12-01T18:00:00Z)
    #[arg(long, value_name = "TIME")]
    pub starts_at: String,
    /// A test tournament: visible to its own space only, never in widgets
    #[arg(long)]
    pub test: bool,
    #[arg(long)]
    pub description: Option<String>,
    /// single_elimination: play a match for third place
    #[arg(long)]
    pub third_place: bool,
    /// groups_playoffs, and round_robin played in groups: number of groups
    #[arg(long, value_name = "N")]
    pub groups: Option<u32>,
    /// groups_playoffs: how many of each group reach the playoff
    #[arg(long, value_name = "N")]
    pub advance: Option<u32>,
    /// swiss and free_for_all: rounds to play [default: swiss ceil(log2 n), free_for_all 3]
    #[arg(long, value_name = "N", visible_alias = "swiss-rounds")]
    pub rounds: Option<u32>,
    /// free_for_all: points for places 1, 2, 3, ... [default: 25,18,15,12,10,8,6,4,2,1]
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub points: Option<Vec<u32>>,
    #[command(flatten)]
    pub thresholds: ThresholdArgs,
    #[command(flatten)]
    pub entry: EntryArgs,
    #[command(flatten)]
    pub room: RoomArgs,
}

/// The stations a tournament plays on and the room's times, as `tournaments create` and `update`
/// take them.
#[derive(Debug, Args)]
pub struct RoomArgs {
    /// Play on stations: all (every station of the space, present and future) or NAME,NAME,...;
    /// ready matches are called to them as they free [default: none, nothing is called]
    #[arg(long, value_name = "all|NAME,...")]
    pub stations: Option<String>,
    /// A match's expected length before any is played (90s, 20m, 1h) [default: 20m]
    #[arg(long, value_name = "DURATION")]
    pub match_duration: Option<String>,
    /// The least time between the end of a player's match and the call of their next (0s, 10m)
    /// [default: 0s]
    #[arg(long, value_name = "DURATION")]
    pub rest: Option<String>,
    /// A called match not begun this long after its call is flagged as a no-show [default: 5m]
    #[arg(long, value_name = "DURATION")]
    pub no_show_after: Option<String>,
}

/// A Swiss played to win and loss thresholds instead of a number of rounds.
#[derive(Debug, Args)]
pub struct ThresholdArgs {
    /// swiss: a player is through at W wins (with --eliminate-losses; instead of --rounds)
    #[arg(long, value_name = "W", requires = "eliminate_losses")]
    pub advance_wins: Option<u32>,
    /// swiss: a player is out at L losses (with --advance-wins)
    #[arg(long, value_name = "L", requires = "advance_wins")]
    pub eliminate_losses: Option<u32>,
}

impl ThresholdArgs {
    /// The thresholds, when both are given (clap requires one with the other).
    pub fn given(&self) -> Option<crate::domain::engine::Thresholds> {
        Some(crate::domain::engine::Thresholds {
            advance_wins: self.advance_wins?,
            eliminate_losses: self.eliminate_losses?,
        })
    }
}

#[derive(Debug, Subcommand)]
pub enum StagesCommand {
    /// Add a stage after the tournament's last, fed by the best of the stage before (before the
    /// start)
    #[command(
        after_help = "Examples:\n  tourney stages add major --format single_elimination --take 8\n  tourney stages add cup --format double_elimination --take 2 --per-group\n  tourney stages add open --format swiss --advance-wins 3 --eliminate-losses 3 --take 16"
    )]
    Add(AddStage),
    /// List a tournament's stages: format, options, how each is fed, status
    List { slug: String },
    /// Remove the last stage added (before the start)
    Remove { slug: String },
    /// Reseed a drawn stage before its first result: every player of the stage, best first
    Seed {
        slug: String,
        /// The stage's number (2 for the stage after the tournament's own)
        stage: u32,
        /// The players (names or par_ ids), best seed first
        #[arg(required = true, value_name = "PLAYER")]
        order: Vec<String>,
    },
}

#[derive(Debug, Args)]
pub struct AddStage {
    pub slug: String,
    /// single_elimination, double_elimination, round_robin (with --groups N: a group stage) or
    /// swiss
    #[arg(long, value_enum)]
    pub format: Format,
    /// How many of the stage before go on: the best N of its standings, or with --per-group the
    /// best N of each of its groups
    #[arg(long, value_name = "N")]
    pub take: u32,
    /// --take counts per group of the stage before (a group stage), rank by rank across groups
    #[arg(long)]
    pub per_group: bool,
    /// The name pages show [default: Playoff, Groups, Swiss, Round robin]
    #[arg(long)]
    pub name: Option<String>,
    /// single_elimination: play a match for third place
    #[arg(long)]
    pub third_place: bool,
    /// round_robin: play it in N groups (snake seeding)
    #[arg(long, value_name = "N")]
    pub groups: Option<u32>,
    /// swiss: rounds to play [default: ceil(log2 n)]
    #[arg(long, value_name = "N", conflicts_with = "advance_wins")]
    pub rounds: Option<u32>,
    #[command(flatten)]
    pub thresholds: ThresholdArgs,
}

/// Check-in, teams, the waiting list and players' reports, as `tournaments create` and
/// `update` take them.
#[derive(Debug, Args)]
pub struct EntryArgs {
    /// Check-in opens this long before the start (90s, 60m, 2h; at most 7d); needs
    /// --check-in-closes
    #[arg(long, value_name = "DURATION", requires = "check_in_closes")]
    pub check_in_opens: Option<String>,
    /// Check-in closes this long before the start (10m; 0s: at the start)
    #[arg(long, value_name = "DURATION", requires = "check_in_opens")]
    pub check_in_closes: Option<String>,
    /// What happens to a registrant who did not check in [default: bottom-seed]
    #[arg(long, value_enum, requires = "check_in_opens")]
    pub no_show: Option<NoShowArg>,
    /// Teams of MIN..MAX players (or exactly N), named when they register
    #[arg(long, value_name = "MIN..MAX")]
    pub team_size: Option<String>,
    /// Teams may register with fewer than MIN players
    #[arg(long, requires = "team_size")]
    pub incomplete_rosters: bool,
    /// How many may wait for a place once the field is full; 0 turns the list off
    #[arg(long, value_name = "N")]
    pub waiting_list: Option<u32>,
    /// Who reports results: organisers only (off), or also the two players of a ready match,
    /// one claiming a result on their private page and the other confirming or disputing it
    /// (confirm) [default: off]
    #[arg(long, value_enum, value_name = "MODE")]
    pub self_report: Option<SelfReportArg>,
    /// How long an opponent has to confirm or dispute a player's report before it stands
    /// (90s, 15m, 2h; 1s to 7d) [default: 15m]
    #[arg(long, value_name = "DURATION")]
    pub confirm_within: Option<String>,
}

/// Who reports results, as the command line spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SelfReportArg {
    /// Organisers (and reporters) only
    Off,
    /// Players too: a claim, confirmed or disputed by the opponent
    Confirm,
}

/// A no-show action as the command line spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum NoShowArg {
    /// Keep them, seeded after everyone who checked in
    BottomSeed,
    /// Remove them; those waiting take their places
    Remove,
}

#[derive(Debug, Subcommand)]
pub enum MatchesCommand {
    /// List a tournament's matches with their ids, sides, status and score
    List {
        slug: String,
        /// Only the matches ready to be reported
        #[arg(long)]
        ready: bool,
    },
    /// Report the result of a ready match
    Report(MatchResult),
    /// Correct the result of a completed match (later matches that depended on it are reset)
    Correct(MatchResult),
    /// Call a ready match to a station now (the first free one of the tournament, or the one
    /// named); a called match moves to the station named
    #[command(
        after_help = "Examples:\n  tourney matches call spring-open mat_12\n  tourney matches call spring-open mat_12 --station \"Table 4\""
    )]
    Call {
        slug: String,
        /// The match's id (mat_...)
        match_id: String,
        /// The station's name [default: the first free station of the tournament]
        #[arg(long, value_name = "NAME")]
        station: Option<String>,
    },
    /// Take back a match's call: its station is free and the match waits in the queue again
    Uncall {
        slug: String,
        /// The match's id (mat_...)
        match_id: String,
    },
    /// Record that a called match is being played (its players are at the station)
    Start {
        slug: String,
        /// The match's id (mat_...)
        match_id: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum StationsCommand {
    /// Add stations to a space, in the order given (the order calls prefer them)
    #[command(
        after_help = "Example:\n  tourney stations add --space club \"Table 1\" \"Table 2\" \"Table 3\""
    )]
    Add {
        #[arg(long)]
        space: String,
        /// The stations' names (unique in the space; case and extra spaces are ignored)
        #[arg(required = true, value_name = "NAME")]
        names: Vec<String>,
    },
    /// List a space's stations, each with the match it holds and since when
    List {
        #[arg(long)]
        space: String,
    },
    /// Pause a station: nothing new is called to it (a match it holds plays on)
    Pause {
        #[arg(long)]
        space: String,
        name: String,
    },
    /// Resume a paused station
    Resume {
        #[arg(long)]
        space: String,
        name: String,
    },
    /// Remove a station that holds no match
    Remove {
        #[arg(long)]
        space: String,
        name: String,
    },
}

#[derive(Debug, Args)]
pub struct MatchResult {
    pub slug: String,
    /// The match's id (mat_...)
    pub match_id: String,
    /// The score, side a first: 2-1
    #[arg(long, value_name = "A-B")]
    pub score: Option<String>,
    /// The side that forfeited; the other wins (a score is then optional)
    #[arg(long, value_enum)]
    pub forfeit: Option<Side>,
    /// Free-for-all rounds: a participant (name or par_ id), once per place, in finishing order
    #[arg(long = "place", value_name = "NAME")]
    pub places: Vec<String>,
}

#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// Create an API key for a space; the key is shown once, here, and stored only as a hash
    Create {
        #[arg(long)]
        space: String,
        /// A label to tell keys apart, such as "partner site"
        #[arg(long)]
        name: Option<String>,
    },
    /// List a space's keys (never the keys themselves)
    List {
        #[arg(long)]
        space: String,
    },
    /// Revoke a key: every server refuses it from its next request
    Revoke {
        /// The key's id (key_...)
        key_id: String,
    },
    /// Replace a key with a new one (shown once); the old key keeps working for the grace
    Roll {
        /// The key's id (key_...)
        key_id: String,
        /// How long the old key keeps working: 0s (it stops now) to 30d
        #[arg(long, value_name = "DURATION", default_value = "1h")]
        grace: String,
    },
}

/// `members add|list|role|remove`: who manages a space in its section.
#[derive(Debug, Subcommand)]
pub enum MembersCommand {
    /// Make a person (by email address) a member of a space; `login-link` then signs them in
    Add {
        #[arg(long)]
        space: String,
        #[arg(long)]
        email: String,
        #[arg(long, value_enum, default_value = "administrator")]
        role: RoleArg,
    },
    /// List a space's members and their roles
    List {
        #[arg(long)]
        space: String,
    },
    /// Change a member's role (a space always keeps one owner)
    Role {
        #[arg(long)]
        space: String,
        #[arg(long)]
        email: String,
        #[arg(value_enum)]
        role: RoleArg,
    },
    /// Remove a member from a space (never its last owner)
    Remove {
        #[arg(long)]
        space: String,
        #[arg(long)]
        email: String,
    },
}

/// A member's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RoleArg {
    /// Manages members, keys, webhook addresses and widgets
    Owner,
    /// Manages keys, webhook addresses and widgets
    Administrator,
    /// Reports and corrects results at the desk (a venue's match desk), nothing else
    Reporter,
}

impl From<RoleArg> for crate::domain::Role {
    fn from(role: RoleArg) -> crate::domain::Role {
        match role {
            RoleArg::Owner => crate::domain::Role::Owner,
            RoleArg::Administrator => crate::domain::Role::Administrator,
            RoleArg::Reporter => crate::domain::Role::Reporter,
        }
    }
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on; port 0 picks a free port (the bound address is printed)
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// On an empty database, load the demo space and print an API key and example requests
    #[arg(long)]
    pub demo: bool,
    /// Requests per API key in any 60-second window, counted for every server on the database
    /// together (give every replica the same N)
    #[arg(long, value_name = "N", default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub rate_limit: u32,
    /// The window of the per-minute limits (the API's, a private link's, sign-in's); only tests
    /// change it (the specification's is a minute)
    #[arg(long, value_name = "DURATION", default_value = "60s", hide = true)]
    pub rate_limit_window: String,
    /// Portal registrations accepted per client address in any --form-window (a venue's players
    /// share one address: the default lets a hundred register within ten minutes, forty at once)
    #[arg(long, value_name = "N", default_value_t = crate::http::DEFAULT_FORM_LIMIT,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub form_limit: u32,
    /// The sliding window --form-limit counts registrations in (at most 24h)
    #[arg(long, value_name = "DURATION", default_value = crate::http::DEFAULT_FORM_WINDOW)]
    pub form_window: String,
    /// Posts accepted per player's private link per minute (check in, claim, answer, withdraw),
    /// whatever address they come from
    #[arg(long, value_name = "N", default_value_t = crate::http::DEFAULT_PLAYER_LIMIT,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub player_limit: u32,
    /// Posts to private links accepted per client address per minute, all links together (a
    /// flood bound, far above a venue's crowd)
    #[arg(long, value_name = "N", default_value_t = crate::http::DEFAULT_PLAYER_ADDRESS_LIMIT,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub player_address_limit: u32,
    /// The section's sign-in posts (password or link) accepted per client address per minute
    #[arg(long, value_name = "N", default_value_t = crate::http::DEFAULT_SIGN_IN_LIMIT,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub sign_in_limit: u32,
    /// A proxy in front of the server whose X-Forwarded-For names the client (for the limits per
    /// client address); repeatable, none by default
    #[arg(
        long = "trusted-proxy",
        value_name = "CIDR",
        env = "TOURNEY_TRUSTED_PROXIES",
        value_delimiter = ',',
        hide_env_values = true
    )]
    pub trusted_proxies: Vec<String>,
    /// How long a signed-in session lasts without a request; only tests change it
    #[arg(long, value_name = "DURATION", default_value = "30m", hide = true)]
    pub session_idle: String,
    /// How long a signed-in session lasts at most; only tests change it
    #[arg(long, value_name = "DURATION", default_value = "12h", hide = true)]
    pub session_lifetime: String,
    /// How long a session's token keeps working after the session was given a new one (its
    /// person's role changed); only tests change it
    #[arg(long, value_name = "DURATION", default_value = "60s", hide = true)]
    pub session_grace: String,
    /// Live pages' event streams this process holds open at once; beyond it a page is answered
    /// 503 with Retry-After and follows by polling instead
    #[arg(long, value_name = "N", default_value_t = 10_000,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub live_streams: u32,
    /// How often this process looks for changes that open live pages follow; only tests change it
    #[arg(long, value_name = "DURATION", default_value = "250ms", hide = true)]
    pub live_tick: String,
    /// How often an idle event stream sends a keep-alive comment; only tests change it
    #[arg(long, value_name = "DURATION", default_value = "15s", hide = true)]
    pub live_keep_alive: String,
    /// Do not deliver webhooks from this process (run `tourney dispatch` for them instead)
    #[arg(long)]
    pub no_dispatch: bool,
    #[command(flatten)]
    pub delivery: DeliveryArgs,
}
