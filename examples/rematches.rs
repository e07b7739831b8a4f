//! Rematches before the losers final, by wiring: plays many random double eliminations per field
//! size under two result models and prints, for tourney's drop-in orders and the peers', the share
//! of brackets with a rematch before the losers final and the expected number of rematches.
//!
//!     cargo run --release --example rematches                 # the figures in docs/engine.md
//!     cargo run --release --example rematches -- --every      # every field from 4 to 256
//!     cargo run --release --example rematches -- --search     # how tourney's table was chosen
//!
//! Options: `--brackets N` (per size and model, default 1000000), `--seed S` (default 2026).
//! Every wiring plays the same brackets (common random numbers), so the differences between
//! columns are differences of wiring, not of luck.

use std::process::ExitCode;

use tourney::domain::formats::drop_ins::{self, Wiring};
use tourney::domain::formats::rematches::{Figures, Model, Plan, compare, compare_plans};

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

const SIZES: &[usize] = &[
    4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 1024,
];
const MODELS: [Model; 2] = [Model::CoinFlips, Model::Favourites];

struct Options {
    brackets: u64,
    seed: u64,
    every: bool,
    search: bool,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        brackets: 1_000_000,
        seed: 2026,
        every: false,
        search: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--brackets" => options.brackets = number("--brackets")?.max(1),
            "--seed" => options.seed = number("--seed")?,
            "--every" => options.every = true,
            "--search" => options.search = true,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let ok = if options.search {
        search(&options)
    } else if options.every {
        every(&options)
    } else {
        figures(&options)
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The required baseline with the smallest rate: its index.
fn best_baseline(wirings: &[Wiring], figures: &[Figures]) -> usize {
    (0..wirings.len())
        .filter(|&i| is_required_baseline(&wirings[i]))
        .min_by(|&a, &b| figures[a].rate().total_cmp(&figures[b].rate()))
        .unwrap_or(0)
}

/// tourney's rate minus the best required baseline's, and how many standard errors of the paired
/// difference that is (positive: tourney above).
fn against_best(wirings: &[Wiring], figures: &[Figures]) -> (f64, f64) {
    let best = &figures[best_baseline(wirings, figures)];
    // + 0.0 turns a -0.0 (no bracket differs) into 0.0.
    (
        figures[0].rate() - best.rate(),
        -best.excess_over_first() + 0.0,
    )
}

/// The figures tables: one per model, a row per field size. Returns false if tourney is
/// significantly (three standard errors) above the best required baseline anywhere up to 256.
fn figures(options: &Options) -> bool {
    let wirings = wirings();
    let mut ok = true;
    println!(
        "{} brackets per size and model, seed {}; each cell: share of brackets with a rematch \
         before the losers final / expected rematches per bracket. Last column: tourney's rate \
         minus the best of brackets-manager, reverse and reverse-then-natural, on the same \
         brackets, and that difference in standard errors.\n",
        options.brackets, options.seed
    );
    for model in [Model::BetterSeedAlways, Model::CoinFlips, Model::Favourites] {
        println!("### {}\n", model.name());
        let names: Vec<&str> = wirings.iter().map(Wiring::name).collect();
        let last = if model == Model::BetterSeedAlways {
            ""
        } else {
            " tourney − best |"
        };
        println!("| players | {} |{last}", names.join(" | "));
        println!(
            "| ---: |{}{}",
            " ---: |".repeat(names.len()),
            if last.is_empty() { "" } else { " ---: |" }
        );
        for &players in SIZES {
            let found = compare(players, &wirings, model, options.brackets, options.seed);
            if model == Model::BetterSeedAlways {
                let cells: Vec<String> = found.iter().map(|f| f.rematches.to_string()).collect();
                if players <= 256 && found[0].rematches > 0 {
                    ok = false;
                }
                println!("| {players} | {} |", cells.join(" | "));
                continue;
            }
            let cells: Vec<String> = found
                .iter()
                .map(|f| format!("{:.3} / {:.3}", f.rate(), f.expected()))
                .collect();
            let (difference, z) = against_best(&wirings, &found);
            if players <= 256 && z > 3.0 {
                ok = false;
            }
            println!(
                "| {players} | {} | {difference:+.4} ({z:+.1}) |",
                cells.join(" | ")
            );
        }
        println!();
    }
    ok
}

/// Every field size from 4 to 256, both models: tourney against the best required baseline on
/// the same brackets. Returns false if tourney is ever significantly above it, or has a rematch
/// with the better seed always winning.
fn every(options: &Options) -> bool {
    let wirings = wirings();
    let mut ok = true;
    let mut above = 0;
    let mut highest = (f64::NEG_INFINITY, 0.0, 0, "");
    for players in 4..=256 {
        for model in MODELS {
            let found = compare(players, &wirings, model, options.brackets, options.seed);
            let (difference, z) = against_best(&wirings, &found);
            if difference > 0.0 {
                above += 1;
            }
            if z > highest.0 {
                highest = (z, difference, players, model.name());
            }
            if z > 3.0 {
                ok = false;
                println!(
                    "{players} players, {}: tourney {:+.4} above the best baseline ({z:.1} standard errors)",
                    model.name(),
                    difference
                );
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
        "every field from 4 to 256 under both models, {} brackets each, seed {}: tourney's rate \
         is above the best baseline's in {above} of 506 cases, at most by {:+.4} ({:+.1} standard \
         errors, {} players, {}); {}",
        options.brackets,
        options.seed,
        highest.1,
        highest.0,
        highest.2,
        highest.3,
        if ok {
            "never significantly (3 standard errors), and no field has a rematch with the better seed always winning"
        } else {
            "see above"
        }
    );
    ok
}

/// How tourney's table was chosen. For each bracket size, candidates are flip patterns per
/// winners round (the family that holds every peer's order); the objective is the sum of the rates
/// under both models at a full field and at three quarters of one (byes), with a heavy penalty for
/// any rate above the best required baseline's and for any rematch with the better seed always
/// winning. Coordinate descent (one round's pattern at a time, every pattern tried) starts from
/// reverse-then-natural, from Challonge's and from the rule, on `brackets / 50` brackets; the
/// candidates it ends on, and the rule, are then measured again on `brackets` other brackets
/// (seed + 1), and the best of those that no required baseline beats there is the table's row.
fn search(options: &Options) -> bool {
    let quick = (options.brackets / 50).max(1);
    let mut ok = true;
    for k in 3..=8usize {
        let size = 1usize << k;
        let fields = [size, size * 3 / 4];
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
                    for (i, f) in compare_plans(&plans, model, brackets, seed)
                        .iter()
                        .enumerate()
                    {
                        found[i].0.push(f.rate());
                    }
                }
                for (i, f) in compare_plans(&plans, Model::BetterSeedAlways, 1, seed)
                    .iter()
                    .enumerate()
                {
                    found[i].1 += f.rematches;
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
        for start in [
            flips_of(&Wiring::ReverseThenNatural),
            flips_of(&Wiring::Challonge),
            rule.clone(),
        ] {
            let mut current = start;
            let mut current_score = score(
                &measure(&[Wiring::Flips(current.clone())], quick, options.seed)[0],
                &quick_bars,
            );
            loop {
                let mut improved = false;
                for row in (0..current.len()).rev() {
                    let bits = k - (row + 2);
                    let candidates: Vec<Wiring> = (0..1usize << bits)
                        .map(|flips| {
                            let mut c = current.clone();
                            c[row] = flips;
                            Wiring::Flips(c)
                        })
                        .collect();
                    let found = measure(&candidates, quick, options.seed);
                    for (candidate, found) in candidates.iter().zip(&found) {
                        let s = score(found, &quick_bars);
                        if s < current_score - 1e-12
                            && let Wiring::Flips(flips) = candidate
                        {
                            (current, current_score) = (flips.clone(), s);
                            improved = true;
                        }
                    }
                }
                if !improved {
                    break;
                }
            }
            if !finals.contains(&current) {
                finals.push(current);
            }
        }
        // Measured again, on other brackets, against the baselines on those same brackets.
        let seed = options.seed + 1;
        let wirings: Vec<Wiring> = finals.iter().cloned().map(Wiring::Flips).collect();
        let found = measure(&wirings, options.brackets, seed);
        let bars = bars(options.brackets, seed);
        let beaten = |(rates, always): &(Vec<f64>, u64)| {
            *always > 0 || rates.iter().zip(&bars).any(|(rate, bar)| rate > bar)
        };
        let pattern = |flips: &[usize]| -> String {
            flips
                .iter()
                .enumerate()
                .map(|(i, f)| format!("\"{:0w$b}\"", f, w = k - (i + 2)))
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

fn rounded(rates: &[f64]) -> Vec<String> {
    rates.iter().map(|r| format!("{r:.4}")).collect()
}
