//! A day at the venue played through the engine: the room calls ([`calls`]), each match lasts as
//! long as it is told, and results are reported in the order matches end, until every
//! tournament is over. The room's own measure: its tests check every step of such days, and its
//! benchmark compares how long they take with the least any schedule could.
//!
//! Pure, like the rest of the room: the time is a number that only moves forward here.

use std::collections::{BTreeMap, BTreeSet};

use super::calls::{Call, Room, Station, Waiting, calls};
use super::queue::depths;
use crate::domain::MatchStatus;
use crate::domain::engine::{EngineError, Outcome, Pid, State, report};

/// Match ids in a day: a tournament's index times this, plus the match's index.
const PER_TOURNAMENT: i64 = 1_000_000;

/// One match as it was played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub tournament: usize,
    /// Its index in the tournament's matches.
    pub game: usize,
    pub station: i64,
    pub ready_at: i64,
    pub called_at: i64,
    pub ended_at: i64,
    pub players: Vec<Pid>,
}

/// Why a day could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum DayError {
    #[error("matches wait and nothing will ever free them")]
    Stuck,
    #[error("the day ended with a match of tournament {0} unplayed")]
    Unplayed(usize),
    #[error("the engine refused a result: {0}")]
    Engine(#[from] EngineError),
}

/// Who watches a round of calls: the room, what waited, what was called.
pub type Watch<'a> = &'a mut dyn FnMut(&Room<'_>, &[Waiting], &[Call]);

/// What a day is told: how long each match lasts, what result it ends with, the `not_before`
/// published for a match (by tournament and match index; none when not given), and who watches
/// every round of calls (the room, what waited, what was called).
pub struct Script<'a> {
    pub rest: i64,
    pub length: &'a mut dyn FnMut(&State, usize) -> i64,
    pub result: &'a mut dyn FnMut(&State, usize) -> Outcome,
    pub not_before: Option<&'a dyn Fn(usize, usize) -> Option<i64>>,
    pub watch: Watch<'a>,
}

/// A match already on a station when a day starts: its tournament and index, its station, when
/// it was called and when it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Underway {
    pub tournament: usize,
    pub game: usize,
    pub station: i64,
    pub called_at: i64,
    pub ends_at: i64,
}

/// Where a day starts: its time, the matches already on stations, when each player who has
/// played is rested, and since when each waiting match (by tournament and index) has waited.
#[derive(Debug, Clone, Default)]
pub struct Start {
    pub now: i64,
    pub underway: Vec<Underway>,
    pub rested_at: BTreeMap<Pid, i64>,
    pub ready_since: BTreeMap<(usize, usize), i64>,
}

/// Every participant match `game` of `state` needs: its two sides, or a free-for-all round's
/// whole field.
pub fn players(state: &State, game: usize) -> Vec<Pid> {
    let g = &state.games[game];
    match (g.a, g.b) {
        (Some(a), Some(b)) => vec![a, b],
        _ => state.entrants.iter().map(|e| e.id).collect(),
    }
}

/// A small seeded source of choices (xorshift64*) for the days the room's tests and benchmark
/// play: the same seed plays the same day, so a failing case replays exactly.
#[derive(Debug, Clone)]
pub struct Dice(u64);

impl Dice {
    /// Dice from `seed` (any: xorshift needs a state that is not zero, so the lowest bit is set).
    pub fn new(seed: u64) -> Dice {
        Dice(seed | 1)
    }

    /// A number from 0 to `sides - 1` (0 for no sides).
    pub fn roll(&mut self, sides: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % sides.max(1)
    }
}

/// A match on a station.
struct OnStation {
    played: Played,
    station: usize,
}

/// Plays `tournaments` (started) to their end on `stations`, from time 0; the matches as played,
/// in the order they ended.
pub fn play(
    tournaments: &mut [State],
    stations: &[Station],
    script: Script<'_>,
) -> Result<Vec<Played>, DayError> {
    play_from(tournaments, stations, Start::default(), script)
}

