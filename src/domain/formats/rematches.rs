//! Rematches in a double elimination's losers bracket, measured: many random brackets are played
//! under a result model, and every losers-bracket match before the losers final between two
//! players who already met in the winners bracket is counted.
//!
//! Owns the simulation that the `rematches` example and the tests share: a seeded generator
//! (splitmix64, so figures are reproducible from the seed), the result models, and the comparison
//! of wirings on the same random brackets (common random numbers: match `i` of sample `s` uses the
//! same random draw under every wiring, so differences between wirings are not sampling noise
//! between different brackets). It plays the matches and links that
//! [`super::elimination::double_wired`] lays out, byes included, in a compact copy of its own; it
//! never touches a tournament's state.

use super::drop_ins::Wiring;
use super::elimination::double_wired;
use crate::domain::engine::{Entrant, Link};
use crate::domain::{Bracket, Side};

/// How a simulated match is decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// Either side wins with probability ½.
    CoinFlips,
    /// The better seed wins with probability 1 − ½·0.65^gap, where gap is the difference between
    /// the two seeds: 0.68 for neighbours, 0.94 at a gap of 5, 0.99 at 10.
    Favourites,
    /// The better seed always wins (no randomness: one bracket says it all).
    BetterSeedAlways,
}

impl Model {
    /// The probability that the better of two seeds `gap` apart wins.
    pub fn better_seed_wins(self, gap: u32) -> f64 {
        match self {
            Model::CoinFlips => 0.5,
            Model::Favourites => 1.0 - 0.5 * 0.65f64.powi(gap.min(1000) as i32),
            Model::BetterSeedAlways => 1.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Model::CoinFlips => "coin flips",
            Model::Favourites => "favourites",
            Model::BetterSeedAlways => "better seed always wins",
        }
    }
}

/// What a run of simulated brackets found, for one wiring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Figures {
    /// Brackets played.
    pub brackets: u64,
    /// Brackets with at least one rematch before the losers final.
    pub with_rematch: u64,
    /// Rematches before the losers final, all brackets together.
    pub rematches: u64,
    /// Brackets with a rematch under this wiring and none under the first one compared, and the
    /// other way round: the paired difference of the two rates is their difference over
    /// `brackets`, with a standard error of about √(sum) / `brackets` (McNemar).
    pub only_here: u64,
    pub only_first: u64,
}

impl Figures {
    /// The share of brackets with at least one rematch before the losers final.
    pub fn rate(&self) -> f64 {
        self.with_rematch as f64 / self.brackets.max(1) as f64
    }

    /// The expected number of rematches before the losers final in one bracket.
    pub fn expected(&self) -> f64 {
        self.rematches as f64 / self.brackets.max(1) as f64
    }

    /// How many standard errors this wiring's rate lies above the first one's, on the same
    /// brackets (negative: below); 0 when they never differ.
    pub fn excess_over_first(&self) -> f64 {
        let differing = self.only_here + self.only_first;
        if differing == 0 {
            return 0.0;
        }
        (self.only_here as f64 - self.only_first as f64) / (differing as f64).sqrt()
    }
}

/// splitmix64: a small, fast, seeded generator (Steele, Lea and Flood, 2014).
#[derive(Debug, Clone)]
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Winners,
    /// A losers-bracket match before the losers final: where rematches are counted.
    Counted,
    Other,
}

/// One match of a bracket as the simulation plays it: seeds (0 for nobody) and where the winner
/// and the loser go, as (match, side) with side 0 for a and 1 for b.
#[derive(Debug, Clone, Copy)]
struct Slot {
    a: u16,
    b: u16,
    winner_to: Option<(usize, usize)>,
    loser_to: Option<(usize, usize)>,
    kind: Kind,
}

/// A double elimination of `players` (seeds 1..=players) wired with `wiring`, ready to play.
/// Matches come in the builder's order (winners rounds, losers rounds, grand final), in which
/// every link points to a later match.
#[derive(Debug, Clone)]
pub struct Plan {
    players: usize,
    slots: Vec<Slot>,
}

