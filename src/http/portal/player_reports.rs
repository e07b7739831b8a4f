//! A player's reports from their own page (docs/portal.md "Reporting your match"): the claim
//! form (`…/player/<secret>/report`), the answer to the opponent's claim (`…/answer`: confirm,
//! or dispute with their own result), and the event stream the page follows (`…/live`).
//!
//! Each post passes the form checks (the link's limits, size, origin, the page's token), reads
//! its fields once into the service's terms, and answers with the player's page: after a success
//! by a redirect to it, after a refusal with it and why, in the page's language. The service
//! decides who may act; nothing here does.

use std::sync::Arc;

use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;

use super::player_page::{player_page, refused_post};
use super::registration::{Counted, check_post};
use super::{Request, link_not_valid, portal_ctx, redirect};
use crate::domain::self_report::{Said, Whose};
use crate::http::App;
use crate::http::forms::Fields;
use crate::http::refusal;
use crate::http::widgets::Failure;
use crate::ids::{ClaimId, MatchId};
use crate::pages::i18n::T;
use crate::pages::portal::Place;
use crate::service::player_reports::{self, Answer};
use crate::service::{Missing, ServiceError};
use crate::views::public;

/// Why a form's fields were refused before the service saw them.
enum Unreadable {
    /// No such match or claim id: the form was not this page's.
    Ids,
    /// A score that is not a whole number in range, one score without the other, or neither
    /// scores nor a forfeit.
    Result,
}

/// The result a form states, from the player's side.
fn said(field: &dyn Fn(&str) -> String) -> Result<Said, Unreadable> {
    let number = |name: &str| -> Result<Option<u32>, Unreadable> {
        let text = field(name);
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        crate::fields::score(text)
            .map(Some)
            .map_err(|_| Unreadable::Result)
    };
    let score = match (number("mine")?, number("theirs")?) {
        (Some(mine), Some(theirs)) => Some((mine, theirs)),
        (None, None) => None,
        _ => return Err(Unreadable::Result),
    };
    let forfeit = match field("forfeit").as_str() {
        "" => None,
        "mine" => Some(Whose::Mine),
        "theirs" => Some(Whose::Theirs),
        _ => return Err(Unreadable::Result),
    };
    if score.is_none() && forfeit.is_none() {
        return Err(Unreadable::Result);
    }
    Ok(Said { score, forfeit })
}

fn match_id(field: &dyn Fn(&str) -> String) -> Result<MatchId, Unreadable> {
    MatchId::parse_prefixed(&field("match")).ok_or(Unreadable::Ids)
}

/// The body of a post that passed the form checks, or the player's page saying why not.
async fn checked_body(
    app: &Arc<App>,
    place: &Place<'_>,
    secret: &str,
    request: Request<'_>,
) -> Result<Result<Fields, Response>, Failure> {
    let headers = request.headers;
    let action = request.path.to_owned();
    match check_post(app, &action, Counted::Player(secret), request).await {
        Ok(body) => Ok(Ok(body)),
        Err(refused) => Ok(Err(
            refused_post(app, place, secret, headers, refused).await?
        )),
    }
}

/// POST `…/player/<secret>/report`: the player claims their match's result.
pub(super) async fn report(
    app: &Arc<App>,
    place: &Place<'_>,
    secret: &str,
    request: Request<'_>,
) -> Result<Response, Failure> {
    let headers = request.headers;
    let fields = match checked_body(app, place, secret, request).await? {
        Ok(fields) => fields,
        Err(page) => return Ok(page),
    };
    let field = |name: &str| fields.get(name).to_owned();
    let read = match_id(&field).and_then(|id| Ok((id, said(&field)?)));
    let (id, said) = match read {
        Ok(read) => read,
        Err(unreadable) => return unreadable_form(app, place, secret, headers, unreadable).await,
    };
    let done = player_reports::claim(&app.db, &portal_ctx(app), secret, id, said).await;
    answer_with_page(app, place, secret, headers, done.map(|_| "reported")).await
}

