//! The match desk (`…/tournaments/<slug>/matches`): what a venue's match desk (a reporter, on a
//! phone) needs. The matches ready to be played first, each with a form to report its score or
//! a forfeit and what its result decides (where the winner and the loser go); then every other
//! match by round, a played one leading to its correction. Matches with a player's disputed
//! claim come first, then those whose claim waits for the other side. Every form carries the
//! match as the page showed it (`seen`), so a result is never recorded for a pairing the
//! reporter did not see.

use std::collections::HashMap;

use super::super::i18n::T;
use super::super::in_space::{InSpace, Tab, hidden, input};
use super::super::section::{Block, Cell, Choice, Form, Input, Link, Notice, Page, Table};
use super::{Claims, context, follow, tournament_path, tournament_url};
use crate::db::matches::MatchRow;
use crate::db::participants::ParticipantRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::{Bracket, Format, MatchStatus, Side, StageType};
use crate::events::{MatchObject, Sides};
use crate::ids::{MatchId, ParticipantId};
use crate::service::seen::match_version;

/// What the match desk shows of a tournament.
pub struct MatchesData {
    pub games: Vec<MatchObject>,
    pub rows: Vec<MatchRow>,
    /// The field, for a free-for-all round's places form.
    pub field: Vec<ParticipantRow>,
    pub claims: Claims,
    /// Every player's name, by id.
    pub names: HashMap<ParticipantId, String>,
    /// Each match's heading ("Playoff: Semi-finals"), by id (`pages::match_titles`).
    pub titles: HashMap<MatchId, String>,
    /// Each stage's kind, by number: an elimination stage's results decide where players go.
    pub stage_types: HashMap<i64, StageType>,
}

pub fn page(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    data: &MatchesData,
    notice: Option<Notice>,
) -> Page {
    let t = |text: T| view.t(text);
    let free_for_all = tournament.format == Format::FreeForAll;
    let (mut ready, rest): (Vec<&MatchObject>, Vec<&MatchObject>) = data
        .games
        .iter()
        .filter(|game| !game.bye)
        .partition(|game| game.status == MatchStatus::Ready && (two_sided(game) || free_for_all));
    // Disputes first: only an organiser can settle them. The sort keeps the order within each.
    ready.sort_by_key(|game| data.claims.rank(game));
    let ready_rows: Vec<Vec<Cell>> = ready
        .iter()
        .map(|game| {
            let row = data.rows.iter().find(|r| r.id == game.id);
            let action = tournament_path(
                view,
                &tournament.slug,
                &format!("matches/{}/report", game.id),
            );
            let form = match two_sided(game) {
                true => report_form(view, game, &action, T::DeskReport),
                false => places_form(view, game, &data.field, &action),
            };
            vec![
                Cell {
                    flag: (data.claims.rank(game) == 0).then(|| t(T::DeskDisputedFlag).to_owned()),
                    note: [
                        Some(title(game, data, view)),
                        data.claims.note(game, &data.names, view),
                        row.and_then(|row| decides(row, game, data, view)),
                    ]
                    .into_iter()
                    .flatten()
                    .reduce(|said, more| format!("{said} · {more}")),
                    ..Cell::text(sides_text(game, view))
                },
                Cell::forms(vec![form]),
            ]
        })
        .collect();
    let rest_rows = rest
        .iter()
        .map(|game| {
            let state = match game.status == MatchStatus::Completed && two_sided(game) {
                true => Cell::link(
                    t(T::DeskCompletedCorrect),
                    tournament_url(
                        view,
                        &tournament.slug,
                        &format!("matches/{}/correct", game.id),
                    ),
                ),
                false => Cell::text(t(match_status(game.status))),
            };
            vec![
                Cell::text(title(game, data, view)),
                Cell::text(sides_text(game, view)),
                state,
            ]
        })
        .collect();
    let mut page = view.frame(Tab::Tournaments, T::DeskMatches, notice);
    page.context = Some(context(view, &tournament.name));
    page.blocks = vec![
        Block::table(Table {
            caption: t(T::DeskReady).into(),
            quiet_caption: false,
            heads: vec![t(T::DeskMatch).into(), t(T::DeskReport).into()],
            empty: ready_rows.is_empty().then(|| t(T::DeskNoneReady).into()),
            rows: ready_rows,
        }),
        Block::table(Table {
            caption: t(T::DeskAllMatches).into(),
            quiet_caption: false,
            heads: vec![
                t(T::DeskRound).into(),
                t(T::DeskMatch).into(),
                t(T::Status).into(),
            ],
            empty: data
                .games
                .iter()
                .all(|g| g.bye)
                .then(|| t(T::DeskNoMatches).into()),
            rows: rest_rows,
        }),
    ];
    if tournament.stations.is_some() {
        page.blocks.insert(
            0,
            Block {
                link: Some(Link {
                    text: t(T::RoomLink).into(),
                    url: tournament_url(view, &tournament.slug, "room"),
                }),
                ..Block::default()
            },
        );
    }
    follow(view, &tournament.slug, "matches", &mut page);
    page
}

