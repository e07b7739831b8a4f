//! `tourney matches report|correct`.

use std::io::Write;

use crate::cli::{MatchResult, MatchesCommand};
use crate::config::Config;
use crate::db::Db;
use crate::domain::Side;
use crate::error::Error;
use crate::events::{MatchObject, Sides};
use crate::portal::Ctx;
use crate::portal::matches::{self, ResultInput};
use crate::timestamp;

pub async fn run(
    config: &Config,
    db: &Db,
    command: MatchesCommand,
    out: &mut impl Write,
) -> Result<(), Error> {
    let ctx = Ctx {
        base_url: &config.base_url,
        actor: &config.actor,
        now: timestamp::now_ms(),
    };
    match command {
        MatchesCommand::Report(args) => {
            let (slug, match_id, input) = input(args)?;
            let done = matches::report(db, &ctx, &slug, &match_id, &input).await?;
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
            let done = matches::correct(db, &ctx, &slug, &match_id, &input).await?;
            writeln!(out, "corrected {}", describe(&done.game))?;
            if !done.reset_match_ids.is_empty() {
                writeln!(out, "reset: {}", done.reset_match_ids.join(", "))?;
            }
        }
    }
    Ok(())
}

fn input(args: MatchResult) -> Result<(String, String, ResultInput), Error> {
    let forfeit = args
        .forfeit
        .map(|side| {
            side.parse::<Side>()
                .map_err(|e| Error::Invalid(e.to_string()))
        })
        .transpose()?;
    Ok((
        args.slug,
        args.match_id,
        ResultInput {
            score: args.score,
            forfeit,
            places: args.places,
        },
    ))
}

/// `mat_7: Alice 2-1 Bob (winner a)`, or the places of a free-for-all round.
fn describe(game: &MatchObject) -> String {
    match &game.sides {
        Sides::Two {
            a_name,
            b_name,
            score_a,
            score_b,
            winner,
            ..
        } => {
            let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "—".to_owned());
            let score = |s: &Option<i64>| s.map_or("-".to_owned(), |s| s.to_string());
            let forfeit = if game.forfeit { ", by forfeit" } else { "" };
            let winner = winner.map_or("none".to_owned(), |w| w.to_string());
            format!(
                "{}: {} {}-{} {} (winner {winner}{forfeit})",
                game.id,
                name(a_name),
                score(score_a),
                score(score_b),
                name(b_name)
            )
        }
        Sides::Results { results } => {
            let places: Vec<String> = results
                .iter()
                .map(|r| format!("{}. {}", r.place, r.name.clone().unwrap_or_default()))
                .collect();
            format!("{}: {}", game.id, places.join(", "))
        }
    }
}
