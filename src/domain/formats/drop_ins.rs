//! Where the losers of the winners bracket drop into the losers bracket of a double elimination.
//!
//! Every drop-in order here is a *flip pattern*: the loser of winners match `p` (0-based, in its
//! round) goes to losers match `p XOR flips`. Flipping the top bit swaps the two halves of the
//! round, flipping every bit reverses it, and so on; the peers' named orders are all flip
//! patterns (brackets-manager's `natural`, `reverse`, `half_shift`, `reverse_half_shift` and
//! `pair_flip`, jquery-bracket's reverse-then-natural, Challonge's crossing of halves), so one
//! family holds them all and tourney's own choice. Because a flip pattern commutes with the
//! losers bracket halving its rounds, two players who met in the winners bracket meet again, if
//! both keep winning, at a losers round that depends only on the two winners rounds they lost in
//! and on the patterns, never on where in the bracket they played: see docs/engine.md.
//!
//! Owns: tourney's rule for the patterns per bracket size and winners round, its tables of
//! exceptions (8 and 16 slots; 17 and 18 players), and the peers' tables kept for comparison.
//! Never builds matches (that is [`super::elimination`]) and never decides results. A tournament already drawn keeps
//! the links it was drawn with: they are stored per match, and nothing recomputes them.

use super::seeding::bracket_size;

/// Where the losers of one winners round go: the loser of winners match `p` (0-based) drops into
/// losers match `p ^ flips` of the losers round that takes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DropIn {
    pub flips: usize,
}

impl DropIn {
    /// The losers bracket match (0-based) that the loser of winners match `position` drops into.
    pub fn target(self, position: usize) -> usize {
        position ^ self.flips
    }

    /// Same order as the winners round.
    pub fn natural() -> DropIn {
        DropIn { flips: 0 }
    }

    /// The whole round reversed, for a round of `matches` matches (a power of two).
    pub fn reverse(matches: usize) -> DropIn {
        DropIn {
            flips: matches.saturating_sub(1),
        }
    }

    /// The two halves swapped, each in its order.
    pub fn half_shift(matches: usize) -> DropIn {
        DropIn { flips: matches / 2 }
    }

    /// Each half reversed in place (brackets-manager's `reverse_half_shift`).
    pub fn reverse_halves(matches: usize) -> DropIn {
        DropIn {
            flips: matches.saturating_sub(1) & !(matches / 2),
        }
    }

    /// Neighbours swapped: 2 1 4 3 …
    pub fn pair_flip(matches: usize) -> DropIn {
        DropIn {
            flips: usize::from(matches >= 2),
        }
    }

    /// The pattern's name for a round of `matches` matches: a named order when it is one, else
    /// the flipped bits from the top (halves) down, such as `flip 0101`.
    pub fn describe(self, matches: usize) -> String {
        let bits = matches.trailing_zeros() as usize;
        let named = [
            (DropIn::natural(), "natural"),
            (DropIn::reverse(matches), "reverse"),
            (DropIn::half_shift(matches), "half shift"),
            (DropIn::reverse_halves(matches), "reverse halves"),
            (DropIn::pair_flip(matches), "pair flip"),
        ];
        match named.iter().find(|(order, _)| *order == self) {
            Some((_, name)) => (*name).to_owned(),
            None => format!("flip {:0bits$b}", self.flips),
        }
    }
}

/// How a double elimination's drop-ins are ordered: tourney's own table, or a peer's, for
/// comparison (see the `rematches` example).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wiring {
    /// tourney's: [`rule`], with the exceptions of its tables (8 and 16 slots, 17 and 18
    /// players).
    Tourney,
    /// Every drop-in round reversed: tourney's wiring before this table, and the textbook's.
    Reverse,
    /// brackets-manager's `defaultMinorOrdering` table (natural from 256 slots up).
    BracketsManager,
    /// jquery-bracket: reverse, natural, reverse, … from winners round 2 on.
    ReverseThenNatural,
    /// Challonge's published brackets as tournament-js/duel reproduces them ("downMix"): reverse,
    /// reverse halves, half shift, natural, and again.
    Challonge,
    /// Explicit patterns: `flips[i]` for winners round `i + 2` (the search in the example).
    Flips(Vec<usize>),
}

