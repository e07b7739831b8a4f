//! Rematches in a double elimination's losers bracket, measured: random brackets are played
//! under a result model, and every losers-bracket match before the losers final between two
//! players who already met in the winners bracket is counted.
//!
//! Owns the measurement that the `rematches` example and the tests share: a seeded generator
//! (splitmix64, so figures are reproducible from the seed), the result models, and two ways of
//! comparing wirings on the same random brackets (common random numbers: match `i` of sample `s`
//! uses the same random draw under every wiring, so differences between wirings are not sampling
//! noise between different brackets). [`compare`] plays whole brackets and counts. [`weigh_plans`]
//! plays only the winners bracket and works out the losers bracket's odds exactly, so its only
//! noise is which winners brackets were drawn, and two wirings with equal [`Plan`]s come out
//! equal bracket by bracket. [`enumerate_plans`] walks every likely winners bracket instead
//! and bounds the rates with no randomness at all. All three play the matches and links that
//! [`double_wired`] lays out, byes included, in a compact copy of their own;
//! they never touch a tournament's state.
//!
//! Outside the product's library: the `rematches` example and the engine tests include this
//! file (`#[path]`), each using part of it.

#![allow(dead_code)]

use tourney::domain::engine::{Entrant, Link};
use tourney::domain::formats::drop_ins::Wiring;
use tourney::domain::formats::elimination::double_wired;
use tourney::domain::{Bracket, Side};

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Slot {
    a: u16,
    b: u16,
    winner_to: Option<(usize, usize)>,
    loser_to: Option<(usize, usize)>,
    kind: Kind,
}

/// A double elimination of `players` (seeds 1..=players) wired with `wiring`, ready to play.
/// Matches come in the builder's order (winners rounds, losers rounds, grand final), in which
/// every link points to a later match. Two wirings whose plans are equal lay out the same
/// bracket, so they have the same rematch odds exactly, under any model.
#[derive(Debug, Clone, PartialEq, Eq)]
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
                    Kind::Winners => scratch.met.meet(a, b),
                    Kind::Counted if scratch.met.met(a, b) => rematches += 1,
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

impl Plan {
    /// Plays one bracket's winners bracket with `draws`, as [`Plan::play`] does, and works out
    /// its losers bracket exactly instead of drawing it: returns the probability that no
    /// losers-bracket match before the losers final is a rematch, and the expected number of such
    /// rematches, given that winners bracket. Averaged over many winners brackets these estimate
    /// the same rate and expectation as [`Plan::play`], with far less noise, and two wirings
    /// compared on the same winners brackets differ only by their losers brackets' exact odds.
    ///
    /// Each side of a losers match holds everyone who may stand there, with the probability of
    /// getting there (`reached`) and of getting there with no rematch so far in the part of the
    /// losers bracket behind it (`clean`). The two sides come from disjoint parts of the bracket,
    /// so, the winners bracket being given, they are independent and a match's odds are products.
    /// A candidate whose chance of getting there falls below [`NEGLIGIBLE`] is dropped: with at
    /// most a few hundred candidates that changes the results by less than the rounding of their
    /// sums.
    fn weigh(&self, draws: &[f64], exact: &mut Exact) -> (f64, f64) {
        exact.reset(self);
        let mut no_rematch = 1.0;
        let mut expected = 0.0;
        for (i, slot) in self.slots.iter().enumerate() {
            let [a, b] = std::mem::take(&mut exact.sides[i]);
            let out = match slot.kind {
                Kind::Other => {
                    exact.recycle(a);
                    exact.recycle(b);
                    continue;
                }
                Kind::Winners => {
                    let seat = |side: &[Weighed]| side.first().map_or(0, |w| w.seed);
                    let (x, y) = (seat(&a), seat(&b));
                    exact.recycle(a);
                    exact.recycle(b);
                    let mut out = exact.spare();
                    if x != 0 && y != 0 {
                        exact.met.meet(x, y);
                        let (better, worse) = (x.min(y), x.max(y));
                        let p = exact.odds(better, worse);
                        let draw = draws.get(i).copied().unwrap_or(0.0);
                        let (winner, loser) = if draw < p {
                            (better, worse)
                        } else {
                            (worse, better)
                        };
                        if let Some((target, side)) = slot.loser_to {
                            exact.seat(target, side, loser);
                        }
                        out.push(Weighed::sure(winner));
                    } else if x != 0 || y != 0 {
                        // A bye: whoever is there goes on, nobody drops.
                        out.push(Weighed::sure(x.max(y)));
                    }
                    out
                }
                Kind::Counted if a.is_empty() => {
                    exact.recycle(a);
                    b
                }
                Kind::Counted if b.is_empty() => {
                    exact.recycle(b);
                    a
                }
                Kind::Counted => {
                    let mut out = exact.spare();
                    out.extend(a.iter().chain(&b).map(|w| w.emptied()));
                    for (ia, x) in a.iter().enumerate() {
                        for (ib, y) in b.iter().enumerate() {
                            let p = exact.odds(x.seed, y.seed);
                            let x_wins = if x.seed < y.seed { p } else { 1.0 - p };
                            let both = x.reached * y.reached;
                            if exact.met.met(x.seed, y.seed) {
                                expected += both;
                            } else {
                                let clean = x.clean * y.clean;
                                out[ia].clean += clean * x_wins;
                                out[a.len() + ib].clean += clean * (1.0 - x_wins);
                            }
                            out[ia].reached += both * x_wins;
                            out[a.len() + ib].reached += both * (1.0 - x_wins);
                        }
                    }
                    out.retain(|w| w.reached >= NEGLIGIBLE);
                    exact.recycle(a);
                    exact.recycle(b);
                    out
                }
            };
            let Some((target, side)) = slot.winner_to else {
                exact.recycle(out);
                continue;
            };
            if slot.kind == Kind::Counted
                && self.slots.get(target).map(|t| t.kind) != Some(Kind::Counted)
            {
                // The last losers round before the final: everything counted is behind it.
                no_rematch *= out.iter().map(|w| w.clean).sum::<f64>();
            }
            match exact.sides.get_mut(target) {
                Some(sides) => {
                    let before = std::mem::replace(&mut sides[side], out);
                    exact.recycle(before);
                }
                None => exact.recycle(out),
            }
        }
        (no_rematch, expected)
    }
}

