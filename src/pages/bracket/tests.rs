//! The bracket as pages draw it, from hand-made matches.

use super::*;
use crate::db::stages::StageRow;
use crate::domain::{Format, MatchStatus, Side, StageStatus, TournamentStatus, Winner};
use crate::ids::{MatchId, ParticipantId, SpaceId, StageId, TournamentId};
use crate::links::BaseUrl;
use crate::pages::{Frame, Theme};
use crate::views::public::{BracketData, Feed};

fn game(bracket: Bracket, round: i64, position: i64, names: (&str, &str)) -> MatchObject {
    MatchObject {
        id: MatchId::from_raw(bracket as i64 * 100_000 + round * 1000 + position),
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
        station: None,
        called_at: None,
        started_at: None,
        not_before: None,
        claim: None,
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
        check_in_opens_before: None,
        check_in_closes_before: None,
        no_show: None,
        check_in_processed_at: None,
        team_min: None,
        team_max: None,
        incomplete_rosters: false,
        waiting_list: None,
        self_report_within: None,
        advance_wins: None,
        eliminate_losses: None,
        stations: None,
        match_duration: 1_200_000,
        rest_between: 0,
        no_show_after: 300_000,
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
        feeds: HashMap::new(),
        seeds: HashMap::new(),
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

/// A match of round `round` still to play, its sides awaited.
fn awaited(bracket: Bracket, round: i64, position: i64) -> MatchObject {
    MatchObject {
        status: MatchStatus::Pending,
        sides: Sides::Two {
            a_id: None,
            a_name: None,
            b_id: None,
            b_name: None,
            score_a: None,
            score_b: None,
            winner: None,
        },
        ..game(bracket, round, position, ("", ""))
    }
}

#[test]
fn an_awaited_side_names_the_match_it_waits_for_as_its_heading_reads() {
    // Four players, double elimination: winners 1-1 and 1-2 done; the winners' final, the first
    // losers' round and the grand final wait.
    let matches = vec![
        game(Bracket::Winners, 1, 1, ("Anna", "Boris")),
        game(Bracket::Winners, 1, 2, ("Vera", "Gleb")),
        awaited(Bracket::Winners, 2, 1),
        awaited(Bracket::Losers, 1, 1),
        awaited(Bracket::Losers, 2, 1),
        awaited(Bracket::GrandFinal, 1, 1),
    ];
    let id = |m: &MatchObject| m.id;
    let mut data = data_of(matches.clone());
    let feed = |from: &MatchObject, loser| Feed {
        from: id(from),
        loser,
    };
    data.feeds = HashMap::from([
        ((id(&matches[3]), Side::A), feed(&matches[0], true)),
        ((id(&matches[3]), Side::B), feed(&matches[1], true)),
        ((id(&matches[5]), Side::A), feed(&matches[2], false)),
        ((id(&matches[5]), Side::B), feed(&matches[4], false)),
    ]);
    let names = |locale| -> Vec<Vec<String>> {
        body(locale, &tournament(), &data)
            .sections
            .iter()
            .flat_map(|s| &s.rounds)
            .flat_map(|r| &r.matches)
            .map(|m| m.sides.iter().map(|s| s.name.clone()).collect())
            .collect()
    };
    let en = names(Locale::En);
    // Winners 1-1, 1-2, final, grand final; losers 1, final.
    assert_eq!(en[3], ["Winner of winners final", "Winner of losers final"]);
    assert_eq!(
        en[4],
        [
            "Loser of winners round 1, match 1",
            "Loser of winners round 1, match 2"
        ]
    );
    // A side nothing feeds yet (the winners' final, in this hand-made bracket) is to be decided.
    assert_eq!(en[2], ["to be decided", "to be decided"]);
    assert_eq!(
        names(Locale::Ru)[4],
        [
            "Проигравший: верхняя сетка, раунд 1, матч 1",
            "Проигравший: верхняя сетка, раунд 1, матч 2"
        ]
    );
}

#[test]
fn seeds_show_and_phones_start_on_the_round_under_way() {
    let mut first = game(Bracket::Winners, 1, 1, ("Anna", "Boris"));
    first.sides = Sides::Two {
        a_id: Some(ParticipantId::from_raw(1)),
        a_name: Some("Anna".into()),
        b_id: Some(ParticipantId::from_raw(2)),
        b_name: Some("Boris".into()),
        score_a: Some(2),
        score_b: Some(0),
        winner: Some(Winner::A),
    };
    let matches = vec![
        first,
        game(Bracket::Winners, 1, 2, ("Vera", "Gleb")),
        awaited(Bracket::Winners, 2, 1),
    ];
    let mut data = data_of(matches);
    data.seeds = HashMap::from([
        ((1, ParticipantId::from_raw(1)), 1),
        ((1, ParticipantId::from_raw(2)), 4),
    ]);
    let shown = body(Locale::En, &tournament(), &data);
    let winners = &shown.sections[0];
    let seeds: Vec<Option<i64>> = winners.rounds[0].matches[0]
        .sides
        .iter()
        .map(|s| s.seed)
        .collect();
    assert_eq!(seeds, [Some(1), Some(4)]);
    let current: Vec<bool> = winners.rounds.iter().map(|r| r.current).collect();
    assert_eq!(current, [false, true]);
    assert_eq!(winners.picker.as_deref(), Some("Rounds: Winners bracket"));
    assert_eq!(winners.rounds[1].id, "bracket-1-round-2");

    let page = render_double(4, false);
    assert!(
        !page.contains("<span class=\"seed\">"),
        "no seeds in an unseeded bracket"
    );
    assert!(page.contains("<nav class=\"round-picker\" aria-label=\"Rounds: Winners bracket\">"));
    assert!(page.contains("href=\"#bracket-2-round-1\""));
}
