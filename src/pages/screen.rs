//! The venue screen (docs/portal.md "The venue screen"): for a hall's big screen, each station
//! with its match (players' names whole, the time of the call, a no-show flagged by the page's
//! script once the call has waited the tournament's `--no-show-after`), the next calls with
//! their times, and the latest results. Dark unless asked light; one live part the page's
//! script replaces as the room moves.
//!
//! Builds HTML from what `service::screen` read; never reads the clock, so the page is the same
//! for every visitor until the data changes (the page cache keeps it by data version).

use std::collections::HashMap;

use serde::Serialize;

use super::i18n::{self, T};
use super::portal::Place;
use super::render::{RenderError, render};
use crate::domain::{Locale, MatchStatus};
use crate::events::{MatchObject, Sides};
use crate::ids::MatchId;
use crate::service::screen::{ScreenRead, Shown};

/// How many of the next calls and of the latest results the screen lists.
const NEXT_SHOWN: usize = 5;
const RESULTS_SHOWN: usize = 4;
/// How many stations one page of the screen holds; the page's script turns through more.
pub const STATIONS_PER_PAGE: usize = 8;

#[derive(Serialize)]
struct ScreenPage {
    lang: &'static str,
    theme: &'static str,
    title: String,
    heading: String,
    /// The tournaments in play, named under the heading on a space's screen.
    subtitle: Option<String>,
    live: String,
    updated: &'static str,
    stations_heading: &'static str,
    stations: Vec<StationCard>,
    per_page: usize,
    page_of: &'static str,
    empty: Option<&'static str>,
    next_heading: &'static str,
    next: Vec<Line>,
    next_empty: &'static str,
    results_heading: &'static str,
    results: Vec<Line>,
    results_empty: &'static str,
    since: &'static str,
    no_show: &'static str,
    versus: &'static str,
}

#[derive(Serialize)]
struct StationCard {
    name: String,
    /// `free`, `called`, `playing`, `paused` or `busy` (held by a tournament not shown).
    state: &'static str,
    state_text: String,
    /// The tournament and round of its match.
    what: Option<String>,
    a: Option<String>,
    b: Option<String>,
    /// When it was called (or started), for the page's "minutes since", and as a time of the
    /// day for a page without its script.
    since: Option<String>,
    since_clock: Option<String>,
    /// How long a call may wait before its players are flagged as not here (ms), while it has
    /// not started.
    flag_after: Option<i64>,
}

#[derive(Serialize)]
struct Line {
    what: String,
    a: String,
    b: String,
    /// The time (`not before 14:20 UTC`), a station, or the score.
    note: String,
}

