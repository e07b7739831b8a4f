//! `tourney import`: the example document read back field by field, and refused documents that
//! leave the database exactly as it was.

use predicates::prelude::*;
use tourney::db::matches::{MatchRow, ResultRow};
use tourney::db::participants::ParticipantRow;
use tourney::db::{Db, matches, outbox, participants, spaces, stages, tournaments};
use tourney::domain::*;
use tourney::ids::ParticipantId;
use tourney::timestamp::parse;

use crate::support::{TestDb, on_both_backends, row_counts};

const EXAMPLE: &str = "examples/import.json";

fn at(text: &str) -> i64 {
    parse(text).unwrap()
}

async fn import_example(t: &TestDb) {
    t.tourney()
        .args(["--base-url", "https://cup.example.org", "import", EXAMPLE])
        .assert()
        .success()
        .stdout("imported 5 tournaments (11 participants, 6 matches) into 2 spaces (2 new); 11 events appended\n");
}

async fn participants_of(db: &Db, slug: &str) -> Vec<ParticipantRow> {
    let mut h = db.acquire().await.unwrap();
    let t = tournaments::find_by_slug(h.conn(), slug)
        .await
        .unwrap()
        .unwrap();
    participants::list(h.conn(), t.id).await.unwrap()
}

async fn matches_of(db: &Db, slug: &str) -> (Vec<MatchRow>, Vec<ResultRow>) {
    let mut h = db.acquire().await.unwrap();
    let t = tournaments::find_by_slug(h.conn(), slug)
        .await
        .unwrap()
        .unwrap();
    (
        matches::list(h.conn(), t.id).await.unwrap(),
        matches::list_results(h.conn(), t.id).await.unwrap(),
    )
}

