//! The portal's pages: the landing page, a space's page, a tournament's page (facts, the
//! registration form, the field, and the bracket and standings drawn by the widgets' own parts),
//! the registration's confirmation, the withdrawal's confirming click, and the plain message pages
//! (not found, link no longer valid, withdrawn, unavailable).
//!
//! Pure, like every page here: it never reads the database and never decides what may be shown
//! or written. Forms carry the token the caller gives; errors are tied to their fields.

use serde::Serialize;

use super::Theme;
use super::bracket;
use super::i18n::{self, T};
use super::render::{RenderError, render};
use super::share::{self, Image, Meta, Share};
use super::tables::{StandingsBody, Table, advance_per_group};
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::{Locale, TournamentStatus};
use crate::links::BaseUrl;
use crate::views::public::TournamentPage;

/// Each language named in itself, for the language switch.
fn language_name(locale: Locale) -> &'static str {
    match locale {
        Locale::En => "English",
        Locale::Ru => "Русский",
    }
}

/// Where a page is, for its frame and links: the service's base URL, the page's locale and
/// theme, and its path after the locale (`tournaments/cup`), which the language switch keeps.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    pub base_url: &'a BaseUrl,
    pub locale: Locale,
    pub theme: Theme,
    pub path: &'a str,
}

impl Place<'_> {
    /// `{base_url}/ru/{path}`, with the theme kept.
    fn url_in(&self, locale: Locale, path: &str) -> String {
        let theme = match self.theme {
            Theme::Dark => "?theme=dark",
            Theme::Light => "",
        };
        format!("{}/{locale}/{path}{theme}", self.base_url)
    }

    /// A page of the portal in this page's locale and theme.
    pub fn link(&self, path: &str) -> String {
        self.url_in(self.locale, path)
    }

    pub(super) fn frame(&self, title: &str) -> PortalFrame {
        PortalFrame {
            lang: self.locale.as_str(),
            theme: self.theme.as_str(),
            title: format!("{title} · tourney"),
            meta: Meta::default(),
            skip: T::SkipToContent.get(self.locale),
            home_url: self.link(""),
            sign_in_url: self.link("sign-in"),
            sign_in_label: T::SignInTitle.get(self.locale),
            languages_label: T::Languages.get(self.locale),
            languages: Locale::ALL
                .iter()
                .map(|&locale| Language {
                    url: self.url_in(locale, self.path),
                    lang: locale.as_str(),
                    name: language_name(locale),
                    current: locale == self.locale,
                })
                .collect(),
        }
    }
}

impl PortalFrame {
    /// The frame of a signed-in page: its header leads to the person's account, not to sign-in.
    pub(super) fn signed_in(self, place: &Place<'_>) -> PortalFrame {
        PortalFrame {
            sign_in_url: place.link("account"),
            sign_in_label: T::AccountTitle.get(place.locale),
            ..self
        }
    }
}

#[derive(Serialize)]
pub(super) struct PortalFrame {
    lang: &'static str,
    theme: &'static str,
    title: String,
    /// What the page tells search engines and link previews; `noindex` unless it is public.
    meta: Meta,
    skip: &'static str,
    home_url: String,
    /// The signed-in section's way in, on every page of the portal.
    sign_in_url: String,
    sign_in_label: &'static str,
    languages_label: &'static str,
    languages: Vec<Language>,
}

#[derive(Serialize)]
struct Language {
    url: String,
    lang: &'static str,
    name: &'static str,
    current: bool,
}

#[derive(Serialize)]
struct Page<B: Serialize> {
    frame: PortalFrame,
    body: B,
}

pub(super) fn page<B: Serialize>(
    template: &'static str,
    place: &Place<'_>,
    title: &str,
    body: B,
) -> Result<String, RenderError> {
    render(
        template,
        &Page {
            frame: place.frame(title),
            body,
        },
    )
}

/// A public page: indexable, with what it shares in its head.
fn shared_page<B: Serialize>(
    template: &'static str,
    place: &Place<'_>,
    title: &str,
    share: Share,
    body: B,
) -> Result<String, RenderError> {
    let mut frame = place.frame(title);
    frame.meta = Meta::public(place, title, share);
    render(template, &Page { frame, body })
}

