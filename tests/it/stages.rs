//! Tournaments in stages, run from the shell to final places on both backends: the reference
//! shapes of docs/engine.md "Stages", each with the places worked out by hand, players of one
//! group or who already met kept apart in the next stage's first round, and the API's `stages`
//! and `standings?stage=N`.
//!
//! Players are named `P01`, `P02`, ... in registration (and so seed) order, and the better seed
//! wins every match 2-0: who finishes where can be followed by hand.

use std::collections::{BTreeMap, HashSet};

use reqwest::StatusCode;
use serde_json::Value;

use crate::support::integrator::Integrator;
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends};

/// A tournament `slug` of `n` players `P01`… in space `staged`, created with `create` (the
/// flags after `--format`), its later stages added with `stages` (each the flags of one `stages
/// add`), registration run and the tournament started.
fn set_up(t: &TestDb, slug: &str, n: usize, create: &[&str], stages: &[&[&str]]) {
    if !t.run(&["spaces", "list"]).contains("staged") {
        t.run(&["spaces", "create", "staged", "--name", "Staged"]);
    }
    let max = n.to_string();
    let mut args = vec![
        "tournaments",
        "create",
        "--space",
        "staged",
        "--slug",
        slug,
        "--name",
        slug,
        "--game",
        "cs2",
        "--max-participants",
        &max,
        "--starts-at",
        "2026-12-01T18:00:00Z",
        "--format",
    ];
    args.extend_from_slice(create);
    t.run(&args);
    for stage in stages {
        let mut args = vec!["stages", "add", slug];
        args.extend_from_slice(stage);
        t.run(&args);
    }
    t.run(&["tournaments", "status", slug, "REGISTRATION_OPEN"]);
    for i in 1..=n {
        t.run(&["tournaments", "register", slug, &format!("P{i:02}")]);
    }
    t.run(&["tournaments", "status", slug, "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", slug]);
}

/// The ready matches: (id, stage, a, b) with players by number.
pub(crate) fn ready(t: &TestDb, slug: &str) -> Vec<(String, u32, u32, u32)> {
    let listing = t.run(&["matches", "list", slug, "--ready"]);
    listing
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cells: Vec<&str> = line.split_whitespace().collect();
            let number = |name: &str| name.trim_start_matches('P').parse::<u32>().ok();
            let vs = cells.iter().position(|c| *c == "vs")?;
            Some((
                cells[0].to_owned(),
                cells[1].parse().ok()?,
                number(cells[vs - 1])?,
                number(cells[vs + 1])?,
            ))
        })
        .collect()
}

/// Each stage's first-round pairs, by stage number.
type FirstRounds = BTreeMap<u32, Vec<(u32, u32)>>;

/// Plays every match, the better seed winning 2-0. Returns, per stage after the first, its
/// first round's pairs as they were drawn, and every pair that met, by stage.
fn play_out(t: &TestDb, slug: &str) -> (FirstRounds, Vec<(u32, u32, u32)>) {
    let mut first_rounds: BTreeMap<u32, Vec<(u32, u32)>> = BTreeMap::new();
    let mut met = Vec::new();
    loop {
        let open = ready(t, slug);
        if open.is_empty() {
            break;
        }
        for &(_, stage, _, _) in &open {
            if stage > 1 && !first_rounds.contains_key(&stage) {
                let pairs = open
                    .iter()
                    .filter(|m| m.1 == stage)
                    .map(|m| (m.2, m.3))
                    .collect();
                first_rounds.insert(stage, pairs);
            }
        }
        let (id, stage, a, b) = &open[0];
        met.push((*stage, *a.min(b), *a.max(b)));
        let score = if a < b { "2-0" } else { "0-2" };
        t.run(&["matches", "report", slug, id, "--score", score]);
    }
    (first_rounds, met)
}

/// Final places from `tournaments show`: player number → (place, place_to).
fn places(t: &TestDb, slug: &str) -> BTreeMap<u32, (u32, u32)> {
    let shown = t.run(&["tournaments", "show", slug]);
    shown
        .lines()
        .filter(|line| line.starts_with("par_"))
        .filter_map(|line| {
            let cells: Vec<&str> = line.split_whitespace().collect();
            let player = cells.last()?.trim_start_matches('P').parse().ok()?;
            let (from, to) = match cells[2].split_once('-') {
                Some((a, b)) => (a.parse().ok()?, b.parse().ok()?),
                None => (cells[2].parse().ok()?, cells[2].parse().ok()?),
            };
            Some((player, (from, to)))
        })
        .collect()
}

