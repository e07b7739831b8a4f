//! Which waiting match goes to which free station now. The queue's order (DESIGN §20): the match
//! that holds back the most of the event first ([`Depth`]), then the one waiting longest, then
//! its position; a match is called when every player it needs is on no station and rested and
//! its `not_before` has come, to the first free, unpaused station of its tournament.
//!
//! Greedy in that order, which gives the promises the tests check: no station and no player is
//! given two matches, rest is always kept, no station is left idle while a match it could take
//! waits, and no match is passed over for one behind it in the queue that took its station.

use std::collections::{BTreeMap, BTreeSet};

use super::queue::Depth;
use crate::domain::engine::Pid;

/// A ready match waiting for a station.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    /// The match (the database's id, or any number in tests).
    pub id: i64,
    /// Its tournament: it may go to the stations that serve it.
    pub tournament: i64,
    /// Every participant it needs (both sides, or a free-for-all round's whole field).
    pub players: Vec<Pid>,
    pub depth: Depth,
    /// Since when it has been ready to play (ms).
    pub ready_since: i64,
    pub position: u32,
    /// The earliest time it may be called (ms), once published.
    pub not_before: Option<i64>,
}

impl Waiting {
    /// Its place in the queue: lower is called first.
    fn key(&self) -> (Depth, i64, u32, i64) {
        (self.depth, self.ready_since, self.position, self.id)
    }
}

/// A station of the space as the room stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Station {
    pub id: i64,
    /// Paused: nothing new is called to it.
    pub paused: bool,
    /// Holds no match.
    pub free: bool,
    /// The tournaments that play on it.
    pub serves: BTreeSet<i64>,
}

impl Station {
    fn takes(&self, match_: &Waiting) -> bool {
        self.free && !self.paused && self.serves.contains(&match_.tournament)
    }
}

/// The room at one moment: the time, its stations (in the order a call prefers them), the
/// players on a station, and when each player who has played is rested.
#[derive(Debug, Clone, Copy)]
pub struct Room<'a> {
    pub now: i64,
    pub stations: &'a [Station],
    pub busy: &'a BTreeSet<Pid>,
    pub rested_at: &'a BTreeMap<Pid, i64>,
}

/// A match called to a station.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Call {
    pub game: i64,
    pub station: i64,
}

/// Whether `match_` may be called now, stations aside: its players are free and rested and its
/// `not_before` has come.
pub fn callable(room: &Room<'_>, match_: &Waiting) -> bool {
    match_.not_before.is_none_or(|at| at <= room.now)
        && match_.players.iter().all(|p| {
            !room.busy.contains(p) && room.rested_at.get(p).is_none_or(|at| *at <= room.now)
        })
}

/// The waiting matches in queue order: the first is called first.
pub fn queue(waiting: &[Waiting]) -> Vec<&Waiting> {
    let mut queue: Vec<&Waiting> = waiting.iter().collect();
    queue.sort_by_key(|w| w.key());
    queue
}

/// The calls to make now, in queue order.
pub fn calls(room: &Room<'_>, waiting: &[Waiting]) -> Vec<Call> {
    let queue = queue(waiting);
    let mut taken: BTreeSet<i64> = BTreeSet::new();
    let mut busy = room.busy.clone();
    let mut calls = Vec::new();
    for match_ in queue {
        let now = Room {
            busy: &busy,
            ..*room
        };
        if !callable(&now, match_) {
            continue;
        }
        let station = room
            .stations
            .iter()
            .find(|s| s.takes(match_) && !taken.contains(&s.id));
        let Some(station) = station else {
            continue;
        };
        taken.insert(station.id);
        busy.extend(match_.players.iter().copied());
        calls.push(Call {
            game: match_.id,
            station: station.id,
        });
    }
    calls
}
