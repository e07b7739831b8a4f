//! `…/tournaments/<slug>/room`: the room of a tournament on stations, as the people at a venue's
//! desk run it on a phone. Each station with what it holds (called at / playing since / free /
//! paused, a no-show flagged once the call has waited `--no-show-after`), and its buttons: Call
//! next on a free one; Playing, a forfeit by either side and Take back on one holding a match of
//! this tournament, with Move to a free station until it begins. Below, the matches waiting
//! for a station, first called first, each with Call now (to the first free station, or one
//! chosen). The page follows the tournament live, so two reporters at two tables see each
//! other's actions.
//!
//! Pure: the page from the room given (`service::room::view`); the forms carry the match as
//! the page showed it, and the service decides.

use std::collections::HashMap;

use super::super::i18n::{T, clock};
use super::super::in_space::{InSpace, Tab, hidden, input};
use super::super::section::{Block, Cell, Choice, Form, Link, Notice, Page, Table};
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
    // Where a chosen match may be called or moved now: the free, open stations.
    let free: Vec<&str> = data
        .room
        .stations
        .iter()
        .filter(|s| !s.paused && !data.room.holdings.contains_key(&s.id))
        .map(|s| s.name.as_str())
        .collect();
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
                (true, Some(h), Some(g)) => {
                    let mut forms = held_forms(view, tournament, g, h.started_at.is_some());
                    if h.started_at.is_none() && !free.is_empty() {
                        forms.push(call_form(view, tournament, g, &free, T::RoomMove));
                    }
                    forms
                }
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
            let mut note = heading;
            if let Some(at) = rested {
                note.push_str(" · ");
                note.push_str(&t(T::RoomRestingUntil).replace("{at}", &clock(*at)));
            }
            // The time its players were given: Call now before it overrules it.
            if let Some(at) = g.not_before_ms().filter(|at| *at > data.now) {
                note.push_str(" · ");
                note.push_str(&t(T::NotBefore).replace("{at}", &clock(at)));
            }
            let forms = match acts {
                true => vec![call_form(view, tournament, g, &free, T::RoomCall)],
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
        screen_link(view, tournament),
        back,
    ];
    follow(view, &tournament.slug, "room", &mut page);
    // A call's no-show flag comes with the clock, not with a change: the page is read again
    // every 15 s as well.
    if let Some(live) = page.live.as_mut() {
        live.every = Some(ROOM_EVERY_SECONDS);
    }
    page
}

/// How often an open room page is read again though nothing changed.
const ROOM_EVERY_SECONDS: u32 = 15;

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

/// Call now (a waiting match) or Move (a called one): match `g` to the station chosen among
/// the `free` ones; a waiting match may leave it to the first free station.
fn call_form(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    g: &MatchObject,
    free: &[&str],
    submit: T,
) -> Form {
    let t = |text: T| view.t(text);
    let id = format!(
        "{}-{}",
        if submit == T::RoomMove {
            "move"
        } else {
            "call"
        },
        g.id
    );
    let action = tournament_path(view, &tournament.slug, "room/call");
    let mut to = input(&id, "to", t(T::RoomTo), "select");
    to.select = true;
    let first = (submit == T::RoomCall).then(|| ("", t(T::RoomFirstFree)));
    to.options = first
        .into_iter()
        .chain(free.iter().map(|name| (*name, *name)))
        .enumerate()
        .map(|(i, (value, label))| Choice {
            value: value.into(),
            label: label.into(),
            selected: i == 0,
        })
        .collect();
    Form {
        id: id.clone(),
        ..view.form(
            &action,
            t(submit),
            vec![
                to,
                hidden(&id, "game", g.id.to_string()),
                hidden(&id, "seen", seen_of(g)),
            ],
        )
    }
}

/// The tournament's venue screen, once it is published (a screen is public).
fn screen_link(view: &InSpace<'_>, tournament: &TournamentRow) -> Block {
    if !crate::domain::is_published(tournament.status, tournament.test) {
        return Block::text(view.t(T::ScreenOnceShown));
    }
    Block {
        link: Some(Link {
            text: view.t(T::ScreenOpen).into(),
            url: view.public_url(&format!("tournaments/{}/screen", tournament.slug)),
        }),
        ..Block::default()
    }
}
