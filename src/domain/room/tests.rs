//! The room's promises, checked on whole events: random fields of every format (and a Swiss into
//! a playoff), random match lengths, results in the order they finish, one to eight stations
//! (some paused), rest from none to longer than a match, and one or two tournaments sharing the
//! stations. At every step of the day: no station and no player is given two matches, rest is
//! kept, no station idles while a match it could take waits, no match is passed over for one
//! behind it that took its station; and every event is played to its end.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use super::day::{Dice, players};
use super::*;
use crate::domain::engine::{Outcome, Pid, Settings, StageSpec, State, Take, start};
use crate::domain::{Bracket, Format, StageType};

/// A started tournament of `format` with `n` players numbered from `first`.
fn event(format: Format, n: i64, first: Pid, dice: &mut Dice) -> State {
    let settings = match format {
        Format::GroupsPlayoffs => Settings {
            group_count: Some(2),
            advance_per_group: Some(2),
            ..Settings::default()
        },
        Format::SingleElimination => Settings {
            third_place: dice.roll(2) == 0,
            ..Settings::default()
        },
        Format::Swiss if dice.roll(2) == 0 => Settings {
            rounds: Some(3),
            later_stages: vec![StageSpec::new(
                StageType::SingleElimination,
                "Playoff",
                Some(Take::Best(4)),
            )],
            ..Settings::default()
        },
        _ => Settings::default(),
    };
    let field: Vec<Pid> = (first..first + n).collect();
    let mut state = State::new(format, settings);
    start(&mut state, &field).expect("the field fits the format");
    state
}

/// A result for `game`: a random winner (a draw now and then where draws are allowed), or
/// random places in a free-for-all round.
fn outcome(state: &State, game: usize, dice: &mut Dice) -> Outcome {
    let g = &state.games[game];
    if g.a.is_none() {
        let mut order = players(state, game);
        for i in (1..order.len()).rev() {
            order.swap(i, dice.roll(i as u64 + 1) as usize);
        }
        return Outcome::Places(order);
    }
    let stage_type = state.stage(g.stage).map(|s| s.stage_type);
    let draws = matches!(
        stage_type,
        Some(StageType::RoundRobin | StageType::Swiss | StageType::Groups)
    );
    let score = match dice.roll(5) {
        0 if draws => (1, 1),
        0 | 1 => (0, 2),
        _ => (2, 0),
    };
    Outcome::Score {
        score: Some(score),
        forfeit: None,
    }
}

/// Plays a day of `tournaments` on `stations`, each match lasting 1 to 10 minutes, checking
/// every round of calls.
fn play_day(mut tournaments: Vec<State>, stations: &[Station], rest: i64, dice: &mut Dice) {
    let minute = 60_000;
    let dice = std::cell::RefCell::new(dice);
    let script = day::Script {
        rest,
        length: &mut |_, _| (1 + dice.borrow_mut().roll(10) as i64) * minute,
        result: &mut |state, game| outcome(state, game, &mut dice.borrow_mut()),
        not_before: None,
        watch: &mut |room, waiting, made| check(room, waiting, made, rest),
    };
    let played = day::play(&mut tournaments, stations, script);
    let played = played.unwrap_or_else(|e| panic!("{e}"));
    let matches: usize = tournaments
        .iter()
        .map(|t| t.games.iter().filter(|g| !g.bye).count())
        .sum();
    assert_eq!(played.len(), matches, "every match played once");
}

/// The promises of one round of calls.
fn check(room: &Room<'_>, waiting: &[Waiting], made: &[Call], rest: i64) {
    let by_id: BTreeMap<i64, &Waiting> = waiting.iter().map(|w| (w.id, w)).collect();
    let mut stations = BTreeSet::new();
    let mut booked: BTreeSet<Pid> = room.busy.clone();
    for call in made {
        let match_ = by_id[&call.game];
        let station = room.stations.iter().find(|s| s.id == call.station);
        let station = station.expect("a call names a station of the room");
        assert!(stations.insert(call.station), "a station given two matches");
        assert!(
            station.free && !station.paused,
            "a call to a busy or paused station"
        );
        assert!(
            station.serves.contains(&match_.tournament),
            "a station not of its tournament"
        );
        for p in &match_.players {
            assert!(booked.insert(*p), "player {p} given two stations");
            let rested = room.rested_at.get(p).is_none_or(|at| *at <= room.now);
            assert!(rested, "player {p} called before {rest} ms of rest");
        }
    }
    let called: BTreeSet<i64> = made.iter().map(|c| c.game).collect();
    let after = Room {
        busy: &booked,
        ..*room
    };
    for w in waiting.iter().filter(|w| !called.contains(&w.id)) {
        if !callable(&after, w) {
            continue;
        }
        for s in room
            .stations
            .iter()
            .filter(|s| s.serves.contains(&w.tournament))
        {
            let idle = s.free && !s.paused && !stations.contains(&s.id);
            assert!(
                !idle,
                "station {} idle while match {} could play",
                s.id, w.id
            );
        }
        for call in made {
            let took = by_id[&call.game];
            let station = room.stations.iter().find(|s| s.id == call.station);
            let serves = station.is_some_and(|s| s.serves.contains(&w.tournament));
            let ahead = (w.depth, w.ready_since, w.position, w.id)
                < (took.depth, took.ready_since, took.position, took.id);
            assert!(
                !(serves && ahead),
                "match {} passed over for {}",
                w.id,
                took.id
            );
        }
    }
}

