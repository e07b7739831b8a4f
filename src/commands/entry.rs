//! The entry settings on the command line (check-in, teams, waiting list: `tournaments create`
//! and `update` take them, `show` and `update` print them) and `tournaments check-in`.

use std::io::Write;

use super::Error;
use crate::cli::{EntryArgs, NoShowArg, SelfReportArg};
use crate::db::Db;
use crate::db::tournaments::TournamentRow;
use crate::domain::NoShow;
use crate::domain::entry::{CheckIn, Entry, Teams, parse_team_size};
use crate::domain::self_report::SelfReport;
use crate::service::Ctx;
use crate::service::check_in::{self, By};
use crate::service::registrations::Registrant;
use crate::timestamp;

/// The settings a new tournament is created with.
pub fn of_args(args: &EntryArgs) -> Result<Entry, Error> {
    let (check_in, teams, waiting_list) = changes(args, false, false)?;
    Ok(Entry {
        check_in: check_in.flatten(),
        teams: teams.flatten(),
        waiting_list: waiting_list.flatten(),
    })
}

/// Players' reports as given: on or off, and the window (`--confirm-within`).
pub fn self_report(args: &EntryArgs) -> Result<(Option<bool>, Option<i64>), Error> {
    let on = args.self_report.map(|mode| mode == SelfReportArg::Confirm);
    let within = args
        .confirm_within
        .as_deref()
        .map(|text| millis("--confirm-within", text))
        .transpose()?;
    Ok((on, within))
}

/// Players' reports for a new tournament.
pub fn new_self_report(args: &EntryArgs) -> Result<SelfReport, Error> {
    let (on, within) = self_report(args)?;
    SelfReport::Off
        .changed(on, within)
        .map_err(|e| Error::Invalid(format!("--confirm-within: {e}; add --self-report confirm")))
}

type Changes = (
    Option<Option<CheckIn>>,
    Option<Option<Teams>>,
    Option<Option<u32>>,
);

/// What an update changes: `Some(None)` turns a setting off.
pub fn changes(args: &EntryArgs, no_check_in: bool, no_teams: bool) -> Result<Changes, Error> {
    let check_in = match (&args.check_in_opens, &args.check_in_closes) {
        (Some(opens), Some(closes)) => Some(Some(CheckIn {
            opens_before: millis("--check-in-opens", opens)?,
            closes_before: millis("--check-in-closes", closes)?,
            no_show: match args.no_show.unwrap_or(NoShowArg::BottomSeed) {
                NoShowArg::BottomSeed => NoShow::BottomSeed,
                NoShowArg::Remove => NoShow::Remove,
            },
        })),
        _ if no_check_in => Some(None),
        _ => None,
    };
    let teams = match &args.team_size {
        Some(size) => {
            let (min, max) = team_size(size)?;
            Some(Some(Teams {
                min,
                max,
                incomplete: args.incomplete_rosters,
            }))
        }
        None if no_teams => Some(None),
        None => None,
    };
    let waiting_list = args.waiting_list.map(|n| (n > 0).then_some(n));
    Ok((check_in, teams, waiting_list))
}

fn millis(flag: &str, text: &str) -> Result<i64, Error> {
    let duration =
        crate::fields::duration(text).map_err(|e| Error::Invalid(format!("{flag}: {e}")))?;
    i64::try_from(duration.as_millis())
        .map_err(|_| Error::Invalid(format!("{flag}: {text} is too long")))
}

/// `MIN..MAX` or `N`.
fn team_size(text: &str) -> Result<(u32, u32), Error> {
    parse_team_size(text).ok_or_else(|| {
        Error::Invalid(format!(
            "--team-size: expected MIN..MAX or N (2..5, 3), got '{text}'"
        ))
    })
}

/// The entry settings as `show` and `update` print them.
pub fn describe(t: &TournamentRow) -> Result<Vec<(&'static str, String)>, Error> {
    let entry = t.entry()?;
    let mut lines = Vec::new();
    if let Some(c) = entry.check_in {
        let action = match c.no_show {
            NoShow::BottomSeed => "no-shows to the bottom seeds",
            NoShow::Remove => "no-shows removed",
        };
        let state = match t.check_in_processed_at {
            Some(at) => format!("closed {}", timestamp::format_ms(at)),
            None => "not closed yet".to_owned(),
        };
        lines.push((
            "check-in",
            format!(
                "{} to {}, {action}; {state}",
                timestamp::format_ms(c.opens_at(t.starts_at)),
                timestamp::format_ms(c.closes_at(t.starts_at)),
            ),
        ));
    }
    if let Some(teams) = entry.teams {
        let size = if teams.min == teams.max {
            teams.min.to_string()
        } else {
            format!("{}..{}", teams.min, teams.max)
        };
        let incomplete = if teams.incomplete {
            ", incomplete rosters allowed"
        } else {
            ""
        };
        lines.push(("teams", format!("{size} players{incomplete}")));
    }
    if let Some(length) = entry.waiting_list {
        lines.push(("waiting list", format!("up to {length}")));
    }
    if let SelfReport::Confirm { within_ms } = t.self_report() {
        lines.push((
            "players report",
            format!(
                "results, confirmed by the opponent within {}",
                crate::fields::format_duration_ms(within_ms)
            ),
        ));
    }
    Ok(lines)
}

/// `tournaments check-in SLUG NAME` or `tournaments check-in SLUG --process`.
pub async fn check_in(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    who: Option<&str>,
    process: bool,
    out: &mut impl Write,
) -> Result<(), Error> {
    if let Some(who) = who {
        let registrant = Registrant::Named {
            tournament: slug,
            who,
        };
        let checked = check_in::check_in(db, ctx, registrant, By::Organiser).await?;
        let p = &checked.participant;
        if checked.again {
            writeln!(out, "{} ({}) had checked in already", p.name, p.id)?;
        } else {
            writeln!(out, "checked in {} ({}) for {slug}", p.name, p.id)?;
        }
    }
    if process {
        let processed = check_in::process(db, ctx, slug).await?;
        let action = match processed.no_show {
            NoShow::BottomSeed => "seeded last",
            NoShow::Remove => "removed",
        };
        writeln!(
            out,
            "closed the check-in of {slug}: {} no-show(s) {action}{}; {} promoted from the waiting list{}; registration closed",
            processed.no_shows.len(),
            list(&processed.no_shows),
            processed.promoted.len(),
            list(&processed.promoted),
        )?;
    }
    Ok(())
}

fn list(names: &[String]) -> String {
    if names.is_empty() {
        String::new()
    } else {
        format!(" ({})", names.join(", "))
    }
}
