//! `/<locale>/organizer/<space>/stations`: the space's stations, each with its state and what it
//! holds, in the order calls prefer them; for owners and administrators, the form that adds
//! stations (one name per line), each station's Pause or Resume and Remove, and where the
//! space's tournaments are played. Reporters see the page without its forms (the place as text).
//!
//! Pure: the page from the stations given (`service::stations::read`).

use super::super::i18n::{T, clock};
use super::super::in_space::{InSpace, Tab, hidden, input};
use super::super::section::{Block, Cell, Form, Link, Notice, Page, Table};
use crate::domain::access::Duty;
use crate::service::stations::StationView;

/// What the add form (or the place's) was sent with, and why it was refused.
#[derive(Debug, Clone, Default)]
pub struct Sent {
    pub names: String,
    pub problem: Option<String>,
    /// The place as sent, when its form was refused.
    pub place: Option<String>,
    pub place_problem: Option<String>,
}

pub fn page(
    view: &InSpace<'_>,
    stations: &[StationView],
    sent: &Sent,
    notice: Option<Notice>,
) -> Page {
    let t = |text: T| view.t(text);
    let manage = view.may(Duty::Organise);
    let rows: Vec<Vec<Cell>> = stations
        .iter()
        .map(|s| {
            let state = match s.station.paused {
                true => t(T::StationPausedState),
                false => t(T::StationOpen),
            };
            let holds = match &s.holds {
                Some(h) => {
                    let name = |n: &Option<String>| n.clone().unwrap_or_default();
                    let since = match h.started_at {
                        Some(at) => t(T::RoomPlayingSince).replace("{at}", &clock(at)),
                        None => t(T::RoomCalledAt).replace("{at}", &clock(h.called_at)),
                    };
                    Cell {
                        note: Some(format!("{} · {since}", h.tournament_slug)),
                        ..Cell::text(format!("{} – {}", name(&h.a_name), name(&h.b_name)))
                    }
                }
                None => Cell::text(t(T::StationFree)),
            };
            let forms = match manage {
                false => Vec::new(),
                true => {
                    let (act, label) = match s.station.paused {
                        true => ("resume", T::StationResume),
                        false => ("pause", T::StationPause),
                    };
                    let mut forms = vec![station_form(view, s, act, t(label), false)];
                    if s.holds.is_none() {
                        forms.push(station_form(view, s, "remove", t(T::StationRemove), true));
                    }
                    forms
                }
            };
            vec![
                Cell::text(s.station.name.clone()),
                Cell::text(state),
                holds,
                Cell::forms(forms),
            ]
        })
        .collect();
    let mut page = view.frame(Tab::Stations, T::StationsTitle, notice);
    page.blocks = vec![
        Block::text(t(T::StationsHelp)),
        Block::table(Table {
            caption: t(T::StationsTitle).into(),
            quiet_caption: true,
            heads: vec![
                t(T::StationHead).into(),
                t(T::StationStateHead).into(),
                t(T::StationHoldsHead).into(),
                String::new(),
            ],
            empty: rows.is_empty().then(|| t(T::StationsNone).into()),
            rows,
        }),
        Block {
            link: Some(Link {
                text: t(T::ScreenOpenSpace).into(),
                url: view.public_url(&format!("organizer/{}/screen", view.space.slug)),
            }),
            ..Block::default()
        },
    ];
    if manage {
        let id = "add-stations";
        let mut names = input(id, "names", t(T::StationsNamesLabel), "text");
        names.textarea = true;
        names.required = true;
        names.max_length = 4000;
        names.value = sent.names.clone();
        names.hint = Some(t(T::StationsNamesHint).into());
        names.error = sent.problem.clone();
        page.blocks.push(Block::form(Form {
            id: id.into(),
            ..view.form(&view.path("stations"), t(T::StationsAdd), vec![names])
        }));
    }
    page.blocks.extend(place_blocks(view, sent, manage));
    page
}

/// Where the space's tournaments are played: its form for owners and administrators, the
/// place alone for reporters.
fn place_blocks(view: &InSpace<'_>, sent: &Sent, manage: bool) -> Vec<Block> {
    let t = |text: T| view.t(text);
    let mut blocks = vec![Block::heading(t(T::PlaceHeading))];
    if !manage {
        let shown = view.space.place.clone();
        blocks.push(Block::text(
            shown.unwrap_or_else(|| t(T::PlaceOnline).to_owned()),
        ));
        return blocks;
    }
    let id = "space-place";
    let mut place = input(id, "place", t(T::PlaceLabel), "text");
    place.max_length = 200;
    place.value = sent
        .place
        .clone()
        .or_else(|| view.space.place.clone())
        .unwrap_or_default();
    place.hint = Some(t(T::PlaceHint).into());
    place.error = sent.place_problem.clone();
    blocks.push(Block::form(Form {
        id: id.into(),
        ..view.form(&view.path("place"), t(T::PlaceSave), vec![place])
    }));
    blocks
}

fn station_form(view: &InSpace<'_>, s: &StationView, act: &str, label: &str, danger: bool) -> Form {
    let id = format!("{act}-{}", s.station.id);
    Form {
        id: id.clone(),
        inline: true,
        danger,
        ..view.form(
            &view.path(&format!("stations/{}/{act}", s.station.id)),
            label,
            vec![hidden(&id, "name", s.station.name.clone())],
        )
    }
}
