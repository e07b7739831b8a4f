//! Swiss pairing: each round pairs players with equal or near points who have not met yet.
//!
//! Round 1 pairs the top half of the seeds against the bottom half (1 v n/2+1, ...). Every later
//! round is the cheapest perfect matching of the whole field ([`matching`], Edmonds' blossom
//! algorithm), so a conflict late in the table never pushes earlier pairs apart. A pairing's
//! cost compares, in this order, most important first:
//!
//! 1. rematches, and byes given to a player who already had one: fewest (none while any pairing
//!    without them exists);
//! 2. the sum over pairs of the squared gap in points: least;
//! 3. pairs across score groups (a pair of players on different points): fewest;
//! 4. with an odd field, the bye: to the lowest-placed player who has not had one, moved up only
//!    when that makes the pairing better by 1–3;
//! 5. inside a score group, the top half against the bottom half: the least sum, over pairs, of
//!    how far the two players' places in the table are from half a score group apart.
//!
//! With an odd field a virtual player joins the matching; whoever is paired with it sits out and
//! scores a win. Points are counted in half points (a draw is ½), so every cost is an exact
//! integer; the tiers are packed into one integer, each tier's weight above the largest total the
//! tiers below can reach, so a better higher tier always wins. The same standings always give the
//! same pairing.

use std::collections::HashSet;

use super::matching::{self, Edge};
use crate::domain::engine::Pid;

/// The highest win or loss threshold a Swiss stage can have.
pub const MAX_THRESHOLD: u32 = 16;

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

/// One player in the table of a later round: who, and their points in half points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    pub player: Pid,
    pub half_points: u32,
}

/// A pairing's cost, tier by tier (module docs), for comparing pairings in tests and reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Cost {
    pub repeats: u64,
    pub squared_gaps: u64,
    pub across_groups: u64,
    pub bye_rise: u64,
    pub seeding: u64,
}

/// Pairs a later round. `ranked` is the field ordered by points then seed; `met` holds every pair
/// that has played (both orders); `had_bye` those who sat out before.
pub fn next_round(
    ranked: &[Standing],
    met: &HashSet<(Pid, Pid)>,
    had_bye: &HashSet<Pid>,
) -> Pairing {
    solve(ranked, met, had_bye).0
}

/// The pairing, and the matching it came from (whose certificate tests check).
fn solve(
    ranked: &[Standing],
    met: &HashSet<(Pid, Pid)>,
    had_bye: &HashSet<Pid>,
) -> (Pairing, matching::Matching) {
    let table = Table::new(ranked, met, had_bye);
    let n = ranked.len();
    // The virtual player a bye pairs with, for an odd field.
    let virtual_player = n;
    let vertices = if n % 2 == 1 { n + 1 } else { n };
    let weights = table.weights(vertices / 2);
    let mut edges: Vec<Edge> = Vec::with_capacity(vertices * vertices / 2);
    for a in 0..n {
        for b in a + 1..n {
            edges.push((a, b, weights.weight(&table.pair_cost(a, b))));
        }
        if vertices > n {
            edges.push((a, virtual_player, weights.weight(&table.bye_cost(a))));
        }
    }
    let found = matching::maximum_weight(edges, true);
    let mut pairs = Vec::with_capacity(n / 2);
    let mut bye = None;
    for (a, mate) in found.mate.iter().enumerate().take(n) {
        match *mate {
            Some(b) if b == virtual_player => bye = Some(ranked[a].player),
            Some(b) if b > a => pairs.push((ranked[a].player, ranked[b].player)),
            _ => {}
        }
    }
    (Pairing { pairs, bye }, found)
}

/// The cost of `pairing` for the table `ranked` (module docs).
pub fn cost_of(
    ranked: &[Standing],
    met: &HashSet<(Pid, Pid)>,
    had_bye: &HashSet<Pid>,
    pairing: &Pairing,
) -> Cost {
    let table = Table::new(ranked, met, had_bye);
    let place = |p: Pid| ranked.iter().position(|s| s.player == p).unwrap_or(0);
    let mut total = Cost::default();
    let mut add = |c: Cost| {
        total.repeats += c.repeats;
        total.squared_gaps += c.squared_gaps;
        total.across_groups += c.across_groups;
        total.bye_rise += c.bye_rise;
        total.seeding += c.seeding;
    };
    for &(a, b) in &pairing.pairs {
        let (a, b) = (place(a).min(place(b)), place(a).max(place(b)));
        add(table.pair_cost(a, b));
    }
    if let Some(bye) = pairing.bye {
        add(table.bye_cost(place(bye)));
    }
    total
}

