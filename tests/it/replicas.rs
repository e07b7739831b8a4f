//! Two `tourney serve` processes and the shell on one database, as a fleet behind a load balancer
//! runs: whatever any of them writes shows on the very next request to each replica (keys,
//! results, registrations, status moves; in the API and on widget pages), the rate limit holds
//! for the fleet and not per replica, and a Postgres outage is 503 on every replica and heals by
//! itself.
//!
//! Every replica reads what it keeps in memory before each check here, so a stale answer would be
//! served if the product kept one: the checks are of caches, not of cold starts.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::Value;
use tourney::domain::{Format, TournamentStatus};
use tourney::ids::MatchId;
use tourney::service::matches::ResultInput;
use tourney::service::{self};

use crate::support::integrator::{Integrator, client};
use crate::support::organiser::Organiser;
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{TestDb, cluster, on_both_backends};

/// The status and body of a widget or portal page (no key).
async fn page(server: &Server, path: &str) -> (StatusCode, String) {
    let response = client()
        .get(server.url(path))
        .send()
        .await
        .unwrap_or_else(|e| panic!("GET {path}: {e}"));
    let status = response.status();
    (status, response.text().await.expect("a body"))
}

/// A page that must answer 200.
async fn html(server: &Server, path: &str) -> String {
    let (status, body) = page(server, path).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body
}

/// The number after "Places taken" on a registration widget page.
fn places_taken(html: &str) -> i64 {
    let rest = &html[html.find("Places taken</dt><dd>").expect("places taken") + 21..];
    rest[..rest.find('<').expect("the number's end")]
        .parse()
        .expect("a number")
}

/// Scores shown on a bracket page: every side's score box that is not empty.
fn scores_shown(html: &str) -> usize {
    html.matches("<span class=\"score\">").count()
        - html.matches("<span class=\"score\"></span>").count()
}

/// The match `id` in a `/matches` answer.
fn find_match<'a>(matches: &'a Value, id: &str) -> &'a Value {
    matches["data"]
        .as_array()
        .expect("matches")
        .iter()
        .find(|m| m["id"] == id)
        .unwrap_or_else(|| panic!("match {id} in {matches}"))
}

/// The ids of a tournament's matches that are ready to be reported.
fn ready_matches(matches: &Value) -> Vec<String> {
    matches["data"]
        .as_array()
        .expect("matches")
        .iter()
        .filter(|m| m["status"] == "ready")
        .map(|m| m["id"].as_str().expect("an id").to_owned())
        .collect()
}

