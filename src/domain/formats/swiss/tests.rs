//! Swiss pairing: pinned examples, and random tournaments whose every round is checked against
//! an exhaustive search (small fields) or the matching's optimality certificate (large ones).

use proptest::prelude::*;

use super::*;
use crate::domain::formats::rematches::SplitMix;

/// A table from (player, points) in places order; points in half points.
fn table(rows: &[(Pid, u32)]) -> Vec<Standing> {
    rows.iter()
        .map(|&(player, half_points)| Standing {
            player,
            half_points,
        })
        .collect()
}

fn level(players: &[Pid]) -> Vec<Standing> {
    table(&players.iter().map(|&p| (p, 0)).collect::<Vec<_>>())
}

fn met(pairs: &[(Pid, Pid)]) -> HashSet<(Pid, Pid)> {
    pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect()
}

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
fn avoids_a_rematch() {
    // Top-down, 1 would take 2 and leave 3 against 4, whom 3 has met.
    let pairing = next_round(&level(&[1, 2, 3, 4]), &met(&[(3, 4)]), &HashSet::new());
    assert_eq!(pairing.pairs, [(1, 3), (2, 4)]);
}

#[test]
fn a_level_group_pairs_its_top_half_against_its_bottom_half() {
    let pairing = next_round(
        &level(&[1, 2, 3, 4, 5, 6]),
        &HashSet::new(),
        &HashSet::new(),
    );
    let mut pairs = pairing.pairs;
    pairs.sort();
    assert_eq!(pairs, [(1, 4), (2, 5), (3, 6)]);
}

#[test]
fn the_bye_goes_to_the_lowest_player_without_one() {
    let ranked = level(&[1, 2, 3, 4, 5]);
    let had_bye: HashSet<Pid> = [5].into();
    let pairing = next_round(&ranked, &HashSet::new(), &had_bye);
    assert_eq!(pairing.bye, Some(4));
    // With 4 out, the group's halves are {1, 2} and {3, 5}: 1-3 and 2-5, or equally far from
    // half the group apart, 1-2 and 3-5.
    assert_eq!(
        cost_of(&ranked, &HashSet::new(), &had_bye, &pairing),
        cheapest(&ranked, &HashSet::new(), &had_bye)
    );
}

#[test]
fn moves_the_bye_up_when_that_avoids_a_rematch() {
    // 2, 3 and 4 have all met each other. With 5 sitting out (the lowest), every pairing of
    // 1-4 repeats a game; with 4 sitting out, 1-2 and 3-5 are both new... and so is 1-3, 2-5.
    let history = met(&[(2, 3), (2, 4), (3, 4)]);
    let pairing = next_round(&level(&[1, 2, 3, 4, 5]), &history, &HashSet::new());
    assert_eq!(pairing.bye, Some(4));
    assert_eq!(
        cost_of(
            &level(&[1, 2, 3, 4, 5]),
            &history,
            &HashSet::new(),
            &pairing
        )
        .repeats,
        0
    );
}

#[test]
fn accepts_a_rematch_only_when_unavoidable() {
    assert_eq!(
        next_round(&level(&[1, 2]), &met(&[(1, 2)]), &HashSet::new()).pairs,
        [(1, 2)]
    );
}

/// The case a walk down the table gets wrong: P6 alone on 2½ must play down into the 2-point
/// group of P5, P9 and P11, where P9 and P11 have met. Taking the nearest, P5, leaves P9 and
/// P11 apart and pushes one of them down a group (squared gaps 1 point², in half points 4, and
/// two pairs across groups); P6 against P9 keeps P5 and P11 together (½ point², 1 in half
/// points, one pair across groups).
#[test]
fn a_late_conflict_does_not_push_other_pairs_apart() {
    let ranked = table(&[
        (1, 6),
        (2, 6),
        (6, 5),
        (5, 4),
        (9, 4),
        (11, 4),
        (4, 3),
        (7, 3),
        (8, 2),
        (10, 2),
        (3, 0),
        (12, 0),
    ]);
    let history = met(&[(9, 11)]);
    let pairing = next_round(&ranked, &history, &HashSet::new());
    let mut pairs = pairing.pairs.clone();
    pairs.sort();
    assert_eq!(
        pairs,
        [(1, 2), (3, 12), (4, 7), (5, 11), (6, 9), (8, 10)],
        "pinned: the same standings always give this pairing"
    );
    let cost = cost_of(&ranked, &history, &HashSet::new(), &pairing);
    assert_eq!(
        (cost.repeats, cost.squared_gaps, cost.across_groups),
        (0, 1, 1)
    );
    // What the walk down the table paired: P6-P5, P9-P4, P11-P7.
    let walked = Pairing {
        pairs: vec![(1, 2), (6, 5), (9, 4), (11, 7), (8, 10), (3, 12)],
        bye: None,
    };
    let walked = cost_of(&ranked, &history, &HashSet::new(), &walked);
    assert_eq!((walked.squared_gaps, walked.across_groups), (3, 3));
}

