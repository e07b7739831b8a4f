//! `tourney tournaments create|list|show|update|status|register|registrations|withdraw|start`
//! (`check-in` and the entry settings in `commands::entry`).

use std::io::Write;

use super::table;
use super::{Error, ctx, entry, stations};
use crate::cli::{CreateTournament, TournamentsCommand};
use crate::config::Config;
use crate::db::Db;
use crate::db::{matches, participants, spaces, tournaments as tournament_rows};
use crate::domain::{Locale, MatchStatus, ParticipantStatus, TournamentStatus};
use crate::links::BaseUrl;
use crate::service::Missing;
use crate::service::registrations::{self, Applicant, Registrant};
use crate::service::seeding::{self, Seeding};
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
            writeln!(
                out,
                "its page on the portal, for players: {} (shown once it is announced or open for registration)",
                ctx.base_url.tournament_page(Locale::En, &created.slug)
            )?;
        }
        TournamentsCommand::Status { slug, status } => {
            let previous = tournaments::set_status(db, &ctx, &slug, status, None).await?;
            writeln!(out, "{slug}: {previous} -> {status}")?;
        }
        TournamentsCommand::Register {
            slug,
            name,
            email,
            players,
        } => {
            let applicant = Applicant {
                email: email.as_deref(),
                roster: &players,
                ..Applicant::named(&name)
            };
            let registered = registrations::register(db, &ctx, &slug, &applicant).await?;
            let participant = registered.participant;
            match registered.waiting_position {
                Some(position) => writeln!(
                    out,
                    "{} ({}) is number {position} on the waiting list of {slug}",
                    participant.name, participant.id
                )?,
                None => writeln!(
                    out,
                    "registered {} ({}) in {slug}",
                    participant.name, participant.id
                )?,
            }
        }
        TournamentsCommand::CheckIn {
            slug,
            name_or_id,
            process,
        } => entry::check_in(db, &ctx, &slug, name_or_id.as_deref(), process, out).await?,
        TournamentsCommand::List { space, status } => {
            list_tournaments(db, space.as_deref(), status, out).await?
        }
        TournamentsCommand::Show { slug } => show(db, &slug, ctx.base_url, out).await?,
        TournamentsCommand::Update {
            slug,
            name,
            description,
            starts_at,
            max_participants,
            entry,
            no_check_in,
            no_teams,
            room,
            no_stations,
        } => {
            let (check_in, teams, waiting_list) = entry::changes(&entry, no_check_in, no_teams)?;
            let (self_report, confirm_within) = entry::self_report(&entry)?;
            let times = stations::times(&room)?;
            let on_stations = match (no_stations, stations::choice(&room)) {
                (true, _) => Some(None),
                (false, Some(choice)) => Some(Some(choice)),
                (false, None) => None,
            };
            if name.is_none()
                && description.is_none()
                && starts_at.is_none()
                && max_participants.is_none()
                && check_in.is_none()
                && teams.is_none()
                && waiting_list.is_none()
                && self_report.is_none()
                && confirm_within.is_none()
                && !stations::given(&room)
                && !no_stations
            {
                return Err(Error::Invalid(
                    "give what to change: --name, --description, --starts-at, --max-participants, \
                     a check-in, team, waiting-list or --self-report setting, or the room's \
                     (--stations, --match-duration, --rest, --no-show-after)"
                        .into(),
                ));
            }
            let starts_at = starts_at
                .as_deref()
                .map(timestamp::parse)
                .transpose()
                .map_err(|e| Error::Invalid(format!("--starts-at: {e}")))?;
            let changes = tournaments::Changes {
                name,
                description,
                starts_at,
                max_participants,
                check_in,
                teams,
                waiting_list,
                self_report,
                confirm_within,
                stations: on_stations,
                match_duration: times.match_duration,
                rest: times.rest,
                no_show_after: times.no_show_after,
                seen: None,
            };
            let updated = tournaments::update(db, &ctx, &slug, &changes).await?;
            writeln!(
                out,
                "{slug}: {}, starts {}, {} places",
                updated.name,
                timestamp::format_ms(updated.starts_at),
                updated.max_participants
            )?;
            for (key, value) in entry::describe(&updated)? {
                writeln!(out, "{key}: {value}")?;
            }
            if updated.stations.is_some() || stations::given(&room) || no_stations {
                let mut handle = db.acquire().await?;
                let serving = crate::db::stations::serving(handle.conn(), updated.id).await?;
                let serving: Vec<String> = serving.into_iter().map(|s| s.name).collect();
                for (key, value) in stations::describe(&updated, &serving) {
                    writeln!(out, "{key}: {value}")?;
                }
            }
        }
        TournamentsCommand::Registrations { slug } => list(db, &slug, out).await?,
        TournamentsCommand::Withdraw { slug, name_or_id } => {
            let who = Registrant::Named {
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
        TournamentsCommand::Seed { slug, order } => {
            let order: Vec<&str> = order.iter().map(String::as_str).collect();
            let seeding = Seeding {
                tournament: &slug,
                order: &order,
                seen: None,
            };
            let field = seeding::seed(db, &ctx, seeding).await?;
            writeln!(out, "seeded {slug}:")?;
            for p in &field {
                writeln!(
                    out,
                    "{:>4}  {} ({})",
                    p.seed.unwrap_or_default(),
                    p.name,
                    p.id
                )?;
            }
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

/// Tournaments, soonest first, of every space or one, in any status or one.
async fn list_tournaments(
    db: &Db,
    space: Option<&str>,
    status: Option<TournamentStatus>,
    out: &mut impl Write,
) -> Result<(), Error> {
    let mut handle = db.acquire().await?;
    let all_spaces = spaces::list(handle.conn()).await?;
    let rows = match space {
        Some(slug) => {
            let space =
                all_spaces
                    .iter()
                    .find(|s| s.slug == slug)
                    .ok_or_else(|| Missing::Space {
                        slug: slug.to_owned(),
                    })?;
            tournament_rows::list_for_space(handle.conn(), space.id).await?
        }
        None => tournament_rows::list_all(handle.conn()).await?,
    };
    let rows: Vec<_> = rows
        .into_iter()
        .filter(|t| status.is_none_or(|s| t.status == s))
        .collect();
    if rows.is_empty() {
        writeln!(out, "no tournaments match")?;
        return Ok(());
    }
    let space_slug = |t: &tournament_rows::TournamentRow| {
        all_spaces
            .iter()
            .find(|s| s.id == t.space_id)
            .map_or_else(|| "-".to_owned(), |s| s.slug.clone())
    };
    let table_rows: Vec<[String; 7]> = rows
        .iter()
        .map(|t| {
            [
                t.slug.clone(),
                space_slug(t),
                format!("{}{}", t.status, if t.test { " (test)" } else { "" }),
                t.format.to_string(),
                timestamp::format_ms(t.starts_at),
                format!("{}/{}", t.field_size, t.max_participants),
                t.name.clone(),
            ]
        })
        .collect();
    table::write(
        out,
        &[
            "SLUG", "SPACE", "STATUS", "FORMAT", "STARTS", "PLACES", "NAME",
        ],
        &table_rows,
    )?;
    Ok(())
}

/// A tournament's settings, counts and field, as its organiser needs them at a glance.
async fn show(db: &Db, slug: &str, base_url: &BaseUrl, out: &mut impl Write) -> Result<(), Error> {
    let mut handle = db.acquire().await?;
    let t = tournament_rows::find_by_slug(handle.conn(), slug)
        .await?
        .ok_or_else(|| Missing::Tournament {
            slug: slug.to_owned(),
        })?;
    let space = spaces::find(handle.conn(), t.space_id)
        .await?
        .map_or_else(|| "-".to_owned(), |s| s.slug);
    let field = participants::list(handle.conn(), t.id).await?;
    let games = matches::list(handle.conn(), t.id).await?;
    let optional = |value: Option<i64>| value.map_or_else(|| "-".to_owned(), |v| v.to_string());
    let time = |value: Option<i64>| value.map_or_else(|| "-".to_owned(), timestamp::format_ms);
    let mut settings = vec![
        ("name", t.name.clone()),
        ("slug", format!("{} ({})", t.slug, t.id)),
        ("space", space),
        ("game", t.game.clone()),
        ("format", t.format.to_string()),
        (
            "status",
            format!(
                "{}{}",
                t.status,
                if t.test { ", a test tournament" } else { "" }
            ),
        ),
        (
            "portal",
            format!(
                "{}{}",
                base_url.tournament_page(Locale::En, &t.slug),
                if t.status == TournamentStatus::Draft {
                    " (not shown while DRAFT)"
                } else {
                    ""
                }
            ),
        ),
        ("starts", timestamp::format_ms(t.starts_at)),
        ("ends", time(t.ends_at)),
        ("registration opens", time(t.registration_opens_at)),
        ("registration closes", time(t.registration_closes_at)),
        (
            "places",
            format!("{} taken of {}", t.field_size, t.max_participants),
        ),
    ];
    if t.third_place {
        settings.push(("third place", "a match for third place".to_owned()));
    }
    if t.group_count.is_some() || t.advance_per_group.is_some() {
        settings.push(("groups", optional(t.group_count)));
        settings.push(("advance per group", optional(t.advance_per_group)));
    }
    if let Some(rounds) = t.rounds {
        settings.push(("rounds", rounds.to_string()));
    }
    if let (Some(wins), Some(losses)) = (t.advance_wins, t.eliminate_losses) {
        settings.push((
            "thresholds",
            format!("through at {wins} wins, out at {losses} losses"),
        ));
    }
    if let Some(points) = &t.points_scale {
        settings.push(("points", points.clone()));
    }
    let plans = crate::db::stages::list_plans(handle.conn(), t.id).await?;
    let plan = crate::db::store::stage_specs(&t, &plans)?;
    if plan.len() > 1 {
        settings.push((
            "stages",
            crate::pages::portal::stages_in_words(Locale::En, &plan),
        ));
    }
    settings.extend(entry::describe(&t)?);
    let serving = crate::db::stations::serving(handle.conn(), t.id).await?;
    let serving: Vec<String> = serving.into_iter().map(|s| s.name).collect();
    settings.extend(stations::describe(&t, &serving));
    if let Some(description) = &t.description {
        settings.push(("description", description.replace('\n', " / ")));
    }
    let width = settings.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (key, value) in &settings {
        writeln!(out, "{key:width$}  {value}")?;
    }
    let withdrawn = field
        .iter()
        .filter(|p| p.status == ParticipantStatus::Withdrawn)
        .count();
    let waiting = field
        .iter()
        .filter(|p| p.status == ParticipantStatus::Waiting)
        .count();
    let completed = games
        .iter()
        .filter(|m| m.status == MatchStatus::Completed && !m.bye)
        .count();
    let played = games.iter().filter(|m| !m.bye).count();
    let entry = t.entry()?;
    // The waiting list and check-in show where the tournament has them.
    let waiting_text = if entry.waiting_list.is_some() || waiting > 0 {
        format!("{waiting} waiting, ")
    } else {
        String::new()
    };
    writeln!(
        out,
        "\n{} registered, {waiting_text}{withdrawn} withdrawn; {completed} of {played} matches completed",
        field.len() - withdrawn - waiting
    )?;
    if field.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    let table_rows: Vec<[String; 6]> = field
        .into_iter()
        .map(|p| {
            let roster = p.roster().unwrap_or_default().join(", ");
            [
                p.id.to_string(),
                optional(p.seed),
                p.place.map_or_else(
                    || "-".to_owned(),
                    |place| match p.place_to {
                        Some(to) if to != place => format!("{place}-{to}"),
                        _ => place.to_string(),
                    },
                ),
                p.status.to_string(),
                p.checked_in_at
                    .map_or_else(|| "-".to_owned(), timestamp::format_ms),
                if roster.is_empty() {
                    p.name
                } else {
                    format!("{} ({roster})", p.name)
                },
            ]
        })
        .collect();
    if entry.check_in.is_some() {
        table::write(
            out,
            &["ID", "SEED", "PLACE", "STATUS", "CHECKED IN", "NAME"],
            &table_rows,
        )?;
    } else {
        let table_rows: Vec<[String; 5]> = table_rows
            .into_iter()
            .map(|[id, seed, place, status, _, name]| [id, seed, place, status, name])
            .collect();
        table::write(out, &["ID", "SEED", "PLACE", "STATUS", "NAME"], &table_rows)?;
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
    let table_rows: Vec<[String; 7]> = rows
        .into_iter()
        .map(|r| {
            [
                r.id.to_string(),
                r.status.to_string(),
                timestamp::format_ms(r.registered_at),
                r.checked_in_at
                    .map_or_else(|| "-".into(), timestamp::format_ms),
                r.withdrawn_at
                    .map_or_else(|| "-".into(), timestamp::format_ms),
                r.email.unwrap_or_else(|| "-".into()),
                r.name,
            ]
        })
        .collect();
    table::write(
        out,
        &[
            "ID",
            "STATUS",
            "REGISTERED",
            "CHECKED IN",
            "WITHDRAWN",
            "EMAIL",
            "NAME",
        ],
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
        thresholds: args.thresholds.given(),
        entry: entry::of_args(&args.entry)?,
        self_report: entry::new_self_report(&args.entry)?,
        stations: stations::choice(&args.room),
        timing: stations::timing(&args.room)?,
        ..Draft::new(&args.space, &args.slug, &args.name, &args.game, args.format)
    })
}
