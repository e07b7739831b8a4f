//! Standard bracket seeding: 1 v N, 2 v N-1, ... placed so that the top seeds meet as late as
//! possible (1 and 2 only in the final).

/// Seed numbers in bracket order for a bracket of `size` slots (a power of two):
/// `[1, 8, 4, 5, 2, 7, 3, 6]` for 8. Consecutive pairs are the first-round matches.
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let slots = order.len() * 2;
        order = order
            .iter()
            .flat_map(|&seed| [seed, slots + 1 - seed])
            .collect();
    }
    order
}

/// The smallest power of two that holds `n` participants (at least 2).
pub fn bracket_size(n: usize) -> usize {
    n.max(2).next_power_of_two()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_seeds_so_favourites_meet_last() {
        assert_eq!(bracket_order(2), [1, 2]);
        assert_eq!(bracket_order(4), [1, 4, 2, 3]);
        assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        let sixteen = bracket_order(16);
        assert_eq!(&sixteen[..4], [1, 16, 8, 9]);
        // Every first-round pair sums to size + 1.
        assert!(sixteen.chunks(2).all(|pair| pair[0] + pair[1] == 17));
    }

    #[test]
    fn sizes_round_up_to_powers_of_two() {
        assert_eq!(
            [2, 3, 4, 5, 8, 9, 129].map(bracket_size),
            [2, 4, 4, 8, 8, 16, 256]
        );
    }
}
