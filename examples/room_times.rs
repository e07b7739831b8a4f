//! The room's times measured (DESIGN §20 Times, §8): reference events played as a venue plays
//! them, with every `not_before` published as the day goes and the two promises kept, and the
//! same event played without them.
//!
//! Each event: matches last a time drawn log-normal around the true length (CV 0.3), which the
//! organiser guessed at 20 minutes (`--match-duration`); 5 % of calls are no-shows, forfeited
//! after `--no-show-after` (5 minutes); no rest. After every call and every result the
//! tournament's estimate (the median call-to-result time of its finished matches once five are
//! done, blended with the guess before) forecasts every unplayed match (`domain::room::not_before`)
//! and the times are published: a call never comes before the time published for its match, and
//! a published time never moves earlier. Printed per event: calls made before their published
//! time and published times that moved earlier (both must be 0), the median and 90th percentile
//! of (call − the time shown 60 minutes before the call), and the day's length with the promises
//! beside the same day without them.
//!
//! Each event is played three times (seeds), pooled; each match draws its length, a no-show and
//! its winner from dice of its own, so the day without the promises plays the same matches.
//!
//! Run: `cargo run --release --example room_times` (`ROOM_TIMES_LEAD=15` publishes times 15 % of
//! the time ahead early; `ROOM_TIMES_ONLY=double` plays only the events whose name holds it).
//! Figures are recorded in docs/PERFORMANCE.md.

use std::collections::{BTreeMap, BTreeSet};

use tourney::domain::engine::{Outcome, Pid, Settings, State, report, start};
use tourney::domain::room::day::{Dice, Underway};
use tourney::domain::room::{Forecast, Room, Station, Waiting, calls, depths, not_before};
use tourney::domain::{Format, MatchStatus};

const MINUTE: i64 = 60_000;
const GUESS: i64 = 20 * MINUTE;
const NO_SHOW_AFTER: i64 = 5 * MINUTE;
/// Days played of each event (seeds), pooled.
const DAYS: u64 = 3;

/// A reference event: its format, field, stations, and how long its matches truly last.
struct Event {
    name: &'static str,
    format: Format,
    players: i64,
    stations: i64,
    median: i64,
}

/// What one day measured.
#[derive(Default)]
struct Measured {
    early_calls: usize,
    moved_earlier: usize,
    /// call − the time shown 60 minutes before the call, for every call that had one.
    lateness: Vec<i64>,
    length: i64,
}