/// Below this chance of reaching a losers match, a candidate is left out of [`Plan::weigh`]'s
/// sums: a few hundred of them change a probability by less than 1e-15.
const NEGLIGIBLE: f64 = 1e-18;

/// A player who may reach a losers-bracket match: `reached` is the probability of getting there,
/// `clean` of getting there with no rematch before the losers final so far on the way (in the
/// part of the losers bracket behind the match).
#[derive(Debug, Clone, Copy)]
struct Weighed {
    seed: u16,
    reached: f64,
    clean: f64,
}

impl Weighed {
    fn sure(seed: u16) -> Weighed {
        Weighed {
            seed,
            reached: 1.0,
            clean: 1.0,
        }
    }

    fn emptied(&self) -> Weighed {
        Weighed {
            seed: self.seed,
            reached: 0.0,
            clean: 0.0,
        }
    }
}

/// Working memory of [`Plan::weigh`], reused between brackets: who may stand on each side of
/// each match, who met whom in the winners bracket, and the model's odds by seed gap.
struct Exact {
    sides: Vec<[Vec<Weighed>; 2]>,
    /// Emptied lists, kept for their capacity.
    spares: Vec<Vec<Weighed>>,
    met: Met,
    /// The better seed's chance by seed gap, under the model played.
    odds: Vec<f64>,
}

impl Exact {
    fn new(plan: &Plan, model: Model) -> Exact {
        Exact {
            sides: vec![[Vec::new(), Vec::new()]; plan.slots.len()],
            spares: Vec::new(),
            met: Met::new(plan.players),
            odds: (0..=plan.players)
                .map(|gap| model.better_seed_wins(u32::try_from(gap).unwrap_or(u32::MAX)))
                .collect(),
        }
    }

    fn reset(&mut self, plan: &Plan) {
        self.met.clear();
        for (i, slot) in plan.slots.iter().enumerate() {
            for (side, seed) in [slot.a, slot.b].into_iter().enumerate() {
                self.seat(i, side, seed);
            }
        }
    }

