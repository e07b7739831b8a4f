//! The room's benchmark (DESIGN §20, §8), two parts:
//!
//! 1. **Calls after one result** (criterion): a 256-player double elimination on 16 stations,
//!    taken at the moment of its day when the most matches wait; what the room computes after a
//!    result: every match's depth in the bracket, then the calls. Target: under 5 ms.
//! 2. **The forecast** (criterion): every `not_before` of a 256-player double elimination on 16
//!    stations, played forward from its start. Target: under 10 ms.
//! 3. **Whole days** (printed as a table): reference events of 64 to 512 players (single and
//!    double elimination, Swiss) on 4 to 32 stations, each match lasting a time drawn around the
//!    20-minute estimate (15 to 25 minutes, seeded), results with upsets, no rest. Each day's
//!    length is read against the least any schedule could do with the same lengths:
//!    max(the critical path, the busiest player's matches end to end, all the matches' time
//!    shared among the stations). Target: within 1.10 of it.
//!
//! Run: `cargo bench --bench room`. Figures are recorded in docs/PERFORMANCE.md.

use std::collections::{BTreeMap, BTreeSet};
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tourney::domain::engine::{Outcome, Pid, Settings, State, start};
use tourney::domain::room::day::{self, Dice, Played, Script};
use tourney::domain::room::{Forecast, Room, Station, Waiting, calls, depths, not_before};
use tourney::domain::{Bracket, Format, StageType};

const MINUTE: i64 = 60_000;

fn started(format: Format, players: i64) -> State {
    let mut state = State::new(format, Settings::default());
    let field: Vec<Pid> = (1..=players).collect();
    start(&mut state, &field).expect("the field fits the format");
    state
}

fn stations(count: i64) -> Vec<Station> {
    (1..=count)
        .map(|id| Station {
            id,
            paused: false,
            free: true,
            serves: [0].into(),
        })
        .collect()
}

/// The better seed (the lower number) wins, but one match in five is an upset.
fn result(state: &State, game: usize, dice: &mut Dice) -> Outcome {
    let g = &state.games[game];
    let better_a = g.a < g.b;
    let upset = dice.roll(5) == 0;
    Outcome::Score {
        score: Some(if better_a != upset { (2, 0) } else { (0, 2) }),
        forfeit: None,
    }
}

/// Plays a day; `watch` sees every round of calls.
fn play(state: &mut State, stations: &[Station], seed: u64, watch: day::Watch<'_>) -> Vec<Played> {
    let dice = std::cell::RefCell::new(Dice::new(seed));
    let script = Script {
        rest: 0,
        length: &mut |_, _| (15 + dice.borrow_mut().roll(11) as i64) * MINUTE,
        result: &mut |state, game| result(state, game, &mut dice.borrow_mut()),
        not_before: None,
        watch,
    };
    day::play(std::slice::from_mut(state), stations, script).expect("the day is played")
}

/// How long a day of `state` must take at least on `stations` stations, with the lengths its
/// matches had: `issue` is max(the critical path, all the matches' time shared among the
/// stations), the bound the target names; `least` adds three more that hold for any schedule:
/// the busiest player's matches end to end; for every depth r of the event, the time the matches
/// up to r need from the stations plus the shortest chain that must still follow the last of
/// them; and a Swiss's rounds one after another.
struct Bounds {
    issue: i64,
    least: i64,
}

