//! Crashes and outages in the middle of writes, seen as players, integrators and a webhook
//! receiver see them: `serve` killed with SIGKILL during a burst of portal registrations (both
//! backends), Postgres connections terminated mid-transaction, and Postgres itself stopped at once
//! and started again, while `serve` takes registrations and API reads and a `dispatch` delivers.
//!
//! After each, the same promises: every registration a player saw confirmed (the 303 to the
//! confirmation page) is in the field exactly once; nothing is half-written (a participant always
//! has its one `registration.created` event, that event its deliveries, and its audit entry; an
//! event always its participant); a request that fails is a 503 that says when to retry, never a
//! 500 or a request left hanging; and every event written reaches the receiver at least once.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode, header};
use sqlx::Connection;
use tourney::db::Db;
use tourney::ids::{EventId, ParticipantId};

use crate::support::cluster::Cluster;
use crate::support::organiser::Organiser;
use crate::support::receiver::{Receiver, Reply};
use crate::support::server::Server;
use crate::support::{self, TestDb, on_both_backends};
use crate::webhooks::{delivering, ids, rows, spawn_dispatch};

/// The tournament every player here registers for.
const CUP: &str = "cup";

/// How long a player waits for any one answer: longer means the request hung.
const PATIENCE: Duration = Duration::from_secs(10);

/// A space `club` with a key, one webhook address at `receiver`, and a tournament `cup` open for
/// registration with room for everyone; returns the key.
async fn club(t: &TestDb, receiver: &Receiver) -> String {
    let organiser = Organiser::new(t);
    organiser.space("club", "Club").await;
    organiser.open_signups("club", CUP, 4096).await;
    organiser.hook("club", &receiver.url, None).await;
    organiser.key("club").await
}

/// `serve`'s flags: delivery to `receiver` on loopback with short leases (a killed loop's
/// deliveries go out again within seconds), no limit on forms or API reads from one address,
/// and `extra`.
fn serve_args(receiver: &Receiver, extra: &[&str]) -> Vec<String> {
    let mut flags = vec![
        "--lease",
        "2s",
        "--form-limit",
        "100000",
        "--rate-limit",
        "1000000",
    ];
    flags.extend_from_slice(extra);
    delivering(receiver, &flags)
}

fn start_serve(t: &TestDb, args: &[String]) -> Server {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Server::start_self_linked(t, &args)
}

/// Polls `done` every 20 ms until it holds or `limit` passes; returns whether it held.
async fn wait_until(limit: Duration, done: impl FnMut() -> bool) -> bool {
    poll_until(Duration::from_millis(20), limit, done).await
}

/// Polls `done` every `every` until it holds or `limit` passes; returns whether it held.
async fn poll_until(every: Duration, limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    loop {
        if done() {
            return true;
        }
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(every).await;
    }
}

/// A player: a display name and an email address.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Entrant {
    name: String,
    email: String,
}

impl Entrant {
    fn new(name: String) -> Entrant {
        let email = format!("{}@example.org", name.to_lowercase().replace(' ', "."));
        Entrant { name, email }
    }
}

/// Where a player was when the answer came, or did not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Opening the tournament's page for the form.
    Page,
    /// Sending the form.
    Post,
}

/// How a player's registration ended, as the player saw it.
#[derive(Debug, Clone)]
enum Seen {
    /// `303 See Other` to the confirmation page: the player was told they are registered.
    Confirmed,
    /// A whole answer that is not the confirmation.
    Answered {
        step: Step,
        status: StatusCode,
        retry_after: Option<String>,
        body: String,
        took: Duration,
    },
    /// No answer: the connection was refused or broke, or the answer did not come in time.
    NoAnswer {
        step: Step,
        timed_out: bool,
        error: String,
    },
}

