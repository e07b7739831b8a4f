//! `tourney tournaments create|status|register|withdraw|start`.

use std::io::Write;

use super::{Error, ctx};
use crate::cli::{CreateTournament, TournamentsCommand};
use crate::config::Config;
use crate::db::Db;
use crate::service::registrations;
use crate::service::tournaments::{self, Draft};
use crate::timestamp;

pub async fn run(
    config: &Config,
    db: &Db,
    command: TournamentsCommand,
    out: &mut impl Write,
) -> Result<(), Error> {
    let ctx = ctx(config);
    match command {
        TournamentsCommand::Create(args) => {
            let draft = draft(args)?;
            let created = tournaments::create(db, &ctx, &draft).await?;
            writeln!(
                out,
                "created tournament {} ({}): {}, {}, {} places, status {}",
                created.slug,
                created.id,
                created.name,
                created.format,
                created.max_participants,
                created.status
            )?;
        }
        TournamentsCommand::Status { slug, status } => {
            let previous = tournaments::set_status(db, &ctx, &slug, status).await?;
            writeln!(out, "{slug}: {previous} -> {status}")?;
        }
        TournamentsCommand::Register { slug, name } => {
            let participant = registrations::register(db, &ctx, &slug, &name).await?;
            writeln!(
                out,
                "registered {} ({}) in {slug}",
                participant.name, participant.id
            )?;
        }
        TournamentsCommand::Withdraw { slug, name_or_id } => {
            let participant = registrations::withdraw(db, &ctx, &slug, &name_or_id).await?;
            writeln!(
                out,
                "withdrew {} ({}) from {slug}",
                participant.name, participant.id
            )?;
        }
        TournamentsCommand::Start { slug } => {
            let started = tournaments::start(db, &ctx, &slug).await?;
            let byes = match started.byes {
                0 => String::new(),
                1 => " (1 bye)".to_owned(),
                n => format!(" ({n} byes)"),
            };
            writeln!(
                out,
                "started {slug}: {} participants, {} matches drawn{byes}; status IN_PROGRESS",
                started.participants, started.matches
            )?;
            writeln!(
                out,
                "see the matches with `tourney matches list {slug} --ready`"
            )?;
        }
    }
    Ok(())
}

fn draft(args: CreateTournament) -> Result<Draft, Error> {
    let starts_at = timestamp::parse(&args.starts_at)
        .map_err(|e| Error::Invalid(format!("--starts-at: {e}")))?;
    Ok(Draft {
        max_participants: args.max_participants,
        starts_at,
        test: args.test,
        description: args.description,
        third_place: args.third_place,
        group_count: args.groups,
        advance_per_group: args.advance,
        rounds: args.rounds,
        points_scale: args.points,
        ..Draft::new(&args.space, &args.slug, &args.name, &args.game, args.format)
    })
}