    /// Puts `seed` alone on `side` of match `target` (nobody for 0), in a list from the spares
    /// when the side has none: every list comes back to the spares, so none is allocated after
    /// the first bracket.
    fn seat(&mut self, target: usize, side: usize, seed: u16) {
        let Some(sides) = self.sides.get_mut(target) else {
            return;
        };
        if sides[side].capacity() == 0 && seed != 0 {
            sides[side] = self.spares.pop().unwrap_or_default();
        }
        sides[side].clear();
        if seed != 0 {
            sides[side].push(Weighed::sure(seed));
        }
    }

    /// The chance that the better of seeds `x` and `y` wins.
    fn odds(&self, x: u16, y: u16) -> f64 {
        self.odds
            .get(usize::from(x.abs_diff(y)))
            .copied()
            .unwrap_or(1.0)
    }

    fn spare(&mut self) -> Vec<Weighed> {
        self.spares.pop().unwrap_or_default()
    }

    fn recycle(&mut self, mut list: Vec<Weighed>) {
        if list.capacity() > 0 {
            list.clear();
            self.spares.push(list);
        }
    }
}

/// What [`weigh_plans`] found for one wiring: the chance of a rematch before the losers final
/// and the expected number of them, averaged over the winners brackets played, and the paired
/// difference of the chance from the first wiring's, bracket by bracket.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Weighing {
    /// Winners brackets played.
    pub brackets: u64,
    /// Sums over those brackets of the chance of a rematch and of the expected rematches.
    pub chance: f64,
    pub rematches: f64,
    /// The mean over those brackets of this wiring's chance minus the first wiring's, and the
    /// sum of the squared deviations from that mean, kept in Welford's running form, so that
    /// brackets which all give the same difference leave no spread from rounding.
    pub difference: f64,
    pub spread: f64,
}

impl Weighing {
    /// The share of brackets with a rematch before the losers final.
    pub fn rate(&self) -> f64 {
        self.chance / self.brackets.max(1) as f64
    }

    /// The expected number of rematches before the losers final in one bracket.
    pub fn expected(&self) -> f64 {
        self.rematches / self.brackets.max(1) as f64
    }

    /// This wiring's rate minus the first one's (0 for the first).
    pub fn above_first(&self) -> f64 {
        self.difference
    }

    /// The standard error of [`Weighing::above_first`].
    pub fn standard_error(&self) -> f64 {
        let n = self.brackets.max(1) as f64;
        (self.spread.max(0.0) / n).sqrt() / n.sqrt()
    }

    /// Counts one more winners bracket.
    fn push(&mut self, chance: f64, expected: f64, difference: f64) {
        self.brackets += 1;
        self.chance += chance;
        self.rematches += expected;
        let deviation = difference - self.difference;
        self.difference += deviation / self.brackets as f64;
        self.spread += deviation * (difference - self.difference);
    }

    /// Adds another run's brackets (a run in parts, as the example's sweep makes).
    pub fn add(&mut self, other: &Weighing) {
        let (mine, theirs) = (self.brackets as f64, other.brackets as f64);
        let all = mine + theirs;
        if all == 0.0 {
            return;
        }
        let deviation = other.difference - self.difference;
        self.brackets += other.brackets;
        self.chance += other.chance;
        self.rematches += other.rematches;
        self.difference += deviation * theirs / all;
        self.spread += other.spread + deviation * deviation * mine * theirs / all;
    }
}

/// The plans of `players` wired with each of `wirings`, in order.
pub fn plans(players: usize, wirings: &[Wiring]) -> Vec<Plan> {
    wirings.iter().map(|w| Plan::new(players, w)).collect()
}

/// As [`compare_plans`], with every losers bracket worked out exactly rather than drawn
/// ([`Plan::weigh`]): only the winners brackets are random, the same ones under every wiring
/// (and the same as [`compare_plans`]' for the same seed). Under [`Model::BetterSeedAlways`] one
/// bracket is played.
pub fn weigh_plans(plans: &[Plan], model: Model, brackets: u64, seed: u64) -> Vec<Weighing> {
    let mut figures = vec![Weighing::default(); plans.len()];
    let Some(first) = plans.first() else {
        return figures;
    };
    let mut exact = Exact::new(first, model);
    for_each_bracket(first, model, brackets, seed, |draws| {
        let mut first = 0.0;
        for (i, (plan, figures)) in plans.iter().zip(&mut figures).enumerate() {
            let (no_rematch, expected) = plan.weigh(draws, &mut exact);
            let chance = 1.0 - no_rematch;
            if i == 0 {
                first = chance;
            }
            figures.push(chance, expected, chance - first);
        }
    });
    figures
}