#[derive(Serialize)]
struct LandingBody {
    title: &'static str,
    intro: &'static str,
    empty: Option<&'static str>,
    spaces: Vec<SpaceLink>,
}

#[derive(Serialize)]
struct SpaceLink {
    url: String,
    name: String,
    count: String,
}

/// `/<locale>/`: the spaces with published tournaments.
pub fn landing(
    place: &Place<'_>,
    spaces: &[(SpaceRow, Vec<TournamentRow>)],
) -> Result<String, RenderError> {
    let locale = place.locale;
    let body = LandingBody {
        title: T::PortalTitle.get(locale),
        intro: T::PortalIntro.get(locale),
        empty: spaces.is_empty().then(|| T::NoSpaces.get(locale)),
        spaces: spaces
            .iter()
            .map(|(space, list)| SpaceLink {
                url: place.link(&format!("organizer/{}", space.slug)),
                name: space.name.clone(),
                count: T::TournamentCount.with(locale, list.len()),
            })
            .collect(),
    };
    let share = Share {
        description: T::PortalIntro.get(locale).to_owned(),
        ..Share::default()
    };
    shared_page(
        "portal_landing",
        place,
        T::PortalTitle.get(locale),
        share,
        body,
    )
}

#[derive(Serialize)]
struct SpaceBody {
    name: String,
    empty: Option<&'static str>,
    parts: Vec<Part>,
    ics_url: String,
    feed: &'static str,
}

#[derive(Serialize)]
struct Part {
    title: &'static str,
    events: Vec<Entry>,
}

#[derive(Serialize)]
struct Entry {
    url: String,
    when: String,
    name: String,
    /// The game's display name ([`super::games`]).
    game: String,
    status: &'static str,
}

/// `/<locale>/organizer/<space>`: upcoming tournaments (soonest first), then past ones (latest
/// first), and the calendar feed.
pub fn space(
    place: &Place<'_>,
    base_url: &BaseUrl,
    space: &SpaceRow,
    tournaments: &[TournamentRow],
) -> Result<String, RenderError> {
    let locale = place.locale;
    let entry = |t: &TournamentRow| Entry {
        url: place.link(&format!("tournaments/{}", t.slug)),
        when: i18n::date_time(locale, t.starts_at),
        name: t.name.clone(),
        game: super::games::display_name(locale, &t.game),
        status: T::status(t.status).get(locale),
    };
    let parts: Vec<Part> = super::schedule::parts(tournaments)
        .into_iter()
        .map(|(title, list)| Part {
            title: title.get(locale),
            events: list.into_iter().map(entry).collect(),
        })
        .collect();
    let past = tournaments
        .iter()
        .filter(|t| {
            matches!(
                t.status,
                TournamentStatus::Completed | TournamentStatus::Cancelled
            )
        })
        .count();
    let calendar = base_url.space_calendar(locale, &space.slug);
    let share = Share {
        description: T::SpaceDescription.fill(
            locale,
            &[
                ("name", &space.name),
                ("upcoming", &(tournaments.len() - past).to_string()),
                ("past", &past.to_string()),
            ],
        ),
        calendar: Some(calendar.clone()),
        ..Share::default()
    };
    let body = SpaceBody {
        name: space.name.clone(),
        empty: parts.is_empty().then(|| T::NoTournaments.get(locale)),
        parts,
        ics_url: calendar,
        feed: T::AddToCalendar.get(locale),
    };
    shared_page("portal_space", place, &space.name, share, body)
}

/// A field of the registration form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormField {
    Name,
    Email,
    Players,
}

impl FormField {
    fn id(self) -> &'static str {
        match self {
            FormField::Name => "name",
            FormField::Email => "email",
            FormField::Players => "players",
        }
    }
}

/// Why a registration was refused: tied to a field, or to the whole form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Problem {
    pub field: Option<FormField>,
    pub text: T,
}

/// The registration form as the visitor last sent it (empty at first), and what was wrong.
#[derive(Debug, Clone, Default)]
pub struct Form {
    pub name: String,
    pub email: String,
    /// A team's players, one per line as sent.
    pub roster: Vec<String>,
    pub problems: Vec<Problem>,
}