impl Plan {
    pub fn new(players: usize, wiring: &Wiring) -> Plan {
        let field: Vec<Entrant> = (1..=players)
            .map(|seed| Entrant {
                id: seed as i64,
                seed: seed as u32,
            })
            .collect();
        let games = double_wired(1, &field, wiring);
        let final_round = games
            .iter()
            .filter(|g| g.bracket == Some(Bracket::Losers))
            .map(|g| g.round)
            .max()
            .unwrap_or(0);
        let seat = |id: Option<i64>| id.and_then(|id| u16::try_from(id).ok()).unwrap_or(0);
        let link = |link: Option<Link>| link.map(|l| (l.game, usize::from(l.side == Side::B)));
        let slots = games
            .iter()
            .map(|g| Slot {
                a: seat(g.a),
                b: seat(g.b),
                winner_to: link(g.winner_to),
                loser_to: link(g.loser_to),
                kind: match g.bracket {
                    Some(Bracket::Winners) => Kind::Winners,
                    Some(Bracket::Losers) if g.round < final_round => Kind::Counted,
                    _ => Kind::Other,
                },
            })
            .collect();
        Plan { players, slots }
    }

    /// Number of matches (the random draws one bracket needs).
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Whether every link points to a later match, as [`Plan::play`] needs.
    pub fn links_point_forward(&self) -> bool {
        self.slots.iter().enumerate().all(|(i, s)| {
            [s.winner_to, s.loser_to]
                .into_iter()
                .flatten()
                .all(|(target, _)| target > i && target < self.slots.len())
        })
    }

    /// Plays one bracket: match `i` is won by the better seed when `draws[i]` is below the model's
    /// probability for the two seeds. Returns the number of rematches before the losers final.
    fn play(&self, draws: &[f64], model: Model, scratch: &mut Scratch) -> u64 {
        scratch.reset(self);
        let mut rematches = 0;
        for (i, slot) in self.slots.iter().enumerate() {
            let (a, b) = (scratch.sides[i][0], scratch.sides[i][1]);
            let (winner, loser) = if a != 0 && b != 0 {
                let (better, worse) = (a.min(b), a.max(b));
                let p = model.better_seed_wins(u32::from(worse - better));
                let draw = draws.get(i).copied().unwrap_or(0.0);
                match slot.kind {
                    Kind::Winners => scratch.meet(a, b),
                    Kind::Counted if scratch.met(a, b) => rematches += 1,
                    _ => {}
                }
                if draw < p {
                    (better, worse)
                } else {
                    (worse, better)
                }
            } else {
                // A bye: whoever is there goes on, nobody is sent on as the loser.
                (a.max(b), 0)
            };
            for (link, who) in [(slot.winner_to, winner), (slot.loser_to, loser)] {
                if let Some((target, side)) = link
                    && let Some(sides) = scratch.sides.get_mut(target)
                {
                    sides[side] = who;
                }
            }
        }
        rematches
    }
}

/// Per-bracket working memory, reused between brackets.
struct Scratch {
    sides: Vec<[u16; 2]>,
    /// Winners-bracket opponents of each seed (at most one per winners round).
    opponents: Vec<Vec<u16>>,
}

impl Scratch {
    fn new(plan: &Plan) -> Scratch {
        Scratch {
            sides: vec![[0, 0]; plan.slots.len()],
            opponents: vec![Vec::with_capacity(16); plan.players + 1],
        }
    }

    fn reset(&mut self, plan: &Plan) {
        for (sides, slot) in self.sides.iter_mut().zip(&plan.slots) {
            *sides = [slot.a, slot.b];
        }
        for list in &mut self.opponents {
            list.clear();
        }
    }

    fn meet(&mut self, a: u16, b: u16) {
        for (x, y) in [(a, b), (b, a)] {
            if let Some(list) = self.opponents.get_mut(usize::from(x)) {
                list.push(y);
            }
        }
    }

