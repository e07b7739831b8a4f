//! Round-robin schedules by the circle method: every pair meets exactly once, in n-1 rounds for
//! an even field (n rounds for an odd one, where each participant sits one round out; no match is
//! created for the sitting-out).

use crate::domain::MatchStatus;
use crate::domain::engine::{Entrant, Game};

/// Every match of a round robin between `field` (in seed order), round by round.
pub fn schedule(stage: u32, group: Option<&str>, field: &[Entrant]) -> Vec<Game> {
    let mut seats: Vec<Option<i64>> = field.iter().map(|e| Some(e.id)).collect();
    if seats.len() % 2 == 1 {
        seats.push(None);
    }
    let n = seats.len();
    let mut games = Vec::new();
    for round in 1..n {
        let mut position = 1;
        for i in 0..n / 2 {
            let (home, away) = (seats[i], seats[n - 1 - i]);
            let (Some(home), Some(away)) = (home, away) else {
                continue;
            };
            // Alternate the fixed seat's side so nobody is always side a.
            let (a, b) = if i == 0 && round % 2 == 0 {
                (away, home)
            } else {
                (home, away)
            };
            let mut game = Game::new(
                stage,
                None,
                group.map(str::to_owned),
                round as u32,
                position,
            );
            (game.a, game.b, game.status) = (Some(a), Some(b), MatchStatus::Ready);
            games.push(game);
            position += 1;
        }
        // Rotate every seat but the first one step clockwise.
        seats[1..].rotate_right(1);
    }
    games
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    fn field(n: usize) -> Vec<Entrant> {
        (1..=n)
            .map(|seed| Entrant {
                id: seed as i64,
                seed: seed as u32,
            })
            .collect()
    }

    #[test]
    fn every_pair_meets_once() {
        for n in 2..=9 {
            let games = schedule(1, None, &field(n));
            let pairs: HashSet<_> = games.iter().map(|g| (g.a.min(g.b), g.a.max(g.b))).collect();
            assert_eq!(games.len(), n * (n - 1) / 2, "n={n}");
            assert_eq!(pairs.len(), games.len(), "n={n}: no pair twice");
            let rounds: HashSet<_> = games.iter().map(|g| g.round).collect();
            assert_eq!(rounds.len(), if n % 2 == 0 { n - 1 } else { n }, "n={n}");
            for round in rounds {
                let playing: Vec<_> = games
                    .iter()
                    .filter(|g| g.round == round)
                    .flat_map(|g| [g.a, g.b])
                    .collect();
                let distinct: HashSet<_> = playing.iter().collect();
                assert_eq!(
                    distinct.len(),
                    playing.len(),
                    "n={n}: nobody plays twice in round {round}"
                );
            }
        }
    }
}
