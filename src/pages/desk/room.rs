//! `…/tournaments/<slug>/room`: the room of a tournament on stations, as the people at a venue's
//! desk run it on a phone. Each station with what it holds (called at / playing since / free /
//! paused, a no-show flagged once the call has waited `--no-show-after`), and its buttons: Call
//! next on a free one; Playing, a forfeit by either side and Take back on one holding a match of
//! this tournament. Below, the matches waiting for a station, first called first, each with
//! Call now. The page follows the tournament live, so two reporters at two tables see each
//! other's actions.
//!
//! Pure: the page from the room given (`service::room::view`); the forms carry the match as
//! the page showed it, and the service decides.

use std::collections::HashMap;

use super::super::i18n::{T, clock};
use super::super::in_space::{InSpace, Tab, hidden};
use super::super::section::{Block, Cell, Form, Link, Notice, Page, Table};
use super::matches::{seen_of, sides_text};
use super::{context, follow, tournament_path, tournament_url};
use crate::db::tournaments::TournamentRow;
use crate::domain::access::Duty;
use crate::events::{MatchObject, Sides};
use crate::ids::MatchId;
use crate::service::room::RoomView;

/// What the room page shows: the room, the tournament's matches as the API shows them, each
/// match's heading (`pages::match_titles`) and the time it is read at.
pub struct RoomData<'a> {
    pub room: &'a RoomView,
    pub games: &'a [MatchObject],
    pub titles: &'a HashMap<MatchId, String>,
    pub now: i64,
}

pub fn page(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    data: &RoomData<'_>,
    notice: Option<Notice>,
) -> Page {
    let t = |text: T| view.t(text);
    let mut page = view.frame(Tab::Tournaments, T::RoomTitle, notice);
    page.context = Some(context(view, &tournament.name));
    let back = Block {
        link: Some(Link {
            text: t(T::DeskMatches).into(),
            url: tournament_url(view, &tournament.slug, "matches"),
        }),
        ..Block::default()
    };
    if tournament.stations.is_none() {
        page.blocks = vec![Block::text(t(T::RoomNotOnStations)), back];
        return page;
    }
    let game = |id: MatchId| data.games.iter().find(|g| g.id == id);
    let acts = view.may(Duty::Results);
    let rows: Vec<Vec<Cell>> = data
        .room
        .stations
        .iter()
        .map(|station| {
            let holding = data.room.holdings.get(&station.id);
            let ours = holding
                .filter(|h| h.tournament_id == tournament.id)
                .and_then(|h| game(h.match_id));
            let (what, state, flag) = match (holding, ours) {
                (Some(h), Some(g)) => {
                    let no_show = h.started_at.is_none()
                        && data.now - h.called_at >= tournament.no_show_after;
                    let state = match h.started_at {
                        Some(at) => t(T::RoomPlayingSince).replace("{at}", &clock(at)),
                        None => t(T::RoomCalledAt).replace("{at}", &clock(h.called_at)),
                    };
                    let flag =
                        no_show.then(|| t(T::RoomNoShow).replace("{at}", &clock(h.called_at)));
                    (sides_text(g, view), state, flag)
                }
                (Some(h), None) => (
                    t(T::RoomOtherTournament).replace("{t}", &h.tournament_slug),
                    t(T::RoomCalledAt).replace("{at}", &clock(h.called_at)),
                    None,
                ),
                (None, _) if station.paused => {
                    (String::new(), t(T::StationPausedState).to_owned(), None)
                }
                (None, _) => (String::new(), t(T::StationFree).to_owned(), None),
            };
            let forms = match (acts, holding, ours) {
                (false, ..) => Vec::new(),
                (true, Some(h), Some(g)) => held_forms(view, tournament, g, h.started_at.is_some()),
                (true, None, _) if !station.paused => {
                    let id = format!("call-{}", station.id);
                    let action = tournament_path(view, &tournament.slug, "room/call");
                    vec![Form {
                        id: id.clone(),
                        inline: true,
                        ..view.form(
                            &action,
                            t(T::RoomCallNext),
                            vec![hidden(&id, "station", station.id.to_string())],
                        )
                    }]
                }
                _ => Vec::new(),
            };
            vec![
                Cell {
                    flag,
                    ..Cell::text(station.name.clone())
                },
                Cell {
                    note: Some(state),
                    ..Cell::text(what)
                },
                Cell::forms(forms),
            ]
        })
        .collect();
    let queue: Vec<Vec<Cell>> = data
        .room
        .queue
        .iter()
        .filter_map(|(id, rested)| Some((game(*id)?, rested)))
        .map(|(g, rested)| {
            let heading = data.titles.get(&g.id).cloned().unwrap_or_default();
            let note = match rested {
                Some(at) => format!(
                    "{heading} · {}",
                    t(T::RoomRestingUntil).replace("{at}", &clock(*at))
                ),
                None => heading,
            };
            let forms = match acts {
                true => vec![call_form(view, tournament, g)],
                false => Vec::new(),
            };
            vec![
                Cell {
                    note: Some(note),
                    ..Cell::text(sides_text(g, view))
                },
                Cell::forms(forms),
            ]
        })
        .collect();
    page.blocks = vec![
        Block::table(Table {
            caption: t(T::StationsTitle).into(),
            quiet_caption: false,
            heads: vec![
                t(T::StationHead).into(),
                t(T::StationHoldsHead).into(),
                String::new(),
            ],
            empty: rows.is_empty().then(|| t(T::RoomNoStationServes).into()),
            rows,
        }),
        Block::table(Table {
            caption: t(T::RoomQueue).into(),
            quiet_caption: false,
            heads: vec![t(T::DeskMatch).into(), String::new()],
            empty: queue.is_empty().then(|| t(T::RoomQueueEmpty).into()),
            rows: queue,
        }),
        back,
    ];
    follow(view, &tournament.slug, "room", &mut page);
    page
}

/// The buttons of a station holding match `g`: Playing (until it begins), a forfeit by either
/// side, Take back.
fn held_forms(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    g: &MatchObject,
    started: bool,
) -> Vec<Form> {
    let t = |text: T| view.t(text);
    let button = |act: &str, label: String, danger: bool| {
        let id = format!("{act}-{}", g.id);
        let action = tournament_path(view, &tournament.slug, &format!("room/{}/{act}", g.id));
        Form {
            id: id.clone(),
            inline: true,
            danger,
            ..view.form(&action, label, vec![hidden(&id, "seen", seen_of(g))])
        }
    };
    let (a, b) = match &g.sides {
        Sides::Two { a_name, b_name, .. } => (a_name.clone(), b_name.clone()),
        Sides::Results { .. } => (None, None),
    };
    let forfeit =
        |name: Option<String>| t(T::RoomForfeitOf).replace("{n}", &name.unwrap_or_default());
    let mut forms = Vec::new();
    if !started {
        forms.push(button("start", t(T::RoomPlaying).into(), false));
    }
    forms.extend([
        button("forfeit-a", forfeit(a), true),
        button("forfeit-b", forfeit(b), true),
        button("uncall", t(T::RoomTakeBack).into(), false),
    ]);
    forms
}

/// Call now: match `g` to the first free station.
fn call_form(view: &InSpace<'_>, tournament: &TournamentRow, g: &MatchObject) -> Form {
    let id = format!("call-{}", g.id);
    let action = tournament_path(view, &tournament.slug, "room/call");
    Form {
        id: id.clone(),
        inline: true,
        ..view.form(
            &action,
            view.t(T::RoomCall),
            vec![
                hidden(&id, "game", g.id.to_string()),
                hidden(&id, "seen", seen_of(g)),
            ],
        )
    }
}