#[derive(Serialize)]
struct FormView {
    action: String,
    token: String,
    /// Said above the form when registering joins the waiting list.
    waiting_note: Option<&'static str>,
    name: FieldView,
    email: FieldView,
    /// A team tournament's roster field.
    players: Option<FieldView>,
    submit: &'static str,
}

#[derive(Serialize)]
struct ErrorView {
    field: Option<&'static str>,
    text: &'static str,
}

#[derive(Serialize)]
struct FieldView {
    label: &'static str,
    hint: String,
    value: String,
    error: Option<&'static str>,
}

#[derive(Serialize)]
struct Fact {
    label: &'static str,
    value: String,
    url: Option<String>,
}

#[derive(Serialize)]
struct TournamentBody {
    name: String,
    facts: Vec<Fact>,
    entry_facts: Vec<super::entry::EntryFact>,
    about: &'static str,
    description: Option<String>,
    register_heading: &'static str,
    error_summary: &'static str,
    errors: Vec<ErrorView>,
    form: Option<FormView>,
    register_note: Option<&'static str>,
    participants_heading: &'static str,
    participants: Option<Table>,
    waiting: Option<Table>,
    waiting_heading: &'static str,
    no_participants: &'static str,
    bracket_heading: &'static str,
    bracket: bracket::BracketBody,
    standings_heading: &'static str,
    standings: StandingsBody,
    /// The event stream the page follows, and the live region's words.
    live: String,
    updated: &'static str,
    details: &'static str,
    calendar_url: String,
    add_to_calendar: &'static str,
}

/// The page of a published tournament. The registration form shows while registration is open
/// and places are left, with `token` in it; `form` holds the values and problems of a refused
/// attempt.
/// A tournament's stages in a line: "Swiss → Playoff (the best 4)".
pub fn stages_in_words(locale: Locale, plan: &[crate::domain::engine::StageSpec]) -> String {
    use crate::domain::engine::Take;
    plan.iter()
        .map(|spec| {
            let name = super::stage_name(locale, &spec.name);
            match spec.take {
                None => name,
                Some(Take::Best(n)) => {
                    format!("{name} ({})", T::StageTakeBestShort.with(locale, n))
                }
                Some(Take::PerGroup(n)) => {
                    format!("{name} ({})", T::StageTakePerGroupShort.with(locale, n))
                }
            }
        })
        .collect::<Vec<_>>()
        .join(" → ")
}

