//! Durations counted into histograms for `/metrics`: what requests took, and what each stage of
//! an API request took (the gate, the rate-limit lane's wait and batches, the ledger's
//! statements, the answer), so that an operator, and the bench, can read where a request's time
//! goes on a running server.
//!
//! Recording is two atomic additions: it never locks, allocates or waits. Never decides
//! anything, and never holds anything but counts.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Bounds for whole requests, in seconds.
pub const REQUEST_BOUNDS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// Bounds for a request's stages, in seconds: finer, since most take well under a millisecond.
pub const STAGE_BOUNDS: &[f64] = &[
    0.000_025, 0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.1, 1.0,
];

/// A Prometheus histogram of durations: one counter per bucket (a duration bumps the first whose
/// bound it is within, or the last, above every bound) and the sum; cumulative counts are added
/// up when rendered.
pub struct Histogram {
    bounds: &'static [f64],
    slots: Box<[AtomicU64]>,
    sum_nanos: AtomicU64,
}

impl Histogram {
    pub fn new(bounds: &'static [f64]) -> Histogram {
        Histogram {
            bounds,
            slots: (0..=bounds.len()).map(|_| AtomicU64::new(0)).collect(),
            sum_nanos: AtomicU64::new(0),
        }
    }

    pub fn record(&self, elapsed: Duration) {
        let seconds = elapsed.as_secs_f64();
        let first = self
            .bounds
            .iter()
            .position(|bound| seconds <= *bound)
            .unwrap_or(self.bounds.len());
        self.slots[first].fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        self.sum_nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    /// How many durations were recorded.
    pub fn count(&self) -> u64 {
        self.slots
            .iter()
            .map(|slot| slot.load(Ordering::Relaxed))
            .sum()
    }

    /// Writes the histogram's `_bucket`, `_sum` and `_count` lines as `name{labels,le=…}`
    /// (`labels` without braces, empty for none); nothing when nothing was recorded.
    pub fn render(&self, out: &mut String, name: &str, labels: &str) {
        let slots: Vec<u64> = self
            .slots
            .iter()
            .map(|slot| slot.load(Ordering::Relaxed))
            .collect();
        let count: u64 = slots.iter().sum();
        if count == 0 {
            return;
        }
        let comma = if labels.is_empty() { "" } else { "," };
        let braces = if labels.is_empty() {
            String::new()
        } else {
            format!("{{{labels}}}")
        };
        let mut below = 0;
        for (bound, slot) in self.bounds.iter().zip(&slots) {
            below += slot;
            let _ = writeln!(
                out,
                "{name}_bucket{{{labels}{comma}le=\"{bound}\"}} {below}"
            );
        }
        let _ = writeln!(out, "{name}_bucket{{{labels}{comma}le=\"+Inf\"}} {count}");
        let sum = self.sum_nanos.load(Ordering::Relaxed) as f64 / 1e9;
        let _ = writeln!(out, "{name}_sum{braces} {sum}");
        let _ = writeln!(out, "{name}_count{braces} {count}");
    }
}

/// Writes a histogram family's `# HELP` and `# TYPE` lines.
pub fn header(out: &mut String, name: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} histogram");
}

/// Writes a histogram family whose series differ by one label: its header, then each series as
/// `name{label="value"}`.
pub fn family(
    out: &mut String,
    name: &str,
    help: &str,
    label: &str,
    series: &[(&str, &Histogram)],
) {
    header(out, name, help);
    for (value, histogram) in series {
        histogram.render(out, name, &format!("{label}=\"{value}\""));
    }
}

/// Writes a counter with its `# HELP` and `# TYPE` lines.
pub fn counter(out: &mut String, name: &str, help: &str, value: u64) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} counter");
    let _ = writeln!(out, "{name} {value}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_fall_in_their_buckets_and_render_cumulatively() {
        let histogram = Histogram::new(STAGE_BOUNDS);
        histogram.record(Duration::from_micros(20));
        histogram.record(Duration::from_micros(300));
        histogram.record(Duration::from_micros(300));
        histogram.record(Duration::from_secs(3));
        let mut out = String::new();
        histogram.render(&mut out, "t", "stage=\"admit\"");
        assert!(
            out.contains("t_bucket{stage=\"admit\",le=\"0.000025\"} 1\n"),
            "{out}"
        );
        assert!(
            out.contains("t_bucket{stage=\"admit\",le=\"0.00025\"} 1\n"),
            "{out}"
        );
        assert!(
            out.contains("t_bucket{stage=\"admit\",le=\"0.0005\"} 3\n"),
            "{out}"
        );
        assert!(
            out.contains("t_bucket{stage=\"admit\",le=\"1\"} 3\n"),
            "{out}"
        );
        assert!(
            out.contains("t_bucket{stage=\"admit\",le=\"+Inf\"} 4\n"),
            "{out}"
        );
        assert!(out.contains("t_sum{stage=\"admit\"} 3.00062\n"), "{out}");
        assert!(out.contains("t_count{stage=\"admit\"} 4\n"), "{out}");
    }

    #[test]
    fn nothing_recorded_renders_nothing_and_no_labels_render_bare() {
        let histogram = Histogram::new(REQUEST_BOUNDS);
        let mut out = String::new();
        histogram.render(&mut out, "t", "");
        assert!(out.is_empty());
        histogram.record(Duration::from_millis(1));
        histogram.render(&mut out, "t", "");
        assert!(out.contains("t_bucket{le=\"0.001\"} 1\n"), "{out}");
        assert!(out.contains("t_count 1\n"), "{out}");
    }
}
