//! Engine benchmarks: drawing and playing a 256-player double elimination to the end, computing
//! Swiss standings for 128 players after 7 rounds, playing a 256-player Swiss of 9 rounds (eight
//! pairings), and pairing its last round alone; in stages, drawing a 64-player double
//! elimination from a finished 256-player Swiss (the report of the Swiss's last match, which
//! draws it), and a whole 256-player event, Swiss then double elimination, to final places. Run
//! with `cargo bench --bench engine`; figures are recorded in docs/PERFORMANCE.md.

use std::hint::black_box;

use criterion::BatchSize;
use criterion::{Criterion, criterion_group, criterion_main};
use tourney::domain::StageType;
use tourney::domain::engine::{
    Outcome, Settings, StageSpec, State, Take, report, start, swiss_history,
};
use tourney::domain::formats::swiss;
use tourney::domain::standings::final_places::places;
use tourney::domain::standings::table::{Scoring, table};
use tourney::domain::{Format, MatchStatus};

/// Draws `n` players in `format` and plays every match (side a wins 2-1, every third match an
/// upset) until the tournament is over. Returns the number of matches played.
fn play(format: Format, settings: Settings, n: usize) -> State {
    play_until(format, settings, n, |_| false)
}

/// [`play`], stopping before the match that `stop` picks out (given the state) is reported.
fn play_until(
    format: Format,
    settings: Settings,
    n: usize,
    stop: impl Fn(&State) -> bool,
) -> State {
    let mut state = State::new(format, settings);
    let field: Vec<i64> = (1..=n as i64).collect();
    start(&mut state, &field).expect("starts");
    let mut turn = 0usize;
    while let Some(index) = state
        .games
        .iter()
        .position(|g| g.status == MatchStatus::Ready)
    {
        if stop(&state) {
            break;
        }
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

/// A 256-player Swiss of 8 rounds whose best 64 go on to a double elimination.
fn staged() -> Settings {
    Settings {
        rounds: Some(8),
        later_stages: vec![StageSpec::new(
            StageType::DoubleElimination,
            "Playoff",
            Some(Take::Best(64)),
        )],
        ..Settings::default()
    }
}

fn stages(c: &mut Criterion) {
    // The Swiss with one match left: reporting it completes the stage and draws the playoff.
    let last_match = play_until(Format::Swiss, staged(), 256, |state| {
        let open = state.games.iter().filter(|g| !g.is_completed()).count();
        let round = state.games.iter().map(|g| g.round).max().unwrap_or(0);
        round == 8 && open == 1
    });
    let index = last_match
        .games
        .iter()
        .position(|g| g.status == MatchStatus::Ready)
        .expect("the Swiss's last match");
    c.bench_function("stage_draw_swiss_256_into_double_elimination_64", |b| {
        b.iter_batched(
            || last_match.clone(),
            |mut state| {
                let done = report(
                    &mut state,
                    index,
                    &Outcome::Score {
                        score: Some((2, 1)),
                        forfeit: None,
                    },
                )
                .expect("reports");
                assert!(!done.created.is_empty(), "the playoff is drawn");
                state
            },
            BatchSize::SmallInput,
        )
    });
    c.bench_function(
        "staged_event_256_swiss_then_double_elimination_to_places",
        |b| {
            b.iter(|| {
                let state = play(Format::Swiss, staged(), black_box(256));
                let placed = places(&state);
                assert_eq!(placed.len(), 256);
                placed
            })
        },
    );
}

criterion_group!(benches, engine, swiss_pairing, stages);
criterion_main!(benches);
