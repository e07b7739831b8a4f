//! A tournament's registrations at the desk (`…/tournaments/<slug>/registrations`): the field and
//! the waiting list with each one's seed and check-in; adding a player or team by name (the
//! shell's `tournaments register`), checking one in (`tournaments check-in`, as an organiser: at
//! any time before the start), withdrawing one (`tournaments withdraw`, after a confirmation) and
//! the seed order (`tournaments seed`: typed seeds, or a player moved up or down a place).
//! Reporters may check players in; adding and withdrawing are for owners and administrators.
//!
//! Never writes itself: every action is the service's, audited with the member.

use warp::http::StatusCode;

use super::desk::{follow, tournament_of};
use super::{
    Answer, Confirm, InSpace, Tab, Visitor, confirmation, confirmed, done, frame, input, notice_of,
    page_response,
};
use crate::db::participants;
use crate::db::tournaments::TournamentRow;
use crate::domain::{ParticipantStatus, Role, TournamentStatus};
use crate::http::App;
use crate::http::forms;
use crate::http::refusal;
use crate::ids::ParticipantId;
use crate::pages::i18n::T;
use crate::pages::section::{Block, Cell, Form, Notice, SeedRow, Seeds, Table};
use crate::service::ServiceError;
use crate::service::check_in::{self, By};
use crate::service::registrations::{self, Applicant, Registrant};
use crate::service::seeding::{self, Seeding};

/// `GET …/tournaments/<slug>/registrations`.
pub(super) async fn page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    slug: &str,
    query: &str,
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let notice = notice_of(in_space.place.locale, query);
    registrations_page(app, in_space, visitor, &tournament, StatusCode::OK, notice).await
}

async fn registrations_page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    tournament: &TournamentRow,
    status: StatusCode,
    notice: Option<Notice>,
) -> Answer {
    let t = |text: T| in_space.t(text);
    let field = {
        let mut handle = app.db.acquire().await?;
        participants::list(handle.conn(), tournament.id).await?
    };
    let manages = in_space.role != Role::Reporter;
    let path = |rest: &str| in_space.path(&format!("tournaments/{}/{rest}", tournament.slug));
    let rosters = field
        .iter()
        .map(participants::ParticipantRow::roster)
        .collect::<Result<Vec<_>, _>>()?;
    let rows = field
        .iter()
        .zip(&rosters)
        .map(|(p, roster)| {
            let state = match (p.status, p.checked_in_at) {
                (ParticipantStatus::Active, Some(_)) => T::DeskCheckedIn,
                (ParticipantStatus::Active, None) => T::DeskRegistered,
                (ParticipantStatus::Waiting, _) => T::DeskWaitingList,
                (ParticipantStatus::NotAdmitted, _) => T::DeskNotAdmitted,
                _ => T::DeskWithdrawn,
            };
            let mut actions = Vec::new();
            let present = matches!(
                p.status,
                ParticipantStatus::Active | ParticipantStatus::Waiting
            );
            let checks_in = tournament.check_in_opens_before.is_some();
            if checks_in && p.status == ParticipantStatus::Active && p.checked_in_at.is_none() {
                actions.push(Form {
                    inline: true,
                    ..visitor.form(
                        app,
                        &path(&format!("registrations/{}/check-in", p.id)),
                        t(T::DeskCheckIn).into(),
                        Vec::new(),
                    )
                });
            }
            if manages && present {
                actions.push(Form {
                    inline: true,
                    danger: true,
                    ..visitor.form(
                        app,
                        &path(&format!("registrations/{}/withdraw", p.id)),
                        t(T::DeskWithdraw).into(),
                        Vec::new(),
                    )
                });
            }
            vec![
                Cell::text(p.seed.map_or_else(String::new, |s| s.to_string())),
                Cell {
                    note: (!roster.is_empty()).then(|| roster.join(", ")),
                    ..Cell::text(p.name.clone())
                },
                Cell::text(t(state)),
                Cell::forms(actions),
            ]
        })
        .collect();
    let mut page = frame(
        app,
        in_space,
        visitor,
        Tab::Tournaments,
        T::DeskRegistrations,
        notice,
    );
    page.context = Some(format!("{} · {}", in_space.space.name, tournament.name));
    page.blocks = Vec::new();
    if manages {
        let id = "add-player";
        let mut name = input(id, "name", t(T::DeskPlayerName), "text");
        name.required = true;
        let email = input(id, "email", t(T::DeskPlayerEmail), "email");
        let mut fields = vec![name, email];
        if let Some(teams) = tournament.entry()?.teams {
            let mut players = input(id, "players", t(T::PlayersLabel), "text");
            players.textarea = true;
            players.hint = Some(
                t(T::PlayersHint)
                    .replace("{min}", &teams.fewest().to_string())
                    .replace("{max}", &teams.max.to_string()),
            );
            fields.push(players);
        }
        page.blocks.push(Block::form(Form {
            id: id.into(),
            ..visitor.form(
                app,
                &path("registrations"),
                t(T::DeskAddPlayer).into(),
                fields,
            )
        }));
    }
    if let Some(seeds) = seeds_form(app, in_space, visitor, tournament, &field) {
        page.blocks.push(Block::heading(t(T::DeskSeedOrder)));
        page.blocks.push(Block::text(t(T::DeskSeedOrderHelp)));
        page.blocks.push(Block {
            seeds: Some(seeds),
            ..Block::default()
        });
    }
    page.blocks.push(Block::table(Table {
        caption: t(T::DeskField).into(),
        quiet_caption: false,
        heads: vec![
            t(T::DeskSeed).into(),
            t(T::NewName).into(),
            t(T::Status).into(),
            String::new(),
        ],
        rows,
        empty: field.is_empty().then(|| t(T::DeskNobodyYet).into()),
    }));
    follow(app, in_space, tournament, &mut page);
    Ok(page_response(status, &in_space.place, &page))
}