/// `…/matches/<match>/correct`: the form that corrects a completed match's result, holding
/// the result it has; and the later matches a new winner would have played again (`resets`,
/// each said as the match desk says it).
pub fn correction(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    game: &MatchObject,
    resets: &[&MatchObject],
    notice: Option<Notice>,
) -> Page {
    let t = |text: T| view.t(text);
    let action = tournament_path(
        view,
        &tournament.slug,
        &format!("matches/{}/correct", game.id),
    );
    let mut form = report_form(view, game, &action, T::DeskCorrect);
    if let Sides::Two {
        score_a, score_b, ..
    } = &game.sides
    {
        for (field, score) in form.fields.iter_mut().zip([score_a, score_b]) {
            field.value = score.map_or_else(String::new, |s| s.to_string());
        }
    }
    let mut page = view.frame(Tab::Tournaments, T::DeskCorrection, notice);
    page.context = Some(context(view, &tournament.name));
    page.blocks = vec![
        Block::text(sides_text(game, view)),
        Block::text(t(T::DeskCorrectionHelp)),
    ];
    if !resets.is_empty() {
        let later: Vec<String> = resets.iter().map(|g| sides_text(g, view)).collect();
        page.blocks.push(Block::text(format!(
            "{} {}",
            t(T::DeskResetsIfChanged),
            later.join("; ")
        )));
    }
    page.blocks.extend([
        Block::form(form),
        Block {
            link: Some(Link {
                text: t(T::DeskMatches).into(),
                url: tournament_url(view, &tournament.slug, "matches"),
            }),
            ..Block::default()
        },
    ]);
    page
}

/// What a ready match's result decides beyond itself, said beside its form: where its winner
/// and its loser go next, and whom they meet there when that is known; an elimination's loser
/// is out. A league's matches (and a group's) decide only their own result: `None`.
fn decides(
    row: &MatchRow,
    game: &MatchObject,
    data: &MatchesData,
    view: &InSpace<'_>,
) -> Option<String> {
    let t = |text: T| view.t(text);
    let elimination = matches!(
        data.stage_types.get(&game.stage),
        Some(StageType::SingleElimination | StageType::DoubleElimination)
    ) && row.group_label.is_none();
    if !elimination {
        return None;
    }
    let place = |id: MatchId, slot: Option<Side>| {
        let next = data.games.iter().find(|g| g.id == id)?;
        let round = next.round.to_string();
        let mut text = match next.bracket {
            Some(Bracket::Winners) => t(T::WinnersRound).replace("{n}", &round),
            Some(Bracket::Losers) => t(T::LosersRound).replace("{n}", &round),
            Some(Bracket::GrandFinal) => t(T::GrandFinal).to_owned(),
            Some(Bracket::ThirdPlace) => t(T::ThirdPlace).to_owned(),
            // The last round of a single elimination: its final.
            None if data
                .rows
                .iter()
                .any(|r| r.id == id && r.winner_to_match_id.is_none()) =>
            {
                t(T::Final).to_owned()
            }
            None => t(T::Round).replace("{n}", &round),
        };
        // The one already waiting there, on the other side.
        let waiting = match (&next.sides, slot) {
            (Sides::Two { b_name, .. }, Some(Side::A)) => b_name.clone(),
            (Sides::Two { a_name, .. }, Some(Side::B)) => a_name.clone(),
            _ => None,
        };
        if let Some(name) = waiting {
            text.push_str(&t(T::DeskAgainst).replace("{name}", &name));
        }
        Some(text)
    };
    let winner = match row.winner_to_match_id {
        Some(id) => place(id, row.winner_to_slot)?,
        None if row.bracket == Some(Bracket::GrandFinal) => return None,
        None => t(T::DeskWinsIt).to_owned(),
    };
    let loser = match row.loser_to_match_id {
        Some(id) => place(id, row.loser_to_slot)?,
        None if row.bracket == Some(Bracket::GrandFinal) => return None,
        None => t(T::DeskIsOut).to_owned(),
    };
    Some(format!(
        "{} {winner}; {} {loser}",
        t(T::DeskWinnerGoes),
        t(T::DeskLoserGoes)
    ))
}

