//! The registrant's own page, behind their private link: where they stand (in the field, their
//! place on the waiting list, or their final place), the check-in (its button while the window
//! is open), withdrawal before the start, and their matches once drawn. Never cached: it depends on the clock and on the person.

use serde::Serialize;

use super::i18n::{self, T};
use super::player_report::{self, ReportBlock, ToReport};
use super::portal::{Place, page};
use super::render::RenderError;
use crate::db::participants::ParticipantRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::entry::{Entry, Phase};
use crate::domain::{ParticipantStatus, TournamentStatus};
use crate::events::{MatchObject, Sides};

/// Where a registrant stands, as their own page shows it.
pub struct Standing<'a> {
    pub participant: &'a ParticipantRow,
    pub waiting_position: Option<i64>,
    pub entry: &'a Entry,
    pub now: i64,
    /// The tournament's matches (none before the draw): the page lists the registrant's own.
    pub games: &'a [MatchObject],
    /// Each match's heading as pages name it (`pages::match_titles`).
    pub titles: &'a std::collections::HashMap<crate::ids::MatchId, String>,
    /// Their ready matches to report, when the tournament's players report.
    pub to_report: Option<ToReport<'a>>,
    /// The event stream the page follows (the tournament's, from any process).
    pub live: String,
    /// The player's matches as a calendar (`.ics`), offered once one has a time.
    pub calendar: String,
    /// What the player just did, said at the top.
    pub done: Option<String>,
}

#[derive(Serialize)]
struct RegistrantBody {
    title: &'static str,
    /// Their match called to a station: said first.
    call: Option<CallNotice>,
    problem: Option<String>,
    done: Option<String>,
    standing: String,
    tournament: String,
    check_in_heading: &'static str,
    check_in: Option<String>,
    withdraw_heading: &'static str,
    check_in_form: Option<FormButton>,
    withdraw: String,
    withdraw_form: Option<FormButton>,
    matches_heading: &'static str,
    matches: Vec<String>,
    report_heading: &'static str,
    reports: Vec<ReportBlock>,
    live: String,
    updated: &'static str,
    back_url: String,
    back: &'static str,
}

/// "Your match is called: Table 4", with the opponent and the time of the call; or the match
/// being played there.
#[derive(Serialize)]
struct CallNotice {
    heading: String,
    text: Option<String>,
    /// The link to the player's matches as a calendar.
    calendar: Option<Link>,
}

#[derive(Serialize)]
struct Link {
    url: String,
    text: &'static str,
}

#[derive(Serialize)]
struct FormButton {
    action: String,
    token: String,
    submit: &'static str,
}

/// The registrant's own page (their private link): in the field or their place in line, the
/// check-in (its button while the window is open), and withdrawal.
pub fn private_page(
    place: &Place<'_>,
    tournament: &TournamentRow,
    standing: &Standing<'_>,
    tokens: (&str, &str),
    problem: Option<String>,
) -> Result<String, RenderError> {
    let locale = place.locale;
    let p = standing.participant;
    let name = p.name.as_str();
    let place_text = match (p.place, p.place_to) {
        (Some(from), Some(to)) if to > from => Some(format!("{from}–{to}")),
        (Some(from), _) => Some(from.to_string()),
        (None, _) => None,
    };
    let standing_text = match (tournament.status, standing.waiting_position, place_text) {
        (TournamentStatus::Cancelled, _, _) => T::RegCancelled.get(locale).to_owned(),
        _ if p.status == ParticipantStatus::NotAdmitted => T::NotAdmittedAs.with(locale, name),
        (TournamentStatus::Completed, _, Some(place)) => {
            T::FinishedAs.fill(locale, &[("n", name), ("place", &place)])
        }
        (_, Some(position), _) => {
            T::WaitingAs.fill(locale, &[("n", name), ("pos", &position.to_string())])
        }
        _ => T::InFieldAs.with(locale, name),
    };
    // Withdrawing is for before the start; afterwards the page says what has happened.
    let before_start = matches!(
        tournament.status,
        TournamentStatus::Draft
            | TournamentStatus::Announced
            | TournamentStatus::RegistrationOpen
            | TournamentStatus::RegistrationClosed
    );
    let matches = own_matches(locale, p.id, standing.games, standing.titles);
    let action = format!("{}/{locale}/{}", place.base_url, place.path);
    let mut check_in_form = None;
    let check_in = standing.entry.check_in.map(|window| {
        let at = |ms| i18n::date_time(locale, ms);
        if let Some(done) = p.checked_in_at {
            return T::CheckedInAt.fill(locale, &[("at", &at(done))]);
        }
        let phase = match tournament.check_in_processed_at {
            Some(_) => Phase::Closed,
            None => window.phase(tournament.starts_at, standing.now),
        };
        match phase {
            Phase::NotYet => T::CheckInOpensAt.fill(
                locale,
                &[("at", &at(window.opens_at(tournament.starts_at)))],
            ),
            Phase::Open => {
                check_in_form = Some(FormButton {
                    action: format!("{action}/check-in"),
                    token: tokens.0.to_owned(),
                    submit: T::CheckInSubmit.get(locale),
                });
                T::CheckInPrompt.fill(
                    locale,
                    &[("at", &at(window.closes_at(tournament.starts_at)))],
                )
            }
            Phase::Closed => T::CheckInOver.get(locale).to_owned(),
        }
    });
    let body = RegistrantBody {
        call: call_notice(locale, p.id, standing.games).map(|notice| CallNotice {
            calendar: Some(Link {
                url: standing.calendar.clone(),
                text: T::PlayerCalendar.get(locale),
            }),
            ..notice
        }),
        title: T::YourRegistration.get(locale),
        problem,
        done: standing.done.clone(),
        standing: standing_text,
        tournament: tournament.name.clone(),
        check_in_heading: T::CheckIn.get(locale),
        check_in,
        withdraw_heading: T::WithdrawTitle.get(locale),
        check_in_form,
        withdraw: match (before_start, tournament.status) {
            (true, _) => T::WithdrawQuestion.with(locale, name),
            (false, _) if p.status == ParticipantStatus::NotAdmitted => {
                T::WithdrawNotInField.get(locale).to_owned()
            }
            (false, TournamentStatus::InProgress) => T::WithdrawOverInPlay.get(locale).to_owned(),
            (false, _) => T::WithdrawOver.get(locale).to_owned(),
        },
        withdraw_form: before_start.then(|| FormButton {
            action: format!("{action}/withdraw"),
            token: tokens.1.to_owned(),
            submit: T::WithdrawSubmit.get(locale),
        }),
        matches_heading: T::YourMatches.get(locale),
        matches,
        report_heading: T::ReportHeading.get(locale),
        reports: standing
            .to_report
            .as_ref()
            .map(|to| player_report::blocks(locale, to))
            .unwrap_or_default(),
        live: standing.live.clone(),
        updated: T::LiveUpdated.get(locale),
        back_url: place.link(&format!("tournaments/{}", tournament.slug)),
        back: T::BackToTournament.get(locale),
    };
    page("portal_withdraw", place, &tournament.name, body)
}