on_both_backends! {
    async fn example_reads_back_field_by_field(t: TestDb) {
        import_example(&t).await;
        let mut h = t.db.acquire().await.unwrap();

        let all = spaces::list(h.conn()).await.unwrap();
        let summary: Vec<_> = all.iter().map(|s| (s.slug.as_str(), s.name.as_str(), s.locale)).collect();
        assert_eq!(summary, [("kazan-chess", "Шахматы Казани", Locale::Ru), ("northern-league", "Northern League", Locale::En)]);
        let north = &all[1];

        let spring = tournaments::find_by_slug(h.conn(), "spring-open-2026").await.unwrap().unwrap();
        assert_eq!(spring.space_id, north.id);
        assert_eq!((spring.name.as_str(), spring.game.as_str()), ("Spring Open 2026", "chess"));
        assert_eq!((spring.format, spring.status, spring.test), (Format::SingleElimination, TournamentStatus::Completed, false));
        assert_eq!(spring.max_participants, 8);
        assert_eq!(spring.description.as_deref(), Some("Rapid 15+10.\nFour players, semi-finals, final and a match for bronze."));
        assert_eq!(spring.starts_at, at("2026-04-18T07:00:00Z"));
        assert_eq!(spring.ends_at, Some(at("2026-04-18T16:30:00Z")));
        assert_eq!(spring.registration_opens_at, Some(at("2026-03-01T00:00:00Z")));
        assert_eq!(spring.registration_closes_at, Some(at("2026-04-17T18:00:00Z")));
        assert!(spring.third_place);
        assert_eq!((spring.group_count, spring.advance_per_group, spring.rounds, spring.points_scale.as_deref()), (None, None, None, None));
        assert_eq!(spring.created_at, spring.updated_at);

        let swiss = tournaments::find_by_slug(h.conn(), "summer-swiss-2026").await.unwrap().unwrap();
        assert_eq!((swiss.format, swiss.status, swiss.rounds), (Format::Swiss, TournamentStatus::RegistrationOpen, Some(5)));
        assert_eq!((swiss.ends_at, swiss.registration_closes_at, swiss.description.as_deref()), (None, None, None));

        let dry = tournaments::find_by_slug(h.conn(), "integration-dry-run").await.unwrap().unwrap();
        assert_eq!((dry.status, dry.test), (TournamentStatus::Draft, true));
        assert!(!is_published(dry.status, dry.test));

        let kubok = tournaments::find_by_slug(h.conn(), "kubok-kazani").await.unwrap().unwrap();
        assert_eq!(kubok.name, "Кубок Казани по быстрым шахматам");
        assert_eq!(kubok.points_scale.as_deref(), Some("[10,6,3,1]"));
        assert_eq!(kubok.starts_at, at("2026-11-20T13:00:00Z"), "offsets are stored as UTC");

        let groups = tournaments::find_by_slug(h.conn(), "gruppy-i-pleyoff").await.unwrap().unwrap();
        assert_eq!((groups.format, groups.status, groups.group_count, groups.advance_per_group),
            (Format::GroupsPlayoffs, TournamentStatus::Announced, Some(4), Some(2)));

        let listed: Vec<String> = tournaments::list_for_space(h.conn(), north.id).await.unwrap().into_iter().map(|t| t.slug).collect();
        assert_eq!(listed, ["spring-open-2026", "summer-swiss-2026", "integration-dry-run"]);

        let stage_rows = stages::list(h.conn(), spring.id).await.unwrap();
        assert_eq!(stage_rows.len(), 1);
        assert_eq!((stage_rows[0].number, stage_rows[0].stage_type, stage_rows[0].name.as_str(), stage_rows[0].status),
            (1, StageType::SingleElimination, "Playoff", StageStatus::Completed));
        drop(h);

        let people = participants_of(&t.db, "spring-open-2026").await;
        let seeded: Vec<_> = people.iter().map(|p| (p.name.as_str(), p.seed, p.place, p.status)).collect();
        assert_eq!(seeded, [
            ("Alice Moreau", Some(1), Some(1), ParticipantStatus::Active),
            ("Bruno Silva", Some(2), Some(3), ParticipantStatus::Active),
            ("Chen Wei", Some(3), Some(2), ParticipantStatus::Active),
            ("Dana Novak", Some(4), Some(4), ParticipantStatus::Active),
        ]);
        assert_eq!(people[2].registered_at, at("2026-03-04T09:30:00.250Z"), "milliseconds are kept");
        assert!(people.iter().all(|p| p.place_to.is_none() && p.withdrawn_at.is_none()));

        let swiss_people = participants_of(&t.db, "summer-swiss-2026").await;
        let gustav = swiss_people.iter().find(|p| p.name == "Gustav Berg").unwrap();
        assert_eq!((gustav.status, gustav.withdrawn_at), (ParticipantStatus::Withdrawn, Some(at("2026-05-20T12:00:00Z"))));
        assert!(swiss_people.iter().all(|p| p.seed.is_none()));

        let (games, results) = matches_of(&t.db, "spring-open-2026").await;
        let by_id = |id: Option<ParticipantId>| people.iter().find(|p| Some(p.id) == id).map(|p| p.name.as_str());
        let layout: Vec<_> = games.iter().map(|m| (m.bracket, m.round, m.position, by_id(m.a_participant_id), by_id(m.b_participant_id))).collect();
        assert_eq!(layout, [
            (Some(Bracket::Winners), 1, 1, Some("Alice Moreau"), Some("Dana Novak")),
            (Some(Bracket::Winners), 1, 2, Some("Bruno Silva"), Some("Chen Wei")),
            (Some(Bracket::Winners), 2, 1, Some("Alice Moreau"), Some("Chen Wei")),
            (Some(Bracket::ThirdPlace), 2, 1, Some("Dana Novak"), Some("Bruno Silva")),
        ]);
        let (sf2, final_, bronze) = (&games[1], &games[2], &games[3]);
        assert_eq!((sf2.status, sf2.score_a, sf2.score_b, sf2.winner, sf2.forfeit, sf2.bye),
            (MatchStatus::Completed, Some(0), Some(1), Some(Winner::B), true, false));
        assert_eq!(sf2.scheduled_at, Some(at("2026-04-18T07:00:00Z")));
        assert_eq!(sf2.completed_at, Some(at("2026-04-18T07:05:00Z")));
        assert_eq!((sf2.winner_to_match_id, sf2.winner_to_slot), (Some(final_.id), Some(Side::B)));
        assert_eq!((sf2.loser_to_match_id, sf2.loser_to_slot), (Some(bronze.id), Some(Side::B)));
        assert_eq!((games[0].winner_to_slot, games[0].loser_to_slot), (Some(Side::A), Some(Side::A)));
        assert_eq!((final_.winner_to_match_id, final_.loser_to_match_id), (None, None));
        assert_eq!(final_.group_label, None);
        assert!(results.is_empty());

        let russians = participants_of(&t.db, "kubok-kazani").await;
        let (rounds, places) = matches_of(&t.db, "kubok-kazani").await;
        assert_eq!(rounds.iter().map(|m| (m.round, m.status)).collect::<Vec<_>>(), [(1, MatchStatus::Completed), (2, MatchStatus::Ready)]);
        assert_eq!(rounds[1].scheduled_at, Some(at("2026-11-20T15:00:00Z")));
        let name = |id: ParticipantId| russians.iter().find(|p| p.id == id).map(|p| p.name.as_str()).unwrap();
        let table: Vec<_> = places.iter().map(|r| (r.match_id, name(r.participant_id), r.place, r.points)).collect();
        assert_eq!(table, [
            (rounds[0].id, "Ольга Смирнова", 1, 10),
            (rounds[0].id, "Иван Петров", 2, 6),
            (rounds[0].id, "Артём Ёлкин", 3, 3),
            (rounds[0].id, "Мария Ким", 4, 1),
        ]);
        assert_eq!(russians.iter().find(|p| p.name == "Мария Ким").unwrap().status, ParticipantStatus::Disqualified);
    }

    async fn every_registration_becomes_an_event(t: TestDb) {
        import_example(&t).await;
        let mut h = t.db.acquire().await.unwrap();
        let north = spaces::find_by_slug(h.conn(), "northern-league").await.unwrap().unwrap();
        let events = outbox::list_for_space(h.conn(), north.id).await.unwrap();
        assert_eq!(events.len(), 7, "4 + 3 registrations in northern-league");
        assert!(events.iter().all(|e| e.event_type == EventType::RegistrationCreated));
        for event in &events {
            crate::support::catalog::catalog().assert_valid(event.body.as_bytes());
        }
        let first: serde_json::Value = serde_json::from_str(&events[0].body).unwrap();
        assert_eq!(first, serde_json::json!({
            "id": events[0].id.to_string(),
            "type": "registration.created",
            "created_at": tourney::timestamp::format_ms(events[0].created_at),
            "data": {
                "tournament": {
                    "id": events[0].tournament_id.unwrap().to_string(),
                    "slug": "spring-open-2026",
                    "name": "Spring Open 2026",
                    "game": "chess",
                    "format": "single_elimination",
                    "status": "COMPLETED",
                    "url": "https://cup.example.org/en/tournaments/spring-open-2026"
                },
                "registration": {
                    "id": first["data"]["registration"]["id"],
                    "participant_id": first["data"]["registration"]["participant_id"],
                    "name": "Alice Moreau",
                    "status": "active",
                    "created_at": "2026-03-02T10:15:00.000Z"
                }
            }
        }));
        assert!(events[0].body.starts_with(r#"{"id":"evt_"#), "envelope fields in order: {}", events[0].body);
        let kazan = spaces::find_by_slug(h.conn(), "kazan-chess").await.unwrap().unwrap();
        let ru: serde_json::Value = serde_json::from_str(&outbox::list_for_space(h.conn(), kazan.id).await.unwrap()[0].body).unwrap();
        assert_eq!(ru["data"]["tournament"]["url"], "https://cup.example.org/ru/tournaments/kubok-kazani");
    }

    async fn importing_twice_is_refused_and_changes_nothing(t: TestDb) {
        import_example(&t).await;
        let before = row_counts(&t.db).await;
        t.tourney()
            .args(["import", EXAMPLE])
            .assert()
            .code(1)
            .stderr("error: $.spaces[0].tournaments[0].slug: tournament 'spring-open-2026' already exists; \
                     import only adds new tournaments and never updates one\n");
        assert_eq!(row_counts(&t.db).await, before);
    }

    async fn tournaments_go_into_an_existing_identical_space(t: TestDb) {
        t.tourney().args(["spaces", "create", "kazan-chess", "--name", "Шахматы Казани", "--locale", "ru"]).assert().success();
        t.tourney().args(["import", EXAMPLE]).assert().success().stdout(predicate::str::contains("into 2 spaces (1 new)"));
    }

    async fn an_existing_space_that_differs_is_refused(t: TestDb) {
        t.tourney().args(["spaces", "create", "kazan-chess", "--name", "Kazan Chess", "--locale", "ru"]).assert().success();
        let before = row_counts(&t.db).await;
        t.tourney().args(["import", EXAMPLE]).assert().code(1).stderr(predicate::str::contains(
            "$.spaces[1].name: space 'kazan-chess' already exists with name 'Kazan Chess', not 'Шахматы Казани'",
        ));
        assert_eq!(row_counts(&t.db).await, before, "the first space's tournaments were rolled back too");
    }

    async fn bad_documents_are_refused_with_the_path_and_change_nothing(t: TestDb) {
        t.tourney().args(["spaces", "create", "seeded", "--name", "Seeded"]).assert().success();
        let before = row_counts(&t.db).await;
        let example = std::fs::read_to_string(EXAMPLE).unwrap();
        let dir = tempfile::tempdir().unwrap();
        for (what, document, expected) in refused_documents(&example) {
            let path = dir.path().join("doc.json");
            std::fs::write(&path, &document).unwrap();
            let output = t.tourney().arg("import").arg(&path).output().unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(1), "{what}: {stderr}");
            assert!(stderr.starts_with("error: ") && stderr.contains(expected), "{what}: expected {expected:?} in {stderr:?}");
            assert!(output.stdout.is_empty(), "{what}");
            assert_eq!(row_counts(&t.db).await, before, "{what} changed the database");
        }
    }
}

/// (what, document, expected part of the message), each a small change to the example.
fn refused_documents(example: &str) -> Vec<(&'static str, String, &'static str)> {
    let replace = |from: &str, to: &str| {
        assert!(example.contains(from), "the example contains {from}");
        example.replacen(from, to, 1)
    };
    vec![
        (
            "bad JSON",
            example.replacen("\"version\": 1,", "\"version\": 1", 1),
            "$: not valid JSON: expected `,` or `}` at line 3 column 3",
        ),
        (
            "truncated JSON",
            example[..example.len() / 2].to_owned(),
            "$: not valid JSON: EOF while parsing",
        ),
        (
            "not JSON",
            "<html>not found</html>".to_owned(),
            "$: not valid JSON: expected value at line 1 column 1",
        ),
        (
            "unknown version",
            replace("\"version\": 1", "\"version\": 2"),
            "$.version: unsupported version 2",
        ),
        (
            "unknown format",
            replace("\"format\": \"swiss\"", "\"format\": \"knockout\""),
            "$.spaces[0].tournaments[1].format: unknown format 'knockout'",
        ),
        (
            "duplicate slug in the document",
            replace(
                "\"slug\": \"summer-swiss-2026\"",
                "\"slug\": \"spring-open-2026\"",
            ),
            "$.spaces[0].tournaments[1].slug: tournament 'spring-open-2026' appears twice",
        ),
        (
            "missing field",
            replace(
                "\"game\": \"chess\",\n          \"format\": \"swiss\"",
                "\"format\": \"swiss\"",
            ),
            "$.spaces[0].tournaments[1].game: missing field `game`",
        ),
        (
            "wrong type",
            replace("\"max_participants\": 32", "\"max_participants\": \"32\""),
            "$.spaces[0].tournaments[1].max_participants: invalid type: string \"32\", expected u32",
        ),
        (
            "negative number",
            replace("\"max_participants\": 32", "\"max_participants\": -1"),
            "$.spaces[0].tournaments[1].max_participants",
        ),
        (
            "unknown field",
            replace("\"rounds\": 5", "\"rounds\": 5, \"swiss_rounds\": 5"),
            "unknown field `swiss_rounds`",
        ),
        (
            "bad time",
            replace("\"2026-07-04T09:00:00Z\"", "\"4 July\""),
            "$.spaces[0].tournaments[1].starts_at: '4 July' is not a time",
        ),
        (
            "bad slug",
            replace("\"slug\": \"kazan-chess\"", "\"slug\": \"Kazan Chess\""),
            "$.spaces[1].slug: 'Kazan Chess' is not a valid slug",
        ),
        (
            "blank name",
            replace("\"name\": \"Dana Novak\"", "\"name\": \" \""),
            "$.spaces[0].tournaments[0].participants[3].name: must not be blank",
        ),
        (
            "unknown participant",
            replace(
                "\"a\": \"Alice Moreau\", \"b\": \"Dana Novak\"",
                "\"a\": \"Alice Moreau\", \"b\": \"Nobody\"",
            ),
            "$.spaces[0].tournaments[0].stages[0].matches[0].b: no participant of this tournament is named 'Nobody'",
        ),
        (
            "dangling link",
            replace(
                "{ \"match\": \"bronze\", \"slot\": \"a\" }",
                "{ \"match\": \"gold\", \"slot\": \"a\" }",
            ),
            "$.spaces[0].tournaments[0].stages[0].matches[0].loser_to.match: no match has key 'gold'",
        ),
        (
            "winner against the score",
            replace(
                "\"score_a\": 3, \"score_b\": 2, \"winner\": \"a\"",
                "\"score_a\": 3, \"score_b\": 2, \"winner\": \"b\"",
            ),
            "$.spaces[0].tournaments[0].stages[0].matches[2].winner: the score 3-2 makes the winner a, not b",
        ),
        (
            "setting of another format",
            replace("\"rounds\": 5", "\"third_place\": true"),
            "third_place: applies only to the single_elimination format",
        ),
        (
            "duplicate seed",
            replace("\"seed\": 4", "\"seed\": 3"),
            "$.spaces[0].tournaments[0].participants[3].seed: seed 3 is already taken",
        ),
        (
            "stage of another format",
            replace("\"type\": \"free_for_all\"", "\"type\": \"swiss\""),
            "stages[0].type: a free_for_all tournament has stages of type free_for_all",
        ),
        (
            "an existing space with another name",
            replace("\"slug\": \"northern-league\"", "\"slug\": \"seeded\""),
            "$.spaces[0].name: space 'seeded' already exists with name 'Seeded'",
        ),
        (
            "too many participants",
            replace("\"max_participants\": 8", "\"max_participants\": 3"),
            "$.spaces[0].tournaments[0].participants: 4 participants are in the field but max_participants is 3",
        ),
    ]
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let t = tempfile::tempdir().unwrap();
    assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"))
        .env(
            "TOURNEY_DATABASE_URL",
            format!("sqlite://{}/t.db", t.path().display()),
        )
        .args(["import", "/nonexistent/doc.json"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "cannot read /nonexistent/doc.json: No such file or directory",
        ));
}

#[test]
fn the_document_may_come_from_standard_input() {
    let t = tempfile::tempdir().unwrap();
    assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"))
        .env(
            "TOURNEY_DATABASE_URL",
            format!("sqlite://{}/t.db", t.path().display()),
        )
        .args(["import", "-"])
        .write_stdin(std::fs::read(EXAMPLE).unwrap())
        .assert()
        .success()
        .stdout(predicate::str::contains("imported 5 tournaments"));
}