/// The table as the costs see it: places, points, score groups and history.
struct Table<'a> {
    ranked: &'a [Standing],
    met: &'a HashSet<(Pid, Pid)>,
    had_bye: &'a HashSet<Pid>,
    /// Per place: the first place of its score group and the group's size.
    groups: Vec<(usize, usize)>,
    /// Per place: how many places below it have not had a bye (0 for the lowest such player).
    bye_rise: Vec<u64>,
}

impl<'a> Table<'a> {
    fn new(
        ranked: &'a [Standing],
        met: &'a HashSet<(Pid, Pid)>,
        had_bye: &'a HashSet<Pid>,
    ) -> Self {
        let mut groups = Vec::with_capacity(ranked.len());
        let mut start = 0;
        while start < ranked.len() {
            let points = ranked[start].half_points;
            let size = ranked[start..]
                .iter()
                .take_while(|s| s.half_points == points)
                .count();
            groups.extend(std::iter::repeat_n((start, size), size));
            start += size;
        }
        let mut bye_rise = vec![0; ranked.len()];
        let mut below = 0;
        for (place, standing) in ranked.iter().enumerate().rev() {
            bye_rise[place] = below;
            if !had_bye.contains(&standing.player) {
                below += 1;
            }
        }
        Table {
            ranked,
            met,
            had_bye,
            groups,
            bye_rise,
        }
    }

    /// The cost of pairing the players at places `a` < `b`.
    fn pair_cost(&self, a: usize, b: usize) -> Cost {
        let (x, y) = (self.ranked[a], self.ranked[b]);
        let gap = u64::from(x.half_points.abs_diff(y.half_points));
        let (_, size) = self.groups[a];
        Cost {
            repeats: u64::from(self.met.contains(&(x.player, y.player))),
            squared_gaps: gap * gap,
            across_groups: u64::from(gap > 0),
            bye_rise: 0,
            seeding: (b - a).abs_diff(size / 2) as u64,
        }
    }

    /// The cost of the player at place `a` sitting out.
    fn bye_cost(&self, a: usize) -> Cost {
        Cost {
            repeats: u64::from(self.had_bye.contains(&self.ranked[a].player)),
            bye_rise: self.bye_rise[a],
            ..Cost::default()
        }
    }

    /// The weights that turn costs of a matching of `pairs` pairs into one integer each.
    fn weights(&self, pairs: usize) -> Weights {
        let n = self.ranked.len() as i128;
        let pairs = pairs as i128;
        // The widest gap between any two players, whatever the order of the table.
        let points = self.ranked.iter().map(|s| i128::from(s.half_points));
        let max_gap = points.clone().max().unwrap_or(0) - points.min().unwrap_or(0);
        // Each tier's weight exceeds the most that every tier below it can add up to.
        let seeding = 1;
        let bye_rise = seeding * (pairs * n + 1);
        let across_groups = bye_rise * (n + 1);
        let squared_gaps = across_groups * (pairs + 1);
        let repeats = squared_gaps * (pairs * max_gap * max_gap + 1);
        let most = repeats * (pairs + 1);
        Weights {
            repeats,
            squared_gaps,
            across_groups,
            bye_rise,
            seeding,
            most,
        }
    }
}

/// One integer weight per tier, and a bound above every pairing's cost.
struct Weights {
    repeats: i128,
    squared_gaps: i128,
    across_groups: i128,
    bye_rise: i128,
    seeding: i128,
    most: i128,
}

impl Weights {
    /// An edge's weight for the maximum-weight matching: the bound less the cost, so the
    /// heaviest perfect matching is the cheapest pairing.
    fn weight(&self, cost: &Cost) -> i128 {
        let cost = i128::from(cost.repeats) * self.repeats
            + i128::from(cost.squared_gaps) * self.squared_gaps
            + i128::from(cost.across_groups) * self.across_groups
            + i128::from(cost.bye_rise) * self.bye_rise
            + i128::from(cost.seeding) * self.seeding;
        self.most - cost
    }
}

#[cfg(test)]
mod tests;
