//! `tourney tournaments create|status|register|withdraw|start`.

use std::io::Write;

use super::table;
use super::{Error, ctx};
use crate::cli::{CreateTournament, TournamentsCommand};
use crate::config::Config;
use crate::db::Db;
use crate::db::{participants, tournaments as tournament_rows};
use crate::service::Missing;
use crate::service::registrations::{self, Applicant, Withdrawing};
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
        TournamentsCommand::Register { slug, name, email } => {
            let applicant = Applicant {
                email: email.as_deref(),
                ..Applicant::named(&name)
            };
            let participant = registrations::register(db, &ctx, &slug, &applicant)
                .await?
                .participant;
            writeln!(
                out,
                "registered {} ({}) in {slug}",
                participant.name, participant.id
            )?;
        }
        TournamentsCommand::Registrations { slug } => list(db, &slug, out).await?,
        TournamentsCommand::Withdraw { slug, name_or_id } => {
            let who = Withdrawing::Named {
                tournament: &slug,
                who: &name_or_id,
            };
            let participant = registrations::withdraw(db, &ctx, who).await?;
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

/// Every registration of a tournament, withdrawn ones too, with the players' email addresses.
async fn list(db: &Db, slug: &str, out: &mut impl Write) -> Result<(), Error> {
    let mut handle = db.acquire().await?;
    let tournament = tournament_rows::find_by_slug(handle.conn(), slug)
        .await?
        .ok_or_else(|| Missing::Tournament {
            slug: slug.to_owned(),
        })?;
    let rows = participants::registrations(handle.conn(), tournament.id).await?;
    if rows.is_empty() {
        writeln!(out, "{slug} has no registrations")?;
        return Ok(());
    }
    let table_rows: Vec<[String; 6]> = rows
        .into_iter()
        .map(|r| {
            [
                r.id.to_string(),
                r.status.to_string(),
                timestamp::format_ms(r.registered_at),
                r.withdrawn_at
                    .map_or_else(|| "-".into(), timestamp::format_ms),
                r.email.unwrap_or_else(|| "-".into()),
                r.name,
            ]
        })
        .collect();
    table::write(
        out,
        &["ID", "STATUS", "REGISTERED", "WITHDRAWN", "EMAIL", "NAME"],
        &table_rows,
    )?;
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
