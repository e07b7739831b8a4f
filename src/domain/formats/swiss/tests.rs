//! Swiss pairing: pinned examples, and random tournaments whose every round is checked against
//! an exhaustive search (small fields) or the matching's optimality certificate (large ones).

use proptest::prelude::*;

use super::*;
use crate::domain::testkit::SplitMix;

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

/// The table after `rounds`, as the engine ranks it (points, then seed: here the player's
/// number), with who has met whom. Each round is its games, `A-B:r` where `r` says who won (`a`,
/// `b`) or `d` for a draw. Built from games, so every pinned table is one a real tournament
/// reaches.
fn replay(players: Pid, rounds: &[&str]) -> (Vec<Standing>, HashSet<(Pid, Pid)>) {
    let games: Vec<(Pid, Pid, &str)> = rounds
        .iter()
        .flat_map(|round| round.split_whitespace())
        .map(|game| {
            let (sides, result) = game.split_once(':').expect("A-B:r");
            let (a, b) = sides.split_once('-').expect("A-B");
            (
                a.parse().expect("a player"),
                b.parse().expect("a player"),
                result,
            )
        })
        .collect();
    for (round, chunk) in games.chunks(players as usize / 2).enumerate() {
        let mut seen: Vec<Pid> = chunk.iter().flat_map(|&(a, b, _)| [a, b]).collect();
        seen.sort();
        assert_eq!(
            seen,
            (1..=players).collect::<Vec<_>>(),
            "round {}: everyone once",
            round + 1
        );
    }
    let pairs: HashSet<(Pid, Pid)> = games
        .iter()
        .map(|&(a, b, _)| (a.min(b), a.max(b)))
        .collect();
    assert_eq!(pairs.len(), games.len(), "no game is played twice");
    let mut points: std::collections::HashMap<Pid, u32> = (1..=players).map(|p| (p, 0)).collect();
    for &(a, b, result) in &games {
        let (to_a, to_b) = match result {
            "a" => (2, 0),
            "b" => (0, 2),
            _ => (1, 1),
        };
        *points.entry(a).or_default() += to_a;
        *points.entry(b).or_default() += to_b;
    }
    let mut ranked: Vec<Standing> = points
        .into_iter()
        .map(|(player, half_points)| Standing {
            player,
            half_points,
        })
        .collect();
    ranked.sort_by(|x, y| {
        y.half_points
            .cmp(&x.half_points)
            .then(x.player.cmp(&y.player))
    });
    let pairs: Vec<(Pid, Pid)> = pairs.into_iter().collect();
    (ranked, met(&pairs))
}

fn sorted(pairing: &Pairing) -> Vec<(Pid, Pid)> {
    let mut pairs: Vec<(Pid, Pid)> = pairing
        .pairs
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    pairs.sort();
    pairs
}

/// Twelve players, round 4, after three rounds the walk down the table paired itself. The
/// 1½-point group is P4, P10, P11, P12, and P10 and P12 drew in round 2. The walk gives P4 the
/// nearest, P11, which leaves P10 and P12 apart: both go down a group (P10-P3, P12-P7), squared
/// gaps 1 point². Pairing P4-P12 and P10-P11 keeps the group whole; the only floats left are the
/// two every pairing needs (P6-P1 at the top, P8-P5 at the bottom): ½ point². (Costs here count
/// half points: 1 point² is 4, ½ point² is 2.)
#[test]
fn a_late_conflict_does_not_push_other_pairs_apart() {
    let rounds = [
        "1-7:a 2-8:a 3-9:b 4-10:a 5-11:b 6-12:a",
        "1-2:d 4-6:b 9-11:a 3-5:a 7-8:d 10-12:d",
        "6-9:a 1-3:a 2-4:d 11-7:d 8-10:b 12-5:a",
    ];
    let (ranked, history) = replay(12, &rounds);
    let points: Vec<u32> = ranked.iter().map(|s| s.half_points).collect();
    assert_eq!(
        points,
        [6, 5, 4, 4, 3, 3, 3, 3, 2, 2, 1, 0],
        "3 rounds: 18 points in all"
    );
    let pairing = next_round(&ranked, &history, &HashSet::new());
    assert_eq!(
        sorted(&pairing),
        [(1, 6), (2, 9), (3, 7), (4, 12), (5, 8), (10, 11)],
        "pinned: the same standings always give this pairing"
    );
    let cost = cost_of(&ranked, &history, &HashSet::new(), &pairing);
    assert_eq!(
        (cost.repeats, cost.squared_gaps, cost.across_groups),
        (0, 2, 2)
    );
    assert_eq!(cost, cheapest(&ranked, &history, &HashSet::new()));
    let walked = Pairing {
        pairs: vec![(6, 1), (2, 9), (4, 11), (10, 3), (12, 7), (8, 5)],
        bye: None,
    };
    let walked = cost_of(&ranked, &history, &HashSet::new(), &walked);
    assert_eq!(
        (walked.repeats, walked.squared_gaps, walked.across_groups),
        (0, 4, 4)
    );
}

