//! Widget benchmark: the bracket page of a 128-player double elimination, played to the end
//! (every box holds two names and a score), in both locales. `render` is the page from data
//! already read, which is what the target (< 5 ms) names; `read_and_render` adds reading the
//! tournament from SQLite as `serve` does for every request. The setup builds the tournament
//! through the service's own operations and checks the page is under 100 KB.
//!
//! Run: `cargo bench --bench widgets`. Figures are recorded in docs/PERFORMANCE.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tourney::db::Db;
use tourney::db::matches::list_in_creation_order;
use tourney::db::tournaments::TournamentRow;
use tourney::domain::{Format, Locale, MatchStatus, TournamentStatus};
use tourney::links::BaseUrl;
use tourney::pages::{self, Frame, Theme};
use tourney::service::matches::{ResultInput, report};
use tourney::service::registrations::{self, Applicant};
use tourney::service::tournaments::{self, Draft};
use tourney::service::{Ctx, spaces};
use tourney::views::public::{BracketData, bracket, published_tournament};

const SLUG: &str = "grand-prix-128";
const PLAYERS: usize = 128;

const FIRST: [&str; 8] = [
    "Alexander",
    "Мария",
    "Bruno",
    "Ольга",
    "Chen",
    "Артём",
    "Fatima",
    "Екатерина",
];
const LAST: [&str; 8] = [
    "Lindqvist",
    "Кузнецова",
    "Silva",
    "Смирнова",
    "Wei",
    "Ёлкин",
    "Zahra",
    "Соколова-Орлова",
];

/// A 128-player double elimination in SQLite, every match reported (the better seed usually
/// wins). Returns the database (kept alive by the directory) and the tournament.
async fn played_tournament(dir: &tempfile::TempDir) -> (Db, TournamentRow) {
    let url = format!("sqlite://{}/bench.db", dir.path().display());
    let db = Db::open(&url).await.expect("open the database");
    let base_url = BaseUrl::parse("https://cup.example.org").expect("base URL");
    let ctx = Ctx {
        base_url: &base_url,
        actor: "bench",
        now: 1_790_000_000_000,
        member: None,
    };
    spaces::create(&db, &ctx, "club", "Chess Club", Locale::En)
        .await
        .expect("space");
    let draft = Draft {
        max_participants: PLAYERS as u32,
        starts_at: ctx.now,
        ..Draft::new(
            "club",
            SLUG,
            "Grand Prix 128",
            "chess",
            Format::DoubleElimination,
        )
    };
    tournaments::create(&db, &ctx, &draft)
        .await
        .expect("create");
    tournaments::set_status(&db, &ctx, SLUG, TournamentStatus::RegistrationOpen, None)
        .await
        .expect("open registration");
    for i in 0..PLAYERS {
        let name = format!("{} {} {}", FIRST[i % 8], LAST[(i / 8) % 8], i + 1);
        registrations::register(&db, &ctx, SLUG, &Applicant::named(&name))
            .await
            .expect("register");
    }
    tournaments::set_status(&db, &ctx, SLUG, TournamentStatus::RegistrationClosed, None)
        .await
        .expect("close registration");
    tournaments::start(&db, &ctx, SLUG).await.expect("start");
    loop {
        let ready = {
            let mut handle = db.acquire().await.expect("connection");
            let tournament = published_tournament(handle.conn(), SLUG)
                .await
                .expect("read")
                .expect("published");
            list_in_creation_order(handle.conn(), tournament.id)
                .await
                .expect("matches")
                .into_iter()
                .find(|m| m.status == MatchStatus::Ready)
        };
        let Some(game) = ready else { break };
        let score = if game.id.raw() % 5 == 0 {
            (1, 2)
        } else {
            (2, 1)
        };
        let input = ResultInput::Sides {
            score: Some(score),
            forfeit: None,
        };
        report(&db, &ctx, SLUG, game.id, &input, None)
            .await
            .expect("report");
    }
    let mut handle = db.acquire().await.expect("connection");
    let tournament = published_tournament(handle.conn(), SLUG)
        .await
        .expect("read")
        .expect("published");
    assert_eq!(tournament.status, TournamentStatus::Completed);
    drop(handle);
    (db, tournament)
}

fn page(locale: Locale, tournament: &TournamentRow, data: &BracketData) -> String {
    let base_url = BaseUrl::parse("https://cup.example.org").expect("base URL");
    let frame = Frame {
        locale,
        theme: Theme::Light,
        heading: &tournament.name,
        portal_url: base_url.tournament_page(locale, &tournament.slug),
        live: None,
    };
    pages::bracket(&frame, tournament, data).expect("renders")
}

fn bench(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    let dir = tempfile::tempdir().expect("temporary directory");
    let (db, tournament) = runtime.block_on(played_tournament(&dir));
    let data = runtime.block_on(async {
        let mut handle = db.acquire().await.expect("connection");
        bracket(handle.conn(), &tournament)
            .await
            .expect("bracket data")
    });
    for locale in [Locale::En, Locale::Ru] {
        let html = page(locale, &tournament, &data);
        let boxes = html.matches("class=\"match\"").count();
        println!(
            "{locale} page: {} matches drawn, {} bytes ({:.1} KB)",
            boxes,
            html.len(),
            html.len() as f64 / 1024.0
        );
        // 127 winners, 126 losers, the grand final and, if it was played, its deciding match.
        assert!((254..=255).contains(&boxes), "every match is drawn");
        assert!(
            !html.contains("class=\"side tbd\"") && !html.contains("class=\"side \""),
            "every side has a name and a result"
        );
        assert!(html.len() < 100 * 1024, "the page must stay under 100 KB");
    }

    for locale in [Locale::En, Locale::Ru] {
        c.bench_function(
            &format!("bracket_page_double_elimination_128_render_{locale}"),
            |b| b.iter(|| page(black_box(locale), &tournament, black_box(&data))),
        );
    }
    c.bench_function(
        "bracket_page_double_elimination_128_read_and_render_en",
        |b| {
            b.iter(|| {
                runtime.block_on(async {
                    let mut handle = db.acquire().await.expect("connection");
                    let row = published_tournament(handle.conn(), SLUG)
                        .await
                        .expect("read")
                        .expect("published");
                    let data = bracket(handle.conn(), &row).await.expect("bracket data");
                    drop(handle);
                    page(Locale::En, &row, &data)
                })
            })
        },
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