/// Hands `play` the random draws of `brackets` brackets of `plan`'s size, one per match, from
/// `seed`: the same draws for the same seed, whatever the wiring and whoever plays them. Under
/// [`Model::BetterSeedAlways`] one bracket: every other would be the same.
fn for_each_bracket(
    plan: &Plan,
    model: Model,
    brackets: u64,
    seed: u64,
    mut play: impl FnMut(&[f64]),
) {
    let brackets = if model == Model::BetterSeedAlways {
        brackets.min(1)
    } else {
        brackets
    };
    let mut rng = SplitMix::new(seed);
    let mut draws = vec![0.0; plan.len()];
    for _ in 0..brackets {
        for draw in &mut draws {
            *draw = rng.unit();
        }
        play(&draws);
    }
}

/// Per-bracket working memory of [`Plan::play`], reused between brackets.
struct Scratch {
    sides: Vec<[u16; 2]>,
    met: Met,
}

impl Scratch {
    fn new(plan: &Plan) -> Scratch {
        Scratch {
            sides: vec![[0, 0]; plan.slots.len()],
            met: Met::new(plan.players),
        }
    }

    fn reset(&mut self, plan: &Plan) {
        for (sides, slot) in self.sides.iter_mut().zip(&plan.slots) {
            *sides = [slot.a, slot.b];
        }
        self.met.clear();
    }
}

/// Who met whom in the winners bracket: one bit per pair of seeds.
struct Met {
    /// 64-bit words per seed's row.
    words: usize,
    bits: Vec<u64>,
}

impl Met {
    fn new(players: usize) -> Met {
        let words = players / 64 + 1;
        Met {
            words,
            bits: vec![0; (players + 1) * words],
        }
    }

    fn clear(&mut self) {
        self.bits.fill(0);
    }

    fn meet(&mut self, a: u16, b: u16) {
        for (x, y) in [(a, b), (b, a)] {
            let (x, y) = (usize::from(x), usize::from(y));
            if let Some(word) = self.bits.get_mut(x * self.words + y / 64) {
                *word |= 1 << (y % 64);
            }
        }
    }

    fn met(&self, a: u16, b: u16) -> bool {
        let (a, b) = (usize::from(a), usize::from(b));
        self.bits
            .get(a * self.words + b / 64)
            .is_some_and(|word| word >> (b % 64) & 1 == 1)
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
    compare_plans(&plans(players, wirings), model, brackets, seed)
}

/// As [`compare`], for plans already built.
pub fn compare_plans(plans: &[Plan], model: Model, brackets: u64, seed: u64) -> Vec<Figures> {
    let mut figures = vec![Figures::default(); plans.len()];
    let Some(first) = plans.first() else {
        return figures;
    };
    let mut scratch = Scratch::new(first);
    for_each_bracket(first, model, brackets, seed, |draws| {
        let mut first = false;
        for (i, (plan, figures)) in plans.iter().zip(&mut figures).enumerate() {
            let rematches = plan.play(draws, model, &mut scratch);
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
    });
    figures
}

/// What [`enumerate_plans`] found: every winners bracket at least as likely as the cutoff, each
/// weighed exactly, and the total probability of the others.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Enumeration {
    /// Winners brackets weighed.
    pub brackets: u64,
    /// The probability of all the winners brackets less likely than the cutoff, left out.
    pub left_out: f64,
    /// Per plan, the sum over the brackets weighed of their probability times the chance of a
    /// rematch before the losers final, and times the expected number of such rematches.
    pub chance: Vec<f64>,
    pub rematches: Vec<f64>,
}

impl Enumeration {
    /// Bounds on plan `i`'s rate, in exact arithmetic: the brackets left out add between 0 and
    /// their probability.
    pub fn rate(&self, i: usize) -> (f64, f64) {
        let low = self.chance.get(i).copied().unwrap_or(0.0);
        (low, low + self.left_out)
    }

