//! Rematches before the losers final, by wiring: plays many random double eliminations per field
//! size under two result models and prints, for tourney's drop-in orders and the peers', the share
//! of brackets with a rematch before the losers final and the expected number of rematches.
//!
//!     cargo run --release --example rematches                 # the figures in docs/engine.md
//!     cargo run --release --example rematches -- --every      # every field from 4 to 256
//!     cargo run --release --example rematches -- --search     # how tourney's table was chosen
//!
//! Options: `--brackets N` (per size and model, default 200000), `--seed S` (default 2026).
//! Every wiring plays the same brackets (common random numbers), so the differences between
//! columns are differences of wiring, not of luck.

use std::process::ExitCode;

use tourney::domain::formats::drop_ins::Wiring;
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
        brackets: 200_000,
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

/// The smallest rate among the required baselines.
fn best_baseline(wirings: &[Wiring], figures: &[Figures]) -> f64 {
    wirings
        .iter()
        .zip(figures)
        .filter(|(w, _)| is_required_baseline(w))
        .map(|(_, f)| f.rate())
        .fold(f64::INFINITY, f64::min)
}

/// The figures tables: one per model, a row per field size.
fn figures(options: &Options) -> bool {
    let wirings = wirings();
    let mut ok = true;
    println!(
        "{} brackets per size and model, seed {}; each cell: rate of brackets with a rematch \
         before the losers final / expected rematches per bracket.\n",
        options.brackets, options.seed
    );
    for model in [Model::BetterSeedAlways, Model::CoinFlips, Model::Favourites] {
        println!("### {}\n", model.name());
        let names: Vec<&str> = wirings.iter().map(Wiring::name).collect();
        println!("| players | {} |", names.join(" | "));
        println!("| ---: |{}", " ---: |".repeat(names.len()));
        for &players in SIZES {
            let found = compare(players, &wirings, model, options.brackets, options.seed);
            let cells: Vec<String> = found
                .iter()
                .map(|f| {
                    if model == Model::BetterSeedAlways {
                        f.rematches.to_string()
                    } else {
                        format!("{:.3} / {:.3}", f.rate(), f.expected())
                    }
                })
                .collect();
            let best = best_baseline(&wirings, &found);
            let mark = if players <= 256 && found[0].rate() > best {
                ok = false;
                " **above the best baseline**"
            } else {
                ""
            };
            println!("| {players} | {} |{mark}", cells.join(" | "));
        }
        println!();
    }
    ok
}

/// Every field size from 4 to 256, both models: tourney against the best required baseline.
fn every(options: &Options) -> bool {
    let wirings = wirings();
    let mut ok = true;
    let mut closest = (f64::INFINITY, 0, "");
    for players in 4..=256 {
        for model in MODELS {
            let found = compare(players, &wirings, model, options.brackets, options.seed);
            let margin = best_baseline(&wirings, &found) - found[0].rate();
            if margin < closest.0 {
                closest = (margin, players, model.name());
            }
            if margin < 0.0 {
                ok = false;
                println!(
                    "{players} players, {}: tourney {:.4}, best baseline {:.4}",
                    model.name(),
                    found[0].rate(),
                    found[0].rate() + margin
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
        "every field from 4 to 256, {} brackets each, seed {}: {}; smallest margin {:.4} ({} players, {})",
        options.brackets,
        options.seed,
        if ok {
            "tourney is never above the best baseline"
        } else {
            "see above"
        },
        closest.0,
        closest.1,
        closest.2
    );
    ok
}

/// How tourney's table was chosen. For each bracket size, candidates are flip patterns per
/// winners round (the family holding every peer's order); the objective is the sum of the rates
/// under both models at a full field and at three quarters of one (byes), plus a heavy penalty
/// for any rate above the best required baseline's. Coordinate descent (one round's pattern at a
/// time, every pattern tried) starts from every peer's wiring and from the rule, on `brackets / 10`
/// brackets; the winner is then measured again on other brackets (seed + 1).
fn search(options: &Options) -> bool {
    let brackets = (options.brackets / 10).max(1);
    for k in 3..=8usize {
        let size = 1usize << k;
        let fields = [size, size * 3 / 4];
        let flips_of = |wiring: &Wiring| -> Vec<usize> {
            (2..k)
                .map(|round| wiring.drop_in(size, round).flips)
                .collect()
        };
        let baselines = [
            Wiring::BracketsManager,
            Wiring::Reverse,
            Wiring::ReverseThenNatural,
        ];
        // Rates of the best baseline per (field, model), on the search's brackets.
        let measure = |candidates: &[Wiring], seed: u64| -> Vec<Vec<f64>> {
            let mut rates = vec![Vec::new(); candidates.len()];
            for &players in &fields {
                let plans: Vec<Plan> = candidates.iter().map(|w| Plan::new(players, w)).collect();
                for model in MODELS {
                    for (i, f) in compare_plans(&plans, model, brackets, seed)
                        .iter()
                        .enumerate()
                    {
                        rates[i].push(f.rate());
                    }
                }
            }
            rates
        };
        let bars: Vec<f64> = {
            let rates = measure(&baselines, options.seed);
            (0..rates[0].len())
                .map(|j| rates.iter().map(|r| r[j]).fold(f64::INFINITY, f64::min))
                .collect()
        };
        // With the better seed always winning, any rematch at all is penalised.
        let always = |wiring: &Wiring| -> u64 {
            fields
                .iter()
                .map(|&players| {
                    compare(
                        players,
                        std::slice::from_ref(wiring),
                        Model::BetterSeedAlways,
                        1,
                        0,
                    )[0]
                    .rematches
                })
                .sum()
        };
        let score = |rates: &[f64], wiring: &Wiring| -> f64 {
            let above: f64 = rates
                .iter()
                .zip(&bars)
                .map(|(rate, bar)| rate + 10.0 * (rate - bar).max(0.0))
                .sum();
            above + 10.0 * always(wiring) as f64
        };
        let mut starts: Vec<Vec<usize>> = baselines.iter().map(flips_of).collect();
        starts.push(flips_of(&Wiring::Challonge));
        starts.push(flips_of(&Wiring::Tourney));
        let mut best: Option<(f64, Vec<usize>)> = None;
        for start in starts {
            let mut current = start;
            let start_wiring = Wiring::Flips(current.clone());
            let mut current_score = score(
                &measure(&[start_wiring.clone()], options.seed)[0],
                &start_wiring,
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
                    let rates = measure(&candidates, options.seed);
                    for (candidate, rates) in candidates.iter().zip(&rates) {
                        let s = score(rates, candidate);
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
            if best.as_ref().is_none_or(|(s, _)| current_score < *s) {
                best = Some((current_score, current));
            }
        }
        if let Some((s, flips)) = best {
            let row: Vec<String> = flips
                .iter()
                .enumerate()
                .map(|(i, f)| format!("\"{:0w$b}\"", f, w = k - (i + 2)))
                .collect();
            let again = measure(
                &[Wiring::Flips(flips.clone()), Wiring::Tourney],
                options.seed + 1,
            );
            println!(
                "({size}, &[{}]), // score {s:.4}; measured again: {:?}; the table's: {:?}",
                row.join(", "),
                again[0]
                    .iter()
                    .map(|r| format!("{r:.4}"))
                    .collect::<Vec<_>>(),
                again[1]
                    .iter()
                    .map(|r| format!("{r:.4}"))
                    .collect::<Vec<_>>()
            );
        }
    }
    true
}
