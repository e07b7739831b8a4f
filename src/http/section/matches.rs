//! The match desk (`…/tournaments/<slug>/matches`): what a venue's match desk (a reporter, on a
//! phone) needs. The matches ready to be played first, each with a form to report its score or a
//! forfeit and what its result decides (where the winner and the loser go); then every other
//! match by round, a played one leading to its correction. Matches with a player's disputed claim
//! come first, then those whose claim waits for the other side (`claims`). Every action is the
//! shell's (`matches report`, `matches correct`), through the service layer, audited with the
//! member.
//!
//! Never writes to the database itself, and never reports a match of another space's tournament
//! (that is the same 404 as one that does not exist).

use warp::http::StatusCode;

use super::claims::Claims;
use super::desk::{follow, tournament_of};
use super::{Answer, InSpace, Tab, Visitor, done, frame, input, notice_of, page_response};
use crate::db::claims as db_claims;
use crate::db::matches::MatchRow;
use crate::db::participants::{self, ParticipantRow};
use crate::db::tournaments::TournamentRow;
use crate::domain::{Bracket, Format, MatchStatus, Side};
use crate::events::{MatchObject, Sides};
use crate::http::App;
use crate::http::forms;
use crate::http::refusal;
use crate::ids::{MatchId, ParticipantId};
use crate::pages::i18n::T;
use crate::pages::section::{Block, Cell, Form, Link, Notice, Table};
use crate::service::matches::ResultInput;
use crate::service::{self, ServiceError};
use crate::views;

/// The most a score may be, as typed at the desk.
const MOST_SCORE: u32 = 999;

/// `GET …/tournaments/<slug>/matches`: the matches ready to be played first (each with its
/// report form), then every other match by round.
pub(super) async fn matches(
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
    matches_page(app, in_space, visitor, &tournament, StatusCode::OK, notice).await
}

async fn matches_page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    tournament: &TournamentRow,
    status: StatusCode,
    notice: Option<Notice>,
) -> Answer {
    let t = |text: T| in_space.t(text);
    let (games, rows, field, claims) = {
        let mut handle = app.db.acquire().await?;
        let (games, rows) = views::tournament_matches_and_rows(handle.conn(), tournament).await?;
        let field = match tournament.format {
            Format::FreeForAll => participants::list(handle.conn(), tournament.id).await?,
            _ => Vec::new(),
        };
        let claims = Claims::new(db_claims::of_tournament(handle.conn(), tournament.id).await?)?;
        (games, rows, field, claims)
    };
    let free_for_all = tournament.format == Format::FreeForAll;
    let (mut ready, rest): (Vec<&MatchObject>, Vec<&MatchObject>) = games
        .iter()
        .filter(|game| !game.bye)
        .partition(|game| game.status == MatchStatus::Ready && (two_sided(game) || free_for_all));
    // Disputes first: only an organiser can settle them. The sort keeps the order within each.
    ready.sort_by_key(|game| claims.rank(game));
    let ready_rows = ready
        .iter()
        .map(|game| {
            let row = rows.iter().find(|r| r.id == game.id);
            let action = match_path(in_space, tournament, game.id, "report");
            let form = match two_sided(game) {
                true => report_form(app, in_space, visitor, game, &action, T::DeskReport),
                false => places_form(app, in_space, visitor, game, &field, &action),
            };
            vec![
                Cell {
                    note: [
                        claims.note(game, in_space),
                        row.and_then(|row| {
                            decides(row, &rows, &games, tournament.format, in_space)
                        }),
                    ]
                    .into_iter()
                    .flatten()
                    .reduce(|claim, decides| format!("{claim} {decides}")),
                    ..Cell::text(sides_text(game, in_space))
                },
                Cell::forms(vec![form]),
            ]
        })
        .collect();
    let rest_rows = rest
        .iter()
        .map(|game| {
            let state = Cell::text(t(match_status(game.status)));
            let state = match game.status == MatchStatus::Completed && two_sided(game) {
                true => Cell::link(
                    t(T::DeskCompletedCorrect),
                    in_space.url(
                        &format!(
                            "tournaments/{}/matches/{}/correct",
                            tournament.slug, game.id
                        ),
                        app,
                    ),
                ),
                false => state,
            };
            vec![
                Cell::text(game.round.to_string()),
                Cell::text(sides_text(game, in_space)),
                state,
            ]
        })
        .collect();
    let mut page = frame(
        app,
        in_space,
        visitor,
        Tab::Tournaments,
        T::DeskMatches,
        notice,
    );
    page.context = Some(format!("{} · {}", in_space.space.name, tournament.name));
    page.blocks = vec![
        Block::table(Table {
            caption: t(T::DeskReady).into(),
            quiet_caption: false,
            heads: vec![t(T::DeskMatch).into(), t(T::DeskReport).into()],
            rows: ready_rows,
            empty: Some(t(T::DeskNoneReady).into()),
        }),
        Block::table(Table {
            caption: t(T::DeskAllMatches).into(),
            quiet_caption: false,
            heads: vec![
                t(T::DeskRound).into(),
                t(T::DeskMatch).into(),
                t(T::Status).into(),
            ],
            rows: rest_rows,
            empty: Some(t(T::DeskNoMatches).into()),
        }),
    ];
    follow(app, in_space, tournament, &mut page);
    Ok(page_response(status, &in_space.place, &page))
}

