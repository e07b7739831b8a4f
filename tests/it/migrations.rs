//! Migrations: both backends migrate from empty to the same schema, and the two folders stay twins.

use std::collections::BTreeMap;

use tourney::db::{Db, MIGRATIONS_POSTGRES, MIGRATIONS_SQLITE};

use crate::support::{on_both_backends, scalar};

/// Table name → sorted column names, read from the live database.
async fn schema(db: &Db) -> BTreeMap<String, Vec<String>> {
    let rows: Vec<(String, String)> = match db {
        Db::Sqlite(db) => sqlx::query_as(
            "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_sqlx%'",
        )
        .fetch_all(db.pool())
        .await
        .expect("read SQLite schema"),
        Db::Postgres(pool) => sqlx::query_as(
            "SELECT table_name::text, column_name::text FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name NOT LIKE '_sqlx%'",
        )
        .fetch_all(pool)
        .await
        .expect("read Postgres schema"),
    };
    let mut tables: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (table, column) in rows {
        tables.entry(table).or_default().push(column);
    }
    tables.values_mut().for_each(|columns| columns.sort());
    tables
}

on_both_backends! {
    async fn migrate_from_empty_creates_the_whole_model(t: TestDb) {
        let tables = schema(&t.db).await;
        let names: Vec<&str> = tables.keys().map(String::as_str).collect();
        assert_eq!(
            names,
            ["api_keys", "attempts", "audit_log", "closed_claims", "deliveries", "event_clocks", "events", "hook_secrets", "hooks", "match_claims",
             "match_results", "matches", "members", "participants", "people", "rate_counts", "rate_leases", "rate_servers", "rate_stamps", "sessions",
             "sign_in_links", "sign_in_tries", "site_keys", "site_settings", "spaces", "stage_entrants", "stage_plans", "stages", "stations", "tournament_stations", "tournaments", "versions"],
            "on {}", t.backend_name()
        );
        assert!(tables["matches"].contains(&"winner_to_match_id".to_owned()));
        assert!(tables["matches"].contains(&"station_id".to_owned()));
        assert!(tables["deliveries"].contains(&"lease_token".to_owned()));
        assert!(tables["api_keys"].contains(&"expires_at".to_owned()) && tables["rate_counts"].contains(&"last_at".to_owned()));
        assert!(tables["participants"].contains(&"email".to_owned()) && tables["participants"].contains(&"withdrawal_hash".to_owned()));
        let applied = scalar(&t.db, "SELECT COUNT(*) FROM _sqlx_migrations WHERE success").await;
        assert_eq!(applied, MIGRATIONS_SQLITE.iter().count() as i64);
    }

    async fn migrating_again_changes_nothing(t: TestDb) {
        let before = schema(&t.db).await;
        t.db.migrate().await.expect("second migration run");
        let reopened = Db::open(&t.url).await.expect("reopen");
        assert_eq!(schema(&reopened).await, before);
        reopened.close().await;
    }

    /// Every write readers can see moves a version (keys for who may read, data for what is
    /// read), whichever writer makes it; webhook bookkeeping moves neither, so deliveries do not
    /// make servers rebuild their answers.
    async fn versions_move_with_what_readers_see(t: TestDb) {
        use tourney::db::versions::{self, Versions};
        use tourney::domain::TournamentStatus;
        let read = || async {
            let mut handle = t.db.acquire().await.expect("a connection");
            versions::read(handle.conn()).await.expect("the versions")
        };
        let organiser = crate::support::organiser::Organiser::new(&t);
        let start = read().await;
        organiser.space("club", "Club").await;
        let spaced = read().await;
        assert!(spaced.keys > start.keys && spaced.data > start.data, "a space: {start:?} → {spaced:?}");
        organiser.key("club").await;
        let keyed = read().await;
        assert!(keyed.keys > spaced.keys && keyed.data == spaced.data, "a key: {spaced:?} → {keyed:?}");
        organiser.open_signups("club", "open", 8).await;
        let opened = read().await;
        assert!(opened.data > keyed.data && opened.keys == keyed.keys, "a tournament: {keyed:?} → {opened:?}");
        organiser.register("open", &["Ann"]).await;
        let registered = read().await;
        assert!(registered.data > opened.data, "a registration: {opened:?} → {registered:?}");
        organiser.hook("club", "https://192.0.2.1/hook", None).await;
        organiser.set_status("open", TournamentStatus::RegistrationClosed).await;
        let moved = read().await;
        assert!(moved.data > registered.data, "a status move");
        // Deliveries are claimed, attempted and settled: readers see nothing of it.
        crate::support::execute(&t.db, "UPDATE deliveries SET attempts = attempts + 1").await;
        crate::support::execute(&t.db, "DELETE FROM audit_log").await;
        assert_eq!(read().await, moved);
        // The shell is a writer like any other.
        t.run(&["keys", "revoke", "key_1"]);
        let revoked: Versions = read().await;
        assert!(revoked.keys > moved.keys && revoked.data == moved.data, "a revocation: {moved:?} → {revoked:?}");
    }

    async fn db_migrate_command_reports_the_version(t: TestDb) {
        t.tourney().args(["db", "migrate"]).assert().success().stdout(predicates::str::contains("schema version 26"));
    }
}