/// The least cost of any pairing of `ranked`, by trying every one.
fn cheapest(ranked: &[Standing], met: &HashSet<(Pid, Pid)>, had_bye: &HashSet<Pid>) -> Cost {
    fn go(
        free: &mut Vec<Option<Pid>>,
        pairs: &mut Vec<(Pid, Pid)>,
        bye: Option<Pid>,
        best: &mut Option<Cost>,
        cost: &dyn Fn(&Pairing) -> Cost,
    ) {
        let Some(first) = free.iter().position(Option::is_some) else {
            let c = cost(&Pairing {
                pairs: pairs.clone(),
                bye,
            });
            if best.is_none_or(|b| c < b) {
                *best = Some(c);
            }
            return;
        };
        let a = free[first].take();
        for second in first + 1..free.len() {
            if let Some(b) = free[second].take() {
                pairs.push((a.unwrap_or(b), b));
                go(free, pairs, bye, best, cost);
                pairs.pop();
                free[second] = Some(b);
            }
        }
        free[first] = a;
    }
    let cost = |p: &Pairing| cost_of(ranked, met, had_bye, p);
    let mut best = None;
    let players: Vec<Pid> = ranked.iter().map(|s| s.player).collect();
    let sitters: Vec<Option<Pid>> = if players.len() % 2 == 1 {
        players.iter().copied().map(Some).collect()
    } else {
        vec![None]
    };
    for bye in sitters {
        let mut free: Vec<Option<Pid>> = players
            .iter()
            .copied()
            .filter(|p| Some(*p) != bye)
            .map(Some)
            .collect();
        go(&mut free, &mut Vec::new(), bye, &mut best, &cost);
    }
    best.unwrap_or_default()
}

/// Plays a Swiss of `n` players with random results (draws one game in five) and checks every
/// round's pairing: a perfect pairing of the field (the bye to one player, odd fields), as cheap
/// as any by exhaustive search up to 12 players, and certified optimal by the matching's duals.
fn play(n: usize, seed: u64) -> Result<(), TestCaseError> {
    let mut random = SplitMix::new(seed);
    let players: Vec<Pid> = (1..=n as Pid).collect();
    let mut points: std::collections::HashMap<Pid, u32> = players.iter().map(|&p| (p, 0)).collect();
    let mut history = HashSet::new();
    let mut had_bye = HashSet::new();
    let rounds = (default_rounds(n) + 2).min(n as u32 - 1);
    let mut pairing = first_round(&players);
    for round in 1..=rounds {
        if round > 1 {
            let mut ranked: Vec<Standing> = players
                .iter()
                .map(|&player| Standing {
                    player,
                    half_points: points[&player],
                })
                .collect();
            ranked.sort_by(|x, y| {
                y.half_points
                    .cmp(&x.half_points)
                    .then(x.player.cmp(&y.player))
            });
            let (found, matching) = solve(&ranked, &history, &had_bye);
            prop_assert!(matching.certified(), "round {round}: no certificate");
            let mut seen: Vec<Pid> = found.pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
            seen.extend(found.bye);
            seen.sort();
            prop_assert_eq!(&seen, &players, "round {}: everyone once", round);
            if n <= 12 {
                let cost = cost_of(&ranked, &history, &had_bye, &found);
                prop_assert_eq!(
                    cost,
                    cheapest(&ranked, &history, &had_bye),
                    "round {}",
                    round
                );
            }
            pairing = found;
        }
        for &(a, b) in &pairing.pairs {
            history.insert((a, b));
            history.insert((b, a));
            match random.next_u64() % 20 {
                0..=8 => *points.entry(a).or_default() += 2,
                9..=15 => *points.entry(b).or_default() += 2,
                _ => {
                    *points.entry(a).or_default() += 1;
                    *points.entry(b).or_default() += 1;
                }
            }
        }
        if let Some(bye) = pairing.bye {
            had_bye.insert(bye);
            *points.entry(bye).or_default() += 2;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn small_fields_pair_as_cheaply_as_an_exhaustive_search(n in 4usize..=12, seed: u64) {
        play(n, seed)?;
    }

    #[test]
    fn large_fields_pair_with_an_optimality_certificate(n in 13usize..=64, seed: u64) {
        play(n, seed)?;
    }
}

#[test]
fn default_rounds_separate_a_winner() {
    assert_eq!(
        [2, 3, 4, 8, 9, 64, 128].map(default_rounds),
        [1, 2, 2, 3, 4, 6, 7]
    );
}

#[test]
fn a_rematch_outweighs_any_gap_whatever_the_order_of_the_table() {
    // Out of order on purpose: the widest gap (10 to 0) is not between the first and the last.
    let ranked = table(&[(1, 2), (2, 10), (3, 0), (4, 2)]);
    let history = met(&[(1, 2), (1, 3)]);
    let pairing = next_round(&ranked, &history, &HashSet::new());
    let mut pairs = pairing.pairs;
    pairs.sort();
    assert_eq!(pairs, [(1, 4), (2, 3)]);
}
