//! A tournament's registrations at the desk (`…/tournaments/<slug>/registrations`): the field and
//! the waiting list with each one's seed and check-in, with the forms their reader may send:
//! check a player in (every member), withdraw one, add a player or team by name, and the seed
//! order (those who organise).

use super::super::i18n::T;
use super::super::in_space::{InSpace, Tab, input};
use super::super::section::{Block, Cell, Form, Notice, Page, SeedRow, Seeds, Table};
use super::tournament::before_start;
use super::{context, follow, tournament_path};
use crate::db::participants::ParticipantRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::ParticipantStatus;
use crate::domain::access::Duty;
use crate::domain::entry::Teams;

/// The largest field whose seed order the desk's form takes: a form's body is at most 8 KB, and
/// each player takes up to about 35 bytes of it (their typed seed, and their place in the order
/// the form carries back).
pub const SEED_FORM_MAX: usize = 200;

/// What the registrations page shows of a tournament.
pub struct RegistrationsData<'a> {
    /// Every registration, withdrawn ones too.
    pub field: &'a [ParticipantRow],
    /// Each registration's roster (a team's players), in the field's order.
    pub rosters: &'a [Vec<String>],
    /// The field in the order the draw would seed it.
    pub draw_order: &'a [&'a ParticipantRow],
    pub teams: Option<Teams>,
}

pub fn page(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    data: &RegistrationsData<'_>,
    notice: Option<Notice>,
) -> Page {
    let t = |text: T| view.t(text);
    let organises = view.may(Duty::Organise);
    let path = |rest: &str| tournament_path(view, &tournament.slug, rest);
    let rows = data
        .field
        .iter()
        .zip(data.rosters)
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
            if checks_in
                && view.may(Duty::Results)
                && p.status == ParticipantStatus::Active
                && p.checked_in_at.is_none()
            {
                actions.push(Form {
                    inline: true,
                    ..view.form(
                        &path(&format!("registrations/{}/check-in", p.id)),
                        t(T::DeskCheckIn),
                        Vec::new(),
                    )
                });
            }
            if present && view.may(Duty::Results) {
                actions.push(Form {
                    inline: true,
                    ..view.form(
                        &path(&format!("registrations/{}/link", p.id)),
                        t(T::DeskGiveLink),
                        Vec::new(),
                    )
                });
            }
            if organises && present {
                actions.push(Form {
                    inline: true,
                    danger: true,
                    ..view.form(
                        &path(&format!("registrations/{}/withdraw", p.id)),
                        t(T::DeskWithdraw),
                        Vec::new(),
                    )
                });
            }
            vec![
                Cell {
                    anchor: Some(format!("row-{}", p.id)),
                    ..Cell::text(p.seed.map_or_else(String::new, |s| s.to_string()))
                },
                Cell {
                    note: (!roster.is_empty()).then(|| roster.join(", ")),
                    ..Cell::text(p.name.clone())
                },
                Cell::text(t(state)),
                Cell::forms(actions),
            ]
        })
        .collect();
    let mut page = view.frame(Tab::Tournaments, T::DeskRegistrations, notice);
    page.context = Some(context(view, &tournament.name));
    if organises {
        let id = "add-player";
        let mut name = input(id, "name", t(T::DeskPlayerName), "text");
        name.required = true;
        let email = input(id, "email", t(T::DeskPlayerEmail), "email");
        let mut fields = vec![name, email];
        if let Some(teams) = data.teams {
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
            ..view.form(&path("registrations"), t(T::DeskAddPlayer), fields)
        }));
    }
    if let Some(seeds) = seeds_form(view, tournament, data.draw_order) {
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
        empty: data.field.is_empty().then(|| t(T::DeskNobodyYet).into()),
    }));
    follow(view, &tournament.slug, "registrations", &mut page);
    page
}

/// The seed order's form, for those who organise, while the tournament has not started and its
/// field holds 2 to [`SEED_FORM_MAX`] players: the field in the order the draw would seed it,
/// which the form carries back (`seen`).
fn seeds_form(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    order: &[&ParticipantRow],
) -> Option<Seeds> {
    if !view.may(Duty::Organise)
        || !before_start(tournament.status)
        || !(2..=SEED_FORM_MAX).contains(&order.len())
    {
        return None;
    }
    let t = |text: T| view.t(text);
    let action = tournament_path(view, &tournament.slug, "seeds");
    let last = order.len();
    Some(Seeds {
        token: (view.sign)(&action),
        action: format!("{}{action}", view.place.base_url),
        submit: t(T::DeskSaveSeeds).into(),
        count: last,
        seen: order
            .iter()
            .map(|p| p.id.to_string())
            .collect::<Vec<_>>()
            .join(","),
        key: String::new(),
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