impl std::fmt::Display for Seen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seen::Confirmed => f.write_str("confirmed"),
            Seen::Answered {
                step,
                status,
                retry_after,
                body,
                took,
            } => write!(
                f,
                "{status} (Retry-After {retry_after:?}) after {took:?} at the {step:?} step: {body}"
            ),
            Seen::NoAnswer {
                step,
                timed_out,
                error,
            } => write!(
                f,
                "no answer at the {step:?} step{}: {error}",
                if *timed_out { " (it hung)" } else { "" }
            ),
        }
    }
}

impl Seen {
    /// A 503 that says to retry in a second, at either step.
    fn is_unavailable(&self) -> bool {
        matches!(self, Seen::Answered { status, retry_after, .. }
            if *status == StatusCode::SERVICE_UNAVAILABLE && retry_after.as_deref() == Some("1"))
    }
}

/// A registration form as a player's browser holds it: the cookie its token is bound to, and
/// the token.
struct Form {
    cookie: String,
    token: String,
}

/// A client of one player's own (no shared connections), which follows no redirects.
fn player_client() -> Client {
    Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(PATIENCE)
        .build()
        .expect("an HTTP client")
}

fn no_answer(step: Step, error: &reqwest::Error) -> Seen {
    Seen::NoAnswer {
        step,
        timed_out: error.is_timeout(),
        error: error.to_string(),
    }
}

async fn answered(step: Step, response: reqwest::Response, started: Instant) -> Seen {
    let status = response.status();
    let retry_after = response
        .headers()
        .get(header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    match response.text().await {
        Ok(body) => Seen::Answered {
            step,
            status,
            retry_after,
            body,
            took: started.elapsed(),
        },
        Err(error) => no_answer(step, &error),
    }
}

/// Opens the tournament's page and takes its form: the form cookie and the token.
async fn open_form(client: &Client, base: &str) -> Result<Form, Seen> {
    let started = Instant::now();
    let response = client
        .get(format!("{base}/en/tournaments/{CUP}"))
        .send()
        .await
        .map_err(|e| no_answer(Step::Page, &e))?;
    if response.status() != StatusCode::OK {
        return Err(answered(Step::Page, response, started).await);
    }
    let cookie = response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix("tourney_form="))
        .map(|v| v.split(';').next().unwrap_or_default().to_owned());
    let html = response
        .text()
        .await
        .map_err(|e| no_answer(Step::Page, &e))?;
    const TOKEN: &str = "name=\"token\" value=\"";
    let token = html
        .find(TOKEN)
        .map(|at| &html[at + TOKEN.len()..])
        .and_then(|rest| rest.split('"').next());
    match (cookie, token) {
        (Some(cookie), Some(token)) => Ok(Form {
            cookie,
            token: token.to_owned(),
        }),
        _ => Err(Seen::Answered {
            step: Step::Page,
            status: StatusCode::OK,
            retry_after: None,
            body: format!("a page without a form to register with: {html}"),
            took: started.elapsed(),
        }),
    }
}

/// Sends the registration form.
async fn post_form(client: &Client, base: &str, form: &Form, entrant: &Entrant) -> Seen {
    let started = Instant::now();
    let sent = client
        .post(format!("{base}/en/tournaments/{CUP}/registrations"))
        .header(header::COOKIE, format!("tourney_form={}", form.cookie))
        .form(&[
            ("token", form.token.as_str()),
            ("name", entrant.name.as_str()),
            ("email", entrant.email.as_str()),
        ])
        .send()
        .await;
    let response = match sent {
        Ok(response) => response,
        Err(error) => return no_answer(Step::Post, &error),
    };
    let confirmation = response
        .headers()
        .get(header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|l| l.ends_with(&format!("/tournaments/{CUP}/registered")));
    if response.status() == StatusCode::SEE_OTHER && confirmation {
        return Seen::Confirmed;
    }
    answered(Step::Post, response, started).await
}

/// A player registering as a browser would: the page, then the form.
async fn register(base: &str, entrant: &Entrant) -> Seen {
    let client = player_client();
    match open_form(&client, base).await {
        Ok(form) => post_form(&client, base, &form, entrant).await,
        Err(seen) => seen,
    }
}

