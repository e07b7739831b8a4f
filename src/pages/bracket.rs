//! The bracket of every format, for the bracket widget and the portal's tournament page alike:
//! elimination trees as columns of rounds with CSS connectors (double elimination: winners above
//! losers, the grand final to the right of the winners, its deciding match only when the engine
//! created it), round robin and Swiss as rounds, groups as rounds per group plus the playoff
//! tree, free-for-all as result tables.

use std::collections::BTreeMap;

use serde::Serialize;

use super::i18n::T;
use super::tables::{Row, Table, columns, is_before_draw, standings_tables};
use crate::db::tournaments::TournamentRow;
use crate::domain::{Bracket, Locale, StageType, TournamentStatus, Winner};
use crate::events::{MatchObject, Sides};
use crate::views::public::BracketData;

/// The bracket part of a page (the `bracket_body` template).
#[derive(Serialize)]
pub(crate) struct BracketBody {
    message: Option<&'static str>,
    tables: Vec<Table>,
    sections: Vec<Section>,
}

#[derive(Serialize)]
struct Section {
    kind: &'static str,
    title: Option<String>,
    /// What a screen reader announces for the section, which scrolls sideways when wide and so
    /// takes keyboard focus.
    label: String,
    rounds: Vec<Round>,
}

#[derive(Serialize)]
struct Round {
    title: String,
    class: String,
    matches: Vec<Match>,
}

#[derive(Serialize)]
struct Match {
    hidden: bool,
    sides: Vec<SideView>,
}

#[derive(Serialize)]
struct SideView {
    class: &'static str,
    name: String,
    score: String,
}

/// The bracket of `tournament`, or a note before the draw.
pub(crate) fn body(locale: Locale, tournament: &TournamentRow, data: &BracketData) -> BracketBody {
    let mut body = BracketBody {
        message: None,
        tables: Vec::new(),
        sections: Vec::new(),
    };
    if tournament.status == TournamentStatus::Cancelled {
        body.message = Some(T::RegCancelled.get(locale));
        return body;
    }
    if data.matches.is_empty() || is_before_draw(tournament.status) {
        body.message = Some(T::NotStarted.get(locale));
        return body;
    }
    let mut stages = data.stages.clone();
    stages.sort_by_key(|s| s.number);
    for stage in &stages {
        let matches: Vec<&MatchObject> = data
            .matches
            .iter()
            .filter(|m| m.stage == stage.number)
            .collect();
        match stage.stage_type {
            StageType::SingleElimination => {
                body.sections
                    .extend(single(locale, &matches, stages.len() > 1));
            }
            StageType::DoubleElimination => body.sections.extend(double(locale, &matches)),
            StageType::RoundRobin | StageType::Swiss => body.sections.push(Section {
                kind: "schedule",
                title: None,
                label: String::new(),
                rounds: plain_rounds(locale, &matches),
            }),
            StageType::Groups => {
                if let Some(standings) = &data.group_standings {
                    body.tables = standings_tables(locale, standings);
                }
                let mut groups: BTreeMap<&str, Vec<&MatchObject>> = BTreeMap::new();
                for m in &matches {
                    groups
                        .entry(m.group.as_deref().unwrap_or(""))
                        .or_default()
                        .push(m);
                }
                for (label, list) in groups {
                    body.sections.push(Section {
                        kind: "schedule",
                        title: Some(T::Group.with(locale, label)),
                        label: String::new(),
                        rounds: plain_rounds(locale, &list),
                    });
                }
            }
            StageType::FreeForAll => body.tables.extend(free_for_all(locale, &matches)),
        }
    }
    for section in &mut body.sections {
        section.label = section
            .title
            .clone()
            .unwrap_or_else(|| T::Bracket.get(locale).to_owned());
    }
    body
}

/// Matches by round number, each round in position order.
fn by_round<'a>(matches: &[&'a MatchObject]) -> Vec<(i64, Vec<&'a MatchObject>)> {
    let mut rounds: BTreeMap<i64, Vec<&MatchObject>> = BTreeMap::new();
    for m in matches {
        rounds.entry(m.round).or_default().push(m);
    }
    rounds
        .into_iter()
        .map(|(n, mut list)| {
            list.sort_by_key(|m| m.position);
            (n, list)
        })
        .collect()
}

