//! One module per subcommand. Each takes the resolved [`Config`] and its own arguments, calls the
//! service layer for writes (`service`) or reads (`db`, `views`), and writes its result to
//! standard output.
//!
//! Commands never print errors themselves: they return [`Error`], and `main` prints it once;
//! [`error::describe`] is where refusals get the shell's hints (commands and flags to use).

mod audit;
mod database;
mod demo;
mod dispatch;
mod embed;
mod entry;
pub mod error;
mod generate;
mod hints;
mod hook_test;
mod hooks;
mod import;
mod keys;
mod matches;
mod members;
mod ping;
mod serve;
mod spaces;
mod stages;
mod stations;
mod table;
mod tournaments;
mod verify;

pub use error::Error;

use std::io::Write;

use crate::cli::{Cli, Command, DbCommand, SpacesCommand};
use crate::config::Config;
use crate::db::{Create, Db};
use crate::service::Ctx;
use crate::timestamp;

/// Runs the command the user asked for.
pub async fn run(cli: Cli) -> Result<(), Error> {
    let config = Config::resolve(&cli.global).map_err(|e| Error::Invalid(e.to_string()))?;
    // Tests run a process as a host whose clock is wrong would (not a setting for people).
    if let Ok(offset) = std::env::var(CLOCK_OFFSET) {
        crate::timestamp::set_offset(clock_offset(&offset)?);
    }
    let mut out = std::io::stdout().lock();
    match cli.command {
        // Generators need no database: they must not create one as a side effect.
        Command::Completions { shell, out_dir } => {
            generate::completions(shell, out_dir.as_deref(), &mut out)
        }
        Command::Man { out_dir } => generate::man(out_dir.as_deref(), &mut out),
        Command::Db(DbCommand::Migrate) => database::migrate(&config, &mut out).await,
        // A backup reads the database as it is: it neither creates nor migrates one.
        Command::Db(DbCommand::Backup { file }) => database::backup(&config, &file, &mut out).await,
        Command::Verify(args) => verify::run(args, &mut out).await,
        command => {
            let db = Db::open_with(&config.database_url, creates(&command)).await?;
            let config = links_of_the_server(config, &command, &db).await?;
            let result = run_with_db(command, &config, &db, &mut out).await;
            db.close().await;
            result
        }
    }
}

/// Whether `command` may create a SQLite database that is not there: the server, the commands
/// that fill a new database (`demo`, `import`) and the first step of a fresh install (`spaces
/// create`), besides `db migrate`. Every other command refuses a missing file and creates
/// nothing, so one run in the wrong folder says so instead of answering from an empty database.
fn creates(command: &Command) -> Create {
    match command {
        Command::Serve(_)
        | Command::Demo
        | Command::Import { .. }
        | Command::Spaces(SpacesCommand::Create { .. }) => Create::IfMissing,
        _ => Create::Never,
    }
}

/// The configuration a shell command builds its links on: without a base URL given, the one the
/// running `serve` recorded in the database. A command that prints links, when no server has
/// recorded one, says on stderr that they lead to the default.
async fn links_of_the_server(config: Config, command: &Command, db: &Db) -> Result<Config, Error> {
    if config.base_url_given || matches!(command, Command::Serve(_) | Command::Dispatch(_)) {
        return Ok(config);
    }
    if let Some(base_url) = crate::service::site::served_base_url(db).await? {
        return Ok(Config { base_url, ..config });
    }
    let prints_links = matches!(
        command,
        Command::LoginLink { .. }
            | Command::Embed(_)
            | Command::Tournaments(
                crate::cli::TournamentsCommand::Show { .. }
                    | crate::cli::TournamentsCommand::Create(_)
            )
    );
    if prints_links {
        eprintln!(
            "note: links lead to {}, the default, and no server has recorded its address in this database yet; set --base-url to the address visitors use",
            config.base_url
        );
    }
    Ok(config)
}

/// How far this process's own clock runs off the system's: a duration, ahead (`2m`) or behind
/// (`-90s`). For tests showing that nothing shared between processes depends on a process's own
/// clock; due times, leases and rate windows all use the database's.
pub const CLOCK_OFFSET: &str = "TOURNEY_CLOCK_OFFSET";

fn clock_offset(text: &str) -> Result<i64, Error> {
    let (sign, duration) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text.strip_prefix('+').unwrap_or(text)),
    };
    let duration = crate::fields::duration(duration)
        .map_err(|e| Error::Invalid(format!("{CLOCK_OFFSET}: {e}")))?;
    Ok(sign * i64::try_from(duration.as_millis()).unwrap_or(i64::MAX))
}

async fn run_with_db(
    command: Command,
    config: &Config,
    db: &Db,
    out: &mut impl Write,
) -> Result<(), Error> {
    match command {
        Command::Spaces(SpacesCommand::Create { slug, name, locale }) => {
            spaces::create(config, db, &slug, &name, locale, out).await
        }
        Command::Spaces(SpacesCommand::List) => spaces::list(db, out).await,
        Command::Spaces(SpacesCommand::Place { slug, place, .. }) => {
            spaces::place(config, db, &slug, place.as_deref(), out).await
        }
        Command::Import { file } => import::run(config, db, &file, out).await,
        Command::Tournaments(command) => tournaments::run(config, db, command, out).await,
        Command::Audit(args) => audit::run(db, &args, out).await,
        Command::Matches(command) => matches::run(config, db, command, out).await,
        Command::Stages(command) => stages::run(config, db, command, out).await,
        Command::Stations(command) => stations::run(config, db, command, out).await,
        Command::Demo => demo::run(config, db, out).await,
        Command::Keys(command) => keys::run(config, db, command, out).await,
        Command::Members(command) => members::run(config, db, command, out).await,
        Command::LoginLink { email } => members::login_link(config, db, &email, out).await,
        Command::Serve(args) => serve::run(config, db, args, out).await,
        Command::Hooks(command) => hooks::run(config, db, command, out).await,
        Command::Dispatch(args) => dispatch::run(db, args, out).await,
        Command::Ping { hook_id, network } => ping::run(config, db, &hook_id, &network, out).await,
        Command::Embed(args) => embed::run(config, db, &args, out).await,
        Command::Completions { .. } | Command::Man { .. } | Command::Db(_) | Command::Verify(_) => {
            unreachable!("handled before the database is opened")
        }
    }
}

/// Who acts (the configured actor) and when (now), for the service's operations.
fn ctx(config: &Config) -> Ctx<'_> {
    Ctx {
        base_url: &config.base_url,
        actor: &config.actor,
        now: timestamp::now_ms(),
        member: None,
    }
}

/// An id as typed on the command line, or the error of a record that is not there.
fn parse_id<K: crate::ids::Kind>(
    text: &str,
    missing: impl FnOnce() -> crate::service::Missing,
) -> Result<crate::ids::Id<K>, Error> {
    text.trim().parse().map_err(|_| missing().into())
}
