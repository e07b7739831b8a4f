//! Rematches before the losers final, by wiring: for tourney's drop-in orders and the peers', the
//! share of double eliminations with a rematch before the losers final and the expected number
//! of rematches, per field size, under two result models.
//!
//!     cargo run --release --example rematches                      # the figures in docs/engine.md
//!     cargo run --release --example rematches -- --every           # every field from 4 to 256
//!     cargo run --release --example rematches -- --exact 1e-10 --sizes 24,32
//!     cargo run --release --example rematches -- --search          # how tourney's table was chosen
//!     cargo run --release --example rematches -- --search --sizes 17,18 --brackets 20000
//!
//! Options: `--brackets N` (winners brackets per size and model, default 200000), `--seed S`
//! (default 2026), `--sizes A,B,…` (default 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192,
//! 256). Each winners bracket is played at random and its losers bracket worked out exactly
//! (`weigh_plans` in `tests/rematches/mod.rs`), under every wiring on the same winners brackets, so the differences
//! between columns are differences of wiring, not of luck. `--exact CUTOFF` instead weighs every
//! winners bracket at least that likely, under favourites, and bounds each rate by the
//! probability left out: no randomness at all. `--search` with `--sizes` searches those fields
//! one by one (the exceptions by field), every flip pattern weighed exactly under favourites
//! (down to `--exact`, default 1e-9) and on `--brackets` winners brackets under coin flips.

use std::process::ExitCode;

#[path = "../tests/rematches/mod.rs"]
mod rematches;

use rematches::{Model, Plan, SplitMix, Weighing, compare, enumerate_plans, weigh_plans};
use tourney::domain::formats::drop_ins::{self, Wiring};

/// The wirings in the order of the table's columns.
fn wirings() -> Vec<Wiring> {
    vec![
        Wiring::Tourney,
        Wiring::BracketsManager,
        Wiring::ReverseThenNatural,
        Wiring::Reverse,
        Wiring::Challonge,
    ]
}

/// The baselines the issue names: brackets-manager, plain reverse, reverse-then-natural.
fn is_required_baseline(wiring: &Wiring) -> bool {
    matches!(
        wiring,
        Wiring::BracketsManager | Wiring::Reverse | Wiring::ReverseThenNatural
    )
}

const SIZES: &[usize] = &[4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256];
const MODELS: [Model; 2] = [Model::CoinFlips, Model::Favourites];

/// How many standard errors settle a comparison in `--every`.
const SETTLED: f64 = 5.0;

/// A standard error below this is rounding: every winners bracket gave the same difference
/// (under coin flips, a full bracket's odds do not depend on who won).
const EXACT: f64 = 1e-9;

struct Options {
    brackets: u64,
    seed: u64,
    sizes: Vec<usize>,
    /// Whether `--sizes` was given.
    sized: bool,
    every: bool,
    search: bool,
    exact: Option<f64>,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        brackets: 200_000,
        seed: 2026,
        sizes: SIZES.to_vec(),
        sized: false,
        every: false,
        search: false,
        exact: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--brackets" => {
                options.brackets = number(&value("--brackets")?)?.max(1);
            }
            "--seed" => options.seed = number(&value("--seed")?)?,
            "--sizes" => {
                options.sizes = value("--sizes")?
                    .split(',')
                    .map(|size| number(size).map(|n| n as usize))
                    .collect::<Result<_, _>>()?;
                options.sized = true;
            }
            "--exact" => {
                let cutoff = value("--exact")?;
                options.exact = Some(
                    cutoff
                        .parse()
                        .map_err(|_| format!("--exact needs a probability, not {cutoff}"))?,
                );
            }
            "--every" => options.every = true,
            "--search" => options.search = true,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
}

