//! `tourney matches list|report|correct|call|uncall|start`.

use std::io::Write;

use super::{Error, ctx, parse_id, table};
use crate::cli::{MatchResult, MatchesCommand};
use crate::config::Config;
use crate::db::{Db, tournaments};
use crate::domain::{ClaimState, MatchStatus};
use crate::events::{MatchObject, Sides};
use crate::ids::MatchId;
use crate::service::Missing;
use crate::service::matches::{self, ResultInput};
use crate::service::room;
use crate::views;

pub async fn run(
    config: &Config,
    db: &Db,
    command: MatchesCommand,
    out: &mut impl Write,
) -> Result<(), Error> {
    let ctx = ctx(config);
    match command {
        MatchesCommand::List { slug, ready } => list(db, &slug, ready, out).await?,
        MatchesCommand::Report(args) => {
            let (slug, match_id, input) = input(args)?;
            let done = matches::report(db, &ctx, &slug, match_id, &input, None).await?;
            writeln!(out, "reported {}", describe(&done.game))?;
            if done.created > 0 {
                writeln!(out, "{} new matches drawn", done.created)?;
            }
            if done.tournament_completed {
                writeln!(out, "{slug} is completed")?;
            }
        }
        MatchesCommand::Correct(args) => {
            let (slug, match_id, input) = input(args)?;
            let done = matches::correct(db, &ctx, &slug, match_id, &input, None).await?;
            writeln!(out, "corrected {}", describe(&done.game))?;
            if !done.reset_match_ids.is_empty() {
                let reset: Vec<String> = done
                    .reset_match_ids
                    .iter()
                    .map(|id| id.to_string())
                    .collect();
                writeln!(out, "reset: {}", reset.join(", "))?;
            }
        }
        MatchesCommand::Call {
            slug,
            match_id,
            station,
        } => {
            let id = match_id_of(&slug, &match_id)?;
            let game = room::call(db, &ctx, &slug, id, station.as_deref(), None).await?;
            writeln!(out, "called {}", describe(&game))?;
            if let Some(at) = room::called_early(&game) {
                writeln!(
                    out,
                    "called before the time its players were given ({}); they may not be here yet",
                    crate::pages::i18n::clock(at)
                )?;
            }
        }
        MatchesCommand::Uncall { slug, match_id } => {
            let id = match_id_of(&slug, &match_id)?;
            let game = room::uncall(db, &ctx, &slug, id, None).await?;
            writeln!(
                out,
                "took back the call of {}; it waits in the queue",
                describe(&game)
            )?;
        }
        MatchesCommand::Start { slug, match_id } => {
            let id = match_id_of(&slug, &match_id)?;
            let game = room::start(db, &ctx, &slug, id, None).await?;
            writeln!(out, "started {}", describe(&game))?;
        }
    }
    Ok(())
}

/// A match id as typed, or the error of a match `slug` does not have.
fn match_id_of(slug: &str, text: &str) -> Result<MatchId, Error> {
    parse_id(text, || Missing::Match {
        tournament: slug.to_owned(),
        id: text.to_owned(),
    })
}

/// The tournament, the match and the result, checked for shape: a score or a forfeit, or the
/// places of a free-for-all round.
fn input(args: MatchResult) -> Result<(String, MatchId, ResultInput), Error> {
    let id = match_id_of(&args.slug, &args.match_id)?;
    let input = if args.places.is_empty() {
        let score = args
            .score
            .as_deref()
            .map(crate::fields::score_pair)
            .transpose()
            .map_err(Error::Invalid)?;
        if score.is_none() && args.forfeit.is_none() {
            return Err(Error::Invalid(
                "give the result: --score A-B, --forfeit a|b, or --place for a free-for-all round"
                    .into(),
            ));
        }
        ResultInput::Sides {
            score,
            forfeit: args.forfeit,
        }
    } else {
        if args.score.is_some() || args.forfeit.is_some() {
            return Err(Error::Invalid(
                "give either --place (free-for-all) or --score / --forfeit, not both".into(),
            ));
        }
        ResultInput::Places(args.places)
    };
    Ok((args.slug, id, input))
}

