//! `tourney spaces create|list`: what an admin sees, and that a refused command changes nothing.

use predicates::prelude::*;

use crate::support::{on_both_backends, row_counts};

on_both_backends! {
    async fn create_then_list(t: TestDb) {
        t.tourney()
            .args(["spaces", "create", "kazan-chess", "--name", "Шахматы Казани", "--locale", "ru"])
            .assert()
            .success()
            .stdout(predicate::str::contains("created space kazan-chess (spc_1): Шахматы Казани, locale ru"));
        t.tourney().args(["spaces", "create", "north", "--name", "North"]).assert().success();
        let listing = t.tourney().args(["spaces", "list"]).assert().success().get_output().stdout.clone();
        let listing = String::from_utf8(listing).unwrap();
        let lines: Vec<&str> = listing.lines().collect();
        assert_eq!(lines.len(), 3, "{listing}");
        assert!(lines[0].starts_with("ID") && lines[0].contains("SLUG"));
        assert!(lines[1].contains("kazan-chess") && lines[1].contains(" ru ") && lines[1].ends_with("Шахматы Казани"));
        assert!(lines[2].contains("north") && lines[2].contains(" en "), "the default locale is en");
    }

    async fn create_is_audited(t: TestDb) {
        t.tourney().args(["spaces", "create", "north", "--name", "North"]).assert().success();
        let mut handle = t.db.acquire().await.unwrap();
        let log = tourney::db::audit::list(handle.conn()).await.unwrap();
        assert_eq!(log.len(), 1);
        assert_eq!((log[0].actor.as_str(), log[0].action.as_str(), log[0].target.as_deref()), ("test-admin", "space.created", Some("spc_1")));
    }

    async fn taken_slug_fails_and_changes_nothing(t: TestDb) {
        t.tourney().args(["spaces", "create", "north", "--name", "North"]).assert().success();
        let before = row_counts(&t.db).await;
        t.tourney()
            .args(["spaces", "create", "north", "--name", "Another"])
            .assert()
            .code(1)
            .stdout("")
            .stderr("error: space 'north' already exists; choose another slug\n");
        assert_eq!(row_counts(&t.db).await, before);
    }

    async fn malformed_input_fails_with_a_clear_message(t: TestDb) {
        let before = row_counts(&t.db).await;
        for (slug, name, expected) in [
            ("North_League", "North", "'North_League' is not a valid slug"),
            ("a", "North", "'a' is not a valid slug"),
            ("north--league", "North", "not a valid slug"),
            ("north", "   ", "--name: must not be blank"),
        ] {
            t.tourney()
                .args(["spaces", "create", slug, "--name", name])
                .assert()
                .code(1)
                .stderr(predicate::str::starts_with("error: ").and(predicate::str::contains(expected)));
        }
        t.tourney()
            .args(["spaces", "create", "north", "--name", "North", "--locale", "de"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("possible values: en, ru"));
        assert_eq!(row_counts(&t.db).await, before);
    }

    async fn empty_list_says_how_to_start(t: TestDb) {
        t.tourney().args(["spaces", "list"]).assert().success().stdout(predicate::str::contains("tourney spaces create"));
    }
}

#[test]
fn unsupported_database_url_is_refused() {
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"));
    command
        .args([
            "--database-url",
            "mysql://user:hunter2@db/tourney",
            "spaces",
            "list",
        ])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("unsupported database URL (scheme 'mysql')")
                .and(predicate::str::contains("hunter2").not()),
        );
}