pub fn tournament(
    place: &Place<'_>,
    tournament: &TournamentRow,
    data: &TournamentPage,
    form: &Form,
    token: &str,
) -> Result<String, RenderError> {
    let locale = place.locale;
    let taken = i64::try_from(data.participants.len()).unwrap_or(i64::MAX);
    let left = (tournament.max_participants - taken).max(0);
    let mut facts = vec![
        Fact {
            label: T::Organiser.get(locale),
            value: data.space.name.clone(),
            url: Some(place.link(&format!("organizer/{}", data.space.slug))),
        },
        Fact {
            label: T::Game.get(locale),
            value: super::games::display_name(locale, &tournament.game),
            url: None,
        },
        Fact {
            label: T::Format.get(locale),
            value: T::format(tournament.format).get(locale).to_owned(),
            url: None,
        },
        Fact {
            label: T::Status.get(locale),
            value: T::status(tournament.status).get(locale).to_owned(),
            url: None,
        },
        Fact {
            label: T::Starts.get(locale),
            value: i18n::date_time(locale, tournament.starts_at),
            url: None,
        },
    ];
    facts.push(Fact {
        label: T::FactReports.get(locale),
        value: match tournament.self_report().is_on() {
            true => T::FactReportsByPlayers,
            false => T::FactReportsByDesk,
        }
        .get(locale)
        .to_owned(),
        url: None,
    });
    if data.plan.len() > 1 {
        facts.push(Fact {
            label: T::StagesTitle.get(locale),
            value: stages_in_words(locale, &data.plan),
            url: None,
        });
    }
    for (label, at) in [
        (T::RegOpensAt, tournament.registration_opens_at),
        (T::RegClosesAt, tournament.registration_closes_at),
    ] {
        if let Some(at) = at {
            facts.push(Fact {
                label: label.get(locale),
                value: i18n::date_time(locale, at),
                url: None,
            });
        }
    }
    facts.push(Fact {
        label: T::PlacesTaken.get(locale),
        value: taken.to_string(),
        url: None,
    });
    let before_the_start = matches!(
        tournament.status,
        TournamentStatus::Announced
            | TournamentStatus::RegistrationOpen
            | TournamentStatus::RegistrationClosed
    );
    if before_the_start {
        facts.push(Fact {
            label: T::PlacesLeft.get(locale),
            value: left.to_string(),
            url: None,
        });
    }
    let intake = super::entry::intake(tournament, &data.entry, taken, data.waiting.len());
    let open = intake.open;
    let participants = (!data.participants.is_empty())
        .then(|| super::entry::field_table(locale, &data.entry, &data.participants));
    let waiting =
        (!data.waiting.is_empty()).then(|| super::entry::waiting_table(locale, &data.waiting));
    let entry_facts = super::entry::facts(locale, tournament, &data.entry, data.waiting.len());
    let body = TournamentBody {
        name: tournament.name.clone(),
        facts,
        entry_facts,
        about: T::About.get(locale),
        description: tournament
            .description
            .clone()
            .filter(|d| !d.trim().is_empty()),
        register_heading: T::Registration.get(locale),
        error_summary: T::ErrorSummary.get(locale),
        errors: form
            .problems
            .iter()
            .map(|p| ErrorView {
                field: p.field.filter(|_| open).map(FormField::id),
                text: p.text.get(locale),
            })
            .collect(),
        form: open.then(|| {
            let mut view = form_view(place, tournament, data, form, token);
            view.waiting_note = intake
                .to_waiting_list
                .then(|| T::JoinWaitingList.get(locale));
            view
        }),
        register_note: intake.closed.map(|note| note.get(locale)),
        participants_heading: T::Participants.get(locale),
        participants,
        waiting,
        waiting_heading: T::WaitingHeading.get(locale),
        no_participants: T::NoParticipants.get(locale),
        bracket_heading: T::Bracket.get(locale),
        bracket: bracket::body(locale, tournament, &data.bracket),
        standings_heading: T::Standings.get(locale),
        standings: {
            let mut standings = StandingsBody::new(
                locale,
                tournament.status,
                &data.standings,
                advance_per_group(tournament),
            );
            // Each league stage played keeps its own table, with its points and tie-breaks.
            for (name, record) in &data.stage_tables {
                for mut table in super::tables::standings_tables(locale, record, None) {
                    table.title = Some(super::stage_name(locale, name));
                    standings.tables.push(table);
                }
            }
            standings
        },
        live: super::live_stream(&tournament.slug),
        updated: T::LiveUpdated.get(locale),
        details: T::LiveDetails.get(locale),
        calendar_url: place.base_url.tournament_calendar(locale, &tournament.slug),
        add_to_calendar: T::AddToCalendar.get(locale),
    };
    let share = tournament_share(place, tournament, data);
    shared_page("portal_tournament", place, &tournament.name, share, body)
}

/// What a tournament's page shares: its description, its preview image (addressed by what it
/// shows), its `SportsEvent` and its calendar.
fn tournament_share(place: &Place<'_>, tournament: &TournamentRow, data: &TournamentPage) -> Share {
    let locale = place.locale;
    let preview = super::preview::Preview::of_tournament(locale, tournament, data);
    let image = Image {
        url: place
            .base_url
            .tournament_preview(locale, &tournament.slug, &preview.version()),
        alt: preview.alt(),
    };
    let event = share::sports_event(
        place,
        tournament,
        &data.space,
        &data.participants,
        data.entry.teams.is_some(),
        Some(&image),
    );
    Share {
        description: share::tournament_description(locale, tournament, &data.space),
        image: Some(image),
        json_ld: Some(event),
        calendar: Some(place.base_url.tournament_calendar(locale, &tournament.slug)),
    }
}

/// Where the registration form of a tournament posts.
pub fn registration_action(base_url: &BaseUrl, locale: Locale, slug: &str) -> String {
    format!("{base_url}/{locale}/tournaments/{slug}/registrations")
}

