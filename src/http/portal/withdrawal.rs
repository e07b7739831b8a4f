//! A registration's private link (shown once on its confirmation): the registrant's page, which
//! says where they stand (in the field, or their place on the waiting list), their check-in
//! button while the window is open, and withdrawal; each button's post is checked like every
//! form.

use std::sync::Arc;

use bytes::Bytes;

use warp::http::{HeaderMap, StatusCode, header};
use warp::reply::Response;

use super::pages::published;
use super::registration::{Refused, check_post};
use super::{Request, link_not_valid, not_found, page, portal_ctx, redirect};
use crate::http::App;
use crate::http::widgets::Failure;
use crate::pages::i18n::T;
use crate::pages::portal::{self, Place};
use crate::pages::registrant::{self, Standing};
use crate::service::check_in::{self, By};
use crate::service::registrations::{self, Registrant};
use crate::service::{Missing, Rule, ServiceError};
use crate::views::public;

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

/// GET `/<locale>/withdraw/<secret>`: whose registration the link withdraws, and the button.
pub(super) async fn confirm_withdrawal(
    app: &App,
    place: &Place<'_>,
    secret: &str,
    headers: &HeaderMap,
) -> Result<Response, Failure> {
    withdrawal_page(app, place, secret, headers, StatusCode::OK, None).await
}

async fn withdrawal_page(
    app: &App,
    place: &Place<'_>,
    secret: &str,
    headers: &HeaderMap,
    status: StatusCode,
    problem: Option<T>,
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
    let (nonce, set_cookie) = app.forms.nonce(headers);
    let action = format!("/{}/withdraw/{secret}", place.locale);
    let check_in_token = app.forms.token(&nonce, &format!("{action}/check-in"));
    let token = app.forms.token(&nonce, &action);
    let place = Place {
        path: &format!("withdraw/{secret}"),
        ..*place
    };
    let standing = Standing {
        participant: &participant,
        waiting_position,
        entry: &entry,
        now: crate::timestamp::now_ms(),
        games: &games,
    };
    let html = registrant::private_page(
        &place,
        &tournament,
        &standing,
        (&check_in_token, &token),
        problem,
    );
    let mut response = page(status, html, "private, no-store");
    if let Some(cookie) = set_cookie {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// The registrant's page again after a post to it was refused (its limit, size, origin or
/// token), saying why, with the refusal's status and headers.
async fn refused_post(
    app: &App,
    place: &Place<'_>,
    secret: &str,
    headers: &HeaderMap,
    (refused, _): (Refused, Bytes),
) -> Result<Response, Failure> {
    let mut response = withdrawal_page(
        app,
        place,
        secret,
        headers,
        refused.status(),
        Some(refused.text()),
    )
    .await?;
    if response.status() != StatusCode::NOT_FOUND {
        refused.apply(&mut response);
    }
    Ok(response)
}

/// POST `/<locale>/withdraw/<secret>`: the confirming click.
pub(super) async fn withdraw(
    app: &Arc<App>,
    place: &Place<'_>,
    secret: &str,
    request: Request<'_>,
) -> Result<Response, Failure> {
    let headers = request.headers;
    let action = format!("/{}/withdraw/{secret}", place.locale);
    if let Err(refused) = check_post(app, &action, request).await {
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

/// POST `/<locale>/withdraw/<secret>/check-in`: the registrant checks in; their page again.
pub(super) async fn check_in(
    app: &Arc<App>,
    place: &Place<'_>,
    secret: &str,
    request: Request<'_>,
) -> Result<Response, Failure> {
    let headers = request.headers;
    let action = format!("/{}/withdraw/{secret}/check-in", place.locale);
    if let Err(refused) = check_post(app, &action, request).await {
        return refused_post(app, place, secret, headers, refused).await;
    }
    let who = Registrant::Link(secret);
    match check_in::check_in(&app.db, &portal_ctx(app), who, By::Registrant).await {
        Ok(_) => Ok(redirect(
            &place.link(&format!("withdraw/{secret}")),
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
            withdrawal_page(
                app,
                place,
                secret,
                headers,
                StatusCode::CONFLICT,
                Some(problem),
            )
            .await
        }
        Err(error) => Err(Failure::new(&error.to_string())),
    }
}