fn expected(rows: &[(std::ops::RangeInclusive<u32>, (u32, u32))]) -> BTreeMap<u32, (u32, u32)> {
    rows.iter()
        .flat_map(|(players, place)| players.clone().map(move |p| (p, *place)))
        .collect()
}

on_both_backends! {
    /// 4 groups of 4, the top 2 of each into a double elimination.
    async fn groups_into_a_double_elimination(t: TestDb) {
        set_up(&t, "groups-de", 16, &["round_robin", "--groups", "4"],
            &[&["--format", "double_elimination", "--take", "2", "--per-group"]]);
        let (first_rounds, met) = play_out(&t, "groups-de");
        // Snake seeding: A = 1 8 9 16, B = 2 7 10 15, C = 3 6 11 14, D = 4 5 12 13; each group
        // finishes in seed order. Through: winners 1 2 3 4 (seeds 1-4), runners-up 8 7 6 5.
        let groups = [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]];
        let group = |p: u32| groups.iter().position(|g| g.contains(&p));
        let first = &first_rounds[&2];
        assert_eq!(first.len(), 4, "{first:?}");
        for &(a, b) in first {
            assert_ne!(group(a), group(b), "{a} and {b} played in one group and meet at once");
        }
        assert!(met.iter().filter(|m| m.0 == 1).count() == 24, "4 groups of 4 play 24 matches");
        // The double elimination, the better seed always winning: 1 champion, 2 loses the grand
        // final, 3 and 4 go out last in the losers bracket, 5-6 and 7-8 share their rounds;
        // the groups' third-placed (9 10 11 12) share 9-12, the fourth-placed 13-16.
        assert_eq!(places(&t, "groups-de"), expected(&[
            (1..=1, (1, 1)), (2..=2, (2, 2)), (3..=3, (3, 3)), (4..=4, (4, 4)),
            (5..=6, (5, 6)), (7..=8, (7, 8)), (9..=12, (9, 12)), (13..=16, (13, 16)),
        ]));
    }

    /// 16 teams in a Swiss at 3 wins / 3 losses, the 8 through into a single elimination.
    async fn a_threshold_swiss_into_single_elimination(t: TestDb) {
        set_up(&t, "major", 16, &["swiss", "--advance-wins", "3", "--eliminate-losses", "3"],
            &[&["--format", "single_elimination", "--take", "8"]]);
        let (first_rounds, met) = play_out(&t, "major");
        let swiss: HashSet<(u32, u32)> = met.iter().filter(|m| m.0 == 1).map(|m| (m.1, m.2)).collect();
        // Five rounds: 8 + 8 + 8 + 6 + 3 matches, no pair twice.
        assert_eq!(met.iter().filter(|m| m.0 == 1).count(), 33);
        assert_eq!(swiss.len(), 33);
        let first = &first_rounds[&2];
        for &(a, b) in first {
            assert!(!swiss.contains(&(a.min(b), a.max(b))), "{a} and {b} met in the Swiss and again at once");
        }
        // The better seed always winning, seeds 1-8 reach 3 wins and 9-16 3 losses. The bracket:
        // 1 champion, 2 runner-up, 3-4 the semi-finals, 5-8 the quarter-finals; then the Swiss's
        // eight out, 9th to 16th by its table (record, then Buchholz): here in seed order.
        assert_eq!(places(&t, "major"), expected(&[
            (1..=1, (1, 1)), (2..=2, (2, 2)), (3..=4, (3, 4)), (5..=8, (5, 8)),
            (9..=9, (9, 9)), (10..=10, (10, 10)), (11..=11, (11, 11)), (12..=12, (12, 12)),
            (13..=13, (13, 13)), (14..=14, (14, 14)), (15..=15, (15, 15)), (16..=16, (16, 16)),
        ]));
    }

    /// 16 players, a Swiss of 5 rounds, the top 8 into a single elimination.
    async fn a_swiss_of_five_rounds_into_a_top_eight(t: TestDb) {
        set_up(&t, "open", 16, &["swiss", "--rounds", "5"],
            &[&["--format", "single_elimination", "--take", "8"]]);
        let (first_rounds, met) = play_out(&t, "open");
        assert_eq!(met.iter().filter(|m| m.0 == 1).count(), 40, "5 rounds of 8 matches");
        let swiss: HashSet<(u32, u32)> = met.iter().filter(|m| m.0 == 1).map(|m| (m.1, m.2)).collect();
        for &(a, b) in &first_rounds[&2] {
            assert!(!swiss.contains(&(a.min(b), a.max(b))), "{a} and {b} met in the Swiss and again at once");
        }
        let places = places(&t, "open");
        // The better seed always wins: 1 is 5-0 and champion, 2 runner-up; the bracket's places
        // go to the eight through (3-4, 5-8 shared), the rest are 9th to 16th, one each.
        assert_eq!(places[&1], (1, 1));
        assert_eq!(places[&2], (2, 2));
        let shared: Vec<(u32, u32)> = places.values().copied().filter(|p| p.0 < 9).collect();
        assert_eq!(shared.iter().filter(|p| **p == (3, 4)).count(), 2);
        assert_eq!(shared.iter().filter(|p| **p == (5, 8)).count(), 4);
        let mut rest: Vec<u32> = places.values().filter(|p| p.0 >= 9).map(|p| p.0).collect();
        rest.sort_unstable();
        assert_eq!(rest, (9..=16).collect::<Vec<_>>());
    }

    /// 6 players in a round robin, the top 4 into a single elimination with a third-place
    /// match; the API's stages and each stage's standings.
    async fn a_round_robin_into_a_playoff_with_third_place(t: TestDb) {
        set_up(&t, "league", 6, &["round_robin"],
            &[&["--format", "single_elimination", "--take", "4", "--third-place", "--name", "Finals"]]);
        let listed = t.run(&["stages", "list", "league"]);
        assert!(listed.contains("Finals") && listed.contains("best 4") && listed.contains("third place"), "{listed}");
        play_out(&t, "league");
        // The table follows the seeds (the better seed beats everyone below it): 1 2 3 4 go on;
        // the final 1 beats 2, third place 3 beats 4; 5 and 6 keep their table places.
        assert_eq!(places(&t, "league"), expected(&[
            (1..=1, (1, 1)), (2..=2, (2, 2)), (3..=3, (3, 3)), (4..=4, (4, 4)), (5..=5, (5, 5)), (6..=6, (6, 6)),
        ]));
        let server = Server::start(&t, &[]);
        let key = t.run(&["keys", "create", "--space", "staged"]);
        let key = key.lines().nth(1).expect("the key, on the second line").trim().to_owned();
        let api = Integrator::new(&server, &key);
        let detail: Value = api.get("/api/v1/tournaments/league").await.json().await.unwrap();
        let stages = &detail["data"]["stages"];
        assert_eq!(stages[0]["type"], "round_robin");
        assert_eq!(stages[0]["take"], Value::Null);
        assert_eq!(stages[1]["name"], "Finals");
        assert_eq!(stages[1]["take"], 4);
        assert_eq!(stages[1]["per_group"], Value::Null);
        assert_eq!(stages[1]["third_place"], true);
        assert_eq!(stages[1]["players"], 4);
        assert_eq!(stages[1]["status"], "completed");
        let overall: Value = api.get("/api/v1/tournaments/league/standings").await.json().await.unwrap();
        assert_eq!(overall["data"]["type"], "final_places");
        let table: Value = api.get("/api/v1/tournaments/league/standings?stage=1").await.json().await.unwrap();
        assert_eq!(table["data"]["type"], "points_table");
        assert_eq!(table["data"]["rows"].as_array().map(Vec::len), Some(6));
        assert_eq!(table["data"]["rows"][0]["name"], "P01");
        assert_eq!(table["data"]["rows"][0]["points"], 15);
        let playoff: Value = api.get("/api/v1/tournaments/league/standings?stage=2").await.json().await.unwrap();
        assert_eq!(playoff["data"]["type"], "final_places");
        let rows = playoff["data"]["rows"].as_array().cloned().unwrap_or_default();
        assert_eq!(rows.len(), 4, "the playoff's own places: {playoff}");
        assert_eq!((rows[3]["name"].clone(), rows[3]["place"].clone()), (Value::from("P04"), Value::from(4)));
        assert_eq!(api.get("/api/v1/tournaments/league/standings?stage=3").await.status(), StatusCode::NOT_FOUND);
        for bad in ["stage=0", "stage=two", "stage=1&stage=2", "round=1"] {
            let path = format!("/api/v1/tournaments/league/standings?{bad}");
            assert_eq!(api.get(&path).await.status(), StatusCode::BAD_REQUEST, "{bad}");
        }
    }

    /// Stages are planned before the start and refused with a reason when they cannot follow;
    /// a drawn stage is reseeded before its first result and not after.
    async fn stages_are_checked_and_reseeded(t: TestDb) {
        t.run(&["spaces", "create", "staged", "--name", "Staged"]);
        t.run(&["tournaments", "create", "--space", "staged", "--slug", "cup", "--name", "Cup", "--game", "chess",
            "--format", "swiss", "--max-participants", "8", "--starts-at", "2026-12-01T18:00:00Z"]);
        let refused = |args: &[&str], says: &str| {
            let output = t.tourney().args(args).assert().failure();
            let stderr = String::from_utf8_lossy(&output.get_output().stderr).into_owned();
            assert!(stderr.contains(says), "{args:?}: {stderr}");
        };
        refused(&["stages", "add", "cup", "--format", "single_elimination", "--take", "16"], "16 cannot go on from a stage of 8 players");
        refused(&["stages", "add", "cup", "--format", "single_elimination", "--take", "2", "--per-group"], "needs a stage played in groups");
        refused(&["stages", "add", "cup", "--format", "free_for_all", "--take", "4"], "can only be the first stage");
        refused(&["stages", "add", "cup", "--format", "groups_playoffs", "--take", "4"], "two stages");
        refused(&["stages", "add", "cup", "--format", "swiss", "--take", "4", "--advance-wins", "3"], "--eliminate-losses");
        refused(&["stages", "remove", "cup"], "no stage added");
        assert!(!t.run(&["stages", "list", "cup"]).contains("Playoff"), "a refusal changed nothing");
        t.run(&["stages", "add", "cup", "--format", "single_elimination", "--take", "4"]);
        t.run(&["stages", "add", "cup", "--format", "round_robin", "--take", "3", "--name", "Final group"]);
        assert!(t.run(&["stages", "remove", "cup"]).contains("Final group"));
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        for i in 1..=8 {
            t.run(&["tournaments", "register", "cup", &format!("P{i:02}")]);
        }
        t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "cup"]);
        refused(&["stages", "add", "cup", "--format", "single_elimination", "--take", "2"], "only before it starts");
        // Three Swiss rounds (8 players), then the playoff is drawn from the table's top 4.
        while ready(&t, "cup").iter().any(|m| m.1 == 1) {
            let (id, _, a, b) = ready(&t, "cup")[0].clone();
            t.run(&["matches", "report", "cup", &id, "--score", if a < b { "2-0" } else { "0-2" }]);
        }
        let mut drawn: Vec<u32> = ready(&t, "cup").iter().flat_map(|m| [m.2, m.3]).collect();
        drawn.sort_unstable();
        assert_eq!(drawn, [1, 2, 3, 4], "the four with the most wins");
        refused(&["stages", "seed", "cup", "2", "P01", "P02", "P03"], "each of the 4 players");
        refused(&["stages", "seed", "cup", "2", "P01", "P02", "P03", "P05"], "each of the 4 players");
        refused(&["stages", "seed", "cup", "2", "P01", "P02", "P03", "Nobody"], "'Nobody' does not play");
        t.run(&["stages", "seed", "cup", "2", "P01", "P02", "P04", "P03"]);
        let reseeded: Vec<(u32, u32)> = ready(&t, "cup").iter().map(|m| (m.2, m.3)).collect();
        assert_eq!(reseeded, [(1, 3), (2, 4)]);
        assert!(t.run(&["audit", "--space", "staged"]).contains("stage.reseeded"));
        t.report_first_ready("cup");
        refused(&["stages", "seed", "cup", "2", "P01", "P02", "P03", "P04"], "has a result already");
    }
}

