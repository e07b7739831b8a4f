//! The free-for-all leaderboard: per participant the points, rounds played, first places and best
//! place over the completed rounds, ranked and positioned. Pure: a function of the entrants and the
//! games handed in.
//!
//! Never does storage, names or I/O: rows carry participant ids only; the caller loads the rounds,
//! names the participants and shows the leaderboard.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use crate::domain::engine::{Entrant, Game, Pid};

/// One participant's line in a free-for-all leaderboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaderRow {
    /// Competition rank (1, 2, 2, 4) over points, wins and best place: equal only when all are.
    pub rank: u32,
    /// Display order, unique 1..=n: equal ranks are ordered by seed (lower first), then id.
    pub position: u32,
    pub participant: Pid,
    pub points: u64,
    /// Completed rounds with a result for the participant.
    pub played: u32,
    /// First places.
    pub wins: u32,
    /// The best (lowest) place reached; `None` before any result.
    pub best_place: Option<u32>,
}

#[derive(Debug, Default)]
struct Tally {
    points: u64,
    played: u32,
    wins: u32,
    best_place: Option<u32>,
}

/// From the COMPLETED games' `results` (each a `Placing {participant, place, points}`).
///
/// Every entrant gets a row. Ordered by points (more first), then wins (more first), then best
/// place (lower first, none last). A placing of someone not among `entrants` is ignored, and so is
/// a second placing of the same participant in one round.
pub fn leaderboard(entrants: &[Entrant], games: &[&Game]) -> Vec<LeaderRow> {
    let mut seen = HashSet::new();
    let field: Vec<Entrant> = entrants
        .iter()
        .filter(|e| seen.insert(e.id))
        .copied()
        .collect();
    let index: HashMap<Pid, usize> = field.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
    let mut tallies: Vec<Tally> = field.iter().map(|_| Tally::default()).collect();

    for game in games.iter().filter(|g| g.is_completed()) {
        let mut counted = HashSet::new();
        for placing in &game.results {
            let Some(&i) = index.get(&placing.participant) else {
                continue;
            };
            if !counted.insert(i) {
                continue;
            }
            let tally = &mut tallies[i];
            tally.points = tally.points.saturating_add(u64::from(placing.points));
            tally.played = tally.played.saturating_add(1);
            if placing.place == 1 {
                tally.wins = tally.wins.saturating_add(1);
            }
            tally.best_place = Some(
                tally
                    .best_place
                    .map_or(placing.place, |best| best.min(placing.place)),
            );
        }
    }

    let mut order: Vec<usize> = (0..field.len()).collect();
    order.sort_by(|&i, &j| {
        compare(&tallies[i], &tallies[j])
            .then(field[i].seed.cmp(&field[j].seed))
            .then(field[i].id.cmp(&field[j].id))
    });

    let mut rows = Vec::with_capacity(order.len());
    let mut rank = 0u32;
    for (at, &i) in order.iter().enumerate() {
        let position = u32::try_from(at + 1).unwrap_or(u32::MAX);
        if at == 0 || compare(&tallies[order[at - 1]], &tallies[i]) != Ordering::Equal {
            rank = position;
        }
        let tally = &tallies[i];
        rows.push(LeaderRow {
            rank,
            position,
            participant: field[i].id,
            points: tally.points,
            played: tally.played,
            wins: tally.wins,
            best_place: tally.best_place,
        });
    }
    rows
}