fn side(
    locale: Locale,
    name: &Option<String>,
    score: Option<i64>,
    m: &MatchObject,
    me: Winner,
) -> SideView {
    let Sides::Two { winner, .. } = &m.sides else {
        return SideView {
            class: "tbd",
            name: String::new(),
            score: String::new(),
        };
    };
    let (class, name) = match name {
        Some(name) => {
            let class = match winner {
                Some(w) if *w == me => "win",
                Some(Winner::Draw) | None => "",
                Some(_) => "loss",
            };
            (class, name.clone())
        }
        None if m.bye => ("bye", T::Bye.get(locale).to_owned()),
        None => ("tbd", T::ToBeDecided.get(locale).to_owned()),
    };
    let score = match (score, winner) {
        (Some(s), _) => s.to_string(),
        // A bye is no win: the other side already reads "bye".
        (None, Some(_)) if m.bye => String::new(),
        (None, Some(w)) if *w == me => T::Won.get(locale).to_owned(),
        (None, Some(Winner::Draw)) | (None, None) => String::new(),
        (None, Some(_)) if m.forfeit => T::Forfeit.get(locale).to_owned(),
        (None, Some(_)) => T::Lost.get(locale).to_owned(),
    };
    SideView { class, name, score }
}

fn view(locale: Locale, m: &MatchObject) -> Match {
    let sides = match &m.sides {
        Sides::Two {
            a_name,
            b_name,
            score_a,
            score_b,
            ..
        } => vec![
            side(locale, a_name, *score_a, m, Winner::A),
            side(locale, b_name, *score_b, m, Winner::B),
        ],
        Sides::Results { results } => results
            .iter()
            .map(|r| SideView {
                class: "",
                name: r.name.clone().unwrap_or_default(),
                score: r.points.to_string(),
            })
            .collect(),
    };
    Match {
        hidden: false,
        sides,
    }
}

/// Connector classes for a chain of rounds: `prev` on every round after the first; towards the
/// next round `next-pair` when two matches feed one, `next-straight` when one feeds one.
fn connect(rounds: &mut [Round]) {
    let counts: Vec<usize> = rounds.iter().map(|r| r.matches.len()).collect();
    for (i, round) in rounds.iter_mut().enumerate() {
        let mut classes = Vec::new();
        if i > 0 {
            classes.push("prev");
        }
        if let Some(next) = counts.get(i + 1) {
            if *next == counts[i] {
                classes.push("next-straight");
            } else if next * 2 == counts[i] {
                classes.push("next-pair");
            }
        }
        round.class = classes.join(" ");
    }
}

fn rounds_of(
    locale: Locale,
    list: Vec<(i64, Vec<&MatchObject>)>,
    title: impl Fn(usize, usize, i64) -> String,
) -> Vec<Round> {
    let total = list.len();
    list.into_iter()
        .enumerate()
        .map(|(i, (n, ms))| Round {
            title: title(i, total, n),
            class: String::new(),
            matches: ms.iter().map(|m| view(locale, m)).collect(),
        })
        .collect()
}

fn single(locale: Locale, matches: &[&MatchObject], playoffs: bool) -> Vec<Section> {
    let (third, main): (Vec<&MatchObject>, Vec<&MatchObject>) = matches
        .iter()
        .partition(|m| m.bracket == Some(Bracket::ThirdPlace));
    let mut rounds = rounds_of(locale, by_round(&main), |i, total, n| match total - i {
        1 => T::Final.get(locale).to_owned(),
        2 => T::SemiFinals.get(locale).to_owned(),
        3 => T::QuarterFinals.get(locale).to_owned(),
        _ => T::Round.with(locale, n),
    });
    connect(&mut rounds);
    for (_, ms) in by_round(&third) {
        rounds.push(Round {
            title: T::ThirdPlace.get(locale).to_owned(),
            class: String::new(),
            matches: ms.iter().map(|m| view(locale, m)).collect(),
        });
    }
    vec![Section {
        kind: "tree",
        title: playoffs.then(|| T::Playoffs.get(locale).to_owned()),
        label: String::new(),
        rounds,
    }]
}

