//! The demo space: a tournament of every format in every interesting state, made through the same
//! operations as every other writer (so it also emits the same events).
//!
//! Results are deterministic: the better seed usually wins, with an upset or a draw now and then,
//! so two demos look alike and tests can rely on their shape.

use super::matches::{self, ResultInput};
use super::registrations::{self, Applicant};
use super::tournaments::{self, Draft};
use super::{Ctx, ServiceError, find_tournament, spaces};
use crate::db::matches::list_in_creation_order;
use crate::db::{Db, participants};
use crate::domain::{Format, Locale, MatchStatus, ParticipantStatus, TournamentStatus};
use crate::ids::ParticipantId;

/// The demo space's slug.
pub const SPACE: &str = "demo";
/// The demo space's owner, made by `serve --demo`, who signs in with the link it prints.
pub const OWNER: &str = "owner@demo.example.org";
/// The demo tournament whose registration is open.
pub const OPEN_TOURNAMENT: &str = "demo-autumn-cup";

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

const PLAYERS: [&str; 16] = [
    "Alice Moreau",
    "Иван Петров",
    "Bruno Silva",
    "Ольга Смирнова",
    "Chen Wei",
    "Артём Ёлкин",
    "Dana Novak",
    "Мария Ким",
    "Erik Lindqvist",
    "Сергей Волков",
    "Fatima Zahra",
    "Анна Кузнецова",
    "Gustav Berg",
    "Дмитрий Орлов",
    "Hana Sato",
    "Елена Соколова",
];

/// One demo tournament: what it is and how far it has got.
struct Plan {
    slug: &'static str,
    name: &'static str,
    format: Format,
    players: usize,
    /// Days from now to the start (negative: in the past).
    starts_in_days: i64,
    state: Target,
    test: bool,
    extra: fn(&mut Draft),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Draft,
    Announced,
    RegistrationOpen,
    /// Started, with this many results reported (`usize::MAX`: played to the end).
    Played(usize),
}

fn plans() -> Vec<Plan> {
    let none: fn(&mut Draft) = |_| {};
    vec![
        Plan {
            slug: "demo-spring-open",
            name: "Spring Open",
            format: Format::SingleElimination,
            players: 8,
            starts_in_days: -40,
            state: Target::Played(usize::MAX),
            test: false,
            extra: |d| d.third_place = true,
        },
        Plan {
            slug: "demo-winter-double",
            name: "Зимний турнир на вылет",
            format: Format::DoubleElimination,
            players: 8,
            starts_in_days: -1,
            state: Target::Played(7),
            test: false,
            extra: none,
        },
        Plan {
            slug: "demo-club-league",
            name: "Club League",
            format: Format::RoundRobin,
            players: 6,
            starts_in_days: -14,
            state: Target::Played(8),
            test: false,
            extra: none,
        },
        Plan {
            slug: "demo-swiss-open",
            name: "Швейцарка по быстрым шахматам",
            format: Format::Swiss,
            players: 11,
            starts_in_days: -2,
            state: Target::Played(8),
            test: false,
            extra: |d| d.rounds = Some(4),
        },
        Plan {
            slug: "demo-kubok",
            name: "Кубок клуба: группы и плей-офф",
            format: Format::GroupsPlayoffs,
            players: 8,
            starts_in_days: -7,
            state: Target::Played(13),
            test: false,
            extra: |d| {
                d.group_count = Some(2);
                d.advance_per_group = Some(2);
            },
        },
        Plan {
            slug: "demo-karting",
            name: "Karting Night",
            format: Format::FreeForAll,
            players: 6,
            starts_in_days: 0,
            state: Target::Played(1),
            test: false,
            extra: |d| d.rounds = Some(3),
        },
        Plan {
            slug: OPEN_TOURNAMENT,
            name: "Autumn Cup",
            format: Format::SingleElimination,
            players: 10,
            starts_in_days: 12,
            state: Target::RegistrationOpen,
            test: false,
            extra: none,
        },
        Plan {
            slug: "demo-new-year-blitz",
            name: "Новогодний блиц",
            format: Format::Swiss,
            players: 0,
            starts_in_days: 38,
            state: Target::Announced,
            test: false,
            extra: none,
        },
        Plan {
            slug: "demo-draft-cup",
            name: "Draft Cup (not published)",
            format: Format::RoundRobin,
            players: 0,
            starts_in_days: 60,
            state: Target::Draft,
            test: false,
            extra: none,
        },
        Plan {
            slug: "demo-integration-test",
            name: "Integration test run",
            format: Format::SingleElimination,
            players: 4,
            starts_in_days: 3,
            state: Target::RegistrationOpen,
            test: true,
            extra: none,
        },
    ]
}