/// The screen of `read` (a tournament's when `space_wide` is false), following `live`.
pub fn screen(
    place: &Place<'_>,
    read: &ScreenRead,
    space_wide: bool,
    live: &str,
) -> Result<String, RenderError> {
    let locale = place.locale;
    let t = |text: T| text.get(locale);
    let titles: HashMap<MatchId, String> = read
        .tournaments
        .iter()
        .flat_map(|s| super::match_titles(locale, &s.stages, &s.games))
        .collect();
    // A space's screen names each match's tournament; a tournament's says it once, above.
    let what = |shown: &Shown, game: &MatchObject| {
        let title = titles.get(&game.id).cloned().unwrap_or_default();
        match space_wide {
            true => format!("{} · {title}", shown.tournament.name),
            false => title,
        }
    };
    let stations = read
        .stations
        .iter()
        .map(|station| {
            let holding = read.holdings.get(&station.id);
            let shown = holding.and_then(|h| Some((read.shown(h)?, h)));
            let game =
                shown.and_then(|(s, h)| Some((s, s.games.iter().find(|g| g.id == h.match_id)?)));
            let card = |state, text: &str| StationCard {
                name: station.name.clone(),
                state,
                state_text: text.to_owned(),
                what: None,
                a: None,
                b: None,
                since: None,
                since_clock: None,
                flag_after: None,
            };
            match (holding, game) {
                (Some(h), Some((shown, game))) => {
                    let (a, b) = names(locale, game);
                    let started = h.started_at.is_some();
                    let since = h.started_at.unwrap_or(h.called_at);
                    StationCard {
                        what: Some(what(shown, game)),
                        a: Some(a),
                        b: Some(b),
                        since: Some(crate::timestamp::format_ms(since)),
                        since_clock: Some(i18n::clock(since)),
                        flag_after: (!started).then_some(shown.tournament.no_show_after),
                        ..card(
                            if started { "playing" } else { "called" },
                            if started {
                                t(T::ScreenPlaying)
                            } else {
                                t(T::ScreenCalled)
                            },
                        )
                    }
                }
                (Some(_), None) => card("busy", t(T::ScreenInUse)),
                (None, _) if station.paused => card("paused", t(T::ScreenPaused)),
                (None, _) => card("free", t(T::ScreenFree)),
            }
        })
        .collect();
    // The next calls: each tournament's queue in its order, merged by the time published.
    let mut next: Vec<(i64, usize, Line)> = Vec::new();
    for shown in &read.tournaments {
        for (index, id) in shown.queue.iter().enumerate() {
            let Some(game) = shown.games.iter().find(|g| g.id == *id) else {
                continue;
            };
            let at = game.not_before_ms();
            let (a, b) = names(locale, game);
            next.push((
                at.unwrap_or(0),
                index,
                Line {
                    what: what(shown, game),
                    a,
                    b,
                    note: match at {
                        Some(at) => T::NotBefore.fill(locale, &[("at", &i18n::clock(at))]),
                        None => t(T::ScreenNextFree).to_owned(),
                    },
                },
            ));
        }
    }
    next.sort_by_key(|(at, index, _)| (*at, *index));
    let mut results: Vec<(String, Line)> = read
        .tournaments
        .iter()
        .flat_map(|shown| {
            shown
                .games
                .iter()
                .filter(|g| g.status == MatchStatus::Completed && !g.bye)
                .filter_map(move |game| {
                    let done = game.completed_at.clone()?;
                    let (a, b) = names(locale, game);
                    let Sides::Two {
                        score_a, score_b, ..
                    } = &game.sides
                    else {
                        return None;
                    };
                    let score = match (score_a, score_b) {
                        (Some(x), Some(y)) => format!("{x}–{y}"),
                        _ => String::new(),
                    };
                    let note = match (&game.station, game.forfeit) {
                        (_, true) => format!("{score} · {}", t(T::ScreenForfeit)),
                        (Some(station), false) => format!("{score} · {station}"),
                        (None, false) => score,
                    };
                    Some((
                        done,
                        Line {
                            what: what(shown, game),
                            a,
                            b,
                            note,
                        },
                    ))
                })
        })
        .collect();
    // Timestamps as the API writes them sort as times.
    results.sort_by(|x, y| y.0.cmp(&x.0));
    let (heading, subtitle) = match space_wide {
        true => {
            let names: Vec<&str> = read
                .tournaments
                .iter()
                .map(|s| s.tournament.name.as_str())
                .collect();
            (
                read.space.name.clone(),
                (!names.is_empty()).then(|| names.join(" · ")),
            )
        }
        false => (
            read.tournaments
                .first()
                .map(|s| s.tournament.name.clone())
                .unwrap_or_default(),
            None,
        ),
    };
    let empty = match (space_wide, read.tournaments.first()) {
        (true, None) => Some(t(T::ScreenNothingInPlay)),
        (false, Some(shown)) if read.stations.is_empty() => Some(
            if shown.tournament.status == crate::domain::TournamentStatus::InProgress {
                t(T::ScreenNoStations)
            } else {
                t(T::ScreenNotInPlay)
            },
        ),
        _ => None,
    };
    let body = ScreenPage {
        lang: locale.as_str(),
        theme: place.theme.as_str(),
        title: format!("{heading} · {} · tourney", t(T::ScreenTitle)),
        heading,
        subtitle,
        live: live.to_owned(),
        updated: t(T::LiveUpdated),
        stations_heading: t(T::StationsTitle),
        stations,
        per_page: STATIONS_PER_PAGE,
        page_of: t(T::ScreenPageOf),
        empty,
        next_heading: t(T::ScreenNext),
        next: next.into_iter().take(NEXT_SHOWN).map(|(.., l)| l).collect(),
        next_empty: t(T::ScreenNextNone),
        results_heading: t(T::ScreenResults),
        results: results
            .into_iter()
            .take(RESULTS_SHOWN)
            .map(|(_, l)| l)
            .collect(),
        results_empty: t(T::ScreenResultsNone),
        since: t(T::ScreenSince),
        no_show: t(T::ScreenNoShow),
        versus: t(T::ScreenVersus),
    };
    render("screen", &body)
}

/// A two-sided match's players' names, whole ("to be decided" for a side not known yet).
fn names(locale: Locale, game: &MatchObject) -> (String, String) {
    let tbd = || T::ToBeDecided.get(locale).to_owned();
    match &game.sides {
        Sides::Two { a_name, b_name, .. } => (
            a_name.clone().unwrap_or_else(tbd),
            b_name.clone().unwrap_or_else(tbd),
        ),
        Sides::Results { .. } => (tbd(), tbd()),
    }
}