/// Plays `tournaments` to their end on `stations` from `start` (its time, the matches already on
/// stations, who rests until when); the matches as played from then, in the order they ended,
/// those underway first among equals.
pub fn play_from(
    tournaments: &mut [State],
    stations: &[Station],
    start: Start,
    script: Script<'_>,
) -> Result<Vec<Played>, DayError> {
    let mut stations = stations.to_vec();
    let mut ready_since: Vec<BTreeMap<usize, i64>> = vec![BTreeMap::new(); tournaments.len()];
    for ((t, game), since) in &start.ready_since {
        if let Some(waits) = ready_since.get_mut(*t) {
            waits.insert(*game, *since);
        }
    }
    let mut on: Vec<OnStation> = Vec::new();
    let mut busy: BTreeSet<Pid> = BTreeSet::new();
    for u in &start.underway {
        let (Some(state), Some(station)) = (
            tournaments.get(u.tournament),
            stations.iter().position(|s| s.id == u.station),
        ) else {
            continue;
        };
        if state.games.get(u.game).is_none() {
            continue;
        }
        stations[station].free = false;
        let players = players(state, u.game);
        busy.extend(players.iter().copied());
        on.push(OnStation {
            station,
            played: Played {
                tournament: u.tournament,
                game: u.game,
                station: u.station,
                ready_at: u.called_at,
                called_at: u.called_at,
                ended_at: u.ends_at.max(start.now),
                players,
            },
        });
    }
    let mut rested_at: BTreeMap<Pid, i64> = start.rested_at;
    let mut done = Vec::new();
    let mut now = start.now;
    loop {
        let mut waiting = waiting(tournaments, &mut ready_since, &on, now);
        if let Some(published) = script.not_before {
            for w in &mut waiting {
                let (t, game) = split(w.id);
                w.not_before = published(t, game);
            }
        }
        if waiting.is_empty() && on.is_empty() {
            return match tournaments.iter().position(|t| !over(t)) {
                Some(t) => Err(DayError::Unplayed(t)),
                None => Ok(done),
            };
        }
        let room = Room {
            now,
            stations: &stations,
            busy: &busy,
            rested_at: &rested_at,
        };
        let made = calls(&room, &waiting);
        (script.watch)(&room, &waiting, &made);
        for call in &made {
            let (t, game) = split(call.game);
            let station = stations.iter().position(|s| s.id == call.station);
            let Some(station) = station else { continue };
            stations[station].free = false;
            let players = players(&tournaments[t], game);
            busy.extend(players.iter().copied());
            let ready_at = ready_since[t].remove(&game).unwrap_or(now);
            let length = (script.length)(&tournaments[t], game).max(1);
            on.push(OnStation {
                station,
                played: Played {
                    tournament: t,
                    game,
                    station: call.station,
                    ready_at,
                    called_at: now,
                    ended_at: now + length,
                    players,
                },
            });
        }
        now = next_moment(&on, &waiting, &rested_at, now).ok_or(DayError::Stuck)?;
        on.sort_by_key(|o| (o.played.ended_at, o.played.station));
        while on.first().is_some_and(|o| o.played.ended_at == now) {
            let o = on.remove(0);
            let state = &mut tournaments[o.played.tournament];
            for player in &o.played.players {
                busy.remove(player);
                rested_at.insert(*player, now + script.rest);
            }
            let result = (script.result)(state, o.played.game);
            report(state, o.played.game, &result)?;
            stations[o.station].free = true;
            done.push(o.played);
        }
    }
}

/// The ready matches not on a station, each with the time it became ready.
fn waiting(
    tournaments: &[State],
    ready_since: &mut [BTreeMap<usize, i64>],
    on: &[OnStation],
    now: i64,
) -> Vec<Waiting> {
    let mut waiting = Vec::new();
    for (t, state) in tournaments.iter().enumerate() {
        let depths = depths(&state.games);
        for (game, g) in state.games.iter().enumerate() {
            let playing = on
                .iter()
                .any(|o| o.played.tournament == t && o.played.game == game);
            if g.status != MatchStatus::Ready || playing {
                continue;
            }
            let since = *ready_since[t].entry(game).or_insert(now);
            waiting.push(Waiting {
                id: t as i64 * PER_TOURNAMENT + game as i64,
                tournament: t as i64,
                players: players(state, game),
                depth: depths[game],
                ready_since: since,
                position: g.position,
                not_before: None,
            });
        }
    }
    waiting
}

/// The next moment anything changes after `now`: a match ends, a waiting player is rested, or a
/// waiting match's `not_before` comes.
fn next_moment(
    on: &[OnStation],
    waiting: &[Waiting],
    rested_at: &BTreeMap<Pid, i64>,
    now: i64,
) -> Option<i64> {
    let ends = on.iter().map(|o| o.played.ended_at);
    let rested = waiting
        .iter()
        .flat_map(|w| w.players.iter())
        .filter_map(|p| rested_at.get(p).copied())
        .filter(|at| *at > now);
    let due = waiting
        .iter()
        .filter_map(|w| w.not_before)
        .filter(|at| *at > now);
    ends.chain(rested).chain(due).min()
}

/// A day's match id: its tournament and its index.
fn split(id: i64) -> (usize, usize) {
    (
        (id / PER_TOURNAMENT) as usize,
        (id % PER_TOURNAMENT) as usize,
    )
}

fn over(state: &State) -> bool {
    state
        .games
        .iter()
        .all(|g| g.status == MatchStatus::Completed)
}