fn bounds(state: &State, played: &[Played], stations: i64) -> Bounds {
    let length: BTreeMap<usize, i64> = played
        .iter()
        .map(|p| (p.game, p.ended_at - p.called_at))
        .collect();
    let of = |i: usize| length.get(&i).copied().unwrap_or(0);
    let shared = |work: i64| (work + stations - 1) / stations;
    let needs = needs(state);
    let mut after: Vec<Vec<usize>> = vec![Vec::new(); needs.len()];
    for (i, before) in needs.iter().enumerate() {
        for &j in before {
            after[j].push(i);
        }
    }
    let finish = longest(&needs, &of);
    let tail = longest(&after, &of);
    let critical = finish.iter().copied().max().unwrap_or(0);
    let work: i64 = length.values().sum();
    let mut load: BTreeMap<Pid, i64> = BTreeMap::new();
    for p in played {
        for player in &p.players {
            *load.entry(*player).or_default() += p.ended_at - p.called_at;
        }
    }
    let busiest = load.values().copied().max().unwrap_or(0);
    // Depth by depth: what the matches up to it need from the stations, then the shortest
    // chain after any of them (the last of them to end is one of them).
    let depths = depths(&state.games);
    let mut levels: Vec<_> = depths.clone();
    levels.sort();
    levels.dedup();
    let by_depth = levels
        .iter()
        .map(|level| {
            let upto: Vec<usize> = (0..depths.len())
                .filter(|&i| depths[i] <= *level && length.contains_key(&i))
                .collect();
            let work: i64 = upto.iter().map(|&i| of(i)).sum();
            // `tail` counts the match itself: the chain after it is the rest.
            let rest = upto.iter().map(|&i| tail[i] - of(i)).min().unwrap_or(0);
            shared(work) + rest
        })
        .max()
        .unwrap_or(0);
    // A Swiss round is drawn only when the round before it has ended: its rounds follow one
    // another, each as long as its longest match or its matches shared among the stations.
    let mut rounds: BTreeMap<(u32, u32), (i64, i64)> = BTreeMap::new();
    for (i, g) in state.games.iter().enumerate() {
        let swiss = state.stage(g.stage).map(|s| s.stage_type) == Some(StageType::Swiss);
        if swiss && length.contains_key(&i) {
            let round = rounds.entry((g.stage, g.round)).or_default();
            round.0 = round.0.max(of(i));
            round.1 += of(i);
        }
    }
    let in_sequence: i64 = rounds
        .values()
        .map(|(longest, work)| (*longest).max(shared(*work)))
        .sum();
    let issue = critical.max(shared(work));
    Bounds {
        issue,
        least: issue.max(busiest).max(by_depth).max(in_sequence),
    }
}

/// For every match, the matches it truly needs ended before it can start: those whose winners
/// or losers it receives, a Swiss round all of the round before, a grand final's reset the
/// grand final.
fn needs(state: &State) -> Vec<Vec<usize>> {
    let games = &state.games;
    let mut needs: Vec<Vec<usize>> = vec![Vec::new(); games.len()];
    for (i, g) in games.iter().enumerate() {
        for link in [g.winner_to, g.loser_to].into_iter().flatten() {
            needs[link.game].push(i);
        }
    }
    let swiss = |g: &tourney::domain::engine::Game| {
        state.stage(g.stage).map(|s| s.stage_type) == Some(StageType::Swiss)
    };
    for (i, g) in games.iter().enumerate() {
        if (swiss(g) || g.bracket == Some(Bracket::GrandFinal)) && g.round > 1 {
            let previous = |h: &tourney::domain::engine::Game| {
                h.stage == g.stage && h.bracket == g.bracket && h.round + 1 == g.round
            };
            needs[i].extend((0..games.len()).filter(|&j| previous(&games[j])));
        }
    }
    needs
}

/// For every match, the longest chain through `edges` ending with it (its own length counted).
fn longest(edges: &[Vec<usize>], length: &dyn Fn(usize) -> i64) -> Vec<i64> {
    let mut best: Vec<i64> = (0..edges.len()).map(length).collect();
    // The graph has no cycles: walking it again until nothing changes settles every chain.
    loop {
        let mut changed = false;
        for i in 0..edges.len() {
            let longest = edges[i].iter().map(|&j| best[j]).max().unwrap_or(0) + length(i);
            if longest != best[i] {
                best[i] = longest;
                changed = true;
            }
        }
        if !changed {
            return best;
        }
    }
}

/// The room at the moment of a day when the most matches waited.
struct Snapshot {
    now: i64,
    stations: Vec<Station>,
    waiting: Vec<Waiting>,
    busy: BTreeSet<Pid>,
    rested_at: BTreeMap<Pid, i64>,
}

