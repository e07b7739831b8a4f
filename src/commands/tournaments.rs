//! `tourney tournaments create|status|register|withdraw|start`.

use std::io::Write;

use crate::cli::{CreateTournament, TournamentsCommand};
use crate::config::Config;
use crate::db::Db;
use crate::domain::{Format, TournamentStatus};
use crate::error::Error;
use crate::portal::Ctx;
use crate::portal::tournaments::{self, Draft};
use crate::{ids, timestamp};

pub async fn run(
    config: &Config,
    db: &Db,
    command: TournamentsCommand,
    out: &mut impl Write,
) -> Result<(), Error> {
    let ctx = Ctx {
        base_url: &config.base_url,
        actor: &config.actor,
        now: timestamp::now_ms(),
    };
    match command {
        TournamentsCommand::Create(args) => {
            let draft = draft(args)?;
            let created = tournaments::create(db, &ctx, &draft).await?;
            writeln!(
                out,
                "created tournament {} ({}): {}, {}, {} places, status {}",
                created.slug,
                ids::format(ids::Kind::Tournament, created.id),
                created.name,
                created.format,
                created.max_participants,
                created.status
            )?;
        }
        TournamentsCommand::Status { slug, status } => {
            let to: TournamentStatus = status
                .parse()
                .map_err(|e: crate::domain::UnknownValue| Error::Invalid(e.to_string()))?;
            let previous = tournaments::set_status(db, &ctx, &slug, to).await?;
            writeln!(out, "{slug}: {previous} -> {to}")?;
        }
        TournamentsCommand::Register { slug, name } => {
            let participant = tournaments::register(db, &ctx, &slug, &name).await?;
            writeln!(
                out,
                "registered {} ({}) in {slug}",
                participant.name,
                ids::format(ids::Kind::Participant, participant.id)
            )?;
        }
        TournamentsCommand::Withdraw { slug, name_or_id } => {
            let participant = tournaments::withdraw(db, &ctx, &slug, &name_or_id).await?;
            writeln!(
                out,
                "withdrew {} ({}) from {slug}",
                participant.name,
                ids::format(ids::Kind::Participant, participant.id)
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
    let format: Format = args
        .format
        .parse()
        .map_err(|e: crate::domain::UnknownValue| Error::Invalid(e.to_string()))?;
    let starts_at = timestamp::parse(&args.starts_at)
        .map_err(|e| Error::Invalid(format!("--starts-at: {e}")))?;
    Ok(Draft {
        space: args.space,
        slug: args.slug,
        name: args.name,
        game: args.game,
        format: Some(format),
        max_participants: args.max_participants,
        starts_at,
        test: args.test,
        description: args.description,
        third_place: args.third_place,
        group_count: args.groups,
        advance_per_group: args.advance,
        rounds: args.rounds,
        points_scale: args.points,
    })
}