on_both_backends! {
    /// Organisers' shells adding stages to one tournament at once: each add is one stage at its
    /// own number, none lost or doubled, and the plan reads back whole.
    async fn stages_added_at_once_each_get_their_own_number(t: TestDb) {
        t.run(&["spaces", "create", "staged", "--name", "Staged"]);
        t.run(&["tournaments", "create", "--space", "staged", "--slug", "rush", "--name", "Rush", "--game", "chess",
            "--format", "swiss", "--max-participants", "8", "--starts-at", "2026-12-01T18:00:00Z"]);
        t.let_go().await;
        let names: Vec<String> = (1..=8).map(|i| format!("Round {i}")).collect();
        let commands: Vec<Vec<&str>> = names
            .iter()
            .map(|name| vec!["stages", "add", "rush", "--format", "round_robin", "--take", "2", "--name", name])
            .collect();
        let adds = commands.iter().map(|args| t.shell(args));
        let outputs = futures_util::future::join_all(adds).await;
        for output in &outputs {
            assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        }
        let mut numbers: Vec<String> = outputs
            .iter()
            .filter_map(|o| String::from_utf8_lossy(&o.stdout).split_whitespace().nth(2).map(str::to_owned))
            .collect();
        numbers.sort_by_key(|n| n.parse::<u32>().unwrap_or(0));
        assert_eq!(numbers, (2..=9).map(|n| n.to_string()).collect::<Vec<_>>());
        let listed = t.run(&["stages", "list", "rush"]);
        assert_eq!(listed.lines().count(), 10, "a header, the Swiss and eight stages: {listed}");
        for name in &names {
            assert_eq!(listed.matches(name.as_str()).count(), 1, "{name} once: {listed}");
        }
    }
}
