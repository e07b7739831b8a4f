//! Swiss pairing: each round pairs players with equal or near points who have not met yet.
//!
//! Round 1 pairs the top half of the seeds against the bottom half (1 v n/2+1, ...). Later rounds
//! order the field by points (then seed) and pair from the top, each player with the nearest one
//! they have not met, backtracking when that paints the pairing into a corner, so a rematch happens
//! only when no rematch-free pairing exists (or the search budget runs out on huge fields, when the
//! fewest rematches are accepted instead). With an odd field the lowest-placed player who has not
//! had a bye sits out and scores a win.

use std::collections::HashSet;

use crate::domain::engine::Pid;

/// Rounds a Swiss of `n` players plays when the tournament does not say: enough to separate a
/// single winner, ceil(log2 n), and never more than n - 1.
pub fn default_rounds(n: usize) -> u32 {
    let rounds = (n.max(2) as f64).log2().ceil() as u32;
    rounds.clamp(1, n.saturating_sub(1).max(1) as u32)
}

/// One round's pairings, and the player sitting out (odd fields).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    pub pairs: Vec<(Pid, Pid)>,
    pub bye: Option<Pid>,
}

/// Steps the rematch-free search may take before it settles for the fewest rematches.
const SEARCH_BUDGET: usize = 200_000;

/// Pairs round 1: `field` in seed order, top half against bottom half.
pub fn first_round(field: &[Pid]) -> Pairing {
    let (field, bye) = if field.len() % 2 == 1 {
        (&field[..field.len() - 1], field.last().copied())
    } else {
        (field, None)
    };
    let half = field.len() / 2;
    Pairing {
        pairs: (0..half).map(|i| (field[i], field[i + half])).collect(),
        bye,
    }
}

/// Pairs a later round. `ranked` is the field ordered by points then seed; `met` holds every pair
/// that has played (both orders); `had_bye` those who sat out before.
pub fn next_round(ranked: &[Pid], met: &HashSet<(Pid, Pid)>, had_bye: &HashSet<Pid>) -> Pairing {
    let mut budget = SEARCH_BUDGET;
    if ranked.len().is_multiple_of(2) {
        return match pair_without_rematches(ranked, met, &mut budget) {
            Some(pairs) => Pairing { pairs, bye: None },
            None => Pairing {
                pairs: fewest_rematches(ranked, met),
                bye: None,
            },
        };
    }
    // The bye goes to the lowest-placed player without one, or the next one up if that leaves no
    // rematch-free pairing.
    let mut sitters: Vec<usize> = (0..ranked.len())
        .rev()
        .filter(|&i| !had_bye.contains(&ranked[i]))
        .collect();
    if sitters.is_empty() {
        sitters.push(ranked.len() - 1);
    }
    for &sitter in &sitters {
        let mut players = ranked.to_vec();
        let bye = players.remove(sitter);
        if let Some(pairs) = pair_without_rematches(&players, met, &mut budget) {
            return Pairing {
                pairs,
                bye: Some(bye),
            };
        }
    }
    let mut players = ranked.to_vec();
    let bye = players.remove(sitters[0]);
    Pairing {
        pairs: fewest_rematches(&players, met),
        bye: Some(bye),
    }
}

fn pair_without_rematches(
    players: &[Pid],
    met: &HashSet<(Pid, Pid)>,
    budget: &mut usize,
) -> Option<Vec<(Pid, Pid)>> {
    let mut pairs = Vec::with_capacity(players.len() / 2);
    let mut free = vec![true; players.len()];
    search(players, met, &mut free, &mut pairs, budget).then_some(pairs)
}

/// Depth-first: pair the highest free player with the nearest free one not met yet.
fn search(
    players: &[Pid],
    met: &HashSet<(Pid, Pid)>,
    free: &mut [bool],
    pairs: &mut Vec<(Pid, Pid)>,
    budget: &mut usize,
) -> bool {
    let Some(first) = free.iter().position(|&f| f) else {
        return true;
    };
    free[first] = false;
    for second in first + 1..players.len() {
        if !free[second] || met.contains(&(players[first], players[second])) {
            continue;
        }
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        free[second] = false;
        pairs.push((players[first], players[second]));
        if search(players, met, free, pairs, budget) {
            return true;
        }
        pairs.pop();
        free[second] = true;
    }
    free[first] = true;
    false
}

/// Greedy fallback: the nearest opponent not met yet, else the nearest.
fn fewest_rematches(players: &[Pid], met: &HashSet<(Pid, Pid)>) -> Vec<(Pid, Pid)> {
    let mut free: Vec<Pid> = players.to_vec();
    let mut pairs = Vec::new();
    while free.len() >= 2 {
        let first = free.remove(0);
        let choice = free
            .iter()
            .position(|p| !met.contains(&(first, *p)))
            .unwrap_or(0);
        pairs.push((first, free.remove(choice)));
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_round_is_top_half_against_bottom_half() {
        assert_eq!(
            first_round(&[1, 2, 3, 4, 5, 6]),
            Pairing {
                pairs: vec![(1, 4), (2, 5), (3, 6)],
                bye: None
            }
        );
        assert_eq!(
            first_round(&[1, 2, 3, 4, 5]),
            Pairing {
                pairs: vec![(1, 3), (2, 4)],
                bye: Some(5)
            }
        );
    }

    #[test]
    fn avoids_a_rematch_by_backtracking() {
        // Top-down, 1 takes 2, which leaves 3 against 4, whom 3 has met: the search must go back
        // and give 1 the next opponent instead.
        let met: HashSet<_> = [(3, 4), (4, 3)].into();
        let pairing = next_round(&[1, 2, 3, 4], &met, &HashSet::new());
        assert_eq!(pairing.pairs, [(1, 3), (2, 4)]);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_player_without_one() {
        let had_bye: HashSet<_> = [5].into();
        let pairing = next_round(&[1, 2, 3, 4, 5], &HashSet::new(), &had_bye);
        assert_eq!(pairing.bye, Some(4));
        assert_eq!(pairing.pairs, [(1, 2), (3, 5)]);
    }

    #[test]
    fn moves_the_bye_up_when_that_avoids_a_rematch() {
        // 2, 3 and 4 have all met each other. With 5 sitting out (the lowest), every pairing of
        // 1-4 repeats a game: {1-2, 3-4}, {1-3, 2-4}, {1-4, 2-3}. With 4 sitting out, 1-2 and
        // 3-5 are both new.
        let met: HashSet<_> = [(2, 3), (3, 2), (2, 4), (4, 2), (3, 4), (4, 3)].into();
        let pairing = next_round(&[1, 2, 3, 4, 5], &met, &HashSet::new());
        assert_eq!(
            pairing,
            Pairing {
                pairs: vec![(1, 2), (3, 5)],
                bye: Some(4)
            }
        );
    }

    #[test]
    fn accepts_a_rematch_only_when_unavoidable() {
        let met: HashSet<_> = [(1, 2), (2, 1)].into();
        assert_eq!(next_round(&[1, 2], &met, &HashSet::new()).pairs, [(1, 2)]);
    }

    #[test]
    fn default_rounds_separate_a_winner() {
        assert_eq!(
            [2, 3, 4, 8, 9, 64, 128].map(default_rounds),
            [1, 2, 2, 3, 4, 6, 7]
        );
    }
}