/// The registrant's unfinished match on a station, as their page says it first; or, none called,
/// the time their next match may be called ("Your next match: not before 14:20 UTC").
fn call_notice(
    locale: crate::domain::Locale,
    id: crate::ids::ParticipantId,
    games: &[MatchObject],
) -> Option<CallNotice> {
    let own: Vec<(&MatchObject, Option<String>)> = games
        .iter()
        .filter(|game| game.status != crate::domain::MatchStatus::Completed && !game.bye)
        .filter_map(|game| Some((game, opponent(game, id)?)))
        .collect();
    if let Some((game, opponent)) = own.iter().find(|(game, _)| game.station.is_some()) {
        let station = game.station.as_deref().unwrap_or_default();
        if game.started_at.is_some() {
            return Some(CallNotice {
                heading: T::PlayerPlayingAt.fill(locale, &[("station", station)]),
                text: None,
                calendar: None,
            });
        }
        let at = game.called_at_ms().map(i18n::clock).unwrap_or_default();
        return Some(CallNotice {
            heading: T::PlayerCalled.fill(locale, &[("station", station)]),
            text: Some(T::PlayerCalledAgainst.fill(
                locale,
                &[
                    ("name", opponent.as_deref().unwrap_or_default()),
                    ("at", &at),
                    ("station", station),
                ],
            )),
            calendar: None,
        });
    }
    let (at, opponent) = own
        .iter()
        .filter_map(|(game, opponent)| Some((game.not_before_ms()?, opponent)))
        .min_by_key(|(at, _)| *at)?;
    let opponent = opponent
        .clone()
        .unwrap_or_else(|| T::ToBeDecided.get(locale).to_owned());
    Some(CallNotice {
        heading: T::PlayerNextAt.fill(locale, &[("at", &i18n::clock(at))]),
        text: Some(T::PlayerNextAgainst.fill(locale, &[("name", &opponent)])),
        calendar: None,
    })
}

/// The other side of a two-sided match `id` plays in (`Some(None)`: not known yet), or `None`
/// when `id` does not play in it.
pub(crate) fn opponent(
    game: &MatchObject,
    id: crate::ids::ParticipantId,
) -> Option<Option<String>> {
    let Sides::Two {
        a_id,
        a_name,
        b_id,
        b_name,
        ..
    } = &game.sides
    else {
        return None;
    };
    match (*a_id == Some(id), *b_id == Some(id)) {
        (true, _) => Some(b_name.clone()),
        (_, true) => Some(a_name.clone()),
        _ => None,
    }
}

/// The registrant's matches with a side known, in the order they were drawn: "Round 2: Alice
/// 2–1 Boris", or a free-for-all round's place.
fn own_matches(
    locale: crate::domain::Locale,
    id: crate::ids::ParticipantId,
    games: &[MatchObject],
    titles: &std::collections::HashMap<crate::ids::MatchId, String>,
) -> Vec<String> {
    games
        .iter()
        .filter(|game| !game.bye)
        .filter_map(|game| {
            let round = titles
                .get(&game.id)
                .cloned()
                .unwrap_or_else(|| T::Round.with(locale, game.round.to_string()));
            let tbd = || T::ToBeDecided.get(locale).to_owned();
            match &game.sides {
                Sides::Two {
                    a_id,
                    a_name,
                    b_id,
                    b_name,
                    score_a,
                    score_b,
                    ..
                } if *a_id == Some(id) || *b_id == Some(id) => {
                    let (a, b) = (
                        a_name.clone().unwrap_or_else(tbd),
                        b_name.clone().unwrap_or_else(tbd),
                    );
                    Some(match (score_a, score_b) {
                        (Some(x), Some(y)) => format!("{round}: {a} {x}–{y} {b}"),
                        _ => match (&game.station, game.not_before_ms()) {
                            (Some(station), _) => format!("{round}: {a} – {b} · {station}"),
                            (None, Some(at)) => format!(
                                "{round}: {a} – {b} · {}",
                                T::NotBefore.fill(locale, &[("at", &i18n::clock(at))])
                            ),
                            (None, None) => format!("{round}: {a} – {b}"),
                        },
                    })
                }
                Sides::Results { results } => results
                    .iter()
                    .find(|r| r.participant_id == id)
                    .map(|r| format!("{round}: {}", T::PlaceIs.with(locale, r.place.to_string()))),
                _ => None,
            }
        })
        .collect()
}