/// What the demo created.
pub struct Created {
    pub tournaments: Vec<(String, Format, TournamentStatus)>,
}

/// Creates the demo space and its tournaments; refuses if the space exists.
pub async fn create(db: &Db, ctx: &Ctx<'_>) -> Result<Created, ServiceError> {
    spaces::create_new(db, ctx, SPACE, "Demo Chess Club", Locale::En, "demo").await?;
    let mut created = Vec::new();
    for plan in plans() {
        let status = build(db, ctx, &plan).await?;
        created.push((plan.slug.to_owned(), plan.format, status));
    }
    Ok(Created {
        tournaments: created,
    })
}

async fn build(db: &Db, ctx: &Ctx<'_>, plan: &Plan) -> Result<TournamentStatus, ServiceError> {
    let game = if plan.format == Format::FreeForAll {
        "karting"
    } else {
        "chess"
    };
    let mut draft = Draft {
        starts_at: ctx.now + plan.starts_in_days * DAY_MS,
        test: plan.test,
        description: Some(format!("{} — demo tournament.", plan.name)),
        ..Draft::new(SPACE, plan.slug, plan.name, game, plan.format)
    };
    (plan.extra)(&mut draft);
    tournaments::create(db, ctx, &draft).await?;
    match plan.state {
        Target::Draft => return Ok(TournamentStatus::Draft),
        Target::Announced => {
            tournaments::set_status(db, ctx, plan.slug, TournamentStatus::Announced, None).await?;
            return Ok(TournamentStatus::Announced);
        }
        _ => {}
    }
    tournaments::set_status(db, ctx, plan.slug, TournamentStatus::RegistrationOpen, None).await?;
    for name in PLAYERS.iter().take(plan.players) {
        registrations::register(db, ctx, plan.slug, &Applicant::named(name)).await?;
    }
    let Target::Played(results) = plan.state else {
        return Ok(TournamentStatus::RegistrationOpen);
    };
    tournaments::set_status(
        db,
        ctx,
        plan.slug,
        TournamentStatus::RegistrationClosed,
        None,
    )
    .await?;
    tournaments::start(db, ctx, plan.slug).await?;
    for _ in 0..results {
        if !play_next(db, ctx, plan.slug, plan.format).await? {
            return Ok(TournamentStatus::Completed);
        }
    }
    Ok(TournamentStatus::InProgress)
}

/// Reports the first ready match; false when none is left.
async fn play_next(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    format: Format,
) -> Result<bool, ServiceError> {
    let (ready, field) = {
        let mut handle = db.acquire().await?;
        let (tournament, _) = find_tournament(handle.conn(), slug).await?;
        let rows = list_in_creation_order(handle.conn(), tournament.id).await?;
        let field = participants::list(handle.conn(), tournament.id).await?;
        (
            rows.into_iter().find(|m| m.status == MatchStatus::Ready),
            field,
        )
    };
    let Some(game) = ready else { return Ok(false) };
    let seed = |id: Option<ParticipantId>| {
        field
            .iter()
            .find(|p| Some(p.id) == id)
            .and_then(|p| p.seed)
            .unwrap_or(99)
    };
    let input = match (game.a_participant_id, game.b_participant_id) {
        (Some(_), Some(_)) => {
            let draws_allowed =
                matches!(format, Format::RoundRobin | Format::Swiss) || game.group_label.is_some();
            // The better seed wins, but every fourth match is an upset and every seventh a draw.
            let number = game.id.raw();
            let a_wins =
                (seed(game.a_participant_id) < seed(game.b_participant_id)) != (number % 4 == 3);
            let score = match (draws_allowed && number % 7 == 0, a_wins) {
                (true, _) => (1, 1),
                (false, true) => (2, 1),
                (false, false) => (0, 2),
            };
            ResultInput::Sides {
                score: Some(score),
                forfeit: None,
            }
        }
        _ => {
            // A free-for-all round: the field in seed order, rotated by the round.
            let mut order: Vec<_> = field
                .iter()
                .filter(|p| p.status == ParticipantStatus::Active)
                .collect();
            order.sort_by_key(|p| p.seed);
            let len = order.len().max(1);
            order.rotate_left((game.round as usize * 2) % len);
            ResultInput::Places(order.iter().map(|p| p.id.to_string()).collect())
        }
    };
    let done = matches::report(db, ctx, slug, game.id, &input, None).await?;
    Ok(!done.tournament_completed)
}