fn double(locale: Locale, matches: &[&MatchObject]) -> Vec<Section> {
    let pick = |b: Bracket| -> Vec<&MatchObject> {
        matches
            .iter()
            .copied()
            .filter(|m| m.bracket == Some(b))
            .collect()
    };
    let mut upper = rounds_of(locale, by_round(&pick(Bracket::Winners)), |i, total, n| {
        if i + 1 == total {
            T::WinnersFinal.get(locale).to_owned()
        } else {
            T::WinnersRound.with(locale, n)
        }
    });
    upper.extend(rounds_of(
        locale,
        by_round(&pick(Bracket::GrandFinal)),
        |i, _, _| {
            if i == 0 {
                T::GrandFinal
            } else {
                T::GrandFinalReset
            }
            .get(locale)
            .to_owned()
        },
    ));
    connect(&mut upper);
    let mut lower = rounds_of(locale, by_round(&pick(Bracket::Losers)), |i, total, n| {
        if i + 1 == total {
            T::LosersFinal.get(locale).to_owned()
        } else {
            T::LosersRound.with(locale, n)
        }
    });
    connect(&mut lower);
    let mut sections = vec![Section {
        kind: "tree",
        title: Some(T::WinnersBracket.get(locale).to_owned()),
        label: String::new(),
        rounds: upper,
    }];
    if !lower.is_empty() {
        sections.push(Section {
            kind: "tree",
            title: Some(T::LosersBracket.get(locale).to_owned()),
            label: String::new(),
            rounds: lower,
        });
    }
    sections
}

fn plain_rounds(locale: Locale, matches: &[&MatchObject]) -> Vec<Round> {
    rounds_of(locale, by_round(matches), |_, _, n| {
        T::Round.with(locale, n)
    })
}