type Outcomes = Arc<Mutex<Vec<(Entrant, Seen)>>>;

/// Players registering through the portal, `workers` at a time, each with a client of their own,
/// until `players` have tried or the crowd is stopped.
struct Crowd {
    outcomes: Outcomes,
    confirmed: Arc<AtomicUsize>,
    /// Players who sent the form and wait for its answer.
    posting: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    workers: Vec<tokio::task::JoinHandle<()>>,
}

impl Crowd {
    fn start(base: &str, prefix: &str, players: usize, workers: usize) -> Crowd {
        let outcomes: Outcomes = Arc::default();
        let confirmed = Arc::new(AtomicUsize::new(0));
        let posting = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let next = Arc::new(AtomicUsize::new(0));
        let workers = (0..workers)
            .map(|_| {
                let (outcomes, confirmed, posting, stop, next) = (
                    Arc::clone(&outcomes),
                    Arc::clone(&confirmed),
                    Arc::clone(&posting),
                    Arc::clone(&stop),
                    Arc::clone(&next),
                );
                let (base, prefix) = (base.to_owned(), prefix.to_owned());
                tokio::spawn(async move {
                    while !stop.load(Ordering::SeqCst) {
                        let n = next.fetch_add(1, Ordering::SeqCst);
                        if n >= players {
                            break;
                        }
                        let entrant = Entrant::new(format!("{prefix} {n}"));
                        let client = player_client();
                        let seen = match open_form(&client, &base).await {
                            Ok(form) => {
                                posting.fetch_add(1, Ordering::SeqCst);
                                let seen = post_form(&client, &base, &form, &entrant).await;
                                posting.fetch_sub(1, Ordering::SeqCst);
                                seen
                            }
                            Err(seen) => seen,
                        };
                        if matches!(seen, Seen::Confirmed) {
                            confirmed.fetch_add(1, Ordering::SeqCst);
                        }
                        outcomes
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push((entrant, seen));
                    }
                })
            })
            .collect();
        Crowd {
            outcomes,
            confirmed,
            posting,
            stop,
            workers,
        }
    }

    fn confirmed(&self) -> usize {
        self.confirmed.load(Ordering::SeqCst)
    }

    fn posting(&self) -> usize {
        self.posting.load(Ordering::SeqCst)
    }

