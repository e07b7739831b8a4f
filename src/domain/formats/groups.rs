//! Groups then playoffs: the field is drawn into groups by seed in snake order (A B C D D C B A
//! ...), each group plays a round robin, and the best of each group go on to a single-elimination
//! playoff seeded across groups (all group winners first, in group order, then all runners-up ...),
//! which keeps two players of one group apart until late.

use super::round_robin;
use crate::domain::engine::{Entrant, Game, Pid};

/// The most groups a tournament can have: one per letter.
pub const MAX_GROUPS: u32 = 26;

/// Group labels: `A`, `B`, ...
pub fn label(index: usize) -> String {
    char::from(b'A' + (index % 26) as u8).to_string()
}

/// The field drawn into `count` groups in snake order by seed.
pub fn draw(field: &[Entrant], count: usize) -> Vec<Vec<Entrant>> {
    let mut groups = vec![Vec::new(); count];
    for (i, entrant) in field.iter().enumerate() {
        let lap = i / count;
        let step = i % count;
        let group = if lap.is_multiple_of(2) {
            step
        } else {
            count - 1 - step
        };
        groups[group].push(*entrant);
    }
    groups
}

/// Every group's round robin, in one stage.
pub fn schedule(stage: u32, field: &[Entrant], count: usize) -> Vec<Game> {
    draw(field, count)
        .iter()
        .enumerate()
        .flat_map(|(g, members)| round_robin::schedule(stage, Some(&label(g)), members))
        .collect()
}

/// The playoff field: `tables[g]` is group g's order; the best `advance` of each, seeded rank by
/// rank across groups.
pub fn playoff_field(tables: &[Vec<Pid>], advance: usize) -> Vec<Entrant> {
    let mut field = Vec::new();
    for rank in 0..advance {
        for table in tables {
            if let Some(&id) = table.get(rank) {
                field.push(Entrant {
                    id,
                    seed: field.len() as u32 + 1,
                });
            }
        }
    }
    field
}

#[cfg(test)]
mod tests {
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
    fn draws_in_snake_order() {
        let groups = draw(&field(10), 4);
        let ids: Vec<Vec<i64>> = groups
            .iter()
            .map(|g| g.iter().map(|e| e.id).collect())
            .collect();
        assert_eq!(ids, [vec![1, 8, 9], vec![2, 7, 10], vec![3, 6], vec![4, 5]]);
    }

    #[test]
    fn playoff_seeds_winners_then_runners_up() {
        let tables = vec![vec![11, 12, 13], vec![21, 22, 23]];
        let seeded: Vec<_> = playoff_field(&tables, 2)
            .iter()
            .map(|e| (e.id, e.seed))
            .collect();
        assert_eq!(seeded, [(11, 1), (21, 2), (12, 3), (22, 4)]);
    }
}