/// What a ready match's result decides beyond itself, said beside its form: where its winner
/// and its loser go next, and whom they meet there when that is known; an elimination's loser
/// is out. A league's matches (and a group's) decide only their own result: `None`.
fn decides(
    row: &MatchRow,
    rows: &[MatchRow],
    games: &[MatchObject],
    format: Format,
    in_space: &InSpace<'_>,
) -> Option<String> {
    let t = |text: T| in_space.t(text);
    let elimination = matches!(
        format,
        Format::SingleElimination | Format::DoubleElimination | Format::GroupsPlayoffs
    ) && row.group_label.is_none();
    if !elimination {
        return None;
    }
    let place = |id: MatchId, slot: Option<Side>| {
        let next = games.iter().find(|g| g.id == id)?;
        let round = next.round.to_string();
        let mut text = match next.bracket {
            Some(Bracket::Winners) => t(T::WinnersRound).replace("{n}", &round),
            Some(Bracket::Losers) => t(T::LosersRound).replace("{n}", &round),
            Some(Bracket::GrandFinal) => t(T::GrandFinal).to_owned(),
            Some(Bracket::ThirdPlace) => t(T::ThirdPlace).to_owned(),
            // The last round of a single elimination: its final.
            None if rows
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

fn two_sided(game: &MatchObject) -> bool {
    matches!(game.sides, Sides::Two { .. })
}

/// "Alice 2–1 Bob", "Alice – Bob", or a free-for-all round's places.
fn sides_text(game: &MatchObject, in_space: &InSpace<'_>) -> String {
    let tbd = || in_space.t(T::DeskToBeDecided).to_owned();
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
                in_space.t(T::Round).replace("{n}", &game.round.to_string()),
                in_space.t(T::DeskEveryPlayer)
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

/// The path of a match's form: `…/tournaments/<slug>/matches/<match>/<what>`.
fn match_path(
    in_space: &InSpace<'_>,
    tournament: &TournamentRow,
    id: MatchId,
    what: &str,
) -> String {
    in_space.path(&format!(
        "tournaments/{}/matches/{id}/{what}",
        tournament.slug
    ))
}

/// The form that reports `game`: both scores, or a forfeit by one side; one tap to send.
fn report_form(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    game: &MatchObject,
    action: &str,
    submit: T,
) -> Form {
    let t = |text: T| in_space.t(text);
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
        field.max_length = 3;
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
    .map(|(value, label)| crate::pages::section::Choice {
        value: value.into(),
        label: t(label).into(),
        selected: false,
    })
    .collect();
    let fields = vec![score("score_a", a), score("score_b", b), forfeit];
    Form {
        id,
        ..visitor.form(app, action, t(submit).into(), fields)
    }
}

/// A free-for-all round's report form: each player's finishing place, typed (`place_<id>`).
fn places_form(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    game: &MatchObject,
    field: &[ParticipantRow],
    action: &str,
) -> Form {
    let id = format!("report-{}", game.id);
    let fields = field
        .iter()
        .filter(|p| p.status.in_field())
        .map(|p| {
            let mut place = input(&id, &format!("place_{}", p.id), &p.name, "number");
            place.max_length = 4;
            place
        })
        .collect();
    Form {
        id,
        ..visitor.form(app, action, in_space.t(T::DeskReport).into(), fields)
    }
}

/// The finishing order a places form gives (`place_<participant id>` = 1, 2, 3, …: every place
/// once), or `None` when the form has no place at all.
fn posted_places(body: &[u8]) -> Option<Result<Vec<String>, T>> {
    let mut places: Vec<(usize, ParticipantId)> = Vec::new();
    for (key, value) in url::form_urlencoded::parse(body) {
        let Some(who) = key.strip_prefix("place_") else {
            continue;
        };
        let read = ParticipantId::parse_prefixed(who).zip(value.trim().parse::<usize>().ok());
        match read {
            Some((id, place)) if !places.iter().any(|(_, seen)| *seen == id) => {
                places.push((place, id));
            }
            _ => return Some(Err(T::DeskPlacesInvalid)),
        }
    }
    if places.is_empty() {
        return None;
    }
    places.sort_by_key(|(place, _)| *place);
    let every_place_once = places.iter().zip(1..).all(|((place, _), n)| *place == n);
    if !every_place_once {
        return Some(Err(T::DeskPlacesInvalid));
    }
    Some(Ok(places.iter().map(|(_, id)| id.to_string()).collect()))
}

/// What a report form says, read as the shell's `--score A-B`, `--forfeit a|b` and `--place`
/// are.
fn posted_result(body: &[u8]) -> Result<ResultInput, T> {
    if let Some(places) = posted_places(body) {
        return places.map(ResultInput::Places);
    }
    let field = forms::fields(body);
    let number = |name: &str| -> Result<Option<u32>, T> {
        let text = field(name);
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        match text.parse::<u32>() {
            Ok(n) if n <= MOST_SCORE => Ok(Some(n)),
            _ => Err(T::DeskScoreInvalid),
        }
    };
    let score = match (number("score_a")?, number("score_b")?) {
        (Some(a), Some(b)) => Some((a, b)),
        (None, None) => None,
        _ => return Err(T::DeskScoreInvalid),
    };
    let forfeit = match field("forfeit").as_str() {
        "" => None,
        "a" => Some(Side::A),
        "b" => Some(Side::B),
        _ => return Err(T::DeskScoreInvalid),
    };
    if score.is_none() && forfeit.is_none() {
        return Err(T::DeskResultMissing);
    }
    Ok(ResultInput::Sides { score, forfeit })
}

/// A result posted at the desk: reported, or correcting one already recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Record {
    /// `POST …/tournaments/<slug>/matches/<match>/report`: the shell's `matches report`. A
    /// result the rules refuse (the match is not ready, already reported, a draw where none may
    /// be) shows the matches again with why, and changes nothing.
    Report,
    /// `POST …/matches/<match>/correct`: the shell's `matches correct`; the matches that
    /// followed from the old result and no longer do are reset by the service. A refusal shows
    /// the correction form again with why.
    Correct,
}

/// Records a result posted to match `match_id` as the member, as `record` says.
pub(super) async fn record(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    (slug, match_id): (&str, &str),
    record: Record,
    body: &[u8],
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let Ok(id) = match_id.parse::<MatchId>() else {
        return Ok(super::not_found(&in_space.place));
    };
    // The page the form was on, again, with why it was refused.
    let again = |status: StatusCode, text: String| {
        let tournament = tournament.clone();
        async move {
            let notice = Some(Notice { text, error: true });
            match record {
                Record::Report => {
                    matches_page(app, in_space, visitor, &tournament, status, notice).await
                }
                Record::Correct => {
                    correction_page(app, in_space, visitor, &tournament, id, status, notice).await
                }
            }
        }
    };
    let input = match posted_result(body) {
        Ok(input) => input,
        Err(text) => return again(StatusCode::UNPROCESSABLE_ENTITY, in_space.t(text).into()).await,
    };
    let ctx = visitor.ctx(app);
    let (recorded, done_word) = match record {
        Record::Report => (
            service::matches::report(&app.db, &ctx, &tournament.slug, id, &input, None)
                .await
                .map(drop),
            "reported",
        ),
        Record::Correct => (
            service::matches::correct(&app.db, &ctx, &tournament.slug, id, &input, None)
                .await
                .map(drop),
            "corrected",
        ),
    };
    match recorded {
        Ok(()) => Ok(done(
            app,
            in_space,
            &format!("tournaments/{}/matches", tournament.slug),
            done_word,
        )),
        Err(ServiceError::NotFound(_)) => Ok(super::not_found(&in_space.place)),
        Err(
            error @ (ServiceError::Rule(_) | ServiceError::Invalid(_) | ServiceError::Conflict(_)),
        ) => {
            let text = format!(
                "{} {}",
                in_space.t(T::DeskRefused),
                refusal::reason(&error, in_space.place.locale)
            );
            again(StatusCode::CONFLICT, text).await
        }
        Err(error) => Err(error),
    }
}

/// `GET …/matches/<match>/correct`: the form that corrects a completed match's result.
pub(super) async fn correction(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    slug: &str,
    match_id: &str,
) -> Answer {
    let Some(tournament) = tournament_of(app, in_space, slug).await? else {
        return Ok(super::not_found(&in_space.place));
    };
    let Ok(id) = match_id.parse::<MatchId>() else {
        return Ok(super::not_found(&in_space.place));
    };
    correction_page(
        app,
        in_space,
        visitor,
        &tournament,
        id,
        StatusCode::OK,
        None,
    )
    .await
}

async fn correction_page(
    app: &App,
    in_space: &InSpace<'_>,
    visitor: &Visitor,
    tournament: &TournamentRow,
    id: MatchId,
    status: StatusCode,
    notice: Option<Notice>,
) -> Answer {
    let t = |text: T| in_space.t(text);
    let game = {
        let mut handle = app.db.acquire().await?;
        views::tournament_matches(handle.conn(), tournament)
            .await?
            .into_iter()
            .find(|game| game.id == id)
    };
    let Some(game) = game.filter(|g| g.status == MatchStatus::Completed && two_sided(g)) else {
        return Ok(super::not_found(&in_space.place));
    };
    let action = match_path(in_space, tournament, game.id, "correct");
    let form = report_form(app, in_space, visitor, &game, &action, T::DeskCorrect);
    let mut page = frame(
        app,
        in_space,
        visitor,
        Tab::Tournaments,
        T::DeskCorrection,
        notice,
    );
    page.context = Some(format!("{} · {}", in_space.space.name, tournament.name));
    page.blocks = vec![
        Block::text(sides_text(&game, in_space)),
        Block::text(t(T::DeskCorrectionHelp)),
        Block::form(form),
        Block {
            link: Some(Link {
                text: t(T::DeskMatches).into(),
                url: in_space.url(&format!("tournaments/{}/matches", tournament.slug), app),
            }),
            ..Block::default()
        },
    ];
    Ok(page_response(status, &in_space.place, &page))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_places_form_gives_the_finishing_order() {
        let order = posted_result(b"token=x&place_par_2=1&place_par_1=3&place_par_3=2");
        assert_eq!(
            order,
            Ok(ResultInput::Places(vec![
                "par_2".into(),
                "par_3".into(),
                "par_1".into()
            ]))
        );
        for body in [
            &b"place_par_1=1&place_par_2=1"[..],
            b"place_par_1=1&place_par_2=3",
            b"place_par_1=first&place_par_2=2",
            b"place_par_1=1&place_par_1=2",
            b"place_x=1",
        ] {
            assert_eq!(
                posted_result(body),
                Err(T::DeskPlacesInvalid),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
        assert_eq!(
            posted_result(b"score_a=2&score_b=1&forfeit="),
            Ok(ResultInput::Sides {
                score: Some((2, 1)),
                forfeit: None
            })
        );
    }
}
