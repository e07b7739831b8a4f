//! A registration's private link (shown once on its confirmation): the player's own page,
//! `/<locale>/player/<secret>`, which says where they stand (in the field, their place on the
//! waiting list, their final place), their check-in button while the window is open,
//! withdrawal before the start, their matches (and their next match's time), and, where players
//! report, the matches they report (`player_reports`). It follows the tournament live. Its
//! calendar, `…/matches.ics`, holds the player's matches with their times; it never carries the
//! link itself. Each button's post is checked
//! like every form, and counted per link (by a hash of its secret) and per client address.
//!
//! The link's first form, `/<locale>/withdraw/<secret>`, still works: its page redirects here,
//! and the posts of pages opened before act as they did.

use std::sync::Arc;

use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::Response;

use super::pages::published;
use super::registration::{Counted, check_post};
use super::{Request, link_not_valid, not_found, page, portal_ctx, redirect, with_headers};
use crate::db::claims;
use crate::http::App;
use crate::http::forms::PostRefused;
use crate::http::widgets::Failure;
use crate::pages::i18n::T;
use crate::pages::player_report::{SetAside, ToReport};
use crate::pages::portal::{self, Place};
use crate::pages::registrant::{self, Standing};
use crate::service::check_in::{self, By};
use crate::service::registrations::{self, Registrant};
use crate::service::{Missing, Rule, ServiceError};
use crate::views::public;

/// The path of the player's page of `secret`, below which its forms post.
pub(super) fn own_path(place: &Place<'_>, secret: &str) -> String {
    format!("/{}/player/{secret}", place.locale)
}

/// GET `/<locale>/tournaments/<slug>/withdrawn`.
pub(super) async fn withdrawn(
    app: &App,
    place: &Place<'_>,
    slug: &str,
) -> Result<Response, Failure> {
    let mut handle = app.db.acquire().await?;
    if published(&mut handle, slug).await?.is_none() {
        return Ok(not_found(place));
    }
    let html = portal::message(place, T::WithdrawnTitle, T::WithdrawnBody, Some(slug));
    Ok(page(StatusCode::OK, html, "no-cache"))
}

/// GET `/<locale>/player/<secret>`.
pub(super) async fn show(
    app: &App,
    place: &Place<'_>,
    secret: &str,
    headers: &HeaderMap,
    query: &str,
) -> Result<Response, Failure> {
    // What the player just did, as the redirect after their post names it.
    let done = url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "done")
        .and_then(|(_, v)| match v.as_ref() {
            "reported" => Some(T::ReportSent),
            "confirmed" => Some(T::ReportConfirmed),
            "disputed" => Some(T::ReportDisputedDone),
            _ => None,
        })
        .map(|text| text.get(place.locale).to_owned());
    page_of(app, place, secret, headers, StatusCode::OK, None, done).await
}

/// GET `/<locale>/player/<secret>/matches.ics`: the player's matches with a time, as a calendar
/// that follows the day (`pages::ics::player_matches`); private, never stored by a cache.
pub(super) async fn calendar(
    app: &App,
    place: &Place<'_>,
    secret: &str,
) -> Result<Response, Failure> {
    let mut handle = app.db.acquire().await?;
    let Some((participant, tournament)) =
        public::withdrawal(handle.conn(), &registrations::withdrawal_hash(secret)).await?
    else {
        return Ok(link_not_valid(place));
    };
    let mut own = super::feeds::calendar_matches(&mut handle, place.locale, &tournament).await?;
    own.retain(|m| registrant::opponent(&m.game, participant.id).is_some());
    let body = crate::pages::ics::player_matches(
        place.locale,
        &app.base_url,
        &tournament,
        &own,
        crate::timestamp::now_ms(),
    );
    // The portal's headers (no referrer: the link is private), as a calendar.
    let mut response = with_headers(Response::new(body.into()), "private, no-store");
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/calendar; charset=utf-8"),
    );
    Ok(response)
}

/// GET `/<locale>/withdraw/<secret>`: the link's first form; its page is the player's page.
pub(super) fn moved(place: &Place<'_>, secret: &str) -> Response {
    redirect(
        &place.link(&format!("player/{secret}")),
        StatusCode::MOVED_PERMANENTLY,
    )
}

