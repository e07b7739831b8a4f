//! Engine benchmarks: drawing and playing a 256-player double elimination to the end, and
//! computing Swiss standings for 128 players after 7 rounds. Run with `cargo bench --bench engine`;
//! figures are recorded in docs/PERFORMANCE.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tourney::domain::engine::{Outcome, Settings, State, report, start};
use tourney::domain::standings::table::{Scoring, table};
use tourney::domain::{Format, MatchStatus};

/// Draws `n` players in `format` and plays every match (side a wins 2-1, every third match an
/// upset) until the tournament is over. Returns the number of matches played.
fn play(format: Format, settings: Settings, n: usize) -> State {
    let mut state = State::new(format, settings);
    let field: Vec<i64> = (1..=n as i64).collect();
    start(&mut state, &field).expect("starts");
    let mut turn = 0usize;
    while let Some(index) = state
        .games
        .iter()
        .position(|g| g.status == MatchStatus::Ready)
    {
        turn += 1;
        let score = if turn.is_multiple_of(3) {
            (1, 2)
        } else {
            (2, 1)
        };
        report(
            &mut state,
            index,
            &Outcome::Score {
                score: Some(score),
                forfeit: None,
            },
        )
        .expect("reports");
    }
    state
}

fn engine(c: &mut Criterion) {
    c.bench_function("double_elimination_256_draw_and_play", |b| {
        b.iter(|| {
            play(
                Format::DoubleElimination,
                Settings::default(),
                black_box(256),
            )
        })
    });
    let swiss = play(
        Format::Swiss,
        Settings {
            rounds: Some(7),
            ..Settings::default()
        },
        128,
    );
    let games: Vec<_> = swiss.games.iter().collect();
    c.bench_function("swiss_standings_128_players_7_rounds", |b| {
        b.iter(|| {
            table(
                black_box(&swiss.entrants),
                black_box(&games),
                Scoring::Swiss,
            )
        })
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