/// The largest field whose seed order the desk's form takes: a form's body is at most
/// `forms::MAX_BODY` bytes, and each player's seed takes about 20 of them.
const SEED_FORM_MAX: usize = 256;

/// The seed order's form, for owners and administrators, while the tournament has not started
/// and its field holds 2 to [`SEED_FORM_MAX`] players: the field in the order the draw would
/// seed it.
fn seeds_form(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    tournament: &TournamentRow,
    field: &[participants::ParticipantRow],
) -> Option<Seeds> {
    let before_start = matches!(
        tournament.status,
        TournamentStatus::Draft
            | TournamentStatus::Announced
            | TournamentStatus::RegistrationOpen
            | TournamentStatus::RegistrationClosed
    );
    let order = seeding::draw_order(field);
    if in_space.role == Role::Reporter
        || !before_start
        || !(2..=SEED_FORM_MAX).contains(&order.len())
    {
        return None;
    }
    let t = |text: T| in_space.t(text);
    let action = in_space.path(&format!("tournaments/{}/seeds", tournament.slug));
    let last = order.len();
    Some(Seeds {
        token: visitor.token(app, &action),
        action: format!("{}{action}", app.base_url),
        submit: t(T::DeskSaveSeeds).into(),
        count: last,
        rows: order
            .iter()
            .zip(1..)
            .map(|(p, seed)| SeedRow {
                id: p.id.to_string(),
                name: p.name.clone(),
                seed,
                first: seed == 1,
                last: seed == last,
                up: t(T::DeskMoveUp).replace("{name}", &p.name),
                down: t(T::DeskMoveDown).replace("{name}", &p.name),
            })
            .collect(),
    })
}