fn main() {
    let events = [
        Event {
            name: "64-player single elimination",
            format: Format::SingleElimination,
            players: 64,
            stations: 8,
            median: 20 * MINUTE,
        },
        Event {
            name: "128-player single elimination",
            format: Format::SingleElimination,
            players: 128,
            stations: 16,
            median: 24 * MINUTE,
        },
        Event {
            name: "256-player single elimination",
            format: Format::SingleElimination,
            players: 256,
            stations: 32,
            median: 16 * MINUTE,
        },
        Event {
            name: "64-player double elimination",
            format: Format::DoubleElimination,
            players: 64,
            stations: 8,
            median: 24 * MINUTE,
        },
        Event {
            name: "128-player double elimination",
            format: Format::DoubleElimination,
            players: 128,
            stations: 16,
            median: 20 * MINUTE,
        },
        Event {
            name: "256-player double elimination",
            format: Format::DoubleElimination,
            players: 256,
            stations: 16,
            median: 20 * MINUTE,
        },
        Event {
            name: "512-player single elimination",
            format: Format::SingleElimination,
            players: 512,
            stations: 32,
            median: 20 * MINUTE,
        },
        Event {
            name: "64-player Swiss, 6 rounds",
            format: Format::Swiss,
            players: 64,
            stations: 16,
            median: 20 * MINUTE,
        },
        Event {
            name: "16-player round robin",
            format: Format::RoundRobin,
            players: 16,
            stations: 4,
            median: 20 * MINUTE,
        },
    ];
    println!(
        "| event | stations | true median | calls before their time | times moved earlier | median late | p90 late | day (mean of 3) | without the promises | cost |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let only = std::env::var("ROOM_TIMES_ONLY").ok();
    for (seed, event) in events.iter().enumerate() {
        if only
            .as_deref()
            .is_some_and(|name| !event.name.contains(name))
        {
            continue;
        }
        // Three days of each event (seeds), pooled: every call's lateness, each day's length.
        let (mut late, mut kept_days, mut free_days) = (Vec::new(), 0, 0);
        let (mut early_calls, mut moved_earlier) = (0, 0);
        for day_number in 0..DAYS {
            let seed = 7 + seed as u64 * DAYS + day_number;
            let kept = day(event, seed, true);
            let free = day(event, seed, false);
            late.extend(kept.lateness);
            early_calls += kept.early_calls;
            moved_earlier += kept.moved_earlier;
            kept_days += kept.length;
            free_days += free.length;
        }
        late.sort_unstable();
        let at = |q: f64| {
            late.get(((late.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0)
        };
        println!(
            "| {} | {} | {} min | {} | {} | {:.1} min | {:.1} min | {} min | {} min | {:+.1} % |",
            event.name,
            event.stations,
            event.median / MINUTE,
            early_calls,
            moved_earlier,
            at(0.5) as f64 / MINUTE as f64,
            at(0.9) as f64 / MINUTE as f64,
            kept_days / DAYS as i64 / MINUTE,
            free_days / DAYS as i64 / MINUTE,
            (kept_days - free_days) as f64 * 100.0 / free_days.max(1) as f64,
        );
    }
}

/// A match on a station: its index, its station, when it was called and when it ends.
struct OnStation {
    game: usize,
    station: usize,
    called_at: i64,
    ends_at: i64,
    no_show: bool,
}

/// Plays `event` to its end; with `promises`, publishing times as it goes and keeping them. Each
/// match draws its length, a no-show and its winner from dice of its own (`seed` and its index).
fn day(event: &Event, seed: u64, promises: bool) -> Measured {
    let mut state = started(event);
    let mut stations: Vec<Station> = (1..=event.stations)
        .map(|id| Station {
            id,
            paused: false,
            free: true,
            serves: BTreeSet::from([0]),
        })
        .collect();
    let mut on: Vec<OnStation> = Vec::new();
    let mut rested_at: BTreeMap<Pid, i64> = BTreeMap::new();
    let mut ready_since: BTreeMap<usize, i64> = BTreeMap::new();
    let mut published: Vec<Option<i64>> = Vec::new();
    // Every time shown for a match: (when it was shown, the time).
    let mut shown: Vec<Vec<(i64, i64)>> = Vec::new();
    let mut finished: Vec<i64> = Vec::new();
    let mut measured = Measured::default();
    let mut now = 0;
    loop {
        published.resize(state.games.len(), None);
        shown.resize(state.games.len(), Vec::new());
        for (i, g) in state.games.iter().enumerate() {
            if g.status == MatchStatus::Ready && !on.iter().any(|o| o.game == i) {
                ready_since.entry(i).or_insert(now);
            }
        }
        if promises {
            publish(
                &state,
                &stations,
                &on,
                &rested_at,
                &ready_since,
                estimate(&finished),
                now,
                &mut published,
                &mut shown,
                &mut measured,
            );
        }
        let depths = depths(&state.games);
        let waiting: Vec<Waiting> = state
            .games
            .iter()
            .enumerate()
            .filter(|(i, g)| g.status == MatchStatus::Ready && !on.iter().any(|o| o.game == *i))
            .filter_map(|(i, g)| {
                Some(Waiting {
                    id: i as i64,
                    tournament: 0,
                    players: vec![g.a?, g.b?],
                    depth: depths[i],
                    ready_since: ready_since.get(&i).copied().unwrap_or(now),
                    position: g.position,
                    not_before: published[i].filter(|_| promises),
                })
            })
            .collect();
        let busy: BTreeSet<Pid> = on
            .iter()
            .flat_map(|o| [state.games[o.game].a, state.games[o.game].b])
            .flatten()
            .collect();
        let room = Room {
            now,
            stations: &stations,
            busy: &busy,
            rested_at: &rested_at,
        };
        for call in calls(&room, &waiting) {
            let game = call.game as usize;
            let station = stations
                .iter()
                .position(|s| s.id == call.station)
                .expect("a station");
            if published[game].is_some_and(|at| at > now) && promises {
                measured.early_calls += 1;
            }
            if let Some(&(_, time)) = shown[game]
                .iter()
                .rev()
                .find(|(at, _)| *at <= now - 60 * MINUTE)
            {
                measured.lateness.push(now - time);
            }
            // The match's own dice: the same match lasts as long, and ends the same way, in the
            // day with the promises and in the day without them.
            let mut own = Dice::new(seed.wrapping_mul(1_000_003).wrapping_add(game as u64));
            let no_show = own.roll(20) == 0;
            let length = if no_show {
                NO_SHOW_AFTER
            } else {
                lognormal(event.median, &mut own)
            };
            stations[station].free = false;
            ready_since.remove(&game);
            on.push(OnStation {
                game,
                station,
                called_at: now,
                ends_at: now + length,
                no_show,
            });
        }
        if on.is_empty() && waiting.is_empty() {
            break;
        }
        // A waiting match's time matters only while a station is free for it.
        let free = stations.iter().any(|s| s.free);
        let due = waiting
            .iter()
            .filter_map(|w| w.not_before)
            .filter(|at| free && *at > now);
        let next = on.iter().map(|o| o.ends_at).chain(due).min();
        let Some(next) = next else { break };
        now = next;
        on.sort_by_key(|o| (o.ends_at, o.station));
        while on.first().is_some_and(|o| o.ends_at == now) {
            let o = on.remove(0);
            let g = &state.games[o.game];
            let outcome = match o.no_show {
                true => Outcome::Score {
                    score: None,
                    forfeit: Some(tourney::domain::Side::B),
                },
                false => {
                    let mut own =
                        Dice::new(seed.wrapping_mul(7_000_003).wrapping_add(o.game as u64));
                    let upset = own.roll(5) == 0;
                    Outcome::Score {
                        score: Some(if (g.a < g.b) != upset { (2, 0) } else { (0, 2) }),
                        forfeit: None,
                    }
                }
            };
            for player in [g.a, g.b].into_iter().flatten() {
                rested_at.insert(player, now);
            }
            if !o.no_show {
                finished.push(now - o.called_at);
            }
            report(&mut state, o.game, &outcome).expect("the engine takes the result");
            stations[o.station].free = true;
        }
    }
    measured.length = now;
    measured
}

/// The tournament's estimate: the median of its finished matches' call-to-result times once
/// five are done, blended with the organiser's guess before.
fn estimate(finished: &[i64]) -> i64 {
    if finished.is_empty() {
        return GUESS;
    }
    let mut sorted = finished.to_vec();
    sorted.sort_unstable();
    let median = sorted[sorted.len() / 2];
    let known = sorted.len().min(5) as i64;
    (median * known + GUESS * (5 - known)) / 5
}

/// Forecasts every unplayed match and publishes the times, counting any that would move earlier
/// (the forecast never gives one: it keeps the time published).
#[allow(clippy::too_many_arguments)]
fn publish(
    state: &State,
    stations: &[Station],
    on: &[OnStation],
    rested_at: &BTreeMap<Pid, i64>,
    ready_since: &BTreeMap<usize, i64>,
    estimate: i64,
    now: i64,
    published: &mut [Option<i64>],
    shown: &mut [Vec<(i64, i64)>],
    measured: &mut Measured,
) {
    let underway: Vec<Underway> = on
        .iter()
        .map(|o| Underway {
            tournament: 0,
            game: o.game,
            station: stations[o.station].id,
            called_at: o.called_at,
            ends_at: (o.called_at + estimate).max(now + 1),
        })
        .collect();
    let room = Forecast {
        now,
        stations,
        underway: &underway,
        rested_at,
        ready_since,
        published,
        estimate,
        stage_estimates: &BTreeMap::new(),
        rest: 0,
        lead_percent: lead_percent(),
    };
    let times = not_before(state, &room).expect("the forecast plays the day to its end");
    for (game, time) in times.into_iter().enumerate() {
        let Some(time) = time else { continue };
        if published[game].is_some_and(|before| time < before) {
            measured.moved_earlier += 1;
        }
        if published[game] != Some(time) {
            published[game] = Some(time);
            shown[game].push((now, time));
        }
    }
}

/// How much of the time ahead a published time gives back (`ROOM_TIMES_LEAD`, percent).
fn lead_percent() -> i64 {
    std::env::var("ROOM_TIMES_LEAD")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// A length drawn log-normal around `median` with a coefficient of variation of 0.3.
fn lognormal(median: i64, dice: &mut Dice) -> i64 {
    const SIGMA: f64 = 0.2936; // sqrt(ln(1 + 0.3²))
    let uniform = |dice: &mut Dice| (dice.roll(1 << 52) as f64 + 0.5) / (1u64 << 52) as f64;
    let (u, v) = (uniform(dice), uniform(dice));
    let normal = (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos();
    ((median as f64) * (SIGMA * normal).exp())
        .round()
        .max(MINUTE as f64) as i64
}

fn started(event: &Event) -> State {
    let settings = match event.format {
        Format::Swiss => Settings {
            rounds: Some(6),
            ..Settings::default()
        },
        _ => Settings::default(),
    };
    let mut state = State::new(event.format, settings);
    let field: Vec<Pid> = (1..=event.players).collect();
    start(&mut state, &field).expect("the field fits the format");
    state
}