/// A round robin of `players` in play in `space`, published.
async fn league(organiser: &Organiser, space: &str, slug: &str, players: usize) {
    organiser
        .tournament(space, slug, Format::RoundRobin, |d| {
            d.max_participants = u32::try_from(players).expect("a count")
        })
        .await;
    organiser
        .set_status(slug, TournamentStatus::RegistrationOpen)
        .await;
    let names: Vec<String> = (1..=players).map(|n| format!("Seed {n}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    organiser.register(slug, &names).await;
    organiser
        .set_status(slug, TournamentStatus::RegistrationClosed)
        .await;
    service::tournaments::start(organiser.db(), &organiser.ctx(), slug)
        .await
        .expect("start the league");
}

/// `keys create` in the shell: the key's id and the key.
fn create_key(t: &TestDb, space: &str) -> (String, String) {
    let printed = t.run(&["keys", "create", "--space", space]);
    let mut lines = printed.lines();
    let id = lines
        .next()
        .and_then(|l| l.strip_prefix("created "))
        .and_then(|l| l.split_whitespace().next())
        .expect("the key's id")
        .to_owned();
    let key = lines.next().expect("the key").trim().to_owned();
    (id, key)
}

on_both_backends! {
    async fn a_key_works_from_its_first_request_and_stops_on_the_next_after_revocation(t: TestDb) {
        let organiser = Organiser::new(&t);
        organiser.space("club", "Club").await;
        let existing = organiser.key("club").await;
        let (a, b) = (Server::start(&t, &[]), Server::start(&t, &[]));
        for replica in [&a, &b] {
            // Each replica holds its keys in memory before the new one is made.
            assert_eq!(Integrator::new(replica, &existing).status("/api/v1/organization").await, StatusCode::OK);
        }
        let (id, key) = create_key(&t, "club");
        for (name, replica) in [("a", &a), ("b", &b)] {
            assert_eq!(
                Integrator::new(replica, &key).status("/api/v1/organization").await,
                StatusCode::OK,
                "the new key's first request to replica {name}"
            );
        }
        t.run(&["keys", "revoke", &id]);
        for (name, replica) in [("b", &b), ("a", &a)] {
            assert_eq!(
                Integrator::new(replica, &key).status("/api/v1/organization").await,
                StatusCode::UNAUTHORIZED,
                "the revoked key's next request to replica {name}"
            );
            assert_eq!(Integrator::new(replica, &existing).status("/api/v1/organization").await, StatusCode::OK);
        }
    }

    async fn results_registrations_and_status_moves_show_on_the_next_read_of_each_replica(t: TestDb) {
        let organiser = Organiser::new(&t);
        organiser.space("club", "Club").await;
        let key = organiser.key("club").await;
        league(&organiser, "club", "league", 4).await;
        organiser.open_signups("club", "open", 64).await;
        let a = Server::start_self_linked(&t, &[]);
        let b = Server::start_self_linked(&t, &[]);
        let replicas = [("a", &a), ("b", &b)];
        // Every replica has built each answer and page once.
        let mut before = Vec::new();
        for (_, replica) in replicas {
            let api = Integrator::new(replica, &key);
            let matches = api.json("/api/v1/tournaments/league/matches").await;
            let standings = api.json("/api/v1/tournaments/league/standings").await;
            let open = api.json("/api/v1/tournaments/open").await["data"]["registered"].clone();
            let bracket = html(replica, "/embed/en/tournaments/league/bracket").await;
            let registration = html(replica, "/embed/en/tournaments/open/registration").await;
            before.push((matches, standings, open, scores_shown(&bracket), places_taken(&registration)));
        }
        assert_eq!(before[0], before[1], "the replicas agree");
        let (matches, standings, open, scores, taken) = before.remove(0);

        // A result reported in the shell.
        let id = ready_matches(&matches).remove(0);
        t.run(&["matches", "report", "league", &id, "--score", "3-1"]);
        for (name, replica) in replicas {
            let api = Integrator::new(replica, &key);
            let reported = api.json("/api/v1/tournaments/league/matches").await;
            let game = find_match(&reported, &id);
            assert_eq!((game["status"].as_str(), game["score_a"].as_i64(), game["score_b"].as_i64()),
                (Some("completed"), Some(3), Some(1)), "replica {name}: {game}");
            assert_ne!(api.json("/api/v1/tournaments/league/standings").await, standings, "replica {name}'s standings");
            let bracket = html(replica, "/embed/en/tournaments/league/bracket").await;
            assert_eq!(scores_shown(&bracket), scores + 2, "replica {name}'s bracket page");
        }

        // A registration through replica a's portal.
        let mut player = Player::new(&a, "Late Entrant", "late@example.org");
        let confirmed = player.register("en", "open").await;
        assert!(confirmed.withdrawal_link().is_some(), "{}", confirmed.html);
        for (name, replica) in [("b", &b), ("a", &a)] {
            let detail = Integrator::new(replica, &key).json("/api/v1/tournaments/open").await["data"].clone();
            assert_eq!(detail["registered"], open.as_i64().unwrap() + 1, "replica {name}");
            assert!(detail["participants"].as_array().unwrap().iter().any(|p| p["name"] == "Late Entrant"));
            let registration = html(replica, "/embed/en/tournaments/open/registration").await;
            assert_eq!(places_taken(&registration), taken + 1, "replica {name}'s registration page");
        }

        // A status move in the shell.
        t.run(&["tournaments", "status", "open", "REGISTRATION_CLOSED"]);
        for (name, replica) in replicas {
            let detail = Integrator::new(replica, &key).json("/api/v1/tournaments/open").await["data"].clone();
            assert_eq!(detail["status"], "REGISTRATION_CLOSED", "replica {name}");
            let registration = html(replica, "/embed/en/tournaments/open/registration").await;
            assert!(registration.contains("status-registration_closed"), "replica {name}: {registration}");
            let portal = html(replica, "/en/tournaments/open").await;
            assert!(!portal.contains("name=\"token\""), "replica {name}'s portal still offers the form");
        }
    }

    async fn the_rate_limit_is_one_for_the_fleet(t: TestDb) {
        const WINDOW: u64 = 8;
        let organiser = Organiser::new(&t);
        organiser.space("club", "Club").await;
        let key = organiser.key("club").await;
        let window = format!("{WINDOW}s");
        let args = ["--rate-limit-window", window.as_str()];
        let (a, b) = (Server::start(&t, &args), Server::start(&t, &args));
        let (on_a, on_b) = (Integrator::new(&a, &key), Integrator::new(&b, &key));
        let started = Instant::now();
        for i in 0..120u32 {
            let replica = if i % 2 == 0 { &on_a } else { &on_b };
            let response = replica.get("/api/v1/organization").await;
            assert_eq!(response.status(), StatusCode::OK, "request {}", i + 1);
            assert_eq!(response.headers()["ratelimit-limit"], "120");
            assert_eq!(
                response.headers()["ratelimit-remaining"],
                (119 - i).to_string().as_str(),
                "request {} counts the requests to both replicas", i + 1
            );
        }
        let mut waits = Vec::new();
        for (name, replica) in [("a", &on_a), ("b", &on_b)] {
            let refused = replica.get("/api/v1/organization").await;
            assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS, "the 121st on replica {name}");
            assert_eq!(refused.headers()["ratelimit-remaining"], "0");
            let retry_after: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
            let elapsed = started.elapsed().as_secs_f64();
            assert!(
                retry_after <= WINDOW && retry_after as f64 + elapsed >= WINDOW as f64 - 1.0,
                "replica {name}: Retry-After {retry_after} after {elapsed:.1} s"
            );
            waits.push((Instant::now(), retry_after));
        }
        let (asked, retry_after) = waits[1];
        tokio::time::sleep(Duration::from_secs(retry_after).saturating_sub(asked.elapsed())).await;
        assert_eq!(on_b.status("/api/v1/organization").await, StatusCode::OK, "after Retry-After it passes");
    }

    /// A key one replica serves busily is lent places of its window; when the other replica
    /// then takes the key's requests, the places lent and unused come back to it: the limit's
    /// 120 requests all pass, and the 121st is refused by both.
    async fn places_lent_to_one_replica_come_back_for_the_other(t: TestDb) {
        let organiser = Organiser::new(&t);
        organiser.space("club", "Club").await;
        let key = organiser.key("club").await;
        let args = ["--rate-limit-window", "30s"];
        let (a, b) = (Server::start(&t, &args), Server::start(&t, &args));
        let (on_a, on_b) = (Integrator::new(&a, &key), Integrator::new(&b, &key));
        for i in 0..90u32 {
            let response = on_a.get("/api/v1/organization").await;
            assert_eq!(response.status(), StatusCode::OK, "request {} to a", i + 1);
            assert_eq!(response.headers()["ratelimit-remaining"], (119 - i).to_string().as_str());
        }
        for i in 90..120u32 {
            assert_eq!(on_b.status("/api/v1/organization").await, StatusCode::OK, "request {} to b", i + 1);
        }
        for (name, replica) in [("a", &on_a), ("b", &on_b)] {
            assert_eq!(
                replica.status("/api/v1/organization").await,
                StatusCode::TOO_MANY_REQUESTS,
                "the 121st on replica {name}"
            );
        }
        assert_eq!(
            crate::support::scalar(&t.db, "SELECT CAST(SUM(n) AS BIGINT) FROM rate_stamps").await,
            120,
            "exactly the limit is stamped"
        );
    }

    async fn a_thousand_writes_and_not_one_stale_read(t: TestDb) {
        Fleet::new(&t).await.run(&t, 1_000).await;
    }
}

/// A small, seeded random sequence (xorshift): the seed is printed, and `TOURNEY_TEST_SEED`
/// replays a run.
struct Dice(u64);

impl Dice {
    fn new() -> Dice {
        let seed = std::env::var("TOURNEY_TEST_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(1)
                    | 1
            });
        println!("TOURNEY_TEST_SEED={seed}");
        Dice(seed)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// What the randomized test writes to, and what it expects each replica to show.
struct Fleet {
    organiser: Organiser,
    replicas: [Server; 2],
    reader: String,
    /// Keys made during the run: id, key, revoked.
    keys: Vec<(String, String, bool)>,
    registered: i64,
    open: bool,
    ready: Vec<String>,
}

impl Fleet {
    async fn new(t: &TestDb) -> Fleet {
        let organiser = Organiser::new(t);
        organiser.space("club", "Club").await;
        let reader = organiser.key("club").await;
        league(&organiser, "club", "league", 32).await;
        organiser.open_signups("club", "open", 4096).await;
        let limit = ["--rate-limit", "1000000"];
        let replicas = [
            Server::start_self_linked(t, &limit),
            Server::start_self_linked(t, &limit),
        ];
        let matches = Integrator::new(&replicas[0], &reader)
            .json("/api/v1/tournaments/league/matches")
            .await;
        Fleet {
            ready: ready_matches(&matches),
            organiser,
            replicas,
            reader,
            keys: Vec::new(),
            registered: 0,
            open: true,
        }
    }

    /// `writes` random writes, each followed by reads on a random replica (sometimes both) that
    /// must show it, while a background reader keeps every answer in the replicas' memory.
    async fn run(mut self, t: &TestDb, writes: usize) {
        let mut dice = Dice::new();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let background = self.background(std::sync::Arc::clone(&stop));
        let started = Instant::now();
        for n in 0..writes {
            let write = self.write(t, &mut dice).await;
            let replicas: Vec<usize> = match dice.below(3) {
                0 => vec![0],
                1 => vec![1],
                _ => vec![0, 1],
            };
            for r in replicas {
                self.check(r, &write)
                    .await
                    .unwrap_or_else(|stale| panic!("write {n} ({write:?}), replica {r}: {stale}"));
            }
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let reads = background.await.expect("the background reader");
        println!(
            "{writes} writes on {}, {reads} background reads, in {:.1} s",
            t.backend_name(),
            started.elapsed().as_secs_f64()
        );
    }

    /// Reads every answer the checks read, on both replicas, until told to stop.
    fn background(
        &self,
        stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    ) -> tokio::task::JoinHandle<usize> {
        let bases: Vec<String> = self.replicas.iter().map(|s| s.base.clone()).collect();
        let key = self.reader.clone();
        tokio::spawn(async move {
            let http = client();
            let mut reads = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                for base in &bases {
                    for path in [
                        "/api/v1/tournaments/league/matches",
                        "/api/v1/tournaments/open",
                        "/embed/en/tournaments/open/registration",
                    ] {
                        let _ = http
                            .get(format!("{base}{path}"))
                            .bearer_auth(&key)
                            .send()
                            .await;
                        reads += 1;
                    }
                }
            }
            reads
        })
    }

    async fn write(&mut self, t: &TestDb, dice: &mut Dice) -> Write {
        let ctx = self.organiser.ctx();
        let db = self.organiser.db().clone();
        match dice.below(20) {
            0..=7 if !self.ready.is_empty() => {
                let id = self.ready.swap_remove(dice.below(self.ready.len()));
                let (a, b) = (dice.below(5) as u32, dice.below(5) as u32 + 5);
                let score = ResultInput::Sides {
                    score: Some((b, a)),
                    forfeit: None,
                };
                let match_id: MatchId = id.parse().expect("a match id");
                service::matches::report(&db, &ctx, "league", match_id, &score, None)
                    .await
                    .expect("report");
                Write::Reported {
                    id,
                    score: (i64::from(b), i64::from(a)),
                }
            }
            0..=14 => {
                if !self.open {
                    self.organiser
                        .set_status("open", TournamentStatus::RegistrationOpen)
                        .await;
                    self.open = true;
                }
                self.registered += 1;
                let name = format!("Entrant {:04}", self.registered);
                self.organiser.register("open", &[name.as_str()]).await;
                Write::Registered {
                    name,
                    count: self.registered,
                }
            }
            15..=16 => {
                self.open = !self.open;
                let to = if self.open {
                    TournamentStatus::RegistrationOpen
                } else {
                    TournamentStatus::RegistrationClosed
                };
                self.organiser.set_status("open", to).await;
                Write::Moved { open: self.open }
            }
            _ => {
                let active: Vec<usize> =
                    (0..self.keys.len()).filter(|&i| !self.keys[i].2).collect();
                if active.len() >= 6 || (!active.is_empty() && dice.below(2) == 0) {
                    let which = active[dice.below(active.len())];
                    let id: tourney::ids::KeyId = self.keys[which].0.parse().expect("a key id");
                    service::keys::revoke(&db, &ctx, id, None)
                        .await
                        .expect("revoke");
                    self.keys[which].2 = true;
                    Write::Revoked {
                        key: self.keys[which].1.clone(),
                    }
                } else if dice.below(2) == 0 {
                    let created = service::keys::create(&db, &ctx, "club", None)
                        .await
                        .expect("create");
                    self.keys
                        .push((created.id.to_string(), created.key.clone(), false));
                    Write::Created { key: created.key }
                } else {
                    // The shell, another process, makes this one.
                    let (id, key) = create_key(t, "club");
                    self.keys.push((id, key.clone(), false));
                    Write::Created { key }
                }
            }
        }
    }

    /// Whether replica `r` shows `write` on its next read.
    async fn check(&self, r: usize, write: &Write) -> Result<(), String> {
        let replica = &self.replicas[r];
        let reader = Integrator::new(replica, &self.reader);
        match write {
            Write::Reported { id, score } => {
                let matches = reader.json("/api/v1/tournaments/league/matches").await;
                let game = find_match(&matches, id);
                let shown = (game["score_a"].as_i64(), game["score_b"].as_i64());
                if game["status"] != "completed" || shown != (Some(score.0), Some(score.1)) {
                    return Err(format!("the match shows {game}"));
                }
            }
            Write::Registered { name, count } => {
                let detail = reader.json("/api/v1/tournaments/open").await["data"].clone();
                let listed = detail["participants"]
                    .as_array()
                    .is_some_and(|all| all.iter().any(|p| p["name"] == name.as_str()));
                if detail["registered"] != *count || !listed {
                    return Err(format!(
                        "registered {} and {name} listed: {listed}",
                        detail["registered"]
                    ));
                }
                let page = html(replica, "/embed/en/tournaments/open/registration").await;
                if places_taken(&page) != *count {
                    return Err(format!(
                        "the registration page shows {} taken",
                        places_taken(&page)
                    ));
                }
            }
            Write::Moved { open } => {
                let detail = reader.json("/api/v1/tournaments/open").await["data"].clone();
                let expected = if *open {
                    "REGISTRATION_OPEN"
                } else {
                    "REGISTRATION_CLOSED"
                };
                if detail["status"] != expected {
                    return Err(format!("the status is {}", detail["status"]));
                }
                let page = html(replica, "/embed/en/tournaments/open/registration").await;
                if !page.contains(&format!("status-{}", expected.to_ascii_lowercase())) {
                    return Err("the registration page shows the old status".into());
                }
            }
            Write::Created { key } => {
                let status = Integrator::new(replica, key)
                    .status("/api/v1/organization")
                    .await;
                if status != StatusCode::OK {
                    return Err(format!("the new key answered {status}"));
                }
            }
            Write::Revoked { key } => {
                let status = Integrator::new(replica, key)
                    .status("/api/v1/organization")
                    .await;
                if status != StatusCode::UNAUTHORIZED {
                    return Err(format!("the revoked key answered {status}"));
                }
            }
        }
        Ok(())
    }
}

#[derive(Debug)]
enum Write {
    Reported { id: String, score: (i64, i64) },
    Registered { name: String, count: i64 },
    Moved { open: bool },
    Created { key: String },
    Revoked { key: String },
}

/// Postgres stopped under two running replicas, then started again: every replica answers 503
/// (with `Retry-After`) in the API, on widget pages and on the portal while it is down, and 200
/// again once it is back, without a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replicas_ride_out_a_postgres_outage() {
    let Some(cluster) = cluster::Cluster::start("replicas_ride_out_a_postgres_outage") else {
        return;
    };
    let t = crate::support::on_cluster(&cluster).await;
    let a = Server::start(&t, &["--demo"]);
    let key = a.demo_key();
    let b = Server::start(&t, &[]);
    let paths = [
        "/api/v1/tournaments/demo-kubok/standings",
        "/embed/en/tournaments/demo-kubok/bracket",
        "/en/tournaments/demo-kubok",
    ];
    let answers = |replica: &Server| {
        let api = Integrator::new(replica, &key);
        let base = replica.base.clone();
        async move {
            let mut statuses = Vec::new();
            for path in paths {
                let response = if path.starts_with("/api/") {
                    api.get(path).await
                } else {
                    client()
                        .get(format!("{base}{path}"))
                        .send()
                        .await
                        .expect("an answer")
                };
                let retry_after = response.headers().get("retry-after").cloned();
                statuses.push((path, response.status(), retry_after));
            }
            statuses
        }
    };
    for replica in [&a, &b] {
        for (path, status, _) in answers(replica).await {
            assert_eq!(status, StatusCode::OK, "{path} before the outage");
        }
    }

    cluster.down();
    for (name, replica) in [("a", &a), ("b", &b)] {
        let asked = Instant::now();
        for (path, status, retry_after) in answers(replica).await {
            assert_eq!(
                status,
                StatusCode::SERVICE_UNAVAILABLE,
                "replica {name}: {path} while Postgres is down"
            );
            assert_eq!(
                retry_after.as_ref().and_then(|v| v.to_str().ok()),
                Some("1"),
                "{path}"
            );
        }
        assert!(
            asked.elapsed() < Duration::from_secs(10),
            "replica {name} answered in {:?}",
            asked.elapsed()
        );
        let ready = client()
            .get(replica.url("/readyz"))
            .send()
            .await
            .expect("readyz");
        assert_eq!(ready.status(), StatusCode::SERVICE_UNAVAILABLE);
    }

    cluster.up();
    for (name, replica) in [("a", &a), ("b", &b)] {
        let back = Instant::now();
        loop {
            let statuses = answers(replica).await;
            if statuses
                .iter()
                .all(|(_, status, _)| *status == StatusCode::OK)
            {
                break;
            }
            assert!(
                back.elapsed() < Duration::from_secs(15),
                "replica {name} did not recover: {statuses:?}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}