/// The player's page, with `status` and, after a refused post, why (`problem`).
pub(super) async fn player_page(
    app: &App,
    place: &Place<'_>,
    secret: &str,
    headers: &HeaderMap,
    status: StatusCode,
    problem: Option<String>,
) -> Result<Response, Failure> {
    page_of(app, place, secret, headers, status, problem, None).await
}

/// The player's page, with `status`, why a post was refused (`problem`) or what one did
/// (`done`).
async fn page_of(
    app: &App,
    place: &Place<'_>,
    secret: &str,
    headers: &HeaderMap,
    status: StatusCode,
    problem: Option<String>,
    done: Option<String>,
) -> Result<Response, Failure> {
    let mut handle = app.db.acquire().await?;
    let Some((participant, tournament)) =
        public::withdrawal(handle.conn(), &registrations::withdrawal_hash(secret)).await?
    else {
        return Ok(link_not_valid(place));
    };
    let waiting_position = if participant.status == crate::domain::ParticipantStatus::Waiting {
        Some(crate::db::participants::waiting_position(handle.conn(), &participant).await?)
    } else {
        None
    };
    let entry = tournament.entry()?;
    let games = crate::views::tournament_matches(handle.conn(), &tournament).await?;
    let reporting = tournament.self_report().is_on()
        && tournament.status == crate::domain::TournamentStatus::InProgress;
    // Only a claim made between the match's sides as they are now is one to show or answer.
    let between_sides = |c: &crate::db::claims::ClaimRow| {
        games.iter().any(|g| {
            g.id == c.match_id
                && matches!(&g.sides, crate::events::Sides::Two { a_id, b_id, .. }
                    if *a_id == Some(c.a_participant_id) && *b_id == Some(c.b_participant_id))
        })
    };
    let stages = crate::db::stages::list(handle.conn(), tournament.id).await?;
    let titles = crate::pages::match_titles(place.locale, &stages, &games);
    let (open_claims, set_aside) = if reporting {
        let open = claims::of_tournament(handle.conn(), tournament.id)
            .await?
            .iter()
            .filter(|c| between_sides(c))
            .map(|c| Ok((c.match_id, c.id, c.open()?)))
            .collect::<Result<Vec<_>, crate::db::DbError>>()?;
        let closed = claims::closed_for(handle.conn(), tournament.id, participant.id, 3).await?;
        let names: std::collections::HashMap<_, _> =
            crate::db::participants::list(handle.conn(), tournament.id)
                .await?
                .into_iter()
                .map(|p| (p.id, p.name))
                .collect();
        let set_aside = closed
            .into_iter()
            .filter_map(|closed| {
                // Said while the match is still to be played (or gone); a result ends it.
                let played = games.iter().any(|g| {
                    g.id == closed.claim.match_id
                        && g.status == crate::domain::MatchStatus::Completed
                });
                let round = titles.get(&closed.claim.match_id).cloned();
                let claim = &closed.claim;
                let side = if claim.a_participant_id == participant.id {
                    crate::domain::Side::A
                } else {
                    crate::domain::Side::B
                };
                let other = claim.participant(crate::domain::self_report::other(side));
                (!played).then(|| -> Result<SetAside, crate::db::DbError> {
                    Ok(SetAside {
                        round,
                        side,
                        by_player: claim.claimed_by == side,
                        other: names.get(&other).cloned().unwrap_or_default(),
                        stated: claim.open()?.stated,
                        reason: closed.reason,
                    })
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        (open, set_aside)
    } else {
        (Vec::new(), Vec::new())
    };
    let (nonce, set_cookie) = app.forms.nonce(headers);
    let own = own_path(place, secret);
    let token = |part: &str| app.forms.token(&nonce, &format!("{own}/{part}"));
    let (check_in_token, withdraw_token) = (token("check-in"), token("withdraw"));
    let (claim_token, answer_token) = (token("report"), token("answer"));
    let place = Place {
        path: &format!("player/{secret}"),
        ..*place
    };
    let action = format!("{}{own}", app.base_url);
    let now = crate::timestamp::now_ms();
    let standing = Standing {
        participant: &participant,
        waiting_position,
        entry: &entry,
        now,
        games: &games,
        titles: &titles,
        to_report: reporting.then(|| ToReport {
            participant: participant.id,
            games: &games,
            claims: &open_claims,
            now,
            action: &action,
            tokens: (&claim_token, &answer_token),
            set_aside: &set_aside,
            titles: &titles,
        }),
        live: format!("{own}/live"),
        calendar: format!("{own}/matches.ics"),
        done,
    };
    let html = registrant::private_page(
        &place,
        &tournament,
        &standing,
        (&check_in_token, &withdraw_token),
        problem,
    );
    let mut response = page(status, html, "private, no-store");
    if let Some(cookie) = set_cookie {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// The player's page again after a post to it was refused (its limit, size, origin or token),
/// saying why, with the refusal's status and headers.
pub(super) async fn refused_post(
    app: &App,
    place: &Place<'_>,
    secret: &str,
    headers: &HeaderMap,
    (refused, _): (PostRefused, crate::http::forms::Fields),
) -> Result<Response, Failure> {
    let problem = refused.text().get(place.locale).to_owned();
    let mut response =
        player_page(app, place, secret, headers, refused.status(), Some(problem)).await?;
    if response.status() != StatusCode::NOT_FOUND {
        refused.apply(&mut response);
    }
    Ok(response)
}

/// POST `/<locale>/player/<secret>/withdraw` (or the first form's `/<locale>/withdraw/<secret>`):
/// the confirming click.
pub(super) async fn withdraw(
    app: &Arc<App>,
    place: &Place<'_>,
    secret: &str,
    request: Request<'_>,
) -> Result<Response, Failure> {
    let headers = request.headers;
    let action = request.path.to_owned();
    if let Err(refused) = check_post(app, &action, Counted::Player(secret), request).await {
        return refused_post(app, place, secret, headers, refused).await;
    }
    match registrations::withdraw(&app.db, &portal_ctx(app), Registrant::Link(secret)).await {
        Ok(participant) => {
            let mut handle = app.db.acquire().await?;
            let slug = crate::db::tournaments::find(handle.conn(), participant.tournament_id)
                .await?
                .map(|t| t.slug)
                .unwrap_or_default();
            let location = place.link(&format!("tournaments/{slug}/withdrawn"));
            Ok(redirect(&location, StatusCode::SEE_OTHER))
        }
        Err(ServiceError::NotFound(Missing::WithdrawalLink)) => Ok(link_not_valid(place)),
        Err(ServiceError::Rule(Rule::WithdrawalClosed { .. })) => Ok(page(
            StatusCode::CONFLICT,
            portal::message(place, T::WithdrawTitle, T::WithdrawClosed, None),
            "no-store",
        )),
        Err(error) => Err(Failure::new(&error.to_string())),
    }
}

/// POST `/<locale>/player/<secret>/check-in`: the registrant checks in; their page again.
pub(super) async fn check_in(
    app: &Arc<App>,
    place: &Place<'_>,
    secret: &str,
    request: Request<'_>,
) -> Result<Response, Failure> {
    let headers = request.headers;
    let action = request.path.to_owned();
    if let Err(refused) = check_post(app, &action, Counted::Player(secret), request).await {
        return refused_post(app, place, secret, headers, refused).await;
    }
    let who = Registrant::Link(secret);
    match check_in::check_in(&app.db, &portal_ctx(app), who, By::Registrant).await {
        Ok(_) => Ok(redirect(
            &place.link(&format!("player/{secret}")),
            StatusCode::SEE_OTHER,
        )),
        Err(ServiceError::NotFound(Missing::WithdrawalLink)) => Ok(link_not_valid(place)),
        Err(ServiceError::Rule(
            rule @ (Rule::CheckInNotYet { .. }
            | Rule::CheckInOver { .. }
            | Rule::NoCheckIn { .. }
            | Rule::NotEntered { .. }),
        )) => {
            let problem = match rule {
                Rule::CheckInNotYet { .. } => T::CheckInNotOpen,
                _ => T::CheckInOver,
            };
            player_page(
                app,
                place,
                secret,
                headers,
                StatusCode::CONFLICT,
                Some(problem.get(place.locale).to_owned()),
            )
            .await
        }
        Err(error) => Err(Failure::new(&error.to_string())),
    }
}