/// Twelve players, round 5, after four rounds the walk paired. The walk's round 5 crosses six
/// score groups for 5 points of gaps, 5 points² squared (20 in half points²); the cheapest
/// rematch-free pairing has 2 points² (8), with five pairs across groups.
#[test]
fn round_five_of_twelve_pairs_with_the_least_squared_gap() {
    let rounds = [
        "1-7:d 2-8:a 3-9:a 4-10:a 5-11:b 6-12:b",
        "2-3:b 4-11:b 12-1:a 7-5:b 6-8:a 9-10:b",
        "3-11:b 12-2:d 4-5:b 6-10:b 1-8:d 7-9:b",
        "11-12:d 3-5:d 10-2:b 1-4:a 6-9:a 7-8:b",
    ];
    let (ranked, history) = replay(12, &rounds);
    let total: u32 = ranked.iter().map(|s| s.half_points).sum();
    assert_eq!(total, 48, "4 rounds: 24 points in all");
    let pairing = next_round(&ranked, &history, &HashSet::new());
    let cost = cost_of(&ranked, &history, &HashSet::new(), &pairing);
    assert_eq!(
        (cost.repeats, cost.squared_gaps, cost.across_groups),
        (0, 8, 5)
    );
    assert_eq!(cost, cheapest(&ranked, &history, &HashSet::new()));
    assert_eq!(
        sorted(&pairing),
        [(1, 6), (2, 11), (3, 12), (4, 7), (5, 10), (8, 9)],
        "pinned: the same standings always give this pairing"
    );
    let walked = Pairing {
        pairs: vec![(11, 2), (12, 3), (5, 1), (6, 4), (10, 7), (8, 9)],
        bye: None,
    };
    let walked = cost_of(&ranked, &history, &HashSet::new(), &walked);
    assert_eq!(
        (walked.repeats, walked.squared_gaps, walked.across_groups),
        (0, 20, 6)
    );
}

/// Sixteen players, round 2, after five wins and three draws: five players on 1, six on ½, five
/// on 0. A winner floats to the drawn players and a drawn player to the losers (two pairs across
/// groups, ½ point² in all), not a winner straight against a loser (one pair across groups, but
/// 1 point²): squared gaps come before the count of floats.
#[test]
fn squared_gaps_come_before_the_count_of_floats() {
    let (ranked, history) = replay(
        16,
        &["1-9:a 2-10:a 3-11:a 4-12:a 5-13:a 6-14:d 7-15:d 8-16:d"],
    );
    let pairing = next_round(&ranked, &history, &HashSet::new());
    let cost = cost_of(&ranked, &history, &HashSet::new(), &pairing);
    assert_eq!(
        (cost.repeats, cost.squared_gaps, cost.across_groups),
        (0, 2, 2)
    );
    let one_float = Pairing {
        pairs: vec![
            (1, 4),
            (2, 5),
            (3, 13),
            (6, 15),
            (7, 16),
            (8, 14),
            (9, 11),
            (10, 12),
        ],
        bye: None,
    };
    let one_float = cost_of(&ranked, &history, &HashSet::new(), &one_float);
    assert_eq!(
        (
            one_float.repeats,
            one_float.squared_gaps,
            one_float.across_groups
        ),
        (0, 4, 1)
    );
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
