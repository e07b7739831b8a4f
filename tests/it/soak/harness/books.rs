//! The soak's books, checked at the end: every acknowledged write there once, no refused one,
//! each replica showing the last result of every match, and the database's own checks.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::actors::score_of;
use super::{Plan, Shared};

/// Every acknowledged result, as both replicas show it at the end.
pub(super) async fn check_results(shared: &Shared, league_key: &str) {
    let results = shared.results.lock().expect("books").clone();
    for base in shared.replicas.clone() {
        let body = shared
            .get(&base, league_key, "/api/v1/tournaments/league/matches")
            .await
            .map(|(_, body)| body)
            .unwrap_or(Value::Null);
        for (id, score) in &results {
            let shown = score_of(&body, id);
            if shown != Some(*score) {
                shared.stale(format!(
                    "at the end, {base} shows {id} as {shown:?}, not {score:?}"
                ));
            }
        }
    }
}

/// The ids of every event with a delivery (events before any address was added have none).
pub(super) async fn event_ids(plan: &Plan) -> Vec<String> {
    let rows = query(
        plan,
        "SELECT DISTINCT event_id FROM deliveries ORDER BY event_id",
    )
    .await;
    rows.into_iter()
        .map(|row| format!("evt_{}", row[0]))
        .collect()
}

/// Runs `sql` on the soak's database and returns its rows as text (numbers written out).
async fn query(plan: &Plan, sql: &'static str) -> Vec<Vec<String>> {
    use sqlx::{Connection, Row};
    macro_rules! rows_as_text {
        ($conn:ty) => {{
            let mut conn = <$conn>::connect(&plan.database_url).await.expect("connect");
            let rows = sqlx::query(sql).fetch_all(&mut conn).await.expect(sql);
            conn.close().await.ok();
            rows.iter()
                .map(|row| {
                    (0..row.len())
                        .map(|i| {
                            row.try_get::<i64, _>(i)
                                .map(|n| n.to_string())
                                .or_else(|_| row.try_get::<String, _>(i))
                                .unwrap_or_default()
                        })
                        .collect()
                })
                .collect()
        }};
    }
    if plan.database_url.starts_with("sqlite") {
        rows_as_text!(sqlx::SqliteConnection)
    } else {
        rows_as_text!(sqlx::PgConnection)
    }
}

/// Every acknowledged registration is there once, in the state last acknowledged; no refused
/// one is there at all.
pub(super) async fn check_books(shared: &Shared) -> Vec<String> {
    let rows = query(
        &shared.plan,
        "SELECT t.slug, p.name, p.status FROM participants p JOIN tournaments t ON t.id = p.tournament_id",
    )
    .await;
    let mut stored: HashMap<(String, String), Vec<String>> = HashMap::new();
    for row in rows {
        stored
            .entry((row[0].clone(), row[1].clone()))
            .or_default()
            .push(row[2].clone());
    }
    let mut problems = Vec::new();
    for ((slug, name), active) in shared.registered.lock().expect("books").iter() {
        let statuses = stored
            .get(&(slug.clone(), name.clone()))
            .cloned()
            .unwrap_or_default();
        let actives = statuses.iter().filter(|s| *s == "active").count();
        let expected = usize::from(*active);
        if actives != expected || statuses.len() != 1 {
            problems.push(format!(
                "{slug}/{name}: acknowledged {}, stored {statuses:?}",
                if *active { "active" } else { "withdrawn" }
            ));
        }
    }
    for (slug, name) in shared.refused.lock().expect("books").iter() {
        if let Some(statuses) = stored.get(&(slug.clone(), name.clone())) {
            problems.push(format!("{slug}/{name}: refused, stored {statuses:?}"));
        }
    }
    problems
}

/// The database's own checks.
pub(super) async fn check_integrity(plan: &Plan) -> Vec<String> {
    let mut problems = Vec::new();
    if plan.database_url.starts_with("sqlite") {
        let check = query(plan, "PRAGMA integrity_check").await;
        if check != [vec!["ok".to_owned()]] {
            problems.push(format!("integrity_check: {check:?}"));
        }
        let foreign = query(plan, "PRAGMA foreign_key_check").await;
        if !foreign.is_empty() {
            problems.push(format!("foreign_key_check: {foreign:?}"));
        }
    } else {
        query(plan, "CREATE EXTENSION IF NOT EXISTS amcheck").await;
        let checked = query(
            plan,
            "SELECT c.relname, bt_index_check(c.oid, true)::text FROM pg_index i \
             JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam \
             JOIN pg_namespace n ON n.oid = c.relnamespace \
             WHERE a.amname = 'btree' AND n.nspname = 'public' AND c.relpersistence <> 't'",
        )
        .await;
        if checked.is_empty() {
            problems.push("amcheck verified no index".into());
        }
    }
    for (what, sql) in [
        (
            "deliveries without their event",
            "SELECT COUNT(*) FROM deliveries d LEFT JOIN events e ON e.id = d.event_id WHERE e.id IS NULL",
        ),
        (
            "attempts without their delivery",
            "SELECT COUNT(*) FROM attempts a LEFT JOIN deliveries d ON d.id = a.delivery_id WHERE d.id IS NULL",
        ),
    ] {
        let count = query(plan, sql).await;
        if count != [vec!["0".to_owned()]] {
            problems.push(format!("{what}: {count:?}"));
        }
    }
    // Every registration has its `registration.created` event: both sides read once and compared
    // in memory (a join on the event's body would read every event for every registration).
    let announced: HashSet<String> = query(
        plan,
        "SELECT body FROM events WHERE type = 'registration.created'",
    )
    .await
    .iter()
    .filter_map(|row| serde_json::from_str::<Value>(&row[0]).ok())
    .filter_map(|body| {
        body["data"]["registration"]["participant_id"]
            .as_str()
            .map(str::to_owned)
    })
    .collect();
    let unannounced: Vec<String> = query(
        plan,
        "SELECT p.id FROM participants p JOIN tournaments t ON t.id = p.tournament_id \
         WHERE t.slug <> 'league'",
    )
    .await
    .into_iter()
    .map(|row| format!("par_{}", row[0]))
    .filter(|id| !announced.contains(id))
    .collect();
    if !unannounced.is_empty() {
        problems.push(format!(
            "registrations without their event ({}): {:?}",
            unannounced.len(),
            unannounced.iter().take(5).collect::<Vec<_>>()
        ));
    }
    problems
}