/// `Less` when `a` stands above `b`: more points, then more wins, then a better best place (a
/// place before none).
fn compare(a: &Tally, b: &Tally) -> Ordering {
    b.points
        .cmp(&a.points)
        .then(b.wins.cmp(&a.wins))
        .then(match (a.best_place, b.best_place) {
            (Some(x), Some(y)) => x.cmp(&y),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::engine::{Placing, Settings, State};
    use crate::domain::{Format, MatchStatus};

    /// Points for places 1 to 6.
    const SCALE: [u32; 6] = [10, 7, 5, 3, 1, 0];

    /// A free-for-all round with `status` and the given (participant, place) results, scored on
    /// [`SCALE`].
    fn round(number: u32, status: MatchStatus, places: &[(Pid, u32)]) -> Game {
        let mut game = Game::new(1, None, None, number, 0);
        game.status = status;
        game.results = places
            .iter()
            .map(|&(participant, place)| Placing {
                participant,
                place,
                points: SCALE[place as usize - 1],
            })
            .collect();
        game
    }

    fn state(field: &[(Pid, u32)], games: Vec<Game>) -> State {
        let mut state = State::new(Format::FreeForAll, Settings::default());
        state.entrants = field
            .iter()
            .map(|&(id, seed)| Entrant { id, seed })
            .collect();
        state.games = games;
        state
    }

    /// (rank, position, participant, points, played, wins, best place).
    type Line = (u32, u32, Pid, u64, u32, u32, Option<u32>);

    fn lines(state: &State) -> Vec<Line> {
        let games: Vec<&Game> = state.games.iter().collect();
        leaderboard(&state.entrants, &games)
            .iter()
            .map(|r| {
                (
                    r.rank,
                    r.position,
                    r.participant,
                    r.points,
                    r.played,
                    r.wins,
                    r.best_place,
                )
            })
            .collect()
    }

    #[test]
    fn leaderboard_ties_broken_by_wins_then_best_place_then_shared() {
        // Scale: 1st 10, 2nd 7, 3rd 5, 4th 3, 5th 1, 6th 0. Entrants (id, seed): V (10, 1),
        // U (20, 2), T (30, 3), S (40, 4), N (60, 5), M (50, 6), Z (70, 7).
        //   Round 1: U 1st, S 2nd, V 3rd, T 4th, M 5th, N 6th.
        //   Round 2: U 1st, N 2nd, V 3rd, T 4th, S 5th, M 6th.
        //   Round 3: V 1st, M 2nd, T 3rd, S 4th, N 5th, U 6th.
        //   Round 4 is still in progress (Z leads it): it counts for nothing.
        // U: 10 + 10 + 0 = 20, 2 wins, best 1.   V: 5 + 5 + 10 = 20, 1 win, best 1.
        // S: 7 + 1 + 3 = 11, 0 wins, best 2.     T: 3 + 3 + 5 = 11, 0 wins, best 3.
        // M: 1 + 0 + 7 = 8, 0 wins, best 2.      N: 0 + 7 + 1 = 8, 0 wins, best 2.
        // Z: nothing completed: 0 points, 0 played, no best place.
        // U before V on wins (V has the better seed); S before T on best place (T has the better
        // seed); M and N equal on everything: both rank 5, N (seed 5) placed before M (seed 6)
        // although M has the lower id; Z rank 7.
        const V: Pid = 10;
        const U: Pid = 20;
        const T: Pid = 30;
        const S: Pid = 40;
        const M: Pid = 50;
        const N: Pid = 60;
        const Z: Pid = 70;
        let done = MatchStatus::Completed;
        let state = state(
            &[(V, 1), (U, 2), (T, 3), (S, 4), (N, 5), (M, 6), (Z, 7)],
            vec![
                round(1, done, &[(U, 1), (S, 2), (V, 3), (T, 4), (M, 5), (N, 6)]),
                round(2, done, &[(U, 1), (N, 2), (V, 3), (T, 4), (S, 5), (M, 6)]),
                round(3, done, &[(V, 1), (M, 2), (T, 3), (S, 4), (N, 5), (U, 6)]),
                round(4, MatchStatus::InProgress, &[(Z, 1), (M, 2), (N, 3)]),
            ],
        );
        assert_eq!(
            lines(&state),
            vec![
                (1, 1, U, 20, 3, 2, Some(1)),
                (2, 2, V, 20, 3, 1, Some(1)),
                (3, 3, S, 11, 3, 0, Some(2)),
                (4, 4, T, 11, 3, 0, Some(3)),
                (5, 5, N, 8, 3, 0, Some(2)),
                (5, 6, M, 8, 3, 0, Some(2)),
                (7, 7, Z, 0, 0, 0, None),
            ]
        );
    }

    #[test]
    fn leaderboard_unplaced_entrants_come_last_and_outsiders_are_ignored() {
        // One completed round: 3 first (10 points), 2 sixth (0 points), outsider 99 second.
        // 1 (seed 1) played nothing. 2 and 1 are equal on points (0) and wins (0); 2 has a best
        // place (6), 1 has none, so 2 ranks 2nd and 1 ranks 3rd despite its seed. A second
        // placing of 3 in the same round is not counted again. 99 gets no row.
        let mut game = round(1, MatchStatus::Completed, &[(3, 1), (99, 2), (2, 6)]);
        game.results.push(Placing {
            participant: 3,
            place: 4,
            points: 3,
        });
        let played = state(&[(1, 1), (2, 2), (3, 3)], vec![game]);
        assert_eq!(
            lines(&played),
            vec![
                (1, 1, 3, 10, 1, 1, Some(1)),
                (2, 2, 2, 0, 1, 0, Some(6)),
                (3, 3, 1, 0, 0, 0, None)
            ]
        );
        // Nothing completed: every row empty and everyone shares rank 1, by seed.
        let idle = state(
            &[(8, 2), (9, 1)],
            vec![round(1, MatchStatus::Pending, &[(8, 1)])],
        );
        assert_eq!(
            lines(&idle),
            vec![(1, 1, 9, 0, 0, 0, None), (1, 2, 8, 0, 0, 0, None)]
        );
        assert!(leaderboard(&[], &[]).is_empty());
    }
}