/// Both backends end with identical tables and columns (their types differ by design).
#[tokio::test]
async fn both_backends_have_the_same_schema() {
    let Some(pg) = crate::support::postgres("both_backends_have_the_same_schema").await else {
        return;
    };
    let lite = crate::support::sqlite().await;
    assert_eq!(schema(&lite.db).await, schema(&pg.db).await);
}

#[test]
fn migration_folders_are_twins() {
    let versions = |migrator: &sqlx::migrate::Migrator| -> Vec<(i64, String)> {
        migrator
            .iter()
            .map(|m| (m.version, m.description.to_string()))
            .collect()
    };
    assert_eq!(versions(&MIGRATIONS_SQLITE), versions(&MIGRATIONS_POSTGRES));
    let files = |dir: &str| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect(dir)
            .map(|entry| entry.expect(dir).file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(files("migrations/sqlite"), files("migrations/postgres"));
}

on_both_backends! {
    /// Migration 0010 clears the stored name keys that the new rule (invisible characters and
    /// runs of spaces left out) would make differently, and only those: registration then
    /// compares those rows by their names, so a name registered before with an invisible
    /// character still keeps its look-alike out.
    async fn stale_name_keys_are_cleared_and_still_keep_look_alikes_out(t: TestDb) {
        let organiser = crate::support::organiser::Organiser::new(&t);
        organiser.space("club", "Club").await;
        organiser.open_signups("club", "cup", 16).await;
        organiser.register("cup", &["Plain Name"]).await;
        // As an earlier release stored them: the names as typed, the keys by the old rule.
        crate::support::execute(&t.db, "INSERT INTO participants (tournament_id, name, status, registered_at, name_key) \
            SELECT tournament_id, 'Anna\u{200B} Kuznetsova', 'active', 1, 'anna\u{200B} kuznetsova' FROM participants LIMIT 1").await;
        crate::support::execute(&t.db, "INSERT INTO participants (tournament_id, name, status, registered_at, name_key) \
            SELECT tournament_id, 'Boris  Ivanov', 'active', 1, 'boris  ivanov' FROM participants LIMIT 1").await;
        let sql = match &t.db {
            Db::Sqlite(_) => include_str!("../../migrations/sqlite/0010_name_keys_without_invisible_characters.sql"),
            Db::Postgres(_) => include_str!("../../migrations/postgres/0010_name_keys_without_invisible_characters.sql"),
        };
        crate::support::execute(&t.db, sql).await;
        let keys: Vec<(String, Option<String>)> =
            crate::webhooks::rows(&t.db, "SELECT name, name_key FROM participants ORDER BY id").await;
        assert_eq!(keys, [
            ("Plain Name".to_owned(), Some("plain name".to_owned())),
            ("Anna\u{200B} Kuznetsova".to_owned(), None),
            ("Boris  Ivanov".to_owned(), None),
        ]);
        for look_alike in ["Anna Kuznetsova", "boris ivanov"] {
            let refused = tourney::service::registrations::register(
                organiser.db(),
                &organiser.ctx(),
                "cup",
                &tourney::service::registrations::Applicant::named(look_alike),
            )
            .await;
            assert!(refused.is_err(), "{look_alike} was let in beside its look-alike");
        }
    }

    /// Migration 0021 starts each space's event clock at its latest event, so that a database
    /// with events written before it stamps the next one after them, even from a writer whose
    /// clock is far behind.
    async fn event_clocks_start_at_each_spaces_latest_event(t: TestDb) {
        use tourney::db::outbox::{self, Audience};
        use tourney::events::{Event, PingData, SpaceRef};
        let organiser = crate::support::organiser::Organiser::new(&t);
        let club = organiser.space("club", "Club").await;
        organiser.open_signups("club", "cup", 16).await;
        organiser.registrations("cup", 3).await;
        let latest = crate::support::scalar(&t.db, "SELECT MAX(created_at) FROM events").await;
        // As an earlier release left it: events, and no clocks.
        let sql = match &t.db {
            Db::Sqlite(_) => include_str!("../../migrations/sqlite/0021_event_clocks.sql"),
            Db::Postgres(_) => include_str!("../../migrations/postgres/0021_event_clocks.sql"),
        };
        let rerun = format!("DROP TABLE event_clocks; {sql}");
        match &t.db {
            Db::Sqlite(db) => sqlx::raw_sql(sqlx::AssertSqlSafe(rerun)).execute(db.pool()).await.map(|_| ()),
            Db::Postgres(pool) => sqlx::raw_sql(sqlx::AssertSqlSafe(rerun)).execute(pool).await.map(|_| ()),
        }
        .expect("the migration again");
        let clock = crate::support::scalar(&t.db, "SELECT last_at FROM event_clocks").await;
        assert_eq!(clock, latest);
        let mut tx = t.db.begin().await.unwrap();
        let ping = Event::Ping(PingData { space: SpaceRef { id: club.id, slug: "club".into() }, message: String::new() });
        outbox::append(tx.conn(), club.id, &ping, Audience::Subscribers, 1).await.unwrap();
        tx.commit().await.unwrap();
        let stamped = crate::support::scalar(&t.db, "SELECT MAX(created_at) FROM events").await;
        assert_eq!(stamped, latest + 1, "written at time 1, stamped after the latest event");
    }
}