/// A match's heading: its round's title, after its stage's name when there are several.
fn title(game: &MatchObject, data: &MatchesData, view: &InSpace<'_>) -> String {
    data.titles
        .get(&game.id)
        .cloned()
        .unwrap_or_else(|| view.t(T::Round).replace("{n}", &game.round.to_string()))
}

fn two_sided(game: &MatchObject) -> bool {
    matches!(game.sides, Sides::Two { .. })
}

/// "Alice 2–1 Bob", "Alice – Bob", or a free-for-all round's places.
pub fn sides_text(game: &MatchObject, view: &InSpace<'_>) -> String {
    let tbd = || view.t(T::DeskToBeDecided).to_owned();
    match &game.sides {
        Sides::Two {
            a_name,
            b_name,
            score_a,
            score_b,
            ..
        } => {
            let (a, b) = (
                a_name.clone().unwrap_or_else(tbd),
                b_name.clone().unwrap_or_else(tbd),
            );
            match (score_a, score_b) {
                (Some(x), Some(y)) => format!("{a} {x}–{y} {b}"),
                _ => format!("{a} – {b}"),
            }
        }
        // A free-for-all round: its places once played; before, everyone plays it.
        Sides::Results { results } if results.is_empty() => {
            format!(
                "{}: {}",
                view.t(T::Round).replace("{n}", &game.round.to_string()),
                view.t(T::DeskEveryPlayer)
            )
        }
        Sides::Results { results } => results
            .iter()
            .map(|r| format!("{}. {}", r.place, r.name.clone().unwrap_or_else(tbd)))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn match_status(status: MatchStatus) -> T {
    match status {
        MatchStatus::Completed => T::DeskCompleted,
        MatchStatus::Ready | MatchStatus::InProgress => T::DeskReadyOne,
        _ => T::DeskWaiting,
    }
}

/// The match as a form built on it carries it (`seen`): its players, status and score.
pub fn seen_of(game: &MatchObject) -> String {
    match &game.sides {
        Sides::Two {
            a_id,
            b_id,
            score_a,
            score_b,
            ..
        } => match_version(*a_id, *b_id, game.status, (*score_a, *score_b)),
        Sides::Results { .. } => match_version(None, None, game.status, (None, None)),
    }
}

/// The form that reports `game`: both scores, or a forfeit by one side; one tap to send.
fn report_form(view: &InSpace<'_>, game: &MatchObject, action: &str, submit: T) -> Form {
    let t = |text: T| view.t(text);
    let id = format!("report-{}", game.id);
    let (a, b) = match &game.sides {
        Sides::Two { a_name, b_name, .. } => (a_name.clone(), b_name.clone()),
        Sides::Results { .. } => (None, None),
    };
    let score = |name: &str, who: Option<String>| {
        let mut field = input(
            &id,
            name,
            &format!("{} {}", t(T::DeskScoreOf), who.unwrap_or_default()),
            "number",
        );
        field.max_length = 4;
        field
    };
    let mut forfeit = input(&id, "forfeit", t(T::DeskForfeit), "select");
    forfeit.select = true;
    forfeit.options = [
        ("", T::DeskNoForfeit),
        ("a", T::DeskForfeitA),
        ("b", T::DeskForfeitB),
    ]
    .into_iter()
    .map(|(value, label)| Choice {
        value: value.into(),
        label: t(label).into(),
        // The page as served says which option is chosen, so that a page fetched again
        // compares equal to it while nobody has touched the form.
        selected: value.is_empty(),
    })
    .collect();
    let fields = vec![
        score("score_a", a),
        score("score_b", b),
        forfeit,
        hidden(&id, "seen", seen_of(game)),
    ];
    Form {
        id,
        ..view.form(action, t(submit), fields)
    }
}

/// A free-for-all round's report form: each player's finishing place, typed (`place_<id>`).
fn places_form(
    view: &InSpace<'_>,
    game: &MatchObject,
    field: &[ParticipantRow],
    action: &str,
) -> Form {
    let id = format!("report-{}", game.id);
    let mut fields: Vec<Input> = field
        .iter()
        .filter(|p| p.status.in_field())
        .map(|p| {
            let mut place = input(&id, &format!("place_{}", p.id), &p.name, "number");
            place.max_length = 4;
            place
        })
        .collect();
    fields.push(hidden(&id, "seen", seen_of(game)));
    Form {
        id,
        ..view.form(action, view.t(T::DeskReport), fields)
    }
}