fn free_for_all(locale: Locale, matches: &[&MatchObject]) -> Vec<Table> {
    by_round(matches)
        .into_iter()
        .flat_map(|(n, ms)| ms.into_iter().map(move |m| (n, m)))
        .filter_map(|(n, m)| match &m.sides {
            Sides::Results { results } if !results.is_empty() => Some(Table {
                title: Some(T::Round.with(locale, n)),
                columns: columns(locale, &[T::Place, T::Participant, T::Points]),
                rows: results
                    .iter()
                    .map(|r| Row {
                        cells: vec![
                            r.place.to_string(),
                            r.name.clone().unwrap_or_default(),
                            r.points.to_string(),
                        ],
                    })
                    .collect(),
            }),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::stages::StageRow;
    use crate::domain::{Format, MatchStatus, StageStatus, TournamentStatus};
    use crate::ids::{MatchId, SpaceId, StageId, TournamentId};
    use crate::links::BaseUrl;
    use crate::pages::{Frame, Theme};
    use crate::views::public::BracketData;

    fn game(bracket: Bracket, round: i64, position: i64, names: (&str, &str)) -> MatchObject {
        MatchObject {
            id: MatchId::from_raw(round * 1000 + position),
            stage: 1,
            bracket: Some(bracket),
            group: None,
            round,
            position,
            status: MatchStatus::Completed,
            sides: Sides::Two {
                a_id: None,
                a_name: Some(names.0.to_owned()),
                b_id: None,
                b_name: Some(names.1.to_owned()),
                score_a: Some(2),
                score_b: Some(1),
                winner: Some(Winner::A),
            },
            forfeit: false,
            bye: false,
            scheduled_at: None,
            completed_at: None,
        }
    }

    /// A double-elimination bracket of `size` (a power of two) with every match played.
    fn double_elimination(size: i64, reset: bool) -> Vec<MatchObject> {
        let mut matches = Vec::new();
        let mut count = size / 2;
        let mut round = 1;
        while count >= 1 {
            for p in 1..=count {
                matches.push(game(Bracket::Winners, round, p, ("A", "B")));
            }
            count /= 2;
            round += 1;
        }
        let mut count = size / 4;
        let mut round = 1;
        while count >= 1 {
            for _ in 0..2 {
                for p in 1..=count {
                    matches.push(game(Bracket::Losers, round, p, ("C", "D")));
                }
                round += 1;
            }
            count /= 2;
        }
        matches.push(game(Bracket::GrandFinal, 1, 1, ("A", "C")));
        if reset {
            matches.push(game(Bracket::GrandFinal, 2, 1, ("A", "C")));
        }
        matches
    }

    fn tournament() -> TournamentRow {
        TournamentRow {
            id: TournamentId::from_raw(1),
            space_id: SpaceId::from_raw(1),
            slug: "cup".into(),
            name: "Cup".into(),
            game: "chess".into(),
            format: Format::DoubleElimination,
            status: TournamentStatus::InProgress,
            test: false,
            max_participants: 128,
            description: None,
            third_place: false,
            group_count: None,
            advance_per_group: None,
            rounds: None,
            points_scale: None,
            starts_at: 0,
            ends_at: None,
            registration_opens_at: None,
            registration_closes_at: None,
            created_at: 0,
            updated_at: 0,
            field_size: 0,
        }
    }

    /// One running double-elimination stage holding `matches`.
    fn data_of(matches: Vec<MatchObject>) -> BracketData {
        BracketData {
            stages: vec![StageRow {
                id: StageId::from_raw(1),
                tournament_id: TournamentId::from_raw(1),
                number: 1,
                stage_type: StageType::DoubleElimination,
                name: "Main".into(),
                status: StageStatus::Running,
            }],
            matches,
            group_standings: None,
        }
    }

    fn render_double(size: i64, reset: bool) -> String {
        let data = data_of(double_elimination(size, reset));
        let base = BaseUrl::parse("https://cup.example.org").expect("base");
        let frame = Frame {
            locale: Locale::En,
            theme: Theme::Light,
            heading: "Cup",
            portal_url: base.tournament_page(Locale::En, "cup"),
            live: None,
        };
        crate::pages::bracket(&frame, &tournament(), &data).expect("renders")
    }

    #[test]
    fn double_elimination_connects_rounds_and_shows_the_reset_only_when_it_exists() {
        let page = render_double(8, false);
        let classes: Vec<&str> = page
            .match_indices("<article class=\"round ")
            .map(|(i, _)| {
                let rest = &page[i + 22..];
                &rest[..rest.find('"').unwrap_or(0)]
            })
            .collect();
        // Winners 4-2-1 then the grand final; losers 2-2-1-1.
        assert_eq!(
            classes,
            [
                "next-pair",
                "prev next-pair",
                "prev next-straight",
                "prev",
                "next-straight",
                "prev next-pair",
                "prev next-straight",
                "prev"
            ]
        );
        assert!(!page.contains("Grand final, deciding match"));
        assert!(render_double(8, true).contains("Grand final, deciding match"));
    }

    #[test]
    fn a_bye_reads_bye_and_is_no_win() {
        let mut bye = game(Bracket::Winners, 1, 1, ("Anna", "-"));
        bye.bye = true;
        bye.sides = Sides::Two {
            a_id: None,
            a_name: Some("Anna".into()),
            b_id: None,
            b_name: None,
            score_a: None,
            score_b: None,
            winner: Some(Winner::A),
        };
        let shown = body(Locale::En, &tournament(), &data_of(vec![bye]));
        let sides = &shown.sections[0].rounds[0].matches[0].sides;
        assert_eq!(
            (sides[0].name.as_str(), sides[0].score.as_str()),
            ("Anna", "")
        );
        assert_eq!((sides[1].class, sides[1].name.as_str()), ("bye", "bye"));
    }

    #[test]
    fn a_cancelled_tournament_says_so_instead_of_a_bracket() {
        let cancelled = TournamentRow {
            status: TournamentStatus::Cancelled,
            ..tournament()
        };
        let shown = body(
            Locale::Ru,
            &cancelled,
            &data_of(double_elimination(4, false)),
        );
        assert_eq!(shown.message, Some("Турнир отменён."));
        assert!(shown.sections.is_empty() && shown.tables.is_empty());
    }

    #[test]
    fn a_128_player_double_elimination_page_stays_small() {
        let page = render_double(128, true);
        assert_eq!(page.matches("class=\"match\"").count(), 127 + 126 + 2);
        assert!(page.len() < 100 * 1024, "{} bytes", page.len());
    }
}