    /// Bounds on plan `i`'s rate minus plan 0's.
    pub fn above_first(&self, i: usize) -> (f64, f64) {
        let difference = self.rate(i).0 - self.rate(0).0;
        (difference - self.left_out, difference + self.left_out)
    }
}

/// Every winners bracket whose probability under `model` is at least `cutoff`, played in turn and
/// each weighed exactly ([`Plan::weigh`]) under every plan. Nothing is random: the rates of
/// [`Enumeration::rate`] bound the true ones, as closely as the probability left out. A winners
/// bracket's probability only falls as its matches are decided, so a branch is left out as
/// soon as it falls below the cutoff. Practical for small fields or likely results: under
/// favourites, 32 players down to 1e-10 is about 130,000 brackets with 4.5e-6 left out.
pub fn enumerate_plans(plans: &[Plan], model: Model, cutoff: f64) -> Enumeration {
    let Some(first) = plans.first() else {
        return Enumeration::default();
    };
    let mut walk = Walk {
        plans,
        model,
        cutoff,
        winners: first
            .slots
            .iter()
            .take_while(|s| s.kind == Kind::Winners)
            .count(),
        seats: first.slots.iter().map(|s| [s.a, s.b]).collect(),
        draws: vec![0.0; first.len()],
        exact: Exact::new(first, model),
        found: Enumeration {
            chance: vec![0.0; plans.len()],
            rematches: vec![0.0; plans.len()],
            ..Enumeration::default()
        },
    };
    walk.descend(0, 1.0);
    walk.found
}

/// The state of [`enumerate_plans`]' walk through the winners brackets, match by match.
struct Walk<'a> {
    plans: &'a [Plan],
    model: Model,
    cutoff: f64,
    /// The winners bracket's matches come first in a plan; this many of them.
    winners: usize,
    /// Who stands on each side of each winners match on the current branch.
    seats: Vec<[u16; 2]>,
    /// The draws that play the current branch: 0 for the better seed winning, 1 for the other.
    draws: Vec<f64>,
    exact: Exact,
    found: Enumeration,
}