fn format_of(n: u64) -> Format {
    match n % 6 {
        0 => Format::SingleElimination,
        1 => Format::DoubleElimination,
        2 => Format::RoundRobin,
        3 => Format::Swiss,
        4 => Format::GroupsPlayoffs,
        _ => Format::FreeForAll,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_day_keeps_every_promise(
        formats in proptest::collection::vec(0u64..6, 1..=2),
        sizes in proptest::collection::vec(4i64..=20, 2),
        station_count in 1usize..=8,
        paused in 0usize..=3,
        rest_minutes in 0i64..=12,
        seed in any::<u64>(),
    ) {
        let mut dice = Dice::new(seed);
        let tournaments: Vec<State> = formats
            .iter()
            .enumerate()
            .map(|(t, f)| event(format_of(*f), sizes[t], 1000 * (t as i64 + 1), &mut dice))
            .collect();
        let count = tournaments.len() as i64;
        let stations: Vec<Station> = (0..station_count)
            .map(|s| Station {
                id: s as i64 + 1,
                // Some paused, never all.
                paused: s > 0 && s < paused,
                free: true,
                // The first station serves every tournament; each other a random one or all.
                serves: match dice.roll(count as u64 + 1) as i64 {
                    pick if s > 0 && pick < count => [pick].into(),
                    _ => (0..count).collect(),
                },
            })
            .collect();
        play_day(tournaments, &stations, rest_minutes * 60_000, &mut dice);
    }
}

fn station(id: i64) -> Station {
    Station {
        id,
        paused: false,
        free: true,
        serves: [0].into(),
    }
}

#[test]
fn a_losers_match_counts_with_the_winners_round_that_feeds_it() {
    let mut dice = Dice::new(7);
    let state = event(Format::DoubleElimination, 8, 101, &mut dice);
    let depths = depths(&state.games);
    let of = |bracket, round| {
        let found = state
            .games
            .iter()
            .position(|g| g.bracket == Some(bracket) && g.round == round);
        depths[found.expect("the round exists")].round
    };
    // Losers' round 1 takes the losers of winners' round 1; round 2 those of winners' round 2;
    // round 3 only losers' winners (still counted with winners' round 2); round 4 the losers
    // of the winners' final (round 3).
    assert_eq!(of(Bracket::Losers, 1), 1);
    assert_eq!(of(Bracket::Losers, 2), 2);
    assert_eq!(of(Bracket::Losers, 3), 2);
    assert_eq!(of(Bracket::Losers, 4), 3);
    // The grand final comes after every round it joins.
    assert_eq!(of(Bracket::GrandFinal, 1), 4);
}

#[test]
fn the_queue_calls_the_earliest_round_then_the_longest_waiting_then_position() {
    let depth = |round| Depth { stage: 1, round };
    let waiting = |id, round, since, position| Waiting {
        id,
        tournament: 0,
        players: vec![id * 2, id * 2 + 1],
        depth: depth(round),
        ready_since: since,
        position,
        not_before: None,
    };
    let stations = [station(1), station(2), station(3)];
    let (busy, rested_at) = (BTreeSet::new(), BTreeMap::new());
    let room = Room {
        now: 1_000,
        stations: &stations,
        busy: &busy,
        rested_at: &rested_at,
    };
    let queue = [
        waiting(1, 2, 0, 1),
        waiting(2, 1, 500, 2),
        waiting(3, 1, 500, 1),
        waiting(4, 1, 100, 3),
    ];
    let made = calls(&room, &queue);
    let order: Vec<(i64, i64)> = made.iter().map(|c| (c.game, c.station)).collect();
    assert_eq!(order, [(4, 1), (3, 2), (2, 3)]);
}

#[test]
fn a_final_waits_for_the_later_semi_finalist_to_rest() {
    // A cup of four with 4 minutes' rest: semi-final 1 ends at 10, semi-final 2 at 12. At 14
    // the first winner is rested and the second is not: the final is not called until 16.
    let minute = 60_000;
    let final_ = Waiting {
        id: 3,
        tournament: 0,
        players: vec![101, 102],
        depth: Depth { stage: 1, round: 2 },
        ready_since: 12 * minute,
        position: 1,
        not_before: None,
    };
    let stations = [station(1), station(2)];
    let busy = BTreeSet::new();
    let rested_at: BTreeMap<Pid, i64> = [(101, 14 * minute), (102, 16 * minute)].into();
    let at = |now| Room {
        now,
        stations: &stations,
        busy: &busy,
        rested_at: &rested_at,
    };
    assert!(calls(&at(14 * minute), std::slice::from_ref(&final_)).is_empty());
    assert!(calls(&at(16 * minute - 1), std::slice::from_ref(&final_)).is_empty());
    assert_eq!(
        calls(&at(16 * minute), &[final_]),
        [Call {
            game: 3,
            station: 1
        }]
    );
}

#[test]
fn nothing_is_called_before_its_time_to_a_paused_station_or_one_of_another_tournament() {
    let match_ = Waiting {
        id: 1,
        tournament: 0,
        players: vec![101, 102],
        depth: Depth { stage: 1, round: 1 },
        ready_since: 0,
        position: 1,
        not_before: Some(5_000),
    };
    let paused = Station {
        paused: true,
        ..station(1)
    };
    let elsewhere = Station {
        serves: [1].into(),
        ..station(2)
    };
    let open = station(3);
    let (busy, rested_at) = (BTreeSet::new(), BTreeMap::new());
    let stations = [paused, elsewhere, open];
    let at = |now| Room {
        now,
        stations: &stations,
        busy: &busy,
        rested_at: &rested_at,
    };
    assert!(calls(&at(4_999), std::slice::from_ref(&match_)).is_empty());
    assert_eq!(
        calls(&at(5_000), &[match_]),
        [Call {
            game: 1,
            station: 3
        }]
    );
}