    /// Lets the players still trying finish, sends no one else, and returns every outcome.
    async fn finish(self) -> Vec<(Entrant, Seen)> {
        self.stop.store(true, Ordering::SeqCst);
        for worker in self.workers {
            worker.await.expect("a player");
        }
        std::mem::take(&mut *self.outcomes.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// Integrators reading the API with a key as fast as it answers, until stopped: each answer
/// that is neither a 200 nor a 503 `unavailable` with `Retry-After: 1`, and each request that got
/// no answer, is a problem.
struct Readers {
    stop: Arc<AtomicBool>,
    tasks: Vec<tokio::task::JoinHandle<Reads>>,
}

#[derive(Debug, Default)]
struct Reads {
    ok: usize,
    unavailable: usize,
    problems: Vec<String>,
}

impl Readers {
    fn start(base: &str, key: &str, readers: usize) -> Readers {
        let stop = Arc::new(AtomicBool::new(false));
        let tasks = (0..readers)
            .map(|_| {
                let (stop, base, key) = (Arc::clone(&stop), base.to_owned(), key.to_owned());
                tokio::spawn(async move {
                    let client = player_client();
                    let mut reads = Reads::default();
                    while !stop.load(Ordering::SeqCst) {
                        for path in [
                            "/api/v1/organization",
                            "/api/v1/tournaments",
                            "/api/v1/tournaments/cup",
                        ] {
                            reads.read(&client, &base, &key, path).await;
                        }
                    }
                    reads
                })
            })
            .collect();
        Readers { stop, tasks }
    }

    async fn finish(self) -> Reads {
        self.stop.store(true, Ordering::SeqCst);
        let mut all = Reads::default();
        for task in self.tasks {
            let reads = task.await.expect("a reader");
            all.ok += reads.ok;
            all.unavailable += reads.unavailable;
            all.problems.extend(reads.problems);
        }
        all
    }
}

impl Reads {
    async fn read(&mut self, client: &Client, base: &str, key: &str, path: &str) {
        let response = match client
            .get(format!("{base}{path}"))
            .bearer_auth(key)
            .send()
            .await
        {
            Ok(response) => response,
            Err(error) => return self.problems.push(format!("{path}: no answer: {error}")),
        };
        let status = response.status();
        let retry_after = response.headers().get(header::RETRY_AFTER).cloned();
        let body = response.text().await.unwrap_or_default();
        match status {
            StatusCode::OK => self.ok += 1,
            StatusCode::SERVICE_UNAVAILABLE
                if retry_after.as_ref().is_some_and(|v| v == "1")
                    && body.contains("\"code\":\"unavailable\"") =>
            {
                self.unavailable += 1;
            }
            _ => self
                .problems
                .push(format!("{path}: {status} {retry_after:?} {body}")),
        }
    }
}

/// What the database holds of the tournament's registrations, read after the fact.
struct Written {
    /// Every participant of `cup`: id, name, email.
    participants: Vec<(i64, String, Option<String>)>,
    /// Every `registration.created` event: id, body.
    events: Vec<(i64, String)>,
    /// Every delivery of those events: event id, hook id.
    deliveries: Vec<(i64, i64)>,
    /// The participants named by the audit log's `registration.created` entries.
    audited: Vec<(Option<String>,)>,
    /// The active webhook addresses, each of which every event goes to.
    hooks: Vec<(i64,)>,
}

impl Written {
    async fn read(db: &Db) -> Written {
        Written {
            participants: rows(
                db,
                "SELECT p.id, p.name, p.email FROM participants p \
                 JOIN tournaments t ON t.id = p.tournament_id WHERE t.slug = 'cup'",
            )
            .await,
            events: rows(
                db,
                "SELECT id, body FROM events WHERE type = 'registration.created'",
            )
            .await,
            deliveries: rows(
                db,
                "SELECT d.event_id, d.hook_id FROM deliveries d \
                 JOIN events e ON e.id = d.event_id WHERE e.type = 'registration.created'",
            )
            .await,
            audited: rows(
                db,
                "SELECT details FROM audit_log WHERE action = 'registration.created'",
            )
            .await,
            hooks: rows(db, "SELECT id FROM hooks WHERE status = 'active'").await,
        }
    }

    /// The ids of the events, as the receiver sees them (`Svc-Webhook-Id`).
    fn event_ids(&self) -> Vec<String> {
        self.events
            .iter()
            .map(|(id, _)| EventId::from_raw(*id).to_string())
            .collect()
    }

    /// Every way a registration is only partly written: a participant without its one event,
    /// its audit entry or an event's deliveries, an event without its participant, a name or an
    /// email address in the field twice.
    fn half_written(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut events_of: BTreeMap<String, Vec<i64>> = BTreeMap::new();
        for (id, body) in &self.events {
            let body: serde_json::Value = serde_json::from_str(body).expect("an event body");
            let participant = body["data"]["registration"]["participant_id"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            events_of.entry(participant).or_default().push(*id);
        }
        let mut audited: BTreeMap<&str, usize> = BTreeMap::new();
        for (details,) in &self.audited {
            *audited
                .entry(details.as_deref().unwrap_or_default())
                .or_default() += 1;
        }
        let hooks: BTreeSet<i64> = self.hooks.iter().map(|(id,)| *id).collect();
        let participants: BTreeSet<String> = self
            .participants
            .iter()
            .map(|(id, _, _)| ParticipantId::from_raw(*id).to_string())
            .collect();
        for (id, name, _) in &self.participants {
            let participant = ParticipantId::from_raw(*id).to_string();
            let events = events_of.get(&participant).map_or(&[][..], Vec::as_slice);
            if events.len() != 1 {
                problems.push(format!(
                    "{participant} ({name}) has {} registration.created events: {events:?}",
                    events.len()
                ));
            }
            let entries = audited.get(participant.as_str()).copied().unwrap_or(0);
            if entries != 1 {
                problems.push(format!(
                    "{participant} ({name}) has {entries} audit entries"
                ));
            }
        }
        for (participant, events) in &events_of {
            if !participants.contains(participant) {
                problems.push(format!(
                    "events {events:?} announce {participant:?}, who is not in the field"
                ));
            }
        }
        for (event, _) in &self.events {
            let to: BTreeSet<i64> = self
                .deliveries
                .iter()
                .filter(|(e, _)| e == event)
                .map(|(_, hook)| *hook)
                .collect();
            let count = self.deliveries.iter().filter(|(e, _)| e == event).count();
            if to != hooks || count != hooks.len() {
                problems.push(format!(
                    "{} has deliveries to {to:?} ({count} rows); the addresses are {hooks:?}",
                    EventId::from_raw(*event)
                ));
            }
        }
        let mut names = HashSet::new();
        let mut emails = HashSet::new();
        for (_, name, email) in &self.participants {
            if !names.insert(name.to_lowercase()) {
                problems.push(format!("{name} is in the field twice"));
            }
            if let Some(email) = email
                && !emails.insert(email.to_lowercase())
            {
                problems.push(format!("{email} is in the field twice"));
            }
        }
        problems
    }

    /// How many times the field holds `entrant`, by name and email.
    fn times(&self, entrant: &Entrant) -> usize {
        self.participants
            .iter()
            .filter(|(_, name, email)| {
                *name == entrant.name && email.as_deref() == Some(entrant.email.as_str())
            })
            .count()
    }
}

/// The players whose outcome is not `expected`, each with what they saw.
fn except(outcomes: &[(Entrant, Seen)], expected: impl Fn(&Seen) -> bool) -> Vec<String> {
    outcomes
        .iter()
        .filter(|(_, seen)| !expected(seen))
        .map(|(entrant, seen)| format!("{}: {seen}", entrant.name))
        .collect()
}

fn confirmed(seen: &Seen) -> bool {
    matches!(seen, Seen::Confirmed)
}

/// Holds what the players saw to what was written: every confirmed player in the field once,
/// nobody in the field who did not send the form, nothing half-written.
fn check_against(written: &Written, outcomes: &[(Entrant, Seen)]) {
    let problems = written.half_written();
    assert!(problems.is_empty(), "half-written: {problems:#?}");
    let lost: Vec<_> = outcomes
        .iter()
        .filter(|(entrant, seen)| matches!(seen, Seen::Confirmed) && written.times(entrant) != 1)
        .map(|(entrant, _)| (entrant, written.times(entrant)))
        .collect();
    assert!(
        lost.is_empty(),
        "confirmed registrations not in the field exactly once: {lost:?}"
    );
    let sent: HashSet<&str> = outcomes.iter().map(|(e, _)| e.name.as_str()).collect();
    let invented: Vec<_> = written
        .participants
        .iter()
        .filter(|(_, name, _)| !sent.contains(name.as_str()))
        .collect();
    assert!(invented.is_empty(), "nobody sent these: {invented:?}");
}

/// Waits until the receiver got every one of `events` at least once; returns those it did not.
async fn undelivered(receiver: &Receiver, events: &[String], limit: Duration) -> Vec<String> {
    let missing = |receiver: &Receiver| {
        let seen = ids(receiver);
        events
            .iter()
            .filter(|e| !seen.contains_key(*e))
            .cloned()
            .collect::<Vec<_>>()
    };
    wait_until(limit, || missing(receiver).is_empty()).await;
    missing(receiver)
}

/// `PRAGMA integrity_check` of a SQLite database.
async fn integrity(db: &Db) -> String {
    let Db::Sqlite(sqlite) = db else {
        panic!("integrity_check is SQLite's");
    };
    sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(sqlite.pool())
        .await
        .expect("integrity_check")
}

on_both_backends! {
    /// `serve` killed with SIGKILL while a crowd registers on the portal and its delivery loop
    /// sends their events: what the players were told stands, nothing is half-written, and
    /// `serve` started again delivers every event written.
    async fn serve_killed_during_a_registration_burst(t: TestDb) {
        let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
        club(&t, &receiver).await;
        // From here on only `serve` has the database open (on SQLite, a connection of the test's
        // own would hold SQLite's locks for it).
        t.let_go().await;
        let args = serve_args(&receiver, &[]);
        // A kill that caught no form on its way proves nothing: `serve` is started again on the
        // same database and killed again, a few times at most (a loaded machine can miss the
        // moment). Every attempt's players are held to the same promises.
        let mut outcomes = Vec::new();
        for attempt in 1..=4 {
            let server = start_serve(&t, &args);
            let crowd = Crowd::start(&server.base, &format!("Burst {attempt}"), 100_000, 48);
            let started = Instant::now();
            // Killed once many are registered, just after a wave of players sent the form: while
            // `serve` writes them. (Players learn of an answer a little after it came, so a count
            // of forms unanswered can be stale; a rise of it within milliseconds is not.)
            let mut recent: std::collections::VecDeque<(Instant, usize)> = Default::default();
            assert!(
                poll_until(Duration::from_millis(1), Duration::from_secs(60), || {
                    let now = (Instant::now(), crowd.posting());
                    while recent.front().is_some_and(|(at, _)| at.elapsed() > Duration::from_millis(15)) {
                        recent.pop_front();
                    }
                    recent.push_back(now);
                    let low = recent.iter().map(|(_, n)| *n).min().unwrap_or(now.1);
                    crowd.confirmed() >= 40 && now.1 >= low + 10
                })
                .await,
                "the burst did not get going: {} confirmed", crowd.confirmed()
            );
            // At a different moment of the writing each run: before its commit, during, or after.
            let jitter = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos() % 60);
            tokio::time::sleep(Duration::from_millis(u64::from(jitter))).await;
            let killed = server.kill();
            assert!(!killed.success(), "serve was killed: {killed:?}");
            let these = crowd.finish().await;
            let cut_off = |step| {
                these
                    .iter()
                    .filter(|(_, seen)| matches!(seen, Seen::NoAnswer { step: s, .. } if *s == step))
                    .count()
            };
            println!(
                "{}, attempt {attempt}: killed after {:?} (+{jitter} ms); {} players confirmed, {} cut off sending the form, {} opening the page",
                t.backend_name(),
                started.elapsed(),
                these.iter().filter(|(_, s)| confirmed(s)).count(),
                cut_off(Step::Post),
                cut_off(Step::Page)
            );
            let caught = cut_off(Step::Post) > 0;
            outcomes.extend(these);
            if caught {
                break;
            }
            assert!(attempt < 4, "no kill of four caught a form on its way");
        }
        // Until the kill every answer is a confirmation; after it there is none.
        let wrong = except(&outcomes, |seen| !matches!(seen, Seen::Answered { .. }));
        assert!(wrong.is_empty(), "answers other than the confirmation: {wrong:#?}");

        let db = Db::open(&t.url).await.expect("open the database after the crash");
        if t.backend_name() == "sqlite" {
            assert_eq!(integrity(&db).await, "ok", "integrity_check after the crash");
        }
        let written = Written::read(&db).await;
        check_against(&written, &outcomes);
        let events = written.event_ids();
        println!(
            "{}: {} registrations written, {} of them never confirmed to their player",
            t.backend_name(),
            written.participants.len(),
            outcomes.iter().filter(|(e, s)| !confirmed(s) && written.times(e) == 1).count()
        );
        db.close().await;

        // Started again, `serve` sends what the killed one did not, and takes players again.
        let server = start_serve(&t, &args);
        let missing = undelivered(&receiver, &events, Duration::from_secs(30)).await;
        assert!(missing.is_empty(), "events never delivered after the restart: {missing:?}");
        let late = Entrant::new("After Restart".into());
        let seen = register(&server.base, &late).await;
        assert!(confirmed(&seen), "{seen}");
        let received = receiver
            .wait_for(Duration::from_secs(10), |all| {
                all.iter().any(|r| String::from_utf8_lossy(&r.body).contains("\"After Restart\""))
            })
            .await;
        assert!(
            received.iter().any(|r| String::from_utf8_lossy(&r.body).contains("\"After Restart\"")),
            "the registration after the restart was not delivered"
        );
    }
}

/// Every connection of the test's database terminated again and again (`pg_terminate_backend`),
/// for a few seconds, while `serve` takes portal registrations and API reads and a `dispatch`
/// delivers: what fails is a 503 that says when to retry, nothing is half-written, and without a
/// restart the API, the portal and delivery all work again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_connections_terminated_mid_transaction() {
    let Some(t) =
        support::postgres("crashes::postgres_connections_terminated_mid_transaction").await
    else {
        return;
    };
    let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
    let key = club(&t, &receiver).await;
    let mut server = start_serve(&t, &serve_args(&receiver, &["--no-dispatch"]));
    let _dispatch = spawn_dispatch(&t, &receiver, &["--lease", "2s"]);
    let crowd = Crowd::start(&server.base, "Steady", 1_000_000, 8);
    let readers = Readers::start(&server.base, &key, 4);
    assert!(
        wait_until(Duration::from_secs(30), || crowd.confirmed() >= 10).await,
        "registrations did not get going"
    );

    let mut killer = sqlx::PgConnection::connect(&t.url)
        .await
        .expect("a connection of the test's own");
    let (mut rounds, mut terminated) = (0u64, 0u64);
    let confirmed_before = crowd.confirmed();
    let until = Instant::now() + Duration::from_secs(4);
    while Instant::now() < until {
        let killed: Vec<bool> = sqlx::query_scalar(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        .fetch_all(&mut killer)
        .await
        .expect("terminate the others' connections");
        terminated += killed.iter().filter(|k| **k).count() as u64;
        rounds += 1;
        tokio::time::sleep(Duration::from_millis(20 + 13 * (rounds % 7))).await;
    }
    killer.close().await.ok();
    let confirmed_during = crowd.confirmed() - confirmed_before;
    let outcomes = crowd.finish().await;
    let reads = readers.finish().await;
    println!(
        "{rounds} rounds terminated {terminated} connections; players: {} confirmed ({confirmed_during} while connections were terminated), {} refused with 503; API: {} ok, {} unavailable",
        outcomes.iter().filter(|(_, s)| confirmed(s)).count(),
        outcomes.iter().filter(|(_, s)| s.is_unavailable()).count(),
        reads.ok,
        reads.unavailable
    );
    assert!(
        terminated > rounds,
        "connections were terminated: {terminated} in {rounds} rounds"
    );
    assert_eq!(server.exited(), None, "serve died");
    let wrong = except(&outcomes, |seen| confirmed(seen) || seen.is_unavailable());
    assert!(
        wrong.is_empty(),
        "players got neither a confirmation nor a 503: {wrong:#?}"
    );
    assert!(
        reads.problems.is_empty(),
        "API answers: {:#?}",
        reads.problems
    );
    assert!(
        reads.unavailable + outcomes.iter().filter(|(_, s)| s.is_unavailable()).count() > 0,
        "no request ever met a terminated connection"
    );

    // Without a restart, the next request succeeds: the API answers, a player registers, and
    // every event goes out.
    let read = player_client()
        .get(server.url("/api/v1/tournaments/cup"))
        .bearer_auth(&key)
        .send()
        .await
        .map(|r| r.status());
    assert!(
        matches!(read, Ok(StatusCode::OK)),
        "the API after the terminations: {read:?}"
    );
    let after = Entrant::new("After Terminations".into());
    let seen = register(&server.base, &after).await;
    assert!(confirmed(&seen), "{seen}");

    let db = Db::open(&t.url).await.expect("open the database");
    let written = Written::read(&db).await;
    let mut everyone = outcomes;
    everyone.push((after, seen));
    check_against(&written, &everyone);
    let missing = undelivered(&receiver, &written.event_ids(), Duration::from_secs(30)).await;
    assert!(missing.is_empty(), "events never delivered: {missing:?}");
    db.close().await;
}

/// Postgres stopped at once, as a crash of its machine would stop it, while `serve` takes a
/// crowd's registrations and API reads and a `dispatch` delivers, then started again: while it is
/// down every player and integrator is told to retry (a 503 with `Retry-After`), nothing is
/// half-written, and without restarting `serve` or `dispatch` registrations, reads and delivery
/// go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_restarted_during_a_registration_burst() {
    let test = "crashes::postgres_restarted_during_a_registration_burst";
    let Some(cluster) = Cluster::start(test) else {
        return;
    };
    let t = support::on_cluster(&cluster).await;
    let receiver = Receiver::start(|_, _| Reply::Status(200)).await;
    let key = club(&t, &receiver).await;
    let mut server = start_serve(&t, &serve_args(&receiver, &["--no-dispatch"]));
    let mut dispatch = spawn_dispatch(&t, &receiver, &["--lease", "2s"]);
    let crowd = Crowd::start(&server.base, "Outage", 1_000_000, 8);
    let readers = Readers::start(&server.base, &key, 2);
    assert!(
        wait_until(Duration::from_secs(30), || crowd.confirmed() >= 20).await,
        "registrations did not get going"
    );

    cluster.down();
    let confirmed_at_the_crash = crowd.confirmed();
    // Longer than an API request may wait for the database in all: a read begun as it went down
    // is answered 503, not held until it is back.
    tokio::time::sleep(Duration::from_secs(5)).await;
    cluster.up();
    let back = Instant::now();
    assert!(
        wait_until(Duration::from_secs(30), || crowd.confirmed()
            >= confirmed_at_the_crash + 20)
        .await,
        "registrations did not resume after Postgres came back"
    );
    let resumed_after = back.elapsed();
    let outcomes = crowd.finish().await;
    let reads = readers.finish().await;
    let unavailable = outcomes.iter().filter(|(_, s)| s.is_unavailable()).count();
    println!(
        "players: {} confirmed, {unavailable} refused with 503; API: {} ok, {} unavailable; registrations resumed {resumed_after:?} after Postgres was up",
        outcomes.iter().filter(|(_, s)| confirmed(s)).count(),
        reads.ok,
        reads.unavailable
    );
    assert_eq!(server.exited(), None, "serve died");
    assert_eq!(dispatch.exited(), None, "dispatch died");
    let wrong = except(&outcomes, |seen| confirmed(seen) || seen.is_unavailable());
    assert!(
        wrong.is_empty(),
        "players got neither a confirmation nor a 503: {wrong:#?}"
    );
    assert!(
        unavailable > 0,
        "no player was told to retry while Postgres was down"
    );
    assert!(
        reads.problems.is_empty(),
        "API answers: {:#?}",
        reads.problems
    );
    assert!(reads.unavailable > 0, "no API read met the outage");

    let db = Db::open(&t.url).await.expect("open the database");
    let written = Written::read(&db).await;
    check_against(&written, &outcomes);
    let missing = undelivered(&receiver, &written.event_ids(), Duration::from_secs(30)).await;
    assert!(missing.is_empty(), "events never delivered: {missing:?}");
    db.close().await;
}