impl Walk<'_> {
    /// Decides winners match `i` both ways (one way for a bye), the branch so far having
    /// `probability`.
    fn descend(&mut self, i: usize, probability: f64) {
        let Some(slot) = self.plans[0].slots.get(i).filter(|_| i < self.winners) else {
            self.found.brackets += 1;
            for (j, plan) in self.plans.iter().enumerate() {
                let (no_rematch, expected) = plan.weigh(&self.draws, &mut self.exact);
                self.found.chance[j] += probability * (1.0 - no_rematch);
                self.found.rematches[j] += probability * expected;
            }
            return;
        };
        let winner_to = slot.winner_to.filter(|&(target, _)| target < self.winners);
        let [a, b] = self.seats[i];
        let (better, worse) = (a.min(b), a.max(b));
        if better == 0 {
            // A bye: whoever is there goes on, one way only.
            self.draws[i] = 0.0;
            if let Some((target, side)) = winner_to {
                self.seats[target][side] = worse;
            }
            self.descend(i + 1, probability);
            return;
        }
        let p = self.model.better_seed_wins(u32::from(worse - better));
        for (draw, (winner, p)) in [(better, p), (worse, 1.0 - p)].into_iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let next = probability * p;
            if next < self.cutoff {
                self.found.left_out += next;
                continue;
            }
            self.draws[i] = draw as f64;
            if let Some((target, side)) = winner_to {
                self.seats[target][side] = winner;
            }
            self.descend(i + 1, next);
        }
    }
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

    #[test]
    fn weighing_eight_players_under_coin_flips_gives_a_quarter_in_every_bracket() {
        // The count by hand above holds whatever the winners bracket: the losers bracket's coin
        // flips alone decide it.
        for seed in 0..5 {
            let found = weigh_plans(&plans(8, &[Wiring::Tourney]), Model::CoinFlips, 1, seed);
            assert!((found[0].rate() - 0.25).abs() < 1e-12, "{found:?}");
            assert!((found[0].expected() - 0.25).abs() < 1e-12, "{found:?}");
        }
    }

    #[test]
    fn under_coin_flips_a_full_bracket_has_the_same_odds_whoever_wins() {
        // With no byes, every winners bracket is the same one with the names changed, so one
        // winners bracket gives the exact rate: 3/8 for tourney at 16, 71/128 for
        // brackets-manager.
        let wirings = [Wiring::Tourney, Wiring::BracketsManager];
        for seed in 0..5 {
            let found = weigh_plans(&plans(16, &wirings), Model::CoinFlips, 1, seed);
            assert!((found[0].rate() - 0.375).abs() < 1e-12, "{found:?}");
            assert!((found[1].rate() - 71.0 / 128.0).abs() < 1e-12, "{found:?}");
        }
        let full = plans(64, &wirings);
        let one = weigh_plans(&full, Model::CoinFlips, 1, 1);
        let many = weigh_plans(&full, Model::CoinFlips, 20, 2);
        for (one, many) in one.iter().zip(&many) {
            assert!((one.rate() - many.rate()).abs() < 1e-12);
            assert!(many.standard_error() < 1e-9);
        }
    }

    #[test]
    fn weighing_counts_what_playing_counts_with_the_better_seed_always_winning() {
        for (players, rematches) in [(16, 2.0), (32, 6.0)] {
            let reverse = plans(players, &[Wiring::Reverse]);
            let found = weigh_plans(&reverse, Model::BetterSeedAlways, 10, 1);
            assert_eq!(found[0].brackets, 1);
            assert_eq!(found[0].rate(), 1.0);
            assert_eq!(found[0].expected(), rematches);
        }
    }

    #[test]
    fn weighing_agrees_with_playing_and_with_every_bracket() {
        // Twelve players under favourites: 11 winners matches that can go either way, so all
        // 2048 winners brackets can be weighed, which gives the exact rate.
        let plans = plans(12, &[Wiring::Tourney, Wiring::BracketsManager]);
        let every = enumerate_plans(&plans, Model::Favourites, 0.0);
        assert_eq!(every.brackets, 2048);
        assert_eq!(every.left_out, 0.0);
        let weighed = weigh_plans(&plans, Model::Favourites, 4000, 7);
        let played = compare_plans(&plans, Model::Favourites, 4000, 7);
        for i in 0..2 {
            let exact = every.rate(i).0;
            assert!(
                (weighed[i].rate() - exact).abs() < 0.01,
                "{exact} {weighed:?}"
            );
            assert!(
                (played[i].rate() - exact).abs() < 0.03,
                "{exact} {played:?}"
            );
        }
        // Leaving out the unlikely brackets brackets the exact rate.
        let likely = enumerate_plans(&plans, Model::Favourites, 1e-4);
        assert!(likely.brackets < 2048 && likely.left_out > 0.0);
        for i in 0..2 {
            let (low, high) = likely.rate(i);
            assert!(low <= every.rate(i).0 && every.rate(i).0 <= high + 1e-12);
        }
    }

    #[test]
    fn equal_plans_are_the_same_bracket() {
        assert_eq!(
            Plan::new(16, &Wiring::Tourney),
            Plan::new(16, &Wiring::ReverseThenNatural)
        );
        assert_ne!(
            Plan::new(32, &Wiring::Tourney),
            Plan::new(32, &Wiring::ReverseThenNatural)
        );
    }

    #[test]
    fn weighings_in_parts_add_up_to_one_run() {
        // Forty one-bracket runs added together: the mean and the spread of the differences are
        // those of the forty brackets' differences computed directly.
        let plans = plans(24, &[Wiring::Tourney, Wiring::BracketsManager]);
        let runs: Vec<Weighing> = (0..40)
            .map(|seed| weigh_plans(&plans, Model::Favourites, 1, seed)[1])
            .collect();
        let mut sum = Weighing::default();
        for run in &runs {
            sum.add(run);
        }
        let differences: Vec<f64> = runs.iter().map(Weighing::above_first).collect();
        let mean = differences.iter().sum::<f64>() / 40.0;
        let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / 40.0;
        assert_eq!(sum.brackets, 40);
        assert!((sum.above_first() - mean).abs() < 1e-12);
        assert!((sum.standard_error() - (variance / 40.0).sqrt()).abs() < 1e-12);
        // Under coin flips a full bracket gives the same difference every time: no spread.
        let full = super::plans(64, &[Wiring::Tourney, Wiring::Reverse]);
        let found = weigh_plans(&full, Model::CoinFlips, 50, 3);
        assert!(found[1].standard_error() < 1e-15, "{:?}", found[1]);
    }
}
