//! The room of a tournament at the desk (`…/tournaments/<slug>/room`): the page, Call next on a
//! station, Call now on a waiting match, and on a called match Playing, a forfeit by either side
//! and Take back. Each post is one service operation (`service::room`, or `service::matches`
//! for a forfeit, refused unless the match is as the page showed it); a refusal shows the room
//! again with why.
//!
//! Never writes to the database itself.

use std::collections::HashMap;

use warp::http::StatusCode;

use super::pipeline::{Answer, Done, Problem, Scope};
use super::routes::RoomAct;
use crate::db::tournaments::TournamentRow;
use crate::http::forms::Fields;
use crate::ids::{MatchId, StationId};
use crate::pages::desk::room::{self as page, RoomData};
use crate::pages::i18n::T;
use crate::pages::section::Notice;
use crate::service::matches::ResultInput;
use crate::service::{self, ServiceError};
use crate::views;

/// `GET …/tournaments/<slug>/room`.
pub(super) async fn room(scope: &Scope<'_>, tournament: &TournamentRow) -> Answer {
    room_page(scope, tournament, StatusCode::OK, scope.done_notice()).await
}

async fn room_page(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    status: StatusCode,
    notice: Option<Notice>,
) -> Answer {
    let now = crate::timestamp::now_ms();
    let mut handle = scope.app.db.acquire().await?;
    let room = service::room::view(handle.conn(), tournament, scope.view.space, now).await?;
    let games = views::tournament_matches(handle.conn(), tournament).await?;
    let stages = crate::db::stages::list(handle.conn(), tournament.id).await?;
    let titles: HashMap<MatchId, String> =
        crate::pages::match_titles(scope.view.locale(), &stages, &games);
    let data = RoomData {
        room: &room,
        games: &games,
        titles: &titles,
        now,
    };
    let page = page::page(&scope.view, tournament, &data, notice);
    Ok(scope.respond(status, &page))
}

fn back(tournament: &TournamentRow) -> String {
    format!("tournaments/{}/room", tournament.slug)
}

/// `POST …/room/call`: with `station`, Call next to it; with `game`, Call now to the station
/// named `to` (the first free one when empty), or Move a called match there.
pub(super) async fn call(scope: &Scope<'_>, tournament: &TournamentRow, fields: &Fields) -> Answer {
    let again = |problem: Problem| async move {
        room_page(scope, tournament, problem.status, Some(problem.notice)).await
    };
    let (db, ctx, slug) = (&scope.app.db, scope.ctx(), &tournament.slug);
    let station = fields.get("station").parse::<StationId>().ok();
    let game = fields.get("game").parse::<MatchId>().ok();
    let seen = Some(fields.get("seen"));
    let to = Some(fields.get("to").trim()).filter(|to| !to.is_empty());
    let called = match (station, game) {
        (Some(station), None) => service::room::call_next_to(db, &ctx, slug, station).await,
        (None, Some(game)) => service::room::call(db, &ctx, slug, game, to, seen).await,
        _ => return Ok(scope.not_found()),
    };
    let done = called.map(|game| {
        let done = match service::room::called_early(&game) {
            Some(_) => "called-early",
            None => "called",
        };
        Done::to(back(tournament), done)
    });
    scope.finish(done, T::StationsNotDone, again).await
}

/// `POST …/room/<match>/<act>`: Playing, a forfeit, or Take back.
pub(super) async fn act(
    scope: &Scope<'_>,
    tournament: &TournamentRow,
    game: &str,
    act: RoomAct,
    fields: &Fields,
) -> Answer {
    let again = |problem: Problem| async move {
        room_page(scope, tournament, problem.status, Some(problem.notice)).await
    };
    let Ok(id) = game.parse::<MatchId>() else {
        return Ok(scope.not_found());
    };
    let (db, ctx, slug) = (&scope.app.db, scope.ctx(), &tournament.slug);
    let seen = Some(fields.get("seen"));
    let done: Result<&'static str, ServiceError> = match act {
        RoomAct::Start => service::room::start(db, &ctx, slug, id, seen)
            .await
            .map(|_| "started"),
        RoomAct::Uncall => service::room::uncall(db, &ctx, slug, id, seen)
            .await
            .map(|_| "uncalled"),
        RoomAct::Forfeit(side) => {
            let input = ResultInput::Sides {
                score: None,
                forfeit: Some(side),
            };
            service::matches::report(db, &ctx, slug, id, &input, seen)
                .await
                .map(|_| "forfeit")
        }
    };
    let done = done.map(|what| Done::to(back(tournament), what));
    scope.finish(done, T::StationsNotDone, again).await
}
