//! The registrant's own page, behind their private link: where they stand (in the field, or
//! their place on the waiting list), the check-in (its button while the window is open) and
//! withdrawal. Never cached: it depends on the clock and on the person.

use serde::Serialize;

use super::i18n::{self, T};
use super::portal::{Place, page};
use super::render::RenderError;
use crate::db::participants::ParticipantRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::entry::{Entry, Phase};

/// Where a registrant stands, as their own page shows it.
pub struct Standing<'a> {
    pub participant: &'a ParticipantRow,
    pub waiting_position: Option<i64>,
    pub entry: &'a Entry,
    pub now: i64,
}

#[derive(Serialize)]
struct RegistrantBody {
    title: &'static str,
    problem: Option<&'static str>,
    standing: String,
    tournament: String,
    check_in_heading: &'static str,
    check_in: Option<String>,
    withdraw_heading: &'static str,
    check_in_form: Option<FormButton>,
    withdraw: String,
    withdraw_form: FormButton,
    back_url: String,
    back: &'static str,
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
    problem: Option<T>,
) -> Result<String, RenderError> {
    let locale = place.locale;
    let p = standing.participant;
    let name = p.name.as_str();
    let standing_text = match standing.waiting_position {
        Some(position) => T::WaitingAs.fill(locale, &[("n", name), ("pos", &position.to_string())]),
        None => T::InFieldAs.with(locale, name),
    };
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
        title: T::YourRegistration.get(locale),
        problem: problem.map(|p| p.get(locale)),
        standing: standing_text,
        tournament: tournament.name.clone(),
        check_in_heading: T::CheckIn.get(locale),
        check_in,
        withdraw_heading: T::WithdrawTitle.get(locale),
        check_in_form,
        withdraw: T::WithdrawQuestion.with(locale, name),
        withdraw_form: FormButton {
            action,
            token: tokens.1.to_owned(),
            submit: T::WithdrawSubmit.get(locale),
        },
        back_url: place.link(&format!("tournaments/{}", tournament.slug)),
        back: T::BackToTournament.get(locale),
    };
    page("portal_withdraw", place, &tournament.name, body)
}