/// `POST …/tournaments/<slug>/seeds`: the field's new seed order, from the typed seeds (ties
/// keep the page's order), with one player moved a place when `up` or `down` names them. The
/// players posted are the field the page showed: if it changed meanwhile, nothing changes.
pub(super) async fn seed(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    slug: &str,
    body: &[u8],
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let Some(order) = posted_order(body) else {
        let text = format!(
            "{} {}",
            in_space.t(T::DeskNotDone),
            in_space.t(T::DeskSeedInvalid)
        );
        let notice = Some(Notice { text, error: true });
        return registrations_page(
            app,
            in_space,
            visitor,
            &tournament,
            StatusCode::UNPROCESSABLE_ENTITY,
            notice,
        )
        .await;
    };
    let names: Vec<String> = order.iter().map(ToString::to_string).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let seeding = Seeding {
        tournament: &tournament.slug,
        order: &names,
        seen: Some(&order),
    };
    let ctx = visitor.ctx(app);
    match seeding::seed(&app.db, &ctx, seeding).await {
        Ok(_) => Ok(done(
            app,
            in_space,
            &format!("tournaments/{}/registrations", tournament.slug),
            "seeded",
        )),
        Err(error) => refused(app, in_space, visitor, &tournament, error).await,
    }
}

/// The order a seeds form asks for, or `None` when a seed is not a whole number from 1 to
/// the number of players, a player is named twice, or a move names nobody in the form.
fn posted_order(body: &[u8]) -> Option<Vec<ParticipantId>> {
    let mut seeds: Vec<(usize, ParticipantId)> = Vec::new();
    let mut moved: Option<(ParticipantId, bool)> = None;
    for (key, value) in url::form_urlencoded::parse(body) {
        if let Some(id) = key.strip_prefix("seed_") {
            let id = ParticipantId::parse_prefixed(id)?;
            let seed = value.trim().parse::<usize>().ok()?;
            if seeds.iter().any(|(_, seen)| *seen == id) {
                return None;
            }
            seeds.push((seed, id));
        } else if key == "up" || key == "down" {
            moved = Some((ParticipantId::parse_prefixed(&value)?, key == "up"));
        }
    }
    let count = seeds.len();
    if count == 0 || seeds.iter().any(|(seed, _)| !(1..=count).contains(seed)) {
        return None;
    }
    // A stable sort: equal seeds keep the page's order.
    seeds.sort_by_key(|(seed, _)| *seed);
    let mut order: Vec<ParticipantId> = seeds.into_iter().map(|(_, id)| id).collect();
    if let Some((id, up)) = moved {
        let at = order.iter().position(|p| *p == id)?;
        let to = if up { at.checked_sub(1) } else { Some(at + 1) };
        if let Some(to) = to.filter(|to| *to < order.len()) {
            order.swap(at, to);
        }
    }
    Some(order)
}

/// What a refused action shows: the page again with why, nothing changed.
async fn refused(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    tournament: &TournamentRow,
    error: ServiceError,
) -> Answer {
    let status = match &error {
        ServiceError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
        ServiceError::Conflict(_) | ServiceError::Rule(_) => StatusCode::CONFLICT,
        ServiceError::NotFound(_) => return Ok(super::not_found(&in_space.place)),
        _ => return Err(error),
    };
    let text = format!(
        "{} {}",
        in_space.t(T::DeskNotDone),
        refusal::reason(&error, in_space.place.locale)
    );
    let notice = Some(Notice { text, error: true });
    registrations_page(app, in_space, visitor, tournament, status, notice).await
}

/// `POST …/tournaments/<slug>/registrations`: adds a player or team by name (and, given, their
/// private email address). Owners and administrators.
pub(super) async fn add(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    slug: &str,
    body: &[u8],
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let field = forms::fields(body);
    let (name, email) = (field("name"), field("email"));
    let email = email.trim();
    // A team's players, one per line (blank lines aside), as the portal's form takes them.
    let roster: Vec<String> = field("players")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect();
    let applicant = Applicant {
        email: (!email.is_empty()).then_some(email),
        roster: &roster,
        ..Applicant::named(&name)
    };
    let ctx = visitor.ctx(app);
    match registrations::register(&app.db, &ctx, &tournament.slug, &applicant).await {
        Ok(_) => Ok(done(
            app,
            in_space,
            &format!("tournaments/{}/registrations", tournament.slug),
            "added",
        )),
        Err(error) => refused(app, in_space, visitor, &tournament, error).await,
    }
}

