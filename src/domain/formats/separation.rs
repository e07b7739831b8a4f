//! Keeping players apart in a new stage's first round: players of one group, or who already met,
//! should not meet again at once when another draw allows it.
//!
//! A stage's first round pairs seeds in a fixed way (an elimination bracket 1 v N, 2 v N−1, ...;
//! a Swiss top half against bottom half). [`separate`] keeps every upper seed where it is and
//! moves the lower seeds among the lower slots: the cheapest assignment (a perfect matching,
//! [`super::matching`]) first by the number of pairs kept apart-less, then by how far players move
//! (the sum of squared seed moves), so nobody moves when no pair clashes, and a clash is resolved
//! with the smallest moves. Pure: the caller says who must be kept apart.

use super::matching::{self, Edge};
use super::seeding::{bracket_order, bracket_size};
use crate::domain::StageType;
use crate::domain::engine::{Entrant, Pid};

/// The first-round pairs of a stage of `stage_type` with `n` players, as 0-based seed indices
/// (upper, lower); empty for formats whose first round does not decide who meets whom next
/// (round robins, where everyone meets, and free-for-all rounds).
pub fn first_round_pairs(stage_type: StageType, n: usize) -> Vec<(usize, usize)> {
    match stage_type {
        StageType::SingleElimination | StageType::DoubleElimination => {
            let order = bracket_order(bracket_size(n));
            order
                .chunks(2)
                .filter(|pair| pair[0] <= n && pair[1] <= n)
                .map(|pair| (pair[0].min(pair[1]) - 1, pair[0].max(pair[1]) - 1))
                .collect()
        }
        StageType::Swiss => {
            let half = n / 2;
            (0..half).map(|i| (i, i + half)).collect()
        }
        StageType::RoundRobin | StageType::Groups | StageType::FreeForAll => Vec::new(),
    }
}

/// `field` (in seed order, seeds 1..) with its lower seeds moved so the first-round `pairs`
/// avoid `apart` where an assignment allows it. Seeds stay 1..n; only who holds the lower ones
/// changes.
pub fn separate(
    field: &[Entrant],
    pairs: &[(usize, usize)],
    apart: impl Fn(Pid, Pid) -> bool,
) -> Vec<Entrant> {
    let clash = |upper: usize, lower: usize| apart(field[upper].id, field[lower].id);
    if !pairs.iter().any(|&(u, l)| clash(u, l)) {
        return field.to_vec();
    }
    // Vertices: 0..k are the lower players (by their pair), k..2k the lower slots.
    let k = pairs.len();
    let moves = |from: usize, to: usize| {
        let d = from.abs_diff(to) as i128;
        d * d
    };
    let most_moves: i128 = (0..k)
        .map(|p| {
            (0..k)
                .map(|s| moves(pairs[p].1, pairs[s].1))
                .max()
                .unwrap_or(0)
        })
        .sum();
    let clash_weight = most_moves + 1;
    let ceiling = clash_weight * (k as i128 + 1);
    let mut edges: Vec<Edge> = Vec::with_capacity(k * k);
    for (p, &(_, from)) in pairs.iter().enumerate() {
        for (s, &(upper, to)) in pairs.iter().enumerate() {
            let cost = i128::from(clash(upper, from)) * clash_weight + moves(from, to);
            edges.push((p, k + s, ceiling - cost));
        }
    }
    let found = matching::maximum_weight(edges, true);
    let mut seeded = field.to_vec();
    for (p, &(_, from)) in pairs.iter().enumerate() {
        if let Some(Some(slot)) = found.mate.get(p) {
            let to = pairs[slot - k].1;
            seeded[to] = Entrant {
                id: field[from].id,
                seed: to as u32 + 1,
            };
        }
    }
    seeded
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(ids: &[Pid]) -> Vec<Entrant> {
        ids.iter()
            .enumerate()
            .map(|(i, &id)| Entrant {
                id,
                seed: i as u32 + 1,
            })
            .collect()
    }

    fn ids(field: &[Entrant]) -> Vec<Pid> {
        field.iter().map(|e| e.id).collect()
    }

    #[test]
    fn first_round_pairs_follow_the_bracket_and_the_swiss_halves() {
        // 8: 1v8, 4v5, 2v7, 3v6. 6 in a bracket of 8: seeds 1 and 2 have byes.
        assert_eq!(
            first_round_pairs(StageType::SingleElimination, 8),
            [(0, 7), (3, 4), (1, 6), (2, 5)]
        );
        assert_eq!(
            first_round_pairs(StageType::DoubleElimination, 6),
            [(3, 4), (2, 5)]
        );
        assert_eq!(first_round_pairs(StageType::Swiss, 5), [(0, 2), (1, 3)]);
        assert!(first_round_pairs(StageType::RoundRobin, 8).is_empty());
    }

    #[test]
    fn nobody_moves_without_a_clash() {
        let f = field(&[1, 2, 3, 4]);
        let pairs = first_round_pairs(StageType::SingleElimination, 4);
        assert_eq!(ids(&separate(&f, &pairs, |_, _| false)), [1, 2, 3, 4]);
    }

    #[test]
    fn a_clash_is_resolved_by_the_smallest_move() {
        // Two groups' top two: 1 (A1) v 4 (A2) and 2 (B1) v 3 (B2) clash; swapping the lower
        // seeds gives A1 v B2 and B1 v A2.
        let group = |p: Pid| if p == 1 || p == 4 { 'A' } else { 'B' };
        let f = field(&[1, 2, 3, 4]);
        let pairs = first_round_pairs(StageType::SingleElimination, 4);
        let seeded = separate(&f, &pairs, |x, y| group(x) == group(y));
        assert_eq!(ids(&seeded), [1, 2, 4, 3]);
        let seeds: Vec<u32> = seeded.iter().map(|e| e.seed).collect();
        assert_eq!(seeds, [1, 2, 3, 4]);
    }

    #[test]
    fn an_unavoidable_clash_stays_and_the_rest_are_resolved() {
        // Everyone of one group: nothing to gain, nobody moves.
        let f = field(&[1, 2, 3, 4, 5, 6, 7, 8]);
        let pairs = first_round_pairs(StageType::SingleElimination, 8);
        assert_eq!(ids(&separate(&f, &pairs, |_, _| true)), ids(&f));
        // Only 1 and 8 clash: the lower seeds nearest 8 trade places (7 and 8: 2 v 8, 1 v 7).
        let seeded = separate(&f, &pairs, |x, y| (x, y) == (1, 8) || (x, y) == (8, 1));
        let ids = ids(&seeded);
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [1, 2, 3, 4, 5, 6, 7, 8]);
        for (u, l) in pairs {
            assert!((ids[u], ids[l]) != (1, 8), "1 still meets 8 in {ids:?}");
        }
        assert_eq!(ids, [1, 2, 3, 4, 5, 6, 8, 7]);
    }
}