fn number(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{text} is not a number"))
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let ok = if options.search && options.sized {
        search_fields(&options)
    } else if options.search {
        search(&options)
    } else if options.every {
        every(&options)
    } else if let Some(cutoff) = options.exact {
        exact(&options, cutoff)
    } else {
        figures(&options)
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// tourney against the best required baseline on the same winners brackets: the baseline's
/// index, tourney's rate minus its rate, and whether the two lay out the same bracket (then the
/// difference is 0 in exact arithmetic, not only on these brackets).
fn against_best(wirings: &[Wiring], plans: &[Plan], found: &[Weighing]) -> (usize, f64, bool) {
    let best = (0..wirings.len())
        .filter(|&i| is_required_baseline(&wirings[i]))
        .min_by(|&a, &b| found[a].rate().total_cmp(&found[b].rate()))
        .unwrap_or(0);
    (
        best,
        -found[best].above_first() + 0.0,
        plans[best] == plans[0],
    )
}

/// The figures tables: one per model, a row per field size. Returns false if tourney is above
/// the best required baseline anywhere up to 256 players by three standard errors or more, or
/// has a rematch with the better seed always winning.
fn figures(options: &Options) -> bool {
    let wirings = wirings();
    let names: Vec<&str> = wirings.iter().map(Wiring::name).collect();
    let mut ok = true;
    println!(
        "{} winners brackets per size and model, seed {}, each losers bracket worked out \
         exactly; each cell: share of brackets with a rematch before the losers final / \
         expected rematches per bracket. Last column: tourney's rate minus the best of \
         brackets-manager, reverse and reverse-then-natural on the same brackets, in standard \
         errors of that difference, or \"same bracket\" when tourney's wiring lays out the best \
         peer's bracket.\n",
        options.brackets, options.seed
    );
    println!("### {}\n", Model::BetterSeedAlways.name());
    println!("| players | {} |", names.join(" | "));
    println!("| ---: |{}", " ---: |".repeat(names.len()));
    for &players in &options.sizes {
        let found = compare(players, &wirings, Model::BetterSeedAlways, 1, options.seed);
        if players <= 256 && found[0].rematches > 0 {
            ok = false;
        }
        let cells: Vec<String> = found.iter().map(|f| f.rematches.to_string()).collect();
        println!("| {players} | {} |", cells.join(" | "));
    }
    println!();
    for model in MODELS {
        println!("### {}\n", model.name());
        println!("| players | {} | tourney − best |", names.join(" | "));
        println!("| ---: |{} ---: |", " ---: |".repeat(names.len()));
        for &players in &options.sizes {
            let plans: Vec<Plan> = wirings.iter().map(|w| Plan::new(players, w)).collect();
            let found = weigh_plans(&plans, model, options.brackets, options.seed);
            let cells: Vec<String> = found
                .iter()
                .map(|f| format!("{:.4} / {:.4}", f.rate(), f.expected()))
                .collect();
            let (best, difference, same) = against_best(&wirings, &plans, &found);
            let error = found[best].standard_error();
            let last = if same {
                "0 (same bracket)".to_owned()
            } else if error > EXACT {
                format!("{difference:+.5} ({:+.1})", difference / error)
            } else {
                format!("{difference:+.5} (exact)")
            };
            if players <= 256 && !same && difference >= 3.0 * error {
                ok = false;
            }
            println!("| {players} | {} | {last} |", cells.join(" | "));
        }
        println!();
    }
    ok
}

/// How one field and model came out in `--every`.
enum Verdict {
    /// tourney lays out the same bracket as the best baseline.
    Same,
    /// tourney's rate minus the best baseline's, and that in standard errors (none when every
    /// winners bracket gave the same difference): at most 0, or above 0.
    Below(f64, Option<f64>),
    Above(f64, Option<f64>),
    /// Not settled within the brackets allowed.
    Open(f64, f64),
}

/// Weighs tourney against the three baselines on `players` under `model`, in parts of a few
/// thousand winners brackets, until every baseline laying out another bracket than tourney's is
/// settled (its difference from tourney is at least [`SETTLED`] standard errors) or `brackets`
/// are played.
fn settle(players: usize, model: Model, options: &Options) -> (Verdict, u64) {
    let wirings = [
        Wiring::Tourney,
        Wiring::BracketsManager,
        Wiring::ReverseThenNatural,
        Wiring::Reverse,
    ];
    let plans: Vec<Plan> = wirings.iter().map(|w| Plan::new(players, w)).collect();
    let mut seeds = SplitMix::new(options.seed ^ players as u64);
    let mut found = vec![Weighing::default(); plans.len()];
    let part = 2_000.min(options.brackets);
    loop {
        let more = weigh_plans(&plans, model, part, seeds.next_u64());
        for (found, more) in found.iter_mut().zip(&more) {
            found.add(more);
        }
        let open = (1..plans.len()).any(|i| {
            let error = found[i].standard_error().max(EXACT);
            plans[i] != plans[0] && found[i].above_first().abs() < SETTLED * error
        });
        let brackets = found[0].brackets;
        if !open || brackets >= options.brackets {
            let (best, difference, same) = against_best(&wirings, &plans, &found);
            let error = found[best].standard_error();
            let z = (error > EXACT).then(|| difference / error);
            let verdict = if same {
                Verdict::Same
            } else if open {
                Verdict::Open(difference, difference / error)
            } else if difference <= 0.0 {
                Verdict::Below(difference, z)
            } else {
                Verdict::Above(difference, z)
            };
            return (verdict, brackets);
        }
    }
}

/// Every field size from 4 to 256, both models: tourney against the best required baseline.
/// Returns false if tourney is ever settled above it or left unsettled, or has a rematch with the
/// better seed always winning.
fn every(options: &Options) -> bool {
    let mut ok = true;
    let (mut same, mut below, mut brackets) = (0, 0, 0);
    let mut closest = (f64::NEG_INFINITY, 0.0, 0, "");
    for players in 4..=256 {
        for model in MODELS {
            let (verdict, played) = settle(players, model, options);
            brackets += played;
            match verdict {
                Verdict::Same => same += 1,
                Verdict::Below(difference, z) => {
                    below += 1;
                    if difference > closest.0 {
                        closest = (
                            difference,
                            z.unwrap_or(f64::NEG_INFINITY),
                            players,
                            model.name(),
                        );
                    }
                }
                Verdict::Above(difference, z) => {
                    ok = false;
                    println!(
                        "{players} players, {}: tourney {difference:+.6} above the best baseline \
                         ({z:?} standard errors)",
                        model.name()
                    );
                }
                Verdict::Open(difference, z) => {
                    ok = false;
                    println!(
                        "{players} players, {}: not settled after {played} brackets, tourney \
                         {difference:+.6} against the best baseline ({z:+.1} standard errors)",
                        model.name()
                    );
                }
            }
        }
        let always = compare(players, &[Wiring::Tourney], Model::BetterSeedAlways, 1, 0);
        if always[0].rematches > 0 {
            ok = false;
            println!(
                "{players} players: {} rematches with the better seed always winning",
                always[0].rematches
            );
        }
    }
    println!(
        "every field from 4 to 256 under both models (506 cases, {brackets} winners brackets in \
         all, at most {} a case, seed {}): tourney lays out the best baseline's bracket in {same}, \
         is below it by at least {SETTLED} standard errors in {below} (the closest: {:+.6}, \
         {:+.1} standard errors, {} players, {}); {}",
        options.brackets,
        options.seed,
        closest.0,
        closest.1,
        closest.2,
        closest.3,
        if ok {
            "no field has a rematch with the better seed always winning"
        } else {
            "see above"
        }
    );
    ok
}

/// Every winners bracket at least `cutoff` likely under favourites, weighed exactly: bounds on
/// each wiring's rate and on tourney's rate minus each baseline's. Returns false if tourney may
/// be above a baseline by these bounds. Under coin flips a full bracket needs no such thing: every
/// winners bracket gives the same odds, so one weighed bracket is exact.
fn exact(options: &Options, cutoff: f64) -> bool {
    let wirings = [
        Wiring::Tourney,
        Wiring::BracketsManager,
        Wiring::ReverseThenNatural,
        Wiring::Reverse,
    ];
    let mut ok = true;
    println!(
        "favourites, every winners bracket at least {cutoff:e} likely weighed exactly; rates are \
         bounded by the probability of the winners brackets left out\n"
    );
    println!(
        "| players | brackets weighed | left out | tourney | tourney − brackets-manager | tourney − reverse-then-natural | tourney − reverse |"
    );
    println!("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for &players in &options.sizes {
        let plans: Vec<Plan> = wirings.iter().map(|w| Plan::new(players, w)).collect();
        let found = enumerate_plans(&plans, Model::Favourites, cutoff);
        let (low, high) = found.rate(0);
        let mut cells = Vec::new();
        for i in 1..plans.len() {
            let (low, high) = found.above_first(i);
            if plans[i] == plans[0] {
                cells.push("0 (same bracket)".to_owned());
                continue;
            }
            if low <= 0.0 {
                ok = false;
            }
            // tourney minus the peer: the negated bounds of the peer minus tourney.
            cells.push(format!("{:.7} to {:.7}", -high, -low));
        }
        println!(
            "| {players} | {} | {:.1e} | {low:.7} to {high:.7} | {} |",
            found.brackets,
            found.left_out,
            cells.join(" | ")
        );
    }
    ok
}

/// How tourney's table was chosen. For each bracket size, candidates are flip patterns per
/// winners round (the family that holds every peer's order); the objective is the sum of the rates
/// under both models at a full field and at three quarters of one (byes), with a heavy penalty for
/// any rate above the best required baseline's and for any rematch with the better seed always
/// winning. Where the family has at most 1024 members (up to 64 slots) every member is weighed;
/// above, coordinate descent (one round's pattern at a time, every pattern tried) starts from
/// reverse-then-natural, from Challonge's and from the rule. Both work on `brackets / 50` winners
/// brackets; the best candidates, and the rule, are then weighed again on `brackets` other ones
/// (seed + 1), and the best of those that no required baseline beats there is the table's row.
fn search(options: &Options) -> bool {
    let quick = (options.brackets / 50).max(1);
    let mut ok = true;
    for k in 3..=8usize {
        let size = 1usize << k;
        let fields = [size, size * 3 / 4];
        let widths: Vec<usize> = (2..k).map(|round| k - round).collect();
        let flips_of = |wiring: &Wiring| -> Vec<usize> {
            (2..k)
                .map(|round| wiring.drop_in(size, round).flips)
                .collect()
        };
        let rule: Vec<usize> = (2..k)
            .map(|round| drop_ins::rule(size, round).flips)
            .collect();
        let baselines = [
            Wiring::BracketsManager,
            Wiring::Reverse,
            Wiring::ReverseThenNatural,
        ];
        // Rates per (field, model), then rematches with the better seed always winning.
        let measure = |candidates: &[Wiring], brackets: u64, seed: u64| -> Vec<(Vec<f64>, u64)> {
            let mut found = vec![(Vec::new(), 0); candidates.len()];
            for &players in &fields {
                let plans: Vec<Plan> = candidates.iter().map(|w| Plan::new(players, w)).collect();
                for model in MODELS {
                    for (i, f) in weigh_plans(&plans, model, brackets, seed)
                        .iter()
                        .enumerate()
                    {
                        found[i].0.push(f.rate());
                    }
                }
                for (i, plan) in plans.iter().enumerate() {
                    let always =
                        weigh_plans(std::slice::from_ref(plan), Model::BetterSeedAlways, 1, seed);
                    found[i].1 += always[0].expected().round() as u64;
                }
            }
            found
        };
        let bars = |brackets: u64, seed: u64| -> Vec<f64> {
            let found = measure(&baselines, brackets, seed);
            (0..found[0].0.len())
                .map(|j| found.iter().map(|f| f.0[j]).fold(f64::INFINITY, f64::min))
                .collect()
        };
        let score = |(rates, always): &(Vec<f64>, u64), bars: &[f64]| -> f64 {
            let sum: f64 = rates
                .iter()
                .zip(bars)
                .map(|(rate, bar)| rate + 10.0 * (rate - bar).max(0.0))
                .sum();
            sum + 10.0 * *always as f64
        };
        let quick_bars = bars(quick, options.seed);
        let mut finals: Vec<Vec<usize>> = vec![rule.clone()];
        if let Some(members) = family(&widths) {
            let found = measure(&members, quick, options.seed);
            let mut ranked: Vec<(f64, &Wiring)> = members
                .iter()
                .zip(&found)
                .map(|(member, found)| (score(found, &quick_bars), member))
                .collect();
            ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
            for (_, member) in ranked.iter().take(4) {
                if let Wiring::Flips(flips) = member
                    && !finals.contains(flips)
                {
                    finals.push(flips.clone());
                }
            }
        } else {
            for start in [
                flips_of(&Wiring::ReverseThenNatural),
                flips_of(&Wiring::Challonge),
                rule.clone(),
            ] {
                let current = descend(start, &widths, |candidates| {
                    measure(candidates, quick, options.seed)
                        .iter()
                        .map(|found| score(found, &quick_bars))
                        .collect()
                });
                if !finals.contains(&current) {
                    finals.push(current);
                }
            }
        }
        // Weighed again, on other brackets, against the baselines on those same brackets.
        let seed = options.seed + 1;
        let candidates: Vec<Wiring> = finals.iter().cloned().map(Wiring::Flips).collect();
        let found = measure(&candidates, options.brackets, seed);
        let bars = bars(options.brackets, seed);
        let beaten = |(rates, always): &(Vec<f64>, u64)| {
            *always > 0 || rates.iter().zip(&bars).any(|(rate, bar)| rate > bar)
        };
        let pattern = |flips: &[usize]| -> String {
            flips
                .iter()
                .zip(&widths)
                .map(|(f, &w)| format!("\"{f:0w$b}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        println!("{size} slots: best baselines {:?}", rounded(&bars));
        for (flips, found) in finals.iter().zip(&found) {
            println!(
                "  [{}] rates {:?}, {} rematches with the better seed always winning{}",
                pattern(flips),
                rounded(&found.0),
                found.1,
                if beaten(found) { ", beaten" } else { "" }
            );
        }
        let best = finals
            .iter()
            .zip(&found)
            .filter(|(_, f)| !beaten(f))
            .min_by(|a, b| score(a.1, &bars).total_cmp(&score(b.1, &bars)));
        match best {
            Some((flips, _)) => println!("  ({size}, &[{}]),", pattern(flips)),
            None => {
                ok = false;
                println!("  no candidate beats every baseline at {size}");
            }
        }
    }
    ok
}

/// The exceptions by field: for each of `--sizes`, every flip pattern of its bracket (up to 64
/// slots, 1024 patterns) weighed against the three baselines, exactly under favourites (every
/// winners bracket at least `--exact` likely, default 1e-9) and on `--brackets` winners
/// brackets under coin flips. Prints the patterns that no baseline beats under either model
/// and that keep the better seed's bracket free of rematches, lowest under favourites first.
/// Returns false if a field has none.
fn search_fields(options: &Options) -> bool {
    let cutoff = options.exact.unwrap_or(1e-9);
    let mut ok = true;
    for &players in &options.sizes {
        let k = players.max(2).next_power_of_two().trailing_zeros() as usize;
        let widths: Vec<usize> = (2..k).map(|round| k - round).collect();
        let Some(members) = family(&widths) else {
            println!("{players} players: too many patterns to weigh every one");
            ok = false;
            continue;
        };
        let mut wirings = vec![
            Wiring::Tourney,
            Wiring::BracketsManager,
            Wiring::ReverseThenNatural,
            Wiring::Reverse,
        ];
        wirings.extend(members);
        let plans: Vec<Plan> = wirings.iter().map(|w| Plan::new(players, w)).collect();
        let favourites = enumerate_plans(&plans, Model::Favourites, cutoff);
        let coins = weigh_plans(&plans, Model::CoinFlips, options.brackets, options.seed);
        let always = weigh_plans(&plans, Model::BetterSeedAlways, 1, options.seed);
        let best = |rate: &dyn Fn(usize) -> f64| {
            (1..4)
                .min_by(|&a, &b| rate(a).total_cmp(&rate(b)))
                .unwrap_or(1)
        };
        let (best_favourites, best_coins) =
            (best(&|i| favourites.rate(i).0), best(&|i| coins[i].rate()));
        // A pattern holds its own if it is at most the best baseline under favourites (the very
        // same bracket, or lower by more than the probability left out, which bounds the
        // difference on the brackets not weighed) and under coin flips.
        let holds = |i: usize| {
            let favourites_ok = plans[i] == plans[best_favourites]
                || favourites.rate(i).0 - favourites.rate(best_favourites).0 + favourites.left_out
                    <= 0.0;
            let coins_ok = coins[i].rate() <= coins[best_coins].rate() + EXACT;
            favourites_ok && coins_ok && always[i].expected() == 0.0
        };
        let describe = |i: usize| match &wirings[i] {
            Wiring::Flips(flips) => flips
                .iter()
                .zip(&widths)
                .map(|(f, &w)| format!("{f:0w$b}"))
                .collect::<Vec<_>>()
                .join(" "),
            other => other.name().to_owned(),
        };
        println!(
            "{players} players ({} winners brackets weighed, {:.1e} left out): best baselines {} \
             {:.7} under favourites, {} {:.5} under coin flips; tourney {:.7} / {:.5}",
            favourites.brackets,
            favourites.left_out,
            wirings[best_favourites].name(),
            favourites.rate(best_favourites).0,
            wirings[best_coins].name(),
            coins[best_coins].rate(),
            favourites.rate(0).0,
            coins[0].rate(),
        );
        let mut holding: Vec<usize> = (4..plans.len()).filter(|&i| holds(i)).collect();
        holding.sort_by(|&a, &b| favourites.rate(a).0.total_cmp(&favourites.rate(b).0));
        if holding.is_empty() {
            ok = false;
            println!("  no pattern is at most every baseline under both models");
        }
        for &i in holding.iter().take(5) {
            println!(
                "  {:12} favourites {:.7} ({:+.7} against the best), coin flips {:.5} ({:+.5})",
                describe(i),
                favourites.rate(i).0,
                favourites.rate(i).0 - favourites.rate(best_favourites).0,
                coins[i].rate(),
                coins[i].rate() - coins[best_coins].rate(),
            );
        }
    }
    ok
}

/// Every member of the flip-pattern family with rounds of `widths` bits, if it has at most 1024:
/// the patterns' bits side by side in one number, counted up.
fn family(widths: &[usize]) -> Option<Vec<Wiring>> {
    let bits: usize = widths.iter().sum();
    (bits <= 10).then(|| {
        (0..1usize << bits)
            .map(|mut code| {
                Wiring::Flips(
                    widths
                        .iter()
                        .map(|&w| {
                            let flips = code & ((1 << w) - 1);
                            code >>= w;
                            flips
                        })
                        .collect(),
                )
            })
            .collect()
    })
}

/// Coordinate descent over flip patterns: one winners round's pattern at a time, every pattern
/// of its width tried, the best kept, until no round improves. `scores` scores candidates (lower
/// is better).
fn descend(
    start: Vec<usize>,
    widths: &[usize],
    scores: impl Fn(&[Wiring]) -> Vec<f64>,
) -> Vec<usize> {
    let mut current = start;
    let mut current_score = scores(&[Wiring::Flips(current.clone())])[0];
    loop {
        let mut improved = false;
        for row in (0..current.len()).rev() {
            let candidates: Vec<Vec<usize>> = (0..1usize << widths[row])
                .map(|flips| {
                    let mut candidate = current.clone();
                    candidate[row] = flips;
                    candidate
                })
                .collect();
            let wirings: Vec<Wiring> = candidates.iter().cloned().map(Wiring::Flips).collect();
            for (candidate, score) in candidates.into_iter().zip(scores(&wirings)) {
                if score < current_score - 1e-12 {
                    (current, current_score) = (candidate, score);
                    improved = true;
                }
            }
        }
        if !improved {
            return current;
        }
    }
}

fn rounded(rates: &[f64]) -> Vec<String> {
    rates.iter().map(|r| format!("{r:.4}")).collect()
}