fn form_view(
    place: &Place<'_>,
    tournament: &TournamentRow,
    data: &TournamentPage,
    form: &Form,
    token: &str,
) -> FormView {
    let locale = place.locale;
    let error_of = |field: FormField| {
        form.problems
            .iter()
            .find(|p| p.field == Some(field))
            .map(|p| p.text.get(locale))
    };
    let teams = data.entry.teams;
    let (name_label, name_hint, email_hint) = match teams {
        Some(_) => (T::TeamNameLabel, T::TeamNameHint, T::TeamEmailHint),
        None => (T::NameLabel, T::NameHint, T::EmailHint),
    };
    FormView {
        action: registration_action(place.base_url, locale, &tournament.slug),
        token: token.to_owned(),
        waiting_note: None,
        name: FieldView {
            label: name_label.get(locale),
            hint: name_hint.get(locale).to_owned(),
            value: form.name.clone(),
            error: error_of(FormField::Name),
        },
        email: FieldView {
            label: T::EmailLabel.get(locale),
            hint: email_hint.get(locale).to_owned(),
            value: form.email.clone(),
            error: error_of(FormField::Email),
        },
        players: teams.map(|teams| FieldView {
            label: T::PlayersLabel.get(locale),
            hint: T::PlayersHint.fill(
                locale,
                &[
                    ("min", &teams.fewest().to_string()),
                    ("max", &teams.max.to_string()),
                ],
            ),
            value: form.roster.join("\n"),
            error: error_of(FormField::Players),
        }),
        submit: T::RegisterSubmit.get(locale),
    }
}

#[derive(Serialize)]
struct RegisteredBody {
    title: &'static str,
    name: Option<String>,
    /// When check-in opens and closes, said to whoever just registered.
    check_in: Option<String>,
    intro: &'static str,
    link: Option<String>,
    shown_once: &'static str,
    back_url: String,
    back: &'static str,
}

/// The confirmation after a registration: when check-in opens (the player's page checks them
/// in), and the private link to that page while it is shown (once), else a note that it was
/// shown already.
pub fn registered(
    place: &Place<'_>,
    tournament: &TournamentRow,
    shown: Option<(&str, &str)>,
    waiting_position: Option<i64>,
    check_in: Option<crate::domain::entry::CheckIn>,
) -> Result<String, RenderError> {
    let locale = place.locale;
    let title = if shown.is_some() {
        T::RegisteredTitle
    } else {
        T::Registration
    };
    let body = RegisteredBody {
        title: title.get(locale),
        name: shown.map(|(name, _)| match waiting_position {
            Some(position) => {
                T::WaitingAs.fill(locale, &[("n", name), ("pos", &position.to_string())])
            }
            None => T::RegisteredAs.with(locale, name),
        }),
        check_in: match (shown, check_in) {
            (Some(_), Some(window)) => Some({
                let at = |ms| i18n::date_time(locale, ms);
                T::CheckInOnYourPage.fill(
                    locale,
                    &[
                        ("at", &at(window.opens_at(tournament.starts_at))),
                        ("until", &at(window.closes_at(tournament.starts_at))),
                    ],
                )
            }),
            _ => None,
        },
        intro: T::WithdrawalLinkIntro.get(locale),
        link: shown.map(|(_, link)| link.to_owned()),
        shown_once: T::ShownOnce.get(locale),
        back_url: place.link(&format!("tournaments/{}", tournament.slug)),
        back: T::BackToTournament.get(locale),
    };
    page("portal_registered", place, &tournament.name, body)
}

#[derive(Serialize)]
struct MessageBody {
    title: &'static str,
    text: &'static str,
    back_url: Option<String>,
    back: &'static str,
}

/// A page with a title, a sentence and, where there is one, the way back to a tournament.
pub fn message(
    place: &Place<'_>,
    title: T,
    text: T,
    back_to: Option<&str>,
) -> Result<String, RenderError> {
    let locale = place.locale;
    let body = MessageBody {
        title: title.get(locale),
        text: text.get(locale),
        back_url: back_to.map(|slug| place.link(&format!("tournaments/{slug}"))),
        back: T::BackToTournament.get(locale),
    };
    page("portal_message", place, title.get(locale), body)
}