    fn met(&self, a: u16, b: u16) -> bool {
        self.opponents
            .get(usize::from(a))
            .is_some_and(|list| list.contains(&b))
    }
}

/// Plays `brackets` random double eliminations of `players` under `model`, the same brackets
/// (the same draw for each match) under every wiring, from `seed`. Under
/// [`Model::BetterSeedAlways`] one bracket is played: every other would be the same.
pub fn compare(
    players: usize,
    wirings: &[Wiring],
    model: Model,
    brackets: u64,
    seed: u64,
) -> Vec<Figures> {
    let plans: Vec<Plan> = wirings.iter().map(|w| Plan::new(players, w)).collect();
    compare_plans(&plans, model, brackets, seed)
}

/// As [`compare`], for plans already built (the search in the example builds many).
pub fn compare_plans(plans: &[Plan], model: Model, brackets: u64, seed: u64) -> Vec<Figures> {
    let brackets = if model == Model::BetterSeedAlways {
        brackets.min(1)
    } else {
        brackets
    };
    let mut figures = vec![Figures::default(); plans.len()];
    let Some(first) = plans.first() else {
        return figures;
    };
    let mut scratch = Scratch::new(first);
    let mut rng = SplitMix::new(seed);
    let mut draws = vec![0.0; first.len()];
    for _ in 0..brackets {
        for draw in &mut draws {
            *draw = rng.unit();
        }
        let mut first = false;
        for (i, (plan, figures)) in plans.iter().zip(&mut figures).enumerate() {
            let rematches = plan.play(&draws, model, &mut scratch);
            let here = rematches > 0;
            if i == 0 {
                first = here;
            }
            figures.brackets += 1;
            figures.rematches += rematches;
            figures.with_rematch += u64::from(here);
            figures.only_here += u64::from(here && !first);
            figures.only_first += u64::from(first && !here);
        }
    }
    figures
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_splitmix64() {
        // The reference sequence from seed 0.
        let mut rng = SplitMix::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn plans_play_in_order() {
        for players in [2, 3, 4, 5, 6, 12, 16, 24, 33, 64, 100, 256] {
            for wiring in [Wiring::Tourney, Wiring::Reverse, Wiring::BracketsManager] {
                assert!(
                    Plan::new(players, &wiring).links_point_forward(),
                    "{players}"
                );
            }
        }
    }

    #[test]
    fn the_old_wiring_has_the_rematches_the_issue_counted() {
        // Better seed always wins, every drop-in reversed: 16 players meet again twice before
        // the losers final (3-6 and 4-5 in losers round 4), 32 players six times.
        let always = |players| {
            compare(
                players,
                &[Wiring::Reverse, Wiring::Tourney],
                Model::BetterSeedAlways,
                10,
                1,
            )
            .iter()
            .map(|f| f.rematches)
            .collect::<Vec<_>>()
        };
        assert_eq!(always(16), [2, 0]);
        assert_eq!(always(32), [6, 0]);
    }

    #[test]
    fn small_brackets_cannot_have_rematches_before_the_losers_final() {
        // Four players: losers round 1 pairs the two first-round losers, who never met.
        for players in 2..=4 {
            let figures = compare(players, &[Wiring::Tourney], Model::CoinFlips, 200, 3);
            assert_eq!(figures[0].rematches, 0, "{players}");
        }
    }

    #[test]
    fn coin_flips_at_eight_match_the_count_by_hand() {
        // Eight players, losers of winners round 2 reversed: a winners round-2 loser meets the
        // player it beat in round 1 only in losers round 3, if that player won losers rounds 1
        // and 2 and it won losers round 2: 1/8 for each of the two round-2 losers, and the two
        // cannot both happen (losers round 3 is one match), so the rate is 1/4.
        let figures = compare(8, &[Wiring::Tourney], Model::CoinFlips, 20_000, 5);
        assert!((figures[0].rate() - 0.25).abs() < 0.015, "{:?}", figures[0]);
        assert_eq!(figures[0].rate(), figures[0].expected());
    }
}