/// POST `…/player/<secret>/answer`: the opponent confirms the claim their page showed, or
/// disputes it with their own result.
pub(super) async fn answer(
    app: &Arc<App>,
    place: &Place<'_>,
    secret: &str,
    request: Request<'_>,
) -> Result<Response, Failure> {
    let headers = request.headers;
    let fields = match checked_body(app, place, secret, request).await? {
        Ok(fields) => fields,
        Err(page) => return Ok(page),
    };
    let field = |name: &str| fields.get(name).to_owned();
    let read = match_id(&field).and_then(|id| {
        let claim = ClaimId::parse_prefixed(&field("claim")).ok_or(Unreadable::Ids)?;
        let answer = match field("answer").as_str() {
            "confirm" => Answer::Confirm,
            "dispute" => Answer::Dispute(said(&field)?),
            _ => return Err(Unreadable::Ids),
        };
        Ok((id, claim, answer))
    });
    let (id, claim, answer) = match read {
        Ok(read) => read,
        Err(unreadable) => return unreadable_form(app, place, secret, headers, unreadable).await,
    };
    let done = player_reports::answer(&app.db, &portal_ctx(app), secret, id, claim, answer).await;
    let done = done.map(|answered| match answered {
        player_reports::Answered::Confirmed(_) => "confirmed",
        player_reports::Answered::Disputed => "disputed",
    });
    answer_with_page(app, place, secret, headers, done).await
}

/// GET `…/player/<secret>/live`: the stream the player's page follows (the tournament's, in
/// any status: a result, a claim or an answer from anywhere wakes it).
pub(super) async fn live(
    app: &App,
    place: &Place<'_>,
    secret: &str,
    headers: &HeaderMap,
) -> Result<Response, Failure> {
    let hash = crate::service::registrations::withdrawal_hash(secret);
    let tournament = {
        let mut handle = app.db.acquire().await?;
        public::withdrawal(handle.conn(), &hash).await?
    };
    let Some((_, tournament)) = tournament else {
        return Ok(link_not_valid(place));
    };
    let Ok(versions) = app.gate.current().await else {
        return Err(Failure::new("the data version cannot be read"));
    };
    Ok(crate::http::live::desk_stream(app, tournament.id, versions.data, headers).await?)
}

/// After a report or an answer: the player's page (a redirect to it), or the page with why the
/// service refused, in the page's language.
async fn answer_with_page(
    app: &App,
    place: &Place<'_>,
    secret: &str,
    headers: &HeaderMap,
    done: Result<&str, ServiceError>,
) -> Result<Response, Failure> {
    let status = match &done {
        Ok(what) => {
            return Ok(redirect(
                &place.link(&format!("player/{secret}?done={what}")),
                StatusCode::SEE_OTHER,
            ));
        }
        Err(ServiceError::NotFound(Missing::WithdrawalLink)) => return Ok(link_not_valid(place)),
        Err(ServiceError::NotFound(_) | ServiceError::Rule(_)) => StatusCode::CONFLICT,
        Err(ServiceError::Conflict(_)) => StatusCode::CONFLICT,
        Err(ServiceError::Invalid(_)) => StatusCode::UNPROCESSABLE_ENTITY,
        Err(error) => return Err(Failure::new(&error.to_string())),
    };
    let problem = done
        .err()
        .map(|error| refusal::reason(&error, place.locale));
    player_page(app, place, secret, headers, status, problem).await
}

async fn unreadable_form(
    app: &App,
    place: &Place<'_>,
    secret: &str,
    headers: &HeaderMap,
    unreadable: Unreadable,
) -> Result<Response, Failure> {
    let problem = match unreadable {
        Unreadable::Ids => T::ErrFormStale,
        Unreadable::Result => T::ErrReportScore,
    };
    player_page(
        app,
        place,
        secret,
        headers,
        StatusCode::UNPROCESSABLE_ENTITY,
        Some(problem.get(place.locale).to_owned()),
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(body: &str) -> Result<Said, ()> {
        let fields = Fields::parse(body.as_bytes());
        let field = |name: &str| fields.get(name).to_owned();
        said(&field).map_err(|_| ())
    }

    #[test]
    fn a_result_is_two_whole_scores_or_a_forfeit() {
        assert_eq!(
            read("mine=2&theirs=1&forfeit="),
            Ok(Said {
                score: Some((2, 1)),
                forfeit: None
            })
        );
        assert_eq!(
            read("mine=&theirs=&forfeit=theirs"),
            Ok(Said {
                score: None,
                forfeit: Some(Whose::Theirs)
            })
        );
        for bad in [
            "mine=&theirs=&forfeit=",
            "mine=2&theirs=",
            "mine=-1&theirs=0",
            "mine=1.5&theirs=0",
            "mine=10000&theirs=0",
            "mine=%EF%BC%92&theirs=0",
            "mine=1&theirs=0&forfeit=both",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