impl Wiring {
    /// The order in which the losers of winners round `round` (1-based) drop in, for a field of
    /// `players` (a bracket of the next power of two slots, at least 2). Round 1's losers pair up
    /// in losers round 1 in natural order in every wiring here; the winners final's loser goes
    /// to the losers final, which has one match.
    pub fn drop_in(&self, players: usize, round: usize) -> DropIn {
        let size = bracket_size(players);
        let matches = size >> round.min(usize::BITS as usize - 1);
        if round <= 1 || matches <= 1 {
            return DropIn::natural();
        }
        let order = match self {
            Wiring::Tourney => tourney(players, round),
            Wiring::Reverse => DropIn::reverse(matches),
            Wiring::BracketsManager => brackets_manager(size, round),
            Wiring::ReverseThenNatural if round.is_multiple_of(2) => DropIn::reverse(matches),
            Wiring::ReverseThenNatural => DropIn::natural(),
            Wiring::Challonge => match round % 4 {
                2 => DropIn::reverse(matches),
                3 => DropIn::reverse_halves(matches),
                0 => DropIn::half_shift(matches),
                _ => DropIn::natural(),
            },
            Wiring::Flips(flips) => DropIn {
                flips: flips.get(round - 2).copied().unwrap_or(0),
            },
        };
        // A pattern never points past the round (a table row for another size would).
        DropIn {
            flips: order.flips & (matches - 1),
        }
    }

    /// Short name, as the comparison tables print it.
    pub fn name(&self) -> &'static str {
        match self {
            Wiring::Tourney => "tourney",
            Wiring::Reverse => "reverse (before)",
            Wiring::BracketsManager => "brackets-manager",
            Wiring::ReverseThenNatural => "reverse-then-natural",
            Wiring::Challonge => "Challonge",
            Wiring::Flips(_) => "flips",
        }
    }
}

/// tourney's exceptions to [`rule`], by bracket size, for winners rounds 2..k-1, each pattern
/// written from its top bit (halves) down. At 8 slots the rule would drop winners round 2's losers
/// in order, onto the very players they beat in round 1; at 16 both orders keep every pair of
/// rounds as far apart, and reverse-then-natural loses fewer to upsets (docs/engine.md). From 32
/// slots up the rule is the best pattern found (`cargo run --release --example rematches --
/// --search`).
const TABLE: &[(usize, &[&str])] = &[(8, &["1"]), (16, &["11", "0"])];

/// tourney's exceptions by field, ahead of [`TABLE`] and [`rule`]: 17 and 18 players, in a
/// bracket of 32 with 15 and 14 byes, where the 32-slot row loses more to upsets under
/// favourites than reverse-then-natural (by 0.000023 and 0.000035). Every one of the 64 flip
/// patterns of 32 slots was weighed there (docs/engine.md): at 17 only reverse-then-natural's
/// own order is as low under favourites, so tourney takes it; at 18 one pattern is lower than
/// every peer under both models.
const FIELDS: &[(usize, &[&str])] = &[(17, &["111", "00", "1"]), (18, &["011", "10", "0"])];

fn tourney(players: usize, round: usize) -> DropIn {
    let size = bracket_size(players);
    let row = FIELDS
        .iter()
        .find(|(field, _)| *field == players)
        .or_else(|| TABLE.iter().find(|(slots, _)| *slots == size));
    if let Some((_, row)) = row
        && let Some(pattern) = row.get(round - 2)
    {
        return DropIn {
            flips: usize::from_str_radix(pattern, 2).unwrap_or(0),
        };
    }
    rule(size, round)
}

/// The rule, and tourney's choice above 256 slots. With `k` winners rounds, the losers of winners
/// round `r` (2 ≤ r < k) are flipped by the binary digits of `k - 1 - r`, the number of rounds
/// between theirs and the winners final: the lowest digit flips the halves, the next the
/// quarters, and so on down. So the losers of two rounds `d` apart drop into different halves when
/// `d` is odd, into the same half but different quarters when `d` is 2 modulo 4, and so on: the
/// closer two rounds are, the later their losers can meet. Round 1's losers pair up in order.
pub fn rule(size: usize, round: usize) -> DropIn {
    let k = size.trailing_zeros() as usize;
    let bits = (size >> round).trailing_zeros() as usize;
    let value = k.saturating_sub(1 + round);
    let flips = (0..bits)
        .filter(|i| (value >> i) & 1 == 1)
        .map(|i| 1usize << (bits - 1 - i))
        .sum();
    DropIn { flips }
}

