//! `tourney stations add|list|pause|resume|remove`, and the `--stations`, `--match-duration`,
//! `--rest` and `--no-show-after` flags of `tournaments create|update`, read once here.

use std::io::Write;

use super::{Error, ctx, table};
use crate::cli::{RoomArgs, StationsCommand};
use crate::config::Config;
use crate::db::Db;
use crate::db::tournaments::TournamentRow;
use crate::domain::room::Timing;
use crate::fields::format_duration_ms;
use crate::service::stations::{self, Named, OnStationsChoice};
use crate::timestamp;

pub async fn run(
    config: &Config,
    db: &Db,
    command: StationsCommand,
    out: &mut impl Write,
) -> Result<(), Error> {
    let ctx = ctx(config);
    match command {
        StationsCommand::Add { space, names } => {
            let added = stations::add(db, &ctx, &space, &names).await?;
            for station in added {
                writeln!(
                    out,
                    "added station {} ({}) to {space}",
                    station.name, station.id
                )?;
            }
        }
        StationsCommand::List { space } => {
            let listed = stations::list(db, &ctx, &space).await?;
            if listed.is_empty() {
                writeln!(
                    out,
                    "{space} has no stations (add them with `tourney stations add --space {space} NAME...`)"
                )?;
                return Ok(());
            }
            let rows: Vec<[String; 3]> = listed
                .iter()
                .map(|view| {
                    let state = if view.station.paused {
                        "paused"
                    } else {
                        "open"
                    };
                    let holds = view.holds.as_ref().map_or_else(
                        || "free".to_owned(),
                        |h| {
                            let name = |n: &Option<String>| n.clone().unwrap_or_default();
                            let (what, since) = match h.started_at {
                                Some(at) => ("playing since", at),
                                None => ("called", h.called_at),
                            };
                            format!(
                                "{} {}: {} vs {}, {what} {}",
                                h.tournament_slug,
                                h.match_id,
                                name(&h.a_name),
                                name(&h.b_name),
                                timestamp::format_ms(since)
                            )
                        },
                    );
                    [view.station.name.clone(), state.to_owned(), holds]
                })
                .collect();
            table::write(out, &["STATION", "STATE", "HOLDS"], &rows)?;
        }
        StationsCommand::Pause { space, name } => {
            let station = stations::set_paused(db, &ctx, &space, Named::Name(&name), true).await?;
            writeln!(out, "paused {}: nothing new is called to it", station.name)?;
        }
        StationsCommand::Resume { space, name } => {
            let station = stations::set_paused(db, &ctx, &space, Named::Name(&name), false).await?;
            writeln!(out, "resumed {}", station.name)?;
        }
        StationsCommand::Remove { space, name } => {
            let station = stations::remove(db, &ctx, &space, Named::Name(&name)).await?;
            writeln!(out, "removed station {} from {space}", station.name)?;
        }
    }
    Ok(())
}

/// `--stations all|NAME,NAME...` as given.
pub fn choice(args: &RoomArgs) -> Option<OnStationsChoice> {
    let text = args.stations.as_deref()?;
    if text.trim().eq_ignore_ascii_case("all") {
        return Some(OnStationsChoice::All);
    }
    Some(OnStationsChoice::Listed(
        text.split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_owned)
            .collect(),
    ))
}

/// The room's times a new tournament keeps: the defaults, with those given.
pub fn timing(args: &RoomArgs) -> Result<Timing, Error> {
    let given = times(args)?;
    let default = Timing::default();
    Ok(Timing {
        match_duration: given.match_duration.unwrap_or(default.match_duration),
        rest: given.rest.unwrap_or(default.rest),
        no_show_after: given.no_show_after.unwrap_or(default.no_show_after),
    })
}

/// The room's times given on the command line (ms).
pub struct Times {
    pub match_duration: Option<i64>,
    pub rest: Option<i64>,
    pub no_show_after: Option<i64>,
}

pub fn times(args: &RoomArgs) -> Result<Times, Error> {
    let read = |flag: &str, text: &Option<String>| {
        text.as_deref()
            .map(|t| {
                crate::fields::duration_ms(t).map_err(|e| Error::Invalid(format!("{flag}: {e}")))
            })
            .transpose()
    };
    Ok(Times {
        match_duration: read("--match-duration", &args.match_duration)?,
        rest: read("--rest", &args.rest)?,
        no_show_after: read("--no-show-after", &args.no_show_after)?,
    })
}

/// Whether any of the room's flags is given.
pub fn given(args: &RoomArgs) -> bool {
    args.stations.is_some()
        || args.match_duration.is_some()
        || args.rest.is_some()
        || args.no_show_after.is_some()
}

/// `stations: all` or the names, and the times, as `tournaments show` and `update` print them.
pub fn describe(t: &TournamentRow, serving: &[String]) -> Vec<(&'static str, String)> {
    let Some(on) = t.stations else {
        return vec![("stations", "none (nothing is called)".to_owned())];
    };
    let stations = match on {
        crate::domain::OnStations::All => format!("all ({})", serving.join(", ")),
        crate::domain::OnStations::Listed => serving.join(", "),
    };
    vec![
        ("stations", stations),
        ("match duration", format_duration_ms(t.match_duration)),
        (
            "rest",
            match t.rest_between {
                0 => "none".to_owned(),
                ms => format_duration_ms(ms),
            },
        ),
        ("no-show after", format_duration_ms(t.no_show_after)),
    ]
}
