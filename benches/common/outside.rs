//! Reading the servers from outside: `oha` (an open-loop HTTP generator, `cargo install oha
//! --locked`) run beside the bench's own generator against the same servers and keys, and the
//! servers' own `/metrics`, read before and after a run, for where a request's time went.
//!
//! `oha` takes one set of headers per process, so a run over several keys is one process per key,
//! started together, each at its share of the rate and of its server's connections. Percentiles
//! of separate processes cannot be merged exactly: the rows give the median of their p50s and the
//! range of their p90s and p99s (the run's own lies within it, each process having an equal
//! share).

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Whether `oha` is on the PATH.
pub fn oha_available() -> bool {
    Command::new("oha")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// One `oha` process's share of a run: where it sends, with which key.
pub struct Share {
    pub url: String,
    pub key: Option<String>,
    /// Connections it may open (its server's `-c` over its server's processes).
    pub connections: usize,
}

/// What the processes of one run measured, in ms.
pub struct OhaReport {
    pub processes: usize,
    pub answered_per_s: f64,
    pub p50: Vec<f64>,
    pub p90: Vec<f64>,
    pub p99: Vec<f64>,
    pub p999: Vec<f64>,
    pub non_2xx: u64,
    pub errors: u64,
}

impl OhaReport {
    pub const HEADER: &str = "| offered/s | against | answered/s | p50 (median of processes) | p90 | p99 | p99.9 | non-2xx / errors |\n\
        | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |";

    pub fn row(&self, offered: f64, against: &str) -> String {
        format!(
            "| {offered:.0} | {against} ({} processes) | {:.0} | {:.2} ms | {} | **{}** | {} | {} / {} |",
            self.processes,
            self.answered_per_s,
            median(&self.p50),
            range(&self.p90),
            range(&self.p99),
            range(&self.p999),
            self.non_2xx,
            self.errors,
        )
    }
}

/// Runs one `oha` per share at once, for `seconds`, at `rate` requests/s in all (shared
/// equally), open loop with latency counted from each request's due time
/// (`--latency-correction`).
pub fn oha(shares: &[Share], rate: f64, seconds: u64) -> OhaReport {
    let each = rate / shares.len() as f64;
    let children: Vec<_> = shares
        .iter()
        .map(|share| {
            let mut command = Command::new("oha");
            command
                .args([
                    "--no-tui",
                    "--output-format",
                    "json",
                    "--latency-correction",
                ])
                .args(["-z", &format!("{seconds}s")])
                .args(["-q", &format!("{each}")])
                .args(["-c", &share.connections.max(1).to_string()]);
            if let Some(key) = &share.key {
                command.args(["-H", &format!("Authorization: Bearer {key}")]);
            }
            command
                .arg(&share.url)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("start oha")
        })
        .collect();
    let mut report = OhaReport {
        processes: shares.len(),
        answered_per_s: 0.0,
        p50: Vec::new(),
        p90: Vec::new(),
        p99: Vec::new(),
        p999: Vec::new(),
        non_2xx: 0,
        errors: 0,
    };
    for child in children {
        let output = child.wait_with_output().expect("oha ran");
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
            panic!(
                "oha's output is not JSON ({e}): {}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
        let ms = |name: &str| {
            json["latencyPercentiles"][name]
                .as_f64()
                .unwrap_or(f64::NAN)
                * 1e3
        };
        report.p50.push(ms("p50"));
        report.p90.push(ms("p90"));
        report.p99.push(ms("p99"));
        report.p999.push(ms("p99.9"));
        report.answered_per_s += json["summary"]["requestsPerSec"].as_f64().unwrap_or(0.0);
        if let Some(statuses) = json["statusCodeDistribution"].as_object() {
            for (status, count) in statuses {
                if !status.starts_with('2') {
                    report.non_2xx += count.as_u64().unwrap_or(0);
                }
            }
        }
        if let Some(errors) = json["errorDistribution"].as_object() {
            report.errors += errors.values().filter_map(|n| n.as_u64()).sum::<u64>();
        }
    }
    report
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN)
}

fn range(values: &[f64]) -> String {
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(0.0, f64::max);
    if (high - low).abs() < 0.005 {
        format!("{high:.2} ms")
    } else {
        format!("{low:.2}–{high:.2} ms")
    }
}

/// A server's `/metrics` as read once: each sample's value by its name and labels.
#[derive(Default, Clone)]
pub struct Scrape(BTreeMap<String, f64>);

impl Scrape {
    /// Reads `base`'s `/metrics`.
    pub fn of(base: &str) -> Scrape {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let text = runtime.block_on(async {
            let client = reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .expect("client");
            client
                .get(format!("{base}/metrics"))
                .send()
                .await
                .expect("metrics answered")
                .text()
                .await
                .expect("metrics read")
        });
        Scrape(
            text.lines()
                .filter(|line| !line.starts_with('#'))
                .filter_map(|line| line.rsplit_once(' '))
                .filter_map(|(name, value)| Some((name.to_owned(), value.parse().ok()?)))
                .collect(),
        )
    }

    /// What changed from `before` to `self`.
    pub fn since(&self, before: &Scrape) -> Scrape {
        Scrape(
            self.0
                .iter()
                .map(|(name, value)| {
                    (
                        name.clone(),
                        value - before.0.get(name).copied().unwrap_or(0.0),
                    )
                })
                .collect(),
        )
    }

    /// The sum of two servers' changes.
    pub fn plus(&self, other: &Scrape) -> Scrape {
        let mut sum = self.0.clone();
        for (name, value) in &other.0 {
            *sum.entry(name.clone()).or_default() += value;
        }
        Scrape(sum)
    }

    /// One sample's value (0 when absent).
    pub fn get(&self, sample: &str) -> f64 {
        self.0.get(sample).copied().unwrap_or(0.0)
    }

    /// A histogram's count, mean and (interpolated within its bucket) median, in ms, for the
    /// series `name{labels}`.
    pub fn histogram(&self, name: &str, labels: &str) -> Option<(f64, f64, f64)> {
        let braces = |extra: &str| match (labels.is_empty(), extra.is_empty()) {
            (true, true) => String::new(),
            (true, false) => format!("{{{extra}}}"),
            (false, true) => format!("{{{labels}}}"),
            (false, false) => format!("{{{labels},{extra}}}"),
        };
        let count = self.get(&format!("{name}_count{}", braces("")));
        if count < 1.0 {
            return None;
        }
        let sum = self.get(&format!("{name}_sum{}", braces("")));
        let mut buckets: Vec<(f64, f64)> = self
            .0
            .iter()
            .filter_map(|(sample, value)| {
                let rest = sample.strip_prefix(&format!("{name}_bucket{{"))?;
                let rest = if labels.is_empty() {
                    rest
                } else {
                    rest.strip_prefix(&format!("{labels},"))?
                };
                let bound = rest.strip_prefix("le=\"")?.strip_suffix("\"}")?;
                let bound = if bound == "+Inf" {
                    f64::INFINITY
                } else {
                    bound.parse().ok()?
                };
                Some((bound, *value))
            })
            .collect();
        buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
        let half = count / 2.0;
        let (mut low, mut below) = (0.0, 0.0);
        let mut median = f64::NAN;
        for (bound, cumulative) in buckets {
            if cumulative >= half {
                let within = (half - below) / (cumulative - below).max(1.0);
                let high = if bound.is_finite() { bound } else { low * 2.0 };
                median = low + within * (high - low);
                break;
            }
            (low, below) = (bound, cumulative);
        }
        Some((count, sum / count * 1e3, median * 1e3))
    }
}
