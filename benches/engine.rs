//! Engine benchmarks: drawing and playing a 256-player double elimination to the end, computing
//! Swiss standings for 128 players after 7 rounds, playing a 256-player Swiss of 9 rounds (eight
//! pairings), and pairing its last round alone. Run with `cargo bench --bench engine`; figures are
//! recorded in docs/PERFORMANCE.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tourney::domain::engine::{Outcome, Settings, State, report, start, swiss_history};
use tourney::domain::formats::swiss;
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

fn swiss_pairing(c: &mut Criterion) {
    let nine = Settings {
        rounds: Some(9),
        ..Settings::default()
    };
    c.bench_function("swiss_256_players_9_rounds_draw_and_play", |b| {
        b.iter(|| play(Format::Swiss, nine.clone(), black_box(256)))
    });
    // The ninth round's pairing alone: 256 players after eight rounds.
    let eight = play(
        Format::Swiss,
        Settings {
            rounds: Some(8),
            ..Settings::default()
        },
        256,
    );
    let history = swiss_history(&eight, 1);
    c.bench_function("swiss_pairing_256_players_round_9", |b| {
        b.iter(|| swiss::next_round(black_box(&history.ranked), &history.met, &history.had_bye))
    });
}

criterion_group!(benches, engine, swiss_pairing);
criterion_main!(benches);
