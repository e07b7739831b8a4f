//! The organiser: runs spaces, tournaments, keys and webhook addresses through the product's own
//! service operations, in process (the same operations the shell commands call), so a test sets
//! up what it needs the way a real writer would: with the events, deliveries and audit entries
//! that come with it, and never with raw SQL.

use tourney::db::participants::ParticipantRow;
use tourney::db::spaces::SpaceRow;
use tourney::db::tournaments::TournamentRow;
use tourney::db::{Db, outbox, tournaments as tournament_rows};
use tourney::domain::{EventType, Format, Locale, TournamentStatus};
use tourney::ids::{EventId, HookId};
use tourney::links::BaseUrl;
use tourney::service::hooks::Added;
use tourney::service::registrations::Applicant;
use tourney::service::tournaments::Draft;
use tourney::service::{self, Ctx};
use tourney::webhook::blocklist::{Policy, parse_cidr};

use super::TestDb;

pub struct Organiser {
    db: Db,
    base_url: BaseUrl,
}

/// When demo-like tournaments start: a fixed day, so pages and payloads are the same every run.
pub const STARTS_AT: &str = "2026-12-01T18:00:00Z";

impl Organiser {
    /// An organiser on the test's database; events link to `https://cup.example.org`, as the
    /// command line's and the server's do in tests.
    pub fn new(t: &TestDb) -> Organiser {
        Organiser::with_base_url(t, "https://cup.example.org")
    }

    pub fn with_base_url(t: &TestDb, base_url: &str) -> Organiser {
        Organiser {
            db: t.db.clone(),
            base_url: BaseUrl::parse(base_url).expect("a base URL"),
        }
    }

    /// The database the organiser writes to.
    pub fn db(&self) -> &Db {
        &self.db
    }

    pub fn ctx(&self) -> Ctx<'_> {
        Ctx {
            base_url: &self.base_url,
            actor: "test-organiser",
            now: tourney::timestamp::now_ms(),
            member: None,
        }
    }

    /// The organiser's context at a time the test chooses.
    pub fn ctx_at(&self, now: i64) -> Ctx<'_> {
        Ctx { now, ..self.ctx() }
    }

    pub async fn space(&self, slug: &str, name: &str) -> SpaceRow {
        service::spaces::create(&self.db, &self.ctx(), slug, name, Locale::En)
            .await
            .expect("create a space")
    }

    /// A draft tournament of `format` in `space` with 16 places, starting at [`STARTS_AT`];
    /// `adjust` changes anything else before it is created.
    pub async fn tournament(
        &self,
        space: &str,
        slug: &str,
        format: Format,
        adjust: impl FnOnce(&mut Draft),
    ) -> TournamentRow {
        let mut draft = Draft {
            starts_at: tourney::timestamp::parse(STARTS_AT).expect("a time"),
            ..Draft::new(space, slug, "Cup", "chess", format)
        };
        adjust(&mut draft);
        service::tournaments::create(&self.db, &self.ctx(), &draft)
            .await
            .expect("create a tournament")
    }

    pub async fn set_status(&self, slug: &str, to: TournamentStatus) {
        service::tournaments::set_status(&self.db, &self.ctx(), slug, to, None)
            .await
            .unwrap_or_else(|e| panic!("move {slug} to {to}: {e}"));
    }

    pub async fn register(&self, slug: &str, names: &[&str]) -> Vec<ParticipantRow> {
        let mut rows = Vec::new();
        for name in names {
            rows.push(
                service::registrations::register(
                    &self.db,
                    &self.ctx(),
                    slug,
                    &Applicant::named(name),
                )
                .await
                .unwrap_or_else(|e| panic!("register {name} in {slug}: {e}"))
                .participant,
            );
        }
        rows
    }

    /// A registration with an email address, as the portal makes one.
    pub async fn register_with_email(&self, slug: &str, name: &str, email: &str) -> ParticipantRow {
        let applicant = Applicant {
            email: Some(email),
            ..Applicant::named(name)
        };
        service::registrations::register(&self.db, &self.ctx(), slug, &applicant)
            .await
            .unwrap_or_else(|e| panic!("register {name} in {slug}: {e}"))
            .participant
    }

    /// A webhook address of `space`. Any address is let through (tests use loopback receivers
    /// and documentation addresses that are never dialled).
    pub async fn hook(&self, space: &str, url: &str, events: Option<&[EventType]>) -> Added {
        let everywhere = Policy::allowing(vec![
            parse_cidr("0.0.0.0/0").expect("a range"),
            parse_cidr("::/0").expect("a range"),
        ]);
        service::hooks::add(
            &self.db,
            &self.ctx(),
            space,
            url,
            events,
            tourney::domain::SignatureHeaders::Both,
            &everywhere,
        )
        .await
        .unwrap_or_else(|e| panic!("add {url}: {e}"))
    }

    pub async fn remove_hook(&self, id: HookId) {
        service::hooks::remove(&self.db, &self.ctx(), id)
            .await
            .expect("remove a hook");
    }

    /// A new API key of `space`, as shown once.
    pub async fn key(&self, space: &str) -> String {
        service::keys::create(&self.db, &self.ctx(), space, None)
            .await
            .expect("create a key")
            .key
    }

    /// A Swiss tournament of `space` open for registration, with room for `capacity`.
    pub async fn open_signups(&self, space: &str, slug: &str, capacity: u32) -> TournamentRow {
        let tournament = self
            .tournament(space, slug, Format::Swiss, |d| {
                d.max_participants = capacity
            })
            .await;
        self.set_status(slug, TournamentStatus::RegistrationOpen)
            .await;
        tournament
    }

    /// `count` more registrations in the open tournament `slug`: each appends one
    /// `registration.created` event for the space's addresses. Returns those events in order.
    pub async fn registrations(&self, slug: &str, count: usize) -> Vec<EventId> {
        let mut handle = self.db.acquire().await.expect("a connection");
        let tournament = tournament_rows::find_by_slug(handle.conn(), slug)
            .await
            .expect("read")
            .expect("the tournament");
        let before = registration_events(&mut handle, &tournament).await.len();
        let names: Vec<String> = (before + 1..=before + count)
            .map(|n| format!("Player {n} ünïcödé ✓"))
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        self.register(slug, &names).await;
        registration_events(&mut handle, &tournament)
            .await
            .split_off(before)
    }
}

/// The `registration.created` events of a tournament, oldest first.
async fn registration_events(
    handle: &mut tourney::db::Handle,
    tournament: &TournamentRow,
) -> Vec<EventId> {
    outbox::list_for_space(handle.conn(), tournament.space_id)
        .await
        .expect("list events")
        .into_iter()
        .filter(|e| {
            e.tournament_id == Some(tournament.id) && e.event_type == EventType::RegistrationCreated
        })
        .map(|e| e.id)
        .collect()
}