/// `POST …/registrations/<participant>/check-in|withdraw`. Withdrawing asks first.
pub(super) async fn act(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    slug: &str,
    participant: &str,
    action: &str,
    body: &[u8],
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let Ok(id) = participant.parse::<ParticipantId>() else {
        return Ok(super::not_found(&in_space.place));
    };
    let person = {
        let mut handle = app.db.acquire().await?;
        participants::list(handle.conn(), tournament.id)
            .await?
            .into_iter()
            .find(|p| p.id == id)
    };
    let Some(person) = person else {
        return Ok(super::not_found(&in_space.place));
    };
    let back = format!("tournaments/{}/registrations", tournament.slug);
    let who = id.to_string();
    let registrant = Registrant::Named {
        tournament: &tournament.slug,
        who: &who,
    };
    let ctx = visitor.ctx(app);
    let outcome = match action {
        "check-in" => check_in::check_in(&app.db, &ctx, registrant, By::Organiser)
            .await
            .map(|_| "checked-in"),
        "withdraw" if in_space.role == Role::Reporter => {
            return Ok(super::forbidden(app, in_space, visitor));
        }
        "withdraw" if !confirmed(body) => {
            let question = in_space
                .t(T::ConfirmWithdraw)
                .replace("{name}", &person.name);
            let action = in_space.path(&format!("{back}/{id}/withdraw"));
            return Ok(confirmation(
                app,
                in_space,
                visitor,
                Confirm {
                    tab: Tab::Tournaments,
                    question,
                    button: T::DeskWithdraw,
                    action: &action,
                    back: &back,
                },
            ));
        }
        "withdraw" => registrations::withdraw(&app.db, &ctx, registrant)
            .await
            .map(|_| "withdrawn"),
        _ => return Ok(super::not_found(&in_space.place)),
    };
    match outcome {
        Ok(what) => Ok(done(app, in_space, &back, what)),
        Err(error) => refused(app, in_space, visitor, &tournament, error).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: i64) -> ParticipantId {
        ParticipantId::from_raw(n)
    }

    #[test]
    fn typed_seeds_order_the_field_and_ties_keep_the_pages_order() {
        let body = b"token=x&seed_par_1=2&seed_par_2=1&seed_par_3=2";
        assert_eq!(posted_order(body), Some(vec![id(2), id(1), id(3)]));
    }

    #[test]
    fn a_move_swaps_a_player_with_the_next_one_up_or_down() {
        let body = b"seed_par_1=1&seed_par_2=2&seed_par_3=3&up=par_3";
        assert_eq!(posted_order(body), Some(vec![id(1), id(3), id(2)]));
        let body = b"seed_par_1=1&seed_par_2=2&seed_par_3=3&down=par_1";
        assert_eq!(posted_order(body), Some(vec![id(2), id(1), id(3)]));
        // The first cannot go up, nor the last down: the order stays.
        let body = b"seed_par_1=1&seed_par_2=2&up=par_1";
        assert_eq!(posted_order(body), Some(vec![id(1), id(2)]));
    }

    #[test]
    fn bad_seeds_are_refused() {
        for body in [
            &b"seed_par_1=0&seed_par_2=1"[..],
            b"seed_par_1=3&seed_par_2=1",
            b"seed_par_1=one&seed_par_2=1",
            b"seed_par_1=1&seed_par_1=2",
            b"seed_x=1&seed_par_2=2",
            b"seed_par_1=1&seed_par_2=2&up=par_9",
            b"token=x",
        ] {
            assert_eq!(
                posted_order(body),
                None,
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }
}
