//! Request metrics in the Prometheus text format: requests by route and status, a latency
//! histogram per route, and the number of rate-limited requests. Counting never blocks a request
//! for long: one short lock for the status counters, atomics for the rest.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// What a request asked for, as the metrics label it: a fixed set, so that arbitrary paths never
/// become label values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    Organization,
    Tournaments,
    Tournament,
    Matches,
    Standings,
    Stations,
    OpenApi,
    Healthz,
    Readyz,
    Metrics,
    Widgets,
    /// Live pages' event streams (counted when the stream is answered, not when it ends).
    Live,
    /// The portal's pages and forms.
    Portal,
    /// Anything else, unknown API paths included.
    Other,
}

impl Route {
    const ALL: [Route; 14] = [
        Route::Organization,
        Route::Tournaments,
        Route::Tournament,
        Route::Matches,
        Route::Standings,
        Route::Stations,
        Route::OpenApi,
        Route::Healthz,
        Route::Readyz,
        Route::Metrics,
        Route::Widgets,
        Route::Live,
        Route::Portal,
        Route::Other,
    ];

    pub const fn label(self) -> &'static str {
        match self {
            Route::Organization => "organization",
            Route::Tournaments => "tournaments",
            Route::Tournament => "tournament",
            Route::Matches => "matches",
            Route::Standings => "standings",
            Route::Stations => "stations",
            Route::OpenApi => "openapi",
            Route::Healthz => "healthz",
            Route::Readyz => "readyz",
            Route::Metrics => "metrics",
            Route::Widgets => "widgets",
            Route::Live => "live",
            Route::Portal => "portal",
            Route::Other => "other",
        }
    }

    /// The route's place in [`Route::ALL`], where its counters are.
    const fn index(self) -> usize {
        self as usize
    }
}
/// Histogram bucket bounds, in seconds.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// Statuses are counted from 100 to 599, one counter each per route.
const STATUSES: std::ops::Range<u16> = 100..600;

pub struct Metrics {
    /// Per route, per status from 100: requests answered.
    requests: Vec<Vec<AtomicU64>>,
    /// Per route, requests by the first bucket they fall in (the last slot: above every
    /// bound); summed into Prometheus's cumulative buckets when rendered, so that a request
    /// bumps one counter, not one per bucket.
    buckets: Vec<[AtomicU64; BUCKETS.len() + 1]>,
    sum_micros: Vec<AtomicU64>,
    rate_limited: AtomicU64,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics {
            requests: Route::ALL
                .iter()
                .map(|_| STATUSES.map(|_| AtomicU64::new(0)).collect())
                .collect(),
            buckets: Route::ALL
                .iter()
                .map(|_| std::array::from_fn(|_| AtomicU64::new(0)))
                .collect(),
            sum_micros: Route::ALL.iter().map(|_| AtomicU64::new(0)).collect(),
            rate_limited: AtomicU64::new(0),
        }
    }
}

impl Metrics {
    pub fn record(&self, route: Route, status: u16, elapsed: Duration) {
        let route = route.index();
        if let Some(counter) = self.requests[route].get(usize::from(status.wrapping_sub(100))) {
            counter.fetch_add(1, Ordering::Relaxed);
        }
        let seconds = elapsed.as_secs_f64();
        let first = BUCKETS
            .iter()
            .position(|bound| seconds <= *bound)
            .unwrap_or(BUCKETS.len());
        self.buckets[route][first].fetch_add(1, Ordering::Relaxed);
        self.sum_micros[route].fetch_add(elapsed.as_micros() as u64, Ordering::Relaxed);
        if status == 429 {
            self.rate_limited.fetch_add(1, Ordering::Relaxed);
        }
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        out.push_str("# HELP tourney_http_requests_total HTTP requests by route and status.\n");
        out.push_str("# TYPE tourney_http_requests_total counter\n");
        for (route, statuses) in self.requests.iter().enumerate() {
            for (status, counter) in STATUSES.zip(statuses) {
                let count = counter.load(Ordering::Relaxed);
                if count > 0 {
                    let _ = writeln!(
                        out,
                        "tourney_http_requests_total{{route=\"{}\",status=\"{status}\"}} {count}",
                        Route::ALL[route].label()
                    );
                }
            }
        }
        out.push_str("# HELP tourney_http_request_duration_seconds Time to answer a request.\n");
        out.push_str("# TYPE tourney_http_request_duration_seconds histogram\n");
        for (route, name) in Route::ALL.iter().map(|r| r.label()).enumerate() {
            let slots: Vec<u64> = self.buckets[route]
                .iter()
                .map(|slot| slot.load(Ordering::Relaxed))
                .collect();
            let count: u64 = slots.iter().sum();
            if count == 0 {
                continue;
            }
            let mut below = 0;
            for (bound, slot) in BUCKETS.iter().zip(&slots) {
                below += slot;
                let _ = writeln!(
                    out,
                    "tourney_http_request_duration_seconds_bucket{{route=\"{name}\",le=\"{bound}\"}} {below}"
                );
            }
            let _ = writeln!(
                out,
                "tourney_http_request_duration_seconds_bucket{{route=\"{name}\",le=\"+Inf\"}} {count}"
            );
            let sum = self.sum_micros[route].load(Ordering::Relaxed) as f64 / 1e6;
            let _ = writeln!(
                out,
                "tourney_http_request_duration_seconds_sum{{route=\"{name}\"}} {sum}"
            );
            let _ = writeln!(
                out,
                "tourney_http_request_duration_seconds_count{{route=\"{name}\"}} {count}"
            );
        }
        out.push_str(
            "# HELP tourney_http_rate_limited_total Requests refused by the per-key rate limit.\n",
        );
        out.push_str("# TYPE tourney_http_rate_limited_total counter\n");
        let _ = writeln!(
            out,
            "tourney_http_rate_limited_total {}",
            self.rate_limited.load(Ordering::Relaxed)
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_has_its_own_counters() {
        for (index, route) in Route::ALL.iter().enumerate() {
            assert_eq!(route.index(), index, "{route:?}");
        }
    }

    #[test]
    fn renders_counters_and_histograms() {
        let metrics = Metrics::default();
        metrics.record(Route::Tournaments, 200, Duration::from_micros(700));
        metrics.record(Route::Tournaments, 429, Duration::from_micros(100));
        metrics.record(Route::Tournaments, 503, Duration::from_secs(3));
        let text = metrics.render();
        assert!(
            text.contains(
                "tourney_http_request_duration_seconds_bucket{route=\"tournaments\",le=\"2.5\"} 2\n"
            ),
            "{text}"
        );
        assert!(text.contains("tourney_http_request_duration_seconds_bucket{route=\"tournaments\",le=\"+Inf\"} 3\n"), "{text}");
        assert!(
            text.contains("tourney_http_requests_total{route=\"tournaments\",status=\"200\"} 1\n"),
            "{text}"
        );
        assert!(text.contains("tourney_http_request_duration_seconds_bucket{route=\"tournaments\",le=\"0.0005\"} 1\n"), "{text}");
        assert!(text.contains("tourney_http_request_duration_seconds_bucket{route=\"tournaments\",le=\"0.001\"} 2\n"), "{text}");
        assert!(
            text.contains("tourney_http_request_duration_seconds_count{route=\"tournaments\"} 3\n"),
            "{text}"
        );
        assert!(
            text.contains("tourney_http_rate_limited_total 1\n"),
            "{text}"
        );
        assert!(
            !text.contains("route=\"organization\""),
            "routes with no requests are left out"
        );
    }
}
