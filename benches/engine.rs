//! Engine benchmarks: drawing and playing a 256-player double elimination to the end, computing
//! Swiss standings for 128 players after 7 rounds, playing a 256-player Swiss of 9 rounds (eight
//! pairings), and pairing its last round alone. Run with `cargo bench --bench engine`; figures are
//! recorded in docs/PERFORMANCE.md.

use std::collections::HashSet;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tourney::domain::engine::{Outcome, Settings, State, report, start};
use tourney::domain::formats::swiss::{self, Standing};
use tourney::domain::standings::table::{Scoring, table};
use tourney::domain::{Format, MatchStatus, Winner};

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

/// The table, the games met and the byes of a played Swiss, as the engine pairs its next round.
fn before_next_round(state: &State) -> (Vec<Standing>, HashSet<(i64, i64)>, HashSet<i64>) {
    let mut points: std::collections::HashMap<i64, u32> =
        state.entrants.iter().map(|e| (e.id, 0)).collect();
    let mut met = HashSet::new();
    let mut had_bye = HashSet::new();
    for game in &state.games {
        if game.bye {
            had_bye.extend(game.a);
        }
        if let (Some(a), Some(b)) = (game.a, game.b) {
            met.insert((a, b));
            met.insert((b, a));
        }
        let mut award = |id: Option<i64>, half: u32| {
            if let Some(p) = id.and_then(|id| points.get_mut(&id)) {
                *p += half;
            }
        };
        match game.winner {
            Some(Winner::A) => award(game.a, 2),
            Some(Winner::B) => award(game.b, 2),
            Some(Winner::Draw) => {
                award(game.a, 1);
                award(game.b, 1);
            }
            None => {}
        }
    }
    let mut ranked: Vec<(u32, u32, i64)> = state
        .entrants
        .iter()
        .map(|e| (points[&e.id], e.seed, e.id))
        .collect();
    ranked.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    let ranked = ranked
        .into_iter()
        .map(|(half_points, _, player)| Standing {
            player,
            half_points,
        })
        .collect();
    (ranked, met, had_bye)
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
    let (ranked, met, had_bye) = before_next_round(&eight);
    c.bench_function("swiss_pairing_256_players_round_9", |b| {
        b.iter(|| swiss::next_round(black_box(&ranked), &met, &had_bye))
    });
}

criterion_group!(benches, engine, swiss_pairing);
criterion_main!(benches);