/// brackets-manager's table (src/ordering.ts, `defaultMinorOrdering`), by bracket size, for
/// winners rounds 2 and up; sizes it does not list, and rounds past its rows, are natural.
fn brackets_manager(size: usize, round: usize) -> DropIn {
    let matches = size >> round;
    let row: &[&str] = match size {
        4 => &["reverse"],
        8 => &["reverse", "natural"],
        16 => &["reverse_half_shift", "reverse", "natural"],
        32 => &["reverse", "half_shift", "natural", "natural"],
        64 => &["reverse", "half_shift", "reverse", "natural", "natural"],
        128 => &[
            "reverse",
            "half_shift",
            "pair_flip",
            "pair_flip",
            "pair_flip",
            "natural",
        ],
        _ => &[],
    };
    match row.get(round - 2).copied() {
        Some("reverse") => DropIn::reverse(matches),
        Some("half_shift") => DropIn::half_shift(matches),
        Some("reverse_half_shift") => DropIn::reverse_halves(matches),
        Some("pair_flip") => DropIn::pair_flip(matches),
        _ => DropIn::natural(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_orders_are_flip_patterns() {
        let apply = |order: DropIn| (0..8).map(|p| order.target(p)).collect::<Vec<_>>();
        assert_eq!(apply(DropIn::reverse(8)), [7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(apply(DropIn::half_shift(8)), [4, 5, 6, 7, 0, 1, 2, 3]);
        assert_eq!(apply(DropIn::reverse_halves(8)), [3, 2, 1, 0, 7, 6, 5, 4]);
        assert_eq!(apply(DropIn::pair_flip(8)), [1, 0, 3, 2, 5, 4, 7, 6]);
        assert_eq!(DropIn { flips: 0b0101 }.describe(16), "flip 0101");
        assert_eq!(DropIn::reverse_halves(8).describe(8), "reverse halves");
    }

    #[test]
    fn every_drop_in_is_a_permutation_of_its_round() {
        let wirings = [
            Wiring::Tourney,
            Wiring::Reverse,
            Wiring::BracketsManager,
            Wiring::ReverseThenNatural,
            Wiring::Challonge,
        ];
        for k in 1..=12 {
            let size = 1usize << k;
            for wiring in &wirings {
                for round in 1..=k {
                    let matches = size >> round;
                    let order = wiring.drop_in(size, round);
                    let mut seen = vec![false; matches];
                    for p in 0..matches {
                        seen[order.target(p)] = true;
                    }
                    assert!(seen.iter().all(|&s| s), "{wiring:?} {size} round {round}");
                }
            }
        }
    }

    #[test]
    fn peers_tables_read_as_published() {
        // brackets-manager at 16: reverse_half_shift, then reverse.
        assert_eq!(
            Wiring::BracketsManager.drop_in(16, 2),
            DropIn::reverse_halves(4)
        );
        assert_eq!(Wiring::BracketsManager.drop_in(16, 3), DropIn::reverse(2));
        // Natural from 256 up.
        assert_eq!(Wiring::BracketsManager.drop_in(256, 2), DropIn::natural());
        // jquery-bracket at 16: reverse, then natural.
        assert_eq!(
            Wiring::ReverseThenNatural.drop_in(16, 2),
            DropIn::reverse(4)
        );
        assert_eq!(Wiring::ReverseThenNatural.drop_in(16, 3), DropIn::natural());
        // Challonge crosses the halves round by round.
        assert_eq!(Wiring::Challonge.drop_in(64, 4), DropIn::half_shift(4));
    }

    #[test]
    fn the_rule_counts_the_rounds_left_before_the_winners_final() {
        // 1024 slots (10 winners rounds). Round 9's losers (one round before the final, 0) drop in
        // natural order; round 8's (1) swap halves; round 7's (2) swap quarters within halves;
        // round 6's (3) both.
        assert_eq!(rule(1024, 9), DropIn::natural());
        assert_eq!(rule(1024, 8), DropIn::half_shift(4));
        assert_eq!(rule(1024, 7).describe(8), "flip 010");
        assert_eq!(rule(1024, 6).describe(16), "flip 1100");
        // Rounds one apart always land in different halves.
        for round in 2..9 {
            let top = |r: usize| rule(1024, r).flips >> ((1024usize >> r).trailing_zeros() - 1);
            assert_ne!(
                top(round),
                top(round + 1),
                "rounds {round} and {}",
                round + 1
            );
        }
    }
}