fn calls_after_one_result(c: &mut Criterion) {
    let mut state = started(Format::DoubleElimination, 256);
    let stations = stations(16);
    let mut snapshot: Option<Snapshot> = None;
    play(&mut state, &stations, 1, &mut |room, waiting, _| {
        let wider = snapshot
            .as_ref()
            .is_none_or(|s| waiting.len() > s.waiting.len());
        if wider {
            snapshot = Some(Snapshot {
                now: room.now,
                stations: room.stations.to_vec(),
                waiting: waiting.to_vec(),
                busy: room.busy.clone(),
                rested_at: room.rested_at.clone(),
            });
        }
    });
    let taken = snapshot.expect("a round of calls");
    let room = Room {
        now: taken.now,
        stations: &taken.stations,
        busy: &taken.busy,
        rested_at: &taken.rested_at,
    };
    let waiting = &taken.waiting;
    println!(
        "256-player double elimination, 16 stations: {} matches, {} waiting at the widest moment",
        state.games.len(),
        waiting.len()
    );
    c.bench_function(
        "room: depths and calls, 256 double elimination, 16 stations",
        |b| {
            b.iter(|| {
                let depths = depths(black_box(&state.games));
                black_box(depths);
                black_box(calls(black_box(&room), black_box(waiting)))
            })
        },
    );
}

fn whole_days(_c: &mut Criterion) {
    println!();
    println!(
        "| event | stations | matches | day | max(critical path, work ÷ stations) | of it | least any schedule could | of it |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let (mut worst_issue, mut worst_least): (f64, f64) = (0.0, 0.0);
    for (format, name) in [
        (Format::SingleElimination, "single elimination"),
        (Format::DoubleElimination, "double elimination"),
        (Format::Swiss, "Swiss"),
    ] {
        for players in [64, 128, 256, 512] {
            for count in [4, 8, 16, 32] {
                let mut state = started(format, players);
                let seed = players as u64 * 31 + 7;
                let played = play(&mut state, &stations(count), seed, &mut |_, _, _| {});
                let day = played.iter().map(|p| p.ended_at).max().unwrap_or(0);
                let bounds = bounds(&state, &played, count);
                let of_issue = day as f64 / bounds.issue.max(1) as f64;
                let of_least = day as f64 / bounds.least.max(1) as f64;
                worst_issue = worst_issue.max(of_issue);
                worst_least = worst_least.max(of_least);
                println!(
                    "| {players}-player {name} | {count} | {} | {} min | {} min | {of_issue:.3} | {} min | {of_least:.3} |",
                    played.len(),
                    day / MINUTE,
                    bounds.issue / MINUTE,
                    bounds.least / MINUTE,
                );
            }
        }
    }
    println!(
        "worst day: {worst_issue:.3} of max(critical path, work ÷ stations), {worst_least:.3} of the least any schedule could (target 1.10)"
    );
}

/// Every `not_before` of a 256-player double elimination on 16 stations, forecast at its start
/// (every match unplayed: the most a forecast after a result ever plays forward). Target: under
/// 10 ms.
fn forecast_of_a_whole_event(c: &mut Criterion) {
    let state = started(Format::DoubleElimination, 256);
    let stations = stations(16);
    let published = vec![None; state.games.len()];
    let (rested_at, ready_since) = (BTreeMap::new(), BTreeMap::new());
    let room = Forecast {
        now: 0,
        stations: &stations,
        underway: &[],
        rested_at: &rested_at,
        ready_since: &ready_since,
        published: &published,
        estimate: 20 * MINUTE,
        stage_estimates: &BTreeMap::new(),
        rest: 5 * MINUTE,
        lead_percent: 0,
    };
    let times = not_before(&state, &room).expect("a forecast");
    println!(
        "forecast: {} of {} matches given a time, the last at {} min",
        times.iter().flatten().count(),
        state.games.len(),
        times.iter().flatten().max().copied().unwrap_or(0) / MINUTE
    );
    c.bench_function(
        "room: every not_before, 256 double elimination, 16 stations",
        |b| b.iter(|| black_box(not_before(black_box(&state), black_box(&room)))),
    );
}

criterion_group!(
    benches,
    calls_after_one_result,
    forecast_of_a_whole_event,
    whole_days
);
criterion_main!(benches);