/// `mat_7: Alice 2-1 Bob (winner a)`, `mat_8: Clara vs TBD`, or the places of a free-for-all round.
fn describe(game: &MatchObject) -> String {
    let completed = game.status == MatchStatus::Completed;
    match &game.sides {
        Sides::Two {
            a_name,
            b_name,
            score_a,
            score_b,
            winner,
            ..
        } => {
            let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "TBD".to_owned());
            let text = if game.bye {
                format!(
                    "{} (bye)",
                    a_name
                        .clone()
                        .or_else(|| b_name.clone())
                        .unwrap_or_else(|| "nobody".to_owned())
                )
            } else if completed {
                let score = |s: &Option<i64>| s.map_or("-".to_owned(), |s| s.to_string());
                let forfeit = if game.forfeit { ", by forfeit" } else { "" };
                let winner = winner.map_or("none".to_owned(), |w| w.to_string());
                format!(
                    "{} {}-{} {} (winner {winner}{forfeit})",
                    name(a_name),
                    score(score_a),
                    score(score_b),
                    name(b_name)
                )
            } else {
                format!("{} vs {}", name(a_name), name(b_name))
            };
            format!("{}: {text}{}", game.id, on_station(game))
        }
        Sides::Results { results } if completed => {
            let places: Vec<String> = results
                .iter()
                .map(|r| format!("{}. {}", r.place, r.name.clone().unwrap_or_default()))
                .collect();
            format!("{}: {}", game.id, places.join(", "))
        }
        Sides::Results { .. } => format!("{}: the whole field", game.id),
    }
}

/// `, called to Table 4` / `, playing on Table 4` for an unfinished match on a station.
fn on_station(game: &MatchObject) -> String {
    match (&game.station, &game.started_at) {
        (Some(_), _) if game.status == MatchStatus::Completed => String::new(),
        (Some(station), Some(_)) => format!(", playing on {station}"),
        (Some(station), None) => format!(", called to {station}"),
        (None, _) => String::new(),
    }
}

/// One line per match, in the order of the API.
async fn list(db: &Db, slug: &str, only_ready: bool, out: &mut impl Write) -> Result<(), Error> {
    let mut handle = db.acquire().await?;
    let tournament = tournaments::find_by_slug(handle.conn(), slug)
        .await?
        .ok_or_else(|| Missing::Tournament {
            slug: slug.to_owned(),
        })?;
    let games = views::tournament_matches(handle.conn(), &tournament).await?;
    let rows: Vec<[String; 6]> = games
        .iter()
        .filter(|g| !only_ready || g.status == MatchStatus::Ready)
        .map(|g| {
            let part = match (&g.bracket, &g.group) {
                (Some(bracket), _) => format!("{} {bracket}", g.stage),
                (None, Some(group)) => format!("{} group {group}", g.stage),
                (None, None) => g.stage.to_string(),
            };
            let result = describe(g);
            let result = result
                .split_once(": ")
                .map_or(result.clone(), |(_, rest)| rest.to_owned());
            [
                g.id.to_string(),
                part,
                g.round.to_string(),
                g.position.to_string(),
                // A player's open claim: the organiser's report decides it.
                match g.claim {
                    Some(ClaimState::Pending) => format!("{}, claimed", g.status),
                    Some(ClaimState::Disputed) => format!("{}, disputed", g.status),
                    None => g.status.to_string(),
                },
                result,
            ]
        })
        .collect();
    if rows.is_empty() {
        writeln!(
            out,
            "{slug} has no {}matches",
            if only_ready { "ready " } else { "" }
        )?;
        return Ok(());
    }
    table::write(
        out,
        &["ID", "STAGE", "ROUND", "POS", "STATUS", "MATCH"],
        &rows,
    )?;
    Ok(())
}
